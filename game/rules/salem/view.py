"""Salem 1692: what a seat may see (docs/rules/salem.md §4), built from the state and
the log as that seat sees it.

View fields (stable): ``phase active played threshold variant ghosts town_hall seats hand
my_row known_witches dealt_characters pending draw_count night_at_bottom night_aside aside
discard removed gavel link as_witness uses winners team log``.

``seats[i]``: ``seat name ghost alive character row_count revealed front hand_count
accusations threshold witch stocks``; ``witch`` is true/false once public (a death, the
ghost game's Night, the end), else null; at the end ``row`` and ``hand`` hold what was
hidden.

``pending`` is null on a plain turn, else one of ``{kind:"window", window, order,
waiting, answered, mine, …}`` (voters also get ``votes``, a picker its ``picks``; the
Constable nothing more), ``{kind:"trial"|"black_cat", player, chooser, await, stage,
options, guard}``, ``{kind:"ability", name, await}`` (Tituba looking also gets
``pile``), ``{kind:"night_flip", await}``, ``{kind:"death_order", await, choices}``.

``log`` is the last 40 events the seat may see (R51).

Once the game is over every view — every seat's and the spectator's — also carries
(docs/rules/salem.md §4.1), the same for everyone:

* ``ending``: a few sentences of how the game ended (:func:`~game.rules.salem.words.ending`);
* ``revealed``: everything the game kept hidden: ``seats`` (per seat ``{seat, witch, row,
  hand, character}``; ``row`` the Tryal cards still face down as ``{id, kind}``, ``witch``
  whether it ever held a Witch card), ``witches`` (those seats), ``constable`` (``{seat,
  face_up}`` of the Constable card, or null), ``black_cat`` (``{seat, where}``, ``where``
  ``front`` or ``hand``, or null) and ``draw_pile`` (top first).

Before the end neither key exists.
"""

from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any

from game.rules.salem.cards import LOG_TAIL
from game.rules.salem.state import accusations, constable_card, guarded, matchmaker_link, threshold_for
from game.rules.salem.words import ending

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch


def view(m: SalemMatch, seat: int | None) -> dict[str, Any]:
    s = m.state
    over = s["over"]
    tk = s["tryal_kind"]
    n = m.n
    seats = marshal.loads(public_seats(m))
    me = seat is not None
    if over:
        known = [p for p in range(n) if s["witch"][p]]
    else:
        known = list(s["known"][seat]) if me else []
    out = {
        "phase": phase(m),
        "active": s["active"],
        "played": s["played"],
        "threshold": s["T"],
        "variant": s["variant"],
        "ghosts": list(s["ghosts"]),
        "town_hall": s["abilities"],
        "seats": seats,
        "hand": list(s["hands"][seat]) if me else [],
        "my_row": [{"id": t, "kind": tk[t]} for t in s["rows"][seat]] if me else None,
        "known_witches": known,
        "dealt_characters": list(s["dealt"][seat]) if me else [],
        "pending": pending_view(m, seat),
        "draw_count": len(s["pile"]),
        "night_at_bottom": bool(s["pile"]) and s["pile"][-1] == m.cat.night,
        "night_aside": m.cat.night in s["aside"],
        "aside": list(s["aside"]),
        "discard": list(s["discard"]),
        "removed": list(s["removed"]),
        "gavel": s["gavel"],
        "link": matchmaker_link(m),
        "as_witness": list(s["as_witness"]),
        "uses": uses_view(m, seat),
        "winners": list(s["winners"]),
        "team": s["team"],
        "log": log_tail(m, seat),
    }
    if over:
        out["ending"] = ending(m)
        out["revealed"] = revealed(m)
    return out


def revealed(m: SalemMatch) -> dict[str, Any]:
    """Everything hidden until the end (module docstring): rows, hands, characters, the
    witches, the Constable card, the Black Cat and the draw pile."""
    s = m.state
    tk = s["tryal_kind"]
    black_cat = m.cat.black_cat
    holder, face_up = constable_card(m)
    where = next(
        (
            {"seat": p, "where": zone}
            for p in range(m.n)
            for zone in ("front", "hand")
            if black_cat in s["fronts" if zone == "front" else "hands"][p]
        ),
        None,
    )
    return {
        "seats": [
            {
                "seat": p,
                "witch": s["witch"][p],
                "row": [{"id": t, "kind": tk[t]} for t in s["rows"][p]],
                "hand": list(s["hands"][p]),
                "character": s["characters"][p],
            }
            for p in range(m.n)
        ],
        "witches": [p for p in range(m.n) if s["witch"][p]],
        "constable": {"seat": holder, "face_up": face_up} if holder is not None else None,
        "black_cat": where,
        "draw_pile": list(s["pile"]),
    }


def public_seats(m: SalemMatch) -> bytes:
    """The seats part of every view (public), built once per state and copied out
    with marshal, so callers may change their view freely."""
    key = (m.state_id, len(m._log))
    cached = m.__dict__.get("_seats_cache")
    if cached is not None and cached[0] == key:
        ret: bytes = cached[1]
        return ret
    s = m.state
    over = s["over"]
    tk = s["tryal_kind"]
    kind_of = m.cat.kind_of
    seats = []
    for p in range(m.n):
        witch = s["witch"][p] if over else s["public_witch"][p]
        front = s["fronts"][p]
        entry = {
            "seat": p,
            "name": m.players[p],
            "ghost": p in s["ghosts"],
            "alive": s["alive"][p],
            "character": s["characters"][p],
            "row_count": len(s["rows"][p]),
            "revealed": [{"id": t, "kind": tk[t]} for t in s["revealed"][p]],
            "front": list(front),
            "hand_count": len(s["hands"][p]),
            "accusations": accusations(m, p),
            "threshold": threshold_for(m, p),
            "witch": witch,
            "stocks": sum(1 for c in front if kind_of[c] == "stocks"),
        }
        if over:
            entry["row"] = [{"id": t, "kind": tk[t]} for t in s["rows"][p]]
            entry["hand"] = list(s["hands"][p])
        seats.append(entry)
    data = marshal.dumps(seats)
    m.__dict__["_seats_cache"] = (key, data)
    return data


def uses_view(m: SalemMatch, seat: int | None) -> dict[str, Any]:
    if seat is None:
        return {}
    prefix = f"{seat}:"
    return {k[len(prefix) :]: v for k, v in m.state["uses"].items() if k.startswith(prefix)}


def phase(m: SalemMatch) -> str:
    s = m.state
    if s["over"]:
        return "over"
    for f in reversed(s["stack"]):
        kind = f["kind"]
        if kind == "keep":
            return "characters"
        if kind == "dawn":
            return "dawn"
        if kind in ("night", "vnight", "vflip"):
            return "night"
        if kind == "conspiracy":
            return "conspiracy"
    return "turn"


def pending_view(m: SalemMatch, seat: int | None) -> dict[str, Any] | None:
    s = m.state
    if s["over"] or not s["stack"]:
        return None
    f = s["stack"][-1]
    w = f.get("window")
    if w is not None:
        answered = [a for a in w["order"] if a not in w["waiting"]]
        out = {
            "kind": "window",
            "window": w["name"],
            "order": list(w["order"]),
            "waiting": list(w["waiting"]),
            "answered": answered,
        }
        if seat is not None:
            mine = [c for a, c in w["answers"] if a == seat]
            out["mine"] = mine
            if w["name"] in ("dawn", "night_vote") and seat in w["voters"]:
                out["votes"] = [
                    {"seat": a, "target": c["target"]}
                    for a, c in w["answers"]
                    if c["type"] in ("dawn_vote", "night_vote")
                ]
            if w["name"] == "conspiracy":
                out["picks"] = [
                    {
                        "taker": pk["taker"],
                        "giver": pk["giver"],
                        "row_count": len(s["rows"][pk["giver"]]),
                        "index": pk["index"],
                    }
                    for pk in w["picks"]
                    if pk["picker"] == seat
                ]
        return out
    kind = f["kind"]
    if kind == "choose":
        return {
            "kind": f["reason"],
            "player": f["player"],
            "chooser": f["chooser"],
            "await": f["await"],
            "stage": f["stage"],
            "options": list(f.get("options", [])),
            "guard": guarded(m, f) if f["stage"] == "choose" else True,
        }
    if kind == "prompt":
        out = {"kind": "ability", "name": f["name"], "await": f["await"]}
        if f["name"] == "tituba" and seat == f["await"]:
            out["pile"] = list(s["pile"])
        return out
    if kind == "vflip":
        return {"kind": "night_flip", "await": f["await"]}
    if kind == "death_order":
        return {"kind": "death_order", "await": f["await"], "choices": list(f["choices"])}
    return None


def log_tail(m: SalemMatch, seat: int | None) -> list[dict[str, Any]]:
    out = []
    for entry in reversed(m._log):
        event = m._visible(entry, seat)
        if event is not None:
            out.append(event)
            if len(out) >= LOG_TAIL:
                break
    out.reverse()
    return out
