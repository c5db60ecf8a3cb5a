"""Drawing ahead: the first drawings a table will need (a card face at a size it was
never drawn at, a font loaded, an icon) are made in small slices while nothing else
happens, so the frame right after a move does not pay for them (the first frame of a new deal
or a game's end would draw a dozen faces at once).

The work runs in slices of about :data:`SLICE` seconds in frames with nothing new to
draw (a card's flight, a bot's pause), and while some is left the table asks the idle
loop to wake it every :data:`WAKE` seconds; then it sleeps again. Only caches change:
what is shown is always keyed by everything it shows (DESIGN D6).

Every table owns an :class:`Ahead` panel; a table that draws ahead says so
(``AHEAD = True``) and may say
more through its hooks (table methods, each answered by the panel by default):
``ahead_card_ids`` (the faces worth drawing), ``ahead_hand_ids`` (those that come into a
hand, drawn at the hand's size first), ``ahead_back_ids`` (face-down cards that turn
over where they lie, drawn at the sizes backs were drawn at), ``ahead_face_sizes``
(sizes the table will soon draw faces at, never drawn at yet: a row of cards that
shrinks as it grows; drawn before every other size), ``extra_drawings`` (anything else)
and ``work_ahead`` (work of its own, before the rest).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from functools import partial

import pygame

from game.ui.card_art import all_card_ids
from game.ui.fonts import get_font
from game.ui.scenes.table.panel import Panel

#: seconds of work done ahead in one frame, at most (a steady frame takes about 1 ms; with
#: the slice it stays far inside a 60 fps frame, and a bot's pause of 0.6 s holds ~140 ms)
SLICE = 0.004
#: seconds between the idle loop's wake-ups while work ahead remains
WAKE = 0.05
#: the font sizes the tables use (px), each in its four faces
FONT_SIZES = range(11, 31)
#: the characters the tables' words are made of: measured once per font ahead, so each
#: glyph is loaded before a move needs it (a font's first measurement of a sentence costs
#: ~0.4 ms, later ones a sixth of that)
GLYPHS = "".join(chr(c) for c in range(32, 127)) + "\u2014\u2013\u2026\u2019\u00b7\u2192\u25bc"


#: the table's own work ahead is due from the start (before any view was drawn)
_FROM_THE_START = object()


class Ahead(Panel):
    """Draws ahead between moves (see the module docstring). Its state: the first
    drawings still to make (``work``, an iterator), whether any are left
    (``first_left``), the view for which the table's own work is due (``work_due``) and
    the face and back sizes drawn when the first drawings were done (``sizes_drawn``)."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.work: Iterator[Callable[[], object]] | None = None
        self.first_left = True
        self.work_due: object = _FROM_THE_START
        self.sizes_drawn: tuple = ()
        self.fonts_measured = False

    # -- the table's default hooks
    def card_ids(self) -> list[str]:
        """The card faces worth drawing ahead at every size the table draws faces at."""
        return list(all_card_ids(self.table.game))

    def hand_ids(self) -> list[str]:
        """The faces that come into a hand: drawn first at the hand's size and the size
        cards fly at (half of it)."""
        return self.table.ahead_card_ids()

    def back_ids(self) -> list[str]:
        """Face-down cards that turn over where they lie: drawn at every size the table
        has drawn card backs at."""
        return []

    def predicted_sizes(self) -> list[tuple[tuple[int, int], list[str] | None]]:
        """Sizes the table will soon draw faces at (what the view says comes next, e.g.
        the size a row of played cards shrinks to with one more card), most urgent first,
        each with the faces worth drawing at it (None: every ``ahead_card_ids``). When
        they change with the view, the first drawings start again with them."""
        return []

    def extra(self) -> Iterator[Callable[[], object]]:
        """Anything else worth drawing ahead (icons, fills), as calls."""
        return iter(())

    def own_work(self) -> bool:
        """A table's own work ahead, one short step per call, done before the first
        drawings; False when there is none left."""
        return False

    # -- first drawings
    def first_drawings(self) -> Iterator[Callable[[], object]]:
        """Each thing drawn for the first time somewhere in a game, as a call that draws
        it into its cache: the hooks' extras, faces at the most urgent predicted size, at
        the hand's size and at the size cards fly at (half of it) — a drawn card's face is
        the costliest first drawing (~1 ms) — then fonts and their glyphs (once; ~3 ms a
        font), faces at the other predicted sizes and at every size seen."""
        t = self.table
        yield from t.extra_drawings()
        game = t.game
        face = getattr(t.art, "face_ahead", t.art.face)  # into the cache, not for the screen
        ids, turning = t.ahead_card_ids(), t.ahead_back_ids()
        predicted = t.ahead_face_sizes()
        hand = tuple(t.card_size())
        half = (hand[0] // 2, hand[1] // 2)
        done: set[tuple[int, int]] = {hand, half}
        in_hand = t.ahead_hand_ids()
        for size, cards in [*predicted[:1], (hand, in_hand), (half, in_hand)]:
            for card in ids if cards is None else cards:
                yield partial(face, game, card, size)
        if not self.fonts_measured:  # once (the first drawings start again when sizes change)
            for size in FONT_SIZES:
                for bold, title in ((False, False), (True, False), (True, True), (False, True)):
                    yield lambda size=size, bold=bold, title=title: get_font(size, bold=bold, title=title).size(GLYPHS)
            self.fonts_measured = True
        for size, cards in predicted[1:]:
            for card in ids if cards is None else cards:
                yield partial(face, game, card, size)
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
        t = self.table
        faces = getattr(t.art, "_faces", None)
        if not isinstance(faces, dict):
            return set()
        return {key[-1] for key in faces if isinstance(key, tuple) and key and key[0] == t.game}

    def back_sizes(self) -> set[tuple[int, int]]:
        """The sizes the table has drawn this game's card backs at so far."""
        t = self.table
        other = getattr(t.art, "_other", None)
        if not isinstance(other, dict):
            return set()
        return {key[2] for key in other if isinstance(key, tuple) and len(key) == 3 and key[:2] == ("back", t.game)}

    def sizes_seen(self) -> tuple:
        """The face and back sizes the table has drawn cards at and the sizes it predicts
        (new ones: draw ahead)."""
        predicted = tuple(
            (tuple(size), None if cards is None else tuple(cards)) for size, cards in self.table.ahead_face_sizes()
        )
        return frozenset(self.face_sizes()), frozenset(self.back_sizes()), predicted

    def draw_first_drawings(self, budget: float) -> bool:
        """Draw ahead for about ``budget`` seconds; False once everything is drawn."""
        if self.work is None:
            self.work = self.first_drawings()
        end = time.perf_counter() + budget
        for step in self.work:
            step()
            if time.perf_counter() >= end:
                return True
        self.work, self.sizes_drawn = None, self.sizes_seen()
        return False

    # -- when
    def left(self) -> bool:
        """Work ahead remains (the idle loop is asked to wake the table for it)."""
        t = self.table
        if not t.AHEAD:
            return False
        due = None if self.work_due is _FROM_THE_START else self.work_due
        return due == t._seen or self.first_left

    def quiet_frame(self) -> bool:
        """Nothing new to draw in this frame: the static part is current, nothing dirty."""
        t = self.table
        return (
            t._static_key is not None
            and t._static_key[0] == t._seen
            and not t.dirty
            and pygame.display.get_surface() is not None
        )

    def step(self) -> None:
        """After the table's update: in a quiet frame, a slice of work ahead."""
        t = self.table
        if not t.quiet_frame():
            return
        start = time.perf_counter()
        due = t._seen if self.work_due is _FROM_THE_START else self.work_due
        if due == t._seen and not t.work_ahead():
            self.work_due = None  # the table's own work is done until the view changes
            if not self.first_left and self.sizes_seen() != self.sizes_drawn:
                self.first_left = True  # cards were drawn at a new size: draw the others at it
        left = SLICE - (time.perf_counter() - start)
        if left > 0 and self.first_left:
            self.first_left = self.draw_first_drawings(left)

    def drawing(self) -> None:
        """Before the table draws: a new view makes the table's own work due again."""
        t = self.table
        if t._static_key is None or t._static_key[0] != t._seen:
            self.work_due = t._seen

    def next_wake(self) -> float | None:
        return WAKE if self.left() else None

    def reset(self) -> None:
        """A new size: new first drawings."""
        self.work, self.first_left, self.fonts_measured = None, True, False
