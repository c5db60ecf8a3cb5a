"""Salem 1692: setting up a match (docs/rules/salem.md §2): the options checked, the
Tryal and playing cards dealt, the characters, and the first frame (the character
choice, Dawn) or the variant's first turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.errors import CardDataError
from game.engine.match import SetupError
from game.rules.salem.cards import (
    CHARACTER_IDS,
    CONSTABLE,
    HAND_SIZE,
    MAX_TIMER_S,
    MIN_TIMER_S,
    NOT_A_WITCH,
    T_STANDARD,
    T_VARIANT,
    TRYAL_TABLE,
    VARIANT_LAYOUT,
    VARIANT_TRYALS,
    WITCH,
    catalog,
)
from game.rules.salem.flow import advance, start_turn
from game.rules.salem.state import is_int

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch


def seat_the_ghosts(players: Any, options: Any) -> tuple[Any, Any]:
    """§2.2: with 2 or 3 names, the seats of the ghost game (ghosts named "Ghost N" until
    setup names them after their characters) and the options with ``ghosts`` set and
    ``bots`` / ``first_player`` turned from player numbers into seats (a number that names
    no player becomes -1, which the option checks refuse). Anything else is returned as
    given, for the engine's own checks."""
    if not (
        isinstance(players, (list, tuple))
        and len(players) in VARIANT_LAYOUT
        and isinstance(options, (dict, type(None)))
        and (options or {}).get("ghosts") is None
    ):
        return players, options
    layout = VARIANT_LAYOUT[len(players)]
    humans = [i for i, ghost in enumerate(layout) if not ghost]
    names = iter(players)
    seats = [f"Ghost {i + 1}" if ghost else next(names) for i, ghost in enumerate(layout)]
    opts = dict(options or {})
    opts["ghosts"] = [i for i, ghost in enumerate(layout) if ghost]

    def seat_of(p: Any) -> Any:
        return humans[p] if is_int(p) and 0 <= p < len(humans) else -1

    if isinstance(opts.get("bots"), list):
        opts["bots"] = [seat_of(b) for b in opts["bots"]]
    if opts.get("first_player") is not None:
        opts["first_player"] = seat_of(opts["first_player"])
    return seats, opts


def absent_seats(players: int) -> list[int]:
    """The ghost seats of a game of ``players`` names (none from 4 players on)."""
    layout = VARIANT_LAYOUT.get(players)
    return [i for i, ghost in enumerate(layout) if ghost] if layout else []


def check_setup_options(m: SalemMatch) -> None:
    o = m.options
    for key in ("town_hall", "short_game_guard", "hide_witch_on_death", "extra_witch"):
        if not isinstance(o[key], bool):
            raise SetupError(f"{key} must be true or false")
    ghosts = o["ghosts"]
    if ghosts is not None:
        if not isinstance(ghosts, list) or m.n != 4 or ghosts not in ([1, 3], [3]):
            raise SetupError("ghosts are added by the game itself: give 2 or 3 players for the ghost variant")
    first = o["first_player"]
    if first is not None:
        if ghosts is None:
            raise SetupError("first_player is an option of the 2-3 player game only (the Black Cat decides otherwise)")
        if not is_int(first) or not 0 <= first < m.n or first in ghosts:
            raise SetupError("first_player must name one of the players")
    if any(b in (ghosts or []) for b in o["bots"]):
        raise SetupError("a ghost seat cannot be a bot")
    timer = o["timer_s"]
    if timer is not None and (
        isinstance(timer, bool)
        or not isinstance(timer, (int, float))
        or not (timer == 0 or MIN_TIMER_S <= timer <= MAX_TIMER_S)
    ):
        raise SetupError(
            f"timer_s is the seconds of the timer (R22), from {MIN_TIMER_S:g} to {MAX_TIMER_S:g}, or null (no timer)"
        )


def setup(m: SalemMatch) -> None:
    try:
        cat = m.cat = catalog()
    except CardDataError as exc:
        raise SetupError(f"cannot set up {m.title}: {exc}") from None
    check_setup_options(m)
    o = m.options
    n = m.n
    variant = o["ghosts"] is not None
    ghosts = list(o["ghosts"] or [])
    counts = VARIANT_TRYALS if variant else TRYAL_TABLE[n]
    nots, witches, constables, per = counts
    if o["extra_witch"] and not variant:
        nots, witches = nots - 1, witches + 1
    kinds = [WITCH] * witches + [CONSTABLE] * constables + [NOT_A_WITCH] * nots
    m.rng.shuffle(kinds)
    tryal_kind = {f"t{i}": k for i, k in enumerate(kinds)}
    rows = [[f"t{i}" for i in range(s * per, (s + 1) * per)] for s in range(n)]
    abilities = bool(o["town_hall"]) and not variant
    s: dict[str, Any] = {
        "variant": variant,
        "abilities": abilities,
        "ghosts": ghosts,
        "T": T_VARIANT if variant else T_STANDARD,
        "tryal_kind": tryal_kind,
        "rows": rows,
        "revealed": [[] for _ in range(n)],
        "hands": [[] for _ in range(n)],
        "fronts": [[] for _ in range(n)],
        "as_witness": [],
        "pile": [],
        "discard": [],
        "removed": [],
        "aside": [],
        "resolving": [],
        "alive": [True] * n,
        "witch": [any(tryal_kind[t] == WITCH for t in rows[p]) for p in range(n)],
        "witch_order": [],
        "known": [[] for _ in range(n)],
        "public_witch": [None] * n,
        "characters": [None] * n,
        "dealt": [[] for _ in range(n)],
        "uses": {},
        "active": None,
        "played": False,
        "gavel": None,
        "stack": [],
        "purged": False,
        "over": False,
        "team": None,
        "winners": [],
    }
    m.state = s
    s["witch_order"] = [p for p in range(n) if s["witch"][p]]
    for p in range(n):
        if s["witch"][p]:
            s["known"][p] = [p]
    m.emit(
        {
            "type": "setup",
            "variant": variant,
            "ghosts": ghosts,
            "threshold": s["T"],
            "rows": [len(r) for r in rows],
            "town_hall": abilities,
        }
    )
    for p in range(n):
        m.emit(
            {"type": "deal_tryal", "seat": p, "cards": list(rows[p]), "kinds": [tryal_kind[t] for t in rows[p]]},
            to=[p],
            others={"type": "deal_tryal", "seat": p, "count": len(rows[p])},
        )
    # Town Hall characters
    keep_window = False
    if variant or abilities:
        chars = list(CHARACTER_IDS)
        m.rng.shuffle(chars)
        if variant:
            s["characters"] = chars[:n]
            for g in ghosts:
                m.players[g] = cat.characters[chars[g]].name
            m.emit({"type": "characters", "characters": list(s["characters"]), "names": list(m.players)})
        elif n <= 7:
            keep_window = True
            for p in range(n):
                s["dealt"][p] = chars[2 * p : 2 * p + 2]
                m.emit({"type": "character_choice", "seat": p, "characters": list(s["dealt"][p])}, to=[p], others=None)
        else:
            s["characters"] = chars[:n]
            m.emit({"type": "characters", "characters": list(s["characters"]), "names": list(m.players)})
    # playing cards
    bc, con, night = cat.black_cat, cat.conspiracy, cat.night
    rest = [c for c in cat.card_ids if c not in (con, night) and (variant or c != bc)]
    m.rng.shuffle(rest)
    for p in range(n):
        if p in ghosts:
            continue
        s["hands"][p] = rest[:HAND_SIZE]
        del rest[:HAND_SIZE]
        m.emit(
            {"type": "deal", "seat": p, "cards": list(s["hands"][p])},
            to=[p],
            others={"type": "deal", "seat": p, "count": HAND_SIZE},
        )
    rest.append(con)
    m.rng.shuffle(rest)
    s["pile"] = rest + [night]
    if variant:
        first = o["first_player"]
        if first is None:
            humans = [p for p in range(n) if p not in ghosts]
            first = humans[m.rng.randint(0, len(humans) - 1)]
        start_turn(m, first)
    else:
        s["aside"] = [bc]
        s["stack"].append({"kind": "dawn", "stage": "start"})
        if keep_window:
            s["stack"].append({"kind": "keep", "stage": "start"})
    advance(m)
