"""The Malleus Maleficarum catalog: the 13 card types and the witch stereotypes
(``cards/malleus.yaml``, docs/rules/malleus.md §1.2, §1.6, §4).

Card ids ``c1``…``c55`` are given in the order of §1.6 (the type order below), then the
deck is shuffled. The file is checked when loaded: the type order, the counts the rules
give, which types are never secret, and the stereotypes w1–w8.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.cards import CardSet, load_card_set

#: the card types in §1.6 order: ids c1… are given in this order
DECK_ORDER = (
    "blackmail",
    "bribery",
    "eavesdropping",
    "if_i_cant",
    "interloper",
    "intimidation",
    "gossip",
    "planted_evidence",
    "sharp_intuition",
    "shifting_blame",
    "satiation",
    "treachery",
    "whispering",
)
RULE_COUNTS = {
    "blackmail": 6,
    "bribery": 2,
    "eavesdropping": 1,
    "if_i_cant": 4,
    "interloper": 6,
    "intimidation": 4,
    "gossip": 6,
    "planted_evidence": 6,
    "sharp_intuition": 4,
    "shifting_blame": 2,
    "satiation": 4,
    "treachery": 4,
    "whispering": 6,
}
#: never played in secret (§4)
PUBLIC_ONLY = ("gossip", "shifting_blame")
#: played in secret, they leave no public trace at all (§5)
NO_TRACE = ("eavesdropping", "sharp_intuition")
#: played in the aftermath window of a won accusation or reveal (§4, R25)
AFTERMATH_CARDS = ("gossip", "shifting_blame")
#: card parameters each card type takes (besides ``card``/``secret``)
CARD_PARAMS: dict[str, tuple[str, ...]] = {
    "blackmail": ("target", "order"),
    "bribery": ("target",),
    "eavesdropping": ("player",),
    "if_i_cant": ("new_envy",),
    "interloper": ("target",),
    "intimidation": ("player",),
    "gossip": (),
    "planted_evidence": ("target",),
    "sharp_intuition": ("player",),
    "shifting_blame": ("target",),
    "satiation": ("new_vendetta",),
    "treachery": ("relationship",),
    "whispering": ("target",),
}


@dataclass(frozen=True)
class CardType:
    """One kind of card (§4); ``count`` copies."""

    id: str
    name: str
    count: int
    secret: bool
    timing: str
    text: str


@dataclass(frozen=True)
class Stereotype:
    """A witch stereotype, the read-only citable facts w1–w8 (§1.2, R34)."""

    id: str
    name: str
    text: str


def _check_cards(cards: CardSet, fail: Callable[[str, str, str], Exception]) -> None:
    kinds = cards["cards"]
    ids = [k.id for k in kinds]
    if ids != list(DECK_ORDER):
        raise fail("", "cards", f"expected the card types in this order: {', '.join(DECK_ORDER)}")
    for k in kinds:
        if k.count != RULE_COUNTS[k.id]:
            raise fail(k.id, "count", f"the rules give {RULE_COUNTS[k.id]} copies, found {k.count}")
        if k.secret != (k.id not in PUBLIC_ONLY):
            raise fail(k.id, "secret", "only Malevolent Gossip and Shifting the Blame are never secret")
    stereo = [s.id for s in cards["stereotypes"]]
    if stereo != [f"w{i}" for i in range(1, 9)]:
        raise fail("", "stereotypes", "expected exactly w1 to w8, in order")


def load_malleus_cards(path: Path | str | None = None) -> CardSet:
    """Load and validate ``cards/malleus.yaml`` (or ``path``); raises CardDataError."""
    return load_card_set("malleus", {"cards": CardType, "stereotypes": Stereotype}, path=path, check=_check_cards)


class Catalog:
    """Card ids c1…c55 and their types; the stereotypes."""

    def __init__(self, cards: CardSet) -> None:
        self.types: dict[str, CardType] = {k.id: k for k in cards["cards"]}
        self.stereotypes: tuple[Stereotype, ...] = cards["stereotypes"]
        self.stereotype = {s.id: s for s in self.stereotypes}
        self.card_ids: list[str] = []
        self.type_of: dict[str, str] = {}
        n = 0
        for k in cards["cards"]:
            for _ in range(k.count):
                n += 1
                cid = f"c{n}"
                self.card_ids.append(cid)
                self.type_of[cid] = k.id


_CATALOG: Catalog | None = None


def catalog() -> Catalog:
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = Catalog(load_malleus_cards())
    return _CATALOG


def card_info(card: str) -> dict[str, Any]:
    """Name, timing and text of a card id (``c7``) or a card type (``bribery``)."""
    cat = catalog()
    kind = cat.type_of.get(card, card)
    k = cat.types[kind]
    return {"id": card, "type": k.id, "name": k.name, "secret": k.secret, "timing": k.timing, "text": k.text}


def stereotypes() -> list[dict[str, Any]]:
    """The witch stereotypes w1–w8 as plain data (a fresh list each call)."""
    return [{"id": s.id, "name": s.name, "text": s.text} for s in catalog().stereotypes]
