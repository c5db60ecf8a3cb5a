"""Learn the bots' model of play for their beliefs (game/bots/belief.py) from self-play,
and write it to game/bots/beliefs_table.py.

Games are played by a mixed table — each seat the Easy bot (the rollout policy, the
same sense the search builds on) three times in four, else the random bot — so the
table describes bots that play with some sense without being sure of anyone. For every
public act a belief reads it counts, by the sides the actor and the target were on at
that moment, how often it happened, against how often it would have happened had the
target been picked blindly among the seats it could have picked:

* Salem 1692 (5, 8 and 12 players): the acts of ``game.bots.salem.public_acts``. Ratio
  ``"<actor side>><target side>"`` = (targets on that side + 2) / (expected + 2), the
  expected count being the share of that side among the possible targets, summed.
  Acts without an actor shown (the Night's victim …) by the target's side alone.
* Testimony (3 to 7 players): ``place`` — who lays a token before whom, the same ratio
  by Beliefs; ``side_accuse`` / ``side_defend`` — the chance of each side by the two
  Beliefs over its overall chance; ``accuse`` — the chance of the accusing side by the
  two Beliefs (for drawing the sides a seat has not seen).
* Testimony's tables of *thinking* players (``--thinking N``, the table
  ``testimony/thinking-N`` that the Hard level reads at N players,
  ``game.bots.testimony.table_for``): the same counts from games where every seat is the
  Normal level (on its iteration budget, so they replay exactly). Searching players lay
  tokens with more intent than the mix above (at 3 players a Heathen accuses a Puritan
  93% of the time, not 76%), so their tokens say more; a game of Normal seats costs
  some twenty seconds of a core, hence a table per size, learned where asked for.
* The Hammer of the Witches (3 to 5 players, game/bots/hammer.py): ``seal`` — how often
  the Bribes other seats hold are sealed and where (``sealing``); ``respond`` — how
  often a seat that could answer in a window (a brown card, a call, a test) does, by
  ``answer_key`` (``holding``).

Deterministic (seeded); a few minutes::

    .venv/bin/python tools/learn_beliefs.py [--games 1500] [--only hammer] [--jobs 2]
    .venv/bin/python tools/learn_beliefs.py --thinking 3 --games 80 --jobs 2   # ~10 min on 2 cores
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import multiprocessing
import pprint
import random
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.bots import RandomBot, SearchBot, SeatModel  # noqa: E402
from game.bots.beliefs_table import LEARNED_FROM, TABLES  # noqa: E402
from game.bots.hammer import ANSWER_KEYS, HARMFUL_TESTS, answer_key  # noqa: E402
from game.bots.salem import SINGLE_ACTS, public_acts  # noqa: E402
from game.bots.testimony import thinking_table  # noqa: E402
from game.engine import new_match  # noqa: E402
from game.rules.hammer.state import hottest  # noqa: E402

OUT = ROOT / "game" / "bots" / "beliefs_table.py"
SMOOTH = 2.0


def seats_for(n: int, rng: random.Random, seed: int) -> dict:
    return mixed_seats([rng.random() < 0.75 for _ in range(n)], seed)


def mixed_seats(easy: list[bool], seed: int) -> dict:
    """The sensible mix's bots: the Easy level where ``easy`` says so, else random."""
    return {s: SearchBot(seed * 31 + s, "easy") if e else RandomBot(seed * 31 + s) for s, e in enumerate(easy)}


def salem_counts(games: int) -> dict:
    seen: dict = defaultdict(float)
    expected: dict = defaultdict(float)
    rng = random.Random(1692)
    for g in range(games):
        n = (5, 8, 12)[g % 3]
        m = new_match("salem", [f"P{i}" for i in range(n)], seed=10_000 + g, options={"bots": list(range(n))})
        bots = seats_for(n, rng, g)
        steps = 0
        while not m.over and steps < 5000:
            seat = m.to_act()[0]
            side = ["witch" if w else "town" for w in m.state["witch"]]
            alive = list(m.state["alive"])
            m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat), SeatModel(m, seat)))
            steps += 1
            for act, actor, target in public_acts(m.log(None, since=m.state_id)):
                pool = [p for p in range(n) if (alive[p] or act == "cat") and p != actor]
                if not pool:
                    continue
                share = sum(1 for p in pool if side[p] == "witch") / len(pool)
                head = side[actor] + ">" if actor is not None else ""
                seen[(act, head + side[target])] += 1
                expected[(act, head + "witch")] += share
                expected[(act, head + "town")] += 1 - share
    return ratios(
        seen,
        expected,
        [
            (a, f"{x}>{y}")
            for a in ("accuse", "alibi", "harm", "help")
            for x in ("witch", "town")
            for y in ("witch", "town")
        ]
        + [(a, y) for a in SINGLE_ACTS for y in ("witch", "town")],
    )


def ratios(seen: dict, expected: dict, keys: list[tuple[str, str]]) -> dict:
    table: dict = defaultdict(dict)
    for act, key in keys:
        table[act][key] = round((seen[(act, key)] + SMOOTH) / (expected[(act, key)] + SMOOTH), 4)
    return dict(table)


def _testimony_tally(job: tuple[int, int, str, list[bool]]) -> tuple[dict, dict, dict]:
    """The token counts of one self-play game of Testimony (``job``: its index, its
    players, how its seats play, and for the sensible mix which seats are Easy bots)."""
    g, n, style, easy = job
    seen: dict = defaultdict(float)
    expected: dict = defaultdict(float)
    sides: dict = defaultdict(lambda: [0, 0])  # (placer, target) -> [accusing, all]
    if style == "thinking":  # every seat the Normal level, on its iteration budget (replays exactly)
        m = new_match("testimony", [f"P{i}" for i in range(n)], seed=30_000 + g, options={"bots": list(range(n))})
        bots: dict = {s: SearchBot(g * 31 + s, "normal", time_limit=0) for s in range(n)}
    else:
        m = new_match("testimony", [f"P{i}" for i in range(n)], seed=20_000 + g, options={"bots": list(range(n))})
        bots = mixed_seats(easy, g)
    steps = 0
    while not m.over and steps < 5000:
        seat = m.to_act()[0]
        command = bots[seat].choose(m.view(seat), m.legal(seat), SeatModel(m, seat))
        if command["type"] == "testify":
            belief = [m.cat.belief(c) for c in m.state["characters"]]
            pool = [p for p in range(n) if p != seat]
            share = sum(1 for p in pool if belief[p] == "heathen") / len(pool)
            key = f"{belief[seat]}>{belief[command['seat']]}"
            seen[("place", key)] += 1
            expected[("place", f"{belief[seat]}>heathen")] += share
            expected[("place", f"{belief[seat]}>puritan")] += 1 - share
            tally = sides[key]
            tally[0] += command["side"] == "accuse"
            tally[1] += 1
        m.apply(seat, command)
        steps += 1
    return dict(seen), dict(expected), dict(sides)


def testimony_counts(games: int, players: int = 0, style: str = "sensible", jobs: int = 1) -> dict:
    """The Testimony table from ``games`` self-play games: of the sensible mix over 3 to 7
    players, or (``style="thinking"``) of Normal seats at ``players``."""
    seen: dict = defaultdict(float)
    expected: dict = defaultdict(float)
    sides: dict = defaultdict(lambda: [0, 0])
    rng = random.Random(1693)  # the sensible mix: which seats are Easy, drawn game by game as seats_for does
    work = []
    for g in range(games):
        n = players if style == "thinking" else 3 + g % 5
        work.append((g, n, style, [rng.random() < 0.75 for _ in range(n)] if style != "thinking" else []))
    with multiprocessing.Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        for game_seen, game_expected, game_sides in (pool.imap if pool else map)(_testimony_tally, work):
            for key, value in game_seen.items():
                seen[key] += value
            for key, value in game_expected.items():
                expected[key] += value
            for key, (accusing, total) in game_sides.items():
                sides[key][0] += accusing
                sides[key][1] += total
    pairs = [f"{x}>{y}" for x in ("heathen", "puritan") for y in ("heathen", "puritan")]
    table = ratios(seen, expected, [("place", k) for k in pairs])
    overall = (sum(t[0] for t in sides.values()) + 1) / (sum(t[1] for t in sides.values()) + 2)
    table["accuse"] = {}
    table["side_accuse"] = {}
    table["side_defend"] = {}
    for key in pairs:
        accusing, total = sides[key]
        chance = (accusing + 1) / (total + 2)
        table["accuse"][key] = round(chance, 4)
        table["side_accuse"][key] = round(chance / overall, 4)
        table["side_defend"][key] = round((1 - chance) / (1 - overall), 4)
    return table


#: the command that answers each kind of window (docs/rules/hammer.md §4)
ANSWER_COMMAND = {"response": "respond", "inquisition": "no_inquisition", "negation": "negate"}


def _concerns(m, window: dict, seat: int) -> tuple[bool, int]:
    """Whether the card a window asks about concerns ``seat``'s own villager, and its
    value (``answer_key``'s arguments), from the real match."""
    vs = m.state["villagers"]
    if window["kind"] == "response":
        return vs[window["target"]]["owner"] == seat, window["value"]
    witches = [window["witch"]] if window.get("witch") else hottest(m)
    own = any(vs[v]["owner"] == seat for v in witches)
    if window["kind"] == "inquisition":
        return own, 0
    return own, int(window["test"] in HARMFUL_TESTS)


def hammer_counts(games: int) -> dict:
    held = sealed = 0
    aims: dict = defaultdict(int)
    left: dict = defaultdict(int)
    asked: dict = defaultdict(int)  # windows where the asked seat could answer …
    answered: dict = defaultdict(int)  # … and did not pass, by answer_key
    rng = random.Random(1487)
    for g in range(games):
        n = 3 + g % 3
        m = new_match("hammer", [f"P{i}" for i in range(n)], seed=30_000 + g, options={"bots": list(range(n))})
        bots = seats_for(n, rng, g)
        counted: set = set()
        steps = 0
        while not m.over and steps < 5000:
            seat = m.to_act()[0]
            st = m.state
            if st["revealed"]:
                role = m.t.card_role
                held += sum(1 for s in range(n) if s != seat for c in st["hands"][s] if role[c] == "bribe")
                sealed += sum(1 for b in st["box"] if b["seat"] != seat)
                vs = st["villagers"]
                hot = sorted((v for v in st["vorder"] if vs[v]["status"] == "alive"), key=lambda v: -vs[v]["heat"])
                for b in st["box"]:
                    key = (b["card"], b["seat"], b["target"], b["sign"])
                    if key in counted or vs[b["target"]]["status"] != "alive":  # (burnt since: no longer aimable)
                        continue
                    counted.add(key)
                    own = vs[b["target"]]["owner"] == b["seat"]
                    if own != (b["sign"] < 0):
                        aims["blind"] += 1
                        continue
                    pool = [v for v in hot if (vs[v]["owner"] == b["seat"]) == own]
                    aims["own" if own else "other"] += 1
                    aims[f"rank{min(pool.index(b['target']), 2)}"] += 1
            legal = m.legal(seat)
            command = bots[seat].choose(m.view(seat), legal, SeatModel(m, seat))
            window = st["windows"][-1] if st["windows"] and st["revealed"] else None
            if window and any(c["type"] == ANSWER_COMMAND[window["kind"]] for c in legal):
                key = answer_key(window["kind"], *_concerns(m, window, seat))
                asked[key] += 1
                answered[key] += command["type"] != "pass"
            m.apply(seat, command)
            steps += 1
        for event in m.log(None):  # how Bribes left the hands, as everyone saw it
            if event["type"] == "bribe":
                left["sealed"] += 1
            elif event["type"] == "discard":
                left["discarded"] += sum(1 for c in event["cards"] if m.t.card_role[c] == "bribe")
    aimed = aims["own"] + aims["other"]
    return {
        "seal": {
            "sealed": round((sealed + 1) / (held + sealed + 2), 4),
            "blind": round((aims["blind"] + 1) / (aimed + aims["blind"] + 2), 4),
            "own": round((aims["own"] + 1) / (aimed + 2), 4),
            "rank0": round((aims["rank0"] + 1) / (aimed + 3), 4),
            "rank1": round((aims["rank1"] + 1) / (aimed + 3), 4),
            "left_sealed": round((left["sealed"] + 1) / (left["sealed"] + left["discarded"] + 2), 4),
        },
        "respond": {key: round((answered[key] + 1) / (asked[key] + 2), 4) for key in ANSWER_KEYS},
    }


LEARNERS = {"salem": salem_counts, "testimony": testimony_counts, "hammer": hammer_counts}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500, help="games per game (default 1500)")
    parser.add_argument(
        "--only", choices=sorted(LEARNERS), help="learn this game's table only (the others' stay as written)"
    )
    parser.add_argument(
        "--thinking",
        type=int,
        metavar="N",
        help="learn only Testimony's table of thinking players at N players (every seat Normal; the others stay)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for Testimony's games (default 1)")
    args = parser.parse_args(argv)
    if args.thinking is not None:
        name = thinking_table(args.thinking)
        tables = dict(TABLES)
        tables[name] = testimony_counts(args.games, args.thinking, "thinking", args.jobs)
        games = {**LEARNED_FROM, name: args.games}
    else:
        learned = {**LEARNERS, "testimony": functools.partial(testimony_counts, jobs=args.jobs)}
        tables = {
            game: TABLES[game] if args.only not in (None, game) else learn(args.games)
            for game, learn in learned.items()
        }
        tables.update({name: table for name, table in TABLES.items() if name not in learned})
        games = {game: LEARNED_FROM[game] if args.only not in (None, game) else args.games for game in learned}
        games.update({name: count for name, count in LEARNED_FROM.items() if name not in learned})
    text = (
        '"""Learned likelihood ratios of public acts by side (game/bots/belief.py), and how players\n'
        "seal bribes in Hammer (game/bots/hammer.py); ``testimony/thinking-N``: Testimony's table of\n"
        "Normal seats at N players (the Hard level's, game/bots/testimony.py). Generated by\n"
        'tools/learn_beliefs.py; do not edit by hand."""\n\n'
        "#: self-play games each game's table was learned from (--games)\n"
        f"LEARNED_FROM: dict[str, int] = {games!r}\n\n"
        "TABLES: dict[str, dict[str, dict[str, float]]] = " + pprint.pformat(tables, width=100) + "\n"
    )
    OUT.write_text(text, encoding="utf-8")
    pprint.pprint(tables, width=100)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
