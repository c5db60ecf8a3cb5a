"""The Hammer of the Witches: the Match, wiring the engine's hooks to the rules modules.

Each hook of :class:`~game.engine.match.Match` hands the match to the module that does
the work: :mod:`~game.rules.hammer.setup` (``_setup``), :mod:`~game.rules.hammer.legal`
(``_legal``), :mod:`~game.rules.hammer.commands` (``_apply``, through the ``COMMANDS``
table), :mod:`~game.rules.hammer.view` (``_view``), :mod:`~game.rules.hammer.state`
(``_scores``) and :mod:`~game.rules.hammer.determinize`.

The flow (docs/rules/hammer.md §2, §5): ``setup`` (every seat that has not placed may
send ``place_pyres``) -> round 1 ``accusation`` from Pet Pig Berta's owner -> ``arrest``
-> ``trial`` (ending in the burning) -> ``evidence`` -> the next round ... -> ``over``.

Who acts (``_to_act``) is, in this precedence: the seat that must ``choose_witch``; the
seats asked by the top open window that have not answered (all of them at once, §4); the
setup seats still placing; the active player (the Accusation); the seat with priority
(the Arrest); the seat whose trial turn it is (the Trial); the seat discarding
(Collecting Evidence).
"""

from __future__ import annotations

import random
from typing import Any

from game.engine.match import Match
from game.engine.registry import register
from game.rules.hammer import commands, determinize, legal, setup, state, view
from game.rules.hammer.cards import Tables, tables


@register
class HammerMatch(Match):
    """The Hammer of the Witches (see the module docstring and docs/rules/hammer.md)."""

    game_id = "hammer"
    title = "The Hammer of the Witches"
    min_players = 3
    max_players = 5

    #: the card tables (set up by ``_setup`` and ``_loaded``)
    t: Tables

    def _setup(self) -> None:
        setup.setup(self)

    def _loaded(self) -> None:
        self.t = tables()
        self.state.setdefault("box", [])  # saves from before bribes were sealed (§8.2)

    def _over(self) -> bool:
        ret: bool = self.state["over"]
        return ret

    def _to_act(self) -> list[int]:
        s = self.state
        if s["over"]:
            return []
        if s["choice"] is not None:
            return [s["choice"]["by"]]
        if s["windows"]:
            w = s["windows"][-1]
            return [x for x in w["order"] if x not in w["passed"]]
        phase = s["phase"]
        if phase == "setup":
            return [i for i, done in enumerate(s["placed"]) if not done]
        if phase == "accusation":
            return [s["active"]]
        if phase == "arrest":
            return [s["priority"]]
        if phase == "trial":
            return [s["trial_order"][s["trial_idx"]]]
        if phase == "evidence":
            return [s["refill_order"][s["refill_idx"]]]
        return []

    def _legal(self, seat: int) -> list[dict[str, Any]]:
        return legal.legal(self, seat)

    def _apply(self, seat: int, cmd: dict[str, Any]) -> None:
        commands.apply(self, seat, cmd)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _scores(self) -> list[int]:
        return state.scores(self)

    def _score_breakdown(self) -> list[list[tuple[str, int]]]:
        return state.score_breakdown(self)

    def _determinize(self, seat: int, rng: random.Random) -> None:
        determinize.determinize(self, seat, rng)

    # the living villagers and the current witch, asked by tests and tools
    def _alive(self) -> list[str]:
        return state.alive(self)

    def _hottest(self) -> list[str]:
        return state.hottest(self)
