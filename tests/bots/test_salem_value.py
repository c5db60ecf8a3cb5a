"""Salem's position value for the search bot (game/bots/salem.py ``town_chance``): the
town wins when every Witch card lies face up and the witches when only witches are left
alive (docs/rules/salem.md §3.8), so a position nearer either end must be valued so, and
both sides' values add up to one."""

from __future__ import annotations

from game.bots.policy import policy_for
from game.bots.salem import RANDOM_SEATS, town_chance
from game.engine import new_match
from game.rules.salem import WITCH


def _standard(n: int = 8, seed: int = 5):
    m = new_match("salem", [f"P{i}" for i in range(n)], seed=seed)
    assert not m.state["variant"]
    return m


def _turn_up_a_witch_card(m) -> None:
    """Turn up one face-down Witch card of a seat that keeps a face-down card besides."""
    s = m.state
    tk = s["tryal_kind"]
    for p, row in enumerate(s["rows"]):
        witch_cards = [t for t in row if tk[t] == WITCH]
        if witch_cards and len(row) > 1:
            row.remove(witch_cards[0])
            s["revealed"][p].append(witch_cards[0])
            return
    raise AssertionError("premise: some seat holds a Witch card among others")


def test_a_witch_card_turned_up_brings_the_town_nearer_its_win():
    m = _standard()
    before = town_chance(m)
    _turn_up_a_witch_card(m)
    assert town_chance(m) > before


def test_fewer_townspeople_alive_brings_the_witches_nearer_their_win():
    m = _standard()
    before = town_chance(m)
    s = m.state
    town = [p for p in range(m.n) if not s["witch"][p]]
    s["alive"][town[0]] = False
    s["alive"][town[1]] = False
    assert town_chance(m) < before


def test_a_witch_and_a_townsperson_value_the_same_position_oppositely():
    m = _standard()
    policy = policy_for(m)
    s = m.state
    witch = next(p for p in range(m.n) if s["witch"][p])
    town = next(p for p in range(m.n) if not s["witch"][p])
    assert 0.0 < policy.value(m, town) < 1.0
    assert abs(policy.value(m, witch) + policy.value(m, town) - 1.0) < 1e-9


def test_a_world_played_on_by_random_seats_is_valued_by_the_model_learned_against_them():
    """Seats that play at random hand the town most games (three in four in the games
    tools/learn_values.py --style random plays, against one in three when every seat
    plays the rollout policy): where a world of the search plays the others at random,
    its value leans that way, the more the more of them do, and the ends stay as the
    rules say (§3.8)."""
    m = _standard()
    sensible = town_chance(m)
    RANDOM_SEATS[m] = frozenset(range(1, 4))
    some = town_chance(m)
    RANDOM_SEATS[m] = frozenset(range(1, m.n))
    every = town_chance(m)
    assert sensible < some < every
    _turn_up_a_witch_card(m)
    assert town_chance(m) > every
