"""Buttons and the small controls built like them: :class:`Button`, :class:`Checkbox`
(a box with a label) and :class:`Stepper` (a value with - and +)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import sound
from game.ui.input import InputEvent
from game.ui.widgets.base import Widget
from game.ui.widgets.drawing import _icon, colour, draw_text, fit_text, font, text_surface

#: the margin left and right of a button's label (``Button.pad``)
BUTTON_PAD = 8


class Button(Widget):
    """A push button. ``on_click()`` runs on a completed left click, or Enter / Space
    when focused. ``style`` is "normal", "primary" or "danger"."""

    def __init__(
        self,
        rect: Any,
        label: str,
        on_click: Callable[[], Any] | None = None,
        *,
        icon: str | None = None,
        enabled: bool = True,
        style: str = "normal",
        font_size: int = 22,
        hotkey: str | None = None,
        name: str | None = None,
        pad: int = BUTTON_PAD,
    ) -> None:
        super().__init__(rect)
        self.label = label
        #: the margin left and right of the label (a small button in a crowded panel keeps less)
        self.pad = pad
        self.on_click = on_click
        self.icon = icon
        self.enabled = enabled
        self.style = style
        self.font_size = font_size
        #: the key that clicks it from anywhere on its screen: an action of the key map
        #: (``input.PASS``, ``input.CONFIRM``) or the button's own letter or digit ("a")
        self.hotkey = hotkey
        #: a stable name tests and the smoke run can find the button by
        self.name = name or label
        self._pressed = False

    @property
    def label_room(self) -> int:
        """The width the label may take (the button less its margins)."""
        return self.rect.w - 2 * self.pad

    def click(self) -> bool:
        if not self.enabled or not self.visible:
            return False
        sound.play("click")
        if self.on_click is not None:
            self.on_click()
        return True

    activate = click

    def handle(self, event: InputEvent) -> bool:
        if not self.visible:
            return False
        if event.kind == uinput.MOVE:
            return self.track_hover(event.pos)
        if not self.enabled:
            return False
        clicked = self.track_click(event, self.click)
        if clicked is not None:
            return clicked
        if event.triggers(self.hotkey):
            return self.click()
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if not self.enabled:
            fill = colour("button_disabled")
            text_col = colour("text_disabled")
        else:
            base = {"primary": "accent", "danger": "danger"}.get(self.style, "button")
            fill = colour(base)
            if self._pressed:
                fill = (max(0, fill[0] - 24), max(0, fill[1] - 24), max(0, fill[2] - 24))
            elif self.hover or self.focused:
                fill = (min(255, fill[0] + 28), min(255, fill[1] + 28), min(255, fill[2] + 28))
            text_col = (30, 20, 12) if self.style == "primary" else colour("text")
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        pygame.draw.rect(surface, colour("panel_edge"), self.rect, width=1, border_radius=8)
        label = fit_text(self.label, self.font_size, self.label_room, bold=True)
        text = text_surface(label, self.font_size, text_col, bold=True)
        icon = _icon(self.icon, self.font_size + 4, text_col) if self.icon else None
        total = text.get_width() + (icon.get_width() + 8 if icon else 0)
        x = self.rect.centerx - total // 2
        if icon:
            surface.blit(icon, icon.get_rect(midleft=(x, self.rect.centery)))
            x += icon.get_width() + 8
        surface.blit(text, text.get_rect(midleft=(x, self.rect.centery)))
        self.draw_focus(surface)


class Checkbox(Widget):
    """A box with a label; click, Enter or Space toggles. ``on_change(checked)``."""

    def __init__(
        self,
        rect: Any,
        label: str,
        checked: bool = False,
        *,
        on_change: Callable[[bool], Any] | None = None,
        font_size: int = 22,
        name: str | None = None,
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.checked = checked
        self.on_change = on_change
        self.font_size = font_size
        self.name = name or label
        self._pressed = False

    def toggle(self) -> bool:
        if not (self.enabled and self.visible):
            return False
        self.checked = not self.checked
        if self.on_change is not None:
            self.on_change(self.checked)
        return True

    activate = toggle

    def handle(self, event: InputEvent) -> bool:
        if not (self.enabled and self.visible):
            return False
        if event.kind == uinput.MOVE:
            return self.track_hover(event.pos)
        clicked = self.track_click(event, self.toggle)  # enabled and visible: toggle() is True
        return bool(clicked)

    @staticmethod
    def box_side(font_size: int) -> int:
        """The box's side for a label of ``font_size``: it grows with the label (26 px at
        the 1280x720 scale; at 1920x1080 the lobby's "Ready" read in 36 px type beside a
        26 px box)."""
        return max(26, round(font_size * 1.15))

    @classmethod
    def width_for(cls, label: str, font_size: int) -> int:
        """The width a checkbox needs to show ``label`` whole beside its box."""
        return cls.box_side(font_size) + 20 + font(font_size).size(label)[0]

    def box_rect(self) -> pygame.Rect:
        """The box, inside the widget (never taller than its row)."""
        side = min(self.rect.h - 6, self.box_side(self.font_size))
        return pygame.Rect(self.rect.x + 4, self.rect.centery - side // 2, side, side)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        box = self.box_rect()
        side = box.w
        fill = colour("field") if not self.hover else colour("panel")
        pygame.draw.rect(surface, fill, box, border_radius=4)
        edge = colour("text") if self.enabled else colour("text_disabled")
        pygame.draw.rect(surface, edge, box, width=2, border_radius=4)
        if self.checked:
            # a drawn tick: no glyph needed from the font
            pts = [
                (box.x + side * 0.2, box.y + side * 0.55),
                (box.x + side * 0.42, box.y + side * 0.78),
                (box.x + side * 0.82, box.y + side * 0.25),
            ]
            pygame.draw.lines(surface, colour("accent"), False, pts, 4)
        col = colour("text") if self.enabled else colour("text_disabled")
        label = fit_text(self.label, self.font_size, self.rect.w - side - 16)
        draw_text(surface, label, (box.right + 10, self.rect.centery), self.font_size, col, anchor="midleft")
        self.draw_focus(surface)


class Stepper(Widget):
    """``[−]  value  [+]``: click the ends, or Left / Right (also − / +) when focused.
    ``fmt(value)`` makes the text shown; ``on_change(value)`` after each change."""

    def __init__(
        self,
        rect: Any,
        value: int,
        minimum: int,
        maximum: int,
        *,
        step: int = 1,
        fmt: Callable[[int], str] = str,
        on_change: Callable[[int], Any] | None = None,
        font_size: int = 22,
        name: str | None = None,
    ) -> None:
        super().__init__(rect)
        self.minimum, self.maximum, self.step = minimum, maximum, step
        self.value = max(minimum, min(maximum, value))
        self.fmt = fmt
        self.on_change = on_change
        self.font_size = font_size
        self.name = name or "stepper"

    @property
    def minus_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y, self.rect.h, self.rect.h)

    @property
    def plus_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - self.rect.h, self.rect.y, self.rect.h, self.rect.h)

    def set_range(self, minimum: int, maximum: int) -> None:
        self.minimum, self.maximum = minimum, maximum
        self.value = max(minimum, min(maximum, self.value))

    def change(self, delta: int) -> bool:
        new = max(self.minimum, min(self.maximum, self.value + delta))
        if new == self.value:
            return True  # consumed, nothing to do (the end of the range)
        self.value = new
        if self.on_change is not None:
            self.on_change(new)
        return True

    def handle(self, event: InputEvent) -> bool:
        if not (self.enabled and self.visible):
            return False
        if event.kind == uinput.MOVE:
            return self.track_hover(event.pos)
        if event.is_left_press:
            if self.minus_rect.collidepoint(event.pos):
                return self.change(-self.step)
            if self.plus_rect.collidepoint(event.pos):
                return self.change(self.step)
            return self.rect.collidepoint(event.pos)
        if self.focused and event.kind == uinput.KEY:
            if event.is_action(uinput.LEFT, uinput.DECREASE, uinput.DOWN):
                return self.change(-self.step)
            if event.is_action(uinput.RIGHT, uinput.INCREASE, uinput.UP):
                return self.change(self.step)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surface, colour("field"), self.rect, border_radius=6)
        for r, sign, live in (
            (self.minus_rect, "-", self.value > self.minimum),
            (self.plus_rect, "+", self.value < self.maximum),
        ):
            pygame.draw.rect(surface, colour("button") if live else colour("button_disabled"), r, border_radius=6)
            # drawn signs: do not depend on the font having a minus glyph
            col = colour("text") if live else colour("text_disabled")
            c = r.center
            arm = r.h // 5
            pygame.draw.line(surface, col, (c[0] - arm, c[1]), (c[0] + arm, c[1]), 3)
            if sign == "+":
                pygame.draw.line(surface, col, (c[0], c[1] - arm), (c[0], c[1] + arm), 3)
        draw_text(surface, self.fmt(self.value), self.rect.center, self.font_size, bold=True, anchor="center")
        pygame.draw.rect(surface, colour("panel_edge"), self.rect, width=1, border_radius=6)
        self.draw_focus(surface)
