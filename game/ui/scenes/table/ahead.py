"""Drawing ahead: the first drawings a table will need (a card face at a size it was
never drawn at, a font loaded, an icon) are made in small slices while nothing else
happens, so the frame right after a move does not pay for them (issue 12: frame p99
under 8 ms; the first frame of a new deal or a game's end drew a dozen faces at once).

The work runs in slices of about :data:`SLICE` seconds in frames with nothing new to
draw (a card's flight, a bot's pause), and while some is left the table asks the idle
loop to wake it every :data:`WAKE` seconds; then it sleeps again. Only caches change:
what is shown is always keyed by everything it shows (DESIGN D6).

A table mixes :class:`DrawAhead` in before :class:`~game.ui.scenes.table_base.TableScene`
and may say more through its hooks: :meth:`DrawAhead.ahead_card_ids` (the faces worth
drawing), :meth:`DrawAhead.ahead_hand_ids` (those that come into a hand, drawn at the
hand's size first), :meth:`DrawAhead.ahead_back_ids` (face-down cards that turn over
where they lie, drawn at the sizes backs were drawn at), :meth:`DrawAhead.extra_drawings`
(anything else) and :meth:`DrawAhead.work_ahead` (work of its own, before the rest).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pygame

from game.ui.fonts import get_font

#: seconds of work done ahead in one frame, at most (a steady frame takes about 1 ms)
SLICE = 0.002
#: seconds between the idle loop's wake-ups while work ahead remains
WAKE = 0.05
#: the font sizes the tables use (px), each in its four faces
FONT_SIZES = range(11, 31)
#: the characters the tables' words are made of: measured once per font ahead, so each
#: glyph is loaded before a move needs it (a font's first measurement of a sentence costs
#: ~0.4 ms, later ones a sixth of that)
GLYPHS = "".join(chr(c) for c in range(32, 127)) + "\u2014\u2013\u2026\u2019\u00b7\u2192\u25bc"


class DrawAhead:
    """Draws ahead between moves (see the module docstring)."""

    # -- hooks
    def ahead_card_ids(self) -> list[str]:
        """The card faces worth drawing ahead at every size the table draws faces at."""
        from game.ui.card_art import all_card_ids

        return list(all_card_ids(self.game))

    def ahead_hand_ids(self) -> list[str]:
        """The faces that come into a hand: drawn first at the hand's size and the size
        cards fly at (half of it)."""
        return self.ahead_card_ids()

    def ahead_back_ids(self) -> list[str]:
        """Face-down cards that turn over where they lie: drawn at every size the table
        has drawn card backs at."""
        return []

    def extra_drawings(self) -> Iterator[Callable[[], object]]:
        """Anything else worth drawing ahead (icons, fills), as calls."""
        return iter(())

    def work_ahead(self) -> bool:
        """A table's own work ahead, one short step per call, done before the first
        drawings; False when there is none left."""
        return False

    # -- first drawings
    def first_drawings(self) -> Iterator[Callable[[], object]]:
        """Each thing drawn for the first time somewhere in a game, as a call that draws
        it into its cache: fonts and their glyphs, the hooks' extras, then faces (the hand's size first —
        a drawn card's face is the costliest first drawing — then every size seen)."""
        for size in FONT_SIZES:
            for bold, title in ((False, False), (True, False), (True, True), (False, True)):
                yield lambda size=size, bold=bold, title=title: get_font(size, bold=bold, title=title).size(GLYPHS)
        yield from self.extra_drawings()
        game = self.game
        face = getattr(self.art, "face_ahead", self.art.face)  # into the cache, not for the screen
        hand = tuple(self.card_size())
        done: set[tuple[int, int]] = {hand, (hand[0] // 2, hand[1] // 2)}
        for size in (hand, (hand[0] // 2, hand[1] // 2)):
            for card in self.ahead_hand_ids():
                yield lambda card=card, size=size: face(game, card, size)
        ids, turning = self.ahead_card_ids(), self.ahead_back_ids()
        while True:
            sizes = self.face_sizes() - done
            backs = (self.back_sizes() - done - sizes) if turning else set()
            if not sizes and not backs:
                return
            for size in sorted(sizes, key=lambda z: -z[0] * z[1]):
                done.add(size)
                for card in ids:
                    yield lambda card=card, size=size: face(game, card, size)
            for size in sorted(backs, key=lambda z: -z[0] * z[1]):
                done.add(size)
                for card in turning:
                    yield lambda card=card, size=size: face(game, card, size)

    def face_sizes(self) -> set[tuple[int, int]]:
        """The sizes the table has drawn this game's card faces at so far (the art's cache)."""
        faces = getattr(self.art, "_faces", None)
        if not isinstance(faces, dict):
            return set()
        return {key[-1] for key in faces if isinstance(key, tuple) and key and key[0] == self.game}

    def back_sizes(self) -> set[tuple[int, int]]:
        """The sizes the table has drawn this game's card backs at so far."""
        other = getattr(self.art, "_other", None)
        if not isinstance(other, dict):
            return set()
        return {key[2] for key in other if isinstance(key, tuple) and len(key) == 3 and key[:2] == ("back", self.game)}

    def sizes_seen(self) -> tuple[int, int]:
        """How many face and back sizes the table has drawn cards at (new ones: draw ahead)."""
        return len(self.face_sizes()), len(self.back_sizes())

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
        """Work ahead remains (the idle loop is asked to wake the table for it)."""
        return self.__dict__.get("_work_due") == self._seen or self.__dict__.get("_first_left", True)

    def quiet_frame(self) -> bool:
        """Nothing new to draw in this frame: the static part is current, nothing dirty."""
        return (
            self._static_key is not None
            and self._static_key[0] == self._seen
            and not self.dirty
            and pygame.display.get_surface() is not None
        )

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.quiet_frame():
            return
        start = time.perf_counter()
        if self.__dict__.get("_work_due", self._seen) == self._seen and not self.work_ahead():
            self._work_due = None  # the table's own work is done until the view changes
            if not self.__dict__.get("_first_left", True) and self.sizes_seen() != self._sizes_drawn:
                self._first_left = True  # cards were drawn at a new size: draw the others at it
        left = SLICE - (time.perf_counter() - start)
        if left > 0 and self.__dict__.get("_first_left", True):
            self._first_left = self.draw_first_drawings(left)

    def draw(self, surface: pygame.Surface) -> None:
        if self._static_key is None or self._static_key[0] != self._seen:
            self._work_due = self._seen  # the view changed: the table's own work may be due
        super().draw(surface)

    def next_wake(self) -> float | None:
        wake = super().next_wake()
        if self.ahead_left():
            wake = WAKE if wake is None else min(wake, WAKE)
        return wake

    def on_layout(self) -> None:
        super().on_layout()
        self._first_drawings, self._first_left = None, True  # a new size: new first drawings
