"""Match.determinize (DESIGN D2): a bot's only forward model.

Honesty: two matches that give a seat the same view and log but hide different
things give identical determinized copies. Consistency: every copy is a playable match
that keeps the game's invariants and shows the seat exactly its view and log.
Run for every registered game that implements the hook.
"""
from __future__ import annotations

import random

import pytest

from game.engine import GAMES, IllegalCommand
from game.engine.rng import MatchRng
from tests.bots.kit import INVARIANTS, hidden_differs, playable, positions, searchable_games, twin

GAMES_WITH_DETERMINIZE = searchable_games()


def test_the_games_of_today_implement_determinize():
    assert {"hammer", "witch_trial"} <= set(GAMES_WITH_DETERMINIZE)


@pytest.mark.parametrize("game", GAMES_WITH_DETERMINIZE)
def test_determinize_depends_only_on_what_the_seat_sees(game):
    """Same view and log, different hidden cards and generator: identical copies."""
    rng = random.Random(15)
    differing = 0
    for i, m in enumerate(positions(game, 30, seed=150 + len(game))):
        seat = rng.randrange(m.n)
        other = twin(m, seat, rng)
        differing += hidden_differs(m, other)
        for k in (i, i + 1000):
            a = m.determinize(seat, random.Random(k))
            b = other.determinize(seat, random.Random(k))
            assert a.to_json() == b.to_json(), f"position {i}, seat {seat}: the copy depends on hidden information"
    assert differing >= 15, "the twins must really differ in hidden cards"


@pytest.mark.parametrize("game", GAMES_WITH_DETERMINIZE)
def test_a_copy_that_reads_the_real_state_fails_the_honesty_check(game):
    """Control for the test above: a 'determinize' that copies the real match differs
    between twins, so the check has teeth."""
    rng = random.Random(16)
    caught = 0
    for m in positions(game, 10, seed=160):
        seat = rng.randrange(m.n)
        other = twin(m, seat, rng)
        a, b = m.copy(), other.copy()
        a.rng = b.rng = MatchRng(7)
        caught += a.to_json() != b.to_json()
    assert caught >= 8


@pytest.mark.parametrize("game", GAMES_WITH_DETERMINIZE)
def test_every_copy_keeps_the_invariants_and_the_seats_view(game):
    rng = random.Random(17)
    check = INVARIANTS.get(game)
    for i, m in enumerate(positions(game, 25, seed=170)):
        before = m.to_json()
        for seat in range(m.n):
            world = m.determinize(seat, random.Random(rng.randrange(10**6)))
            assert type(world) is type(m)
            assert world.view(seat) == m.view(seat), f"position {i}: the copy shows seat {seat} another view"
            assert world.log(seat) == m.log(seat)
            assert world.to_act() == m.to_act() and world.state_id == m.state_id
            assert world.seed != m.seed and world.commands == []
            if check is not None:
                check(world)
        assert m.to_json() == before, "determinize must not change the match"
        # the copy is a full match: it plays on through apply(), and round-trips
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


@pytest.mark.parametrize("game", GAMES_WITH_DETERMINIZE)
def test_determinize_resamples_what_the_seat_cannot_know(game):
    """Different generators give different worlds (other hands, deck order)."""
    for m in positions(game, 5, seed=180):
        seat = m.to_act()[0]
        worlds = {m.determinize(seat, random.Random(k)).to_json() for k in range(4)}
        assert len(worlds) == 4


def test_determinize_refuses_a_bad_seat_and_a_game_without_the_hook():
    m = positions("witch_trial", 1, seed=1)[0]
    for seat in (None, -1, m.n, True, 1.0):
        with pytest.raises(IllegalCommand):
            m.determinize(seat, random.Random(0))
    without = [cls for cls in GAMES.values() if not cls.can_determinize()]
    for cls in without:
        match = cls([f"P{i}" for i in range(cls.min_players)], seed=1)
        with pytest.raises(NotImplementedError):
            match.determinize(0, random.Random(0))


def test_witch_trial_cards_seen_going_into_a_hand_stay_there():
    """W6: a card bought from the lineup is known to be in the buyer's hand until it is
    played; the copy keeps it there, and deals unseen cards to fill the rest."""
    from tests.rules.witch_trial_kit import fresh

    m = fresh(players=4, seed=3)
    buyer = m.to_act()[0]
    slot = 5  # the free slot
    bought = m.state["lineup"][slot - 1]
    m.apply(buyer, {"type": "buy", "slot": slot})
    seat = (buyer + 1) % 4
    for k in range(10):
        world = m.determinize(seat, random.Random(k))
        assert bought in world.state["hands"][buyer]
        assert world.state["hands"][seat] == m.state["hands"][seat]
        assert [len(h) for h in world.state["hands"]] == [len(h) for h in m.state["hands"]]
    # and the unseen cards really move around between hands and deck
    others = {tuple(m.determinize(seat, random.Random(k)).state["hands"][buyer]) for k in range(10)}
    assert len(others) == 10
