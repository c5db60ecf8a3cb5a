"""The registry of games (DESIGN D2, last bullet): every game states its facts once in a
``GameInfo``; the engine refuses a bot on a seat that must be a person; the rules
package finds its games by itself."""

from __future__ import annotations

import pkgutil
import sys
from argparse import Namespace

import pytest

import game.rules
from game.engine import GAMES, GAMES_INFO, GameInfo, GameOption, Match, SetupError, game_info, new_match
from game.engine.registry import register_info, unregister


def test_every_registered_game_states_its_facts():
    assert set(GAMES) == set(GAMES_INFO)
    for game_id, info in GAMES_INFO.items():
        assert info.id == game_id and info.match is GAMES[game_id]
        assert info.title == info.match.title and info.title
        assert info.player_counts == tuple(range(info.match.min_players, info.match.max_players + 1))
        for option in info.options:
            assert option.key in info.match.option_defaults and option.label


def test_every_module_of_the_rules_package_is_imported_without_a_list():
    for module in pkgutil.iter_modules(game.rules.__path__):
        assert f"game.rules.{module.name}" in sys.modules
    assert not hasattr(game.rules, "_GAME_MODULES")


def test_game_info_names_the_known_games_for_an_unknown_one():
    assert game_info("hammer").title == "The Hammer of the Witches"
    with pytest.raises(KeyError, match="hammer"):
        game_info("chess")


def test_salem_offers_town_hall_and_the_extra_witch_only_without_ghosts():
    # docs/rules/salem.md: the 2-3 player game (with ghosts) deals characters as names only
    salem = game_info("salem")
    for players in (2, 3):
        assert not salem.applies("town_hall", players) and not salem.applies("extra_witch", players)
        assert salem.applies("first_player", players) and salem.applies("short_game_guard", players)
    for players in (4, 12):
        assert salem.applies("town_hall", players) and salem.applies("extra_witch", players)
        assert not salem.applies("first_player", players)
    assert not salem.applies("town_hall", 13) and not salem.applies("no_such_option", 5)
    assert [o.key for o in salem.options_for(5)] == [
        "town_hall",
        "short_game_guard",
        "hide_witch_on_death",
        "extra_witch",
        "timer_s",
    ]


def test_a_bot_cannot_be_the_prevot_at_a_table_with_people():
    # docs/rules/malleus.md: the Prévôt is a person (he judges the story)
    with pytest.raises(SetupError, match="Prévôt"):
        new_match("malleus", ["Ann", "Bob", "Cy", "Dee"], options={"bots": [0, 2]})
    assert new_match("malleus", ["Ann", "Bob", "Cy", "Dee"], options={"bots": [1, 2, 3]}).options["bots"] == [1, 2, 3]
    # a table of bots only (a simulation, a benchmark) has no person to seat there
    assert new_match("malleus", ["Ann", "Bob", "Cy", "Dee"], options={"bots": [0, 1, 2, 3]}).n == 4
    assert game_info("malleus").bots_problem_for_players([0], 4) is not None
    assert game_info("hammer").bots_problem_for_players([0], 3) is None


def test_the_command_line_and_the_host_refuse_a_bot_prevot_with_the_engines_words():
    from game.cli import UsageError, check_play
    from game.net.host import Host

    args = Namespace(game="malleus", players="Ann,Bob,Cy,Dee", bots=[0], seed=1)
    with pytest.raises(UsageError, match="seat 0 is the Prévôt, who is always a person"):
        check_play(args)
    with pytest.raises(SetupError, match="seat 0 is the Prévôt, who is always a person"):
        Host("malleus", 4, bots=[0], port=0)


def test_public_moments_and_pass_commands_match_event_patterns():
    trial = game_info("witch_trial")
    assert trial.is_public_moment({"type": "verdict", "guilty": True})
    assert trial.is_public_moment({"type": "plea", "accepted": True, "seat": 1})
    assert not trial.is_public_moment({"type": "plea", "accepted": False, "seat": 1})
    assert trial.is_pass({"type": "no_objection"}) and not trial.is_pass({"type": "pass"})
    assert game_info("testimony").deal_after_moment
    assert game_info("salem").private_reveals == {"ghost_peek"}


def test_the_registry_says_what_the_tables_lists_say_until_they_read_it():
    """The UI keeps its own lists until it reads the registry; they must agree. (The
    hot-seat session reads public moments, reveals and pass commands from the registry.)"""
    from game.ui.scenes.new_game import OPTION_LABELS
    from game.ui.scenes.rules import game_title

    for game_id, info in GAMES_INFO.items():
        assert game_title(game_id) == info.title  # the Rules tabs read the registry
        for option in info.options:
            if option.key in OPTION_LABELS:
                assert OPTION_LABELS[option.key] == option.label


class _Toy(Match):
    game_id = "_registry_toy"
    title = "Toy"
    min_players, max_players = 2, 3
    option_defaults = {"fast": False}


def test_register_info_refuses_facts_that_contradict_the_class():
    try:
        with pytest.raises(ValueError, match="option_defaults"):
            register_info(GameInfo(match=_Toy, options=(GameOption("slow", "Slow"),)))
        with pytest.raises(ValueError, match="player counts"):
            register_info(GameInfo(match=_Toy, options=(GameOption("fast", "Fast", players=(4,)),)))
        with pytest.raises(ValueError, match="person"):
            register_info(GameInfo(match=_Toy, people_seats=(2,)))
        other = type("_Other", (_Toy,), {})
        register_info(GameInfo(match=_Toy))
        with pytest.raises(ValueError, match="two games"):
            register_info(GameInfo(match=other))
        assert GAMES["_registry_toy"] is _Toy and game_info("_registry_toy").title == "Toy"
    finally:
        unregister("_registry_toy")
    assert "_registry_toy" not in GAMES and "_registry_toy" not in GAMES_INFO
