"""Witch Trial (game id ``witch_trial``): 3 to 7 lawyers buy cards from a priced lineup,
build cases (a Suspect and a Charge) and try them in court for the Court Fees. The
rules, the rulings (R1–R16) and the commands are docs/rules/witch_trial.md.

The package, one job per module:

* :mod:`~game.rules.witch_trial.cards`        the 90 cards and the table's numbers (§1)
* :mod:`~game.rules.witch_trial.setup`        the deal and the state's keys (§2)
* :mod:`~game.rules.witch_trial.state`        deck, lineup, dice, Jury Value, end of a turn
* :mod:`~game.rules.witch_trial.legal`        every legal command (§7, R16)
* :mod:`~game.rules.witch_trial.commands`     the command table and the moment check (§7);
  handlers in ``commands_turn`` (§3) and ``commands_trial`` (§4)
* :mod:`~game.rules.witch_trial.view`         the view (§9), the end's reveal (§6.3) and the
  money breakdown (§5.4)
* :mod:`~game.rules.witch_trial.words`        messages and the ending in words
* :mod:`~game.rules.witch_trial.determinize`  the bots' forward model (§6)
* :mod:`~game.rules.witch_trial.match`        :class:`WitchTrialMatch`, wiring the engine's hooks

The bots' playing sense for this game is in :mod:`game.bots.witch_trial`.
"""

from __future__ import annotations

from game.rules.witch_trial.cards import (
    GUILTY_AT,
    HAND_SIZE,
    JURY_MAX,
    JURY_MIN,
    KIND_TYPE,
    LINEUP_SIZE,
    MOTION_IDS,
    PLEA_STEP,
    PRICES,
    SECTION_COUNTS,
    SECTIONS,
    START_MONEY,
    TOTAL_CARDS,
    Catalog,
    Charge,
    Evidence,
    Motion,
    Objection,
    Suspect,
    _check_cards,
    catalog,
    clamp_jury,
    guilty_chance,
)
from game.rules.witch_trial.commands import COMMANDS
from game.rules.witch_trial.match import WitchTrialMatch

__all__ = [
    "WitchTrialMatch",
    "COMMANDS",
    "Catalog",
    "catalog",
    "clamp_jury",
    "guilty_chance",
    "Suspect",
    "Charge",
    "Evidence",
    "Motion",
    "Objection",
    "SECTIONS",
    "KIND_TYPE",
    "SECTION_COUNTS",
    "MOTION_IDS",
    "TOTAL_CARDS",
    "START_MONEY",
    "HAND_SIZE",
    "LINEUP_SIZE",
    "PRICES",
    "JURY_MIN",
    "JURY_MAX",
    "GUILTY_AT",
    "PLEA_STEP",
    "_check_cards",
]


# ----------------------------------------------------------------- the game's facts --
# Title and player counts come from the class; everything outside game/rules reads
# these facts from the registry (game.engine.game_info).
from game.engine.registry import GameInfo, GameOption, register_info

register_info(
    GameInfo(
        match=WitchTrialMatch,
        options=(GameOption("double_pass", "Double pass"),),
        pass_commands=({"type": "no_objection"},),  # the opposing lawyer lets a Motion stand
        # a trial's end: the verdict, a mistrial, an accepted plea
        public_moments=({"type": "verdict"}, {"type": "mistrial"}, {"type": "plea", "accepted": True}),
    )
)
