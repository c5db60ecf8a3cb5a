"""The Witch Trial match: the engine's hooks wired to the rules modules of this package
(docs/rules/witch_trial.md)."""

from __future__ import annotations

import random
from typing import Any

from game.engine.match import Match
from game.engine.registry import register
from game.rules.witch_trial import determinize, legal, setup, state, view, words
from game.rules.witch_trial.cards import catalog
from game.rules.witch_trial.commands import apply_command


@register
class WitchTrialMatch(Match):
    """One game of Witch Trial, 3 to 7 lawyers; option ``double_pass`` (§5.3).

    ``self.state`` is plain JSON data (its keys: :mod:`game.rules.witch_trial.setup`);
    ``self.cat`` the card catalog. ``self._rolled`` is true once the command being
    applied rolled dice (the view's ``last_rolls`` then starts afresh)."""

    game_id = "witch_trial"
    title = "Witch Trial"
    min_players = 3
    max_players = 7
    option_defaults = {"double_pass": False}

    # ------------------------------------------------------------------ setup --
    def _setup(self) -> None:
        self.cat = catalog()
        self._rolled = False
        setup.setup(self)

    def _loaded(self) -> None:
        self.cat = catalog()
        self._rolled = False

    # --------------------------------------------------------------- contract --
    def _over(self) -> bool:
        ret: bool = self.state["over"]
        return ret

    def _to_act(self) -> list[int]:
        return state.to_act(self)

    def _scores(self) -> list[int]:
        return list(self.state["money"])

    def _score_breakdown(self) -> list[list[tuple[str, int]]]:
        """Where each lawyer's money came from (§5.4)."""
        return view.money_ledger(self)

    def _not_your_turn(self, seat: int, command: dict[str, Any]) -> str:
        # say exactly who is awaited rather than the base class's generic sentence
        return words.waiting_message(self, seat, command["type"])

    def _legal(self, seat: int) -> list[dict[str, Any]]:
        return legal.legal(self, seat)

    def _apply(self, seat: int, command: dict[str, Any]) -> None:
        self._rolled = False
        apply_command(self, seat, command)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _determinize(self, seat: int, rng: random.Random) -> None:
        determinize.determinize(self, seat, rng)
