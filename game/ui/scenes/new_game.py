"""New game (issue 3 item 1): choose the game, the number of seats, each seat's name
and whether a bot plays it (and how well: Easy, Normal or Hard, issue 15), an optional
seed; Start opens the table.

Only games with both rules (``GAMES``) and a table scene (``TABLE_SCENES``) are offered.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Any

import pygame

from game.bots import DEFAULT_LEVEL, LEVEL_NAMES, LEVELS
from game.engine import GAMES_INFO
from game.ui.scenes.menu_base import MenuBase
from game.ui.widgets import Button, Checkbox, Label, Stepper, TextField, Widget, colour, draw_panel, draw_text

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

DEFAULT_NAMES = ["Ann", "Bob", "Cy", "Dora", "Ede", "Fritz", "Greta", "Hal", "Ida", "Jo", "Kai", "Lena"]
MAX_NAME = 24
#: game options offered as checkboxes (a game's boolean options with a label here)
OPTION_LABELS = {
    "double_pass": "Double pass",
    "town_hall": "Town Hall characters",
    "short_game_guard": "Short game guard",
    "hide_witch_on_death": "Secret witches at death",
    "extra_witch": "Extra witch",
}


def option_label(cls: Any, key: str) -> str | None:
    """The words a form shows beside a game option's box (None: the form does not offer
    it): a yes/no option's label as its game registered it (``GameInfo.options``), else
    from ``OPTION_LABELS``; for an option with two named
    choices (the game's ``option_choices``: Malleus's village, built at the table or
    ready) the choice that is not the default — ticking the box chooses it."""
    defaults = getattr(cls, "option_defaults", {}) or {}
    if key not in defaults:
        return None
    if isinstance(defaults[key], bool):
        info = GAMES_INFO.get(getattr(cls, "game_id", ""))
        found = info.option(key) if info is not None else None
        return found.label if found is not None else OPTION_LABELS.get(key)
    choices = (getattr(cls, "option_choices", {}) or {}).get(key) or {}
    others = [label for value, label in choices.items() if value != defaults[key]]
    return others[0] if len(choices) == 2 and len(others) == 1 else None


def option_value(cls: Any, key: str, ticked: bool) -> Any:
    """The option's value for a ticked (or not) box: the boolean itself, or for a
    two-choice option the other choice when ticked, else the default."""
    default = (getattr(cls, "option_defaults", {}) or {}).get(key)
    if isinstance(default, bool):
        return bool(ticked)
    if not ticked:
        return default
    choices = (getattr(cls, "option_choices", {}) or {}).get(key) or {}
    return next((value for value in choices if value != default), default)


def offered_options(cls: Any) -> list[str]:
    """The game's options a form offers, in the game's order."""
    return [k for k in (getattr(cls, "option_defaults", {}) or {}) if option_label(cls, k)]


#: seat rows go into two columns above this many seats
ONE_COLUMN = 7


def form_font_size(row: int, full: int) -> int:
    """The form's type size for a row height: full size while the row allows, then one
    pixel less per pixel of row (a field is the row less 6 px and its text needs ~9 px of air), so
    a Salem form with its options and timer keeps readable type (QA 28: it fell to 15 px)."""
    return max(13, min(full, row - 15))


#: the timer choices offered for a game with the option ``timer_s`` (Salem R22)
TIMER_CHOICES: tuple[int | None, ...] = (None, 30, 60, 90)


def get_label_width(label: str, size: int) -> int:
    from game.ui.fonts import get_font

    return get_font(size).size(label)[0]


def check_seats(names: list[str], bots: list[bool]) -> str | None:
    """A one-line reason the seats cannot start, or None."""
    cleaned = [n.strip() for n in names]
    for i, name in enumerate(cleaned):
        if not name:
            return f"Seat {i + 1} needs a name."
    lowered = [n.casefold() for n in cleaned]
    for i, name in enumerate(lowered):
        if lowered.index(name) != i:
            return f"Two seats are called {cleaned[i]}: give each a different name."
    return None


class GameSeatsForm(MenuBase):
    """A form that chooses the game and the number of seats (this scene and the LAN
    host form): only games with rules and a table are offered; changing the game keeps
    the seat count inside its limits."""

    def __init__(self, app: App, seats: int) -> None:
        super().__init__(app)
        from game.engine import GAMES
        from game.ui.tables import playable_games

        self.games = playable_games()
        self.game = self.games[0] if self.games else None
        self._classes = GAMES
        cls = GAMES.get(self.game) if self.game else None
        self.seats = max(cls.min_players, min(cls.max_players, seats)) if cls else seats
        self.bots: list[bool] = []
        #: the timer chosen per game (seconds, None = off), for games that offer one
        self.timers: dict[str, int | None] = {}
        #: per game, each offered option's box (ticked or not)
        self.game_options: dict[str, dict[str, bool]] = {}
        #: each seat's bot level (kept while the seat is a person, for when it is a bot again)
        self.levels: dict[int, str] = {}

    def game_and_seat_rows(
        self, widgets: list[Widget], x0: int, fx: int, y: int, label_w: int, row: int, fs: int
    ) -> int:
        """A button per game, then the seat stepper on the next row; returns that row's y."""
        widgets.append(Label((x0, y + self.px(10), label_w, row), "Game", fs, col="text_dim"))
        panel = getattr(self, "_panel", None)
        right = panel().right - self.px(24) if callable(panel) else self.app.size[0] - self.px(30)
        widths, bfs = self.game_button_widths(fs, right - fx)
        gx = fx
        for gid, bw in zip(self.games, widths):
            widgets.append(
                Button(
                    (gx, y, bw, row - self.px(6)),
                    self.game_title(gid),
                    lambda g=gid: self.pick_game(g),
                    style="primary" if gid == self.game else "normal",
                    font_size=bfs,
                    name=f"game_{gid}",
                )
            )
            gx += bw + self.px(10)
        y += row + self.px(10)
        cls = self._classes[self.game]
        widgets.append(Label((x0, y + self.px(10), label_w, row), "Seats", fs, col="text_dim"))
        count_text = getattr(self.table_class(), "seats_text", None) or (lambda v: f"{v} players")
        # wide enough for its longest text between − and + ("Prévôt + 3 players", QA 17)
        from game.ui.widgets import font

        widest = max(font(fs, True).size(str(count_text(v)))[0] for v in range(cls.min_players, cls.max_players + 1))
        sw = max(self.px(260), widest + 2 * (row - self.px(6)) + self.px(24))
        widgets.append(
            Stepper(
                (fx, y, sw, row - self.px(6)),
                self.seats,
                cls.min_players,
                cls.max_players,
                on_change=self.set_seats,
                font_size=fs,
                name="seats",
                fmt=count_text,
            )
        )
        return y

    def form_width(self, base: int, fs: int) -> int:
        """The form panel's width: ``base`` (px at the 1280x720 scale), wider when the
        game buttons need it to show every title whole, never wider than the window."""
        games, _ = self.game_button_widths(fs)
        need = self.px(48) + self.px(150) + sum(games) + self.px(10) * max(0, len(games) - 1)
        return min(self.app.size[0] - 60, max(self.px(base), need))

    def game_title(self, gid: str) -> str:
        return getattr(self._classes[gid], "title", gid) or gid

    def game_button_widths(self, fs: int, room: int | None = None) -> tuple[list[int], int]:
        """Widths of the game buttons and their font size: each title whole at ``fs``
        when the row fits ``room`` (None: any room), else a smaller font, at worst equal
        shares of the room (with every game added, the row must still fit the window)."""
        from game.ui.widgets import fit_row

        return fit_row(
            [self.game_title(g) for g in self.games],
            fs,
            room,
            gap=self.px(10),
            pad=self.px(30),
            min_width=self.px(120),
            min_size=max(13, int(fs * 0.7)),
        )

    # ------------------------------------------------------------------ options ----
    def option_keys(self) -> list[str]:
        """The chosen game's options offered here (see ``offered_options``), those that
        apply to the chosen number of players (its GameInfo says which): Salem's ghost
        game at 2 or 3 players offers neither Town Hall nor the extra witch."""
        from game.engine.registry import GAMES_INFO

        if self.game is None:
            return []
        info = GAMES_INFO.get(self.game)  # a game without its facts (a test's toy game): every option
        return [
            k
            for k in offered_options(self._classes.get(self.game))
            if info is None or info.option(k) is None or info.applies(k, self.seats)
        ]

    def option_label(self, key: str) -> str:
        return option_label(self._classes.get(self.game) if self.game else None, key) or key

    def option_layout(self, fs: int, left: int, right: int) -> list[tuple[str, int, int, int]]:
        """Where each option's checkbox goes: (key, x, row, width); a row that would pass
        ``right`` wraps onto the next one (QA 3: Salem's four options)."""
        out: list[tuple[str, int, int, int]] = []
        x, line = left, 0
        for key in self.option_keys():
            width = 26 + 20 + get_label_width(self.option_label(key), fs)  # box (26 at most) + gaps + words
            if x > left and x + width > right:
                x, line = left, line + 1
            out.append((key, x, line, width))
            x += width + self.px(16)
        return out

    def set_option(self, key: str, value: bool) -> None:
        self.game_options.setdefault(self.game, {})[key] = bool(value)
        self.dirty = True

    def chosen_options(self) -> dict:
        """The chosen game's options as ticked here, in the game's own values."""
        cls = self._classes.get(self.game) if self.game else None
        return {
            k: option_value(cls, k, v)
            for k, v in self.game_options.get(self.game, {}).items()
            if k in self.option_keys()
        }

    def timer_offered(self) -> bool:
        """Does the chosen game offer a timer (its option ``timer_s``)?"""
        cls = self._classes.get(self.game) if self.game else None
        return cls is not None and "timer_s" in getattr(cls, "option_defaults", {}) and cls.has_timers()

    def timer_row(self, widgets: list[Widget], x0: int, fx: int, y: int, label_w: int, row: int, fs: int) -> None:
        """ "Timer": Off / 30 s / 60 s / 90 s, the chosen one lit."""
        widgets.append(Label((x0, y + self.px(10), label_w, row), "Timer", fs, col="text_dim"))
        chosen = self.timers.get(self.game)
        x = fx
        for value in TIMER_CHOICES:
            label = "Off" if value is None else f"{value} s"
            bw = self.px(96)
            widgets.append(
                Button(
                    (x, y, bw, row - self.px(6)),
                    label,
                    lambda v=value: self.set_timer(v),
                    style="primary" if value == chosen else "normal",
                    font_size=fs,
                    name=f"timer_{value or 'off'}",
                )
            )
            x += bw + self.px(8)
        widgets.append(
            Label(
                (x + self.px(8), y + self.px(12), self.px(260), row),
                "an hourglass for each move",
                self.px(18),
                col="text_dim",
            )
        )

    def set_timer(self, value: int | None) -> None:
        if self.game is not None:
            self.timers[self.game] = value
        self.rebuild()

    def timer_options(self) -> dict:
        """``{"timer_s": S}`` when the chosen game offers a timer and one is chosen."""
        value = self.timers.get(self.game) if self.timer_offered() else None
        return {"timer_s": value} if value else {}

    def table_class(self):
        """The table scene class of the chosen game (it may name its seats: the Prévôt …)."""
        from game.ui.tables import load_tables

        return load_tables().get(self.game) if self.game else None

    def seat_label(self, seat: int) -> str:
        label = getattr(self.table_class(), "seat_label", None)
        return label(seat) if label is not None else f"Seat {seat + 1}"

    def bot_allowed(self, seat: int) -> bool:
        allowed = getattr(self.table_class(), "bot_allowed", None)
        return allowed(seat) if allowed is not None else True

    def pick_game(self, game: str) -> None:
        self.game = game
        cls = self._classes[game]
        self.seats = max(cls.min_players, min(cls.max_players, self.seats))
        self.rebuild()

    def set_seats(self, value: int) -> None:
        self.seats = value
        self.rebuild()

    def set_bot(self, seat: int, value: bool) -> None:
        self.bots[seat] = value
        button = self.ring.find(f"level_{seat}")
        if button is not None:
            button.visible = value and self.levels_matter()
        self.dirty = True

    def level_button(self, rect: Any, seat: int, font_size: int, prefix: str = "") -> Button:
        """The bot level of ``seat``: a click (or Enter) steps Easy -> Normal -> Hard -> Easy;
        shown only while a bot plays the seat, in a game whose bots search."""
        button = Button(
            rect,
            prefix + LEVELS[self.level(seat)].label,
            lambda: self.next_level(seat, prefix),
            font_size=font_size,
            name=f"level_{seat}",
        )
        button.visible = seat < len(self.bots) and self.bots[seat] and self.levels_matter()
        return button

    def levels_matter(self) -> bool:
        """Do bot levels change anything in the chosen game? (Not in a game whose bots
        never search, Match.can_search: Malleus' bots play one story-moving style.)"""
        cls = self._classes.get(self.game) if self.game else None
        return cls is None or cls.can_search()

    def next_level(self, seat: int, prefix: str = "") -> None:
        order = list(LEVEL_NAMES)
        self.levels[seat] = order[(order.index(self.level(seat)) + 1) % len(order)]
        button = self.ring.find(f"level_{seat}")
        if button is not None:
            button.label = prefix + LEVELS[self.level(seat)].label
        self.dirty = True

    def bot_levels(self, seats: list[int]) -> dict[int, str]:
        """seat -> level for the bot ``seats``."""
        return {seat: self.level(seat) for seat in seats}

    def level(self, seat: int) -> str:
        return self.levels.get(seat, DEFAULT_LEVEL)


class NewGameScene(GameSeatsForm):
    title = "New game"

    def __init__(self, app: App) -> None:
        from game.ui.settings import load_new_game_form

        super().__init__(app, seats=3)
        self.names = list(DEFAULT_NAMES)
        self.bots = [False] * len(DEFAULT_NAMES)
        # the last game's choices come back (issue 9 item 13): game, seats, names, bots
        last = load_new_game_form()
        if last:
            if last["game"] in self.games:
                self.game = last["game"]
            cls = self._classes.get(self.game) if self.game else None
            if cls is not None:
                self.seats = max(cls.min_players, min(cls.max_players, last["seats"]))
            for i, name in enumerate(last["names"][: len(DEFAULT_NAMES)]):
                if name.strip():
                    self.names[i] = name
            self.bots = [i in last["bots"] for i in range(len(DEFAULT_NAMES))]
            self.levels = dict(last.get("levels") or {})  # each seat's bot level (QA 36)
        self.seed_text = ""
        self.subtitle = "Choose the game, who sits at the table, and which seats a bot plays"

    # ---------------------------------------------------------------- layout ----
    def option_rows(self, fs: int | None = None) -> int:
        """How many rows the options take in the form (0 without options)."""
        if not self.option_keys():
            return 0
        fs = fs if fs is not None else self.px(22)
        w = self.app.size[0]
        pw = self._panel_width()
        left = w // 2 - pw // 2 + self.px(24) + self.px(150)
        return 1 + max(line for _k, _x, line, _w in self.option_layout(fs, left, w // 2 + pw // 2 - self.px(24)))

    def _columns(self) -> int:
        return 2 if self.seats >= ONE_COLUMN else 1

    def _seat_rows(self) -> int:
        return -(-self.seats // self._columns())

    def _top_row(self) -> int:
        """The game and seats rows: full height always, so the seats stepper stays under
        the pointer while "+" is clicked again and again."""
        return self.px(48)

    def _lower_rows(self) -> int:
        """Rows under the seats stepper: the seats, the note on the seats, the options,
        the timer and the seed."""
        return (
            self._seat_rows()
            + (1 if self.seats_note() else 0)
            + self.option_rows()
            + (1 if self.timer_offered() else 0)
            + 1
        )

    def _row(self) -> int:
        """Height of the rows under the seats stepper: 48 px at the 1280x720 scale, less
        only when the chosen seats and options need it to fit above the buttons (a form
        with few seats keeps full rows, with room to read)."""
        _, h = self.app.size
        top = self.px(140) + self.px(20) + (self._top_row() + self.px(10)) + (self._top_row() + self.px(14))
        bottom = h - self.px(30) - self.px(56) - self.px(16) - self.px(34)  # the buttons, the hint line
        room = bottom - top - self.px(10) - self.px(20)
        return max(28, min(self.px(48), room // max(1, self._lower_rows())))

    def seats_note(self) -> str:
        """One line the chosen game says about this many seats (Salem: the ghosts at 2 or
        3 players), from its table; "" when none."""
        note = getattr(self.table_class(), "seats_note", None)
        return str(note(self.seats) or "") if note is not None else ""

    def label_y(self, y: int, row: int, size: int) -> int:
        """A row label's top, so its words sit level with the field's text."""
        from game.ui.widgets import font

        return y + max(0, (row - self.px(6) - font(size).get_height()) // 2)

    def _panel_width(self) -> int:
        """The form's width depends on the game only, never on the seat count or the row
        height, so the seats stepper stays under the pointer while "+" is clicked (QA 28):
        wide enough for two columns when the game may need them, titles at full size."""
        cls = self._classes.get(self.game) if self.game else None
        two = self._columns() == 2 or (cls is not None and cls.max_players >= ONE_COLUMN)
        return self.form_width(1120 if two else 820, self.px(22))

    def _panel(self) -> pygame.Rect:
        w, h = self.app.size
        pw = self._panel_width()
        top = self.px(140)
        row, head = self._row(), self._top_row()
        ph = (
            self.px(20)
            + (head + self.px(10))
            + (head + self.px(14))
            + self._lower_rows() * row
            + self.px(10)
            + self.px(14)
        )
        return pygame.Rect(w // 2 - pw // 2, top, pw, ph)

    def build(self, w: int, h: int) -> list[Widget]:
        widgets: list[Widget] = []
        panel = self._panel()
        x0 = panel.x + self.px(24)
        label_w = self.px(150)
        fx = x0 + label_w
        y = panel.y + self.px(20)
        row, head = self._row(), self._top_row()
        fs, head_fs = form_font_size(row, self.px(22)), form_font_size(head, self.px(22))
        if not self.games:
            widgets.append(
                Label((x0, y, panel.w - 48, row), "No game can be played on the desktop yet.", fs, col="danger")
            )
        else:
            y = self.game_and_seat_rows(widgets, x0, fx, y, label_w, head, head_fs)
            y += head + self.px(14)
            cols = self._columns()
            col_w = (panel.right - x0 - self.px(24)) // cols
            seat_label_w = label_w if cols == 1 else self.px(90)
            # two columns (up to 12 seats) leave room for shorter words only
            bot_w, level_w = (self.px(170), self.px(170)) if cols == 1 else (self.px(84), self.px(112))
            name_w = min(self.px(320), col_w - seat_label_w - bot_w - level_w - self.px(44))
            rows = self._seat_rows()
            for i in range(self.seats):
                cx = x0 + (i // rows) * col_w
                cy = y + (i % rows) * row
                nx = cx + seat_label_w
                widgets.append(
                    Label((cx, self.label_y(cy, row, fs), seat_label_w, row), self.seat_label(i), fs, col="text_dim")
                )
                widgets.append(
                    TextField(
                        (nx, cy, name_w, row - self.px(6)),
                        self.names[i],
                        max_len=MAX_NAME,
                        placeholder=f"Name of seat {i + 1}",
                        font_size=fs,
                        on_change=lambda t, i=i: self.set_name(i, t),
                        on_submit=lambda _t: self.start(),
                        name=f"name_{i}",
                    )
                )
                if self.bot_allowed(i):
                    widgets.append(
                        Checkbox(
                            (nx + name_w + self.px(14), cy, bot_w, row - self.px(6)),
                            "Bot plays" if cols == 1 else "Bot",
                            self.bots[i],
                            font_size=fs,
                            on_change=lambda v, i=i: self.set_bot(i, v),
                            name=f"bot_{i}",
                        )
                    )
                    widgets.append(
                        self.level_button(
                            (nx + name_w + bot_w + self.px(24), cy, level_w, row - self.px(6)),
                            i,
                            fs,
                            prefix="Level: " if cols == 1 else "",
                        )
                    )
                else:
                    self.bots[i] = False
                    widgets.append(
                        Label(
                            (nx + name_w + self.px(14), self.label_y(cy, row, fs), self.px(170), row),
                            "always a person",
                            fs,
                            col="text_dim",
                        )
                    )
            y += rows * row
            note = self.seats_note()
            if note:  # what this count of seats means for the game (Salem's ghosts)
                label = Label(
                    (fx, self.label_y(y, row, self.px(18)), panel.right - fx - self.px(24), row),
                    note,
                    self.px(18),
                    col="text_dim",
                )
                label.name = "seats_note"
                widgets.append(label)
                y += row
            y += self.px(10)
            options = self.option_layout(fs, fx, panel.right - self.px(24))
            if options:
                chosen = self.game_options.setdefault(self.game, {})
                widgets.append(Label((x0, self.label_y(y, row, fs), label_w, row), "Options", fs, col="text_dim"))
                for key, ox, line, bw in options:
                    widgets.append(
                        Checkbox(
                            (ox, y + line * row, bw, row - self.px(6)),
                            self.option_label(key),
                            chosen.get(key, False),
                            font_size=fs,
                            on_change=lambda v, k=key: self.set_option(k, v),
                            name=f"option_{key}",
                        )
                    )
                y += (1 + max(line for _k, _x, line, _w in options)) * row
            if self.timer_offered():
                self.timer_row(widgets, x0, fx, y, label_w, row, fs)
                y += row
            widgets.append(Label((x0, self.label_y(y, row, fs), label_w, row), "Seed", fs, col="text_dim"))
            widgets.append(
                TextField(
                    (fx, y, self.px(200), row - self.px(6)),
                    self.seed_text,
                    max_len=9,
                    placeholder="random",
                    font_size=fs,
                    on_change=self.set_seed,
                    on_submit=lambda _t: self.start(),
                    name="seed",
                )
            )
            widgets.append(
                Label(
                    (fx + self.px(220), self.label_y(y, row, self.px(18)), panel.right - fx - self.px(240), row),
                    "optional: the same seed deals the same cards",
                    self.px(18),
                    col="text_dim",
                )
            )
        bw, bh = self.px(220), self.px(56)
        by = h - bh - self.px(30)
        widgets.append(
            Button((w // 2 - bw - self.px(12), by, bw, bh), "Back", self.back, font_size=self.px(24), name="back")
        )
        widgets.append(
            Button(
                (w // 2 + self.px(12), by, bw, bh),
                "Start",
                self.start,
                style="primary",
                enabled=bool(self.games),
                font_size=self.px(24),
                name="start",
            )
        )
        return widgets

    def focus_first(self) -> None:
        first = self.ring.find("name_0")
        if first is not None:
            self.ring.focus_on(first)
        else:
            super().focus_first()

    def draw_extra(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self._panel())
        w, h = surface.get_size()
        humans = sum(1 for i in range(self.seats) if not self.bots[i])
        if humans == 0:
            hint = "Only bots: you will watch the game."
        elif humans == 1:
            hint = "One person against bots: no passing the screen."
        else:
            hint = f"{humans} people share this screen: it asks you to pass it before each private turn."
        draw_text(
            surface,
            hint,
            (w // 2, self._panel().bottom + self.px(14)),
            self.px(20),
            colour("text_dim"),
            anchor="midtop",
        )

    # ---------------------------------------------------------------- actions ----
    def set_name(self, seat: int, text: str) -> None:
        self.names[seat] = text

    def set_seed(self, text: str) -> None:
        self.seed_text = text

    def start(self) -> None:
        from game.engine import SetupError
        from game.ui.scenes.menu import MenuScene
        from game.ui.session import HotseatSession, open_table
        from game.ui.settings import save_new_game_form

        if self.game is None:
            return
        names = [n.strip() for n in self.names[: self.seats]]
        bots = self.bots[: self.seats]
        problem = check_seats(names, bots)
        if problem:
            self.say(problem, "error")
            return
        seed_text = self.seed_text.strip()
        if seed_text and not seed_text.isdigit():
            self.say("The seed must be a whole number (or leave it empty).", "error")
            return
        seed = int(seed_text) if seed_text else random.randrange(1, 2**31)
        try:
            options = self.chosen_options()
            options.update(self.timer_options())
            seats = [i for i, b in enumerate(bots) if b]
            session = HotseatSession.new(
                self.app, self.game, names, seats, seed, options=options, bot_levels=self.bot_levels(seats)
            )
            save_new_game_form(
                self.game,
                self.seats,
                [n.strip() for n in self.names],
                [i for i, b in enumerate(self.bots) if b],
                levels=dict(self.levels),
            )
            open_table(self.app, session, base=MenuScene(self.app))
        except SetupError as exc:
            self.say(str(exc), "error")
        except OSError as exc:
            self.say(f"Cannot save the game: {exc.strerror or exc}", "error")
