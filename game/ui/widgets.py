"""Widgets shared by every scene: Label, Button, TextField, Checkbox, Stepper, ListBox,
Banner, Toast, and :class:`FocusRing`, the keyboard navigation of a screen; with the text
helpers they draw with (``font``, ``text_surface``, ``wrap``, ``fit_text``, ``fit_row``,
``draw_text``, ``draw_panel``, ``colour``).

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

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import sound, theme
from game.ui.fonts import get_font as _fonts_get_font
from game.ui.icons import get_icon
from game.ui.input import InputEvent

log = logging.getLogger(__name__)

Rect = pygame.Rect
RectLike = "pygame.Rect | tuple[int, int, int, int]"

# ----------------------------------------------------------------- fonts & colours --
_FALLBACK_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}

# Local palette: the widget colours the theme does not define (see THEME_NAMES).
PALETTE: dict[str, tuple[int, int, int]] = {
    "bg": (28, 24, 22),
    "panel": (46, 39, 35),
    "panel_edge": (92, 78, 64),
    "text": (236, 226, 206),
    "text_dim": (160, 148, 130),
    "text_disabled": (110, 102, 92),
    "accent": (214, 150, 60),
    "button": (86, 62, 44),
    "button_hover": (116, 84, 56),
    "button_down": (66, 48, 34),
    "button_disabled": (58, 52, 48),
    "focus": (250, 214, 120),
    "field": (24, 20, 18),
    "select": (120, 74, 40),
    "danger": (170, 56, 44),
    "error_text": (240, 120, 100),  # a field's complaint: red that reads on a panel (>= 6:1)
    "ok": (84, 140, 76),
    "toast": (20, 16, 14),
    "banner": (60, 36, 28),
}


# Which of the theme's colours stands for each widget colour.
THEME_NAMES: dict[str, str] = {
    "bg": "FELT_DARK",
    "panel": "PANEL",
    "panel_edge": "PANEL_EDGE",
    "text": "TEXT_LIGHT",
    "text_dim": "TEXT_MUTED",
    "accent": "HIGHLIGHT",
    "button": "WOOD",
    "focus": "HIGHLIGHT",
    "select": "WOOD_LIGHT",
    "danger": "DANGER",
    "ok": "SUCCESS",
    "banner": "WOOD_DARK",
    "toast": "PANEL",
}


_COLOUR_CACHE: dict[str, tuple[int, int, int]] = {}


def colour(name: str) -> tuple[int, int, int]:
    """A named colour: the art layer's theme when it has one for it, else the local palette."""
    cached = _COLOUR_CACHE.get(name)
    if cached is None:
        cached = _COLOUR_CACHE[name] = _lookup_colour(name)
    return cached


def _lookup_colour(name: str) -> tuple[int, int, int]:
    if name in THEME_NAMES:
        value = getattr(theme, THEME_NAMES[name], None)
        if isinstance(value, tuple) and len(value) in (3, 4):
            return value[:3]  # type: ignore[return-value]
    return PALETTE.get(name, (255, 0, 255))


def font(size: int, bold: bool = False, title: bool = False) -> pygame.font.Font:
    """The shipped font (game.ui.fonts); pygame's default font if that one fails."""
    try:
        return _fonts_get_font(size, bold=bold, title=title)
    except Exception:  # never let a font problem take a screen down
        log.exception("get_font failed; using the default font")
    key = (size, bold)
    f = _FALLBACK_FONTS.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        # pygame's default font draws small for its size: scale it up to match
        f = pygame.font.Font(None, int(size * 1.35))
        f.set_bold(bold)
        _FALLBACK_FONTS[key] = f
    return f


_TEXT_CACHE: dict[tuple, pygame.Surface] = {}


def text_surface(
    text: str, size: int, col: tuple[int, int, int], bold: bool = False, title: bool = False
) -> pygame.Surface:
    """Rendered text, cached (STYLE: cache rendered text)."""
    key = (text, size, col, bold, title)
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        if len(_TEXT_CACHE) > 2000:
            _TEXT_CACHE.clear()
        surf = font(size, bold, title).render(text, True, col)
        _TEXT_CACHE[key] = surf
    return surf


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (words kept whole when
    they fit on a line of their own)."""
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else line + " " + word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


@lru_cache(maxsize=4096)
def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` pixels (remembered: buttons
    fit their labels every frame)."""
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def fit_row(
    labels: Sequence[str],
    size: int,
    room: int | None,
    *,
    gap: int = 10,
    pad: int = 30,
    min_width: int = 120,
    min_size: int = 13,
    bold: bool = True,
) -> tuple[list[int], int]:
    """Widths for a row of buttons and their font size: each label whole at ``size`` when
    the row fits ``room`` pixels (None: any room), else a smaller font down to
    ``min_size``, at worst equal shares of the room (labels then cut with an ellipsis)."""
    while True:
        widths = [max(min_width, font(size, bold).size(label)[0] + pad) for label in labels]
        total = sum(widths) + gap * max(0, len(widths) - 1)
        if room is None or total <= room or size <= min_size:
            break
        size -= 1
    if room is not None and total > room and widths:
        share = max(1, (room - gap * (len(widths) - 1)) // len(widths))
        widths = [share] * len(widths)
    return widths, size


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int = 20,
    col: tuple[int, int, int] | None = None,
    bold: bool = False,
    title: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Blit one line of text with its rect's ``anchor`` at ``pos``; returns the rect."""
    surf = text_surface(text, size, col or colour("text"), bold, title)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, fill: str = "panel", edge: str | None = "panel_edge", radius: int = 10
) -> None:
    pygame.draw.rect(surface, colour(fill), rect, border_radius=radius)
    if edge:
        pygame.draw.rect(surface, colour(edge), rect, width=2, border_radius=radius)


def _icon(name: str, size: int, col: tuple[int, int, int]) -> pygame.Surface | None:
    try:
        return get_icon(name, size, col)
    except Exception:
        log.debug("no icon %r", name)
        return None


# ------------------------------------------------------------------------ widgets --
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
                fill = tuple(max(0, c - 24) for c in fill)
            elif self.hover or self.focused:
                fill = tuple(min(255, c + 28) for c in fill)
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


class TextField(Widget):
    """Text entry: typed text arrives as TEXT events (pygame TEXTINPUT), edit keys as KEY
    events. ``max_len`` characters at most; ``placeholder`` shows (dimmed, never part of
    the text) when empty. ``on_submit(text)`` runs on Enter; ``on_change(text)`` after
    each edit.

    Editing as in any desktop field: the cursor moves with Left/Right (Ctrl: a word),
    Home/End; Shift with a move selects, as does a drag with the mouse; Ctrl+A selects
    everything; typing or Backspace/Delete replaces what is selected; Ctrl+C / Ctrl+X /
    Ctrl+V copy, cut and paste through the system clipboard (kept in-process when there
    is none). ``multiline``: the text wraps over as many lines as the field's height holds
    (Up/Down move between them; the view scrolls to the cursor); Enter still submits —
    the texts are single paragraphs."""

    def __init__(
        self,
        rect: Any,
        text: str = "",
        *,
        placeholder: str = "",
        max_len: int = 24,
        on_change: Callable[[str], Any] | None = None,
        on_submit: Callable[[str], Any] | None = None,
        font_size: int = 22,
        name: str | None = None,
        multiline: bool = False,
    ) -> None:
        super().__init__(rect)
        self.text = text[:max_len]
        self.placeholder = placeholder
        self.max_len = max_len
        self.on_change = on_change
        self.on_submit = on_submit
        self.font_size = font_size
        self.multiline = multiline
        self.cursor = len(self.text)
        #: the other end of the selection (None: nothing selected)
        self.anchor: int | None = None
        self.name = name or placeholder
        self._dragging = False
        self._top_line = 0  # multi-line: the first line shown

    # ------------------------------------------------------------------ the text --
    def set_text(self, text: str) -> None:
        self.text = text[: self.max_len]
        self.cursor = len(self.text)
        self.anchor = None

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.text)

    def selection(self) -> tuple[int, int] | None:
        """The selected span (start, end), or None."""
        if self.anchor is None or self.anchor == self.cursor:
            return None
        return (min(self.anchor, self.cursor), max(self.anchor, self.cursor))

    def selected_text(self) -> str:
        span = self.selection()
        return self.text[span[0] : span[1]] if span else ""

    def select_all(self) -> None:
        self.anchor, self.cursor = 0, len(self.text)

    def _delete_selection(self) -> bool:
        span = self.selection()
        self.anchor = None
        if span is None:
            return False
        self.text = self.text[: span[0]] + self.text[span[1] :]
        self.cursor = span[0]
        return True

    def insert(self, typed: str) -> bool:
        """Put ``typed`` at the cursor (over the selection); line breaks become spaces,
        what does not fit in ``max_len`` is left out. True when the text changed."""
        clean = "".join(ch if ch.isprintable() else " " for ch in typed.replace("\r\n", " ").replace("\n", " "))
        changed = self._delete_selection()
        room = self.max_len - len(self.text)
        clean = clean[: max(0, room)]
        if clean:
            self.text = self.text[: self.cursor] + clean + self.text[self.cursor :]
            self.cursor += len(clean)
            changed = True
        if changed:
            self._changed()
        return changed

    def _word_left(self, i: int) -> int:
        while i > 0 and self.text[i - 1] == " ":
            i -= 1
        while i > 0 and self.text[i - 1] != " ":
            i -= 1
        return i

    def _word_right(self, i: int) -> int:
        n = len(self.text)
        while i < n and self.text[i] == " ":
            i += 1
        while i < n and self.text[i] != " ":
            i += 1
        return i

    def _move(self, to: int, extend: bool) -> None:
        if extend:
            if self.anchor is None:
                self.anchor = self.cursor
        else:
            self.anchor = None
        self.cursor = max(0, min(len(self.text), to))

    # ------------------------------------------------------------------ layout --
    def _inner(self) -> pygame.Rect:
        return self.rect.inflate(-20, -12 if self.multiline else 0)

    def lines(self) -> list[tuple[int, int]]:
        """The text's lines as (start, end) spans: the whole text on one line, or wrapped
        at spaces into the field's width (a line keeps its trailing space)."""
        n = len(self.text)
        if not self.multiline:
            return [(0, n)]
        f = font(self.font_size)
        width = max(20, self._inner().w - 4)
        out: list[tuple[int, int]] = []
        start = 0
        while start < n:
            end = start
            last_space = -1
            while end < n and f.size(self.text[start : end + 1])[0] <= width:
                if self.text[end] == " ":
                    last_space = end
                end += 1
            if end >= n:
                out.append((start, n))
                break
            if last_space >= start:  # break after the last space that fits
                end = last_space + 1
            elif end == start:
                end = start + 1  # one character wider than the field: it gets a line
            out.append((start, end))
            start = end
        return out or [(0, 0)]

    def _line_of(self, index: int, lines: list[tuple[int, int]]) -> int:
        for i, (a, b) in enumerate(lines):
            if index < b or (index == b and (i == len(lines) - 1 or b == a)):
                return i
        return len(lines) - 1

    def _line_height(self) -> int:
        return font(self.font_size).get_linesize()

    def visible_lines(self) -> int:
        return max(1, self._inner().h // self._line_height()) if self.multiline else 1

    def _index_at(self, pos: tuple[int, int]) -> int:
        """The text position nearest a point in the field."""
        f = font(self.font_size)
        inner = self._inner()
        lines = self.lines()
        if self.multiline:
            row = self._top_line + (pos[1] - inner.y) // self._line_height()
            row = max(0, min(len(lines) - 1, row))
            shift = 0
        else:
            row, shift = 0, self._shift()
        a, b = lines[row]
        x = pos[0] - inner.x + shift
        best = b if (row == len(lines) - 1 or b == a) else max(a, b - 1)
        for i in range(a, b + 1):
            if f.size(self.text[a:i])[0] >= x:
                # nearer this edge or the one before?
                if i > a and x - f.size(self.text[a : i - 1])[0] < f.size(self.text[a:i])[0] - x:
                    i -= 1
                best = min(i, best)
                break
        return best

    def _shift(self) -> int:
        """One line: how far the text slides left to keep the cursor in view."""
        cursor_x = font(self.font_size).size(self.text[: self.cursor])[0]
        return max(0, cursor_x - self._inner().w + 4)

    def _scroll_to_cursor(self) -> None:
        if not self.multiline:
            return
        row = self._line_of(self.cursor, self.lines())
        shown = self.visible_lines()
        if row < self._top_line:
            self._top_line = row
        elif row >= self._top_line + shown:
            self._top_line = row - shown + 1

    # ------------------------------------------------------------------ input --
    def activate(self) -> bool:
        if self.on_submit is not None:
            self.on_submit(self.text)
            return True
        return False

    def handle(self, event: InputEvent) -> bool:
        if not (self.enabled and self.visible):
            return False
        if event.kind == uinput.MOVE:
            changed = self.track_hover(event.pos)
            if self._dragging and 1 in event.buttons:
                if self.anchor is None:
                    self.anchor = self.cursor
                self.cursor = self._index_at(event.pos)
                self._scroll_to_cursor()
                return True
            self._dragging = False
            return changed
        if event.is_left_release:
            self._dragging = False
            return False
        if event.is_left_press and self.rect.collidepoint(event.pos):
            # the cursor goes nearest the click; Shift+click or a drag selects
            at = self._index_at(event.pos)
            shift = bool(pygame.key.get_mods() & uinput.SHIFT)
            self._move(at, extend=shift)
            self._dragging = True
            return True
        if not self.focused:
            return False
        if event.kind == uinput.TEXT:
            used = self.insert(event.text) or bool(event.text)
            self._scroll_to_cursor()
            return used
        if event.kind == uinput.KEY:
            used = self._key(event)
            self._scroll_to_cursor()
            return used
        return False

    def _key(self, event: InputEvent) -> bool:
        acts = event.actions
        ctrl = event.ctrl
        shift = event.shift
        if uinput.SELECT_ALL in acts:
            self.select_all()
            return True
        if uinput.COPY in acts or uinput.CUT in acts:
            if self.selection():
                clipboard_put(self.selected_text())
                if uinput.CUT in acts and self._delete_selection():
                    self._changed()
            return True
        if uinput.PASTE in acts:
            pasted = clipboard_get()
            if pasted:
                self.insert(pasted)
            return True
        if uinput.ERASE in acts:
            if self._delete_selection():
                self._changed()
            elif self.cursor > 0:
                start = self._word_left(self.cursor) if ctrl else self.cursor - 1
                self.text = self.text[:start] + self.text[self.cursor :]
                self.cursor = start
                self._changed()
            return True
        if uinput.ERASE_FORWARD in acts:
            if self._delete_selection():
                self._changed()
            elif self.cursor < len(self.text):
                end = self._word_right(self.cursor) if ctrl else self.cursor + 1
                self.text = self.text[: self.cursor] + self.text[end:]
                self._changed()
            return True
        span = self.selection()
        if uinput.LEFT in acts:
            if span and not shift:
                self._move(span[0], False)
            else:
                self._move(self._word_left(self.cursor) if ctrl else self.cursor - 1, shift)
            return True
        if uinput.RIGHT in acts:
            if span and not shift:
                self._move(span[1], False)
            else:
                self._move(self._word_right(self.cursor) if ctrl else self.cursor + 1, shift)
            return True
        lines = self.lines()
        row = self._line_of(self.cursor, lines)
        if uinput.HOME in acts:
            self._move(0 if ctrl or not self.multiline else lines[row][0], shift)
            return True
        if uinput.END in acts:
            if ctrl or not self.multiline or row == len(lines) - 1:
                self._move(len(self.text), shift)
            else:
                a, b = lines[row]
                self._move(b - 1 if b > a and self.text[b - 1] == " " else b, shift)
            return True
        if (uinput.UP in acts or uinput.DOWN in acts) and self.multiline:
            target = row + (-1 if uinput.UP in acts else 1)
            if not 0 <= target < len(lines):
                return False  # past the first or last line: the focus ring may move on
            f = font(self.font_size)
            x = f.size(self.text[lines[row][0] : self.cursor])[0]
            a, b = lines[target]
            at = b if target == len(lines) - 1 else max(a, b - 1)
            for i in range(a, b + 1):
                if f.size(self.text[a:i])[0] >= x:
                    at = min(i, at)
                    break
            self._move(at, shift)
            return True
        if uinput.CONFIRM in acts:
            return self.activate()
        return False

    # ------------------------------------------------------------------ drawing --
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surface, colour("field"), self.rect, border_radius=6)
        edge = colour("focus") if self.focused else colour("panel_edge")
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=6)
        inner = self._inner()
        clip = surface.get_clip()
        surface.set_clip(inner.inflate(4, 0).clip(clip) if clip else inner)
        f = font(self.font_size)
        line_h = self._line_height()
        if not self.text:
            if self.multiline:
                y = inner.y
                for line in wrap(self.placeholder, self.font_size, inner.w - 4):
                    surface.blit(text_surface(line, self.font_size, colour("text_dim")), (inner.x, y))
                    y += line_h
            else:
                surf = text_surface(self.placeholder, self.font_size, colour("text_dim"))
                surface.blit(surf, surf.get_rect(midleft=(inner.x, inner.centery)))
            if self.focused:
                top = inner.y if self.multiline else inner.centery - f.get_height() // 2
                pygame.draw.line(surface, colour("focus"), (inner.x, top), (inner.x, top + f.get_height()), 2)
            surface.set_clip(clip)
            return
        lines = self.lines()
        if self.multiline:
            rows = list(enumerate(lines))[self._top_line : self._top_line + self.visible_lines()]
            shift = 0
        else:
            rows = [(0, lines[0])]
            shift = self._shift()
        span = self.selection()
        cursor_row = self._line_of(self.cursor, lines)
        for n, (row, (a, b)) in enumerate(rows):
            y = inner.y + n * line_h if self.multiline else inner.centery - f.get_height() // 2
            x0 = inner.x - shift
            if span and span[0] < b and span[1] > a:
                s0, s1 = max(a, span[0]), min(b, span[1])
                sx = x0 + f.size(self.text[a:s0])[0]
                sw = max(2, f.size(self.text[s0:s1])[0])
                pygame.draw.rect(surface, colour("select"), (sx, y, sw, f.get_height()))
            surface.blit(text_surface(self.text[a:b], self.font_size, colour("text")), (x0, y))
            if self.focused and row == cursor_row:
                x = x0 + f.size(self.text[a : self.cursor])[0]
                pygame.draw.line(surface, colour("focus"), (x, y), (x, y + f.get_height()), 2)
        surface.set_clip(clip)


#: the clipboard when the system has none (a dummy video driver, a failed SDL call)
_CLIPBOARD: list[str] = [""]


def clipboard_put(words: str) -> None:
    """Copy ``words`` to the system clipboard (and keep them here too)."""
    _CLIPBOARD[0] = words
    try:
        pygame.scrap.put_text(words)
    except Exception:  # no clipboard on this system: the in-process copy serves
        log.debug("no system clipboard")


def clipboard_get() -> str:
    """The clipboard's text ('' when it holds none)."""
    try:
        got = pygame.scrap.get_text()
        if got:
            return str(got)
    except Exception:
        log.debug("no system clipboard")
    return _CLIPBOARD[0]


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

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        side = min(self.rect.h - 6, 26)
        box = pygame.Rect(self.rect.x + 4, self.rect.centery - side // 2, side, side)
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


@dataclass
class ListRow:
    """One row of a :class:`ListBox`: text, an optional detail line, and any data."""

    text: str
    detail: str = ""
    enabled: bool = True
    data: Any = None
    warn: bool = False  # drawn in the danger colour (e.g. a damaged save)


class ListBox(Widget):
    """Selectable rows with a scroll offset. Click selects (a second click on the selected
    row activates); Up / Down / Home / End move the selection; the wheel scrolls;
    Enter activates. ``on_select(index)`` and ``on_activate(index)``."""

    def __init__(
        self,
        rect: Any,
        rows: Sequence[ListRow] = (),
        *,
        row_height: int = 56,
        on_select: Callable[[int], Any] | None = None,
        on_activate: Callable[[int], Any] | None = None,
        font_size: int = 22,
        empty_text: str = "Nothing here yet.",
        name: str = "list",
    ) -> None:
        super().__init__(rect)
        self.rows: list[ListRow] = list(rows)
        self.row_height = row_height
        self.on_select = on_select
        self.on_activate = on_activate
        self.font_size = font_size
        self.empty_text = empty_text
        self.name = name
        self.selected: int | None = 0 if self.rows else None
        self.scroll = 0

    def set_rows(self, rows: Sequence[ListRow]) -> None:
        self.rows = list(rows)
        if not self.rows:
            self.selected = None
        elif self.selected is None or self.selected >= len(self.rows):
            self.selected = min(self.selected or 0, len(self.rows) - 1)
        self._clamp_scroll()

    @property
    def visible_rows(self) -> int:
        return max(1, self.rect.h // self.row_height)

    def _clamp_scroll(self) -> None:
        self.scroll = max(0, min(self.scroll, len(self.rows) - self.visible_rows))

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(
            self.rect.x, self.rect.y + (index - self.scroll) * self.row_height, self.rect.w, self.row_height
        )

    def select(self, index: int) -> None:
        if not self.rows:
            return
        index = max(0, min(len(self.rows) - 1, index))
        self.selected = index
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + self.visible_rows:
            self.scroll = index - self.visible_rows + 1
        self._clamp_scroll()
        if self.on_select is not None:
            self.on_select(index)

    def activate(self) -> bool:
        if self.selected is None or self.on_activate is None:
            return False
        self.on_activate(self.selected)
        return True

    def handle(self, event: InputEvent) -> bool:
        if not (self.enabled and self.visible):
            return False
        if event.kind == uinput.WHEEL and self.rect.collidepoint(event.pos):
            old = self.scroll
            self.scroll -= event.dy
            self._clamp_scroll()
            return self.scroll != old
        if event.is_left_press and self.rect.collidepoint(event.pos):
            index = self.scroll + (event.pos[1] - self.rect.y) // self.row_height
            if 0 <= index < len(self.rows):
                if index == self.selected:
                    return self.activate() or True
                self.select(index)
            return True
        if self.focused and event.kind == uinput.KEY and self.rows:
            acts = event.actions
            cur = self.selected if self.selected is not None else 0
            if uinput.UP in acts:
                self.select(cur - 1)
                return True
            if uinput.DOWN in acts:
                self.select(cur + 1)
                return True
            if uinput.HOME in acts:
                self.select(0)
                return True
            if uinput.END in acts:
                self.select(len(self.rows) - 1)
                return True
            if uinput.PAGE_UP in acts:
                self.select(cur - self.visible_rows)
                return True
            if uinput.PAGE_DOWN in acts:
                self.select(cur + self.visible_rows)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surface, colour("field"), self.rect, border_radius=6)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        if not self.rows:
            draw_text(surface, self.empty_text, self.rect.center, self.font_size, colour("text_dim"), anchor="center")
        for i in range(self.scroll, min(len(self.rows), self.scroll + self.visible_rows + 1)):
            row = self.rows[i]
            r = self.row_rect(i)
            fill, col, detail_col = self.row_colours(row, i == self.selected)
            if fill is not None:
                pygame.draw.rect(surface, fill, r.inflate(-4, -4), border_radius=6)
                if row.warn:
                    pygame.draw.rect(surface, colour("danger"), r.inflate(-4, -4), width=2, border_radius=6)
            if row.detail:
                draw_text(
                    surface,
                    fit_text(row.text, self.font_size, r.w - 24, True),
                    (r.x + 12, r.y + 6),
                    self.font_size,
                    col,
                    bold=True,
                )
                draw_text(
                    surface,
                    fit_text(row.detail, self.font_size - 4, r.w - 24),
                    (r.x + 12, r.bottom - 8),
                    self.font_size - 4,
                    detail_col,
                    anchor="bottomleft",
                )
            else:
                draw_text(
                    surface,
                    fit_text(row.text, self.font_size, r.w - 24),
                    (r.x + 12, r.centery),
                    self.font_size,
                    col,
                    anchor="midleft",
                )
        if len(self.rows) > self.visible_rows:
            # scroll bar: where the visible rows sit in the whole list
            frac = self.visible_rows / len(self.rows)
            bar_h = max(20, int(self.rect.h * frac))
            top = self.rect.y + int((self.rect.h - bar_h) * self.scroll / max(1, len(self.rows) - self.visible_rows))
            pygame.draw.rect(surface, colour("panel_edge"), (self.rect.right - 8, top, 6, bar_h), border_radius=3)
        surface.set_clip(clip)
        pygame.draw.rect(surface, colour("panel_edge"), self.rect, width=1, border_radius=6)
        self.draw_focus(surface)

    @staticmethod
    def row_colours(row: ListRow, selected: bool) -> tuple[tuple | None, tuple, tuple]:
        """(selection fill or None, title colour, detail colour) of a row: every pair
        reads at 4.5:1 or better (WCAG AA). A warning row (a damaged save) stays red but
        light enough on the dark field; selected, it turns dark red with light text."""
        field, light = colour("field"), theme.PARCHMENT_LIGHT
        if row.warn:
            if selected:
                fill = theme.mix(field, colour("danger"), 0.4)
                return fill, light, light
            warn = theme.mix(colour("danger"), light, 0.4)
            return None, warn, warn
        title = colour("text") if row.enabled else colour("text_disabled")
        if selected:
            return colour("select"), title, colour("text")
        return None, title, colour("text_dim")


class Banner(Widget):
    """A public prompt strip: a line of text and a row of buttons under or beside it.
    ``set(prompt, [(label, on_click), ...])`` replaces its content. The buttons take
    part in the focus ring (``children``)."""

    focusable = False

    def __init__(
        self, rect: Any, prompt: str = "", actions: Iterable[tuple[str, Callable[[], Any]]] = (), font_size: int = 22
    ) -> None:
        super().__init__(rect)
        self.prompt = prompt
        self.font_size = font_size
        self.buttons: list[Button] = []
        self.set(prompt, actions)

    def set(self, prompt: str, actions: Iterable[tuple[str, Callable[[], Any]]]) -> None:
        self.prompt = prompt
        self.buttons = [Button((0, 0, 10, 10), label, cb, font_size=self.font_size - 2) for label, cb in actions]
        self._layout()

    def set_rect(self, rect: Any) -> None:
        super().set_rect(rect)
        self._layout()

    def _layout(self) -> None:
        if not self.buttons:
            return
        f = font(self.font_size - 2, True)
        widths = [max(110, f.size(b.label)[0] + 36) for b in self.buttons]
        gap = 12
        total = sum(widths) + gap * (len(widths) - 1)
        bh = min(44, max(30, self.rect.h // 2 - 6))
        avail = self.rect.w - 24
        if total > avail:  # shrink evenly rather than run off the strip
            scale = (avail - gap * (len(widths) - 1)) / max(1, sum(widths))
            widths = [int(w * scale) for w in widths]
            total = sum(widths) + gap * (len(widths) - 1)
        x = self.rect.centerx - total // 2
        y = self.rect.bottom - bh - 8
        for b, w in zip(self.buttons, widths):
            b.set_rect((x, y, w, bh))
            x += w + gap

    def children(self) -> list[Widget]:
        return list(self.buttons) if self.visible else []

    def handle(self, event: InputEvent) -> bool:
        if not self.visible:
            return False
        used = False
        for b in self.buttons:
            used = b.handle(event) or used
        return used

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        draw_panel(surface, self.rect, fill="banner", edge="accent", radius=8)
        text_bottom = (self.buttons[0].rect.y if self.buttons else self.rect.bottom) - 4
        lines = wrap(self.prompt, self.font_size, self.rect.w - 24, bold=True)
        y = self.rect.y + 8
        for line in lines:
            if y + font(self.font_size).get_height() > text_bottom + 2:
                break
            r = draw_text(surface, line, (self.rect.centerx, y), self.font_size, bold=True, anchor="midtop")
            y = r.bottom + 2
        for b in self.buttons:
            b.draw(surface)


class Toast(Widget):
    """A transient message (e.g. an illegal move's reason) that fades out. While visible
    it animates (the app runs frames); afterwards it costs nothing."""

    focusable = False
    #: seconds a message stays at least, before it fades; a longer one stays as long as it
    #: takes to read (``READ`` characters a second), and an error a second more
    HOLD = 2.2
    READ = 15
    FADE = 0.6

    def __init__(self, rect: Any = (0, 0, 0, 0), font_size: int = 22, at_top: bool = False) -> None:
        super().__init__(rect)
        self.font_size = font_size
        #: drawn near the top of its area instead of the bottom (a notice over a menu's buttons)
        self.at_top = at_top
        self.text = ""
        self.remaining = 0.0
        self.kind = "info"
        self.edge: tuple[int, int, int] | None = None

    def show(
        self, text: str, kind: str = "info", seconds: float | None = None, edge: tuple[int, int, int] | None = None
    ) -> None:
        """``edge``: the border's colour instead of the kind's (a chat line: the speaker's seat)."""
        self.text = text
        self.kind = kind
        self.edge = edge
        self.remaining = (seconds if seconds is not None else self.hold_for(text, kind)) + self.FADE

    @classmethod
    def hold_for(cls, text: str, kind: str = "info") -> float:
        """How long ``text`` stays before it fades: long enough to read."""
        return max(cls.HOLD, 1.0 + len(text) / cls.READ) + (1.0 if kind == "error" else 0.0)

    def hide(self) -> None:
        self.remaining = 0.0

    @property
    def showing(self) -> bool:
        return self.remaining > 0 and bool(self.text)

    @property
    def animating(self) -> bool:
        return self.showing

    def update(self, dt: float) -> None:
        if self.remaining > 0:
            self.remaining = max(0.0, self.remaining - dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.showing:
            return
        alpha = 255 if self.remaining > self.FADE else int(255 * self.remaining / self.FADE)
        width = min(self.rect.w or surface.get_width() - 80, 900)
        lines = wrap(self.text, self.font_size, width - 40, bold=True)[:4]
        lh = font(self.font_size, True).get_height() + 2
        h = lh * len(lines) + 24
        box = pygame.Surface((width, h), pygame.SRCALPHA)
        edge = self.edge or {"error": colour("danger"), "ok": colour("ok")}.get(self.kind, colour("accent"))
        pygame.draw.rect(box, (*colour("toast"), 235), box.get_rect(), border_radius=10)
        pygame.draw.rect(box, (*edge, 255), box.get_rect(), width=3, border_radius=10)
        for i, line in enumerate(lines):
            t = text_surface(line, self.font_size, colour("text"), bold=True)
            box.blit(t, t.get_rect(midtop=(width // 2, 12 + i * lh)))
        box.set_alpha(alpha)
        area = self.rect if self.rect.w else surface.get_rect()
        if self.at_top:
            surface.blit(box, box.get_rect(midtop=(area.centerx, area.top + 12)))
        else:
            surface.blit(box, box.get_rect(midbottom=(area.centerx, area.bottom - 24)))


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
