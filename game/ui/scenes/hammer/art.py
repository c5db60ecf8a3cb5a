"""The Hammer of the Witches' card art: what each face shows (read from
``cards/hammer.yaml``), the card back, and the villager cards (their faces are drawn by
:meth:`game.ui.card_art.CardArt.villager`). Card colours follow docs/rules/hammer.md §1.3
(brown Defamation, yellow Responses, green Tests)."""

from __future__ import annotations

from game.ui import theme
from game.ui.card_art import FaceInfo, GameArt, card_entries, entry_text, signed, split_id

GAME_ID = "hammer"

# Which icon stands for each card kind (see tools/extract_icons.py for the sources).
HAMMER_ICONS = {
    "accusation": "accusation",
    "denial": "denial",
    "proof": "proof",
    "false_testimony": "false_testimony",
    "confession": "confession",
    "accomplice": "accomplice",
    "countercharge": "countercharge",
    "mixup": "mixup",
    "retraction": "retraction",
    "no_inquisition": "no_inquisition",
    "advocate": "advocate",
    "bribe": "bribe",
    "ordeal_floats": "ordeal",
    "ordeal_drowns": "ordeal",
    "scales_lighter": "scales",
    "scales_heavier": "scales",
    "mark_found": "mark",
    "mark_none": "mark",
}
HAMMER_COLOUR = {"brown": theme.BROWN, "yellow": theme.YELLOW, "green": theme.GREEN}
HAMMER_ROLE_LABEL = {
    "brown": "Defamation",
    "response": "Response",
    "no_inquisition": "Response",
    "advocate": "Advocate",
    "bribe": "Bribe",
    "test": "Test",
}

# Used only while a card file is missing or unreadable, so the table still draws.
_FALLBACK_HAMMER = {
    "accusation": ("Accusation", "brown", "brown", 1),
    "denial": ("Denial", "brown", "brown", -2),
    "proof": ("Proof", "brown", "brown", 2),
    "false_testimony": ("False Testimony", "brown", "brown", 3),
    "confession": ("Confession", "brown", "brown", 6),
    "accomplice": ("Accomplice", "yellow", "response", None),
    "countercharge": ("Countercharge", "yellow", "response", None),
    "mixup": ("Mix-up", "yellow", "response", None),
    "retraction": ("Retraction", "yellow", "response", None),
    "no_inquisition": ("No Inquisition", "yellow", "no_inquisition", None),
    "advocate": ("Advocate", "yellow", "advocate", -3),
    "bribe": ("Bribe", "yellow", "bribe", None),
    "ordeal_floats": ("Ordeal: floats", "green", "test", None),
    "ordeal_drowns": ("Ordeal: drowns", "green", "test", None),
    "scales_lighter": ("Scales: lighter", "green", "test", None),
    "scales_heavier": ("Scales: heavier", "green", "test", None),
    "mark_found": ("Mark found", "green", "test", None),
    "mark_none": ("No mark", "green", "test", None),
}


#: what a small face writes in its band when the test's name does not fit there (a hand
#: of five players at 1280 x 720 left "Scales of Justice" and "Ordeal by Water" bare);
#: the table's words, not the card file's (the rules read no short names for cards)
SHORT_NAMES = {
    "ordeal_floats": "Ordeal",
    "ordeal_drowns": "Ordeal",
    "scales_lighter": "Scales",
    "scales_heavier": "Scales",
    # one long word: on two lines where it does not fit on one (the card being answered,
    # beside the banner at 1280 x 720, stayed bare)
    "countercharge": "Counter-\ncharge",
}


def face(card_id: str) -> FaceInfo:
    """The face of a Hammer card: a Defamation card from its kind and copy number
    (``bribe-9`` shows its ninth value, ``confession-3`` its third caption)."""
    kind, n = split_id(card_id)
    found = card_entries(GAME_ID).get(kind)
    if found and found[0] == "defamation":
        e = found[1]
    elif kind in _FALLBACK_HAMMER:
        name, colour, role, value = _FALLBACK_HAMMER[kind]
        e = {"name": name, "colour": colour, "role": role, "value": value}
    else:
        e = {"name": kind.replace("_", " ").title(), "colour": "brown", "role": "brown"}
    colour = str(e.get("colour", "brown"))
    role = str(e.get("role", "brown"))
    value = ""
    if role == "bribe":
        values = e.get("values") or []
        if n is not None and 1 <= n <= len(values):
            value = f"\u00b1{abs(int(values[n - 1]))}"
        else:
            value = "\u00b1"
    elif e.get("value") is not None:
        value = signed(int(e["value"]))
    elif e.get("keep_vp"):
        value = f"{int(e['keep_vp'])} VP"
    captions = e.get("captions") or []
    caption = str(captions[n - 1]) if n is not None and 1 <= n <= len(captions) else ""
    name = str(e.get("name", kind))
    return FaceInfo(
        game=GAME_ID,
        kind=kind,
        family=colour,
        name=name,
        label=HAMMER_ROLE_LABEL.get(role, role.title()),
        value=value,
        icon=HAMMER_ICONS.get(kind, "pentagram"),
        color=HAMMER_COLOUR.get(colour, theme.BROWN),
        text=entry_text(e, "text"),
        rules_text=entry_text(e, "rules_text"),
        caption=caption,
        # a small face's band: "Scales" where "Scales of Justice" does not fit
        short=SHORT_NAMES.get(kind, ""),
    )


def villagers() -> dict[str, dict]:
    """Villager id -> its card entry (the ``villagers`` section of the card file)."""
    return {k: e for k, (section, e) in card_entries(GAME_ID).items() if section == "villagers"}


ART = GameArt(face=face, back=theme.CARD_BACK_HAMMER, back_icon="pentagram", villagers=villagers)
