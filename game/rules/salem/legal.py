"""Salem 1692: every legal command of a seat now (DESIGN D2: complete commands, in a
fixed order; ``apply`` accepts each). ``arrange_tryals`` is never listed (R42).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.rules.salem.state import guarded, has, has_in_front, is_ghost, living_seats, targets_for, uses

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch


def legal(m: SalemMatch, seat: int) -> list[dict[str, Any]]:
    s = m.state
    if s["stack"]:
        top = s["stack"][-1]
        w = top.get("window")
        if w is not None:
            return window_legal(m, seat, top, w)
        return LEGAL[top["kind"]](m, seat, top)
    return turn_legal(m, seat)


def turn_legal(m: SalemMatch, seat: int) -> list[dict[str, Any]]:
    s = m.state
    out: list[dict[str, Any]] = []
    played = s["played"]
    if not played:
        out.append({"type": "draw_two"})
        if s["variant"]:
            for g in s["ghosts"]:
                if s["alive"][g]:
                    out.extend({"type": "ghost_peek", "ghost": g, "index": i} for i in range(len(s["rows"][g])))
        if has(m, seat, "tituba") and uses(m, seat, "tituba") == 0:
            out.append({"type": "ability", "name": "tituba"})
        if has(m, seat, "samuel_parris") and uses(m, seat, "samuel_parris") < 2:
            out.extend(parris_commands(m))
    targets = targets_for(m, seat)
    accusable: list[int] | None = None  # the seats a red card may accuse (no Piety), found once
    kind_of = m.cat.kind_of
    colour_of = m.cat.colour_of
    for card in s["hands"][seat]:
        kind = kind_of[card]
        if accusable is None and colour_of[card] == "red":
            accusable = [t for t in targets if not has_in_front(m, t, "piety")]
        out.extend(play_commands(m, card, kind, targets, accusable or []))
        if kind == "alibi" and has(m, seat, "will_griggs"):
            out.extend({"type": "ability", "name": "will_griggs", "card": card, "target": t} for t in targets)
    if played:
        out.append({"type": "end_turn"})
    return out


def play_commands(
    m: SalemMatch, card: str, kind: str, targets: list[int], accusable: list[int]
) -> list[dict[str, Any]]:
    """Every way to play ``card`` (of ``kind``) on ``targets``; a red card only on the
    ``accusable`` ones (§3.4: no red card on a seat with Piety)."""
    s = m.state
    colour = m.cat.colour_of[card]
    if colour == "red":
        return [{"type": "play", "card": card, "target": t} for t in accusable]
    if kind == "stocks":
        return [{"type": "play", "card": card, "target": t} for t in targets if not is_ghost(m, t)]
    if kind == "curse":
        out = []
        for t in targets:
            for b in s["fronts"][t]:
                if m.cat.colour_of[b] == "blue":
                    out.append({"type": "play", "card": card, "target": t, "blue": b})
        return out
    if kind == "robbery" and s["variant"]:
        return [{"type": "play", "card": card, "target": t} for t in targets]
    if kind in ("robbery", "scapegoat"):
        return [{"type": "play", "card": card, "target": a, "target2": b} for a in targets for b in targets if a != b]
    return [{"type": "play", "card": card, "target": t} for t in targets]


def parris_commands(m: SalemMatch) -> list[dict[str, Any]]:
    kind_of = m.cat.kind_of
    firsts: dict[str, str] = {}
    for c in m.state["discard"]:
        if m.cat.colour_of[c] != "black":
            firsts.setdefault(kind_of[c], c)
    reps = sorted(firsts.values(), key=lambda c: int(c[1:]))
    out = [{"type": "ability", "name": "samuel_parris", "cards": [c]} for c in reps]
    out.extend(
        {"type": "ability", "name": "samuel_parris", "cards": [a, b]} for a, b in itertools.combinations(reps, 2)
    )
    # two of one kind, when the pile holds two
    for kind, first in firsts.items():
        second = next((c for c in m.state["discard"] if kind_of[c] == kind and c != first), None)
        if second is not None:
            out.append({"type": "ability", "name": "samuel_parris", "cards": [first, second]})
    return out


def window_legal(m: SalemMatch, seat: int, f: dict[str, Any], w: dict[str, Any]) -> list[dict[str, Any]]:
    s = m.state
    name = w["name"]
    if name == "keep_character":
        return [{"type": "keep_character", "character": c} for c in s["dealt"][seat]]
    if name == "dawn":
        if seat in w["voters"]:
            return [{"type": "dawn_vote", "target": t} for t in range(m.n)]
        return [{"type": "pass"}]
    if name == "night_vote":
        if seat in w["voters"]:
            return [{"type": "night_vote", "target": t} for t in living_seats(m)]
        return [{"type": "pass"}]
    if name == "gavel":
        if seat == w["constable"]:
            return [{"type": "gavel", "target": t} for t in targets_for(m, seat)]
        return [{"type": "pass"}]
    if name == "confess":
        out = [{"type": "confess", "index": i} for i in range(len(s["rows"][seat]))]
        if has(m, seat, "william_phips") and uses(m, seat, "william_phips") == 0:
            out.append({"type": "ability", "name": "william_phips"})
        out.append({"type": "pass"})
        return out
    # conspiracy picks
    out = []
    for pk in w["picks"]:
        if pk["picker"] != seat or pk["index"] is not None:
            continue
        size = len(s["rows"][pk["giver"]])
        if pk["taker"] == seat:
            out.extend({"type": "conspiracy_pick", "index": i} for i in range(size))
        else:
            out.extend({"type": "conspiracy_pick", "taker": pk["taker"], "index": i} for i in range(size))
    return out


def legal_choose(m: SalemMatch, seat: int, f: dict[str, Any]) -> list[dict[str, Any]]:
    s = m.state
    player = f["player"]
    size = len(s["rows"][player])
    if f["stage"] == "guard":
        return [{"type": "choose_tryal", "player": player, "index": i} for i in f["options"]]
    out: list[dict[str, Any]] = []
    if f["reason"] == "trial":
        for name in ("abigail_williams", "ann_putnam"):
            if has(m, seat, name) and name not in f.get("used", []):
                out.append({"type": "ability", "name": name})
    if guarded(m, f):
        out.extend(
            {"type": "choose_tryal", "player": player, "index": i, "index2": j}
            for i in range(size)
            for j in range(i + 1, size)
        )
    else:
        out.extend({"type": "choose_tryal", "player": player, "index": i} for i in range(size))
    return out


def legal_prompt(m: SalemMatch, seat: int, f: dict[str, Any]) -> list[dict[str, Any]]:
    if f["name"] == "tituba":
        pile = m.state["pile"]
        ident = list(range(len(pile)))
        orders = [ident, ident[::-1]]
        if pile and pile[-1] == m.cat.night and len(pile) > 1:
            orders.append([len(pile) - 1] + ident[:-1])
        out = []
        for order in orders:
            cmd = {"type": "ability", "name": "tituba", "order": order}
            if cmd not in out:
                out.append(cmd)
        return out
    return [{"type": "ability", "name": f["name"]}, {"type": "pass"}]


def legal_death_order(m: SalemMatch, seat: int, f: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": "death_order", "first": p} for p in f["choices"]]


def legal_vflip(m: SalemMatch, seat: int, f: dict[str, Any]) -> list[dict[str, Any]]:
    s = m.state
    out: list[dict[str, Any]] = []
    for p in range(m.n):
        if s["alive"][p] and not has_in_front(m, p, "asylum"):
            out.extend({"type": "night_flip", "player": p, "index": i} for i in range(len(s["rows"][p])))
    return out


#: the legal answers to a frame that waits for one seat
LEGAL: dict[str, Callable[[SalemMatch, int, dict[str, Any]], list[dict[str, Any]]]] = {
    "choose": legal_choose,
    "prompt": legal_prompt,
    "death_order": legal_death_order,
    "vflip": legal_vflip,
}
