"""Which games have a table scene: ``TABLE_SCENES = {game_id: factory(app, source)}``.

A table scene module registers itself when imported::

    from game.ui.tables import register_table

    @register_table("hammer")
    class HammerTable(Scene):
        def __init__(self, app, source): ...

The new-game scene and Continue offer only games that are both in ``GAMES`` (the engine
knows the rules) and here (the desktop can draw them). :func:`load_tables` imports the
known table modules, skipping those not written yet, like ``game.rules`` does.
"""
from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene

log = logging.getLogger(__name__)

TableFactory = Callable[["App", Any], "Scene"]
TABLE_SCENES: dict[str, TableFactory] = {}

#: modules under game.ui.scenes that hold table scenes
_TABLE_MODULES = ["hammer_table", "witch_trial_table", "salem_table", "testimony_table", "malleus_table"]
_loaded = False


def register_table(game_id: str) -> Callable[[TableFactory], TableFactory]:
    def deco(factory: TableFactory) -> TableFactory:
        TABLE_SCENES[game_id] = factory
        return factory

    return deco


def load_tables() -> dict[str, TableFactory]:
    """Import every table scene module present; return the registry."""
    global _loaded
    if not _loaded:
        _loaded = True
        for name in _TABLE_MODULES:
            try:
                importlib.import_module(f"game.ui.scenes.{name}")
            except ModuleNotFoundError as exc:
                if exc.name != f"game.ui.scenes.{name}":
                    log.exception("table scene %s cannot be imported", name)
            except Exception:  # a broken table must not take the menu down with it
                log.exception("table scene %s cannot be imported", name)
    return TABLE_SCENES


def playable_games() -> list[str]:
    """Game ids the desktop can set up and draw, in a stable order."""
    from game.engine import GAMES

    tables = load_tables()
    order = ["hammer", "witch_trial", "salem", "testimony", "malleus"]
    ids = [g for g in GAMES if g in tables]
    return sorted(ids, key=lambda g: (order.index(g) if g in order else len(order), g))
