"""LAN play on the desktop: the "Host a game" and "Join a game" forms and the desktop
host's window (see the package docstring)."""

from __future__ import annotations

import errno
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import GAMES, SaveError, SetupError
from game.engine.match import name_problem
from game.net import host as net_host
from game.net import protocol as proto
from game.net.discovery import Listener
from game.net.tokens import TokenStore
from game.saves import new_save_path
from game.ui.scene import Scene, register_scene, scene_class
from game.ui.scenes.lan.session import LanSession, host_bind_address, new_client
from game.ui.scenes.menu_base import MenuBase
from game.ui.scenes.seats_form import GameSeatsForm
from game.ui.settings import load_host_form, load_join_form, save_host_form, save_join_form
from game.ui.tables import seat_role
from game.ui.widgets import Button, Checkbox, Label, ListBox, ListRow, TextField, Widget, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)


# ------------------------------------------------------------------ host form ----------
class HostScene(GameSeatsForm):
    """Host a game: the game, seats, bot seats, your name, the port."""

    title = "Host a game"
    blurb = "Others on your network join your table; bots can fill seats"

    def __init__(self, app: App) -> None:
        super().__init__(app, seats=4)
        # a box per seat of the largest table offered (Salem seats 12)
        self.bots = [False] * max((GAMES[g].max_players for g in self.games), default=8)
        self.name = "Host"
        self.port_text = str(proto.DEFAULT_PORT)
        self.standin_text = "30"  # seconds an away player's seat waits before a bot plays it
        self.name_error = ""  # why the name cannot be used (shown beside the field)
        self.name_note: Label | None = None
        self.remember_last()

    def remember_last(self) -> None:
        """The last table hosted comes back: its game, seats, bot seats and levels, each
        game's options and timer, the host's name, port and stand-in wait (a first Host
        form takes the name last used to join a table)."""
        last = load_host_form()
        name = (last.get("names") or [""])[0].strip() if last else ""
        self.name = name or load_join_form().get("name", "").strip() or self.name
        if not last:
            return
        if last["game"] in self.games:
            self.game = last["game"]
        cls = self._classes.get(self.game) if self.game else None
        if cls is not None:
            self.seats = max(cls.min_players, min(cls.max_players, last["seats"]))
        self.bots = [i in last["bots"] and i > 0 for i in range(len(self.bots))]
        self.levels = dict(last["levels"])
        self.port_text, self.standin_text = str(last["port"]), str(last["standin"])
        self.restore_choices(last)  # each game's options and timer
        self.subtitle = self.tagline()

    def _rows_needed(self, fs: int, left: int, right: int) -> int:
        """Rows the form takes: game, seats, bots, bot levels (where bots search), the
        options' lines, name, port, stand-in and the timer."""
        levels = 1 if self.levels_matter() else 0
        return 6 + levels + self.option_lines(self.option_layout(fs, left, right)) + (1 if self.timer_offered() else 0)

    def build(self, w: int, h: int) -> list[Widget]:
        self.subtitle = self.tagline()  # the game chosen may have changed
        widgets: list[Widget] = []
        pw = self.form_width(820, self.px(22))  # wide enough for every game's button
        x0, y = w // 2 - pw // 2 + self.px(24), self.px(150)
        lw, row, fs = self.px(150), self.px(48), self.px(22)
        fx = x0 + lw
        # rows shrink (to 36 px) when the game's options and timer would reach the buttons
        room = h - self.px(56) - self.px(30) - self.px(16) - y
        rows = self._rows_needed(fs, fx, x0 + pw - self.px(48))
        if rows * (row + self.px(10)) > room:
            row = max(36, room // rows - self.px(10))
            fs = min(fs, max(16, row - 18))
        if not self.games:
            widgets.append(Label((x0, y, pw - 48, row), "No game can be played on the desktop yet.", fs, col="danger"))
        else:
            y = self.game_and_seat_rows(widgets, x0, fx, y, lw, row, fs)
            y += row + self.px(10)
            widgets.append(
                Label(
                    (x0, y + self.px(10), lw, row), "Bots play" if self.seats < 7 else "Bot seats", fs, col="text_dim"
                )
            )
            bx = fx
            # a box per seat, as wide as the longest seat label needs ("Player 3" of Malleus)
            # while the row has room, else narrower (7 seats fit too)
            need = max((Checkbox.width_for(self.seat_label(s), fs) for s in range(1, self.seats)), default=0)
            step = min(max(self.px(128), need + self.px(8)), (pw - lw - self.px(48)) // max(1, self.seats - 1))
            for seat in range(1, self.seats):
                # the seat's label while it fits beside the box, else its number as the label
                # numbers it ("Player 1" of Malleus is 1, not seat 2; "Playe…" was cut)
                label = self.seat_label(seat)
                if Checkbox.width_for(label, fs) > step - self.px(8):
                    label = label.split()[-1] if label.split()[-1].isdigit() else str(seat + 1)
                widgets.append(
                    Checkbox(
                        (bx, y, step - self.px(8), row - self.px(6)),
                        label,
                        self.bots[seat],
                        font_size=fs,
                        name=f"bot_{seat}",
                        on_change=lambda v, s=seat: self.set_bot(s, v),
                    )
                )
                bx += step
            y += row
            if self.levels_matter():  # a game whose bots search: a row of levels (Malleus' bots have none)
                self.levels_caption = Label((x0, y + self.px(6), lw, row), "Bot levels", self.px(18), col="text_dim")
                self.levels_caption.visible = self.any_level_shown()  # not beside an empty row
                widgets.append(self.levels_caption)
                bx = fx
                for seat in range(1, self.seats):  # under each seat's box, while a bot plays it
                    widgets.append(self.level_button((bx, y, step - self.px(8), row - self.px(12)), seat, self.px(18)))
                    bx += step
                y += row
            else:
                self.levels_caption = None
            y += self.px(4)
            # the game's options, as on the New game form
            y = self.option_boxes(widgets, x0, fx, x0 + pw - self.px(48), y, self.px(10), lw, row, fs)
            if self.option_keys():
                y += self.px(4)
            # the host sits at seat 0: where that seat has a part, the label says so
            part = seat_role(self.game, 0) if self.game else None
            label = f"{part} (you)" if part else "Your name"
            widgets.append(Label((x0, y + self.px(10), lw, row), label, fs, col="text_dim"))
            widgets.append(
                TextField(
                    (fx, y, self.px(320), row - self.px(6)),
                    self.name,
                    max_len=24,
                    placeholder="Your name",
                    font_size=fs,
                    name="name",
                    on_change=self.set_name,
                    on_submit=lambda _t: self.host(),
                )
            )
            self.name_note = Label(
                (fx + self.px(332), y + self.px(12), x0 + pw - fx - self.px(332) - self.px(48), row),
                self.name_error,
                self.px(18),
                col="error_text",
            )
            widgets.append(self.name_note)  # why the name cannot be used, beside the field
            y += row + self.px(10)
            widgets.append(Label((x0, y + self.px(10), lw, row), "Port", fs, col="text_dim"))
            widgets.append(
                TextField(
                    (fx, y, self.px(160), row - self.px(6)),
                    self.port_text,
                    max_len=5,
                    placeholder=str(proto.DEFAULT_PORT),
                    font_size=fs,
                    name="port",
                    on_change=self.set_port,
                    on_submit=lambda _t: self.host(),
                )
            )
            y += row + self.px(10)
            widgets.append(Label((x0, y + self.px(10), lw, row), "Stand-in", fs, col="text_dim"))
            widgets.append(
                TextField(
                    (fx, y, self.px(80), row - self.px(6)),
                    self.standin_text,
                    max_len=4,
                    placeholder="30",
                    font_size=fs,
                    name="standin_after",
                    on_change=self.set_standin,
                    on_submit=lambda _t: self.host(),
                )
            )
            widgets.append(
                Label(
                    # to the panel's edge: on one line, clear of the timer row under it
                    (fx + self.px(92), y + self.px(10), x0 + pw - self.px(48) - fx - self.px(92), row),
                    "seconds before a bot plays for a player who lost the connection",
                    self.px(18),
                    col="text_dim",
                )
            )
            if self.timer_offered():
                y += row + self.px(10)
                self.timer_row(widgets, x0, fx, y, lw, row, fs)
        self.back_and(widgets, w, h, "Host", self.host, "host")
        return widgets

    def draw_extra(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        pw = self.form_width(820, self.px(22))
        bottom = max(
            (
                wd.rect.bottom
                for wd in self.ring.all()
                if wd.visible and getattr(wd, "name", "") not in ("back", "host")
            ),
            default=self.px(135 + 6 * 58 + 30),
        )
        draw_panel(surface, pygame.Rect(w // 2 - pw // 2, self.px(135), pw, bottom + self.px(14) - self.px(135)))

    def set_name(self, text: str) -> None:
        self.name = text
        _clear_name_error(self)

    def set_port(self, text: str) -> None:
        self.port_text = text

    def set_standin(self, text: str) -> None:
        self.standin_text = text

    def host(self) -> None:
        if self.game is None:
            return
        name = self.name.strip()
        if _refuse_name(self, name):
            return
        if not self.port_text.strip().isdigit() or not 1 <= int(self.port_text) <= 65535:
            self.say("The port is a number from 1 to 65535.", "error")
            return
        if not self.standin_text.strip().isdigit() or not 0 <= int(self.standin_text) <= 3600:
            self.say("The bot's wait is a number of seconds from 0 to 3600.", "error")
            return
        bots = [s for s in range(1, self.seats) if self.bots[s]]
        try:
            host = net_host.Host(
                self.game,
                self.seats,
                bots=bots,
                bot_levels=self.bot_levels(bots),
                owner_name=name,
                auto_start=False,
                announce=True,
                standin_after=float(self.standin_text),
                options={**self.chosen_options(), **self.timer_options()},
                bind=host_bind_address(),
                port=int(self.port_text),
                save_path=new_save_path(self.game, kind="host"),
                table_name=f"{name}'s table",
            )
            host.start()
        except SetupError as exc:
            self.say(str(exc), "error")
            return
        except OSError as exc:
            self.say(cannot_listen(self.port_text, exc, "close that one, or pick another port"), "error")
            return
        save_host_form(
            self.game,
            self.seats,
            name,
            bots,
            dict(self.levels),
            int(self.port_text),
            int(self.standin_text),
            options=self.game_options,
            timers=self.timers,
        )
        start_hosted_lobby(self.app, host, name, replace=True)


def cannot_listen(port: object, exc: OSError, advice: str) -> str:
    """Why a host could not listen on ``port``, in the player's words: a port this
    computer already hosts a table on is said so, with ``advice``."""
    if exc.errno == errno.EADDRINUSE:
        return f"Cannot listen on port {port} (another table is hosted on it: {advice})"
    return f"Cannot listen on port {port}: {exc.strerror or exc}"


def _refuse_name(form: MenuBase, name: str) -> bool:
    """A form's name check (the same as ``--name`` on the command line): True, with the
    reason beside the name field and the focus in it, when ``name`` cannot be used."""
    problem = name_problem(name)
    if problem is None:
        return False
    form.name_error = (
        "Type your name first: the table shows it." if not name else problem[0].upper() + problem[1:] + "."
    )
    form.rebuild()
    field = form.ring.find("name")
    if field is not None:
        form.ring.focus_on(field)
    return True


def _clear_name_error(form: MenuBase) -> None:
    """Typing in the name field takes its complaint away (without rebuilding the form)."""
    if form.name_error:
        form.name_error = ""
        if form.name_note is not None:
            form.name_note.text = ""
        form.dirty = True


def resumed_lobby(app: App, path: Path) -> Scene:
    """The scene ``"resumed_lobby"`` (Continue opens it by name): the LAN game this
    desktop hosted and saved at ``path``, hosted again on its port as the same table, so
    its players' clients find it and rejoin their seats by themselves; our own seat is
    taken back with the owner's token. Raises :class:`SaveError` with the words for the
    player when it cannot (the scene stack is left as it was)."""
    try:
        host = net_host.Host.resume(path, bind=host_bind_address(), announce=True, auto_start=False)
    except (SaveError, SetupError) as exc:
        raise SaveError(f"Cannot resume this game: {exc}") from None
    if host.owner_token is None:  # a dedicated host's game: no seat of ours to take back
        raise SaveError(
            "This game was hosted without a window: resume it with "
            f"witchhunt host {host.game} --players {host.n} --headless --resume {path}"
        )
    try:
        host.start()
    except OSError as exc:
        advice = "close that one first; this table's players call this port"
        raise SaveError(cannot_listen(host.requested_port, exc, advice)) from None
    return scene_class("lobby")(app, session=hosted_session(app, host, host.seats[0].name or "Host"))


register_scene("resumed_lobby", resumed_lobby)


def hosted_session(app: App, host: net_host.Host, name: str) -> LanSession:
    """Our own (started) host joined over loopback with the owner's token."""
    client = new_client()
    address = host.bind or "127.0.0.1"
    client.connect(address, host.port or proto.DEFAULT_PORT, name, token=host.owner_token, wait=False)
    return LanSession(app, client, host=host)


def start_hosted_lobby(app: App, host: net_host.Host, name: str, replace: bool = False) -> Scene:
    """Join our own (started) host over loopback with the owner's token; open the lobby."""
    session = hosted_session(app, host, name)
    if replace:
        return app.scenes.replace("lobby", session=session)
    return app.scenes.push("lobby", session=session)


# ------------------------------------------------------------------ join form ----------
class JoinScene(MenuBase):
    """Join a game: tables heard on the LAN, or type an address."""

    title = "Join a game"
    subtitle = "Pick a table found on your network, or type the address the host shows"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.listener = None
        self.tables: list = []
        remembered = load_join_form()  # the last table joined: its address and our name there
        self.address = remembered.get("address", "")
        #: the address in the field was typed or picked on this visit (not only
        #: remembered from the last join): the list never replaces it
        self.chosen = False
        self.name = remembered.get("name") or "Player"
        self.new_player = False  # join afresh, without the saved token (a second player here)
        self.table_id: str | None = None  # the picked table's id (its saved token is used)
        self._refresh = 0.0
        self.listen_error = ""
        self.name_error = ""  # why the name cannot be used (shown under the field)
        self.name_note: Label | None = None

    def enter(self) -> None:
        try:
            self.listener = Listener()
        except OSError as exc:  # the discovery port is busy (another app listening)
            self.listener = None
            self.listen_error = f"Cannot listen for tables ({exc.strerror or exc}); type the address."
        super().enter()

    def exit(self) -> None:
        if self.listener is not None:
            self.listener.close()
            self.listener = None

    def build(self, w: int, h: int) -> list[Widget]:
        pw = min(w - 60, self.px(820))
        x0, y = w // 2 - pw // 2 + self.px(24), self.px(150)
        lw, row, fs = self.px(150), self.px(48), self.px(22)
        rows = []
        for t in self.tables:
            mine = self.holds_seat(t)  # a table this profile sat at: Join takes the seat back
            rows.append(
                ListRow(
                    f"{t.table} — {getattr(GAMES.get(t.game), 'title', '') or t.game}",
                    f"{t.address} · {t.free} of {t.players} seats free"
                    + (" · playing" if t.started else "")
                    + (" · your seat is kept" if mine else ""),
                    enabled=t.free > 0 or t.started or mine,
                    data=t,
                )
            )
        self.table_list = ListBox(
            (x0, y, pw - self.px(48), self.px(200)),
            rows,
            row_height=self.px(56),
            on_select=self.pick,
            on_activate=lambda i: (self.pick(i), self.join()),
            font_size=fs,
            name="tables",
            empty_text=self.listen_error or "Looking for tables…",
        )
        self.table_list.selected = self._shown_table(rows)
        y += self.px(214)
        widgets: list[Widget] = [self.table_list]
        widgets.append(Label((x0, y + self.px(10), lw, row), "Address", fs, col="text_dim"))
        self.address_field = TextField(
            (x0 + lw, y, self.px(360), row - self.px(6)),
            self.address,
            max_len=60,
            placeholder="192.168.1.20:41692",
            font_size=fs,
            name="address",
            on_change=self.set_address,
            on_submit=lambda _t: self.join(),
        )
        widgets.append(self.address_field)
        y += row + self.px(10)
        widgets.append(Label((x0, y + self.px(10), lw, row), "Your name", fs, col="text_dim"))
        widgets.append(
            TextField(
                (x0 + lw, y, self.px(320), row - self.px(6)),
                self.name,
                max_len=24,
                placeholder="Your name",
                font_size=fs,
                name="name",
                on_change=self.set_name,
                on_submit=lambda _t: self.join(),
            )
        )
        again = Checkbox(
            (x0 + lw + self.px(336), y, self.px(280), row - self.px(6)),
            "Join as a new player",
            self.new_player,
            font_size=fs,
            name="new_player",
            on_change=self.set_new_player,
        )
        again.visible = self.sat_there_before()  # a first visit has no earlier seat to leave
        widgets.append(again)
        self.name_note = Label(
            (x0 + lw, y + row - self.px(4), pw - lw - self.px(48), self.px(26)),
            self.name_error,
            self.px(18),
            col="error_text",
        )
        widgets.append(self.name_note)  # why the name cannot be used, under the field
        bw, bh = self.px(200), self.px(56)
        by = h - bh - self.px(30)
        widgets.append(
            Button(
                (w // 2 - bw * 3 // 2 - self.px(16), by, bw, bh), "Back", self.back, font_size=self.px(24), name="back"
            )
        )
        widgets.append(
            Button(
                (w // 2 - bw // 2, by, bw, bh),
                "Watch",
                lambda: self.join(spectate=True),
                font_size=self.px(24),
                name="watch",
            )
        )
        widgets.append(
            Button(
                (w // 2 + bw // 2 + self.px(16), by, bw, bh),
                "Join",
                self.join,
                style="primary",
                font_size=self.px(24),
                name="join",
            )
        )
        return widgets

    def next_wake(self) -> float | None:
        """The found-tables list is refreshed every half second while it is shown."""
        return max(0.0, self._refresh) if self.listener is not None else None

    def update(self, dt: float) -> None:
        super().update(dt)
        self._refresh -= dt
        if self._refresh <= 0 and self.listener is not None:
            self._refresh = 0.5
            tables = self.listener.tables()
            if [(t.host, t.port, t.free, t.started) for t in tables] != [
                (t.host, t.port, t.free, t.started) for t in self.tables
            ]:
                self.tables = tables
                self.rebuild()

    def _shown_table(self, rows: list[ListRow]) -> int | None:
        """The found table the list highlights: the one at the address in the field, or,
        with the field empty or holding only the address remembered from the last join
        that no table found answers to, the first that has a seat (then its address fills
        the field: Join joins what the list shows; the list lit its first row while Join,
        with no address, only said "empty address", and with last week's address it said
        it could not reach a table long gone). None: the address is another table's,
        typed or picked on this visit."""
        address = self.address.strip()
        for i, t in enumerate(self.tables):
            if address and t.address == address:
                self.table_id = t.table_id
                return i
        if address and self.chosen:
            return None
        for i, row in enumerate(rows):
            if row.enabled:
                self.address, self.table_id = self.tables[i].address, self.tables[i].table_id
                return i
        return None

    def pick(self, index: int) -> None:
        if 0 <= index < len(self.tables):
            self.address = self.tables[index].address
            self.table_id = self.tables[index].table_id
            self.chosen = True
            self.address_field.set_text(self.address)
            self.show_new_player()

    def set_address(self, text: str) -> None:
        if text != self.address:
            self.table_id = None  # a typed address: the newest token used there
            self.chosen = True
        self.address = text
        self.show_new_player()

    def set_new_player(self, value: bool) -> None:
        self.new_player = value

    @staticmethod
    def holds_seat(table: Any) -> bool:
        """Does this profile keep a seat's token for ``table`` (one heard on the network,
        known by its id)?"""
        if not getattr(table, "table_id", None):
            return False
        try:
            return TokenStore().lookup(str(table.address), table.table_id) is not None
        except (ValueError, OSError):
            return False

    def sat_there_before(self) -> bool:
        """Does this profile hold a seat at the table in the address field (a token kept
        from an earlier join)? Only then does "Join as a new player" mean anything: Join
        takes that seat back, unless it is ticked."""
        try:
            address = proto.parse_address(self.address)
            return TokenStore().lookup(str(address), self.table_id) is not None
        except (ValueError, OSError):
            return False

    def show_new_player(self) -> None:
        """The "Join as a new player" box for the address now in the field."""
        box = self.ring.find("new_player")
        if box is not None:
            box.visible = self.sat_there_before()
            self.dirty = True

    def set_name(self, text: str) -> None:
        self.name = text
        _clear_name_error(self)

    def join(self, spectate: bool = False) -> None:
        try:
            address = proto.parse_address(self.address)
        except ValueError as exc:
            self.say(f"That address does not work: {exc}.", "error")
            return
        name = self.name.strip()
        if _refuse_name(self, name):
            return
        try:
            store = TokenStore()
        except ValueError as exc:  # a bad WITCHHUNT_PROFILE
            self.say(str(exc), "error")
            return
        save_join_form(name, self.address.strip())
        client = new_client()
        token = None if spectate or self.new_player else store.lookup(str(address), self.table_id)
        client.connect(address.host, address.port, name, token=token, spectate=spectate, wait=False)
        session = LanSession(self.app, client, tokens=store)
        session.retry_without_token = token is not None  # type: ignore[attr-defined]
        session.address = address  # type: ignore[attr-defined]
        self.app.scenes.push("lobby", session=session)


register_scene("host", HostScene)
register_scene("join", JoinScene)
