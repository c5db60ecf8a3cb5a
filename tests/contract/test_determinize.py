"""``Match.determinize(seat, rng)``, a bot's only forward model (DESIGN D2), for every game.

Twins (honesty): two matches that give a seat the same view and log but hide different
things (tests/bots/kit.py ``twin``: the cards it never saw relabelled, the generator
reseeded, the game's other hidden parts changed) give identical copies for the same rng.
A control shows the check has teeth: a copy that read the real match would differ.

Consistency: every copy shows the seat exactly its view and log, keeps the game's
invariants (tests/bots/kit.py ``INVARIANTS``), plays on through ``apply`` and
round-trips through JSON; different generators give different worlds.
"""

from __future__ import annotations

import random

from game.engine import GAMES
from game.engine.rng import MatchRng
from tests.bots.kit import INVARIANTS, hidden_differs, playable, twin
from tests.contract.kit import positions


def _sample(game_id: str, count: int, seed: int) -> list:
    """``count`` positions spread over the recorded games (copies: they are kept)."""
    every = [m.copy() for m in positions(game_id, every=7)]
    rng = random.Random(seed)
    return rng.sample(every, min(count, len(every)))


def test_the_game_has_a_forward_model(game_id):
    assert GAMES[game_id].can_determinize(), f"{game_id} has no determinize hook: bots need one (DESIGN D2)"


def test_twins_give_identical_copies(game_id):
    rng = random.Random(f"twins-{game_id}")
    differing = pairs = 0
    for i, m in enumerate(_sample(game_id, 24, 15)):
        seat = rng.randrange(m.n)
        other = twin(m, seat, rng)
        differing += hidden_differs(m, other)
        for k in (i, i + 1000):
            a = m.determinize(seat, random.Random(k))
            b = other.determinize(seat, random.Random(k))
            assert a.to_json() == b.to_json(), (
                f"{game_id} position {i}, seat {seat}: the copy depends on hidden information"
            )
            pairs += 1
    print(f"\nCONTRACT determinize {game_id}: {pairs} twin pairs, {differing} differing in hidden state")
    assert differing >= 8, "the twins must really differ in hidden cards"


def test_a_copy_that_reads_the_real_state_fails_the_twin_check(game_id):
    rng = random.Random(f"control-{game_id}")
    caught = tried = 0
    for m in _sample(game_id, 10, 16):
        seat = rng.randrange(m.n)
        other = twin(m, seat, rng)
        a, b = m.copy(), other.copy()
        a.rng = b.rng = MatchRng(7)
        caught += a.to_json() != b.to_json()
        tried += 1
    assert caught == tried


def test_every_copy_shows_the_seat_its_view_and_log_and_plays_on(game_id):
    rng = random.Random(f"consistent-{game_id}")
    check = INVARIANTS.get(game_id)
    copies = 0
    for i, m in enumerate(_sample(game_id, 16, 17)):
        before = m.to_json()
        for seat in range(m.n):
            world = m.determinize(seat, random.Random(rng.randrange(10**6)))
            assert type(world) is type(m)
            assert world.view(seat) == m.view(seat), f"{game_id} position {i}: the copy shows seat {seat} another view"
            assert world.log(seat) == m.log(seat), f"{game_id} position {i}: the copy shows seat {seat} another log"
            assert world.to_act() == m.to_act() and world.state_id == m.state_id
            assert world.seed != m.seed and world.commands == []
            if check is not None:
                check(world)
            copies += 1
        assert m.to_json() == before, "determinize must not change the match"
        world = m.determinize(m.to_act()[0], random.Random(i))
        for _ in range(12):
            if world.over:
                break
            seat = world.to_act()[0]
            legal = world.legal(seat)
            world.apply(seat, playable(legal[rng.randrange(len(legal))]))
            if check is not None:
                check(world)
        text = world.to_json()
        assert type(world).from_json(text).to_json() == text
    assert copies > 0


def test_different_generators_give_different_worlds(game_id):
    for m in _sample(game_id, 5, 18):
        seat = m.to_act()[0]
        worlds = {m.determinize(seat, random.Random(k)).to_json() for k in range(4)}
        assert len(worlds) == 4, f"{game_id}: determinize ignores its generator"
