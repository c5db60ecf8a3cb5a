"""Command shape and seat checks, done once in :class:`~game.engine.match.Match` before
any rules code sees the input (DESIGN D2: only ``IllegalCommand`` ever leaves ``apply``,
``view``, ``log`` or ``legal`` for bad input of any shape).

A command that passes :func:`check_command` is plain JSON data of bounded size:

* a ``dict`` whose ``type`` is a non-empty string;
* every mapping has string keys of at most :data:`MAX_KEY` characters;
* every value is ``None``, ``bool``, ``int`` (at most :data:`MAX_INT` in size),
  finite ``float``, ``str`` (at most :data:`MAX_STR` characters, valid Unicode with no
  lone surrogates), ``list`` or ``dict`` — exact types, no subclasses, no tuples;
* nesting at most :data:`MAX_DEPTH` deep and at most :data:`MAX_NODES` values in all.

So rules code may compare, hash and (through :func:`shown`) quote any field without a
``RecursionError``, a ``ValueError`` from a 5,000-digit integer, or a megabyte message.
The walk is iterative, so the check itself never recurses.
"""

from __future__ import annotations

import math
from typing import Any

from game.engine.errors import IllegalCommand

#: deepest nesting of lists and objects (the command object itself is depth 1)
MAX_DEPTH = 8
#: values in one command, containers and scalars together
MAX_NODES = 2000
#: characters in one string value (free text is capped lower by the rules: 200)
MAX_STR = 1000
#: characters in one key
MAX_KEY = 64
#: the largest integer a command may hold (JSON's safe integer range)
MAX_INT = 2**53 - 1
#: characters of a quoted value in a message
SHOWN = 40

_SCALARS = (type(None), bool, int, float, str)


def _bad(message: str) -> IllegalCommand:
    return IllegalCommand("bad_command", message)


def check_command(command: Any) -> dict[str, Any]:
    """Refuse anything that is not a well-formed, bounded JSON command; return it."""
    if type(command) is not dict:
        raise _bad("A command must be an object with a 'type'.")
    nodes = 0
    stack: list[tuple[Any, int]] = [(command, 1)]
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise _bad("A command may hold at most 2000 values.")
        kind = type(value)
        if kind is dict:
            if depth > MAX_DEPTH:
                raise _bad(f"A command may nest lists and objects at most {MAX_DEPTH} deep.")
            for key, item in value.items():
                if type(key) is not str:
                    raise _bad("A command's field names must be text.")
                if len(key) > MAX_KEY:
                    raise _bad(f"A field name may be at most {MAX_KEY} characters long.")
                _check_text(key)
                stack.append((item, depth + 1))
        elif kind is list:
            if depth > MAX_DEPTH:
                raise _bad(f"A command may nest lists and objects at most {MAX_DEPTH} deep.")
            if len(value) > MAX_NODES:
                raise _bad("A command may hold at most 2000 values.")
            stack.extend((item, depth + 1) for item in value)
        elif kind is str:
            if len(value) > MAX_STR:
                raise _bad(f"A text in a command may be at most {MAX_STR} characters long.")
            _check_text(value)
        elif kind is int:
            if not -MAX_INT <= value <= MAX_INT:
                raise _bad("A number in a command is too large.")
        elif kind is float:
            if not math.isfinite(value):
                raise _bad("A number in a command must be finite (no NaN or infinity).")
            if not -MAX_INT <= value <= MAX_INT:
                raise _bad("A number in a command is too large.")
        elif kind is not bool and value is not None:
            raise _bad(
                "A command may hold only plain JSON values (text, numbers, true/false, null, lists and objects)."
            )
    ctype = command.get("type")
    if type(ctype) is not str or not ctype:
        raise _bad("A command must be an object with a 'type'.")
    return command


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise _bad("A text in a command is not valid Unicode.") from None


def valid_seat(seat: Any, seats: int) -> bool:
    """A seat is a plain ``int`` (never ``bool``, never ``float``) from 0 to seats - 1."""
    return type(seat) is int and 0 <= seat < seats


def check_seat(seat: Any, seats: int, spectator: bool) -> None:
    """Refuse anything but a seat at this table (or ``None`` when ``spectator``)."""
    if seat is None and spectator:
        return
    if not valid_seat(seat, seats):
        raise IllegalCommand("bad_seat", f"There is no seat {shown(seat)} at this table.")


def check_fields(command: dict[str, Any], fields: dict[str, tuple[set[Any], set[Any]]], game: str) -> None:
    """Refuse a command type ``fields`` does not know (``unknown_command``), or one
    missing a required field or carrying a field it does not take (``bad_command``,
    naming the first such field in sorted order). ``fields``: type -> (required, optional)."""
    ctype = command["type"]
    spec = fields.get(ctype)
    if spec is None:
        raise IllegalCommand("unknown_command", f"There is no command {shown(ctype)} in {game}.")
    required, optional = spec
    given = set(command) - {"type"}
    missing = sorted(required - given)
    if missing:
        raise IllegalCommand("bad_command", f"'{ctype}' needs the field {missing[0]!r}.")
    extra = sorted(given - required - optional)
    if extra:
        raise IllegalCommand("bad_command", f"'{ctype}' has no field {shown(extra[0])}.")


def shown(value: Any, limit: int = SHOWN) -> str:
    """``value`` quoted for a message, never longer than about ``limit`` characters and
    never failing: huge integers, deep lists and odd objects are described, not printed."""
    kind = type(value)
    if kind is str:
        text = repr(value[: limit + 1])
        return text if len(value) <= limit else text[:-1] + "…" + text[-1]
    if kind is bool or value is None:
        return repr(value)
    if kind is int:
        if not -(10**15) < value < 10**15:
            return "a very large number"
        return repr(value)
    if kind is float:
        if not math.isfinite(value):
            return "a number that is not finite"
        text = repr(value)
        return text if len(text) <= limit else "a very large number"
    if kind is list:
        return "a list"
    if kind is dict:
        return "an object"
    return "a value of the wrong kind"
