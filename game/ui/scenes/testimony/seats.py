"""The seat plates round the table: name, pills, Character card, tokens in hand, the
latest claims, and the tokens lying in front of the seat (face down in the placer's
colour; the side shows only where the view gives it, i.e. where the shown seat knows it).

:class:`SeatsPanel` is a panel the table owns (``table.seats``): it keeps each plate's
picture keyed by everything the plate shows (most plates do not change with a move) and
the empty plates they start from. It reads the table's ``view``, ``player``, ``name``,
``art``, ``seat_zone``, ``lit_seats`` (drop targets), the reveal's ``telling`` and
``result_shown``, and the talk panel's claims (``table.talk``)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font
from game.ui.scenes import testimony_text as words
from game.ui.scenes.table_base import text
from game.ui.scenes.testimony.common import CARD_RATIO, DEAD_COLOUR, DEAD_TEXT, felt_panel, fit_text, token_disc


def shown_line(name: str, size: int, width: int) -> str:
    """The plate's line for a Character its seat showed you, in the longest words that fit
    ``width``: "Shown to you: The Magistrate", "Shown: The Magistrate", else the name alone,
    cut only when even the name does not fit (the name is what the line is for)."""
    font = get_font(size)
    for label in (f"Shown to you: {name}", f"Shown: {name}"):
        if font.size(label)[0] <= width:
            return label
    return fit_text(name, size, width)


class SeatsPanel:
    """Seat plates (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        #: seat -> (key, picture, its must-read words) of its plate as last drawn
        self.pictures: dict[int, tuple] = {}
        #: (size, edge, seat colour) -> the empty plate on the felt
        self.plate_bases: dict[tuple, pygame.Surface] = {}

    def draw(self, surface: pygame.Surface) -> None:
        """Every seat's plate, each from its picture when it shows the same as last time."""
        for seat in range(self.table.players):
            zone = self.table.seat_zone(seat)
            if zone is not None:
                self.draw_seat_cached(surface, seat, zone)

    def draw_seat_cached(self, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> None:
        key = self.seat_key(seat, zone)
        cached = self.pictures.get(seat)
        if cached is None or cached[0] != key:
            base = self.plate_base(seat, zone.size)
            if cached is not None and cached[1].get_size() == base.get_size():
                surf = cached[1]  # the old picture is drawn over (both opaque: the base's pixels)
                surf.blit(base, (0, 0))
            else:
                surf = base.copy()
            notes = self.table.notes.noting(lambda: self.draw_seat(surf, seat, surf.get_rect(), plate_drawn=True))
            cached = (key, surf, notes)
            self.pictures[seat] = cached
        surface.blit(cached[1], zone.topleft)
        self.table.notes.renote(cached[2], zone.topleft)  # its words where the plate lies

    def seat_geometry(self, zone: pygame.Rect) -> dict[str, Any]:
        """Sub-rects of a plate: header; the Character card on the left; on its right the
        info lines (tokens in hand, what is known, claims) over two rows of tokens."""
        head_h = max(18, min(30, zone.h // 6))
        card_h = max(30, zone.h - head_h - 10)
        card_w = min(int(card_h / CARD_RATIO), int(zone.w * 0.28))
        card_h = int(card_w * CARD_RATIO)
        card = pygame.Rect(zone.x + 12, zone.y + head_h + 4, card_w, card_h)
        right = pygame.Rect(
            card.right + 10, zone.y + head_h + 2, zone.right - card.right - 16, zone.bottom - zone.y - head_h - 6
        )
        token_r = max(7, min(15, right.w // 18, zone.h // 11))
        rows_h = 2 * (2 * token_r + 3)
        tokens = pygame.Rect(right.x, right.bottom - rows_h, right.w, rows_h)
        info = pygame.Rect(right.x, right.y, right.w, tokens.y - right.y - 2)
        return {
            "header": pygame.Rect(zone.x, zone.y, zone.w, head_h + 2),
            "card": card,
            "info": info,
            "tokens": tokens,
            "token_r": token_r,
        }

    def token_spots(self, seat: int, zone: pygame.Rect) -> list[tuple[dict, tuple[int, int]]]:
        """Where each token lying in front of ``seat`` is drawn (centres), in order."""
        g = self.seat_geometry(zone)
        area, r = g["tokens"], g["token_r"]
        step = r * 2 + 2
        per_row = max(1, area.w // step)
        lying = [t for t in self.table.view.get("tokens") or [] if t.get("target") == seat]
        spots = []
        for i, token in enumerate(lying):
            row, col = divmod(i, per_row)
            if row > 1:  # more than two rows: overlap the second row (never more than 21)
                row, col = 1, per_row - 1
            cx = area.x + r + 2 + col * step
            cy = area.y + r + 1 + row * (r * 2 + 3)
            spots.append((token, (cx, cy)))
        return spots

    def seat_tags(self, seat: int) -> tuple[tuple[str, tuple], ...]:
        v = self.table.view
        tags: list[tuple[str, tuple]] = []
        if self.table.result_shown():
            p = self.table.player(seat)
            if p.get("killed"):
                tags.append(("killed", DEAD_COLOUR))
            if seat in (v.get("winners") or []):
                tags.append(("winner", theme.HIGHLIGHT))
            return tuple(tags)
        acting = self.table.acting_label(seat)  # "to act", or "thinking…" while its bot decides
        if acting:
            tags.append((acting, theme.HIGHLIGHT))
        elif v.get("turn") == seat:
            tags.append(("turn", theme.WOOD_LIGHT))
        share = v.get("share") or {}
        if seat in (share.get("by"), share.get("with")):
            tags.append(("sharing", theme.SELECT))
        invite = v.get("invite") or {}
        if seat == invite.get("to"):
            tags.append(("invited", theme.SELECT))
        return tuple(tags)

    def seat_key(self, seat: int, zone: pygame.Rect) -> tuple:
        """Everything a plate shows (its cache key)."""
        v = self.table.view
        p = self.table.player(seat)
        lying = tuple(
            (t.get("token"), t.get("placer"), t.get("side")) for t in v.get("tokens") or [] if t.get("target") == seat
        )
        return (
            tuple(zone),
            seat,
            v.get("seat"),
            repr(sorted(p.items())),
            lying,
            self.seat_tags(seat),
            tuple(self.table.talk.claims_of(seat)[-2:]),
            seat in self.table.lit_seats(),
            self.table.telling(),
        )

    def plate_edge(self, seat: int) -> tuple[tuple[int, int, int], int]:
        """A plate's edge: lit as a drop target, else lit while its seat acts."""
        acting = seat in (self.table.view.get("to_act") or [])
        lit = seat in self.table.lit_seats()
        edge = theme.SELECT if lit else theme.HIGHLIGHT if acting else theme.PANEL_EDGE
        return edge, 3 if (acting or lit) else 1

    def empty_plate(self, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> None:
        """The plate with nothing on it yet: its panel, edge and the seat's colour."""
        edge, width = self.plate_edge(seat)
        felt_panel(surface, zone, color=theme.FELT_DARK, alpha=235, edge=edge, width=width)
        pygame.draw.rect(surface, theme.seat_color(seat), (zone.x + 3, zone.y + 3, 6, zone.h - 6), border_radius=3)

    def plate_base(self, seat: int, size: tuple[int, int]) -> pygame.Surface:
        """The empty plate on the felt as an opaque picture, made once per size, edge and
        seat colour (a plate's picture starts as a copy of it)."""
        bases = self.plate_bases
        key = (tuple(size), self.plate_edge(seat), theme.seat_color(seat))
        base = bases.get(key)
        if base is None:
            base = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                base = base.convert()
            base.fill(theme.FELT)
            self.empty_plate(base, seat, base.get_rect())
            if len(bases) > 64:
                bases.clear()
            bases[key] = base
        return base

    def draw_seat(self, surface: pygame.Surface, seat: int, zone: pygame.Rect, plate_drawn: bool = False) -> None:
        """A seat's plate; ``plate_drawn``: the empty plate is on ``surface`` already."""
        v = self.table.view
        p = self.table.player(seat)
        if not plate_drawn:
            self.empty_plate(surface, seat, zone)
        g = self.seat_geometry(zone)
        head = g["header"]
        size = max(12, min(19, head.h * 7 // 10))
        cy = head.centery + 1
        x = zone.x + 14
        label, tags = self.table.name(seat), self.seat_tags(seat)
        if seat == v.get("seat"):  # "Ann (you)"; where that is too long, "Ann" and a "you" pill
            if get_font(size, bold=True).size(label + " (you)")[0] <= zone.w // 2:
                label += " (you)"
            else:
                tags = (("you", theme.SELECT), *tags)
        shown = fit_text(label, size, zone.w // 2, bold=True)
        name = text(shown, size, theme.PARCHMENT, bold=True)
        drawn = surface.blit(name, name.get_rect(midleft=(x, cy)))
        self.table.note_text("seat name", label, shown, [drawn], zone)
        x += name.get_width() + 6
        for tag, col in tags:
            t = text(
                tag,
                max(11, size - 4),
                theme.INK if col in (theme.HIGHLIGHT, theme.SELECT) else theme.TEXT_LIGHT,
                bold=True,
            )
            pill = t.get_rect(midleft=(x + 5, cy)).inflate(10, 2)
            if pill.right > zone.right - 4:
                break
            pygame.draw.rect(surface, col, pill, border_radius=pill.h // 2)
            surface.blit(t, t.get_rect(center=pill.center))
            x = pill.right + 3
        self.draw_plate_card(surface, seat, g["card"])
        self.draw_plate_info(surface, seat, g["info"], size)
        if self.table.result_shown() and p.get("killed"):
            pygame.draw.line(surface, DEAD_COLOUR, g["card"].topleft, g["card"].bottomright, 3)
            pygame.draw.line(surface, DEAD_COLOUR, g["card"].bottomleft, g["card"].topright, 3)
        for token, centre in self.token_spots(seat, zone):
            side = None if self.table.telling() else token.get("side")
            disc = token_disc(g["token_r"], theme.seat_color(token.get("placer", 0)), side)
            surface.blit(disc, disc.get_rect(center=centre))
        if not self.token_spots(seat, zone):
            t = text("no tokens in front", max(11, size - 5), theme.TEXT_MUTED)
            surface.blit(t, t.get_rect(midleft=(g["tokens"].x + 2, g["tokens"].centery)))

    def draw_plate_card(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        character = self.table.player(seat).get("character")
        if self.table.telling() and seat != self.table.view.get("seat"):
            character = None  # the reveal turns the Characters over in its own time
        if character:
            surface.blit(self.table.art.face(self.table.game, character, rect.size), rect.topleft)
        else:
            surface.blit(self.table.art.back(self.table.game, rect.size), rect.topleft)

    def draw_plate_info(self, surface: pygame.Surface, seat: int, info: pygame.Rect, size: int) -> None:
        v = self.table.view
        p = self.table.player(seat)
        small = max(11, size - 4)
        y = info.y
        count = int(p.get("tokens") or 0)
        line = text(f"In hand: {count}", small, theme.TEXT_LIGHT, bold=True)
        surface.blit(line, (info.x, y))
        r = max(4, small // 3)
        for i in range(min(count, 9)):
            disc = token_disc(r, theme.seat_color(seat), None)
            surface.blit(disc, (info.x + line.get_width() + 6 + i * (r * 2 - 1), y + line.get_height() // 2 - r - 2))
        y += line.get_height() + 2
        if self.table.result_shown() and p.get("standing") is not None:
            standing = p["standing"]
            col = DEAD_TEXT if p.get("killed") else theme.SUCCESS
            t = text(f"Standing {standing:+d}" + (" \u2014 killed" if p.get("killed") else ""), small, col, bold=True)
            surface.blit(t, (info.x, y))
            y += t.get_height() + 2
            if p.get("score") is not None:
                t = text(f"Score {p['score']:+d} \u00b7 total {p.get('total', 0)}", small, theme.PARCHMENT)
                surface.blit(t, (info.x, y))
                y += t.get_height() + 2
        elif p.get("character") and seat != v.get("seat") and v.get("stage") not in ("between", "over"):
            name = words.character_name(p["character"])
            said = shown_line(name, small, info.w)
            t = text(said, small, theme.SELECT)
            drawn = surface.blit(t, (info.x, y))
            # the Character's name must be read whole; the words before it may go
            self.table.note_text("shown character", said if said.endswith(name) else name, said, [drawn], info)
            y += t.get_height() + 2
        for claim in self.table.talk.claims_of(seat)[-2:]:
            if y + small + 2 > info.bottom:
                break
            t = text(fit_text("\u201c" + claim + "\u201d", small, info.w), small, theme.PARCHMENT_DARK)
            surface.blit(t, (info.x, y))
            y += t.get_height() + 1

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        for seat in range(self.table.players):
            zone = self.table.seat_zone(seat)
            if zone is not None and zone.collidepoint(pos):
                return seat
        return None

    def token_at(self, pos: tuple[int, int]) -> dict | None:
        for seat in range(self.table.players):
            zone = self.table.seat_zone(seat)
            if zone is None or not zone.collidepoint(pos):
                continue
            r = self.seat_geometry(zone)["token_r"]
            for token, (cx, cy) in self.token_spots(seat, zone):
                if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= (r + 2) ** 2:
                    return token
        return None
