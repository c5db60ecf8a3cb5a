"""``view(seat)``: what a seat may know (docs/rules/malleus.md §5).

Public: the village map (a ready village's villagers also carry their ``place`` on the
map, and ``ready_village`` names the village), the general ledger, the stereotypes, the
players (personal gain, hand sizes, who has submitted), the turn, scenes, the open
conflict with its bonus breakdown, who cited what, whether sides may still be taken and
by whom (``sides_open``, ``side_takers``), the latest rolls and the events of the latest
command. A player adds ``you`` (his own ledger, hand, inbox, prompts, submission); the
Prévôt adds ``prevot_screen`` (every ledger and hand, the queue, submissions without note
texts, orders).

Once the game is over every view — each seat's and the spectator's — also holds the same
``ending`` (one or two sentences of how the story ended) and ``revealed`` (everything the
story kept hidden): see :mod:`game.rules.malleus.ending` for their shape (§5.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.malleus.cardplay import card_problem
from game.rules.malleus.ending import ending_text, revealed
from game.rules.malleus.sides import bonuses, loser_seat, npc_side, opposing_roller, principal_seat, side_problem
from game.rules.malleus.state import (
    JOIN_STEPS,
    PREVOT,
    in_turn,
    is_npc,
    ledger,
    plain_copy,
    present_in,
    replacements_needed,
    scores,
    threshold,
    turn_seat,
)

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def view(m: MalleusMatch, seat: int | None) -> dict[str, Any]:
    st = m.state
    villagers = []
    for v in (st["villagers"][vid] for vid in st["vorder"]):
        entry = {
            "id": v["id"],
            "name": v["name"],
            "standing": v["standing"],
            "facts": list(v["facts"]),
            "controlled_by": v["controlled_by"],
            "status": v["status"],
            "sentenced_in": v["sentenced_in"],
        }
        if "place" in v:  # a ready village's villager: where it is found on the map (§2.10)
            entry["place"] = v["place"]
        villagers.append(entry)
    sf = st["facts"]
    facts = {
        fid: {"id": fid, "text": f["text"], "subject": f["subject"], "status": f["status"]}
        for fid, f in ((fid, sf[fid]) for fid in st["forder"])
    }
    c = st["conflict"]
    col = st["collect"]
    players = []
    for p in m.players_seats:
        led = ledger(m, p)
        secret = led["secret"]
        players.append(
            {
                "seat": p,
                "name": m.players[p],
                "villager": led["villager"],
                "personal_gain": led["personal_gain"],
                "hand_count": len(led["hand"]),
                "forfeit": led["forfeit"],
                "secret_revealed": secret["text"] if secret is not None and secret["revealed"] else None,
                "ledger_in": led["secret"] is not None,
                "companion_in": st["phase"] == "companions" and p not in st["waiting"],
                "submitted": col is not None and p in col["submitted"],
                "intimidated": c is not None and p in c["intimidated"],
            }
        )
    view: dict[str, Any] = {
        "phase": st["phase"],
        "step": st["step"],
        "round": st["round"],
        "prevot": {"seat": PREVOT, "name": m.players[PREVOT]},
        "participants": m.n,
        "threshold": threshold(m),
        "players": players,
        "villagers": villagers,
        "facts": facts,
        "general_ledger": [
            f for f in st["forder"] if st["facts"][f]["subject"] is None and st["facts"][f]["status"] == "active"
        ],
        "stereotypes": [dict(x) for x in m._stereotypes],
        "relationships": [dict(st["rels"][r]) for r in st["rorder"]],
        "building": dict(st["build"], threshold=threshold(m), villagers=len(st["vorder"]))
        if st["phase"] in ("first_villager", "building")
        else None,
        "choosing": {"order": list(st["choose"]["order"]), "next": st["choose"]["queue"][0]}
        if st["phase"] == "choosing"
        else {"order": list(st["choose"]["order"]), "next": None},
        "turn_order": list(st["turn_order"]),
        "turn_index": st["turn_idx"],
        "turn": turn_seat(m) if in_turn(m) else None,
        "deck_count": len(st["deck"]),
        "discard_count": len(st["discard"]),
        "scenes": [{"id": s["id"], "location": s["location"], "present": list(s["present"])} for s in st["scenes"]],
        "conflict": plain_copy(conflict_view(m, c, seat)) if c is not None else None,
        "bribery": [b["villager"] for b in st["bribery"]],
        "collect": None
        if col is None
        else {
            "kind": col["kind"],
            "waiting": list(col["waiting"]),
            "submitted": list(col["submitted"]),
            "resolving": col["resolving"],
            "notes": [dict(n) for n in col["notes"]],
        },
        "records": st["records"],
        "executed": list(st["executed"]),
        "last_rolls": plain_copy(st["last_rolls"]),
        "scores": scores(m),
        "winners": list(st["winners"]),
        "recent": plain_copy(m._recent(seat)),
    }
    if "ready_village" in st:
        view["ready_village"] = dict(st["ready_village"])
    if seat is not None and seat != PREVOT:
        view["you"] = plain_copy(own_view(m, seat))
    if seat == PREVOT:
        view["prevot_screen"] = plain_copy(prevot_view(m))
    if st["over"]:
        view["ending"] = ending_text(m)
        view["revealed"] = revealed(m)
    return view


def hand_view(m: MalleusMatch, led: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"card": cid, "type": m.cat.type_of[cid], "locked": cid in led["locked"], "queued": cid in led["queued"]}
        for cid in led["hand"]
    ]


def own_view(m: MalleusMatch, seat: int) -> dict[str, Any]:
    led = ledger(m, seat)
    st = m.state
    return {
        "seat": seat,
        "villager": led["villager"],
        "companion": led["companion"],
        "companion_choice": led["companion_choice"],
        "secret": dict(led["secret"]) if led["secret"] else None,
        "envy": dict(led["envy"]) if led["envy"] else None,
        "vendetta": dict(led["vendetta"]) if led["vendetta"] else None,
        "personal_gain": led["personal_gain"],
        "forfeit": led["forfeit"],
        "hand": hand_view(m, led),
        "inbox": [dict(x) for x in led["inbox"]],
        "prompt": led["prompt"],
        "needs": replacements_needed(m, seat)
        if st["phase"] == "round" and None in (led["envy"], led["vendetta"], led["companion"])
        else [],
        "submission": dict(st["collect"]["subs"][str(seat)])
        if st["collect"] is not None and str(seat) in st["collect"]["subs"]
        else None,
    }


def prevot_view(m: MalleusMatch) -> dict[str, Any]:
    st = m.state
    ledgers = []
    for p in m.players_seats:
        led = ledger(m, p)
        ledgers.append(
            {
                "player": p,
                "villager": led["villager"],
                "companion": led["companion"],
                "companion_choice": led["companion_choice"],
                "secret": dict(led["secret"]) if led["secret"] else None,
                "envy": dict(led["envy"]) if led["envy"] else None,
                "vendetta": dict(led["vendetta"]) if led["vendetta"] else None,
                "personal_gain": led["personal_gain"],
                "hand": hand_view(m, led),
                "seen_by": {k: list(v) for k, v in led["seen_by"].items()},
                "inbox": [dict(x) for x in led["inbox"] if x["kind"] != "note"],
            }
        )
    col = st["collect"]
    c = st["conflict"]
    return {
        "ledgers": ledgers,
        "queue": []
        if col is None
        else [
            {
                "card": q["card"],
                "type": q["type"],
                "player": q["player"],
                "params": dict(q["params"]),
                "problem": card_problem(m, q["player"], q["card"], q["params"], secret=True, queued=True)
                if col["resolving"]
                else None,
            }
            for q in col["queue"]
        ],
        "submissions": [] if col is None else [dict(col["subs"][str(p)]) for p in col["submitted"]],
        "orders": [dict(o) for o in st["orders"]],
        "claimed_text": c["params"].get("claimed_text") if c is not None else None,
    }


def conflict_view(m: MalleusMatch, c: dict[str, Any], seat: int | None) -> dict[str, Any]:
    st = m.state
    bonus = bonuses(m, c)
    npc_sides = {}
    for vid in present_in(m, c):
        if vid in (c["actor_villager"], c["target"]) or not is_npc(m, vid):
            continue
        side, source = npc_side(m, c, vid)
        npc_sides[vid] = {"side": side, "source": source}
    principal = principal_seat(m, c)
    principal_side = None
    if principal is not None:
        principal_side = "against" if c["kind"] in ("accusation", "reveal_secret") else c["sides"].get(str(principal))
    params: dict[str, Any] = {}
    if c["kind"] == "relationship_change":
        params["relationship"] = dict(c["params"]["relationship"])
    if c["kind"] == "facts_change":
        params["ops"] = [dict(op) for op in c["params"]["ops"]]
    claimed = c["params"].get("claimed_text")
    if claimed is not None and (st["step"] != "confirm" or seat in (PREVOT, c["actor_player"])):
        params["claimed_text"] = claimed
    # sides may be taken in the scene, at the roll and after it until the lock (§3.4)
    sides_open = st["phase"] == "round" and st["step"] in JOIN_STEPS
    roller = None
    if st["step"] in ("sides", "oppose"):
        roller = opposing_roller(m, c)
    elif c["roller"] is not None:
        roller = c["roller"]
    return {
        "id": c["id"],
        "kind": c["kind"],
        "actor_villager": c["actor_villager"],
        "actor_player": c["actor_player"],
        "target": c["target"],
        "npc": c["npc"],
        "params": params,
        "scene": c["scene"],
        "present": list(present_in(m, c)),
        "bidden": list(c["bidden"]),
        "joined": list(c["joined"]),
        "sides": dict(sorted(c["sides"].items())),
        "principal": principal,
        "principal_side": principal_side,
        "npc_sides": npc_sides,
        "facts": dict(c["facts"]),
        "counted_by": dict(c.get("counted_by", {})),
        "citations": [dict(x) for x in c["citations"]],
        "sides_open": sides_open,
        "side_takers": [p for p in m.players_seats if side_problem(m, p, c) is None] if sides_open else [],
        "intimidated": list(c["intimidated"]),
        "interlopers": list(c["interlopers"]),
        "bonus": bonus,
        "frozen": c["frozen_bonus"] is not None,
        "roll_for": c["roll_for"],
        "roll_against": c["roll_against"],
        "roller": roller,
        "actor_total": c["actor_total"],
        "target_number": c["target_number"],
        "margin": c["margin"],
        "result": c["result"],
        "pending_loss": c["pending_loss"],
        "loss_target": c["loss_target"],
        "gossip": c["gossip"],
        "shifted": c["shifted"],
        "narrated": c["narrated"],
        "loser": loser_seat(m, c) if c["result"] is not None else None,
    }
