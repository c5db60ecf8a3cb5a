"""The shown seat's hand, in one row across the bottom. Mixed into
:class:`~game.ui.scenes.salem.table.SalemTableScene`."""
from __future__ import annotations

import pygame

from game.ui.scenes.salem.common import CARD_RATIO


class HandPanel:
    def my_hand(self) -> list[str]:
        if self.view.get("seat") is None:
            return []
        return list(self.view.get("hand") or [])

    def card_size(self) -> tuple[int, int]:
        hand = pygame.Rect(self.rects["hand"])
        h = max(56, hand.h - 12)
        return (int(h / CARD_RATIO), h)

    def hand_slots(self, count: int) -> list[tuple[int, int]]:
        hand = pygame.Rect(self.rects["hand"])
        _cw, ch = self.card_size()
        return self.fan_row(count, hand, 6, max(1, ch // 60), ch // 10)
