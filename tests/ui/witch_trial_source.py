"""A tiny in-test TableSource over a Witch Trial match, and seeded ways to reach the
states the courtroom tests and screenshots need (a trial with cards, a motion waiting,
a plea to offer). Only for tests and tools; real play goes through ``game.ui.session``."""
from __future__ import annotations

import random

from game.engine import IllegalCommand, new_match

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


class TrialSource:
    """A TableSource over a Match showing one chosen seat (no curtain, no bots).
    ``no_answers`` lets the awaited lawyer's "no objection" through, like a session would."""

    def __init__(self, match, seat: int | None = 0) -> None:
        self.match = match
        self.game = match.game_id
        self.players = list(match.players)
        self._seat = seat
        self._bump = 0
        self.requested: list[int] = []
        self.message = ""

    @classmethod
    def new(cls, players: int = 3, seed: int = 1, seat: int | None = None) -> "TrialSource":
        m = new_match("witch_trial", NAMES[:players], seed=seed)
        return cls(m, m.to_act()[0] if seat is None else seat)

    @property
    def revision(self) -> int:
        return self.match.state_id * 1000 + self._bump

    @property
    def screen_seat(self):
        return self._seat

    def show(self, seat) -> None:
        self._seat = seat
        self._bump += 1

    def view(self) -> dict:
        return self.match.view(self._seat)

    def legal(self) -> list[dict]:
        return self.match.legal(self._seat) if self._seat is not None else []

    def log(self) -> list[dict]:
        return self.match.log(self._seat)

    def submit(self, command: dict):
        if self._seat is None:
            return "Nobody is at the table yet."
        try:
            self.match.apply(self._seat, command)
        except IllegalCommand as exc:
            return exc.message
        return None

    def pending_seats(self) -> list[int]:
        return self.match.to_act()

    def request_seat(self, seat: int) -> None:
        self.requested.append(seat)
        self.show(seat)

    def is_human(self, seat: int) -> bool:
        return True

    def banner_seats(self) -> list[int]:
        return [s for s in self.match.to_act() if s != self._seat] if self._seat is None else []

    def can_pass_all(self) -> bool:
        return bool(self.banner_seats())

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
    for kind, p in (("create_case", 0.9), ("prosecute", 0.8), ("defend", 0.8), ("play", 0.75),
                    ("no_objection", 0.7), ("object", 1.0), ("no_plea", 0.8), ("buy", 0.7)):
        if kind in by and rng.random() < p:
            return rng.choice(by[kind])
    return rng.choice(legal)


def drive(match, stop, seed: int = 3, limit: int = 3000) -> bool:
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(match):
            return True
        if match.over:
            return False
        seat = match.to_act()[0]
        match.apply(seat, lively(match, rng))
    return stop(match)


def find(players: int, stop, seeds=range(1, 80)):
    """A match (and its seed) in which ``stop`` became true."""
    for seed in seeds:
        m = new_match("witch_trial", NAMES[:players], seed=seed)
        if drive(m, stop, seed=seed):
            return m
    raise AssertionError("no seed reaches the wanted state")


def in_trial_with_cards(m) -> bool:
    t = m.view(None)["trial"]
    return bool(t) and len(t["played"]) >= 3 and t["motion"] is None and t["plea"] is None \
        and t["jury_value"] != t["jury_start"]


def motion_waiting(m) -> bool:
    t = m.view(None)["trial"]
    return bool(t) and t["motion"] is not None and len(t["played"]) >= 2


def plea_offer(m) -> bool:
    t = m.view(None)["trial"]
    return bool(t) and t["plea"] is not None and t["plea"]["phase"] == "offer" and m.view(None)["court_fees"] >= 20
