"""Witch Trial's card art: what each face shows (read from ``cards/witch_trial.yaml``)
and the card back."""

from __future__ import annotations

from game.ui import theme
from game.ui.card_art import FaceInfo, GameArt, card_entries, entry_text, signed, split_id

GAME_ID = "witch_trial"

TRIAL_SECTION_KIND = {
    "suspects": "suspect",
    "charges": "charge",
    "evidence": "evidence",
    "motions": "motion",
    "objections": "objection",
}
TRIAL_KIND_COLOUR = {
    "suspect": theme.SUSPECT,
    "charge": theme.CHARGE,
    "evidence": theme.EVIDENCE,
    "motion": theme.MOTION,
    "objection": theme.OBJECTION,
}
TRIAL_KIND_LABEL = {
    "suspect": "Suspect",
    "charge": "Charge",
    "evidence": "Evidence",
    "motion": "Motion",
    "objection": "Objection",
}
# Motions each get their own picture so a hand of motions is told apart at a glance.
TRIAL_MOTION_ICONS = {
    "drama": "motion_drama",
    "short_memory": "motion_short_memory",
    "bribe_judge": "bribe",
    "recess": "wait",
    "venue": "motion_venue",
    "expert": "motion_expert",
    "leading": "witness",
    "mistrial": "retraction",
    "continuance": "motion_continuance",
}


def face(card_id: str) -> FaceInfo:
    """The face of a Witch Trial card: a Suspect, Charge, Evidence, Motion or Objection
    (docs/rules/witch_trial.md, Kinds of cards)."""
    kind, _n = split_id(card_id)
    found = card_entries(GAME_ID).get(kind)
    if found is None:
        family = "objection" if kind == "objection" else "evidence"
        return FaceInfo(
            GAME_ID,
            kind,
            family,
            kind.replace("_", " ").title(),
            TRIAL_KIND_LABEL[family],
            "",
            family,
            TRIAL_KIND_COLOUR[family],
            "",
            "",
        )
    section, e = found
    family = TRIAL_SECTION_KIND.get(section, "evidence")
    stats: list[tuple[str, str]] = []
    notes: list[str] = []
    value = ""
    if family == "suspect":
        value = str(e.get("guilt", ""))
        stats = [("Guilt", str(e.get("guilt", "?"))), ("Defense", f"${e.get('defense', '?')}")]
    elif family == "charge":
        value = str(e.get("severity", ""))
        stats = [("Severity", str(e.get("severity", "?"))), ("Court", f"${e.get('court', '?')}")]
        mods = e.get("modifiers") or {}
        for suspect, bonus in mods.items():
            other = card_entries(GAME_ID).get(str(suspect))
            who = str(other[1].get("name", suspect)) if other else str(suspect)
            stats.append((f"against {who}", signed(int(bonus))))
            notes.append(f"{signed(int(bonus))} vs {str(suspect).replace('_', ' ').title()}")
    elif family == "evidence":
        pro, de = int(e.get("prosecution", 0)), int(e.get("defense", 0))
        value = f"{signed(pro)}/{signed(de)}"
        stats = [("Prosecution", signed(pro)), ("Defense", signed(de))]
    return FaceInfo(
        game=GAME_ID,
        kind=kind,
        family=family,
        name=str(e.get("name", kind)),
        label=TRIAL_KIND_LABEL[family],
        value=value,
        icon=TRIAL_MOTION_ICONS.get(kind, family) if family == "motion" else family,
        color=TRIAL_KIND_COLOUR[family],
        text=entry_text(e, "text"),
        rules_text=entry_text(e, "rules_text"),
        stats=tuple(stats),
        notes=tuple(notes),
        # a suspect's id is the short name the charges call it by ("+3 vs Hester"): a hand
        # of seven players' faces left the band of "Silent Hester" bare rather than shrink it
        short=kind.replace("_", " ").title() if family == "suspect" else SHORT_NAMES.get(kind, ""),
    )


#: the names small faces write when the whole one does not fit (the table's words, not
#: the card file's: the hand's faces at the window a 1280 x 720 screen opens are 66 px
#: wide, and the bands of these Charges, Evidence and Motions stayed bare). The zoom and
#: every message still give the whole name
SHORT_NAMES = {
    "ankle": "Ankle",
    "hokus": "Hokus-Pokus",
    "sabbath": "Sabbath",
    "post": "The Post",
    "familiars": "Familiars",
    "milk": "Milk",
    "magistrate": "Magistrate",
    "bad_company": "Company",
    "reads_silently": "Reader",
    "no_shadow": "No Shadow",
    "children": "Children",
    "churchgoer": "Churchgoer",
    "black_cat": "Black Cat",
    "lights": "Lights",
    "mole": "Goat Mole",
    "almanac": "Almanac",
    "affidavit": "Affidavit",
    "parish_pies": "Pies",
    "birds": "Birds",
    "tithes": "Tithes",
    "short_memory": "Memory",
    "bribe_judge": "Bribe Judge",
    "venue": "Venue",
    "expert": "Expert",
    "leading": "Leading",
}


ART = GameArt(face=face, back=theme.CARD_BACK_TRIAL, back_icon="gavel")
