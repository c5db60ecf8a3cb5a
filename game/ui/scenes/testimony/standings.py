"""The match standings panel: every game's scores and the totals, the winners at the end.

:class:`StandingsPanel` is a panel the table owns (``table.standings``); it reads the
table's ``view``, ``rects``, ``players`` and whether the reveal is being told (the game
being revealed is added once it is told: ``table.telling``)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font
from game.ui.icons import get_icon
from game.ui.scenes import testimony_text as words
from game.ui.scenes.table_base import text
from game.ui.scenes.testimony.common import draw_kept, felt_panel, fit_text

#: the least room a player's name gets in the standings (about eight letters)
MIN_NAME = 56


class StandingsPanel:
    """The match standings (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.picture: tuple | None = None  # (key, the part as drawn)

    def picture_key(self) -> tuple:
        """Everything the standings show."""
        v = self.table.view
        return (
            repr([(g.get("scores"), g.get("totals")) for g in v.get("history") or []]),
            v.get("game_no"),
            v.get("games"),
            tuple(v.get("winners") or []),
            v.get("stage") == "over",
            v.get("stage") == "between",
            self.table.telling(),
        )

    def draw(self, surface: pygame.Surface) -> None:
        """From the kept picture while it shows the same (:func:`draw_kept`)."""
        draw_kept(self, surface, self.table.rects["standings"], self.picture_key(), self.paint)

    @staticmethod
    def columns(width: int, size: int, games: int, need: int) -> tuple[int, list[int]]:
        """How a panel ``width`` px wide splits between the names and the score columns:
        (the name column's width, the widths of the columns after it: one per game shown,
        then the Total). The columns keep their roomy width while the longest name
        (``need`` px) still fits whole; otherwise they close up to their figures; and if a
        name would then get less than MIN_NAME px (a window below 1024x640) only the Total
        is kept: a name is never cut down to its first letters."""
        head = get_font(max(11, size - 1), bold=True)
        game_w = max(get_font(size).size("+4")[0], head.size("G3")[0]) + 10
        total_w = max(get_font(size, bold=True).size("10")[0], head.size("Total")[0]) + 10
        wide = [max(40, (width - 150) // (games + 1))] * (games + 1)
        narrow = [game_w] * games + [total_w]
        room = width - 16 - 22  # the name column's width less the dot and the margins
        if room - sum(wide) >= need:
            return width - 16 - sum(wide), wide
        if room - sum(narrow) >= MIN_NAME:
            return width - 16 - sum(narrow), narrow
        return width - 16 - total_w, [total_w]

    def paint(self, surface: pygame.Surface) -> None:
        r = pygame.Rect(self.table.rects["standings"])
        felt_panel(surface, r, alpha=215)
        v = self.table.view
        games = int(v.get("games") or 3)
        size = max(12, min(17, r.h // 20, r.w // 22))
        head = text("Match standings", size + 2, theme.PARCHMENT, bold=True)
        surface.blit(head, (r.x + 10, r.y + 6))
        history = v.get("history") or []
        if self.table.telling():
            history = history[:-1]  # the game being revealed is added once it is told
        players = list(self.table.source.players)
        y = r.y + 14 + head.get_height()
        need = max(get_font(size, bold=True).size(words.seat_name(s, players))[0] for s in range(self.table.players))
        need += size + 6 if v.get("winners") else 0  # the winner's icon after the name
        name_w, widths = self.columns(r.w, size, games, need)
        shown = len(widths) - 1  # games with a column of their own
        right, edge = [], r.x + 10 + name_w - 6
        for cw in widths:  # each column's right edge
            edge += cw
            right.append(edge)
        cols = [f"G{i + 1}" for i in range(shown)] + ["Total"]
        for c, edge in zip(cols, right):
            t = text(c, max(11, size - 1), theme.TEXT_MUTED, bold=True)
            surface.blit(t, t.get_rect(topright=(edge, y)))
        y += size + 8
        totals = list(history[-1].get("totals")) if history else [0] * self.table.players
        best = max(totals) if totals else 0
        # the reveal tells the last game first: no crown before it has (the winner's name
        # lit while "G3" still read "–" gave the match away)
        winners = set() if self.table.telling() else set(v.get("winners") or [])
        row_h = max(size + 6, min(size + 14, (r.bottom - y - 40) // max(1, self.table.players)))
        for seat in range(self.table.players):
            pygame.draw.circle(surface, theme.seat_color(seat), (r.x + 16, y + row_h // 2 - 2), 5)
            colour = theme.HIGHLIGHT if seat in winners else theme.TEXT_LIGHT
            name = text(fit_text(words.seat_name(seat, players), size, name_w - 22), size, colour, bold=seat in winners)
            surface.blit(name, (r.x + 26, y))
            if seat in winners:
                icon = get_icon("winner", size + 2, theme.HIGHLIGHT)
                surface.blit(icon, (r.x + 30 + name.get_width(), y - 1))
            for g in range(shown):
                cell = "\u2013"
                if g < len(history):
                    cell = f"{history[g]['scores'][seat]:+d}"
                t = text(cell, size, theme.TEXT_LIGHT)
                surface.blit(t, t.get_rect(topright=(right[g], y)))
            total = totals[seat] if seat < len(totals) else 0
            t = text(str(total), size, theme.HIGHLIGHT if history and total == best else theme.TEXT_LIGHT, bold=True)
            surface.blit(t, t.get_rect(topright=(right[shown], y)))
            y += row_h
        y += 6
        if v.get("stage") == "over" and winners:
            names = " and ".join(words.seat_name(s, players) for s in sorted(winners))
            line = f"{names} win{'' if len(winners) > 1 else 's'} the match."
        elif v.get("stage") in ("between", "over"):
            line = f"Game {v.get('game_no')} of {games} is over."
        else:
            line = f"Game {v.get('game_no')} of {games} under way."
        t = text(fit_text(line, max(11, size - 1), r.w - 20), max(11, size - 1), theme.PARCHMENT)
        surface.blit(t, (r.x + 10, y))
