"""Card faces, backs, villagers, zoom views and highlight frames, drawn from the card data.

Nothing here is a picture file: every face is generated from ``cards/<game>.yaml`` (names,
values, short text in our own words) with a shipped font and a game-icons.net icon, on a
parchment card coloured by kind. Everything is cached per (kind or card, size); surfaces
are converted once when a display exists. Callers must not draw on the returned surfaces
(they are shared); copy first.

This module draws; what a game's faces show is the game's own: its scene package gives a
:class:`GameArt` in its table spec (``game.ui.tables``): a function from card id to
:class:`FaceInfo`, the card back's colour and icon, its card ids and villager cards.

Card ids follow the rules files: ``<kind>-<n>`` (``confession-3``, ``bribe-9``,
``lewis-1``). Unknown ids still get a readable face built from the id.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from game.paths import cards_dir
from game.ui import theme
from game.ui.fonts import cut_to_width, fit_font, get_font, wrap_text
from game.ui.icons import get_icon
from game.ui.tables import table_spec, table_specs

log = logging.getLogger(__name__)

Size = tuple[int, int]
RGB = tuple[int, int, int]

#: below this height a card shows no words beyond its name (they could not be read)
COMPACT_HEIGHT = 72
#: no word on a card is drawn smaller than this (px): what cannot be read at this size
#: is left to the zoom view
MIN_TEXT = 11

# ---------------------------------------------------------------- card data


@dataclass(frozen=True)
class FaceInfo:
    """Everything drawn on one card face."""

    game: str
    kind: str  # the card kind id (``confession``, ``lewis``)
    family: str  # colour family: brown/yellow/green or suspect/charge/...
    name: str
    label: str  # small caption above the name ("Defamation", "Suspect")
    value: str  # the big number in the corner ("+6", "±2", "")
    icon: str
    color: RGB
    text: str  # short text for the face
    rules_text: str  # full text for the zoom view
    caption: str = ""  # per-copy flavour ("the rack")
    stats: tuple[tuple[str, str], ...] = field(default_factory=tuple)  # ("Guilt", "4") …
    notes: tuple[str, ...] = ()  # short extra lines for small faces ("+2 vs Lewis")
    #: the name a small face writes when the whole one does not fit ("Hester" for Silent
    #: Hester, as the charges name her); "": none
    short: str = ""


def split_id(card_id: str) -> tuple[str, int | None]:
    """``confession-3`` -> ("confession", 3); an id without a number -> (id, None)."""
    head, sep, tail = str(card_id).rpartition("-")
    if sep and tail.isdigit():
        return head, int(tail)
    return str(card_id), None


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


@lru_cache(maxsize=4)
def _card_file(game: str) -> dict[str, Any]:
    import yaml

    path = cards_dir() / f"{game}.yaml"
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C parser is ~10x faster
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    except (OSError, yaml.YAMLError) as exc:
        log.warning("card file %s could not be read (%s); drawing cards from their ids", path, exc)
        return {}
    return data if isinstance(data, dict) else {}


@lru_cache(maxsize=8)
def _entries(game: str) -> dict[str, tuple[str, dict]]:
    """kind id -> (section, entry) for every card kind in the game's file."""
    out: dict[str, tuple[str, dict]] = {}
    for section, items in _card_file(game).items():
        if isinstance(items, list):
            for entry in items:
                if isinstance(entry, dict) and "id" in entry:
                    out[str(entry["id"])] = (section, entry)
    return out


def entry_text(entry: dict, key: str) -> str:
    """One text field of a card entry, its whitespace made single spaces."""
    return " ".join(str(entry.get(key, "")).split())


#: the names a game's art module uses (see :class:`GameArt`)
card_entries = _entries
signed = _signed


@dataclass(frozen=True)
class GameArt:
    """One game's card art, given in its :class:`game.ui.tables.TableSpec`.

    * ``face``: card id -> :class:`FaceInfo` (what the face shows); None: a plain face
      built from the id.
    * ``back`` / ``back_icon``: the colour and the icon of the card back.
    * ``card_ids``: every physical card id (contact sheets, tests, drawing ahead);
      None: every copy of every entry of ``cards/<game>.yaml``.
    * ``villagers``: villager id -> its card entry, for a game whose villagers are
      cards (:meth:`CardArt.villager`; its zoom view shows a villager that way).
    """

    face: Callable[[str], FaceInfo] | None = None
    back: RGB = theme.CARD_BACK_TRIAL
    back_icon: str = "gavel"
    card_ids: Callable[[], list[str]] | None = None
    villagers: Callable[[], Mapping[str, dict]] | None = None


_NO_ART = GameArt()


def game_art(game: str) -> GameArt:
    """The card art of ``game`` from its table spec (the default art for a game without)."""
    spec = table_spec(game)
    art = spec.art if spec is not None else None
    return art if art is not None else _NO_ART


def villager_ids(game: str) -> list[str]:
    """The villager cards of ``game`` (none for a game without villager cards)."""
    villagers = game_art(game).villagers
    return sorted(villagers()) if villagers is not None else []


def villager_entry(villager_id: str) -> dict:
    """The card entry of a villager (of whichever game has it), or a plain one from the id."""
    for spec in table_specs().values():
        villagers = spec.art.villagers if spec.art is not None else None
        entry = villagers().get(villager_id) if villagers is not None else None
        if entry is not None:
            return entry
    return {
        "id": villager_id,
        "name": villager_id.replace("_", " ").title(),
        "pentagrams": 0,
        "matches": 0,
        "text": "",
        "rules_text": "",
    }


@lru_cache(maxsize=1024)
def face_info(game: str, card_id: str) -> FaceInfo:
    """What the face of ``card_id`` shows, from its game's :class:`GameArt`."""
    face = game_art(game).face
    if face is not None:
        return face(card_id)
    kind, _n = split_id(card_id)
    return FaceInfo(game, kind, "other", kind.replace("_", " ").title(), "", "", "deck", theme.WOOD, "", "")


# ---------------------------------------------------------------- drawing helpers


def _convert(surface: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def _radius(size: Size) -> int:
    return max(3, min(size) // 12)


def _rounded_mask(size: Size, radius: int) -> pygame.Surface:
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def _vertical_gradient(size: Size, top: RGB, bottom: RGB) -> pygame.Surface:
    w, h = size
    strip = pygame.Surface((1, max(2, h)))
    for y in range(max(2, h)):
        strip.set_at((0, y), theme.mix(top, bottom, y / max(1, h - 1)))
    return pygame.transform.scale(strip, (w, h))


@lru_cache(maxsize=64)
def _parchment(size: Size, tint: RGB) -> pygame.Surface:
    """A parchment card blank: warm gradient, faint grain, darker edges, rounded corners."""
    w, h = size
    top = theme.mix(theme.PARCHMENT_LIGHT, tint, 0.06)
    bottom = theme.mix(theme.PARCHMENT, tint, 0.12)
    surf = _vertical_gradient(size, top, bottom)
    # deterministic grain so every copy of a card looks the same
    grain = pygame.Surface(size, pygame.SRCALPHA)
    step = max(2, min(w, h) // 40)
    for y in range(0, h, step):
        for x in range(0, w, step):
            v = (x * 7919 + y * 104729) % 23
            if v < 3:
                grain.fill((90, 60, 30, 10 + v * 4), (x, y, step, step))
    surf.blit(grain, (0, 0))
    # darkened edges (vignette)
    edge = pygame.Surface(size, pygame.SRCALPHA)
    bands = max(2, min(w, h) // 14)
    for i in range(bands):
        alpha = int(40 * (1 - i / bands) ** 2)
        pygame.draw.rect(
            edge, (110, 70, 30, alpha), (i, i, w - 2 * i, h - 2 * i), 1, border_radius=max(1, _radius(size) - i)
        )
    surf.blit(edge, (0, 0))
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(surf, (0, 0))
    out.blit(_rounded_mask(size, _radius(size)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def _luminance(c: RGB) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def _blit_center(dst: pygame.Surface, src: pygame.Surface, cx: int, cy: int) -> None:
    dst.blit(src, src.get_rect(center=(cx, cy)))


def _draw_lines(
    dst: pygame.Surface,
    lines: list[str],
    font: pygame.font.Font,
    color: RGB,
    rect: pygame.Rect,
    *,
    center: bool = True,
    pitch: int = 0,
) -> int:
    """Draw lines top-down inside rect, ``pitch`` apart (the font's line size by default);
    stop before overflowing. Returns the y after the last."""
    y = rect.top
    lh = pitch or font.get_linesize()
    for line in lines:
        if y + lh > rect.bottom + 2:
            break
        s = font.render(line, True, color)
        x = rect.centerx - s.get_width() // 2 if center else rect.left
        dst.blit(s, (x, y))
        y += lh
    return y


def _fit_paragraph(
    text: str, width: int, height: int, max_size: int, min_size: int, *, title: bool = False, bold: bool = False
) -> tuple[pygame.font.Font, list[str]]:
    """The largest font whose wrapped text fits in width x height."""
    size = max_size
    while True:
        font = get_font(size, title=title, bold=bold)
        lines = wrap_text(text, font, width)
        if len(lines) * font.get_linesize() <= height or size <= min_size:
            return font, lines
        size -= 1


def _clip_lines(lines: list[str], font: pygame.font.Font, rect: pygame.Rect) -> list[str]:
    """Keep the lines that fit in rect; mark a cut with an ellipsis."""
    room = max(1, (rect.height + 2) // font.get_linesize())
    if len(lines) <= room:
        return lines
    kept = lines[:room]
    kept[-1] = cut_to_width(kept[-1], font, rect.width, cut=True)
    return kept


def _banner(dst: pygame.Surface, rect: pygame.Rect, color: RGB) -> None:
    """A coloured title band with a thin light rule under it."""
    band = _vertical_gradient(rect.size, theme.lighten(color, 0.12), theme.darken(color, 0.18))
    dst.blit(band, rect.topleft)
    pygame.draw.line(dst, theme.lighten(color, 0.45), rect.bottomleft, (rect.right - 1, rect.bottom), 1)


def _frame_width(size: Size) -> int:
    return max(2, min(size) // 36)


def _frame(dst: pygame.Surface, color: RGB) -> None:
    w, h = dst.get_size()
    r = _radius((w, h))
    bw = _frame_width((w, h))
    pygame.draw.rect(dst, theme.darken(color, 0.25), dst.get_rect(), bw, border_radius=r)
    inner = dst.get_rect().inflate(-2 * bw - 2, -2 * bw - 2)
    pygame.draw.rect(dst, theme.mix(color, theme.PARCHMENT, 0.45), inner, 1, border_radius=max(1, r - bw))


# ---------------------------------------------------------------- the zoom's words


@dataclass(frozen=True)
class ZoomPiece:
    """One line of a zoomed card's words as laid out: ``role`` says which part it is
    (``stat`` name / ``value``, ``rule``, ``subtitle``, ``flavour``, ``body``)."""

    role: str
    text: str
    rect: pygame.Rect
    size: int
    bold: bool = False
    title: bool = False
    color: RGB = theme.INK


def zoom_text_layout(info: FaceInfo, rect: pygame.Rect, subtitle: str = "") -> list[ZoomPiece]:
    """Every word a zoomed card says, laid out inside ``rect``: the stats with their
    values on the right and long names wrapped short of them ("against Charity Pell, the
    Mayor's Daughter" no longer runs under its "+2"), a rule, the subtitle, the flavour and
    the rules text. All sizes step down together (never below ``MIN_TEXT``) until it all
    fits; if it still cannot, the flavour (only colour) goes first, and as a last resort the
    rules text is cut with an ellipsis."""
    w = rect.width
    base = {
        "stat": max(MIN_TEXT, w // 16),
        "subtitle": max(MIN_TEXT, w // 14),
        "flavour": max(MIN_TEXT, w // 14),
        "body": max(MIN_TEXT, w // 15),
    }
    flavour_text = info.text if info.family in ("suspect", "charge", "evidence") else ""
    body = info.rules_text or info.text
    cap = subtitle[:1].upper() + subtitle[1:] if subtitle else ""

    def lay(shrink: int, with_flavour: bool) -> tuple[list[ZoomPiece], int]:
        size = {k: max(MIN_TEXT, v - shrink) for k, v in base.items()}
        out: list[ZoomPiece] = []
        y = rect.top
        if info.stats:
            sf = get_font(size["stat"], bold=True)
            lh = sf.get_linesize()
            for k, v in info.stats:
                vw = sf.size(v)[0]
                keys = wrap_text(k, sf, max(20, w - vw - max(6, w // 24)))
                out.append(
                    ZoomPiece("value", v, pygame.Rect(rect.right - vw, y, vw, lh), size["stat"], True, color=theme.INK)
                )
                for line in keys:
                    out.append(
                        ZoomPiece(
                            "stat",
                            line,
                            pygame.Rect(rect.left, y, sf.size(line)[0], lh),
                            size["stat"],
                            True,
                            color=theme.INK_SOFT,
                        )
                    )
                    y += lh
            out.append(ZoomPiece("rule", "", pygame.Rect(rect.left, y + 2, w, 1), 0))
            y += 6
        if cap:
            cf = get_font(size["subtitle"], title=True)
            for line in wrap_text(cap, cf, w):
                lw = cf.size(line)[0]
                out.append(
                    ZoomPiece(
                        "subtitle",
                        line,
                        pygame.Rect(rect.centerx - lw // 2, y, lw, cf.get_linesize()),
                        size["subtitle"],
                        title=True,
                        color=theme.INK_SOFT,
                    )
                )
                y += cf.get_linesize()
        if flavour_text and with_flavour:
            ff = get_font(size["flavour"], title=True)
            for line in wrap_text(flavour_text, ff, w):
                out.append(
                    ZoomPiece(
                        "flavour",
                        line,
                        pygame.Rect(rect.left, y, ff.size(line)[0], ff.get_linesize()),
                        size["flavour"],
                        title=True,
                        color=theme.INK_SOFT,
                    )
                )
                y += ff.get_linesize()
            y += 4
        y += 2
        bf = get_font(size["body"])
        for line in wrap_text(body, bf, w):
            out.append(
                ZoomPiece(
                    "body",
                    line,
                    pygame.Rect(rect.left, y, bf.size(line)[0], bf.get_linesize()),
                    size["body"],
                    color=theme.INK,
                )
            )
            y += bf.get_linesize()
        return out, y

    most = max(base.values()) - MIN_TEXT
    for with_flavour in (True, False) if flavour_text else (True,):
        for shrink in range(most + 1):
            pieces, bottom = lay(shrink, with_flavour)
            if bottom <= rect.bottom:
                return pieces
    # nothing fits even at the smallest size without the flavour: cut the rules text
    kept = [p for p in pieces if p.rect.bottom <= rect.bottom]
    body_kept = [i for i, p in enumerate(kept) if p.role == "body"]
    if body_kept and len(body_kept) < sum(1 for p in pieces if p.role == "body"):
        last = kept[body_kept[-1]]
        font = get_font(last.size)
        cut = cut_to_width(last.text, font, rect.width, cut=True)
        kept[body_kept[-1]] = ZoomPiece(
            "body",
            cut,
            pygame.Rect(last.rect.x, last.rect.y, font.size(cut)[0], last.rect.h),
            last.size,
            color=last.color,
        )
    return kept


def _says_everything(info: FaceInfo, pieces: list[ZoomPiece]) -> bool:
    """True when a zoom layout kept the flavour and the whole rules text."""
    body = " ".join(p.text for p in pieces if p.role == "body")
    flavour = not (info.text and info.family in ("suspect", "charge", "evidence")) or any(
        p.role == "flavour" for p in pieces
    )
    return flavour and body == " ".join((info.rules_text or info.text).split())


# ---------------------------------------------------------------- the public class


def band_pitch(font: pygame.font.Font, lines: int = 2) -> int:
    """How far apart a name's lines sit in its band: one line its font's line size; two
    the letters' height and a little (the title font's own line size, 16 px at 11 px,
    left two lines too tall for the band of a small face, which then stayed bare:
    "False Testimony", "The Cunning Woman")."""
    if lines <= 1:
        return font.get_linesize()
    return font.get_height() + max(1, font.get_height() // 8)


def title_lines(title: str, size: Size, zoom: bool, short: str = "") -> tuple[pygame.font.Font, list[str], int]:
    """How a face of ``size`` writes its name in its band: ``(font, lines, band height)``;
    no lines when no readable size fits (the band stays bare). One line reads better than
    two; the full name beats a shortened one."""
    w, h = size
    pad = max(3, w // 18)
    band_h = max(16, int(h * (0.2 if not zoom else 0.12)))
    big = max(MIN_TEXT, int(band_h * (0.56 if not zoom else 0.55)))
    readable = max(MIN_TEXT, int(h * 0.08)) if not zoom else max(14, int(h * 0.045))
    candidates = [title]
    if "," in title:  # "Charity Pell, the Mayor's Daughter": the name alone on small faces
        candidates.append(title.split(",")[0].strip())
    if title.startswith("The ") and not zoom:  # "The Witchfinder": "Witchfinder" on small faces
        candidates.append(title[4:])
    if short and short != title and not zoom:
        candidates.append(short)
    font, lines = None, []
    best_score = 0.0
    edge = _frame_width((w, h)) + 1  # the card's frame covers the band's outer pixels
    tallest = int(h * 0.36)  # the band never takes more: a name that needs more is not drawn cut
    for i, text in enumerate(candidates):
        for max_lines in (1, 2):
            for size_px in range(big, readable - 1, -1):
                f = get_font(size_px, title=True, bold=True)
                ls = wrap_text(text, f, w - 2 * pad, break_words=False)
                if (
                    len(ls) <= max_lines
                    and all(f.size(x)[0] <= w - 2 * pad for x in ls)
                    and (len(ls) == 1 or len(ls) * band_pitch(f) + 2 * edge <= tallest)
                ):
                    score = size_px * (1.0 if len(ls) == 1 else 0.8) * (1.0 if i == 0 else 0.85)
                    if score > best_score:
                        best_score, font, lines = score, f, ls
                    break
    if font is None:
        font, lines = get_font(readable, title=True, bold=True), []
    total = max(1, len(lines)) * band_pitch(font, len(lines))
    return font, lines, max(band_h, min(tallest, total + 2 * edge))


class CardArt:
    """Draws and caches every card picture. Create it after ``pygame.init()``."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._faces: dict[tuple, pygame.Surface] = {}
        self._by_id: dict[tuple, pygame.Surface] = {}
        self._other: dict[tuple, pygame.Surface] = {}
        #: (game, kind, value, caption, width) -> (text rect, pieces) of each zoom drawn
        self.zoom_layouts: dict[tuple, tuple[pygame.Rect, list[ZoomPiece]]] = {}

    # -- public API -------------------------------------------------------
    def preload(self, game: str, size: Size | None = None) -> None:
        """Read the card file now (and draw every face at ``size`` if given), so the first
        frames of a table do not stall. Optional; everything also loads on first use."""
        _entries(game)
        if size is not None:
            for card_id in all_card_ids(game):
                self.face(game, card_id, size)

    def info(self, game: str, card_id: str) -> FaceInfo:
        return face_info(game, card_id)

    def face(self, game: str, card_id: str, size: Size) -> pygame.Surface:
        """The face of ``card_id`` at ``size``; cards that look alike share one surface."""
        fast = (game, card_id, size[0], size[1])
        surf = self._by_id.get(fast)
        if surf is not None:  # the per-frame path: one dict lookup
            return surf
        size = (max(24, int(size[0])), max(32, int(size[1])))
        info = face_info(game, card_id)
        key = (game, info.kind, info.value, info.caption, size)
        surf = self._faces.get(key)
        if surf is None:
            surf = _convert(self._draw_face(info, size))
            self._faces[key] = surf
        self._by_id[fast] = surf
        return surf

    def face_ahead(self, game: str, card_id: str, size: Size) -> pygame.Surface:
        """:meth:`face`, drawn ahead into the cache only (tables' drawing ahead: nothing
        is shown; tests that watch what a table draws for the screen watch ``face``)."""
        return CardArt.face(self, game, card_id, size)

    def back(self, game: str, size: Size) -> pygame.Surface:
        size = (max(16, int(size[0])), max(16, int(size[1])))
        key = ("back", game, size)
        surf = self._other.get(key)
        if surf is None:
            surf = _convert(self._draw_back(game, size))
            self._other[key] = surf
        return surf

    def villager(self, villager_id: str, size: Size, named: bool = True) -> pygame.Surface:
        """A villager card; ``named=False``: its title band left bare (a portrait with the
        name written beside it, where a small card wrote only the short names: "Karl" on
        one portrait of a row, nothing on the others)."""
        size = (max(24, int(size[0])), max(32, int(size[1])))
        key = ("villager", villager_id, size, named)
        surf = self._other.get(key)
        if surf is None:
            entry = villager_entry(villager_id)
            surf = _convert(self._draw_villager(entry if named else dict(entry, name="", short=""), size))
            self._other[key] = surf
        return surf

    def zoom(self, game: str, card_id: str, width: int) -> pygame.Surface:
        """A large card (height 1.4 x width) with the full rules text."""
        width = max(160, int(width))
        villagers = game_art(game).villagers
        if villagers is not None and split_id(card_id)[0] in villagers():
            key = ("zoomv", card_id, width)
            surf = self._other.get(key)
            if surf is None:
                surf = _convert(self._draw_villager(villager_entry(card_id), (width, int(width * 1.4)), zoom=True))
                self._other[key] = surf
            return surf
        info = face_info(game, card_id)
        key = ("zoom", game, info.kind, info.value, info.caption, width)
        surf = self._other.get(key)
        if surf is None:
            surf = _convert(self._draw_face(info, (width, int(width * 1.4)), zoom=True))
            self._other[key] = surf
        return surf

    def highlight(self, size: Size, color: RGB) -> pygame.Surface:
        """A soft glow frame, ``size`` plus a margin on every side; blit it centred on the card."""
        size = (max(8, int(size[0])), max(8, int(size[1])))
        color = tuple(color)[:3]
        key = ("glow", size, color)
        surf = self._other.get(key)
        if surf is None:
            surf = _convert(self._draw_glow(size, color))
            self._other[key] = surf
        return surf

    @staticmethod
    def glow_margin(size: Size) -> int:
        """How far the highlight frame reaches outside the card on each side."""
        return max(4, min(size) // 10)

    # -- drawing ----------------------------------------------------------
    def _draw_face(self, info: FaceInfo, size: Size, zoom: bool = False) -> pygame.Surface:
        w, h = size
        surf = _parchment(size, info.color).copy()
        pad = max(3, w // 18)
        title, subtitle = info.name, info.caption
        if "\u2014" in title:  # "Ordeal by Water — the witch floats": the band gets the test's name
            title, _, rest = title.partition("\u2014")
            title, subtitle = title.strip(), rest.strip()
        band_h = self._title_band(surf, title, info.color, zoom, short=info.short)
        y = band_h + max(1, h // 70)
        if zoom:
            label_font = get_font(max(MIN_TEXT, int(h * 0.034)), bold=True)
            lab = label_font.render(info.label.upper(), True, theme.darken(info.color, 0.15))
            _blit_center(surf, lab, w // 2, y + lab.get_height() // 2 + 2)
            y += lab.get_height() + 2
        compact = not zoom and h < COMPACT_HEIGHT  # too small for words: name, icon, number
        # icon, on a soft medallion
        icon_size = int(min(w * (0.62 if compact else 0.52), h * (0.34 if not zoom else 0.22)))
        if compact:
            icon_size = int(min(w * 0.62, (h - y - pad) * 0.8))
        zoom_words = None
        if zoom:  # a smaller picture when the words would not fit under the usual one
            for share in (0.22, 0.17, 0.12):
                icon_size = int(min(w * 0.52, h * share))
                medal = icon_size + max(6, icon_size // 5)
                top = y + icon_size // 2 + max(2, h // 45) + medal // 2 + max(1, h // 80)
                area = pygame.Rect(pad + 1, top, w - 2 * pad - 2, h - top - pad - 1)
                zoom_words = (area, zoom_text_layout(info, area, subtitle))
                if _says_everything(info, zoom_words[1]):
                    break
        icon_cy = y + icon_size // 2 + max(2, h // 45)
        medal = icon_size + max(6, icon_size // 5)
        halo = pygame.Surface((medal, medal), pygame.SRCALPHA)
        pygame.draw.circle(
            halo, (*theme.mix(info.color, theme.PARCHMENT_LIGHT, 0.72), 230), halo.get_rect().center, medal // 2
        )
        pygame.draw.circle(
            halo,
            (*theme.mix(info.color, theme.PARCHMENT, 0.35), 255),
            halo.get_rect().center,
            medal // 2,
            max(1, medal // 28),
        )
        _blit_center(surf, halo, w // 2, icon_cy)
        _blit_center(surf, get_icon(info.icon, int(icon_size * 0.78), theme.darken(info.color, 0.25)), w // 2, icon_cy)
        # the number that matters, as a wax-seal badge beside the icon
        r = max(10, int(min(w, h) * (0.155 if not zoom else 0.095)))
        if info.family == "evidence" and len(info.stats) >= 2:
            self._side_badges(surf, info, icon_cy, r, pad)
        elif info.value:
            badge_font = fit_font(info.value, 999, max(MIN_TEXT, int(r * 1.2)), MIN_TEXT, bold=True)
            half = max(r, badge_font.size(info.value)[0] // 2 + max(3, r // 3))
            cx = w - pad - half
            cy = band_h + r + max(1, h // 60)
            self._badge(surf, info.value, (cx, cy), r, half, info.color)
            word = {"suspect": "GUILT", "charge": "SEV."}.get(info.family)
            if word and not zoom and int(r * 0.62) >= MIN_TEXT:  # else the zoom says it
                lf = get_font(int(r * 0.62), bold=True)
                ls = lf.render(word, True, theme.INK_SOFT)
                _blit_center(surf, ls, cx, cy + r + ls.get_height() // 2 + 1)
        y = icon_cy + medal // 2 + max(1, h // 80)
        if compact:
            _frame(surf, info.color)
            return surf
        # subtitle / caption under the icon ("the rack", "the witch floats")
        if subtitle and not zoom:
            # the test's outcome ("the witch floats") must be read: it may take two lines;
            # a copy's flavour caption shows only when it fits on one
            cap = subtitle[:1].upper() + subtitle[1:]
            needed = "\u2014" in info.name
            cf, caps = _fit_paragraph(
                cap, w - 2 * pad, 2 * get_font(MIN_TEXT).get_linesize(), max(MIN_TEXT, int(h * 0.08)), MIN_TEXT
            )
            if len(caps) <= (2 if needed else 1) and all(cf.size(c)[0] <= w - 2 * pad for c in caps):
                for c in caps:
                    cs = cf.render(c, True, theme.INK_SOFT)
                    _blit_center(surf, cs, w // 2, y + cs.get_height() // 2)
                    y += cs.get_height() - max(0, h // 60)
        text_rect = pygame.Rect(pad + 1, y, w - 2 * pad - 2, h - y - pad - 1)
        if zoom_words is not None:
            self._zoom_text(surf, info, *zoom_words)
        else:
            body = self._short_text(info)
            font, lines = _fit_paragraph(body, text_rect.width, text_rect.height, max(MIN_TEXT, int(h * 0.1)), MIN_TEXT)
            if info.family == "evidence" and len(lines) * font.get_linesize() > text_rect.height + 2:
                lines = []  # evidence's words are flavour: whole, or left to the zoom view
            lines = _clip_lines(lines, font, text_rect) if lines else []
            th = len(lines) * font.get_linesize()
            text_rect.top += max(0, (text_rect.height - th) // 2)
            _draw_lines(surf, lines, font, theme.INK, text_rect)
        _frame(surf, info.color)
        return surf

    @staticmethod
    def _short_text(info: FaceInfo) -> str:
        """What a hand-sized face says: the rules in a few words."""
        stats = dict(info.stats)
        if info.family == "suspect":
            return f"Defense {stats.get('Defense', '?')}"
        if info.family == "charge":
            line = f"Court {stats.get('Court', '?')}"
            by_bonus: dict[str, list[str]] = {}
            for note in info.notes:
                bonus, _, who = note.partition(" vs ")
                by_bonus.setdefault(bonus, []).append(who)
            for bonus, names in by_bonus.items():
                line += f"\n{bonus} {', '.join(names)}"
            return line
        return info.text

    def _title_band(self, surf: pygame.Surface, title: str, color: RGB, zoom: bool, short: str = "") -> int:
        """Draw the coloured name band; it grows to two lines rather than shrink the name
        below a readable size. Returns the band's height."""
        w, h = surf.get_size()
        pad = max(3, w // 18)
        font, lines, band_h = title_lines(title, (w, h), zoom, short)
        self._band(surf, band_h, color)
        ink = theme.ink_on(color)  # WCAG AA on the band
        edge = _frame_width((w, h)) + 1
        pitch = band_pitch(font, len(lines))
        top = max(edge - 1, (band_h - len(lines) * pitch) // 2 + 1)
        _draw_lines(surf, lines, font, ink, pygame.Rect(pad, top, w - 2 * pad, band_h), pitch=pitch)
        return band_h

    def title_shown(self, game: str, card_id: str, size: Size) -> bool:
        """Whether a face of ``size`` shows its card's name (a name that would be smaller
        than readable is left off: the zoom view names the card)."""
        info = face_info(game, card_id)
        title = info.name.partition("\u2014")[0].strip() if "\u2014" in info.name else info.name
        return bool(title_lines(title, (int(size[0]), int(size[1])), False, info.short)[1])

    def _band(self, surf: pygame.Surface, band_h: int, color: RGB) -> None:
        w, h = surf.get_size()
        band_surf = pygame.Surface((w, band_h), pygame.SRCALPHA)
        _banner(band_surf, band_surf.get_rect(), color)
        mask = _rounded_mask((w, h), _radius((w, h))).subsurface(pygame.Rect(0, 0, w, band_h)).copy()
        band_surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(band_surf, (0, 0))

    @staticmethod
    def _badge(surf: pygame.Surface, text: str, center: tuple[int, int], r: int, half: int, color: RGB) -> None:
        """A round (or pill-shaped, for wide text) seal with the card's number."""
        cx, cy = center
        rect = pygame.Rect(cx - half, cy - r, 2 * half, 2 * r)
        shadow = rect.move(1, 2)
        pygame.draw.rect(
            surf, (60, 40, 20, 90) if surf.get_flags() & pygame.SRCALPHA else (120, 100, 80), shadow, border_radius=r
        )
        pygame.draw.rect(surf, theme.darken(color, 0.4), rect, border_radius=r)
        pygame.draw.rect(surf, theme.mix(color, theme.PARCHMENT_LIGHT, 0.6), rect, max(1, r // 7), border_radius=r)
        font = fit_font(text, 2 * half - 4, max(MIN_TEXT, int(r * 1.25)), MIN_TEXT, bold=True)
        _blit_center(surf, font.render(text, True, theme.PARCHMENT_LIGHT), cx, cy + 1)

    def _side_badges(self, surf: pygame.Surface, info: FaceInfo, cy: int, r: int, pad: int) -> None:
        """Evidence: the prosecution value (red, left) and the defense value (blue, right)."""
        w = surf.get_width()
        stats = dict(info.stats)
        for text, color, cx in (
            (stats.get("Prosecution", ""), theme.JURY_GUILTY, pad + r),
            (stats.get("Defense", ""), theme.JURY_INNOCENT, w - pad - r),
        ):
            self._badge(surf, text, (cx, cy - r // 2), r, r, color)
        if int(r * 0.62) < MIN_TEXT:
            return  # the colours say which side; the zoom view spells it out
        lf = get_font(int(r * 0.62), bold=True)
        for text, cx in (("PROS", pad + r), ("DEF", w - pad - r)):
            ls = lf.render(text, True, theme.INK_SOFT)
            _blit_center(surf, ls, cx, cy + r // 2 + ls.get_height() // 2 + 2)

    def _zoom_text(self, surf: pygame.Surface, info: FaceInfo, rect: pygame.Rect, pieces: list[ZoomPiece]) -> None:
        self.zoom_layouts[(info.game, info.kind, info.value, info.caption, surf.get_width())] = (rect.copy(), pieces)
        for piece in pieces:
            if piece.role == "rule":
                pygame.draw.line(surf, theme.PARCHMENT_DARK, piece.rect.topleft, piece.rect.topright, 1)
                continue
            font = get_font(piece.size, bold=piece.bold, title=piece.title)
            surf.blit(font.render(piece.text, True, piece.color), piece.rect.topleft)

    def _draw_back(self, game: str, size: Size) -> pygame.Surface:
        w, h = size
        art = game_art(game)
        base = art.back
        surf = pygame.Surface(size, pygame.SRCALPHA)
        grad = _vertical_gradient(size, theme.lighten(base, 0.12), theme.darken(base, 0.25))
        surf.blit(grad, (0, 0))
        # diamond lattice
        step = max(6, w // 6)
        line = (*theme.lighten(base, 0.22), 90)
        lattice = pygame.Surface(size, pygame.SRCALPHA)
        for k in range(-h, w + h, step):
            pygame.draw.line(lattice, line, (k, 0), (k + h, h), 1)
            pygame.draw.line(lattice, line, (k, h), (k + h, 0), 1)
        surf.blit(lattice, (0, 0))
        # central medallion
        r = int(min(w, h) * 0.3)
        pygame.draw.circle(surf, theme.darken(base, 0.35), (w // 2, h // 2), r)
        pygame.draw.circle(surf, theme.PARCHMENT_DARK, (w // 2, h // 2), r, max(1, r // 10))
        _blit_center(surf, get_icon(art.back_icon, int(r * 1.3), theme.PARCHMENT_DARK), w // 2, h // 2)
        # inner border
        inset = max(3, w // 16)
        pygame.draw.rect(
            surf,
            theme.PARCHMENT_DARK,
            surf.get_rect().inflate(-2 * inset, -2 * inset),
            1,
            border_radius=max(1, _radius(size) - inset // 2),
        )
        surf.blit(_rounded_mask(size, _radius(size)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.rect(surf, theme.darken(base, 0.5), surf.get_rect(), max(1, w // 40), border_radius=_radius(size))
        return surf

    def _draw_villager(self, e: dict, size: Size, zoom: bool = False) -> pygame.Surface:
        w, h = size
        color = theme.VILLAGER
        surf = _parchment(size, color).copy()
        pad = max(3, w // 18)
        name = str(e.get("name", e.get("id", "?")))
        band_h = self._title_band(surf, name, color, zoom, short=str(e.get("short", "")))
        compact = not zoom and h < COMPACT_HEIGHT
        # pentagrams (points while alive) and matches (points as a trophy)
        y = band_h + max(3, h // 30)
        row_h = max(10, int(h * (0.12 if not zoom else 0.08)))
        if compact:
            row_h = max(6, (h - y - pad) // 2 - 1)
        for icon, count, col in (
            ("pentagram", int(e.get("pentagrams", 0)), theme.PENTAGRAM),
            ("match", int(e.get("matches", 0)), theme.MATCH),
        ):
            n = max(0, count)
            if n:
                icon_sz = min(row_h, (w - 2 * pad) // max(3, n))
                total_w = n * icon_sz + (n - 1) * max(1, icon_sz // 6)
                x = (w - total_w) // 2
                for _ in range(n):
                    surf.blit(get_icon(icon, icon_sz, col), (x, y + (row_h - icon_sz) // 2))
                    x += icon_sz + max(1, icon_sz // 6)
            y += row_h + max(1, h // 60)
        if compact:
            _frame(surf, color)
            return surf
        pygame.draw.line(surf, theme.PARCHMENT_DARK, (pad * 2, y), (w - pad * 2, y), 1)
        y += max(2, h // 40)
        rect = pygame.Rect(pad + 1, y, w - 2 * pad - 2, h - y - pad - 2)
        if zoom:
            legend_font = get_font(max(MIN_TEXT, w // 18), bold=True)
            legend = f"{e.get('pentagrams', 0)} pentagrams while alive \u00b7 {e.get('matches', 0)} matches as a trophy"
            y2 = _draw_lines(surf, wrap_text(legend, legend_font, rect.width), legend_font, theme.INK_SOFT, rect)
            body = " ".join(str(e.get("rules_text", "")).split()) or str(e.get("text", ""))
            area = pygame.Rect(rect.left, y2 + 4, rect.width, rect.bottom - y2 - 4)
            f, ls = _fit_paragraph(body, area.width, area.height, max(MIN_TEXT, w // 14), MIN_TEXT)
            _draw_lines(surf, ls, f, theme.INK, area, center=False)
        else:
            text = str(e.get("text", ""))
            f, ls = _fit_paragraph(text, rect.width, rect.height, max(MIN_TEXT, int(h * 0.1)), MIN_TEXT)
            ls = _clip_lines(ls, f, rect)
            th = len(ls) * f.get_linesize()
            rect.top += max(0, (rect.height - th) // 2)
            _draw_lines(surf, ls, f, theme.INK, rect)
        _frame(surf, color)
        return surf

    def _draw_glow(self, size: Size, color: RGB) -> pygame.Surface:
        m = self.glow_margin(size)
        w, h = size[0] + 2 * m, size[1] + 2 * m
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        r = _radius(size)
        for i in range(m, 0, -1):
            alpha = int(150 * (1 - i / (m + 1)) ** 1.6)
            pygame.draw.rect(
                surf,
                (*color, alpha),
                pygame.Rect(m - i, m - i, size[0] + 2 * i, size[1] + 2 * i),
                2,
                border_radius=r + i,
            )
        pygame.draw.rect(
            surf,
            (*color, 255),
            pygame.Rect(m - 1, m - 1, size[0] + 2, size[1] + 2),
            max(2, min(size) // 40),
            border_radius=r + 1,
        )
        return surf


def all_card_ids(game: str) -> list[str]:
    """Every physical card id of ``game`` as the rules files number them (for sheets and tests)."""
    card_ids = game_art(game).card_ids
    if card_ids is not None:
        return list(card_ids())
    ids: list[str] = []
    for section, items in _card_file(game).items():
        if not isinstance(items, list) or section in ("villagers", "pyres"):
            continue
        for e in items:
            if not isinstance(e, dict) or "id" not in e:
                continue
            count = int(e.get("count", e.get("copies", 1)) or 1)
            ids.extend(f"{e['id']}-{k}" for k in range(1, count + 1))
    return ids
