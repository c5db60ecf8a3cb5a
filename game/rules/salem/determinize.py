"""Salem 1692: the forward model for bots (DESIGN D2 ``determinize``; docs/rules/salem.md R52).

Two entry points:

* :func:`determinize` — the engine's hook (``Match.determinize(seat, rng)``): every world
  consistent with the seat's view and log, uniformly as the contract says.
* :func:`knowledge` then :func:`resample` — the same draw in two steps, for a bot that
  samples many worlds for one decision: ``knowledge(m, seat)`` reads once what the seat's
  view and log tell (it is the same for every world of that decision, and for any world
  that shows the seat the same view and log), and ``resample(world, seat, rng, known,
  witch_odds)`` draws the hidden parts of a copy. With ``witch_odds=None`` it is exactly
  :func:`determinize` (same draws from ``rng``, same copy). With ``witch_odds`` (seat ->
  relative odds that the seat holds a Witch card, e.g. a bot's belief from the table's
  public behaviour) each Witch card whose place the seat does not know goes to a seat with
  room for it with probability proportional to that seat's free places times its odds;
  everything else is drawn as in :func:`determinize`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules.salem.cards import CHARACTER_IDS, WITCH
from game.rules.salem.state import constable, holds, living_seats, targets_for

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch


@dataclass(frozen=True)
class Knowledge:
    """What one seat's view and log tell about the hidden parts (see :func:`knowledge`)."""

    seat: int
    #: the Tryal cards the seat has not seen face up or in its own row, by number
    unseen_ids: tuple[str, ...]
    #: kinds of those cards the seat's log tells (its dealt row, Conspiracy notes, peeks)
    pinned: dict[str, str]
    #: the kinds left for the others (sorted): the public totals less what is known
    free_kinds: tuple[str, ...]
    #: card -> the seat it was last seen going to, while it cannot have moved since
    place: dict[str, int]
    #: the living other seats
    others: tuple[int, ...]
    #: the witches the seat knows; whether it knows every Witch card's holder
    wknown: frozenset[int]
    exact: bool
    #: the playing cards the seat has not seen, in catalogue order; black ones apart
    holdable: tuple[str, ...]
    black: tuple[str, ...]
    night_bottom: bool
    #: Tituba looking through the pile (the seat knows it)
    looking: bool


def knowledge(m: SalemMatch, seat: int) -> Knowledge:
    """What ``seat``'s view and log tell about everything it cannot see (R52). A function
    of what the seat sees only: the same for every world that shows it the same view and
    log, so it may be read from one such world and used for the others."""
    s = m.state
    n = m.n
    cat = m.cat
    mine = set(s["rows"][seat])
    revealed = {t for r in s["revealed"] for t in r}
    # -- what the seat's log says about single Tryal cards: kind and last place
    known_kind: dict[str, str] = {}
    place: dict[str, int] = {}
    witches_seen_at: int | None = None
    for entry in m._log:
        e = entry["event"]
        et = e["type"]
        if et == "deal_tryal" and "cards" in e:
            known_kind.update(zip(e["cards"], e["kinds"]))
        elif et == "conspiracy_moves":
            givers = {mv["giver"] for mv in e["moves"]}
            for card, holder in list(place.items()):
                if holder in givers:
                    del place[card]  # a blind pick may have taken it anywhere
            if witches_seen_at is not None:
                witches_seen_at = None
        elif et == "conspiracy_card":
            known_kind[e["card"]] = e["kind"]
            place[e["card"]] = e["taker"]
        elif et == "ghost_peek" and "card" in e:
            known_kind[e["card"]] = e["kind"]
            place[e["card"]] = e["ghost"]
        elif et == "witches_known":
            witches_seen_at = entry["sid"]
    # -- the Tryal deck: public totals less what is face up and in the own row
    every = [s["tryal_kind"][t] for t in sorted(s["tryal_kind"], key=lambda x: int(x[1:]))]
    unseen_kinds = list(every)
    for t in sorted(revealed | mine, key=lambda x: int(x[1:])):
        unseen_kinds.remove(s["tryal_kind"][t])
    unseen_ids = sorted((t for t in s["tryal_kind"] if t not in revealed and t not in mine), key=lambda x: int(x[1:]))
    pinned = {t: known_kind[t] for t in unseen_ids if t in known_kind}
    free_kinds = list(unseen_kinds)
    for kind in pinned.values():
        free_kinds.remove(kind)
    free_kinds.sort()
    # who may hold a Witch card: a witch who learnt the witches since the last
    # Conspiracy knows exactly who they are
    others = tuple(p for p in range(n) if p != seat and s["alive"][p])
    wknown = frozenset(s["known"][seat])
    exact = bool(s["witch"][seat] and witches_seen_at is not None and not s["variant"])
    # -- playing cards: other hands and the pile
    seen = set(s["hands"][seat]) | set(s["discard"]) | set(s["removed"]) | set(s["aside"]) | set(s["resolving"])
    for f in s["fronts"]:
        seen.update(f)
    looking = any(f["kind"] == "prompt" and f["name"] == "tituba" and f["await"] == seat for f in s["stack"])
    if looking:  # Tituba is looking through the pile: she knows it
        seen.update(s["pile"])
    pool = [c for c in cat.card_ids if c not in seen]
    return Knowledge(
        seat=seat,
        unseen_ids=tuple(unseen_ids),
        pinned=pinned,
        free_kinds=tuple(free_kinds),
        place=place,
        others=others,
        wknown=wknown,
        exact=exact,
        holdable=tuple(c for c in pool if cat.colour_of[c] != "black"),
        black=tuple(c for c in pool if cat.colour_of[c] == "black"),
        night_bottom=bool(s["pile"]) and s["pile"][-1] == cat.night,
        looking=looking,
    )


def determinize(m: SalemMatch, seat: int, rng: random.Random) -> None:
    """Resample what ``seat`` cannot know, from its view and log only (R52):
    other hands and the pile order; the kinds and places of the Tryal cards it has
    not seen; who else ever held a Witch card; the others' dealt characters; and, in
    an open window, the answers it did not see (with the voters and the Constable
    that follow from the new rows). What it saw stays: its row and hand, everything
    public, the cards it gave, took or peeked while they cannot have moved since,
    the witches it knows, the votes it saw as a voter."""
    resample(m, seat, rng, knowledge(m, seat))


def _pick(room: list[int], free: dict[int, int], odds: dict[int, float] | None, rng: random.Random) -> int:
    """A seat of ``room`` for a Witch card: uniformly (``odds`` None: the contract's
    draw), else in proportion to free places times odds."""
    if odds is None:
        return room[rng.randrange(len(room))]
    weights = [free[p] * max(0.0, odds.get(p, 1.0)) for p in room]
    total = sum(weights)
    if total <= 0.0:
        return room[rng.randrange(len(room))]
    x = rng.random() * total
    for p, w in zip(room, weights):
        x -= w
        if x < 0.0:
            return p
    return room[-1]


def resample(
    m: SalemMatch, seat: int, rng: random.Random, known: Knowledge, witch_odds: dict[int, float] | None = None
) -> None:
    """Draw the hidden parts of ``m`` (a copy that shows ``seat`` the view and log
    ``known`` was read from) with ``rng``; ``witch_odds`` as in the module docstring."""
    s = m.state
    n = m.n
    cat = m.cat
    free_kinds = list(known.free_kinds)
    rng.shuffle(free_kinds)
    kind_of = dict(known.pinned)
    for t in known.unseen_ids:
        if t not in kind_of:
            kind_of[t] = free_kinds.pop()
    others = known.others
    wknown = known.wknown
    exact = known.exact
    place = known.place
    slots = {p: len(s["rows"][p]) for p in others}
    rows: dict[int, list[str]] = {p: [] for p in others}
    loose = []
    for t in known.unseen_ids:
        holder = place.get(t)
        if holder in rows and len(rows[holder]) < slots[holder]:
            rows[holder].append(t)
        else:
            loose.append(t)
    rng.shuffle(loose)
    witch_cards = [t for t in loose if kind_of[t] == WITCH]
    rest = [t for t in loose if kind_of[t] != WITCH]
    for t in witch_cards:
        room = [p for p in others if len(rows[p]) < slots[p] and (not exact or p in wknown)]
        if not room:
            room = [p for p in others if len(rows[p]) < slots[p]]
        free = {p: slots[p] - len(rows[p]) for p in room} if witch_odds is not None else {}
        rows[_pick(room, free, None if exact else witch_odds, rng)].append(t)
    for t in rest:
        room = [p for p in others if len(rows[p]) < slots[p]]
        rows[room[rng.randrange(len(room))]].append(t)
    for p in others:
        row = rows[p]
        rng.shuffle(row)
        s["rows"][p] = row
    tryal_kind = s["tryal_kind"]
    for t in known.unseen_ids:
        tryal_kind[t] = kind_of[t]
    for p in range(n):
        if p == seat:
            continue
        if s["public_witch"][p] is not None:
            s["witch"][p] = bool(s["public_witch"][p])
        else:
            s["witch"][p] = p in wknown or any(kind_of.get(t) == WITCH for t in s["rows"][p])
        s["known"][p] = sorted({p} | (wknown if s["witch"][p] and p in wknown else set())) if s["witch"][p] else []
    s["witch_order"] = [p for p in s["witch_order"] if p == seat or p in wknown] + [
        p for p in range(n) if s["witch"][p] and p != seat and p not in wknown
    ]
    # -- playing cards: other hands and the pile
    holdable = list(known.holdable)
    rng.shuffle(holdable)
    for p in range(n):
        if p != seat:
            count = len(s["hands"][p])
            s["hands"][p] = holdable[:count]
            del holdable[:count]
    if not known.looking:
        night_bottom = known.night_bottom
        pile = holdable + [c for c in known.black if not (night_bottom and c == cat.night)]
        rng.shuffle(pile)
        if night_bottom:
            pile.append(cat.night)
        elif cat.night in pile and len(pile) > 1 and pile[-1] == cat.night:
            pile[-1], pile[0] = pile[0], pile[-1]
        s["pile"] = pile
    # -- characters dealt to the others in an open choice
    if any(s["dealt"][p] for p in range(n) if p != seat):
        spare = sorted(set(CHARACTER_IDS) - set(s["dealt"][seat]) - {c for c in s["characters"] if c})
        rng.shuffle(spare)
        for p in range(n):
            if p != seat and s["dealt"][p]:
                s["dealt"][p] = [spare.pop(), spare.pop()]
    # -- open windows: answers the seat did not see
    for f in s["stack"]:
        w = f.get("window")
        if f["kind"] == "night" and f.get("target") is not None and not s["witch"][seat]:
            living = living_seats(m)  # the witches' choice is theirs alone until morning
            f["target"] = living[rng.randrange(len(living))]
        if w is None:
            continue
        name = w["name"]
        if name in ("dawn", "night_vote"):
            seen_votes = seat in w["voters"]
            if not seen_votes:
                if name == "dawn":
                    w["voters"] = [p for p in range(n) if holds(m, p, WITCH)]
                else:
                    w["voters"] = [p for p in living_seats(m) if s["witch"][p]]
            if not seen_votes:
                answers = []
                for p, c in w["answers"]:
                    if p != seat and p in w["voters"]:
                        targets = list(range(n)) if name == "dawn" else living_seats(m)
                        c = {
                            "type": "dawn_vote" if name == "dawn" else "night_vote",
                            "target": targets[rng.randrange(len(targets))],
                        }
                    elif p != seat:
                        c = {"type": "pass"}
                    answers.append([p, c])
                w["answers"] = answers
        elif name == "gavel":
            w["constable"] = constable(m)
            answers = []
            for p, c in w["answers"]:
                if p != seat:
                    if p == w["constable"]:
                        ts = targets_for(m, p)
                        c = {"type": "gavel", "target": ts[rng.randrange(len(ts))]}
                    else:
                        c = {"type": "pass"}
                answers.append([p, c])
            w["answers"] = answers
        elif name == "confess":
            w["answers"] = [[p, c if p == seat else {"type": "pass"}] for p, c in w["answers"]]
        elif name == "conspiracy":
            for pk in w["picks"]:
                if pk["picker"] != seat and pk["index"] is not None:
                    size = len(s["rows"][pk["giver"]])
                    pk["index"] = rng.randrange(size)
            w["answers"] = [[p, c if p == seat else {"type": "conspiracy_pick", "index": 0}] for p, c in w["answers"]]
        elif name == "keep_character":
            w["answers"] = [
                [p, c if p == seat else {"type": "keep_character", "character": s["dealt"][p][0]}]
                for p, c in w["answers"]
            ]
