"""A timed game's clocks at the host (a game's option ``timer_s``; docs/PROTOCOL.md §4 "Timers").

One clock per awaited seat that no bot plays. It starts when the seat starts being
awaited, restarts whenever what it is awaited for changes (the engine's ``timer_key``),
and runs on while others answer. When a clock runs out the rules' ``timeout_command``
is applied as that seat, journalled like any command, with a public note
``{"type": "timeout", "seat": s}`` before its events (the host's notes, not the engine's).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.net.host.server import Host

log = logging.getLogger("game.net.host")


class Clocks:
    """The running clocks of one host's table."""

    def __init__(self, host: Host) -> None:
        self.host = host
        #: seat -> (its timer key, the monotonic time its clock runs out)
        self.running: dict[int, tuple[str | None, float]] = {}

    def update(self, now: float) -> None:
        """Start the clock of every seat that became awaited (or is awaited for something
        new: its timer key changed); forget the others. Seats a bot plays have none."""
        match = self.host.match
        seconds = match.timer_seconds() if match is not None and not match.over else None
        if match is None or seconds is None:
            self.running.clear()
            return
        clocks: dict[int, tuple[str | None, float]] = {}
        for seat in match.to_act():
            if self.host.bot_seats.bot_for(seat) is not None:
                continue
            key = match.timer_key(seat)
            old = self.running.get(seat)
            clocks[seat] = old if old is not None and old[0] == key else (key, now + seconds)
        self.running = clocks

    def left(self, now: float | None = None) -> dict[int, float]:
        """Seconds left on each running clock, by seat (public: who is waited for)."""
        now = time.monotonic() if now is None else now
        return {seat: max(0.0, deadline - now) for seat, (_key, deadline) in self.running.items()}

    def message(self) -> dict[str, Any] | None:
        """The update's ``clocks`` field when the game runs a timer: the seconds per
        moment and, for each awaited seat, the seconds left now."""
        match = self.host.match
        seconds = match.timer_seconds() if match is not None else None
        if seconds is None:
            return None
        left = self.left()
        return {"timer_s": seconds, "left": [[seat, round(left[seat], 2)] for seat in sorted(left)]}

    def run_out(self, now: float) -> float:
        """Apply the rules' timeout command for every seat whose clock ran out. Returns
        the seconds until the next clock runs out."""
        host = self.host
        match = host.match
        assert match is not None
        self.update(now)
        applied = 0
        while self.running and applied < 64 and not match.over:
            due = [seat for seat, (_key, deadline) in sorted(self.running.items()) if deadline <= now]
            if not due:
                break
            seat = due[0]
            command = match.timeout_command(seat)
            if command is None:  # the game has nothing to do for it: stop its clock
                del self.running[seat]
                continue
            note_sid = match.state_id + 1
            try:
                match.apply(seat, command)
            except Exception as exc:  # a rules bug must never stop the table
                log.error("timeout command %r for seat %d failed: %s", command, seat, exc)
                del self.running[seat]
                continue
            host.notes.append((note_sid, {"type": "timeout", "seat": seat}))
            log.info("seat %d (%s): time ran out", seat, host.seats[seat].name)
            host.store.append(seat, match.commands[-1][1])
            host.stats["commands"] += 1
            applied += 1
            self.update(now)  # the same key (a second ghost pick): still due
        if applied:
            host.after_change()
        if not self.running:
            return 1.0
        return max(0.0, min(deadline for _key, deadline in self.running.values()) - now) + 0.001
