"""``legal(seat)`` is exactly what ``apply`` accepts (DESIGN D2), for every game.

Exact: every command ``legal()`` lists applies — for every seat that may send something
(the seats to act, and a game's interjections), at positions all through the recorded
games; long lists are sampled a few per command type. Free text (listed as "") is
filled in. The lists hold no command twice; a seat to act always has one.

Complete: nothing else applies. Near misses of the listed commands — a field dropped,
set to null, given another listed command's value, a field another command of the seat
has added, the type changed, an unknown field added, a command listed for another seat
— are tried on a copy; whatever is accepted must be listed (modulo the forms a game
documents in ``tests/contract/hooks.py`` EXTRAS).
"""

from __future__ import annotations

import json
import random

import pytest

from game.engine import IllegalCommand
from tests.contract import hooks
from tests.contract.kit import clone, filled, listed, positions, seats_with_commands

PER_TYPE = 2  # listed commands tried per command type, seat and position


def _sample(rng: random.Random, legal: list[dict]) -> list[dict]:
    by_type: dict[str, list[dict]] = {}
    for command in legal:
        by_type.setdefault(command["type"], []).append(command)
    return [c for group in by_type.values() for c in (group if len(group) <= PER_TYPE else rng.sample(group, PER_TYPE))]


def test_every_listed_command_applies(game_id):
    rng = random.Random(f"exact-{game_id}")
    tried = seen = 0
    kinds: set[str] = set()
    for m in positions(game_id, every=3):
        seen += 1
        assert m.legal(None) == []
        for seat in m.to_act():
            assert m.legal(seat), f"{game_id}: seat {seat} must act but has no legal command"
        if game_id not in hooks.INTERJECTIONS:
            for seat in set(range(m.n)) - set(m.to_act()):
                assert m.legal(seat) == [], f"{game_id}: seat {seat} is not to act but has legal commands"
        for seat in seats_with_commands(m):
            legal = m.legal(seat)
            texts = [json.dumps(c, sort_keys=True) for c in legal]
            assert len(set(texts)) == len(texts), f"{game_id}: a command listed twice for seat {seat}"
            for command in _sample(rng, legal):
                clone(m).apply(seat, filled(command))
                kinds.add(command["type"])
                tried += 1
    print(
        f"\nCONTRACT legal-exact {game_id}: {tried} listed commands applied at {seen} positions, "
        f"{len(kinds)} command types"
    )
    assert tried > seen
    missing = hooks.EXPECTED_TYPES.get(game_id, set()) - kinds
    assert not missing, f"{game_id}: the recorded games never reach {sorted(missing)}"


def near_misses(rng: random.Random, legal: list[dict], others: list[dict]) -> list[dict]:
    """Commands close to the listed ones (see the module docstring)."""
    base = filled(rng.choice(legal))
    other = filled(rng.choice(legal))
    out = [dict(base, extra=1)]
    for key in base:
        if key == "type":
            continue
        dropped = dict(base)
        del dropped[key]
        out += [dropped, dict(base, **{key: None})]
        if key in other and other[key] != base[key]:
            out.append(dict(base, **{key: other[key]}))
    if other["type"] != base["type"]:
        out.append(dict(base, type=other["type"]))
        out.append(dict(other, **{k: v for k, v in base.items() if k != "type"}))
    words = sorted({v for c in legal for k, v in c.items() if k != "type" and isinstance(v, (str, int))}, key=repr)
    for key in sorted({k for c in legal for k in c} - set(base)):  # a field another command has
        out.append(dict(base, **{key: None}))
        if words:
            out.append(dict(base, **{key: rng.choice(words)}))
    if others:
        out.append(filled(rng.choice(others)))  # listed for another seat
    return out


@pytest.mark.slow(seconds=6)
def test_nothing_but_the_listed_commands_applies(game_id):
    rng = random.Random(f"complete-{game_id}")
    accepted = refused = seen = 0
    for m in positions(game_id, every=2):
        seen += 1
        seats = seats_with_commands(m)
        lists = {s: m.legal(s) for s in range(m.n)}
        for seat in seats:
            others = [c for s in seats if s != seat for c in lists[s]]
            for command in near_misses(rng, lists[seat], others):
                try:
                    clone(m).apply(seat, command)
                except IllegalCommand:
                    refused += 1
                    continue
                accepted += 1
                assert listed(m, seat, command, lists[seat]), (
                    f"{game_id}: seat {seat} may send {command} at state {m.state_id}, but legal() omits it"
                )
        # a seat with nothing to send is refused whatever it sends
        idle = [s for s in range(m.n) if not lists[s]]
        if idle and seats:
            command = filled(rng.choice(lists[rng.choice(seats)]))
            seat = rng.choice(idle)
            try:
                clone(m).apply(seat, command)
            except IllegalCommand:
                refused += 1
            else:
                raise AssertionError(f"{game_id}: seat {seat} has no legal command but {command} applied")
    print(
        f"\nCONTRACT legal-complete {game_id}: {refused} near misses refused, {accepted} accepted "
        f"(all listed) at {seen} positions"
    )
    assert refused > seen
