"""Commands from the rolls to the end of a turn, and open card plays
(docs/rules/malleus.md §3.6–§3.9, §3.12, §4, M1, M7, M10, M11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.malleus.cardplay import card_params, card_problem, own_card, resolve_card
from game.rules.malleus.rounds import next_turn, record_roll, resolve_conflict
from game.rules.malleus.sides import bonuses, loser_seat, opposing_roller, player_sides
from game.rules.malleus.state import (
    BASE_TARGET,
    PREVOT,
    actor_seat,
    check_bool,
    ledger,
    need,
    need_player,
    need_prevot,
    need_step,
    pname,
    turn_seat,
    villager,
)
from game.rules.malleus.village import close_bribery, roll3d6, set_standing
from game.rules.malleus.words import clean_text

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def roll(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    c = need_step(m, ("roll", "oppose"), "roll")
    if st["step"] == "roll":
        actor = actor_seat(c)
        need(
            seat == actor,
            "not_your_roll",
            f"{'The Prévôt' if actor == PREVOT else pname(m, actor)} rolls for the actor.",
        )
        dice = roll3d6(m)
        c["roll_for"] = dice
        bonus = bonuses(m, c)
        total = sum(dice) + bonus["for"]["total"]
        event = {
            "type": "roll",
            "conflict": c["id"],
            "side": "for",
            "seat": seat,
            "dice": dice,
            "sum": sum(dice),
            "bonus": bonus["for"]["total"],
            "total": total,
        }
        # what the roll means if nothing changes (§3.6): the table shows it at once
        opposer = opposing_roller(m, c)
        if opposer is None:
            target = BASE_TARGET + bonus["against"]["total"]
            event.update(
                opposed_by=None,
                target_number=target,
                margin_if_unchanged=total - target,
                result_if_unchanged="win" if total > target else "loss",
            )
        else:
            event.update(opposed_by=opposer, needs=total - bonus["against"]["total"])
        record_roll(m, event)
        st["step"] = "sides"
        return
    roller = opposing_roller(m, c)
    need(
        seat == roller,
        "not_your_roll",
        "Nobody rolls against this conflict."
        if roller is None
        else f"{pname(m, roller)} rolls for the opposition (§3.6.3).",
    )
    dice = roll3d6(m)
    c["roll_against"] = dice
    c["roller"] = seat
    bonus = bonuses(m, c)
    target = sum(dice) + bonus["against"]["total"]
    record_roll(
        m,
        {
            "type": "roll",
            "conflict": c["id"],
            "side": "against",
            "seat": seat,
            "dice": dice,
            "sum": sum(dice),
            "bonus": bonus["against"]["total"],
            "total": target,
            "target_number": target,
            "actor_total": sum(c["roll_for"]) + bonus["for"]["total"],
        },
    )
    resolve_conflict(m)


def lock_sides(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    c = need_step(m, "sides", "lock the sides")
    need_prevot(seat, "lock the sides")
    roller = opposing_roller(m, c)
    m.emit({"type": "sides_locked", "conflict": c["id"], "roller": roller})
    if roller is None:
        resolve_conflict(m)
        return
    st["step"] = "oppose"


def close_window(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    c = need_step(m, "aftermath", "close the aftermath window")
    need_prevot(seat, "close the aftermath window")
    target = c["loss_target"]
    loss = c["pending_loss"]
    m.emit({"type": "window_closed", "conflict": c["id"], "target": target, "loss": loss})
    v = villager(m, target)
    if v["status"] == "alive":
        set_standing(m, target, v["standing"] - loss, c["kind"])
    st["step"] = "outcome"


def narrate(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    c = need_step(m, ("aftermath", "outcome"), "narrate the outcome")
    loser = loser_seat(m, c)
    need(
        seat == loser,
        "not_the_loser",
        f"{'The Prévôt' if loser == PREVOT else pname(m, loser)} lost and narrates the outcome.",
    )
    need(not c["narrated"], "already_done", "The outcome has been narrated.")
    text = clean_text(cmd["text"], "The narration")
    c["narrated"] = True
    m.emit({"type": "narrate", "conflict": c["id"], "seat": seat, "text": text})


def end_turn(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    c = need_step(m, "outcome", "end the turn")
    need_prevot(seat, "end the turn")
    if not c["npc"]:
        close_bribery(m, "turn")
    winning = "for" if c["result"] == "win" else "against"
    changes = []
    members: list[tuple[int, str]] = []
    if c["actor_player"] is not None:
        members.append((c["actor_player"], "for"))
    members.extend(player_sides(m, c, for_pools=False))
    seen = set()
    for p, side in members:  # §3.9, R16: player villagers on a side
        if p in seen:
            continue
        seen.add(p)
        vid = ledger(m, p)["villager"]
        delta = 1 if side == winning else -1
        before = villager(m, vid)["standing"]
        set_standing(m, vid, before + delta, "end_of_turn")
        changes.append({"player": p, "villager": vid, "delta": villager(m, vid)["standing"] - before})
    m.emit({"type": "end_turn", "conflict": c["id"], "result": c["result"], "changes": changes})
    if c["npc"]:
        st["conflict"] = None
        st["step"] = "phase_resolve"
        return
    st["step"] = "discard"


def discard(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    st = m.state
    need_step(m, "discard", "discard")
    need(seat == turn_seat(m), "not_your_turn", f"{pname(m, turn_seat(m))} discards now.")
    cards = cmd["cards"]
    need(isinstance(cards, list) and len(cards) <= 10, "bad_cards", "cards must be a list of your card ids.")
    led = ledger(m, seat)
    picked: list[str] = []
    for card in cards:
        card = own_card(m, seat, card, allow_locked=True)
        need(card not in picked, "bad_cards", f"{card} is listed twice.")
        picked.append(card)
    for card in picked:
        led["hand"].remove(card)
        if card in led["locked"]:
            led["locked"].remove(card)
        st["discard"].append(card)
    m.emit(
        {"type": "discard", "player": seat, "count": len(picked), "cards": picked},
        to=[seat, PREVOT],
        others={"type": "discard", "player": seat, "count": len(picked)},
    )
    close_bribery(m, "turn")
    st["orders"] = []
    st["records"] = 0
    next_turn(m)


def play_card(m: MalleusMatch, seat: int, cmd: dict[str, Any]) -> None:
    need_player(seat, "hold cards")
    need(m.state["phase"] == "round", "wrong_phase", "Cards are played during the game proper (R24).")
    card = own_card(m, seat, cmd["card"])
    secret = check_bool(cmd["secret"], "secret")
    ctype = m.cat.type_of[card]
    need(ctype != "blackmail", "secret_action_only", "Blackmail is played only inside a secret action.")
    params = card_params(m, seat, card, cmd, in_secret_action=False)
    problem = card_problem(m, seat, card, params, secret=secret, queued=False)
    need(problem is None, "cannot_play", problem or "")
    resolve_card(m, seat, card, params, secret=secret)
