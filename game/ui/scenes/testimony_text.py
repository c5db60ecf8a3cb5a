"""Words for the Testimony table: Character and Belief names, one sentence per log event
(the events of game.rules.testimony), the one-click claims, score reasons. Pure functions of the
data, easy to test.

Names come from the engine's catalog (``cards/testimony.yaml``), the same data the rules
read. A sentence names only what its event carries: a ``testify`` seen by another seat
has no side, a ``show`` seen outside the pair has no card, so neither can ever name a
hidden fact. An unknown event type still gets a readable fallback, never an exception.
"""

from __future__ import annotations

import logging
from typing import Any

from game.rules.testimony import catalog as rules_catalog
from game.ui.wording import listed

log = logging.getLogger(__name__)

SIDE_WORDS = {"accuse": "accusation", "defend": "defense"}
SHOW_WORDS = {
    "character": "their Character card",
    "belief_heathen": "the Heathen Belief card",
    "belief_puritan": "the Puritan Belief card",
}
STAGE_WORDS = {
    "action": "Action",
    "answer": "Invitation",
    "share": "Sharing",
    "testify": "Testimony",
    "between": "Between games",
    "over": "Match over",
}


def _catalog():
    try:
        return rules_catalog()
    except Exception as exc:  # the table must still draw with bare ids
        log.warning("Testimony cards could not be read (%s); showing ids", exc)
        return None


def character_name(character: str | None) -> str:
    if not character:
        return "an unknown Character"
    cat = _catalog()
    c = cat.characters.get(character) if cat is not None else None
    return c.name if c is not None else character.replace("_", " ").title()


def belief_of(character: str | None) -> str:
    """``heathen`` / ``puritan`` ("" when unknown)."""
    cat = _catalog()
    if cat is None or character not in cat.characters:
        return ""
    return cat.belief(character)


def belief_word(belief: str) -> str:
    return {"heathen": "Heathen", "puritan": "Puritan"}.get(belief, belief.title())


def shown_card_words(card: str | None, character: str | None = None) -> str:
    """What a share showed: "The Minister (Character)" or "the Puritan Belief"."""
    if card == "character":
        return f"{character_name(character)} (the Character card)"
    if card == "belief_heathen":
        return "the Heathen Belief"
    if card == "belief_puritan":
        return "the Puritan Belief"
    return "a card"


def seat_name(seat: Any, players: list[str]) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return players[seat]
    return "someone"


def describe(event: dict, players: list[str], viewer: int | None = None) -> str:
    """One sentence for a log event as ``viewer`` sees it."""
    try:
        return _describe(event, players, viewer)
    except Exception:  # never let a strange event take the log down
        log.debug("cannot describe %r", event, exc_info=True)
        return str(event.get("type", "event")).replace("_", " ")


def _describe(e: dict, players: list[str], viewer: int | None) -> str:
    n = lambda s: seat_name(s, players)  # noqa: E731
    you = lambda s: "you" if s == viewer and viewer is not None else n(s)  # noqa: E731
    kind = e.get("type")
    if kind == "game_start":
        aside = " One Character card is set aside unseen." if e.get("set_aside") else ""
        return (
            f"Game {e.get('game_no')} of {e.get('games')}: {e.get('tokens_each')} tokens each"
            f"{', ' + str(e.get('tokens_aside')) + ' set aside' if e.get('tokens_aside') else ''}."
            f"{aside} {n(e.get('first_player'))} goes first."
        )
    if kind == "deal":
        if "character" in e:
            return f"You are {character_name(e['character'])}."
        return ""
    if kind == "turn":
        return f"{n(e.get('seat'))}'s turn ({e.get('tokens')} token{'s' if e.get('tokens') != 1 else ''} in hand)."
    if kind == "invite":
        return f"{n(e.get('seat'))} invites {you(e.get('to'))} to share."
    if kind == "answer_invite":
        return f"{n(e.get('seat'))} {'accepts' if e.get('accept') else 'declines'}."
    if kind == "share_start":
        return f"{n(e.get('seat'))} and {n(e.get('with'))} share."
    if kind == "show":
        if "card" in e:
            who = "You show" if e.get("seat") == viewer else f"{n(e.get('seat'))} shows you"
            target = f" {n(e.get('to'))}" if e.get("seat") == viewer else ""
            return f"{who}{target} {shown_card_words(e.get('card'), e.get('character'))}."
        return f"{n(e.get('seat'))} shows {n(e.get('to'))} a card."
    if kind == "investigate":
        targets = " and ".join(n(t) for t in e.get("targets") or [])
        if "looks" in e:
            parts = []
            for look in e["looks"]:
                tokens = look.get("tokens") or []
                acc = sum(1 for t in tokens if t.get("side") == "accuse")
                parts.append(
                    f"{n(look.get('target'))}: {len(tokens)} token{'s' if len(tokens) != 1 else ''}"
                    f" ({acc} accusing, {len(tokens) - acc} defending)"
                    if tokens
                    else f"{n(look.get('target'))}: no tokens"
                )
            return f"You investigate {targets} \u2014 " + "; ".join(parts) + "."
        return f"{n(e.get('seat'))} investigates {targets}."
    if kind == "testify":
        side = e.get("side")
        if side:
            return (
                f"You testify against {n(e.get('target'))}: {SIDE_WORDS[side]} side up."
                if side == "accuse"
                else f"You testify for {n(e.get('target'))}: {SIDE_WORDS[side]} side up."
            )
        return f"{n(e.get('placer'))} places a token in front of {you(e.get('target'))}."
    if kind == "discard_token":
        return f"{n(e.get('seat'))} discards a token."
    if kind == "game_end":
        return f"{n(e.get('seat'))} has no tokens left: game {e.get('game_no')} ends."
    if kind == "reveal":
        killed = [n(s) for s, k in enumerate(e.get("killed") or []) if k]
        dead = f"Killed: {listed(killed)}." if killed else "Nobody is killed."
        scores = ", ".join(f"{n(s)} {p:+d}" for s, p in enumerate(e.get("scores") or []))
        return f"Reveal: {dead} Scores: {scores}."
    if kind == "first_player":
        tied = e.get("tied") or []
        how = " (drawn among the tied)" if len(tied) > 1 else ""
        return f"{n(e.get('seat'))} scored lowest and begins game {e.get('game_no')}{how}."
    if kind == "match_over":
        winners = [n(s) for s in e.get("winners") or []]
        verb = "win" if len(winners) > 1 else "wins"
        return f"The match is over: {' and '.join(winners)} {verb}."
    return str(kind or "event").replace("_", " ")


# ------------------------------------------------------------------------ claims ----
#: one-click claims (docs/rules/testimony.md §3.4: claims carry no rules weight). ``{seat}`` and
#: ``{character}`` are filled from a pick; the text is what the table and the log show.
CLAIMS: list[tuple[str, str, str]] = [
    # (key, button label, sentence)
    ("puritan", "I am a Puritan", "I am a Puritan."),
    ("heathen", "I am a Heathen", "I am a Heathen."),
    ("character", "I am …", "I am {character}."),
    ("saw_heathen", "Saw Heathen card…", "{seat} showed me a Heathen card."),
    ("saw_puritan", "Saw Puritan card…", "{seat} showed me a Puritan card."),
    ("saw_character", "Saw Character…", "{seat} showed me {character}."),
    ("defended", "I defended …", "I defended {seat}."),
    ("accused", "I accused …", "I accused {seat}."),
    ("trust", "Trust …", "{seat} is honest."),
    ("liar", "… is lying", "{seat} is lying."),
]
#: shorter labels where a narrow talk panel (a small window) does not hold every claim's own
SHORT_CLAIM_LABELS = {"saw_heathen": "Saw Heathen\u2026", "saw_puritan": "Saw Puritan\u2026"}
CLAIM_PREFIX = "\u2691 "  # a flag: a line the table records as a claim on the speaker's plate


def claim_needs(key: str) -> tuple[bool, bool]:
    """(needs a seat, needs a Character) for claim ``key``."""
    sentence = next((s for k, _l, s in CLAIMS if k == key), "")
    return "{seat}" in sentence, "{character}" in sentence


def claim_text(key: str, players: list[str], seat: int | None = None, character: str | None = None) -> str:
    """The line a claim sends (it starts with :data:`CLAIM_PREFIX`)."""
    sentence = next((s for k, _l, s in CLAIMS if k == key), "")
    return CLAIM_PREFIX + sentence.format(seat=seat_name(seat, players), character=character_name(character))


def is_claim(text: str) -> bool:
    return isinstance(text, str) and text.startswith(CLAIM_PREFIX)


def reason_line(line: dict) -> str:
    points = line.get("points", 0)
    return f"{points:+d}  {line.get('why', '')}"
