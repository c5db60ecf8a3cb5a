"""Text entry (:class:`TextField`) and the clipboard it copies to and pastes from."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from game.ui import input as uinput
from game.ui.input import InputEvent
from game.ui.widgets.base import Widget
from game.ui.widgets.drawing import colour, font, text_surface, wrap

log = logging.getLogger(__name__)


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
