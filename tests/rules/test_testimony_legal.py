"""The engine contract both ways for Testimony: every command ``legal()`` lists applies (see also
tests/contract/test_legal.py), and every command it does not list is refused —
over a candidate space of every command type of docs/rules/testimony.md §7 with every seat value from -1 to n,
every side, card and answer, at random positions of random matches."""

from __future__ import annotations

import itertools
import json
import random

from game.engine import IllegalCommand
from tests.rules.testimony_kit import fresh


def _candidates(n: int) -> list[dict]:
    seats = list(range(-1, n + 1))
    out = [{"type": "invite", "seat": s} for s in seats]
    out += [{"type": "answer_invite", "accept": a} for a in (True, False, 1)]
    out += [{"type": "show", "card": c} for c in ("character", "belief_heathen", "belief_puritan", "belief")]
    out += [{"type": "investigate", "seat": s} for s in seats]
    out += [{"type": "investigate", "seat": a, "seat2": b} for a, b in itertools.product(seats, seats)]
    out += [{"type": "testify", "seat": s, "side": side} for s in seats for side in ("accuse", "defend", "up")]
    out += [{"type": "discard_token"}, {"type": "next_game"}]
    return out


def test_apply_accepts_exactly_what_legal_lists():
    # the engine contract: legal() lists complete commands that apply() accepts, and only those
    positions = 0
    for game in range(15):
        players = 3 + game % 5
        m = fresh(players, 100 + game)
        pick = random.Random(game)
        candidates = _candidates(players)
        while not m.over:
            if pick.random() < 0.04:
                positions += 1
                actor = m.to_act()[0]
                for seat in range(players):
                    # compared as JSON: in Python 1 == True, in a command it is not
                    listed = {json.dumps(c, sort_keys=True) for c in m.legal(seat)}
                    # every candidate for the seat to act, a sample for the others
                    tried = candidates if seat == actor else pick.sample(candidates, 8)
                    for command in tried:
                        if json.dumps(command, sort_keys=True) in listed:
                            m.copy().apply(seat, dict(command))
                        else:
                            try:
                                m.apply(seat, dict(command))
                            except IllegalCommand:
                                continue
                            raise AssertionError(f"seat {seat} may {command} though legal() omits it")
            seat = m.to_act()[0]
            m.apply(seat, pick.choice(m.legal(seat)))
    assert positions > 50
