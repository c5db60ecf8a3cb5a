"""Salem 1692: every command a seat may send (docs/rules/salem.md §7), in one table.

:data:`COMMANDS` names each command with its fields: the shape
:func:`game.engine.commands.dispatch` checks before the handler runs (an unknown type, a
missing or an extra field is refused with a message). A handler ``handler(m, seat, cmd)``
checks the values, raising :class:`~game.engine.errors.IllegalCommand` with the reason
(the match then restores everything), and plays the command; ``SalemMatch._apply`` then
lets the flow run on until someone must answer.

The handlers live by what they answer: a turn's commands in
:mod:`~game.rules.salem.commands_turn`, the secret steps in
:mod:`~game.rules.salem.commands_windows`, the Town Hall abilities in
:mod:`~game.rules.salem.abilities`.
"""

from __future__ import annotations

from game.engine.commands import Command
from game.rules.salem.abilities import ability
from game.rules.salem.commands_turn import arrange_tryals, choose_tryal, draw_two, end_turn, ghost_peek, play
from game.rules.salem.commands_windows import (
    confess,
    conspiracy_pick,
    dawn_vote,
    death_order,
    gavel,
    keep_character,
    night_flip,
    night_vote,
    pass_answer,
)

COMMANDS: dict[str, Command] = {
    "draw_two": Command(draw_two),
    "play": Command(play, required=("card", "target"), optional=("target2", "blue")),
    "end_turn": Command(end_turn),
    "ghost_peek": Command(ghost_peek, required=("ghost", "index")),
    "choose_tryal": Command(choose_tryal, required=("player", "index"), optional=("index2",)),
    "dawn_vote": Command(dawn_vote, required=("target",)),
    "night_vote": Command(night_vote, required=("target",)),
    "gavel": Command(gavel, required=("target",)),
    "confess": Command(confess, required=("index",)),
    "conspiracy_pick": Command(conspiracy_pick, required=("index",), optional=("taker",)),
    "night_flip": Command(night_flip, required=("player", "index")),
    "death_order": Command(death_order, required=("first",)),
    "arrange_tryals": Command(arrange_tryals, required=("order",)),
    "ability": Command(ability, required=("name",), optional=("card", "cards", "target", "order")),
    "keep_character": Command(keep_character, required=("character",)),
    "pass": Command(pass_answer),
}
