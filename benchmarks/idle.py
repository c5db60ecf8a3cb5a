"""Idle CPU of the app (a table left open must not heat the machine): prints numbers, asserts nothing.

Process CPU time over ``SECONDS`` of the real loop (``app.frame()``, sleeping while
idle) with no input, as % of one core, for:

* the main menu (with a saved game, so Continue is lit);
* a hot-seat Hammer table: one person against bots, the person's turn (nothing due);
* the same table while a bot waits its pause (the loop wakes for it, then idles again).

Under a real display the loop sleeps in SDL (``game.ui.idle``); run it under Xvfb for
the figure a desktop sees::

    xvfb-run -a -s "-screen 0 1600x900x24" .venv/bin/python benchmarks/idle.py

Without a display it uses the dummy driver, where SDL cannot block and the loop polls.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["WITCHHUNT_HOME"] = tempfile.mkdtemp(prefix="witchhunt-idle-")

SECONDS = float(os.environ.get("IDLE_SECONDS", "10"))


def measure(app, label: str, seconds: float = SECONDS) -> float:
    for _ in range(20):
        app.frame(wait=False)
    while app.animating():
        app.frame(wait=False)
    frames, drawn = 0, app.frames_drawn
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds:
        app.frame()
        frames += 1
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    share = cpu / wall * 100
    print(
        f"{label:46s} {share:6.3f}% of one core over {wall:4.1f} s "
        f"({frames} wake-ups, {app.frames_drawn - drawn} frames drawn)"
    )
    return share


def main() -> None:
    from game.bots.base import play_bots
    from game.ui.app import make_app
    from game.ui.scenes.menu import MenuScene
    from game.ui.session import HotseatSession, make_bots, open_table
    from game.ui.settings import Settings

    app = make_app(Settings())
    print(
        f"video driver {app.waiter and __import__('pygame').display.get_driver()}, "
        f"blocking waits: {app.waiter.blocking}, load average {os.getloadavg()[0]:.1f} "
        f"on {os.cpu_count()} cores"
    )
    session = HotseatSession.new(app, "hammer", ["Ann", "Bob", "Cy", "Dora"], [1, 2, 3], seed=7, bot_delay=2.0)
    session.flush()
    app.scenes.reset(MenuScene(app))
    measure(app, "main menu")

    match = session.match
    helpers = make_bots(match, [0])
    while not match.over and (match.state_id < 40 or match.to_act() != [0]):
        play_bots(match, {**session.bots, **helpers}, max_commands=1)
    table = open_table(app, session, base=MenuScene(app))
    started = time.perf_counter()  # (the table draws ahead for a few seconds after it opens)
    while table.ahead_left() and time.perf_counter() - started < 30:
        app.frame()
    print(f"{'(drawing ahead after the table opened)':46s} {time.perf_counter() - started:6.2f} s")
    measure(app, "table, the person's turn (nothing due)")

    session.fixed_bot_delay = 2.0
    session.submit(session.legal()[-1])
    measure(app, "table, bots moving (one move every 2 s)", seconds=min(SECONDS, 6.0))
    session.close()

    # the busiest table: Salem, 12 seats, one person against 11 bots, the person's turn
    # (after the table has drawn ahead what it draws between moves)
    app.set_window_size((1600, 900)) if app.waiter.blocking else None
    names = ["Ann"] + [f"Bot {i}" for i in range(2, 13)]
    salem = HotseatSession.new(
        app,
        "salem",
        names,
        list(range(1, 12)),
        seed=1692,
        bot_delay=2.0,
        options={"town_hall": True},
        bot_levels=dict.fromkeys(range(1, 12), "easy"),
    )
    match = salem.match
    helpers = make_bots(match, [0])
    while not match.over and (match.state_id < 40 or match.to_act() != [0]):
        play_bots(match, {**salem.bots, **helpers}, max_commands=1)
    table = open_table(app, salem, base=MenuScene(app))
    started = time.perf_counter()
    while (table.ahead_left() or app.animating()) and time.perf_counter() - started < 30:
        app.frame()
    measure(app, "Salem table, 12 seats, the person's turn")
    salem.close()


if __name__ == "__main__":
    main()
