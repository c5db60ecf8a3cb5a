"""A host announces and prints only addresses it listens on, and its log tells a player
coming back to a resumed table from a new one (docs/PROTOCOL.md, Discovery; DESIGN D4).

The machine's networks are faked (192.0.2.2/24, a documentation range) and every
announcement is recorded instead of sent, so nothing leaves 127.0.0.1 whatever the code
under test does; only the loopback announcement of the bound host is really sent.
"""

from __future__ import annotations

import ipaddress
import logging

import pytest

from game.net import discovery
from game.net.client import BotClient
from game.net.host import Host
from tests.net.helpers import FAST, still_players, wait_for

LAN = [ipaddress.IPv4Interface("192.0.2.2/24"), ipaddress.IPv4Interface("10.1.2.3/8")]


@pytest.fixture
def lan_machine(monkeypatch):
    """This machine is on two LANs; the sandbox address is unset (restored after)."""
    monkeypatch.setattr(discovery, "_ipv4_networks", lambda: list(LAN))
    monkeypatch.delenv(discovery.ENV_ADDR, raising=False)
    return LAN


@pytest.fixture
def recorded(monkeypatch):
    """Announcements are recorded (where they would go), never sent."""
    sent: list[list[str]] = []
    monkeypatch.setattr(discovery.Announcer, "announce", lambda self: sent.append(list(self.targets())))
    return sent


def test_a_host_bound_to_loopback_announces_to_loopback_only(counting_game, lan_machine, recorded, tmp_path):
    host = Host(
        "_counting",
        2,
        bind="127.0.0.1",
        port=0,
        timings=FAST,
        announce=True,
        discovery_port=1,
        save_path=tmp_path / "h.witchhunt.json",
        journal_sync=False,
    )
    host.start()
    try:
        wait_for(lambda: len(recorded) >= 2, what="two announcements")
    finally:
        host.stop()
    assert all(targets == ["127.0.0.1"] for targets in recorded), recorded


def test_a_host_listening_everywhere_announces_on_every_network(counting_game, lan_machine, recorded, tmp_path):
    host = Host(
        "_counting",
        2,
        bind="",
        port=0,
        timings=FAST,
        announce=True,
        discovery_port=1,
        save_path=tmp_path / "h.witchhunt.json",
        journal_sync=False,
    )
    host.start()
    try:
        wait_for(lambda: recorded, what="an announcement")
    finally:
        host.stop()
    assert recorded[0] == ["192.0.2.255", "10.255.255.255"]


@pytest.mark.parametrize(
    "bind, targets",
    [
        ("127.0.0.1", ["127.0.0.1"]),
        ("192.0.2.2", ["192.0.2.255"]),
        ("10.1.2.3", ["10.255.255.255"]),
        ("192.0.2.77", []),  # not this machine's address: announced nowhere
        ("::1", []),
        ("myhost.local", []),  # IPv6 and names: the IPv4 announcement cannot name them
    ],
)
def test_a_bound_host_announces_only_where_its_address_is_reachable(bind, targets):
    assert discovery.bound_targets(bind, LAN) == targets


def test_the_loopback_announcement_is_heard_from_the_address_the_host_listens_on(monkeypatch):
    monkeypatch.setenv(discovery.ENV_ADDR, "127.0.0.1")
    listener = discovery.Listener(port=0)  # on 127.0.0.1
    monkeypatch.delenv(discovery.ENV_ADDR)
    monkeypatch.setattr(discovery, "_ipv4_networks", lambda: list(LAN))
    announcer = discovery.Announcer(
        lambda: {
            "type": "witchhunt-table",
            "version": 1,
            "port": 41692,
            "game": "hammer",
            "table": "Ann's table",
            "players": 4,
            "free": 2,
        },
        port=listener.port,
        bind="127.0.0.1",
    )
    try:
        announcer.announce()
        tables = wait_for(listener.tables, what="the table to be heard")
    finally:
        announcer.close()
        listener.close()
    assert [t.address for t in tables] == ["127.0.0.1:41692"]


def test_the_addresses_a_host_prints_are_those_it_listens_on(lan_machine, capsys):
    from game.net.cli import _announce_addresses

    class Bound:
        bind, port = "127.0.0.1", 41700

    _announce_addresses(Bound())
    assert capsys.readouterr().out.strip() == "Others can join with: witchhunt join 127.0.0.1:41700"
    Bound.bind = ""
    _announce_addresses(Bound())
    assert "192.0.2.2:41700" in capsys.readouterr().out
    assert discovery.join_addresses("192.0.2.2") == ["192.0.2.2"]


def test_players_coming_back_to_a_resumed_table_rejoin_in_the_log(counting_game, make_host, clients, caplog):
    host = make_host("_counting", 2)
    players = still_players(host, clients, 2)
    tokens = [p.token for p in players]
    wait_for(lambda: host.match is not None, what="the game to start")
    host.stop()
    for p in players:
        p.close()
    again = Host.resume(host.save_path, bind="127.0.0.1", port=0, timings=FAST, journal_sync=False)
    with caplog.at_level(logging.INFO, logger="game.net.host"):
        # only the resumed host's lines: the first host's "took seat" lines are caught
        # too when an earlier test in this worker left the host's logger at INFO
        caplog.clear()
        again.start()
        try:
            back = []
            for i, token in enumerate(tokens):
                bot = BotClient(seed=i, record=True)
                bot.paused = True
                clients.append(bot)
                bot.connect("127.0.0.1", again.port, f"P{i}", token=token)
                back.append(bot)
            wait_for(lambda: all(b.view is not None for b in back), what="both players back")
        finally:
            again.stop()
    lines = [r.getMessage() for r in caplog.records if "seat" in r.getMessage()]
    assert any("P0 rejoined seat 0" in ln for ln in lines) and any("P1 rejoined seat 1" in ln for ln in lines), lines
    assert not any(" took seat" in ln for ln in lines), lines
