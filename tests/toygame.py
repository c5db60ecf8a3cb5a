"""A toy game for testing the engine machinery without any real rules."""

from __future__ import annotations

import pytest

from game.engine import IllegalCommand, Match
from game.engine.registry import GAMES


class CountingGame(Match):
    """A toy: seats take turns adding 1..3 to a counter; first to reach 10 (option
    ``target``) wins. Each seat holds a secret number drawn at setup."""

    game_id = "_counting"
    title = "Counting"
    min_players, max_players = 2, 3
    option_defaults = {"target": 10, "pad": 0}  # pad: bytes of filler in every view (big-view tests)

    def _setup(self):
        self.state = {"total": 0, "turn": 0, "secret": [self.rng.randint(1, 99) for _ in self.players], "winner": None}
        for seat, secret in enumerate(self.state["secret"]):
            self.emit({"type": "secret", "value": secret}, to=[seat], others={"type": "secret", "value": None})

    def _over(self):
        return self.state["winner"] is not None

    def _to_act(self):
        return [self.state["turn"]]

    def _legal(self, seat):
        return [{"type": "add", "amount": k} for k in (1, 2, 3)]

    def _apply(self, seat, command):
        if command["type"] != "add":
            raise IllegalCommand("unknown_command", f"Unknown command {command['type']!r}.")
        self.state["total"] += command.get("amount", 0)  # mutate before validating, on purpose
        self.emit({"type": "roll", "dice": self.rng.roll(1)})
        if command.get("amount") not in (1, 2, 3):
            raise IllegalCommand("bad_amount", "You may add 1, 2 or 3.")
        if self.state["total"] >= self.options["target"]:
            self.state["winner"] = seat
        self.state["turn"] = (seat + 1) % self.n

    def _view(self, seat):
        view = {"total": self.state["total"], "secret": self.state["secret"][seat] if seat is not None else None}
        if self.options["pad"]:
            view["pad"] = "x" * self.options["pad"]
        return view

    def _scores(self):
        return [1 if self.state["winner"] == s else 0 for s in range(self.n)]


@pytest.fixture
def counting_game():
    """Registers the toy game in GAMES for one test only (so no real listing shows it)."""
    GAMES[CountingGame.game_id] = CountingGame
    yield CountingGame
    GAMES.pop(CountingGame.game_id, None)
