"""GAMES: game id -> Match subclass. Rules modules register themselves with :func:`register`."""
from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from game.engine.match import Match

GAMES: dict[str, type["Match"]] = {}
M = TypeVar("M", bound=type)


def register(cls: M) -> M:
    """Class decorator: make a Match subclass reachable as ``GAMES[cls.game_id]``."""
    GAMES[cls.game_id] = cls  # type: ignore[attr-defined]
    return cls
