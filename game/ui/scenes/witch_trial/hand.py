"""The shown seat's hand (fanned) and the lineup cards as draggable sprites."""

from __future__ import annotations

import pygame

from game.ui.scenes.table.hand import HandFan
from game.ui.scenes.table_base import FLY_SECONDS
from game.ui.scenes.witch_trial.common import CARD_RATIO
from game.ui.sprites import CardSprite


class CourtroomHand(HandFan):
    """The shared hand fan, with the courtroom's places, and the lineup cards as
    draggable sprites beside it (a bought card flies from its slot into the hand)."""

    def card_size(self) -> tuple[int, int]:
        hand = pygame.Rect(self.table.rects["hand"])
        h = max(60, hand.h - 20)
        return (int(h / CARD_RATIO), h)

    def hand_slots(self, count: int) -> list[tuple[int, int]]:
        ch = self.card_size()[1]
        # a gentle fan while the cards fit side by side: the ends sit lower
        return self.table.fan_row(count, pygame.Rect(self.table.rects["hand"]), 8, max(1, ch // 70), ch // 14)

    def rebuild(self, old_view: dict | None) -> None:
        """The hand (base), plus the lineup as draggable sprites; a bought card flies
        from its slot into the hand."""
        table = self.table
        old_lineup = {
            s.card_id: s.rect.topleft for s in table.group.sprites() if isinstance(s, CardSprite) and s.zone == "lineup"
        }
        super().rebuild(old_view)
        for s in list(table.group.sprites()):
            if isinstance(s, CardSprite) and s.zone == "lineup":
                s.kill()
        if not table.slot_rects:
            return
        size = table.lineup_card_size()
        lineup = table.view.get("lineup") or []
        for i, card in enumerate(lineup):
            if card is None:
                continue
            r = table.slot_rects[i + 1]
            home = r.topleft
            if card == table.selected:
                home = (home[0], home[1] - size[1] // 8)
            sprite = CardSprite(
                card, table.art.face(table.game, card, size), home, draggable=table.my_seat() is not None, zone="lineup"
            )
            table.group.add(sprite, layer=0)
            if old_view is not None and card in old_lineup and old_lineup[card] != home:
                sprite.rect.topleft = old_lineup[card]
                sprite.fly_to(home, 0.25 * table.anim_factor)
        if old_view is not None:
            for s in table.group.sprites():
                if isinstance(s, CardSprite) and s.zone == "hand" and s.card_id in old_lineup:
                    s.rect.topleft = old_lineup[s.card_id]
                    s.fly_to(s.home, FLY_SECONDS * table.anim_factor)

    def snap_home(self) -> None:
        table = self.table
        for s in table.group.sprites():
            if isinstance(s, CardSprite) and s.rect.topleft != s.home:
                s.fly_to(s.home, 0.18 * table.anim_factor)
        table.dirty = True
