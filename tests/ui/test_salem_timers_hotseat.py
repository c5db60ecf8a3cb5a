"""Salem timers in hot-seat (docs/rules/salem.md R22, R53; "Timers" in game/ui/session.py and
game/engine/match.py): a seat's clock runs only while its own view is on screen — never
while the curtain is down, never under a menu — and at zero the session applies the
engine's timeout command for that seat and notes it in the log. Time is fed to the
session's app task by hand (``_tick(dt)``), so nothing here waits for a real clock."""

from __future__ import annotations

import pytest

from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.table_menu import TableMenuScene
from game.ui.session import HotseatSession, open_table
from tests.rules.salem_kit import stage
from tests.ui.table_source import clear_scenes, run_frames, table_app

TIMER = 30.0


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def two_humans(app, **stage_args):
    """The 2-player game (seats 0 and 2 people, 1 and 3 ghosts), timed, on the table."""
    clear_scenes(app)
    match = stage(2, **stage_args)
    match.options["timer_s"] = TIMER
    session = HotseatSession(app, match, {}, None, bot_delay=0.0, hold=0)
    table = open_table(app, session)
    run_frames(app, 1)
    return match, session, table


def lift(app, seat: int) -> None:
    top = app.scenes.top
    assert isinstance(top, CurtainScene) and top.seat == seat
    top.lift()


def test_r22_the_clock_never_runs_under_the_curtain_and_starts_with_the_seats_own_view(app):
    match, session, table = two_humans(app, hands={0: ["c1"], 2: ["c2"]})
    assert session.curtain_down and session.clocks() == {}
    for _ in range(5):
        session._tick(100.0)  # the screen is being passed: ten minutes go by
    assert match.state_id == 0 and session.clocks() == {}
    lift(app, 0)
    session._tick(7.0)  # the first tick after the curtain counts nothing of the wait
    assert session.clocks() == {0: TIMER}
    run_frames(app, 2)  # the table draws the seat's view (real time: milliseconds)
    assert session.clocks()[0] == pytest.approx(TIMER, abs=0.5)
    session._clocks[0][1] = TIMER
    session._tick(10.0)
    assert session.clocks() == {0: TIMER - 10}
    # the curtain comes down over the same moment: the clock stops where it was
    session._lower_curtain(0)
    session._tick(500.0)
    assert session.clocks() == {} and match.state_id == 0
    lift(app, 0)
    session._tick(3.0)
    session._tick(5.0)
    assert session.clocks() == {0: TIMER - 15}
    # a menu over the table stops it too
    app.scenes.push(TableMenuScene(app, table))
    session._tick(200.0)
    app.scenes.pop()
    session._tick(1.0)
    assert session.clocks() == {0: TIMER - 15} and match.state_id == 0
    session._tick(14.0)
    assert match.state_id == 0 and session.clocks() == {0: 1.0}
    session._tick(2.0)  # time is up: nothing played, so seat 0 draws two (R53)
    assert match.commands == [[0, {"type": "draw_two"}]]
    assert {"type": "timeout", "seat": 0} in session.log()
    log = session.log()
    assert log[log.index({"type": "timeout", "seat": 0}) + 1]["type"] == "draw_two"
    # seat 2 is next: its clock waits for its own view
    assert session.curtain_down
    session._tick(1000.0)
    assert match.state_id == 1
    lift(app, 2)
    session._tick(4.0)
    assert session.clocks() == {2: TIMER}
    session.close()


def test_r22_after_a_play_the_timeout_ends_the_turn(app):
    match, session, table = two_humans(app, hands={0: ["c1", "c2"]}, pile=["c58"])
    lift(app, 0)
    session._tick(0.0)
    assert session.submit({"type": "play", "card": "c1", "target": 2}) is None
    session._tick(TIMER - 1)
    assert session.clocks() == {0: 1.0}  # the turn's clock ran on through the play
    session._tick(1.5)
    assert match.commands[-1] == [0, {"type": "end_turn"}] and match.state["active"] == 2
    assert [e for e in session.log() if e["type"] == "timeout"] == [{"type": "timeout", "seat": 0}]
    session.close()


def test_r22_a_seat_whose_prompt_is_not_shown_never_times_out_in_a_blind_window(app):
    # standard game, four people: seat 0 draws Night; the window goes seat by seat
    clear_scenes(app)
    match = stage(4, rows={1: "W N N N N", 3: "C N N N N"}, pile=["c58"], discard=["c9", "c10"])
    match.options["timer_s"] = TIMER
    session = HotseatSession(app, match, {}, None, bot_delay=0.0, hold=0)
    open_table(app, session)
    run_frames(app, 1)
    lift(app, 0)
    assert session.submit({"type": "draw_two"}) is None
    session._tick(0.0)
    assert session.clocks() == {0: TIMER} and match.to_act() == [0, 1, 2, 3]
    session._tick(TIMER + 1)  # seat 0 says nothing: it passes (R53)
    assert match.commands[-1] == [0, {"type": "pass"}]
    assert session.curtain_down
    session._tick(10_000.0)  # seat 1's curtain is down: its clock has not started
    assert match.to_act() == [1, 2, 3]
    lift(app, 1)
    session._tick(0.0)
    session._tick(TIMER + 1)  # seat 1 holds the Witch: a random vote, never for itself
    seat, vote = match.commands[-1]
    assert seat == 1 and vote["type"] == "night_vote" and vote["target"] != 1
    session.close()
