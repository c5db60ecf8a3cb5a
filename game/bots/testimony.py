"""Testimony's playing sense for bots: the rollout policy (the Easy level, and every seat
in a search bot's rollouts), the sense checks, and the value of a position where a
rollout stops.

From what the bot's seat knows (docs/rules/testimony.md §6): mostly investigate,
sometimes share and usually accept; a Heathen shows a Belief card (the Apostate the
Puritan one), a Puritan often its Character; testimony accuses players believed to hold
the other Belief and defends those believed to share its own; with nobody known, a token
goes to a seat whose Standing it may tip, and a token is discarded only when nobody is
known.

Sense checks (:meth:`TestimonyPolicy.senseless`; the search never plays these when
anything else is legal, and neither do rollouts):

* ``discards_with_target``: discarding a token while some other seat's Belief is
  believed known (a token could be placed with intent).
* ``testifies_against_knowledge``: accusing a seat believed to share one's Belief, or
  defending one believed to hold the other (no Character gains by either, §1.1).

The policy runs in a determinized world (``Match.determinize``), so reading that
world's state is reading only what the bot's seat could know.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.bots.belief import log_ratio, side_patterns
from game.bots.beliefs_table import TABLES
from game.bots.policy import Policy, register_policy
from game.rules.testimony import HEATHEN, PURITAN, SETUP_COUNTS, catalog, determinize
from game.rules.testimony.scoring import score

if TYPE_CHECKING:
    from game.rules.testimony import TestimonyMatch

#: what :func:`belief_weights` gives ``determinize.resample``: the weight of a deal of
#: Beliefs (None: every deal alike) and the learned chance one side accuses the other
BeliefWeights = tuple[Callable[[list[str]], float] | None, Callable[[str, str], float]]

SENSE_CHECKS = ("discards_with_target", "testifies_against_knowledge")


class TestimonyPolicy(Policy["TestimonyMatch"]):
    """Believe what you were shown; accuse the other side, defend your own."""

    __test__ = False  # not a pytest test class, whatever its name says
    sense_checks = SENSE_CHECKS

    def senseless(self, match: TestimonyMatch, seat: int, command: dict[str, Any]) -> list[str]:
        kind = command["type"]
        if kind not in ("discard_token", "testify"):
            return []
        guess = believed_beliefs(match, seat)
        guess.pop(seat, None)
        if kind == "discard_token":
            return ["discards_with_target"] if guess else []
        target = command["seat"]
        if target not in guess:
            return []
        mine = match.cat.belief(match.state["characters"][seat])
        friend = guess[target] == mine
        if friend == (command["side"] == "accuse"):
            return ["testifies_against_knowledge"]
        return []

    def choose(
        self, match: TestimonyMatch, seat: int, legal: list[dict[str, Any]], rng: random.Random
    ) -> dict[str, Any]:
        stage = match.state["stage"]
        if stage == "action":
            invites = [c for c in legal if c["type"] == "invite"]
            looks = [c for c in legal if c["type"] == "investigate"]
            if invites and rng.random() < 0.3:
                return invites[rng.randrange(len(invites))]
            return looks[rng.randrange(len(looks))]
        if stage == "answer":
            return {"type": "answer_invite", "accept": rng.random() < 0.6}
        mine = match.state["characters"][seat]
        belief = match.cat.belief(mine)
        if stage == "share":
            cards = [c["card"] for c in legal]
            if belief == HEATHEN:
                card = (
                    "belief_puritan"
                    if "belief_puritan" in cards
                    else ("belief_heathen" if rng.random() < 0.8 else "character")
                )
            else:
                card = "character" if rng.random() < 0.6 else "belief_puritan"
            return {"type": "show", "card": card}
        if stage == "testify":
            return self._testimony(match, seat, belief, rng)
        return legal[0]

    def _testimony(self, match: TestimonyMatch, seat: int, belief: str, rng: random.Random) -> dict[str, Any]:
        guess = believed_beliefs(match, seat)
        guess.pop(seat, None)
        foes = [s for s, b in sorted(guess.items()) if b != belief]
        friends = [s for s, b in sorted(guess.items()) if b == belief]
        r = rng.random()
        if foes and (r < 0.75 or not friends):
            return {"type": "testify", "seat": foes[rng.randrange(len(foes))], "side": "accuse"}
        if friends:
            return {"type": "testify", "seat": friends[rng.randrange(len(friends))], "side": "defend"}
        # nobody known: a token on anyone (any side), seldom a discard
        if r < 0.9:
            others = [s for s in range(match.n) if s != seat]
            return {
                "type": "testify",
                "seat": others[rng.randrange(len(others))],
                "side": "accuse" if rng.random() < 0.5 else "defend",
            }
        return {"type": "discard_token"}

    def play(self, match: TestimonyMatch, seat: int, rng: random.Random) -> dict[str, Any]:
        """The rollout's move: :meth:`choose`'s pick, made without the legal list where
        it needs none (an action, an answer, a share, testimony)."""
        st = match.state
        stage = st["stage"]
        if stage == "action":
            others = [s for s in range(match.n) if s != seat]
            invitable = [s for s in others if s not in st["declined"]]
            if invitable and rng.random() < 0.3:
                return {"type": "invite", "seat": invitable[int(rng.random() * len(invitable))]}
            return {"type": "investigate", "seat": others[int(rng.random() * len(others))]}
        if stage == "answer":
            return {"type": "answer_invite", "accept": rng.random() < 0.6}
        if stage == "testify":
            return self._testimony(match, seat, match.cat.belief(st["characters"][seat]), rng)
        return self.choose(match, seat, match._legal(seat), rng)

    def redraw(
        self, world: TestimonyMatch, seat: int, weigh: bool = True, reads: str = "sensible"
    ) -> Callable[[TestimonyMatch, random.Random], None] | None:
        """Worlds of one decision (game/bots/worlds.py): what ``world`` shows ``seat`` read
        once (``determinize.knowledge``), the hidden parts redrawn per world
        (``determinize.resample``) — with ``weigh``, the deals weighed by the seat's
        belief and the unseen tokens' sides drawn by the learned model of play
        (:func:`belief_weights`; ``reads="thinking"``: the table of searching seats at
        this many players, where one was learned)."""
        known = determinize.knowledge(world, seat)
        weights = self.belief(world.view(seat), world.log(seat), seat, reads) if weigh else None
        if weights is None:
            return lambda copy, rng: determinize.resample(copy, seat, rng, known)
        deal_weight, accuse_chance = weights
        return lambda copy, rng: determinize.resample(copy, seat, rng, known, deal_weight, accuse_chance)

    def belief(
        self, view: dict[str, Any], log: list[dict[str, Any]], seat: int, reads: str = "sensible"
    ) -> BeliefWeights | None:
        """The seat's belief from its view (:func:`belief_weights`), by the table of how
        players of ``reads`` play at this many players (:func:`table_for`)."""
        return belief_weights(view, seat, table_for(len(view["players"]), reads))

    def role(self, match: TestimonyMatch, seat: int) -> str | None:
        """The Belief of ``seat``'s Character in the game being played: ``"heathen"``
        or ``"puritan"``."""
        return match.cat.belief(match.state["characters"][seat])

    def value(self, match: TestimonyMatch, seat: int) -> float:
        """0..1 for ``seat``: the win share when the match is over; otherwise a logistic
        of its lead in the match totals plus the scores the current game would give if
        it ended now (§5)."""
        st = match.state
        if match.over:
            return super().value(match, seat)
        totals = list(st["totals"])
        if st["stage"] != "between":
            standing = match.standings()
            scores, _reasons = score(match, [v < 0 for v in standing])
            totals = [a + b for a, b in zip(totals, scores)]
        best_other = max(v for i, v in enumerate(totals) if i != seat)
        return 1.0 / (1.0 + math.exp(-(totals[seat] - best_other) / 2.0))


def believed_beliefs(match: TestimonyMatch, seat: int) -> dict[int, str]:
    """Seat -> "heathen" / "puritan" as ``seat`` would guess from what it saw: the
    Characters shown to it, the Belief cards shown to it (the Apostate may lie), and the
    public double investigation that only the Cunning Woman, a Heathen, may make (R3)."""
    guess = {s: match.cat.belief(c) for s, c in match.known_characters(seat).items()}
    st = match.state
    for rec in st["shares"]:
        if seat not in (rec["by"], rec["with"]):
            continue
        other, card = (rec["with"], rec["cards"][1]) if rec["by"] == seat else (rec["by"], rec["cards"][0])
        if card in ("belief_heathen", "belief_puritan") and other not in guess:
            guess[other] = card[len("belief_") :]
    for rec in st["investigations"]:
        if len(rec["targets"]) == 2:
            guess[rec["seat"]] = HEATHEN
    return guess


register_policy("testimony", TestimonyPolicy())


# ------------------------------------------------------------------ belief --
def token_acts(view: dict[str, Any], seat: int) -> list[tuple[str, int, int, str | None]]:
    """The acts a belief reads from a view of the game being played: every token placed
    by another seat, as ``("place", placer, target, side)`` with ``side`` None unless
    ``seat`` has seen it (its own investigations)."""
    return [("place", t["placer"], t["target"], t["side"]) for t in view["tokens"] if t["placer"] != seat]


def thinking_table(players: int) -> str:
    """The name of the learned table of how searching (Normal) seats play Testimony at
    ``players`` (``tools/learn_beliefs.py --thinking N``)."""
    return f"testimony/thinking-{players}"


def table_for(players: int, reads: str = "sensible") -> str:
    """The learned table a belief reads the others' tokens by: ``"testimony"`` (the
    rollout policy's play mixed with random seats, 3 to 7 players), or for ``reads ==
    "thinking"`` the table of searching seats at ``players`` where one was learned."""
    if reads == "thinking" and thinking_table(players) in TABLES:
        return thinking_table(players)
    return "testimony"


def accuse_chance(placer: str, target: str, table: str = "testimony") -> float:
    """The learned chance that a token a player of Belief ``placer`` lays before one of
    Belief ``target`` shows its accusing side (1/2 when not learned), by ``table``."""
    return TABLES.get(table, {}).get("accuse", {}).get(f"{placer}>{target}", 0.5)


def belief_weights(view: dict[str, Any], seat: int, table: str = "testimony") -> BeliefWeights | None:
    """``(deal_weight, accuse_chance)`` for ``determinize.resample`` from what ``seat``
    sees, or None in a finished game. ``deal_weight(beliefs)`` is the likelihood of the
    tokens the seat saw placed (who before whom) and turned (their sides, where it
    looked) under those Beliefs, by the learned ``table`` (:func:`table_for`), over the
    likeliest pattern's."""
    if view["stage"] in ("between", "over") or view.get("me") is None:
        return None
    players = view["players"]
    n = len(players)
    fixed = {p: players[p]["character"] for p in range(n) if players[p]["character"] is not None}
    sides_fixed = {p: catalog().belief(c) for p, c in fixed.items()}
    acts = token_acts(view, seat)
    heathens, _puritans = SETUP_COUNTS[n]
    spare = 1 if sum(SETUP_COUNTS[n]) > n else 0

    def log_weight(pattern: tuple[str, ...]) -> float:
        total = 0.0
        for _act, placer, target, side in acts:
            key = f"{pattern[placer]}>{pattern[target]}"
            total += log_ratio(table, "place", key)
            if side is not None:
                total += log_ratio(table, f"side_{side}", key)
        return total

    patterns = list(
        side_patterns(range(n), sides_fixed, (HEATHEN, PURITAN), lambda h: heathens - spare <= h <= heathens)
    )
    if not acts:
        return None
    chance = functools.partial(accuse_chance, table=table)
    if len(patterns) <= 1:
        return None, chance
    logs = {p: log_weight(p) for p in patterns}
    top = max(logs.values())
    weights = {p: math.exp(v - top) for p, v in logs.items()}

    def deal_weight(beliefs: list[str]) -> float:
        return weights.get(tuple(beliefs), 0.0)

    return deal_weight, chance
