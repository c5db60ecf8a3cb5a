"""A tiny in-test TableSource over a Match: shows one chosen seat, no curtain, no bots.

Only for table tests and screenshots; real play goes through ``game.ui.session``."""

from __future__ import annotations

from game.engine import new_match
from tests.ui.table_source import MatchTableSource, drive_until


class MatchSource(MatchTableSource):
    @classmethod
    def new(cls, players: int = 3, seed: int = 1, seat: int | None = 0) -> MatchSource:
        names = ["Ann", "Bob", "Cy", "Dee", "Eve"][:players]
        return cls(new_match("hammer", names, seed=seed), seat)


def place_all(match) -> None:
    """Every seat takes its first legal placement (docs/rules/hammer.md §2)."""
    for seat in range(match.n):
        match.apply(seat, match.legal(seat)[0])


def play_until(match, stop, seed: int = 5, limit: int = 5000) -> bool:
    """Random legal play until ``stop(match)`` is true; True if it happened."""
    from game.bots.base import RandomBot

    bots = {s: RandomBot(seed + s, pass_bias=0.7) for s in range(match.n)}
    return drive_until(match, stop, lambda m, seat: bots[seat].choose(m.view(seat), m.legal(seat)), limit)
