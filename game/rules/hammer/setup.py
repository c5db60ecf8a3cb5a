"""The Hammer of the Witches: setting up a match and starting play (docs/rules/hammer.md §2).

:func:`setup` deals the villagers and pyres and lays out the state every other module
reads; :func:`begin_game` runs once every seat has placed its villagers on its pyres:
the placements are revealed, the 78 cards shuffled and six dealt to each seat, and the
first round begins with Pet Pig Berta's owner.

The state (plain JSON data, see :class:`~game.engine.match.Match`)
------------------------------------------------------------------
``phase`` (one of :data:`~game.rules.hammer.cards.PHASES`), ``round``, ``revealed``
(placements public), ``villagers`` ({id: {owner, pyre, heat, status}}, status ``alive``,
``burned`` or ``removed``), ``vorder`` (the villagers in seat order), ``dealt_pyres``,
``placed``, ``hands``, ``deck`` (the pile, drawn from its end), ``discard``, ``removed``
(out of the game), ``table`` (cards played and not yet resolved), ``kept``,
``trophies``, ``empty_pyres`` (per seat), ``protection`` ({villager, card} or None),
``first``, ``active``, ``inquisitor``, ``last_inquisitor``, ``turn_played``,
``accusers_used``, ``priority``, ``passes``, ``trial_order``/``trial_idx``,
``refill_order``/``refill_idx``, ``windows`` (the open windows, top last), ``choice``
(who must ``choose_witch`` and among whom), ``over``, and ``box`` (the sealed bribes,
``[{card, target, sign, seat}]``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.errors import CardDataError
from game.engine.match import SetupError
from game.rules.hammer.cards import HAND_SIZE, tables
from game.rules.hammer.flow import phase_event, start_accusation

if TYPE_CHECKING:
    from game.rules.hammer.match import HammerMatch


def setup(m: HammerMatch) -> None:
    try:
        t = m.t = tables()
    except CardDataError as exc:  # an edited card file: one clear line, no traceback
        raise SetupError(f"cannot set up {m.title}: {exc}") from None
    n = m.n
    vids = [v.id for v in t.villagers if v.back <= n]
    m.rng.shuffle(vids)
    pyres = [p.id for p in t.pyres]
    m.rng.shuffle(pyres)
    villagers = {}
    order = []
    for seat in range(n):
        for vid in vids[3 * seat : 3 * seat + 3]:
            villagers[vid] = {"owner": seat, "pyre": None, "heat": None, "status": "alive"}
            order.append(vid)
    berta_owner = villagers["berta"]["owner"]
    m.state = {
        "phase": "setup",
        "round": 1,
        "revealed": False,
        "villagers": villagers,
        "vorder": order,
        "dealt_pyres": [pyres[3 * s : 3 * s + 3] for s in range(n)],
        "placed": [False] * n,
        # the 78 cards wait, unshuffled, until every pyre is placed (§2, R14)
        "hands": [[] for _ in range(n)],
        "deck": list(t.all_cards),
        "discard": [],
        "removed": [],
        "table": [],
        "kept": [[] for _ in range(n)],
        "trophies": [[] for _ in range(n)],
        "empty_pyres": [[] for _ in range(n)],
        "protection": None,
        "first": berta_owner,
        "active": None,
        "inquisitor": None,
        "last_inquisitor": None,
        "turn_played": False,
        "accusers_used": [],
        "priority": None,
        "passes": 0,
        "trial_order": [],
        "trial_idx": 0,
        "refill_order": [],
        "refill_idx": 0,
        "windows": [],
        "choice": None,
        "over": False,
        # sealed bribes waiting for the box to open (§8.2): [{card, target, sign, seat}]
        "box": [],
    }
    phase_event(m)
    for seat in range(n):
        m.emit(
            {
                "type": "deal_villagers",
                "seat": seat,
                "villagers": order[3 * seat : 3 * seat + 3],
                "pyres": m.state["dealt_pyres"][seat],
            }
        )


def begin_game(m: HammerMatch) -> None:
    s = m.state
    s["revealed"] = True
    m.emit(
        {
            "type": "reveal",
            "assign": {vid: s["villagers"][vid]["pyre"] for vid in s["vorder"]},
            "heat": {vid: s["villagers"][vid]["heat"] for vid in s["vorder"]},
        }
    )
    deck = s["deck"]
    m.rng.shuffle(deck)
    for seat in range(m.n):
        hand = [deck.pop() for _ in range(HAND_SIZE)]
        s["hands"][seat] = hand
        m.emit(
            {"type": "deal", "seat": seat, "count": len(hand), "cards": list(hand)},
            to=[seat],
            others={"type": "deal", "seat": seat},
        )
    start_accusation(m, s["first"])
