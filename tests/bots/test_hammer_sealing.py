"""The Hammer search draws the sealed box the way players seal (game/bots/hammer.py
``sealing``, learned by tools/learn_beliefs.py): more of the other seats' Bribes sealed
than determinize's blind guess, and aimed where a player aims them (down on the sealer's
own hottest villager, up on another seat's hottest), read against what the seat saw of
how this table seals, while the unweighed draw stays the contract's. Honesty (a world
depends only on what the seat sees) and consistency are tested for every game in
test_worlds.py."""

from __future__ import annotations

import random

import pytest

from game.bots import SeatModel
from game.bots import hammer as hammer_bots
from game.bots.beliefs_table import TABLES
from game.bots.hammer import ANSWER_KEYS, BLIND_FLOOR, bribes_seen
from game.bots.worlds import Worlds
from game.rules.hammer.determinize import BOT_BOX_PRIOR
from tests.bots.kit import positions, script

SEAL = TABLES["hammer"]["seal"]


def _positions_with_bribes_about():
    """Revealed Hammer positions where other seats may hold Bribes the seat has not seen."""
    out = []
    for m in positions("hammer", 40, seed=911, max_steps=300):
        seat = m.to_act()[0]
        if not m.state["revealed"]:
            continue
        world = m.determinize(seat, random.Random(0))
        role = world.t.card_role
        held = sum(1 for s in range(m.n) if s != seat for c in world.state["hands"][s] if role[c] == "bribe")
        boxed = sum(1 for b in world.state["box"] if b["seat"] != seat)
        if held + boxed:
            out.append((m, seat))
    return out[:6]


def _box_stats(m, seat, weigh: bool, draws: int = 120):
    worlds = Worlds(SeatModel(m, seat), random.Random(5), weigh=weigh)
    rng = random.Random(6)
    held = boxed = aimed = down = 0
    for _ in range(draws):
        w = worlds.sample(rng)
        st = w.state
        role = w.t.card_role
        vs = st["villagers"]
        hot = sorted((v for v in st["vorder"] if vs[v]["status"] == "alive"), key=lambda v: -vs[v]["heat"])
        held += sum(1 for s in range(m.n) if s != seat for c in st["hands"][s] if role[c] == "bribe")
        for b in st["box"]:
            if b["seat"] == seat:
                continue
            boxed += 1
            down += b["sign"] < 0
            own = [v for v in hot if vs[v]["owner"] == b["seat"]]
            others = [v for v in hot if vs[v]["owner"] != b["seat"]]
            aimed += (b["sign"] < 0 and own[:1] == [b["target"]]) or (b["sign"] > 0 and others[:1] == [b["target"]])
    return held, boxed, aimed, down


def test_the_learned_sealing_model_is_a_distribution():
    for key in ("sealed", "blind", "own", "rank0", "rank1", "left_sealed"):
        assert 0.0 < SEAL[key] < 1.0, key
    assert SEAL["rank0"] + SEAL["rank1"] < 1.0
    # players seal more often than the contract's blind guess (that is why the model exists)
    assert SEAL["sealed"] > BOT_BOX_PRIOR


def test_weighed_worlds_seal_as_players_do_and_unweighed_ones_guess_blind(monkeypatch):
    # as at a table where no Bribe has been seen leaving a hand yet: the learned table as it is
    monkeypatch.setattr(hammer_bots, "bribes_seen", lambda log, seat, role: (0, 0, 0))
    cases = _positions_with_bribes_about()
    assert len(cases) >= 3
    totals = {True: [0, 0, 0, 0], False: [0, 0, 0, 0]}
    for m, seat in cases:
        for weigh in (True, False):
            for i, x in enumerate(_box_stats(m, seat, weigh)):
                totals[weigh][i] += x
    held, boxed, aimed, _down = totals[True]
    assert boxed / (held + boxed) == pytest.approx(SEAL["sealed"], abs=0.06)
    # the hottest villager of the kind the sealer aims at, unless drawn blind or a lower rank
    assert aimed / boxed >= (1 - max(BLIND_FLOOR, SEAL["blind"])) * SEAL["rank0"] - 0.08
    held, boxed, aimed_blind, _down = totals[False]
    assert boxed / (held + boxed) == pytest.approx(BOT_BOX_PRIOR, abs=0.06)
    assert aimed_blind / boxed < aimed / totals[True][1] - 0.2


def test_the_tool_learns_a_sealing_table_and_answer_rates_from_self_play():
    tables = script("tools", "learn_beliefs").hammer_counts(2)
    table = tables["seal"]
    assert set(table) == {"sealed", "blind", "own", "rank0", "rank1", "left_sealed"}
    assert all(0.0 < v < 1.0 for v in table.values())
    # the answer rates holding() reads (test_hammer_hands.py), from the same games
    answers = tables["respond"]
    assert set(answers) == set(ANSWER_KEYS)
    assert all(0.0 < v < 1.0 for v in answers.values())


def test_bribes_seen_counts_what_left_the_others_hands_in_the_seats_log():
    role = {"b1": "bribe", "b2": "bribe", "x": "brown"}
    log = [
        {"type": "box_open", "count": 3},
        {"type": "bribe", "card": "b1", "target": "v", "sign": -1, "value": -1, "lapsed": False},
        {"type": "bribe", "card": "b2", "target": "v", "sign": 1, "value": 2, "lapsed": False},
        {"type": "bribe", "card": "b3", "target": "v", "sign": 1, "value": 2, "lapsed": False, "yours": True},
        {"type": "discard", "seat": 1, "cards": ["b1", "x"]},
        {"type": "discard", "seat": 0, "cards": ["b2"]},  # the seat's own
    ]
    assert bribes_seen(log, 0, role) == (2, 1, 1)


def test_the_box_drawn_follows_how_the_table_was_seen_to_seal(monkeypatch):
    """The learned table is a prior: a seat that saw the others discard their Bribes at
    refills draws fewer of them into the box; one that saw every opened Bribe go down
    draws more of them down (on the sealer's own villager)."""
    cases = _positions_with_bribes_about()[:3]

    def totals(seen):
        monkeypatch.setattr(hammer_bots, "bribes_seen", lambda log, seat, role: seen)
        rows = [_box_stats(m, seat, True) for m, seat in cases]
        held, boxed, _aimed, down = (sum(col) for col in zip(*rows))
        return boxed / (held + boxed), down / boxed

    share, down = totals((0, 0, 0))  # nothing seen: the learned table as it is
    discarding, _ = totals((0, 0, 30))
    assert discarding < share - 0.3
    sealing_down, more_down = totals((30, 30, 0))
    assert sealing_down == pytest.approx(share, abs=0.06)
    assert more_down > down + 0.15
