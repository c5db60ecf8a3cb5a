"""The older name of the table scene: importing it imports the scene package
(:mod:`game.ui.scenes.witch_trial`, which registers the game's table spec) and re-exports
its scene class."""

from __future__ import annotations

from game.ui.scenes.witch_trial.table import WitchTrialTableScene

__all__ = ["WitchTrialTableScene"]
