"""YAML card sets -> frozen, validated definitions.

A card file ``cards/<game>.yaml`` is a mapping of section name -> list of entries (plus
``game`` and an optional ``title``). Each rules module describes its sections with frozen
dataclasses; :func:`load_card_set` checks every entry against them and returns tuples of
instances. Anything wrong (bad YAML, unknown or missing field, wrong type, wrong count)
raises :class:`CardDataError` with one line naming the file, the card and the field.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import yaml

from game.engine.errors import CardDataError
from game.paths import cards_dir

CardSet = dict[str, tuple[Any, ...]]
# fail(card_id, field, problem) -> the error to raise, naming the file
_Fail = Callable[[str, str, str], CardDataError]

_CACHE: dict[tuple[Any, ...], CardSet] = {}


def default_cards_dir() -> Path:
    # The engine stays free of UI code, but may ask where data lives (game.paths).
    return cards_dir()


def load_card_set(
    game: str,
    sections: Mapping[str, type],
    path: Path | str | None = None,
    check: Callable[[CardSet, Callable[[str, str, str], CardDataError]], None] | None = None,
) -> CardSet:
    """Load and validate ``cards/<game>.yaml`` (or ``path``).

    ``sections`` maps each section name to a frozen dataclass; every field without a
    default is required and no other field is allowed. ``check`` may test whole-set
    rules (totals, references) and raise the error built by its second argument,
    ``fail(card_id, field, problem)``. Results are cached per path.
    """
    file = Path(path) if path is not None else default_cards_dir() / f"{game}.yaml"
    key = (str(file.resolve()), game, tuple(sections))
    if key in _CACHE:
        return _CACHE[key]
    label = _label(file)

    def fail(card: str, field: str, problem: str) -> CardDataError:
        where = f"card {card!r}" if card else "file"
        return CardDataError(f"{label}: {where}, field {field!r}: {problem}")

    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardDataError(f"{label}: cannot read the file ({exc.strerror or exc})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or "not valid YAML"
        raise CardDataError(f"{label}: bad YAML{where}: {problem}") from None
    if not isinstance(data, dict):
        raise fail("", "(top)", "expected a mapping of sections")
    if data.get("game") != game:
        raise fail("", "game", f"expected {game!r}, found {data.get('game')!r}")
    extra = sorted(set(data) - set(sections) - {"game", "title"})
    if extra:
        raise fail("", extra[0], "unknown section")

    result: CardSet = {}
    seen_ids: set[str] = set()
    for section, cls in sections.items():
        entries = data.get(section)
        if not isinstance(entries, list) or not entries:
            raise fail("", section, "missing section (expected a list of cards)")
        built = []
        for index, entry in enumerate(entries):
            built.append(_build(cls, entry, f"{section}[{index}]", fail, seen_ids))
        result[section] = tuple(built)
    if check is not None:
        check(result, fail)
    _CACHE[key] = result
    return result


def _label(file: Path) -> str:
    parts = file.parts
    return "/".join(parts[-2:]) if len(parts) >= 2 else str(file)


def _build(cls: type, entry: Any, where: str, fail: _Fail, seen_ids: set[str]) -> Any:
    if not isinstance(entry, dict):
        raise fail(where, "(entry)", "expected a mapping of fields")
    card = str(entry.get("id", where))
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    for name in entry:
        if name not in fields:
            raise fail(card, str(name), "unknown field")
    values = {}
    for name, field in fields.items():
        if name not in entry:
            if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
                raise fail(card, name, "missing")
            continue
        values[name] = _coerce(entry[name], hints[name], card, name, fail)
    if "id" in values:
        if values["id"] in seen_ids:
            raise fail(card, "id", "duplicate id")
        seen_ids.add(values["id"])
    return cls(**values)


def _coerce(value: Any, hint: Any, card: str, name: str, fail: _Fail) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _coerce(value, inner[0], card, name, fail)
    if hint is bool:
        if not isinstance(value, bool):
            raise fail(card, name, f"expected true/false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail(card, name, f"expected a whole number, got {value!r}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise fail(card, name, f"expected a number, got {value!r}")
        return float(value)
    if hint is str:
        if not isinstance(value, str) or not value.strip():
            raise fail(card, name, f"expected text, got {value!r}")
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise fail(card, name, f"expected a list, got {value!r}")
        return tuple(_coerce(v, args[0], card, name, fail) for v in value)
    # Only a ``dict[...]`` field is frozen into a read-only mapping: ``typing.get_origin`` of
    # ``Mapping[K, V]`` is ``collections.abc.Mapping``, which this test never matched, so a
    # ``Mapping`` field keeps the YAML's own dict (tests and tools deep-copy matches with their
    # catalogs, and a mappingproxy cannot be deep-copied). Said explicitly so that importing
    # ``Mapping`` from collections.abc instead of typing changes nothing.
    if origin is dict or hint is dict:
        if not isinstance(value, dict):
            raise fail(card, name, f"expected a mapping, got {value!r}")
        key_t, val_t = args if args else (str, object)
        out = {}
        for k, v in value.items():
            out[_coerce(k, key_t, card, name, fail)] = v if val_t is object else _coerce(v, val_t, card, name, fail)
        return types.MappingProxyType(out)
    return value
