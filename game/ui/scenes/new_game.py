"""New game: choose the game, the number of seats, each seat's name and whether a bot
plays it (and how well: Easy, Normal or Hard), an optional seed; Start opens the table
(above the main menu). The game and seat rows are :class:`GameSeatsForm`
(game.ui.scenes.seats_form), shared with the LAN host form.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

import pygame

from game.engine import SetupError
from game.ui.scene import register_scene
from game.ui.scenes.seats_form import (  # noqa: F401 (re-exported: importable from here as before)
    DEFAULT_NAMES,
    MAX_NAME,
    ONE_COLUMN,
    OPTION_LABELS,
    TIMER_CHOICES,
    GameSeatsForm,
    check_seats,
    form_font_size,
    get_label_width,
    offered_options,
    option_label,
    option_value,
)
from game.ui.session import HotseatSession, open_table
from game.ui.settings import load_new_game_form, save_new_game_form
from game.ui.widgets import Checkbox, Label, TextField, Widget, colour, draw_panel, draw_text, font

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)


class NewGameScene(GameSeatsForm):
    title = "New game"
    blurb = "Choose the game, who sits at the table, and which seats a bot plays"

    def __init__(self, app: App) -> None:
        super().__init__(app, seats=3)
        self.names = list(DEFAULT_NAMES)
        self.bots = [False] * len(DEFAULT_NAMES)
        # the last game's choices come back: game, seats, names, bots
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
            self.levels = dict(last.get("levels") or {})  # each seat's bot level
            self.restore_choices(last)  # each game's options and timer
        self.seed_text = ""
        self.subtitle = self.tagline()

    # ---------------------------------------------------------------- layout ----
    def option_rows(self, fs: int | None = None) -> int:
        """How many rows the options take in the form (0 without options)."""
        if not self.option_keys():
            return 0
        fs = fs if fs is not None else self.px(22)
        w = self.app.size[0]
        pw = self._panel_width()
        left = w // 2 - pw // 2 + self.px(24) + self.px(150)
        return self.option_lines(self.option_layout(fs, left, w // 2 + pw // 2 - self.px(24)))

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

        return y + max(0, (row - self.px(6) - font(size).get_height()) // 2)

    def _panel_width(self) -> int:
        """The form's width depends on the game only, never on the seat count or the row
        height, so the seats stepper stays under the pointer while "+" is clicked:
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
        self.subtitle = self.tagline()  # the game chosen may have changed
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
            y = self.option_boxes(
                widgets, x0, fx, panel.right - self.px(24), y, self.label_y(y, row, fs) - y, label_w, row, fs
            )
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
        self.back_and(widgets, w, h, "Start", self.start, "start")
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
                options=self.game_options,
                timers=self.timers,
            )
            open_table(self.app, session, base="menu")
        except SetupError as exc:
            self.say(str(exc), "error")
        except OSError as exc:
            self.say(f"Cannot save the game: {exc.strerror or exc}", "error")


register_scene("new_game", NewGameScene)
