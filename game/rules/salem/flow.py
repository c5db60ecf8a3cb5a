"""Salem 1692: the flow of play — turns, and the interpreter of the frame stack.

Everything that interrupts a turn is a *frame* on ``state["stack"]`` (top = last). A
frame either waits for answers (a blind window, or one seat's ``await``) or steps on by
itself through its entry in :data:`STEPS`; :func:`advance` runs those steps until a
seat must answer or the game is over. The steps here are the draws (§3.2), the mill after
a ghost peek (R31), the character choice (R41), Dawn (§5.1), Conspiracy (§3.5), the
standard Night (§3.6) and the variant Night (§3.11).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.rules.salem.cards import WITCH
from game.rules.salem.deck import rebuild_pile, take_top
from game.rules.salem.reveal import end_game, kill, reveal
from game.rules.salem.state import (
    card_kind,
    clockwise,
    constable,
    constable_unmasked,
    decide,
    has,
    has_in_front,
    human_seats,
    is_ghost,
    learn,
    left_living,
    living_seats,
    nearest_human_left,
    next_turn_seat,
    use,
    window_seats,
)

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch


def start_turn(m: SalemMatch, seat: int) -> None:
    s = m.state
    kind_of = m.cat.kind_of
    for _ in range(4 * m.n + 8):
        stocks = [c for c in s["fronts"][seat] if kind_of[c] == "stocks"]
        if not stocks:
            break
        s["fronts"][seat].remove(stocks[0])
        s["discard"].append(stocks[0])
        m.emit({"type": "stocks", "seat": seat, "card": stocks[0]})
        seat = next_turn_seat(m, seat)
    s["active"] = seat
    s["played"] = False
    s["turn_moment"] = next_moment(m)
    m.emit({"type": "turn", "seat": seat})


def end_turn(m: SalemMatch) -> None:
    s = m.state
    start_turn(m, next_turn_seat(m, s["active"]))


def advance(m: SalemMatch) -> None:
    """Run automatic steps until a seat must answer or the game is over."""
    s = m.state
    for _ in range(100_000):
        if s["over"]:
            return
        if not s["stack"]:
            a = s["active"]
            if a is not None and not s["alive"][a]:
                end_turn(m)  # R40
                continue
            return
        top = s["stack"][-1]
        w = top.get("window")
        if w is not None and w["waiting"]:
            return
        if top.get("await") is not None:
            if top.get("moment_of") != [top["await"], top.get("stage"), top["kind"]]:
                # a new wait (a trial's chooser, then its accused …): the timer's moment
                top["moment"] = next_moment(m)
                top["moment_of"] = [top["await"], top.get("stage"), top["kind"]]
            return
        STEPS[top["kind"]](m, top)
    raise RuntimeError("the Salem interpreter did not settle")  # a bug, never bad input


def open_window(m: SalemMatch, frame: dict[str, Any], name: str, start: int, seats: list[int], **extra: Any) -> None:
    order = clockwise(m, start, seats)
    w = {"name": name, "order": order, "waiting": list(order), "answers": [], "moment": next_moment(m)}
    w.update(extra)
    frame["window"] = w
    m.emit({"type": "window", "window": name, "order": order})


def close_window(m: SalemMatch, frame: dict[str, Any]) -> dict[str, Any]:
    w = frame.pop("window")
    m.emit({"type": "window_closed", "window": w["name"]})
    ret: dict[str, Any] = w
    return ret


def step_keep(m: SalemMatch, f: dict[str, Any]) -> None:
    s = m.state
    if f["stage"] == "start":
        f["stage"] = "close"
        open_window(m, f, "keep_character", 0, list(range(m.n)))
        return
    w = close_window(m, f)
    for seat, cmd in w["answers"]:
        s["characters"][seat] = cmd["character"]
    s["dealt"] = [[] for _ in range(m.n)]
    s["stack"].pop()
    m.emit({"type": "characters", "characters": list(s["characters"]), "names": list(m.players)})


def step_dawn(m: SalemMatch, f: dict[str, Any]) -> None:
    s = m.state
    if f["stage"] == "start":
        holders = [p for p in range(m.n) if s["witch"][p]]
        for p in holders:
            learn(m, p, holders)
        m.emit({"type": "witches_known", "seats": holders, "when": "dawn"}, to=holders, others=None)
        f["stage"] = "close"
        open_window(m, f, "dawn", 0, list(range(m.n)), voters=holders)
        return
    w = close_window(m, f)
    target = decide([[seat, cmd["target"]] for seat, cmd in w["answers"] if cmd["type"] == "dawn_vote"])
    assert target is not None  # the window closes once every living player has voted
    bc = m.cat.black_cat
    s["aside"].remove(bc)
    s["fronts"][target].append(bc)
    s["stack"].pop()
    m.emit({"type": "black_cat", "seat": target, "card": bc})
    start_turn(m, target)


def step_draw(m: SalemMatch, f: dict[str, Any]) -> None:
    s = m.state
    seat = f["seat"]
    if not s["alive"][seat] or s["over"]:
        s["stack"].pop()
        if f["ends_turn"]:
            end_turn_after_frame(m)
        return
    if f["left"] <= 0:
        if f.get("giles") and not f.get("giles_done") and f["drawn"] == 2 and f["acc"] == 2:
            f["giles_done"] = True
            f["left"] = 1
            m.emit({"type": "giles", "seat": seat, "cards": list(f["shown"])})
            return
        s["stack"].pop()
        if f["ends_turn"]:
            end_turn_after_frame(m)
        return
    card = take_top(m)
    if card is None:  # cannot happen with Night at the bottom; drawn fewer
        f["left"] = 0
        return
    f["left"] -= 1
    if m.cat.colour_of[card] == "black":
        f["drawn"] += 1
        black_card(m, seat, card)
        return
    s["hands"][seat].append(card)
    f["drawn"] += 1
    if m.cat.kind_of[card] == "accusation":
        f["acc"] += 1
        f["shown"].append(card)
    m.emit(
        {"type": "draw", "seat": seat, "cards": [card]}, to=[seat], others={"type": "draw", "seat": seat, "count": 1}
    )


def end_turn_after_frame(m: SalemMatch) -> None:
    s = m.state
    if not s["over"] and not s["stack"]:
        end_turn(m)


def black_card(m: SalemMatch, seat: int, card: str) -> None:
    """A black card drawn or milled by ``seat``: shown and resolved at once."""
    s = m.state
    s["resolving"].append(card)
    m.emit({"type": "black_card", "seat": seat, "card": card, "kind": card_kind(m, card)})
    if card == m.cat.conspiracy:
        s["stack"].append({"kind": "conspiracy", "stage": "start", "drawer": seat})
    elif s["variant"]:
        s["stack"].append({"kind": "vnight", "stage": "start", "drawer": seat})
    else:
        s["stack"].append({"kind": "night", "stage": "start", "drawer": seat})


def step_mill(m: SalemMatch, f: dict[str, Any]) -> None:
    s = m.state
    if f["left"] <= 0:
        s["stack"].pop()
        end_turn_after_frame(m)
        return
    card = take_top(m)
    f["left"] -= 1
    if card is None:
        return
    if m.cat.colour_of[card] == "black":
        m.emit({"type": "mill", "seat": f["seat"], "card": card})
        black_card(m, f["seat"], card)
        return
    s["discard"].append(card)
    m.emit({"type": "mill", "seat": f["seat"], "card": card})


def step_conspiracy(m: SalemMatch, f: dict[str, Any]) -> None:
    s = m.state
    stage = f["stage"]
    if stage == "start":
        m.emit({"type": "conspiracy", "drawer": f["drawer"]})
        f["stage"] = "picks"
        bc = m.cat.black_cat
        holder = next((p for p in range(m.n) if s["alive"][p] and bc in s["fronts"][p]), None)
        if holder is not None and s["rows"][holder]:
            if has(m, holder, "mary_warren"):
                m.emit({"type": "immune", "seat": holder, "card": bc, "character": "mary_warren"})
            else:
                drawer = f["drawer"]
                chooser = drawer if s["alive"][drawer] else holder
                s["stack"].append(
                    {
                        "kind": "choose",
                        "reason": "black_cat",
                        "player": holder,
                        "chooser": chooser,
                        "await": chooser,
                        "stage": "choose",
                        "mover": chooser,
                    }
                )
        return
    if stage == "picks":
        picks = []
        living = living_seats(m)
        for taker in living:
            giver = left_living(m, taker)
            if giver == taker:
                continue
            picker = taker if not is_ghost(m, taker) else nearest_human_left(m, giver)
            picks.append({"picker": picker, "taker": taker, "giver": giver, "index": None})
        f["stage"] = "move"
        seats = window_seats(m)
        first = s["active"] if s["active"] is not None else 0
        open_window(m, f, "conspiracy", first, seats, picks=picks)
        return
    if stage == "move":
        w = close_window(m, f)
        rows = s["rows"]
        tk = s["tryal_kind"]
        moved = []
        for pk in w["picks"]:
            moved.append((pk, rows[pk["giver"]][pk["index"]]))
        for pk, card in moved:
            rows[pk["giver"]].remove(card)
        for pk, card in moved:
            rows[pk["taker"]].append(card)
        m.emit(
            {
                "type": "conspiracy_moves",
                "moves": [{"giver": pk["giver"], "taker": pk["taker"], "index": pk["index"]} for pk, _ in moved],
            }
        )
        for pk, card in moved:
            giver, taker = pk["giver"], pk["taker"]
            note = {"type": "conspiracy_card", "giver": giver, "taker": taker, "card": card, "kind": tk[card]}
            m.emit(note, to=[q for q in (giver, taker) if not is_ghost(m, q)], others=None)
            if tk[card] == WITCH:
                if not s["witch"][taker]:
                    s["witch"][taker] = True
                    s["witch_order"].append(taker)
                learn(m, giver, [giver, taker])
                learn(m, taker, [giver, taker])
        f["stage"] = "done"
        return
    # done
    s["stack"].pop()
    con = m.cat.conspiracy
    s["resolving"].remove(con)
    s["discard"].append(con)
    m.emit({"type": "discard", "cards": [con], "reason": "conspiracy"})
    # §3.5 step 4, §3.8: the picks may have left only witches (standard: every living
    # seat; variant: every human, the last to turn loses) and that ends the game at once
    if s["variant"]:
        humans = human_seats(m)
        if all(s["witch"][h] for h in humans):
            last = [p for p in s["witch_order"] if p in humans][-1]
            end_game(m, "witches", exclude=[last])
    else:
        living = living_seats(m)
        if living and all(s["witch"][p] for p in living):
            end_game(m, "witches")


def step_night(m: SalemMatch, f: dict[str, Any]) -> None:
    s = m.state
    stage = f["stage"]
    start = s["active"] if s["active"] is not None else f["drawer"]
    if stage == "start":
        m.emit({"type": "night", "drawer": f["drawer"]})
        witches = [p for p in living_seats(m) if s["witch"][p]]
        for p in witches:
            learn(m, p, witches)
        m.emit({"type": "witches_known", "seats": witches, "when": "night"}, to=witches, others=None)
        f["stage"] = "vote"
        open_window(m, f, "night_vote", start, living_seats(m), voters=witches)
        return
    if stage == "vote":
        w = close_window(m, f)
        votes = [[seat, cmd["target"]] for seat, cmd in w["answers"] if cmd["type"] == "night_vote"]
        f["target"] = decide(votes)
        m.emit({"type": "night_choice", "target": f["target"]}, to=w["voters"], others=None)
        f["stage"] = "gavel"
        if not constable_unmasked(m):
            open_window(m, f, "gavel", start, living_seats(m), constable=constable(m))
        return
    if stage == "gavel":
        # §5.3: once the Constable card lies face up there is no Constable, and everyone
        # knows it: nobody guards and nobody is asked (a blind window would hide nothing)
        placed = []
        if f.get("window") is not None:
            w = close_window(m, f)
            placed = [cmd["target"] for _, cmd in w["answers"] if cmd["type"] == "gavel"]
        s["gavel"] = placed[0] if placed else None
        m.emit({"type": "gavel", "seat": s["gavel"]})
        f["stage"] = "confess"
        open_window(m, f, "confess", start, living_seats(m))
        return
    if stage == "confess":
        w = close_window(m, f)
        confessions = {seat: cmd for seat, cmd in w["answers"] if cmd["type"] != "pass"}
        f["confessed"] = sorted(confessions)
        f["stage"] = "confessions"
        f["queue"] = [[seat, confessions[seat]] for seat in clockwise(m, start, list(confessions))]
        return
    if stage == "confessions":
        if not f["queue"]:
            f["stage"] = "result"
            return
        seat, cmd = f["queue"].pop(0)
        if not s["alive"][seat]:
            return
        if cmd["type"] == "ability":
            use(m, seat, "william_phips")
            m.emit({"type": "confession", "seat": seat, "card": None, "kind": None, "ability": cmd["name"]})
            return
        index = cmd["index"]
        m.emit({"type": "confession", "seat": seat, "index": index})
        reveal(m, seat, index, "confession", mover=seat)
        return
    if stage == "result":
        target = f["target"]
        saved = None
        if target is None:
            s["stack"][-1]["stage"] = "dawn"
            return
        if not s["alive"][target]:
            saved = "dead"
        elif s["gavel"] == target:
            saved = "gavel"
        elif target in f["confessed"]:
            saved = "confessed"
        elif has_in_front(m, target, "asylum"):
            saved = "asylum"
        m.emit({"type": "night_target", "seat": target, "saved": saved})
        f["stage"] = "dawn"
        if saved is None:
            kill(m, target, "night", mover=None)
        return
    # the morning: the Gavel goes back, the discard becomes the new pile (§3.2, R14, R45)
    s["stack"].pop()
    s["gavel"] = None
    night = m.cat.night
    s["resolving"].remove(night)
    if s["pile"]:
        s["aside"].append(night)
        m.emit({"type": "night_aside"})
    else:
        rebuild_pile(m)


def step_vnight(m: SalemMatch, f: dict[str, Any]) -> None:
    s = m.state
    m.emit({"type": "night", "drawer": f["drawer"]})
    humans = human_seats(m)
    witches = [h for h in humans if s["witch"][h]]
    for p in witches:
        s["public_witch"][p] = True
    for p in range(m.n):
        learn(m, p, witches)
    m.emit({"type": "witches_revealed", "seats": witches})
    if not witches:
        end_game(m, None)
        return
    start = s["active"] if s["active"] is not None else f["drawer"]
    lead = clockwise(m, start, witches)[0]
    f["lead"] = lead
    f["await"] = lead
    f["kind"] = "vflip"


def step_none(m: SalemMatch, f: dict[str, Any]) -> None:  # pragma: no cover - frames that only await
    raise RuntimeError(f"frame {f['kind']} has nobody to wait for")


def next_moment(m: SalemMatch) -> int:
    s = m.state
    s["moments"] = s.get("moments", 0) + 1
    ret: int = s["moments"]
    return ret


#: how each kind of frame steps on (frames that only wait for a seat never step)
STEPS: dict[str, Callable[[SalemMatch, dict[str, Any]], None]] = {
    "keep": step_keep,
    "dawn": step_dawn,
    "draw": step_draw,
    "mill": step_mill,
    "conspiracy": step_conspiracy,
    "night": step_night,
    "vnight": step_vnight,
    "choose": step_none,
    "prompt": step_none,
    "vflip": step_none,
    "death_order": step_none,
}
