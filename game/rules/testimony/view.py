"""What a seat of Testimony sees (docs/rules/testimony.md §6, §8).

Who knows what is worked out by :mod:`game.rules.testimony.knowledge`, through the
match's ``known_tokens`` / ``known_characters`` / ``_notebook`` (hooks a test may bend
to check that the leak checks catch a leak). The log is redacted where the view is:
``deal`` names the Character to its holder only, ``show`` names the card to the two
sharers only, ``investigate`` lists sides to the investigator only, ``testify`` names
the side to its placer only.

Once the match is over, every view (each seat's and the spectator's) also carries, the
same for everyone (§6.3):

* ``ending``: two sentences: whose empty turn ended the last game and who was killed
  in it, then who won the match with how many points;
* ``revealed``: the last game's hidden facts, by seat::

      {"game_no": n,
       "characters": [Character id per seat], "beliefs": ["heathen" | "puritan" per seat],
       "placed": [[{token, placer, side, target, turn} for each token the seat placed]
                  per seat],
       "set_aside": Character id or null}

  What was shown in each share stays between the two sharers (§6.2, R6). Earlier
  games of the match are in ``history``, fully revealed since their end.

Neither key exists before the end.
"""

from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any

from game.rules.testimony.knowledge import token_face
from game.rules.testimony.legal import may_double
from game.rules.testimony.words import ending

if TYPE_CHECKING:
    from game.rules.testimony.match import TestimonyMatch


def view(m: TestimonyMatch, seat: int | None) -> dict[str, Any]:
    """``seat``'s view (None: a spectator); field by field in §8."""
    st = m.state
    cat = m.cat
    stage = st["stage"]
    ended = stage in ("between", "over")
    known_tokens = m.known_tokens(seat)
    known_chars = m.known_characters(seat)
    result = st["result"] if ended else None
    in_front = [0] * m.n
    for t in st["tokens"]:
        in_front[t["target"]] += 1
    players = []
    for s in range(m.n):
        players.append(
            {
                "seat": s,
                "name": m.players[s],
                "tokens": st["hand"][s],
                "in_front": in_front[s],
                "character": known_chars.get(s),
                "total": st["totals"][s],
                "standing": result["standing"][s] if result else None,
                "killed": result["killed"][s] if result else None,
                "score": result["scores"][s] if result else None,
            }
        )
    tokens = [
        token_face(t, t["token"] in known_tokens) | {"target": t["target"], "turn": t["turn"]} for t in st["tokens"]
    ]
    me = None
    if seat is not None:
        mine = st["characters"][seat]
        me = {
            "character": mine,
            "belief": cat.belief(mine),
            "may_show": cat.may_show(mine),
            "double_investigation": may_double(m, seat) and not ended,
        }
    share = st["share"]
    out = {
        "stage": stage,
        "game_no": st["game_no"],
        "games": st["games"],
        "round": st["game_no"],
        "phase": stage,  # the generic names (the Continue list)
        "turn": st["turn"],
        "turn_no": st["turn_no"],
        "first_player": st["first"],
        "next_first": st["next_first"],
        "active": None if stage == "over" else m._to_act()[0],
        "tokens_each": st["tokens_each"],
        "tokens_aside": st["tokens_aside"],
        "players": players,
        "tokens": tokens,
        "discarded": [dict(d) for d in st["discarded"]],
        "invite": dict(st["invite"]) if st["invite"] else None,
        "declined": list(st["declined"]),
        "share": dict(share) if share else None,
        "shares": [{"share": r["share"], "by": r["by"], "with": r["with"], "turn": r["turn"]} for r in st["shares"]],
        "investigations": [
            {"seat": r["seat"], "targets": list(r["targets"]), "turn": r["turn"]} for r in st["investigations"]
        ],
        "set_aside": {"exists": st["set_aside"] is not None, "character": st["set_aside"] if ended else None},
        "me": me,
        "notebook": m._notebook(seat),
        "totals": list(st["totals"]),
        "history": history_copy(m),
        "winners": m._winners(st["totals"]) if stage == "over" else [],
        "recent": marshal.loads(marshal.dumps(m._recent(seat))),
    }
    if stage == "over":
        out["ending"] = ending(m)
        out["revealed"] = revealed(m)
    return out


def revealed(m: TestimonyMatch) -> dict[str, Any]:
    """The last game's hidden facts, by seat (the module docstring gives the shape)."""
    st = m.state
    placed: list[list[dict[str, Any]]] = [[] for _ in range(m.n)]
    for t in st["tokens"]:
        placed[t["placer"]].append(token_face(t, True) | {"target": t["target"], "turn": t["turn"]})
    return {
        "game_no": st["game_no"],
        "characters": list(st["characters"]),
        "beliefs": [m.cat.belief(c) for c in st["characters"]],
        "placed": placed,
        "set_aside": st["set_aside"],
    }


def notebook(m: TestimonyMatch, seat: int | None) -> list[dict[str, Any]]:
    """What ``seat`` learned this game, in order: each share it took part in
    (``{kind: "share", share, turn, with, gave, got}``; ``gave``/``got`` are show
    payloads ``{share, card, seat, to[, character]}`` or null while pending) and each
    of its investigations (``{kind: "investigate", turn, targets, looks: [{target,
    tokens: [{token, placer, side}]}]}``, sides as they were when it looked)."""
    st = m.state
    if seat is None:
        return []
    entries = []
    chars = st["characters"]
    for rec in st["shares"]:
        if seat not in (rec["by"], rec["with"]):
            continue
        mine = 0 if rec["by"] == seat else 1
        other = rec["with"] if mine == 0 else rec["by"]

        def payload(index: int, shower: int, to: int, rec: dict[str, Any] = rec) -> dict[str, Any] | None:
            card = rec["cards"][index]
            if card is None:
                return None
            out = {"share": rec["share"], "card": card, "seat": shower, "to": to}
            if card == "character":
                out["character"] = chars[shower]
            return out

        entries.append(
            {
                "kind": "share",
                "share": rec["share"],
                "turn": rec["turn"],
                "with": other,
                "gave": payload(mine, seat, other),
                "got": payload(1 - mine, other, seat),
            }
        )
    by_id = {t["token"]: t for t in st["tokens"]}
    for rec in st["investigations"]:
        if rec["seat"] != seat:
            continue
        looks = [
            {
                "target": target,
                "tokens": [token_face(by_id[tid], True) for tid in rec["seen"] if by_id[tid]["target"] == target],
            }
            for target in rec["targets"]
        ]
        entries.append({"kind": "investigate", "turn": rec["turn"], "targets": list(rec["targets"]), "looks": looks})
    entries.sort(key=lambda e: e["turn"])
    return entries


def history_copy(m: TestimonyMatch) -> list[dict[str, Any]]:
    """A fresh copy of the finished games (kept packed on the match: it changes once
    per game, and the view is asked for often)."""
    history = m.state["history"]
    packed = m.__dict__.get("_history_packed")
    if packed is None or packed[0] is not history or packed[1] != len(history):
        packed = (history, len(history), marshal.dumps(history))
        m.__dict__["_history_packed"] = packed
    ret: list[dict[str, Any]] = marshal.loads(packed[2])
    return ret
