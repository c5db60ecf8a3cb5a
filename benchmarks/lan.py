"""LAN benchmark: what an update costs at tables of 1, 7 and 12 clients on loopback.

    WITCHHUNT_DISCOVERY_ADDR=127.0.0.1 .venv/bin/python benchmarks/lan.py [--games 2] [--version 2]
        [--bot-seconds 6] [--attacks]

For each table (Salem: 12 seats of clients; 7 seats of clients; 2 seats, one a client and
one a host bot at Easy, for "1 client"), the real dedicated host runs in its own process
(``python -m game host ... --headless``, journal with fsync and autosave on, as shipped)
and every client in a process of its own (so that clients never wait for one another's
interpreter), a random bot client per seat. It prints:

* **bytes per update**: the size of each update line the clients received, p50 and max;
* **command -> update**: from a client sending a command to that client receiving the
  first update with a later state, p50 and p95 (clients act ``--pace`` seconds after the
  update that lets them, as people do, so that a command does not queue behind the
  host's and the other clients' work on the one before: the machine has 2 cores for 13
  processes);
* **engine**: the engine's own work for that update, measured in this process on the same
  games replayed from the host's journal: ``apply`` (the client's command and any host
  bot's move in the same update) plus ``view`` for every connection's seat and ``legal``
  for every seat, p50; and the ratio command -> update / engine (p50 over p50);
* **inside the host**: what the host itself says of the players' commands (apply, journal
  flush, until the sender's own update was out, until everyone's was; p50/p95): the rest
  of command -> update is the network, the operating system waking processes on a busy
  2-core machine, and the client putting the update together;
* **ping p95 while host bots think**: a spectator's ping round trips at a 6-seat Salem
  table whose every seat is a host bot at Normal (they search on worker threads).

``--attacks`` adds the earlier flood scenarios (a stale-command flood with 30 spectators
that never read; a ready flood in the lobby) and the honest players' figures under them.
Prints numbers; asserts nothing. Everything is on 127.0.0.1 (discovery too).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the game code this process uses (the engine replay of an older host's games runs with its own)
sys.path.insert(0, os.environ.get("WITCHHUNT_BENCH_GAME", str(ROOT)))
os.environ["WITCHHUNT_DISCOVERY_ADDR"] = "127.0.0.1"

from game.net.client import BotClient  # noqa: E402

MS = 1000.0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# ---------------------------------------------------------------------- one client ----
class PacedBot(BotClient):
    """A bot client that acts ``pace`` seconds after the update that lets it (a person
    takes seconds): each command then meets a host that is not still busy with the last."""

    pace = 0.01

    def _act(self, retry: bool = False) -> None:
        timer = threading.Timer(self.pace, BotClient._act, args=(self, retry))
        timer.daemon = True
        timer.start()


def client_main(port: int, name: str, seed: int, version: int, pace: float) -> int:
    """Run as ``lan.py --client``: one bot client until the game ends; prints JSON."""
    PacedBot.pace = pace
    bot = PacedBot(seed=seed, version=version)
    bot.connect("127.0.0.1", port, name, timeout=30)
    bot.finished.wait(300)
    time.sleep(0.2)
    print(json.dumps({"latencies": bot.latencies, "lines": bot.update_lines, "seat": bot.seat}))
    bot.close()
    return 0


# ---------------------------------------------------------------------- the host -------
#: the checkout whose host is measured (``--host-root``: an older one, for before/after)
HOST_ROOT = ROOT


def start_host(home: str, game: str, seats: int, seed: int, *extra: str) -> tuple[subprocess.Popen, int, Path]:
    env = dict(os.environ, WITCHHUNT_HOME=home, PYTHONUNBUFFERED="1")
    log = Path(home) / f"host-{game}-{seats}-{seed}.log"
    save = Path(home) / f"host-{game}-{seats}-{seed}.witchhunt.json"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "game",
                "host",
                game,
                "--players",
                str(seats),
                "--headless",
                "--bind",
                "127.0.0.1",
                "--port",
                "0",
                "--seed",
                str(seed),
                "--save",
                str(save),
                *extra,
            ],
            cwd=HOST_ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    end = time.monotonic() + 30
    while time.monotonic() < end:
        found = re.search(r"listening on 127\.0\.0\.1:(\d+)", log.read_text())
        if found:
            return proc, int(found.group(1)), save
        time.sleep(0.02)
    proc.kill()
    raise RuntimeError(f"the host did not start: {log.read_text()[-300:]}")


def play(home: str, seats: int, clients: int, seed: int, version: int, pace: float) -> dict:
    """One Salem game: ``clients`` client seats, the rest host bots at Easy."""
    bots = list(range(clients, seats))
    extra = ["--bots", ",".join(map(str, bots)), "--bot-level", "easy"] if bots else []
    proc, port, save = start_host(home, "salem", seats, seed, *extra)
    procs = []
    try:
        for i in range(clients):
            procs.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        __file__,
                        "--client",
                        str(port),
                        f"P{i}",
                        str(seed * 100 + i),
                        str(version),
                        str(pace),
                    ],
                    cwd=ROOT,
                    stdout=subprocess.PIPE,
                    text=True,
                )
            )
            time.sleep(0.05)
        results = []
        for p in procs:
            out, _ = p.communicate(timeout=400)
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        proc.terminate()
        proc.wait(20)
    found = re.findall(r"answer times: (.*)", (Path(home) / f"host-salem-{seats}-{seed}.log").read_text())
    return {
        "results": results,
        "journal": save.with_name(save.name + ".journal"),
        "host": found[-1] if found else "(this host does not say)",
    }


def engine_work(journal: Path, connected: list[int | None]) -> list[float]:
    """Per command: apply + view for each connection's seat + legal for each seat, replayed
    (with the measured host's own rules: in a process of its own for an older checkout)."""
    if HOST_ROOT != ROOT:
        env = dict(os.environ, WITCHHUNT_BENCH_GAME=str(HOST_ROOT))
        out = subprocess.run(
            [sys.executable, __file__, "--engine", str(journal), json.dumps(connected)],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        return json.loads(out.stdout.strip().splitlines()[-1])
    from game.engine import GAMES
    from game.net.journal import read_journal

    header, commands = read_journal(journal)
    match = GAMES[header["game"]](header["players"], header["seed"], header["options"])
    seats = sorted({s for s in connected if s is not None})
    out = []
    for seat, command in commands:
        start = time.perf_counter()
        match.apply(seat, command)
        for s in connected:
            match.view(s)
        for s in seats:
            match.legal(s)
        out.append(time.perf_counter() - start)
    return out


def table_figures(home: str, label: str, seats: int, clients: int, games: int, version: int, pace: float) -> None:
    latencies: list[float] = []
    lines: list[int] = []
    work: list[float] = []
    for g in range(games):
        played = play(home, seats, clients, seed=g + 1, version=version, pace=pace)
        for r in played["results"]:
            latencies += r["latencies"]
            lines += r["lines"]
        work += engine_work(played["journal"], [r["seat"] for r in played["results"]])
        host_says = played["host"]
    p50, p95 = percentile(latencies, 0.5), percentile(latencies, 0.95)
    w50 = percentile(work, 0.5)
    print(
        f"{label:>10}: bytes per update p50 {percentile(lines, 0.5):7.0f}  max {max(lines):6d} | "
        f"command -> update p50 {p50 * MS:6.2f} ms  p95 {p95 * MS:6.2f} ms  ({len(latencies)} samples) | "
        f"engine p50 {w50 * MS:5.2f} ms  ratio {p50 / w50:5.1f}x",
        flush=True,
    )
    print(f"{'':>10}  inside the host (last game): {host_says}", flush=True)


# ---------------------------------------------------------------------- host bots ------
def ping_while_bots_think(home: str, seconds: float) -> None:
    proc, port, _save = start_host(home, "salem", 6, 5, "--bots", "0,1,2,3,4,5")
    try:
        sock = socket.create_connection(("127.0.0.1", port))
        sock.settimeout(5)
        sock.sendall(b'{"type":"hello","name":"Eve","version":1,"spectate":true}\n')
        time.sleep(0.3)
        buf, rtts, end = b"", [], time.monotonic() + seconds
        while time.monotonic() < end:
            start = time.perf_counter()
            sock.sendall(b'{"type":"ping"}\n')
            while b'"pong"' not in buf:
                buf += sock.recv(1 << 20)
            buf = buf[buf.index(b'"pong"') + 6 :]
            rtts.append(time.perf_counter() - start)
            time.sleep(0.11)  # within the ping rate limit (10 a second)
        over = b'"over":true' in buf
        print(
            f"ping while 6 host bots (Normal) think at a Salem table: p50 {percentile(rtts, 0.5) * MS:.2f} ms, "
            f"p95 {percentile(rtts, 0.95) * MS:.2f} ms, max {max(rtts) * MS:.2f} ms ({len(rtts)} pings"
            f"{'; the game ended during the run' if over else ''})",
            flush=True,
        )
    finally:
        proc.terminate()
        proc.wait(20)


# ---------------------------------------------------------------------- attacks --------
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


def attacks(home: str, seconds: float) -> None:
    """Honest latencies while one seat floods stale commands and spectators never read
    (the host's per-address spectator cap lets 8 of them in from one address)."""
    seats = 7
    proc, port, _save = start_host(home, "salem", seats, 4242)
    clients: list[BotClient] = []
    sleepers: list[socket.socket] = []
    try:
        for i in range(8):
            sleepers.append(sleeper(port, f"Zzz{i}"))
        for i in range(seats - 1):
            client = BotClient(seed=4242 * 100 + i)
            client.paused = True
            client.connect("127.0.0.1", port, f"Honest {i}")
            clients.append(client)
        flooder = StaleFlooder(seed=1, backoff_start=0.05, backoff_max=0.2)
        flooder.paused = True
        flooder.connect("127.0.0.1", port, "Mallory")
        for client in clients + [flooder]:
            client.paused = False
            client._act()
        sent = flooder.flood(seconds)
        lat = [x for c in clients for x in c.latencies]
        print(
            f"stale flood ({sent} stale commands in {seconds:g} s from one seat, 8 spectators not reading): "
            f"honest command -> update p50 {percentile(lat, 0.5) * MS:.2f} ms, p95 {percentile(lat, 0.95) * MS:.2f} ms "
            f"({len(lat)} samples)",
            flush=True,
        )
    finally:
        for client in clients:
            client.close()
        for sock in sleepers:
            sock.close()
        proc.terminate()
        proc.wait(20)


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--engine":
        print(json.dumps(engine_work(Path(sys.argv[2]), json.loads(sys.argv[3]))))
        return 0
    if len(sys.argv) > 1 and sys.argv[1] == "--client":
        port, name, seed, version, pace = sys.argv[2:7]
        return client_main(int(port), name, int(seed), int(version), float(pace))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="Salem games per table size")
    parser.add_argument("--version", type=int, default=2, choices=(1, 2), help="protocol version of the clients")
    parser.add_argument("--bot-seconds", type=float, default=6.0, help="how long to ping while host bots think")
    parser.add_argument("--pace", type=float, default=0.01, help="seconds a client waits before acting")
    parser.add_argument("--host-root", default=None, help="measure the host of another checkout (before/after)")
    parser.add_argument("--attacks", action="store_true", help="also the flood scenarios")
    args = parser.parse_args()
    global HOST_ROOT
    if args.host_root:
        HOST_ROOT = Path(args.host_root).resolve()
    print(
        f"LAN benchmark on loopback, protocol version {args.version}: Salem, the dedicated host in its own "
        f"process (journal fsync and autosave on), each client in a process of its own; {args.games} games "
        f"per table; clients act {args.pace * MS:g} ms after the update that lets them"
        f"{'; host from ' + str(HOST_ROOT) if HOST_ROOT != ROOT else ''}",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="witchhunt-lan-bench-") as home:
        for label, seats, clients in (("1 client", 2, 1), ("7 clients", 7, 7), ("12 clients", 12, 12)):
            table_figures(home, label, seats, clients, args.games, args.version, args.pace)
        ping_while_bots_think(home, args.bot_seconds)
        if args.attacks:
            attacks(home, 10.0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
