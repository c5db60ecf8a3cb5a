"""The worked examples of docs/rules/witch_trial.md §8, each replayed through real commands."""

from __future__ import annotations

import pytest

from tests.rules.witch_trial_kit import fresh, give, money_ok, rest_through, script_dice, start_trial


def jury(m) -> int:
    return m.state["trial"]["jury_value"]


def test_lewis_on_trial_for_smuggling_starts_at_eleven():
    # docs/rules/witch_trial.md §8.1 (§4.3): guilt 4 + severity 5 + 2 for Lewis = 11
    m = fresh()
    start_trial(m, "lewis", "smuggling")
    assert jury(m) == 11
    assert m.view(None)["trial"]["jury_value"] == 11


def test_golfing_trumped_up_to_smuggling_adds_four():
    # docs/rules/witch_trial.md §8.2: Lewis for Golfing (3) -> Smuggling (5+2): Jury Value +4
    m = fresh()
    start_trial(m, "lewis", "golfing")
    assert jury(m) == 7
    (smuggling,) = give(m, 0, "smuggling")
    events = m.apply(0, {"type": "play", "card": smuggling})
    assert jury(m) == 11
    assert {"type": "jury", "from": 7, "to": 11, "reason": "charge", "delta": 4} in events
    assert m.state["trial"]["charge"] == smuggling


def test_replacing_severity_five_with_two_lowers_three():
    # docs/rules/witch_trial.md §8.3: a Charge of 2 replacing a Charge of 5: Jury Value -3
    m = fresh()
    start_trial(m, "prudence", "smuggling")  # 3 + 5 = 8
    (ankle,) = give(m, 1, "ankle")
    rest_through(m, "prosecution")
    m.apply(1, {"type": "play", "card": ankle})
    assert jury(m) == 5


@pytest.mark.parametrize("side,expected", [("prosecution", 2), ("defense", -3)])
def test_friends_moves_two_up_or_three_down(side, expected):
    # docs/rules/witch_trial.md §8.4: Friends is +2 for the prosecution, -3 for the defense
    m = fresh()
    start_trial(m, "prudence", "golfing")  # 3 + 3 = 6
    seat = 0 if side == "prosecution" else 1
    (friends,) = give(m, seat, "friends")
    if side == "defense":
        rest_through(m, "prosecution")
    m.apply(seat, {"type": "play", "card": friends})
    assert jury(m) == 6 + expected


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_alsace_as_defense_witness_needs_two_or_more(roll):
    # docs/rules/witch_trial.md §8.5: Alsace (guilt 2) for the defense: a 1 does nothing, 2-6 gives -2
    m = fresh()
    start_trial(m, "prudence", "golfing")  # 6
    (alsace,) = give(m, 1, "alsace")
    rest_through(m, "prosecution")
    script_dice(m, roll)
    events = m.apply(1, {"type": "play", "card": alsace})
    assert {"type": "roll", "dice": [roll], "purpose": "witness", "seat": 1, "total": roll} in events
    assert jury(m) == (6 if roll == 1 else 4)


def test_jury_value_never_leaves_one_to_twelve():
    # docs/rules/witch_trial.md §8.6: Evidence at 12 is lost; at 1 likewise
    m = fresh()
    start_trial(m, "lewis", "smuggling")  # 11
    no_shadow, black_cat = give(m, 0, "no_shadow", "black_cat")
    m.apply(0, {"type": "play", "card": no_shadow})
    assert jury(m) == 12
    m.apply(0, {"type": "play", "card": black_cat})
    assert jury(m) == 12

    m = fresh()
    start_trial(m, "silas", "blasphemy")  # 1 + (4 - 2) = 3
    churchgoer, friends = give(m, 1, "churchgoer", "friends")
    rest_through(m, "prosecution")
    m.apply(1, {"type": "play", "card": churchgoer})
    assert jury(m) == 1
    m.apply(1, {"type": "play", "card": friends})
    assert jury(m) == 1
    assert money_ok(m)


def test_drama_objected_to_changes_nothing_and_objection_goes_to_its_player():
    # docs/rules/witch_trial.md §8.7: Jury unchanged, no forced rest, the Objection joins the Drama player's hand
    m = fresh()
    start_trial(m, "prudence", "golfing")  # 6
    (drama,) = give(m, 0, "drama")
    (objection,) = give(m, 1, "objection")
    m.apply(0, {"type": "play", "card": drama})
    assert m.to_act() == [1]
    assert m.view(1)["trial"]["motion"]["card"] == drama
    rolls_before = len([e for e in m.log(None) if e["type"] == "roll"])
    m.apply(1, {"type": "object", "card": objection})
    assert jury(m) == 6
    assert len([e for e in m.log(None) if e["type"] == "roll"]) == rolls_before
    assert objection in m.state["hands"][0] and objection not in m.state["hands"][1]
    assert m.view(0)["stage"] == "prosecution" and m.to_act() == [0]
    assert m.state["trial"]["rested"] == []
    assert drama in m.state["trial"]["cancelled"]


@pytest.mark.parametrize("slot,price", [(5, 0), (1, 20)])
def test_buying_costs_the_slot_price_and_draws_one(slot, price):
    # docs/rules/witch_trial.md §8.8: position 5 is free; position 1 costs $20 into the Court Fees; then draw one
    m = fresh()
    seat = m.state["turn"]
    bought = m.state["lineup"][slot - 1]
    top = m.state["deck"][-1]
    hand_before = len(m.state["hands"][seat])
    m.apply(seat, {"type": "buy", "slot": slot})
    assert m.state["money"][seat] == 50 - price
    assert m.state["court_fees"] == price
    hand = m.state["hands"][seat]
    assert len(hand) == hand_before + 2
    assert bought in hand and top in hand  # the bought card, then the draw from the deck
    assert money_ok(m)


@pytest.mark.parametrize("jury_value", [11, 12])
@pytest.mark.parametrize("dice", [(1, 1), (1, 2), (3, 4), (6, 6)])
def test_jury_eleven_or_twelve_always_convicts(jury_value, dice):
    # docs/rules/witch_trial.md §8.9: 2d6 + 11 >= 13 whatever the dice
    m = fresh()
    start_trial(m, "lewis", "smuggling")
    m.state["trial"]["jury_value"] = jury_value
    fees = m.state["court_fees"]
    rest_through(m, "prosecution", "defense")
    m.apply(0, {"type": "rest"})
    script_dice(m, *dice)
    events = m.apply(0, {"type": "no_plea"})
    verdict = [e for e in events if e["type"] == "verdict"][0]
    assert verdict["guilty"] is True and verdict["winner"] == 0 and verdict["amount"] == fees
    assert m.state["money"][0] == 50 + fees
    assert money_ok(m)


def test_total_of_twelve_acquits():
    # docs/rules/witch_trial.md §8.9: roll + Jury Value = 12 is not guilty; the defender takes the Court Fees
    m = fresh()
    start_trial(m, "prudence", "golfing")  # 6
    fees = m.state["court_fees"]
    defender_money = m.state["money"][1]
    rest_through(m, "prosecution", "defense")
    m.apply(0, {"type": "rest"})
    script_dice(m, 3, 3)
    events = m.apply(0, {"type": "no_plea"})
    verdict = [e for e in events if e["type"] == "verdict"][0]
    assert verdict == {
        "type": "verdict",
        "guilty": False,
        "winner": 1,
        "amount": fees,
        "total": 12,
        "jury_value": 6,
        "dice": [3, 3],
    }
    assert m.state["money"][1] == defender_money + fees
    assert m.state["court_fees"] == 0


def test_cancelled_final_motion_leaves_one_more_card():
    # docs/rules/witch_trial.md §8.10: an objected final-argument Motion does not count as the last card
    m = fresh()
    start_trial(m, "prudence", "golfing")  # 6
    bribe, friends = give(m, 0, "bribe_judge", "friends")
    (objection,) = give(m, 1, "objection")
    rest_through(m, "prosecution", "defense")
    assert m.view(0)["stage"] == "final"
    m.apply(0, {"type": "play", "card": bribe})
    m.apply(1, {"type": "object", "card": objection})
    assert m.view(0)["stage"] == "final" and m.to_act() == [0]
    assert jury(m) == 6
    m.apply(0, {"type": "play", "card": friends})
    assert jury(m) == 8
    # that card counted: the prosecution has rested and may only offer a plea now
    assert m.view(0)["stage"] == "plea"
    assert {c["type"] for c in m.legal(0)} == {"offer_plea", "no_plea"}
