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


def test_rescoring_scores_each_variant_of_the_salem_belief_and_leaves_the_belief_as_it_was(tmp_path):
    from game.bots import salem
    from game.bots.beliefs_table import TABLES

    b = bench()
    before = (salem.MODEL_OPPONENTS, {k: dict(v) for k, v in TABLES["salem"].items()})
    for seed in (11, 12, 13):
        b.play(("salem", 5, "easy", seed, 2, 20, str(tmp_path)))
    readings = b.one_witch_readings(str(tmp_path))
    assert readings
    for r, cands, real, blind in readings:
        assert r["seats"][str(cands[real])] == "witch" and sum(blind) > 0
    lines = b.witch_chance_lines(readings)
    rows = {line[:44].strip(): line[44:].split() for line in lines[2:]}
    assert {"blind (uniform worlds)", "as it plays", "no random-play damping", "without cat"} <= set(rows)
    assert all(0.0 <= float(p) <= 1.0 for p, _loss in rows.values())
    assert (salem.MODEL_OPPONENTS, TABLES["salem"]) == before
