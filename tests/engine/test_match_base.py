"""The Match base class: atomic apply, per-seat log, exact JSON round trip (DESIGN D2)."""

from __future__ import annotations

import pytest

from game.engine import IllegalCommand, Match, SaveError, SetupError
from tests.toygame import CountingGame, counting_game  # noqa: F401

pytestmark = pytest.mark.usefixtures("counting_game")  # the counting game is registered for every test


def make():
    return CountingGame(["Ann", "Bob"], seed=3)


def test_failed_apply_restores_state_rng_and_log():
    m = make()
    before = m.to_json()
    with pytest.raises(IllegalCommand) as err:
        m.apply(0, {"type": "add", "amount": 7})
    assert err.value.code == "bad_amount"
    assert m.to_json() == before


def test_wrong_seat_and_junk_commands_are_refused_cleanly():
    m = make()
    before = m.to_json()
    for seat, cmd in [
        (1, {"type": "add", "amount": 1}),
        (5, {"type": "add"}),
        (True, {}),
        (0, "add"),
        (0, {"amount": 1}),
        (0, {"type": "fly"}),
    ]:
        with pytest.raises(IllegalCommand):
            m.apply(seat, cmd)
    assert m.to_json() == before


def test_log_is_redacted_per_seat():
    m = make()
    secrets = m.state["secret"]
    assert m.log(0)[0]["value"] == secrets[0]
    assert m.log(1)[1]["value"] == secrets[1]
    assert m.log(0)[1]["value"] is None
    assert all(e["value"] is None for e in m.log(None) if e["type"] == "secret")


def test_round_trip_and_replay_are_exact():
    m = make()
    for _ in range(3):
        m.apply(m.to_act()[0], {"type": "add", "amount": 2})
    text = m.to_json()
    assert Match.from_json(text).to_json() == text
    again = CountingGame.replay(m.players, m.seed, m.options, m.commands)
    assert again.to_json() == text


def test_over_and_result():
    m = make()
    while not m.over:
        seat = m.to_act()[0]
        m.apply(seat, m.legal(seat)[-1])
    assert m.to_act() == [] and m.legal(0) == []
    assert m.result()["winners"] == [m.state["winner"]]
    with pytest.raises(IllegalCommand):
        m.apply(0, {"type": "add", "amount": 1})


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        '{"format": "other"}',
        '{"format": "witchhunt-match", "version": 1, "game": "nope"}',
        '{"format": "witchhunt-match", "version": 1, "game": "_counting"}',
    ],
)
def test_damaged_saves_give_a_clear_error(text):
    with pytest.raises(SaveError):
        Match.from_json(text)


def test_setup_errors():
    with pytest.raises(SetupError):
        CountingGame(["solo"])
    with pytest.raises(SetupError):
        CountingGame(["a", "b"], options={"colour": 1})
    with pytest.raises(SetupError):
        CountingGame(["a", "b"], options={"bots": [4]})


def test_names_are_sanitised():
    m = CountingGame(["An\x00n\n" + "x" * 50, "  "], seed=1)
    assert m.players[0].startswith("Ann") and len(m.players[0]) <= 24
    assert m.players[1] == "Player 2"
