"""Render time of the Witch Trial courtroom with 7 players (its biggest table) at 1920x1080.

Headless (dummy video driver). A 7-seat match is played by a seeded bot that likes
cases and trials; the screen shows the seat to act (so a hand is always fanned). Each
step applies one command and then draws ``FRAMES_PER_MOVE`` frames while the pointer
sweeps over the table (hover, zoom, the jury marker gliding), so both kinds of frame
are measured: the first after a change (the static table is redrawn) and the steady
ones (cached table + sprites + overlays). Prints p50 / p95 / p99 / max in ms.

    .venv/bin/python benchmarks/render_courtroom.py [--moves 300] [--size 1920x1080]
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

import pygame

from game.engine import IllegalCommand, new_match
from game.ui.app import App
from game.ui.scenes.witch_trial_table import WitchTrialTableScene

FRAMES_PER_MOVE = 4
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


class ShownSeatSource:
    """A TableSource showing whichever seat must act (a benchmark, not a hot-seat)."""

    def __init__(self, match) -> None:
        self.match = match
        self.game = match.game_id
        self.players = list(match.players)
        self.message = ""

    @property
    def revision(self) -> int:
        return self.match.state_id

    @property
    def screen_seat(self):
        return self.match.to_act()[0] if self.match.to_act() else None

    def view(self):
        return self.match.view(self.screen_seat)

    def legal(self):
        return self.match.legal(self.screen_seat) if self.screen_seat is not None else []

    def log(self):
        return self.match.log(self.screen_seat)

    def submit(self, command):
        try:
            self.match.apply(self.screen_seat, command)
        except IllegalCommand as exc:
            return exc.message
        return None

    def pending_seats(self):
        return self.match.to_act()

    def request_seat(self, seat):
        pass

    def is_human(self, seat):
        return True


def choose(match, rng: random.Random) -> dict:
    legal = match.legal(match.to_act()[0])
    for kind, p in (
        ("create_case", 0.9),
        ("prosecute", 0.8),
        ("defend", 0.8),
        ("play", 0.7),
        ("object", 0.8),
        ("no_objection", 0.7),
        ("no_plea", 0.8),
        ("buy", 0.6),
    ):
        options = [c for c in legal if c["type"] == kind]
        if options and rng.random() < p:
            return rng.choice(options)
    return rng.choice(legal)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    app = App(size=(w, h))
    rng = random.Random(args.seed)
    match = new_match("witch_trial", NAMES, seed=args.seed)
    scene = WitchTrialTableScene(app, ShownSeatSource(match))
    app.scenes.push(scene)
    for _ in range(3):
        app.frame(wait=False)
    first: list[float] = []
    steady: list[float] = []
    moves = 0
    games = 1
    while moves < args.moves:
        if match.over:  # the next game at the same table
            games += 1
            match = new_match("witch_trial", NAMES, seed=args.seed + games)
            scene.source.match = match
            scene.sync(force=True)
        match.apply(match.to_act()[0], choose(match, rng))
        moves += 1
        for i in range(FRAMES_PER_MOVE):
            pos = (rng.randrange(w), rng.randrange(h))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            pygame.event.get()  # the motion only moves the pointer; the scene is told directly below
            scene.on_move(pos)
            scene.update(1 / 60)
            t0 = time.perf_counter()
            app.draw(force=True)
            (first if i == 0 else steady).append((time.perf_counter() - t0) * 1000)
    every = first + steady
    print(f"courtroom render, 7 players, {w}x{h}, {moves} moves, {len(every)} frames in {games} game(s)")
    for label, values in (("all frames", every), ("after a move", first), ("steady", steady)):
        print(
            f"  {label:13s} p50 {statistics.median(values):6.2f} ms   p95 {percentile(values, 0.95):6.2f} ms   "
            f"p99 {percentile(values, 0.99):6.2f} ms   max {max(values):6.2f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
