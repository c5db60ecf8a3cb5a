"""Geometry of the village map: where a plate nobody has placed yet goes, and the path of a
relationship's arrow. Pure functions over rectangles (pygame.Rect), no drawing.

* :func:`find_spot`: the free spot nearest an anchor (the villager's place on the map, or
  the middle of the villagers it has a relationship with), clear of the other plates and
  of the places' labels, inside the map.
* :func:`route`: the arrow from one plate to another as a polyline — straight when nothing
  is in the way, else bent (a quadratic curve) round the plates and labels it would cross;
  it starts on the edge of the first plate and ends on the edge of the second, where the
  arrowhead goes.
"""

from __future__ import annotations

import math

import pygame

Point = tuple[float, float]

#: curve offsets tried for an arrow, as a share of its length (0 = straight)
BENDS = (0.0, 0.18, -0.18, 0.32, -0.32, 0.5, -0.5, 0.7, -0.7)
SAMPLES = 28


def find_spot(
    anchor: tuple[int, int],
    size: tuple[int, int],
    taken: list[pygame.Rect],
    avoid: list[pygame.Rect],
    bounds: pygame.Rect,
    gap: int,
) -> pygame.Rect:
    """A rect of ``size`` as near ``anchor`` as possible, inside ``bounds``, at least
    ``gap`` from every rect in ``taken`` and touching nothing in ``avoid``; when no spot
    is free, the one overlapping least."""
    w, h = size
    inner = bounds.inflate(-2 * gap, -2 * gap)
    blocked = [r.inflate(2 * gap, 2 * gap) for r in taken] + list(avoid)
    step = max(4, h // 2)
    best, best_cost = None, None
    reach = int(math.hypot(bounds.w, bounds.h)) + step
    for radius in range(0, reach, step):
        count = 1 if radius == 0 else max(8, int(2 * math.pi * radius / step))
        ring_best = None
        for k in range(count):
            angle = 2 * math.pi * k / count
            r = pygame.Rect(0, 0, w, h)
            r.center = (int(anchor[0] + radius * math.cos(angle)), int(anchor[1] + radius * 0.8 * math.sin(angle)))
            if not inner.contains(r):
                continue
            hits = r.collidelistall(blocked)
            if not hits:
                return r
            cost = sum(_overlap(r, blocked[i]) for i in hits)
            if ring_best is None or cost < ring_best[0]:
                ring_best = (cost, r)
        if ring_best is not None and (best_cost is None or ring_best[0] < best_cost):
            best_cost, best = ring_best
    if best is None:
        best = pygame.Rect(0, 0, w, h)
        best.center = anchor
        best.clamp_ip(bounds)
    return best


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.w * c.h


def edge_point(r: pygame.Rect, toward: Point) -> Point:
    """Where the line from ``r``'s centre toward ``toward`` leaves ``r``."""
    cx, cy = r.center
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return (cx, cy)
    sx = (r.w / 2) / abs(dx) if dx else float("inf")
    sy = (r.h / 2) / abs(dy) if dy else float("inf")
    s = min(sx, sy)
    return (cx + dx * s, cy + dy * s)


def _curve(a: Point, control: Point, b: Point, n: int = SAMPLES) -> list[Point]:
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append(
            (u * u * a[0] + 2 * u * t * control[0] + t * t * b[0], u * u * a[1] + 2 * u * t * control[1] + t * t * b[1])
        )
    return out


def route(
    a: pygame.Rect, b: pygame.Rect, obstacles: list[pygame.Rect], bias: float = 0.0, bounds: pygame.Rect | None = None
) -> list[Point]:
    """The arrow from plate ``a`` to plate ``b`` (see the module docstring): the first
    point on ``a``'s edge, the last on ``b``'s (the arrowhead's tip). ``bias`` bends a
    straight arrow a little to its left, so two one-way views between the same plates
    are two arrows side by side. A bend never leaves ``bounds`` (the map)."""
    return route_tried(a, b, obstacles, bias, bounds)[0]


def route_tried(
    a: pygame.Rect, b: pygame.Rect, obstacles: list[pygame.Rect], bias: float = 0.0, bounds: pygame.Rect | None = None
) -> tuple[list[Point], list[list[Point]]]:
    """:func:`route`, and every curve it weighed (in order, up to the one it stopped at).
    Obstacles added later that touch none of those curves leave the route as it is: each
    curve meets as many obstacles as before, so the same curve wins (``Arrows`` keeps a
    route so while the village grows)."""
    ca, cb = a.center, b.center
    dx, dy = cb[0] - ca[0], cb[1] - ca[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return [ca, cb], []
    nx, ny = -dy / length, dx / length  # the left-hand normal of a -> b
    best, best_score = None, None
    tried = []
    for bend in BENDS:
        off = bend + bias
        mid = ((ca[0] + cb[0]) / 2 + nx * off * length, (ca[1] + cb[1]) / 2 + ny * off * length)
        points = _trim(_curve(ca, mid, cb), a, b)
        tried.append(points)
        hits = path_hits(points, obstacles)
        if bounds is not None:
            hits += 5 * sum(1 for p in points if not bounds.collidepoint(p))
        score = hits * 1000 + abs(off) * 10
        if best_score is None or score < best_score:
            best, best_score = points, score
        if hits == 0:
            break
    return best or [ca, cb], tried


def route_obstacles(
    a: pygame.Rect, b: pygame.Rect, obstacles: list[pygame.Rect], bias: float = 0.0
) -> list[pygame.Rect]:
    """The obstacles :func:`route` can meet between ``a`` and ``b``: those reaching into
    the box round every curve it tries (a curve lies inside the triangle of its ends and
    its bend's control point). The others cannot change the route it picks."""
    ca, cb = a.center, b.center
    dx, dy = cb[0] - ca[0], cb[1] - ca[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return []
    reach = (max(abs(bend) for bend in BENDS) + abs(bias)) * length
    box = pygame.Rect(min(ca[0], cb[0]), min(ca[1], cb[1]), abs(dx) + 1, abs(dy) + 1)
    box = box.inflate(2 * int(reach) + 4, 2 * int(reach) + 4)
    return [r for r in obstacles if r.colliderect(box)]


def _trim(points: list[Point], a: pygame.Rect, b: pygame.Rect) -> list[Point]:
    """The part of a centre-to-centre curve outside both plates, from edge to edge."""
    first = next((i for i, p in enumerate(points) if not a.collidepoint(p)), len(points) - 1)
    last = next((i for i in range(len(points) - 1, -1, -1) if not b.collidepoint(points[i])), 0)
    if last <= first:
        return [edge_point(a, b.center), edge_point(b, a.center)]
    inner = points[first : last + 1]
    start = edge_point(a, inner[0])
    end = edge_point(b, inner[-1])
    return [start] + inner + [end]


def path_hits(points: list[Point], rects: list[pygame.Rect]) -> int:
    """How many of the path's inner points lie on one of ``rects`` (each point counted
    once per rect it lies on). Only the rects meeting the box round the inner points can
    hold one (found in one call), so only those are asked point by point."""
    inner = points[1:-1]
    if not inner or not rects:
        return 0
    xs, ys = [p[0] for p in inner], [p[1] for p in inner]
    left, top = int(min(xs)) - 2, int(min(ys)) - 2  # whole pixels round every point, however it rounds
    box = pygame.Rect(left, top, int(max(xs)) + 3 - left, int(max(ys)) + 3 - top)
    near = [rects[i] for i in box.collidelistall(rects)]
    return sum(1 for p in inner for r in near if r.collidepoint(p)) if near else 0
