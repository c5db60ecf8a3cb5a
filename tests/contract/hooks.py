"""What the contract suite must be told about each game, keyed by registry id.

``SECRETS[game](match, memo)`` — required for every game: where its secrets live. It
returns ``(token, knowers)`` pairs for the position now: a text (a card id, a planted
free text, a Character's id) that no seat outside ``knowers`` (and no spectator) may
find in its view or in the events it receives. ``memo`` is a dict kept for one game, for
a game whose knowers build up over time (who ever held a card). The redaction test
fails by name for a registered game that has no entry here.

What every hook leaves to its game's own playout tests: secrets that are not texts
(Salem's face-down Tryal kinds, a Testimony token's side, Hammer's pyre placements before
the reveal). A token once shown to the spectator is public from then on and is not
checked again (a card played face up and later shuffled back and dealt in secret).

``EXTRAS[game](match, seat, command, legal)`` — optional: forms of a command the game
documents as accepted although ``legal()`` does not list them (Hammer's sealed
``bribes``); without an entry ``legal()`` must list everything ``apply`` accepts.

``FUZZ_EXTRAS[game](match, seat, command, rng)`` — optional: commands close to a listed
one that the fuzz should also send, for a field ``legal()`` leaves out (Hammer's
``bribes`` lists that look almost right).

``INTERJECTIONS``: games whose seats may send some commands out of turn (``legal()``
lists them for seats ``to_act`` does not name); in every other game a seat not to act
has no legal command.

``EXPECTED_TYPES[game]``: command types the recorded games must reach, so the legal
tests are known to cover the whole game (a story game's phases).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from game.engine import Match

Secret = tuple[str, frozenset]
SECRETS: dict[str, Callable[[Match, dict], list[Secret]]] = {}
EXTRAS: dict[str, Callable[[Match, int, dict, list[dict]], bool]] = {}
FUZZ_EXTRAS: dict[str, Callable[[Match, int, dict, random.Random], list[dict]]] = {}
INTERJECTIONS: set[str] = set()
EXPECTED_TYPES: dict[str, set[str]] = {}


def _last_events(m: Match) -> list[dict]:
    """The raw log entries of the last command (every seat's version)."""
    out = []
    for entry in reversed(m._log):
        if entry["sid"] != m.state_id:
            break
        out.append(entry)
    return out


# ---------------------------------------------------------------------- Hammer --
def _hammer(m: Match, memo: dict) -> list[Secret]:
    """docs/rules/hammer.md "What you have": a hand is seen by its owner only. A card
    discarded face up and reshuffled into the pile before the draws of the same command
    may be drawn unseen: its id rightly stands in that command's discard event."""
    step = _last_events(m)
    reshuffled: set[str] = set()
    if any(e["event"].get("type") == "reshuffle" for e in step):
        reshuffled = {c for e in step if e["event"].get("type") == "discard" for c in e["event"].get("cards", ())}
    return [
        (card, frozenset({seat}))
        for seat, hand in enumerate(m.state["hands"])
        for card in hand
        if card not in reshuffled
    ]


def _hammer_extras(m: Match, seat: int, command: dict, legal: list[dict]) -> bool:
    """Sealed ``bribes`` ride on any command while sealing is open (``legal()`` lists
    commands without them); a ``refill`` of a hand over ten cards may discard any subset
    (``legal()`` lists some)."""
    from tests.contract.kit import fits

    bare = {k: v for k, v in command.items() if k != "bribes"}
    if bare != command and any(fits(bare, t) for t in legal):
        return True
    hand = m.state["hands"][seat]
    return (
        bare.get("type") == "refill"
        and len(hand) > 10
        and isinstance(bare.get("discard"), list)
        and all(isinstance(c, str) for c in bare["discard"])
        and set(bare["discard"]) <= set(hand)
        and len(set(bare["discard"])) == len(bare["discard"])
        and set(bare) == {"type", "discard"}
    )


def _hammer_bribes(m: Match, seat: int, command: dict, rng: random.Random) -> list[dict]:
    """``bribes`` lists that look almost right (docs/rules/hammer.md "Sealed bribes"):
    real card and villager ids, signs and shapes that are sometimes off."""
    view = m.view(seat)
    hand = view["players"][seat]["hand"] or []
    villagers = [v["id"] for v in view["villagers"]]
    ids = sorted({*hand, *villagers}) or ["bribe-1"]
    bribes = [c for c in hand if c.startswith("bribe-")]
    out = []
    for _ in range(4):
        entries = []
        for _ in range(rng.choice([0, 1, 1, 2, 3, 15])):
            entry = {
                "card": rng.choice([*bribes, *ids[:3], "bribe-99"]),
                "target": rng.choice(ids),
                "sign": rng.choice([1, -1, 1, 0, 2, True, 1.0, None]),
            }
            if rng.random() < 0.15:
                entry[rng.choice(["seat", "value", "card "])] = rng.choice([None, 1, "x", [1]])
            if rng.random() < 0.1:
                entry.pop(rng.choice(["card", "target", "sign"]))
            entries.append(entry)
        if entries and rng.random() < 0.1:
            entries.append(dict(entries[0]))  # the same card twice
        out.append(dict(command, bribes=entries))
    return out


SECRETS["hammer"] = _hammer
EXTRAS["hammer"] = _hammer_extras
FUZZ_EXTRAS["hammer"] = _hammer_bribes


# ----------------------------------------------------------------- Witch Trial --
def _witch_trial(m: Match, memo: dict) -> list[Secret]:
    """docs/rules/witch_trial.md: a hand is its owner's. A card that enters a hand from
    the deck (a reshuffled discard included) is secret until it leaves that hand; one
    taken from the table in view of all (the lineup, the discard, a played Objection
    handed over) is not."""
    st = m.state
    hands = [set(h) for h in st["hands"]]
    if "secret" not in memo:
        secret = [set(h) for h in hands]  # the deal
    else:
        pool = memo["discard"] if st["reshuffled"] and not memo["reshuffled"] else set()
        secret = [
            (memo["secret"][s] & hand)
            | {c for c in hand - memo["hands"][s] if c in pool or not (c in memo["public"] or c in memo["held"])}
            for s, hand in enumerate(hands)
        ]
    memo.update(
        secret=secret,
        hands=hands,
        held=set().union(*hands),
        public=set(m.view(None)["cards"]),
        discard=set(st["discard"]),
        reshuffled=st["reshuffled"],
    )
    return [(card, frozenset({seat})) for seat, cards in enumerate(secret) for card in cards]


SECRETS["witch_trial"] = _witch_trial


# ----------------------------------------------------------------------- Salem --
def _salem(m: Match, memo: dict) -> list[Secret]:
    """docs/rules/salem.md: a hand is its owner's; a card taken from one hand to another
    (a robbery, John Proctor's inheritance) is known to every seat that held it; the two
    Accusations Giles Corey draws are shown to all (his ability)."""
    held: dict[str, set[int]] = memo.setdefault("held", {})
    shown: set[str] = memo.setdefault("shown", set())
    for entry in _last_events(m):
        if entry["event"].get("type") == "giles" and "to" not in entry:
            shown.update(entry["event"].get("cards", ()))
    out = []
    for seat, hand in enumerate(m.state["hands"]):
        for card in hand:
            held.setdefault(card, set()).add(seat)
            if card not in shown:
                out.append((card, frozenset(held[card])))
    return out


SECRETS["salem"] = _salem


# ------------------------------------------------------------------- Testimony --
def _testimony(m: Match, memo: dict) -> list[Secret]:
    """docs/rules/testimony.md: a Character is its holder's until the game's end; a
    seat that shared cards with the holder or investigated it may know it (counted as
    knowing, generously), the set-aside card is nobody's."""
    st = m.state
    if st["stage"] in ("between", "over"):
        return []
    out = []
    for seat, character in enumerate(st["characters"]):
        knowers = {seat}
        for rec in st["shares"]:
            if seat in (rec["by"], rec["with"]):
                knowers |= {rec["by"], rec["with"]}
        for rec in st["investigations"]:
            if seat in rec["targets"]:
                knowers.add(rec["seat"])
        out.append((character, frozenset(knowers)))
    if st["set_aside"] is not None:
        out.append((st["set_aside"], frozenset()))
    return out


SECRETS["testimony"] = _testimony


# --------------------------------------------------------------------- Malleus --
PREVOT = 0
CARD = re.compile(r"^c\d+$")


def _malleus(m: Match, memo: dict) -> list[Secret]:
    """docs/rules/malleus.md: a player's ledger (secret, envy, vendetta; the contract
    suite plants a unique text in each) is his and the Prévôt's, and of those who
    learned it (``seen_by``, an eavesdropping or intuition in their inbox) until it is
    revealed; a hand is its player's and the Prévôt's; a note is its writer's and its
    reader's (not the Prévôt's)."""
    st = m.state
    out: list[Secret] = []
    ledgers = [led for led in st["ledgers"] if led is not None]
    for led in ledgers:
        p = led["player"]
        seen = led.get("seen_by") or {}
        secret = led["secret"]
        if secret is not None and not secret["revealed"]:
            knowers = {p, PREVOT, *seen.get("secret", ()), *_learners(ledgers, p, "eavesdropping")}
            out.append((secret["text"], frozenset(knowers)))
        goals = {p, PREVOT, *seen.get("envy_vendetta", ()), *_learners(ledgers, p, "sharp_intuition")}
        for key, part_field in (("envy", "thing"), ("vendetta", "reason")):
            part = led.get(key)
            if part is not None and isinstance(part.get(part_field), str):
                out.append((part[part_field], frozenset(goals)))
        out.extend((card, frozenset({p, PREVOT})) for card in led["hand"])
        out.extend((x["text"], frozenset({p, x["from"]})) for x in led["inbox"] if x["kind"] == "note")
    # only what the suite planted (free texts) and card ids: a bot's stock phrase or an
    # empty text may rightly stand anywhere
    return [(token, knowers) for token, knowers in out if token.startswith("planted ") or CARD.match(token)]


def _learners(ledgers: list[dict], player: int, kind: str) -> set[int]:
    """The players whose inbox holds an entry of ``kind`` about ``player``."""
    return {
        other["player"] for other in ledgers for x in other["inbox"] if x["kind"] == kind and x.get("player") == player
    }


SECRETS["malleus"] = _malleus


#: docs/rules/malleus.md (M14 in game/rules/malleus.py): where the full list would be
#: combinatorial, ``legal()`` lists a covering sample of these command types and
#: ``apply`` accepts every valid combination of their fields
MALLEUS_SAMPLED = frozenset(
    {
        "add_villager",
        "add_fact_relation",
        "submit_ledger",
        "declare_conflict",
        "frame_scene",
        "secret_action",
        "start_npc_conflict",
        "set_present",
    }
)


def _malleus_extras(m: Match, seat: int, command: dict, legal: list[dict]) -> bool:
    kind = command.get("type")
    return kind in MALLEUS_SAMPLED and any(c["type"] == kind for c in legal)


EXTRAS["malleus"] = _malleus_extras
INTERJECTIONS.add("malleus")
#: the beginning phase and the rounds: building, choosing, ledgers, companions, conflicts
EXPECTED_TYPES["malleus"] = {
    "add_villager",
    "pass",
    "choose_villager",
    "submit_ledger",
    "choose_companion",
    "declare_conflict",
    "frame_scene",
    "cite_fact",
    "secret_action",
    "roll",
    "end_turn",
    "discard",
}
