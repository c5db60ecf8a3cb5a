"""A Hammer rollout's move (``HammerPolicy.play``) is the policy's choice among the legal
list (``HammerPolicy.choose``), command for command and draw for draw, though on a seat's
own turn it weighs the accusations block by block without listing them."""

from __future__ import annotations

import random

from game.bots import policy_for
from game.rules.hammer.state import context
from tests.bots.kit import positions


def test_play_picks_what_choose_picks_among_the_legal_list():
    turns = 0
    for i, m in enumerate(positions("hammer", 60, seed=913, max_steps=500)):
        policy = policy_for(m)
        for seat in m.to_act():
            turns += context(m) in ("turn", "priority", "trial")
            for k in range(6):
                a, b = random.Random(i * 100 + k), random.Random(i * 100 + k)
                assert policy.play(m, seat, a) == policy.choose(m, seat, m._legal(seat), b), f"position {i}, draw {k}"
                assert a.getstate() == b.getstate(), f"position {i}, draw {k}: another number of draws"
    assert turns >= 20  # the block-by-block path was exercised


def test_a_whole_rollout_plays_the_same_either_way():
    """Whole games, every seat by play() against every seat by choose(): the same."""
    for g in range(3):
        one = positions("hammer", 1, seed=920 + g, max_steps=40)[0]
        two = one.determinize(0, random.Random(0))
        one = one.determinize(0, random.Random(0))
        policy = policy_for(one)
        ra, rb = random.Random(g), random.Random(g)
        for _ in range(300):
            if one.over:
                break
            seat = min(one._to_act())
            ca = policy.play(one, seat, ra)
            cb = policy.choose(two, seat, two._legal(seat), rb)
            assert ca == cb
            one.advance(seat, ca)
            two.advance(seat, cb)
        assert one.to_json() == two.to_json()
