"""Malleus Maleficarum soak: whole seeded games with every issue-14 invariant checked.

The test suite plays 140 games through their first round and two to the end
(tests/rules/test_malleus_playouts.py); this plays ``--games`` whole games with the same
checks (tests/rules/malleus_playout.py) and prints numbers. Asserts nothing beyond the
checks themselves:

    .venv/bin/python benchmarks/malleus_playouts.py [--games 200] [--first 0]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.rules.malleus_playout import play_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="first game number (seed)")
    args = parser.parse_args()
    started = time.perf_counter()
    cpu = time.process_time()
    by_players: dict[int, list[dict]] = {}
    for game in range(args.first, args.first + args.games):
        summary = play_game(game)
        summary.pop("match")
        by_players.setdefault(summary["players"], []).append(summary)
    print(
        f"{args.games} whole games, every invariant checked at every step: "
        f"{time.perf_counter() - started:.1f} s wall, {time.process_time() - cpu:.1f} s CPU"
    )
    print("players  games  finished  commands (mean / median / max)  rounds (mean / max)")
    for players in sorted(by_players):
        rows = by_players[players]
        steps = [r["steps"] for r in rows]
        rounds = [r["round"] for r in rows]
        print(
            f"{players:7d}  {len(rows):5d}  {sum(r['over'] for r in rows):8d}  "
            f"{statistics.mean(steps):8.0f} / {statistics.median(steps):6.0f} / {max(steps):5d}"
            f"        {statistics.mean(rounds):4.1f} / {max(rounds):3d}"
        )


if __name__ == "__main__":
    main()
