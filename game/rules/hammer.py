"""The Hammer of the Witches (game id ``hammer``): rules/hammer.md H1–H11.

Contract
--------
``HammerMatch`` implements the :class:`~game.engine.match.Match` hooks for 3–5 players.
Commands are exactly those of H9 (``place_pyres accuse advocate respond test negate
call_inquisition no_inquisition end_turn pass choose_witch refill``) with exactly their
fields; an unknown field is refused. Every command but ``place_pyres`` may carry the
optional H8.1 field ``bribes`` (sealed bribes, R20–R24); the standalone ``bribe`` command
is withdrawn and refused with code ``withdrawn``. Card data comes from ``cards/hammer.yaml``
(:func:`load_hammer_cards`), loaded on first use so a broken file never breaks imports.

Flow
----
``setup`` (every seat that has not placed may send ``place_pyres``) → round 1
``accusation`` from Pet Pig Berta's owner → ``arrest`` → ``trial`` (ending in the
burning) → ``evidence`` → next round … → ``over``.

Who acts (``to_act``) is, in this precedence: the seat that must ``choose_witch``; the
seat asked by the top open window; the setup seats still placing; the active player
(phase 1); the seat with priority (phase 2); the seat whose trial turn it is (phase 3);
the seat refilling (phase 4).

Windows are open to every seat at once (DESIGN D2: ``to_act`` lists every seat that may
answer; each answers once): ``window.order`` is every seat asked, clockwise from the
card's player (H4), ``window.passed`` those who already passed and ``window.waiting``
those who still may answer (= ``to_act``). The first answer closes the window; when all
have passed the card resolves. Every seat is asked whatever it holds, so a window's
existence leaks nothing (D3).
A window stack holds at most: a response or inquisition window, plus a negation window
for a test played inside it.

Rulings (points hammer.md leaves open)
--------------------------------------
R1  Only brown cards open a response window. Advocates resolve at once; bribes are
    sealed and resolve when the box opens (H8.1, R20–R24), and no card can answer them
    (the cards say responses "cannot annul a Bribe").
R2  A brown card's value is fixed when announced (H4: "value known"): a Mix-up or
    Countercharge moves those points; target modifiers are not recomputed for the new
    villager.
R3  The accused's response bonus (Martha/Accomplice, Raphael/Countercharge,
    Burckardt/Mix-up) adds +1 heat only when the card's value is positive, like target
    modifiers (H3). Accomplice: the accused gets the value, the accomplice value+1.
R4  Accomplice and Mix-up name a living villager that is neither the accuser nor the
    accused, and never a villager protected by Scales (heavier): points from a brown
    card never land on a protected villager, so Countercharge is refused when the
    accuser is protected.
R5  A seat asked in a response or inquisition window may play a test there instead of
    answering (H4/H6). A Devil's Mark resolves and the same seat is asked again; a test
    that jumps (burning tests, Scales heavier) discards the card waiting in the window
    without effect and ends the window.
R6  The inquisitor may not play any green card, negation included ("cannot be played by
    the inquisitor"). The negation window asks every other seat except the inquisitor,
    clockwise from the test's player. It is skipped when the partner card is publicly
    out of reach (in the discard pile, kept or removed), which reveals nothing.
R7  Current witch ties: in phase 1 (no inquisitor) the test's player names it with the
    ``witch`` field, which is then required (and refused when there is no tie, so that
    ``apply`` accepts exactly what ``legal()`` lists); in phases 2–3 the inquisitor settles a tie
    with ``choose_witch`` when the test resolves, and ``witch`` is refused. At a burning
    the inquisitor chooses — for Ordeal (drowns) its player, who acts as the inquisitor.
R8  A test played on one's own turn (phase 1), with priority (phase 2) or on one's trial
    turn (phase 3) is that seat's play: in phase 1 the turn goes on (but an inquisition
    can no longer be called), in phase 2 priority moves on, in phase 3 the trial turn ends
    — also when it is negated.
R9  A burning test played in phase 2 jumps to the burning; the Trial counts as begun, so
    a Scales (heavier) protection ends first (H5 "at the start of phase 3"). Scales
    (heavier) played in phase 2 skips the Trial and its burning altogether.
R10 The Scales (heavier) card lies on the protected villager (zone ``protection``)
    until the next Trial begins, then leaves the game. Kept tests lie in front of their
    player (``kept``); Ordeal (drowns) and the Devil's Marks leave the game (``removed``).
R11 Phase 4 (reversed 2026-11-26, issue 10): the cards a player discards go onto the
    discard pile at once, so a reshuffle may include them and a hand reaches 6 whenever
    the cards exist. Each player in turn discards (``refill``); when the last one has, all
    draw up to 6 in the same order, the inquisitor first. Drawing together is ours: the
    number one player draws, read off the public pile count, would give away their hand
    size and so their sealed bribes (H8.1); drawn together, only the total shows, and any
    reshuffle is announced before the draws. Hands may exceed 6 (phase 1 draws); then
    nothing is drawn. There is no hand limit.
R12 ``refill`` lists every subset of the hand, smallest first (keep everything, then each
    single card, …), for hands of up to 10 cards; for bigger hands it lists the subsets
    of 0–2 cards and of all but 0–2 cards, but ``apply`` accepts any subset.
R13 Drawing from an empty pile shuffles the discard pile into a new one; if both are
    empty the player draws fewer cards.
R14 Setup placements stay secret until every seat has placed; then all are revealed and
    the 78 cards are shuffled and dealt (H2 order). Each seat's dealt pyres are public.
R15 A bribe's player is never recorded in any other seat's view or log: its events carry
    no seat (the player's own copy has ``yours: true``). Turn order itself (who holds
    priority) is public, as at the real table; bribes no longer follow from it (H8.1).
R16 In phase 1 the turn limit is "one brown card per own living villager that may
    accuse" (Berta never may); in phase 2 the same for the whole phase; in phase 3 a
    trial turn is a single card anyway.
R17 A brown card may accuse any living villager, the accuser itself included (the
    printed rules allow it; a Denial on oneself is the usual case). Bribes and
    Advocates may target a protected villager (protection is from brown cards only).
R18 The inquisitor may play brown and yellow cards and answer windows with responses;
    only green cards are closed to them.
R19 A seat whose villagers have all burned keeps playing cards and scores normally.

Sealed bribes (H8.1, ruling of 2026-11-26)
R20 ``bribes`` is a list of ``{card, target, sign}`` (at most 14): Bribes from the hand,
    each once, each on a living villager (protected ones too, R17), sign +1 or -1. It may
    ride on every command a seat sends from round 1 on — its own turn, priority, trial
    turn, any window, ``choose_witch`` and ``refill`` (H8.1 lists all of them; sealing
    changes nothing others see, so more moments only help anonymity). A sealed card may
    not also be the command's ``card`` or in its ``discard``. The bribes are sealed before
    the command itself runs: if the command opens the box, they are in it; if the command
    is refused, nothing was sealed.
R21 Sealing is not a play: it sets no ``turn_played`` (an inquisition may still be
    called), moves no priority, uses no trial turn and counts against no limit.
R22 The box opens when an inquisition succeeds (before ``inquisitor``), when phase 2 ends
    (before the Trial, before the burning a test jumps to, or before phase 4 when Scales
    heavier skips the Trial) and just before every burning. Scales heavier played in the
    Trial skips the burning, so the box stays shut until the next moment. The box's
    bribes are put in a canonical order (target, value, card id) and then shuffled by the
    match's generator, so the order never depends on who sealed when; each logs a
    ``bribe`` event and, unless its target is no longer alive (``lapsed: true``, no
    effect), a ``heat`` event, then goes to the discard pile. An empty box opens silently.
R23 Bribes still sealed when the game ends stay in the box (they could change no score).
R24 ``may_seal`` is true when the viewing seat is asked to act now (round 1 on) and holds
    a Bribe. Hand sizes are private: ``hand_count`` is the viewing seat's own only, and
    ``deal``/``draw`` events show others no count. Known limit: a seat that keeps more than
    6 cards in phase 4 draws nothing, so the pile's total drop can tell whether that seat
    or another sealed a bribe; every other public fact is the same whoever sealed.

Helpers for front ends: :func:`card_info` (name, colour, value, caption, text,
rules_text of a card id), :func:`villager_info`, :func:`card_kind`.

View fields (H11 plus these; names are stable)
-----------------------------------------------
``round phase active inquisitor window villagers players deck_count discard cards`` as in
H11, and: ``first_player``; ``priority`` (phase 2 seat or null); ``passes`` (consecutive
passes in phase 2); ``trial_order``/``trial_turn`` (phase 3); ``refill_order``/
``refill_turn`` (phase 4); ``turn_played`` (phase 1: the active player has played, so no
inquisition); ``accusers_used`` (villagers that accused this turn/phase);
``may_accuse_with`` (the viewing seat's villagers that may still accuse now);
``hottest`` ({heat, villagers}); ``may_seal`` (R24); ``pending`` (the card being resolved: {card, kind, by,
accuser, target, value, test, witch}); ``choice`` ({by, candidates, reason} when someone
must ``choose_witch``); ``protection`` ({villager, card} or null); ``removed`` (card ids
out of the game); ``scores`` (live H7 totals); ``recent`` (the events of the last command
as this seat may see them). Each villager also has ``short``, ``pyre``, ``can_accuse``,
``back``, ``text``; each player ``pyres`` ([{id, start}] dealt at setup), ``placed``,
``score``, ``sealed`` (the viewing seat's own sealed bribes, ``[{card, target, sign,
value}]``, else null); ``hand_count`` is null except for the viewing seat. ``window`` also has ``waiting``, ``order``, ``passed`` and, for responses,
``accuser``/``target``/``value``/``kind_of_card``; for negations ``test``/``witch``.
``active`` is the phase-1 active player only (null in other phases: see ``priority``,
``trial_turn``, ``refill_turn``; ``to_act`` always says who must answer now).

Events (``type``): ``deal_villagers`` ``placed`` ``reveal`` ``deal`` ``draw`` ``reshuffle`` ``phase`` ``turn``
``priority`` ``accuse`` ``respond`` ``pass`` ``heat`` ``box_open`` ``bribe`` ``advocate`` ``test``
``negate`` ``ordeal`` ``cancelled`` ``witch`` ``choose_witch`` ``burn`` ``protect`` ``unprotect`` ``call`` ``no_inquisition``
``inquisitor`` ``end_turn`` ``discard`` ``over``. ``deal``/``draw`` name cards and a count
only to their receiver; everyone else sees ``{type, seat}`` (H8.1). ``box_open`` ``{count}``
starts an opening of the sealed box; each ``bribe`` ``{card, target, sign, value, lapsed}``
names no seat (its sealer's own copy adds ``yours: true``).
"""
from __future__ import annotations

import itertools
import marshal
import math
import random
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable

from game.engine.cards import CardSet, load_card_set
from game.engine.errors import CardDataError, IllegalCommand
from game.engine.match import Match, SetupError
from game.engine.registry import register
from game.engine.rng import weighted_index
from game.engine.shape import shown

HAND_SIZE = 6
TOP_HEAT = 18
PHASES = ("setup", "accusation", "arrest", "trial", "evidence", "over")
BURNING_TESTS = ("ordeal_floats", "ordeal_drowns", "scales_lighter")
RESPONSES = ("accomplice", "countercharge", "mixup", "retraction")


def _no_bonus() -> MappingProxyType:
    return MappingProxyType({})


# --------------------------------------------------------------------- card definitions --
@dataclass(frozen=True)
class Villager:
    """One villager card (H1.1)."""

    id: str
    name: str
    short: str
    pentagrams: int
    matches: int
    back: int
    text: str
    rules_text: str
    can_accuse: bool = True
    #: as accuser: card kind -> modifier
    kind_bonus: dict[str, int] = field(default_factory=_no_bonus)
    #: as accuser: accused villager id -> modifier (positive printed values only)
    target_bonus: dict[str, int] = field(default_factory=_no_bonus)
    #: as the accused: response kind -> extra heat for whoever receives the points
    accused_bonus: dict[str, int] = field(default_factory=_no_bonus)


@dataclass(frozen=True)
class Pyre:
    """One pyre card (H1.2): runs from ``start`` to 18."""

    id: str
    start: int


@dataclass(frozen=True)
class DefamationKind:
    """One kind of defamation card (H1.3); ``count`` copies ``<id>-1`` … ``<id>-<count>``."""

    id: str
    name: str
    colour: str
    role: str
    count: int
    text: str
    rules_text: str
    value: int | None = None
    #: per-copy values (bribes: magnitude of copy n is values[n-1])
    values: tuple[int, ...] = ()
    #: per-copy subtitles for the card face
    captions: tuple[str, ...] = ()
    #: test family (ordeal / scales / mark): the two cards of a group negate each other
    group: str | None = None
    #: victory points when kept in front of its player
    keep_vp: int = 0


COLOURS = {"brown": 39, "yellow": 33, "green": 6}
#: copies of each kind, from the published rules (hammer.md H1.3: "counts are rules")
RULE_COUNTS = {
    "accusation": 16, "denial": 8, "proof": 6, "false_testimony": 4, "confession": 5,
    "accomplice": 3, "countercharge": 3, "mixup": 3, "retraction": 3, "no_inquisition": 4,
    "advocate": 3, "bribe": 14, "ordeal_floats": 1, "ordeal_drowns": 1, "scales_lighter": 1,
    "scales_heavier": 1, "mark_found": 1, "mark_none": 1,
}
#: values the rules print (hammer.md H1.3 "rules"); the others are ours and may be edited
RULE_VALUES = {"confession": 6}
RULE_BRIBES = [1] * 7 + [2] * 7
ROLES = {"brown", "response", "no_inquisition", "advocate", "bribe", "test"}


def _check_cards(cards: CardSet, fail: Callable[[str, str, str], Exception]) -> None:
    villagers, pyres, kinds = cards["villagers"], cards["pyres"], cards["defamation"]
    if len(villagers) != 15:
        raise fail("", "villagers", f"expected 15 villagers, found {len(villagers)}")
    if len(pyres) != 15:
        raise fail("", "pyres", f"expected 15 pyres, found {len(pyres)}")
    vids = {v.id for v in villagers}
    kind_ids = {k.id for k in kinds}
    backs = {3: 0, 4: 0, 5: 0}
    for v in villagers:
        if v.back not in backs:
            raise fail(v.id, "back", f"must be 3, 4 or 5, not {v.back}")
        backs[v.back] += 1
        for name, value in (("pentagrams", v.pentagrams), ("matches", v.matches)):
            if value < 0:
                raise fail(v.id, name, "must not be negative")
        for key in v.kind_bonus:
            if key not in kind_ids:
                raise fail(v.id, "kind_bonus", f"unknown card kind {key!r}")
        for key in v.target_bonus:
            if key not in vids:
                raise fail(v.id, "target_bonus", f"unknown villager {key!r}")
        for key in v.accused_bonus:
            if key not in RESPONSES:
                raise fail(v.id, "accused_bonus", f"{key!r} is not a response card")
        for name, bonus in (("kind_bonus", v.kind_bonus), ("target_bonus", v.target_bonus),
                            ("accused_bonus", v.accused_bonus)):
            for key, value in bonus.items():
                if isinstance(value, bool) or not isinstance(value, int):
                    raise fail(v.id, name, f"{key}: expected a whole number, got {value!r}")
    if backs[3] < 9 or backs[3] + backs[4] < 12:
        raise fail("", "back", "need 9 villagers with back 3 and 3 more with back 4")
    for p in pyres:
        if not 1 <= p.start <= TOP_HEAT:
            raise fail(p.id, "start", f"must be between 1 and {TOP_HEAT}, not {p.start}")
    totals = dict.fromkeys(COLOURS, 0)
    groups: dict[str, int] = {}
    for k in kinds:
        if k.colour not in COLOURS:
            raise fail(k.id, "colour", f"must be brown, yellow or green, not {k.colour!r}")
        if k.role not in ROLES:
            raise fail(k.id, "role", f"unknown role {k.role!r}")
        if k.count < 1:
            raise fail(k.id, "count", "must be at least 1")
        if k.id in RULE_COUNTS and k.count != RULE_COUNTS[k.id]:
            raise fail(k.id, "count", f"the rules give {RULE_COUNTS[k.id]} copies, found {k.count}")
        if k.id in RULE_VALUES and k.value != RULE_VALUES[k.id]:
            raise fail(k.id, "value", f"the rules print {RULE_VALUES[k.id]:+d}, found {k.value}")
        if k.role == "bribe" and len(k.values) == k.count and sorted(k.values) != RULE_BRIBES:
            raise fail(k.id, "values", "the rules give seven bribes of 1 and seven of 2")
        if k.role in ("brown", "advocate") and k.value is None:
            raise fail(k.id, "value", "missing (brown cards and advocates need a value)")
        if k.role == "bribe" and len(k.values) != k.count:
            raise fail(k.id, "values", f"expected {k.count} values, one per copy, found {len(k.values)}")
        if k.role == "bribe" and any(v <= 0 for v in k.values):
            raise fail(k.id, "values", "bribe values are sizes and must be positive")
        if k.captions and len(k.captions) != k.count:
            raise fail(k.id, "captions", f"expected {k.count} captions, one per copy, found {len(k.captions)}")
        if k.role == "test":
            if not k.group:
                raise fail(k.id, "group", "missing (tests need a group)")
            groups[k.group] = groups.get(k.group, 0) + 1
        totals[k.colour] += k.count
    for kind in ("accusation", "denial", "proof", "false_testimony", "confession", *RESPONSES,
                 "no_inquisition", "advocate", "bribe", "ordeal_floats", "ordeal_drowns",
                 "scales_lighter", "scales_heavier", "mark_found", "mark_none"):
        if kind not in kind_ids:
            raise fail(kind, "id", "this card kind is missing")
    for group, count in groups.items():
        if count != 2:
            raise fail("", "group", f"test group {group!r} needs exactly 2 cards, has {count}")
    for colour, want in COLOURS.items():
        if totals[colour] != want:
            raise fail("", "count", f"expected {want} {colour} cards, found {totals[colour]}")


def load_hammer_cards(path: Path | str | None = None) -> CardSet:
    """Load and validate ``cards/hammer.yaml`` (or ``path``); raises CardDataError."""
    return load_card_set("hammer", {"villagers": Villager, "pyres": Pyre, "defamation": DefamationKind},
                         path=path, check=_check_cards)


class Tables:
    """Lookup tables derived once from the card set."""

    def __init__(self, cards: CardSet) -> None:
        self.villagers: tuple[Villager, ...] = cards["villagers"]
        self.pyres: tuple[Pyre, ...] = cards["pyres"]
        self.kinds: tuple[DefamationKind, ...] = cards["defamation"]
        self.villager = {v.id: v for v in self.villagers}
        self.pyre_start = {p.id: p.start for p in self.pyres}
        self.kind = {k.id: k for k in self.kinds}
        self.all_cards: list[str] = []
        self.card_kind: dict[str, str] = {}
        self.card_role: dict[str, str] = {}
        self.bribe_size: dict[str, int] = {}
        self.caption: dict[str, str] = {}
        for k in self.kinds:
            for n in range(1, k.count + 1):
                cid = f"{k.id}-{n}"
                self.all_cards.append(cid)
                self.card_kind[cid] = k.id
                self.card_role[cid] = k.role
                if k.role == "bribe":
                    self.bribe_size[cid] = k.values[n - 1]
                if k.captions:
                    self.caption[cid] = k.captions[n - 1]
        # static parts of the view, copied per view so callers may mutate their copy
        self.villager_face = {v.id: {"id": v.id, "name": v.name, "short": v.short,
                                     "pentagrams": v.pentagrams, "matches": v.matches,
                                     "can_accuse": v.can_accuse, "back": v.back, "text": v.text}
                              for v in self.villagers}
        self.pentagrams = {v.id: v.pentagrams for v in self.villagers}
        self.matches = {v.id: v.matches for v in self.villagers}
        self.keep_vp = {c: self.kind[k].keep_vp for c, k in self.card_kind.items()}
        self.partner: dict[str, str] = {}
        for k in self.kinds:
            if k.role == "test":
                for other in self.kinds:
                    if other.role == "test" and other.group == k.group and other.id != k.id:
                        self.partner[k.id] = other.id


_TABLES: Tables | None = None


def tables() -> Tables:
    global _TABLES
    if _TABLES is None:
        _TABLES = Tables(load_hammer_cards())
    return _TABLES


def card_kind(card: str) -> str:
    """The kind of a card id (``confession-3`` -> ``confession``)."""
    return card.rsplit("-", 1)[0]


def choose_bribes(seat: int, hand: list[str], living: list[tuple[str, int, int]], rng: Any,
                  rate: float = 0.25, aim: bool = True) -> list[dict]:
    """A ``bribes`` list a bot may attach to its command (H8.1), from what ``seat``
    knows: its own ``hand`` and the living villagers as ``(id, owner, heat)``. One time
    in ``1/rate`` it seals one Bribe: with ``aim``, +1 on the hottest villager of another
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


def bribes_from_view(view: dict, command: dict, rng: Any, rate: float = 0.25, aim: bool = False) -> dict:
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


def card_info(card: str) -> dict:
    """Everything a front end shows on a card face or zoom view."""
    t = tables()
    k = t.kind[t.card_kind[card]]
    return {"id": card, "kind": k.id, "name": k.name, "colour": k.colour, "role": k.role,
            "value": t.bribe_size.get(card, k.value), "caption": t.caption.get(card),
            "text": k.text, "rules_text": k.rules_text, "keep_vp": k.keep_vp}


def accusation_value(card: str, accuser: str, target: str) -> int:
    """The heat a brown ``card`` announces when ``accuser`` accuses ``target`` (H3: the
    accuser's card-kind modifier, and its modifier against the accused when the card's
    value is positive, R3) — the ``value`` the accuse command puts in its window. Pure
    card data, so a front end may preview a choice of accuser with it."""
    t = tables()
    kind = t.card_kind[card]
    base = t.kind[kind].value or 0
    vdef = t.villager[accuser]
    value = base + vdef.kind_bonus.get(kind, 0)
    if base > 0:
        value += vdef.target_bonus.get(target, 0)
    return value


def heat_after(start: int, heat: int, amount: int) -> int:
    """A villager's heat after ``amount`` more, on a pyre starting at ``start`` (H1.2: the
    marker never leaves its pyre's track, ``start`` .. 18)."""
    return max(start, min(TOP_HEAT, heat + amount))


def villager_info(villager: str) -> dict:
    v = tables().villager[villager]
    return {"id": v.id, "name": v.name, "short": v.short, "pentagrams": v.pentagrams,
            "matches": v.matches, "back": v.back, "can_accuse": v.can_accuse,
            "text": v.text, "rules_text": v.rules_text}


def _bad(code: str, message: str) -> IllegalCommand:
    return IllegalCommand(code, message)


# Fields each command takes: (required, optional). ``bribes`` rides on every command a
# seat sends after setup (H8.1 sealed bribes); ``legal()`` lists commands without it.
FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "place_pyres": (("assign",), ()),
    "accuse": (("card", "accuser", "target"), ("bribes",)),
    "advocate": (("card", "target"), ("bribes",)),
    "respond": (("card",), ("other", "bribes")),
    "test": (("card",), ("witch", "bribes")),
    "negate": (("card",), ("bribes",)),
    "call_inquisition": ((), ("bribes",)),
    "no_inquisition": (("card",), ("bribes",)),
    "end_turn": ((), ("bribes",)),
    "pass": ((), ("bribes",)),
    "choose_witch": (("villager",), ("bribes",)),
    "refill": (("discard",), ("bribes",)),
}
#: the commands a ``bribes`` list may ride on (H8.1)
SEALING_COMMANDS = tuple(k for k, (_, optional) in FIELDS.items() if "bribes" in optional)
#: the sealed box never holds more than every bribe in the game
MAX_SEALED = 14


@register
class HammerMatch(Match):
    """The Hammer of the Witches. See the module docstring for the contract and rulings."""

    game_id = "hammer"
    title = "The Hammer of the Witches"
    min_players = 3
    max_players = 5

    # ------------------------------------------------------------------ setup ------
    def _setup(self) -> None:
        try:
            t = self.t = tables()
        except CardDataError as exc:  # an edited card file: one clear line, no traceback
            raise SetupError(f"cannot set up {self.title}: {exc}") from None
        n = self.n
        vids = [v.id for v in t.villagers if v.back <= n]
        self.rng.shuffle(vids)
        pyres = [p.id for p in t.pyres]
        self.rng.shuffle(pyres)
        villagers = {}
        order = []
        for seat in range(n):
            for vid in vids[3 * seat:3 * seat + 3]:
                villagers[vid] = {"owner": seat, "pyre": None, "heat": None, "status": "alive"}
                order.append(vid)
        berta_owner = villagers["berta"]["owner"]
        self.state = {
            "phase": "setup", "round": 1, "revealed": False,
            "villagers": villagers, "vorder": order,
            "dealt_pyres": [pyres[3 * s:3 * s + 3] for s in range(n)],
            "placed": [False] * n,
            # the 78 cards wait, unshuffled, until every pyre is placed (H2 order)
            "hands": [[] for _ in range(n)], "deck": list(t.all_cards), "discard": [], "removed": [],
            "table": [], "kept": [[] for _ in range(n)], "trophies": [[] for _ in range(n)],
            "empty_pyres": [[] for _ in range(n)], "protection": None,
            "first": berta_owner, "active": None, "inquisitor": None, "last_inquisitor": None,
            "turn_played": False, "accusers_used": [],
            "priority": None, "passes": 0,
            "trial_order": [], "trial_idx": 0, "refill_order": [], "refill_idx": 0,
            "windows": [], "choice": None, "over": False,
            # H8.1: sealed bribes waiting for the box to open: [{card, target, sign, seat}]
            "box": [],
        }
        self._phase_event()
        for seat in range(n):
            self.emit({"type": "deal_villagers", "seat": seat,
                       "villagers": order[3 * seat:3 * seat + 3],
                       "pyres": self.state["dealt_pyres"][seat]})

    def _loaded(self) -> None:
        self.t = tables()
        self.state.setdefault("box", [])  # saves from before sealed bribes (H8.1)

    # -------------------------------------------------------------- small helpers --
    def _name(self, vid: str) -> str:
        return self.t.villager[vid].name

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.n

    def _clockwise_from(self, seat: int) -> list[int]:
        """Every other seat, clockwise starting left of ``seat``."""
        return [(seat + k) % self.n for k in range(1, self.n)]

    def _alive(self) -> list[str]:
        vs = self.state["villagers"]
        return [vid for vid in self.state["vorder"] if vs[vid]["status"] == "alive"]

    def _hottest(self) -> list[str]:
        vs = self.state["villagers"]
        best = -1
        out: list[str] = []
        for vid in self.state["vorder"]:
            v = vs[vid]
            if v["status"] != "alive":
                continue
            if v["heat"] > best:
                best, out = v["heat"], [vid]
            elif v["heat"] == best:
                out.append(vid)
        return out

    def _protected(self) -> str | None:
        p = self.state["protection"]
        return p["villager"] if p else None

    def _context(self) -> str:
        s = self.state
        if s["over"]:
            return "over"
        if s["choice"] is not None:
            return "choice"
        if s["windows"]:
            return "window"
        phase = s["phase"]
        return {"setup": "setup", "accusation": "turn", "arrest": "priority",
                "trial": "trial", "evidence": "refill"}[phase]

    def _fields(self, cmd: dict) -> None:
        ctype = cmd["type"]
        required, optional = FIELDS[ctype]
        for key in cmd:
            if key != "type" and key not in required and key not in optional:
                raise _bad("bad_field", f"A '{ctype}' command has no field {shown(key)}.")
        for key in required:
            if key not in cmd:
                raise _bad("missing_field", f"A '{ctype}' command needs a '{key}'.")

    def _hand_card(self, seat: int, card: Any) -> str:
        if not isinstance(card, str):
            raise _bad("bad_card", "Name a card by its id, like 'accusation-3'.")
        if card not in self.state["hands"][seat]:
            if card not in self.t.card_kind:
                raise _bad("unknown_card", f"There is no card called {shown(card)} in this game.")
            raise _bad("not_in_hand", f"{card} is not in your hand.")
        return card

    def _living(self, vid: Any, what: str = "villager") -> str:
        if not isinstance(vid, str) or vid not in self.state["villagers"]:
            if isinstance(vid, str) and vid in self.t.villager:
                raise _bad("not_in_game", f"{self._name(vid)} is not in this game.")
            raise _bad("unknown_villager", f"There is no villager called {shown(vid)} at this table.")
        status = self.state["villagers"][vid]["status"]
        if status != "alive":
            raise _bad("not_alive", f"{self._name(vid)} has already been {'burned' if status == 'burned' else 'removed from the game'}.")
        return vid

    # ------------------------------------------------------------- heat and cards --
    def _set_heat(self, vid: str, target: int, cause: str | None) -> None:
        v = self.state["villagers"][vid]
        start = self.t.pyre_start[v["pyre"]]
        new = heat_after(start, target, 0)
        event = {"type": "heat", "villager": vid, "from": v["heat"], "to": new}
        if cause:
            event["card"] = cause
        v["heat"] = new
        self.emit(event)

    def _add_heat(self, vid: str, amount: int, cause: str | None) -> None:
        v = self.state["villagers"][vid]
        if v["status"] != "alive":
            return
        self._set_heat(vid, v["heat"] + amount, cause)

    def _take_from_table(self, card: str) -> None:
        self.state["table"].remove(card)

    def _take_cards(self, count: int) -> tuple[list[str], int | None]:
        """Up to ``count`` cards off the pile, reshuffling the discard pile into a new
        pile when it runs out (H3, R13). Returns the cards and the size of the new pile
        if there was a reshuffle. Emits nothing: the callers order the events."""
        s = self.state
        got: list[str] = []
        reshuffled = None
        for _ in range(count):
            if not s["deck"]:
                if not s["discard"]:
                    break
                s["deck"] = s["discard"]
                s["discard"] = []
                self.rng.shuffle(s["deck"])
                reshuffled = len(s["deck"])
            got.append(s["deck"].pop())
        return got, reshuffled

    def _draw_event(self, seat: int, got: list[str]) -> None:
        # H8.1: hand sizes are private, so only the drawer learns how many
        self.emit({"type": "draw", "seat": seat, "count": len(got), "cards": got}, to=[seat],
                  others={"type": "draw", "seat": seat})

    def _draw(self, seat: int, count: int) -> None:
        got, reshuffled = self._take_cards(count)
        if reshuffled is not None:
            self.emit({"type": "reshuffle", "count": reshuffled})
        self.state["hands"][seat].extend(got)
        self._draw_event(seat, got)

    def _phase_event(self) -> None:
        s = self.state
        self.emit({"type": "phase", "phase": s["phase"], "round": s["round"],
                   "inquisitor": s["inquisitor"]})

    # ------------------------------------------------------------------- to_act ----
    def _over(self) -> bool:
        return self.state["over"]

    def _to_act(self) -> list[int]:
        s = self.state
        if s["over"]:
            return []
        if s["choice"] is not None:
            return [s["choice"]["by"]]
        if s["windows"]:
            w = s["windows"][-1]
            return [x for x in w["order"] if x not in w["passed"]]
        phase = s["phase"]
        if phase == "setup":
            return [i for i, done in enumerate(s["placed"]) if not done]
        if phase == "accusation":
            return [s["active"]]
        if phase == "arrest":
            return [s["priority"]]
        if phase == "trial":
            return [s["trial_order"][s["trial_idx"]]]
        if phase == "evidence":
            return [s["refill_order"][s["refill_idx"]]]
        return []

    # ------------------------------------------------------------------- legal -----
    def _accusers_free(self, seat: int) -> list[str]:
        s = self.state
        used = s["accusers_used"]
        vs = s["villagers"]
        return [vid for vid in s["vorder"] if vs[vid]["owner"] == seat and vs[vid]["status"] == "alive"
                and self.t.villager[vid].can_accuse and vid not in used]

    def _may_test(self, seat: int, kind: str, where: str) -> bool:
        """May ``seat`` play a test of ``kind`` now? ``where``: 'turn' or the window kind."""
        s = self.state
        if seat == s["inquisitor"]:
            return False
        phase = s["phase"]
        if where == "negation":
            return False
        if phase == "accusation":
            return self.t.kind[kind].group == "mark"
        return phase in ("arrest", "trial")

    def _legal(self, seat: int) -> list[dict]:
        s = self.state
        ctx = self._context()
        t = self.t
        hand = s["hands"][seat]
        out: list[dict] = []
        if ctx == "setup":
            mine = [vid for vid in s["vorder"] if s["villagers"][vid]["owner"] == seat]
            for perm in itertools.permutations(s["dealt_pyres"][seat]):
                out.append({"type": "place_pyres", "assign": dict(zip(mine, perm))})
            return out
        if ctx == "choice":
            return [{"type": "choose_witch", "villager": vid} for vid in s["choice"]["candidates"]]
        if ctx == "refill":
            return self._refill_commands(hand)
        if ctx == "window":
            w = s["windows"][-1]
            kind = w["kind"]
            if kind == "negation":
                partner = t.partner[w["test"]]
                for card in hand:
                    if t.card_kind[card] == partner:
                        out.append({"type": "negate", "card": card})
                out.append({"type": "pass"})
                return out
            if kind == "inquisition":
                for card in hand:
                    if t.card_role[card] == "no_inquisition":
                        out.append({"type": "no_inquisition", "card": card})
            else:
                out.extend(self._response_commands(hand, w))
            out.extend(self._test_commands(seat, hand, kind))
            out.append({"type": "pass"})
            return out
        # the seat's own turn: phase 1 turn, phase 2 priority, phase 3 trial turn
        if ctx == "turn" and not s["turn_played"]:
            out.append({"type": "call_inquisition"})
        alive = self._alive()
        prot = self._protected()
        brown_targets = [v for v in alive if v != prot]
        accusers = self._accusers_free(seat)
        for card in hand:
            role = t.card_role[card]
            if role == "brown":
                for acc in accusers:
                    for target in brown_targets:
                        out.append({"type": "accuse", "card": card, "accuser": acc, "target": target})
            elif role == "advocate":
                for target in alive:
                    out.append({"type": "advocate", "card": card, "target": target})
        out.extend(self._test_commands(seat, hand, "turn"))
        if ctx == "turn":
            out.append({"type": "end_turn"})
        else:
            out.append({"type": "pass"})
        return out

    def _test_commands(self, seat: int, hand: list[str], where: str) -> list[dict]:
        t = self.t
        out: list[dict] = []
        tie: list[str] | None = None
        for card in hand:
            if t.card_role[card] != "test" or not self._may_test(seat, t.card_kind[card], where):
                continue
            if self.state["inquisitor"] is None:
                if tie is None:
                    tie = self._hottest()
                if len(tie) > 1:
                    out.extend({"type": "test", "card": card, "witch": vid} for vid in tie)
                    continue
            out.append({"type": "test", "card": card})
        return out

    def _response_commands(self, hand: list[str], w: dict) -> list[dict]:
        t = self.t
        out: list[dict] = []
        others: list[str] | None = None
        prot = self._protected()
        for card in hand:
            kind = t.card_kind[card]
            if kind in ("accomplice", "mixup"):
                if others is None:
                    others = [v for v in self._alive() if v not in (w["accuser"], w["target"]) and v != prot]
                out.extend({"type": "respond", "card": card, "other": v} for v in others)
            elif kind == "countercharge":
                if w["accuser"] != prot:
                    out.append({"type": "respond", "card": card})
            elif kind == "retraction":
                if w["card_kind"] == "confession":
                    out.append({"type": "respond", "card": card})
        return out

    @staticmethod
    def _refill_commands(hand: list[str]) -> list[dict]:
        size = len(hand)
        if size <= 10:
            sizes = range(size + 1)
        else:
            sizes = sorted({0, 1, 2, size - 2, size - 1, size})
        out = []
        for k in sizes:
            for combo in itertools.combinations(hand, k):
                out.append({"type": "refill", "discard": list(combo)})
        return out

    # ------------------------------------------------------------------- apply -----
    def _apply(self, seat: int, cmd: dict) -> None:
        ctype = cmd["type"]
        handler = _HANDLERS.get(ctype)
        if handler is None:
            if ctype == "bribe":
                raise _bad("withdrawn", "Bribes are sealed: add them as 'bribes' to the next command you "
                                        "send (hammer.md H8.1).")
            known = ", ".join(FIELDS)
            raise _bad("unknown_command", f"There is no command {shown(ctype)} in this game (commands: {known}).")
        self._fields(cmd)
        if "bribes" in cmd:
            self._seal(seat, cmd)
        handler(self, seat, cmd)

    # -- H8.1 sealed bribes
    def _seal(self, seat: int, cmd: dict) -> None:
        """Move the command's ``bribes`` from the hand into the sealed box, before the
        command itself runs (so a box that opens during the command holds them). No
        event, no public state: only the box and the sealer's hand change."""
        s = self.state
        bribes = cmd["bribes"]
        if not isinstance(bribes, list) or len(bribes) > MAX_SEALED:
            raise _bad("bad_bribes", "'bribes' is a list of sealed bribes: {card, target, sign} each.")
        if s["phase"] in ("setup", "over"):
            raise _bad("wrong_time", "Bribes can be sealed only once the game is under way.")
        used = {cmd["card"]} if isinstance(cmd.get("card"), str) else set()
        if isinstance(cmd.get("discard"), list):
            used.update(c for c in cmd["discard"] if isinstance(c, str))
        sealed: list[dict] = []
        seen: set[str] = set()
        for entry in bribes:
            if not isinstance(entry, dict) or set(entry) != {"card", "target", "sign"}:
                raise _bad("bad_bribes", "Each sealed bribe is {card, target, sign} and nothing else.")
            card = self._hand_card(seat, entry["card"])
            if self.t.card_role[card] != "bribe":
                raise _bad("not_bribe", f"{card} is not a Bribe; only Bribes are sealed.")
            if card in seen:
                raise _bad("bad_bribes", f"{card} is sealed twice.")
            if card in used:
                raise _bad("bad_bribes", f"{card} cannot be sealed and played in the same command.")
            seen.add(card)
            target = self._living(entry["target"])
            sign = entry["sign"]
            if type(sign) is not int or sign not in (1, -1):
                raise _bad("bad_sign", "A bribe's sign is +1 (more heat) or -1 (less heat).")
            sealed.append({"card": card, "target": target, "sign": sign, "seat": seat})
        hand = s["hands"][seat]
        for entry in sealed:
            hand.remove(entry["card"])
        s["box"].extend(sealed)

    def _open_box(self) -> None:
        """H8.1: at the three public moments every sealed bribe resolves, in an order
        shuffled by the match's generator, and goes to the discard pile."""
        s = self.state
        box = s["box"]
        if not box:
            return
        s["box"] = []
        order = {vid: i for i, vid in enumerate(s["vorder"])}
        size = self.t.bribe_size
        # a canonical order first, so the shuffle's result never depends on who sealed when
        box.sort(key=lambda b: (order[b["target"]], b["sign"] * size[b["card"]], b["card"]))
        self.rng.shuffle(box)
        self.emit({"type": "box_open", "count": len(box)})
        for b in box:
            card, target, sign = b["card"], b["target"], b["sign"]
            value = sign * size[card]
            alive = s["villagers"][target]["status"] == "alive"
            event = {"type": "bribe", "card": card, "target": target, "sign": sign, "value": value,
                     "lapsed": not alive}
            # H8: the briber is never named to anyone else, not even as a field set to null
            self.emit(dict(event, yours=True), to=[b["seat"]], others=event)
            if alive:
                self._add_heat(target, value, card)
            s["discard"].append(card)

    # -- setup
    def _cmd_place_pyres(self, seat: int, cmd: dict) -> None:
        s = self.state
        if s["phase"] != "setup":
            raise _bad("wrong_phase", "The pyres were placed at the start of the game.")
        assign = cmd["assign"]
        mine = [vid for vid in s["vorder"] if s["villagers"][vid]["owner"] == seat]
        pyres = s["dealt_pyres"][seat]
        if not isinstance(assign, dict):
            raise _bad("bad_assign", "'assign' must map each of your villagers to one of your pyres.")
        for vid in assign:
            if vid not in mine:
                who = self._name(vid) if vid in self.t.villager else shown(vid)
                raise _bad("not_yours", f"{who} is not one of your villagers.")
        for vid in mine:
            if vid not in assign:
                raise _bad("bad_assign", f"Give {self._name(vid)} a pyre too.")
        used = list(assign.values())
        for pid in used:
            if pid not in pyres:
                raise _bad("not_yours", f"{shown(pid)} is not one of your pyres (yours: {', '.join(pyres)}).")
        if len(set(used)) != len(used):
            raise _bad("bad_assign", "Each pyre takes exactly one villager.")
        for vid in mine:
            v = s["villagers"][vid]
            v["pyre"] = assign[vid]
            v["heat"] = self.t.pyre_start[assign[vid]]
        s["placed"][seat] = True
        placed = {vid: assign[vid] for vid in mine}
        self.emit({"type": "placed", "seat": seat, "assign": placed}, to=[seat],
                  others={"type": "placed", "seat": seat})
        if all(s["placed"]):
            self._begin_game()

    def _begin_game(self) -> None:
        s = self.state
        s["revealed"] = True
        self.emit({"type": "reveal",
                   "assign": {vid: s["villagers"][vid]["pyre"] for vid in s["vorder"]},
                   "heat": {vid: s["villagers"][vid]["heat"] for vid in s["vorder"]}})
        deck = s["deck"]
        self.rng.shuffle(deck)
        for seat in range(self.n):
            hand = [deck.pop() for _ in range(HAND_SIZE)]
            s["hands"][seat] = hand
            self.emit({"type": "deal", "seat": seat, "count": len(hand), "cards": list(hand)}, to=[seat],
                      others={"type": "deal", "seat": seat})
        self._start_accusation(s["first"])

    # -- phase changes
    def _start_accusation(self, first: int) -> None:
        s = self.state
        s["first"] = first  # the view's first_player, every round (H5)
        s["phase"] = "accusation"
        s["inquisitor"] = None
        s["priority"] = None
        self._phase_event()
        self._start_turn(first)

    def _start_turn(self, seat: int) -> None:
        s = self.state
        s["active"] = seat
        s["turn_played"] = False
        s["accusers_used"] = []
        self.emit({"type": "turn", "seat": seat})

    def _start_arrest(self, inquisitor: int) -> None:
        s = self.state
        self._open_box()  # H8.1: phase 1 ends
        s["inquisitor"] = inquisitor
        s["last_inquisitor"] = inquisitor
        s["phase"] = "arrest"
        s["active"] = None
        s["accusers_used"] = []
        s["priority"] = inquisitor
        s["passes"] = 0
        self.emit({"type": "inquisitor", "seat": inquisitor})
        self._phase_event()

    def _end_protection(self) -> None:
        s = self.state
        p = s["protection"]
        if p:
            s["protection"] = None
            s["removed"].append(p["card"])
            self.emit({"type": "unprotect", "villager": p["villager"], "card": p["card"]})

    def _start_trial(self) -> None:
        s = self.state
        self._open_box()  # H8.1: phase 2 ends
        s["phase"] = "trial"
        s["priority"] = None
        s["accusers_used"] = []
        self._end_protection()
        inq = s["inquisitor"]
        s["trial_order"] = [(inq + k) % self.n for k in range(self.n)]
        s["trial_idx"] = 0
        self._phase_event()

    def _next_trial_turn(self) -> None:
        s = self.state
        s["trial_idx"] += 1
        s["accusers_used"] = []
        if s["trial_idx"] >= len(s["trial_order"]):
            s["trial_idx"] = len(s["trial_order"]) - 1
            self._burning(s["inquisitor"])

    def _start_evidence(self) -> None:
        s = self.state
        if s["phase"] == "arrest":
            self._open_box()  # H8.1: phase 2 ends (Scales heavier skipped the Trial)
        s["phase"] = "evidence"
        s["priority"] = None
        s["accusers_used"] = []
        inq = s["inquisitor"]
        s["refill_order"] = [(inq + k) % self.n for k in range(self.n)]
        s["refill_idx"] = 0
        self._phase_event()

    def _after_play(self, seat: int) -> None:
        """A card played on the seat's own turn/priority/trial turn has fully resolved."""
        s = self.state
        phase = s["phase"]
        if phase == "arrest":
            s["passes"] = 0
            s["priority"] = self._next(seat)
            self.emit({"type": "priority", "seat": s["priority"]})
        elif phase == "trial":
            self._next_trial_turn()

    # -- burning
    def _burning(self, role: int) -> None:
        """The current witch burns, evaluated for ``role`` (the inquisitor, or the
        player of Ordeal (drowns))."""
        s = self.state
        if s["phase"] != "trial":
            s["phase"] = "trial"
            self._phase_event()
        self._open_box()  # H8.1: just before the burning (and the end of phase 2 after a jump)
        hottest = self._hottest()
        if len(hottest) > 1:
            s["choice"] = {"by": role, "candidates": hottest, "reason": "burning", "role": role}
            return
        self._burn(hottest[0], role)

    def _burn(self, vid: str, role: int) -> None:
        s = self.state
        v = s["villagers"][vid]
        owner = v["owner"]
        if owner != role:
            v["status"] = "burned"
            s["trophies"][role].append(vid)
            outcome = "trophy"
        else:
            v["status"] = "removed"
            s["empty_pyres"][role].append(v["pyre"])
            outcome = "empty_pyre"
        self.emit({"type": "burn", "villager": vid, "by": role, "owner": owner, "heat": v["heat"],
                   "outcome": outcome})
        if len(self._alive()) <= self.n:
            self._end_game()
        else:
            self._start_evidence()

    def _end_game(self) -> None:
        s = self.state
        s["phase"] = "over"
        s["over"] = True
        s["active"] = None
        s["priority"] = None
        scores = self._scores()
        best = max(scores)
        self.emit({"type": "over", "scores": scores, "winners": [i for i, x in enumerate(scores) if x == best]})

    def _score_breakdown(self) -> list[list[tuple[str, int]]]:
        """H7, line by line for each seat (the same sums as :meth:`_scores`)."""
        s, t = self.state, self.t
        empty = s["empty_pyres"]
        total_empty = sum(map(len, empty))
        out = []
        for seat in range(self.n):
            out.append([
                ("Pentagrams on living villagers", sum(t.pentagrams[vid] for vid, v in s["villagers"].items()
                                                       if v["status"] == "alive" and v["owner"] == seat)),
                ("Matches on trophies", sum(t.matches[vid] for vid in s["trophies"][seat])),
                ("Kept tests", sum(t.keep_vp[c] for c in s["kept"][seat])),
                ("Empty pyres of other players", total_empty - len(empty[seat])),
            ])
        return out

    def rollout_policy(self, seat: int, legal: list[dict], rng: Any) -> dict:
        """The base policy, sealing a bribe now and then (H8.1) the way a player would:
        raise another seat's hottest villager or cool its own. Reads only what ``seat``
        knows: its own hand and the public heat."""
        command = super().rollout_policy(seat, legal, rng)
        s = self.state
        if s["phase"] in ("setup", "over") or command.get("type") not in SEALING_COMMANDS:
            return command
        used = {command.get("card"), *command.get("discard", ())}
        hand = [c for c in s["hands"][seat] if c not in used]
        vs = s["villagers"]
        living = [(vid, vs[vid]["owner"], vs[vid]["heat"]) for vid in self._alive()]
        bribes = choose_bribes(seat, hand, living, rng)
        return dict(command, bribes=bribes) if bribes else command

    def _scores(self) -> list[int]:
        s = self.state
        t = self.t
        n = self.n
        scores = [0] * n
        pentagrams = t.pentagrams
        for vid, v in s["villagers"].items():
            if v["status"] == "alive":
                scores[v["owner"]] += pentagrams[vid]
        empty = s["empty_pyres"]
        total_empty = sum(map(len, empty))
        matches = t.matches
        keep_vp = t.keep_vp
        for seat in range(n):
            score = total_empty - len(empty[seat])
            for vid in s["trophies"][seat]:
                score += matches[vid]
            for c in s["kept"][seat]:
                score += keep_vp[c]
            scores[seat] += score
        return scores

    # -- playing cards on one's own turn
    def _own_turn_check(self, seat: int, what: str) -> str:
        ctx = self._context()
        if ctx in ("turn", "priority", "trial"):
            return ctx
        raise _bad("wrong_time", self._not_now(ctx, what))

    def _not_now(self, ctx: str, what: str) -> str:
        if ctx == "window":
            w = self.state["windows"][-1]
            if w["kind"] == "negation":
                return f"You cannot {what} now: a test waits to be negated (negate or pass)."
            if w["kind"] == "inquisition":
                return f"You cannot {what} now: an inquisition was called (play No Inquisition or pass)."
            return f"You cannot {what} now: a card waits for responses (respond or pass)."
        if ctx == "choice":
            return f"You cannot {what} now: choose the witch among the hottest villagers first."
        if ctx == "setup":
            return f"You cannot {what} yet: place your villagers on your pyres first."
        if ctx == "refill":
            return f"You cannot {what} in Collecting Evidence: discard cards and refill your hand."
        return f"You cannot {what} now."

    def _cmd_accuse(self, seat: int, cmd: dict) -> None:
        ctx = self._own_turn_check(seat, "play a brown card")
        s = self.state
        t = self.t
        card = self._hand_card(seat, cmd["card"])
        kind = t.card_kind[card]
        if t.card_role[card] != "brown":
            raise _bad("not_brown", f"{card} is not a brown card; only brown cards accuse.")
        accuser = cmd["accuser"]
        if not isinstance(accuser, str) or accuser not in s["villagers"]:
            if isinstance(accuser, str) and accuser in t.villager:
                raise _bad("not_in_game", f"{self._name(accuser)} is not in this game.")
            raise _bad("unknown_villager", f"There is no villager called {shown(accuser)} at this table.")
        vdef = t.villager[accuser]
        if not vdef.can_accuse:
            raise _bad("cannot_accuse", f"{vdef.name} may never be an accuser.")
        if s["villagers"][accuser]["owner"] != seat:
            raise _bad("not_yours", f"{vdef.name} is not one of your villagers.")
        self._living(accuser)
        if accuser in s["accusers_used"]:
            span = "this phase" if ctx == "priority" else "this turn"
            raise _bad("accuser_used", f"You have already accused with {vdef.short} {span}.")
        target = self._living(cmd["target"])
        if target == self._protected():
            raise _bad("protected", f"{self._name(target)} is protected by the Scales of Justice until the next Trial.")
        value = accusation_value(card, accuser, target)
        s["hands"][seat].remove(card)
        s["table"].append(card)
        s["accusers_used"].append(accuser)
        if ctx == "turn":
            s["turn_played"] = True
        self.emit({"type": "accuse", "seat": seat, "card": card, "kind": kind, "accuser": accuser,
                   "target": target, "value": value})
        s["windows"].append({"kind": "response", "card": card, "by": seat, "card_kind": kind,
                             "accuser": accuser, "target": target, "value": value,
                             "order": self._clockwise_from(seat), "passed": []})

    def _cmd_advocate(self, seat: int, cmd: dict) -> None:
        ctx = self._own_turn_check(seat, "call an advocate")
        s = self.state
        card = self._hand_card(seat, cmd["card"])
        if self.t.card_role[card] != "advocate":
            raise _bad("not_advocate", f"{card} is not an Advocate.")
        target = self._living(cmd["target"])
        value = self.t.kind[self.t.card_kind[card]].value or 0
        s["hands"][seat].remove(card)
        if ctx == "turn":
            s["turn_played"] = True
        self.emit({"type": "advocate", "seat": seat, "card": card, "target": target, "value": value})
        self._add_heat(target, value, card)
        s["discard"].append(card)
        self._after_play(seat)

    # -- windows
    def _window_of(self, kinds: tuple[str, ...], what: str) -> dict:
        ctx = self._context()
        if ctx != "window" or self.state["windows"][-1]["kind"] not in kinds:
            raise _bad("wrong_time", self._no_window_message(ctx, what))
        return self.state["windows"][-1]

    def _no_window_message(self, ctx: str, what: str) -> str:
        if ctx == "window":
            return self._not_now("window", what)
        return {
            "respond": "There is no brown card to respond to right now.",
            "negate": "There is no test to negate right now.",
            "no_inquisition": "No one is calling an inquisition right now.",
        }.get(what, f"You cannot {what} now.")

    def _cmd_respond(self, seat: int, cmd: dict) -> None:
        w = self._window_of(("response",), "respond")
        s = self.state
        t = self.t
        card = self._hand_card(seat, cmd["card"])
        kind = t.card_kind[card]
        if kind not in RESPONSES:
            raise _bad("not_response", f"{card} is not a response card (Accomplice, Countercharge, Mix-up or Retraction).")
        other = cmd.get("other")
        accuser, target, value = w["accuser"], w["target"], w["value"]
        prot = self._protected()
        if kind in ("accomplice", "mixup"):
            if "other" not in cmd:
                raise _bad("missing_field", f"Name the other villager ('other') for {t.kind[kind].name}.")
            other = self._living(other)
            if other == accuser:
                raise _bad("bad_other", f"{t.kind[kind].name} cannot name the accuser, {self._name(accuser)}.")
            if other == target:
                raise _bad("bad_other", f"{t.kind[kind].name} must name a villager other than the accused.")
            if other == prot:
                raise _bad("protected", f"{self._name(other)} is protected by the Scales of Justice until the next Trial.")
        elif "other" in cmd:
            raise _bad("bad_field", f"{t.kind[kind].name} does not name another villager.")
        if kind == "retraction" and w["card_kind"] != "confession":
            raise _bad("not_confession", "A Retraction can only annul a Confession.")
        if kind == "countercharge":
            if accuser == prot:
                raise _bad("protected", f"{self._name(accuser)} is protected by the Scales of Justice until the next Trial.")
        s["hands"][seat].remove(card)
        event = {"type": "respond", "seat": seat, "card": card, "kind": kind, "to": w["card"]}
        if other is not None:
            event["other"] = other
        self.emit(event)
        s["windows"].pop()
        bonus = t.villager[target].accused_bonus.get(kind, 0) if value > 0 else 0
        if kind == "accomplice":
            self._add_heat(target, value, w["card"])
            self._add_heat(other, value + bonus, card)
        elif kind == "countercharge":
            self._add_heat(accuser, value + bonus, w["card"])
        elif kind == "mixup":
            self._add_heat(other, value + bonus, w["card"])
        # retraction: the confession has no effect
        s["discard"].append(card)
        self._finish_brown(w)

    def _finish_brown(self, w: dict) -> None:
        s = self.state
        self._take_from_table(w["card"])
        s["discard"].append(w["card"])
        self._after_play(w["by"])

    def _cmd_pass(self, seat: int, cmd: dict) -> None:
        s = self.state
        ctx = self._context()
        if ctx == "window":
            w = s["windows"][-1]
            self.emit({"type": "pass", "seat": seat, "window": w["kind"]})
            w["passed"].append(seat)
            if len(w["passed"]) >= len(w["order"]):
                self._close_window()
            return
        if ctx == "priority":
            self.emit({"type": "pass", "seat": seat, "window": None})
            s["passes"] += 1
            if s["passes"] >= self.n:
                self._start_trial()
            else:
                s["priority"] = self._next(seat)
                self.emit({"type": "priority", "seat": s["priority"]})
            return
        if ctx == "trial":
            self.emit({"type": "pass", "seat": seat, "window": None})
            self._next_trial_turn()
            return
        if ctx == "turn":
            raise _bad("wrong_time", "In the Accusation phase you end your turn with 'end_turn' (you draw a card) or call an inquisition.")
        if ctx == "refill":
            raise _bad("wrong_time", "To keep your whole hand, refill with an empty discard list.")
        raise _bad("wrong_time", self._not_now(ctx, "pass"))

    def _close_window(self) -> None:
        """Everyone asked has passed."""
        s = self.state
        w = s["windows"].pop()
        if w["kind"] == "response":
            self._add_heat(w["target"], w["value"], w["card"])
            self._finish_brown(w)
        elif w["kind"] == "inquisition":
            self._start_arrest(w["by"])
        else:
            self._resolve_test(w)

    # -- inquisition
    def _cmd_call_inquisition(self, seat: int, cmd: dict) -> None:
        s = self.state
        ctx = self._context()
        if ctx != "turn":
            if ctx in ("priority", "trial", "refill"):
                raise _bad("wrong_phase", "An inquisition can only be called in the Accusation phase.")
            raise _bad("wrong_time", self._not_now(ctx, "call an inquisition"))
        if s["turn_played"]:
            raise _bad("already_played", "You have played cards this turn; an inquisition must be called before playing anything.")
        self.emit({"type": "call", "seat": seat})
        s["windows"].append({"kind": "inquisition", "card": None, "by": seat,
                             "order": self._clockwise_from(seat), "passed": []})
        # No Inquisition cards all publicly gone: nobody can answer, so asking reveals nothing
        if self._publicly_gone("no_inquisition"):
            self._close_window()

    def _publicly_gone(self, kind: str) -> bool:
        s = self.state
        want = self.t.kind[kind].count
        gone = sum(1 for c in s["discard"] if self.t.card_kind[c] == kind)
        gone += sum(1 for c in s["removed"] if self.t.card_kind[c] == kind)
        gone += sum(1 for kept in s["kept"] for c in kept if self.t.card_kind[c] == kind)
        if s["protection"] and self.t.card_kind[s["protection"]["card"]] == kind:
            gone += 1
        return gone >= want

    def _cmd_no_inquisition(self, seat: int, cmd: dict) -> None:
        self._window_of(("inquisition",), "no_inquisition")
        s = self.state
        card = self._hand_card(seat, cmd["card"])
        if self.t.card_role[card] != "no_inquisition":
            raise _bad("not_no_inquisition", f"{card} is not a No Inquisition card.")
        w = s["windows"].pop()
        s["hands"][seat].remove(card)
        s["discard"].append(card)
        self.emit({"type": "no_inquisition", "seat": seat, "card": card, "caller": w["by"]})
        self._start_turn(seat)

    # -- phase 1 end of turn
    def _cmd_end_turn(self, seat: int, cmd: dict) -> None:
        ctx = self._context()
        if ctx != "turn":
            if ctx in ("priority", "trial"):
                raise _bad("wrong_phase", "Only Accusation turns end with 'end_turn'; here you 'pass'.")
            raise _bad("wrong_time", self._not_now(ctx, "end your turn"))
        self.emit({"type": "end_turn", "seat": seat})
        self._draw(seat, 1)
        self._start_turn(self._next(seat))

    # -- tests
    def _cmd_test(self, seat: int, cmd: dict) -> None:
        s = self.state
        t = self.t
        ctx = self._context()
        card = self._hand_card(seat, cmd["card"])
        if t.card_role[card] != "test":
            raise _bad("not_test", f"{card} is not a test card.")
        kind = t.card_kind[card]
        name = t.kind[kind].name
        if seat == s["inquisitor"]:
            raise _bad("inquisitor", "The inquisitor may not play tests.")
        if ctx == "window":
            w = s["windows"][-1]
            where = w["kind"]
            if where == "negation":
                raise _bad("wrong_time", "Only the partner test may be played now (negate or pass).")
        elif ctx in ("turn", "priority", "trial"):
            where = "turn"
        else:
            raise _bad("wrong_time", self._not_now(ctx, "play a test"))
        if s["phase"] == "accusation" and t.kind[kind].group != "mark":
            raise _bad("wrong_phase", f"{name} cannot be played in the Accusation phase.")
        witch = cmd.get("witch")
        if "witch" in cmd:
            if s["inquisitor"] is not None:
                raise _bad("bad_field", "The inquisitor settles ties for the current witch; leave out 'witch'.")
            witch = self._living(witch)
            hottest = self._hottest()
            if witch not in hottest:
                raise _bad("not_witch", f"{self._name(witch)} is not the current witch (the hottest villager).")
            if len(hottest) == 1:  # legal() lists 'witch' only to break a tie (R7)
                raise _bad("bad_field", f"{self._name(witch)} is the only hottest villager; leave out 'witch'.")
        elif s["inquisitor"] is None:
            hottest = self._hottest()
            if len(hottest) > 1:
                names = ", ".join(self._name(v) for v in hottest)
                raise _bad("tie", f"Several villagers are hottest ({names}); name the witch with 'witch'.")
        s["hands"][seat].remove(card)
        s["table"].append(card)
        if ctx == "turn":
            s["turn_played"] = True
        event = {"type": "test", "seat": seat, "card": card, "kind": kind}
        if witch is not None:
            event["witch"] = witch
        self.emit(event)
        inq = s["inquisitor"]
        order = [x for x in self._clockwise_from(seat) if x != inq]
        w = {"kind": "negation", "card": card, "by": seat, "test": kind, "witch": witch,
             "ctx": "window" if ctx == "window" else "turn", "order": order, "passed": []}
        s["windows"].append(w)
        if not order or self._publicly_gone(t.partner[kind]):
            self._close_window()

    def _cmd_negate(self, seat: int, cmd: dict) -> None:
        w = self._window_of(("negation",), "negate")
        s = self.state
        t = self.t
        card = self._hand_card(seat, cmd["card"])
        partner = t.partner[w["test"]]
        if t.card_kind[card] != partner:
            raise _bad("not_partner", f"Only {t.kind[partner].name} can negate {t.kind[w['test']].name}.")
        s["windows"].pop()
        s["hands"][seat].remove(card)
        self._take_from_table(w["card"])
        s["discard"].append(w["card"])
        s["discard"].append(card)
        self.emit({"type": "negate", "seat": seat, "card": card, "test": w["card"]})
        if w["ctx"] == "turn":
            self._after_play(w["by"])

    def _resolve_test(self, w: dict) -> None:
        s = self.state
        kind = w["test"]
        card = w["card"]
        if kind in BURNING_TESTS:
            self._take_from_table(card)
            if self.t.kind[kind].keep_vp:
                s["kept"][w["by"]].append(card)
            else:
                s["removed"].append(card)
            role = w["by"] if kind == "ordeal_drowns" else s["inquisitor"]
            self._cancel_windows()
            self._end_protection()
            self.emit({"type": "ordeal", "card": card, "kind": kind, "burner": role})
            self._burning(role)
            return
        witch = w["witch"]
        if witch is None:
            hottest = self._hottest()
            if len(hottest) > 1:
                s["choice"] = {"by": s["inquisitor"], "candidates": hottest, "reason": "test", "test": w}
                return
            witch = hottest[0]
        self._finish_test(w, witch)

    def _finish_test(self, w: dict, witch: str) -> None:
        s = self.state
        kind = w["test"]
        card = w["card"]
        self._take_from_table(card)
        self.emit({"type": "witch", "villager": witch, "card": card})
        if kind == "scales_heavier":
            s["protection"] = {"villager": witch, "card": card}
            self.emit({"type": "protect", "villager": witch, "card": card})
            self._cancel_windows()
            self._start_evidence()
            return
        s["removed"].append(card)
        if kind == "mark_found":
            self._set_heat(witch, TOP_HEAT, card)
        else:
            v = s["villagers"][witch]
            self._set_heat(witch, self.t.pyre_start[v["pyre"]], card)
        if w["ctx"] == "turn":
            self._after_play(w["by"])

    def _cancel_windows(self) -> None:
        """A jump ends every open window; a brown card still waiting has no effect (R5)."""
        s = self.state
        while s["windows"]:
            w = s["windows"].pop()
            if w["kind"] == "response":
                self._take_from_table(w["card"])
                s["discard"].append(w["card"])
                self.emit({"type": "cancelled", "card": w["card"]})

    def _cmd_choose_witch(self, seat: int, cmd: dict) -> None:
        s = self.state
        choice = s["choice"]
        if choice is None:
            raise _bad("wrong_time", "There is no tie for the current witch to settle right now.")
        vid = cmd["villager"]
        if vid not in choice["candidates"]:
            names = ", ".join(self._name(v) for v in choice["candidates"])
            who = self._name(vid) if isinstance(vid, str) and vid in self.t.villager else shown(vid)
            raise _bad("not_candidate", f"{who} is not among the hottest villagers ({names}).")
        s["choice"] = None
        self.emit({"type": "choose_witch", "seat": seat, "villager": vid})
        if choice["reason"] == "burning":
            self._burn(vid, choice["role"])
        else:
            self._finish_test(choice["test"], vid)

    # -- phase 4
    def _cmd_refill(self, seat: int, cmd: dict) -> None:
        s = self.state
        ctx = self._context()
        if ctx != "refill":
            raise _bad("wrong_phase", "Cards are discarded and drawn only in Collecting Evidence (phase 4).")
        discard = cmd["discard"]
        if not isinstance(discard, list) or not all(isinstance(c, str) for c in discard):
            raise _bad("bad_discard", "'discard' must be a list of card ids from your hand.")
        if len(set(discard)) != len(discard):
            raise _bad("bad_discard", "Each card can be discarded only once.")
        for card in discard:
            self._hand_card(seat, card)
        hand = s["hands"][seat]
        for card in discard:
            hand.remove(card)
        s["discard"].extend(discard)  # R11: discards first, so a reshuffle may include them
        self.emit({"type": "discard", "seat": seat, "cards": list(discard)})
        s["refill_idx"] += 1
        if s["refill_idx"] >= len(s["refill_order"]):
            s["refill_idx"] = len(s["refill_order"]) - 1
            self._draw_up()
            last = s["inquisitor"]
            s["round"] += 1
            self._start_accusation(self._next(last))

    def _draw_up(self) -> None:
        """R11: once everyone has discarded, each player in refill order draws up to 6.
        The events show others no counts and put any reshuffle first, so nothing public
        depends on one player's hand size (H8.1) — only the total drawn shows, in the pile."""
        s = self.state
        drawn: list[tuple[int, list[str]]] = []
        reshuffled = None
        for seat in s["refill_order"]:
            got, again = self._take_cards(max(0, HAND_SIZE - len(s["hands"][seat])))
            s["hands"][seat].extend(got)
            drawn.append((seat, got))
            if again is not None:
                reshuffled = again
        if reshuffled is not None:
            self.emit({"type": "reshuffle", "count": reshuffled})
        for seat, got in drawn:
            self._draw_event(seat, got)

    # ------------------------------------------------------------------- view ------
    def _view(self, seat: int | None) -> dict:
        s = self.state
        t = self.t
        revealed = s["revealed"]
        prot = self._protected()
        own_placed = seat is not None and s["placed"][seat]
        faces = t.villager_face
        pyre_start = t.pyre_start
        svillagers = s["villagers"]
        villagers = []
        for vid in s["vorder"]:
            v = svillagers[vid]
            status = v["status"]
            if revealed or (own_placed and v["owner"] == seat):
                pyre = v["pyre"]
                if status == "alive":
                    villagers.append({**faces[vid], "owner": v["owner"], "status": status, "pyre": pyre,
                                      "start": pyre_start[pyre], "heat": v["heat"], "protected": vid == prot})
                    continue
            else:
                pyre = None
            villagers.append({**faces[vid], "owner": v["owner"], "status": status, "pyre": pyre,
                              "start": None, "heat": None, "protected": vid == prot})
        scores = self._scores() if revealed else [0] * self.n
        cards: dict[str, str] = {}
        ck = t.card_kind
        players = []
        for p in range(self.n):
            hand = s["hands"][p]
            mine = seat == p
            if mine:
                for c in hand:
                    cards[c] = ck[c]
            for c in s["kept"][p]:
                cards[c] = ck[c]
            sealed = None
            if mine:
                size = t.bribe_size
                sealed = [{"card": b["card"], "target": b["target"], "sign": b["sign"],
                           "value": b["sign"] * size[b["card"]]} for b in s["box"] if b["seat"] == p]
                for b in sealed:
                    cards[b["card"]] = ck[b["card"]]
            players.append({
                # H8.1: a hand's size is its owner's secret, like its cards
                "seat": p, "name": self.players[p], "hand_count": len(hand) if mine else None,
                "hand": list(hand) if mine else None, "sealed": sealed,
                "trophies": list(s["trophies"][p]), "kept": list(s["kept"][p]),
                "empty_pyres": len(s["empty_pyres"][p]),
                "pyres": [{"id": pid, "start": t.pyre_start[pid]} for pid in s["dealt_pyres"][p]],
                "placed": s["placed"][p], "score": scores[p],
            })
        for zone in (s["discard"], s["removed"], s["table"]):
            for c in zone:
                cards[c] = ck[c]
        protection = dict(s["protection"]) if s["protection"] else None
        if protection:
            cards[protection["card"]] = ck[protection["card"]]
        window = None
        pending = None
        if s["windows"]:
            w = s["windows"][-1]
            window = {"kind": w["kind"], "card": w["card"], "by": w["by"],
                      "waiting": [x for x in w["order"] if x not in w["passed"]],
                      "order": list(w["order"]), "passed": list(w["passed"])}
            if w["kind"] == "response":
                window.update(accuser=w["accuser"], target=w["target"], value=w["value"], kind_of_card=w["card_kind"])
            elif w["kind"] == "negation":
                window.update(test=w["test"], witch=w["witch"])
            for pw in reversed(s["windows"]):
                if pw["card"] is not None:
                    pending = self._pending_of(pw)
                    break
        choice = None
        if s["choice"] is not None:
            c = s["choice"]
            choice = {"by": c["by"], "candidates": list(c["candidates"]), "reason": c["reason"]}
            if c["reason"] == "test":
                pending = self._pending_of(c["test"])
        hottest = None
        if revealed and s["phase"] != "over":
            hot = self._hottest()
            hottest = {"heat": s["villagers"][hot[0]]["heat"], "villagers": hot}
        may_seal = (seat is not None and s["phase"] not in ("setup", "over") and seat in self._to_act()
                     and any(t.card_role[c] == "bribe" for c in s["hands"][seat]))
        may_accuse: list[str] = []
        if seat is not None and (s["phase"] in ("arrest", "trial") or (s["phase"] == "accusation" and seat == s["active"])):
            may_accuse = self._accusers_free(seat)
        # a copy: the caller may keep or change its view without touching the log
        recent = marshal.loads(marshal.dumps(self._recent(seat)))
        for event in recent:
            c = event.get("card")
            if c is not None and c in ck:
                cards[c] = ck[c]
            for c in event.get("cards", ()):
                cards[c] = ck[c]
        return {
            "round": s["round"], "phase": s["phase"], "active": s["active"], "inquisitor": s["inquisitor"],
            "first_player": s["first"], "window": window, "pending": pending, "choice": choice,
            "villagers": villagers, "players": players,
            "deck_count": len(s["deck"]), "discard": list(s["discard"]), "removed": list(s["removed"]),
            "protection": protection, "cards": cards,
            "priority": s["priority"], "passes": s["passes"],
            "trial_order": list(s["trial_order"]) if s["phase"] == "trial" else [],
            "trial_turn": s["trial_order"][s["trial_idx"]] if s["phase"] == "trial" and s["trial_order"] else None,
            "refill_order": list(s["refill_order"]) if s["phase"] == "evidence" else [],
            "refill_turn": s["refill_order"][s["refill_idx"]] if s["phase"] == "evidence" else None,
            "turn_played": s["turn_played"], "accusers_used": list(s["accusers_used"]),
            "may_accuse_with": may_accuse, "may_seal": may_seal,
            "hottest": hottest, "scores": scores, "recent": recent,
        }

    @staticmethod
    def _pending_of(w: dict) -> dict:
        out = {"card": w["card"], "kind": card_kind(w["card"]), "by": w["by"],
               "accuser": w.get("accuser"), "target": w.get("target"), "value": w.get("value"),
               "test": w.get("test"), "witch": w.get("witch")}
        return out

    def _recent(self, seat: int | None) -> list[dict]:
        out = []
        sid = self.state_id
        for entry in reversed(self._log):
            if entry["sid"] != sid:
                break
            event = self._visible(entry, seat)
            if event is not None:
                out.append(event)
        out.reverse()
        return out

    # ------------------------------------------------------------------------- bots --
    # Determinization and the cheap rollout policy (DESIGN D2): the bots' forward
    # model. Nothing here changes the rules; it reads them.
    #: the chance that a Bribe held by another seat is taken to be in the sealed box
    BOT_BOX_PRIOR = 0.25

    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Resample what ``seat`` cannot know from ``view(seat)`` and ``log(seat)``.

        Hidden in Hammer (H8, H8.1, R14): the other hands and their sizes, the pile's
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
        st = self.state
        view = self.view(seat)
        n = self.n
        others = [s for s in range(n) if s != seat]
        t = self.t
        # -- setup: placements are secret until everyone has placed (R14)
        if not st["revealed"]:
            vs = st["villagers"]
            for s in others:
                mine = [vid for vid in st["vorder"] if vs[vid]["owner"] == s]
                if view["players"][s]["placed"]:
                    pyres = sorted(st["dealt_pyres"][s])
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
        # -- how many cards each other seat holds, as far as the log tells
        size = dict.fromkeys(others, 0)
        after_end_turn: set[int] = set()
        for ev in self.log(seat):
            kind = ev["type"]
            who = ev.get("seat")
            if who == seat or (who is None and kind != "draw"):
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
        # -- the unseen cards: the pile, then the other seats (hands or sealed box)
        seen = set(view["cards"])
        unseen = [c for c in t.all_cards if c not in seen]
        rng.shuffle(unseen)
        deck_count = view["deck_count"]
        st["deck"] = unseen[:deck_count]
        held = unseen[deck_count:]
        role = t.card_role
        boxed = [c for c in held if role[c] == "bribe" and rng.random() < self.BOT_BOX_PRIOR]
        hand_pool = [c for c in held if c not in boxed]
        # the sizes must add up to what is left for the hands
        want = {s: max(0, size[s]) for s in others}
        while sum(want.values()) > len(hand_pool):
            s = max(others, key=lambda x: (want[x], rng.random()))
            want[s] -= 1
        while sum(want.values()) < len(hand_pool):
            s = min(others, key=lambda x: (want[x], rng.random()))
            want[s] += 1
        for s in others:
            st["hands"][s] = hand_pool[:want[s]]
            del hand_pool[:want[s]]
        # the box: this seat's own sealed bribes as it sees them, and sampled ones
        box = [{"card": b["card"], "target": b["target"], "sign": b["sign"], "seat": seat}
               for b in view["players"][seat]["sealed"] or []]
        alive = [v["id"] for v in view["villagers"] if v["status"] == "alive"]
        owner = {v["id"]: v["owner"] for v in view["villagers"]}
        for card in boxed:
            sealer = others[rng.randrange(len(others))]
            target = alive[rng.randrange(len(alive))]
            box.append({"card": card, "target": target, "sign": -1 if owner[target] == sealer else 1,
                        "seat": sealer})
        st["box"] = box

    def rollout_policy(self, seat: int, legal: list[dict], rng: random.Random) -> dict:
        """The cheap playing policy for bots (Easy, and every seat in a rollout).

        Obvious sense from these rules, using only what ``seat`` knows: heat other
        seats' villagers near the top and cool its own (H3 card values with the
        accusers' modifiers), answer a brown card aimed at its villager with a response
        that sends the points elsewhere (H4), call an inquisition when the current witch
        is someone else's and stop one when it is its own (H5), play tests that burn
        others' villagers or save its own (H6), seal bribes the same way (H8.1), place
        its most valuable villager on the coolest pyre, and keep useful cards at the
        refill."""
        st = self.state
        seal = (st["phase"] not in ("setup", "over") and rng.random() < 0.5
                and any(self.t.card_role[c] == "bribe" for c in st["hands"][seat]))
        if len(legal) == 1 and not seal:
            return dict(legal[0])
        ctx = _BotContext(self, seat)
        if len(legal) == 1:
            command = dict(legal[0])
        else:
            command = dict(legal[weighted_index(rng, ctx.weights(legal))])
            if command["type"] == "refill":
                command["discard"] = ctx.refill_discard()
        return ctx.maybe_seal(command) if seal else command

    def rollout_value(self, seat: int) -> float:
        """Win share when over; otherwise a logistic of the lead in score once the
        coming burning is counted in: the hottest villager (shared among ties) is lost
        to its owner and, with an inquisitor named, goes to them as a trophy (H5, H7)."""
        if self.over:
            return super().rollout_value(seat)
        worth = [float(x) for x in self._scores()]
        st = self.state
        if st["revealed"]:
            hottest = self._hottest()
            inq = st["inquisitor"]
            certainty = 0.35 if inq is None else 0.8
            share = certainty / len(hottest)
            t = self.t
            for vid in hottest:
                owner = st["villagers"][vid]["owner"]
                worth[owner] -= share * t.pentagrams[vid]
                if inq is not None:
                    if inq != owner:
                        worth[inq] += share * t.matches[vid]
                    else:
                        for s in range(self.n):
                            if s != owner:
                                worth[s] += share
        mine = worth[seat]
        best_other = max(w for s, w in enumerate(worth) if s != seat)
        return 1.0 / (1.0 + math.exp(-(mine - best_other) / 1.5))


_HANDLERS: dict[str, Callable[[HammerMatch, int, dict], None]] = {
    "place_pyres": HammerMatch._cmd_place_pyres,
    "accuse": HammerMatch._cmd_accuse,
    "advocate": HammerMatch._cmd_advocate,
    "respond": HammerMatch._cmd_respond,
    "test": HammerMatch._cmd_test,
    "negate": HammerMatch._cmd_negate,
    "call_inquisition": HammerMatch._cmd_call_inquisition,
    "no_inquisition": HammerMatch._cmd_no_inquisition,
    "end_turn": HammerMatch._cmd_end_turn,
    "pass": HammerMatch._cmd_pass,
    "choose_witch": HammerMatch._cmd_choose_witch,
    "refill": HammerMatch._cmd_refill,
}


class _BotContext:
    """What the rollout policy of one seat works out once per decision: how much it
    cares about one more point of heat on each villager (the villagers near the top
    matter, its own negatively), from the public table and its own hand only."""

    #: how much a card in hand is worth keeping at the refill, by kind
    KEEP = {"confession": 5, "false_testimony": 4, "proof": 3, "accusation": 2, "denial": 2,
            "countercharge": 4, "mixup": 4, "accomplice": 3, "retraction": 2, "no_inquisition": 4,
            "advocate": 3, "bribe": 3}

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
        self.heat = {vid: vs[vid]["heat"] for vid in self.alive} if revealed else {}
        self.start = {vid: t.pyre_start[vs[vid]["pyre"]] for vid in self.alive} if revealed else {}
        self._memo: dict[tuple, float] = {}
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
        """The heat a villager really gains (its pyre's start and 18 bound it, H1.2)."""
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

    # -- one weight per legal command ---------------------------------------------------
    def weights(self, legal: list[dict]) -> list[float]:
        """``weight`` of each command; accusations (often dozens) in one tight loop."""
        t = self.t
        kind_of = t.card_kind
        villager = t.villager
        printed_of = self.PRINTED
        heat = self.heat
        start = self.start
        care = self.care
        memo: dict[tuple, float] = {}
        out = []
        for command in legal:
            if command["type"] != "accuse":
                out.append(self.weight(command))
                continue
            kind = kind_of[command["card"]]
            accuser = command["accuser"]
            target = command["target"]
            key = (kind, accuser, target)
            weight = memo.get(key)
            if weight is None:
                printed = printed_of[kind]
                vdef = villager[accuser]
                value = printed + vdef.kind_bonus.get(kind, 0)
                if printed > 0:
                    value += vdef.target_bonus.get(target, 0)
                h = heat[target]
                new = h + value
                if new > TOP_HEAT:
                    new = TOP_HEAT
                elif new < start[target]:
                    new = start[target]
                gain = care[target] * (new - h) - 0.4
                weight = memo[key] = 1.0 + 2.0 * gain if gain > 0 else 0.02
            out.append(weight)
        return out

    def weight(self, command: dict) -> float:
        ctype = command["type"]
        handler = getattr(self, f"_w_{ctype}", None)
        return handler(command) if handler is not None else 1.0

    @staticmethod
    def _score(gain: float) -> float:
        return 1.0 + 2.0 * gain if gain > 0 else 0.02

    def _w_place_pyres(self, command: dict) -> float:
        # the most valuable villager on the coolest pyre
        t = self.t
        assign = command["assign"]
        by_value = sorted(assign, key=lambda v: -(t.pentagrams[v] + t.matches[v]))
        starts = [t.pyre_start[assign[v]] for v in by_value]
        return 8.0 if starts == sorted(starts) else 0.3

    def _w_accuse(self, command: dict) -> float:
        card = command["card"]
        key = (self.t.card_kind[card], command["accuser"], command["target"])
        weight = self._memo.get(key)
        if weight is None:
            value = self.brown_value(card, command["accuser"], command["target"])
            weight = self._memo[key] = self._score(self.gain(command["target"], value) - 0.4)
        return weight

    def _w_advocate(self, command: dict) -> float:
        value = self.t.kind[self.t.card_kind[command["card"]]].value or 0
        return self._score(self.gain(command["target"], value) - 0.4)

    def _w_end_turn(self, command: dict) -> float:
        return 1.0

    def _w_pass(self, command: dict) -> float:
        return 1.0

    def _w_call_inquisition(self, command: dict) -> float:
        gain = self.current_witch_gain(self.seat)
        return 6.0 + 2.0 * gain if gain > 0.5 else 0.05

    def _w_no_inquisition(self, command: dict) -> float:
        window = self.st["windows"][-1]
        gain = self.current_witch_gain(window["by"])
        return 6.0 if gain < -0.5 else 0.1

    def _w_respond(self, command: dict) -> float:
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

    def _w_test(self, command: dict) -> float:
        kind = self.t.card_kind[command["card"]]
        return self._score(self._test_gain(kind, command.get("witch")) - 0.5)

    def _w_negate(self, command: dict) -> float:
        w = self.st["windows"][-1]
        return self._score(-self._test_gain(w["test"], w.get("witch")) - 0.5)

    def _w_choose_witch(self, command: dict) -> float:
        choice = self.st["choice"]
        role = choice.get("role", self.st["inquisitor"])
        gain = self.witch_gain(command["villager"], role)
        return math.exp(max(-20.0, min(20.0, gain)))

    def _w_refill(self, command: dict) -> float:
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

    def maybe_seal(self, command: dict) -> dict:
        """Seal a Bribe with the command (H8.1) where it matters: up on another seat's
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
