"""The phase track along the top: round, the four phases, the inquisitor, help."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.icons import get_icon
from game.ui.scenes.hammer.common import PHASES
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import panel, text


class PhaseTrack(Panel):
    """The phase track in its zone (``phase_track``): its picture is kept until the round,
    the phase or the inquisitor changes; its "? help" spot is where a click opens the
    help (the table's ``help_rect``)."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.picture: tuple | None = None  # (key, surface, help spot in the picture)

    def key(self) -> tuple:
        """Everything the track shows."""
        t = self.table
        v = t.view
        inq = v.get("inquisitor")
        return (
            pygame.Rect(t.rects["phase_track"]).size,
            v.get("round", 1),
            v.get("phase"),
            bool(v.get("over")),
            inq,
            t.name(inq) if isinstance(inq, int) else None,
        )

    def draw(self, surface: pygame.Surface) -> None:
        """The track on the static table (which is the felt under it)."""
        t = self.table
        r = pygame.Rect(t.rects["phase_track"])
        key = self.key()
        if self.picture is None or self.picture[0] != key:
            old = self.picture[1] if self.picture is not None else None
            # the old picture is drawn over (a fresh surface of this size costs more than the drawing)
            picture = old if old is not None and old.get_size() == r.size else pygame.Surface(r.size).convert()
            picture.fill(theme.FELT)
            spot = self.draw_track(picture, picture.get_rect())
            self.picture = (key, picture, spot)
        surface.blit(self.picture[1], r.topleft)
        self.place_help()

    def place_help(self) -> None:
        """Where a click opens the help: the track's "? help" spot (the table's ``help_rect``)."""
        if self.picture is not None:
            self.table.help_rect = self.picture[2].move(pygame.Rect(self.table.rects["phase_track"]).topleft)

    def draw_track(self, surface: pygame.Surface, r: pygame.Rect) -> pygame.Rect:
        """Draw the track in ``r``; where its "? help" spot lies."""
        t = self.table
        panel(surface, r, alpha=235, radius=8)
        v = t.view
        size = max(13, min(22, r.h * 45 // 100))
        x = r.x + 10
        round_label = text(f"Round {v.get('round', 1)}", size, theme.PARCHMENT, bold=True, title=True)
        surface.blit(round_label, round_label.get_rect(midleft=(x, r.centery)))
        x += round_label.get_width() + 12
        phase = v.get("phase")
        right_w = int(r.w * 0.30)
        pill_w = (r.right - right_w - x - 8) // 4
        for key, label in PHASES:
            pill = pygame.Rect(x, r.y + 5, pill_w - 6, r.h - 10)
            lit = key == phase
            pygame.draw.rect(surface, theme.HIGHLIGHT if lit else theme.WOOD_DARK, pill, border_radius=pill.h // 2)
            surf = text(label, max(12, size - 3), theme.INK if lit else theme.TEXT_MUTED, bold=lit)
            if surf.get_width() > pill.w - 6:
                surf = text(label.split(" ", 1)[1], max(11, size - 5), theme.INK if lit else theme.TEXT_MUTED, bold=lit)
            surface.blit(surf, surf.get_rect(center=pill.center))
            x += pill_w
        # right: who acts, the inquisitor
        status = ""
        if phase == "setup":
            status = "Setup"
        elif v.get("over"):
            status = "Game over"
        inq = v.get("inquisitor")
        rx = r.right - right_w
        if isinstance(inq, int):
            icon = get_icon("inquisitor", r.h - 14, theme.HIGHLIGHT)
            surface.blit(icon, icon.get_rect(midleft=(rx, r.centery)))
            lbl = text(f"Inquisitor: {t.name(inq)}", max(12, size - 3), theme.TEXT_LIGHT, bold=True)
            surface.blit(lbl, lbl.get_rect(midleft=(rx + icon.get_width() + 6, r.centery)))
        elif status:
            lbl = text(status, max(12, size - 2), theme.TEXT_LIGHT, bold=True)
            surface.blit(lbl, lbl.get_rect(midleft=(rx, r.centery)))
        else:
            lbl = text("No inquisitor yet", max(12, size - 3), theme.TEXT_MUTED)
            surface.blit(lbl, lbl.get_rect(midleft=(rx, r.centery)))
        q = text("?  help", max(12, size - 4), theme.TEXT_MUTED)
        surface.blit(q, q.get_rect(midright=(r.right - 10, r.centery)))
        return q.get_rect(midright=(r.right - 10, r.centery)).inflate(12, 8)
