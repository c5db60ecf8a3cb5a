"""Bot knowledge of The Hammer of the Witches: its rollout policy, its position value,
its move weights and how a bot seals bribes.

Two kinds of bot play Hammer:

* The random bot picks among ``legal()`` from its own view. ``legal()`` never lists
  bribes: they ride, sealed, as the ``bribes`` field of the commands a seat sends anyway
  (docs/rules/hammer.md §8.2). A bot choosing only among ``legal()`` would never bribe, so
  :func:`bribes_from_view` adds one now and then, from the seat's view alone (``may_seal``,
  its hand, the living villagers); it is the random bot's Hammer extra (``COMMAND_EXTRAS``).
* The search bot plays on in determinized worlds (``HammerMatch.determinize``) with
  :class:`HammerPolicy`: obvious sense from the rules, read through :class:`HammerSense`
  (how much the seat cares about one more point of heat on each villager), and values a
  position with the coming burning counted in. A policy runs inside a determinized world,
  so it may read that world's state: everything the seat could not know was resampled.
  Its worlds draw the sealed box the way players seal (:func:`sealing`, a model of play
  learned from self-play), not blind, and deal the others' hands with what their passes
  in the answer windows tell (:func:`holding`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from game.bots.base import COMMAND_EXTRAS
from game.bots.beliefs_table import TABLES
from game.bots.policy import Policy, register_policy
from game.engine.rng import weighted_index
from game.rules.hammer import BURNING_TESTS, SEALING_COMMANDS, TOP_HEAT, card_kind, determinize
from game.rules.hammer.legal import TurnChoices, turn_choices
from game.rules.hammer.state import context, hottest

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.rules.hammer import HammerMatch


# ------------------------------------------------------------ the random bot's bribes --
def choose_bribes(
    seat: int, hand: list[str], living: list[tuple[str, int, int]], rng: Any, rate: float = 0.25, aim: bool = True
) -> list[dict[str, Any]]:
    """A ``bribes`` list a bot may attach to its command, from what ``seat`` knows: its
    own ``hand`` and the living villagers as ``(id, owner, heat)``. One time in
    ``1/rate`` it seals one Bribe: with ``aim``, +1 on the hottest villager of another
    seat or -1 on its own hottest (half the time when it has one); without, at random.
    Empty when it holds no Bribe (then ``rng`` is not touched)."""
    bribes = [c for c in hand if card_kind(c) == "bribe"]
    if not bribes or not living or rng.random() >= rate:
        return []
    card = bribes[rng.randrange(len(bribes))]
    if not aim:
        target = living[rng.randrange(len(living))][0]
        return [{"card": card, "target": target, "sign": 1 if rng.random() < 0.5 else -1}]
    mine = [v for v in living if v[1] == seat]
    others = [v for v in living if v[1] != seat]
    if mine and (not others or rng.random() < 0.5):
        return [{"card": card, "target": max(mine, key=lambda v: v[2])[0], "sign": -1}]
    return [{"card": card, "target": max(others, key=lambda v: v[2])[0], "sign": 1}]


def bribes_from_view(
    view: dict[str, Any], command: dict[str, Any], rng: Any, rate: float = 0.25, aim: bool = False
) -> dict[str, Any]:
    """``command`` with a few sealed bribes added when ``view`` (the sender's own) says
    ``may_seal`` — what a bot playing from its view sends (RandomBot's Hammer extra)."""
    seat = view.get("seat")
    if not view.get("may_seal") or not isinstance(seat, int) or command.get("type") not in SEALING_COMMANDS:
        return command
    used = {command.get("card"), *command.get("discard", ())}
    hand = [c for c in view["players"][seat].get("hand") or [] if c not in used]
    living = [(v["id"], v["owner"], v["heat"]) for v in view.get("villagers") or [] if v.get("status") == "alive"]
    bribes = choose_bribes(seat, hand, living, rng, rate, aim)
    return dict(command, bribes=bribes) if bribes else command


# ------------------------------------------------------------- the search bot's policy --
#: the sense checks of Hammer (``HammerPolicy.senseless``, docs/rules/hammer.md)
SENSE_CHECKS = ("undoes_own_play", "no_effect", "harms_own_villager")
#: the command types a sense check may refuse
_CHECKED = frozenset({"accuse", "advocate", "respond", "test"})


def turn_moves(m: HammerMatch, seat: int) -> dict[str, int]:
    """The villagers ``seat`` moved with its own brown cards and Advocates since its turn
    (the Accusation, §5.1) or the phase (the Arrest, the Trial) began: villager -> the
    sign of the move it meant (public log entries only)."""
    out: dict[str, int] = {}
    for entry in reversed(m._log):
        e = entry["event"]
        et = e["type"]
        if et == "turn" or et == "phase":
            break
        if (et == "accuse" or et == "advocate") and e.get("seat") == seat and e["value"]:
            out.setdefault(e["target"], 1 if e["value"] > 0 else -1)
    return out


def _will_seal(match: HammerMatch, seat: int, rng: random.Random) -> bool:
    """Does the policy seal a Bribe with this move (half the time it holds one, after setup)?"""
    st = match.state
    return (
        st["phase"] not in ("setup", "over")
        and rng.random() < 0.5
        and any(match.t.card_role[c] == "bribe" for c in st["hands"][seat])
    )


def _picked(choices: TurnChoices, sizes: list[int], i: int) -> dict[str, Any]:
    """Command ``i`` of ``choices.commands()`` (``sizes``: each card's block), built alone."""
    if i < len(choices.head):
        return dict(choices.head[i])
    i -= len(choices.head)
    for (card, role), size in zip(choices.cards, sizes):
        if i < size:
            if role == "advocate":
                return {"type": "advocate", "card": card, "target": choices.living[i]}
            targets = choices.brown_targets
            return {
                "type": "accuse",
                "card": card,
                "accuser": choices.accusers[i // len(targets)],
                "target": targets[i % len(targets)],
            }
        i -= size
    return dict(choices.tail[i])


class HammerPolicy(Policy["HammerMatch"]):
    """The rollout policy and position value of Hammer (see the module docstring)."""

    sense_checks = SENSE_CHECKS

    def senseless(self, match: Match, seat: int, command: dict[str, Any]) -> list[str]:
        """Plays no sensible player makes (docs/rules/hammer.md): a brown card, an
        Advocate or a Devil's Mark that cannot move its villager's heat (§1.2: heat stays
        between the pyre's start and 18; ``no_effect``); a card that moves a villager
        back the other way after one's own card moved it this turn or phase
        (``undoes_own_play``); heat put on one's own villager by one's own brown card, or
        by one's own Accomplice or Mix-up answer (§4.1) when the card was aimed at
        someone else's (``harms_own_villager``). Reads the public table and the seat's
        own plays only."""
        m = cast("HammerMatch", match)
        kind = command["type"]
        if kind not in _CHECKED or not m.state["revealed"]:
            return []
        problem = HammerSense(m, seat).problem(command)
        return [problem] if problem else []

    def sensible(self, match: Match, seat: int, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """As :meth:`Policy.sensible`, reading the table once for the whole list."""
        m = cast("HammerMatch", match)
        if not m.state["revealed"]:
            return legal
        sense = HammerSense(m, seat)
        keep = [c for c in legal if c["type"] not in _CHECKED or not sense.problem(c)]
        return legal if len(keep) in (0, len(legal)) else keep

    def choose(self, match: HammerMatch, seat: int, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        """The cheap playing policy for bots (Easy, and every seat in a rollout).

        Obvious sense from these rules, using only what ``seat`` knows: heat other
        seats' villagers near the top and cool its own (§3 card values with the
        accusers' modifiers), answer a brown card aimed at its villager with a response
        that sends the points elsewhere (§4.1), call an inquisition when the current witch
        is someone else's and stop one when it is its own (§5.1), play tests that burn
        others' villagers or save its own (§6.3), seal bribes the same way (§8.2), place
        its most valuable villager on the coolest pyre, and keep useful cards at the
        refill."""
        seal = _will_seal(match, seat, rng)
        if len(legal) == 1 and not seal:
            return dict(legal[0])
        ctx = HammerSense(match, seat)
        if len(legal) == 1:
            command = dict(legal[0])
        else:
            command = dict(legal[weighted_index(rng, ctx.weights(legal))])
            if command["type"] == "refill":
                command["discard"] = ctx.refill_discard()
        return ctx.maybe_seal(command) if seal else command

    def play(self, match: HammerMatch, seat: int, rng: random.Random) -> dict[str, Any]:
        """A rollout's move: :meth:`choose` among ``match._legal(seat)``, the same command
        for the same generator. On a seat's own turn (most of a rollout's moves, with a
        legal list of dozens of accusations) it weighs :func:`turn_choices` block by
        block, once per card kind, and builds only the command it picks."""
        ctx = context(match)
        if ctx not in ("turn", "priority", "trial"):
            return self.choose(match, seat, match._legal(seat), rng)
        choices = turn_choices(match, seat, ctx)
        per_brown = len(choices.accusers) * len(choices.brown_targets)
        sizes = [per_brown if role == "brown" else len(choices.living) for _card, role in choices.cards]
        if len(choices.head) + sum(sizes) + len(choices.tail) < 2:
            return self.choose(match, seat, choices.commands(), rng)
        seal = _will_seal(match, seat, rng)
        sense = HammerSense(match, seat)
        weight = sense.weight
        weights = [weight(c) for c in choices.head]
        by_kind: dict[str, list[float]] = {}
        kind_of = match.t.card_kind
        for card, role in choices.cards:
            if role == "brown":
                kind = kind_of[card]
                block = by_kind.get(kind)
                if block is None:
                    block = by_kind[kind] = sense.accuse_block(kind, choices.accusers, choices.brown_targets)
                weights.extend(block)
            else:
                weights.extend(weight({"type": "advocate", "card": card, "target": v}) for v in choices.living)
        weights.extend(weight(c) for c in choices.tail)
        i = weighted_index(rng, weights)
        command = _picked(choices, sizes, i)
        return sense.maybe_seal(command) if seal else command

    def redraw(
        self, world: HammerMatch, seat: int, weigh: bool = True, reads: str = "sensible"
    ) -> Callable[[HammerMatch, random.Random], None]:
        """Worlds of one decision (game/bots/worlds.py): what ``world`` shows ``seat`` read
        once, the hidden cards redrawn per world as ``determinize`` draws them; when
        ``weigh``, the sealed box is drawn the way players seal (:func:`sealing`) rather
        than by ``determinize``'s blind guess, and the others' hands hold fewer answer
        cards where they let a card pass that they would have answered (:func:`holding`).
        One table of how players seal and answer serves every level: ``reads`` changes
        nothing here."""
        known = determinize.knowledge(world, seat)
        if not weigh or not known.revealed:
            return lambda copy, rng: determinize.resample(copy, seat, rng, known)
        box_rate, aim = sealing(world, seat)
        hold = holding(world, seat)
        return lambda copy, rng: determinize.resample(copy, seat, rng, known, box_rate, aim, hold)

    def value(self, match: HammerMatch, seat: int) -> float:
        """Win share when over; otherwise a logistic of the lead in score once the
        coming burning is counted in: the hottest villager (shared among ties) is lost
        to its owner and, with an inquisitor named, goes to them as a trophy (§5.3, §7)."""
        if match.over:
            return super().value(match, seat)
        worth = [float(x) for x in match._scores()]
        st = match.state
        if st["revealed"]:
            hot = hottest(match)
            inq = st["inquisitor"]
            certainty = 0.35 if inq is None else 0.8
            share = certainty / len(hot)
            t = match.t
            for vid in hot:
                owner = st["villagers"][vid]["owner"]
                worth[owner] -= share * t.pentagrams[vid]
                if inq is not None:
                    if inq != owner:
                        worth[inq] += share * t.matches[vid]
                    else:
                        for s in range(match.n):
                            if s != owner:
                                worth[s] += share
        mine = worth[seat]
        best_other = max(w for s, w in enumerate(worth) if s != seat)
        return 1.0 / (1.0 + math.exp(-(mine - best_other) / 1.5))


def sealing(world: HammerMatch, seat: int) -> tuple[float, determinize.Aim]:
    """How the other seats seal bribes, for drawing the box ``seat`` cannot see: the
    chance that a Bribe one of them holds is sealed, and where a sealed one went.

    A model of play learned from self-play (``TABLES["hammer"]["seal"]``,
    tools/learn_beliefs.py): players seal often, mostly down on their own hottest
    villager or up on another seat's hottest, while ``determinize``'s blind guess (a
    quarter of the Bribes, on any living villager) knows nothing of play. Then read
    against this table (:func:`bribes_seen`): the more of the others' Bribes came out of
    the opened box rather than a refill's discards, the more are taken to be sealed now
    (a table that never seals soon has hardly any drawn in the box), and the opened ones'
    signs move the share sealed down on the sealer's own villager. The learned table
    counts as :data:`PRIOR_BRIBES` Bribes seen. A share (``blind``, never below
    :data:`BLIND_FLOOR`) is still aimed at random, so no sealing a person might do is
    ruled out. Reads the public table and the seat's log only."""
    table = TABLES["hammer"]["seal"]
    st = world.state
    vs = st["villagers"]
    hot = sorted((v for v in st["vorder"] if vs[v]["status"] == "alive"), key=lambda v: -vs[v]["heat"])
    blind = max(BLIND_FLOOR, table["blind"])
    rank0, rank1 = table["rank0"], table["rank1"]
    opened, down, discarded = bribes_seen(world.log(seat), seat, world.t.card_role)
    prior = table["left_sealed"]
    left_sealed = (opened + PRIOR_BRIBES * prior) / (opened + discarded + PRIOR_BRIBES)
    box_rate = min(0.95, table["sealed"] * left_sealed / prior)
    own_share = (down + PRIOR_BRIBES * table["own"]) / (opened + PRIOR_BRIBES)

    split: dict[int, tuple[list[str], list[str]]] = {}  # per sealer, read once per decision

    def aim(sealer: int, rng: random.Random) -> tuple[str, int]:
        if rng.random() < blind:
            target = hot[rng.randrange(len(hot))]
            return target, -1 if vs[target]["owner"] == sealer else 1
        if sealer not in split:
            split[sealer] = (
                [v for v in hot if vs[v]["owner"] == sealer],
                [v for v in hot if vs[v]["owner"] != sealer],
            )
        own, others = split[sealer]
        lower = bool(own) and (not others or rng.random() < own_share)
        pool = own if lower else others  # hottest first
        r = rng.random()
        if r < rank0 or len(pool) == 1:
            i = 0
        elif r < rank0 + rank1 or len(pool) == 2:
            i = 1
        else:
            i = rng.randrange(2, len(pool))
        return pool[i], -1 if lower else 1

    return box_rate, aim


def bribes_seen(log: list[dict[str, Any]], seat: int, card_role: dict[str, str]) -> tuple[int, int, int]:
    """What ``seat``'s log shows of how the other seats' Bribes left their hands: how many
    came out of an opened box (§8.3; its own are marked ``yours``), how many of those went
    down, and how many Bribes the others discarded at a refill."""
    opened = down = discarded = 0
    for event in log:
        kind = event["type"]
        if kind == "bribe" and not event.get("yours"):
            opened += 1
            down += event["sign"] < 0
        elif kind == "discard" and event.get("seat") != seat:
            discarded += sum(1 for card in event["cards"] if card_role[card] == "bribe")
    return opened, down, discarded


def holding(world: HammerMatch, seat: int) -> determinize.Hold | None:
    """What the others' passes in windows (§4) tell of their hands, for dealing the cards
    ``seat`` cannot see: the chance that a card dealt into another seat's hand is really
    there, or ``None`` when nothing tells.

    A seat holding a card it could answer with answers often, by how much the card
    asked about hurts it: a model of play learned from self-play
    (``TABLES["hammer"]["respond"]``, tools/learn_beliefs.py, keyed by :func:`answer_key`):
    a brown card on its own villager, hard or light (answers: Accomplice, Countercharge,
    Mix-up, and Retraction against a Confession, §4.1); an inquisition called while its
    own villager is the current witch (No Inquisition, §4.2); a test that burns or heats
    its own villager (the test's partner, §4.3). So a pass where it would likely have
    answered says it held no such card then: Bayes gives a card of a kind it could have
    played, among the cards still in its hand since the pass, the weight ``1 - answered``
    against a card of another kind. Cards drawn since know nothing of the pass: a pass
    weighs in as the share of the hand that is at most left from then (the fewest cards
    it held since). The rate is capped at :data:`ANSWER_CAP`, so no hand is ruled out.
    Reads the seat's log and the public owners of the villagers only (the current witch
    is followed through the log's heat)."""
    rates = TABLES["hammer"]["respond"]
    t = world.t
    kind_of = t.card_kind
    owner = {vid: v["owner"] for vid, v in world.state["villagers"].items()}
    heat: dict[str, int] = {}  # the living villagers' heat, as the log tells it
    # per other seat: [answered rate, kinds it could have played, cards left since]
    passes: dict[int, list[list[Any]]] = {}
    # per window kind, the card the latest one asks about: its villager ("" for the
    # current witch), its value, the kinds that answer it
    asked: dict[str, tuple[str, int, frozenset[str]]] = {}
    size: dict[int, int] = {}
    for event, size in determinize.hand_sizes(world.log(seat), seat, world.n):
        kind = event["type"]
        who: Any = event.get("seat")  # a seat, or None on a draw from the pile
        if kind == "heat" and event["villager"] in heat:
            heat[event["villager"]] = event["to"]
        elif kind == "burn":
            heat.pop(event["villager"], None)
        elif kind == "reveal":
            heat = dict(event["heat"])
        elif kind == "accuse":
            answers = ANSWERS_TO_CONFESSION if event["kind"] == "confession" else ANSWERS
            asked["response"] = (event["target"], event["value"], answers)
        elif kind == "call":
            asked["inquisition"] = ("", 0, NO_INQUISITION)
        elif kind == "test":
            harms = int(event["kind"] in HARMFUL_TESTS)
            asked["negation"] = (event.get("witch", ""), harms, frozenset({t.partner[event["kind"]]}))
        elif kind == "pass" and event["window"] in asked and who != seat:
            window = event["window"]
            target, value, answers = asked[window]
            if target:
                own = owner[target] == who
            else:  # the current witch: any of the hottest
                top = max(heat.values(), default=0)
                own = any(owner[vid] == who for vid, h in heat.items() if h == top)
            rate = min(ANSWER_CAP, rates[answer_key(window, own, value)])
            passes.setdefault(who, []).append([rate, answers, size[who]])
        if who in passes:
            now = size[who]
            for seen in passes[who]:
                seen[2] = min(seen[2], now)
    chance: dict[tuple[int, str], float] = {}
    for other, seen in passes.items():
        held = max(1, size[other])
        for rate, kinds, left in seen:
            for answer in kinds:
                chance[(other, answer)] = chance.get((other, answer), 1.0) * (1.0 - rate * min(1.0, left / held))
    if not chance:
        return None
    return lambda other, card: chance.get((other, kind_of[card]), 1.0)


def answer_key(window: str, own: bool, value: int) -> str:
    """The learned answer rate's key for a seat asked in a ``window`` (§4) whether the
    card asked about concerns its own villager (``own``): the accused of a brown card of
    ``value`` (a response window), the current witch (an inquisition window), the witch
    of a test that burns or heats it (``value`` 1) or spares it (0; a negation window)."""
    if window == "inquisition":
        return "call_own" if own else "call_other"
    if window == "negation":
        return "test_own" if own and value > 0 else "test_other"
    if not own or value <= 0:
        return "brown_other"
    return "brown_own3" if value >= 3 else "brown_own1"


#: the learned answer rates' keys (:func:`answer_key`)
ANSWER_KEYS = ("brown_own3", "brown_own1", "brown_other", "call_own", "call_other", "test_own", "test_other")
#: the answers a seat could play to a brown card, to a Confession (§4.1), to a call (§4.2)
ANSWERS = frozenset({"accomplice", "countercharge", "mixup"})
ANSWERS_TO_CONFESSION = ANSWERS | {"retraction"}
NO_INQUISITION = frozenset({"no_inquisition"})
#: the tests that burn the current witch or heat it to the top (§6.3): they hurt its owner
HARMFUL_TESTS = frozenset({*BURNING_TESTS, "mark_found"})
#: the highest answer rate a pass is read with (:func:`holding`)
ANSWER_CAP = 0.9
#: the least share of sealed bribes a world aims at random (:func:`sealing`)
BLIND_FLOOR = 0.1
#: how many Bribes seen leaving the others' hands the learned sealing table counts as
PRIOR_BRIBES = 8.0


class HammerSense:
    """What the rollout policy of one seat works out once per decision: how much it
    cares about one more point of heat on each villager (the villagers near the top
    matter, its own negatively), from the public table and its own hand only."""

    #: how much a card in hand is worth keeping at the refill, by kind
    KEEP = {
        "confession": 5,
        "false_testimony": 4,
        "proof": 3,
        "accusation": 2,
        "denial": 2,
        "countercharge": 4,
        "mixup": 4,
        "accomplice": 3,
        "retraction": 2,
        "no_inquisition": 4,
        "advocate": 3,
        "bribe": 3,
    }

    PRINTED: dict[str, int] = {}

    def __init__(self, match: HammerMatch, seat: int) -> None:
        if not self.PRINTED:
            self.PRINTED.update({k.id: k.value or 0 for k in match.t.kinds})
        self.m = match
        self.seat = seat
        st = match.state
        t = match.t
        self.t = t
        self.st = st
        vs = st["villagers"]
        self.alive = [vid for vid in st["vorder"] if vs[vid]["status"] == "alive"]
        self.owner = {vid: vs[vid]["owner"] for vid in st["vorder"]}
        revealed = st["revealed"]
        self.heat: dict[str, int] = {vid: vs[vid]["heat"] for vid in self.alive} if revealed else {}
        self.start: dict[str, int] = {vid: t.pyre_start[vs[vid]["pyre"]] for vid in self.alive} if revealed else {}
        self._memo: dict[tuple[str, str, str], float] = {}
        self._moves: dict[str, int] | None = None
        top = max(self.heat.values()) if self.heat else 0
        self.top = top
        self.hottest = [v for v in self.alive if self.heat.get(v) == top] if revealed else []
        inq = st["inquisitor"]
        self.inq = inq
        care: dict[str, float] = {}
        for vid in self.alive:
            h = self.heat.get(vid, 0)
            near = 1.0 if h >= top - 2 else 0.5 if h >= top - 5 else 0.15
            if self.owner[vid] == seat:
                stake = -(t.pentagrams[vid] + 0.5 * t.matches[vid] + 1.0)
                if vid in self.hottest and len(self.hottest) == 1:
                    near = 1.5
            else:
                stake = 0.5 * t.pentagrams[vid] + (1.0 if inq == seat else 0.4) * t.matches[vid]
            care[vid] = stake * near
        self.care = care

    # -- heat arithmetic ---------------------------------------------------------------
    def moved(self, vid: str, delta: int) -> int:
        """The heat a villager really gains (its pyre's start and 18 bound it, §1.2)."""
        h = self.heat.get(vid)
        if h is None:
            return 0
        new = h + delta
        if new > TOP_HEAT:
            new = TOP_HEAT
        start = self.start[vid]
        return (start if new < start else new) - h

    def gain(self, vid: str, delta: int) -> float:
        return self.care.get(vid, 0.0) * self.moved(vid, delta)

    def witch_gain(self, vid: str, for_seat: int | None) -> float:
        """How good it is for this seat that ``vid`` burns now for ``for_seat``."""
        t = self.t
        if self.owner[vid] == self.seat:
            return -(t.pentagrams[vid] + (1.0 if for_seat == self.seat else t.matches[vid] * 0.5))
        gain = 0.5 * t.pentagrams[vid]
        if for_seat == self.seat:
            gain += t.matches[vid]
        return gain

    def current_witch_gain(self, for_seat: int | None) -> float:
        if not self.hottest:
            return 0.0
        return sum(self.witch_gain(v, for_seat) for v in self.hottest) / len(self.hottest)

    def brown_value(self, card: str, accuser: str, target: str) -> int:
        t = self.t
        kind = t.card_kind[card]
        printed = t.kind[kind].value or 0
        vdef = t.villager[accuser]
        value = printed + vdef.kind_bonus.get(kind, 0)
        if printed > 0:
            value += vdef.target_bonus.get(target, 0)
        return value

    # -- sense (HammerPolicy.senseless) ------------------------------------------------
    @property
    def moves(self) -> dict[str, int]:
        """This seat's own moves this turn or phase (:func:`turn_moves`), read once."""
        if self._moves is None:
            self._moves = turn_moves(self.m, self.seat)
        return self._moves

    def heat_problem(self, target: str, value: int, own_card: bool) -> str | None:
        """Why a card of ``value`` on ``target`` makes no sense, or None. ``own_card``:
        the seat's own brown card (an answer puts heat on a villager it did not pick)."""
        moved = self.moved(target, value)
        if moved == 0:
            return "no_effect"
        if -moved * self.moves.get(target, 0) > 0:
            return "undoes_own_play"
        if own_card and moved > 0 and self.owner.get(target) == self.seat:
            return "harms_own_villager"
        return None

    def problem(self, command: dict[str, Any]) -> str | None:
        """The sense check ``command`` breaks, or None (``HammerPolicy.senseless``)."""
        kind = command["type"]
        t = self.t
        if kind == "accuse":
            return self.heat_problem(
                command["target"], self.brown_value(command["card"], command["accuser"], command["target"]), True
            )
        if kind == "advocate":
            return self.heat_problem(command["target"], t.kind[t.card_kind[command["card"]]].value or 0, True)
        if kind == "respond":
            w = self.st["windows"][-1]
            card_kind = t.card_kind[command["card"]]
            other = command.get("other")
            if card_kind not in ("accomplice", "mixup") or other is None or w["value"] <= 0:
                return None
            if self.owner.get(other) == self.seat and (
                card_kind == "accomplice" or self.owner.get(w["target"]) != self.seat
            ):
                return "harms_own_villager"
            return None
        if kind == "test":
            card_kind = t.card_kind[command["card"]]
            if card_kind not in ("mark_found", "mark_none"):
                return None
            witches = [command["witch"]] if command.get("witch") else self.hottest
            delta = TOP_HEAT if card_kind == "mark_found" else -TOP_HEAT
            if witches and all(self.moved(v, delta) == 0 for v in witches):
                return "no_effect"
        return None

    # -- one weight per legal command ---------------------------------------------------
    def weights(self, legal: list[dict[str, Any]]) -> list[float]:
        """``weight`` of each command; accusations (often dozens) in one tight loop."""
        kind_of = self.t.card_kind
        accuse_weight = self.accuse_weight
        out = []
        for command in legal:
            if command["type"] != "accuse":
                out.append(self.weight(command))
                continue
            out.append(accuse_weight(kind_of[command["card"]], command["accuser"], command["target"]))
        return out

    def accuse_weight(self, kind: str, accuser: str, target: str) -> float:
        """``weight`` of an accusation with a card of ``kind`` by ``accuser`` on
        ``target`` (:meth:`accuse_block`), read once per decision."""
        key = (kind, accuser, target)
        weight = self._memo.get(key)
        if weight is None:
            weight = self._memo[key] = self.accuse_block(kind, [accuser], [target])[0]
        return weight

    def accuse_block(self, kind: str, accusers: list[str], targets: list[str]) -> list[float]:
        """``weight`` of an accusation with a card of ``kind`` by every accuser of
        ``accusers`` on every target of ``targets`` (in that order, one tight loop: a
        rollout's hottest): 0 when senseless (:meth:`heat_problem`, inline), else by the
        heat it really moves and how much the seat cares."""
        printed = self.PRINTED[kind]
        villager = self.t.villager
        heat, start, care, owner, seat = self.heat, self.start, self.care, self.owner, self.seat
        score = self._score
        moves: dict[str, int] | None = None
        out = []
        for accuser in accusers:
            vdef = villager[accuser]
            base = printed + vdef.kind_bonus.get(kind, 0)
            bonus = vdef.target_bonus if printed > 0 else None
            for target in targets:
                value = base + bonus.get(target, 0) if bonus else base
                h = heat[target]
                new = h + value
                if new > TOP_HEAT:
                    new = TOP_HEAT
                elif new < start[target]:
                    new = start[target]
                moved = new - h
                if moved == 0 or (moved > 0 and owner[target] == seat):
                    out.append(0.0)  # never a senseless play
                    continue
                if moves is None:
                    moves = self.moves
                if -moved * moves.get(target, 0) > 0:
                    out.append(0.0)
                    continue
                out.append(score(care[target] * moved - 0.4))
        return out

    def weight(self, command: dict[str, Any]) -> float:
        """How much this seat likes ``command`` (1.0 for a type without a weight; 0 for
        a senseless play, :meth:`problem`)."""
        weigh = WEIGHTS.get(command["type"])
        weight = weigh(self, command) if weigh is not None else 1.0
        if command["type"] in ("advocate", "respond", "test") and self.problem(command):
            return 0.0
        return weight

    @staticmethod
    def _score(gain: float) -> float:
        return 1.0 + 2.0 * gain if gain > 0 else 0.02

    def _w_place_pyres(self, command: dict[str, Any]) -> float:
        # the most valuable villager on the coolest pyre
        t = self.t
        assign = command["assign"]
        by_value = sorted(assign, key=lambda v: -(t.pentagrams[v] + t.matches[v]))
        starts = [t.pyre_start[assign[v]] for v in by_value]
        return 8.0 if starts == sorted(starts) else 0.3

    def _w_accuse(self, command: dict[str, Any]) -> float:
        return self.accuse_weight(self.t.card_kind[command["card"]], command["accuser"], command["target"])

    def _w_advocate(self, command: dict[str, Any]) -> float:
        value = self.t.kind[self.t.card_kind[command["card"]]].value or 0
        return self._score(self.gain(command["target"], value) - 0.4)

    def _w_end_turn(self, command: dict[str, Any]) -> float:
        return 1.0

    def _w_pass(self, command: dict[str, Any]) -> float:
        return 1.0

    def _w_call_inquisition(self, command: dict[str, Any]) -> float:
        gain = self.current_witch_gain(self.seat)
        return 6.0 + 2.0 * gain if gain > 0.5 else 0.05

    def _w_no_inquisition(self, command: dict[str, Any]) -> float:
        window = self.st["windows"][-1]
        gain = self.current_witch_gain(window["by"])
        return 6.0 if gain < -0.5 else 0.1

    def _w_respond(self, command: dict[str, Any]) -> float:
        w = self.st["windows"][-1]
        t = self.t
        kind = t.card_kind[command["card"]]
        value, target, accuser = w["value"], w["target"], w["accuser"]
        bonus = t.villager[target].accused_bonus.get(kind, 0) if value > 0 else 0
        base = self.gain(target, value)
        if kind == "countercharge":
            gain = self.gain(accuser, value + bonus) - base
        elif kind == "mixup":
            gain = self.gain(command["other"], value + bonus) - base
        elif kind == "accomplice":
            gain = self.gain(command["other"], value + bonus)
        else:  # retraction
            gain = -base
        return self._score(gain - 0.8)

    def _test_gain(self, kind: str, witch: str | None) -> float:
        st = self.st
        t = self.t
        witches = [witch] if witch else self.hottest
        if not witches:
            return 0.0
        if kind in ("ordeal_floats", "scales_lighter"):
            gain = sum(self.witch_gain(v, st["inquisitor"]) for v in witches) / len(witches)
            return gain + t.kind[kind].keep_vp
        if kind == "ordeal_drowns":
            return sum(self.witch_gain(v, self.seat) for v in witches) / len(witches)
        if kind == "scales_heavier":
            return -sum(self.witch_gain(v, st["inquisitor"]) for v in witches) / len(witches)
        if kind == "mark_found":
            return sum(self.gain(v, TOP_HEAT) for v in witches) / len(witches)
        return sum(self.gain(v, -TOP_HEAT) for v in witches) / len(witches)  # mark_none

    def _w_test(self, command: dict[str, Any]) -> float:
        kind = self.t.card_kind[command["card"]]
        return self._score(self._test_gain(kind, command.get("witch")) - 0.5)

    def _w_negate(self, command: dict[str, Any]) -> float:
        w = self.st["windows"][-1]
        return self._score(-self._test_gain(w["test"], w.get("witch")) - 0.5)

    def _w_choose_witch(self, command: dict[str, Any]) -> float:
        choice = self.st["choice"]
        role = choice.get("role", self.st["inquisitor"])
        gain = self.witch_gain(command["villager"], role)
        return math.exp(max(-20.0, min(20.0, gain)))

    def _w_refill(self, command: dict[str, Any]) -> float:
        return 1.0  # the policy replaces the discard with refill_discard()

    # -- refill and sealed bribes ---------------------------------------------------------
    def refill_discard(self) -> list[str]:
        """Discard the cards least worth keeping (tests of a pair already gone, the
        third Denial …): at most two, each worth less than an Accusation."""
        t = self.t
        hand = self.st["hands"][self.seat]
        worth = []
        seen_kinds: dict[str, int] = {}
        for card in hand:
            kind = t.card_kind[card]
            value = self.KEEP.get(kind, 3)
            seen_kinds[kind] = seen_kinds.get(kind, 0) + 1
            if seen_kinds[kind] > 2:
                value -= 2  # a third copy of a kind is worth less
            if t.card_role[card] == "test":
                value = 4
            worth.append((value, card))
        worth.sort()
        return [card for value, card in worth[:2] if value < 2]

    def maybe_seal(self, command: dict[str, Any]) -> dict[str, Any]:
        """Seal a Bribe with the command (§8.2) where it matters: up on another seat's
        villager near the top, down on its own hottest."""
        if command["type"] == "place_pyres":
            return command
        used = {command.get("card"), *command.get("discard", ())}
        bribes = [c for c in self.st["hands"][self.seat] if self.t.card_role[c] == "bribe" and c not in used]
        if not bribes or not self.care:
            return command
        target = max(self.care, key=lambda v: abs(self.care[v]))
        if abs(self.care[target]) < 0.5:
            return command
        sign = 1 if self.care[target] > 0 else -1
        return dict(command, bribes=[{"card": bribes[0], "target": target, "sign": sign}])


#: the weight of each command type (``HammerSense.weight``); a type not listed weighs 1.0
WEIGHTS: dict[str, Callable[[HammerSense, dict[str, Any]], float]] = {
    "place_pyres": HammerSense._w_place_pyres,
    "accuse": HammerSense._w_accuse,
    "advocate": HammerSense._w_advocate,
    "end_turn": HammerSense._w_end_turn,
    "pass": HammerSense._w_pass,
    "call_inquisition": HammerSense._w_call_inquisition,
    "no_inquisition": HammerSense._w_no_inquisition,
    "respond": HammerSense._w_respond,
    "test": HammerSense._w_test,
    "negate": HammerSense._w_negate,
    "choose_witch": HammerSense._w_choose_witch,
    "refill": HammerSense._w_refill,
}


register_policy("hammer", HammerPolicy())
COMMAND_EXTRAS["hammer"] = bribes_from_view
