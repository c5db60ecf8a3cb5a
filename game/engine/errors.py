"""Errors the engine raises. None of them is ever shown to a player as a traceback."""

from __future__ import annotations

from typing import Any


class IllegalCommand(Exception):
    """A command the rules refuse.

    `code` is a short stable machine-readable word (``wrong_seat``, ``not_in_hand`` …);
    `message` is a sentence a player understands ("Berta cannot accuse anyone").
    When `Match.apply` raises this, the match is exactly as it was before.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message}


class CardDataError(ValueError):
    """A card file is broken. The message is one line naming the file, the card and the field."""


class SaveError(ValueError):
    """A saved match cannot be read (damaged, foreign or from an unknown game)."""
