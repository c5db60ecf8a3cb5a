"""``legal(seat)``: every command a seat may send now (docs/rules/malleus.md §7, M14).

Free text is listed as ``""`` (any non-empty text up to 200 characters is accepted).
Where the full list would be combinatorial, a covering sample is listed and ``apply``
accepts every valid combination (M14 says which).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from game.rules.malleus.cardplay import card_problem
from game.rules.malleus.cards import PUBLIC_ONLY
from game.rules.malleus.sides import join_problem, loser_seat, npc_side, opposing_roller, side_problem
from game.rules.malleus.state import (
    CITE_STEPS,
    JOIN_STEPS,
    LIVE_STEPS,
    PREVOT,
    REL_KINDS,
    SIDES,
    actor_seat,
    citable_ids,
    companion_ok,
    companions_taken,
    is_alive,
    is_npc,
    ledger,
    living_ids,
    present_in,
    replacements_needed,
    turn_seat,
    vendetta_ok,
    villager,
)
from game.rules.malleus.village import view_map, view_record

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def legal(m: MalleusMatch, seat: int) -> list[dict[str, Any]]:
    st = m.state
    phase = st["phase"]
    if phase == "trigger":
        return [{"type": "set_trigger", "text": ""}]
    if phase == "first_villager":
        return [{"type": "add_villager", "name": "", "facts": ["", "", ""]}]
    if phase == "building":
        return legal_building(m)
    if phase == "choosing":
        return [
            {"type": "choose_villager", "villager": v} for v in st["vorder"] if villager(m, v)["controlled_by"] is None
        ]
    if phase == "ledgers":
        return legal_ledger(m, seat)
    if phase == "companions":
        led = ledger(m, seat)
        if led["companion_choice"] is not None:
            return [{"type": "choose_companion", "villager": led["companion_choice"]}]
        return [{"type": "choose_companion", "villager": v} for v in st["vorder"] if companion_ok(m, v)]
    if phase != "round":
        return []
    out = legal_step(m, seat)
    if seat != PREVOT:
        out.extend(card_plays(m, seat))
    return out


def relation_options() -> list[tuple[str, bool]]:
    return [("new_to_old", False), ("old_to_new", False), ("new_to_old", True)]


def legal_building(m: MalleusMatch) -> list[dict[str, Any]]:
    st = m.state
    out: list[dict[str, Any]] = []
    vorder = st["vorder"]
    for other in vorder:
        for kind in REL_KINDS:
            for direction, mutual in relation_options():
                out.append(
                    {
                        "type": "add_villager",
                        "name": "",
                        "facts": ["", "", ""],
                        "relation": {"with": other, "kind": kind, "direction": direction, "mutual": mutual},
                    }
                )
    # add_fact_relation: one entry per free ordered pair, kind and mutuality taking
    # turns (M14); apply accepts every valid combination
    views = view_map(m)
    n = 0
    for vid in vorder:
        for other in vorder:
            if other == vid or (vid, other) in views:
                continue
            mutual = n % 3 == 2 and (other, vid) not in views
            out.append(
                {
                    "type": "add_fact_relation",
                    "villager": vid,
                    "fact": "",
                    "relation": {"with": other, "kind": REL_KINDS[n % 2], "direction": "new_to_old", "mutual": mutual},
                }
            )
            n += 1
    out.append({"type": "pass"})
    return out


def envy_options(m: MalleusMatch, seat: int) -> list[dict[str, Any]]:
    st = m.state
    own = ledger(m, seat)["villager"]
    holders = [v for v in st["vorder"] if companion_ok(m, v)]
    out = [{"holder": h, "thing": "", "thing_villager": None} for h in holders]
    for i, person in enumerate(v for v in st["vorder"] if v != own):
        if holders:
            holder = holders[i % len(holders)]
            if holder != person:
                out.append({"holder": holder, "thing": "", "thing_villager": person})
    return out


def vendetta_options(m: MalleusMatch, seat: int) -> list[dict[str, Any]]:
    return [{"target": v, "reason": ""} for v in m.state["vorder"] if vendetta_ok(m, seat, v)]


def legal_ledger(m: MalleusMatch, seat: int) -> list[dict[str, Any]]:
    envies = [e for e in envy_options(m, seat) if e["thing_villager"] is None]
    persons = [e for e in envy_options(m, seat) if e["thing_villager"] is not None]
    vendettas = vendetta_options(m, seat)
    out = []
    for envy in envies:
        for ven in vendettas:
            out.append({"type": "submit_ledger", "secret": "", "envy": envy, "vendetta": ven})
    for i, envy in enumerate(persons):
        out.append({"type": "submit_ledger", "secret": "", "envy": envy, "vendetta": vendettas[i % len(vendettas)]})
    return out


def conflict_options(m: MalleusMatch, seat: int, actor: str, actor_player: int | None) -> list[dict[str, Any]]:
    """Declarable conflicts (kind + fields) for ``actor`` (see M14 for samples)."""
    st = m.state
    living = living_ids(m)
    out: list[dict[str, Any]] = []
    for t in living:
        if t != actor:
            out.append({"kind": "accusation", "target": t})
    if actor_player is not None:
        for p in m.players_seats:
            if p == actor_player:
                continue
            led = ledger(m, p)
            if led["secret"] is not None and not led["secret"]["revealed"]:
                out.append({"kind": "reveal_secret", "target": led["villager"], "claimed_text": ""})
    # relationship changes (M14): every recorded view between living villagers, and
    # every new view to or from the actor, the new value taking turns; a mutual record
    # also whole
    views = view_map(m)
    alive = set(living)
    pairs = [(a, b) for a, b in views if a in alive and b in alive]
    pairs.extend((actor, b) for b in living if b != actor and (actor, b) not in views)
    pairs.extend((a, actor) for a in living if a != actor and (a, actor) not in views)
    n = 0
    for a, b in sorted(pairs, key=lambda ab: (int(ab[0][1:]), int(ab[1][1:]))):
        record = views.get((a, b))
        current = record["kind"] if record else "none"
        choices = [k for k in ("enemy", "ally", "none") if k != current]
        new = choices[n % 2]
        n += 1
        out.append(
            {
                "kind": "relationship_change",
                "target": a,
                "relationship": {"from": a, "to": b, "new": new, "both_directions": False},
            }
        )
        if record is not None and record["mutual"] and record["from"] == a:
            out.append(
                {
                    "kind": "relationship_change",
                    "target": a,
                    "relationship": {"from": a, "to": b, "new": new, "both_directions": True},
                }
            )
    out.append({"kind": "facts_change", "target": None, "ops": [{"op": "add", "subject": None, "text": ""}]})
    for t in living:
        out.append({"kind": "facts_change", "target": t, "ops": [{"op": "add", "subject": t, "text": ""}]})
    for fid in st["forder"]:
        f = st["facts"][fid]
        if f["status"] != "active":
            continue
        subject = f["subject"]
        if subject is not None and not is_alive(m, subject):
            continue
        op = {"op": "modify", "fact": fid, "text": ""} if int(fid[1:]) % 2 else {"op": "remove", "fact": fid}
        out.append({"kind": "facts_change", "target": subject, "ops": [op]})
    for t in living:
        out.append({"kind": "bolster", "target": t})
    return out


def present_options(m: MalleusMatch, c: dict[str, Any]) -> list[list[str]]:
    actor, target = c["actor_villager"], c["target"]
    living = living_ids(m)
    options = [[actor]]
    if target is not None and target != actor and target in living:
        options.append([actor, target])
        for v in living:
            if v not in (actor, target):
                options.append([actor, target, v])
    else:
        for v in living:
            if v != actor:
                options.append([actor, v])
    everyone = [actor] + [v for v in living if v != actor]
    if everyone not in options:
        options.append(everyone)
    return options


def legal_step(m: MalleusMatch, seat: int) -> list[dict[str, Any]]:
    st = m.state
    step = st["step"]
    c = st["conflict"]
    out: list[dict[str, Any]] = []
    if step == "declare":
        if seat != turn_seat(m):
            return []
        actor = ledger(m, seat)["villager"]
        return [dict({"type": "declare_conflict"}, **o) for o in conflict_options(m, seat, actor, seat)]
    if step == "confirm":
        if seat != PREVOT:
            return []
        return [{"type": "confirm_secret", "accept": True}, {"type": "confirm_secret", "accept": False}]
    if step == "frame":
        if seat != actor_seat(c):
            return []
        opts = [{"type": "frame_scene", "location": "", "present": p} for p in present_options(m, c)]
        for scene in st["scenes"]:
            opts.append(
                {"type": "frame_scene", "location": "", "present": present_options(m, c)[0], "resume": scene["id"]}
            )
        return opts
    if step in ("secret_step", "secret_phase"):
        col = st["collect"]
        if not col["resolving"]:
            return legal_secret_action(m, seat) if seat in col["waiting"] else []
        if seat != PREVOT:
            return []
        for play in col["queue"]:
            if card_problem(m, play["player"], play["card"], play["params"], secret=True, queued=True) is None:
                out.append({"type": "apply_card", "card": play["card"]})
            out.append({"type": "void_card", "card": play["card"]})
        if step == "secret_step":
            out.extend(legal_prevot_scene(m, c))
            if not col["queue"]:
                out.append({"type": "close_secret_actions"})
        return out
    if step == "phase_resolve":
        if seat != PREVOT:
            return []
        for vid in st["vorder"]:
            if not (is_npc(m, vid) and is_alive(m, vid)):
                continue
            for o in npc_conflict_options(m, vid):
                out.append(dict({"type": "start_npc_conflict", "actor_villager": vid}, **o))
        if st["records"] > 0:
            out.extend(legal_records(m))
        out.append({"type": "end_secret_phase"})
        return out
    if step in LIVE_STEPS:
        if c["frozen_bonus"] is None and step in CITE_STEPS and seat not in c["intimidated"]:
            cited = {(x["fact"], x["side"]) for x in c["citations"]}
            counted = c["facts"]
            for fid in citable_ids(m):
                if fid in counted:
                    continue
                for side in SIDES:
                    if (fid, side) not in cited:
                        out.append({"type": "cite_fact", "fact": fid, "side": side})
        if seat == PREVOT:
            if c["frozen_bonus"] is None:
                for x in c["citations"]:
                    out.append({"type": "approve_fact", "fact": x["fact"], "side": x["side"]})
                    out.append({"type": "reject_fact", "fact": x["fact"], "side": x["side"]})
                out.extend(legal_prevot_scene(m, c))
            if step == "scene":
                out.append({"type": "begin_resolution"})
            if step == "sides":
                out.append({"type": "lock_sides"})
        else:
            if step in JOIN_STEPS:
                if join_problem(m, seat, c) is None:
                    out.append({"type": "join_scene"})
                if side_problem(m, seat, c) is None:
                    out.extend({"type": "take_side", "side": s} for s in SIDES)
        if step == "roll" and seat == actor_seat(c):
            out.append({"type": "roll"})
        if step == "oppose" and seat == opposing_roller(m, c):
            out.append({"type": "roll"})
        if st["records"] > 0 and seat == PREVOT:
            out.extend(legal_records(m))
        return out
    if step == "aftermath":
        if seat == PREVOT:
            out.append({"type": "close_window"})
            if st["records"] > 0:
                out.extend(legal_records(m))
        if seat == loser_seat(m, c) and not c["narrated"]:
            out.append({"type": "narrate", "text": ""})
        return out
    if step == "outcome":
        if seat == loser_seat(m, c) and not c["narrated"]:
            out.append({"type": "narrate", "text": ""})
        if seat == PREVOT:
            out.append({"type": "end_turn"})
            if st["records"] > 0:
                out.extend(legal_records(m))
        return out
    if step == "discard":
        if seat == turn_seat(m):
            hand = ledger(m, seat)["hand"]
            for size in range(len(hand) + 1):
                for combo in itertools.combinations(hand, size):
                    out.append({"type": "discard", "cards": list(combo)})
        if seat == PREVOT and st["records"] > 0:
            out.extend(legal_records(m))
        return out
    return out


def legal_records(m: MalleusMatch) -> list[dict[str, Any]]:
    return [{"type": "record_fact", "subject": None, "text": ""}] + [
        {"type": "record_fact", "subject": v, "text": ""} for v in m.state["vorder"]
    ]


def legal_prevot_scene(m: MalleusMatch, c: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if c["frozen_bonus"] is not None:
        return out
    present = present_in(m, c)
    vs = m.state["villagers"]
    for vid in m.state["vorder"]:
        v = vs[vid]
        if v["controlled_by"] is not None or v["status"] != "alive":
            continue
        if vid not in present:
            out.append({"type": "set_present", "add": [vid], "remove": []})
        elif vid != c["actor_villager"]:
            out.append({"type": "set_present", "add": [], "remove": [vid]})
    for vid in present:
        if not is_npc(m, vid) or vid in (c["actor_villager"], c["target"]) or not is_alive(m, vid):
            continue
        current, _ = npc_side(m, c, vid)
        for side in ("for", "against", "none"):
            if (current or "none") != side:
                out.append({"type": "assign_side", "villager": vid, "side": side})
    return out


def npc_conflict_options(m: MalleusMatch, actor: str) -> list[dict[str, Any]]:
    """A covering sample (M14): accusations and bolsters of every living villager,
    one relationship change held by the actor, one general-ledger fact."""
    living = living_ids(m)
    opts: list[dict[str, Any]] = [{"kind": "accusation", "target": t} for t in living if t != actor]
    opts.extend({"kind": "bolster", "target": t} for t in living)
    for other in living:
        if other == actor:
            continue
        record = view_record(m, actor, other)
        current = record["kind"] if record else "none"
        new = "enemy" if current != "enemy" else "ally"
        opts.append(
            {
                "kind": "relationship_change",
                "target": actor,
                "relationship": {"from": actor, "to": other, "new": new, "both_directions": False},
            }
        )
        break
    opts.append({"kind": "facts_change", "target": None, "ops": [{"op": "add", "subject": None, "text": ""}]})
    return opts


def replacement_options(m: MalleusMatch, seat: int) -> list[dict[str, Any]]:
    """Diagonal combinations of the replacements a secret action must carry (M14)."""
    st = m.state
    need = replacements_needed(m, seat) if st["collect"]["kind"] == "phase" else []
    lists: dict[str, list[Any]] = {}
    if "envy" in need:
        lists["new_envy"] = envy_options(m, seat)
    if "vendetta" in need:
        lists["new_vendetta"] = vendetta_options(m, seat)
    if "companion" in need:
        taken = companions_taken(m, seat)
        lists["new_companion"] = [v for v in st["vorder"] if companion_ok(m, v) and v not in taken]
    if not lists:
        return [{}]
    size = max(len(v) for v in lists.values())
    return [{k: v[i % len(v)] for k, v in lists.items()} for i in range(size)]


def legal_secret_action(m: MalleusMatch, seat: int) -> list[dict[str, Any]]:
    st = m.state
    led = ledger(m, seat)
    c = st["conflict"]
    intimidated = c is not None and seat in c["intimidated"]
    reps = replacement_options(m, seat)
    base = {"type": "secret_action", "text": ""}
    out = [dict(base, **r) for r in reps]
    first = reps[0]
    if not intimidated:
        for play in card_play_options(m, seat, in_secret_action=True):
            out.append(dict(base, cards=[play], **first))
        if led["companion"] is not None:
            out.append(dict(base, companion_order="", **first))
    for p in m.players_seats:
        if p != seat:
            out.append(dict(base, notes=[{"to": p, "text": ""}], **first))
    return out


def card_play_options(m: MalleusMatch, seat: int, in_secret_action: bool) -> list[dict[str, Any]]:
    """Card plays (without ``type``/``secret``) whose shape is valid and whose timing is
    open now (for a secret action: whose shape is valid; timing is checked on apply)."""
    st = m.state
    led = ledger(m, seat)
    out: list[dict[str, Any]] = []
    living = living_ids(m)
    others = [p for p in m.players_seats if p != seat]
    for card in led["hand"]:
        if card in led["locked"] or card in led["queued"]:
            continue
        ctype = m.cat.type_of[card]
        if in_secret_action and ctype in PUBLIC_ONLY:
            continue
        if not in_secret_action and ctype == "blackmail":
            continue
        cands: list[dict[str, Any]]
        if ctype == "blackmail":
            cands = [{"target": v, "order": ""} for v in living if is_npc(m, v)]
        elif ctype == "bribery":
            cands = [{"target": b["villager"]} for b in st["bribery"]]
        elif ctype in ("eavesdropping", "sharp_intuition", "intimidation"):
            cands = [{"player": p} for p in others]
        elif ctype == "if_i_cant":
            cands = [{"new_envy": e} for e in envy_options(m, seat)[:4]]
        elif ctype == "interloper":
            present = present_in(m, st["conflict"]) if st["conflict"] is not None else []
            cands = [{"target": v} for v in living if v not in present]
        elif ctype == "gossip":
            cands = [{}]
        elif ctype in ("shifting_blame", "whispering"):
            cands = [{"target": v} for v in living]
        elif ctype == "planted_evidence":
            cands = [{"target": v} for v in living if villager(m, v)["standing"] <= 6]
        elif ctype == "satiation":
            cands = [{"new_vendetta": v} for v in vendetta_options(m, seat)]
        elif ctype == "treachery":
            cands = [{"relationship": r} for r in st["rorder"] if st["rels"][r]["kind"] == "ally"]
        else:
            cands = []
        for params in cands:
            if not in_secret_action:
                for secret in (False,) if ctype in PUBLIC_ONLY else (True, False):
                    if card_problem(m, seat, card, params, secret=secret, queued=False) is None:
                        out.append(dict({"card": card, "secret": secret}, **params))
            else:
                out.append(dict({"card": card}, **params))
    return out


def card_plays(m: MalleusMatch, seat: int) -> list[dict[str, Any]]:
    """Open card plays of a player not listed in ``to_act`` (R24)."""
    st = m.state
    if seat == PREVOT or st["phase"] != "round":
        return []
    return [dict({"type": "play_card"}, **o) for o in card_play_options(m, seat, in_secret_action=False)]
