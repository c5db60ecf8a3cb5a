"""LAN benchmark (issue 5): command-to-update latency with 7 clients on loopback, and a
raw TCP echo round trip on loopback in the same run, and their ratio.

    .venv/bin/python benchmarks/lan.py [--seconds 30] [--game salem]

The host is the real dedicated host (``python -m game host ... --headless``, autosave
on) in its own process; the 7 bot clients share this process. Latency = time from a
client sending a command to that client receiving the first update with a later
state_id. Prints numbers; asserts nothing; runs well under a minute. Everything is on
127.0.0.1 (discovery too: WITCHHUNT_DISCOVERY_ADDR=127.0.0.1).
"""
from __future__ import annotations

import argparse
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="time budget for the games")
    parser.add_argument("--samples", type=int, default=1500, help="stop the games after this many latencies")
    parser.add_argument("--game", default=None, help="salem: the 12-seat Salem table")
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
