"""Words for the Witch Trial courtroom: card names and one short sentence per log event
(the events of docs/rules/witch_trial.md §7). Pure functions of the data, easy to test.

Card names and kinds come from the engine's card catalog (``cards/witch_trial.yaml``),
the same data the rules read, so a corrected name shows everywhere at once. An event
type this module does not know still gets a readable fallback, never an exception.
Sentences name only what the event itself carries: a ``draw`` seen by another seat has
a count and no card ids, so it can never name a hidden card.
"""

from __future__ import annotations

import logging
from typing import Any

from game.rules.witch_trial import catalog as rules_catalog
from game.ui.wording import listed

log = logging.getLogger(__name__)

STAGE_NAMES = {
    "turn": "Turn",
    "prosecution": "Prosecution",
    "defense": "Defense",
    "final": "Final argument",
    "plea": "Plea",
    "over": "Game over",
}
PURPOSE_NAMES = {
    "verdict": "Verdict",
    "witness": "Witness",
    "drama": "Drama",
    "public_defender": "Public defender",
}
JURY_REASONS = {
    "evidence": "evidence",
    "expert_evidence": "expert evidence (doubled)",
    "witness": "a witness",
    "leading_witness": "a led witness",
    "charge": "a new charge",
    "bribe": "a bribed judge",
    "drama": "drama",
    "venue": "a change of venue",
}


def _catalog():
    try:
        return rules_catalog()
    except Exception as exc:  # the table must still draw with bare ids
        log.warning("Witch Trial cards could not be read (%s); showing ids", exc)
        return None


def kind_of(card_id: str | None) -> str:
    """``lewis-1`` -> ``lewis``."""
    return str(card_id).rsplit("-", 1)[0] if card_id else ""


def card_type(card_id: str | None) -> str:
    """suspect | charge | evidence | motion | objection ("" when unknown)."""
    if not card_id:
        return ""
    cat = _catalog()
    if cat is not None:
        return cat.type_of.get(card_id) or cat.kind_type.get(kind_of(card_id), "")
    return ""


def definition(card_id: str | None) -> Any:
    cat = _catalog()
    if cat is None or not card_id:
        return None
    return cat.by_kind.get(kind_of(card_id))


def card_name(card_id: str | None) -> str:
    if not card_id:
        return "a card"
    d = definition(card_id)
    return str(getattr(d, "name", None) or kind_of(card_id).replace("_", " ").title())


def seat_name(seat: Any, players: list[str]) -> str:
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]
    return "someone"


def money(n: Any) -> str:
    return f"${n}" if isinstance(n, int) else "$?"


def signed(n: Any) -> str:
    if not isinstance(n, int):
        return str(n)
    return f"+{n}" if n > 0 else ("\u2212" + str(-n) if n < 0 else "0")


def dice_text(dice: Any) -> str:
    if not isinstance(dice, list):
        return "?"
    return " + ".join(str(d) for d in dice)


def side_name(side: Any) -> str:
    return {"prosecution": "prosecution", "defense": "defense"}.get(side, "court")


def describe(event: dict, players: list[str]) -> str:
    """One sentence for the log panel; "" for events that need no line (lineup refills)."""
    try:
        return _describe(event, players)
    except Exception:  # a malformed event must never break the table
        log.exception("cannot describe %r", event)
        return str(event.get("type", "")).replace("_", " ")


def _describe(e: dict, players: list[str]) -> str:
    t = e.get("type")
    who = seat_name(e.get("seat"), players)
    if t == "deal":
        cards = e.get("cards")
        if cards:
            return f"{who} is dealt {len(cards)} cards."
        return f"{who} is dealt {e.get('count', 0)} cards."
    if t == "draw":
        cards = e.get("cards")
        count = e.get("count", len(cards or []))
        if not count:
            return f"{who} would draw, but the deck is empty."
        if cards:
            return f"{who} draws {', '.join(card_name(c) for c in cards)}."
        return f"{who} draws {count} card{'s' if count != 1 else ''}."
    if t == "first_player":
        return f"{who} goes first."
    if t == "turn":
        return f"{who}'s turn."
    if t == "lineup":
        return ""
    if t == "buy":
        price = e.get("price", 0)
        cost = "for free" if not price else f"for {money(price)} (into the Court Fees)"
        return f"{who} buys {card_name(e.get('card'))} from slot {e.get('slot')} {cost}."
    if t == "case":
        return f"{who} builds a case: {card_name(e.get('suspect'))} for {card_name(e.get('charge'))}."
    if t == "defend":
        return f"{who} steps up to defend {seat_name(e.get('case_owner'), players)}'s case."
    if t == "prosecute":
        return f"{who} brings their case to court; the others roll for the public defender."
    if t == "roll":
        purpose = PURPOSE_NAMES.get(e.get("purpose"), str(e.get("purpose", "roll")).replace("_", " "))
        return f"{purpose} roll by {who}: {dice_text(e.get('dice'))} = {e.get('total')}."
    if t == "trial":
        return (
            f"Trial: {card_name(e.get('suspect'))} for {card_name(e.get('charge'))}. "
            f"{seat_name(e.get('prosecutor'), players)} prosecutes, {seat_name(e.get('defender'), players)} "
            f"defends (+{money(e.get('defense_budget'))} budget). Court Fees {money(e.get('court_fees'))}, "
            f"Jury Value {e.get('jury_value')}."
        )
    if t == "jury":
        why = JURY_REASONS.get(e.get("reason"), str(e.get("reason", "")).replace("_", " "))
        if e.get("from") == e.get("to"):
            return f"Jury Value stays at {e.get('to')} ({why})."
        return f"Jury Value {e.get('from')} \u2192 {e.get('to')} ({why})."
    if t == "play":
        kind = e.get("kind")
        label = {
            "suspect": "calls the witness",
            "charge": "changes the charge to",
            "motion": "moves",
            "evidence": "shows the evidence",
        }.get(kind, "plays")
        return f"{who} ({side_name(e.get('side'))}) {label} {card_name(e.get('card'))}."
    if t == "motion":
        extra = f" (to take back {card_name(e.get('choice'))})" if e.get("choice") else ""
        return f"Motion {card_name(e.get('card'))}{extra}: {seat_name(e.get('awaiting'), players)} may object."
    if t == "objection":
        return (
            f"{who}: Objection! {card_name(e.get('motion'))} is cancelled; the Objection goes to "
            f"{seat_name(e.get('to'), players)}'s hand."
        )
    if t == "no_objection":
        return f"{who} lets {card_name(e.get('motion'))} stand."
    if t == "recover":
        return f"{who} takes {card_name(e.get('card'))} back from the discard pile."
    if t == "witness_fails":
        return f"The witness {card_name(e.get('card'))} falters (rolled {e.get('roll')}, needed {e.get('guilt')})."
    if t == "rest":
        forced = " (forced)" if e.get("forced") else ""
        return f"The {side_name(e.get('side'))} rests{forced}."
    if t == "plea_offer":
        return (
            f"{who} offers a plea: {money(e.get('to_prosecution'))} to the prosecution, "
            f"{money(e.get('to_defense'))} to the defense."
        )
    if t == "no_plea":
        return f"{who} makes no plea offer."
    if t == "plea":
        if e.get("accepted"):
            return (
                f"{who} accepts the plea: {seat_name(e.get('prosecutor'), players)} gets "
                f"{money(e.get('to_prosecution'))}, {seat_name(e.get('defender'), players)} "
                f"{money(e.get('to_defense'))}."
            )
        return f"{who} declines the plea; the trial goes on."
    if t == "stage":
        stage = STAGE_NAMES.get(e.get("stage"), str(e.get("stage")))
        return f"{stage}: {who} to play."
    if t == "verdict":
        verdict = "GUILTY" if e.get("guilty") else "NOT GUILTY"
        return (
            f"Verdict: {dice_text(e.get('dice'))} + Jury {e.get('jury_value')} = {e.get('total')} \u2014 "
            f"{verdict}. {seat_name(e.get('winner'), players)} takes {money(e.get('amount'))}."
        )
    if t == "mistrial":
        return f"{who} wins a mistrial: the case is thrown out; the Court Fees stay."
    if t == "continuance":
        return (
            f"{who} wins a continuance: the case goes back to "
            f"{seat_name(e.get('case_owner'), players)}; the Court Fees stay."
        )
    if t == "discard":
        n = len(e.get("cards") or [])
        return f"{n} trial card{'s' if n != 1 else ''} go to the discard pile."
    if t == "reshuffle":
        return f"The discard pile ({e.get('count')} cards) is shuffled into a new deck."
    if t == "pass":
        return f"{who} passes."
    if t == "game_over":
        scores = e.get("scores") or []
        winners = listed([seat_name(w, players) for w in e.get("winners") or []])
        parts = ", ".join(f"{seat_name(i, players)} {money(s)}" for i, s in enumerate(scores))
        return f"Game over \u2014 {parts}. Winner: {winners}."
    return str(t or "").replace("_", " ")
