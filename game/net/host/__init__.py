"""The LAN host (DESIGN D4, docs/PROTOCOL.md), in parts with one job each; see
:mod:`game.net.host.server` for how they fit together.

Public names: :class:`Host`, :class:`Timings`, :class:`Limits`, :data:`OUTPUT_LOW`
(and the parts' records :class:`Seat`, :class:`Connection`).
"""

from __future__ import annotations

from game.net.host.config import OUTPUT_LOW, STANDIN_LEVEL, Limits, Timings
from game.net.host.connections import Connection
from game.net.host.server import Host
from game.net.host.table import Seat

__all__ = ["Host", "Timings", "Limits", "OUTPUT_LOW", "STANDIN_LEVEL", "Seat", "Connection"]
