"""Seat-filling players. A bot sees exactly what its seat's screen would: ``view(seat)``
and ``legal(seat)``, and — to search — sampled worlds from ``Match.determinize(seat,
rng)`` through a :class:`SeatModel`, never the match itself (so a bot cannot cheat)."""
from __future__ import annotations

from game.bots.base import Bot, RandomBot, SeatModel, bot_move, play_bots
from game.bots.search import DEFAULT_LEVEL, LEVEL_NAMES, LEVELS, SearchBot, level, make_bot
import game.bots.malleus  # noqa: E402,F401  (registers the story game's random style)
import game.bots.hammer  # noqa: E402,F401  (registers Hammer's sealed bribes for the random bot)

__all__ = ["Bot", "RandomBot", "SearchBot", "SeatModel", "LEVELS", "LEVEL_NAMES", "DEFAULT_LEVEL",
           "bot_move", "level", "make_bot", "play_bots"]
