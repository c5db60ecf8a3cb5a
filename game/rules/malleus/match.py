"""Malleus Maleficarum: the Match, wiring the engine's hooks to the rules modules.

Each hook of :class:`~game.engine.match.Match` hands the match to the module that does
the work: :mod:`~game.rules.malleus.setup` (``_setup``), :mod:`~game.rules.malleus.legal`
(``_legal``), :mod:`~game.rules.malleus.commands` (``_apply``, through the ``COMMANDS``
table), :mod:`~game.rules.malleus.view` (``_view``), :mod:`~game.rules.malleus.sides`
(who the table waits for) and :mod:`~game.rules.malleus.determinize`.

What the class adds to the engine's contract: *interjections* (docs/rules/malleus.md
§3.4, R24) — cites, sides, joins, judging, narration, recorded facts and card plays are
open to every eligible seat at every command point of the game proper without the
table waiting for them: ``apply`` lets such a command in from a seat outside
``to_act`` (the handler checks everything else) and ``legal(seat)`` lists them for every
seat. Listing card holders in ``to_act`` would tell the table who holds a playable card
(§5), and a table that waited for every possible interjection would never move on.
"""

from __future__ import annotations

import random
from typing import Any

from game.engine.match import Match, SetupError
from game.engine.registry import register
from game.rules.malleus import commands, determinize, legal, setup, view
from game.rules.malleus.cards import Catalog, catalog, stereotypes
from game.rules.malleus.sides import waiting_seats
from game.rules.malleus.state import INTERJECTIONS, PREVOT, is_int, plain_copy, scores
from game.rules.malleus.villages import VILLAGE_CHOICES
from game.rules.malleus.words import phase_words


@register
class MalleusMatch(Match):
    """Malleus Maleficarum. See the package docstring and docs/rules/malleus.md."""

    game_id = "malleus"
    title = "Malleus Maleficarum"
    min_players = 4  # the Prévôt and 3 players
    max_players = 6  # the Prévôt and 5 players
    #: determinize is an honest forward model, but bots do not search the story game:
    #: its player seats play the neutral story-moving style (why: game/bots/malleus.py)
    search_bots = False
    #: ``village``: "build" the village at the table (§2.2-§2.5) or start from a "ready" one (§2.10)
    option_defaults = {"village": "build"}
    #: the words a form shows for each value of an option with named choices (the New game
    #: and Host forms offer the one that is not the default as a box to tick)
    option_choices = {"village": dict(VILLAGE_CHOICES)}

    #: the card catalog (set up by ``_setup`` and ``_loaded``)
    cat: Catalog
    #: the witch stereotypes w1-w8 as plain data
    _stereotypes: list[dict[str, Any]]
    #: a seat let in for one interjection by :meth:`apply` (None otherwise)
    _extra_seat: int | None
    #: has the command being applied rolled dice yet (``last_rolls`` holds its rolls)
    _rolled: bool

    def __init__(self, players: list[str], seed: int = 0, options: dict[str, Any] | None = None) -> None:
        if isinstance(players, (list, tuple)) and not 4 <= len(players) <= 6:
            raise SetupError(
                f"Malleus Maleficarum needs the Prévôt and 3 to 5 players, "
                f"not {len(players) - 1 if players else 0} players"
            )
        self._extra_seat = None
        super().__init__(players, seed, options)

    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        merged = super()._check_options(options)
        if not isinstance(merged["village"], str) or merged["village"] not in VILLAGE_CHOICES:
            raise SetupError(
                f"the option village is {' or '.join(map(repr, VILLAGE_CHOICES))}, not {merged['village']!r}"
            )
        return merged

    def _setup(self) -> None:
        setup.setup(self)

    def _loaded(self) -> None:
        self.cat = catalog()
        self._stereotypes = stereotypes()
        self._extra_seat = None
        self._rolled = False

    def inject_dice(self, *values: int) -> None:
        """The next dice show ``values`` in order (each value one die), then the seed
        takes over again. For tests and worked examples; part of the saved state."""
        for v in values:
            if not is_int(v) or not 1 <= v <= 6:
                raise ValueError(f"a die shows 1 to 6, not {v!r}")
        self.state["dice_script"].extend(values)

    @property
    def players_seats(self) -> list[int]:
        """The players' seats, 1..N (seat 0 is the Prévôt)."""
        return list(range(1, self.n))

    # ------------------------------------------------------------------ contract ----
    def _over(self) -> bool:
        ret: bool = self.state["over"]
        return ret

    def _scores(self) -> list[int]:
        return scores(self)

    def _winners(self, scores: list[Any]) -> list[int]:
        return list(self.state["winners"])

    def _score_breakdown(self) -> list[list[tuple[str, int]]]:
        # where each player's personal gain came from is his ledger's business (§5): one line
        return [[("Personal gain", score)] for score in self._scores()]

    def _to_act(self) -> list[int]:
        seats = set(waiting_seats(self))
        if self._extra_seat is not None:
            seats.add(self._extra_seat)
        return sorted(seats)

    def legal(self, seat: int | None) -> list[dict[str, Any]]:
        """Every command ``seat`` may send now: a seat the table waits for gets all of its
        moves, any other seat its open interjections (see the module docstring)."""
        self.check_seat(seat, spectator=True)
        if seat is None or self.over:
            return []
        if seat in self._to_act():
            return self._legal(seat)
        if self.state["phase"] != "round":
            return []
        return [c for c in self._legal(seat) if c["type"] in INTERJECTIONS]

    def apply(self, seat: int, command: dict[str, Any]) -> list[dict[str, Any]]:
        # The base class checks ``to_act``; an interjection's sender is let in for this
        # one command and the handler checks everything else (see the module docstring).
        ctype = command.get("type") if isinstance(command, dict) else None
        extra = (
            self._valid_seat(seat)
            and isinstance(ctype, str)
            and ctype in INTERJECTIONS
            and not self.over
            and self.state["phase"] == "round"
        )
        self._extra_seat = seat if extra else None
        try:
            return super().apply(seat, command)
        finally:
            self._extra_seat = None

    def emit(self, event: dict[str, Any], to: Any = None, others: dict[str, Any] | None = None) -> None:
        """Record a copy of ``event`` (and ``others``): the log never shares an object
        with the state, so an event, once sent, never changes (logs are append-only,
        docs/rules/malleus.md §5.6). A vendetta kept in a ledger and shown in a ``card``
        or ``secret_action`` event would otherwise change with the ledger."""
        super().emit(plain_copy(event), to, None if others is None else plain_copy(others))

    def _not_your_turn(self, seat: int, command: dict[str, Any]) -> str:
        waiting = waiting_seats(self)
        names = " and ".join("the Prévôt" if w == PREVOT else self.players[w] for w in waiting) or "nobody"
        return f"The table is waiting for {names} ({phase_words(self)})."

    def _apply(self, seat: int, cmd: dict[str, Any]) -> None:
        commands.apply(self, seat, cmd)

    def _legal(self, seat: int) -> list[dict[str, Any]]:
        return legal.legal(self, seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _determinize(self, seat: int, rng: random.Random) -> None:
        determinize.determinize(self, seat, rng)
