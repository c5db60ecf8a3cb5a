"""Salem 1692 bot knowledge: the rollout policy and the position value of the search bot.

A :class:`SalemPolicy` plays inside a determinized world (``Match.determinize``: what the
seat could not know is resampled there), so it reads that world's state freely; what it
decides on is what the seat itself knows — its hand, its team and the witches it knows.
Registered for ``salem`` when :mod:`game.bots` is imported.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from game.bots.policy import Policy, register_policy
from game.rules.salem import WITCH
from game.rules.salem.state import living_seats

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.rules.salem.match import SalemMatch


class SalemPolicy(Policy):
    """Witches vote for and accuse the townspeople they know are not witches; the town
    accuses anyone; a small hand draws; confessions are rare; a turn ends after a card
    or two."""

    def choose(self, match: Match, seat: int, legal: list[dict], rng: random.Random) -> dict:
        s = match.state
        if len(legal) == 1:
            return dict(legal[0])
        known = set(s["known"][seat]) if s["witch"][seat] else set()
        kind = legal[0]["type"]
        if kind in ("dawn_vote", "night_vote"):
            good = [c for c in legal if c["target"] not in known]
            pool = good or legal
            return dict(pool[rng.randrange(len(pool))])
        types = {c["type"] for c in legal}
        if "confess" in types:
            if rng.random() < 0.85:
                return {"type": "pass"}
            return dict(legal[rng.randrange(len(legal))])
        if "draw_two" in types or "end_turn" in types:
            hand = len(s["hands"][seat])
            if "draw_two" in types and (hand <= 2 or rng.random() < 0.3):
                return {"type": "draw_two"}
            if "end_turn" in types and rng.random() < 0.45:
                return {"type": "end_turn"}
            plays = [c for c in legal if c["type"] == "play"]
            if known:
                colour_of = cast("SalemMatch", match).cat.colour_of
                red = [c for c in plays if colour_of[c["card"]] == "red" and c["target"] not in known]
                if red and rng.random() < 0.7:
                    return dict(red[rng.randrange(len(red))])
            if plays:
                return dict(plays[rng.randrange(len(plays))])
        return dict(legal[rng.randrange(len(legal))])

    def value(self, match: Match, seat: int) -> float:
        """Win share when over; else an estimate from the seat's team: the share of Witch
        cards face up (good for the town) against the share of the living who are
        witches (good for the witches)."""
        s = match.state
        if s["over"]:
            winners = s["winners"]
            return 1.0 / len(winners) if seat in winners else 0.0
        tk = s["tryal_kind"]
        total = sum(1 for k in tk.values() if k == WITCH) or 1
        up = sum(1 for r in s["revealed"] for t in r if tk[t] == WITCH)
        living = living_seats(cast("SalemMatch", match))
        witch_share = sum(1 for p in living if s["witch"][p]) / max(1, len(living))
        town = 0.5 + 0.35 * (up / total) - 0.35 * witch_share
        town = min(0.95, max(0.05, town))
        return 1.0 - town if s["witch"][seat] else town


register_policy("salem", SalemPolicy())
