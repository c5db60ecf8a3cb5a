"""The random bot's Hammer habit: sealing bribes (hammer.md H8.1).

``legal()`` never lists bribes: they ride, sealed, as the ``bribes`` field of the commands
a seat sends anyway. A bot choosing only among ``legal()`` would never bribe, so the
random bot adds one now and then, from its own view only (``may_seal``, its hand, the
living villagers), through :func:`game.rules.hammer.bribes_from_view`. The search bot's
rollouts seal through ``HammerMatch.rollout_policy`` instead.
"""
from __future__ import annotations

from game.bots.base import COMMAND_EXTRAS
from game.rules.hammer import bribes_from_view

COMMAND_EXTRAS["hammer"] = bribes_from_view
