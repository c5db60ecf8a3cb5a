"""Whole games over real sockets on 127.0.0.1: bot clients play
Hammer and Witch Trial to the end; every final view equals the host's view(seat); no
message carries a card id from another seat's hand; a killed client comes back with its
token; a killed host restarts from its autosave."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.net.client import BotClient
from game.saves import load_save
from tests.net.helpers import SecretBook, leaks, wait_for

ROOT = Path(__file__).resolve().parents[2]
REAL_GAMES = ["hammer", "witch_trial"]


def _join(clients, port, n, **kwargs) -> list[BotClient]:
    bots = []
    for i in range(n):
        bot = BotClient(seed=100 + i, record=True, **kwargs)
        clients.append(bot)
        bot.connect("127.0.0.1", port, f"Bot {i}")
        bots.append(bot)
    return bots


@pytest.mark.slow(seconds=8)
@pytest.mark.parametrize("game", REAL_GAMES)
def test_four_bot_clients_finish_a_game_with_exact_views_and_no_leak(game, make_host, clients):
    # D4: each update carries view(seat) of that connection only, so no seat learns what the rules keep
    # private (docs/rules/hammer.md §8.1, docs/rules/witch_trial.md §6.2)
    host = make_host(game, 4, seed=21)
    watcher = BotClient(record=True)  # a spectator never acts: it has no seat
    clients.append(watcher)
    watcher.connect("127.0.0.1", host.port, "Eve", spectate=True)
    bots = _join(clients, host.port, 4)
    for bot in bots:
        assert bot.finished.wait(60), f"{game} did not finish over the network"
    wait_for(lambda: watcher.finished.is_set(), what="the spectator's last update")
    match = host.match
    assert match.over
    for bot in bots:
        assert bot.view == match.view(bot.seat)
        assert bot.legal == [] and bot.events == match.log(bot.seat)
        assert bot.result == match.result()
    assert watcher.view == match.view(None) and watcher.events == match.log(None)
    assert all(m["view"]["seat"] is None for m in watcher.received if m["type"] == "update")
    book = SecretBook(match)
    assert any(any(hands) for hands in book.hands), "the leak check found no hands to check"
    for bot in bots:
        assert leaks(book, bot.seat, bot.received) == [], f"seat {bot.seat} saw another seat's cards"
    assert leaks(book, None, watcher.received) == []


@pytest.mark.parametrize("game", REAL_GAMES)
def test_a_killed_client_rejoins_with_its_token_and_the_game_finishes(game, make_host, clients):
    # D4: a client that comes back with its token gets its seat and a full update
    host = make_host(game, 4, seed=5)
    bots = _join(clients, host.port, 4)
    victim = bots[2]
    victim.pause_at = 25
    wait_for(lambda: victim.paused, timeout=30, what="the table to reach state 25")
    token, seat = victim.token, victim.seat
    victim.close()  # the process dies: no goodbye
    wait_for(lambda: not host.lobby()["seats"][seat]["connected"], what="the host to notice")
    back = BotClient(seed=7, record=True)
    clients.append(back)
    welcome = back.connect("127.0.0.1", host.port, "Back again", token=token)
    assert welcome["seat"] == seat
    first = wait_for(lambda: next((m for m in back.received if m["type"] == "update"), None), what="a full update")
    assert first["full"] is True
    others = [b for b in bots if b is not victim] + [back]
    for bot in others:
        assert bot.finished.wait(60), f"{game} did not finish after the rejoin"
    match = host.match
    for bot in others:
        assert bot.view == match.view(bot.seat)
    assert back.events == match.log(seat)
    assert not host.lobby()["seats"][seat]["standin"]


def _start_host(game: str, save: Path, log: Path, port: int = 0, resume: bool = False) -> subprocess.Popen:
    env = dict(os.environ, WITCHHUNT_DISCOVERY_ADDR="127.0.0.1", PYTHONUNBUFFERED="1")
    args = [
        sys.executable,
        "-m",
        "game",
        "host",
        game,
        "--players",
        "4",
        "--headless",
        "--bind",
        "127.0.0.1",
        "--port",
        str(port),
        "--seed",
        "9",
        "--no-fsync",
    ]  # the disk flush: test_durability.py
    args += ["--resume", str(save)] if resume else ["--save", str(save)]
    return subprocess.Popen(args, cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)


def _listening_port(log: Path) -> int:
    found = wait_for(
        lambda: re.search(r"listening on 127\.0\.0\.1:(\d+)", log.read_text()), timeout=15, what="the host to listen"
    )
    return int(found.group(1))


def _saved_state(save: Path) -> tuple[int, bool] | None:
    try:
        doc = json.loads(save.read_text())
        return doc["match"]["state_id"], doc["over"]
    except (OSError, ValueError, KeyError):
        return None


@pytest.mark.parametrize("game", REAL_GAMES)
def test_a_killed_host_restarts_from_its_autosave_and_the_game_finishes(game, tmp_path, clients):
    # the host autosaves; a restarted host resumes; players rejoin by token
    save, log1, log2 = tmp_path / "table.witchhunt.json", tmp_path / "host1.log", tmp_path / "host2.log"
    first = _start_host(game, save, log1)
    second = None
    try:
        port = _listening_port(log1)
        bots = _join(clients, port, 4, backoff_start=0.05, backoff_max=0.3, give_up_after=30)
        for bot in bots:
            bot.pause_at = 30
        wait_for(lambda: all(b.paused for b in bots), timeout=30, what="every bot to reach state 30")
        frozen = max(b.state_id for b in bots)
        wait_for(lambda: _saved_state(save) == (frozen, False), what="the autosave to catch up")
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        wait_for(lambda: all(b.status == "reconnecting" for b in bots), what="the clients to notice")
        for bot in bots:
            bot.pause_at, bot.paused = None, False
        second = _start_host(game, save, log2, port=port, resume=True)
        assert _listening_port(log2) == port
        for bot in bots:
            assert bot.finished.wait(60), f"{game} did not finish after the restart"
        final = max(b.state_id for b in bots)
        wait_for(lambda: _saved_state(save) == (final, True), what="the final autosave")
        match, extra = load_save(save)
        for bot in bots:
            assert bot.view == match.view(bot.seat)
            assert bot.events == match.log(bot.seat)
        assert "resumed at state" in log2.read_text()
        assert sorted(extra["net"]["tokens"].values()) == [0, 1, 2, 3]
    finally:
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(10)
