"""The card zoom: what the pointer rests on (or a right-click) shows large; never over
a dialog; Esc or a click closes it and it stays closed while the pointer rests."""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.ui.scenes.table.common import HOVER_ZOOM_SECONDS
from game.ui.scenes.table.panel import Panel


class Zoom(Panel):
    """The card zoom and the hover that opens it: what is under the pointer
    (``hover_key``, since ``hover_since``), what is zoomed (``zoom``; ``zoom_sticky`` when
    a right-click opened it; ``zoom_at``, where it opened) and what Esc or a click closed
    (``zoom_dismissed``: it does not open again by itself until the pointer has been on
    something else). What can zoom, and the picture, are the table's hooks
    (``hover_target_key``, ``zoom_image``, ``zoom_allowed``)."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.zoom: tuple[str, Any] | None = None
        self.zoom_sticky = False
        self.zoom_at = (0, 0)  # where the zoom opened: it is drawn beside that point
        self.zoom_dismissed: tuple[str, Any] | None = None
        self.hover_key: tuple[str, Any] | None = None
        self.hover_since = 0.0

    def forget(self) -> None:
        """Nothing hovered or zoomed (the table paused, or another seat's screen)."""
        self.hover_key, self.zoom, self.zoom_sticky = None, None, False

    # -- the table's default hooks
    def card_image(self, key: tuple[str, Any], width: int) -> pygame.Surface | None:
        t = self.table
        if key[0] == "card":
            return t.art.zoom(t.game, key[1], width)
        return None

    def allowed(self, key: tuple[str, Any] | None) -> bool:
        """No preview covers a chooser: none while a prompt, the help or a dialog of the
        table's own (``dialog_open``: Witch Trial's plea) is open; while a pick is open,
        only of what may be picked (``pick_zoom_keys``)."""
        t = self.table
        if key is None or t.prompt is not None or t.help_open or t.dialog_open():
            return False
        if t.pick is not None:
            return key in t.pick_zoom_keys()
        return True

    def card_under(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        """What would zoom under ``pos`` among the card sprites: ("card", id)."""
        s = self.table.drag.top_card_at(pos)
        if s is not None and s.card_id:
            return ("card", s.card_id)
        return None

    # -- input
    def dismiss(self) -> None:
        """Close the zoom (Esc, a click): it stays closed while the pointer rests where it
        is, rather than opening again at once beside the pointer."""
        self.zoom, self.zoom_sticky = None, False
        self.zoom_dismissed = self.hover_key
        self.table.dirty = True

    def moved(self, pos: tuple[int, int]) -> None:
        """The pointer moved to ``pos``: a new thing under it starts its hover time."""
        t = self.table
        key = t.hover_target_key(pos)
        if key != self.hover_key:
            self.hover_key = key
            self.hover_since = time.monotonic()
            self.zoom_dismissed = None  # on something else: hovering previews again
            if self.zoom is not None and self.zoom != key:
                # the pointer left what is zoomed: the zoom closes, right-click ones too
                self.zoom, self.zoom_sticky = None, False
            t.dirty = True

    def right_press(self, pos: tuple[int, int]) -> None:
        t = self.table
        key = t.hover_target_key(pos)
        t.pointer = pos
        self.hover_key, self.hover_since = key, time.monotonic()
        if key is None or not t.zoom_allowed(key):
            self.zoom, self.zoom_sticky = None, False
        elif self.zoom == key and self.zoom_sticky:
            t.dismiss_zoom()  # a second right-click closes it, and resting does not reopen it
        else:
            self.zoom, self.zoom_sticky, self.zoom_at = key, True, pos
        t.dirty = True

    # -- time
    def step(self, now: float) -> None:
        """Open or close the zoom as the hover time and what is under the pointer say."""
        t = self.table
        if self.zoom is not None and not t.zoom_allowed(self.zoom):
            self.zoom, self.zoom_sticky = None, False  # a chooser opened over it
            t.dirty = True
        if self.zoom is not None and not self.zoom_sticky and not t.drag.dragging:
            under = t.hover_target_key(t.pointer)
            if under != self.zoom:  # what it showed left from under the pointer (a move)
                self.zoom, self.hover_key, self.hover_since = None, under, now
                t.dirty = True
        if self.due_now() and now - self.hover_since >= HOVER_ZOOM_SECONDS:
            self.zoom, self.zoom_sticky, self.zoom_at = self.hover_key, False, t.pointer
            t.dirty = True

    def due_now(self) -> bool:
        """A hover is waiting to open the zoom."""
        t = self.table
        return (
            self.hover_key is not None
            and self.zoom is None
            and not t.drag.dragging
            and self.hover_key != self.zoom_dismissed
            and t.zoom_allowed(self.hover_key)
        )

    def next_wake(self) -> float | None:
        """Seconds until the hovered thing zooms by itself, or None."""
        if not self.due_now():
            return None
        return max(0.0, HOVER_ZOOM_SECONDS - (time.monotonic() - self.hover_since))

    # -- drawing
    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        if self.zoom is None or t.drag.dragging or not t.zoom_allowed(self.zoom):
            return
        w, h = surface.get_size()
        width = max(200, min(320, w // 5))
        img = t.zoom_image(self.zoom, width)
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
