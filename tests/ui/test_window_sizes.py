"""Window sizes that fit the screen: Settings offers only sizes that fit
the desktop (``pygame.display.get_desktop_sizes()``), the window keeps its place when
it changes size, and a size that did not fit is never saved."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import game.ui.app as app_module
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import SettingsScene
from game.ui.settings import Settings, fits, load_settings, save_settings, window_sizes_for
from tests.ui.shell_helpers import new_app, post_click

ROOT = Path(__file__).resolve().parents[2]
LAPTOP = (1600, 900)  # the screen of the report


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def laptop(monkeypatch):
    """The desktop is 1600 x 900 (the dummy driver has no real one)."""
    monkeypatch.setattr(app_module, "desktop_size", lambda: LAPTOP)
    import game.ui.scenes.settings as settings_scene

    monkeypatch.setattr(settings_scene, "desktop_size", lambda: LAPTOP)
    return LAPTOP


def open_settings(app) -> SettingsScene:
    app.scenes.reset(MenuScene(app))
    scene = SettingsScene(app)
    app.scenes.push(scene)
    app.frame(wait=False)
    return scene


def test_only_sizes_that_fit_the_desktop_are_offered(home, laptop):
    assert window_sizes_for(LAPTOP) == [(1024, 640), (1280, 720)]  # 1600x900 leaves no room for the frame
    assert window_sizes_for((1920, 1080))[-1] == (1600, 900)
    assert window_sizes_for((1024, 700)) == [(960, 600)]  # smaller than every preset: still a window
    app = new_app()
    scene = open_settings(app)
    stepper = scene.ring.find("window_size")
    seen = set()
    for _ in range(4):  # the player keeps clicking "+"
        post_click(app, app.scenes.top.ring.find("window_size").plus_rect.center)
        seen.add(app.size)
        assert fits(app.size, LAPTOP), app.size
    assert seen == {(1280, 720)}
    for _ in range(3):
        post_click(app, app.scenes.top.ring.find("window_size").minus_rect.center)
    assert app.size == (1024, 640) and load_settings().window_size == (1024, 640)
    assert stepper is not None


def test_a_saved_size_too_big_for_this_screen_opens_as_large_as_fits(home, laptop):
    save_settings(Settings(window_w=1920, window_h=1080))
    app = app_module.make_app()
    assert app.size == (1584, 828)  # the laptop less the window's frame, not a smaller preset
    # left as it was: on the bigger screen it came from it fits again
    assert load_settings().window_size == (1920, 1080)
    scene = open_settings(app)
    assert scene._sizes == [(1024, 640), (1280, 720), (1584, 828)] and scene.ring.find("window_size").value == 2


def test_the_default_window_on_a_screen_of_its_own_size_opens_as_large_as_fits(home, monkeypatch):
    """A 1280 x 720 screen: the window opens at 1264 x 648 (it opened at 1024 x 640)."""
    monkeypatch.setattr(app_module, "desktop_size", lambda: (1280, 720))
    assert app_module.make_app(Settings()).size == (1264, 648)


def test_a_new_size_keeps_the_window_where_it_was(home, laptop, monkeypatch):
    """Under a window manager each new video mode moved the window down by its title bar
    (measured under openbox: +20 px per resize); the app puts it back where it stood."""
    where = {"pos": (161, 110)}
    real_set_mode = pygame.display.set_mode

    def set_mode(size, flags=0, *a, **k):
        x, y = where["pos"]
        where["pos"] = (x + 1, y + 20)  # what the window manager does to a new mode
        return real_set_mode(size, flags, *a, **k)

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    monkeypatch.setattr(pygame.display, "get_window_position", lambda: where["pos"])
    monkeypatch.setattr(pygame.display, "set_window_position", lambda pos: where.update(pos=tuple(pos)))
    app = new_app()
    where["pos"] = (161, 110)
    open_settings(app)
    for name in ("minus_rect", "plus_rect", "minus_rect"):
        post_click(app, getattr(app.scenes.top.ring.find("window_size"), name).center)
        assert where["pos"] == (161, 110)
    assert app.size == (1024, 640)


def test_a_size_the_window_manager_did_not_give_is_not_saved(home, laptop, monkeypatch):
    real_set_mode = pygame.display.set_mode

    def set_mode(size, flags=0, *a, **k):  # a window manager that keeps windows 40 px shorter
        if not flags & pygame.FULLSCREEN and size[1] > 660:
            size = (size[0], size[1] - 40)
        return real_set_mode(size, flags, *a, **k)

    app = new_app()
    scene = open_settings(app)
    post_click(app, scene.ring.find("window_size").minus_rect.center)
    assert app.size == (1024, 640) and load_settings().window_size == (1024, 640)
    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    post_click(app, app.scenes.top.ring.find("window_size").plus_rect.center)
    assert load_settings().window_size == (1024, 640)  # 1280 x 680 was never asked for
    assert app.scenes.top.toast.showing and "does not fit" in app.scenes.top.toast.text
    assert fits(app.size, LAPTOP)


class FakeWindow:
    """The window's place as SDL keeps it, and the calls that moved it or set a mode."""

    def __init__(self, monkeypatch, pos):
        self.pos = pos
        self.calls = []
        real_set_mode = pygame.display.set_mode

        def set_mode(size, flags=0, *a, **k):
            self.calls.append(("mode", "full" if flags & pygame.FULLSCREEN else tuple(size)))
            if flags & pygame.FULLSCREEN:  # the dummy driver has no full screen
                return real_set_mode(LAPTOP, 0)
            return real_set_mode(size, flags, *a, **k)

        def move(pos):
            self.pos = tuple(pos)
            self.calls.append(("move", self.pos))

        monkeypatch.setattr(pygame.display, "set_mode", set_mode)
        monkeypatch.setattr(pygame.display, "get_window_position", lambda: self.pos)
        monkeypatch.setattr(pygame.display, "set_window_position", move)


def test_full_screen_starts_at_the_screens_corner_and_comes_back(home, laptop, monkeypatch):
    """An X server without a window manager (Xvfb, a kiosk) sized a full-screen window
    to the screen where the window stood: at 1920 x 1080 the table ran off the right and
    bottom edges. The window moves to the corner first, and back when it leaves."""
    app = new_app()
    window = FakeWindow(monkeypatch, (160, 90))
    app.toggle_fullscreen()
    assert window.calls == [("move", (0, 0)), ("mode", "full")]
    assert app.fullscreen and app.size == LAPTOP
    window.calls.clear()
    app.toggle_fullscreen()
    assert window.calls == [("mode", app.windowed_size), ("move", (160, 90))]
    assert not app.fullscreen


def test_full_screen_on_another_monitor_stays_there(home, laptop, monkeypatch):
    app = new_app()
    window = FakeWindow(monkeypatch, (1700, 40))  # right of the 1600-wide first display
    app.toggle_fullscreen()
    assert window.calls == [("mode", "full")]


@pytest.mark.parametrize(
    ("start", "size", "end"),
    [
        ((500, 300), (1280, 720), (320, 180)),  # would run off the right and bottom edges
        ((100, 50), (1280, 720), (100, 50)),  # fits where it stands
        ((1700, 40), (1280, 720), (1700, 40)),  # on another monitor: not ours to move
    ],
)
def test_a_bigger_window_stays_on_the_screen(home, laptop, monkeypatch, start, size, end):
    app = new_app()
    app.set_window_size((1024, 640))
    window = FakeWindow(monkeypatch, start)
    assert app.set_window_size(size)
    assert window.pos == end and app.size == size


@pytest.mark.skipif(
    not (shutil.which("xvfb-run") and shutil.which("openbox")), reason="needs xvfb-run and the openbox window manager"
)
def test_resizing_under_a_real_window_manager_keeps_the_window_in_place(tmp_path):
    script = (
        "import json, time, pygame\n"
        "from game.ui.app import make_app\n"
        "from game.ui.settings import Settings\n"
        "from game.ui.scenes.menu import MenuScene\n"
        "from game.ui.scenes.settings import SettingsScene\n"
        "app = make_app(Settings()); app.scenes.reset(MenuScene(app))\n"
        "s = SettingsScene(app); app.scenes.push(s)\n"
        "def settle():\n"
        "    for _ in range(25): app.frame(wait=False); time.sleep(0.01)\n"
        "settle(); start = pygame.display.get_window_position()\n"
        "print('sizes', json.dumps(s._sizes))\n"
        "for size in [(1024, 640), (1280, 720)] * 2:\n"
        "    s.set_size(s._sizes.index(size)); settle()\n"
        "    print('at', json.dumps([app.size, pygame.display.get_window_position(), start]))\n"
    )
    runner = tmp_path / "withwm.sh"
    runner.write_text('#!/bin/sh\nopenbox >/dev/null 2>&1 &\nsleep 1\n"$@"\nkill $!\n')
    runner.chmod(0o755)
    env = dict(os.environ, WITCHHUNT_HOME=str(tmp_path), SDL_AUDIODRIVER="dummy")
    env.pop("SDL_VIDEODRIVER", None)
    result = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1600x900x24", str(runner), sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = [line for line in result.stdout.splitlines() if line.startswith(("sizes", "at"))]
    assert len(lines) == 5, result.stdout + result.stderr[-2000:]
    assert json.loads(lines[0].split(" ", 1)[1]) == [[1024, 640], [1280, 720]]
    for line in lines[1:]:
        _size, pos, start = json.loads(line.split(" ", 1)[1])
        assert pos == start, line


def test_f11_is_the_full_screen_setting(home, laptop):
    """F11 and Settings' "Full screen (F11)" box are one setting: after F11 the box said
    Off in full screen, and the next start opened windowed. F11 is now saved and shown."""
    from game.ui.app import make_app
    from tests.ui.shell_helpers import post_key

    app = make_app()
    app.scenes.reset(MenuScene(app))
    app.frame(wait=False)
    post_key(app, pygame.K_F11)
    assert app.fullscreen and load_settings().fullscreen
    scene = open_settings(app)
    box = scene.ring.find("fullscreen")
    assert box.checked and box.label == "On"
    post_key(app, pygame.K_F11)
    app.frame(wait=False)
    assert not app.fullscreen and not load_settings().fullscreen
    assert not app.scenes.top.ring.find("fullscreen").checked


def test_f11_in_an_app_without_settings_writes_no_file(home):
    from game.ui.settings import settings_path

    app = new_app()  # the App a test or a tool makes: no settings attached
    app.settings = None
    app.scenes.reset(MenuScene(app))
    from tests.ui.shell_helpers import post_key

    post_key(app, pygame.K_F11)
    assert app.fullscreen and not settings_path().exists()
    app.toggle_fullscreen()


def test_asking_for_attention_flashes_only_a_window_in_the_background(monkeypatch):
    """game.ui.display.ask_attention: a focused window is left alone; one in the
    background flashes until focused; a driver that cannot flash (dummy) is no error."""
    import pygame

    from game.ui import display

    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    flashed = []

    class FakeWindow:
        def flash(self, operation):
            flashed.append(operation)

    monkeypatch.setattr(pygame.key, "get_focused", lambda: True)
    assert display.ask_attention() is False
    monkeypatch.setattr(pygame.key, "get_focused", lambda: False)
    assert display.ask_attention() is False  # the dummy driver: "not supported", no raise
    monkeypatch.setattr(display, "_window", FakeWindow)
    assert display.ask_attention() is True and flashed == [pygame.FLASH_UNTIL_FOCUSED]
