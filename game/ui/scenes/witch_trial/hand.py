"""The shown seat's hand (fanned) and the lineup cards as draggable sprites."""

from __future__ import annotations

import pygame

from game.ui.scenes.table_base import FLY_SECONDS
from game.ui.scenes.witch_trial.common import CARD_RATIO
from game.ui.sprites import CardSprite


class HandPanel:
    """The hand and lineup sprites: where each card lies, and flights when one moves. Mixed into
    :class:`~game.ui.scenes.witch_trial.table.WitchTrialTableScene`."""

    def card_size(self) -> tuple[int, int]:
        hand = pygame.Rect(self.rects["hand"])
        h = max(60, hand.h - 20)
        return (int(h / CARD_RATIO), h)

    def hand_slots(self, count: int) -> list[tuple[int, int]]:
        ch = self.card_size()[1]
        # a gentle fan while the cards fit side by side: the ends sit lower
        return self.fan_row(count, pygame.Rect(self.rects["hand"]), 8, max(1, ch // 70), ch // 14)

    def rebuild_sprites(self, old_view: dict | None) -> None:
        """The hand (base), plus the lineup as draggable sprites; a bought card flies
        from its slot into the hand."""
        old_lineup = {
            s.card_id: s.rect.topleft for s in self.group.sprites() if isinstance(s, CardSprite) and s.zone == "lineup"
        }
        super().rebuild_sprites(old_view)
        for s in list(self.group.sprites()):
            if isinstance(s, CardSprite) and s.zone == "lineup":
                s.kill()
        if not self.slot_rects:
            return
        size = self.lineup_card_size()
        lineup = self.view.get("lineup") or []
        for i, card in enumerate(lineup):
            if card is None:
                continue
            r = self.slot_rects[i + 1]
            home = r.topleft
            if card == self.selected:
                home = (home[0], home[1] - size[1] // 8)
            sprite = CardSprite(
                card, self.art.face(self.game, card, size), home, draggable=self.my_seat() is not None, zone="lineup"
            )
            self.group.add(sprite, layer=0)
            if old_view is not None and card in old_lineup and old_lineup[card] != home:
                sprite.rect.topleft = old_lineup[card]
                sprite.fly_to(home, 0.25 * self.anim_factor)
        if old_view is not None:
            for s in self.group.sprites():
                if isinstance(s, CardSprite) and s.zone == "hand" and s.card_id in old_lineup:
                    s.rect.topleft = old_lineup[s.card_id]
                    s.fly_to(s.home, FLY_SECONDS * self.anim_factor)

    def snap_home(self) -> None:
        for s in self.group.sprites():
            if isinstance(s, CardSprite) and s.rect.topleft != s.home:
                s.fly_to(s.home, 0.18 * self.anim_factor)
        self.dirty = True
