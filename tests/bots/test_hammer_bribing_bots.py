"""Bots seal bribes the way docs/rules/hammer.md §8.2 says: through the ``bribes`` field of the commands they send
anyway (the random bot from its view, rollouts through the registered ``HammerPolicy``)."""

from __future__ import annotations

import random

from game.bots import RandomBot, play_bots, policy_for
from game.bots.hammer import bribes_from_view
from game.engine import new_match


def test_random_bots_seal_bribes_that_open_anonymously():
    # docs/rules/hammer.md §8.2, R24; the random bot adds 'bribes' only when its view says may_seal
    m = new_match("hammer", ["A", "B", "C", "D"], seed=3)
    play_bots(m, {s: RandomBot(50 + s, pass_bias=0.6) for s in range(4)})
    assert m.over
    sealed = [c for _, c in m.commands if c.get("bribes")]
    opened = [e for e in m.log(None) if e["type"] == "bribe"]
    assert len(sealed) >= 3 and opened
    assert all(set(e) == {"type", "card", "target", "sign", "value", "lapsed"} for e in opened)


def test_bribes_from_view_only_when_the_view_allows():
    m = new_match("hammer", ["A", "B", "C"], seed=4)
    for seat in range(3):
        m.apply(seat, m.legal(seat)[0])
    seat = m.to_act()[0]
    view = m.view(seat)
    rng = random.Random(1)
    command = {"type": "end_turn"}
    assert bribes_from_view(dict(view, may_seal=False), command, rng, rate=1.0) is command
    if view["may_seal"]:
        sealed = bribes_from_view(view, command, rng, rate=1.0)
        assert sealed["bribes"][0]["card"] in view["players"][seat]["hand"]
        m.copy().apply(seat, sealed)


def test_rollout_policy_seals_bribes_that_apply():
    # the search bot's forward model: advance() takes what the policy returns
    m = new_match("hammer", ["A", "B", "C"], seed=5)
    rng = random.Random(2)
    with_bribes = 0
    for _ in range(400):
        if m.over:
            break
        seat = m.to_act()[0]
        command = policy_for(m).choose(m, seat, m.legal(seat), rng)
        with_bribes += "bribes" in command
        m.apply(seat, command)  # the full check: every rollout command is legal
    assert with_bribes >= 3


def test_hammer_bots_play_the_registered_policy_not_match_methods():
    # bot knowledge lives with the bots: the rules keep only the forward model (determinize)
    from game.bots.hammer import HammerPolicy
    from game.rules.hammer import HammerMatch

    m = new_match("hammer", ["A", "B", "C"], seed=6)
    assert isinstance(policy_for(m), HammerPolicy)
    assert not {"rollout_policy", "rollout_value", "playout"} & set(vars(HammerMatch))
    assert HammerMatch.can_determinize()
