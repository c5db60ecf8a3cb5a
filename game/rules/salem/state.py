"""Salem 1692: questions about the state, and the checks every command shares.

Every function takes the match ``m`` (a :class:`~game.rules.salem.match.SalemMatch`) and
reads ``m.state`` and the card catalogue ``m.cat``: who sits where and who lives, the
Town Hall abilities a seat has now, a seat's accusations and trial mark, the Matchmaker
link, who holds the Witch and Constable cards, what the table waits for. Nothing here
emits an event; :func:`learn` and :func:`use` are the only ones that change anything
(what a seat knows of the witches, an ability's use count).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.errors import IllegalCommand
from game.engine.shape import shown
from game.rules.salem.cards import CONSTABLE, WITCH

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch


def bad(code: str, message: str) -> IllegalCommand:
    return IllegalCommand(code, message)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seat_name(m: SalemMatch, seat: int) -> str:
    return m.players[seat]


def is_ghost(m: SalemMatch, seat: int) -> bool:
    return seat in m.state["ghosts"]


def human_seats(m: SalemMatch) -> list[int]:
    g = m.state["ghosts"]
    return [p for p in range(m.n) if p not in g]


def living_seats(m: SalemMatch) -> list[int]:
    alive = m.state["alive"]
    return [p for p in range(m.n) if alive[p]]


def left_living(m: SalemMatch, seat: int) -> int:
    """The next living seat clockwise (ghosts count), never ``seat`` itself unless alone."""
    alive = m.state["alive"]
    for k in range(1, m.n + 1):
        q = (seat + k) % m.n
        if alive[q]:
            return q
    return seat


def right_living(m: SalemMatch, seat: int) -> int | None:
    alive = m.state["alive"]
    for k in range(1, m.n):
        q = (seat - k) % m.n
        if alive[q]:
            return q
    return None


def clockwise(m: SalemMatch, start: int, seats: list[int]) -> list[int]:
    """``seats`` ordered clockwise starting at ``start`` (included)."""
    return sorted(seats, key=lambda p: (p - start) % m.n)


def next_turn_seat(m: SalemMatch, seat: int) -> int:
    alive = m.state["alive"]
    ghosts = m.state["ghosts"]
    for k in range(1, m.n + 1):
        q = (seat + k) % m.n
        if alive[q] and q not in ghosts:
            return q
    return seat


def card_kind(m: SalemMatch, card: str) -> str:
    return m.cat.kind_of[card]


def has(m: SalemMatch, seat: int, name: str) -> bool:
    """Does ``seat`` have the ability of character ``name`` now (Martha borrows, §3.12)?"""
    s = m.state
    if not s["abilities"] or not s["alive"][seat]:
        return False
    own = s["characters"][seat]
    if own == name:
        return True
    if own == "martha_corey":
        right = right_living(m, seat)
        return right is not None and s["characters"][right] == name
    return False


def uses(m: SalemMatch, seat: int, name: str) -> int:
    ret: int = m.state["uses"].get(f"{seat}:{name}", 0)
    return ret


def use(m: SalemMatch, seat: int, name: str) -> None:
    key = f"{seat}:{name}"
    m.state["uses"][key] = m.state["uses"].get(key, 0) + 1


def has_in_front(m: SalemMatch, seat: int, kind: str) -> bool:
    kind_of = m.cat.kind_of
    return any(kind_of[c] == kind for c in m.state["fronts"][seat])


def is_red(m: SalemMatch, card: str) -> bool:
    return m.cat.colour_of[card] == "red" or card in m.state["as_witness"]


def accusations(m: SalemMatch, seat: int) -> int:
    s = m.state
    cat = m.cat
    cotton = has(m, seat, "cotton_mather")
    total = 0
    for c in s["fronts"][seat]:
        if c in s["as_witness"]:
            total += 7
        elif cat.colour_of[c] == "red":
            v = cat.value_of[c]
            if cotton and cat.kind_of[c] == "evidence":
                v = 1
            total += v
    return total


def threshold_for(m: SalemMatch, target: int, adder: int | None = None) -> int:
    s = m.state
    if s["variant"]:
        ret: int = s["T"]
        return ret
    george = has(m, target, "george_burroughs")
    if adder is not None and has(m, adder, "thomas_danforth"):
        return 7 if george else 6
    return 8 if george else s["T"]


def matchmaker_link(m: SalemMatch) -> list[int] | None:
    """The two seats bound by Matchmaker (each has one in front), if any."""
    s = m.state
    kind_of = m.cat.kind_of
    seats = [p for p in range(m.n) if s["alive"][p] and any(kind_of[c] == "matchmaker" for c in s["fronts"][p])]
    return seats if len(seats) == 2 else None


def witch_revealed(m: SalemMatch) -> bool:
    tk = m.state["tryal_kind"]
    return all(tk[t] != WITCH for row in m.state["rows"] for t in row)


def constable(m: SalemMatch) -> int | None:
    s = m.state
    tk = s["tryal_kind"]
    for p in range(m.n):
        if s["alive"][p] and any(tk[t] == CONSTABLE for t in s["rows"][p]):
            return p
    return None


def constable_card(m: SalemMatch) -> tuple[int | None, bool]:
    """The seat whose Tryal cards hold the Constable card, and whether it lies face up
    (``(None, False)`` when no seat has one)."""
    s = m.state
    tk = s["tryal_kind"]
    for p in range(m.n):
        if any(tk[t] == CONSTABLE for t in s["rows"][p]):
            return p, False
        if any(tk[t] == CONSTABLE for t in s["revealed"][p]):
            return p, True
    return None, False


def constable_unmasked(m: SalemMatch) -> bool:
    """Is the Constable card face up (public: the role is over for the game, §3.3)?"""
    s = m.state
    tk = s["tryal_kind"]
    return any(tk[t] == CONSTABLE for row in s["revealed"] for t in row)


def learn(m: SalemMatch, seat: int, witches: list[int]) -> None:
    known = m.state["known"][seat]
    for w in witches:
        if w not in known:
            known.append(w)
    known.sort()


def seat_arg(m: SalemMatch, value: Any, field: str) -> int:
    if not is_int(value) or not 0 <= value < m.n:
        raise bad("bad_seat", f"'{field}' must be a seat from 0 to {m.n - 1}, not {shown(value)}.")
    ret: int = value
    return ret


def index_arg(m: SalemMatch, value: Any, row: list[Any], whose: str, field: str = "index") -> int:
    if not is_int(value):
        raise bad("bad_index", f"'{field}' must be a whole number, not {shown(value)}.")
    if not 0 <= value < len(row):
        raise bad(
            "bad_index",
            f"{whose} has {len(row)} Tryal card{'s' if len(row) != 1 else ''} "
            f"face down: '{field}' must be 0 to {len(row) - 1}.",
        )
    ret: int = value
    return ret


def awaited(m: SalemMatch) -> list[int]:
    s = m.state
    if s["stack"]:
        top = s["stack"][-1]
        w = top.get("window")
        if w is not None:
            return list(w["waiting"])
        if top.get("await") is not None:
            return [top["await"]]
        return []
    return [s["active"]] if s["active"] is not None else []


def scores(m: SalemMatch) -> list[int]:
    w = set(m.state["winners"])
    return [1 if p in w else 0 for p in range(m.n)]


def score_breakdown(m: SalemMatch) -> list[list[tuple[str, int]]]:
    """§3.8: one point for each player on the winning side (dead or alive)."""
    s = m.state
    win = set(s["winners"])
    label = {"witches": "The witches won", "townspeople": "The town won"}.get(s["team"], "Nobody won")
    return [[(label, 1 if p in win else 0)] for p in range(m.n)]


def window_seats(m: SalemMatch) -> list[int]:
    """Who answers a blind window: every living seat (variant: every human)."""
    s = m.state
    return [p for p in range(m.n) if s["alive"][p] and p not in s["ghosts"]]


def decide(votes: list[list[Any]]) -> int | None:
    """R6: most votes; a tie goes to the tied target voted first."""
    if not votes:
        return None
    counts: dict[int, int] = {}
    first: dict[int, int] = {}
    for i, (_, target) in enumerate(votes):
        counts[target] = counts.get(target, 0) + 1
        first.setdefault(target, i)
    best = max(counts.values())
    return min((t for t, c in counts.items() if c == best), key=lambda t: first[t])


def nearest_human_left(m: SalemMatch, giver: int) -> int:
    for k in range(1, m.n):
        q = (giver + k) % m.n
        if not is_ghost(m, q) and m.state["alive"][q]:
            return q
    return giver


def holds(m: SalemMatch, seat: int, kind: str) -> bool:
    tk = m.state["tryal_kind"]
    return any(tk[t] == kind for t in m.state["rows"][seat])


def targets_for(m: SalemMatch, seat: int) -> list[int]:
    """Law 1: every other living seat (variant: ghosts included)."""
    alive = m.state["alive"]
    return [p for p in range(m.n) if p != seat and alive[p]]


def guarded(m: SalemMatch, f: dict[str, Any]) -> bool:
    """R43: the short_game_guard applies to this trial."""
    return (
        m.options["short_game_guard"]
        and f["reason"] == "trial"
        and not is_ghost(m, f["player"])
        and len(m.state["rows"][f["player"]]) in (4, 5)
    )


def context(m: SalemMatch) -> tuple[str, Any]:
    """What the game waits for ("turn", "window:<name>" or the top frame's kind) and the
    frame on top of the stack (a dict; None exactly when it is "turn")."""
    s = m.state
    if not s["stack"]:
        return "turn", None
    top = s["stack"][-1]
    if top.get("window") is not None:
        return "window:" + top["window"]["name"], top
    return top["kind"], top


def row_locked(m: SalemMatch, seat: int) -> bool:
    s = m.state
    for f in s["stack"]:
        if f["kind"] == "choose" and f["player"] == seat:
            return True
        if f["kind"] == "vflip":
            return True
        w = f.get("window")
        if w is None:
            continue
        if w["name"] == "conspiracy" and any(pk["giver"] == seat for pk in w["picks"]):
            return True
        if w["name"] == "confess" and any(a == seat and c["type"] == "confess" for a, c in w["answers"]):
            return True
    return False
