"""Witch Trial's commands, one handler each, in one table (docs/rules/witch_trial.md §7).

:data:`COMMANDS` names every command with its fields; :func:`apply_command` checks the
command's shape against it (:mod:`game.engine.commands`), then that the command belongs
to the moment (a turn action outside a trial, a courtroom command inside one, only the
answer a Motion or a plea waits for), then runs the handler. A handler checks the
values and plays the command; an :class:`IllegalCommand` it raises leaves the match as
it was (the engine restores everything).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.commands import Command, lookup
from game.engine.errors import IllegalCommand
from game.rules.witch_trial.commands_trial import (
    answer_plea,
    no_objection,
    no_plea,
    object_to_motion,
    offer_plea,
    play,
    rest,
)
from game.rules.witch_trial.commands_turn import buy, create_case, defend, pass_turn, prosecute

if TYPE_CHECKING:
    from game.rules.witch_trial.match import WitchTrialMatch

#: every command, its handler and its fields (§7)
COMMANDS: dict[str, Command] = {
    # a turn (§3): the one seat whose turn it is, no trial under way
    "buy": Command(buy, required=("slot",)),
    "create_case": Command(create_case, required=("card", "slot")),
    "defend": Command(defend, required=("case_owner",)),
    "prosecute": Command(prosecute),
    "pass": Command(pass_turn),
    # the trial (§4): the lawyer whose play it is
    "play": Command(play, required=("card",), optional=("choice",)),
    "rest": Command(rest),
    # the opponent's answer to a Motion (R7)
    "object": Command(object_to_motion, required=("card",)),
    "no_objection": Command(no_objection),
    # just after a rest, then the other lawyer's answer (R6)
    "offer_plea": Command(offer_plea, required=("to_prosecution",)),
    "no_plea": Command(no_plea),
    "answer_plea": Command(answer_plea, required=("accept",)),
}

#: the commands of a turn; every other command belongs to a trial
TURN_COMMANDS = ("buy", "create_case", "defend", "prosecute", "pass")


def apply_command(m: WitchTrialMatch, seat: int, cmd: dict[str, Any]) -> None:
    """Check ``cmd`` against :data:`COMMANDS` and the moment, then play it."""
    ctype, entry = lookup(COMMANDS, cmd, "Witch Trial")
    entry.check_fields(ctype, cmd)
    check_moment(m, ctype)
    entry.handler(m, seat, cmd)


def check_moment(m: WitchTrialMatch, ctype: str) -> None:
    """Refuse a command of type ``ctype`` that does not belong to this moment, saying
    what the moment asks for."""
    trial = m.state["trial"]
    if trial is None:
        if ctype not in TURN_COMMANDS:
            raise IllegalCommand("wrong_stage", f"There is no trial now: '{ctype}' is for the courtroom.")
        return
    if ctype in TURN_COMMANDS:
        raise IllegalCommand("wrong_stage", f"A trial is under way: you cannot {ctype.replace('_', ' ')} now.")
    if trial["motion"] is not None:
        if ctype not in ("object", "no_objection"):
            raise IllegalCommand("wrong_stage", "A Motion is waiting: object to it or let it stand.")
    elif trial["plea"] is not None:
        phase = trial["plea"]["phase"]
        if phase == "offer" and ctype not in ("offer_plea", "no_plea"):
            raise IllegalCommand("wrong_stage", "You have rested: offer a plea or make no offer.")
        if phase == "answer" and ctype != "answer_plea":
            raise IllegalCommand("wrong_stage", "A plea offer is waiting: accept it or decline it.")
    elif ctype not in ("play", "rest"):
        if ctype == "object":
            raise IllegalCommand("wrong_stage", "You may object only when your opponent plays a Motion.")
        if ctype in ("offer_plea", "no_plea"):
            raise IllegalCommand("wrong_stage", "You may offer a plea only just after you rest.")
        if ctype == "answer_plea":
            raise IllegalCommand("wrong_stage", "There is no plea offer to answer.")
        raise IllegalCommand("wrong_stage", "Play a card or rest.")
