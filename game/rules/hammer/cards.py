"""The Hammer of the Witches: the card catalog and what is derived from it once.

The cards are data (``cards/hammer.yaml``, docs/rules/hammer.md §1): fifteen villagers,
fifteen pyres and 78 defamation cards in 18 kinds. :func:`load_hammer_cards` reads and
checks the file (the counts and the few values the published rules print are rules, so
an edit that breaks them is refused with a clear :class:`CardDataError`); :func:`tables`
builds the lookup tables every other module reads, once, on first use, so a broken file
never breaks an import. The helpers at the bottom are pure card data a front end may call
too (a card's face, a villager's face, the value an accusation announces).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.engine.cards import CardSet, load_card_set

HAND_SIZE = 6
TOP_HEAT = 18
PHASES = ("setup", "accusation", "arrest", "trial", "evidence", "over")
BURNING_TESTS = ("ordeal_floats", "ordeal_drowns", "scales_lighter")
RESPONSES = ("accomplice", "countercharge", "mixup", "retraction")


def _no_bonus() -> Any:
    """No bonus: an empty read-only mapping, like the ones the card loader makes of a
    ``dict[...]`` field (typed Any: the field says dict, which is what the loader reads)."""
    return MappingProxyType({})


# --------------------------------------------------------------------- card definitions --
@dataclass(frozen=True)
class Villager:
    """One villager card (§1.1)."""

    id: str
    name: str
    short: str
    pentagrams: int
    matches: int
    back: int
    text: str
    rules_text: str
    can_accuse: bool = True
    #: as accuser: card kind -> modifier
    kind_bonus: dict[str, int] = field(default_factory=_no_bonus)
    #: as accuser: accused villager id -> modifier (positive printed values only)
    target_bonus: dict[str, int] = field(default_factory=_no_bonus)
    #: as the accused: response kind -> extra heat for whoever receives the points
    accused_bonus: dict[str, int] = field(default_factory=_no_bonus)


@dataclass(frozen=True)
class Pyre:
    """One pyre card (§1.2): runs from ``start`` to 18."""

    id: str
    start: int


@dataclass(frozen=True)
class DefamationKind:
    """One kind of defamation card (§1.3); ``count`` copies ``<id>-1`` … ``<id>-<count>``."""

    id: str
    name: str
    colour: str
    role: str
    count: int
    text: str
    rules_text: str
    value: int | None = None
    #: per-copy values (bribes: magnitude of copy n is values[n-1])
    values: tuple[int, ...] = ()
    #: per-copy subtitles for the card face
    captions: tuple[str, ...] = ()
    #: test family (ordeal / scales / mark): the two cards of a group negate each other
    group: str | None = None
    #: victory points when kept in front of its player
    keep_vp: int = 0


COLOURS = {"brown": 39, "yellow": 33, "green": 6}
#: copies of each kind: the published game's counts (§1), which a card file may not change
RULE_COUNTS = {
    "accusation": 16,
    "denial": 8,
    "proof": 6,
    "false_testimony": 4,
    "confession": 5,
    "accomplice": 3,
    "countercharge": 3,
    "mixup": 3,
    "retraction": 3,
    "no_inquisition": 4,
    "advocate": 3,
    "bribe": 14,
    "ordeal_floats": 1,
    "ordeal_drowns": 1,
    "scales_lighter": 1,
    "scales_heavier": 1,
    "mark_found": 1,
    "mark_none": 1,
}
#: values the published game prints (§1); the others are ours and may be edited
RULE_VALUES = {"confession": 6}
RULE_BRIBES = [1] * 7 + [2] * 7
ROLES = {"brown", "response", "no_inquisition", "advocate", "bribe", "test"}


def _check_cards(cards: CardSet, fail: Callable[[str, str, str], Exception]) -> None:
    villagers, pyres, kinds = cards["villagers"], cards["pyres"], cards["defamation"]
    if len(villagers) != 15:
        raise fail("", "villagers", f"expected 15 villagers, found {len(villagers)}")
    if len(pyres) != 15:
        raise fail("", "pyres", f"expected 15 pyres, found {len(pyres)}")
    vids = {v.id for v in villagers}
    kind_ids = {k.id for k in kinds}
    backs = {3: 0, 4: 0, 5: 0}
    for v in villagers:
        if v.back not in backs:
            raise fail(v.id, "back", f"must be 3, 4 or 5, not {v.back}")
        backs[v.back] += 1
        for name, value in (("pentagrams", v.pentagrams), ("matches", v.matches)):
            if value < 0:
                raise fail(v.id, name, "must not be negative")
        for key in v.kind_bonus:
            if key not in kind_ids:
                raise fail(v.id, "kind_bonus", f"unknown card kind {key!r}")
        for key in v.target_bonus:
            if key not in vids:
                raise fail(v.id, "target_bonus", f"unknown villager {key!r}")
        for key in v.accused_bonus:
            if key not in RESPONSES:
                raise fail(v.id, "accused_bonus", f"{key!r} is not a response card")
        for name, bonus in (
            ("kind_bonus", v.kind_bonus),
            ("target_bonus", v.target_bonus),
            ("accused_bonus", v.accused_bonus),
        ):
            for key, value in bonus.items():
                if isinstance(value, bool) or not isinstance(value, int):
                    raise fail(v.id, name, f"{key}: expected a whole number, got {value!r}")
    if backs[3] < 9 or backs[3] + backs[4] < 12:
        raise fail("", "back", "need 9 villagers with back 3 and 3 more with back 4")
    for p in pyres:
        if not 1 <= p.start <= TOP_HEAT:
            raise fail(p.id, "start", f"must be between 1 and {TOP_HEAT}, not {p.start}")
    totals = dict.fromkeys(COLOURS, 0)
    groups: dict[str, int] = {}
    for k in kinds:
        if k.colour not in COLOURS:
            raise fail(k.id, "colour", f"must be brown, yellow or green, not {k.colour!r}")
        if k.role not in ROLES:
            raise fail(k.id, "role", f"unknown role {k.role!r}")
        if k.count < 1:
            raise fail(k.id, "count", "must be at least 1")
        if k.id in RULE_COUNTS and k.count != RULE_COUNTS[k.id]:
            raise fail(k.id, "count", f"the rules give {RULE_COUNTS[k.id]} copies, found {k.count}")
        if k.id in RULE_VALUES and k.value != RULE_VALUES[k.id]:
            raise fail(k.id, "value", f"the rules print {RULE_VALUES[k.id]:+d}, found {k.value}")
        if k.role == "bribe" and len(k.values) == k.count and sorted(k.values) != RULE_BRIBES:
            raise fail(k.id, "values", "the rules give seven bribes of 1 and seven of 2")
        if k.role in ("brown", "advocate") and k.value is None:
            raise fail(k.id, "value", "missing (brown cards and advocates need a value)")
        if k.role == "bribe" and len(k.values) != k.count:
            raise fail(k.id, "values", f"expected {k.count} values, one per copy, found {len(k.values)}")
        if k.role == "bribe" and any(v <= 0 for v in k.values):
            raise fail(k.id, "values", "bribe values are sizes and must be positive")
        if k.captions and len(k.captions) != k.count:
            raise fail(k.id, "captions", f"expected {k.count} captions, one per copy, found {len(k.captions)}")
        if k.role == "test":
            if not k.group:
                raise fail(k.id, "group", "missing (tests need a group)")
            groups[k.group] = groups.get(k.group, 0) + 1
        totals[k.colour] += k.count
    for kind in (
        "accusation",
        "denial",
        "proof",
        "false_testimony",
        "confession",
        *RESPONSES,
        "no_inquisition",
        "advocate",
        "bribe",
        "ordeal_floats",
        "ordeal_drowns",
        "scales_lighter",
        "scales_heavier",
        "mark_found",
        "mark_none",
    ):
        if kind not in kind_ids:
            raise fail(kind, "id", "this card kind is missing")
    for group, count in groups.items():
        if count != 2:
            raise fail("", "group", f"test group {group!r} needs exactly 2 cards, has {count}")
    for colour, want in COLOURS.items():
        if totals[colour] != want:
            raise fail("", "count", f"expected {want} {colour} cards, found {totals[colour]}")


def load_hammer_cards(path: Path | str | None = None) -> CardSet:
    """Load and validate ``cards/hammer.yaml`` (or ``path``); raises CardDataError."""
    return load_card_set(
        "hammer", {"villagers": Villager, "pyres": Pyre, "defamation": DefamationKind}, path=path, check=_check_cards
    )


class Tables:
    """Lookup tables derived once from the card set."""

    def __init__(self, cards: CardSet) -> None:
        self.villagers: tuple[Villager, ...] = cards["villagers"]
        self.pyres: tuple[Pyre, ...] = cards["pyres"]
        self.kinds: tuple[DefamationKind, ...] = cards["defamation"]
        self.villager = {v.id: v for v in self.villagers}
        self.pyre_start = {p.id: p.start for p in self.pyres}
        self.kind = {k.id: k for k in self.kinds}
        self.all_cards: list[str] = []
        self.card_kind: dict[str, str] = {}
        self.card_role: dict[str, str] = {}
        self.bribe_size: dict[str, int] = {}
        self.caption: dict[str, str] = {}
        for k in self.kinds:
            for n in range(1, k.count + 1):
                cid = f"{k.id}-{n}"
                self.all_cards.append(cid)
                self.card_kind[cid] = k.id
                self.card_role[cid] = k.role
                if k.role == "bribe":
                    self.bribe_size[cid] = k.values[n - 1]
                if k.captions:
                    self.caption[cid] = k.captions[n - 1]
        # static parts of the view, copied per view so callers may mutate their copy
        self.villager_face = {
            v.id: {
                "id": v.id,
                "name": v.name,
                "short": v.short,
                "pentagrams": v.pentagrams,
                "matches": v.matches,
                "can_accuse": v.can_accuse,
                "back": v.back,
                "text": v.text,
            }
            for v in self.villagers
        }
        self.pentagrams = {v.id: v.pentagrams for v in self.villagers}
        self.matches = {v.id: v.matches for v in self.villagers}
        self.keep_vp = {c: self.kind[k].keep_vp for c, k in self.card_kind.items()}
        self.partner: dict[str, str] = {}
        for k in self.kinds:
            if k.role == "test":
                for other in self.kinds:
                    if other.role == "test" and other.group == k.group and other.id != k.id:
                        self.partner[k.id] = other.id


_TABLES: Tables | None = None


def tables() -> Tables:
    global _TABLES
    if _TABLES is None:
        _TABLES = Tables(load_hammer_cards())
    return _TABLES


def card_kind(card: str) -> str:
    """The kind of a card id (``confession-3`` -> ``confession``)."""
    return card.rsplit("-", 1)[0]


def card_info(card: str) -> dict[str, Any]:
    """Everything a front end shows on a card face or zoom view."""
    t = tables()
    k = t.kind[t.card_kind[card]]
    return {
        "id": card,
        "kind": k.id,
        "name": k.name,
        "colour": k.colour,
        "role": k.role,
        "value": t.bribe_size.get(card, k.value),
        "caption": t.caption.get(card),
        "text": k.text,
        "rules_text": k.rules_text,
        "keep_vp": k.keep_vp,
    }


def accusation_value(card: str, accuser: str, target: str) -> int:
    """The heat a brown ``card`` announces when ``accuser`` accuses ``target`` (§3: the
    accuser's card-kind modifier, and its modifier against the accused when the card's
    value is positive, R3) — the ``value`` the accuse command puts in its window. Pure
    card data, so a front end may preview a choice of accuser with it."""
    t = tables()
    kind = t.card_kind[card]
    base = t.kind[kind].value or 0
    vdef = t.villager[accuser]
    value = base + vdef.kind_bonus.get(kind, 0)
    if base > 0:
        value += vdef.target_bonus.get(target, 0)
    return value


def heat_after(start: int, heat: int, amount: int) -> int:
    """A villager's heat after ``amount`` more, on a pyre starting at ``start`` (§1.2: the
    marker never leaves its pyre's track, ``start`` .. 18)."""
    return max(start, min(TOP_HEAT, heat + amount))


def villager_info(villager: str) -> dict[str, Any]:
    v = tables().villager[villager]
    return {
        "id": v.id,
        "name": v.name,
        "short": v.short,
        "pentagrams": v.pentagrams,
        "matches": v.matches,
        "back": v.back,
        "can_accuse": v.can_accuse,
        "text": v.text,
        "rules_text": v.rules_text,
    }
