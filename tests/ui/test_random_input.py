"""Random input never raises: every game's hot-seat table under random clicks, drags (from
the hand too), keys, typed text, the wheel and window resizes, with the person at the
screen making random legal moves now and then (tests/ui/random_input.py). A short wander
per game here; benchmarks/random_input.py runs long ones."""

from __future__ import annotations

import pytest

from game.engine import GAMES
from tests.ui.random_input import wander
from tests.ui.table_source import table_app

EVENTS = 300


@pytest.fixture(scope="module")
def app():
    yield from table_app((1264, 648))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_input_at_a_table_never_raises(app, game, tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    monkeypatch.setenv("WITCHHUNT_DISCOVERY_ADDR", "127.0.0.1")  # a host opened by a click stays here
    report = wander(app, game, EVENTS, seed=7)
    failures = [f"on {scene}: {tb}\nlast events: {last}" for scene, tb, last in report.failures]
    assert not failures, failures[0]
    assert report.on_table > EVENTS // 2  # the input landed on the table
    if game != "malleus":  # (the story game's Prévôt acts through forms: its input stays on the screen)
        assert report.commands > 10, report  # and the game went on meanwhile
