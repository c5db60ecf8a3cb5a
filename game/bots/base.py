"""The bot interface, the random bot, and the helpers that let bots play a match."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.engine.match import Match

FILLER_TEXTS = ("I have nothing to add.", "So it is.", "The village remembers.")


class Bot(Protocol):
    """Anything that picks one of ``legal`` given ``view`` (both for its own seat only)
    and, for bots that search, ``model``: the seat's :class:`SeatModel`
    (sampled worlds from ``Match.determinize``, nothing else)."""

    def choose(
        self, view: dict[str, Any], legal: list[dict[str, Any]], model: SeatModel | None = None
    ) -> dict[str, Any]: ...


class SeatModel:
    """A bot's only door to the match: its seat, and sampled worlds for that seat.

    ``sample(rng)`` is ``match.determinize(seat, rng)``; nothing else of the match is
    reachable through this object's interface. Give it a snapshot (``match.copy()``)
    when the real match may change while the bot thinks (a worker thread)."""

    __slots__ = ("_match", "seat")

    def __init__(self, match: Match, seat: int) -> None:
        self._match = match
        self.seat = seat

    def sample(self, rng: random.Random) -> Match:
        return self._match.determinize(self.seat, rng)

    @property
    def searchable(self) -> bool:
        """May the seat be searched (the game implements determinize and does not
        turn search down, ``Match.can_search``)?"""
        return self._match.can_search()


#: game id -> the bot class that plays that game "at random" (a story game needs a
#: random player that moves the story on; a uniform pick among its hundreds of optional
#: moves would never finish). Game modules register themselves (game/bots/malleus.py).
RANDOM_STYLE: dict[str, Callable[[int], Bot]] = {}

#: game id -> ``fn(view, command, rng) -> command``: optional fields a game's commands may
#: carry that ``legal()`` leaves out, added by the random bot the way a player would
#: (Hammer's sealed ``bribes``, game/bots/hammer.py). It may use only ``view``.
COMMAND_EXTRAS: dict[str, Callable[[dict[str, Any], dict[str, Any], random.Random], dict[str, Any]]] = {}


class RandomBot:
    """Picks uniformly among the legal commands, from its own seeded generator.

    It prefers not to pass when something else is possible only ``pass_bias`` of the
    time, so games do not stall in endless passing. For a game listed in
    :data:`RANDOM_STYLE` it plays that game's own random style instead.
    """

    def __init__(self, seed: int = 0, pass_bias: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.pass_bias = pass_bias
        self._styled: Bot | None = None

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]], model: Any = None) -> dict[str, Any]:
        if not legal:
            raise ValueError("no legal command to choose from")
        style = RANDOM_STYLE.get(view.get("game", ""))
        if style is not None:
            if self._styled is None:
                self._styled = style(self.rng.getrandbits(32))
            return self._styled.choose(view, legal)
        pool = legal
        if self.pass_bias and len(legal) > 1 and self.rng.random() < self.pass_bias:
            active = [c for c in legal if c.get("type") != "pass"]
            pool = active or legal
        command = dict(pool[self.rng.randrange(len(pool))])
        for key, value in command.items():
            if value == "":  # free-text field (story game): any non-empty text is legal
                command[key] = self.rng.choice(FILLER_TEXTS)
        extra = COMMAND_EXTRAS.get(view.get("game", ""))
        return extra(view, command, self.rng) if extra is not None else command


def bot_move(bot: Bot, match: Match, seat: int) -> dict[str, Any]:
    """Ask ``bot`` for ``seat``'s command: its view, its legal list and its model."""
    return bot.choose(match.view(seat), match.legal(seat), SeatModel(match, seat))


def play_bots(match: Match, bots: dict[int, Bot], max_commands: int = 100_000) -> int:
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
        match.apply(seat, bot_move(bots[seat], match, seat))
        applied += 1
    return applied
