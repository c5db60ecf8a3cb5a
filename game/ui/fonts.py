"""Fonts shipped in assets/fonts (OFL): EB Garamond (bold: Junicode) for titles, Lato for small text.

Works after ``pygame.font.init()`` alone (no display needed). Fonts and rendered text
are cached: a table redraws the same labels every frame. We never fall back to the
system font by name: a frozen app may have none, so a missing file falls back to
pygame's built-in default font and logs once.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

import pygame

from game.paths import assets_dir

log = logging.getLogger(__name__)

TITLE_REGULAR = "EBGaramond12-Regular.ttf"
TITLE_BOLD = "JunicodeTwoBeta-Bold.otf"  # EB Garamond 12 Bold lacks dashes and quotes
BODY_REGULAR = "Lato-Regular.ttf"
BODY_BOLD = "Lato-Bold.ttf"

_warned: set[str] = set()


def font_path(*, bold: bool = False, title: bool = False) -> Path:
    if title:
        name = TITLE_BOLD if bold else TITLE_REGULAR
    else:
        name = BODY_BOLD if bold else BODY_REGULAR
    return assets_dir() / "fonts" / name


#: open size recorders (see :func:`record_sizes`); empty in normal running
_recorders: list[set[int]] = []


@contextmanager
def record_sizes() -> Iterator[set[int]]:
    """Collect every font size (px) asked for while inside: the readability test renders
    the tables in here and checks no text a player must read is smaller than 11 px."""
    seen: set[int] = set()
    _recorders.append(seen)
    try:
        yield seen
    finally:
        _recorders.remove(seen)


def get_font(size: int, *, bold: bool = False, title: bool = False) -> pygame.font.Font:
    """The shipped font at ``size`` px (title=True: the display serif). Cached."""
    if _recorders:
        for seen in _recorders:
            seen.add(max(4, int(size)))
    return _get_font(size, bold=bold, title=title)


@lru_cache(maxsize=256)
def _get_font(size: int, *, bold: bool = False, title: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(4, int(size))
    path = font_path(bold=bold, title=title)
    try:
        return pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError, pygame.error) as exc:
        if str(path) not in _warned:
            _warned.add(str(path))
            log.warning("font %s could not be loaded (%s); using the default font", path, exc)
        font = pygame.font.Font(None, size)
        font.set_bold(bold)
        return font


def render_text(
    text: str,
    size: int,
    color: tuple[int, int, int],
    *,
    bold: bool = False,
    title: bool = False,
) -> pygame.Surface:
    """``text`` rendered anti-aliased on transparency. Cached: callers must not draw on it."""
    if _recorders and text:
        for seen in _recorders:
            seen.add(max(4, int(size)))
    return _render(str(text), int(size), tuple(color)[:3], bold, title)


@lru_cache(maxsize=4096)
def _render(text: str, size: int, color: tuple, bold: bool, title: bool) -> pygame.Surface:
    return _get_font(size, bold=bold, title=title).render(text, True, color)


def wrap_text(text: str, font: pygame.font.Font, width: int, *, break_words: bool = True) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` px.

    Words longer than a line are cut with a hyphen (``break_words=False`` leaves them
    whole and over-wide, for callers that would rather pick a smaller font). Explicit
    newlines start new lines; an empty text gives ``[]``. Each line takes as many words
    as fit (found by halving, a few measurements a line); the result is remembered per
    text, font and width (logs and prompts wrap the same sentences frame after frame).
    """
    return list(_wrap(str(text), font, int(width), bool(break_words)))


@lru_cache(maxsize=4096)
def _wrap(text: str, font: pygame.font.Font, width: int, break_words: bool) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            if paragraph or lines:
                lines.append("")
            continue
        i = 0
        line = ""
        while i < len(words):
            # the most words from i on that fit after ``line`` (widths grow with words)
            lo, hi = 0, len(words) - i
            while lo < hi:
                mid = (lo + hi + 1) // 2
                candidate = " ".join(([line] if line else []) + words[i : i + mid])
                if font.size(candidate)[0] <= width:
                    lo = mid
                else:
                    hi = mid - 1
            if lo:
                line = " ".join(([line] if line else []) + words[i : i + lo])
                i += lo
                if i == len(words):
                    break
            word = words[i]
            i += 1
            if line:
                lines.append(line)
            # a single word wider than the line: cut it so nothing spills over the card
            while break_words and font.size(word)[0] > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and font.size(word[:cut] + "-")[0] > width:
                    cut -= 1
                lines.append(word[:cut] + "-")
                word = word[cut:]
            line = word
        if line:
            lines.append(line)
    while lines and lines[-1] == "":
        lines.pop()
    return tuple(lines)


#: sizes are skipped without measuring while the width scaled from the top size's is this
#: much over the room (a font's widths grow in step with its size, within a few %)
SCALED_MARGIN = 1.1


def cut_to_width(text: str, font: pygame.font.Font, width: int, *, cut: bool = False, strip: str = " ") -> str:
    """``text`` as it fits ``width`` pixels in ``font``: whole when it fits (and ``cut`` is
    False), else cut at a character and ended with an ellipsis, the characters in ``strip``
    dropped from the cut end first ("Bob," -> "Bob…"). ``cut``: the text runs on past
    what is given, so it ends with the ellipsis even when it fits."""
    if not cut and font.size(text)[0] <= width:
        return text
    # the longest prefix that fits with its ellipsis (widths grow with the prefix)
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid].rstrip(strip) + "\u2026")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip(strip) + "\u2026"


def first_fitting_size(text: str, top: int, bottom: int, width: int, *, bold: bool = False, title: bool = False) -> int:
    """The first size from ``top`` down to ``bottom`` at which ``text`` fits ``width`` on
    one line, 0 if none: the sizes far too large (scaled from one measurement at ``top``)
    are skipped, so a new text is measured two or three times, not at every size."""
    if top < bottom:
        return 0
    wide = get_font(top, bold=bold, title=title).size(text)[0]
    if wide <= width:
        return top
    start = min(top - 1, int(top * width * SCALED_MARGIN / max(1, wide)))
    for size in range(start, bottom - 1, -1):
        if get_font(size, bold=bold, title=title).size(text)[0] <= width:
            return size
    return 0


def fit_font(
    text: str, width: int, max_size: int, min_size: int = 8, *, bold: bool = False, title: bool = False
) -> pygame.font.Font:
    """The largest font (from ``max_size`` down) in which ``text`` fits on one line of ``width``."""
    size = max_size
    while size > min_size:
        font = get_font(size, bold=bold, title=title)
        if font.size(text)[0] <= width:
            return font
        size -= 1
    return get_font(min_size, bold=bold, title=title)
