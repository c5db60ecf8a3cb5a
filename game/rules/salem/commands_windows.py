"""Salem 1692: the answers to secret steps (docs/rules/salem.md §5): the blind windows
(character choice, Dawn, the Night vote, the Gavel, confessions, Conspiracy picks, and
``pass``), the variant Night's flip and the Matchmaker death order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.shape import shown
from game.rules.salem.reveal import die, end_game, reveal, variant_check
from game.rules.salem.state import bad, context, has_in_front, index_arg, seat_arg, seat_name
from game.rules.salem.words import what_now

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch


def need_window(m: SalemMatch, seat: int, name: str, what: str) -> dict[str, Any]:
    ctx, f = context(m)
    if ctx != "window:" + name:
        raise bad("not_now", f"You cannot {what} now: {what_now(m)}.")
    w = f["window"]
    if seat not in w["waiting"]:
        raise bad("answered", "You have already answered.")
    ret: dict[str, Any] = f
    return ret


def answer(
    m: SalemMatch,
    seat: int,
    f: dict[str, Any],
    cmd: dict[str, Any],
    private: dict[str, Any] | None,
    voters: list[int] | None = None,
) -> None:
    """Record a blind-window answer; everyone else sees only that ``seat`` answered."""
    w = f["window"]
    w["answers"].append([seat, cmd])
    public = {"type": "answered", "seat": seat, "window": w["name"]}
    if w["name"] != "conspiracy" or all(pk["index"] is not None for pk in w["picks"] if pk["picker"] == seat):
        w["waiting"].remove(seat)
    if private is None:
        m.emit(public)
    else:
        to = sorted(set(voters or []) | {seat})
        m.emit(private, to=to, others=public)


def keep_character(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    f = need_window(m, seat, "keep_character", "keep a character")
    c = cmd["character"]
    if c not in m.state["dealt"][seat]:
        raise bad("not_dealt", f"{shown(c)} is not one of the two characters you were dealt.")
    answer(
        m, seat, f, {"type": "keep_character", "character": c}, {"type": "keep_character", "seat": seat, "character": c}
    )


def dawn_vote(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    f = need_window(m, seat, "dawn", "vote at Dawn")
    w = f["window"]
    if seat not in w["voters"]:
        raise bad("no_role", "Only the witches give the Black Cat at Dawn: the town sleeps, so pass.")
    t = seat_arg(m, cmd["target"], "target")
    answer(
        m,
        seat,
        f,
        {"type": "dawn_vote", "target": t},
        {"type": "dawn_vote", "seat": seat, "target": t},
        voters=w["voters"],
    )


def night_vote(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    f = need_window(m, seat, "night_vote", "vote at Night")
    w = f["window"]
    if seat not in w["voters"]:
        raise bad("no_role", "Only the witches vote at Night: the town sleeps, so pass.")
    t = seat_arg(m, cmd["target"], "target")
    if not m.state["alive"][t]:
        raise bad("dead_target", f"{seat_name(m, t)} is already dead.")
    answer(
        m,
        seat,
        f,
        {"type": "night_vote", "target": t},
        {"type": "night_vote", "seat": seat, "target": t},
        voters=w["voters"],
    )


def gavel(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    f = need_window(m, seat, "gavel", "place the Gavel")
    w = f["window"]
    if seat != w["constable"]:
        raise bad("no_role", "Only the Constable places the Gavel: the town sleeps, so pass.")
    t = seat_arg(m, cmd["target"], "target")
    if t == seat:
        raise bad("self_target", "The Constable cannot put the Gavel on themselves.")
    if not m.state["alive"][t]:
        raise bad("dead_target", f"{seat_name(m, t)} is dead.")
    answer(m, seat, f, {"type": "gavel", "target": t}, {"type": "gavel_placed", "seat": seat, "target": t})


def confess(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    f = need_window(m, seat, "confess", "confess")
    row = m.state["rows"][seat]
    index = index_arg(m, cmd["index"], row, "You")
    answer(
        m,
        seat,
        f,
        {"type": "confess", "index": index},
        {"type": "confess_chosen", "seat": seat, "index": index, "card": row[index]},
    )


def conspiracy_pick(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    f = need_window(m, seat, "conspiracy", "pick a Tryal card")
    w = f["window"]
    taker = cmd.get("taker", seat)
    taker = seat_arg(m, taker, "taker")
    if "taker" in cmd and taker == seat:
        raise bad("bad_field", "Leave out 'taker' for your own pick.")
    pk = next((p for p in w["picks"] if p["taker"] == taker), None)
    if pk is None or pk["picker"] != seat:
        if taker == seat:
            raise bad("not_yours", "You take no card in this Conspiracy.")
        raise bad("not_yours", f"You do not pick for {seat_name(m, taker)}.")
    if pk["index"] is not None:
        raise bad("answered", f"The pick for {seat_name(m, taker)} is already made.")
    index = index_arg(m, cmd["index"], m.state["rows"][pk["giver"]], seat_name(m, pk["giver"]))
    pk["index"] = index
    private = {"type": "pick_chosen", "seat": seat, "taker": taker, "giver": pk["giver"], "index": index}
    command = {"type": "conspiracy_pick", "index": index}
    if taker != seat:
        command["taker"] = taker
    answer(m, seat, f, command, private)


def pass_answer(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    ctx, f = context(m)
    if ctx.startswith("window:"):
        w = f["window"]
        name = w["name"]
        if seat not in w["waiting"]:
            raise bad("answered", "You have already answered.")
        if name == "keep_character":
            raise bad("must_answer", "Keep one of your two characters.")
        if name in ("dawn", "night_vote") and seat in w["voters"]:
            raise bad("must_answer", "A witch must vote (R39).")
        if name == "gavel" and seat == w["constable"]:
            raise bad("must_answer", "The Constable must place the Gavel (R8).")
        if name == "conspiracy":
            raise bad("must_answer", "Everyone takes a card at Conspiracy: pick one.")
        answer(m, seat, f, {"type": "pass"}, None)
        return
    if ctx == "prompt" and f["await"] == seat and f["name"] == "rebecca_nurse":
        m.state["stack"].pop()
        m.emit({"type": "pass", "seat": seat, "prompt": f["name"]})
        return
    raise bad("not_now", f"There is nothing to pass on now: {what_now(m)}.")


def night_flip(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    s = m.state
    ctx, f = context(m)
    if ctx != "vflip":
        raise bad("not_now", f"Night flips belong to the 2-3 player game's Night: {what_now(m)}.")
    if seat != f["await"]:
        raise bad("not_yours", f"{seat_name(m, f['await'])} flips tonight.")
    player = seat_arg(m, cmd["player"], "player")
    if not s["alive"][player]:
        raise bad("dead_target", f"{seat_name(m, player)} is dead.")
    if has_in_front(m, player, "asylum"):
        raise bad("asylum", f"{seat_name(m, player)} has Asylum: none of their cards may be flipped.")
    index = index_arg(m, cmd["index"], s["rows"][player], seat_name(m, player))
    s["stack"].pop()
    m.emit({"type": "night_flip", "seat": seat, "player": player, "index": index})
    reveal(m, player, index, "night", mover=seat)
    if not s["over"] and not (s["stack"] and s["stack"][-1]["kind"] == "death_order"):
        end_game(m, "townspeople")  # §3.11 step 4: the town survived the Night


def death_order(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    s = m.state
    ctx, f = context(m)
    if ctx != "death_order":
        raise bad("not_now", f"Nobody is choosing a death order: {what_now(m)}.")
    first = seat_arg(m, cmd["first"], "first")
    if first not in f["choices"]:
        a, b = f["choices"]
        raise bad("bad_choice", f"Choose {seat_name(m, a)} ({a}) or {seat_name(m, b)} ({b}).")
    s["stack"].pop()
    m.emit({"type": "death_order_chosen", "seat": seat, "first": first})
    die(m, first, f["cause"] if first == f["seat"] else "matchmaker")
    variant_check(m, death=True)
