"""Registers the Witch Trial courtroom with the table registry (``game.ui.tables``).

The scene is a package of panels, :mod:`game.ui.scenes.witch_trial` (``table.py`` wires
``seats``, ``market``, ``court``, ``jury``, ``dice``, ``bar``, ``hand``, ``plea`` and
``picker``); this module keeps the name the registry and older imports use.
"""
from __future__ import annotations

from game.ui.scenes.witch_trial.table import WitchTrialTableScene
from game.ui.tables import register_table

register_table("witch_trial")(WitchTrialTableScene)

__all__ = ["WitchTrialTableScene"]
