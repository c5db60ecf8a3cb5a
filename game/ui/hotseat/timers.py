"""The hot-seat session's clocks: the seats' turn clocks and simple pauses.

* :class:`TurnClocks` — the timed game's clock per seat (the option ``timer_s``; the
engine's ``timer_key`` / ``timeout_command``, DESIGN D2 "Timers"). A seat's clock runs
only while the session lets it (its own private view on screen, the table on top), keeps
what is left while it does not run, and starts afresh when the seat's timer key changes
(a new turn, window, trial choice). Time counts only between two ticks that both ran
the same clock, so a wait behind the curtain never costs anyone a second.
* :class:`Pause` — seconds gone since something started: a bot's pause before its move.
* :class:`EndPause` — the short look at the final position before the game-over screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


class TurnClocks:
    """seat -> [its timer key, seconds left]; see the module docstring."""

    def __init__(self) -> None:
        self.clocks: dict[int, list] = {}
        #: the seat whose clock ran at the last tick (None: none ran)
        self.ticking: int | None = None

    def left(self, seat: int, key: Any, full: float) -> float:
        """Seconds left on ``seat``'s clock for ``key`` (all of them when it has not started)."""
        clock = self.clocks.get(seat)
        if clock is None or clock[0] != key:
            return full
        return max(0.0, clock[1])

    def forget_all_but(self, awaited: Iterable[int]) -> None:
        """Seats no longer awaited lose their clocks: their next wait starts afresh."""
        keep = set(awaited)
        for seat in [s for s in self.clocks if s not in keep]:
            del self.clocks[seat]

    def run(self, seat: int, key: Any, full: float, dt: float) -> float:
        """``seat``'s clock runs for ``dt`` seconds (a fresh clock when the key changed);
        returns the seconds left (<= 0: time is up)."""
        clock = self.clocks.get(seat)
        if clock is None or clock[0] != key:
            clock = self.clocks[seat] = [key, full]
        elif self.ticking == seat:
            clock[1] -= dt  # time passes only between two ticks that both ran this clock
        self.ticking = seat
        return clock[1]

    def tick(
        self, match: Any, seat_now: Callable[[], int | None], dt: float, time_out: Callable[[int], object]
    ) -> float | None:
        """``dt`` seconds went by: the clock of ``seat_now()`` (None: no clock may run)
        counts down; at zero ``time_out(seat)`` applies the rules' timeout command, again
        while the same seat is awaited for the same thing. Returns the seconds until the
        running clock runs out, or None when no clock runs."""
        self.forget_all_but(match.to_act())
        seat = seat_now()
        if seat is None:
            self.pause()
            return None
        key = match.timer_key(seat)
        left = self.run(seat, key, float(match.timer_seconds() or 0.0), dt)
        for _ in range(64):
            if left > 0 or seat_now() != seat or match.timer_key(seat) != key:
                break
            time_out(seat)
            left = self.clocks[seat][1] if seat in self.clocks else 0.0
        seat = seat_now()
        if seat is None or seat not in self.clocks:
            return None
        return max(0.0, self.clocks[seat][1])

    def pause(self) -> None:
        """No clock runs at this tick (curtain, hold, a menu over the table …)."""
        self.ticking = None

    def drop(self, seat: int) -> None:
        self.clocks.pop(seat, None)


class Pause:
    """Seconds gone since :meth:`reset` (or since it started counting)."""

    def __init__(self) -> None:
        self.gone = 0.0

    def add(self, dt: float) -> float:
        self.gone += dt
        return self.gone

    def reset(self) -> None:
        self.gone = 0.0

    def left(self, length: float) -> float:
        """Seconds until ``length`` has gone by (0 when it has)."""
        return max(0.0, length - self.gone)


class EndPause:
    """The short look at the final position before the game-over screen: it starts when
    the match is over (:meth:`start`, again harmless) and fires once, ``length`` seconds later."""

    def __init__(self) -> None:
        self.clock: Pause | None = None
        self.done = False

    def start(self) -> None:
        if self.clock is None:
            self.clock = Pause()

    def tick(self, dt: float, length: float) -> bool:
        """True exactly once: when ``length`` seconds have gone by since the start."""
        if self.clock is None or self.done:
            return False
        if self.clock.add(dt) >= length:
            self.done = True
            return True
        return False

    def due(self, length: float) -> float | None:
        """Seconds until it fires (None: not started, or fired already)."""
        if self.clock is None or self.done:
            return None
        return self.clock.left(length)
