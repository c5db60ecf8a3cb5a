"""Work the Salem table does ahead, between moves, so the frame right after a move stays
short (issue 12: frame p99 under 8 ms at 12 seats and 1920x1080).

* The other phase's seat panels: by day every seat's panel as it would look at Night
  (and at Night as it would look by day), and that phase's background-and-seats layer,
  so the move that brings Night or the morning finds them ready instead of redrawing
  twelve panels in one frame (:meth:`AheadPanel.prepare_other_phase`).
* First drawings: every Salem card face at each size the table has drawn cards at, the
  seat markers' icons at the seats' header sizes, the fonts the table's texts use —
  each is drawn once and cached, so no move pays for the first time a card shows up.

The work runs in small slices (about :data:`SLICE` seconds) in frames that have nothing
new to draw — the frames of a card's flight, a bot's pause — and while there is some left
the table asks the idle loop to wake it every :data:`WAKE` seconds; then it sleeps again.
Only caches change: what is shown is always keyed by everything it shows (DESIGN D6).
Mixed into :class:`~game.ui.scenes.salem.table.SalemTableScene`.
"""
from __future__ import annotations

import time
from typing import Callable, Iterator

import pygame

from game.ui import theme
from game.ui.fonts import get_font
from game.ui.icons import get_icon

#: seconds of work done ahead in one frame, at most (a steady frame takes about 1 ms)
SLICE = 0.002
#: seconds between the idle loop's wake-ups while work ahead remains
WAKE = 0.05
#: the seat markers (icon, tint) a seat's header may show (SeatsPanel.seat_markers)
MARKERS = (("trophy", theme.TEXT_MUTED), ("witch", (200, 120, 220)), ("gavel", theme.SALEM_CONSTABLE),
           ("wait", theme.SUCCESS))


class AheadPanel:
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

    # -- first drawings
    def first_drawings(self) -> Iterator[Callable[[], object]]:
        """Each thing drawn for the first time somewhere in a game, as a call that draws
        it into its cache (a face at a size it was not drawn at, an icon, a font)."""
        from game.ui.card_art import all_card_ids

        for size in range(11, 31):
            for bold, title in ((False, False), (True, False), (True, True), (False, True)):
                yield lambda size=size, bold=bold, title=title: get_font(size, bold=bold, title=title)
        if self.rects.get("center") and self.rects.get("banner"):
            box, banner = self.prompt_rect(), pygame.Rect(self.rects["banner"])
            for colour in (theme.PANEL, theme.NIGHT_SKY):  # the prompt's and the banner's fills
                yield lambda colour=colour: self.translucent_fill(box.size, colour, 246, 12)
                yield lambda colour=colour: self.translucent_fill(banner.size, colour, 220, 10)
        heads = set()
        for seat in range(self.players):
            zone = self.seat_zone(seat)
            if zone is not None:
                heads.add(max(16, min(28, zone.h // 7)))
        for head in sorted(heads):
            for name, tint in MARKERS:
                yield lambda head=head, name=name, tint=tint: get_icon(name, head, tint)
        ids = [c for c in all_card_ids("salem") if not c.startswith("char-")]
        # the hand's size first (a drawn card's face is the costliest first drawing: the
        # largest), then the size cards fly at, then every size seen so far
        hand = tuple(self.card_size())
        playing = [c for c in ids if not c.startswith("tryal-")]
        done: set[tuple[int, int]] = {hand, (hand[0] // 2, hand[1] // 2)}
        for size in (hand, (hand[0] // 2, hand[1] // 2)):
            for card in playing:
                yield lambda card=card, size=size: self.art.face("salem", card, size)
        tryals = [c for c in ids if c.startswith("tryal-")]
        while True:
            sizes = self.face_sizes() - done
            backs = self.back_sizes() - done - sizes  # face-down Tryal cards show their face when revealed
            if not sizes and not backs:
                return
            for size in sorted(sizes, key=lambda z: -z[0] * z[1]):
                done.add(size)
                for card in ids:
                    yield lambda card=card, size=size: self.art.face("salem", card, size)
            for size in sorted(backs, key=lambda z: -z[0] * z[1]):
                done.add(size)
                for card in tryals:
                    yield lambda card=card, size=size: self.art.face("salem", card, size)

    def face_sizes(self) -> set[tuple[int, int]]:
        """The sizes the table has drawn Salem cards at so far (from the art's cache)."""
        faces = getattr(self.art, "_faces", None)
        if not isinstance(faces, dict):
            return set()
        return {key[-1] for key in faces if isinstance(key, tuple) and key and key[0] == "salem"}

    def sizes_seen(self) -> tuple[int, int]:
        """How many face and back sizes the table has drawn cards at (new ones: draw ahead)."""
        return len(self.face_sizes()), len(self.back_sizes())

    def back_sizes(self) -> set[tuple[int, int]]:
        """The sizes the table has drawn Salem card backs at so far (face-down Tryal rows)."""
        other = getattr(self.art, "_other", None)
        if not isinstance(other, dict):
            return set()
        return {key[2] for key in other
                if isinstance(key, tuple) and len(key) == 3 and key[:2] == ("back", "salem")}

    def draw_first_drawings(self, budget: float) -> bool:
        """Draw ahead for about ``budget`` seconds; False once everything is drawn."""
        work = self.__dict__.get("_first_drawings")
        if work is None:
            work = self._first_drawings = self.first_drawings()
        end = time.perf_counter() + budget
        for step in work:
            step()
            if time.perf_counter() >= end:
                return True
        self._first_drawings, self._sizes_drawn = None, self.sizes_seen()
        return False

    # -- when
    def ahead_left(self) -> bool:
        return self.__dict__.get("_ahead_due") == self._seen or self.__dict__.get("_first_left", True)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.seats_left() and self._static_key is not None:
            self._static_key = None  # the panels the last frame had no time for (put_seats)
            self.dirty = True
            return
        quiet = (self._static_key is not None and self._static_key[0] == self._seen and not self.dirty
                 and pygame.display.get_surface() is not None)
        if not quiet:
            return
        start = time.perf_counter()
        if self.__dict__.get("_ahead_due") == self._seen and not self.prepare_other_phase():
            self._ahead_due = None  # every seat is ready for the other phase
            if not self.__dict__.get("_first_left", True) and self.sizes_seen() != self._sizes_drawn:
                self._first_left = True  # cards were drawn at a new size: draw the others at it
        left = SLICE - (time.perf_counter() - start)
        if left > 0 and self.__dict__.get("_first_left", True):
            self._first_left = self.draw_first_drawings(left)

    def next_wake(self) -> float | None:
        wake = super().next_wake()
        if self.seats_left():
            return 0.0
        if self.ahead_left():
            wake = WAKE if wake is None else min(wake, WAKE)
        return wake

    def on_layout(self) -> None:
        super().on_layout()
        self._first_drawings, self._first_left = None, True  # a new size: new first drawings
