"""The bot interface and the random bot."""
from __future__ import annotations

import random
from typing import Protocol

FILLER_TEXTS = ("I have nothing to add.", "So it is.", "The village remembers.")


class Bot(Protocol):
    """Anything that picks one of ``legal`` given ``view`` (both for its own seat only)."""

    def choose(self, view: dict, legal: list[dict]) -> dict: ...


class RandomBot:
    """Picks uniformly among the legal commands, from its own seeded generator.

    It prefers not to pass when something else is possible only ``pass_bias`` of the
    time, so games do not stall in endless passing.
    """

    def __init__(self, seed: int = 0, pass_bias: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.pass_bias = pass_bias

    def choose(self, view: dict, legal: list[dict]) -> dict:
        if not legal:
            raise ValueError("no legal command to choose from")
        pool = legal
        if self.pass_bias and len(legal) > 1 and self.rng.random() < self.pass_bias:
            active = [c for c in legal if c.get("type") != "pass"]
            pool = active or legal
        command = dict(pool[self.rng.randrange(len(pool))])
        for key, value in command.items():
            if value == "":  # free-text field (story game): any non-empty text is legal
                command[key] = self.rng.choice(FILLER_TEXTS)
        return command


BOT_KINDS = {"random": RandomBot}


def make_bot(kind: str = "random", seed: int = 0) -> Bot:
    try:
        return BOT_KINDS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot kind {kind!r} (known: {', '.join(BOT_KINDS)})") from None


def play_bots(match, bots: dict[int, Bot], max_commands: int = 100_000) -> int:
    """Let ``bots`` (seat -> bot) play ``match`` until it is over or a human must act.

    Among several seats that may act, the lowest seat with a bot moves first, so a seed
    plus the bots' seeds replays exactly. Returns the number of commands applied.
    """
    applied = 0
    while not match.over and applied < max_commands:
        seats = [s for s in match.to_act() if s in bots]
        if not seats:
            break
        seat = seats[0]
        command = bots[seat].choose(match.view(seat), match.legal(seat))
        match.apply(seat, command)
        applied += 1
    return applied
