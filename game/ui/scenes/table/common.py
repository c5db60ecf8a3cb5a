"""What the table panels share: sizes and timings, zones and targets, small drawing
helpers and the stand-in card art."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.fonts import get_font, render_text
from game.ui.layout import load_layout
from game.ui.sprites import Tween
from game.ui.widgets import Banner, Button

log = logging.getLogger(__name__)


Rect = tuple[int, int, int, int]
#: a drop / click target: ("villager", id), ("announced", None), ("discard", None) …
Target = tuple[str, Any]

HOVER_ZOOM_SECONDS = 0.7
#: a bot's "thinking…" pill: a new dot this many times a second (the idle app wakes for each)
THINKING_DOTS_PER_SECOND = 3
TOAST_SECONDS = 3.5
FLY_SECONDS = 0.35
#: the smallest text a player must read, in pixels, at any window size
MIN_TEXT = 11
#: keys whose auto-repeat a table still follows (moving through choices); any other held
#: key acts once (input.InputEvent.repeat)
REPEATING_KEYS = frozenset(key for key, _mod, acts in uinput.KEYMAP if any(a in uinput.REPEATING for a in acts))
#: a hand card under the pointer rises by this share of its height
HOVER_RAISE = 0.18
#: a hand card no legal command names is drawn at this brightness; its
#: words stay legible (an inactive control is exempt from WCAG's contrast minimum)
DIM_SHADE = (158, 158, 158)


def zone_rects(
    game: str, players: int, size: tuple[int, int], fallback: Callable[[int, int, int], dict[str, Rect]]
) -> dict[str, Rect]:
    """Zones from the Tiled layout (``game.ui.layout``), any missing one from ``fallback``."""
    w, h = size
    rects = dict(fallback(players, w, h))
    try:
        layout = load_layout(game, players)
        for name, r in layout.rects(w, h).items():
            rects[name] = tuple(int(v) for v in r)  # type: ignore[assignment]
    except Exception as exc:  # a broken layout file must not stop the game
        log.warning("layout for %s/%d could not be used (%s); using built-in zones", game, players, exc)
    return rects


def scale_design_rects(design: dict[str, Rect], w: int, h: int) -> dict[str, Rect]:
    """Zones drawn for a 1920x1080 table, scaled to fit ``w`` x ``h`` and centred."""
    scale = min(w / 1920, h / 1080)
    ox, oy = int((w - 1920 * scale) // 2), int((h - 1080 * scale) // 2)
    return {
        name: (ox + round(x * scale), oy + round(y * scale), round(zw * scale), round(zh * scale))
        for name, (x, y, zw, zh) in design.items()
    }


def unique_targets(targets: list[Target]) -> list[Target]:
    """``targets`` without repeats, in their first order (one highlight per target)."""
    seen: list[Target] = []
    for t in targets:
        if t not in seen:
            seen.append(t)
    return seen


def named_in(commands: list[dict]) -> set[str]:
    """Every string a command names besides its type (card ids, villagers, discard lists):
    a hand card missing here appears in no legal command and cannot be played now."""
    found: set[str] = set()
    stack: list[Any] = [v for c in commands for k, v in c.items() if k != "type"]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            found.add(v)
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
    return found


def bar_buttons(
    bar: pygame.Rect, specs: list[tuple[str, str, Any, str | None, str]], max_size: int, share: float
) -> list[Button]:
    """A table's action buttons, right-aligned in its action ``bar``: ``specs`` are
    (name, label, action, hotkey, style); each button fits its label (at least three
    times as wide as tall), the row takes at most ``share`` of the bar (narrowed evenly
    when it would take more), type up to ``max_size`` px."""
    bh = max(28, min(44, bar.h - 14))
    size = max(13, min(max_size, bh // 2))
    font = get_font(size, bold=True)
    widths = [max(bh * 3, font.size(label)[0] + 28) for _n, label, *_ in specs]
    gap = 8
    room = int(bar.w * share)
    total = sum(widths) + gap * (len(widths) - 1)
    if total > room:
        scale = (room - gap * (len(widths) - 1)) / max(1, sum(widths))
        widths = [int(w * scale) for w in widths]
        total = sum(widths) + gap * (len(widths) - 1)
    x = bar.right - 8 - total
    y = bar.centery - bh // 2
    out = []
    for (name, label, action, hotkey, style), w in zip(specs, widths):
        out.append(Button((x, y, w, bh), label, action, style=style, font_size=size, hotkey=hotkey, name=name))
        x += w + gap
    return out


class RowBanner(Banner):
    """A public banner for a low strip: the prompt on the left, the buttons in one row on
    the right (the shared Banner stacks them, which needs more height). Each button fits
    its label (at least ``MIN_BUTTON`` px); the row takes at most ``BUTTON_SHARE`` of the
    strip, narrowed evenly when it would take more."""

    MIN_BUTTON = 100
    BUTTON_SHARE = 0.5

    def _layout(self) -> None:
        if not self.buttons:
            return
        f = get_font(self.font_size - 2, bold=True)
        widths = [max(self.MIN_BUTTON, f.size(b.label)[0] + 30) for b in self.buttons]
        gap = 10
        room = int(self.rect.w * self.BUTTON_SHARE)
        if sum(widths) + gap * (len(widths) - 1) > room:
            scale = (room - gap * (len(widths) - 1)) / max(1, sum(widths))
            widths = [int(w * scale) for w in widths]
        bh = max(26, min(44, self.rect.h - 14))
        x = self.rect.right - 10 - (sum(widths) + gap * (len(widths) - 1))
        for b, w in zip(self.buttons, widths):
            b.set_rect((x, self.rect.centery - bh // 2, w, bh))
            x += w + gap


def text(s: str, size: int, color=theme.TEXT_LIGHT, bold: bool = False, title: bool = False) -> pygame.Surface:
    return render_text(str(s), int(size), tuple(color), bold=bold, title=title)


#: translucent rounded fills, one per (size, colour, alpha, radius): the hint strip, the log,
#: banners and prompts are panels drawn every frame, and a fresh surface each time costs
_PANEL_FILLS: dict[tuple, pygame.Surface] = {}


def translucent_fill(size: tuple[int, int], color, alpha: int, radius: int) -> pygame.Surface:
    """A rounded rect of ``color`` at ``alpha`` on transparency (what :func:`panel` blits),
    made once per size, colour, alpha and radius. Shared: callers must not draw on it."""
    key = (tuple(size), tuple(color)[:3], alpha, radius)
    box = _PANEL_FILLS.get(key)
    if box is None:
        if len(_PANEL_FILLS) >= 128:
            _PANEL_FILLS.clear()
        box = _PANEL_FILLS[key] = pygame.Surface(key[0], pygame.SRCALPHA)
        pygame.draw.rect(box, (*key[1], alpha), box.get_rect(), border_radius=radius)
    return box


def panel(
    surface: pygame.Surface,
    rect,
    color=theme.PANEL,
    alpha: int = 225,
    edge=theme.PANEL_EDGE,
    radius: int = 8,
    width: int = 2,
) -> None:
    r = pygame.Rect(rect)
    if alpha >= 255:
        pygame.draw.rect(surface, color, r, border_radius=radius)
    else:
        surface.blit(translucent_fill(r.size, color, alpha, radius), r.topleft)
    if edge is not None and width:
        pygame.draw.rect(surface, edge, r, width, border_radius=radius)


@dataclass
class Flight:
    """A card image flying from one place to another after a move was applied."""

    image: pygame.Surface
    tween: Tween
    pos: tuple[int, int] = (0, 0)
