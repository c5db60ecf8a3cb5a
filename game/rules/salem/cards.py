"""Salem 1692: the cards (docs/rules/salem.md §1) and the numbers setup deals from.

:func:`catalog` reads ``cards/salem.yaml`` once and checks it against the rules: the 15
kinds of playing card in their fixed order and counts (59 cards, ids ``c0``–``c58`` given
in that order), the red cards' values, the three Tryal kinds and the 15 Town Hall
characters. Card text in the file is our own wording; :func:`card_info`,
:func:`tryal_info` and :func:`character_info` hand it to a front end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.cards import CardSet, load_card_set

# §1.1: players -> (Not a Witch, Witch, Constable, cards per seat)
TRYAL_TABLE: dict[int, tuple[int, int, int, int]] = {
    4: (18, 1, 1, 5),
    5: (23, 1, 1, 5),
    6: (27, 2, 1, 5),
    7: (32, 2, 1, 5),
    8: (29, 2, 1, 4),
    9: (33, 2, 1, 4),
    10: (27, 2, 1, 3),
    11: (30, 2, 1, 3),
    12: (33, 2, 1, 3),
}
VARIANT_TRYALS = (18, 1, 1, 5)
VARIANT_LAYOUT = {2: [False, True, False, True], 3: [False, False, False, True]}
HAND_SIZE = 3
T_STANDARD = 7
T_VARIANT = 4
LOG_TAIL = 40
NOT_A_WITCH, WITCH, CONSTABLE = "not_a_witch", "witch", "constable"
COLOURS = ("red", "green", "blue", "black")
# §1.2: the copies of each kind (a fan list; they add up to the box's 59) in our fixed order
RULE_COUNTS = {
    "accusation": 35,
    "evidence": 5,
    "witness": 1,
    "alibi": 3,
    "arson": 1,
    "curse": 1,
    "robbery": 1,
    "scapegoat": 2,
    "stocks": 3,
    "asylum": 1,
    "piety": 1,
    "matchmaker": 2,
    "black_cat": 1,
    "conspiracy": 1,
    "night": 1,
}
RULE_VALUES = {"accusation": 1, "evidence": 3, "witness": 7}
PURGED_KINDS = frozenset({"asylum", "piety", "matchmaker", "black_cat", "scapegoat", "robbery"})
CHARACTER_IDS = (
    "abigail_williams",
    "ann_putnam",
    "cotton_mather",
    "george_burroughs",
    "giles_corey",
    "john_proctor",
    "martha_corey",
    "mary_warren",
    "rebecca_nurse",
    "samuel_parris",
    "sarah_good",
    "thomas_danforth",
    "tituba",
    "will_griggs",
    "william_phips",
)
#: abilities used with the ``ability`` command
ACTIVE_ABILITIES = (
    "abigail_williams",
    "ann_putnam",
    "rebecca_nurse",
    "samuel_parris",
    "tituba",
    "will_griggs",
    "william_phips",
)
WINDOW_NAMES = ("keep_character", "dawn", "night_vote", "gavel", "confess", "conspiracy")
#: the option ``timer_s`` (R22, R53): seconds per moment, in these bounds (0/None: off)
MIN_TIMER_S, MAX_TIMER_S = 0.1, 3600


# ------------------------------------------------------------------ card definitions --
@dataclass(frozen=True)
class PlayingKind:
    """One kind of playing card (§1.2); ``count`` copies with consecutive ids."""

    id: str
    name: str
    colour: str
    count: int
    targets: int
    text: str
    rules_text: str
    value: int = 0


@dataclass(frozen=True)
class TryalKind:
    id: str
    name: str
    text: str
    rules_text: str


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    text: str
    rules_text: str


def _check_cards(cards: CardSet, fail: Callable[[str, str, str], Exception]) -> None:
    kinds = cards["playing"]
    ids = [k.id for k in kinds]
    if ids != list(RULE_COUNTS):
        raise fail("", "playing", f"expected the kinds {', '.join(RULE_COUNTS)} in this order")
    for k in kinds:
        if k.colour not in COLOURS:
            raise fail(k.id, "colour", f"must be one of {', '.join(COLOURS)}, not {k.colour!r}")
        if k.count != RULE_COUNTS[k.id]:
            raise fail(k.id, "count", f"the rules give {RULE_COUNTS[k.id]} copies, found {k.count}")
        if k.colour == "red" and k.value != RULE_VALUES.get(k.id):
            raise fail(k.id, "value", f"the rules give {RULE_VALUES.get(k.id)}, found {k.value}")
        if k.colour != "red" and k.value:
            raise fail(k.id, "value", "only red cards have a value")
        if not 0 <= k.targets <= 2:
            raise fail(k.id, "targets", "must be 0, 1 or 2")
    if sum(k.count for k in kinds) != 59:
        raise fail("", "count", "expected 59 playing cards")
    if sorted(t.id for t in cards["tryal"]) != sorted((NOT_A_WITCH, WITCH, CONSTABLE)):
        raise fail("", "tryal", "expected exactly not_a_witch, witch and constable")
    if sorted(c.id for c in cards["characters"]) != sorted(CHARACTER_IDS):
        raise fail("", "characters", "expected the 15 Town Hall characters")


def load_salem_cards(path: Path | str | None = None) -> CardSet:
    """Load and validate ``cards/salem.yaml`` (or ``path``); raises CardDataError."""
    return load_card_set(
        "salem", {"playing": PlayingKind, "tryal": TryalKind, "characters": Character}, path=path, check=_check_cards
    )


class Catalog:
    """The Salem cards: kinds, the fixed ids c0–c58 and their colours and values."""

    def __init__(self, cards: CardSet) -> None:
        self.kinds: dict[str, PlayingKind] = {k.id: k for k in cards["playing"]}
        self.tryals: dict[str, TryalKind] = {t.id: t for t in cards["tryal"]}
        self.characters: dict[str, Character] = {c.id: c for c in cards["characters"]}
        self.card_ids: list[str] = []
        self.kind_of: dict[str, str] = {}
        for k in cards["playing"]:
            for _ in range(k.count):
                cid = f"c{len(self.card_ids)}"
                self.card_ids.append(cid)
                self.kind_of[cid] = k.id
        self.colour_of = {c: self.kinds[k].colour for c, k in self.kind_of.items()}
        self.value_of = {c: self.kinds[k].value for c, k in self.kind_of.items()}
        first = {k: next(c for c in self.card_ids if self.kind_of[c] == k) for k in self.kinds}
        self.black_cat = first["black_cat"]
        self.conspiracy = first["conspiracy"]
        self.night = first["night"]
        self.piety = first["piety"]

    def name(self, card: str) -> str:
        return self.kinds[self.kind_of[card]].name


_CATALOG: Catalog | None = None


def catalog() -> Catalog:
    """The Salem cards, loaded once from ``cards/salem.yaml``."""
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = Catalog(load_salem_cards())
    return _CATALOG


def card_info(card: str) -> dict[str, Any]:
    """What a front end shows on a playing card's face or zoom view."""
    cat = catalog()
    k = cat.kinds[cat.kind_of[card]]
    return {
        "id": card,
        "kind": k.id,
        "name": k.name,
        "colour": k.colour,
        "value": k.value,
        "targets": k.targets,
        "text": k.text,
        "rules_text": k.rules_text,
    }


def tryal_info(kind: str) -> dict[str, Any]:
    t = catalog().tryals[kind]
    return {"kind": t.id, "name": t.name, "text": t.text, "rules_text": t.rules_text}


def character_info(character: str) -> dict[str, Any]:
    c = catalog().characters[character]
    return {"id": c.id, "name": c.name, "text": c.text, "rules_text": c.rules_text}
