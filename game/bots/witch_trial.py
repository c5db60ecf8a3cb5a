"""Witch Trial's playing sense for bots: the rollout policy (the Easy level, and every
seat in a search bot's rollouts) and the value of a position where a rollout stops.

Obvious sense from the rules (docs/rules/witch_trial.md): defend pending cases (the bank
pays the defense budget, §4.1), prosecute strong cases, buy cheap cards, move the Jury
Value your way (the expected effect of each card from its numbers), object to Motions
that hurt you, accept pleas worth more than the verdict's expectation, and pass only to
close a game you lead (§5.1).

The policy runs in a determinized world (``Match.determinize``), so reading that
world's state is reading only what the bot's seat could know.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from game.bots.policy import Policy, register_policy
from game.engine.rng import weighted_index
from game.rules.witch_trial import PLEA_STEP, PRICES, clamp_jury, determinize, guilty_chance

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.rules.witch_trial import WitchTrialMatch

#: the sense checks of Witch Trial (``WitchTrialPolicy.senseless``)
SENSE_CHECKS = ("no_effect", "hurts_own_side", "concedes_behind")


class WitchTrialPolicy(Policy["WitchTrialMatch"]):
    """Weighted random play: each legal command weighs what it is worth to ``seat``."""

    sense_checks = SENSE_CHECKS

    def senseless(self, match: Match, seat: int, command: dict[str, Any]) -> list[str]:
        """Plays no sensible lawyer makes (docs/rules/witch_trial.md): a card that cannot
        move the Jury Value (an Evidence, a Witness, Bribe the Judge or Change of Venue
        with the Jury already where the card would take it, §1.6's 1..12 bounds) or a
        second Expert Testimony or Leading Question before the first was used (R9)
        (``no_effect``); a Charge or Change of Venue that moves the Jury against one's own
        side (§4.11, ``hurts_own_side``); the pass that ends the game (§5.1) while
        another lawyer has more money (``concedes_behind``). Public table and own hand
        only."""
        problem = sense_problem(cast("WitchTrialMatch", match), seat, command)
        return [problem] if problem else []

    def choose(
        self, match: WitchTrialMatch, seat: int, legal: list[dict[str, Any]], rng: random.Random
    ) -> dict[str, Any]:
        if len(legal) == 1:
            return dict(legal[0])
        trial = match.state["trial"]
        if trial is not None and trial["plea"] is not None and trial["plea"]["phase"] == "offer":
            # an offer a little better for us than the fair share (conviction chance x fees)
            if rng.random() < 0.6:
                return {"type": "no_plea"}
            fees = match.state["court_fees"]
            sign = 1 if seat == trial["prosecutor"] else -1
            ask = guilty_chance(trial["jury_value"]) * fees + sign * max(5.0, 0.15 * fees)
            ask = min(fees, max(0, int(round(ask / PLEA_STEP)) * PLEA_STEP))
            return {"type": "offer_plea", "to_prosecution": ask}
        if trial is None or trial["motion"] is not None or trial["plea"] is not None:
            weights = [command_weight(match, seat, c) for c in legal]
        else:  # playing cards: copies of a kind (and Short Memory's choices) weigh the same
            kind_of = match.cat.kind_of
            memo: dict[tuple[str, str | None], float] = {}
            weights = []
            for command in legal:
                card = command.get("card")
                choice = command.get("choice")
                key = (kind_of[card] if card else command["type"], kind_of[choice] if choice else None)
                weight = memo.get(key)
                if weight is None:
                    weight = memo[key] = command_weight(match, seat, command)
                weights.append(weight)
        return dict(legal[weighted_index(rng, weights)])

    def redraw(
        self, world: WitchTrialMatch, seat: int, weigh: bool = True, reads: str = "sensible"
    ) -> Callable[[WitchTrialMatch, random.Random], None]:
        """Worlds of one decision (game/bots/worlds.py): what ``world`` shows ``seat`` read
        once, the hidden cards redrawn per world exactly as ``determinize`` draws them (no
        belief: ``weigh`` and ``reads`` change nothing)."""
        known = determinize.knowledge(world, seat)
        return lambda copy, rng: determinize.resample(copy, seat, rng, known)

    def value(self, match: WitchTrialMatch, seat: int) -> float:
        """Win share when over; otherwise a logistic of the lead in money counted with
        the expected share of the Court Fees in a running trial (§4.7)."""
        if match.over:
            return super().value(match, seat)
        worth = money_worth(match)
        mine = worth[seat]
        best_other = max(w for s, w in enumerate(worth) if s != seat)
        scale = 12.0 + len(match.state["deck"]) / 2.0
        return 1.0 / (1.0 + math.exp(-(mine - best_other) / scale))


# -------------------------------------------- the policy's arithmetic (reads the rules) --
def money_worth(match: WitchTrialMatch) -> list[float]:
    """Each seat's money plus its expected share of the Court Fees in a running trial."""
    st = match.state
    worth = [float(m) for m in st["money"]]
    trial = st["trial"]
    if trial is not None:
        p = guilty_chance(trial["jury_value"])
        worth[trial["prosecutor"]] += p * st["court_fees"]
        worth[trial["defender"]] += (1.0 - p) * st["court_fees"]
    return worth


def command_weight(match: WitchTrialMatch, seat: int, command: dict[str, Any]) -> float:
    """How much ``seat`` likes ``command`` (a relative weight, > 0)."""
    st = match.state
    ctype = command["type"]
    trial = st["trial"]
    if trial is None:
        return turn_weight(match, seat, command)
    sign = 1 if seat == trial["prosecutor"] else -1
    if ctype == "no_objection" or ctype == "no_plea":
        return 1.0
    if ctype == "object":
        motion = trial["motion"]
        harm = card_gain(match, trial, motion["by"], motion["card"])
        return 6.0 if harm > 0.9 else 0.15
    jury = trial["jury_value"]
    fees = st["court_fees"]
    win = guilty_chance(jury) if sign > 0 else 1.0 - guilty_chance(jury)
    if ctype == "answer_plea":
        plea = trial["plea"]
        mine = plea["to_prosecution"] if sign > 0 else fees - plea["to_prosecution"]
        good = mine >= win * fees - 2
        return (4.0 if good else 0.3) if command["accept"] else (0.3 if good else 4.0)
    if ctype == "rest":
        if trial["phase"] == "final":
            return 0.05
        return 1.5 if win >= 0.8 else 0.5
    gain = card_gain(match, trial, seat, command["card"], command.get("choice"))
    if gain <= 0 and card_problem(match, trial, seat, command["card"]):
        return 0.0  # never a senseless play
    return 1.0 + 2.5 * gain if gain > 0 else 0.05


def sense_problem(match: WitchTrialMatch, seat: int, command: dict[str, Any]) -> str | None:
    """The sense check ``command`` breaks, or None (``WitchTrialPolicy.senseless``)."""
    ctype = command["type"]
    st = match.state
    if ctype == "play":
        trial = st["trial"]
        return card_problem(match, trial, seat, command["card"]) if trial is not None else None
    if ctype == "pass" and st["trial"] is None and st["pass_streak"] == match.n - 1:
        money = st["money"]
        if money[seat] < max(m for s, m in enumerate(money) if s != seat):
            return "concedes_behind"
    return None


def seat_in_trial(trial: dict[str, Any], seat: int) -> tuple[str, int, Callable[[int], int]]:
    """``seat``'s side in ``trial``, its sign on the Jury track (+1: the prosecution) and
    ``moved(delta)``: how far a change of the Jury Value by ``delta`` moves the Jury the
    seat's way, the track's ends clamping it."""
    side = "prosecution" if seat == trial["prosecutor"] else "defense"
    sign = 1 if side == "prosecution" else -1
    jury: int = trial["jury_value"]

    def moved(delta: int) -> int:
        return sign * (clamp_jury(jury + delta) - jury)

    return side, sign, moved


def card_problem(match: WitchTrialMatch, trial: dict[str, Any], seat: int, card: str) -> str | None:
    """Why playing ``card`` in ``trial`` now makes no sense, or None (see
    :func:`sense_problem`)."""
    cat = match.cat
    kind = cat.type_of[card]
    kind_id = cat.kind_of[card]
    side, sign, moved = seat_in_trial(trial, seat)
    jury: int = trial["jury_value"]

    if kind == "evidence":
        ev = cat.evidence[kind_id]
        delta = ev.prosecution if sign > 0 else ev.defense
        return "no_effect" if moved(delta * 2 if trial["expert"][side] else delta) == 0 else None
    if kind == "suspect":  # a witness moves the Jury by its guilt, our way
        return "no_effect" if moved(sign * cat.suspects[kind_id].guilt) == 0 else None
    suspect = cat.kind_of[trial["suspect"]]
    if kind == "charge":
        old = cat.charges[cat.kind_of[trial["charge"]]].modified(suspect)
        return "hurts_own_side" if moved(cat.charges[kind_id].modified(suspect) - old) < 0 else None
    if kind != "motion":
        return None
    if kind_id == "bribe_judge":
        return "no_effect" if moved(sign * cat.motions[kind_id].amount) == 0 else None
    if kind_id == "venue":
        start = cat.suspects[suspect].guilt + cat.charges[cat.kind_of[trial["charge"]]].modified(suspect)
        shift = moved(start - jury)
        return "no_effect" if shift == 0 else "hurts_own_side" if shift < 0 else None
    if kind_id == "expert" and trial["expert"][side]:
        return "no_effect"
    if kind_id == "leading" and trial["leading"][side]:
        return "no_effect"
    return None


def card_gain(match: WitchTrialMatch, trial: dict[str, Any], seat: int, card: str, choice: str | None = None) -> float:
    """Expected Jury Value movement in ``seat``'s favour if ``card`` takes effect."""
    cat = match.cat
    kind = cat.type_of[card]
    kind_id = cat.kind_of[card]
    side, sign, moved = seat_in_trial(trial, seat)
    jury: int = trial["jury_value"]

    if kind == "evidence":
        ev = cat.evidence[kind_id]
        delta = ev.prosecution if sign > 0 else ev.defense
        return float(moved(delta * 2 if trial["expert"][side] else delta))
    if kind == "suspect":
        guilt = cat.suspects[kind_id].guilt
        chance = 1.0 if trial["leading"][side] else (7 - guilt) / 6
        return chance * moved(sign * guilt)
    suspect = cat.kind_of[trial["suspect"]]
    if kind == "charge":
        old = cat.charges[cat.kind_of[trial["charge"]]].modified(suspect)
        return float(moved(cat.charges[kind_id].modified(suspect) - old))
    if kind != "motion":
        return 0.0
    win = guilty_chance(jury) if sign > 0 else 1.0 - guilty_chance(jury)
    hand = match.state["hands"][seat]
    if kind_id == "drama":
        return sign * (7 - jury) - 0.5
    if kind_id == "bribe_judge":
        return float(moved(sign * cat.motions[kind_id].amount))
    if kind_id == "recess":
        return 0.8
    if kind_id == "venue":
        start = cat.suspects[suspect].guilt + cat.charges[cat.kind_of[trial["charge"]]].modified(suspect)
        return float(moved(start - jury))
    if kind_id == "expert":
        return 0.8 if not trial["expert"][side] and any(cat.type_of[c] == "evidence" for c in hand) else -1.0
    if kind_id == "leading":
        return 0.8 if not trial["leading"][side] and any(cat.type_of[c] == "suspect" for c in hand) else -1.0
    if kind_id == "short_memory":
        return 0.6 if choice is not None and cat.type_of[choice] in ("evidence", "objection") else 0.2
    if kind_id in ("mistrial", "continuance"):
        return 2.0 if win < 0.3 else -2.0
    return 0.0


def turn_weight(match: WitchTrialMatch, seat: int, command: dict[str, Any]) -> float:
    """How much ``seat`` likes a turn action (§3)."""
    st = match.state
    ctype = command["type"]
    cat = match.cat
    if ctype == "pass":
        if st["pass_streak"] == match.n - 1:  # everyone else passed: this pass ends it
            worth = st["money"]
            best_other = max(w for s, w in enumerate(worth) if s != seat)
            # never while behind (a sense check); level: as good as anything else
            return 1000.0 if worth[seat] > best_other else 0.0 if worth[seat] < best_other else 0.001
        return 0.15
    if ctype == "defend":
        case = st["cases"][command["case_owner"]]
        return 4.0 + cat.suspects[cat.kind_of[case["suspect"]]].defense / 10.0
    if ctype == "prosecute":
        case = st["cases"][seat]
        return case_weight(match, case["suspect"], case["charge"], prosecute=True)
    if ctype == "create_case":
        other = st["lineup"][command["slot"] - 1]
        card = command["card"]
        suspect, charge = (card, other) if cat.type_of[card] == "suspect" else (other, card)
        return case_weight(match, suspect, charge, prosecute=False)
    if ctype == "buy":
        price = PRICES[command["slot"] - 1]
        return max(0.1, 1.3 - price / 18.0)
    return 0.5


def case_weight(match: WitchTrialMatch, suspect: str, charge: str, prosecute: bool) -> float:
    """How good a case of ``suspect`` and ``charge`` looks to build or prosecute."""
    cat = match.cat
    s = cat.suspects[cat.kind_of[suspect]]
    c = cat.charges[cat.kind_of[charge]]
    chance = guilty_chance(clamp_jury(s.guilt + c.modified(s.id)))
    if not prosecute:
        return 0.3 + 1.5 * chance
    expected: float = chance * (match.state["court_fees"] + c.court) - 0.5 * s.defense
    return max(0.2, 1.0 + expected / 15.0)


register_policy("witch_trial", WitchTrialPolicy())
