"""Each game's cheap play for bots: the rollout policy and the position value.

The engine gives a bot one forward model, ``Match.determinize(seat, rng)``; *how* to play
on in a sampled world is bot knowledge, so it lives here and in ``game/bots/<game>.py``,
never in ``game/rules`` (layers look down: bots may import rules, rules never import bots).

A game module registers its policy beside itself (``Policy[HammerMatch]``: its methods
are handed worlds of that game)::

    class HammerPolicy(Policy["HammerMatch"]):
        def choose(self, match, seat, legal, rng): ...   # one command among ``legal``
        def value(self, match, seat): ...                # 0..1, how good for ``seat``

    register_policy("hammer", HammerPolicy())

A policy runs inside a determinized world (a copy the bot may read freely: everything it
could not know was resampled), so it may look at that world's state; it must not be
handed the real match. Games without a registered policy play the default: at random,
preferring anything to a pass three times in four, and valuing a position by the lead in
score.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from game.engine.match import Match

#: the Match class of the game a policy plays (its methods are handed worlds of that game)
M = TypeVar("M", bound="Match")

#: the text a rollout writes into free-text fields (any non-empty text is legal)
NEUTRAL_TEXT = "So it is."


class Policy(Generic[M]):
    """The default policy; a game subclasses it with the obvious sense of its rules."""

    def choose(self, match: M, seat: int, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        """One command for ``seat`` among ``legal`` (it may fill optional fields that
        ``legal`` leaves out). Default: at random, a pass only one time in four when
        anything else is possible; free text filled neutrally."""
        pool = legal
        if len(legal) > 1 and rng.random() < 0.75:
            active = [c for c in legal if c.get("type") != "pass"]
            pool = active or legal
        command = dict(pool[rng.randrange(len(pool))])
        for key, value in command.items():
            if value == "":
                command[key] = NEUTRAL_TEXT
        return command

    def redraw(
        self, world: M, seat: int, weigh: bool = True, reads: str = "sensible"
    ) -> Callable[[M, random.Random], None] | None:
        """For the search's many worlds of one decision (game/bots/worlds.py): a function
        ``redraw(copy, rng)`` that draws the hidden parts of a fresh copy of ``world`` (a
        determinized copy for ``seat``) in place, as ``determinize`` would — reading what
        ``world`` shows ``seat`` once, not per world — and, when ``weigh``, weighed by
        the seat's belief from its view and log (game/bots/belief.py), which reads the
        others' acts as ``"sensible"`` players make them (the rollout policy's loose play)
        or as ``"thinking"`` ones do (searching seats), where the game tells them apart.
        None: every world comes from ``Match.determinize`` (the default)."""
        return None

    #: the names of the sense checks of :meth:`senseless` (a benchmark counts each)
    sense_checks: tuple[str, ...] = ()

    def senseless(self, match: M, seat: int, command: dict[str, Any]) -> list[str]:
        """The sense checks (of :attr:`sense_checks`) that ``command`` would break if
        ``seat`` sent it now: plays no sensible player makes whatever the search says
        (a card that undoes one's own play this turn, a card with no effect …). Reads
        only what ``seat`` knows. Default: none."""
        return []

    def sensible(self, match: M, seat: int, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """``legal`` less the commands :meth:`senseless` refuses, or ``legal`` itself when
        nothing would be left. The search's root candidates pass through it."""
        if not self.sense_checks:
            return legal
        keep = [c for c in legal if not self.senseless(match, seat, c)]
        return keep or legal

    #: do the winners win as a side (each member of the winning side wins whole, as in
    #: Salem) rather than share a tie on points (a benchmark counts a hero's win so)?
    side_wins: bool = False

    def role(self, match: M, seat: int) -> str | None:
        """The side ``seat`` plays on in a team game (``"witch"``, ``"town"`` …), as dealt;
        None in a game without sides. For measurements (benchmarks/bots.py), which
        may read the real match: a bot never asks it of a position it cannot see."""
        return None

    def play(self, match: M, seat: int, rng: random.Random) -> dict[str, Any]:
        """The rollout's move for ``seat`` (:func:`playout`): what :meth:`choose` picks
        among ``match._legal(seat)``. A game may pick the same way without listing every
        legal command (a rollout plays tens of moves per world); it must return one of
        them."""
        return self.choose(match, seat, match._legal(seat), rng)

    def value(self, match: M, seat: int) -> float:
        """How good this position is for ``seat``, 0..1 (rollouts end here). Over:
        ``1 / len(winners)`` for a winner, else 0. Not over: a logistic of the lead
        over the best other score."""
        scores = list(match._scores())
        if match.over:
            winners = match._winners(scores)
            return 1.0 / len(winners) if seat in winners else 0.0
        mine = scores[seat]
        best_other = max(s for i, s in enumerate(scores) if i != seat) if len(scores) > 1 else mine
        return 1.0 / (1.0 + math.exp(-(mine - best_other) / 4.0))


POLICIES: dict[str, Policy[Any]] = {}
_DEFAULT: Policy[Any] = Policy()
P = TypeVar("P", bound=Policy[Any])


def register_policy(game_id: str, policy: P) -> P:
    """Make ``policy`` the rollout policy of ``game_id``'s bots."""
    POLICIES[game_id] = policy
    return policy


def policy_for(match: Match) -> Policy[Any]:
    """The policy registered for ``match``'s game, or the default :class:`Policy` for a
    game that registers none (a new game, the test suite's toy game)."""
    return POLICIES.get(type(match).game_id, _DEFAULT)


def playout(match: Match, rng: random.Random, depth: int, policy: Policy[Any] | None = None) -> None:
    """Let every seat of a forward-model copy play on with its game's policy
    (:meth:`Policy.play`), ``depth`` commands at most (the lowest seat that may act moves
    first), through ``Match.advance`` (no validation: the policy plays legal commands)."""
    policy = policy or policy_for(match)
    for _ in range(depth):
        if match._over():
            return
        seat = min(match._to_act())
        match.advance(seat, policy.play(match, seat, rng))
