"""The table registry (DESIGN D6, ``game.ui.tables``): every game's scene package
registers exactly one TableSpec, found without a list (pkgutil over game.ui.scenes); a
package that fails to import is logged and the menus still open; menus list the games
in the registry's order; the older names (TABLE_SCENES, register_table, load_tables,
playable_games) read the specs."""

from __future__ import annotations

import dataclasses
import logging
import sys

import pytest

from game.engine import GAMES
from game.ui import scenes as scenes_package
from game.ui import tables
from game.ui.scene import Scene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.new_game import NewGameScene
from tests.fixtures import coin_table
from tests.ui.shell_helpers import new_app


def test_each_game_package_registers_one_spec_for_its_own_scene():
    specs = tables.table_specs()
    shipped = {g for g, cls in GAMES.items() if cls.__module__.startswith("game.rules")}
    assert shipped <= set(specs)
    for game_id in shipped:
        spec = specs[game_id]
        package = sys.modules[f"game.ui.scenes.{game_id}"]
        assert package.SPEC is spec  # registered by the package itself, once
        assert spec.scene.__module__.startswith(f"game.ui.scenes.{game_id}."), spec.scene
        assert spec.rules_page.is_file(), spec.rules_page


def test_the_old_table_modules_still_give_the_scene_classes():
    from game.ui.scenes.hammer_table import HammerTableScene
    from game.ui.scenes.malleus_table import MalleusTableScene
    from game.ui.scenes.salem_table import SalemTableScene
    from game.ui.scenes.testimony_table import TestimonyTableScene
    from game.ui.scenes.witch_trial_table import WitchTrialTableScene

    scenes = {HammerTableScene, MalleusTableScene, SalemTableScene, TestimonyTableScene, WitchTrialTableScene}
    assert scenes == {tables.TABLE_SCENES[g] for g in tables.playable_games()[:5]}


def test_menus_list_the_games_in_the_order_the_specs_give(monkeypatch):
    before = tables.playable_games()
    assert before[:5] == sorted(before[:5], key=lambda g: tables.table_spec(g).menu_order)
    with coin_table.registered():
        assert tables.playable_games() == [*before, coin_table.GAME_ID]
        monkeypatch.setitem(tables.TABLE_SPECS, coin_table.GAME_ID, dataclasses.replace(coin_table.SPEC, menu_order=0))
        assert tables.playable_games() == [coin_table.GAME_ID, *before]
        monkeypatch.undo()
    assert tables.playable_games() == before


def test_table_scenes_set_by_a_test_changes_the_spec_and_gives_the_same_one_back(monkeypatch):
    game = tables.playable_games()[0]
    spec = tables.table_spec(game)

    class Other(Scene):
        pass

    monkeypatch.setitem(tables.TABLE_SCENES, game, Other)
    assert tables.table_spec(game).scene is Other and tables.table_spec(game).art is spec.art
    monkeypatch.setitem(tables.TABLE_SCENES, "_nowhere", Other)
    assert tables.table_spec("_nowhere").scene is Other
    monkeypatch.undo()
    assert tables.table_spec(game) is spec and tables.table_spec("_nowhere") is None


def test_a_scene_package_that_fails_to_import_is_logged_and_the_menus_still_open(tmp_path, monkeypatch, caplog):
    broken = tmp_path / "broken_table"
    broken.mkdir()
    (broken / "__init__.py").write_text("raise RuntimeError('a bug in a table')\n", encoding="utf-8")
    monkeypatch.setattr(scenes_package, "__path__", [*scenes_package.__path__, str(tmp_path)])
    monkeypatch.setattr(tables, "_loaded", False)
    caplog.set_level(logging.ERROR, logger="game.ui.tables")
    try:
        games = list(tables.load_tables())
        assert "game.ui.scenes.broken_table" in caplog.text and "a bug in a table" in caplog.text
        assert set(tables.playable_games()) <= set(games) and len(tables.playable_games()) >= 5
        app = new_app()
        app.scenes.reset(MenuScene(app))
        app.frame(wait=False)
        app.scenes.push(NewGameScene(app))
        app.frame(wait=False)
        assert app.scenes.top.games == tables.playable_games()
    finally:
        sys.modules.pop("game.ui.scenes.broken_table", None)


@pytest.mark.parametrize("field", ["art", "sounds", "smoke"])
def test_every_shipped_table_gives_what_shared_code_reads(field):
    """Card art and sounds are each table's own; a table without a smoke player would
    leave ``witchhunt smoke`` without a full game of it."""
    for game_id in tables.playable_games():
        spec = tables.table_spec(game_id)
        if field == "art" and not spec.layout_counts:
            continue  # a table without a Tiled seat layout (the story game_id) draws no cards
        assert getattr(spec, field), (game_id, field)
        if field == "smoke":
            assert callable(spec.smoke_player()), game_id
