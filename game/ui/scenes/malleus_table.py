"""The older name of the table scene: importing it imports the scene package
(:mod:`game.ui.scenes.malleus`, which registers the game's table spec) and re-exports
its scene class."""

from __future__ import annotations

from game.ui.scenes.malleus.table import MalleusTableScene

__all__ = ["MalleusTableScene"]
