"""The app's clock for frame benchmarks: the loop's 60 fps pacing (``clock.tick`` sleeps
out the rest of 1/60 s while something animates) is not drawing, so it is timed apart
and left out of a frame's time."""

from __future__ import annotations

import time


class PaceClock:
    """Wraps ``app.clock``: ``paced`` adds up the seconds its ``tick`` slept; with
    ``pacing`` False it does not sleep at all (frames timed for their work only)."""

    def __init__(self, clock) -> None:
        self.clock = clock
        self.paced = 0.0
        self.pacing = True

    def tick(self, *args):
        if not self.pacing:
            return 0
        t = time.perf_counter()
        try:
            return self.clock.tick(*args)
        finally:
            self.paced += time.perf_counter() - t

    def __getattr__(self, name):
        return getattr(self.clock, name)
