"""LAN discovery: hosts announce their table by UDP, joiners list what they hear.

An announcement is one UDP datagram of UTF-8 JSON (docs/PROTOCOL.md, Discovery)::

    {"type": "witchhunt-table", "version": 1, "port": 41692, "game": "hammer",
     "table": "Ann's table", "players": 4, "free": 2, "started": false, "over": false}

sent every 2 s to UDP port 41693. Where it goes:

* if the environment variable ``WITCHHUNT_DISCOVERY_ADDR`` is set, ONLY to that address
  (tests and sandboxes set ``127.0.0.1``; nothing else is ever sent anywhere);
* otherwise to the LAN broadcast address ``255.255.255.255`` (real players on a LAN).

``WITCHHUNT_DISCOVERY_PORT`` overrides the UDP port on both sides. The joiner's IP is
the datagram's source address; typing ``HOST:PORT`` always works without discovery.
"""
from __future__ import annotations

import json
import os
import socket
import threading
import time
from dataclasses import dataclass

from game.engine.match import clean_name
from game.net import protocol as proto

ENV_ADDR = "WITCHHUNT_DISCOVERY_ADDR"
ENV_PORT = "WITCHHUNT_DISCOVERY_PORT"
BROADCAST = "255.255.255.255"
MAX_DATAGRAM = 1024
#: a table not heard from for this long drops off the list
EXPIRY = 6.0


def discovery_target(port: int | None = None) -> tuple[str, int, bool]:
    """``(address, port, is_broadcast)`` the announcements go to (see the module docstring)."""
    addr = os.environ.get(ENV_ADDR, "").strip()
    if port is None:
        env_port = os.environ.get(ENV_PORT, "").strip()
        port = int(env_port) if env_port.isdigit() else proto.DISCOVERY_PORT
    if addr:
        return addr, port, False
    return BROADCAST, port, True


def local_addresses() -> list[str]:
    """Addresses others may type to reach this machine (shown by the host form).

    In a sandbox (``WITCHHUNT_DISCOVERY_ADDR`` set) only that address is offered, and
    no name lookup happens at all."""
    if os.environ.get(ENV_ADDR):
        return [os.environ[ENV_ADDR].strip()]
    found: list[str] = []
    try:
        for addr in socket.gethostbyname_ex(socket.gethostname())[2]:
            if not addr.startswith("127.") and addr not in found:
                found.append(addr)
    except OSError:
        pass
    return found or ["127.0.0.1"]


class Announcer:
    """Sends ``describe()`` every ``every`` seconds; driven by :meth:`tick` from the host loop."""

    def __init__(self, describe, port: int | None = None, every: float = 2.0) -> None:
        self.describe = describe
        self.addr, self.port, broadcast = discovery_target(port)
        self.every = every
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        if broadcast:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        self.sock.setblocking(False)
        self._next = 0.0

    def tick(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        if now < self._next:
            return
        self._next = now + self.every
        self.announce()

    def announce(self) -> None:
        data = json.dumps(self.describe(), separators=(",", ":")).encode("utf-8")
        try:
            self.sock.sendto(data[:MAX_DATAGRAM], (self.addr, self.port))
        except (BlockingIOError, InterruptedError):
            pass

    def close(self) -> None:
        self.sock.close()


@dataclass(frozen=True)
class Table:
    """One table heard on the LAN."""

    host: str
    port: int
    game: str
    table: str
    players: int
    free: int
    started: bool
    over: bool
    heard_at: float
    table_id: str | None = None

    @property
    def address(self) -> str:
        return str(proto.Address(self.host, self.port))


def parse_announcement(data: bytes, sender: str, now: float) -> Table | None:
    """A :class:`Table` from one datagram, or ``None`` for anything else (never raises)."""
    if len(data) > MAX_DATAGRAM:
        return None
    try:
        doc = json.loads(data.decode("utf-8"))
    except Exception:
        return None
    if not isinstance(doc, dict) or doc.get("type") != "witchhunt-table" or doc.get("version") != proto.PROTOCOL_VERSION:
        return None
    port, players, free = doc.get("port"), doc.get("players"), doc.get("free")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (port, players, free)):
        return None
    if not 1 <= port <= 65535:
        return None
    table_id = doc.get("table_id")
    if not (isinstance(table_id, str) and 0 < len(table_id) <= 32 and table_id.isalnum()):
        table_id = None
    return Table(host=sender, port=port, game=clean_name(doc.get("game", "?"), "?"),
                 table=clean_name(doc.get("table", ""), "Witchhunt table"), players=players, free=free,
                 started=doc.get("started") is True, over=doc.get("over") is True, heard_at=now,
                 table_id=table_id)


class Listener:
    """Collects announcements on a background thread; :meth:`tables` lists the live ones.

    Binds UDP ``port`` (default: the discovery port; ``0`` picks a free one, see
    :attr:`port`) on the sandbox address when ``WITCHHUNT_DISCOVERY_ADDR`` is set,
    otherwise on every interface. Call :meth:`close` when the join screen closes."""

    def __init__(self, port: int | None = None, expiry: float = EXPIRY) -> None:
        addr, default_port, _ = discovery_target(None)
        bind = addr if os.environ.get(ENV_ADDR) else ""
        self.expiry = expiry
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((bind, default_port if port is None else port))
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self._tables: dict[tuple[str, int], Table] = {}
        self._lock = threading.Lock()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="witchhunt-discovery", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._closed:
            try:
                data, sender = self.sock.recvfrom(MAX_DATAGRAM + 1)
            except socket.timeout:
                continue
            except OSError:
                if self._closed:
                    return
                continue
            table = parse_announcement(data, sender[0], time.monotonic())
            if table is not None:
                with self._lock:
                    self._tables[(table.host, table.port)] = table

    def tables(self) -> list[Table]:
        """Tables heard within the expiry time, sorted by address."""
        now = time.monotonic()
        with self._lock:
            for key in [k for k, t in self._tables.items() if now - t.heard_at > self.expiry]:
                del self._tables[key]
            return sorted(self._tables.values(), key=lambda t: (t.host, t.port))

    def close(self) -> None:
        self._closed = True
        try:
            self.sock.close()
        except OSError:
            pass
        self._thread.join(1.0)
