"""The part of a form that chooses the game, the number of seats, the game's options and
each bot seat's level: :class:`GameSeatsForm`, shared by the New game scene and the LAN
host form (each builds its own rows from these), with the checks and labels they share.

Only games with both rules (``GAMES``) and a table scene (``game.ui.tables``) are offered.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from game.bots import DEFAULT_LEVEL, LEVEL_NAMES, LEVELS
from game.engine import GAMES
from game.engine.registry import GAMES_INFO
from game.ui.fonts import get_font
from game.ui.game_options import OPTION_LABELS, offered_options, option_label, option_value  # noqa: F401 (importable from here as before)
from game.ui.scenes.menu_base import MenuBase
from game.ui.tables import load_tables, playable_games, table_spec
from game.ui.widgets import Button, Checkbox, Label, Stepper, Widget, fit_row, font

if TYPE_CHECKING:
    from game.ui.app import App

DEFAULT_NAMES = ["Ann", "Bob", "Cy", "Dora", "Ede", "Fritz", "Greta", "Hal", "Ida", "Jo", "Kai", "Lena"]
MAX_NAME = 24
#: seat rows go into two columns above this many seats
ONE_COLUMN = 7


def form_font_size(row: int, full: int) -> int:
    """The form's type size for a row height: full size while the row allows, then one
    pixel less per pixel of row (a field is the row less 6 px and its text needs ~9 px of air), so
    a Salem form with its options and timer keeps readable type."""
    return max(13, min(full, row - 15))


#: the timer choices offered for a game with the option ``timer_s`` (Salem R22)
TIMER_CHOICES: tuple[int | None, ...] = (None, 30, 60, 90)


def get_label_width(label: str, size: int) -> int:
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
    the seat count inside its limits. Its subtitle is the chosen game's tagline
    (:meth:`tagline`), or the form's ``blurb`` when that game has none."""

    #: the subtitle for a game without a tagline
    blurb = ""

    def __init__(self, app: App, seats: int) -> None:
        super().__init__(app)

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
        #: a form's "Bot levels" caption, if it has one: shown only while a level button is
        self.levels_caption: Widget | None = None

    def tagline(self) -> str:
        """What the chosen game is, in a line (its table's tagline): the form's subtitle."""
        spec = table_spec(self.game) if self.game else None
        if spec is not None and spec.tagline:
            return spec.tagline
        return self.blurb

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
        # wide enough for its longest text between − and + ("Prévôt + 3 players")

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
        ``right`` wraps onto the next one (Salem's four options need two rows)."""
        out: list[tuple[str, int, int, int]] = []
        x, line = left, 0
        for key in self.option_keys():
            width = Checkbox.width_for(self.option_label(key), fs)  # box + gaps + words
            if x > left and x + width > right:
                x, line = left, line + 1
            out.append((key, x, line, width))
            x += width + self.px(16)
        return out

    @staticmethod
    def option_lines(options: list[tuple[str, int, int, int]]) -> int:
        """How many lines an :meth:`option_layout` takes (0: no options)."""
        return 1 + max(line for _k, _x, line, _w in options) if options else 0

    def option_boxes(
        self,
        widgets: list[Widget],
        x0: int,
        fx: int,
        right: int,
        y: int,
        label_dy: int,
        label_w: int,
        row: int,
        fs: int,
    ) -> int:
        """ "Options" at ``x0`` (its top ``label_dy`` below ``y``, ``label_w`` wide) and a
        checkbox per offered option, laid out by :meth:`option_layout` from ``fx`` to
        ``right``; returns the y under the options' last line (``y`` when the game offers
        none)."""
        options = self.option_layout(fs, fx, right)
        if not options:
            return y
        chosen = self.game_options.get(self.game, {}) if self.game else {}
        widgets.append(Label((x0, y + label_dy, label_w, row), "Options", fs, col="text_dim"))
        for key, ox, line, bw in options:
            widgets.append(
                Checkbox(
                    (ox, y + line * row, bw, row - self.px(6)),
                    self.option_label(key),
                    chosen.get(key, False),
                    font_size=fs,
                    on_change=partial(self.set_option, key),
                    name=f"option_{key}",
                )
            )
        return y + self.option_lines(options) * row

    def back_and(self, widgets: list[Widget], w: int, h: int, label: str, action: Any, name: str) -> None:
        """The form's two buttons side by side at the bottom: Back, and ``label`` (the
        form's own: Start, Host), lit, which needs a game to offer."""
        bw, bh = self.px(220), self.px(56)
        by = h - bh - self.px(30)
        widgets.append(
            Button((w // 2 - bw - self.px(12), by, bw, bh), "Back", self.back, font_size=self.px(24), name="back")
        )
        widgets.append(
            Button(
                (w // 2 + self.px(12), by, bw, bh),
                label,
                action,
                style="primary",
                enabled=bool(self.games),
                font_size=self.px(24),
                name=name,
            )
        )

    def restore_choices(self, last: dict) -> None:
        """Each game's option boxes and timer as the form's file kept them
        (``game.ui.settings``: checked; an option a game no longer has is never shown)."""
        self.game_options = {g: dict(ticks) for g, ticks in (last.get("options") or {}).items()}
        self.timers = {g: t if t in TIMER_CHOICES else None for g, t in (last.get("timers") or {}).items()}

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
            button.visible = self.level_shown(seat)
        if self.levels_caption is not None:
            self.levels_caption.visible = self.any_level_shown()
        self.dirty = True

    def level_shown(self, seat: int) -> bool:
        """Does ``seat`` show its bot level: a bot plays it, in a game whose bots search?"""
        return seat < len(self.bots) and self.bots[seat] and self.levels_matter()

    def any_level_shown(self) -> bool:
        return any(self.level_shown(seat) for seat in range(1, self.seats))

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
        button.visible = self.level_shown(seat)
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
