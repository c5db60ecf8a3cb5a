"""Seat-filling players. A bot sees exactly what its seat's screen would: ``view(seat)``
and ``legal(seat)``, never the match itself (so a bot cannot cheat)."""
from __future__ import annotations

from game.bots.base import Bot, RandomBot, make_bot, play_bots

__all__ = ["Bot", "RandomBot", "make_bot", "play_bots"]
