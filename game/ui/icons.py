"""Icons from game-icons.net (CC BY 3.0; see assets/icons/CREDITS.md).

``get_icon(name, size, color)`` returns a cached, square surface. Icons are stored as
black-on-transparent SVGs; a colour is applied by adding it to the black (so the
anti-aliased edges keep their alpha). A missing or broken icon gives a visible
placeholder and one log line, never an exception: a missing picture must not stop a game.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path

import pygame

from game.paths import assets_dir

log = logging.getLogger(__name__)

_warned: set[str] = set()


def icon_dir() -> Path:
    return assets_dir() / "icons"


def icon_names() -> list[str]:
    """Every icon shipped, by the name the game uses."""
    return sorted(p.stem for p in icon_dir().glob("*.svg"))


def has_icon(name: str) -> bool:
    return (icon_dir() / f"{name}.svg").is_file()


def _convert(surface: pygame.Surface) -> pygame.Surface:
    # convert_alpha needs a display mode; headless tools and tests may have none.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def _placeholder(size: int, color: tuple[int, int, int] | None) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = tuple(color) if color else (200, 40, 160)
    width = max(1, size // 12)
    pygame.draw.rect(surf, c, surf.get_rect(), width, border_radius=max(1, size // 8))
    pygame.draw.line(surf, c, (size // 4, size // 4), (size * 3 // 4, size * 3 // 4), width)
    pygame.draw.line(surf, c, (size * 3 // 4, size // 4), (size // 4, size * 3 // 4), width)
    return surf


@lru_cache(maxsize=1024)
def _load(name: str, size: int) -> pygame.Surface | None:
    path = icon_dir() / f"{name}.svg"
    try:
        if hasattr(pygame.image, "load_sized_svg"):
            surf = pygame.image.load_sized_svg(str(path), (size, size))
        else:  # older pygame-ce: load at its natural size, then smooth-scale
            surf = pygame.transform.smoothscale(pygame.image.load(str(path)), (size, size))
    except (OSError, FileNotFoundError, pygame.error) as exc:
        if name not in _warned:
            _warned.add(name)
            log.warning("icon %r could not be loaded from %s (%s); drawing a placeholder", name, path, exc)
        return None
    if surf.get_size() != (size, size):
        surf = pygame.transform.smoothscale(surf, (size, size))
    return surf


def get_icon(name: str, size: int, color: tuple[int, int, int] | None = None) -> pygame.Surface:
    """The icon ``name`` as a ``size`` x ``size`` surface, tinted ``color`` if given. Cached.

    Callers must not draw on the returned surface (it is shared).
    """
    return _icon(str(name), max(1, int(size)), tuple(color)[:3] if color is not None else None)


@lru_cache(maxsize=2048)
def _icon(name: str, size: int, color: tuple | None) -> pygame.Surface:
    base = _load(name, size)
    if base is None:
        return _convert(_placeholder(size, color))
    surf = base.copy()
    if color is not None:
        surf.fill(color, special_flags=pygame.BLEND_RGB_ADD)
    return _convert(surf)
