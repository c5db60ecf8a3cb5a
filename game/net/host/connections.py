"""The host's connections: sockets, framing, limits, token buckets and output caps.

This part knows bytes and lines, never the game. It accepts connections (per-address
connection buckets, the cap on open and unjoined connections, the seat reserve), reads
at most :data:`RECV_SIZE` from a socket before handling it, hands complete lines to the
table round-robin (:data:`LINES_PER_TURN` per connection, :data:`TURN_BUDGET` per round),
counts junk, applies the per-type rate limits, and keeps every connection's output
under its cap (a connection over ``output_cap`` unsent is dropped). Everything runs on
the host's one thread.

The table is told about three things through the callables given at construction:
``on_message(conn, message)`` for each checked-in JSON object, ``on_closed(conn, reason)``
after a connection is gone, ``on_drained(conn)`` when a connection's output fell to
:data:`OUTPUT_LOW` or less (an update or lobby owed to it may go now; True when it sent one).
"""

from __future__ import annotations

import logging
import selectors
import socket
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.net import protocol as proto
from game.net.host.config import LINES_PER_TURN, MAX_ADDRESSES, OUTPUT_LOW, RECV_SIZE, TURN_BUDGET, Limits, Timings
from game.net.protocol import Bucket, ProtocolError

log = logging.getLogger("game.net.host")


@dataclass
class Connection:
    sock: socket.socket
    peer: str  # "ip:port"
    ip: str = ""
    opened: float = field(default_factory=time.monotonic)
    reader: proto.LineReader = field(default_factory=proto.LineReader)
    inbuf: bytearray = field(default_factory=bytearray)  # received, not yet handled (≤ RECV_SIZE)
    inpos: int = 0
    outbuf: bytearray = field(default_factory=bytearray)
    last_heard: float = field(default_factory=time.monotonic)  # the last message taken (not bytes)
    joined: bool = False  # said hello and got a welcome
    reserved: bool = False  # admitted beyond the cap: only a seat's token may join on it
    seat: int | None = None
    name: str = ""
    errors: deque[Any] = field(default_factory=deque)
    buckets: dict[str, Any] = field(default_factory=dict)
    closing: bool = False  # close once outbuf is flushed (and the peer hung up, or close_by)
    close_by: float = 0.0
    shut: bool = False  # our side is shut down (FIN sent); only draining now
    drained: int = 0  # bytes thrown away while closing (at most 64 KiB, then closed)
    version: int = 1  # the protocol version this connection speaks (its hello's)
    last_sid: int | None = None  # state_id of the last update sent; None: next one is full
    held_view: dict[str, Any] | None = None  # version 2: the view the client holds (patches are against it)
    held_legal: list[Any] | None = None  # version 2: the legal list the client holds
    update_due: bool = False  # an update is owed once the output drains (coalesced)
    lobby_due: bool = False  # the newest lobby is owed once the output drains
    stale_sid: int | None = None  # the state at which a stale command was last answered
    sent_bytes: int = 0


@dataclass
class Address:
    """What the host remembers about one peer address (rate limits, wrong tokens)."""

    connects: Bucket
    bad_tokens: deque[Any] = field(default_factory=deque)
    blocked_until: float = 0.0
    seen: float = 0.0


def refuse_socket(sock: socket.socket, message: dict[str, Any]) -> None:
    """Say why in one line and close a socket that was never admitted."""
    try:
        sock.setblocking(False)
        sock.send(proto.encode(message))
    except OSError:
        pass
    sock.close()


class Connections:
    """Every connection of one host; see the module docstring."""

    def __init__(
        self,
        timings: Timings,
        limits: Limits,
        stats: dict[str, Any],
        *,
        on_message: Callable[[Connection, dict[str, Any]], None],
        on_closed: Callable[[Connection, str], None],
        on_drained: Callable[[Connection], bool],
    ) -> None:
        self.timings = timings
        self.limits = limits
        self.stats = stats
        self.on_message = on_message
        self.on_closed = on_closed
        self.on_drained = on_drained
        self.conns: dict[int, Connection] = {}  # fileno -> connection
        self.addresses: dict[str, Address] = {}  # per peer address: rate limits, wrong tokens
        self._addresses_pruned = 0.0
        self.sel: selectors.BaseSelector | None = None
        self.listener: socket.socket | None = None
        self._wake_r: socket.socket | None = None
        self._wake_w: socket.socket | None = None

    # ------------------------------------------------------------------ opening -----
    def listen(self, bind: str, port: int) -> int:
        """Open the listener and the wake-up pair; returns the real port."""
        family = socket.AF_INET6 if ":" in bind else socket.AF_INET
        listener = socket.socket(family, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind((bind, port))
        except OSError:
            listener.close()
            raise
        listener.listen(64)
        listener.setblocking(False)
        self.listener = listener
        self.sel = selectors.DefaultSelector()
        self.sel.register(listener, selectors.EVENT_READ, "accept")
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self.sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        ret: int = listener.getsockname()[1]
        return ret

    def wake(self) -> None:
        """Make :meth:`poll` return now (any thread)."""
        if self._wake_w is not None:
            try:
                self._wake_w.send(b"x")
            except OSError:
                pass

    def poll(self, timeout: float) -> None:
        """Wait up to ``timeout`` for sockets; accept, read and write what is ready."""
        assert self.sel is not None
        for key, mask in self.sel.select(timeout):
            try:
                self._ready(key, mask)
            except Exception:  # never let one connection take the table down
                log.exception("error while serving a connection")
                conn = key.data if isinstance(key.data, Connection) else None
                if conn is not None:
                    self.close(conn, "internal error")

    def _ready(self, key: selectors.SelectorKey, mask: int) -> None:
        if key.data == "accept":
            self._accept()
        elif key.data == "wake":
            try:
                while self._wake_r.recv(4096):  # type: ignore[union-attr]
                    pass
            except (BlockingIOError, InterruptedError):
                pass
        else:
            conn: Connection = key.data
            if mask & selectors.EVENT_READ:
                self._read(conn)
            if mask & selectors.EVENT_WRITE and conn.sock.fileno() >= 0:
                self.flush(conn)

    def shutdown(self) -> None:
        for conn in list(self.conns.values()):
            self.close(conn, "host stopped")
        for sock in (self.listener, self._wake_r, self._wake_w):
            if sock is not None:
                try:
                    sock.close()
                except OSError:
                    pass
        if self.sel is not None:
            self.sel.close()

    # ------------------------------------------------------------------ timers ------
    def tick(self, now: float) -> float:
        """Close silent, unjoined-too-long and lingering connections; forget old
        addresses. Returns how long until the next such deadline."""
        t = self.timings
        sleep = min(1.0, t.heartbeat)
        for conn in list(self.conns.values()):
            if conn.closing and now >= conn.close_by:
                self.close(conn, "closed")
            elif now - conn.last_heard > t.silence:
                self.close(conn, f"silent for {t.silence:g} s")
            elif not conn.joined and not conn.closing and now - conn.opened > t.hello_deadline:
                self.send(conn, proto.error("too_slow", f"No hello within {t.hello_deadline:g} s; closing."))
                self.linger_close(conn, now)
            elif not conn.joined:
                sleep = min(sleep, conn.opened + t.hello_deadline - now + 0.01)
        if len(self.addresses) > MAX_ADDRESSES or (self.addresses and now - self._addresses_pruned > 30.0):
            self._prune_addresses(now)
        return sleep

    def _prune_addresses(self, now: float) -> None:
        self._addresses_pruned = now
        live = {c.ip for c in self.conns.values()}
        window = max(self.limits.bad_token_window, 60.0)
        for ip in [
            ip
            for ip, a in self.addresses.items()
            if ip not in live and now - a.seen > window and now >= a.blocked_until
        ]:
            del self.addresses[ip]
        if len(self.addresses) > MAX_ADDRESSES:  # a flood of addresses: forget the oldest
            for ip, _ in sorted(self.addresses.items(), key=lambda kv: kv[1].seen)[
                : len(self.addresses) - MAX_ADDRESSES
            ]:
                del self.addresses[ip]

    # ------------------------------------------------------------------ accepting ---
    def address(self, ip: str, now: float) -> Address:
        state = self.addresses.get(ip)
        if state is None:
            state = self.addresses[ip] = Address(Bucket(self.limits.connect_burst, self.limits.connect_rate, now))
        state.seen = now
        return state

    def _accept(self) -> None:
        assert self.listener is not None
        limits = self.limits
        for _ in range(64):  # then the other sockets get their turn
            try:
                sock, addr = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                log.warning("accept failed: %s", exc)
                return
            now = time.monotonic()
            ip = addr[0]
            if not self.address(ip, now).connects.take(now):
                self.stats["refused"] += 1
                refuse_socket(
                    sock, proto.error("busy", "Too many new connections from your address; try again in a moment.")
                )
                continue
            unjoined_here = [c for c in self.conns.values() if not c.joined and c.ip == ip and not c.closing]
            if len(unjoined_here) >= limits.unauth_per_address:
                self.evict(min(unjoined_here, key=lambda c: c.opened), "too many unjoined connections from its address")
            reserved = False
            if len(self.conns) >= limits.connections:
                unjoined = [c for c in self.conns.values() if not c.joined]
                if unjoined:
                    self.evict(min(unjoined, key=lambda c: c.opened), "the host needed room")
                elif len(self.conns) < limits.connections + limits.seat_reserve:
                    reserved = True  # only a seat's token may join on this one
                else:
                    self.stats["refused"] += 1
                    refuse_socket(sock, proto.error("busy", "This table has too many connections."))
                    continue
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            conn = Connection(sock, f"{ip}:{addr[1]}", ip=ip, opened=now, last_heard=now, reserved=reserved)
            self.conns[sock.fileno()] = conn
            self.sel.register(sock, selectors.EVENT_READ, conn)  # type: ignore[union-attr]
            self.stats["connections"] += 1
            log.debug("connection from %s", conn.peer)

    def evict(self, conn: Connection, why: str) -> None:
        self.stats["evicted"] += 1
        log.debug("closing connection %s: %s", conn.peer, why)
        try:
            conn.sock.send(proto.encode(proto.error("busy", "The host needed room; say hello sooner.")))
        except OSError:
            pass
        self.close(conn, why)

    # ------------------------------------------------------------------ reading -----
    def _read(self, conn: Connection) -> None:
        if conn.inbuf or conn.closing:
            if conn.closing:  # drain and drop what a closing peer still sends (a little)
                try:
                    data = conn.sock.recv(RECV_SIZE)
                    conn.drained += len(data)
                    if not data or conn.drained > OUTPUT_LOW:
                        self.close(conn, "disconnected")
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError as exc:
                    self.close(conn, f"read failed: {exc}")
            return  # what it sent before is handled first (fair turns, bounded memory)
        try:
            data = conn.sock.recv(RECV_SIZE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            self.close(conn, f"read failed: {exc}")
            return
        if not data:
            self.close(conn, "disconnected")
            return
        conn.inbuf += data
        conn.inpos = 0

    def handle_input(self) -> bool:
        """Handle received lines round-robin, ``LINES_PER_TURN`` per connection per round,
        for at most ``TURN_BUDGET`` seconds. True when some input is still waiting."""
        waiting = [c for c in self.conns.values() if c.inbuf]  # in the order they connected
        if not waiting:
            return False
        end = time.perf_counter() + TURN_BUDGET
        while waiting:
            still = []
            for conn in waiting:
                for _ in range(LINES_PER_TURN):
                    if not conn.inbuf or conn.closing or conn.sock.fileno() < 0:
                        break
                    self._next_line(conn)
                if conn.closing or conn.sock.fileno() < 0:
                    conn.inbuf.clear()
                elif conn.inbuf:
                    still.append(conn)
            waiting = still
            if time.perf_counter() > end:
                break
        return bool(waiting)

    def _next_line(self, conn: Connection) -> None:
        buf = conn.inbuf
        nl = buf.find(b"\n", conn.inpos)
        if nl < 0:
            items = conn.reader.feed(bytes(buf[conn.inpos :]))
            buf.clear()
            conn.inpos = 0
        else:
            items = conn.reader.feed(bytes(buf[conn.inpos : nl + 1]))
            conn.inpos = nl + 1
            if conn.inpos >= len(buf):
                buf.clear()
                conn.inpos = 0
        for line in items:
            if conn.closing or conn.sock.fileno() < 0:
                return
            if line is None:
                self.refuse(conn, ProtocolError("too_long", f"A line may hold at most {proto.MAX_LINE} bytes."))
                continue
            try:
                self.on_message(conn, proto.decode_line(line))
                # heard from: a message the host took, not bytes (a dribble of single
                # bytes, or junk, never keeps a connection alive)
                conn.last_heard = time.monotonic()
            except ProtocolError as exc:
                self.refuse(conn, exc)
            except Exception:
                log.exception("error handling a message from %s", conn.peer)
                self.send(conn, proto.error("internal", "The host could not handle that message; nothing changed."))

    # ------------------------------------------------------------------ writing -----
    def send(self, conn: Connection, message: dict[str, Any]) -> None:
        self.send_bytes(conn, proto.encode(message))

    def send_bytes(self, conn: Connection, data: bytes) -> None:
        if conn.sock.fileno() < 0:
            return
        conn.outbuf += data
        if len(conn.outbuf) > self.limits.output_cap:
            self.stats["dropped_slow"] += 1
            conn.outbuf.clear()
            self.close(conn, f"not reading its messages (over {self.limits.output_cap} bytes waiting)")
            return
        self.flush(conn)

    def broadcast(self, message: dict[str, Any]) -> None:
        data = proto.encode(message)
        for conn in list(self.conns.values()):
            if conn.joined:
                self.send_bytes(conn, data)

    def flush(self, conn: Connection) -> None:
        while conn.outbuf:
            try:
                sent = conn.sock.send(conn.outbuf)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as exc:
                self.close(conn, f"write failed: {exc}")
                return
            conn.sent_bytes += sent
            del conn.outbuf[:sent]
        if len(conn.outbuf) <= OUTPUT_LOW and not conn.closing and self.on_drained(conn):
            return  # it sent something owed, which flushed again
        events = selectors.EVENT_READ | (selectors.EVENT_WRITE if conn.outbuf else 0)
        try:
            self.sel.modify(conn.sock, events, conn)  # type: ignore[union-attr]
        except (KeyError, ValueError):
            return
        if conn.closing and not conn.outbuf and not conn.shut:
            # everything said: send FIN, and go on draining what it still sends until it
            # hangs up or close_by passes, so that its unread lines do not turn our close
            # into a reset that throws away the last message (the reason) on its side
            conn.shut = True
            try:
                conn.sock.shutdown(socket.SHUT_WR)
            except OSError:
                self.close(conn, "closed after an error")

    # ------------------------------------------------------------------ closing -----
    def close(self, conn: Connection, reason: str) -> None:
        fileno = next((k for k, c in self.conns.items() if c is conn), None)
        if fileno is None:
            return
        del self.conns[fileno]
        try:
            self.sel.unregister(conn.sock)  # type: ignore[union-attr]
        except (KeyError, ValueError):
            pass
        try:
            conn.sock.close()
        except OSError:
            pass
        conn.inbuf.clear()
        self.on_closed(conn, reason)

    def linger_close(self, conn: Connection, now: float) -> None:
        """Close once the last message is out (at most a second from now)."""
        conn.closing = True
        conn.close_by = now + 1.0
        conn.inbuf.clear()
        self.flush(conn)

    # ------------------------------------------------------------------ junk --------
    def refuse(self, conn: Connection, exc: ProtocolError, junk: bool | None = None) -> None:
        self.stats["errors"] += 1
        self.send(conn, proto.error(exc.code, exc.message, **getattr(exc, "extra", {})))
        if junk if junk is not None else exc.code in proto.JUNK_CODES:
            self.count_junk(conn)

    def count_junk(self, conn: Connection) -> None:
        now = time.monotonic()
        conn.errors.append(now)
        while conn.errors and now - conn.errors[0] > self.timings.junk_window:
            conn.errors.popleft()
        if len(conn.errors) >= self.timings.junk_limit and not conn.closing and conn.sock.fileno() >= 0:
            self.send(conn, proto.error("too_many_errors", "Too many bad messages; closing the connection."))
            log.info("closing %s: too many bad messages", conn.peer)
            self.linger_close(conn, now)

    def limited(self, conn: Connection, kind: str) -> bool:
        """True (and ``too_fast`` sent, counted as junk) when ``kind`` is over its bucket."""
        rate = self.limits.rates.get(kind)
        if rate is None:
            return False
        now = time.monotonic()
        bucket = conn.buckets.get(kind)
        if bucket is None:
            bucket = conn.buckets[kind] = Bucket(rate[0], rate[1], now)
        if bucket.take(now):
            return False
        per = f"{rate[0]:g} at once, then {rate[1]:g} per second"
        self.refuse(conn, ProtocolError("too_fast", f"Slow down: at most {per} '{kind}' messages."), junk=True)
        return True

    def buffered_bytes(self) -> int:
        """Bytes held for the connections right now (input and output)."""
        return sum(len(c.outbuf) + len(c.inbuf) + c.reader.buffered for c in list(self.conns.values()))
