"""The host's bots: bot seats (``--bots``), stand-ins for away seats, and their moves.

A bot sees only its seat's view and sampled worlds for it (``SeatModel``). Bots that
search think on a worker thread over a copy of the match (:class:`game.bots.thinker.BotTurns`),
so the host's loop keeps answering pings and commands meanwhile; the decision is applied
on the host's thread, journalled like any command, and followed by updates. Bots that
decide at once (random, Easy) move in bursts: a burst without ``bot_delay`` is one update.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from game.bots import DEFAULT_LEVEL, make_bot
from game.bots.thinker import BotTurns
from game.engine import IllegalCommand
from game.net.host.config import BOT_BURST, BOT_SLICE

if TYPE_CHECKING:
    from game.net.host.server import Host

log = logging.getLogger("game.net.host")


class HostBots:
    """Who plays the bot seats and the away seats of one host, and when they move."""

    def __init__(self, host: Host, levels: dict[int, str], delay: float | None) -> None:
        self.host = host
        #: seat -> level of every bot seat (easy / normal / hard)
        self.levels = levels
        #: seconds between two bot moves (None or 0: at once, a burst is one update)
        self.delay = delay
        self.bots: dict[int, Any] = {}
        self.turns = BotTurns(on_done=host.wake)
        self.next_at = 0.0

    def add(self, seat: int) -> None:
        """A bot plays ``seat`` for the whole game, at the seat's level."""
        self.levels.setdefault(seat, DEFAULT_LEVEL)
        self.bots[seat] = make_bot(seed=self.host.seed * 31 + seat, level_name=self.levels[seat])

    def bot_for(self, seat: int) -> Any:
        """The bot that plays ``seat`` now (a bot seat's or a stand-in), or None."""
        if seat in self.bots:
            return self.bots[seat]
        return self.host.seats[seat].standin

    def start_standin(self, seat_no: int, why: str) -> None:
        seat = self.host.seats[seat_no]
        seat.standin = self.host.make_standin(seat_no)
        log.info("seat %d (%s) %s: a bot plays it until its owner returns", seat_no, seat.name, why)
        self.host.table.lobby_dirty = True

    def standin_now(self, seat_no: int) -> str | None:
        """The host hands an away seat to a bot at once; returns why not, or None."""
        host = self.host
        if host.match is None or host.match.over:
            return "The game is not running."
        if not 0 <= seat_no < host.n:
            return f"There is no seat {seat_no + 1}."
        seat = host.seats[seat_no]
        if seat.bot or seat.standin is not None:
            return f"A bot already plays {seat.name}."
        if seat.conn is not None:
            return f"{seat.name} is connected."
        self.start_standin(seat_no, "handed to a bot by the host")
        return None

    def run(self, now: float) -> float:
        """Let bots move; returns how long until the next bot move could be due."""
        host = self.host
        match = host.match
        assert match is not None
        applied = 0
        wait = 1.0
        started = time.monotonic()
        while not match.over and applied < BOT_BURST:
            if self.delay and applied:
                wait = self.delay
                break
            thought = self.turns.step(match, self.bot_for)
            if thought is None:
                break  # nobody's turn, or still thinking (the thinker wakes the loop)
            if self.delay and now < self.next_at:
                # ready early: keep it for when the delay is over (the position stays)
                self.turns.keep(thought)
                wait = self.next_at - now
                break
            command = thought.choice()
            if command is None:
                break
            try:
                match.apply(thought.seat, command)
            except IllegalCommand as exc:
                log.warning(
                    "bot at seat %d chose %r, which the rules refuse (%s); taking the first legal command",
                    thought.seat,
                    command,
                    exc.message,
                )
                try:
                    match.apply(thought.seat, thought.legal[0])
                except Exception as exc2:  # a bot must never stop the table
                    log.error("bot at seat %d failed: %s", thought.seat, exc2)
                    break
            except Exception as exc:  # a bot must never stop the table
                log.error("bot at seat %d failed: %s", thought.seat, exc)
                break
            host.store.append(thought.seat, match.commands[-1][1])
            applied += 1
            host.stats["commands"] += 1
            if time.monotonic() - started > BOT_SLICE:
                wait = 0.0  # more may be due: look at the sockets, then carry on
                break
        if applied >= BOT_BURST:
            wait = 0.0  # more to do: look at the sockets first, then carry on
        if applied:
            host.after_change()
        return wait
