"""The Hammer of the Witches: how the game moves on (docs/rules/hammer.md §5).

Everything a command sets off once it is accepted: heat on the pyres, drawing and
reshuffling, the sealed box opening, the phases of a round following each other, the
burning and the end of the game. Every function takes the match ``m`` and changes
``m.state`` and the log (``m.emit``); none of them checks anything a player sent (the
command handlers in :mod:`game.rules.hammer.commands` have done that).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.hammer.cards import HAND_SIZE, heat_after
from game.rules.hammer.state import alive, hottest, next_seat, scores

if TYPE_CHECKING:
    from game.rules.hammer.match import HammerMatch


# ------------------------------------------------------------------ heat and cards --
def set_heat(m: HammerMatch, vid: str, target: int, cause: str | None) -> None:
    v = m.state["villagers"][vid]
    start = m.t.pyre_start[v["pyre"]]
    new = heat_after(start, target, 0)
    event = {"type": "heat", "villager": vid, "from": v["heat"], "to": new}
    if cause:
        event["card"] = cause
    v["heat"] = new
    m.emit(event)


def add_heat(m: HammerMatch, vid: str, amount: int, cause: str | None) -> None:
    v = m.state["villagers"][vid]
    if v["status"] != "alive":
        return
    set_heat(m, vid, v["heat"] + amount, cause)


def take_from_table(m: HammerMatch, card: str) -> None:
    m.state["table"].remove(card)


def take_cards(m: HammerMatch, count: int) -> tuple[list[str], int | None]:
    """Up to ``count`` cards off the pile, reshuffling the discard pile into a new
    pile when it runs out (§3, R13). Returns the cards and the size of the new pile
    if there was a reshuffle. Emits nothing: the callers order the events."""
    s = m.state
    got: list[str] = []
    reshuffled = None
    for _ in range(count):
        if not s["deck"]:
            if not s["discard"]:
                break
            s["deck"] = s["discard"]
            s["discard"] = []
            m.rng.shuffle(s["deck"])
            reshuffled = len(s["deck"])
        got.append(s["deck"].pop())
    return got, reshuffled


def draw_event(m: HammerMatch, seat: int, got: list[str]) -> None:
    # hand sizes are private (§8.2, R24), so only the drawer learns how many
    m.emit(
        {"type": "draw", "seat": seat, "count": len(got), "cards": got},
        to=[seat],
        others={"type": "draw", "seat": seat},
    )


def draw(m: HammerMatch, seat: int, count: int) -> None:
    got, reshuffled = take_cards(m, count)
    if reshuffled is not None:
        m.emit({"type": "reshuffle", "count": reshuffled})
    m.state["hands"][seat].extend(got)
    draw_event(m, seat, got)


def draw_up(m: HammerMatch) -> None:
    """R11: once everyone has discarded, each player in refill order draws up to 6.
    The events show others no counts and put any reshuffle first, so nothing public
    depends on one player's hand size (§8.2) — only the total drawn shows, in the pile."""
    s = m.state
    drawn: list[tuple[int, list[str]]] = []
    reshuffled = None
    for seat in s["refill_order"]:
        got, again = take_cards(m, max(0, HAND_SIZE - len(s["hands"][seat])))
        s["hands"][seat].extend(got)
        drawn.append((seat, got))
        if again is not None:
            reshuffled = again
    if reshuffled is not None:
        m.emit({"type": "reshuffle", "count": reshuffled})
    for seat, got in drawn:
        draw_event(m, seat, got)


def phase_event(m: HammerMatch) -> None:
    s = m.state
    m.emit({"type": "phase", "phase": s["phase"], "round": s["round"], "inquisitor": s["inquisitor"]})


def open_box(m: HammerMatch) -> None:
    """§8.3, R22: at the three public moments every sealed bribe resolves, in an order
    shuffled by the match's generator, and goes to the discard pile."""
    s = m.state
    box = s["box"]
    if not box:
        return
    s["box"] = []
    order = {vid: i for i, vid in enumerate(s["vorder"])}
    size = m.t.bribe_size
    # a canonical order first, so the shuffle's result never depends on who sealed when
    box.sort(key=lambda b: (order[b["target"]], b["sign"] * size[b["card"]], b["card"]))
    m.rng.shuffle(box)
    m.emit({"type": "box_open", "count": len(box)})
    for b in box:
        card, target, sign = b["card"], b["target"], b["sign"]
        value = sign * size[card]
        lives = s["villagers"][target]["status"] == "alive"
        event = {"type": "bribe", "card": card, "target": target, "sign": sign, "value": value, "lapsed": not lives}
        # R15: the briber is never named to anyone else, not even as a field set to null
        m.emit(dict(event, yours=True), to=[b["seat"]], others=event)
        if lives:
            add_heat(m, target, value, card)
        s["discard"].append(card)


# -------------------------------------------------------------------- phases --
def start_accusation(m: HammerMatch, first: int) -> None:
    s = m.state
    s["first"] = first  # the view's first_player, every round (§5.1)
    s["phase"] = "accusation"
    s["inquisitor"] = None
    s["priority"] = None
    phase_event(m)
    start_turn(m, first)


def start_turn(m: HammerMatch, seat: int) -> None:
    s = m.state
    s["active"] = seat
    s["turn_played"] = False
    s["accusers_used"] = []
    m.emit({"type": "turn", "seat": seat})


def start_arrest(m: HammerMatch, inquisitor: int) -> None:
    s = m.state
    open_box(m)  # R22: the Accusation ends
    s["inquisitor"] = inquisitor
    s["last_inquisitor"] = inquisitor
    s["phase"] = "arrest"
    s["active"] = None
    s["accusers_used"] = []
    s["priority"] = inquisitor
    s["passes"] = 0
    m.emit({"type": "inquisitor", "seat": inquisitor})
    phase_event(m)


def end_protection(m: HammerMatch) -> None:
    """The Trial begins: the heavier Scales leave the game (R9, R10)."""
    s = m.state
    p = s["protection"]
    if p:
        s["protection"] = None
        s["removed"].append(p["card"])
        m.emit({"type": "unprotect", "villager": p["villager"], "card": p["card"]})


def start_trial(m: HammerMatch) -> None:
    s = m.state
    open_box(m)  # R22: the Arrest ends
    s["phase"] = "trial"
    s["priority"] = None
    s["accusers_used"] = []
    end_protection(m)
    inq = s["inquisitor"]
    s["trial_order"] = [(inq + k) % m.n for k in range(m.n)]
    s["trial_idx"] = 0
    phase_event(m)


def next_trial_turn(m: HammerMatch) -> None:
    s = m.state
    s["trial_idx"] += 1
    s["accusers_used"] = []
    if s["trial_idx"] >= len(s["trial_order"]):
        s["trial_idx"] = len(s["trial_order"]) - 1
        burning(m, s["inquisitor"])


def start_evidence(m: HammerMatch) -> None:
    s = m.state
    if s["phase"] == "arrest":
        open_box(m)  # R22: the Arrest ends (the heavier Scales skipped the Trial)
    s["phase"] = "evidence"
    s["priority"] = None
    s["accusers_used"] = []
    inq = s["inquisitor"]
    s["refill_order"] = [(inq + k) % m.n for k in range(m.n)]
    s["refill_idx"] = 0
    phase_event(m)


def after_play(m: HammerMatch, seat: int) -> None:
    """A card played on the seat's own turn/priority/trial turn has fully resolved
    (§5.2: priority moves on; §5.3: the trial turn ends, R8)."""
    s = m.state
    phase = s["phase"]
    if phase == "arrest":
        s["passes"] = 0
        s["priority"] = next_seat(m, seat)
        m.emit({"type": "priority", "seat": s["priority"]})
    elif phase == "trial":
        next_trial_turn(m)


# ------------------------------------------------------------------- burning --
def burning(m: HammerMatch, role: int) -> None:
    """The current witch burns, evaluated for ``role`` (the inquisitor, or the
    player of Ordeal (drowns))."""
    s = m.state
    if s["phase"] != "trial":
        s["phase"] = "trial"
        phase_event(m)
    open_box(m)  # R22: just before the burning (and the end of the Arrest after a jump)
    hot = hottest(m)
    if len(hot) > 1:
        s["choice"] = {"by": role, "candidates": hot, "reason": "burning", "role": role}
        return
    burn(m, hot[0], role)


def burn(m: HammerMatch, vid: str, role: int) -> None:
    """§5.3: another seat's villager becomes ``role``'s trophy; its own leaves an empty
    pyre. The game ends when no more villagers live than there are players (§7)."""
    s = m.state
    v = s["villagers"][vid]
    owner = v["owner"]
    if owner != role:
        v["status"] = "burned"
        s["trophies"][role].append(vid)
        outcome = "trophy"
    else:
        v["status"] = "removed"
        s["empty_pyres"][role].append(v["pyre"])
        outcome = "empty_pyre"
    m.emit({"type": "burn", "villager": vid, "by": role, "owner": owner, "heat": v["heat"], "outcome": outcome})
    if len(alive(m)) <= m.n:
        end_game(m)
    else:
        start_evidence(m)


def end_game(m: HammerMatch) -> None:
    s = m.state
    s["phase"] = "over"
    s["over"] = True
    s["active"] = None
    s["priority"] = None
    final = scores(m)
    best = max(final)
    m.emit({"type": "over", "scores": final, "winners": [i for i, x in enumerate(final) if x == best]})
