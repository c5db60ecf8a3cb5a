"""What each connection is told about the game: updates (docs/PROTOCOL.md §4 "update").

An update is about ``view(seat)`` of that connection only (spectators: ``view(None)``),
the seat's log since its previous update (with the host's own notes in place) and
``legal(seat)``. In protocol version 1 every update carries the whole view and legal
list. In version 2 it carries the view as an RFC 6902 patch against the view this
connection holds, and the legal list only when it changed (:mod:`game.net.patch`); a
full update (the whole view, log and legal list) goes on join, on rejoin and whenever
the client asks (``resync``).

A connection with much unsent output gets its update once it drains (updates carry
everything since the last one, so skipping some loses nothing). No line exceeds the
line limit, in either version: what does not fit is split over several lines
(:func:`v1_lines`, :func:`v2_lines`, as the protocol documents).

After a change every connection at the same seat and state gets the same bytes, so
lines are made once per (seat, state the connection holds, version) and reused.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from game.net import patch
from game.net import protocol as proto
from game.net.host.config import OUTPUT_LOW
from game.net.host.connections import Connection

if TYPE_CHECKING:
    from game.net.host.server import Host

log = logging.getLogger("game.net.host")

#: bytes kept free on every line for the fields around the split parts
MARGIN = 512


def _margin() -> int:
    return min(MARGIN, proto.MAX_LINE // 8)


class Updates:
    """Builds and sends the updates of one host's connections."""

    def __init__(self, host: Host) -> None:
        self.host = host
        #: state id these caches are for; seat -> view / legal list at that state
        self._sid: int | None = None
        self._views: dict[int | None, dict[str, Any]] = {}
        self._legal: dict[int | None, list[Any]] = {}
        #: while :meth:`everyone` runs: (seat, state held, version) -> the lines made
        self._lines: dict[tuple[Any, ...], list[bytes]] | None = None
        #: bytes of update lines sent, for benchmarks: count and total per version
        self.sent = {1: [0, 0], 2: [0, 0]}

    def queue(self, conn: Connection) -> None:
        """Send ``conn`` an update now, or, while it has much unsent, once it drains."""
        if len(conn.outbuf) <= OUTPUT_LOW:
            self.send(conn)
        else:
            if conn.update_due:
                self.host.stats["coalesced"] += 1
            conn.update_due = True

    def everyone(self, first: Connection | None = None) -> float | None:
        """Every joined connection gets its update: ``first`` (whose command it was) at
        once (returns the perf_counter time it was out), then the others; connections at the same seat and state share one set of
        lines. The others' lines are all made before any is sent (each send wakes a
        client, which would compete with the host for the processor meanwhile)."""
        conns = [c for c in self.host.conns.values() if c.joined]
        self._lines = {}
        first_out = None
        try:
            if first is not None and first in conns:
                conns.remove(first)
                self.queue(first)
                first_out = time.perf_counter()
            ready = []
            for conn in conns:
                if len(conn.outbuf) <= OUTPUT_LOW:
                    ready.append((conn, self._prepare(conn)))
                else:
                    if conn.update_due:
                        self.host.stats["coalesced"] += 1
                    conn.update_due = True
            for conn, lines in ready:
                self._deliver(conn, lines)
        finally:
            self._lines = None
        return first_out

    def resync(self, conn: Connection) -> None:
        """The client asks for everything again (version 2): a full update."""
        conn.last_sid = None
        conn.held_view = conn.held_legal = None
        self.queue(conn)

    # ------------------------------------------------------------------ per state ---
    def _fresh(self) -> None:
        sid = self.host.match.state_id  # type: ignore[union-attr]
        if sid != self._sid:
            self._sid = sid
            self._views.clear()
            self._legal.clear()

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.host.match.view(seat)  # type: ignore[union-attr]
        return view

    def legal(self, seat: int | None) -> list[Any]:
        if seat is None:
            return []
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self.host.match.legal(seat)  # type: ignore[union-attr]
        return legal

    # ------------------------------------------------------------------ sending -----
    def send(self, conn: Connection) -> None:
        """The update ``conn`` is owed, now."""
        self._deliver(conn, self._prepare(conn))

    def _prepare(self, conn: Connection) -> list[bytes]:
        """The lines of ``conn``'s update; from here on the connection holds that state."""
        match = self.host.match
        assert match is not None
        self._fresh()
        conn.update_due = False
        key = (conn.seat, conn.last_sid, conn.version)
        lines = self._lines.get(key) if self._lines is not None else None
        if lines is None:
            lines = self._make(conn)
            if self._lines is not None:
                self._lines[key] = lines
        conn.last_sid = match.state_id
        conn.held_view, conn.held_legal = self.view(conn.seat), self.legal(conn.seat)
        return lines

    def _deliver(self, conn: Connection, lines: list[bytes]) -> None:
        counter = self.sent[conn.version]
        for data in lines:
            counter[0] += 1
            counter[1] += len(data)
            self.host.net.send_bytes(conn, data)

    def _make(self, conn: Connection) -> list[bytes]:
        host = self.host
        match = host.match
        assert match is not None
        seat = conn.seat
        full = conn.last_sid is None
        since = 0 if conn.last_sid is None else conn.last_sid + 1
        notes = host.notes
        events = match.log_with_notes(seat, notes, since=since) if notes else match.log(seat, since=since)
        view, legal = self.view(seat), self.legal(seat)
        extra: dict[str, Any] = {}
        clocks = host.timers.message()
        if clocks is not None:
            extra["clocks"] = clocks
        if match.over:
            extra["result"] = match.result()
        if conn.version >= 2:
            ops = None if full or conn.held_view is None else patch.diff(conn.held_view, view)
            changed = full or conn.held_legal is None or legal != conn.held_legal
            return v2_lines(match.state_id, full, view, ops, legal if changed else None, events, extra)
        return v1_lines(full, view, legal, events, extra)


# ---------------------------------------------------------------------- the lines -----
def _fits(data: bytes) -> bool:
    return len(data) <= proto.MAX_LINE + 1  # the newline is not counted


def _pack(items: list[Any], budget: int) -> list[list[Any]]:
    """``items`` in consecutive pieces of at most ``budget`` encoded bytes each."""
    pieces: list[list[Any]] = [[]]
    size = 0
    for item in items:
        cost = patch.encoded_size(item) + 1
        if pieces[-1] and size + cost > budget:
            pieces.append([])
            size = 0
        pieces[-1].append(item)
        size += cost
    return pieces


def v1_lines(
    full: bool, view: dict[str, Any], legal: list[Any], events: list[Any], extra: dict[str, Any]
) -> list[bytes]:
    """A version-1 update: the whole view and legal list. Too long for a line: several
    updates in a row with the same view, the events split among them and the legal list
    too (every part but the last marked ``legal_more``: a client that knows it joins the
    parts; one that does not keeps the last part, still legal commands)."""
    update = {"type": "update", "view": view, "events": events, "legal": legal, "full": full, **extra}
    data = proto.encode(update)
    if _fits(data):
        return [data]
    base = len(
        proto.encode(
            {"type": "update", "view": view, "events": [], "legal": [], "full": full, "legal_more": True, **extra}
        )
    )
    budget = proto.MAX_LINE - base - _margin()
    if budget < 4096:  # the view itself (nearly) fills a line: it travels in pieces
        return split_lines(
            view["state_id"] if isinstance(view.get("state_id"), int) else 0,
            full,
            view,
            patch.as_ops(view),
            legal,
            events,
            extra,
        )
    lines = []
    event_parts = _pack(events, budget)
    for i, part in enumerate(event_parts):
        last = i == len(event_parts) - 1
        lines.append(
            {
                "type": "update",
                "view": view,
                "events": part,
                "legal": legal if last else [],
                "full": full and i == 0,
                **extra,
            }
        )
        if not last:
            lines[-1]["legal_more"] = True  # the legal list follows with the last part
    tail = lines[-1]
    room = budget - patch.encoded_size(tail["events"])
    legal_parts = _pack(legal, max(room, 64)) if patch.encoded_size(legal) > room else [legal]
    if len(legal_parts) > 1:
        tail["legal"], tail["legal_more"] = legal_parts[0], True
        legal_parts = _pack(legal[len(legal_parts[0]) :], budget)
        for i, part in enumerate(legal_parts):
            lines.append({"type": "update", "view": view, "events": [], "legal": part, "full": False, **extra})
            if i < len(legal_parts) - 1:
                lines[-1]["legal_more"] = True
    return [proto.encode(line) for line in lines]


def v2_lines(
    state_id: int,
    full: bool,
    view: dict[str, Any],
    ops: list[Any] | None,
    legal: list[Any] | None,
    events: list[Any],
    extra: dict[str, Any],
) -> list[bytes]:
    """A version-2 update: ``view`` when full (else the patch ``ops``), ``legal`` when it
    changed, the new events. Too long for a line: several update lines for the same
    ``state_id``, every one but the last marked ``more``; the view then travels as patch
    operations (a full view as its own :func:`game.net.patch.as_ops`), and the lines'
    ``patch`` are applied in order, their ``legal`` and ``events`` joined in order."""
    update: dict[str, Any] = {"type": "update", "state_id": state_id, "full": full}
    if full:
        update["view"] = view
    elif ops:
        update["patch"] = ops
    if legal is not None:
        update["legal"] = legal
    if events or full:
        update["events"] = events
    update.update(extra)
    data = proto.encode(update)
    if _fits(data):
        return [data]
    return split_lines(state_id, full, view, patch.as_ops(view) if full else (ops or []), legal, events, extra)


def split_lines(
    state_id: int,
    full: bool,
    view: dict[str, Any],
    ops: list[Any],
    legal: list[Any] | None,
    events: list[Any],
    extra: dict[str, Any],
) -> list[bytes]:
    """An update too long for one line as several lines for one ``state_id``, all but
    the last marked ``more``: ``ops`` (the view's patch, or the whole view as operations)
    cut into ``patch`` parts, then ``legal`` and ``events`` parts (docs/PROTOCOL.md §4)."""
    budget = (
        proto.MAX_LINE
        - _margin()
        - len(proto.encode({"type": "update", "state_id": state_id, "full": full, "more": True, **extra}))
    )
    op_parts = patch.split_ops(ops, budget)
    parts: list[dict[str, Any]] = [{"patch": part} for part in op_parts if part]
    if legal is not None:
        for piece in _pack(legal, budget):
            parts.append({"legal": piece})
    for piece in _pack(events, budget):
        if piece:
            parts.append({"events": piece})
    lines: list[dict[str, Any]] = []
    size = 0
    for part in parts:  # pack the parts onto as few lines as fit
        cost = patch.encoded_size(part)
        if lines and size + cost <= budget and not (set(part) & set(lines[-1])):
            lines[-1].update(part)
            size += cost
        else:
            lines.append({"type": "update", "state_id": state_id, "full": full and not lines, **part})
            size = cost
    if full and not any("events" in line for line in lines):
        lines[0]["events"] = []
    for line in lines[:-1]:
        line["more"] = True
    lines[-1].update(extra)
    return [proto.encode(line) for line in lines]
