"""The conflict panel's dice, drawn: a die's face (:func:`paint_die`) and how the rolls of a
conflict share one row of the panel (:func:`dice_row_fit`). The panel keeps the animation
and says where the row goes (game/ui/scenes/malleus/conflict.py)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.fonts import get_font

#: where the pips of each face sit, in quarters of the die from its centre
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def paint_die(surface: pygame.Surface, rect: pygame.Rect, value: int, colour=(246, 238, 220)) -> None:
    """A die showing ``value`` in ``rect``: the body, its edge and the pips."""
    pygame.draw.rect(surface, colour, rect, border_radius=max(3, rect.w // 6))
    pygame.draw.rect(surface, (60, 44, 30), rect, max(1, rect.w // 18), border_radius=max(3, rect.w // 6))
    q = rect.w // 4
    for sx, sy in PIPS.get(value, []):
        pygame.draw.circle(surface, (40, 30, 22), (rect.centerx + sx * q, rect.centery + sy * q), max(2, rect.w // 10))


def dice_row_fit(
    width: int, die: int, size: int, rolls: list[tuple[list[int], str]], px: Callable[[int], int]
) -> tuple[int, int]:
    """The die size (0: words only) and the words' size that put every roll (its faces and
    its words) on one row of ``width`` px: the dice smaller first (not below 18 px), then
    the words alone (they name every face), then smaller words (not below 11 px). ``px``
    scales a length at the 1280x720 scale to the window."""

    def row(d: int, z: int) -> int:
        font = get_font(z, bold=True)
        return sum((len(faces) * (d + px(6)) if d else 0) + px(26) + font.size(words)[0] for faces, words in rolls)

    count = sum(len(faces) for faces, _w in rolls)
    if not count:
        return die, size
    die = min(die, (width - row(0, size)) // count - px(6))
    if die >= 18:
        return die, size
    for z in range(size, 10, -1):
        if row(0, z) <= width:
            return 0, z
    return 0, 11
