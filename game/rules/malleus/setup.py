"""Setting up a new story: the state's fields, a fresh ledger, and the ready village when
the table chose one (docs/rules/malleus.md §1, §2.1, §2.10).

``m.state`` holds: ``phase step round over``; ``next`` (the next number of each kind of
id); ``villagers vorder facts forder rels rorder`` (the map, with creation orders);
``build`` (the building turn and passes); ``choose`` (the choosing queue and order);
``waiting`` (ledgers or companions still missing); ``ledgers`` (None for the Prévôt,
then one per player); ``turn_order turn_idx``; ``deck discard``; ``scenes conflict
collect orders``; ``bribery`` (open Bribery windows); ``records`` (facts the Prévôt may
still record, M12); ``executed past_intimidated dice_script last_rolls winners``; and
``ready_village`` (its id and title) in a match started from one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.errors import CardDataError
from game.engine.match import SetupError
from game.rules.malleus.cards import catalog, stereotypes
from game.rules.malleus.state import PREVOT
from game.rules.malleus.villages import pick_village, settle_village

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def setup(m: MalleusMatch) -> None:
    """A new match: the shuffled deck, the empty village (or the ready one), the ledgers."""
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
        "phase": "trigger",
        "step": None,
        "round": 0,
        "over": False,
        "next": {"v": 1, "f": 1, "r": 1, "s": 1, "k": 1},
        "villagers": {},
        "vorder": [],
        "facts": {},
        "forder": [],
        "rels": {},
        "rorder": [],
        "build": {"seat": PREVOT, "passes": 0, "last_passer": None},
        "choose": {"queue": [], "order": []},
        "waiting": [],
        "ledgers": [None] + [new_ledger(s) for s in range(1, n)],
        "turn_order": [],
        "turn_idx": 0,
        "deck": deck,
        "discard": [],
        "scenes": [],
        "conflict": None,
        "collect": None,
        "orders": [],
        "bribery": [],
        "records": 0,
        "executed": [],
        "past_intimidated": {},
        "dice_script": [],
        "last_rolls": [],
        "winners": [],
    }
    m.emit({"type": "setup", "prevot": m.players[PREVOT], "players": m.players[1:]})
    if m.options.get("village", "build") == "ready":
        try:
            ready = pick_village(m)
        except CardDataError as exc:
            raise SetupError(f"cannot set up a ready village: {exc}") from None
        settle_village(m, ready)


def new_ledger(seat: int) -> dict[str, Any]:
    """A player's empty ledger (§1.5)."""
    return {
        "player": seat,
        "villager": None,
        "companion": None,
        "companion_choice": None,
        "secret": None,
        "envy": None,
        "vendetta": None,
        "personal_gain": 0,
        "forfeit": False,
        "hand": [],
        "locked": [],
        "queued": [],
        "inbox": [],
        "prompt": None,
        "seen_by": {"secret": [], "envy_vendetta": []},
    }
