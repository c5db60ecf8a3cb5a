"""The engine contract held by Malleus Maleficarum (docs/rules/malleus.md §5.6, §7.1).

Two promises of every game, checked here over the story game's own positions:

* only ``IllegalCommand`` leaves ``apply``, whatever JSON a command holds — a ``type``
  that is a list or an object, any field (nested ones too) swapped for any JSON kind;
* a log is append-only: an event, once in ``log(seat)``, never changes for that seat, so
  a LAN client that stayed connected and one that rejoined hold the same log.
"""

from __future__ import annotations

import json
import marshal
import random

import pytest

from game.bots.malleus import MalleusBot
from game.engine import IllegalCommand, Match, new_match
from game.rules.malleus.village import set_standing
from tests.rules.malleus_kit import NAMES, give, quiet_phase, standing, to_round_end, village_s

JSON_KINDS = [
    None,
    True,
    False,
    0,
    -1,
    7,
    2.5,
    "",
    "x",
    "v1",
    [],
    [1],
    ["v1"],
    {},
    {"a": 1},
    {"type": "pass"},
    [[]],
    [{}],
]
SEATS = list(range(4)) + [None]


def _logs(m: Match) -> dict:
    return {seat: json.dumps(m.log(seat), sort_keys=True) for seat in SEATS[: m.n] + [None]}


def _play(seed: int, players: int, check) -> Match:
    """A random bot playout; ``check(m)`` after every command."""
    m = new_match("malleus", NAMES[:players], seed=seed)
    bots = {s: MalleusBot(seed * 100 + s) for s in range(players)}
    while not m.over and m.state_id < 2500:
        seat = min(m.to_act())
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
        check(m)
    return m


# ------------------------------------------------------------------- append-only --
@pytest.mark.parametrize("seed,players", [(1, 4), (4, 4), (0, 6)])
def test_every_log_is_append_only_through_a_random_story(seed, players):
    # docs/rules/malleus.md §5.6: after every command, every seat's and the spectator's
    # previous log is an exact prefix of the new one
    seats = list(range(players)) + [None]
    before = dict.fromkeys(seats, b"")  # each log's items, serialized (marshal 2: no back-references)
    checked = [0]

    def check(m: Match) -> None:
        for s in seats:
            now = marshal.dumps(m.log(s), 2)[5:]  # without the list's header (its length)
            assert now.startswith(before[s]), f"seat {s}'s log changed after command {m.state_id}"
            before[s] = now
        checked[0] += 1

    m = _play(seed, players, check)
    assert m.over and checked[0] == m.state_id


def test_a_satiation_card_event_keeps_the_baseline_it_was_sent_with():
    # docs/rules/malleus.md §5.6, §4 (Temporary Sadistic Satiation: baseline = the new
    # target's standing at adoption); the next round's baselines change the ledger, not the event
    m = village_s(turn=1)
    card = give(m, 1, "satiation")
    m.apply(
        1,
        {
            "type": "play_card",
            "card": card,
            "secret": True,
            "new_vendetta": {"target": "v6", "reason": "He laughed at my father's grave."},
        },
    )
    sent = [e for e in m.log(1) if e["type"] == "card"][-1]
    assert sent["new_vendetta"]["baseline"] == 10
    logs = _logs(m)
    set_standing(m, "v6", 7, "test")
    to_round_end(m)
    quiet_phase(m)
    assert m.state["round"] == 2 and m.state["ledgers"][1]["vendetta"]["baseline"] == 7
    for seat, text in logs.items():
        assert _logs(m)[seat].startswith(text[:-1]), f"seat {seat}'s log changed"
    assert [e for e in m.log(1) if e["type"] == "card"][-1]["new_vendetta"]["baseline"] == 10


def test_a_replacement_vendetta_in_a_secret_action_keeps_its_baseline():
    # docs/rules/malleus.md §5.6, §3.10, R19 (an empty vendetta is replaced in the secret
    # action phase; its baseline starts at adoption)
    m = village_s(turn=1)
    m.state["ledgers"][1]["vendetta"] = None
    to_round_end(m)
    m.apply(
        1,
        {
            "type": "secret_action",
            "text": "No Secret Action",
            "new_vendetta": {"target": "v6", "reason": "He took our field."},
        },
    )
    sent = [e for e in m.log(1) if e["type"] == "secret_action"][-1]
    assert sent["new_vendetta"]["baseline"] == standing(m, "v6") == 10
    logs = _logs(m)
    set_standing(m, "v6", 13, "test")
    quiet_phase(m, skip=(1,))
    assert m.state["ledgers"][1]["vendetta"]["baseline"] == 13
    for seat, text in logs.items():
        assert _logs(m)[seat].startswith(text[:-1]), f"seat {seat}'s log changed"


# --------------------------------------------------------- only IllegalCommand ----
def _paths(value, path=()):
    """Every place in a command's fields that holds a value (nested ones too)."""
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, path + (i,))


def _replaced(command: dict, path: tuple, junk) -> dict:
    out = json.loads(json.dumps(command))
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = junk
    return out


def _positions(seed: int, players: int) -> list[str]:
    """Saved positions of a random story: the first of each phase and step."""
    saved: list[str] = []
    seen: set = set()

    def keep(m: Match) -> None:
        where = (m.state["phase"], m.state["step"], m.state["collect"] and m.state["collect"]["resolving"])
        if where not in seen:
            saved.append(m.to_json())
            seen.add(where)

    _play(seed, players, keep)
    return saved


def _only_illegal(m: Match, seat, command) -> bool:
    """Apply ``command``; True when it was accepted (the match changed)."""
    try:
        m.apply(seat, command)
    except IllegalCommand as exc:
        assert exc.code and exc.message
        return False
    return True


def test_a_type_of_any_json_kind_is_refused_with_illegal_command():
    # docs/rules/malleus.md §7.1: a list or an object as the type used to raise TypeError
    for text in _positions(3, 4):
        m = Match.from_json(text)
        for seat in range(m.n):
            for junk in JSON_KINDS:
                if isinstance(junk, str):
                    continue
                with pytest.raises(IllegalCommand):
                    m.apply(seat, {"type": junk})
                with pytest.raises(IllegalCommand):
                    m.apply(seat, {"type": junk, "fact": "w1", "side": "for"})


def test_every_field_swapped_for_any_json_kind_gives_illegal_command_or_a_move():
    # docs/rules/malleus.md §7.1: nested fields (relations, ops, card plays, notes) too
    rng = random.Random(11)
    tried = 0
    for text in _positions(5, 4):
        m = Match.from_json(text)
        for seat in range(m.n):
            legal = m.legal(seat)
            for command in rng.sample(legal, min(8, len(legal))):
                for path in _paths(command):
                    for junk in rng.sample(JSON_KINDS, 4):
                        tried += 1
                        if _only_illegal(m, seat, _replaced(command, path, junk)):
                            m = Match.from_json(text)
    assert tried > 1000
