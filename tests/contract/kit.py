"""The machinery of the contract suite (DESIGN D2), the same for every registered game.

* :func:`contract_games`: every game in the registry, plus the test-only Coins game
  (tests/fixtures/coin_game.py), registered by the suite's ``game_id`` fixture.
* :func:`recorded`: a few seeded games per game id, played by the games' own random bots
  (``game.bots.RandomBot``, which plays a story game's own random style) over every
  player count and with the game's options switched on at random, cached per process.
  Every free text a command carries is a unique *planted* text (``planted 3.17.0``),
  so the redaction tests can tell where each text went.
* :func:`walk`: replays a record, yielding the match after setup and after each command.
* :func:`clone`: a cheap copy to try a command on (state, generator and log list; no
  command history).
* :func:`filled`: a listed command with its free text filled in.
* :func:`fits` / :func:`listed`: is a command one of ``legal()``, free text (listed as
  "") filled in, modulo the game's documented extras (:data:`hooks.EXTRAS`)?
"""

from __future__ import annotations

import json
import marshal
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from game.bots import RandomBot
from game.engine import GAMES, GAMES_INFO, Match, game_info, new_match
from game.engine.rng import MatchRng
from tests.contract import hooks
from tests.fixtures import coin_game

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lu"]


def contract_games() -> list[str]:
    """Every registered game (with or without a GameInfo: a game without one fails the
    registry test by name) and the test-only Coins game."""
    return sorted(set(GAMES) | set(GAMES_INFO)) + [coin_game.GAME_ID]


# ------------------------------------------------------------------ recorded games --
@dataclass(frozen=True)
class Record:
    """A game played once: replaying ``commands`` from the setup gives the same match."""

    game: str
    players: int
    seed: int
    options: dict = field(hash=False)
    commands: tuple = field(hash=False)
    over: bool = False

    def fresh(self) -> Match:
        return new_match(self.game, NAMES[: self.players], seed=self.seed, options=self.options)


#: per game: (games recorded, most commands in each after the first) — a budget, so the
#: whole suite stays quick; the first game is played to its end. A game not named here
#: gets DEFAULT_PLAN
PLAN = {"salem": (8, 260), "malleus": (4, 200), "hammer": (5, 260)}
DEFAULT_PLAN = (6, 240)
WHOLE_GAME = 5000


def _counts(info) -> list[int]:
    """The player counts to play: all of them, or a spread from the fewest to the most."""
    counts = list(info.player_counts)
    if len(counts) <= 5:
        return counts
    picks = {counts[0], counts[1], counts[len(counts) // 2], counts[-2], counts[-1]}
    return sorted(picks)


def _options(info, players: int, rng: random.Random) -> dict:
    """The game's true/false options that apply at this count, switched on at random."""
    defaults = info.match.option_defaults
    return {o.key: rng.random() < 0.5 for o in info.options_for(players) if isinstance(defaults.get(o.key), bool)}


def plant_text(command: Any, template: Any, marker: list[int], where: str) -> Any:
    """``command`` with every free-text field (``""`` in its ``legal()`` template)
    replaced by a unique text, so redaction tests can follow it."""
    if template == "" and isinstance(command, str):
        marker[0] += 1
        return f"planted {where}.{marker[0]}"
    if isinstance(template, dict) and isinstance(command, dict):
        return {k: plant_text(v, template.get(k), marker, where) for k, v in command.items()}
    if isinstance(template, list) and isinstance(command, list) and len(template) == len(command):
        return [plant_text(v, t, marker, where) for v, t in zip(command, template)]
    return command


def fits(value: Any, template: Any) -> bool:
    """Does ``value`` match a ``legal()`` entry, any non-empty text where it lists ""?"""
    if template == "":
        return isinstance(value, str) and bool(value.strip())
    if isinstance(template, dict):
        return (
            isinstance(value, dict)
            and value.keys() == template.keys()
            and all(fits(value[k], template[k]) for k in template)
        )
    if isinstance(template, list):
        return (
            isinstance(value, list) and len(value) == len(template) and all(fits(v, t) for v, t in zip(value, template))
        )
    return type(value) is type(template) and value == template


def template_of(command: dict, legal: list[dict]) -> dict | None:
    """The ``legal()`` entry ``command`` was made from, optional extras set aside."""
    for template in legal:
        if fits(command, template):
            return template
    shared = [
        t
        for t in legal
        if t.get("type") == command.get("type") and all(k in command and fits(command[k], v) for k, v in t.items())
    ]
    return shared[0] if shared else None


EMPTY = (None, [], {})


def fits_leaving_out(command: dict, template: dict) -> bool:
    """:func:`fits`, a field the template lists as empty (null, [], {}) left out."""
    if not isinstance(command, dict) or not set(command) <= set(template):
        return False
    return all(fits(command[k], v) if k in command else v in EMPTY for k, v in template.items())


def listed(m: Match, seat: int, command: dict, legal: list[dict]) -> bool:
    """Is ``command`` one of ``legal`` (free text filled in; a field listed as empty may
    be left out), or one of the forms the game documents that ``legal()`` leaves out
    (:data:`hooks.EXTRAS`)?"""
    if any(fits_leaving_out(command, t) for t in legal):
        return True
    extra = hooks.EXTRAS.get(m.game_id)
    return extra is not None and extra(m, seat, command, legal)


def _play(game: str, players: int, seed: int, options: dict, limit: int) -> Record:
    m = new_match(game, NAMES[:players], seed=seed, options=options)
    bots: dict[int, RandomBot] = {}
    marker = [0]
    commands = []
    while not m.over and len(commands) < limit:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        bot = bots.setdefault(seat, RandomBot(seed * 100 + seat, pass_bias=0.8))
        command = bot.choose(m.view(seat), legal)
        template = template_of(command, legal)
        if template is not None:
            command = plant_text(command, template, marker, f"{seat}.{len(commands)}")
        m.apply(seat, command)
        commands.append((seat, marshal.loads(marshal.dumps(command))))
    return Record(game, players, seed, options, tuple(commands), m.over)


def _record(game: str) -> tuple[Record, ...]:
    info = game_info(game)
    games, limit = PLAN.get(game, DEFAULT_PLAN)
    counts = _counts(info)
    rng = random.Random(f"contract-{game}")
    out = []
    for i in range(games):
        players = counts[i % len(counts)]
        out.append(_play(game, players, 1000 + i, _options(info, players, rng), WHOLE_GAME if i == 0 else limit))
    return tuple(out)


_recorded = cache(_record)


def recorded(game: str) -> tuple[Record, ...]:
    """The seeded games of ``game`` (cached per process; the Coins game, registered only
    while its tests run, is recorded afresh each time and leaves the other games' records
    in the cache)."""
    if game == coin_game.GAME_ID:
        return _record(game)
    return _recorded(game)


def walk(record: Record) -> Iterator[Match]:
    """The match of ``record`` after its setup and after each of its commands (one
    object, moved on in place: copy it to keep a position)."""
    m = record.fresh()
    yield m
    for seat, command in record.commands:
        m.apply(seat, marshal.loads(marshal.dumps(command)))
        yield m


def positions(game: str, every: int = 1) -> Iterator[Match]:
    """Every ``every``-th position of every recorded game of ``game``."""
    for record in recorded(game):
        for i, m in enumerate(walk(record)):
            if i % every == 0 and not m.over:
                yield m


def filled(value, word: str = "So it is."):
    """A listed command with its free text (listed as "") filled in."""
    if value == "":
        return word
    if isinstance(value, list):
        return [filled(v, word) for v in value]
    if isinstance(value, dict):
        return {k: filled(v, word) for k, v in value.items()}
    return value


# ------------------------------------------------------------------------ copies --
def clone(m: Match) -> Match:
    """A copy to try a command on: the state, the generator and the log (a new list of
    the same entries), without the command history. Cheap for long games."""
    c = type(m).__new__(type(m))
    c.players, c.seed, c.options = list(m.players), m.seed, m.options
    c.rng = MatchRng(0)
    c.rng.setstate(m.rng.getstate())
    c.state = marshal.loads(marshal.dumps(m.state))
    c.state_id, c.commands, c._log = m.state_id, [], list(m._log)
    c._loaded()
    return c


def fingerprint(m: Match) -> tuple:
    """Everything a refused command must leave as it was."""
    return (
        m.state_id,
        marshal.dumps(m.state),
        len(m._log),
        m.rng.getstate(),
        len(m.commands),
        json.dumps(m._log[-3:], sort_keys=True, default=repr),
    )


def seats_with_commands(m: Match) -> list[int]:
    """Seats that may send something now (``to_act``, and a game's interjections)."""
    return [s for s in range(m.n) if m.legal(s)]
