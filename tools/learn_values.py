"""Learn the search bot's position value for Salem 1692 (game/bots/salem.py ``town_chance``)
from self-play, and write it to game/bots/values_table.py.

Standard games (4 to 12 players) are played by the rollout policy at every seat (the
Easy bot: rollouts end in positions of such games, and their value is what the rest of
such a game would give). Every sixth position of a game that is not over is a sample:
its features (``value_features``) and whether the town won in the end. A logistic
regression (plain gradient descent with a little L2, in pure Python) fits the chance the
town wins; the held-out quarter of the games reports the log loss beside the old
hand-made estimate's.

``--style random`` learns the second model, ``salem_random``: the same features in games
where one seat (``game % players``) plays the rollout policy and every other seat plays
at random (a random bot), which is how the search's rollouts go on where the bot has
read the others as playing at random (``random_chances``); ``town_chance`` blends the
two by the share of the living who play at random in the world it values. Each style
rewrites only its own model in the table.

Deterministic (seeded); a few minutes::

    .venv/bin/python tools/learn_values.py [--games 2000] [--style policy|random]
"""

from __future__ import annotations

import argparse
import math
import pprint
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.bots import RandomBot, SearchBot, SeatModel  # noqa: E402
from game.bots import salem as salem_bots  # noqa: E402
from game.bots.values_table import MADE_WITH  # noqa: E402
from game.engine import new_match  # noqa: E402

OUT = ROOT / "game" / "bots" / "values_table.py"


def samples(games: int, style: str = "policy") -> list[tuple[int, list[float], int, float]]:
    """(game index, features, town won, old estimate) per sampled position; ``style``
    as in the module docstring."""
    out = []
    for g in range(games):
        n = 4 + g % 9
        m = new_match("salem", [f"P{i}" for i in range(n)], seed=30_000 + g, options={"bots": list(range(n))})
        bots: dict[int, SearchBot | RandomBot] = {s: SearchBot(g * 31 + s, "easy") for s in range(n)}
        if style == "random":
            bots = {s: SearchBot(g * 31 + s, "easy") if s == g % n else RandomBot(g * 31 + s) for s in range(n)}
        found = []
        steps = 0
        while not m.over and steps < 5000:
            if steps % 6 == 0 and not m.state["stack"]:
                found.append((salem_bots.value_features(m), old_estimate(m)))
            seat = m.to_act()[0]
            m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat), SeatModel(m, seat)))
            steps += 1
        if not m.over:
            continue
        won = 1 if m.state["team"] == "townspeople" else 0
        out.extend((g, f, won, old) for f, old in found)
    return out


def old_estimate(m) -> float:
    saved = salem_bots.VALUES.pop("salem", None)
    try:
        return salem_bots.town_chance(m)
    finally:
        if saved is not None:
            salem_bots.VALUES["salem"] = saved


def fit(rows: list[tuple[list[float], int]], epochs: int = 600, rate: float = 0.5, l2: float = 1e-3):
    k = len(rows[0][0])
    w = [0.0] * k
    b = 0.0
    n = len(rows)
    for _ in range(epochs):
        gw = [0.0] * k
        gb = 0.0
        for x, y in rows:
            z = b + sum(wi * xi for wi, xi in zip(w, x))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            d = p - y
            gb += d
            for i in range(k):
                gw[i] += d * x[i]
        b -= rate * gb / n
        w = [wi - rate * (gi / n + l2 * wi) for wi, gi in zip(w, gw)]
    return b, w


def log_loss(pairs: list[tuple[float, int]]) -> float:
    eps = 1e-6
    return -sum(y * math.log(max(eps, p)) + (1 - y) * math.log(max(eps, 1 - p)) for p, y in pairs) / len(pairs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--style", choices=("policy", "random"), default="policy")
    args = parser.parse_args(argv)
    key = "salem" if args.style == "policy" else "salem_random"
    data = samples(args.games, args.style)
    train = [(f, y) for g, f, y, _ in data if g % 4 != 3]
    test = [(f, y, old) for g, f, y, old in data if g % 4 == 3]
    b, w = fit(train)
    model = {"bias": round(b, 4), "weights": [round(x, 4) for x in w]}

    def predict(f):
        z = b + sum(wi * xi for wi, xi in zip(w, f))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    base = sum(y for _, y in train) / len(train)
    print(f"{len(train)} training positions, {len(test)} held out; town wins {100 * base:.1f}%")
    print(
        f"held-out log loss: learned {log_loss([(predict(f), y) for f, y, _ in test]):.4f}, "
        f"old estimate {log_loss([(old, y) for _f, y, old in test]):.4f}, "
        f"constant {log_loss([(base, y) for _f, y, _ in test]):.4f}"
    )
    models = dict(salem_bots.VALUES)
    models[key] = model
    made = dict(MADE_WITH)
    made[key] = f"--games {args.games} --style {args.style}"
    text = (
        '"""Learned position values (game/bots/salem.py ``town_chance``). Generated by\n'
        'tools/learn_values.py (the arguments of each model: MADE_WITH); do not edit by hand."""\n\n'
        "from typing import Any\n\n"
        f"MADE_WITH: dict[str, str] = {made!r}\n\n"
        "VALUES: dict[str, dict[str, Any]] = " + pprint.pformat(models, width=100) + "\n"
    )
    OUT.write_text(text, encoding="utf-8")
    pprint.pprint(model)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
