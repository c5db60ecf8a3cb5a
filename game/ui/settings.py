"""Player settings remembered between runs (window size, full screen, sound volume,
animation speed), kept as ``settings.json`` in the user data folder.

Reading never fails and never stops the app, whatever the file holds. Each setting is
checked on its own: a value of the wrong type (``"fullscreen": "yes"``, a string for a
width, NaN) falls back to that setting's default, a number out of range is pulled into
range, keys this version does not know are ignored, and keys an older file lacks get
their defaults. A file that cannot be read at all (truncated, not JSON, not an object,
unreadable) gives the defaults. :func:`read_settings` returns the settings together with
one sentence per value it could not use, for the app to tell the player once at start
(plus one log line); the file is left alone until the player saves new settings.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.paths import user_data_dir
from game.saves import write_atomic

log = logging.getLogger(__name__)

FILE_NAME = "settings.json"

#: window size presets offered by the settings scene (the window stays resizable)
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080), (1024, 640))
#: room the window's frame and the desktop's own bars take (title bar, taskbar): a
#: window size fits a desktop when the size plus this room does
FRAME_ROOM: tuple[int, int] = (16, 72)
#: the smallest window the tables are laid out for
MIN_WINDOW: tuple[int, int] = (960, 600)


def fits(size: tuple[int, int], desktop: tuple[int, int] | None) -> bool:
    """Whether a window of ``size`` fits on ``desktop`` with its frame (None = no limit)."""
    if desktop is None:
        return True
    return size[0] + FRAME_ROOM[0] <= desktop[0] and size[1] + FRAME_ROOM[1] <= desktop[1]


def window_sizes_for(desktop: tuple[int, int] | None, current: tuple[int, int] | None = None) -> list[tuple[int, int]]:
    """The window sizes Settings offers on ``desktop``: the presets that fit, plus the
    current size when it fits and is not a preset; smallest first."""
    sizes = {tuple(s) for s in WINDOW_SIZES if fits(s, desktop)}
    if current is not None and fits(current, desktop):
        sizes.add(tuple(current))
    if not sizes:  # a desktop smaller than every preset: the smallest window we lay out
        sizes.add(MIN_WINDOW)
    return sorted(sizes, key=lambda s: (s[0] * s[1], s))


def largest_window(desktop: tuple[int, int]) -> tuple[int, int]:
    """The largest window that fits ``desktop`` with its frame (never below the smallest
    window the tables are laid out for)."""
    return (max(MIN_WINDOW[0], desktop[0] - FRAME_ROOM[0]), max(MIN_WINDOW[1], desktop[1] - FRAME_ROOM[1]))


def fitting_size(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` when it fits ``desktop``, else as large as fits there, side by side: a
    1280 x 720 window on a 1280 x 720 screen opens at 1264 x 648 (not at the next
    smaller preset, 1024 x 640: every table lays itself out for any size)."""
    if fits(size, desktop):
        return (int(size[0]), int(size[1]))
    assert desktop is not None  # fits() is True without a desktop
    room = largest_window(desktop)
    return (max(MIN_WINDOW[0], min(int(size[0]), room[0])), max(MIN_WINDOW[1], min(int(size[1]), room[1])))


#: animation speeds in percent of normal
SPEEDS: tuple[int, ...] = (50, 75, 100, 150, 200, 400)
#: how long a bot waits before its move at normal speed (seconds): long enough to follow
BASE_BOT_DELAY = 0.6


@dataclass(frozen=True)
class Settings:
    window_w: int = 1280
    window_h: int = 720
    fullscreen: bool = False
    volume: int = 70  # percent, 0 = silent
    animation_speed: int = 100  # percent of normal: 200 = twice as fast

    @property
    def window_size(self) -> tuple[int, int]:
        return (self.window_w, self.window_h)

    @property
    def bot_delay(self) -> float:
        """Seconds a bot seat waits before it moves."""
        return BASE_BOT_DELAY * 100 / max(10, self.animation_speed)

    def with_(self, **changes) -> Settings:
        return replace(self, **changes).clean()

    def clean(self) -> Settings:
        """Values pulled into their ranges (a hand-edited file may hold anything)."""

        def pulled(key: str) -> int:
            low, high = RANGES[key]
            return max(low, min(high, int(getattr(self, key))))

        return Settings(
            window_w=pulled("window_w"),
            window_h=pulled("window_h"),
            fullscreen=bool(self.fullscreen),
            volume=pulled("volume"),
            animation_speed=pulled("animation_speed"),
        )


def settings_path() -> Path:
    return user_data_dir() / FILE_NAME


#: a settings file is a few hundred bytes; anything much bigger is not ours
MAX_FILE_BYTES = 64 * 1024
#: what the player calls each setting (for the start-up notice)
SETTING_NAMES = {
    "window_w": "window width",
    "window_h": "window height",
    "fullscreen": "full screen",
    "volume": "sound volume",
    "animation_speed": "animation speed",
}
#: each number setting's range (values outside are pulled in)
RANGES = {
    "window_w": (MIN_WINDOW[0], 7680),
    "window_h": (MIN_WINDOW[1], 4320),
    "volume": (0, 100),
    "animation_speed": (25, 400),
}


def _number(key: str, value: object, problems: list[str]) -> int | None:
    """The whole number a setting's value stands for, pulled into range; None (and a
    problem) when it is no number at all."""
    name = SETTING_NAMES[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        problems.append(f"{name} {_shown(value)} is not a number")
        return None
    if isinstance(value, float) and not math.isfinite(value):
        problems.append(f"{name} {_shown(value)} is not a number")
        return None
    number = int(round(value))
    low, high = RANGES[key]
    if not low <= number <= high:
        pulled = max(low, min(high, number))
        problems.append(f"{name} {_shown(value)} is out of range ({pulled} used)")
        return pulled
    return number


def _switch(key: str, value: object, problems: list[str]) -> bool | None:
    """On or off: JSON true/false (or 1/0); None (and a problem) for anything else."""
    if isinstance(value, bool):
        return value
    if type(value) is int and value in (0, 1):
        return bool(value)
    problems.append(f"{SETTING_NAMES[key]} {_shown(value)} is neither on nor off")
    return None


def _shown(value: object) -> str:
    """A value as the notice quotes it (short: a file may hold anything)."""
    if isinstance(value, list):
        return "(a list)"
    if isinstance(value, dict):
        return "(an object)"
    text = json.dumps(value)
    return text if len(text) <= 24 else text[:21] + "…"


def read_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The saved settings and what could not be used of them (see the module docstring):
    ``(settings, problems)``; ``problems`` are short phrases for the player, [] when
    the file is fine or absent."""
    path = path or settings_path()
    try:
        if not path.exists():
            return Settings(), []
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ValueError(f"{path.stat().st_size} bytes, not a settings file")
        doc = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(doc, dict):
            raise ValueError(f"a JSON {type(doc).__name__}, not an object")
    except (OSError, ValueError, RecursionError) as exc:  # UnicodeDecodeError, JSONDecodeError are ValueErrors
        return Settings(), [f"the settings file could not be read ({_reason(exc)})"]
    problems: list[str] = []
    values: dict[str, object] = {}
    for f in fields(Settings):
        if f.name not in doc:
            continue  # an older file: this setting keeps its default
        if f.name == "fullscreen":
            value = _switch(f.name, doc[f.name], problems)
        else:
            value = _number(f.name, doc[f.name], problems)
        if value is not None:
            values[f.name] = value
    return Settings(**values), problems  # type: ignore[arg-type]


def _reason(exc: BaseException) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return "it is damaged or cut short"
    if isinstance(exc, UnicodeDecodeError):
        return "it is not text"
    if isinstance(exc, RecursionError):
        return "it is nested too deeply"
    if isinstance(exc, OSError):
        return exc.strerror or type(exc).__name__
    return str(exc)


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, defaults standing in for what cannot be used (one log line
    saying what); never raises."""
    path = path or settings_path()
    settings, problems = read_settings(path)
    if problems:
        log.warning("settings file %s is damaged (%s); using the defaults for those", path, "; ".join(problems))
    return settings


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write atomically; False (and a log line) when the folder cannot be written."""
    path = path or settings_path()
    try:
        write_atomic(path, json.dumps(asdict(settings.clean()), indent=2, sort_keys=True))
        return True
    except OSError as exc:
        log.warning("cannot save settings to %s (%s)", path, exc)
        return False


# ------------------------------------------------------ the last New game form --
FORM_FILE = "new_game.json"
#: the most seats any game has (Salem: 12; names and bot marks are kept for each)
FORM_SEATS = 12
FORM_NAME_MAX = 24
#: the bot levels a form may keep (game.bots.LEVEL_NAMES, without importing the bots here)
FORM_LEVELS = ("easy", "normal", "hard")


def form_path() -> Path:
    return user_data_dir() / FORM_FILE


def _checked_form(doc: object) -> dict:
    """A seats form's choices, every value checked (``ValueError`` names the first bad
    one): ``{"game", "seats", "names", "bots", "levels", "options", "timers"}``."""
    if not isinstance(doc, dict):
        raise ValueError("not an object")
    game, seats, names, bots = doc.get("game"), doc.get("seats"), doc.get("names"), doc.get("bots")
    if not isinstance(game, str) or type(seats) is not int or not 1 <= seats <= FORM_SEATS:
        raise ValueError("bad game or seats")
    if not (
        isinstance(names, list)
        and len(names) <= FORM_SEATS
        and all(isinstance(n, str) and len(n) <= FORM_NAME_MAX and n.isprintable() for n in names)
    ):
        raise ValueError("bad names")
    if not (isinstance(bots, list) and all(type(b) is int and 0 <= b < FORM_SEATS for b in bots)):
        raise ValueError("bad bot seats")
    levels = doc.get("levels", {})  # seat -> bot level; absent in older files
    if not (
        isinstance(levels, dict)
        and all(
            isinstance(k, str) and k.isdigit() and int(k) < FORM_SEATS and v in FORM_LEVELS for k, v in levels.items()
        )
    ):
        raise ValueError("bad bot levels")
    options = doc.get("options", {})  # game -> {option: ticked}; absent in older files
    if not (
        isinstance(options, dict)
        and all(
            isinstance(g, str)
            and isinstance(ticks, dict)
            and all(isinstance(k, str) and len(k) <= 40 and isinstance(t, bool) for k, t in ticks.items())
            for g, ticks in options.items()
        )
    ):
        raise ValueError("bad options")
    timers = doc.get("timers", {})  # game -> seconds of the timer, or null (off)
    if not (
        isinstance(timers, dict)
        and all(isinstance(g, str) and (t is None or (type(t) is int and 1 <= t <= 3600)) for g, t in timers.items())
    ):
        raise ValueError("bad timers")
    return {
        "game": game,
        "seats": seats,
        "names": list(names),
        "bots": sorted(set(bots)),
        "levels": {int(k): v for k, v in levels.items()},
        "options": {g: dict(ticks) for g, ticks in options.items()},
        "timers": dict(timers),
    }


def load_new_game_form(path: Path | None = None) -> dict:
    """The last New game choices (:func:`_checked_form`: game, seats, names, bots and
    their levels, each game's options and timer) with every value checked, or ``{}`` when there are none or the file is damaged
    (one log line; the file is left alone)."""
    return _read_choices(path or form_path(), "new-game choices", _checked_form)


def _read_choices(path: Path, what: str, check: Callable[[Any], dict]) -> dict:
    """A form's remembered choices: ``check`` (``ValueError`` for a bad value) of the
    file's JSON, or ``{}`` when there is no file or it is damaged (one log line; the file
    is left alone: a damaged file must never stop the form)."""
    if not path.exists():
        return {}
    try:
        return check(json.loads(path.read_text(encoding="utf-8")))
    except Exception as exc:
        log.warning("%s %s are damaged (%s); using the defaults", what, path, exc)
        return {}


def _write_choices(path: Path, what: str, doc: dict) -> bool:
    """Write a form's choices; False (and a log line) when the folder cannot be written."""
    try:
        write_atomic(path, json.dumps(doc, indent=2, ensure_ascii=False))
        return True
    except OSError as exc:
        log.warning("cannot save the %s to %s (%s)", what, path, exc)
        return False


def save_new_game_form(
    game: str,
    seats: int,
    names: list[str],
    bots: list[int],
    path: Path | None = None,
    levels: dict[int, str] | None = None,
    options: dict[str, dict[str, bool]] | None = None,
    timers: dict[str, int | None] | None = None,
) -> bool:
    """Remember the choices of a game that started (``levels``: seat -> bot level;
    ``options`` and ``timers``: per game, the boxes ticked and the timer chosen); False
    (and a log line) when the folder cannot be written."""
    doc = _form_doc(game, seats, names, bots, levels or {}, options or {}, timers or {})
    return _write_choices(path or form_path(), "new-game choices", doc)


def _form_doc(
    game: str,
    seats: int,
    names: list[str],
    bots: list[int],
    levels: dict[int, str],
    options: dict[str, dict[str, bool]],
    timers: dict[str, int | None],
) -> dict:
    """A seats form's choices as they are written (what :func:`_checked_form` reads)."""
    return {
        "game": game,
        "seats": int(seats),
        "names": [n[:FORM_NAME_MAX] for n in names[:FORM_SEATS]],
        "bots": sorted({b for b in bots if 0 <= b < FORM_SEATS}),
        "levels": {str(s): v for s, v in sorted(levels.items()) if 0 <= s < FORM_SEATS and v in FORM_LEVELS},
        "options": {g: {k: bool(t) for k, t in ticks.items()} for g, ticks in sorted(options.items()) if g},
        "timers": {g: t for g, t in sorted(timers.items()) if g and (t is None or 1 <= int(t) <= 3600)},
    }


# ------------------------------------------------------------- the last Host form --
HOST_FILE = "host.json"


def host_form_path() -> Path:
    return user_data_dir() / HOST_FILE


def load_host_form(path: Path | None = None) -> dict:
    """The last Host form's choices: the seats form's (``names`` holds the host's name)
    and ``port`` (1..65535) and ``standin`` (0..3600 s), every value checked; ``{}``
    when there are none or the file is damaged (one log line; the file is left alone)."""
    return _read_choices(path or host_form_path(), "host choices", _checked_host_form)


def _checked_host_form(doc: Any) -> dict:
    out = _checked_form(doc)
    port, standin = doc.get("port"), doc.get("standin")
    if type(port) is not int or not 1 <= port <= 65535:
        raise ValueError("bad port")
    if type(standin) is not int or not 0 <= standin <= 3600:
        raise ValueError("bad stand-in wait")
    return dict(out, port=port, standin=standin)


def save_host_form(
    game: str,
    seats: int,
    name: str,
    bots: list[int],
    levels: dict[int, str],
    port: int,
    standin: int,
    path: Path | None = None,
    options: dict[str, dict[str, bool]] | None = None,
    timers: dict[str, int | None] | None = None,
) -> bool:
    """Remember the choices of a table that was hosted; False (and a log line) when the
    folder cannot be written."""
    doc = _form_doc(game, seats, [name], bots, levels, options or {}, timers or {})
    doc.update(port=int(port), standin=int(standin))
    return _write_choices(path or host_form_path(), "host choices", doc)


# ------------------------------------------------------------- the last Join form --
JOIN_FILE = "join.json"
JOIN_ADDRESS_MAX = 60


def join_path() -> Path:
    return user_data_dir() / JOIN_FILE


def load_join_form(path: Path | None = None) -> dict:
    """The name and address of the last table joined: ``{"name", "address"}`` with both
    checked, or ``{}`` when there are none or the file is damaged (one log line; the
    file is left alone)."""
    return _read_choices(path or join_path(), "join choices", _checked_join_form)


def _checked_join_form(doc: Any) -> dict:
    if not isinstance(doc, dict):
        raise ValueError("not an object")
    name, address = doc.get("name"), doc.get("address")
    if not (isinstance(name, str) and len(name) <= FORM_NAME_MAX and name.isprintable()):
        raise ValueError("bad name")
    if not (isinstance(address, str) and len(address) <= JOIN_ADDRESS_MAX and address.isprintable()):
        raise ValueError("bad address")
    return {"name": name, "address": address}


def save_join_form(name: str, address: str, path: Path | None = None) -> bool:
    """Remember the name and address of a join; False (and a log line) when the folder
    cannot be written."""
    path = path or join_path()
    doc = {"name": name[:FORM_NAME_MAX], "address": address[:JOIN_ADDRESS_MAX]}
    return _write_choices(path, "join choices", doc)
