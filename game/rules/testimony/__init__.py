"""Testimony — Heathens and Puritans (game id ``testimony``): 3 to 7 players with secret
Characters share, investigate and lay testimony tokens over a match of up to three
games. The rules, the rulings (R1–R10) and the commands are docs/rules/testimony.md.

The package, one job per module:

* :mod:`~game.rules.testimony.cards`        Characters, Beliefs, tokens; the deal's numbers (§1, §2)
* :mod:`~game.rules.testimony.setup`        the match and each game's deal; the state's keys (§2, §4)
* :mod:`~game.rules.testimony.legal`        who acts, and every legal command (§7)
* :mod:`~game.rules.testimony.commands`     the command table, its handlers and the stage check (§3, §7)
* :mod:`~game.rules.testimony.scoring`      Standings, deaths, scores, the reveal of a game (§5)
* :mod:`~game.rules.testimony.knowledge`    who knows which token side and Character (§6)
* :mod:`~game.rules.testimony.view`         the view and notebook (§8), the end's reveal (§6.3)
* :mod:`~game.rules.testimony.words`        messages and the ending in words
* :mod:`~game.rules.testimony.determinize`  the bots' forward model (§6)
* :mod:`~game.rules.testimony.match`        :class:`TestimonyMatch`, wiring the engine's hooks

The bots' playing sense for this game is in :mod:`game.bots.testimony`.
"""

from __future__ import annotations

from game.rules.testimony.cards import (
    HEATHEN,
    MAX_GAMES,
    PURITAN,
    SCORING_KEYS,
    SECTIONS,
    SETUP_COUNTS,
    SHOW_CARDS,
    SIDES,
    Belief,
    Catalog,
    Character,
    TokenSupply,
    _check_cards,
    catalog,
    tokens_each,
)
from game.rules.testimony.commands import COMMANDS
from game.rules.testimony.match import TestimonyMatch

__all__ = [
    "TestimonyMatch",
    "COMMANDS",
    "Catalog",
    "catalog",
    "tokens_each",
    "TokenSupply",
    "Belief",
    "Character",
    "SECTIONS",
    "SETUP_COUNTS",
    "HEATHEN",
    "PURITAN",
    "SHOW_CARDS",
    "SIDES",
    "MAX_GAMES",
    "SCORING_KEYS",
    "_check_cards",
]


# ----------------------------------------------------------------- the game's facts --
# Title and player counts come from the class; everything outside game/rules reads
# these facts from the registry (game.engine.game_info).
from game.engine.registry import GameInfo, GameOption, register_info

register_info(
    GameInfo(
        match=TestimonyMatch,
        options=(GameOption("games", "Games in the match"),),
        public_moments=({"type": "game_end"},),  # a game of the match ends; its reveal follows
        deal_after_moment=True,  # then the next game deals every seat a new Character
    )
)
