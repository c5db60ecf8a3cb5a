"""Commands of a conflict up to its secret actions: declaring, the claimed secret,
framing and joining the scene, the Prévôt moving NPCs, sides, citations and their
judgement (docs/rules/malleus.md §3.2–§3.4, M5, M6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.shape import shown
from game.rules.malleus.parse import declare_event, new_conflict, parse_conflict
from game.rules.malleus.sides import join_problem, need_cite_open, npc_side, pending_citation, side_problem
from game.rules.malleus.state import (
    JOIN_STEPS,
    LIVE_STEPS,
    PREVOT,
    actor_seat,
    check_bool,
    check_side,
    is_alive,
    is_npc,
    known_villager,
    ledger,
    need,
    need_player,
    need_prevot,
    need_step,
    new_id,
    pname,
    present_in,
    turn_seat,
    villager,
    villager_list,
    vname,
)
from game.rules.malleus.village import citable
from game.rules.malleus.words import clean_text

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def declare_conflict(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    need_step(m, "declare", "declare a conflict")
    need(seat == turn_seat(m), "not_your_turn", f"It is {pname(m, turn_seat(m))}'s turn.")
    actor = ledger(m, seat)["villager"]
    parsed = parse_conflict(m, cmd["kind"], cmd, actor, seat)
    c = new_conflict(m, cmd["kind"], actor, seat, parsed, npc=False)
    st["conflict"] = c
    event = declare_event(c)
    if c["kind"] == "reveal_secret":
        m.emit(dict(event, claimed_text=c["params"]["claimed_text"]), to=[seat, PREVOT], others=event)
        st["step"] = "confirm"
    else:
        m.emit(event)
        st["step"] = "frame"


def confirm_secret(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    c = need_step(m, "confirm", "judge a claimed secret")
    need_prevot(seat, "judge a claimed secret")
    accept = check_bool(cmd["accept"], "accept")
    owner = villager(m, c["target"])["controlled_by"]
    if not accept:  # R15: the Prévôt voids wrong guesses; declare again
        m.emit({"type": "declaration_voided", "conflict": c["id"], "player": c["actor_player"]})
        st["conflict"] = None
        st["step"] = "declare"
        return
    led = ledger(m, owner)
    led["secret"]["revealed"] = True
    m.emit(
        {
            "type": "secret_revealed",
            "conflict": c["id"],
            "player": owner,
            "villager": c["target"],
            "text": led["secret"]["text"],
            "claimed_text": c["params"]["claimed_text"],
        }
    )
    st["step"] = "frame"


def frame_scene(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    c = need_step(m, "frame", "frame a scene")
    framer = actor_seat(c)
    need(
        seat == framer, "not_your_turn", f"{'The Prévôt' if framer == PREVOT else pname(m, framer)} frames this scene."
    )
    resume = cmd.get("resume")
    scene = None
    if resume is not None:
        scene = next((s for s in st["scenes"] if s["id"] == resume), None)
        need(scene is not None, "bad_scene", f"There is no scene {shown(resume)} to return to.")
    if scene is not None and isinstance(cmd["location"], str) and not cmd["location"].strip():
        location = scene["location"]
    else:
        location = clean_text(cmd["location"], "The location")
    present = villager_list(m, cmd["present"], "present")
    for vid in present:
        need(
            is_alive(m, vid),
            "not_alive",
            f"{vname(m, vid)} is {villager(m, vid)['status']} and cannot be present (R21).",
        )
    need(
        c["actor_villager"] in present,
        "actor_absent",
        f"The actor, {vname(m, c['actor_villager'])}, must be present (R31).",
    )
    if scene is None:
        sid = new_id(m, "s")
        scene = {"id": sid, "location": location, "present": present}
        st["scenes"].append(scene)
    else:
        scene["location"] = location
        scene["present"] = present
    c["scene"] = scene["id"]
    c["bidden"] = sorted(
        {
            villager(m, v)["controlled_by"]
            for v in present
            if villager(m, v)["controlled_by"] not in (None, c["actor_player"])
        }
    )
    m.emit(
        {
            "type": "scene",
            "conflict": c["id"],
            "scene": scene["id"],
            "location": location,
            "present": list(present),
            "bidden": list(c["bidden"]),
            "resumed": resume is not None,
        }
    )
    st["step"] = "scene"


def join_scene(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    c = need_step(m, JOIN_STEPS, "join the scene")
    need_player(seat, "join scenes")
    problem = join_problem(m, seat, c)
    need(problem is None, "cannot_join", problem or "")
    led = ledger(m, seat)
    present_in(m, c).append(led["villager"])
    c["joined"].append(seat)
    led["forfeit"] = True  # joined unbidden (§3.3)
    m.emit({"type": "join", "conflict": c["id"], "player": seat, "villager": led["villager"], "forfeit": True})


def set_present(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    c = need_step(m, LIVE_STEPS, "move villagers in or out of the scene")
    need_prevot(seat, "move villagers in or out")
    need(c["frozen_bonus"] is None, "frozen", "The conflict is decided; nobody comes or goes now.")
    st = m.state
    if st["step"] == "secret_step":
        need(st["collect"]["resolving"], "wrong_step", "Wait until every secret action is in.")
    add = villager_list(m, cmd.get("add", []), "add")
    remove = villager_list(m, cmd.get("remove", []), "remove")
    need(bool(add or remove), "bad_command", "Name villagers to add or to remove.")
    present = present_in(m, c)
    for vid in add:
        need(is_npc(m, vid), "not_npc", f"{vname(m, vid)} is a player's villager; players move their own.")
        need(is_alive(m, vid), "not_alive", f"{vname(m, vid)} is {villager(m, vid)['status']} (R21).")
        need(vid not in present, "already_present", f"{vname(m, vid)} is already present.")
    for vid in remove:
        need(is_npc(m, vid), "not_npc", f"{vname(m, vid)} is a player's villager; players move their own.")
        need(vid in present, "not_present", f"{vname(m, vid)} is not in the scene.")
        need(vid != c["actor_villager"], "actor_absent", "The actor stays in the scene (R31).")
        need(vid not in add, "bad_command", f"{vname(m, vid)} cannot come and go at once.")
    for vid in remove:
        present.remove(vid)
        c["npc_sides"].pop(vid, None)
    present.extend(add)
    m.emit({"type": "present", "conflict": c["id"], "add": add, "remove": remove, "present": list(present)})


def take_side(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    c = need_step(m, JOIN_STEPS, "take a side")
    side = check_side(cmd["side"])
    problem = side_problem(m, seat, c)
    need(problem is None, "cannot_side", problem or "")
    c["sides"][str(seat)] = side
    m.emit({"type": "side", "conflict": c["id"], "player": seat, "side": side, "after_roll": st["step"] == "sides"})


def cite_fact(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    c = m.state["conflict"]
    need_cite_open(m, c)
    need(seat not in c["intimidated"], "intimidated", "You are intimidated in this conflict (R27).")
    fid = citable(m, cmd["fact"])
    side = check_side(cmd["side"])
    need(fid not in c["facts"], "already_counted", f"{fid} already counts for the {c['facts'].get(fid)} side.")
    need(
        not any(x["fact"] == fid and x["side"] == side for x in c["citations"]),
        "already_cited",
        f"{fid} is already cited for that side; the Prévôt will judge it.",
    )
    c["citations"].append({"fact": fid, "side": side, "by": seat})
    m.emit({"type": "cite", "conflict": c["id"], "fact": fid, "side": side, "by": seat})


def cited_by(c: dict[str, Any], fid: str, side: str) -> int:
    """The seat that cited ``fid`` for ``side`` (one citation per fact and side)."""
    ret: int = next(x["by"] for x in c["citations"] if x["fact"] == fid and x["side"] == side)
    return ret


def approve_fact(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    c = m.state["conflict"]
    need_cite_open(m, c)
    need_prevot(seat, "approve a fact")
    fid, side = pending_citation(m, c, cmd)
    by = cited_by(c, fid, side)
    c["facts"][fid] = side
    c.setdefault("counted_by", {})[fid] = by
    c["citations"] = [x for x in c["citations"] if x["fact"] != fid]
    m.emit({"type": "approve", "conflict": c["id"], "fact": fid, "side": side, "by": by})


def reject_fact(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    c = m.state["conflict"]
    need_cite_open(m, c)
    need_prevot(seat, "reject a fact")
    fid, side = pending_citation(m, c, cmd)
    by = cited_by(c, fid, side)
    c["citations"] = [x for x in c["citations"] if not (x["fact"] == fid and x["side"] == side)]
    m.emit({"type": "reject", "conflict": c["id"], "fact": fid, "side": side, "by": by})


def assign_side(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    c = need_step(m, LIVE_STEPS, "assign an NPC's side")
    need_prevot(seat, "assign an NPC's side")
    need(c["frozen_bonus"] is None, "frozen", "The conflict is decided.")
    if st["step"] == "secret_step":
        need(st["collect"]["resolving"], "wrong_step", "Wait until every secret action is in.")
    vid = known_villager(m, cmd["villager"])
    side = check_side(cmd["side"], allow_none=True)
    need(is_npc(m, vid), "not_npc", f"{vname(m, vid)} is a player's villager; its player takes sides.")
    need(vid in present_in(m, c), "not_present", f"{vname(m, vid)} is not in the scene.")
    need(
        vid not in (c["actor_villager"], c["target"]),
        "bad_villager",
        "The actor and the target support nobody; their standing is the base.",
    )
    current, _ = npc_side(m, c, vid)
    need((current or "none") != side, "no_change", f"{vname(m, vid)} is already on that side.")
    c["npc_sides"][vid] = side
    m.emit({"type": "assign", "conflict": c["id"], "villager": vid, "side": side})
