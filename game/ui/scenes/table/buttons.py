"""The table's buttons: the action buttons a game makes, its public banner's, and the
table menu's button at the right end of the log's header; keyboard focus over them."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.fonts import get_font
from game.ui.scenes.table.common import MIN_TEXT
from game.ui.scenes.table.panel import Panel
from game.ui.widgets import Banner, Button, fit_text


@lru_cache(maxsize=1024)
def button_fit(label: str, font_size: int, room: int) -> tuple[int, str, int, int]:
    """A button label's font size stepped down to 11 px until it fits ``room``, the words
    shown at that size (cut with an ellipsis if even 11 px is too wide) and their size
    (measured once: buttons are fitted every frame)."""
    while font_size > MIN_TEXT and get_font(font_size, bold=True).size(label)[0] > room:
        font_size -= 1
    shown = fit_text(label, font_size, room, bold=True)
    w, h = get_font(font_size, bold=True).size(shown)
    return font_size, shown, w, h


class Buttons(Panel):
    """The buttons on the table: the game's own (``buttons``, from its ``make_buttons``),
    its public banner's (``banner``, from ``make_banner``), the menu button; which one
    the keyboard is on (``focus``, -1: none) and which one a press went down on
    (``pressed``: it acts when the press comes up on it)."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.buttons: list[Button] = []
        self.banner: Banner | None = None
        self.menu_button: Button | None = None
        self.focus = -1
        self.pressed: Button | None = None

    def remake(self) -> None:
        """The buttons for the view now (after every re-read of the view)."""
        t = self.table
        self.buttons = t.make_buttons()
        self.banner = t.make_banner()
        self.menu_button = t.make_menu_button()
        self.focus = -1

    def all(self) -> list[Button]:
        return (
            list(self.buttons)
            + (list(self.banner.buttons) if self.banner is not None else [])
            + ([self.menu_button] if self.menu_button is not None else [])
        )

    def at(self, pos: tuple[int, int]) -> Button | None:
        """The visible button under ``pos``."""
        for b in self.table.all_buttons():
            if b.visible and b.rect.collidepoint(pos):
                return b
        return None

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.at(pos) is not None

    def hover(self, pos: tuple[int, int]) -> None:
        """Light the enabled button under the pointer."""
        t = self.table
        for b in t.all_buttons():
            inside = b.enabled and b.rect.collidepoint(pos)
            if inside != b.hover:
                b.hover = inside
                t.dirty = True

    def make_menu_button(self) -> Button:
        """The table menu's button: at the right end of the game log's header line (every
        table has a log), else in the window's top-right corner."""
        t = self.table
        r = t.rects.get("log")
        if r is not None:
            rect = pygame.Rect(r)
            size = self.table.log_font_size(rect)
            h = get_font(size + 1, bold=True).get_linesize() + 2
            w = get_font(size - 1, bold=True).size("Menu")[0] + 18  # short: a LAN pill shares the line
            box = pygame.Rect(rect.right - w - 6, rect.y + 5, w, h)
            font_size = size - 1
        else:
            w, _ = t.size
            box, font_size = pygame.Rect(w - 72, 6, 64, 26), 15
        return Button(box, "Menu", t.open_menu, font_size=font_size, name="menu")

    def fit_button(self, b: Button) -> None:
        """A button's label read whole: its font steps down to 11 px until the label
        fits; then what the button draws is noted for the text-fit check."""
        room = b.label_room
        b.font_size, shown, w, h = button_fit(b.label, b.font_size, room)
        if b.visible:
            label = pygame.Rect(0, 0, w, h)
            label.center = b.rect.center
            self.table.note_text("button", b.label, shown, [label], b.rect)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        every = t.all_buttons()
        for b in every:
            t.fit_button(b)
        if self.banner is not None:
            t.draw_banner_extras(surface)
            self.banner.draw(surface)
        for i, b in enumerate(every):
            b.focused = i == self.focus
        for b in self.buttons:
            b.draw(surface)
        if self.menu_button is not None:
            self.menu_button.draw(surface)
        if self.banner is not None and 0 <= self.focus:
            for i, b in enumerate(every):
                if i == self.focus:
                    b.draw(surface)
