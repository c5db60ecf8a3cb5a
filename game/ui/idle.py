"""Sleeping until there is something to do (an idle app costs nothing).

pygame-ce's ``event.wait(timeout)`` is a loop that looks at the queue every millisecond
(about 3% of a core measured under X11), so while the app is idle it waits in SDL's own
``SDL_WaitEventTimeout`` instead: with a real video driver SDL blocks in the system
(X11: ``select`` on the display connection; Windows and macOS: their message waits),
and an event posted from another thread (the LAN client's wake-up) ends the wait.
SDL is reached through ``ctypes`` in the very library pygame loaded (found in the
process's own memory map, or beside pygame), checked to be the initialised instance.

Where that is not possible (the ``dummy`` and ``offscreen`` drivers of tests, or SDL
not found) it falls back to looking at the queue every ``POLL_S`` seconds.
"""

from __future__ import annotations

import ctypes
import logging
import sys
import time
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

#: the fallback's look at the queue when SDL cannot be reached on a real display: a
#: click waits at most this long, which nobody can see
POLL_S = 0.012
#: the dummy and offscreen drivers (tests, the smoke run, benchmarks) have nobody to react to
HEADLESS_POLL_S = 0.05
#: even with nothing due the loop looks around this often: a net under a missed wake-up,
#: at a cost that cannot be measured (one wake in ten seconds)
LONGEST_SLEEP_S = 10.0
SDL_INIT_VIDEO = 0x20


def _loaded_sdl_paths() -> list[str]:
    """Candidate files of the SDL2 library pygame uses, the most certain first."""
    paths: list[str] = []
    maps = Path("/proc/self/maps")
    if maps.exists():  # Linux: the library actually mapped into this process
        try:
            for line in maps.read_text().splitlines():
                name = line.rsplit(" ", 1)[-1]
                if "libSDL2" in Path(name).name and name not in paths and "SDL2_" not in Path(name).name:
                    paths.append(name)
        except OSError:
            pass
    base = Path(pygame.__file__).resolve().parent
    for folder in (base, base / ".dylibs", base.parent / "pygame_ce.libs", base.parent / "pygame.libs"):
        for pattern in ("SDL2.dll", "libSDL2-2.0*.dylib", "libSDL2*.so*"):
            for found in sorted(folder.glob(pattern)):
                if "SDL2_" not in found.name and str(found) not in paths:
                    paths.append(str(found))
    return paths


class EventWaiter:
    """``wait(timeout)``: return as soon as an event is queued, or after ``timeout``
    seconds (None = only for an event). The events stay in the queue for pygame."""

    def __init__(self) -> None:
        self._sdl = None
        self._looked = False
        self.poll_s = POLL_S

    def _find(self):
        self._looked = True
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            self.poll_s = HEADLESS_POLL_S
            return None  # SDL itself polls there: our own gentle poll is cheaper
        for path in _loaded_sdl_paths():
            try:
                lib = ctypes.CDLL(path)
                lib.SDL_WaitEventTimeout.argtypes = [ctypes.c_void_p, ctypes.c_int]
                lib.SDL_WaitEventTimeout.restype = ctypes.c_int
                lib.SDL_WasInit.argtypes = [ctypes.c_uint32]
                lib.SDL_WasInit.restype = ctypes.c_uint32
                if lib.SDL_WasInit(SDL_INIT_VIDEO):  # the instance pygame initialised
                    log.debug("idle waits in %s", path)
                    return lib
            except (OSError, AttributeError) as exc:
                log.debug("no SDL wait through %s (%s)", path, exc)
        log.info("SDL_WaitEventTimeout not reachable on %s; idling by polling", sys.platform)
        return None

    @property
    def blocking(self) -> bool:
        """True when waits block in SDL (no polling at all)."""
        if not self._looked:
            self._sdl = self._find()
        return self._sdl is not None

    def wait(self, timeout: float | None) -> list:
        raw = pygame.event.get()
        if raw or (timeout is not None and timeout <= 0):
            return raw
        timeout = LONGEST_SLEEP_S if timeout is None else min(timeout, LONGEST_SLEEP_S)
        if self.blocking:
            # ctypes lets go of the GIL: the network and autosave threads run meanwhile
            self._sdl.SDL_WaitEventTimeout(None, max(1, int(timeout * 1000 + 0.999)))
            return pygame.event.get()
        end = time.perf_counter() + timeout
        while True:
            left = end - time.perf_counter()
            if left <= 0:
                return []
            time.sleep(min(self.poll_s, left))
            raw = pygame.event.get()
            if raw:
                return raw
