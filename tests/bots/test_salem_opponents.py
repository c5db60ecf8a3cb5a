"""How the Salem bot reads the way the others play (game/bots/salem.py ``random_chances``):
from the public log only, a seat that plays at random (it plays its whole hand turn after
turn, confesses at most Nights) is told from one that plays as the rollout policy does
(it draws with a small hand, plays a card or two, rarely confesses); in the search's
worlds a seat read as random plays at random, and its acts weigh little in the belief.
"""

from __future__ import annotations

import math
import random

import pytest

from game.bots import RandomBot, SearchBot, SeatModel
from game.bots import salem as salem_bots
from game.bots.salem import RANDOM_PRIOR, RANDOM_SEATS, random_chances, random_turn_command, witch_odds
from game.bots.worlds import Worlds
from game.engine import Match, new_match

RANDOM, SENSIBLE = (1, 2), (3, 4)


def mixed_table(seed: int, commands: int) -> Match:
    """Five seats: 0 and 3, 4 play as the rollout policy (the Easy bot), 1 and 2 at
    random, for ``commands`` commands (docs/rules/salem.md §3.1: a turn draws two or
    plays cards and ends)."""
    m = new_match("salem", [f"P{i}" for i in range(5)], seed=seed, options={"bots": list(range(5))})
    bots: dict[int, RandomBot | SearchBot] = {p: SearchBot(seed * 7 + p, "easy") for p in (0, *SENSIBLE)}
    bots.update({p: RandomBot(seed * 7 + p) for p in RANDOM})
    for _ in range(commands):
        if m.over:
            break
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat), SeatModel(m, seat)))
    return m


def test_before_a_seat_has_chosen_anything_it_is_read_by_the_prior():
    m = new_match("salem", [f"P{i}" for i in range(5)], seed=3)
    assert random_chances(m.log(0), 0) == dict.fromkeys(range(1, 5), RANDOM_PRIOR)


@pytest.mark.parametrize("seed", [2, 3, 4])
def test_seats_that_play_at_random_are_told_from_seats_that_play_sensibly(seed):
    m = mixed_table(seed, 160)
    chances = random_chances(m.log(0), 0)
    living = [p for p in range(5) if m.state["alive"][p]]
    assert all(chances[p] > 0.9 for p in RANDOM if p in living), chances
    assert all(chances[p] < 0.2 for p in SENSIBLE if p in living), chances
    assert 0 not in chances  # a seat does not read itself


def test_the_chances_come_from_the_public_log_alone():
    """docs/rules/salem.md §4: hand sizes, plays, draws and confessions are public; a
    seat's own private events (the cards it drew) change nothing."""
    for seed in (4, 5):
        m = mixed_table(seed, 120)
        for seat in range(5):
            assert random_chances(m.log(seat), seat) == random_chances(m.log(None), seat)


def test_the_ghost_game_reads_no_chances():
    m = new_match("salem", ["A", "B", "C"], seed=1)
    assert random_chances(m.log(0), 0) == {}


def test_acts_of_seats_that_play_at_random_weigh_less_in_the_belief(monkeypatch):
    """A random player's accusations say nothing of its side: with every other seat read
    as random the odds stay nearer to even than when the table is read as sensible."""
    spread_on = spread_off = 0.0
    for seed in range(6, 12):
        m = new_match("salem", [f"P{i}" for i in range(5)], seed=seed, options={"bots": list(range(5))})
        bots = {p: RandomBot(seed * 5 + p) for p in range(5)}
        for _ in range(150):
            if m.over:
                break
            seat = m.to_act()[0]
            m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
        seat = next(p for p in range(5) if m.state["alive"][p] and not m.state["witch"][p])
        on = witch_odds(m.view(seat), m.log(seat), seat)
        monkeypatch.setattr(salem_bots, "MODEL_OPPONENTS", False)
        off = witch_odds(m.view(seat), m.log(seat), seat)
        monkeypatch.undo()
        if on and off:
            spread_on += sum(abs(math.log(v)) for v in on.values())
            spread_off += sum(abs(math.log(v)) for v in off.values())
    assert spread_off > 0
    assert spread_on < 0.5 * spread_off


def test_in_the_searchs_worlds_seats_read_as_random_play_at_random():
    m = mixed_table(3, 160)
    assert not m.over
    seat = next(p for p in (0, *SENSIBLE) if m.state["alive"][p])
    worlds = Worlds(SeatModel(m, seat), random.Random(1))
    marked = [RANDOM_SEATS.get(worlds.sample(random.Random(k)), frozenset()) for k in range(20)]
    for p in RANDOM:
        if m.state["alive"][p]:
            assert sum(p in w for w in marked) >= 16
    for p in SENSIBLE:
        if m.state["alive"][p] and p != seat:
            assert sum(p in w for w in marked) <= 6
    unweighed = Worlds(SeatModel(m, seat), random.Random(1), weigh=False)
    assert unweighed.sample(random.Random(0)) not in RANDOM_SEATS  # the contract's draw: no model of play


class NthDraw:
    """A generator whose ``randrange(n)`` always answers ``i`` (and fails when ``i >= n``)."""

    def __init__(self, i: int) -> None:
        self.i = i

    def randrange(self, n: int) -> int:
        assert self.i < n, (self.i, n)
        return self.i


def test_a_random_seats_turn_command_is_any_legal_command_equally():
    """docs/rules/salem.md §3.1, §3.4: a random player's turn command, drawn without
    listing every card and target, is the i-th legal command for the i-th draw — so each
    is as likely as the others, and nothing illegal is ever drawn."""
    checked = 0
    for seed in range(8):
        n = 4 + seed
        m = new_match("salem", [f"P{i}" for i in range(n)], seed=seed, options={"bots": list(range(n))})
        bots = {p: RandomBot(seed * 13 + p) for p in range(n)}
        for _ in range(150):
            if m.over:
                break
            seat = m.to_act()[0]
            if not m.state["stack"]:
                legal = m.legal(seat)
                drawn = [random_turn_command(m, seat, NthDraw(i)) for i in range(len(legal))]
                assert drawn == legal
                with pytest.raises(AssertionError):
                    random_turn_command(m, seat, NthDraw(len(legal)))
                checked += 1
            m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    assert checked >= 200
