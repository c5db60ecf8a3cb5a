"""The registry of games: every game states its facts once, here (DESIGN D2, last bullet).

``GAMES``: game id -> Match subclass (``@register`` on the class puts it there).
``GAMES_INFO``: game id -> :class:`GameInfo`, what everything outside ``game/rules`` needs
to know about a game: its title and player counts (read from the Match class), the seats
that must be people, its options with their labels and the player counts each applies
to, the commands that mean "no answer" in a window, the events that are public moments
and the events that reveal something to the mover alone.

A rules module ends with one block that registers its facts::

    register_info(GameInfo(
        match=HammerMatch,
        pass_commands=({"type": "pass"},),
    ))

``register_info`` also registers the Match class when ``@register`` did not. The front
ends (CLI, UI, host) and the contract tests ask :func:`game_info`; a Match registered
without a GameInfo is an error the contract tests report by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from game.engine.match import Match

GAMES: dict[str, type[Match]] = {}
GAMES_INFO: dict[str, GameInfo] = {}
M = TypeVar("M", bound="type[Match]")


def register(cls: M) -> M:
    """Class decorator: make a Match subclass reachable as ``GAMES[cls.game_id]``."""
    GAMES[cls.game_id] = cls
    return cls


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class GameOption:
    """One game option a person chooses when setting up a table.

    ``key`` is the key of ``Match.option_defaults``; ``label`` the words a form shows
    beside it; ``players``: the player counts (names given to ``new_match``) it applies
    to, or None for every count the game takes. Outside those counts a front end does not
    offer it (the rules ignore or refuse it there)."""

    key: str
    label: str
    players: tuple[int, ...] | None = None


@dataclass(frozen=True)
class GameInfo:
    """The facts of one game. Title, id and player counts come from ``match``.

    * ``people_seats``: seats that must be people at a table with people (Malleus's
      Prévôt, seat 0); ``people_why`` says why, in words a player reads. A table of bots
      only (a simulation) may give a bot every seat.
    * ``options``: the options a person chooses (see :class:`GameOption`), in the order a
      form offers them.
    * ``pass_commands``: the commands that mean "I do not answer" in an answer window
      (the table's "No answers" button sends them).
    * ``public_moments``: event patterns; an event matching one (every key of the
      pattern equal in the event) is a climax the whole table sees together before the
      screen passes on (a verdict). ``deal_after_moment``: a public moment is followed by
      a new deal (every seat's private view changes).
    * ``private_reveals``: event types that show their mover alone something that stays
      nowhere on the table (Salem's ghost peek).
    """

    match: type[Match]
    people_seats: tuple[int, ...] = ()
    people_why: str = ""
    options: tuple[GameOption, ...] = ()
    pass_commands: tuple[Mapping[str, Any], ...] = ()
    public_moments: tuple[Mapping[str, Any], ...] = ()
    deal_after_moment: bool = False
    private_reveals: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        # read-only copies: a front end cannot change a game's facts by accident
        object.__setattr__(self, "pass_commands", tuple(_frozen(c) for c in self.pass_commands))
        object.__setattr__(self, "public_moments", tuple(_frozen(p) for p in self.public_moments))
        object.__setattr__(self, "private_reveals", frozenset(self.private_reveals))
        object.__setattr__(self, "options", tuple(self.options))
        object.__setattr__(self, "people_seats", tuple(self.people_seats))

    # -------------------------------------------------------------- from the class --
    @property
    def id(self) -> str:
        return self.match.game_id

    @property
    def title(self) -> str:
        return self.match.title or self.match.game_id

    @property
    def min_players(self) -> int:
        return self.match.min_players

    @property
    def max_players(self) -> int:
        return self.match.max_players

    @property
    def player_counts(self) -> tuple[int, ...]:
        """Every number of players (names) the game takes, ascending."""
        return tuple(range(self.match.min_players, self.match.max_players + 1))

    # -------------------------------------------------------------------- options --
    def option(self, key: str) -> GameOption | None:
        return next((o for o in self.options if o.key == key), None)

    def applies(self, option: str, players: int) -> bool:
        """Is ``option`` offered for a table of ``players`` players?"""
        found = self.option(option)
        if found is None or players not in self.player_counts:
            return False
        return found.players is None or players in found.players

    def options_for(self, players: int) -> tuple[GameOption, ...]:
        """The options offered for ``players`` players, in the form's order."""
        return tuple(o for o in self.options if self.applies(o.key, players))

    # ---------------------------------------------------------------------- seats --
    def bots_problem(self, bots: Iterable[int], played: Iterable[int]) -> str | None:
        """Why these bot seats cannot be, or None. ``bots`` and ``played`` are seats of
        the match (``played``: every seat a person or a bot plays, without absent
        seats). A seat that must be a person may be a bot only when every seat is."""
        bots = set(bots)
        if not self.people_seats or set(played) <= bots:
            return None
        taken = sorted(s for s in self.people_seats if s in bots)
        if not taken:
            return None
        why = self.people_why or f"seat {taken[0]} is always a person"
        return f"in {self.title} {why}: a bot may take that seat only when bots play every seat"

    def bots_problem_for_players(self, bots: Iterable[int], players: int) -> str | None:
        """:meth:`bots_problem` with ``bots`` counting players (0 = first name), as the
        command line and the forms give them (a game may add absent seats: Salem's
        ghosts)."""
        absent = list(self.match.absent_seats(players))
        played = [s for s in range(players + len(absent)) if s not in absent]
        seats = [played[b] for b in bots if 0 <= b < len(played)]
        return self.bots_problem(seats, played)

    # ------------------------------------------------------------- the hot-seat screen --
    def is_public_moment(self, event: Mapping[str, Any]) -> bool:
        return any(all(event.get(k) == v for k, v in pattern.items()) for pattern in self.public_moments)

    def is_pass(self, command: Mapping[str, Any]) -> bool:
        return any(dict(command) == dict(p) for p in self.pass_commands)


def register_info(info: GameInfo) -> GameInfo:
    """Register a game's facts (and its Match class, when ``@register`` did not).

    Refuses facts that contradict the class: an option that is not one of the Match's
    ``option_defaults``, an option's player count or a person seat the game cannot have."""
    cls = info.match
    game_id = cls.game_id
    if not game_id:
        raise ValueError(f"{cls.__name__} has no game_id")
    if GAMES.get(game_id, cls) is not cls:
        raise ValueError(f"two games claim the id {game_id!r}: {GAMES[game_id].__name__} and {cls.__name__}")
    for option in info.options:
        if option.key not in cls.option_defaults:
            raise ValueError(f"{game_id}: option {option.key!r} is not in {cls.__name__}.option_defaults")
        if option.players is not None and not set(option.players) <= set(info.player_counts):
            raise ValueError(f"{game_id}: option {option.key!r} names player counts the game does not take")
    if any(not 0 <= s < cls.min_players for s in info.people_seats):
        raise ValueError(f"{game_id}: a seat that must be a person is not at every table")
    GAMES[game_id] = cls
    GAMES_INFO[game_id] = info
    return info


def unregister(game_id: str) -> None:
    """Take a game out of the registry (tests that register a game for a while)."""
    GAMES.pop(game_id, None)
    GAMES_INFO.pop(game_id, None)


def game_info(game_id: str) -> GameInfo:
    """The facts of ``game_id``; KeyError naming the known games for an unknown one."""
    try:
        return GAMES_INFO[game_id]
    except KeyError:
        raise KeyError(f"no GameInfo for {game_id!r} (known: {', '.join(sorted(GAMES_INFO)) or 'none'})") from None
