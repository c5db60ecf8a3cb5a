"""Render benchmark for the busiest Salem table (frame p99 under 8 ms): 12 players at
1920x1080 in mid-game, one person at the screen against 11 bots. Prints numbers, asserts
nothing (also run by ``benchmarks/render.py --game salem``).

* p50 / p99 frame time, forcing redraws (``app.draw(force=True)``, flip included):
  "steady" (the same position) and "changing" (the revision bumped before every frame,
  so the table re-reads the view and redraws its static part), plus the frames of real
  games: one bot move per frame for 300 moves ("moves": the frame's own work, the
  loop's 60 fps pacing sleep taken out — ``clock.tick`` waits out the rest of 1/60 s while
  a card flies, which is not drawing; "moves+pace" keeps it, as the loop runs), and
  "between": the frames the loop runs before the next move (the card's flight, the
  table's own wake-ups to draw the next phase's seat panels ahead);
* the Night, with the private prompt box open;
* CPU use while the table sits idle on the person's turn (process CPU time over ~5 s of
  the real loop, after the table has drawn ahead what it draws between moves).

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python benchmarks/render_salem.py``
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("WITCHHUNT_HOME", tempfile.mkdtemp(prefix="witchhunt-bench-"))

FRAMES = 300
#: frames right after a bot's move, over as many games as it takes
MOVES = 300
IDLE_SECONDS = 5.0
PLAYERS = 12
#: at most this many frames between two moves (a bot's pause of 0.6 s holds ~36 at 60 fps)
MAX_BETWEEN = 36


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    k = min(len(values) - 1, max(0, int(round(p / 100 * (len(values) - 1)))))
    return values[k]


def report(label: str, wall: list[float], cpu: list[float]) -> None:
    print(
        f"frame time {label:10s}: wall p50 {percentile(wall, 50) * 1000:6.2f} ms  "
        f"p99 {percentile(wall, 99) * 1000:6.2f} ms | cpu p50 {percentile(cpu, 50) * 1000:6.2f} ms  "
        f"p99 {percentile(cpu, 99) * 1000:6.2f} ms  mean {statistics.mean(cpu) * 1000:6.2f} ms  "
        f"({len(cpu)} frames)",
        flush=True,
    )


class Game:
    """One 12-seat game on the app: a person at seat 0 against 11 bots that the benchmark
    moves itself (RandomBot, one move at a time). The session's bot seats are Easy so no
    search bot thinks on a worker thread about positions that never get its move (those
    threads would only compete with the drawing for the interpreter)."""

    def __init__(self, app, seed: int, start: int) -> None:
        from game.bots.base import RandomBot
        from game.ui.scenes.menu import MenuScene
        from game.ui.session import HotseatSession, open_table

        names = [f"Player {i + 1}" for i in range(PLAYERS)]
        self.session = HotseatSession.new(
            app,
            "salem",
            names,
            list(range(1, PLAYERS)),
            seed=seed,
            bot_delay=1e9,
            options={"town_hall": True},
            bot_levels=dict.fromkeys(range(1, PLAYERS), "easy"),
        )
        self.match = self.session.match
        self.bots = {s: RandomBot(seed * 100 + s) for s in range(PLAYERS)}
        while not self.match.over and self.match.state_id < start:
            self.step()
        self.table = open_table(app, self.session, base=MenuScene(app))

    def step(self) -> None:
        seat = self.match.to_act()[0]
        self.session._apply(seat, self.bots[seat].choose(self.match.view(seat), self.match.legal(seat)))


def main() -> None:
    from pacing import PaceClock

    from game.ui.app import make_app
    from game.ui.settings import Settings

    app = make_app(Settings(window_w=1920, window_h=1080))
    game = Game(app, 1692, 60)
    session, match, table = game.session, game.match, game.table
    for _ in range(5):
        app.frame(wait=False)
    print(
        f"table: {PLAYERS} players, {app.size[0]}x{app.size[1]}, state {match.state_id}, phase {match.view(0)['phase']}"
    )

    def timed(n: int, change: bool) -> tuple[list[float], list[float]]:
        wall, cpu = [], []
        for _ in range(n):
            if change:
                session.revision += 1
            table.dirty = True
            t, c = time.perf_counter(), time.thread_time()
            app.draw(force=True)
            cpu.append(time.thread_time() - c)
            wall.append(time.perf_counter() - t)
        return wall, cpu

    timed(30, False)
    for label, change in (("steady", False), ("changing", True)):
        report(label, *timed(FRAMES, change))
    # real games: one move per frame (the frames right after moves are the costly ones),
    # game after game (the next ones from their 20th command) until MOVES moves
    real_clock = app.clock
    clock = PaceClock(real_clock)

    def between(table) -> None:
        """The frames the real loop runs before the next bot move (its pause is 0.6 s):
        the played card's flight, the panels a move had no time for, and the wake-ups the
        table asks for (the next phase's seat panels drawn ahead, one per wake-up)."""
        clock.pacing = False
        for _ in range(MAX_BETWEEN):
            wake = table.next_wake()
            if not app.animating() and (wake is None or wake > 0.1):
                break
            t, c = time.perf_counter(), time.thread_time()
            app.frame(wait=False)
            between_cpu.append(time.thread_time() - c)
            between_wall.append(time.perf_counter() - t)

    app.clock = clock
    wall, cpu, with_pace = [], [], []
    between_wall, between_cpu = [], []
    games, seed, playing = 1, 1692, game
    while len(cpu) < MOVES:
        if playing.match.over:
            if playing is not game:
                playing.session.close()
            seed += 1
            games += 1
            playing = Game(app, seed, 20)
            between(playing.table)  # the person looks at the new table before the bots move
        playing.step()
        clock.paced = 0.0
        clock.pacing = True
        t, c = time.perf_counter(), time.thread_time()
        app.frame(wait=False)
        cpu.append(time.thread_time() - c)
        with_pace.append(time.perf_counter() - t)
        wall.append(with_pace[-1] - clock.paced)
        between(playing.table)
    if playing is not game:
        playing.session.close()
    app.clock = real_clock
    print(f"moves: {len(cpu)} over {games} games")
    report("moves", wall, cpu)
    report("moves+pace", with_pace, cpu)
    if between_cpu:
        report("between", between_wall, between_cpu)
    # the Night with its prompt box (the night sky and the box drawn every frame): a new
    # game of the first seed, played until Night
    night = Game(app, 1692, 0)
    while not night.match.over and night.match.view(None)["phase"] != "night":
        night.step()
    if not night.match.over:
        session, match, table = night.session, night.match, night.table
        for _ in range(3):
            app.frame(wait=False)
        report("night", *timed(FRAMES // 2, False))
    # idle: the person's turn (no bot pausing: its "thinking…" dots redraw 3 times a second)
    while not match.over and match.to_act() != [0]:
        night.step()
    for _ in range(10):
        app.frame(wait=False)
    while app.animating() or table.ahead_left() or table.seats_left():
        app.frame(wait=False)
    drawn = app.frames_drawn
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < IDLE_SECONDS:
        app.frame()
    used, spent = time.process_time() - cpu0, time.perf_counter() - wall0
    print(f"load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"idle table: {used / spent * 100:.2f}% of one core over {spent:.1f} s "
        f"({app.frames_drawn - drawn} frames drawn while idle"
        + (
            "; the dummy video driver cannot sleep in SDL, it polls: run benchmarks/idle.py under Xvfb"
            if os.environ.get("SDL_VIDEODRIVER") == "dummy"
            else ""
        )
        + ")"
    )
    night.session.close()
    game.session.close()


if __name__ == "__main__":
    main()
