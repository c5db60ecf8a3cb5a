"""Setting up a new story: the state's fields, a fresh ledger (docs/rules/malleus.md §1,
§2.1).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.errors import CardDataError
from game.engine.match import SetupError
from game.rules.malleus.cards import catalog, stereotypes
from game.rules.malleus.state import PREVOT

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def setup(m: MalleusMatch) -> None:
    try:
        m.cat = catalog()
    except CardDataError as exc:
        raise SetupError(f"cannot set up {m.title}: {exc}") from None
    m._stereotypes = stereotypes()
    m._extra_seat = None
    m._rolled = False
    deck = list(m.cat.card_ids)
    m.rng.shuffle(deck)
    n = m.n
    m.state = {
        "phase": "trigger", "step": None, "round": 0, "over": False,
        "next": {"v": 1, "f": 1, "r": 1, "s": 1, "k": 1},
        "villagers": {}, "vorder": [], "facts": {}, "forder": [], "rels": {}, "rorder": [],
        "build": {"seat": PREVOT, "passes": 0, "last_passer": None},
        "choose": {"queue": [], "order": []},
        "waiting": [],
        "ledgers": [None] + [new_ledger(s) for s in range(1, n)],
        "turn_order": [], "turn_idx": 0,
        "deck": deck, "discard": [],
        "scenes": [], "conflict": None, "collect": None, "orders": [],
        "bribery": [], "records": 0, "executed": [], "past_intimidated": {},
        "dice_script": [], "last_rolls": [], "winners": [],
    }
    m.emit({"type": "setup", "prevot": m.players[PREVOT], "players": m.players[1:]})


def new_ledger(seat: int) -> dict:
    return {"player": seat, "villager": None, "companion": None, "companion_choice": None,
            "secret": None, "envy": None, "vendetta": None, "personal_gain": 0,
            "forfeit": False, "hand": [], "locked": [], "queued": [], "inbox": [],
            "prompt": None, "seen_by": {"secret": [], "envy_vendetta": []}}
