"""The seats of the Salem table: :class:`SeatsPanel`, a panel the table owns
(``table.seats``). It draws every seat's name (and Town Hall character), its Tryal row
(the shown seat's own cards face up, everyone else's face down, revealed cards face up
for all), the red cards in its front with the running count against its trial mark, its
blue cards and Stocks, the Black Cat, the Gavel, its hand size; the dead and the ghosts
drawn as such — on the table's background (the felt by day, the sky at Night).

It keeps its own pictures: one layer of background and seat panels per phase, each
seat's picture keyed by everything it shows, and where each seat's cards lie (for
targets and zoom). Between moves it draws the other phase's panels ahead
(:meth:`SeatsPanel.prepare_other_phase`).

What it reads from its table: ``view``, ``art``, ``size``, ``players``, ``seat_zone``,
``shown_seat``, ``is_night`` and the clock panel's badges (``table.clock``: a timed
seat's header keeps room for its hourglass). One seat's panel is drawn by its
:class:`~game.ui.scenes.salem.seat_face.SeatFace` (``seats.face``)."""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.ui import theme
from game.ui.scenes.salem.seat_face import PLAIN_EDGE, SeatFace
from game.ui.scenes.table.common import translucent_fill


class SeatsPanel:
    """Draws the seats and remembers where their parts lie (for targets and zoom)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        #: where each seat's panel, Tryal cards and front cards lie on screen (last drawn)
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.tryal_rects: dict[tuple[int, int], pygame.Rect] = {}
        self.front_rects: dict[tuple, pygame.Rect] = {}
        #: the phase a panel is drawn for ahead (None: the phase on screen)
        self.night_as: bool | None = None
        #: (size, night) -> (background-and-seats layer, what each seat on it shows)
        self.layers: dict[tuple, tuple[pygame.Surface, dict]] = {}
        self.layer_serial = 0
        #: (surface, layer serial, parts drawn over it): the surface holds that layer
        self.made: tuple | None = None
        #: seat panels the last move changed that are still to be put on
        self.left = False
        #: (seat, night) -> (key, picture, where its cards lie): the picture shown
        self.pictures: dict[tuple[int, bool], tuple] = {}
        #: (seat, night) -> a few pictures shown before it
        self.recent: dict[tuple[int, bool], list[tuple]] = {}
        self.panel_bases: dict[tuple, pygame.Surface] = {}
        #: draws one seat's panel (recording where its cards lie in the rects above)
        self.face = SeatFace(self)
        self.bg_cache: dict[tuple, pygame.Surface] = {}
        self.index: tuple | None = None

    def draw(self, surface: pygame.Surface) -> tuple[list[pygame.Rect], dict] | None:
        return self.draw_seats(surface)

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.seat_at(pos) is not None

    def seat_data(self, seat: int) -> dict:
        v = self.table.view
        index = self.index
        if index is None or index[0] is not v:  # one lookup table per view (asked ~50 times a redraw)
            index = self.index = (v, {s.get("seat"): s for s in v.get("seats") or []})
        return index[1].get(seat) or {}

    def draw_seats(self, surface: pygame.Surface) -> tuple[list[pygame.Rect], dict] | None:
        """The table's background with every seat panel on it, from one layer per phase
        (day, Night) kept between redraws: after a move only the seats whose panel changed
        are put on it again (a panel's own picture is cached too, and a new edge colour —
        whose turn it is, who is on trial — is drawn over the cached picture instead of
        redrawing it). Between moves the other phase's pictures and layer are made ready
        (:meth:`prepare_other_phase`), so the move that brings Night or the morning
        does not redraw every seat at once.

        Returns None when the whole layer was put on ``surface`` (every part of the table
        drawn over it must be drawn again); else, when ``surface`` holds this layer as
        last drawn, (the seats' rects put back on it, the parts drawn over the layer
        last time: name -> (rect, key), as :meth:`layer_drawn` was told)."""
        self.seat_rects.clear()
        self.tryal_rects.clear()
        self.front_rects.clear()
        base, shown = self.seat_layer(surface.get_size())
        made = self.made
        again = made is not None and made[0] is surface and made[1] == shown.get("serial")
        changed: list[pygame.Rect] = []
        self.left = self.put_seats(base, shown, self.PICTURES_PER_FRAME, changed)
        self.made = None  # draw_table says what it drew over the layer
        if again:  # the surface holds this layer as last drawn, with the middle's parts on it
            for r in changed:
                surface.blit(base, r, r)
            return changed, made[2]
        surface.blit(base, (0, 0))
        return None

    def put_back(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        """The layer as it is under ``rects``, on ``surface`` (a part drawn there goes)."""
        base, _shown = self.seat_layer(surface.get_size())
        for r in rects:
            surface.blit(base, r, r)

    def layer_drawn(self, surface: pygame.Surface, parts: dict) -> None:
        """``surface`` now holds the seat layer of this phase with the table's other parts
        drawn over it (``parts``: name -> (the rect it drew inside, a key of what it
        shows)): the next redraw of the same surface puts back only the changed seats and
        the parts that change instead of the whole layer (a full 1920x1080 copy is ~0.8 ms)."""
        _base, shown = self.seat_layer(surface.get_size())
        self.made = (surface, shown.get("serial"), dict(parts))

    #: seat pictures drawn anew in one frame at most while the same seat stays on screen:
    #: a move that changes many panels at once (confessions, Night's end, the game's end)
    #: puts the rest on in the next frames (~16 ms later, a few ms each) instead of making
    #: one long frame; the seat on screen and the seat to act come first
    PICTURES_PER_FRAME = 4
    #: ... and no more once this many seconds went into drawing them (one at least)
    PICTURE_SECONDS = 0.0012

    def draw_background(self, surface: pygame.Surface) -> None:
        bg = self.background_surface(surface.get_size())
        if bg is None:
            surface.fill(theme.FELT)
        else:
            surface.blit(bg, (0, 0))

    def background_surface(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The Night sky (cached per size), or None by day (plain felt)."""
        if not self.table.is_night():
            return None
        w, h = size
        key = ("night_bg", (w, h))
        bg = self.bg_cache.get(key)
        if bg is None:
            bg = pygame.Surface((w, h)).convert() if pygame.display.get_surface() else pygame.Surface((w, h))
            top, bottom = theme.NIGHT_SKY, theme.mix(theme.NIGHT_SKY, theme.FELT_DARK, 0.6)
            for y in range(0, h, 4):
                pygame.draw.rect(bg, theme.mix(top, bottom, y / max(1, h)), (0, y, w, 4))
            rng_x = 7919
            for i in range(90):  # a fixed sky of small stars
                sx = (i * rng_x) % w
                sy = (i * 104729) % max(1, int(h * 0.75))
                pygame.draw.circle(bg, (200, 200, 220), (sx, sy), 1)
            self.bg_cache = {key: bg}
        return bg

    def prepare_other_phase(self) -> bool:
        """Draw one seat's panel as it would look in the other phase (Night by day, day
        at Night) for the view on screen now; once all are drawn, put them on that
        phase's layer. False once there is nothing left to do. (The table's work ahead,
        done between moves: the move that brings Night or the morning finds them ready
        instead of redrawing twelve panels in one frame.)"""
        t = self.table
        if not t.rects or not t.view.get("seats") or t.view.get("over") or not t.size[0]:
            return False
        night = not t.is_night()
        self.night_as = night
        saved = (self.seat_rects, self.tryal_rects, self.front_rects)
        self.seat_rects, self.tryal_rects, self.front_rects = {}, {}, {}
        try:
            for seat in range(t.players):
                zone = t.seat_zone(seat)
                if zone is None:
                    continue
                own = seat == t.shown_seat()
                key = self.seat_key(seat, zone, own)
                hit = self.pictures.get((seat, night))
                if hit is None or hit[0] != key:
                    self.seat_picture_kept(seat, zone, own, key, night)
                    return True  # one panel per call: each call stays short
            if (t.size, night) not in self.layers:
                self.seat_layer(t.size)
                return True
            self.put_seats(*self.layers[(t.size, night)])  # every picture is ready: blits only
            return False
        finally:
            self.night_as = None
            self.seat_rects, self.tryal_rects, self.front_rects = saved

    def seats_left(self) -> bool:
        """Seat panels changed by the last move that are still to be put on (next frame)."""
        return self.left

    def seat_layer(self, size: tuple[int, int]) -> tuple[pygame.Surface, dict]:
        """The background-and-seats layer of the phase shown now, and what each seat on it
        shows (seat -> (picture key, zone, style)); made when missing."""
        layers = self.layers
        layer = layers.get((size, self.table.is_night()))
        if layer is None:
            for old in [k for k in layers if k[0] != size]:
                del layers[old]  # a new window size
            base = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                base = base.convert()
            self.draw_background(base)
            self.layer_serial += 1
            serial = self.layer_serial
            layer = layers[(size, self.table.is_night())] = (base, {"serial": serial})
        return layer

    def put_seats(
        self, base: pygame.Surface, shown: dict, budget: int | None = None, changed: list[pygame.Rect] | None = None
    ) -> bool:
        """Put on ``base`` every seat whose panel is not there as it must look now; with a
        ``budget``, at most that many pictures drawn anew (pictures kept cost a blit) —
        only while the same seat is on screen as last time on this layer (a panel must
        never show what another seat's view held). True when some seats are left."""
        viewer = (self.table.shown_seat(), self.table.view.get("seat"))
        if shown.get("viewer") != viewer:
            budget = None
        shown["viewer"] = viewer
        active = self.table.view.get("active")
        night = self.table.is_night()
        drawn, left = 0, False
        started = time.perf_counter()
        for seat in sorted(range(self.table.players), key=lambda s: (s != viewer[0], s != active, s)):
            zone = self.table.seat_zone(seat)
            if zone is None:
                continue
            own = seat == self.table.shown_seat()
            key = self.seat_key(seat, zone, own)
            style = self.face.seat_style(seat)
            if shown.get(seat) != (key, tuple(zone), style):
                if not self.seat_picture_ready(seat, key, night):
                    if (
                        budget is not None
                        and drawn
                        and (drawn >= budget or time.perf_counter() - started > self.PICTURE_SECONDS)
                    ):
                        left = True  # its panel as it was, for a frame or two
                        self.place_seat_parts(seat, zone)
                        continue
                    drawn += 1
                self.draw_seat_cached(base, seat, zone, own, key)
                if changed is not None:
                    changed.append(pygame.Rect(zone))
                fill, edge, width = style
                if (edge, width) != PLAIN_EDGE:
                    pygame.draw.rect(base, edge, zone, width, border_radius=8)
                shown[seat] = (key, tuple(zone), style)
            else:
                self.place_seat_parts(seat, zone)
        return left

    def seat_picture_ready(self, seat: int, key: str, night: bool) -> bool:
        """The seat's picture for ``key`` is kept (no drawing needed to put it on)."""
        current = self.pictures.get((seat, night))
        if current is not None and current[0] == key:
            return True
        return any(p[0] == key for p in self.recent.get((seat, night), ()))

    def seat_key(self, seat: int, zone: pygame.Rect, own: bool) -> str:
        """Everything a seat panel's cached picture shows (its edge colour is drawn over
        it): when it is unchanged the panel is not redrawn."""
        v = self.table.view
        mine = own and v.get("seat") == seat
        data = self.seat_data(seat)
        return repr(
            (
                seat,
                zone.size,
                own,
                data,
                self.face.seat_style(seat)[0],
                self.face.seat_markers(seat, data),
                self.table.thinking_label(seat),
                v.get("my_row") if mine else None,
                self.table.clock.seat_timed(seat),
                v.get("as_witness"),
                v.get("threshold"),
                self.table.is_night(),
            )
        )

    def place_seat_parts(self, seat: int, zone: pygame.Rect) -> None:
        """Where a seat's cards lie on screen, from its cached picture (for targets and zoom)."""
        hit = self.pictures.get((seat, self.table.is_night()))
        self.seat_rects[seat] = zone
        if hit is None:
            return
        tryals, fronts = hit[2]
        for k, r in tryals.items():
            self.tryal_rects[k] = r.move(zone.topleft)
        for k, r in fronts.items():
            self.front_rects[k] = r.move(zone.topleft)

    def draw_seat_cached(
        self, surface: pygame.Surface, seat: int, zone: pygame.Rect, own: bool, key: str | None = None
    ) -> None:
        """A seat panel from the cache keyed by what it shows (the table redraws its static
        part after every move; most seats did not change). Drawn with the plain edge."""
        key = key if key is not None else self.seat_key(seat, zone, own)
        hit = self.seat_picture_kept(seat, zone, own, key, self.table.is_night())
        surface.blit(hit[1], zone.topleft)
        self.place_seat_parts(seat, zone)

    #: pictures kept per seat and phase besides the one shown: a blind window's "answered"
    #: marks come and go on every seat at once, and most panels then look as they did before
    RECENT_PICTURES = 3

    def seat_picture_kept(self, seat: int, zone: pygame.Rect, own: bool, key: str, night: bool) -> tuple:
        """The seat's picture for ``key`` (made as the panel of ``night`` or day): the one
        shown last, one of the few before it, or drawn now; it becomes the one shown."""
        current = self.pictures.get((seat, night))
        if current is not None and current[0] == key:
            return current
        kept = self.recent.setdefault((seat, night), [])
        hit = next((p for p in kept if p[0] == key), None)
        if hit is None:
            hit = self.seat_picture(seat, zone, own, key)
        else:
            kept.remove(hit)
        if current is not None:
            kept.insert(0, current)
            del kept[self.RECENT_PICTURES :]
        self.pictures[(seat, night)] = hit
        return hit

    def seat_picture(self, seat: int, zone: pygame.Rect, own: bool, key: str) -> tuple:
        """(key, an opaque picture of the panel with the table's background under it, where
        its cards lie inside it): a copy of the empty panel (:meth:`panel_base`) with the
        seat drawn on it."""
        local = self.panel_base(zone, self.face.seat_style(seat)[0]).copy()
        saved = (self.seat_rects, self.tryal_rects, self.front_rects)
        self.seat_rects, self.tryal_rects, self.front_rects = {}, {}, {}
        try:
            self.face.draw_seat(local, seat, pygame.Rect(0, 0, zone.w, zone.h), own, plain=True, panel_drawn=True)
            parts = (dict(self.tryal_rects), dict(self.front_rects))
        finally:
            self.seat_rects, self.tryal_rects, self.front_rects = saved
        return (key, local, parts)

    def panel_base(self, zone: pygame.Rect, fill: tuple[int, int, int]) -> pygame.Surface:
        """An empty seat panel as its pictures start: the table's background under ``zone``,
        the translucent fill and the plain edge, made opaque in the screen's format once
        per place, size, fill and phase (a picture is then one copy, not a fresh surface,
        a background blit, a translucent blit and a conversion)."""
        bases = self.panel_bases
        key = (tuple(zone), fill, self.table.is_night(), self.table.size)
        base = bases.get(key)
        if base is None:
            base = pygame.Surface(zone.size)
            if pygame.display.get_surface() is not None:
                base = base.convert()
            bg = self.background_surface(self.table.size)
            if bg is not None:
                base.blit(bg, (0, 0), zone)
            else:
                base.fill(theme.FELT)
            box = translucent_fill(zone.size, fill, 232, 8)  # table_base.panel's fill
            base.blit(box, (0, 0))
            pygame.draw.rect(base, PLAIN_EDGE[0], base.get_rect(), PLAIN_EDGE[1], border_radius=8)
            if len(bases) > 8 * max(1, self.table.players):
                bases.clear()
            bases[key] = base
        return base

    # -- lookups for targets and zoom
    def tryal_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        for key, r in self.tryal_rects.items():
            if r.collidepoint(pos):
                return key
        return None

    def front_card_at(self, pos: tuple[int, int]) -> str | None:
        hit = None
        for (_seat, card, _x), r in self.front_rects.items():
            if r.collidepoint(pos) and card != "accusations":
                hit = card  # the last drawn (topmost) wins
        return hit

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        for seat, r in self.seat_rects.items():
            if r.collidepoint(pos):
                return seat
        return None

    def seat_detail(self, seat: Any, width: int) -> pygame.Surface | None:
        """A zoomed seat (hover over a small seat panel): the panel drawn again, large."""
        if not isinstance(seat, int) or not self.seat_data(seat):
            return None
        h = int(width * 0.62)
        surf = pygame.Surface((width, h), pygame.SRCALPHA)
        saved = (dict(self.seat_rects), dict(self.tryal_rects), dict(self.front_rects))
        self.face.draw_seat(surf, seat, pygame.Rect(0, 0, width, h), own=seat == self.table.view.get("seat"))
        self.seat_rects, self.tryal_rects, self.front_rects = saved
        return surf
