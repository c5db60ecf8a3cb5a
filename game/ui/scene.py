"""Scenes and the scene stack (DESIGN D6; STYLE: Tuxemon's state stack).

A :class:`Scene` draws a view and turns input into engine commands; it keeps no game
state of its own beyond what it needs to draw (the engine is the source of truth).

Lifecycle, all called by :class:`SceneManager` only:
- ``enter()``  when pushed or when it replaces another scene;
- ``pause()``  when another scene is pushed on top of it;
- ``resume()`` when the scene above it is popped;
- ``exit()``   when popped or replaced.
Each frame the manager calls ``handle(event)`` for every input event (top scene only),
then ``update(dt)`` on the top scene, then ``draw(surface)`` from the lowest visible
scene up (a scene with ``opaque = False`` lets the one below show through).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.ui.input import InputEvent

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)


class Scene:
    """Base class. Subclasses override the hooks they need."""

    #: False for overlays (dialogs, zoom): the scene below is drawn first.
    opaque: bool = True

    def __init__(self, app: App) -> None:
        self.app = app
        #: set to True whenever the screen must be redrawn; the app clears it after drawing
        self.dirty = True

    # lifecycle
    def enter(self) -> None:
        self.dirty = True

    def exit(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        self.dirty = True

    # frame
    def handle(self, event: InputEvent) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    @property
    def animating(self) -> bool:
        """True while something moves: the app then runs at 60 fps instead of idling."""
        return False

    def next_wake(self) -> float | None:
        """Seconds until this visible scene must update without any input (a timer of
        its own, e.g. a hover zoom about to open); None = only input changes it. The
        idle app sleeps until the earliest of these (issue 9 item 16)."""
        return None

    def resized(self, size: tuple[int, int]) -> None:
        """The window changed size; recompute layout rects here."""
        self.dirty = True


class SceneManager:
    """A stack of scenes with push / pop / replace / reset."""

    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (the one below is not resumed in between)."""
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Empty the stack (exiting every scene, top first) and start over with ``scene``."""
        while self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def visible(self) -> list[Scene]:
        """Scenes to draw this frame, bottom first: from the topmost opaque scene up."""
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        return self.stack[start:]

    def find(self, kind: type) -> Scene | None:
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None
