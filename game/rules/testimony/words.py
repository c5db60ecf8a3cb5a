"""Testimony in words: who the table waits for, what each stage asks for, and how the
match ended (docs/rules/testimony.md §5, §7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rules.testimony.match import TestimonyMatch

#: what each stage asks for, said to a seat that sent a command of another stage
STAGE_HINT = {
    "action": "Take an action first: invite someone to share, or investigate.",
    "answer": "An invitation is waiting: accept it or decline it.",
    "share": "A share is under way: show a card.",
    "testify": "Bear testimony now: place a token in front of another player, or discard one.",
    "between": "This game is over: start the next game.",
}


def not_your_turn(m: TestimonyMatch) -> str:
    """Exactly who is awaited (the base class only says "not your turn")."""
    st = m.state
    name = m.players
    stage = st["stage"]
    if stage == "answer":
        return f"Waiting for {name[st['invite']['to']]} to answer {name[st['turn']]}'s invitation."
    if stage == "share":
        return f"Waiting for {name[st['share']['next']]} to show a card."
    if stage == "between":
        return f"Waiting for {name[st['next_first']]} to start the next game."
    return f"It is {name[st['turn']]}'s turn, not yours."


def listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def ending(m: TestimonyMatch) -> str:
    """How the match ended, in two sentences (§5.1, §5.4): whose empty turn ended the
    last game and who was killed in it, then who won the match with how many points."""
    st = m.state
    cat = m.cat
    result = st["result"]
    killed = [f"{m.players[s]} ({cat.characters[st['characters'][s]].name})" for s in range(m.n) if result["killed"][s]]
    if not killed:
        deaths = "no one was killed"
    else:
        deaths = f"{listed(killed)} {'was' if len(killed) == 1 else 'were'} killed"
    match = st["games"] > 1
    what = f"Game {st['game_no']}" if match else "The game"
    cause = f"{what} ended when {m.players[st['turn']]}'s turn began with no tokens left; {deaths}."
    totals = st["totals"]
    winners = m._winners(list(totals))
    best = totals[winners[0]]
    points = "point" if best in (1, -1) else "points"
    if len(winners) == 1:
        outcome = f"{m.players[winners[0]]} wins{' the match' if match else ''} with {best} {points}"
    else:
        outcome = f"{listed([m.players[s] for s in winners])} share the win with {best} {points} each"
    rest = [s for s in sorted(range(m.n), key=lambda s: (-totals[s], s)) if s not in winners]
    if rest:
        outcome += " (" + ", ".join(f"{m.players[s]} {totals[s]}" for s in rest) + ")"
    return f"{cause} {outcome}."
