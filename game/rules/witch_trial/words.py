"""Witch Trial in words: who the table waits for, and how the game ended
(docs/rules/witch_trial.md §5, §9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.witch_trial.state import opponent, side

if TYPE_CHECKING:
    from game.rules.witch_trial.match import WitchTrialMatch


def waiting_message(m: WitchTrialMatch, seat: int, ctype: str) -> str:
    """Why ``seat`` may not send a ``ctype`` command now: exactly who is awaited."""
    st = m.state
    trial = st["trial"]
    if trial is None:
        return f"It is {m.players[st['turn']]}'s turn, not yours."
    lawyers = (trial["prosecutor"], trial["defender"])
    if seat not in lawyers:
        return "You are not a lawyer in this trial; only the prosecution and the defense may act."
    if trial["motion"] is not None:
        answering = side(trial, opponent(trial, trial["motion"]["by"]))
        return f"Only the {answering} may answer the motion now (object or let it stand)."
    plea = trial["plea"]
    if plea is not None:
        if plea["phase"] == "offer":
            return f"Waiting for {m.players[plea['by']]} to offer a plea or go on."
        return f"Only {m.players[plea['to']]} may answer the plea offer now."
    if ctype == "object":
        return "You may object only when your opponent plays a Motion."
    if trial["phase"] == "defense":
        return "Only the defense may play now."
    if trial["phase"] == "final":
        return "Only the prosecution may play now (final argument)."
    return "Only the prosecution may play now."


def names(m: WitchTrialMatch, seats: list[int]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    listed = [m.players[s] for s in seats]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]


def ending(m: WitchTrialMatch) -> str:
    """How the game ended, in one or two sentences (§5): what ended it, who won with
    how much, and the others' money."""
    st = m.state
    money = st["money"]
    if st["pass_streak"] >= m.n:
        last = (st["turn"] - 1) % m.n
        cause = f"Every lawyer passed in turn, {m.players[last]} last"
    else:
        cause = "The deck and the lineup ran out with no case left to try"
    if st["court_fees"]:
        cause += f" (the ${st['court_fees']} left in the Court Fees goes to no one)"
    winners = m._winners(list(money))
    best = money[winners[0]]
    if len(winners) == 1:
        outcome = f"{m.players[winners[0]]} wins with ${best}"
    else:
        outcome = f"{names(m, winners)} share the win with ${best} each"
    rest = [s for s in sorted(range(m.n), key=lambda s: (-money[s], s)) if s not in winners]
    if rest:
        outcome += " (" + ", ".join(f"{m.players[s]} ${money[s]}" for s in rest) + ")"
    return f"{cause}. {outcome}."
