"""Seeded random matches of Testimony, checked at every step against the rules of
docs/rules/testimony.md.

300 matches of three games over 3–7 players. At every step of every match:
* exactly one seat acts and only it has legal commands; the chosen one applies;
* the 21 tokens are all somewhere: in hands, in front of players, discarded or set
  aside (§2, §3.3), and the extras set aside are 21 mod n;
* the events of the step, as every seat and a spectator see them, pass the §6 check of
  :class:`tests.rules.testimony_kit.Witness`, which knows from the commands alone what
  each seat may know: no token side outside its placer and the seats that looked at its
  target *after* it was placed, no Character outside its holder and the seats it was
  shown to (the set-aside card to no one), no share content outside the pair — until
  the end of the game, when sides and Characters are public (share content never is).
  A public event is checked as the spectator sees it, and a private one as each seat
  it is for sees it, plus its redacted form as the spectator sees it: the spectator
  knows least, so what passes for it passes for every seat that gets that form;
* whole views (``recent`` included, ``history`` checked to hold finished games only):
  every seat and the spectator at every step in one match of every ``DEEP_EVERY``, and
  in the others one seat (in rotation) every ``VIEW_EVERY`` steps, and the spectator
  and one seat at each game's end. (Every view at every step of all 300 matches would
  cost about a minute of CPU; the step's events are what changes from step to step.)
At the end: ``from_json(to_json())`` is exact, a replay of seed + commands is
byte-identical, and the totals are the sum of the games' scores.
The state's JSON round trip is also checked every 25 steps.

Control runs plant a leak of each kind and show the check catches it.
"""

from __future__ import annotations

import json
import random

import pytest

from game.engine import Match
from game.rules.testimony import TestimonyMatch
from tests.rules.testimony_kit import Witness, tokens_conserved, view_text

MATCHES = 300
DEEP_EVERY = 50
VIEW_EVERY = 10
ROUND_TRIP_EVERY = 25


def _compact(data) -> str:
    return json.dumps(data, separators=(",", ":"), check_circular=False)


def _play(m: TestimonyMatch, pick: random.Random, deep: bool) -> None:
    n = m.n
    viewers = list(range(n)) + [None]
    witness = Witness(m)

    def check_view(viewer) -> None:
        view = m.view(viewer)
        for past in view["history"]:
            assert past["game_no"] < view["game_no"] or view["stage"] in ("between", "over")
        witness.check(viewer, view_text(view))

    def check_events(since: int) -> None:
        for entry in m._log[since:]:  # exactly what log(seat) returns, entry by entry
            if "to" in entry:
                for seat in entry["to"]:
                    witness.check(seat, _compact(m._visible(entry, seat)))
            witness.check(None, _compact(m._visible(entry, None)))

    check_events(0)
    for viewer in viewers:
        check_view(viewer)
    steps = 0
    while not m.over:
        to_act = m.to_act()
        assert len(to_act) == 1
        seat = to_act[0]
        legal = m.legal(seat)
        assert legal
        assert m.legal((seat + 1) % n) == []
        command = legal[pick.randrange(len(legal))]
        since = len(m._log)
        m.apply(seat, command)
        witness.saw(seat, command)
        steps += 1
        assert tokens_conserved(m)
        check_events(since)
        if deep:
            for viewer in viewers:
                check_view(viewer)
        elif m.state["stage"] in ("between", "over"):  # the reveal, to the spectator and a seat
            check_view(None)
            check_view(steps % n)
        elif steps % VIEW_EVERY == 0:
            check_view(viewers[(steps // VIEW_EVERY) % len(viewers)])
        if steps % ROUND_TRIP_EVERY == 0:
            state = json.loads(json.dumps(m.state))
            assert state == m.state
        assert steps < 2000

    text = m.to_json()
    assert Match.from_json(text).to_json() == text
    assert type(m).replay(m.players, m.seed, m.options, m.commands).to_json() == text
    history = m.state["history"]
    assert len(history) == 3
    scores = m.result()["scores"]
    assert scores == [sum(g["scores"][s] for g in history) for s in range(n)]
    assert m.result()["winners"] == [s for s in range(n) if scores[s] == max(scores)]


@pytest.mark.slow(seconds=25)
def test_three_hundred_random_matches_keep_t6_and_the_token_supply():
    # docs/rules/testimony.md §2, §3, §5, §6: 300 seeded matches over 3-7 players
    for game in range(MATCHES):
        players = 3 + game % 5
        m = TestimonyMatch([f"P{i}" for i in range(players)], seed=game)
        _play(m, random.Random(10_000 + game), deep=game % DEEP_EVERY == 0)


# ------------------------------------------------------------------- planted leaks --
class LooksAtLaterTokens(TestimonyMatch):
    """Bends §6.2: an investigator also learns tokens placed after the look."""

    def known_tokens(self, seat):
        known = super().known_tokens(seat)
        looked = {t for rec in self.state["investigations"] if rec["seat"] == seat for t in rec["targets"]}
        return known | {t["token"] for t in self.state["tokens"] if t["target"] in looked}


class ShowsShareToAll(TestimonyMatch):
    """Bends §6.2: every seat's notebook lists every share."""

    def _notebook(self, seat):
        book = []
        for s in range(self.n):
            book.extend(e for e in super()._notebook(s) if e["kind"] == "share")
        return book + super()._notebook(seat)


class DealsFaceUp(TestimonyMatch):
    """Bends §6.2: the deal event tells everybody each Character."""

    def emit(self, event, to=None, others=None):
        if event.get("type") == "deal":
            to, others = None, None
        super().emit(event, to, others)


@pytest.mark.parametrize(
    "leaky,message",
    [(LooksAtLaterTokens, "sees the side"), (ShowsShareToAll, "sees share"), (DealsFaceUp, "sees the Character")],
)
def test_the_leak_check_catches_a_planted_leak(leaky, message):
    # control run: the same check as above fails on an engine that leaks
    caught = 0
    for game in range(20):
        m = leaky([f"P{i}" for i in range(3 + game % 5)], seed=game)
        try:
            _play(m, random.Random(10_000 + game), deep=False)
        except AssertionError as exc:
            assert message in str(exc)
            caught += 1
    assert caught >= 15
