"""Bot strength, measured fairly, and thinking time: lift over a random seat, head to head,
sense checks, and the search's speed.

**Lift** (one row per table and level): game ``i`` is played twice from the same seed with
the same seat ``i % n`` as the *hero*, every other seat a random bot with the same seed
both times; once the hero is a bot of level L, once a random bot. The lift is the mean
of the paired differences of the hero's win (a tie on points shares the win; in a game
won by a side, ``Policy.side_wins``, each member of that side wins whole) with a 95%
interval (normal approximation of the paired mean). Comparing with 1/n would be unfair
in a team game, where the side is dealt at random; so team games also get one line per
side the hero was dealt (Salem: witch / town, Testimony: the Belief of game 1, heathen /
puritan; ``Policy.role``), each over its own pairs.

**Head to head** (Hammer 3, Witch Trial 4, Salem 5, Testimony 3, or every ``--only``
table): the same pairing with Normal seats all round: a Hard hero among Normal seats
against a Normal hero among the same Normal seats.

**Sense** (one row per game): per 100 real decisions (more than one legal command) of the
hero, how often each of the game's sense checks (``Policy.senseless``) fires while a
sensible command was there (a play forced by the rules is no slip): for the random bot of
the lift pairs and for each level played.

**Ceiling** (``--omniscient``): the same lift rows, but the hero of a level searches worlds
that are the *real* match (:class:`OmniscientModel`: its hidden roles, hands and pile
order as they are; fresh generators for what is still to come) — a benchmark-only
measurement of what the level's search and rollouts could reach if it knew everything,
so how much of a lift target reading the table can buy at all. Its rows are labelled
``normal!`` (the level with ``!``) and a line says they are a ceiling; nothing in the app
can reach this model (it lives here only). With ``--omniscient`` the head-to-head rows
are ceilings too: a ``hard!`` hero (Hard searching the real match) against a Normal hero
among the same Normal seats.

**Ceiling of reading the table** (``--sides``): as ``--omniscient``, but the hero knows
the real *sides* only (who holds a Witch card, each Character's Belief: its belief is
told them, :class:`TrueSides`), while hands, rows, piles and tokens are drawn as in an
honest world; rows labelled ``hard*`` / ``normal*``. No belief read from the public log
can do better, so this is how far above Normal an honest Hard could get by reading the
table, with this search and these rollouts (``--omniscient`` overstates it: no reading
shows the cards).

**Speed** (``--speed``): the Normal level with its real time cap on fixed positions of
each table: iterations per decision (median), CPU per iteration, and where an iteration's
time goes (sample a world, apply the root command, the rollout's legal lists, the
policy's choices, its applies).

Every decision runs on its iteration budget (``time_limit=0``) unless ``--time-limit``:
rows are then deterministic (a row replays exactly), and two processes (``--jobs 2``)
give the same numbers as one. Wall and CPU times per decision are printed beside them.

Long (hours at 300 pairs per row): run it niced, in the background::

    nice .venv/bin/python benchmarks/bots.py [--games 300] [--h2h-games 300] [--jobs 2]
        [--only salem:5,testimony:7] [--levels easy,normal,hard] [--no-lift] [--no-h2h]
        [--speed] [--time-limit] [--save pairs.jsonl [--resume]] [--omniscient | --sides] [--role town]
        [--base-from main.jsonl]
    .venv/bin/python benchmarks/bots.py --summarize pairs.jsonl   # the rows so far
    .venv/bin/python benchmarks/bots.py --compare main.jsonl new.jsonl   # same pairs, new - main

``--resume`` continues a row cut short (the pairs already saved are read back, the rest
played on the same seeds); ``--compare`` sets two saved runs side by side on the pairs
both played: per row and side, each lift and the same-pairs difference of the hero's
wins with its interval — the sharpest test of a change (the random hero's game is the
same in both runs, so only the hero's own games differ). ``--role town`` plays only the
pairs (of the first ``--games``) whose hero is dealt that side: a one-side screen on the
same seeds as a whole row, for the cost of that side's pairs. ``--base-from FILE`` takes
each pair's base game from a saved run instead of playing it again: the base hero's game
(the random hero of a lift pair, the all-Normal game of a head to head) does not depend on
the hero's code, so a screen of a change, or a head-to-head row of a new Hard, plays only
the hero's games — half the cost, or less (an all-Normal game is the dear half of a head
to head).

Numbers only; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import marshal
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import LEVEL_NAMES, RandomBot, SearchBot, SeatModel, policy_for
from game.bots.worlds import fork
from game.engine import GAMES, new_match
from game.engine.rng import MatchRng

PLAYER_COUNTS = {"hammer": (3, 4, 5), "witch_trial": (3, 4, 5, 7), "salem": (5, 8, 12), "testimony": (3, 5, 7)}
HEAD_TO_HEAD = (("hammer", 3), ("witch_trial", 4), ("salem", 5), ("testimony", 3))
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


def seed_of(index: int, n: int) -> int:
    return 7919 * index + 17 * n


#: the mark of a ceiling row's hero level (``normal!``: Normal searching the real match)
OMNISCIENT = "!"
#: the mark of a reading ceiling's hero level (``hard*``: the level's belief told the real
#: sides, :class:`TrueSides`; hands, rows, piles and tokens still drawn as the seat sees them)
SIDES_KNOWN = "*"


class OmniscientModel(SeatModel):
    """CEILING MEASUREMENT ONLY (``--omniscient``; never reachable from the app): a seat
    model whose every world is the real match — the real hidden roles, rows, hands and
    pile order — as the seat's log shows it, with a fresh generator (shuffles and dice to
    come stay unknown). Whatever else the game's worlds carry per world (Salem: which
    seats play at random in the rollouts, drawn from the public log) is drawn exactly as
    for an honest world (``Policy.redraw``), then the hidden state is put back as it
    really is. So the search, its rollouts and its value are the level's own; only what
    the seat could not know is no longer guessed."""

    __slots__ = ("_truth", "_draw")

    def __init__(self, match, seat: int) -> None:
        super().__init__(match, seat)
        self._truth = None
        self._draw = None

    def sample(self, rng):
        real = self._match
        if self._truth is None:
            world = real.determinize(self.seat, rng)  # the seat's log, the setup as the seat has it
            self._draw = policy_for(world).redraw(world, self.seat, True)
            world.state = marshal.loads(marshal.dumps(real.state))
            world._loaded()
            self._truth = world
        world = fork(self._truth)
        if self._draw is not None:
            self._draw(world, rng)  # the per-world extras, as an honest world draws them
            world.state = marshal.loads(marshal.dumps(real.state))  # then the truth again
            world._loaded()
        world.seed = rng.getrandbits(63)
        world.rng = MatchRng(world.seed)
        return world


class TrueSides:
    """CEILING MEASUREMENT ONLY (``--sides``): stands in for the hero's belief
    (``Policy.belief``) with the real hidden sides — who holds a Witch card (Salem), each
    Character's Belief (Testimony) — so the search's worlds put every seat on its real
    side and draw the rest (hands, Tryal rows, piles, tokens' sides) as an honest world
    does. The most any belief read from the table could give the search: a ceiling of
    reading the table, where ``--omniscient`` also shows the cards."""

    def __init__(self, match) -> None:
        self.match = match

    def __call__(self, view, log, seat, reads="sensible"):
        m = self.match
        if m.game_id == "salem":
            return {p: (1e9 if m._holds(p, "witch") else 1e-9) for p in range(m.n) if p != seat}
        truth = [m.cat.belief(c) for c in m.state["characters"]]
        return (lambda beliefs: 1.0 if list(beliefs) == truth else 0.0), (lambda actor, target: 0.5)


def make(kind: str, seed: int, time_limit: bool):
    """A bot: ``random`` or a level's search bot (iteration budget only unless ``time_limit``)."""
    if kind == "random":
        return RandomBot(seed)
    return SearchBot(seed, kind, time_limit=None if time_limit else 0)


def pair_match(game: str, n: int, index: int):
    """The set-up match both games of pair ``index`` start from (seed :func:`seed_of`,
    every seat a bot): :func:`play` plays it, :func:`dealt_role` reads its hero's side."""
    return new_match(game, [f"P{i + 1}" for i in range(n)], seed=seed_of(index, n), options={"bots": list(range(n))})


def play(game: str, n: int, index: int, hero_kind: str, others: str, time_limit: bool) -> dict:
    """One game from seed ``seed_of(index, n)``: ``hero_kind`` at seat ``index % n``,
    ``others`` elsewhere (each seat's bot seeded by the game's seed and the seat). The
    hero's win share, its side as dealt, its decisions' times and iterations, and how
    often each sense check fired on its decisions. A ``hero_kind`` ending in
    :data:`OMNISCIENT` is that level searching the real match (:class:`OmniscientModel`,
    a ceiling); one ending in :data:`SIDES_KNOWN` is that level told the real sides
    (:class:`TrueSides`, the ceiling of reading the table)."""
    omniscient = hero_kind.endswith(OMNISCIENT)
    sides_known = hero_kind.endswith(SIDES_KNOWN)
    hero_kind = hero_kind.rstrip(OMNISCIENT + SIDES_KNOWN)
    seed = seed_of(index, n)
    match = pair_match(game, n, index)
    hero = index % n
    policy = policy_for(match)
    role = policy.role(match, hero)
    bots = {s: make(others, seed * 31 + s, time_limit) for s in range(n)}
    bots[hero] = make(hero_kind, seed * 31 + hero, time_limit)
    walls: list[float] = []
    cpus: list[float] = []
    iterations: list[int] = []
    sense: Counter = Counter()
    decisions = 0
    steps = 0
    while not match.over and steps < MAX_COMMANDS:
        seat = match.to_act()[0]
        view, legal = match.view(seat), match.legal(seat)
        w0, c0 = time.perf_counter(), time.thread_time()
        model = OmniscientModel(match, seat) if omniscient and seat == hero else SeatModel(match, seat)
        if sides_known and seat == hero:  # the hero's belief told the real sides, for this decision only
            policy.belief = TrueSides(match)  # type: ignore[method-assign]
            try:
                command = bots[seat].choose(view, legal, model)
            finally:
                del policy.belief
        else:
            command = bots[seat].choose(view, legal, model)
        if seat == hero and len(legal) > 1:
            walls.append(time.perf_counter() - w0)
            cpus.append(time.thread_time() - c0)
            iterations.append(getattr(bots[seat], "last_iterations", 0))
            decisions += 1
            fired = policy.senseless(match, seat, command)
            if fired and policy.sensible(match, seat, legal) is not legal:
                sense.update(fired)  # a senseless play while a sensible one was there
        match.apply(seat, command)
        steps += 1
    winners = match.result()["winners"] if match.over else []
    if policy.side_wins:  # a side wins: every member of it wins whole
        win = float(hero in winners)
    else:  # a tie on points shares the win
        win = (hero in winners) / len(winners) if winners else 0.0
    return {
        "win": win,
        "role": role,
        "walls": walls,
        "cpus": cpus,
        "iterations": iterations,
        "sense": dict(sense),
        "decisions": decisions,
        "finished": match.over,
    }


def pair(job: tuple) -> dict:
    """One pair of games: the hero as ``level`` and as ``base``, everything else equal. A
    job may carry the base game already played (``--base-from``): then only the hero's
    game is played."""
    game, n, level, base, others, index, time_limit, *known = job
    a = play(game, n, index, level, others, time_limit)
    b = known[0] if known and known[0] is not None else play(game, n, index, base, others, time_limit)
    assert a["role"] == b["role"], "the same seed deals the hero the same side"
    return {"a": a, "b": b, "diff": a["win"] - b["win"], "role": a["role"]}


def paired(diffs: list[float], z: float = 1.96) -> tuple[float, float]:
    """Mean of paired differences and the half width of its 95% interval."""
    if not diffs:
        return float("nan"), float("nan")
    mean = sum(diffs) / len(diffs)
    if len(diffs) < 2:
        return mean, float("nan")
    return mean, z * statistics.stdev(diffs) / math.sqrt(len(diffs))


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000.0


def saved_pairs(path: str) -> dict[tuple, dict[int, dict]]:
    """The pairs saved in ``path`` (--save), by row (game, n, level, base, others) and
    pair index; a pair saved twice counts once. An absent file holds none."""
    rows: dict[tuple, dict[int, dict]] = {}
    if not path or not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            rec = json.loads(line)
            key = (rec["game"], rec["n"], rec["level"], rec["base"], rec["others"])
            rows.setdefault(key, {})[rec["index"]] = rec["result"]
    return rows


def base_games(path: str, game: str, n: int, base: str, others: str) -> dict[int, dict]:
    """The base hero's games (the ``b`` side) of the pairs saved in ``path`` for a row of
    ``game`` at ``n`` seats with that base and those others, whatever hero level they were
    saved with, by pair index. A pair's base game does not depend on the hero's level or
    code: it is played from the same seed by the same bots (the all-Normal game of a head
    to head, the random hero's game of a lift pair), so a run may take it from here."""
    out: dict[int, dict] = {}
    for (g, size, _level, b, o), pairs in saved_pairs(path).items():
        if (g, size, b, o) == (game, n, base, others):
            for index, result in pairs.items():
                out.setdefault(index, result["b"])
    return out


def dealt_role(game: str, n: int, index: int) -> str | None:
    """The side the hero of pair ``index`` is dealt (``Policy.role``; None in a game without
    sides), read from the set-up match before anyone plays."""
    match = pair_match(game, n, index)
    return policy_for(match).role(match, index % n)


def run_pairs(
    pool,
    game: str,
    n: int,
    level: str,
    base: str,
    others: str,
    games: int,
    time_limit: bool,
    save: str = "",
    resume: bool = False,
    role: str = "",
    base_from: str = "",
) -> dict:
    """The row's ``games`` pairs; with ``resume``, the pairs of this row already saved in
    ``save`` are read back instead of played again (an interrupted row goes on where it
    stopped, on the same seeds); with ``role``, only those of its pairs whose hero is dealt
    that side (:func:`dealt_role`); with ``base_from``, a pair whose base game that file
    holds (:func:`base_games`) plays only its hero's game."""
    indices = [i for i in range(games) if not role or dealt_role(game, n, i) == role]
    kept = saved_pairs(save).get((game, n, level, base, others), {}) if resume else {}
    kept = {i: r for i, r in kept.items() if i in indices}
    known = base_games(base_from, game, n, base, others) if base_from else {}
    jobs = [(game, n, level, base, others, i, time_limit, known.get(i)) for i in indices if i not in kept]
    started = time.perf_counter()
    results = list(kept.values())
    if kept:
        print(f"  ({game} {n} {level}: {len(kept)} pairs read back from {save})", file=sys.stderr, flush=True)
    for done, (job, result) in enumerate(zip(jobs, pool.imap(pair, jobs) if pool else map(pair, jobs)), 1 + len(kept)):
        results.append(result)
        if save:  # one line per pair: a row cut short still counts what it played (--summarize)
            with open(save, "a", encoding="utf-8") as out:
                out.write(
                    json.dumps(
                        {
                            "game": game,
                            "n": n,
                            "level": level,
                            "base": base,
                            "others": others,
                            "index": job[5],
                            "result": result,
                        }
                    )
                    + "\n"
                )
        if done % max(1, games // 10) == 0 and done < games:  # a long row shows it is alive
            lift = 100 * sum(r["diff"] for r in results) / done
            print(
                f"  ({game} {n} {level}: {done}/{games} pairs, {(time.perf_counter() - started) / 60:.1f} min, "
                f"lift so far {lift:+.1f})",
                file=sys.stderr,
                flush=True,
            )
    return {
        "game": game,
        "n": n,
        "level": level,
        "base": base,
        "others": others,
        "results": results,
        "minutes": (time.perf_counter() - started) / 60,
    }


def fmt_lift(diffs: list[float]) -> str:
    mean, half = paired(diffs)
    return f"{100 * mean:+6.1f} ± {100 * half:4.1f}"


LIFT_HEADER = (
    f"{'game':<12}{'n':>2}  {'hero':<8}{'base':<8}{'vs':<8}{'side':<9}{'pairs':>5}  "
    f"{'hero win':>8} {'base win':>8}  {'lift (95%)':<15}"
)


def lift_lines(row: dict) -> list[str]:
    results = row["results"]
    groups: dict[str, list[dict]] = {"all": results}
    for r in results:
        if r["role"] is not None:
            groups.setdefault(r["role"], []).append(r)
    lines = []
    for side, rs in groups.items():
        a = sum(r["a"]["win"] for r in rs) / len(rs)
        b = sum(r["b"]["win"] for r in rs) / len(rs)
        lines.append(
            f"{row['game']:<12}{row['n']:>2}  {row['level']:<8}{row['base']:<8}{row['others']:<8}"
            f"{side:<9}{len(rs):>5}  {100 * a:>7.1f}% {100 * b:>7.1f}%  "
            f"{fmt_lift([r['diff'] for r in rs]):<15}"
        )
    walls = [w for r in results for w in r["a"]["walls"]]
    cpus = [c for r in results for c in r["a"]["cpus"]]
    its = [i for r in results for i in r["a"]["iterations"]]
    unfinished = sum(not r["a"]["finished"] or not r["b"]["finished"] for r in results)
    lines.append(
        f"{'':<14}  {row['level']} decisions {len(walls)}, iterations/decision "
        f"{statistics.mean(its) if its else 0:.0f}, wall p50/p95 {pct(walls, 0.5):.1f}/{pct(walls, 0.95):.1f} ms, "
        f"cpu p50/p95 {pct(cpus, 0.5):.1f}/{pct(cpus, 0.95):.1f} ms, {row['minutes']:.1f} min"
        + (f", {unfinished} unfinished" if unfinished else "")
    )
    if row["level"].endswith(OMNISCIENT):
        lines.append(f"{'':<14}  ({row['level']}: a CEILING — the hero searched the real match, hidden state known)")
    if row["level"].endswith(SIDES_KNOWN):
        lines.append(
            f"{'':<14}  ({row['level']}: a CEILING of reading the table — the hero's belief knew the real sides)"
        )
    return lines


def sense_lines(game: str, rows: list[dict]) -> list[str]:
    """Per 100 decisions, each sense check of ``game``: for the random hero of the lift
    pairs, then for each level."""
    checks = policy_for(new_match(game, [f"P{i}" for i in range(GAMES[game].min_players)], seed=1)).sense_checks
    counts: dict[str, tuple[Counter, int]] = {}
    for row in rows:
        for r in row["results"]:
            for who, side in ((row["level"], "a"), (row["base"], "b")):
                c, d = counts.get(who, (Counter(), 0))
                c.update(r[side]["sense"])
                counts[who] = (c, d + r[side]["decisions"])
    marked = [lv + mark for mark in (OMNISCIENT, SIDES_KNOWN) for lv in LEVEL_NAMES]
    order = [k for k in ("random", *LEVEL_NAMES, *marked) if k in counts]
    lines = [
        f"{game:<12} sense, per 100 decisions: " + "  ".join(f"{who} ({counts[who][1]} decisions)" for who in order)
    ]
    for check in checks or ("(no sense checks)",):
        cells = []
        for who in order:
            c, d = counts[who]
            cells.append(f"{who} {100 * c.get(check, 0) / d if d else 0:5.2f}")
        lines.append(f"{'':<14}{check:<32}" + "  ".join(cells))
    return lines


# ------------------------------------------------------------------------ speed --
def sampled_positions(
    game: str,
    n: int,
    count: int,
    bot_for,
    *,
    seed: int,
    every: int,
    offset: int = 0,
    games: int = 50,
    steps: int = 2000,
) -> list:
    """Up to ``count`` fixed positions of a table with a real choice (more than one legal
    command), with the seat to act: the step numbers ``offset`` modulo ``every`` of seeded
    games (seeds ``seed``, ``seed + 1`` … for at most ``games`` games of at most ``steps``
    commands), every seat played by ``bot_for(game_number, seat)``."""
    out = []
    g = 0
    while len(out) < count and g < games:
        m = new_match(game, [f"P{i}" for i in range(n)], seed=seed + g, options={"bots": list(range(n))})
        bots = {s: bot_for(g, s) for s in range(n)}
        step = 0
        while not m.over and step < steps and len(out) < count:
            seat = m.to_act()[0]
            legal = m.legal(seat)
            if len(legal) > 1 and step % every == offset:
                out.append((m.copy(), seat))
            m.apply(seat, bots[seat].choose(m.view(seat), legal, SeatModel(m, seat)))
            step += 1
        g += 1
    return out


def speed_positions(game: str, n: int, count: int = 40) -> list:
    """Fixed positions of a table with a real choice, reached by random play."""
    return sampled_positions(game, n, count, lambda g, s: RandomBot(g * 31 + s), seed=900, every=5)


class Stopwatch:
    """Wraps the parts of one search iteration to time them (CPU), for --speed. Times are
    exclusive: a part called inside another (a legal list inside the policy's move)
    counts for itself only."""

    def __init__(self) -> None:
        self.spent: Counter = Counter()
        self._inner = [0.0]

    def wrap(self, name: str, fn):
        spent = self.spent
        inner = self._inner

        def timed(*args, **kwargs):
            t0 = time.thread_time()
            outer = inner[0]
            inner[0] = 0.0
            try:
                return fn(*args, **kwargs)
            finally:
                took = time.thread_time() - t0
                spent[name] += took - inner[0]
                inner[0] = outer + took

        return timed


def speed(game: str, n: int) -> str:
    """Normal with its time cap on fixed positions: iterations and wall time per decision; then, on a
    fixed budget of 40 iterations, CPU per iteration and its parts: ``copy`` (a world
    forked from the decision's first, game/bots/worlds.py), ``redraw`` (its hidden parts
    drawn anew), ``legal`` (legal lists, mostly the policy's), ``policy`` (the rollout
    policy's moves), ``apply`` (the rules carrying them out), ``value`` (scoring the end
    of a rollout), ``search`` (the rest: the first world, root candidates, UCB)."""
    positions = speed_positions(game, n)
    its = []
    walls = []
    cpus = []
    for i, (m, seat) in enumerate(positions):
        bot = SearchBot(i, "normal")
        view, legal = m.view(seat), m.legal(seat)
        w0, c0 = time.perf_counter(), time.thread_time()
        bot.choose(view, legal, SeatModel(m, seat))
        walls.append(time.perf_counter() - w0)
        cpus.append(time.thread_time() - c0)
        its.append(bot.last_iterations)
    # the parts, on a fixed budget (the wrappers cost time of their own: shares only)
    from game.bots import worlds as worlds_module

    watch = Stopwatch()
    cls = type(positions[0][0])
    policy = policy_for(positions[0][0])
    saved = (worlds_module.fork, cls._legal, cls._apply)
    saved_policy = policy.play, policy.value, policy.redraw

    def redraw(world, seat, weigh=True):
        inner = saved_policy[2](world, seat, weigh)
        return None if inner is None else watch.wrap("redraw", inner)

    try:
        worlds_module.fork = watch.wrap("copy", worlds_module.fork)
        cls._legal = watch.wrap("legal", cls._legal)
        cls._apply = watch.wrap("apply", cls._apply)
        policy.play = watch.wrap("policy", policy.play)
        policy.value = watch.wrap("value", policy.value)
        policy.redraw = redraw
        search = watch.wrap("search", lambda bot, m, seat: bot.choose(m.view(seat), m.legal(seat), SeatModel(m, seat)))
        fixed = 0
        t0 = time.thread_time()
        for i, (m, seat) in enumerate(positions):
            bot = SearchBot(i, "normal", iterations=40, time_limit=0)
            search(bot, m, seat)
            fixed += bot.last_iterations
        cpu = time.thread_time() - t0
    finally:
        worlds_module.fork, cls._legal, cls._apply = saved
        del policy.play, policy.value, policy.redraw  # the class's methods again
    total = sum(watch.spent.values()) or 1.0
    parts = ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in watch.spent.most_common())
    return (
        f"{game:<12}{n:>2}  iterations/decision at the cap p50 {statistics.median(its):>5.0f} "
        f"(min {min(its)}, max {max(its)}), wall p50/p95 {pct(walls, 0.5):.0f}/{pct(walls, 0.95):.0f} ms, "
        f"cpu p50/p95 {pct(cpus, 0.5):.0f}/{pct(cpus, 0.95):.0f} ms (load {os.getloadavg()[0]:.1f}); "
        f"{1000 * cpu / max(1, fixed):.3f} ms cpu/iteration "
        f"(timed): {parts}"
    )


def summarize(path: str) -> int:
    """The lift, head-to-head and sense rows of the pairs saved in ``path`` (--save)."""
    print(LIFT_HEADER)
    by_game: dict[str, list[dict]] = {}
    for (game, n, level, base, others), pairs in saved_pairs(path).items():
        row = {
            "game": game,
            "n": n,
            "level": level,
            "base": base,
            "others": others,
            "results": [pairs[i] for i in sorted(pairs)],
            "minutes": float("nan"),
        }
        print("\n".join(lift_lines(row)))
        if row["base"] == "random":
            by_game.setdefault(row["game"], []).append(row)
    for game, game_rows in by_game.items():
        print("\n".join(sense_lines(game, game_rows)))
    return 0


def compare_lines(before: str, after: str) -> list[str]:
    """Two saved runs of the same rows (--save; e.g. main and a candidate, or a level and
    its ceiling) on the pairs both played: per row and side, each run's lift and the
    same-pairs difference of the hero's wins, after minus before, with its 95% interval
    (the random hero's game is the same in both, so this is the sharpest test of a
    change). Rows match by game, table size, base and others (the level may differ)."""
    old = {(g, n, b, o): (lv, p) for (g, n, lv, b, o), p in saved_pairs(before).items()}
    lines = [
        f"{'game':<12}{'n':>2}  {'before':<8}{'after':<8}{'side':<9}{'pairs':>5}  "
        f"{'lift before':<15}{'lift after':<15}{'after - before':<15}"
    ]
    for (game, n, level, base, others), new in saved_pairs(after).items():
        if (game, n, base, others) not in old:
            continue
        old_level, was = old[(game, n, base, others)]
        common = sorted(set(was) & set(new))
        for side in [None, *sorted({new[i]["role"] for i in common if new[i]["role"]})]:
            idx = [i for i in common if side is None or new[i]["role"] == side]
            if not idx:
                continue
            lines.append(
                f"{game:<12}{n:>2}  {old_level:<8}{level:<8}{side or 'all':<9}{len(idx):>5}  "
                f"{fmt_lift([was[i]['diff'] for i in idx]):<15}{fmt_lift([new[i]['diff'] for i in idx]):<15}"
                f"{fmt_lift([new[i]['a']['win'] - was[i]['a']['win'] for i in idx]):<15}"
            )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="pairs per lift row (default 300)")
    parser.add_argument("--h2h-games", type=int, default=300, help="pairs per head-to-head row")
    parser.add_argument("--levels", default="normal,hard", help="levels measured for lift (default normal,hard)")
    parser.add_argument("--only", default="", help="e.g. hammer:3,witch_trial:4 or salem (default: every table)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1; 2 at most here)")
    parser.add_argument("--no-lift", action="store_true", help="skip the lift rows (and the sense rows)")
    parser.add_argument("--no-h2h", action="store_true", help="skip Hard against Normal")
    parser.add_argument("--speed", action="store_true", help="print the search's speed per table first")
    parser.add_argument(
        "--save", default="", metavar="FILE", help="append every pair to FILE as it is played (JSON lines)"
    )
    parser.add_argument(
        "--summarize",
        default="",
        metavar="FILE",
        help="print the rows of the pairs saved in FILE (however far they got) and stop",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="with --save FILE: the pairs of a row already in FILE are read back, not played again",
    )
    parser.add_argument(
        "--role",
        default="",
        help="only the pairs (of the first --games) whose hero is dealt this side, e.g. town (a one-side screen)",
    )
    parser.add_argument(
        "--base-from",
        default="",
        metavar="FILE",
        help="take each pair's base game (the random hero's, or the all-Normal game of a head to head) from a "
        "saved run (--save FILE) where it holds one: only the hero's games are played (a screen at half the cost)",
    )
    parser.add_argument(
        "--compare",
        nargs=2,
        default=None,
        metavar=("BEFORE", "AFTER"),
        help="per row and side, the same-pairs difference of two saved runs (AFTER - BEFORE) and stop",
    )
    parser.add_argument(
        "--omniscient",
        action="store_true",
        help="CEILING rows: the hero levels search the real match (OmniscientModel; benchmark only); the head to "
        "head's hero is hard! (Hard searching the real match) against a Normal hero",
    )
    parser.add_argument(
        "--sides",
        action="store_true",
        help="CEILING rows of reading the table: the hero levels' belief is told the real sides (TrueSides; "
        "benchmark only), the head to head's hero is hard*",
    )
    parser.add_argument(
        "--time-limit", action="store_true", help="keep the levels' time caps (not deterministic; the app's real play)"
    )
    args = parser.parse_args(argv)
    if args.summarize:
        return summarize(args.summarize)
    if args.compare:
        print("\n".join(compare_lines(*args.compare)))
        return 0
    if args.resume and not args.save:
        parser.error("--resume reads the pairs saved by --save FILE: give --save too")
    rows = tables()
    if args.only:
        wanted = {tuple(item.split(":")) for item in args.only.split(",")}
        rows = [(g, n) for g, n in rows if (g, str(n)) in wanted or (g,) in wanted]
    levels = [lv for lv in args.levels.split(",") if lv]
    if args.omniscient and args.sides:
        parser.error("--omniscient and --sides are two different ceilings: give one")
    # ceiling rows: the levels searching the real match, or told the real sides
    mark = OMNISCIENT if args.omniscient else SIDES_KNOWN if args.sides else ""
    levels = [lv + mark for lv in levels]
    if args.speed:
        print("speed: Normal with its time cap, 40 positions per table", flush=True)
        for game, n in rows:
            print(speed(game, n), flush=True)
        print(flush=True)
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    budget = "time caps" if args.time_limit else "iteration budgets (time_limit=0)"
    lift_rows: dict[str, list[dict]] = {}
    if not args.no_lift:
        print(
            f"lift: hero of a level vs a random hero in the same seat, the others random; "
            f"{args.games} pairs per row; {budget}"
            + ("; CEILING: the hero (level!) searches the REAL match (OmniscientModel)" if args.omniscient else "")
            + ("; CEILING: the hero's (level*) belief is told the REAL sides (TrueSides)" if args.sides else "")
        )
        print(LIFT_HEADER, flush=True)
        for game, n in rows:
            for level in levels:
                row = run_pairs(
                    pool,
                    game,
                    n,
                    level,
                    "random",
                    "random",
                    args.games,
                    args.time_limit,
                    args.save,
                    args.resume,
                    args.role,
                    args.base_from,
                )
                lift_rows.setdefault(game, []).append(row)
                print("\n".join(lift_lines(row)), flush=True)
    if not args.no_h2h:
        # a ceiling's head to head: Hard searching the real match (or told the real
        # sides) against a Normal hero
        hard = "hard" + mark
        print(
            f"\nhead to head: a {hard} hero vs a Normal hero in the same seat, the others Normal; "
            f"{args.h2h_games} pairs per row"
            + ("; CEILING: the hero (hard!) searches the REAL match (OmniscientModel)" if args.omniscient else "")
            + ("; CEILING: the hero's (hard*) belief is told the REAL sides (TrueSides)" if args.sides else "")
        )
        print(LIFT_HEADER, flush=True)
        for game, n in rows:
            if (game, n) in HEAD_TO_HEAD or args.only:
                row = run_pairs(
                    pool,
                    game,
                    n,
                    hard,
                    "normal",
                    "normal",
                    args.h2h_games,
                    args.time_limit,
                    args.save,
                    args.resume,
                    args.role,
                    args.base_from,
                )
                print("\n".join(lift_lines(row)), flush=True)
    if lift_rows:
        print()
        for game, game_rows in lift_rows.items():
            print("\n".join(sense_lines(game, game_rows)), flush=True)
    if pool:
        pool.close()
        pool.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
