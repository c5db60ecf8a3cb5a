"""LAN play on the desktop: the lobby (seats, ready, chat) and opening a client's table
(see the package docstring)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.bots import LEVELS
from game.engine import GAMES
from game.net import protocol as proto
from game.net.client import CLOSED, CONNECTED, LOST, RECONNECTING, Client
from game.net.discovery import join_addresses
from game.net.tokens import TokenStore
from game.ui import input as uinput
from game.ui.game_options import chosen_labels
from game.ui.scene import register_scene
from game.ui.scenes.lan.session import LanSession, _wake_ui, new_client
from game.ui.scenes.menu_base import MenuBase
from game.ui.tables import load_tables
from game.ui.widgets import Button, Checkbox, Widget, colour, draw_panel, draw_text, fit_text
from game.ui.wording import listed

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)


# ------------------------------------------------------------------ the lobby ----------
class LobbyScene(MenuBase):
    """Who sits where, who is ready; the host's player may start. The table opens by
    itself when the game starts."""

    title = "Lobby"

    def __init__(self, app: App, session: LanSession) -> None:
        super().__init__(app)
        self.session = session
        self._seen = -1
        self._touched = False
        self.addresses: list[str] = []
        if session.host is not None:
            port = session.host.port
            self.addresses = [
                str(proto.Address(a, port or proto.DEFAULT_PORT)) for a in join_addresses(session.host.bind)
            ]

    @property
    def client(self) -> Client:
        return self.session.client

    def enter(self) -> None:
        self.session.start()
        super().enter()

    def build(self, w: int, h: int) -> list[Widget]:
        widgets: list[Widget] = []
        bw, bh = self.px(200), self.px(56)
        by = h - bh - self.px(30)
        owner = bool((self.client.welcome or {}).get("owner"))
        seat = self.client.seat
        lobby = self.client.lobby or {}
        ready = bool(seat is not None and any(s.get("seat") == seat and s.get("ready") for s in lobby.get("seats", [])))
        x = w // 2 - (bw * 3 + self.px(32)) // 2
        if seat is not None and not lobby.get("started"):
            widgets.append(
                Checkbox(
                    (x + bw + self.px(16), by, bw, bh),
                    "Ready",
                    ready,
                    font_size=self.px(24),
                    on_change=lambda v: self.client.ready(v),
                    name="ready",
                )
            )
        # Start once the seats are known: before the first lobby message it could not
        # tell a free seat (and started at once, giving it to a bot without asking)
        if owner and not lobby.get("started") and lobby.get("seats"):
            widgets.append(
                Button(
                    (x + 2 * (bw + self.px(16)), by, bw, bh),
                    "Start",
                    self.start_game,
                    style="primary",
                    font_size=self.px(24),
                    name="start",
                )
            )
        # Leave comes last in the focus ring, so Enter on a fresh lobby never leaves it
        widgets.append(Button((x, by, bw, bh), "Leave", self.back, font_size=self.px(24), name="leave"))
        return widgets

    def focus_first(self) -> None:
        for name in ("start", "ready", "leave"):
            widget = self.ring.find(name)
            if widget is not None and widget.can_focus:
                self.ring.focus_on(widget)
                return
        super().focus_first()

    def handle(self, event) -> None:
        # a key, a click or typing is a choice of focus; the pointer merely passing over
        # the window (or the window's own events) is not: the lobby opened under a resting
        # mouse kept Leave lit, and the first Enter left the table (and a hosted one ended)
        if event.kind in (uinput.KEY, uinput.PRESS, uinput.TEXT, uinput.WHEEL):
            self._touched = True
        super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        session = self.session
        if session.revision != self._seen:
            self._seen = session.revision
            self.rebuild()
            if not self._touched:  # the buttons arrive with the welcome: focus the useful one
                self.focus_first()
        client = self.client
        if client.status == LOST and client.welcome is None:
            self._join_failed()
            return
        if client.view is not None and session.table is None and self.app.scenes.top is self:
            if session.open_table(base="menu") is None:
                self.say(session.error or "This game cannot be shown here.", "error")

    def _join_failed(self) -> None:
        failure = getattr(self.client, "_join_failed", None)
        code = getattr(failure, "code", "")
        if code == "bad_token" and getattr(self.session, "retry_without_token", False):
            address = self.session.address  # type: ignore[attr-defined]
            if self.session.tokens is not None:
                self.session.tokens.forget(str(address))
            self.session.client.close()
            client = new_client()
            client.connect(address.host, address.port, self.client.name, wait=False)
            self.session.client = client
            self.session.retry_without_token = False  # type: ignore[attr-defined]
            return
        message = str(failure) if failure else "The host could not be reached."
        if code == "seat_in_use":
            message += " Tick \u201cJoin as a new player\u201d to take a free seat instead."
        self.session.close()
        self.app.scenes.pop()
        top = self.app.scenes.top
        if isinstance(top, MenuBase):
            top.say(message, "error")

    @staticmethod
    def absent_style(game: str) -> tuple[str, tuple[int, int, int]]:
        """How the lobby shows a seat nobody plays, as the game's table draws it (Salem:
        a ghost, in the ghosts' colour): (words, colour)."""
        table = load_tables().get(game)
        label = getattr(table, "absent_label", None)
        tint = getattr(table, "absent_colour", None)
        return (
            label if isinstance(label, str) and label else "nobody plays it",
            tuple(tint) if isinstance(tint, tuple) and len(tint) == 3 else colour("text_dim"),
        )

    def start_game(self) -> None:
        """Start now; with seats nobody has taken yet, only once the host says bots may
        play them (Start has the focus: an Enter while friends are still joining would
        otherwise start without them)."""
        lobby = self.client.lobby or {}
        if not lobby.get("seats"):  # the seats are not known yet: nothing to start from
            return
        free = [
            int(s.get("seat", 0)) + 1
            for s in lobby.get("seats", [])
            if not s.get("taken") and not s.get("bot") and not s.get("absent")
        ]
        if not free:
            self._start_now()
            return
        seats = listed([str(n) for n in free])
        self.app.scenes.push(
            "confirm",
            question=f"Nobody sits at seat{'s' if len(free) > 1 else ''} {seats} yet: "
            f"a bot will play {'them' if len(free) > 1 else 'it'}. Start now?",
            on_yes=self._start_now,
            yes="Start with bots",
            no="Wait",
            danger=False,
        )

    def _start_now(self) -> None:
        if not self.client.start_game():
            self.say("Not connected to the host.", "error")

    def back(self) -> None:
        """Leave the lobby; when we host it and others have sat down, only once asked
        (leaving ends the table for them, as it does during the game)."""
        lobby = self.client.lobby or {}
        others = [
            s
            for s in lobby.get("seats", [])
            if s.get("seat") != self.client.seat and s.get("taken") and not s.get("bot") and s.get("connected")
        ]
        if self.session.host is not None and others:
            self.app.scenes.push(
                "confirm",
                question="You host this table: leaving ends it for everyone who has joined. Leave?",
                on_yes=self._leave,
                yes="Leave",
                no="Stay",
            )
            return
        self._leave()

    def _leave(self) -> None:
        self.session.close()
        self.app.scenes.pop()

    def seat_lines(self, lobby: dict[str, Any], client: Client) -> list[tuple[str, tuple[int, int, int]]]:
        """A line per seat of the lobby: its number, who sits there and how they are
        (here, ready, away, a bot, free), in its colour."""
        game = str(lobby.get("game") or client.game or "")
        absent_label, absent_colour = self.absent_style(game)
        # seats named as the game's New game form names them (Malleus: "Prévôt: Ann",
        # "Player 1: …"), else by number
        label = getattr(load_tables().get(game), "seat_label", None)
        out = []
        for seat in lobby.get("seats", []):
            name = seat.get("name")
            if seat.get("absent"):
                state = absent_label
            elif seat.get("bot"):
                level = LEVELS.get(str(seat.get("level")))  # a game whose bots search: how well
                state = f"bot ({level.label})" if level is not None else "bot"
            elif not seat.get("taken"):
                state = "waiting for a player"
            elif not seat.get("connected"):
                state = "away"
            else:
                state = "ready" if seat.get("ready") else "here"
            you = " \u2190 you" if seat.get("seat") == client.seat else ""
            who = f"{name} \u2014 {state}" if name else state  # a free seat: "waiting for a player"
            number = int(seat.get("seat", 0))
            line = f"{label(number) if label is not None else f'Seat {number + 1}'}: {who}{you}"
            out.append((line, absent_colour if seat.get("absent") else colour("text")))
        return out

    def start_words(self, lobby: dict[str, Any], client: Client) -> str:
        """How the game will start, for a table still in its lobby (PROTOCOL.md §7): a
        joiner saw a Ready box and no word of what it does or who starts the game.
        A desktop host's table starts when the host's player (seat 0) presses Start, or
        when every player is ready; a dedicated host's when every seat is taken."""
        if lobby.get("started") or not lobby.get("seats"):
            return ""
        if lobby.get("auto_start", True):
            return "The game starts as soon as every seat is taken."
        if (client.welcome or {}).get("owner"):
            return "The game starts when you press Start, or when every player is ready."
        owner = next((s.get("name") for s in lobby["seats"] if s.get("seat") == 0), None) or "The host"
        return f"The game starts when {owner} starts it, or when every player is ready."

    def options_words(self, client: Client) -> str:
        """The table's chosen options in the game's own words ("Options: Town Hall
        characters and Extra witch."; "" when none is chosen): a joiner could not tell a
        variant table from a plain one. The timer has a line of its own."""
        cls = GAMES.get(client.game or "")
        options = (client.welcome or {}).get("options") or {}
        said = chosen_labels(cls, options) if cls is not None and isinstance(options, dict) else []
        return f"Options: {listed(said)}." if said else ""

    def seat_grid(self, count: int, room: int) -> tuple[int, int, int]:
        """How ``count`` seat lines fill ``room`` pixels of the panel's height: (columns,
        lines per column, pixels per line). One column while it fits; a big table (Salem
        seats 12) takes two, side by side, and its lines close up if even that is tall."""
        step = self.px(34)
        cols = 1 if count * step <= room else 2
        per_col = max(1, -(-count // cols))
        return cols, per_col, max(self.px(26), min(step, room // per_col))

    def draw_extra(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        client = self.client
        lobby = client.lobby or {}
        pw = min(w - 60, self.px(760))
        panel = pygame.Rect(w // 2 - pw // 2, self.px(130), pw, h - self.px(260))
        draw_panel(surface, panel)
        x, y = panel.x + self.px(24), panel.y + self.px(18)
        fs = self.px(22)
        status = {CONNECTED: "Connected", RECONNECTING: "Reconnecting…", LOST: "Connection lost", CLOSED: "Closed"}.get(
            client.status, "Connecting…"
        )
        game = lobby.get("game") or client.game or ""
        game = getattr(GAMES.get(game), "title", "") or game
        head = f"{lobby.get('table') or 'Table'} · {game} · {status}"
        draw_text(surface, head, (x, y), fs, colour("accent"), bold=True)
        y += self.px(40)
        if self.session.host_gone and client.status == RECONNECTING:  # the host went away: say so, not 'Connecting'
            draw_text(
                surface,
                "The host is not answering. You rejoin by yourself when it is back.",
                (x, y),
                self.px(20),
                colour("error_text"),
            )
            y += self.px(34)
        if self.addresses:
            draw_text(
                surface, "Others join with: " + ", ".join(self.addresses), (x, y), self.px(20), colour("text_dim")
            )
            y += self.px(34)
        timer = ((client.welcome or {}).get("options") or {}).get("timer_s")
        timed = isinstance(timer, (int, float)) and not isinstance(timer, bool) and timer > 0
        standin = isinstance(lobby.get("standin_after"), (int, float))
        watching = client.seat is None and client.welcome is not None
        starts = self.start_words(lobby, client)
        chosen = self.options_words(client)
        notes = int(bool(starts)) + int(bool(chosen)) + int(timed) + int(standin) + int(watching)  # under the seats
        lines = self.seat_lines(lobby, client)
        room = panel.bottom - self.px(12) - y - notes * self.px(30)
        cols, per_col, step = self.seat_grid(len(lines), room)
        col_w = (panel.w - 2 * self.px(24)) // cols
        for i, (words, col) in enumerate(lines):
            at = (x + (i // per_col) * col_w, y + (i % per_col) * step)
            draw_text(surface, fit_text(words, fs, col_w - self.px(16)), at, fs, col)
        y += per_col * step
        if starts:
            words = fit_text(starts, self.px(18), panel.w - 2 * self.px(24))
            draw_text(surface, words, (x, y + self.px(8)), self.px(18), colour("text"))
            y += self.px(30)
        if chosen:
            words = fit_text(chosen, self.px(18), panel.w - 2 * self.px(24))
            draw_text(surface, words, (x, y + self.px(8)), self.px(18), colour("text"))
            y += self.px(30)
        if timed:
            draw_text(
                surface,
                f"Timer: {timer:g} s for each move; at zero the game moves for that player.",
                (x, y + self.px(8)),
                self.px(18),
                colour("text_dim"),
            )
            y += self.px(30)
        if standin:
            wait = lobby["standin_after"]
            draw_text(
                surface,
                f"If a player loses their connection, a bot plays for them after {wait:g} s until they return.",
                (x, y + self.px(8)),
                self.px(18),
                colour("text_dim"),
            )
            y += self.px(30)
        if watching:
            draw_text(surface, "You are watching.", (x, y + self.px(8)), fs, colour("text_dim"))
        if lobby.get("started") and client.view is not None and self.session.error:
            draw_text(surface, self.session.error, (x, y + self.px(40)), fs, colour("danger"))


# ------------------------------------------------------------------ command line -------
def client_session(app: Any, client: Client, profile: str | None = None) -> LanSession:
    """``witchhunt join``: the LanSession of an already connected ``client`` in ``app``
    (its messages wake the app; the profile's seat tokens are remembered)."""
    client.notify = _wake_ui
    return LanSession(app, client, tokens=_token_store(profile))


def _token_store(profile: str | None) -> Any:
    """The profile's seat tokens (the entry layer checked the name), or None."""
    try:
        return TokenStore(profile)
    except (ValueError, OSError):
        return None


register_scene("lobby", LobbyScene)
