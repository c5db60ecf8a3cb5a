"""Match.determinize (DESIGN D2): a bot's only forward model — what is particular.

Honesty (twins), consistency and fresh worlds for every registered game are part of the
contract suite (tests/contract/test_determinize.py, with this folder's kit.py for the
twins and the games' invariants)."""

from __future__ import annotations

import random

import pytest

from game.engine import GAMES, IllegalCommand
from tests.bots.kit import positions


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
