"""The shown seat's hand, fanned; in phase 4 the cards marked for discard lie on the pile."""
from __future__ import annotations

import pygame

from game.ui.scenes.hammer.common import CARD_RATIO
from game.ui.sprites import CardSprite


class HandPanel:
    """The hand sprites: where each card lies. Mixed into
    :class:`~game.ui.scenes.hammer.table.HammerTableScene`."""

    def card_size(self) -> tuple[int, int]:
        hand = pygame.Rect(self.rects["hand"])
        h = max(60, hand.h - 10)
        return (int(h / CARD_RATIO), h)

    def hand_slots(self, count: int) -> list[tuple[int, int]]:
        """The fan of the kept cards (those marked for discard lie on the pile)."""
        marks = [c for c in self.discard_marks if c in self.my_hand()]
        ch = self.card_size()[1]
        # a gentle fan while the cards fit side by side: the ends sit lower
        # the hand zone left of the sealed-bribe tray (H8.1)
        return self.fan_row(count - len(marks), self.hand_area(), 6, max(1, ch // 60), ch // 8)

    def hand_sprites(self) -> list[CardSprite]:
        """The fan's sprites, left to right (not the cards lying on the discard pile)."""
        return [s for s in super().hand_sprites() if s.card_id not in self.discard_marks]

    def rebuild_sprites(self, old_view: dict | None) -> None:
        """Like the base, but cards marked for discard in phase 4 lie on the discard pile."""
        hand = self.my_hand()
        self.discard_marks = [c for c in self.discard_marks if c in hand] if self.refilling() else []
        if not self.discard_marks:
            super().rebuild_sprites(old_view)
            return
        self.hover_card = None
        kept = [c for c in hand if c not in self.discard_marks]
        old_pos = {s.card_id: s.rect.topleft for s in self.group.sprites()
                   if isinstance(s, CardSprite) and s.zone == "hand"}
        for s in list(self.group.sprites()):
            if isinstance(s, CardSprite) and s.zone == "hand":
                s.kill()
        size = self.card_size()
        slots = self.hand_slots(len(hand))
        disc = pygame.Rect(self.rects["discard"])
        small = (int(size[0] * 0.8), int(size[1] * 0.8))
        homes = list(zip(kept, slots))
        for i, card in enumerate(self.discard_marks):
            homes.append((card, (disc.x + 4 + i * max(6, small[0] // 5), disc.y + 4 + i * 3)))
        for card, home in homes:
            marked = card in self.discard_marks
            if card == self.selected:
                home = (home[0], home[1] - size[1] // 6)
            img = self.art.face(self.game, card, small) if marked else self.hand_face(card, size)
            sprite = CardSprite(card, img, home, zone="hand")
            self.group.add(sprite, layer=2 if marked else 1)
            if card in old_pos and old_pos[card] != home:
                sprite.rect.topleft = old_pos[card]
                sprite.fly_to(home, 0.2)

    def snap_home(self) -> None:
        for s in self.group.sprites():
            if isinstance(s, CardSprite) and s.zone == "hand" and s.rect.topleft != s.home:
                s.fly_to(s.home, 0.18 * self.anim_factor)
        self.dirty = True
