"""The Testimony match: the engine's hooks wired to the rules modules of this package
(docs/rules/testimony.md)."""

from __future__ import annotations

import random
from typing import Any

from game.engine.match import Match
from game.engine.registry import register
from game.rules.testimony import determinize, knowledge, legal, scoring, setup, view, words
from game.rules.testimony.cards import MAX_GAMES, catalog
from game.rules.testimony.commands import apply_command


@register
class TestimonyMatch(Match):
    """A match of Testimony: 3 to 7 players, ``games`` games (option, 1..3, §5.4).

    ``self.state`` is plain JSON data (its keys: :mod:`game.rules.testimony.setup`);
    ``self.cat`` the catalog of Characters, Beliefs and tokens. ``known_tokens``,
    ``known_characters`` and ``_notebook`` are the view's sources of what a seat knows
    (§6): every view and the bots' forward model go through them."""

    __test__ = False  # not a pytest test class, whatever its name says
    game_id = "testimony"
    title = "Testimony"
    #: the Continue list's words for the view's generic round / phase
    summary_words = {
        "round": "game",
        "action": "action",
        "answer": "an invitation to share",
        "share": "sharing",
        "testify": "testimony",
        "between": "between two games",
    }
    min_players = 3
    max_players = 7
    option_defaults = {"games": MAX_GAMES}
    #: commands whose sending shows nothing private (hot-seat takes them on the shared
    #: screen, without a curtain): answering an invitation, starting the next game
    public_commands = ("answer_invite", "next_game")

    # ------------------------------------------------------------------ setup --
    def _setup(self) -> None:
        self.cat = catalog()
        setup.setup(self)

    def _loaded(self) -> None:
        self.cat = catalog()

    # --------------------------------------------------------------- contract --
    def _over(self) -> bool:
        ret: bool = self.state["stage"] == "over"
        return ret

    def _to_act(self) -> list[int]:
        return legal.to_act(self)

    def _scores(self) -> list[int]:
        return list(self.state["totals"])

    def score_breakdown(self) -> list[list[dict[str, Any]]]:
        """Where each seat's match total came from, for the game-over table: one line
        per finished game (``{"label": "Game 1", "points": n}``, §5.4)."""
        history = self.state["history"]
        return [
            [{"label": f"Game {g['game_no']}", "points": g["scores"][seat]} for g in history] for seat in range(self.n)
        ]

    def _not_your_turn(self, seat: int, command: dict[str, Any]) -> str:
        return words.not_your_turn(self)

    def _legal(self, seat: int) -> list[dict[str, Any]]:
        return legal.legal(self, seat)

    def _apply(self, seat: int, command: dict[str, Any]) -> None:
        apply_command(self, seat, command)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _determinize(self, seat: int, rng: random.Random) -> None:
        determinize.determinize(self, seat, rng)

    # ------------------------------------------------- what a seat knows (§6) --
    def known_tokens(self, seat: int | None) -> set[str]:
        """Token ids whose side ``seat`` knows now: its own, and those it looked at."""
        return knowledge.known_tokens(self, seat)

    def known_characters(self, seat: int | None) -> dict[int, str]:
        """Seat -> Character for every Character ``seat`` knows in the current game."""
        return knowledge.known_characters(self, seat)

    def _notebook(self, seat: int | None) -> list[dict[str, Any]]:
        """What ``seat`` learned this game (:func:`game.rules.testimony.view.notebook`)."""
        return view.notebook(self, seat)

    def standings(self) -> list[int]:
        """The Standing of each seat in the current game (§5.2, R4)."""
        return scoring.standings(self)
