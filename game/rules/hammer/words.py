"""The Hammer of the Witches: wording shared by the rules' messages.

Why a command cannot be played at this moment, said the same way by every handler
(the message names what the seat may do instead).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rules.hammer.match import HammerMatch


def not_now(m: HammerMatch, ctx: str, what: str) -> str:
    if ctx == "window":
        w = m.state["windows"][-1]
        if w["kind"] == "negation":
            return f"You cannot {what} now: a test waits to be negated (negate or pass)."
        if w["kind"] == "inquisition":
            return f"You cannot {what} now: an inquisition was called (play No Inquisition or pass)."
        return f"You cannot {what} now: a card waits for responses (respond or pass)."
    if ctx == "choice":
        return f"You cannot {what} now: choose the witch among the hottest villagers first."
    if ctx == "setup":
        return f"You cannot {what} yet: place your villagers on your pyres first."
    if ctx == "refill":
        return f"You cannot {what} in Collecting Evidence: discard cards and refill your hand."
    return f"You cannot {what} now."


def no_window_message(m: HammerMatch, ctx: str, what: str) -> str:
    if ctx == "window":
        return not_now(m, "window", what)
    return {
        "respond": "There is no brown card to respond to right now.",
        "negate": "There is no test to negate right now.",
        "no_inquisition": "No one is calling an inquisition right now.",
    }.get(what, f"You cannot {what} now.")

