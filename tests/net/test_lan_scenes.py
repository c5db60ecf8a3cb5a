"""The desktop LAN scenes over real sockets on 127.0.0.1: host a game
from the form, join from the list of announced tables, lobby, start, the table shows
exactly the host's view of our seat, and a move goes through the host."""

from __future__ import annotations

import socket

import pygame
import pytest

from game.ui.scenes import lan
from tests.net.helpers import on_host
from tests.net.lan_ui import frames_until as _frames_until


def _free_port(kind=socket.SOCK_STREAM) -> int:
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def host_lobby(app, game: str, seats: int, bots, name: str = "Ann", harder=(), options=()):
    """Host ``game`` from the Host form (``bots``: the seats bots play; ``harder``: bot
    seats whose level is stepped once, Normal to Hard; ``options``: boxes ticked) on a free
    port of 127.0.0.1: the lobby that opens on top. Input left in pygame's queue by an
    earlier test in this process is dropped first: a stray key or click would be the
    player's choice of focus in the fresh lobby."""
    pygame.event.clear()
    form = lan.HostScene(app)
    app.scenes.push(form)
    app.frame(wait=False)
    form.pick_game(game)
    form.set_seats(seats)
    for seat in range(1, seats):
        form.set_bot(seat, seat in bots)
    for seat in harder:
        form.next_level(seat)
    for key in options:
        form.set_option(key, True)
    form.set_name(name)
    form.set_port(str(_free_port()))
    form.host()
    return app.scenes.top


def test_host_form_opens_a_lobby_and_the_owner_starts_a_table_showing_only_our_view(app):
    # D4: the host's own player uses the same path as everyone else and sees only its seat
    lobby = host_lobby(app, "hammer", 3, [2])
    assert isinstance(lobby, lan.LobbyScene)
    session = lobby.session
    host = session.host
    assert host is not None and host.bind == "127.0.0.1"
    _frames_until(app, lambda: session.client.lobby is not None, what="the lobby")
    assert session.client.seat == 0 and session.client.welcome["owner"]
    _frames_until(app, lambda: lobby.ring.find("start") is not None, what="the owner's Start button")
    lobby.start_game()
    app.scenes.top.ring.find("confirm_yes").click()  # seat 2 is free: a bot may play it
    _frames_until(app, lambda: session.table is not None and app.scenes.top is session.table, what="the table")
    assert host.match.players == ["Ann", "Bot 2", "Bot 3"]
    # the host's bots think on worker threads (no delay): wait until they have placed
    # their pyres and their updates are here, so that our move is for the current state
    _frames_until(
        app,
        lambda: (
            on_host(host, lambda: not set(host.match.to_act()) & set(host.bots))
            and session.view() == on_host(host, lambda: host.match.view(0))
        ),
        what="in step",
    )
    legal = session.legal()
    assert legal
    assert session.submit(legal[0]) is None
    assert session.view()["state_id"] >= 1
    _frames_until(app, lambda: session.view() == on_host(host, lambda: host.match.view(0)), what="in step")
    app.scenes.pop()  # leave the table: the session closes and our host stops
    _frames_until(app, lambda: host.stopped.is_set(), what="the host to stop")


def test_start_with_a_free_seat_asks_before_a_bot_takes_it(app):
    """Start has the lobby's focus: an Enter while a friend was still joining started the
    game and gave their seat to a bot for good. With a seat nobody has taken, Start asks
    first; Wait keeps the lobby open, and the answer yes starts with a bot there."""
    from game.ui.scenes.menu_base import ConfirmScene
    from game.ui.smoke_common import post_key

    lobby = host_lobby(app, "hammer", 3, [2])
    session = lobby.session
    host = session.host
    _frames_until(app, lambda: lobby.ring.focus is lobby.ring.find("start") is not None, what="Start lit")
    post_key(app, pygame.K_RETURN)  # Enter on the fresh lobby: Start has the focus
    ask = app.scenes.top
    assert isinstance(ask, ConfirmScene) and "seat 2" in ask.question and host.match is None
    post_key(app, pygame.K_RETURN)  # Wait has the dialog's focus
    assert app.scenes.top is lobby and host.match is None
    lobby.start_game()
    app.scenes.top.ring.find("confirm_yes").click()
    _frames_until(app, lambda: session.table is not None and app.scenes.top is session.table, what="the table")
    assert on_host(host, lambda: host.match.players) == ["Ann", "Bot 2", "Bot 3"]
    app.scenes.pop()
    _frames_until(app, lambda: host.stopped.is_set(), what="the host to stop")


def test_a_resting_mouse_does_not_keep_leave_lit_in_a_fresh_lobby(app):
    """The lobby's buttons arrive with the host's welcome, and the useful one (Start) is
    lit then, unless the player already chose. The pointer resting on the window sent a
    move first: Leave stayed lit, and the first Enter left the table (a hosted one ended)."""
    lobby = host_lobby(app, "hammer", 3, [1, 2])
    session = lobby.session
    lobby._seen = session.revision  # as before the welcome: only Leave is there
    lobby.rebuild()
    lobby.ring.focus_on(lobby.ring.find("leave"))
    for _ in range(3):  # the pointer passing over the window
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0)))
        app.frame(wait=False)
    session.revision += 1  # the welcome comes: the lobby builds its buttons again
    _frames_until(app, lambda: lobby.ring.find("start") is not None, what="the owner's Start button")
    app.frame(wait=False)
    assert lobby.ring.focus is lobby.ring.find("start")
    session.close()
    app.scenes.pop()


def test_leaving_a_hosted_lobby_that_others_joined_asks_first(app):
    """Leave (or Esc) in the lobby we host ended the table for a friend who had already
    sat down, without a word, while leaving during the game asks. Now it asks too; alone
    at the table, Leave just leaves."""
    from game.ui.scenes.menu_base import ConfirmScene

    lobby = host_lobby(app, "hammer", 3, [2])
    session = lobby.session
    host = session.host
    _frames_until(app, lambda: lobby.ring.find("start") is not None, what="the owner's Start button")
    friend = lan.new_client()
    friend.connect("127.0.0.1", host.port, "Bob")
    try:
        _frames_until(
            app,
            lambda: any(s.get("taken") and s.get("seat") == 1 for s in (session.client.lobby or {}).get("seats", [])),
            what="Bob in the lobby",
        )
        lobby.back()
        ask = app.scenes.top
        assert isinstance(ask, ConfirmScene) and "ends it" in ask.question
        ask.ring.find("confirm_no").click()  # Stay
        assert app.scenes.top is lobby and not host.stopped.is_set()
        lobby.back()
        app.scenes.top.ring.find("confirm_yes").click()
        _frames_until(app, lambda: host.stopped.is_set(), what="the host to stop")
        assert app.scenes.top is not lobby
    finally:
        friend.close()


def _join_form_hearing_a_table(app, make_host, monkeypatch):
    """A Hammer host announcing "Bob's table" on a discovery port of its own, and the Join
    form on top once it lists the table: (host, form)."""
    udp = _free_port(socket.SOCK_DGRAM)
    monkeypatch.setenv("WITCHHUNT_DISCOVERY_PORT", str(udp))
    host = make_host("hammer", 3, bots=[1], announce=True, discovery_port=udp, table_name="Bob's table")
    form = lan.JoinScene(app)
    app.scenes.push(form)
    _frames_until(app, lambda: form.tables, what="the announced table")
    return host, form


def test_join_form_lists_an_announced_table_and_joins_it(app, make_host, monkeypatch):
    host, form = _join_form_hearing_a_table(app, make_host, monkeypatch)
    assert form.tables[0].table == "Bob's table" and form.tables[0].port == host.port
    form.pick(0)
    form.set_name("Cy")
    form.join()
    lobby = app.scenes.top
    assert isinstance(lobby, lan.LobbyScene)
    session = lobby.session
    _frames_until(app, lambda: session.client.seat == 0, what="a seat")
    other = lan.new_client()
    other.connect("127.0.0.1", host.port, "Dee")  # the last free seat: the game starts
    try:
        _frames_until(app, lambda: session.table is not None, what="the table")
        # the host's bot may move meanwhile: wait until the client is in step with it
        _frames_until(
            app,
            lambda: (
                session.view() == on_host(host, lambda: host.match.view(0))
                and session.log() == on_host(host, lambda: host.match.log(0))
            ),
            what="the client in step with the host",
        )
        assert session.players == ["Cy", "Bot 2", "Dee"] and session.bots == {1}
    finally:
        other.close()
    # a sentence of its own, so "Waiting for Dee." can follow it (not "Away: Bob Waiting for Bob.")
    _frames_until(app, lambda: "Away: Dee." in session.message, what="the connection indicator")
    host.drop(0)  # our own connection fails: the table says so, then we are back
    _frames_until(app, lambda: "Reconnected." in session.notices, what="the reconnect")
    assert session.notices[-2:] == ["Connection lost: reconnecting…", "Reconnected."]
    assert session.status == "connected"
    assert session.view() == on_host(host, lambda: host.match.view(0))


def test_join_joins_the_table_the_list_lights_without_a_pick(app, make_host, monkeypatch, tmp_path):
    """The list lit its first table, but Join (with the address field empty, as on a
    first join) only said "That address does not work: empty address.": the lit table's
    address now fills the field, and a click on Join sits us at that table."""
    from tests.ui.shell_helpers import post_click

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))  # no remembered address
    host, form = _join_form_hearing_a_table(app, make_host, monkeypatch)
    app.frame(wait=False)
    assert form.table_list.selected == 0
    assert form.ring.find("address").text == f"127.0.0.1:{host.port}"
    form.set_name("Cy")
    post_click(app, form.ring.find("join").rect.center)
    lobby = app.scenes.top
    assert isinstance(lobby, lan.LobbyScene)
    _frames_until(app, lambda: lobby.session.client.seat == 0, what="a seat")


def test_a_remembered_address_nobody_answers_yields_to_the_table_found(app, make_host, monkeypatch, tmp_path):
    """The field kept the last table joined even when the network showed another: Join
    then said it could not reach a table long gone (a host's address changes from one
    evening to the next). A remembered address that no table found answers to now yields
    to the first found table with a seat, lit in the list; an address typed on this visit
    stays, and lights no row (Join goes where the field says)."""
    from game.ui.settings import save_join_form

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    save_join_form("Cy", "127.0.0.1:1")
    host, form = _join_form_hearing_a_table(app, make_host, monkeypatch)
    app.frame(wait=False)
    assert form.table_list.selected == 0 and form.ring.find("address").text == f"127.0.0.1:{host.port}"
    form.ring.find("address").set_text("127.0.0.1:2")  # typed, as a key press would
    form.set_address("127.0.0.1:2")
    form.rebuild()
    app.frame(wait=False)
    assert form.table_list.selected is None and form.ring.find("address").text == "127.0.0.1:2"


def test_a_remembered_address_a_found_table_answers_to_stays(app, make_host, monkeypatch, tmp_path):
    """The last table joined is still on the network: its row is lit and the field keeps it."""
    from game.ui.settings import save_join_form

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    host, first = _join_form_hearing_a_table(app, make_host, monkeypatch)
    first.exit()  # its listener gives the discovery port back
    save_join_form("Cy", f"127.0.0.1:{host.port}")
    form = lan.JoinScene(app)
    app.scenes.push(form)
    _frames_until(app, lambda: form.tables, what="the announced table")
    app.frame(wait=False)
    assert form.ring.find("address").text == f"127.0.0.1:{host.port}" and form.table_list.selected == 0


def test_join_to_nowhere_goes_back_with_a_message(app):
    form = lan.JoinScene(app)
    app.scenes.push(form)
    form.set_address(f"127.0.0.1:{_free_port()}")
    form.set_name("Cy")
    form.join()
    _frames_until(app, lambda: app.scenes.top is form, what="back to the join form")
    assert form.toast.showing


def test_the_join_form_remembers_the_last_name_and_address(app, tmp_path, monkeypatch):
    """Join, come back to the menu, open Join again: the name and the address are those of
    the last join (as New game remembers its seats), typed with real input events."""
    import pygame

    from game.ui.scenes.menu import MenuScene
    from tests.ui.shell_helpers import post_click, post_key, post_text

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    address = f"127.0.0.1:{_free_port()}"  # nobody listens: the lobby goes back to the form
    app.scenes.reset(MenuScene(app))
    post_click(app, app.scenes.top.ring.find("join").rect.center)
    form = app.scenes.top
    assert isinstance(form, lan.JoinScene) and form.ring.find("name").text == "Player"
    post_click(app, form.ring.find("address").rect.center)
    post_text(app, address)
    name = form.ring.find("name")
    post_click(app, name.rect.center)
    post_key(app, pygame.K_END)
    for _ in range(len(name.text)):
        post_key(app, pygame.K_BACKSPACE)
    post_text(app, "Cy")
    post_click(app, form.ring.find("join").rect.center)
    _frames_until(app, lambda: app.scenes.top is form, what="back to the join form")
    app.scenes.reset(MenuScene(app))  # later: the main menu, Join again
    post_click(app, app.scenes.top.ring.find("join").rect.center)
    again = app.scenes.top
    assert isinstance(again, lan.JoinScene) and again is not form
    assert again.ring.find("address").text == address and again.ring.find("name").text == "Cy"


def test_the_lan_game_over_says_how_it_ended_and_shows_the_final_table(app):
    """The LAN game-over screen, like the hot-seat one: the end view's ``ending`` above the
    scores, "See the final table" (T) over the table below it, Esc back to the scores."""
    import pygame

    from game.ui.scene import Scene
    from tests.ui.shell_helpers import post_click, post_key

    class Client:
        result = {"scores": [3, 5], "winners": [1]}

    class Session:
        client, players, absent = Client(), ["Ann", "Bob"], set()

        def view(self):
            return {"over": True, "ending": "Bob turned up the last Witch card. Bob wins with 5."}

        def close(self):
            pass

    table = Scene(app)
    app.scenes.push(table)
    over = lan.LanGameOverScene(app, Session())
    app.scenes.push(over)
    app.frame(wait=False)
    assert " ".join(over.ending_lines(1000)) == Session().view()["ending"]
    post_click(app, over.ring.find("final_table").rect.center)
    assert over.looking and app.scenes.visible() == [table, over]
    post_key(app, pygame.K_ESCAPE)
    assert not over.looking and app.scenes.visible() == [over]


def test_the_lan_game_over_lists_no_ghost(app, monkeypatch):
    """Salem at three with ghosts: the scores listed "Mary Warren: 0" among the players."""
    import game.ui.scenes.lan.session as session_module

    class Client:
        result = {"scores": [1, 0, 1, 0], "winners": [0, 2]}

    class Session:
        client, players, absent = Client(), ["Ann", "Bob", "Cy", "Mary Warren"], {3}

        def view(self):
            return {"over": True, "ending": "The town wins."}

        def close(self):
            pass

    drawn: list[str] = []
    real = session_module.draw_text
    monkeypatch.setattr(
        session_module, "draw_text", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text, *a, **k)
    )
    over = lan.LanGameOverScene(app, Session())
    app.scenes.push(over)
    app.draw(force=True)
    app.scenes.pop()
    assert {"Ann: 1  ★", "Cy: 1  ★", "Bob: 0"} <= set(drawn)
    assert not [line for line in drawn if line.startswith("Mary Warren")]


@pytest.mark.parametrize("size", [(1264, 648), (1920, 1080)])
def test_a_twelve_seat_lobby_shows_every_seat_inside_its_panel(app, monkeypatch, size):
    """Salem seats 12: the lobby lists them in two columns inside its panel, each line
    whole, the notes under them (one column of 12 ran past the panel's bottom, under the
    Leave and Start buttons, in the window a 1280x720 screen opens; and at 1920x1080 a free
    seat's "(free) — waiting for a play…" was cut: it now says "waiting for a player")."""
    from game.ui.scenes.lan import lobby as lobby_module

    assert app.set_window_size(size)
    form = lan.HostScene(app)
    app.scenes.push(form)
    form.pick_game("salem")
    form.set_seats(12)
    for seat in range(2, 12, 2):
        form.set_bot(seat, True)
    form.set_name("Ann")
    form.set_port(str(_free_port()))
    form.host()
    lobby = app.scenes.top
    assert isinstance(lobby, lan.LobbyScene)
    _frames_until(app, lambda: len((lobby.client.lobby or {}).get("seats", [])) == 12, what="the lobby")
    drawn: list[tuple[str, object]] = []
    real = lobby_module.draw_text

    def noting(surface, text, pos, size=20, col=None, *args, **kwargs):
        rect = real(surface, text, pos, size, col, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(lobby_module, "draw_text", noting)
    lobby.draw_extra(app.screen)
    w, h = app.size
    pw = min(w - 60, lobby.px(760))
    panel = app.screen.get_rect().__class__(w // 2 - pw // 2, lobby.px(130), pw, h - lobby.px(260))
    seats = [(t, r) for t, r in drawn if t.startswith("Seat ")]
    assert [t.split(":")[0] for t, _r in seats] == [f"Seat {i}" for i in range(1, 13)]
    for text, rect in seats:
        assert panel.contains(rect) and "\u2026" not in text, (text, rect, panel)
    rects = [r for _t, r in drawn]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    note = next(r for t, r in drawn if t.startswith("If a player loses"))
    assert panel.contains(note)


def test_a_malleus_lobby_names_the_prevots_seat(app):
    """A joiner read "Seat 1: Ann — here" and could not tell who runs the story: the
    lobby names the seats as the New game form does (docs/rules/malleus.md: the Prévôt
    and the players); other games' seats keep their numbers."""
    lobby = host_lobby(app, "malleus", 4, [2, 3])
    try:
        _frames_until(app, lambda: len((lobby.client.lobby or {}).get("seats", [])) == 4, what="the lobby")
        lines = [text for text, _colour in lobby.seat_lines(lobby.client.lobby, lobby.client)]
        assert lines[0].startswith("Prévôt: Ann") and lines[0].endswith("\u2190 you"), lines
        assert [line.split(":")[0] for line in lines[1:]] == ["Player 1", "Player 2", "Player 3"]
        # a bot is numbered as its seat is: "Player 2: Bot 2" (it read "Player 2: Bot 3")
        assert lines[2].startswith("Player 2: Bot 2 ") and lines[3].startswith("Player 3: Bot 3 "), lines
        hammer = {"game": "hammer", "seats": lobby.client.lobby["seats"]}
        assert lobby.seat_lines(hammer, lobby.client)[0][0].startswith("Seat 1: Ann")
    finally:
        lobby.session.close()
        app.scenes.pop()


def test_the_host_form_names_malleus_seats_as_the_new_game_form_does(app):
    """Hosting Malleus, the bot boxes read "Seat 2 … Seat 4" and the name "Your name":
    nothing said the host runs the story. They read as the New game form's seats."""
    from game.ui.widgets import Checkbox, Label

    form = lan.HostScene(app)
    app.scenes.push(form)
    try:
        for game, bots, you in (
            ("malleus", ["Player 1", "Player 2", "Player 3"], "Prévôt (you)"),
            ("hammer", ["Seat 2", "Seat 3", "Seat 4"], "Your name"),
        ):
            form.pick_game(game)
            form.set_seats(4)
            app.frame(wait=False)
            widgets = form.ring.all()
            assert [w.label for w in widgets if isinstance(w, Checkbox) and w.name.startswith("bot_")] == bots
            assert you in [w.text for w in widgets if isinstance(w, Label)], game
    finally:
        app.scenes.pop()


def test_the_host_form_keeps_no_empty_row_for_levels_a_game_has_not(app):
    """Hosting Malleus left a blank row under the bot boxes: the row of bot levels, which
    Malleus' bots (one story-moving style) never show. It is there only where bots search,
    and ticking a box there still shows its level."""
    from game.ui.widgets import Checkbox

    form = lan.HostScene(app)
    app.scenes.push(form)
    try:
        gaps = {}
        for game in ("malleus", "hammer"):
            form.pick_game(game)
            form.set_seats(4)
            app.frame(wait=False)
            boxes = [w for w in form.ring.all() if isinstance(w, Checkbox) and w.name.startswith("bot_")]
            below = min(w.rect.y for w in form.ring.all() if w.visible and w.rect.y > boxes[0].rect.bottom + 2)
            gaps[game] = below - boxes[0].rect.bottom
            levels = [w for w in form.ring.all() if getattr(w, "name", "").startswith("level_")]
            assert (game == "malleus") == (not levels), game
        assert gaps["malleus"] < form.px(30) < gaps["hammer"], gaps
        form.pick_game("hammer")
        form.set_bot(1, True)
        assert form.ring.find("level_1").visible
    finally:
        app.scenes.pop()


def test_the_lobby_says_how_the_game_starts(app, monkeypatch):
    """A joiner's lobby showed the seats and a Ready box, and no word of what Ready does
    or who starts the game (PROTOCOL.md §7): each lobby now says it, in the player's terms."""
    from types import SimpleNamespace

    from game.ui.scenes.lan import lobby as lobby_module

    lobby = host_lobby(app, "hammer", 3, [2])
    try:
        _frames_until(app, lambda: len((lobby.client.lobby or {}).get("seats", [])) == 3, what="the lobby")
        state = lobby.client.lobby
        assert lobby.start_words(state, lobby.client) == (
            "The game starts when you press Start, or when every player is ready."
        )
        joiner = SimpleNamespace(welcome={"owner": False}, seat=1)
        assert lobby.start_words(state, joiner) == "The game starts when Ann starts it, or when every player is ready."
        headless = dict(state, auto_start=True)
        assert lobby.start_words(headless, joiner) == "The game starts as soon as every seat is taken."
        assert lobby.start_words(dict(state, started=True), joiner) == ""
        drawn: list[str] = []
        real = lobby_module.draw_text

        def noting(surface, text, *args, **kwargs):
            drawn.append(text)
            return real(surface, text, *args, **kwargs)

        monkeypatch.setattr(lobby_module, "draw_text", noting)
        lobby.draw_extra(app.screen)
        assert "The game starts when you press Start, or when every player is ready." in drawn
        assert "Seat 1: Ann \u2014 here \u2190 you" in drawn  # one space before the arrow
    finally:
        lobby.session.close()
        app.scenes.pop()


def test_the_host_form_brings_back_the_last_table_hosted(app, tmp_path, monkeypatch):
    """The Host form came up as "Host" at four seats of the first game every time, however
    often the same table had been hosted; like the New game form it now brings back the
    last table's game, seats, bot seats and levels, the host's name, port and stand-in
    wait. A first Host form takes the name last used to join a table; a damaged file
    gives the defaults."""
    import game.ui.settings as settings

    monkeypatch.setattr(settings, "join_path", lambda: tmp_path / "join.json")
    settings.save_join_form("Wilma", "10.0.0.5:41692")
    first = lan.HostScene(app)
    assert first.name == "Wilma" and first.seats == 4 and not any(first.bots)
    lobby = host_lobby(app, "salem", 5, [2, 4], name="Ann")
    lobby.session.close()
    app.scenes.pop()
    again = lan.HostScene(app)
    assert (again.game, again.seats, again.name) == ("salem", 5, "Ann")
    assert [s for s, b in enumerate(again.bots) if b] == [2, 4]
    assert int(again.port_text) == lobby.session.host.port and again.standin_text == "30"
    settings.save_host_form(
        "salem", 5, "Ann", [2], {}, 41692, 30, options={"salem": {"extra_witch": True}}, timers={"salem": 30}
    )
    timed = lan.HostScene(app)  # each game's options and timer come back too
    assert timed.chosen_options() == {"extra_witch": True} and timed.timer_options() == {"timer_s": 30}
    settings.host_form_path().write_text('{"game": "salem", "seats": "five"}')
    damaged = lan.HostScene(app)
    assert damaged.name == "Wilma" and damaged.seats == 4 and not any(damaged.bots)


def test_continue_hosts_a_saved_lan_game_again_on_its_port(app, tmp_path, monkeypatch):
    """A LAN game hosted from the desktop was listed under Continue, and Resume said only
    "resume it with witchhunt host --resume" (a command line a desktop player never
    sees): the laptop that hosted it had dropped or been closed, and the game was lost to
    the table. Resume now hosts it again as the same table on the same port (the players'
    clients call that port again and take their seats back with their tokens), our own
    seat taken back with the owner's token, at the move it was left."""
    from game.saves import list_saves
    from game.ui.scenes.continue_game import ContinueScene

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    lobby = host_lobby(app, "hammer", 3, [1, 2])
    session = lobby.session
    host = session.host
    port, table_id = host.port, host.table_id
    _frames_until(app, lambda: lobby.ring.find("start") is not None, what="the owner's Start button")
    lobby.start_game()
    _frames_until(app, lambda: session.table is not None and app.scenes.top is session.table, what="the table")
    _frames_until(
        app,
        lambda: on_host(host, lambda: not set(host.match.to_act()) & set(host.bots)) and session.legal(),
        what="our move",
    )
    assert session.submit(session.legal()[0]) is None
    _frames_until(app, lambda: on_host(host, lambda: host.match.state_id) >= 1, what="the move")
    left_at = on_host(host, lambda: host.match.state_id)
    from game.ui.scenes.table_menu import TableMenuScene

    menu = TableMenuScene(app, session)
    app.scenes.push(menu)
    menu.leave()  # the question says the game waits to be resumed, not that it ends
    assert "until you resume it (Continue)" in app.scenes.top.question, app.scenes.top.question
    app.scenes.pop()
    app.scenes.pop()
    app.scenes.pop()  # the table is left: the session closes, our host stops and saves
    _frames_until(app, lambda: host.stopped.is_set(), what="the host to stop")
    saves = [s for s in list_saves() if s.kind == "host"]
    assert len(saves) == 1 and saves[0].error is None
    scene = ContinueScene(app)
    app.scenes.push(scene)
    row = next(r for r in scene.list.rows if r.data.kind == "host")
    assert row.detail.startswith("Hosted LAN game, hosted again on Resume · "), row.detail
    assert row.text == "The Hammer of the Witches: Ann, Bot 2, Bot 3", row.text  # not "Bot 2 (bot)"
    scene.select(next(i for i, s in enumerate(scene.saves) if s.kind == "host"))
    scene.resume_selected()
    again = app.scenes.top
    assert isinstance(again, lan.LobbyScene), app.scenes.top
    new_host = again.session.host
    try:
        assert (new_host.port, new_host.table_id) == (port, table_id)
        assert on_host(new_host, lambda: new_host.match.state_id) >= left_at
        _frames_until(app, lambda: again.session.table is not None, what="the table again")
        assert again.session.client.seat == 0
    finally:
        again.session.close()
        app.scenes.pop()
        _frames_until(app, lambda: new_host.stopped.is_set(), what="the host to stop")


def test_continue_sends_a_dedicated_hosts_game_to_the_command_line(app, monkeypatch, tmp_path):
    """A game a dedicated host (no window, no seat of its own) saved has no owner's seat
    for the app to take back: Resume says how to host it again, whole."""
    from types import SimpleNamespace

    from game.ui.scenes.lan import forms

    fake = SimpleNamespace(owner_token=None, game="salem", n=5)
    monkeypatch.setattr(forms.net_host.Host, "resume", classmethod(lambda cls, path, **kw: fake))
    from game.engine import SaveError

    with pytest.raises(SaveError) as said:
        app.scenes.push("resumed_lobby", path=tmp_path / "h.witchhunt.json")
    assert str(said.value) == (
        "This game was hosted without a window: resume it with "
        f"witchhunt host salem --players 5 --headless --resume {tmp_path / 'h.witchhunt.json'}"
    )


def test_a_table_found_where_we_keep_a_seat_says_so(app, make_host, monkeypatch, tmp_path):
    """A player whose app was closed came back to the Join form and saw "Bob's table … 0 of
    3 seats free", greyed: nothing said their seat was kept for them. A table this profile
    holds a seat's token for says "your seat is kept" and can be picked; others do not."""
    from game.net.tokens import TokenStore

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    host, form = _join_form_hearing_a_table(app, make_host, monkeypatch)
    app.frame(wait=False)
    assert not form.table_list.rows[0].detail.endswith("your seat is kept")
    TokenStore().remember(f"127.0.0.1:{host.port}", host.table_id, "a-token", game="hammer", seat=0)
    form.rebuild()
    row = form.table_list.rows[0]
    assert row.detail.endswith(" · your seat is kept") and row.enabled, row
    TokenStore().remember(f"127.0.0.1:{host.port}", "another-table", "b-token", game="hammer", seat=0)
    assert form.holds_seat(form.tables[0])  # this table's own token, not the newest at the address
    app.scenes.pop()


def test_the_lobby_says_how_well_each_bot_plays(app):
    """The lobby said "Seat 3: Bot 3 — bot" whatever level the host chose: players could
    not tell an Easy table from a Hard one. The host's lobby message carries each bot
    seat's level (PROTOCOL.md §5, ``level``) and the lobby says it; a game whose bots
    have no levels (Malleus) says "bot" alone."""
    lobby = host_lobby(app, "hammer", 4, [2, 3], harder=[3])  # seat 4 Normal -> Hard
    try:
        _frames_until(app, lambda: len((lobby.client.lobby or {}).get("seats", [])) == 4, what="the lobby")
        seats = lobby.client.lobby["seats"]
        assert [s["level"] for s in seats] == [None, None, "normal", "hard"]
        lines = [text for text, _colour in lobby.seat_lines(lobby.client.lobby, lobby.client)]
        assert lines[2] == "Seat 3: Bot 3 \u2014 bot (Normal)" and lines[3] == "Seat 4: Bot 4 \u2014 bot (Hard)", lines
    finally:
        lobby.session.close()
        app.scenes.pop()
    malleus = host_lobby(app, "malleus", 4, [2, 3])
    try:
        _frames_until(app, lambda: len((malleus.client.lobby or {}).get("seats", [])) == 4, what="the lobby")
        assert [s["level"] for s in malleus.client.lobby["seats"]] == [None, None, None, None]
        lines = [text for text, _colour in malleus.seat_lines(malleus.client.lobby, malleus.client)]
        assert lines[2].endswith("\u2014 bot"), lines
    finally:
        malleus.session.close()
        app.scenes.pop()


def test_the_lobby_names_the_tables_options(app):
    """A joiner could not tell a variant table from a plain one: the lobby showed the
    timer but not the options ticked on the Host form. It names them in the game's words;
    a table with none says nothing of them."""
    for game, seats, ticked, said in (
        ("salem", 5, ["town_hall", "extra_witch"], "Options: Town Hall characters and Extra witch."),
        ("malleus", 4, ["village"], "Options: A ready village (skip building)."),
        ("hammer", 3, [], ""),
    ):
        lobby = host_lobby(app, game, seats, range(2, seats), options=ticked)
        _frames_until(app, lambda lobby=lobby: lobby.client.welcome is not None, what="the welcome")
        try:
            assert lobby.options_words(lobby.client) == said, game
        finally:
            lobby.session.close()
            app.scenes.pop()


def test_hosting_on_a_busy_port_says_what_to_do(app):
    """A second table on a port this computer already hosts on said "Cannot listen on port
    41692: Address already in use": it says why in the player's words and what to do."""
    first = host_lobby(app, "hammer", 3, [1, 2])
    port = first.session.host.port
    try:
        form = lan.HostScene(app)
        app.scenes.push(form)
        app.frame(wait=False)
        form.pick_game("hammer")
        form.set_port(str(port))
        form.host()
        assert app.scenes.top is form
        assert form.toast.text == (
            f"Cannot listen on port {port} (another table is hosted on it: close that one, or pick another port)"
        )
        app.scenes.pop()
    finally:
        first.session.close()
        app.scenes.pop()


def test_start_waits_until_the_lobby_knows_the_seats(app, monkeypatch):
    """Before the host's first lobby message the owner's lobby had a Start button and
    could not tell a free seat: an Enter then started the game at once, a bot in every
    free seat, without the question (seen once on a loaded machine). Start appears once
    the seats are known, and a start asked before then does nothing."""
    lobby = host_lobby(app, "hammer", 3, [2])
    host = lobby.session.host
    try:
        _frames_until(app, lambda: lobby.ring.find("start") is not None, what="Start")
        client = lobby.session.client
        started = []
        monkeypatch.setattr(client, "start_game", lambda: started.append(1) or True)
        monkeypatch.setattr(client, "lobby", None)
        lobby.rebuild()
        assert lobby.ring.find("start") is None
        lobby.start_game()
        assert started == [] and app.scenes.top is lobby and host.match is None
    finally:
        lobby.session.close()
        app.scenes.pop()
