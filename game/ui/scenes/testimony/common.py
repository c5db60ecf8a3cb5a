"""The Testimony table's shared pieces: the zones of a 1920x1080 table for 3–7 players
(also written to ``assets/layouts/testimony.tmx`` by ``tools/make_layouts.py``), token
discs, colours and sizes.

Zones: the left column holds the ``log`` and the ``talk`` panel (claims and chat), the
right column the ``notebook`` and the match ``standings``. In the middle, the other
seats sit round an oval ``table`` (``seat_k`` is the k-th seat clockwise from the one on
screen, ``seat_0``, which sits bottom left beside the ``hand``: its Character card,
its Belief cards and its tokens). ``banner`` holds the action bar, ``message`` the
status line. The end-of-game reveal opens over the whole middle (``MIDDLE``, not a zone:
it lies over the seats).
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.scenes.table_base import Rect, panel, scale_design_rects

FIXED_ZONES = ("table", "hand", "banner", "message", "log", "talk", "notebook", "standings")
SEAT_W, SEAT_H = 330, 168
CARD_RATIO = 1.4
FLIP_SECONDS = 0.28  # one token turning over in the reveal
REVEAL_GAP = 0.09  # between two tokens turning over
ACCUSE_COLOUR = theme.JURY_GUILTY
DEFEND_COLOUR = theme.JURY_INNOCENT
HEATHEN_COLOUR = (120, 52, 110)
PURITAN_COLOUR = (52, 84, 130)
DEAD_COLOUR = theme.darken(theme.DANGER, 0.2)  # the killed pill and cross (light text on it)
DEAD_TEXT = theme.lighten(theme.DANGER, 0.4)  # "killed" in words on the dark panels (WCAG AA)
MIDDLE = (408, 8, 1104, 718)  # x, y, w, h of the middle of the table (seats round the oval)


def design_zones(n: int) -> dict[str, Rect]:
    """Every zone of the table for ``n`` players, in 1920x1080 design pixels."""
    z: dict[str, Rect] = {
        "log": (8, 8, 392, 596),
        "talk": (8, 612, 392, 460),
        "notebook": (1520, 8, 392, 596),
        "standings": (1520, 612, 392, 460),
        "banner": (408, 734, 1104, 70),
        "message": (408, 808, 1104, 26),
        "seat_0": (408, 838, 420, 234),
        "hand": (836, 838, 676, 234),
        "table": (790, 270, 340, 180),
    }
    mx, my, mw, mh = MIDDLE
    cx, cy = 960, 372
    rx, ry = 392, 290
    for k in range(1, n):
        angle = math.radians(90 + 360 * k / n)
        x = round(cx + rx * math.cos(angle) - SEAT_W / 2)
        y = round(cy + ry * math.sin(angle) - SEAT_H / 2)
        x = max(mx, min(mx + mw - SEAT_W, x))
        y = max(my, min(my + mh - SEAT_H, y))
        z[f"seat_{k}"] = (x, y, SEAT_W, SEAT_H)
    return z


def fallback_zones(n: int, w: int, h: int) -> dict[str, Rect]:
    return scale_design_rects(design_zones(n), w, h)


def middle_rect(w: int, h: int) -> Rect:
    """The middle of the table (where the seats sit round the oval) at window size w x h."""
    return scale_design_rects({"middle": MIDDLE}, w, h)["middle"]


_DISCS: dict[tuple, pygame.Surface] = {}


def token_disc(
    radius: int, placer_colour, side: str | None, *, lit: bool = False, turned: float = 1.0
) -> pygame.Surface:
    """A Testimony token seen from above: the placer's colour round the rim; face down a
    plain centre, face up the side (accusation: red with a minus, defense: blue with a
    plus). ``turned`` (0..1) squeezes the disc sideways while it flips over."""
    radius = max(5, int(radius))
    key = (radius, tuple(placer_colour), side, lit, round(turned, 2))
    surf = _DISCS.get(key)
    if surf is not None:
        return surf
    if len(_DISCS) > 600:
        _DISCS.clear()
    d = radius * 2 + 4
    full = pygame.Surface((d, d), pygame.SRCALPHA)
    c = (d // 2, d // 2)
    pygame.draw.circle(full, (0, 0, 0, 90), (c[0] + 1, c[1] + 2), radius)
    pygame.draw.circle(full, tuple(placer_colour), c, radius)
    inner = max(3, int(radius * 0.68))
    if side is None:
        pygame.draw.circle(full, theme.darken(tuple(placer_colour), 0.45), c, inner)
        pygame.draw.circle(full, theme.lighten(tuple(placer_colour), 0.25), c, inner, max(1, radius // 8))
    else:
        colour = ACCUSE_COLOUR if side == "accuse" else DEFEND_COLOUR
        pygame.draw.circle(full, colour, c, inner)
        pygame.draw.circle(full, theme.PARCHMENT, c, inner, max(1, radius // 8))
        bar = max(2, radius // 4)
        length = int(inner * 1.1)
        pygame.draw.rect(full, theme.PARCHMENT, (c[0] - length // 2, c[1] - bar // 2, length, bar))
        if side == "defend":
            pygame.draw.rect(full, theme.PARCHMENT, (c[0] - bar // 2, c[1] - length // 2, bar, length))
    if lit:
        pygame.draw.circle(full, theme.HIGHLIGHT, c, radius, max(2, radius // 5))
    else:
        pygame.draw.circle(full, theme.darken(tuple(placer_colour), 0.5), c, radius, 1)
    if turned < 0.999:
        width = max(2, int(d * max(0.05, abs(turned))))
        squeezed = pygame.transform.smoothscale(full, (width, d))
        surf = pygame.Surface((d, d), pygame.SRCALPHA)
        surf.blit(squeezed, ((d - width) // 2, 0))
    else:
        surf = full
    _DISCS[key] = surf
    return surf


@lru_cache(maxsize=4096)
def fit_text(label: str, size: int, width: int, bold: bool = False) -> str:
    """``label`` cut with an ellipsis to fit ``width`` pixels at ``size`` (cached)."""
    font = get_font(size, bold=bold)
    if font.size(label)[0] <= width:
        return label
    low, high = 0, len(label)  # the longest prefix that fits with the ellipsis
    while low < high:
        mid = (low + high + 1) // 2
        if font.size(label[:mid] + "\u2026")[0] <= width:
            low = mid
        else:
            high = mid - 1
    return label[:low] + "\u2026"


@lru_cache(maxsize=2048)
def wrapped(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """``text`` wrapped to ``width`` pixels at ``size`` (cached: panels redraw often)."""
    return tuple(wrap_text(text, get_font(size, bold=bold), width))


def felt_panel(surface: pygame.Surface, rect, color=theme.PANEL, alpha: int = 225, **kw) -> None:
    """A panel lying on the bare felt: the translucent colour blended in advance and
    drawn solid (a per-panel alpha surface costs milliseconds at 1920x1080)."""
    panel(surface, rect, color=theme.mix(theme.FELT, color, alpha / 255), alpha=255, **kw)


def belief_colour(belief: str) -> tuple[int, int, int]:
    return HEATHEN_COLOUR if belief == "heathen" else PURITAN_COLOUR


def draw_kept(panel, surface: pygame.Surface, zone, key: tuple, paint) -> None:
    """A part of the static table that lies alone in ``zone`` (on the felt, nothing else
    drawn there): its picture as kept when ``key`` (everything it shows) is the same as
    when it was drawn, else ``paint(surface)`` and a copy of ``zone`` kept in
    ``panel.picture`` (a move changes one or two parts of the table; the others cost a copy)."""
    zone = pygame.Rect(zone).clip(surface.get_rect())
    key = (tuple(zone), key)
    kept = panel.picture
    if kept is not None and kept[0] == key:
        surface.blit(kept[1], zone.topleft)
        return
    paint(surface)
    if kept is not None and kept[1].get_size() == zone.size:  # the old picture is copied over, not reallocated
        kept[1].blit(surface, (0, 0), zone)
        panel.picture = (key, kept[1])
    else:
        panel.picture = (key, surface.subsurface(zone).copy())
