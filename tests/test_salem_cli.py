"""The command line for Salem 1692 (DESIGN D7): ``play salem --players``
takes 2 to 12 names; ``sim salem`` plays bot games of 2 to 12 players (the 2-3 player
games with their ghosts) and prints one JSON line."""

from __future__ import annotations

import json

import pytest

from game.cli import UsageError, build_parser, check_play, main


@pytest.mark.parametrize("names", ["Ann", ",".join(f"P{i}" for i in range(13))])
def test_play_salem_takes_two_to_twelve_names(names):
    with pytest.raises(UsageError) as err:
        check_play(build_parser().parse_args(["play", "salem", "--players", names]))
    assert "2 to 12 players" in str(err.value) and "\n" not in str(err.value)


def test_play_salem_accepts_two_and_twelve_names():
    for names in ("Ann,Bob", ",".join(f"P{i}" for i in range(12))):
        game, players, bots, _seed = check_play(
            build_parser().parse_args(["play", "salem", "--players", names, "--bots", "1"])
        )
        assert game == "salem" and bots == [1] and len(players) == len(names.split(","))


@pytest.mark.parametrize("players", [2, 6])
def test_sim_salem_prints_a_summary_of_finished_games(players, capsys):
    assert main(["sim", "salem", "--players", str(players), "--games", "3", "--seed", "5"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["unfinished"] == 0 and summary["games"] == 3
    # with ghosts the table has 4 seats; the ghosts never win
    assert len(summary["mean_score"]) == max(4, players)
    if players == 2:
        assert summary["wins"][1] == summary["wins"][3] == 0


def test_play_takes_a_number_of_players_as_host_and_sim_do():
    """``play salem --players 5`` read "5" as one player's name and said "salem takes 2
    to 12 players, not 1"; a number now seats that many under the New game form's names,
    and a number out of range says so in its own terms."""
    game, players, bots, _seed = check_play(
        build_parser().parse_args(["play", "salem", "--players", "5", "--bots", "4"])
    )
    assert game == "salem" and players == ["Ann", "Bob", "Cy", "Dora", "Ede"] and bots == [4]
    with pytest.raises(UsageError) as err:
        check_play(build_parser().parse_args(["play", "salem", "--players", "13"]))
    assert "not 13" in str(err.value)


def test_too_few_players_names_what_was_read_and_what_players_wants():
    """``play salem --players x`` said "salem takes 2 to 12 players, not 1": the one
    "player" was the word typed, which the message did not say."""
    with pytest.raises(UsageError) as err:
        check_play(build_parser().parse_args(["play", "salem", "--players", "x"]))
    message = str(err.value)
    assert "not 1 (x)" in message and "a number (e.g. 2)" in message and "names" in message


@pytest.mark.parametrize("typed", ["Salem", "SALEM", " salem "])
def test_a_game_is_found_whatever_its_case(typed):
    """``play Salem`` said "unknown game 'Salem' (known: …, salem, …)"."""
    args = build_parser().parse_args(["play", typed, "--players", "Ann,Bob,Cy"])
    assert args.game == "salem"
    check_play(args)


def test_a_game_of_two_words_is_found_as_typed():
    for typed in ("witch-trial", "Witch Trial", "witch_trial"):
        assert build_parser().parse_args(["sim", typed, "--players", "3", "--games", "1"]).game == "witch_trial"


def test_a_wrong_player_count_names_the_game_by_its_title():
    with pytest.raises(UsageError) as err:
        check_play(build_parser().parse_args(["play", "salem", "--players", "x"]))
    assert "Salem 1692 takes 2 to 12 players" in str(err.value)
