"""The hot-seat session's autosave (DESIGN D5): after every applied command the match is
saved with what the session adds to it, by the app's one background
:class:`game.saves.AutosaveWriter` (the LAN host has its own writer of the same class), so
Continue works after a crash or a closed window and a move never waits for the disk.
"""

from __future__ import annotations

import atexit
from typing import Any

from game.engine import Match
from game.saves import AutosaveWriter, save_summary
from game.ui.hotseat.bots import bot_levels_of

#: one writer for the whole app; flushed at exit so the last move is never lost
WRITER = AutosaveWriter("witchhunt-autosave")
atexit.register(WRITER.flush)


def save_extra(match: Match, bots: dict, ui_state: dict, talk: list[dict]) -> dict:
    """What a hot-seat save keeps beside the match: the bot seats and their levels, the
    Continue list's summary, the table's own arrangement and the table talk."""
    extra: dict[str, Any] = {"bots": sorted(bots), "summary": save_summary(match)}
    if ui_state:
        extra["ui"] = ui_state
    if talk:  # table talk, when there is any (Testimony's claims)
        extra["talk"] = list(talk)
    levels = bot_levels_of(bots)
    if levels:
        extra["bot_levels"] = {str(seat): level for seat, level in sorted(levels.items())}
    return extra
