"""Game over (issue 3 item 1): scores per seat, winners highlighted, "Play again" with
the same seats (a fresh shuffle) and "Main menu". Shows only public facts: names,
scores and who won.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.ui.scenes.menu_base import MenuBase
from game.ui.widgets import Button, Widget, _icon, colour, draw_panel, draw_text

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.session import HotseatSession


class GameOverScene(MenuBase):
    title = "Game over"

    def __init__(self, app: "App", session: "HotseatSession") -> None:
        super().__init__(app)
        self.session = session
        self.result = session.match.result()
        title = getattr(type(session.match), "title", "") or session.game
        self.subtitle = title

    def _panel(self) -> pygame.Rect:
        w, h = self.app.size
        n = len(self.session.players)
        pw = min(w - 80, self.px(640))
        ph = self.px(70) + n * self.px(58)
        return pygame.Rect(w // 2 - pw // 2, self.px(200), pw, ph)

    def build(self, w: int, h: int) -> list[Widget]:
        panel = self._panel()
        bw, bh = self.px(240), self.px(56)
        y = min(h - bh - self.px(30), panel.bottom + self.px(40))
        again = Button((w // 2 - bw - self.px(12), y, bw, bh), "Play again", self.play_again,
                       style="primary", font_size=self.px(24), name="play_again")
        menu = Button((w // 2 + self.px(12), y, bw, bh), "Main menu", self.main_menu,
                      font_size=self.px(24), name="main_menu")
        return [again, menu]

    def back(self) -> None:
        self.main_menu()

    def main_menu(self) -> None:
        from game.ui.scenes.menu import MenuScene

        self.session.close()
        self.app.scenes.reset(MenuScene(self.app))

    def play_again(self) -> None:
        """Same game, same names, same bot seats, a new shuffle."""
        from game.engine import SetupError
        from game.ui.scenes.menu import MenuScene
        from game.ui.session import HotseatSession, open_table

        old = self.session
        old.close()
        try:
            session = HotseatSession.new(self.app, old.game, list(old.players), sorted(old.bots),
                                         seed=random.randrange(1, 2**31),
                                         options={k: v for k, v in old.match.options.items() if k != "bots"},
                                         bot_delay=old.fixed_bot_delay)
            open_table(self.app, session, base=MenuScene(self.app))
        except (SetupError, KeyError, OSError) as exc:
            self.say(f"Cannot start a new game: {exc}", "error")

    def draw_extra(self, surface: pygame.Surface) -> None:
        panel = self._panel()
        draw_panel(surface, panel)
        scores = self.result.get("scores", [])
        winners = set(self.result.get("winners", []))
        order = sorted(range(len(self.session.players)),
                       key=lambda s: (-(scores[s] if s < len(scores) else 0), s))
        x0, y = panel.x + self.px(24), panel.y + self.px(16)
        draw_text(surface, "Player", (x0 + self.px(44), y), self.px(20), colour("text_dim"))
        draw_text(surface, "Score", (panel.right - self.px(24), y), self.px(20), colour("text_dim"),
                  anchor="topright")
        y += self.px(40)
        row_h = self.px(58)
        for seat in order:
            row = pygame.Rect(panel.x + self.px(10), y, panel.w - self.px(20), row_h - self.px(8))
            won = seat in winners
            if won:
                pygame.draw.rect(surface, colour("select"), row, border_radius=8)
                pygame.draw.rect(surface, colour("accent"), row, width=2, border_radius=8)
                icon = _icon("winner", self.px(30), colour("accent"))
                if icon is not None:
                    surface.blit(icon, icon.get_rect(midleft=(x0, row.centery)))
            name = self.session.players[seat]
            if seat in self.session.bots:
                name += "  (bot)"
            draw_text(surface, name, (x0 + self.px(44), row.centery), self.px(26),
                      colour("accent") if won else colour("text"), bold=won, anchor="midleft")
            score = scores[seat] if seat < len(scores) else "-"
            draw_text(surface, str(score), (panel.right - self.px(24), row.centery), self.px(28),
                      colour("accent") if won else colour("text"), bold=True, anchor="midright")
            y += row_h
        if winners:
            names = [self.session.players[s] for s in sorted(winners)]
            line = (f"{names[0]} wins!" if len(names) == 1
                    else "Shared win: " + ", ".join(names[:-1]) + " and " + names[-1])
            w, _ = surface.get_size()
            draw_text(surface, line, (w // 2, panel.y - self.px(12)), self.px(30), colour("accent"), bold=True,
                      anchor="midbottom")
