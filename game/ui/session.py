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

The hot-seat session in parts (package ``game.ui.hotseat``)
-----------------------------------------------------------
:class:`HotseatSession` is the only object that touches the Match for the hot-seat UI. It
applies commands and hands the facts to its parts, each with one job:

* **Who is behind the screen** — :class:`~game.ui.hotseat.screen_policy.ScreenPolicy`
  (DESIGN D3; its docstring holds the table of states and transitions). After every
  applied command (and every click that ends a hold or a public moment) the session tells
  it what the table waits for now (a :class:`~game.ui.hotseat.screen_policy.Table` read
  from the public view), then draws ``view(screen_seat)`` and puts the curtain scene up or
  down to match. ``screen_seat`` changes before anything is drawn, so no private
  information is ever drawn for the wrong seat, not even for a frame. In short: one person
  at the table keeps their own view (no curtain ever); several people: a seat's view is up
  only while it has something to do; an answer window (:func:`public_window`) or several
  people acting at once (the setup) shows the public banner (``banner_seats()``, "No
  answers" from ``can_pass_all()``), one person to act gets the curtain, a blind window
  (:func:`blind_window`, Salem's secret steps) goes seat by seat behind the curtain, and
  while only bots act the public table shows their moves.
  The *hold*: a person's own move that drew cards and ended their part keeps their view
  for ``hold_seconds`` or until a click or key (:meth:`release_hold`), so the cards drawn
  are seen; a move that revealed something to its mover alone (the game's
  ``private_reveals``: Salem's ghost peek) holds until a click (:meth:`held_reveals`).
  The *public moment*: the game's ``public_moments`` (Witch Trial's verdict) are shown to
  the whole table on the public screen before the screen passes on, until a click
  (:meth:`release_public_moment`); a game with ``deal_after_moment`` (Testimony's next game)
  always shows them. Bots wait during a hold, a moment and while the curtain is down.
* **Bots** — :class:`~game.ui.hotseat.bots.BotPacer` over the LAN host's
  :class:`game.bots.thinker.BotTurns`: one move per ``bot_delay`` seconds, searching bots
  thinking on a worker thread meanwhile; ``thinking_seat()`` names the bot deciding now.
  Each bot seat has a level (easy / normal / hard), saved with the game.
* **Timers** — :class:`~game.ui.hotseat.timers.TurnClocks` (a game's option ``timer_s``;
  DESIGN D2 "Timers"): a seat's clock runs only while its own view is on screen and the
  table is the scene on top — never behind the curtain, during someone else's hold or under
  a menu. At zero the session applies the engine's ``timeout_command`` and notes
  ``{"type": "timeout", "seat": s}`` in the log (:meth:`log`). ``clocks()`` tells the table
  which clock runs (public).
* **Autosave** — :mod:`game.ui.hotseat.autosave`: after every applied command the match is
  saved by the app's background :class:`game.saves.AutosaveWriter`.
* **"No answers"** — :class:`~game.ui.hotseat.windows.NoAnswers`: the game's pass command
  for the person asked now and, as the window goes round, for every later person in it
  (bots still answer for themselves).
* **Table talk** — :mod:`game.ui.hotseat.talk` (Testimony's claims), kept with the save.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game.bots import LEVEL_NAMES, Bot, SeatModel
from game.bots.thinker import BotThinker
from game.engine import IllegalCommand, Match, new_match
from game.engine.registry import GameInfo, game_info
from game.saves import load_save, new_save_path
from game.ui.hotseat import talk as table_talk
from game.ui.hotseat.autosave import WRITER, save_extra, save_summary
from game.ui.hotseat.bots import THINK_POLL, BotPacer, bot_levels_of, make_bots, thinks_on_a_thread
from game.ui.hotseat.facts import TableFacts, public_decision
from game.ui.hotseat.screen_policy import Hold, Screen, ScreenPolicy, Table
from game.ui.hotseat.talk import MAX_TALK, MAX_TALK_TEXT
from game.ui.hotseat.timers import EndPause, TurnClocks
from game.ui.hotseat.windows import NoAnswers, blind_window, pass_command, public_window
from game.ui.tables import load_tables, table_spec, table_specs

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene

log = logging.getLogger(__name__)

__all__ = [
    "DEFAULT_BOT_DELAY",
    "GAME_OVER_PAUSE",
    "HOLD_SECONDS",
    "MAX_TALK",
    "MAX_TALK_TEXT",
    "THINK_POLL",
    "WRITER",
    "HotseatSession",
    "TableSource",
    "blind_window",
    "bot_levels_of",
    "make_bots",
    "open_table",
    "public_window",
    "save_summary",
    "save_ui_state",
    "session_class",
    "thinks_on_a_thread",
]

DEFAULT_BOT_DELAY = 0.6
#: seconds the drawn cards stay on screen before the curtain, at normal animation speed
HOLD_SECONDS = 3.0
#: seconds the final position stays on screen before the game-over scene appears
GAME_OVER_PAUSE = 1.5


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


def _info(match: Match) -> GameInfo:
    """The game's facts; a game registered without them (a test's toy) has none to offer."""
    try:
        return game_info(match.game_id)
    except KeyError:
        return GameInfo(match=type(match))


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
        self.info = _info(match)
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
        #: who is behind the screen (DESIGN D3)
        self.screen = ScreenPolicy(self.humans, deal_after_moment=self.info.deal_after_moment)
        self._curtain: Scene | None = None  # the curtain scene shown for screen.curtain_seat
        self._shown = self.screen.snapshot()  # what the table was last told to draw
        self._no_answers = NoAnswers(self.info)
        #: what the screen policy is told of the match
        self.facts = TableFacts(match, self.info, self.humans, self.is_human)
        self._turn_clocks = TurnClocks()
        self._pacer = BotPacer()
        #: the look at the final position before the game-over screen
        self._end = EndPause()
        self._started = False
        #: table talk: public announcements (claims) in this session, saved with the game
        self.talk: list[dict] = []
        #: the session's own notes in the log, as (state id of the command, event): timeouts
        self.notes: list[tuple[int, dict]] = []

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
        session.talk = table_talk.restore(extra.get("talk"))
        return session

    # ---------------------------------------------------------- TableSource API ----
    @property
    def screen_seat(self) -> int | None:
        return self.screen.screen_seat

    @property
    def _screen_seat(self) -> int | None:
        return self.screen.screen_seat

    @_screen_seat.setter
    def _screen_seat(self, seat: int | None) -> None:
        """Put a seat's view (None: the public table) up as it is: tests and tools only."""
        self.screen.show(seat)
        self._show()

    def view(self) -> dict:
        return self.match.view(self.screen_seat)

    def legal(self) -> list[dict]:
        seat = self.screen_seat
        return [] if seat is None else self.match.legal(seat)

    def log(self) -> list[dict]:
        if self.notes:
            return self.match.log_with_notes(self.screen_seat, self.notes)
        return self.match.log(self.screen_seat)

    def pending_seats(self) -> list[int]:
        return self.match.to_act()

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < self.match.n and seat not in self.bots and seat not in self.absent

    def submit(self, command: dict) -> str | None:
        """Apply ``command`` for the seat behind the screen. None when applied, else a
        sentence for the player (the engine's message); the match is then unchanged."""
        seat = self.screen_seat
        if self.screen.state is Screen.MOMENT:
            return "Click to go on."
        if seat is None:
            return "Nobody is at the table yet: choose who plays first."
        if self.curtain_down:
            return "Wait until the curtain is lifted."
        if self.holding:
            return "Your turn is over: click to pass the screen on."
        return self._apply(
            seat, command, hand_before=self.facts.hand(seat) if len(self.humans) > 1 else None, mover=True
        )

    def request_seat(self, seat: int) -> None:
        """A seat's button on the public banner: lower the curtain for that seat."""
        if self.is_human(seat) and self.screen.request(seat, self._table()):
            self._show()

    # ---------------------------------------------------------------- timers ----
    @property
    def timer_s(self) -> float | None:
        """The game's seconds per moment (option ``timer_s``), or None: no timer."""
        return self.match.timer_seconds()

    @property
    def _clocks(self) -> dict[int, list]:
        return self._turn_clocks.clocks

    def clocks(self) -> dict[int, float]:
        """Seconds left on each clock that runs now (public: whose time it is). In
        hot-seat at most one: the shown seat's, while its own view is on screen."""
        seat = self._clock_seat()
        if seat is None:
            return {}
        return {seat: self._turn_clocks.left(seat, self.match.timer_key(seat), float(self.timer_s or 0.0))}

    def _clock_seat(self) -> int | None:
        """The seat whose clock may run now, or None (no timer, curtain, hold, menu …)."""
        if self.timer_s is None or self.match.over or self.screen.state is not Screen.PRIVATE:
            return None
        seat = self.screen_seat
        if seat is None or not self.is_human(seat) or seat not in self.match.to_act():
            return None
        if self.table is not None and getattr(self.app.scenes, "top", None) is not self.table:
            return None  # a menu or the rules cover the table: nobody can act, time stands still
        return seat

    def _run_clock(self, dt: float) -> float | None:
        """Count the running clock down by ``dt`` (see :meth:`TurnClocks.tick`)."""
        return self._turn_clocks.tick(self.match, self._clock_seat, dt, self.time_out)

    def time_out(self, seat: int) -> str | None:
        """The seat's time ran out: apply the rules' timeout command for it, with a note
        in the log. None when applied, else why not."""
        command = self.match.timeout_command(seat)
        if command is None:
            self._turn_clocks.drop(seat)
            return "Nothing to do when the time runs out."
        note_sid = self.match.state_id + 1
        hand = self.facts.hand(seat) if len(self.humans) > 1 else None
        problem = self._apply(seat, command, hand_before=hand)
        if problem is None:
            self.notes.append((note_sid, {"type": "timeout", "seat": seat}))
            self.revision += 1
            log.info("seat %d (%s): time ran out", seat, self.players[seat])
        else:
            self._turn_clocks.drop(seat)
            log.error("timeout command %r for seat %d refused: %s", command, seat, problem)
        return problem

    # ------------------------------------------------- the hold and the moment ----
    @property
    def holding(self) -> bool:
        """True while a seat's own view is held on screen: the cards it drew, or what its
        move revealed to it alone (see the module docstring)."""
        return self.screen.hold is not None

    @property
    def _hold(self) -> Hold | None:
        return self.screen.hold

    def held_cards(self) -> list[str]:
        """The cards the held seat just drew (for the table to point them out)."""
        hold = self.screen.hold
        return list(hold.cards) if hold is not None else []

    def held_reveals(self) -> list[dict]:
        """The events (as the held seat's own log has them) that revealed something to
        that seat alone with its move (the game's ``private_reveals``); [] when none is held."""
        hold = self.screen.hold
        return [dict(e) for e in hold.reveals] if hold is not None else []

    def release_hold(self) -> None:
        """The held seat has seen its cards (a click or key on the table, or the time ran
        out): the screen passes on as usual."""
        if self.screen.release_hold(self._table()):
            self._show()

    def public_moment(self) -> list[dict]:
        """The public events the whole table is shown now (see the module docstring);
        [] when there is no public moment on screen."""
        return list(self.screen.moment or [])

    def release_public_moment(self) -> None:
        """Everyone has seen it (a click or key on the table): the screen passes on."""
        if self.screen.release_moment(self._table()):
            self._show()

    def _note_own_move(self, seat: int, since: int, hand_before: list[str] | None, mover: bool) -> None:
        """Tell the screen what a command from state ``since`` on showed: public moments
        for everyone; to a person's own move, the cards it drew (``hand_before``: several
        people) and what it revealed to that person alone (``mover``)."""
        if len(self.humans) > 1:
            self.screen.moments(self.facts.moments(since))
        if hand_before is not None:
            self.screen.hold_cards(seat, self.facts.drawn(seat, hand_before), self.hold_seconds)
        if mover:
            self.screen.reveal(seat, self.facts.reveals(seat, since))

    # ------------------------------------------------------------ hot-seat extras ----
    def public_decision(self) -> tuple[int, list[dict]] | None:
        """A decision the whole table watches, taken on the shared screen without a
        curtain (:func:`game.ui.hotseat.facts.public_decision`), or None."""
        return public_decision(self.match, len(self.humans), self.is_human)

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
        seat = self.screen_seat
        if seat is None or self.curtain_down:
            return "Claims are made by the player behind the screen."
        problem = table_talk.add_line(
            self.talk, seat, self.players[seat], text, self.match.state_id, len(self.match.log(None))
        )
        if problem is None:
            self.revision += 1
            self._autosave()
        return problem

    def banner_seats(self) -> list[int]:
        """Human seats the public banner offers now: those that may act now, while nobody
        is behind the screen (see the module docstring)."""
        if self.screen.state is not Screen.PUBLIC or self.match.over:
            return []
        return [s for s in self.match.to_act() if self.is_human(s)]

    def can_pass_all(self) -> bool:
        """True when an answer window is open and the human seats asked now may pass."""
        seats = self.banner_seats()
        return (
            bool(seats)
            and self._window() is not None
            and all(pass_command(self.info, self.match.legal(s)) is not None for s in seats)
        )

    def no_answers(self) -> str | None:
        """The banner's "No answers": the pass command for every human seat in the open
        window, one by one through the engine (each autosaved); later human seats of the
        same window pass as their turn to answer comes, after any bot answered."""
        window = self._window()
        if window is None:
            return "There is nothing to answer now."
        self._no_answers.start(window)
        problem = self._no_answers.run(self.match, self.is_human, lambda s, c: self._apply(s, c, sync=False))
        self._sync_screen()
        return problem

    def _window(self) -> dict | None:
        """The open answer window from the public view (None when there is none)."""
        return public_window(self.match.view(None))

    # ---------------------------------------------------------------- the curtain ----
    @property
    def curtain_down(self) -> bool:
        return self.screen.state is Screen.CURTAIN

    @property
    def curtain_seat(self) -> int | None:
        return self.screen.curtain_seat

    def curtain_lifted(self, seat: int) -> None:
        """Called by the curtain scene when the named player clicked it away."""
        self.screen.lifted(seat)
        self._show()

    def _lower_curtain(self, seat: int) -> None:
        """The curtain for ``seat`` now, whatever is on screen (tests and tools)."""
        self.screen.lower(seat)
        self._show()

    def _show(self) -> None:
        """Make the curtain scene follow the screen policy: pushed for its seat, renamed,
        or taken away. ``screen_seat`` already changed, so nothing private is drawn."""
        snapshot = self.screen.snapshot()
        if snapshot != self._shown:
            self._shown = snapshot
            self.revision += 1
        seat = self.screen.curtain_seat
        if seat is None:
            if self._curtain is not None:
                curtain, self._curtain = self._curtain, None
                _remove_scene(self.app, curtain)
            return
        if self._curtain is not None:
            if getattr(self._curtain, "seat", None) != seat:
                self._curtain.seat = seat  # type: ignore[attr-defined]
                self._curtain.dirty = True
            return
        self._curtain = self.app.scenes.make("curtain", session=self, seat=seat)
        self.app.scenes.push(self._curtain)

    # ---------------------------------------------------------------- lifecycle ----
    def start(self, table: Scene | None = None) -> None:
        """Begin driving the table (bots, curtain). Call once the table scene is pushed."""
        self.table = table
        if not self._started:
            self._started = True
            self.app.add_task(self._tick)
        if self.match.over:
            self._end.start()
        self._sync_screen()

    def close(self) -> None:
        self.screen.close()
        self._pacer.forget()  # a thought still running is dropped (its thread just ends)
        WRITER.flush()
        self.app.remove_task(self._tick)
        self._started = False
        self._show()

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
        self._note_own_move(seat, mark, hand_before, mover)
        self.revision += 1
        self._autosave()
        self._pacer.reset()
        if sync:
            if self._no_answers.key is not None:
                self._no_answers.run(self.match, self.is_human, lambda s, c: self._apply(s, c, sync=False))
            self._sync_screen()
        if self.match.over:
            self._end.start()
        return None

    def _autosave(self) -> None:
        if self.save_path is None:
            return
        WRITER.save(self.match, self.save_path, save_extra(self.match, self.bots, self.ui_state, self.talk))
        self.save_error = WRITER.errors.get(self.save_path)

    def flush(self) -> bool:
        """Wait until the latest autosave is on disk (tests, leaving the table)."""
        return WRITER.flush()

    def _table(self) -> Table:
        """What the table waits for now, from public facts (for the screen policy)."""
        return self.facts.table()

    def _sync_screen(self) -> None:
        """Decide who is behind the screen after a change (see the module docstring)."""
        self.screen.decide(self._table())
        self._show()
        self.message = self._thinking_message()

    def _thinking_message(self) -> str:
        if self.screen.state in (Screen.HOLD, Screen.MOMENT):
            return ""
        bots_moving = [s for s in self.match.to_act() if s in self.bots]
        if bots_moving and not self.match.over and not self.bots_held():
            return f"{self.players[bots_moving[0]]} (bot) is thinking…"
        return ""

    # --------------------------------------------------------------------- bots ----
    @property
    def _thinker(self) -> BotThinker | None:
        return self._pacer.thinker

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
            if self._end.tick(dt, self._over_pause()):
                self.on_game_over(self)
            return self._due()
        state = self.screen.state
        if state is Screen.MOMENT or state is Screen.CURTAIN:
            self._turn_clocks.pause()
            return None  # bots wait while the table reads the moment / the screen is passed
        if state is Screen.HOLD:
            self._turn_clocks.pause()
            if not self.screen.count_down(dt):
                return self._due()  # bots wait while someone looks at what they drew
            self.release_hold()
            dt = 0.0
        clock = self._run_clock(dt)
        if self.match.over or self.screen.state in (Screen.CURTAIN, Screen.HOLD, Screen.MOMENT):
            return self._due()
        thought = self._pacer.step(self.match, self.bots, dt, self.bot_delay)
        if thought is not None:
            self._play_thought(thought)
        return _sooner(self._due(), clock)

    def _over_pause(self) -> float:
        return min(GAME_OVER_PAUSE, 2.5 * self.bot_delay + 0.05)

    def _due(self) -> float | None:
        """Seconds until :meth:`_tick` has something to do without any input."""
        if self.match.over:
            return self._end.due(self._over_pause())
        state = self.screen.state
        if state is Screen.MOMENT:
            return None
        if state is Screen.HOLD:
            left = self.screen.hold.left if self.screen.hold is not None else 0.0
            return None if left == float("inf") else max(0.0, left)  # a reveal waits for a click
        if state is Screen.CURTAIN or not any(s in self.bots for s in self.match.to_act()):
            return None
        return self._pacer.due(self.bot_delay)

    def thinking_seat(self) -> int | None:
        """The bot seat deciding now (its pause or its thinking), for the table's
        "thinking…" mark; None when no bot is about to move, and while the bots are
        held for the table (a public moment, Testimony's reveal being read)."""
        if self.match.over or self.curtain_down or self.holding or self.bots_held():
            return None
        seats = [s for s in self.match.to_act() if s in self.bots]
        return seats[0] if seats else None

    def bots_held(self) -> bool:
        """The bots wait for the table: a public moment is on screen, or the table shows
        something everyone reads first (``table.keep_bots_waiting``, Testimony's reveal)."""
        return self.screen.state is Screen.MOMENT or getattr(self.table, "keep_bots_waiting", False) is True

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
        command = thinker.choice()
        if command is not None:
            self._play(thinker.seat, command, thinker.legal)

    def _play(self, seat: int, command: dict, legal: list[dict]) -> None:
        if self._apply(seat, command) is not None and command != legal[0]:
            log.warning("bot command %r refused; taking the first legal command", command)
            self._apply(seat, legal[0])


def _sooner(a: float | None, b: float | None) -> float | None:
    """The sooner of two "seconds until due" (None = never)."""
    if a is None:
        return b
    return a if b is None else min(a, b)


def save_ui_state(session: Any) -> None:
    """Save ``session.ui_state`` now (a table changed its arrangement, no command)."""
    autosave = getattr(session, "_autosave", None)
    if autosave is not None:
        autosave()


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


def _remove_scene(app: App, scene: Any) -> None:
    """Take ``scene`` off the stack wherever it is (normally the top)."""
    app.scenes.remove(scene)


def _show_game_over(session: HotseatSession) -> None:
    session.app.scenes.push("game_over", session=session)


def open_table(app: App, session: HotseatSession, *, base: Scene | None = None) -> Scene:
    """Put the game's table scene on the stack (above ``base``, e.g. the main menu,
    when given) and start the session. Raises KeyError for a game without a table."""
    factory = load_tables()[session.game]
    table = factory(app, session)
    if base is not None:
        app.scenes.reset(base)
        app.scenes.push(table)
    else:
        app.scenes.push(table)
    session.start(table)
    return table
