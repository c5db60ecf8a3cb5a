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
        hand = self.my_hand()
        marks = [c for c in self.discard_marks if c in hand]
        aside = self.fan_aside()
        out = len(marks) + (1 if aside is not None and aside not in marks else 0)
        ch = self.card_size()[1]
        # a gentle fan while the cards fit side by side: the ends sit lower
        # the hand zone left of the sealed-bribe tray (H8.1)
        return self.fan_row(count - out, self.hand_area(), 6, max(1, ch // 60), ch // 8)

    def fan_aside(self) -> str | None:
        """The Bribe out of the fan while its villager or sign is chosen (it lies in the
        tray, ``tray_pending``, or where it was dropped on a villager, ``bribe_aside``):
        the fan closes up behind it and opens again if the seal is called off."""
        card = self.tray_pending or self.bribe_aside
        if card is None or (self.pick is None and self.prompt is None) or card not in self.my_hand():
            return None
        return card if self.pending_sprite(card) is not None else None

    def hand_sprites(self) -> list[CardSprite]:
        """The fan's sprites, left to right (not the cards lying on the discard pile)."""
        return [s for s in super().hand_sprites() if s.card_id not in self.discard_marks]

    def rebuild_sprites(self, old_view: dict | None) -> None:
        """Like the base, but cards marked for discard in phase 4 lie on the discard pile,
        and a Bribe being sealed (``fan_aside``) stays where it lies, out of the fan."""
        hand = self.my_hand()
        self.discard_marks = [c for c in self.discard_marks if c in hand] if self.refilling() else []
        aside = self.fan_aside()
        if not self.discard_marks and aside is None:
            super().rebuild_sprites(old_view)
            return
        self.hover_card = None
        kept = [c for c in hand if c not in self.discard_marks and c != aside]
        old_pos = {s.card_id: s.rect.topleft for s in self.group.sprites()
                   if isinstance(s, CardSprite) and s.zone == "hand"}
        for s in list(self.group.sprites()):
            if isinstance(s, CardSprite) and s.zone == "hand" and (s.card_id != aside or aside in self.discard_marks):
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
            if card == aside and not marked:
                continue  # its sprite was kept where it lies
            if card == self.selected:
                home = (home[0], home[1] - size[1] // 6)
            img = self.art.face(self.game, card, small) if marked else self.hand_face(card, size)
            sprite = CardSprite(card, img, home, zone="hand")
            self.group.add(sprite, layer=2 if marked else 1)
            if card in old_pos and old_pos[card] != home:
                sprite.rect.topleft = old_pos[card]
                sprite.fly_to(home, 0.2)

    def glide_fan(self, old_pos: dict[str, tuple[int, int]], but: str | None = None) -> None:
        """Hand cards laid out anew glide from ``old_pos`` (card -> top-left) to their
        places (the fan closing or opening up), except ``but``."""
        for s in self.hand_sprites():
            start = old_pos.get(s.card_id)
            if s.card_id != but and start is not None and start != s.home and not s.moving:
                s.rect.topleft = start
                s.fly_to(s.home, 0.18 * self.anim_factor)
        self.dirty = True

    def snap_home(self) -> None:
        for s in self.group.sprites():
            if isinstance(s, CardSprite) and s.zone == "hand" and s.rect.topleft != s.home:
                s.fly_to(s.home, 0.18 * self.anim_factor)
        self.dirty = True
