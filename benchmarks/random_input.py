"""Random input soak: every game's hot-seat table under random clicks, drags, keys, typed
text, the wheel and window resizes (tests/ui/random_input.py), headless. Prints, per game,
the events posted, how many landed on a table, the moves the person at the screen made,
the commands the matches took, the screens visited and every exception a frame raised
(with the events before it). The suite runs a short wander per game
(tests/ui/test_random_input.py); this runs long ones.

    .venv/bin/python benchmarks/random_input.py [--events 3000] [--seeds 3] [--only hammer,salem]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("WITCHHUNT_DISCOVERY_ADDR", "127.0.0.1")  # a host opened by a click announces nowhere else
os.environ["WITCHHUNT_HOME"] = tempfile.mkdtemp(prefix="witchhunt-soak-")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import GAMES
from game.ui.app import App
from tests.ui.random_input import wander


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=3000, help="random inputs per game and seed")
    parser.add_argument("--seeds", type=int, default=3, help="wanders per game (seeds 1..N)")
    parser.add_argument("--only", default="", help="games, comma separated (default: every game)")
    parser.add_argument("--leave", action="store_true", help="let the input leave the table for the menus")
    args = parser.parse_args()
    games = [g for g in args.only.split(",") if g] or sorted(GAMES)
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)} (games: {', '.join(sorted(GAMES))})")
    app = App(size=(1280, 720))
    failures = 0
    print(
        f"{'game':12} {'seed':>4} {'events':>7} {'on table':>8} {'moves':>5} {'commands':>8} {'games':>5} {'s':>6}  screens"
    )
    for game in games:
        for seed in range(1, args.seeds + 1):
            started = time.perf_counter()
            report = wander(app, game, args.events, seed, stay=not args.leave)
            took = time.perf_counter() - started
            print(
                f"{game:12} {seed:>4} {report.events:>7} {report.on_table:>8} {report.moves:>5} {report.commands:>8}"
                f" {report.games_started:>5} {took:>6.1f}  {', '.join(sorted(report.scenes))}",
                flush=True,
            )
            for scene, tb, last in report.failures:
                failures += 1
                print(f"  EXCEPTION on {scene}: {tb.strip().splitlines()[-1]}\n{tb}  last events: {last}")
    print(f"exceptions: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
