"""The widget base class (a rect, enabled / hover / focus flags) and :class:`Label`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui.input import InputEvent
from game.ui.widgets.drawing import colour, text_surface, wrap


class Widget:
    """Base: a rect, enabled / hover / focus flags."""

    focusable = True

    def __init__(self, rect: Any = (0, 0, 0, 0)) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = True
        self.visible = True
        self.hover = False
        self.focused = False

    def set_rect(self, rect: Any) -> None:
        self.rect = pygame.Rect(rect)

    @property
    def can_focus(self) -> bool:
        return self.focusable and self.enabled and self.visible

    def children(self) -> list[Widget]:
        """Sub-widgets that take part in focus order (composites like Banner)."""
        return []

    def handle(self, event: InputEvent) -> bool:
        return False

    def activate(self) -> bool:
        """Enter / Space on the focused widget."""
        return False

    def update(self, dt: float) -> None:
        pass

    @property
    def animating(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_focus(self, surface: pygame.Surface) -> None:
        if self.focused and self.visible:
            pygame.draw.rect(surface, colour("focus"), self.rect.inflate(6, 6), width=2, border_radius=10)

    def track_hover(self, pos: tuple[int, int]) -> bool:
        """Remember whether the pointer is over the widget; True if that changed (redraw)."""
        inside = self.rect.collidepoint(pos)
        changed = inside != self.hover
        self.hover = inside
        return changed

    def track_click(self, event: InputEvent, on_click: Callable[[], Any]) -> bool | None:
        """A press inside, then a release inside, is a click: ``on_click()`` runs then.
        True/False when the event was a left press or release (consumed or not), None
        for any other event. Uses ``self._pressed``."""
        if event.is_left_press and self.rect.collidepoint(event.pos):
            self._pressed = True
            return True
        if event.is_left_release:
            was, self._pressed = self._pressed, False
            if was and self.rect.collidepoint(event.pos):
                on_click()
                return True
            return was
        return None


class Label(Widget):
    """Static text (not focusable)."""

    focusable = False

    def __init__(
        self,
        rect: Any,
        text: str,
        size: int = 20,
        col: str = "text",
        bold: bool = False,
        align: str = "left",
        title: bool = False,
    ) -> None:
        super().__init__(rect)
        self.text, self.size, self.col, self.bold, self.align, self.title = text, size, col, bold, align, title

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        y = self.rect.y
        for line in wrap(self.text, self.size, self.rect.w, self.bold):
            surf = text_surface(line, self.size, colour(self.col), self.bold, self.title)
            r = surf.get_rect(top=y)
            if self.align == "center":
                r.centerx = self.rect.centerx
            elif self.align == "right":
                r.right = self.rect.right
            else:
                r.left = self.rect.left
            surface.blit(surf, r)
            y += surf.get_height() + 2
