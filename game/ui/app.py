"""The application object and its main loop (DESIGN D6).

Loop (STYLE: pygame-ce examples): events -> update -> draw -> flip -> tick. While no
visible scene is animating, the loop sleeps in ``pygame.event.wait`` (waking every
``IDLE_WAKE_MS`` for background tasks such as bot timers or the network), and redraws
only when a scene is dirty: an idle table costs almost no CPU.

``App`` is passed to every scene (no global session object). Background work that must
run whatever scene is on top (network polling, bot turns) registers with ``add_task``.
"""
from __future__ import annotations

import logging
import time
from collections import deque
from typing import Callable

import pygame

from game.ui import input as uinput
from game.ui.input import InputEvent
from game.ui.scene import Scene, SceneManager

log = logging.getLogger(__name__)

FPS = 60
IDLE_WAKE_MS = 100
MIN_SIZE = (960, 600)
DEFAULT_SIZE = (1280, 720)
TITLE = "Witchhunt Table"


class App:
    """Owns the window, the scene stack, the clock and background tasks."""

    def __init__(self, size: tuple[int, int] | None = None, fullscreen: bool = False) -> None:
        pygame.init()
        try:
            pygame.mixer.init()
        except pygame.error:  # no audio device: play silently
            log.info("no audio device; sound is off")
        pygame.display.set_caption(TITLE)
        self.windowed_size = tuple(size or DEFAULT_SIZE)
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        if fullscreen:
            self.toggle_fullscreen()
        pygame.key.set_repeat(400, 40)
        self.scenes = SceneManager()
        self.clock = pygame.time.Clock()
        self.running = False
        self.tasks: list[Callable[[float], None]] = []
        #: draw time of recent frames in seconds (for the render benchmark and the F3 overlay)
        self.frame_times: deque[float] = deque(maxlen=600)
        self.frames_drawn = 0
        self._last = time.perf_counter()

    # ------------------------------------------------------------------ window ----
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        else:
            self.windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.fullscreen = not self.fullscreen
        self._resized(self.screen.get_size())

    def _resized(self, size: tuple[int, int]) -> None:
        w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
        if (w, h) != tuple(size) and not self.fullscreen:
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        else:
            self.screen = pygame.display.get_surface()
        for scene in self.scenes.stack:
            scene.resized(self.screen.get_size())

    # ------------------------------------------------------------------- tasks ----
    def add_task(self, task: Callable[[float], None]) -> None:
        """``task(dt)`` runs every frame (and every idle wake-up) until removed."""
        self.tasks.append(task)

    def remove_task(self, task: Callable[[float], None]) -> None:
        if task in self.tasks:
            self.tasks.remove(task)

    # -------------------------------------------------------------------- loop ----
    def quit(self) -> None:
        self.running = False

    def run(self, first: Scene) -> int:
        """Run until quit. Returns the process exit code."""
        self.scenes.reset(first)
        self.running = True
        while self.running and self.scenes.top is not None:
            self.frame()
        while self.scenes.top is not None:
            self.scenes.pop()
        pygame.quit()
        return 0

    def animating(self) -> bool:
        return any(s.animating for s in self.scenes.visible())

    def frame(self, wait: bool = True) -> None:
        """One pass of the loop. With ``wait`` the app sleeps while idle."""
        moving = self.animating()
        if wait and not moving:
            first = pygame.event.wait(IDLE_WAKE_MS)
            raw = [first] if first.type != pygame.NOEVENT else []
            raw += pygame.event.get()
        else:
            raw = pygame.event.get()
        now = time.perf_counter()
        dt = min(now - self._last, 0.25)
        self._last = now
        for event in raw:
            ie = uinput.translate(event)
            if ie is not None:
                self.dispatch(ie)
        for task in list(self.tasks):
            task(dt)
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        self.draw()
        if moving or self.animating():
            self.clock.tick(FPS)

    def dispatch(self, event: InputEvent) -> None:
        """Global keys and window events first, then the top scene."""
        if event.kind == uinput.QUIT:
            self.quit()
            return
        if event.kind == uinput.RESIZE:
            self._resized(event.size)
            return
        if event.kind == uinput.FOCUS:
            for scene in self.scenes.visible():
                scene.dirty = True
            return
        if event.kind == uinput.KEY and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        top = self.scenes.top
        if top is not None:
            top.handle(event)

    def draw(self, force: bool = False) -> bool:
        """Redraw when a visible scene is dirty or animating. Returns True if it drew."""
        visible = self.scenes.visible()
        if not visible:
            return False
        if not (force or any(s.dirty or s.animating for s in visible)):
            return False
        started = time.perf_counter()
        for scene in visible:
            scene.draw(self.screen)
            scene.dirty = False
        pygame.display.flip()
        self.frame_times.append(time.perf_counter() - started)
        self.frames_drawn += 1
        return True

    def screenshot(self, path: str) -> None:
        self.draw(force=True)
        pygame.image.save(self.screen, path)
