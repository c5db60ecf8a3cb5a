"""Views as differences (game/net/patch.py, docs/PROTOCOL.md §4 "update, version 2"):
the host's patches are RFC 6902 that the jsonpatch library applies, to exactly the new
value, and they cut into pieces that fit a line."""

from __future__ import annotations

import copy
import json
import random

from game.net.patch import apply, as_ops, diff, encoded_size, split_ops


def _random_json(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if depth > 3 or roll < 0.3:
        return rng.choice([None, True, False, 0, 1, 2.5, "a", "b/c", "~x", ""])
    if roll < 0.65:
        return {
            rng.choice(["a", "b", "c/d", "~e", "", "0"]): _random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))
        }
    return [_random_json(rng, depth + 1) for _ in range(rng.randint(0, 5))]


def test_a_patch_turns_the_old_value_into_exactly_the_new_one():
    rng = random.Random(5)
    for _ in range(3000):
        old, new = _random_json(rng), _random_json(rng)
        ops = json.loads(json.dumps(diff(old, new)))  # as it travels
        result = apply(copy.deepcopy(old), ops)
        assert result == new and json.dumps(result, sort_keys=True) == json.dumps(new, sort_keys=True)


def test_true_and_one_are_different_values():
    assert diff(1, True) == [{"op": "replace", "path": "", "value": True}]
    assert diff({"x": [1, 2]}, {"x": [1, 3], "y": False}) == [
        {"op": "replace", "path": "/x/1", "value": 3},
        {"op": "add", "path": "/y", "value": False},
    ]


def test_a_moving_window_is_removes_and_appends():
    old = {"log": [1, 2, 3, 4, 5, 6]}
    new = {"log": [3, 4, 5, 6, 7, 8]}
    ops = diff(old, new)
    assert [op["op"] for op in ops] == ["remove", "remove", "add", "add"]
    assert apply(copy.deepcopy(old), ops) == new


def test_a_whole_view_in_pieces_that_fit_a_line():
    view = {
        "players": [{"seat": i, "hand": [f"card-{i}-{k}" for k in range(60)]} for i in range(12)],
        "deck": list(range(500)),
        "note": "x" * 300,
    }
    pieces = split_ops(as_ops(view), 2000)
    assert len(pieces) > 1 and all(encoded_size(p) <= 2000 for p in pieces)
    rebuilt = {}
    for piece in pieces:
        rebuilt = apply(rebuilt, piece)
    assert rebuilt == view
