"""What a move revealed to its mover alone, on the mover's own screen.

The hot-seat session holds the mover's view after a move that logged a private reveal
(the event types its game's GameInfo lists as ``private_reveals``; Salem's ghost peek) and lists those events in
``source.held_reveals()``. :class:`PrivateReveal` is a panel a table owns (Salem's
``table.private``): it shows them in a box in the middle of the table — the card face the
event names (its ``face`` function, given by the table) and the event's sentence, "Only
you see this" — until a click or key (the table's usual hold release), and says the same
in the hint strip (:meth:`PrivateReveal.hold_message`, which the table asks first). It
keeps where its box was last drawn (``box``). The screen is the mover's own private view
while this is shown; the curtain comes after (DESIGN D3). A LAN client's session
(``LanSession``) holds the same events from its own log until a click; a source without
``held_reveals`` shows nothing here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font, render_text, wrap_text
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import MIN_TEXT, panel


def card_of(event: dict) -> str | None:
    """The card id whose face shows what ``event`` revealed: its ``card`` (None: words only)."""
    card = event.get("card")
    return card if isinstance(card, str) else None


class PrivateReveal(Panel):
    """The private reveal box and its hint (see the module docstring). ``face`` names the
    card whose face shows what an event revealed (default: the event's ``card``)."""

    #: the must-read text of the reveal box, as the table's ``note_text`` calls it
    WHAT = "private reveal"

    def __init__(self, table: Any, face: Callable[[dict], str | None] = card_of) -> None:
        super().__init__(table)
        self.face = face
        #: where the box was drawn in the last frame (None: not shown)
        self.box: pygame.Rect | None = None

    def held(self) -> list[dict]:
        """The reveal events held on screen now ([] when there is none)."""
        t = self.table
        reveals = getattr(t.source, "held_reveals", None)
        if not callable(reveals) or t.view.get("seat") is None:
            return []
        return list(reveals())

    def hold_message(self) -> str:
        """The hint strip's words while the box is shown ("" when it is not)."""
        if self.held():
            return "Only you see this card. Click or press Enter when you have seen it."
        return ""

    def centre(self, size: tuple[int, int]) -> tuple[int, int]:
        """Where the box is centred: the table's centre zone (else the hand's, the window's)."""
        rects = self.table.rects
        zone = rects.get("center") or rects.get("hand")
        return pygame.Rect(zone).center if zone is not None else (size[0] // 2, size[1] // 2)

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.box is not None and self.box.collidepoint(pos)

    def draw(self, surface: pygame.Surface) -> None:
        """The revealed card and its sentence, in a box over the middle of the table."""
        t = self.table
        events = self.held()
        if not events:
            self.box = None
            return
        w, h = surface.get_size()
        size = max(MIN_TEXT + 4, min(22, h // 34))
        small = max(MIN_TEXT, size - 4)
        font = get_font(size, bold=True)
        width = min(w - 40, 600)
        lines: list[str] = []
        for event in events:
            sentence = t.describe_event(event)
            if sentence:
                lines.extend(wrap_text(sentence, font, width - 40))
        lines = lines[:4]
        faces = [f for f in (self.face(e) for e in events) if f]
        card_h = max(100, min(300, h // 3))
        card = (int(card_h * 5 / 7), card_h)
        head = render_text("Only you see this", small, theme.TEXT_MUTED)
        foot = render_text("Click or press Enter when you have seen it", small, theme.TEXT_MUTED)
        height = (
            14
            + head.get_height()
            + 6
            + len(lines) * font.get_linesize()
            + 10
            + (card[1] + 12 if faces else 0)
            + foot.get_height()
            + 14
        )
        box = pygame.Rect(0, 0, width, height)
        box.center = self.centre((w, h))
        strip = t.rects.get("message")
        if strip is not None and pygame.Rect(strip).top - 14 >= height:
            box.bottom = min(box.bottom, pygame.Rect(strip).top - 8)  # the hint strip stays in sight
        box.clamp_ip(pygame.Rect(0, 0, w, h).inflate(-8, -8))
        panel(surface, box.inflate(6, 6), alpha=248, edge=theme.SELECT, radius=12, width=3)
        self.box = box
        drawn = []
        y = box.y + 14
        surface.blit(head, head.get_rect(midtop=(box.centerx, y)))
        y += head.get_height() + 6
        for line in lines:
            surf = render_text(line, size, theme.PARCHMENT, bold=True)
            drawn.append(surface.blit(surf, surf.get_rect(midtop=(box.centerx, y))))
            y += font.get_linesize()
        y += 10
        if faces:
            gap = 10
            x = box.centerx - (len(faces) * card[0] + (len(faces) - 1) * gap) // 2
            for face in faces:
                surface.blit(t.art.face(t.game, face, card), (x, y))
                x += card[0] + gap
            y += card[1] + 12
        surface.blit(foot, foot.get_rect(midtop=(box.centerx, y)))
        words = " ".join(lines)
        t.note_text(self.WHAT, words, words, drawn, box)
