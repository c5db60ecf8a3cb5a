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

from game.bots import DEFAULT_LEVEL, LEVEL_NAMES, SeatModel, make_bot
from game.engine import GAMES, IllegalCommand, Match, SetupError, new_match
from game.engine.match import MAX_NAME, clean_name
from game.net import protocol as proto
from game.net.journal import Journal, journal_path, read_journal
from game.net.protocol import Bucket, ProtocolError

log = logging.getLogger("game.net.host")

#: chat lines the host keeps for a connection that joins or rejoins later (QA 33)
CHAT_KEEP = 100

#: bot moves applied in one loop turn before the loop looks at the sockets again
BOT_BURST = 500
#: seconds of bot thinking in one loop turn before the loop looks at the sockets again
BOT_SLICE = 0.25
#: the level of the bot that plays a seat while its owner is away (issue 15)
STANDIN_LEVEL = "normal"
#: bytes read from one socket per turn; nothing more is read from it until they are handled
RECV_SIZE = 16 * 1024
#: lines handled per connection per round: every connection with input gets its turn
LINES_PER_TURN = 8
#: seconds of message handling before the loop looks at the sockets (and timers) again
TURN_BUDGET = 0.01
#: an update or lobby for a connection with more than this much unsent waits (coalesced)
OUTPUT_LOW = 64 * 1024
#: at most this many addresses are remembered for rate limits and wrong-token counts
MAX_ADDRESSES = 4096


@dataclass(frozen=True)
class Timings:
    """Every timing of the host, in seconds (tests shrink them)."""

    heartbeat: float = 5.0        # clients ping this often; sent to them in ``welcome``
    silence: float = 15.0         # a peer silent this long is disconnected
    seat_bot_after: float = 30.0  # default stand-in wait: a seat empty this long in a game is played by a bot
    seat_free_after: float = 60.0  # in the lobby, a seat whose owner is away this long is freed
    hello_deadline: float = 5.0   # a connection that has not joined by then is closed
    takeover_after: float | None = None  # a seat's connection silent this long may be replaced by
    #                                      a new one with the same token (default: 2 heartbeats)
    junk_limit: int = 20          # this many protocol errors …
    junk_window: float = 10.0     # … within this window closes the connection
    announce_every: float = 2.0   # LAN discovery announcement period
    linger_after_over: float | None = None  # serve_forever returns this long after the game ends
    save_gap: float = 0.2         # at least this long between two autosave writes (bursts coalesce)
    lobby_gap: float = 0.1        # at most one lobby broadcast per this long (and only when it changed)

    @property
    def takeover(self) -> float:
        return self.takeover_after if self.takeover_after is not None else 2 * self.heartbeat


@dataclass(frozen=True)
class Limits:
    """Every cap of the host (docs/PROTOCOL.md §6 lists the same numbers)."""

    connections: int = 64        # connections open at once (joined or not) …
    seat_reserve: int = 8         # … plus these, kept for a seat's token when the rest are full
    unauth_per_address: int = 8   # connections from one address that have not joined yet
    connect_burst: int = 20       # new connections from one address: a burst of this many …
    connect_rate: float = 5.0     # … then this many per second
    output_cap: int = 1024 * 1024  # a connection with more unsent bytes than this is dropped
    bad_tokens: int = 5           # wrong tokens from one address within …
    bad_token_window: float = 60.0  # … this window: its token hellos are refused for the window
    rates: dict = field(default_factory=lambda: dict(proto.RATES))  # per-type token buckets


@dataclass
class Seat:
    name: str
    token: str | None = None      # handed out in ``welcome``; None while the seat is free
    conn: "Connection | None" = None
    bot: bool = False             # a bot seat chosen by the host (``--bots``), or a seat nobody plays
    absent: bool = False          # a seat the game adds that nobody plays (Salem's ghosts); also ``bot``
    standin: Any = None           # a bot playing the seat while its owner is away
    ready: bool = False
    empty_since: float | None = None
    seen: bool = False            # someone has sat here before (for the log: took / rejoined)


@dataclass
class Connection:
    sock: socket.socket
    peer: str                     # "ip:port"
    ip: str = ""
    opened: float = field(default_factory=time.monotonic)
    reader: proto.LineReader = field(default_factory=proto.LineReader)
    inbuf: bytearray = field(default_factory=bytearray)  # received, not yet handled (≤ RECV_SIZE)
    inpos: int = 0
    outbuf: bytearray = field(default_factory=bytearray)
    last_heard: float = field(default_factory=time.monotonic)
    joined: bool = False          # said hello and got a welcome
    reserved: bool = False        # admitted beyond the cap: only a seat's token may join on it
    seat: int | None = None
    name: str = ""
    errors: deque = field(default_factory=deque)
    buckets: dict = field(default_factory=dict)
    closing: bool = False         # close once outbuf is flushed (and the peer hung up, or close_by)
    close_by: float = 0.0
    shut: bool = False            # our side is shut down (FIN sent); only draining now
    drained: int = 0              # bytes thrown away while closing (at most 64 KiB, then closed)
    last_sid: int | None = None   # state_id of the last update sent; None: next one is full
    update_due: bool = False      # an update is owed once the output drains (coalesced)
    lobby_due: bool = False       # the newest lobby is owed once the output drains
    stale_sid: int | None = None  # the state at which a stale command was last answered
    sent_bytes: int = 0


@dataclass
class _Address:
    """What the host remembers about one peer address (rate limits, wrong tokens)."""

    connects: Bucket
    bad_tokens: deque = field(default_factory=deque)
    blocked_until: float = 0.0
    seen: float = 0.0


class Host:
    """A table served over TCP. See the module docstring.

    ``players`` is the number of seats. ``bots`` are seats the host's bots play, each at
    its level in ``bot_levels`` (seat -> easy/normal/hard; Normal when not given); a game
    starts once every other seat is taken (``auto_start``) or when the owner sends
    ``start``. ``owner_name`` reserves seat 0 for the host's own player, who connects
    with :attr:`owner_token` like everyone else (D4) and alone may send ``start`` and
    ``standin``. ``save_path``: autosave after every applied command, and the journal
    beside it (``None``: neither). ``standin_after``: seconds a seat may stay empty
    during the game before a stand-in bot plays it (default ``timings.seat_bot_after``).
    """

    def __init__(self, game: str, players: int, *, seed: int | None = None, options: dict | None = None,
                 bots: list[int] | tuple[int, ...] = (), bot_delay: float | None = None,
                 bind: str = "", port: int = proto.DEFAULT_PORT, save_path: Path | None = None,
                 timings: Timings | None = None, limits: Limits | None = None, auto_start: bool = True,
                 owner_name: str | None = None, table_name: str | None = None, announce: bool = False,
                 discovery_port: int | None = None, standin_after: float | None = None,
                 table_id: str | None = None, journal_sync: bool = True,
                 bot_levels: dict[int, str] | None = None) -> None:
        cls = GAMES.get(game)
        if cls is None:
            raise SetupError(f"unknown game {game!r} (known: {', '.join(sorted(GAMES)) or 'none'})")
        if not cls.min_players <= players <= cls.max_players:
            raise SetupError(f"{cls.title or game} takes {cls.min_players} to {cls.max_players} players, not {players}")
        bad = [b for b in bots if not 0 <= b < players]
        if bad:
            raise SetupError(f"bot seats must be between 0 and {players - 1}, not {bad}")
        # a game may add seats nobody plays (Salem's ghosts): the table has them all, and
        # ``bots`` (like new_match's) counts the players, so it is turned into seats here
        absent = list(cls.absent_seats(players))
        played = [i for i in range(players + len(absent)) if i not in absent]
        levels = dict(bot_levels or {})  # keyed like ``bots``: by player
        wrong = sorted(str(v) for v in levels.values() if v not in LEVEL_NAMES)
        if wrong:
            raise SetupError(f"bot levels are {', '.join(LEVEL_NAMES)}, not {wrong[0]}")
        self.bot_levels = {played[b]: levels.get(b, DEFAULT_LEVEL) for b in bots}
        bots = [played[b] for b in bots]
        self.timings = timings or Timings()
        if standin_after is not None and not 0 <= standin_after <= 3600:
            raise SetupError(f"the stand-in wait must be between 0 and 3600 seconds, not {standin_after:g}")
        self.game = game
        self.n = len(played) + len(absent)
        self.absent = absent
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        self.options = dict(options or {})
        self.bot_delay = bot_delay
        self.bind = bind
        self.requested_port = port
        self.save_path = Path(save_path) if save_path else None
        #: the journal waits for the disk before each update (True), or for the OS only
        #: (False: survives the host being killed, not a power cut; tests on a busy disk)
        self.journal_sync = journal_sync
        self.limits = limits or Limits()
        self.standin_after = float(standin_after if standin_after is not None else self.timings.seat_bot_after)
        self.auto_start = auto_start
        self.table_name = clean_name(table_name or owner_name or "Witchhunt table", "Witchhunt table")
        self.table_id = table_id or secrets.token_hex(8)
        self.announce = announce
        self.discovery_port = discovery_port
        self.seats = [Seat(name="Ghost" if i in absent else f"Bot {i + 1}" if i in bots else "",
                           bot=i in bots or i in absent, absent=i in absent) for i in range(self.n)]
        self.owner_token: str | None = None
        if owner_name is not None:
            if 0 in bots:
                raise SetupError("seat 0 is the host's own seat; it cannot be a bot")
            self.owner_token = secrets.token_hex(16)
            self.seats[0].name = clean_name(owner_name, "Host")
            self.seats[0].token = self.owner_token
            self.seats[0].empty_since = time.monotonic()
        self.bots: dict[int, Any] = {i: self._new_bot(i) for i in bots}
        self.match: Match | None = None
        self.journal: Journal | None = None
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
        self._announce_warned = 0.0
        self._lobby_dirty = False
        self._lobby_next = 0.0
        self._last_lobby: bytes = b""
        self._saver: _Saver | None = None
        self._save_dirty = False
        self._addresses: dict[str, _Address] = {}  # per peer address: rate limits, wrong tokens
        self._addresses_pruned = 0.0
        self._resumed_commands: list | None = None
        #: timers (a game's option ``timer_s``, R22 for Salem): seat -> (its timer key,
        #: the monotonic time its clock runs out), for every awaited seat no bot plays
        self._clocks: dict[int, tuple[str, float]] = {}
        #: the host's own notes in the log, as (state id of the command, event): timeouts
        self.notes: list[tuple[int, dict]] = []
        #: recent chat lines (state id when said, the message) for later arrivals (QA 33)
        self.chat_log: deque[tuple[int | None, dict]] = deque(maxlen=CHAT_KEEP)
        self.stats = {"commands": 0, "errors": 0, "connections": 0, "refused": 0, "evicted": 0,
                      "dropped_slow": 0, "coalesced": 0, "stale_updates": 0}

    # ------------------------------------------------------------------ resume ------
    @classmethod
    def resume(cls, path: Path, **kwargs: Any) -> "Host":
        """A host that continues the game saved at ``path``; players rejoin with their
        tokens. The journal beside the save (if any) is replayed, so every command the
        host ever confirmed to a client is there. Raises
        :class:`game.engine.SaveError` for an unreadable or foreign save."""
        from game.engine import SaveError
        from game.saves import load_save

        path = Path(path)
        snapshot: tuple[Match, dict] | None = None
        snapshot_error: SaveError | None = None
        if path.exists() or not journal_path(path).exists():
            try:
                snapshot = load_save(path)
            except SaveError as exc:
                snapshot_error = exc
        match, net = None, None
        if journal_path(path).exists():
            try:
                header, commands = read_journal(journal_path(path))
                game_cls = GAMES.get(header["game"])
                if game_cls is None:
                    raise SaveError(f"{path.name}: unknown game {header['game']!r} in the journal")
                try:
                    match = game_cls.replay(header["players"], header["seed"], header["options"], commands)
                except (IllegalCommand, SetupError) as exc:
                    raise SaveError(f"{journal_path(path).name}: the journal does not replay ({exc})") from None
                net = header.get("net")
                if snapshot is not None and (snapshot[0].game_id != match.game_id or snapshot[0].seed != match.seed
                                             or snapshot[0].state_id > match.state_id):
                    log.warning("the journal beside %s is not this game's (or older); using the save", path.name)
                    match, net = None, None
            except SaveError as exc:
                if snapshot is None:
                    raise
                log.warning("ignoring the journal beside %s: %s", path.name, exc)
                match, net = None, None
        if match is None:
            if snapshot is None:
                raise snapshot_error or SaveError(f"{path.name}: nothing to resume")
            match, extra = snapshot
            net = extra.get("net") if isinstance(extra, dict) else None
        if not isinstance(net, dict) or not isinstance(net.get("tokens"), dict):
            raise SaveError(f"{path.name}: not a LAN host save (no seat tokens)")
        absent = match.absent()
        played = [i for i in range(match.n) if i not in absent]
        bots = [played.index(b) for b in net.get("bots", []) if isinstance(b, int) and b in played]
        levels = net.get("bot_levels") if isinstance(net.get("bot_levels"), dict) else {}
        kwargs.setdefault("bot_levels", {played.index(int(k)): v for k, v in levels.items()
                                         if str(k).isdigit() and int(k) in played and v in LEVEL_NAMES})
        kwargs.setdefault("save_path", path)
        kwargs.setdefault("table_name", net.get("table"))
        if isinstance(net.get("table_id"), str):
            kwargs.setdefault("table_id", net["table_id"])
        if isinstance(net.get("standin_after"), (int, float)) and not isinstance(net.get("standin_after"), bool):
            kwargs.setdefault("standin_after", float(net["standin_after"]))
        host = cls(match.game_id, len(played), seed=match.seed, bots=bots, **kwargs)
        host.match = match
        host._resumed_commands = list(match.commands)
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

    def hand_to_bot(self, seat: int) -> None:
        """Let a stand-in bot play the away ``seat`` now, without waiting (thread-safe)."""
        self.call(lambda: self._standin_now(seat))

    def make_standin(self, seat: int) -> Any:
        """The bot that plays ``seat`` while its owner is away: anything with
        ``choose(view, legal, model)`` (it sees only that seat's view and sampled worlds
        for it). A search bot at Normal (issue 15); override this, or replace it on the
        instance."""
        return make_bot(seed=self.seed * 37 + seat, level_name=STANDIN_LEVEL)

    def _new_bot(self, seat: int) -> Any:
        """The bot for a bot seat, at the seat's level."""
        self.bot_levels.setdefault(seat, DEFAULT_LEVEL)
        return make_bot(seed=self.seed * 31 + seat, level_name=self.bot_levels[seat])

    def buffered_bytes(self) -> int:
        """Bytes the host holds for its connections right now (input and output)."""
        return sum(len(c.outbuf) + len(c.inbuf) + c.reader.buffered for c in list(self.conns.values()))

    def _open(self) -> None:
        family = socket.AF_INET6 if ":" in self.bind else socket.AF_INET
        listener = socket.socket(family, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind((self.bind, self.requested_port))
        except OSError:
            listener.close()
            raise
        listener.listen(64)
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
            if self.save_path is not None and self._resumed_commands is not None:
                self.journal = Journal.rewrite(journal_path(self.save_path), self._journal_header(),
                                               self._resumed_commands, sync=self.journal_sync)
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
            more_input = False
            while not self._stop:
                timeout = 0.0 if more_input else self._tick()
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
                more_input = self._handle_input()
                if more_input:
                    self._tick()
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
        """Timers: calls from other threads, deadlines, empty seats, bots, the lobby,
        announcing. Returns how long the selector may sleep."""
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
            elif not conn.joined and not conn.closing and now - conn.opened > t.hello_deadline:
                self._send(conn, proto.error("too_slow", f"No hello within {t.hello_deadline:g} s; closing."))
                self._linger_close(conn, now)
            elif not conn.joined:
                sleep = min(sleep, conn.opened + t.hello_deadline - now + 0.01)
        sleep = min(sleep, self._check_empty_seats(now))
        if self._lobby_dirty:
            if now >= self._lobby_next:
                self._lobby_dirty = False
                self._lobby_next = now + t.lobby_gap
                self._broadcast_lobby()
            else:
                sleep = min(sleep, self._lobby_next - now)
        if self.match is not None and not self.match.over:
            sleep = min(sleep, self._run_bots(now))
            sleep = min(sleep, self._run_timeouts(time.monotonic()))
        sleep = min(sleep, self._maybe_save(time.monotonic()))
        if self._announcer is not None:
            sleep = min(sleep, max(0.0, self._announcer.next_at - now) + 0.001)
            try:
                self._announcer.tick(now)
            except OSError as exc:
                if now >= self._announce_warned:  # once a minute at most, not every 2 s
                    self._announce_warned = now + 60.0
                    log.warning("discovery announcement failed: %s (said once a minute at most)", exc)
        if len(self._addresses) > MAX_ADDRESSES or (self._addresses and now - self._addresses_pruned > 30.0):
            self._prune_addresses(now)
        if self.game_over.is_set() and t.linger_after_over is not None:
            if self._over_at is None:
                self._over_at = now
            if now - self._over_at >= t.linger_after_over:
                self._stop = True
        return max(0.0, sleep)

    def _prune_addresses(self, now: float) -> None:
        self._addresses_pruned = now
        live = {c.ip for c in self.conns.values()}
        window = max(self.limits.bad_token_window, 60.0)
        for ip in [ip for ip, a in self._addresses.items()
                   if ip not in live and now - a.seen > window and now >= a.blocked_until]:
            del self._addresses[ip]
        if len(self._addresses) > MAX_ADDRESSES:  # a flood of addresses: forget the oldest
            for ip, _ in sorted(self._addresses.items(), key=lambda kv: kv[1].seen)[:len(self._addresses) - MAX_ADDRESSES]:
                del self._addresses[ip]

    def _check_empty_seats(self, now: float) -> float:
        """Free lobby seats left too long; start stand-in bots. Returns the seconds until
        the next such deadline (for the selector's sleep)."""
        soonest = 1.0
        if self.match is None:
            # In the lobby a seat left empty too long is freed for someone else.
            for seat in self.seats:
                if (seat.token and seat.conn is None and not seat.bot and seat.token != self.owner_token
                        and seat.empty_since is not None):
                    if now - seat.empty_since >= self.timings.seat_free_after:
                        log.info("seat of %s freed (away %g s)", seat.name, self.timings.seat_free_after)
                        seat.token, seat.name, seat.ready, seat.empty_since = None, "", False, None
                        self._lobby_dirty = True
                    else:
                        soonest = min(soonest, seat.empty_since + self.timings.seat_free_after - now)
            return soonest
        for i, seat in enumerate(self.seats):
            if (not seat.bot and seat.conn is None and seat.standin is None and seat.empty_since is not None
                    and not self.match.over):
                if now - seat.empty_since >= self.standin_after:
                    self._start_standin(i, f"empty for {self.standin_after:g} s")
                else:
                    soonest = min(soonest, seat.empty_since + self.standin_after - now)
        return soonest

    def _start_standin(self, seat_no: int, why: str) -> None:
        seat = self.seats[seat_no]
        seat.standin = self.make_standin(seat_no)
        log.info("seat %d (%s) %s: a bot plays it until its owner returns", seat_no, seat.name, why)
        self._lobby_dirty = True

    def _standin_now(self, seat_no: int) -> str | None:
        """The host hands an away seat to a bot at once; returns why not, or None."""
        if self.match is None or self.match.over:
            return "The game is not running."
        if not 0 <= seat_no < self.n:
            return f"There is no seat {seat_no + 1}."
        seat = self.seats[seat_no]
        if seat.bot or seat.standin is not None:
            return f"A bot already plays {seat.name}."
        if seat.conn is not None:
            return f"{seat.name} is connected."
        self._start_standin(seat_no, "handed to a bot by the host")
        return None

    def _bot_for(self, seat: int) -> Any:
        if seat in self.bots:
            return self.bots[seat]
        return self.seats[seat].standin

    def _run_bots(self, now: float) -> float:
        """Let bots move; returns how long until the next bot move is due."""
        match = self.match
        assert match is not None
        applied = 0
        wait = 1.0
        started = time.monotonic()
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
            if applied and time.monotonic() - started > BOT_SLICE:
                wait = 0.0  # bots that search take time: look at the sockets, then carry on
                break
            try:
                command = bot.choose(match.view(seat), match.legal(seat), SeatModel(match, seat))
                match.apply(seat, command)
            except Exception as exc:  # a bot must never stop the table
                log.error("bot at seat %d failed: %s", seat, exc)
                break
            self._journal_append(seat, match.commands[-1][1])
            applied += 1
            self.stats["commands"] += 1
        else:
            if applied >= BOT_BURST:
                wait = 0.0  # more to do: look at the sockets first, then carry on
        if applied:
            self._after_change()
        return wait

    # ------------------------------------------------------------------ timers ------
    def _update_clocks(self, now: float) -> None:
        """Start the clock of every seat that became awaited (or is awaited for something
        new: its timer key changed); forget the others. Seats a bot plays have none."""
        match = self.match
        seconds = match.timer_seconds() if match is not None and not match.over else None
        if seconds is None:
            self._clocks.clear()
            return
        clocks = {}
        for seat in match.to_act():
            if self._bot_for(seat) is not None:
                continue
            key = match.timer_key(seat)
            old = self._clocks.get(seat)
            clocks[seat] = old if old is not None and old[0] == key else (key, now + seconds)
        self._clocks = clocks

    def clocks(self, now: float | None = None) -> dict[int, float]:
        """Seconds left on each running clock, by seat (public: who is waited for)."""
        now = time.monotonic() if now is None else now
        return {seat: max(0.0, deadline - now) for seat, (_key, deadline) in self._clocks.items()}

    def _run_timeouts(self, now: float) -> float:
        """Apply the rules' timeout command for every seat whose clock ran out (DESIGN D2
        "Timers"): as that seat, journalled like any command, with a public note
        ``{"type": "timeout", "seat": s}`` before its events. Returns the seconds until
        the next clock runs out."""
        match = self.match
        assert match is not None
        self._update_clocks(now)
        applied = 0
        while self._clocks and applied < 64 and not match.over:
            due = [seat for seat, (_key, deadline) in sorted(self._clocks.items()) if deadline <= now]
            if not due:
                break
            seat = due[0]
            command = match.timeout_command(seat)
            if command is None:  # the game has nothing to do for it: stop its clock
                del self._clocks[seat]
                continue
            note_sid = match.state_id + 1
            try:
                match.apply(seat, command)
            except Exception as exc:  # a rules bug must never stop the table
                log.error("timeout command %r for seat %d failed: %s", command, seat, exc)
                del self._clocks[seat]
                continue
            self.notes.append((note_sid, {"type": "timeout", "seat": seat}))
            log.info("seat %d (%s): time ran out", seat, self.seats[seat].name)
            self._journal_append(seat, match.commands[-1][1])
            self.stats["commands"] += 1
            applied += 1
            self._update_clocks(now)  # the same key (a second ghost pick): still due
        if applied:
            self._after_change()
        if not self._clocks:
            return 1.0
        return max(0.0, min(deadline for _key, deadline in self._clocks.values()) - now) + 0.001

    # ------------------------------------------------------------------ sockets -----
    def _address(self, ip: str, now: float) -> _Address:
        state = self._addresses.get(ip)
        if state is None:
            state = self._addresses[ip] = _Address(Bucket(self.limits.connect_burst, self.limits.connect_rate, now))
        state.seen = now
        return state

    def _accept(self) -> None:
        assert self._listener is not None
        limits = self.limits
        for _ in range(64):  # then the other sockets get their turn
            try:
                sock, addr = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                log.warning("accept failed: %s", exc)
                return
            now = time.monotonic()
            ip = addr[0]
            if not self._address(ip, now).connects.take(now):
                self.stats["refused"] += 1
                _refuse_socket(sock, proto.error("busy", "Too many new connections from your address; "
                                                         "try again in a moment."))
                continue
            unjoined_here = [c for c in self.conns.values() if not c.joined and c.ip == ip and not c.closing]
            if len(unjoined_here) >= limits.unauth_per_address:
                self._evict(min(unjoined_here, key=lambda c: c.opened), "too many unjoined connections from its address")
            reserved = False
            if len(self.conns) >= limits.connections:
                unjoined = [c for c in self.conns.values() if not c.joined]
                if unjoined:
                    self._evict(min(unjoined, key=lambda c: c.opened), "the host needed room")
                elif len(self.conns) < limits.connections + limits.seat_reserve:
                    reserved = True  # only a seat's token may join on this one
                else:
                    self.stats["refused"] += 1
                    _refuse_socket(sock, proto.error("busy", "This table has too many connections."))
                    continue
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            conn = Connection(sock, f"{ip}:{addr[1]}", ip=ip, opened=now, last_heard=now, reserved=reserved)
            self.conns[sock.fileno()] = conn
            self._sel.register(sock, selectors.EVENT_READ, conn)  # type: ignore[union-attr]
            self.stats["connections"] += 1
            log.debug("connection from %s", conn.peer)

    def _evict(self, conn: Connection, why: str) -> None:
        self.stats["evicted"] += 1
        log.debug("closing unjoined connection %s: %s", conn.peer, why)
        try:
            conn.sock.send(proto.encode(proto.error("busy", "The host needed room; say hello sooner.")))
        except OSError:
            pass
        self._close(conn, why)

    def _read(self, conn: Connection) -> None:
        if conn.inbuf or conn.closing:
            if conn.closing:  # drain and drop what a closing peer still sends (a little)
                try:
                    data = conn.sock.recv(RECV_SIZE)
                    conn.drained += len(data)
                    if not data or conn.drained > OUTPUT_LOW:
                        self._close(conn, "disconnected")
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError as exc:
                    self._close(conn, f"read failed: {exc}")
            return  # what it sent before is handled first (fair turns, bounded memory)
        try:
            data = conn.sock.recv(RECV_SIZE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            self._close(conn, f"read failed: {exc}")
            return
        if not data:
            self._close(conn, "disconnected")
            return
        conn.last_heard = time.monotonic()
        conn.inbuf += data
        conn.inpos = 0

    def _handle_input(self) -> bool:
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
            items = conn.reader.feed(bytes(buf[conn.inpos:]))
            buf.clear()
            conn.inpos = 0
        else:
            items = conn.reader.feed(bytes(buf[conn.inpos:nl + 1]))
            conn.inpos = nl + 1
            if conn.inpos >= len(buf):
                buf.clear()
                conn.inpos = 0
        for line in items:
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
        if len(conn.outbuf) > self.limits.output_cap:
            self.stats["dropped_slow"] += 1
            conn.outbuf.clear()
            self._close(conn, f"not reading its messages (over {self.limits.output_cap} bytes waiting)")
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
            conn.sent_bytes += sent
            del conn.outbuf[:sent]
        if len(conn.outbuf) <= OUTPUT_LOW and not conn.closing:
            if conn.update_due and self.match is not None:
                conn.update_due = False
                self._send_update(conn)  # flushes again
                return
            if conn.lobby_due:
                conn.lobby_due = False
                self._send_bytes(conn, self._last_lobby)
                return
        events = selectors.EVENT_READ | (selectors.EVENT_WRITE if conn.outbuf else 0)
        try:
            self._sel.modify(conn.sock, events, conn)  # type: ignore[union-attr]
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
        conn.inbuf.clear()
        if conn.seat is not None and self.seats[conn.seat].conn is conn:
            seat = self.seats[conn.seat]
            seat.conn = None
            seat.ready = False
            seat.empty_since = time.monotonic()
            log.info("seat %d (%s) left: %s", conn.seat, seat.name, reason)
            self._lobby_dirty = True
        else:
            if conn.joined and conn.seat is None:
                self._lobby_dirty = True  # one spectator fewer
            log.debug("connection %s closed: %s", conn.peer, reason)

    def _linger_close(self, conn: Connection, now: float) -> None:
        """Close once the last message is out (at most a second from now)."""
        conn.closing = True
        conn.close_by = now + 1.0
        conn.inbuf.clear()
        self._flush(conn)

    def _refuse(self, conn: Connection, exc: ProtocolError, junk: bool | None = None) -> None:
        self.stats["errors"] += 1
        self._send(conn, proto.error(exc.code, exc.message, **getattr(exc, "extra", {})))
        if junk if junk is not None else exc.code in proto.JUNK_CODES:
            self._count_junk(conn)

    def _count_junk(self, conn: Connection) -> None:
        now = time.monotonic()
        conn.errors.append(now)
        while conn.errors and now - conn.errors[0] > self.timings.junk_window:
            conn.errors.popleft()
        if len(conn.errors) >= self.timings.junk_limit and not conn.closing and conn.sock.fileno() >= 0:
            self._send(conn, proto.error("too_many_errors", "Too many bad messages; closing the connection."))
            log.info("closing %s: too many bad messages", conn.peer)
            self._linger_close(conn, now)

    def _limited(self, conn: Connection, kind: str) -> bool:
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
        self._refuse(conn, ProtocolError("too_fast", f"Slow down: at most {per} '{kind}' messages."), junk=True)
        return True

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
        if self.journal is not None:
            try:
                self.journal.close()
            except OSError as exc:
                log.error("closing the journal failed: %s", exc)
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
        if kind != "command" and self._limited(conn, kind):
            return
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
            text = proto.clean_text(message["text"])
            if text:
                seated = conn.seat is not None
                name = self.seats[conn.seat].name if seated else conn.name
                said = {"type": "chat", "seat": conn.seat, "name": name, "text": text, "spectator": not seated}
                self._broadcast(said)
                # kept for whoever joins or rejoins later (QA 33), with the state it was said at
                self.chat_log.append((self.match.state_id if self.match is not None else None, said))
        elif kind == "ready":
            if conn.seat is not None and self.match is None:
                self.seats[conn.seat].ready = message.get("ready") is not False
                self._lobby_dirty = True
                self._maybe_auto_start()
        elif kind == "start":
            if not self._is_owner(conn):
                raise ProtocolError("not_owner", "Only the host's own seat may start the game.")
            if self.match is None:
                self._start_game()
        elif kind == "standin":
            if not self._is_owner(conn):
                raise ProtocolError("not_owner", "Only the host's own seat may hand a seat to a bot.")
            why = self._standin_now(message["seat"])
            if why is not None:
                self._send(conn, proto.error("not_away", why))

    def _is_owner(self, conn: Connection) -> bool:
        return conn.seat == 0 and self.owner_token is not None and self.seats[0].conn is conn

    def _unique_name(self, name: str, seat_no: int | None, conn: Connection | None) -> str:
        """``name``, or ``name (2)``, ``name (3)`` … so that no two at the table share one
        (compared without case): a spectator cannot pose as a player in chat."""
        taken = {s.name.casefold() for i, s in enumerate(self.seats) if s.name and i != seat_no}
        taken |= {c.name.casefold() for c in self.conns.values()
                  if c.joined and c.seat is None and c is not conn}
        if name.casefold() not in taken:
            return name
        for k in range(2, 1000):
            suffix = f" ({k})"
            candidate = name[:MAX_NAME - len(suffix)].rstrip() + suffix
            if candidate.casefold() not in taken:
                return candidate
        return name  # pragma: no cover - a thousand people with one name

    def _hello(self, conn: Connection, message: dict) -> None:
        name = clean_name(message["name"], "Player")
        token = message.get("token")
        now = time.monotonic()
        seat_no: int | None = None
        if token is not None:
            address = self._address(conn.ip, now)
            if now < address.blocked_until:
                self.stats["errors"] += 1
                self._send(conn, proto.error("too_many_errors", "Too many wrong tokens from your address; "
                                                                "try again in a minute."))
                self._linger_close(conn, now)
                return
            given = token.encode("utf-8", "surrogatepass")
            seat_no = next((i for i, s in enumerate(self.seats) if s.token is not None
                            and secrets.compare_digest(s.token.encode("utf-8"), given)), None)
            if seat_no is None:
                self._bad_token(conn, address, now)
                return
            seat = self.seats[seat_no]
            old = seat.conn
            if old is not None and old is not conn:
                quiet = now - old.last_heard
                if quiet < self.timings.takeover:
                    self.stats["errors"] += 1
                    self._send(conn, proto.error(
                        "seat_in_use", f"This seat is already connected from {old.ip} "
                                       f"(heard from {quiet:.0f} s ago). Join as a new player, or wait.",
                        retry_after=round(self.timings.takeover - quiet, 1)))
                    if conn.reserved:
                        self._linger_close(conn, now)
                    return
                seat.conn = None
                self._close(old, f"replaced by a reconnect (silent for {quiet:.1f} s)")
        elif conn.reserved:
            self._send(conn, proto.error("busy", "This table has too many connections."))
            self._linger_close(conn, now)
            return
        elif not message.get("spectate"):
            if self.match is None:
                seat_no = next((i for i, s in enumerate(self.seats)
                                if not s.bot and s.token is None), None)
            if seat_no is None:
                self._send(conn, proto.error("table_full", "Every seat is taken; you may join as a spectator."))
                return
            self.seats[seat_no].token = secrets.token_hex(16)
            self.seats[seat_no].name = self._unique_name(name, seat_no, conn)
        conn.joined = True
        conn.seat = seat_no
        if seat_no is not None:
            seat = self.seats[seat_no]
            conn.name = seat.name
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
            conn.name = self._unique_name(name, None, conn)
            log.info("%s watches from %s", conn.name, conn.peer)
        welcome = {"type": "welcome", "seat": seat_no, "token": self.seats[seat_no].token if seat_no is not None else None,
                   "game": self.game, "options": self._public_options(), "players": self.n,
                   "version": proto.PROTOCOL_VERSION, "heartbeat": self.timings.heartbeat,
                   "silence": self.timings.silence, "started": self.match is not None,
                   "name": conn.name, "owner": seat_no == 0 and self.owner_token is not None,
                   "table": self.table_name, "table_id": self.table_id, "standin_after": self.standin_after}
        self._send(conn, welcome)
        conn.last_sid = None
        self._send(conn, self.lobby())  # this one now; everyone else with the next coalesced lobby
        self._lobby_dirty = True
        if self.match is not None:
            self._send_update(conn)
        self._send_earlier_talk(conn, seat_no)
        if self.match is None:
            self._maybe_auto_start()

    def _send_earlier_talk(self, conn: Connection, seat: int | None) -> None:
        """The table talk said before this connection came (QA 33): each kept chat line
        again, marked ``earlier``, with ``at`` = how many of the seat's log events came
        before it (where it stands in the seat's log)."""
        match = self.match
        total = len(match.log(seat)) if match is not None else 0
        # the newest lines that fit in a quarter of the output cap: the replay never
        # brings a new connection near the point where a slow reader is dropped
        budget, lines = self.limits.output_cap // 4, []
        for sid, said in reversed(self.chat_log):
            at = 0 if match is None or sid is None else total - len(match.log(seat, sid + 1))
            data = proto.encode({**said, "earlier": True, "at": at})
            budget -= len(data)
            if budget < 0:
                break
            lines.append(data)
        for data in reversed(lines):
            self._send_bytes(conn, data)

    def _bad_token(self, conn: Connection, address: _Address, now: float) -> None:
        self.stats["errors"] += 1
        bad = address.bad_tokens
        bad.append(now)
        while bad and now - bad[0] > self.limits.bad_token_window:
            bad.popleft()
        self._send(conn, proto.error("bad_token", "That token does not belong to a seat at this table."))
        if len(bad) >= self.limits.bad_tokens:
            address.blocked_until = now + self.limits.bad_token_window
            bad.clear()
            log.warning("%s sent %d wrong tokens within %g s: its token hellos are refused for %g s",
                        conn.ip, self.limits.bad_tokens, self.limits.bad_token_window, self.limits.bad_token_window)
            self._send(conn, proto.error("too_many_errors", "Too many wrong tokens from your address; "
                                                            "try again in a minute."))
            self._linger_close(conn, now)

    def _command(self, conn: Connection, message: dict) -> None:
        match = self.match
        if match is None:
            if not self._limited(conn, "command"):
                self._send(conn, proto.error("not_started", "The game has not started yet."))
            return
        if conn.seat is None:
            if not self._limited(conn, "command"):
                self._send(conn, proto.error("spectator", "Spectators cannot send commands."))
            return
        if message["state_id"] != match.state_id:
            # the first stale command at a state costs nothing: states only advance through
            # accepted commands, and players racing for a window send these legitimately
            if conn.stale_sid == match.state_id and self._limited(conn, "command"):
                return
            stale = proto.error("stale", f"That command was for state {message['state_id']}; "
                                         f"the table is at {match.state_id}.", state_id=match.state_id)
            if conn.stale_sid == match.state_id:  # answered at this state already: no second update
                self.stats["errors"] += 1
                self._send(conn, stale)
                self._count_junk(conn)
                return
            conn.stale_sid = match.state_id
            self.stats["stale_updates"] += 1
            self._send(conn, stale)
            self._queue_update(conn)
            return
        try:
            match.apply(conn.seat, message["command"])
        except IllegalCommand as exc:
            if not self._limited(conn, "command"):
                self._send(conn, proto.error("illegal", exc.message, rule=exc.code, state_id=match.state_id))
            return
        except Exception as exc:  # a rules bug on odd input: apply already restored the match
            log.warning("command from seat %d failed inside the rules: %s: %s", conn.seat, type(exc).__name__, exc)
            if not self._limited(conn, "command"):
                self._send(conn, proto.error("illegal", "The table could not apply that command.",
                                             rule="bad_command", state_id=match.state_id))
            return
        self._journal_append(conn.seat, match.commands[-1][1])
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
                seat.bot, seat.name = True, self._unique_name(f"Bot {i + 1}", i, None)
                self.bots[i] = self._new_bot(i)
            elif not seat.bot and seat.conn is None:
                seat.empty_since = now
        played = [i for i in range(self.n) if i not in self.absent]
        names = [self.seats[i].name or f"Player {i + 1}" for i in played]
        options = dict(self.options)
        options["bots"] = sorted(played.index(b) for b in self.bots)
        try:
            match = new_match(self.game, names, seed=self.seed, options=options)
        except SetupError as exc:
            log.error("cannot start the game: %s", exc)
            self._broadcast(proto.error("internal", f"The game cannot start: {exc}"))
            self._stop = True
            return
        self.match = match
        for i, name in enumerate(match.players):
            self.seats[i].name = name
        if self.save_path is not None:
            try:  # the setup is durable before anyone sees state 0
                self.journal = Journal.create(journal_path(self.save_path), self._journal_header(),
                                              sync=self.journal_sync)
            except OSError as exc:
                log.error("cannot write the journal %s: %s (a crash may lose moves)",
                          journal_path(self.save_path), exc)
        self.game_started.set()
        log.info("game %s started: %s (seed %d)", self.game, ", ".join(match.players), self.seed)
        self._lobby_dirty = True
        self._after_change()

    def _journal_header(self) -> dict:
        match = self.match
        assert match is not None
        return {"game": match.game_id, "players": list(match.players), "seed": match.seed,
                "options": match.options, "net": self._net_extra()}

    def _net_extra(self) -> dict:
        tokens = {s.token: i for i, s in enumerate(self.seats) if s.token}
        return {"version": proto.PROTOCOL_VERSION, "tokens": tokens,
                "names": list(self.match.players) if self.match else [s.name for s in self.seats],
                "bots": sorted(self.bots), "table": self.table_name, "table_id": self.table_id,
                "bot_levels": {str(s): level for s, level in sorted(self.bot_levels.items()) if s in self.bots},
                "owner_token": self.owner_token, "port": self.port, "standin_after": self.standin_after}

    def _journal_append(self, seat: int, command: dict) -> None:
        if self.journal is not None:
            try:
                self.journal.append(seat, command)
            except OSError as exc:
                log.error("writing the journal failed: %s (a crash may lose moves)", exc)
                self.journal = None

    def _after_change(self) -> None:
        """Make the change durable (journal), then tell everyone; the autosave snapshot
        follows on the writer thread."""
        match = self.match
        assert match is not None
        if self.journal is not None:
            try:
                self.journal.commit()  # before any update shows the change (PROTOCOL §8)
            except OSError as exc:
                log.error("flushing the journal failed: %s (a crash may lose moves)", exc)
                self.journal = None
        now = time.monotonic()
        self._update_clocks(now)  # before the updates that show the clocks
        self._next_bot_at = now + (self.bot_delay or 0.0)
        self._save_dirty = True
        self._maybe_save(now)
        if self._lobby_dirty:  # who sits where, before the update that may depend on it
            self._lobby_dirty = False
            self._lobby_next = now + self.timings.lobby_gap
            self._broadcast_lobby()
        for conn in list(self.conns.values()):
            if conn.joined:
                self._queue_update(conn)
        if match.over and not self.game_over.is_set():
            self.game_over.set()
            self._lobby_dirty = True
            result = match.result()
            log.info("game over after %d commands: scores %s, winners %s", match.state_id,
                     result["scores"], [match.players[w] for w in result["winners"]])

    def save(self) -> None:
        """Autosave now: the snapshot is taken here, on the host thread; the writer thread
        writes it atomically via :func:`game.saves.save_match`."""
        assert self.match is not None and self.save_path is not None
        extra = {"net": self._net_extra()}
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

    def _queue_update(self, conn: Connection) -> None:
        """Send ``conn`` an update now, or, while it has much unsent, once it drains:
        updates carry everything since the last one, so skipping some loses nothing."""
        if len(conn.outbuf) <= OUTPUT_LOW:
            self._send_update(conn)
        else:
            if conn.update_due:
                self.stats["coalesced"] += 1
            conn.update_due = True

    def _send_update(self, conn: Connection) -> None:
        match = self.match
        assert match is not None
        conn.update_due = False
        seat = conn.seat
        full = conn.last_sid is None
        since = 0 if full else conn.last_sid + 1
        events = match.log_with_notes(seat, self.notes, since=since) if self.notes else match.log(seat, since=since)
        view = match.view(seat)
        legal = match.legal(seat) if seat is not None else []
        conn.last_sid = match.state_id
        update = {"type": "update", "view": view, "events": events, "legal": legal, "full": full}
        clocks = self._clock_message()
        if clocks is not None:
            update["clocks"] = clocks
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
            if clocks is not None:
                update["clocks"] = clocks
            if match.over:
                update["result"] = match.result()
            self._send(conn, update)

    def _clock_message(self) -> dict | None:
        """The update's ``clocks`` field when the game runs a timer: the seconds per
        moment and, for each awaited seat, the seconds left now."""
        seconds = self.match.timer_seconds() if self.match is not None else None
        if seconds is None:
            return None
        left = self.clocks()
        return {"timer_s": seconds, "left": [[seat, round(left[seat], 2)] for seat in sorted(left)]}

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
        data = proto.encode(message)
        for conn in list(self.conns.values()):
            if conn.joined:
                self._send_bytes(conn, data)

    def lobby(self) -> dict:
        """The table as the lobby shows it (also sent in game when someone comes or goes).
        ``standin_in``: seconds until a bot takes over an away seat (a running game only)."""
        now = time.monotonic()
        running = self.match is not None and not self.match.over
        seats = []
        for i, s in enumerate(self.seats):
            standin_in = None
            if running and not s.bot and s.conn is None and s.standin is None and s.empty_since is not None:
                standin_in = round(max(0.0, s.empty_since + self.standin_after - now), 1)
            seats.append({"seat": i, "name": s.name or None, "taken": bool(s.token) or s.bot,
                          "connected": s.conn is not None, "ready": s.ready, "bot": s.bot and not s.absent,
                          "absent": s.absent, "standin": s.standin is not None, "standin_in": standin_in})
        humans = [i for i, s in enumerate(self.seats) if not s.bot]
        return {"type": "lobby", "game": self.game, "table": self.table_name, "players": self.n,
                "started": self.match is not None, "over": bool(self.match and self.match.over),
                "seats": seats, "spectators": sum(1 for c in self.conns.values() if c.joined and c.seat is None),
                "waiting_for": [i for i in humans if self.seats[i].conn is None],
                "auto_start": self.auto_start, "standin_after": self.standin_after, "table_id": self.table_id}

    def _broadcast_lobby(self) -> None:
        """Everyone gets the lobby, if it changed since the last broadcast; a connection
        with much unsent gets the newest one once it drains."""
        data = proto.encode(self.lobby())
        if data == self._last_lobby:
            return
        self._last_lobby = data
        for conn in list(self.conns.values()):
            if not conn.joined:
                continue
            if len(conn.outbuf) <= OUTPUT_LOW:
                conn.lobby_due = False
                self._send_bytes(conn, data)
            else:
                conn.lobby_due = True

    def describe(self) -> dict:
        """What discovery announces (docs/PROTOCOL.md, Discovery)."""
        free = sum(1 for s in self.seats if not s.bot and not s.token)
        return {"type": "witchhunt-table", "version": proto.PROTOCOL_VERSION, "port": self.port,
                "game": self.game, "table": self.table_name, "players": self.n, "free": free,
                "started": self.match is not None, "over": bool(self.match and self.match.over),
                "table_id": self.table_id}


def _refuse_socket(sock: socket.socket, message: dict) -> None:
    """Say why in one line and close a socket that was never admitted."""
    try:
        sock.setblocking(False)
        sock.send(proto.encode(message))
    except OSError:
        pass
    sock.close()


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
