"""What a move revealed to its mover alone, on the mover's own screen.

The hot-seat session holds the mover's view after a move that logged a private reveal
(the event types its game's GameInfo lists as ``private_reveals``; Salem's ghost peek) and lists those events in
``source.held_reveals()``. :class:`RevealPanel` (a table mixin, placed before
``TableScene`` in the bases) shows them in a box in the middle of the table: the card
face the event names (:meth:`reveal_face`) and the event's sentence, "Only you see this",
until a click or key (the table's usual hold release); the hint strip says the same.
The screen is the mover's own private view while this is shown; the curtain comes
after (DESIGN D3). A LAN client's session (``LanSession``) holds the same events from its
own log until a click; a source without ``held_reveals`` shows nothing here.
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.fonts import get_font, render_text, wrap_text
from game.ui.scenes.table_base import MIN_TEXT, panel


class RevealPanel:
    """Mixin for a table scene: the private reveal box and its hint (see the module docstring)."""

    #: the must-read text of the reveal box, as :meth:`note_text` calls it
    REVEAL_WHAT = "private reveal"

    def held_reveals(self) -> list[dict]:
        """The reveal events held on screen now ([] when there is none)."""
        reveals = getattr(self.source, "held_reveals", None)
        if not callable(reveals) or self.view.get("seat") is None:
            return []
        return list(reveals())

    def reveal_face(self, event: dict) -> str | None:
        """The card id whose face shows what ``event`` revealed (None: words only).
        Default: the event's ``card``; a game whose faces are named otherwise overrides."""
        card = event.get("card")
        return card if isinstance(card, str) else None

    def hold_message(self) -> str:
        if self.held_reveals():
            return "Only you see this card. Click or press Enter when you have seen it."
        return super().hold_message()  # type: ignore[misc]

    def reveal_centre(self, size: tuple[int, int]) -> tuple[int, int]:
        """Where the box is centred: the table's centre zone (else the hand's, the window's)."""
        zone = self.rects.get("center") or self.rects.get("hand")  # type: ignore[attr-defined]
        return pygame.Rect(zone).center if zone is not None else (size[0] // 2, size[1] // 2)

    def draw_reveal(self, surface: pygame.Surface) -> None:
        """The revealed card and its sentence, in a box over the middle of the table."""
        events = self.held_reveals()
        if not events:
            return
        w, h = surface.get_size()
        size = max(MIN_TEXT + 4, min(22, h // 34))
        small = max(MIN_TEXT, size - 4)
        font = get_font(size, bold=True)
        width = min(w - 40, 600)
        lines: list[str] = []
        for event in events:
            sentence = self.describe_event(event)  # type: ignore[attr-defined]
            if sentence:
                lines.extend(wrap_text(sentence, font, width - 40))
        lines = lines[:4]
        faces = [f for f in (self.reveal_face(e) for e in events) if f]
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
        box.center = self.reveal_centre((w, h))
        strip = self.rects.get("message")  # type: ignore[attr-defined]
        if strip is not None and pygame.Rect(strip).top - 14 >= height:
            box.bottom = min(box.bottom, pygame.Rect(strip).top - 8)  # the hint strip stays in sight
        box.clamp_ip(pygame.Rect(0, 0, w, h).inflate(-8, -8))
        panel(surface, box.inflate(6, 6), alpha=248, edge=theme.SELECT, radius=12, width=3)
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
                surface.blit(self.art.face(self.game, face, card), (x, y))  # type: ignore[attr-defined]
                x += card[0] + gap
            y += card[1] + 12
        surface.blit(foot, foot.get_rect(midtop=(box.centerx, y)))
        words = " ".join(lines)
        self.note_text(self.REVEAL_WHAT, words, words, drawn, box)  # type: ignore[attr-defined]
