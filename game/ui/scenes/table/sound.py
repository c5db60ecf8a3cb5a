"""The sounds of new log events."""

from __future__ import annotations

from game.ui import sound
from game.ui.scenes.table.panel import Panel


class Sounds(Panel):
    """The sounds of new log events: it keeps the seat and log it heard last."""

    def __init__(self, table) -> None:
        super().__init__(table)
        #: (seat, log) as last heard; None before the first look (the history is silent)
        self.mark: tuple | None = None

    def new_events(self) -> None:
        """Sounds for the log events that arrived since the last look: never for the
        history a table opens on; a chime when the curtain lifts for a human seat.

        The log only grows, so for the same seat the new events are its tail. Another
        seat's log is redacted differently (other length), so across a change of seat the
        tail starts after the newest event both logs share (the same event objects)."""
        t = self.table
        seat, events = t.source.screen_seat, t.log_events
        mark, self.mark = self.mark, (seat, events)
        if mark is None:
            return
        old_seat, old_events = mark
        if seat == old_seat:
            fresh = events[len(old_events) :]
        else:
            where = {id(e): i for i, e in enumerate(events)}
            start = next((where[id(e)] + 1 for e in reversed(old_events[-50:]) if id(e) in where), len(events))
            fresh = events[start:]
        names = sound.sounds_for_events(t.game, fresh, seat)
        if seat != old_seat and seat is not None and t.source.is_human(seat) and "chime" not in names:
            names = (names + ["chime"])[-sound.MAX_PER_BATCH :]
        for name in names:
            t.play_sound(name)
