"""The main menu ("menu"): New game, Continue, Host, Join, Rules, Settings, Quit; each
opens its scene by name.

Arrow keys / Tab move between the buttons, Enter opens one, Esc quits.
"""

from __future__ import annotations

import logging

import pygame

from game.saves import list_saves
from game.ui.scene import UnknownScene, register_scene
from game.ui.scenes.menu_base import MenuBase
from game.ui.widgets import Widget, colour, draw_text

log = logging.getLogger(__name__)

LAN_PLACEHOLDER = (
    "LAN play is being wired into the desktop app.\n\n"
    "Meanwhile a table can be hosted and joined from the command line:\n"
    "witchhunt host GAME --players 4 --name Ann\n"
    "witchhunt join 192.168.1.20 --name Bob"
)


class MenuScene(MenuBase):
    title = "Witchhunt Table"
    subtitle = "Witch-hunt card games around one screen or across the room"

    def build(self, w: int, h: int) -> list[Widget]:
        try:
            has_saves = bool(list_saves())
        except OSError:
            has_saves = False
        items = [
            # the yellow (primary) button is the one Enter takes: Continue when a game is saved
            (
                "New game",
                self.new_game,
                {"icon": "deck", "style": "normal" if has_saves else "primary", "name": "new_game"},
            ),
            (
                "Continue",
                self.continue_game,
                {
                    "icon": "continue",
                    "enabled": has_saves,
                    "name": "continue",
                    "style": "primary" if has_saves else "normal",
                },
            ),
            ("Host a game", self.host, {"icon": "host", "name": "host"}),
            ("Join a game", self.join, {"icon": "join", "name": "join"}),
            ("Rules", self.rules, {"icon": "rules", "name": "rules"}),
            ("Settings", self.settings, {"icon": "settings", "name": "settings"}),
            ("Quit", self.app.quit, {"icon": "quit", "name": "quit"}),
        ]
        bh, gap = self.px(54), self.px(12)
        top = max(self.px(170), (h - len(items) * (bh + gap)) // 2 + self.px(40))
        return list(self.column(items, top, self.px(360), bh, gap))

    def focus_first(self) -> None:
        """Continue when there is a game to go on with, else New game."""
        cont = self.ring.find("continue")
        if cont is not None and cont.enabled:
            self.ring.focus_on(cont)
        else:
            super().focus_first()

    def back(self) -> None:
        self.app.quit()

    def draw_extra(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_text(
            surface,
            "Tab / arrows to move, Enter to choose, F11 full screen",
            (w // 2, h - self.px(14)),
            self.px(16),
            colour("text_dim"),
            anchor="midbottom",
        )

    # actions
    def new_game(self) -> None:
        self.app.scenes.push("new_game")

    def continue_game(self) -> None:
        self.app.scenes.push("continue")

    def rules(self) -> None:
        self.app.scenes.push("rules")

    def settings(self) -> None:
        self.app.scenes.push("settings")

    def host(self) -> None:
        self._lan("host")

    def join(self) -> None:
        self._lan("join")

    def _lan(self, what: str) -> None:
        """Open the LAN scene ("host" or "join"); in a build without it, a notice."""
        try:
            self.app.scenes.push(what)
        except UnknownScene:
            title = "Host a game" if what == "host" else "Join a game"
            self.app.scenes.push("message", title=title, text=LAN_PLACEHOLDER)
        except Exception:
            log.exception("LAN scene failed to open")
            self.say("LAN play could not start; details are in the log.", "error")


register_scene("menu", MenuScene)
