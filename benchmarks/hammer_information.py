"""Which of Hammer's hidden parts is worth knowing? Normal's pick on fixed positions (from
Easy self-play, revealed), its worlds told part of the truth, judged in the real match
(benchmarks/search_regret.py's reference: the same worlds and rollout generators for
every command, 300 worlds x 40 commands), as value points per decision minus the honest
pick, with a 95% interval:

* ``box``: the real sealed box (the other hands and the pile reshuffled among themselves);
* ``box+<role>``: the real box, and every card of that role (``response``, ``test``,
  ``no_inquisition``, ``brown``, ``bribe``) where it really is, in a hand or in the pile;
  the other unseen cards reshuffled among the places left;
* ``box+hands``: the real box and every hand (only the pile's order reshuffled);
* ``omni``: the real match (benchmarks/bots.py's OmniscientModel).

MEASUREMENT ONLY: these seat models read the real match, which no bot may.

    nice -n 15 .venv/bin/python benchmarks/hammer_information.py [--positions 200] [--roles response,test]
"""

from __future__ import annotations

import argparse
import marshal
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bots import OmniscientModel, paired
from benchmarks.search_regret import policy_positions, reference
from game.bots import SearchBot, SeatModel, policy_for
from game.engine.rng import MatchRng


class _PartTruth(SeatModel):
    """A world that is the real match with some hidden parts reshuffled (subclasses)."""

    def sample(self, rng):
        real = self._match
        world = real.determinize(self.seat, rng)  # the seat's log, the setup as the seat has it
        world.state = marshal.loads(marshal.dumps(real.state))
        self.reshuffle(world.state, real.n, rng)
        world._loaded()
        world.seed = rng.getrandbits(63)
        world.rng = MatchRng(world.seed)
        return world

    def reshuffle(self, state, n: int, rng) -> None:
        raise NotImplementedError


class TrueBox(_PartTruth):
    """The real sealed box; the other seats' hands and the pile reshuffled among themselves
    (each hand keeps its real size)."""

    def reshuffle(self, state, n, rng):
        others = [s for s in range(n) if s != self.seat]
        pool = list(state["deck"]) + [c for s in others for c in state["hands"][s]]
        rng.shuffle(pool)
        state["deck"], rest = pool[: len(state["deck"])], pool[len(state["deck"]) :]
        for s in others:
            size = len(state["hands"][s])
            state["hands"][s], rest = rest[:size], rest[size:]


class TrueBoxAndRole(_PartTruth):
    """The real box, and the cards of one role (``ROLE``) where they are; the other
    unseen cards reshuffled among the hand and pile places left (sizes kept)."""

    ROLE = ""

    def reshuffle(self, state, n, rng):
        role = self._match.t.card_role
        others = [s for s in range(n) if s != self.seat]
        places = [state["deck"]] + [state["hands"][s] for s in others]
        pool = [c for cards in places for c in cards if role[c] != self.ROLE]
        rng.shuffle(pool)
        for cards in places:
            for i, c in enumerate(cards):
                if role[c] != self.ROLE:
                    cards[i] = pool.pop()
        rng.shuffle(state["deck"])


def _true_role(role: str) -> type[TrueBoxAndRole]:
    return type(f"TrueBoxAnd_{role}", (TrueBoxAndRole,), {"ROLE": role})


class TrueBoxAndHands(_PartTruth):
    """The real box and hands; only the pile's order reshuffled."""

    def reshuffle(self, state, n, rng):
        rng.shuffle(state["deck"])


ROLES = ("response", "test", "no_inquisition", "brown", "bribe")
MODELS = {"honest": SeatModel, "box": TrueBox, "box+hands": TrueBoxAndHands, "omni": OmniscientModel}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument(
        "--roles", default="", help=f"also the real box plus one role's cards, comma-separated: {','.join(ROLES)}"
    )
    args = parser.parse_args(argv)
    models = dict(MODELS)
    for role in filter(None, args.roles.split(",")):
        if role not in ROLES:
            parser.error(f"--roles: unknown role {role!r} (choose from {', '.join(ROLES)})")
        models[f"box+{role}"] = _true_role(role)
    scores: dict[str, list[float]] = {k: [] for k in models}
    for i, (m, seat) in enumerate(policy_positions("hammer", args.players, args.positions * 2)):
        legal = m.legal(seat)
        if len(policy_for(m).sensible(m, seat, legal)) < 2 or not m.state["revealed"]:
            continue
        chosen = {
            k: SearchBot(1000 + i, "normal", time_limit=0).choose(m.view(seat), legal, M(m, seat))
            for k, M in models.items()
        }
        distinct: list[dict] = []
        for c in chosen.values():
            if c not in distinct:
                distinct.append(c)
        values = reference(m, seat, distinct, 300, 40, 77 + i, True)
        for k in models:
            scores[k].append(values[distinct.index(chosen[k])])
        if len(scores["honest"]) >= args.positions:
            break
    used = len(scores["honest"])
    print(
        f"hammer {args.players}: {used} revealed positions from Easy self-play, Normal's pick judged in the real match"
    )
    for k in models:
        mean, half = paired([a - b for a, b in zip(scores[k], scores["honest"])])
        print(
            f"  {k:<10} value {100 * statistics.mean(scores[k]):6.2f}  minus honest {100 * mean:+6.2f} ± {100 * half:5.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
