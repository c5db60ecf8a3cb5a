"""Entry point of the packaged app (``installer.spec``): the ``witchhunt`` command, frozen.

It only prepares the process for life as a double-click app, then hands over to
``game.cli.main``:

- A windowed build (Windows, macOS) may start with ``sys.stdout``/``sys.stderr`` set to
  None. On Windows we first try to attach to the console of a parent shell, so that
  ``witchhunt.exe --version`` typed in a terminal still prints; any stream that is still
  missing goes to ``witchhunt-console.log`` in the user's data folder (never inside the
  bundle). The app's own log, ``witchhunt.log``, sits beside it.
- ``multiprocessing.freeze_support()`` so that a frozen child process (should any module
  ever use multiprocessing) runs its task instead of a second copy of the app.
- Two measuring hooks, off unless their environment variable is set (docs/PACKAGING.md):
  ``WITCHHUNT_FIRST_FRAME_EXIT=1`` logs the time to the first drawn frame and exits 0;
  ``WITCHHUNT_SCREENSHOT=path.png`` saves the last frame once the app has drawn nothing
  for ``WITCHHUNT_SCREENSHOT_IDLE`` seconds (default 1.5), then exits 0.
  They wrap ``pygame.display.flip`` from outside, so the app's own code is untouched.
"""

from __future__ import annotations

import logging
import os
import sys
import time

STARTED = time.perf_counter()
LOG_NAME = "witchhunt-console.log"  # not witchhunt.log: the app logs there itself
LOG_KEEP_BYTES = 1_000_000

log = logging.getLogger("witchhunt.launcher")


def _attach_windows_console() -> None:
    """A windowed .exe run from cmd/PowerShell: borrow the parent's console for output."""
    if sys.platform != "win32" or (sys.stdout is not None and sys.stderr is not None):
        return
    try:
        import ctypes

        if not ctypes.windll.kernel32.AttachConsole(-1):  # -1: ATTACH_PARENT_PROCESS
            return  # double-clicked: there is no console, and that is fine
        if sys.stdout is None:
            sys.stdout = open("CONOUT$", "w", encoding="utf-8", errors="replace", buffering=1)  # noqa: SIM115 (the process's stdout)
        if sys.stderr is None:
            sys.stderr = open("CONOUT$", "w", encoding="utf-8", errors="replace", buffering=1)  # noqa: SIM115 (the process's stderr)
    except (OSError, AttributeError):
        pass


def _fill_missing_streams() -> None:
    """Whatever stream is still None writes to the log file in the user's data folder."""
    if sys.stdout is not None and sys.stderr is not None:
        return
    try:
        from game.paths import user_data_dir

        path = user_data_dir() / LOG_NAME
        if path.exists() and path.stat().st_size > LOG_KEEP_BYTES:
            path.unlink()  # a fresh log rather than an ever-growing one
        stream = open(path, "a", encoding="utf-8", errors="replace", buffering=1)  # noqa: SIM115 (stdout for the app's life)
    except OSError:
        stream = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (stdout for the app's life)
    if sys.stdout is None:
        sys.stdout = stream
    if sys.stderr is None:
        sys.stderr = stream


class _FrameWatch:
    """Wraps ``pygame.display.flip``: counts frames, keeps the last one for a screenshot."""

    def __init__(self, first_frame_exit: bool, shot_path: str | None, idle: float) -> None:
        import pygame

        self.pygame = pygame
        self.real_flip = pygame.display.flip
        self.first_frame_exit = first_frame_exit
        self.shot_path = shot_path
        self.idle = idle
        self.frames = 0
        self.last_frame: object = None
        self.timer: object = None

    def flip(self, *args: object, **kwargs: object) -> None:
        import threading

        self.real_flip(*args, **kwargs)
        self.frames += 1
        if self.frames == 1:
            log.info(
                "first frame after %.0f ms in Python (epoch %.3f)",
                (time.perf_counter() - STARTED) * 1000,
                time.time(),
            )
            if self.first_frame_exit and not self.shot_path:
                _flush_and_exit(0)
        if self.shot_path:
            surface = self.pygame.display.get_surface()
            if surface is not None:
                self.last_frame = surface.copy()
            if isinstance(self.timer, threading.Timer):
                self.timer.cancel()
            # Save once the app has been idle (nothing redrawn) for a while: the settled screen.
            self.timer = threading.Timer(self.idle, self.save_and_exit)
            self.timer.daemon = True
            self.timer.start()

    def save_and_exit(self) -> None:
        if self.last_frame is not None:
            self.pygame.image.save(self.last_frame, self.shot_path)
            log.info("screenshot (%d frames drawn, then %.1f s idle): %s", self.frames, self.idle, self.shot_path)
        _flush_and_exit(0)


def _install_measuring_hooks() -> None:
    first_frame_exit = os.environ.get("WITCHHUNT_FIRST_FRAME_EXIT") == "1"
    shot_path = os.environ.get("WITCHHUNT_SCREENSHOT") or None
    if not (first_frame_exit or shot_path):
        return
    watch = _FrameWatch(first_frame_exit, shot_path, float(os.environ.get("WITCHHUNT_SCREENSHOT_IDLE", "1.5")))
    watch.pygame.display.flip = watch.flip


def _flush_and_exit(code: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)  # a measurement run: skip the app's shutdown on purpose


def main() -> int:
    import multiprocessing

    multiprocessing.freeze_support()
    _attach_windows_console()
    _fill_missing_streams()
    _install_measuring_hooks()
    from game.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
