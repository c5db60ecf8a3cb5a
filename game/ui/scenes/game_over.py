"""Game over: how the game ended (the engine's ``ending``, one or two sentences the same
for everyone), the score of each seat and where it came from (the engine's
``score_breakdown()``), winners highlighted, "See the final table" (the table below,
everything the game hid now face up from the view's ``revealed``; then back to the
scores), "Play again" with the same seats (a fresh shuffle) and "Main menu". Once a
game is over nothing is secret any more: the end's view is the same for every seat.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.engine import SetupError
from game.ui.fonts import get_font
from game.ui.input import InputEvent
from game.ui.scene import register_scene
from game.ui.scenes.final_table import FinalTableLook
from game.ui.scenes.menu_base import MenuBase
from game.ui.session import HotseatSession, bot_levels_of, open_table
from game.ui.tables import seat_role
from game.ui.widgets import Button, Widget, _icon, colour, draw_panel, draw_text, fit_text
from game.ui.wording import listed

if TYPE_CHECKING:
    from game.ui.app import App


class GameOverScene(FinalTableLook, MenuBase):
    """The final scores as a table, BGA style: a column per player (winners first, lit),
    a row per source of points from the engine's ``score_breakdown()`` and the totals,
    under how the game ended. Nothing has the focus at first, so a Space or Enter still
    held from the last move skips nothing; Tab or a click chooses Play again or Main
    menu, T shows the final table."""

    title = "Game over"

    def __init__(self, app: App, session: HotseatSession) -> None:
        super().__init__(app)
        self.session = session
        self.result = session.match.result()
        breakdown = getattr(session.match, "score_breakdown", list)()
        scores = self.result.get("scores", [])
        if not breakdown:
            breakdown = [[{"label": "Score", "points": score}] for score in scores]
        self.breakdown: list[list[dict]] = breakdown
        title = getattr(type(session.match), "title", "") or session.game
        self.subtitle = title

    def final_view(self) -> dict:
        """The end's view: the same for every seat once the game is over."""
        return self.session.match.view(None)

    def column_name(self, seat: int) -> str:
        """A player's column header: the name, with the part the seat plays where the
        game gives it one ("Ann (Prévôt)": the Prévôt scores no personal gain and never
        wins, and a bare "Ann 0" read as the last place)."""
        part = seat_role(self.session.game, seat)
        return f"{self.session.players[seat]} ({part})" if part else self.session.players[seat]

    # ------------------------------------------------------------------ layout ----
    def order(self) -> list[int]:
        """The columns: every seat a person or a bot played (a seat nobody plays, like
        Salem's ghosts, is no player's), the best score first."""
        scores = self.result.get("scores", [])
        seats = [s for s in range(len(self.session.players)) if s not in self.session.absent]
        return sorted(seats, key=lambda s: (-(scores[s] if s < len(scores) else 0), s))

    def labels(self) -> list[str]:
        """The rows: every label any seat reports, in the engine's order."""
        out: list[str] = []
        for lines in self.breakdown:
            for line in lines:
                if line.get("label") not in out:
                    out.append(str(line.get("label")))
        return out

    def _rows(self) -> int:
        return len(self.labels()) + (2 if len(self.labels()) > 1 else 1)

    def _panel_width(self) -> int:
        w, _ = self.app.size
        return min(w - 60, self.px(300) + len(self.session.players) * self._column_width())

    def _column_width(self) -> int:
        """A player's column: 150 px at the 1280x720 scale, wider for a long name (and a
        bot's icon after it) where the window has room."""
        head = self.px(21)
        font = get_font(head, bold=True)
        bots = self.session.bots
        need = max(
            (
                font.size(self.column_name(seat))[0] + (head + self.px(4) if seat in bots else 0)
                for seat in range(len(self.session.players))
            ),
            default=0,
        )
        return max(self.px(150), need + self.px(16))

    def _ending_top(self) -> int:
        """Where the ending's sentences start: under the title and the game's name."""
        return self.px(28) + int(self.px(54) * 1.25) + self.px(4) + int(self.px(22) * 1.3) + self.px(18)

    def _row_height(self) -> int:
        """46 px at the 1280x720 scale, less when a long breakdown must fit above the buttons."""
        _, h = self.app.size
        top = self._panel_top()
        room = h - top - self.px(24) - self.px(56) - self.px(30) - self.px(30)
        return max(self.px(26), min(self.px(46), room // max(1, self._rows())))

    def _panel_top(self) -> int:
        lines = len(self.ending_lines(self._panel_width()))
        return max(self.px(190), self._winners_bottom() + lines * self._ending_line_h() + self.px(18))

    def _winners_bottom(self) -> int:
        """The bottom of the winners' line (its top is :meth:`_ending_top`)."""
        return self._ending_top() + int(self.px(30) * 1.3) + self.px(6)

    def _ending_line_h(self) -> int:
        return int(self.px(19) * 1.35)

    def _panel(self) -> pygame.Rect:
        w, h = self.app.size
        pw = self._panel_width()
        ph = self.px(24) + self._rows() * self._row_height()
        return pygame.Rect(w // 2 - pw // 2, self._panel_top(), pw, ph)

    def build(self, w: int, h: int) -> list[Widget]:
        if self.looking:
            return self.look_widgets()
        panel = self._panel()
        bw, bh = self.px(240), self.px(56)
        y = min(h - bh - self.px(30), panel.bottom + self.px(30))
        again = Button(
            (w // 2 - bw * 3 // 2 - self.px(16), y, bw, bh),
            "Play again",
            self.play_again,
            style="primary",
            font_size=self.px(24),
            name="play_again",
        )
        look = self.look_button((w // 2 - bw // 2, y, bw, bh))
        menu = Button(
            (w // 2 + bw // 2 + self.px(16), y, bw, bh),
            "Main menu",
            self.main_menu,
            font_size=self.px(24),
            name="main_menu",
        )
        widgets = [again, look, menu]
        extra = getattr(self.session, "game_over_actions", None)
        for i, (label, fn, name) in enumerate(extra() if extra is not None else []):
            ey = y + (i + 1) * (bh + self.px(12))
            if ey + bh > h - self.px(8):  # no room below the buttons: above them
                ey = y - (i + 1) * (bh + self.px(12))
            widgets.append(
                Button(
                    (w // 2 - bw // 2 - self.px(60), ey, bw + self.px(120), bh),
                    label,
                    lambda fn=fn: self.say(fn() or ""),
                    font_size=self.px(22),
                    name=name,
                )
            )
        return widgets

    def handle(self, event: InputEvent) -> None:
        if self.handle_look(event):
            return
        super().handle(event)

    def focus_first(self) -> None:
        pass  # nothing dangerous under Space / Enter: the scores stay until a choice is made

    def back(self) -> None:
        self.main_menu()

    def main_menu(self) -> None:
        self.session.close()
        self.app.scenes.reset("menu")

    def play_again(self) -> None:
        """Same game, same names, same bot seats, a new shuffle."""
        old = self.session
        old.close()
        try:
            session = HotseatSession.new(
                self.app,
                old.game,
                list(old.players),
                sorted(old.bots),
                seed=random.randrange(1, 2**31),
                options={k: v for k, v in old.match.options.items() if k != "bots"},
                bot_delay=old.fixed_bot_delay,
                hold=old.fixed_hold,
                bot_levels=bot_levels_of(old.bots),
            )
            open_table(self.app, session, base="menu")
        except (SetupError, KeyError, OSError) as exc:
            self.say(f"Cannot start a new game: {exc}", "error")

    # ----------------------------------------------------------------- drawing ----
    def draw(self, surface: pygame.Surface) -> None:
        if self.looking:  # the table below draws the final position; only the bar is ours
            self.draw_look(surface)
            self.toast.draw(surface)
            return
        super().draw(surface)

    def draw_extra(self, surface: pygame.Surface) -> None:
        panel = self._panel()
        w, _ = surface.get_size()
        y = self._winners_bottom()
        for line in self.ending_lines(panel.w):  # how it ended, in the engine's words
            draw_text(surface, line, (w // 2, y), self.px(19), colour("text"), anchor="midtop")
            y += self._ending_line_h()
        draw_panel(surface, panel)
        scores = self.result.get("scores", [])
        winners = set(self.result.get("winners", []))
        order = self.order()
        labels = self.labels()
        col_w = min(self._column_width(), (panel.w - self.px(260)) // max(1, len(order)))
        label_w = panel.w - self.px(20) - len(order) * col_w
        row_h = self._row_height()
        x0, y = panel.x + self.px(20), panel.y + self.px(12)
        text_size, head_size = self.px(19), self.px(21)
        # the winners' columns are lit from top to bottom
        for i, seat in enumerate(order):
            if seat in winners:
                col = pygame.Rect(
                    panel.x + label_w + i * col_w + self.px(4),
                    panel.y + self.px(6),
                    col_w - self.px(8),
                    panel.h - self.px(12),
                )
                pygame.draw.rect(surface, colour("select"), col, border_radius=8)
                pygame.draw.rect(surface, colour("accent"), col, width=2, border_radius=8)
        # header: the players
        for i, seat in enumerate(order):
            cx = panel.x + label_w + i * col_w + col_w // 2
            won = seat in winners
            ink = colour("accent") if won else colour("text")
            # a bot's name carries the bot icon, not " (bot)": in a narrow column the words
            # took the name's room ("Maximilian (b…")
            icon = _icon("bot", head_size, ink) if seat in self.session.bots else None
            room = col_w - self.px(12) - (icon.get_width() + self.px(4) if icon is not None else 0)
            name = fit_text(self.column_name(seat), head_size, room, bold=True)
            width = get_font(head_size, bold=True).size(name)[0]
            left = cx - (width + (icon.get_width() + self.px(4) if icon is not None else 0)) // 2
            drawn = draw_text(surface, name, (left, y + row_h // 2), head_size, ink, bold=True, anchor="midleft")
            if icon is not None:
                surface.blit(icon, icon.get_rect(midleft=(drawn.right + self.px(4), drawn.centery)))
        y += row_h
        rows = labels if len(labels) > 1 else []
        for label in rows:
            pygame.draw.line(surface, colour("panel_edge"), (x0, y), (panel.right - self.px(20), y))
            draw_text(
                surface,
                fit_text(label, text_size, label_w - self.px(30)),
                (x0, y + row_h // 2),
                text_size,
                colour("text_dim"),
                anchor="midleft",
            )
            for i, seat in enumerate(order):
                points = (
                    next((line.get("points") for line in self.breakdown[seat] if line.get("label") == label), 0)
                    if seat < len(self.breakdown)
                    else 0
                )
                cx = panel.x + label_w + i * col_w + col_w // 2
                draw_text(surface, str(points), (cx, y + row_h // 2), text_size, colour("text"), anchor="center")
            y += row_h
        pygame.draw.line(surface, colour("accent"), (x0, y), (panel.right - self.px(20), y), 2)
        total_label = "Total" if len(labels) != 1 else labels[0]
        draw_text(
            surface,
            fit_text(total_label, text_size, label_w - self.px(30), bold=True),
            (x0, y + row_h // 2),
            text_size,
            colour("text"),
            bold=True,
            anchor="midleft",
        )
        for i, seat in enumerate(order):
            cx = panel.x + label_w + i * col_w + col_w // 2
            score = scores[seat] if seat < len(scores) else "-"
            won = seat in winners
            r = draw_text(
                surface,
                str(score),
                (cx, y + row_h // 2),
                self.px(26),
                colour("accent") if won else colour("text"),
                bold=True,
                anchor="center",
            )
            if won:
                icon = _icon("winner", self.px(24), colour("accent"))
                if icon is not None:
                    surface.blit(icon, icon.get_rect(midright=(r.x - self.px(6), y + row_h // 2)))
        if winners:
            names = [self.session.players[s] for s in sorted(winners)]
            line = f"{names[0]} wins!" if len(names) == 1 else "Shared win: " + listed(names)
            w, _ = surface.get_size()
            draw_text(
                surface, line, (w // 2, self._ending_top()), self.px(30), colour("accent"), bold=True, anchor="midtop"
            )
        w, h = surface.get_size()
        draw_text(
            surface,
            "Tab to choose, Enter to confirm",
            (w // 2, h - self.px(8)),
            self.px(15),
            colour("text_dim"),
            anchor="midbottom",
        )


register_scene("game_over", GameOverScene)
