"""Engine speed: random full games per second and mean microseconds per ``apply``.

For 3, 4 and 5 players and every registered game that takes that many players, random
bots (seeing only ``view(seat)`` and ``legal(seat)``, as in ``witchhunt sim``) play full
games for a fixed time budget. Prints numbers, asserts nothing, runs in under a minute:

    .venv/bin/python benchmarks/engine.py [--budget SECONDS_PER_ROW]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import RandomBot
from game.engine import GAMES, new_match

TOTAL_BUDGET = 45.0  # seconds for the whole run
MAX_COMMANDS = 100_000


def measure(game: str, players: int, budget: float) -> dict:
    names = [f"Bot {i + 1}" for i in range(players)]
    games = commands = unfinished = 0
    apply_time = view_time = legal_time = 0.0
    started = time.perf_counter()
    seed = 0
    while games == 0 or time.perf_counter() - started < budget:
        match = new_match(game, names, seed=seed, options={"bots": list(range(players))})
        bots = {s: RandomBot(seed * 1000 + s) for s in match.options["bots"]}
        steps = 0
        while not match.over and steps < MAX_COMMANDS:
            seat = match.to_act()[0]
            t0 = time.perf_counter()
            view = match.view(seat)
            t1 = time.perf_counter()
            legal = match.legal(seat)
            t2 = time.perf_counter()
            command = bots[seat].choose(view, legal)
            t3 = time.perf_counter()
            match.apply(seat, command)
            t4 = time.perf_counter()
            view_time += t1 - t0
            legal_time += t2 - t1
            apply_time += t4 - t3
            steps += 1
        unfinished += not match.over
        commands += steps
        games += 1
        seed += 1
    elapsed = time.perf_counter() - started
    return {
        "games": games,
        "unfinished": unfinished,
        "games_per_s": games / elapsed,
        "commands_per_game": commands / games,
        "apply_us": 1e6 * apply_time / max(commands, 1),
        "view_us": 1e6 * view_time / max(commands, 1),
        "legal_us": 1e6 * legal_time / max(commands, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=None, help="seconds per game and player count")
    args = parser.parse_args(argv)
    rows = [
        (game, n)
        for n in (3, 4, 5)
        for game in sorted(GAMES)
        if not game.startswith("_") and GAMES[game].min_players <= n <= GAMES[game].max_players
    ]
    if "salem" in GAMES:  # Salem also at 2 (the ghost game), 6 (a usual table) and 12 (the biggest)
        rows += [("salem", 2), ("salem", 6), ("salem", 12)]
    budget = args.budget if args.budget is not None else max(0.5, TOTAL_BUDGET / max(len(rows), 1))
    print(
        f"{'game':<12} {'players':>7} {'games':>6} {'games/s':>9} {'cmds/game':>10} "
        f"{'apply us':>9} {'view us':>8} {'legal us':>9}"
    )
    for game, n in rows:
        r = measure(game, n, budget)
        note = f"  ({r['unfinished']} unfinished)" if r["unfinished"] else ""
        print(
            f"{game:<12} {n:>7} {r['games']:>6} {r['games_per_s']:>9.2f} {r['commands_per_game']:>10.1f} "
            f"{r['apply_us']:>9.1f} {r['view_us']:>8.1f} {r['legal_us']:>9.1f}{note}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
