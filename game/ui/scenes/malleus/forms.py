"""Forms of the Malleus table: a modal box of text fields, choices and check boxes over
the map (the trigger, a new villager and its facts, a ledger, a declaration, a secret
action, a narration …). Typing goes to the focused field; Tab / Shift+Tab move, Enter in
the last field or the OK button sends, Esc closes. A choice opens the table's chooser.

A form only gathers values; its ``send(values)`` builds the engine command and returns
the engine's refusal (the form stays open and shows it) or None (it closes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.input import InputEvent
from game.ui.scenes.table_base import Prompt, panel, text
from game.ui.widgets import Button, Checkbox, FocusRing, TextField

MAX_FIELD = 200
#: a text field for at most this many characters is one line; longer ones wrap over lines
SHORT_FIELD = 60


@dataclass
class Field:
    """One row of a form: ``kind`` is "text", "choice", "check" or "info"."""

    kind: str
    key: str
    label: str
    value: Any = ""
    options: list[tuple[str, Any]] = field(default_factory=list)
    max_len: int = MAX_FIELD
    placeholder: str = ""
    #: text fields: how many lines tall (0: one line for short texts, more for long ones)
    lines: int = 0

    def text_lines(self) -> int:
        if self.kind != "text":
            return 1
        if self.lines:
            return self.lines
        return 1 if self.max_len <= SHORT_FIELD else 2


@dataclass
class Form:
    title: str
    fields: list[Field]
    send: Callable[[dict], str | None]
    ok: str = "OK"
    note: str = ""
    error: str = ""
    name: str = "form"

    def values(self) -> dict:
        return {f.key: f.value for f in self.fields if f.kind != "info"}


class FormHost:
    """Opens, draws and drives one form at a time over the Malleus table (owned by it:
    the open form, its focus ring, widgets and labels are its own)."""

    def __init__(self, table) -> None:
        self.table = table
        self.form: Form | None = None
        self.form_ring: FocusRing | None = None
        self.form_widgets: list[Any] = []
        self.form_labels: list[tuple[str, tuple[int, int]]] = []

    def open_form(self, form: Form) -> None:
        self.table.prompt, self.table.pick = None, None
        self.form = form
        self.form_ring = FocusRing()
        self.form_widgets = []
        self._form_layout()
        first = next((w for w in self.form_widgets if isinstance(w, TextField)), None)
        if first is None:  # nothing to type: Enter sends the form
            first = next((w for w in self.form_widgets if getattr(w, "name", "") == "form_ok"), None)
        if first is not None:
            self.form_ring.focus_on(first)
        self.table.buttons = self.table.make_buttons()
        self.table.dirty = True

    def close_form(self) -> None:
        self.form = None
        self.form_ring = None
        self.form_widgets = []
        self.table.buttons = self.table.make_buttons()
        self.table.message = self.table.status_message()
        self.table.dirty = True

    def relayout(self) -> None:
        """The open form laid out again for the window's size (after a resize): its
        values and the focused field are kept."""
        if self.form is None or self.form_ring is None:
            return
        focused = getattr(self.form_ring.focus, "name", None)
        self._form_layout()
        again = next((w for w in self.form_widgets if getattr(w, "name", None) == focused), None)
        if again is not None:
            self.form_ring.focus_on(again)
        self.table.dirty = True

    def _form_box(self) -> pygame.Rect:
        """The form's box: as tall as its fields need (at most the window less a margin),
        centred on the map."""
        return self._form_geometry()[0]

    def _form_geometry(self) -> tuple[pygame.Rect, int, int]:
        """(box, row height, gap): rows shrink (to 28 px) before the box outgrows the window."""
        m = self.table.village.map_rect()
        w = min(m.w - self.table.px(40), self.table.px(980))
        room = self.table.size[1] - self.table.px(24)
        row, gap = max(28, self.table.px(46)), self.table.px(10)
        while True:
            h = self._form_height(w, row, gap)
            if h <= room or row <= 28:
                break
            row, gap = row - 2, max(4, gap - 1)
        box = pygame.Rect(0, 0, w, min(h, room))
        box.center = m.center
        box.clamp_ip(pygame.Rect(0, self.table.px(8), self.table.size[0], self.table.size[1] - self.table.px(16)))
        return box, row, gap

    def _note_height(self, w: int) -> int:
        f = self.form
        if not f.note:
            return 0
        font = get_font(max(11, self.table.px(17)))
        return len(wrap_text(f.note, font, w - self.table.px(48))) * font.get_linesize() + self.table.px(6)

    def _field_height(self, fld: Field, row: int, gap: int) -> int:
        if fld.kind == "info":
            return self.table.px(34)
        if fld.kind == "text":
            return self.table.px(28) + self._text_height(fld, row) + gap
        return row + gap

    def _text_height(self, fld: Field, row: int) -> int:
        lines = fld.text_lines()
        if lines == 1:
            return row
        return get_font(max(12, self.table.px(20))).get_linesize() * lines + 14

    def _form_height(self, w: int, row: int, gap: int) -> int:
        fields = sum(self._field_height(fld, row, gap) for fld in self.form.fields)
        footer = max(30, self.table.px(52)) + self.table.px(18) + self.table.px(12)
        return self.table.px(64) + self._note_height(w) + fields + footer

    def _form_layout(self) -> None:
        f = self.form
        box, row, gap = self._form_geometry()
        size = max(12, self.table.px(20))
        x = box.x + self.table.px(24)
        w = box.w - self.table.px(48)
        y = box.y + self.table.px(64) + self._note_height(box.w)
        widgets: list[Any] = []
        self.form_labels = []
        for fld in f.fields:
            if fld.kind == "info":
                self.form_labels.append((fld.label, (x, y)))
            elif fld.kind == "text":
                self.form_labels.append((fld.label, (x, y)))
                lines = fld.text_lines()
                widgets.append(
                    TextField(
                        (x, y + self.table.px(28), w, self._text_height(fld, row)),
                        str(fld.value),
                        max_len=fld.max_len,
                        placeholder=fld.placeholder,
                        font_size=size,
                        name=f"form_{fld.key}",
                        multiline=lines > 1,
                        on_change=lambda t, fld=fld: setattr(fld, "value", t),
                        on_submit=lambda _t: self.submit_form(),
                    )
                )
            elif fld.kind == "choice":
                label_w = self.table.px(260)
                self.form_labels.append((fld.label, (x, y + row // 4)))
                current = next((lab for lab, val in fld.options if val == fld.value), "— choose —")
                widgets.append(
                    Button(
                        (x + label_w, y, w - label_w, row),
                        current + "  ↓",
                        lambda fld=fld: self._choose(fld),
                        font_size=size,
                        name=f"form_{fld.key}",
                    )
                )
            elif fld.kind == "check":
                widgets.append(
                    Checkbox(
                        (x, y, w, row),
                        fld.label,
                        bool(fld.value),
                        font_size=size,
                        name=f"form_{fld.key}",
                        on_change=lambda v, fld=fld: setattr(fld, "value", v),
                    )
                )
            y += self._field_height(fld, row, gap)
        bw, bh = self.table.px(220), max(30, self.table.px(52))
        by = box.bottom - bh - self.table.px(18)
        widgets.append(
            Button(
                (box.right - 2 * bw - self.table.px(40), by, bw, bh),
                "Cancel",
                self.close_form,
                font_size=size,
                name="form_cancel",
            )
        )
        widgets.append(
            Button(
                (box.right - bw - self.table.px(24), by, bw, bh),
                f.ok,
                self.submit_form,
                style="primary",
                font_size=size,
                name="form_ok",
            )
        )
        self.form_widgets = widgets
        self.form_ring.set(widgets)

    def _choose(self, fld: Field) -> None:
        if not fld.options:
            self.form.error = "Nothing to choose from."
            return

        def chosen(value: Any, fld=fld) -> None:
            fld.value = value
            self._form_layout()
            self.table.dirty = True

        default = next((i for i, (_lab, val) in enumerate(fld.options) if val == fld.value), 0)
        self.table.prompt = Prompt(
            fld.label, list(fld.options), chosen, None, default=default, anchor=self.table.village.map_rect().center
        )
        self.table.dirty = True

    def submit_form(self) -> None:
        form = self.form
        if form is None:
            return
        problem = form.send(form.values())
        if problem:
            form.error = str(problem)
            self.table.play_sound("refused")
            self.table.dirty = True
            return
        if self.form is form:
            self.close_form()
        self.table.sync()

    def form_handle(self, event: InputEvent) -> bool:
        """Events go to the open form first (True: used)."""
        if self.form is None:
            return False
        if self.table.prompt is not None:
            return False  # the chooser of a choice field is on top
        if event.is_action(uinput.CANCEL):
            self.close_form()
            return True
        used = self.form_ring.handle(event)
        if used:
            self.table.dirty = True
        if event.kind in (uinput.PRESS, uinput.RELEASE, uinput.KEY, uinput.TEXT):
            return True  # a modal form swallows clicks and keys
        return used

    def draw_form(self, surface: pygame.Surface) -> None:
        f = self.form
        if f is None:
            return
        surface.blit(self.table.shade_surface(surface.get_size(), 120), (0, 0))
        box = self._form_box()
        panel(surface, box, alpha=250, edge=theme.HIGHLIGHT)
        head = max(14, self.table.px(28))
        title = text(f.title, head, theme.HIGHLIGHT, bold=True, title=True)
        at = surface.blit(title, (box.x + self.table.px(24), box.y + self.table.px(16)))
        self.table.note_text("form title", f.title, f.title, [at], box)
        size = max(11, self.table.px(17))
        y = box.y + self.table.px(64)
        if f.note:
            font = get_font(size)
            for line in wrap_text(f.note, font, box.w - self.table.px(48)):
                surface.blit(text(line, size, theme.TEXT_MUTED), (box.x + self.table.px(24), y))
                y += font.get_linesize()
        for label, pos in self.form_labels:
            surface.blit(text(label, max(11, self.table.px(18)), theme.PARCHMENT, bold=True), pos)
        self.form_ring.draw(surface)
        if f.error:
            font = get_font(size, bold=True)
            lines = wrap_text(f.error, font, box.w - self.table.px(48) - 2 * self.table.px(220) - self.table.px(40))
            y = box.bottom - self.table.px(24) - len(lines) * font.get_linesize()
            for line in lines:
                surface.blit(
                    text(line, size, theme.DANGER if hasattr(theme, "DANGER") else (220, 90, 70), bold=True),
                    (box.x + self.table.px(24), y),
                )
                y += font.get_linesize()

    def form_locate(self, name: str) -> tuple[int, int] | None:
        """Where a form widget is drawn (smoke runs and tests click it)."""
        if self.form is None:
            return None
        for w in self.form_widgets:
            if getattr(w, "name", None) == name:
                return w.rect.center
        return None
