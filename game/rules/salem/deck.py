"""Salem 1692: the draw pile and the discard pile (docs/rules/salem.md §3.2, R14)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch


def take_top(m: SalemMatch) -> str | None:
    """The top card of the draw pile; an empty pile with Night set aside is rebuilt."""
    s = m.state
    if not s["pile"]:
        if not s["aside"] or m.cat.night not in s["aside"]:
            return None
        s["aside"].remove(m.cat.night)
        rebuild_pile(m)
    ret: str | None = s["pile"].pop(0)
    return ret


def rebuild_pile(m: SalemMatch) -> None:
    s = m.state
    new = s["discard"]
    s["discard"] = []
    m.rng.shuffle(new)
    s["pile"] = new + [m.cat.night]
    m.emit({"type": "reshuffle", "count": len(s["pile"])})


def discard(m: SalemMatch, cards: list[str], reason: str, seat: int | None = None) -> None:
    if not cards:
        return
    s = m.state
    for c in cards:
        if c in s["as_witness"]:
            s["as_witness"].remove(c)
    s["discard"].extend(cards)
    event: dict[str, Any] = {"type": "discard", "cards": list(cards), "reason": reason}
    if seat is not None:
        event["seat"] = seat
    m.emit(event)
