"""Witch Trial's components: the 90 cards read from ``cards/witch_trial.yaml`` and the
numbers printed on the table (docs/rules/witch_trial.md §1, §2).

:func:`catalog` loads the cards once, checking the whole set (§1: the totals of each
kind, guilt 1..6, money in $5 steps, charge modifiers naming real suspects, exactly the
nine Motions). Card ids in a match are ``<kind id>-<n>`` (``lewis-1``, ``objection-11``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.engine.cards import load_card_set
from game.engine.errors import CardDataError

START_MONEY = 50  # each lawyer's money at the start (§2)
HAND_SIZE = 6
LINEUP_SIZE = 5
PRICES = (20, 15, 10, 5, 0)  # by slot, slot 1 (index 0) next to the deck (§3.1)
JURY_MIN, JURY_MAX = 1, 12  # the Jury Value never leaves this range (§1.6)
GUILTY_AT = 13  # 2d6 + Jury Value at least this convicts (§4.7)
PLEA_STEP = 5  # every amount of money moves in $5 steps (§1.6, §4.13)
TOTAL_CARDS = 90
SECTION_COUNTS = {"suspects": 16, "charges": 15, "evidence": 30, "motions": 18, "objections": 11}
MOTION_IDS = ("drama", "short_memory", "bribe_judge", "recess", "venue", "expert", "leading", "mistrial", "continuance")


# ---------------------------------------------------------------------- card definitions --
@dataclass(frozen=True)
class Suspect:
    id: str
    name: str
    guilt: int
    defense: int
    text: str
    rules_text: str


@dataclass(frozen=True)
class Charge:
    id: str
    name: str
    severity: int
    court: int
    text: str
    rules_text: str
    modifiers: Mapping[str, int] = field(default_factory=dict)

    def modified(self, suspect: str) -> int:
        """Severity against ``suspect`` (docs/rules/witch_trial.md §1.2, "modified severity")."""
        return self.severity + self.modifiers.get(suspect, 0)


@dataclass(frozen=True)
class Evidence:
    id: str
    name: str
    prosecution: int
    defense: int
    copies: int
    text: str
    rules_text: str


@dataclass(frozen=True)
class Motion:
    id: str
    name: str
    copies: int
    text: str
    rules_text: str
    amount: int = 0


@dataclass(frozen=True)
class Objection:
    id: str
    name: str
    copies: int
    text: str
    rules_text: str


SECTIONS = {"suspects": Suspect, "charges": Charge, "evidence": Evidence, "motions": Motion, "objections": Objection}
KIND_TYPE = {
    "suspects": "suspect",
    "charges": "charge",
    "evidence": "evidence",
    "motions": "motion",
    "objections": "objection",
}


def _check_cards(cards: dict[str, Any], fail: Callable[[str, str, str], CardDataError]) -> None:
    """Whole-set rules (docs/rules/witch_trial.md §1): the totals of each kind, value
    ranges, modifiers naming real suspects."""
    suspects = {s.id for s in cards["suspects"]}
    for section, want in SECTION_COUNTS.items():
        have = sum(getattr(c, "copies", 1) for c in cards[section])
        if have != want:
            raise fail("", section, f"expected {want} cards, found {have}")
    for s in cards["suspects"]:
        if not 1 <= s.guilt <= 6:
            raise fail(s.id, "guilt", "must be 1 to 6")
        if s.defense < 0 or s.defense % PLEA_STEP:
            raise fail(s.id, "defense", "must be a non-negative multiple of $5")
    for c in cards["charges"]:
        if c.court < 0 or c.court % PLEA_STEP:
            raise fail(c.id, "court", "must be a non-negative multiple of $5")
        for name, mod in c.modifiers.items():
            if name not in suspects:
                raise fail(c.id, "modifiers", f"names unknown suspect {name!r}")
            if not isinstance(mod, int) or isinstance(mod, bool):
                raise fail(c.id, "modifiers", f"modifier for {name!r} must be a whole number")
    for e in cards["evidence"]:
        if e.prosecution < 0 or e.defense > 0:
            raise fail(e.id, "defense", "prosecution values raise and defense values lower the Jury Value")
    motion_ids = sorted(m.id for m in cards["motions"])
    if motion_ids != sorted(MOTION_IDS):
        raise fail("", "motions", f"expected exactly the motions {', '.join(MOTION_IDS)}")
    for entries in cards.values():
        for c in entries:
            if getattr(c, "copies", 1) < 1:
                raise fail(c.id, "copies", "must be at least 1")


class Catalog:
    """The 90 cards of a match: definitions by kind, and every card id."""

    def __init__(self, cards: dict[str, Any]) -> None:
        self.suspects: dict[str, Suspect] = {s.id: s for s in cards["suspects"]}
        self.charges: dict[str, Charge] = {c.id: c for c in cards["charges"]}
        self.evidence: dict[str, Evidence] = {e.id: e for e in cards["evidence"]}
        self.motions: dict[str, Motion] = {m.id: m for m in cards["motions"]}
        self.objections: dict[str, Objection] = {o.id: o for o in cards["objections"]}
        self.kind_type: dict[str, str] = {}
        self.by_kind: dict[str, Any] = {}
        self.card_ids: list[str] = []
        self.kind_of: dict[str, str] = {}
        for section, entries in cards.items():
            for c in entries:
                self.kind_type[c.id] = KIND_TYPE[section]
                self.by_kind[c.id] = c
                for n in range(1, getattr(c, "copies", 1) + 1):
                    card_id = f"{c.id}-{n}"
                    self.card_ids.append(card_id)
                    self.kind_of[card_id] = c.id
        #: card id -> "suspect" | "charge" | "evidence" | "motion" | "objection"
        self.type_of: dict[str, str] = {cid: self.kind_type[k] for cid, k in self.kind_of.items()}

    def name(self, card_id: str) -> str:
        ret: str = self.by_kind[self.kind_of[card_id]].name
        return ret


_CATALOG: Catalog | None = None


def catalog() -> Catalog:
    """The Witch Trial cards, loaded once from ``cards/witch_trial.yaml``."""
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = Catalog(load_card_set("witch_trial", SECTIONS, check=_check_cards))
    return _CATALOG


def clamp_jury(value: int) -> int:
    """``value`` kept inside the Jury track, 1..12 (§1.6)."""
    return JURY_MIN if value < JURY_MIN else JURY_MAX if value > JURY_MAX else value


_GUILTY = [
    sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + j >= GUILTY_AT) / 36.0 for j in range(JURY_MAX + 1)
]


def guilty_chance(jury_value: int) -> float:
    """The chance that 2d6 + ``jury_value`` >= 13 (docs/rules/witch_trial.md §4.7): a conviction."""
    return _GUILTY[clamp_jury(jury_value)]
