"""The hot-seat session's bots: who plays each bot seat, and when it moves.

Bot seats move one at a time, the lowest seat first, each after its pause
(``bot_delay`` seconds) so people can follow what happened. Bots that search think on a
worker thread (:class:`game.bots.thinker.BotTurns`, the LAN host's scheduler too) from the
moment their seat must act, the pause included, so the window keeps drawing at full
rate; the move is applied on the main thread once the thinking is done and the pause is
over, unless the match moved on meanwhile (then the bot thinks again). Bots that decide
at once (random, Easy) decide when their pause is over.
"""

from __future__ import annotations

from typing import Any

from game.bots import DEFAULT_LEVEL, LEVEL_NAMES, Bot, SearchBot, make_bot
from game.bots.thinker import BotThinker, BotTurns, thinks_on_a_thread
from game.engine import Match
from game.ui.hotseat.timers import Pause

#: while a bot thinks on its worker thread, the app looks this often whether it is done
THINK_POLL = 0.02

__all__ = ["THINK_POLL", "BotPacer", "bot_levels_of", "make_bots", "thinks_on_a_thread"]


def make_bots(match: Match, seats: list[int] | None = None, levels: dict[int, str] | None = None) -> dict[int, Bot]:
    """Bots for the match's bot seats (``options["bots"]`` unless ``seats`` is given),
    each at its level (``levels``: seat -> easy/normal/hard; Normal when not given).
    Seeded from the match seed, the seat and the state id, so a resumed game gets
    bots that are deterministic too."""
    seats = match.options.get("bots", []) if seats is None else seats
    levels = levels or {}
    return {
        s: make_bot(
            seed=match.seed * 1009 + s * 31 + match.state_id,
            level_name=levels.get(s) if levels.get(s) in LEVEL_NAMES else DEFAULT_LEVEL,
        )
        for s in seats
    }


def bot_levels_of(bots: dict[int, Bot]) -> dict[int, str]:
    """seat -> level of every searching bot (what a save keeps)."""
    return {s: b.level.name for s, b in bots.items() if isinstance(b, SearchBot)}


class BotPacer:
    """The next bot move, due after its pause (see the module docstring)."""

    def __init__(self) -> None:
        self.turns = BotTurns()
        #: time since the last move (or since the bots' turn began)
        self.clock = Pause()

    @property
    def thinker(self) -> BotThinker | None:
        """The decision under way or kept for the end of the pause, if any."""
        return self.turns.thinker

    def step(self, match: Match, bots: dict[int, Any], dt: float, delay: float) -> BotThinker | None:
        """``dt`` seconds went by while the bots may move: the decision to play now (its
        pause over, its thought ready), else None."""
        seats = [s for s in match.to_act() if s in bots]
        if match.over or not seats:
            self.clock.reset()
            self.turns.forget()
            return None
        threaded = thinks_on_a_thread(bots[seats[0]], match)
        ready = self.clock.add(dt) >= delay
        thought = self.turns.step(match, bots.get, start=threaded or ready)
        if thought is None:
            return None  # still thinking (the table keeps drawing meanwhile), or pausing
        if not ready:
            self.turns.keep(thought)  # thought out early: played when the pause is over
            return None
        self.clock.reset()
        return thought

    def due(self, delay: float) -> float:
        """Seconds until :meth:`step` may have a move (the bots may move now)."""
        left = self.clock.left(delay)
        thinker = self.turns.thinker
        if thinker is not None and not thinker.done.is_set():
            return max(left, THINK_POLL)  # look again soon: the thought may be ready
        return left

    def reset(self) -> None:
        """A move was made: the next bot waits its whole pause."""
        self.clock.reset()

    def forget(self) -> None:
        """The table closes: a thought still running is dropped (its thread just ends)."""
        self.turns.forget()
