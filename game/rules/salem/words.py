"""Salem 1692: what the rules say in words — what the table is waiting for (the reason
a command is refused "not now") and how a finished game ended (the view's ``ending``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.salem.state import context, seat_name

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch

#: what each blind window is, as the end of "Not now: …"
WINDOW_WORDS = {"keep_character": "everyone is choosing a character", "dawn": "it is Dawn",
                "night_vote": "the witches are voting", "gavel": "the Gavel is being placed",
                "confess": "the town may confess", "conspiracy": "Conspiracy picks are being made"}


def not_your_turn(m: SalemMatch, seat: int, command: dict) -> str:
    s = m.state
    if not s["alive"][seat]:
        return f"{seat_name(m, seat)} is dead: the dead take no more part."
    ctx, f = context(m)
    if ctx.startswith("window:") and seat in f["window"]["order"]:
        return f"{seat_name(m, seat)} has already answered."
    return f"Not now: {what_now(m)}."


def what_now(m: SalemMatch) -> str:
    ctx, f = context(m)
    if ctx == "turn":
        return f"it is {seat_name(m, m.state['active'])}'s turn"
    if ctx.startswith("window:"):
        return WINDOW_WORDS[ctx[7:]]
    if ctx == "choose":
        return f"{seat_name(m, f['chooser'])} is choosing a Tryal card of {seat_name(m, f['player'])}"
    if ctx == "prompt":
        return f"{seat_name(m, f['await'])} may use {m.cat.characters[f['name']].name}'s ability"
    if ctx == "death_order":
        return f"{seat_name(m, f['await'])} decides who dies first"
    if ctx == "vflip":
        return f"{seat_name(m, f['await'])} flips a Tryal card at Night"
    return "something else is being resolved"
