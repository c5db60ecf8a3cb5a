"""Card faces, backs, villagers, zoom views and highlight frames, drawn from the card data.

Nothing here is a picture file: every face is generated from ``cards/<game>.yaml`` (names,
values, short text in our own words) with a shipped font and a game-icons.net icon, on a
parchment card coloured by kind (hammer.md H1.3: brown / yellow / green; Witch Trial:
suspect, charge, evidence, motion, objection). Everything is cached per (kind or card,
size); surfaces are converted once when a display exists. Callers must not draw on the
returned surfaces (they are shared); copy first.

Card ids follow the rules files: ``<kind>-<n>`` (``confession-3``, ``bribe-9``,
``lewis-1``). Unknown ids still get a readable face built from the id.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from game.paths import cards_dir
from game.ui import theme
from game.ui.fonts import fit_font, get_font, wrap_text
from game.ui.icons import get_icon

log = logging.getLogger(__name__)

Size = tuple[int, int]
RGB = tuple[int, int, int]

# ---------------------------------------------------------------- card data

# Which icon stands for each card kind (see tools/extract_icons.py for the sources).
HAMMER_ICONS = {
    "accusation": "accusation", "denial": "denial", "proof": "proof",
    "false_testimony": "false_testimony", "confession": "confession",
    "accomplice": "accomplice", "countercharge": "countercharge", "mixup": "mixup",
    "retraction": "retraction", "no_inquisition": "no_inquisition", "advocate": "advocate",
    "bribe": "bribe", "ordeal_floats": "ordeal", "ordeal_drowns": "ordeal",
    "scales_lighter": "scales", "scales_heavier": "scales",
    "mark_found": "mark", "mark_none": "mark",
}
TRIAL_SECTION_KIND = {
    "suspects": "suspect", "charges": "charge", "evidence": "evidence",
    "motions": "motion", "objections": "objection",
}
TRIAL_KIND_COLOUR = {
    "suspect": theme.SUSPECT, "charge": theme.CHARGE, "evidence": theme.EVIDENCE,
    "motion": theme.MOTION, "objection": theme.OBJECTION,
}
TRIAL_KIND_LABEL = {
    "suspect": "Suspect", "charge": "Charge", "evidence": "Evidence",
    "motion": "Motion", "objection": "Objection",
}
HAMMER_COLOUR = {"brown": theme.BROWN, "yellow": theme.YELLOW, "green": theme.GREEN}
HAMMER_ROLE_LABEL = {
    "brown": "Defamation", "response": "Response", "no_inquisition": "Response",
    "advocate": "Advocate", "bribe": "Bribe", "test": "Test",
}

# Used only while a card file is missing or unreadable, so the table still draws.
_FALLBACK_HAMMER = {
    "accusation": ("Accusation", "brown", "brown", 1), "denial": ("Denial", "brown", "brown", -2),
    "proof": ("Proof", "brown", "brown", 2), "false_testimony": ("False Testimony", "brown", "brown", 3),
    "confession": ("Confession", "brown", "brown", 6), "accomplice": ("Accomplice", "yellow", "response", None),
    "countercharge": ("Countercharge", "yellow", "response", None), "mixup": ("Mix-up", "yellow", "response", None),
    "retraction": ("Retraction", "yellow", "response", None),
    "no_inquisition": ("No Inquisition", "yellow", "no_inquisition", None),
    "advocate": ("Advocate", "yellow", "advocate", -3), "bribe": ("Bribe", "yellow", "bribe", None),
    "ordeal_floats": ("Ordeal: floats", "green", "test", None), "ordeal_drowns": ("Ordeal: drowns", "green", "test", None),
    "scales_lighter": ("Scales: lighter", "green", "test", None), "scales_heavier": ("Scales: heavier", "green", "test", None),
    "mark_found": ("Mark found", "green", "test", None), "mark_none": ("No mark", "green", "test", None),
}


@dataclass(frozen=True)
class FaceInfo:
    """Everything drawn on one card face."""
    game: str
    kind: str                 # the card kind id (``confession``, ``lewis``)
    family: str               # colour family: brown/yellow/green or suspect/charge/...
    name: str
    label: str                # small caption above the name ("Defamation", "Suspect")
    value: str                # the big number in the corner ("+6", "±2", "") 
    icon: str
    color: RGB
    text: str                 # short text for the face
    rules_text: str           # full text for the zoom view
    caption: str = ""         # per-copy flavour ("the rack")
    stats: tuple[tuple[str, str], ...] = field(default_factory=tuple)  # ("Guilt", "4") …


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
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        log.warning("card file %s could not be read (%s); drawing cards from their ids", path, exc)
        return {}
    return data if isinstance(data, dict) else {}


def _entries(game: str) -> dict[str, tuple[str, dict]]:
    """kind id -> (section, entry) for every card kind in the game's file."""
    out: dict[str, tuple[str, dict]] = {}
    for section, items in _card_file(game).items():
        if isinstance(items, list):
            for entry in items:
                if isinstance(entry, dict) and "id" in entry:
                    out[str(entry["id"])] = (section, entry)
    return out


def villager_entry(villager_id: str) -> dict:
    section_entry = _entries("hammer").get(villager_id)
    if section_entry and section_entry[0] == "villagers":
        return section_entry[1]
    return {"id": villager_id, "name": villager_id.replace("_", " ").title(),
            "pentagrams": 0, "matches": 0, "text": "", "rules_text": ""}


def _text(entry: dict, key: str) -> str:
    return " ".join(str(entry.get(key, "")).split())


def face_info(game: str, card_id: str) -> FaceInfo:
    kind, n = split_id(card_id)
    if game == "hammer":
        return _hammer_info(kind, n)
    if game == "witch_trial":
        return _trial_info(kind, n)
    return FaceInfo(game, kind, "other", kind.replace("_", " ").title(), "", "", "deck",
                    theme.WOOD, "", "")


def _hammer_info(kind: str, n: int | None) -> FaceInfo:
    found = _entries("hammer").get(kind)
    if found and found[0] == "defamation":
        e = found[1]
    elif kind in _FALLBACK_HAMMER:
        name, colour, role, value = _FALLBACK_HAMMER[kind]
        e = {"name": name, "colour": colour, "role": role, "value": value}
    else:
        e = {"name": kind.replace("_", " ").title(), "colour": "brown", "role": "brown"}
    colour = str(e.get("colour", "brown"))
    role = str(e.get("role", "brown"))
    value = ""
    if role == "bribe":
        values = e.get("values") or []
        if n is not None and 1 <= n <= len(values):
            value = f"\u00b1{abs(int(values[n - 1]))}"
        else:
            value = "\u00b1"
    elif e.get("value") is not None:
        value = _signed(int(e["value"]))
    elif e.get("keep_vp"):
        value = f"{int(e['keep_vp'])} VP"
    captions = e.get("captions") or []
    caption = str(captions[n - 1]) if n is not None and 1 <= n <= len(captions) else ""
    name = str(e.get("name", kind))
    return FaceInfo(
        game="hammer", kind=kind, family=colour, name=name,
        label=HAMMER_ROLE_LABEL.get(role, role.title()), value=value,
        icon=HAMMER_ICONS.get(kind, "pentagram"), color=HAMMER_COLOUR.get(colour, theme.BROWN),
        text=_text(e, "text"), rules_text=_text(e, "rules_text"), caption=caption,
    )


def _trial_info(kind: str, n: int | None) -> FaceInfo:
    found = _entries("witch_trial").get(kind)
    if found is None:
        family = "objection" if kind == "objection" else "evidence"
        return FaceInfo("witch_trial", kind, family, kind.replace("_", " ").title(),
                        TRIAL_KIND_LABEL[family], "", family, TRIAL_KIND_COLOUR[family], "", "")
    section, e = found
    family = TRIAL_SECTION_KIND.get(section, "evidence")
    stats: list[tuple[str, str]] = []
    value = ""
    if family == "suspect":
        value = str(e.get("guilt", ""))
        stats = [("Guilt", str(e.get("guilt", "?"))), ("Defense", f"${e.get('defense', '?')}")]
    elif family == "charge":
        value = str(e.get("severity", ""))
        stats = [("Severity", str(e.get("severity", "?"))), ("Court", f"${e.get('court', '?')}")]
        mods = e.get("modifiers") or {}
        for suspect, bonus in mods.items():
            other = _entries("witch_trial").get(str(suspect))
            who = str(other[1].get("name", suspect)) if other else str(suspect)
            stats.append((who, _signed(int(bonus))))
    elif family == "evidence":
        pro, de = int(e.get("prosecution", 0)), int(e.get("defense", 0))
        value = f"{_signed(pro)}/{_signed(de)}"
        stats = [("Prosecution", _signed(pro)), ("Defense", _signed(de))]
    return FaceInfo(
        game="witch_trial", kind=kind, family=family, name=str(e.get("name", kind)),
        label=TRIAL_KIND_LABEL[family], value=value, icon=family,
        color=TRIAL_KIND_COLOUR[family], text=_text(e, "text"),
        rules_text=_text(e, "rules_text"), stats=tuple(stats),
    )


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
    surf = _vertical_gradient(size, top, bottom).convert_alpha() if pygame.display.get_surface() else _vertical_gradient(size, top, bottom)
    surf = surf.copy()
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
        pygame.draw.rect(edge, (110, 70, 30, alpha), (i, i, w - 2 * i, h - 2 * i), 1,
                         border_radius=max(1, _radius(size) - i))
    surf.blit(edge, (0, 0))
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(surf, (0, 0))
    out.blit(_rounded_mask(size, _radius(size)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def _blit_center(dst: pygame.Surface, src: pygame.Surface, cx: int, cy: int) -> None:
    dst.blit(src, src.get_rect(center=(cx, cy)))


def _text_surface(text: str, font: pygame.font.Font, color: RGB) -> pygame.Surface:
    return font.render(text, True, color)


def _draw_lines(dst: pygame.Surface, lines: list[str], font: pygame.font.Font, color: RGB,
                rect: pygame.Rect, *, center: bool = True) -> int:
    """Draw lines top-down inside rect; stop before overflowing. Returns the y after the last."""
    y = rect.top
    lh = font.get_linesize()
    for line in lines:
        if y + lh > rect.bottom + 2:
            break
        s = font.render(line, True, color)
        x = rect.centerx - s.get_width() // 2 if center else rect.left
        dst.blit(s, (x, y))
        y += lh
    return y


def _fit_paragraph(text: str, width: int, height: int, max_size: int, min_size: int,
                   *, title: bool = False, bold: bool = False) -> tuple[pygame.font.Font, list[str]]:
    """The largest font whose wrapped text fits in width x height."""
    size = max_size
    while True:
        font = get_font(size, title=title, bold=bold)
        lines = wrap_text(text, font, width)
        if len(lines) * font.get_linesize() <= height or size <= min_size:
            return font, lines
        size -= 1


def _banner(dst: pygame.Surface, rect: pygame.Rect, color: RGB) -> None:
    """A coloured title band with a thin light rule under it."""
    band = _vertical_gradient(rect.size, theme.lighten(color, 0.12), theme.darken(color, 0.18))
    dst.blit(band, rect.topleft)
    pygame.draw.line(dst, theme.lighten(color, 0.45), rect.bottomleft, (rect.right - 1, rect.bottom), 1)


def _frame(dst: pygame.Surface, color: RGB) -> None:
    w, h = dst.get_size()
    r = _radius((w, h))
    bw = max(2, min(w, h) // 30)
    pygame.draw.rect(dst, theme.darken(color, 0.25), dst.get_rect(), bw, border_radius=r)
    inner = dst.get_rect().inflate(-2 * bw - 2, -2 * bw - 2)
    pygame.draw.rect(dst, theme.mix(color, theme.PARCHMENT, 0.45), inner, 1,
                     border_radius=max(1, r - bw))


def _value_badge(dst: pygame.Surface, text: str, center: tuple[int, int], radius: int, color: RGB) -> None:
    if not text:
        return
    pygame.draw.circle(dst, theme.darken(color, 0.35), center, radius)
    pygame.draw.circle(dst, theme.PARCHMENT_LIGHT, center, radius, max(1, radius // 8))
    font = fit_font(text, int(radius * 1.7), int(radius * 1.25), 7, bold=True)
    _blit_center(dst, font.render(text, True, theme.PARCHMENT_LIGHT), center[0], center[1] + 1)


# ---------------------------------------------------------------- the public class

class CardArt:
    """Draws and caches every card picture. Create it after ``pygame.init()``."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._faces: dict[tuple, pygame.Surface] = {}
        self._other: dict[tuple, pygame.Surface] = {}

    # -- public API -------------------------------------------------------
    def info(self, game: str, card_id: str) -> FaceInfo:
        return face_info(game, card_id)

    def face(self, game: str, card_id: str, size: Size) -> pygame.Surface:
        """The face of ``card_id`` at ``size``; cards that look alike share one surface."""
        size = (max(24, int(size[0])), max(32, int(size[1])))
        info = face_info(game, card_id)
        key = (game, info.kind, info.value, info.caption, size)
        surf = self._faces.get(key)
        if surf is None:
            surf = _convert(self._draw_face(info, size))
            self._faces[key] = surf
        return surf

    def back(self, game: str, size: Size) -> pygame.Surface:
        size = (max(16, int(size[0])), max(16, int(size[1])))
        key = ("back", game, size)
        surf = self._other.get(key)
        if surf is None:
            surf = _convert(self._draw_back(game, size))
            self._other[key] = surf
        return surf

    def villager(self, villager_id: str, size: Size) -> pygame.Surface:
        size = (max(24, int(size[0])), max(32, int(size[1])))
        key = ("villager", villager_id, size)
        surf = self._other.get(key)
        if surf is None:
            surf = _convert(self._draw_villager(villager_entry(villager_id), size))
            self._other[key] = surf
        return surf

    def zoom(self, game: str, card_id: str, width: int) -> pygame.Surface:
        """A large card (height 1.4 x width) with the full rules text."""
        width = max(160, int(width))
        if game == "hammer" and split_id(card_id)[0] in _hammer_villager_ids():
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
        # title band
        band_h = max(14, int(h * (0.2 if not zoom else 0.14)))
        band = pygame.Rect(0, 0, w, band_h)
        band_surf = pygame.Surface(band.size, pygame.SRCALPHA)
        _banner(band_surf, band_surf.get_rect(), info.color)
        mask = _rounded_mask(size, _radius(size)).subsurface(band).copy()
        band_surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(band_surf, (0, 0))
        name_font, name_lines = _fit_paragraph(
            info.name, w - 2 * pad, band_h - 2, max(9, int(band_h * 0.48)), 7, title=True, bold=True)
        total = len(name_lines) * name_font.get_linesize()
        _draw_lines(surf, name_lines, name_font, theme.PARCHMENT_LIGHT,
                    pygame.Rect(pad, max(0, (band_h - total) // 2), w - 2 * pad, band_h))
        # kind label
        y = band_h + max(1, h // 60)
        label_font = get_font(max(7, int(h * (0.065 if not zoom else 0.038))), bold=True)
        label = info.label.upper() if not info.caption or zoom else info.caption
        lab = label_font.render(label, True, theme.darken(info.color, 0.1))
        if lab.get_width() > w - 2 * pad:
            lab = fit_font(label, w - 2 * pad, label_font.get_height(), 6, bold=True).render(label, True, theme.darken(info.color, 0.1))
        _blit_center(surf, lab, w // 2, y + lab.get_height() // 2)
        y += lab.get_height()
        # icon
        icon_size = int(min(w * 0.5, h * (0.3 if not zoom else 0.22)))
        icon_cy = y + icon_size // 2 + max(1, h // 50)
        halo = pygame.Surface((icon_size + 8, icon_size + 8), pygame.SRCALPHA)
        pygame.draw.circle(halo, (*theme.mix(info.color, theme.PARCHMENT_LIGHT, 0.75), 200),
                           halo.get_rect().center, (icon_size + 8) // 2)
        _blit_center(surf, halo, w // 2, icon_cy)
        _blit_center(surf, get_icon(info.icon, int(icon_size * 0.8), theme.darken(info.color, 0.2)), w // 2, icon_cy)
        # value badge over the icon's corner
        if info.value:
            r = max(8, int(min(w, h) * (0.14 if not zoom else 0.09)))
            bw = max(r, fit_font(info.value, 999, r, 7, bold=True).size(info.value)[0] // 2 + 4)
            _value_badge(surf, info.value, (w - pad - bw, band_h + r + 2), r, info.color)
        y = icon_cy + icon_size // 2 + max(2, h // 40)
        # text area
        text_rect = pygame.Rect(pad + 1, y, w - 2 * pad - 2, h - y - pad - 2)
        if zoom:
            self._zoom_text(surf, info, text_rect)
        else:
            body = info.text
            if info.stats and info.family in ("suspect", "charge"):
                body = "  ".join(f"{k} {v}" for k, v in info.stats[:2])
            font, lines = _fit_paragraph(body, text_rect.width, text_rect.height,
                                         max(8, int(h * 0.085)), 7)
            th = len(lines) * font.get_linesize()
            text_rect.top += max(0, (text_rect.height - th) // 2)
            _draw_lines(surf, lines, font, theme.INK, text_rect)
        _frame(surf, info.color)
        return surf

    def _zoom_text(self, surf: pygame.Surface, info: FaceInfo, rect: pygame.Rect) -> None:
        y = rect.top
        if info.stats:
            sf = get_font(max(10, rect.width // 16), bold=True)
            for k, v in info.stats:
                ks = sf.render(k, True, theme.INK_SOFT)
                vs = sf.render(v, True, theme.INK)
                surf.blit(ks, (rect.left, y))
                surf.blit(vs, (rect.right - vs.get_width(), y))
                y += sf.get_linesize()
            pygame.draw.line(surf, theme.PARCHMENT_DARK, (rect.left, y + 2), (rect.right, y + 2), 1)
            y += 6
        if info.caption:
            cf = get_font(max(10, rect.width // 15), title=True)
            y = _draw_lines(surf, wrap_text(info.caption[:1].upper() + info.caption[1:], cf, rect.width),
                            cf, theme.INK_SOFT, pygame.Rect(rect.left, y, rect.width, rect.bottom - y))
        body = info.rules_text or info.text
        if info.text and info.rules_text and info.text not in info.rules_text:
            body = info.text + "\n" + info.rules_text
        area = pygame.Rect(rect.left, y + 2, rect.width, rect.bottom - y - 2)
        font, lines = _fit_paragraph(body, area.width, area.height, max(11, rect.width // 14), 9)
        _draw_lines(surf, lines, font, theme.INK, area, center=False)

    def _draw_back(self, game: str, size: Size) -> pygame.Surface:
        w, h = size
        base = theme.CARD_BACK_HAMMER if game == "hammer" else theme.CARD_BACK_TRIAL
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
        icon = "pentagram" if game == "hammer" else "gavel"
        _blit_center(surf, get_icon(icon, int(r * 1.3), theme.PARCHMENT_DARK), w // 2, h // 2)
        # inner border
        inset = max(3, w // 16)
        pygame.draw.rect(surf, theme.PARCHMENT_DARK, surf.get_rect().inflate(-2 * inset, -2 * inset), 1,
                         border_radius=max(1, _radius(size) - inset // 2))
        surf.blit(_rounded_mask(size, _radius(size)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.rect(surf, theme.darken(base, 0.5), surf.get_rect(), max(1, w // 40),
                         border_radius=_radius(size))
        return surf

    def _draw_villager(self, e: dict, size: Size, zoom: bool = False) -> pygame.Surface:
        w, h = size
        color = theme.VILLAGER
        surf = _parchment(size, color).copy()
        pad = max(3, w // 18)
        band_h = max(14, int(h * (0.2 if not zoom else 0.13)))
        band_surf = pygame.Surface((w, band_h), pygame.SRCALPHA)
        _banner(band_surf, band_surf.get_rect(), color)
        mask = _rounded_mask(size, _radius(size)).subsurface(pygame.Rect(0, 0, w, band_h)).copy()
        band_surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(band_surf, (0, 0))
        name = str(e.get("name", e.get("id", "?")))
        font, lines = _fit_paragraph(name, w - 2 * pad, band_h - 2, max(9, int(band_h * 0.46)), 7,
                                     title=True, bold=True)
        total = len(lines) * font.get_linesize()
        _draw_lines(surf, lines, font, theme.PARCHMENT_LIGHT,
                    pygame.Rect(pad, max(0, (band_h - total) // 2), w - 2 * pad, band_h))
        # pentagrams (points while alive) and matches (points as a trophy)
        y = band_h + max(3, h // 30)
        row_h = max(10, int(h * (0.14 if not zoom else 0.08)))
        for icon, count, col in (("pentagram", int(e.get("pentagrams", 0)), theme.PENTAGRAM),
                                 ("match", int(e.get("matches", 0)), theme.MATCH)):
            n = max(0, count)
            if n:
                icon_sz = min(row_h, (w - 2 * pad) // max(3, n))
                total_w = n * icon_sz + (n - 1) * max(1, icon_sz // 6)
                x = (w - total_w) // 2
                for _ in range(n):
                    surf.blit(get_icon(icon, icon_sz, col), (x, y + (row_h - icon_sz) // 2))
                    x += icon_sz + max(1, icon_sz // 6)
            y += row_h + max(1, h // 60)
        pygame.draw.line(surf, theme.PARCHMENT_DARK, (pad * 2, y), (w - pad * 2, y), 1)
        y += max(2, h // 40)
        rect = pygame.Rect(pad + 1, y, w - 2 * pad - 2, h - y - pad - 2)
        if zoom:
            legend_font = get_font(max(10, w // 18), bold=True)
            legend = f"{e.get('pentagrams', 0)} pentagrams while alive \u00b7 {e.get('matches', 0)} matches as a trophy"
            y2 = _draw_lines(surf, wrap_text(legend, legend_font, rect.width), legend_font, theme.INK_SOFT, rect)
            body = " ".join(str(e.get("rules_text", "")).split()) or str(e.get("text", ""))
            area = pygame.Rect(rect.left, y2 + 4, rect.width, rect.bottom - y2 - 4)
            f, ls = _fit_paragraph(body, area.width, area.height, max(11, w // 14), 9)
            _draw_lines(surf, ls, f, theme.INK, area, center=False)
        else:
            text = str(e.get("text", ""))
            f, ls = _fit_paragraph(text, rect.width, rect.height, max(8, int(h * 0.085)), 7)
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
            pygame.draw.rect(surf, (*color, alpha), pygame.Rect(m - i, m - i, size[0] + 2 * i, size[1] + 2 * i),
                             2, border_radius=r + i)
        pygame.draw.rect(surf, (*color, 255), pygame.Rect(m - 1, m - 1, size[0] + 2, size[1] + 2),
                         max(2, min(size) // 40), border_radius=r + 1)
        return surf


@lru_cache(maxsize=1)
def _hammer_villager_ids() -> frozenset[str]:
    return frozenset(k for k, (section, _) in _entries("hammer").items() if section == "villagers")


def all_card_ids(game: str) -> list[str]:
    """Every physical card id of ``game`` as the rules files number them (for sheets and tests)."""
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
