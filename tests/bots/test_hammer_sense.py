"""Hammer's sense checks (``HammerPolicy.senseless``): plays a player of
docs/rules/hammer.md would call senseless — a card that cannot move its villager's heat
(§1.2: heat stays between the pyre's start and 18), a card that moves a villager back
after one's own card moved it this turn (§5.1), heat put on one's own villager by one's
own card or answer (§4.1)."""

from __future__ import annotations

from game.bots import policy_for
from tests.rules.hammer_kit import empty_hands, give, placed_match, set_heat, set_turn, start

# seat 0 owns theresa, maria and berta; seat 1 griseldis, heinbichl and karl; seat 2 the
# widow, burckardt and markwart (placed_match(3), seed 1)
ACC, ACC2, DENIAL, ADVOCATE = "accusation-1", "accusation-2", "denial-1", "advocate-1"


def table():
    m = placed_match(3)
    empty_hands(m)
    set_turn(m, 0)
    assert m.state["villagers"]["theresa"]["owner"] == 0 and m.state["villagers"]["griseldis"]["owner"] == 1
    return m


def senseless(m, seat, command):
    return policy_for(m).senseless(m, seat, command)


def accuse(card, accuser, target):
    return {"type": "accuse", "card": card, "accuser": accuser, "target": target}


def test_a_card_that_cannot_move_the_heat_has_no_effect():
    """§1.2: a villager's heat never rises above 18 nor drops below its pyre's start."""
    m = table()
    give(m, 0, ACC, DENIAL, ADVOCATE)
    set_heat(m, "griseldis", 18)
    assert senseless(m, 0, accuse(ACC, "theresa", "griseldis")) == ["no_effect"]
    assert senseless(m, 0, accuse(ACC, "theresa", "widow")) == []
    assert m.state["villagers"]["maria"]["heat"] == start(m, "maria")
    assert senseless(m, 0, accuse(DENIAL, "theresa", "maria")) == ["no_effect"]
    assert senseless(m, 0, {"type": "advocate", "card": ADVOCATE, "target": "maria"}) == ["no_effect"]
    assert senseless(m, 0, {"type": "advocate", "card": ADVOCATE, "target": "griseldis"}) == []


def test_a_devils_mark_that_leaves_the_witch_where_she_is_has_no_effect():
    """§6.3: the Marks set the current witch's heat to 18 or to its pyre's start."""
    m = table()
    give(m, 0, "mark_found-1", "mark_none-1")
    set_heat(m, "widow", 18)
    assert senseless(m, 0, {"type": "test", "card": "mark_found-1"}) == ["no_effect"]
    assert senseless(m, 0, {"type": "test", "card": "mark_none-1"}) == []


def test_cooling_a_villager_one_just_heated_undoes_ones_own_play():
    m = table()
    give(m, 0, ACC, ACC2, DENIAL, ADVOCATE)
    set_heat(m, "griseldis", 9)
    set_heat(m, "widow", 7)
    m.apply(0, accuse(ACC, "theresa", "griseldis"))
    while m.state["windows"]:  # nobody answers
        m.apply(m.to_act()[0], {"type": "pass"})
    assert senseless(m, 0, accuse(DENIAL, "maria", "griseldis")) == ["undoes_own_play"]
    assert senseless(m, 0, {"type": "advocate", "card": ADVOCATE, "target": "griseldis"}) == ["undoes_own_play"]
    assert senseless(m, 0, accuse(ACC2, "maria", "griseldis")) == []  # pressing on is fine
    assert senseless(m, 0, {"type": "advocate", "card": ADVOCATE, "target": "widow"}) == []


def test_ones_plays_of_an_earlier_turn_do_not_count():
    m = table()
    give(m, 0, ACC, DENIAL)
    set_heat(m, "griseldis", 9)
    m.apply(0, accuse(ACC, "theresa", "griseldis"))
    while m.state["windows"]:
        m.apply(m.to_act()[0], {"type": "pass"})
    for seat in (0, 1, 2):  # once round the table: seat 0's next turn
        m.apply(seat, {"type": "end_turn"})
    assert m.state["active"] == 0
    assert senseless(m, 0, accuse(DENIAL, "maria", "griseldis")) == []


def test_heating_ones_own_villager_harms_it():
    """§3: a brown card may accuse its own side (R17), but heat on one's own villager only
    brings it nearer the pyre."""
    m = table()
    give(m, 0, ACC, DENIAL)
    set_heat(m, "maria", 8)
    assert senseless(m, 0, accuse(ACC, "theresa", "maria")) == ["harms_own_villager"]
    assert senseless(m, 0, accuse(DENIAL, "theresa", "maria")) == []


def test_an_answer_that_sends_the_heat_to_ones_own_villager_harms_it():
    """§4.1: Accomplice and Mix-up name the villager that takes the heat."""
    m = table()
    give(m, 1, ACC)
    give(m, 0, "mixup-1", "accomplice-1")
    set_turn(m, 1)
    m.apply(1, accuse(ACC, "griseldis", "widow"))
    assert m.to_act() and 0 in m.to_act()
    mixup = {"type": "respond", "card": "mixup-1"}
    accomplice = {"type": "respond", "card": "accomplice-1"}
    assert senseless(m, 0, dict(mixup, other="maria")) == ["harms_own_villager"]
    assert senseless(m, 0, dict(accomplice, other="maria")) == ["harms_own_villager"]
    assert senseless(m, 0, dict(mixup, other="karl")) == []
    assert senseless(m, 0, dict(accomplice, other="karl")) == []


def test_moving_heat_from_one_own_villager_to_another_is_a_choice():
    m = table()
    give(m, 1, ACC)
    give(m, 0, "mixup-1")
    set_turn(m, 1)
    set_heat(m, "maria", 10)
    m.apply(1, accuse(ACC, "griseldis", "maria"))
    assert senseless(m, 0, {"type": "respond", "card": "mixup-1", "other": "theresa"}) == []
