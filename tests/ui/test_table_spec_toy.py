"""A sixth game's table needs no shared file (DESIGN D6): the test-only Coins game
(tests/fixtures/coin_game.py) with its small table (tests/fixtures/coin_table.py),
registered by these tests alone, is offered by New game with its own player counts,
listed by Rules, offered by Continue once saved, played hot-seat to its end through
``HotseatSession`` / ``open_table``, and played over a real LAN host on 127.0.0.1 by two
clients, each at its own table. Everything is driven by clicks on the table's buttons."""

from __future__ import annotations

import os
import time

import pygame
import pytest

from game.ui import tables
from game.ui.scenes.continue_game import ContinueScene
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.rules import RulesScene
from game.ui.session import HotseatSession, open_table
from tests.fixtures import coin_game, coin_table
from tests.fixtures.coin_table import CoinTableScene
from tests.ui.shell_helpers import new_app, post_click


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    monkeypatch.setenv("WITCHHUNT_DISCOVERY_ADDR", "127.0.0.1")
    return tmp_path


@pytest.fixture
def coins(home):
    with coin_table.registered() as spec:
        yield spec
    assert coin_game.GAME_ID not in tables.TABLE_SPECS


def click_widget(app, name: str) -> None:
    widget = app.scenes.top.ring.find(name)
    assert widget is not None, name
    post_click(app, widget.rect.center)


def test_the_toy_table_comes_from_its_spec_alone(coins):
    assert tables.table_spec(coin_game.GAME_ID) is coins
    assert tables.load_tables()[coin_game.GAME_ID] is CoinTableScene
    assert tables.playable_games()[-1] == coin_game.GAME_ID  # menu order 90: after the five
    from game.ui.card_art import all_card_ids, face_info
    from game.ui.session import session_class
    from game.ui.sound import event_sound

    assert session_class(coin_game.GAME_ID) is HotseatSession
    assert len(all_card_ids(coin_game.GAME_ID)) == 12
    assert face_info(coin_game.GAME_ID, "coin-3").value == "4"
    assert event_sound(coin_game.GAME_ID, {"type": "challenge"}) == "gavel"


def test_new_game_offers_the_toy_game_with_its_player_counts(coins):
    app = new_app()
    app.scenes.reset(MenuScene(app))
    click_widget(app, "new_game")
    form = app.scenes.top
    assert isinstance(form, NewGameScene)
    assert coin_game.GAME_ID in form.games
    click_widget(app, f"game_{coin_game.GAME_ID}")
    assert form.game == coin_game.GAME_ID
    seats = form.ring.find("seats")
    assert (seats.minimum, seats.maximum) == (2, 4)  # CoinMatch: 2 to 4 players
    assert form.ring.find("option_double") is not None  # its option, labelled by its GameInfo
    form.set_seats(2)
    app.frame(wait=False)
    click_widget(app, "start")
    table = app.scenes.find(CoinTableScene)
    assert table is not None, [type(s).__name__ for s in app.scenes.stack]
    assert table.source.game == coin_game.GAME_ID and len(table.source.players) == 2


def test_rules_lists_the_toy_game_and_shows_its_page(coins):
    app = new_app()
    app.scenes.reset(MenuScene(app))
    scene = RulesScene(app, game=coin_game.GAME_ID)
    app.scenes.push(scene)
    app.frame(wait=False)
    assert coin_game.GAME_ID in scene.games and scene.game == coin_game.GAME_ID
    tab = scene.ring.find(f"rules_{coin_game.GAME_ID}")
    assert tab is not None and tab.label == "Coins"  # the title its GameInfo registered
    scene.show(coin_game.GAME_ID)
    app.frame(wait=False)
    assert scene._page is not None and scene._page.get_height() > scene.px(200)


def play_until_over(app, session, limit: float = 30.0) -> CoinTableScene:
    """Act as the players would: lift each curtain, click the first button of the table."""
    deadline = time.monotonic() + limit
    while not session.match.over:
        assert time.monotonic() < deadline, "the toy game did not end in time"
        top = app.scenes.top
        if isinstance(top, CurtainScene):
            top.lift()
            app.frame(wait=False)
            continue
        if getattr(session, "holding", False):
            session.release_hold()
            app.frame(wait=False)
            continue
        if isinstance(top, CoinTableScene) and session.screen_seat is None:
            seats = [s for s in session.pending_seats() if session.is_human(s)]
            session.request_seat(seats[0])
            app.frame(wait=False)
            continue
        assert isinstance(top, CoinTableScene), type(top).__name__
        assert top.view.get("seat") == session.screen_seat  # the table shows the seat on screen only
        hands = top.view.get("hands") or []
        assert all(h is None for s, h in enumerate(hands) if s != session.screen_seat)
        click_widget(app, "cmd_0")
    return app.scenes.find(CoinTableScene)


def test_the_toy_game_plays_hot_seat_to_its_end(coins, home):
    app = new_app()
    session = HotseatSession.new(
        app,
        coin_game.GAME_ID,
        ["Ann", "Bob", "Cy"],
        [],
        seed=5,
        bot_delay=0.0,
        save_path=home / "saves" / "coins.witchhunt.json",
    )
    table = open_table(app, session, base=MenuScene(app))
    assert isinstance(table, CoinTableScene)
    play_until_over(app, session)
    assert table.sent and session.match.over
    for _ in range(200):  # the session brings the game-over scene up by itself
        if app.scenes.find(GameOverScene) is not None:
            break
        app.frame(wait=False)
        time.sleep(0.01)
    assert app.scenes.find(GameOverScene) is not None


def test_continue_offers_a_saved_toy_game_and_resumes_it(coins, home):
    app = new_app()
    session = HotseatSession.new(app, coin_game.GAME_ID, ["Ann", "Bob"], [1], seed=8, bot_delay=0.0)
    session.match.apply(0, session.match.legal(0)[0])
    session._autosave()
    assert session.flush()
    state = session.match.to_json()
    app.scenes.reset(MenuScene(app))
    click_widget(app, "continue")
    cont = app.scenes.top
    assert isinstance(cont, ContinueScene)
    games = [s.game for s in cont.saves if s.error is None]
    assert games == [coin_game.GAME_ID]
    click_widget(app, "resume")
    table = app.scenes.find(CoinTableScene)
    assert table is not None
    assert table.source.match.to_json() == state


def test_the_toy_game_plays_over_a_lan_host_with_two_clients(coins, home):
    from game.net.host import Host
    from game.ui.scenes import lan
    from tests.net.helpers import FAST, on_host, wait_for

    assert os.environ["WITCHHUNT_DISCOVERY_ADDR"] == "127.0.0.1"
    app = new_app()
    app.scenes.reset(MenuScene(app))
    host = Host(
        coin_game.GAME_ID,
        2,
        seed=4,
        bind="127.0.0.1",
        port=0,
        timings=FAST,
        save_path=home / "lan.witchhunt.json",
        journal_sync=False,
    )
    host.start()
    sessions: list = []
    try:
        wait_for(lambda: host.port, what="the host to listen")
        for name in ("Ann", "Bob"):
            client = lan.new_client()
            client.connect("127.0.0.1", host.port, name)
            sessions.append(lan.LanSession(app, client))
            wait_for(lambda c=client: c.seat is not None, what=f"{name}'s seat")
        wait_for(lambda: all(s.client.view for s in sessions), what="the game to start")
        tables_open = [s.open_table() for s in sessions]
        assert all(isinstance(t, CoinTableScene) for t in tables_open)
        deadline = time.monotonic() + 30
        clicks = 0
        while not on_host(host, lambda: host.match.over):
            assert time.monotonic() < deadline, "the LAN toy game did not end in time"
            to_act = on_host(host, lambda: host.match.to_act())
            for session, table in zip(sessions, tables_open):
                if session.client.seat not in to_act:
                    continue
                app.scenes.stack.remove(table)  # this client's table to the front
                app.scenes.stack.append(table)
                table.dirty = True
                app.frame(wait=False)
                if table.commands and table.view.get("seat") == session.client.seat:
                    before = session.client.view
                    click_widget(app, "cmd_0")
                    clicks += 1
                    wait_for(lambda s=session, b=before: s.client.view is not b, what="the host's answer")
            app.frame(wait=False)
        assert clicks >= 2
        for session, table in zip(sessions, tables_open):
            wait_for(
                lambda s=session: (s.client.view or {}).get("over") or s.client.view.get("scores") is not None,
                what="the final view",
            )
            assert table.view.get("seat") == session.client.seat
            other = 1 - session.client.seat
            assert (table.view.get("hands") or [None, None])[other] is None  # never the other's coins
    finally:
        for session in sessions:
            session.close()
        host.stop()
        pygame.event.clear()
