"""The draw and discard piles and the action buttons under them."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.scenes.hammer.common import CARD_RATIO
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import text
from game.ui.widgets import Button


class Piles(Panel):
    """The draw and discard piles (zones ``deck`` and ``discard``) and, under them, the
    buttons of the legal commands (zone ``buttons``)."""

    def contains(self, pos: tuple[int, int]) -> bool:
        t = self.table
        return any(pygame.Rect(t.rects[k]).collidepoint(pos) for k in ("deck", "discard"))

    def label_size(self) -> int:
        return max(13, min(20, pygame.Rect(self.table.rects["deck"]).h // 10))

    def region(self) -> pygame.Rect:
        """Where the piles draw on the static table: both piles and their labels above."""
        t = self.table
        deck, disc = pygame.Rect(t.rects["deck"]), pygame.Rect(t.rects["discard"])
        area = deck.union(disc)
        top = area.y - 2 - text("Draw pile: 0", self.label_size(), theme.TEXT_LIGHT, bold=True).get_height()
        # the labels are centred on their piles and may be wider than them
        return pygame.Rect(area.x - 24, top, area.w + 48, area.bottom - top)

    def key(self) -> tuple:
        """Everything the piles show."""
        t = self.table
        pile = t.view.get("discard") or []
        return (t.view.get("deck_count", 0), len(pile), pile[-1] if pile else None, bool(t.discard_marks))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        deck = pygame.Rect(t.rects["deck"])
        disc = pygame.Rect(t.rects["discard"])
        cw, ch = int(min(deck.w, deck.h / CARD_RATIO)), int(min(deck.h, deck.w * CARD_RATIO))
        size = self.label_size()
        count = t.view.get("deck_count", 0)
        pygame.draw.rect(surface, theme.FELT_DARK, deck, 2, border_radius=8)
        if count:
            back = t.art.back(t.game, (cw, ch))
            for i in range(min(3, max(1, count // 15))):
                surface.blit(back, back.get_rect(center=(deck.centerx - i * 2, deck.centery - i * 2)))
        label = text(f"Draw pile: {count}", size, theme.TEXT_LIGHT, bold=True)
        surface.blit(label, label.get_rect(midbottom=(deck.centerx, deck.y - 2)))
        pygame.draw.rect(surface, theme.FELT_DARK, disc, 2, border_radius=8)
        pile = t.view.get("discard") or []
        if pile:
            face = t.art.face(t.game, pile[-1], (cw, ch))
            surface.blit(face, face.get_rect(center=disc.center))
        label = text(f"Discard: {len(pile)}", size, theme.TEXT_LIGHT, bold=True)
        surface.blit(label, label.get_rect(midbottom=(disc.centerx, disc.y - 2)))
        if t.discard_marks:
            shade = pygame.Surface(disc.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 120))
            surface.blit(shade, disc.topleft)

    def buttons(self) -> list[Button]:
        """The buttons of the legal commands, in the ``buttons`` zone (one column, or two
        when they do not fit)."""
        t = self.table
        area = pygame.Rect(t.rects["buttons"])
        specs: list[tuple[str, str, Any, str, str]] = []
        if t.legal_of("place_pyres"):
            specs.append(("place_pyres", "Place villagers (P)", t.open_place_prompt, "p", "primary"))
        if t.legal_of("call_inquisition"):
            specs.append(
                (
                    "call_inquisition",
                    "Call inquisition (C)",
                    lambda: t.submit({"type": "call_inquisition"}),
                    "c",
                    "danger",
                )
            )
        if t.legal_of("end_turn"):
            specs.append(
                ("end_turn", "End turn, draw (Space)", lambda: t.submit({"type": "end_turn"}), uinput.PASS, "primary")
            )
        if t.legal_of("pass"):
            specs.append(("pass", "Pass (Space)", lambda: t.submit({"type": "pass"}), uinput.PASS, "normal"))
        if t.refilling():
            n = len(t.discard_marks)
            specs.append(
                (
                    "refill",
                    f"Refill, discard {n} (R)",
                    lambda: t.submit({"type": "refill", "discard": list(t.discard_marks)}),
                    "r",
                    "primary",
                )
            )
        if not specs:
            return []
        gap = max(6, area.h // 30)
        bh = max(30, min(46, (area.h - gap * (len(specs) - 1)) // len(specs)))
        cols = 1 if bh * len(specs) + gap * (len(specs) - 1) <= area.h else 2
        rows = (len(specs) + cols - 1) // cols
        bw = (area.w - gap * (cols - 1)) // cols
        size = max(14, min(20, bh // 2))
        buttons = []
        for i, (name, label, action, hotkey, style) in enumerate(specs):
            r, c = divmod(i, cols) if cols > 1 else (i, 0)
            rect = (area.x + c * (bw + gap), area.y + r * (bh + gap), bw, bh)
            buttons.append(Button(rect, label, action, style=style, font_size=size, hotkey=hotkey, name=name))
        del rows
        return buttons
