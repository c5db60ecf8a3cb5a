"""LAN play on the desktop: :class:`LanSession`, the TableSource (``game.ui.session``) of a
networked table, the "host is not answering" question and the LAN game-over scene (see
the package docstring)."""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.registry import GAMES_INFO
from game.net import protocol as proto
from game.net.client import CONNECTED, LOST, RECONNECTING, Client
from game.ui import theme
from game.ui.input import InputEvent
from game.ui.scene import Scene, register_scene
from game.ui.scenes.final_table import FinalTableLook
from game.ui.scenes.menu_base import MenuBase
from game.ui.tables import load_tables
from game.ui.widgets import Button, Label, Widget, colour, draw_panel, draw_text
from game.ui.wording import listed

if TYPE_CHECKING:
    from game.net.host import Host
    from game.ui.app import App

log = logging.getLogger(__name__)

SUBMIT_WAIT = 1.0
GAME_OVER_PAUSE = 1.5
#: chat lines a LAN table keeps (the oldest go first)
MAX_TALK = 300
#: seconds of "reconnecting" before the table asks "Keep waiting / Leave to menu"
HOST_GONE_AFTER = 25.0
#: after "Keep waiting", the question comes back after this long (the client keeps trying)
HOST_GONE_AGAIN = 60.0
WAKE_EVENT = pygame.USEREVENT + 7


def _wake_ui() -> None:
    """Called on the network thread: wake the app loop idling in ``event.wait``."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(WAKE_EVENT))


def host_bind_address() -> str:
    """Where the desktop host listens: the sandbox address, else every interface."""
    return os.environ.get("WITCHHUNT_DISCOVERY_ADDR", "").strip()


def new_client() -> Client:
    """A client for the desktop: it never gives up reconnecting by itself (the table asks
    the player instead, :class:`HostGoneScene`)."""
    return Client(notify=_wake_ui, give_up_after=math.inf)


# ------------------------------------------------------------------ the table source ----
def few(names: list[str]) -> str:
    """Names in a sentence, the first two and a count past three: "Ann, Bob and 9 others"."""
    if len(names) <= 3:
        return listed(names)
    return f"{names[0]}, {names[1]} and {len(names) - 2} others"


class LanSession:
    """A networked table for the table scenes (the TableSource contract of
    ``game.ui.session``), fed by a :class:`Client`; optionally owns the local ``host``.

    ``screen_seat`` is our own seat for the whole game (``None``: spectator), so there
    is never a curtain; ``view()`` / ``legal()`` / ``log()`` are exactly what the host
    sent us. ``message`` carries the connection indicator for the table's status line.

    When the host stops answering the client keeps reconnecting (with our token) for as
    long as the table is open; after ``host_gone_after`` seconds the table asks "Keep
    waiting / Leave to menu" (:class:`HostGoneScene`, again ``host_gone_again`` seconds
    after each "Keep waiting"), and closes that question by itself once we are back.
    """

    def __init__(self, app: App, client: Client, host: Host | None = None, tokens: Any = None) -> None:
        self.app = app
        self.client = client
        self.host = host
        #: where our seat token is kept once welcomed (game.net.tokens.TokenStore), or None
        self.tokens = tokens
        self.game: str = client.game or (client.welcome or {}).get("game") or ""
        self.players: list[str] = []
        self.bots: set[int] = set()
        #: seats nobody plays (Salem's ghosts): neither people nor bots, never away
        self.absent: set[int] = set()
        self.revision = 0
        self.message = ""
        self.status = client.status
        self.table: Scene | None = None
        self.error: str | None = None  # why joining failed (shown by the lobby)
        self.notices: list[str] = []  # every toast shown on the table (tests read it)
        self.on_game_over: Callable[[LanSession], None] = _show_game_over
        self.notice = ""  # away_notice(), as the table shows it
        self._lobby_seen: dict | None = None  # the lobby the countdown started from …
        self._lobby_at = 0.0  # … and when it arrived
        self._waiting: list[int] = []  # away seats a stand-in has not taken yet
        self._away_seen: set[int] = set()  # seats away at the last look (back_again)
        self._task_on = False
        self._over_clock: float | None = None
        self._over_done = False
        #: chat lines heard at this table: {seat, name, text, at} (``at``: log events then)
        self.talk: list[dict] = []
        # the player decides when to stop waiting for a host that went away
        client.give_up_after = math.inf
        self.host_gone_after = HOST_GONE_AFTER
        self.host_gone_again = HOST_GONE_AGAIN
        self._lost_at: float | None = None  # when the connection dropped (monotonic)
        self._ask_at: float | None = None  # when to ask whether to keep waiting
        self.host_gone = False  # asked already (the lobby says it too)
        self._lost_asked = False
        self.dialog: HostGoneScene | None = None
        #: what our own move revealed to us alone (the game's private_reveals: Salem's ghost
        #: peek), shown by the table until a click or key — as in hot-seat, without a curtain
        self._reveals: list[dict] = []
        self._events_seen: int | None = None  # log events looked at (None: not since a welcome)

    # lifecycle ---------------------------------------------------------------------
    def start(self, table: Scene | None = None) -> None:
        """Begin polling the client (idempotent); ``table`` once the table is on the stack."""
        if table is not None:
            self.table = table
        if not self._task_on:
            self._task_on = True
            self.app.add_task(self.pump)

    def close(self) -> None:
        """Leave the table: disconnect, and stop our own host if we run one."""
        if self._task_on:
            self.app.remove_task(self.pump)
            self._task_on = False
        self.client.close()
        if self.host is not None:
            self.host.stop()

    # TableSource -------------------------------------------------------------------
    @property
    def screen_seat(self) -> int | None:
        return self.client.seat

    #: each person plays on a screen of their own: no curtain, nothing passed around
    own_screens = True

    @property
    def watching(self) -> bool:
        """Do we watch the table rather than play at it (a spectator: no seat, no hand)?"""
        return self.client.seat is None

    def view(self) -> dict:
        view = self.client.view
        if view is None:
            return {"game": self.game, "state_id": 0, "to_act": [], "over": False, "seat": self.client.seat}
        return view

    def legal(self) -> list[dict]:
        return list(self.client.legal) if self.client.seat is not None else []

    def log(self) -> list[dict]:
        return list(self.client.events)

    def pending_seats(self) -> list[int]:
        return list(self.view().get("to_act") or [])

    def is_human(self, seat: int) -> bool:
        return seat not in self.bots and seat not in self.absent

    @property
    def timer_s(self) -> float | None:
        """A timed game's seconds per moment (the host's ``clocks``), else None."""
        return self.client.timer_s

    def clocks(self) -> dict[int, float]:
        """Seconds left on each awaited seat's clock (public), from the host's last update."""
        return self.client.clocks() if self.client.timer_s else {}

    def request_seat(self, seat: int) -> None:
        """Nothing to do on a LAN table: every player has their own screen."""

    def banner_seats(self) -> list[int]:
        return []  # no hot-seat banner: each seat answers on its own screen

    def can_pass_all(self) -> bool:
        return False

    def no_answers(self) -> str | None:
        return "Each player answers on their own screen."

    def talk_lines(self) -> list[dict]:
        """Chat heard at this table since we joined, oldest first."""
        return list(self.talk)

    def say(self, text: str) -> str | None:
        """Send a chat line to the table (the host shows it to everyone with our seat)."""
        if self.client.status != CONNECTED:
            return "Not connected to the host right now; reconnecting…"
        line = " ".join(str(text).split())
        if not line:
            return "Say something first."
        return None if self.client.chat(line) else "Not connected to the host right now; reconnecting…"

    def submit(self, command: dict) -> str | None:
        """Send ``command`` and wait (briefly) for the host: ``None`` once applied, else a
        sentence for the player (the rules' message, or why nothing happened)."""
        client = self.client
        if client.seat is None:
            return "Spectators watch; they do not play."
        if client.status != CONNECTED:
            return "Not connected to the host right now; reconnecting…"
        before_sid, before_error = client.state_id, client.last_error
        if not client.send_command(command):
            return "Not connected to the host right now; reconnecting…"
        end = time.monotonic() + SUBMIT_WAIT
        while time.monotonic() < end:
            if client.last_error is not before_error and client.last_error is not None:
                error = client.last_error
                if error.get("code") == "stale":
                    return "The table moved on before your move arrived; look again."
                return str(error.get("message") or "The host refused that move.")
            if client.state_id != before_sid:
                self.revision += 1
                return None
            time.sleep(0.002)
        return "The host has not answered yet; your move may still arrive."

    # what our move revealed to us alone, on a LAN ------------------------------------------
    @property
    def holding(self) -> bool:
        """True while the table shows what our own move revealed to us alone."""
        return bool(self._reveals)

    def held_cards(self) -> list[str]:
        return []

    def held_reveals(self) -> list[dict]:
        return [dict(e) for e in self._reveals]

    def release_hold(self) -> None:
        """Seen (a click or key on the table): the box goes."""
        if self._reveals:
            self._reveals = []
            self.revision += 1

    def _look_for_reveals(self) -> None:
        """New events in our log that revealed something to our seat alone start the
        box; the first update after a (re)welcome only counts what is there already."""
        events = self.client.events
        seen, self._events_seen = self._events_seen, len(events)
        kinds = GAMES_INFO[self.game].private_reveals if self.game in GAMES_INFO else None
        seat = self.client.seat
        if seen is None or not kinds or seat is None or len(events) <= seen:
            return
        new = [e for e in list(events)[seen:] if e.get("type") in kinds and e.get("seat") == seat]
        if new:
            self._reveals = (self._reveals + [dict(e) for e in new])[-4:]

    # the app task ------------------------------------------------------------------
    def pump(self, dt: float) -> float | None:
        """Read what the host sent; keep the indicator and players current. Leaving the
        table (its scene gone from the stack) leaves the game."""
        if self.table is not None and self.table not in self.app.scenes.stack:
            self.close()
            return
        changed = False
        for message in self.client.poll():
            kind = message.get("type")
            if kind == "lobby":
                self._lobby(message)
                changed = True
            elif kind == "update":
                self._look_for_reveals()
                changed = True
            elif kind == "welcome":
                self._events_seen = None  # the log comes again whole: nothing in it is news
                self.game = message.get("game") or self.game
                self.talk.clear()  # the host sends the talk kept so far again, marked earlier
                if self.tokens is not None and message.get("seat") is not None and self.client.address:
                    self.tokens.remember(
                        str(self.client.address),
                        message.get("table_id"),
                        message.get("token"),
                        game=self.game,
                        seat=message.get("seat"),
                    )
                changed = True
            elif kind == "chat" and message.get("earlier"):  # said before we (re)joined: no toast
                seat = message.get("seat")
                spoke = (
                    seat
                    if isinstance(seat, int) and not isinstance(seat, bool) and not message.get("spectator")
                    else None
                )
                at = message.get("at")
                self.talk.append(
                    {
                        "seat": spoke,
                        "name": str(message.get("name") or ""),
                        "text": str(message.get("text") or ""),
                        "at": at if isinstance(at, int) and not isinstance(at, bool) else len(self.client.events),
                    }
                )
                del self.talk[:-MAX_TALK]
                changed = True
            elif kind == "chat":  # who spoke: seat colour and "(seat N)", or "(spectator)"
                said = str(message.get("text") or "")
                words = getattr(self.table, "chat_words", None)  # the table's wording (Testimony claims)
                self.message = f"{proto.chat_speaker(message)}: {words(said) if callable(words) else said}"
                seat = message.get("seat")
                edge = None if message.get("spectator") or not isinstance(seat, int) else theme.seat_color(seat)
                self._toast(self.message, error=False, edge=edge or theme.TEXT_MUTED)
                spoke = (
                    seat
                    if isinstance(seat, int) and not isinstance(seat, bool) and not message.get("spectator")
                    else None
                )
                self.talk.append(
                    {
                        "seat": spoke,
                        "name": str(message.get("name") or ""),
                        "text": str(message.get("text") or ""),
                        "at": len(self.client.events),
                    }
                )
                del self.talk[:-MAX_TALK]
                changed = True
            elif kind == "error" and self.client.status != CONNECTED and message.get("code"):
                self.error = str(message.get("message"))
                changed = True
            elif kind == "status":  # in order, so a quick drop-and-back is still seen
                self._status_changed(str(message.get("status")))
                changed = True
        back = self.back_again()
        if back:
            names = few([name for _seat, name in back])
            edge = theme.seat_color(back[0][0]) if len(back) == 1 else theme.TEXT_MUTED
            self._toast(f"{names} {'is' if len(back) == 1 else 'are'} back.", error=False, edge=edge)
            changed = True
        notice = self.away_notice()
        if notice != self.notice:  # a countdown: once a second
            self.notice = notice
            changed = True
        indicator = self.indicator()
        if indicator and indicator != self.message:
            self.message = indicator
            changed = True
        elif not indicator and self.message.startswith(("Connection", "Away:")):
            self.message = ""
            changed = True
        if self._host_gone_due() == 0.0 and not self.host_gone:
            self.host_gone = True  # the lobby says so; a table asks (below)
            if self.table is None:
                self._ask_at = None
            changed = True
        if changed:
            self.revision += 1
        self._ask_or_close()
        # the network wakes the app with an event (client.notify); our own timers are the
        # game-over pause and the "host is not answering" question (the idle app sleeps
        # until the earliest)
        timers = [t for t in (self._game_over(dt), self._host_gone_due()) if t is not None]
        return min(timers) if timers else None

    def _status_changed(self, status: str) -> None:
        if status == CONNECTED and self.status == RECONNECTING:
            self._toast("Reconnected.", error=False)
        elif status == RECONNECTING:
            self._toast("Connection lost: reconnecting…")
        elif status == LOST and self.status != LOST:
            self._toast("Connection lost.")
        if status == RECONNECTING and self._lost_at is None:
            self._lost_at = time.monotonic()
            self._ask_at = self._lost_at + self.host_gone_after
        elif status == CONNECTED:
            self._lost_at = self._ask_at = None
            self.host_gone = False
        self.status = status

    # the host went away ---------------------------------------------------------------
    def silent_for(self) -> float:
        """Seconds since the connection dropped (0 while connected)."""
        return 0.0 if self._lost_at is None else max(0.0, time.monotonic() - self._lost_at)

    def _host_gone_due(self) -> float | None:
        """Seconds until the table should ask whether to keep waiting (0: now); None when
        there is nothing to ask (connected, asked and answered, or the game is over)."""
        if self.status != RECONNECTING or self._ask_at is None or self._over_done:
            return None
        view = self.client.view
        if view and view.get("over"):
            return None
        return max(0.0, self._ask_at - time.monotonic())

    def _ask_or_close(self) -> None:
        """Open the question when it is due (on a table), close it once we are back."""
        dialog = self.dialog
        stack = self.app.scenes.stack
        if dialog is not None and dialog not in stack:
            self.dialog = dialog = None
        if self.status == CONNECTED:
            if dialog is not None:
                self.dialog = None
                self.app.scenes.remove(dialog)
            return
        if self.table is None or self.table not in stack or dialog is not None:
            return
        if self.status == LOST and not self._over_done and not self._lost_asked:
            self._lost_asked = True  # refused for good (say, a new game on that address): once
            self.dialog = self.app.scenes.push("host_gone", session=self, lost=True)
        elif self._host_gone_due() == 0.0:
            self._ask_at = None
            self.dialog = self.app.scenes.push("host_gone", session=self)

    def keep_waiting(self) -> None:
        """The player keeps waiting: ask again ``host_gone_again`` seconds from now."""
        if self.status == RECONNECTING:
            self._ask_at = time.monotonic() + self.host_gone_again

    def leave_note(self) -> str:
        """What leaving the table keeps, said on the main menu."""
        table = str((self.client.lobby or {}).get("table") or "the table")
        if self.host is not None:
            return f"You closed {table}; it is saved (witchhunt host --resume goes on with it)."
        if self.client.seat is None:
            return f"You left {table}. Join {self.client.address} again to watch."
        if self.client.view is not None and self.client.view.get("over"):
            return f"You left {table}."
        return (
            f"You left {table}; your seat is kept. Join {self.client.address} again "
            f"(as {self.client.name}) to take it back."
        )

    def leave_to_menu(self) -> None:
        """Leave the table for the main menu, saying that the seat is kept."""
        note = self.leave_note()
        self.close()
        menu = self.app.scenes.reset("menu")
        menu.say(note)

    def _toast(self, text: str, error: bool = True, edge: tuple[int, int, int] | None = None) -> None:
        """The in-game connection indicator: a toast on the table (when it has one)."""
        self.notices.append(text)
        toast = getattr(self.table, "toast", None)
        if callable(toast):
            try:
                toast(text, error=error, edge=edge) if edge is not None else toast(text, error=error)
            except Exception:
                log.debug("table toast failed", exc_info=True)

    def away_notice(self) -> str:
        """Who is away in a running game and when a bot takes over, for every table:
        "Ann lost connection — a bot takes over in 24 s" (counted down from
        the host's ``standin_in`` and when that lobby arrived), "A bot plays for Ann until
        they return" once it has; several players share each sentence ("Ann, Bob and 9
        others lost connection — bots take over in 24 s": eleven sentences of their own
        ran out of the log's box at a twelve-seat table). "" when everyone is here."""
        lobby = self.client.lobby or {}
        if not lobby.get("started") or lobby.get("over"):
            return ""
        if lobby is not self._lobby_seen:
            self._lobby_seen, self._lobby_at = lobby, time.monotonic()
        playing, waiting, lefts = [], [], []
        for seat in lobby.get("seats", []):
            if seat.get("bot") or seat.get("connected") or seat.get("absent"):
                continue
            name = str(seat.get("name") or f"Seat {seat.get('seat', 0) + 1}")
            if seat.get("standin"):
                playing.append(name)
            elif isinstance(seat.get("standin_in"), (int, float)):
                lefts.append(max(0, math.ceil(seat["standin_in"] - (time.monotonic() - self._lobby_at))))
                waiting.append((seat.get("seat"), name))
        self._waiting = [s for s, _name in waiting if isinstance(s, int)]
        parts = []
        if waiting:
            one, left = len(waiting) == 1, min(lefts)
            when = f"in {left} s" if left else "now"
            bots = "a bot takes over" if one else "bots take over"
            parts.append(f"{few([name for _s, name in waiting])} lost connection — {bots} {when}")
        if playing:
            bots = "A bot plays" if len(playing) == 1 else "Bots play"
            parts.append(f"{bots} for {few(playing)} until they return")
        return "; ".join(parts)

    @property
    def standin_label(self) -> str:
        """The owner's button on the notice: "Bot now", "Bots now" for several away seats."""
        return "Bots now" if len(self._waiting) > 1 else "Bot now"

    def back_again(self) -> list[tuple[int, str]]:
        """(seat, name) of the players away at the last look who are connected again (each
        said once, as the drop was): "Bob lost connection — …" went from the table without
        a word when Bob came back."""
        lobby = self.client.lobby or {}
        seats = lobby.get("seats", []) if lobby.get("started") and not lobby.get("over") else []
        mine = self.client.seat
        back = [
            (int(s["seat"]), str(s.get("name") or f"Seat {s['seat'] + 1}"))
            for s in seats
            if s.get("seat") in self._away_seen and s.get("connected") and s.get("seat") != mine
        ]
        self._away_seen = {
            s.get("seat") for s in seats if not s.get("bot") and not s.get("connected") and not s.get("absent")
        }
        return back

    @property
    def can_hand_to_bot(self) -> bool:
        """The host's own seat may hand an away seat to a bot at once (``standin``)."""
        return bool((self.client.welcome or {}).get("owner")) and bool(self._waiting)

    def hand_to_bot(self, seat: int | None = None) -> bool:
        """Ask the host to let a bot play ``seat`` now (default: every away seat a bot has
        not taken yet, as the notice's one button says)."""
        seats = list(self._waiting) if seat is None else [seat]
        if not seats or not self.can_hand_to_bot:
            return False
        sent = [self.client.send({"type": "standin", "seat": s}) for s in seats]  # each, whatever the last did
        return all(sent)

    def indicator(self) -> str:
        """The connection indicator: "" when all is well."""
        if self.status == RECONNECTING:
            return "Connection lost: reconnecting…"
        if self.status == LOST:
            return "Connection lost."
        lobby = self.client.lobby or {}
        away = [
            s["name"]
            for s in lobby.get("seats", [])
            if lobby.get("started") and not s.get("bot") and not s.get("connected") and not s.get("absent")
        ]
        if away:
            return "Away: " + ", ".join(str(a) for a in away) + "."  # a sentence: a hint may follow
        return ""

    def _lobby(self, lobby: dict) -> None:
        seats = lobby.get("seats") or []
        self.players = [str(s.get("name") or f"Seat {s.get('seat', i) + 1}") for i, s in enumerate(seats)]
        self.bots = {s["seat"] for s in seats if s.get("bot") and not s.get("absent")}
        self.absent = {s["seat"] for s in seats if s.get("absent")}

    def _game_over(self, dt: float) -> float | None:
        """Seconds until the game-over scene is due (None: not waiting for it)."""
        view = self.client.view
        if not view or not view.get("over") or self._over_done or self.table is None:
            return None
        if getattr(self.table, "keep_bots_waiting", False) is True:
            return None  # the table shows something everyone reads first (Testimony's reveal)
        self._over_clock = (self._over_clock or 0.0) + dt
        if self._over_clock >= GAME_OVER_PAUSE:
            self._over_done = True
            self.on_game_over(self)
            return None
        return GAME_OVER_PAUSE - self._over_clock

    def open_table(self, base: Scene | str | None = None) -> Scene | None:
        """Put the game's table scene on the stack (above ``base``, a scene or a scene's
        name, when given). None (and a message) if this desktop cannot draw the game."""

        factory = load_tables().get(self.game)
        if factory is None:
            self.error = f"This desktop has no table for {self.game} yet."
            return None
        table = factory(self.app, self)
        if base is not None:
            self.app.scenes.reset(base)
        self.app.scenes.push(table)
        self.start(table)
        return table


class HostGoneScene(MenuBase):
    """Over a LAN table whose host stopped answering: "The host is not answering
    — Keep waiting / Leave to menu". The client goes on reconnecting meanwhile; once it is
    back the session closes this by itself. ``lost``: the host refused us for good (it
    no longer knows our seat), so only leaving is offered."""

    opaque = False

    def __init__(self, app: App, session: LanSession, lost: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.lost = lost
        self._shown_seconds = -1

    def _box(self) -> pygame.Rect:
        w, h = self.app.size
        bw, bh = min(w - 60, self.px(680)), self.px(300)
        return pygame.Rect(w // 2 - bw // 2, max(10, h // 2 - bh // 2), bw, bh)

    def body(self) -> str:
        client = self.session.client
        if self.lost:
            why = client.last_error.get("message") if isinstance(client.last_error, dict) else None
            return (
                f"{why or 'The host closed the connection.'} The table cannot go on here; "
                "your move history is with the host."
            )
        seconds = int(self.session.silent_for())
        back = "you take your seat again by yourself" if client.seat is not None else "you watch again by yourself"
        return (
            f"No answer from {client.address} for {seconds} s. If the host comes back (the host "
            f"resumes the game from Continue), {back}. Leaving keeps your seat: join again later to take it back."
        )

    def build(self, w: int, h: int) -> list[Widget]:
        box = self._box()
        bw, bh = self.px(230), self.px(52)
        y = box.bottom - bh - self.px(22)
        label = Label(
            pygame.Rect(box.x + self.px(28), box.y + self.px(70), box.w - self.px(56), self.px(150)),
            self.body(),
            self.px(21),
            align="center",
        )
        leave = Button(
            (box.centerx + self.px(12), y, bw, bh), "Leave to menu", self.leave, font_size=self.px(22), name="leave"
        )
        if self.lost:
            leave.rect.centerx = box.centerx
            return [label, leave]
        wait = Button(
            (box.centerx - self.px(12) - bw, y, bw, bh),
            "Keep waiting",
            self.keep_waiting,
            style="primary",
            font_size=self.px(22),
            name="keep_waiting",
        )
        return [label, wait, leave]  # Enter on a surprise dialog keeps waiting

    def keep_waiting(self) -> None:
        self.session.keep_waiting()
        self.back()

    def back(self) -> None:
        """Esc: keep waiting (a lost table stays on screen; its menu leads out)."""
        if self.session.dialog is self:
            self.session.dialog = None
        self.session.keep_waiting()
        self.app.scenes.pop()

    def leave(self) -> None:
        self.session.dialog = None
        self.session.leave_to_menu()

    def next_wake(self) -> float | None:
        """Once a second: the "no answer for N s" count."""
        if self.lost:
            return None
        silent = self.session.silent_for()
        return 1.0 - (silent % 1.0)

    def update(self, dt: float) -> None:
        super().update(dt)
        seconds = -2 if self.lost else int(self.session.silent_for())
        if seconds != self._shown_seconds:
            self._shown_seconds = seconds
            self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self._box()
        draw_panel(surface, box, edge="danger" if self.lost else "accent")
        title = "The host sent us away" if self.lost else "The host is not answering"
        draw_text(
            surface,
            title,
            (box.centerx, box.y + self.px(18)),
            self.px(30),
            colour("accent"),
            bold=True,
            title=True,
            anchor="midtop",
        )
        self.ring.draw(surface)
        self.toast.draw(surface)


def _show_game_over(session: LanSession) -> None:
    session.app.scenes.push("lan_game_over", session=session)


# ------------------------------------------------------------------ game over ----------
class LanGameOverScene(FinalTableLook, MenuBase):
    """Scores from the host's result under how the game ended; "See the final table"
    (everything face up, as the host's end view shows it); back to the menu leaves the
    table."""

    title = "Game over"

    def __init__(self, app: App, session: LanSession) -> None:
        super().__init__(app)
        self.session = session
        self.result = session.client.result or {"scores": [], "winners": []}

    def final_view(self) -> dict:
        return self.session.view() or {}

    def build(self, w: int, h: int) -> list[Widget]:
        if self.looking:
            return self.look_widgets()
        bw, bh = self.px(240), self.px(56)
        y = h - bh - self.px(40)
        return [
            self.look_button((w // 2 - bw - self.px(12), y, bw, bh)),
            Button(
                (w // 2 + self.px(12), y, bw, bh),
                "Main menu",
                self.main_menu,
                style="primary",
                font_size=self.px(24),
                name="main_menu",
            ),
        ]

    def handle(self, event: InputEvent) -> None:
        if self.handle_look(event):
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.looking:  # the table below draws the final position; only the bar is ours
            self.draw_look(surface)
            return
        super().draw(surface)

    def back(self) -> None:
        self.main_menu()

    def main_menu(self) -> None:
        self.session.close()
        self.app.scenes.reset("menu")

    def draw_extra(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        y = self.px(130)
        for line in self.ending_lines(min(w - self.px(80), self.px(1000))):  # how it ended
            draw_text(surface, line, (w // 2, y), self.px(19), colour("text"), anchor="midtop")
            y += int(self.px(19) * 1.35)
        y = max(self.px(170), y + self.px(16))
        players = self.session.players
        scores = self.result.get("scores", [])
        winners = set(self.result.get("winners", []))
        played = [s for s in range(len(scores)) if s not in self.session.absent]  # no ghost's line
        for seat in sorted(played, key=lambda s: scores[s], reverse=True):
            name = players[seat] if seat < len(players) else f"Seat {seat + 1}"
            mark = "  ★" if seat in winners else ""
            draw_text(
                surface,
                f"{name}: {scores[seat]}{mark}",
                (w // 2, y),
                self.px(28),
                colour("accent" if seat in winners else "text"),
                anchor="midtop",
            )
            y += self.px(44)


register_scene("host_gone", HostGoneScene)
register_scene("lan_game_over", LanGameOverScene)
