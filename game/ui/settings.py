"""Player settings remembered between runs (issue 3: window size, full screen, sound
volume, animation speed), kept as ``settings.json`` in the user data folder.

A missing file gives the defaults; a damaged one gives the defaults plus one log line and
is left alone until the player saves new settings (the app never crashes on it).
"""
from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

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


def window_sizes_for(desktop: tuple[int, int] | None, current: tuple[int, int] | None = None
                     ) -> list[tuple[int, int]]:
    """The window sizes Settings offers on ``desktop``: the presets that fit, plus the
    current size when it fits and is not a preset; smallest first (issue 9 item 3)."""
    sizes = {tuple(s) for s in WINDOW_SIZES if fits(s, desktop)}
    if current is not None and fits(current, desktop):
        sizes.add(tuple(current))
    if not sizes:  # a desktop smaller than every preset: the smallest window we lay out
        sizes.add(MIN_WINDOW)
    return sorted(sizes, key=lambda s: (s[0] * s[1], s))


def fitting_size(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` when it fits ``desktop``, else the largest size Settings would offer."""
    if fits(size, desktop):
        return tuple(size)
    return window_sizes_for(desktop)[-1]


#: animation speeds in percent of normal
SPEEDS: tuple[int, ...] = (50, 75, 100, 150, 200, 400)
#: how long a bot waits before its move at normal speed (seconds): long enough to follow
BASE_BOT_DELAY = 0.6


@dataclass(frozen=True)
class Settings:
    window_w: int = 1280
    window_h: int = 720
    fullscreen: bool = False
    volume: int = 70            # percent, 0 = silent
    animation_speed: int = 100  # percent of normal: 200 = twice as fast

    @property
    def window_size(self) -> tuple[int, int]:
        return (self.window_w, self.window_h)

    @property
    def bot_delay(self) -> float:
        """Seconds a bot seat waits before it moves."""
        return BASE_BOT_DELAY * 100 / max(10, self.animation_speed)

    def with_(self, **changes) -> "Settings":
        return replace(self, **changes).clean()

    def clean(self) -> "Settings":
        """Values pulled into their ranges (a hand-edited file may hold anything)."""
        return Settings(
            window_w=max(960, min(7680, int(self.window_w))),
            window_h=max(600, min(4320, int(self.window_h))),
            fullscreen=bool(self.fullscreen),
            volume=max(0, min(100, int(self.volume))),
            animation_speed=max(25, min(400, int(self.animation_speed))),
        )


def settings_path() -> Path:
    return user_data_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults when there are none or the file is damaged."""
    path = path or settings_path()
    if not path.exists():
        return Settings()
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(doc, dict):
            raise ValueError("not an object")
        known = {f.name for f in fields(Settings)}
        values = {k: v for k, v in doc.items() if k in known}
        for k, v in values.items():
            if isinstance(v, (dict, list)) or v is None:
                raise ValueError(f"bad value for {k}")
        return Settings(**values).clean()
    except Exception as exc:  # damaged settings must never stop the app
        log.warning("settings file %s is damaged (%s); using the defaults", path, exc)
        return Settings()


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write atomically; False (and a log line) when the folder cannot be written."""
    path = path or settings_path()
    try:
        write_atomic(path, json.dumps(asdict(settings.clean()), indent=2, sort_keys=True))
        return True
    except OSError as exc:
        log.warning("cannot save settings to %s (%s)", path, exc)
        return False
