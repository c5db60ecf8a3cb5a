"""The Hammer of the Witches: the rules of docs/rules/hammer.md §2–§11 one by one, and every
refusal leaves the match as it was."""

from __future__ import annotations

import itertools
import json

import pytest

from game.engine import IllegalCommand, Match, SetupError, new_match
from game.rules.hammer import HammerMatch
from tests.rules.hammer_kit import (
    NAMES,
    all_cards_once,
    burn_offstage,
    cool_all,
    empty_hands,
    give,
    give_villager,
    heat,
    owner,
    pass_all,
    placed_match,
    put_away,
    refused,
    set_arrest,
    set_heat,
    set_turn,
    start,
)


def mine(m, seat):
    return [v for v in m.state["vorder"] if owner(m, v) == seat and m.state["villagers"][v]["status"] == "alive"]


def accuse(m, seat, card, accuser, target):
    m.apply(seat, {"type": "accuse", "card": card, "accuser": accuser, "target": target})


def trial_ready(m, inquisitor=0):
    """Arrest with empty hands, everyone passes: the Trial starts with the inquisitor."""
    empty_hands(m)
    set_arrest(m, inquisitor)
    for k in range(m.n):
        m.apply((inquisitor + k) % m.n, {"type": "pass"})
    assert m.state["phase"] == "trial"


# ----------------------------------------------------------------------- setup (§2) --
def test_player_count_is_three_to_five():
    # docs/rules/hammer.md §1
    for bad in (2, 6):
        with pytest.raises(SetupError):
            new_match("hammer", NAMES[:2] + ["X"] * (bad - 2), seed=1)


@pytest.mark.parametrize("players,expected", [(3, 9), (4, 12), (5, 15)])
def test_setup_deals_three_villagers_and_three_pyres_by_card_backs(players, expected):
    # docs/rules/hammer.md §1.1, §2
    m = new_match("hammer", NAMES[:players], seed=3)
    s = m.state
    assert len(s["vorder"]) == expected
    backs = {v: m.t.villager[v].back for v in s["vorder"]}
    assert all(b <= players for b in backs.values())
    assert "berta" in s["vorder"]
    assert all(len(p) == 3 for p in s["dealt_pyres"])
    assert m.to_act() == list(range(players))  # everyone places at once
    assert m.view(0)["phase"] == "setup" and m.view(0)["players"][0]["hand"] == []


def test_place_pyres_lists_every_assignment_and_keeps_it_secret_until_all_placed():
    # docs/rules/hammer.md §2, R14
    m = new_match("hammer", NAMES[:3], seed=4)
    legal = m.legal(1)
    assert len(legal) == 6 and all(c["type"] == "place_pyres" for c in legal)
    m.apply(1, legal[3])
    assert m.to_act() == [0, 2]
    own = m.view(1)["villagers"]
    other = m.view(0)["villagers"]
    ones = [v for v in own if v["owner"] == 1]
    assert all(v["heat"] == v["start"] is not None for v in ones)
    assert all(v["heat"] is None for v in other if v["owner"] == 1)
    assert "assign" not in json.dumps(m.log(0)[-1])
    m.apply(2, m.legal(2)[0])
    m.apply(0, m.legal(0)[0])
    view = m.view(0)
    assert view["phase"] == "accusation" and all(v["heat"] is not None for v in view["villagers"])
    assert [p["hand_count"] for p in view["players"]] == [6, None, None]  # R24: own hand size only
    assert view["deck_count"] == 78 - 18
    assert view["active"] == owner(m, "berta")  # docs/rules/hammer.md §2


def test_place_pyres_refusals():
    # docs/rules/hammer.md §2, R14
    m = new_match("hammer", NAMES[:3], seed=5)
    vs = [v for v in m.state["vorder"] if owner(m, v) == 0]
    ps = m.state["dealt_pyres"][0]
    other_pyre = m.state["dealt_pyres"][1][0]
    stranger = next(v for v in m.state["vorder"] if owner(m, v) == 1)
    assert (
        refused(m, 0, {"type": "place_pyres", "assign": {vs[0]: ps[0], vs[1]: ps[0], vs[2]: ps[1]}}).code
        == "bad_assign"
    )
    assert refused(m, 0, {"type": "place_pyres", "assign": {vs[0]: ps[0], vs[1]: ps[1]}}).code == "bad_assign"
    assert (
        refused(m, 0, {"type": "place_pyres", "assign": {vs[0]: ps[0], vs[1]: ps[1], vs[2]: other_pyre}}).code
        == "not_yours"
    )
    exc = refused(m, 0, {"type": "place_pyres", "assign": {vs[0]: ps[0], vs[1]: ps[1], stranger: ps[2]}})
    assert exc.message == f"{m.t.villager[stranger].name} is not one of your villagers."
    assert refused(m, 0, {"type": "place_pyres", "assign": [1, 2]}).code == "bad_assign"
    m.apply(0, {"type": "place_pyres", "assign": dict(zip(vs, ps))})
    with pytest.raises(IllegalCommand) as err:
        m.apply(0, {"type": "place_pyres", "assign": dict(zip(vs, ps))})
    assert err.value.code == "not_your_turn"


# ---------------------------------------------------------------- general refusals --
def test_wrong_seat_unknown_command_and_fields_are_refused():
    # docs/rules/hammer.md §11
    m = placed_match(4, seed=6)
    set_turn(m, 1)
    assert refused(m, 2, {"type": "end_turn"}).code == "not_your_turn"
    assert refused(m, 9, {"type": "end_turn"}).code == "bad_seat"
    assert refused(m, 1, {"type": "shout"}).code == "unknown_command"
    assert refused(m, 1, {"type": "end_turn", "cards": 3}).message == "A 'end_turn' command has no field 'cards'."
    assert refused(m, 1, {"type": "accuse", "card": "accusation-1"}).code == "missing_field"
    assert refused(m, 1, {"card": "x"}).code == "bad_command"


def test_card_not_in_hand_names_the_card():
    # docs/rules/hammer.md §11
    m = placed_match(4, seed=7)
    set_turn(m, 0)
    give(m, 1, "confession-3")
    acc = next(v for v in mine(m, 0) if m.t.villager[v].can_accuse)
    exc = refused(m, 0, {"type": "accuse", "card": "confession-3", "accuser": acc, "target": acc})
    assert exc.code == "not_in_hand" and exc.message == "confession-3 is not in your hand."
    assert refused(m, 0, {"type": "accuse", "card": "wand-1", "accuser": acc, "target": acc}).code == "unknown_card"


def test_wrong_phase_commands_are_refused():
    # docs/rules/hammer.md §5, §11
    m = placed_match(4, seed=8)
    set_turn(m, 0)
    assert refused(m, 0, {"type": "refill", "discard": []}).code == "wrong_phase"
    assert refused(m, 0, {"type": "pass"}).code == "wrong_time"
    assert refused(m, 0, {"type": "choose_witch", "villager": "karl"}).code == "wrong_time"
    assert refused(m, 0, {"type": "negate", "card": "mark_none-1"}).code in ("wrong_time", "not_in_hand")
    set_arrest(m, 0)
    assert refused(m, 0, {"type": "call_inquisition"}).code == "wrong_phase"
    assert refused(m, 0, {"type": "end_turn"}).code == "wrong_phase"
    give(m, 0, "no_inquisition-1")
    assert (
        refused(m, 0, {"type": "no_inquisition", "card": "no_inquisition-1"}).message
        == "No one is calling an inquisition right now."
    )


def test_brown_card_needs_own_living_accuser_and_living_target():
    # docs/rules/hammer.md §3
    m = placed_match(4, seed=9)
    set_turn(m, 0)
    give(m, 0, "accusation-1", "bribe-1")
    acc = next(v for v in mine(m, 0) if m.t.villager[v].can_accuse)
    theirs = next(v for v in mine(m, 1) if m.t.villager[v].can_accuse)
    assert (
        refused(m, 0, {"type": "accuse", "card": "accusation-1", "accuser": theirs, "target": acc}).code == "not_yours"
    )
    assert refused(m, 0, {"type": "accuse", "card": "bribe-1", "accuser": acc, "target": acc}).code == "not_brown"
    gone = mine(m, 2)[0]
    burn_offstage(m, gone, 1)
    exc = refused(m, 0, {"type": "accuse", "card": "accusation-1", "accuser": acc, "target": gone})
    assert exc.code == "not_alive" and m.t.villager[gone].name in exc.message
    assert (
        refused(m, 0, {"type": "accuse", "card": "accusation-1", "accuser": acc, "target": "nobody"}).code
        == "unknown_villager"
    )


def test_fourth_brown_card_is_refused_with_three_accusers():
    # docs/rules/hammer.md §5.1, R16 (each villager accuses at most once per turn)
    m = placed_match(4, seed=10)
    for v in ("karl", "widow", "markwart"):
        give_villager(m, v, 0, keep=("karl", "widow", "markwart"))
    set_turn(m, 0)
    give(m, 0, "accusation-1", "accusation-2", "accusation-3", "accusation-4")
    cool_all(m)
    target = mine(m, 1)[0]
    for card, acc in zip(("accusation-1", "accusation-2", "accusation-3"), ("karl", "widow", "markwart")):
        accuse(m, 0, card, acc, target)
        pass_all(m)
    assert not [c for c in m.legal(0) if c["type"] == "accuse"]
    exc = refused(m, 0, {"type": "accuse", "card": "accusation-4", "accuser": "widow", "target": target})
    assert exc.code == "accuser_used" and exc.message == "You have already accused with Widow this turn."


def test_legal_lists_every_accuser_target_combination_in_a_stable_order():
    # docs/rules/hammer.md §11 (legal lists complete commands)
    m = placed_match(4, seed=21)
    set_turn(m, 0)
    give(m, 0, "proof-1", "bribe-9", "advocate-2", only=True)
    legal = m.legal(0)
    accusers = [v for v in mine(m, 0) if m.t.villager[v].can_accuse]
    alive = m._alive()
    accusations = [c for c in legal if c["type"] == "accuse"]
    assert len(accusations) == len(accusers) * len(alive)
    assert {(c["accuser"], c["target"]) for c in accusations} == set(itertools.product(accusers, alive))
    assert not [c for c in legal if c["type"] == "bribe"]  # R20: bribes ride on other commands
    assert len([c for c in legal if c["type"] == "advocate"]) == len(alive)
    assert legal[0] == {"type": "call_inquisition"} and legal[-1] == {"type": "end_turn"}
    assert m.legal(0) == legal and m.legal(1) == []


def test_target_modifiers_only_apply_to_positive_cards_and_kind_modifiers_to_their_kind():
    # docs/rules/hammer.md §3
    m = placed_match(5, seed=22)
    give_villager(m, "heinbichl", 0)
    give_villager(m, "luitger", 0, keep=("heinbichl",))
    give_villager(m, "widow", 2)
    set_turn(m, 0)
    give(m, 0, "denial-1", "denial-2")
    cool_all(m)
    set_heat(m, "widow", 12)
    accuse(m, 0, "denial-1", "heinbichl", "widow")  # no +2: Denial is negative
    assert m.view(0)["window"]["value"] == -2
    pass_all(m)
    assert heat(m, "widow") == 10
    accuse(m, 0, "denial-2", "luitger", "widow")  # Luitger: Denial -1 more
    assert m.view(0)["pending"]["value"] == -3
    pass_all(m)
    assert heat(m, "widow") == 7


# ------------------------------------------------------------------ responses (§4.1) --
def _response_setup(seed=23, players=5):
    m = placed_match(players, seed=seed)
    give_villager(m, "karl", 0)
    set_turn(m, 0)
    cool_all(m)
    return m


def test_response_window_is_open_to_every_other_seat_and_closes_on_the_first_response():
    # docs/rules/hammer.md §4 (a window asks every seat at once; each answers once)
    m = _response_setup()
    set_turn(m, 2)
    give_villager(m, "widow", 2)
    give(m, 2, "accusation-1")
    give(m, 4, "accomplice-1")
    give(m, 0, "countercharge-2")
    target = mine(m, 1)[0]
    accuse(m, 2, "accusation-1", "widow", target)
    window = m.view(1)["window"]
    assert window["kind"] == "response" and window["order"] == [3, 4, 0, 1] and window["by"] == 2
    assert m.to_act() == [0, 1, 3, 4]
    m.apply(3, {"type": "pass"})
    assert m.to_act() == [0, 1, 4] and m.view(0)["window"]["passed"] == [3]
    assert m.view(0)["window"]["waiting"] == [4, 0, 1]
    with pytest.raises(IllegalCommand):
        m.apply(3, {"type": "pass"})  # each seat answers once
    other = next(c["other"] for c in m.legal(4) if c.get("card") == "accomplice-1")
    before_t, before_o = heat(m, target), heat(m, other)
    m.apply(4, {"type": "respond", "card": "accomplice-1", "other": other})
    assert m.state["windows"] == [] and m.to_act() == [2]
    assert heat(m, target) == before_t + 2 and heat(m, other) == before_o + 2  # widow: accusation +1
    assert "accomplice-1" in m.state["discard"] and "accusation-1" in m.state["discard"]


def test_mixup_moves_the_points_and_burckardt_adds_one():
    # docs/rules/hammer.md §4.1
    m = _response_setup(24)
    give_villager(m, "burckardt", 1)
    give(m, 0, "proof-2")
    give(m, 1, "mixup-1")
    accuse(m, 0, "proof-2", "karl", "burckardt")
    exc = refused(m, 1, {"type": "respond", "card": "mixup-1", "other": "karl"})
    assert exc.message == "Mix-up cannot name the accuser, Toothbreaker Karl."
    assert refused(m, 1, {"type": "respond", "card": "mixup-1"}).code == "missing_field"
    assert refused(m, 1, {"type": "respond", "card": "mixup-1", "other": "burckardt"}).code == "bad_other"
    other = mine(m, 3)[0]
    b, o = heat(m, "burckardt"), heat(m, other)
    m.apply(1, {"type": "respond", "card": "mixup-1", "other": other})
    assert heat(m, "burckardt") == b and heat(m, other) == o + 3


def test_accomplice_for_martha_gets_one_more():
    # docs/rules/hammer.md §4.1
    m = _response_setup(25)
    give_villager(m, "martha", 2)
    give(m, 0, "accusation-7")
    give(m, 1, "accomplice-2")
    other = mine(m, 3)[0]
    a, o = heat(m, "martha"), heat(m, other)
    accuse(m, 0, "accusation-7", "karl", "martha")
    m.apply(1, {"type": "respond", "card": "accomplice-2", "other": other})
    assert heat(m, "martha") == a + 1 and heat(m, other) == o + 2


def test_retraction_annuls_only_a_confession():
    # docs/rules/hammer.md §4.1
    m = _response_setup(26)
    give(m, 0, "accusation-2", "confession-4")
    give(m, 1, "retraction-1")
    target = mine(m, 2)[0]
    accuse(m, 0, "accusation-2", "karl", target)
    assert not [c for c in m.legal(1) if c.get("card") == "retraction-1"]
    assert (
        refused(m, 1, {"type": "respond", "card": "retraction-1"}).message
        == "A Retraction can only annul a Confession."
    )
    pass_all(m)
    before = heat(m, target)
    set_turn(m, 0)
    accuse(m, 0, "confession-4", "karl", target)
    assert {"type": "respond", "card": "retraction-1"} in m.legal(1)
    m.apply(1, {"type": "respond", "card": "retraction-1"})
    assert heat(m, target) == before
    assert all_cards_once(m)


def test_responses_only_in_a_response_window_and_not_on_bribes():
    # docs/rules/hammer.md §4.1, R1 (a sealed bribe opens no window)
    m = _response_setup(27)
    give(m, 0, "bribe-2", "countercharge-3")
    target = mine(m, 1)[0]
    assert (
        refused(m, 0, {"type": "respond", "card": "countercharge-3"}).message
        == "There is no brown card to respond to right now."
    )
    m.apply(0, {"type": "end_turn", "bribes": [{"card": "bribe-2", "target": target, "sign": 1}]})
    assert m.state["windows"] == [] and m.to_act() == [1]


# -------------------------------------------------------------------- bribes (§8.2) --
# (sealed bribes have their own file: test_hammer_sealed_bribes.py)
def test_bribe_player_is_hidden_from_everyone_else():
    # docs/rules/hammer.md §8.2, §8.3, R15: sealed with a pass in the Arrest, opened when it ends
    m = placed_match(4, seed=28)
    set_arrest(m, 1)
    cool_all(m)
    give(m, 2, "bribe-10")  # a 2-bribe
    m.state["priority"] = 2
    m.state["passes"] = 1
    target = mine(m, 3)[0]
    before = heat(m, target)
    sid = m.state_id
    m.apply(2, {"type": "pass", "bribes": [{"card": "bribe-10", "target": target, "sign": 1}]})
    assert heat(m, target) == before
    m.apply(3, {"type": "pass"})
    m.apply(0, {"type": "pass"})
    assert m.state["phase"] == "trial" and heat(m, target) == before + 2
    assert any(e["type"] == "bribe" and e.get("yours") for e in m.log(2, since=sid + 1))
    for q in (None, 0, 1, 3):
        events = m.log(q, since=sid + 1)
        bribe = [e for e in events if e["type"] == "bribe"]
        assert bribe == [
            {"type": "bribe", "card": "bribe-10", "target": target, "sign": 1, "value": 2, "lapsed": False}
        ]
        for e in events:
            assert "yours" not in e
        view = m.view(q)
        assert view["window"] is None and view["pending"] is None
        assert all("yours" not in e for e in view["recent"])


def test_bribe_sign_must_be_plus_or_minus_one():
    # docs/rules/hammer.md R20 (a bribe's sign)
    m = placed_match(4, seed=29)
    set_turn(m, 0)
    give(m, 0, "bribe-1")
    target = mine(m, 1)[0]
    for sign in (2, 0, True, 1.0, "+"):
        command = {"type": "end_turn", "bribes": [{"card": "bribe-1", "target": target, "sign": sign}]}
        assert refused(m, 0, command).code == "bad_sign"
    m.apply(0, {"type": "end_turn", "bribes": [{"card": "bribe-1", "target": target, "sign": -1}]})
    assert m.state["box"][0]["sign"] == -1


def test_advocate_lowers_heat_by_three_without_a_window():
    # docs/rules/hammer.md §1.3
    m = placed_match(4, seed=30)
    set_turn(m, 0)
    give(m, 0, "advocate-1")
    target = mine(m, 2)[0]
    set_heat(m, target, 10)
    m.apply(0, {"type": "advocate", "card": "advocate-1", "target": target})
    assert heat(m, target) == 7 and m.to_act() == [0]


# ---------------------------------------------------------------- inquisition (§5.1) --
def test_no_inquisition_gives_the_turn_to_its_player():
    # docs/rules/hammer.md §5.1, §4.2
    m = placed_match(4, seed=31)
    set_turn(m, 0)
    give(m, 2, "no_inquisition-2")
    hand0 = list(m.state["hands"][0])
    m.apply(0, {"type": "call_inquisition"})
    assert m.view(1)["window"] == {
        "kind": "inquisition",
        "card": None,
        "by": 0,
        "waiting": [1, 2, 3],
        "order": [1, 2, 3],
        "passed": [],
    }
    m.apply(1, {"type": "pass"})
    assert {"type": "no_inquisition", "card": "no_inquisition-2"} in m.legal(2)
    m.apply(2, {"type": "no_inquisition", "card": "no_inquisition-2"})
    assert m.state["phase"] == "accusation" and m.state["active"] == 2 and m.state["inquisitor"] is None
    assert m.state["hands"][0] == hand0
    assert {"type": "call_inquisition"} in m.legal(2)  # may call themselves


def test_inquisition_must_be_called_before_playing_anything():
    # docs/rules/hammer.md §5.1, §11
    m = placed_match(4, seed=32)
    set_turn(m, 0)
    give(m, 0, "advocate-3")
    m.apply(0, {"type": "advocate", "card": "advocate-3", "target": mine(m, 0)[0]})
    assert {"type": "call_inquisition"} not in m.legal(0)
    assert refused(m, 0, {"type": "call_inquisition"}).code == "already_played"


def test_end_turn_draws_one_card_and_passes_the_turn_clockwise():
    # docs/rules/hammer.md §5.1, §4.2
    m = placed_match(4, seed=33)
    set_turn(m, 3)
    deck = list(m.state["deck"])
    events = m.apply(3, {"type": "end_turn"})
    assert m.state["hands"][3][-1] == deck[-1] and len(m.state["hands"][3]) == 7
    assert m.state["active"] == 0
    draw = [e for e in events if e["type"] == "draw"][0]
    assert draw["cards"] == [deck[-1]]
    other = [e for e in m.log(1) if e["type"] == "draw"][-1]
    assert other == {"type": "draw", "seat": 3}  # §8.2: no count for others


def test_empty_draw_pile_reshuffles_the_discard_pile():
    # docs/rules/hammer.md §3, R13 (empty draw pile)
    m = placed_match(3, seed=34)
    set_turn(m, 1)
    s = m.state
    s["discard"].extend(s["deck"])
    s["deck"] = []
    m.apply(1, {"type": "end_turn"})
    assert len(s["discard"]) == 0 and len(s["hands"][1]) == 7
    assert any(e["type"] == "reshuffle" for e in m.log(0))
    assert all_cards_once(m)


# --------------------------------------------------------------------- arrest (§5.2) --
def test_arrest_priority_passes_round_and_ends_after_everyone_passes():
    # docs/rules/hammer.md §5.2
    m = placed_match(4, seed=35)
    set_arrest(m, 2)
    give_villager(m, "karl", 3)
    give(m, 3, "accusation-3", "accusation-4")
    assert m.to_act() == [2]
    m.apply(2, {"type": "pass"})
    target = mine(m, 1)[0]
    accuse(m, 3, "accusation-3", "karl", target)
    pass_all(m)
    assert m.to_act() == [0] and m.state["passes"] == 0
    for seat in (0, 1, 2):
        m.apply(seat, {"type": "pass"})
    # Karl already accused in this phase
    assert not [c for c in m.legal(3) if c["type"] == "accuse" and c["accuser"] == "karl"]
    exc = refused(m, 3, {"type": "accuse", "card": "accusation-4", "accuser": "karl", "target": target})
    assert exc.message == "You have already accused with Karl this phase."
    m.apply(3, {"type": "pass"})
    assert m.state["phase"] == "trial" and m.to_act() == [2]
    assert refused(m, 2, {"type": "end_turn"}).code == "wrong_phase"


# ------------------------------------------------------------------------ tests (§6) --
def test_ordeal_cannot_be_played_in_phase_one_and_never_by_the_inquisitor():
    # docs/rules/hammer.md §6
    m = placed_match(4, seed=36)
    set_turn(m, 0)
    give(m, 0, "ordeal_floats-1")
    assert refused(m, 0, {"type": "test", "card": "ordeal_floats-1"}).code == "wrong_phase"
    set_arrest(m, 0)
    assert not [c for c in m.legal(0) if c["type"] == "test"]
    assert refused(m, 0, {"type": "test", "card": "ordeal_floats-1"}).message == "The inquisitor may not play tests."


def test_mark_found_sets_the_witch_to_eighteen_and_phase_one_names_a_tied_witch():
    # docs/rules/hammer.md §6.1, §3, R7 (in the Accusation the card's player breaks ties)
    m = placed_match(4, seed=37)
    set_turn(m, 1)
    give(m, 1, "mark_found-1")
    cool_all(m)
    a, b = mine(m, 2)[0], mine(m, 3)[0]
    set_heat(m, a, 12)
    set_heat(m, b, 12)
    tests = [c for c in m.legal(1) if c["type"] == "test"]
    assert tests == [{"type": "test", "card": "mark_found-1", "witch": v} for v in m._hottest()]
    assert refused(m, 1, {"type": "test", "card": "mark_found-1"}).code == "tie"
    m.apply(1, {"type": "test", "card": "mark_found-1", "witch": b})
    if m.state["windows"]:
        assert m.view(0)["window"]["kind"] == "negation"
        pass_all(m)
    assert heat(m, b) == 18 and heat(m, a) == 12
    assert "mark_found-1" in m.state["removed"] and m.to_act() == [1]
    assert {"type": "call_inquisition"} not in m.legal(1)


def test_a_witch_named_without_a_tie_is_refused_as_legal_does_not_list_it():
    # docs/rules/hammer.md R7 (apply accepts exactly what legal() lists)
    m = placed_match(4, seed=37)
    set_turn(m, 1)
    give(m, 1, "mark_found-1")
    cool_all(m)
    a = mine(m, 2)[0]
    set_heat(m, a, 12)
    assert {"type": "test", "card": "mark_found-1"} in m.legal(1)
    assert refused(m, 1, {"type": "test", "card": "mark_found-1", "witch": a}).code == "bad_field"


def test_partner_test_negates_both_cards_to_the_discard_pile():
    # docs/rules/hammer.md §6
    m = placed_match(4, seed=38)
    set_arrest(m, 0)
    m.state["priority"] = 1
    give(m, 1, "mark_none-1", only=True)
    give(m, 3, "mark_found-1")
    cool_all(m)
    hot = mine(m, 2)[0]
    set_heat(m, hot, 15)
    m.apply(1, {"type": "test", "card": "mark_none-1"})
    window = m.view(3)["window"]
    assert window["kind"] == "negation" and window["order"] == [2, 3]  # not the inquisitor
    m.apply(2, {"type": "pass"})
    assert m.legal(3) == [{"type": "negate", "card": "mark_found-1"}, {"type": "pass"}]
    m.apply(3, {"type": "negate", "card": "mark_found-1"})
    assert heat(m, hot) == 15
    assert m.state["discard"][-2:] == ["mark_none-1", "mark_found-1"]
    assert m.to_act() == [2]  # the test was seat 1's play: priority moves on


def test_negation_window_is_skipped_when_the_partner_is_publicly_gone():
    # docs/rules/hammer.md §4.3, R6
    m = placed_match(4, seed=39)
    set_arrest(m, 0)
    m.state["priority"] = 1
    give(m, 1, "mark_none-1")
    put_away(m, "mark_found-1", "removed")
    set_heat(m, mine(m, 2)[0], 16)
    m.apply(1, {"type": "test", "card": "mark_none-1"})
    assert m.state["windows"] == [] and heat(m, mine(m, 2)[0]) == start(m, mine(m, 2)[0])


def test_tie_for_a_test_in_phase_two_is_settled_by_the_inquisitor():
    # docs/rules/hammer.md §3, R7
    m = placed_match(4, seed=40)
    set_arrest(m, 3)
    m.state["priority"] = 1
    give(m, 1, "mark_none-1")
    put_away(m, "mark_found-1", "removed")
    a, b = mine(m, 0)[0], mine(m, 2)[0]
    set_heat(m, a, 14)
    set_heat(m, b, 14)
    assert refused(m, 1, {"type": "test", "card": "mark_none-1", "witch": a}).code == "bad_field"
    m.apply(1, {"type": "test", "card": "mark_none-1"})
    assert m.to_act() == [3] and m.view(0)["choice"]["reason"] == "test"
    assert sorted(c["villager"] for c in m.legal(3)) == sorted([a, b])
    assert refused(m, 3, {"type": "choose_witch", "villager": mine(m, 1)[0]}).code == "not_candidate"
    m.apply(3, {"type": "choose_witch", "villager": a})
    assert heat(m, a) == start(m, a) and heat(m, b) == 14


def test_ordeal_floats_burns_for_the_inquisitor_and_is_kept_for_two_points():
    # docs/rules/hammer.md §6.3, §7
    m = placed_match(4, seed=41)
    set_arrest(m, 0)
    m.state["priority"] = 2
    give(m, 2, "ordeal_floats-1")
    put_away(m, "ordeal_drowns-1", "discard")
    cool_all(m)
    witch = mine(m, 3)[0]
    set_heat(m, witch, 17)
    before = m.result()["scores"]
    m.apply(2, {"type": "test", "card": "ordeal_floats-1"})
    assert m.state["villagers"][witch]["status"] == "burned"
    assert witch in m.state["trophies"][0] and "ordeal_floats-1" in m.state["kept"][2]
    assert m.state["phase"] == "evidence" and m.to_act() == [0]
    after = m.result()["scores"]
    assert after[2] - before[2] == 2
    assert after[0] - before[0] == m.t.villager[witch].matches


def test_ordeal_drowns_burns_as_if_its_player_were_inquisitor():
    # docs/rules/hammer.md §6
    m = placed_match(4, seed=42)
    trial_ready(m, 0)
    assert m.to_act() == [0]
    m.apply(0, {"type": "pass"})
    give(m, 1, "ordeal_drowns-1")
    put_away(m, "ordeal_floats-1", "discard")
    cool_all(m)
    witch = mine(m, 1)[0]  # the player's own villager: an empty pyre in front of them
    set_heat(m, witch, 16)
    m.apply(1, {"type": "test", "card": "ordeal_drowns-1"})
    assert m.state["villagers"][witch]["status"] == "removed"
    assert m.state["empty_pyres"][1] and "ordeal_drowns-1" in m.state["removed"]
    assert m.state["phase"] == "evidence"


def test_scales_heavier_protects_the_witch_until_the_next_trial_and_jumps_to_phase_four():
    # docs/rules/hammer.md §6.3, §5.3, R9, R10
    m = placed_match(4, seed=43)
    set_arrest(m, 0)
    m.state["priority"] = 1
    give(m, 1, "scales_heavier-1")
    put_away(m, "scales_lighter-1", "discard")
    cool_all(m)
    witch = mine(m, 2)[0]
    set_heat(m, witch, 15)
    m.apply(1, {"type": "test", "card": "scales_heavier-1"})
    assert m.state["phase"] == "evidence" and m.view(0)["protection"]["villager"] == witch
    assert [v["protected"] for v in m.view(0)["villagers"] if v["id"] == witch] == [True]
    for k in range(4):
        m.apply(k, {"type": "refill", "discard": []})
    assert m.state["phase"] == "accusation" and m.state["active"] == 1
    give_villager(m, "karl", 1)
    give(m, 1, "accusation-9")
    assert not [c for c in m.legal(1) if c["type"] == "accuse" and c["target"] == witch]
    exc = refused(m, 1, {"type": "accuse", "card": "accusation-9", "accuser": "karl", "target": witch})
    assert exc.code == "protected"
    # the next Trial removes the protection and the card leaves the game
    trial_ready(m, 1)
    assert m.state["protection"] is None and "scales_heavier-1" in m.state["removed"]


# -------------------------------------------------------------------- burning (§5.3) --
def test_burning_another_players_villager_gives_a_trophy_and_removes_its_pyre():
    # docs/rules/hammer.md §5.3
    m = placed_match(4, seed=44)
    cool_all(m)
    witch = mine(m, 2)[0]
    set_heat(m, witch, 9)
    trial_ready(m, 1)
    for seat in (1, 2, 3, 0):
        m.apply(seat, {"type": "pass"})
    assert m.state["villagers"][witch]["status"] == "burned"
    assert m.view(0)["players"][1]["trophies"] == [witch]
    assert [e for e in m.log(0) if e["type"] == "burn"][-1]["by"] == 1


def test_tied_witch_at_the_burning_is_chosen_by_the_inquisitor():
    # docs/rules/hammer.md §3, §5.3
    m = placed_match(4, seed=45)
    cool_all(m)
    a, b = mine(m, 1)[0], mine(m, 3)[0]
    set_heat(m, a, 11)
    set_heat(m, b, 11)
    trial_ready(m, 2)
    for seat in (2, 3, 0, 1):
        m.apply(seat, {"type": "pass"})
    assert m.to_act() == [2] and m.view(2)["choice"] == {"by": 2, "candidates": m._hottest(), "reason": "burning"}
    assert [c["type"] for c in m.legal(2)] == ["choose_witch", "choose_witch"]
    assert refused(m, 2, {"type": "choose_witch", "villager": "nobody"}).code == "not_candidate"
    m.apply(2, {"type": "choose_witch", "villager": b})
    assert m.state["villagers"][b]["status"] == "burned" and m.state["villagers"][a]["status"] == "alive"


# ------------------------------------------------------------------- evidence (§5.4) --
def test_refill_discards_then_draws_up_to_six_and_a_new_round_starts_left_of_the_inquisitor():
    # docs/rules/hammer.md §5.4, R11 (discards first; everyone draws once all have discarded)
    m = placed_match(4, seed=46)
    cool_all(m)
    set_heat(m, mine(m, 3)[0], 9)
    trial_ready(m, 2)
    for seat in (2, 3, 0, 1):
        m.apply(seat, {"type": "pass"})
    assert m.state["phase"] == "evidence" and m.to_act() == [2]
    give(m, 2, "accusation-1", "accusation-2", "denial-1")
    legal = m.legal(2)
    assert len(legal) == 8 and legal[0] == {"type": "refill", "discard": []}
    assert refused(m, 2, {"type": "refill", "discard": ["accusation-1", "accusation-1"]}).code == "bad_discard"
    assert refused(m, 2, {"type": "refill", "discard": ["proof-1"]}).code in ("not_in_hand",)
    m.state["discard"].extend(m.state["deck"][:-2])
    del m.state["deck"][:-2]  # the pile runs out during the refill
    m.apply(2, {"type": "refill", "discard": ["accusation-1", "denial-1"]})
    hand = m.state["hands"][2]
    assert "accusation-1" not in hand and "denial-1" not in hand
    assert m.state["discard"][-2:] == ["accusation-1", "denial-1"]
    for seat in (3, 0, 1):
        m.apply(seat, {"type": "refill", "discard": []})
    assert all(len(m.state["hands"][seat]) >= 6 for seat in range(4))
    assert m.state["phase"] == "accusation" and m.state["active"] == 3
    assert m.state["inquisitor"] is None and m.state["round"] == 2
    assert all_cards_once(m)


def test_big_hands_list_a_manageable_refill_and_accept_any_subset():
    # docs/rules/hammer.md R12
    m = placed_match(4, seed=47)
    m.state.update(phase="evidence", inquisitor=0, refill_order=[0, 1, 2, 3], refill_idx=0)
    give(m, 0, *m.state["deck"][:8])
    assert len(m.state["hands"][0]) == 14
    legal = m.legal(0)
    assert len(legal) == 2 * (1 + 14 + 91)
    odd = m.state["hands"][0][::2]
    m.apply(0, {"type": "refill", "discard": odd})
    assert len(m.state["hands"][0]) == 7


# ------------------------------------------------------------------ end, scoring (§7) --
def test_scoring_counts_pentagrams_trophies_kept_tests_and_others_empty_pyres():
    # docs/rules/hammer.md §7
    m = placed_match(3, seed=48)
    s = m.state
    v0, v1 = mine(m, 0), mine(m, 1)
    burn_offstage(m, v1[0], 0)
    s["villagers"][v0[0]]["status"] = "removed"
    s["empty_pyres"][0].append(s["villagers"][v0[0]]["pyre"])
    put_away(m, "scales_lighter-1", "removed")
    s["removed"].remove("scales_lighter-1")
    s["kept"][2].append("scales_lighter-1")
    t = m.t
    alive_pent = [sum(t.villager[v].pentagrams for v in mine(m, seat)) for seat in range(3)]
    assert m.result() == {
        "scores": [alive_pent[0] + t.villager[v1[0]].matches, alive_pent[1] + 1, alive_pent[2] + 1 + 1],
        "winners": [],
    }


def test_game_over_refuses_every_command_and_reports_winners():
    # docs/rules/hammer.md §5.3, §7
    m = placed_match(3, seed=49)
    for vid in list(m.state["vorder"])[:5]:
        burn_offstage(m, vid, (owner(m, vid) + 1) % 3)
    cool_all(m)
    trial_ready(m, 0)
    for seat in (0, 1, 2):
        m.apply(seat, {"type": "pass"})
    assert m.over and m.to_act() == [] and m.legal(0) == []
    assert refused(m, 0, {"type": "pass"}).code == "game_over"
    result = m.result()
    best = max(result["scores"])
    assert result["winners"] == [i for i, x in enumerate(result["scores"]) if x == best]
    over = [e for e in m.log(None) if e["type"] == "over"]
    assert over and over[0]["scores"] == result["scores"]


# -------------------------------------------------------------------- view (§12.1) --
def test_view_has_the_stable_fields_and_hides_other_hands():
    # docs/rules/hammer.md §12.1
    m = placed_match(4, seed=50)
    view = m.view(1)
    for key in (
        "game",
        "state_id",
        "round",
        "phase",
        "active",
        "inquisitor",
        "to_act",
        "window",
        "villagers",
        "players",
        "deck_count",
        "discard",
        "cards",
    ):
        assert key in view
    for v in view["villagers"]:
        assert set(v) >= {"id", "name", "owner", "status", "start", "heat", "pentagrams", "matches", "protected"}
    for p in view["players"]:
        assert set(p) >= {"seat", "name", "hand_count", "hand", "trophies", "kept", "empty_pyres"}
        assert (p["hand"] is None) == (p["seat"] != 1)
    assert set(view["cards"]) == set(m.state["hands"][1])
    spectator = m.view(None)
    assert all(p["hand"] is None for p in spectator["players"]) and spectator["cards"] == {}
    json.dumps(view)


def test_refusals_leave_a_saved_match_identical():
    # the engine's contract: a refused command changes nothing
    m = placed_match(4, seed=51)
    text = m.to_json()
    copy = Match.from_json(text)
    assert isinstance(copy, HammerMatch) and copy.to_json() == text
    refused(copy, copy.to_act()[0], {"type": "accuse", "card": "nope-1", "accuser": "berta", "target": "berta"})
    assert copy.to_json() == text


# ------------------------------------------------------------------- robustness --
JUNK = [None, 3, -1, True, 1.5, "", "karl", "berta", "confession-1", "bribe-14", [], ["accusation-1"], {}, {"a": 1}]


def test_mangled_commands_are_accepted_or_refused_cleanly_never_crash():
    # the engine's contract: every illegal command gets a clear message, never a traceback
    import random

    from tests.rules.test_hammer_playouts import _clone

    rng = random.Random(5)
    for seed in range(4):
        m = new_match("hammer", NAMES[: 3 + seed % 3], seed=seed)
        steps = 0
        while not m.over and steps < 400:
            seat = m.to_act()[0]
            legal = m.legal(seat)
            base = dict(legal[rng.randrange(len(legal))])
            for _ in range(3):
                bad = dict(base)
                key = rng.choice([*bad.keys(), "extra"])
                if key == "type":
                    bad["type"] = rng.choice(
                        [
                            "accuse",
                            "bribe",
                            "advocate",
                            "respond",
                            "test",
                            "negate",
                            "call_inquisition",
                            "no_inquisition",
                            "end_turn",
                            "pass",
                            "choose_witch",
                            "refill",
                            "place_pyres",
                            7,
                        ]
                    )
                else:
                    bad[key] = rng.choice(JUNK)
                clone = _clone(m)
                before = json.dumps(clone.state, sort_keys=True)
                try:
                    clone.apply(rng.choice([seat, (seat + 1) % m.n]), bad)
                except IllegalCommand as exc:
                    assert exc.message and "\n" not in exc.message
                    assert json.dumps(clone.state, sort_keys=True) == before
            m.apply(seat, base)
            steps += 1
