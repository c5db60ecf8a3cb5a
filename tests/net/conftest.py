from __future__ import annotations

import pytest

from game.net.client import Client
from game.net.host import Host
from tests.net.helpers import FAST
from tests.net.lan_ui import app  # noqa: F401  (fixture: the LAN scene tests' app)
from tests.toygame import counting_game  # noqa: F401  (fixture)


@pytest.fixture
def make_host(tmp_path):
    """Start in-process hosts on 127.0.0.1 with a free port and fast timings; all are
    stopped after the test."""
    hosts: list[Host] = []

    def make(game: str, players: int, **kwargs) -> Host:
        kwargs.setdefault("bind", "127.0.0.1")
        kwargs.setdefault("port", 0)
        kwargs.setdefault("timings", FAST)
        kwargs.setdefault("seed", 11)
        kwargs.setdefault("save_path", tmp_path / f"host-{len(hosts)}.witchhunt.json")
        # journal to the OS, not to the disk, on every command: on a busy shared disk a
        # flush costs 3-100 ms; test_durability.py and the benchmark keep the disk flush
        kwargs.setdefault("journal_sync", False)
        host = Host(game, players, **kwargs)
        host.start()
        hosts.append(host)
        return host

    yield make
    for host in hosts:
        host.stop()


@pytest.fixture
def clients():
    """A list to put clients in; every one is closed after the test."""
    made: list[Client] = []
    yield made
    for client in made:
        client.close()
