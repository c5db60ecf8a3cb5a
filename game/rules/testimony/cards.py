"""Testimony's components: seven Characters, two Belief cards and the Testimony tokens,
read from ``cards/testimony.yaml`` (docs/rules/testimony.md §1), and the deal's numbers
(§2).

:func:`catalog` loads them once, checking the whole set (§1: three Heathen and four
Puritan Characters, one token supply whose accusation side counts below 0 and defense
side above, exactly the two Beliefs, known scoring keys).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from game.engine.cards import CardSet, load_card_set

#: §2: (Heathen cards, Puritan cards) dealt by player count
SETUP_COUNTS = {3: (1, 3), 4: (2, 3), 5: (2, 4), 6: (3, 4), 7: (3, 4)}
HEATHEN, PURITAN = "heathen", "puritan"
SHOW_CARDS = ("character", "belief_heathen", "belief_puritan")
SIDES = ("accuse", "defend")
MAX_GAMES = 3
SCORING_KEYS = (
    "survive",
    "any_heathen_dies",
    "per_heathen_death",
    "per_other_puritan_death",
    "per_puritan_death",
    "no_puritan_dies",
    "no_heathen_dies",
    "per_shown_dead_heathen",
)


# ---------------------------------------------------------------------- card definitions --
@dataclass(frozen=True)
class TokenSupply:
    id: str
    name: str
    total: int
    accuse: int
    defend: int
    death: int
    text: str
    rules_text: str


@dataclass(frozen=True)
class Belief:
    id: str
    name: str
    text: str
    rules_text: str


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    belief: str
    text: str
    rules_text: str
    scoring: Mapping[str, int] = field(default_factory=dict)
    token_weight: int = 1
    double_investigation: bool = False
    any_belief: bool = False


SECTIONS = {"tokens": TokenSupply, "beliefs": Belief, "characters": Character}


def _check_cards(cards: CardSet, fail: Callable[[str, str, str], Exception]) -> None:
    """Whole-set rules (§1): 3 Heathen + 4 Puritan Characters, one token supply, two Beliefs."""
    if len(cards["tokens"]) != 1:
        raise fail("", "tokens", "expected exactly one token supply")
    supply = cards["tokens"][0]
    if supply.total < 3:
        raise fail(supply.id, "total", "must be at least 3")
    if supply.accuse >= 0 or supply.defend <= 0:
        raise fail(supply.id, "accuse", "accusations must count below 0 and defenses above 0")
    if sorted(b.id for b in cards["beliefs"]) != [HEATHEN, PURITAN]:
        raise fail("", "beliefs", "expected exactly the beliefs heathen and puritan")
    by_belief = {HEATHEN: 0, PURITAN: 0}
    for c in cards["characters"]:
        if c.belief not in by_belief:
            raise fail(c.id, "belief", "must be heathen or puritan")
        by_belief[c.belief] += 1
        for key in c.scoring:
            if key not in SCORING_KEYS:
                raise fail(c.id, "scoring", f"unknown scoring key {key!r}")
        if c.token_weight < 1:
            raise fail(c.id, "token_weight", "must be at least 1")
    if by_belief != {HEATHEN: 3, PURITAN: 4}:
        raise fail("", "characters", "expected 3 Heathen and 4 Puritan Characters")


class Catalog:
    """Characters, Beliefs and the token supply of Testimony."""

    def __init__(self, cards: CardSet) -> None:
        self.supply: TokenSupply = cards["tokens"][0]
        self.beliefs: dict[str, Belief] = {b.id: b for b in cards["beliefs"]}
        self.characters: dict[str, Character] = {c.id: c for c in cards["characters"]}
        self.heathens = [c.id for c in cards["characters"] if c.belief == HEATHEN]
        self.puritans = [c.id for c in cards["characters"] if c.belief == PURITAN]

    def belief(self, character: str) -> str:
        return self.characters[character].belief

    def may_show(self, character: str) -> list[str]:
        """The cards a holder of ``character`` may show in a share (§3.1), in the order of
        the ``show`` command's values (§7)."""
        c = self.characters[character]
        if c.any_belief:
            return list(SHOW_CARDS)
        return ["character", f"belief_{c.belief}"]

    def side_value(self, side: str) -> int:
        return self.supply.accuse if side == "accuse" else self.supply.defend


_CATALOG: Catalog | None = None


def catalog() -> Catalog:
    """The Testimony cards, loaded once from ``cards/testimony.yaml``."""
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = Catalog(load_card_set("testimony", SECTIONS, check=_check_cards))
    return _CATALOG


def tokens_each(players: int, total: int | None = None) -> tuple[int, int]:
    """(tokens per player, tokens set aside) for ``players`` (§2: divide evenly, R8)."""
    total = catalog().supply.total if total is None else total
    return total // players, total % players
