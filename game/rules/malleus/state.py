"""State helpers of the story game: the constants, looking things up in ``m.state``
(ledgers, villagers, names, ids), the checks every handler uses (``need``, a known or
living villager, a side, a player's seat) and who is where in a round (the turn, the
actor's seat, the scene's present villagers, the secret-action collection).

``m.state`` is plain JSON data (see :mod:`game.rules.malleus.setup` for its fields).
"""

from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any

from game.engine.errors import IllegalCommand
from game.engine.shape import shown
from game.rules.malleus.words import phase_words

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch

PREVOT = 0
START_STANDING = 10
HAND_SIZE = 2
WIN_GAIN = 18
BASE_TARGET = 9
MAX_NOTES_PER_ACTION = 4
KINDS = ("accusation", "reveal_secret", "relationship_change", "facts_change", "bolster")
SIDES = ("for", "against")
REL_KINDS = ("ally", "enemy")
DIRECTIONS = ("new_to_old", "old_to_new")
CONFLICT_STEPS = ("confirm", "frame", "scene", "secret_step", "roll", "sides", "oppose", "aftermath", "outcome")
#: steps in which a conflict is open and its bonuses are still live (M1)
LIVE_STEPS = ("scene", "secret_step", "roll", "sides", "oppose")
JOIN_STEPS = ("scene", "roll", "sides")
#: moves open to every eligible seat whether or not the table waits for it (§3.4, R24)
INTERJECTIONS = frozenset(
    {
        "cite_fact",
        "approve_fact",
        "reject_fact",
        "take_side",
        "join_scene",
        "set_present",
        "assign_side",
        "narrate",
        "record_fact",
        "play_card",
    }
)
CITE_STEPS = ("scene", "roll", "sides", "oppose")


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def plain_copy(data: Any) -> Any:
    """A deep copy of plain data (views and events never share objects with the state)."""
    return marshal.loads(marshal.dumps(data))


def bad(code: str, message: str) -> IllegalCommand:
    return IllegalCommand(code, message)


def need(ok: bool, code: str, message: str) -> None:
    if not ok:
        raise bad(code, message)


def need_prevot(seat: int, what: str) -> None:
    need(seat == PREVOT, "prevot_only", f"Only the Prévôt may {what}.")


def need_player(seat: int, what: str) -> None:
    need(seat != PREVOT, "players_only", f"The Prévôt does not {what}; the players do.")


def scores(m: MalleusMatch) -> list[int]:
    """Personal gain per seat; the Prévôt's is 0 (M15)."""
    return [0] + [ledger(m, s)["personal_gain"] for s in m.players_seats]


def ledger(m: MalleusMatch, seat: int) -> dict[str, Any]:
    ret: dict[str, Any] = m.state["ledgers"][seat]
    return ret


def villager(m: MalleusMatch, vid: str) -> dict[str, Any]:
    ret: dict[str, Any] = m.state["villagers"][vid]
    return ret


def vname(m: MalleusMatch, vid: str | None) -> str:
    if vid is None:
        return "nobody"
    v = m.state["villagers"].get(vid)
    return v["name"] if v else vid


def pname(m: MalleusMatch, seat: int) -> str:
    return m.players[seat]


def new_id(m: MalleusMatch, kind: str) -> str:
    n = m.state["next"][kind]
    m.state["next"][kind] = n + 1
    return f"{kind}{n}"


def known_villager(m: MalleusMatch, value: Any, what: str = "villager") -> str:
    if not isinstance(value, str) or value not in m.state["villagers"]:
        raise bad("bad_villager", f"There is no villager {shown(value)} in the village ({what}).")
    return value


def is_alive(m: MalleusMatch, vid: str) -> bool:
    ret: bool = villager(m, vid)["status"] == "alive"
    return ret


def living_villager(m: MalleusMatch, value: Any, what: str = "villager") -> str:
    vid = known_villager(m, value, what)
    status = villager(m, vid)["status"]
    if status != "alive":
        raise bad("not_alive", f"{vname(m, vid)} is {status} and cannot be the {what} (R21).")
    return vid


def living_ids(m: MalleusMatch) -> list[str]:
    vs = m.state["villagers"]
    return [v for v in m.state["vorder"] if vs[v]["status"] == "alive"]


def is_npc(m: MalleusMatch, vid: str) -> bool:
    return villager(m, vid)["controlled_by"] is None


def player_seat(m: MalleusMatch, value: Any, what: str = "player") -> int:
    if not is_int(value) or not 1 <= value < m.n:
        raise bad("bad_player", f"{shown(value)} is not a player's seat ({what}: 1 to {m.n - 1}).")
    ret: int = value
    return ret


def check_side(value: Any, allow_none: bool = False) -> str:
    allowed = SIDES + (("none",) if allow_none else ())
    if value not in allowed:
        raise bad("bad_side", f"A side is {' or '.join(repr(s) for s in allowed)}, not {shown(value)}.")
    ret: str = value
    return ret


def check_bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise bad("bad_field", f"{what} must be true or false.")
    return value


def villager_list(m: MalleusMatch, value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or len(value) > 200:
        raise bad("bad_field", f"{what} must be a list of villager ids.")
    out: list[str] = []
    for item in value:
        vid = known_villager(m, item, what)
        if vid in out:
            raise bad("duplicate", f"{vname(m, vid)} is listed twice in {what}.")
        out.append(vid)
    return out


def in_secret_phase(m: MalleusMatch) -> bool:
    st = m.state
    if st["step"] in ("secret_phase", "phase_resolve"):
        return True
    return st["conflict"] is not None and st["conflict"]["npc"]


def in_turn(m: MalleusMatch) -> bool:
    """A player's turn is under way (not the secret action phase)."""
    st = m.state
    return (
        st["phase"] == "round"
        and st["step"] not in ("secret_phase", "phase_resolve")
        and not (st["conflict"] is not None and st["conflict"]["npc"])
    )


def turn_seat(m: MalleusMatch) -> int:
    st = m.state
    ret: int = st["turn_order"][st["turn_idx"]]
    return ret


def actor_seat(c: dict[str, Any]) -> int:
    """Who acts for the conflict's actor: its player, or the Prévôt for an NPC."""
    return c["actor_player"] if c["actor_player"] is not None else PREVOT


def present_in(m: MalleusMatch, c: dict[str, Any]) -> list[str]:
    if c["scene"] is None:
        return []
    ret: list[str] = scene_by_id(m, c["scene"])["present"]
    return ret


def scene_by_id(m: MalleusMatch, sid: str) -> dict[str, Any]:
    for scene in m.state["scenes"]:
        if scene["id"] == sid:
            ret: dict[str, Any] = scene
            return ret
    raise KeyError(sid)


def need_phase(m: MalleusMatch, phase: str, what: str) -> None:
    st = m.state
    if st["phase"] != phase:
        raise bad("wrong_phase", f"You cannot {what} now: {phase_words(m)}.")


def need_step(m: MalleusMatch, steps: tuple[str, ...] | str, what: str) -> Any:
    """Refuse the command unless the round is at one of ``steps``; returns the open
    conflict (a dict; None at the "declare" step, where no conflict is open yet)."""
    st = m.state
    if isinstance(steps, str):
        steps = (steps,)
    if st["phase"] != "round" or st["step"] not in steps:
        raise bad("wrong_step", f"You cannot {what} now: {phase_words(m)}.")
    ret: dict[str, Any] | None = st["conflict"]
    return ret


def threshold(m: MalleusMatch) -> int:
    return 3 * m.n  # R3: the Prévôt counts as a participant


def companion_ok(m: MalleusMatch, vid: str) -> bool:
    v = villager(m, vid)
    return v["controlled_by"] is None and v["status"] == "alive"


def new_collect(m: MalleusMatch, kind: str) -> dict[str, Any]:
    return {
        "kind": kind,
        "waiting": m.players_seats,
        "submitted": [],
        "subs": {},
        "queue": [],
        "notes": [],
        "resolving": False,
    }


def replacements_needed(m: MalleusMatch, seat: int) -> list[str]:
    """R19: empty slots a player must fill in the round's secret action phase (when
    anything could fill them)."""
    led = ledger(m, seat)
    need = []
    npcs = [v for v in m.state["vorder"] if companion_ok(m, v)]
    if led["envy"] is None and npcs:
        need.append("envy")
    if led["vendetta"] is None and any(vendetta_ok(m, seat, v) for v in m.state["vorder"]):
        need.append("vendetta")
    if led["companion"] is None and [v for v in npcs if v not in companions_taken(m, seat)]:
        need.append("companion")
    return need


def vendetta_ok(m: MalleusMatch, seat: int, vid: str) -> bool:
    ret: bool = vid != ledger(m, seat)["villager"] and villager(m, vid)["status"] != "executed"
    return ret


def companions_taken(m: MalleusMatch, seat: int) -> set[str]:
    return {ledger(m, p)["companion"] for p in m.players_seats if p != seat and ledger(m, p)["companion"] is not None}


def citable_ids(m: MalleusMatch) -> list[str]:
    st = m.state
    facts = st["facts"]
    ids = list(m.cat.stereotype)
    ids.extend(f for f in st["forder"] if facts[f]["status"] == "active")
    return ids
