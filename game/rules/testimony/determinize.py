"""Testimony's forward model for bots (``Match.determinize``, the only one a bot may
use): a determinized copy of a match resamples what one seat cannot know
(docs/rules/testimony.md §6) from what it saw."""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING

from game.rules.testimony.cards import HEATHEN, PURITAN, SETUP_COUNTS, SIDES

if TYPE_CHECKING:
    from game.rules.testimony.match import TestimonyMatch


def determinize(m: TestimonyMatch, seat: int, rng: random.Random) -> None:
    """The determinize hook (see :meth:`Match.determinize`): ``m`` is a fresh copy whose
    log is already ``seat``'s. Drawn afresh from ``rng``: the other Characters and the
    set-aside card (uniformly among the deals of §2 consistent with what ``seat`` saw: its
    own card, Characters shown to it, the Belief cards shown to it — the Apostate may
    show either — and a public double investigation naming the Cunning Woman), the side
    of every token ``seat`` has not seen, and what was shown in shares ``seat`` was not
    part of (uniformly among the cards each new Character may show). Everything read
    here is known to ``seat``: its shares, the public investigations and placements."""
    st = m.state
    if st["stage"] in ("between", "over"):
        return  # a finished game is public; the next deal comes from the new generator
    known_chars = m.known_characters(seat)
    must_be: dict[int, set[str]] = {}  # seat -> the Belief cards it showed ``seat``
    for rec in st["shares"]:
        if seat not in (rec["by"], rec["with"]):
            continue
        other, card = (rec["with"], rec["cards"][1]) if rec["by"] == seat else (rec["by"], rec["cards"][0])
        if card in ("belief_heathen", "belief_puritan"):
            must_be.setdefault(other, set()).add(card)
    for rec in st["investigations"]:
        if len(rec["targets"]) == 2:  # a public double investigation (R3)
            known_chars.setdefault(rec["seat"], double_holder(m))
    st["characters"], st["set_aside"] = sample_deal(m, known_chars, must_be, rng)
    known_tokens = m.known_tokens(seat)
    for token in st["tokens"]:
        if token["token"] not in known_tokens:
            token["side"] = SIDES[rng.randrange(2)]
    for rec in st["shares"]:
        if seat in (rec["by"], rec["with"]):
            continue
        for index, shower in ((0, rec["by"]), (1, rec["with"])):
            if rec["cards"][index] is not None:
                options = m.cat.may_show(st["characters"][shower])
                rec["cards"][index] = options[rng.randrange(len(options))]


def double_holder(m: TestimonyMatch) -> str:
    """The Character that may investigate two players at once (the Cunning Woman)."""
    return next(c.id for c in m.cat.characters.values() if c.double_investigation)


def sample_deal(
    m: TestimonyMatch, fixed: dict[int, str], must_be: dict[int, set[str]], rng: random.Random
) -> tuple[list[str], str | None]:
    """Characters per seat and the set-aside card, uniformly among the deals of §2 that
    keep ``fixed`` and show each ``must_be`` seat's Belief card legally."""
    n = m.n
    cat = m.cat
    heathens, puritans = SETUP_COUNTS[n]
    slots = [s for s in range(n) if s not in fixed] + ([n] if heathens + puritans > n else [])
    taken = set(fixed.values())
    need_h = heathens - sum(cat.belief(c) == HEATHEN for c in taken)
    need_p = puritans - sum(cat.belief(c) == PURITAN for c in taken)
    free_h = [c for c in cat.heathens if c not in taken]
    free_p = [c for c in cat.puritans if c not in taken]

    def fits(deal: dict[int, str]) -> bool:
        for s, cards in must_be.items():
            if (
                s in deal
                and not cat.characters[deal[s]].any_belief
                and any(card != f"belief_{cat.belief(deal[s])}" for card in cards)
            ):
                return False
        return True

    def finish(deal: dict[int, str]) -> tuple[list[str], str | None]:
        return [deal[s] for s in range(n)], deal.get(n)

    for _ in range(200):
        cards = rng.sample(free_h, need_h) + rng.sample(free_p, need_p)
        rng.shuffle(cards)
        deal = dict(fixed)
        deal.update(zip(slots, cards))
        if fits(deal):
            return finish(deal)
    # rare: many constraints; enumerate every consistent deal and pick one uniformly
    worlds = []
    for hs in itertools.combinations(free_h, need_h):
        for ps in itertools.combinations(free_p, need_p):
            for order in itertools.permutations(hs + ps):
                deal = dict(fixed)
                deal.update(zip(slots, order))
                if fits(deal):
                    worlds.append(deal)
    return finish(worlds[rng.randrange(len(worlds))])
