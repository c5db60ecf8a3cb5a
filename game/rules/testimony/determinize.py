"""Testimony's forward model for bots (``Match.determinize``, the only one a bot may
use): a determinized copy of a match resamples what one seat cannot know
(docs/rules/testimony.md §6) from what it saw."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass
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
    resample(m, seat, rng, knowledge(m, seat))


@dataclass(frozen=True)
class Knowledge:
    """What one seat's view and log tell about the hidden parts (:func:`knowledge`)."""

    seat: int
    #: a finished game: nothing hidden (the next deal comes from the new generator)
    settled: bool
    #: seat -> its Character, where the seat knows it
    known_chars: dict[int, str]
    #: seat -> the Belief cards it showed ``seat``
    must_be: dict[int, set[str]]
    #: token ids whose side the seat knows
    known_tokens: frozenset[str]


def knowledge(m: TestimonyMatch, seat: int) -> Knowledge:
    """Everything :func:`determinize` reads of what ``seat`` saw: the same for every
    world that shows the seat the same view and log, so one bot decision reads it once
    (:func:`resample` draws the worlds)."""
    st = m.state
    if st["stage"] in ("between", "over"):
        return Knowledge(seat, True, {}, {}, frozenset())
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
    return Knowledge(seat, False, known_chars, must_be, frozenset(m.known_tokens(seat)))


def resample(
    m: TestimonyMatch,
    seat: int,
    rng: random.Random,
    known: Knowledge,
    deal_weight: Callable[[list[str]], float] | None = None,
    accuse_chance: Callable[[str, str], float] | None = None,
) -> None:
    """Draw the hidden parts of ``m`` (a copy that shows ``seat`` the view and log
    ``known`` was read from) with ``rng``. Without the two functions, exactly
    :func:`determinize`'s draw. A bot's belief may weigh the draw:

    * ``deal_weight(beliefs)`` (each seat's Belief in a candidate deal, in seat order;
      0..1): a uniformly drawn deal is kept with that chance, else another is drawn (at
      most :data:`WEIGHED_TRIES` times; then the likeliest one drawn is kept) — deals
      come out in proportion to their weight;
    * ``accuse_chance(placer_belief, target_belief)``: the chance that a token the seat
      has not seen shows its accusing side (else 1/2)."""
    st = m.state
    if known.settled:
        return
    if deal_weight is None:
        st["characters"], st["set_aside"] = sample_deal(m, known.known_chars, known.must_be, rng)
    else:
        belief = m.cat.belief
        best: tuple[list[str], str | None] | None = None
        best_weight = -1.0
        for _ in range(WEIGHED_TRIES):
            deal = sample_deal(m, known.known_chars, known.must_be, rng)
            weight = deal_weight([belief(c) for c in deal[0]])
            if weight > best_weight:
                best, best_weight = deal, weight
            if rng.random() < weight:
                best = deal
                break
        assert best is not None  # the first try beats -1.0 (a weight is 0..1)
        st["characters"], st["set_aside"] = best
    known_tokens = known.known_tokens
    if accuse_chance is None:
        for token in st["tokens"]:
            if token["token"] not in known_tokens:
                token["side"] = SIDES[rng.randrange(2)]
    else:
        beliefs = [m.cat.belief(c) for c in st["characters"]]
        for token in st["tokens"]:
            if token["token"] not in known_tokens:
                chance = accuse_chance(beliefs[token["placer"]], beliefs[token["target"]])
                token["side"] = "accuse" if rng.random() < chance else "defend"
    for rec in st["shares"]:
        if seat in (rec["by"], rec["with"]):
            continue
        for index, shower in ((0, rec["by"]), (1, rec["with"])):
            if rec["cards"][index] is not None:
                options = m.cat.may_show(st["characters"][shower])
                rec["cards"][index] = options[rng.randrange(len(options))]


#: how many deals a weighed draw tries at most (resample)
WEIGHED_TRIES = 40


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
