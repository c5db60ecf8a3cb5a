"""The worlds of one decision: many determinized copies, drawn fast and weighed by what the
seat believes.

A search decision samples a fresh world per iteration. ``Match.determinize(seat, rng)``
reads the seat's whole view and log every time, although they are the same for every
world of the decision. :class:`Worlds` draws the first world through the seat's
:class:`~game.bots.base.SeatModel` (``Match.determinize``: the only door to the real
match), then asks the game's policy for a *redraw* (``Policy.redraw``): the game's
determinize module reads once what that world shows the seat (it shows exactly what the
real match shows it) and redraws the hidden parts of a fresh copy of that world for each
further iteration — the same distribution as ``determinize``, or the one the seat's
belief weighs (game/bots/belief.py). Everything here is a function of the first world and
the bot's generator: two matches that look the same to the seat give the same worlds.
"""

from __future__ import annotations

import marshal
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.bots.base import SeatModel
from game.bots.policy import policy_for
from game.engine.rng import MatchRng

if TYPE_CHECKING:
    from game.engine.match import Match

#: ``redraw(world, rng)``: draw the hidden parts of ``world`` (a fresh copy of the first
#: world) in place
Redraw = Callable[["Match", random.Random], None]


def fork(world: Match) -> Match:
    """An independent copy of a forward-model ``world`` (a determinized copy), built the
    way ``Match.determinize`` builds its copies: same players, options, state, state id
    and log entries (shared: entries never change once logged), no command list; the
    caller gives it a generator."""
    copy = type(world).__new__(type(world))
    copy.players = list(world.players)
    copy.options = world.options  # the table's setup: rules never change it during play
    copy.state = marshal.loads(marshal.dumps(world.state))
    copy.state_id = world.state_id
    copy.commands = []
    copy._log = list(world._log)
    copy.seed = world.seed
    copy.rng = world.rng
    copy._loaded()
    return copy


class Worlds:
    """Samples the worlds of one decision of ``model.seat`` (module docstring).
    ``weigh=False`` keeps the draws uniform (the determinize contract) even where the
    game's policy has a belief; ``reads`` says how that belief expects the others to play
    (``Policy.redraw``)."""

    def __init__(self, model: SeatModel, rng: random.Random, weigh: bool = True, reads: str = "sensible") -> None:
        self.model = model
        self.seat = model.seat
        self.weigh = weigh
        self.reads = reads
        self.first = model.sample(rng)
        self._redraw: Redraw | None = None
        self._asked = False

    @property
    def redraw(self) -> Redraw | None:
        """The game's redraw for this decision, read from the first world when first
        needed (None: every world from ``model.sample``). A model with a sampling of its
        own (a test's control) is asked for every world."""
        if not self._asked:
            self._asked = True
            if type(self.model).sample is SeatModel.sample:
                self._redraw = policy_for(self.first).redraw(self.first, self.seat, self.weigh, self.reads)
        return self._redraw

    def sample(self, rng: random.Random) -> Match:
        """A fresh world: a redrawn copy of the first (or, for a game without a redraw,
        ``model.sample``)."""
        redraw = self.redraw
        if redraw is None:
            return self.model.sample(rng)
        world = fork(self.first)
        redraw(world, rng)
        world.seed = rng.getrandbits(63)
        world.rng = MatchRng(world.seed)
        return world
