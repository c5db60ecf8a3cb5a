"""Witch Trial's forward model for bots (``Match.determinize``, the only one a bot may
use): a determinized copy of a match resamples what one seat cannot know
(docs/rules/witch_trial.md §6) from what it saw."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules.witch_trial.cards import LINEUP_SIZE, TOTAL_CARDS

if TYPE_CHECKING:
    from game.rules.witch_trial.match import WitchTrialMatch


def determinize(m: WitchTrialMatch, seat: int, rng: random.Random) -> None:
    """Resample the other hands and the deck from ``view(seat)`` and ``log(seat)``.

    Hidden in Witch Trial (§6): every hand but one's own, and the deck order. A card
    seen going into a hand (bought from the lineup, an Objection handed over, a
    Short Memory recovery) stays in that hand until it is seen leaving it (played,
    paired into a case, used as an Objection). All other unseen cards are
    exchangeable: they fill the rest of each hand (its public size) and the deck.
    After a ``double_pass`` reshuffle the deck holds only cards of the reshuffled
    pile, and a hand holds as many of those as its owner drew since and has not
    shown — both follow from the public draw counts. Once the game is over nothing is
    hidden any more (§6.3): the copy is the match as it stands.
    """
    resample(m, seat, rng, knowledge(m, seat))


@dataclass(frozen=True)
class Knowledge:
    """What one seat's view and log tell about the hidden parts (:func:`knowledge`)."""

    seat: int
    over: bool
    #: per other seat: the cards seen going into its hand and still there; how many
    #: more it holds
    kept: dict[int, list[str]]
    need: dict[int, int]
    #: the cards of the pile reshuffled by a double pass (None: no reshuffle), and per
    #: seat how many of them it drew unseen and still holds
    reshuffled: frozenset[str] | None
    hidden_r: tuple[int, ...]
    #: the cards whose place the seat does not know, in catalogue order
    unknown: tuple[str, ...]


def knowledge(m: WitchTrialMatch, seat: int) -> Knowledge:
    """Everything :func:`determinize` reads from ``seat``'s view and log: the same for
    every world that shows the seat the same view and log, so one bot decision reads
    it once (:func:`resample` draws the worlds)."""
    st = m.state
    if st["over"]:
        return Knowledge(seat, True, {}, {}, None, (), ())
    view = m.view(seat)
    n = m.n
    known: dict[str, int] = {}  # card -> other seat whose hand it went into, seen
    discard: set[str] = set()
    reshuffled: set[str] | None = None
    hidden_r = [0] * n  # cards of the reshuffled pile drawn unseen, still in hand
    deck_left = TOTAL_CARDS
    carry = 0  # cards a draw took from the old deck just before the reshuffle
    lineup: list[str | None] = [None] * LINEUP_SIZE
    first_lineup = True

    def leaves(s: int, card: str) -> None:
        if s == seat:
            return
        if known.get(card) == s:
            del known[card]
        elif reshuffled is not None and card in reshuffled:
            hidden_r[s] -= 1

    for ev in m.log(seat):
        kind = ev["type"]
        if kind in ("deal", "draw"):
            k = ev["count"]
            old = min(carry, k)
            carry = 0
            deck_left -= k - old
            if reshuffled is not None and ev["seat"] != seat:
                hidden_r[ev["seat"]] += k - old
        elif kind == "lineup":
            if first_lineup:
                deck_left -= sum(1 for c in ev["lineup"] if c is not None)
                first_lineup = False
            elif ev["lineup"][0] is not None:
                deck_left -= 1
            lineup = list(ev["lineup"])
        elif kind == "buy":
            if ev["seat"] != seat:
                known[ev["card"]] = ev["seat"]
        elif kind == "case":
            from_lineup = lineup[ev["slot"] - 1]
            hand_card = ev["charge"] if from_lineup == ev["suspect"] else ev["suspect"]
            leaves(ev["seat"], hand_card)
        elif kind == "play":
            leaves(ev["seat"], ev["card"])
        elif kind == "objection":
            leaves(ev["seat"], ev["card"])
            if ev["to"] != seat:
                known[ev["card"]] = ev["to"]
        elif kind == "recover":
            discard.discard(ev["card"])
            if ev["seat"] != seat:
                known[ev["card"]] = ev["seat"]
        elif kind == "discard":
            discard.update(ev["cards"])
        elif kind == "reshuffle":
            reshuffled = discard
            discard = set()
            carry = deck_left
            deck_left = ev["count"]

    seen = set(view["cards"])
    unknown = [c for c in m.cat.card_ids if c not in seen and c not in known]
    others = [s for s in range(n) if s != seat]
    kept = {s: [c for c in m.cat.card_ids if known.get(c) == s and c not in seen] for s in others}
    need = {s: view["players"][s]["hand_count"] - len(kept[s]) for s in others}
    return Knowledge(
        seat, False, kept, need, None if reshuffled is None else frozenset(reshuffled), tuple(hidden_r), tuple(unknown)
    )


def resample(m: WitchTrialMatch, seat: int, rng: random.Random, known: Knowledge) -> None:
    """Draw the hidden parts of ``m`` (a copy that shows ``seat`` the view and log
    ``known`` was read from) with ``rng``: exactly :func:`determinize`'s draw."""
    st = m.state
    if known.over:
        return
    kept, need, reshuffled, hidden_r = known.kept, known.need, known.reshuffled, known.hidden_r
    unknown = list(known.unknown)
    others = [s for s in range(m.n) if s != seat]
    if reshuffled is not None:
        fresh = [c for c in unknown if c in reshuffled]
        old_cards = [c for c in unknown if c not in reshuffled]
        rng.shuffle(fresh)
        rng.shuffle(old_cards)
        if len(old_cards) == sum(need[s] - hidden_r[s] for s in others) and all(
            0 <= hidden_r[s] <= need[s] for s in others
        ):
            for s in others:
                take_old = need[s] - hidden_r[s]
                st["hands"][s] = kept[s] + fresh[: hidden_r[s]] + old_cards[:take_old]
                del fresh[: hidden_r[s]]
                del old_cards[:take_old]
            st["deck"] = fresh
            return
        unknown = sorted(fresh + old_cards, key=m.cat.card_ids.index)
    rng.shuffle(unknown)
    for s in others:
        st["hands"][s] = kept[s] + unknown[: need[s]]
        del unknown[: need[s]]
    st["deck"] = unknown
