"""Testimony's card art: what each Character and Belief card shows (read from
``cards/testimony.yaml``) and the card back."""

from __future__ import annotations

from game.ui import theme
from game.ui.card_art import RGB, FaceInfo, GameArt, card_entries, entry_text, split_id

GAME_ID = "testimony"

#: (docs/rules/testimony.md, The Characters) a picture per Character, a colour per Belief
TESTIMONY_ICONS = {
    "magistrate": "gavel",
    "minister": "rules",
    "goodwife": "villager",
    "witchfinder": "inquisitor",
    "cunning_woman": "familiar",
    "apostate": "mixup",
    "herbalist": "witch",
    "heathen": "pentagram",
    "puritan": "scales",
}
TESTIMONY_COLOUR = {"heathen": (120, 52, 110), "puritan": (52, 84, 130)}
CARD_BACK_TESTIMONY: RGB = (64, 48, 36)


def face(card_id: str) -> FaceInfo:
    """A Character (``magistrate``) or a Belief card (``belief_heathen``)."""
    kind, _n = split_id(card_id)
    if kind.startswith("belief_"):
        belief = kind[len("belief_") :]
        found = card_entries(GAME_ID).get(belief)
        e = found[1] if found and found[0] == "beliefs" else {"name": f"{belief.title()} Belief"}
        return FaceInfo(
            GAME_ID,
            kind,
            belief,
            str(e.get("name", kind)),
            "Belief card",
            "",
            TESTIMONY_ICONS.get(belief, "pentagram"),
            TESTIMONY_COLOUR.get(belief, theme.WOOD),
            entry_text(e, "text"),
            entry_text(e, "rules_text"),
        )
    found = card_entries(GAME_ID).get(kind)
    e = (
        found[1]
        if found and found[0] == "characters"
        else {"name": kind.replace("_", " ").title(), "belief": "puritan"}
    )
    belief = str(e.get("belief", "puritan"))
    weight = int(e.get("token_weight", 1) or 1)
    return FaceInfo(
        GAME_ID,
        kind,
        belief,
        str(e.get("name", kind)),
        f"{belief.title()} Character",
        f"\u00d7{weight}" if weight > 1 else "",
        TESTIMONY_ICONS.get(kind, "villager"),
        TESTIMONY_COLOUR.get(belief, theme.WOOD),
        entry_text(e, "text"),
        entry_text(e, "rules_text"),
    )


ART = GameArt(face=face, back=CARD_BACK_TESTIMONY, back_icon="villager")
