"""Pictures of the Malleus village map: the backdrop painted from the Tiled map of
Charmes (``assets/layouts/malleus.tmx``), a villager's plate and a relationship's arrow. Plain functions of
what they draw; the village panel (village.py) places and caches them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.ui.fonts import get_font, render_text
from game.ui.scenes.malleus.common import (
    AGAINST_COLOUR,
    EXECUTED,
    FIELD,
    FIELD_LINE,
    FOR_COLOUR,
    GRASS,
    GRASS_DARK,
    INK,
    INK_SOFT,
    PLATE,
    PLATE_EDGE,
    PLATE_NPC,
    RIVER,
    ROAD,
    ROOF,
    SENTENCED,
    STONE,
    WALL,
    WOOD,
    seat_colour,
)


def paint_backdrop(
    village: Any, m: pygame.Rect, to_screen: Callable[[float, float], tuple[int, int]], px: Callable[[float], int]
) -> pygame.Surface:
    """The village's backdrop (``game.ui.layout.load_village``: fields, the river, roads,
    woods, buildings) painted for the map zone ``m``, ``to_screen`` placing design pixels
    on the window and ``px`` scaling a design length; a plain green field when ``village``
    is None."""
    surf = pygame.Surface(m.size).convert()
    surf.fill(GRASS)
    # a little texture: darker tufts in a fixed pattern
    for i in range(m.w * m.h // 900):
        x = (i * 97) % max(1, m.w)
        y = (i * 61 + (i // 7) * 13) % max(1, m.h)
        surf.fill(GRASS_DARK, (x, y, 2, 2))
    v = village
    if v is None:
        return surf

    def pt(x: float, y: float) -> tuple[int, int]:
        sx, sy = to_screen(x, y)
        return sx - m.x, sy - m.y

    width = max(2, px(14))
    for shape in v.scenery:
        pts = [pt(x, y) for x, y in shape.points]
        x, y, w, h = shape.rect
        r = pygame.Rect(pt(x, y), (max(2, px(w)), max(2, px(h))))
        k = shape.kind
        if k == "field" and len(pts) >= 3:
            pygame.draw.polygon(surf, FIELD, pts)
            step = max(4, px(16))
            box = pygame.Rect(pts[0], (1, 1)).unionall([pygame.Rect(p, (1, 1)) for p in pts])
            clip = surf.get_clip()
            surf.set_clip(box)
            mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
            for yy in range(box.y, box.bottom, step):
                for xx in range(box.x, box.right, 3):
                    if 0 <= xx < surf.get_width() and 0 <= yy < surf.get_height() and mask.get_at((xx, yy)).a:
                        surf.fill(FIELD_LINE, (xx, yy, 2, 1))
            surf.set_clip(clip)
        elif k == "river" and len(pts) >= 3:
            pygame.draw.polygon(surf, RIVER, pts)
            pygame.draw.polygon(surf, (60, 92, 118), pts, max(1, px(3)))
        elif k == "road" and len(pts) >= 2:
            pygame.draw.lines(surf, ROAD, False, pts, width)
            for p in pts:
                pygame.draw.circle(surf, ROAD, p, width // 2)
        elif k == "wood":
            pygame.draw.ellipse(surf, WOOD, r)
            pygame.draw.ellipse(surf, (40, 64, 38), r.inflate(-r.w // 3, -r.h // 3))
        elif k == "well":
            pygame.draw.ellipse(surf, STONE, r)
            pygame.draw.ellipse(surf, RIVER, r.inflate(-r.w // 2, -r.h // 2))
        elif k == "bridge":
            pygame.draw.rect(surf, (120, 96, 70), r, border_radius=max(1, px(6)))
            pygame.draw.rect(surf, (90, 70, 50), r, max(1, px(3)), border_radius=max(1, px(6)))
        elif k == "graves":
            pygame.draw.rect(surf, (96, 112, 76), r)
            for i in range(6):
                gx = r.x + (i % 3 + 1) * r.w // 4
                gy = r.y + (i // 3 + 1) * r.h // 3
                pygame.draw.line(surf, STONE, (gx, gy - px(8)), (gx, gy + px(6)), max(1, px(3)))
                pygame.draw.line(surf, STONE, (gx - px(5), gy - px(3)), (gx + px(5), gy - px(3)), max(1, px(3)))
        elif k == "cross":
            pygame.draw.line(surf, STONE, r.midtop, r.midbottom, max(1, px(4)))
            pygame.draw.line(surf, STONE, (r.x, r.y + r.h // 3), (r.right, r.y + r.h // 3), max(1, px(4)))
        elif k == "market":
            pygame.draw.rect(surf, (170, 120, 70), r)
            pygame.draw.rect(surf, (200, 180, 120), r.inflate(-4, -4))
        else:  # buildings: walls and a roof
            wall = STONE if k in ("church", "chateau", "hall") else WALL
            pygame.draw.rect(surf, wall, r)
            roof = r.copy()
            roof.h = max(2, r.h * 2 // 5)
            pygame.draw.rect(surf, ROOF if k != "church" else (96, 84, 92), roof)
            pygame.draw.rect(surf, (70, 54, 40), r, max(1, px(2)))
            if k == "church":
                tower = pygame.Rect(0, 0, max(4, r.w // 3), r.h // 2)
                tower.midbottom = (r.centerx, r.y + r.h // 3)
                pygame.draw.rect(surf, STONE, tower)
                pygame.draw.polygon(
                    surf, (96, 84, 92), [tower.topleft, tower.topright, (tower.centerx, tower.y - tower.w)]
                )
            if k == "mill":
                c = (r.right + px(6), r.centery)
                rad = max(3, r.h // 2)
                pygame.draw.circle(surf, (110, 86, 60), c, rad, max(1, px(4)))
                for a in range(0, 360, 45):
                    pygame.draw.line(
                        surf,
                        (110, 86, 60),
                        c,
                        (c[0] + int(rad * math.cos(math.radians(a))), c[1] + int(rad * math.sin(math.radians(a)))),
                        2,
                    )
    pygame.draw.rect(surf, PLATE_EDGE, surf.get_rect(), max(2, px(3)))
    return surf


def draw_arrow_path(
    surface: pygame.Surface, path: list, colour, dashed: bool, both: bool, px: Callable[[float], int]
) -> None:
    """One relationship's arrow along ``path``: a dark edge under it, dashed for an enemy,
    a head at its end (and at its start when ``both``: a mutual view)."""
    width = max(2, px(4))
    edge = (30, 24, 18)
    segments = list(zip(path, path[1:]))
    if dashed:
        dash, gap = max(6, px(14)), max(4, px(10))
        pieces, run, on = [], 0.0, True
        for p, q in segments:
            seg = math.dist(p, q)
            t = 0.0
            while t < seg:
                left = (dash if on else gap) - run
                t2 = min(seg, t + left)
                if on:
                    pieces.append(
                        (
                            (p[0] + (q[0] - p[0]) * t / seg, p[1] + (q[1] - p[1]) * t / seg),
                            (p[0] + (q[0] - p[0]) * t2 / seg, p[1] + (q[1] - p[1]) * t2 / seg),
                        )
                    )
                run += t2 - t
                if run >= (dash if on else gap) - 1e-6:
                    run, on = 0.0, not on
                t = t2
    else:
        pieces = [(path[0], path[-1])] if len(path) == 2 else None
    if pieces is None:
        pygame.draw.lines(surface, edge, False, path, width + 2)
        pygame.draw.lines(surface, colour, False, path, width)
    else:
        for p, q in pieces:
            pygame.draw.line(surface, edge, p, q, width + 2)
        for p, q in pieces:
            pygame.draw.line(surface, colour, p, q, width)
    head = max(8, px(18))
    ends = [(path[-1], path[-2] if len(path) > 1 else path[0])]
    if both:
        ends.append((path[0], path[1] if len(path) > 1 else path[-1]))
    for tip, before in ends:
        dx, dy = tip[0] - before[0], tip[1] - before[1]
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        left = (tip[0] - ux * head - uy * head * 0.5, tip[1] - uy * head + ux * head * 0.5)
        right = (tip[0] - ux * head + uy * head * 0.5, tip[1] - uy * head - ux * head * 0.5)
        pygame.draw.polygon(surface, colour, [tip, left, right])
        pygame.draw.polygon(surface, edge, [tip, left, right], 1)


def paint_plate(
    v: dict, size: tuple[int, int], mark: dict, name_size: int, name_lines: list[str], owner_name: str
) -> pygame.Surface:
    """A villager's plate: its name (``name_lines`` at ``name_size``, fitted by the village
    panel), its standing in a seal, the player who plays it (``owner_name``) or its facts,
    sentenced / executed, and a side badge (``mark``: ``side``) when it takes a side."""
    w, h = size
    img = pygame.Surface(size, pygame.SRCALPHA)
    owner = v.get("controlled_by")
    fill = PLATE if owner is not None else PLATE_NPC
    if v["status"] == "executed":
        fill = (150, 144, 136)
    rr = max(4, h // 6)
    pygame.draw.rect(img, fill, img.get_rect(), border_radius=rr)
    edge = PLATE_EDGE
    if v["status"] == "sentenced":
        edge = SENTENCED
    pygame.draw.rect(img, edge, img.get_rect(), max(2, h // 24), border_radius=rr)
    pad = max(4, h // 10)
    standing_size = max(14, h * 30 // 78)
    small = max(11, h * 16 // 78)
    # standing in a round seal at the right
    seal_r = h * 22 // 78
    seal = (w - pad - seal_r, pad + seal_r)
    pygame.draw.circle(img, (120, 40, 30) if v["status"] != "executed" else EXECUTED, seal, seal_r)
    num = render_text(str(v["standing"]), standing_size, (250, 236, 200), bold=True)
    img.blit(num, num.get_rect(center=seal))
    room = w - 3 * pad - 2 * seal_r
    size, lines = name_size, name_lines
    y = pad
    for line in lines:
        img.blit(render_text(line, size, INK, bold=True), (pad, y))
        y += get_font(size, bold=True).get_linesize()
    y2 = y + max(1, h // 40)
    if owner is not None:
        tag = render_text(owner_name, small, (30, 24, 18), bold=True)
        box = pygame.Rect(pad, y2, min(room, tag.get_width() + 12), tag.get_height() + 2)
        pygame.draw.rect(img, seat_colour(owner), box, border_radius=box.h // 2)
        img.blit(tag, tag.get_rect(center=box.center))
        x3 = box.right + 6
    else:
        x3 = pad
    status = {"sentenced": "sentenced", "executed": "executed"}.get(v["status"])
    info = status or f"{len(v.get('facts') or [])} facts"
    col = SENTENCED if status == "sentenced" else (EXECUTED if status else INK_SOFT)
    info_s = render_text(info, small, col, bold=bool(status))
    if x3 + info_s.get_width() <= w - pad:
        img.blit(info_s, (x3, y2 + 1))
    if mark.get("side"):
        badge_col = FOR_COLOUR if mark["side"] == "for" else AGAINST_COLOUR
        b = render_text(mark["side"], small, (20, 16, 12), bold=True)
        box = b.get_rect().inflate(10, 2)
        box.bottomright = (w - pad, h - max(2, h // 16))
        pygame.draw.rect(img, badge_col, box, border_radius=box.h // 2)
        img.blit(b, b.get_rect(center=box.center))
    if v["status"] == "executed":
        pygame.draw.line(img, (60, 40, 36), (pad, h - pad), (w - pad, pad), max(2, h // 26))
    return img
