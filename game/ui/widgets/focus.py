"""Keyboard navigation of a screen: :class:`FocusRing`."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.ui import input as uinput
from game.ui.input import InputEvent
from game.ui.widgets.base import Widget
from game.ui.widgets.buttons import Button, Stepper
from game.ui.widgets.lists import ListBox
from game.ui.widgets.text_field import TextField


class FocusRing:
    """A scene's widgets in Tab order plus keyboard navigation.

    ``handle(event) -> bool`` (True = redraw): Tab / Shift+Tab move focus over enabled
    widgets (including a Banner's buttons); Enter / Space activate the focused widget
    (Space types a space in a text field); other keys and typed text go to the focused
    widget; mouse events go to every widget (hover), and a press focuses the widget
    under it.
    """

    def __init__(self, widgets: Iterable[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus: Widget | None = None

    def add(self, *widgets: Widget) -> None:
        self.widgets.extend(widgets)

    def set(self, widgets: Iterable[Widget]) -> None:
        old = self.focus
        self.widgets = list(widgets)
        flat = self.focusables()
        self.focus = None
        if old in flat:
            self.focus_on(old)
        else:
            for w in self.all():
                w.focused = False

    def all(self) -> list[Widget]:
        out: list[Widget] = []
        for w in self.widgets:
            out.append(w)
            out.extend(w.children())
        return out

    def focusables(self) -> list[Widget]:
        return [w for w in self.all() if w.can_focus]

    def focus_on(self, widget: Widget | None) -> None:
        for w in self.all():
            w.focused = False
        self.focus = widget
        if widget is not None:
            widget.focused = True

    def move(self, step: int) -> None:
        flat = self.focusables()
        if not flat:
            self.focus_on(None)
            return
        if self.focus in flat:
            i = (flat.index(self.focus) + step) % len(flat)
        else:
            i = 0 if step > 0 else len(flat) - 1
        self.focus_on(flat[i])

    def find(self, name: str) -> Widget | None:
        for w in self.all():
            if getattr(w, "name", None) == name or getattr(w, "label", None) == name:
                return w
        return None

    def handle(self, event: InputEvent) -> bool:
        if self.focus is not None and not self.focus.can_focus:
            self.focus_on(None)
        if event.kind == uinput.KEY:
            acts = event.actions
            if uinput.NEXT in acts or uinput.PREVIOUS in acts:
                self.move(-1 if uinput.PREVIOUS in acts else 1)
                return True
            f = self.focus
            if f is not None and f.handle(event):
                return True
            if f is not None and uinput.ACTIVATE in acts:
                if uinput.CONFIRM not in acts and isinstance(f, TextField):
                    return False  # Space in a text field is a typed space, not a press
                return f.activate() or True
            if (uinput.DOWN in acts or uinput.UP in acts) and not isinstance(f, (ListBox, Stepper)):
                # arrows walk the ring too, for menus that are one column of buttons
                self.move(1 if uinput.DOWN in acts else -1)
                return True
            # hotkeys of buttons that are not focused
            for w in self.all():
                if isinstance(w, Button) and w.hotkey is not None and w is not f and w.handle(event):
                    return True
            return False
        if event.kind == uinput.TEXT:
            if self.focus is not None:
                return self.focus.handle(event)
            return False
        used = False
        if event.is_left_press:
            for w in self.focusables():
                if w.rect.collidepoint(event.pos):
                    if w is not self.focus:
                        self.focus_on(w)
                        used = True
                    break
        for w in list(self.widgets):
            used = w.handle(event) or used
        return used

    def update(self, dt: float) -> None:
        for w in self.all():
            w.update(dt)

    @property
    def animating(self) -> bool:
        return any(w.animating for w in self.all())

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            w.draw(surface)
