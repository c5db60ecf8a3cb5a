"""Every legal Testimony command of the seat that may act, in a fixed order
(docs/rules/testimony.md §7): ``apply`` accepts exactly these."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from game.rules.testimony.cards import SIDES

if TYPE_CHECKING:
    from game.rules.testimony.match import TestimonyMatch


def legal(m: TestimonyMatch, seat: int) -> list[dict[str, Any]]:
    """The commands of ``seat``, which is the one seat in ``to_act``. The Cunning
    Woman's double investigation lists both orders of each pair (R3)."""
    st = m.state
    stage = st["stage"]
    n = m.n
    if stage == "action":
        others = [s for s in range(n) if s != seat]
        out = [{"type": "invite", "seat": s} for s in others if s not in st["declined"]]
        out.extend({"type": "investigate", "seat": s} for s in others)
        if may_double(m, seat):
            out.extend({"type": "investigate", "seat": a, "seat2": b} for a, b in itertools.permutations(others, 2))
        return out
    if stage == "answer":
        return [{"type": "answer_invite", "accept": True}, {"type": "answer_invite", "accept": False}]
    if stage == "share":
        return [{"type": "show", "card": c} for c in m.cat.may_show(st["characters"][seat])]
    if stage == "testify":
        out = [{"type": "testify", "seat": s, "side": side} for s in range(n) if s != seat for side in SIDES]
        out.append({"type": "discard_token"})
        return out
    if stage == "between":
        return [{"type": "next_game"}]
    return []


def may_double(m: TestimonyMatch, seat: int) -> bool:
    """May ``seat`` investigate two players at once now (the Cunning Woman, once a game)?"""
    st = m.state
    return not st["double_used"] and m.cat.characters[st["characters"][seat]].double_investigation


def to_act(m: TestimonyMatch) -> list[int]:
    """The one seat that may act: the invited player, the sharer whose card is next,
    the next game's first player between games, else the active player."""
    st = m.state
    stage = st["stage"]
    if stage == "answer":
        return [st["invite"]["to"]]
    if stage == "share":
        return [st["share"]["next"]]
    if stage == "between":
        return [st["next_first"]]
    if stage == "over":
        return []
    return [st["turn"]]
