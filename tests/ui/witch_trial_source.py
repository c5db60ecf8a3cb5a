"""A tiny in-test TableSource over a Witch Trial match, and seeded ways to reach the
states the courtroom tests and screenshots need (a trial with cards, a motion waiting,
a plea to offer). Only for tests and tools; real play goes through ``game.ui.session``."""

from __future__ import annotations

import random

from game.engine import new_match
from tests.ui.table_source import MatchTableSource, drive_until

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


class TrialSource(MatchTableSource):
    """A TableSource over a Match showing one chosen seat (no curtain, no bots).
    ``no_answers`` lets the awaited lawyer's "no objection" through, like a session would."""

    @classmethod
    def new(cls, players: int = 3, seed: int = 1, seat: int | None = None) -> TrialSource:
        m = new_match("witch_trial", NAMES[:players], seed=seed)
        return cls(m, m.to_act()[0] if seat is None else seat)

    def submit(self, command: dict):
        if self._seat is None:
            return "Nobody is at the table yet."
        return super().submit(command)

    def banner_seats(self) -> list[int]:
        return [s for s in self.match.to_act() if s != self._seat] if self._seat is None else []

    def no_answers(self):
        for seat in self.match.to_act():
            if {"type": "no_objection"} in self.match.legal(seat):
                self.match.apply(seat, {"type": "no_objection"})
                self._bump += 1
                return None
        return "There is nothing to answer now."


def lively(match, rng: random.Random) -> dict:
    """A bot that builds cases and tries them (so tests reach trials quickly)."""
    seat = match.to_act()[0]
    legal = match.legal(seat)
    by = {}
    for c in legal:
        by.setdefault(c["type"], []).append(c)
    for kind, p in (
        ("create_case", 0.9),
        ("prosecute", 0.8),
        ("defend", 0.8),
        ("play", 0.75),
        ("no_objection", 0.7),
        ("object", 1.0),
        ("no_plea", 0.8),
        ("buy", 0.7),
    ):
        if kind in by and rng.random() < p:
            return rng.choice(by[kind])
    return rng.choice(legal)


def drive(match, stop, seed: int = 3, limit: int = 3000) -> bool:
    rng = random.Random(seed)
    return drive_until(match, stop, lambda m, seat: lively(m, rng), limit)


def find(players: int, stop, seeds=range(1, 80)):
    """A match (and its seed) in which ``stop`` became true."""
    for seed in seeds:
        m = new_match("witch_trial", NAMES[:players], seed=seed)
        if drive(m, stop, seed=seed):
            return m
    raise AssertionError("no seed reaches the wanted state")


def in_trial_with_cards(m) -> bool:
    t = m.view(None)["trial"]
    return (
        bool(t)
        and len(t["played"]) >= 3
        and t["motion"] is None
        and t["plea"] is None
        and t["jury_value"] != t["jury_start"]
    )


def motion_waiting(m) -> bool:
    t = m.view(None)["trial"]
    return bool(t) and t["motion"] is not None and len(t["played"]) >= 2


def plea_offer(m) -> bool:
    t = m.view(None)["trial"]
    return bool(t) and t["plea"] is not None and t["plea"]["phase"] == "offer" and m.view(None)["court_fees"] >= 20
