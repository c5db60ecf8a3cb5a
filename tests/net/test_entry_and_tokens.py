"""Layering and seat tokens (docs/PROTOCOL.md §12, §13): game/net runs without the screen; tokens
are kept per profile and per table, and two players on one computer do not fight."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.net import protocol as proto
from game.net.cli import CommandLineError, join_client
from game.net.tokens import TokenStore, check_profile
from tests.net.helpers import wait_for

ROOT = Path(__file__).resolve().parents[2]
GAME = "_counting"
NO_PYGAME = "import sys; sys.modules['pygame'] = None\n"  # any import of pygame now fails


def test_game_net_never_imports_the_ui_or_the_entry_layer():
    # STYLE.md: layers look down only; game/net never imports game.ui (nor game.cli)
    for path in sorted((ROOT / "game" / "net").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(("game.ui", "game.cli", "pygame")), f"{path.name} imports {name}"


def test_game_net_imports_and_serves_with_pygame_unimportable(tmp_path):
    code = (
        NO_PYGAME
        + """
import game.net, game.net.host, game.net.client, game.net.cli, game.net.discovery, game.net.journal, game.net.tokens
from game.net.host import Host
host = Host("witch_trial", 3, bots=[1, 2], bind="127.0.0.1", port=0, save_path=None)
host.start()
from game.net.client import Client
c = Client(); c.connect("127.0.0.1", host.port, "Ann")
assert c.seat == 0
c.close(); host.stop()
bad = sorted(m for m in sys.modules if m.startswith(("game.ui", "pygame")) and sys.modules[m] is not None)
assert not bad, bad
print("ok")
"""
    )
    env = dict(os.environ, WITCHHUNT_HOME=str(tmp_path), WITCHHUNT_DISCOVERY_ADDR="127.0.0.1")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


def test_join_without_pygame_falls_back_to_the_text_client(counting_game, make_host, tmp_path):
    # the entry layer (game/cli.py) opens a window only when the UI can load
    host = make_host(GAME, 2)
    code = (
        NO_PYGAME
        + f"""
from game.engine import GAMES
from tests.toygame import CountingGame
GAMES[CountingGame.game_id] = CountingGame
from game.cli import main
sys.exit(main(["join", "127.0.0.1:{host.port}", "--name", "Bob"]))
"""
    )
    env = dict(os.environ, WITCHHUNT_HOME=str(tmp_path), WITCHHUNT_DISCOVERY_ADDR="127.0.0.1")
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, input="quit\n", timeout=60
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert "Joined _counting" in out.stdout and "seat 0 (Bob)" in out.stdout


def test_tokens_are_kept_per_profile_and_per_table(tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    monkeypatch.delenv("WITCHHUNT_PROFILE", raising=False)
    ann, bob = TokenStore(), TokenStore("bob")
    ann.remember("10.0.0.5:41692", "aaaa", "token-a1")
    assert bob.lookup("10.0.0.5:41692") is None and ann.lookup("10.0.0.5:41692") == "token-a1"
    ann.remember("10.0.0.5:41692", "bbbb", "token-b")  # a new table at the same address
    assert ann.lookup("10.0.0.5:41692", "aaaa") == "token-a1"  # the older table's token survives
    assert ann.lookup("10.0.0.5:41692") == "token-b"  # a typed address: the newest there
    # a third table found on the network there, never sat at: no token (neither a or b)
    assert ann.lookup("10.0.0.5:41692", "cccc") is None
    ann.remember("10.0.0.6:41692", None, "token-typed")  # joined by a typed address, no table id
    assert ann.lookup("10.0.0.6:41692", "dddd") == "token-typed"
    ann.forget("10.0.0.5:41692", "bbbb")
    assert ann.lookup("10.0.0.5:41692") == "token-a1"
    assert (tmp_path / "profiles" / "bob").is_dir()
    monkeypatch.setenv("WITCHHUNT_PROFILE", "bob")
    assert TokenStore().path == bob.path
    for bad in ("../x", "a/b", "", "x" * 40):
        if bad:
            with pytest.raises(ValueError):
                check_profile(bad)
    monkeypatch.delenv("WITCHHUNT_PROFILE")
    (tmp_path / "lan_tokens.json").write_text('{"10.0.0.9:41692": "old-format"}')
    assert TokenStore().lookup("10.0.0.9:41692") == "old-format"  # the first format still reads


def test_two_players_on_one_computer_do_not_fight_over_a_seat(counting_game, make_host, clients, tmp_path, monkeypatch):
    # the CLI and the UI reuse the profile's token; a second live one is refused clearly
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    monkeypatch.delenv("WITCHHUNT_PROFILE", raising=False)
    host = make_host(GAME, 3)
    address = proto.Address("127.0.0.1", host.port)
    ann = join_client(address, "Ann")
    clients.append(ann)
    with pytest.raises(CommandLineError) as exc:  # same profile, same table, Ann still connected
        join_client(address, "Ann")
    assert "already connected from 127.0.0.1" in str(exc.value) and "--new-player" in str(exc.value)
    bob = join_client(address, "Bob", profile="bob")
    clients.append(bob)
    cy = join_client(address, "Cy", new_player=True)
    clients.append(cy)
    assert sorted(c.seat for c in (ann, bob, cy)) == [0, 1, 2]
    assert host.stats["connections"] == 4
    wait_for(lambda: host.match is not None, what="the game to start")
    assert all(sum(1 for m in c.poll() if m["type"] == "welcome") == 1 for c in (ann, bob, cy))
