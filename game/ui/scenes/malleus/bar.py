"""The Malleus action bar: one row of buttons at the foot of the guide panel.

The step's main action is the big button at the right end (always the same place and
width, whatever the seat's name; a label too long for it even 4 px smaller — a card and
whose it is — makes it grow to the left); the other actions of the step stand to its
left while they fit whole, and the rest — with anything that only belongs in a menu,
like the chronicle — go into a "More…" chooser. Every label is drawn whole: a label that
does not fit even alone is shortened and its full text shows on hover (``cut_labels``).

Nothing here decides what is legal: the bar lays out the actions the table offers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.scenes.table_base import Prompt, text
from game.ui.widgets import BUTTON_PAD, Button, fit_text, font

#: an action the table offers: (label, action, stable name, style "primary" / "normal")
Action = tuple[str, Callable[[], Any], str, str]

#: action names never given the default keyboard focus (ending or passing a turn, rolling,
#: closing a step): Enter must never do them by accident
NO_DEFAULT_FOCUS = (
    "pass",
    "end_turn",
    "discard",
    "close_secret",
    "lock_sides",
    "close_window",
    "roll",
    "end_secret_phase",
    "begin_resolution",
    "frame_now",
    "release",
    "link_cancel",
    "frame_cancel",
)
#: actions that only ever appear in the More… menu
MENU_ONLY = ("chronicle",)
#: the main button grows (to this share of the bar at most) to hold its label at 4 px below
#: the bar's size, not below MAIN_LEAST (the table steps a label's size down as it draws:
#: table/buttons.py, ``button_fit``)
MAIN_LEAST = 12
MAIN_MOST = 0.62


@dataclass
class BarLayout:
    buttons: list[Button]
    hidden: list[Action]  # the actions behind "More…"
    focus: int  # the default keyboard focus (-1: none)


def pick_main(actions: list[Action]) -> int:
    """The index of the step's main action: the first primary one (-1: none)."""
    for i, (_label, _fn, name, style) in enumerate(actions):
        if style == "primary" and name not in MENU_ONLY:
            return i
    return -1


def lay_out_bar(
    actions: list[Action], rect: pygame.Rect, size: int, gap: int, on_more: Callable[[], Any], main_share: float = 0.42
) -> BarLayout:
    """Buttons for ``actions`` in one row inside ``rect`` (see the module docstring);
    ``main_share`` 0: no main button (several people's equal buttons, in order)."""
    rect = pygame.Rect(rect)
    main_i = pick_main(actions) if main_share > 0 else -1
    main = actions[main_i] if main_i >= 0 else None
    others = [a for i, a in enumerate(actions) if i != main_i]
    visible = [a for a in others if a[2] not in MENU_ONLY]
    menu = [a for a in others if a[2] in MENU_ONLY]
    pad = 2 * max(8, size)
    main_w = int(rect.w * main_share) if main is not None else 0
    if main is not None:  # a label too long even in smaller letters takes room from the others
        least = font(max(MAIN_LEAST, size - 4), True).size(main[0])[0] + 2 * BUTTON_PAD
        main_w = max(main_w, min(least, int(rect.w * MAIN_MOST)))
    more_w = font(size, True).size("More…")[0] + pad
    room = rect.w - main_w - (gap if main is not None else 0)

    def width(label: str) -> int:
        return font(size, True).size(label)[0] + pad

    shown: list[Action] = []
    for action in visible:  # in the table's order, while they fit whole
        need = sum(width(a[0]) + gap for a in shown) + width(action[0])
        need_more = need + gap + more_w if (menu or len(shown) + 1 < len(visible)) else need
        if need_more <= room:
            shown.append(action)
        else:
            break
    hidden = [a for a in visible if a not in shown] + menu
    buttons: list[Button] = []
    x = rect.right
    if main is not None:
        x -= main_w
        buttons.append(
            Button((x, rect.y, main_w, rect.h), main[0], main[1], style="primary", font_size=size, name=main[2])
        )
        x -= gap
    if hidden:
        x -= more_w
        buttons.append(Button((x, rect.y, more_w, rect.h), "More…", on_more, font_size=size, name="more"))
        x -= gap
    for label, fn, name, style in reversed(shown):
        w = width(label)
        x -= w
        buttons.append(Button((x, rect.y, w, rect.h), label, fn, style=style, font_size=size, name=name))
        x -= gap
    buttons.reverse()
    focus = -1
    if main is not None and main[2] not in NO_DEFAULT_FOCUS and not main[2].startswith(("apply_", "void_")):
        focus = len(buttons) - 1
    return BarLayout(buttons, hidden, focus)


def cut_labels(buttons: list[Button]) -> list[Button]:
    """Buttons whose label is drawn shortened (their full text shows on hover)."""
    return [b for b in buttons if fit_text(b.label, b.font_size, b.label_room, bold=True) != b.label]


def label_of(actions: list[Action], name: str) -> str:
    """The full label of the action called ``name`` ('' when there is none)."""
    return next((label for label, _fn, n, _s in actions if n == name), "")


#: actions drawn beside what they act on, not in the bar: the Prévôt's count / reject beside
#: each cited fact and a player's side under that side's column (the conflict panel); a card's
#: Play… beside it in one's ledger (also in the bar), and a player's private screen above the
#: ledger tabs
PANEL_ACTIONS = ("approve_", "reject_", "for_", "against_", "private")


class BarPanel:
    """The Malleus table's action bar (at the foot of the guide panel) and the buttons
    placed beside what they act on (``PANEL_ACTIONS``), owned by the table."""

    def __init__(self, table) -> None:
        self.table = table
        self.more_actions: list[Action] = []
        self.default_focus = -1
        self.panel_buttons: list[Button] = []

    def make_buttons(self) -> list[Button]:
        """The guide panel's action bar (one row: the step's main action, the others that
        fit, "More…" for the rest) and the buttons the conflict panel places beside what
        they act on (see ``bar`` and ``PANEL_ACTIONS``)."""
        actions = list(self.table.actions.action_list()) if self.table.forms.form is None else []
        if self.table.frame_seat is not None:
            actions = [
                ("Frame the scene", self.table.flows.frame_now, "frame_now", "primary"),
                (f"Where: {self.table.frame_location} ↓", self.table.flows.prompt_location, "frame_where", "normal"),
                ("Cancel", self.table.cancel_modes, "frame_cancel", "normal"),
            ]
        if self.table.pending_villager or self.table.link_seat is not None:
            actions = [("Cancel", self.table.cancel_modes, "link_cancel", "normal")]
        panel = [a for a in actions if a[2].startswith(PANEL_ACTIONS)]
        panel += [
            (label, fn, "ledger_" + name, style) for label, fn, name, style in actions if name.startswith("play_")
        ]
        actions = [a for a in actions if not a[2].startswith(PANEL_ACTIONS)]
        actions.append(("Export the chronicle", self.table.export_chronicle, "chronicle", "normal"))
        seats, waiting = [], []
        banner = getattr(self.table.source, "banner_seats", None)
        if banner is not None and self.table.forms.form is None:
            waiting = list(banner())
            if waiting:  # a place for every person, so a name never moves when another hands in
                people = [s for s in range(1, len(self.table.source.players)) if self.table.source.is_human(s)]
                for seat in ([0] if 0 in waiting else []) + people:
                    who = "Prévôt" if seat == 0 else self.table.source.players[seat]
                    seats.append((who, lambda s=seat: self.table.source.request_seat(s), f"seat_{seat}", "primary"))
        area = pygame.Rect(self.table.rects.get("actions") or (0, 0, 10, 10))
        size = max(12, min(self.table.px(19), area.h - 12))
        gap = self.table.px(8)
        if seats:  # several people to go behind the curtain: a button each, none above the others
            layout = lay_out_bar(seats + actions, area, size, gap, self.open_more, main_share=0.0)
            for b in layout.buttons:
                if b.name.startswith("seat_") and int(b.name[5:]) not in waiting:
                    b.visible = False  # handed in: its place stays empty
        else:
            layout = lay_out_bar(actions, area, size, gap, self.open_more)
        self.more_actions = layout.hidden
        self.default_focus = self.table.focus = layout.focus
        self.panel_buttons = [
            Button(
                (0, 0, 0, 0),
                self.panel_label(label, name),
                fn,
                style=style,
                font_size=max(11, self.table.px(15)),
                name=name,
            )
            for label, fn, name, style in panel
        ]
        for b in self.panel_buttons:
            b.visible = False  # until the conflict panel places it
            b.full_label = label_of(panel, b.name)
        self.table._static_key = None  # the conflict panel places its buttons as it is drawn
        return layout.buttons + self.panel_buttons

    def panel_button(self, name: str):
        """The button of that name that a panel places beside what it acts on (None: not offered)."""
        for button in self.panel_buttons:
            if button.name == name:
                return button
        return None

    def panel_buttons_of(self, prefix: str) -> list:
        return [b for b in self.panel_buttons if b.name.startswith(prefix)]

    def panel_label(self, label: str, name: str) -> str:
        if name == "private":
            return "A player's cards…"
        if name.startswith("ledger_play_"):
            return "Play…"
        if name.startswith("approve_"):
            return "Count"
        if name.startswith("reject_"):
            return "Reject"
        seat = int(name.split("_")[-1])
        return "Take this side" if self.table.me() is not None else self.table.source.players[seat]

    def open_more(self) -> None:
        """The "More…" chooser: the step's other actions, each with its full label."""
        hidden = list(self.more_actions)
        if not hidden:
            return
        self.table.prompt = Prompt(
            "More actions",
            [(label, fn) for label, fn, _name, _style in hidden],
            lambda fn: self.run_action(fn),
            None,
            anchor=pygame.Rect(self.table.rects.get("actions") or (0, 0, 10, 10)).midtop,
        )
        self.table.dirty = True

    def run_action(self, fn) -> None:
        fn()
        self.table.buttons = self.make_buttons()
        self.table.focus = self.default_focus
        self.table.message = self.table.status_message()
        self.table.dirty = True

    def refresh_controls(self) -> None:
        """The bar, its default focus and the hint follow what is going on now (a mode
        started or ended, a move made)."""
        self.table.buttons = self.make_buttons()
        self.table.focus = self.default_focus
        self.table.message = self.table.status_message()
        self.table.dirty = True

    def draw_hover_label(self, surface: pygame.Surface) -> None:
        """A button shown shortened (or a panel button with a longer meaning) tells its full
        label while the pointer is on it."""
        for b in self.table.all_buttons():
            if not (b.visible and b.rect.collidepoint(self.table.pointer)):
                continue
            full = getattr(b, "full_label", "") or (b.label if b in cut_labels([b]) else "")
            if not full or full == b.label:
                return
            size = max(12, self.table.px(17))
            lines = wrap_text(full, get_font(size, bold=True), max(self.table.px(200), self.table.size[0] // 3))
            f = get_font(size, bold=True)
            box = pygame.Rect(
                0,
                0,
                max(f.size(line)[0] for line in lines) + self.table.px(20),
                len(lines) * f.get_linesize() + self.table.px(10),
            )
            box.midbottom = (b.rect.centerx, b.rect.y - self.table.px(6))
            box.clamp_ip(pygame.Rect(0, 0, *self.table.size))
            pygame.draw.rect(surface, theme.PARCHMENT, box, border_radius=self.table.px(6))
            pygame.draw.rect(surface, theme.INK, box, 1, border_radius=self.table.px(6))
            y = box.y + self.table.px(5)
            for line in lines:
                surface.blit(text(line, size, theme.INK, bold=True), (box.x + self.table.px(10), y))
                y += f.get_linesize()
            return
