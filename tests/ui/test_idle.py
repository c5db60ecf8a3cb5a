"""An idle app wakes only when something is due: no polling timer while
nothing animates. The figures (< 0.3% of a core at the menu and at a table) are printed
by benchmarks/idle.py; these tests check the mechanism through the real loop."""

from __future__ import annotations

import math
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.ui import sound
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table_base import THINKING_DOTS_PER_SECOND
from game.ui.session import HotseatSession, open_table
from tests.ui.shell_helpers import new_app
from tests.ui.table_source import settle_ahead

pytest.importorskip("game.rules.hammer")
ROOT = Path(__file__).resolve().parents[2]
TICK = pygame.USEREVENT + 9


def table_on_the_persons_turn(tmp_path, bot_delay=60.0, level="easy"):
    """Ann against two bots, Ann to act: nothing is due. Easy bots choose at once on the
    app's thread; searching levels think on a worker thread (tests/ui/test_bot_levels_and_thinking.py)."""
    from game.bots.base import play_bots
    from game.ui.session import make_bots

    app = new_app()
    s = HotseatSession.new(
        app,
        "hammer",
        ["Ann", "Bob", "Cy"],
        [1, 2],
        seed=5,
        bot_delay=bot_delay,
        hold=0,
        save_path=tmp_path / "idle.witchhunt.json",
        bot_levels={1: level, 2: level},
    )
    everyone = {**s.bots, **make_bots(s.match, [0])}
    while s.match.state_id < 6 or s.match.to_act() != [0]:
        play_bots(s.match, everyone, max_commands=1)
    table = open_table(app, s, base=MenuScene(app))
    for _ in range(5):
        app.frame(wait=False)
    settle_ahead(app, table)
    return app, s, table


def counted_tasks(app) -> list[int]:
    runs = [0]
    for i, task in enumerate(app.tasks):

        def counting(dt, _task=task):
            runs[0] += 1
            return _task(dt)

        app.tasks[i] = counting
    return runs


def test_an_idle_table_sleeps_until_an_event(tmp_path):
    app, s, table = table_on_the_persons_turn(tmp_path)
    table.hover_key = None  # nothing hovered, nothing animates
    assert not app.animating() and app.idle_timeout() is None
    runs = counted_tasks(app)
    pygame.time.set_timer(TICK, 450, loops=1)
    started = time.perf_counter()
    app.frame()  # sleeps until the timer's event: the bots' task ran not once meanwhile
    assert time.perf_counter() - started >= 0.4
    assert runs[0] == 1


def test_a_bots_pause_wakes_the_app_when_it_is_over(tmp_path):
    app, s, table = table_on_the_persons_turn(tmp_path, bot_delay=1.5)
    ends = [c for c in s.legal() if c["type"] in ("end_turn", "pass")] or s.legal()
    s.submit(ends[0])  # Ann's turn ends; a bot is to act
    app.frame(wait=False)  # (a click's frame: the tasks run after it)
    while app.animating():  # the move's own animation first
        app.frame(wait=False)
    assert any(seat in s.bots for seat in s.match.to_act())
    assert not app.animating()  # the "thinking…" pill counts its dots by waking the app
    due = s._due()
    assert due is not None and 0.3 < due <= 1.5
    wake = app.idle_timeout()
    assert wake is not None and 0 < wake <= 1 / THINKING_DOTS_PER_SECOND + 0.01
    before, frames = s.match.state_id, 0
    started = time.perf_counter()
    while s.match.state_id == before and time.perf_counter() - started < 5:
        app.frame()
        frames += 1
    assert s.match.state_id == before + 1
    # it slept through the pause, waking only for each new dot and for the bot: not a
    # frame every 1/60 s (nor every 0.1 s)
    assert due - 0.1 <= time.perf_counter() - started < due + 1.0
    assert frames <= math.ceil(due * THINKING_DOTS_PER_SECOND) + 3, frames


def test_the_thinking_dots_are_drawn_as_they_count(tmp_path):
    # the pill's dots count three times a second while a bot pauses: each wake-up for a
    # new dot redraws the table (it used to wake without drawing, the dots stood still)
    app, s, table = table_on_the_persons_turn(tmp_path, bot_delay=3.0)
    ends = [c for c in s.legal() if c["type"] in ("end_turn", "pass")] or s.legal()
    s.submit(ends[0])
    app.frame(wait=False)
    while app.animating():
        app.frame(wait=False)
    assert table.thinking_seat() is not None
    drawn, started = app.frames_drawn, time.perf_counter()
    while time.perf_counter() - started < 1.0:
        app.frame()
    assert table.thinking_seat() is not None
    assert 2 <= app.frames_drawn - drawn <= THINKING_DOTS_PER_SECOND + 2, app.frames_drawn - drawn


def test_a_hovered_card_zooms_by_itself_while_the_app_sleeps(tmp_path):
    from game.ui.scenes.table_base import HOVER_ZOOM_SECONDS

    app, s, table = table_on_the_persons_turn(tmp_path)
    card = table.my_hand()[0]
    pos = table.locate("card", card)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(wait=False)
    while app.animating():  # the hovered card rises first
        app.frame(wait=False)
    assert table.hover_key == ("card", card) and table.zoom is None
    wake = app.idle_timeout()
    assert wake is not None and wake <= HOVER_ZOOM_SECONDS
    started = time.perf_counter()
    while table.zoom is None and time.perf_counter() - started < 3:
        app.frame()
    assert table.zoom == table.hover_key and time.perf_counter() - started >= HOVER_ZOOM_SECONDS - 0.15


def test_the_audio_device_closes_when_quiet_and_opens_for_the_next_sound(monkeypatch):
    was_open = pygame.mixer.get_init()
    pygame.mixer.quit()
    loud = sound.Sounds()
    loud.silent_drivers = ()  # the dummy audio driver stands in for a real one here
    try:
        loud.play("click")
        if not pygame.mixer.get_init():
            pytest.skip("no mixer here")
        assert loud.played == ["click"]
        pygame.mixer.stop()
        assert 0 < loud.close_when_quiet() <= sound.CLOSE_AFTER
        monkeypatch.setattr(loud, "_last_sound", time.monotonic() - sound.CLOSE_AFTER - 1)
        assert loud.close_when_quiet() is None and not pygame.mixer.get_init()
        assert loud.close_when_quiet() is None  # nothing left to watch
        loud.play("chime")  # the next sound opens it again
        assert pygame.mixer.get_init() and loud.played == ["click", "chime"]
    finally:
        pygame.mixer.quit()
        if was_open:
            pygame.mixer.init()


def test_the_app_does_not_open_the_audio_device_until_a_sound_plays():
    pygame.mixer.quit()
    new_app()
    assert not pygame.mixer.get_init()


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="needs xvfb-run")
def test_on_a_real_display_the_idle_loop_blocks_in_sdl(tmp_path):
    script = (
        "import threading, time, pygame\n"
        "from game.ui.app import App\n"
        "app = App(size=(960, 600))\n"
        "for _ in range(20): pygame.event.pump()\n"
        "pygame.event.get()\n"
        "assert app.waiter.blocking, 'SDL_WaitEventTimeout not found'\n"
        "c0, w0 = time.process_time(), time.perf_counter()\n"
        "got = app.waiter.wait(1.5)\n"
        "print('quiet', time.perf_counter() - w0, time.process_time() - c0, len(got))\n"
        "threading.Timer(0.3, lambda: pygame.event.post(pygame.event.Event(pygame.USEREVENT + 1))).start()\n"
        "w0 = time.perf_counter()\n"
        "got = app.waiter.wait(5.0)\n"
        "print('woken', time.perf_counter() - w0, [e.type == pygame.USEREVENT + 1 for e in got])\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env.update(SDL_AUDIODRIVER="dummy", WITCHHUNT_HOME=str(tmp_path))
    result = subprocess.run(
        ["xvfb-run", "-a", sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    lines = {
        line.split()[0]: line.split()[1:] for line in result.stdout.splitlines() if line.startswith(("quiet", "woken"))
    }
    assert set(lines) == {"quiet", "woken"}, result.stdout + result.stderr[-2000:]
    wall, cpu, events = float(lines["quiet"][0]), float(lines["quiet"][1]), int(lines["quiet"][2])
    assert wall >= 1.4 and events == 0
    assert cpu < 0.02, cpu  # asleep in the system: a poll every millisecond would cost far more
    assert 0.25 <= float(lines["woken"][0]) < 2.0 and "True" in " ".join(lines["woken"][1:])
