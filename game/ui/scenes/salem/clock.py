"""The hourglass of a timed game (docs/rules/salem.md R22 and R53, option ``timer_s``): a countdown
on the panel of every seat the table waits for, and a larger hourglass at the right end
of the phase banner. Public: whose time it is and how much is left, never why.

The clocks come from the source (``source.clocks()`` -> {seat: seconds left},
``source.timer_s``): the LAN host's clocks, or the hot-seat session's, which runs only
while the seat's own view is on screen. The seat panels and the banner keep room for
the badge in the cached static table; the sand and the digits are drawn over it every
frame and the scene wakes once a second (``next_wake``) to count down."""

from __future__ import annotations

import math

import pygame

from game.ui import theme
from game.ui.fonts import fit_font

URGENT = 10.0  # seconds: the badge turns red
GLASS = (206, 214, 228)
SAND = theme.HIGHLIGHT


def clock_text(left: float) -> str:
    """``0:42`` (whole seconds, rounded up: it shows 0:00 only when the time is up)."""
    whole = max(0, math.ceil(left - 1e-6))
    return f"{whole // 60}:{whole % 60:02d}"


def draw_hourglass(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fraction: float,
    sand: tuple[int, int, int] = SAND,
    frame: tuple[int, int, int] = theme.WOOD_LIGHT,
) -> None:
    """An hourglass in ``rect`` with ``fraction`` (0..1) of its sand still on top."""
    fraction = max(0.0, min(1.0, fraction))
    w, h = rect.w, rect.h
    bar = max(2, h // 9)
    top, bottom = rect.y + bar, rect.bottom - bar
    neck = (rect.centerx, (top + bottom) // 2)
    inset = max(1, w // 8)
    left, right = rect.x + inset, rect.right - inset
    half = neck[1] - top
    # the sand: on top, a triangle down to the neck (its area goes with the height squared)
    if fraction > 0:
        sh = half * math.sqrt(fraction)
        sw = (right - left) / 2 * math.sqrt(fraction)
        pygame.draw.polygon(
            surface, sand, [(neck[0] - sw, neck[1] - sh), (neck[0] + sw, neck[1] - sh), (neck[0], neck[1])]
        )
    # below, what has run through: the bulb minus an empty cone under the neck
    if fraction < 1:
        empty = (bottom - neck[1]) * math.sqrt(fraction)
        ew = (right - left) / 2 * math.sqrt(fraction)
        pygame.draw.polygon(
            surface,
            sand,
            [(neck[0] - ew, neck[1] + empty), (neck[0] + ew, neck[1] + empty), (right, bottom), (left, bottom)],
        )
        if 0 < fraction:
            pygame.draw.line(surface, sand, neck, (neck[0], neck[1] + max(1, int(empty))), 1)
    line = max(1, w // 12)
    pygame.draw.lines(surface, GLASS, True, [(left, top), (right, top), neck], line)
    pygame.draw.lines(surface, GLASS, True, [(left, bottom), (right, bottom), neck], line)
    pygame.draw.rect(surface, frame, (rect.x, rect.y, w, bar), border_radius=max(1, bar // 2))
    pygame.draw.rect(surface, frame, (rect.x, rect.bottom - bar, w, bar), border_radius=max(1, bar // 2))


class ClockPanel:
    """Hourglass badges on waited seats and in the banner: a panel the table owns
    (``table.clock``). It reads the table's ``source``, ``view``, ``rects`` and the seat
    panel's places (``table.seats``); it keeps what it last showed, to wake the table
    once a second and to redraw the seats that gain or lose a badge."""

    def __init__(self, table) -> None:
        self.table = table
        self.seen: tuple = ()  # (seat, "0:42") shown last frame

    # -- what the source says
    def timer_total(self) -> float | None:
        value = getattr(self.table.source, "timer_s", None)
        return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else None

    def clock_values(self) -> dict[int, float]:
        """Seconds left by seat, for the seats whose clock runs now ({} without a timer)."""
        clocks = getattr(self.table.source, "clocks", None)
        if self.timer_total() is None or not callable(clocks) or self.table.view.get("over"):
            return {}
        try:
            return {int(s): float(v) for s, v in clocks().items()}
        except Exception:  # a source without clocks: no hourglass, never a crash
            return {}

    def seat_timed(self, seat: int) -> bool:
        """Does ``seat`` get a badge now (its clock runs)? Part of the seat panel's cache key."""
        return seat in self.clock_values()

    # -- the loop: count down once a second
    def update(self) -> None:
        """After the table's update: redraw when a shown countdown changed (and the
        static table when seats gained or lost a badge)."""
        t = self.table
        shown = tuple(sorted((s, clock_text(v)) for s, v in self.clock_values().items()))
        if shown != self.seen:
            if {s for s, _ in shown} != {s for s, _ in self.seen}:
                t._static_key = None  # seats gained or lost a badge: redraw their panels
            self.seen = shown
            t.dirty = True

    def next_wake(self, wake: float | None) -> float | None:
        """``wake`` (the rest of the table's), or sooner when a countdown's next second is due."""
        for left in self.clock_values().values():
            if left <= 0:
                continue
            step = left - math.floor(left - 1e-6) if left > 1 else left
            due = max(0.02, step + 0.01)
            wake = due if wake is None else min(wake, due)
        return wake

    # -- geometry
    def badge_size(self, head_h: int) -> tuple[int, int]:
        font = fit_font("0:00", 10_000, max(11, head_h - 6), 11, bold=True)
        return font.size("0:00")[0] + head_h + 10, head_h

    def clock_badge_rect(self, seat: int, zone: pygame.Rect) -> pygame.Rect:
        """Where a seat's badge goes: its header line, left of the markers."""
        pad = max(4, zone.h // 28)
        head_h = max(16, min(28, zone.h // 7))
        seats = self.table.seats
        marker_w = len(seats.face.seat_markers(seat, seats.seat_data(seat))) * (head_h + 2)
        w, h = self.badge_size(head_h)
        return pygame.Rect(zone.right - pad - marker_w - 4 - w, zone.y + pad, w, h)

    def banner_clock_rect(self, area: pygame.Rect) -> pygame.Rect | None:
        """The hourglass at the right end of the phase banner (kept free when timed)."""
        if self.timer_total() is None:
            return None
        area = pygame.Rect(area)
        h = area.h - 8
        font = fit_font("0:00", 10_000, max(14, h // 2), 12, bold=True)
        w = font.size("0:00")[0] + h + 16
        return pygame.Rect(area.right - w - 8, area.y + 4, w, h)

    # -- drawing
    def draw(self, surface: pygame.Surface) -> None:
        values = self.clock_values()
        total = self.timer_total()
        if total is None:
            return
        for seat, left in values.items():
            zone = self.table.seats.seat_rects.get(seat)
            if zone is not None:
                self.draw_badge(surface, self.clock_badge_rect(seat, zone), left, total)
        area = self.table.rects.get("banner")
        box = self.banner_clock_rect(pygame.Rect(area)) if area is not None else None
        if box is not None:
            self.draw_banner_clock(surface, box, min(values.values()) if values else None, total)

    def draw_badge(self, surface: pygame.Surface, rect: pygame.Rect, left: float, total: float) -> None:
        urgent = left <= URGENT
        fill, ink = (theme.DANGER, theme.PARCHMENT_LIGHT) if urgent else (theme.WOOD_DARK, theme.HIGHLIGHT)
        pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
        pygame.draw.rect(
            surface, theme.HIGHLIGHT if not urgent else theme.PARCHMENT_LIGHT, rect, 1, border_radius=rect.h // 2
        )
        glass = pygame.Rect(rect.x + 5, rect.y + 2, max(6, int((rect.h - 4) * 0.62)), rect.h - 4)
        draw_hourglass(surface, glass, left / total, sand=ink)
        label = clock_text(left)
        font = fit_font(label, rect.right - glass.right - 8, max(11, rect.h - 6), 11, bold=True)
        words = font.render(label, True, ink)
        surface.blit(words, words.get_rect(midleft=(glass.right + 4, rect.centery)))

    def draw_banner_clock(self, surface: pygame.Surface, box: pygame.Rect, left: float | None, total: float) -> None:
        """The big hourglass: the time of the seat(s) waited for, or the timer's length
        (dim, sand on top) while no clock runs — a bot's move, the screen being passed."""
        urgent = left is not None and left <= URGENT
        glass = pygame.Rect(box.x + 6, box.y + 1, max(8, int((box.h - 2) * 0.6)), box.h - 2)
        sand = theme.DANGER if urgent else (SAND if left is not None else theme.TEXT_MUTED)
        draw_hourglass(surface, glass, 1.0 if left is None else left / total, sand=sand)
        label = clock_text(total if left is None else left)
        colour = theme.PARCHMENT_LIGHT if urgent else (theme.HIGHLIGHT if left is not None else theme.TEXT_MUTED)
        font = fit_font(label, box.right - glass.right - 10, max(14, box.h // 2 + 4), 12, bold=True)
        words = font.render(label, True, colour)
        at = words.get_rect(midleft=(glass.right + 8, box.centery))
        if urgent:
            pygame.draw.rect(surface, theme.DANGER, at.inflate(10, 4), border_radius=6)
        surface.blit(words, at)
