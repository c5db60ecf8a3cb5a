"""A sixth game needs no list anywhere (DESIGN D2, last bullet; STYLE "a sixth game
touches only its rules package …"): the test-only Coins game (tests/fixtures/coin_game.py),
registered by the test alone, passes the whole contract suite (it is one of its
``game_id``s) and plays in ``witchhunt sim`` — with random and with search bots — and
``witchhunt sim --help`` names it. Nothing in ``game/`` names it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import game
from game.cli import main
from game.engine import GAMES, GAMES_INFO
from tests.fixtures import coin_game


def test_a_game_registered_by_a_test_plays_in_witchhunt_sim(capsys):
    with coin_game.registered():
        assert main(["sim", "coins", "--players", "3", "--games", "4", "--seed", "2"]) == 0
        summary = json.loads(capsys.readouterr().out)
        assert summary["game"] == "coins" and summary["games"] == 4 and summary["unfinished"] == 0
        assert sum(summary["wins"]) >= 4 and summary["mean_commands"] > 3
        assert main(["sim", "coins", "--players", "2", "--games", "1", "--bot-level", "easy"]) == 0
        assert json.loads(capsys.readouterr().out)["unfinished"] == 0
        with pytest.raises(SystemExit):
            main(["sim", "--help"])
        assert "coins (Coins, 2-4 players)" in " ".join(capsys.readouterr().out.split())
    assert "coins" not in GAMES and "coins" not in GAMES_INFO
    assert main(["sim", "coins", "--players", "3"]) == 2  # gone with the test


def test_no_list_in_the_game_names_the_test_game():
    root = Path(game.__file__).parent
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "coin_game" not in text and "CoinMatch" not in text, path
