"""Salem 1692 rules beyond the §8 scenarios: setup, blind windows, redaction, a refusal
per §7 command (the match unchanged after each), the variant, the options and every
Town Hall ability (docs/rules/salem.md, rulings R1–R53)."""

from __future__ import annotations

import json

import pytest

from game.engine import Match, SetupError, new_match
from game.rules.salem import CONSTABLE, NOT_A_WITCH, TRYAL_TABLE, WITCH, SalemMatch, card_info, catalog
from game.rules.salem import state as salem_state
from tests.rules.salem_kit import ASYLUM, BLACK_CAT, NAMES, PIETY, kinds, pass_window, play, refused, stage, window_name

ACCS = [f"c{i}" for i in range(35)]
EVIDENCE = ["c35", "c36", "c37", "c38", "c39"]
WITNESS, ALIBI, ARSON, CURSE, ROBBERY = "c40", "c41", "c44", "c45", "c46"
SCAPEGOAT, STOCKS, MATCHMAKERS = "c47", "c49", ("c54", "c55")


def dawn(m: SalemMatch, target: int) -> None:
    """Every witch holder gives the Black Cat to ``target``; the others pass."""
    w = m.state["stack"][-1]["window"]
    pass_window(m, {v: {"type": "dawn_vote", "target": target} for v in w["voters"]})


# ------------------------------------------------------------------------ setup --
@pytest.mark.parametrize("players", range(4, 13))
def test_setup_deals_the_tryal_deck_of_the_player_count(players):
    # docs/rules/salem.md §1.1, §2.1
    m = new_match("salem", NAMES[:players], seed=players)
    s = m.state
    nots, witches, constables, per = TRYAL_TABLE[players]
    every = [k for r in s["rows"] for k in kinds(m, r)]
    assert every.count(NOT_A_WITCH) == nots and every.count(WITCH) == witches
    assert every.count(CONSTABLE) == constables
    assert all(len(r) == per for r in s["rows"])
    assert all(len(h) == 3 for h in s["hands"])
    assert s["pile"][-1] == "c58" and "c57" in s["pile"] and s["aside"] == [BLACK_CAT]
    assert len(s["pile"]) == 56 - 3 * players + 2
    assert window_name(m) == "dawn" and m.to_act() == list(range(players))


def test_extra_witch_replaces_one_not_a_witch():
    # docs/rules/salem.md R36
    m = new_match("salem", NAMES[:5], seed=2, options={"extra_witch": True})
    every = [k for r in m.state["rows"] for k in kinds(m, r)]
    assert every.count(WITCH) == 2 and len(every) == 25


def test_dawn_gives_the_black_cat_by_votes_and_its_keeper_starts():
    # docs/rules/salem.md §2.1 steps 4-5, §5.1, R6: a tie goes to the target voted first
    m = new_match("salem", NAMES[:6], seed=3)
    voters = m.state["stack"][-1]["window"]["voters"]
    assert len(voters) == 2
    first, second = voters
    for v in voters:  # each witch holder learns the other at Dawn
        assert m.view(v)["known_witches"] == voters
    m.apply(second, {"type": "dawn_vote", "target": 4})
    assert m.view(first)["pending"]["votes"] == [{"seat": second, "target": 4}]
    assert "votes" not in m.view(0 if 0 not in voters else 2)["pending"]
    m.apply(first, {"type": "dawn_vote", "target": first})
    pass_window(m)
    assert BLACK_CAT in m.state["fronts"][4]
    assert m.state["active"] == 4 and m.to_act() == [4]


def test_a_blind_window_asks_every_living_seat_and_a_seat_without_a_role_may_only_pass():
    # docs/rules/salem.md §5.0, R7
    m = new_match("salem", NAMES[:5], seed=4)
    voters = m.state["stack"][-1]["window"]["voters"]
    for seat in range(5):
        legal = m.legal(seat)
        if seat in voters:
            assert {c["type"] for c in legal} == {"dawn_vote"} and len(legal) == 5
        else:
            assert legal == [{"type": "pass"}]


def test_another_seat_sees_a_vote_and_a_pass_alike():
    # docs/rules/salem.md §4 "whether a window answer was a vote or a pass": never shown
    m = new_match("salem", NAMES[:5], seed=4)
    voter = m.state["stack"][-1]["window"]["voters"][0]
    sleeper = next(p for p in range(5) if p != voter)
    watcher = next(p for p in range(5) if p not in (voter, sleeper))
    m.apply(voter, {"type": "dawn_vote", "target": 2})
    m.apply(sleeper, {"type": "pass"})
    seen = [e for e in m.log(watcher) if e["type"] == "answered"]
    assert seen == [
        {"type": "answered", "seat": voter, "window": "dawn"},
        {"type": "answered", "seat": sleeper, "window": "dawn"},
    ]
    view = m.view(watcher)
    assert view["pending"]["answered"] == sorted([voter, sleeper])
    assert "votes" not in view["pending"] and view["known_witches"] == []


def test_a_view_shows_only_the_own_row_and_hand():
    # docs/rules/salem.md §4: own row and hand to the owner; others see counts
    m = stage(4, rows={1: "W N N N N"}, hands={1: ["c3"], 2: ["c4"]})
    view = m.view(2)
    text = json.dumps(view)
    for t in m.state["rows"][1]:
        assert f'"{t}"' not in text
    assert '"c3"' not in text and view["hand"] == ["c4"]
    assert view["seats"][1]["row_count"] == 5 and view["seats"][1]["hand_count"] == 1
    assert view["seats"][1]["witch"] is None
    assert [c["id"] for c in view["my_row"]] == m.state["rows"][2]
    spectator = m.view(None)
    assert spectator["my_row"] is None and spectator["hand"] == []


def test_the_constable_is_never_shown_and_the_gavel_placer_stays_secret():
    # docs/rules/salem.md §4 Constable, Gavel; §5.3
    m = stage(5, rows={2: "W N N N N", 4: "C N N N N"}, pile=["c58"])
    m.apply(0, {"type": "draw_two"})
    pass_window(m, {2: {"type": "night_vote", "target": 3}})
    assert window_name(m) == "gavel"
    assert m.legal(4) == [{"type": "gavel", "target": t} for t in (0, 1, 2, 3)]
    assert m.legal(1) == [{"type": "pass"}]
    assert m.view(1)["pending"].keys() == m.view(4)["pending"].keys()
    pass_window(m, {4: {"type": "gavel", "target": 1}})
    for seat in (0, 1, 2, 3):
        assert not [e for e in m.log(seat) if e["type"] == "gavel_placed"]
        assert [e for e in m.log(seat) if e["type"] == "gavel"] == [{"type": "gavel", "seat": 1}]


@pytest.mark.parametrize("unmasked_by", ["trial", "death"])
def test_once_the_constable_card_is_face_up_the_night_asks_nobody_to_guard(unmasked_by):
    # docs/rules/salem.md §3.3 (a revealed Constable ends the role for the game), §3.6 step 2
    # and §5.3: with the Constable card face up everyone knows there is no Constable, so the
    # Night has no Gavel window (no blind round for the whole table); vote, then confessions
    if unmasked_by == "trial":
        m = stage(
            5,
            rows={2: "W N N N N", 4: "C N N N N"},
            fronts={4: ACCS[:6]},
            hands={0: [ACCS[6]]},
            pile=["c58"],
            discard=ACCS[10:18],
        )
        m.apply(0, play(ACCS[6], 4))
        m.apply(0, {"type": "choose_tryal", "player": 4, "index": 0})
        assert {"type": "no_constable"} in m.log(None)
        m.apply(0, {"type": "end_turn"})
        drawer, living = 1, [0, 1, 2, 3, 4]
    else:
        m = stage(5, rows={2: "W N N N N", 4: "C N N N N"}, dead=[4], pile=["c58"], discard=ACCS[10:18])
        drawer, living = 0, [0, 1, 2, 3]
    assert salem_state.constable(m) is None
    m.apply(drawer, {"type": "draw_two"})
    assert window_name(m) == "night_vote" and m.to_act() == living
    pass_window(m, {2: {"type": "night_vote", "target": 3}})
    assert window_name(m) == "confess" and m.to_act() == living
    assert refused(m, 3, {"type": "gavel", "target": 1}).code == "not_now"
    log = m.log(None)
    assert not [e for e in log if e.get("window") == "gavel"]
    assert [e for e in log if e["type"] == "gavel"] == [{"type": "gavel", "seat": None}]
    pass_window(m)
    assert not m.state["alive"][3]  # nobody guarded the witches' target


def test_while_the_constable_card_is_face_down_the_gavel_window_asks_everyone():
    # docs/rules/salem.md §5.0, §5.3: the window hides who the Constable is, so all answer
    m = stage(5, rows={2: "W N N N N", 4: "C N N N N"}, pile=["c58"], discard=ACCS[10:18])
    m.apply(0, {"type": "draw_two"})
    pass_window(m, {2: {"type": "night_vote", "target": 3}})
    assert window_name(m) == "gavel" and m.to_act() == [0, 1, 2, 3, 4]


def test_confessions_stay_secret_until_the_window_closes():
    # docs/rules/salem.md §5.4, R9
    m = stage(5, rows={2: "W N N N N", 4: "C N N N N"}, pile=["c58"])
    m.apply(0, {"type": "draw_two"})
    pass_window(m, {2: {"type": "night_vote", "target": 3}})
    pass_window(m, {4: {"type": "gavel", "target": 1}})
    m.apply(1, {"type": "confess", "index": 2})
    assert m.state["revealed"][1] == []
    assert not [e for e in m.log(3) if e["type"] in ("confess_chosen", "reveal")]
    pass_window(m)
    assert len(m.state["revealed"][1]) == 1
    assert [e["seat"] for e in m.log(3) if e["type"] == "confession"] == [1]


def test_a_seat_that_dies_at_its_own_night_loses_the_rest_of_its_turn():
    # R40: the drawer dies at Night; the second draw is lost; play goes left
    m = stage(5, rows={2: "W N N N N", 4: "C N N N N"}, pile=["c58"], discard=ACCS[:4])
    m.apply(0, {"type": "draw_two"})
    pass_window(m, {2: {"type": "night_vote", "target": 0}})
    pass_window(m, {4: {"type": "gavel", "target": 1}})
    pass_window(m)
    s = m.state
    assert not s["alive"][0] and s["active"] == 1 and s["hands"][0] == []
    assert len(s["pile"]) == 5


# ------------------------------------------------------------------- refusals --
def test_refusals_of_turn_commands_leave_the_match_unchanged():
    # docs/rules/salem.md §7 draw_two, play, end_turn, ghost_peek; §3.4, §3.10 law 1
    m = stage(4, hands={0: ["c1", SCAPEGOAT, CURSE, STOCKS]}, fronts={2: [PIETY]}, dead=[3])
    assert refused(m, 0, {"type": "end_turn"}).code == "nothing_played"
    assert refused(m, 0, play("c99", 1)).code == "unknown_card"
    assert refused(m, 0, play("c2", 1)).code == "not_in_hand"
    assert refused(m, 0, play("c1", 3)).code == "dead_target"
    assert refused(m, 0, play("c1", 7)).code == "bad_seat"
    assert refused(m, 0, play("c1", True)).code == "bad_seat"
    assert refused(m, 0, play(SCAPEGOAT, 1)).code == "missing_field"
    assert refused(m, 0, play(SCAPEGOAT, 1, target2=1)).code == "same_target"
    assert refused(m, 0, play(SCAPEGOAT, 1, target2=0)).code == "self_target"
    assert refused(m, 0, play("c1", 1, target2=2)).code == "bad_field"
    assert refused(m, 0, play(CURSE, 2)).code == "missing_field"
    assert refused(m, 0, play(CURSE, 2, blue="c1")).code == "bad_blue"
    assert refused(m, 0, play("c1", 1, colour="red")).code == "bad_field"
    assert refused(m, 0, {"type": "ghost_peek", "ghost": 1, "index": 0}).code == "no_ghosts"
    assert refused(m, 0, {"type": "conjure"}).code == "unknown_command"
    assert refused(m, 0, {"type": "pass"}).code == "not_now"
    assert refused(m, 1, {"type": "draw_two"}).code == "not_your_turn"
    m.apply(0, play("c1", 1))
    assert refused(m, 0, {"type": "draw_two"}).code == "already_played"


def test_refusals_in_the_variant_turn():
    # docs/rules/salem.md §7 ghost_peek, play (Stocks not on ghosts, R24)
    m = stage(2, hands={0: [STOCKS, ROBBERY]})
    assert refused(m, 0, {"type": "ghost_peek", "ghost": 2, "index": 0}).code == "not_a_ghost"
    assert refused(m, 0, {"type": "ghost_peek", "ghost": 1, "index": 5}).code == "bad_index"
    assert refused(m, 0, play(STOCKS, 1)).code == "ghost_stocks"
    assert refused(m, 0, play(ROBBERY, 1, target2=2)).code == "bad_field"
    m.apply(0, play(STOCKS, 2))
    assert refused(m, 0, {"type": "ghost_peek", "ghost": 1, "index": 0}).code == "already_played"


def test_refusals_of_trial_choices():
    # docs/rules/salem.md §7 choose_tryal
    m = stage(4, fronts={2: ACCS[:6]}, hands={0: ["c6", "c7"]})
    assert refused(m, 0, {"type": "choose_tryal", "player": 2, "index": 0}).code == "not_now"
    m.apply(0, play("c6", 2))
    assert refused(m, 0, {"type": "choose_tryal", "player": 1, "index": 0}).code == "wrong_player"
    assert refused(m, 0, {"type": "choose_tryal", "player": 2, "index": 5}).code == "bad_index"
    assert refused(m, 0, {"type": "choose_tryal", "player": 2, "index": "0"}).code == "bad_index"
    assert refused(m, 0, {"type": "choose_tryal", "player": 2, "index": 0, "index2": 1}).code == "bad_field"
    assert refused(m, 0, {"type": "choose_tryal", "player": 2}).code == "missing_field"
    assert refused(m, 0, play("c7", 1)).code == "not_now"
    assert refused(m, 2, {"type": "arrange_tryals", "order": [4, 3, 2, 1, 0]}).code == "row_in_use"


def test_refusals_in_the_night_windows():
    # docs/rules/salem.md §7 night_vote, gavel, confess, pass (R39)
    m = stage(5, rows={2: "W N N N N", 4: "C N N N N"}, fronts={3: [ASYLUM]}, pile=["c58"], dead=[1])
    m.apply(0, {"type": "draw_two"})
    assert refused(m, 0, {"type": "night_vote", "target": 3}).code == "no_role"
    assert refused(m, 2, {"type": "night_vote", "target": 1}).code == "dead_target"
    assert refused(m, 2, {"type": "pass"}).code == "must_answer"
    assert refused(m, 0, {"type": "gavel", "target": 3}).code == "not_now"
    assert refused(m, 0, {"type": "confess", "index": 0}).code == "not_now"
    pass_window(m, {2: {"type": "night_vote", "target": 3}})
    assert refused(m, 0, {"type": "gavel", "target": 3}).code == "no_role"
    assert refused(m, 4, {"type": "gavel", "target": 4}).code == "self_target"
    assert refused(m, 4, {"type": "pass"}).code == "must_answer"
    m.apply(0, {"type": "pass"})
    assert refused(m, 0, {"type": "pass"}).code == "not_your_turn"
    pass_window(m, {4: {"type": "gavel", "target": 0}})
    assert refused(m, 3, {"type": "confess", "index": 5}).code == "bad_index"
    assert refused(m, 3, {"type": "dawn_vote", "target": 0}).code == "not_now"
    m.apply(3, {"type": "confess", "index": 1})
    assert refused(m, 3, {"type": "arrange_tryals", "order": [4, 3, 2, 1, 0]}).code == "row_in_use"


def test_refusals_of_conspiracy_picks():
    # docs/rules/salem.md §7 conspiracy_pick
    m = stage(4, pile=["c57", "c8"])
    m.apply(0, {"type": "draw_two"})
    assert refused(m, 0, {"type": "conspiracy_pick", "index": 5}).code == "bad_index"
    assert refused(m, 0, {"type": "conspiracy_pick", "taker": 2, "index": 0}).code == "not_yours"
    assert refused(m, 0, {"type": "conspiracy_pick", "taker": 0, "index": 0}).code == "bad_field"
    assert refused(m, 0, {"type": "pass"}).code == "must_answer"
    assert refused(m, 1, {"type": "arrange_tryals", "order": [1, 0, 2, 3, 4]}).code == "row_in_use"
    m.apply(0, {"type": "conspiracy_pick", "index": 1})
    assert refused(m, 0, {"type": "conspiracy_pick", "index": 1}).code == "not_your_turn"


def test_refusals_of_night_flip_death_order_dawn_vote_and_keep_character():
    # docs/rules/salem.md §7 night_flip, death_order, dawn_vote; R41 keep_character
    m = stage(4)
    assert refused(m, 0, {"type": "night_flip", "player": 1, "index": 0}).code == "not_now"
    assert refused(m, 0, {"type": "death_order", "first": 1}).code == "not_now"
    assert refused(m, 0, {"type": "keep_character", "character": "tituba"}).code == "not_now"
    m = new_match("salem", NAMES[:4], seed=3, options={"town_hall": True})
    assert refused(m, 0, {"type": "keep_character", "character": "nobody"}).code == "not_dealt"
    assert refused(m, 0, {"type": "pass"}).code == "must_answer"
    assert refused(m, 0, {"type": "dawn_vote", "target": 1}).code == "not_now"
    m = new_match("salem", NAMES[:5], seed=4)
    sleeper = next(p for p in range(5) if p not in m.state["stack"][-1]["window"]["voters"])
    assert refused(m, sleeper, {"type": "dawn_vote", "target": 1}).code == "no_role"
    m = stage(2, rows={1: "N", 2: "W N N N N"}, fronts={1: ACCS[:3] + ["c54"], 2: ["c55"]}, hands={0: ["c11"]})
    m.apply(0, play("c11", 1))
    m.apply(0, {"type": "choose_tryal", "player": 1, "index": 0})
    assert refused(m, 0, {"type": "death_order", "first": 0}).code == "bad_choice"
    m = stage(3, rows={1: "N W N N N"}, pile=["c58"])
    m.apply(0, {"type": "draw_two"})
    assert refused(m, 1, {"type": "night_flip", "player": 1, "index": 9}).code == "bad_index"


def test_refusals_of_arrange_tryals_and_ability():
    # docs/rules/salem.md §7 arrange_tryals (R18, R42), ability
    m = stage(4, dead=[3])
    assert refused(m, 1, {"type": "arrange_tryals", "order": [0, 1, 2]}).code == "bad_order"
    assert refused(m, 1, {"type": "arrange_tryals", "order": [0, 0, 1, 2, 3]}).code == "bad_order"
    assert refused(m, 3, {"type": "arrange_tryals", "order": []}).code == "dead"
    assert refused(m, 0, {"type": "ability", "name": "merlin"}).code == "unknown_ability"
    assert refused(m, 0, {"type": "ability", "name": "tituba"}).code == "no_ability"
    assert refused(m, 0, {"type": "ability", "name": "tituba", "spell": 1}).code == "bad_field"


@pytest.mark.parametrize("seat", [True, "0", 1.0, 2**70, -1, None])
def test_a_bad_seat_is_refused_everywhere(seat):
    # DESIGN D2: only IllegalCommand leaves apply/legal/view for bad seats
    m = stage(4)
    before = m.to_json()
    with pytest.raises(Exception) as info:
        m.apply(seat, {"type": "draw_two"})
    assert type(info.value).__name__ == "IllegalCommand"
    assert m.to_json() == before


# -------------------------------------------------------- own row out of turn --
def test_a_seat_arranges_its_row_out_of_turn_and_nobody_else_sees_it():
    # docs/rules/salem.md §3.10 law 4, R18, R37, R42
    m = stage(4, rows={2: "W N N C N"})
    row = list(m.state["rows"][2])
    sid = m.state_id
    events = m.apply(2, {"type": "arrange_tryals", "order": [4, 3, 2, 1, 0]})
    assert m.state["rows"][2] == row[::-1] and m.state_id == sid + 1
    assert events[0]["type"] == "arranged"
    assert not [e for e in m.log(0) if e["type"] == "arranged"]
    assert m.to_act() == [0] and not any(c["type"] == "arrange_tryals" for c in m.legal(0))


# -------------------------------------------------------------------- options --
def test_short_game_guard_the_accused_picks_between_two():
    # docs/rules/salem.md §3.3 short_game_guard, R43
    m = stage(4, rows={2: "W N N N N"}, fronts={2: ACCS[:6]}, hands={0: ["c6"]}, options={"short_game_guard": True})
    m.apply(0, play("c6", 2))
    assert all("index2" in c for c in m.legal(0))
    assert refused(m, 0, {"type": "choose_tryal", "player": 2, "index": 1}).code == "missing_field"
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 3, "index2": 0})
    assert m.to_act() == [2]
    assert m.legal(2) == [
        {"type": "choose_tryal", "player": 2, "index": 0},
        {"type": "choose_tryal", "player": 2, "index": 3},
    ]
    assert refused(m, 2, {"type": "choose_tryal", "player": 2, "index": 1}).code == "not_offered"
    m.apply(2, {"type": "choose_tryal", "player": 2, "index": 3})
    assert kinds(m, m.state["revealed"][2]) == [NOT_A_WITCH] and m.state["active"] == 0


def test_hide_witch_on_death_keeps_the_dead_seats_team_secret():
    # docs/rules/salem.md §3.7 option hide_witch_on_death
    m = stage(
        4,
        rows={2: "N", 1: "W N N N N"},
        witches=[2],
        fronts={2: ACCS[:6]},
        hands={0: ["c9"]},
        options={"hide_witch_on_death": True},
    )
    m.apply(0, play("c9", 2))
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})
    assert [e["witch"] for e in m.log(3) if e["type"] == "death"] == [None]
    assert m.view(3)["seats"][2]["witch"] is None


# -------------------------------------------------------------------- variant --
def test_variant_seats_ghosts_and_names():
    # docs/rules/salem.md §2.2, R24, R30
    m = new_match("salem", ["Ann", "Bob"], seed=5, options={"bots": [1]})
    s = m.state
    assert s["ghosts"] == [1, 3] and m.n == 4 and s["T"] == 4
    assert m.players[0] == "Ann" and m.players[2] == "Bob"
    names = {c.name for c in catalog().characters.values()}
    assert m.players[1] in names and m.players[3] in names
    assert m.options["bots"] == [2]
    assert s["hands"][1] == s["hands"][3] == [] and len(s["hands"][0]) == 3
    assert all(len(r) == 5 for r in s["rows"])
    assert sorted(k for r in s["rows"] for k in kinds(m, r)).count(WITCH) == 1
    assert s["active"] in (0, 2) and window_name(m) is None
    assert s["pile"][-1] == "c58"
    three = new_match("salem", ["Ann", "Bob", "Cy"], seed=5, options={"first_player": 2})
    assert three.state["ghosts"] == [3] and three.state["active"] == 2
    again = SalemMatch.replay(m.players, m.seed, m.options, [])
    assert again.to_json() == m.to_json()


def test_variant_options_are_checked():
    with pytest.raises(SetupError):
        new_match("salem", NAMES[:5], seed=1, options={"first_player": 1})
    with pytest.raises(SetupError):
        new_match("salem", NAMES[:4], seed=1, options={"ghosts": [0, 2]})
    with pytest.raises(SetupError):
        new_match("salem", NAMES[:1], seed=1)
    with pytest.raises(SetupError):
        new_match("salem", NAMES[:4], seed=1, options={"town_hall": "yes"})


def test_variant_robbery_acts_as_arson():
    # docs/rules/salem.md §2.2 step 6
    m = stage(2, hands={0: [ROBBERY], 2: ["c3", "c4"]})
    m.apply(0, play(ROBBERY, 2))
    assert m.state["hands"][2] == [] and {"c3", "c4", ROBBERY} <= set(m.state["discard"])


def test_variant_a_trial_that_kills_anyone_wins_for_the_witches():
    # docs/rules/salem.md §3.8 (ghosts): any death while the Witch card is unrevealed
    m = stage(2, rows={3: "N", 2: "W N N N N"}, fronts={3: ACCS[:3]}, hands={0: ["c3"]})
    m.apply(0, play("c3", 3))
    m.apply(0, {"type": "choose_tryal", "player": 3, "index": 0})
    assert m.over and m.state["team"] == "witches" and m.result()["winners"] == [2]


def test_variant_when_every_human_is_a_witch_the_last_one_loses():
    # docs/rules/salem.md §3.8 (ghosts), R28: s0 held the Witch card before; s2 takes it from ghost s3
    m = stage(2, rows={3: "W N N N N"}, witches=[0], pile=["c57", "c8", "c58"])
    m.apply(0, {"type": "draw_two"})
    m.apply(0, {"type": "conspiracy_pick", "index": 0})
    m.apply(0, {"type": "conspiracy_pick", "taker": 1, "index": 0})
    m.apply(2, {"type": "conspiracy_pick", "index": 0})
    m.apply(2, {"type": "conspiracy_pick", "taker": 3, "index": 0})
    assert m.state["witch"][2]
    assert m.over and m.state["team"] == "witches" and m.result()["winners"] == [0]


def test_a_conspiracy_that_leaves_only_witches_alive_wins_for_the_witches_at_once():
    # docs/rules/salem.md §3.8 (checked after every Conspiracy) and §3.5 step 4: 4 players,
    # s2 and s3 dead townspeople; s1 takes s0's Witch card, so both living seats are witches.
    # The game ends there with the witches' win; it does not go on until some later reveal
    # hands the win to the two dead townspeople.
    m = stage(4, rows={0: "W N N N N", 1: "N N N C N"}, dead=[2, 3], pile=["c57", "c8"])
    m.apply(0, {"type": "draw_two"})
    assert window_name(m) == "conspiracy" and m.to_act() == [0, 1]
    m.apply(0, {"type": "conspiracy_pick", "index": 0})
    m.apply(1, {"type": "conspiracy_pick", "index": 0})
    s = m.state
    assert s["witch"] == [True, True, False, False]
    assert m.over and s["team"] == "witches"
    assert m.result() == {"scores": [1, 1, 0, 0], "winners": [0, 1]}
    assert s["pile"] == ["c8"] and s["hands"][0] == []  # the second draw never happens
    assert [e["type"] for e in m.log(None)][-2:] == ["discard", "over"]


def test_a_conspiracy_that_leaves_a_townsperson_alive_plays_on():
    # docs/rules/salem.md §3.8: the witches' win needs every living seat to be a witch
    m = stage(4, rows={0: "W N N N N", 1: "N N N C N"}, dead=[3], pile=["c57", "c8"])
    m.apply(0, {"type": "draw_two"})
    pass_window(m, {p: {"type": "conspiracy_pick", "index": 0} for p in (0, 1, 2)})
    assert not m.over and m.state["hands"][0] == ["c8"] and m.to_act() == [1]


# ----------------------------------------------------------------- Town Hall --
def test_keep_character_is_a_blind_window_before_dawn():
    # docs/rules/salem.md §2.1 step 2, R41
    m = new_match("salem", NAMES[:4], seed=3, options={"town_hall": True})
    dealt = [list(m.state["dealt"][p]) for p in range(4)]
    assert window_name(m) == "keep_character" and m.to_act() == [0, 1, 2, 3]
    assert m.view(1)["dealt_characters"] == dealt[1]
    assert dealt[0][0] not in json.dumps(m.view(1)) or dealt[0][0] in dealt[1]
    for p in range(4):
        m.apply(p, {"type": "keep_character", "character": dealt[p][1]})
    assert m.state["characters"] == [d[1] for d in dealt]
    assert window_name(m) == "dawn"
    eight = new_match("salem", NAMES[:8], seed=3, options={"town_hall": True})
    assert all(eight.state["characters"]) and window_name(eight) == "dawn"


def test_abigail_williams_clears_her_front_when_her_card_starts_a_trial():
    m = stage(4, fronts={0: ["c1", "c2", PIETY], 2: ACCS[3:9]}, hands={0: ["c10"]}, characters={0: "abigail_williams"})
    m.apply(0, play("c10", 2))
    assert {"type": "ability", "name": "abigail_williams"} in m.legal(0)
    m.apply(0, {"type": "ability", "name": "abigail_williams"})
    assert m.state["fronts"][0] == [PIETY]
    assert refused(m, 0, {"type": "ability", "name": "abigail_williams"}).code == "used"
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})


def test_ann_putnam_draws_two_before_her_trial_and_may_play_them():
    m = stage(
        4, fronts={2: ACCS[:6]}, hands={0: ["c10"]}, pile=["c11", "c12", "c13", "c58"], characters={0: "ann_putnam"}
    )
    m.apply(0, play("c10", 2))
    m.apply(0, {"type": "ability", "name": "ann_putnam"})
    assert m.state["hands"][0] == ["c11", "c12"]
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})
    m.apply(0, play("c11", 1))
    assert "c11" in m.state["fronts"][1]


def test_cotton_mather_george_burroughs_and_thomas_danforth_move_the_trial_mark():
    m = stage(
        4,
        fronts={1: EVIDENCE[:2]},
        hands={0: [EVIDENCE[2], "c20", "c21"]},
        characters={1: "cotton_mather", 2: "george_burroughs", 3: "thomas_danforth"},
    )
    assert m.view(0)["seats"][1]["accusations"] == 2
    m.apply(0, play(EVIDENCE[2], 1))
    assert m.view(0)["seats"][1]["accusations"] == 3 and window_name(m) is None
    assert m.view(0)["seats"][2]["threshold"] == 8
    mark = salem_state.threshold_for
    assert mark(m, 2, 3) == 7 and mark(m, 1, 3) == 6 and mark(m, 1, 0) == 7


def test_giles_corey_shows_two_accusations_and_draws_a_third():
    m = stage(4, pile=["c1", "c2", "c41", "c58"], characters={0: "giles_corey"})
    m.apply(0, {"type": "draw_two"})
    assert m.state["hands"][0] == ["c1", "c2", "c41"]
    assert [e for e in m.log(2) if e["type"] == "giles"] == [{"type": "giles", "seat": 0, "cards": ["c1", "c2"]}]
    m = stage(4, pile=["c1", "c41", "c2", "c58"], characters={0: "giles_corey"})
    m.apply(0, {"type": "draw_two"})
    assert m.state["hands"][0] == ["c1", "c41"]


def test_john_proctor_takes_the_dead_seats_hand_and_blue_cards():
    m = stage(
        4,
        rows={2: "N"},
        fronts={2: ACCS[:6] + [ASYLUM]},
        hands={0: ["c9"], 2: ["c20", "c21"]},
        characters={3: "john_proctor"},
    )
    m.apply(0, play("c9", 2))
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})
    assert sorted(m.state["hands"][3]) == sorted(["c20", "c21", ASYLUM])
    public = [e for e in m.log(1) if e["type"] == "proctor"]
    assert public == [{"type": "proctor", "seat": 3, "from": 2, "count": 3, "blue": [ASYLUM]}]


def test_martha_corey_has_the_ability_of_her_right_neighbour():
    m = stage(4, characters={1: "martha_corey", 0: "george_burroughs"})
    assert salem_state.has(m, 1, "george_burroughs") and m.view(0)["seats"][1]["threshold"] == 8
    m.state["alive"][0] = False  # then her right neighbour is seat 3, without a character
    assert not salem_state.has(m, 1, "george_burroughs")


def test_mary_warren_is_immune_to_the_black_cat_and_to_matchmaker():
    m = stage(
        4, rows={1: "W N N N N"}, fronts={1: [BLACK_CAT]}, pile=["c57", "c7", "c58"], characters={1: "mary_warren"}
    )
    m.apply(0, {"type": "draw_two"})
    assert window_name(m) == "conspiracy"
    assert [e["seat"] for e in m.log(0) if e["type"] == "immune"] == [1]
    m = stage(
        4, rows={2: "N"}, fronts={2: ACCS[:6] + ["c54"], 1: ["c55"]}, hands={0: ["c9"]}, characters={1: "mary_warren"}
    )
    m.apply(0, play("c9", 2))
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})
    assert not m.state["alive"][2] and m.state["alive"][1]


def test_rebecca_nurse_may_draw_when_another_seats_card_is_revealed():
    m = stage(4, fronts={2: ACCS[:6]}, hands={0: ["c9"]}, pile=["c30", "c58"], characters={3: "rebecca_nurse"})
    m.apply(0, play("c9", 2))
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})
    assert m.to_act() == [3]
    assert m.legal(3) == [{"type": "ability", "name": "rebecca_nurse"}, {"type": "pass"}]
    m.apply(3, {"type": "ability", "name": "rebecca_nurse"})
    assert m.state["hands"][3] == ["c30"] and m.to_act() == [0]


def test_samuel_parris_takes_from_the_discard_twice_a_game():
    m = stage(4, discard=["c1", ALIBI, "c57"], characters={0: "samuel_parris"})
    cmds = [c for c in m.legal(0) if c["type"] == "ability"]
    assert {"type": "ability", "name": "samuel_parris", "cards": ["c1", ALIBI]} in cmds
    assert not any("c57" in c["cards"] for c in cmds)
    assert refused(m, 0, {"type": "ability", "name": "samuel_parris", "cards": ["c57"]}).code == "black"
    m.apply(0, {"type": "ability", "name": "samuel_parris", "cards": [ALIBI, "c1"]})
    assert m.state["hands"][0] == [ALIBI, "c1"] and m.state["active"] == 1
    m.state["uses"]["0:samuel_parris"] = 2
    m.state["active"] = 0
    assert refused(m, 0, {"type": "ability", "name": "samuel_parris", "cards": ["c57"]}).code == "used"


def test_sarah_good_shrugs_off_arson_and_robbery():
    m = stage(4, hands={0: [ARSON, ROBBERY], 1: ["c3"]}, characters={1: "sarah_good"})
    m.apply(0, play(ARSON, 1))
    m.apply(0, play(ROBBERY, 1, target2=2))
    assert m.state["hands"][1] == ["c3"] and m.state["hands"][2] == []


def test_tituba_reorders_the_pile_and_night_moved_up_waits_for_the_pile():
    m = stage(
        4,
        rows={2: "W N N N N", 3: "C N N N N"},
        pile=["c1", "c2", "c3", "c58"],
        discard=["c4"],
        characters={0: "tituba"},
    )
    m.apply(0, {"type": "ability", "name": "tituba"})
    assert m.view(0)["pending"]["pile"] == ["c1", "c2", "c3", "c58"]
    assert "pile" not in m.view(1)["pending"]
    assert {"type": "ability", "name": "tituba", "order": [3, 0, 1, 2]} in m.legal(0)
    assert refused(m, 0, {"type": "ability", "name": "tituba", "order": [0, 0, 1, 2]}).code == "bad_order"
    m.apply(0, {"type": "ability", "name": "tituba", "order": [3, 0, 1, 2]})
    assert m.state["pile"] == ["c58", "c1", "c2", "c3"]
    m.apply(0, {"type": "draw_two"})  # Night first: the pile is not empty, so Night waits
    pass_window(m, {2: {"type": "night_vote", "target": 1}})
    pass_window(m, {3: {"type": "gavel", "target": 1}})
    pass_window(m)
    s = m.state
    assert s["aside"] == ["c58"] and s["hands"][0] == ["c1"] and s["pile"] == ["c2", "c3"]
    assert refused(m, 1, {"type": "ability", "name": "tituba"}).code == "no_ability"


def test_will_griggs_plays_alibi_as_a_witness_even_on_piety():
    m = stage(4, fronts={2: [PIETY]}, hands={0: [ALIBI]}, characters={0: "will_griggs"})
    m.apply(0, {"type": "ability", "name": "will_griggs", "card": ALIBI, "target": 2})
    assert m.view(0)["seats"][2]["accusations"] == 7 and m.view(0)["pending"]["kind"] == "trial"
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})
    assert ALIBI in m.state["discard"] and m.state["as_witness"] == []


def test_william_phips_confesses_without_revealing():
    m = stage(5, rows={2: "W N N N N", 4: "C N N N N"}, pile=["c58"], discard=ACCS[:3], characters={3: "william_phips"})
    m.apply(0, {"type": "draw_two"})
    pass_window(m, {2: {"type": "night_vote", "target": 3}})
    pass_window(m, {4: {"type": "gavel", "target": 1}})
    assert {"type": "ability", "name": "william_phips"} in m.legal(3)
    pass_window(m, {3: {"type": "ability", "name": "william_phips"}})
    s = m.state
    assert s["alive"][3] and s["revealed"][3] == []
    assert [e["saved"] for e in m.log(0) if e["type"] == "night_target"] == ["confessed"]
    assert s["uses"]["3:william_phips"] == 1


def test_card_info_gives_names_in_our_words():
    info = card_info("c40")
    assert info["name"] == "Witness" and info["value"] == 7 and info["colour"] == "red"
    assert card_info("c49")["colour"] == "green" and card_info("c56")["kind"] == "black_cat"


def test_a_damaged_save_is_refused_with_a_clear_message():
    m = stage(4)
    data = json.loads(m.to_json())
    data["state"] = None
    with pytest.raises(Exception) as info:
        Match.from_json(json.dumps(data))
    assert "damaged" in str(info.value)


def test_the_score_breakdown_is_one_point_for_the_winning_side():
    # docs/rules/salem.md §3.8, R16: winners score 1 (the game-over table's rows add up to the scores)
    m = stage(4, rows={0: "W N N N N", 2: "N"}, witches=[1], dead=[3], fronts={2: ACCS[:6]}, hands={0: ["c9"]})
    m.apply(0, play("c9", 2))
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})
    lines = m.score_breakdown()
    assert [sum(x["points"] for x in seat) for seat in lines] == m.result()["scores"] == [1, 1, 0, 0]
    assert lines[0][0]["label"] == "The witches won"
