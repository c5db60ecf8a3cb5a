"""Helpers to stage Salem 1692 situations for tests (docs/rules/salem.md §8 "fixtures place
cards through a test hook").

:func:`stage` builds a real match, then arranges the table by hand: every row, hand,
front and pile named by the test, the rest of the playing cards out of the way, seat 0
(or ``active``) at the start of its turn with nothing played. Every one of the 59
playing cards stays in exactly one zone, so the staged match is a legal position.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine import IllegalCommand, Match, new_match
from game.rules.salem import CONSTABLE, NOT_A_WITCH, TRYAL_TABLE, WITCH, SalemMatch, catalog

KINDS = {"N": NOT_A_WITCH, "W": WITCH, "C": CONSTABLE}
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
NIGHT, CONSPIRACY, BLACK_CAT = "c58", "c57", "c56"
ASYLUM, PIETY = "c52", "c53"


def stage(
    players: int = 4,
    *,
    rows: dict[int, str] | None = None,
    dead: Iterable[int] = (),
    witches: Iterable[int] = (),
    hands: dict[int, list[str]] | None = None,
    fronts: dict[int, list[str]] | None = None,
    pile: list[str] | None = None,
    discard: list[str] | None = None,
    active: int = 0,
    options: dict | None = None,
    characters: dict[int, str] | None = None,
    seed: int = 1,
) -> SalemMatch:
    """A match at ``active``'s turn with nothing played.

    ``rows``: seat -> "N N W N N" (unnamed rows: all N, the normal size); ``dead`` seats
    have their rows face up; ``witches`` are ex-witches (holders of a W are witches
    anyway). Unnamed hands and fronts are empty; ``pile`` is top first (default: every
    card not placed elsewhere, Night at the bottom, Conspiracy out of the game);
    ``characters`` turns Town Hall abilities on."""
    m = new_match("salem", NAMES[:players], seed=seed, options=options or {})
    s = m.state
    n = m.n
    per = 5 if s["variant"] else TRYAL_TABLE[n][3]
    rows = rows or {}
    tryal_kind: dict[str, str] = {}
    new_rows = []
    counter = 0
    for p in range(n):
        spec = rows.get(p, " ".join("N" * per)).split()
        row = []
        for letter in spec:
            tid = f"t{counter}"
            counter += 1
            tryal_kind[tid] = KINDS[letter]
            row.append(tid)
        new_rows.append(row)
    s["tryal_kind"] = tryal_kind
    s["rows"] = new_rows
    s["revealed"] = [[] for _ in range(n)]
    s["alive"] = [True] * n
    for p in dead:
        s["alive"][p] = False
        s["revealed"][p] = new_rows[p]
        s["rows"][p] = []
    s["witch"] = [any(tryal_kind[t] == WITCH for t in new_rows[p]) or p in set(witches) for p in range(n)]
    s["witch_order"] = [p for p in range(n) if s["witch"][p]]
    s["known"] = [[p] if s["witch"][p] else [] for p in range(n)]
    s["public_witch"] = [s["witch"][p] if p in set(dead) else None for p in range(n)]
    # playing cards
    placed: list[str] = []
    hands = hands or {}
    fronts = fronts or {}
    s["hands"] = [list(hands.get(p, [])) for p in range(n)]
    s["fronts"] = [list(fronts.get(p, [])) for p in range(n)]
    for zone in [*s["hands"], *s["fronts"]]:
        placed.extend(zone)
    s["discard"] = list(discard or [])
    placed.extend(s["discard"])
    cat = catalog()
    if pile is None:
        rest = [c for c in cat.card_ids if c not in placed and c not in (NIGHT, CONSPIRACY)]
        s["pile"] = rest + [NIGHT]
        s["removed"] = [] if CONSPIRACY in placed else [CONSPIRACY]
    else:
        s["pile"] = list(pile)
        placed.extend(pile)
        s["removed"] = [c for c in cat.card_ids if c not in placed]
    assert len(set(placed)) == len(placed), "a card placed twice"
    s["aside"], s["resolving"], s["as_witness"] = [], [], []
    if characters:
        s["abilities"] = True
        s["characters"] = [characters.get(p) for p in range(n)]
    s["dealt"] = [[] for _ in range(n)]
    s["stack"] = []
    s["active"] = active
    s["played"] = False
    s["gavel"] = None
    s["purged"] = False
    assert all_cards_once(m)
    return m  # type: ignore[return-value]


def play(card: str, target: int, **more) -> dict:
    return {"type": "play", "card": card, "target": target, **more}


def refused(m: Match, seat: int, command: dict) -> IllegalCommand:
    """Apply ``command``; it must be refused and leave the match byte-identical."""
    before = m.to_json()
    try:
        m.apply(seat, command)
    except IllegalCommand as exc:
        assert m.to_json() == before, "a refused command changed the match"
        return exc
    raise AssertionError(f"{command} was accepted")


def pass_window(m: Match, answers: dict[int, dict] | None = None) -> None:
    """Every seat waiting in the open blind window answers: ``answers[seat]`` or pass."""
    answers = answers or {}
    w = m.state["stack"][-1]["window"]
    for seat in list(w["order"]):
        if seat in w["waiting"]:
            m.apply(seat, answers.get(seat, {"type": "pass"}))


def window_name(m: SalemMatch) -> str | None:
    if not m.state["stack"]:
        return None
    w = m.state["stack"][-1].get("window")
    return w["name"] if w else None


def kinds(m: SalemMatch, cards: list[str]) -> list[str]:
    return [m.state["tryal_kind"][t] for t in cards]


def all_cards_once(m: SalemMatch) -> bool:
    s = m.state
    seen = [c for h in s["hands"] for c in h] + [c for f in s["fronts"] for c in f]
    seen += s["pile"] + s["discard"] + s["removed"] + s["aside"] + s["resolving"]
    return sorted(seen) == sorted(catalog().card_ids)


def all_tryals_once(m: SalemMatch) -> bool:
    s = m.state
    seen = [t for r in s["rows"] for t in r] + [t for r in s["revealed"] for t in r]
    return sorted(seen) == sorted(s["tryal_kind"])
