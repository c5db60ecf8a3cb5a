"""Work the Salem table does ahead, between moves, so the frame right after a move stays
short (issue 12: frame p99 under 8 ms at 12 seats and 1920x1080).

* The other phase's seat panels: by day every seat's panel as it would look at Night
  (and at Night as it would look by day), and that phase's background-and-seats layer,
  so the move that brings Night or the morning finds them ready instead of redrawing
  twelve panels in one frame (:meth:`AheadPanel.prepare_other_phase`).
* First drawings: every Salem card face at each size the table has drawn cards at, the
  seat markers' icons at the seats' header sizes, the fonts the table's texts use —
  each is drawn once and cached, so no move pays for the first time a card shows up.

The work runs in small slices in frames that have nothing new to draw (the shared
:class:`~game.ui.scenes.table.ahead.DrawAhead`, whose hooks this panel fills in).
Mixed into :class:`~game.ui.scenes.salem.table.SalemTableScene`.
"""
from __future__ import annotations

from typing import Callable, Iterator

import pygame

from game.ui import theme
from game.ui.icons import get_icon
from game.ui.scenes.table.ahead import DrawAhead
from game.ui.scenes.table.common import translucent_fill
#: the seat markers (icon, tint) a seat's header may show (SeatsPanel.seat_markers)
MARKERS = (("trophy", theme.TEXT_MUTED), ("witch", (200, 120, 220)), ("gavel", theme.SALEM_CONSTABLE),
           ("wait", theme.SUCCESS))


class AheadPanel(DrawAhead):
    """Draws ahead between moves (see the module docstring)."""

    # -- the other phase
    def prepare_other_phase(self) -> bool:
        """Draw one seat's panel as it would look in the other phase (Night by day, day
        at Night) for the view on screen now; once all are drawn, put them on that
        phase's layer. False once there is nothing left to do."""
        if not self.rects or not self.view.get("seats") or self.view.get("over") or not self.size[0]:
            return False
        night = not self.is_night()
        self._night_as = night
        saved = (self.seat_rects, self.tryal_rects, self.front_rects)
        self.seat_rects, self.tryal_rects, self.front_rects = {}, {}, {}
        try:
            for seat in range(self.players):
                zone = self.seat_zone(seat)
                if zone is None:
                    continue
                own = seat == self.shown_seat()
                key = self.seat_key(seat, zone, own)
                hit = self._seat_cache.get((seat, night))
                if hit is None or hit[0] != key:
                    self.seat_picture_kept(seat, zone, own, key, night)
                    return True  # one panel per call: each call stays short
            layers = self.__dict__.setdefault("_seat_layers", {})
            if (self.size, night) not in layers:
                self.seat_layer(self.size)
                return True
            self.put_seats(*layers[(self.size, night)])  # every picture is ready: blits only
            return False
        finally:
            self._night_as = None
            self.seat_rects, self.tryal_rects, self.front_rects = saved

    work_ahead = prepare_other_phase

    # -- first drawings (game.ui.scenes.table.ahead.DrawAhead's hooks)
    def ahead_card_ids(self) -> list[str]:
        from game.ui.card_art import all_card_ids

        return [c for c in all_card_ids("salem") if not c.startswith("char-")]

    def ahead_hand_ids(self) -> list[str]:
        return [c for c in self.ahead_card_ids() if not c.startswith("tryal-")]

    def ahead_back_ids(self) -> list[str]:
        """Face-down Tryal cards show their face where they lie when revealed."""
        return [c for c in self.ahead_card_ids() if c.startswith("tryal-")]

    def extra_drawings(self) -> Iterator[Callable[[], object]]:
        """The prompt's and the banner's fills (day and Night), the seat markers' icons at
        the seats' header sizes."""
        if self.rects.get("center") and self.rects.get("banner"):
            box, banner = self.prompt_rect(), pygame.Rect(self.rects["banner"])
            for colour in (theme.PANEL, theme.NIGHT_SKY):
                yield lambda colour=colour: translucent_fill(box.size, colour, 246, 12)
                yield lambda colour=colour: translucent_fill(banner.size, colour, 220, 10)
        heads = set()
        for seat in range(self.players):
            zone = self.seat_zone(seat)
            if zone is not None:
                heads.add(max(16, min(28, zone.h // 7)))
        for head in sorted(heads):
            for name, tint in MARKERS:
                yield lambda head=head, name=name, tint=tint: get_icon(name, head, tint)

    # -- when
    def update(self, dt: float) -> None:
        if self.seats_left() and self._static_key is not None:
            self._static_key = None  # the panels the last frame had no time for (put_seats)
            self.dirty = True  # (no work ahead in this frame: it redraws)
        super().update(dt)

    def next_wake(self) -> float | None:
        if self.seats_left():
            return 0.0
        return super().next_wake()
