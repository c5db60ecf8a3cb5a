"""The ceiling measurement of benchmarks/bots.py (``--omniscient``): a benchmark-only seat
model whose worlds are the real match, so a lift row can say what the search would reach
if it knew every hidden card (docs/rules/salem.md §2: the Tryal rows and hands are hidden;
a bot otherwise reads its seat's view and log only). The honest worlds of the same seat,
the control, are resampled and differ from the real match."""

from __future__ import annotations

import json
import random

import pytest

from game.bots import RandomBot, SearchBot, SeatModel, policy_for
from game.bots.salem import RANDOM_SEATS
from game.bots.worlds import Worlds
from game.engine import new_match
from tests.bots.kit import bots_benchmark

HIDDEN = ("rows", "hands", "pile", "witch", "tryal_kind")


def bench():
    return bots_benchmark()


def played(seed: int, commands: int, game: str = "salem", n: int = 5):
    """A match of random seats after ``commands`` commands (fewer if it ended first)."""
    m = new_match(game, [f"P{i}" for i in range(n)], seed=seed, options={"bots": list(range(n))})
    bots = {p: RandomBot(seed * 7 + p) for p in range(n)}
    for _ in range(commands):
        if m.over:
            break
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    return m


def test_the_ceiling_model_searches_the_real_hidden_state_and_the_honest_one_does_not():
    m = played(5, 30)
    seat = m.to_act()[0]
    model = bench().OmniscientModel(m, seat)
    worlds = Worlds(model, random.Random(1))
    for _ in range(5):
        world = worlds.sample(random.Random(2))
        assert all(world.state[k] == m.state[k] for k in HIDDEN)
        assert world.view(seat) == m.view(seat)
        assert world in RANDOM_SEATS  # who plays at random is drawn as for an honest world
    honest = Worlds(SeatModel(m, seat), random.Random(1))
    draws = [honest.sample(random.Random(i)) for i in range(5)]
    assert any(any(w.state[k] != m.state[k] for k in HIDDEN) for w in draws)  # the control


def test_a_ceiling_game_leaves_the_real_match_as_it_was_and_labels_its_rows():
    b = bench()
    m = played(6, 20)
    seat = m.to_act()[0]
    before = m.to_json()
    SearchBot(1, "normal", iterations=20, time_limit=0).choose(m.view(seat), m.legal(seat), b.OmniscientModel(m, seat))
    assert m.to_json() == before
    row = {
        "game": "salem",
        "n": 5,
        "level": "normal" + b.OMNISCIENT,
        "base": "random",
        "others": "random",
        "results": [],
        "minutes": 0.0,
    }
    row["results"] = [b.pair(("salem", 5, "normal" + b.OMNISCIENT, "random", "random", 0, False))]
    assert any("CEILING" in line for line in b.lift_lines(row))


def test_a_one_side_row_plays_only_the_pairs_whose_hero_is_dealt_that_side(tmp_path):
    b = bench()
    save = tmp_path / "pairs.jsonl"
    row = b.run_pairs(None, "salem", 5, "random", "random", "random", 12, False, str(save), role="witch")
    indices = [json.loads(line)["index"] for line in save.read_text().splitlines()]
    assert indices == [i for i in range(12) if b.dealt_role("salem", 5, i) == "witch"] and indices
    assert all(r["role"] == "witch" for r in row["results"])


def test_a_ceiling_run_plays_its_head_to_head_with_hard_searching_the_real_match(monkeypatch, capsys):
    b = bench()
    asked = []

    def fake_rows(pool, game, n, level, base, others, games, *rest):
        asked.append((game, n, level, base, others))
        return {"game": game, "n": n, "level": level, "base": base, "others": others, "results": [], "minutes": 0.0}

    monkeypatch.setattr(b, "run_pairs", fake_rows)
    monkeypatch.setattr(b, "lift_lines", lambda row: [])
    assert b.main(["--omniscient", "--no-lift", "--only", "salem:5", "--h2h-games", "1"]) == 0
    assert asked == [("salem", 5, "hard" + b.OMNISCIENT, "normal", "normal")]
    assert "CEILING" in capsys.readouterr().out
    asked.clear()
    assert b.main(["--sides", "--no-lift", "--only", "salem:5", "--h2h-games", "1"]) == 0
    assert asked == [("salem", 5, "hard" + b.SIDES_KNOWN, "normal", "normal")]
    asked.clear()
    assert b.main(["--no-lift", "--only", "salem:5", "--h2h-games", "1"]) == 0
    assert asked == [("salem", 5, "hard", "normal", "normal")]  # the honest row, as before


@pytest.mark.parametrize(("game", "n"), [("salem", 5), ("testimony", 5)])
def test_the_reading_ceiling_puts_every_seat_on_its_real_side_and_draws_the_rest(game, n, monkeypatch):
    """``--sides``: the hero's belief is told the real sides (TrueSides), so every world of
    its search has them (docs/rules/salem.md §2, docs/rules/testimony.md §6.2: they are
    hidden); hands and rows are still drawn. The honest worlds (the control) differ."""
    b = bench()
    real_sides = same_sides = 0
    for seed in range(12):
        m = played(seed, 25, game, n)
        if m.over:
            continue
        seat = m.to_act()[0]
        policy = policy_for(m)
        truth = [policy.role(m, p) for p in range(n)]
        monkeypatch.setattr(policy, "belief", b.TrueSides(m), raising=False)
        told_worlds = Worlds(SeatModel(m, seat), random.Random(seed))
        told = [told_worlds.sample(random.Random(k)) for k in range(10)]  # drawn while it is told
        monkeypatch.undo()
        assert all([policy.role(w, p) for p in range(n)] == truth for w in told)
        if game == "salem":  # the rest is still drawn: where the unseen Tryal cards lie
            assert any(w.state["rows"] != m.state["rows"] for w in told)
        honest = Worlds(SeatModel(m, seat), random.Random(seed))
        real_sides += 1
        same_sides += all(
            [policy.role(honest.sample(random.Random(k)), p) for p in range(n)] == truth for k in range(10)
        )
    assert real_sides >= 6 and same_sides < real_sides  # the control: honest worlds guess the sides
