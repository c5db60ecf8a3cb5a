"""A villager row on its pyre track (docs/rules/hammer.md §1: start value .. 18, 10-18
the blue side) and the heat markers that glide over the tracks."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.icons import get_icon
from game.ui.scenes import hammer_text as words
from game.ui.scenes.hammer.common import (
    CARD_RATIO,
    HEAT_SECONDS,
    TRACK_DIM,
    TRACK_HIGH,
    TRACK_LIT,
    TRACK_LOW,
)
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import MIN_TEXT, fit_lines, text

#: a villager of a seat that has placed, before every seat has: on a pyre not shown yet
#: (longest first; the first that fits the row is said)
PLACED_NOTES = ("on a pyre, shown when all have placed", "on a pyre, not shown yet", "on a hidden pyre")


def track_number_width(size: int) -> int:
    return text("18", size, theme.TEXT_LIGHT).get_width()


def draw_villager(
    seats, surface: pygame.Surface, v: dict, row: pygame.Rect, witch: bool, placed: bool | None = None
) -> None:
    """One villager's row in a seat panel (``seats``: the table's
    :class:`~game.ui.scenes.hammer.seats.Seats`, which learns where its row, portrait
    and track lie). ``placed``: whether its owner has placed its villagers (None: as
    the view says; a row drawn ahead says it)."""
    t = seats.table
    vid = v.get("id", "")
    status = v.get("status", "alive")
    alive = status == "alive"
    seats.vrects[vid] = row
    pygame.draw.rect(surface, theme.FELT_LIGHT if alive else theme.darken(theme.FELT_DARK, 0.2), row, border_radius=6)
    if witch and alive:
        pygame.draw.rect(surface, theme.DANGER, row, 3, border_radius=6)
    # type and track are sized for the table's common row height, so every seat reads
    # alike; a row a little taller than that keeps the extra as room below
    rh = seats.villager_style_height(row)
    size = max(12, min(20, rh // 4))
    # tall rows (only when every seat has them): portrait and words on top, the track
    # across the bottom
    tall = rh >= 90 and row.w < 560
    th = max(12, min(26, rh // 5)) if tall else max(10, min(26, rh // 3))
    # a row a little taller than the common one holds its content in the middle
    top = row.y if tall else row.y + max(0, (row.h - rh) // 2)
    if tall:
        track_y = row.bottom - th - 6
        ph = track_y - row.y - 8
    else:
        ph = rh - 6
    pw = min(int(ph / CARD_RATIO), row.w // 5)
    ph = min(ph, int(pw * CARD_RATIO))
    portrait = t.art.villager(vid, (max(24, pw), max(32, ph)), named=False)  # the name is beside it
    if not alive:
        portrait = portrait.copy()
        portrait.fill((90, 90, 90), special_flags=pygame.BLEND_RGB_MULT)
    prect = (
        portrait.get_rect(topleft=(row.x + 5, row.y + 4))
        if tall
        else portrait.get_rect(midleft=(row.x + 4, top + rh // 2))
    )
    surface.blit(portrait, prect)
    seats.portraits[vid] = prect
    x0 = prect.right + 8
    name = text(
        v.get("short") or words.villager_name(vid), size, theme.PARCHMENT if alive else theme.TEXT_MUTED, bold=True
    )
    line_y = top + 4
    surface.blit(name, (x0, line_y))
    heat = v.get("heat")
    hx = row.right - 6
    if alive and isinstance(heat, int):
        # heat as a coloured badge, so it never reads as one number with the match count
        heat_text = text(f"{heat}", max(13, size), theme.TEXT_LIGHT, bold=True)
        badge = heat_text.get_rect(topright=(row.right - 8, line_y)).inflate(12, 2)
        pygame.draw.rect(surface, theme.pyre_color(heat), badge, border_radius=badge.h // 2)
        pygame.draw.rect(surface, theme.INK, badge, 1, border_radius=badge.h // 2)
        surface.blit(heat_text, heat_text.get_rect(center=badge.center))
        hx = badge.x - 6
    ix = x0 + name.get_width() + 8
    isz = max(12, size - 2)
    for icon_name, count, tint in (
        ("pentagram", v.get("pentagrams", 0), theme.PENTAGRAM),
        ("match", v.get("matches", 0), theme.MATCH),
    ):
        icon = get_icon(icon_name, isz, theme.lighten(tint, 0.2))
        c = text(str(count), isz, theme.TEXT_LIGHT, bold=True)
        if tall and ix + isz + c.get_width() > hx - 6:  # no room on the name line: go below it
            ix, line_y = x0, line_y + name.get_height() + 2
        surface.blit(icon, (ix, line_y + (name.get_height() - isz) // 2))
        surface.blit(c, (ix + isz + 2, line_y + (name.get_height() - c.get_height()) // 2))
        ix += isz + c.get_width() + 10
    if witch and alive:
        icon = get_icon("witch", isz + 4, theme.DANGER)
        if ix + icon.get_width() <= hx - 4:
            surface.blit(icon, (ix, line_y + (name.get_height() - isz - 4) // 2))
            ix += icon.get_width() + 4
        tag = text("witch", max(MIN_TEXT, isz - 2), theme.PARCHMENT_LIGHT, bold=True)
        pill = tag.get_rect(midleft=(ix + 5, line_y + name.get_height() // 2)).inflate(10, 2)
        if pill.right <= hx - 4:
            pygame.draw.rect(surface, theme.DANGER, pill, border_radius=pill.h // 2)
            surface.blit(tag, tag.get_rect(center=pill.center))
    text_y = line_y + name.get_height() + 4
    if v.get("protected") and alive:
        # Scales (heavier): a small shield-blue pill on the ability line, never over the name
        tag = text("protected", max(11, isz - 2), theme.INK, bold=True)
        pill = tag.get_rect(topleft=(x0 + 6, text_y if tall else top + 4)).inflate(10, 2)
        if not tall:
            pill.topright = (hx - 4, top + 3)
        pygame.draw.rect(surface, theme.SELECT, pill, border_radius=pill.h // 2)
        surface.blit(tag, tag.get_rect(center=pill.center))
        if tall:
            text_y = pill.bottom + 2
    if tall:
        tx0, avail = row.x + 6, row.w - 12
    else:
        tx0, avail = x0, row.right - x0 - 6
        track_y = text_y
        th = max(10, min(th, top + rh - track_y - 4))
    note_size = max(11, size - 3)
    if not alive:
        note = "burned — a trophy" if status == "burned" else "burned — its pyre stands empty"
        surface.blit(text(note, note_size, theme.TEXT_MUTED), (x0, text_y))
        return
    start = v.get("start")
    if not isinstance(start, int):
        # a seat that has placed keeps its placement secret until every seat has (the
        # header says "placed"): the villager is on a pyre, which one is not shown yet
        if placed is None:
            placed = t.player(v.get("owner")).get("placed")
        notes = PLACED_NOTES if placed else ("not on a pyre yet",)
        room = row.right - x0 - 6
        note = next((n for n in notes if get_font(note_size).size(n)[0] <= room), notes[-1])
        surface.blit(text(note, note_size, theme.TEXT_MUTED), (x0, text_y))
        return
    if tall and v.get("text"):
        # the ability read whole where it can be: the font steps down to 11 px to fit
        small, _ = fit_lines(str(v.get("text")), row.right - x0 - 6, track_y - 2 - text_y, max(11, size - 3))
        font = get_font(small)
        y = text_y
        for line in wrap_text(str(v.get("text")), font, row.right - x0 - 6):
            if y + font.get_linesize() > track_y - 2:
                break
            surface.blit(font.render(line, True, theme.TEXT_MUTED), (x0, y))
            y += font.get_linesize()
    cells = TRACK_HIGH - TRACK_LOW + 1
    cw = avail / cells
    seats.vtracks[vid] = (tx0, track_y, cw, th)
    nsize = min(14, max(MIN_TEXT, int(th * 0.6)))
    # numbers only where they can be read (11 px): every other cell is numbered, so a
    # two-digit number may take two cells (narrow side tracks would have none)
    numbers = th >= MIN_TEXT + 2 and track_number_width(nsize) <= 2 * cw - 3
    for value in range(TRACK_LOW, TRACK_HIGH + 1):
        cx = tx0 + (value - TRACK_LOW) * cw
        cell = pygame.Rect(int(cx), track_y, max(2, int(cw) - 1), th)
        if value < start:
            pygame.draw.rect(surface, theme.darken(theme.FELT_DARK, 0.1), cell, 1)
            continue
        lit = isinstance(heat, int) and value <= heat
        fill = TRACK_LIT[value] if lit else TRACK_DIM[value]
        pygame.draw.rect(surface, fill, cell, border_radius=2)
        if numbers and (value == start or value % 2 == 0):
            n = text(str(value), nsize, theme.TEXT_LIGHT if lit else theme.TEXT_MUTED)
            surface.blit(n, n.get_rect(center=cell.center))
    # the line between the orange side and the blue side (§1: 10-18 is blue)
    bx = int(tx0 + (10 - TRACK_LOW) * cw) - 1
    pygame.draw.line(surface, theme.PYRE_HOT_LIGHT, (bx, track_y - 2), (bx, track_y + th + 1), 2)
    if not tall and rh > 100 and v.get("text"):
        font = get_font(max(11, size - 4))
        y = track_y + th + 6
        for line in wrap_text(str(v.get("text")), font, avail)[:2]:
            surface.blit(font.render(line, True, theme.TEXT_MUTED), (x0, y))
            y += font.get_linesize()


class HeatMarks(Panel):
    """The heat markers over the pyre tracks (part of the table, so a card flying across
    a track passes over them); when a villager's heat changes its marker glides from the
    old value to the new one (``heat_anim``: villager -> [from, to, seconds so far])."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.heat_anim: dict[str, list[float]] = {}

    def start(self, old: dict, new: dict) -> None:
        """A command was applied: each villager whose heat changed starts to glide."""
        old_heat = {v["id"]: v.get("heat") for v in old.get("villagers") or []}
        for v in new.get("villagers") or []:
            a, b = old_heat.get(v["id"]), v.get("heat")
            if isinstance(a, int) and isinstance(b, int) and a != b:
                self.heat_anim[v["id"]] = [float(a), float(b), 0.0]

    def running(self) -> bool:
        return bool(self.heat_anim)

    def step(self, dt: float) -> None:
        t = self.table
        for vid in list(self.heat_anim):
            anim = self.heat_anim[vid]
            anim[2] += dt / t.anim_factor
            if anim[2] >= HEAT_SECONDS:
                del self.heat_anim[vid]
                t.dirty = True

    def shown_heat(self, v: dict) -> float | None:
        anim = self.heat_anim.get(v.get("id"))
        if anim is None:
            return v.get("heat")
        t = min(1.0, anim[2] / HEAT_SECONDS)
        t = 1 - (1 - t) ** 3
        return anim[0] + (anim[1] - anim[0]) * t

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        vtracks = t.seats.vtracks
        for v in t.villagers():
            vid = v.get("id")
            if vid not in vtracks or v.get("status") != "alive":
                continue
            heat = self.shown_heat(v)
            if not isinstance(heat, (int, float)):
                continue
            x0, y, cw, th = vtracks[vid]
            cx = int(x0 + (heat - TRACK_LOW) * cw + cw / 2)
            cy = y + th // 2
            radius = max(5, min(int(cw * 0.75), th // 2 + 2))
            pygame.draw.circle(surface, theme.INK, (cx, cy), radius + 2)
            pygame.draw.circle(surface, theme.PARCHMENT_LIGHT, (cx, cy), radius)
            icon = get_icon("flame", max(8, radius * 2 - 4), theme.DANGER)
            surface.blit(icon, icon.get_rect(center=(cx, cy)))
