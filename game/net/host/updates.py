"""What each connection is told about the game: updates (docs/PROTOCOL.md §4 "update").

An update carries ``view(seat)`` of that connection only (spectators: ``view(None)``),
the seat's log since its previous update (with the host's own notes in place) and
``legal(seat)``. A connection with much unsent output gets its update once it drains
(updates carry everything since the last one, so skipping some loses nothing). No line
exceeds the line limit: a batch of events too long for one line is split over several
updates with the same view and legal list.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.net import protocol as proto
from game.net.host.config import OUTPUT_LOW
from game.net.host.connections import Connection

if TYPE_CHECKING:
    from game.net.host.server import Host


class Updates:
    """Builds and sends the updates of one host's connections."""

    def __init__(self, host: "Host") -> None:
        self.host = host

    def queue(self, conn: Connection) -> None:
        """Send ``conn`` an update now, or, while it has much unsent, once it drains."""
        if len(conn.outbuf) <= OUTPUT_LOW:
            self.send(conn)
        else:
            if conn.update_due:
                self.host.stats["coalesced"] += 1
            conn.update_due = True

    def everyone(self) -> None:
        for conn in list(self.host.conns.values()):
            if conn.joined:
                self.queue(conn)

    def send(self, conn: Connection) -> None:
        host = self.host
        match = host.match
        assert match is not None
        conn.update_due = False
        seat = conn.seat
        full = conn.last_sid is None
        since = 0 if full else conn.last_sid + 1
        notes = host.notes
        events = match.log_with_notes(seat, notes, since=since) if notes else match.log(seat, since=since)
        view = match.view(seat)
        legal = match.legal(seat) if seat is not None else []
        conn.last_sid = match.state_id
        update = {"type": "update", "view": view, "events": events, "legal": legal, "full": full}
        clocks = host.timers.message()
        if clocks is not None:
            update["clocks"] = clocks
        if match.over:
            update["result"] = match.result()
        data = proto.encode(update)
        if len(data) <= proto.MAX_LINE + 1:
            host.net.send_bytes(conn, data)
            return
        # too long for one line: the same view and legal, the events split over several
        for chunk_no, chunk in enumerate(event_chunks(view, legal, events)):
            update = {"type": "update", "view": view, "events": chunk, "legal": legal,
                      "full": full and chunk_no == 0}
            if clocks is not None:
                update["clocks"] = clocks
            if match.over:
                update["result"] = match.result()
            host.net.send(conn, update)


def event_chunks(view: dict, legal: list, events: list) -> list[list]:
    """Split ``events`` so that no update line exceeds the line limit."""
    base = len(proto.encode({"type": "update", "view": view, "events": [], "legal": legal,
                             "full": False, "result": {"scores": [0] * 8, "winners": list(range(8))}}))
    budget = proto.MAX_LINE - base - 64
    chunks: list[list] = [[]]
    size = 0
    for event in events:
        cost = len(proto.encode(event))
        if chunks[-1] and size + cost > budget:
            chunks.append([])
            size = 0
        chunks[-1].append(event)
        size += cost
    return chunks
