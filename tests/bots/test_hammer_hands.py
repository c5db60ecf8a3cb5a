"""The Hammer search deals the others' hands with what their passes tell
(game/bots/hammer.py ``holding``, learned by tools/learn_beliefs.py): a seat that let a
card pass in a window when it would likely have answered is dealt fewer of the cards
that answer it (§4), by how hard the card hit it and how much of its hand is left from
then; the unweighed draw stays the contract's. Honesty (a world depends only on what the seat sees) and
consistency are tested for every game in test_worlds.py."""

from __future__ import annotations

import random

import pytest

from game.bots import SeatModel
from game.bots import hammer as hammer_bots
from game.bots.beliefs_table import TABLES
from game.bots.hammer import ANSWER_CAP, ANSWER_KEYS, ANSWERS, answer_key, holding
from game.bots.worlds import Worlds
from game.engine import new_match
from tests.bots.kit import benchmark, positions

RESPOND = TABLES["hammer"]["respond"]


def test_the_learned_answer_rates_grow_with_the_harm():
    assert set(RESPOND) == set(ANSWER_KEYS)
    assert all(0.0 < rate < 1.0 for rate in RESPOND.values())
    # a seat answers a hard hit on its own villager more often than a light one, and that
    # more often than a card aimed elsewhere (why a pass says something); the same for a
    # call or a harmful test while its own villager is the witch
    assert RESPOND["brown_own3"] > RESPOND["brown_own1"] > RESPOND["brown_other"]
    assert RESPOND["call_own"] > RESPOND["call_other"]
    assert RESPOND["test_own"] > RESPOND["test_other"]
    assert answer_key("response", True, 6) == "brown_own3" and answer_key("response", True, 2) == "brown_own1"
    assert answer_key("response", True, -2) == answer_key("response", False, 6) == "brown_other"
    assert answer_key("inquisition", True, 0) == "call_own"
    assert answer_key("negation", True, 1) == "test_own" and answer_key("negation", True, 0) == "test_other"


def _table():
    """A revealed 3-player match and, per seat, a villager of its own."""
    m = new_match("hammer", ["A", "B", "C"], seed=4)
    vs = m.state["villagers"]
    own = {s: next(v for v in m.state["vorder"] if vs[v]["owner"] == s and v != "berta") for s in range(3)}
    return m, own


def _card(m, kind: str) -> str:
    return next(c for c in m.t.all_cards if m.t.card_kind[c] == kind)


def test_a_pass_on_a_hard_hit_thins_the_answers_in_that_hand(monkeypatch):
    m, own = _table()
    deal = [{"type": "deal", "seat": s} for s in range(3)]
    confession = {"type": "accuse", "seat": 2, "card": _card(m, "confession"), "kind": "confession"}
    log = [
        *deal,
        dict(confession, accuser=own[2], target=own[1], value=6),
        {"type": "pass", "seat": 1, "window": "response"},
    ]
    monkeypatch.setattr(m, "log", lambda seat: log)
    hold = holding(m, 0)
    assert hold is not None
    thin = 1.0 - min(ANSWER_CAP, RESPOND["brown_own3"])
    for kind in (*ANSWERS, "retraction"):  # a Confession could be answered by a Retraction too
        assert hold(1, _card(m, kind)) == pytest.approx(thin)
    assert hold(1, _card(m, "accusation")) == 1.0  # not an answer
    assert hold(2, _card(m, "countercharge")) == 1.0  # seat 2 was not asked

    # half the hand played away and drawn anew since: the pass weighs in half
    played = dict(confession, seat=1, kind="accusation", accuser=own[1], target=own[2], value=1)
    turns = [played] * 3
    draws = [e for _ in range(3) for e in ({"type": "end_turn", "seat": 1}, {"type": "draw", "seat": 1})]
    log.extend(turns + draws)
    half = holding(m, 0)
    assert half is not None
    assert half(1, _card(m, "mixup")) == pytest.approx(1.0 - min(ANSWER_CAP, RESPOND["brown_own3"]) * 0.5)

    # a pass on an Accusation says nothing of Retractions, and a light hit less
    log[:] = [*deal, dict(confession, kind="accusation", accuser=own[2], target=own[1], value=1)]
    log.append({"type": "pass", "seat": 1, "window": "response"})
    light = holding(m, 0)
    assert light is not None
    assert light(1, _card(m, "retraction")) == 1.0
    assert light(1, _card(m, "accomplice")) == pytest.approx(1.0 - RESPOND["brown_own1"])
    assert holding(m, 1) is None or holding(m, 1)(1, _card(m, "mixup")) == 1.0  # its own passes: it knows its hand


def test_passes_on_a_call_and_a_test_thin_their_answers(monkeypatch):
    """A seat that lets an inquisition be called while its own villager is the current
    witch likely holds no No Inquisition; one that lets a test burn its villager likely
    holds no partner to that test (the witch followed through the log's heat)."""
    m, own = _table()
    heat = dict.fromkeys(m.state["vorder"], 2)
    heat[own[1]] = 9  # seat 1's villager is the current witch
    log = [{"type": "reveal", "heat": heat}, *({"type": "deal", "seat": s} for s in range(3))]
    log += [{"type": "call", "seat": 2}, {"type": "pass", "seat": 1, "window": "inquisition"}]
    log += [{"type": "test", "seat": 2, "card": _card(m, "mark_found"), "kind": "mark_found"}]
    log += [{"type": "pass", "seat": 1, "window": "negation"}]
    monkeypatch.setattr(m, "log", lambda seat: log)
    hold = holding(m, 0)
    assert hold is not None
    assert hold(1, _card(m, "no_inquisition")) == pytest.approx(1.0 - min(ANSWER_CAP, RESPOND["call_own"]))
    assert hold(1, _card(m, "mark_none")) == pytest.approx(1.0 - min(ANSWER_CAP, RESPOND["test_own"]))
    assert hold(1, _card(m, "scales_heavier")) == 1.0  # not the partner of a Devil's Mark
    assert hold(1, _card(m, "countercharge")) == 1.0  # no brown card was let pass

    # the heat moves: once seat 2's villager is the hottest, seat 1's pass is a light one
    log.insert(1, {"type": "heat", "villager": own[2], "from": 2, "to": 12})
    cooler = holding(m, 0)
    assert cooler is not None
    assert cooler(1, _card(m, "no_inquisition")) == pytest.approx(1.0 - RESPOND["call_other"])


def test_no_pass_seen_leaves_the_hands_as_determinize_deals_them(monkeypatch):
    m, _own = _table()
    monkeypatch.setattr(m, "log", lambda seat: [{"type": "deal", "seat": s} for s in range(3)])
    assert holding(m, 0) is None


def _answers_dealt(m, seat, weigh: bool, draws: int = 150) -> dict[int, int]:
    worlds = Worlds(SeatModel(m, seat), random.Random(5), weigh=weigh)
    rng = random.Random(6)
    got = dict.fromkeys(range(m.n), 0)
    for _ in range(draws):
        w = worlds.sample(rng)
        assert w.view(seat) == m.view(seat)
        for s in range(m.n):
            if s != seat:
                got[s] += sum(1 for c in w.state["hands"][s] if w.t.card_role[c] == "response")
    return got


def test_weighed_worlds_deal_fewer_answers_where_a_pass_said_so(monkeypatch):
    """A seat read as holding no answers is dealt almost none (the pile takes them), the
    other seats as many as before, and the unweighed draw ignores the reading."""
    m = next(m for m in positions("hammer", 30, seed=931, max_steps=300) if m.state["revealed"] and m.n == 3)
    seat = m.to_act()[0]
    doubted = (seat + 1) % m.n
    role = m.t.card_role
    monkeypatch.setattr(
        hammer_bots,
        "holding",
        lambda world, s: lambda other, card: 0.0 if other == doubted and role[card] == "response" else 1.0,
    )
    weighed = _answers_dealt(m, seat, True)
    blind = _answers_dealt(m, seat, False)
    assert blind[doubted] > 20
    assert weighed[doubted] < blind[doubted] * 0.2
    third = 3 - seat - doubted
    assert weighed[third] == pytest.approx(blind[third], rel=0.35)


def test_the_reading_benchmark_compares_the_picks_and_restores_the_reader(capsys):
    bench = benchmark("hammer_reading")
    assert bench.main(["--positions", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 positions with a pass read" in out and "reading minus not" in out
    assert hammer_bots.holding is holding
