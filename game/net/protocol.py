"""The LAN wire format (DESIGN D4; the full description is ``docs/PROTOCOL.md``).

TCP, UTF-8 JSON, one object per line (``\\n``), at most :data:`MAX_LINE` bytes per line.
Every message is an object with a string ``type``. This module only turns bytes into
checked messages and back; it opens no socket and never evaluates anything it reads
(``json.loads`` only: no pickle, no eval).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

#: the newest protocol version; a host speaks every one of :data:`VERSIONS` (each
#: connection the one its hello asked for), the bundled client the newest
PROTOCOL_VERSION = 2
VERSIONS = (1, 2)
#: discovery datagrams keep their own version (1): listeners of every version hear them
DISCOVERY_VERSION = 1
DEFAULT_PORT = 41692
DISCOVERY_PORT = 41693
#: bytes per line, its terminator (``\n`` or ``\r\n``) not counted; longer lines are
#: refused with ``too_long``. Exact wherever TCP splits the line (:class:`LineReader`).
MAX_LINE = 64 * 1024
MAX_CHAT = 200
MAX_TOKEN = 64
#: chat lines a connection may send in a burst, then one per second (10 per 10 s)
CHAT_LIMIT = 10
CHAT_WINDOW = 10.0

#: per-connection token buckets, per message type: (burst, refill per second). A message
#: over its bucket is dropped and answered with ``too_fast`` (which counts as junk).
#: ``command`` charges only commands the host refuses (stale, illegal, ...): a command
#: the rules accept moves the game on and is never limited.
RATES: dict[str, tuple[float, float]] = {
    "hello": (5, 0.5),
    "ping": (20, 10.0),
    "chat": (CHAT_LIMIT, CHAT_LIMIT / CHAT_WINDOW),
    "ready": (5, 1.0),
    "start": (3, 0.5),
    "standin": (12, 1.0),  # the owner's "Bots now" may hand every away seat of a 12-seat table at once
    "command": (20, 5.0),
    "resync": (5, 0.5),
}

#: every error code the host sends, with what it means (docs/PROTOCOL.md lists the same)
ERROR_CODES: dict[str, str] = {
    "bad_json": "the line is not UTF-8 JSON",
    "too_long": "the line is longer than 65,536 bytes; it was thrown away unread",
    "not_object": "the JSON is not an object with a string 'type'",
    "unknown_type": "no client message has this 'type'",
    "bad_field": "a field is missing or has the wrong type or size",
    "hello_first": "the first message must be 'hello' (or 'ping')",
    "already_joined": "this connection already said hello",
    "version": "the host speaks other protocol versions",
    "bad_token": "the token is not one this host handed out",
    "table_full": "every seat is taken; say hello again with spectate=true",
    "not_started": "the game has not started yet",
    "spectator": "spectators cannot send commands",
    "stale": "the command was for an older state_id; a fresh update follows (once per state)",
    "illegal": "the rules refuse the command; 'rule' has the engine's code",
    "not_owner": "only the host's own seat may start the game",
    "too_fast": "over this message type's rate limit; the message was dropped",
    "too_many_errors": "too many errors (or wrong tokens) in a short time; the host closes the connection",
    "busy": "the host has too many connections (or too many new ones from your address); try again soon",
    "seat_in_use": "another live connection holds this seat's token; join as a new player or wait",
    "too_slow": "no hello within the hello deadline; the host closes the connection",
    "not_away": "that seat is not waiting for its player, so no bot can take it over now",
    "internal": "the host failed to handle the message; nothing changed",
}

#: errors that are a client's fault at the protocol level; they count towards the junk limit
#: (a ``stale`` command counts too when it is not the first one at the same state)
JUNK_CODES = frozenset(
    {
        "bad_json",
        "too_long",
        "not_object",
        "unknown_type",
        "bad_field",
        "hello_first",
        "already_joined",
        "version",
        "not_owner",
        "too_fast",
    }
)

CLIENT_TYPES = ("hello", "command", "chat", "ping", "ready", "start", "standin", "resync")


class ProtocolError(Exception):
    """A message the host refuses; answered with ``{"type":"error","code":..,"message":..}``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def encode(message: dict[str, Any]) -> bytes:
    """One message as one line of UTF-8 JSON, newline included."""
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        return (text + "\n").encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate from somewhere: escape it rather than fail
        return (json.dumps(message, separators=(",", ":"), allow_nan=False) + "\n").encode("ascii")


def error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    out = {"type": "error", "code": code, "message": message}
    out.update(extra)
    return out


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def decode_line(raw: bytes) -> dict[str, Any]:
    """Parse one line (without its newline) into a message object.

    Raises :class:`ProtocolError` (``too_long``, ``bad_json`` or ``not_object``). Any
    failure of the parser itself (deep nesting, giant numbers) is a ``bad_json``."""
    if len(raw) > MAX_LINE:
        raise ProtocolError("too_long", f"A line may hold at most {MAX_LINE} bytes.")
    try:
        text = raw.decode("utf-8")
        message = json.loads(text, parse_constant=_no_constants)
    except Exception as exc:  # UnicodeDecodeError, ValueError, RecursionError …
        raise ProtocolError("bad_json", f"Not UTF-8 JSON ({type(exc).__name__}).") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("not_object", "A message must be a JSON object with a string 'type'.")
    return message


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _field(message: dict[str, Any], key: str, kinds: tuple[type, ...], required: bool = True) -> Any:
    if key not in message or message[key] is None:
        if required:
            raise ProtocolError("bad_field", f"'{message['type']}' needs a '{key}' field.")
        return None
    value = message[key]
    if int in kinds and _is_int(value):
        return value
    if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:
        names = " or ".join(k.__name__ for k in kinds)
        raise ProtocolError("bad_field", f"'{key}' must be {names}.")
    return value


def check_client_message(message: dict[str, Any]) -> dict[str, Any]:
    """Check a client message's fields; returns the same dict. Unknown extra fields are
    ignored (so newer clients may add some). Raises :class:`ProtocolError`."""
    kind = message["type"]
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"Unknown message type {kind[:40]!r}.")
    if kind == "hello":
        name = _field(message, "name", (str,))
        if len(name) > 200:
            raise ProtocolError("bad_field", "'name' is too long.")
        version = _field(message, "version", (int,))
        if version not in VERSIONS:
            raise ProtocolError(
                "version", f"This host speaks protocol versions {', '.join(map(str, VERSIONS))}, not {version}."
            )
        token = _field(message, "token", (str,), required=False)
        if token is not None and len(token) > MAX_TOKEN:
            raise ProtocolError("bad_field", "'token' is too long.")
        _field(message, "spectate", (bool,), required=False)
    elif kind == "command":
        sid = _field(message, "state_id", (int,))
        if sid < 0:
            raise ProtocolError("bad_field", "'state_id' must not be negative.")
        command = _field(message, "command", (dict,))
        if not isinstance(command.get("type"), str):
            raise ProtocolError("bad_field", "'command' must be an object with a string 'type'.")
    elif kind == "chat":
        text = _field(message, "text", (str,))
        if len(text) > MAX_CHAT:
            raise ProtocolError("bad_field", f"A chat line holds at most {MAX_CHAT} characters.")
    elif kind == "ready":
        _field(message, "ready", (bool,), required=False)
    elif kind == "standin":
        seat = _field(message, "seat", (int,))
        if not 0 <= seat < 64:
            raise ProtocolError("bad_field", "'seat' must be a seat number.")
    return message


def chat_speaker(message: dict[str, Any]) -> str:
    """Who said a chat line, as every screen shows it: ``Ann (seat 1)`` or
    ``Eve (spectator)`` (names are unique at a table; the tag says who holds a seat)."""
    name = str(message.get("name") or "?")
    seat = message.get("seat")
    if message.get("spectator") or not isinstance(seat, int) or isinstance(seat, bool):
        return f"{name} (spectator)"
    return f"{name} (seat {seat + 1})"


def clean_text(text: str, limit: int = MAX_CHAT) -> str:
    """Chat text safe to show anywhere: printable characters only, trimmed, capped."""
    return "".join(ch for ch in text if ch.isprintable()).strip()[:limit]


class LineReader:
    """Splits a byte stream into lines, never holding more than ``MAX_LINE + 1`` bytes of one.

    A line is at most ``limit`` bytes, its terminator (``\n``, or ``\r\n``) not counted;
    whether it is accepted never depends on where the stream was split (the one byte
    of slack is for the ``\r`` of a CRLF that arrives before its ``\n``).
    :meth:`feed` returns the complete lines; an overlong line comes out as ``None``
    (once), and the rest of it is skipped up to its newline."""

    def __init__(self, limit: int = MAX_LINE) -> None:
        self.limit = limit
        self._buf = bytearray()
        self._skipping = False

    @property
    def buffered(self) -> int:
        """Bytes of an unfinished line held (at most ``limit + 1``)."""
        return len(self._buf)

    def feed(self, data: bytes) -> list[bytes | None]:
        out: list[bytes | None] = []
        start = 0
        room = self.limit + 1  # a trailing \r may still arrive before the \n
        while True:
            nl = data.find(b"\n", start)
            if nl < 0:
                chunk = data[start:]
                if self._skipping:
                    return out
                if len(self._buf) + len(chunk) > room:
                    self._buf.clear()
                    self._skipping = True
                    out.append(None)
                else:
                    self._buf += chunk
                return out
            chunk = data[start:nl]
            start = nl + 1
            if self._skipping:
                self._skipping = False
                continue
            if len(self._buf) + len(chunk) > room:
                self._buf.clear()
                out.append(None)
                continue
            line = bytes(self._buf + chunk) if self._buf else bytes(chunk)
            self._buf.clear()
            if line.endswith(b"\r"):
                line = line[:-1]
            if len(line) > self.limit:
                out.append(None)
            elif line.strip():
                out.append(line)


class Bucket:
    """A token bucket: ``burst`` tokens, refilled at ``rate`` per second."""

    __slots__ = ("burst", "rate", "tokens", "at")

    def __init__(self, burst: float, rate: float, now: float) -> None:
        self.burst, self.rate, self.tokens, self.at = float(burst), float(rate), float(burst), now

    def take(self, now: float, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens if there are that many; False (nothing spent) otherwise."""
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.at) * self.rate)
        self.at = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False


@dataclass(frozen=True)
class Address:
    host: str
    port: int

    def __str__(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> Address:
    """``HOST``, ``HOST:PORT`` or ``[IPv6]:PORT`` -> :class:`Address`; ``ValueError`` with a
    one-line reason otherwise. No name is looked up here."""
    text = (text or "").strip()
    if not text:
        raise ValueError("empty address")
    host, port_text = text, None
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError(f"bad address {text!r} (missing ']')")
        host, rest = text[1:end], text[end + 1 :]
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"bad address {text!r}")
            port_text = rest[1:]
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    elif text.count(":") > 1:
        host = text  # a bare IPv6 address
        if not all(c in "0123456789abcdefABCDEF:." for c in host):
            raise ValueError(f"bad address {text!r}")
    port = default_port
    if port_text is not None:
        if not port_text.isdigit():
            raise ValueError(f"bad port {port_text!r} in {text!r}")
        port = int(port_text)
    if not 1 <= port <= 65535:
        raise ValueError(f"port {port} is out of range (1-65535)")
    if not host or any(c.isspace() or c in "/\\@?#" for c in host):
        raise ValueError(f"bad host name {host!r}")
    if len(host) > 253:
        raise ValueError(f"bad host name {host[:40]!r}...")
    return Address(host, port)
