"""Testimony's commands, one handler each, in one table (docs/rules/testimony.md §7).

:data:`COMMANDS` names every command with its fields and the stage it belongs to;
:func:`apply_command` checks the command's shape against it
(:mod:`game.engine.commands`) and its stage, then runs the handler
``handler(m, seat, cmd)``, which checks the values and plays it. An
:class:`IllegalCommand` leaves the match as it was (the engine restores everything).
A turn is ``action`` (invite / investigate) → possibly ``answer`` and ``share`` →
``testify``; between two games of the match only ``next_game``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.commands import Command, lookup
from game.engine.errors import IllegalCommand
from game.engine.shape import shown, valid_seat
from game.rules.testimony.cards import SHOW_CARDS, SIDES
from game.rules.testimony.knowledge import token_face
from game.rules.testimony.scoring import end_game
from game.rules.testimony.setup import start_game
from game.rules.testimony.words import STAGE_HINT

if TYPE_CHECKING:
    from game.rules.testimony.match import TestimonyMatch


def other_seat(m: TestimonyMatch, seat: int, value: Any, what: str) -> int:
    """``value`` as a seat at this table other than ``seat``; ``what`` names the action
    in the refusal ("invite", "investigate" …)."""
    if not valid_seat(value, m.n):
        raise IllegalCommand("bad_seat", f"There is no seat {shown(value)} to {what} at this table.")
    if value == seat:
        raise IllegalCommand("own_seat", f"You cannot {what} yourself; choose another player.")
    ret: int = value
    return ret


# ----------------------------------------------------------------- the action (§3) --
def invite(m: TestimonyMatch, seat: int, command: dict[str, Any]) -> None:
    """§3.1: invite another player to share; one who declined this turn cannot be
    invited again in the same turn (R1)."""
    st = m.state
    target = other_seat(m, seat, command["seat"], "invite")
    if target in st["declined"]:
        raise IllegalCommand(
            "declined", f"{m.players[target]} already declined this turn; invite someone else or investigate."
        )
    st["invite"] = {"by": seat, "to": target}
    st["stage"] = "answer"
    m.emit({"type": "invite", "seat": seat, "to": target})


def answer_invite(m: TestimonyMatch, seat: int, command: dict[str, Any]) -> None:
    """§3.1: accept (the share starts, the inviter shows first, R2) or decline (the
    active player acts again, R1)."""
    st = m.state
    accept = command["accept"]
    if not isinstance(accept, bool):
        raise IllegalCommand("bad_answer", "Answer an invitation with accept true or false.")
    by = st["invite"]["by"]
    st["invite"] = None
    m.emit({"type": "answer_invite", "seat": seat, "to": by, "accept": accept})
    if not accept:
        st["declined"].append(seat)
        st["stage"] = "action"
        return
    index = len(st["shares"])
    st["shares"].append({"share": index, "by": by, "with": seat, "turn": st["turn_no"], "cards": [None, None]})
    st["share"] = {"share": index, "by": by, "with": seat, "next": by}
    st["stage"] = "share"
    m.emit({"type": "share_start", "share": index, "seat": by, "with": seat})


def show(m: TestimonyMatch, seat: int, command: dict[str, Any]) -> None:
    """§3.1: show one's Character or the Belief card that matches it (the Apostate
    either Belief); the card is named to the two sharers only (§6)."""
    st = m.state
    card = command["card"]
    if not isinstance(card, str) or card not in SHOW_CARDS:
        raise IllegalCommand("bad_card", "Show 'character', 'belief_heathen' or 'belief_puritan'.")
    character = st["characters"][seat]
    if card not in m.cat.may_show(character):
        raise IllegalCommand(
            "wrong_belief", "You may show only your Character card or the Belief card that matches your Character."
        )
    share = st["share"]
    record = st["shares"][share["share"]]
    first = seat == share["by"]
    other = share["with"] if first else share["by"]
    record["cards"][0 if first else 1] = card
    event = {"share": share["share"], "card": card, "seat": seat, "to": other}
    if card == "character":
        event["character"] = character
    m.emit(
        {"type": "show", **event},
        to=[seat, other],
        others={"type": "show", "share": share["share"], "seat": seat, "to": other},
    )
    if first:
        share["next"] = other
        return
    st["share"] = None
    st["stage"] = "testify"


def investigate(m: TestimonyMatch, seat: int, command: dict[str, Any]) -> None:
    """§3.2: look at every token lying in front of a player now (sides and placers, to
    the investigator only); the Cunning Woman once a game two players at once (R3)."""
    st = m.state
    targets = [other_seat(m, seat, command["seat"], "investigate")]
    if "seat2" in command:
        if not m.cat.characters[st["characters"][seat]].double_investigation:
            raise IllegalCommand("no_double", "Only the Cunning Woman may investigate two players at once.")
        if st["double_used"]:
            raise IllegalCommand("double_used", "The double investigation was already used this game.")
        second = other_seat(m, seat, command["seat2"], "investigate")
        if second == targets[0]:
            raise IllegalCommand("same_seat", "Investigate two different players.")
        targets.append(second)
        st["double_used"] = True
    record = {"seat": seat, "targets": targets, "turn": st["turn_no"], "seen": []}
    looks = []
    for target in targets:
        lying = [t for t in st["tokens"] if t["target"] == target]
        record["seen"].extend(t["token"] for t in lying)
        looks.append({"target": target, "tokens": [token_face(t, True) for t in lying]})
    st["investigations"].append(record)
    public = {"type": "investigate", "seat": seat, "targets": targets, "index": len(st["investigations"]) - 1}
    m.emit({**public, "looks": looks}, to=[seat], others=public)
    st["stage"] = "testify"


# --------------------------------------------------------------- testimony (§3.3) --
def testify(m: TestimonyMatch, seat: int, command: dict[str, Any]) -> None:
    """§3.3: place a token face down in front of another player; its side is named to
    the placer only (§6)."""
    st = m.state
    target = other_seat(m, seat, command["seat"], "testify about")
    side = command["side"]
    if not isinstance(side, str) or side not in SIDES:
        raise IllegalCommand("bad_side", "A token goes accusation side ('accuse') or defense side ('defend') up.")
    token_id = f"g{st['game_no']}t{len(st['tokens']) + 1}"
    st["hand"][seat] -= 1
    st["tokens"].append({"token": token_id, "placer": seat, "side": side, "target": target, "turn": st["turn_no"]})
    public = {"type": "testify", "token": token_id, "placer": seat, "target": target}
    m.emit(
        {"type": "testify", "token": token_id, "placer": seat, "side": side, "target": target}, to=[seat], others=public
    )
    end_turn(m)


def discard_token(m: TestimonyMatch, seat: int, command: dict[str, Any]) -> None:
    """§3.3: discard a token instead of placing one."""
    st = m.state
    st["hand"][seat] -= 1
    st["discarded"].append({"seat": seat, "turn": st["turn_no"]})
    m.emit({"type": "discard_token", "seat": seat})
    end_turn(m)


def end_turn(m: TestimonyMatch) -> None:
    """The turn passes to the left; a turn that would start with no tokens in hand ends
    the game instead (§5.1)."""
    st = m.state
    st["declined"] = []
    st["turn"] = (st["turn"] + 1) % m.n
    if st["hand"][st["turn"]] == 0:
        end_game(m, st["turn"])
        return
    st["turn_no"] += 1
    st["stage"] = "action"
    m.emit({"type": "turn", "seat": st["turn"], "turn_no": st["turn_no"], "tokens": st["hand"][st["turn"]]})


# -------------------------------------------------------------- between games (R7) --
def next_game(m: TestimonyMatch, seat: int, command: dict[str, Any]) -> None:
    """The first player of the next game deals it (R7)."""
    st = m.state
    tied = [s for s in range(m.n) if st["result"]["scores"][s] == min(st["result"]["scores"])]
    start_game(m, st["next_first"], tied=tied)


# ---------------------------------------------------------------- the command table --
#: every command, its handler and its fields (§7)
COMMANDS: dict[str, Command] = {
    "invite": Command(invite, required=("seat",)),
    "answer_invite": Command(answer_invite, required=("accept",)),
    "show": Command(show, required=("card",)),
    "investigate": Command(investigate, required=("seat",), optional=("seat2",)),
    "testify": Command(testify, required=("seat", "side")),
    "discard_token": Command(discard_token),
    "next_game": Command(next_game),
}

#: the stage each command belongs to
STAGE_OF = {
    "invite": "action",
    "investigate": "action",
    "answer_invite": "answer",
    "show": "share",
    "testify": "testify",
    "discard_token": "testify",
    "next_game": "between",
}


def apply_command(m: TestimonyMatch, seat: int, cmd: dict[str, Any]) -> None:
    """Check ``cmd`` against :data:`COMMANDS` and the stage, then play it."""
    ctype, entry = lookup(COMMANDS, cmd, "Testimony")
    entry.check_fields(ctype, cmd)
    stage = m.state["stage"]
    if STAGE_OF[ctype] != stage:
        raise IllegalCommand("wrong_stage", STAGE_HINT[stage])
    entry.handler(m, seat, cmd)
