"""The shown seat's hand as sprites: one clean overlapping row, the hovered card
raised, cards no legal command names dimmed; at the game's end, the cards the game kept
hidden, face up where the table shows them."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.fonts import get_font, render_text, wrap_text
from game.ui.scenes.table.common import DIM_SHADE, FLY_SECONDS, HOVER_RAISE
from game.ui.scenes.table.panel import Panel
from game.ui.sprites import CardSprite


class HandFan(Panel):
    """The shown seat's hand as sprites in the table's sprite group: one clean
    overlapping row, the hovered card raised (``hover_card``), cards no legal command
    names dimmed; its caches of dimmed and raised faces. Where the cards lie is the
    table's hook (``hand_slots``, ``card_size``)."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.hover_card: str | None = None  # the hand card raised under the pointer
        self.dim_faces: dict[tuple, pygame.Surface] = {}
        self.raised_faces: dict[tuple, pygame.Surface] = {}

    def rebuild(self, old_view: dict | None) -> None:
        """Lay the shown seat's hand out as sprites; cards new to the hand fly in from the deck."""
        t = self.table
        old_pos = {
            s.card_id: s.rect.topleft for s in t.group.sprites() if isinstance(s, CardSprite) and s.zone == "hand"
        }
        for s in list(t.group.sprites()):
            if isinstance(s, CardSprite) and s.zone == "hand":
                s.kill()
        self.hover_card = None
        hand = t.my_hand()
        size = t.card_size()
        slots = t.hand_slots(len(hand))
        deck = t.rects.get("deck")
        for i, (card, home) in enumerate(zip(hand, slots)):
            if card == t.selected:
                home = (home[0], home[1] - size[1] // 6)
            sprite = CardSprite(card, t.hand_face(card, size), home, draggable=True, zone="hand")
            t.group.add(sprite, layer=1)
            if old_view is not None and card not in old_pos and deck is not None:
                sprite.rect.topleft = deck[:2]
                sprite.fly_to(home, FLY_SECONDS * t.anim_factor, delay=0.05 * i * t.anim_factor)
            elif card in old_pos and old_pos[card] != home and old_view is not None:
                sprite.rect.topleft = old_pos[card]
                sprite.fly_to(home, 0.2 * t.anim_factor)
        self.table.add_revealed_sprites()

    @staticmethod
    def lay_revealed_rows(
        area: pygame.Rect, rows: list[tuple[str, list[str]]]
    ) -> list[tuple[str, list[str], pygame.Rect, pygame.Rect]]:
        """Rows of named cards in ``area`` (a hand each, "Bob's hand"), in two or three
        columns when there are many: (words, cards, the words' place, the cards' place)."""
        if not rows:
            return []
        cols = 1 if len(rows) <= 2 else (2 if len(rows) <= 8 else 3)
        per_col = -(-len(rows) // cols)
        row_h, col_w = area.h // per_col, area.w // cols
        label_w = min(150, col_w // 3)
        out = []
        for i, (words, cards) in enumerate(rows):
            x, y = area.x + (i // per_col) * col_w, area.y + (i % per_col) * row_h
            out.append(
                (
                    words,
                    cards,
                    pygame.Rect(x, y, label_w, row_h),
                    pygame.Rect(x + label_w + 6, y + 2, col_w - label_w - 14, row_h - 4),
                )
            )
        return out

    @staticmethod
    def fan(place: pygame.Rect, cards: list[str], ratio: float) -> list[tuple[str, pygame.Rect]]:
        """``cards`` as tall as ``place``, side by side, overlapping when they must."""
        ch = place.h
        cw = int(ch / ratio)
        step = min(cw + 4, max(6, (place.w - cw) // max(1, len(cards) - 1))) if len(cards) > 1 else 0
        return [(card, pygame.Rect(place.x + i * step, place.y, cw, ch)) for i, card in enumerate(cards)]

    def draw_revealed_labels(
        self, surface: pygame.Surface, laid: list[tuple[str, list[str], pygame.Rect, pygame.Rect]]
    ) -> None:
        """The words of :meth:`lay_revealed_rows` (the cards are sprites over the table)."""
        for words, cards, label, _place in laid:
            size = max(11, min(16, label.h // 3))
            font = get_font(size, bold=True)
            lines = wrap_text(words if cards else f"{words}: none", font, label.w)[:3]
            y = label.centery - len(lines) * font.get_linesize() // 2
            for line in lines:
                surface.blit(render_text(line, size, theme.PARCHMENT, bold=True), (label.x, y))
                y += font.get_linesize()

    def add_revealed_sprites(self) -> None:
        """The revealed cards as sprites: drawn face up over the table, and zoomed by a
        hover or a right-click like any card (a look at the final table)."""
        t = self.table
        for s in list(t.group.sprites()):
            if isinstance(s, CardSprite) and s.zone == "revealed":
                s.kill()
        if not (t.view.get("revealed") or t.view.get("over")):
            return
        for card, rect in t.revealed_cards():
            face = t.art.face(t.game, card, rect.size)
            t.group.add(CardSprite(card, face, rect.topleft, draggable=False, zone="revealed"), layer=1)

    def face(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        """A hand card's face, dimmed when no legal command names it (from ``legal()``
        alone; a seat with nothing to do sees its whole hand dimmed)."""
        t = self.table
        face = t.art.face(t.game, card, size)
        if t.my_seat() is None or card in t.playable:
            return face
        key = (id(face), face.get_size())
        dim = self.dim_faces.get(key)
        if dim is None:
            if len(self.dim_faces) > 200:
                self.dim_faces.clear()
            dim = face.copy()
            dim.fill(DIM_SHADE, special_flags=pygame.BLEND_RGB_MULT)
            self.dim_faces[key] = dim
        return dim

    def dimmed(self, card: str) -> bool:
        """True when the hand card ``card`` is drawn dimmed (nothing legal names it)."""
        t = self.table
        return t.my_seat() is not None and card in t.my_hand() and card not in t.playable

    def fan_row(self, count: int, hand: pygame.Rect, top: int, arc_step: int, arc_cap: int) -> list[tuple[int, int]]:
        """Top-left corners of ``count`` hand cards in one row across ``hand``: side by side with a gap and a gentle arc while they fit, else one clean
        overlapping row on a straight line (each card shows its left strip; the one under
        the pointer rises, see :meth:`update_hand_hover`)."""
        cw, ch = self.table.card_size()
        if count <= 0:
            return []
        gap = max(4, cw // 12)
        step: float = cw + gap
        total: float = count * cw + (count - 1) * gap
        overlap = total > hand.w - 8 and count > 1
        if overlap:
            step = (hand.w - 8 - cw) / (count - 1)
            total = hand.w - 8
        x0 = hand.centerx - total / 2
        mid = (count - 1) / 2
        slots = []
        for i in range(count):
            arc = 0 if overlap else min(int(abs(i - mid) ** 2 * arc_step), arc_cap)
            slots.append((int(x0 + i * step), hand.y + top + arc))
        return slots

    def sprites(self) -> list[CardSprite]:
        """The hand's sprites left to right (their order in the fan)."""
        return sorted(
            (s for s in self.table.group.sprites() if isinstance(s, CardSprite) and s.zone == "hand" and s.draggable),
            key=lambda s: s.home[0],
        )

    def update_hover(self, pos: tuple[int, int]) -> None:
        """Raise the hand card under the pointer above its neighbours.

        Which card that is comes from the resting places, not the raised picture, so the
        choice never flickers; the raised card's picture grows a clear strip down to its
        resting place, so a press anywhere on what was under the pointer takes it."""
        t = self.table
        if t.drag.held is not None:
            return
        hand = t.hand_sprites()
        raised = next((s for s in hand if s.card_id == self.hover_card), None)
        under = None
        if raised is not None and raised.rect.collidepoint(pos) and not raised.moving:
            under = raised
        else:
            for s in reversed(hand):
                if not s.moving and pygame.Rect(
                    s.home, s.image.get_size() if s is not raised else t.card_size()
                ).collidepoint(pos):
                    under = s
                    break
        card = under.card_id if under is not None else None
        if card == self.hover_card:
            return
        size = t.card_size()
        lift = int(size[1] * HOVER_RAISE)
        if raised is not None and not raised.moving:
            raised.image = t.hand_face(raised.card_id, size)
            raised.rect = raised.image.get_rect(topleft=raised.home)
        self.hover_card = card
        if under is not None:
            face = t.hand_face(card, size)
            key = (id(face), lift)
            tall = self.raised_faces.get(key)
            if tall is None:
                if len(self.raised_faces) > 200:
                    self.raised_faces.clear()
                tall = pygame.Surface((face.get_width(), face.get_height() + lift), pygame.SRCALPHA)
                tall.blit(face, (0, 0))
                self.raised_faces[key] = tall
            under.image = tall
            under.rect = tall.get_rect(topleft=(under.home[0], under.home[1] - lift))
        for s in hand:  # the fan's order again, the raised card on top
            if s is not under:
                t.group.move_to_front(s)
        if under is not None:
            t.group.move_to_front(under)
        t.dirty = True

    def drop_hover(self) -> None:
        """Forget the raised hand card: its picture is the plain face again, where it is."""
        t = self.table
        s = next((s for s in t.hand_sprites() if s.card_id == self.hover_card), None)
        if s is not None:
            at = s.rect.topleft
            s.image = t.hand_face(s.card_id, t.card_size())
            s.rect = s.image.get_rect(topleft=at)
        self.hover_card = None

    def sprite_for(self, card_id: str) -> CardSprite | None:
        for s in self.table.group.sprites():
            if isinstance(s, CardSprite) and s.card_id == card_id and s.zone == "hand":
                return s
        return None
