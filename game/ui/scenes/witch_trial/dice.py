"""The dice panel: the last roll(s) with their purpose, a verdict's sum."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.icons import get_icon
from game.ui.scenes import witch_trial_text as words
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import MIN_TEXT, blit_text, text
from game.ui.scenes.witch_trial.common import (
    DEFENSE_COLOUR,
    PROSECUTION_COLOUR,
    felt_panel,
)

#: events that start a player's next action between trials: rolls before them are old news
PLAYER_ACTIONS = ("buy", "case", "defend", "prosecute", "pass")


class Dice(Panel):
    """The dice (zone ``dice``): the last roll(s) with their purpose; fresh dice tumble for a
    moment (``dice_anim``) before they settle; where each die lies (``die_rects``)."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.die_rects: list[pygame.Rect] = []
        self.dice_anim: float | None = None

    def _put_die_rects(self, rects: list[pygame.Rect]) -> None:
        self.die_rects = list(rects)

    def shown_rolls(self) -> list[dict]:
        """The rolls the panel shows: those of the trial in session, or of the command that
        just ended a trial (its verdict) until the next player acts; after that, and in a
        later trial until it rolls, the panel is clear. Every roll belongs to a trial
        (docs/rules/witch_trial.md §4.7)."""
        table = self.table
        rolls = list(table.view.get("last_rolls") or [])
        if not rolls:
            return rolls
        if table.trial():
            return [] if self.rolls_before_trial() else rolls
        for e in reversed(table.log_events):
            if e.get("type") == "roll":
                return rolls
            if e.get("type") in PLAYER_ACTIONS:
                return []
        return []

    def dice_key(self) -> Any:
        """Everything ``draw_dice`` reads."""
        table = self.table
        rolls = self.shown_rolls()
        if not rolls:
            return (bool(table.view.get("last_rolls")), bool(table.trial()))
        trial = table.trial()
        verdict = None
        if rolls[0].get("purpose") == "verdict":
            verdict = next((e for e in reversed(table.log_events) if e.get("type") == "verdict"), None)
        return (repr(rolls), repr(verdict), bool(trial), trial.get("defender"))

    def draw_dice(self, surface: pygame.Surface) -> None:
        table = self.table
        r = pygame.Rect(table.rects["dice"])
        felt_panel(surface, r, color=theme.WOOD_DARK, alpha=230)
        size = max(13, min(20, r.h // 12))
        icon = get_icon("dice", size + 4, theme.PARCHMENT)
        surface.blit(icon, (r.x + 8, r.y + 6))
        title = text("Dice", size, theme.PARCHMENT, bold=True, title=True)
        surface.blit(title, (r.x + 14 + icon.get_width(), r.y + 6 + (icon.get_height() - title.get_height()) // 2))
        rolls = self.shown_rolls()
        self.die_rects = []
        top = r.y + 12 + icon.get_height()
        if not rolls:
            idle = (
                "No dice in this trial yet."
                if table.trial()
                else "No trial in session."
                if table.view.get("last_rolls")
                else "No dice rolled yet."
            )
            t = text(idle, max(11, size - 3), theme.TEXT_MUTED)
            table.note_text("dice", idle, idle, [blit_text(surface, t, (r.x + 10, top + 4))], r)
            return
        purpose = rolls[0].get("purpose")
        head = words.PURPOSE_NAMES.get(purpose, str(purpose).replace("_", " ").title())
        if purpose == "public_defender":
            head = "Public defender: lowest defends"
        t = text(head, max(11, size - 2), theme.HIGHLIGHT, bold=True)
        if t.get_width() > r.w - 16:
            t = text(head, max(MIN_TEXT, size - 5), theme.HIGHLIGHT, bold=True)
        surface.blit(t, (r.x + 10, top))
        top += t.get_height() + 4
        verdict = None
        if purpose == "verdict":
            verdict = next((e for e in reversed(table.log_events) if e.get("type") == "verdict"), None)
        trial = table.trial()
        defender_line = None
        if purpose == "public_defender" and trial:
            defender_line = f"\u2192 {table.name(trial.get('defender'))} defends"
        foot = (size + 4) * 2 if verdict is not None else (size + 4) if defender_line else 0
        avail = r.bottom - 6 - foot - top
        n = len(rolls)
        row_h = max(16, min(int(r.h * 0.3), avail // max(1, n)))
        shown = rolls[-max(1, avail // row_h) :]
        low = min((e.get("total", 99) for e in rolls if e.get("purpose") == "public_defender"), default=None)
        last_round = {}
        for e in rolls:
            last_round[e.get("seat")] = e
        y = top
        for e in shown:
            die = max(12, row_h - 6)
            x = r.x + 10
            label = table.name(e.get("seat"))
            nt = text(label, max(11, min(size, die * 6 // 10)), theme.TEXT_LIGHT, bold=True)
            name_w = min(r.w // 3, max(40, nt.get_width()))
            count = max(1, len(e.get("dice") or []))
            total_w = text(
                f"= {e.get('total')}", max(11, min(size, die * 6 // 10)), theme.TEXT_LIGHT, bold=True
            ).get_width()
            die = max(10, min(die, (r.right - 10 - x - name_w - 6 - total_w - 6) // count - 4))
            surface.blit(nt, nt.get_rect(midleft=(x, y + die // 2)))
            x += name_w + 6
            for d in e.get("dice") or []:
                self.draw_die(surface, pygame.Rect(x, y, die, die), int(d))
                self.die_rects.append(pygame.Rect(x, y, die, die))
                x += die + 4
            total = e.get("total")
            col = theme.TEXT_LIGHT
            if e.get("purpose") == "public_defender" and total == low and last_round.get(e.get("seat")) is e:
                col = theme.HIGHLIGHT
            tt = text(f"= {total}", max(11, min(size, die * 6 // 10)), col, bold=True)
            surface.blit(tt, tt.get_rect(midleft=(x + 2, y + die // 2)))
            y += row_h
        if defender_line is not None:
            t = text(defender_line, max(11, size - 1), theme.HIGHLIGHT, bold=True)
            surface.blit(t, (r.x + 10, y + 2))
        if verdict is not None:
            line = f"+ Jury {verdict.get('jury_value')} = {verdict.get('total')}"
            t = text(line, max(11, size - 1), theme.TEXT_LIGHT, bold=True)
            surface.blit(t, (r.x + 10, y + 2))
            g = verdict.get("guilty")
            v = text(
                "GUILTY" if g else "NOT GUILTY",
                size + 2,
                theme.lighten(PROSECUTION_COLOUR if g else DEFENSE_COLOUR, 0.5),
                bold=True,
                title=True,
            )
            surface.blit(v, (r.x + 10, y + 4 + t.get_height()))

    def rolls_before_trial(self) -> bool:
        """True when the dice shown were rolled before the trial now in session."""
        table = self.table
        if not table.trial():
            return False
        last_roll = started = -1
        for i, e in enumerate(table.log_events):
            if e.get("type") == "roll":
                last_roll = i
            elif e.get("type") in ("defend", "prosecute"):  # a trial starts (the roll-off follows)
                started = i
        return last_roll < started

    def draw_die(self, surface: pygame.Surface, r: pygame.Rect, value: int) -> None:
        pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, r, border_radius=max(3, r.w // 5))
        pygame.draw.rect(surface, theme.INK, r, 1, border_radius=max(3, r.w // 5))
        pip = max(2, r.w // 10)
        q = r.w // 4
        spots = {
            1: [(2, 2)],
            2: [(1, 1), (3, 3)],
            3: [(1, 1), (2, 2), (3, 3)],
            4: [(1, 1), (3, 1), (1, 3), (3, 3)],
            5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
            6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)],
        }
        for sx, sy in spots.get(value, []):
            pygame.draw.circle(surface, theme.INK, (r.x + sx * q, r.y + sy * q), pip)

    def draw_dice_tumble(self, surface: pygame.Surface) -> None:
        """Fresh dice tumble for a moment (over the static panel) before they settle."""
        if self.dice_anim is not None and self.die_rects:
            tick = int(self.dice_anim * 20)
            for i, r in enumerate(self.die_rects):
                self.draw_die(surface, r, (tick * 5 + i * 3) % 6 + 1)
