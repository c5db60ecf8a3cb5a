"""The host's timings and caps (docs/PROTOCOL.md §6 lists the same numbers)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.net import protocol as proto

#: chat lines the host keeps for a connection that joins or rejoins later
CHAT_KEEP = 100
#: bot moves applied in one loop turn before the loop looks at the sockets again
BOT_BURST = 500
#: seconds of bot moves that decide at once (random, Easy) in one loop turn, before the
#: loop looks at the sockets again (bots that search think on a worker thread)
BOT_SLICE = 0.25
#: the level of the bot that plays a seat while its owner is away
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

    heartbeat: float = 5.0  # clients ping this often; sent to them in ``welcome``
    silence: float = 15.0  # a peer silent this long is disconnected
    seat_bot_after: float = 30.0  # default stand-in wait: a seat empty this long in a game is played by a bot
    seat_free_after: float = 60.0  # in the lobby, a seat whose owner is away this long is freed
    hello_deadline: float = 5.0  # a connection that has not joined by then is closed
    takeover_after: float | None = None  # a seat's connection silent this long may be replaced by
    #                                      a new one with the same token (default: 2 heartbeats)
    junk_limit: int = 20  # this many protocol errors …
    junk_window: float = 10.0  # … within this window closes the connection
    announce_every: float = 2.0  # LAN discovery announcement period
    linger_after_over: float | None = None  # serve_forever returns this long after the game ends
    save_gap: float = 0.2  # at least this long between two autosave writes (bursts coalesce)
    lobby_gap: float = 0.1  # at most one lobby broadcast per this long (and only when it changed)

    @property
    def takeover(self) -> float:
        return self.takeover_after if self.takeover_after is not None else 2 * self.heartbeat


@dataclass(frozen=True)
class Limits:
    """Every cap of the host (docs/PROTOCOL.md §6 lists the same numbers)."""

    connections: int = 64  # connections open at once (joined or not) …
    seat_reserve: int = 8  # … plus these, kept for a seat's token when the rest are full
    unauth_per_address: int = 8  # connections from one address that have not joined yet
    connect_burst: int = 20  # new connections from one address: a burst of this many …
    connect_rate: float = 5.0  # … then this many per second
    output_cap: int = 1024 * 1024  # a connection with more unsent bytes than this is dropped
    spectators: int = 32  # joined spectators at once (32 leaves room for 12 seats within 64) …
    spectators_per_address: int = 8  # … and from one address
    bad_tokens: int = 5  # wrong tokens from one address within …
    bad_token_window: float = 60.0  # … this window: further wrong tokens close at once (a right one still joins)
    rates: dict[str, Any] = field(default_factory=lambda: dict(proto.RATES))  # per-type token buckets
