"""Belief from public behaviour: how likely each hidden side is, given what a seat saw.

A bot of a hidden-role game (Salem 1692, Testimony) keeps, for the seat it plays, a
belief over the other seats' hidden sides, computed from that seat's view and log and
nothing else; its search then draws worlds in proportion to that belief
(game/bots/worlds.py, the games' ``Policy.redraw``) instead of uniformly.

The model of play is a table of likelihood ratios learned from self-play
(:mod:`game.bots.beliefs_table`, made by ``tools/learn_beliefs.py``): for each kind of
public act — an accusation of one seat by another, a Night's victim, a token placed, a
token's side seen — how much more (or less) often it happens when the actor and the
target are on given sides than when the target is picked blindly. A world's weight is
the product of the ratios of every act the seat saw, with each seat on its side in that
world; :func:`marginal_odds` turns the weights of the role assignments into per-seat
odds.

Honest by construction: the functions here take plain data (a view, a log, a seat) —
never a match — so a belief can only be as good as what the seat saw.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence

from game.bots.beliefs_table import TABLES

#: no single act may move the odds more than this far either way (a table learned from
#: bots must not make a person's odd play impossible)
MAX_RATIO = 12.0


def ratio(game: str, kind: str, key: str) -> float:
    """The learned likelihood ratio of an act ``kind`` under the sides in ``key``
    (e.g. ``"witch>town"``: a witch acting on a townsperson), 1.0 when not learned."""
    value = TABLES.get(game, {}).get(kind, {}).get(key, 1.0)
    return min(MAX_RATIO, max(1.0 / MAX_RATIO, value))


def log_ratio(game: str, kind: str, key: str) -> float:
    return math.log(ratio(game, kind, key))


def marginal_odds(
    candidates: Sequence[int],
    size: int,
    log_weight: Callable[[frozenset[int]], float],
    prior: Callable[[frozenset[int]], float] | None = None,
) -> dict[int, float]:
    """Per candidate seat, the odds of being among the ``size`` hidden ones under the
    weights ``exp(log_weight(S))`` of every set ``S`` of that size, relative to the
    ``prior`` weights of those sets alone (1 each by default): 1.0 for a seat the acts
    say nothing about, above 1 for a seat they point at."""
    size = min(size, len(candidates))
    if size <= 0:
        return {}
    sets = [frozenset(c) for c in itertools.combinations(candidates, size)]
    priors = [prior(s) if prior else 1.0 for s in sets]
    logs = [log_weight(s) for s in sets]
    top = max(logs)
    post = [p * math.exp(lw - top) for p, lw in zip(priors, logs)]
    total_post = sum(post) or 1.0
    total_prior = sum(priors) or 1.0
    odds = {}
    for seat in candidates:
        p_post = sum(w for s, w in zip(sets, post) if seat in s) / total_post
        p_prior = sum(w for s, w in zip(sets, priors) if seat in s) / total_prior
        odds[seat] = (p_post / p_prior) if p_prior > 0 else 1.0
    return odds


def side_patterns(
    seats: Sequence[int], fixed: dict[int, str], sides: tuple[str, str], count_ok: Callable[[int], bool]
) -> Iterable[tuple[str, ...]]:
    """Every assignment of ``sides`` to ``seats`` (a tuple in seat order) that keeps the
    ``fixed`` seats' sides and whose number of ``sides[0]`` passes ``count_ok``."""
    free = [s for s in seats if s not in fixed]
    for combo in itertools.product(sides, repeat=len(free)):
        pattern = dict(fixed)
        pattern.update(zip(free, combo))
        out = tuple(pattern[s] for s in seats)
        if count_ok(sum(1 for side in out if side == sides[0])):
            yield out
