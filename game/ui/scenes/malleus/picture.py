"""A panel's zone on the table's static picture, painted again only when what it shows
changed.

The table's static part (``TableScene.draw_table``) is drawn anew after every move (the
view changed), but a move usually changes one or two zones: a citation changes the
conflict panel, not the village map. Each panel keeps a :class:`Picture` of its zone: the
*key* it was last painted for (the parts of the view it reads, its own state, the zone and
the window's size). The static surface keeps its pixels from one drawing to the next, so
when a zone's key is the same its pixels are left as they are, and the must-read texts it
noted and the buttons it placed are given back as they were; when the key changed, the
zone is cleared to the felt and painted afresh, clipped to its area. Zones must not overlap.

A key must hold everything the panel's painting reads: a part left out would leave an
old picture on the table (tests/ui/test_malleus_pictures.py compares with a table drawn
from nothing). Keys are compared with ``==`` (views are plain JSON-like data).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pygame

from game.ui import theme


def _placement(buttons: Iterable[Any]) -> dict[str, tuple]:
    return {b.name: (tuple(b.rect), b.font_size, b.visible) for b in buttons}


class Picture:
    """What one zone of the static surface was last painted for: the surface, the zone,
    the key, the texts noted while painting (``table.note_text``) and the placement of the
    panel buttons it set; ``kept`` counts the drawings that left the zone as it was,
    ``patched`` those that painted a part of it again."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: Any = None
        self.area: pygame.Rect | None = None
        self.notes: list = []
        self.placed: dict[str, tuple] = {}
        self.kept = 0
        self.patched = 0

    def holds(self, surface: pygame.Surface, area: pygame.Rect) -> bool:
        """Whether the zone's pixels on ``surface`` are this picture's (some part of them
        may be painted again with :meth:`patch`)."""
        return (
            self.key is not None and self.surface is surface and self.area == pygame.Rect(area).clip(surface.get_rect())
        )

    def patch(
        self,
        table: Any,
        surface: pygame.Surface,
        key: Any,
        clips: list[pygame.Rect],
        paint: Callable[[pygame.Surface, pygame.Rect], None],
    ) -> None:
        """Paint again only ``clips`` of a zone this picture :meth:`holds`, for ``key``:
        everything that changed lies inside them. ``paint(surface, clip)`` draws the zone
        (at least all of it that reaches into ``clip``: the clip keeps the rest as it is)
        and notes every must-read text of it; the texts are noted once, from the first."""
        sink = table._text_sink if table._text_sink is not None else table.text_boxes
        start = len(sink)
        old = surface.get_clip()
        try:
            for clip in clips:
                clip = pygame.Rect(clip).clip(self.area)
                mark = len(sink)
                surface.set_clip(clip)
                surface.fill(theme.FELT_DARK, clip)
                paint(surface, clip)
                if mark > start:
                    del sink[mark:]  # the same texts again: they were noted by the first clip
        finally:
            surface.set_clip(old)
        self.key, self.notes = key, list(sink[start:])
        self.patched += 1

    def forget(self) -> None:
        """Paint the zone afresh next time."""
        self.surface, self.key, self.notes, self.placed = None, None, [], {}

    def draw(
        self,
        table: Any,
        surface: pygame.Surface,
        area: pygame.Rect,
        key: Any,
        paint: Callable[[pygame.Surface], None],
        buttons: Iterable[Any] = (),
    ) -> None:
        """Paint ``area`` of ``surface`` with ``paint`` (cleared to the felt first), unless
        it was last painted there for ``key``. ``key`` None: paint, remember nothing (a
        moment that must not be kept, like dice in the air). ``buttons``: the panel buttons
        ``paint`` may place."""
        buttons = list(buttons)
        area = pygame.Rect(area).clip(surface.get_rect())
        sink = table._text_sink if table._text_sink is not None else table.text_boxes
        if key is not None and self.surface is surface and self.area == area and self.key == key:
            self.kept += 1
            sink.extend(self.notes)
            for b in buttons:
                placed = self.placed.get(b.name)
                if placed is not None:
                    b.rect, b.font_size, b.visible = pygame.Rect(placed[0]), placed[1], placed[2]
            return
        before, start = _placement(buttons), len(sink)
        if self.surface is surface and self.area is not None and self.area != area:
            surface.fill(theme.FELT_DARK, self.area)  # what the zone showed last time goes
        surface.fill(theme.FELT_DARK, area)
        clip = surface.get_clip()
        surface.set_clip(area)  # nothing of the zone lies outside it, where it would outlive the zone
        try:
            paint(surface)
        finally:
            surface.set_clip(clip)
        if key is None:
            self.forget()
            self.surface, self.area = surface, area  # its pixels are there: cleared next time
            return
        after = _placement(buttons)
        self.surface, self.key, self.area = surface, key, area
        self.notes = list(sink[start:])
        self.placed = {name: state for name, state in after.items() if before.get(name) != state}
