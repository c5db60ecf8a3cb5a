"""A host in a hostile room: bots that think never stall it, spectators cannot fill the
table, a stranger's wrong tokens cannot lock out a right one, and look-alike names are
told apart (docs/PROTOCOL.md §3 "Names", §6). Real sockets on 127.0.0.1 (and 127.0.0.2
for a second address: the whole 127/8 is loopback)."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from game.net.host import Limits
from game.net.names import skeleton, unique_name
from tests.net.helpers import RawPeer, on_host, wait_for

GAME = "_counting"


class PeerFrom(RawPeer):
    """A raw peer whose connection comes from ``source`` (another loopback address)."""

    def __init__(self, port: int, source: str, timeout: float = 5.0) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))
        self.buf = b""


def _hello(peer: RawPeer, name: str, **extra) -> dict:
    peer.send({"type": "hello", "name": name, "version": 1, **extra})
    return peer.recv()


# ------------------------------------------------------------------ bots think off the loop
class SpinningBot:
    """Thinks like a search bot: holds the interpreter, busy, for ``seconds`` per move."""

    thinks_long = True

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.threads: set[str] = set()
        self.moves = 0

    def choose(self, view, legal, model=None):
        self.threads.add(threading.current_thread().name)
        end = time.perf_counter() + self.seconds
        n = 0
        while time.perf_counter() < end:
            n += 1
        self.moves += 1
        return legal[0]


def test_the_host_answers_pings_while_its_bots_think(counting_game, make_host):
    # docs/PROTOCOL.md §6 "bots": a bot's decision never runs on the host's loop
    host = make_host(GAME, 2, auto_start=False, owner_name="Ann", options={"target": 1000})
    bot = SpinningBot(0.5)
    host.make_standin = lambda seat: bot
    ann = RawPeer(host.port)
    assert _hello(ann, "Ann", token=host.owner_token)["seat"] == 0
    ann.send({"type": "start"})  # seat 1 is empty: a bot plays it for good …
    wait_for(lambda: host.match is not None, what="the game")
    on_host(host, lambda: host.bots.update({0: bot, 1: bot}))  # … slowly, for both seats: always thinking
    watcher = RawPeer(host.port)
    assert _hello(watcher, "Eve", spectate=True)["seat"] is None
    rtts = []
    end = time.monotonic() + 3.5
    while time.monotonic() < end and not host.match.over:
        start = time.perf_counter()
        watcher.send({"type": "ping"})
        while watcher.recv()["type"] != "pong":
            pass
        rtts.append(time.perf_counter() - start)
        time.sleep(0.11)  # within the ping rate limit
    assert bot.moves >= 4, "the bots did not think during the measurement"
    assert host._thread.name not in bot.threads
    rtts.sort()
    p95 = rtts[int(0.95 * len(rtts))]
    # a decision on the loop would hold pings for up to 500 ms; off the loop a ping waits at
    # most for the interpreter's switch interval — far less, even on a loaded machine (the
    # benchmark, benchmarks/lan.py, measures the real figure on a quiet one)
    assert p95 < 0.25, f"ping p95 {p95 * 1000:.1f} ms while bots think ({len(rtts)} pings)"
    for peer in (ann, watcher):
        peer.close()


# ------------------------------------------------------------------ spectators ----------
def test_a_spectator_flood_from_one_address_leaves_room_for_a_new_player(counting_game, make_host):
    limits = Limits(
        connections=12, seat_reserve=2, connect_burst=1000, connect_rate=1000.0, spectators=6, spectators_per_address=3
    )
    host = make_host(GAME, 2, limits=limits, auto_start=False, owner_name="Ann")
    flood, refused = [], 0
    for i in range(20):
        peer = RawPeer(host.port)
        answer = _hello(peer, f"Zzz{i}", spectate=True)
        if answer["type"] == "welcome":
            flood.append(peer)
        else:
            assert answer["code"] == "busy"
            refused += 1
            peer.close()
    assert len(flood) == 3 and refused == 17  # three per address
    others = []
    for i, source in enumerate(["127.0.0.3", "127.0.0.4", "127.0.0.5"]):
        for j in range(3):
            peer = PeerFrom(host.port, source)
            others.append((peer, _hello(peer, f"Other{i}{j}", spectate=True)))
    watching = sum(1 for _p, a in others if a["type"] == "welcome") + len(flood)
    assert watching == 6  # six in all
    player = PeerFrom(host.port, "127.0.0.2")
    welcome = _hello(player, "Bob")
    assert welcome["type"] == "welcome" and welcome["seat"] == 1, welcome
    for peer in flood + [p for p, _a in others] + [player]:
        peer.close()


def test_a_joined_connection_that_dribbles_single_bytes_is_closed(counting_game, make_host):
    # docs/PROTOCOL.md §6 "silence": heard from = a message, not a byte
    host = make_host(GAME, 2)
    peer = RawPeer(host.port)
    assert _hello(peer, "Ann")["type"] == "welcome"
    start = time.monotonic()
    closed = False
    while time.monotonic() - start < 3.0 + 2.0:
        try:
            peer.sock.sendall(b" ")
        except OSError:
            closed = True
            break
        if on_host(host, lambda: host.seats[0].conn is None):
            closed = True
            break
        time.sleep(0.2)
    assert closed, "a connection sending only single bytes outlived the silence limit"
    peer.close()


# ------------------------------------------------------------------ tokens --------------
def test_five_wrong_tokens_then_the_right_one_from_the_same_address_gets_in(counting_game, make_host):
    host = make_host(GAME, 2)
    ann = RawPeer(host.port)
    token = _hello(ann, "Ann")["token"]
    ann.close()
    wait_for(lambda: on_host(host, lambda: host.seats[0].conn is None), what="Ann to leave")
    for i in range(5):
        guesser = RawPeer(host.port)
        answer = _hello(guesser, "Mallory", token=f"{i:032x}")
        assert answer["code"] == "bad_token"
        guesser.close()
    back = RawPeer(host.port)
    welcome = _hello(back, "Ann", token=token)
    assert welcome["type"] == "welcome" and welcome["seat"] == 0
    back.close()


# ------------------------------------------------------------------ names ---------------
@pytest.mark.parametrize(
    "first, second",
    [
        ("probe", "\u0440robe"),  # Cyrillic er for the p
        ("probe", "PROBE"),
        ("probe", "\uff50\uff52\uff4f\uff42\uff45"),  # full-width letters
        ("Bill", "BiII"),  # capital I for l
        ("Ann", "\u0391nn"),  # Greek capital alpha
    ],
)
def test_look_alike_names_are_renamed(counting_game, make_host, first, second):
    host = make_host(GAME, 2)
    a, b = RawPeer(host.port), RawPeer(host.port)
    assert _hello(a, first)["name"] == first
    renamed = _hello(b, second, spectate=True)["name"]
    assert renamed != second and renamed.endswith(" (2)")
    a.close()
    b.close()


def test_a_name_with_the_hosts_own_suffix_is_not_taken_as_typed(counting_game, make_host):
    host = make_host(GAME, 2)
    a, b = RawPeer(host.port), RawPeer(host.port)
    assert _hello(a, "probe")["name"] == "probe"
    assert _hello(b, "probe (1)", spectate=True)["name"] == "probe (2)"
    a.close()
    b.close()


def test_skeletons_keep_different_names_apart():
    names = ["Ann", "Bob", "Cy", "Dora", "Ede", "Bot 2", "Bot 3", "Player 1", "Mallory", "Eve"]
    assert len({skeleton(n) for n in names}) == len(names)
    assert unique_name("Bob", ["Ann", "Cy"]) == "Bob"
    assert skeleton("\u0440robe") == skeleton("probe")
