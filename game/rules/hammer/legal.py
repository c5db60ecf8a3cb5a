"""The Hammer of the Witches: every command a seat may send now (``Match.legal``).

:func:`legal` lists complete commands in a fixed order; ``apply`` accepts exactly these
(and, besides, a ``bribes`` list riding on any of them after setup, docs/rules/hammer.md
R20, and any subset of a big hand at the refill, which this lists only in part, R12).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.rules.hammer.state import accusers_free, alive, context, hottest, protected

if TYPE_CHECKING:
    from game.rules.hammer.match import HammerMatch


def legal(m: HammerMatch, seat: int) -> list[dict[str, Any]]:
    s = m.state
    ctx = context(m)
    t = m.t
    hand = s["hands"][seat]
    out: list[dict[str, Any]] = []
    if ctx == "setup":
        mine = [vid for vid in s["vorder"] if s["villagers"][vid]["owner"] == seat]
        for perm in itertools.permutations(s["dealt_pyres"][seat]):
            out.append({"type": "place_pyres", "assign": dict(zip(mine, perm))})
        return out
    if ctx == "choice":
        return [{"type": "choose_witch", "villager": vid} for vid in s["choice"]["candidates"]]
    if ctx == "refill":
        return refill_commands(hand)
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
            out.extend(response_commands(m, hand, w))
        out.extend(green_commands(m, seat, hand, kind))
        out.append({"type": "pass"})
        return out
    # the seat's own turn: phase 1 turn, phase 2 priority, phase 3 trial turn
    return turn_choices(m, seat, ctx).commands()


@dataclass(frozen=True)
class TurnChoices:
    """What a seat may play on its own turn (the Accusation turn, the Arrest's priority,
    a Trial turn), in :func:`legal`'s order: ``head``, then per card of ``cards`` in hand
    order (a brown card or an Advocate) its block of commands, then ``tail``. A bot's
    rollout may weigh these without listing every accusation (game/bots/hammer.py)."""

    #: ``call_inquisition`` while the Accusation turn has played nothing, else empty
    head: list[dict[str, Any]]
    #: ``(card, role)`` of each brown card and Advocate in hand, in hand order
    cards: list[tuple[str, str]]
    #: a brown card's block: every accuser of ``accusers`` on every target of ``brown_targets``
    accusers: list[str]
    brown_targets: list[str]
    #: an Advocate's block: every living villager
    living: list[str]
    #: the tests that may be played, then ``end_turn`` (the Accusation) or ``pass``
    tail: list[dict[str, Any]]

    def block(self, card: str, role: str) -> list[dict[str, Any]]:
        """The commands of one card of :attr:`cards`."""
        if role == "brown":
            return [
                {"type": "accuse", "card": card, "accuser": acc, "target": target}
                for acc in self.accusers
                for target in self.brown_targets
            ]
        return [{"type": "advocate", "card": card, "target": target} for target in self.living]

    def commands(self) -> list[dict[str, Any]]:
        out = list(self.head)
        for card, role in self.cards:
            out.extend(self.block(card, role))
        out.extend(self.tail)
        return out


def turn_choices(m: HammerMatch, seat: int, ctx: str | None = None) -> TurnChoices:
    """:class:`TurnChoices` of ``seat`` on its own turn (``ctx``: :func:`context`, if known)."""
    s = m.state
    t = m.t
    ctx = ctx or context(m)
    living = alive(m)
    prot = protected(m)
    role = t.card_role
    return TurnChoices(
        head=[{"type": "call_inquisition"}] if ctx == "turn" and not s["turn_played"] else [],
        cards=[(card, role[card]) for card in s["hands"][seat] if role[card] in ("brown", "advocate")],
        accusers=accusers_free(m, seat),
        brown_targets=[v for v in living if v != prot],
        living=living,
        tail=[*green_commands(m, seat, s["hands"][seat], "turn"), {"type": "end_turn" if ctx == "turn" else "pass"}],
    )


def may_test(m: HammerMatch, seat: int, kind: str, where: str) -> bool:
    """May ``seat`` play a test of ``kind`` now (§6.1, R5, R6)? ``where``: 'turn' or
    the window kind."""
    s = m.state
    if seat == s["inquisitor"]:
        return False
    phase = s["phase"]
    if where == "negation":
        return False
    if phase == "accusation":
        return m.t.kind[kind].group == "mark"
    return phase in ("arrest", "trial")


def green_commands(m: HammerMatch, seat: int, hand: list[str], where: str) -> list[dict[str, Any]]:
    """The tests ``seat`` may play now; before there is an inquisitor, one per tied
    witch, named with ``witch`` (R7)."""
    t = m.t
    out: list[dict[str, Any]] = []
    tie: list[str] | None = None
    for card in hand:
        if t.card_role[card] != "test" or not may_test(m, seat, t.card_kind[card], where):
            continue
        if m.state["inquisitor"] is None:
            if tie is None:
                tie = hottest(m)
            if len(tie) > 1:
                out.extend({"type": "test", "card": card, "witch": vid} for vid in tie)
                continue
        out.append({"type": "test", "card": card})
    return out


def response_commands(m: HammerMatch, hand: list[str], w: dict[str, Any]) -> list[dict[str, Any]]:
    """The answers to the brown card in window ``w`` (§4.1, R4)."""
    t = m.t
    out: list[dict[str, Any]] = []
    others: list[str] | None = None
    prot = protected(m)
    for card in hand:
        kind = t.card_kind[card]
        if kind in ("accomplice", "mixup"):
            if others is None:
                others = [v for v in alive(m) if v not in (w["accuser"], w["target"]) and v != prot]
            out.extend({"type": "respond", "card": card, "other": v} for v in others)
        elif kind == "countercharge":
            if w["accuser"] != prot:
                out.append({"type": "respond", "card": card})
        elif kind == "retraction":
            if w["card_kind"] == "confession":
                out.append({"type": "respond", "card": card})
    return out


def refill_commands(hand: list[str]) -> list[dict[str, Any]]:
    """Every choice of discards, fewest first; only some of them for big hands (R12)."""
    size = len(hand)
    sizes: Iterable[int]
    if size <= 10:
        sizes = range(size + 1)
    else:
        sizes = sorted({0, 1, 2, size - 2, size - 1, size})
    out = []
    for k in sizes:
        for combo in itertools.combinations(hand, k):
            out.append({"type": "refill", "discard": list(combo)})
    return out
