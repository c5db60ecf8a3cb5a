"""The relationships' arrows on the Malleus village map: each one's path round the
plates and the places' names (``mapping.route``), remembered by what it depends on, and
drawn ally solid green, enemy dashed red, a mutual view as one arrow with two heads, an
arrow touching an executed villager grey.
"""

from __future__ import annotations

from collections import Counter

import pygame

from game.ui.scenes.malleus.common import ALLY, ENEMY
from game.ui.scenes.malleus.map_art import draw_arrow_path
from game.ui.scenes.malleus.mapping import path_hits, route_obstacles, route_tried


class Arrows:
    """The map's arrows, owned by the village panel (``village.arrows``): their paths, kept
    while the plates and the relationships they join are where they were, and their drawing."""

    def __init__(self, village) -> None:
        self.village = village
        self._paths: tuple | None = None  # (what the paths were found for, the paths)
        self._routes: dict[tuple, list] = {}  # route() by its arguments that matter (route_obstacles)
        self._boxes: tuple | None = None  # (the paths list, the box round each path)
        self._last: dict[tuple, tuple] = {}  # by its ends: the obstacles, curves weighed and route last found

    def paths(self, plates: dict[str, pygame.Rect]) -> list[tuple[dict, list]]:
        """Each relationship and its arrow's path (``mapping.route``): round the other
        plates and the places' names when a straight line would cross them; two one-way
        views between the same villagers side by side."""
        village, px = self.village, self.village.table.px
        rels = village.table.view.get("relationships") or []
        key = (
            tuple(sorted((k, tuple(r)) for k, r in plates.items())),
            # the kind too: a Treachery turns an ally into an enemy on the same view, and
            # the arrow stayed green, drawn from the relationship as it was
            tuple((r["id"], r["from"], r["to"], r.get("mutual"), r.get("kind")) for r in rels),
        )
        cached = self._paths
        if cached is not None and cached[0] == key:
            return cached[1]
        labels = [r for _name, r in village.place_labels()]
        pairs = {(r["from"], r["to"]) for r in rels}
        out = []
        for r in rels:
            a, b = plates.get(r["from"]), plates.get(r["to"])
            if a is None or b is None:
                continue
            others = [p.inflate(px(6), px(6)) for vid, p in plates.items() if vid not in (r["from"], r["to"])]
            bias = 0.12 if (r["to"], r["from"]) in pairs and not r.get("mutual") else 0.0
            bounds = village.map_rect().inflate(-px(6), -px(6))
            near = route_obstacles(a, b, others + labels, bias)  # a plate far away leaves the route as it was
            memo = (tuple(a), tuple(b), bias, tuple(bounds), tuple(sorted(tuple(o) for o in near)))
            path = self._routes.get(memo)
            if path is None:
                path = self._routes[memo] = self.route(memo, a, b, near, bias, bounds)
            out.append((r, path))
        if len(self._routes) > 2000:
            self._routes.clear()
            self._last.clear()
        self._paths = (key, out)
        return out

    def boxes(self, paths: list[tuple[dict, list]]) -> list[pygame.Rect]:
        """The box round each path of ``paths`` (the list :meth:`paths` last gave),
        reckoned once per list."""
        if self._boxes is None or self._boxes[0] is not paths:
            out = []
            for _r, path in paths:
                xs, ys = [p[0] for p in path], [p[1] for p in path]
                out.append(pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1))
            self._boxes = (paths, out)
        return self._boxes[1]

    def route(self, memo: tuple, a, b, near: list[pygame.Rect], bias: float, bounds: pygame.Rect) -> list:
        """The arrow's route (``mapping.route``); the one last found between the same ends
        when the obstacles only grew by rects touching none of the curves it weighed (a new
        plate elsewhere on the map): the same route, without weighing them again."""
        ends, now = memo[:4], Counter(memo[4])
        last = self._last.get(ends)
        if last is not None:
            before, tried, path = last
            added = [pygame.Rect(o) for o in (now - before).elements()]
            if not before - now and not any(path_hits(points, added) for points in tried):
                self._last[ends] = (now, tried, path)
                return path
        path, tried = route_tried(a, b, near, bias, bounds)
        self._last[ends] = (now, tried, path)
        return path

    def draw(self, surface: pygame.Surface, plates: dict[str, pygame.Rect], clip: pygame.Rect | None = None) -> None:
        """The relationships' arrows, drawn over the plates (an arrow never seems to end at
        a plate it passes), each with a dark edge and its head on its target's plate;
        with ``clip``, only those reaching into it."""
        px = self.village.table.px
        status = {v["id"]: v.get("status") for v in self.village.table.view.get("villagers") or []}
        reach = 2 * (max(8, px(18)) + max(2, px(4)) + 2)
        paths = self.paths(plates)
        boxes = self.boxes(paths) if clip is not None else []
        for i, (r, path) in enumerate(paths):
            if clip is not None and not boxes[i].inflate(reach, reach).colliderect(clip):
                continue
            inert = status.get(r["from"]) == "executed" or status.get(r["to"]) == "executed"
            colour = ALLY if r["kind"] == "ally" else ENEMY
            if inert:
                colour = (120, 116, 110)
            draw_arrow_path(surface, path, colour, dashed=r["kind"] == "enemy", both=bool(r.get("mutual")), px=px)
