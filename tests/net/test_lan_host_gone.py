"""A LAN client whose host went away (QA playtest 11), over real sockets on 127.0.0.1 with
short timings: the pill keeps saying "Reconnecting…" (even in a narrow log header), after
a while the table asks "The host is not answering — Keep waiting / Leave to menu", the
client rejoins by itself when the host is resumed (``Host.resume``, as ``witchhunt host
--resume`` does) and the question closes; leaving keeps the seat's token, says so, and a
later join takes the seat back. A host that no longer knows our seat gets a "Leave to
menu" only dialog (DESIGN D4, docs/PROTOCOL.md §12)."""

from __future__ import annotations

import pytest

from game.net.host import Host
from game.net.tokens import TokenStore
from game.ui.scenes import lan
from game.ui.scenes.menu import MenuScene
from tests.net.helpers import FAST, on_host
from tests.net.lan_ui import frames_until as _frames_until


@pytest.fixture
def resumed():
    """Hosts resumed by a test; stopped after it."""
    hosts: list[Host] = []
    yield hosts
    for host in hosts:
        host.stop()


def _resume(host: Host, hosts: list[Host]) -> Host:
    """The same table back on the same port, from its save and journal."""
    again = Host.resume(host.save_path, bind="127.0.0.1", port=host.port, timings=FAST, journal_sync=False)
    again.start()
    hosts.append(again)
    return again


def _seated_table(app, make_host, game="hammer"):
    """Our client (seat 0, "Bob") at a started table whose other seats are bots."""
    host = make_host(game, 3, bots=[1, 2])
    client = lan.new_client()
    client.connect("127.0.0.1", host.port, "Bob")
    session = lan.LanSession(app, client, tokens=TokenStore())
    session.start()
    _frames_until(
        app,
        lambda: (
            session.open_table() is not None if session.table is None and client.view else session.table is not None
        ),
        what="the table",
    )
    _frames_until(app, lambda: session.view() == on_host(host, lambda: host.match.view(0)), what="in step")
    return host, session


def _pill(table) -> str:
    table.app.draw(force=True)
    return " ".join(b.shown for b in table.text_blocks() if b.what == "connection")


def test_the_table_asks_and_rejoins_by_itself_when_the_host_is_resumed(app, make_host, resumed):
    assert app.set_window_size((1024, 640)) or app.size == (1024, 640)  # the narrow log header
    host, session = _seated_table(app, make_host)
    table = session.table
    session.host_gone_after, session.host_gone_again = 0.4, 0.6
    assert _pill(table) == "Connected"
    host.stop()  # the host is gone (its process killed: the same to the client)
    _frames_until(app, lambda: session.status == "reconnecting", what="reconnecting")
    assert _pill(table) == "Reconnecting…"  # the words stay, not a bare dot
    assert session.client.give_up_after == float("inf")  # the player decides when to stop
    dialog = _frames_until(
        app, lambda: isinstance(app.scenes.top, lan.HostGoneScene) and app.scenes.top, what="the host-gone question"
    )
    assert {w.name for w in dialog.ring.focusables()} == {"keep_waiting", "leave"}
    assert dialog.ring.focus.name == "keep_waiting"  # Enter on a surprise never leaves
    assert "join again later" in dialog.body() and "resumes the game from Continue" in dialog.body()
    dialog.keep_waiting()
    assert app.scenes.top is table
    _frames_until(app, lambda: isinstance(app.scenes.top, lan.HostGoneScene), what="the question again")
    assert app.idle_timeout() is not None and app.idle_timeout() <= 1.0  # its seconds count
    again = _resume(host, resumed)
    _frames_until(
        app,
        lambda: session.status == "connected" and app.scenes.top is table,
        what="the rejoin, the question closed by itself",
    )
    assert session.dialog is None and "Reconnected." in session.notices
    _frames_until(app, lambda: session.view() == on_host(again, lambda: again.match.view(0)), what="in step")
    assert session.client.seat == 0 and _pill(table) == "Connected"


def test_leaving_a_silent_host_keeps_the_seat_and_a_later_join_takes_it_back(
    app, make_host, resumed, tmp_path, monkeypatch
):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    monkeypatch.delenv("WITCHHUNT_PROFILE", raising=False)
    host, session = _seated_table(app, make_host, game="witch_trial")
    token = session.client.token
    _frames_until(app, lambda: TokenStore().lookup(f"127.0.0.1:{host.port}") == token, what="the token saved")
    session.host_gone_after = 0.2
    host.stop()
    dialog = _frames_until(
        app, lambda: isinstance(app.scenes.top, lan.HostGoneScene) and app.scenes.top, what="the host-gone question"
    )
    dialog.leave()
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and len(app.scenes.stack) == 1
    assert "your seat is kept" in menu.toast.text and f"127.0.0.1:{host.port}" in menu.toast.text
    assert session.client.status == "closed"
    assert TokenStore().lookup(f"127.0.0.1:{host.port}") == token
    again = _resume(host, resumed)
    form = lan.JoinScene(app)
    app.scenes.push(form)
    form.set_address(f"127.0.0.1:{again.port}")
    form.set_name("Bob")
    form.join()
    back = app.scenes.top.session
    _frames_until(app, lambda: back.table is not None and back.client.seat == 0, what="our old seat")
    assert back.client.token == token


def test_a_host_that_no_longer_knows_our_seat_offers_only_leaving(app, make_host):
    host, session = _seated_table(app, make_host)
    port = host.port
    host.stop()
    _frames_until(app, lambda: session.status == "reconnecting", what="reconnecting")
    make_host("hammer", 3, bots=[1, 2], port=port)  # a new table on that address: our token is unknown
    dialog = _frames_until(
        app, lambda: isinstance(app.scenes.top, lan.HostGoneScene) and app.scenes.top, what="the refusal"
    )
    assert dialog.lost and [w.name for w in dialog.ring.focusables()] == ["leave"]
    assert "not" in dialog.body().lower() or "unknown" in dialog.body().lower()
    dialog.back()  # Esc: the table stays, its pill says the connection is lost
    assert app.scenes.top is session.table and _pill(session.table) == "Connection lost"
    for _ in range(3):
        app.frame(wait=False)
    assert app.scenes.top is session.table  # asked once
