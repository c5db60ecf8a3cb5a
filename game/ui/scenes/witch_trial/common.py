"""The courtroom's shared pieces: sizes, constants, the built-in zones, felt panels."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.scenes.table_base import Rect, panel, scale_design_rects

CARD_RATIO = 1.4
JURY_SEATS = 12
GUILTY_AT = 13
PLEA_STEP = 5
JURY_SECONDS = 0.6
DICE_SECONDS = 0.45
STAGES = [("prosecution", "Prosecution"), ("defense", "Defense"), ("final", "Final argument"), ("plea", "Plea")]
PROSECUTION_COLOUR = theme.JURY_GUILTY
DEFENSE_COLOUR = theme.JURY_INNOCENT
FIXED_ZONES = (
    "deck",
    "discard",
    "lineup_1",
    "lineup_2",
    "lineup_3",
    "lineup_4",
    "lineup_5",
    "court_fees",
    "jury_box",
    "court",
    "dice",
    "banner",
    "log",
    "message",
    "hand",
)


_PANELS: dict[tuple, pygame.Surface] = {}
_PANEL_KEY = (255, 0, 255)  # the colour key of a cached panel's corners (no theme colour)


def felt_panel(surface: pygame.Surface, rect, color=theme.PANEL, alpha: int = 225, **kw: Any) -> None:
    """A panel on the bare felt: the translucent colour pre-blended, drawn solid (the
    same look as ``panel`` there, without a per-panel alpha surface).

    Drawn once per size and colours, then blitted: a rounded rect filled at 1920x1080
    costs more than a blit. The corners are colour-keyed (pygame's rounded rects are not
    anti-aliased), so whatever lies under them shows exactly as when drawn directly."""
    r = pygame.Rect(rect)
    fill = theme.mix(theme.FELT, color, alpha / 255)
    if r.w <= 0 or r.h <= 0:
        panel(surface, r, color=fill, alpha=255, **kw)
        return
    key = (
        r.size,
        tuple(fill),
        tuple(sorted((k, tuple(v) if isinstance(v, (list, tuple)) else v) for k, v in kw.items())),
    )
    surf = _PANELS.get(key)
    if surf is None:
        if len(_PANELS) > 256:  # window resizes make new sizes; keep the cache small
            _PANELS.clear()
        surf = pygame.Surface(r.size)
        surf.fill(_PANEL_KEY)
        panel(surf, surf.get_rect(), color=fill, alpha=255, **kw)
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        surf.set_colorkey(_PANEL_KEY, pygame.RLEACCEL)
        _PANELS[key] = surf
    surface.blit(surf, r.topleft)


def _chance_at_least(need: int) -> float:
    """P(2d6 >= need)."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need)
    return hits / 36


def _fallback_zones(n: int, w: int, h: int) -> dict[str, Rect]:
    """Built-in zones (the 1920x1080 map of witch_trial.tmx, scaled) for a missing layout."""
    base: dict[str, tuple[int, int, int, int]] = {
        "deck": (8, 222, 150, 224),
        "discard": (966, 222, 150, 224),
        "court_fees": (1124, 222, 284, 224),
        "jury_box": (1416, 222, 496, 340),
        "court": (8, 454, 1100, 298),
        "dice": (1116, 454, 292, 298),
        "log": (1416, 570, 496, 502),
        "banner": (8, 760, 1400, 86),
        "seat_0": (8, 854, 300, 218),
        "message": (316, 854, 1092, 26),
        "hand": (316, 884, 1092, 188),
    }
    for i in range(5):
        base[f"lineup_{i + 1}"] = (166 + 158 * i, 222, 150, 224)
    others = max(1, n - 1)
    sw = min(460, (1904 - 8 * (others - 1)) // others)
    x0 = (1920 - (sw * others + 8 * (others - 1))) // 2
    for k in range(1, n):
        base[f"seat_{k}"] = (x0 + (k - 1) * (sw + 8), 8, sw, 204)
    return scale_design_rects(base, w, h)


def _fit_card(zone: pygame.Rect, top_pad: int = 0, bottom_pad: int = 0) -> pygame.Rect:
    """The largest card (ratio 1.4) centred in ``zone`` below ``top_pad``."""
    h = max(20, zone.h - top_pad - bottom_pad)
    w = int(h / CARD_RATIO)
    if w > zone.w - 4:
        w = zone.w - 4
        h = int(w * CARD_RATIO)
    r = pygame.Rect(0, 0, w, h)
    r.midtop = (zone.centerx, zone.y + top_pad)
    return r
