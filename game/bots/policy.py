"""Each game's cheap play for bots: the rollout policy and the position value.

The engine gives a bot one forward model, ``Match.determinize(seat, rng)``; *how* to play
on in a sampled world is bot knowledge, so it lives here and in ``game/bots/<game>.py``,
never in ``game/rules`` (layers look down: bots may import rules, rules never import bots).

A game module registers its policy beside itself::

    class HammerPolicy(Policy):
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
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.match import Match

#: the text a rollout writes into free-text fields (any non-empty text is legal)
NEUTRAL_TEXT = "So it is."


class Policy:
    """The default policy; a game subclasses it with the obvious sense of its rules."""

    def choose(self, match: Match, seat: int, legal: list[dict], rng: random.Random) -> dict:
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

    def value(self, match: Match, seat: int) -> float:
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


class _MatchMethods(Policy):
    """While a game's policy still sits on its Match class (``rollout_policy`` /
    ``rollout_value``), use those. Goes away once every game registers here."""

    def choose(self, match: Match, seat: int, legal: list[dict], rng: random.Random) -> dict:
        method = getattr(match, "rollout_policy", None)
        return method(seat, legal, rng) if method is not None else super().choose(match, seat, legal, rng)

    def value(self, match: Match, seat: int) -> float:
        method = getattr(match, "rollout_value", None)
        return method(seat) if method is not None else super().value(match, seat)


POLICIES: dict[str, Policy] = {}
_FALLBACK = _MatchMethods()


def register_policy(game_id: str, policy: Policy) -> Policy:
    """Make ``policy`` the rollout policy of ``game_id``'s bots."""
    POLICIES[game_id] = policy
    return policy


def policy_for(match: Match) -> Policy:
    """The policy registered for ``match``'s game (or the default)."""
    return POLICIES.get(type(match).game_id, _FALLBACK)


def playout(match: Match, rng: random.Random, depth: int, policy: Policy | None = None) -> None:
    """Let every seat of a forward-model copy play on with its game's policy, ``depth``
    commands at most (the lowest seat that may act moves first), through
    ``Match.advance`` (no validation: the policy picks from ``legal``)."""
    policy = policy or policy_for(match)
    for _ in range(depth):
        if match._over():
            return
        seat = min(match._to_act())
        legal = match._legal(seat)
        match.advance(seat, policy.choose(match, seat, legal, rng))
