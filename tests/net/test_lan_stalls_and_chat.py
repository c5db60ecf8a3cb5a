"""Stalls and chat on a LAN table (docs/PROTOCOL.md §4 "chat", §8), over real sockets on 127.0.0.1: the
stand-in wait is a host option shown in the lobby; every table counts down to the
stand-in ("Ann lost connection — a bot takes over in 24 s"); the host's own seat can
hand the seat to a bot at once; chat shows the seat (colour) or "(spectator)"; the join
form can join as a new player instead of using the saved token."""

from __future__ import annotations

import re
import time

import pytest

from game.net.client import Client
from game.net.host import Host, Timings
from game.net.tokens import TokenStore
from game.ui import theme
from game.ui.scenes import lan
from tests.net.helpers import RawPeer, on_host, wait_for
from tests.net.lan_ui import frames_until as _frames_until
from tests.ui.table_source import run_frames

COUNTDOWN = re.compile(r"Bob lost connection — a bot takes over in (\d+) s")


def test_the_stand_in_wait_is_a_host_option_counted_down_in_the_lobby(counting_game, make_host):
    # default 30 s (was 60-75 s); lobby seats carry standin_in for away seats
    assert Host("_counting", 2).standin_after == 30.0
    host = make_host("_counting", 2, standin_after=0.8, timings=Timings(heartbeat=0.2, silence=3.0))
    ann, bob = RawPeer(host.port), RawPeer(host.port)
    ann.send({"type": "hello", "name": "Ann", "version": 1})
    assert ann.recv_until("welcome")[0]["standin_after"] == 0.8
    bob.send({"type": "hello", "name": "Bob", "version": 1})
    bob.recv_until("update")
    bob.close()
    lobby = ann.recv_until("lobby")[0]
    while not lobby["started"] or lobby["seats"][1]["connected"]:
        lobby = ann.recv_until("lobby")[0]
    assert lobby["standin_after"] == 0.8 and 0 < lobby["seats"][1]["standin_in"] <= 0.8
    lobby = ann.recv_until("lobby", timeout=5)[0]  # the stand-in takes over: a new lobby says so
    assert lobby["seats"][1]["standin"] and lobby["seats"][1]["standin_in"] is None
    ann.close()


def test_only_the_hosts_own_seat_may_hand_an_away_seat_to_a_bot(make_host):
    host = make_host("witch_trial", 3, owner_name="Ann", standin_after=3600)
    owner, bob, cy = RawPeer(host.port), RawPeer(host.port), RawPeer(host.port)
    owner.send({"type": "hello", "name": "Ann", "version": 1, "token": host.owner_token})
    owner.recv_until("welcome")
    for peer, name in ((bob, "Bob"), (cy, "Cy")):
        peer.send({"type": "hello", "name": name, "version": 1})
    for peer in (bob, cy):
        peer.recv_until("update")
    cy.close()
    wait_for(lambda: host.lobby()["seats"][2]["connected"] is False, what="Cy to leave")
    bob.send({"type": "standin", "seat": 2})
    assert bob.recv_until("error")[0]["code"] == "not_owner"
    owner.send({"type": "standin", "seat": 1})  # Bob is here
    assert owner.recv_until("error")[0]["code"] == "not_away"
    owner.send({"type": "standin", "seat": 2})
    wait_for(lambda: host.lobby()["seats"][2]["standin"], what="the stand-in at once")
    for peer in (owner, bob):
        peer.close()


def ann_hosts(seats: int, bots: tuple[int, ...] = ()) -> Host:
    """Witch Trial hosted by Ann from the app's side (30 s before a stand-in), started."""
    host = Host(
        "witch_trial",
        seats,
        bots=list(bots),
        owner_name="Ann",
        auto_start=True,
        bind="127.0.0.1",
        port=0,
        standin_after=30,
        timings=Timings(heartbeat=0.3, silence=3.0),
    )
    host.start()
    return host


def ann_hosts_with_bob(app) -> tuple[Host, Client, lan.LanSession]:
    """Ann hosts Witch Trial from the app (a bot in the third seat, 30 s before a stand-in)
    and Bob joins from a client of his own: the host, Bob's client, and Ann's session at
    the table."""
    host = ann_hosts(3, bots=(2,))
    bob = Client()
    try:
        lobby = lan.start_hosted_lobby(app, host, "Ann")
        session = lobby.session
        _frames_until(app, lambda: session.client.seat == 0, what="our seat")
        bob.connect("127.0.0.1", host.port, "Bob")
        _frames_until(app, lambda: session.table is not None and app.scenes.top is session.table, what="the table")
    except BaseException:
        bob.close()
        host.stop()
        raise
    return host, bob, session


def test_every_table_counts_down_and_the_host_hands_the_seat_to_a_bot(app):
    # "Bob lost connection — a bot takes over in 24 s" on the table; "Bot now"
    host, bob, session = ann_hosts_with_bob(app)
    try:
        table = session.table
        bob.close()
        notice = _frames_until(app, lambda: COUNTDOWN.fullmatch(session.notice or ""), what="the countdown")
        first = int(notice.group(1))
        assert 28 <= first <= 30
        app.draw(force=True)
        shown = [b for b in table.text_blocks() if b.what == "notice"]
        assert shown and shown[0].shown == shown[0].text and shown[0].problems() == []
        assert "Bob lost connection" in shown[0].text
        time.sleep(1.2)
        later = _frames_until(app, lambda: COUNTDOWN.fullmatch(session.notice or ""), what="the countdown")
        assert int(later.group(1)) < first  # it counts down by itself
        assert session.can_hand_to_bot and table.standin_rect is not None
        table.on_left_press(table.standin_rect.center)
        _frames_until(app, lambda: session.notice == "A bot plays for Bob until they return", what="the stand-in")
        assert on_host(host, lambda: host.seats[1].standin is not None)
    finally:
        bob.close()
        host.stop()


def test_a_player_who_comes_back_is_announced_as_the_drop_was(app):
    # "Bob lost connection — …" left the table without a word when Bob came back
    host, bob, session = ann_hosts_with_bob(app)
    try:
        token = bob.token
        bob.close()
        _frames_until(app, lambda: COUNTDOWN.fullmatch(session.notice or ""), what="the countdown")
        assert not any("back" in n for n in session.notices)
        bob = Client()
        bob.connect("127.0.0.1", host.port, "Bob", token=token)
        _frames_until(app, lambda: "Bob is back." in session.notices, what="Bob announced")
        assert session.notice == "" and session.notices.count("Bob is back.") == 1
        assert session.table.toast_widget.edge == theme.seat_color(1)  # in Bob's colour
        run_frames(app, 5)
        assert session.notices.count("Bob is back.") == 1  # said once
    finally:
        bob.close()
        host.stop()


def test_many_away_at_once_are_one_sentence_and_one_button(app):
    # eleven "X lost connection — a bot takes over in 30 s" in a row ran out of the log's
    # box at a twelve-seat table; they are one sentence, and the owner's one button hands
    # every away seat to a bot
    host = ann_hosts(7)
    others = [Client() for _ in range(6)]  # more than the old burst of five standin messages
    try:
        lobby = lan.start_hosted_lobby(app, host, "Ann")
        session = lobby.session
        _frames_until(app, lambda: session.client.seat == 0, what="our seat")
        for client, name in zip(others, ["Bob", "Cy", "Dora", "Ede", "Fritz", "Greta"]):
            client.connect("127.0.0.1", host.port, name)
        _frames_until(app, lambda: session.table is not None and app.scenes.top is session.table, what="the table")
        table = session.table
        for client in others:
            client.close()
        many = re.compile(r"Bob, Cy and 4 others lost connection — bots take over in (\d+) s")
        _frames_until(app, lambda: many.fullmatch(session.notice or ""), what="one sentence for six")
        app.draw(force=True)
        shown = [b for b in table.text_blocks() if b.what == "notice"]
        assert shown and shown[0].shown == shown[0].text and shown[0].problems() == []  # whole, in its box
        assert session.standin_label == "Bots now" and table.standin_rect is not None
        table.on_left_press(table.standin_rect.center)
        _frames_until(
            app, lambda: session.notice == "Bots play for Bob, Cy and 4 others until they return", what="the bots"
        )
        assert on_host(host, lambda: all(host.seats[s].standin is not None for s in range(1, 7)))
    finally:
        for client in others:
            client.close()
        host.stop()


def test_chat_on_the_table_names_the_seat_or_says_spectator(app, make_host):
    # a spectator named like a player still reads as a spectator
    host = make_host("witch_trial", 3, bots=[1, 2])
    client = lan.new_client()
    client.connect("127.0.0.1", host.port, "Ann")
    session = lan.LanSession(app, client)
    session.start()
    _frames_until(
        app,
        lambda: (
            session.open_table() is not None if session.table is None and client.view else session.table is not None
        ),
        what="the table",
    )
    eve = RawPeer(host.port)
    eve.send({"type": "hello", "name": "Ann", "version": 1, "spectate": True})
    assert eve.recv_until("welcome")[0]["name"] == "Ann (2)"
    eve.send({"type": "chat", "text": "I am Ann"})
    _frames_until(app, lambda: any("I am Ann" in n for n in session.notices), what="the chat line")
    line = next(n for n in session.notices if "I am Ann" in n)
    assert line == "Ann (2) (spectator): I am Ann"
    assert session.table.toast_widget.edge == theme.TEXT_MUTED
    client.chat("No, I am")
    _frames_until(app, lambda: any("No, I am" in n for n in session.notices), what="our chat line")
    assert "Ann (seat 1): No, I am" in session.notices
    assert session.table.toast_widget.edge == theme.seat_color(0)
    eve.close()


def test_join_as_a_new_player_ignores_the_saved_token(app, make_host, tmp_path, monkeypatch):
    # two people on one account; the second ticks "Join as a new player", a box shown
    # only where this profile holds a seat already
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    monkeypatch.delenv("WITCHHUNT_PROFILE", raising=False)
    host = make_host("witch_trial", 3, bots=[2])
    form = lan.JoinScene(app)
    app.scenes.push(form)
    app.frame(wait=False)
    form.set_address(f"127.0.0.1:{host.port}")
    # a first visit has no earlier seat there: the box that leaves it is not shown
    assert not form.ring.find("new_player").visible
    form.set_name("Ann")
    form.join()
    first = app.scenes.top.session
    _frames_until(app, lambda: first.client.seat == 0, what="Ann's seat")
    _frames_until(
        app,
        lambda: TokenStore().lookup(f"127.0.0.1:{host.port}") == first.client.token,
        what="Ann's token saved once the welcome is read",
    )
    app.scenes.pop()  # back to the form, Ann's connection stays (another window, say)
    first.start()
    form.set_name("Bob")
    form.join()  # the saved token is Ann's, still connected: refused with a hint
    _frames_until(
        app, lambda: app.scenes.top is form and "new player" in form.toast.text, what="the seat_in_use refusal"
    )
    assert "already connected" in form.toast.text
    assert form.ring.find("new_player").visible  # the refusal's hint names a box in sight
    form.set_address("127.0.0.1:1")
    assert not form.ring.find("new_player").visible  # no seat held at another address
    form.set_address(f"127.0.0.1:{host.port}")
    assert form.ring.find("new_player").visible
    form.set_new_player(True)
    form.join()
    second = app.scenes.top.session
    _frames_until(app, lambda: second.client.seat == 1, what="a seat of Bob's own")
    first.close()


@pytest.mark.parametrize("game", ["witch_trial", "testimony", "malleus"])
def test_a_spectator_is_told_it_watches_where_a_hand_would_be(app, make_host, game):
    """A spectator of a table with people at it read "The screen shows no hand now — it is
    passed between players" (Testimony: "The screen is shared", "Only the player behind
    the screen sees their notebook"): hot-seat sentences, untrue across a LAN; Malleus
    asked it to drag facts it cannot cite. The spectator's table says it watches."""
    seats = 4 if game == "malleus" else 3  # Malleus: the Prévôt and three players
    host = make_host(game, seats, bots=list(range(1, seats)))
    ann = Client()
    ann.connect("127.0.0.1", host.port, "Ann")
    client = lan.new_client()
    client.connect("127.0.0.1", host.port, "Eve", spectate=True)
    session = lan.LanSession(app, client)
    session.start()
    try:
        _frames_until(
            app,
            lambda: (
                session.open_table() is not None if session.table is None and client.view else session.table is not None
            ),
            what="the spectator's table",
        )
        assert session.watching and client.seat is None
        table = session.table
        assert table.no_hand_words() == "You are watching: nobody's hand is shown to you."
        if game == "testimony":
            table.dirty = True
            run_frames(app, 1)
            said = " ".join(b.text for b in table.text_blocks()) + " " + table.bar.bar_words()
            said += " " + table.talk.hint()
            assert "behind the screen" not in said and "screen is shared" not in said, said
            assert "You are watching." in said
        if game == "malleus":
            table.dirty = True
            run_frames(app, 1)
            said = " ".join(b.text for b in table.text_blocks())
            assert "cite it" not in said and "You are watching" in said, said
    finally:
        session.close()
        ann.close()
        host.stop()
