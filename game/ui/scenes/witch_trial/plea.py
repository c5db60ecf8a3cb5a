"""The plea dialog (docs/rules/witch_trial.md §4.13): offer a split of the Court Fees in $5 steps, or answer one."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.fonts import get_font, render_text
from game.ui.icons import get_icon
from game.ui.input import InputEvent
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import blit_text, fit_lines, panel, text
from game.ui.scenes.witch_trial.common import PLEA_STEP
from game.ui.widgets import Button, Stepper


class Plea(Panel):
    """The plea dialog over the court (``dialog_rect``): the prosecutor's offer, set with a
    stepper (``plea_value``, for the plea ``plea_key``), and the defender's answer."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.plea_value = 0
        self.plea_key: Any = None
        self.stepper: Stepper | None = None
        self.dialog_rect: pygame.Rect | None = None

    def plea_window(self) -> dict | None:
        table = self.table
        plea = table.trial().get("plea")
        return plea if isinstance(plea, dict) else None

    def dialog_open(self) -> bool:
        """The plea dialog is open: no card zooms up over it (the charge under it would
        zoom over its buttons and stay)."""
        return self.dialog_rect is not None

    def offer_plea(self) -> None:
        table = self.table
        table.submit({"type": "offer_plea", "to_prosecution": int(self.plea_value)})

    def _dialog(self, rows: int) -> pygame.Rect:
        table = self.table
        court = pygame.Rect(table.rects["court"])
        w = max(360, min(court.w - 40, 620))
        row = max(32, min(46, court.h // 6))
        h = row * rows + 24
        r = pygame.Rect(0, 0, w, h)
        r.center = court.center
        r.clamp_ip(pygame.Rect(0, 0, *table.size))
        self.dialog_rect = r
        return r

    def _plea_offer_widgets(self, plea: dict) -> list[Button]:
        table = self.table
        fees = int(table.view.get("court_fees") or 0)
        key = (table.view.get("state_id"), fees)
        if self.plea_key != key:
            self.plea_key = key
            self.plea_value = (fees // 2) // PLEA_STEP * PLEA_STEP
        box = self._dialog(5)
        row = (box.h - 24) // 5
        size = max(14, min(20, row // 2))
        trial = table.trial()
        pros, dfn = table.name(trial.get("prosecutor")), table.name(trial.get("defender"))

        def fmt(v: int) -> str:
            return f"${v} to {pros}  \u00b7  ${fees - v} to {dfn}"

        def changed(v: int) -> None:
            self.plea_value = v
            table.dirty = True

        self.stepper = Stepper(
            (box.x + 16, box.y + 12 + row * 2 + 4, box.w - 32, row - 6),
            self.plea_value,
            0,
            fees,
            step=PLEA_STEP,
            fmt=fmt,
            on_change=changed,
            font_size=size,
            name="plea_stepper",
        )
        by = box.y + 12 + row * 4 - 2
        bw = (box.w - 48) // 2
        return [
            Button(
                (box.x + 16, by, bw, row - 6),
                "Offer this split (Enter)",
                self.offer_plea,
                style="primary",
                font_size=size,
                hotkey=uinput.CONFIRM,
                name="offer_plea",
            ),
            Button(
                (box.x + 32 + bw, by, bw, row - 6),
                "No offer, go on (N)",
                lambda: table.do({"type": "no_plea"}),
                font_size=size,
                hotkey="n",
                name="no_plea",
            ),
        ]

    def _plea_answer_widgets(self, plea: dict) -> list[Button]:
        table = self.table
        box = self._dialog(4)
        row = (box.h - 24) // 4
        size = max(14, min(20, row // 2))
        by = box.y + 12 + row * 3 - 2
        bw = (box.w - 48) // 2
        return [
            Button(
                (box.x + 16, by, bw, row - 6),
                "Accept (A)",
                lambda: table.do({"type": "answer_plea", "accept": True}),
                style="primary",
                font_size=size,
                hotkey="a",
                name="accept_plea",
            ),
            Button(
                (box.x + 32 + bw, by, bw, row - 6),
                "Decline (X)",
                lambda: table.do({"type": "answer_plea", "accept": False}),
                style="danger",
                font_size=size,
                hotkey="x",
                name="decline_plea",
            ),
        ]

    def draw_plea_dialog(self, surface: pygame.Surface) -> None:
        table = self.table
        box = self.dialog_rect
        plea = self.plea_window() or {}
        trial = table.trial()
        fees = int(table.view.get("court_fees") or 0)
        surface.blit(table.shade(surface.get_size(), 90), (0, 0))
        panel(surface, box.inflate(4, 4), alpha=255, edge=theme.HIGHLIGHT, width=3)
        size = max(14, min(20, box.h // 8))
        icon = get_icon("plea", size + 8, theme.HIGHLIGHT)
        surface.blit(icon, (box.x + 12, box.y + 10))
        pros, dfn = table.name(trial.get("prosecutor")), table.name(trial.get("defender"))
        if plea.get("phase") == "offer":
            title = f"Plea offer \u2014 split the Court Fees of ${fees}"
            sub = f"{pros} prosecutes, {dfn} defends; {table.name(plea.get('to'))} will accept or decline."
        else:
            to_p, to_d = plea.get("to_prosecution"), plea.get("to_defense")
            title = f"{table.name(plea.get('by'))} offers a plea"
            sub = (
                f"${to_p} to {pros} (prosecution), ${to_d} to {dfn} (defense). "
                "Accept and the trial ends; decline and it goes on."
            )
        x = box.x + 20 + icon.get_width()
        t = text(title, size + 2, theme.PARCHMENT, bold=True, title=True)
        table.note_text("plea title", title, title, [blit_text(surface, t, (x, box.y + 10))], box)
        y = box.y + 14 + t.get_height()
        limit = (self.stepper.rect.y if self.stepper is not None else min(b.rect.y for b in table.buttons)) - 2
        small, lines = fit_lines(sub, box.right - 12 - x, limit - y, max(12, size - 3))
        font = get_font(small)
        drawn = []
        for line in lines:
            drawn.append(blit_text(surface, render_text(line, small, theme.TEXT_LIGHT), (x, y)))
            y += font.get_linesize()
        table.note_text("plea terms", sub, " ".join(lines), drawn, pygame.Rect(box.x, box.y, box.w, limit - box.y))
        if self.stepper is not None:
            self.stepper.draw(surface)
            hint = text("\u2190 \u2192 change by $5", max(11, size - 5), theme.TEXT_MUTED)
            surface.blit(hint, hint.get_rect(midtop=(self.stepper.rect.centerx, self.stepper.rect.bottom + 2)))

    def handle_plea_stepper(self, event: InputEvent) -> bool:
        """The plea stepper takes clicks on it and the arrow / +- keys; True = used up."""
        table = self.table
        st = self.stepper
        if st is not None and table.prompt is None and not table.help_open:
            if event.is_left_press and st.rect.collidepoint(event.pos):
                st.handle(event)
                table.dirty = True
                return True
            ups, downs = (uinput.RIGHT, uinput.INCREASE, uinput.UP), (uinput.LEFT, uinput.DECREASE, uinput.DOWN)
            if event.is_action(*ups, *downs):
                up = event.is_action(*ups)
                st.change(PLEA_STEP if up else -PLEA_STEP)
                table.dirty = True
                return True
            if event.kind == uinput.MOVE:
                st.handle(event)
        return False
