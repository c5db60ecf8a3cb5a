"""Text a player must read whole: fitting it, blitting it, and noting
what was drawn (tests/ui/test_text_fit.py reads the notes)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.fonts import get_font, wrap_text
from game.ui.scenes.table.common import MIN_TEXT
from game.ui.scenes.table.panel import Panel


def fit_lines(
    words: str,
    width: int,
    height: int,
    max_size: int,
    min_size: int = MIN_TEXT,
    *,
    bold: bool = False,
    max_lines: int = 0,
) -> tuple[int, list[str]]:
    """The largest size from ``max_size`` down to ``min_size`` at which ``words`` wrap into
    ``width`` within ``height`` (and ``max_lines`` lines, if given); at ``min_size`` the
    wrapped lines whatever their height (the caller makes room or shows fewer)."""
    size = max(min_size, int(max_size))
    while True:
        font = get_font(size, bold=bold)
        lines = wrap_text(words, font, max(8, width))
        fits = len(lines) * font.get_linesize() <= height and (not max_lines or len(lines) <= max_lines)
        if fits or size <= min_size:
            return size, lines
        size -= 1


@dataclass
class TextBlock:
    """One piece of text a player must read, as drawn: the text asked for, what was
    drawn of it (lines joined by spaces), each line's rect, and the box it must stay in."""

    what: str
    text: str
    shown: str
    rects: list[pygame.Rect]
    box: pygame.Rect

    def problems(self) -> list[str]:
        out = []
        if " ".join(self.shown.split()) != " ".join(self.text.split()):
            out.append(f"{self.what}: shows {self.shown!r} of {self.text!r}")
        for r in self.rects:
            if not self.box.contains(r):
                out.append(f"{self.what}: {self.text!r} line {tuple(r)} runs out of its box {tuple(self.box)}")
        return out


def blit_text(surface: pygame.Surface, words: pygame.Surface, pos: tuple[int, int]) -> pygame.Rect:
    """Blit rendered text at ``pos``; its whole rect (unclipped, for the text-fit check)."""
    surface.blit(words, pos)
    return words.get_rect(topleft=pos)


class TextNotes(Panel):
    """Text a player must read, noted as drawn for the text-fit check: the static
    table's blocks (kept with the static picture) and this frame's."""

    def __init__(self, table) -> None:
        super().__init__(table)
        #: every text block drawn last frame that must be read whole
        self.boxes: list[TextBlock] = []
        #: the blocks drawn into a cached picture, by picture ("table": the static table)
        self.static: dict[str, list[TextBlock]] = {}
        #: where notes go while a cached picture is drawn (None: this frame's ``boxes``)
        self.sink: list[TextBlock] | None = None

    def note(self, what: str, words: str, shown: str, rects: list[pygame.Rect], box) -> None:
        """Remember a piece of text a player must read whole, as drawn (see TextBlock)."""
        sink = self.sink if self.sink is not None else self.boxes
        sink.append(TextBlock(what, words, shown, [pygame.Rect(r) for r in rects], pygame.Rect(box)))

    def noting(self, paint) -> list[TextBlock]:
        """Run ``paint()`` and return the blocks it noted, noted nowhere else: a part
        drawn into a kept picture keeps its words with it and notes them with
        :meth:`renote` each time the picture is shown."""
        outer, self.sink = self.sink, []
        try:
            paint()
        finally:
            noted, self.sink = self.sink, outer
        return noted

    def renote(self, blocks, offset: tuple[int, int] = (0, 0)) -> None:
        """Note ``blocks`` again (moved by ``offset``: a picture drawn elsewhere first)."""
        for b in blocks:
            self.note(b.what, b.text, b.shown, [r.move(offset) for r in b.rects], b.box.move(offset))

    def blocks(self) -> list[TextBlock]:
        """Every must-read text on the screen as last drawn: the static table's and this frame's."""
        return [b for blocks in self.static.values() for b in blocks] + list(self.boxes)
