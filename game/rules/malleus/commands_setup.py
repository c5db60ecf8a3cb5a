"""Commands of the beginning phase: the trigger, building the village, choosing
villagers, ledgers and companions (docs/rules/malleus.md §2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.malleus.parse import facts_list, parse_envy, parse_relation, parse_vendetta
from game.rules.malleus.rounds import build_next, start_round
from game.rules.malleus.state import (
    PREVOT,
    START_STANDING,
    is_npc,
    known_villager,
    ledger,
    living_villager,
    need,
    need_phase,
    need_player,
    need_prevot,
    new_id,
    pname,
    villager,
    vname,
)
from game.rules.malleus.village import add_fact, add_relation
from game.rules.malleus.words import MAX_VILLAGER_NAME, clean_text

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def set_trigger(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    need_phase(m, "trigger", "record the trigger event")
    need_prevot(seat, "record the trigger event")
    text = clean_text(cmd["text"], "The trigger event")
    fid = add_fact(m, text, None)
    m.emit({"type": "trigger", "fact": fid, "text": text})
    m.state["phase"] = "first_villager"


def add_villager(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    first = st["phase"] == "first_villager"
    if not first:
        need_phase(m, "building", "add a villager")
        need(seat == st["build"]["seat"], "not_your_turn", f"It is {m.players[st['build']['seat']]}'s building turn.")
    else:
        need_prevot(seat, "add the first villager")
    name = clean_text(cmd["name"], "The villager's name", cut=MAX_VILLAGER_NAME)
    facts = facts_list(cmd["facts"])
    relation = cmd.get("relation")
    if first:
        need(relation is None, "bad_relation", "The first villager has no relationship (§2.3).")
    else:
        need(
            relation is not None,
            "bad_relation",
            "A new villager needs one relationship with an existing villager (§2.4).",
        )
        relation = parse_relation(m, relation, None, "")
    vid = new_id(m, "v")
    st["villagers"][vid] = {
        "id": vid,
        "name": name,
        "standing": START_STANDING,
        "facts": [],
        "controlled_by": None,
        "status": "alive",
        "sentenced_in": None,
    }
    st["vorder"].append(vid)
    m.emit({"type": "villager", "id": vid, "name": name, "standing": START_STANDING, "by": seat})
    for text in facts:
        add_fact(m, text, vid)
    if relation is not None:
        other = relation["with"]
        a, b = (vid, other) if relation["direction"] == "new_to_old" else (other, vid)
        add_relation(m, a, b, relation["kind"], relation["mutual"])
    if first:
        st["phase"] = "building"
        st["build"] = {"seat": 1, "passes": 0, "last_passer": None}  # R4
    else:
        build_next(m, passed=False, seat=seat)


def add_fact_relation(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    need_phase(m, "building", "add a fact and a relationship")
    need(seat == st["build"]["seat"], "not_your_turn", f"It is {m.players[st['build']['seat']]}'s building turn.")
    vid = known_villager(m, cmd["villager"])
    text = clean_text(cmd["fact"], "The fact")
    relation = parse_relation(m, cmd["relation"], vid, "")
    add_fact(m, text, vid)
    other = relation["with"]
    a, b = (vid, other) if relation["direction"] == "new_to_old" else (other, vid)
    add_relation(m, a, b, relation["kind"], relation["mutual"])
    build_next(m, passed=False, seat=seat)


def pass_turn(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    need_phase(m, "building", "pass")
    need(seat == st["build"]["seat"], "not_your_turn", f"It is {m.players[st['build']['seat']]}'s building turn.")
    m.emit({"type": "pass", "seat": seat})
    build_next(m, passed=True, seat=seat)


def choose_villager(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    need_phase(m, "choosing", "choose a villager")
    queue = st["choose"]["queue"]
    need(seat == queue[0], "not_your_turn", f"It is {pname(m, queue[0])}'s turn to choose.")
    vid = known_villager(m, cmd["villager"])
    owner = villager(m, vid)["controlled_by"]
    need(owner is None, "taken", f"{vname(m, vid)} is already {pname(m, owner or 0)}'s villager.")
    villager(m, vid)["controlled_by"] = seat
    ledger(m, seat)["villager"] = vid
    queue.pop(0)
    st["choose"]["order"].append(seat)
    m.emit({"type": "chosen", "player": seat, "villager": vid})
    if not queue:
        st["phase"] = "ledgers"
        st["waiting"] = m.players_seats


def submit_ledger(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    need_phase(m, "ledgers", "submit a ledger")
    need_player(seat, "keep a ledger")
    need(seat in st["waiting"], "already_done", "Your ledger is already in.")
    led = ledger(m, seat)
    secret = clean_text(cmd["secret"], "The secret")
    envy = parse_envy(m, cmd["envy"], seat)
    vendetta = parse_vendetta(m, cmd["vendetta"], seat)
    led["secret"] = {"text": secret, "revealed": False}
    led["envy"] = envy
    led["vendetta"] = vendetta
    st["waiting"].remove(seat)
    m.emit(
        {"type": "ledger", "player": seat, "secret": secret, "envy": dict(envy), "vendetta": dict(vendetta)},
        to=[seat, PREVOT],
        others={"type": "ledger_in", "player": seat},
    )
    if not st["waiting"]:
        st["phase"] = "companions"
        st["waiting"] = m.players_seats


def choose_companion(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    need_phase(m, "companions", "choose a companion")
    need_player(seat, "choose a companion")
    need(seat in st["waiting"], "already_done", "Your companion choice is already in.")
    led = ledger(m, seat)
    vid = living_villager(m, cmd["villager"], "companion")
    need(
        is_npc(m, vid),
        "bad_companion",
        f"{vname(m, vid)} is a player's villager; a companion is a villager nobody plays (R6).",
    )
    standing = led["companion_choice"]
    if standing is not None:  # M9: not a collider, confirming the standing choice
        need(vid == standing, "companion_stands", f"Your companion {vname(m, standing)} stands; confirm it.")
    led["companion_choice"] = vid
    led["prompt"] = None
    st["waiting"].remove(seat)
    m.emit(
        {"type": "companion", "player": seat, "villager": vid},
        to=[seat, PREVOT],
        others={"type": "companion_in", "player": seat},
    )
    if st["waiting"]:
        return
    chosen: dict[str, list[int]] = {}
    for p in m.players_seats:
        chosen.setdefault(ledger(m, p)["companion_choice"], []).append(p)
    colliders = sorted(p for group in chosen.values() if len(group) > 1 for p in group)
    if colliders:
        for p in colliders:
            lp = ledger(m, p)
            m.emit({"type": "companion_taken", "player": p, "villager": lp["companion_choice"]}, to=[p, PREVOT])
            lp["companion_choice"] = None
            lp["prompt"] = "choose_again"
        st["waiting"] = m.players_seats
        m.emit({"type": "companion_again"})
        return
    for p in m.players_seats:
        lp = ledger(m, p)
        lp["companion"] = lp["companion_choice"]
        lp["companion_choice"] = None
    m.emit({"type": "companions_set"})
    order = list(reversed(st["choose"]["order"]))  # §2.9
    st["turn_order"] = order
    st["phase"] = "round"
    start_round(m)
