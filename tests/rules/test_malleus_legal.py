"""DESIGN D2 for Malleus: ``legal(seat)`` lists complete commands that ``apply`` accepts
(free text listed as "" and filled here with neutral text) — for every seat, the table's
awaited seats and the interjecting ones alike, at every step of the beginning phase and
the first round of three games (3, 4 and 5 players); long lists are sampled, a few
of every command type."""
from __future__ import annotations

import marshal
import random

import pytest

from game.bots.malleus import MalleusBot
from game.engine import new_match
from tests.rules.malleus_playout import NAMES

PER_TYPE = 3  # listed commands tried per command type, seat and step


def _fill(value):
    if value == "":
        return "Neutral words."
    if isinstance(value, list):
        return [_fill(v) for v in value]
    if isinstance(value, dict):
        return {k: _fill(v) for k, v in value.items()}
    return value


def _applies(m, seat, command) -> None:
    """Apply on the match itself, then put everything back (a cheap exact copy)."""
    saved = (marshal.dumps(m.state), m.rng.getstate(), m.state_id, len(m.commands), len(m._log))
    m.apply(seat, command)
    state, rng, sid, ncmd, nlog = saved
    m.state = marshal.loads(state)
    m.rng.setstate(rng)
    m.state_id = sid
    del m.commands[ncmd:]
    del m._log[nlog:]


@pytest.mark.parametrize("players,seed", [(3, 11), (4, 12), (5, 13)])
def test_every_listed_command_applies_for_every_seat(players, seed):
    m = new_match("malleus", NAMES[:players + 1], seed=seed)
    rng = random.Random(seed)
    bots = {s: MalleusBot(seed + s) for s in range(m.n)}
    kinds: set[str] = set()
    steps = tried = 0
    while not m.over and m.state["round"] < 2:
        before = m.to_json() if steps % 50 == 0 else None
        for seat in range(m.n):
            listed = m.legal(seat)
            if seat in m.to_act():
                assert listed, f"seat {seat} must act but has nothing legal"
            by_type: dict[str, list] = {}
            for command in listed:
                by_type.setdefault(command["type"], []).append(command)
            sample = [c for group in by_type.values()
                      for c in (group if len(group) <= PER_TYPE else rng.sample(group, PER_TYPE))]
            for command in sample:
                _applies(m, seat, _fill(command))
                kinds.add(command["type"])
                tried += 1
        if before is not None:
            assert m.to_json() == before
        seat = rng.choice(m.to_act())
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
        steps += 1
    assert tried > steps
    assert {"add_villager", "pass", "choose_villager", "submit_ledger", "choose_companion", "declare_conflict",
            "frame_scene", "cite_fact", "secret_action", "roll", "end_turn", "discard"} <= kinds
