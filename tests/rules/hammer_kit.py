"""Helpers to stage Hammer of the Witches situations for tests.

A staged match is a real match (set up with a seed, pyres placed by the first legal
command of each seat) whose ``state`` is then edited the way a table would be arranged
by hand: a villager handed to a seat, a card moved into a hand, a heat set. Every edit
keeps the 78 cards in exactly one place, so the match stays a legal position.
"""

from __future__ import annotations

from game.engine import IllegalCommand, Match, new_match
from game.rules.hammer import HammerMatch, tables

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def placed_match(players: int = 4, seed: int = 1) -> HammerMatch:
    """A match past setup: every seat placed its pyres (first legal assignment)."""
    m = new_match("hammer", NAMES[:players], seed=seed)
    for seat in range(players):
        m.apply(seat, m.legal(seat)[0])
    assert m.state["phase"] == "accusation"
    return m  # type: ignore[return-value]


def owner(m: HammerMatch, vid: str) -> int:
    return m.state["villagers"][vid]["owner"]


def give_villager(m: HammerMatch, vid: str, seat: int, keep: tuple[str, ...] = ()) -> None:
    """Make ``vid`` belong to ``seat`` by swapping it (and its pyre) with one of that
    seat's villagers that is not in ``keep``."""
    vs = m.state["villagers"]
    if vs[vid]["owner"] == seat:
        return
    other = next(w for w in m.state["vorder"] if vs[w]["owner"] == seat and w not in keep and w != vid)
    a, b = vs[vid], vs[other]
    a["owner"], b["owner"] = b["owner"], a["owner"]
    a["pyre"], b["pyre"] = b["pyre"], a["pyre"]
    a["heat"], b["heat"] = b["heat"], a["heat"]
    order = m.state["vorder"]
    i, j = order.index(vid), order.index(other)
    order[i], order[j] = order[j], order[i]


def start(m: HammerMatch, vid: str) -> int:
    return tables().pyre_start[m.state["villagers"][vid]["pyre"]]


def set_heat(m: HammerMatch, vid: str, heat: int) -> None:
    assert start(m, vid) <= heat <= 18, (vid, heat)
    m.state["villagers"][vid]["heat"] = heat


def heat(m: HammerMatch, vid: str) -> int:
    return m.state["villagers"][vid]["heat"]


def cool_all(m: HammerMatch) -> None:
    """Every living villager at its pyre's start value."""
    for vid in m.state["vorder"]:
        if m.state["villagers"][vid]["status"] == "alive":
            set_heat(m, vid, start(m, vid))


def _take(m: HammerMatch, card: str) -> None:
    s = m.state
    for zone in [*s["hands"], s["deck"], s["discard"]]:
        if card in zone:
            zone.remove(card)
            return
    raise AssertionError(f"{card} is not in a hand, the deck or the discard pile")


def give(m: HammerMatch, seat: int, *cards: str, only: bool = False) -> None:
    """Put ``cards`` into ``seat``'s hand (from wherever they are). With ``only`` the
    rest of that hand goes back onto the draw pile first."""
    s = m.state
    if only:
        s["deck"].extend(s["hands"][seat])
        s["hands"][seat] = []
    for card in cards:
        _take(m, card)
        s["hands"][seat].append(card)


def empty_hands(m: HammerMatch) -> None:
    for seat in range(m.n):
        m.state["deck"].extend(m.state["hands"][seat])
        m.state["hands"][seat] = []


def set_turn(m: HammerMatch, seat: int) -> None:
    """Phase 1, the start of ``seat``'s turn."""
    s = m.state
    s.update(
        phase="accusation",
        active=seat,
        turn_played=False,
        accusers_used=[],
        inquisitor=None,
        priority=None,
        windows=[],
        choice=None,
    )


def set_arrest(m: HammerMatch, inquisitor: int) -> None:
    s = m.state
    s.update(
        phase="arrest",
        active=None,
        turn_played=False,
        accusers_used=[],
        inquisitor=inquisitor,
        last_inquisitor=inquisitor,
        priority=inquisitor,
        passes=0,
        windows=[],
        choice=None,
    )


def burn_offstage(m: HammerMatch, vid: str, to_seat: int) -> None:
    """``vid`` burned earlier as a trophy of ``to_seat``."""
    m.state["villagers"][vid]["status"] = "burned"
    m.state["trophies"][to_seat].append(vid)


def pass_all(m: HammerMatch) -> None:
    """Everyone asked by the open windows passes."""
    while m.state["windows"] and m.state["choice"] is None:
        seat = m.to_act()[0]
        m.apply(seat, {"type": "pass"})


def refused(m: Match, seat: int, command: dict) -> IllegalCommand:
    """Apply ``command``; it must be refused and leave the match byte-identical."""
    before = m.to_json()
    try:
        m.apply(seat, command)
    except IllegalCommand as exc:
        assert m.to_json() == before, "a refused command changed the match"
        return exc
    raise AssertionError(f"{command} was accepted")


def all_cards_once(m: HammerMatch) -> bool:
    s = m.state
    seen = [c for h in s["hands"] for c in h] + s["deck"] + s["discard"] + s["removed"] + s["table"]
    seen += [c for k in s["kept"] for c in k]
    seen += [b["card"] for b in s["box"]]  # sealed bribes (§8.2)
    if s["protection"]:
        seen.append(s["protection"]["card"])
    return sorted(seen) == sorted(tables().all_cards)


def seal(card: str, target: str, sign: int = 1) -> dict:
    """One entry of a command's ``bribes`` list (docs/rules/hammer.md R20)."""
    return {"card": card, "target": target, "sign": sign}


def put_away(m: HammerMatch, card: str, zone: str = "discard") -> None:
    """Move ``card`` (from wherever it is) to the public ``discard`` or ``removed`` zone."""
    _take(m, card)
    m.state[zone].append(card)
