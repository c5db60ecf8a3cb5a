"""The LAN host: the only engine of a networked table (DESIGN D4, docs/PROTOCOL.md).

One thread runs a ``selectors`` loop over every connection, so the match is only ever
touched from that thread and needs no lock (bots that search think on worker threads
over copies of the match and hand their decision back to this thread). The host is
made of parts with one job each:

* :class:`~game.net.host.connections.Connections`: sockets, framing, limits,
  token buckets and output caps;
* :class:`~game.net.host.table.Table`: seats, tokens, hello, the lobby, chat,
  commands, stand-in deadlines;
* :class:`~game.net.host.updates.Updates`: what each connection is told;
* :class:`~game.net.host.clocks.Clocks`: a timed game's clocks;
* :class:`~game.net.host.bots.HostBots`: bot seats, stand-ins and their moves;
* :class:`~game.net.host.persistence.Persistence`: the journal and the autosave.

Nothing a client sends can crash the host or change the game unless it is a legal
command for the sender's seat at the current ``state_id``: junk is answered with an
``error`` and a connection that keeps sending junk is closed.

Use in-process (tests, the desktop host)::

    host = Host(game_id, 4, port=0, bind="127.0.0.1", save_path=path)
    host.start()                 # background thread; host.port is the real port
    ...
    host.stop()

or blocking with :meth:`Host.serve_forever` (``witchhunt host --headless``).
"""

from __future__ import annotations

import logging
import os
import queue
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.bots import DEFAULT_LEVEL, LEVEL_NAMES, make_bot
from game.engine import GAMES, GAMES_INFO, Match, SetupError
from game.engine.match import clean_name
from game.net import names
from game.net import protocol as proto
from game.net.discovery import Announcer
from game.net.host.bots import HostBots
from game.net.host.clocks import Clocks
from game.net.host.config import STANDIN_LEVEL, Limits, Timings
from game.net.host.connections import Connection, Connections
from game.net.host.persistence import Persistence, read_resume, seat_resumed
from game.net.host.table import Seat, Table
from game.net.host.updates import Updates

if TYPE_CHECKING:
    from game.net.journal import Journal

log = logging.getLogger("game.net.host")


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

    def __init__(
        self,
        game: str,
        players: int,
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        bots: list[int] | tuple[int, ...] = (),
        bot_delay: float | None = None,
        bind: str = "",
        port: int = proto.DEFAULT_PORT,
        save_path: Path | None = None,
        timings: Timings | None = None,
        limits: Limits | None = None,
        auto_start: bool = True,
        owner_name: str | None = None,
        table_name: str | None = None,
        announce: bool = False,
        discovery_port: int | None = None,
        standin_after: float | None = None,
        table_id: str | None = None,
        journal_sync: bool = True,
        bot_levels: dict[int, str] | None = None,
    ) -> None:
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
        seat_levels = {played[b]: levels.get(b, DEFAULT_LEVEL) for b in bots}
        bots = [played[b] for b in bots]
        info = GAMES_INFO.get(game)  # a seat that must be a person (Malleus's Prévôt)
        problem = info.bots_problem(bots, played) if info is not None else None
        if problem is not None:
            raise SetupError(problem)
        self.timings = timings or Timings()
        if standin_after is not None and not 0 <= standin_after <= 3600:
            raise SetupError(f"the stand-in wait must be between 0 and 3600 seconds, not {standin_after:g}")
        self.game = game
        self.n = len(played) + len(absent)
        self.absent = absent
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        self.options = dict(options or {})
        self.bind = bind
        self.requested_port = port
        self.limits = limits or Limits()
        self.standin_after = float(standin_after if standin_after is not None else self.timings.seat_bot_after)
        self.auto_start = auto_start
        self.table_name = clean_name(table_name or owner_name or "Witchhunt table", "Witchhunt table")
        self.table_id = table_id or secrets.token_hex(8)
        self.announce = announce
        self.discovery_port = discovery_port
        self.match: Match | None = None
        self.port: int | None = None
        self.started = threading.Event()  # listening
        self.game_started = threading.Event()
        self.game_over = threading.Event()
        self.stopped = threading.Event()
        #: the host's own notes in the log, as (state id of the command, event): timeouts
        self.notes: list[tuple[int, dict[str, Any]]] = []
        #: where the time of a player's command went, seconds each: (apply, journal flush,
        #: until its own update was out, until everyone's was), the latest commands
        self.answer_times: deque[tuple[float, float, float, float]] = deque(maxlen=10_000)
        self.stats = {
            "commands": 0,
            "errors": 0,
            "connections": 0,
            "refused": 0,
            "evicted": 0,
            "dropped_slow": 0,
            "coalesced": 0,
            "stale_updates": 0,
        }
        self.net = Connections(
            self.timings,
            self.limits,
            self.stats,
            on_message=self._message,
            on_closed=self._closed,
            on_drained=self._drained,
        )
        #: the seats a person takes as a part of their own (Malleus's Prévôt); a table of
        #: bots only (a headless simulation) has none, and numbers its bots by seat
        self.people_seats = tuple(p for p in (info.people_seats if info is not None else ()) if p not in bots)
        self.table = Table(
            self,
            [
                Seat(
                    name="Ghost" if i in absent else names.bot_name(i, self.people_seats) if i in bots else "",
                    bot=i in bots or i in absent,
                    absent=i in absent,
                )
                for i in range(self.n)
            ],
        )
        self.owner_token: str | None = None
        if owner_name is not None:
            if 0 in bots:
                raise SetupError("seat 0 is the host's own seat; it cannot be a bot")
            self.owner_token = secrets.token_hex(16)
            self.seats[0].name = clean_name(owner_name, "Host")
            self.seats[0].token = self.owner_token
            self.seats[0].empty_since = time.monotonic()
        self.bot_seats = HostBots(self, seat_levels, bot_delay)
        for seat in bots:
            self.bot_seats.add(seat)
        self.updates = Updates(self)
        self.timers = Clocks(self)
        self.store = Persistence(self, Path(save_path) if save_path else None, sync=journal_sync)
        self._stop = False
        self._calls: queue.Queue[Callable[[], None]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._over_at: float | None = None
        self._announcer: Announcer | None = None
        self._announce_warned = 0.0

    # ------------------------------------------------------------------ the parts' state, as before
    @property
    def seats(self) -> list[Seat]:
        return self.table.seats

    @property
    def conns(self) -> dict[int, Connection]:
        return self.net.conns

    @property
    def bots(self) -> dict[int, Any]:
        return self.bot_seats.bots

    @property
    def bot_levels(self) -> dict[int, str]:
        return self.bot_seats.levels

    @property
    def levels_matter(self) -> bool:
        """Do bot levels change anything in this game (its bots search)?"""
        return GAMES[self.game].can_search()

    @property
    def bot_delay(self) -> float | None:
        return self.bot_seats.delay

    @property
    def chat_log(self) -> deque[tuple[int | None, dict[str, Any]]]:
        return self.table.chat_log

    @property
    def save_path(self) -> Path | None:
        return self.store.save_path

    @property
    def journal(self) -> Journal | None:
        return self.store.journal

    # ------------------------------------------------------------------ resume ------
    @classmethod
    def resume(cls, path: Path, **kwargs: Any) -> Host:
        """A host that continues the game saved at ``path``; players rejoin with their
        tokens. The journal beside the save (if any) is replayed, so every command the
        host ever confirmed to a client is there. Raises
        :class:`game.engine.SaveError` for an unreadable or foreign save."""
        match, net, found = read_resume(Path(path))
        for key, value in found.items():
            if key != "bots":
                kwargs.setdefault(key, value)
        kwargs.setdefault("save_path", Path(path))
        played = [i for i in range(match.n) if i not in match.absent()]
        host = cls(match.game_id, len(played), seed=match.seed, bots=found["bots"], **kwargs)
        seat_resumed(host, match, net)
        return host

    # ------------------------------------------------------------------ lifecycle ---
    def start(self, timeout: float = 5.0) -> int:
        """Listen and serve in a background thread; returns the port (useful with port 0)."""
        port = self._open()
        self._thread = threading.Thread(target=self._serve, name=f"witchhunt-host-{port}", daemon=True)
        self._thread.start()
        return port

    def serve_forever(self) -> None:
        """Listen and serve in this thread until :meth:`stop` (or the game is over and
        ``linger_after_over`` has passed)."""
        self._open()
        self._serve()

    def stop(self, timeout: float = 5.0) -> None:
        """Close every connection and the listener; safe to call from any thread, twice."""
        self._stop = True
        self.wake()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def request_stop(self) -> None:
        """Stop after this turn of the loop (on the host's thread)."""
        self._stop = True

    def wake(self) -> None:
        """Make the loop look at its timers now (any thread)."""
        self.net.wake()

    def call(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the host's thread (the only thread that touches the match)."""
        self._calls.put(fn)
        self.wake()

    def start_game(self) -> None:
        """Start now (thread-safe); empty seats are played by bots."""
        self.call(self.table.start_game)

    def drop(self, seat: int) -> None:
        """Cut the connection of ``seat`` as if the network failed (tests, admin)."""

        def cut() -> None:
            conn = self.seats[seat].conn
            if conn is not None:
                self.net.close(conn, "dropped by the host")

        self.call(cut)

    def make_standin(self, seat: int) -> Any:
        """The bot that plays ``seat`` while its owner is away: anything with
        ``choose(view, legal, model)`` (it sees only that seat's view and sampled worlds
        for it). A search bot at Normal; override this, or replace it on the instance."""
        return make_bot(seed=self.seed * 37 + seat, level_name=STANDIN_LEVEL)

    def buffered_bytes(self) -> int:
        """Bytes the host holds for its connections right now (input and output)."""
        return self.net.buffered_bytes()

    def save(self) -> None:
        """Autosave now (the snapshot is taken on the calling thread: the host's)."""
        self.store.save()

    def clocks(self, now: float | None = None) -> dict[int, float]:
        """Seconds left on each running clock, by seat (public: who is waited for)."""
        return self.timers.left(now)

    def lobby(self) -> dict[str, Any]:
        """The table as the lobby shows it (also sent in game when someone comes or goes)."""
        return self.table.lobby()

    def describe(self) -> dict[str, Any]:
        """What discovery announces (docs/PROTOCOL.md, Discovery)."""
        free = sum(1 for s in self.seats if not s.bot and not s.token)
        return {
            "type": "witchhunt-table",
            "version": proto.DISCOVERY_VERSION,
            "port": self.port,
            "game": self.game,
            "table": self.table_name,
            "players": self.n,
            "free": free,
            "started": self.match is not None,
            "over": bool(self.match and self.match.over),
            "table_id": self.table_id,
        }

    def _net_extra(self) -> dict[str, Any]:
        return self.store.net_extra()

    # ------------------------------------------------------------------ changes -----
    def after_change(self, first: Connection | None = None, timing: tuple[float, float] | None = None) -> None:
        """The game changed (a command, bots' moves, a timeout, the start): make it
        durable (journal), then tell everyone (``first``, whose command it was, first);
        the autosave snapshot is taken after that and written on the writer thread.
        ``timing``: (perf_counter when the command was taken, when it was applied), for
        :attr:`answer_times`."""
        match = self.match
        assert match is not None
        self.store.commit()  # before any update shows the change (PROTOCOL §8)
        committed = time.perf_counter()
        now = time.monotonic()
        self.timers.update(now)  # before the updates that show the clocks
        self.bot_seats.next_at = now + (self.bot_delay or 0.0)
        if self.table.lobby_dirty:  # who sits where, before the update that may depend on it
            self.table.broadcast_lobby(now)
        first_out = self.updates.everyone(first)
        if timing is not None and first_out is not None:
            started, applied = timing
            self.answer_times.append(
                (applied - started, committed - applied, first_out - started, time.perf_counter() - started)
            )
        self.store.maybe_save(now)  # the snapshot (~1 ms at a big table) once the updates are out
        if match.over and not self.game_over.is_set():
            self.game_over.set()
            self.table.lobby_dirty = True
            result = match.result()
            log.info(
                "game over after %d commands: scores %s, winners %s",
                match.state_id,
                result["scores"],
                [match.players[w] for w in result["winners"]],
            )

    # ------------------------------------------------------------------ the loop ----
    def _open(self) -> int:
        """Listen; returns the port (the one asked for, or the one the system gave for 0)."""
        self.port = port = self.net.listen(self.bind, self.requested_port)
        names.prepare()  # before anyone says hello: the first one must not wait for the data
        if self.announce:
            self._announcer = Announcer(
                self.describe, port=self.discovery_port, every=self.timings.announce_every, bind=self.bind
            )
        log.info(
            "listening on %s:%d for %s (%d seats%s)",
            self.bind or "*",
            self.port,
            self.game,
            self.n,
            f", bots at {sorted(self.bots)}" if self.bots else "",
        )
        if self.save_path:
            log.info("autosave: %s", self.save_path)
        self.started.set()
        if self.match is not None:
            self.store.reopen()
            log.info("resumed at state %d; waiting for players to rejoin with their tokens", self.match.state_id)
        else:
            self.table.maybe_auto_start()
        return port

    def _serve(self) -> None:
        try:
            more_input = False
            while not self._stop:
                timeout = 0.0 if more_input else self._tick()
                if self._stop:
                    break
                self.net.poll(timeout)
                more_input = self.net.handle_input()
                if more_input:
                    self._tick()
        finally:
            self._shutdown()

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
        sleep = self.net.tick(now)
        sleep = min(sleep, self.table.check_empty_seats(now))
        sleep = min(sleep, self.table.tick_lobby(now))
        if self.match is not None and not self.match.over:
            sleep = min(sleep, self.bot_seats.run(now))
            sleep = min(sleep, self.timers.run_out(time.monotonic()))
        sleep = min(sleep, self.store.maybe_save(time.monotonic()))
        if self._announcer is not None:
            sleep = min(sleep, max(0.0, self._announcer.next_at - now) + 0.001)
            try:
                self._announcer.tick(now)
            except OSError as exc:
                if now >= self._announce_warned:  # once a minute at most, not every 2 s
                    self._announce_warned = now + 60.0
                    log.warning("discovery announcement failed: %s (said once a minute at most)", exc)
        if self.game_over.is_set() and self.timings.linger_after_over is not None:
            if self._over_at is None:
                self._over_at = now
            if now - self._over_at >= self.timings.linger_after_over:
                self._stop = True
        return max(0.0, sleep)

    def answer_summary(self) -> str:
        """Where the time of the players' commands went (p50 / p95, milliseconds)."""
        times = list(self.answer_times)
        if not times:
            return "no commands from players"
        parts = []
        for i, what in enumerate(("apply", "journal flush", "own update out", "every update out")):
            values = sorted(t[i] for t in times)
            parts.append(f"{what} {values[len(values) // 2] * 1000:.2f}/{values[int(0.95 * len(values))] * 1000:.2f}")
        return f"{len(times)} commands, ms p50/p95 from taking the command: " + ", ".join(parts)

    def _shutdown(self) -> None:
        if self.answer_times:
            log.info("answer times: %s", self.answer_summary())
        self.net.shutdown()
        if self._announcer is not None:
            self._announcer.close()
        self.store.close()
        self.stopped.set()
        log.info("host stopped")

    # ------------------------------------------------------------------ the parts' callbacks
    def _message(self, conn: Connection, message: dict[str, Any]) -> None:
        self.table.handle(conn, message)

    def _closed(self, conn: Connection, reason: str) -> None:
        self.table.left(conn, reason)

    def _drained(self, conn: Connection) -> bool:
        """``conn`` can take more: send what it is owed (an update, else the lobby)."""
        if conn.update_due and self.match is not None:
            self.updates.send(conn)  # flushes again
            return True
        if conn.lobby_due:
            conn.lobby_due = False
            self.net.send_bytes(conn, self.table.last_lobby)
            return True
        return False
