"""The Hammer of the Witches: wording shared by the rules' messages.

Why a command cannot be played at this moment, said the same way by every handler
(the message names what the seat may do instead), and how the game ended (the
``ending`` of the view once it is over).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.hammer.state import alive, scores

if TYPE_CHECKING:
    from game.rules.hammer.match import HammerMatch


def not_now(m: HammerMatch, ctx: str, what: str) -> str:
    """Why ``what`` cannot be done at moment ``ctx``, and what the seat may do instead."""
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
    """Why an answer (``what``) cannot be given: no window of its kind is open."""
    if ctx == "window":
        return not_now(m, "window", what)
    return {
        "respond": "There is no brown card to respond to right now.",
        "negate": "There is no test to negate right now.",
        "no_inquisition": "No one is calling an inquisition right now.",
    }.get(what, f"You cannot {what} now.")


def _names(names: list[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


def ending(m: HammerMatch) -> str:
    """How the game ended, in two sentences the same for everyone: the burning that left
    one living villager per player (who burned whose villager, and the test that jumped
    to it, if any), then who won with how many points, ahead of whom.

    Reads only public things: the last ``burn`` and ``ordeal`` events and the scores."""
    events = [entry["event"] for entry in m._log]
    last = max(i for i, event in enumerate(events) if event["type"] == "burn")
    burn = events[last]
    # a test that burned the witch at once: its ``ordeal`` event comes just before the
    # burning's own events (a phase change, the sealed box opening, a tie settled)
    ordeal = None
    for event in reversed(events[:last]):
        if event["type"] not in ("phase", "box_open", "bribe", "heat", "choose_witch"):
            ordeal = event if event["type"] == "ordeal" else None
            break
    players = m.players
    villager = m.t.villager[burn["villager"]].name
    burner, owner = burn["by"], burn["owner"]
    whose = f"their own villager {villager}" if owner == burner else f"{players[owner]}'s {villager}"
    cause = f" ({m.t.kind[ordeal['kind']].name})" if ordeal else ""
    left = len(alive(m))
    per = ", one per player," if left == m.n else ","
    who = f"{players[burner]}, the inquisitor," if burner == m.state["inquisitor"] else players[burner]
    first = f"{who} burned {whose}{cause}, leaving {left} villagers alive{per} so the game is over."
    final = scores(m)
    best = max(final)
    winners = [players[s] for s in range(m.n) if final[s] == best]
    behind = sorted((s for s in range(m.n) if final[s] != best), key=lambda s: (-final[s], s))
    ahead = f", ahead of {_names([f'{players[s]} ({final[s]})' for s in behind])}" if behind else ""
    if len(winners) == 1:
        second = f"{winners[0]} wins with {_points(best)}{ahead}."
    else:
        second = f"{_names(winners)} share the win with {_points(best)} each{ahead}."
    return f"{first} {second}"
