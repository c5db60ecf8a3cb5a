"""The Malleus action bar: one row of buttons at the foot of the guide panel.

The step's main action is the big button at the right end (always the same place and
width, whatever the seat's name); the other actions of the step stand to its left while
they fit whole, and the rest — with anything that only belongs in a menu, like the
chronicle — go into a "More…" chooser. Every label is drawn whole: a label that does
not fit even alone is shortened and its full text shows on hover (``cut_labels``).

Nothing here decides what is legal: the bar lays out the actions the table offers.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.ui.widgets import Button, fit_text, font

#: an action the table offers: (label, action, stable name, style "primary" / "normal")
Action = tuple[str, Callable[[], Any], str, str]

#: action names never given the default keyboard focus (ending or passing a turn, rolling,
#: closing a step): Enter must never do them by accident
NO_DEFAULT_FOCUS = ("pass", "end_turn", "discard", "close_secret", "lock_sides", "close_window", "roll",
                    "end_secret_phase", "begin_resolution", "frame_now", "release", "link_cancel", "frame_cancel")
#: actions that only ever appear in the More… menu
MENU_ONLY = ("chronicle",)


@dataclass
class BarLayout:
    buttons: list[Button]
    hidden: list[Action]          # the actions behind "More…"
    focus: int                    # the default keyboard focus (-1: none)


def pick_main(actions: list[Action]) -> int:
    """The index of the step's main action: the first primary one (-1: none)."""
    for i, (_label, _fn, name, style) in enumerate(actions):
        if style == "primary" and name not in MENU_ONLY:
            return i
    return -1


def lay_out_bar(actions: list[Action], rect: pygame.Rect, size: int, gap: int, on_more: Callable[[], Any],
                main_share: float = 0.42) -> BarLayout:
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
        buttons.append(Button((x, rect.y, main_w, rect.h), main[0], main[1], style="primary", font_size=size,
                              name=main[2]))
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
    return [b for b in buttons if fit_text(b.label, b.font_size, b.rect.w - 16, bold=True) != b.label]


def label_of(actions: list[Action], name: str) -> str:
    """The full label of the action called ``name`` ('' when there is none)."""
    return next((label for label, _fn, n, _s in actions if n == name), "")
