"""The default policy (game/bots/policy.py): a game that registers no policy of its own
— a new game, the toy game — still gets a rollout policy and a position value, and the
engine itself holds none (bots' knowledge lives in game/bots/)."""

from __future__ import annotations

import random

from game.bots.policy import POLICIES, Policy, playout, policy_for
from game.engine import Match
from tests.toygame import CountingGame


def test_a_game_without_a_registered_policy_plays_the_default_one():
    m = CountingGame(["Ann", "Bob"], seed=3)
    assert CountingGame.game_id not in POLICIES
    policy = policy_for(m)
    assert type(policy) is Policy
    playout(m, random.Random(1), depth=50)
    assert m.over  # the toy race to 10 ends well within 50 additions
    winner = m.state["winner"]
    assert policy.value(m, winner) == 1.0 and policy.value(m, 1 - winner) == 0.0


def test_a_position_not_over_is_valued_by_the_lead_in_score():
    m = CountingGame(["Ann", "Bob"], seed=3)
    assert Policy().value(m, 0) == 0.5  # nobody leads yet


def test_the_engine_keeps_no_rollout_policy():
    for name in ("rollout_policy", "rollout_value", "playout"):
        assert not hasattr(Match, name), name
