"""Discovery on real LANs (docs/PROTOCOL.md §10): one announcement per network's broadcast address
(interfaces listed with ifaddr), the host's real LAN addresses, a found-tables list that
a forged flood cannot grow or empty, and a send failure logged once a minute at most.
Nothing here sends anywhere but 127.0.0.1: other targets are recorded, not sent."""

from __future__ import annotations

import json
import logging
import socket
import time
from types import SimpleNamespace

import pytest

from game.net import discovery
from tests.net.helpers import wait_for


def _adapters():
    ip = SimpleNamespace
    return [
        SimpleNamespace(
            name="lo", ips=[ip(ip="127.0.0.1", network_prefix=8), ip(ip=("::1", 0, 0), network_prefix=128)]
        ),
        SimpleNamespace(
            name="eth0", ips=[ip(ip="10.1.2.3", network_prefix=24), ip(ip=("fe80::1", 0, 2), network_prefix=64)]
        ),
        SimpleNamespace(name="wlan0", ips=[ip(ip="192.168.1.7", network_prefix=24)]),
        SimpleNamespace(name="ll", ips=[ip(ip="169.254.9.9", network_prefix=16)]),
        SimpleNamespace(name="tun0", ips=[ip(ip="100.64.0.5", network_prefix=32)]),
    ]


def test_announcements_go_to_each_networks_broadcast_address(monkeypatch):
    ifaddr = pytest.importorskip("ifaddr")  # a venv made before it joined pyproject.toml

    monkeypatch.delenv("WITCHHUNT_DISCOVERY_ADDR", raising=False)
    monkeypatch.setattr(ifaddr, "get_adapters", _adapters)
    assert discovery.broadcast_addresses() == ["10.1.2.255", "192.168.1.255", "169.254.255.255"]
    assert discovery.local_addresses()[:2] == ["10.1.2.3", "192.168.1.7"]  # private LAN first
    assert "127.0.0.1" not in discovery.local_addresses()
    announcer = discovery.Announcer(lambda: {"type": "witchhunt-table"}, port=5999)
    sent = []
    announcer.sock = SimpleNamespace(sendto=lambda data, to: sent.append(to), close=lambda: None)
    announcer.announce()
    assert sent == [("10.1.2.255", 5999), ("192.168.1.255", 5999), ("169.254.255.255", 5999)]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: _adapters()[:1])  # loopback only
    announcer._targets_at = -1e9
    assert announcer.targets() == ["255.255.255.255"]


def test_a_failing_announcement_is_logged_once_a_minute(counting_game, make_host, caplog, monkeypatch):
    def fail(self):
        raise OSError("Network is unreachable")

    monkeypatch.setattr(discovery.Announcer, "announce", fail)
    caplog.set_level(logging.WARNING, logger="game.net.host")
    host = make_host("_counting", 2, announce=True)  # announces every 0.1 s in these tests
    time.sleep(1.0)
    host.stop()
    warnings = [r for r in caplog.records if "discovery announcement failed" in r.getMessage()]
    assert len(warnings) == 1


def test_a_forged_announcement_flood_neither_grows_nor_empties_the_list(counting_game, make_host):
    # the expiry outlasts the flood even on a loaded machine, so only eviction could
    # take the real table out of the list while the flood is on
    listener = discovery.Listener(port=0, expiry=4.0)
    try:
        host = make_host("_counting", 3, announce=True, discovery_port=listener.port, table_name="Real")
        wait_for(lambda: any(t.port == host.port for t in listener.tables()), what="the real table")
        forged = {"type": "witchhunt-table", "version": 1, "players": 3, "free": 3, "game": "hammer", "table": "Fake"}
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for port in range(1, 20_001):
                s.sendto(json.dumps(dict(forged, port=port)).encode(), ("127.0.0.1", listener.port))
                if port % 2000 == 0:
                    tables = listener.tables()
                    assert len(tables) <= discovery.MAX_PER_SENDER
                    assert len(listener._tables) <= discovery.MAX_TABLES
        time.sleep(0.2)  # the listener drains its queue
        tables = listener.tables()
        assert len(tables) <= discovery.MAX_PER_SENDER and any(t.port == host.port for t in tables)
        wait_for(
            lambda: [t.port for t in listener.tables()] == [host.port], timeout=15, what="the forged tables to expire"
        )
    finally:
        listener.close()
