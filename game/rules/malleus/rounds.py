"""The course of the game proper: the building turn order, rounds and turns, the
secret-action queue, a conflict's resolution and the automatic end of round
(docs/rules/malleus.md §2.5, §3.1, §3.5–§3.7, §3.11, §3.13, R13, R17–R19, R32, M1, M2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.shape import shown
from game.rules.malleus.sides import bonuses
from game.rules.malleus.state import (
    BASE_TARGET,
    PREVOT,
    WIN_GAIN,
    ledger,
    need,
    need_prevot,
    need_step,
    new_collect,
    scores,
    threshold,
    turn_seat,
    villager,
)
from game.rules.malleus.village import apply_ops, change_relationship, draw_to, set_standing

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def build_next(m: MalleusMatch, passed: bool, seat: int) -> None:
    st = m.state
    b = st["build"]
    if passed:
        b["passes"] += 1
        b["last_passer"] = seat
    else:
        b["passes"] = 0
    if passed and len(st["vorder"]) >= threshold(m) and b["passes"] >= m.n:
        first = seat % (m.n - 1) + 1  # the seat after the last passer, skipping the Prévôt
        queue = [(first - 1 + i) % (m.n - 1) + 1 for i in range(m.n - 1)]
        st["phase"] = "choosing"
        st["choose"] = {"queue": queue, "order": []}
        m.emit({"type": "building_over", "villagers": len(st["vorder"]), "first_chooser": first})
        return
    b["seat"] = (seat + 1) % m.n


def start_round(m: MalleusMatch) -> None:
    st = m.state
    st["round"] += 1
    st["executed"] = []
    for p in m.players_seats:  # (a) baselines (R18)
        ven = ledger(m, p)["vendetta"]
        if ven is not None:
            ven["baseline"] = villager(m, ven["target"])["standing"]
    m.emit({"type": "round", "round": st["round"], "turn_order": list(st["turn_order"])})
    for p in st["turn_order"]:  # (b) draws, in turn order
        draw_to(m, p)
    st["turn_idx"] = 0
    start_turn(m)


def start_turn(m: MalleusMatch) -> None:
    st = m.state
    seat = turn_seat(m)
    led = ledger(m, seat)
    st["conflict"] = None
    if led["forfeit"]:
        led["forfeit"] = False
        st["step"] = "discard"
        m.emit({"type": "turn_forfeited", "player": seat, "round": st["round"]})
        return
    st["step"] = "declare"
    m.emit({"type": "turn", "player": seat, "round": st["round"]})


def next_turn(m: MalleusMatch) -> None:
    st = m.state
    st["conflict"] = None
    st["turn_idx"] += 1
    if st["turn_idx"] < len(st["turn_order"]):
        start_turn(m)
        return
    st["step"] = "secret_phase"
    st["collect"] = new_collect(m, "phase")
    m.emit({"type": "secret_phase", "round": st["round"]})


def queued_play(m: MalleusMatch, seat: int, cmd: dict[str, Any], what: str) -> dict[str, Any]:
    st = m.state
    need_step(m, ("secret_step", "secret_phase"), what)
    need_prevot(seat, what)
    col = st["collect"]
    need(col["resolving"], "wrong_step", "Wait until every secret action is in.")
    play = next((p for p in col["queue"] if p["card"] == cmd["card"]), None)
    need(play is not None, "not_queued", f"No card {shown(cmd['card'])} waits in the queue.")
    assert play is not None  # need() raised otherwise
    ret: dict[str, Any] = play
    return ret


def after_queue(m: MalleusMatch) -> None:
    col = m.state["collect"]
    if not col["queue"]:
        m.emit({"type": "queue_done"}, to=[PREVOT])
    if m.state["step"] == "secret_phase" and not col["queue"]:
        m.state["step"] = "phase_resolve"


def record_roll(m: MalleusMatch, event: dict[str, Any]) -> None:
    st = m.state
    if not m._rolled:  # the dice of the latest command that rolled
        m._rolled = True
        st["last_rolls"] = []
    st["last_rolls"].append(event)
    m.emit(event)


def resolve_conflict(m: MalleusMatch) -> None:
    """Freeze the bonuses (M1), compare, apply the win (§3.6.4, §3.7)."""
    st = m.state
    c = st["conflict"]
    bonus = bonuses(m, c)
    c["frozen_bonus"] = bonus
    c["citations"] = []
    actor_total = sum(c["roll_for"]) + bonus["for"]["total"]
    if c["roll_against"] is None:
        tn = BASE_TARGET + bonus["against"]["total"]
    else:
        tn = sum(c["roll_against"]) + bonus["against"]["total"]
    margin = actor_total - tn
    win = actor_total > tn  # R13: a tie loses
    c.update(actor_total=actor_total, target_number=tn, margin=margin, result="win" if win else "loss")
    m.emit(
        {
            "type": "outcome",
            "conflict": c["id"],
            "kind": c["kind"],
            "actor_total": actor_total,
            "target_number": tn,
            "margin": margin,
            "result": c["result"],
            "for_bonus": bonus["for"]["total"],
            "against_bonus": bonus["against"]["total"],
            "rolled_against": c["roll_against"] is not None,
        }
    )
    st["step"] = "outcome"
    if not win:
        return
    kind = c["kind"]
    if kind in ("accusation", "reveal_secret"):
        c["pending_loss"] = margin
        c["loss_target"] = c["target"]
        st["step"] = "aftermath"
        m.emit({"type": "window", "conflict": c["id"], "pending_loss": margin, "target": c["target"]})
    elif kind == "bolster":
        v = villager(m, c["target"])
        set_standing(m, c["target"], v["standing"] + margin, "bolster")
    elif kind == "relationship_change":
        change_relationship(m, c["params"]["relationship"])
    elif kind == "facts_change":
        apply_ops(m, c["params"]["ops"])


def end_round(m: MalleusMatch) -> None:
    """§3.11, automatic and in order."""
    st = m.state
    executed = []
    for vid in st["vorder"]:  # 1. sentences carried out (R38)
        v = villager(m, vid)
        if v["status"] == "sentenced":
            v["status"] = "executed"
            executed.append(vid)
            m.emit({"type": "executed", "villager": vid})
    st["executed"] = executed
    st["bribery"] = []
    st["past_intimidated"] = {}
    for p in m.players_seats:  # 2. locked cards swept
        led = ledger(m, p)
        if led["locked"]:
            swept = list(led["locked"])
            for card in swept:
                led["hand"].remove(card)
                st["discard"].append(card)
            led["locked"] = []
            m.emit(
                {"type": "locked_swept", "player": p, "count": len(swept), "cards": swept},
                to=[p, PREVOT],
                others={"type": "locked_swept", "player": p, "count": len(swept)},
            )
    for p in m.players_seats:  # 3. rewards (R17, R18)
        led = ledger(m, p)
        lines = []
        gain = 0
        ven = led["vendetta"]
        if ven is not None:
            now = villager(m, ven["target"])["standing"]
            lost = max(0, ven["baseline"] - now)
            if lost >= 3:
                gain += lost // 3
                lines.append(
                    {
                        "why": "vendetta_loss",
                        "villager": ven["target"],
                        "baseline": ven["baseline"],
                        "standing": now,
                        "lost": lost,
                        "gain": lost // 3,
                    }
                )
            if ven["target"] in executed:
                gain += 3
                lines.append({"why": "vendetta_executed", "villager": ven["target"], "gain": 3})
                led["vendetta"] = None
        envy = led["envy"]
        if envy is not None and envy["holder"] in executed:
            gain += 6
            lines.append({"why": "envy_executed", "villager": envy["holder"], "gain": 6})
            led["envy"] = None
        if led["companion"] is not None and led["companion"] in executed:
            lines.append({"why": "companion_executed", "villager": led["companion"], "gain": 0})
            led["companion"] = None
        before = led["personal_gain"]
        led["personal_gain"] = before + gain
        m.emit(
            {"type": "reward", "player": p, "gain": gain, "personal_gain": led["personal_gain"], "lines": lines},
            to=[p, PREVOT],
            others={"type": "reward", "player": p, "gain": gain, "personal_gain": led["personal_gain"]},
        )
    best = max(ledger(m, p)["personal_gain"] for p in m.players_seats)
    if best >= WIN_GAIN:  # 4. win check (3.13, R32)
        top = [p for p in m.players_seats if ledger(m, p)["personal_gain"] == best]
        standing = {p: villager(m, ledger(m, p)["villager"])["standing"] for p in top}
        high = max(standing.values())
        winners = [p for p in top if standing[p] == high]
        st["winners"] = winners
        st["over"] = True
        st["phase"] = "over"
        st["step"] = None
        st["conflict"] = None
        m.emit({"type": "game_over", "winners": winners, "scores": scores(m), "round": st["round"]})
        return
    start_round(m)
