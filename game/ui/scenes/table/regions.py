"""The static table kept from one view to the next: each panel's region is painted again
only when what it shows changed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui import theme
from game.ui.scenes.table.panel import Panel


class StaticRegions(Panel):
    """The static surface a table drew last (``painted``) and what lies where on it
    (``placed``: region name -> its rects and key; a seat's zone -> the seat and key
    drawn there, with ``placed_surfs`` the picture blitted). A table's ``draw_table``
    calls :meth:`begin`, then :meth:`paint` for each panel: a panel whose key is
    unchanged is left as it is; a changed one is cleared to bare felt and drawn again.
    The regions must not overlap one another, and every panel draws inside its own.
    What drawing leaves besides pixels is kept per region (``left``) and its must-read
    text goes to the table's ``static_text[name]``."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.painted: pygame.Surface | None = None
        self.painted_size: tuple[int, int] | None = None
        self.placed: dict[Any, Any] = {}
        self.placed_surfs: dict[Any, pygame.Surface] = {}
        self.left: dict[str, Any] = {}

    def begin(self, surface: pygame.Surface) -> None:
        """A new static surface (or a new size) starts as bare felt with nothing placed."""
        if self.painted is not surface or self.painted_size != surface.get_size():
            surface.fill(theme.FELT)
            self.painted, self.painted_size = surface, surface.get_size()
            self.placed = {}

    def paint(
        self,
        surface: pygame.Surface,
        name: str,
        rects: list,
        key: Any,
        draw: Callable,
        get: Callable | None = None,
        put: Callable | None = None,
    ) -> None:
        """Paint region ``name`` (``rects``) with ``draw(surface)`` unless it already shows
        ``key``; ``get``/``put`` save and restore what drawing leaves behind besides
        pixels (where things lie)."""
        t = self.table
        rects = [pygame.Rect(r).clip(surface.get_rect()) for r in rects]
        full = (tuple(tuple(r) for r in rects), key)
        if self.placed.get(name) == full:
            if put is not None:
                put(self.left.get(name))
            return
        if self.placed.pop(name, None) is not None:
            for r in rects:  # the old picture goes: the panel is drawn on bare felt
                surface.fill(theme.FELT, r)
        outer, t._text_sink = t._text_sink, []
        try:
            draw(surface)
        finally:
            t.static_text[name], t._text_sink = t._text_sink, outer
        self.left[name] = get() if get is not None else None
        self.placed[name] = full

    def place(self, surface: pygame.Surface, zone: pygame.Rect, what: Any, picture: pygame.Surface) -> None:
        """Blit ``picture`` (showing ``what``) at ``zone`` unless it lies there already."""
        spot = tuple(zone)
        if self.placed.get(spot) != what or picture is not self.placed_surfs.get(spot):
            surface.blit(picture, zone.topleft)
            self.placed[spot] = what
            self.placed_surfs[spot] = picture
