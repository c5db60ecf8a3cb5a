"""Seat-filling players. A bot sees exactly what its seat's screen would: ``view(seat)``
and ``legal(seat)``, and — to search — sampled worlds from ``Match.determinize(seat,
rng)`` through a :class:`SeatModel`, never the match itself (so a bot cannot cheat)."""

from __future__ import annotations

import importlib
import pkgutil

from game.bots.base import Bot, RandomBot, SeatModel, bot_move, play_bots
from game.bots.policy import Policy, playout, policy_for, register_policy
from game.bots.search import DEFAULT_LEVEL, LEVEL_NAMES, LEVELS, SearchBot, level, make_bot

__all__ = [
    "Bot",
    "RandomBot",
    "SearchBot",
    "SeatModel",
    "LEVELS",
    "LEVEL_NAMES",
    "DEFAULT_LEVEL",
    "Policy",
    "bot_move",
    "level",
    "make_bot",
    "play_bots",
    "playout",
    "policy_for",
    "register_policy",
]

#: the shared parts of this package; every other module is one game's bot knowledge
#: (its policy, its random style) and registers itself when imported
_SHARED = {"base", "belief", "beliefs_table", "policy", "search", "thinker", "values_table", "worlds"}
for _module in pkgutil.iter_modules(__path__):
    if _module.name not in _SHARED:
        importlib.import_module(f"{__name__}.{_module.name}")
