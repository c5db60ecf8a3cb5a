"""Table layouts from Tiled maps in assets/layouts/ (DESIGN D6).

The only module importing pytmx. It draws nothing and returns plain frozen records, so
tests and tools read layouts without a display (``pytmx.TiledMap`` needs none).

Which games have such maps, for which seat counts, and which zones each must have, is
each game's table spec (``TableSpec.layout_counts`` and ``zones``, ``game.ui.tables``);
``PLAYER_COUNTS``, ``REQUIRED_ZONES`` and ``REQUIRED_ZONES_BY_COUNT`` read them.

A map ``<game>.tmx`` holds one object group per player count, ``players_<n>``. Each
rectangle object is a zone: its Tiled name is the zone name (``deck``, ``seat_2`` …) and
its class (``type``) the zone kind (``seat``, ``lineup`` …); custom properties go into
``Zone.props``. Coordinates are map pixels (the maps are 1920x1080); ``Layout.fit`` and
``Layout.rects`` scale them uniformly to any window, centred.

Seat zones: ``seat_0`` is the seat whose view is on screen (bottom, above the hand);
``seat_k`` is the k-th seat clockwise from it, so a scene draws seat ``(shown + k) % n``
in zone ``seat_k``.

A map may also draw a place (:func:`load_village`, a village drawn as the table): an object group
``places`` of named rectangles (where scenes are framed) and a group ``scenery`` of
shapes the table draws as its backdrop (polygons, polylines, rectangles by class).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.paths import assets_dir
from game.ui.tables import table_specs


class LayoutError(ValueError):
    """A layout file is missing, unreadable, or lacks a group or zone."""


class _FromSpecs(Mapping):
    """game id -> ``read(spec)`` for every game whose table spec has a Tiled layout of
    seats (``TableSpec.layout_counts``), read live from ``game.ui.tables``."""

    def __init__(self, read: Callable[[Any], Any]) -> None:
        self._read = read

    def _specs(self) -> dict[str, Any]:
        return {g: s for g, s in table_specs().items() if s.layout_counts}

    def __getitem__(self, game: str) -> Any:
        return self._read(self._specs()[game])

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._specs(), key=lambda g: (self._specs()[g].menu_order, g)))

    def __len__(self) -> int:
        return len(self._specs())


#: game id -> the seat counts its layout file has a group for
PLAYER_COUNTS: Mapping[str, tuple[int, ...]] = _FromSpecs(lambda spec: spec.layout_counts)

#: Zones every layout of a game has whatever the player count; on top of these each
#: count ``n`` has ``seat_0`` … ``seat_{n-1}`` (see :func:`required_zones`).
REQUIRED_ZONES: Mapping[str, list[str]] = _FromSpecs(lambda spec: list(spec.zones))


def required_zones(game: str, players: int) -> list[str]:
    """Every zone name a ``game`` layout must have for ``players`` seats."""
    if game not in REQUIRED_ZONES:
        raise LayoutError(f"no layout is defined for the game {game!r}")
    return list(REQUIRED_ZONES[game]) + [f"seat_{k}" for k in range(players)]


#: The complete per-count lists, for code that wants them up front.
REQUIRED_ZONES_BY_COUNT: Mapping[str, dict[int, list[str]]] = _FromSpecs(
    lambda spec: {n: required_zones(spec.game, n) for n in spec.layout_counts}
)


@dataclass(frozen=True)
class Zone:
    name: str
    kind: str
    x: float
    y: float
    w: float
    h: float
    props: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def rect(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.w, self.h)

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def scaled(self, scale: float, ox: int = 0, oy: int = 0) -> tuple[int, int, int, int]:
        """This zone in window pixels (edges rounded so neighbours stay apart)."""
        left = ox + round(self.x * scale)
        top = oy + round(self.y * scale)
        right = ox + round((self.x + self.w) * scale)
        bottom = oy + round((self.y + self.h) * scale)
        return (left, top, right - left, bottom - top)


@dataclass(frozen=True)
class Layout:
    game: str
    players: int
    width: int
    height: int
    zones: Mapping[str, Zone]

    def zone(self, name: str) -> Zone:
        try:
            return self.zones[name]
        except KeyError:
            raise LayoutError(f"layout {self.game} for {self.players} players has no zone {name!r}") from None

    def has(self, name: str) -> bool:
        return name in self.zones

    def fit(self, window_w: int, window_h: int) -> tuple[float, int, int]:
        """(scale, offset_x, offset_y): the map scaled to fit the window, aspect kept, centred."""
        scale = min(window_w / self.width, window_h / self.height)
        ox = int((window_w - self.width * scale) // 2)
        oy = int((window_h - self.height * scale) // 2)
        return scale, ox, oy

    def rects(self, window_w: int, window_h: int) -> dict[str, tuple[int, int, int, int]]:
        """Every zone as (x, y, w, h) in window pixels."""
        scale, ox, oy = self.fit(window_w, window_h)
        return {name: zone.scaled(scale, ox, oy) for name, zone in self.zones.items()}

    def rect(self, name: str, window_w: int, window_h: int) -> tuple[int, int, int, int]:
        scale, ox, oy = self.fit(window_w, window_h)
        return self.zone(name).scaled(scale, ox, oy)

    def of_kind(self, kind: str) -> list[Zone]:
        return [z for z in self.zones.values() if z.kind == kind]


def layout_path(game: str) -> Path:
    return assets_dir() / "layouts" / f"{game}.tmx"


def load_layout(game: str, players: int) -> Layout:
    """The layout of ``game`` for ``players`` seats, checked for every required zone. Cached."""
    return _load_layout(str(game), int(players), str(layout_path(game)))


@lru_cache(maxsize=32)
def _load_layout(game: str, players: int, path_text: str) -> Layout:
    import pytmx  # only here: the one module that reads Tiled files

    path = Path(path_text)
    label = f"layout file {path.name}"
    if not path.is_file():
        raise LayoutError(f"{label} is missing (looked in {path.parent})")
    try:
        tmx = pytmx.TiledMap(str(path))
    except Exception as exc:  # pytmx raises many kinds on bad XML; all mean "unreadable"
        raise LayoutError(f"{label} cannot be read: {exc}") from None
    group_name = f"players_{players}"
    group = next((g for g in tmx.objectgroups if g.name == group_name), None)
    if group is None:
        have = sorted(g.name for g in tmx.objectgroups)
        raise LayoutError(
            f"{label} has no object group {group_name!r} "
            f"({game} is not laid out for {players} players; groups: {', '.join(have) or 'none'})"
        )
    zones: dict[str, Zone] = {}
    for obj in group:
        if not obj.name:
            continue
        if obj.name in zones:
            raise LayoutError(f"{label}, group {group_name}: zone {obj.name!r} appears twice")
        zones[obj.name] = Zone(
            name=str(obj.name),
            kind=str(obj.type or obj.name),
            x=float(obj.x),
            y=float(obj.y),
            w=float(obj.width),
            h=float(obj.height),
            props=MappingProxyType(dict(obj.properties)),
        )
    try:
        needed = required_zones(game, players)
    except LayoutError:
        needed = []
    missing = [name for name in needed if name not in zones]
    if missing:
        raise LayoutError(f"{label}, group {group_name}: missing zone(s) {', '.join(missing)}")
    width = int(tmx.width * tmx.tilewidth)
    height = int(tmx.height * tmx.tileheight)
    return Layout(game=game, players=players, width=width, height=height, zones=MappingProxyType(zones))


# ------------------------------------------------------------------ a drawn place --
@dataclass(frozen=True)
class Shape:
    """One backdrop shape: its class (``field``, ``river``, ``road``, ``church`` …), its
    points in map pixels (a polygon or polyline; a rectangle's four corners), its
    bounding rect, and whether it is closed."""

    kind: str
    points: tuple[tuple[float, float], ...]
    rect: tuple[float, float, float, float]
    closed: bool


@dataclass(frozen=True)
class Village:
    """A map that draws a place: named places and the backdrop's shapes."""

    width: int
    height: int
    places: Mapping[str, Zone]
    scenery: tuple[Shape, ...]

    def fit(self, window_w: int, window_h: int) -> tuple[float, int, int]:
        scale = min(window_w / self.width, window_h / self.height)
        return scale, int((window_w - self.width * scale) // 2), int((window_h - self.height * scale) // 2)


def load_village(game: str) -> Village:
    """The ``places`` and ``scenery`` groups of ``<game>.tmx``. Cached."""
    return _load_village(str(game), str(layout_path(game)))


@lru_cache(maxsize=4)
def _load_village(game: str, path_text: str) -> Village:
    import pytmx  # only here and in _load_layout

    path = Path(path_text)
    label = f"layout file {path.name}"
    if not path.is_file():
        raise LayoutError(f"{label} is missing (looked in {path.parent})")
    try:
        tmx = pytmx.TiledMap(str(path))
    except Exception as exc:
        raise LayoutError(f"{label} cannot be read: {exc}") from None
    groups = {g.name: g for g in tmx.objectgroups}
    for need in ("places", "scenery"):
        if need not in groups:
            raise LayoutError(f"{label} has no object group {need!r}")
    places: dict[str, Zone] = {}
    for obj in groups["places"]:
        if not obj.name:
            continue
        if obj.name in places:
            raise LayoutError(f"{label}, group places: {obj.name!r} appears twice")
        places[str(obj.name)] = Zone(
            str(obj.name),
            str(obj.type or "place"),
            float(obj.x),
            float(obj.y),
            float(obj.width),
            float(obj.height),
            MappingProxyType(dict(obj.properties)),
        )
    shapes = []
    for obj in groups["scenery"]:
        kind = str(obj.type or "shape")
        pts = getattr(obj, "points", None)
        if pts:
            points = tuple((float(p.x), float(p.y)) for p in pts)
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            rect = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            closed = bool(getattr(obj, "closed", True))
        else:
            x, y, w, h = float(obj.x), float(obj.y), float(obj.width), float(obj.height)
            points = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
            rect, closed = (x, y, w, h), True
        shapes.append(Shape(kind, points, rect, closed))
    return Village(
        width=int(tmx.width * tmx.tilewidth),
        height=int(tmx.height * tmx.tileheight),
        places=MappingProxyType(places),
        scenery=tuple(shapes),
    )
