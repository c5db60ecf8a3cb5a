"""Staging helpers for the Malleus Maleficarum tests (docs/rules/malleus.md §8).

``village_s()`` is a real match whose beginning phase is replaced by the hand-built
Village S of §8 (the way a table is arranged by hand), then round 1 starts through the
engine itself (baselines, draws, p1's turn). Every edit keeps the 55 cards in exactly
one place. Dice are injected with ``MalleusMatch.inject_dice``.
"""

from __future__ import annotations

from game.engine import IllegalCommand, new_match
from game.rules.malleus import MalleusMatch, catalog
from game.rules.malleus.rounds import start_round, start_turn
from game.rules.malleus.state import turn_seat

NAMES = ["Prévôt", "Ann", "Bob", "Cy", "Dee", "Eve"]
NO_SECRET = "No Secret Action"

VILLAGERS = [  # id, name, standing, controller
    ("v1", "Marie", 10, 1),
    ("v2", "Gaspard", 10, 2),
    ("v3", "Odile", 11, 3),
    ("v4", "Father Rémy", 12, None),
    ("v5", "Thérèse", 6, None),
    ("v6", "Luc", 10, None),
    ("v7", "Hélène", 7, None),
]
RELATIONSHIPS = [  # id, from, to, kind, mutual
    ("r1", "v4", "v5", "enemy", False),
    ("r2", "v6", "v5", "enemy", False),
    ("r3", "v7", "v5", "ally", False),
    ("r4", "v4", "v6", "ally", True),
    ("r5", "v4", "v7", "enemy", False),
    ("r6", "v7", "v6", "ally", False),
]
FACTS = [
    ("f1", "The well at the crossroads went foul and the cattle sicken.", None),
    ("f2", "Thérèse gathers herbs at the crossroads by night", "v5"),
    ("f3", "Thérèse nursed the priest's mother", "v5"),
    ("f4", "Luc's mill flooded twice", "v6"),
]
SECRETS = {
    1: "Marie buried a stillborn child in unconsecrated ground.",
    2: "Gaspard forged his father's will.",
    3: "Odile meets the miller's son at night.",
}


def village_s(seed: int = 1, turn: int = 1) -> MalleusMatch:
    """Village S, round 1 begun (draws done), waiting for ``turn``'s declaration.
    Ledgers: secrets as SECRETS; envy p1 v7's shawl, p2 v4's field, p3 Thérèse's
    cottage (v5); vendettas p1 v5, p2 v6, p3 v4; companions p1 v4, p2 v7, p3 v6."""
    m = new_match("malleus", NAMES[:4], seed=seed)
    assert isinstance(m, MalleusMatch)
    st = m.state
    st["villagers"] = {}
    st["vorder"] = []
    for vid, name, standing, owner in VILLAGERS:
        st["villagers"][vid] = {
            "id": vid,
            "name": name,
            "standing": standing,
            "facts": [],
            "controlled_by": owner,
            "status": "alive",
            "sentenced_in": None,
        }
        st["vorder"].append(vid)
    st["facts"] = {}
    st["forder"] = []
    for fid, text, subject in FACTS:
        st["facts"][fid] = {"id": fid, "text": text, "subject": subject, "status": "active"}
        st["forder"].append(fid)
        if subject is not None:
            st["villagers"][subject]["facts"].append(fid)
    st["rels"] = {}
    st["rorder"] = []
    for rid, a, b, kind, mutual in RELATIONSHIPS:
        st["rels"][rid] = {"id": rid, "from": a, "to": b, "kind": kind, "mutual": mutual}
        st["rorder"].append(rid)
    st["next"] = {"v": 8, "f": 5, "r": 7, "s": 1, "k": 1}
    envies = {
        1: ("v7", "Hélène's embroidered shawl", None),
        2: ("v4", "the priest's glebe field", None),
        3: ("v5", "Thérèse's cottage", None),
    }
    vendettas = {1: "v5", 2: "v6", 3: "v4"}
    companions = {1: "v4", 2: "v7", 3: "v6"}
    for seat in (1, 2, 3):
        led = st["ledgers"][seat]
        led["villager"] = f"v{seat}"
        led["secret"] = {"text": SECRETS[seat], "revealed": False}
        holder, thing, person = envies[seat]
        led["envy"] = {"holder": holder, "thing": thing, "thing_villager": person}
        led["vendetta"] = {"target": vendettas[seat], "reason": "An old wrong.", "baseline": 0}
        led["companion"] = companions[seat]
    st["choose"] = {"queue": [], "order": [3, 2, 1]}
    st["turn_order"] = [1, 2, 3]
    st["phase"] = "round"
    start_round(m)
    while turn_seat(m) != turn:
        st["turn_idx"] += 1
        start_turn(m)
    return m


def give(m: MalleusMatch, seat: int, kind: str) -> str:
    """Move a card of ``kind`` (a card type) into ``seat``'s hand from the deck (or the
    discard pile, or another hand); returns its id."""
    st = m.state
    cat = catalog()
    own = st["ledgers"][seat]
    for card in own["hand"]:
        if cat.type_of[card] == kind and card not in own["locked"]:
            return card
    piles = [st["deck"], st["discard"]] + [st["ledgers"][p]["hand"] for p in range(1, m.n) if p != seat]
    for pile in piles:
        for card in pile:
            if cat.type_of[card] == kind:
                pile.remove(card)
                st["ledgers"][seat]["hand"].append(card)
                return card
    raise AssertionError(f"no free {kind} card")


def empty_hands(m: MalleusMatch) -> None:
    st = m.state
    for seat in range(1, m.n):
        led = st["ledgers"][seat]
        st["deck"].extend(led["hand"])
        led["hand"] = []
        led["locked"] = []


def standing(m: MalleusMatch, vid: str) -> int:
    return m.state["villagers"][vid]["standing"]


def status(m: MalleusMatch, vid: str) -> str:
    return m.state["villagers"][vid]["status"]


def declare(m: MalleusMatch, seat: int, kind: str, **fields) -> None:
    m.apply(seat, {"type": "declare_conflict", "kind": kind, **fields})


def frame(m: MalleusMatch, seat: int, present: list[str], location: str = "The church steps") -> None:
    m.apply(seat, {"type": "frame_scene", "location": location, "present": present})


def cite_and_approve(m: MalleusMatch, fact: str, side: str, by: int = 1) -> None:
    m.apply(by, {"type": "cite_fact", "fact": fact, "side": side})
    m.apply(0, {"type": "approve_fact", "fact": fact, "side": side})


def quiet_secret_step(m: MalleusMatch) -> None:
    """begin_resolution, every player sends "No Secret Action", the Prévôt closes."""
    m.apply(0, {"type": "begin_resolution"})
    for seat in range(1, m.n):
        m.apply(seat, {"type": "secret_action", "text": NO_SECRET})
    m.apply(0, {"type": "close_secret_actions"})


def roll(m: MalleusMatch, seat: int, *dice: int) -> None:
    m.inject_dice(*dice)
    m.apply(seat, {"type": "roll"})


def finish_turn(m: MalleusMatch, discard: list[str] | None = None) -> None:
    """end_turn by the Prévôt, then the actor's discard (nothing by default)."""
    m.apply(0, {"type": "end_turn"})
    m.apply(turn_seat(m), {"type": "discard", "cards": discard or []})


def to_round_end(m: MalleusMatch) -> None:
    """Play out the remaining turns of the round with failed bolsters of oneself, up to
    the secret action phase."""
    while m.state["step"] != "secret_phase":
        seat = turn_seat(m)
        if m.state["step"] == "discard":
            m.apply(seat, {"type": "discard", "cards": []})
            continue
        vid = m.state["ledgers"][seat]["villager"]
        declare(m, seat, "bolster", target=vid)
        frame(m, seat, [vid])
        quiet_secret_step(m)
        roll(m, seat, 1, 1, 1)
        m.apply(0, {"type": "lock_sides"})
        finish_turn(m)


def quiet_phase(m: MalleusMatch, skip: tuple[int, ...] = (), **replacements) -> None:
    """Every player (but ``skip``) sends "No Secret Action" in the secret action phase
    (with ``replacements[seat]`` fields), then the Prévôt ends it: the round ends."""
    for seat in range(1, m.n):
        if seat not in skip:
            m.apply(seat, {"type": "secret_action", "text": NO_SECRET, **replacements.get(seat, {})})
    m.apply(0, {"type": "end_secret_phase"})


def refused(m: MalleusMatch, seat: int, command: dict, code: str | None = None) -> IllegalCommand:
    """Apply must refuse ``command`` and leave the match byte-identical."""
    before = m.to_json()
    try:
        m.apply(seat, command)
    except IllegalCommand as exc:
        assert m.to_json() == before, "a refused command changed the match"
        if code is not None:
            assert exc.code == code, (exc.code, exc.message)
        assert exc.message
        return exc
    raise AssertionError(f"{command} was accepted")
