"""benchmarks/belief_quality.py: how much the belief reads the table. Each reading scores
the worlds a seat's search draws (weighed by its belief, and uniformly) against the real
sides (docs/rules/salem.md §2 and docs/rules/testimony.md §6.2: the sides are hidden),
read from the real match only after the seat drew them."""

from __future__ import annotations

import pytest

from tests.bots.kit import benchmark


def bench():
    return benchmark("belief_quality")


@pytest.mark.parametrize(("game", "n", "sides"), [("salem", 5, {"town"}), ("testimony", 5, {"heathen", "puritan"})])
def test_a_game_gives_readings_of_the_unsure_sides_by_the_readers_side(game, n, sides, tmp_path):
    b = bench()
    result = b.play((game, n, "easy", 11, 2, 20, str(tmp_path)))
    assert result["finished"]
    assert set(result["readings"]) <= sides | {"witch"} and set(result["readings"]) & sides
    for pairs in result["readings"].values():
        for uniform, weighed in pairs:
            assert 0.0 <= uniform <= 1.0 and 0.0 <= weighed <= 1.0
            assert 0.0 < uniform < 1.0 or 0.0 < weighed < 1.0  # only a side the reader is unsure of
    (dumped,) = tmp_path.iterdir()  # the readings with the reader's own view and log
    assert dumped.name == f"{game}{n}-11.json"


def test_the_shares_count_the_worlds_that_give_each_seat_its_real_side():
    """At the deal of Salem 5 (one Witch card among five rows of five): a townsperson's
    uniform worlds put the Witch card on each other seat about one time in four, so the
    witch's real side comes up in about a quarter of them and each townsperson's in about
    three quarters; a witch knows every side (§2)."""
    b = bench()
    from game.bots import policy_for
    from game.engine import new_match

    town_reader = new_match("salem", [f"P{i}" for i in range(5)], seed=4, options={"bots": list(range(5))})
    sides = [policy_for(town_reader).role(town_reader, p) for p in range(5)]
    assert sides == ["town", "town", "town", "witch", "town"]
    shares = b.shares(town_reader, 0, 60, False, 1)
    assert set(shares) == {1, 2, 3, 4}
    assert shares[3] < 0.5 and all(shares[p] > 0.5 for p in (1, 2, 4))
    witch_reader = new_match("salem", [f"P{i}" for i in range(5)], seed=0, options={"bots": list(range(5))})
    assert policy_for(witch_reader).role(witch_reader, 0) == "witch"
    assert set(b.shares(witch_reader, 0, 20, False, 1).values()) == {1.0}
