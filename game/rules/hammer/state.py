"""The Hammer of the Witches: questions about the state that change nothing.

Every function takes the match ``m`` (a :class:`~game.rules.hammer.match.HammerMatch`)
and reads ``m.state`` and the card tables ``m.t``: who sits next, which villagers live,
which is the current witch, what moment the game is at, and the checks every command
shares (a card in hand, a living villager). The score (§7) is here too: it is a
question about the state asked by the view, the end of the game and the bots alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.errors import IllegalCommand
from game.engine.shape import shown

if TYPE_CHECKING:
    from game.rules.hammer.match import HammerMatch


def bad(code: str, message: str) -> IllegalCommand:
    return IllegalCommand(code, message)


def name(m: HammerMatch, vid: str) -> str:
    return m.t.villager[vid].name


def next_seat(m: HammerMatch, seat: int) -> int:
    return (seat + 1) % m.n


def clockwise_from(m: HammerMatch, seat: int) -> list[int]:
    """Every other seat, clockwise starting left of ``seat``."""
    return [(seat + k) % m.n for k in range(1, m.n)]


def alive(m: HammerMatch) -> list[str]:
    vs = m.state["villagers"]
    return [vid for vid in m.state["vorder"] if vs[vid]["status"] == "alive"]


def hottest(m: HammerMatch) -> list[str]:
    vs = m.state["villagers"]
    best = -1
    out: list[str] = []
    for vid in m.state["vorder"]:
        v = vs[vid]
        if v["status"] != "alive":
            continue
        if v["heat"] > best:
            best, out = v["heat"], [vid]
        elif v["heat"] == best:
            out.append(vid)
    return out


def protected(m: HammerMatch) -> str | None:
    p = m.state["protection"]
    return p["villager"] if p else None


def context(m: HammerMatch) -> str:
    s = m.state
    if s["over"]:
        return "over"
    if s["choice"] is not None:
        return "choice"
    if s["windows"]:
        return "window"
    phase = s["phase"]
    return {"setup": "setup", "accusation": "turn", "arrest": "priority", "trial": "trial", "evidence": "refill"}[phase]


def hand_card(m: HammerMatch, seat: int, card: Any) -> str:
    if not isinstance(card, str):
        raise bad("bad_card", "Name a card by its id, like 'accusation-3'.")
    if card not in m.state["hands"][seat]:
        if card not in m.t.card_kind:
            raise bad("unknown_card", f"There is no card called {shown(card)} in this game.")
        raise bad("not_in_hand", f"{card} is not in your hand.")
    return card


def living(m: HammerMatch, vid: Any, what: str = "villager") -> str:
    if not isinstance(vid, str) or vid not in m.state["villagers"]:
        if isinstance(vid, str) and vid in m.t.villager:
            raise bad("not_in_game", f"{name(m, vid)} is not in this game.")
        raise bad("unknown_villager", f"There is no villager called {shown(vid)} at this table.")
    status = m.state["villagers"][vid]["status"]
    if status != "alive":
        raise bad(
            "not_alive",
            f"{name(m, vid)} has already been {'burned' if status == 'burned' else 'removed from the game'}.",
        )
    return vid


def accusers_free(m: HammerMatch, seat: int) -> list[str]:
    s = m.state
    used = s["accusers_used"]
    vs = s["villagers"]
    return [
        vid
        for vid in s["vorder"]
        if vs[vid]["owner"] == seat
        and vs[vid]["status"] == "alive"
        and m.t.villager[vid].can_accuse
        and vid not in used
    ]


def publicly_gone(m: HammerMatch, kind: str) -> bool:
    s = m.state
    want = m.t.kind[kind].count
    gone = sum(1 for c in s["discard"] if m.t.card_kind[c] == kind)
    gone += sum(1 for c in s["removed"] if m.t.card_kind[c] == kind)
    gone += sum(1 for kept in s["kept"] for c in kept if m.t.card_kind[c] == kind)
    if s["protection"] and m.t.card_kind[s["protection"]["card"]] == kind:
        gone += 1
    return gone >= want


def scores(m: HammerMatch) -> list[int]:
    s = m.state
    t = m.t
    n = m.n
    out = [0] * n
    pentagrams = t.pentagrams
    for vid, v in s["villagers"].items():
        if v["status"] == "alive":
            out[v["owner"]] += pentagrams[vid]
    empty = s["empty_pyres"]
    total_empty = sum(map(len, empty))
    matches = t.matches
    keep_vp = t.keep_vp
    for seat in range(n):
        score = total_empty - len(empty[seat])
        for vid in s["trophies"][seat]:
            score += matches[vid]
        for c in s["kept"][seat]:
            score += keep_vp[c]
        out[seat] += score
    return out


def score_breakdown(m: HammerMatch) -> list[list[tuple[str, int]]]:
    """§7, line by line for each seat (the same sums as :func:`scores`)."""
    s, t = m.state, m.t
    empty = s["empty_pyres"]
    total_empty = sum(map(len, empty))
    out = []
    for seat in range(m.n):
        out.append(
            [
                (
                    "Pentagrams on living villagers",
                    sum(
                        t.pentagrams[vid]
                        for vid, v in s["villagers"].items()
                        if v["status"] == "alive" and v["owner"] == seat
                    ),
                ),
                ("Matches on trophies", sum(t.matches[vid] for vid in s["trophies"][seat])),
                ("Kept tests", sum(t.keep_vp[c] for c in s["kept"][seat])),
                ("Empty pyres of other players", total_empty - len(empty[seat])),
            ]
        )
    return out
