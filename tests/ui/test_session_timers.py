"""The hot-seat session's clocks on their own (game/ui/hotseat/timers.py), with plain data.

The rule (docs/rules/salem.md §9, "At this table"; the timeout itself §6 R53): the
hourglass runs for whoever the table waits for, starts afresh for a new turn, trial or
secret step, and at one screen runs only while that person's own screen is up, never
while the screen is being passed.
"""

from __future__ import annotations

from game.ui.hotseat.timers import EndPause, Pause, TurnClocks

FULL = 30.0


class FakeMatch:
    """Just what the clocks read of a match: who is awaited, for what, and the timeout."""

    def __init__(self) -> None:
        self.awaited = [0]
        self.key = ("turn", 1)
        self.timeouts: list[int] = []

    def to_act(self) -> list[int]:
        return list(self.awaited)

    def timer_key(self, seat: int) -> tuple:
        return self.key

    def timer_seconds(self) -> float:
        return FULL


def test_time_passes_only_between_two_ticks_that_both_ran_the_clock():  # docs/rules/salem.md §9
    clocks = TurnClocks()
    assert clocks.run(0, "k", FULL, 100.0) == FULL  # the first tick only starts it
    assert clocks.run(0, "k", FULL, 5.0) == FULL - 5
    clocks.pause()  # the curtain: the screen is being passed
    assert clocks.run(0, "k", FULL, 500.0) == FULL - 5  # the wait cost nothing
    assert clocks.run(0, "k", FULL, 2.0) == FULL - 7
    assert clocks.left(0, "k", FULL) == FULL - 7


def test_a_new_turn_or_step_gets_a_fresh_hourglass():  # docs/rules/salem.md §9
    clocks = TurnClocks()
    clocks.run(1, "turn", FULL, 0.0)
    clocks.run(1, "turn", FULL, 20.0)
    assert clocks.run(1, "night", FULL, 1.0) == FULL
    assert clocks.left(1, "other", FULL) == FULL
    clocks.forget_all_but([0])  # no longer awaited: its next wait starts afresh
    assert 1 not in clocks.clocks


def test_the_clock_applies_the_timeout_at_zero_and_says_when_it_runs_out():  # docs/rules/salem.md §6 R53
    match = FakeMatch()
    clocks = TurnClocks()
    seat_now = lambda: 0 if 0 in match.awaited else None  # noqa: E731

    def time_out(seat: int) -> None:
        match.timeouts.append(seat)
        match.awaited = [1]  # the timeout command ended seat 0's turn

    assert clocks.tick(match, seat_now, 0.0, time_out) == FULL
    assert clocks.tick(match, seat_now, FULL - 1, time_out) == 1.0
    assert match.timeouts == []
    assert clocks.tick(match, seat_now, 1.5, time_out) is None  # seat 0 timed out, nobody's clock runs
    assert match.timeouts == [0]
    assert clocks.tick(match, lambda: None, 10.0, time_out) is None and clocks.ticking is None


def test_a_seat_still_awaited_for_the_same_thing_times_out_again():  # docs/rules/salem.md §6 R53
    match = FakeMatch()
    clocks = TurnClocks()
    times = []
    clocks.tick(match, lambda: 0, 0.0, times.append)
    clocks.tick(match, lambda: 0, FULL + 1, times.append)
    assert 1 < len(times) <= 64 and set(times) == {0}  # bounded, never a hang


def test_pauses_count_and_the_end_pause_fires_once():
    pause = Pause()
    pause.add(0.4)
    assert pause.left(0.6) == 0.6 - 0.4
    pause.reset()
    assert pause.left(0.6) == 0.6
    end = EndPause()
    assert not end.tick(10.0, 1.5) and end.due(1.5) is None  # not started: the game is not over
    end.start()
    assert not end.tick(1.0, 1.5) and end.due(1.5) == 0.5
    assert end.tick(0.6, 1.5)
    assert not end.tick(5.0, 1.5) and end.due(1.5) is None
