"""The Hammer of the Witches: the windows in which other seats may answer a card.

A window is open to every seat it asks at once (``order``, clockwise from the card's
player; ``passed``; the seats still waiting are ``to_act``): a response window after a
brown card, an inquisition window after a call, a negation window after a test. The
first answer closes it; when everyone asked has passed, what waits in it resolves
(:func:`close_window`). These functions resolve brown cards and tests once nobody
answers any more; the answers themselves are commands (:mod:`game.rules.hammer.commands`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.hammer.cards import BURNING_TESTS, TOP_HEAT
from game.rules.hammer.flow import (
    add_heat,
    after_play,
    burning,
    end_protection,
    set_heat,
    start_arrest,
    start_evidence,
    take_from_table,
)
from game.rules.hammer.state import bad, context, hottest
from game.rules.hammer.words import no_window_message

if TYPE_CHECKING:
    from game.rules.hammer.match import HammerMatch


def window_of(m: HammerMatch, kinds: tuple[str, ...], what: str) -> dict[str, Any]:
    """The top window, when it is of one of ``kinds`` (else refused with a message)."""
    ctx = context(m)
    if ctx != "window" or m.state["windows"][-1]["kind"] not in kinds:
        raise bad("wrong_time", no_window_message(m, ctx, what))
    ret: dict[str, Any] = m.state["windows"][-1]
    return ret


def close_window(m: HammerMatch) -> None:
    """Everyone asked has passed."""
    s = m.state
    w = s["windows"].pop()
    if w["kind"] == "response":
        add_heat(m, w["target"], w["value"], w["card"])
        finish_brown(m, w)
    elif w["kind"] == "inquisition":
        start_arrest(m, w["by"])
    else:
        resolve_test(m, w)


def finish_brown(m: HammerMatch, w: dict[str, Any]) -> None:
    """The brown card has resolved: to the discard pile; its player's move is done."""
    s = m.state
    take_from_table(m, w["card"])
    s["discard"].append(w["card"])
    after_play(m, w["by"])


def resolve_test(m: HammerMatch, w: dict[str, Any]) -> None:
    """Nobody negated the test (§6.3): a burning test jumps to the burning (R9) and is
    kept or leaves the game (R10); the others need the witch, settled by the inquisitor
    on a tie (R7)."""
    s = m.state
    kind = w["test"]
    card = w["card"]
    if kind in BURNING_TESTS:
        take_from_table(m, card)
        if m.t.kind[kind].keep_vp:
            s["kept"][w["by"]].append(card)
        else:
            s["removed"].append(card)
        role = w["by"] if kind == "ordeal_drowns" else s["inquisitor"]
        cancel_windows(m)
        end_protection(m)
        m.emit({"type": "ordeal", "card": card, "kind": kind, "burner": role})
        burning(m, role)
        return
    witch = w["witch"]
    if witch is None:
        hot = hottest(m)
        if len(hot) > 1:
            s["choice"] = {"by": s["inquisitor"], "candidates": hot, "reason": "test", "test": w}
            return
        witch = hot[0]
    finish_test(m, w, witch)


def finish_test(m: HammerMatch, w: dict[str, Any], witch: str) -> None:
    """The heavier Scales protect ``witch`` and jump to Collecting Evidence (R9, R10);
    a Mark sets its heat (§6.3) and play goes on."""
    s = m.state
    kind = w["test"]
    card = w["card"]
    take_from_table(m, card)
    m.emit({"type": "witch", "villager": witch, "card": card})
    if kind == "scales_heavier":
        s["protection"] = {"villager": witch, "card": card}
        m.emit({"type": "protect", "villager": witch, "card": card})
        cancel_windows(m)
        start_evidence(m)
        return
    s["removed"].append(card)
    if kind == "mark_found":
        set_heat(m, witch, TOP_HEAT, card)
    else:
        v = s["villagers"][witch]
        set_heat(m, witch, m.t.pyre_start[v["pyre"]], card)
    if w["ctx"] == "turn":
        after_play(m, w["by"])


def cancel_windows(m: HammerMatch) -> None:
    """A jump ends every open window; a brown card still waiting has no effect (R5)."""
    s = m.state
    while s["windows"]:
        w = s["windows"].pop()
        if w["kind"] == "response":
            take_from_table(m, w["card"])
            s["discard"].append(w["card"])
            m.emit({"type": "cancelled", "card": w["card"]})
