"""The phase track along the top: round, the four phases, the inquisitor, help."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.icons import get_icon
from game.ui.scenes.hammer.common import PHASES
from game.ui.scenes.table_base import panel, text


class PhaseTrack:
    """The phase track. Mixed into
    :class:`~game.ui.scenes.hammer.table.HammerTableScene`."""

    def draw_phase_track(self, surface: pygame.Surface) -> None:
        r = pygame.Rect(self.rects["phase_track"])
        panel(surface, r, alpha=235, radius=8)
        v = self.view
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
            lbl = text(f"Inquisitor: {self.name(inq)}", max(12, size - 3), theme.TEXT_LIGHT, bold=True)
            surface.blit(lbl, lbl.get_rect(midleft=(rx + icon.get_width() + 6, r.centery)))
        elif status:
            lbl = text(status, max(12, size - 2), theme.TEXT_LIGHT, bold=True)
            surface.blit(lbl, lbl.get_rect(midleft=(rx, r.centery)))
        else:
            lbl = text("No inquisitor yet", max(12, size - 3), theme.TEXT_MUTED)
            surface.blit(lbl, lbl.get_rect(midleft=(rx, r.centery)))
        q = text("?  help", max(12, size - 4), theme.TEXT_MUTED)
        self.help_rect = q.get_rect(midright=(r.right - 10, r.centery)).inflate(12, 8)
        surface.blit(q, q.get_rect(midright=(r.right - 10, r.centery)))
