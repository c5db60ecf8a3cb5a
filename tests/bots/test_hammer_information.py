"""benchmarks/hammer_information.py's partial-truth worlds (a measurement only) hold the
real parts they claim to and reshuffle the rest, keeping the seat's view."""

from __future__ import annotations

import random

from tests.bots.kit import benchmark, positions


def _revealed():
    for m in positions("hammer", 30, seed=931, max_steps=300):
        if m.state["revealed"]:
            yield m, m.to_act()[0]


def test_true_box_keeps_the_box_and_reshuffles_the_other_hands():
    bench = benchmark("hammer_information")
    moved = 0
    for m, seat in list(_revealed())[:5]:
        model = bench.TrueBox(m, seat)
        for k in range(3):
            w = model.sample(random.Random(k))
            assert w.state["box"] == m.state["box"]
            assert w.view(seat) == m.view(seat)
            assert [len(h) for h in w.state["hands"]] == [len(h) for h in m.state["hands"]]
            assert sorted(
                w.state["deck"] + [c for s, h in enumerate(w.state["hands"]) if s != seat for c in h]
            ) == sorted(m.state["deck"] + [c for s, h in enumerate(m.state["hands"]) if s != seat for c in h])
            moved += w.state["hands"] != m.state["hands"]
    assert moved


def test_true_box_and_hands_reshuffles_the_pile_only():
    bench = benchmark("hammer_information")
    for m, seat in list(_revealed())[:5]:
        w = bench.TrueBoxAndHands(m, seat).sample(random.Random(1))
        assert w.state["hands"] == m.state["hands"] and w.state["box"] == m.state["box"]
        assert sorted(w.state["deck"]) == sorted(m.state["deck"])


def test_true_box_and_role_keeps_that_roles_cards_where_they_are():
    bench = benchmark("hammer_information")
    moved = 0
    for m, seat in list(_revealed())[:5]:
        role = m.t.card_role
        model = bench._true_role("response")(m, seat)
        for k in range(3):
            w = model.sample(random.Random(k))
            assert w.state["box"] == m.state["box"] and w.view(seat) == m.view(seat)
            for wh, mh in zip(w.state["hands"], m.state["hands"]):
                assert len(wh) == len(mh)
                assert sorted(c for c in wh if role[c] == "response") == sorted(c for c in mh if role[c] == "response")
            assert sorted(c for c in w.state["deck"] if role[c] == "response") == sorted(
                c for c in m.state["deck"] if role[c] == "response"
            )
            moved += w.state["hands"] != m.state["hands"]
    assert moved
