"""A tiny in-test TableSource over a Match: shows one chosen seat, no curtain, no bots.

Only for table tests and screenshots; real play goes through ``game.ui.session``."""
from __future__ import annotations

from game.engine import IllegalCommand, new_match


class MatchSource:
    def __init__(self, match, seat: int | None = 0) -> None:
        self.match = match
        self.game = match.game_id
        self.players = list(match.players)
        self._seat = seat
        self._bump = 0
        self.requested: list[int] = []
        self.message = ""

    @classmethod
    def new(cls, players: int = 3, seed: int = 1, seat: int | None = 0) -> "MatchSource":
        names = ["Ann", "Bob", "Cy", "Dee", "Eve"][:players]
        return cls(new_match("hammer", names, seed=seed), seat)

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
        return [s for s in self.match.to_act() if s != self._seat]

    def can_pass_all(self) -> bool:
        return bool(self.banner_seats())


def place_all(match) -> None:
    """Every seat takes its first legal placement (hammer.md H2.3)."""
    for seat in range(match.n):
        match.apply(seat, match.legal(seat)[0])


def play_until(match, stop, seed: int = 5, limit: int = 5000) -> bool:
    """Random legal play until ``stop(match)`` is true; True if it happened."""
    from game.bots.base import RandomBot

    bots = {s: RandomBot(seed + s, pass_bias=0.7) for s in range(match.n)}
    for _ in range(limit):
        if stop(match):
            return True
        if match.over:
            return False
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal(seat)))
    return stop(match)
