"""The shown seat's hand, fanned; in phase 4 the cards marked for discard lie on the pile."""

from __future__ import annotations

import pygame

from game.ui.scenes.hammer.common import CARD_RATIO
from game.ui.scenes.table.hand import HandFan
from game.ui.sprites import CardSprite


class HammerHand(HandFan):
    """The shared hand fan, with the Hammer's places: the fan left of the sealed-bribe
    tray; in phase 4 the cards marked for discard (the table's ``discard_marks``) lie on
    the discard pile; a Bribe being sealed lies out of the fan; the tray's sprites are
    laid out with the hand's."""

    def card_size(self) -> tuple[int, int]:
        hand = pygame.Rect(self.table.rects["hand"])
        h = max(60, hand.h - 10)
        return (int(h / CARD_RATIO), h)

    def hand_slots(self, count: int) -> list[tuple[int, int]]:
        """The fan of the kept cards (those marked for discard lie on the pile)."""
        t = self.table
        hand = t.my_hand()
        marks = [c for c in t.discard_marks if c in hand]
        aside = self.fan_aside()
        out = len(marks) + (1 if aside is not None and aside not in marks else 0)
        ch = self.card_size()[1]
        # a gentle fan while the cards fit side by side: the ends sit lower
        # the hand zone left of the sealed-bribe tray (§8.2)
        return self.fan_row(count - out, t.hand_area(), 6, max(1, ch // 60), ch // 8)

    def fan_aside(self) -> str | None:
        """The Bribe out of the fan while its villager or sign is chosen (it lies in the
        tray, ``tray_pending``, or where it was dropped on a villager, ``bribe_aside``):
        the fan closes up behind it and opens again if the seal is called off."""
        t = self.table
        card = t.tray_pending or t.bribe_aside
        if card is None or (t.pick is None and t.prompt is None) or card not in t.my_hand():
            return None
        return card if t.pending_sprite(card) is not None else None

    def sprites(self) -> list[CardSprite]:
        """The fan's sprites, left to right (not the cards lying on the discard pile)."""
        t = self.table
        return [s for s in super().sprites() if s.card_id not in t.discard_marks]

    def rebuild(self, old_view: dict | None) -> None:
        """The hand's sprites, then the tray's (the staged bribes)."""
        self.rebuild_hand(old_view)
        self.table.tray.lay_sprites()

    def rebuild_hand(self, old_view: dict | None) -> None:
        """Like the base, but cards marked for discard in phase 4 lie on the discard pile,
        and a Bribe being sealed (``fan_aside``) stays where it lies, out of the fan."""
        t = self.table
        hand = t.my_hand()
        t.discard_marks = [c for c in t.discard_marks if c in hand] if t.refilling() else []
        aside = self.fan_aside()
        if not t.discard_marks and aside is None:
            super().rebuild(old_view)
            return
        self.hover_card = None
        kept = [c for c in hand if c not in t.discard_marks and c != aside]
        old_pos = {
            s.card_id: s.rect.topleft for s in t.group.sprites() if isinstance(s, CardSprite) and s.zone == "hand"
        }
        for s in list(t.group.sprites()):
            if isinstance(s, CardSprite) and s.zone == "hand" and (s.card_id != aside or aside in t.discard_marks):
                s.kill()
        size = self.card_size()
        slots = self.hand_slots(len(hand))
        disc = pygame.Rect(t.rects["discard"])
        small = (int(size[0] * 0.8), int(size[1] * 0.8))
        homes = list(zip(kept, slots))
        for i, card in enumerate(t.discard_marks):
            homes.append((card, (disc.x + 4 + i * max(6, small[0] // 5), disc.y + 4 + i * 3)))
        for card, home in homes:
            marked = card in t.discard_marks
            if card == aside and not marked:
                continue  # its sprite was kept where it lies
            if card == t.selected:
                home = (home[0], home[1] - size[1] // 6)
            img = t.art.face(t.game, card, small) if marked else t.hand_face(card, size)
            sprite = CardSprite(card, img, home, zone="hand")
            t.group.add(sprite, layer=2 if marked else 1)
            if card in old_pos and old_pos[card] != home:
                sprite.rect.topleft = old_pos[card]
                sprite.fly_to(home, 0.2)

    def glide_fan(self, old_pos: dict[str, tuple[int, int]], but: str | None = None) -> None:
        """Hand cards laid out anew glide from ``old_pos`` (card -> top-left) to their
        places (the fan closing or opening up), except ``but``."""
        t = self.table
        for s in t.hand_sprites():
            start = old_pos.get(s.card_id)
            if s.card_id != but and start is not None and start != s.home and not s.moving:
                s.rect.topleft = start
                s.fly_to(s.home, 0.18 * t.anim_factor)
        t.dirty = True

    def snap_home(self) -> None:
        t = self.table
        for s in t.group.sprites():
            if isinstance(s, CardSprite) and s.zone == "hand" and s.rect.topleft != s.home:
                s.fly_to(s.home, 0.18 * t.anim_factor)
        t.dirty = True
