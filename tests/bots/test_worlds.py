"""The worlds of one decision (game/bots/worlds.py): the search's fast, belief-weighed
draws keep every promise of ``Match.determinize`` (DESIGN D2) — honest (a function of
what the seat sees), consistent (the seat's view and log, the game's invariants, a
playable match) — and a game's two-step draw without weights is ``determinize`` itself.
"""

from __future__ import annotations

import random

import pytest

from game.bots import SeatModel, policy_for
from game.bots.worlds import Worlds, fork
from tests.bots.kit import INVARIANTS, playable, positions, searched_games, twin

GAMES = searched_games()
TWO_STEP = {
    "hammer": "game.rules.hammer.determinize",
    "witch_trial": "game.rules.witch_trial.determinize",
    "salem": "game.rules.salem.determinize",
    "testimony": "game.rules.testimony.determinize",
}


@pytest.mark.parametrize("game", sorted(TWO_STEP))
def test_knowledge_then_resample_without_weights_is_determinize(game):
    """The rules' documented second entry point draws exactly what determinize draws."""
    import importlib

    module = importlib.import_module(TWO_STEP[game])
    for i, m in enumerate(positions(game, 12, seed=300)):
        seat = m.to_act()[0]
        base = m.determinize(seat, random.Random(99))  # a copy holding the seat's log
        one, two = fork(base), fork(base)
        module.determinize(one, seat, random.Random(i))
        module.resample(two, seat, random.Random(i), module.knowledge(base, seat))
        assert one.state == two.state, f"position {i}"


@pytest.mark.parametrize("game", GAMES)
def test_redrawn_worlds_keep_the_seats_view_log_and_the_invariants(game):
    check = INVARIANTS.get(game)
    rng = random.Random(31)
    for i, m in enumerate(positions(game, 15, seed=310)):
        seat = m.to_act()[0]
        before = m.to_json()
        worlds = Worlds(SeatModel(m, seat), random.Random(i))
        for _ in range(4):
            world = worlds.sample(rng)
            assert type(world) is type(m)
            assert world.view(seat) == m.view(seat), f"position {i}: another view"
            assert world.log(seat) == m.log(seat)
            assert world.to_act() == m.to_act() and world.state_id == m.state_id
            if check is not None:
                check(world)
            for _ in range(8):  # it plays on
                if world.over:
                    break
                mover = world.to_act()[0]
                legal = world.legal(mover)
                world.apply(mover, playable(legal[rng.randrange(len(legal))]))
        assert worlds.first.to_json() != worlds.sample(rng).to_json() or m.over
        assert m.to_json() == before, "drawing worlds must not change the match"


@pytest.mark.parametrize("reads", ["sensible", "thinking"])
@pytest.mark.parametrize("game", GAMES)
def test_redrawn_worlds_depend_only_on_what_the_seat_sees(game, reads):
    """Twins (same view and log for the seat, different hidden cards and generator)
    give the same first world, the same belief and the same redrawn worlds, whichever
    way the belief reads the others (Normal's sensible players, Hard's thinking ones)."""
    rng = random.Random(32)
    for i, m in enumerate(positions(game, 15, seed=320)):
        seat = rng.randrange(m.n)
        other = twin(m, seat, rng)
        mine = Worlds(SeatModel(m, seat), random.Random(i), reads=reads)
        theirs = Worlds(SeatModel(other, seat), random.Random(i), reads=reads)
        draws_a = [mine.sample(random.Random(k)).to_json() for k in range(3)]
        draws_b = [theirs.sample(random.Random(k)).to_json() for k in range(3)]
        assert draws_a == draws_b, f"position {i}, seat {seat}: a world depends on hidden information"


@pytest.mark.parametrize("game", GAMES)
def test_unweighed_worlds_come_from_the_contracts_draw(game):
    """With the belief off the worlds are what determinize draws (hidden parts spread
    the same way: here, they really vary)."""
    for m in positions(game, 4, seed=330):
        seat = m.to_act()[0]
        worlds = Worlds(SeatModel(m, seat), random.Random(1), weigh=False)
        seen = {worlds.sample(random.Random(k)).to_json() for k in range(4)}
        assert len(seen) == 4


def test_every_searched_game_redraws_its_worlds():
    """Each searched game's policy reads what the seat sees once per decision."""
    for game in GAMES:
        m = positions(game, 1, seed=340)[0]
        seat = m.to_act()[0]
        world = m.determinize(seat, random.Random(0))
        assert policy_for(world).redraw(world, seat) is not None, game
