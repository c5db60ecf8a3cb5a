"""The shared table machinery is a package of panels (STYLE.md: a big table scene becomes
a package of panels; no scene module over 40 KB), and ``game.ui.scenes.table_base``
stays the one place every other module imports it from."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.engine import new_match
from game.ui.scenes import table_base
from game.ui.scenes.reveal import PrivateReveal
from game.ui.scenes.table.panel import Ask, Owned, Panel
from game.ui.scenes.table_base import TableScene
from tests.ui.table_source import MatchTableSource, table_app

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 40_000


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def test_table_base_and_its_panels_stay_under_40_kb():  # STYLE.md
    files = [ROOT / "game/ui/scenes/table_base.py", *sorted((ROOT / "game/ui/scenes/table").glob("*.py"))]
    assert len(files) > 5
    big = {f.name: f.stat().st_size for f in files if f.stat().st_size > LIMIT}
    assert not big


def test_every_name_imported_from_table_base_is_still_there():
    names: set[str] = set()
    for folder in ("game", "tests", "tools", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            source = path.read_text(encoding="utf-8")
            if "table_base import" not in source:
                continue
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.ImportFrom) and node.module == "game.ui.scenes.table_base":
                    names.update(alias.name for alias in node.names)
    assert {"TableScene", "Prompt", "Pick", "text", "panel", "MIN_TEXT", "Target"} <= names
    assert not [n for n in sorted(names) if not hasattr(table_base, n)]


def test_the_table_scene_owns_its_panels_instead_of_mixing_them_in(app):
    """A table owns its panels: objects with their own state, made by the table, not
    classes in its chain sharing one ``self``."""
    chain = [k for k in TableScene.__mro__ if k.__module__.startswith("game.ui.scenes.table.")]
    assert not chain, [k.__name__ for k in chain]
    scene = TableScene(app, MatchTableSource(new_match("hammer", ["A", "B", "C"], seed=1)))
    panels = {name: value for name, value in vars(scene).items() if isinstance(value, Panel)}
    assert {type(p).__module__.rsplit(".", 1)[1] for p in panels.values()} >= {
        "controls",
        "hand",
        "zoom",
        "prompts",
        "banner",
        "buttons",
        "log",
        "help",
        "connection",
        "sound",
        "text_fit",
        "ahead",
    }
    assert all(p.table is scene for p in panels.values())
    # every name the table lends to a panel names a panel it owns and a thing that panel has
    for name, value in vars(TableScene).items():
        if isinstance(value, (Owned, Ask)):
            assert value.panel in panels, name
            assert hasattr(panels[value.panel], value.name), name
    # each panel keeps its own state: two tables share none of it
    other = TableScene(app, scene.source)
    scene.zoom = ("card", "x")
    assert other.zoom is None and scene.zoomer.zoom == ("card", "x")


@pytest.mark.parametrize(
    "module, name",
    [("game.ui.scenes.hammer.table", "HammerTableScene"), ("game.ui.scenes.witch_trial.table", "WitchTrialTableScene")],
)
def test_the_hammer_table_and_the_courtroom_are_composed_of_panels_they_own(app, module, name):
    """The Hammer table and the courtroom own their panels (seats, piles, court, jury …)
    instead of a chain of mixins sharing one ``self``; each class stays under ~600 lines."""
    import importlib
    import inspect

    klass = getattr(importlib.import_module(module), name)
    assert klass.__mro__[1] is TableScene, [k.__name__ for k in klass.__mro__]
    game = "hammer" if "hammer" in module else "witch_trial"
    scene = klass(app, MatchTableSource(new_match(game, ["A", "B", "C"], seed=1)))
    own = {type(v).__module__ for v in vars(scene).values() if isinstance(v, Panel)}
    assert len({m for m in own if m.startswith(module.rsplit(".", 1)[0])}) >= 6, own
    package = importlib.import_module(module.rsplit(".", 1)[0])
    for path in Path(package.__path__[0]).glob("*.py"):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef):
                assert node.end_lineno - node.lineno < 620, (path.name, node.name)
    assert inspect.getsource(klass).count("\n") < 620


@pytest.mark.parametrize(
    "module, name, game",
    [
        ("game.ui.scenes.salem.table", "SalemTableScene", "salem"),
        ("game.ui.scenes.testimony.table", "TestimonyTableScene", "testimony"),
    ],
)
def test_the_salem_and_testimony_tables_mix_nothing_in(app, module, name, game):
    """Salem's and Testimony's tables build on TableScene alone: drawing ahead is the base
    table's ``ahead`` panel (``AHEAD``), and Salem's private reveal (a ghost peek shown to
    the peeker) is a panel the table owns, not a class in its chain."""
    import importlib

    klass = getattr(importlib.import_module(module), name)
    assert klass.__mro__[1:] == TableScene.__mro__, [k.__name__ for k in klass.__mro__]
    scene = klass(app, MatchTableSource(new_match(game, ["A", "B", "C", "D"], seed=1)))
    assert scene.AHEAD and scene.ahead.table is scene
    for attr, value in vars(klass).items():
        if isinstance(value, (Owned, Ask)):
            assert isinstance(vars(scene).get(value.panel), Panel), attr
            assert hasattr(vars(scene)[value.panel], value.name), attr
    if game == "salem":
        assert isinstance(scene.private, PrivateReveal) and scene.private.table is scene
        assert scene.held_reveals() == [] and scene.private.box is None  # nothing held: no box
