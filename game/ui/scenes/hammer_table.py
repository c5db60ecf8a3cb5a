"""Registers the Hammer of the Witches table with the table registry (``game.ui.tables``).

The scene is a package of panels, :mod:`game.ui.scenes.hammer` (``table.py`` wires
``phase_track``, ``seats``, ``pyres``, ``banner``, ``piles``, ``hand`` and ``moves``);
this module keeps the name the registry and older imports use.
"""
from __future__ import annotations

from game.ui.scenes.hammer.table import HammerTableScene
from game.ui.tables import register_table

register_table("hammer")(HammerTableScene)

__all__ = ["HammerTableScene"]
