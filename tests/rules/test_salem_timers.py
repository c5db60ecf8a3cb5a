"""Salem 1692 timers: docs/rules/salem.md R22 and R53 (a turn that runs out draws two when
nothing was played, else ends; an unanswered secret step passes; a compulsory pick or
choice is made at random) as the engine's timeout command ("Timers" in
game/engine/match.py). The engine knows no clock: these tests ask it what expiry means at
every kind of moment and check the answer is legal, deterministic and replays exactly."""

from __future__ import annotations

import random

import pytest

from game.engine import Match, SetupError, new_match
from tests.rules.salem_kit import NAMES, play, stage, window_name

ACCS = [f"c{i}" for i in range(35)]


def timed(m: Match, seconds: float = 60) -> Match:
    m.options["timer_s"] = seconds
    return m


def expire(m: Match, seat: int) -> dict:
    """What the clock of ``seat`` does at expiry: the timeout command, applied; it must be
    legal, the same when asked twice, and asking must change nothing."""
    before = m.to_json()
    command = m.timeout_command(seat)
    assert command is not None and command in m.legal(seat)
    assert m.timeout_command(seat) == command and m.to_json() == before
    m.apply(seat, command)
    return command


# ------------------------------------------------------------------- the turn --
def test_r22_turn_expiry_with_nothing_played_draws_two():
    m = timed(stage(4, hands={0: ["c1", "c2"]}))
    assert expire(m, 0) == {"type": "draw_two"}
    assert m.state["active"] == 1 and len(m.state["hands"][0]) == 4


def test_r22_turn_expiry_after_a_play_ends_the_turn():
    m = timed(stage(4, hands={0: ["c1", "c2"]}))
    m.apply(0, play("c1", 2))
    assert expire(m, 0) == {"type": "end_turn"}
    assert m.state["active"] == 1 and m.state["hands"][0] == ["c2"]


def test_r22_variant_turn_expiry_draws_two_never_a_ghost_peek():
    m = timed(stage(2))
    assert expire(m, 0) == {"type": "draw_two"}


def test_r53_a_turn_is_one_moment_through_its_plays_and_a_trial_is_another():
    m = timed(stage(4, fronts={2: ACCS[:6]}, hands={0: ["c6", "c7", "c8"]}))
    turn = m.timer_key(0)
    m.apply(0, play("c7", 1))
    assert m.timer_key(0) == turn  # the clock runs on through the plays of one turn
    m.apply(0, play("c6", 2))  # a trial: a new moment for the chooser
    trial = m.timer_key(0)
    assert trial != turn and m.timer_key(1) is None
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})
    assert m.timer_key(0) != trial  # back to the turn: a change, so the clock starts afresh
    m.apply(0, {"type": "end_turn"})
    assert m.timer_key(0) is None and m.timer_key(1) is not None


# ---------------------------------------------------------------- the windows --
def test_r22_unanswered_night_windows_pass_and_a_compulsory_vote_is_random_among_non_witches():
    m = timed(stage(5, rows={2: "W N N N N", 4: "C N N N N"}, pile=["c58"], discard=ACCS[:10]))
    m.apply(0, {"type": "draw_two"})
    assert window_name(m) == "night_vote"
    key = m.timer_key(0)
    assert all(m.timer_key(s) == key for s in m.to_act())  # one moment for every seat
    for seat in (0, 1, 3, 4):
        assert expire(m, seat) == {"type": "pass"}
        assert m.timer_key(2) == key  # the others' answers do not restart the witch's clock
    vote = expire(m, 2)
    assert vote["type"] == "night_vote" and vote["target"] != 2  # R53: spares the witch it knows
    assert window_name(m) == "gavel" and m.timer_key(0) != key
    gavel = expire(m, 4)
    assert gavel["type"] == "gavel" and gavel["target"] != 4
    for seat in (0, 1, 2, 3):
        assert expire(m, seat) == {"type": "pass"}
    assert window_name(m) == "confess"
    for seat in (0, 1, 2, 3, 4):  # confessions are optional: expiry passes
        assert expire(m, seat) == {"type": "pass"}
    alive = m.state["alive"]
    assert m.state["stack"] == [] and m.state["active"] == (1 if alive[1] else 2)


def test_r22_dawn_expiry_votes_at_random_for_holders_and_passes_for_the_rest():
    m = timed(new_match("salem", NAMES[:6], seed=3, options={"timer_s": 30}), 30)
    voters = m.state["stack"][-1]["window"]["voters"]
    for seat in list(m.to_act()):
        command = expire(m, seat)
        if seat in voters:
            assert command["type"] == "dawn_vote" and command["target"] not in voters
        else:
            assert command == {"type": "pass"}
    assert m.state["stack"] == [] and m.state["active"] not in voters


def test_r22_a_missing_conspiracy_pick_is_random_one_per_ghost_served():
    m = timed(stage(2, pile=["c57", "c8", "c58"]))
    m.apply(0, {"type": "draw_two"})
    assert window_name(m) == "conspiracy"
    key = m.timer_key(0)
    first = expire(m, 0)
    assert first["type"] == "conspiracy_pick"
    assert m.to_act() == [0, 2] and m.timer_key(0) == key  # its ghost's pick: same moment
    second = expire(m, 0)
    assert second["type"] == "conspiracy_pick" and {"taker"} <= set(second) | set(first)
    assert 0 not in m.to_act()


def test_r22_keep_character_expiry_keeps_one_dealt_at_random():
    m = new_match("salem", NAMES[:4], seed=3, options={"town_hall": True, "timer_s": 90})
    dealt = m.state["dealt"][0]
    assert expire(m, 0)["character"] in dealt


# ---------------------------------------------------------- choices and prompts --
def test_r22_a_missing_trial_choice_is_random_never_an_ability():
    m = timed(stage(4, fronts={2: ACCS[:6]}, hands={0: ["c6"]}, characters={0: "abigail_williams"}))
    m.state["fronts"][0] = ACCS[10:12]
    m.apply(0, play("c6", 2))
    assert {"type": "ability", "name": "abigail_williams"} in m.legal(0)
    command = expire(m, 0)
    assert command["type"] == "choose_tryal" and command["player"] == 2
    assert len(m.state["revealed"][2]) == 1


def test_r22_short_game_guard_both_steps_time_out_at_random():
    m = timed(
        stage(4, rows={2: "W N N N N"}, fronts={2: ACCS[:6]}, hands={0: ["c6"]}, options={"short_game_guard": True})
    )
    m.apply(0, play("c6", 2))
    chosen = expire(m, 0)
    assert "index2" in chosen and m.to_act() == [2]
    picked = expire(m, 2)
    assert picked["index"] in (chosen["index"], chosen["index2"])


def test_r22_optional_prompts_pass_and_tituba_leaves_the_pile_as_it_lies():
    m = timed(stage(4, fronts={2: ACCS[:6]}, hands={0: ["c9"]}, pile=["c30", "c58"], characters={3: "rebecca_nurse"}))
    m.apply(0, play("c9", 2))
    m.apply(0, {"type": "choose_tryal", "player": 2, "index": 0})
    assert m.to_act() == [3]
    assert expire(m, 3) == {"type": "pass"}
    m = timed(stage(4, pile=["c1", "c2", "c3", "c58"], characters={0: "tituba"}))
    m.apply(0, {"type": "ability", "name": "tituba"})
    assert expire(m, 0) == {"type": "ability", "name": "tituba", "order": [0, 1, 2, 3]}
    assert m.state["pile"] == ["c1", "c2", "c3", "c58"]


def test_r22_variant_night_flip_and_death_order_are_random_choices():
    m = timed(stage(3, rows={1: "N W N N N"}, pile=["c58"]))
    m.apply(0, {"type": "draw_two"})
    command = expire(m, 1)
    assert command["type"] == "night_flip" and m.over
    m = timed(stage(2, rows={1: "N", 2: "W N N N N"}, fronts={1: ACCS[:3] + ["c54"], 2: ["c55"]}, hands={0: ["c11"]}))
    m.apply(0, play("c11", 1))
    m.apply(0, {"type": "choose_tryal", "player": 1, "index": 0})
    assert m.legal(0) and m.legal(0)[0]["type"] == "death_order"
    assert expire(m, 0)["type"] == "death_order"


# --------------------------------------------------------------- determinism --
@pytest.mark.parametrize("players,seed", [(2, 1), (5, 2), (7, 3)])
def test_r22_timed_out_games_replay_exactly_and_picks_depend_only_on_the_position(players, seed):
    options = {"timer_s": 60, "town_hall": players == 7, "short_game_guard": players == 5}
    m = new_match("salem", NAMES[:players], seed=seed, options=options)
    rng = random.Random(seed)
    while not m.over and m.state_id < 400:
        seat = rng.choice(m.to_act())
        copy = Match.from_json(m.to_json())
        command = m.timeout_command(seat)
        assert command in m.legal(seat) and copy.timeout_command(seat) == command
        m.apply(seat, command if rng.random() < 0.6 else rng.choice(m.legal(seat)))
    replayed = type(m).replay(NAMES[:players], seed, options, m.commands)
    assert replayed.to_json() == m.to_json()


def test_r53_the_random_pick_varies_with_the_position_not_the_match_generator():
    m = timed(stage(5, rows={2: "W N N N N", 4: "C N N N N"}, pile=["c58"], discard=ACCS[:10]))
    m.apply(0, {"type": "draw_two"})
    votes = set()
    for seed in range(12):
        m.seed = seed
        votes.add(m.timeout_command(2)["target"])
    assert len(votes) > 1  # random, not always the first legal target


# ------------------------------------------------------------ the option itself --
def test_the_timer_option_is_off_by_default_and_checked():
    m = new_match("salem", NAMES[:4], seed=1)
    assert m.timer_seconds() is None and m.timeout_command(m.to_act()[0]) is not None
    assert new_match("salem", NAMES[:4], seed=1, options={"timer_s": 60}).timer_seconds() == 60.0
    assert new_match("salem", NAMES[:2], seed=1, options={"timer_s": 30}).timer_seconds() == 30.0
    for bad in (-5, 0.01, 99999, "60", True, [60]):
        with pytest.raises(SetupError, match="timer_s"):
            new_match("salem", NAMES[:4], seed=1, options={"timer_s": bad})


def test_a_seat_not_awaited_has_no_timeout_and_a_game_without_timers_none():
    m = timed(stage(4))
    assert m.timeout_command(1) is None and m.timer_key(1) is None
    hammer = new_match("hammer", NAMES[:4], seed=1)
    seat = hammer.to_act()[0]
    assert hammer.timer_seconds() is None and hammer.timeout_command(seat) is None


def test_notes_merge_into_the_log_before_the_timed_out_command():
    m = timed(stage(4, hands={0: ["c1"]}))
    m.apply(0, play("c1", 2))
    expire(m, 0)  # state 2: end_turn
    note = {"type": "timeout", "seat": 0}
    merged = m.log_with_notes(None, [(2, note)])
    plain = m.log(None)
    at = merged.index(note)
    assert merged[:at] + merged[at + 1 :] == plain
    assert merged[at - 1]["type"] == "play" and merged[at + 1]["type"] == "end_turn"
    assert m.log_with_notes(1, [(2, note)], since=2)[0] == note
    assert m.log_with_notes(1, [(2, note)], since=3) == m.log(1, since=3)
