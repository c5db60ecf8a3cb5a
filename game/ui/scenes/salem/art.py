"""Salem 1692's card art: what each face shows (playing cards, Tryal cards and Town Hall
characters, read from ``cards/salem.yaml`` and the rules' catalog), the card back and
every card id."""

from __future__ import annotations

from game.rules.salem import catalog
from game.ui import theme
from game.ui.card_art import FaceInfo, GameArt, card_entries, entry_text

GAME_ID = "salem"

# Icons per playing-card kind, Tryal kind and colour (docs/rules/salem.md §1)
SALEM_ICONS = {
    "accusation": "accusation",
    "evidence": "evidence",
    "witness": "witness",
    "alibi": "plea",
    "arson": "flame",
    "curse": "mark",
    "robbery": "bribe",
    "scapegoat": "countercharge",
    "stocks": "arrest",
    "asylum": "curtain",
    "piety": "scales",
    "matchmaker": "mixup",
    "black_cat": "familiar",
    "conspiracy": "hand",
    "night": "pentagram",
    "witch": "witch",
    "constable": "gavel",
    "not_a_witch": "villager",
}
SALEM_COLOUR = {
    "red": theme.SALEM_RED,
    "green": theme.SALEM_GREEN,
    "blue": theme.SALEM_BLUE,
    "black": theme.SALEM_BLACK,
}
SALEM_TRYAL_COLOUR = {"witch": theme.SALEM_WITCH, "constable": theme.SALEM_CONSTABLE, "not_a_witch": theme.SALEM_TRYAL}
SALEM_LABEL = {"red": "Accusation", "green": "Green", "blue": "Blue, stays", "black": "Black"}


def face(card_id: str) -> FaceInfo:
    """Salem faces: playing cards ``c0``..``c58`` (docs/rules/salem.md §1.2), Tryal cards as
    ``tryal-<kind>`` and Town Hall characters as ``char-<id>``."""
    entries = card_entries(GAME_ID)
    head, _, tail = str(card_id).partition("-")
    if head == "tryal" and tail in entries:
        e = entries[tail][1]
        return FaceInfo(
            GAME_ID,
            tail,
            "tryal",
            str(e.get("name", tail)),
            "Tryal",
            "",
            SALEM_ICONS.get(tail, "villager"),
            SALEM_TRYAL_COLOUR.get(tail, theme.SALEM_TRYAL),
            entry_text(e, "text"),
            entry_text(e, "rules_text"),
        )
    if head == "char" and tail in entries:
        e = entries[tail][1]
        return FaceInfo(
            GAME_ID,
            tail,
            "character",
            str(e.get("name", tail)),
            "Town Hall",
            "",
            "villager",
            theme.SALEM_CHARACTER,
            entry_text(e, "text"),
            entry_text(e, "rules_text"),
        )
    try:
        kind = catalog().kind_of[str(card_id)]
    except (KeyError, Exception):  # an unknown id still gets a readable face
        return FaceInfo(GAME_ID, str(card_id), "other", str(card_id), "", "", "deck", theme.WOOD, "", "")
    e = entries.get(kind, ("playing", {}))[1]
    colour = str(e.get("colour", "green"))
    value = str(e["value"]) if e.get("value") else ""
    return FaceInfo(
        GAME_ID,
        kind,
        colour,
        str(e.get("name", kind)),
        SALEM_LABEL.get(colour, colour.title()),
        value,
        SALEM_ICONS.get(kind, "deck"),
        SALEM_COLOUR.get(colour, theme.WOOD),
        entry_text(e, "text"),
        entry_text(e, "rules_text"),
    )


def card_ids() -> list[str]:
    """Every physical card: the playing cards as the rules number them, then the Tryal
    cards and the characters."""
    cat = catalog()
    return list(cat.card_ids) + [f"tryal-{k}" for k in cat.tryals] + [f"char-{c}" for c in cat.characters]


ART = GameArt(face=face, back=theme.CARD_BACK_SALEM, back_icon="witch", card_ids=card_ids)
