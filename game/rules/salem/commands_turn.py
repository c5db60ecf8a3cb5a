"""Salem 1692: the commands of a turn (docs/rules/salem.md §3.1, §3.4, §7) — drawing,
playing a card and what it does, a ghost peek, a trial's choice, arranging one's row —
and the checks they share with the abilities.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.shape import shown
from game.rules.salem.deck import discard
from game.rules.salem.flow import end_turn as next_turn
from game.rules.salem.reveal import reveal
from game.rules.salem.state import (
    accusations,
    bad,
    card_kind,
    context,
    guarded,
    has,
    has_in_front,
    index_arg,
    is_ghost,
    is_int,
    is_red,
    row_locked,
    seat_arg,
    seat_name,
    threshold_for,
)
from game.rules.salem.words import what_now

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch


def need_turn(m: SalemMatch, seat: int, what: str) -> None:
    s = m.state
    ctx, _ = context(m)
    if ctx != "turn" or s["active"] != seat:
        raise bad("not_now", f"You cannot {what} now: {what_now(m)}.")


def draw_two(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    s = m.state
    need_turn(m, seat, "draw")
    if s["played"]:
        raise bad("already_played", "You played a card this turn: you cannot draw as well. End your turn.")
    s["played"] = True
    m.emit({"type": "draw_two", "seat": seat})
    s["stack"].append(
        {
            "kind": "draw",
            "seat": seat,
            "left": 2,
            "ends_turn": True,
            "drawn": 0,
            "acc": 0,
            "shown": [],
            "giles": has(m, seat, "giles_corey"),
        }
    )


def end_turn(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    s = m.state
    need_turn(m, seat, "end your turn")
    if not s["played"]:
        raise bad("nothing_played", "Draw two cards or play a card first: a turn is never empty.")
    m.emit({"type": "end_turn", "seat": seat})
    next_turn(m)


def hand_card(m: SalemMatch, seat: int, card: Any) -> str:
    if not isinstance(card, str):
        raise bad("bad_card", f"Name a card by its id, like 'c17', not {shown(card)}.")
    if card not in m.state["hands"][seat]:
        if card not in m.cat.kind_of:
            raise bad("unknown_card", f"There is no card called {shown(card)} in Salem.")
        raise bad("not_in_hand", f"{m.cat.name(card)} ({card}) is not in your hand.")
    return card


def target_arg(m: SalemMatch, seat: int, value: Any, field: str = "target", card: str | None = None) -> int:
    t = seat_arg(m, value, field)
    if t == seat:
        raise bad("self_target", "Laws of Salem: no card on yourself.")
    if not m.state["alive"][t]:
        raise bad("dead_target", f"{seat_name(m, t)} is dead.")
    return t


def play(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    s = m.state
    need_turn(m, seat, "play a card")
    card = hand_card(m, seat, cmd["card"])
    kind = card_kind(m, card)
    colour = m.cat.colour_of[card]
    target = target_arg(m, seat, cmd["target"])
    two = kind == "scapegoat" or (kind == "robbery" and not s["variant"])
    if two and "target2" not in cmd:
        raise bad("missing_field", f"{m.cat.name(card)} needs a second player, 'target2'.")
    if not two and "target2" in cmd:
        raise bad("bad_field", f"{m.cat.name(card)} takes one player only (no 'target2').")
    if kind == "curse" and "blue" not in cmd:
        raise bad("missing_field", "Curse must name the blue card to discard, 'blue'.")
    if kind != "curse" and "blue" in cmd:
        raise bad("bad_field", f"{m.cat.name(card)} has no 'blue' field (only Curse).")
    target2 = None
    if two:
        target2 = target_arg(m, seat, cmd["target2"], "target2")
        if target2 == target:
            raise bad("same_target", f"{m.cat.name(card)} needs two different players.")
    if colour == "red" and has_in_front(m, target, "piety"):
        raise bad("piety", f"{seat_name(m, target)} has Piety: no red cards.")
    if kind == "stocks" and is_ghost(m, target):
        raise bad("ghost_stocks", f"{seat_name(m, target)} is a ghost: no Stocks on ghosts.")
    blue = None
    if kind == "curse":
        blue = cmd["blue"]
        if not isinstance(blue, str) or blue not in s["fronts"][target] or m.cat.colour_of[blue] != "blue":
            raise bad("bad_blue", f"{shown(blue)} is not a blue card in front of {seat_name(m, target)}.")
    s["hands"][seat].remove(card)
    s["played"] = True
    event = {"type": "play", "seat": seat, "card": card, "kind": kind, "target": target}
    if target2 is not None:
        event["target2"] = target2
    if blue is not None:
        event["blue"] = blue
    m.emit(event)
    resolve(m, seat, card, kind, target, target2, blue)


def resolve(m: SalemMatch, seat: int, card: str, kind: str, target: int, target2: int | None, blue: str | None) -> None:
    s = m.state
    colour = m.cat.colour_of[card]
    fronts = s["fronts"]
    if colour == "red":
        fronts[target].append(card)
        trial_check(m, target, seat)
        return
    if kind == "alibi":
        accs = [c for c in fronts[target] if card_kind(m, c) == "accusation" and c not in s["as_witness"]][:3]
        for c in accs:
            fronts[target].remove(c)
        discard(m, accs, "alibi", target)
    elif kind == "arson" or (kind == "robbery" and s["variant"]):
        if has(m, target, "sarah_good"):
            m.emit({"type": "immune", "seat": target, "card": card, "character": "sarah_good"})
        else:
            hand = s["hands"][target]
            s["hands"][target] = []
            discard(m, hand, kind, target)
    elif kind == "curse":
        assert blue is not None  # play_card refuses a Curse without its 'blue'
        fronts[target].remove(blue)
        discard(m, [blue], "curse", target)
    elif kind == "robbery":
        if has(m, target, "sarah_good"):
            m.emit({"type": "immune", "seat": target, "card": card, "character": "sarah_good"})
        else:
            assert target2 is not None  # play_card refuses a Robbery without its 'target2'
            hand = s["hands"][target]
            s["hands"][target] = []
            s["hands"][target2].extend(hand)
            public = {"type": "robbery", "from": target, "to": target2, "count": len(hand)}
            m.emit(dict(public, cards=list(hand)), to=[target2], others=public)
    elif kind == "scapegoat":
        assert target2 is not None  # play_card refuses a Scapegoat without its 'target2'
        moved = fronts[target]
        fronts[target] = []
        fronts[target2].extend(moved)
        m.emit({"type": "scapegoat", "from": target, "to": target2, "cards": list(moved)})
        matchmakers(m, target2)
        if any(is_red(m, c) for c in moved):
            trial_check(m, target2, seat)
    else:  # stocks and the blue cards lie in front
        fronts[target].append(card)
        if kind == "matchmaker":
            matchmakers(m, target)
        return
    if kind != "stocks":
        s["discard"].append(card)


def matchmakers(m: SalemMatch, seat: int) -> None:
    fronts = m.state["fronts"]
    mm = [c for c in fronts[seat] if card_kind(m, c) == "matchmaker"]
    if len(mm) >= 2:
        for c in mm:
            fronts[seat].remove(c)
        m.emit({"type": "matchmakers", "seat": seat, "cards": mm})
        discard(m, mm, "matchmakers", seat)


def trial_check(m: SalemMatch, target: int, adder: int) -> None:
    s = m.state
    if not s["alive"][target] or not s["rows"][target]:
        return
    total = accusations(m, target)
    threshold = threshold_for(m, target, adder)
    if total >= threshold:
        m.emit({"type": "trial", "seat": target, "chooser": adder, "accusations": total, "threshold": threshold})
        s["stack"].append(
            {
                "kind": "choose",
                "reason": "trial",
                "player": target,
                "chooser": adder,
                "await": adder,
                "stage": "choose",
                "mover": adder,
                "used": [],
            }
        )


def ghost_peek(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    s = m.state
    if not s["variant"]:
        raise bad("no_ghosts", "There are no ghosts in this game: ghost peeks belong to the 2-3 player game.")
    need_turn(m, seat, "peek at a ghost")
    if s["played"]:
        raise bad("already_played", "You played a card this turn: you cannot peek at a ghost as well.")
    ghost = seat_arg(m, cmd["ghost"], "ghost")
    if not is_ghost(m, ghost):
        raise bad("not_a_ghost", f"{seat_name(m, ghost)} is not a ghost.")
    row = s["rows"][ghost]
    index = index_arg(m, cmd["index"], row, seat_name(m, ghost))
    card = row[index]
    s["played"] = True
    public = {"type": "ghost_peek", "seat": seat, "ghost": ghost, "index": index}
    m.emit(dict(public, card=card, kind=s["tryal_kind"][card]), to=[seat], others=public)
    m.rng.shuffle(row)
    m.emit({"type": "shuffled", "seat": ghost})
    s["stack"].append({"kind": "mill", "seat": seat, "left": 2})


def choose_tryal(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    s = m.state
    ctx, f = context(m)
    if ctx != "choose":
        raise bad("not_now", f"There is no Tryal card to choose now: {what_now(m)}.")
    if seat != f["await"]:
        raise bad("not_yours", f"{seat_name(m, f['await'])} chooses here.")
    player = seat_arg(m, cmd["player"], "player")
    if player != f["player"]:
        raise bad("wrong_player", f"The card comes from {seat_name(m, f['player'])}'s row.")
    row = s["rows"][player]
    index = index_arg(m, cmd["index"], row, seat_name(m, player))
    if f["stage"] == "guard":
        if "index2" in cmd:
            raise bad("bad_field", "Pick one of the two cards offered: no 'index2'.")
        if index not in f["options"]:
            raise bad("not_offered", f"Pick card {f['options'][0]} or {f['options'][1]}.")
    elif guarded(m, f):
        if "index2" not in cmd:
            raise bad("missing_field", "Short game guard: name two cards ('index' and 'index2').")
        index2 = index_arg(m, cmd["index2"], row, seat_name(m, player), "index2")
        if index2 == index:
            raise bad("same_index", "Name two different cards.")
        f["options"] = sorted([index, index2])
        f["stage"] = "guard"
        f["await"] = player
        m.emit({"type": "guard", "seat": player, "chooser": seat, "options": f["options"]})
        return
    elif "index2" in cmd:
        raise bad("bad_field", "Only the short game guard names a second card ('index2').")
    s["stack"].pop()
    m.emit({"type": "choose_tryal", "seat": seat, "player": player, "index": index, "reason": f["reason"]})
    reveal(m, player, index, f["reason"], mover=f["mover"])
    if not s["over"] and s["abilities"]:
        for k in range(m.n):
            q = (f["mover"] + k) % m.n
            if q != player and has(m, q, "rebecca_nurse"):
                s["stack"].append({"kind": "prompt", "name": "rebecca_nurse", "await": q})
                m.emit({"type": "prompt", "seat": q, "name": "rebecca_nurse"})
                break


def arrange_tryals(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    s = m.state
    if not s["alive"][seat]:
        raise bad("dead", "The dead arrange nothing.")
    row = s["rows"][seat]
    order = cmd["order"]
    if (
        not isinstance(order, list)
        or len(order) != len(row)
        or not all(is_int(i) for i in order)
        or sorted(order) != list(range(len(row)))
    ):
        raise bad("bad_order", f"'order' must list each of 0 to {len(row) - 1} once.")
    if row_locked(m, seat):
        raise bad("row_in_use", "A choice on your row is open: arrange it afterwards (R18).")
    s["rows"][seat] = [row[i] for i in order]
    m.emit({"type": "arranged", "seat": seat, "order": list(order)}, to=[seat], others=None)
