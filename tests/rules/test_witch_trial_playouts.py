"""Seeded random playouts of Witch Trial checking the invariants at every step: every
legal command applies, all 90 cards are somewhere exactly once, money is conserved,
the Jury Value stays in 1..12, the JSON round trip is exact, replay is byte-identical,
and no view or log shows a seat the id of a card another seat holds secretly
(docs/rules/witch_trial.md §6) — until the end, when every view shows every hand and
the deck alike (§6.3).

"Secretly" is tracked from outside the engine: a card that enters a hand from the
deck is secret until it leaves that hand. A card taken from the public lineup, the
discard (Short Memory) or the table (an Objection, played face up and handed over)
is known to everyone: its id appearing in others' views and logs is no leak.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from game.engine import Match, new_match
from game.rules.witch_trial import catalog
from tests.rules.witch_trial_kit import all_card_places

GAMES = 200  # seeds 0..199 (the suite stays under ten minutes)
FULL_COPY_EVERY = 25
CARD_ID = re.compile(r'"([a-z_]+-\d+)"')


def _ids_in(data) -> set[str]:
    return set(CARD_ID.findall(json.dumps(data)))


def _strings_in(data, out: set[str]) -> set[str]:
    """Every string (key or value) anywhere in ``data``: cheaper than printing it."""
    if isinstance(data, str):
        out.add(data)
    elif isinstance(data, dict):
        for key, value in data.items():
            out.add(key)
            _strings_in(value, out)
    elif isinstance(data, (list, tuple)):
        for value in data:
            _strings_in(value, out)
    return out


def _others(secret: list[set[str]], seats: list[int], viewer: int | None) -> set[str]:
    return set().union(*(secret[s] for s in seats if s != viewer))


def _play_one(game: int) -> None:
    players = 3 + game % 5
    options = {"double_pass": game % 3 == 0}
    m = new_match("witch_trial", [f"P{i}" for i in range(players)], seed=game, options=options)
    pick = random.Random(1000 + game)
    every_card = sorted(catalog().card_ids)
    assert len(every_card) == 90
    seats = list(range(players))
    viewers = seats + [None]
    secret: list[set[str]] = [set(h) for h in m.state["hands"]]  # the deal is private
    # the log is checked once at the end, step by step: every event here is shown to
    # every seat (a private one in a redacted form), so each step adds the same number
    # of events to every seat's log, namely as many as apply() returns
    bounds = [len(m.log(None))]
    secret_after: list[list[set[str]]] = [[_others(secret, seats, v) for v in viewers]]
    steps = 0
    while not m.over:
        to_act = m.to_act()
        assert len(to_act) == 1
        seat = to_act[0]
        legal = m.legal(seat)
        assert legal, "a seat to act must have a legal command"
        for other in seats:
            if other != seat:
                assert m.legal(other) == []
        command = legal[pick.randrange(len(legal))]
        # every listed command applies: try another listed one on a copy whose state
        # went through JSON (the event log, the command list and the generator state are
        # left out here: they are large and only grow, so copying them every step is
        # slow); the full to_json round trip is checked every FULL_COPY_EVERY steps
        # and at the end.
        data = m.to_dict()
        data["log"], data["commands"] = [], []
        copied = json.loads(json.dumps(data["state"]))
        assert copied == data["state"]
        data["state"] = copied
        twin = Match.from_dict(data)
        twin.apply(seat, dict(legal[pick.randrange(len(legal))]))
        if steps % FULL_COPY_EVERY == 0:
            text = m.to_json()
            assert Match.from_json(text).to_json() == text

        public_before = set(m.view(None)["cards"])
        hands_before = [set(h) for h in m.state["hands"]]
        held_before = set().union(*hands_before)
        discard_before = set(m.state["discard"])
        reshuffled_before = m.state["reshuffled"]
        bounds.append(bounds[-1] + len(m.apply(seat, dict(command))))
        steps += 1
        st = m.state

        # every card exactly once; money conserved; jury in bounds
        assert sorted(all_card_places(m)) == every_card
        assert sum(st["money"]) + st["court_fees"] == 50 * players + st["bank_paid"]
        assert all(v >= 0 for v in st["money"])
        if st["trial"] is not None:
            assert 1 <= st["trial"]["jury_value"] <= 12

        # who holds what secretly now: a card drawn from the deck (a reshuffled discard
        # included) is secret; one taken from the table in view of all, or handed
        # over from another hand as a played Objection, is not
        hidden_pool = discard_before if st["reshuffled"] and not reshuffled_before else set()
        for s in seats:
            hand = set(st["hands"][s])
            arrived = hand - hands_before[s]
            secret[s] = (secret[s] & hand) | {
                c for c in arrived if c in hidden_pool or not (c in public_before or c in held_before)
            }
        # No view shows anyone a card another seat holds secretly. Every view is
        # checked through its "cards" map, which by contract lists every card id in
        # the view; one viewer per step (in rotation) is also searched in full, so the
        # contract itself is tested.
        full = viewers[steps % len(viewers)]
        hidden_from = [_others(secret, seats, v) for v in viewers]
        secret_after.append(hidden_from)
        for viewer, others_secret in zip(viewers, hidden_from):
            view = m.view(viewer)
            listed = view["cards"].keys()
            if viewer == full or m.over:
                assert _ids_in(view) == set(listed)
            if m.over:  # the end reveals every hand and the deck to everyone (§6.3)
                assert view["revealed"] == {"hands": st["hands"], "deck": st["deck"]}
                continue
            assert "revealed" not in view and "ending" not in view
            assert not (listed & others_secret), f"view of {viewer} leaks"
            for s in seats:
                if s != viewer:
                    assert view["players"][s]["hand"] is None
        assert steps < 5000, "the game must end"

    # no log shows anyone, at any step, a card another seat then held secretly
    for v_index, viewer in enumerate(viewers):
        log = m.log(viewer)
        assert len(log) == bounds[-1]
        for step in range(len(bounds)):
            start = bounds[step - 1] if step else 0
            shown = _strings_in(log[start : bounds[step]], set())
            assert not (shown & secret_after[step][v_index]), f"log of {viewer} leaks at step {step}"

    assert m.to_act() == [] and m.view(None)["stage"] == "over"
    result = m.result()
    assert result["scores"] == m.state["money"]
    assert result["winners"] == [s for s in seats if st["money"][s] == max(st["money"])]
    text = m.to_json()
    assert Match.from_json(text).to_json() == text
    again = type(m).replay(m.players, m.seed, m.options, m.commands)
    assert again.to_json() == text


@pytest.mark.slow(seconds=33)
def test_seeded_random_games_keep_every_invariant():
    # docs/rules/witch_trial.md §1–§7: 200 seeded games, 3 to 7 players
    for game in range(GAMES):
        _play_one(game)
