"""Selectable rows with a scroll offset: :class:`ListBox` and its :class:`ListRow`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.input import InputEvent
from game.ui.widgets.base import Widget
from game.ui.widgets.drawing import colour, draw_text, fit_text


@dataclass
class ListRow:
    """One row of a :class:`ListBox`: text, an optional detail line, and any data."""

    text: str
    detail: str = ""
    enabled: bool = True
    data: Any = None
    warn: bool = False  # drawn in the danger colour (e.g. a damaged save)


class ListBox(Widget):
    """Selectable rows with a scroll offset. Click selects (a second click on the row one
    clicked activates; the first click on a row lit by default or by the keys only
    selects it: the Continue list lights its newest save, and a click meant to pick it
    for Delete opened the game); Up / Down / Home / End move the selection; the wheel
    scrolls; Enter activates. ``on_select(index)`` and ``on_activate(index)``."""

    def __init__(
        self,
        rect: Any,
        rows: Sequence[ListRow] = (),
        *,
        row_height: int = 56,
        on_select: Callable[[int], Any] | None = None,
        on_activate: Callable[[int], Any] | None = None,
        font_size: int = 22,
        empty_text: str = "Nothing here yet.",
        name: str = "list",
    ) -> None:
        super().__init__(rect)
        self.rows: list[ListRow] = list(rows)
        self.row_height = row_height
        self.on_select = on_select
        self.on_activate = on_activate
        self.font_size = font_size
        self.empty_text = empty_text
        self.name = name
        self.selected: int | None = 0 if self.rows else None
        self.scroll = 0
        #: the row the last click selected: a click on it again activates it
        self.clicked: int | None = None

    def set_rows(self, rows: Sequence[ListRow]) -> None:
        self.rows = list(rows)
        self.clicked = None
        if not self.rows:
            self.selected = None
        elif self.selected is None or self.selected >= len(self.rows):
            self.selected = min(self.selected or 0, len(self.rows) - 1)
        self._clamp_scroll()

    @property
    def visible_rows(self) -> int:
        return max(1, self.rect.h // self.row_height)

    def _clamp_scroll(self) -> None:
        self.scroll = max(0, min(self.scroll, len(self.rows) - self.visible_rows))

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(
            self.rect.x, self.rect.y + (index - self.scroll) * self.row_height, self.rect.w, self.row_height
        )

    def select(self, index: int) -> None:
        if not self.rows:
            return
        index = max(0, min(len(self.rows) - 1, index))
        self.selected = index
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + self.visible_rows:
            self.scroll = index - self.visible_rows + 1
        self._clamp_scroll()
        if self.on_select is not None:
            self.on_select(index)

    def activate(self) -> bool:
        if self.selected is None or self.on_activate is None:
            return False
        self.on_activate(self.selected)
        return True

    def handle(self, event: InputEvent) -> bool:
        if not (self.enabled and self.visible):
            return False
        if event.kind == uinput.WHEEL and self.rect.collidepoint(event.pos):
            old = self.scroll
            self.scroll -= event.dy
            self._clamp_scroll()
            return self.scroll != old
        if event.is_left_press and self.rect.collidepoint(event.pos):
            index = self.scroll + (event.pos[1] - self.rect.y) // self.row_height
            if 0 <= index < len(self.rows):
                if index == self.selected and index == self.clicked:
                    return self.activate() or True
                self.select(index)
                self.clicked = index
            return True
        if self.focused and event.kind == uinput.KEY and self.rows:
            acts = event.actions
            cur = self.selected if self.selected is not None else 0
            if uinput.UP in acts:
                self.select(cur - 1)
                return True
            if uinput.DOWN in acts:
                self.select(cur + 1)
                return True
            if uinput.HOME in acts:
                self.select(0)
                return True
            if uinput.END in acts:
                self.select(len(self.rows) - 1)
                return True
            if uinput.PAGE_UP in acts:
                self.select(cur - self.visible_rows)
                return True
            if uinput.PAGE_DOWN in acts:
                self.select(cur + self.visible_rows)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surface, colour("field"), self.rect, border_radius=6)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        if not self.rows:
            draw_text(surface, self.empty_text, self.rect.center, self.font_size, colour("text_dim"), anchor="center")
        for i in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows + 1)):
            row = self.rows[i]
            r = self.row_rect(i)
            fill, col, detail_col = self.row_colours(row, i == self.selected)
            if fill is not None:
                pygame.draw.rect(surface, fill, r.inflate(-4, -4), border_radius=6)
                if row.warn:
                    pygame.draw.rect(surface, colour("danger"), r.inflate(-4, -4), width=2, border_radius=6)
            if row.detail:
                draw_text(
                    surface,
                    fit_text(row.text, self.font_size, r.w - 24, True),
                    (r.x + 12, r.y + 6),
                    self.font_size,
                    col,
                    bold=True,
                )
                draw_text(
                    surface,
                    fit_text(row.detail, self.font_size - 4, r.w - 24),
                    (r.x + 12, r.bottom - 8),
                    self.font_size - 4,
                    detail_col,
                    anchor="bottomleft",
                )
            else:
                draw_text(
                    surface,
                    fit_text(row.text, self.font_size, r.w - 24),
                    (r.x + 12, r.centery),
                    self.font_size,
                    col,
                    anchor="midleft",
                )
        if len(self.rows) > self.visible_rows:
            # scroll bar: where the visible rows sit in the whole list
            frac = self.visible_rows / len(self.rows)
            bar_h = max(20, int(self.rect.h * frac))
            top = self.rect.y + int((self.rect.h - bar_h) * self.scroll / max(1, len(self.rows) - self.visible_rows))
            pygame.draw.rect(surface, colour("panel_edge"), (self.rect.right - 8, top, 6, bar_h), border_radius=3)
        surface.set_clip(clip)
        pygame.draw.rect(surface, colour("panel_edge"), self.rect, width=1, border_radius=6)
        self.draw_focus(surface)

    @staticmethod
    def row_colours(row: ListRow, selected: bool) -> tuple[tuple | None, tuple, tuple]:
        """(selection fill or None, title colour, detail colour) of a row: every pair
        reads at 4.5:1 or better (WCAG AA). A warning row (a damaged save) stays red but
        light enough on the dark field; selected, it turns dark red with light text."""
        field, light = colour("field"), theme.PARCHMENT_LIGHT
        if row.warn:
            if selected:
                fill = theme.mix(field, colour("danger"), 0.4)
                return fill, light, light
            warn = theme.mix(colour("danger"), light, 0.4)
            return None, warn, warn
        title = colour("text") if row.enabled else colour("text_disabled")
        if selected:
            return colour("select"), title, colour("text")
        return None, title, colour("text_dim")
