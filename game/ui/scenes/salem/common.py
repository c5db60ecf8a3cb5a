"""The Salem table's shared pieces: the built-in zones for 4–12 seats and the sizes.

Zones are drawn for a 1920x1080 table and scaled (``scale_design_rects``). The right
column holds the game log, the two piles and the action buttons; the shown seat sits at
the bottom above its hand; the other seats go clockwise from it around the table: up the
left side, along the top, down the right side (``seat_k`` = the k-th seat clockwise).
The middle (``center``) holds the phase banner, the private prompts and the Night sky;
``message`` is its bottom line.
"""

from __future__ import annotations

from game.ui.scenes.table_base import Rect, scale_design_rects

CARD_RATIO = 1.4
TABLE_RIGHT = 1552  # the seats' area ends here; the right column starts at 1560
TABLE_BOTTOM = 692  # the other seats' area ends here; the shown seat starts at 700


def side_counts(others: int) -> tuple[int, int]:
    """(seats on each side, seats along the top) for ``others`` seats around the table."""
    side = max(1, others // 3)
    return side, max(0, others - 2 * side)


def seat_design_rects(n: int) -> dict[str, Rect]:
    """``seat_1``.. ``seat_{n-1}`` and ``center`` in 1920x1080 design pixels."""
    others = n - 1
    side, top = side_counts(others)
    top_h = 220 if others <= 5 else 190 if others <= 8 else 172
    side_w = 330 if others <= 5 else 296 if others <= 8 else 262
    gap = 8
    out: dict[str, Rect] = {}
    k = 1
    col_top = 8 + top_h + gap if top else 8
    col_h = TABLE_BOTTOM - col_top
    cell_h = min(250, (col_h - gap * (side - 1)) // side)
    # the left side, from the bottom up
    for i in range(side):
        y = TABLE_BOTTOM - (i + 1) * cell_h - i * gap
        out[f"seat_{k}"] = (8, y, side_w, cell_h)
        k += 1
    # along the top, left to right, centred over the table
    if top:
        cell_w = min(440, (TABLE_RIGHT - 8 - gap * (top - 1)) // top)
        total = top * cell_w + gap * (top - 1)
        x0 = 8 + (TABLE_RIGHT - 8 - total) // 2
        for i in range(top):
            out[f"seat_{k}"] = (x0 + i * (cell_w + gap), 8, cell_w, top_h)
            k += 1
    # the right side, from the top down
    for i in range(side):
        y = col_top + i * (cell_h + gap) + (col_h - side * cell_h - (side - 1) * gap)
        out[f"seat_{k}"] = (TABLE_RIGHT - side_w, y, side_w, cell_h)
        k += 1
    cx = 8 + side_w + 12
    cy = (8 + top_h + 12) if top else 8
    out["center"] = (cx, cy, TABLE_RIGHT - side_w - 12 - cx, TABLE_BOTTOM - cy)
    return out


def design_zones(n: int) -> dict[str, Rect]:
    base: dict[str, Rect] = {
        "log": (1560, 8, 352, 560),
        "deck": (1572, 578, 156, 218),
        "discard": (1748, 578, 156, 218),
        "buttons": (1560, 806, 352, 266),
        "seat_0": (8, 700, 1544, 178),
        "hand": (8, 884, 1544, 188),
    }
    base.update(seat_design_rects(n))
    cx, cy, cw, ch = base["center"]
    base["banner"] = (cx, cy, cw, 58)
    base["message"] = (cx, cy + ch - 32, cw, 32)
    base["center"] = (cx, cy + 64, cw, ch - 64 - 38)
    return base


def layout_zones(n: int) -> list[tuple[str, str, Rect, dict]]:
    """The zones as tools/make_layouts.py writes them into assets/layouts/salem.tmx."""
    out: list[tuple[str, str, Rect, dict]] = []
    for name, rect in design_zones(n).items():
        kind = "seat" if name.startswith("seat_") else name
        props = {"own": True} if name == "seat_0" else {}
        out.append((name, kind, rect, props))
    return out


def fallback_zones(n: int, w: int, h: int) -> dict[str, Rect]:
    return scale_design_rects(design_zones(n), w, h)
