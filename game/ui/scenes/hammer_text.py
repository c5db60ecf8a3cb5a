"""Words for the Hammer table: card and villager names, and one short sentence per log
event (the events of docs/rules/hammer.md §12.2). Pure functions of the data, so they are easy to test.

Card and villager names come from ``cards/hammer.yaml`` (the same file the engine
reads), so a corrected card name shows everywhere at once. An event type this module
does not know yet still gets a readable fallback sentence, never an exception.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any

import yaml

from game.paths import cards_dir

log = logging.getLogger(__name__)

PHASE_NAMES = {
    "setup": "Setup",
    "accusation": "The Accusation",
    "arrest": "The Arrest",
    "trial": "The Trial",
    "evidence": "Collecting Evidence",
    "over": "Game over",
}


@lru_cache(maxsize=1)
def card_data() -> dict[str, Any]:
    """``{"villagers": {id: entry}, "kinds": {kind: entry}, "pyres": {id: start}}`` from the YAML."""
    try:
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C parser is ~10x faster
        with open(cards_dir() / "hammer.yaml", encoding="utf-8") as fh:
            data = yaml.load(fh, Loader=loader) or {}
    except Exception as exc:  # the table must still draw with bare ids
        log.warning("cards/hammer.yaml could not be read (%s); showing ids", exc)
        data = {}
    return {
        "villagers": {v["id"]: v for v in data.get("villagers", []) if isinstance(v, dict) and "id" in v},
        "kinds": {k["id"]: k for k in data.get("defamation", []) if isinstance(k, dict) and "id" in k},
        "pyres": {p["id"]: p.get("start") for p in data.get("pyres", []) if isinstance(p, dict) and "id" in p},
    }


def kind_of(card_id: str | None, view: dict | None = None) -> str:
    if not card_id:
        return ""
    if view is not None:
        kind = (view.get("cards") or {}).get(card_id)
        if kind:
            return str(kind)
    return str(card_id).rsplit("-", 1)[0]


def kind_entry(kind: str) -> dict:
    return card_data()["kinds"].get(kind, {})


def card_role(card_id: str, view: dict | None = None) -> str:
    """brown | response | no_inquisition | advocate | bribe | test (cards/hammer.yaml)."""
    kind = kind_of(card_id, view)
    entry = kind_entry(kind)
    if entry.get("role"):
        return str(entry["role"])
    if kind in ("accusation", "denial", "proof", "false_testimony", "confession"):
        return "brown"
    if kind in ("accomplice", "countercharge", "mixup", "retraction"):
        return "response"
    if kind.startswith(("ordeal", "scales", "mark")):
        return "test"
    return kind


def card_name(card_id: str | None, view: dict | None = None) -> str:
    if not card_id:
        return "a card"
    kind = kind_of(card_id, view)
    return str(kind_entry(kind).get("name") or kind.replace("_", " ").title())


def bribe_amount(card_id: str) -> int:
    """The number printed on a bribe (``bribe-8`` …), from the YAML's ``values`` list."""
    values = kind_entry("bribe").get("values") or []
    try:
        n = int(str(card_id).rsplit("-", 1)[1])
        return int(values[n - 1])
    except (IndexError, ValueError, TypeError):
        return 1


def villager_name(vid: str | None, short: bool = True) -> str:
    if not vid:
        return "someone"
    entry = card_data()["villagers"].get(vid, {})
    if short and entry.get("short"):
        return str(entry["short"])
    return str(entry.get("name") or str(vid).title())


def villager_text(vid: str) -> str:
    return str(card_data()["villagers"].get(vid, {}).get("text", ""))


def pyre_start(pyre_id: str) -> int | None:
    return card_data()["pyres"].get(pyre_id)


def seat_name(seat: Any, players: list[str]) -> str:
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]
    return "Someone"


def signed(n: Any) -> str:
    try:
        n = int(n)
    except (TypeError, ValueError):
        return str(n)
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def speaks_for(kind: str | None, value: Any = None) -> bool:
    """A brown card that lowers heat (a Denial, docs/rules/hammer.md §1) is said on
    someone's behalf, not against them: by its printed value, else by the value played."""
    printed = kind_entry(str(kind or "")).get("value")
    if isinstance(printed, (int, float)) and not isinstance(printed, bool):
        return printed < 0
    return isinstance(value, int) and not isinstance(value, bool) and value < 0


def brown_play(kind: str | None, accuser: str | None, target: str | None, value: Any = None) -> str:
    """What a brown card does in words: "Theresa accuses Heinbichl" for a card that adds
    heat; "Heinbichl speaks for Widow" (or "… speaks in her own defence") for a Denial."""
    if not speaks_for(kind, value):
        return f"{villager_name(accuser)} accuses {villager_name(target)}"
    if accuser and accuser == target:
        return f"{villager_name(accuser)} speaks in their own defence"
    return f"{villager_name(accuser)} speaks for {villager_name(target)}"


def describe(event: dict, players: list[str]) -> str:
    """One short sentence for a log event ('' hides it)."""
    t = event.get("type", "")
    who = seat_name(event.get("seat", event.get("by", event.get("player"))), players)
    v = lambda key: villager_name(event.get(key))  # noqa: E731
    card = card_name(event.get("card")) if event.get("card") else ""
    if t == "heat":
        a, b = event.get("from"), event.get("to")
        if isinstance(a, int) and isinstance(b, int):
            if a == b:  # clamped at the pyre's start or at 18 (§1): say which, or a −2 seems lost
                edge = "the top of the pyre" if b >= 18 else "its pyre's start"
                return f"{v('villager')}: heat stays at {b} ({edge})."
            return f"{v('villager')}: heat {a} → {b} ({signed(b - a)})."
        return f"{v('villager')}: heat is now {b}."
    if t == "burn":
        outcome = event.get("outcome")
        if outcome == "trophy":
            return f"{v('villager')} burns at the stake: a trophy for {who}."
        if outcome == "empty_pyre":
            return f"{v('villager')} burns at the stake: {who}'s own villager, the pyre stays empty."
        return f"{v('villager')} burns at the stake."
    if t == "deal_villagers":
        return ""
    if t == "deal":
        if "count" not in event and "cards" not in event:
            return f"{who} is dealt cards."  # §8.1: hand sizes are private
        n = event.get("count", len(event.get("cards") or []))
        return f"{who} is dealt {n} cards."
    if t == "placed":
        return f"{who} has placed villagers on pyres."
    if t == "reveal":
        return "Every villager is on its pyre: the game begins."
    if t == "turn":
        return f"{who}'s turn."
    if t == "priority":
        return ""
    if t == "call":
        return f"{who} calls for an inquisition!"
    if t == "ordeal":
        burner = seat_name(event.get("burner"), players)
        return f"{card}: {burner} burns the witch as if inquisitor."
    if t == "witch":
        return f"{card}: the witch is {v('villager')}."
    if t == "cancelled":
        return f"{card} is cancelled and has no effect."
    if t == "protect":
        return f"{v('villager')} is protected from brown cards by {card}."
    if t == "unprotect":
        return f"{v('villager')} is no longer protected."
    if t == "phase":
        return f"— {PHASE_NAMES.get(event.get('phase'), str(event.get('phase')).title())} —"
    if t == "round":
        return f"Round {event.get('round')} begins."
    if t in ("accuse", "accused", "announce") and event.get("accuser"):
        value = f" ({signed(event['value'])})" if "value" in event else ""
        kind = event.get("kind") or kind_of(event.get("card"))
        if speaks_for(kind, event.get("value")):  # "Heinbichl speaks for Widow (−2)", not an accusation
            return f"{who}: {card} — {brown_play(kind, event.get('accuser'), event.get('target'))}{value}."
        return f"{who}: {card}{value} — {v('accuser')} accuses {v('target')}."
    if t == "box_open":
        n = event.get("count", 0)
        return f"The sealed box opens: {n} bribe{'s' if n != 1 else ''}."
    if t in ("bribe",):
        sign = event.get("sign")
        amount = event.get("value", event.get("amount"))
        amount_text = f" of {signed(amount)}" if amount is not None else (f" of {signed(sign)}" if sign else "")
        yours = " (yours)" if event.get("yours") else ""
        if event.get("lapsed"):
            return f"A bribe{amount_text} on {v('target')}{yours} comes to nothing: {v('target')} is gone."
        return f"A bribe{amount_text} on {v('target')}{yours} (no one knows whose)."
    if t == "advocate":
        return f"{who} sends an Advocate to {v('target')}."
    if t in ("respond", "response"):
        extra = f", naming {v('other')}" if event.get("other") else ""
        return f"{who} answers with {card}{extra}."
    if t in ("test",):
        on = f" on {v('witch')}" if event.get("witch") else ""
        return f"{who} plays the test {card}{on}."
    if t in ("negate", "negated"):
        return f"{who} negates {card_name(event.get('test')) if event.get('test') else 'the test'} with {card}."
    if t == "call_inquisition":
        return f"{who} calls for an inquisition!"
    if t == "no_inquisition":
        return f"{who} plays No Inquisition: the call fails."
    if t == "inquisitor":
        return f"{who} becomes the inquisitor."
    if t == "end_turn":
        return f"{who} ends the turn."
    if t == "draw":
        if "count" not in event and "cards" not in event:
            return f"{who} draws cards."  # §8.2: only the drawer learns how many
        n = event.get("count", len(event.get("cards") or []))
        return f"{who} draws {n} card{'s' if n != 1 else ''}."
    if t == "pass":
        return f"{who} passes."
    if t in ("discard", "refill"):
        n = event.get("count", len(event.get("discard") or event.get("cards") or []))
        return f"{who} discards {n} card{'s' if n != 1 else ''}."
    if t == "place_pyres":
        return f"{who} places villagers on pyres."
    if t == "trophy":
        return f"{who} takes {v('villager')} as a trophy."
    if t == "empty_pyre":
        return f"{who} is left with an empty pyre."
    if t == "choose_witch":
        return f"{who} names {v('villager')} the witch."
    if t == "reshuffle":
        return "The discard pile is shuffled into a new draw pile."
    if t in ("game_over", "over", "end"):
        scores = event.get("scores") or []
        winners = [seat_name(w, players) for w in event.get("winners") or []]
        if winners:
            return f"The game is over: {' and '.join(winners)} win{'s' if len(winners) == 1 else ''} ({', '.join(map(str, scores))})."
        return "The game is over."
    if t == "kept":
        return f"{who} keeps {card}."
    # unknown event: a readable fallback built from its fields
    parts = []
    for key, value in event.items():
        if key in ("type", "sid"):
            continue
        if key in ("villager", "target", "accuser", "other"):
            value = villager_name(value)
        elif key in ("seat", "by", "player"):
            value = seat_name(value, players)
        elif key == "card":
            value = card_name(value)
        parts.append(f"{key.replace('_', ' ')} {value}")
    head = str(t).replace("_", " ").capitalize() or "Event"
    return head + (": " + ", ".join(parts) if parts else "") + "."
