"""A seat panel: name, inquisitor, hand backs, trophies, score and its three villagers."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from functools import partial

import pygame

from game.ui import theme
from game.ui.fonts import first_fitting_size
from game.ui.icons import get_icon
from game.ui.scenes import hammer_text as words
from game.ui.scenes.hammer.common import CARD_RATIO
from game.ui.scenes.hammer.pyres import draw_villager
from game.ui.scenes.table.ahead import SLICE
from game.ui.scenes.table.common import MIN_TEXT
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import panel, text

#: a seat zone whose villager rows would be this many times as tall as the table's
#: shortest rows is cut down to the common height (the side columns of 4 and 5 players)
CUT_RATIO = 1.3
ROWS = 3  # villagers per seat (docs/rules/hammer.md §1: 9, 12 or 15 villagers for 3-5 players)
#: the heat changes a move most often makes (docs/rules/hammer.md §1.3: Accusation +1,
#: Proof +2, Denial -2, False Testimony +3, Advocate -3, Bribes 1 or 2 either way,
#: Confession +6), most likely first: each villager's row is drawn ahead at these
HEAT_STEPS = (1, 2, -2, 3, -1, -3, 6)
#: the hottest heat on a track (docs/rules/hammer.md §1: a pyre track ends at 18)
TRACK_TOP = 18
#: villager rows kept (the rows on the table, each villager's rows drawn ahead, recent ones)
ROWS_KEPT = 160
#: spare pictures kept per size (``let_go``): a move changes at most every seat, or the
#: rows of every seat of a size when the pyres are shown (docs/rules/hammer.md §2)
SPARE_KEPT = 16


class Seats(Panel):
    """The seat panels, each a picture kept until something in it changes (a command
    usually touches one or two), and where their villagers lie: ``vrects`` (each
    villager's row: a drop target), ``portraits`` (what zooms), ``vtracks`` (each pyre
    track, for the heat markers), ``seat_rects``.

    Every seat reads alike: one header height and one villager row height for the
    whole table (:meth:`even_out_seats`, the smallest any seat zone allows), so names,
    heat badges, tracks and their numbers have the same type in every panel. A tall side
    zone (4-5 players) is cut down to that height; the log below it on the left grows
    up into the room, and the piles below it on the right move up."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.seat_metrics: tuple[int, int] | None = None  # (header height, villager row height)
        self.vrects: dict[str, pygame.Rect] = {}
        self.vtracks: dict[str, tuple[int, int, float, int]] = {}
        self.portraits: dict[str, pygame.Rect] = {}
        self.seat_rects: dict[int, pygame.Rect] = {}
        #: the seat pictures by everything they show (the most recent ones kept)
        self.cache: dict[str, tuple] = {}
        #: the villager rows' pictures by everything they show (``draw_row``)
        self.rows: dict[str, tuple] = {}
        #: the empty seat panels (``blank``)
        self.blanks: dict[tuple, pygame.Surface] = {}
        #: pictures let go by the caches, by size, drawn over again instead of allocating
        #: new ones (a fresh surface of a seat's size costs more than drawing the seat)
        self.spare: dict[tuple[int, int], list[pygame.Surface]] = {}
        #: the rows still to draw ahead (``rows_ahead``) and the view they are for
        self.ahead: Iterator[Callable[[], object]] | None = None
        self.ahead_for: object = None

    def villager_at(self, pos: tuple[int, int]) -> str | None:
        for vid, r in self.vrects.items():
            if r.collidepoint(pos):
                return vid
        return None

    def portrait_at(self, pos: tuple[int, int]) -> str | None:
        for vid, r in self.portraits.items():
            if r.collidepoint(pos):
                return vid
        return None

    def contains(self, pos: tuple[int, int]) -> bool:
        return any(r.collidepoint(pos) for r in self.seat_rects.values())

    def draw(self, surface: pygame.Surface) -> None:
        """Every seat in its zone (``seat_zone``: the shown seat at the bottom)."""
        t = self.table
        self.vrects.clear()
        self.vtracks.clear()
        self.portraits.clear()
        self.seat_rects.clear()
        for seat in range(t.players):
            zone = t.seat_zone(seat)
            if zone is not None:
                self.draw_seat_cached(surface, seat, zone)

    @staticmethod
    def _natural_metrics(zone: pygame.Rect) -> tuple[int, int]:
        hh = max(22, min(36, zone.h // 8))
        return hh, (zone.h - hh - 12) // ROWS

    def even_out_seats(self) -> None:
        """One header and row height for every seat zone; tall zones are cut down."""
        rects = self.table.rects
        names = [k for k in rects if k.startswith("seat_")]
        zones = {k: pygame.Rect(rects[k]) for k in names}
        if not zones:
            self.seat_metrics = None
            return
        hh = min(self._natural_metrics(z)[0] for z in zones.values())
        rh = min((z.h - hh - 12) // ROWS for z in zones.values())
        self.seat_metrics = (hh, rh)
        for k, zone in zones.items():
            if (zone.h - hh - 12) // ROWS <= rh * CUT_RATIO:
                continue
            old_bottom = zone.bottom
            zone.h = hh + 12 + ROWS * rh
            rects[k] = tuple(zone)
            self._take_up_room(zone, old_bottom)

    def _take_up_room(self, zone: pygame.Rect, old_bottom: int) -> None:
        """What stood under a cut-down seat zone in its column: the log grows up, the
        piles (and so the buttons under them) move up."""
        rects = self.table.rects
        freed = old_bottom - zone.bottom
        for name in ("log", "deck", "discard"):
            r = rects.get(name)
            if r is None:
                continue
            rect = pygame.Rect(r)
            if rect.top < old_bottom - 1 or rect.right <= zone.x or rect.x >= zone.right:
                continue
            if name == "log":
                rect.y -= freed
                rect.h += freed
            else:
                rect.y -= freed
            rects[name] = tuple(rect)

    def seat_header(self, zone: pygame.Rect) -> int:
        return self.seat_metrics[0] if self.seat_metrics else self._natural_metrics(zone)[0]

    def villager_style_height(self, row: pygame.Rect) -> int:
        """The row height a villager row's type and track are sized for: the table's
        common row (:meth:`even_out_seats`), so every seat reads alike."""
        return min(row.h, self.seat_metrics[1] - 4) if self.seat_metrics else row.h

    def draw_seat_cached(self, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> None:
        """Seat panels are redrawn only when something in them changed (a command
        usually touches one or two), which keeps a busy 5-seat table's frames short."""
        t = self.table
        v = t.view
        witches = list(t.witches())
        player = {k: val for k, val in t.player(seat).items() if k != "hand"}
        mine = [vv for vv in t.villagers() if vv.get("owner") == seat]
        key = json.dumps(
            [
                tuple(zone),
                seat,
                v.get("seat"),
                seat in (v.get("to_act") or []),
                t.thinking_label(seat),
                v.get("inquisitor") == seat,
                witches,
                player,
                mine,
            ],
            sort_keys=True,
        )
        cached = self.cache.pop(key, None)
        if cached is None:
            while len(self.cache) >= 4 * max(1, t.players):  # keep the recent ones
                self.let_go(self.cache.pop(next(iter(self.cache)))[1])
            surf = self.copy_of(self.blank(zone.size, seat, seat in (v.get("to_act") or [])))
            geometry = self._collect_geometry(lambda: self.draw_seat(surf, seat, surf.get_rect(), background=False))
            cached = (key, surf, geometry)
        self.cache[key] = cached
        t.regions.place(surface, zone, key, cached[1])
        vrects, portraits, tracks = cached[2]
        for vid, r in vrects.items():
            self.vrects[vid] = r.move(zone.topleft)
        for vid, r in portraits.items():
            self.portraits[vid] = r.move(zone.topleft)
        for vid, (x0, y, cw, th) in tracks.items():
            self.vtracks[vid] = (x0 + zone.x, y + zone.y, cw, th)
        self.seat_rects[seat] = zone

    def _collect_geometry(self, draw) -> tuple[dict, dict, dict]:
        saved = (self.vrects, self.portraits, self.vtracks)
        self.vrects, self.portraits, self.vtracks = {}, {}, {}
        try:
            draw()
            return self.vrects, self.portraits, self.vtracks
        finally:
            self.vrects, self.portraits, self.vtracks = saved

    def draw_row(self, surface: pygame.Surface, vill: dict, row: pygame.Rect, witch: bool) -> None:
        """A villager's row (``pyres.draw_villager``), its picture kept by everything it
        shows: when a seat's header changes (whose turn, a card drawn) its rows are only
        blitted again. A row under the seat's plain panel colour only; one whose words
        may run below it (rows over 100 px that are not laid out tall) is drawn as is."""
        key = self.row_key(vill, row, witch)
        if key is None:
            draw_villager(self, surface, vill, row, witch)
            return
        cached = self.rows.pop(key, None)
        if cached is None:
            cached = self.row_picture(surface, vill, row, witch)
        self.rows[key] = cached
        surface.blit(cached[0], row.topleft)
        vrects, portraits, tracks = cached[1]
        for vid, r in vrects.items():
            self.vrects[vid] = r.move(row.topleft)
        for vid, r in portraits.items():
            self.portraits[vid] = r.move(row.topleft)
        for vid, (x0, y, cw, th) in tracks.items():
            self.vtracks[vid] = (x0 + row.x, y + row.y, cw, th)

    def row_key(self, vill: dict, row: pygame.Rect, witch: bool, placed: bool | None = None) -> str | None:
        """Everything a villager's row shows (None: a row drawn as is, never kept);
        ``placed`` as in ``draw_villager``."""
        style = self.villager_style_height(row)
        if not (style >= 90 and row.w < 560) and style > 100:
            return None
        if isinstance(vill.get("start"), int):
            placed = None
        elif placed is None:
            placed = self.table.player(vill.get("owner")).get("placed")
        return json.dumps([row.size, style, witch, placed, vill], sort_keys=True)

    def row_picture(
        self, under: pygame.Surface, vill: dict, row: pygame.Rect, witch: bool, placed: bool | None = None
    ) -> tuple:
        """(picture, geometry) of a villager's row drawn over what lies at ``row`` of
        ``under`` (the seat's empty panel), room made for it among the rows kept."""
        while len(self.rows) >= ROWS_KEPT:  # keep the recent ones
            self.let_go(self.rows.pop(next(iter(self.rows)))[0])
        picture = self.copy_of(under, row)
        geometry = self._collect_geometry(lambda: draw_villager(self, picture, vill, picture.get_rect(), witch, placed))
        return (picture, geometry)

    def copy_of(self, surface: pygame.Surface, area: pygame.Rect | None = None) -> pygame.Surface:
        """A copy of ``surface`` (or of its ``area``) on a picture the caches let go of
        when one of that size is spare (the same pixels as ``copy``: both are opaque)."""
        size = (area.w, area.h) if area is not None else surface.get_size()
        spare = self.spare.get(size)
        if not spare:
            return surface.subsurface(area).copy() if area is not None else surface.copy()
        picture = spare.pop()
        picture.blit(surface, (0, 0), area)
        return picture

    def let_go(self, picture: pygame.Surface) -> None:
        """A picture no cache keeps any more: kept spare for the next one of its size."""
        spare = self.spare.setdefault(picture.get_size(), [])
        if len(spare) < SPARE_KEPT:
            spare.append(picture)

    def row_rects(self, zone: pygame.Rect, count: int) -> list[pygame.Rect]:
        """Where a seat's villager rows lie in its zone (``count`` villagers)."""
        top = zone.y + self.seat_header(zone) + 6
        rh = (zone.bottom - 6 - top) // max(ROWS, count)
        return [pygame.Rect(zone.x + 14, top + i * rh, zone.w - 22, rh - 4) for i in range(count)]

    # -- drawing ahead
    def work_ahead(self) -> bool:
        """Draw ahead, for about a slice, the rows the next move may show (``rows_ahead``,
        made again for each new view); False once all are drawn."""
        t = self.table
        if self.ahead_for != t._seen:
            self.ahead, self.ahead_for = self.rows_ahead(), t._seen
        if self.ahead is None:
            return False
        end = time.perf_counter() + SLICE
        for step in self.ahead:
            step()
            if time.perf_counter() >= end:
                return True
        self.ahead = None
        return False

    def rows_ahead(self) -> Iterator[Callable[[], object]]:
        """Each villager's row as the next move may leave it, as calls drawing it into the
        rows kept: its heat a step hotter or cooler (``HEAT_STEPS``, within its track),
        with the current witch as that heat would make it, and the rows of the villagers
        who would stop or start being the witch then. Drawn on the seat's empty panel, as
        ``draw_seat`` draws them; only rows not kept already."""
        t = self.table
        villagers = t.villagers()
        alive = [v for v in villagers if v.get("status") == "alive" and isinstance(v.get("heat"), int)]
        witches = set(t.witches())
        places: dict[str, tuple[pygame.Surface, pygame.Rect]] = {}
        zones = [z for z in map(t.seat_zone, range(t.players)) if z is not None]
        for size in {(z.w, z.h) for z in zones}:  # a spare picture for each seat that may change
            for _ in range(sum(1 for z in zones if (z.w, z.h) == size) - len(self.spare.get(size, ()))):
                yield partial(self.spare_ahead, size)
        for seat in range(t.players):
            zone = t.seat_zone(seat)
            if zone is None:
                continue
            under = self.blank(zone.size, seat, seat in (t.view.get("to_act") or []))
            mine = [v for v in villagers if v.get("owner") == seat]
            for vill, row in zip(mine, self.row_rects(pygame.Rect((0, 0), zone.size), len(mine))):
                places[vill.get("id")] = (under, row)
        for vill in villagers:  # in the setup: a seat that has not placed yet places
            if not isinstance(vill.get("start"), int) and not t.player(vill.get("owner")).get("placed"):
                if vill.get("id") in places:
                    yield partial(self.row_ahead, places, vill, vill.get("id") in witches, True)
        for step in HEAT_STEPS:
            for vill in alive:
                heat, start = vill["heat"], vill.get("start")
                new = max(start if isinstance(start, int) else 0, min(TRACK_TOP, heat + step))
                if new == heat or vill.get("id") not in places:
                    continue
                hottest = max([new] + [v["heat"] for v in alive if v is not vill])
                yield partial(self.row_ahead, places, dict(vill, heat=new), new == hottest)
                for other in alive:  # who stops or starts being the witch
                    if other is not vill and (other["heat"] == hottest) != (other.get("id") in witches):
                        yield partial(self.row_ahead, places, other, other["heat"] == hottest)
        sizes = [(row.w, row.h) for _under, row in places.values()]
        for size in set(sizes):  # a spare picture for each row of a size (the pyres shown at once)
            for _ in range(min(SPARE_KEPT, sizes.count(size)) - len(self.spare.get(size, ()))):
                yield partial(self.spare_ahead, size)

    def spare_ahead(self, size: tuple[int, int]) -> None:
        """A spare picture of ``size`` allocated ahead (``let_go``)."""
        self.let_go(pygame.Surface(size).convert())

    def row_ahead(self, places: dict, vill: dict, witch: bool, placed: bool | None = None) -> None:
        """One row drawn ahead into the rows kept (unless kept already)."""
        under, row = places[vill.get("id")]
        key = self.row_key(vill, row, witch, placed)
        if key is None:
            return
        kept = self.rows.pop(key, None)  # kept already: now among the recent ones
        self.rows[key] = kept if kept is not None else self.row_picture(under, vill, row, witch, placed)

    def blank(self, size: tuple[int, int], seat: int, acting: bool) -> pygame.Surface:
        """A seat's empty panel on the felt (its edge lit while it acts, its colour
        stripe), made once per size, seat and state: a seat's picture starts as a copy."""
        key = (tuple(size), seat, acting)
        blank = self.blanks.get(key)
        if blank is None:
            if len(self.blanks) >= 64:
                self.blanks.clear()
            blank = self.blanks[key] = pygame.Surface(size).convert()
            blank.fill(theme.FELT)
            self.draw_background(blank, seat, blank.get_rect(), acting)
        return blank

    @staticmethod
    def draw_background(surface: pygame.Surface, seat: int, zone: pygame.Rect, acting: bool) -> None:
        panel(
            surface,
            zone,
            color=theme.FELT_DARK,
            alpha=235,
            edge=theme.HIGHLIGHT if acting else theme.PANEL_EDGE,
            width=4 if acting else 2,
        )
        pygame.draw.rect(surface, theme.seat_color(seat), (zone.x + 3, zone.y + 3, 7, zone.h - 6), border_radius=3)

    def draw_seat(self, surface: pygame.Surface, seat: int, zone: pygame.Rect, background: bool = True) -> None:
        """Seat ``seat`` in ``zone`` of ``surface`` (with ``background`` False, over its
        empty panel already there: :meth:`blank`)."""
        t = self.table
        v = t.view
        p = t.player(seat)
        acting = seat in (v.get("to_act") or [])
        shown = seat == v.get("seat")
        if background:
            self.draw_background(surface, seat, zone, acting)
        self.seat_rects[seat] = zone
        hh = self.seat_header(zone)
        size = max(13, min(20, hh * 6 // 10))
        x = zone.x + 16
        cy = zone.y + 4 + hh // 2
        name = text(t.name(seat) + (" (you)" if shown else ""), size, theme.PARCHMENT, bold=True)
        surface.blit(name, name.get_rect(midleft=(x, cy)))
        x += name.get_width() + 8
        if v.get("inquisitor") == seat:
            icon = get_icon("inquisitor", hh - 4, theme.HIGHLIGHT)
            surface.blit(icon, icon.get_rect(midleft=(x, cy)))
            x += icon.get_width() + 4
        # right side of the header: hand backs, trophies, kept tests, empty pyres, score
        rx = zone.right - 8
        score = p.get("score")
        if score is not None:
            s = text(f"{score} VP", size - 1, theme.HIGHLIGHT, bold=True)
            rx -= s.get_width()
            surface.blit(s, s.get_rect(midleft=(rx, cy)))
            rx -= 10
        for _label, icon_name, count, tint in (
            ("", "pyre", p.get("empty_pyres", 0), theme.PYRE_EMPTY),
            ("", "scales", len(p.get("kept") or []), theme.GREEN),
            ("", "trophy", len(p.get("trophies") or []), theme.MATCH),
        ):
            if not count:
                continue
            tally = text(f"×{count}", size - 2, theme.TEXT_LIGHT, bold=True)
            rx -= tally.get_width()
            surface.blit(tally, tally.get_rect(midleft=(rx, cy)))
            icon = get_icon(icon_name, hh - 6, tint)
            rx -= icon.get_width() + 2
            surface.blit(icon, icon.get_rect(midleft=(rx, cy)))
            rx -= 8
        # a hand's size is its owner's secret (docs/rules/hammer.md §8.1): other seats show a closed hand
        count = p.get("hand_count")
        if isinstance(count, int):
            tally = text(f"×{count}", size - 2, theme.TEXT_LIGHT, bold=True)
            rx -= tally.get_width()
            surface.blit(tally, tally.get_rect(midleft=(rx, cy)))
        bh = hh - 6
        back = t.art.back(t.game, (max(16, int(bh / CARD_RATIO)), max(16, bh)))
        for i in range(min(3, count) if isinstance(count, int) else 2):
            surface.blit(back, back.get_rect(midright=(rx - 4 - i * 5, cy)))
        backs = min(3, count) if isinstance(count, int) else 2
        right = rx - 4 - max(0, backs - 1) * 5 - (back.get_width() if backs else 0)
        label = t.acting_label(seat)  # "to act", or "thinking…" while its bot decides
        if label:
            tag_size = first_fitting_size(label, size - 2, MIN_TEXT, right - 18 - x, bold=True)
            tag = text(label, tag_size or MIN_TEXT, theme.INK, bold=True)
            pill = tag.get_rect(midleft=(x + 6, cy)).inflate(12, 4)
            pygame.draw.rect(surface, theme.HIGHLIGHT, pill, border_radius=pill.h // 2)
            surface.blit(tag, tag.get_rect(center=pill.center))
            x = pill.right + 6
        # villager rows
        mine = [vv for vv in t.villagers() if vv.get("owner") == seat]
        witches = set(t.witches())
        for vill, row in zip(mine, self.row_rects(zone, len(mine))):
            self.draw_row(surface, vill, row, vill.get("id") in witches)
        # trophies and kept tests as small labels under the header when there is room
        extras = [words.villager_name(v) for v in p.get("trophies") or []]
        extras += [words.card_name(k) for k in p.get("kept") or []]
        head, tail = "holds ", ""
        if v.get("phase") == "setup" and p.get("pyres"):  # the dealt pyres are public (§2)
            head, extras = "pyres ", [str(pp.get("start")) for pp in p["pyres"]]
            tail = " (placed)" if p.get("placed") else ""
        if extras and x < rx - 40:
            small = text(head + ", ".join(extras) + tail, max(11, size - 5), theme.TEXT_MUTED)
            if small.get_width() <= rx - x - 10:
                surface.blit(small, small.get_rect(midleft=(x + 4, cy)))
