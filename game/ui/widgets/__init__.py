"""Widgets shared by every scene: Label, Button, TextField, Checkbox, Stepper, ListBox,
Banner, Toast, and :class:`FocusRing`, the keyboard navigation of a screen; with the text
helpers they draw with (``font``, ``text_surface``, ``wrap``, ``fit_text``, ``fit_row``,
``draw_text``, ``draw_panel``, ``colour``). Every name is importable from here.

Parts: ``drawing`` (colours, fonts, text helpers), ``base`` (Widget, Label), ``buttons``
(Button, Checkbox, Stepper), ``text_field`` (TextField and the clipboard), ``lists``
(ListBox, ListRow), ``notices`` (Banner, Toast), ``focus`` (FocusRing).

Contract
--------
* A widget is given a rect (``set_rect`` again after a resize) and draws itself with
  ``draw(surface)``. It keeps only UI state (hover, focus, text being typed); game state
  stays in the engine.
* ``handle(event) -> bool`` takes one :class:`~game.ui.input.InputEvent` and returns True
  when the widget used it or changed its look, so the scene knows to redraw
  (``self.dirty = True``). Callbacks (``on_click`` …) run inside ``handle``.
* A button fires on the left *release* over it after a press over it, so a press that
  opened a new scene never clicks something in that scene.
* Keys reach a widget as actions of the key map (game.ui.input): a focused TextField
  edits with ``left``/``erase``/``paste`` … and takes typed characters as TEXT events;
  a Button fires on its ``hotkey`` (an action such as ``input.PASS``, or its own letter
  or digit, e.g. "a") wherever the focus is.
* :class:`FocusRing` owns a scene's widgets in Tab order: ``next`` / ``previous`` (Tab /
  Shift+Tab) move the focus, ``activate`` (Enter, or Space outside a text field) presses
  the focused widget, ``up`` / ``down`` move the focus too except inside lists and
  steppers (which use them), and mouse moves update hover everywhere. Every screen built
  on it works by keyboard alone.
* Nothing animates except a visible :class:`Toast` (``animating`` is then True), so an
  idle screen costs no CPU.

Fonts are the shipped ones (``game.ui.fonts``; pygame's default font stands in only if
one fails to load); colours are the theme's (``game.ui.theme``), through ``THEME_NAMES``,
with ``PALETTE`` for the widget colours the theme does not name.
"""

from game.ui.widgets.base import Label, Widget
from game.ui.widgets.buttons import BUTTON_PAD, Button, Checkbox, Stepper
from game.ui.widgets.drawing import (
    PALETTE,
    THEME_NAMES,
    Rect,
    RectLike,
    _icon,
    colour,
    draw_panel,
    draw_text,
    fit_row,
    fit_text,
    font,
    text_surface,
    wrap,
)
from game.ui.widgets.focus import FocusRing
from game.ui.widgets.lists import ListBox, ListRow
from game.ui.widgets.notices import Banner, Toast
from game.ui.widgets.text_field import TextField, clipboard_get, clipboard_put

__all__ = [
    "BUTTON_PAD",
    "PALETTE",
    "THEME_NAMES",
    "Banner",
    "Button",
    "Checkbox",
    "FocusRing",
    "Label",
    "ListBox",
    "ListRow",
    "Rect",
    "RectLike",
    "Stepper",
    "TextField",
    "Toast",
    "Widget",
    "_icon",
    "clipboard_get",
    "clipboard_put",
    "colour",
    "draw_panel",
    "draw_text",
    "fit_row",
    "fit_text",
    "font",
    "text_surface",
    "wrap",
]
