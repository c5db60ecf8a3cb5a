"""The sounds of new log events."""
from __future__ import annotations


class SoundPanel:
    """The sounds of new log events. Mixed into :class:`~game.ui.scenes.table_base.TableScene`."""

    def play_sound(self, name: str) -> None:
        from game.ui import sound

        sound.play(name)

    def sound_new_events(self) -> None:
        """Sounds for the log events that arrived since the last look: never for the
        history a table opens on; a chime when the curtain lifts for a human seat.

        The log only grows, so for the same seat the new events are its tail. Another
        seat's log is redacted differently (other length), so across a change of seat the
        tail starts after the newest event both logs share (the same event objects)."""
        from game.ui import sound

        seat, events = self.source.screen_seat, self.log_events
        mark, self._sound_mark = getattr(self, "_sound_mark", None), (seat, events)
        if mark is None:
            return
        old_seat, old_events = mark
        if seat == old_seat:
            fresh = events[len(old_events):]
        else:
            where = {id(e): i for i, e in enumerate(events)}
            start = next((where[id(e)] + 1 for e in reversed(old_events[-50:]) if id(e) in where), len(events))
            fresh = events[start:]
        names = sound.sounds_for_events(self.game, fresh, seat)
        if seat != old_seat and seat is not None and self.source.is_human(seat) and "chime" not in names:
            names = (names + ["chime"])[-sound.MAX_PER_BATCH:]
        for name in names:
            self.play_sound(name)

    #: the connection pill (LanSession.status, game.net.client's statuses): label, dot colour
    CONNECTION_LABELS = {
        "connecting": ("Connecting…", (240, 170, 50)),
        "connected": ("Connected", (96, 200, 104)),
        "reconnecting": ("Reconnecting…", (240, 170, 50)),
        "lost": ("Connection lost", (222, 64, 50)),
        "closed": ("Disconnected", (222, 64, 50)),
    }
