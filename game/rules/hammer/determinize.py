"""The Hammer of the Witches: the forward model (``Match.determinize``).

The one thing the engine gives a bot to think with: a playable copy of the match as one
seat might believe it to be, everything that seat cannot know resampled. How to play on
in such a copy is bot knowledge and lives in ``game/bots/hammer.py``.

:func:`determinize` is the engine's hook; :func:`knowledge` then :func:`resample` make the
same draw in two steps, for a bot that samples many worlds for one decision (it reads the
seat's view and log once).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.rules.hammer.cards import HAND_SIZE

if TYPE_CHECKING:
    from game.rules.hammer.match import HammerMatch

#: the chance that a Bribe held by another seat is taken to be in the sealed box
BOT_BOX_PRIOR = 0.25

#: ``aim(sealer, rng) -> (villager, sign)``: where a Bribe drawn into the box was sealed
Aim = Callable[[int, random.Random], tuple[str, int]]
#: ``hold(seat, card) -> chance``: how likely a card dealt into that seat's hand is to
#: really be there rather than in the pile (1.0: nothing tells otherwise)
Hold = Callable[[int, str], float]


def determinize(m: HammerMatch, seat: int, rng: random.Random) -> None:
    """Resample what ``seat`` cannot know from ``view(seat)`` and ``log(seat)``.

    Hidden in Hammer (§8.1, §8.2, R14): the other hands and their sizes, the pile's
    order, the other seats' sealed bribes, and before the reveal the other seats'
    pyre placements. Every unseen card is exchangeable: the pile gets its public
    count, the rest goes to the other seats. How many each holds is followed from
    the log (6 dealt, one per card played or discarded, one per end-of-turn draw,
    up to 6 at the refill), then forced to add up to the unseen total, because
    sealed bribes take cards out of hands where nobody sees. Sealing is a choice, not
    chance, so no count is "uniform" here: each Bribe that went to another seat is
    taken to be sealed with chance ``BOT_BOX_PRIOR``, by one of those seats, on a
    random living villager, raising heat on others' villagers and lowering it on
    its own. The seat's own hand, its sealed bribes and everything public stay.
    """
    resample(m, seat, rng, knowledge(m, seat))


@dataclass(frozen=True)
class Knowledge:
    """What one seat's view and log tell about the hidden parts (:func:`knowledge`)."""

    seat: int
    revealed: bool
    #: before the reveal: per other seat, its villagers and (once it placed) its pyres
    placements: tuple[tuple[int, tuple[str, ...], tuple[str, ...] | None], ...]
    #: after it: the cards the seat never saw (catalogue order), the pile's public count,
    #: the hand sizes the log tells, the seat's own sealed bribes, the living villagers
    #: and each villager's owner
    unseen: tuple[str, ...] = ()
    deck_count: int = 0
    size: tuple[int, ...] = ()
    own_box: tuple[tuple[str, str, int], ...] = ()
    alive: tuple[str, ...] = ()
    owner: dict[str, int] = field(default_factory=dict)


def knowledge(m: HammerMatch, seat: int) -> Knowledge:
    """Everything :func:`determinize` reads from ``seat``'s view and log: the same for
    every world that shows the seat the same view and log, so one bot decision reads
    it once (:func:`resample` draws the worlds)."""
    st = m.state
    view = m.view(seat)
    n = m.n
    others = [s for s in range(n) if s != seat]
    t = m.t
    if not st["revealed"]:
        vs = st["villagers"]
        placements = []
        for s in others:
            mine = tuple(vid for vid in st["vorder"] if vs[vid]["owner"] == s)
            placed = view["players"][s]["placed"]
            placements.append((s, mine, tuple(sorted(st["dealt_pyres"][s])) if placed else None))
        return Knowledge(seat=seat, revealed=False, placements=tuple(placements))
    size = dict.fromkeys(others, 0)
    for _event, now in hand_sizes(m.log(seat), seat, n):
        size = now  # after the last event: the sizes now
    seen = set(view["cards"])
    return Knowledge(
        seat=seat,
        revealed=True,
        placements=(),
        unseen=tuple(c for c in t.all_cards if c not in seen),
        deck_count=view["deck_count"],
        size=tuple(size[s] for s in others),
        own_box=tuple((b["card"], b["target"], b["sign"]) for b in view["players"][seat]["sealed"] or []),
        alive=tuple(v["id"] for v in view["villagers"] if v["status"] == "alive"),
        owner={v["id"]: v["owner"] for v in view["villagers"]},
    )


def hand_sizes(log: list[dict[str, Any]], seat: int, n: int) -> Iterator[tuple[dict[str, Any], dict[int, int]]]:
    """Walk ``seat``'s log, yielding each event with how many cards every other seat
    holds after it as far as the log tells: 6 dealt, one less per card played or
    discarded, one more per end-of-turn draw, up to 6 at the refill. Sealed bribes leave
    hands unseen, so these are what the log shows, not always the truth. (One dict,
    updated in place.)"""
    size = {s: 0 for s in range(n) if s != seat}
    after_end_turn: set[int] = set()
    for ev in log:
        kind = ev["type"]
        who: Any = ev.get("seat")  # an int; None only on a draw from the pile (the check below)
        if who == seat or (who is None and kind != "draw"):
            yield ev, size
            continue
        if kind == "deal":
            size[who] = HAND_SIZE
        elif kind in ("accuse", "advocate", "respond", "test", "negate", "no_inquisition"):
            size[who] -= 1
        elif kind == "discard" and who is not None:
            size[who] -= len(ev["cards"])
        elif kind == "end_turn":
            after_end_turn.add(who)
        elif kind == "draw" and who is not None:
            if who in after_end_turn:
                size[who] += 1
                after_end_turn.discard(who)
            else:  # the refill: up to 6
                size[who] = max(size[who], HAND_SIZE)
        yield ev, size


def resample(
    m: HammerMatch,
    seat: int,
    rng: random.Random,
    known: Knowledge,
    box_rate: float = BOT_BOX_PRIOR,
    aim: Aim | None = None,
    hold: Hold | None = None,
) -> None:
    """Draw the hidden parts of ``m`` (a copy that shows ``seat`` the view and log
    ``known`` was read from) with ``rng``: exactly :func:`determinize`'s draw. A bot
    with a model of how players seal (game/bots/hammer.py) may give the chance that a
    Bribe held by another seat is sealed (``box_rate``) and where it was sealed
    (``aim``), and how likely a card dealt into another seat's hand is really held
    there (``hold``: a card that fails it trades places with a random card of the
    pile, no Bribe, that would be held for sure); by default :func:`determinize`'s
    blind guesses."""
    st = m.state
    others = [s for s in range(m.n) if s != seat]
    t = m.t
    # -- setup: placements are secret until everyone has placed (R14)
    if not known.revealed:
        vs = st["villagers"]
        for _seat, mine, dealt in known.placements:
            if dealt is not None:
                pyres = list(dealt)
                rng.shuffle(pyres)
                for vid, pid in zip(mine, pyres):
                    vs[vid]["pyre"] = pid
                    vs[vid]["heat"] = t.pyre_start[pid]
            else:
                for vid in mine:
                    vs[vid]["pyre"] = None
                    vs[vid]["heat"] = None
        st["deck"] = list(t.all_cards)  # not dealt yet: the pile waits in its printed order
        return
    # -- the unseen cards: the pile, then the other seats (hands or sealed box)
    unseen = list(known.unseen)
    rng.shuffle(unseen)
    deck_count = known.deck_count
    st["deck"] = unseen[:deck_count]
    held = unseen[deck_count:]
    role = t.card_role
    boxed = [c for c in held if role[c] == "bribe" and rng.random() < box_rate]
    hand_pool = [c for c in held if c not in boxed]
    # the sizes must add up to what is left for the hands
    want = {s: max(0, size) for s, size in zip(others, known.size)}
    while sum(want.values()) > len(hand_pool):
        s = max(others, key=lambda x: (want[x], rng.random()))
        want[s] -= 1
    while sum(want.values()) < len(hand_pool):
        s = min(others, key=lambda x: (want[x], rng.random()))
        want[s] += 1
    deck = st["deck"]
    for s in others:
        hand = st["hands"][s] = hand_pool[: want[s]]
        del hand_pool[: want[s]]
        if hold is None:
            continue
        # the pile's cards this hand could take instead (no Bribe: the Bribes out of the
        # pile had their chance of being sealed above, the pile's keep the sealed share)
        fits: list[int] | None = None
        for i, card in enumerate(hand):
            chance = hold(s, card)
            if chance >= 1.0 or rng.random() < chance:
                continue
            if fits is None:
                fits = [j for j, c in enumerate(deck) if role[c] != "bribe" and hold(s, c) >= 1.0]
            if fits:
                j = fits.pop(rng.randrange(len(fits)))
                hand[i], deck[j] = deck[j], card
    # the box: this seat's own sealed bribes as it sees them, and sampled ones
    box = [{"card": card, "target": target, "sign": sign, "seat": seat} for card, target, sign in known.own_box]
    alive = known.alive
    owner = known.owner
    for card in boxed:
        sealer = others[rng.randrange(len(others))]
        if aim is not None:
            target, sign = aim(sealer, rng)
        else:
            target = alive[rng.randrange(len(alive))]
            sign = -1 if owner[target] == sealer else 1
        box.append({"card": card, "target": target, "sign": sign, "seat": sealer})
    st["box"] = box
