"""Testimony's playing sense for bots: the rollout policy (the Easy level, and every seat
in a search bot's rollouts) and the value of a position where a rollout stops.

From what the bot's seat knows (docs/rules/testimony.md §6): mostly investigate,
sometimes share and usually accept; a Heathen shows a Belief card (the Apostate the
Puritan one), a Puritan often its Character; testimony accuses players believed to hold
the other Belief and defends those believed to share its own, else goes anywhere (a
discard now and then).

The policy runs in a determinized world (``Match.determinize``), so reading that
world's state is reading only what the bot's seat could know.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from game.bots.policy import Policy, register_policy
from game.rules.testimony import HEATHEN
from game.rules.testimony.scoring import score

if TYPE_CHECKING:
    from game.rules.testimony import TestimonyMatch


class TestimonyPolicy(Policy):
    """Believe what you were shown; accuse the other side, defend your own."""

    __test__ = False  # not a pytest test class, whatever its name says

    def choose(self, match: TestimonyMatch, seat: int, legal: list[dict], rng: random.Random) -> dict:
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
            guess = believed_beliefs(match, seat)
            foes = [s for s, b in sorted(guess.items()) if s != seat and b != belief]
            friends = [s for s, b in sorted(guess.items()) if s != seat and b == belief]
            r = rng.random()
            if foes and r < 0.7:
                return {"type": "testify", "seat": foes[rng.randrange(len(foes))], "side": "accuse"}
            if friends and r < 0.9:
                return {"type": "testify", "seat": friends[rng.randrange(len(friends))], "side": "defend"}
            return legal[rng.randrange(len(legal))]
        return legal[0]

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
    Characters shown to it, and the Belief cards shown to it (the Apostate may lie)."""
    guess = {s: match.cat.belief(c) for s, c in match.known_characters(seat).items()}
    for rec in match.state["shares"]:
        if seat not in (rec["by"], rec["with"]):
            continue
        other, card = (rec["with"], rec["cards"][1]) if rec["by"] == seat else (rec["by"], rec["cards"][0])
        if card in ("belief_heathen", "belief_puritan") and other not in guess:
            guess[other] = card[len("belief_") :]
    return guess


register_policy("testimony", TestimonyPolicy())
