"""Witch Trial rules beyond the worked examples (docs/rules/witch_trial.md §8): turn
actions, the trial's stages, every Motion, Objections, pleas, the end, the cards file,
and refusals that change nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import IllegalCommand, SetupError
from game.engine.cards import load_card_set
from game.engine.errors import CardDataError
from game.rules.witch_trial import SECTIONS, _check_cards, catalog
from tests.rules.witch_trial_kit import (
    all_card_places,
    fresh,
    give,
    money_ok,
    put_in_lineup,
    rest_through,
    script_dice,
    start_trial,
    to_discard,
)


def refused(m, seat, command, code=None, message=None) -> IllegalCommand:
    """Apply ``command`` expecting a refusal; the match must be exactly as before."""
    before = m.to_json()
    with pytest.raises(IllegalCommand) as info:
        m.apply(seat, command)
    assert m.to_json() == before
    if code is not None:
        assert info.value.code == code
    if message is not None:
        assert info.value.message == message
    return info.value


def jury(m) -> int:
    return m.state["trial"]["jury_value"]


# ----------------------------------------------------------------------------- cards --
def test_ninety_cards_in_five_kinds():
    # docs/rules/witch_trial.md §1: 16 suspects, 15 charges, 30 evidence, 18 motions, 11 objections
    cat = catalog()
    assert len(cat.card_ids) == len(set(cat.card_ids)) == 90
    counts = {}
    for cid in cat.card_ids:
        counts[cat.type_of[cid]] = counts.get(cat.type_of[cid], 0) + 1
    assert counts == {"suspect": 16, "charge": 15, "evidence": 30, "motion": 18, "objection": 11}
    assert cat.suspects["lewis"].guilt == 4 and cat.suspects["alsace"].guilt == 2
    assert cat.charges["smuggling"].modified("lewis") == 7 and cat.charges["golfing"].severity == 3
    assert (cat.evidence["friends"].prosecution, cat.evidence["friends"].defense) == (2, -3)
    assert "objection-11" in cat.kind_of and "lewis-1" in cat.kind_of
    for card in cat.by_kind.values():
        assert card.text.strip() and card.rules_text.strip()


def test_a_card_file_with_a_wrong_total_is_refused(tmp_path: Path):
    # docs/rules/witch_trial.md §1: the totals are checked when the cards load
    source = (Path(__file__).resolve().parents[2] / "cards" / "witch_trial.yaml").read_text()
    broken = tmp_path / "witch_trial.yaml"
    broken.write_text(source.replace("copies: 11", "copies: 10"))
    with pytest.raises(CardDataError, match=r"objections.*expected 11"):
        load_card_set("witch_trial", SECTIONS, path=broken, check=_check_cards)


# ----------------------------------------------------------------------------- setup --
@pytest.mark.parametrize("players", [3, 7])
def test_setup_deals_six_and_a_lineup_of_five(players):
    # docs/rules/witch_trial.md §2: $50 each, six cards each, five face up
    m = fresh(players)
    assert m.state["money"] == [50] * players
    assert all(len(h) == 6 for h in m.state["hands"])
    assert None not in m.state["lineup"]
    assert len(m.state["deck"]) == 90 - 6 * players - 5
    assert m.to_act() == [m.state["turn"]]
    assert sorted(all_card_places(m)) == sorted(catalog().card_ids)


@pytest.mark.parametrize("players", [2, 8])
def test_three_to_seven_players(players):
    # docs/rules/witch_trial.md §1: 3 to 7 lawyers
    with pytest.raises(SetupError):
        fresh(players)


def test_double_pass_must_be_true_or_false():
    # docs/rules/witch_trial.md §5.3: the double_pass option is true or false
    with pytest.raises(SetupError):
        fresh(double_pass="yes")


def test_the_view_hides_other_hands_and_lists_the_w9_fields():
    # docs/rules/witch_trial.md §6, §9
    m = fresh(4)
    view = m.view(1)
    for key in (
        "game",
        "state_id",
        "stage",
        "active",
        "to_act",
        "players",
        "lineup",
        "deck_count",
        "discard",
        "court_fees",
        "bank_paid",
        "trial",
        "cards",
    ):
        assert key in view
    assert view["players"][1]["hand"] == m.state["hands"][1]
    assert all(view["players"][s]["hand"] is None for s in (0, 2, 3))
    assert all(view["players"][s]["hand_count"] == 6 for s in range(4))
    assert set(view["cards"]) == set(m.state["hands"][1]) | set(m.state["lineup"])
    assert all(view["cards"][cid] == cid.rsplit("-", 1)[0] for cid in view["cards"])
    spectator = m.view(None)
    assert set(spectator["cards"]) == set(m.state["lineup"])
    deal = [e for e in m.log(0) if e["type"] == "deal"]
    assert deal[0]["cards"] == m.state["hands"][0] and "cards" not in deal[1]


# ------------------------------------------------------------------------------ buy --
def test_buying_slides_the_cheaper_cards_and_refills_slot_one():
    # docs/rules/witch_trial.md §3.1: cards nearer the deck slide outward; the new card goes to slot 1 after the draw
    m = fresh()
    seat = m.state["turn"]
    a, b, c, d, e = m.state["lineup"]
    draw, refill = m.state["deck"][-1], m.state["deck"][-2]
    m.apply(seat, {"type": "buy", "slot": 3})
    assert m.state["lineup"] == [refill, a, b, d, e]
    assert c in m.state["hands"][seat] and draw in m.state["hands"][seat]
    assert m.state["court_fees"] == 10 and m.state["money"][seat] == 40
    assert m.to_act() == [(seat + 1) % 3]


def test_cannot_buy_without_the_price():
    # docs/rules/witch_trial.md §3.1: the price is paid; money never goes below $0
    m = fresh()
    seat = m.state["turn"]
    m.state["money"][seat] = 15
    assert {"type": "buy", "slot": 1} not in m.legal(seat)
    refused(m, seat, {"type": "buy", "slot": 1}, "no_money", "Slot 1 costs $20 but you have $15.")
    m.apply(seat, {"type": "buy", "slot": 2})
    assert m.state["money"][seat] == 0


def test_an_empty_deck_leaves_slot_one_empty_and_empty_slots_are_refused():
    # docs/rules/witch_trial.md R1, R2: no draw, no refill, "Slot 1 is empty."
    m = fresh()
    seat = m.state["turn"]
    m.state["discard"].extend(m.state["deck"])
    m.state["deck"] = []
    hand = len(m.state["hands"][seat])
    m.apply(seat, {"type": "buy", "slot": 5})
    assert len(m.state["hands"][seat]) == hand + 1
    assert m.state["lineup"][0] is None
    nxt = m.to_act()[0]
    assert {"type": "buy", "slot": 1} not in m.legal(nxt)
    refused(m, nxt, {"type": "buy", "slot": 1}, "empty_slot", "Slot 1 is empty.")
    refused(m, nxt, {"type": "buy", "slot": 9}, "bad_slot")
    refused(m, nxt, {"type": "buy", "slot": True}, "bad_slot")


def test_double_pass_reshuffles_the_discard_once():
    # docs/rules/witch_trial.md §5.3, R1: the first time a card is needed from the empty deck
    m = fresh(6, double_pass=True)
    seat = m.state["turn"]
    m.state["discard"].extend(m.state["deck"])
    m.state["deck"] = []
    pile = len(m.state["discard"])
    hand = len(m.state["hands"][seat])
    events = m.apply(seat, {"type": "buy", "slot": 5})
    assert {"type": "reshuffle", "count": pile} in events
    assert len(m.state["hands"][seat]) == hand + 2
    assert m.state["lineup"][0] is not None and len(m.state["deck"]) == pile - 2
    assert m.state["reshuffled"] and m.view(None)["double_pass"] == {"enabled": True, "used": True}
    # the second time the deck runs dry there is no reshuffle
    m.state["discard"].extend(m.state["deck"])
    m.state["deck"] = []
    nxt = m.to_act()[0]
    m.apply(nxt, {"type": "buy", "slot": 5})
    assert m.state["deck"] == [] and m.state["lineup"][0] is None


# ---------------------------------------------------------------------- create case --
def test_create_a_case_from_a_hand_suspect_and_a_lineup_charge():
    # docs/rules/witch_trial.md §3.2: the lineup slides and refills; no draw
    m = fresh()
    seat = m.state["turn"]
    (lewis,) = give(m, seat, "lewis")
    smuggling = put_in_lineup(m, 4, "smuggling")
    a, b, c = m.state["lineup"][:3]
    top = m.state["deck"][-1]
    hand = len(m.state["hands"][seat])
    m.apply(seat, {"type": "create_case", "card": lewis, "slot": 4})
    assert m.state["cases"][seat] == {"suspect": lewis, "charge": smuggling}
    assert len(m.state["hands"][seat]) == hand - 1
    assert m.state["lineup"][:4] == [top, a, b, c]
    assert m.view(None)["players"][seat]["pending_case"] == {"suspect": lewis, "charge": smuggling}


def test_create_a_case_from_a_hand_charge_and_a_lineup_suspect():
    # docs/rules/witch_trial.md §3.2
    m = fresh()
    seat = m.state["turn"]
    (golfing,) = give(m, seat, "golfing")
    gertie = put_in_lineup(m, 5, "gertie")
    m.apply(seat, {"type": "create_case", "card": golfing, "slot": 5})
    assert m.state["cases"][seat] == {"suspect": gertie, "charge": golfing}


def test_create_case_refusals():
    # docs/rules/witch_trial.md §3.2: one pending case; a Suspect with a Charge; cards you hold
    m = fresh()
    seat = m.state["turn"]
    lewis, friends, golfing = give(m, seat, "lewis", "friends", "golfing")
    put_in_lineup(m, 1, "gertie")
    put_in_lineup(m, 2, "smuggling")
    refused(m, seat, {"type": "create_case", "card": friends, "slot": 2}, "bad_case")
    why = refused(m, seat, {"type": "create_case", "card": lewis, "slot": 1}, "bad_case")
    # the refusal says what the slot holds and where a partner lies
    assert "Mad Gertie Hayes is a Suspect" in str(why) and "Smuggling" in str(why).split("Try ")[1]
    refused(m, seat, {"type": "create_case", "card": "lewis-7", "slot": 2}, "bad_card")
    other = (seat + 1) % 3
    (mine_not,) = give(m, other, "hester")
    refused(
        m,
        seat,
        {"type": "create_case", "card": mine_not, "slot": 2},
        "not_in_hand",
        "Silent Hester is not in your hand.",
    )
    m.state["cases"][seat] = {"suspect": lewis, "charge": golfing}
    m.state["hands"][seat].remove(lewis)
    m.state["hands"][seat].remove(golfing)
    (tobias,) = give(m, seat, "tobias")
    assert not [c for c in m.legal(seat) if c["type"] == "create_case"]
    refused(
        m, seat, {"type": "create_case", "card": tobias, "slot": 2}, "case_pending", "You already have a case pending."
    )


# ---------------------------------------------------------------- defend / prosecute --
def test_defending_starts_the_trial_and_pays_the_defender():
    # docs/rules/witch_trial.md §3.3, §4.1–§4.3
    m = fresh()
    m.state["court_fees"] = 15  # money already in the Court stays there
    m.state["money"][2] -= 15  # as if seat 2 had bought a card
    trial = start_trial(m, "alsace", "smuggling", prosecutor=0, defender=1)
    assert trial["prosecutor"] == 0 and trial["defender"] == 1
    assert m.state["money"][1] == 50 + 40
    assert m.state["court_fees"] == 15 + 60
    assert jury(m) == 2 + 5
    assert m.state["cases"][0] is None
    assert money_ok(m)
    assert m.view(2)["stage"] == "prosecution" and m.to_act() == [0]


def test_defend_refusals():
    # docs/rules/witch_trial.md §3.3: another player's pending case
    m = fresh()
    seat = m.state["turn"]
    other = (seat + 1) % 3
    refused(m, seat, {"type": "defend", "case_owner": other}, "no_case", f"P{other} has no pending case.")
    refused(m, seat, {"type": "defend", "case_owner": 7}, "bad_seat")
    lewis, golfing = give(m, seat, "lewis", "golfing")
    m.state["hands"][seat].remove(lewis)
    m.state["hands"][seat].remove(golfing)
    m.state["cases"][seat] = {"suspect": lewis, "charge": golfing}
    refused(m, seat, {"type": "defend", "case_owner": seat}, "own_case")
    refused(m, other, {"type": "prosecute"}, "not_your_turn", f"It is P{seat}'s turn, not yours.")


def test_a_player_with_a_case_may_defend_another():
    # docs/rules/witch_trial.md R4
    m = fresh()
    lewis, golfing = give(m, 1, "lewis", "golfing")
    m.state["hands"][1].remove(lewis)
    m.state["hands"][1].remove(golfing)
    m.state["cases"][1] = {"suspect": lewis, "charge": golfing}
    start_trial(m, "gertie", "smuggling", prosecutor=0, defender=1)
    assert m.state["trial"]["defender"] == 1
    assert m.state["cases"][1] == {"suspect": lewis, "charge": golfing}


def test_public_defender_is_the_lowest_roll_and_ties_roll_again():
    # docs/rules/witch_trial.md §3.4
    m = fresh(4)
    lewis, golfing = give(m, 0, "lewis", "golfing")
    m.state["hands"][0].remove(lewis)
    m.state["hands"][0].remove(golfing)
    m.state["cases"][0] = {"suspect": lewis, "charge": golfing}
    m.state["turn"] = 0
    # seats 1, 2, 3 roll 5, 3, 3; then seats 2 and 3 roll 6 and 4: seat 3 defends
    script_dice(m, 2, 3, 1, 2, 2, 1, 3, 3, 2, 2)
    events = m.apply(0, {"type": "prosecute"})
    rolls = [(e["seat"], e["total"]) for e in events if e["type"] == "roll"]
    assert rolls == [(1, 5), (2, 3), (3, 3), (2, 6), (3, 4)]
    assert all(e["purpose"] == "public_defender" for e in events if e["type"] == "roll")
    assert m.state["trial"]["defender"] == 3 and m.state["trial"]["prosecutor"] == 0
    assert m.view(None)["last_rolls"][-1] == {
        "type": "roll",
        "dice": [2, 2],
        "purpose": "public_defender",
        "seat": 3,
        "total": 4,
    }


def test_prosecute_needs_a_case():
    # docs/rules/witch_trial.md §3.4
    m = fresh()
    seat = m.state["turn"]
    assert {"type": "prosecute"} not in m.legal(seat)
    refused(m, seat, {"type": "prosecute"}, "no_case", "You have no pending case to prosecute.")


# -------------------------------------------------------------------------- the trial --
def test_trial_stages_in_order_and_turn_passes_left():
    # docs/rules/witch_trial.md §4.4–§4.8, R11
    m = fresh()
    start_trial(m, "prudence", "golfing", prosecutor=2, defender=0)
    assert m.view(None)["stage"] == "prosecution" and m.to_act() == [2]
    m.apply(2, {"type": "rest"})
    assert m.view(None)["stage"] == "plea" and m.to_act() == [2]
    m.apply(2, {"type": "no_plea"})
    assert m.view(None)["stage"] == "defense" and m.to_act() == [0]
    m.apply(0, {"type": "rest"})
    m.apply(0, {"type": "no_plea"})
    assert m.view(None)["stage"] == "final" and m.to_act() == [2]
    assert m.state["trial"]["rested"] == [2, 0]
    m.apply(2, {"type": "rest"})
    events = m.apply(2, {"type": "no_plea"})
    assert [e for e in events if e["type"] == "roll"][0]["purpose"] == "verdict"
    assert m.state["trial"] is None and m.view(None)["stage"] == "turn"
    assert m.to_act() == [1]  # the defender (seat 0) had the turn
    discarded = [e for e in events if e["type"] == "discard"][0]["cards"]
    assert len(discarded) == 2 and discarded == m.state["discard"]


def test_wrong_lawyer_and_wrong_stage_messages():
    # docs/rules/witch_trial.md §4, §7: only the lawyer whose play it is
    m = fresh()
    start_trial(m, "prudence", "golfing", prosecutor=0, defender=1)
    (friends,) = give(m, 0, "friends")
    refused(m, 1, {"type": "rest"}, "not_your_turn", "Only the prosecution may play now.")
    refused(m, 2, {"type": "rest"}, "not_your_turn")
    refused(m, 0, {"type": "buy", "slot": 5}, "wrong_stage", "A trial is under way: you cannot buy now.")
    refused(m, 0, {"type": "offer_plea", "to_prosecution": 0}, "wrong_stage")
    refused(m, 0, {"type": "answer_plea", "accept": True}, "wrong_stage")
    refused(m, 0, {"type": "object", "card": friends}, "wrong_stage")
    rest_through(m, "prosecution")
    refused(m, 0, {"type": "play", "card": friends}, "not_your_turn", "Only the defense may play now.")
    refused(m, 1, {"type": "play", "card": friends}, "not_in_hand", "Friends is not in your hand.")
    refused(m, 1, {"type": "play", "card": friends, "extra": 1}, "bad_field")
    refused(m, 1, {"type": "play"}, "missing_field", "A 'play' command needs a 'card'.")
    refused(m, 1, {"type": "shout"}, "unknown_command")


def test_evidence_witness_and_charge_from_either_side():
    # docs/rules/witch_trial.md §4.9–§4.11: evidence both ways, a prosecution witness, a charge by the defense
    m = fresh()
    start_trial(m, "prudence", "golfing")  # 6
    no_shadow, tobias = give(m, 0, "no_shadow", "tobias")
    m.apply(0, {"type": "play", "card": no_shadow})
    assert jury(m) == 10
    script_dice(m, 2)  # Tobias has guilt 3: a 2 fails
    m.apply(0, {"type": "play", "card": tobias})
    assert jury(m) == 10
    rest_through(m, "prosecution")
    frowning, almanac = give(m, 1, "frowning", "almanac")
    m.apply(1, {"type": "play", "card": frowning})  # 3 -> 1
    assert jury(m) == 8
    m.apply(1, {"type": "play", "card": almanac})
    assert jury(m) == 6
    assert m.view(None)["trial"]["charge"] == frowning
    assert m.view(None)["trial"]["replaced"] == [m.state["trial"]["case_charge"]]
    assert m.state["court_fees"] == 30  # a new charge brings no court money


def test_final_argument_is_exactly_one_card_and_a_rest_only_without_a_playable_card():
    # docs/rules/witch_trial.md §4.6 (exactly one more card), R5
    m = fresh()
    start_trial(m, "prudence", "golfing")
    friends, mole = give(m, 0, "friends", "mole")
    rest_through(m, "prosecution", "defense")
    assert {"type": "rest"} not in m.legal(0) and {"type": "play", "card": friends} in m.legal(0)
    refused(m, 0, {"type": "rest"}, "must_play")
    m.apply(0, {"type": "play", "card": friends})
    assert m.view(None)["stage"] == "plea"
    refused(m, 0, {"type": "play", "card": mole}, "wrong_stage")
    m2 = fresh()
    start_trial(m2, "prudence", "golfing")
    rest_through(m2, "prosecution", "defense")
    m2.apply(0, {"type": "rest"})  # no card at all: resting is the only move
    assert m2.view(None)["trial"]["plea"]["phase"] == "offer"


def test_final_argument_may_rest_holding_only_cards_it_cannot_play():
    # docs/rules/witch_trial.md §4.6 with R3 and R13: Objections are never played as a card; Short Memory
    # needs a card in the discard pile
    m = fresh()
    start_trial(m, "prudence", "golfing")
    give(m, 0, "objection", "short_memory")
    m.state["deck"].extend(m.state["discard"])
    m.state["discard"] = []
    rest_through(m, "prosecution", "defense")
    assert m.legal(0) == [{"type": "rest"}]
    m.apply(0, {"type": "rest"})
    assert m.view(None)["trial"]["plea"]["phase"] == "offer"


def test_choice_null_is_refused_on_a_card_that_takes_no_choice():
    # docs/rules/witch_trial.md R16: apply accepts exactly what legal() lists
    m = fresh()
    start_trial(m, "prudence", "golfing")
    friends, sm = give(m, 0, "friends", "short_memory")
    assert {"type": "play", "card": friends, "choice": None} not in m.legal(0)
    refused(m, 0, {"type": "play", "card": friends, "choice": None}, "bad_choice")
    to_discard(m, "mole")
    refused(m, 0, {"type": "play", "card": sm, "choice": None}, "need_choice")


def test_a_lawyer_with_no_cards_can_only_rest():
    # docs/rules/witch_trial.md R5: the prosecution always has a move
    m = fresh()
    start_trial(m, "prudence", "golfing")
    assert m.legal(0) == [{"type": "rest"}]


def test_objections_cannot_be_played_as_a_card():
    # docs/rules/witch_trial.md §4.12, R13
    m = fresh()
    start_trial(m, "prudence", "golfing")
    (objection,) = give(m, 0, "objection")
    assert all(c.get("card") != objection for c in m.legal(0))
    refused(
        m,
        0,
        {"type": "play", "card": objection},
        "bad_play",
        "An Objection can only be played against your opponent's Motion.",
    )


# ------------------------------------------------------------------------ objections --
def test_every_motion_opens_a_window_even_without_an_objection_in_hand():
    # docs/rules/witch_trial.md R7: the window itself gives nothing away
    m = fresh()
    start_trial(m, "prudence", "golfing")
    (bribe,) = give(m, 0, "bribe_judge")
    m.apply(0, {"type": "play", "card": bribe})
    assert m.to_act() == [1] and m.legal(1) == [{"type": "no_objection"}]
    assert m.view(None)["trial"]["motion"] == {"card": bribe, "by": 0, "choice": None, "awaiting": 1}
    assert m.view(None)["active"] == 1
    refused(m, 0, {"type": "rest"}, "not_your_turn")
    refused(m, 1, {"type": "play", "card": bribe}, "wrong_stage")
    m.apply(1, {"type": "no_objection"})
    assert jury(m) == 8 and m.to_act() == [0]


def test_objection_refusals_and_choices():
    # docs/rules/witch_trial.md §4.12: an Objection, from the opponent, against a Motion
    m = fresh()
    start_trial(m, "prudence", "golfing")
    (recess,) = give(m, 0, "recess")
    obj1, obj2, friends = give(m, 1, "objection", "objection", "friends")
    m.apply(0, {"type": "play", "card": recess})
    assert m.legal(1) == [{"type": "object", "card": obj1}, {"type": "object", "card": obj2}, {"type": "no_objection"}]
    refused(m, 1, {"type": "object", "card": friends}, "bad_objection", "Friends is not an Objection.")
    refused(m, 1, {"type": "object", "card": "objection-99"}, "bad_card")
    m.apply(1, {"type": "object", "card": obj2})
    assert m.state["hands"][0] == [obj2] and m.state["hands"][1] == [obj1, friends]
    # the handed-over Objection may now cancel the defender's Motion
    rest_through(m, "prosecution")
    (venue,) = give(m, 1, "venue")
    m.apply(1, {"type": "play", "card": venue})
    m.apply(0, {"type": "object", "card": obj2})
    assert obj2 in m.state["hands"][1]
    assert m.state["trial"]["cancelled"] == [recess, venue]


# --------------------------------------------------------------------------- motions --
def _motion(m, seat, kind, choice=None):
    (card,) = give(m, seat, kind)
    command = {"type": "play", "card": card}
    if choice is not None:
        command["choice"] = choice
    m.apply(seat, command)
    return m.apply(1 - seat if seat in (0, 1) else 0, {"type": "no_objection"})


def test_drama_sets_the_jury_to_the_roll_and_forces_a_rest():
    # docs/rules/witch_trial.md §1.4 Drama
    m = fresh()
    start_trial(m, "prudence", "golfing")
    script_dice(m, 1, 2)
    events = _motion(m, 0, "drama")
    assert {"type": "roll", "dice": [1, 2], "purpose": "drama", "seat": 0, "total": 3} in events
    assert jury(m) == 3
    assert m.view(None)["stage"] == "plea" and m.state["trial"]["rested"] == [0]


def test_short_memory_takes_the_chosen_discard():
    # docs/rules/witch_trial.md §1.4 Short Memory, R3
    m = fresh()
    start_trial(m, "prudence", "golfing")
    (sm,) = give(m, 0, "short_memory")
    refused(m, 0, {"type": "play", "card": sm, "choice": "friends-1"}, "empty_discard")
    assert all(c.get("card") != sm for c in m.legal(0))
    friends, lewis = to_discard(m, "friends", "lewis")
    assert [c for c in m.legal(0) if c.get("card") == sm] == [
        {"type": "play", "card": sm, "choice": friends},
        {"type": "play", "card": sm, "choice": lewis},
    ]
    refused(m, 0, {"type": "play", "card": sm}, "need_choice")
    refused(m, 0, {"type": "play", "card": sm, "choice": "mole-1"}, "bad_choice")
    m.apply(0, {"type": "play", "card": sm, "choice": lewis})
    m.apply(1, {"type": "no_objection"})
    assert m.state["hands"][0] == [lewis] and m.state["discard"] == [friends]
    (mole,) = give(m, 0, "mole")
    refused(m, 0, {"type": "play", "card": mole, "choice": friends}, "bad_choice")


@pytest.mark.parametrize("seat,expected", [(0, 8), (1, 4)])
def test_bribe_the_judge_moves_two_your_way(seat, expected):
    # docs/rules/witch_trial.md §1.4 Bribe the Judge
    m = fresh()
    start_trial(m, "prudence", "golfing")  # 6
    if seat == 1:
        rest_through(m, "prosecution")
    _motion(m, seat, "bribe_judge")
    assert jury(m) == expected


def test_recess_draws_two():
    # docs/rules/witch_trial.md §1.4 Recess
    m = fresh()
    start_trial(m, "prudence", "golfing")
    top2 = m.state["deck"][-2:]
    _motion(m, 0, "recess")
    assert sorted(m.state["hands"][0]) == sorted(top2)


def test_change_of_venue_resets_to_guilt_plus_modified_severity():
    # docs/rules/witch_trial.md §1.4 Change of Venue (with the charge now in force)
    m = fresh()
    start_trial(m, "lewis", "golfing")  # 7
    smuggling, friends = give(m, 0, "smuggling", "friends")
    m.apply(0, {"type": "play", "card": smuggling})  # 11
    m.apply(0, {"type": "play", "card": friends})  # 12 (13 clamped)
    rest_through(m, "prosecution")
    _motion(m, 1, "venue")
    assert jury(m) == 11


def test_expert_doubles_the_next_evidence_only():
    # docs/rules/witch_trial.md §1.4 Expert Testimony, R9
    m = fresh()
    start_trial(m, "prudence", "golfing")  # 6
    rest_through(m, "prosecution")
    _motion(m, 1, "expert")
    assert m.view(None)["trial"]["expert"] == {"prosecution": False, "defense": True}
    friends, tithes = give(m, 1, "friends", "tithes")
    m.apply(1, {"type": "play", "card": friends})  # -6
    assert jury(m) == 1  # clamped
    m.state["trial"]["jury_value"] = 6
    m.apply(1, {"type": "play", "card": tithes})
    assert jury(m) == 4


def test_leading_question_witness_needs_no_roll():
    # docs/rules/witch_trial.md §1.4 Leading Question
    m = fresh()
    start_trial(m, "prudence", "golfing")  # 6
    _motion(m, 0, "leading")
    (grimsby,) = give(m, 0, "grimsby")
    events = m.apply(0, {"type": "play", "card": grimsby})
    assert not [e for e in events if e["type"] == "roll"]
    assert jury(m) == 12


def test_mistrial_throws_the_case_out_and_the_court_keeps_its_money():
    # docs/rules/witch_trial.md §1.4 Mistrial
    m = fresh()
    trial = start_trial(m, "prudence", "golfing")
    suspect, charge = trial["suspect"], trial["charge"]
    (friends,) = give(m, 0, "friends")
    m.apply(0, {"type": "play", "card": friends})
    money = list(m.state["money"])
    rest_through(m, "prosecution")
    _motion(m, 1, "mistrial")
    mistrial = m.state["discard"][-1]
    assert mistrial.startswith("mistrial-")
    assert m.state["trial"] is None and m.state["cases"][0] is None
    assert m.state["court_fees"] == 30 and m.state["money"] == money
    assert m.state["discard"] == [suspect, charge, friends, mistrial]
    assert m.to_act() == [2]
    assert money_ok(m)


def test_continuance_returns_the_case_to_the_prosecutor():
    # docs/rules/witch_trial.md §1.4 Continuance, R10
    m = fresh()
    trial = start_trial(m, "lewis", "golfing")
    suspect, golfing = trial["suspect"], trial["charge"]
    (smuggling,) = give(m, 0, "smuggling")
    m.apply(0, {"type": "play", "card": smuggling})
    rest_through(m, "prosecution")
    _motion(m, 1, "continuance")
    assert m.state["trial"] is None
    assert m.state["cases"][0] == {"suspect": suspect, "charge": smuggling}
    assert m.state["discard"][:1] == [golfing] and len(m.state["discard"]) == 2
    assert m.state["court_fees"] == 30
    # the prosecutor may prosecute it again; the bank pays again
    m.state["turn"] = 0
    script_dice(m, 1, 1, 6, 6)
    m.apply(0, {"type": "prosecute"})
    assert m.state["trial"]["defender"] == 1 and m.state["court_fees"] == 90
    assert money_ok(m)


# ---------------------------------------------------------------------------- pleas --
def test_plea_offers_list_every_five_dollar_step():
    # docs/rules/witch_trial.md §4.13, R16: $5 steps from 0 to the Court Fees
    m = fresh()
    start_trial(m, "prudence", "golfing")  # court $30
    m.apply(0, {"type": "rest"})
    assert m.legal(0) == [{"type": "offer_plea", "to_prosecution": v} for v in range(0, 35, 5)] + [{"type": "no_plea"}]
    refused(m, 0, {"type": "offer_plea", "to_prosecution": 7}, "bad_plea", "Plea offers go in $5 steps.")
    refused(m, 0, {"type": "offer_plea", "to_prosecution": 35}, "bad_plea")
    refused(m, 0, {"type": "offer_plea", "to_prosecution": "10"}, "bad_plea")
    refused(m, 0, {"type": "play", "card": "friends-1"}, "wrong_stage")
    refused(m, 1, {"type": "answer_plea", "accept": True}, "not_your_turn")


def test_accepted_plea_splits_the_court_fees_and_ends_the_trial():
    # docs/rules/witch_trial.md §4.13
    m = fresh()
    start_trial(m, "prudence", "golfing")
    m.apply(0, {"type": "rest"})
    m.apply(0, {"type": "offer_plea", "to_prosecution": 10})
    assert m.view(None)["trial"]["plea"] == {
        "by": 0,
        "to": 1,
        "phase": "answer",
        "to_prosecution": 10,
        "to_defense": 20,
    }
    assert m.to_act() == [1] and m.view(None)["stage"] == "plea"
    refused(m, 1, {"type": "answer_plea", "accept": "yes"}, "bad_answer")
    events = m.apply(1, {"type": "answer_plea", "accept": True})
    assert {
        "type": "plea",
        "accepted": True,
        "seat": 1,
        "to_prosecution": 10,
        "to_defense": 20,
        "prosecutor": 0,
        "defender": 1,
    } in events
    assert m.state["money"][:2] == [60, 50 + 30 + 20] and m.state["court_fees"] == 0
    assert m.state["trial"] is None and not [e for e in events if e["type"] == "verdict"]
    assert money_ok(m)


def test_declined_plea_lets_the_trial_go_on():
    # docs/rules/witch_trial.md §4.13, R6: declined, the trial goes on
    m = fresh()
    start_trial(m, "prudence", "golfing")
    rest_through(m, "prosecution")
    m.apply(1, {"type": "rest"})
    m.apply(1, {"type": "offer_plea", "to_prosecution": 0})
    m.apply(0, {"type": "answer_plea", "accept": False})
    assert m.view(None)["stage"] == "final" and m.to_act() == [0]
    assert m.state["court_fees"] == 30


# ------------------------------------------------------------------------------ end --
def test_a_full_round_of_passes_ends_the_game():
    # docs/rules/witch_trial.md §5.1, §5.2
    m = fresh()
    first = m.state["turn"]
    m.state["money"][first] = 70
    m.state["money"][(first + 1) % 3] = 30
    for i in range(3):
        assert not m.over
        m.apply((first + i) % 3, {"type": "pass"})
    assert m.over and m.to_act() == [] and m.view(None)["stage"] == "over"
    assert m.result() == {"scores": m.state["money"], "winners": [first]}
    refused(m, first, {"type": "pass"}, "game_over")


def test_a_pass_streak_is_broken_by_any_action():
    # docs/rules/witch_trial.md §5.1: passes must be in succession
    m = fresh()
    first = m.state["turn"]
    m.apply(first, {"type": "pass"})
    m.apply((first + 1) % 3, {"type": "pass"})
    m.apply((first + 2) % 3, {"type": "buy", "slot": 5})
    m.apply(first, {"type": "pass"})
    m.apply((first + 1) % 3, {"type": "pass"})
    assert not m.over and m.view(None)["pass_streak"] == 2


def test_the_game_ends_when_deck_and_lineup_are_empty_and_no_case_pends():
    # docs/rules/witch_trial.md §5.1, §5.2
    m = fresh()
    seat = m.state["turn"]
    st = m.state
    st["discard"].extend(st["deck"])
    st["deck"] = []
    st["discard"].extend(st["lineup"][:4])
    st["lineup"] = [None, None, None, None, st["lineup"][4]]
    m.apply(seat, {"type": "buy", "slot": 5})
    assert m.over
    assert [e for e in m.log(None) if e["type"] == "game_over"]


def test_ties_share_the_win():
    # docs/rules/witch_trial.md §5.1, §5.2
    m = fresh()
    m.state["money"] = [80, 80, 20]
    for _ in range(3):
        m.apply(m.to_act()[0], {"type": "pass"})
    assert m.result()["winners"] == [0, 1]
