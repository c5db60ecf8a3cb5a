"""Registers the Testimony table with the table registry (``game.ui.tables``).

The scene is a package of panels, :mod:`game.ui.scenes.testimony` (``table.py`` wires
``seats``, ``hand``, ``centre``, ``notebook``, ``reveal``, ``talk`` and ``bar``).
"""
from __future__ import annotations

from game.ui.scenes.testimony.table import TestimonyTableScene
from game.ui.tables import register_table

register_table("testimony")(TestimonyTableScene)

__all__ = ["TestimonyTableScene"]
