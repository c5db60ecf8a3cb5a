"""The curtain (DESIGN D3): "Pass to Bob - click when only Bob is looking".

Opaque, and it draws NO game information except public names: not the table, not a
hand, not whose turn beyond the name it calls for. It is pushed (by its name, "curtain")
by the hot-seat session after it set ``screen_seat`` to None; only when the named player clicks it away does the
session show that seat (:meth:`HotseatSession.curtain_lifted`).

So that the click or key that made the last move never lifts it by accident, a mouse
lift needs both the press and the release on the curtain, and keys count only after
``KEY_GRACE`` seconds and only as a fresh press: a key held down since before the curtain
came keeps repeating (``InputEvent.repeat``) and is ignored however long it is held.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from game.ui import input as uinput
from game.ui.input import InputEvent
from game.ui.scene import register_scene
from game.ui.scenes.menu_base import MenuBase, background
from game.ui.widgets import Button, Widget, _icon, colour, draw_text

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.session import HotseatSession

KEY_GRACE = 0.35


class CurtainScene(MenuBase):
    opaque = True

    def __init__(self, app: App, session: HotseatSession, seat: int) -> None:
        super().__init__(app)
        self.session = session
        self.seat = seat
        self._pressed = False
        # real time, not frames: the idle app may sleep the whole while
        self._shown_at = time.monotonic()

    @property
    def name(self) -> str:
        return self.session.players[self.seat]

    def build(self, w: int, h: int) -> list[Widget]:
        bw, bh = self.px(200), self.px(44)
        menu = Button(
            (w - bw - self.px(20), self.px(20), bw, bh),
            "Main menu",
            self.main_menu,
            font_size=self.px(20),
            name="main_menu",
        )
        return [menu]

    def focus_first(self) -> None:
        pass  # Enter is for "I am here", not the menu button

    def main_menu(self) -> None:
        self.session.close()
        self.app.scenes.reset("menu")

    def lift(self) -> None:
        self.session.curtain_lifted(self.seat)

    def handle(self, event: InputEvent) -> None:
        menu_button = self.ring.widgets[0] if self.ring.widgets else None
        on_button = (
            menu_button is not None
            and event.kind in (uinput.PRESS, uinput.RELEASE)
            and menu_button.rect.collidepoint(event.pos)
        )
        if event.kind == uinput.KEY and (event.is_action(uinput.CANCEL) or event.repeat):
            # Esc must not reveal anything, nor leave by surprise; a key held down since
            # before the curtain came (its auto-repeat) must not lift it: that needs a press
            return
        if event.is_action(uinput.ACTIVATE) and self.ring.focus is None:
            if time.monotonic() - self._shown_at >= KEY_GRACE:
                self.lift()
            return
        if self.ring.handle(event):
            self.dirty = True
        if on_button:
            return
        if event.is_left_press:
            self._pressed = True
        elif event.is_left_release:
            if self._pressed:
                self._pressed = False
                self.lift()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(background((w, h)), (0, 0))
        cy = h // 2
        icon = _icon("curtain", self.px(96), colour("text_dim"))
        if icon is not None:
            surface.blit(icon, icon.get_rect(midbottom=(w // 2, cy - self.px(100))))
        draw_text(
            surface,
            f"Pass to {self.name}",
            (w // 2, cy - self.px(50)),
            self.px(64),
            colour("accent"),
            bold=True,
            title=True,
            anchor="center",
        )
        draw_text(
            surface,
            f"Click when only {self.name} is looking.",
            (w // 2, cy + self.px(20)),
            self.px(28),
            colour("text"),
            anchor="center",
        )
        draw_text(
            surface,
            "Everyone else, please look away: the next screen shows a private hand.",
            (w // 2, cy + self.px(64)),
            self.px(20),
            colour("text_dim"),
            anchor="center",
        )
        draw_text(
            surface,
            "Click anywhere or press Enter",
            (w // 2, h - self.px(40)),
            self.px(20),
            colour("text_dim"),
            anchor="center",
        )
        self.ring.draw(surface)


register_scene("curtain", CurtainScene)
