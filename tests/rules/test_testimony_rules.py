"""Testimony rules (docs/rules/testimony.md §1–§7): setup, turns, sharing, investigating,
testimony, the end of a game and its scoring, the match of three games, hidden
information, the cards file, and a refusal test per command (nothing changes)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.engine import Match, SetupError
from game.engine.cards import load_card_set
from game.engine.errors import CardDataError
from game.rules.testimony import SECTIONS, SETUP_COUNTS, _check_cards, catalog, tokens_each
from tests.rules.testimony_kit import fresh, refused, set_characters, stage_end, start_at, tokens_conserved, turn

ALL7 = ["magistrate", "minister", "goodwife", "witchfinder", "cunning_woman", "apostate", "herbalist"]


def investigate(seat):
    return {"type": "investigate", "seat": seat}


def accuse(seat):
    return {"type": "testify", "seat": seat, "side": "accuse"}


def defend(seat):
    return {"type": "testify", "seat": seat, "side": "defend"}


# ----------------------------------------------------------------------------- cards --
def test_seven_characters_three_heathen_four_puritan_and_21_tokens():
    # docs/rules/testimony.md §1, §1.1
    cat = catalog()
    assert sorted(cat.characters) == sorted(ALL7)
    assert sorted(cat.heathens) == ["apostate", "cunning_woman", "herbalist"]
    assert cat.supply.total == 21 and (cat.supply.accuse, cat.supply.defend, cat.supply.death) == (-1, 1, -1)
    assert cat.characters["magistrate"].token_weight == 2
    assert cat.characters["cunning_woman"].double_investigation
    assert cat.characters["apostate"].any_belief
    assert cat.may_show("apostate") == ["character", "belief_heathen", "belief_puritan"]
    assert cat.may_show("minister") == ["character", "belief_puritan"]
    assert cat.may_show("herbalist") == ["character", "belief_heathen"]
    for c in cat.characters.values():
        assert c.text.strip() and c.rules_text.strip() and c.name.startswith("The ")


def test_a_card_file_with_four_heathens_is_refused(tmp_path: Path):
    # docs/rules/testimony.md §1: the Belief counts are checked when the cards load
    source = (Path(__file__).resolve().parents[2] / "cards" / "testimony.yaml").read_text()
    broken = tmp_path / "testimony.yaml"
    broken.write_text(
        source.replace(
            "belief: puritan\n    scoring:\n      no_puritan_dies",
            "belief: heathen\n    scoring:\n      no_puritan_dies",
        )
    )
    with pytest.raises(CardDataError, match="3 Heathen and 4 Puritan"):
        load_card_set("testimony", SECTIONS, path=broken, check=_check_cards)


def test_an_unknown_scoring_key_is_refused(tmp_path: Path):
    source = (Path(__file__).resolve().parents[2] / "cards" / "testimony.yaml").read_text()
    broken = tmp_path / "testimony.yaml"
    broken.write_text(source.replace("no_heathen_dies: 2", "no_heathens_die: 2"))
    with pytest.raises(CardDataError, match=r"herbalist.*unknown scoring key"):
        load_card_set("testimony", SECTIONS, path=broken, check=_check_cards)


# ----------------------------------------------------------------------------- setup --
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_setup_counts_for_each_player_count(players):
    # docs/rules/testimony.md §2: Heathen/Puritan cards by player count, one card aside (none at 7),
    # 21 tokens divided evenly with the extras set aside
    heathens, puritans = {3: (1, 3), 4: (2, 3), 5: (2, 4), 6: (3, 4), 7: (3, 4)}[players]
    each, aside = {3: (7, 0), 4: (5, 1), 5: (4, 1), 6: (3, 3), 7: (3, 0)}[players]
    assert SETUP_COUNTS[players] == (heathens, puritans)
    assert tokens_each(players) == (each, aside)
    cat = catalog()
    for seed in range(20):
        m = fresh(players, seed)
        st = m.state
        in_play = st["characters"] + ([st["set_aside"]] if st["set_aside"] else [])
        assert len(set(in_play)) == len(in_play) == heathens + puritans
        assert sum(cat.belief(c) == "heathen" for c in in_play) == heathens
        assert sum(cat.belief(c) == "puritan" for c in in_play) == puritans
        assert (st["set_aside"] is None) == (players == 7)
        assert st["hand"] == [each] * players and st["tokens_aside"] == aside
        assert tokens_conserved(m)
        view = m.view(0)
        assert view["tokens_each"] == each and view["tokens_aside"] == aside
        assert view["set_aside"] == {"exists": players != 7, "character": None}


@pytest.mark.parametrize("players", [2, 8])
def test_three_to_seven_players(players):
    # docs/rules/testimony.md §2 (3-7 players)
    with pytest.raises(SetupError):
        fresh(players)


@pytest.mark.parametrize("games", [0, 4, True, "3"])
def test_games_option_is_one_to_three(games):
    with pytest.raises(SetupError):
        fresh(4, games=games)


def test_first_player_of_game_one_is_drawn_at_random():
    # docs/rules/testimony.md §4: in game 1 of a match, a random player
    firsts = {fresh(5, seed).state["first"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3, 4}
    m = fresh(5, 3)
    assert m.to_act() == [m.state["first"]] and m.view(None)["first_player"] == m.state["first"]


# --------------------------------------------------------------------- supply / turns --
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_token_supply_divided_evenly_and_conserved_at_every_step(players):
    # docs/rules/testimony.md §2, R8: the 21 tokens divided evenly, the extras set aside; §3.3 one token a turn
    for seed in range(4):
        m = fresh(players, seed)
        pick = random.Random(seed)
        while not m.over:
            seat = m.to_act()[0]
            m.apply(seat, pick.choice(m.legal(seat)))
            assert tokens_conserved(m)
            assert m.state["tokens_aside"] == 21 % players


def test_a_turn_that_starts_with_no_tokens_ends_the_game():
    # docs/rules/testimony.md §5.1: a turn that would begin with no tokens in hand ends the game
    m = fresh(4, 1)
    start_at(m, 0)
    st = m.state
    st["hand"] = [1, 0, 3, 3]  # seat 1 is next and has nothing left
    st["discarded"] = (
        [{"seat": 1, "turn": 1}] * 5
        + [{"seat": 0, "turn": 1}] * 4
        + [{"seat": 2, "turn": 1}] * 2
        + [{"seat": 3, "turn": 1}] * 2
    )
    assert tokens_conserved(m)
    turn(m, investigate(2), defend(3))
    assert m.state["stage"] == "between"
    events = m.log(None)
    end = next(e for e in events if e["type"] == "game_end")
    assert end["seat"] == 1 and end["game_no"] == 1
    assert m.view(None)["history"][0]["game_no"] == 1


def test_every_game_lasts_n_times_tokens_turns():
    # docs/rules/testimony.md R8: every turn spends one token
    for players, each in ((3, 7), (4, 5), (6, 3)):
        m = fresh(players, 2, games=1)
        turns = 0
        while not m.over:
            seat = m.to_act()[0]
            m.apply(seat, investigate((seat + 1) % players))
            m.apply(seat, {"type": "discard_token"})
            turns += 1
        assert turns == players * each


def test_turn_is_an_action_then_testimony():
    # docs/rules/testimony.md §3, R1
    m = fresh(4, 5)
    start_at(m, 2)
    refused(m, 2, accuse(0), "wrong_stage")
    m.apply(2, investigate(0))
    assert m.view(None)["stage"] == "testify"
    refused(m, 2, investigate(1), "wrong_stage")
    m.apply(2, accuse(0))
    assert m.to_act() == [3] and m.state["hand"][2] == 4


# ---------------------------------------------------------------------------- share --
def test_declined_invitation_lets_the_active_player_invite_another_or_investigate():
    # docs/rules/testimony.md §3.1: after a refusal, invite another or investigate; R1: not the same
    # player again this turn
    m = fresh(4, 0)
    start_at(m, 0)
    m.apply(0, {"type": "invite", "seat": 1})
    assert m.to_act() == [1] and m.view(None)["stage"] == "answer"
    m.apply(1, {"type": "answer_invite", "accept": False})
    assert m.to_act() == [0] and m.view(None)["declined"] == [1]
    assert {"type": "invite", "seat": 1} not in m.legal(0)
    refused(m, 0, {"type": "invite", "seat": 1}, "declined")
    m.apply(0, {"type": "invite", "seat": 2})
    m.apply(2, {"type": "answer_invite", "accept": False})
    m.apply(0, investigate(3))
    m.apply(0, defend(3))
    assert m.view(None)["declined"] == []  # a new turn


def test_a_share_shows_one_card_each_active_player_first_and_only_to_the_pair():
    # docs/rules/testimony.md §3.1, §6.2: what was shown, the two sharers only
    m = fresh(4, 0)
    set_characters(m, ["minister", "herbalist", "goodwife", "apostate"], aside="magistrate")
    start_at(m, 0)
    m.apply(0, {"type": "invite", "seat": 1})
    m.apply(1, {"type": "answer_invite", "accept": True})
    assert m.to_act() == [0]
    refused(m, 1, {"type": "show", "card": "character"}, "not_your_turn")
    m.apply(0, {"type": "show", "card": "belief_puritan"})
    assert m.to_act() == [1]
    m.apply(1, {"type": "show", "card": "character"})
    assert m.view(None)["stage"] == "testify" and m.to_act() == [0]
    book0 = m.view(0)["notebook"]
    assert book0 == [
        {
            "kind": "share",
            "share": 0,
            "turn": 1,
            "with": 1,
            "gave": {"share": 0, "card": "belief_puritan", "seat": 0, "to": 1},
            "got": {"share": 0, "card": "character", "seat": 1, "to": 0, "character": "herbalist"},
        }
    ]
    assert m.view(0)["players"][1]["character"] == "herbalist"
    assert m.view(1)["players"][0]["character"] is None
    for outsider in (2, 3, None):
        view = m.view(outsider)
        assert view["notebook"] == []
        assert view["players"][1]["character"] is None
        shows = [e for e in m.log(outsider) if e["type"] == "show"]
        assert shows == [
            {"type": "show", "share": 0, "seat": 0, "to": 1},
            {"type": "show", "share": 0, "seat": 1, "to": 0},
        ]
    assert view["shares"] == [{"share": 0, "by": 0, "with": 1, "turn": 1}]


def test_only_the_belief_matching_the_character_may_be_shown():
    # docs/rules/testimony.md §3.1: only the Belief card that matches one's Character
    m = fresh(4, 0)
    set_characters(m, ["minister", "herbalist", "goodwife", "apostate"], aside="magistrate")
    start_at(m, 0)
    m.apply(0, {"type": "invite", "seat": 1})
    m.apply(1, {"type": "answer_invite", "accept": True})
    assert m.legal(0) == [{"type": "show", "card": "character"}, {"type": "show", "card": "belief_puritan"}]
    refused(m, 0, {"type": "show", "card": "belief_heathen"}, "wrong_belief")
    m.apply(0, {"type": "show", "card": "character"})
    refused(m, 1, {"type": "show", "card": "belief_puritan"}, "wrong_belief")


def test_the_apostate_may_show_the_puritan_belief():
    # docs/rules/testimony.md §1.1 the Apostate, §3.1: the Apostate may show either Belief card
    m = fresh(4, 0)
    set_characters(m, ["apostate", "minister", "goodwife", "herbalist"], aside="magistrate")
    start_at(m, 0)
    m.apply(0, {"type": "invite", "seat": 1})
    m.apply(1, {"type": "answer_invite", "accept": True})
    assert m.legal(0) == [{"type": "show", "card": c} for c in ("character", "belief_heathen", "belief_puritan")]
    assert m.view(0)["me"]["may_show"] == ["character", "belief_heathen", "belief_puritan"]
    m.apply(0, {"type": "show", "card": "belief_puritan"})
    m.apply(1, {"type": "show", "card": "belief_puritan"})
    got = m.view(1)["notebook"][0]["got"]
    assert got == {"share": 0, "card": "belief_puritan", "seat": 0, "to": 1}
    assert m.view(1)["players"][0]["character"] is None  # a Belief card is not the Character


# ---------------------------------------------------------------------- investigate --
def test_investigation_shows_sides_as_of_the_moment_of_looking():
    # docs/rules/testimony.md §3.2, §6.2: an investigator knows the sides lying there when it
    # looked; later tokens stay hidden to it
    m = fresh(4, 0)
    set_characters(m, ["minister", "herbalist", "goodwife", "apostate"], aside="magistrate")
    start_at(m, 0)
    turn(m, investigate(1), accuse(3))  # 0 accuses 3
    turn(m, investigate(2), defend(3))  # 1 defends 3
    turn(m, investigate(3), accuse(0))  # 2 looks at 3 (two tokens), accuses 0
    turn(m, investigate(0), defend(1))  # 3 looks at 0 (one token)
    turn(m, investigate(1), accuse(3))  # 0 accuses 3 again: 2 has not seen this one
    sides = {v: [t["side"] for t in m.view(v)["tokens"]] for v in (0, 1, 2, 3, None)}
    assert sides[2] == ["accuse", "defend", "accuse", None, None]
    assert sides[0] == ["accuse", None, None, "defend", "accuse"]  # t4 lay at 1 when 0 looked
    assert sides[3] == [None, None, "accuse", "defend", None]  # never its own front
    assert sides[1] == [None, "defend", None, None, None]
    assert sides[None] == [None] * 5
    look = m.view(2)["notebook"][0]
    assert look == {
        "kind": "investigate",
        "turn": 3,
        "targets": [3],
        "looks": [
            {
                "target": 3,
                "tokens": [
                    {"token": "g1t1", "placer": 0, "side": "accuse"},
                    {"token": "g1t2", "placer": 1, "side": "defend"},
                ],
            }
        ],
    }
    # looking again updates what the investigator knows
    m.apply(1, investigate(0))
    m.apply(1, defend(0))
    m.apply(2, investigate(3))
    assert m.view(2)["tokens"][4]["side"] == "accuse"


def test_the_cunning_womans_double_investigation_once_per_game():
    # docs/rules/testimony.md §1.1 the Cunning Woman, R3: once per game, investigate two players in one action
    m = fresh(4, 0, games=2)
    set_characters(m, ["cunning_woman", "minister", "goodwife", "apostate"], aside="magistrate")
    start_at(m, 1)
    turn(m, investigate(2), accuse(0))
    turn(m, investigate(3), accuse(3))
    turn(m, investigate(0), defend(1))
    assert {"type": "investigate", "seat": 1, "seat2": 2} in m.legal(0)
    assert {"type": "investigate", "seat": 2, "seat2": 1} in m.legal(0)
    assert m.view(0)["me"]["double_investigation"] is True
    refused(m, 0, {"type": "investigate", "seat": 1, "seat2": 1}, "same_seat")
    refused(m, 0, {"type": "investigate", "seat": 1, "seat2": 0}, "own_seat")
    m.apply(0, {"type": "investigate", "seat": 1, "seat2": 3})
    looks = m.view(0)["notebook"][0]["looks"]
    assert [look["target"] for look in looks] == [1, 3]
    assert looks[1]["tokens"] == [{"token": "g1t2", "placer": 2, "side": "accuse"}]
    assert looks[0]["tokens"] == [{"token": "g1t3", "placer": 3, "side": "defend"}]
    public = [e for e in m.log(2) if e["type"] == "investigate"][-1]
    assert public == {"type": "investigate", "seat": 0, "targets": [1, 3], "index": 3}
    m.apply(0, accuse(2))
    for _ in range(3):
        seat = m.to_act()[0]
        m.apply(seat, investigate(0 if seat else 1))
        m.apply(seat, {"type": "discard_token"})
    assert m.to_act() == [0]
    assert m.view(0)["me"]["double_investigation"] is False
    assert all("seat2" not in c for c in m.legal(0))
    refused(m, 0, {"type": "investigate", "seat": 1, "seat2": 2}, "double_used")
    # others never may
    m.apply(0, investigate(1))
    m.apply(0, accuse(1))
    refused(m, 1, {"type": "investigate", "seat": 2, "seat2": 3}, "no_double")


def test_the_double_investigation_is_available_again_next_game():
    m = fresh(3, 0, games=2)
    set_characters(m, ["cunning_woman", "minister", "goodwife"], aside="magistrate")
    start_at(m, 0)
    m.apply(0, {"type": "investigate", "seat": 1, "seat2": 2})
    m.apply(0, accuse(1))
    stage_end(m, [])
    m.apply(m.to_act()[0], {"type": "next_game"})
    assert m.state["double_used"] is False


# ------------------------------------------------------------------ end and scoring --
def test_standing_below_zero_kills():
    # docs/rules/testimony.md §5.2: Standing = sum of token values; below 0 the player is killed
    m = fresh(4, 0, games=1)
    set_characters(m, ["minister", "herbalist", "goodwife", "apostate"], aside="magistrate")
    stage_end(
        m,
        [
            (0, 1, "accuse"),
            (2, 1, "accuse"),
            (3, 1, "defend"),  # 1: -1 killed
            (0, 2, "accuse"),
            (1, 2, "defend"),  # 2: 0 lives
            (1, 3, "accuse"),
        ],
    )  # 3: -1 killed
    result = m.view(None)["history"][0]
    assert result["standing"] == [0, -1, 0, -1]
    assert result["killed"] == [False, True, False, True]
    assert m.view(None)["players"][1]["killed"] is True


def test_the_magistrates_tokens_count_double():
    # docs/rules/testimony.md §1.1 the Magistrate, R4
    m = fresh(4, 0, games=1)
    set_characters(m, ["magistrate", "herbalist", "goodwife", "apostate"], aside="minister")
    stage_end(m, [(0, 1, "accuse"), (2, 1, "defend"), (0, 2, "defend"), (3, 2, "accuse")])
    assert m.view(None)["history"][0]["standing"] == [0, -1, 1, 0]


SCORING = [
    # (characters, aside, tokens, shares, seat, expected score of seat, reasons)
    (
        "magistrate: +2 a Heathen dies, +1 survives",
        ["magistrate", "herbalist", "goodwife", "apostate"],
        "minister",
        [(1, 3, "accuse")],
        (),
        0,
        3,
    ),
    (
        "magistrate killed: -1, still +2 for the dead Heathen",
        ["magistrate", "herbalist", "goodwife", "apostate"],
        "minister",
        [(1, 0, "accuse"), (2, 3, "accuse")],
        (),
        0,
        1,
    ),
    (
        "minister: +1 per dead Heathen, -1 per other dead Puritan",
        ["minister", "herbalist", "goodwife", "apostate", "witchfinder"],
        "magistrate",
        [(0, 1, "accuse"), (0, 3, "accuse"), (0, 2, "accuse")],
        (),
        0,
        1,
    ),
    (
        "goodwife: +2 if no Puritan dies",
        ["goodwife", "herbalist", "minister", "apostate"],
        "magistrate",
        [(0, 1, "accuse")],
        (),
        0,
        2,
    ),
    (
        "goodwife: nothing when a Puritan dies",
        ["goodwife", "herbalist", "minister", "apostate"],
        "magistrate",
        [(1, 2, "accuse")],
        (),
        0,
        0,
    ),
    (
        "witchfinder: +1 per dead Heathen whose Character he was shown",
        ["witchfinder", "herbalist", "minister", "apostate", "cunning_woman", "goodwife"],
        "magistrate",
        [(0, 1, "accuse"), (0, 3, "accuse"), (0, 4, "accuse")],
        [
            (0, 1, "belief_puritan", "character"),
            (3, 0, "belief_heathen", "character"),
            (0, 4, "character", "belief_heathen"),
        ],
        0,
        1,
    ),
    (
        "cunning woman: +2 if she survives",
        ["cunning_woman", "minister", "goodwife", "apostate"],
        "magistrate",
        [(1, 0, "accuse"), (2, 0, "defend")],
        (),
        0,
        2,
    ),
    (
        "cunning woman killed: -1",
        ["cunning_woman", "minister", "goodwife", "apostate"],
        "magistrate",
        [(1, 0, "accuse")],
        (),
        0,
        -1,
    ),
    (
        "apostate: +1 per dead Puritan",
        ["apostate", "herbalist", "minister", "goodwife", "magistrate"],
        "witchfinder",
        [(0, 2, "accuse"), (0, 3, "accuse"), (1, 4, "accuse")],
        (),
        0,
        3,
    ),
    (
        "herbalist: +2 if no Heathen dies",
        ["herbalist", "apostate", "minister", "goodwife"],
        "magistrate",
        [(0, 2, "accuse")],
        (),
        0,
        2,
    ),
    (
        "herbalist killed: -1 and no Heathen-safe bonus",
        ["herbalist", "apostate", "minister", "goodwife"],
        "magistrate",
        [(2, 0, "accuse")],
        (),
        0,
        -1,
    ),
]


@pytest.mark.parametrize("label,chars,aside,tokens,shares,seat,score", SCORING, ids=[s[0] for s in SCORING])
def test_each_characters_scoring_on_a_fixed_end_position(label, chars, aside, tokens, shares, seat, score):
    # docs/rules/testimony.md §1.1, §5.3: -1 if killed, plus the Character's scoring
    m = fresh(len(chars), 0, games=1)
    set_characters(m, chars, aside=aside)
    stage_end(m, tokens, shares)
    record = m.view(None)["history"][0]
    assert record["scores"][seat] == score, record["reasons"][seat]
    assert sum(line["points"] for line in record["reasons"][seat]) == score
    assert m.result()["scores"][seat] == score


def test_score_reasons_name_who_died():
    m = fresh(6, 0, games=1)
    set_characters(
        m, ["witchfinder", "herbalist", "minister", "apostate", "cunning_woman", "goodwife"], aside="magistrate"
    )
    stage_end(m, [(0, 1, "accuse"), (0, 3, "accuse")], [(0, 1, "belief_puritan", "character")])
    reasons = m.view(None)["history"][0]["reasons"]
    assert reasons[0] == [{"points": 1, "why": "killed Heathens whose Character you saw: P1"}]
    assert reasons[1] == [{"points": -1, "why": "killed"}]
    assert reasons[2] == [{"points": 2, "why": "Heathens killed: P1, P3"}]


def test_the_end_reveals_everything_to_everyone():
    # docs/rules/testimony.md §5.2, §5.3, §6.3: every token and every Character revealed to everyone
    m = fresh(4, 0, games=2)
    set_characters(m, ["minister", "herbalist", "goodwife", "apostate"], aside="magistrate")
    stage_end(m, [(0, 1, "accuse"), (2, 3, "defend")])
    for viewer in (0, 1, 2, 3, None):
        view = m.view(viewer)
        assert [p["character"] for p in view["players"]] == ["minister", "herbalist", "goodwife", "apostate"]
        assert [t["side"] for t in view["tokens"]] == ["accuse", "defend"]
        assert view["set_aside"] == {"exists": True, "character": "magistrate"}
        assert view["stage"] == "between"


# -------------------------------------------------------------------------- match --
def test_first_player_of_games_two_and_three_is_the_lowest_scorer():
    # docs/rules/testimony.md §4: in later games, the lowest scorer of the game just ended
    m = fresh(4, 0)
    set_characters(m, ["minister", "herbalist", "goodwife", "apostate"], aside="magistrate")
    stage_end(m, [(0, 1, "accuse")])  # herbalist killed: -1, the lowest alone
    assert m.view(None)["history"][0]["scores"][1] == min(m.view(None)["history"][0]["scores"])
    assert m.to_act() == [1] and m.view(None)["next_first"] == 1
    refused(m, 0, {"type": "next_game"}, "not_your_turn")
    m.apply(1, {"type": "next_game"})
    assert m.state["game_no"] == 2 and m.to_act() == [1] and m.view(None)["first_player"] == 1
    set_characters(m, ["goodwife", "minister", "herbalist", "apostate"], aside="magistrate")
    stage_end(m, [(0, 3, "accuse")])  # apostate killed: -1
    assert m.to_act() == [3]
    m.apply(3, {"type": "next_game"})
    assert m.state["game_no"] == 3 and m.to_act() == [3]


def test_a_tie_for_lowest_score_is_drawn_at_random_among_the_tied():
    # docs/rules/testimony.md §4: a tie is drawn at random among the tied
    chosen = set()
    for seed in range(30):
        m = fresh(4, seed)
        set_characters(m, ["minister", "herbalist", "goodwife", "apostate"], aside="magistrate")
        stage_end(m, [])  # nobody dies: minister 0, herbalist 2, goodwife 2, apostate 0
        scores = m.view(None)["history"][0]["scores"]
        assert scores == [0, 2, 2, 0]
        chosen.add(m.to_act()[0])
        event = [e for e in m.log(None) if e["type"] == "first_player"][-1]
        assert event["tied"] == [0, 3]
    assert chosen == {0, 3}


def test_match_totals_and_shared_wins():
    # docs/rules/testimony.md §5.4, R9: a match is three games; the highest total wins; ties share
    m = fresh(3, 0)
    for game in range(3):
        set_characters(m, ["minister", "goodwife", "herbalist"], aside="magistrate")
        stage_end(m, [])  # minister 0, goodwife 2, herbalist 2 each game
        if game < 2:
            m.apply(m.to_act()[0], {"type": "next_game"})
    assert m.over and m.to_act() == []
    assert m.result() == {"scores": [0, 6, 6], "winners": [1, 2]}
    over = [e for e in m.log(None) if e["type"] == "match_over"]
    assert over == [{"type": "match_over", "totals": [0, 6, 6], "winners": [1, 2]}]
    view = m.view(2)
    assert view["stage"] == "over" and view["winners"] == [1, 2] and view["totals"] == [0, 6, 6]
    assert [g["totals"] for g in view["history"]] == [[0, 2, 2], [0, 4, 4], [0, 6, 6]]


def test_a_new_game_deals_afresh_and_forgets_the_old_knowledge():
    m = fresh(4, 0)
    start_at(m, 0)
    turn(m, investigate(1), accuse(1))
    stage_end(m, [(0, 1, "accuse")])
    m.apply(m.to_act()[0], {"type": "next_game"})
    st = m.state
    assert st["tokens"] == [] and st["shares"] == [] and st["investigations"] == []
    assert st["hand"] == [5] * 4 and tokens_conserved(m)
    view = m.view(0)
    assert view["notebook"] == [] and view["players"][1]["character"] is None
    assert len(view["history"]) == 1


# --------------------------------------------------------------------- hidden info --
def test_own_character_only_to_its_holder_and_the_set_aside_card_to_no_one():
    # docs/rules/testimony.md §6
    m = fresh(5, 11)
    chars = m.state["characters"]
    for viewer in range(5):
        view = m.view(viewer)
        assert view["me"]["character"] == chars[viewer]
        assert [p["character"] for p in view["players"]] == [chars[viewer] if s == viewer else None for s in range(5)]
        assert m.state["set_aside"] not in str(view) and m.state["set_aside"] not in str(m.log(viewer))
    assert m.view(None)["me"] is None
    deals = [e for e in m.log(2) if e["type"] == "deal"]
    assert deals[2] == {"type": "deal", "seat": 2, "character": chars[2]}
    assert deals[0] == {"type": "deal", "seat": 0}


def test_testify_side_known_to_its_placer_only():
    # docs/rules/testimony.md §3.3, §6.2: a token's side is known to its placer
    m = fresh(3, 0)
    start_at(m, 0)
    turn(m, investigate(1), accuse(2))
    assert m.view(0)["tokens"][0]["side"] == "accuse"
    assert m.view(1)["tokens"][0] == {"token": "g1t1", "placer": 0, "side": None, "target": 2, "turn": 1}
    assert m.view(2)["tokens"][0]["side"] is None  # not even its target
    assert [e for e in m.log(1) if e["type"] == "testify"] == [
        {"type": "testify", "token": "g1t1", "placer": 0, "target": 2}
    ]


# ------------------------------------------------------------------------- refusals --
def test_invite_refusals():
    # docs/rules/testimony.md §7 invite: action step, another player
    m = fresh(4, 0)
    start_at(m, 0)
    refused(m, 1, {"type": "invite", "seat": 2}, "not_your_turn")
    refused(m, 0, {"type": "invite", "seat": 0}, "own_seat")
    refused(m, 0, {"type": "invite", "seat": 4}, "bad_seat")
    refused(m, 0, {"type": "invite", "seat": True}, "bad_seat")
    refused(m, 0, {"type": "invite", "seat": "1"}, "bad_seat")
    refused(m, 0, {"type": "invite", "seat": 10**5000}, "bad_command")  # the base shape check
    refused(m, 0, {"type": "invite"}, "missing_field")
    refused(m, 0, {"type": "invite", "seat": 1, "seat2": 2}, "bad_field")
    m.apply(0, investigate(1))
    refused(m, 0, {"type": "invite", "seat": 1}, "wrong_stage")


def test_answer_invite_refusals():
    m = fresh(4, 0)
    start_at(m, 0)
    refused(m, 0, {"type": "answer_invite", "accept": True}, "wrong_stage")
    m.apply(0, {"type": "invite", "seat": 2})
    refused(m, 0, {"type": "answer_invite", "accept": True}, "not_your_turn")
    refused(m, 3, {"type": "answer_invite", "accept": True}, "not_your_turn")
    refused(m, 2, {"type": "answer_invite", "accept": "yes"}, "bad_answer")
    refused(m, 2, {"type": "answer_invite", "accept": 1}, "bad_answer")
    refused(m, 2, {"type": "answer_invite"}, "missing_field")
    refused(m, 2, {"type": "show", "card": "character"}, "wrong_stage")


def test_show_refusals():
    m = fresh(4, 0)
    set_characters(m, ["minister", "herbalist", "goodwife", "apostate"], aside="magistrate")
    start_at(m, 0)
    refused(m, 0, {"type": "show", "card": "character"}, "wrong_stage")
    m.apply(0, {"type": "invite", "seat": 1})
    m.apply(1, {"type": "answer_invite", "accept": True})
    refused(m, 0, {"type": "show", "card": "belief_heathen"}, "wrong_belief")
    refused(m, 0, {"type": "show", "card": "villager"}, "bad_card")
    refused(m, 0, {"type": "show", "card": ["character"]}, "bad_card")
    refused(m, 0, {"type": "show"}, "missing_field")
    refused(m, 0, {"type": "investigate", "seat": 2}, "wrong_stage")
    refused(m, 2, {"type": "show", "card": "character"}, "not_your_turn")


def test_investigate_refusals():
    m = fresh(4, 0)
    set_characters(m, ["minister", "herbalist", "goodwife", "apostate"], aside="magistrate")
    start_at(m, 0)
    refused(m, 0, {"type": "investigate", "seat": 0}, "own_seat")
    refused(m, 0, {"type": "investigate", "seat": -1}, "bad_seat")
    refused(m, 0, {"type": "investigate", "seat": 1, "seat2": 2}, "no_double")
    refused(m, 0, {"type": "investigate", "seat": 1, "target": 2}, "bad_field")
    refused(m, 3, {"type": "investigate", "seat": 1}, "not_your_turn")


def test_testify_refusals():
    m = fresh(4, 0)
    start_at(m, 0)
    refused(m, 0, accuse(1), "wrong_stage")
    m.apply(0, investigate(1))
    refused(m, 0, accuse(0), "own_seat")
    refused(m, 0, {"type": "testify", "seat": 1, "side": "guilty"}, "bad_side")
    refused(m, 0, {"type": "testify", "seat": 1, "side": None}, "bad_side")
    refused(m, 0, {"type": "testify", "seat": 9, "side": "accuse"}, "bad_seat")
    refused(m, 0, {"type": "testify", "seat": 1}, "missing_field")
    refused(m, 1, accuse(2), "not_your_turn")


def test_discard_token_refusals():
    m = fresh(4, 0)
    start_at(m, 0)
    refused(m, 0, {"type": "discard_token"}, "wrong_stage")
    m.apply(0, investigate(1))
    refused(m, 0, {"type": "discard_token", "count": 2}, "bad_field")
    refused(m, 2, {"type": "discard_token"}, "not_your_turn")
    m.apply(0, {"type": "discard_token"})
    assert m.state["hand"][0] == 4 and m.state["discarded"] == [{"seat": 0, "turn": 1}]


def test_next_game_refusals():
    m = fresh(3, 0, games=2)
    start_at(m, 0)
    refused(m, 0, {"type": "next_game"}, "wrong_stage")
    stage_end(m, [])
    first = m.to_act()[0]
    refused(m, (first + 1) % 3, {"type": "next_game"}, "not_your_turn")
    refused(m, first, {"type": "next_game", "game": 2}, "bad_field")
    m.apply(first, {"type": "next_game"})
    stage_end(m, [])
    assert m.over
    refused(m, 0, {"type": "next_game"}, "game_over")


def test_unknown_command_and_bad_seat_refused():
    m = fresh(3, 0)
    refused(m, m.to_act()[0], {"type": "accuse", "seat": 1}, "unknown_command")
    refused(m, 3, {"type": "discard_token"}, "bad_seat")
    refused(m, m.to_act()[0], {"seat": 1}, "bad_command")


# --------------------------------------------------------------------------- json --
def test_round_trip_mid_share_and_between_games():
    m = fresh(4, 3)
    start_at(m, 0)
    m.apply(0, {"type": "invite", "seat": 1})
    m.apply(1, {"type": "answer_invite", "accept": True})
    m.apply(0, {"type": "show", "card": "character"})
    text = m.to_json()
    again = Match.from_json(text)
    assert again.to_json() == text and again.view(1) == m.view(1)
    stage_end(again, [])
    text = again.to_json()
    assert Match.from_json(text).view(2) == again.view(2)


def test_score_breakdown_is_one_line_per_game():
    # docs/rules/testimony.md §5.4: the game-over table shows where each match total came from
    m = fresh(3, 0)
    for game in range(3):
        set_characters(m, ["minister", "goodwife", "herbalist"], aside="magistrate")
        stage_end(m, [])
        if game < 2:
            m.apply(m.to_act()[0], {"type": "next_game"})
    breakdown = m.score_breakdown()
    assert breakdown[1] == [{"label": f"Game {g}", "points": 2} for g in (1, 2, 3)]
    assert [sum(line["points"] for line in lines) for lines in breakdown] == m.result()["scores"]
