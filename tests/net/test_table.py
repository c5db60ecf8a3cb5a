"""The host and client over real sockets on 127.0.0.1, with the toy counting game
(DESIGN D4; the rules-free parts)."""

from __future__ import annotations

import json
import time

import pytest

from game.net.client import CONNECTED, LOST, RECONNECTING, BotClient, Client, JoinError
from game.net.host import Host, Timings
from tests.net.helpers import FAST, RawPeer, on_host, wait_for

GAME = "_counting"


def _bots(clients, port, n, **kwargs):
    out = []
    for i in range(n):
        bot = BotClient(seed=i, record=True, **kwargs)
        clients.append(bot)
        bot.connect("127.0.0.1", port, f"Bot{i}")
        out.append(bot)
    return out


def test_bot_clients_play_to_the_end_and_see_exactly_their_view(counting_game, make_host, clients):
    # D4: each update carries view(seat) of that connection only
    host = make_host(GAME, 3)
    bots = _bots(clients, host.port, 3)
    for bot in bots:
        assert bot.finished.wait(10)
    assert host.match.over
    for bot in bots:
        assert bot.view == host.match.view(bot.seat)
        assert bot.events == host.match.log(bot.seat)
        secrets = {m["view"]["secret"] for m in bot.received if m["type"] == "update"}
        assert secrets == {host.match.state["secret"][bot.seat]}
    assert sorted(b.seat for b in bots) == [0, 1, 2]


def test_spectator_gets_view_none_only(counting_game, make_host, clients):
    # D4: spectators get view(None)
    host = make_host(GAME, 2)
    watcher = Client()
    clients.append(watcher)
    welcome = watcher.connect("127.0.0.1", host.port, "Eve", spectate=True)
    assert welcome["seat"] is None
    bots = _bots(clients, host.port, 2)
    for bot in bots:
        assert bot.finished.wait(10)
    wait_for(lambda: watcher.view and watcher.view["over"], what="the spectator's last update")
    updates = [m for m in watcher.poll() if m["type"] == "update"]
    assert updates and all(u["view"]["seat"] is None and u["view"]["secret"] is None for u in updates)
    assert all(u["legal"] == [] for u in updates)
    assert watcher.view == host.match.view(None)
    assert watcher.events == host.match.log(None)
    assert watcher.send_command({"type": "add", "amount": 1})
    error = wait_for(lambda: next((m for m in watcher.poll() if m["type"] == "error"), None), what="an error")
    assert error["code"] == "spectator"


def test_commands_act_only_for_the_connections_own_seat(counting_game, make_host):
    # D4: identity from the connection; a command never names its seat
    host = make_host(GAME, 2)
    ann, bob = RawPeer(host.port), RawPeer(host.port)
    ann.send({"type": "hello", "name": "Ann", "version": 1})
    bob.send({"type": "hello", "name": "Bob", "version": 1})
    update, _ = bob.recv_until("update")
    assert update["view"]["to_act"] == [0] and update["legal"] == []
    before = on_host(host, host.match.to_json)
    bob.send({"type": "command", "state_id": 0, "command": {"type": "add", "amount": 3, "seat": 0}})
    error, _ = bob.recv_until("error")
    assert error["code"] == "illegal" and error["rule"] == "not_your_turn"
    assert on_host(host, host.match.to_json) == before
    ann.recv_until("update")
    ann.send({"type": "command", "state_id": 0, "command": {"type": "add", "amount": 3}})
    update, _ = ann.recv_until("update")
    assert update["view"]["total"] == 3 and update["view"]["state_id"] == 1
    ann.close(), bob.close()


def test_stale_state_id_is_refused_with_a_fresh_update(counting_game, make_host):
    # D4: a command with an old state_id is refused and answered with a fresh update
    host = make_host(GAME, 2)
    ann, bob = RawPeer(host.port), RawPeer(host.port)
    ann.send({"type": "hello", "name": "Ann", "version": 1})
    bob.send({"type": "hello", "name": "Bob", "version": 1})
    ann.recv_until("update")
    ann.send({"type": "command", "state_id": 0, "command": {"type": "add", "amount": 1}})
    ann.recv_until("update")
    bob.send({"type": "command", "state_id": 7, "command": {"type": "add", "amount": 1}})
    error, _ = bob.recv_until("error")
    assert error["code"] == "stale" and error["state_id"] == 1
    fresh = bob.recv()
    assert fresh["type"] == "update" and fresh["view"]["state_id"] == 1 and fresh["legal"]
    assert host.match.state_id == 1
    ann.close(), bob.close()


def test_illegal_command_gets_the_engines_message_and_changes_nothing(counting_game, make_host):
    host = make_host(GAME, 2)
    ann, bob = RawPeer(host.port), RawPeer(host.port)
    ann.send({"type": "hello", "name": "Ann", "version": 1})
    bob.send({"type": "hello", "name": "Bob", "version": 1})
    ann.recv_until("update")
    before = on_host(host, host.match.to_json)
    ann.send({"type": "command", "state_id": 0, "command": {"type": "add", "amount": 9}})
    error, _ = ann.recv_until("error")
    assert error["code"] == "illegal" and error["rule"] == "bad_amount" and "1, 2 or 3" in error["message"]
    assert on_host(host, host.match.to_json) == before
    ann.close(), bob.close()


@pytest.mark.parametrize(
    "line, code",
    [
        (b"not json", "bad_json"),
        (b"\xc3\x28", "bad_json"),
        (b"[]", "not_object"),
        (b'{"type":"teleport"}', "unknown_type"),
        (b'{"type":"chat","text":5}', "bad_field"),
        (b'{"type":"command","state_id":0,"command":{"type":"add"}}', "hello_first"),
        (b"x" * 70000, "too_long"),
    ],
)
def test_junk_gets_an_error_and_the_connection_keeps_working(counting_game, make_host, line, code):
    # D4: a malformed line, an oversized line, an unknown message or a wrong type gets an error
    host = make_host(GAME, 2)
    peer = RawPeer(host.port)
    peer.send_line(line)
    error, _ = peer.recv_until("error")
    assert error["code"] == code and error["message"]
    peer.send({"type": "ping"})
    peer.recv_until("pong")
    peer.close()


def test_a_connection_that_keeps_sending_junk_is_closed(counting_game, make_host):
    host = make_host(GAME, 2)
    peer = RawPeer(host.port)
    for _ in range(19):
        peer.send_line(b"junk")
    for _ in range(19):
        assert peer.recv()["code"] == "bad_json"
    peer.send({"type": "ping"})
    peer.recv_until("pong")
    peer.send_line(b"junk")
    assert peer.recv()["code"] == "bad_json"
    assert peer.recv()["code"] == "too_many_errors"
    assert peer.closed()
    other = RawPeer(host.port)  # the host is still there for everyone else
    other.send({"type": "ping"})
    other.recv_until("pong")
    other.close()


def test_names_are_sanitised(counting_game, make_host):
    host = make_host(GAME, 2)
    peer = RawPeer(host.port)
    peer.send({"type": "hello", "name": "\x1b[31mEvil\u202e\nName" + "x" * 100, "version": 1})
    welcome, _ = peer.recv_until("welcome")
    assert welcome["name"].startswith("[31mEvilNamex") and len(welcome["name"]) <= 24
    assert all(ch.isprintable() for ch in welcome["name"])
    peer.close()


def test_lobby_lists_seats_then_the_game_starts_when_every_seat_is_taken(counting_game, make_host, clients):
    # the dedicated host starts once every seat not played by a bot is taken
    host = make_host(GAME, 3, bots=[1])
    ann = Client()
    clients.append(ann)
    welcome = ann.connect("127.0.0.1", host.port, "Ann")
    assert welcome["seat"] == 0 and welcome["started"] is False and welcome["options"]["bots"] == [1]
    lobby = wait_for(lambda: ann.lobby, what="a lobby message")
    assert [s["bot"] for s in lobby["seats"]] == [False, True, False]
    assert lobby["waiting_for"] == [2] and lobby["started"] is False
    assert host.match is None
    bob = Client()
    clients.append(bob)
    assert bob.connect("127.0.0.1", host.port, "Bob")["seat"] == 2
    wait_for(lambda: ann.view is not None, what="the first update")
    assert host.match.players == ["Ann", "Bot 2", "Bob"]
    assert ann.lobby["started"] and all(s["connected"] or s["bot"] for s in ann.lobby["seats"])
    late = Client()
    clients.append(late)
    with pytest.raises(JoinError) as exc:
        late.connect("127.0.0.1", host.port, "Late")
    assert exc.value.code == "table_full"


def test_owner_starts_the_game_and_empty_seats_go_to_bots(counting_game, make_host, clients):
    host = make_host(GAME, 3, owner_name="Ann", auto_start=False)
    ann = Client()
    clients.append(ann)
    welcome = ann.connect("127.0.0.1", host.port, "ignored", token=host.owner_token)
    assert welcome["seat"] == 0 and welcome["owner"] and welcome["name"] == "Ann"
    bob = Client()
    clients.append(bob)
    assert bob.connect("127.0.0.1", host.port, "Bob")["seat"] == 1
    assert bob.ready()
    wait_for(lambda: bob.lobby and bob.lobby["seats"][1]["ready"], what="Bob ready in the lobby")
    assert bob.start_game()
    wait_for(lambda: bob.last_error and bob.last_error["code"] == "not_owner", what="not_owner")
    assert host.match is None
    assert ann.start_game()
    wait_for(lambda: ann.view is not None, what="the game to start")
    assert host.match.players[2] == "Bot 3" and host.match.options["bots"] == [2]


def test_silent_peer_is_disconnected(counting_game, make_host):
    # D4: a peer silent for 15 s (here 1 s) is disconnected
    host = make_host(GAME, 2, timings=Timings(heartbeat=0.2, silence=1.0))
    peer = RawPeer(host.port)
    peer.send({"type": "hello", "name": "Ann", "version": 1})
    peer.recv_until("welcome")
    started = time.monotonic()
    assert peer.closed(timeout=4.0)
    assert 0.8 <= time.monotonic() - started < 6.0
    wait_for(lambda: host.lobby()["seats"][0]["connected"] is False, what="the seat to show as left")
    assert host.lobby()["seats"][0]["taken"]


def test_client_heartbeat_keeps_a_quiet_connection_open(counting_game, make_host, clients):
    host = make_host(GAME, 2, timings=Timings(heartbeat=0.2, silence=1.2))
    ann = Client()
    clients.append(ann)
    ann.connect("127.0.0.1", host.port, "Ann")
    assert ann.heartbeat == 0.2 and ann.silence == 1.2  # taken from the welcome
    time.sleep(2.5)  # twice the silence limit, with pings every 0.2 s
    assert ann.status == CONNECTED and host.lobby()["seats"][0]["connected"]
    assert host.stats["connections"] == 1  # never dropped and reconnected


def test_reconnect_with_token_gets_the_same_seat_and_a_full_update(counting_game, make_host, clients):
    # D4: a client that comes back with its token gets its seat and a full update
    host = make_host(GAME, 2)
    ann = BotClient(seed=1, record=True)
    bob = Client()
    clients += [ann, bob]
    ann.paused = True
    ann.connect("127.0.0.1", host.port, "Ann")
    bob.connect("127.0.0.1", host.port, "Bob")
    wait_for(lambda: ann.view is not None)
    token = ann.token
    ann.close()
    wait_for(lambda: not host.lobby()["seats"][0]["connected"], what="the host to see Ann gone")
    again = Client()
    clients.append(again)
    welcome = again.connect("127.0.0.1", host.port, "Ann again", token=token)
    assert welcome["seat"] == 0 and welcome["token"] == token
    update = wait_for(lambda: next((m for m in again.poll() if m["type"] == "update"), None))
    assert update["full"] and update["view"] == host.match.view(0)
    assert update["events"] == host.match.log(0) and update["legal"] == host.match.legal(0)
    bad = Client()
    clients.append(bad)
    with pytest.raises(JoinError) as exc:
        bad.connect("127.0.0.1", host.port, "Mallory", token="0" * 32)
    assert exc.value.code == "bad_token"


def test_client_reconnects_by_itself_after_a_dropped_connection(counting_game, make_host, clients):
    host = make_host(GAME, 2)
    ann = Client(backoff_start=0.05)
    bob = Client()
    clients += [ann, bob]
    ann.connect("127.0.0.1", host.port, "Ann")
    bob.connect("127.0.0.1", host.port, "Bob")
    wait_for(lambda: ann.view is not None)
    ann.poll()
    host.drop(0)
    wait_for(lambda: any(m == {"type": "status", "status": RECONNECTING} for m in ann.poll()), what="reconnecting")
    wait_for(lambda: ann.status == CONNECTED and host.lobby()["seats"][0]["connected"], what="back")
    assert ann.seat == 0
    assert ann.send_command({"type": "add", "amount": 2})
    wait_for(lambda: host.match.state_id == 1, what="the command after reconnecting")
    host.stop()
    wait_for(lambda: ann.status == RECONNECTING, what="reconnecting after the host went away")


def test_client_gives_up_and_reports_lost(counting_game, make_host, clients):
    host = make_host(GAME, 2)
    ann = Client(backoff_start=0.05, backoff_max=0.1, give_up_after=0.5)
    clients.append(ann)
    ann.connect("127.0.0.1", host.port, "Ann")
    host.stop()
    wait_for(lambda: ann.status == LOST, timeout=5, what="lost")


def test_unreachable_host_is_one_clear_error(clients):
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    client = Client()
    clients.append(client)
    with pytest.raises(JoinError) as exc:
        client.connect("127.0.0.1", port, "Ann")
    assert exc.value.code == "unreachable" and "\n" not in str(exc.value)


def test_empty_seat_is_played_by_a_bot_until_its_owner_returns(counting_game, make_host, clients):
    # a seat empty for 60 s (here 0.3 s) is played by a bot until its owner returns
    host = make_host(GAME, 2, timings=Timings(heartbeat=0.2, silence=3.0, seat_bot_after=0.3))
    ann = BotClient(seed=1)
    bob = Client()
    clients += [ann, bob]
    ann.paused = True
    ann.connect("127.0.0.1", host.port, "Ann")
    bob.connect("127.0.0.1", host.port, "Bob")
    wait_for(lambda: ann.view is not None)
    token = ann.token
    ann.close()
    # seat 0 is to act; after 0.3 s its stand-in moves, then it is Bob's turn
    wait_for(lambda: host.match.state_id >= 1, what="the stand-in bot's move")
    assert host.lobby()["seats"][0]["standin"]
    assert bob.lobby["seats"][0]["standin"] or wait_for(lambda: bob.lobby["seats"][0]["standin"])
    back = Client()
    clients.append(back)
    back.connect("127.0.0.1", host.port, "Ann", token=token)
    wait_for(lambda: not host.lobby()["seats"][0]["standin"], what="the stand-in to stop")
    sid = host.match.state_id
    wait_for(lambda: bob.state_id == sid, what="Bob's update")
    assert bob.send_command({"type": "add", "amount": 1})
    wait_for(lambda: host.match.state_id == sid + 1)
    time.sleep(0.5)
    assert host.match.state_id == sid + 1  # seat 0 is Ann's again: no bot moved for her
    assert host.match.to_act() == [0]


def test_chat_is_sanitised_and_reaches_everyone(counting_game, make_host, clients):
    host = make_host(GAME, 2)
    ann, bob = Client(), Client()
    clients += [ann, bob]
    ann.connect("127.0.0.1", host.port, "Ann")
    bob.connect("127.0.0.1", host.port, "Bob")
    assert ann.chat("hello\x07 there\n")
    chat = wait_for(lambda: next((m for m in bob.poll() if m["type"] == "chat"), None))
    assert chat == {"type": "chat", "seat": 0, "name": "Ann", "text": "hello there", "spectator": False}


def test_host_autosaves_with_tokens_and_resumes(counting_game, make_host, clients, tmp_path):
    # D5: the host autosaves; a restarted host resumes and players rejoin by token
    path = tmp_path / "table.witchhunt.json"
    host = make_host(GAME, 2, save_path=path)
    ann, bob = BotClient(seed=1), BotClient(seed=2)
    ann.paused = bob.paused = True
    clients += [ann, bob]
    ann.connect("127.0.0.1", host.port, "Ann")
    bob.connect("127.0.0.1", host.port, "Bob")
    wait_for(lambda: ann.view is not None)
    ann.send_command({"type": "add", "amount": 2})
    wait_for(lambda: bob.state_id == 1)
    saved = wait_for(
        lambda: (
            path.exists() and (lambda doc: doc if doc["match"]["state_id"] == 1 else None)(json.loads(path.read_text()))
        ),
        what="the autosave of state 1",
    )  # written atomically, on its own thread
    assert saved["kind"] == "host" and saved["match"]["state_id"] == 1
    assert sorted(saved["extra"]["net"]["tokens"].values()) == [0, 1]
    # what the Continue list says of it: whose turn (as a hot-seat save does), the bots
    from game.saves import list_saves

    (info,) = list_saves(tmp_path)
    assert info.kind == "host" and info.summary["to_act"] == ["Bob"] and info.bots == ()
    port = host.port
    host.stop()
    again = Host.resume(path, bind="127.0.0.1", port=port, timings=FAST)
    again.start()
    try:
        assert again.match.to_json() == host.match.to_json()
        ann.paused = bob.paused = False
        wait_for(lambda: ann.finished.is_set() and bob.finished.is_set(), what="the resumed game to finish")
        assert ann.view == again.match.view(0) and bob.view == again.match.view(1)
    finally:
        again.stop()


def test_odd_tokens_are_refused_cleanly(counting_game, make_host):
    host = make_host(GAME, 2)
    peer = RawPeer(host.port)
    for token in ("\u00e9t\u00e9", "", "\ud83d", "x" * 64):
        peer.send_line(json.dumps({"type": "hello", "name": "Ann", "version": 1, "token": token}))
        error, _ = peer.recv_until("error")
        assert error["code"] == "bad_token"
    peer.close()


def test_host_bots_wait_bot_delay_between_moves(counting_game, make_host, clients):
    # D7: --bot-delay S: the host's bots wait S seconds before moving
    host = make_host(GAME, 2, bots=[1], bot_delay=0.4)
    ann = Client()
    clients.append(ann)
    ann.connect("127.0.0.1", host.port, "Ann")
    wait_for(lambda: ann.state_id == 0)
    ann.send_command({"type": "add", "amount": 1})
    wait_for(lambda: ann.state_id == 1)
    sent = time.monotonic()
    wait_for(lambda: ann.state_id == 2, what="the bot's move")
    assert time.monotonic() - sent >= 0.3


def test_chat_flood_is_refused_and_counts_as_junk(counting_game, make_host):
    host = make_host(GAME, 2)
    peer = RawPeer(host.port)
    peer.send({"type": "hello", "name": "Ann", "version": 1, "spectate": True})
    peer.recv_until("welcome")
    for i in range(12):
        peer.send({"type": "chat", "text": f"spam {i}"})
    chats = errors = 0
    while chats + errors < 12:
        message = peer.recv()
        chats += message["type"] == "chat"
        errors += message["type"] == "error" and message["code"] == "too_fast"
    assert (chats, errors) == (10, 2)
    peer.close()


def test_a_long_log_is_split_over_several_updates_within_the_line_limit(counting_game, make_host, clients, monkeypatch):
    # D4: at most 64 KiB per line (here shrunk to 400 bytes so a toy log overflows it)
    from game.net import protocol

    host = make_host(GAME, 2)
    bots = [BotClient(seed=s) for s in range(2)]
    clients += bots
    for i, bot in enumerate(bots):
        bot.connect("127.0.0.1", host.port, f"B{i}")
    for bot in bots:
        assert bot.finished.wait(10)
    monkeypatch.setattr(protocol, "MAX_LINE", 400)
    late = BotClient(record=True)
    clients.append(late)
    late.connect("127.0.0.1", host.port, "Late", spectate=True)
    wait_for(lambda: late.events == host.match.log(None), what="the whole log in pieces")
    assert len(late.update_lines) >= 2 and max(late.update_lines) <= 400 + 1  # the newline not counted
    updates = [m for m in late.received if m["type"] == "update"]  # put together again
    assert updates and updates[0]["full"] and all(u["view"] == host.match.view(None) for u in updates)


def test_a_lobby_seat_left_too_long_is_freed_for_someone_else(counting_game, make_host, clients):
    host = make_host(GAME, 3, timings=Timings(heartbeat=0.2, silence=3.0, seat_free_after=0.3))
    ann = Client()
    clients.append(ann)
    ann.connect("127.0.0.1", host.port, "Ann")
    token = ann.token
    ann.close()
    wait_for(lambda: not host.lobby()["seats"][0]["taken"], what="the seat to be freed")
    late = Client()
    clients.append(late)
    with pytest.raises(JoinError) as exc:
        late.connect("127.0.0.1", host.port, "Ann", token=token)
    assert exc.value.code == "bad_token"
    bob = Client()
    clients.append(bob)
    assert bob.connect("127.0.0.1", host.port, "Bob")["seat"] == 0


def test_too_many_connections_get_busy_but_a_seat_token_still_gets_in(counting_game, make_host):
    # docs/PROTOCOL.md §6: at most `connections` at once, plus a reserve only a seat's token may use
    from game.net.host import Limits

    host = make_host(GAME, 2, limits=Limits(connections=3, seat_reserve=1, spectators=3))
    ann = RawPeer(host.port)
    ann.send({"type": "hello", "name": "Ann", "version": 1})
    token = ann.recv_until("welcome")[0]["token"]
    ann.close()
    wait_for(lambda: host.lobby()["seats"][0]["connected"] is False, what="Ann to leave")
    peers = [RawPeer(host.port) for _ in range(3)]
    for peer in peers:
        peer.send({"type": "hello", "name": "Eve", "version": 1, "spectate": True})
        peer.recv_until("welcome")
    reserve = RawPeer(host.port)  # admitted into the seat reserve: a spectator is refused there
    reserve.send({"type": "hello", "name": "Mallory", "version": 1, "spectate": True})
    error, _ = reserve.recv_until("error")
    assert error["code"] == "busy" and reserve.closed()
    back = RawPeer(host.port)  # Ann's reconnect uses the reserve
    back.send({"type": "hello", "name": "Ann", "version": 1, "token": token})
    assert back.recv_until("welcome")[0]["seat"] == 0
    extra = RawPeer(host.port)  # everything taken, nobody unjoined to make room for it
    error = extra.recv()
    assert error["code"] == "busy" and extra.closed()
    for peer in peers + [reserve, back, extra]:
        peer.close()


def test_a_malleus_bot_is_numbered_as_its_players_seat(make_host, clients):
    """Malleus numbers its players after the Prévôt's seat ("Player 1" is seat 1): an
    empty seat the owner starts with goes to a bot named for it, "Bot 2" at Player 2
    (it was "Bot 3", the seat's index plus one, which the lobby showed as
    "Player 2: Bot 3")."""
    host = make_host("malleus", 4, owner_name="Ann", auto_start=False, bots=[3])
    assert host.seats[3].name == "Bot 3"  # a bot seat from the start: Player 3
    ann = Client()
    clients.append(ann)
    ann.connect("127.0.0.1", host.port, "ignored", token=host.owner_token)
    bob = Client()
    clients.append(bob)
    assert bob.connect("127.0.0.1", host.port, "Bob")["seat"] == 1
    assert ann.start_game()
    wait_for(lambda: ann.view is not None, what="the game to start")
    assert host.match.players == ["Ann", "Bob", "Bot 2", "Bot 3"]


def test_a_table_of_malleus_bots_numbers_them_by_seat(make_host):
    """With a bot in the Prévôt's seat too (a headless table of bots), no two share a name."""
    host = make_host("malleus", 4, bots=[0, 1, 2, 3])
    assert [s.name for s in host.seats] == ["Bot 1", "Bot 2", "Bot 3", "Bot 4"]
