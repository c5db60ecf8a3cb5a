"""Salem 1692: a Tryal card turned up, a death, the win checks and the end
(docs/rules/salem.md §3.3 effects of a reveal, §3.7 death, §3.8 winning, §3.9 two left).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.rules.salem.cards import CONSTABLE, PURGED_KINDS, WITCH
from game.rules.salem.deck import discard
from game.rules.salem.state import (
    has,
    holds,
    human_seats,
    is_ghost,
    is_red,
    living_seats,
    matchmaker_link,
    witch_revealed,
)

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch


def reveal(m: SalemMatch, seat: int, index: int, cause: str, mover: int | None) -> str:
    """Turn ``seat``'s row card ``index`` face up (§3.3 effects follow)."""
    s = m.state
    card = s["rows"][seat].pop(index)
    s["revealed"][seat].append(card)
    kind = s["tryal_kind"][card]
    m.emit({"type": "reveal", "seat": seat, "index": index, "card": card, "kind": kind, "cause": cause})
    if cause == "trial":
        reds = [c for c in s["fronts"][seat] if is_red(m, c)]
        for c in reds:
            s["fronts"][seat].remove(c)
        discard(m, reds, "trial", seat)
    after_reveal(m, seat, kind, mover)
    ret: str = card
    return ret


def after_reveal(m: SalemMatch, seat: int, kind: str, mover: int | None) -> None:
    s = m.state
    if s["variant"]:
        if variant_check(m):
            return
        if not s["rows"][seat]:
            kill(m, seat, "last_card", mover)
        return
    if kind == WITCH:
        kill(m, seat, "witch", mover)
    elif not s["rows"][seat]:
        kill(m, seat, "last_card", mover)
    elif kind == CONSTABLE:
        m.emit({"type": "no_constable"})


def kill(m: SalemMatch, seat: int, cause: str, mover: int | None) -> None:
    s = m.state
    if not s["alive"][seat] or s["over"]:
        return
    link = matchmaker_link(m)
    partner = None
    if link and seat in link:
        partner = link[0] if link[1] == seat else link[1]
    if s["variant"] and partner is not None:
        x_first = "townspeople" if holds(m, seat, WITCH) else "witches"
        y_first = "townspeople" if holds(m, partner, WITCH) else "witches"
        if x_first != y_first:
            by = mover if mover is not None and not is_ghost(m, mover) else s["active"]
            s["stack"].append(
                {"kind": "death_order", "await": by, "choices": sorted([seat, partner]), "seat": seat, "cause": cause}
            )
            m.emit({"type": "death_order", "by": by, "choices": sorted([seat, partner])})
            return
    die(m, seat, cause)
    if s["variant"]:
        variant_check(m, death=True)
        return
    if standard_check(m):
        return
    two_left(m)
    if partner is not None and s["alive"][partner]:
        if has(m, partner, "mary_warren"):
            m.emit({"type": "immune", "seat": partner, "card": "matchmaker", "character": "mary_warren"})
        else:
            die(m, partner, "matchmaker")
            if standard_check(m):
                return
            two_left(m)


def die(m: SalemMatch, seat: int, cause: str) -> None:
    """§3.7: the whole row face up, hand and front gone, witch or not announced."""
    s = m.state
    s["alive"][seat] = False
    row = s["rows"][seat]
    s["rows"][seat] = []
    s["revealed"][seat].extend(row)
    tk = s["tryal_kind"]
    hide = m.options["hide_witch_on_death"] and not s["variant"]
    witch = None if hide else s["witch"][seat]
    if not hide:
        s["public_witch"][seat] = s["witch"][seat]
    m.emit(
        {"type": "death", "seat": seat, "cause": cause, "row": [{"id": t, "kind": tk[t]} for t in row], "witch": witch}
    )
    hand = s["hands"][seat]
    front = s["fronts"][seat]
    s["hands"][seat] = []
    s["fronts"][seat] = []
    proctor = None
    if s["abilities"]:
        for k in range(1, m.n):
            q = (seat + k) % m.n
            if has(m, q, "john_proctor"):
                proctor = q
                break
    if proctor is not None:
        blue = [c for c in front if m.cat.colour_of[c] == "blue"]
        rest = [c for c in front if c not in blue]
        s["hands"][proctor].extend(hand + blue)
        m.emit(
            {"type": "proctor", "seat": proctor, "from": seat, "cards": hand + blue, "blue": blue},
            to=[proctor],
            others={"type": "proctor", "seat": proctor, "from": seat, "count": len(hand) + len(blue), "blue": blue},
        )
        discard(m, rest, "death", seat)
    else:
        discard(m, hand + front, "death", seat)
    if s["gavel"] == seat:
        pass  # the Gavel stays on a dead seat until morning (nothing more can happen to it)


def standard_check(m: SalemMatch) -> bool:
    """§3.8 standard: townspeople first, then witches. True when the game ended."""
    s = m.state
    if witch_revealed(m):
        end_game(m, "townspeople")
        return True
    living = living_seats(m)
    if living and all(s["witch"][p] for p in living):
        end_game(m, "witches")
        return True
    return False


def variant_check(m: SalemMatch, death: bool = False) -> bool:
    """§3.8 (ghosts), after a reveal (``death``: after a death)."""
    s = m.state
    if witch_revealed(m):
        end_game(m, "townspeople")
        return True
    tk = s["tryal_kind"]
    if death or any(tk[t] == CONSTABLE for row in s["revealed"] for t in row):
        end_game(m, "witches")
        return True
    return False


def two_left(m: SalemMatch) -> None:
    """§3.9: with exactly two seats alive, blue cards, Scapegoat and Robbery leave the game."""
    s = m.state
    if s["purged"] or s["variant"] or s["over"] or len(living_seats(m)) != 2:
        return
    s["purged"] = True
    kind_of = m.cat.kind_of
    gone: list[str] = []
    for zone in [*s["fronts"], *s["hands"], s["pile"], s["discard"], s["aside"]]:
        out = [c for c in zone if kind_of[c] in PURGED_KINDS]
        for c in out:
            zone.remove(c)
        gone.extend(out)
    for c in gone:
        if c in s["as_witness"]:
            s["as_witness"].remove(c)
    s["removed"].extend(gone)
    m.emit({"type": "purge", "cards": gone})


def end_game(m: SalemMatch, team: str | None, exclude: Sequence[int] = ()) -> None:
    s = m.state
    s["over"] = True
    s["team"] = team
    humans = human_seats(m)
    if team == "witches":
        winners = [p for p in humans if s["witch"][p] and p not in exclude]
    elif team == "townspeople":
        winners = [p for p in humans if not s["witch"][p]]
    else:
        winners = []
    s["winners"] = winners
    s["stack"] = []
    tk = s["tryal_kind"]
    m.emit(
        {
            "type": "over",
            "team": team,
            "winners": winners,
            "witches": [p for p in range(m.n) if s["witch"][p]],
            "rows": [[{"id": t, "kind": tk[t]} for t in row] for row in s["rows"]],
            "hands": [list(h) for h in s["hands"]],
        }
    )
