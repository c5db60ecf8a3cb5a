"""Who stands where in a conflict, and the bonuses it gives (docs/rules/malleus.md §3.3,
§3.4, §3.6, R8–R13, R27, M1, M2, M11).

Which seats the table waits for (:func:`waiting_seats`), the target's controller (the
principal), the players on each side, the opposing roller, who narrates the outcome,
each NPC's default side, and the live (or frozen) for/against bonus breakdown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.shape import shown
from game.rules.malleus.state import (
    CITE_STEPS,
    PREVOT,
    SIDES,
    actor_seat,
    check_side,
    ledger,
    need,
    present_in,
    turn_seat,
    villager,
    vname,
)
from game.rules.malleus.village import view_of
from game.rules.malleus.words import phase_words

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def waiting_seats(m: MalleusMatch) -> list[int]:
    """Seats the table waits for (without optional conflict moves)."""
    st = m.state
    phase = st["phase"]
    if phase in ("trigger", "first_villager"):
        return [PREVOT]
    if phase == "building":
        return [st["build"]["seat"]]
    if phase == "choosing":
        return [st["choose"]["queue"][0]]
    if phase in ("ledgers", "companions"):
        return list(st["waiting"])
    step = st["step"]
    c = st["conflict"]
    if step in ("declare", "discard"):
        return [turn_seat(m)]
    if step == "confirm":
        return [PREVOT]
    if step == "frame":
        return [actor_seat(c)]
    if step in ("secret_step", "secret_phase"):
        col = st["collect"]
        return [PREVOT] if col["resolving"] else list(col["waiting"])
    if step == "phase_resolve":
        return [PREVOT]
    if step == "scene":
        return [PREVOT]
    if step == "roll":
        return [actor_seat(c)]
    if step == "sides":
        return [PREVOT]
    if step == "oppose":
        roller = opposing_roller(m, c)
        return [roller] if roller is not None else [PREVOT]
    if step == "aftermath":
        return [PREVOT]
    if step == "outcome":
        return [PREVOT]
    return []


def principal_seat(m: MalleusMatch, c: dict[str, Any]) -> int | None:
    """The target's controller, when a player other than the actor (R12)."""
    target = c["target"]
    if target is None:
        return None
    owner = villager(m, target)["controlled_by"]
    if owner is None or owner == c["actor_player"]:
        return None
    ret: int | None = owner
    return ret


def player_sides(m: MalleusMatch, c: dict[str, Any], for_pools: bool) -> list[tuple[int, str]]:
    """(seat, side) of players on a side, in seat order. ``for_pools``: without the
    principal (never pooled, R12) and without intimidated players (R27)."""
    out = []
    principal = principal_seat(m, c)
    for seat in m.players_seats:
        side = c["sides"].get(str(seat))
        if seat == principal:
            if c["kind"] in ("accusation", "reveal_secret"):
                side = "against"
            if for_pools or side is None:
                continue
            out.append((seat, side))
            continue
        if side is None or seat in c["intimidated"]:
            continue
        out.append((seat, side))
    return out


def opposing_seats(m: MalleusMatch, c: dict[str, Any]) -> list[int]:
    """O of §3.6.3: players against (an automatic principal included), not intimidated."""
    return [s for s, side in player_sides(m, c, for_pools=False) if side == "against" and s not in c["intimidated"]]


def opposing_roller(m: MalleusMatch, c: dict[str, Any]) -> int | None:
    """The opposing roller, or None when TN = 9 + against (§3.6.3, R13, M2)."""
    if c["kind"] == "reveal_secret":
        return None
    opposers = opposing_seats(m, c)
    if not opposers:
        return None
    order = m.state["turn_order"]
    if c["actor_player"] in order:
        i = order.index(c["actor_player"])
        after = order[i + 1 :] + order[: i + 1]
    else:
        after = list(order)
    rank = {s: after.index(s) for s in opposers}
    return max(opposers, key=lambda s: (villager(m, ledger(m, s)["villager"])["standing"], -rank[s]))


def loser_seat(m: MalleusMatch, c: dict[str, Any]) -> int:
    """Who narrates the outcome (M11)."""
    if c["result"] == "loss":
        return actor_seat(c)
    target = c.get("loss_target") or c["target"]
    if target is None:
        return PREVOT
    owner = villager(m, target)["controlled_by"]
    return PREVOT if owner is None else owner


def default_side(m: MalleusMatch, c: dict[str, Any], npc: str) -> str | None:
    """An NPC's own default side from its view of the target (§3.4 table, R8)."""
    kind = c["kind"]
    target = c["target"]
    if kind == "facts_change" or target is None:
        return None
    view = view_of(m, npc, target)
    if view is None:
        return None
    if kind in ("accusation", "reveal_secret"):
        return "for" if view == "enemy" else "against"
    if kind == "bolster":
        return "against" if view == "enemy" else "for"
    # relationship_change: worsening or improving the target's view
    rel = c["params"]["relationship"]
    worsening = rel["new"] == "enemy" or (rel["new"] == "none" and rel["current"] == "ally")
    if worsening:
        return "for" if view == "enemy" else "against"
    return "against" if view == "enemy" else "for"


def npc_side(m: MalleusMatch, c: dict[str, Any], vid: str) -> tuple[str | None, str]:
    override = c["npc_sides"].get(vid)
    if override is not None:
        return (None if override == "none" else override), "assigned"
    return default_side(m, c, vid), "default"


def bonuses(m: MalleusMatch, c: dict[str, Any]) -> dict[str, Any]:
    """Live for/against bonuses with their breakdown (§3.4, R10)."""
    if c.get("frozen_bonus") is not None:
        ret: dict[str, Any] = c["frozen_bonus"]
        return ret
    pools: dict[str, list[dict[str, Any]]] = {"for": [], "against": []}
    actor, target = c["actor_villager"], c["target"]
    for vid in present_in(m, c):
        v = villager(m, vid)
        if vid in (actor, target) or v["controlled_by"] is not None or v["status"] != "alive":
            continue
        side, source = npc_side(m, c, vid)
        if side in pools:
            pools[side].append({"villager": vid, "standing": v["standing"], "why": source})
    for seat, side in player_sides(m, c, for_pools=True):
        vid = ledger(m, seat)["villager"]
        pools[side].append({"villager": vid, "standing": villager(m, vid)["standing"], "why": "player", "player": seat})
    forder = m.state["forder"]

    def fact_key(fid: str) -> tuple[Any, ...]:
        return (0, int(fid[1:])) if fid in m.cat.stereotype else (1, forder.index(fid))

    out = {}
    for side in SIDES:
        base_vid = actor if side == "for" else target
        base = villager(m, base_vid)["standing"] if base_vid is not None else 0
        pool_sum = sum(m["standing"] for m in pools[side])
        facts = sorted((f for f, s in c["facts"].items() if s == side), key=fact_key)
        out[side] = {
            "base": {"villager": base_vid, "standing": base},
            "pool": pools[side],
            "pool_sum": pool_sum,
            "pool_bonus": pool_sum // 3,
            "facts": facts,
            "facts_bonus": len(facts),
            "total": base + pool_sum // 3 + len(facts),
        }
    return out


def join_problem(m: MalleusMatch, seat: int, c: dict[str, Any]) -> str | None:
    led = ledger(m, seat)
    vid = led["villager"]
    if vid in present_in(m, c):
        return f"{vname(m, vid)} is already in the scene."
    if led["forfeit"]:
        return "You have a forfeited turn pending and cannot join a scene until it passes (R29)."
    if seat in c["intimidated"]:
        return "You are intimidated: you cannot join this conflict (R27)."
    return None


def side_problem(m: MalleusMatch, seat: int, c: dict[str, Any]) -> str | None:
    """Why ``seat`` may not take a side now (None: it may)."""
    if seat == PREVOT:
        return "The Prévôt assigns NPCs' sides; he takes none himself."
    if seat == c["actor_player"]:
        return "The actor is on the 'for' side already."
    if seat in c["intimidated"]:
        return "You are intimidated: no side for you in this conflict (R27)."
    if str(seat) in c["sides"]:
        return "You have already taken a side in this conflict."
    principal = principal_seat(m, c)
    if seat == principal:
        if c["kind"] in ("accusation", "reveal_secret"):
            return "Your villager is the target: you oppose automatically (R12)."
        return None
    vid = ledger(m, seat)["villager"]
    if vid == c["target"]:
        return "Your villager is the target."
    if vid not in present_in(m, c):
        return f"{vname(m, vid)} is not in the scene: join it first."
    return None


def need_cite_open(m: MalleusMatch, c: dict[str, Any]) -> None:
    st = m.state
    need(
        st["phase"] == "round" and st["step"] in CITE_STEPS and c is not None and c["frozen_bonus"] is None,
        "wrong_step",
        f"Facts are cited while a scene is open, until the last roll: {phase_words(m)}.",
    )


def pending_citation(m: MalleusMatch, c: dict[str, Any], cmd: dict[str, Any]) -> tuple[str, str]:
    fid = cmd["fact"]
    side = check_side(cmd["side"])
    need(
        any(x["fact"] == fid and x["side"] == side for x in c["citations"]),
        "not_cited",
        f"Nobody has cited {shown(fid)} for the {side} side.",
    )
    return fid, side
