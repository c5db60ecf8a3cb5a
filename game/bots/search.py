"""The search bot: determinized rollouts with UCB1 at the root, in three levels.

How it thinks
-------------
A bot gets its seat's ``view`` and ``legal`` list and one door to a forward model, a
:class:`SeatModel` whose only power is ``sample(rng)`` = ``match.determinize(seat, rng)``
(DESIGN D2): a full copy of the match in which everything the seat cannot know was
resampled. Each iteration samples a fresh world, picks one of the seat's candidate
commands by UCB1, applies it in that world, lets every seat play on with the game's
cheap rollout policy (``Policy.choose``, game/bots/policy.py and game/bots/<game>.py) for a
bounded number of commands, and scores the end position with ``Policy.value``
(the win share when the game ended, the game's estimate otherwise). The command
visited most is played.

Why flat UCB over determinizations and not a full ISMCTS tree: a decision gets a few
hundred iterations at most (0.10 s at Normal, in pure Python), so a tree would hardly
grow past its first level; Hammer's response windows let several seats act at once and
bribes are sealed, which makes the opponents' information-set nodes awkward and their
statistics thin; and what makes these bots play well is the rollout policy and the
evaluation, which both variants share. Flat UCB also cannot suffer strategy fusion
inside its own (absent) tree, and each root statistic averages over worlds, so a move
that only works when the bot guesses an opponent's hand right is not overrated.

Root candidates come from the rollout policy itself (the distinct commands it proposes
in a few draws, plus the first listed command of each type, its free text filled
neutrally), so a hand of accusations with 100 accuser/target combinations is searched
over the handful a sensible player would consider.

A game may give an honest forward model and still turn search down
(``Match.search_bots``, ``Match.can_search``): Malleus' player seats play the story
game's own random style at every level (why: game/bots/malleus.py).

Levels: ``easy`` plays the rollout policy once (random with a little sense: it defends
cases, objects to harmful motions, avoids pointless passes); ``normal`` and ``hard``
search, ``hard`` with four times the iterations over a few more candidates, spent by
sequential halving on worlds its candidates share (:meth:`SearchBot._halving`), its
belief reading the others as thinking players where the game learned how searching seats
play at that table size (``Level.reads``; Testimony at three players).
Measured (benchmarks/search_regret.py): more iterations of this search change a
decision's worth by under a point either way — what would make Hard stronger is a better
rollout policy or position value, not a bigger budget.

Determinism: given its seed and an iteration budget (no time limit) the bot's choices
are a function of what its seat sees: same view, log and legal list, same command.
A time limit caps thinking in the app and may cut the iterations short.
"""

from __future__ import annotations

import json
import math
import random
import threading
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from game.bots.base import Bot, RandomBot, SeatModel
from game.bots.policy import playout, policy_for
from game.bots.worlds import Worlds, fork
from game.engine.rng import MatchRng

if TYPE_CHECKING:
    from game.engine.match import Match


@dataclass(frozen=True)
class Level:
    """How hard a bot thinks."""

    name: str
    label: str
    #: iterations per decision (0 = no search: play the rollout policy)
    iterations: int
    #: seconds per decision at most (None = only the iteration budget counts)
    time_limit: float | None
    #: commands a rollout plays before the position is scored
    depth: int
    #: policy draws that propose root candidates
    proposals: int
    #: UCB1 exploration constant (rewards are 0..1)
    explore: float = 0.6
    #: how the root spends its iterations: ``"ucb"`` (UCB1, one world per iteration) or
    #: ``"halving"`` (sequential halving over worlds shared by every surviving candidate)
    root: str = "ucb"
    #: draw worlds weighed by the seat's belief where the game has one (False: uniform,
    #: the determinize contract; for measurements)
    weigh: bool = True
    #: how the belief expects the others to play (``Policy.redraw``): ``"sensible"``, as
    #: the table learned from the rollout policy's play with some random seats reads them,
    #: or ``"thinking"``, as a table learned from searching seats does where the game has
    #: one for the table's size (Testimony: game/bots/testimony.py), else as sensible
    reads: str = "sensible"


LEVELS: dict[str, Level] = {
    "easy": Level("easy", "Easy", iterations=0, time_limit=None, depth=0, proposals=1),
    # Normal: twice the worlds of its first version (160 with rollouts of 40 commands)
    # within the same 0.10 s, by rollouts half as long: the position value at their end
    # (the games' Policy.value, Salem's learned from self-play) judges what the second
    # half of a long rollout, played at random with a little sense, mostly blurred
    "normal": Level("normal", "Normal", iterations=320, time_limit=0.10, depth=20, proposals=12),
    # Hard: four times Normal's iterations at Normal's depth, spent by sequential halving
    # on shared worlds (SearchBot._halving). The old Hard (700 iterations of 80-command
    # rollouts over 20 candidates, UCB1) gave each candidate hardly more worlds than Normal,
    # and its decisions were worth no more than Normal's (benchmarks/search_regret.py
    # --truth, 30 positions per table: -0.7..+1.0 points, every interval across 0); this
    # one decides as well (-0.3..+0.3, the same) for 52-65% of its CPU, which makes the
    # head-to-head measurement cheaper
    # It reads the others as thinking players (``reads``): where Normal's belief expects
    # the rollout policy's loose play, Hard's expects what Normal seats do
    "hard": Level(
        "hard", "Hard", iterations=1280, time_limit=0.6, depth=20, proposals=16, root="halving", reads="thinking"
    ),
}
LEVEL_NAMES = tuple(LEVELS)
DEFAULT_LEVEL = "normal"


def level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown bot level {name!r} (levels: {', '.join(LEVELS)})") from None


def _filled(value: Any) -> Any:
    """A legal command with its free-text fields (listed as "", DESIGN D2) filled with a
    neutral text, at any depth. (Not through the game's policy: a policy may assume it
    sees the whole legal list.)"""
    if value == "":
        return "So it is."
    if isinstance(value, list):
        return [_filled(v) for v in value]
    if isinstance(value, dict):
        return {k: _filled(v) for k, v in value.items()}
    return value


def _key(command: dict[str, Any]) -> str:
    return json.dumps(command, sort_keys=True, separators=(",", ":"))


class SearchBot:
    """Plays one seat by determinized search (module docstring). Deterministic given
    ``seed`` and an iteration budget; ``time_limit`` overrides the level's cap
    (``None`` keeps the level's, ``0`` means no cap)."""

    def __init__(
        self,
        seed: int = 0,
        level_name: str = DEFAULT_LEVEL,
        iterations: int | None = None,
        time_limit: float | None = None,
    ) -> None:
        base = level(level_name)
        if iterations is not None:
            base = replace(base, iterations=iterations)
        if time_limit is not None:
            base = replace(base, time_limit=time_limit or None)
        self.level = base
        self.rng = random.Random(seed)
        #: iterations the last decision ran (for benchmarks and the UI)
        self.last_iterations = 0

    def choose(
        self, view: dict[str, Any], legal: list[dict[str, Any]], model: SeatModel | None = None
    ) -> dict[str, Any]:
        if not legal:
            raise ValueError("no legal command to choose from")
        self.last_iterations = 0
        if model is None or not model.searchable:
            # no forward model (a remote seat, a game without determinize) or a game that
            # turns search down (Match.search_bots: a story game): play sensibly at
            # random, like the random bot with its pass bias (or the game's own style)
            return RandomBot(self.rng.getrandbits(32), pass_bias=0.75).choose(view, legal)
        rng = self.rng
        lv = self.level
        # the cap counts from here: sampling the first world and proposing candidates
        # are part of the decision's time
        deadline = None if lv.time_limit is None else time.perf_counter() + lv.time_limit
        if len(legal) == 1 and lv.iterations and not view.get("may_seal"):
            return dict(legal[0])
        seat = model.seat
        worlds = Worlds(model, rng, weigh=lv.weigh, reads=lv.reads)
        first = worlds.first
        if lv.iterations <= 0:
            policy = policy_for(first)
            command = policy.choose(first, seat, legal, rng)
            if policy.senseless(first, seat, command):  # the policy's slip: the search would not play it
                sensible = policy.sensible(first, seat, legal)
                if sensible is not legal:
                    command = policy.choose(first, seat, sensible, rng)
            return command
        candidates = self._candidates(first, seat, legal, rng)
        if len(candidates) == 1:
            return candidates[0]
        if lv.root == "halving":
            return self._halving(worlds, seat, candidates, rng, deadline)
        return self._search(worlds, seat, candidates, rng, deadline)

    def _candidates(
        self, world: Match, seat: int, legal: list[dict[str, Any]], rng: random.Random
    ) -> list[dict[str, Any]]:
        """The policy's proposals (most frequent first), then the first command of
        every type the policy did not propose, so nothing obvious is left out."""
        counts: dict[str, int] = {}
        found: dict[str, dict[str, Any]] = {}
        policy = policy_for(world)
        sensible = policy.sensible(world, seat, legal)
        for _ in range(self.level.proposals):
            command = policy.choose(world, seat, legal, rng)
            key = _key(command)
            counts[key] = counts.get(key, 0) + 1
            found.setdefault(key, command)
        order = sorted(found, key=lambda k: -counts[k])
        out = [found[k] for k in order]
        if sensible is not legal:  # nothing the sense checks refuse (the policy should not propose it)
            out = [c for c in out if not policy.senseless(world, seat, c)]
        types = {c["type"] for c in out}
        for command in sensible:
            if command["type"] not in types:
                types.add(command["type"])
                # free text (listed as "") gets a neutral text, or applying it fails
                out.append(_filled(command))
        if not out:  # every proposal refused: the first sensible command
            out = [_filled(sensible[0])]
        return out

    def _search(
        self,
        worlds: Worlds,
        seat: int,
        candidates: list[dict[str, Any]],
        rng: random.Random,
        deadline: float | None = None,
    ) -> dict[str, Any]:
        lv = self.level
        k = len(candidates)
        visits = [0] * k
        totals = [0.0] * k
        # (only off the main thread: on a busy machine each sleep(0) also hands the core
        # to other processes, a few ms of wall time per iteration lost for nothing)
        yield_gil = threading.current_thread() is not threading.main_thread()
        done = 0
        for it in range(lv.iterations):
            # the cap holds even before every candidate had its first world: on a busy
            # machine that round alone overran it (candidates come most likely first, and
            # one never tried is never played unless nothing was tried)
            if deadline is not None and it and time.perf_counter() > deadline:
                break
            if it < k:
                arm = it
            else:
                log_n = math.log(it)
                best = -1.0
                arm = 0
                for i in range(k):
                    score = totals[i] / visits[i] + lv.explore * math.sqrt(log_n / visits[i])
                    if score > best:
                        best, arm = score, i
            if yield_gil:  # on a worker thread: let the window's thread have the GIL now and then
                time.sleep(0)
            visits[arm] += 1
            totals[arm] += self._rollout(worlds.sample(rng), seat, candidates[arm], rng)
            done += 1
        self.last_iterations = done
        best_arm = max(range(k), key=lambda i: (visits[i], totals[i] / visits[i] if visits[i] else 0.0))
        return dict(candidates[best_arm])

    def _rollout(self, world: Match, seat: int, command: dict[str, Any], rng: random.Random) -> float:
        """One iteration's worth: ``seat`` plays ``command`` in ``world``, the game runs on
        for the level's depth by the game's policy, and the position is valued for ``seat``."""
        world.advance(seat, command)
        policy = policy_for(world)
        playout(world, rng, self.level.depth, policy)
        return policy.value(world, seat)

    def _halving(
        self,
        worlds: Worlds,
        seat: int,
        candidates: list[dict[str, Any]],
        rng: random.Random,
        deadline: float | None = None,
    ) -> dict[str, Any]:
        """Sequential halving at the root (Karnin, Koren and Somekh 2013: for picking the
        best of k arms on a fixed budget it needs fewer samples than UCB1, which spends
        its budget as if every visit had to pay): ceil(log2 k) rounds share the budget;
        each round plays every surviving candidate in the same worlds with the same
        rollout generator (common random numbers: a comparison between two candidates
        is not blurred by one of them having met the easier worlds), then keeps the
        better half. The most valued survivor is played."""
        lv = self.level
        k = len(candidates)
        visits = [0] * k
        totals = [0.0] * k
        alive = list(range(k))
        rounds = max(1, math.ceil(math.log2(k)))
        yield_gil = threading.current_thread() is not threading.main_thread()
        done = 0
        stop = False
        for r in range(rounds):
            if len(alive) == 1 or stop:
                break
            worlds_now = max(1, (lv.iterations - done) // (len(alive) * (rounds - r)))
            for _ in range(worlds_now):
                if deadline is not None and done and time.perf_counter() > deadline:
                    stop = True
                    break
                if yield_gil:
                    time.sleep(0)
                base = worlds.sample(rng)
                rollout_seed = rng.getrandbits(32)
                for arm in alive:
                    world = fork(base)
                    world.rng = MatchRng(base.seed)
                    visits[arm] += 1
                    totals[arm] += self._rollout(world, seat, candidates[arm], random.Random(rollout_seed))
                    done += 1
            tried = [a for a in alive if visits[a]]
            if not tried:
                break
            tried.sort(key=lambda a: -totals[a] / visits[a])
            alive = tried[: max(1, (len(tried) + 1) // 2)] if not stop else tried
        self.last_iterations = done
        if not done:
            return dict(candidates[0])
        best_arm = max(alive, key=lambda a: (totals[a] / visits[a] if visits[a] else -1.0, visits[a]))
        return dict(candidates[best_arm])


BOT_KINDS = ("random", "search")


def make_bot(kind: str = "random", seed: int = 0, level_name: str | None = None) -> Bot:
    """A bot by kind; a ``level_name`` (``easy``/``normal``/``hard``) means the search bot."""
    if level_name is not None or kind == "search":
        return SearchBot(seed, level_name or DEFAULT_LEVEL)
    if kind == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot kind {kind!r} (known: {', '.join(BOT_KINDS)})")
