"""The LAN host: the only engine of a networked table (DESIGN D4, docs/PROTOCOL.md).

One thread runs a ``selectors`` loop over every connection, so the match is only ever
touched from that thread and needs no lock. Identity comes from the connection: a
connection is bound to a seat when it says ``hello`` (a free seat, or the seat its
token names) and every command it sends is applied for that seat; no message can name
another seat. Every update carries ``view(seat)`` of that connection only (spectators
get ``view(None)``), the seat's log since its previous update and ``legal(seat)``.

Nothing a client sends can crash the host or change the game unless it is a legal
command for the sender's seat at the current ``state_id``: junk is answered with an
``error`` and a connection that keeps sending junk is closed.

Use in-process (tests, the desktop host)::

    host = Host("hammer", 4, port=0, bind="127.0.0.1", save_path=path)
    host.start()                 # background thread; host.port is the real port
    ...
    host.stop()

or blocking with :meth:`Host.serve_forever` (``witchhunt host --headless``).
"""
from __future__ import annotations

import copy
import logging
import marshal
import os
import queue
import secrets
import selectors
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game.bots import RandomBot
from game.engine import GAMES, IllegalCommand, Match, SetupError, new_match
from game.engine.match import clean_name
from game.net import protocol as proto
from game.net.protocol import ProtocolError

log = logging.getLogger("game.net.host")

MAX_CONNECTIONS = 64
#: a client that does not read gets at most this much queued before it is dropped
MAX_OUTBUF = 4 * 1024 * 1024
#: bot moves applied in one loop turn before the loop looks at the sockets again
BOT_BURST = 500


@dataclass(frozen=True)
class Timings:
    """Every timing of the host, in seconds (tests shrink them)."""

    heartbeat: float = 5.0        # clients ping this often; sent to them in ``welcome``
    silence: float = 15.0         # a peer silent this long is disconnected
    seat_bot_after: float = 60.0  # a seat empty this long is played by a bot until its owner returns
    junk_limit: int = 20          # this many protocol errors …
    junk_window: float = 10.0     # … within this window closes the connection
    announce_every: float = 2.0   # LAN discovery announcement period
    linger_after_over: float | None = None  # serve_forever returns this long after the game ends
    save_gap: float = 0.2         # at least this long between two autosave writes (bursts coalesce)


@dataclass
class Seat:
    name: str
    token: str | None = None      # handed out in ``welcome``; None while the seat is free
    conn: "Connection | None" = None
    bot: bool = False             # a bot seat chosen by the host (``--bots``)
    standin: RandomBot | None = None  # plays the seat while its owner is away
    ready: bool = False
    empty_since: float | None = None
    seen: bool = False            # someone has sat here before (for the log: took / rejoined)


@dataclass
class Connection:
    sock: socket.socket
    peer: str
    reader: proto.LineReader = field(default_factory=proto.LineReader)
    outbuf: bytearray = field(default_factory=bytearray)
    last_heard: float = field(default_factory=time.monotonic)
    joined: bool = False          # said hello and got a welcome
    seat: int | None = None
    name: str = ""
    errors: deque = field(default_factory=deque)
    chats: deque = field(default_factory=deque)  # when the last chat lines came (flood limit)
    closing: bool = False         # close once outbuf is flushed
    close_by: float = 0.0
    last_sid: int | None = None   # state_id of the last update sent; None: next one is full


class Host:
    """A table served over TCP. See the module docstring.

    ``players`` is the number of seats. ``bots`` are seats the host's bots play; a game
    starts once every other seat is taken (``auto_start``) or when the owner sends
    ``start``. ``owner_name`` reserves seat 0 for the host's own player, who connects
    with :attr:`owner_token` like everyone else (D4) and alone may send ``start``.
    ``save_path``: autosave after every applied command (``None``: no saves).
    """

    def __init__(self, game: str, players: int, *, seed: int | None = None, options: dict | None = None,
                 bots: list[int] | tuple[int, ...] = (), bot_delay: float | None = None,
                 bind: str = "", port: int = proto.DEFAULT_PORT, save_path: Path | None = None,
                 timings: Timings | None = None, auto_start: bool = True, owner_name: str | None = None,
                 table_name: str | None = None, announce: bool = False,
                 discovery_port: int | None = None) -> None:
        cls = GAMES.get(game)
        if cls is None:
            raise SetupError(f"unknown game {game!r} (known: {', '.join(sorted(GAMES)) or 'none'})")
        if not cls.min_players <= players <= cls.max_players:
            raise SetupError(f"{cls.title or game} takes {cls.min_players} to {cls.max_players} players, not {players}")
        bad = [b for b in bots if not 0 <= b < players]
        if bad:
            raise SetupError(f"bot seats must be between 0 and {players - 1}, not {bad}")
        self.game = game
        self.n = players
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        self.options = dict(options or {})
        self.bot_delay = bot_delay
        self.bind = bind
        self.requested_port = port
        self.save_path = Path(save_path) if save_path else None
        self.timings = timings or Timings()
        self.auto_start = auto_start
        self.table_name = clean_name(table_name or owner_name or "Witchhunt table", "Witchhunt table")
        self.announce = announce
        self.discovery_port = discovery_port
        self.seats = [Seat(name=f"Bot {i + 1}" if i in bots else "", bot=i in bots) for i in range(players)]
        self.owner_token: str | None = None
        if owner_name is not None:
            if 0 in bots:
                raise SetupError("seat 0 is the host's own seat; it cannot be a bot")
            self.owner_token = secrets.token_hex(16)
            self.seats[0].name = clean_name(owner_name, "Host")
            self.seats[0].token = self.owner_token
            self.seats[0].empty_since = time.monotonic()
        self.bots: dict[int, RandomBot] = {i: RandomBot(self.seed * 31 + i) for i in bots}
        self.match: Match | None = None
        self.conns: dict[int, Connection] = {}  # fileno -> connection
        self.port: int | None = None
        self.started = threading.Event()    # listening
        self.game_started = threading.Event()
        self.game_over = threading.Event()
        self.stopped = threading.Event()
        self._stop = False
        self._sel: selectors.BaseSelector | None = None
        self._listener: socket.socket | None = None
        self._wake_r: socket.socket | None = None
        self._wake_w: socket.socket | None = None
        self._calls: queue.Queue[Callable[[], None]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._next_bot_at = 0.0
        self._over_at: float | None = None
        self._announcer = None
        self._lobby_dirty = False
        self._saver: _Saver | None = None
        self._save_dirty = False
        self.stats = {"commands": 0, "errors": 0, "connections": 0}

    # ------------------------------------------------------------------ resume ------
    @classmethod
    def resume(cls, path: Path, **kwargs: Any) -> "Host":
        """A host that continues the game autosaved at ``path``; players rejoin with their
        tokens. Raises :class:`game.engine.SaveError` for an unreadable or foreign save."""
        from game.engine import SaveError
        from game.saves import load_save

        match, extra = load_save(Path(path))
        net = extra.get("net") if isinstance(extra, dict) else None
        if not isinstance(net, dict) or not isinstance(net.get("tokens"), dict):
            raise SaveError(f"{Path(path).name}: not a LAN host save (no seat tokens)")
        bots = [b for b in net.get("bots", []) if isinstance(b, int) and 0 <= b < match.n]
        kwargs.setdefault("save_path", Path(path))
        kwargs.setdefault("table_name", net.get("table"))
        host = cls(match.game_id, match.n, seed=match.seed, bots=bots, **kwargs)
        host.match = match
        host.owner_token = net.get("owner_token") if isinstance(net.get("owner_token"), str) else None
        now = time.monotonic()
        for seat in host.seats:
            seat.token, seat.empty_since = None, now
        for i, name in enumerate(match.players):
            host.seats[i].name = name
        for token, seat in net["tokens"].items():
            if isinstance(seat, int) and 0 <= seat < match.n and isinstance(token, str):
                host.seats[seat].token = token
        host.game_started.set()
        if match.over:
            host.game_over.set()
        return host

    # ------------------------------------------------------------------ lifecycle ---
    def start(self, timeout: float = 5.0) -> int:
        """Listen and serve in a background thread; returns the port (useful with port 0)."""
        self._open()
        self._thread = threading.Thread(target=self._serve, name=f"witchhunt-host-{self.port}", daemon=True)
        self._thread.start()
        return self.port  # type: ignore[return-value]

    def serve_forever(self) -> None:
        """Listen and serve in this thread until :meth:`stop` (or the game is over and
        ``linger_after_over`` has passed)."""
        self._open()
        self._serve()

    def stop(self, timeout: float = 5.0) -> None:
        """Close every connection and the listener; safe to call from any thread, twice."""
        self._stop = True
        self._wake()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def call(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the host's thread (the only thread that touches the match)."""
        self._calls.put(fn)
        self._wake()

    def start_game(self) -> None:
        """Start now (thread-safe); empty seats are played by bots."""
        self.call(self._start_game)

    def drop(self, seat: int) -> None:
        """Cut the connection of ``seat`` as if the network failed (tests, admin)."""
        def cut() -> None:
            conn = self.seats[seat].conn
            if conn is not None:
                self._close(conn, "dropped by the host")
        self.call(cut)

    def _open(self) -> None:
        family = socket.AF_INET6 if ":" in self.bind else socket.AF_INET
        listener = socket.socket(family, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind((self.bind, self.requested_port))
        except OSError:
            listener.close()
            raise
        listener.listen(16)
        listener.setblocking(False)
        self._listener = listener
        self.port = listener.getsockname()[1]
        self._sel = selectors.DefaultSelector()
        self._sel.register(listener, selectors.EVENT_READ, "accept")
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        if self.announce:
            from game.net.discovery import Announcer

            self._announcer = Announcer(self.describe, port=self.discovery_port,
                                        every=self.timings.announce_every)
        log.info("listening on %s:%d for %s (%d seats%s)", self.bind or "*", self.port, self.game, self.n,
                 f", bots at {sorted(self.bots)}" if self.bots else "")
        if self.save_path:
            log.info("autosave: %s", self.save_path)
        self.started.set()
        if self.match is not None:
            log.info("resumed at state %d; waiting for players to rejoin with their tokens", self.match.state_id)
        else:
            self._maybe_auto_start()

    def _wake(self) -> None:
        if self._wake_w is not None:
            try:
                self._wake_w.send(b"x")
            except OSError:
                pass

    # ------------------------------------------------------------------ the loop ----
    def _serve(self) -> None:
        assert self._sel is not None
        try:
            while not self._stop:
                timeout = self._tick()
                if self._stop:
                    break
                for key, mask in self._sel.select(timeout):
                    try:
                        self._ready(key, mask)
                    except Exception:  # never let one connection take the table down
                        log.exception("error while serving a connection")
                        conn = key.data if isinstance(key.data, Connection) else None
                        if conn is not None:
                            self._close(conn, "internal error")
        finally:
            self._shutdown()

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
                self._flush(conn)

    def _tick(self) -> float:
        """Timers: calls from other threads, heartbeats, empty seats, bots, announcing.
        Returns how long the selector may sleep."""
        while True:
            try:
                fn = self._calls.get_nowait()
            except queue.Empty:
                break
            try:
                fn()
            except Exception:
                log.exception("error in a host call")
        now = time.monotonic()
        t = self.timings
        sleep = min(1.0, t.heartbeat)
        for conn in list(self.conns.values()):
            if conn.closing and now >= conn.close_by:
                self._close(conn, "closed")
            elif now - conn.last_heard > t.silence:
                self._close(conn, f"silent for {t.silence:g} s")
        self._check_empty_seats(now)
        if self._lobby_dirty:
            self._lobby_dirty = False
            self._send_lobby()
        if self.match is not None and not self.match.over:
            sleep = min(sleep, self._run_bots(now))
        sleep = min(sleep, self._maybe_save(time.monotonic()))
        if self._announcer is not None:
            try:
                self._announcer.tick(now)
            except OSError as exc:
                log.warning("discovery announcement failed: %s", exc)
        if self.game_over.is_set() and t.linger_after_over is not None:
            if self._over_at is None:
                self._over_at = now
            if now - self._over_at >= t.linger_after_over:
                self._stop = True
        return max(0.0, sleep)

    def _check_empty_seats(self, now: float) -> None:
        if self.match is None:
            # In the lobby a seat left empty too long is freed for someone else.
            for seat in self.seats:
                if (seat.token and seat.conn is None and not seat.bot and seat.token != self.owner_token
                        and seat.empty_since is not None and now - seat.empty_since >= self.timings.seat_bot_after):
                    log.info("seat of %s freed (away %g s)", seat.name, self.timings.seat_bot_after)
                    seat.token, seat.name, seat.ready, seat.empty_since = None, "", False, None
                    self._lobby_dirty = True
            return
        for i, seat in enumerate(self.seats):
            if (not seat.bot and seat.conn is None and seat.standin is None and seat.empty_since is not None
                    and now - seat.empty_since >= self.timings.seat_bot_after and not self.match.over):
                seat.standin = RandomBot(self.seed * 37 + i)
                log.info("seat %d (%s) empty for %g s: a bot plays it until its owner returns",
                         i, seat.name, self.timings.seat_bot_after)
                self._lobby_dirty = True

    def _bot_for(self, seat: int) -> RandomBot | None:
        if seat in self.bots:
            return self.bots[seat]
        return self.seats[seat].standin

    def _run_bots(self, now: float) -> float:
        """Let bots move; returns how long until the next bot move is due."""
        match = self.match
        assert match is not None
        applied = 0
        wait = 1.0
        while not match.over and applied < BOT_BURST:
            seats = [s for s in match.to_act() if self._bot_for(s) is not None]
            if not seats:
                break
            if self.bot_delay and applied:
                wait = self.bot_delay
                break
            if self.bot_delay and now < self._next_bot_at:
                wait = self._next_bot_at - now
                break
            seat = seats[0]
            bot = self._bot_for(seat)
            try:
                command = bot.choose(match.view(seat), match.legal(seat))  # type: ignore[union-attr]
                match.apply(seat, command)
            except Exception as exc:  # a bot must never stop the table
                log.error("bot at seat %d failed: %s", seat, exc)
                break
            applied += 1
            self.stats["commands"] += 1
        else:
            if applied >= BOT_BURST:
                wait = 0.0  # more to do: look at the sockets first, then carry on
        if applied:
            self._after_change()
        return wait

    # ------------------------------------------------------------------ sockets -----
    def _accept(self) -> None:
        assert self._listener is not None
        while True:
            try:
                sock, addr = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                log.warning("accept failed: %s", exc)
                return
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            peer = f"{addr[0]}:{addr[1]}"
            conn = Connection(sock, peer)
            if len(self.conns) >= MAX_CONNECTIONS:
                try:
                    sock.send(proto.encode(proto.error("busy", "This table has too many connections.")))
                except OSError:
                    pass
                sock.close()
                continue
            self.conns[sock.fileno()] = conn
            self._sel.register(sock, selectors.EVENT_READ, conn)  # type: ignore[union-attr]
            self.stats["connections"] += 1
            log.debug("connection from %s", peer)

    def _read(self, conn: Connection) -> None:
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            self._close(conn, f"read failed: {exc}")
            return
        if not data:
            self._close(conn, "disconnected")
            return
        conn.last_heard = time.monotonic()
        if conn.closing:
            return
        for line in conn.reader.feed(data):
            if conn.closing or conn.sock.fileno() < 0:
                return
            if line is None:
                self._refuse(conn, ProtocolError("too_long", f"A line may hold at most {proto.MAX_LINE} bytes."))
                continue
            try:
                self._handle(conn, proto.decode_line(line))
            except ProtocolError as exc:
                self._refuse(conn, exc)
            except Exception:
                log.exception("error handling a message from %s", conn.peer)
                self._send(conn, proto.error("internal", "The host could not handle that message; nothing changed."))

    def _send(self, conn: Connection, message: dict) -> None:
        self._send_bytes(conn, proto.encode(message))

    def _send_bytes(self, conn: Connection, data: bytes) -> None:
        if conn.sock.fileno() < 0:
            return
        conn.outbuf += data
        if len(conn.outbuf) > MAX_OUTBUF:
            self._close(conn, "not reading its messages")
            return
        self._flush(conn)

    def _flush(self, conn: Connection) -> None:
        while conn.outbuf:
            try:
                sent = conn.sock.send(conn.outbuf)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as exc:
                self._close(conn, f"write failed: {exc}")
                return
            del conn.outbuf[:sent]
        events = selectors.EVENT_READ | (selectors.EVENT_WRITE if conn.outbuf else 0)
        try:
            self._sel.modify(conn.sock, events, conn)  # type: ignore[union-attr]
        except (KeyError, ValueError):
            return
        if conn.closing and not conn.outbuf:
            self._close(conn, "closed after an error")

    def _close(self, conn: Connection, reason: str) -> None:
        fileno = next((k for k, c in self.conns.items() if c is conn), None)
        if fileno is None:
            return
        del self.conns[fileno]
        try:
            self._sel.unregister(conn.sock)  # type: ignore[union-attr]
        except (KeyError, ValueError):
            pass
        try:
            conn.sock.close()
        except OSError:
            pass
        if conn.seat is not None and self.seats[conn.seat].conn is conn:
            seat = self.seats[conn.seat]
            seat.conn = None
            seat.ready = False
            seat.empty_since = time.monotonic()
            log.info("seat %d (%s) left: %s", conn.seat, seat.name, reason)
            self._lobby_dirty = True
        else:
            log.debug("connection %s closed: %s", conn.peer, reason)

    def _refuse(self, conn: Connection, exc: ProtocolError) -> None:
        self.stats["errors"] += 1
        self._send(conn, proto.error(exc.code, exc.message))
        if exc.code in proto.JUNK_CODES:
            now = time.monotonic()
            conn.errors.append(now)
            while conn.errors and now - conn.errors[0] > self.timings.junk_window:
                conn.errors.popleft()
            if len(conn.errors) >= self.timings.junk_limit and not conn.closing:
                self._send(conn, proto.error("too_many_errors", "Too many bad messages; closing the connection."))
                log.info("closing %s: too many bad messages", conn.peer)
                conn.closing = True
                conn.close_by = now + 1.0
                self._flush(conn)

    def _shutdown(self) -> None:
        for conn in list(self.conns.values()):
            self._close(conn, "host stopped")
        for sock in (self._listener, self._wake_r, self._wake_w):
            if sock is not None:
                try:
                    sock.close()
                except OSError:
                    pass
        if self._announcer is not None:
            self._announcer.close()
        if self._sel is not None:
            self._sel.close()
        if self._save_dirty and self.match is not None and self.save_path is not None:
            self.save()
        if self._saver is not None:
            self._saver.close()
        self.stopped.set()
        log.info("host stopped")

    # ------------------------------------------------------------------ messages ----
    def _handle(self, conn: Connection, message: dict) -> None:
        message = proto.check_client_message(message)
        kind = message["type"]
        if kind == "ping":
            self._send(conn, {"type": "pong"})
            return
        if kind == "hello":
            if conn.joined:
                raise ProtocolError("already_joined", "This connection already joined the table.")
            self._hello(conn, message)
            return
        if not conn.joined:
            raise ProtocolError("hello_first", "Say hello first.")
        if kind == "command":
            self._command(conn, message)
        elif kind == "chat":
            now = time.monotonic()
            while conn.chats and now - conn.chats[0] > proto.CHAT_WINDOW:
                conn.chats.popleft()
            if len(conn.chats) >= proto.CHAT_LIMIT:
                raise ProtocolError("too_fast", "Slow down: at most 10 chat lines in 10 seconds.")
            conn.chats.append(now)
            text = proto.clean_text(message["text"])
            if text:
                name = self.seats[conn.seat].name if conn.seat is not None else conn.name
                self._broadcast({"type": "chat", "seat": conn.seat, "name": name, "text": text})
        elif kind == "ready":
            if conn.seat is not None and self.match is None:
                self.seats[conn.seat].ready = message.get("ready") is not False
                self._send_lobby()
                self._maybe_auto_start()
        elif kind == "start":
            if conn.seat != 0 or self.owner_token is None or self.seats[0].conn is not conn:
                raise ProtocolError("not_owner", "Only the host's own seat may start the game.")
            if self.match is None:
                self._start_game()

    def _hello(self, conn: Connection, message: dict) -> None:
        name = clean_name(message["name"], "Player")
        token = message.get("token")
        seat_no: int | None = None
        if token is not None:
            given = token.encode("utf-8", "surrogatepass")
            seat_no = next((i for i, s in enumerate(self.seats) if s.token is not None
                            and secrets.compare_digest(s.token.encode("utf-8"), given)), None)
            if seat_no is None:
                self.stats["errors"] += 1
                self._send(conn, proto.error("bad_token", "That token does not belong to a seat at this table."))
                return
        elif not message.get("spectate"):
            if self.match is None:
                seat_no = next((i for i, s in enumerate(self.seats)
                                if not s.bot and s.token is None), None)
            if seat_no is None:
                self._send(conn, proto.error("table_full", "Every seat is taken; you may join as a spectator."))
                return
            self.seats[seat_no].token = secrets.token_hex(16)
            self.seats[seat_no].name = name
        conn.joined = True
        conn.name = name
        conn.seat = seat_no
        if seat_no is not None:
            seat = self.seats[seat_no]
            if seat.conn is not None and seat.conn is not conn:
                old = seat.conn
                seat.conn = None
                self._close(old, "replaced by a reconnect")
            seat.conn = conn
            seat.empty_since = None
            if seat.standin is not None:
                seat.standin = None
                log.info("seat %d (%s) is back; its stand-in bot stops", seat_no, seat.name)
            if self.match is None and token is None:
                seat.ready = False
            log.info("%s %s seat %d from %s", seat.name, "rejoined" if seat.seen else "took", seat_no, conn.peer)
            seat.seen = True
        else:
            log.info("%s watches from %s", name, conn.peer)
        welcome = {"type": "welcome", "seat": seat_no, "token": self.seats[seat_no].token if seat_no is not None else None,
                   "game": self.game, "options": self._public_options(), "players": self.n,
                   "version": proto.PROTOCOL_VERSION, "heartbeat": self.timings.heartbeat,
                   "silence": self.timings.silence, "started": self.match is not None,
                   "name": self.seats[seat_no].name if seat_no is not None else name,
                   "owner": seat_no == 0 and self.owner_token is not None}
        self._send(conn, welcome)
        conn.last_sid = None
        self._send_lobby()
        if self.match is not None:
            self._send_update(conn)
        else:
            self._maybe_auto_start()

    def _command(self, conn: Connection, message: dict) -> None:
        match = self.match
        if match is None:
            self._send(conn, proto.error("not_started", "The game has not started yet."))
            return
        if conn.seat is None:
            self._send(conn, proto.error("spectator", "Spectators cannot send commands."))
            return
        if message["state_id"] != match.state_id:
            self._send(conn, proto.error("stale", f"That command was for state {message['state_id']}; "
                                                  f"the table is at {match.state_id}.", state_id=match.state_id))
            self._send_update(conn)
            return
        try:
            match.apply(conn.seat, message["command"])
        except IllegalCommand as exc:
            self._send(conn, proto.error("illegal", exc.message, rule=exc.code, state_id=match.state_id))
            return
        except Exception as exc:  # a rules bug on odd input: apply already restored the match
            log.warning("command from seat %d failed inside the rules: %s: %s", conn.seat, type(exc).__name__, exc)
            self._send(conn, proto.error("illegal", "The table could not apply that command.",
                                         rule="bad_command", state_id=match.state_id))
            return
        self.stats["commands"] += 1
        self._after_change()

    # ------------------------------------------------------------------ the game ----
    def _public_options(self) -> dict:
        options = dict(self.match.options) if self.match is not None else dict(self.options)
        options["bots"] = sorted(self.bots)
        return options

    def _maybe_auto_start(self) -> None:
        if self.match is not None:
            return
        humans = [s for s in self.seats if not s.bot]
        if all(s.conn is not None for s in humans) and (self.auto_start or all(s.ready for s in humans)):
            self._start_game()

    def _start_game(self) -> None:
        if self.match is not None:
            return
        now = time.monotonic()
        for i, seat in enumerate(self.seats):
            if not seat.bot and seat.conn is None and seat.token is None:
                # the host started with an empty seat: a bot plays it for good
                seat.bot, seat.name = True, f"Bot {i + 1}"
                self.bots[i] = RandomBot(self.seed * 31 + i)
            elif not seat.bot and seat.conn is None:
                seat.empty_since = now
        names = [s.name or f"Player {i + 1}" for i, s in enumerate(self.seats)]
        options = dict(self.options)
        options["bots"] = sorted(self.bots)
        try:
            self.match = new_match(self.game, names, seed=self.seed, options=options)
        except SetupError as exc:
            log.error("cannot start the game: %s", exc)
            self._broadcast(proto.error("internal", f"The game cannot start: {exc}"))
            self._stop = True
            return
        for i, name in enumerate(self.match.players):
            self.seats[i].name = name
        self.game_started.set()
        log.info("game %s started: %s (seed %d)", self.game, ", ".join(self.match.players), self.seed)
        self._send_lobby()
        self._after_change()

    def _after_change(self) -> None:
        """Autosave (a snapshot, written by the saver thread), then tell everyone."""
        match = self.match
        assert match is not None
        now = time.monotonic()
        self._next_bot_at = now + (self.bot_delay or 0.0)
        self._save_dirty = True
        self._maybe_save(now)
        for conn in list(self.conns.values()):
            if conn.joined:
                self._send_update(conn)
        if match.over and not self.game_over.is_set():
            self.game_over.set()
            result = match.result()
            log.info("game over after %d commands: scores %s, winners %s", match.state_id,
                     result["scores"], [match.players[w] for w in result["winners"]])

    def save(self) -> None:
        """Autosave now: the snapshot is taken here, on the host thread; the writer thread
        writes it atomically via :func:`game.saves.save_match`."""
        assert self.match is not None and self.save_path is not None
        tokens = {s.token: i for i, s in enumerate(self.seats) if s.token}
        extra = {"net": {"version": proto.PROTOCOL_VERSION, "tokens": tokens, "names": list(self.match.players),
                         "bots": sorted(self.bots), "table": self.table_name, "owner_token": self.owner_token,
                         "port": self.port}}
        if self._saver is None:
            self._saver = _Saver(self.save_path)
        self._save_dirty = False
        self._saver.submit(_Snapshot(self.match), extra)

    def _maybe_save(self, now: float) -> float:
        """Save if a change is unsaved and the writer is free; returns seconds until the
        next save could be due. Writes are ``save_gap`` apart, so a burst of fast moves
        costs one write, while at human pace every command is written at once."""
        if not self._save_dirty or self.save_path is None or self.match is None:
            return 1.0
        saver = self._saver
        if saver is not None:
            if saver.busy:
                return 0.02
            due = saver.last_write + self.timings.save_gap
            if now < due:
                return due - now
        self.save()
        return 1.0

    def flush_saves(self, timeout: float = 10.0) -> bool:
        """Wait until the newest snapshot is on disk; True when it is."""
        return self._saver.flush(timeout) if self._saver is not None else True

    def _send_update(self, conn: Connection) -> None:
        match = self.match
        assert match is not None
        seat = conn.seat
        full = conn.last_sid is None
        since = 0 if full else conn.last_sid + 1
        events = match.log(seat, since=since)
        view = match.view(seat)
        legal = match.legal(seat) if seat is not None else []
        conn.last_sid = match.state_id
        update = {"type": "update", "view": view, "events": events, "legal": legal, "full": full}
        if match.over:
            update["result"] = match.result()
        data = proto.encode(update)
        if len(data) <= proto.MAX_LINE + 1:
            self._send_bytes(conn, data)
            return
        # too long for one line: the same view and legal, the events split over several
        for chunk_no, chunk in enumerate(self._event_chunks(view, legal, events)):
            update = {"type": "update", "view": view, "events": chunk, "legal": legal,
                      "full": full and chunk_no == 0}
            if match.over:
                update["result"] = match.result()
            self._send(conn, update)

    @staticmethod
    def _event_chunks(view: dict, legal: list, events: list) -> list[list]:
        """Split ``events`` so that no update line exceeds the line limit."""
        base = len(proto.encode({"type": "update", "view": view, "events": [], "legal": legal,
                                 "full": False, "result": {"scores": [0] * 8, "winners": list(range(8))}}))
        budget = proto.MAX_LINE - base - 64
        chunks: list[list] = [[]]
        size = 0
        for event in events:
            cost = len(proto.encode(event))
            if chunks[-1] and size + cost > budget:
                chunks.append([])
                size = 0
            chunks[-1].append(event)
            size += cost
        return chunks

    def _broadcast(self, message: dict) -> None:
        for conn in list(self.conns.values()):
            if conn.joined:
                self._send(conn, message)

    def lobby(self) -> dict:
        """The table as the lobby shows it (also sent in game when someone comes or goes)."""
        seats = []
        for i, s in enumerate(self.seats):
            seats.append({"seat": i, "name": s.name or None, "taken": bool(s.token) or s.bot,
                          "connected": s.conn is not None, "ready": s.ready, "bot": s.bot,
                          "standin": s.standin is not None})
        humans = [i for i, s in enumerate(self.seats) if not s.bot]
        return {"type": "lobby", "game": self.game, "table": self.table_name, "players": self.n,
                "started": self.match is not None, "over": bool(self.match and self.match.over),
                "seats": seats, "spectators": sum(1 for c in self.conns.values() if c.joined and c.seat is None),
                "waiting_for": [i for i in humans if self.seats[i].conn is None],
                "auto_start": self.auto_start}

    def _send_lobby(self) -> None:
        self._broadcast(self.lobby())

    def describe(self) -> dict:
        """What discovery announces (docs/PROTOCOL.md, Discovery)."""
        free = sum(1 for s in self.seats if not s.bot and not s.token)
        return {"type": "witchhunt-table", "version": proto.PROTOCOL_VERSION, "port": self.port,
                "game": self.game, "table": self.table_name, "players": self.n, "free": free,
                "started": self.match is not None, "over": bool(self.match and self.match.over)}


class _Snapshot:
    """A frozen copy of a match, enough for :func:`game.saves.save_match` (it reads
    ``over`` and ``to_dict()``): the writer thread never touches the live match."""

    def __init__(self, match: Match) -> None:
        data = match.to_dict()
        try:  # plain JSON data by the engine contract, so marshal copies it fast
            self._frozen: bytes | None = marshal.dumps(data)
            self._data: dict | None = None
        except ValueError:
            self._frozen, self._data = None, copy.deepcopy(data)
        self.over = match.over

    def to_dict(self) -> dict:
        if self._data is None:
            self._data = marshal.loads(self._frozen)  # type: ignore[arg-type]
        return self._data


class _Saver:
    """Writes autosaves on its own thread so that writing never delays an update; the
    host decides when to take a snapshot (:meth:`Host._maybe_save`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.last_write = 0.0
        self.writes = 0
        self._cond = threading.Condition()
        self._pending: tuple[_Snapshot, dict] | None = None
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="witchhunt-autosave", daemon=True)
        self._thread.start()

    @property
    def busy(self) -> bool:
        return self._busy or self._pending is not None

    def submit(self, snapshot: "_Snapshot", extra: dict) -> None:
        with self._cond:
            self._pending = (snapshot, extra)
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        end = time.monotonic() + timeout
        with self._cond:
            while self._pending is not None or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(5.0)

    def _run(self) -> None:
        from game.saves import save_match

        while True:
            with self._cond:
                while self._pending is None and not self._closed:
                    self._cond.wait()
                if self._pending is None:
                    return
                (snapshot, extra), self._pending = self._pending, None
                self._busy = True
            try:
                save_match(snapshot, self.path, kind="host", extra=extra)  # type: ignore[arg-type]
                self.writes += 1
            except Exception as exc:  # a full disk must not stop the table
                log.error("autosave to %s failed: %s", self.path, exc)
            with self._cond:
                self.last_write = time.monotonic()
                self._busy = False
                self._cond.notify_all()
