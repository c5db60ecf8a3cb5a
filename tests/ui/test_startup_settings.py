"""The app starts whatever ``settings.json`` holds (game/ui/settings.py; a bad file gets a
clear message and loses nothing, never a traceback).

Each case starts the real app (``python -m game``) in its own process under the dummy
video driver, with ``WITCHHUNT_QUIT_AFTER_FRAMES`` so it quits after its first frames
and logs what it showed ("start-up check: …"). The app must exit 0 with no traceback,
use what it can of the file, fall back to the defaults for the rest, and say so once:
one warning line in the log and one notice on screen — and nothing at all when every
value could be used.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui.settings import MIN_WINDOW, SPEEDS, WINDOW_SIZES, Settings, read_settings

ROOT = Path(__file__).resolve().parents[2]
FRAMES = 4
START_TIMEOUT = 60  # seconds; a start takes about one on this machine


def start_app(home: Path, text: str | bytes | None, desktop: str | None = None) -> dict:
    """Start the real app with ``text`` as its settings file (None: no file); returns
    what it logged: ``{"check": the start-up check's fields, "warnings": [...], "stderr"}``."""
    path = home / "settings.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    elif text is not None:
        path.write_text(text, encoding="utf-8")
    env = dict(
        os.environ,
        WITCHHUNT_HOME=str(home),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        WITCHHUNT_QUIT_AFTER_FRAMES=str(FRAMES),
        WITCHHUNT_DISCOVERY_ADDR="127.0.0.1",
    )
    env.pop("WITCHHUNT_DESKTOP_SIZE", None)
    if desktop is not None:
        env["WITCHHUNT_DESKTOP_SIZE"] = desktop
    result = subprocess.run(
        [sys.executable, "-m", "game"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=START_TIMEOUT
    )
    log_text = (home / "witchhunt.log").read_text(encoding="utf-8") if (home / "witchhunt.log").exists() else ""
    assert result.returncode == 0, result.stderr[-3000:] + log_text[-3000:]
    assert "Traceback" not in result.stderr + log_text, result.stderr[-3000:] + log_text[-3000:]
    found = re.search(
        r"start-up check: (\d+) frames, window (\d+) x (\d+), (full screen|windowed), scene (\w+), "
        r"notice: (.*)$",
        log_text,
        re.M,
    )
    assert found, log_text
    notice = found.group(6)
    return {
        "frames": int(found.group(1)),
        "size": (int(found.group(2)), int(found.group(3))),
        "fullscreen": found.group(4) == "full screen",
        "scene": found.group(5),
        "notice": None if notice == "none" else notice,
        "warnings": [ln for ln in log_text.splitlines() if " WARNING " in ln],
    }


def assert_quiet(started: dict) -> None:
    """Everything could be used: no notice, no warning."""
    assert started["scene"] == "MenuScene" and started["frames"] == FRAMES, started
    assert started["notice"] is None and not started["warnings"], started


def assert_said_once(started: dict, *words: str) -> None:
    """The start-up told the player once: one notice on screen and one log line."""
    assert started["scene"] == "MenuScene", started
    assert started["notice"] is not None, started
    assert len(started["warnings"]) == 1, started["warnings"]
    for word in words:
        assert word in started["notice"] and word in started["warnings"][0], (word, started)


# every value each setting can take, each in at least one start
VALUE_CASES = [
    {
        "window_w": w,
        "window_h": h,
        "fullscreen": i % 2 == 1,
        "volume": (0, 30, 70, 100, 10, 50)[i],
        "animation_speed": SPEEDS[i],
    }
    for i, (w, h) in enumerate(list(WINDOW_SIZES) + [MIN_WINDOW, (1600, 900)])
]


def test_every_value_case_covers_every_setting_value():
    assert {c["animation_speed"] for c in VALUE_CASES} == set(SPEEDS)
    assert {(c["window_w"], c["window_h"]) for c in VALUE_CASES} >= set(WINDOW_SIZES) | {MIN_WINDOW}
    assert {c["fullscreen"] for c in VALUE_CASES} == {True, False}
    assert {0, 100} <= {c["volume"] for c in VALUE_CASES}


@pytest.mark.parametrize(
    "values",
    VALUE_CASES,
    ids=lambda v: (
        f"{v['window_w']}x{v['window_h']}-{'full' if v['fullscreen'] else 'win'}-v{v['volume']}-s{v['animation_speed']}"
    ),
)
def test_the_app_starts_with_every_value_a_setting_can_take(tmp_path, values):
    started = start_app(tmp_path, json.dumps(values))
    assert_quiet(started)
    assert started["fullscreen"] == values["fullscreen"]
    if not values["fullscreen"]:
        assert started["size"] == (values["window_w"], values["window_h"])


def test_full_screen_saved_on_starts_in_full_screen(tmp_path):
    """Settings > Full screen On, Quit, start again: the start used to crash on it."""
    started = start_app(tmp_path, json.dumps({**Settings().__dict__, "fullscreen": True}))
    assert_quiet(started)
    assert started["fullscreen"]


def test_no_settings_file_starts_quietly_with_the_defaults(tmp_path):
    started = start_app(tmp_path, None)
    assert_quiet(started)
    assert started["size"] == Settings().window_size and not started["fullscreen"]


def test_a_file_from_an_older_version_keeps_what_it_has(tmp_path):
    """An older file lacks later settings and may hold keys this version dropped."""
    started = start_app(tmp_path, json.dumps({"window_w": 1600, "window_h": 900, "sound": True, "theme": "dark"}))
    assert_quiet(started)
    assert started["size"] == (1600, 900)


@pytest.mark.parametrize(
    "text",
    [
        '{"window_w": 1600, "window_h": 9',  # cut short while writing
        "",  # empty
        b"\xff\xfe\x00garbage\x00\x81",  # not text
        "[1, 2]",
        "null",
        '"settings"',
        "42",  # JSON, but not an object
        "[" * 100_000,  # nested beyond any parser's patience
        "{" + '"x": 1, ' * 20_000 + '"y": 2}',  # far too big for a settings file
    ],
    ids=["truncated", "empty", "binary", "list", "null", "string", "number", "deep", "huge"],
)
def test_an_unreadable_settings_file_gives_the_defaults_and_says_so_once(tmp_path, text):
    started = start_app(tmp_path, text)
    assert_said_once(started, "could not be read")
    assert started["size"] == Settings().window_size and not started["fullscreen"]


def test_a_settings_file_that_is_a_folder_gives_the_defaults_and_says_so_once(tmp_path):
    (tmp_path / "settings.json").mkdir()
    assert_said_once(start_app(tmp_path, None), "could not be read")


def test_values_of_the_wrong_type_fall_back_one_by_one(tmp_path):
    started = start_app(
        tmp_path,
        json.dumps({"window_w": "wide", "window_h": 900, "fullscreen": "yes", "volume": [30], "animation_speed": 150}),
    )
    assert_said_once(started, "window width", "full screen", "sound volume")
    assert "animation speed" not in started["notice"]
    assert started["size"] == (Settings().window_w, 900) and not started["fullscreen"]


def test_numbers_that_are_no_numbers_fall_back(tmp_path):
    started = start_app(tmp_path, '{"window_w": NaN, "window_h": Infinity, "volume": true, "fullscreen": 2}')
    assert_said_once(started, "window width", "window height", "sound volume", "full screen")
    assert started["size"] == Settings().window_size


def test_numbers_out_of_range_are_pulled_in_and_said(tmp_path):
    started = start_app(tmp_path, json.dumps({"volume": 900, "animation_speed": 1, "window_w": 10}))
    assert_said_once(started, "sound volume", "animation speed", "window width")
    assert started["size"] == (MIN_WINDOW[0], Settings().window_h)


def test_a_window_bigger_than_this_screen_opens_at_one_that_fits_and_says_so(tmp_path):
    started = start_app(tmp_path, json.dumps({"window_w": 1920, "window_h": 1080}), desktop="1366x768")
    assert_said_once(started, "does not fit")
    assert started["size"] == (1350, 696)  # as large as fits with the window's frame
    assert json.loads((tmp_path / "settings.json").read_text())["window_w"] == 1920  # kept for the big screen


def test_the_largest_window_on_a_small_screen_opens_at_one_that_fits(tmp_path):
    started = start_app(tmp_path, json.dumps({"window_w": 7680, "window_h": 4320}), desktop="1920x1080")
    assert_said_once(started, "does not fit")
    assert started["size"] == (1904, 1008)


def test_the_default_window_on_a_small_screen_fits_without_a_word(tmp_path):
    """Nobody chose 1280 x 720 on a small laptop: it fits quietly."""
    started = start_app(tmp_path, None, desktop="1280x720")
    assert_quiet(started)
    assert started["size"] == (1264, 648)  # the largest that fits, not the next smaller preset


def test_a_notice_of_many_problems_stays_short(tmp_path):
    started = start_app(tmp_path, json.dumps(dict.fromkeys(Settings().__dict__, "?" * 40)), desktop="1366x768")
    assert_said_once(started)
    assert "details are in" in started["notice"] and len(started["notice"]) < 300
    assert started["warnings"][0].count("is not a number") == 4  # the log has every detail


# --------------------------------------------------------------- the reader itself --
def test_read_settings_names_each_value_it_could_not_use(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"window_w": 1600.4, "window_h": "900", "fullscreen": 1, "volume": -5}))
    settings, problems = read_settings(path)
    assert settings == Settings(window_w=1600, window_h=Settings().window_h, fullscreen=True, volume=0)
    assert len(problems) == 2 and problems[0].startswith("window height") and problems[1].startswith("sound volume")
