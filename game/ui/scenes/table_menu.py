"""The table menu (opened as "table_menu"): the way out of a table, by its Menu button or Esc.

Resume, Rules (opened at the table's game), Settings, Save and leave to the main menu
(a LAN table: Leave the table), Quit. It is an overlay: the table stays visible under a
shade, so it shows nothing the screen did not already show (DESIGN D3 holds). Esc or
Resume closes it. Every move is autosaved already, so leaving and quitting lose nothing;
both wait for the last autosave to reach the disk first.

A table may have something that leaving does not keep (a LAN table's staged Hammer
bribes): its ``leave_warning()`` says so, in plain words under the note.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.scene import register_scene
from game.ui.scenes.menu_base import MenuBase
from game.ui.widgets import Button, Widget, colour, draw_panel, draw_text, text_surface

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)


class TableMenuScene(MenuBase):
    """See the module docstring. ``source`` is the table's TableSource."""

    opaque = False

    def __init__(self, app: App, source: Any, table: Any = None) -> None:
        super().__init__(app)
        self.source = source
        #: what leaving loses, from the table (``leave_warning()``), "" when nothing
        self.warning = ""
        self.warning_rect: pygame.Rect | None = None
        warn = getattr(table, "leave_warning", None)
        if callable(warn):
            try:
                self.warning = str(warn() or "")
            except Exception:  # the menu must always open
                log.exception("the table's leave warning failed")

    @property
    def saves_locally(self) -> bool:
        """A hot-seat game saved on this PC (a LAN table is saved by its host)."""
        return getattr(self.source, "save_path", None) is not None

    def _box(self) -> pygame.Rect:
        w, h = self.app.size
        bw = min(w - 60, self.px(420))
        bh = self.px(104) + 5 * self.px(62) + self.warning_height()
        return pygame.Rect(w // 2 - bw // 2, max(10, h // 2 - bh // 2), bw, bh)

    def build(self, w: int, h: int) -> list[Widget]:
        box = self._box()
        leave = "Save and leave" if self.saves_locally else "Leave the table"
        items: list[tuple[str, Callable[[], Any], dict[str, Any]]] = [
            ("Resume", self.back, {"style": "primary", "name": "resume"}),
            ("Rules", self.rules, {"icon": "rules", "name": "rules"}),
            ("Settings", self.settings, {"icon": "settings", "name": "settings"}),
            (leave, self.leave, {"icon": "continue", "name": "leave"}),
            ("Quit", self.quit, {"icon": "quit", "name": "quit"}),
        ]
        bw, bh, gap = box.w - self.px(60), self.px(50), self.px(12)
        top = box.y + self.px(92) + self.warning_height()
        return [
            Button((box.centerx - bw // 2, top + i * (bh + gap), bw, bh), label, cb, font_size=self.px(22), **kw)
            for i, (label, cb, kw) in enumerate(items)
        ]

    def warning_height(self) -> int:
        return self.px(30) if self.warning else 0

    # ------------------------------------------------------------------ actions ----
    def rules(self) -> None:
        self.app.scenes.push("rules", game=getattr(self.source, "game", None))

    def settings(self) -> None:
        self.app.scenes.push("settings")

    def _close_source(self) -> None:
        """Make sure the last move is on disk, then stop the table's bots / connection."""
        for name in ("flush", "close"):
            fn = getattr(self.source, name, None)
            if fn is None:
                continue
            try:
                fn()
            except Exception:  # leaving must always work
                log.exception("%s of the table's source failed", name)

    def _hosting_asked(self, then, verb: str) -> bool:
        """We host this LAN table: leaving or quitting stops it for everybody, so ask
        first. True when the question was put (``then`` runs on Yes)."""

        if getattr(self.source, "host", None) is None:
            return False
        try:
            over = bool((self.source.view() or {}).get("over"))
        except Exception:  # leaving must always work
            over = False
        # a game under way is saved: Continue hosts it again and its players rejoin
        stops = "it ends for every player" if over else "it stops for every player until you resume it (Continue)"
        self.app.scenes.push(
            "confirm",
            question=f"You host this table: {stops}. {verb}?",
            on_yes=then,
            yes=verb,
            no="Stay",
        )
        return True

    def leave(self) -> None:
        if not self._hosting_asked(self._leave, "Leave"):
            self._leave()

    def _leave(self) -> None:
        note = getattr(self.source, "leave_note", None)
        note = note() if callable(note) and not self.saves_locally else None
        self._close_source()
        menu = self.app.scenes.reset("menu")
        if self.saves_locally:
            menu.say("Saved. Continue picks the game up where you left it.")
        elif note:
            menu.say(note)  # a LAN table: what leaving keeps (the seat, for a rejoin)

    def quit(self) -> None:
        if not self._hosting_asked(self._quit, "Quit"):
            self._quit()

    def _quit(self) -> None:
        self._close_source()
        self.app.quit()

    # ------------------------------------------------------------------ drawing ----
    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self._box()
        draw_panel(surface, box, edge="accent")
        draw_text(
            surface,
            "Game menu",
            (box.centerx, box.y + self.px(12)),
            self.px(32),
            colour("accent"),
            bold=True,
            title=True,
            anchor="midtop",
        )
        note = "Every move is saved · Esc goes back" if self.saves_locally else "Esc goes back to the table"
        draw_text(surface, note, (box.centerx, box.y + self.px(58)), self.px(17), colour("text_dim"), anchor="midtop")
        if self.warning:  # the whole sentence, its type stepping down to fit the box
            size = self.px(18)
            while size > 11 and text_surface(self.warning, size, colour("accent"), True).get_width() > box.w - 16:
                size -= 1
            self.warning_rect = draw_text(
                surface,
                self.warning,
                (box.centerx, box.y + self.px(84)),
                size,
                colour("accent"),
                bold=True,
                anchor="midtop",
            )
        self.ring.draw(surface)
        self.toast.draw(surface)


register_scene("table_menu", TableMenuScene)
