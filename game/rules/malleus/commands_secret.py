"""Commands of secret actions — in a conflict's secret step and in the round's secret
action phase — with the Prévôt's queue, NPC conflicts and recorded facts
(docs/rules/malleus.md §3.5, §3.10, M8, M12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.malleus.cardplay import card_params, card_problem, own_card, resolve_card
from game.rules.malleus.cards import PUBLIC_ONLY
from game.rules.malleus.parse import declare_event, new_conflict, parse_conflict, parse_envy, parse_vendetta
from game.rules.malleus.rounds import after_queue, end_round, queued_play
from game.rules.malleus.state import (
    HAND_SIZE,
    MAX_NOTES_PER_ACTION,
    PREVOT,
    companions_taken,
    is_npc,
    known_villager,
    ledger,
    living_villager,
    need,
    need_player,
    need_prevot,
    need_step,
    new_collect,
    player_seat,
    replacements_needed,
    vname,
)
from game.rules.malleus.village import add_fact, close_bribery
from game.rules.malleus.words import clean_text

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def begin_resolution(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    c = need_step(m, "scene", "begin the resolution")
    need_prevot(seat, "begin the resolution")
    c["resolution_begun"] = True
    st["step"] = "secret_step"
    st["collect"] = new_collect(m, "step")
    m.emit({"type": "resolution", "conflict": c["id"]})


def secret_action(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    need_step(m, ("secret_step", "secret_phase"), "send a secret action")
    need_player(seat, "send secret actions; he resolves them")
    col = st["collect"]
    need(seat in col["waiting"], "already_done", "Your secret action is already in.")
    led = ledger(m, seat)
    c = st["conflict"]
    intimidated = c is not None and seat in c["intimidated"]
    text = clean_text(cmd["text"], "The secret action")
    cards = cmd.get("cards", [])
    need(isinstance(cards, list) and len(cards) <= HAND_SIZE + 1, "bad_cards", "cards must be a list of card plays.")
    need(not (cards and intimidated), "intimidated", "You are intimidated: no cards in this conflict (R27).")
    plays: list[dict[str, Any]] = []
    used: set[str] = set()
    for entry in cards:
        need(isinstance(entry, dict) and "card" in entry, "bad_cards", "Each card play is {card, …}.")
        card = own_card(m, seat, entry["card"])
        need(card not in used, "bad_cards", f"{card} is listed twice.")
        used.add(card)
        ctype = m.cat.type_of[card]
        need(
            ctype not in PUBLIC_ONLY,
            "public_card",
            f"{m.cat.types[ctype].name} is never played in secret; play it openly in the aftermath.",
        )
        params = card_params(m, seat, card, entry, in_secret_action=True)
        plays.append({"card": card, "type": ctype, "player": seat, "params": params})
    order = cmd.get("companion_order")
    if order is not None:
        need(led["companion"] is not None, "no_companion", "You have no companion to order.")
        need(not intimidated, "intimidated", "You are intimidated: no orders to your companion here (R27).")
        order = clean_text(order, "The companion order")
    notes = cmd.get("notes", [])
    need(
        isinstance(notes, list) and len(notes) <= MAX_NOTES_PER_ACTION,
        "bad_notes",
        "notes must be a list of {to, text}.",
    )
    clean_notes: list[dict[str, Any]] = []
    for note in notes:
        need(isinstance(note, dict) and set(note) == {"to", "text"}, "bad_notes", "A note is {to, text}.")
        to = player_seat(m, note["to"], "note's addressee")
        need(to != seat, "bad_notes", "A note goes to another player.")
        need(all(n["to"] != to for n in clean_notes), "bad_notes", "One note per player (M8).")
        clean_notes.append({"to": to, "text": clean_text(note["text"], "The note")})
    # R19 replacements
    new_envy = cmd.get("new_envy")
    new_vendetta = cmd.get("new_vendetta")
    new_companion = cmd.get("new_companion")
    if new_envy is not None:
        need(led["envy"] is None, "slot_full", "You still have an envy; only an empty one is replaced (R19).")
        new_envy = parse_envy(m, new_envy, seat)
    if new_vendetta is not None:
        need(led["vendetta"] is None, "slot_full", "You still have a vendetta (R19).")
        new_vendetta = parse_vendetta(m, new_vendetta, seat)
    if new_companion is not None:
        need(led["companion"] is None, "slot_full", "You still have a companion (R19).")
        vid = living_villager(m, new_companion, "companion")
        need(is_npc(m, vid), "bad_companion", "A companion is a villager nobody plays (R6).")
        need(vid not in companions_taken(m, seat), "companion_taken", "That companion is taken; choose again.")
        new_companion = vid
    if col["kind"] == "phase":
        given = {"envy": new_envy, "vendetta": new_vendetta, "companion": new_companion}
        for slot in replacements_needed(m, seat):
            need(
                given[slot] is not None,
                "replacement_needed",
                f"Your {slot} is empty: name a new one in this secret action (R19).",
            )
    if new_envy is not None:
        led["envy"] = new_envy
    if new_vendetta is not None:
        led["vendetta"] = new_vendetta
    if new_companion is not None:
        led["companion"] = new_companion
    for play in plays:
        led["queued"].append(play["card"])
        col["queue"].append(play)
    if order is not None:
        st["orders"].append({"player": seat, "kind": "companion", "villager": led["companion"], "text": order})
    sub = {
        "player": seat,
        "text": text,
        "cards": [{"card": p["card"], "type": p["type"], **p["params"]} for p in plays],
        "companion_order": order,
        "notes": [{"to": n["to"]} for n in clean_notes],
        "new_envy": new_envy,
        "new_vendetta": new_vendetta,
        "new_companion": new_companion,
    }
    col["subs"][str(seat)] = sub
    col["waiting"].remove(seat)
    col["submitted"].append(seat)
    m.emit(dict(sub, type="secret_action"), to=[seat, PREVOT], others={"type": "secret_action_in", "player": seat})
    for note in clean_notes:
        col["notes"].append({"from": seat, "to": note["to"]})
        ledger(m, note["to"])["inbox"].append(
            {"kind": "note", "from": seat, "text": note["text"], "round": st["round"]}
        )
        m.emit(
            {"type": "note", "from": seat, "to": note["to"], "text": note["text"]},
            to=[seat, note["to"]],
            others={"type": "note", "from": seat, "to": note["to"]},
        )
    if not col["waiting"]:
        col["resolving"] = True
        m.emit({"type": "secret_actions_in"})
        if st["step"] == "secret_phase" and not col["queue"]:
            st["step"] = "phase_resolve"


def apply_card(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    play = queued_play(m, seat, cmd, "apply a queued card")
    problem = card_problem(m, play["player"], play["card"], play["params"], secret=True, queued=True)
    need(problem is None, "cannot_apply", f"{problem} Void the card instead.")
    col = m.state["collect"]
    col["queue"].remove(play)
    ledger(m, play["player"])["queued"].remove(play["card"])
    resolve_card(m, play["player"], play["card"], play["params"], secret=True)
    after_queue(m)


def void_card(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    play = queued_play(m, seat, cmd, "void a queued card")
    col = m.state["collect"]
    col["queue"].remove(play)
    ledger(m, play["player"])["queued"].remove(play["card"])
    m.emit(
        {"type": "card_void", "card": play["card"], "card_type": play["type"], "player": play["player"]},
        to=[play["player"], PREVOT],
    )
    after_queue(m)


def close_secret_actions(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    c = need_step(m, "secret_step", "close the secret actions")
    need_prevot(seat, "close the secret actions")
    col = st["collect"]
    need(col["resolving"], "wrong_step", "Wait until every secret action is in.")
    need(not col["queue"], "queue_waiting", "Apply or void every queued card first.")
    st["collect"] = None
    st["step"] = "roll"
    m.emit({"type": "secret_actions_closed", "conflict": c["id"]})


def start_npc_conflict(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    need_step(m, "phase_resolve", "start an NPC conflict")
    need_prevot(seat, "start an NPC conflict")
    actor = living_villager(m, cmd["actor_villager"], "acting NPC")
    need(is_npc(m, actor), "not_npc", f"{vname(m, actor)} is a player's villager.")
    need(cmd["kind"] != "reveal_secret", "npc_reveal", "NPCs cannot reveal secrets (R30).")
    parsed = parse_conflict(m, cmd["kind"], cmd, actor, None)
    c = new_conflict(m, cmd["kind"], actor, None, parsed, npc=True)
    st["conflict"] = c
    m.emit(declare_event(c))
    st["step"] = "frame"


def end_secret_phase(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    need_step(m, "phase_resolve", "end the secret action phase")
    need_prevot(seat, "end the secret action phase")
    close_bribery(m, "phase")
    close_bribery(m, "turn")
    st["collect"] = None
    st["orders"] = []
    st["records"] = 0
    m.emit({"type": "phase_over", "round": st["round"]})
    end_round(m)


def record_fact(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    need(st["phase"] == "round", "wrong_phase", "Facts are recorded this way during the game proper.")
    need_prevot(seat, "record a fact")
    need(
        st["records"] > 0,
        "nothing_to_record",
        "record_fact records what a card destroyed (If I Can't Have It, Nobody Can) (M12).",
    )
    subject = cmd["subject"]
    if subject is not None:
        subject = known_villager(m, subject, "fact's subject")
    text = clean_text(cmd["text"], "The fact")
    st["records"] -= 1
    fid = add_fact(m, text, subject)
    m.emit({"type": "record", "fact": fid})
