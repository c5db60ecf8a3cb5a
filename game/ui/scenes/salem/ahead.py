"""What the Salem table draws ahead, between moves, so the frame right after a move stays
short (frame p99 under 8 ms at 12 seats and 1920x1080).

* The other phase's seat panels: by day every seat's panel as it would look at Night
  (and at Night as it would look by day), and that phase's background-and-seats layer,
  so the move that brings Night or the morning finds them ready instead of redrawing
  twelve panels in one frame (the seat panel's ``prepare_other_phase``: the table's
  ``work_ahead``).
* First drawings: every Salem card face at each size the table has drawn cards at, the
  seat markers' icons at the seats' header sizes, the fonts the table's texts use —
  each is drawn once and cached, so no move pays for the first time a card shows up.

The work runs in small slices in frames that have nothing new to draw (the table's
:class:`~game.ui.scenes.table.ahead.Ahead` panel, whose hooks the table fills in from
this module).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame

from game.ui import theme
from game.ui.card_art import all_card_ids
from game.ui.icons import get_icon
from game.ui.scenes.table.common import translucent_fill

#: the seat markers (icon, tint) a seat's header may show (SeatsPanel.seat_markers)
MARKERS = (
    ("trophy", theme.TEXT_MUTED),
    ("witch", (200, 120, 220)),
    ("gavel", theme.SALEM_CONSTABLE),
    ("answered", theme.SUCCESS),
)


def card_ids() -> list[str]:
    """The faces worth drawing ahead: every Salem card but the Town Hall characters."""
    return [c for c in all_card_ids("salem") if not c.startswith("char-")]


def extra_drawings(table: Any) -> Iterator[Callable[[], object]]:
    """The prompt's and the banner's fills (day and Night), the seat markers' icons at
    the seats' header sizes."""
    if table.rects.get("center") and table.rects.get("banner"):
        box, banner = table.window.rect(), pygame.Rect(table.rects["banner"])
        for colour in (theme.PANEL, theme.NIGHT_SKY):
            yield lambda colour=colour: translucent_fill(box.size, colour, 246, 12)
            yield lambda colour=colour: translucent_fill(banner.size, colour, 220, 10)
    heads = set()
    for seat in range(table.players):
        zone = table.seat_zone(seat)
        if zone is not None:
            heads.add(max(16, min(28, zone.h // 7)))
    for head in sorted(heads):
        for name, tint in MARKERS:
            yield lambda head=head, name=name, tint=tint: get_icon(name, head, tint)
