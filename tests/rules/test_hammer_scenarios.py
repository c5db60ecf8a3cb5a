"""The situations of docs/rules/hammer.md §13, each replayed on a staged match."""

from __future__ import annotations

from tests.rules.hammer_kit import (
    burn_offstage,
    cool_all,
    empty_hands,
    give,
    give_villager,
    heat,
    owner,
    pass_all,
    placed_match,
    refused,
    set_arrest,
    set_heat,
    set_turn,
    start,
)


def _accuse(m, seat, card, accuser, target):
    m.apply(seat, {"type": "accuse", "card": card, "accuser": accuser, "target": target})


def test_karl_confession_adds_seven_heat():
    # docs/rules/hammer.md §13, situation 1
    m = placed_match(4, seed=11)
    give_villager(m, "karl", 0)
    set_turn(m, 0)
    give(m, 0, "confession-1")
    cool_all(m)
    victim = next(v for v in m.state["vorder"] if owner(m, v) == 1)
    before = heat(m, victim)
    _accuse(m, 0, "confession-1", "karl", victim)
    assert m.view(2)["window"]["value"] == 7
    pass_all(m)
    assert heat(m, victim) == before + 7


def test_griseldis_false_testimony_adds_one():
    # docs/rules/hammer.md §13, situation 2
    m = placed_match(4, seed=12)
    give_villager(m, "griseldis", 1)
    set_turn(m, 1)
    give(m, 1, "false_testimony-2")
    cool_all(m)
    victim = next(v for v in m.state["vorder"] if owner(m, v) == 2)
    before = heat(m, victim)
    _accuse(m, 1, "false_testimony-2", "griseldis", victim)
    pass_all(m)
    assert heat(m, victim) == before + 1


def test_heinbichl_adds_two_against_widow_and_one_against_maid():
    # docs/rules/hammer.md §13, situation 3
    m = placed_match(4, seed=13)
    give_villager(m, "heinbichl", 0)
    give_villager(m, "widow", 1)
    give_villager(m, "maria", 2)
    set_turn(m, 0)
    give(m, 0, "accusation-1", "accusation-2")
    cool_all(m)
    widow, maid = heat(m, "widow"), heat(m, "maria")
    _accuse(m, 0, "accusation-1", "heinbichl", "widow")
    pass_all(m)
    assert heat(m, "widow") == widow + 3
    # a new turn lets Heinbichl accuse again
    set_turn(m, 0)
    _accuse(m, 0, "accusation-2", "heinbichl", "maria")
    pass_all(m)
    assert heat(m, "maria") == maid + 2


def test_berta_is_never_offered_or_accepted_as_accuser():
    # docs/rules/hammer.md §13, situation 4
    m = placed_match(3, seed=14)
    seat = owner(m, "berta")
    set_turn(m, seat)
    give(m, seat, "accusation-5", "denial-1")
    legal = m.legal(seat)
    accusations = [c for c in legal if c["type"] == "accuse"]
    assert accusations and all(c["accuser"] != "berta" for c in accusations)
    exc = refused(m, seat, {"type": "accuse", "card": "accusation-5", "accuser": "berta", "target": "berta"})
    assert exc.code == "cannot_accuse"
    assert exc.message == "Pet Pig Berta may never be an accuser."


def test_denial_at_start_value_and_confession_at_fifteen_are_capped():
    # docs/rules/hammer.md §13, situation 5
    m = placed_match(4, seed=15)
    give_villager(m, "widow", 0)
    give_villager(m, "markwart", 0, keep=("widow",))
    set_turn(m, 0)
    give(m, 0, "denial-3", "confession-2")
    cool_all(m)
    victim = next(v for v in m.state["vorder"] if owner(m, v) == 2)
    low = start(m, victim)
    _accuse(m, 0, "denial-3", "widow", victim)
    pass_all(m)
    assert heat(m, victim) == low
    set_heat(m, victim, 15)
    _accuse(m, 0, "confession-2", "markwart", victim)
    pass_all(m)
    assert heat(m, victim) == 18


def test_two_living_villagers_allow_only_two_brown_cards_per_turn():
    # docs/rules/hammer.md §13, situation 6
    m = placed_match(4, seed=16)
    give_villager(m, "karl", 0)
    give_villager(m, "widow", 0, keep=("karl",))
    give_villager(m, "markwart", 0, keep=("karl", "widow"))
    burn_offstage(m, "markwart", 1)
    set_turn(m, 0)
    give(m, 0, "accusation-1", "accusation-2", "accusation-3")
    cool_all(m)
    target = next(v for v in m.state["vorder"] if owner(m, v) == 3)
    _accuse(m, 0, "accusation-1", "karl", target)
    pass_all(m)
    _accuse(m, 0, "accusation-2", "widow", target)
    pass_all(m)
    assert not [c for c in m.legal(0) if c["type"] == "accuse"]
    exc = refused(m, 0, {"type": "accuse", "card": "accusation-3", "accuser": "karl", "target": target})
    assert exc.message == "You have already accused with Karl this turn."
    exc = refused(m, 0, {"type": "accuse", "card": "accusation-3", "accuser": "markwart", "target": target})
    assert exc.code == "not_alive"


def test_unanswered_inquisition_makes_the_caller_inquisitor_without_a_draw():
    # docs/rules/hammer.md §13, situation 7
    m = placed_match(4, seed=17)
    set_turn(m, 2)
    hand = list(m.state["hands"][2])
    deck = len(m.state["deck"])
    m.apply(2, {"type": "call_inquisition"})
    assert m.view(3)["window"]["kind"] == "inquisition"
    pass_all(m)
    view = m.view(0)
    assert view["inquisitor"] == 2 and view["phase"] == "arrest"
    assert m.state["hands"][2] == hand and len(m.state["deck"]) == deck
    assert m.to_act() == [2]  # priority starts with the inquisitor


def test_inquisitors_own_villager_burning_leaves_an_empty_pyre_worth_one_to_each_other_player():
    # docs/rules/hammer.md §13, situation 8
    m = placed_match(4, seed=18)
    empty_hands(m)
    set_arrest(m, 1)
    cool_all(m)
    own = next(v for v in m.state["vorder"] if owner(m, v) == 1)
    set_heat(m, own, 17)
    before = m.result()["scores"]
    for seat in (1, 2, 3, 0):  # everyone passes: the Arrest ends
        m.apply(seat, {"type": "pass"})
    assert m.state["phase"] == "trial"
    for seat in (1, 2, 3, 0):  # nobody plays a card at the Trial
        m.apply(seat, {"type": "pass"})
    assert m.state["villagers"][own]["status"] == "removed"
    assert m.state["phase"] == "evidence"
    view = m.view(None)
    assert view["players"][1]["empty_pyres"] == 1 and view["players"][1]["trophies"] == []
    after = m.result()["scores"]
    pent = m.t.villager[own].pentagrams
    assert after[1] == before[1] - pent
    assert [after[s] - before[s] for s in (0, 2, 3)] == [1, 1, 1]


def test_three_player_game_ends_at_the_first_trial_leaving_three_villagers():
    # docs/rules/hammer.md §13, situation 9
    m = placed_match(3, seed=19)
    empty_hands(m)
    alive = list(m.state["vorder"])
    for vid in alive[:5]:  # 9 villagers: 5 burned earlier, 4 left
        burn_offstage(m, vid, (owner(m, vid) + 1) % 3)
    set_arrest(m, 0)
    cool_all(m)
    left = [v for v in m.state["vorder"] if m.state["villagers"][v]["status"] == "alive"]
    set_heat(m, left[0], 18)
    for seat in (0, 1, 2, 0, 1, 2):  # Arrest passes, then Trial passes
        assert not m.over
        m.apply(seat, {"type": "pass"})
    assert m.over and m.view(None)["phase"] == "over"
    assert len([v for v in m.state["vorder"] if m.state["villagers"][v]["status"] == "alive"]) == 3
    assert m.to_act() == [] and m.result()["winners"]


def test_countercharge_puts_two_heat_on_karl_for_his_accusation_on_raphael():
    # docs/rules/hammer.md §13, situation 10
    m = placed_match(5, seed=20)
    give_villager(m, "karl", 0)
    give_villager(m, "raphael", 3)
    set_turn(m, 0)
    give(m, 0, "accusation-4")
    give(m, 3, "countercharge-1")
    cool_all(m)
    karl, raphael = heat(m, "karl"), heat(m, "raphael")
    _accuse(m, 0, "accusation-4", "karl", "raphael")
    for seat in (1, 2):
        m.apply(seat, {"type": "pass"})
    assert {"type": "respond", "card": "countercharge-1"} in m.legal(3)
    m.apply(3, {"type": "respond", "card": "countercharge-1"})
    assert heat(m, "karl") == karl + 2
    assert heat(m, "raphael") == raphael
    assert m.state["windows"] == [] and m.to_act() == [0]
