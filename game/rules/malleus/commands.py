"""The story game's commands, one handler each, in one table (docs/rules/malleus.md §7).

:data:`COMMANDS` names every command a seat may send with its fields: the shape
:func:`game.engine.commands.dispatch` checks before a handler runs (a known ``type``,
every required field present, no other field). A handler ``handler(m, seat, cmd)``
checks the values, raising :class:`~game.engine.errors.IllegalCommand` with a message
that says why (the match then restores everything), and plays the command.

Field shapes (the values each handler checks):
``relation = {with, kind: ally|enemy, direction: new_to_old|old_to_new, mutual}`` (for
``add_fact_relation`` the extended ``villager`` plays the new one); ``relationship``
(declaring) ``= {from, to, new: ally|enemy|none, both_directions?}``; ``relationship``
(Treachery) is a relationship id; ``ops = [{op: add, subject: vid|null, text} | {op:
modify, fact, text} | {op: remove, fact}]``; ``new_envy = {holder, thing,
thing_villager}``; ``new_vendetta = {target, reason}``; ``notes = [{to: seat, text}]``;
``cards`` (in a secret action) ``= [{card, target?, player?, relationship?, new_envy?,
new_vendetta?, order?}]`` where ``order`` is the Blackmail order's text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.commands import Command, dispatch
from game.rules.malleus.commands_conflict import (
    approve_fact,
    assign_side,
    cite_fact,
    confirm_secret,
    declare_conflict,
    frame_scene,
    join_scene,
    reject_fact,
    set_present,
    take_side,
)
from game.rules.malleus.commands_outcome import close_window, discard, end_turn, lock_sides, narrate, play_card, roll
from game.rules.malleus.commands_secret import (
    apply_card,
    begin_resolution,
    close_secret_actions,
    end_secret_phase,
    record_fact,
    secret_action,
    start_npc_conflict,
    void_card,
)
from game.rules.malleus.commands_setup import (
    add_fact_relation,
    add_villager,
    choose_companion,
    choose_villager,
    pass_turn,
    set_trigger,
    submit_ledger,
)

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch

COMMANDS: dict[str, Command] = {
    # the beginning phase (§2)
    "set_trigger": Command(set_trigger, required=("text",)),
    "add_villager": Command(add_villager, required=("name", "facts"), optional=("relation",)),
    "add_fact_relation": Command(add_fact_relation, required=("villager", "fact", "relation")),
    "pass": Command(pass_turn),
    "choose_villager": Command(choose_villager, required=("villager",)),
    "submit_ledger": Command(submit_ledger, required=("secret", "envy", "vendetta")),
    "choose_companion": Command(choose_companion, required=("villager",)),
    # a conflict (§3.2-§3.4)
    "declare_conflict": Command(
        declare_conflict, required=("kind",), optional=("target", "relationship", "ops", "claimed_text")
    ),
    "confirm_secret": Command(confirm_secret, required=("accept",)),
    "frame_scene": Command(frame_scene, required=("location", "present"), optional=("resume",)),
    "join_scene": Command(join_scene),
    "set_present": Command(set_present, optional=("add", "remove")),
    "take_side": Command(take_side, required=("side",)),
    "cite_fact": Command(cite_fact, required=("fact", "side")),
    "approve_fact": Command(approve_fact, required=("fact", "side")),
    "reject_fact": Command(reject_fact, required=("fact", "side")),
    "assign_side": Command(assign_side, required=("villager", "side")),
    # secret actions (§3.5, §3.10)
    "begin_resolution": Command(begin_resolution),
    "secret_action": Command(
        secret_action,
        required=("text",),
        optional=("cards", "companion_order", "notes", "new_envy", "new_vendetta", "new_companion"),
    ),
    "apply_card": Command(apply_card, required=("card",)),
    "void_card": Command(void_card, required=("card",)),
    "close_secret_actions": Command(close_secret_actions),
    # rolls, outcome and the end of a turn (§3.6-§3.9)
    "roll": Command(roll),
    "lock_sides": Command(lock_sides),
    "play_card": Command(
        play_card,
        required=("card", "secret"),
        optional=("target", "player", "relationship", "new_envy", "new_vendetta"),
    ),
    "close_window": Command(close_window),
    "narrate": Command(narrate, required=("text",)),
    "end_turn": Command(end_turn),
    "discard": Command(discard, required=("cards",)),
    # the secret action phase (§3.10)
    "start_npc_conflict": Command(
        start_npc_conflict, required=("actor_villager", "kind"), optional=("target", "relationship", "ops")
    ),
    "end_secret_phase": Command(end_secret_phase),
    "record_fact": Command(record_fact, required=("subject", "text")),
}


def apply(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    """Play ``cmd`` for ``seat`` through :data:`COMMANDS`."""
    m._rolled = False
    dispatch(COMMANDS, m, seat, cmd, game_title=m.title)
