"""The application object and its main loop (DESIGN D6).

Loop (STYLE: pygame-ce examples): events -> update -> draw -> flip -> tick. While no
visible scene is animating, the loop sleeps until the next input event or until
something is due, and redraws only when a scene is dirty (an idle menu or table costs
well under 0.3% of a core). What is due comes from

* the background tasks: ``task(dt)`` may return the seconds until it needs to run again
  (a bot's pause, the drawn-cards hold, a game-over pause), None when only an event or
  another task can give it work (the LAN client posts an event when a message arrives);
* the visible scenes' ``next_wake()`` (a hover zoom about to open, a list to refresh);
* the sound module, which closes the audio device once it has been silent a while (an
  open device alone costs ~0.3% of a core) and opens it again for the next sound.

The sleep itself is SDL's (``game.ui.idle``): no polling timer while nothing animates.

``App`` is passed to every scene (no global session object). Background work that must
run whatever scene is on top (network polling, bot turns) registers with ``add_task``.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.paths import assets_dir, user_data_dir
from game.ui import input as uinput
from game.ui import sound
from game.ui.display import DESKTOP_ENV, desktop_size  # noqa: F401 (DESKTOP_ENV: re-exported)
from game.ui.idle import EventWaiter
from game.ui.input import InputEvent
from game.ui.scene import Scene, SceneManager
from game.ui.scenes import shared as _shared_scenes  # noqa: F401 (importing it registers the shared scenes)
from game.ui.scenes.lan import client_session, start_hosted_lobby
from game.ui.scenes.settings import apply_volume
from game.ui.session import HotseatSession, open_table
from game.ui.settings import MIN_WINDOW, Settings, fits, fitting_size, read_settings, save_settings
from game.ui.widgets import Toast

if TYPE_CHECKING:
    from game.net.client import Client
    from game.net.host import Host

log = logging.getLogger(__name__)

FPS = 60
#: timers (bots, holds) count real time, but one frame's worth of animation is capped
MAX_ANIMATION_STEP = 0.25
MIN_SIZE = MIN_WINDOW
DEFAULT_SIZE = (1280, 720)
TITLE = "Witchhunt Table"
#: the window class / app id desktops group windows by; build/witchhunt.desktop says
#: StartupWMClass=witchhunt (without it X11 shows the script's name, "__main__.py")
APP_ID = "witchhunt"
#: seconds the start-up notice stays before it fades
NOTICE_SECONDS = 9.0
#: the longest list of problems the notice spells out (four lines at the notice's size)
NOTICE_DETAIL_CHARS = 240


def _name_the_app() -> None:
    """Tell SDL the app's name before the window opens (X11 WM_CLASS, Wayland app id,
    the audio client name). ``import pygame`` sets the X11 class to the script's name
    when it is unset; that default is replaced, a value the user chose is kept."""
    script = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    for var in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME"):
        if os.environ.get(var) in (None, "", script):
            os.environ[var] = APP_ID


class App:
    """Owns the window, the scene stack, the clock and background tasks."""

    def __init__(self, size: tuple[int, int] | None = None, fullscreen: bool = False) -> None:
        _name_the_app()
        # not pygame.init(): that opens the audio device, whose thread costs CPU even in
        # silence; game.ui.sound opens it for the first sound and closes it when quiet
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(TITLE)
        _set_window_icon()
        # everything a resize or a mode change reaches exists before the window opens
        self.scenes = SceneManager(self)
        self.clock = pygame.time.Clock()
        self.running = False
        self.tasks: list[Callable[[float], float | None]] = []
        self.waiter = EventWaiter()
        #: draw time of recent frames in seconds (for the render benchmark and the F3 overlay)
        self.frame_times: deque[float] = deque(maxlen=600)
        self.frames_drawn = 0
        self._last = time.perf_counter()
        self._task_due: float | None = None
        #: what the window could not honour of the asked size and mode (for the start-up notice)
        self.startup_problems: list[str] = []
        #: a notice over every scene (the start-up notice), see :meth:`show_notice`
        self.notice = Toast(font_size=20, at_top=True)
        self.fullscreen = False
        #: the saved settings (make_app attaches them; None: an App of a test or a tool)
        self.settings: Settings | None = None
        self._window_pos: tuple[int, int] | None = None
        self.windowed_size = self._open_window(size, say=not fullscreen)
        if fullscreen:
            try:
                self.toggle_fullscreen()
            except pygame.error as exc:  # no full-screen mode on this display: stay windowed
                log.warning("full screen could not be opened: %s", exc)
                self.startup_problems.append("full screen could not be opened here (a window is used)")
                self.fullscreen = False
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        pygame.key.set_repeat(400, 40)

    def _open_window(self, size: tuple[int, int] | None, say: bool = True) -> tuple[int, int]:
        """Open the window at ``size`` (the default when None) where it fits the desktop;
        a saved size from a bigger screen opens at one that fits this one (the saved one
        is kept for that screen). With ``say``, a chosen size that does not fit is noted
        for the start-up notice (the default size is fitted silently). Returns the
        windowed size."""
        asked = tuple(size or DEFAULT_SIZE)
        desktop = desktop_size()
        fitted = fitting_size(asked, desktop)
        if fitted != asked and say and asked != DEFAULT_SIZE:
            self.startup_problems.append(
                f"the window {asked[0]} × {asked[1]} does not fit this screen (it opens at {fitted[0]} × {fitted[1]})"
            )
        try:
            self.screen = pygame.display.set_mode(fitted, pygame.RESIZABLE)
        except pygame.error as exc:
            if fitted == fitting_size(DEFAULT_SIZE, desktop):
                raise
            log.warning("a %s window could not be opened: %s", fitted, exc)
            self.startup_problems.append(f"a {fitted[0]} × {fitted[1]} window could not be opened")
            fitted = fitting_size(DEFAULT_SIZE, desktop)
            self.screen = pygame.display.set_mode(fitted, pygame.RESIZABLE)
        return fitted

    def show_notice(self, text: str, seconds: float = NOTICE_SECONDS) -> None:
        """A notice drawn over whatever scene is on top (the curtain too) for ``seconds``,
        then fading: what the player must hear once, e.g. settings that could not be used."""
        self.notice.show(text, "error", seconds=seconds)
        for scene in self.scenes.visible():
            scene.dirty = True

    # ------------------------------------------------------------------ window ----
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            if self._window_pos is not None:  # back where the window was before
                _set_window_position(self._window_pos)
        else:
            self.windowed_size = self.screen.get_size()
            self._window_pos = _window_position()
            if _on_first_display(self._window_pos):
                # an X server without a window manager (a kiosk, Xvfb) sizes a full-screen
                # window to the screen where the window stands, so the table ran off its
                # edges; a window manager places a full-screen window itself and ignores this
                _set_window_position((0, 0))
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.fullscreen = not self.fullscreen
        self._resized(self.screen.get_size())

    def _remember_fullscreen(self) -> None:
        """F11 changes the setting Settings shows as "Full screen (F11)": it is saved, so the
        next start opens the same way and the Settings box says what the screen does (it
        said Off in full screen). An App made without settings (tests, tools) saves none."""
        settings = self.settings
        if settings is None or settings.fullscreen == self.fullscreen:
            return
        self.settings = settings.with_(fullscreen=self.fullscreen)
        if not save_settings(self.settings):
            log.warning("full screen could not be remembered (the settings folder is not writable)")

    def set_window_size(self, size: tuple[int, int]) -> bool:
        """Resize the window to ``size`` where it stands (under a window manager a new
        mode moves the window down by its title bar unless it is put back). True when the window
        now has exactly that size and it fits the desktop; False leaves the window at a
        size that fits. In full screen only the windowed size is remembered."""
        size = (int(size[0]), int(size[1]))
        desktop = desktop_size()
        if not fits(size, desktop):
            return False
        if self.fullscreen:
            self.windowed_size = size
            return True
        where = _kept_on_screen(_window_position(), size, desktop)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        if where is not None:
            _set_window_position(where)
        got = self.screen.get_size()
        if tuple(got) != size or not fits(got, desktop):  # the window manager had its own idea
            self.windowed_size = fitting_size(got, desktop)
            if tuple(got) != self.windowed_size:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
                if where is not None:
                    _set_window_position(where)
            self._resized(self.screen.get_size())
            return False
        self.windowed_size = size
        self._resized(size)
        return True

    def _resized(self, size: tuple[int, int]) -> None:
        w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
        if (w, h) != tuple(size) and not self.fullscreen:
            where = _window_position()
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            if where is not None:
                _set_window_position(where)
        else:
            self.screen = pygame.display.get_surface()
        for scene in self.scenes.stack:
            scene.resized(self.screen.get_size())

    # ------------------------------------------------------------------- tasks ----
    def add_task(self, task: Callable[[float], float | None]) -> None:
        """``task(dt)`` runs every frame until removed; ``dt`` is the real time since the
        last frame. It returns the seconds until it must run again without any event
        (a timer of its own), or None: while idle, the app sleeps until the earliest."""
        self.tasks.append(task)

    def remove_task(self, task: Callable[[float], float | None]) -> None:
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
        return self.notice.showing or any(s.animating for s in self.scenes.visible())

    def frame(self, wait: bool = True) -> None:
        """One pass of the loop. With ``wait`` the app sleeps while idle: until an input
        event, or until the earliest time a task or a visible scene said it is due."""
        moving = self.animating()
        if wait and not moving:
            raw = self.waiter.wait(self.idle_timeout())
        else:
            raw = pygame.event.get()
        now = time.perf_counter()
        elapsed = max(0.0, now - self._last)
        dt = min(elapsed, MAX_ANIMATION_STEP)
        self._last = now
        for event in raw:
            ie = uinput.translate(event)
            if ie is not None:
                self.dispatch(ie)
        due: list[float] = []
        for task in list(self.tasks):
            left = task(elapsed)
            if isinstance(left, (int, float)):
                due.append(now + max(0.0, float(left)))
        quiet = sound.SOUNDS.close_when_quiet()
        if quiet is not None:
            due.append(now + quiet)
        self._task_due = min(due) if due else None
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        if self.notice.showing:
            self.notice.update(dt)
            if not self.notice.showing:  # faded out: the scenes below draw it away
                for scene in self.scenes.visible():
                    scene.dirty = True
        self.draw()
        if moving or self.animating():
            self.clock.tick(FPS)

    def idle_timeout(self) -> float | None:
        """Seconds the loop may sleep now (None: until an event): the earliest of the
        tasks' own timers (as of the last frame) and the visible scenes' ``next_wake``."""
        now = time.perf_counter()
        due = self._task_due
        for scene in self.scenes.visible():
            wake = scene.next_wake()
            if wake is not None:
                due = now + wake if due is None else min(due, now + wake)
        return None if due is None else max(0.0, due - now)

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
        if event.is_action(uinput.FULLSCREEN):
            self.toggle_fullscreen()
            self._remember_fullscreen()
            return
        top = self.scenes.top
        if top is not None:
            top.handle(event)

    def draw(self, force: bool = False) -> bool:
        """Redraw when a visible scene is dirty or animating. Returns True if it drew."""
        visible = self.scenes.visible()
        if not visible:
            return False
        if not (force or self.notice.showing or any(s.dirty or s.animating for s in visible)):
            return False
        started = time.perf_counter()
        for scene in visible:
            scene.draw(self.screen)
            scene.dirty = False
        self.notice.draw(self.screen)
        pygame.display.flip()
        self.frame_times.append(time.perf_counter() - started)
        self.frames_drawn += 1
        return True

    def screenshot(self, path: str) -> None:
        self.draw(force=True)
        pygame.image.save(self.screen, path)


# ------------------------------------------------------------------ entry points ----
# Called by game.cli with plain, checked values: ``witchhunt`` (run_app), ``witchhunt
# play`` (run_play), ``witchhunt host`` (run_host_ui) and ``witchhunt join``
# (open_lan_client); this module never imports the CLI (``witchhunt smoke`` is
# game.ui.smoke, which drives an app of its own). No traceback ever reaches the user: an unexpected error is logged to a file in
# the user data folder and the app goes back to the main menu (every move is
# autosaved, so Continue picks the game up again).

LOG_FILE = "witchhunt.log"
#: more unexpected errors than this within ERROR_WINDOW seconds end the app
MAX_ERRORS = 3
ERROR_WINDOW = 10.0


def log_path():
    return user_data_dir() / LOG_FILE


def _log_to_file() -> str:
    """Send log records (warnings and up, plus errors with tracebacks) to the log file."""
    path = log_path()
    root = logging.getLogger()
    if not any(
        isinstance(h, logging.FileHandler) and getattr(h, "baseFilename", "") == str(path) for h in root.handlers
    ):
        try:
            handler = logging.FileHandler(path, encoding="utf-8")
        except OSError:
            return str(path)
        handler.setLevel(logging.INFO)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root.addHandler(handler)
        if root.level > logging.INFO or root.level == logging.NOTSET:
            root.setLevel(logging.INFO)
    return str(path)


def make_app(settings=None) -> App:
    """An App sized by the saved settings, with ``app.settings`` attached. Read from the
    settings file (``settings`` None), whatever it holds: what cannot be used falls back
    to its default, and the player is told once (a notice on screen and one log line)."""
    problems: list[str] = []
    if settings is None:
        settings, problems = read_settings()
    app = App(settings.window_size, fullscreen=settings.fullscreen)
    app.settings = settings
    apply_volume(settings.volume)
    if problems or app.startup_problems:
        log.warning("start-up: %s", "; ".join(problems + app.startup_problems))
        app.show_notice(startup_notice(problems, app.startup_problems))
    return app


def startup_notice(file_problems: list[str], window_problems: list[str] = ()) -> str:  # type: ignore[assignment]
    """The one notice telling the player what of their settings could not be used:
    ``file_problems`` (values the settings file holds that were replaced by defaults)
    and ``window_problems`` (what this screen could not give)."""
    said = "; ".join([*file_problems, *window_problems])
    if len(said) > NOTICE_DETAIL_CHARS:  # the log has every detail; the screen keeps it short
        said = f"{len(file_problems) + len(window_problems)} values (details are in {log_path()})"
    text = f"Your settings could not all be used: {said}."
    if file_problems:
        text += " Defaults stand in; changing a setting saves a good file."
    return text


#: ``WITCHHUNT_QUIT_AFTER_FRAMES=N``: run N frames without waiting for input, log what is on
#: screen ("start-up check: …") and quit with exit code 0 — a check that the app starts
#: (tests start the real app this way; so can a packaging check)
QUIT_AFTER_ENV = "WITCHHUNT_QUIT_AFTER_FRAMES"


def _quit_after_frames() -> int | None:
    text = os.environ.get(QUIT_AFTER_ENV, "").strip()
    if not text:
        return None
    try:
        return max(1, int(text))
    except ValueError:
        log.warning("%s=%r is not a number of frames; ignored", QUIT_AFTER_ENV, text)
        return None


def _log_startup_check(app: App, frames: int) -> None:
    top = app.scenes.top
    notice = app.notice.text if app.notice.showing else ""
    log.info(
        "start-up check: %d frames, window %d x %d, %s, scene %s, notice: %s",
        frames,
        *app.size,
        "full screen" if app.fullscreen else "windowed",
        type(top).__name__ if top else "none",
        repr(notice) if notice else "none",
    )


def run_guarded(app: App, first: Scene | str | None) -> int:
    """``app.run`` that survives a scene's bug: log it, go back to the main menu, say so.
    ``first`` (a scene or a scene's name) starts the stack; None runs the stack as it is.
    Returns the exit code (1 when errors keep coming)."""
    if first is not None:
        app.scenes.reset(first)
    app.running = True
    errors: deque[float] = deque(maxlen=MAX_ERRORS)
    code = 0
    quit_after = _quit_after_frames()
    frames = 0
    while app.running and app.scenes.top is not None:
        try:
            app.frame(wait=quit_after is None)
            frames += 1
            if quit_after is not None and frames >= quit_after:
                _log_startup_check(app, frames)
                app.quit()
        except Exception:
            log.exception("unexpected error in the desktop table")
            now = time.perf_counter()
            errors.append(now)
            if len(errors) == MAX_ERRORS and now - errors[0] < ERROR_WINDOW:
                code = 1
                break
            try:
                for task in list(app.tasks):
                    app.remove_task(task)
                menu = app.scenes.reset("menu")
                menu.say(
                    f"Something went wrong, sorry. The game was saved: use Continue. Details are in {log_path()}",
                    "error",
                )
            except Exception:
                log.exception("cannot return to the main menu")
                code = 1
                break
    try:
        while app.scenes.top is not None:
            app.scenes.pop()
    except Exception:
        log.exception("error while closing scenes")
    pygame.quit()
    return code


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return 1


def run_app() -> int:
    """``witchhunt``: the main menu."""
    path = _log_to_file()
    try:
        app = make_app()
        code = run_guarded(app, "menu")
    except Exception as exc:
        log.exception("the app stopped")
        return _fail(f"Witchhunt Table stopped: {exc}. Details are in {path}")
    if code:
        return _fail(f"Witchhunt Table stopped after repeated errors. Details are in {path}")
    return 0


def run_play(
    game: str,
    names: list[str],
    bots: list[int],
    seed: int,
    options: dict | None = None,
    bot_levels: dict[int, str] | None = None,
) -> int:
    """``witchhunt play``: straight to a hot-seat table (the entry layer, game.cli, has
    checked every value: a known game with a table, names, bot seats and their levels,
    game options such as the timer)."""
    path = _log_to_file()
    try:
        app = make_app()
        session = HotseatSession.new(app, game, names, bots, seed, options=options, bot_levels=bot_levels)
        open_table(app, session, base="menu")
        code = run_guarded(app, None)
    except Exception as exc:
        log.exception("the app stopped")
        return _fail(f"Witchhunt Table stopped: {exc}. Details are in {path}")
    if code:
        return _fail(f"Witchhunt Table stopped after repeated errors. Details are in {path}")
    return 0


def run_host_ui(args: Any, host: Host) -> int | None:
    """``witchhunt host GAME --players N --name Ann``: start ``host`` (made from the command
    line, with seat 0 reserved for Ann) and open its lobby. None when no window can open;
    ``OSError`` when the port cannot be listened on (the entry layer says so in one line)."""
    try:
        app = make_app()
    except Exception as exc:
        log.info("no window for the host (%s); using the text client", exc)
        return None
    host.start()
    app.scenes.reset("menu")
    lobby = start_hosted_lobby(app, host, args.name)
    try:
        return run_guarded(app, None)
    finally:
        lobby.session.close()


def open_lan_client(args: Any, client: Client) -> int | None:
    """``witchhunt join``: the desktop lobby for an already connected ``client``.
    Returns None (the caller then uses the text client) when no window can open."""
    try:
        app = make_app()
    except Exception as exc:  # no display: let the caller fall back to the terminal
        log.info("no window for the LAN client (%s); using the text client", exc)
        return None
    session = client_session(app, client, getattr(args, "profile", None))
    app.scenes.reset("menu")
    app.scenes.push("lobby", session=session)
    try:
        return run_guarded(app, None)
    finally:
        session.close()


def _window_position() -> tuple[int, int] | None:
    try:
        return tuple(pygame.display.get_window_position())
    except (pygame.error, AttributeError):
        return None


def _on_first_display(pos: tuple[int, int] | None) -> bool:
    """Whether a window at ``pos`` stands on the first display (at the desktop's origin;
    a window on another monitor goes full screen there, where it stands)."""
    desktop = desktop_size()
    return pos is not None and desktop is not None and 0 <= pos[0] < desktop[0] and 0 <= pos[1] < desktop[1]


def _kept_on_screen(
    pos: tuple[int, int] | None, size: tuple[int, int], desktop: tuple[int, int] | None
) -> tuple[int, int] | None:
    """Where a window of ``size`` standing at ``pos`` on the first display goes so that
    all of it stays on that display (a bigger window from Settings moves up and left
    rather than run off the screen's edge); elsewhere, where it stands."""
    if pos is None or desktop is None or not _on_first_display(pos):
        return pos
    return (max(0, min(pos[0], desktop[0] - size[0])), max(0, min(pos[1], desktop[1] - size[1])))


def _set_window_position(pos: tuple[int, int]) -> None:
    try:
        pygame.display.set_window_position(pos)
    except (pygame.error, AttributeError):
        pass


def _set_window_icon() -> None:
    """The window and taskbar icon (must be set before the window opens)."""
    try:
        pygame.display.set_icon(pygame.image.load(str(assets_dir() / "icons" / "app-64.png")))
    except (pygame.error, OSError, FileNotFoundError) as exc:
        log.info("no window icon (%s)", exc)
