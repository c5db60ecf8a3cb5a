"""The village map: relationships (views), facts, standings and sentences, the dice and
the draw (docs/rules/malleus.md §1.1–§1.4, §1.7, §3.8, R5, R18, R21, R37–R39).

Every change here emits its event (``relationship``, ``fact``, ``standing``,
``sentenced``, ``bribery_closed``, ``reshuffle``, ``draw``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.shape import shown
from game.rules.malleus.state import HAND_SIZE, PREVOT, bad, in_secret_phase, ledger, new_id, villager

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def view_record(m: MalleusMatch, a: str, b: str) -> dict[str, Any] | None:
    """The record holding a's view of b, or None (R5: at most one)."""
    rels = m.state["rels"]
    for rid in m.state["rorder"]:
        r = rels[rid]
        if (r["from"] == a and r["to"] == b) or (r["mutual"] and r["from"] == b and r["to"] == a):
            ret: dict[str, Any] | None = r
            return ret
    return None


def view_map(m: MalleusMatch) -> dict[tuple[str, str], dict[str, Any]]:
    """(holder, object) -> the record holding that view, for every recorded view."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    rels = m.state["rels"]
    for rid in m.state["rorder"]:
        r = rels[rid]
        out[(r["from"], r["to"])] = r
        if r["mutual"]:
            out[(r["to"], r["from"])] = r
    return out


def view_of(m: MalleusMatch, a: str, b: str) -> str | None:
    """a's view of b ("ally"/"enemy") for support; executed villagers' are inert (R38)."""
    if villager(m, a)["status"] == "executed" or villager(m, b)["status"] == "executed":
        return None
    r = view_record(m, a, b)
    return r["kind"] if r else None


def add_relation(m: MalleusMatch, a: str, b: str, kind: str, mutual: bool) -> str:
    rid = new_id(m, "r")
    m.state["rels"][rid] = {"id": rid, "from": a, "to": b, "kind": kind, "mutual": mutual}
    m.state["rorder"].append(rid)
    m.emit({"type": "relationship", "id": rid, "from": a, "to": b, "kind": kind, "mutual": mutual, "change": "added"})
    return rid


def remove_relation(m: MalleusMatch, rid: str) -> None:
    r = m.state["rels"].pop(rid)
    m.state["rorder"].remove(rid)
    m.emit(
        {
            "type": "relationship",
            "id": rid,
            "from": r["from"],
            "to": r["to"],
            "kind": None,
            "mutual": r["mutual"],
            "change": "removed",
        }
    )


def add_fact(m: MalleusMatch, text: str, subject: str | None) -> str:
    fid = new_id(m, "f")
    m.state["facts"][fid] = {"id": fid, "text": text, "subject": subject, "status": "active"}
    m.state["forder"].append(fid)
    if subject is not None:
        villager(m, subject)["facts"].append(fid)
    m.emit({"type": "fact", "id": fid, "subject": subject, "text": text, "change": "added"})
    return fid


def citable(m: MalleusMatch, value: Any) -> str:
    if isinstance(value, str) and value in m.cat.stereotype:
        return value
    if not isinstance(value, str) or value not in m.state["facts"]:
        raise bad("bad_fact", f"There is no fact {shown(value)}.")
    if m.state["facts"][value]["status"] != "active":
        raise bad("bad_fact", f"Fact {value} was removed and cannot be cited.")
    return value


def set_standing(m: MalleusMatch, vid: str, value: int, cause: str) -> int:
    """Clamp at 0 (§1.1); sentence an NPC reaching 0 (§3.8). Returns the change."""
    v = villager(m, vid)
    old = v["standing"]
    new = max(0, value)
    v["standing"] = new
    if new != old:
        m.emit({"type": "standing", "villager": vid, "from": old, "to": new, "cause": cause})
    if new == 0 and v["controlled_by"] is None and v["status"] == "alive":
        sentence(m, vid)
    ret: int = new - old
    return ret


def sentence(m: MalleusMatch, vid: str) -> None:
    st = m.state
    v = villager(m, vid)
    v["status"] = "sentenced"
    conflict = st["conflict"]
    v["sentenced_in"] = conflict["id"] if conflict is not None else None
    where = "phase" if in_secret_phase(m) else "turn"
    st["bribery"].append({"villager": vid, "closes": where})
    for scene in st["scenes"]:  # R21: imprisoned, never present
        if vid in scene["present"]:
            scene["present"].remove(vid)
    if conflict is not None:
        conflict["npc_sides"].pop(vid, None)
    m.emit({"type": "sentenced", "villager": vid, "conflict": v["sentenced_in"]})


def close_bribery(m: MalleusMatch, which: str) -> None:
    st = m.state
    closing = [b for b in st["bribery"] if b["closes"] == which]
    if closing:
        st["bribery"] = [b for b in st["bribery"] if b["closes"] != which]
        m.emit({"type": "bribery_closed", "villagers": [b["villager"] for b in closing]})


def roll3d6(m: MalleusMatch) -> list[int]:
    script = m.state["dice_script"]
    dice = []
    for _ in range(3):
        dice.append(script.pop(0) if script else m.rng.randint(1, 6))
    return dice


def draw_to(m: MalleusMatch, seat: int) -> None:
    """Draw to HAND_SIZE; an empty deck first takes in the shuffled discard (R39)."""
    st = m.state
    led = ledger(m, seat)
    got: list[str] = []
    while len(led["hand"]) < HAND_SIZE:
        if not st["deck"]:
            if not st["discard"]:
                break
            st["deck"] = st["discard"]
            st["discard"] = []
            m.rng.shuffle(st["deck"])
            m.emit({"type": "reshuffle", "count": len(st["deck"])})
        card = st["deck"].pop()
        led["hand"].append(card)
        got.append(card)
    m.emit(
        {"type": "draw", "player": seat, "count": len(got), "cards": got},
        to=[seat, PREVOT],
        others={"type": "draw", "player": seat, "count": len(got)},
    )


def change_relationship(m: MalleusMatch, rel: dict[str, Any]) -> None:
    a, b, new, both = rel["from"], rel["to"], rel["new"], rel["both_directions"]
    record = view_record(m, a, b)
    if record is None:
        add_relation(m, a, b, new, mutual=both)
        return
    if not record["mutual"] or both:
        if new == "none":
            remove_relation(m, record["id"])
        else:
            record["kind"] = new
            m.emit(
                {
                    "type": "relationship",
                    "id": record["id"],
                    "from": record["from"],
                    "to": record["to"],
                    "kind": new,
                    "mutual": record["mutual"],
                    "change": "changed",
                }
            )
        return
    # split a mutual record (R37): the untouched direction keeps the id
    old_kind = record["kind"]
    record.update({"from": b, "to": a, "mutual": False, "kind": old_kind})
    m.emit(
        {
            "type": "relationship",
            "id": record["id"],
            "from": b,
            "to": a,
            "kind": old_kind,
            "mutual": False,
            "change": "split",
        }
    )
    if new != "none":
        add_relation(m, a, b, new, mutual=False)


def apply_ops(m: MalleusMatch, ops: list[dict[str, Any]]) -> None:
    facts = m.state["facts"]
    for op in ops:
        if op["op"] == "add":
            add_fact(m, op["text"], op["subject"])
            continue
        f = facts[op["fact"]]
        if f["status"] != "active":
            continue  # removed meanwhile (by another change): nothing left to change
        if op["op"] == "modify":
            f["text"] = op["text"]
            m.emit({"type": "fact", "id": f["id"], "subject": f["subject"], "text": op["text"], "change": "modified"})
        else:
            f["status"] = "removed"
            if f["subject"] is not None and f["id"] in villager(m, f["subject"])["facts"]:
                villager(m, f["subject"])["facts"].remove(f["id"])
            m.emit({"type": "fact", "id": f["id"], "subject": f["subject"], "text": f["text"], "change": "removed"})
