"""The end of a match of Testimony: whose empty turn ended it, who was killed and who won,
in words, and every Character, belief and token side of the last game laid open for
everyone (docs/rules/testimony.md §5, §6.3)."""

from __future__ import annotations

import random

from game.engine import new_match
from tests.rules.testimony_kit import set_characters, stage_end

VIEWERS = (0, 1, 2, 3, None)
CHARACTERS = ["minister", "herbalist", "goodwife", "apostate"]


def four(games: int = 1):
    return new_match("testimony", ["Ann", "Bob", "Cy", "Dora"], seed=0, options={"games": games})


def test_nothing_is_revealed_before_the_match_is_over():
    # §6.3: between two games the game's reveal is in the history, but the match goes on
    m = four(games=2)
    for viewer in VIEWERS:
        assert "ending" not in m.view(viewer) and "revealed" not in m.view(viewer)
    set_characters(m, CHARACTERS, aside="magistrate")
    stage_end(m, [(0, 1, "accuse")])
    assert m.state["stage"] == "between"
    for viewer in VIEWERS:
        assert "ending" not in m.view(viewer) and "revealed" not in m.view(viewer)


def test_the_end_lays_open_characters_beliefs_and_token_sides_for_everyone():
    # §6.3: the same reveal for every seat and a spectator
    m = four()
    set_characters(m, CHARACTERS, aside="magistrate")
    log_before = {v: m.log(v) for v in VIEWERS}
    stage_end(m, [(0, 1, "accuse"), (2, 3, "defend"), (3, 1, "accuse")], shares=[(0, 2, "belief_puritan", "character")])
    assert m.over
    expected = {
        "game_no": 1,
        "characters": CHARACTERS,
        "beliefs": ["puritan", "heathen", "puritan", "heathen"],
        "placed": [
            [{"token": "g1t1", "placer": 0, "side": "accuse", "target": 1, "turn": 1}],
            [],
            [{"token": "g1t2", "placer": 2, "side": "defend", "target": 3, "turn": 2}],
            [{"token": "g1t3", "placer": 3, "side": "accuse", "target": 1, "turn": 3}],
        ],
        "set_aside": "magistrate",
    }
    views = [m.view(v) for v in VIEWERS]
    for view in views:
        assert view["revealed"] == expected
        assert view["ending"] == views[0]["ending"]
    # what was shown in a share stays between the sharers (R6): not in the reveal
    assert '"belief_puritan"' not in str(views[1]["revealed"])
    for viewer in VIEWERS:  # nothing in the log changed
        assert m.log(viewer)[: len(log_before[viewer])] == log_before[viewer]


def test_the_ending_names_the_empty_turn_the_dead_and_the_winner():
    # §5.1: the game ends when a turn would begin with no tokens; §5.2 below 0 is killed
    m = four()
    set_characters(m, CHARACTERS, aside="magistrate")
    stage_end(m, [(0, 1, "accuse"), (2, 3, "accuse")])  # the Herbalist and the Apostate die
    # minister +2 (two Heathens), herbalist -1, goodwife +2 (no Puritan killed), apostate -1
    assert m.result()["scores"] == [2, -1, 2, -1]
    assert m.view(None)["ending"] == (
        "The game ended when Bob's turn began with no tokens left; Bob (The "
        "Herbalist) and Dora (The Apostate) were killed. Ann and Cy share the "
        "win with 2 points each (Bob -1, Dora -1)."
    )


def test_the_ending_of_a_three_game_match():
    # §5.4: the totals of the games decide the match
    m = four(games=3)
    for game in range(3):
        set_characters(m, CHARACTERS, aside="magistrate")
        stage_end(m, [(0, 1, "accuse")] if game == 2 else [])
        if game < 2:
            m.apply(m.to_act()[0], {"type": "next_game"})
    assert m.result()["scores"] == [1, 3, 6, 0]
    assert m.view(2)["ending"] == (
        "Game 3 ended when Bob's turn began with no tokens left; Bob (The "
        "Herbalist) was killed. Cy wins the match with 6 points (Bob 3, Ann 1, "
        "Dora 0)."
    )
    assert m.view(2)["revealed"]["game_no"] == 3


def test_no_one_killed_is_said_so():
    # §5.2: a game where every Standing stays at 0 or above
    m = four()
    set_characters(m, CHARACTERS, aside="magistrate")
    stage_end(m, [])
    assert "no one was killed" in m.view(0)["ending"]


def test_a_finished_match_determinizes_to_itself():
    # §6.3: nothing is hidden once the match is over
    m = four()
    set_characters(m, CHARACTERS, aside="magistrate")
    stage_end(m, [(0, 1, "accuse")])
    world = m.determinize(0, random.Random(1))
    assert world.state == m.state and world.view(0) == m.view(0)
