"""DESIGN D2 ``determinize(seat, rng)`` for Salem 1692 (docs/rules/salem.md R52): what
the seat cannot see is resampled, what it knows stays, and a copy plays on to the end
with the bots' policy for Salem (game/bots/salem.py). (Honesty and consistency for every game with the
hook: tests/contract/test_determinize.py.)"""

from __future__ import annotations

import random

from game.bots.policy import policy_for
from game.engine import new_match
from tests.rules.salem_kit import stage


def test_determinize_resamples_hands_rows_and_the_pile_but_not_the_own_cards():
    m = stage(5, rows={2: "W N N N N", 4: "C N N N N"}, hands={0: ["c1", "c2"], 3: ["c3", "c4"]})
    hands, rows, piles = set(), set(), set()
    for i in range(20):
        world = m.determinize(0, random.Random(i))
        assert world.state["hands"][0] == ["c1", "c2"] and world.state["rows"][0] == m.state["rows"][0]
        hands.add(tuple(world.state["hands"][3]))
        rows.add(tuple(world.state["tryal_kind"][t] for t in world.state["rows"][2]))
        piles.add(tuple(world.state["pile"]))
        assert world.state["pile"][-1] == "c58"
        assert sum(world._holds(p, "witch") for p in range(5)) == 1
    assert len(hands) > 1 and len(rows) > 1 and len(piles) > 1


def test_a_witch_after_night_knows_where_the_witch_cards_are():
    # docs/rules/salem.md §4: at Night every living witch learns all living witches
    m = stage(6, rows={1: "W N N N N", 4: "W N N N N", 5: "C N N N N"}, pile=["c58"])
    m.apply(0, {"type": "draw_two"})
    for i in range(10):
        world = m.determinize(1, random.Random(i))
        assert world._holds(4, "witch") and world.state["witch"][4]


def test_a_determinized_world_plays_to_the_end_with_the_bots_policy():
    m = new_match("salem", [f"P{i}" for i in range(6)], seed=5)
    rng = random.Random(5)
    for i in range(10):
        world = m.determinize(i % 6, random.Random(i))
        for _ in range(3000):
            if world.over:
                break
            seat = world.to_act()[0]
            world.apply(seat, policy_for(world).choose(world, seat, world.legal(seat), rng))
        assert world.over
        assert 0.0 <= policy_for(world).value(world, i % 6) <= 1.0
