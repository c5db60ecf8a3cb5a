"""The Hammer search draws the sealed box the way players seal (game/bots/hammer.py
``sealing``, learned by tools/learn_beliefs.py): more of the other seats' Bribes sealed
than determinize's blind guess, and aimed where a player aims them (down on the sealer's
own hottest villager, up on another seat's hottest), while the unweighed draw stays the
contract's. Honesty (a world depends only on what the seat sees) and consistency are
tested for every game in test_worlds.py."""

from __future__ import annotations

import random

import pytest

from game.bots import SeatModel
from game.bots.beliefs_table import TABLES
from game.bots.hammer import BLIND_FLOOR
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
    held = boxed = aimed = 0
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
            own = [v for v in hot if vs[v]["owner"] == b["seat"]]
            others = [v for v in hot if vs[v]["owner"] != b["seat"]]
            aimed += (b["sign"] < 0 and own[:1] == [b["target"]]) or (b["sign"] > 0 and others[:1] == [b["target"]])
    return held, boxed, aimed


def test_the_learned_sealing_model_is_a_distribution():
    for key in ("sealed", "blind", "own", "rank0", "rank1"):
        assert 0.0 < SEAL[key] < 1.0, key
    assert SEAL["rank0"] + SEAL["rank1"] < 1.0
    # players seal more often than the contract's blind guess (that is why the model exists)
    assert SEAL["sealed"] > BOT_BOX_PRIOR


def test_weighed_worlds_seal_as_players_do_and_unweighed_ones_guess_blind():
    cases = _positions_with_bribes_about()
    assert len(cases) >= 3
    totals = {True: [0, 0, 0], False: [0, 0, 0]}
    for m, seat in cases:
        for weigh in (True, False):
            for i, x in enumerate(_box_stats(m, seat, weigh)):
                totals[weigh][i] += x
    held, boxed, aimed = totals[True]
    assert boxed / (held + boxed) == pytest.approx(SEAL["sealed"], abs=0.06)
    # the hottest villager of the kind the sealer aims at, unless drawn blind or a lower rank
    assert aimed / boxed >= (1 - max(BLIND_FLOOR, SEAL["blind"])) * SEAL["rank0"] - 0.08
    held, boxed, aimed_blind = totals[False]
    assert boxed / (held + boxed) == pytest.approx(BOT_BOX_PRIOR, abs=0.06)
    assert aimed_blind / boxed < aimed / totals[True][1] - 0.2


def test_the_tool_learns_a_sealing_table_from_self_play():
    table = script("tools", "learn_beliefs").hammer_counts(2)["seal"]
    assert set(table) == {"sealed", "blind", "own", "rank0", "rank1"}
    assert all(0.0 < v < 1.0 for v in table.values())
