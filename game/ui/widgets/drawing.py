"""Text and colour helpers every widget draws with: the theme's colours by widget name
(``colour``), the shipped fonts (``font``), wrapping and fitting text (``wrap``,
``fit_text``, ``fit_row``), ``draw_text``, ``draw_panel`` and a button's icon."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.fonts import cut_to_width
from game.ui.fonts import get_font as _fonts_get_font
from game.ui.icons import get_icon

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
            return (int(value[0]), int(value[1]), int(value[2]))
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
    return cut_to_width(text, font(size, bold), width)


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
