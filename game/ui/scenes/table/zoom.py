"""The card zoom: what the pointer rests on (or a right-click) shows large; never over
a dialog; Esc or a click closes it and it stays closed while the pointer rests."""
from __future__ import annotations

import time
from typing import Any

import pygame


class ZoomPanel:
    """The card zoom: what the pointer rests on (or a right-click) shows large; never over
    a dialog; Esc or a click closes it and it stays closed while the pointer rests. Mixed into :class:`~game.ui.scenes.table_base.TableScene`."""

    def zoom_image(self, key: tuple[str, Any], width: int) -> pygame.Surface | None:
        if key[0] == "card":
            return self.art.zoom(self.game, key[1], width)
        return None

    def zoom_allowed(self, key: tuple[str, Any] | None) -> bool:
        """No preview covers a chooser (issue 9 item 4): none while a prompt, the help or a
        dialog of the table's own (:meth:`dialog_open`: Witch Trial's plea, QA 4) is open;
        while a pick is open, only of what may be picked (``pick_zoom_keys``)."""
        if key is None or self.prompt is not None or self.help_open or self.dialog_open():
            return False
        if self.pick is not None:
            return key in self.pick_zoom_keys()
        return True

    def dialog_open(self) -> bool:
        """True while a dialog the table draws itself (not a :class:`Prompt`) is open over
        it: no card zooms up over it (QA 4)."""
        return False

    def dismiss_zoom(self) -> None:
        """Close the zoom (Esc, a click): it stays closed while the pointer rests where it
        is, rather than opening again at once beside the pointer (QA 4)."""
        self.zoom, self.zoom_sticky = None, False
        self.zoom_dismissed = self.hover_key
        self.dirty = True

    def pick_zoom_keys(self) -> list[tuple[str, Any]]:
        """Zoom keys of the open pick's targets worth a closer look (a card to take back)."""
        return []

    def draw_zoom(self, surface: pygame.Surface) -> None:
        if self.zoom is None or self.drag.dragging or not self.zoom_allowed(self.zoom):
            return
        w, h = surface.get_size()
        width = max(200, min(320, w // 5))
        img = self.zoom_image(self.zoom, width)
        if img is None:
            return
        r = img.get_rect()
        px, py = self.zoom_at  # beside where it opened: it never trails the pointer
        r.topleft = (px + 24, py - r.h // 2)
        if r.right > w - 8:
            r.right = px - 24
        r.clamp_ip(pygame.Rect(0, 0, w, h))
        shadow = pygame.Surface(r.inflate(12, 12).size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 110))
        surface.blit(shadow, r.inflate(12, 12).move(4, 4).topleft)
        surface.blit(img, r.topleft)

    def hover_target_key(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        """What would zoom under ``pos``: ("card", id) or ("villager", id) …"""
        s = self.drag.top_card_at(pos)
        if s is not None and s.card_id:
            return ("card", s.card_id)
        return None

    def on_right_press(self, pos: tuple[int, int]) -> None:
        key = self.hover_target_key(pos)
        self.pointer = pos
        self.hover_key, self.hover_since = key, time.monotonic()
        if key is None or not self.zoom_allowed(key):
            self.zoom, self.zoom_sticky = None, False
        elif self.zoom == key and self.zoom_sticky:
            self.dismiss_zoom()  # a second right-click closes it, and resting does not reopen it
        else:
            self.zoom, self.zoom_sticky, self.zoom_at = key, True, pos
        self.dirty = True
