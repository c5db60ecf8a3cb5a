"""Seeded random Malleus playouts with every invariant of the story game checked at every step.

The bots (``game.bots.malleus.MalleusBot``) write fixed neutral text; this harness then
marks every *private* text with a tag naming its owner — ``⟦S2⟧`` player 2's secret,
``⟦E2⟧`` his envy, ``⟦V2⟧`` his vendetta's reason, ``⟦A2⟧`` a secret action, ``⟦O2⟧`` a
companion order, ``⟦B2⟧`` a Blackmail order, ``⟦N2>3⟧`` a note from 2 to 3, ``⟦C2.n⟧``
a claimed secret — so a leak is a tag where it does not belong. What each seat may know
is tracked from outside the engine (what it held, what it learned by a card, which
secrets became public), never read from the engine's own redaction.

Checked at every step: standings >= 0; the 55 cards each in exactly one pile (deck,
discard, a hand; locked and queued cards are in hands); every seat in ``to_act`` has a
legal command; the new log entries of every seat (tags, card ids, private event types,
the player of a secret card); the acting bot's own view. Every ``VIEW_EVERY`` steps
(and at every step in "full" games): every seat's view and the spectator's. Round trip
every ``ROUND_TRIP_EVERY`` steps and at the end; exact replay at the end.
"""

from __future__ import annotations

import json
import random
import re

from game.bots.malleus import MalleusBot
from game.engine import Match, new_match
from game.rules.malleus import PREVOT, MalleusMatch

NAMES = ["Prévôt", "Ann", "Bob", "Cy", "Dee", "Eve"]
TAG = re.compile(r"⟦([SEVAOBNC])(\d)(?:>(\d)|\.(\d+))?⟧")
CARD_ID = re.compile(r'"(c\d+)"')
VIEW_EVERY = 25
ROUND_TRIP_EVERY = 150
#: event types that only their player (and the Prévôt) may see in full
OWNED = {"ledger", "companion", "companion_taken", "secret_action", "learned", "card_void"}


class Knowledge:
    """What each seat may legitimately know, learned from what happened."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.held: list[set[str]] = [set() for _ in range(n)]
        self.learned: list[set[str]] = [set() for _ in range(n)]  # tags learned by a card
        self.public: set[str] = set()  # tags made public (revealed secrets, accepted claims)
        self.claims = 0

    def allowed(self, viewer: int | None, tag: tuple) -> bool:
        kind, owner, to, _n = tag
        owner = int(owner)
        text = "⟦" + kind + str(owner) + (f">{to}" if to else "") + (f".{_n}" if _n else "") + "⟧"
        if kind == "N":
            return viewer is not None and viewer in (owner, int(to))  # never the Prévôt (§5)
        if viewer == PREVOT:
            return True
        if text in self.public:
            return True
        if viewer is None:
            return False
        return owner == viewer or text in self.learned[viewer]


def tag_command(seat: int, command: dict, know: Knowledge) -> dict:
    """Mark the private texts of ``command`` with their owner."""

    def mark(text: str, tag: str) -> str:
        return f"{text} ⟦{tag}⟧"

    c = json.loads(json.dumps(command))
    t = c["type"]
    if t == "submit_ledger":
        c["secret"] = mark(c["secret"], f"S{seat}")
        c["envy"]["thing"] = mark(c["envy"]["thing"], f"E{seat}")
        c["vendetta"]["reason"] = mark(c["vendetta"]["reason"], f"V{seat}")
    if t in ("secret_action", "play_card"):
        if c.get("new_envy"):
            c["new_envy"]["thing"] = mark(c["new_envy"]["thing"], f"E{seat}")
        if c.get("new_vendetta"):
            c["new_vendetta"]["reason"] = mark(c["new_vendetta"]["reason"], f"V{seat}")
    if t == "secret_action":
        c["text"] = mark(c["text"], f"A{seat}")
        if c.get("companion_order"):
            c["companion_order"] = mark(c["companion_order"], f"O{seat}")
        for note in c.get("notes", []):
            note["text"] = mark(note["text"], f"N{seat}>{note['to']}")
        for play in c.get("cards", []):
            if "order" in play:
                play["order"] = mark(play["order"], f"B{seat}")
            for key, field in (("new_envy", "thing"), ("new_vendetta", "reason")):
                if key in play:
                    play[key][field] = mark(play[key][field], f"{'E' if key == 'new_envy' else 'V'}{seat}")
    if t == "declare_conflict" and "claimed_text" in c:
        know.claims += 1
        c["claimed_text"] = mark(c["claimed_text"], f"C{seat}.{know.claims}")
    return c


def _tags(text: str) -> set[tuple]:
    return set(TAG.findall(text))


def check_data(data, viewer: int | None, know: Knowledge, where: str) -> None:
    """No tag, card id or other seat's private block in ``data`` (a view or events)."""
    check_text(json.dumps(data, ensure_ascii=False), viewer, know, where)


def check_text(text: str, viewer: int | None, know: Knowledge, where: str) -> None:
    for tag in _tags(text):
        assert know.allowed(viewer, tag), f"{where}: seat {viewer} sees {tag}"
    if viewer != PREVOT:
        ids = set(CARD_ID.findall(text))
        own = know.held[viewer] if viewer is not None else set()
        assert ids <= own, f"{where}: seat {viewer} sees card ids {sorted(ids - own)}"


def check_log(m: MalleusMatch, entries: list[dict], viewers: list, know: Knowledge, step: int) -> None:
    """The new log entries as every seat sees them (each distinct form dumped once)."""
    shown = [(v, m._visible(entry, v), i) for i, entry in enumerate(entries) for v in viewers]
    shown = [(v, e, i) for v, e, i in shown if e is not None]
    learn([(v, e) for v, e, _ in shown], know)
    texts: dict[tuple[int, int], str] = {}
    for v, event, i in shown:
        key = (i, id(event))
        if key not in texts:
            texts[key] = json.dumps(event, ensure_ascii=False)
        check_text(texts[key], v, know, f"log step {step}")
        check_event(event, v, know)


#: what every view holds once the story is over: everything is revealed then (§5.7)
END_KEYS = ("ending", "revealed")


def check_view(view: dict, viewer: int | None, know: Knowledge, scan: bool = True) -> None:
    if view["over"]:
        assert set(END_KEYS) <= set(view), "the end of the story is told and revealed"
    else:
        assert not set(END_KEYS) & set(view), "nothing is revealed before the end"
    view = {k: v for k, v in view.items() if k not in END_KEYS}
    if scan:
        check_data(view, viewer, know, "view")
    if viewer != PREVOT:
        assert "prevot_screen" not in view, "only the Prévôt gets the Prévôt's screen"
    if viewer is None or viewer == PREVOT:
        assert "you" not in view
    else:
        assert view["you"]["seat"] == viewer
    for event in view.get("recent", []):
        check_event(event, viewer, know)
    if viewer not in (None, PREVOT):
        assert set(view["you"]) >= {"secret", "hand"}


def check_event(event: dict, viewer: int | None, know: Knowledge) -> None:
    if viewer == PREVOT:
        if event.get("type") == "note":
            assert "text" not in event, "the Prévôt sees a note's text"
        return
    t = event.get("type")
    if (
        t in OWNED
        or (t in ("draw", "discard", "locked_swept") and "cards" in event)
        or (t == "reward" and "lines" in event)
    ):
        assert event.get("player") == viewer, f"seat {viewer} sees {t} of {event.get('player')}"
    if t == "card" and event.get("secret") and "player" in event:
        assert event["player"] == viewer, f"seat {viewer} sees who played a secret {event.get('card_type')}"
    if t == "note" and "text" in event:
        assert viewer in (event["from"], event["to"]), f"seat {viewer} reads a note {event['from']}->{event['to']}"


def learn(entry_events: list[tuple[int | None, dict]], know: Knowledge) -> None:
    """Update what seats know from the events they were shown."""
    for viewer, event in entry_events:
        t = event.get("type")
        if t == "secret_revealed":
            for tag in _tags(event.get("text", "")) | _tags(event.get("claimed_text", "")):
                know.public.add(_render(tag))
        if t == "learned" and viewer not in (None, PREVOT):
            p = event["player_seen"]
            if event["kind"] == "eavesdropping":
                know.learned[viewer].add(f"⟦S{p}⟧")
            else:
                know.learned[viewer].update({f"⟦E{p}⟧", f"⟦V{p}⟧"})


def _render(tag: tuple) -> str:
    kind, owner, to, n = tag
    return "⟦" + kind + owner + (f">{to}" if to else "") + (f".{n}" if n else "") + "⟧"


def check_state(m: MalleusMatch, cards: list[str]) -> None:
    st = m.state
    for v in st["villagers"].values():
        assert v["standing"] >= 0, v
    piles = list(st["deck"]) + list(st["discard"])
    for p in range(1, m.n):
        led = st["ledgers"][p]
        piles.extend(led["hand"])
        assert set(led["locked"]) <= set(led["hand"]) and set(led["queued"]) <= set(led["hand"])
    assert sorted(piles) == cards, "the 55 cards are not each in exactly one place"


def play_game(
    game: int, *, full_views: bool = False, until_round: int | None = None, max_steps: int = 20_000, match_cls=None
) -> dict:
    """Play one seeded game with the checks; returns a summary."""
    players = 3 + game % 3
    m = new_match("malleus", NAMES[: players + 1], seed=game)
    n = m.n
    bots = {s: MalleusBot(game * 1000 + s) for s in range(n)}
    pick = random.Random(game)
    know = Knowledge(n)
    cards = sorted(m.cat.card_ids)
    viewers: list[int | None] = list(range(n)) + [None]
    steps = 0
    while not m.over and steps < max_steps:
        if until_round is not None and m.state["round"] > until_round:
            break
        to_act = m.to_act()
        legal = {s: m.legal(s) for s in to_act}
        for s in to_act:
            assert legal[s], f"seat {s} must act but has no legal command"
        seat = pick.choice(to_act)
        if pick.random() < 0.15:  # now and then an interjection from anyone
            other = pick.randrange(n)
            legal.setdefault(other, m.legal(other))
            if legal[other]:
                seat = other
        view = m.view(seat)
        check_view(view, seat, know, scan=full_views or steps % VIEW_EVERY == 0)
        command = tag_command(seat, bots[seat].choose(view, legal[seat]), know)
        before = len(m._log)
        m.apply(seat, command)
        steps += 1
        for p in range(1, n):
            know.held[p].update(m.state["ledgers"][p]["hand"])
        check_log(m, m._log[before:], viewers, know, steps)
        check_state(m, cards)
        if full_views or steps % VIEW_EVERY == 0:
            for v in viewers:
                check_view(m.view(v), v, know)
        if steps % ROUND_TRIP_EVERY == 0:
            _round_trip(m)
    _round_trip(m)
    again = type(m).replay(m.players, m.seed, m.options, m.commands)
    assert again.to_json() == m.to_json(), "replay differs"
    return {"steps": steps, "over": m.over, "round": m.state["round"], "players": players, "match": m}


def _round_trip(m: Match) -> None:
    text = m.to_json()
    back = Match.from_json(text)
    assert back.to_json() == text
    for seat in list(range(m.n)) + [None]:
        assert back.view(seat) == m.view(seat)
        if seat is not None:
            assert back.legal(seat) == m.legal(seat)
