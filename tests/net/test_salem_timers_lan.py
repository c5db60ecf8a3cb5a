"""Salem over the LAN with the timer (docs/rules/salem.md R22, R53;
"Timers" in game/engine/match.py; docs/PROTOCOL.md update ``clocks``), and the ghost seats
of the 2-3 player game in the lobby (§2.2). Real sockets on 127.0.0.1, a short timer."""

from __future__ import annotations

import time

import pytest

from game.engine import new_match
from game.net.client import Client, JoinError
from tests.net.helpers import on_host, wait_for

TIMER = 0.5


def notes(client: Client) -> list[dict]:
    return [e for e in client.events if e.get("type") == "timeout"]


def test_r22_the_host_applies_the_timeout_command_as_an_idle_seat_after_its_deadline(make_host, clients):
    # two people who never move, two host bots: every wait for a person ends by the timer
    host = make_host("salem", 4, seed=5, bots=[2, 3], options={"timer_s": TIMER})
    ann, bob = Client(), Client()
    clients += [ann, bob]
    ann.connect("127.0.0.1", host.port, "Ann")
    bob.connect("127.0.0.1", host.port, "Bob")
    wait_for(lambda: host.match is not None, what="the game to start")
    # the clocks arrive with the updates: the seats waited for and the seconds left
    first = wait_for(lambda: ann.timer_s and ann.deadlines, what="a clock in an update")
    seen_at = time.monotonic()
    wait_for(lambda: notes(ann), what="the first timeout")
    assert time.monotonic() - seen_at >= TIMER * 0.8  # not before the deadline
    assert ann.timer_s == TIMER and set(first) <= {0, 1} and all(0 <= v <= TIMER for v in ann.clocks().values())
    wait_for(
        lambda: (
            any(n["seat"] == 0 for n in notes(bob))
            and any(n["seat"] == 1 for n in notes(ann))
            and on_host(
                host,
                lambda: sum(1 for s, c in host.match.commands if s in (0, 1) and c["type"] in ("draw_two", "end_turn")),
            )
            >= 1
        ),
        timeout=30,
        what="both people to time out, one of them on a turn",
    )
    match_commands, match_notes = on_host(host, lambda: (list(host.match.commands), list(host.notes)))
    # every command of the idle seats is exactly the rules' timeout command at that point
    replay = new_match("salem", ["Ann", "Bob", "Bot 3", "Bot 4"], seed=5, options={"timer_s": TIMER, "bots": [2, 3]})
    timed_out = 0
    for seat, command in match_commands:
        if seat in (0, 1):
            assert command == replay.timeout_command(seat)
            timed_out += 1
        replay.apply(seat, command)
    assert timed_out == len(match_notes) >= 3  # Dawn twice and a turn at least
    # each timeout is a public note, seen by everyone, before that command's events
    final = on_host(host, lambda: host.match.state_id)
    for client in (ann, bob):
        wait_for(lambda c=client: c.state_id is not None and c.state_id >= final, what="the last update")
        expected = on_host(host, lambda c=client: host.match.log_with_notes(c.seat, host.notes))
        assert client.events[: len(expected)] == expected[: len(client.events)]
        assert {n["seat"] for n in notes(client)} == {0, 1}
        assert all(set(n) == {"type", "seat"} for n in notes(client))  # never which command it was


def test_r22_a_seat_that_moves_in_time_is_not_timed_out_and_bots_have_no_clock(make_host, clients):
    host = make_host("salem", 4, seed=6, bots=[1, 2, 3], options={"timer_s": 60})
    ann = Client()
    clients.append(ann)
    ann.connect("127.0.0.1", host.port, "Ann")
    wait_for(lambda: ann.view is not None and 0 in ann.view["to_act"], what="Ann to be asked")
    assert set(ann.deadlines) == {0} and 55 < ann.clocks()[0] <= 60
    assert on_host(host, lambda: host.notes) == []


def test_the_lobby_shows_ghost_seats_as_seats_nobody_plays(make_host, clients):
    # salem.md §2.2: 2 players -> [P, G, P, G]; ghosts are neither bots nor free seats
    host = make_host("salem", 2, seed=3, auto_start=False)
    ann, bob, cy = Client(), Client(), Client()
    clients += [ann, bob, cy]
    assert ann.connect("127.0.0.1", host.port, "Ann")["seat"] == 0
    assert bob.connect("127.0.0.1", host.port, "Bob")["seat"] == 2
    lobby = wait_for(
        lambda: ann.lobby if ann.lobby and not ann.lobby["waiting_for"] else None,
        what="a lobby with both people seated",
    )
    seats = lobby["seats"]
    assert [s["absent"] for s in seats] == [False, True, False, True]
    assert [s["bot"] for s in seats] == [False, False, False, False]
    assert [s["name"] for s in seats][1::2] == ["Ghost", "Ghost"]
    with pytest.raises(JoinError) as refused:  # a third person finds no seat: ghosts are not takeable
        cy.connect("127.0.0.1", host.port, "Cy")
    assert refused.value.code == "table_full"


def test_the_host_form_offers_the_timer_and_the_lobby_and_table_treat_ghosts_as_nobodys_seats():
    # salem.md §2.2, R22: "Host a game" for 2 players with a 30 s timer; the ghosts are
    # neither people nor bots nor away on the desktop either, and our hourglass runs
    import socket

    from game.ui.app import make_app
    from game.ui.scenes import lan
    from game.ui.scenes.menu import MenuScene
    from game.ui.settings import Settings

    app = make_app(Settings())
    app.scenes.reset(MenuScene(app))
    form = lan.HostScene(app)
    app.scenes.push(form)
    app.frame(wait=False)
    form.pick_game("salem")
    form.set_seats(2)
    assert form.ring.find("timer_30") is not None
    form.ring.find("timer_30").click()
    form.set_name("Ann")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    form.set_port(str(port))
    form.host()
    lobby = app.scenes.top
    session = lobby.session
    try:
        host = session.host
        assert host.options == {"timer_s": 30} and host.absent == [1, 3]

        def frames_until(condition, what):
            def step():
                app.frame(wait=False)
                return condition()

            return wait_for(step, timeout=30, what=what)  # a bound: the bot before us thinks slowly on a loaded machine

        # the client thread stores the lobby; the session reads it on its next frame (pump)
        frames_until(
            lambda: session.client.lobby and len(session.client.lobby["seats"]) == 4 and session.absent, "the lobby"
        )
        assert session.absent == {1, 3} and session.bots == set()
        assert not session.is_human(1) and session.is_human(0)
        lobby.start_game()
        ask = app.scenes.top  # the free seat is asked about; the ghosts' seats are nobody's
        assert "seat 3 yet" in ask.question
        ask.ring.find("confirm_yes").click()
        frames_until(lambda: session.table is not None and app.scenes.top is session.table, "the table")
        assert session.absent == {1, 3} and session.bots == {2}  # the empty seat went to a bot
        assert session.indicator() == "" and session.away_notice() == ""  # ghosts are never "away"
        assert session.timer_s == 30.0
        frames_until(
            lambda: on_host(host, lambda: 0 in host.match.to_act()) and session.clocks(), "our turn with its hourglass"
        )
        assert set(session.clocks()) == {0} and 25 < session.clocks()[0] <= 30
        assert 0 in session.table.clock_values()
    finally:
        session.close()
        while app.scenes.top is not None:
            app.scenes.pop()
