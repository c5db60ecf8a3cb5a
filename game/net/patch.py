"""Views as differences (protocol version 2, docs/PROTOCOL.md §4 "update, version 2").

A version-2 update carries, instead of the whole view, an RFC 6902 JSON Patch against the
view the connection already holds. JSON Patch and not RFC 7386 merge patch: a merge patch
cannot set a value to ``null`` (null means "delete" there, and views hold nulls that
matter: a hidden hand count, a spectator's seat) and replaces a changed list whole (a
view's ``players`` list holds every seat), while JSON Patch addresses list elements.

The host makes patches with :func:`diff` (``add``, ``remove`` and ``replace`` operations
only; lists element by element, or replaced whole when that is shorter): the general
``jsonpatch.make_patch`` looks for moves and copies and costs milliseconds per view, too
slow for a table of twelve; equal parts are skipped by one comparison in C. (So two
values Python calls equal count as equal inside objects and lists: ``1``, ``1.0`` and
``true`` there; a view never switches one for another.) Clients apply them with the ``jsonpatch`` library
(:func:`apply`), so what travels is plain RFC 6902 any JSON Patch library reads.

:func:`split_ops` cuts a patch (or a whole view, as ``add`` operations) into pieces that
fit a line, taking a value too big for one piece apart into smaller operations.
"""

from __future__ import annotations

import json
from typing import Any

import jsonpatch

_SEPARATORS = (",", ":")
#: a list whose first items went and new ones came at its end is sent as that, for up to
#: this many items gone (a view's window on the recent log)
MAX_SHIFT = 16
_MISSING = object()


def _pointer(path: str, key: str) -> str:
    if "~" in key or "/" in key:
        key = key.replace("~", "~0").replace("/", "~1")
    return f"{path}/{key}"


def diff(old: Any, new: Any) -> list[dict[str, Any]]:
    """An RFC 6902 patch turning ``old`` into ``new`` (both plain JSON data)."""
    ops: list[dict[str, Any]] = []
    if type(old) is not type(new) or old != new:
        _diff(old, new, "", ops)
    return ops


def _diff(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    """Append to ``ops`` what turns ``old`` into ``new``; the two differ (the caller
    compared them: equal parts are skipped by one comparison in C, not walked)."""
    kind = type(new)
    if kind is not type(old):
        ops.append({"op": "replace", "path": path, "value": new})
    elif kind is dict:
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": _pointer(path, key)})
        missing = _MISSING
        for key, value in new.items():
            before = old.get(key, missing)
            if before is missing:
                ops.append({"op": "add", "path": _pointer(path, key), "value": value})
            elif before is not value and (type(before) is not type(value) or before != value):
                _diff(before, value, _pointer(path, key), ops)
    elif kind is list:
        shifted = _shift(old, new, path)
        if shifted is not None:  # a window that moved on (the view's recent log)
            ops.extend(shifted)
            return
        mine: list[dict[str, Any]] = []
        common = min(len(old), len(new))
        for i in range(common):
            a, b = old[i], new[i]
            if a is not b and (type(a) is not type(b) or a != b):
                _diff(a, b, f"{path}/{i}", mine)
        for i in range(len(old) - 1, common - 1, -1):
            mine.append({"op": "remove", "path": f"{path}/{i}"})
        for i in range(common, len(new)):
            mine.append({"op": "add", "path": f"{path}/-", "value": new[i]})
        if len(mine) > max(1, len(new) // 2):
            ops.append({"op": "replace", "path": path, "value": new})  # a reshuffle: whole is shorter
        else:
            ops.extend(mine)
    else:
        ops.append({"op": "replace", "path": path, "value": new})


def _shift(old: list[Any], new: list[Any], path: str) -> list[dict[str, Any]] | None:
    """Ops for ``new`` = ``old`` without its first few items, plus items at the end, when
    that is so (at most :data:`MAX_SHIFT` items dropped); else None."""
    for j in range(1, min(len(old) // 2, MAX_SHIFT) + 1):
        kept = len(old) - j  # at least half of the old list stays
        if kept <= len(new) and old[j] == new[0]:
            if old[j:] == new[:kept]:
                ops: list[dict[str, Any]] = [{"op": "remove", "path": f"{path}/0"} for _ in range(j)]
                ops.extend({"op": "add", "path": f"{path}/-", "value": item} for item in new[kept:])
                return ops
    return None


def apply(document: Any, ops: list[dict[str, Any]]) -> Any:
    """``document`` with the RFC 6902 patch ``ops`` applied (the document is changed in
    place where possible; use the returned value). Raises ``ValueError`` for a patch that
    does not apply."""
    try:
        return jsonpatch.apply_patch(document, ops, in_place=True)
    except (jsonpatch.JsonPatchException, jsonpatch.JsonPointerException, KeyError, IndexError, TypeError) as exc:
        raise ValueError(f"patch does not apply: {exc}") from None


def encoded_size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=_SEPARATORS).encode("utf-8"))


def as_ops(view: dict[str, Any]) -> list[dict[str, Any]]:
    """A whole view as a patch (replace the root by an empty object, add each key)."""
    ops: list[dict[str, Any]] = [{"op": "replace", "path": "", "value": {}}]
    ops.extend({"op": "add", "path": _pointer("", str(key)), "value": value} for key, value in view.items())
    return ops


def _smaller(op: dict[str, Any], budget: int) -> list[dict[str, Any]]:
    """``op`` as several operations, none with a value over ``budget`` bytes (a dict or
    list value is added empty, then filled key by key or item by item)."""
    value = op.get("value")
    if op["op"] not in ("add", "replace") or encoded_size(op) <= budget:
        return [op]
    if isinstance(value, dict):
        out = [{"op": op["op"], "path": op["path"], "value": {}}]
        for key, item in value.items():
            out.extend(_smaller({"op": "add", "path": _pointer(op["path"], str(key)), "value": item}, budget))
        return out
    if isinstance(value, list):
        out = [{"op": op["op"], "path": op["path"], "value": []}]
        for item in value:
            out.extend(_smaller({"op": "add", "path": f"{op['path']}/-", "value": item}, budget))
        return out
    return [op]  # one string over the budget: cannot be cut (the engine's texts are short)


def split_ops(ops: list[dict[str, Any]], budget: int) -> list[list[dict[str, Any]]]:
    """``ops`` in consecutive pieces of at most ``budget`` encoded bytes each (applied in
    order they give the same result)."""
    pieces: list[list[dict[str, Any]]] = [[]]
    size = 0
    for op in ops:
        for part in _smaller(op, budget):
            cost = encoded_size(part) + 1
            if pieces[-1] and size + cost > budget:
                pieces.append([])
                size = 0
            pieces[-1].append(part)
            size += cost
    return pieces
