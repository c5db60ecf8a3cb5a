"""Salem 1692: the Match, wiring the engine's hooks to the rules modules.

Each hook of :class:`~game.engine.match.Match` hands the match to the module that does
the work: :mod:`~game.rules.salem.setup` (``_setup``), :mod:`~game.rules.salem.legal`
(``_legal``), :mod:`~game.rules.salem.commands` (``_apply``, through the ``COMMANDS``
table), :mod:`~game.rules.salem.view` (``_view``), :mod:`~game.rules.salem.state` (who
is awaited, the scores), :mod:`~game.rules.salem.timers` and
:mod:`~game.rules.salem.determinize`. The only state of its own is ``_oot``: the seat
arranging its row out of turn while that command is applied (R42).
"""

from __future__ import annotations

import random
from typing import Any

from game.engine.commands import dispatch
from game.engine.match import Match
from game.engine.registry import register
from game.rules.salem import commands, determinize, legal, setup, state, timers, view, words
from game.rules.salem.cards import Catalog, catalog
from game.rules.salem.flow import advance


@register
class SalemMatch(Match):
    """Salem 1692. See the package docstring for the contract and flow, and
    docs/rules/salem.md for the rules and rulings."""

    game_id = "salem"
    title = "Salem 1692"
    min_players = 2
    max_players = 12
    option_defaults = {
        "town_hall": False,
        "short_game_guard": False,
        "hide_witch_on_death": False,
        "extra_witch": False,
        "first_player": None,
        "ghosts": None,
        "timer_s": None,
    }

    #: the card catalogue (set by ``_setup`` and ``_loaded``)
    cat: Catalog

    def __init__(self, players: list[str], seed: int = 0, options: dict[str, Any] | None = None) -> None:
        self._oot: int | None = None
        players, options = setup.seat_the_ghosts(players, options)
        super().__init__(players, seed, options)

    @classmethod
    def absent_seats(cls, players: int) -> list[int]:
        return setup.absent_seats(players)

    def absent(self) -> list[int]:
        return list(self.state["ghosts"])

    # ------------------------------------------------------------------ engine hooks --
    def _setup(self) -> None:
        self._oot = None
        setup.setup(self)

    def _loaded(self) -> None:
        self.cat = catalog()
        self._oot = None

    def _over(self) -> bool:
        ret: bool = self.state["over"]
        return ret

    def _to_act(self) -> list[int]:
        s = self.state
        if s["over"]:
            return []
        # who the table waits for (state.awaited, written out: this runs several times a command)
        if s["stack"]:
            top = s["stack"][-1]
            w = top.get("window")
            out = list(w["waiting"]) if w is not None else [top["await"]] if top.get("await") is not None else []
        else:
            out = [s["active"]] if s["active"] is not None else []
        if self._oot is not None and self._oot not in out:
            out = out + [self._oot]
        return out

    def _legal(self, seat: int) -> list[dict[str, Any]]:
        return legal.legal(self, seat)

    def _apply(self, seat: int, cmd: dict[str, Any]) -> None:
        dispatch(commands.COMMANDS, self, seat, cmd, game_title="Salem")
        advance(self)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _scores(self) -> list[int]:
        return state.scores(self)

    def _winners(self, scores: list[Any]) -> list[int]:
        return list(self.state["winners"])

    def _score_breakdown(self) -> list[list[tuple[str, int]]]:
        return state.score_breakdown(self)

    def _determinize(self, seat: int, rng: random.Random) -> None:
        determinize.determinize(self, seat, rng)

    def _timer_key(self, seat: int) -> str:
        return timers.timer_key(self, seat)

    def _timeout_command(self, seat: int) -> dict[str, Any] | None:
        return timers.timeout_command(self, seat)

    def _not_your_turn(self, seat: int, command: dict[str, Any]) -> str:
        return words.not_your_turn(self, seat, command)

    def apply(self, seat: int, command: dict[str, Any]) -> list[dict[str, Any]]:
        # R42: a living seat may arrange its own row out of turn
        if (
            type(command) is dict
            and command.get("type") == "arrange_tryals"
            and self._valid_seat(seat)
            and not self.over
            and seat not in state.awaited(self)
        ):
            self._oot = seat
            try:
                return super().apply(seat, command)
            finally:
                self._oot = None
        return super().apply(seat, command)

    # asked by tests and tools: does a seat hold a Tryal card of this kind face down?
    def _holds(self, seat: int, kind: str) -> bool:
        return state.holds(self, seat, kind)
