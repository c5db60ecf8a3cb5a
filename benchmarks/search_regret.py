"""Decision quality of search settings on fixed positions, judged by one reference
evaluation: a quick screen between Hard variants before a head-to-head run.

For each table, fixed positions reached by random play (benchmarks/bots.py's speed
positions) are given to each variant (iteration budgets, no time cap). Every command a
variant chose is then scored by a reference: its mean value over the same ``--worlds``
worlds and rollout generators (common random numbers), sampled through the seat's
SeatModel like any bot's, with rollouts of ``--depth`` commands scored by the game's
Policy.value. A variant's score per position is the reference value of its command; rows
print each variant's mean minus Normal's, paired by position, with a 95% interval.

A proxy: the reference uses the same rollout policy and value as the bots, so it measures
how precisely a variant picks by that evaluation, not whether the evaluation is right.

``--truth`` judges in the real match instead of sampled worlds (a measurement may read
the hidden cards; no bot may); ``--headroom`` also judges every root candidate of a Normal
search (the best, picked on half the worlds and judged on the other half: how much a
perfect pick among them would be worth); ``--policy-positions`` takes positions from
Easy self-play, the play a belief's model of play reads; the ``*_uniform`` variants are
the levels with their belief off (``Level.weigh``), to screen a belief against uniform
worlds; ``normal_omniscient`` is Normal searching the real match (a ceiling: with
``--truth``, what knowing every hidden card is worth to its pick).

    nice -n 15 .venv/bin/python benchmarks/search_regret.py [--only hammer:3] [--positions 40]
        [--truth] [--headroom] [--policy-positions] [--variants normal,normal_uniform]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bots import HEAD_TO_HEAD, OmniscientModel, paired, sampled_positions, speed_positions
from game.bots import SearchBot, SeatModel, policy_for
from game.bots.policy import playout
from game.bots.search import LEVELS, Level
from game.bots.worlds import Worlds, fork
from game.engine.match import Match
from game.engine.rng import MatchRng

VARIANTS: dict[str, Level] = {
    "normal": LEVELS["normal"],
    "hard": LEVELS["hard"],
    "old_hard": replace(LEVELS["hard"], iterations=700, depth=80, proposals=20, root="ucb"),
    "ucb_1280": replace(LEVELS["hard"], root="ucb"),
    "normal_uniform": replace(LEVELS["normal"], weigh=False),
    "hard_uniform": replace(LEVELS["hard"], weigh=False),
    "normal_omniscient": LEVELS["normal"],
}
#: variants that search the real match (benchmarks/bots.py's OmniscientModel: a ceiling,
#: what knowing every hidden card would be worth to that level's pick)
OMNISCIENT = {"normal_omniscient"}


#: per reference call, per command: its total value over the even and the odd worlds
HALVES: list[list[list[float]]] = []


def policy_positions(game: str, n: int, count: int) -> list[tuple[Match, int]]:
    """Fixed positions with a choice, reached by every seat playing the Easy level (the
    game's rollout policy, its sense checks kept): the play a belief's model of play
    reads, unlike a random bot's."""
    return sampled_positions(
        game, n, count, lambda g, s: SearchBot(g * 31 + s, "easy"), seed=500, every=7, offset=3, games=60, steps=3000
    )


def reference(
    m: Match, seat: int, commands: list[dict], worlds: int, depth: int, seed: int, truth: bool = False
) -> list[float]:
    """The mean value of each command over the same worlds and rollout generators; with
    ``truth``, the worlds are the real match (its hidden cards as they are, its future
    dice and shuffles drawn afresh): a measurement may read what no bot may."""
    rng = random.Random(seed)
    w = Worlds(SeatModel(m, seat), rng)
    totals = [0.0] * len(commands)
    halves = [[0.0, 0.0] for _ in commands]
    for j in range(worlds):
        if truth:
            base = m.copy()
            base.seed = rng.getrandbits(63)
            base.rng = MatchRng(base.seed)
        else:
            base = w.sample(rng)
        rollout_seed = rng.getrandbits(32)
        for i, command in enumerate(commands):
            world = fork(base)
            world.rng = MatchRng(base.seed)
            world.advance(seat, command)
            policy = policy_for(world)
            playout(world, random.Random(rollout_seed), depth, policy)
            value = policy.value(world, seat)
            totals[i] += value
            halves[i][j % 2] += value
    HALVES.append(halves)
    return [t / worlds for t in totals]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="tables, e.g. hammer:3,salem:5 (default: the head-to-head tables)")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--worlds", type=int, default=300, help="reference worlds per position")
    parser.add_argument("--depth", type=int, default=40, help="reference rollout length")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument(
        "--policy-positions", action="store_true", help="positions from Easy self-play (default: random play)"
    )
    parser.add_argument("--truth", action="store_true", help="judge in the real match (hidden cards as dealt)")
    parser.add_argument(
        "--headroom",
        action="store_true",
        help="also judge every root candidate of a Normal search: how much the best of them is worth over Normal's pick",
    )
    args = parser.parse_args(argv)
    tables = [(g, int(n)) for g, n in (item.split(":") for item in args.only.split(","))] if args.only else HEAD_TO_HEAD
    names = [v for v in args.variants.split(",") if v]
    for game, n in tables:
        positions = (
            policy_positions(game, n, args.positions * 2)
            if args.policy_positions
            else speed_positions(game, n, args.positions * 2)
        )
        scores: dict[str, list[float]] = {v: [] for v in names}
        cpu: dict[str, float] = dict.fromkeys(names, 0.0)
        used = 0
        best: list[float] = []
        normal_odd: list[float] = []
        spread: list[int] = []
        for i, (m, seat) in enumerate(positions):
            legal = m.legal(seat)
            if len(policy_for(m).sensible(m, seat, legal)) < 2:
                continue
            chosen = {}
            its = {}
            for v in names:
                bot = SearchBot(1000 + i, "normal", time_limit=0)
                bot.level = replace(VARIANTS[v], time_limit=None)  # the budget only
                t0 = time.thread_time()
                model = OmniscientModel(m, seat) if v in OMNISCIENT else SeatModel(m, seat)
                chosen[v] = bot.choose(m.view(seat), legal, model)
                cpu[v] += time.thread_time() - t0
                its[v] = bot.last_iterations
            distinct: list[dict] = []
            for c in chosen.values():
                if c not in distinct:
                    distinct.append(c)
            if args.headroom:  # every root candidate a Normal search weighs
                probe = SearchBot(1000 + i, "normal", time_limit=0)
                world = m.determinize(seat, random.Random(i))
                for c in probe._candidates(world, seat, legal, random.Random(i)):
                    if c not in distinct:
                        distinct.append(c)
            values = reference(m, seat, distinct, args.worlds, args.depth, 77 + i, args.truth)
            for v in names:
                scores[v].append(values[distinct.index(chosen[v])])
            # the best picked on the even worlds, judged on the odd ones (the largest of many
            # noisy means would flatter it), against Normal's pick on the same odd worlds
            halves = HALVES[-1]
            top = max(range(len(distinct)), key=lambda c: halves[c][0])
            odd = args.worlds // 2
            best.append(halves[top][1] / odd)
            normal_odd.append(halves[distinct.index(chosen["normal"])][1] / odd)
            spread.append(len(distinct))
            used += 1
            if used == args.positions:
                break
        print(
            f"{game} {n}: {used} positions, reference {args.worlds} {'real-match' if args.truth else 'sampled'} worlds x {args.depth} commands",
            flush=True,
        )
        for v in names:
            mean, half = paired([a - b for a, b in zip(scores[v], scores["normal"])])
            agree = sum(a == b for a, b in zip(scores[v], scores["normal"]))
            print(
                f"  {v:<10} value {100 * statistics.mean(scores[v]):6.2f}  minus normal {100 * mean:+6.2f} "
                f"± {100 * half:5.2f}  (same value as normal {agree}/{used}), cpu/decision "
                f"{1000 * cpu[v] / max(1, used):.0f} ms",
                flush=True,
            )
        if args.headroom:
            mean, half = paired([a - b for a, b in zip(best, normal_odd)])
            print(
                f"  {'best':<10} value {100 * statistics.mean(best):6.2f}  minus normal {100 * mean:+6.2f} "
                f"± {100 * half:5.2f}  (the best of {statistics.mean(spread):.1f} commands per position, picked on half the worlds, judged on the other half)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
