"""Checking the fields of a command's values into clean data: relations, envies,
vendettas, a declared conflict's target and parameters, facts-change ops
(docs/rules/malleus.md §2.4, §2.7, §3.2, §7, R5, R7, R11, M3, M4, M13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.shape import shown
from game.rules.malleus.state import (
    DIRECTIONS,
    KINDS,
    REL_KINDS,
    bad,
    check_bool,
    is_npc,
    known_villager,
    ledger,
    living_villager,
    need,
    new_id,
    pname,
    villager,
    vname,
)
from game.rules.malleus.village import view_record
from game.rules.malleus.words import clean_text

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def parse_relation(m: MalleusMatch, value: Any, new: str | None, old: str) -> dict[str, Any]:
    """A building relation ({with, kind, direction, mutual}) between ``new`` (the new or
    extended villager; None while the new one does not exist yet) and ``with``."""
    if not isinstance(value, dict) or set(value) != {"with", "kind", "direction", "mutual"}:
        raise bad("bad_relation", "A relation is {with, kind, direction, mutual}.")
    other = known_villager(m, value["with"], "relation")
    if new is not None and other == new:
        raise bad("bad_relation", "A villager cannot hold a view of itself.")
    kind = value["kind"]
    if kind not in REL_KINDS:
        raise bad("bad_relation", f"A relationship is 'ally' or 'enemy', not {shown(kind)}.")
    direction = value["direction"]
    if direction not in DIRECTIONS:
        raise bad("bad_relation", "direction is 'new_to_old' or 'old_to_new'.")
    mutual = check_bool(value["mutual"], "mutual")
    if new is not None:
        a, b = (new, other) if direction == "new_to_old" else (other, new)
        if view_record(m, a, b) is not None or (mutual and view_record(m, b, a) is not None):
            raise bad(
                "duplicate_view",
                f"{vname(m, a)} and {vname(m, b)} already have that view recorded (R5: one view per direction).",
            )
    return {"with": other, "kind": kind, "direction": direction, "mutual": mutual}


def facts_list(value: Any) -> list[str]:
    if not isinstance(value, list) or len(value) != 3:
        raise bad("bad_facts", "A new villager comes with exactly 3 facts.")
    return [clean_text(t, f"Fact {i + 1}") for i, t in enumerate(value)]


def parse_envy(m: MalleusMatch, value: Any, seat: int) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != {"holder", "thing", "thing_villager"}:
        raise bad("bad_envy", "An envy is {holder, thing, thing_villager}.")
    holder = living_villager(m, value["holder"], "envy holder")
    need(
        is_npc(m, holder), "bad_envy", f"{vname(m, holder)} is a player's villager; envy a villager nobody plays (R7)."
    )
    thing = clean_text(value["thing"], "The envied thing")
    person = value["thing_villager"]
    if person is not None:
        person = known_villager(m, person, "envied person")
        need(person != holder, "bad_envy", "The envied person belongs to the holder; it cannot be the holder.")
        need(person != ledger(m, seat)["villager"], "bad_envy", "You cannot envy your own villager.")
    return {"holder": holder, "thing": thing, "thing_villager": person}


def parse_vendetta(m: MalleusMatch, value: Any, seat: int, reason_key: str = "reason") -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != {"target", reason_key}:
        raise bad("bad_vendetta", "A vendetta is {target, reason}.")
    target = known_villager(m, value["target"], "vendetta target")
    need(target != ledger(m, seat)["villager"], "bad_vendetta", "A vendetta is against any villager but your own (R7).")
    need(villager(m, target)["status"] != "executed", "bad_vendetta", f"{vname(m, target)} is already executed.")
    reason = clean_text(value[reason_key], "The vendetta's reason")
    return {"target": target, "reason": reason, "baseline": villager(m, target)["standing"]}


def parse_conflict(
    m: MalleusMatch, kind: Any, cmd: dict[str, Any], actor: str, actor_player: int | None
) -> dict[str, Any]:
    """Target and parameters of a declared conflict (§3.2), checked."""
    if kind not in KINDS:
        raise bad("bad_kind", f"A conflict is one of {', '.join(KINDS)}; not {shown(kind)}.")
    given = {k for k in ("relationship", "ops", "claimed_text") if k in cmd}
    allowed = {"relationship_change": {"relationship"}, "facts_change": {"ops"}, "reveal_secret": {"claimed_text"}}.get(
        kind, set()
    )
    if given - allowed:
        raise bad("bad_command", f"A {kind.replace('_', ' ')} takes no {sorted(given - allowed)[0]!r}.")
    params: dict[str, Any] = {}
    target: Any = cmd.get("target")  # a living villager's id once checked below
    if kind in ("accusation", "bolster", "reveal_secret"):
        need(target is not None, "bad_target", f"A {kind.replace('_', ' ')} needs a target.")
        target = living_villager(m, target, "target")
    if kind == "accusation":
        need(target != actor, "self_accusation", "Nobody accuses his own villager (R31).")
    elif kind == "reveal_secret":
        need(actor_player is not None, "npc_reveal", "NPCs cannot reveal secrets (R30).")
        owner = villager(m, target)["controlled_by"]
        need(
            owner is not None and owner != actor_player,
            "bad_target",
            f"{vname(m, target)} is not another player's villager.",
        )
        need(
            not ledger(m, owner)["secret"]["revealed"],
            "already_revealed",
            f"{pname(m, owner)}'s secret is already public; {vname(m, target)} is immune.",
        )
        need("claimed_text" in cmd, "bad_command", "A reveal_secret needs the claimed_text.")
        params["claimed_text"] = clean_text(cmd["claimed_text"], "The claimed secret")
    elif kind == "relationship_change":
        rel = cmd.get("relationship")
        if (
            not isinstance(rel, dict)
            or not {"from", "to", "new"} <= set(rel)
            or set(rel) - {"from", "to", "new", "both_directions"}
        ):
            raise bad("bad_relationship", "A relationship change needs relationship {from, to, new, both_directions?}.")
        a = living_villager(m, rel["from"], "relationship's holder")
        b = living_villager(m, rel["to"], "relationship's object")
        need(a != b, "bad_relationship", "A villager holds no view of itself.")
        new = rel["new"]
        need(
            new in ("ally", "enemy", "none"),
            "bad_relationship",
            f"The new view is 'ally', 'enemy' or 'none', not {shown(new)}.",
        )
        both = check_bool(rel.get("both_directions", False), "both_directions")
        record = view_record(m, a, b)
        current = record["kind"] if record else "none"
        need(new != current, "no_change", f"{vname(m, a)}'s view of {vname(m, b)} is already {current}.")
        if both:
            reverse = view_record(m, b, a)
            ok = (record is not None and record["mutual"]) or (record is None and reverse is None)
            need(ok, "bad_relationship", "both_directions needs a mutual relationship, or no view either way (M4).")
        if target is not None:
            need(target == a, "bad_target", "A relationship change targets the view's holder (R11).")
        target = a
        params["relationship"] = {"from": a, "to": b, "new": new, "both_directions": both, "current": current}
    elif kind == "facts_change":
        if target is not None:
            target = living_villager(m, target, "target")
        params["ops"] = parse_ops(m, cmd.get("ops"), target)
    elif kind == "bolster":
        pass
    return {"target": target, "params": params}


def parse_ops(m: MalleusMatch, ops: Any, target: str | None) -> list[dict[str, Any]]:
    need(
        isinstance(ops, list) and 1 <= len(ops) <= 3,
        "bad_ops",
        "A facts change has 1 to 3 ops (add, modify or remove).",
    )
    out = []
    touched_villager = False
    seen: set[str] = set()
    for i, op in enumerate(ops):
        if not isinstance(op, dict) or op.get("op") not in ("add", "modify", "remove"):
            raise bad("bad_ops", f"Op {i + 1} must be {{op: add|modify|remove, …}}.")
        kind = op["op"]
        want = {"add": {"op", "subject", "text"}, "modify": {"op", "fact", "text"}, "remove": {"op", "fact"}}[kind]
        need(set(op) == want, "bad_ops", f"Op {i + 1} ({kind}) takes exactly {', '.join(sorted(want))}.")
        if kind == "add":
            subject = op["subject"]
            if subject is not None:
                subject = known_villager(m, subject, "fact's subject")
            out.append({"op": "add", "subject": subject, "text": clean_text(op["text"], f"Op {i + 1}'s text")})
        else:
            fid = op["fact"]
            if isinstance(fid, str) and fid in m.cat.stereotype:
                raise bad("read_only", f"{fid} is a witch stereotype and cannot be changed (M3).")
            need(isinstance(fid, str) and fid in m.state["facts"], "bad_fact", f"There is no fact {shown(fid)}.")
            need(m.state["facts"][fid]["status"] == "active", "bad_fact", f"Fact {fid} was removed.")
            need(fid not in seen, "bad_ops", f"Fact {fid} appears twice in one facts change (M3).")
            seen.add(fid)
            subject = m.state["facts"][fid]["subject"]
            entry = {"op": kind, "fact": fid, "subject": subject}
            if kind == "modify":
                entry["text"] = clean_text(op["text"], f"Op {i + 1}'s text")
            out.append(entry)
        if subject is not None:
            need(
                subject == target,
                "bad_ops",
                "Every op must touch the target's facts or the general ledger (M3)"
                if target is not None
                else "A facts change touching a villager's facts names that villager as its target (R11).",
            )
            touched_villager = True
    if target is not None:
        need(
            touched_villager,
            "bad_ops",
            "Only the general ledger is touched: declare the facts change with no target (R11).",
        )
    return out


def new_conflict(
    m: MalleusMatch, kind: str, actor: str, actor_player: int | None, parsed: dict[str, Any], npc: bool
) -> dict[str, Any]:
    cid = new_id(m, "k")
    return {
        "id": cid,
        "kind": kind,
        "actor_villager": actor,
        "actor_player": actor_player,
        "target": parsed["target"],
        "params": parsed["params"],
        "npc": npc,
        "scene": None,
        "bidden": [],
        "joined": [],
        "sides": {},
        "npc_sides": {},
        "facts": {},
        "citations": [],
        "intimidated": [],
        "interlopers": [],
        "roll_for": None,
        "roll_against": None,
        "roller": None,
        "frozen_bonus": None,
        "actor_total": None,
        "target_number": None,
        "margin": None,
        "result": None,
        "pending_loss": None,
        "loss_target": None,
        "gossip": False,
        "shifted": False,
        "narrated": False,
        "resolution_begun": False,
    }


def declare_event(c: dict[str, Any]) -> dict[str, Any]:
    event = {
        "type": "declare",
        "conflict": c["id"],
        "kind": c["kind"],
        "actor": c["actor_villager"],
        "player": c["actor_player"],
        "target": c["target"],
        "npc": c["npc"],
    }
    if c["kind"] == "relationship_change":
        rel = c["params"]["relationship"]
        event["relationship"] = {k: rel[k] for k in ("from", "to", "new", "both_directions", "current")}
    if c["kind"] == "facts_change":
        event["ops"] = [dict(op) for op in c["params"]["ops"]]
    return event
