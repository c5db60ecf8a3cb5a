"""The one seeded generator inside every match.

All randomness of a match (shuffles, dice, first player) comes from here, so a seed plus
the command list replays a match exactly. Its state is serialised with the match.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class MatchRng:
    """A thin, serialisable wrapper around :class:`random.Random`."""

    __slots__ = ("_r", "_armed", "_saved")

    def __init__(self, seed: int | str | None = 0) -> None:
        self._r = random.Random(seed)
        self._armed = False
        self._saved: Any = None

    # -- transactions: Match.apply rolls the generator back when a command is refused.
    # The state (625 words) is copied lazily, on the first draw, because most commands
    # draw nothing.
    def begin(self) -> None:
        self._armed = True
        self._saved = None

    def commit(self) -> None:
        self._armed = False
        self._saved = None

    def rollback(self) -> None:
        if self._saved is not None:
            self._r.setstate(self._saved)
        self.commit()

    def _touch(self) -> None:
        if self._armed and self._saved is None:
            self._saved = self._r.getstate()

    # -- draws -------------------------------------------------------------------------
    def shuffle(self, items: MutableSequence[Any]) -> None:
        self._touch()
        self._r.shuffle(items)

    def randint(self, low: int, high: int) -> int:
        """An integer in [low, high], both ends included."""
        self._touch()
        return self._r.randint(low, high)

    def roll(self, dice: int = 1, sides: int = 6) -> list[int]:
        self._touch()
        return [self._r.randint(1, sides) for _ in range(dice)]

    def choice(self, items: Sequence[T]) -> T:
        self._touch()
        return items[self._r.randrange(len(items))]

    def random(self) -> float:
        self._touch()
        return self._r.random()

    # -- state -------------------------------------------------------------------------
    def getstate(self) -> Any:
        return self._r.getstate()

    def setstate(self, state: Any) -> None:
        self._r.setstate(state)

    def to_json(self) -> list[Any]:
        version, internal, gauss = self._r.getstate()
        return [version, list(internal), gauss]

    @classmethod
    def from_json(cls, data: list[Any]) -> MatchRng:
        rng = cls(0)
        version, internal, gauss = data
        rng._r.setstate((version, tuple(internal), gauss))
        return rng


def weighted_index(rng: random.Random, weights: Sequence[float]) -> int:
    """An index drawn with probability proportional to ``weights`` (all >= 0, some > 0);
    for bots' rollout policies, with the bot's own generator."""
    total = 0.0
    for w in weights:
        total += w
    if total <= 0.0:
        return rng.randrange(len(weights))
    x = rng.random() * total
    for i, w in enumerate(weights):
        x -= w
        if x < 0.0:
            return i
    return len(weights) - 1
