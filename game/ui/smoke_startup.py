"""The smoke run's start-up step: the app opens whatever ``settings.json`` holds.

Each case writes a settings file into the smoke run's own data folder, builds the app
from it (``make_app()`` reads the file, as a start does), shows the main menu for a few
frames and checks that the app came up, in the mode the file asked for when it could,
and told the player once (the start-up notice) exactly when something could not be used.
The file is removed afterwards, so the rest of the run starts from no settings.
"""

from __future__ import annotations

import json
import logging
import time

from game.ui.app import make_app
from game.ui.scenes.menu import MenuScene
from game.ui.settings import settings_path
from game.ui.smoke_common import SmokeFailure

#: (what, settings file text, full screen expected, notice expected)
CASES: tuple[tuple[str, str, bool, bool], ...] = (
    (
        "full screen saved on",
        json.dumps({"window_w": 1280, "window_h": 720, "fullscreen": True, "volume": 70, "animation_speed": 100}),
        True,
        False,
    ),
    ("an older file", json.dumps({"window_w": 1600, "window_h": 900, "sound": True}), False, False),
    ("a file cut short", '{"window_w": 1600, "wind', False, True),
    ("garbage", "\x00\x01 not settings", False, True),
    ("wrong types", json.dumps({"fullscreen": "yes", "volume": [1], "window_w": "wide"}), False, True),
)


def smoke_step(deadline: float) -> None:
    """Every case above; raises the runner's ``SmokeFailure`` with the case that failed."""
    path = settings_path()
    app_log = logging.getLogger("game.ui.app")
    level = app_log.level
    app_log.setLevel(logging.ERROR)  # the start-up warnings are expected here: not on the console
    try:
        for what, text, full, notice in CASES:
            if time.monotonic() > deadline:
                raise SmokeFailure(f"start-up: out of time at {what}")
            path.write_text(text, encoding="utf-8")
            try:
                app = make_app()
                app.scenes.reset(MenuScene(app))
                for _ in range(3):
                    app.frame(wait=False)
            except Exception as exc:
                raise SmokeFailure(f"start-up with {what}: {type(exc).__name__}: {exc}") from None
            if not isinstance(app.scenes.top, MenuScene):
                raise SmokeFailure(f"start-up with {what}: the main menu did not open")
            if app.fullscreen != full:
                raise SmokeFailure(f"start-up with {what}: full screen is {app.fullscreen}, expected {full}")
            if app.notice.showing != notice:
                said = repr(app.notice.text) if app.notice.showing else "nothing"
                raise SmokeFailure(
                    f"start-up with {what}: the app said {said} ({'a notice' if notice else 'no notice'} expected)"
                )
            app.scenes.reset(MenuScene(app))
            while app.scenes.top is not None:
                app.scenes.pop()
    finally:
        app_log.setLevel(level)
        path.unlink(missing_ok=True)
