"""Is reading the others' hands from their passes worth it? Normal's pick with the
reading (game/bots/hammer.py ``holding``) against the same search without it (the
sealing model kept in both), on positions from Easy self-play where a pass was read,
judged in the real match (benchmarks/search_regret.py's reference: 300 worlds x 40
commands), as value points per decision with a 95% interval. Where both picks agree the
difference is 0 and no reference is run.

    nice -n 15 .venv/bin/python benchmarks/hammer_reading.py [--positions 400] [--players 3]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bots import paired
from benchmarks.search_regret import policy_positions, reference
from game.bots import SearchBot, SeatModel, policy_for
from game.bots import hammer as hammer_bots


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--players", type=int, default=3, choices=(3, 4, 5))
    parser.add_argument("--level", default="normal", choices=("normal", "hard"))
    args = parser.parse_args(argv)
    holding = hammer_bots.holding
    diffs: list[float] = []
    differ = 0
    try:
        for i, (m, seat) in enumerate(policy_positions("hammer", args.players, args.positions * 4)):
            legal = m.legal(seat)
            if not m.state["revealed"] or len(policy_for(m).sensible(m, seat, legal)) < 2:
                continue
            if holding(m, seat) is None:
                continue
            picks = []
            for reader in (holding, lambda world, seat: None):
                hammer_bots.holding = reader
                picks.append(
                    SearchBot(1000 + i, args.level, time_limit=0).choose(m.view(seat), legal, SeatModel(m, seat))
                )
            hammer_bots.holding = holding
            if picks[0] == picks[1]:
                diffs.append(0.0)
            else:
                differ += 1
                read, unread = reference(m, seat, picks, 300, 40, 77 + i, True)
                diffs.append(read - unread)
            if len(diffs) >= args.positions:
                break
    finally:
        hammer_bots.holding = holding
    mean, half = paired(diffs)
    print(
        f"hammer {args.players} {args.level}: {len(diffs)} positions with a pass read, the picks differ in {differ}; "
        f"reading minus not {100 * mean:+.2f} ± {100 * half:.2f} value points a decision"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
