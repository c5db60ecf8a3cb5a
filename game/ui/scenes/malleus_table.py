"""Registers the Malleus Maleficarum table with the table registry (``game.ui.tables``).

The scene is a package of panels, :mod:`game.ui.scenes.malleus` (``table.py`` wires
``village``, ``conflict``, ``ledger``, ``actions``, ``forms``, ``rounds`` and
``chronicle``); this module keeps the name the registry imports.
"""
from __future__ import annotations

from game.ui.scenes.malleus.table import MalleusTableScene
from game.ui.tables import register_table

register_table("malleus")(MalleusTableScene)

__all__ = ["MalleusTableScene"]
