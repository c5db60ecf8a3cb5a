"""LAN discovery: hosts announce their table by UDP, joiners list what they hear.

An announcement is one UDP datagram of UTF-8 JSON (docs/PROTOCOL.md, Discovery)::

    {"type": "witchhunt-table", "version": 1, "port": 41692, "game": "<game id>",
     "table": "Ann's table", "players": 4, "free": 2, "started": false, "over": false}

sent every 2 s to UDP port 41693. Where it goes:

* if the environment variable ``WITCHHUNT_DISCOVERY_ADDR`` is set, ONLY to that address
  (tests and sandboxes set ``127.0.0.1``; nothing else is ever sent anywhere);
* otherwise to the broadcast address of every IPv4 network this machine is on (e.g.
  ``192.168.1.255`` for 192.168.1.20/24), found with ``ifaddr``; only when there is no
  such network, to ``255.255.255.255`` (which fails on a LAN without a default route).

``WITCHHUNT_DISCOVERY_PORT`` overrides the UDP port on both sides. The joiner's IP is
the datagram's source address; typing ``HOST:PORT`` always works without discovery.

A host that listens on one address only (``--bind``) announces only where that address
can be reached, so a joiner never lists an address nobody answers on: bound to a
loopback address, only to that address (players on this machine); bound to a LAN
address, only to the broadcast address of that address's network, sent from it; bound
to an IPv6 address, not at all (announcements are IPv4). :func:`join_addresses` is the
same rule for the addresses a host prints or shows.

Why ``ifaddr`` and not mDNS (``zeroconf``): the documented broadcast protocol stays as it
is (old clients keep finding new hosts), it is pure Python (nothing to build, nothing for
PyInstaller to collect) and is the interface lister zeroconf itself depends on; mDNS
would add a second discovery path that cannot be tested on 127.0.0.1 alone.

A listener keeps at most :data:`MAX_PER_SENDER` tables per sender address and
:data:`MAX_TABLES` in all, drops each one :data:`EXPIRY` seconds after it was last heard,
and when full forgets first the tables heard least often (a forged one-off datagram
before a host that announces every 2 s).
"""

from __future__ import annotations

import ipaddress
import json
import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeGuard

from game.engine.match import clean_name
from game.net import protocol as proto

ENV_ADDR = "WITCHHUNT_DISCOVERY_ADDR"
ENV_PORT = "WITCHHUNT_DISCOVERY_PORT"
BROADCAST = "255.255.255.255"
MAX_DATAGRAM = 1024
#: a table not heard from for this long drops off the list
EXPIRY = 6.0
#: tables listed per sender address, and in all
MAX_PER_SENDER = 4
MAX_TABLES = 32
#: the interface list is read again this often (Wi-Fi comes and goes)
INTERFACES_EVERY = 30.0

log = logging.getLogger("game.net.discovery")


def _ipv4_networks() -> list[ipaddress.IPv4Interface]:
    """Every IPv4 address of this machine with its network, loopback left out."""
    try:
        import ifaddr

        adapters = ifaddr.get_adapters()
    except Exception as exc:  # no ifaddr in this build, or the OS refused: fall back below
        log.debug("cannot list network interfaces: %s", exc)
        return []
    found: list[ipaddress.IPv4Interface] = []
    for adapter in adapters:
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue  # IPv6: no broadcast
            try:
                iface = ipaddress.IPv4Interface(f"{ip.ip}/{ip.network_prefix}")
            except ValueError:
                continue
            if not iface.ip.is_loopback and iface not in found:
                found.append(iface)
    return found


def broadcast_addresses() -> list[str]:
    """The broadcast address of each IPv4 network this machine is on (no loopback;
    point-to-point /31 and /32 networks have none)."""
    out: list[str] = []
    for iface in _ipv4_networks():
        if iface.network.prefixlen <= 30:
            addr = str(iface.network.broadcast_address)
            if addr not in out:
                out.append(addr)
    return out


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
    ifaces = _ipv4_networks()
    # private LAN addresses first (what a neighbour types), link-local (169.254) last
    ifaces.sort(key=lambda i: (not i.ip.is_private, i.ip.is_link_local))
    found = [str(i.ip) for i in ifaces]
    if not found:
        try:
            for addr in socket.gethostbyname_ex(socket.gethostname())[2]:
                if not addr.startswith("127.") and addr not in found:
                    found.append(addr)
        except OSError:
            pass
    return found or ["127.0.0.1"]


def listens_everywhere(bind: str) -> bool:
    """Whether a host bound to ``bind`` accepts connections on every interface."""
    return bind.strip() in ("", "0.0.0.0", "::")


def join_addresses(bind: str) -> list[str]:
    """Addresses others may type to reach a host bound to ``bind``: this machine's
    addresses when it listens everywhere (:func:`local_addresses`), else that one address."""
    return local_addresses() if listens_everywhere(bind) else [bind.strip()]


def _lan_ipv4(bind: str) -> bool:
    try:
        ip = ipaddress.ip_address(bind.strip())
    except ValueError:
        return False
    return ip.version == 4 and not ip.is_loopback


def bound_targets(bind: str, networks: list[ipaddress.IPv4Interface]) -> list[str]:
    """Where a host listening only on ``bind`` announces itself (see the module
    docstring), given this machine's IPv4 ``networks``: [] when nowhere."""
    try:
        ip = ipaddress.ip_address(bind.strip())
    except ValueError:
        return []  # a name, not an address: where it leads is not ours to guess
    if ip.version != 4:
        return []
    if ip.is_loopback:
        return [str(ip)]
    out = [str(i.network.broadcast_address) for i in networks if i.ip == ip and i.network.prefixlen <= 30]
    return list(dict.fromkeys(out))


class Announcer:
    """Sends ``describe()`` every ``every`` seconds; driven by :meth:`tick` from the host loop.
    ``bind``: the address the host listens on ("" = every interface)."""

    def __init__(
        self, describe: Callable[[], dict[str, Any]], port: int | None = None, every: float = 2.0, bind: str = ""
    ) -> None:
        self.describe = describe
        self.addr, self.port, self.broadcast = discovery_target(port)
        #: the one address the host listens on (None: every interface, announce as usual)
        self.bind = None if listens_everywhere(bind) else bind.strip()
        self.every = every
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        if self.broadcast:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            if self.bind is not None and _lan_ipv4(self.bind):
                try:  # a LAN address: the datagrams leave from it, so joiners see that address
                    self.sock.bind((self.bind, 0))
                except OSError as exc:
                    log.warning("cannot announce from %s: %s", self.bind, exc)
        self.sock.setblocking(False)
        self._next = 0.0
        self._targets: list[str] = []
        self._targets_at = -INTERFACES_EVERY

    def targets(self, now: float | None = None) -> list[str]:
        """Where announcements go now: the sandbox address, else each network's broadcast
        address (re-read every :data:`INTERFACES_EVERY` s), else 255.255.255.255; for a
        host bound to one address, only where that address is reachable (maybe nowhere)."""
        if not self.broadcast:
            return [self.addr]
        now = time.monotonic() if now is None else now
        if now - self._targets_at >= INTERFACES_EVERY:
            self._targets_at = now
            if self.bind is not None:
                self._targets = bound_targets(self.bind, _ipv4_networks())
            else:
                self._targets = broadcast_addresses() or [BROADCAST]
        return self._targets

    @property
    def next_at(self) -> float:
        """When the next announcement is due (``time.monotonic()`` clock)."""
        return self._next

    def tick(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        if now < self._next:
            return
        self._next = now + self.every
        self.announce()

    def announce(self) -> None:
        """Send one announcement to every target; ``OSError`` only when none could be
        sent (the host logs that once a minute at most)."""
        data = json.dumps(self.describe(), separators=(",", ":")).encode("utf-8")[:MAX_DATAGRAM]
        failures: list[str] = []
        targets = self.targets()
        if not targets:
            return  # bound where no announcement can reach (see the module docstring)
        for addr in targets:
            try:
                self.sock.sendto(data, (addr, self.port))
            except (BlockingIOError, InterruptedError):
                pass
            except OSError as exc:
                failures.append(f"{addr}: {exc.strerror or exc}")
        if failures and len(failures) == len(targets):
            self._targets_at = -INTERFACES_EVERY  # look at the interfaces again next time
            raise OSError("; ".join(failures))

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


def _count(value: object) -> TypeGuard[int]:
    """A whole number (JSON true/false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def parse_announcement(data: bytes, sender: str, now: float) -> Table | None:
    """A :class:`Table` from one datagram, or ``None`` for anything else (never raises)."""
    if len(data) > MAX_DATAGRAM:
        return None
    try:
        doc = json.loads(data.decode("utf-8"))
    except Exception:
        return None
    if (
        not isinstance(doc, dict)
        or doc.get("type") != "witchhunt-table"
        or doc.get("version") != proto.DISCOVERY_VERSION
    ):
        return None
    port, players, free = doc.get("port"), doc.get("players"), doc.get("free")
    if not (_count(port) and _count(players) and _count(free)):
        return None
    if not 1 <= port <= 65535:
        return None
    table_id = doc.get("table_id")
    if not (isinstance(table_id, str) and 0 < len(table_id) <= 32 and table_id.isalnum()):
        table_id = None
    return Table(
        host=sender,
        port=port,
        game=clean_name(doc.get("game", "?"), "?"),
        table=clean_name(doc.get("table", ""), "Witchhunt table"),
        players=players,
        free=free,
        started=doc.get("started") is True,
        over=doc.get("over") is True,
        heard_at=now,
        table_id=table_id,
    )


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
        self._heard: dict[tuple[str, int], int] = {}  # how often each table was heard
        self._lock = threading.Lock()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="witchhunt-discovery", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._closed:
            try:
                data, sender = self.sock.recvfrom(MAX_DATAGRAM + 1)
            except TimeoutError:
                continue
            except OSError:
                if self._closed:
                    return
                continue
            table = parse_announcement(data, sender[0], time.monotonic())
            if table is not None:
                with self._lock:
                    self._keep(table)

    def _keep(self, table: Table) -> None:
        """Add or refresh ``table`` within the caps (lock held)."""
        key = (table.host, table.port)
        self._expire(table.heard_at)
        if key not in self._tables:

            def least_heard(keys: list[tuple[str, int]]) -> tuple[str, int]:
                return min(keys, key=lambda k: (self._heard.get(k, 0), self._tables[k].heard_at))

            same = [k for k in self._tables if k[0] == table.host]
            if len(same) >= MAX_PER_SENDER:
                self._drop(least_heard(same))
            if len(self._tables) >= MAX_TABLES:
                self._drop(least_heard(list(self._tables)))
        self._tables[key] = table
        self._heard[key] = self._heard.get(key, 0) + 1

    def _drop(self, key: tuple[str, int]) -> None:
        self._tables.pop(key, None)
        self._heard.pop(key, None)

    def _expire(self, now: float) -> None:
        for key in [k for k, t in self._tables.items() if now - t.heard_at > self.expiry]:
            self._drop(key)

    def tables(self) -> list[Table]:
        """Tables heard within the expiry time, sorted by address."""
        now = time.monotonic()
        with self._lock:
            self._expire(now)
            return sorted(self._tables.values(), key=lambda t: (t.host, t.port))

    def close(self) -> None:
        self._closed = True
        try:
            self.sock.close()
        except OSError:
            pass
        self._thread.join(1.0)
