"""Registers the Salem 1692 table with the table registry (``game.ui.tables``).

The scene is a package of panels, :mod:`game.ui.scenes.salem` (``table.py`` wires
``seats``, ``center``, ``prompts``, ``moves`` and ``hand``)."""
from __future__ import annotations

from game.ui.scenes.salem.table import SalemTableScene
from game.ui.tables import register_table

register_table("salem")(SalemTableScene)

__all__ = ["SalemTableScene"]
