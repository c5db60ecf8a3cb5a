"""Render benchmark for the busiest Hammer table: prints numbers,
asserts nothing.

* p50 / p99 frame time of a 5-player table at 1920x1080 in mid-game, forcing redraws of
  the table scene (``app.draw(force=True)``, flip included):
  - "steady": the same position redrawn (hover, animation frames);
  - "changing": the session's revision bumped before every frame, so the table re-reads
    the view and rebuilds what depends on it (the frame after every move).
* a bare baseline in the same run: the surfaces the table really blits
  are recorded (a ``pygame.Surface`` subclass stands in for the screen once, and for the
  static table once), then a bare loop blits the same number of surfaces of the same
  sizes and alpha at the same places and flips: the table's frame time is printed as a
  ratio of it (steady frame vs the screen's blits; changing frame vs those plus the
  static table's blits). What the ratio shows above 1 is the table's own work (views,
  layout, drawing shapes, text not yet cached) beyond moving pixels.
* CPU use while the table sits idle on the person's turn: process CPU time over ~5 s of the real loop
  (``app.frame()``, sleeping until something is due) with no input, as % of one core.

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python benchmarks/render.py`` (the dummy driver is
the default here; set SDL_VIDEODRIVER=x11 under Xvfb for a real display path).
``--game salem`` measures the 12-seat Salem table instead (benchmarks/render_salem.py).
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
os.environ["WITCHHUNT_HOME"] = tempfile.mkdtemp(prefix="witchhunt-bench-")

FRAMES = 400
IDLE_SECONDS = 5.0
MID_GAME_COMMANDS = 160


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    k = min(len(values) - 1, max(0, int(round(p / 100 * (len(values) - 1)))))
    return values[k]


def recorder():
    """A screen-sized Surface that notes every blit made onto it: (size, per-pixel
    alpha, where, area, special flags) of each source surface."""
    import pygame

    class CountingSurface(pygame.Surface):
        def __init__(self, template: pygame.Surface) -> None:
            super().__init__(template.get_size(), 0, template)
            self.calls: list[tuple] = []

        def blit(self, source, dest, area=None, special_flags=0):
            self.calls.append(
                (source.get_size(), bool(source.get_flags() & pygame.SRCALPHA), tuple(dest), area, special_flags)
            )
            return super().blit(source, dest, area, special_flags)

        def blits(self, blit_sequence, doreturn=1):
            out = [self.blit(*item) for item in blit_sequence]
            return out if doreturn else None

    return CountingSurface


def bare_surfaces(calls: list[tuple], screen) -> list[tuple]:
    """Stand-in surfaces for recorded blits: same size and alpha, display format."""
    import pygame

    out = []
    for i, (size, alpha, dest, area, flags) in enumerate(calls):
        surf = pygame.Surface(size, pygame.SRCALPHA if alpha else 0)
        surf.fill((40 + i * 7 % 200, 90, 60, 200 if alpha else 255))
        surf = surf.convert_alpha() if alpha else surf.convert(screen)
        out.append((surf, dest, area, flags))
    return out


def main() -> None:
    from game.bots.base import RandomBot, play_bots
    from game.ui.app import make_app
    from game.ui.scenes.menu import MenuScene
    from game.ui.session import HotseatSession, open_table
    from game.ui.settings import Settings

    app = make_app(Settings(window_w=1920, window_h=1080))
    names = ["Ann", "Bob", "Cy", "Dora", "Ede"]
    # seat 0 is the one person at the screen (so a hand is drawn); bots hold still
    session = HotseatSession.new(app, "hammer", names, [1, 2, 3, 4], seed=1692, bot_delay=1e9)
    match = session.match
    bots = {s: RandomBot(100 + s) for s in range(5)}
    # mid-game: past MID_GAME_COMMANDS, with a full hand shown and an answer window open
    # when one comes (the banner is drawn too)
    while not match.over:
        hand = len(match.state["hands"][0])
        if match.state_id >= MID_GAME_COMMANDS and hand >= 5 and match.view(None).get("window"):
            break
        play_bots(match, bots, max_commands=1)
    session._autosave()
    table = open_table(app, session, base=MenuScene(app))
    for _ in range(5):
        app.frame(wait=False)
    view = session.view()
    hand = next(p for p in view["players"] if p["seat"] == 0).get("hand") or []
    print(
        f"table: 5 players, {app.size[0]}x{app.size[1]}, round {view.get('round')}, "
        f"phase {view.get('phase')}, state {match.state_id}, {len(hand)} cards in the shown hand, "
        f"{sum(1 for v in view['villagers'] if v['status'] == 'alive')} villagers alive, "
        f"window {(view.get('window') or {}).get('kind')}"
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

    timed(30, False)  # warm the caches
    # wall time suffers when other processes share the cores; the loop thread's CPU time
    # per frame does not, so both are printed
    results = {}
    for label, change in (("steady", False), ("changing", True)):
        wall, cpu = timed(FRAMES, change)
        results[label] = (wall, cpu)
        print(
            f"frame time {label:8s}: wall p50 {percentile(wall, 50) * 1000:6.2f} ms  "
            f"p99 {percentile(wall, 99) * 1000:6.2f} ms | cpu p50 {percentile(cpu, 50) * 1000:6.2f} ms  "
            f"p99 {percentile(cpu, 99) * 1000:6.2f} ms  mean {statistics.mean(cpu) * 1000:6.2f} ms  "
            f"({FRAMES} frames)"
        )

    # the bare baseline: what the table blits, blitted with nothing else around it
    import pygame

    counting = recorder()
    screen_rec = counting(app.screen)
    table.draw(screen_rec)  # a steady frame, as the screen receives it
    static_rec = counting(app.screen)
    table.draw_table(static_rec)  # what a change redraws into the static table
    bare = {
        "steady": bare_surfaces(screen_rec.calls, app.screen),
        "changing": bare_surfaces(static_rec.calls + screen_rec.calls, app.screen),
    }

    def bare_loop(items: list[tuple], n: int) -> tuple[list[float], list[float]]:
        wall, cpu = [], []
        screen = app.screen
        for _ in range(n):
            t, c = time.perf_counter(), time.thread_time()
            for surf, dest, area, flags in items:
                screen.blit(surf, dest, area, flags)
            pygame.display.flip()
            cpu.append(time.thread_time() - c)
            wall.append(time.perf_counter() - t)
        return wall, cpu

    for label in ("steady", "changing"):
        items = bare[label]
        bare_loop(items, 30)
        wall, cpu = bare_loop(items, FRAMES)
        pixels = sum(s.get_width() * s.get_height() for s, *_ in items)
        t_wall, t_cpu = results[label]
        print(
            f"bare blits {label:8s}: {len(items)} surfaces, {pixels / 1e6:.1f} Mpx: wall p50 "
            f"{percentile(wall, 50) * 1000:6.2f} ms | cpu p50 {percentile(cpu, 50) * 1000:6.2f} ms  "
            f"-> table/bare ratio: wall p50 {percentile(t_wall, 50) / max(1e-9, percentile(wall, 50)):.2f}x, "
            f"cpu p50 {percentile(t_cpu, 50) / max(1e-9, percentile(cpu, 50)):.2f}x, "
            f"cpu mean {statistics.mean(t_cpu) / max(1e-9, statistics.mean(cpu)):.2f}x"
        )

    # idle: the real loop with no input, on the person's turn alone (a bot about to move
    # shows its "thinking…" dots, which redraw three times a second)
    while not match.over and match.to_act() != [0]:
        seat = match.to_act()[0]
        session._apply(seat, bots[seat].choose(match.view(seat), match.legal(seat)))
    table.dirty = True
    for _ in range(10):
        app.frame(wait=False)
    while app.animating() or table.ahead_left():
        app.frame(wait=False)
    drawn = app.frames_drawn
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < IDLE_SECONDS:
        app.frame()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    print(f"load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"idle table: {cpu / wall * 100:.2f}% of one core over {wall:.1f} s "
        f"({app.frames_drawn - drawn} frames drawn while idle)"
    )
    session.close()


if __name__ == "__main__":
    if sys.argv[1:] == ["--game", "salem"]:  # the 12-seat Salem table
        from render_salem import main as salem_main

        salem_main()
    else:
        main()
