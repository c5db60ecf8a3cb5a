"""Protocol versions 1 and 2 at one table (docs/PROTOCOL.md §1, §4 "update"): every game
at its largest table, played to the end by bot clients over a real host, half of them
speaking version 1 (whole views) and half version 2 (patches, the legal list only when
it changed). No line from the host is over 64 KiB in either version, and every update
each client put together equals ``view(seat)`` and ``legal(seat)`` at its state."""

from __future__ import annotations

import hashlib
import json

import pytest

from game.engine import GAMES
from game.net import protocol as proto
from game.net.client import BotClient, Client
from tests.net.helpers import RawPeer, wait_for

LARGEST = sorted(GAMES)


def _digest(value) -> str:
    return hashlib.sha1(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _book(match) -> dict:
    """state id -> seat -> (digest of view, digest of legal), by replaying the match."""
    cls = GAMES[match.game_id]
    replay = cls(list(match.players), match.seed, dict(match.options))
    seats = list(range(match.n)) + [None]
    book = {}

    def record() -> None:
        book[replay.state_id] = {
            s: (_digest(replay.view(s)), _digest(replay.legal(s) if s is not None else [])) for s in seats
        }

    record()
    for seat, command in match.commands:
        replay.apply(seat, command)
        record()
    return book


@pytest.mark.slow(seconds=20)
@pytest.mark.parametrize("game", LARGEST)
def test_every_game_at_its_largest_table_in_both_versions(game, make_host, clients):
    n = GAMES[game].max_players
    host = make_host(game, n, seed=7)
    bots = []
    for i in range(n):
        bot = BotClient(seed=700 + i, record=True, version=2 if i % 2 == 0 else 1)
        clients.append(bot)
        bot.connect("127.0.0.1", host.port, f"P{i}")
        bots.append(bot)
    watchers = []
    for version in (1, 2):
        watcher = BotClient(record=True, version=version)
        clients.append(watcher)
        watcher.connect("127.0.0.1", host.port, f"Eve{version}", spectate=True)
        watchers.append(watcher)
    for bot in bots:
        # 26 s alone for Malleus; a loaded machine (a run beside a benchmark) took over 120
        assert bot.finished.wait(360), f"{game} did not finish over the network"
    for watcher in watchers:
        wait_for(lambda w=watcher: w.finished.is_set(), what="the spectators' last update")
    match = host.match
    book = _book(match)
    for client in bots + watchers:
        assert client.welcome["version"] == client.version
        assert max(client.update_lines) <= proto.MAX_LINE + 1, f"a line of {max(client.update_lines)} bytes"
        updates = [m for m in client.received if m["type"] == "update"]
        assert updates and updates[0]["full"]
        for update in updates:
            sid = update["view"]["state_id"]
            view, legal = book[sid][client.seat]
            assert _digest(update["view"]) == view, f"seat {client.seat} v{client.version}: view at {sid}"
            assert _digest(update["legal"]) == legal, f"seat {client.seat} v{client.version}: legal at {sid}"
        assert client.view == match.view(client.seat)
        # the log as it came, event by event: logs are append-only (DESIGN D2), so what a
        # client received over the whole game is exactly the seat's log at the end
        assert client.events == match.log(client.seat)


def test_version_2_sends_patches_and_the_legal_list_only_when_it_changed(counting_game, make_host):
    host = make_host("_counting", 2, options={"target": 100, "pad": 3000})
    ann, bob = RawPeer(host.port), RawPeer(host.port)
    ann.send({"type": "hello", "name": "Ann", "version": 2})
    assert ann.recv_until("welcome")[0]["version"] == 2
    bob.send({"type": "hello", "name": "Bob", "version": 1})
    assert bob.recv_until("welcome")[0]["version"] == 1
    first, _ = ann.recv_until("update")
    assert first["full"] and first["view"]["pad"] and first["legal"] and first["state_id"] == 0
    bob.recv_until("update")
    ann.send({"type": "command", "state_id": 0, "command": {"type": "add", "amount": 1}})
    update, _ = ann.recv_until("update")
    assert not update["full"] and "view" not in update
    assert {op["path"] for op in update["patch"]} >= {"/state_id", "/total"}
    assert len(json.dumps(update)) < 1000  # not the 3 KB view again
    assert update["legal"] == []  # Ann's list changed: nothing to do now
    old, _ = bob.recv_until("update")
    assert old["view"]["state_id"] == 1 and old["legal"]  # version 1: all of it, every time
    bob.send({"type": "command", "state_id": 1, "command": {"type": "add", "amount": 2}})
    update, _ = ann.recv_until("update")
    assert "legal" in update  # Ann's turn again: her list changed
    ann.send({"type": "resync"})  # whenever the client asks: everything
    again, _ = ann.recv_until("update")
    assert again["full"] and again["view"]["state_id"] == 2 and again["legal"]
    ann.close()
    bob.close()


def test_a_client_that_loses_track_asks_for_everything_and_recovers(counting_game, make_host, clients):
    host = make_host("_counting", 2, options={"target": 1000})
    ann, bob = BotClient(seed=1, record=True), BotClient(seed=2)
    clients += [ann, bob]
    ann.connect("127.0.0.1", host.port, "Ann")
    bob.connect("127.0.0.1", host.port, "Bob")
    wait_for(lambda: (ann.state_id or 0) > 3, what="a few moves")
    ann._updates.view = {"total": "garbage"}  # as if a patch had gone astray
    wait_for(
        lambda: (ann.state_id or 0) > 10 and ann.view == host.match.view(0) or host.match.over, what="Ann back in step"
    )


def test_the_bundled_client_joins_an_old_host_with_version_1(counting_game, make_host, clients, monkeypatch):
    host = make_host("_counting", 2)
    monkeypatch.setattr(proto, "VERSIONS", (1,))  # the host of before version 2
    client = Client()
    clients.append(client)
    welcome = client.connect("127.0.0.1", host.port, "Ann")
    assert welcome["version"] == 1 and client.version == 1


@pytest.mark.parametrize("version", [1, 2])
def test_a_view_bigger_than_a_line_comes_in_pieces_in_either_version(
    counting_game, make_host, clients, monkeypatch, version
):
    # docs/PROTOCOL.md §4: a view that does not fit a line travels as patch operations
    plain_view = counting_game._view

    def big_view(self, seat):  # a table of 150 KB: 1,500 entries of 100 characters
        return dict(plain_view(self, seat), pad=[f"{self.state['total']:03d}" + "x" * 97] * 1500)

    monkeypatch.setattr(counting_game, "_view", big_view)
    host = make_host("_counting", 2, options={"target": 6})
    bots = [BotClient(seed=s, record=True, version=version) for s in range(2)]
    clients.extend(bots)
    for i, bot in enumerate(bots):
        bot.connect("127.0.0.1", host.port, f"P{i}")
    for bot in bots:
        assert bot.finished.wait(30)
    for bot in bots:
        assert max(bot.update_lines) <= proto.MAX_LINE + 1 and max(bot.update_lines) > 10_000
        assert bot.view == host.match.view(bot.seat) and len(bot.view["pad"]) == 1500
        updates = [u for u in bot.received if u["type"] == "update"]
        assert all(u["view"]["pad"][0][:3] == f"{u['view']['total']:03d}" for u in updates)
