"""Only IllegalCommand ever leaves apply/view/log/legal, for bad input of any shape, and
seats are checked the same way in all four (DESIGN D2).

Every case here escaped as ValueError, RecursionError or TypeError, or was answered
with private data, before the base class checked command shape and seats.
"""

from __future__ import annotations

import pytest

from game.engine import IllegalCommand, new_match
from game.engine.shape import MAX_DEPTH, check_command, shown
from tests.rules.hammer_kit import placed_match

HUGE = 10**5000  # int -> str refuses numbers over 4,300 digits


def deep(levels: int, leaf=None):
    value = leaf
    for _ in range(levels):
        value = [value]
    return value


def witch_trial():
    return new_match("witch_trial", ["Ann", "Bob", "Cy"], seed=2)


def refused(match, seat, command) -> IllegalCommand:
    before = match.to_json()
    with pytest.raises(IllegalCommand) as err:
        match.apply(seat, command)
    assert match.to_json() == before
    message = err.value.message
    assert message and "\n" not in message and len(message) < 300, message
    return err.value


# ------------------------------------------------------------------ shapes --
def test_huge_integer_seat_is_refused_not_a_value_error():
    # apply(10**5000, …) once raised ValueError while building the message
    m = placed_match(3, seed=5)
    assert refused(m, HUGE, {"type": "pass"}).code == "bad_seat"
    with pytest.raises(IllegalCommand):
        m.view(HUGE)
    with pytest.raises(IllegalCommand):
        witch_trial().view(-HUGE)


def test_hammer_huge_integers_in_fields_are_refused():
    # these escaped as ValueError: accuse with accuser 10**5000; place_pyres with 10**5000 as a key
    m = placed_match(3, seed=5)
    seat = m.to_act()[0]
    card = m.state["hands"][seat][0]
    assert refused(m, seat, {"type": "accuse", "card": card, "accuser": HUGE, "target": "berta"}).code == "bad_command"
    fresh = new_match("hammer", ["Ann", "Bob", "Cy"], seed=5)
    assert refused(fresh, 0, {"type": "place_pyres", "assign": {HUGE: "x"}}).code == "bad_command"
    assert refused(fresh, 0, {"type": "place_pyres", "assign": {"karl": HUGE}}).code == "bad_command"


def test_witch_trial_huge_integers_in_fields_are_refused():
    # these escaped as ValueError: defend case_owner, play / create_case card
    m = witch_trial()
    seat = m.to_act()[0]
    for command in (
        {"type": "defend", "case_owner": HUGE},
        {"type": "create_case", "card": HUGE, "slot": 1},
        {"type": "buy", "slot": -HUGE},
        {"type": "play", "card": HUGE},
    ):
        assert refused(m, seat, command).code == "bad_command"


def test_deep_nesting_is_refused_not_a_recursion_error():
    # a RecursionError once: a list nested 1,500 deep in Hammer accuse/test witch, Witch Trial card/case_owner
    m = placed_match(3, seed=5)
    seat = m.to_act()[0]
    card = m.state["hands"][seat][0]
    for command in (
        {"type": "accuse", "card": card, "accuser": "karl", "target": deep(1500)},
        {"type": "test", "card": card, "witch": deep(1500)},
    ):
        assert refused(m, seat, command).code == "bad_command"
    w = witch_trial()
    seat = w.to_act()[0]
    for command in (
        {"type": "play", "card": deep(1500)},
        {"type": "defend", "case_owner": deep(1500)},
        {"type": "buy", "slot": deep(100000)},
    ):
        assert refused(w, seat, command).code == "bad_command"


def test_nesting_up_to_the_limit_reaches_the_rules():
    # a shape inside the bounds is the rules' business: their own message, not bad_command
    m = placed_match(3, seed=5)
    seat = m.to_act()[0]
    err = refused(m, seat, {"type": "choose_witch", "villager": deep(MAX_DEPTH - 1)})
    assert err.code != "bad_command"


@pytest.mark.parametrize(
    "command",
    [
        {"type": "pass", 1: 2, "a": 3},
        {"type": "pass", None: 1},
        {"type": "pass", (1, 2): 1},
        {"type": "refill", "discard": [{1: "x"}]},
    ],
)
def test_non_text_keys_are_refused_not_a_type_error(command):
    # a TypeError once for non-string keys ({"type": "pass", 1: 2, "a": 3}, a None key)
    for m in (placed_match(3, seed=5), witch_trial()):
        assert refused(m, m.to_act()[0], command).code == "bad_command"


@pytest.mark.parametrize(
    "value",
    [float("nan"), float("inf"), -float("inf"), (1, 2), {1, 2}, b"karl", object(), "\ud800", "x" * 5000, 2**80, 1e300],
    ids=["nan", "inf", "-inf", "tuple", "set", "bytes", "object", "surrogate", "long", "2**80", "1e300"],
)
def test_odd_values_are_refused_by_the_base_class(value):
    for m in (placed_match(3, seed=5), witch_trial()):
        assert refused(m, m.to_act()[0], {"type": "pass", "x": value}).code == "bad_command"


def test_bad_shapes_are_refused_before_the_rules_run():
    for command in (
        None,
        [],
        "pass",
        {"type": ""},
        {"type": 7},
        {"type": None},
        {"x": 1},
        {"type": "pass", "k" * 100: 1},
        {"type": "pass", "list": list(range(5000))},
    ):
        with pytest.raises(IllegalCommand) as err:
            check_command(command)
        assert err.value.code == "bad_command"


def test_shown_never_fails_and_stays_short():
    for value in (HUGE, -HUGE, deep(5000), "x" * 10000, float("nan"), 1e300, object(), None, True, {1: 2}):
        text = shown(value)
        assert isinstance(text, str) and len(text) <= 45
    assert shown("karl") == "'karl'" and shown(3) == "3"


# ------------------------------------------------------------------- seats --
@pytest.mark.parametrize(
    "seat",
    [True, False, 1.0, 0.0, -1, 3, "1", HUGE, [1], None],
    ids=["True", "False", "1.0", "0.0", "-1", "3", "'1'", "huge", "[1]", "None"],
)
def test_every_entry_point_checks_its_seat_the_same_way(seat):
    # log(True) and log(1.0) once returned seat 1's private log while view(True) was refused
    for m in (placed_match(3, seed=5), witch_trial()):
        with pytest.raises(IllegalCommand) as err:
            m.apply(seat, {"type": "pass"})
        assert err.value.code == "bad_seat"
        if seat is None:  # the spectator: a view, a log, no commands
            assert m.view(None)["seat"] is None and m.legal(None) == []
            assert m.log(None)
            continue
        for call in (m.view, m.log, m.legal):
            with pytest.raises(IllegalCommand) as err:
                call(seat)
            assert err.value.code == "bad_seat"


def test_log_true_does_not_give_seat_one_private_log():
    # True and 1.0 are not seats, even where Python treats them as 1
    m = placed_match(3, seed=5)
    with pytest.raises(IllegalCommand):
        m.log(True)
    with pytest.raises(IllegalCommand):
        m.log(1.0)
    assert m.log(1) != m.log(None)  # seat 1's own deal names its cards


@pytest.mark.parametrize("since", [True, 1.5, "3", None, [0]])
def test_log_since_must_be_a_whole_number(since):
    m = placed_match(3, seed=5)
    with pytest.raises(IllegalCommand) as err:
        m.log(0, since=since)
    assert err.value.code == "bad_since"
    assert m.log(0, since=HUGE) == []
