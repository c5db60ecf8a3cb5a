"""Sense checks the search cannot undo (game/bots/<game>.py, ``Policy.senseless``): each
game's bots never play a card that cancels their own play this turn, a card with no
effect, another draw with a big hand while a sensible play exists (Salem), or a token
against what they know or discarded while a target is known (Testimony) — not in
rollouts, not as the Easy level's pick, not among the search's root candidates.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.bots import SearchBot, SeatModel, policy_for
from game.bots.salem import HAND_LIMIT
from tests.bots.kit import positions
from tests.rules.salem_kit import play, stage

ACCUSATION, ACCUSATION2, ALIBI, ARSON, SCAPEGOAT = "c0", "c1", "c41", "c44", "c47"
MATCHMAKERS = ("c54", "c55")
GAMES_WITH_SENSE = ["hammer", "salem", "testimony", "witch_trial"]


def senseless(m, seat, command):
    return policy_for(m).senseless(m, seat, command)


# ------------------------------------------------------------------- Salem --
def test_salem_an_alibi_right_after_ones_own_accusation_undoes_it():
    """docs/rules/salem.md §3.4: Alibi discards Accusation cards from the target's front."""
    m = stage(5, hands={0: [ACCUSATION, ALIBI, "c2"]})
    m.apply(0, play(ACCUSATION, 2))
    assert senseless(m, 0, play(ALIBI, 2)) == ["undoes_own_play"]
    assert senseless(m, 0, play("c2", 2)) == []  # a second accusation presses on


def test_salem_an_accusation_right_after_ones_own_alibi_undoes_it():
    m = stage(5, hands={0: [ALIBI, ACCUSATION]}, fronts={2: [ACCUSATION2]})
    m.apply(0, play(ALIBI, 2))
    assert senseless(m, 0, play(ACCUSATION, 2)) == ["undoes_own_play"]
    assert senseless(m, 0, play(ACCUSATION, 3)) == []


def test_salem_a_second_matchmaker_on_the_same_seat_undoes_the_first():
    """§3.4: two Matchmakers on one seat are both discarded."""
    m = stage(5, hands={0: list(MATCHMAKERS)})
    m.apply(0, play(MATCHMAKERS[0], 3))
    assert senseless(m, 0, play(MATCHMAKERS[1], 3)) == ["undoes_own_play"]
    assert senseless(m, 0, play(MATCHMAKERS[1], 4)) == []


def test_salem_a_matchmaker_that_binds_ones_own_life_to_another_seat():
    """docs/rules/salem.md §3.4 and R11: two seats with a Matchmaker each are bound; when
    one dies the other dies right after, protected or not. With one in one's own front, a
    second on a seat without one ties one's life to that seat's; on a seat that has one it
    discards both, and with none in one's own front it binds two other seats."""
    m = stage(5, hands={0: [MATCHMAKERS[1]]}, fronts={0: [MATCHMAKERS[0]]})
    assert senseless(m, 0, play(MATCHMAKERS[1], 2)) == ["binds_own_life"]
    m = stage(5, hands={0: [MATCHMAKERS[1]]}, fronts={2: [MATCHMAKERS[0]]})
    assert senseless(m, 0, play(MATCHMAKERS[1], 2)) == []
    assert senseless(m, 0, play(MATCHMAKERS[1], 3)) == []


def test_salem_a_seat_does_not_confess_its_last_card():
    """docs/rules/salem.md §3.6 step 3: confessing one's last card kills; a seat with more
    cards may confess any that is not a Witch."""
    m = stage(5, rows={2: "N"})
    assert senseless(m, 2, {"type": "confess", "index": 0}) == ["kills_self"]
    m = stage(5, rows={2: "N N"})
    assert senseless(m, 2, {"type": "confess", "index": 0}) == []


def test_salem_the_search_does_not_weigh_confessing_its_last_card():
    """§3.6 step 3 at a real Night: a seat with one card left is asked to confess; the
    search's only candidate is to pass (before, confessing the first card was always among
    them, and a search within its noise sometimes chose it and died)."""
    m = stage(5, rows={2: "N", 3: "N N W N N", 4: "C N N N N"}, pile=["c58"])
    m.apply(0, {"type": "draw_two"})  # Night: the vote, the Gavel, then confessions
    answers = {"night_vote": {3: {"type": "night_vote", "target": 1}}, "gavel": {4: {"type": "gavel", "target": 1}}}
    while m.state["stack"][-1]["window"]["name"] != "confess":
        w = m.state["stack"][-1]["window"]
        for seat in list(w["order"]):
            if seat in w["waiting"]:
                m.apply(seat, answers.get(w["name"], {}).get(seat, {"type": "pass"}))
    legal = m.legal(2)
    assert {"type": "confess", "index": 0} in legal
    bot = SearchBot(4, "normal", iterations=8, time_limit=0)
    world = m.determinize(2, random.Random(1))
    assert bot._candidates(world, 2, legal, random.Random(2)) == [{"type": "pass"}]
    assert bot.choose(m.view(2), legal, SeatModel(m, 2)) == {"type": "pass"}


def test_salem_a_scapegoat_away_from_a_seat_one_just_accused_undoes_it():
    m = stage(5, hands={0: [ACCUSATION, SCAPEGOAT]})
    m.apply(0, play(ACCUSATION, 1))
    assert senseless(m, 0, play(SCAPEGOAT, 1, target2=2)) == ["undoes_own_play"]


def test_salem_the_own_plays_of_an_earlier_turn_do_not_count():
    m = stage(5, hands={0: [ACCUSATION], 1: ["c5"], 2: ["c6"], 3: ["c7"], 4: ["c8"]}, fronts={2: [ACCUSATION2]})
    m.apply(0, play(ACCUSATION, 2))
    m.apply(0, {"type": "end_turn"})
    for seat in (1, 2, 3, 4):  # once round the table
        target = 3 if seat == 2 else 2
        m.apply(seat, play(m.state["hands"][seat][0], target))
        m.apply(seat, {"type": "end_turn"})
    m.state["hands"][0].append(ALIBI)
    assert m.state["active"] == 0
    assert senseless(m, 0, play(ALIBI, 2)) == []


def test_salem_cards_with_no_effect():
    """R4, R20: an Alibi on a seat without Accusation cards, an Arson on an empty hand,
    a Scapegoat from an empty front are legal and do nothing."""
    m = stage(5, hands={0: [ALIBI, ARSON, SCAPEGOAT], 1: ["c5"]}, fronts={1: ["c40"], 2: [ACCUSATION2]})
    assert senseless(m, 0, play(ALIBI, 1)) == ["no_effect"]  # a Witness is not an Accusation card
    assert senseless(m, 0, play(ALIBI, 3)) == ["no_effect"]
    assert senseless(m, 0, play(ALIBI, 2)) == []
    assert senseless(m, 0, play(ARSON, 2)) == ["no_effect"]
    assert senseless(m, 0, play(ARSON, 1)) == []
    assert senseless(m, 0, play(SCAPEGOAT, 3, target2=4)) == ["no_effect"]
    assert senseless(m, 0, play(SCAPEGOAT, 2, target2=4)) == []


def test_salem_a_big_hand_plays_before_it_draws_again():
    hand = [f"c{i}" for i in range(HAND_LIMIT)]
    m = stage(5, hands={0: hand})
    assert senseless(m, 0, {"type": "draw_two"}) == ["hoards_cards"]
    m = stage(5, hands={0: hand[:-1]})
    assert senseless(m, 0, {"type": "draw_two"}) == []
    # a big hand of cards that would do nothing may draw: Alibis, an Arson and Scapegoats
    # at a table with no accusation, no other hand and no front
    m = stage(5, hands={0: ["c41", "c42", "c43", "c44", "c47", "c48"]})
    assert len(m.state["hands"][0]) >= HAND_LIMIT
    assert senseless(m, 0, {"type": "draw_two"}) == []


def test_salem_a_witch_never_votes_against_a_witch_it_knows_nor_turns_up_its_witch_card():
    m = stage(5, rows={1: "N W N N N", 3: "N N N N N"}, witches=[3])
    m.state["known"][1] = [1, 3]
    m.state["known"][3] = [1, 3]
    assert senseless(m, 1, {"type": "night_vote", "target": 3}) == ["betrays_own_side"]
    assert senseless(m, 1, {"type": "night_vote", "target": 1}) == ["betrays_own_side"]
    assert senseless(m, 1, {"type": "night_vote", "target": 2}) == []
    assert senseless(m, 1, {"type": "confess", "index": 1}) == ["betrays_own_side"]
    assert senseless(m, 1, {"type": "confess", "index": 0}) == []
    assert senseless(m, 2, {"type": "night_vote", "target": 3}) == []  # the town does not know


# -------------------------------------------------------------- Testimony --
def new_testimony_turn(seed: int = 3):
    from game.engine import new_match

    m = new_match("testimony", ["A", "B", "C", "D", "E"], seed=seed)
    seat = m.to_act()[0]
    return m, seat


def test_testimony_a_token_is_not_discarded_while_a_target_is_known():
    """docs/rules/testimony.md §3: a Character shown in a share is known to the sharer."""
    m, seat = new_testimony_turn()
    other = (seat + 1) % m.n
    m.apply(seat, {"type": "investigate", "seat": other})
    assert senseless(m, seat, {"type": "discard_token"}) == []  # nobody known yet
    m2, seat = new_testimony_turn()
    m2.apply(seat, {"type": "invite", "seat": other})
    m2.apply(other, {"type": "answer_invite", "accept": True})
    m2.apply(seat, {"type": "show", "card": "character"})
    m2.apply(other, {"type": "show", "card": "character"})
    assert senseless(m2, seat, {"type": "discard_token"}) == ["discards_with_target"]
    mine = m2.cat.belief(m2.state["characters"][seat])
    theirs = m2.cat.belief(m2.state["characters"][other])
    wrong = "accuse" if mine == theirs else "defend"
    right = "defend" if wrong == "accuse" else "accuse"
    assert senseless(m2, seat, {"type": "testify", "seat": other, "side": wrong}) == ["testifies_against_knowledge"]
    assert senseless(m2, seat, {"type": "testify", "seat": other, "side": right}) == []


# --------------------------------------------------- every game with checks --
def decision_points(game: str, count: int, seed: int):
    out = []
    for m in positions(game, count * 4, seed=seed):
        seat = m.to_act()[0]
        legal = m.legal(seat)
        if len(legal) > 1:
            out.append((m, seat, legal))
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("game", GAMES_WITH_SENSE)
def test_the_rollout_policy_never_plays_a_senseless_command(game):
    rng = random.Random(41)
    for m, seat, legal in decision_points(game, 40, seed=410):
        policy = policy_for(m)
        if policy.sensible(m, seat, legal) is legal:
            continue
        for _ in range(25):
            command = policy.choose(m, seat, legal, rng)
            assert not policy.senseless(m, seat, command), (command, policy.senseless(m, seat, command))


@pytest.mark.parametrize("game", GAMES_WITH_SENSE)
def test_search_candidates_and_easy_picks_pass_the_sense_checks(game):
    rng = random.Random(42)
    checked = 0
    for m, seat, legal in decision_points(game, 25, seed=420):
        policy = policy_for(m)
        world = m.determinize(seat, random.Random(1))
        bot = SearchBot(4, "normal", iterations=2, time_limit=0)
        bot.level = replace(bot.level, proposals=4)
        for candidate in bot._candidates(world, seat, legal, rng):
            assert not policy.senseless(m, seat, candidate) or not any(
                not policy.senseless(m, seat, c) for c in legal
            ), candidate
        easy = SearchBot(5, "easy").choose(m.view(seat), legal, SeatModel(m, seat))
        assert not policy.senseless(m, seat, easy) or policy.sensible(m, seat, legal) is legal
        checked += 1
    assert checked >= 20
