"""DESIGN D5: atomic autosaves; damaged files give a clear message and are left alone."""
from __future__ import annotations

import pytest

from game.engine import SaveError
from game.saves import list_saves, load_save, new_save_path, save_match
from tests.toygame import CountingGame, counting_game  # noqa: F401


def test_save_load_round_trip_and_listing(tmp_path, counting_game):
    m = CountingGame(["Ann", "Bob"], seed=5)
    m.apply(0, {"type": "add", "amount": 2})
    path = new_save_path("_counting", folder=tmp_path)
    save_match(m, path, extra={"bots": [1]})
    loaded, extra = load_save(path)
    assert loaded.to_json() == m.to_json() and extra == {"bots": [1]}
    (tmp_path / "broken.witchhunt.json").write_text("{not json")
    infos = list_saves(tmp_path)
    assert [i.error is None for i in infos].count(True) == 1
    broken = [i for i in infos if i.error]
    assert broken and "damaged" in broken[0].error
    assert (tmp_path / "broken.witchhunt.json").read_text() == "{not json"
    with pytest.raises(SaveError, match="broken.witchhunt.json"):
        load_save(tmp_path / "broken.witchhunt.json")


def test_finished_games_are_not_offered_to_continue(tmp_path, counting_game):
    m = CountingGame(["Ann", "Bob"], seed=5)
    while not m.over:
        m.apply(m.to_act()[0], {"type": "add", "amount": 3})
    save_match(m, new_save_path("_counting", folder=tmp_path))
    assert list_saves(tmp_path) == []
    assert len(list_saves(tmp_path, include_finished=True)) == 1
