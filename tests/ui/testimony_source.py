"""A tiny in-test TableSource over a Testimony match (one chosen seat, no curtain, no
bots) with table talk and public decisions like a hot-seat session, and seeded ways to
reach the positions the table tests and screenshots need. Only for tests and tools; real
play goes through ``game.ui.session``."""

from __future__ import annotations

import random

from game.engine import new_match
from tests.ui.table_source import MatchTableSource, drive_until

NAMES = ["Ann", "Bob", "Cyril", "Dora", "Emil", "Fay", "Gus"]


class TestimonySource(MatchTableSource):
    """Also: ``say`` / ``talk_lines`` (claims) and ``public_decision`` / ``submit_public``."""

    __test__ = False

    def __init__(self, match, seat=0) -> None:
        super().__init__(match, seat)
        self.talk: list[dict] = []

    @classmethod
    def new(cls, players: int = 4, seed: int = 1, seat: int | None = None) -> TestimonySource:
        m = new_match("testimony", NAMES[:players], seed=seed)
        return cls(m, m.to_act()[0] if seat is None else seat)

    def submit(self, command: dict):
        if self._seat is None:
            return "Nobody is at the table yet."
        return super().submit(command)

    def talk_lines(self) -> list[dict]:
        return list(self.talk)

    def say(self, text: str):
        if self._seat is None:
            return "Claims are made by the player behind the screen."
        self.talk.append(
            {"seat": self._seat, "name": self.players[self._seat], "text": text, "at": len(self.match.log(None))}
        )
        self._bump += 1
        return None

    def public_decision(self):
        pending = self.match.to_act()
        if self._seat is not None or len(pending) != 1:
            return None
        legal = self.match.legal(pending[0])
        if legal and all(c["type"] in ("answer_invite", "next_game") for c in legal):
            return pending[0], legal
        return None

    def submit_public(self, seat: int, command: dict):
        from game.engine import IllegalCommand

        try:
            self.match.apply(seat, command)
        except IllegalCommand as exc:
            return exc.message
        return None


def talky(match, rng: random.Random) -> dict:
    """A bot that shares and investigates often and testifies (reaches every view)."""
    seat = match.to_act()[0]
    legal = match.legal(seat)
    by: dict[str, list[dict]] = {}
    for c in legal:
        by.setdefault(c["type"], []).append(c)
    for kind, p in (("invite", 0.45), ("answer_invite", 1.0), ("testify", 0.95)):
        if kind in by and rng.random() < p:
            if kind == "answer_invite":
                return {"type": "answer_invite", "accept": rng.random() < 0.75}
            return rng.choice(by[kind])
    return rng.choice(legal)


def drive(match, stop, seed: int = 3, limit: int = 3000) -> bool:
    rng = random.Random(seed)
    return drive_until(match, stop, lambda m, seat: talky(m, rng), limit)


def find(players: int, stop, seeds=range(1, 80)):
    """A match in which ``stop`` became true (first seed that gets there)."""
    for seed in seeds:
        m = new_match("testimony", NAMES[:players], seed=seed)
        if drive(m, stop, seed=seed):
            return m
    raise AssertionError("no seed reached the position")
