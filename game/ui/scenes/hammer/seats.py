"""A seat panel: name, inquisitor, hand backs, trophies, score and its three villagers."""
from __future__ import annotations

import json

import pygame

from game.ui import theme
from game.ui.icons import get_icon
from game.ui.scenes import hammer_text as words
from game.ui.scenes.hammer.common import CARD_RATIO
from game.ui.scenes.table_base import panel, text


#: a seat zone whose villager rows would be this many times as tall as the table's
#: shortest rows is cut down to the common height (the side columns of 4 and 5 players)
CUT_RATIO = 1.3
ROWS = 3  # villagers per seat (hammer.md H1.1: 9, 12 or 15 villagers for 3-5 players)


class SeatsPanel:
    """The seat panels (cached: a command usually touches one or two). Mixed into
    :class:`~game.ui.scenes.hammer.table.HammerTableScene`.

    Every seat reads alike (QA 21): one header height and one villager row height for the
    whole table (:meth:`even_out_seats`, the smallest any seat zone allows), so names,
    heat badges, tracks and their numbers have the same type in every panel. A tall side
    zone (4-5 players) is cut down to that height; the log below it on the left grows
    up into the room, and the piles below it on the right move up."""

    seat_metrics: tuple[int, int] | None = None  # (header height, villager row height)

    @staticmethod
    def _natural_metrics(zone: pygame.Rect) -> tuple[int, int]:
        hh = max(22, min(36, zone.h // 8))
        return hh, (zone.h - hh - 12) // ROWS

    def even_out_seats(self) -> None:
        """One header and row height for every seat zone; tall zones are cut down."""
        names = [k for k in self.rects if k.startswith("seat_")]
        zones = {k: pygame.Rect(self.rects[k]) for k in names}
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
            self.rects[k] = tuple(zone)
            self._take_up_room(zone, old_bottom)

    def _take_up_room(self, zone: pygame.Rect, old_bottom: int) -> None:
        """What stood under a cut-down seat zone in its column: the log grows up, the
        piles (and so the buttons under them) move up."""
        freed = old_bottom - zone.bottom
        for name in ("log", "deck", "discard"):
            r = self.rects.get(name)
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
            self.rects[name] = tuple(rect)

    def seat_header(self, zone: pygame.Rect) -> int:
        return self.seat_metrics[0] if self.seat_metrics else self._natural_metrics(zone)[0]

    def villager_style_height(self, row: pygame.Rect) -> int:
        """The row height a villager row's type and track are sized for: the table's
        common row (:meth:`even_out_seats`), so every seat reads alike (QA 21)."""
        return min(row.h, self.seat_metrics[1] - 4) if self.seat_metrics else row.h

    def draw_seat_cached(self, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> None:
        """Seat panels are redrawn only when something in them changed (a command
        usually touches one or two), which keeps a busy 5-seat table's frames short."""
        v = self.view
        witches = [w for w in self.witches()]
        player = {k: val for k, val in self.player(seat).items() if k != "hand"}
        mine = [vv for vv in self.villagers() if vv.get("owner") == seat]
        key = json.dumps([tuple(zone), seat, v.get("seat"), seat in (v.get("to_act") or []),
                          v.get("inquisitor") == seat, witches, player, mine], sort_keys=True)
        cached = self._seat_cache.pop(key, None)
        if cached is None:
            surf = pygame.Surface(zone.size).convert()
            surf.fill(theme.FELT)
            geometry = self._collect_geometry(lambda: self.draw_seat(surf, seat, surf.get_rect()))
            cached = (key, surf, geometry)
            while len(self._seat_cache) >= 4 * max(1, self.players):  # keep the recent ones
                self._seat_cache.pop(next(iter(self._seat_cache)))
        self._seat_cache[key] = cached
        surface.blit(cached[1], zone.topleft)
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

    def draw_seat(self, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> None:
        v = self.view
        p = self.player(seat)
        acting = seat in (v.get("to_act") or [])
        shown = seat == v.get("seat")
        color = theme.seat_color(seat)
        panel(surface, zone, color=theme.FELT_DARK, alpha=235, edge=theme.HIGHLIGHT if acting else theme.PANEL_EDGE,
              width=4 if acting else 2)
        pygame.draw.rect(surface, color, (zone.x + 3, zone.y + 3, 7, zone.h - 6), border_radius=3)
        self.seat_rects[seat] = zone
        hh = self.seat_header(zone)
        size = max(13, min(20, hh * 6 // 10))
        x = zone.x + 16
        cy = zone.y + 4 + hh // 2
        name = text(self.name(seat) + ("  (you)" if shown else ""), size, theme.PARCHMENT, bold=True)
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
        for label, icon_name, count, tint in (
                ("", "pyre", p.get("empty_pyres", 0), theme.PYRE_EMPTY),
                ("", "scales", len(p.get("kept") or []), theme.GREEN),
                ("", "trophy", len(p.get("trophies") or []), theme.MATCH)):
            if not count:
                continue
            t = text(f"×{count}", size - 2, theme.TEXT_LIGHT, bold=True)
            rx -= t.get_width()
            surface.blit(t, t.get_rect(midleft=(rx, cy)))
            icon = get_icon(icon_name, hh - 6, tint)
            rx -= icon.get_width() + 2
            surface.blit(icon, icon.get_rect(midleft=(rx, cy)))
            rx -= 8
        # H8.1: a hand's size is its owner's secret; other seats show a closed hand
        count = p.get("hand_count")
        if isinstance(count, int):
            t = text(f"×{count}", size - 2, theme.TEXT_LIGHT, bold=True)
            rx -= t.get_width()
            surface.blit(t, t.get_rect(midleft=(rx, cy)))
        bh = hh - 6
        back = self.art.back(self.game, (max(16, int(bh / CARD_RATIO)), max(16, bh)))
        for i in range(min(3, count) if isinstance(count, int) else 2):
            surface.blit(back, back.get_rect(midright=(rx - 4 - i * 5, cy)))
        # villager rows
        mine = [vv for vv in self.villagers() if vv.get("owner") == seat]
        top = zone.y + hh + 6
        rows = max(ROWS, len(mine))
        rh = (zone.bottom - 6 - top) // rows
        witches = set(self.witches())
        for i, vill in enumerate(mine):
            row = pygame.Rect(zone.x + 14, top + i * rh, zone.w - 22, rh - 4)
            self.draw_villager(surface, vill, row, vill.get("id") in witches)
        # trophies and kept tests as small labels under the header when there is room
        extras = [words.villager_name(t) for t in p.get("trophies") or []]
        extras += [words.card_name(k) for k in p.get("kept") or []]
        head = "holds "
        if v.get("phase") == "setup" and p.get("pyres"):  # the dealt pyres are public (H2.2)
            head, extras = "pyres ", [str(pp.get("start")) for pp in p["pyres"]]
            if p.get("placed"):
                extras.append("(placed)")
        if extras and x < rx - 40:
            small = text(head + ", ".join(extras), max(11, size - 5), theme.TEXT_MUTED)
            if small.get_width() <= rx - x - 10:
                surface.blit(small, small.get_rect(midleft=(x + 4, cy)))
