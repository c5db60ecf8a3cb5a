"""Testimony figures. Prints numbers, asserts nothing.

1. Engine, 3..7 players: random matches (three games each) per second, commands per
   match, mean microseconds per ``apply`` / ``view`` / ``legal``, and ``determinize``.
2. The table at 1920x1080, 7 players, headless, the screen staying with one seat and
   following the seat to act: frame times (ms) for the first frame after a move (the static table and the changed plates are redrawn) and for steady
   frames (the pointer sweeping over plates and tokens), and during the end-of-game
   reveal (tokens turning over every frame).

    .venv/bin/python benchmarks/testimony.py [--budget SECONDS_PER_ROW] [--moves 200]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots import RandomBot
from game.engine import new_match

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


def engine_row(players: int, budget: float) -> dict:
    matches = commands = 0
    t_apply = t_view = t_legal = t_det = 0.0
    dets = 0
    started = time.perf_counter()
    seed = 0
    det_rng = random.Random(1)
    while matches == 0 or time.perf_counter() - started < budget:
        m = new_match("testimony", NAMES[:players], seed=seed)
        bots = {s: RandomBot(seed * 100 + s) for s in range(players)}
        while not m.over:
            seat = m.to_act()[0]
            t0 = time.perf_counter()
            view = m.view(seat)
            t1 = time.perf_counter()
            legal = m.legal(seat)
            t2 = time.perf_counter()
            command = bots[seat].choose(view, legal)
            t3 = time.perf_counter()
            m.apply(seat, command)
            t4 = time.perf_counter()
            t_view += t1 - t0
            t_legal += t2 - t1
            t_apply += t4 - t3
            commands += 1
            if commands % 25 == 0 and not m.over:
                t5 = time.perf_counter()
                m.determinize(m.to_act()[0], det_rng)
                t_det += time.perf_counter() - t5
                dets += 1
        matches += 1
        seed += 1
    elapsed = time.perf_counter() - started - t_det
    return {
        "matches": matches,
        "per_s": matches / elapsed,
        "commands": commands / matches,
        "apply": 1e6 * t_apply / commands,
        "view": 1e6 * t_view / commands,
        "legal": 1e6 * t_legal / commands,
        "determinize": 1e6 * t_det / max(1, dets),
    }


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


def render(moves: int, size: tuple[int, int], follow: bool = True) -> dict[str, list[float]]:
    """Frame times at the table. ``follow``: the screen follows the seat to act (each move
    a new seat's view, as after a hot-seat curtain: the whole table is drawn afresh);
    else the screen stays with seat 0 (one person against bots: only what the move
    changed is redrawn)."""
    import pygame

    from game.ui.app import App
    from game.ui.scenes.testimony_table import TestimonyTableScene
    from tests.ui.table_source import open_table_scene
    from tests.ui.testimony_source import TestimonySource, talky

    app = App(size=size)
    # the loop's 60 fps pacing (clock.tick sleeps out the rest of 1/60 s while something
    # animates) is not drawing: it is timed and taken out of every frame's time
    from pacing import PaceClock

    clock = app.clock = PaceClock(app.clock)

    def frame_ms() -> float:
        clock.paced = 0.0
        t0 = time.perf_counter()
        app.frame(wait=False)
        return 1000 * (time.perf_counter() - t0 - clock.paced)

    m = new_match("testimony", NAMES, seed=5)
    source = TestimonySource(m, m.to_act()[0])
    scene = open_table_scene(app, TestimonyTableScene, source, frames=3)
    rng = random.Random(2)
    first: list[float] = []
    steady: list[float] = []
    reveal: list[float] = []
    for move in range(moves):
        if m.over:
            break
        seat = m.to_act()[0]
        m.apply(seat, talky(m, rng))
        if follow:
            source.show(m.to_act()[0] if m.to_act() else None)
        for frame in range(4):
            x = 420 + (move * 97 + frame * 211) % (size[0] - 840)
            y = 40 + (move * 53 + frame * 131) % (size[1] - 400)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
            (first if frame == 0 else steady).append(frame_ms())
        while scene.reveal_animating():
            reveal.append(frame_ms())
        if scene.reveal and scene.reveal.get("open"):
            scene.close_reveal()
    return {"first after a move": first, "steady": steady, "reveal animating": reveal}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=4.0)
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args(argv)
    print(
        f"{'players':>7} {'matches':>7} {'matches/s':>9} {'cmds/match':>10} {'apply us':>9} {'view us':>8} "
        f"{'legal us':>8} {'determinize us':>14}"
    )
    for n in range(3, 8):
        r = engine_row(n, args.budget)
        print(
            f"{n:>7} {r['matches']:>7} {r['per_s']:>9.2f} {r['commands']:>10.1f} {r['apply']:>9.1f} "
            f"{r['view']:>8.1f} {r['legal']:>8.1f} {r['determinize']:>14.1f}",
            flush=True,
        )
    for follow, title in (
        (False, "the screen stays with one seat (one person against bots)"),
        (True, "the screen follows the seat to act (a new view each move, as after a curtain)"),
    ):
        print(f"\nTable, 7 players, 1920x1080, {title} (ms per frame, the 60 fps pacing sleep taken out):")
        for label, values in render(args.moves, (1920, 1080), follow=follow).items():
            if values:
                print(
                    f"  {label:<20} n={len(values):>4}  p50 {statistics.median(values):6.2f}  "
                    f"p95 {pct(values, 0.95):6.2f}  p99 {pct(values, 0.99):6.2f}  max {max(values):6.2f}"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
