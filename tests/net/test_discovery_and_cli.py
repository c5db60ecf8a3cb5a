"""LAN discovery on 127.0.0.1 only, and the host/join command lines (DESIGN D4, D7)."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import main
from game.net import discovery
from game.net.client import BotClient
from tests.net.helpers import wait_for

ROOT = Path(__file__).resolve().parents[2]


def test_discovery_sends_only_to_the_configured_address(monkeypatch):
    # PREAMBLE: with WITCHHUNT_DISCOVERY_ADDR set, announcements go there and nowhere else
    monkeypatch.setenv("WITCHHUNT_DISCOVERY_ADDR", "127.0.0.1")
    assert discovery.discovery_target(5000) == ("127.0.0.1", 5000, False)
    assert discovery.local_addresses() == ["127.0.0.1"]
    monkeypatch.delenv("WITCHHUNT_DISCOVERY_ADDR")
    assert discovery.discovery_target(5000) == ("255.255.255.255", 5000, True)  # computed, never sent here


def test_host_announces_its_table_and_the_list_expires(counting_game, make_host):
    assert os.environ["WITCHHUNT_DISCOVERY_ADDR"] == "127.0.0.1"
    listener = discovery.Listener(port=0, expiry=0.5)
    try:
        host = make_host("_counting", 3, announce=True, discovery_port=listener.port, table_name="Ann's table")
        tables = wait_for(listener.tables, what="an announcement")
        table = tables[0]
        assert (table.host, table.port, table.game, table.table) == ("127.0.0.1", host.port, "_counting", "Ann's table")
        assert table.players == 3 and table.free == 3 and not table.started
        assert table.address == f"127.0.0.1:{host.port}"
        host.stop()
        wait_for(lambda: listener.tables() == [], timeout=5, what="the table to expire")
    finally:
        listener.close()


def test_listener_ignores_junk_datagrams():
    listener = discovery.Listener(port=0)
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for junk in (
                b"\xff",
                b"[]",
                b'{"type":"witchhunt-table","version":1,"port":"x","players":1,"free":0}',
                b'{"type":"other"}',
                json.dumps({"type": "witchhunt-table", "version": 1, "port": 99999, "players": 3, "free": 1}).encode(),
                b"x" * 2000,
            ):
                s.sendto(junk, ("127.0.0.1", listener.port))
            s.sendto(
                json.dumps(
                    {
                        "type": "witchhunt-table",
                        "version": 1,
                        "port": 4000,
                        "players": 3,
                        "free": 1,
                        "game": "hammer",
                        "table": "\x1bBad\nname",
                    }
                ).encode(),
                ("127.0.0.1", listener.port),
            )
        table = wait_for(listener.tables, what="the one good announcement")[0]
        assert table.port == 4000 and table.table == "Badname" and len(listener.tables()) == 1
    finally:
        listener.close()


@pytest.mark.parametrize(
    "argv, text",
    [
        (["join", "127.0.0.1:notaport", "--name", "Bob"], "bad port"),
        (["join", "127.0.0.1:70000", "--name", "Bob"], "out of range"),
        (["host", "nosuchgame", "--players", "3", "--headless", "--bind", "127.0.0.1", "--port", "0"], "unknown game"),
        (["host", "_counting", "--players", "9", "--headless", "--bind", "127.0.0.1", "--port", "0"], "takes 2 to 3"),
        (
            [
                "host",
                "_counting",
                "--players",
                "3",
                "--headless",
                "--bind",
                "127.0.0.1",
                "--port",
                "0",
                "--resume",
                "/nonexistent/save.json",
            ],
            "cannot resume",
        ),
    ],
)
def test_bad_host_or_join_arguments_are_one_line_and_exit_2(counting_game, argv, text, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert text in err and "\n" not in err and "Traceback" not in err


def test_join_to_a_closed_port_is_one_line_and_exit_2(capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["join", f"127.0.0.1:{port}", "--name", "Bob"]) == 2
    err = capsys.readouterr().err.strip()
    assert "Cannot reach" in err and "\n" not in err


def test_text_client_plays_by_number(counting_game, make_host):
    from io import StringIO

    from game.net.cli import text_client

    host = make_host("_counting", 2, bots=[1])
    out = StringIO()

    def typing():  # a player who answers each prompt with the first legal command
        yield "say hi\n"
        yield "nonsense\n"
        end = time.monotonic() + 20
        moves = 0
        while time.monotonic() < end and not (host.match and host.match.over):
            if out.getvalue().count("your move") > moves:
                moves += 1
                yield "0\n"
            time.sleep(0.01)
        time.sleep(5)  # the client leaves on its own once the game is over

    code = text_client("127.0.0.1", host.port, "Ann", inp=typing(), out=out)
    printed = out.getvalue()
    assert code == 0 and host.match.over, printed
    assert "Joined _counting" in printed and "0: {" in printed and "<Ann (seat 1)> hi" in printed
    assert "! type a number" in printed and "Game over" in printed


def test_headless_host_subprocess_serves_a_game_and_logs_to_stdout(tmp_path):
    log = tmp_path / "host.log"
    env = dict(os.environ, WITCHHUNT_DISCOVERY_ADDR="127.0.0.1", PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "game",
            "host",
            "witch_trial",
            "--players",
            "3",
            "--headless",
            "--bots",
            "1",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--seed",
            "3",
            "--save",
            str(tmp_path / "s.json"),
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    bots = []
    try:
        found = wait_for(lambda: re.search(r"listening on 127\.0\.0\.1:(\d+)", log.read_text()), timeout=15)
        port = int(found.group(1))
        for i in range(2):
            bot = BotClient(seed=i)
            bot.connect("127.0.0.1", port, f"Net{i}")
            bots.append(bot)
        assert sorted(b.seat for b in bots) == [0, 2]
        for bot in bots:
            assert bot.finished.wait(30)
        text = wait_for(lambda: "game over" in log.read_text() and log.read_text())
        assert "game witch_trial started: Net0, Bot 2, Net1" in text
        proc.terminate()  # SIGTERM: a clean stop with the last autosave written
        assert proc.wait(10) == 0
        text = log.read_text()
        assert "host stopped" in text and "Traceback" not in text
        assert json.loads((tmp_path / "s.json").read_text())["over"] is True
    finally:
        for bot in bots:
            bot.close()
        proc.kill()
        proc.wait(10)


def test_resume_refuses_a_hotseat_save_and_a_mismatched_game(counting_game, tmp_path, capsys):
    from game.net.host import Host
    from game.saves import save_match
    from tests.toygame import CountingGame

    hotseat = tmp_path / "hotseat.witchhunt.json"
    save_match(CountingGame(["Ann", "Bob"], seed=1), hotseat)
    args = ["host", "_counting", "--players", "2", "--headless", "--bind", "127.0.0.1", "--port", "0"]
    assert main(args + ["--resume", str(hotseat)]) == 2
    assert "not a LAN host save" in capsys.readouterr().err
    host = Host("_counting", 2, bind="127.0.0.1", port=0, save_path=tmp_path / "host.witchhunt.json", seed=3)
    host.start()
    try:
        host.start_game()
        wait_for(lambda: (tmp_path / "host.witchhunt.json").exists(), what="the first autosave")
    finally:
        host.stop()
    assert (
        main(
            [
                "host",
                "_counting",
                "--players",
                "3",
                "--headless",
                "--bind",
                "127.0.0.1",
                "--port",
                "0",
                "--resume",
                str(tmp_path / "host.witchhunt.json"),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "is a 2-seat _counting game" in err and "\n" not in err.strip()
