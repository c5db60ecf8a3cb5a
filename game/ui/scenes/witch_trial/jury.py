"""The jury box: twelve seats coloured innocent to guilty, the odds, the gliding marker."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.icons import get_icon
from game.ui.scenes import witch_trial_text as words
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import text
from game.ui.scenes.witch_trial.common import (
    GUILTY_AT,
    JURY_SEATS,
    JURY_SECONDS,
    _chance_at_least,
    felt_panel,
)


class Jury(Panel):
    """The jury box (zone ``jury_box``): twelve seats, the Jury Value marked, and the marker
    that glides when the value changes (``jury_anim``: from, to, seconds so far); where
    the seats lie (``jury_centers``, ``jury_radius``)."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.jury_centers: list[tuple[int, int]] = []
        self.jury_radius = 10
        self.jury_anim: list[float] | None = None

    def _jury_geometry(self) -> None:
        table = self.table
        box = pygame.Rect(table.rects["jury_box"])
        head = max(20, box.h // 7)
        foot = max(30, box.h // 4)
        area = pygame.Rect(box.x + 10, box.y + head + 10, box.w - 20, box.h - head - foot - 14)
        cols, rows = 6, 2
        cell_w, cell_h = area.w / cols, area.h / rows
        r = int(max(8, min(cell_w, cell_h) * 0.38))
        self.jury_radius = r
        self.jury_centers = []
        for value in range(1, JURY_SEATS + 1):
            i = value - 1
            row, col = divmod(i, cols)
            self.jury_centers.append((int(area.x + cell_w * (col + 0.5)), int(area.y + cell_h * (row + 0.5))))

    def shown_jury(self) -> float | None:
        table = self.table
        value = table.trial().get("jury_value")
        if self.jury_anim is None:
            return float(value) if isinstance(value, int) else None
        a, b, t = self.jury_anim
        t = min(1.0, t / JURY_SECONDS)
        t = 1 - (1 - t) ** 3
        return a + (b - a) * t

    def draw_jury_box(self, surface: pygame.Surface) -> None:
        table = self.table
        box = pygame.Rect(table.rects["jury_box"])
        felt_panel(surface, box, color=theme.WOOD_DARK, alpha=240)
        trial = table.trial()
        head_size = max(14, min(24, box.h // 12))
        icon = get_icon("jury", head_size + 4, theme.PARCHMENT)
        surface.blit(icon, (box.x + 10, box.y + 8))
        title = text("Jury box", head_size, theme.PARCHMENT, bold=True, title=True)
        surface.blit(title, (box.x + 16 + icon.get_width(), box.y + 8 + (icon.get_height() - title.get_height()) // 2))
        jv = trial.get("jury_value")
        if isinstance(jv, int):
            t = text(f"Jury Value {jv}", head_size, theme.HIGHLIGHT, bold=True)
            surface.blit(t, t.get_rect(topright=(box.right - 12, box.y + 8)))
        r = self.jury_radius
        small = max(11, min(18, r))
        for value, (cx, cy) in enumerate(self.jury_centers, start=1):
            col = theme.jury_seat_color(value, isinstance(jv, int))
            seat_r = pygame.Rect(0, 0, int(r * 2.1), int(r * 1.9))
            seat_r.center = (cx, cy)
            pygame.draw.rect(surface, theme.darken(col, 0.35), seat_r.move(0, r // 3), border_radius=r // 2)
            pygame.draw.rect(surface, col, seat_r, border_radius=r // 2)
            if value >= 11:  # 11 and 12 always convict (docs/rules/witch_trial.md §4.7)
                pygame.draw.rect(surface, theme.PARCHMENT_DARK, seat_r, 1, border_radius=r // 2)
            n = text(str(value), small, theme.TEXT_LIGHT, bold=True)
            surface.blit(n, n.get_rect(center=seat_r.center))
        foot_size = max(11, min(17, box.h // 16))
        if isinstance(jv, int):
            need = GUILTY_AT - jv
            if need <= 2:
                line = "Guilty whatever the dice say (2d6 + Jury \u2265 13)."
            else:
                line = f"Guilty on 2d6 of {need}+ ({round(_chance_at_least(need) * 100)}%): 2d6 + Jury \u2265 13."
            start = trial.get("jury_start")
            line2 = f"Started at {start}" + (f"; {words.signed(jv - start)} since" if isinstance(start, int) else "")
        else:
            line = "No trial in session."
            line2 = "2d6 + Jury Value \u2265 13 convicts."
        y = box.bottom - 8
        for ln in (line2, line):
            for wl in reversed(wrap_text(ln, get_font(foot_size), box.w - 20)):
                t = text(wl, foot_size, theme.TEXT_LIGHT if ln == line else theme.TEXT_MUTED)
                y -= t.get_height()
                surface.blit(t, (box.x + 10, y))

    def draw_jury_marker(self, surface: pygame.Surface) -> None:
        """The Jury Value marker, gliding between seats while the value changes."""
        table = self.table
        value = self.shown_jury()
        if value is not None and self.jury_centers:
            i = max(0.0, min(JURY_SEATS - 1.0, value - 1))
            a = int(i)
            b = min(JURY_SEATS - 1, a + 1)
            t = i - a
            ax, ay = self.jury_centers[a]
            bx, by = self.jury_centers[b]
            cx, cy = int(ax + (bx - ax) * t), int(ay + (by - ay) * t)
            rr = int(self.jury_radius * 1.25)
            pygame.draw.circle(surface, theme.INK, (cx, cy), rr + 3)
            pygame.draw.circle(surface, theme.HIGHLIGHT, (cx, cy), rr)
            shown = table.trial().get("jury_value")
            n = text(str(shown), max(12, int(rr * 1.1)), theme.INK, bold=True)
            surface.blit(n, n.get_rect(center=(cx, cy)))
