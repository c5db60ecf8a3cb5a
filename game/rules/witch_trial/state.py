"""Witch Trial's state and the moves every part of the rules shares: the deck, the
lineup, dice, the Jury Value and the end of a turn (docs/rules/witch_trial.md §2–§5).

The match keeps its whole state in ``m.state`` (plain JSON data, see
:func:`game.rules.witch_trial.setup.setup` for its keys); these functions read and change
it and record what happened with ``m.emit``. Who may act now (:func:`to_act`) and the
view's ``stage`` (:func:`stage`) are worked out here from the state alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.errors import IllegalCommand
from game.engine.shape import shown
from game.rules.witch_trial.cards import clamp_jury

if TYPE_CHECKING:
    from game.rules.witch_trial.match import WitchTrialMatch


# --------------------------------------------------------------------- who acts --
def to_act(m: WitchTrialMatch) -> list[int]:
    """The one seat that may act: the turn player, the lawyer playing, the lawyer
    answering a Motion, or the lawyer offering / answering a plea (§4, R7)."""
    st = m.state
    trial = st["trial"]
    if trial is None:
        return [st["turn"]]
    motion = trial["motion"]
    if motion is not None:
        return [opponent(trial, motion["by"])]
    plea = trial["plea"]
    if plea is not None:
        return [plea["by"] if plea["phase"] == "offer" else plea["to"]]
    return [trial["defender"] if trial["phase"] == "defense" else trial["prosecutor"]]


def stage(m: WitchTrialMatch) -> str:
    """``turn`` | ``prosecution`` | ``defense`` | ``final`` | ``plea`` | ``over`` (§9)."""
    st = m.state
    if st["over"]:
        return "over"
    trial = st["trial"]
    if trial is None:
        return "turn"
    if trial["plea"] is not None:
        return "plea"
    ret: str = trial["phase"]
    return ret


def opponent(trial: dict[str, Any], seat: int) -> int:
    """The other lawyer of ``trial``."""
    ret: int = trial["defender"] if seat == trial["prosecutor"] else trial["prosecutor"]
    return ret


def side(trial: dict[str, Any], seat: int) -> str:
    """``"prosecution"`` or ``"defense"``: the side ``seat`` argues in ``trial``."""
    return "prosecution" if seat == trial["prosecutor"] else "defense"


# --------------------------------------------------------------------- the cards --
def take_from_deck(m: WitchTrialMatch) -> str | None:
    """The top card of the deck, or None when it is empty. With the ``double_pass``
    option the discard pile becomes a new deck the first time it is needed (§5.3, R1)."""
    st = m.state
    if not st["deck"] and m.options["double_pass"] and not st["reshuffled"] and st["discard"]:
        deck = st["discard"]
        st["discard"] = []
        m.rng.shuffle(deck)
        st["deck"] = deck
        st["reshuffled"] = True
        m.emit({"type": "reshuffle", "count": len(deck)})
    return st["deck"].pop() if st["deck"] else None


def draw(m: WitchTrialMatch, seat: int, count: int, event: str = "draw") -> None:
    """``seat`` draws up to ``count`` cards (fewer when the deck runs out, R1). The card
    ids go to the drawer alone; everyone else learns how many (§6)."""
    cards = []
    for _ in range(count):
        card = take_from_deck(m)
        if card is None:
            break
        cards.append(card)
    m.state["hands"][seat].extend(cards)
    m.emit(
        {"type": event, "seat": seat, "cards": cards, "count": len(cards)},
        to=[seat],
        others={"type": event, "seat": seat, "count": len(cards)},
    )


def slide(m: WitchTrialMatch, index: int) -> None:
    """The card at lineup ``index`` left: cards nearer the deck slide outward, slot 1
    refills from the deck (§3.1, R2)."""
    lineup = m.state["lineup"]
    lineup[1 : index + 1] = lineup[0:index]
    lineup[0] = take_from_deck(m)
    m.emit({"type": "lineup", "lineup": list(lineup)})


# ------------------------------------------------------------------ dice and jury --
def roll(m: WitchTrialMatch, dice: int, purpose: str, seat: int) -> list[int]:
    """Roll ``dice`` six-sided dice from the match's generator, in the log for all to
    see. The view's ``last_rolls`` keeps the rolls of the latest command that rolled."""
    rolled = m.rng.roll(dice)
    event = {"type": "roll", "dice": rolled, "purpose": purpose, "seat": seat, "total": sum(rolled)}
    if not m._rolled:
        m._rolled = True
        m.state["last_rolls"] = []
    m.state["last_rolls"].append(event)
    m.emit(event)
    return rolled


def move_jury(m: WitchTrialMatch, delta: int, reason: str) -> None:
    """Move the Jury Value by ``delta`` (clamped to 1..12, §1.6)."""
    set_jury(m, m.state["trial"]["jury_value"] + delta, reason, delta)


def set_jury(m: WitchTrialMatch, value: int, reason: str, delta: int | None = None) -> None:
    """Set the Jury Value to ``value`` clamped to 1..12, and say so in the log."""
    trial = m.state["trial"]
    old = trial["jury_value"]
    new = clamp_jury(value)
    trial["jury_value"] = new
    event = {"type": "jury", "from": old, "to": new, "reason": reason}
    if delta is not None:
        event["delta"] = delta
    m.emit(event)


# ---------------------------------------------------------------- end of a turn --
def end_turn(m: WitchTrialMatch, passed: bool) -> None:
    """The turn is over; play passes to the left, unless the game ends (§5.1): ``n``
    passes in a row, or the deck and lineup empty with no case pending."""
    st = m.state
    st["pass_streak"] = st["pass_streak"] + 1 if passed else 0
    st["turn"] = (st["turn"] + 1) % m.n
    if st["pass_streak"] >= m.n or (
        not st["deck"] and all(c is None for c in st["lineup"]) and all(c is None for c in st["cases"])
    ):
        st["over"] = True
        scores = list(st["money"])
        m.emit({"type": "game_over", "scores": scores, "winners": m._winners(scores)})
        return
    m.emit({"type": "turn", "seat": st["turn"]})


# ------------------------------------------------------------------- validation --
def hand_card(m: WitchTrialMatch, seat: int, command: dict[str, Any], key: str = "card") -> str:
    """The card id ``command[key]``, refused unless it is a card of this game in
    ``seat``'s hand."""
    card = command[key]
    if not isinstance(card, str) or card not in m.cat.kind_of:
        raise IllegalCommand("bad_card", f"There is no card {shown(card)} in Witch Trial.")
    if card not in m.state["hands"][seat]:
        raise IllegalCommand("not_in_hand", f"{m.cat.name(card)} is not in your hand.")
    return card
