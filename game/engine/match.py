"""The engine contract every game, front end, bot and test goes through (DESIGN D2).

A :class:`Match` is one game being played. A rules module subclasses it and fills in the
``_setup / _to_act / _legal / _apply / _view / _scores`` hooks; this base class supplies
everything the contract promises on top of them:

* ``apply`` is atomic: when the rules raise :class:`IllegalCommand` (or any error) the
  state, the generator and the log are restored exactly;
* the event log is redacted per seat exactly like the view (``emit(event, to=…)``);
* ``to_json`` / ``from_json`` round-trip exactly, generator state included, and a seed
  plus the command list replays to byte-identical JSON;
* bad input of any shape is refused with :class:`IllegalCommand` before the rules see it
  (:mod:`game.engine.shape`): a command is checked to be bounded plain JSON (text keys,
  no huge integers, NaN, deep nesting or odd types), and ``apply`` / ``view`` / ``log`` /
  ``legal`` check their seat the same way (an ``int`` seat at this table; ``True`` and
  ``1.0`` are not seats; ``None`` is the spectator where a spectator makes sense). Rules
  code quotes client values in messages only through :func:`~game.engine.shape.shown`.

State kept by a rules module in ``self.state`` must be plain JSON data (dicts with
string keys, lists, str, int, bool, None): that is what makes the round trip exact.

Timers (a contract extension; Salem's timer is the first user)
-------------------------------------------------------------
The engine knows no clock; a front end runs it. A game that offers timers has a game
option ``timer_s`` (seconds per moment; ``None``/0 = off) and implements two hooks:

* ``_timeout_command(seat) -> dict | None``: the one concrete command the rules
  prescribe for ``seat`` when its time runs out *now* (a ``pass``, an end of turn, a
  random pick …). It is always one of ``legal(seat)`` and is applied through
  :meth:`apply` like any other command, so saves, the journal and replay hold the
  concrete command and replay stays exact. Any random choice comes from
  :meth:`timeout_rng`, a generator seeded from the match's seed, state id, seat and
  moment: the same position always gives the same command and the match's own
  generator is never touched (asking is free; nothing changes until it is applied).
* ``_timer_key(seat) -> str``: an opaque label of what ``seat`` is being waited for
  (its turn, a trial choice, a window …). A front end restarts a seat's clock when the
  seat starts being awaited and whenever its key changes; while the key stays the same
  (several plays in one turn, the other seats answering a window) the clock runs on.

The public API: :meth:`timer_seconds` (the option, or None when the game has no timer
or it is off), :meth:`timeout_command` (None for a seat not awaited, or a game without
timers) and :meth:`timer_key`. A front end applies ``timeout_command(seat)`` as that
seat once the clock of that seat has run out, and again while the seat is still
awaited with the same key (one command per step: Salem's ghost picks need several),
and tells the table with a note ``{"type": "timeout", "seat": s}`` that is not an
engine event (:meth:`log_with_notes` merges such notes into a seat's log). Which
command it was is not part of the note: a blind window's answer stays secret.
"""

from __future__ import annotations

import copy
import hashlib
import json
import marshal
import random
from collections.abc import Iterable
from typing import Any, ClassVar

from game.engine.errors import IllegalCommand, SaveError
from game.engine.registry import GAMES, GAMES_INFO
from game.engine.rng import MatchRng
from game.engine.shape import check_command, check_seat, valid_seat

SAVE_FORMAT = "witchhunt-match"
SAVE_VERSION = 1
MAX_NAME = 24
MAX_TEXT = 200


class SetupError(ValueError):
    """``new_match`` was asked for something the game cannot set up (bad player count …)."""


def name_problem(name: str) -> str | None:
    """Why ``name`` (trimmed) cannot be a player's name at a table, or None: it must not
    be empty, must be printable and at most 24 characters (the CLI and the forms ask)."""
    if not name.strip():
        return "a player needs a name the table can show"
    if not name.isprintable():
        return "names may only hold printable characters"
    if len(name.strip()) > MAX_NAME:
        return f"a name is at most {MAX_NAME} characters"
    return None


def clean_name(name: Any, fallback: str) -> str:
    """A player name safe to show anywhere: printable, trimmed, at most 24 characters."""
    text = "".join(ch for ch in str(name) if ch.isprintable()).strip()
    return text[:MAX_NAME] or fallback


class Match:
    """One match of one game. See the module docstring for the contract."""

    game_id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    #: game options and their defaults; ``bots`` (list of seats) is accepted by every game
    option_defaults: ClassVar[dict[str, Any]] = {}
    #: may bots search this game's seats (``can_search``)? A game may give an honest
    #: forward model (``determinize``) and still say no, when a search over its commands
    #: means nothing at a bot's budget (a story game): its bot seats then play the game's
    #: own random style whatever their level.
    search_bots: ClassVar[bool] = True

    # ------------------------------------------------------------------ construction --
    def __init__(self, players: list[str], seed: int = 0, options: dict[str, Any] | None = None) -> None:
        if not isinstance(players, (list, tuple)):
            raise SetupError("players must be a list of names")
        if not (self.min_players <= len(players) <= self.max_players):
            raise SetupError(
                f"{self.title or self.game_id} needs {self.min_players} to {self.max_players} "
                f"players, not {len(players)}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError("the seed must be a whole number")
        self.players: list[str] = [clean_name(p, f"Player {i + 1}") for i, p in enumerate(players)]
        self.seed = seed
        self.options = self._check_options(options or {})
        self.rng = MatchRng(seed)
        self.state: dict[str, Any] = {}
        self.state_id = 0
        self.commands: list[list[Any]] = []
        self._log: list[dict[str, Any]] = []
        self._setup()
        self._check_people()

    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(options, dict):
            raise SetupError("options must be a mapping")
        known = dict(self.option_defaults)
        known.setdefault("bots", [])
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise SetupError(f"unknown option for {self.game_id}: {', '.join(unknown)}")
        merged = copy.deepcopy(known)
        merged.update(copy.deepcopy(options))
        bots = merged["bots"]
        if not isinstance(bots, list) or any(
            isinstance(b, bool) or not isinstance(b, int) or not 0 <= b < len(self.players) for b in bots
        ):
            raise SetupError(f"bots must be a list of seats from 0 to {len(self.players) - 1}")
        merged["bots"] = sorted(set(bots))
        return merged

    def _check_people(self) -> None:
        """Refuse a bot on a seat the game's :class:`~game.engine.registry.GameInfo` says
        must be a person (after setup: a game may have added absent seats)."""
        info = GAMES_INFO.get(self.game_id)
        if info is None or info.match is not type(self):
            return
        played = [s for s in range(self.n) if s not in self.absent()]
        problem = info.bots_problem(self.options["bots"], played)
        if problem is not None:
            raise SetupError(problem[0].upper() + problem[1:])

    # ------------------------------------------------------------------ the contract --
    @property
    def n(self) -> int:
        """Number of seats."""
        return len(self.players)

    @property
    def over(self) -> bool:
        return bool(self._over())

    def to_act(self) -> list[int]:
        """Seats that may send a command now, ascending; ``[]`` when the match is over."""
        if self.over:
            return []
        return sorted(self._to_act())

    def legal(self, seat: int | None) -> list[dict[str, Any]]:
        """Every complete command ``seat`` may send now, in a deterministic order
        (``[]`` for a spectator, ``None``)."""
        self.check_seat(seat, spectator=True)
        if seat is None or self.over or seat not in self._to_act():
            return []
        return self._legal(seat)

    def apply(self, seat: int, command: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply ``command`` for ``seat``; return the events as ``seat`` may see them.

        Raises :class:`IllegalCommand` with a specific message when the rules refuse the
        command; the match is then exactly as it was.
        """
        self.check_seat(seat, spectator=False)
        check_command(command)
        if self.over:
            raise IllegalCommand("game_over", "The game is over.")
        if seat not in self._to_act():
            raise IllegalCommand("not_your_turn", self._not_your_turn(seat, command))
        try:
            # marshal is a fast deep copy for plain data, and refuses anything else
            frozen_command = marshal.dumps(command)
        except ValueError:
            raise IllegalCommand("bad_command", "A command may hold only plain values.") from None
        saved_state = marshal.dumps(self.state)
        log_len = len(self._log)
        self.rng.begin()
        try:
            self._apply(seat, marshal.loads(frozen_command))
        except BaseException:
            self.state = marshal.loads(saved_state)
            self.rng.rollback()
            del self._log[log_len:]
            raise
        self.rng.commit()
        self.state_id += 1
        for entry in self._log[log_len:]:
            entry["sid"] = self.state_id
        self.commands.append([seat, marshal.loads(frozen_command)])
        return [e for e in (self._visible(entry, seat) for entry in self._log[log_len:]) if e is not None]

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know, as JSON-able data; ``None`` is a spectator."""
        self.check_seat(seat, spectator=True)
        view = {
            "game": self.game_id,
            "state_id": self.state_id,
            "to_act": self.to_act(),
            "over": self.over,
            "seat": seat,
        }
        view.update(self._view(seat))
        return view

    def log(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The event log as ``seat`` may see it (events of commands numbered ``since``
        and later; ``since`` is a whole number)."""
        self.check_seat(seat, spectator=True)
        if type(since) is not int:
            raise IllegalCommand("bad_since", "'since' must be a whole number (a state id).")
        out = []
        for entry in self._log:
            if entry["sid"] < since:
                continue
            event = self._visible(entry, seat)
            if event is not None:
                out.append(event)
        return out

    def result(self) -> dict[str, Any]:
        """``{"scores": [...per seat...], "winners": [seats]}``; winners is [] until over."""
        scores = list(self._scores())
        winners: list[int] = []
        if self.over:
            winners = self._winners(scores)
        return {"scores": scores, "winners": winners}

    def score_breakdown(self) -> list[list[dict[str, Any]]]:
        """Where each seat's score came from, once the game is over ([] before): per seat
        a list of ``{"label": str, "points": int}`` adding up to ``result()["scores"][seat]``
        (the game's ``_score_breakdown``; one "Score" line for a game without one).
        Public facts only: the game-over screen shows it to everyone."""
        if not self.over:
            return []
        lines = self._score_breakdown()
        if lines is None:
            lines = [[("Score", score)] for score in self._scores()]
        return [[{"label": label, "points": points} for label, points in seat_lines] for seat_lines in lines]

    # --------------------------------------------------------------- serialisation --
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "state": self.state,
            "rng": self.rng.to_json(),
            "log": self._log,
            "state_id": self.state_id,
            "commands": self.commands,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    @staticmethod
    def from_json(text: str | bytes) -> Match:
        """Rebuild a match from :meth:`to_json` output; :class:`SaveError` if it cannot."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise SaveError(f"not a saved match (bad JSON: {exc})") from None
        return Match.from_dict(data)

    @staticmethod
    def from_dict(data: Any) -> Match:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a saved Witchhunt Table match")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"saved by an unknown version ({data.get('version')!r})")
        game = data.get("game")
        cls = GAMES.get(game) if isinstance(game, str) else None
        if cls is None:
            raise SaveError(f"unknown game {data.get('game')!r}")
        try:
            match = cls.__new__(cls)
            match.players = [str(p) for p in data["players"]]
            match.seed = int(data["seed"])
            match.options = dict(data["options"])
            match.rng = MatchRng.from_json(data["rng"])
            match.state = data["state"]
            match.state_id = int(data["state_id"])
            match.commands = list(data["commands"])
            match._log = list(data["log"])
            match._loaded()
            match.to_act()
        except SaveError:
            raise
        except Exception as exc:  # a damaged file: say so, never crash
            raise SaveError(f"damaged save ({type(exc).__name__}: {exc})") from None
        return match

    def copy(self) -> Match:
        """An independent, exact copy (same as ``from_json(to_json())``, without the text)."""
        return Match.from_dict(marshal.loads(marshal.dumps(self.to_dict())))

    @classmethod
    def replay(
        cls, players: list[str], seed: int, options: dict[str, Any] | None, commands: Iterable[list[Any]]
    ) -> Match:
        """Set up afresh and apply every ``[seat, command]`` in order."""
        match = cls(players, seed, options)
        for seat, command in commands:
            match.apply(seat, command)
        return match

    # ------------------------------------------------- determinization (bots) ------
    def determinize(self, seat: int, rng: random.Random) -> Match:
        """A full, playable copy of this match as ``seat`` might believe it to be.

        Everything ``seat`` cannot know is resampled with ``rng`` (a
        :class:`random.Random`), uniformly among the worlds consistent with
        ``view(seat)`` and ``log(seat)``: the other hands, the deck order, hidden
        roles and placements (the rules module's :meth:`_determinize` hook says what is
        hidden), and the match's own generator, so future shuffles and dice are fresh
        too. Kept as they are: the players, the options (the public setup of the
        table), the state id, and the log as ``seat`` sees it (``copy.log(seat) ==
        log(seat)``, other seats see the same in the copy). The seed, the command list
        and everyone else's private log entries are not copied.

        The copy is a function of ``view(seat)``, ``log(seat)``, the setup and
        ``rng`` alone: two matches that look the same to ``seat`` give identical copies
        (``to_json()`` equal) for generators in the same state. ``copy.view(seat) ==
        view(seat)``. It is the only forward model a bot may use (DESIGN D2).
        Raises :class:`NotImplementedError` for a game without the hook.
        """
        self.check_seat(seat, spectator=False)
        if not self.can_determinize():
            raise NotImplementedError(f"{self.title or self.game_id} has no determinize hook yet")
        world = type(self).__new__(type(self))
        world.players = list(self.players)
        world.options = marshal.loads(marshal.dumps(self.options))
        world.state = marshal.loads(marshal.dumps(self.state))
        world.state_id = self.state_id
        world.commands = []
        world._log = list(self._seat_log(seat))
        world.seed = 0
        world.rng = MatchRng(0)
        world._loaded()
        world._determinize(seat, rng)
        world.seed = rng.getrandbits(63)
        world.rng = MatchRng(world.seed)
        return world

    @classmethod
    def can_determinize(cls) -> bool:
        """Does this game implement :meth:`_determinize` (an honest forward model)?"""
        return cls._determinize is not Match._determinize

    @classmethod
    def can_search(cls) -> bool:
        """May a search bot think over this game's seats (determinize, and
        :attr:`search_bots`)?"""
        return cls.can_determinize() and cls.search_bots

    def _seat_log(self, seat: int) -> list[dict[str, Any]]:
        """The log entries as ``seat`` sees them, as public entries (shared, never
        mutated: entries of past commands do not change). Cached per log length."""
        cache = self.__dict__.get("_seat_log_cache")
        key = (seat, len(self._log), self.state_id)
        if cache is not None and cache[0] == key:
            cached: list[dict[str, Any]] = cache[1]
            return cached
        entries = []
        for entry in self._log:
            event = self._visible(entry, seat)
            if event is not None:
                entries.append({"sid": entry["sid"], "event": marshal.loads(marshal.dumps(event))})
        self.__dict__["_seat_log_cache"] = (key, entries)
        return entries

    def advance(self, seat: int, command: dict[str, Any]) -> None:
        """Apply a command taken from ``legal(seat)`` of this very position, fast:
        no validation, no rollback, no command record. For forward models only (a
        bot's determinized copy); everything else uses :meth:`apply`."""
        log_len = len(self._log)
        self._apply(seat, command)
        self.state_id += 1
        sid = self.state_id
        for entry in self._log[log_len:]:
            entry["sid"] = sid

    # ----------------------------------------------------------------- for rules ---
    def emit(
        self, event: dict[str, Any], to: Iterable[int] | None = None, others: dict[str, Any] | None = None
    ) -> None:
        """Record an event. ``to=None``: everyone sees it. Otherwise only the seats in
        ``to`` see ``event``; everyone else (spectators included) sees ``others``, or
        nothing when ``others`` is None."""
        entry: dict[str, Any] = {"sid": self.state_id, "event": event}
        if to is not None:
            entry["to"] = sorted(set(to))
            entry["others"] = others
        self._log.append(entry)

    def _recent(self, seat: int | None) -> list[dict[str, Any]]:
        """The events of the last applied command (the deal, before the first command) as
        ``seat`` may see them: the log's own objects, which a view copies."""
        log = self._log
        start = len(log)
        while start and log[start - 1]["sid"] == self.state_id:
            start -= 1
        return [event for event in (self._visible(entry, seat) for entry in log[start:]) if event is not None]

    def _visible(self, entry: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        event: dict[str, Any] = entry["event"]
        if "to" not in entry or (seat is not None and seat in entry["to"]):
            return event
        others: dict[str, Any] | None = entry["others"]
        return others

    def _valid_seat(self, seat: Any) -> bool:
        return valid_seat(seat, len(self.players))

    def check_seat(self, seat: Any, spectator: bool = False) -> None:
        """Raise ``IllegalCommand("bad_seat")`` unless ``seat`` is a seat at this table
        (or ``None`` when ``spectator``). The one seat check of apply/view/log/legal."""
        check_seat(seat, len(self.players), spectator)

    def _not_your_turn(self, seat: int, command: dict[str, Any]) -> str:
        """The message for a well-formed command from a seat that may not act now;
        a game may say exactly who is awaited."""
        return f"It is not {self.players[seat]}'s turn to act."

    @classmethod
    def absent_seats(cls, players: int) -> list[int]:
        """Seats the game adds to ``players`` names that nobody plays (Salem's ghosts
        with 2-3 players), as seat numbers of the match it will set up; usually none.
        A front end lays out ``players + len(absent_seats(players))`` seats."""
        return []

    def absent(self) -> list[int]:
        """The seats of this match that nobody plays (never in ``to_act``)."""
        return []

    # ------------------------------------------------------------------ timers -----
    @classmethod
    def has_timers(cls) -> bool:
        """Does this game implement :meth:`_timeout_command` (so it may run a clock)?"""
        return cls._timeout_command is not Match._timeout_command

    def timer_seconds(self) -> float | None:
        """Seconds per moment of the option ``timer_s``; None when the game has no
        timers or the option is off (see "Timers" in the module docstring)."""
        value = self.options.get("timer_s")
        if not self.has_timers() or isinstance(value, bool) or not isinstance(value, (int, float)):
            return None
        return float(value) if value > 0 else None

    def timeout_command(self, seat: int) -> dict[str, Any] | None:
        """The command the rules prescribe for ``seat`` when its time runs out now: one
        of ``legal(seat)``, deterministic for this position. None when ``seat`` is not
        awaited, the game is over or the game has no timers."""
        self.check_seat(seat, spectator=False)
        if self.over or not self.has_timers() or seat not in self.to_act():
            return None
        command = self._timeout_command(seat)
        return dict(command) if command is not None else None

    def timer_key(self, seat: int) -> str | None:
        """What ``seat`` is being waited for, as an opaque label (None when it is not
        awaited): a front end restarts the seat's clock whenever this changes."""
        self.check_seat(seat, spectator=False)
        if self.over or seat not in self.to_act():
            return None
        return str(self._timer_key(seat))

    def timeout_rng(self, seat: int) -> random.Random:
        """A generator for a timeout's random pick: a function of the seed, the state
        id, the seat and its timer key only, so the same position gives the same pick
        and the match's own generator is left alone."""
        text = f"{self.seed}:{self.state_id}:{seat}:{self._timer_key(seat)}".encode()
        return random.Random(int.from_bytes(hashlib.sha256(text).digest()[:8], "big"))

    def log_with_notes(
        self, seat: int | None, notes: Iterable[tuple[int, dict[str, Any]]], since: int = 0
    ) -> list[dict[str, Any]]:
        """``log(seat, since)`` with a front end's own notes merged in: ``notes`` are
        ``(state_id, event)`` pairs, each placed just before the events of the command
        that made that state id (a timeout note before the timed-out command's events)."""
        events = self.log(seat, since)
        pending = sorted(((sid, i, e) for i, (sid, e) in enumerate(notes) if sid >= since), key=lambda t: t[:2])
        if not pending:
            return events
        out: list[dict[str, Any]] = []
        k = 0
        for entry in self._log:
            if entry["sid"] < since:
                continue
            while k < len(pending) and pending[k][0] <= entry["sid"]:
                out.append(pending[k][2])
                k += 1
            event = self._visible(entry, seat)
            if event is not None:
                out.append(event)
        out.extend(e for _sid, _i, e in pending[k:])
        return out

    def _winners(self, scores: list[Any]) -> list[int]:
        if not scores:
            return []
        best = max(scores)
        return [i for i, s in enumerate(scores) if s == best]

    # ------------------------------------------------------- hooks for rules modules --
    def _setup(self) -> None:
        raise NotImplementedError

    def _loaded(self) -> None:
        """Called after :meth:`from_dict` filled the fields (rebuild caches here)."""

    def _over(self) -> bool:
        raise NotImplementedError

    def _to_act(self) -> Iterable[int]:
        raise NotImplementedError

    def _legal(self, seat: int) -> list[dict[str, Any]]:
        raise NotImplementedError

    def _apply(self, seat: int, command: dict[str, Any]) -> None:
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def _scores(self) -> list[Any]:
        raise NotImplementedError

    def _score_breakdown(self) -> list[list[tuple[str, int]]] | None:
        """Optional: per seat, ``(label, points)`` lines adding up to ``_scores()[seat]``
        (shown on the game-over screen). Called only once the game is over."""
        return None

    def _timeout_command(self, seat: int) -> dict[str, Any] | None:
        """Timers hook (see "Timers" in the module docstring): the command the rules
        prescribe for ``seat`` (awaited now) when its time runs out; one of
        ``legal(seat)``; random picks only from :meth:`timeout_rng`. None = no timer."""
        return None

    def _timer_key(self, seat: int) -> str:
        """Timers hook: a label of what ``seat`` is awaited for now (the clock restarts
        when it changes). This default keeps one clock while the seat stays awaited."""
        return "awaited"

    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Determinization hook (see :meth:`determinize`): this is a fresh copy whose
        ``state`` is the real one; overwrite every part ``seat`` cannot know with a
        sample drawn from ``rng``, computed only from ``self.view(seat)`` and
        ``self.log(seat)`` (the copy's log is already ``seat``'s) — for example build
        the pool of unseen cards from the view, sort it, then shuffle it with ``rng``.
        Never read a hidden part of ``state`` to decide anything."""
        raise NotImplementedError
