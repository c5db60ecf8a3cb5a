"""The turn actions of Witch Trial (docs/rules/witch_trial.md §3): buy, create a case,
defend, prosecute, pass — and the start of a trial that defending or prosecuting opens
(§4.1–§4.3). Handlers are ``handler(m, seat, cmd)``; the command's shape and the stage
were checked by :mod:`game.rules.witch_trial.commands`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.errors import IllegalCommand
from game.engine.shape import shown
from game.rules.witch_trial.cards import LINEUP_SIZE, PRICES, clamp_jury
from game.rules.witch_trial.state import draw, end_turn, hand_card, roll, slide

if TYPE_CHECKING:
    from game.rules.witch_trial.match import WitchTrialMatch


def lineup_slot(m: WitchTrialMatch, command: dict[str, Any]) -> int:
    """The command's ``slot``, 1..5, refused when out of range or empty (R2)."""
    slot = command["slot"]
    if isinstance(slot, bool) or not isinstance(slot, int) or not 1 <= slot <= LINEUP_SIZE:
        raise IllegalCommand("bad_slot", f"Slot must be a number from 1 to {LINEUP_SIZE}.")
    if m.state["lineup"][slot - 1] is None:
        raise IllegalCommand("empty_slot", f"Slot {slot} is empty.")
    return slot


def buy(m: WitchTrialMatch, seat: int, command: dict[str, Any]) -> None:
    """§3.1: pay the slot's price into the Court Fees, take the card, draw one, and the
    lineup slides and refills. Money never goes below $0 (R2)."""
    st = m.state
    slot = lineup_slot(m, command)
    price = PRICES[slot - 1]
    if st["money"][seat] < price:
        raise IllegalCommand("no_money", f"Slot {slot} costs ${price} but you have ${st['money'][seat]}.")
    card = st["lineup"][slot - 1]
    st["money"][seat] -= price
    st["court_fees"] += price
    st["hands"][seat].append(card)
    m.emit({"type": "buy", "seat": seat, "slot": slot, "card": card, "price": price})
    draw(m, seat, 1)
    slide(m, slot - 1)
    end_turn(m, passed=False)


def create_case(m: WitchTrialMatch, seat: int, command: dict[str, Any]) -> None:
    """§3.2: a Suspect from hand with a Charge from the lineup, or the other way round,
    becomes ``seat``'s pending case (one at a time). No draw."""
    st = m.state
    if st["cases"][seat] is not None:
        raise IllegalCommand("case_pending", "You already have a case pending.")
    card = hand_card(m, seat, command)
    kind = m.cat.type_of[card]
    if kind not in ("suspect", "charge"):
        raise IllegalCommand("bad_case", f"A case needs a Suspect or a Charge from your hand, not {m.cat.name(card)}.")
    slot = lineup_slot(m, command)
    other = st["lineup"][slot - 1]
    want = "charge" if kind == "suspect" else "suspect"
    if m.cat.type_of[other] != want:
        what = {"evidence": "Evidence", "objection": "an Objection"}.get(m.cat.type_of[other])
        fits = [m.cat.name(c) for c in st["lineup"] if m.cat.type_of[c] == want]  # (names may hold commas)
        raise IllegalCommand(
            "bad_case",
            f"{m.cat.name(card)} is a {kind.title()}: a case pairs a {kind.title()} with a {want.title()}, and "
            f"{m.cat.name(other)} is {what or 'a ' + m.cat.type_of[other].title()}."
            + (f" Try {' or '.join(fits)}." if fits else f" No {want.title()} is in the lineup now."),
        )
    st["hands"][seat].remove(card)
    suspect, charge = (card, other) if kind == "suspect" else (other, card)
    st["cases"][seat] = {"suspect": suspect, "charge": charge}
    m.emit({"type": "case", "seat": seat, "suspect": suspect, "charge": charge, "slot": slot})
    slide(m, slot - 1)
    end_turn(m, passed=False)


def defend(m: WitchTrialMatch, seat: int, command: dict[str, Any]) -> None:
    """§3.3: defend another player's pending case; the trial starts at once (a player
    with a case of their own may defend too, R4)."""
    st = m.state
    owner = command["case_owner"]
    if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < m.n:
        raise IllegalCommand("bad_seat", f"There is no seat {shown(owner)} at this table.")
    if owner == seat:
        raise IllegalCommand("own_case", "You cannot defend your own case; prosecute it instead.")
    if st["cases"][owner] is None:
        raise IllegalCommand("no_case", f"{m.players[owner]} has no pending case.")
    m.emit({"type": "defend", "seat": seat, "case_owner": owner})
    start_trial(m, prosecutor=owner, defender=seat)


def prosecute(m: WitchTrialMatch, seat: int, command: dict[str, Any]) -> None:
    """§3.4: prosecute one's own case; every other player rolls 2d6 and the lowest
    defends (tied lowest roll again)."""
    if m.state["cases"][seat] is None:
        raise IllegalCommand("no_case", "You have no pending case to prosecute.")
    m.emit({"type": "prosecute", "seat": seat})
    candidates = [s for s in range(m.n) if s != seat]
    while len(candidates) > 1:
        totals = {}
        for s in candidates:
            totals[s] = sum(roll(m, 2, "public_defender", s))
        low = min(totals.values())
        candidates = [s for s in candidates if totals[s] == low]
    start_trial(m, prosecutor=seat, defender=candidates[0])


def pass_turn(m: WitchTrialMatch, seat: int, command: dict[str, Any]) -> None:
    """§3.5: do nothing this turn (``n`` passes in a row end the game, §5.1)."""
    m.emit({"type": "pass", "seat": seat})
    end_turn(m, passed=True)


def start_trial(m: WitchTrialMatch, prosecutor: int, defender: int) -> None:
    """Open the trial of ``prosecutor``'s pending case: the bank pays the defense budget
    to the defender (§4.1) and the charge's court money into the Court Fees (§4.2); the
    Jury Value starts at guilt + modified severity (§4.3).

    The trial's state: prosecutor, defender, turn_seat (whose turn started it),
    suspect, charge (in force), case_charge (the one it came with), jury_value,
    jury_start, court_money, defense_budget, phase (prosecution | defense | final),
    played, cancelled, replaced, rested, motion (None or {card, by, choice}), plea
    (None or {by, to, phase, to_prosecution, after}), expert / leading (per side)."""
    st = m.state
    case = st["cases"][prosecutor]
    st["cases"][prosecutor] = None
    suspect = m.cat.suspects[m.cat.kind_of[case["suspect"]]]
    charge = m.cat.charges[m.cat.kind_of[case["charge"]]]
    st["money"][defender] += suspect.defense
    st["court_fees"] += charge.court
    st["bank_paid"] += suspect.defense + charge.court
    jury = clamp_jury(suspect.guilt + charge.modified(suspect.id))
    st["trial"] = {
        "prosecutor": prosecutor,
        "defender": defender,
        "turn_seat": st["turn"],
        "suspect": case["suspect"],
        "charge": case["charge"],
        "case_charge": case["charge"],
        "jury_value": jury,
        "jury_start": jury,
        "court_money": charge.court,
        "defense_budget": suspect.defense,
        "phase": "prosecution",
        "played": [],
        "cancelled": [],
        "replaced": [],
        "rested": [],
        "motion": None,
        "plea": None,
        "expert": {"prosecution": False, "defense": False},
        "leading": {"prosecution": False, "defense": False},
    }
    m.emit(
        {
            "type": "trial",
            "prosecutor": prosecutor,
            "defender": defender,
            "suspect": case["suspect"],
            "charge": case["charge"],
            "jury_value": jury,
            "defense_budget": suspect.defense,
            "court_money": charge.court,
            "court_fees": st["court_fees"],
        }
    )
