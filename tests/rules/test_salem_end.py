"""How a Salem 1692 game ended, and the final table shown to everyone: once over, every
view carries ``ending`` and ``revealed`` (docs/rules/salem.md §4.1); before, neither."""

from __future__ import annotations

import random

import pytest

from game.bots import RandomBot
from game.engine import new_match
from tests.rules.salem_kit import ASYLUM, BLACK_CAT, pass_window, play, stage

ACCS = [f"c{i}" for i in range(35)]


def the_end(m) -> tuple[str, dict]:
    """The ending and the revealed table, checked to be the same for every seat and the
    spectator."""
    views = [m.view(s) for s in [None, *range(m.n)]]
    assert all(v["ending"] == views[0]["ending"] and v["revealed"] == views[0]["revealed"] for v in views)
    return views[0]["ending"], views[0]["revealed"]


def test_before_the_end_no_view_has_an_ending_or_the_revealed_table():
    # docs/rules/salem.md §4.1: the two keys appear only once the game is over
    m = stage(4, rows={1: "N N N W N", 2: "C N N N N"}, fronts={1: [BLACK_CAT]}, pile=["c57", "c7"])
    m.apply(0, {"type": "draw_two"})
    for seat in [None, 0, 1, 2, 3]:
        view = m.view(seat)
        assert "ending" not in view and "revealed" not in view


def test_the_black_cat_finds_the_only_witch():
    # docs/rules/salem.md §8 SC3: who turned the card up, how, what it was, who won and why
    m = stage(4, rows={1: "N N N W N", 2: "C N N N N"}, fronts={1: [BLACK_CAT]}, hands={3: ["c9"]}, pile=["c57", "c7"])
    log_before = None
    m.apply(0, {"type": "draw_two"})
    log_before = [m.log(s) for s in [None, 0, 1, 2, 3]]
    m.apply(0, {"type": "choose_tryal", "player": 1, "index": 3})
    ending, revealed = the_end(m)
    assert ending == (
        "Ann turned up Bob's Tryal card under the Black Cat: a Witch. Bob died. "
        "Every Witch card is face up: the town wins. Witch: Bob; Constable: Cy."
    )
    assert revealed["witches"] == [1]
    assert revealed["constable"] == {"seat": 2, "face_up": False}
    assert revealed["seats"][2]["row"][0]["kind"] == "constable" and len(revealed["seats"][2]["row"]) == 5
    assert revealed["seats"][1]["row"] == [] and revealed["seats"][1]["witch"] is True
    assert revealed["seats"][3]["hand"] == ["c9"] and revealed["seats"][0]["hand"] == []
    assert revealed["draw_pile"] == ["c7"]
    assert revealed["black_cat"] is None  # it was discarded with Bob's front
    # the log is the log: nothing is added to it for the end's explanation
    assert [m.log(s)[: len(before)] for s, before in zip([None, 0, 1, 2, 3], log_before)] == log_before


def test_a_trial_on_the_last_card_leaves_only_witches():
    # docs/rules/salem.md §8 SC11: the chooser, the last card, the death, the witches' win
    m = stage(4, rows={0: "W N N N N", 2: "N"}, witches=[1], dead=[3], fronts={2: ACCS[:6]}, hands={0: ["c9"]})
    m.apply(0, play("c9", 2))
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})
    ending, revealed = the_end(m)
    assert ending == (
        "Ann turned up Cy's last Tryal card in a trial: Not a Witch. Cy had no Tryal card "
        "left and died. Only witches are left alive: the witches win. Witches: Ann, Bob."
    )
    assert revealed["witches"] == [0, 1] and revealed["constable"] is None


def test_the_last_tryal_card_a_witch():
    # docs/rules/salem.md §4.1: the example ending, word for word
    m = stage(5, rows={1: "W", 4: "C N N N N"}, witches=[3], fronts={1: ACCS[:6]}, hands={2: ["c9"]}, active=2)
    m.apply(2, play("c9", 1))
    m.apply(2, {"type": "choose_tryal", "player": 1, "index": 0})
    ending, _ = the_end(m)
    assert ending == (
        "Cy turned up Bob's last Tryal card in a trial: a Witch. Bob died. Every Witch card is "
        "face up: the town wins. Witches: Bob, Dee; Constable: Eve."
    )


def test_a_confessed_witch_card_ends_the_game_for_the_town():
    # docs/rules/salem.md §3.6 step 3, §3.8
    m = stage(5, rows={2: "W N N N N", 4: "C N N N N"}, pile=["c58"], discard=ACCS[:10])
    m.apply(0, {"type": "draw_two"})
    pass_window(m, {2: {"type": "night_vote", "target": 3}})
    pass_window(m, {4: {"type": "gavel", "target": 1}})
    pass_window(m, {2: {"type": "confess", "index": 0}})
    ending, _ = the_end(m)
    assert ending == (
        "Cy confessed, turning up their Tryal card: a Witch. Cy died. "
        "Every Witch card is face up: the town wins. Witch: Cy; Constable: Eve."
    )


def test_a_night_kill_and_the_constable_card_turned_up():
    # docs/rules/salem.md §3.6 step 4, §3.7: the Constable died, its card face up
    m = stage(4, rows={0: "W N N N N", 1: "N C N N N"}, dead=[2, 3], pile=["c58"], discard=ACCS[:4])
    m.apply(0, {"type": "draw_two"})
    pass_window(m, {0: {"type": "night_vote", "target": 1}})
    pass_window(m, {1: {"type": "gavel", "target": 0}})
    pass_window(m)
    ending, revealed = the_end(m)
    assert ending == (
        "The witches killed Bob at Night. Only witches are left alive: the witches win. "
        "Witch: Ann; Constable: Bob (turned up)."
    )
    assert revealed["constable"] == {"seat": 1, "face_up": True}


def test_a_conspiracy_that_leaves_only_witches():
    # docs/rules/salem.md §8 SC16
    m = stage(4, rows={0: "W N N N N", 1: "N N N C N"}, dead=[2, 3], pile=["c57", "c8"])
    m.apply(0, {"type": "draw_two"})
    m.apply(0, {"type": "conspiracy_pick", "index": 0})
    m.apply(1, {"type": "conspiracy_pick", "index": 0})
    ending, revealed = the_end(m)
    assert ending == (
        "Ann drew the Conspiracy and every seat took a Tryal card from its neighbour. "
        "Only witches are left alive: the witches win. Witches: Ann, Bob; Constable: Bob."
    )
    assert revealed["draw_pile"] == ["c8"]


def test_ghost_game_night_endings():
    # docs/rules/salem.md §8 SC13: the Constable flipped, or the town lives through the Night
    def night():
        m = stage(3, rows={1: "N W N N N", 3: "N N C N N"}, fronts={2: [ASYLUM]}, pile=["c58"])
        m.apply(0, {"type": "draw_two"})
        return m

    m = night()
    ghost = m.players[3]
    m.apply(1, {"type": "night_flip", "player": 3, "index": 2})
    ending, revealed = the_end(m)
    assert ending == (
        f"At Night Bob flipped {ghost}'s Tryal card: the Constable. The Constable card is "
        f"face up: the witches win. Witch: Bob; Constable: {ghost} (turned up)."
    )
    assert revealed["seats"][3]["character"] == m.state["characters"][3]
    m = night()
    m.apply(1, {"type": "night_flip", "player": 0, "index": 0})
    ending, _ = the_end(m)
    assert ending == (
        f"At Night Bob flipped Ann's Tryal card: Not a Witch. The town lived through the "
        f"Night: the town wins. Witch: Bob; Constable: {ghost}."
    )


def test_ghost_game_nobody_a_witch_at_night():
    # docs/rules/salem.md §8 SC14
    m = stage(2, rows={1: "N N W N N"}, pile=["c58"])
    m.apply(0, {"type": "draw_two"})
    ending, revealed = the_end(m)
    assert ending == f"Night fell and no player was a witch. Everybody loses. Witch: {m.players[1]}."
    assert revealed["witches"] == [1] and revealed["seats"][1]["hand"] == []


def test_ghost_game_matchmaker_clash():
    # docs/rules/salem.md §8 SC15: the killer put the witch's death first
    m = stage(2, rows={1: "N", 2: "W N N N N"}, fronts={1: ACCS[:3] + ["c54"], 2: ["c55"]}, hands={0: ["c11"]})
    m.apply(0, play("c11", 1))
    m.apply(0, {"type": "choose_tryal", "player": 1, "index": 0})
    m.apply(0, {"type": "death_order", "first": 2})
    ending, _ = the_end(m)
    assert ending == (
        f"Ann turned up {m.players[1]}'s Tryal card in a trial: Not a Witch. Bob died, bound "
        f"by Matchmaker. The Witch card is face up: the town wins. Witch: Bob."
    )


def test_ghost_game_every_player_a_witch():
    # docs/rules/salem.md §3.8 (ghosts), R28: the last to turn loses
    m = stage(2, rows={3: "W N N N N"}, witches=[0], pile=["c57", "c8", "c58"])
    m.apply(0, {"type": "draw_two"})
    m.apply(0, {"type": "conspiracy_pick", "index": 0})
    m.apply(0, {"type": "conspiracy_pick", "taker": 1, "index": 0})
    m.apply(2, {"type": "conspiracy_pick", "index": 0})
    m.apply(2, {"type": "conspiracy_pick", "taker": 3, "index": 0})
    ending, _ = the_end(m)
    assert ending.startswith(
        "Ann drew the Conspiracy and every seat took a Tryal card from its neighbour. "
        "Every player is a witch: the witches win, all but Bob, the last to turn. Witches: "
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 7, 12])
def test_every_random_game_ends_with_its_whole_table_revealed(players):
    # docs/rules/salem.md §4.1: every row, hand, character, the witches, the Constable, the
    # Black Cat and the draw pile; an ending that names the winning side
    for seed in range(6):
        options = {"bots": list(range(players)), "town_hall": seed % 2 == 1}
        m = new_match("salem", [f"P{i}" for i in range(players)], seed=seed, options=options)
        bots = {s: RandomBot(seed * 100 + s) for s in range(m.n)}
        rng = random.Random(seed)
        while not m.over:
            seat = m.to_act()[rng.randrange(len(m.to_act()))]
            m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
        ending, revealed = the_end(m)
        s = m.state
        team = {"townspeople": "the town wins", "witches": "the witches win", None: "Everybody loses"}[s["team"]]
        assert team in ending and ending.endswith(".")
        for p in range(m.n):
            mine = revealed["seats"][p]
            assert mine["row"] == [{"id": t, "kind": s["tryal_kind"][t]} for t in s["rows"][p]]
            assert mine["hand"] == s["hands"][p] and mine["witch"] == s["witch"][p]
            assert mine["character"] == s["characters"][p] and mine["seat"] == p
        assert revealed["witches"] == [p for p in range(m.n) if s["witch"][p]]
        assert revealed["draw_pile"] == s["pile"]
        held = [p for p in range(m.n) if BLACK_CAT in s["fronts"][p] or BLACK_CAT in s["hands"][p]]
        assert (revealed["black_cat"] or {}).get("seat") == (held[0] if held else None)
        c = revealed["constable"]
        where = s["rows"][c["seat"]] if not c["face_up"] else s["revealed"][c["seat"]]
        assert "constable" in [s["tryal_kind"][t] for t in where]
