"""Seeded random playouts of The Hammer of the Witches (docs/rules/hammer.md §1–§12).

300 full games across 3, 4 and 5 players. At every step of every game:
* ``to_act`` is non-empty until the end and only those seats have legal commands;
* the chosen command (one of ``legal()``) is accepted, and so are other listed
  commands applied to a cheap copy of the match: all of them (up to 12 sampled) in the
  "full" games and whenever there are at most three, else one at every third step;
* all 78 defamation cards are in exactly one place;
* every living villager's heat lies within [its pyre's start, 18];
* the events of the step as every other seat sees them name no card in another
  seat's hand, and no seat but the sealer sees who sealed a bribe that opened;
* commands carry sealed bribes (§8.2) whenever ``may_seal`` says so, one time in four.
The full views of every seat are checked for leaks at every step of the "full" games
and every 20th step (and the last) of the others; ``from_json(to_json())`` of the state
(without the growing history) at every step of the full games and every 40th step of
the others, with the whole history every 20th full step and at every game's end; every game ends with a byte-identical replay of seed + commands.

Why events rather than the whole log each step: a card played in public long ago may
be reshuffled and drawn again, so its id rightly stays in old log entries; what must
never happen is that an event *at the time it is emitted* names a card in another
hand, which checking each step's events at that step covers exactly.
"""

from __future__ import annotations

import json
import marshal
import random
import re

import pytest

from game.engine import Match, new_match
from game.engine.rng import MatchRng
from game.rules.hammer import HammerMatch, tables
from tests.rules.hammer_kit import all_cards_once

# (players, games, of which "full": checked in depth at every step)
PLAN = [(3, 200, 4), (4, 65, 2), (5, 35, 1)]
WHO_KEYS = ("seat", "by", "player", "caller", "yours")
CARD_ID = re.compile(r'"([a-z_]+-[0-9]+)"')


def _clone(m: HammerMatch) -> HammerMatch:
    """A copy good enough to try a command on: state and generator, no log."""
    c = HammerMatch.__new__(HammerMatch)
    c.players, c.seed, c.options = m.players, m.seed, m.options
    c.rng = MatchRng(0)
    c.rng.setstate(m.rng.getstate())
    c.state = marshal.loads(marshal.dumps(m.state))
    c.state_id, c.commands, c._log = m.state_id, [], []
    c._loaded()
    return c


def _choose(rng: random.Random, legal: list[dict], eager: bool) -> dict:
    """Uniform, or (``eager``) a policy that calls inquisitions and passes more often,
    so games of both short and long phases are explored."""
    if eager:
        calls = [c for c in legal if c["type"] == "call_inquisition"]
        if calls and rng.random() < 0.6:
            return calls[0]
        quiet = [c for c in legal if c["type"] in ("pass", "end_turn")]
        if quiet and len(quiet) < len(legal) and rng.random() < 0.5:
            return quiet[0]
    return legal[rng.randrange(len(legal))]


def _with_bribes(rng: random.Random, m: HammerMatch, seat: int, command: dict) -> dict:
    """Sometimes attach sealed bribes (§8.2), as a player would, when the view allows it."""
    view = m.view(seat)
    if not view["may_seal"] or rng.random() < 0.75 or command["type"] == "place_pyres":
        return command
    used = {command.get("card"), *command.get("discard", ())}
    mine = [c for c in view["players"][seat]["hand"] if c.startswith("bribe-") and c not in used]
    alive = [v["id"] for v in view["villagers"] if v["status"] == "alive"]
    if not mine:
        return command
    chosen = rng.sample(mine, rng.randint(1, min(2, len(mine))))
    return dict(command, bribes=[{"card": c, "target": rng.choice(alive), "sign": rng.choice((1, -1))} for c in chosen])


def _hand_ids(m: HammerMatch, but: int | None = None) -> set[str]:
    return {c for q, hand in enumerate(m.state["hands"]) if q != but for c in hand}


def _assert_no_leak(text: str, ids: set[str], where: str) -> None:
    shown = set(CARD_ID.findall(text)) & ids
    assert not shown, f"{where} shows {sorted(shown)}, in another seat's hand"


def _step_entries(m: HammerMatch) -> list[dict]:
    step = []
    for entry in reversed(m._log):
        if entry["sid"] != m.state_id:
            break
        step.append(entry)
    return step


def _discarded_then_reshuffled(step: list[dict]) -> set[str]:
    if not any(e["event"]["type"] == "reshuffle" for e in step):
        return set()
    return {c for e in step if e["event"]["type"] == "discard" for c in e["event"]["cards"]}


def _check_step_events(m: HammerMatch) -> None:
    """Each event of the last command, in every version someone sees.

    The one way a card named in public may sit in a hand after the same command: it was
    discarded face up in phase 4 and the reshuffle before the draws (R11) took it back
    into the pile, from which someone drew it unseen."""
    step = _step_entries(m)
    reshuffled = _discarded_then_reshuffled(step)
    everyone = _hand_ids(m) - reshuffled
    for entry in step:
        if "to" not in entry:
            _assert_no_leak(json.dumps(entry["event"]), everyone, "a public event")
            continue
        for seat in entry["to"]:
            _assert_no_leak(json.dumps(entry["event"]), _hand_ids(m, seat) - reshuffled, f"an event for seat {seat}")
        if entry["others"] is not None:
            _assert_no_leak(json.dumps(entry["others"]), everyone, "an event for the other seats")


def _check_bribes_anonymous(m: HammerMatch, sealers: dict[str, int]) -> None:
    """Every bribe that opened in the last step names no seat, except in its sealer's own copy."""
    for entry in reversed(m._log):
        if entry["sid"] != m.state_id:
            break
        if entry["event"]["type"] != "bribe":
            continue
        assert entry.get("to") == [sealers[entry["event"]["card"]]], entry
        public = entry["others"]
        assert not set(WHO_KEYS) & set(public), public
        for q in [None, *range(m.n)]:
            if q not in entry["to"]:
                assert m._visible(entry, q) == public


def _check_views(m: HammerMatch) -> None:
    reshuffled = _discarded_then_reshuffled(_step_entries(m))  # named by `recent` (R11)
    for q in [None, *range(m.n)]:
        view = m.view(q)
        if m.over:  # the end shows every hand to everyone: the rest of the view still hides them
            assert view["revealed"]["players"] == [{"seat": p, "hand": m.state["hands"][p]} for p in range(m.n)]
            assert view["ending"] == m.view(None)["ending"] and view["revealed"] == m.view(None)["revealed"]
            view = {k: v for k, v in view.items() if k not in ("revealed", "cards")}
        _assert_no_leak(json.dumps(view), _hand_ids(m, q) - reshuffled, f"view({q})")
        for p in view["players"]:
            assert (p["hand"] is not None) == (p["seat"] == q)
            # §8.2, R24: hand sizes and sealed bribes are their owner's alone
            assert (p["hand_count"] is not None) == (p["seat"] == q)
            assert (p["sealed"] is not None) == (p["seat"] == q)
        w = view["window"]
        if w is not None and w["card"] is not None and w["card"].startswith("bribe-"):
            assert w["by"] is None


def _check_round_trip(m: HammerMatch, history: bool) -> None:
    if history:
        text = m.to_json()
        assert Match.from_json(text).to_json() == text
    else:  # the state, generator and counters, without the (growing) log and command list
        data = m.to_dict()
        data["log"], data["commands"] = [], []
        text = json.dumps(data, sort_keys=True)
        again = Match.from_json(text).to_dict()
        assert json.dumps(again, sort_keys=True) == text


def _check_heat(m: HammerMatch) -> None:
    starts = tables().pyre_start
    if not m.state["revealed"]:
        return
    for vid, v in m.state["villagers"].items():
        if v["status"] == "alive":
            assert starts[v["pyre"]] <= v["heat"] <= 18, (vid, v)


def play(players: int, seed: int, full: bool) -> HammerMatch:
    rng = random.Random(seed)
    eager = seed % 6 != 0  # one game in six is played uniformly at random
    m = new_match("hammer", [f"P{i}" for i in range(players)], seed=seed)
    step = 0
    sealers: dict[str, int] = {}
    while not m.over:
        to_act = m.to_act()
        assert to_act
        seat = to_act[0] if len(to_act) == 1 else to_act[rng.randrange(len(to_act))]
        legal = m.legal(seat)
        assert legal, f"seat {seat} must act but has no legal command"
        if full:
            for q in range(players):
                if q not in to_act:
                    assert m.legal(q) == []
        # other listed commands must be accepted too (tried on a copy)
        if full or len(legal) <= 3:
            others = legal if len(legal) <= 12 else rng.sample(legal, 12)
        else:
            others = [legal[rng.randrange(len(legal))]] if step % 3 == 0 else []
        for other in others:
            _clone(m).apply(seat, other)
        command = _with_bribes(rng, m, seat, _choose(rng, legal, eager))
        for b in command.get("bribes", ()):
            sealers[b["card"]] = seat
        m.apply(seat, command)
        step += 1
        assert all_cards_once(m)
        _check_heat(m)
        _check_step_events(m)
        _check_bribes_anonymous(m, sealers)
        if full or step % 20 == 0:
            _check_views(m)
        if full:
            _check_round_trip(m, history=step % 20 == 0)
        elif step % 40 == 0:
            _check_round_trip(m, history=False)
        assert step < 20_000, "the game does not end"
    _check_views(m)
    _check_round_trip(m, history=True)
    replayed = type(m).replay(m.players, m.seed, m.options, m.commands)
    assert replayed.to_json() == m.to_json()
    result = m.result()
    assert result["winners"] and len(result["scores"]) == players
    return m


@pytest.mark.slow(seconds=20)
@pytest.mark.parametrize("players,games,full", PLAN, ids=[f"{p}p" for p, _, _ in PLAN])
def test_random_playouts_keep_every_invariant(players, games, full):
    # docs/rules/hammer.md §1–§12: every rule holds over whole games
    for g in range(games):
        play(players, seed=1000 * players + g, full=g < full)
