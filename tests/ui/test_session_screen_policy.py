"""Who the hot-seat screen shows (DESIGN D3), checked on the screen policy alone, with
plain data: no pygame, no app, no match (game/ui/hotseat/screen_policy.py).

The rule, DESIGN D3: a private view appears only through the curtain ("Pass to Bob"),
also for the seat shown last once anything public was on the screen; a seat's private
view stays up only while that seat has something to do or reads what it asked to see;
as soon as the table waits for anyone else the public table is shown; answer windows
ask on a public banner; only a table with exactly one person keeps that person's view up.
"""

from __future__ import annotations

import random

from game.ui.hotseat.screen_policy import Screen, ScreenPolicy, Table

VERDICT = {"type": "verdict", "guilty": True}


def shown(humans=(0, 1, 2), seat=0, **kw) -> ScreenPolicy:
    """A policy with ``seat``'s private view up, reached the only legal way: its curtain."""
    policy = ScreenPolicy(humans, **kw)
    policy.decide(Table(waiting=(seat,)))
    assert policy.curtain_seat == seat and policy.screen_seat is None
    policy.lifted(seat)
    assert policy.state is Screen.PRIVATE and policy.screen_seat == seat
    return policy


# --------------------------------------------------------------- one person / nobody --
def test_one_person_keeps_their_view_while_the_bots_play():  # DESIGN D3, last rule
    policy = ScreenPolicy((2,))
    assert policy.screen_seat == 2 and policy.curtain_seat is None
    for table in (Table(), Table(waiting=(2,)), Table(window=True), Table(over=True), Table(shared=True)):
        policy.decide(table)
        assert policy.state is Screen.PRIVATE and policy.screen_seat == 2
    policy.moments([VERDICT])  # nobody else looks: no moment to share, no curtain
    policy.decide(Table())
    assert policy.screen_seat == 2 and policy.moment is None


def test_a_table_of_bots_only_shows_the_public_table():  # DESIGN D3
    policy = ScreenPolicy(())
    policy.decide(Table())
    assert policy.state is Screen.PUBLIC and policy.screen_seat is None


# ------------------------------------------------------------ several people -------
def test_the_next_person_sees_their_view_only_after_the_curtain():  # DESIGN D3, the curtain
    policy = shown(seat=0)
    policy.decide(Table(waiting=(1,)))
    assert policy.state is Screen.CURTAIN and policy.curtain_seat == 1 and policy.screen_seat is None
    policy.lifted(2)  # a curtain naming Bob is not lifted for Cy
    assert policy.screen_seat is None
    policy.lifted(1)
    assert policy.screen_seat == 1


def test_the_view_leaves_the_screen_as_soon_as_only_bots_play():  # DESIGN D3, "as soon as the table waits"
    policy = shown(seat=1)
    policy.decide(Table(waiting=()))
    assert policy.state is Screen.PUBLIC and policy.screen_seat is None and policy.curtain_seat is None


def test_after_the_public_table_even_the_seat_shown_last_comes_back_through_the_curtain():  # DESIGN D3
    policy = shown(seat=1)
    policy.decide(Table(waiting=()))  # the bots moved on the public table
    policy.decide(Table(waiting=(1,)))
    assert policy.state is Screen.CURTAIN and policy.curtain_seat == 1 and policy.screen_seat is None


def test_a_seat_that_still_has_something_to_do_keeps_its_view():  # DESIGN D3
    policy = shown(seat=1)
    policy.decide(Table(waiting=(1, 2)))  # a bot or a person may act too, Bob still may
    assert policy.screen_seat == 1
    policy.decide(Table(waiting=(1,), window=True))
    assert policy.screen_seat == 1


def test_an_answer_window_asks_on_the_public_banner_whoever_holds_an_answer():  # DESIGN D3, response windows
    policy = shown(seat=0)
    policy.decide(Table(waiting=(1,), window=True))
    assert policy.state is Screen.PUBLIC and policy.screen_seat is None  # the banner, not Bob's curtain
    assert not policy.request(0, Table(waiting=(1,), window=True))  # Ann is not asked now
    assert policy.state is Screen.PUBLIC
    assert policy.request(1, Table(waiting=(1,), window=True))
    assert policy.curtain_seat == 1 and policy.screen_seat is None
    policy.decide(Table(waiting=(1,), window=True))  # Bob's curtain stays while he may answer
    assert policy.curtain_seat == 1


def test_several_people_acting_at_once_are_asked_on_the_banner():  # DESIGN D3
    policy = ScreenPolicy((0, 1, 2))
    policy.decide(Table(waiting=(0, 1, 2)))
    assert policy.state is Screen.PUBLIC
    assert policy.request(2, Table(waiting=(0, 1, 2)))
    policy.lifted(2)
    policy.decide(Table(waiting=(0, 1)))  # Cy is done: her view goes, the banner comes back
    assert policy.state is Screen.PUBLIC and policy.screen_seat is None


def test_a_banner_button_does_nothing_while_a_private_view_is_up():  # DESIGN D3
    policy = shown(seat=0)
    assert not policy.request(1, Table(waiting=(0, 1)))
    assert policy.screen_seat == 0 and policy.curtain_seat is None


def test_a_blind_window_goes_seat_by_seat_behind_the_curtain():  # DESIGN D3; docs/rules/salem.md §5.0
    policy = shown(seat=0)
    policy.decide(Table(waiting=(0, 2), blind_next=2))  # Ann may act too, but the window asks Cy
    assert policy.curtain_seat == 2 and policy.screen_seat is None
    policy.lifted(2)
    policy.decide(Table(waiting=(0,), blind_next=0))
    assert policy.curtain_seat == 0 and policy.screen_seat is None


def test_the_end_and_shared_decisions_are_on_the_public_screen():  # DESIGN D3
    for table in (Table(over=True), Table(waiting=(1,), shared=True)):
        policy = shown(seat=1)
        policy.decide(table)
        assert policy.state is Screen.PUBLIC and policy.screen_seat is None


# -------------------------------------------------------------------- the hold ----
def test_drawn_cards_hold_the_movers_own_view_then_the_curtain():  # DESIGN D3
    policy = shown(seat=0)
    policy.hold_cards(0, ["card"], 3.0)
    policy.decide(Table(waiting=(1,)))  # Bob is next, but Ann reads what she drew first
    assert policy.state is Screen.HOLD and policy.screen_seat == 0 and policy.hold.cards == ["card"]
    assert not policy.count_down(2.0)
    assert policy.count_down(1.5)
    assert policy.release_hold(Table(waiting=(1,)))
    assert policy.curtain_seat == 1 and policy.screen_seat is None


def test_only_the_seat_on_screen_is_held():  # DESIGN D3: a hold is the seat's own view
    policy = ScreenPolicy((0, 1))
    policy.decide(Table(waiting=()))
    policy.hold_cards(0, ["card"], 3.0)
    policy.reveal(0, [{"type": "ghost_peek", "seat": 0}])
    assert policy.state is Screen.PUBLIC and policy.screen_seat is None


def test_a_private_reveal_waits_for_a_click_however_long():  # DESIGN D3, "reads a private reveal"
    policy = shown(seat=1)
    policy.hold_cards(1, ["card"], 3.0)
    policy.reveal(1, [{"type": "ghost_peek", "seat": 1}])
    assert not policy.count_down(10_000.0)
    assert policy.hold.cards == ["card"] and policy.hold.reveals == [{"type": "ghost_peek", "seat": 1}]
    policy.decide(Table(waiting=()))
    assert policy.screen_seat == 1  # still held: the bots wait for the click
    policy.release_hold(Table(waiting=()))
    assert policy.state is Screen.PUBLIC


# ------------------------------------------------------------- the public moment ----
def test_a_public_moment_is_read_on_the_public_screen_before_the_curtain():  # DESIGN D3
    policy = shown(seat=0)
    policy.moments([VERDICT])
    policy.decide(Table(waiting=(1,)))
    assert policy.state is Screen.MOMENT and policy.moment == [VERDICT] and policy.screen_seat is None
    assert not policy.request(1, Table(waiting=(1,)))
    assert policy.release_moment(Table(waiting=(1,)))
    assert policy.curtain_seat == 1 and policy.moment is None


def test_a_moment_waits_while_the_seat_shown_plays_on_unless_the_game_deals_anew():  # DESIGN D3
    policy = shown(seat=0)
    policy.moments([VERDICT])
    policy.decide(Table(waiting=(0,)))
    assert policy.screen_seat == 0 and policy.moment is None and policy.queued == []
    dealing = shown(seat=0, deal_after_moment=True)
    dealing.moments([{"type": "game_end"}])
    dealing.decide(Table(waiting=(0,)))
    assert dealing.state is Screen.MOMENT
    dealing.release_moment(Table(waiting=(0,)))
    # a new deal: even Ann's own new hand comes only through the curtain
    assert dealing.curtain_seat == 0 and dealing.screen_seat is None


# ------------------------------------------------------- a private screen asked for ----
def test_a_person_who_asked_for_their_screen_keeps_it_until_they_close_it():  # DESIGN D3
    policy = ScreenPolicy((0, 1))
    policy.decide(Table(waiting=()))
    assert policy.ask(1)
    assert policy.curtain_seat == 1 and policy.screen_seat is None
    policy.lifted(1)
    policy.decide(Table(waiting=()))  # nobody else waits for anything private: Bob reads on
    assert policy.reading and policy.screen_seat == 1
    policy.done_reading(Table(waiting=()))
    assert policy.state is Screen.PUBLIC and not policy.reading
    assert not ScreenPolicy((0,)).ask(0)  # alone at the table, the view is up anyway


def test_close_leaves_no_curtain_moment_or_hold_behind():
    policy = shown(seat=0)
    policy.hold_cards(0, ["card"], 3.0)
    policy.close()
    assert policy.state is Screen.PRIVATE and policy.hold is None
    policy.decide(Table(waiting=(1,)))
    policy.close()
    assert policy.state is Screen.PUBLIC and policy.curtain_seat is None


# ----------------------------------------------------------------- any sequence ----
def test_any_sequence_of_events_keeps_the_rule():  # DESIGN D3
    """Random tables and events: a private view is on screen only for a seat the table
    waits for (or that reads what it asked for / what its own move showed it), and it
    never appears except from its own curtain or its own view."""
    rng = random.Random(7)
    humans = (0, 2, 3)
    for run in range(300):
        policy = ScreenPolicy(humans, deal_after_moment=run % 2 == 1)
        for _ in range(40):
            waiting = tuple(s for s in humans if rng.random() < 0.4)
            table = Table(
                waiting=waiting,
                window=rng.random() < 0.2,
                blind_next=rng.choice(waiting) if waiting and rng.random() < 0.2 else None,
                over=rng.random() < 0.03,
                shared=rng.random() < 0.05,
            )
            before = (policy.state, policy.seat)
            decided = False
            event = rng.choice(
                [
                    "decide",
                    "decide",
                    "decide",
                    "request",
                    "lift",
                    "hold",
                    "reveal",
                    "tick",
                    "release_hold",
                    "moments",
                    "release_moment",
                    "ask",
                    "done",
                ]
            )
            seat = rng.choice(humans)
            if event in ("decide", "done"):
                decided = True
                policy.decide(table) if event == "decide" else policy.done_reading(table)
            elif event == "request":
                policy.request(seat, table)
            elif event == "lift":
                policy.lifted(policy.curtain_seat if policy.curtain_seat is not None else seat)
            elif event == "hold":
                policy.hold_cards(seat, ["c"], 2.0)
            elif event == "reveal":
                policy.reveal(seat, [{"type": "peek", "seat": seat}])
            elif event == "tick" and policy.count_down(1.5) or event == "release_hold":
                decided = policy.release_hold(table)
            elif event == "moments":
                policy.moments([VERDICT])
            elif event == "release_moment":
                decided = policy.release_moment(table)
            elif event == "ask":
                policy.ask(seat)
            now = policy.screen_seat
            was = before[1] if before[0] in (Screen.PRIVATE, Screen.HOLD) else None
            if now is not None and now != was:
                # a private view that was not up a moment ago comes only from its own curtain
                assert before == (Screen.CURTAIN, now), (event, before, policy.state, now)
            if decided and policy.state is Screen.PRIVATE:
                # decided: up only for a seat the table waits for, or that asked for it
                allowed = set() if table.over or table.shared else set(table.waiting)
                assert now in allowed | {policy.asked}, (event, table, now)
