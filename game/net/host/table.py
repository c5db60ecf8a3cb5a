"""The table at the host: seats, tokens, the lobby, chat, and the messages of joined players.

Identity comes from the connection: a connection is bound to a seat when it says
``hello`` (a free seat, or the seat its token names) and every command it sends is
applied for that seat; no message can name another seat. Names are unique at a table.
In the lobby a seat left too long is freed; in a game an away seat is played by a
stand-in bot after ``standin_after`` seconds (docs/PROTOCOL.md §3, §7, §8).
"""

from __future__ import annotations

import logging
import secrets
import time
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine import IllegalCommand, SetupError, new_match
from game.engine.match import clean_name
from game.net import names
from game.net import protocol as proto
from game.net.host.config import CHAT_KEEP, OUTPUT_LOW
from game.net.host.connections import Address, Connection
from game.net.protocol import ProtocolError

if TYPE_CHECKING:
    from game.net.host.server import Host

log = logging.getLogger("game.net.host")


@dataclass
class Seat:
    name: str
    token: str | None = None  # handed out in ``welcome``; None while the seat is free
    conn: Connection | None = None
    bot: bool = False  # a bot seat chosen by the host (``--bots``), or a seat nobody plays
    absent: bool = False  # a seat the game adds that nobody plays (Salem's ghosts); also ``bot``
    standin: Any = None  # a bot playing the seat while its owner is away
    ready: bool = False
    empty_since: float | None = None
    seen: bool = False  # someone has sat here before (for the log: took / rejoined)


class Table:
    """Seats and the messages of joined connections for one host."""

    def __init__(self, host: Host, seats: list[Seat]) -> None:
        self.host = host
        self.seats = seats
        #: recent chat lines (state id when said, the message) for later arrivals
        self.chat_log: deque[tuple[int | None, dict[str, Any]]] = deque(maxlen=CHAT_KEEP)
        self.lobby_dirty = False
        self.lobby_next = 0.0
        self.last_lobby: bytes = b""

    # ------------------------------------------------------------------ messages ----
    def handle(self, conn: Connection, message: dict[str, Any]) -> None:
        host, net = self.host, self.host.net
        message = proto.check_client_message(message)
        kind = message["type"]
        if kind != "command" and net.limited(conn, kind):
            return
        if kind == "ping":
            net.send(conn, {"type": "pong"})
            return
        if kind == "hello":
            if conn.joined:
                raise ProtocolError("already_joined", "This connection already joined the table.")
            self.hello(conn, message)
            return
        if not conn.joined:
            raise ProtocolError("hello_first", "Say hello first.")
        if kind == "command":
            self.command(conn, message)
        elif kind == "resync":
            if host.match is not None:
                host.updates.resync(conn)
        elif kind == "chat":
            text = proto.clean_text(message["text"])
            if text:
                seated = conn.seat is not None
                name = self.seats[conn.seat].name if conn.seat is not None else conn.name
                said = {"type": "chat", "seat": conn.seat, "name": name, "text": text, "spectator": not seated}
                net.broadcast(said)
                # kept for whoever joins or rejoins later, with the state it was said at
                self.chat_log.append((host.match.state_id if host.match is not None else None, said))
        elif kind == "ready":
            if conn.seat is not None and host.match is None:
                self.seats[conn.seat].ready = message.get("ready") is not False
                self.lobby_dirty = True
                self.maybe_auto_start()
        elif kind == "start":
            if not self.is_owner(conn):
                raise ProtocolError("not_owner", "Only the host's own seat may start the game.")
            if host.match is None:
                self.start_game()
        elif kind == "standin":
            if not self.is_owner(conn):
                raise ProtocolError("not_owner", "Only the host's own seat may hand a seat to a bot.")
            why = host.bot_seats.standin_now(message["seat"])
            if why is not None:
                net.send(conn, proto.error("not_away", why))

    def is_owner(self, conn: Connection) -> bool:
        return conn.seat == 0 and self.host.owner_token is not None and self.seats[0].conn is conn

    # ------------------------------------------------------------------ joining -----
    def unique_name(self, name: str, seat_no: int | None, conn: Connection | None) -> str:
        """``name``, or ``name (2)``, ``name (3)`` … so that no two at the table share one or
        one that looks like it (case, width and look-alike letters: game.net.names): a
        spectator cannot pose as a player in chat."""
        taken = [s.name for i, s in enumerate(self.seats) if s.name and i != seat_no]
        taken += [c.name for c in self.host.conns.values() if c.joined and c.seat is None and c is not conn]
        return names.unique_name(name, taken)

    def hello(self, conn: Connection, message: dict[str, Any]) -> None:
        host, net = self.host, self.host.net
        name = clean_name(message["name"], "Player")
        token = message.get("token")
        now = time.monotonic()
        seat_no: int | None = None
        if token is not None:
            # a valid token always joins; only guessing is throttled (everyone behind one
            # NAT, or the desktop host's own seat, must not be locked out by a stranger)
            given = token.encode("utf-8", "surrogatepass")
            seat_no = next(
                (
                    i
                    for i, s in enumerate(self.seats)
                    if s.token is not None and secrets.compare_digest(s.token.encode("utf-8"), given)
                ),
                None,
            )
            if seat_no is None:
                self.bad_token(conn, net.address(conn.ip, now), now)
                return
            seat = self.seats[seat_no]
            old = seat.conn
            if old is not None and old is not conn:
                quiet = now - old.last_heard
                if quiet < host.timings.takeover:
                    host.stats["errors"] += 1
                    net.send(
                        conn,
                        proto.error(
                            "seat_in_use",
                            f"This seat is already connected from {old.ip} "
                            f"(heard from {quiet:.0f} s ago). Join as a new player, or wait.",
                            retry_after=round(host.timings.takeover - quiet, 1),
                        ),
                    )
                    if conn.reserved:
                        net.linger_close(conn, now)
                    return
                seat.conn = None
                net.close(old, f"replaced by a reconnect (silent for {quiet:.1f} s)")
        elif conn.reserved:
            net.send(conn, proto.error("busy", "This table has too many connections."))
            net.linger_close(conn, now)
            return
        elif message.get("spectate"):
            why = self.spectators_full(conn)
            if why is not None:
                host.stats["refused"] += 1
                net.send(conn, proto.error("busy", why))
                net.linger_close(conn, now)
                return
        else:
            if host.match is None:
                seat_no = next((i for i, s in enumerate(self.seats) if not s.bot and s.token is None), None)
            if seat_no is None:
                net.send(conn, proto.error("table_full", "Every seat is taken; you may join as a spectator."))
                return
            self.seats[seat_no].token = secrets.token_hex(16)
            self.seats[seat_no].name = self.unique_name(name, seat_no, conn)
        conn.joined = True
        conn.seat = seat_no
        conn.version = message["version"]
        if seat_no is not None:
            seat = self.seats[seat_no]
            conn.name = seat.name
            seat.conn = conn
            seat.empty_since = None
            if seat.standin is not None:
                seat.standin = None
                log.info("seat %d (%s) is back; its stand-in bot stops", seat_no, seat.name)
            if host.match is None and token is None:
                seat.ready = False
            log.info("%s %s seat %d from %s", seat.name, "rejoined" if seat.seen else "took", seat_no, conn.peer)
            seat.seen = True
        else:
            conn.name = self.unique_name(name, None, conn)
            log.info("%s watches from %s", conn.name, conn.peer)
        welcome = {
            "type": "welcome",
            "seat": seat_no,
            "token": self.seats[seat_no].token if seat_no is not None else None,
            "game": host.game,
            "options": self.public_options(),
            "players": host.n,
            "version": conn.version,
            "heartbeat": host.timings.heartbeat,
            "silence": host.timings.silence,
            "started": host.match is not None,
            "name": conn.name,
            "owner": seat_no == 0 and host.owner_token is not None,
            "table": host.table_name,
            "table_id": host.table_id,
            "standin_after": host.standin_after,
        }
        net.send(conn, welcome)
        conn.last_sid = conn.held_view = conn.held_legal = None
        net.send(conn, self.lobby())  # this one now; everyone else with the next coalesced lobby
        self.lobby_dirty = True
        if host.match is not None:
            host.updates.send(conn)
        self.send_earlier_talk(conn, seat_no)
        if host.match is None:
            self.maybe_auto_start()

    def send_earlier_talk(self, conn: Connection, seat: int | None) -> None:
        """The table talk said before this connection came: each kept chat line again,
        marked ``earlier``, with ``at`` = how many of the seat's log events came before
        it (where it stands in the seat's log)."""
        match = self.host.match
        total = len(match.log(seat)) if match is not None else 0
        # the newest lines that fit in a quarter of the output cap: the replay never
        # brings a new connection near the point where a slow reader is dropped
        budget, lines = self.host.limits.output_cap // 4, []
        for sid, said in reversed(self.chat_log):
            at = 0 if match is None or sid is None else total - len(match.log(seat, sid + 1))
            data = proto.encode({**said, "earlier": True, "at": at})
            budget -= len(data)
            if budget < 0:
                break
            lines.append(data)
        for data in reversed(lines):
            self.host.net.send_bytes(conn, data)

    def bad_token(self, conn: Connection, address: Address, now: float) -> None:
        """A wrong token: ``bad_token``; the ``bad_tokens``-th within the window from one
        address, and every one after it within the window, closes the connection."""
        host, net, limits = self.host, self.host.net, self.host.limits
        host.stats["errors"] += 1
        if now < address.blocked_until:
            net.send(
                conn, proto.error("too_many_errors", "Too many wrong tokens from your address; try again in a minute.")
            )
            net.linger_close(conn, now)
            return
        bad = address.bad_tokens
        bad.append(now)
        while bad and now - bad[0] > limits.bad_token_window:
            bad.popleft()
        net.send(conn, proto.error("bad_token", "That token does not belong to a seat at this table."))
        if len(bad) >= limits.bad_tokens:
            address.blocked_until = now + limits.bad_token_window
            bad.clear()
            log.warning(
                "%s sent %d wrong tokens within %g s: its wrong tokens close at once for %g s",
                conn.ip,
                limits.bad_tokens,
                limits.bad_token_window,
                limits.bad_token_window,
            )
            net.send(
                conn, proto.error("too_many_errors", "Too many wrong tokens from your address; try again in a minute.")
            )
            net.linger_close(conn, now)

    def spectators_full(self, conn: Connection) -> str | None:
        """Why one more spectator from ``conn``'s address may not join, or None. Seats are
        never crowded out: the default cap (32) leaves room for the largest table's seats
        within the connection cap (64)."""
        host = self.host
        watching = [c for c in host.conns.values() if c.joined and c.seat is None]
        if len(watching) >= host.limits.spectators:
            return f"This table has {len(watching)} spectators already, as many as it takes."
        if sum(1 for c in watching if c.ip == conn.ip) >= host.limits.spectators_per_address:
            return (
                f"{host.limits.spectators_per_address} spectators from your address watch already, "
                "as many as one address may have."
            )
        return None

    def left(self, conn: Connection, reason: str) -> None:
        """A connection is gone: its seat (if it held one) is empty from now on."""
        if conn.seat is not None and self.seats[conn.seat].conn is conn:
            seat = self.seats[conn.seat]
            seat.conn = None
            seat.ready = False
            seat.empty_since = time.monotonic()
            log.info("seat %d (%s) left: %s", conn.seat, seat.name, reason)
            self.lobby_dirty = True
        else:
            if conn.joined and conn.seat is None:
                self.lobby_dirty = True  # one spectator fewer
            log.debug("connection %s closed: %s", conn.peer, reason)

    # ------------------------------------------------------------------ commands ----
    def command(self, conn: Connection, message: dict[str, Any]) -> None:
        host, net = self.host, self.host.net
        match = host.match
        if match is None:
            if not net.limited(conn, "command"):
                net.send(conn, proto.error("not_started", "The game has not started yet."))
            return
        if conn.seat is None:
            if not net.limited(conn, "command"):
                net.send(conn, proto.error("spectator", "Spectators cannot send commands."))
            return
        if message["state_id"] != match.state_id:
            # the first stale command at a state costs nothing: states only advance through
            # accepted commands, and players racing for a window send these legitimately
            if conn.stale_sid == match.state_id and net.limited(conn, "command"):
                return
            stale = proto.error(
                "stale",
                f"That command was for state {message['state_id']}; the table is at {match.state_id}.",
                state_id=match.state_id,
            )
            if conn.stale_sid == match.state_id:  # answered at this state already: no second update
                host.stats["errors"] += 1
                net.send(conn, stale)
                net.count_junk(conn)
                return
            conn.stale_sid = match.state_id
            host.stats["stale_updates"] += 1
            net.send(conn, stale)
            host.updates.queue(conn)
            return
        started = time.perf_counter()
        try:
            match.apply(conn.seat, message["command"])
        except IllegalCommand as exc:
            if not net.limited(conn, "command"):
                net.send(conn, proto.error("illegal", exc.message, rule=exc.code, state_id=match.state_id))
            return
        except Exception as exc:  # a rules bug on odd input: apply already restored the match
            log.warning("command from seat %d failed inside the rules: %s: %s", conn.seat, type(exc).__name__, exc)
            if not net.limited(conn, "command"):
                net.send(
                    conn,
                    proto.error(
                        "illegal",
                        "The table could not apply that command.",
                        rule="bad_command",
                        state_id=match.state_id,
                    ),
                )
            return
        applied = time.perf_counter()
        host.store.append(conn.seat, match.commands[-1][1])
        host.stats["commands"] += 1
        host.after_change(first=conn, timing=(started, applied))

    # ------------------------------------------------------------------ the game ----
    def public_options(self) -> dict[str, Any]:
        host = self.host
        options = dict(host.match.options) if host.match is not None else dict(host.options)
        options["bots"] = sorted(host.bot_seats.bots)
        return options

    def maybe_auto_start(self) -> None:
        if self.host.match is not None:
            return
        humans = [s for s in self.seats if not s.bot]
        if all(s.conn is not None for s in humans) and (self.host.auto_start or all(s.ready for s in humans)):
            self.start_game()

    def start_game(self) -> None:
        host = self.host
        if host.match is not None:
            return
        now = time.monotonic()
        for i, seat in enumerate(self.seats):
            if not seat.bot and seat.conn is None and seat.token is None:
                # the host started with an empty seat: a bot plays it for good
                seat.bot, seat.name = True, self.unique_name(names.bot_name(i, host.people_seats), i, None)
                host.bot_seats.add(i)
            elif not seat.bot and seat.conn is None:
                seat.empty_since = now
        played = [i for i in range(host.n) if i not in host.absent]
        players = [self.seats[i].name or f"Player {i + 1}" for i in played]
        options = dict(host.options)
        options["bots"] = sorted(played.index(b) for b in host.bot_seats.bots)
        try:
            match = new_match(host.game, players, seed=host.seed, options=options)
        except SetupError as exc:
            log.error("cannot start the game: %s", exc)
            host.net.broadcast(proto.error("internal", f"The game cannot start: {exc}"))
            host.request_stop()
            return
        host.match = match
        for i, name in enumerate(match.players):
            self.seats[i].name = name
        host.store.open_game()
        host.game_started.set()
        log.info("game %s started: %s (seed %d)", host.game, ", ".join(match.players), host.seed)
        self.lobby_dirty = True
        host.after_change()

    def check_empty_seats(self, now: float) -> float:
        """Free lobby seats left too long; start stand-in bots. Returns the seconds until
        the next such deadline (for the selector's sleep)."""
        host = self.host
        soonest = 1.0
        if host.match is None:
            # In the lobby a seat left empty too long is freed for someone else.
            for seat in self.seats:
                if (
                    seat.token
                    and seat.conn is None
                    and not seat.bot
                    and seat.token != host.owner_token
                    and seat.empty_since is not None
                ):
                    if now - seat.empty_since >= host.timings.seat_free_after:
                        log.info("seat of %s freed (away %g s)", seat.name, host.timings.seat_free_after)
                        seat.token, seat.name, seat.ready, seat.empty_since = None, "", False, None
                        self.lobby_dirty = True
                    else:
                        soonest = min(soonest, seat.empty_since + host.timings.seat_free_after - now)
            return soonest
        for i, seat in enumerate(self.seats):
            if (
                not seat.bot
                and seat.conn is None
                and seat.standin is None
                and seat.empty_since is not None
                and not host.match.over
            ):
                if now - seat.empty_since >= host.standin_after:
                    host.bot_seats.start_standin(i, f"empty for {host.standin_after:g} s")
                else:
                    soonest = min(soonest, seat.empty_since + host.standin_after - now)
        return soonest

    # ------------------------------------------------------------------ the lobby ---
    def lobby(self) -> dict[str, Any]:
        """The table as the lobby shows it (also sent in game when someone comes or goes).
        ``standin_in``: seconds until a bot takes over an away seat (a running game only)."""
        host = self.host
        now = time.monotonic()
        running = host.match is not None and not host.match.over
        seats = []
        for i, s in enumerate(self.seats):
            standin_in = None
            if running and not s.bot and s.conn is None and s.standin is None and s.empty_since is not None:
                standin_in = round(max(0.0, s.empty_since + host.standin_after - now), 1)
            seats.append(
                {
                    "seat": i,
                    "name": s.name or None,
                    "taken": bool(s.token) or s.bot,
                    "connected": s.conn is not None,
                    "ready": s.ready,
                    "bot": s.bot and not s.absent,
                    "absent": s.absent,
                    "standin": s.standin is not None,
                    "standin_in": standin_in,
                    # how well a host bot plays the seat (easy / normal / hard), where the
                    # game's bots search; null for people and for a game without levels
                    "level": host.bot_levels.get(i) if s.bot and not s.absent and host.levels_matter else None,
                }
            )
        humans = [i for i, s in enumerate(self.seats) if not s.bot]
        return {
            "type": "lobby",
            "game": host.game,
            "table": host.table_name,
            "players": host.n,
            "started": host.match is not None,
            "over": bool(host.match and host.match.over),
            "seats": seats,
            "spectators": sum(1 for c in host.conns.values() if c.joined and c.seat is None),
            "waiting_for": [i for i in humans if self.seats[i].conn is None],
            "auto_start": host.auto_start,
            "standin_after": host.standin_after,
            "table_id": host.table_id,
        }

    def broadcast_lobby(self, now: float) -> None:
        """Everyone gets the lobby, if it changed since the last broadcast; a connection
        with much unsent gets the newest one once it drains."""
        self.lobby_dirty = False
        self.lobby_next = now + self.host.timings.lobby_gap
        data = proto.encode(self.lobby())
        if data == self.last_lobby:
            return
        self.last_lobby = data
        for conn in list(self.host.conns.values()):
            if not conn.joined:
                continue
            if len(conn.outbuf) <= OUTPUT_LOW:
                conn.lobby_due = False
                self.host.net.send_bytes(conn, data)
            else:
                conn.lobby_due = True

    def tick_lobby(self, now: float) -> float:
        """Broadcast a changed lobby, at most one per ``lobby_gap``; returns the sleep."""
        if not self.lobby_dirty:
            return 1.0
        if now >= self.lobby_next:
            self.broadcast_lobby(now)
            return 1.0
        return self.lobby_next - now
