"""The look at the final table that every game-over screen offers (hot-seat and LAN).

Once a game is over nothing is secret any more: every seat's view carries ``ending`` (how
the game ended, one or two sentences) and ``revealed`` (everything the game kept hidden;
each game's table draws it face up at its end). A game-over screen mixes in
:class:`FinalTableLook`: it says the ending, and "See the final table (T)" turns the
screen into a thin bar over the table below it until Esc, Enter, T or the bar's button
brings the scores back.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import input as uinput
from game.ui.input import InputEvent
from game.ui.widgets import Button, Widget, colour, draw_panel, draw_text, fit_text, font, wrap


def draw_text_width(text: str, size: int) -> int:
    return font(size, True).size(text)[0]


#: key actions that go back from the final table to the scores (and T, the key that opened it)
BACK_ACTIONS = (uinput.CANCEL, uinput.ACTIVATE)
LOOK_KEY = "t"


class FinalTableLook:
    """Mixed into a game-over scene (a MenuBase) that gives ``final_view()``, the end's
    view. While ``looking`` the scene is not opaque (the table below draws the final
    position) and draws only :meth:`draw_look`; its ``build`` returns :meth:`look_widgets`
    then, and its ``handle`` asks :meth:`handle_look` first."""

    looking = False

    @property
    def opaque(self) -> bool:  # type: ignore[override]
        return not self.looking

    def ending_text(self) -> str:
        ending = self.final_view().get("ending")
        return " ".join(ending) if isinstance(ending, list) else str(ending or "")

    def ending_lines(self, width: int) -> list[str]:
        text = self.ending_text()
        return wrap(text, self.px(19), width)[:4] if text else []

    def look_at_table(self) -> None:
        self.looking = True
        self.rebuild()
        for scene in self.app.scenes.visible():
            scene.dirty = True

    def back_to_scores(self) -> None:
        self.looking = False
        self.rebuild()

    def look_button(self, rect: Any) -> Button:
        return Button(
            rect,
            "See the final table (T)",
            self.look_at_table,
            font_size=self.px(21),
            name="final_table",
            hotkey=LOOK_KEY,
        )

    LOOK_WORDS = "The final table, everything face up"

    def look_bar(self) -> pygame.Rect:
        """A low bar at the window's bottom edge (as little of the table under it as can be)."""
        w, h = self.app.size
        size = self.px(17)
        words_w = draw_text_width(self.LOOK_WORDS, size)
        bw = min(w - self.px(20), words_w + self.px(40) + self.px(220))
        bh = self.px(38)
        return pygame.Rect(w // 2 - bw // 2, h - bh - self.px(4), bw, bh)

    def look_widgets(self) -> list[Widget]:
        bar = self.look_bar()
        bw = self.px(210)
        return [
            Button(
                (bar.right - bw - self.px(5), bar.y + self.px(5), bw, bar.h - self.px(10)),
                "Back to the scores (Esc)",
                self.back_to_scores,
                style="primary",
                font_size=self.px(16),
                name="back_to_scores",
            )
        ]

    def handle_look(self, event: InputEvent) -> bool:
        """While looking at the table: the keys that go back, and the bar's button."""
        if not self.looking:
            if event.char == LOOK_KEY:
                self.look_at_table()
                return True
            return False
        if event.is_action(*BACK_ACTIONS) or event.char == LOOK_KEY:
            self.back_to_scores()
            return True
        if self.ring.handle(event):
            self.dirty = True
            return True
        table = self.table_below()
        if table is not None and (event.kind in (uinput.MOVE, uinput.WHEEL) or event.is_right_press):
            table.handle(event)  # look only: hover or right-click zooms a card, the wheel scrolls the log
        return True

    def table_below(self) -> Any:
        """The scene right under this one (the game's table)."""
        stack = self.app.scenes.stack
        return stack[stack.index(self) - 1] if self in stack and stack.index(self) > 0 else None

    def update(self, dt: float) -> None:
        super().update(dt)  # type: ignore[misc]
        if self.looking:  # the table's zoom opens after a hover, its log scrolls: it runs while looked at
            table = self.table_below()
            if table is not None:
                table.update(dt)

    def draw_look(self, surface: pygame.Surface) -> None:
        bar = self.look_bar()
        draw_panel(surface, bar, edge="accent")
        room = bar.w - self.px(210) - self.px(30)
        draw_text(
            surface,
            fit_text(self.LOOK_WORDS, self.px(17), room, bold=True),
            (bar.x + self.px(14), bar.centery),
            self.px(17),
            colour("accent"),
            bold=True,
            anchor="midleft",
        )
        self.ring.draw(surface)
