"""Seeded random playouts of Salem 1692 (DESIGN D9; docs/rules/salem.md §1–§5).

300 full games over 2–12 players: the ghost variant (2–3) and the standard game, with
and without ``town_hall`` (plus ``short_game_guard``, ``hide_witch_on_death`` and
``extra_witch`` now and then). At every step:

* the chosen command is one of ``legal()`` and is accepted; ``to_act`` is non-empty
  until the end; a blind window that has just opened asks every living human;
* every Tryal card and every one of the 59 playing cards is in exactly one place;
* a witch stays a witch, and every holder of a Witch card is one;
* dead seats and ghosts never act;
* each seat's ``accusations`` equal the red cards in its front;
* each event, in every version someone sees, at the moment it is emitted, names no unrevealed Tryal card the
  seat may not know (its own, given or taken at Conspiracy, peeked), no card in another
  seat's hand, and no vote, Gavel placement, confession or Conspiracy pick outside the
  seats allowed to see it (§4);
* a seat that never held a Witch card knows no witches.

Full views of every seat (and the spectator) are scanned for the same secrets at every
step of a few games and every 15th step of the others; the JSON round trip is checked
every 25 steps and at the end, and every game ends with an exact replay of seed +
commands. Two control runs plant a leak (another seat's row in a view; a vote shown to
everyone) and prove the checks catch it.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from game.engine import Match, new_match
from game.rules.salem import WITCH, SalemMatch, catalog
from game.rules.salem import state as salem_state
from tests.rules.salem_kit import all_cards_once, all_tryals_once

# (players, games, of which "full": every view scanned at every step)
PLAN = [
    (2, 40, 1),
    (3, 40, 1),
    (4, 40, 1),
    (5, 30, 1),
    (6, 30, 0),
    (7, 25, 1),
    (8, 20, 0),
    (9, 20, 0),
    (10, 20, 1),
    (11, 15, 0),
    (12, 20, 1),
]
# ids are scanned in repr() text (faster than JSON; ids never hold a quote)
TRYAL_ID = re.compile(r"'(t\d+)'")
CARD_ID = re.compile(r"'(c\d+)'")
#: private event types and who may see them: seat roles computed per step
VOTES = ("dawn_vote", "night_vote", "night_choice")


class Leak(AssertionError):
    pass


def options_for(players: int, g: int) -> dict:
    return {
        "town_hall": g % 2 == 1,
        "short_game_guard": g % 3 == 2,
        "hide_witch_on_death": g % 7 == 3 and players >= 4,
        "extra_witch": g % 11 == 5 and players >= 4,
    }


class Watcher:
    """What each seat may legitimately know, kept apart from the engine's own records."""

    def __init__(self, m: SalemMatch) -> None:
        self.m = m
        n = m.n
        self.allowed: list[set[str]] = [set(m.state["rows"][p]) for p in range(n)]
        self.public_in_hand: set[str] = set()
        self.witch = list(m.state["witch"])

    # -- bookkeeping around a command; events are checked the moment they are emitted
    def attach(self) -> None:
        emit = self.m.emit

        def checked(event, to=None, others=None):
            emit(event, to=to, others=others)
            self.on_event(self.m._log[-1])

        self.m.emit = checked  # type: ignore[method-assign]

    def before(self, seat: int, cmd: dict) -> None:
        s = self.m.state
        self.snap_rows = [list(r) for r in s["rows"]]
        if cmd["type"] == "ghost_peek":
            self.allowed[seat].add(s["rows"][cmd["ghost"]][cmd["index"]])

    def after(self) -> None:
        s = self.m.state
        for p in range(self.m.n):
            self.allowed[p].update(s["rows"][p])
        in_hands = {c for h in s["hands"] for c in h}
        self.public_in_hand &= in_hands

    def on_event(self, entry: dict) -> None:
        self.on_event_knowledge(entry)
        self.check_entry(entry)

    def on_event_knowledge(self, entry: dict) -> None:
        """What an event teaches the seats that see it (Conspiracy notes, shown cards)."""
        e = entry["event"]
        t = e["type"]
        if t == "conspiracy_moves":
            # giver and taker both know the card that moved between them
            for mv in e["moves"]:
                card = self.snap_rows[mv["giver"]][mv["index"]]
                self.allowed[mv["giver"]].add(card)
                self.allowed[mv["taker"]].add(card)
        elif t == "giles" or (t == "ability" and e.get("name") == "samuel_parris"):
            self.public_in_hand.update(e["cards"])  # shown to all, or taken from the open discard
        elif t == "proctor":
            self.public_in_hand.update(e["blue"])  # blue cards lay face up in a front

    def check_entry(self, entry: dict) -> None:
        e = entry["event"]
        if self.m.over or self.m.state["over"]:
            return
        seen_by = entry.get("to")
        if seen_by is None:
            self.check_secret_event(e, None)
            self.check_text(repr(e), None, "a public event")
            return
        for q in seen_by:
            self.check_secret_event(e, q)
            self.check_text(repr(e), q, f"an event for seat {q}")
        if entry["others"] is not None:
            self.check_secret_event(entry["others"], None)
            self.check_text(repr(entry["others"]), None, "an event for the other seats")

    # -- the checks
    def revealed(self) -> set[str]:
        return {t for r in self.m.state["revealed"] for t in r}

    def hidden_from(self, q: int | None) -> tuple[set[str], set[str]]:
        """(Tryal ids q may not see, hand card ids q may not see)."""
        s = self.m.state
        rows = {t for p in range(self.m.n) for t in s["rows"][p]}
        tryals = rows - (self.allowed[q] if q is not None else set())
        hands = {c for p in range(self.m.n) if p != q for c in s["hands"][p]} - self.public_in_hand
        return tryals, hands

    def check_text(self, text: str, q: int | None, where: str) -> None:
        tryals, hands = self.hidden_from(q)
        bad = set(TRYAL_ID.findall(text)) & tryals
        if bad:
            raise Leak(f"{where} (seat {q}) shows unrevealed Tryal cards {sorted(bad)}")
        bad = set(CARD_ID.findall(text)) & hands
        if bad:
            raise Leak(f"{where} (seat {q}) shows {sorted(bad)} from another seat's hand")

    def check_secret_event(self, e: dict, q: int | None) -> None:
        """Votes to voters, the Gavel to its placer, picks and confessions to their maker."""
        t = e["type"]
        s = self.m.state
        if t in VOTES:
            if q is None or not self.witch[q]:
                raise Leak(f"seat {q} sees a witch vote {e}")
        elif t in ("gavel_placed", "confess_chosen", "pick_chosen", "keep_character", "ability_chosen"):
            if q is None or q != e["seat"]:
                raise Leak(f"seat {q} sees another seat's secret answer {e}")
        elif t == "conspiracy_card":
            if q is None or q not in (e["giver"], e["taker"]):
                raise Leak(f"seat {q} sees a Conspiracy note {e}")
        elif t == "answered":
            if set(e) != {"type", "seat", "window"}:
                raise Leak(f"an answer shows more than that it was given: {e}")
        elif t == "witches_known":
            if q is None or not s["witch"][q]:
                raise Leak(f"seat {q} learns the witches {e}")

    def check_views(self) -> None:
        m = self.m
        if m.over:
            return
        s = m.state
        for q in [None, *range(m.n)]:
            view = m.view(q)
            view.pop("log")  # its events were checked when they were emitted
            self.check_text(repr(view), q, "a view")
            pending = view["pending"]
            if pending and pending["kind"] == "window":
                assert "constable" not in pending and "voters" not in pending
                if "votes" in pending and (q is None or not s["witch"][q]):
                    raise Leak(f"seat {q} sees the votes")
            for p, seat in enumerate(view["seats"]):
                if seat["witch"] is not None and s["alive"][p] and not s["variant"]:
                    raise Leak(f"view({q}) says whether living seat {p} is a witch")
            if q is not None and not s["witch"][q] and not s["variant"]:
                assert view["known_witches"] == [], (q, view["known_witches"])


def check_invariants(m: SalemMatch, watcher: Watcher) -> None:
    s = m.state
    assert all_cards_once(m), "a playing card is missing or doubled"
    assert all_tryals_once(m), "a Tryal card is missing or doubled"
    tk = s["tryal_kind"]
    for p in range(m.n):
        if watcher.witch[p]:
            assert s["witch"][p], f"seat {p} stopped being a witch"
        if any(tk[t] == WITCH for t in s["rows"][p]):
            assert s["witch"][p], f"seat {p} holds a Witch card but is no witch"
        if not s["alive"][p]:
            assert not s["rows"][p] and not s["hands"][p] and not s["fronts"][p]
    watcher.witch = list(s["witch"])
    acting = m.to_act()
    for p in acting:
        assert s["alive"][p] and p not in s["ghosts"], f"seat {p} acts but is dead or a ghost"
    cat = catalog()
    for p in range(m.n):
        total = 0
        for c in s["fronts"][p]:
            if c in s["as_witness"]:
                total += 7
            elif cat.colour_of[c] == "red":
                cotton = cat.kind_of[c] == "evidence" and salem_state.has(m, p, "cotton_mather")
                total += 1 if cotton else cat.value_of[c]
        assert salem_state.accusations(m, p) == total
    if s["stack"] and not m.over:
        w = s["stack"][-1].get("window")
        if w is not None and not w["answers"]:
            humans = [p for p in range(m.n) if s["alive"][p] and p not in s["ghosts"]]
            assert acting == humans, "a blind window must ask every living seat"


def round_trip(m: Match, history: bool) -> None:
    if history:
        text = m.to_json()
        assert Match.from_json(text).to_json() == text
    else:
        data = m.to_dict()
        data["log"], data["commands"] = [], []
        text = json.dumps(data, sort_keys=True)
        assert json.dumps(Match.from_json(text).to_dict(), sort_keys=True) == text


def play(
    players: int, seed: int, full: bool, options: dict | None = None, match: SalemMatch | None = None
) -> SalemMatch:
    rng = random.Random(seed)
    m = match or new_match(
        "salem",
        [f"P{i}" for i in range(players)],
        seed=seed,
        options=options if options is not None else options_for(players, seed),
    )
    watcher = Watcher(m)
    watcher.attach()
    check_invariants(m, watcher)
    if full:
        watcher.check_views()
    step = 0
    while not m.over:
        acting = m.to_act()
        assert acting
        seat = acting[rng.randrange(len(acting))]
        legal = m.legal(seat)
        assert legal, f"seat {seat} must act but has no legal command"
        if full and step % 5 == 0:
            for q in range(m.n):
                if q not in acting:
                    assert m.legal(q) == []
        command = legal[rng.randrange(len(legal))]
        watcher.before(seat, command)
        m.apply(seat, command)
        step += 1
        watcher.after()
        check_invariants(m, watcher)
        if full or step % 15 == 0:
            watcher.check_views()
        if step % 25 == 0:
            round_trip(m, history=False)
        assert step < 5000, "the game does not end"
    round_trip(m, history=True)
    replayed = type(m).replay(m.players, m.seed, m.options, m.commands)
    assert replayed.to_json() == m.to_json()
    result = m.result()
    assert len(result["scores"]) == m.n
    assert all(p not in m.state["ghosts"] for p in result["winners"])
    return m


@pytest.mark.slow(seconds=2)
@pytest.mark.parametrize("players,games,full", PLAN, ids=[f"{p}p" for p, _, _ in PLAN])
def test_random_playouts_keep_every_invariant(players, games, full):
    # docs/rules/salem.md §1–§5: every invariant of the module docstring at every step
    for g in range(games):
        play(players, seed=1000 * players + g, full=g < full)


def test_the_leak_checks_catch_another_seats_row_in_a_view(monkeypatch):
    # control run: a view that shows every row must be caught (§4 "own row: owner")
    original = SalemMatch._view

    def leaky(self, seat):
        view = original(self, seat)
        view["spy"] = [list(r) for r in self.state["rows"]]
        return view

    monkeypatch.setattr(SalemMatch, "_view", leaky)
    with pytest.raises(Leak, match="unrevealed Tryal"):
        play(5, seed=3, full=True, options={})


def test_the_leak_checks_catch_a_vote_shown_to_everyone(monkeypatch):
    # control run: a witch vote emitted publicly must be caught (§4 "witch votes: witches only")
    original = SalemMatch.emit

    def loud(self, event, to=None, others=None):
        if event.get("type") in ("dawn_vote", "night_vote"):
            to = None
        original(self, event, to=to, others=others)

    monkeypatch.setattr(SalemMatch, "emit", loud)
    with pytest.raises(Leak, match="witch vote"):
        play(5, seed=3, full=False, options={})


def test_the_leak_checks_catch_a_hand_card_in_a_public_event(monkeypatch):
    # control run: a draw shown to everyone must be caught (§4 "hand contents: owner")
    original = SalemMatch.emit

    def loud(self, event, to=None, others=None):
        if event.get("type") == "draw":
            to = None
        original(self, event, to=to, others=others)

    monkeypatch.setattr(SalemMatch, "emit", loud)
    with pytest.raises(Leak, match="another seat's hand"):
        play(5, seed=3, full=False, options={})
