"""Bots that think off the caller's thread: the hot-seat table's and the LAN host's.

A search bot takes from a few milliseconds to seconds per decision. Whoever runs the
table (the window's loop, the host's socket loop) must stay responsive meanwhile, so
the decision runs on a worker thread over a *copy* of the match:

* :class:`BotThinker` is one decision. The view, the legal list and the copy are taken
  on the caller's thread when it is made; the worker only ever touches the copy
  (through the seat's :class:`SeatModel`, i.e. ``determinize``) and the bot. Bots that
  do not search (random, Easy) decide at once on the caller's thread instead: a thread
  would cost more than their choice.
* :class:`BotTurns` keeps one thinker on the table's current position: the lowest bot
  seat that may act. It drops a thought whose position has passed, never lets two
  thoughts use one bot at once (a bot's random generator is its own state), and hands
  back a finished decision for the caller to apply.

While any thought runs on a worker thread, the interpreter switches threads every
:data:`SWITCH_WHILE_THINKING` seconds instead of its default 5 ms: the caller's thread
(a socket loop answering a ping, a window drawing a frame) waits that long at most
each time it needs the interpreter back from a bot that is busy searching.

The caller applies the command on its own thread (the only one that touches the live
match), checks it is still for the current ``state_id``, and falls back to the first
legal command when the bot failed or chose something the rules refuse.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable
from typing import Any

from game.bots.base import Bot, SeatModel
from game.bots.search import SearchBot
from game.engine import Match

log = logging.getLogger("game.bots.thinker")

#: seconds between thread switches while a bot thinks on a worker thread
SWITCH_WHILE_THINKING = 0.001
_switch_lock = threading.Lock()
_thinking = 0
_switch_before = 0.005


def _thought_starts() -> None:
    global _thinking, _switch_before
    with _switch_lock:
        if _thinking == 0:
            _switch_before = sys.getswitchinterval()
            sys.setswitchinterval(min(_switch_before, SWITCH_WHILE_THINKING))
        _thinking += 1


def _thought_ends() -> None:
    global _thinking
    with _switch_lock:
        _thinking -= 1
        if _thinking == 0:
            sys.setswitchinterval(_switch_before)


def thinks_on_a_thread(bot: Any, match: Match) -> bool:
    """Bots that search take long enough to need the worker thread; the random bot and
    Easy (one policy draw) move at once. Any other bot that says ``thinks_long = True``
    gets the thread too."""
    if isinstance(bot, SearchBot):
        return bot.level.iterations > 0 and match.can_search()
    return getattr(bot, "thinks_long", False) is True


class BotThinker:
    """One bot decision over a snapshot of ``match`` for ``seat``; see the module docstring.

    ``done`` is set when :attr:`command` (or :attr:`error`) is ready; ``state_id`` says which
    position it is for. ``on_done`` (optional) is called on the worker thread once the
    decision is ready, e.g. to wake the caller's loop. ``threaded=False`` decides at once
    on the caller's thread."""

    def __init__(
        self,
        bot: Bot,
        match: Match,
        seat: int,
        *,
        threaded: bool | None = None,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        self.bot = bot
        self.seat = seat
        self.state_id = match.state_id
        self.command: dict[str, Any] | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        self._on_done = on_done
        view, legal = match.view(seat), match.legal(seat)
        self.legal = legal
        threaded = thinks_on_a_thread(bot, match) if threaded is None else threaded
        self.thread: threading.Thread | None = None
        if threaded:
            model = SeatModel(match.copy(), seat)
            self.thread = threading.Thread(
                target=self._think, args=(bot, view, legal, model), name=f"bot-seat-{seat}", daemon=True
            )
            _thought_starts()
            self.thread.start()
        else:
            self._run(bot, view, legal, SeatModel(match, seat))

    def _think(self, bot: Bot, view: dict[str, Any], legal: list[dict[str, Any]], model: SeatModel) -> None:
        try:
            self._run(bot, view, legal, model)
        finally:
            _thought_ends()

    def _run(self, bot: Bot, view: dict[str, Any], legal: list[dict[str, Any]], model: SeatModel) -> None:
        try:
            self.command = bot.choose(view, legal, model)
        except BaseException as exc:  # reported on the caller's thread
            self.error = exc
        finally:
            self.done.set()
            if self._on_done is not None:
                try:
                    self._on_done()
                except Exception:
                    log.debug("on_done failed", exc_info=True)

    def choice(self) -> dict[str, Any] | None:
        """The decided command; the first legal command when the bot failed (logged);
        None when there was nothing to choose from."""
        if self.error is not None:
            log.error(
                "bot for seat %s failed to choose; taking the first legal command", self.seat, exc_info=self.error
            )
        if self.command is not None:
            return self.command
        return self.legal[0] if self.legal else None


class BotTurns:
    """Which bot thinks now, one at a time (see the module docstring).

    Call :meth:`step` whenever the position may have changed or a thought may be ready
    (``on_done`` is passed to every thinker, so a loop can sleep until then). It returns
    a finished :class:`BotThinker` for the current position once, or ``None``."""

    def __init__(self, on_done: Callable[[], None] | None = None) -> None:
        self.on_done = on_done
        self.thinker: BotThinker | None = None
        #: dropped thoughts still running: their bots wait until they end
        self._stale: list[BotThinker] = []
        #: decisions dropped because the position passed before they were ready
        self.dropped = 0

    @property
    def thinking_seat(self) -> int | None:
        thinker = self.thinker
        return thinker.seat if thinker is not None and not thinker.done.is_set() else None

    def step(self, match: Match, bot_for: Callable[[int], Any], start: bool = True) -> BotThinker | None:
        """Keep the right bot thinking about ``match``; return its finished decision for
        the current position (then forget it), else None. ``bot_for(seat)`` is the bot that
        plays a seat now, or None for a person. ``start=False`` only collects."""
        seats = [] if match.over else [s for s in match.to_act() if bot_for(s) is not None]
        thinker = self.thinker
        if thinker is not None:
            current = (
                seats
                and thinker.seat == seats[0]
                and thinker.state_id == match.state_id
                and bot_for(thinker.seat) is thinker.bot
            )
            if current:
                if not thinker.done.is_set():
                    return None
                self.thinker = None
                return thinker
            self.thinker = None
            self.dropped += 1
            if not thinker.done.is_set():
                self._stale.append(thinker)
        self._stale = [t for t in self._stale if not t.done.is_set()]
        if not seats or not start:
            return None
        seat = seats[0]
        bot = bot_for(seat)
        if any(t.bot is bot for t in self._stale):
            return None  # a dropped thought still uses this bot: it goes on when that ends (on_done)
        self.thinker = BotThinker(bot, match, seat, on_done=self.on_done)
        if self.thinker.done.is_set():  # decided at once (no thread)
            thinker, self.thinker = self.thinker, None
            return thinker
        return None

    def keep(self, thought: BotThinker) -> None:
        """Hand back a finished decision that may not be played yet (a pause between bot
        moves): the next :meth:`step` returns it again while its position lasts."""
        self.thinker = thought

    def forget(self) -> None:
        """Drop the current thought (it ends on its own; its result is never used)."""
        if self.thinker is not None and not self.thinker.done.is_set():
            self._stale.append(self.thinker)
        self.thinker = None
