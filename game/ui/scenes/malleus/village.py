"""The village map: the Tiled backdrop of Charmes, villager plates and relationship arrows.

The backdrop is drawn from ``assets/layouts/malleus.tmx`` (``game.ui.layout.load_village``:
fields, the river, roads, woods, buildings, and the named places where scenes are framed).
Plates lie where the table arranged them: ``arrangement`` (villager id -> position inside
the map, 0..1) is UI state, saved with the match when the source keeps ``ui_state``;
villagers not placed yet get a default spot. Arrows point from the villager holding a
view to its object: ally solid green, enemy dashed red; a mutual view is one arrow with
two heads.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font, render_text, wrap_text
from game.ui.layout import load_village
from game.ui.scenes.malleus.arrows import Arrows
from game.ui.scenes.malleus.common import PRESENT_RING
from game.ui.scenes.malleus.map_art import paint_backdrop, paint_plate
from game.ui.scenes.malleus.mapping import find_spot
from game.ui.scenes.malleus.picture import Picture
from game.ui.session import save_ui_state

log = logging.getLogger(__name__)

PLATE_W, PLATE_H = 186, 78  # design pixels (1920x1080)
#: scenery kinds that are not buildings (no place label may lie on a building)
GROUND = ("field", "river", "road", "wood")
#: place labels: light words on a dark backing, readable on any part of the map
LABEL_INK, LABEL_BACK, LABEL_ALPHA = (246, 236, 206), (30, 24, 18), 168
MIN_TEXT = 11  # table_base.MIN_TEXT: no word on the table smaller


def _is_spot(spot: Any) -> bool:
    return (
        isinstance(spot, list)
        and len(spot) == 2
        and isinstance(spot[0], (int, float))
        and isinstance(spot[1], (int, float))
    )


class VillagePanel:
    """The Malleus table's village map, owned by the table: the backdrop, the places, the
    plates (where they lie and how they look) and the arrows (``arrows``), with their
    caches and the map's picture. The facts pop-up of a clicked plate and a plate being
    dragged are panels of their own (``facts_popup.py``, ``plate_drag.py``)."""

    def __init__(self, table) -> None:
        self.table = table
        self._village: Any = None
        self._backdrop: tuple | None = None
        self._label_images: tuple | None = None
        self._title_cache: dict = {}
        self._labels: tuple | None = None  # (size, the places' labels on screen)
        self._places: tuple | None = None  # (size, the places' rects on screen)
        self._glow: tuple | None = None  # (size and edge, the lit place's picture)
        self._plates: tuple | None = None  # (what the plates' rects were found for, the rects)
        self._name_boxes: dict = {}  # a plate's name: its lines' rects from the plate's corner
        self._plate_cache: dict = {}
        self.arrows = Arrows(self)
        self._local_plates: dict[str, list[float]] = {}
        self.picture = Picture()  # the map as last painted (picture.py)
        self._shown: dict | None = None  # what each part of the map showed when last drawn (map_items)

    # ------------------------------------------------------------------ geometry --
    def map_rect(self) -> pygame.Rect:
        r = self.table.rects.get("map")
        return pygame.Rect(r) if r is not None else pygame.Rect(0, 0, *self.table.size)

    def design_to_screen(self, x: float, y: float) -> tuple[int, int]:
        w, h = self.table.size
        scale = self.table.design_scale()
        ox, oy = (w - 1920 * scale) / 2, (h - 1080 * scale) / 2
        return int(ox + x * scale), int(oy + y * scale)

    def village(self) -> Any:
        cached = self._village
        if cached is None:
            try:
                cached = load_village("malleus")
            except Exception as exc:  # a broken map must not stop the game: a plain green field
                log.warning("the village map cannot be drawn (%s)", exc)
                cached = False
            self._village = cached
        return cached or None

    def place_rects(self) -> dict[str, pygame.Rect]:
        cached = self._places
        if cached is not None and cached[0] == self.table.size:
            return {name: r.copy() for name, r in cached[1].items()}
        v = self.village()
        if v is None:
            return {}
        out = {}
        for name, z in v.places.items():
            x, y = self.design_to_screen(z.x, z.y)
            x2, y2 = self.design_to_screen(z.x + z.w, z.y + z.h)
            out[name] = pygame.Rect(x, y, x2 - x, y2 - y)
        self._places = (self.table.size, {name: r.copy() for name, r in out.items()})
        return out

    def label_size(self) -> int:
        return max(MIN_TEXT, self.table.px(17))

    def place_labels(self) -> list[tuple[str, pygame.Rect]]:
        """Each named place's label on screen (its backing included): centred under the
        place, drawn above every building of the backdrop."""
        cached = self._labels
        if cached is not None and cached[0] == self.table.size:
            return [(name, r.copy()) for name, r in cached[1]]
        v = self.village()
        if v is None:
            return []
        font = get_font(self.label_size(), bold=True)
        out = []
        for name, z in v.places.items():
            x, y = self.design_to_screen(z.x + z.w / 2, z.y + z.h)
            w, h = font.size(name)
            out.append(
                (name, pygame.Rect(0, 0, w + 2 * self.table.px(6), h).move(x - w // 2 - self.table.px(6), y - h))
            )
        self._labels = (self.table.size, [(name, r.copy()) for name, r in out])
        return out

    def building_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The backdrop's buildings on screen (kind, rect), as drawn (the mill's wheel too)."""
        v = self.village()
        if v is None:
            return []
        out = []
        for shape in v.scenery:
            if shape.kind in GROUND:
                continue
            x, y, w, h = shape.rect
            (sx, sy), (ex, ey) = self.design_to_screen(x, y), self.design_to_screen(x + w, y + h)
            r = pygame.Rect(sx, sy, max(2, ex - sx), max(2, ey - sy))
            if shape.kind == "mill":
                rad = max(3, r.h // 2)
                r = r.union(pygame.Rect(r.right + self.table.px(6) - rad, r.centery - rad, 2 * rad, 2 * rad))
            elif shape.kind == "church":
                r = r.union(pygame.Rect(r.x, r.y - r.h // 2, r.w, r.h // 2))  # the tower and its spire
            out.append((shape.kind, r))
        return out

    # ------------------------------------------------------------- arrangement ----
    @property
    def arrangement(self) -> dict[str, list[float]]:
        state = getattr(self.table.source, "ui_state", None)
        if isinstance(state, dict):
            plates = state.setdefault("plates", {})
            if isinstance(plates, dict):
                return plates
        return self._local_plates

    def plate_size(self) -> tuple[int, int]:
        return self.table.px(PLATE_W), self.table.px(PLATE_H)

    def plate_title(self, name: str, w: int, h: int, cut: bool = False) -> tuple[int, list[str]] | None:
        """The villager's name on a ``w`` x ``h`` plate, read whole: the largest
        size from the plate's own down to 11 px at which it fits on one line, or on two
        lines above the player/facts line; None when it does not fit even so. ``cut``:
        a word too long for a line may be cut with a hyphen (the last resort)."""
        key = (name, w, h, cut)
        cache = self._title_cache
        if key in cache:
            return cache[key]
        pad = max(4, h // 10)
        seal_r = h * 22 // 78
        room = w - 3 * pad - 2 * seal_r
        small = get_font(max(MIN_TEXT, h * 16 // 78), bold=True).get_linesize()
        budget = h - pad - max(1, h // 40) - small - 3  # the name's lines above the player/facts line
        found = None
        for size in range(max(12, h * 23 // 78), MIN_TEXT - 1, -1):
            font = get_font(size, bold=True)
            if font.size(name)[0] <= room:
                found = (size, [name])
                break
            lines = wrap_text(name, font, room, break_words=cut)
            if (
                len(lines) == 2
                and 2 * font.get_linesize() <= budget
                and all(font.size(line)[0] <= room for line in lines)
            ):
                found = (size, lines)
                break
        if len(cache) > 400:
            cache.clear()
        cache[key] = found
        return found

    def plate_width(self, v: dict) -> int:
        """A plate is wider than usual only when its villager's name needs it."""
        w, h = self.plate_size()
        most = w * 5 // 2
        while w < most and self.plate_title(v["name"], w, h) is None:
            w += max(4, self.table.px(12))
        return min(w, most)

    def plate_lines(self, name: str, w: int, h: int) -> tuple[int, list[str]]:
        """The size and lines of a name on its plate (whole words if at all possible)."""
        found = self.plate_title(name, w, h) or self.plate_title(name, w, h, cut=True)
        if found is None:  # cannot happen with the engine's 40 characters; keep drawing anyway
            pad, seal_r = max(4, h // 10), h * 22 // 78
            return MIN_TEXT, wrap_text(name, get_font(MIN_TEXT, bold=True), w - 3 * pad - 2 * seal_r)[:2]
        return found

    def plate_rects(self) -> dict[str, pygame.Rect]:
        """Every villager's plate on screen: where the table arranged it, else where
        :meth:`place_new_plates` put it (and remembered it)."""
        m = self.map_rect()
        arranged = self.arrangement
        villagers = self.table.view.get("villagers") or []
        if any(not _is_spot(arranged.get(v["id"])) for v in villagers):
            self.place_new_plates()
        key = (
            self.table.size,
            tuple(m),
            [(v["id"], v["name"]) for v in villagers],
            [tuple(spot) if isinstance(spot := arranged.get(v["id"]), list) else spot for v in villagers],
        )
        cached = self._plates
        if cached is not None and cached[0] == key:  # asked several times a frame, and every frame
            return {vid: r.copy() for vid, r in cached[1].items()}
        _pw, ph = self.plate_size()
        out: dict[str, pygame.Rect] = {}
        for v in villagers:
            spot = arranged.get(v["id"])
            if not _is_spot(spot):
                continue
            fx, fy = max(0.0, min(1.0, float(spot[0]))), max(0.0, min(1.0, float(spot[1])))
            r = pygame.Rect(0, 0, self.plate_width(v), ph)
            r.center = (m.x + int(fx * m.w), m.y + int(fy * m.h))
            r.clamp_ip(m)
            out[v["id"]] = r
        self._plates = (key, {vid: r.copy() for vid, r in out.items()})
        return out

    def place_new_plates(self) -> None:
        """Give each villager without a spot one, in the order they joined: at its place on
        the map (a ready village's villagers), else near the villager of its first
        relationship (the one it joined the village with), clear of the other plates and of the places' names (``mapping.find_spot``).
        The spot is remembered with the arrangement, so a plate never moves by itself."""
        m = self.map_rect()
        _pw, ph = self.plate_size()
        arranged = self.arrangement
        villagers = self.table.view.get("villagers") or []
        places = self.place_rects()
        labels = [r.inflate(self.table.px(16), self.table.px(16)) for _name, r in self.place_labels()]  # rings too
        taken: dict[str, pygame.Rect] = {}
        for v in villagers:
            spot = arranged.get(v["id"])
            if _is_spot(spot):
                r = pygame.Rect(0, 0, self.plate_width(v), ph)
                r.center = (m.x + int(float(spot[0]) * m.w), m.y + int(float(spot[1]) * m.h))
                taken[v["id"]] = r.clamp(m)
        for v in villagers:
            if v["id"] in taken:
                continue
            related = [taken[o] for o in self.related(v["id"]) if o in taken]
            if v.get("place") in places:
                anchor = places[v["place"]].center
            elif related:  # the villager of its first relationship (the one it joined with)
                anchor = related[0].center
            else:
                anchor = m.center
            r = find_spot(anchor, (self.plate_width(v), ph), list(taken.values()), labels, m, self.table.px(34))
            taken[v["id"]] = r
            arranged[v["id"]] = [round((r.centerx - m.x) / max(1, m.w), 4), round((r.centery - m.y) / max(1, m.h), 4)]

    def related(self, vid: str) -> list[str]:
        """The villagers ``vid`` has a relationship with, either way."""
        out = []
        for r in self.table.view.get("relationships") or []:
            if r["from"] == vid and r["to"] not in out:
                out.append(r["to"])
            elif r["to"] == vid and r["from"] not in out:
                out.append(r["from"])
        return out

    def move_plate(self, vid: str, center: tuple[int, int]) -> None:
        """Put a plate down at ``center`` (the arrangement is saved with the match)."""
        m = self.map_rect()
        fx = (center[0] - m.x) / max(1, m.w)
        fy = (center[1] - m.y) / max(1, m.h)
        self.arrangement[vid] = [round(max(0.0, min(1.0, fx)), 4), round(max(0.0, min(1.0, fy)), 4)]
        try:
            save_ui_state(self.table.source)
        except Exception:  # a save problem is shown by the session's own message
            log.exception("saving the plate arrangement failed")
        self.table._static_key = None
        self.table.dirty = True

    def plate_at(self, pos: tuple[int, int]) -> str | None:
        hit = None
        for vid, r in self.plate_rects().items():
            if r.collidepoint(pos):
                hit = vid  # the last drawn is on top
        return hit

    # ------------------------------------------------------------------ drawing ----
    def forget_pictures(self) -> None:
        """The zones changed: the backdrop and the plates are painted again."""
        self._backdrop = None
        self._plate_cache = {}
        self._labels, self._plates, self._places = None, None, None
        self.picture.forget()

    def map_key(self) -> tuple:
        """Everything the map's picture shows (picture.py): the villagers, their views and
        places, who is in the scene and on which side, the arrangement, the plates picked
        while framing, the players' names, the zone and the window's size."""
        t = self.table
        view = t.view
        c = view.get("conflict") or {}
        return (
            t.size,
            tuple(self.map_rect()),
            view.get("villagers"),
            view.get("relationships"),
            view.get("scenes"),
            [c.get(k) for k in ("present", "actor_villager", "target", "npc_sides", "sides", "scene")],
            [(p.get("seat"), p.get("villager")) for p in view.get("players") or []],
            dict(self.arrangement),
            tuple(t.picked_plates),
            tuple(t.source.players),
        )

    def draw_map(self, surface: pygame.Surface) -> None:
        """The map as it stands: the backdrop, the open scene's place, the places' names,
        the plates and the arrows between them; left as it is on the static picture while
        nothing it shows changed, and painted again only round what changed when that is
        a small part of it (a plate's marks, an arrow)."""
        plates = self.plate_rects()  # a villager without a spot gets one first (the key holds it)
        key, area, pic = self.map_key(), self.map_area(), self.picture
        if key == pic.key and pic.holds(surface, area):
            pic.draw(self.table, surface, area, key, lambda s: self.paint_map(s, plates))  # kept as it is
            return
        shown = self.map_items(plates)  # the same key shows the same items: only read when it changed
        before, self._shown = self._shown, shown
        if before is not None and pic.holds(surface, area) and before["zone"] == shown["zone"]:
            changed = self.changed_rects(before, shown)
            if changed and sum(r.w * r.h for r in changed) * 3 <= area.w * area.h:
                pic.patch(self.table, surface, key, changed, lambda s, clip: self.paint_map(s, plates, clip))
                return
        pic.draw(self.table, surface, area, key, lambda s: self.paint_map(s, plates))

    def map_items(self, plates: dict[str, pygame.Rect]) -> dict:
        """What each part of the map shows now: each plate (where, its picture's key, picked
        or not), each arrow (its path and look), the lit place, which names lie under a
        plate; ``zone`` what the whole map depends on."""
        t = self.table
        marks = self.plate_marks()
        picked = set(t.picked_plates or ())
        out_plates = {}
        for v in t.view.get("villagers") or []:
            r = plates.get(v["id"])
            if r is not None:
                out_plates[v["id"]] = (tuple(r), self.plate_key(v, r.size, marks.get(v["id"], {})), v["id"] in picked)
        status = {v["id"]: v.get("status") for v in t.view.get("villagers") or []}
        arrows = {}
        for r, path in self.arrows.paths(plates):
            inert = status.get(r["from"]) == "executed" or status.get(r["to"]) == "executed"
            arrows[r["id"]] = (tuple(map(tuple, path)), r["kind"], inert, bool(r.get("mutual")))
        rects = list(plates.values())
        return {
            "zone": (t.size, tuple(self.map_rect()), tuple(t.source.players)),
            "plates": out_plates,
            "arrows": arrows,
            "scene": self.scene_place(),
            "labels": tuple(r.collidelist(rects) >= 0 for r, _img in self.label_images()),
        }

    def changed_rects(self, before: dict, now: dict) -> list[pygame.Rect]:
        """Rects holding everything of the map that looks different now (none: nothing
        does): what changed, those that overlap joined into one (so a plate's marks far
        from another's are two small patches, not the box round both)."""
        px = self.table.px
        rects: list[pygame.Rect] = []
        ring = 2 * px(8) + 4  # a plate's ring or outline reaches round it
        for vid in set(before["plates"]) | set(now["plates"]):
            old, new = before["plates"].get(vid), now["plates"].get(vid)
            if old != new:
                rects += [pygame.Rect(p[0]).inflate(ring, ring) for p in (old, new) if p is not None]
        reach = 2 * (max(8, px(18)) + max(2, px(4)) + 2)  # an arrow's head and edge round its path
        for rid in set(before["arrows"]) | set(now["arrows"]):
            old, new = before["arrows"].get(rid), now["arrows"].get(rid)
            if old != new:
                for a in (old, new):
                    if a is not None:
                        xs, ys = [p[0] for p in a[0]], [p[1] for p in a[0]]
                        box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
                        rects.append(box.inflate(reach, reach))
        if before["scene"] != now["scene"]:
            rects += [pygame.Rect(r) for r in (before["scene"], now["scene"]) if r is not None]
        for (r, _img), old, new in zip(self.label_images(), before["labels"], now["labels"]):
            if old != new:
                rects.append(r)
        joined: list[pygame.Rect] = []
        for r in rects:
            while (hit := r.collidelist(joined)) >= 0:
                r = r.union(joined.pop(hit))
            joined.append(r)
        return joined

    def map_area(self) -> pygame.Rect:
        """The part of the table the map paints: its zone and the margin a ring round a
        plate at its edge reaches into, short of the zones beside it."""
        margin = 2 * self.table.px(8)
        area = self.map_rect().inflate(margin, margin)
        for name in ("guide", "conflict", "ledger"):
            zone = self.table.rects.get(name)
            if zone is not None and area.colliderect(zone):
                area.width = max(0, pygame.Rect(zone).x - area.x)
        return area

    def paint_map(
        self, surface: pygame.Surface, plates: dict[str, pygame.Rect], clip: pygame.Rect | None = None
    ) -> None:
        """Paint the map; with ``clip``, only what reaches into it is drawn (every plate's
        name is noted all the same)."""
        self.draw_backdrop(surface)
        self.draw_scene_place(surface)
        self.draw_place_labels(surface, plates, under=True)
        self.draw_plates(surface, plates, clip=clip)
        self.arrows.draw(surface, plates, clip=clip)
        self.draw_place_labels(surface, plates, under=False)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        m = self.map_rect()
        key = (m.size, self.table.size)
        cache = self._backdrop
        if cache is None or cache[0] != key:
            cache = (key, paint_backdrop(self.village(), m, self.design_to_screen, self.table.px))
            self._backdrop = cache
        surface.blit(cache[1], m.topleft)
        size = self.label_size()
        for name, r in self.place_labels():  # read whole, inside the map (text-fit checks)
            words = get_font(size, bold=True).size(name)
            self.table.note_text(
                "place",
                name,
                name,
                [pygame.Rect(0, 0, *words).move(r.centerx - words[0] // 2, r.centery - words[1] // 2)],
                m,
            )

    def label_images(self) -> list[tuple[pygame.Rect, pygame.Surface]]:
        """Each place's name on its dark backing, ready to blit (remembered per size)."""
        key = (self.table.size, self.label_size())
        cached = self._label_images
        if cached is not None and cached[0] == key:
            return cached[1]
        out = []
        for name, r in self.place_labels():
            label = render_text(name, self.label_size(), LABEL_INK, bold=True)
            pad = max(0, (label.get_height() - r.h + 1) // 2) + 2  # accents above the backing stay whole
            img = pygame.Surface((r.w, r.h + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(img, (*LABEL_BACK, LABEL_ALPHA), pygame.Rect(0, pad, r.w, r.h), border_radius=r.h // 2)
            img.blit(label, label.get_rect(center=(r.w // 2, pad + r.h // 2)))
            out.append((r.inflate(0, 2 * pad), img))
        self._label_images = (key, out)
        return out

    def draw_place_labels(self, surface: pygame.Surface, plates: dict[str, pygame.Rect], under: bool) -> None:
        """The places' names: ``under`` the plates those a plate lies on (a plate dragged
        there covers it), the others over the arrows (an arrow never hides a name)."""
        rects = list(plates.values())
        for r, img in self.label_images():
            if (r.collidelist(rects) >= 0) == under:
                surface.blit(img, r.topleft)

    def scene_place(self) -> tuple | None:
        """Where the open scene takes place on the map (None: no scene, or not a place of it)."""
        c = self.table.view.get("conflict")
        if not c or not c.get("scene"):
            return None
        scene = next((s for s in self.table.view.get("scenes") or [] if s.get("id") == c.get("scene")), None)
        if scene is None:
            return None
        r = self.place_rects().get(scene.get("location"))
        return tuple(r) if r is not None else None

    def draw_scene_place(self, surface: pygame.Surface) -> None:
        """The open scene's place, lit on the map (scenes are framed at named places)."""
        place = self.scene_place()
        if place is None:
            return
        r = pygame.Rect(place)
        key = (r.size, max(2, self.table.px(4)))
        if self._glow is None or self._glow[0] != key:
            glow = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.ellipse(glow, (250, 214, 120, 70), glow.get_rect())
            pygame.draw.ellipse(glow, (250, 214, 120, 190), glow.get_rect(), key[1])
            self._glow = (key, glow)
        surface.blit(self._glow[1], r.topleft)

    def plate_marks(self) -> dict[str, dict]:
        """Per villager: present, actor, target, side ("for"/"against"), for the plates."""
        c = self.table.view.get("conflict") or {}
        marks: dict[str, dict] = {}
        for vid in c.get("present") or []:
            marks.setdefault(vid, {})["present"] = True
        if c.get("actor_villager"):
            marks.setdefault(c["actor_villager"], {})["actor"] = True
        if c.get("target"):
            marks.setdefault(c["target"], {})["target"] = True
        for vid, info in (c.get("npc_sides") or {}).items():
            if info.get("side"):
                marks.setdefault(vid, {})["side"] = info["side"]
        names = {p["seat"]: p.get("villager") for p in self.table.view.get("players") or []}
        for seat, side in (c.get("sides") or {}).items():
            vid = names.get(int(seat))
            if vid:
                marks.setdefault(vid, {})["side"] = side
        return marks

    def draw_plates(
        self,
        surface: pygame.Surface,
        plates: dict[str, pygame.Rect],
        skip: str | None = None,
        clip: pygame.Rect | None = None,
    ) -> None:
        """Every plate; with ``clip``, only those reaching into it are drawn (every name is noted)."""
        marks = self.plate_marks()
        players = {p["seat"]: p for p in self.table.view.get("players") or []}
        ring = 2 * self.table.px(8) + 4
        for v in self.table.view.get("villagers") or []:
            if v["id"] == skip:
                continue
            r = plates.get(v["id"])
            if r is None:
                continue
            if clip is not None and not r.inflate(ring, ring).colliderect(clip):
                self.note_plate(v, r)
                continue
            self.draw_plate(surface, v, r, marks.get(v["id"], {}), players)

    def plate_key(self, v: dict, size: tuple[int, int], mark: dict) -> tuple:
        """Everything a plate's picture shows."""
        return (
            v["id"],
            v["name"],
            v["standing"],
            v["status"],
            v.get("controlled_by"),
            len(v.get("facts") or []),
            tuple(sorted(mark.items())),
            size,
            self.names_key(),
        )

    def plate_image(self, v: dict, size: tuple[int, int], mark: dict, players: dict) -> pygame.Surface:
        key = self.plate_key(v, size, mark)
        cache = self._plate_cache
        img = cache.get(key)
        if img is not None:
            return img
        if len(cache) > 400:
            cache.clear()
        w, h = size
        owner = v.get("controlled_by")
        players = self.table.source.players
        owner_name = (players[owner] if owner < len(players) else "?") if owner is not None else ""
        img = paint_plate(v, size, mark, *self.plate_lines(v["name"], w, h), owner_name)
        cache[key] = img
        return img

    def names_key(self) -> tuple:
        return tuple(self.table.source.players)

    def draw_plate(self, surface: pygame.Surface, v: dict, r: pygame.Rect, mark: dict, players: dict) -> None:
        if mark.get("present"):
            ring = r.inflate(self.table.px(10), self.table.px(10))
            col = PRESENT_RING
            if mark.get("actor"):
                col = (120, 200, 255)
            if mark.get("target"):
                col = (240, 110, 90)
            pygame.draw.rect(surface, col, ring, max(2, self.table.px(5)), border_radius=max(6, r.h // 5))
        elif mark.get("target"):
            pygame.draw.rect(
                surface,
                (240, 110, 90),
                r.inflate(self.table.px(8), self.table.px(8)),
                max(2, self.table.px(4)),
                border_radius=max(6, r.h // 5),
            )
        surface.blit(self.plate_image(v, r.size, mark, players), r.topleft)
        self.note_plate(v, r)
        for picked in self.table.picked_plates or ():
            if picked == v["id"]:
                pygame.draw.rect(
                    surface,
                    theme.SELECT,
                    r.inflate(self.table.px(14), self.table.px(14)),
                    max(2, self.table.px(4)),
                    border_radius=max(6, r.h // 5),
                )

    def note_plate(self, v: dict, r: pygame.Rect) -> None:
        """The villager's name, read whole on its plate (text-fit checks)."""
        key = (v["name"], r.w, r.h)
        known = self._name_boxes.get(key)
        if known is None:
            size, lines = self.plate_lines(v["name"], r.w, r.h)
            font = get_font(size, bold=True)
            pad = max(4, r.h // 10)
            boxes = [(pad, pad + i * font.get_linesize(), *font.size(line)) for i, line in enumerate(lines)]
            shown = " ".join(lines)
            if "".join(line.removesuffix("-") for line in lines).replace(" ", "") == v["name"].replace(" ", ""):
                shown = v["name"]  # a word cut with a hyphen is still shown whole
            if len(self._name_boxes) > 400:
                self._name_boxes.clear()
            known = self._name_boxes[key] = (boxes, shown)
        boxes, shown = known
        rects = [pygame.Rect(r.x + dx, r.y + dy, w, h) for dx, dy, w, h in boxes]
        self.table.note_text("plate", v["name"], shown, rects, r)
