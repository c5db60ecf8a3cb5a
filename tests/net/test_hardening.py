"""A LAN host under attack, over real sockets on 127.0.0.1 with the toy game.

Each test is bounded in connections and time. The flood tests print the honest player's
latency (run with ``-rP`` to see it); the bound they assert is generous because the
test machine is shared (docs/PROTOCOL.md §6 states the limits they check)."""

from __future__ import annotations

import json
import logging
import socket
import threading
import time

import pytest

from game.net import protocol as proto
from game.net.client import CONNECTED, BotClient, Client, JoinError
from game.net.host import OUTPUT_LOW, Limits, Timings
from tests.net.helpers import RawPeer, on_host, wait_for

GAME = "_counting"
#: honest latency bound while flooded: 50 ms is the aim on a quiet 2-core machine (the
#: benchmark measures it); the tests run beside 8 other engineers, hence the margin
FLOODED_P95 = 1.0
#: lifted per-address connection limits: on a real LAN the attacker has its own address,
#: here everyone is 127.0.0.1 (the per-address limits have tests of their own)
ONE_ADDRESS = dict(connect_burst=10**6, connect_rate=10**6)
#: fast heartbeats, but a silence limit the never-reading spectators outlive
PATIENT = Timings(heartbeat=0.3, silence=30.0)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def _hello(peer: RawPeer, name: str, **fields) -> dict:
    peer.send(dict({"type": "hello", "name": name, "version": 1}, **fields))
    return peer.recv_until("welcome")[0]


def _quiet_socket(port: int, rcvbuf: int | None = None) -> socket.socket:
    sock = socket.socket()
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(5)
    sock.connect(("127.0.0.1", port))
    return sock


def _sleepers(host, n: int, rcvbuf: int = 4096) -> list[socket.socket]:
    """``n`` spectators that never read, joined one after the other (each is unjoined for
    a moment, and one address may hold only a few unjoined connections)."""

    def watching() -> int:
        return on_host(host, lambda: sum(1 for c in host.conns.values() if c.joined and c.seat is None))

    socks, before = [], watching()
    for i in range(n):
        sock = _quiet_socket(host.port, rcvbuf=rcvbuf)
        sock.sendall(proto.encode({"type": "hello", "name": "Zzz", "version": 1, "spectate": True}))
        socks.append(sock)
        wait_for(lambda i=i: watching() == before + i + 1, what=f"spectator {i + 1}")
    return socks


class Pinger:
    """An honest peer that measures ping -> pong round trips on its own connection."""

    def __init__(self, peer: RawPeer) -> None:
        self.peer = peer
        self.rtts: list[float] = []

    def run(self, seconds: float, gap: float = 0.1) -> list[float]:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            start = time.perf_counter()
            self.peer.send({"type": "ping"})
            self.peer.recv_until("pong", timeout=10)
            self.rtts.append(time.perf_counter() - start)
            time.sleep(gap)
        return self.rtts


def ping_many(peers: list[RawPeer], seconds: float) -> list[float]:
    """Round trips from several honest pingers at once (each within its ping rate)."""
    pingers = [Pinger(peer) for peer in peers]
    threads = [threading.Thread(target=p.run, args=(seconds,)) for p in pingers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 20)
    return [rtt for p in pingers for rtt in p.rtts]


class IdleFlood(threading.Thread):
    """Keeps up to ``target`` connections open that never say hello, each sending a
    byte now and then, and tries to open a new one every ``every`` seconds."""

    def __init__(self, port: int, target: int, every: float = 0.02) -> None:
        super().__init__(daemon=True)
        self.port, self.target, self.every = port, target, every
        self.socks: list[socket.socket] = []
        self.opened = 0
        self.stop = threading.Event()

    def run(self) -> None:
        last_byte = time.monotonic()
        while not self.stop.is_set():
            alive = []
            for sock in self.socks:
                try:
                    sock.setblocking(False)
                    if sock.recv(4096) == b"":
                        sock.close()
                        continue
                except BlockingIOError:
                    pass
                except OSError:
                    sock.close()
                    continue
                alive.append(sock)
            self.socks = alive
            if time.monotonic() - last_byte > 0.5:
                last_byte = time.monotonic()
                for sock in self.socks:
                    try:
                        sock.send(b" ")
                    except OSError:
                        pass
            if len(self.socks) < self.target:
                try:
                    self.socks.append(socket.create_connection(("127.0.0.1", self.port), timeout=1))
                    self.opened += 1
                except OSError:
                    pass
            self.stop.wait(self.every)
        for sock in self.socks:
            sock.close()


# ------------------------------------------------------------------ 1. lockout --------
def test_idle_connections_cannot_lock_a_seated_player_out(counting_game, make_host, clients):
    # 63 idle sockets; a seated player's link blips; they get back in
    host = make_host(
        GAME, 3, timings=Timings(heartbeat=0.3, silence=3.0, hello_deadline=1.0), limits=Limits(**ONE_ADDRESS)
    )
    ann = Client(backoff_start=0.05, backoff_max=0.2)
    bob = Client()
    clients += [ann, bob]
    ann.connect("127.0.0.1", host.port, "Ann")
    bob.connect("127.0.0.1", host.port, "Bob")
    flood = IdleFlood(host.port, target=63)
    flood.start()
    try:
        wait_for(lambda: flood.opened >= 63, what="63 idle connections")
        unjoined = on_host(host, lambda: sum(1 for c in host.conns.values() if not c.joined))
        assert unjoined <= host.limits.unauth_per_address  # per-address cap on unjoined connections
        host.drop(0)  # Ann's link blips while the flood goes on
        wait_for(lambda: ann.status != CONNECTED, what="Ann to notice")
        wait_for(
            lambda: ann.status == CONNECTED and host.lobby()["seats"][0]["connected"],
            timeout=10,
            what="Ann back in her seat",
        )
        assert ann.seat == 0 and bob.status == CONNECTED
    finally:
        flood.stop.set()
        flood.join(5)
    lone = _quiet_socket(host.port)  # the hello deadline: an idle connection is closed
    started = time.monotonic()
    data = b""
    while not data.endswith(b"\n"):
        chunk = lone.recv(4096)
        assert chunk, "closed without saying why"
        data += chunk
    assert json.loads(data)["code"] == "too_slow"
    assert lone.recv(4096) == b"" and 0.5 < time.monotonic() - started < 5.0
    lone.close()


def test_new_connections_per_address_are_rate_limited(counting_game, make_host):
    # a burst of new connections from one address, then a few per second
    host = make_host(GAME, 2, limits=Limits(connect_burst=5, connect_rate=2.0))
    peers = [RawPeer(host.port) for _ in range(5)]
    for peer in peers:
        peer.send({"type": "ping"})
        peer.recv_until("pong")
    extra = RawPeer(host.port)
    assert extra.recv()["code"] == "busy" and extra.closed()
    time.sleep(0.6)  # the bucket refills
    later = RawPeer(host.port)
    later.send({"type": "ping"})
    assert later.recv_until("pong")[0] == {"type": "pong"}
    for peer in peers + [extra, later]:
        peer.close()


def test_a_reconnecting_client_retries_busy_with_backoff(counting_game, make_host, clients):
    # "busy" ends a first join, but only delays a reconnect
    host = make_host(GAME, 2, limits=Limits(connect_burst=3, connect_rate=1.0))
    ann = Client(backoff_start=0.05, backoff_max=0.3)
    clients.append(ann)
    ann.connect("127.0.0.1", host.port, "Ann")
    hog = [RawPeer(host.port) for _ in range(2)]  # the address's burst is spent
    host.drop(0)
    wait_for(
        lambda: ann.status == CONNECTED and host.lobby()["seats"][0]["connected"] and host.stats["refused"] >= 1,
        timeout=10,
        what="Ann back after being refused busy",
    )
    fresh = Client()
    clients.append(fresh)
    for peer in hog:
        peer.close()
    host.drop(0)
    time.sleep(0.05)
    with pytest.raises(JoinError) as exc:
        for _ in range(10):  # spend the bucket so that a first join is refused
            RawPeer(host.port).close()
        fresh.connect("127.0.0.1", host.port, "Cy", spectate=True)
    assert exc.value.code == "busy"


# ------------------------------------------------------------------ 2. floods ---------
class ReadyFlooder(threading.Thread):
    """A seated lobby player that sends ``ready`` on/off as fast as it can and comes
    back with its token each time the host closes it."""

    def __init__(self, port: int, seconds: float) -> None:
        super().__init__(daemon=True)
        self.port, self.seconds = port, seconds
        self.sent = self.sessions = 0
        self.token: str | None = None

    def run(self) -> None:
        blob = b'{"type":"ready","ready":true}\n{"type":"ready","ready":false}\n' * 200
        end = time.monotonic() + self.seconds
        while time.monotonic() < end:
            try:
                sock = socket.create_connection(("127.0.0.1", self.port), timeout=2)
                hello = {"type": "hello", "name": "Flood", "version": 1}
                if self.token:
                    hello["token"] = self.token
                sock.sendall(proto.encode(hello))
                reader = b""
                while b"welcome" not in reader:
                    chunk = sock.recv(65536)
                    if not chunk:
                        raise ConnectionError
                    reader += chunk
                if self.token is None:
                    line = next(x for x in reader.split(b"\n") if b"welcome" in x)
                    self.token = json.loads(line)["token"]
                self.sessions += 1
                sock.settimeout(0.5)
                while time.monotonic() < end:
                    sock.sendall(blob)
                    self.sent += 400
            except OSError:
                time.sleep(0.05)
            finally:
                try:
                    sock.close()
                except (OSError, UnboundLocalError):
                    pass


def test_a_ready_flood_is_rate_limited_and_lobbies_are_coalesced(counting_game, make_host):
    # ready floods neither amplify to listeners nor slow an honest player
    host = make_host(
        GAME,
        3,
        timings=PATIENT,
        limits=Limits(connect_burst=100, connect_rate=5.0, spectators=64, spectators_per_address=64),
    )
    honest = RawPeer(host.port)
    _hello(honest, "Ann")
    others = [RawPeer(host.port) for _ in range(2)]  # more honest pingers: more samples
    for peer in others:
        _hello(peer, "Eve", spectate=True)
    listeners = _sleepers(host, 42)
    sent_before = on_host(host, lambda: {id(c): c.sent_bytes + len(c.outbuf) for c in host.conns.values()})
    quiet = ping_many([honest] + others, 1.0)
    flooder = ReadyFlooder(host.port, seconds=2.0)
    flooder.start()
    flooded = ping_many([honest] + others, 2.0)
    flooder.join(5)
    per_listener = on_host(
        host,
        lambda: [
            c.sent_bytes + len(c.outbuf) - sent_before.get(id(c), 0)
            for c in host.conns.values()
            if c.joined and c.seat is None
        ],
    )
    print(
        f"\nready flood: {flooder.sent} readies over {flooder.sessions} connections; honest ping p95 "
        f"{p95(quiet) * 1000:.1f} ms quiet, {p95(flooded) * 1000:.1f} ms flooded; "
        f"at most {max(per_listener)} bytes to a listener; host holds {host.buffered_bytes()} bytes"
    )
    assert flooder.sent >= 2000 and flooder.sessions >= 2
    assert len(per_listener) == 44
    # at most ten lobbies a second, and only changed ones: about 2 s of them, not one per ready
    assert max(per_listener) < 64 * 1024
    assert p95(flooded) < FLOODED_P95
    assert host.buffered_bytes() < 42 * (OUTPUT_LOW + 16 * 1024)
    for sock in listeners:
        sock.close()
    for peer in [honest] + others:
        peer.close()


class StaleFlooder(BotClient):
    """A seated bot player that also sends a stream of stale commands (state 0) on its
    own connection, about ``rate`` a second, and comes back with its token when closed."""

    def __init__(self, rate: float, **kwargs) -> None:
        kwargs.setdefault("backoff_start", 0.05)
        kwargs.setdefault("backoff_max", 0.1)
        super().__init__(**kwargs)
        self.rate = rate
        self.flooding = threading.Event()
        self.stale_sent = 0
        self.bytes_in = 0

    def on_message(self, message: dict) -> None:
        self.bytes_in += len(proto.encode(message))
        super().on_message(message)

    def flood(self, seconds: float) -> None:
        line = proto.encode({"type": "command", "state_id": 0, "command": {"type": "add", "amount": 1}})
        burst = max(1, int(self.rate / 100))
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.status == CONNECTED:
                with self._lock:
                    self._outbuf += line * burst
                self._wake()
                self.stale_sent += burst
            time.sleep(0.01)


def test_a_stale_command_flood_is_answered_once_per_state_and_closed(counting_game, make_host, clients):
    # stale commands get one fresh update per state; repeats count as junk
    host = make_host(GAME, 2, options={"target": 10**9, "pad": 6000})  # a real game's 6 KB view
    honest = BotClient(seed=1)
    flooder = StaleFlooder(rate=2000, seed=2, record=True)
    clients += [honest, flooder]
    honest.connect("127.0.0.1", host.port, "Ann")
    flooder.connect("127.0.0.1", host.port, "Mallory")
    wait_for(lambda: len(honest.latencies) >= 200, what="a quiet game going")
    quiet = list(honest.latencies)
    honest.latencies.clear()
    before = len(flooder.received)
    sid_before = host.match.state_id
    stale_updates_before = host.stats["stale_updates"]
    watchers = [RawPeer(host.port) for _ in range(2)]  # honest spectators: ping round trips
    for peer in watchers:
        _hello(peer, "Eve", spectate=True)
    pinging = threading.Thread(target=lambda: pings.extend(ping_many(watchers, 2.0)))
    pings: list[float] = []
    pinging.start()
    flooder.flood(2.0)
    pinging.join(30)
    flooded = list(honest.latencies)
    got = flooder.received[before:]
    updates = sum(1 for m in got if m["type"] == "update")
    stale = sum(1 for m in got if m["type"] == "error" and m["code"] == "stale")
    sessions = sum(1 for m in got if m["type"] == "welcome")
    states = host.match.state_id - sid_before
    print(
        f"\nstale flood: {flooder.stale_sent} stale commands, {stale} answered, {updates} updates to the "
        f"flooder over {sessions} sessions and {states} states; honest command latency p95 "
        f"{p95(quiet) * 1000:.1f} ms quiet ({len(quiet)}), {p95(flooded) * 1000:.1f} ms flooded ({len(flooded)}); "
        f"honest ping p95 {p95(pings) * 1000:.1f} ms flooded ({len(pings)})"
    )
    # the game waits for the flooder's own moves (it is closed and comes back), so few moves
    assert flooder.stale_sent >= 500 and stale >= 100 and len(flooded) >= 3 and len(pings) >= 8
    assert sessions >= 2  # the flooder was closed (repeated stale commands are junk) and came back
    # a fresh update for a stale command at most once per state (the old host: one per stale command)
    stale_updates = host.stats["stale_updates"] - stale_updates_before
    assert stale_updates <= states + sessions + 1 and stale >= 2 * stale_updates
    assert updates <= 2 * states + 2 * sessions + 2
    assert p95(flooded) < FLOODED_P95 and p95(pings) < FLOODED_P95
    for peer in watchers:
        peer.close()


def test_one_connections_big_read_does_not_starve_the_others(counting_game, make_host):
    # lines are handled in turns (8 per connection per round) and rate-limited
    host = make_host(GAME, 2)
    honest = RawPeer(host.port)
    _hello(honest, "Ann", spectate=True)
    attacker = RawPeer(host.port)
    _hello(attacker, "Mallory", spectate=True)
    blob = b'{"type":"ping"}\n' * (64 * 1024 // 16)  # 4,096 pings in one write
    attacker.sock.sendall(blob)
    rtts = []
    for _ in range(3):
        start = time.perf_counter()
        honest.send({"type": "ping"})
        honest.recv_until("pong")
        rtts.append(time.perf_counter() - start)
    answers = []
    while (message := attacker.recv(timeout=5)) is not None:
        answers.append(message)
    pongs = sum(1 for m in answers if m["type"] == "pong")
    print(
        f"\nbig read: honest ping {max(rtts) * 1000:.1f} ms at worst; the attacker got {pongs} pongs "
        f"for {len(blob) // 16} pings, then {answers[-1].get('code')}"
    )
    assert pongs <= proto.RATES["ping"][0] + 5 and answers[-1]["code"] == "too_many_errors"
    assert max(rtts) < FLOODED_P95
    honest.close()


def _small_kernel_buffer(host, name: str) -> None:
    """Shrink the host's own send buffer towards ``name``'s connection, so that what the
    peer does not read piles up in the host's queue at once, not in the kernel."""

    def shrink() -> None:
        for conn in host.conns.values():
            if conn.name == name:
                conn.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)

    on_host(host, shrink)


def test_non_reading_spectators_cost_bounded_memory(counting_game, make_host, clients):
    # 62 spectators that never read; updates to them coalesce, memory stays bounded
    host = make_host(
        GAME,
        2,
        options={"target": 10**9, "pad": 6000},
        timings=PATIENT,
        limits=Limits(connect_burst=100, spectators=64, spectators_per_address=64),
    )
    sleepers = _sleepers(host, 62)
    for i in range(62):
        _small_kernel_buffer(host, "Zzz" if i == 0 else f"Zzz ({i + 1})")
    players = [BotClient(seed=s) for s in range(2)]
    clients += players
    for i, bot in enumerate(players):
        bot.connect("127.0.0.1", host.port, f"P{i}")
    peak = 0
    end = time.monotonic() + 2.0
    while time.monotonic() < end:
        peak = max(peak, host.buffered_bytes())
        time.sleep(0.05)
    commands = host.match.state_id
    print(
        f"\n62 non-reading spectators: {commands} commands (6 KB views) in 2 s; host buffers peak {peak} bytes "
        f"(the old host: up to {commands * 6000 * 62} bytes); {host.stats['coalesced']} updates coalesced; "
        f"player p95 {p95(players[0].latencies) * 1000:.1f} ms"
    )
    assert commands >= 50
    # every connection (the 62 sleepers and the 2 players) holds at most OUTPUT_LOW plus
    # one message and what it is reading; the old host queued up to 4 MiB each
    assert peak < (62 + len(players)) * (OUTPUT_LOW + 16 * 1024)
    assert host.stats["coalesced"] > 0
    for sock in sleepers:
        sock.close()


def test_a_reader_that_falls_too_far_behind_is_dropped(counting_game, make_host):
    # past the output cap a slow reader is dropped (it may reconnect)
    host = make_host(GAME, 2, timings=PATIENT, limits=Limits(output_cap=16 * 1024, connect_burst=100))
    (sleeper,) = _sleepers(host, 1, rcvbuf=2048)
    _small_kernel_buffer(host, "Zzz")
    text = "x" * proto.MAX_CHAT
    for i in range(30):  # chat is not coalesced: it piles up for a reader that never reads
        chatter = RawPeer(host.port)
        _hello(chatter, f"Chatter {i}", spectate=True)
        chatter.sock.sendall(b"".join(proto.encode({"type": "chat", "text": text}) for _ in range(10)))
        while chatter.recv_until("chat")[0].get("earlier"):  # past the talk said before it came
            pass
        chatter.close()
        if host.stats["dropped_slow"]:
            break
    wait_for(lambda: host.stats["dropped_slow"] == 1, what="the slow reader to be dropped")
    assert on_host(host, lambda: all(c.name != "Zzz" for c in host.conns.values()))
    sleeper.close()


# ------------------------------------------------------------------ 3. token fights ---
def test_a_second_live_connection_with_the_same_token_is_refused(counting_game, make_host, clients):
    # two clients sharing a token do not kick each other forever
    host = make_host(GAME, 2, timings=Timings(heartbeat=0.2, silence=3.0, takeover_after=0.8))
    first = Client()
    clients.append(first)
    first.connect("127.0.0.1", host.port, "Ann")
    twin = Client()
    clients.append(twin)
    with pytest.raises(JoinError) as exc:
        twin.connect("127.0.0.1", host.port, "Ann", token=first.token)
    assert exc.value.code == "seat_in_use" and "already connected from 127.0.0.1" in str(exc.value)
    time.sleep(1.0)
    welcomes = sum(1 for m in first.poll() if m["type"] == "welcome")
    assert welcomes == 1 and first.status == CONNECTED and host.stats["connections"] == 2
    # a connection silent past the takeover time (a half-open one) gives way to the token
    ghost = RawPeer(host.port)
    first.close()
    wait_for(lambda: not host.lobby()["seats"][0]["connected"], what="the seat free")
    _hello(ghost, "Ann", token=twin.token or first.token)
    time.sleep(0.9)  # the ghost never pings
    back = Client()
    clients.append(back)
    assert back.connect("127.0.0.1", host.port, "Ann", token=first.token)["seat"] == 0
    assert ghost.closed()


# ------------------------------------------------------------------ 7. names, chat ----
def test_names_are_unique_and_chat_says_who_is_a_spectator(counting_game, make_host):
    # a spectator cannot pose as a player in chat
    host = make_host(GAME, 3)
    ann = RawPeer(host.port)
    assert _hello(ann, "Ann")["name"] == "Ann"
    fake = RawPeer(host.port)
    assert _hello(fake, "ann", spectate=True)["name"] == "ann (2)"
    twin = RawPeer(host.port)
    assert _hello(twin, "Ann")["name"] == "Ann (3)"
    fake.send({"type": "chat", "text": "I fold"})
    chat, _ = ann.recv_until("chat")
    assert chat == {"type": "chat", "seat": None, "name": "ann (2)", "text": "I fold", "spectator": True}
    ann.send({"type": "chat", "text": "No I don't"})
    fake.recv_until("chat")  # its own line first
    chat, _ = fake.recv_until("chat")
    assert chat["seat"] == 0 and chat["spectator"] is False and chat["name"] == "Ann"
    for peer in (ann, fake, twin):
        peer.close()


# ------------------------------------------------------------------ 8. token guessing -
def test_wrong_tokens_from_one_address_are_cut_off_and_logged(counting_game, make_host, caplog):
    # docs/PROTOCOL.md §6 "wrong tokens": a few wrong tokens, then the address's wrong
    # tokens close at once for a while; the right token still joins from there
    host = make_host(GAME, 2)
    ann = RawPeer(host.port)
    token = _hello(ann, "Ann")["token"]
    ann.close()
    guesser = RawPeer(host.port)
    caplog.set_level(logging.WARNING, logger="game.net.host")
    codes = []
    for i in range(20):
        try:
            guesser.send({"type": "hello", "name": "Mallory", "version": 1, "token": f"{i:032x}"})
            message = guesser.recv()
        except OSError:  # the host has closed the connection
            break
        if message is None:
            break
        codes.append(message["code"])
        if message["code"] == "too_many_errors":
            break
    assert codes == ["bad_token"] * 5 + ["too_many_errors"]
    assert guesser.closed()
    assert any("wrong tokens" in r.getMessage() for r in caplog.records)
    guess = RawPeer(host.port)  # another guess from this address: closed at once
    guess.send({"type": "hello", "name": "Mallory", "version": 1, "token": f"{99:032x}"})
    assert guess.recv()["code"] == "too_many_errors" and guess.closed()
    again = RawPeer(host.port)  # the right token is no guess: it joins
    again.send({"type": "hello", "name": "Ann", "version": 1, "token": token})
    welcome = again.recv()
    assert welcome["type"] == "welcome" and welcome["seat"] == 0
    again.close()
    watcher = RawPeer(host.port)  # a hello without a token is not a guess
    assert _hello(watcher, "Eve", spectate=True)["seat"] is None
    watcher.close()


# ------------------------------------------------------------------ 9. line limit -----
@pytest.mark.parametrize("split", [1, 65535, 65536, 65537, 65538])
def test_a_maximal_crlf_line_is_accepted_wherever_tcp_splits_it(counting_game, make_host, split):
    # docs/PROTOCOL.md §1: 65,536 bytes, the terminator not counted
    host = make_host(GAME, 2)
    peer = RawPeer(host.port)
    _hello(peer, "Ann", spectate=True)
    prefix, suffix = b'{"type":"chat","text":"hi","pad":"', b'"}'
    line = prefix + b"x" * (proto.MAX_LINE - len(prefix) - len(suffix)) + suffix
    assert len(line) == proto.MAX_LINE
    for body, want in ((line, "chat"), (line[:-2] + b'x"}', "error")):
        data = body + b"\r\n"
        peer.sock.sendall(data[:split])
        time.sleep(0.05)  # the host reads the first part on its own
        peer.sock.sendall(data[split:])
        message = peer.recv()
        while message["type"] == "lobby":
            message = peer.recv()
        assert message["type"] == want, message
        if want == "error":
            assert message["code"] == "too_long"


def test_line_reader_limit_does_not_depend_on_where_the_stream_splits():
    limit = 1000
    for size, accepted in ((limit, True), (limit + 1, False)):
        line = b"x" * size
        for ending in (b"\n", b"\r\n"):
            data = line + ending + b"ok\n"
            for split in range(len(data) + 1):
                reader = proto.LineReader(limit)
                out = reader.feed(data[:split]) + reader.feed(data[split:])
                assert out == ([line] if accepted else [None]) + [b"ok"], (size, ending, split)
