"""LAN play (DESIGN D4): the host, the client library, discovery and the wire format.

Only this package opens sockets. The wire format is described in ``docs/PROTOCOL.md``.
"""

from __future__ import annotations

from game.net.protocol import DEFAULT_PORT, MAX_LINE, PROTOCOL_VERSION

__all__ = ["DEFAULT_PORT", "MAX_LINE", "PROTOCOL_VERSION"]
