"""The Hammer table's shared pieces: track and card sizes, the built-in zones."""

from __future__ import annotations

from game.ui import theme
from game.ui.scenes.table_base import Rect, scale_design_rects

PHASES = [("accusation", "1 Accusation"), ("arrest", "2 Arrest"), ("trial", "3 Trial"), ("evidence", "4 Evidence")]
TRACK_LOW, TRACK_HIGH = 2, 18
HEAT_SECONDS = 0.5
#: pyre track cell colours (orange below 10, the blue side from 10: H1.2), lit up to the heat
TRACK_LIT = {v: theme.pyre_color(v) for v in range(TRACK_LOW, TRACK_HIGH + 1)}
TRACK_DIM = {v: theme.pyre_dim(v) for v in range(TRACK_LOW, TRACK_HIGH + 1)}
CARD_RATIO = 1.4


def _fallback_zones(n: int, w: int, h: int) -> dict[str, Rect]:
    """Built-in zones (the 1920x1080 map of hammer.tmx, scaled) for a missing layout."""
    base = {
        "phase_track": (416, 8, 1088, 48),
        "banner": (416, 372, 1088, 200),
        "seat_0": (416, 580, 1088, 264),
        "message": (416, 850, 1088, 28),
        "hand": (416, 884, 1088, 188),
        "log": (8, 656, 400, 416),
        "deck": (1548, 690, 150, 210),
        "discard": (1722, 690, 150, 210),
    }
    others = {
        3: [(8, 64, 948, 300), (964, 64, 948, 300)],
        4: [(8, 8, 400, 640), (416, 64, 1088, 300), (1512, 8, 400, 640)],
        5: [(8, 8, 400, 640), (416, 64, 540, 300), (964, 64, 540, 300), (1512, 8, 400, 640)],
    }.get(n, [])
    if n == 3:
        base.update({"log": (8, 372, 400, 700), "deck": (1548, 400, 150, 210), "discard": (1722, 400, 150, 210)})
    for k, r in enumerate(others, start=1):
        base[f"seat_{k}"] = r
    return scale_design_rects(base, w, h)
