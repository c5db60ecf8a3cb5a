"""A seat panel: name and tags, money, hand backs, the pending case."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.icons import get_icon
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import MIN_TEXT, text
from game.ui.scenes.witch_trial.common import (
    CARD_RATIO,
    DEFENSE_COLOUR,
    PROSECUTION_COLOUR,
    felt_panel,
)


class Seats(Panel):
    """The seat panels (a picture kept per seat until it changes) and where each seat's
    pending case lies (``case_rects``, its two cards ``case_cards``: click and drop targets)."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self._seat_cache: dict[int, tuple] = {}
        self.case_rects: dict[int, pygame.Rect] = {}
        self.case_cards: dict[str, pygame.Rect] = {}

    def seat_geometry(self, zone: pygame.Rect) -> dict[str, pygame.Rect]:
        """Sub-rects of a seat panel: header, money line, hand backs, the case's two cards."""
        hh = max(18, min(34, zone.h // 6))
        body = pygame.Rect(zone.x + 12, zone.y + hh + 6, zone.w - 18, zone.h - hh - 10)
        label_h = max(12, body.h // 8)
        ch = body.h - label_h - 2
        cw = int(ch / CARD_RATIO)
        if cw * 2 + 6 > body.w * 0.58:
            cw = int((body.w * 0.58 - 6) / 2)
            ch = int(cw * CARD_RATIO)
        case = pygame.Rect(body.right - (cw * 2 + 6), body.y + label_h + 2, cw * 2 + 6, ch)
        left = pygame.Rect(body.x, body.y, case.x - body.x - 8, body.h)
        return {
            "header": pygame.Rect(zone.x, zone.y, zone.w, hh + 4),
            "left": left,
            "case": case,
            "suspect": pygame.Rect(case.x, case.y, cw, ch),
            "charge": pygame.Rect(case.x + cw + 6, case.y, cw, ch),
            "case_label": pygame.Rect(case.x, body.y, case.w, label_h),
        }

    def revealed_hand_rects(self, seat: int, zone: pygame.Rect, count: int) -> list[pygame.Rect]:
        """Where a seat's hand lies face up at the game's end: a fan in the panel's left
        column, under the money, the cards as tall as the column allows."""
        g = self.seat_geometry(zone)
        left = g["left"]
        big = max(14, min(30, left.h // 3, left.w // 3))
        top = left.y + big + 10
        ch = max(24, left.bottom - top - 2)
        cw = int(ch / CARD_RATIO)
        if not count:
            return []
        step = min(cw + 3, max(6, (left.w - cw) // max(1, count - 1))) if count > 1 else 0
        return [pygame.Rect(left.x + i * step, top, cw, ch) for i in range(count)]

    def faces_in_panel(self, seat: int) -> bool:
        """At the end, whether ``seat``'s hand lies face up in its panel (instead of its
        backs): every seat's but the one on screen, and the bottom seat's on the public
        screen, which lies in the court."""
        table = self.table
        if not table.view.get("revealed") or seat == table.my_seat():
            return False
        return not (seat == table.shown_seat() and table.court.bottom_hand_place() is not None)

    def revealed_cards(self) -> list[tuple[str, pygame.Rect]]:
        """The end's ``revealed``: every other seat's hand in its panel (the bottom seat's
        on the public screen in the court), and the deck's top card on the deck
        (docs/rules/witch_trial.md, the end of the game)."""
        table = self.table
        revealed = table.view.get("revealed") or {}
        hands = revealed.get("hands") or []
        out: list[tuple[str, pygame.Rect]] = []
        bottom = table.court.bottom_hand_place()
        for seat, hand in enumerate(hands):
            zone = table.seat_zone(seat)
            if zone is None or seat == table.my_seat() or not isinstance(hand, list):
                continue  # the seat on screen has its hand in the hand row
            if bottom is not None and seat == table.shown_seat():
                out.extend(zip(hand, bottom[2]))  # in the court: its panel is too small for a hand
                continue
            out.extend(zip(hand, self.revealed_hand_rects(seat, zone, len(hand))))
        deck = revealed.get("deck") or []
        if deck and "deck" in table.rects:
            out.append((deck[-1], table.deck_card_rect()))
        return out

    def draw_seat_cached(self, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> None:
        """Seat panels are redrawn only when something in them changed (most commands
        touch one or two of seven), which keeps the frame after a move short."""
        table = self.table
        v = table.view
        p = {k: val for k, val in table.player(seat).items() if k != "hand"}
        marks = (
            any(c.get("type") == "defend" and c.get("case_owner") == seat for c in table.legal_cmds),
            seat == v.get("seat") and {"type": "prosecute"} in table.legal_cmds,
        )
        # the panel is drawn at (0, 0) and only then placed: its size matters, not where
        # it sits (the zones turn round the table when another seat takes the screen)
        key = (
            zone.size,
            seat,
            seat == v.get("seat"),
            self.seat_tags(seat),
            repr(sorted(p.items())),
            marks,
            self.faces_in_panel(seat),
        )  # at the end the hand lies face up instead of its backs
        cached = self._seat_cache.get(seat)
        if cached is None or cached[0] != key:
            if cached is not None and cached[1].get_size() == zone.size:
                surf = cached[1]  # the panel's old picture is drawn over, not reallocated
            else:
                surf = pygame.Surface(zone.size).convert()
            surf.fill(theme.FELT)
            self.draw_seat(surf, seat, surf.get_rect())
            cached = (key, surf)
            self._seat_cache[seat] = cached
        table.regions.place(surface, zone, (seat, key), cached[1])

    def seat_tags(self, seat: int) -> tuple[tuple[str, tuple], ...]:
        """The pills after a seat's name (also the part of its cache key they stand for)."""
        table = self.table
        v = table.view
        trial = table.trial()
        tags: list[tuple[str, tuple]] = []
        if trial.get("prosecutor") == seat:
            tags.append(("Prosecutor", PROSECUTION_COLOUR))
        if trial.get("defender") == seat:
            tags.append(("Defender", DEFENSE_COLOUR))
        acting = self.table.acting_label(seat)  # "to act", or "thinking…" while its bot decides
        if acting:
            tags.append((acting, theme.HIGHLIGHT))
        elif v.get("turn") == seat and not v.get("over") and not trial:
            tags.append(("turn", theme.WOOD_LIGHT))
        return tuple(tags)

    def draw_seat(self, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> None:
        table = self.table
        v = table.view
        p = table.player(seat)
        acting = seat in (v.get("to_act") or [])
        shown = seat == v.get("seat")
        felt_panel(
            surface,
            zone,
            color=theme.FELT_DARK,
            alpha=235,
            edge=theme.HIGHLIGHT if acting else theme.PANEL_EDGE,
            width=3 if acting else 1,
        )
        pygame.draw.rect(surface, theme.seat_color(seat), (zone.x + 3, zone.y + 3, 6, zone.h - 6), border_radius=3)
        g = self.seat_geometry(zone)
        head = g["header"]
        size = max(12, min(20, head.h * 6 // 10))
        cy = head.y + 3 + head.h // 2
        x = zone.x + 14
        name = text(table.name(seat) + (" (you)" if shown else ""), size, theme.PARCHMENT, bold=True)
        surface.blit(name, name.get_rect(midleft=(x, cy)))
        x += name.get_width() + 6
        for label, col in self.seat_tags(seat):
            t = text(
                label, max(MIN_TEXT, size - 4), theme.INK if col == theme.HIGHLIGHT else theme.TEXT_LIGHT, bold=True
            )
            pill = t.get_rect(midleft=(x + 5, cy)).inflate(10, 2)
            if pill.right > zone.right - 4:
                break
            pygame.draw.rect(surface, col, pill, border_radius=pill.h // 2)
            surface.blit(t, t.get_rect(center=pill.center))
            x = pill.right + 3
        left = g["left"]
        big = max(14, min(30, left.h // 3, left.w // 3))
        money = text(f"${p.get('money', 0)}", big, theme.MONEY, bold=True)
        icon = get_icon("money", big, theme.MONEY)
        surface.blit(icon, (left.x, left.y + 2))
        surface.blit(money, (left.x + icon.get_width() + 3, left.y + 2 + (icon.get_height() - money.get_height()) // 2))
        count = p.get("hand_count", 0)
        by = left.y + max(big, money.get_height()) + 8
        bh = max(18, min(left.bottom - by - 2, int(big * 1.5)))
        bw = max(12, int(bh / CARD_RATIO))
        back = table.art.back(table.game, (bw, bh))
        for i in range(min(4, count) if not self.faces_in_panel(seat) else 0):  # at the end: faces (sprites)
            surface.blit(back, (left.x + i * max(4, bw // 4), by))
        cnt = text(f"\u00d7{count}", max(12, size - 1), theme.TEXT_LIGHT, bold=True)
        surface.blit(
            cnt,
            cnt.get_rect(
                midleft=(left.x + min(4, count) * max(4, bw // 4) + bw + 4 - (bw if not count else 0), by + bh // 2)
            ),
        )
        hint = text("cards", max(MIN_TEXT, size - 5), theme.TEXT_MUTED)
        if by + bh + hint.get_height() < left.bottom:
            surface.blit(hint, (left.x, by + bh + 1))
        case = p.get("pending_case")
        lab = g["case_label"]
        label_size = max(MIN_TEXT, min(15, lab.h))
        if case:
            t = text("Pending case", label_size, theme.PARCHMENT, bold=True)
            surface.blit(t, t.get_rect(midleft=(lab.x, lab.centery)))
            for key in ("suspect", "charge"):
                r = g[key]
                surface.blit(table.art.face(table.game, case[key], r.size), r.topleft)
            if any(c.get("type") == "defend" and c.get("case_owner") == seat for c in table.legal_cmds) or (
                shown and {"type": "prosecute"} in table.legal_cmds
            ):
                pygame.draw.rect(surface, theme.HIGHLIGHT, g["case"].inflate(6, 6), 2, border_radius=6)
        else:
            t = text("no case", label_size, theme.TEXT_MUTED)
            surface.blit(t, t.get_rect(center=g["case"].center))
