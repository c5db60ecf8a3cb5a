"""Cards in play: whose card it is, the shape of a play's parameters, whether it can
take effect now, and what it does (docs/rules/malleus.md §3.12, §4, R20–R28, R35, R36,
M8, M10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.shape import shown
from game.rules.malleus.cards import AFTERMATH_CARDS, CARD_PARAMS, NO_TRACE, PUBLIC_ONLY
from game.rules.malleus.parse import parse_envy, parse_vendetta
from game.rules.malleus.rounds import resolve_conflict
from game.rules.malleus.sides import opposing_roller
from game.rules.malleus.state import (
    CONFLICT_STEPS,
    LIVE_STEPS,
    PREVOT,
    START_STANDING,
    bad,
    is_alive,
    is_npc,
    known_villager,
    ledger,
    need,
    player_seat,
    pname,
    present_in,
    villager,
    vname,
)
from game.rules.malleus.village import set_standing
from game.rules.malleus.words import clean_text

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def own_card(m: MalleusMatch, seat: int, card: Any, allow_locked: bool = False) -> str:
    led = ledger(m, seat)
    if not isinstance(card, str) or card not in m.cat.type_of:
        raise bad("bad_card", f"There is no card {shown(card)} in Malleus Maleficarum.")
    need(card in led["hand"], "not_in_hand", f"{card} is not in your hand.")
    if not allow_locked:
        need(
            card not in led["locked"],
            "locked",
            f"{m.cat.types[m.cat.type_of[card]].name} was played in secret and is locked until discarded.",
        )
        need(card not in led["queued"], "queued", f"{card} waits in the Prévôt's queue.")
    return card


def card_params(m: MalleusMatch, seat: int, card: str, cmd: dict[str, Any], in_secret_action: bool) -> dict[str, Any]:
    """Check the shape of a card play's parameters; return them cleaned."""
    ctype = m.cat.type_of[card]
    want = CARD_PARAMS[ctype]
    base = {"card"} | ({"secret"} if not in_secret_action else set())
    extra = sorted(set(cmd) - base - {"type"} - set(want))
    name = m.cat.types[ctype].name
    need(not extra, "bad_command", f"{name} takes no {shown(extra[0])}." if extra else "")
    missing = [k for k in want if k not in cmd]
    need(not missing, "bad_command", f"{name} needs {missing[0]!r}." if missing else "")
    params: dict[str, Any] = {}
    for key in want:
        value = cmd[key]
        if key == "target":
            params["target"] = known_villager(m, value, "card's target")
        elif key == "player":
            params["player"] = player_seat(m, value)
        elif key == "relationship":
            need(
                isinstance(value, str) and value in m.state["rels"],
                "bad_relationship",
                f"There is no relationship {shown(value)}.",
            )
            params["relationship"] = value
        elif key == "new_envy":
            params["new_envy"] = parse_envy(m, value, seat)
        elif key == "new_vendetta":
            params["new_vendetta"] = parse_vendetta(m, value, seat)
        elif key == "order":
            params["order"] = clean_text(value, "The Blackmail order")
    return params


def card_problem(
    m: MalleusMatch, seat: int, card: str, params: dict[str, Any], secret: bool, queued: bool
) -> str | None:
    """Why this play cannot take effect now (None: it can). Timing per §4."""
    st = m.state
    ctype = m.cat.type_of[card]
    name = m.cat.types[ctype].name
    c = st["conflict"]
    if st["phase"] != "round":
        return "Cards are played during the game proper (R24)."
    if ctype in PUBLIC_ONLY and secret:
        return f"{name} is never played in secret."
    conflict_live = c is not None and st["step"] in CONFLICT_STEPS
    if conflict_live and seat in c["intimidated"]:
        return "You are intimidated: no cards in this conflict (R27)."
    led = ledger(m, seat)
    if ctype == "blackmail":
        if not queued:
            return "Blackmail is played only inside a secret action."
        vid = params["target"]
        if not (is_npc(m, vid) and is_alive(m, vid)):
            return f"{vname(m, vid)} is not a living villager nobody plays."
        return None
    if ctype == "bribery":
        vid = params["target"]
        window = next((b for b in st["bribery"] if b["villager"] == vid), None)
        if window is None or villager(m, vid)["status"] != "sentenced":
            return f"No Bribery window is open for {vname(m, vid)} (R20)."
        cause = villager(m, vid)["sentenced_in"]
        if cause is not None and seat in intimidated_in(m, cause):
            return "You were intimidated in the conflict that brought this sentence (R27)."
        return None
    if ctype in ("eavesdropping", "sharp_intuition", "intimidation"):
        if params["player"] == seat:
            return "Name another player."
    if ctype in ("eavesdropping", "sharp_intuition"):
        return None
    if ctype == "if_i_cant":
        envy = led["envy"]
        if envy is None or envy["thing_villager"] is not None:
            return "Your envy must be an object, not a person (R35)."
        return None
    if ctype == "interloper":
        if c is None or st["step"] not in LIVE_STEPS or c["frozen_bonus"] is not None:
            return "Interloper is played in a conflict, before its last roll."
        if c["npc"]:
            return "Interloper is not played in NPC conflicts (R28)."
        if c["actor_player"] == seat:
            return "Interloper is played on another player's turn (R28)."
        vid = params["target"]
        if not is_alive(m, vid):
            return f"{vname(m, vid)} is {villager(m, vid)['status']} (R21)."
        if vid in present_in(m, c):
            return f"{vname(m, vid)} is already in the scene."
        return None
    if ctype == "intimidation":
        if c is None or st["step"] not in ("confirm", "frame") + LIVE_STEPS or c["frozen_bonus"] is not None:
            return "Intimidation is played from a declaration until the last roll."
        p = params["player"]
        if p == c["actor_player"]:
            return "The actor cannot be intimidated (R27)."
        if p in c["intimidated"]:
            return f"{pname(m, p)} is already intimidated."
        return None
    if ctype in AFTERMATH_CARDS:
        if c is None or st["step"] != "aftermath":
            return f"{name} is played in the aftermath of a successful accusation or reveal."
        if ctype == "gossip" and c["gossip"]:
            return "Malevolent Gossip was already played on this conflict (R25)."
        if ctype == "shifting_blame":
            if c["shifted"]:
                return "Shifting the Blame was already played on this conflict (R25)."
            vid = params["target"]
            if vid == c["loss_target"] or not is_alive(m, vid):
                return "Shift the loss to another living, unsentenced villager."
        return None
    if ctype == "planted_evidence":
        vid = params["target"]
        if not is_alive(m, vid):
            return f"{vname(m, vid)} is {villager(m, vid)['status']} (R21)."
        if villager(m, vid)["standing"] > 6:
            return f"{vname(m, vid)} stands at {villager(m, vid)['standing']}; Planted Evidence needs 6 or less."
        return None
    if ctype == "satiation":
        ven = led["vendetta"]
        if ven is None:
            return "You have no vendetta to replace (M13)."
        if params["new_vendetta"]["target"] == ven["target"]:
            return "The new vendetta must name a different target (R36)."
        return None
    if ctype == "treachery":
        r = st["rels"].get(params["relationship"])
        if r is None or r["kind"] != "ally":
            return "Treachery turns an ally relationship to enemy."
        return None
    if ctype == "whispering":
        vid = params["target"]
        if not is_alive(m, vid):
            return f"{vname(m, vid)} is {villager(m, vid)['status']} (R21)."
        return None
    return None


def intimidated_in(m: MalleusMatch, conflict_id: str) -> list[int]:
    c = m.state["conflict"]
    if c is not None and c["id"] == conflict_id:
        ret: list[int] = c["intimidated"]
        return ret
    ret = m.state["past_intimidated"].get(conflict_id, [])
    return ret


def resolve_card(m: MalleusMatch, seat: int, card: str, params: dict[str, Any], secret: bool) -> None:
    """Carry out a card (§4); lock a secret one, discard a public one (§3.12)."""
    st = m.state
    ctype = m.cat.type_of[card]
    led = ledger(m, seat)
    c = st["conflict"]
    full = {"type": "card", "card": card, "card_type": ctype, "player": seat, "secret": secret}
    visible: dict[str, Any] = {}
    private_note: dict[str, Any] | None = None
    if ctype == "blackmail":
        st["orders"].append(
            {"player": seat, "kind": "blackmail", "villager": params["target"], "text": params["order"], "card": card}
        )
        full.update(target=params["target"], order=params["order"])
    elif ctype == "bribery":
        vid = params["target"]
        v = villager(m, vid)
        v["status"] = "alive"
        v["sentenced_in"] = None
        st["bribery"] = [b for b in st["bribery"] if b["villager"] != vid]
        visible["target"] = vid
        set_standing(m, vid, START_STANDING, "bribery")
    elif ctype == "eavesdropping":
        other = ledger(m, params["player"])
        secret_text = other["secret"]["text"] if other["secret"] else None
        private_note = {"kind": "eavesdropping", "player": params["player"], "secret": secret_text}
        other["seen_by"]["secret"].append(seat)
        full["player_seen"] = params["player"]
        if not secret:
            visible["on"] = params["player"]
    elif ctype == "sharp_intuition":
        other = ledger(m, params["player"])
        private_note = {
            "kind": "sharp_intuition",
            "player": params["player"],
            "envy": dict(other["envy"]) if other["envy"] else None,
            "vendetta": {k: other["vendetta"][k] for k in ("target", "reason")} if other["vendetta"] else None,
        }
        other["seen_by"]["envy_vendetta"].append(seat)
        full["player_seen"] = params["player"]
        if not secret:
            visible["on"] = params["player"]
    elif ctype == "if_i_cant":
        full.update(old_envy=dict(led["envy"]), new_envy=params["new_envy"])
        led["envy"] = params["new_envy"]
        st["records"] += 1
    elif ctype == "interloper":
        vid = params["target"]
        present_in(m, c).append(vid)
        c["interlopers"].append(vid)
        visible["target"] = vid
    elif ctype == "intimidation":
        p = params["player"]
        c["intimidated"].append(p)
        c["sides"].pop(str(p), None)
        c["citations"] = [x for x in c["citations"] if x["by"] != p]
        st["past_intimidated"][c["id"]] = list(c["intimidated"])
        visible["on"] = p
    elif ctype == "gossip":
        c["gossip"] = True
        c["pending_loss"] *= 2
        visible["pending_loss"] = c["pending_loss"]
    elif ctype == "shifting_blame":
        c["shifted"] = True
        visible["from"] = c["loss_target"]
        c["loss_target"] = params["target"]
        visible["target"] = params["target"]
    elif ctype == "planted_evidence":
        visible["target"] = params["target"]
    elif ctype == "satiation":
        full.update(old_vendetta=dict(led["vendetta"]), new_vendetta=params["new_vendetta"])
        led["vendetta"] = params["new_vendetta"]
    elif ctype == "treachery":
        r = st["rels"][params["relationship"]]
        visible["relationship"] = r["id"]
    elif ctype == "whispering":
        visible["target"] = params["target"]
    full.update(visible)
    # the hand: a secret play stays locked in hand, a public one is discarded
    if secret:
        led["locked"].append(card)
    else:
        led["hand"].remove(card)
        st["discard"].append(card)
    if not secret:
        public = {"type": "card", "card_type": ctype, "player": seat, "secret": False, **visible}
        m.emit(full, to=[seat, PREVOT], others=public)
    elif ctype in NO_TRACE:
        m.emit(full, to=[seat, PREVOT], others=None)
    else:
        m.emit(full, to=[seat, PREVOT], others={"type": "card", "card_type": ctype, "secret": True, **visible})
    if private_note is not None:
        led["inbox"].append(dict(private_note, round=st["round"]))
        m.emit(dict(private_note, type="learned", player_seen=private_note["player"], player=seat), to=[seat, PREVOT])
    # effects that move standings or relationships come after the card's event
    if ctype == "planted_evidence":
        set_standing(m, params["target"], 0, "planted_evidence")
    elif ctype == "whispering":
        vid = params["target"]
        set_standing(m, vid, villager(m, vid)["standing"] - 3, "whispering")
    elif ctype == "treachery":
        r = st["rels"][params["relationship"]]
        r["kind"] = "enemy"
        m.emit(
            {
                "type": "relationship",
                "id": r["id"],
                "from": r["from"],
                "to": r["to"],
                "kind": "enemy",
                "mutual": r["mutual"],
                "change": "treachery",
            }
        )
        if c is not None:  # R26: defaults recompute
            for vid in (r["from"], r["to"]):
                c["npc_sides"].pop(vid, None)
    elif ctype == "intimidation" and st["step"] == "oppose" and opposing_roller(m, c) is None:
        resolve_conflict(m)  # M2: nobody is left to roll against
