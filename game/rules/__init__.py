"""One module per game; importing this package registers them all in ``game.engine.GAMES``."""
from __future__ import annotations

import importlib
import logging

_GAME_MODULES = ["hammer", "witch_trial", "salem", "testimony", "malleus"]

for _name in _GAME_MODULES:
    try:
        importlib.import_module(f"game.rules.{_name}")
    except ModuleNotFoundError as exc:  # a game not written yet
        if exc.name != f"game.rules.{_name}":
            raise
        logging.getLogger(__name__).debug("game module %s not present", _name)
