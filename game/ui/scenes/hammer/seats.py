"""A seat panel: name, inquisitor, hand backs, trophies, score and its three villagers."""

from __future__ import annotations

import json

import pygame

from game.ui import theme
from game.ui.icons import get_icon
from game.ui.scenes import hammer_text as words
from game.ui.scenes.hammer.common import CARD_RATIO
from game.ui.scenes.hammer.pyres import draw_villager
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import panel, text

#: a seat zone whose villager rows would be this many times as tall as the table's
#: shortest rows is cut down to the common height (the side columns of 4 and 5 players)
CUT_RATIO = 1.3
ROWS = 3  # villagers per seat (docs/rules/hammer.md §1: 9, 12 or 15 villagers for 3-5 players)


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
                v.get("inquisitor") == seat,
                witches,
                player,
                mine,
            ],
            sort_keys=True,
        )
        cached = self.cache.pop(key, None)
        if cached is None:
            surf = self.blank(zone.size, seat, seat in (v.get("to_act") or [])).copy()
            geometry = self._collect_geometry(lambda: self.draw_seat(surf, seat, surf.get_rect(), background=False))
            cached = (key, surf, geometry)
            while len(self.cache) >= 4 * max(1, t.players):  # keep the recent ones
                self.cache.pop(next(iter(self.cache)))
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
        style = self.villager_style_height(row)
        if not (style >= 90 and row.w < 560) and style > 100:
            draw_villager(self, surface, vill, row, witch)
            return
        placed = None if isinstance(vill.get("start"), int) else self.table.player(vill.get("owner")).get("placed")
        key = json.dumps([row.size, style, witch, placed, vill], sort_keys=True)
        cached = self.rows.pop(key, None)
        if cached is None:
            picture = surface.subsurface(row).copy()
            geometry = self._collect_geometry(lambda: draw_villager(self, picture, vill, picture.get_rect(), witch))
            cached = (picture, geometry)
            while len(self.rows) >= 64:  # keep the recent ones
                self.rows.pop(next(iter(self.rows)))
        self.rows[key] = cached
        surface.blit(cached[0], row.topleft)
        vrects, portraits, tracks = cached[1]
        for vid, r in vrects.items():
            self.vrects[vid] = r.move(row.topleft)
        for vid, r in portraits.items():
            self.portraits[vid] = r.move(row.topleft)
        for vid, (x0, y, cw, th) in tracks.items():
            self.vtracks[vid] = (x0 + row.x, y + row.y, cw, th)

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
        name = text(t.name(seat) + ("  (you)" if shown else ""), size, theme.PARCHMENT, bold=True)
        surface.blit(name, name.get_rect(midleft=(x, cy)))
        x += name.get_width() + 8
        if v.get("inquisitor") == seat:
            icon = get_icon("inquisitor", hh - 4, theme.HIGHLIGHT)
            surface.blit(icon, icon.get_rect(midleft=(x, cy)))
            x += icon.get_width() + 4
        if acting:
            tag = text("to act", size - 2, theme.INK, bold=True)
            pill = tag.get_rect(midleft=(x + 6, cy)).inflate(12, 4)
            pygame.draw.rect(surface, theme.HIGHLIGHT, pill, border_radius=pill.h // 2)
            surface.blit(tag, tag.get_rect(center=pill.center))
            x = pill.right + 6
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
        # villager rows
        mine = [vv for vv in t.villagers() if vv.get("owner") == seat]
        top = zone.y + hh + 6
        rows = max(ROWS, len(mine))
        rh = (zone.bottom - 6 - top) // rows
        witches = set(t.witches())
        for i, vill in enumerate(mine):
            row = pygame.Rect(zone.x + 14, top + i * rh, zone.w - 22, rh - 4)
            self.draw_row(surface, vill, row, vill.get("id") in witches)
        # trophies and kept tests as small labels under the header when there is room
        extras = [words.villager_name(v) for v in p.get("trophies") or []]
        extras += [words.card_name(k) for k in p.get("kept") or []]
        head = "holds "
        if v.get("phase") == "setup" and p.get("pyres"):  # the dealt pyres are public (§2)
            head, extras = "pyres ", [str(pp.get("start")) for pp in p["pyres"]]
            if p.get("placed"):
                extras.append("(placed)")
        if extras and x < rx - 40:
            small = text(head + ", ".join(extras), max(11, size - 5), theme.TEXT_MUTED)
            if small.get_width() <= rx - x - 10:
                surface.blit(small, small.get_rect(midleft=(x + 4, cy)))
