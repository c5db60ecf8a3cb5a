"""What feeds a table scene: the :class:`TableSource` contract, and :class:`HotseatSession`,
the hot-seat implementation (DESIGN D3, D5).

The TableSource contract (a LAN client session implements the same)::

    source.game -> str; source.players -> list[str]
    source.screen_seat -> int | None   # whose private view the screen may show now
                                       # (None while the curtain is down / spectator)
    source.view() -> dict              # match.view(screen_seat) - never anything more
    source.legal() -> list[dict]       # legal(screen_seat)
    source.log() -> list[dict]         # log(screen_seat)
    source.submit(command) -> str | None   # None = applied; else the engine's message
    source.revision -> int             # changes whenever anything changed (redraw)
    source.pending_seats() -> list[int]    # seats that must act now (public info)
    source.request_seat(seat)          # a seat's button on a public banner was pressed
    source.is_human(seat) -> bool

Hot-seat additions a table may use (check with ``getattr`` so a LAN source need not have them):

    source.banner_seats() -> list[int]   # human seats the public banner must offer now;
                                         # [] = no banner. Non-empty only while screen_seat is None.
    source.can_pass_all() -> bool        # show the banner's "No answers" button
    source.no_answers() -> str | None    # "No answers": pass for every human seat in the window
    source.message -> str                # a public line for the table ("Bot Cy is thinking …")
    source.public_decision() -> (seat, [commands]) | None   # a decision the whole table
                                         # watches, taken on the shared screen (no curtain)
    source.submit_public(seat, command) -> str | None
    source.talk_lines() -> list[dict]    # table talk (claims; chat over a LAN): {seat, name, text, at}
    source.say(text) -> str | None       # say something as the seat behind the screen
    source.timer_s -> float | None       # a timed game's seconds per moment (None: no timer)
    source.clocks() -> dict[int, float]  # seconds left on each clock that runs now (public)

A table scene draws only ``source.view()`` / ``source.log()`` and sends only
``source.submit()``; it re-reads the view whenever ``revision`` changes.

Who is behind the screen (hot-seat)
-----------------------------------
The rule (DESIGN D3): a seat's private view is on screen only while that seat has
something to do, or while it reads something it asked to see (the hold and the private
reveal below). As soon as the table waits for anyone else — a bot or another person —
the screen shows the public table (``screen_seat`` None: no hand, no own role, no
notebook, no private log lines). Hiding needs no curtain; showing always goes through it.

* One human seat: always that seat; no curtain ever (nobody else looks at the screen,
  so that person's own view stays up while the bots move).
* No human seat: a spectator (``None``).
* Several human seats, recomputed after every applied command:
  - an answer window is open (Hammer's response, negation or inquisition window; a Witch
    Trial Motion awaiting an Objection: see :func:`public_window`)
    and a human may still answer in it, or several humans may act at once (the setup,
    where everyone places pyres), and the shown seat is not one of those who may act
    now: ``screen_seat`` becomes ``None`` and the table shows the public banner from
    ``banner_seats()`` (a button per human seat that may act now, plus "No answers"
    from ``can_pass_all()``). A seat's button calls :meth:`request_seat`, which lowers
    the curtain for it. The banner appears whether or not anyone holds an answer;
  - otherwise, when exactly one human must act and it is not the shown seat,
    ``screen_seat`` becomes ``None`` *first*, then the curtain scene ("Pass to Bob") is
    pushed; only when Bob clicks the curtain away does ``screen_seat`` become his seat.
    No exception: once anything public was on the screen for the whole table (the
    banner, the public table while bots moved, a curtain naming anyone), the next
    private view comes only through the curtain, even for the seat shown last (after
    "No answers" the player of the card would otherwise get the screen back with
    everyone looking);
  - only bots must act and the shown seat has nothing to do: ``screen_seat`` becomes
    ``None`` and the table shows the bots' moves on the public table. A seat that may
    still act (a bot and a person in the same window, the setup where everyone places
    pyres at once) keeps its view.
Since the table draws ``view(screen_seat)`` and ``screen_seat`` changes before anything
is drawn, no private information is ever drawn for the wrong seat, not even for a frame.

The hold: when a person's own move puts new cards in their hand and
ends their part (End turn draws, Refill), the screen would pass on at once and nobody
would ever see the cards drawn. Instead the session *holds* that seat's own view for
``hold_seconds`` or until the table reports a click or key (:meth:`release_hold`), then
decides who is behind the screen as usual. While it holds, bots wait and nothing else
changes on screen; it is the same seat's private view, so D3 is untouched. A game with
one human seat never holds (there is no curtain to wait for).

The public moment: some events are climaxes the whole table should see together
(Witch Trial's verdict: the dice and GUILTY / NOT GUILTY). A game lists them in
:data:`PUBLIC_MOMENTS`. When such an event happened and the screen would now leave the
private view it showed (for a curtain or the banner), the session first shows the
*public* table (``screen_seat`` None, no seat buttons) with those events' sentences,
until a click or key on the table (:meth:`release_public_moment`); then the curtain.
Public information only, so D3 holds; bots wait meanwhile.

The private reveal: a move may show its mover something nobody else sees and
that stays nowhere on the table (Salem's ghost peek: the card is looked at, then the
ghost's row is shuffled). A game lists those event types in :data:`REVEAL_EVENTS`. When
a person's own move logs such an event for them, the session holds that seat's own view
(like the drawn cards, but until a click or key only: no time limit) and the table shows
what was revealed (:meth:`held_reveals`); then the screen passes on as usual (curtain,
banner). It is the mover's own private view, so D3 is untouched; bots wait meanwhile.
With one human seat it holds too (nothing else would show the card).

"No answers" passes (``pass`` / ``no_objection``) for the human seat asked now and, as the
window goes round, for every later human seat in the same window (bots still answer
for themselves).

Timers (a game's option ``timer_s``; Salem R22, DESIGN D2 "Timers" in game/engine/match.py):
a seat's clock runs only while its own private view is on the screen and the table is the
scene on top — never while the curtain is down, the screen is held for someone else or
a menu covers the table — so nobody loses time while the screen is being passed. It
keeps what is left while it does not run, and starts afresh when the seat's timer key
changes (a new turn, window, trial choice). When it runs out the session applies the
engine's ``timeout_command`` for that seat, notes ``{"type": "timeout", "seat": s}`` in
the log (:meth:`log`) and goes on as after any move. ``clocks()`` tells the table which
clock runs and what is left (public: whose time it is).

Autosave: after every applied command the match is saved atomically (``save_match``), so
Continue works after a crash or a closed window. Bot seats move from an app task, one
command per ``bot_delay`` seconds, so people can follow what happened.

Bots that search (``SearchBot`` at Normal or Hard, game/bots/search.py) think on a worker
thread (:class:`BotThinker`) over a snapshot of the match, starting as soon as their seat
must act, so the window keeps drawing at full rate; the move is applied on the main
thread once the thinking is done and the bot's pause is over, unless the match moved on
meanwhile (then the bot thinks again). ``thinking_seat()`` names the bot seat deciding now,
which the table marks "thinking…". Each bot seat has a level (easy / normal / hard),
saved with the game (``extra["bot_levels"]``).
"""

from __future__ import annotations

import atexit
import logging
import marshal
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game.bots import DEFAULT_LEVEL, LEVEL_NAMES, Bot, SearchBot, SeatModel, make_bot
from game.engine import IllegalCommand, Match
from game.saves import load_save, new_save_path, save_match
from game.ui.tables import table_spec, table_specs

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene

log = logging.getLogger(__name__)

DEFAULT_BOT_DELAY = 0.6
#: while a bot thinks on its worker thread, the app looks this often whether it is done
THINK_POLL = 0.02
#: seconds the drawn cards stay on screen before the curtain, at normal animation speed
HOLD_SECONDS = 3.0
#: table talk kept per session (lines) and the longest line
MAX_TALK = 300
MAX_TALK_TEXT = 200
#: seconds the final position stays on screen before the game-over scene appears
GAME_OVER_PAUSE = 1.5


@dataclass
class _Hold:
    """A seat's own view held on screen: the cards it drew and what its move revealed to
    it alone, until a click/key or ``left`` seconds."""

    seat: int
    cards: list[str]
    left: float  # seconds until it ends by itself (inf: only a click or key ends it)
    reveals: list[dict] = field(default_factory=list)


class TableSource(Protocol):
    """See the module docstring."""

    game: str
    players: list[str]
    revision: int

    @property
    def screen_seat(self) -> int | None: ...

    def view(self) -> dict: ...

    def legal(self) -> list[dict]: ...

    def log(self) -> list[dict]: ...

    def submit(self, command: dict) -> str | None: ...

    def pending_seats(self) -> list[int]: ...

    def request_seat(self, seat: int) -> None: ...

    def is_human(self, seat: int) -> bool: ...


class AutosaveWriter:
    """Writes autosaves off the main loop so a move never waits for the disk.

    The snapshot is taken at once on the main thread (``marshal`` of the match's plain
    data: about a millisecond), so what is written is exactly the state after that
    command; ``game.saves.save_match`` (JSON encoding, temp file, fsync, rename) runs on a
    worker thread. Only the newest snapshot per file matters, so a burst of bot moves coalesces.
    ``flush()`` waits until everything queued is on disk (called on close and at exit).
    """

    def __init__(self) -> None:
        self._pending: dict[Path, bytes] = {}
        self._lock = threading.Condition()
        self._busy = False
        self._thread: threading.Thread | None = None
        self.errors: dict[Path, str] = {}

    def save(self, match: Match, path: Path, extra: dict) -> None:
        blob = marshal.dumps({"over": match.over, "match": match.to_dict(), "extra": extra})
        with self._lock:
            self._pending[path] = blob
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._pending:
                    self._busy = False
                    self._lock.notify_all()
                    if not self._lock.wait(timeout=5.0) and not self._pending:
                        self._thread = None
                        return
                path, blob = self._pending.popitem()
                self._busy = True
            try:
                doc = marshal.loads(blob)
                save_match(_Snapshot(doc["match"], doc["over"]), path, kind="hotseat", extra=doc["extra"], gentle=True)
                self.errors.pop(path, None)
            except OSError as exc:  # a full disk must not end the game: say it, keep playing
                log.warning("autosave to %s failed: %s", path, exc)
                self.errors[path] = f"Autosave failed: {exc.strerror or exc}"
            except Exception:
                log.exception("autosave to %s failed", path)
                self.errors[path] = "Autosave failed (see the log)."

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued save is written. False on timeout."""
        end = time.monotonic() + timeout
        with self._lock:
            while self._pending or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(timeout=min(left, 0.1))
        return True


class _Snapshot:
    """What ``save_match`` needs of a match, frozen at the moment of the command."""

    def __init__(self, data: dict, over: bool) -> None:
        self._data = data
        self.over = over

    def to_dict(self) -> dict:
        return self._data


#: one writer for the whole app; flushed at exit so the last move is never lost
WRITER = AutosaveWriter()
atexit.register(WRITER.flush)


def save_summary(match: Match) -> dict:
    """What the Continue list says about a saved game from the public
    view only: the round and phase when the game has them, and who is to act."""
    view = match.view(None)
    summary: dict[str, Any] = {"to_act": [match.players[s] for s in match.to_act()]}
    for key in ("round", "phase"):
        value = view.get(key)
        if isinstance(value, (int, str)) and not isinstance(value, bool):
            summary[key] = value
    return summary


def make_bots(match: Match, seats: list[int] | None = None, levels: dict[int, str] | None = None) -> dict[int, Bot]:
    """Bots for the match's bot seats (``options["bots"]`` unless ``seats`` is given),
    each at its level (``levels``: seat -> easy/normal/hard; Normal when not given).
    Seeded from the match seed, the seat and the state id, so a resumed game gets
    bots that are deterministic too."""
    seats = match.options.get("bots", []) if seats is None else seats
    levels = levels or {}
    return {
        s: make_bot(
            seed=match.seed * 1009 + s * 31 + match.state_id,
            level_name=levels.get(s) if levels.get(s) in LEVEL_NAMES else DEFAULT_LEVEL,
        )
        for s in seats
    }


def bot_levels_of(bots: dict[int, Bot]) -> dict[int, str]:
    """seat -> level of every searching bot (what a save keeps)."""
    return {s: b.level.name for s, b in bots.items() if isinstance(b, SearchBot)}


class BotThinker:
    """One bot decision on a worker thread, over a snapshot of the match.

    The view, the legal list and the snapshot are taken on the main thread when the
    thinker is made; the thread only ever touches the snapshot (through the seat's
    :class:`SeatModel`, i.e. ``determinize``) and the bot. ``done`` tells when
    ``command`` (or ``error``) is ready; ``state_id`` says which position it is for."""

    def __init__(self, bot: Bot, match: Match, seat: int) -> None:
        self.seat = seat
        self.state_id = match.state_id
        self.command: dict | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        view, legal = match.view(seat), match.legal(seat)
        self.legal = legal
        model = SeatModel(match.copy(), seat)
        self.thread = threading.Thread(
            target=self._run, args=(bot, view, legal, model), name=f"bot-seat-{seat}", daemon=True
        )
        self.thread.start()

    def _run(self, bot: Bot, view: dict, legal: list[dict], model: SeatModel) -> None:
        try:
            self.command = bot.choose(view, legal, model)
        except BaseException as exc:  # reported on the main thread
            self.error = exc
        finally:
            self.done.set()


def thinks_on_a_thread(bot: Bot, match: Match) -> bool:
    """Bots that search take long enough to need the worker thread; the random bot and
    Easy (one policy draw) move at once."""
    return isinstance(bot, SearchBot) and bot.level.iterations > 0 and match.can_search()


class HotseatSession:
    """The only object that touches the Match for the hot-seat UI. See the module docstring."""

    def __init__(
        self,
        app: App,
        match: Match,
        bots: dict[int, Bot],
        save_path: Path | str | None,
        *,
        bot_delay: float | None = None,
        hold: float | None = None,
    ) -> None:
        self.app = app
        self.match = match
        self.bots = dict(bots)
        self.save_path = Path(save_path) if save_path is not None else None
        #: None = follow the settings' animation speed, read at every bot move
        self.fixed_bot_delay = None if bot_delay is None else float(bot_delay)
        #: None = the drawn-cards hold follows the settings' animation speed
        self.fixed_hold = None if hold is None else float(hold)
        self.game: str = match.game_id
        self.players: list[str] = list(match.players)
        #: seats nobody plays (Salem's ghosts): neither a human nor a bot, never asked
        self.absent: set[int] = set(match.absent())
        self.humans: list[int] = [s for s in range(match.n) if s not in self.bots and s not in self.absent]
        self.revision = 0
        self.message = ""
        self.save_error: str | None = None
        #: the table's own arrangement (e.g. where villager plates lie), saved with the match
        self.ui_state: dict[str, Any] = {}
        self.table: Scene | None = None
        #: called once when the match is over (after a short pause); default: game-over scene
        self.on_game_over: Callable[[HotseatSession], None] = _show_game_over
        self._screen_seat: int | None = self.humans[0] if len(self.humans) == 1 else None
        #: the answer window "No answers" was pressed for (its humans pass automatically)
        self._auto_pass: tuple | None = None
        self._curtain: Scene | None = None
        #: a seat's own view held on screen (drawn cards, a private reveal), see _Hold
        self._hold: _Hold | None = None
        #: public events that deserve a moment before the screen passes on (PUBLIC_MOMENTS)
        self._moment_pending: list[dict] = []
        #: the public moment on screen now (its events), until release_public_moment()
        self._moment: list[dict] | None = None
        self._bot_clock = 0.0
        self._over_clock: float | None = None
        self._over_done = False
        self._started = False
        #: table talk: public announcements (claims) in this session, saved with the game
        self.talk: list[dict] = []
        #: timers: seat -> [its timer key, seconds left]; see "Timers" in the module docstring
        self._clocks: dict[int, list] = {}
        self._clock_ticking: int | None = None  # the seat whose clock ran at the last tick
        #: the session's own notes in the log, as (state id of the command, event): timeouts
        self.notes: list[tuple[int, dict]] = []
        self._thinker: BotThinker | None = None

    @property
    def bot_delay(self) -> float:
        """Seconds a bot waits before its move (Settings > Animation speed unless fixed)."""
        if self.fixed_bot_delay is not None:
            return self.fixed_bot_delay
        settings = getattr(self.app, "settings", None)
        return float(getattr(settings, "bot_delay", DEFAULT_BOT_DELAY))

    @property
    def hold_seconds(self) -> float:
        """How long drawn cards stay on screen before the screen passes on (unless clicked)."""
        if self.fixed_hold is not None:
            return self.fixed_hold
        settings = getattr(self.app, "settings", None)
        speed = getattr(settings, "animation_speed", 100) or 100
        return HOLD_SECONDS * 100 / max(10, int(speed))

    # ------------------------------------------------------------- construction ----
    @classmethod
    def new(
        cls,
        app: App,
        game: str,
        players: list[str],
        bot_seats: list[int],
        seed: int,
        options: dict | None = None,
        *,
        bot_delay: float | None = None,
        save_path: Path | None = None,
        hold: float | None = None,
        bot_levels: dict[int, str] | None = None,
    ) -> HotseatSession:
        """Set up a fresh match (``SetupError`` for bad input) and save it at once.
        ``bot_levels``: seat -> easy/normal/hard for bot seats (Normal when not given)."""
        from game.engine import new_match

        opts = dict(options or {})
        opts["bots"] = sorted(bot_seats)
        match = new_match(game, players, seed=seed, options=opts)
        klass = session_class(game) if cls is HotseatSession else cls
        session = klass(
            app,
            match,
            make_bots(match, levels=bot_levels),
            save_path or new_save_path(game),
            bot_delay=bot_delay,
            hold=hold,
        )
        session._autosave()
        return session

    @classmethod
    def resume(
        cls, app: App, path: Path, *, bot_delay: float | None = None, hold: float | None = None
    ) -> HotseatSession:
        """Continue a saved game (``SaveError`` with a clear message for a bad file)."""
        match, extra = load_save(path)
        seats = extra.get("bots")
        if not (isinstance(seats, list) and all(isinstance(s, int) for s in seats)):
            seats = None
        levels = extra.get("bot_levels")
        levels = (
            {int(k): v for k, v in levels.items() if str(k).isdigit() and v in LEVEL_NAMES}
            if isinstance(levels, dict)
            else {}
        )
        klass = session_class(match.game_id) if cls is HotseatSession else cls
        session = klass(app, match, make_bots(match, seats, levels), path, bot_delay=bot_delay, hold=hold)
        ui = extra.get("ui")
        if isinstance(ui, dict):
            session.ui_state = ui
        talk = extra.get("talk")
        if isinstance(talk, list):
            session.talk = [
                ln
                for ln in talk
                if isinstance(ln, dict) and isinstance(ln.get("text"), str) and isinstance(ln.get("seat"), int)
            ][-MAX_TALK:]
        return session

    # ---------------------------------------------------------- TableSource API ----
    @property
    def screen_seat(self) -> int | None:
        return self._screen_seat

    def view(self) -> dict:
        return self.match.view(self._screen_seat)

    def legal(self) -> list[dict]:
        if self._screen_seat is None:
            return []
        return self.match.legal(self._screen_seat)

    def log(self) -> list[dict]:
        if self.notes:
            return self.match.log_with_notes(self._screen_seat, self.notes)
        return self.match.log(self._screen_seat)

    def pending_seats(self) -> list[int]:
        return self.match.to_act()

    # ---------------------------------------------------------------- timers ----
    @property
    def timer_s(self) -> float | None:
        """The game's seconds per moment (option ``timer_s``), or None: no timer."""
        return self.match.timer_seconds()

    def clocks(self) -> dict[int, float]:
        """Seconds left on each clock that runs now (public: whose time it is). In
        hot-seat at most one: the shown seat's, while its own view is on screen."""
        seat = self._clock_seat()
        if seat is None:
            return {}
        clock = self._clocks.get(seat)
        if clock is None or clock[0] != self.match.timer_key(seat):
            return {seat: float(self.timer_s or 0.0)}
        return {seat: max(0.0, clock[1])}

    def _clock_seat(self) -> int | None:
        """The seat whose clock may run now, or None (no timer, curtain, hold, menu …)."""
        if self.timer_s is None or self.match.over or self._hold is not None or self.curtain_down:
            return None
        seat = self._screen_seat
        if seat is None or not self.is_human(seat) or seat not in self.match.to_act():
            return None
        if self.table is not None and getattr(self.app.scenes, "top", None) is not self.table:
            return None  # a menu or the rules cover the table: nobody can act, time stands still
        return seat

    def _run_clock(self, dt: float) -> float | None:
        """Count the running clock down by ``dt``; at zero apply the timeout command
        (again while the same seat is awaited for the same thing). Returns the seconds
        until it runs out, or None when no clock runs."""
        for seat in [s for s in self._clocks if s not in self.match.to_act()]:
            del self._clocks[seat]  # no longer awaited: its next wait starts afresh
        seat = self._clock_seat()
        if seat is None:
            self._clock_ticking = None
            return None
        key = self.match.timer_key(seat)
        clock = self._clocks.get(seat)
        if clock is None or clock[0] != key:
            clock = self._clocks[seat] = [key, float(self.timer_s or 0.0)]
        elif self._clock_ticking == seat:
            clock[1] -= dt  # time passes only between two ticks that both ran this clock
        self._clock_ticking = seat
        for _ in range(64):
            if clock[1] > 0 or self._clock_seat() != seat or self.match.timer_key(seat) != key:
                break
            self.time_out(seat)
        seat = self._clock_seat()
        if seat is None or seat not in self._clocks:
            return None
        return max(0.0, self._clocks[seat][1])

    def time_out(self, seat: int) -> str | None:
        """The seat's time ran out: apply the rules' timeout command for it, with a note
        in the log. None when applied, else why not."""
        command = self.match.timeout_command(seat)
        if command is None:
            self._clocks.pop(seat, None)
            return "Nothing to do when the time runs out."
        note_sid = self.match.state_id + 1
        hand = self._hand(seat) if len(self.humans) > 1 else None
        problem = self._apply(seat, command, hand_before=hand)
        if problem is None:
            self.notes.append((note_sid, {"type": "timeout", "seat": seat}))
            self.revision += 1
            log.info("seat %d (%s): time ran out", seat, self.players[seat])
        else:
            self._clocks.pop(seat, None)
            log.error("timeout command %r for seat %d refused: %s", command, seat, problem)
        return problem

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < self.match.n and seat not in self.bots and seat not in self.absent

    def submit(self, command: dict) -> str | None:
        """Apply ``command`` for the seat behind the screen. None when applied, else a
        sentence for the player (the engine's message); the match is then unchanged."""
        seat = self._screen_seat
        if self._moment is not None:
            return "Click to go on."
        if seat is None:
            return "Nobody is at the table yet: choose who plays first."
        if self.curtain_down:
            return "Wait until the curtain is lifted."
        if self._hold is not None:
            return "Your turn is over: click to pass the screen on."
        return self._apply(seat, command, hand_before=self._hand(seat) if len(self.humans) > 1 else None, mover=True)

    def request_seat(self, seat: int) -> None:
        """A seat's button on the public banner: lower the curtain for that seat."""
        if not self.is_human(seat) or seat not in self.match.to_act():
            return
        if seat == self._screen_seat:
            return
        self._lower_curtain(seat)

    # ------------------------------------------------------------ the drawn cards ----
    @property
    def holding(self) -> bool:
        """True while a seat's own view is held on screen: the cards it drew, or what its
        move revealed to it alone (see the module docstring)."""
        return self._hold is not None

    def held_cards(self) -> list[str]:
        """The cards the held seat just drew (for the table to point them out)."""
        return list(self._hold.cards) if self._hold is not None else []

    def held_reveals(self) -> list[dict]:
        """The events (as the held seat's own log has them) that revealed something to
        that seat alone with its move (:data:`REVEAL_EVENTS`); [] when none is held."""
        return [dict(e) for e in self._hold.reveals] if self._hold is not None else []

    def release_hold(self) -> None:
        """The held seat has seen its cards (a click or key on the table, or the time ran
        out): the screen passes on as usual."""
        if self._hold is None:
            return
        self._hold = None
        self.revision += 1
        self._sync_screen()

    def _hand(self, seat: int) -> list[str]:
        """``seat``'s own hand as its view shows it: ``view["hand"]`` (Salem) or the
        seat's entry in ``view["players"]`` (Hammer, Witch Trial)."""
        view = self.match.view(seat)
        if isinstance(view.get("hand"), list):
            return [c for c in view["hand"] if isinstance(c, str)]
        for player in view.get("players") or []:
            if isinstance(player, dict) and player.get("seat") == seat:
                return list(player.get("hand") or [])
        return []

    def _start_hold(self, seat: int, before: list[str]) -> None:
        """Hold ``seat``'s view when its move drew cards and handed the play on."""
        if self.match.over or seat in self.match.to_act():
            return  # still this seat's turn: its cards stay on screen anyway
        drawn = [c for c in self._hand(seat) if c not in set(before)]
        if drawn and self.hold_seconds > 0:
            self._hold = _Hold(seat, drawn, self.hold_seconds)

    def _start_reveal(self, seat: int, since: int) -> None:
        """Hold ``seat``'s view when its own move (logged from state ``since`` on)
        revealed something to it alone; drawn cards held too stay lit."""
        kinds = REVEAL_EVENTS.get(self.game)
        if not kinds or self.match.over or not self.is_human(seat):  # the end shows all
            return
        reveals = [e for e in self.match.log(seat, since) if e.get("type") in kinds and e.get("seat") == seat]
        if not reveals:
            return
        if self._hold is not None and self._hold.seat == seat:
            self._hold.reveals, self._hold.left = reveals, float("inf")
        else:
            self._hold = _Hold(seat, [], float("inf"), reveals)

    # ---------------------------------------------------------- the public moment ----
    def public_moment(self) -> list[dict]:
        """The public events the whole table is shown now (see the module docstring);
        [] when there is no public moment on screen."""
        return list(self._moment or [])

    def release_public_moment(self) -> None:
        """Everyone has seen it (a click or key on the table): the screen passes on."""
        if self._moment is None:
            return
        self._moment = None
        self.revision += 1
        self._sync_screen()

    def _note_moments(self, since: int) -> None:
        """Remember the public-moment events of the commands from state ``since`` on."""
        wanted = PUBLIC_MOMENTS.get(self.game)
        if wanted is None or len(self.humans) <= 1:
            return
        for event in self.match.log(None, since):
            try:
                if wanted(event):
                    self._moment_pending.append(event)
            except Exception:  # a predicate must never stop the game
                log.exception("public-moment check failed for %r", event)

    def _leaves_screen(self) -> bool:
        """Whether the screen is about to leave the seat shown now (curtain or banner)."""
        seat = self._screen_seat
        if seat is None:
            return False
        blind = blind_window(self.match.view(None))
        if blind is not None and any(self.is_human(s) for s in blind["waiting"]):
            following = next(s for s in blind["order"] if s in blind["waiting"] and self.is_human(s))
            return following != seat
        pending = [s for s in self.match.to_act() if self.is_human(s)]
        window = self._window()
        in_window = window is not None and self._humans_left_in(window)
        if (in_window or len(pending) > 1) and seat not in pending:
            return True
        return len(pending) == 1 and pending[0] != seat

    # ------------------------------------------------------------ hot-seat extras ----
    def public_decision(self) -> tuple[int, list[dict]] | None:
        """A decision the whole table watches: the one seat to act is a human and every
        command it may send is public by the game's rules (the match class's
        ``public_commands``: Testimony's answer to an invitation, the start of its next
        game). It is taken on the shared screen, without a curtain: nothing private is
        shown for it. None when there is no such decision (or only one human plays)."""
        if self.match.over or len(self.humans) <= 1:
            return None
        public = getattr(type(self.match), "public_commands", ())
        pending = self.match.to_act()
        if not public or len(pending) != 1 or not self.is_human(pending[0]):
            return None
        legal = self.match.legal(pending[0])
        if not legal or any(c.get("type") not in public for c in legal):
            return None
        return pending[0], legal

    def submit_public(self, seat: int, command: dict) -> str | None:
        """Apply a public decision (:meth:`public_decision`) for ``seat`` from the shared screen."""
        decision = self.public_decision()
        if decision is None or decision[0] != seat:
            return "That is not a decision for the whole table now."
        if self.curtain_down:
            return "Wait until the curtain is lifted."
        return self._apply(seat, command)

    def talk_lines(self) -> list[dict]:
        """Table talk said at this table: ``{seat, name, text, sid, at}`` (``at``: how many
        log events there were when it was said), oldest first."""
        return list(self.talk)

    def say(self, text: str) -> str | None:
        """A public announcement (a claim) by the seat behind the screen. It carries no
        rules weight and is not an engine command; it is kept with the save."""
        seat = self._screen_seat
        if seat is None or self.curtain_down:
            return "Claims are made by the player behind the screen."
        line = " ".join(str(text).split())[:MAX_TALK_TEXT]
        if not line:
            return "Say something first."
        self.talk.append(
            {
                "seat": seat,
                "name": self.players[seat],
                "text": line,
                "sid": self.match.state_id,
                "at": len(self.match.log(None)),
            }
        )
        del self.talk[:-MAX_TALK]
        self.revision += 1
        self._autosave()
        return None

    def banner_seats(self) -> list[int]:
        """Human seats the public banner offers now: those that may act now, while nobody
        is behind the screen (see the module docstring)."""
        if self._screen_seat is not None or self.curtain_down or self.match.over or self._moment is not None:
            return []
        return [s for s in self.match.to_act() if self.is_human(s)]

    def can_pass_all(self) -> bool:
        """True when an answer window is open and the human seats asked now may pass."""
        seats = self.banner_seats()
        return bool(seats) and self._window() is not None and all(self._pass_command(s) is not None for s in seats)

    def no_answers(self) -> str | None:
        """The banner's "No answers": ``pass`` for every human seat in the open window,
        one by one through the engine (each autosaved); later human seats of the same
        window pass as their turn to answer comes, after any bot answered."""
        window = self._window()
        if window is None:
            return "There is nothing to answer now."
        self._auto_pass = _window_key(window)
        problem = self._run_auto_pass()
        self._sync_screen()
        return problem

    def _run_auto_pass(self) -> str | None:
        while self._auto_pass is not None and not self.match.over:
            window = self._window()
            if window is None or _window_key(window) != self._auto_pass:
                self._auto_pass = None
                return None
            humans = [s for s in self.match.to_act() if self.is_human(s)]
            if not humans:
                return None  # a bot answers first; we go on after its move
            seat = humans[0]
            command = self._pass_command(seat)
            if command is None:
                self._auto_pass = None
                return f"{self.players[seat]} cannot pass now."
            problem = self._apply(seat, command, sync=False)
            if problem:
                self._auto_pass = None
                return problem
        return None

    def _window(self) -> dict | None:
        """The open answer window from the public view (None when there is none)."""
        return public_window(self.match.view(None))

    def _pass_command(self, seat: int) -> dict | None:
        """The "I do not answer" command the rules offer ``seat`` now, if any."""
        legal = self.match.legal(seat)
        for command in PASS_COMMANDS:
            if command in legal:
                return command
        return None

    @property
    def curtain_down(self) -> bool:
        return self._curtain is not None

    @property
    def curtain_seat(self) -> int | None:
        return getattr(self._curtain, "seat", None) if self._curtain is not None else None

    def curtain_lifted(self, seat: int) -> None:
        """Called by the curtain scene when the named player clicked it away."""
        curtain = self._curtain
        self._curtain = None
        if curtain is not None:
            _remove_scene(self.app, curtain)
        self._screen_seat = seat
        self.revision += 1

    # ---------------------------------------------------------------- lifecycle ----
    def start(self, table: Scene | None = None) -> None:
        """Begin driving the table (bots, curtain). Call once the table scene is pushed."""
        self.table = table
        if not self._started:
            self._started = True
            self.app.add_task(self._tick)
        if self.match.over and self._over_clock is None:
            self._over_clock = 0.0
        self._sync_screen()

    def close(self) -> None:
        self._hold = None
        self._moment, self._moment_pending = None, []
        self._thinker = None  # a thought still running is dropped (its thread just ends)
        WRITER.flush()
        self.app.remove_task(self._tick)
        self._started = False
        if self._curtain is not None:
            _remove_scene(self.app, self._curtain)
            self._curtain = None

    # ----------------------------------------------------------------- internals ----
    def _apply(
        self, seat: int, command: dict, sync: bool = True, hand_before: list[str] | None = None, mover: bool = False
    ) -> str | None:
        """Apply ``command`` for ``seat``; ``hand_before`` (several humans) may start the
        drawn-cards hold, ``mover`` (a person's own move from the screen) a reveal hold."""
        # the engine logs the command's events under the state id it makes (one up), so
        # reading from there takes this command's events only, never the previous ones
        mark = self.match.state_id + 1
        try:
            self.match.apply(seat, command)
        except IllegalCommand as exc:
            return exc.message
        except Exception:  # an engine bug: the match is restored; say so, keep playing
            log.exception("engine error applying %r for seat %s", command, seat)
            return "That move could not be made (an internal error; it was logged)."
        self._note_moments(mark)
        if hand_before is not None:
            self._start_hold(seat, hand_before)
        if mover:
            self._start_reveal(seat, mark)
        self._after_apply(sync)
        return None

    def _after_apply(self, sync: bool = True) -> None:
        self.revision += 1
        self._autosave()
        self._bot_clock = 0.0
        if sync:
            if self._auto_pass is not None:
                self._run_auto_pass()
            self._sync_screen()
        if self.match.over and self._over_clock is None:
            self._over_clock = 0.0

    def _autosave(self) -> None:
        if self.save_path is None:
            return
        extra: dict[str, Any] = {"bots": sorted(self.bots), "summary": save_summary(self.match)}
        if self.ui_state:
            extra["ui"] = self.ui_state
        if self.talk:  # table talk, when there is any (Testimony's claims)
            extra["talk"] = list(self.talk)
        levels = bot_levels_of(self.bots)
        if levels:
            extra["bot_levels"] = {str(seat): level for seat, level in sorted(levels.items())}
        WRITER.save(self.match, self.save_path, extra)
        self.save_error = WRITER.errors.get(self.save_path)

    def flush(self) -> bool:
        """Wait until the latest autosave is on disk (tests, leaving the table)."""
        return WRITER.flush()

    def _sync_screen(self) -> None:
        """Decide who is behind the screen after a change (see the module docstring)."""
        if self._hold is not None or self._moment is not None:
            self.message = ""
            return  # the held seat / the public moment keeps the screen until released
        if self._moment_pending:
            moment, self._moment_pending = self._moment_pending, []
            if (
                len(self.humans) > 1
                and not self.match.over
                and (self._leaves_screen() or self.game in NEW_DEAL_MOMENTS)
            ):
                # the whole table sees it on the public screen before the curtain
                self._moment = moment
                self._screen_seat = None
                self.revision += 1
                self.message = ""
                return
        old = self._screen_seat
        if len(self.humans) <= 1:
            self._screen_seat = self.humans[0] if self.humans else None
        elif self.match.over or self.public_decision() is not None:
            # the end, or a decision the whole table watches: the shared screen
            self._screen_seat = None
            self._cancel_curtain()
        elif (blind := blind_window(self.match.view(None))) is not None and any(
            self.is_human(s) for s in blind["waiting"]
        ):
            # a blind window (Salem §5.0): seat by seat behind the curtain in the
            # window's order, whatever each seat's role, so nobody learns anything from
            # who is asked, in which order, or how many screens there are
            following = next(s for s in blind["order"] if s in blind["waiting"] and self.is_human(s))
            if self._screen_seat != following and self.curtain_seat != following:
                self._lower_curtain(following)
        else:
            pending = [s for s in self.match.to_act() if self.is_human(s)]
            window = self._window()
            in_window = window is not None and self._humans_left_in(window)
            if (in_window or len(pending) > 1) and self._screen_seat not in pending:
                # the public banner asks who sits down next
                self._screen_seat = None
                if self.curtain_seat is not None and self.curtain_seat not in pending:
                    self._cancel_curtain()
            elif len(pending) == 1 and self._screen_seat != pending[0]:
                # a different seat, or the public screen was up: always the curtain (D3)
                if self.curtain_seat != pending[0]:
                    self._lower_curtain(pending[0])
            elif self._screen_seat is not None and self._screen_seat not in self.match.to_act():
                # the shown seat has nothing to do and only bots play now: the public
                # table while they move, never this seat's hand (hiding needs no curtain)
                self._screen_seat = None
        if self._screen_seat != old:
            self.revision += 1
        bots_moving = [s for s in self.match.to_act() if s in self.bots]
        if bots_moving and not self.match.over and not self.bots_held():
            self.message = f"{self.players[bots_moving[0]]} (bot) is thinking…"
        else:
            self.message = ""

    def _humans_left_in(self, window: dict) -> bool:
        """Whether a human seat may still answer in ``window`` (now or later in its order)."""
        order = window.get("order")
        if isinstance(order, list):
            passed = window.get("passed") or []
            left = [s for s in order if s not in passed]
        else:
            left = self.match.to_act()
        return any(isinstance(s, int) and self.is_human(s) for s in left)

    def _lower_curtain(self, seat: int) -> None:
        # screen_seat goes to None FIRST: from now on no private view is handed out
        self._screen_seat = None
        self.revision += 1
        if self._curtain is not None:
            self._curtain.seat = seat  # type: ignore[attr-defined]
            self._curtain.dirty = True
            return
        from game.ui.scenes.curtain import CurtainScene

        self._curtain = CurtainScene(self.app, self, seat)
        self.app.scenes.push(self._curtain)

    def _cancel_curtain(self) -> None:
        if self._curtain is not None:
            curtain, self._curtain = self._curtain, None
            _remove_scene(self.app, curtain)

    def _tick(self, dt: float) -> float | None:
        """App task: stop when the table is gone; move bots; end a hold; show game over.
        Returns the seconds until the next of those is due (None: only an event can
        give it work), so the idle app sleeps until then."""
        if self.table is not None and self.table not in self.app.scenes.stack:
            self.close()
            return None
        if getattr(self.table, "keep_bots_waiting", False) is True:
            return None  # the table shows something everyone reads (Testimony's reveal)
        if self.match.over:
            if self._over_clock is not None and not self._over_done:
                self._over_clock += dt
                if self._over_clock >= self._over_pause():
                    self._over_done = True
                    self.on_game_over(self)
            return self._due()
        if self._moment is not None:
            self._clock_ticking = None
            return None  # bots wait while the table looks at the moment; a click ends it
        if self._hold is not None:
            self._clock_ticking = None
            self._hold.left -= dt
            if self._hold.left > 0:
                return self._due()  # bots wait while someone looks at the cards they drew
            self.release_hold()
            dt = 0.0
        if self.curtain_down:
            self._clock_ticking = None
            return None  # bots wait while the screen is being passed, so nobody misses a move
        clock = self._run_clock(dt)
        if self.match.over or self.curtain_down or self._hold is not None:
            return self._due()
        seats = [s for s in self.match.to_act() if s in self.bots]
        if not seats:
            self._bot_clock = 0.0
            self._thinker = None
            return _sooner(self._due(), clock)
        seat = seats[0]
        threaded = thinks_on_a_thread(self.bots[seat], self.match)
        if threaded:
            thinker = self._thinker
            if thinker is None or thinker.seat != seat or thinker.state_id != self.match.state_id:
                # think from now on, during the pause too (a stale thought is dropped)
                self._thinker = BotThinker(self.bots[seat], self.match, seat)
        self._bot_clock += dt
        if self._bot_clock >= self.bot_delay:
            if not threaded:
                self._bot_clock = 0.0
                self.bot_move(seat)
            elif self._thinker is not None and self._thinker.done.is_set():
                thinker, self._thinker = self._thinker, None
                self._bot_clock = 0.0
                self._play_thought(thinker)
            # else: still thinking; the table keeps drawing meanwhile
        return _sooner(self._due(), clock)

    def _over_pause(self) -> float:
        return min(GAME_OVER_PAUSE, 2.5 * self.bot_delay + 0.05)

    def _due(self) -> float | None:
        """Seconds until :meth:`_tick` has something to do without any input."""
        if self.match.over:
            if self._over_clock is not None and not self._over_done:
                return max(0.0, self._over_pause() - self._over_clock)
            return None
        if self._moment is not None:
            return None
        if self._hold is not None:
            left = self._hold.left
            return None if left == float("inf") else max(0.0, left)  # a reveal waits for a click
        if self.curtain_down or not any(s in self.bots for s in self.match.to_act()):
            return None
        left = max(0.0, self.bot_delay - self._bot_clock)
        thinker = self._thinker
        if thinker is not None and not thinker.done.is_set():
            return max(left, THINK_POLL)  # look again soon: the thought may be ready
        return left

    def thinking_seat(self) -> int | None:
        """The bot seat deciding now (its pause or its thinking), for the table's
        "thinking…" mark; None when no bot is about to move, and while the bots are
        held for the table (a public moment, Testimony's reveal being read)."""
        if self.match.over or self.curtain_down or self._hold is not None or self.bots_held():
            return None
        seats = [s for s in self.match.to_act() if s in self.bots]
        return seats[0] if seats else None

    def bots_held(self) -> bool:
        """The bots wait for the table: a public moment is on screen, or the table shows
        something everyone reads first (``table.keep_bots_waiting``, Testimony's reveal)."""
        return self._moment is not None or getattr(self.table, "keep_bots_waiting", False) is True

    def bot_move(self, seat: int) -> None:
        """One move for bot ``seat`` (lowest bot seat first, like ``play_bots``), thought
        out here and now (the app's task thinks on a worker thread instead)."""
        legal = self.match.legal(seat)
        if not legal:
            return
        try:
            command = self.bots[seat].choose(self.match.view(seat), legal, SeatModel(self.match, seat))
        except Exception:
            log.exception("bot for seat %s failed to choose; taking the first legal command", seat)
            command = legal[0]
        self._play(seat, command, legal)

    def _play_thought(self, thinker: BotThinker) -> None:
        if thinker.error is not None:
            log.error(
                "bot for seat %s failed to choose; taking the first legal command", thinker.seat, exc_info=thinker.error
            )
        command = thinker.command if thinker.command is not None else thinker.legal[0]
        self._play(thinker.seat, command, thinker.legal)

    def _play(self, seat: int, command: dict, legal: list[dict]) -> None:
        if self._apply(seat, command) is not None and command != legal[0]:
            log.warning("bot command %r refused; taking the first legal command", command)
            self._apply(seat, legal[0])


def _trial_ends(event: dict) -> bool:
    """Witch Trial (W4): a trial's end — the verdict, a mistrial, an accepted plea."""
    kind = event.get("type")
    return kind in ("verdict", "mistrial") or (kind == "plea" and bool(event.get("accepted")))


def _game_ends(event: dict) -> bool:
    """Testimony: a game of the match ends (its reveal follows, then the next deal)."""
    return event.get("type") == "game_end"


#: game -> which public events deserve a public moment before the screen passes on
PUBLIC_MOMENTS: dict[str, Callable[[dict], bool]] = {"witch_trial": _trial_ends, "testimony": _game_ends}

#: games whose public moment is followed by a new deal (Testimony's next game gives every
#: seat a new Character): the moment takes the screen even when the seat shown would play
#: on or only bots act next, so the table that read the result never sees anyone's new
#: hand; the next private view comes through the curtain (DESIGN D3)
NEW_DEAL_MOMENTS: set[str] = {"testimony"}

#: game -> event types that reveal something to the mover alone and stay nowhere on the
#: table (the seat's own log has the secret): the mover's view is held until a click so
#: it is seen before the screen passes on (Salem's ghost peek, docs/rules/salem.md)
REVEAL_EVENTS: dict[str, frozenset[str]] = {"salem": frozenset({"ghost_peek"})}


def _sooner(a: float | None, b: float | None) -> float | None:
    """The sooner of two "seconds until due" (None = never)."""
    if a is None:
        return b
    return a if b is None else min(a, b)


#: commands that mean "no answer" in an answer window (Hammer: pass; Witch Trial: no objection)
PASS_COMMANDS: tuple[dict, ...] = ({"type": "pass"}, {"type": "no_objection"})


def public_window(view: dict) -> dict | None:
    """An answer window in a public view, as ``{kind, card, by, order, passed}``:
    Hammer's ``window`` (hammer.md H11) or Witch Trial's Motion awaiting an Objection
    (witch_trial.md W4), which only the opposing lawyer may answer."""
    window = view.get("window")
    if isinstance(window, dict) and window:
        return window
    trial = view.get("trial")
    motion = trial.get("motion") if isinstance(trial, dict) else None
    if isinstance(motion, dict) and motion:
        return {
            "kind": "objection",
            "card": motion.get("card"),
            "by": motion.get("by"),
            "order": [motion.get("awaiting")],
            "passed": [],
        }
    return None


def blind_window(view: dict) -> dict | None:
    """A window every seat answers once, one seat after the other in ``order`` (Salem's
    Dawn, Night, Gavel, confessions and Conspiracy picks), as ``{name, order, waiting}``
    from a public view; None when there is none. Hot-seat takes these seat by seat
    behind the curtain instead of offering a banner."""
    pending = view.get("pending")
    if isinstance(pending, dict) and pending.get("kind") == "window" and isinstance(pending.get("order"), list):
        return {
            "name": pending.get("window"),
            "order": list(pending["order"]),
            "waiting": list(pending.get("waiting") or []),
        }
    return None


def _window_key(window: dict) -> tuple:
    """What identifies one answer window (so "No answers" does not leak into the next)."""
    return (window.get("kind"), window.get("card"), window.get("by"), str(window.get("order")))


class _SessionClasses(Mapping):
    """game id -> the session class (or ``"module:Class"``) its table spec names, for the
    games with their own (``TableSpec.session``, ``game.ui.tables``)."""

    def _named(self) -> dict[str, Any]:
        return {g: spec.session for g, spec in table_specs().items() if spec.session is not None}

    def __getitem__(self, game: str) -> Any:
        return self._named()[game]

    def __iter__(self) -> Iterator[str]:
        return iter(self._named())

    def __len__(self) -> int:
        return len(self._named())


#: game id -> the HotseatSession subclass that game's table needs, read from its table
#: spec (a story game plays at a public table and goes behind the curtain only for
#: private input)
SESSION_CLASSES: Mapping[str, Any] = _SessionClasses()


def session_class(game: str) -> type[HotseatSession]:
    """The hot-seat session class for ``game`` (HotseatSession unless its table spec
    names its own)."""
    spec = table_spec(game)
    klass = spec.session_class() if spec is not None else None
    return klass if klass is not None else HotseatSession


def save_ui_state(session: Any) -> None:
    """Save ``session.ui_state`` now (a table changed its arrangement, no command)."""
    autosave = getattr(session, "_autosave", None)
    if autosave is not None:
        autosave()


def _remove_scene(app: App, scene: Any) -> None:
    """Take ``scene`` off the stack wherever it is (normally the top)."""
    stack = app.scenes.stack
    if stack and stack[-1] is scene:
        app.scenes.pop()
    elif scene in stack:
        stack.remove(scene)
        scene.exit()
        for s in app.scenes.visible():
            s.dirty = True


def _show_game_over(session: HotseatSession) -> None:
    from game.ui.scenes.game_over import GameOverScene

    session.app.scenes.push(GameOverScene(session.app, session))


def open_table(app: App, session: HotseatSession, *, base: Scene | None = None) -> Scene:
    """Put the game's table scene on the stack (above ``base``, e.g. the main menu,
    when given) and start the session. Raises KeyError for a game without a table."""
    from game.ui.tables import load_tables

    factory = load_tables()[session.game]
    table = factory(app, session)
    if base is not None:
        app.scenes.reset(base)
        app.scenes.push(table)
    else:
        app.scenes.push(table)
    session.start(table)
    return table
