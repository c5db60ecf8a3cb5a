"""A part of a table that the table owns: :class:`Panel`, and the two small descriptors
the table uses to keep the names it always had while its panels hold the state.

A panel is an object with its own state (its rects, caches, hover, what it last drew)
made by its table (``self.zoomer = Zoom(self)``). The table asks each panel to draw in
the frame's order and routes input to the one under the pointer or with the focus. A
panel talks to its table through a small interface and nothing else:

* what the table shows: ``table.view``, ``table.legal_cmds``, ``table.log_events``,
  ``table.rects`` (the zones), ``table.size``, ``table.game``, ``table.art``,
  ``table.source`` (for what only the session knows: who is thinking, a held screen);
* the table's hooks a game fills in (``hover_target_key``, ``target_rect``,
  ``describe_event``, ``help_lines`` …) and its commands (``submit``, ``toast``,
  ``sync``, ``play_sound``);
* ``table.dirty = True`` when something it shows changed.

Another panel's state is read only through the table's names for it (``table.prompt``,
``table.pointer``), never by reaching into that panel.

Games that draw parts of their table (seats, piles, the court) write panels of their
own on the same pattern.
"""

from __future__ import annotations

from typing import Any


class Panel:
    """One part of a table: its own state, drawn and hit-tested by its table."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def draw(self, surface) -> None:
        """Draw this part of the table for this frame."""

    def contains(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` lies on this panel (the table routes a click there)."""
        return False


class Owned:
    """A table attribute whose value a panel of that table keeps: ``zoom = Owned("zoomer")``
    reads and writes ``table.zoomer.zoom`` (``Owned("log", "cache")``: another name there).
    The names a game table or a test has always used keep working."""

    __slots__ = ("name", "panel")

    def __init__(self, panel: str, name: str | None = None) -> None:
        self.panel = panel
        self.name = name

    def __set_name__(self, owner: type, name: str) -> None:
        if self.name is None:
            self.name = name

    def __get__(self, table: Any, owner: type | None = None) -> Any:
        if table is None:
            return self
        return getattr(table.__dict__[self.panel], self.name)  # type: ignore[arg-type]

    def __set__(self, table: Any, value: Any) -> None:
        setattr(table.__dict__[self.panel], self.name, value)  # type: ignore[arg-type]


class Ask:
    """A table method that a panel of that table answers: ``draw_zoom = Ask("zoomer", "draw")``
    is ``table.zoomer.draw``. A game table may still override the name (and call
    ``super()``); the panel calls such names through its table, so the override counts."""

    __slots__ = ("name", "panel")

    def __init__(self, panel: str, name: str) -> None:
        self.panel = panel
        self.name = name

    def __get__(self, table: Any, owner: type | None = None) -> Any:
        if table is None:
            return self
        return getattr(table.__dict__[self.panel], self.name)
