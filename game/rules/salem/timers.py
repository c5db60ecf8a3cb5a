"""Salem 1692 timers (docs/rules/salem.md R22, R53): what a seat is waited for, and the
command the rules prescribe when its time runs out. The engine knows no clock ("Timers"
in game/engine/match.py); a front end asks these through the Match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.salem.legal import legal

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch


def timer_key(m: SalemMatch, seat: int) -> str:
    """R53: a turn is one moment whatever is played in it; each blind window, trial
    choice (chooser, then the guarded accused), prompt, flip or death order is its own."""
    s = m.state
    if not s["stack"]:
        return f"turn:{s.get('turn_moment', 0)}"
    top = s["stack"][-1]
    w = top.get("window")
    if w is not None:
        return f"{w['name']}:{w.get('moment', 0)}"
    return f"{top['kind']}:{top.get('stage')}:{top.get('moment', 0)}"


def timeout_command(m: SalemMatch, seat: int) -> dict[str, Any] | None:
    """R22/R53: the command for ``seat`` when its time runs out (see the ruling)."""
    s = m.state
    commands = legal(m, seat)
    if not commands:
        return None
    if not s["stack"]:
        if not s["played"]:
            return {"type": "draw_two"}
        return {"type": "end_turn"} if {"type": "end_turn"} in commands else None
    rng = m.timeout_rng(seat)
    top = s["stack"][-1]
    w = top.get("window")
    if {"type": "pass"} in commands and (w is not None or top["kind"] == "prompt"):
        return {"type": "pass"}  # unanswered windows and optional abilities pass
    if w is not None and w["name"] in ("dawn", "night_vote"):
        known = set(s["known"][seat])  # a random vote spares the witches it knows
        pool = [c for c in commands if c["target"] not in known] or commands
        return dict(pool[rng.randrange(len(pool))])
    if top["kind"] == "choose":
        commands = [c for c in commands if c["type"] == "choose_tryal"]
    elif top["kind"] == "prompt":
        return dict(commands[0])  # Tituba leaves the pile as it lies
    return dict(commands[rng.randrange(len(commands))]) if commands else None
