"""Saves and replays are exact (DESIGN D2, D5): ``Match.from_json(to_json())`` gives the
same text at any point of a game, the copy plays on exactly like the original (the
generator's state travels too), and the seed plus the command list replays to a
byte-identical ``to_json()``."""

from __future__ import annotations

from game.engine import Match
from tests.contract.kit import recorded, walk


def test_json_round_trips_and_the_copy_plays_on_the_same(game_id):
    trips = 0
    for record in recorded(game_id):
        middle = len(record.commands) // 2
        copy = None
        for i, m in enumerate(walk(record)):
            if i % 20 == 0 or i == len(record.commands):
                text = m.to_json()
                assert Match.from_json(text).to_json() == text, f"{game_id}: round trip differs after {i} commands"
                trips += 1
            if i == middle:
                copy = Match.from_json(m.to_json())
            elif copy is not None:
                seat, command = record.commands[i - 1]
                copy.apply(seat, command)
        assert copy is not None and copy.to_json() == m.to_json(), f"{game_id}: a reloaded match played on differently"
    assert trips > 0


def test_seed_and_commands_replay_to_the_same_bytes(game_id):
    for record in recorded(game_id):
        m = record.fresh()
        for seat, command in record.commands:
            m.apply(seat, command)
        again = type(m).replay(m.players, m.seed, m.options, m.commands)
        assert again.to_json() == m.to_json(), f"{game_id}: replay of {record.players} players, seed {record.seed}"
