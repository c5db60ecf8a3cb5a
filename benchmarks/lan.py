"""LAN benchmark (issue 5, issue 11): command-to-update latency with 7 clients on
loopback, a raw TCP echo round trip on loopback in the same run and their ratio; then
the same table under attack (issue 11.2) and the honest players' latency beside the
quiet figures:

* **stale flood**: one seated player also sends 2,000 stale commands a second (it is
  closed as junk and comes back with its token, again and again), while 30 spectators
  that never read their socket sit at the table;
* **ready flood** in the lobby: one seated player sends ``ready`` on/off as fast as it
  can (reconnecting whenever closed) with 42 listeners; honest ``ping`` round trips.

    .venv/bin/python benchmarks/lan.py [--seconds 30] [--game salem] [--flood-seconds 10]

The host is the real dedicated host (``python -m game host ... --headless``, autosave
on) in its own process; the 7 bot clients share this process. Latency = time from a
client sending a command to that client receiving the first update with a later
state_id. Prints numbers; asserts nothing; runs well under a minute. Everything is on
127.0.0.1 (discovery too: WITCHHUNT_DISCOVERY_ADDR=127.0.0.1).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["WITCHHUNT_DISCOVERY_ADDR"] = "127.0.0.1"

from game.engine import GAMES  # noqa: E402
from game.net.client import BotClient  # noqa: E402


def pick_game(wanted: str | None = None) -> tuple[str, int, int, str]:
    """(game, seats, spectators, note) — Witch Trial seats 7; otherwise 5 + spectators;
    ``--game salem``: a 12-seat Salem table (issue 12)."""
    if wanted == "salem" and "salem" in GAMES:
        return "salem", 12, 0, "salem, 12 seats"
    if "witch_trial" in GAMES and GAMES["witch_trial"].max_players >= 7:
        return "witch_trial", 7, 0, "witch_trial, 7 seats"
    if "hammer" in GAMES:
        return "hammer", 5, 2, "hammer, 5 seats + 2 spectators (Witch Trial not available)"
    return "", 0, 0, "no real game available"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play_one(game: str, seats: int, spectators: int, seed: int, home: str) -> tuple[list[float], int]:
    env = dict(os.environ, WITCHHUNT_HOME=home, PYTHONUNBUFFERED="1")
    log = Path(home) / f"host-{seed}.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "game", "host", game, "--players", str(seats), "--headless",
                                 "--bind", "127.0.0.1", "--port", "0", "--seed", str(seed)],
                                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    clients: list[BotClient] = []
    try:
        end = time.monotonic() + 15
        port = None
        while port is None and time.monotonic() < end:
            found = re.search(r"listening on 127\.0\.0\.1:(\d+)", log.read_text())
            port = int(found.group(1)) if found else None
            time.sleep(0.02)
        if port is None:
            raise RuntimeError(f"the host did not start: {log.read_text()[-300:]}")
        for i in range(seats + spectators):
            client = BotClient(seed=seed * 100 + i)
            client.connect("127.0.0.1", port, f"Bench {i}", spectate=i >= seats)
            clients.append(client)
        for client in clients[:seats]:
            client.finished.wait(60)
        commands = max(c.state_id or 0 for c in clients)
        return [lat for c in clients[:seats] for lat in c.latencies], commands
    finally:
        for client in clients:
            client.close()
        proc.kill()
        proc.wait(10)


def echo_rtt(samples: int, size: int = 600) -> list[float]:
    """Round trips of one line through a minimal TCP echo server on 127.0.0.1."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]

    def serve() -> None:
        conn, _ = server.accept()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with conn:
            while True:
                data = conn.recv(65536)
                if not data:
                    return
                conn.sendall(data)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    client = socket.create_connection(("127.0.0.1", port))
    client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    line = b"x" * (size - 1) + b"\n"
    out = []
    with client:
        for _ in range(samples):
            start = time.perf_counter()
            client.sendall(line)
            got = 0
            while got < len(line):
                got += len(client.recv(65536))
            out.append(time.perf_counter() - start)
    server.close()
    thread.join(2)
    return out


def start_host(game: str, seats: int, seed: int, home: str, *extra: str) -> tuple[subprocess.Popen, int]:
    env = dict(os.environ, WITCHHUNT_HOME=home, PYTHONUNBUFFERED="1")
    log = Path(home) / f"flood-host-{seed}.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "game", "host", game, "--players", str(seats), "--headless",
                                 "--bind", "127.0.0.1", "--port", "0", "--seed", str(seed), *extra],
                                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    end = time.monotonic() + 15
    while time.monotonic() < end:
        found = re.search(r"listening on 127\.0\.0\.1:(\d+)", log.read_text())
        if found:
            return proc, int(found.group(1))
        time.sleep(0.02)
    proc.kill()
    raise RuntimeError(f"the host did not start: {log.read_text()[-300:]}")


def host_rss_kib(proc: subprocess.Popen) -> int:
    try:
        for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return -1


def sleeper(port: int, name: str) -> socket.socket:
    """A spectator that never reads (its receive buffer shrunk to 4 KiB)."""
    from game.net import protocol as proto

    while True:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", port))
        sock.sendall(proto.encode({"type": "hello", "name": name, "version": 1, "spectate": True}))
        time.sleep(0.25)  # within the host's per-address connection rate
        sock.setblocking(False)
        try:
            if sock.recv(1, socket.MSG_PEEK) and b"busy" not in sock.recv(4096, socket.MSG_PEEK):
                return sock
        except BlockingIOError:
            return sock
        except OSError:
            pass
        sock.close()
        time.sleep(0.5)


class StaleFlooder(BotClient):
    """A seated bot player that also sends stale commands, ``rate`` a second."""

    def flood(self, seconds: float, rate: float = 2000.0) -> int:
        from game.net import protocol as proto

        line = proto.encode({"type": "command", "state_id": 0, "command": {"type": "pass"}})
        burst, sent, end = max(1, int(rate / 100)), 0, time.monotonic() + seconds
        while time.monotonic() < end and not self.finished.is_set():
            if self.status == "connected":
                with self._lock:
                    self._outbuf += line * burst
                self._wake()
                sent += burst
            time.sleep(0.01)
        return sent


def flooded_game(game: str, seats: int, seconds: float, home: str) -> dict:
    """Honest latencies while one seat floods stale commands and 30 spectators never read."""
    proc, port = start_host(game, seats, 4242, home)
    clients: list[BotClient] = []
    sleepers: list[socket.socket] = []
    try:
        for i in range(30):
            sleepers.append(sleeper(port, f"Zzz{i}"))
        for i in range(seats - 1):
            client = BotClient(seed=4242 * 100 + i)
            client.paused = True
            client.connect("127.0.0.1", port, f"Honest {i}")
            clients.append(client)
        flooder = StaleFlooder(seed=1, backoff_start=0.05, backoff_max=0.2)
        flooder.paused = True
        flooder.connect("127.0.0.1", port, "Mallory")
        rss_before = host_rss_kib(proc)
        for client in clients + [flooder]:
            client.paused = False
            client._act()
        sent = flooder.flood(seconds)
        latencies = [lat for c in clients for lat in c.latencies]
        return {"latencies": latencies, "stale": sent, "rss_before": rss_before, "rss_after": host_rss_kib(proc)}
    finally:
        for client in clients:
            client.close()
        for sock in sleepers:
            sock.close()
        proc.kill()
        proc.wait(10)


def lobby_ready_flood(seconds: float, home: str) -> dict:
    """Honest ping round trips in a lobby with 42 listeners, quiet, then under a ready flood."""
    from game.net import protocol as proto

    proc, port = start_host("hammer", 5, 4343, home)
    socks: list[socket.socket] = []
    try:
        honest = socket.create_connection(("127.0.0.1", port))
        honest.sendall(proto.encode({"type": "hello", "name": "Honest", "version": 1}))
        for i in range(42):
            socks.append(sleeper(port, f"Ear{i}"))
        token_box: dict = {}

        def pings(duration: float) -> list[float]:
            out, buf, end = [], b"", time.monotonic() + duration
            honest.settimeout(5)
            while time.monotonic() < end:
                start = time.perf_counter()
                honest.sendall(b'{"type":"ping"}\n')
                while b'"pong"' not in buf:
                    buf += honest.recv(65536)
                buf = buf[buf.index(b'"pong"') + 6:]
                out.append(time.perf_counter() - start)
                time.sleep(0.1)  # within the ping rate limit (10 a second)
            return out

        pings(1.0)  # drain the welcome and lobbies
        quiet = pings(min(5.0, seconds))
        stop = threading.Event()
        counts = {"readies": 0, "sessions": 0}

        def flood() -> None:
            blob = b'{"type":"ready","ready":true}\n{"type":"ready","ready":false}\n' * 200
            while not stop.is_set():
                try:
                    sock = socket.create_connection(("127.0.0.1", port), timeout=2)
                    hello = {"type": "hello", "name": "Flood", "version": 1}
                    if "token" in token_box:
                        hello["token"] = token_box["token"]
                    sock.sendall(proto.encode(hello))
                    data = sock.recv(65536)
                    if b'"welcome"' in data and "token" not in token_box:
                        token_box["token"] = json.loads(data.split(b"\n")[0])["token"]
                    counts["sessions"] += 1
                    while not stop.is_set():
                        sock.sendall(blob)
                        counts["readies"] += 400
                except (OSError, ValueError):
                    time.sleep(0.05)
                finally:
                    try:
                        sock.close()
                    except (OSError, UnboundLocalError):
                        pass

        thread = threading.Thread(target=flood, daemon=True)
        thread.start()
        flooded = pings(seconds)
        stop.set()
        thread.join(5)
        return {"quiet": quiet, "flooded": flooded, "rss": host_rss_kib(proc), **counts}
    finally:
        for sock in socks:
            sock.close()
        proc.kill()
        proc.wait(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="time budget for the games")
    parser.add_argument("--samples", type=int, default=1500, help="stop the games after this many latencies")
    parser.add_argument("--game", default=None, help="salem: the 12-seat Salem table")
    parser.add_argument("--flood-seconds", type=float, default=10.0, help="how long each flood lasts")
    args = parser.parse_args()
    game, seats, spectators, note = pick_game(args.game)
    if not game:
        print("benchmarks/lan.py: no game to play (need witch_trial or hammer)")
        return 0
    latencies: list[float] = []
    games = commands = 0
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="witchhunt-lan-bench-") as home:
        while time.monotonic() - started < args.seconds and len(latencies) < args.samples:
            got, n = play_one(game, seats, spectators, seed=games + 1, home=home)
            latencies += got
            commands += n
            games += 1
    elapsed = time.monotonic() - started
    echo = echo_rtt(2000)
    ms = 1000.0
    p50, p99 = percentile(latencies, 0.50), percentile(latencies, 0.99)
    e50, e99 = percentile(echo, 0.50), percentile(echo, 0.99)
    print(f"LAN benchmark on loopback: {note}; {seats + spectators} clients in this process, "
          f"the dedicated host in its own process (autosave on)")
    print(f"games: {games}, commands: {commands}, latency samples: {len(latencies)}, {elapsed:.1f} s")
    print(f"command -> update latency: p50 {p50 * ms:.3f} ms, p99 {p99 * ms:.3f} ms, "
          f"mean {statistics.fmean(latencies) * ms:.3f} ms")
    print(f"raw TCP echo round trip (600-byte line, {len(echo)} samples): p50 {e50 * ms:.3f} ms, p99 {e99 * ms:.3f} ms")
    print(f"ratio latency/echo: p50 {p50 / e50:.1f}x, p99 {p99 / e99:.1f}x")
    with tempfile.TemporaryDirectory(prefix="witchhunt-lan-flood-") as home:
        flood = flooded_game(game, seats, args.flood_seconds, home)
        ready = lobby_ready_flood(args.flood_seconds, home)
    lat = flood["latencies"]
    p95 = percentile(latencies, 0.95)
    print(f"\nunder attack (issue 11.2), same host process:")
    if lat:
        print(f"  stale flood ({flood['stale']} stale commands in {args.flood_seconds:g} s from one seat, "
              f"30 spectators not reading): honest command -> update p50 {percentile(lat, 0.5) * ms:.3f} ms, "
              f"p95 {percentile(lat, 0.95) * ms:.3f} ms, p99 {percentile(lat, 0.99) * ms:.3f} ms "
              f"({len(lat)} samples) vs quiet p50 {p50 * ms:.3f} ms, p95 {p95 * ms:.3f} ms")
    else:
        print("  stale flood: the game gave no honest samples (it ended at once?)")
    print(f"  host memory (RSS): {flood['rss_before'] / 1024:.1f} MiB before the flood, "
          f"{flood['rss_after'] / 1024:.1f} MiB after")
    q, f = ready["quiet"], ready["flooded"]
    print(f"  ready flood in the lobby ({ready['readies']} readies written to {ready['sessions']} connections, "
          f"most never read: the host closes each after a few dozen; "
          f"42 listeners not reading): honest ping p50 {percentile(f, 0.5) * ms:.3f} ms, "
          f"p95 {percentile(f, 0.95) * ms:.3f} ms ({len(f)} samples) vs quiet p50 {percentile(q, 0.5) * ms:.3f} ms, "
          f"p95 {percentile(q, 0.95) * ms:.3f} ms; host RSS {ready['rss'] / 1024:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
