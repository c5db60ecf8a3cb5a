"""The shared rules engine: pure Python, no pygame, no sockets (DESIGN D1, D2).

from game.engine import GAMES, new_match, Match, IllegalCommand
m = new_match(game_id, players=["Ann", "Bob", "Cy"], seed=7, options={})  # a key of GAMES
"""

from __future__ import annotations

from typing import Any

from game.engine.errors import CardDataError, IllegalCommand, SaveError
from game.engine.match import Match, SetupError
from game.engine.registry import GAMES, GAMES_INFO, GameInfo, GameOption, game_info, register, register_info

__all__ = [
    "GAMES",
    "GAMES_INFO",
    "GameInfo",
    "GameOption",
    "game_info",
    "new_match",
    "Match",
    "IllegalCommand",
    "SetupError",
    "SaveError",
    "CardDataError",
    "register",
    "register_info",
]


def new_match(game: str, players: list[str], seed: int = 0, options: dict[str, Any] | None = None) -> Match:
    """Set up a new match of ``game``. Raises :class:`SetupError` for an unknown game,
    a wrong number of players, a bad option, or a bot on a seat that must be a person
    (:meth:`GameInfo.bots_problem`)."""
    cls = GAMES.get(game)
    if cls is None:
        known = ", ".join(sorted(GAMES)) or "none"
        raise SetupError(f"unknown game {game!r} (known: {known})")
    return cls(list(players), seed, options)


# Importing the rules package registers every game in GAMES and GAMES_INFO.
import game.rules  # noqa: E402,F401
