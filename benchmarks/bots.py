"""Bot strength and thinking time (issue 15): how often one search-bot seat wins.

For every registered game whose seats bots may search (``Match.can_search``: Hammer
3/4/5, Witch Trial 3/4/5/7, Salem 5/8/12, Testimony 3/5/7, any other game at its
smallest, middle and largest table; not Malleus, whose bots play one story style) and
every level, one bot seat (rotating round the table) plays against random seats. Prints its
win share (a tie shares the win) with a 95% Wilson interval next to the fair share
1/n, and the time per real decision (more than one legal command) of that seat: wall
clock p50/p95 and CPU p50/p95 in milliseconds. Then Hard against Normal head to head:
one Hard seat against Normal seats.

Long (hours at the full 300 games): run it niced, on a quiet machine if you can::

    nice .venv/bin/python benchmarks/bots.py [--games 300] [--h2h-games 300] [--jobs 2]
        [--only hammer:3,witch_trial:4] [--levels easy,normal,hard] [--no-h2h]

Numbers only; asserts nothing. Every game is seeded by its index, so a row replays
(wall-clock time limits aside: ``--no-time-limit`` makes every decision deterministic).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import LEVEL_NAMES, RandomBot, SearchBot, bot_move
from game.engine import GAMES, new_match

PLAYER_COUNTS = {"hammer": (3, 4, 5), "witch_trial": (3, 4, 5, 7), "salem": (5, 8, 12), "testimony": (3, 5, 7)}
MAX_COMMANDS = 20_000


def tables() -> list[tuple[str, int]]:
    out = []
    for game in sorted(g for g, cls in GAMES.items() if cls.can_search()):
        cls = GAMES[game]
        counts = PLAYER_COUNTS.get(game) or sorted(
            {cls.min_players, (cls.min_players + cls.max_players) // 2, cls.max_players}
        )
        out.extend((game, n) for n in counts)
    return out


def play_one(job: tuple) -> dict:
    """One game: ``hero_level`` at seat ``index % n``, ``others`` ("random" or a level)
    elsewhere. Returns the hero's win share and its decision times."""
    game, n, hero_level, others, index, time_limit = job
    seed = 7919 * index + 17 * n
    match = new_match(game, [f"P{i + 1}" for i in range(n)], seed=seed, options={"bots": list(range(n))})
    hero = index % n
    limit = None if time_limit else 0

    def bot(seat: int, level: str):
        if level == "random":
            return RandomBot(seed * 31 + seat)
        return SearchBot(seed * 31 + seat, level, time_limit=limit)

    bots = {s: bot(s, others) for s in range(n)}
    bots[hero] = bot(hero, hero_level)
    walls: list[float] = []
    cpus: list[float] = []
    steps = 0
    while not match.over and steps < MAX_COMMANDS:
        seat = match.to_act()[0]
        timed = seat == hero and len(match.legal(seat)) > 1
        w0, c0 = time.perf_counter(), time.thread_time()
        command = bot_move(bots[seat], match, seat)
        if timed:
            walls.append(time.perf_counter() - w0)
            cpus.append(time.thread_time() - c0)
        match.apply(seat, command)
        steps += 1
    winners = match.result()["winners"] if match.over else []
    return {
        "win": (hero in winners) / len(winners) if winners else 0.0,
        "walls": walls,
        "cpus": cpus,
        "finished": match.over,
    }


def wilson(mean: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000.0


def run_row(pool, game: str, n: int, level: str, others: str, games: int, time_limit: bool) -> dict:
    jobs = [(game, n, level, others, i, time_limit) for i in range(games)]
    started = time.perf_counter()
    results = list(pool.imap_unordered(play_one, jobs)) if pool else [play_one(j) for j in jobs]
    wins = [r["win"] for r in results]
    walls = [w for r in results for w in r["walls"]]
    cpus = [c for r in results for c in r["cpus"]]
    mean = sum(wins) / len(wins)
    low, high = wilson(mean, len(wins))
    return {
        "game": game,
        "n": n,
        "level": level,
        "others": others,
        "games": len(wins),
        "win": mean,
        "low": low,
        "high": high,
        "fair": 1 / n,
        "decisions": len(walls),
        "wall50": pct(walls, 0.5),
        "wall95": pct(walls, 0.95),
        "cpu50": pct(cpus, 0.5),
        "cpu95": pct(cpus, 0.95),
        "unfinished": sum(not r["finished"] for r in results),
        "minutes": (time.perf_counter() - started) / 60,
    }


HEADER = (
    f"{'game':<12}{'n':>2}  {'seat':<7}{'vs':<8}{'games':>6}  {'win':>6}  {'95% interval':<15}"
    f"{'fair':>6}  {'decisions':>9}  {'wall p50/p95 ms':>16}  {'cpu p50/p95 ms':>15}  {'min':>5}"
)


def show(row: dict) -> str:
    return (
        f"{row['game']:<12}{row['n']:>2}  {row['level']:<7}{row['others']:<8}{row['games']:>6}  "
        f"{100 * row['win']:>5.1f}%  [{100 * row['low']:4.1f}, {100 * row['high']:4.1f}]%  "
        f"{100 * row['fair']:>5.1f}%  {row['decisions']:>9}  "
        f"{row['wall50']:>7.1f}/{row['wall95']:<8.1f}  {row['cpu50']:>6.1f}/{row['cpu95']:<8.1f}"
        f"{row['minutes']:>5.1f}" + (f"  ({row['unfinished']} unfinished)" if row["unfinished"] else "")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per row (default 300)")
    parser.add_argument("--h2h-games", type=int, default=300, help="games per head-to-head row")
    parser.add_argument("--levels", default=",".join(LEVEL_NAMES))
    parser.add_argument("--only", default="", help="e.g. hammer:3,witch_trial:4 (default: every table)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--no-h2h", action="store_true", help="skip Hard against Normal")
    parser.add_argument(
        "--no-time-limit",
        action="store_true",
        help="iteration budgets only (deterministic, slower rows on a busy machine)",
    )
    args = parser.parse_args(argv)
    rows = tables()
    if args.only:
        wanted = {tuple(item.split(":")) for item in args.only.split(",")}
        rows = [(g, n) for g, n in rows if (g, str(n)) in wanted or (g, "") in wanted or (g,) in wanted]
    levels = [lv for lv in args.levels.split(",") if lv]
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    time_limit = not args.no_time_limit
    print(f"one bot seat against random seats, {args.games} games per row")
    print(HEADER, flush=True)
    for game, n in rows:
        for level in levels:
            print(show(run_row(pool, game, n, level, "random", args.games, time_limit)), flush=True)
    if not args.no_h2h:
        print(f"\nhead to head: one Hard seat against Normal seats, {args.h2h_games} games per row")
        print(HEADER, flush=True)
        for game, n in rows:
            if (game, n) in (("hammer", 3), ("witch_trial", 4)) or args.only:
                print(show(run_row(pool, game, n, "hard", "normal", args.h2h_games, time_limit)), flush=True)
    if pool:
        pool.close()
        pool.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
