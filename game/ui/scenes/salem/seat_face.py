"""One seat's panel on the Salem table: :class:`SeatFace`, the part of the seat panel
(``table.seats.face``) that draws a seat — its name (and Town Hall character) with its
markers, its Tryal row (the shown seat's own cards face up, everyone else's face down,
revealed cards face up for all), the red cards in its front with the running count
against its trial mark, its blue cards and Stocks, its hand size; the dead and the
ghosts drawn as such. It records where the seat's cards lie in the seat panel's rects
(for targets and zoom) and keeps the measurements it makes (label sizes, card widths)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font, render_text
from game.ui.icons import get_icon
from game.ui.scenes.salem import words
from game.ui.scenes.salem.common import CARD_RATIO
from game.ui.scenes.table.common import translucent_fill
from game.ui.scenes.table_base import text

#: a seat panel's usual edge (colour, width); whose turn / who is on trial is drawn over it
PLAIN_EDGE = (theme.PANEL_EDGE, 2)


class SeatFace:
    """Draws one seat's panel (see the module docstring)."""

    def __init__(self, seats: Any) -> None:
        self.seats = seats
        self.table = seats.table
        self.fitted_sizes: dict[tuple, int] = {}
        self.named_widths: dict[tuple, int] = {}
        self.shades: dict[tuple[int, int], pygame.Surface] = {}

    def seat_style(self, seat: int) -> tuple[tuple[int, int, int], tuple[int, int, int], int]:
        """(fill, edge, edge width) of a seat's panel now."""
        s = self.seats.seat_data(seat)
        night = self.table.is_night()
        fill = theme.PANEL
        if s.get("ghost"):
            fill = (40, 48, 70)
        if not s.get("alive", True):
            fill = (30, 28, 28)
        if night:
            fill = theme.mix(fill, theme.NIGHT_SKY, 0.5)
        edge, width = theme.PANEL_EDGE, 2
        if seat == self.table.view.get("active") and not self.table.view.get("over"):
            edge, width = theme.HIGHLIGHT, 3
        pending = self.table.view.get("pending") or {}
        if pending.get("kind") in ("trial", "black_cat") and pending.get("player") == seat:
            edge, width = theme.DANGER, 4
        return fill, edge, width

    def draw_seat(
        self,
        surface: pygame.Surface,
        seat: int,
        zone: pygame.Rect,
        own: bool,
        plain: bool = False,
        panel_drawn: bool = False,
    ) -> None:
        """One seat panel; ``plain``: with the usual edge whatever the seat's state (the
        cached picture; :meth:`draw_seats` draws a coloured edge over it); ``panel_drawn``:
        the empty panel is already on ``surface`` (:meth:`panel_base`)."""
        s = self.seats.seat_data(seat)
        if not s:
            return
        fill, edge, width = self.seat_style(seat)
        if plain:
            edge, width = PLAIN_EDGE
        if not panel_drawn:  # table_base.panel(surface, zone, color=fill, alpha=232, edge=edge, width=width)
            surface.blit(translucent_fill(zone.size, fill, 232, 8), zone.topleft)
            pygame.draw.rect(surface, edge, zone, width, border_radius=8)
        self.seats.seat_rects[seat] = zone
        pad = max(4, zone.h // 28)
        # -- header: name, character, markers
        head_h = max(16, min(28, zone.h // 7))
        name = s.get("name", "?")
        char = s.get("character")
        x = zone.x + pad + 2
        y = zone.y + pad
        markers = self.seat_markers(seat, s)
        marker_w = len(markers) * (head_h + 2)
        if self.table.clock.seat_timed(seat):  # the hourglass badge goes left of the markers (drawn on top)
            marker_w += self.table.clock.badge_size(head_h)[0] + 4
        thinking = self.table.thinking_label(seat)  # a bot deciding: "thinking…" left of them all
        if thinking:
            tag = render_text(thinking, max(11, head_h - 10), theme.INK, bold=True)
            marker_w += tag.get_width() + 12 + 4
        room = zone.w - 2 * pad - marker_w - 4
        label = name
        if char and not s.get("ghost") and char and words.character_name(char) != name:
            label = f"{name} · {words.character_name(char)}"
        least = max(11, head_h - 7)
        size = self.fitted_size(label, room, head_h, least)
        if get_font(size, bold=True).size(label)[0] > room:
            label = name
            size = self.fitted_size(label, room, head_h, least)
        colour = theme.TEXT_LIGHT if s.get("alive", True) else theme.TEXT_MUTED
        if s.get("ghost"):
            colour = (176, 196, 236)
        surface.blit(render_text(label, size, colour, bold=True), (x, y))
        mx = zone.right - pad - len(markers) * (head_h + 2)
        for icon, tint in markers:
            surface.blit(get_icon(icon, head_h, tint), (mx, y))
            mx += head_h + 2
        if thinking:
            pill = pygame.Rect(zone.right - pad - marker_w, y + 1, tag.get_width() + 12, head_h - 2)
            pygame.draw.rect(surface, theme.HIGHLIGHT, pill, border_radius=pill.h // 2)
            surface.blit(tag, tag.get_rect(center=pill.center))
        top = y + head_h + max(2, pad // 2)
        # -- the Tryal row and the front share the rest: row above, front below
        body_h = zone.bottom - pad - top
        if own and zone.w > 3 * zone.h:
            self.draw_own_seat(surface, seat, s, pygame.Rect(zone.x + pad, top, zone.w - 2 * pad, body_h))
            return
        row_h = int(body_h * 0.56)
        self.draw_row(surface, seat, s, pygame.Rect(zone.x + pad, top, zone.w - 2 * pad, row_h), own)
        self.draw_front(
            surface, seat, s, pygame.Rect(zone.x + pad, top + row_h + 3, zone.w - 2 * pad, body_h - row_h - 3)
        )

    def draw_own_seat(self, surface: pygame.Surface, seat: int, s: dict, area: pygame.Rect) -> None:
        """The wide panel of the seat on screen: its row large on the left, front on the right."""
        row_w = int(area.w * 0.55)
        self.draw_row(surface, seat, s, pygame.Rect(area.x, area.y, row_w, area.h), True)
        self.draw_front(surface, seat, s, pygame.Rect(area.x + row_w + 10, area.y, area.w - row_w - 10, area.h))

    def fitted_size(self, label: str, room: int, most: int, least: int) -> int:
        """fonts.fit_font's size for a bold label (remembered: seat names do not change)."""
        sizes = self.fitted_sizes
        key = (label, room, most, least)
        size = sizes.get(key)
        if size is None:
            size = next((z for z in range(most, least, -1) if get_font(z, bold=True).size(label)[0] <= room), least)
            if len(sizes) > 500:
                sizes.clear()
            sizes[key] = size
        return size

    def seat_markers(self, seat: int, s: dict) -> list[tuple[str, tuple[int, int, int]]]:
        out: list[tuple[str, tuple[int, int, int]]] = []
        if not s.get("alive", True):
            out.append(("trophy", theme.TEXT_MUTED))
        known = set(self.table.view.get("known_witches") or [])
        if s.get("witch") is True or (seat in known and s.get("alive", True)):
            out.append(("witch", (200, 120, 220)))
        if self.table.view.get("gavel") == seat:
            out.append(("gavel", theme.SALEM_CONSTABLE))
        pending = self.table.view.get("pending") or {}
        if pending.get("kind") == "window" and seat in (pending.get("answered") or []):
            out.append(("answered", theme.SUCCESS))  # a tick: this seat has answered
        return out

    def row_label_size(self, area: pygame.Rect) -> tuple[int, int]:
        """The font size of the count under a Tryal row, and the height it needs."""
        size = max(11, min(16, area.h // 6))
        return size, get_font(size).get_height() + 1

    def tryal_size(self, area: pygame.Rect, count: int) -> tuple[int, int]:
        """A Tryal card's size in ``area`` for ``count`` cards, the count's line kept
        free under them."""
        h = max(20, area.h - self.row_label_size(area)[1])
        w = int(h / CARD_RATIO)
        if count:
            fit = (area.w - 4) // max(1, count) - 3
            if fit < w:
                w = max(12, fit)
                h = int(w * CARD_RATIO)
        return w, h

    def named_width(self, kinds: list[str], cw: int, ch: int, slots: int, room: int) -> int:
        """The width of the cards in the row of the seat on screen: wide enough for each
        face to show its name at a readable size (a Tryal card says what it is by its
        name: "Not a Witch"), when ``slots`` such cards fit in ``room``; else ``cw``."""
        widths = self.named_widths
        key = (tuple(sorted(set(kinds))), cw, ch, slots, room)
        if key not in widths:
            w = cw
            while w < 3 * cw and not all(
                self.table.art.title_shown("salem", f"tryal-{k}", (w, ch)) for k in set(kinds)
            ):
                w += 2
            fits = w < 3 * cw and slots * (w + 3) <= room - 4
            if len(widths) > 200:
                widths.clear()
            widths[key] = w if fits else cw
        return widths[key]

    def draw_row(self, surface: pygame.Surface, seat: int, s: dict, area: pygame.Rect, own: bool) -> None:
        """Unrevealed cards (backs, or faces for the seat on screen), then the revealed ones."""
        mine = own and self.table.view.get("seat") == seat
        row = list(self.table.view.get("my_row") or []) if mine else []
        count = len(row) if mine else int(s.get("row_count", 0))
        if "row" in s:  # the game is over: everything face up
            row, count, mine = list(s["row"]), len(s["row"]), True
        revealed = list(s.get("revealed") or [])
        total = count + len(revealed)
        cw, ch = self.tryal_size(area, total + (1 if revealed and count else 0))
        if mine and total:  # faces shown (the seat's own row, or every row at the end): wide enough for their names
            kinds = [c["kind"] for c in row[:count]] + [c["kind"] for c in revealed]
            cw = self.named_width(kinds, cw, ch, total + (1 if revealed and count else 0), area.w)
        x = area.x
        size, label_h = self.row_label_size(area)
        y = area.y + max(0, (area.h - label_h - ch) // 2)
        step = cw + 3
        for i in range(count):
            r = pygame.Rect(x, y, cw, ch)
            if mine:
                kind = row[i]["kind"]
                surface.blit(self.table.art.face("salem", f"tryal-{kind}", (cw, ch)), r.topleft)
            else:
                surface.blit(self.table.art.back("salem", (cw, ch)), r.topleft)
            self.seats.tryal_rects[(seat, i)] = r
            x += step
        if revealed and count:
            x += max(4, cw // 3)
        for card in revealed:
            img = self.table.art.face("salem", f"tryal-{card['kind']}", (cw, ch))
            surface.blit(img, (x, y))
            if card["kind"] != "witch":
                shades = self.shades
                shade = shades.get((cw, ch))
                if shade is None:
                    shade = shades[(cw, ch)] = pygame.Surface((cw, ch), pygame.SRCALPHA)
                    shade.fill((0, 0, 0, 70))
                surface.blit(shade, (x, y))
            self.seats.front_rects[(seat, f"tryal-{card['kind']}", x)] = pygame.Rect(x, y, cw, ch)
            x += step
        # the count under the row: readable even when the cards are small
        label = f"{count} face down" if count else "no cards left"
        if "row" in s and count:  # the game is over: the row lies face up
            label = f"{count} card{'s' if count != 1 else ''}, face up"
        if not s.get("alive", True):
            label = "dead"
        elif s.get("ghost"):
            label += " · a ghost"
        surf = text(label, size, theme.TEXT_MUTED)
        surface.blit(surf, (area.x, min(area.bottom - surf.get_height(), y + ch + 1)))

    def draw_front(self, surface: pygame.Surface, seat: int, s: dict, area: pygame.Rect) -> None:
        """The red pile with its count against the trial mark, then blue cards and Stocks."""
        front = list(s.get("front") or [])
        if area.h < 12:
            return
        hs = max(11, min(16, area.h // 3))
        hand_label = None if s.get("ghost") else text(f"{s.get('hand_count', 0)} in hand", hs, theme.TEXT_MUTED)
        if hand_label is not None:  # the cards stop short of the hand count
            surface.blit(hand_label, hand_label.get_rect(bottomright=(area.right, area.bottom)))
            area = pygame.Rect(area.x, area.y, area.w - hand_label.get_width() - 6, area.h)
        as_witness = set(self.table.view.get("as_witness") or [])
        red = [c for c in front if words.card_colour(c) == "red" or c in as_witness]
        other = [c for c in front if c not in red]
        ch = max(18, area.h - 2)
        cw = int(ch / CARD_RATIO)
        x = area.x
        acc = int(s.get("accusations", 0))
        mark = int(s.get("threshold", self.table.view.get("threshold", 7)))
        # the accusations badge: "5 / 7", red when close
        size = max(12, min(22, int(ch * 0.42)))
        hot = acc >= mark - 2 and acc > 0
        badge = text(f"{acc}/{mark}", size, theme.PARCHMENT if not hot else (255, 210, 200), bold=True)
        bw = badge.get_width() + 12
        box = pygame.Rect(x, area.y + (area.h - badge.get_height() - 6) // 2, bw, badge.get_height() + 6)
        pygame.draw.rect(
            surface, theme.SALEM_RED if acc else theme.darken(theme.SALEM_RED, 0.5), box, border_radius=box.h // 2
        )
        surface.blit(badge, badge.get_rect(center=box.center))
        self.seats.front_rects[(seat, "accusations", 0)] = box
        x = box.right + 6
        # the red cards, fanned
        if red:
            fan = max(3, min(cw // 3, (area.w // 3) // max(1, len(red))))
            for i, c in enumerate(red):
                r = pygame.Rect(x + i * fan, area.y + 1, cw, ch)
                surface.blit(self.table.art.face("salem", c, (cw, ch)), r.topleft)
                self.seats.front_rects[(seat, c, 0)] = r
            x += fan * (len(red) - 1) + cw + 8
        # the blue cards and Stocks, side by side (overlapping when short of room)
        if other:
            room = area.right - x
            step = min(cw + 4, max(8, (room - cw) // max(1, len(other) - 1))) if len(other) > 1 else cw
            span = cw + step * (len(other) - 1)
            if x + span > area.right:  # no room left of the hand count: start further left, over the red fan's end
                x = max(box.right + 6, area.right - span)
            for i, c in enumerate(other):
                r = pygame.Rect(x + i * step, area.y + 1, cw, ch)
                surface.blit(self.table.art.face("salem", c, (cw, ch)), r.topleft)
                self.seats.front_rects[(seat, c, 0)] = r
