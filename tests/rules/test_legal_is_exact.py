"""DESIGN D2, the other half of test_legal_is_complete: anything ``apply()`` accepts is
in ``legal()``, modulo the documented optional fields (issue 10 item 6).

At every step of random games, near misses of the listed commands are tried on a copy
of the match: an optional field added as null or with another command's value, a field
dropped, set to null or swapped with another listed command's, the type changed, an
unknown field added. Whatever is accepted must be listed, once the documented extras
are taken away:

* Hammer ``bribes`` (H8.1: ``legal()`` lists commands without it);
* Hammer ``refill`` of a hand over 10 cards (R12: ``legal()`` lists some subsets,
  ``apply`` accepts any subset of the hand).
"""
from __future__ import annotations

import marshal
import random

import pytest

from game.engine import IllegalCommand, new_match
from game.engine.rng import MatchRng

OPTIONAL = {
    "hammer": {"respond": ("other",), "test": ("witch",)},
    "witch_trial": {"play": ("choice",)},
}


def clone(m):
    """A copy of the position, without the history (cheap enough for every step)."""
    c = type(m).__new__(type(m))
    c.players, c.seed, c.options = m.players, m.seed, m.options
    c.rng = MatchRng(0)
    c.rng.setstate(m.rng.getstate())
    c.state = marshal.loads(marshal.dumps(m.state))
    c.state_id, c.commands, c._log = m.state_id, [], []
    c._loaded()
    return c


def near_misses(rng: random.Random, game: str, listed: list[dict]) -> list[dict]:
    base = rng.choice(listed)
    other = rng.choice(listed)
    out = []
    words = sorted({v for c in listed for k, v in c.items() if k != "type" and isinstance(v, str)})
    for field in OPTIONAL[game].get(base["type"], ()):
        out.append(dict(base, **{field: None}))
        if field in other:
            out.append(dict(base, **{field: other[field]}))
        if words:  # any name a listed command uses (a villager, a card)
            out.append(dict(base, **{field: rng.choice(words)}))
    for key in base:
        if key == "type":
            continue
        dropped = dict(base)
        del dropped[key]
        out.append(dropped)
        out.append(dict(base, **{key: None}))
        if key in other and other[key] != base[key]:
            out.append(dict(base, **{key: other[key]}))
    if other["type"] != base["type"]:
        out.append(dict(base, type=other["type"]))
        out.append(dict(other, **{k: v for k, v in base.items() if k != "type"}))
    out.append(dict(base, extra=1))
    if game == "hammer":
        out.append(dict(base, bribes=[]))
    return out


def is_listed(game: str, m, seat: int, command: dict, listed: list[dict]) -> bool:
    command = {k: v for k, v in command.items() if not (game == "hammer" and k == "bribes")}
    if command in listed:
        return True
    if game == "hammer" and command["type"] == "refill":
        hand = m.state["hands"][seat]
        return len(hand) > 10 and set(command["discard"]) <= set(hand)
    return False


CASES = [("hammer", 3, 11), ("hammer", 5, 12), ("witch_trial", 3, 13), ("witch_trial", 6, 14)]


@pytest.mark.parametrize("game,players,seed", CASES)
def test_whatever_apply_accepts_is_listed_by_legal(game, players, seed):
    rng = random.Random(seed)
    m = new_match(game, [f"P{i}" for i in range(players)], seed=seed)
    accepted = refused = 0
    steps = 0
    while not m.over and steps < 500:
        seat = rng.choice(m.to_act())
        listed = m.legal(seat)
        for command in near_misses(rng, game, listed):
            try:
                clone(m).apply(seat, command)
            except IllegalCommand:
                refused += 1
                continue
            accepted += 1
            assert is_listed(game, m, seat, command, listed), (command, m.state_id)
        m.apply(seat, rng.choice(listed))
        steps += 1
    assert refused > steps and accepted > 0
