"""The Hammer of the Witches (game id ``hammer``), for 3 to 5 players.

The rules are docs/rules/hammer.md; a "§5.3" or an "R11" in this package is a section or
a ruling of that file. :class:`HammerMatch` implements the engine's hooks
(:class:`~game.engine.match.Match`); the work is done by one module per job:

``cards``        the card catalog read from ``cards/hammer.yaml`` (§1), and helpers a
                 front end may call (:func:`card_info`, :func:`villager_info`,
                 :func:`accusation_value`, :func:`heat_after`, :func:`card_kind`)
``setup``        the initial state (§2) and the start of play once all have placed
``state``        questions about the state: the current witch, who sits next, the score
``flow``         how the game moves on: heat, drawing, the sealed box, phases, the burning
``legal``        every command a seat may send now
``commands``     the command table :data:`COMMANDS` and one handler per command (§11)
``windows``      the windows in which other seats may answer a card (§4)
``view``         what one seat may see, and what the end reveals (§12)
``determinize``  the forward model a bot thinks with
``words``        wording shared by the messages, and how the game ended
``match``        :class:`HammerMatch`, wiring the engine's hooks to the modules above

How a bot plays Hammer (its rollout policy, move weights and bribes) is bot knowledge:
``game/bots/hammer.py``.
"""

from __future__ import annotations

from game.rules.hammer.cards import (
    BURNING_TESTS,
    COLOURS,
    HAND_SIZE,
    PHASES,
    RESPONSES,
    ROLES,
    RULE_BRIBES,
    RULE_COUNTS,
    RULE_VALUES,
    TOP_HEAT,
    DefamationKind,
    Pyre,
    Tables,
    Villager,
    accusation_value,
    card_info,
    card_kind,
    heat_after,
    load_hammer_cards,
    tables,
    villager_info,
)
from game.rules.hammer.commands import COMMANDS, MAX_SEALED, SEALING_COMMANDS
from game.rules.hammer.match import HammerMatch

__all__ = [
    "BURNING_TESTS",
    "COLOURS",
    "COMMANDS",
    "HAND_SIZE",
    "MAX_SEALED",
    "PHASES",
    "RESPONSES",
    "ROLES",
    "RULE_BRIBES",
    "RULE_COUNTS",
    "RULE_VALUES",
    "SEALING_COMMANDS",
    "TOP_HEAT",
    "DefamationKind",
    "HammerMatch",
    "Pyre",
    "Tables",
    "Villager",
    "accusation_value",
    "card_info",
    "card_kind",
    "heat_after",
    "load_hammer_cards",
    "tables",
    "villager_info",
]


# ----------------------------------------------------------------- the game's facts --
# Title and player counts come from the class; everything outside game/rules reads
# these facts from the registry (game.engine.game_info).
from game.engine.registry import GameInfo, register_info

register_info(
    GameInfo(
        match=HammerMatch,
        pass_commands=({"type": "pass"},),  # an answer window's "no answer"
    )
)
