"""DESIGN D2 for Salem 1692: ``legal()`` lists complete commands that ``apply()`` accepts —
every one of them (lists over 40 sampled to 40), for every seat that may act, at every
step of whole games, each tried on an exact copy of the match; seats not acting have
none. Covers the variant, the standard game with and without Town Hall and the
short game guard."""
from __future__ import annotations

import marshal
import random

import pytest

from game.engine import new_match
from game.engine.rng import MatchRng
from game.rules.salem import SalemMatch

CASES = [(2, 1, {}), (3, 2, {}), (4, 3, {"town_hall": True, "short_game_guard": True}),
         (6, 4, {}), (7, 5, {"town_hall": True}), (9, 6, {"town_hall": True, "short_game_guard": True}),
         (12, 7, {})]


def clone(m: SalemMatch) -> SalemMatch:
    """State and generator, without the log: enough to try one command."""
    c = SalemMatch.__new__(SalemMatch)
    c.players, c.seed, c.options = list(m.players), m.seed, m.options
    c.rng = MatchRng(0)
    c.rng.setstate(m.rng.getstate())
    c.state = marshal.loads(marshal.dumps(m.state))
    c.state_id, c.commands, c._log = m.state_id, [], []
    c._loaded()
    return c


@pytest.mark.parametrize("players,seed,options", CASES, ids=[f"{p}p-{s}" for p, s, _ in CASES])
def test_every_listed_command_applies_at_every_step(players, seed, options):
    m = new_match("salem", [f"P{i}" for i in range(players)], seed=seed, options=options)
    rng = random.Random(seed)
    steps = tried = 0
    while not m.over:
        acting = m.to_act()
        for seat in range(m.n):
            listed = m.legal(seat)
            if seat not in acting:
                assert listed == []
                continue
            assert listed, f"seat {seat} must act but has no legal command"
            assert len({repr(sorted(c.items())) for c in listed}) == len(listed), "a command listed twice"
            sample = listed if len(listed) <= 40 else rng.sample(listed, 40)
            for command in sample:
                clone(m).apply(seat, command)
                tried += 1
        seat = rng.choice(acting)
        m.apply(seat, rng.choice(m.legal(seat)))
        steps += 1
    assert tried > steps
