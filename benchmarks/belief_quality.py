"""How much the bots' belief reads the table: the chance a seat's search worlds give each
other seat's real side, weighed by the belief against drawn uniformly.

Games of Salem 1692 or Testimony are played with every seat a bot of one level (Normal by
default, on its iteration budget: the games replay exactly). Every ``--every``-th real
decision of a seat, ``--worlds`` worlds are drawn for it twice, as its search draws
them (:class:`game.bots.worlds.Worlds`): once weighed by its belief (what Normal and Hard
play with), once uniformly (the determinize contract). For each other seat whose side
differs between worlds, the share of worlds that give it its real side
(``Policy.role`` of the world against that of the real match) is one reading. Per side of
the reader (witch / town; Heathen / Puritan), the mean of those shares and their mean
log-loss (lower is better), uniform and weighed, and the weighed one's gain with a 95%
interval over the games (a game's readings are not independent; its mean is one
sample).

The real match is read only here, to score the worlds after the bot's seat drew them:
the worlds themselves come from the seat's view and log, as in play.

**Rescoring** (``--rescore DIR``, Salem): the readings a run dumped (``--dump DIR``) with
exactly one hidden Witch card among the reader's candidates, scored as the chance each
variant of the belief gives the real witch (the blind chance from the uniform worlds,
times the variant's odds, :func:`game.bots.salem.witch_odds`): blind, the belief as it
plays, without the random-play damping (every seat's acts weighed in full, as if it
played like the table's model), and without each kind of act in turn. Which part of the
belief reads the table, and which misreads it, at no cost of play.

Numbers only; asserts nothing::

    nice .venv/bin/python benchmarks/belief_quality.py [--game salem] [--players 5]
        [--games 40] [--level normal] [--every 3] [--worlds 200] [--jobs 2] [--dump DIR]
    .venv/bin/python benchmarks/belief_quality.py --rescore DIR
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bots import paired  # the paired mean and its 95% interval, as the strength rows have them
from game.bots import SearchBot, SeatModel, policy_for
from game.bots.worlds import Worlds
from game.engine import new_match

MAX_COMMANDS = 20_000
#: a share is clipped this far from 0 and 1 before its log-loss is taken
FLOOR = 1e-3


def shares(match, seat: int, worlds: int, weigh: bool, rng_seed: int) -> dict[int, float]:
    """Per other seat, the share of ``worlds`` drawn for ``seat`` that give it its real
    side."""
    policy = policy_for(match)
    rng = random.Random(rng_seed)
    drawn = Worlds(SeatModel(match, seat), rng, weigh=weigh)
    real = {p: policy.role(match, p) for p in range(len(match.players))}
    hits: dict[int, int] = defaultdict(int)
    for _ in range(worlds):
        world = drawn.sample(rng)
        for p in real:
            if p != seat and policy.role(world, p) == real[p]:
                hits[p] += 1
    return {p: hits[p] / worlds for p in real if p != seat}


def play(job: tuple) -> dict:
    """One game from seed ``seed``: the readings of every ``every``-th decision, by the
    reader's side."""
    game, n, level, seed, every, worlds, dump_dir = job
    dump: list | None = [] if dump_dir else None
    match = new_match(game, [f"P{i + 1}" for i in range(n)], seed=seed, options={"bots": list(range(n))})
    policy = policy_for(match)
    bots = {s: SearchBot(seed * 31 + s, level, time_limit=0) for s in range(n)}
    readings: dict[str, list[tuple[float, float]]] = defaultdict(list)
    decisions = 0
    steps = 0
    while not match.over and steps < MAX_COMMANDS:
        seat = match.to_act()[0]
        view, legal = match.view(seat), match.legal(seat)
        if len(legal) > 1:
            decisions += 1
            if decisions % every == 0:
                uniform = shares(match, seat, worlds, False, seed + decisions)
                weighed = shares(match, seat, worlds, True, seed + decisions)
                unsure = [p for p, u in uniform.items() if 0.0 < u < 1.0 or 0.0 < weighed[p] < 1.0]
                reader = policy.role(match, seat)
                for p in unsure:  # a side the seat is unsure of
                    readings[reader or "all"].append((uniform[p], weighed[p]))
                if dump is not None and unsure:
                    dump.append(
                        {
                            "seat": seat,
                            "role": reader,
                            "seats": {p: policy.role(match, p) for p in unsure},
                            "uniform": {p: uniform[p] for p in unsure},
                            "weighed": {p: weighed[p] for p in unsure},
                            "view": view,
                            "log": match.log(seat),
                        }
                    )
        match.apply(seat, bots[seat].choose(view, legal, SeatModel(match, seat)))
        steps += 1
    if dump is not None:
        Path(dump_dir, f"{game}{n}-{seed}.json").write_text(json.dumps(dump), encoding="utf-8")
    return {"readings": dict(readings), "finished": match.over}


def loss(share: float) -> float:
    return -math.log(min(1.0 - FLOOR, max(FLOOR, share)))


def interval(values: list[float]) -> str:
    if len(values) < 2:
        return "(one game)"
    mean, half = paired(values)
    return f"{mean:+.3f} ± {half:.3f}"


def table_lines(results: list[dict]) -> list[str]:
    """The table of the games played so far: one row per reader's side."""
    lines = [
        f"{'reader':<9}{'games':>6}{'readings':>9}  {'share uniform':>13} {'weighed':>8}  "
        f"{'log-loss uniform':>16} {'weighed':>8}  {'gain in share (95%, by game)':<28}"
    ]
    for side in sorted({side for r in results for side in r["readings"]}):
        per_game = [r["readings"][side] for r in results if r["readings"].get(side)]
        flat = [x for g in per_game for x in g]
        u = statistics.mean(a for a, _ in flat)
        w = statistics.mean(b for _, b in flat)
        lu = statistics.mean(loss(a) for a, _ in flat)
        lw = statistics.mean(loss(b) for _, b in flat)
        gains = [statistics.mean(b - a for a, b in g) for g in per_game]
        lines.append(
            f"{side:<9}{len(per_game):>6}{len(flat):>9}  {u:>13.3f} {w:>8.3f}  {lu:>16.3f} {lw:>8.3f}  {interval(gains):<28}"
        )
    return lines


def one_witch_readings(dump_dir: str) -> list[tuple[dict, list[int], int, list[float]]]:
    """The dumped Salem readings with exactly one hidden witch among the candidates: the
    reading, its candidates, the real witch's index among them, and each candidate's
    blind chance of being the witch (from the uniform worlds' shares)."""
    out = []
    for path in sorted(Path(dump_dir).glob("salem*.json")):
        for r in json.loads(path.read_text(encoding="utf-8")):
            cands = [int(p) for p in r["seats"]]
            witch = [r["seats"][str(p)] == "witch" for p in cands]
            if sum(witch) != 1:
                continue
            blind = [r["uniform"][str(p)] if w else 1.0 - r["uniform"][str(p)] for p, w in zip(cands, witch)]
            out.append((r, cands, witch.index(True), blind))
    return out


def witch_chance_lines(readings: list[tuple[dict, list[int], int, list[float]]]) -> list[str]:
    """Per variant of the Salem belief, the mean chance it gives the real witch and its
    log-loss over ``readings`` (:func:`one_witch_readings`)."""
    from game.bots import salem
    from game.bots.beliefs_table import TABLES

    table = TABLES["salem"]
    kinds = sorted(table)

    def scored(label: str) -> str:
        chances = []
        for r, cands, real, blind in readings:
            odds = salem.witch_odds(r["view"], r["log"], r["seat"]) or {}
            weights = [b * odds.get(p, 1.0) for p, b in zip(cands, blind)]
            chances.append(weights[real] / (sum(weights) or 1.0))
        return f"{label:<44}{statistics.mean(chances):>10.3f}{statistics.mean(loss(c) for c in chances):>10.3f}"

    lines = [f"{len(readings)} readings with one hidden witch", f"{'belief':<44}{'P(witch)':>10}{'log-loss':>10}"]
    blind = [b[real] / sum(b) for _r, _c, real, b in readings]
    lines.append(
        f"{'blind (uniform worlds)':<44}{statistics.mean(blind):>10.3f}{statistics.mean(map(loss, blind)):>10.3f}"
    )

    def without_each(variant: str) -> list[str]:
        out = []
        for kind in kinds:
            kept = table[kind]
            table[kind] = {}  # an act not in the table weighs 1: it says nothing
            try:
                out.append(scored(f"{variant}without {kind}"))
            finally:
                table[kind] = kept
        return out

    lines.append(scored("as it plays"))
    lines += without_each("")
    damping = salem.MODEL_OPPONENTS
    salem.MODEL_OPPONENTS = False
    try:
        lines.append(scored("no random-play damping"))
        lines += without_each("no random-play damping, ")
    finally:
        salem.MODEL_OPPONENTS = damping
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="salem", choices=("salem", "testimony"))
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--every", type=int, default=3, help="read every k-th real decision (default 3)")
    parser.add_argument("--worlds", type=int, default=200, help="worlds drawn per reading (default 200)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--dump", default="", metavar="DIR", help="write each game's readings (the reader's view and log) to DIR"
    )
    parser.add_argument(
        "--rescore", default="", metavar="DIR", help="score the variants of the Salem belief on the readings in DIR"
    )
    parser.add_argument("--seed", type=int, default=100_003, help="first game's seed (the next add 7919)")
    args = parser.parse_args(argv)
    if args.rescore:
        readings = one_witch_readings(args.rescore)
        if not readings:
            parser.error(f"no Salem readings with one hidden witch in {args.rescore} (a run's --dump DIR)")
        print("\n".join(witch_chance_lines(readings)))
        return 0
    jobs = [
        (args.game, args.players, args.level, args.seed + 7919 * i, args.every, args.worlds, args.dump)
        for i in range(args.games)
    ]
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    print(
        f"{args.game} {args.players}, {args.games} games of {args.level} seats, one real decision in {args.every} read, "
        f"{args.worlds} worlds per reading; per reader's side: the share of worlds giving a seat its real side "
        f"(mean; higher is better) and its log-loss (lower is better), uniform -> weighed by the belief",
        flush=True,
    )
    results = []
    for done, result in enumerate(pool.imap(play, jobs) if pool else map(play, jobs), 1):
        results.append(result)
        if done % 10 == 0 and done < args.games:  # a long run shows where it stands
            print(f"after {done} games:\n" + "\n".join(table_lines(results)), file=sys.stderr, flush=True)
    if pool:
        pool.close()
        pool.join()
    print("\n".join(table_lines(results)))
    unfinished = sum(not r["finished"] for r in results)
    if unfinished:
        print(f"({unfinished} games did not finish within {MAX_COMMANDS} commands)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
