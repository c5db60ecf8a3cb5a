"""The courtroom commands of Witch Trial (docs/rules/witch_trial.md §4): playing cards,
Objections, resting, pleas, the verdict and the end of a trial. Handlers are
``handler(m, seat, cmd)``; the command's shape and the stage were checked by
:mod:`game.rules.witch_trial.commands`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.errors import IllegalCommand
from game.engine.shape import shown
from game.rules.witch_trial.cards import GUILTY_AT, PLEA_STEP
from game.rules.witch_trial.legal import plays
from game.rules.witch_trial.state import draw, end_turn, hand_card, move_jury, opponent, roll, set_jury, side

if TYPE_CHECKING:
    from game.rules.witch_trial.match import WitchTrialMatch


# ------------------------------------------------------------------ playing cards --
def play(m: WitchTrialMatch, seat: int, command: dict[str, Any]) -> None:
    """Play a card from hand in one's own stage (§4.9–§4.12). A Motion waits for the
    opponent's answer (R7); Evidence, a Witness or a Charge takes effect now."""
    st = m.state
    trial = st["trial"]
    card = hand_card(m, seat, command)
    kind = m.cat.type_of[card]
    choice = command.get("choice")
    kind_id = m.cat.kind_of[card]
    if kind == "objection":
        raise IllegalCommand("bad_play", "An Objection can only be played against your opponent's Motion.")
    if kind_id == "short_memory":
        if not st["discard"]:
            raise IllegalCommand("empty_discard", "The discard pile is empty: Short Memory has nothing to recover.")
        if choice is None:
            raise IllegalCommand("need_choice", "Short Memory needs a 'choice': the discard card to take.")
        if not isinstance(choice, str) or choice not in st["discard"]:
            raise IllegalCommand("bad_choice", f"{shown(choice)} is not in the discard pile.")
    elif "choice" in command:  # even null: legal() lists no choice here (R16)
        raise IllegalCommand("bad_choice", f"{m.cat.name(card)} takes no choice.")
    lawyer = side(trial, seat)
    st["hands"][seat].remove(card)
    trial["played"].append(card)
    m.emit({"type": "play", "seat": seat, "side": lawyer, "card": card, "kind": kind})
    if kind == "motion":
        trial["motion"] = {"card": card, "by": seat, "choice": choice}
        m.emit({"type": "motion", "seat": seat, "card": card, "choice": choice, "awaiting": opponent(trial, seat)})
        return
    sign = 1 if lawyer == "prosecution" else -1
    if kind == "evidence":
        ev = m.cat.evidence[kind_id]
        delta = ev.prosecution if lawyer == "prosecution" else ev.defense
        reason = "evidence"
        if trial["expert"][lawyer]:  # R9: doubled before the clamp
            trial["expert"][lawyer] = False
            delta *= 2
            reason = "expert_evidence"
        move_jury(m, delta, reason)
    elif kind == "suspect":
        guilt = m.cat.suspects[kind_id].guilt
        if trial["leading"][lawyer]:  # R9: a Leading Question Witness rolls nothing
            trial["leading"][lawyer] = False
            move_jury(m, sign * guilt, "leading_witness")
        else:
            rolled = roll(m, 1, "witness", seat)[0]
            if rolled >= guilt:
                move_jury(m, sign * guilt, "witness")
            else:
                m.emit({"type": "witness_fails", "seat": seat, "card": card, "roll": rolled, "guilt": guilt})
    elif kind == "charge":  # R14: the replaced charge stays on the table
        suspect = m.cat.kind_of[trial["suspect"]]
        old = m.cat.charges[m.cat.kind_of[trial["charge"]]].modified(suspect)
        new = m.cat.charges[kind_id].modified(suspect)
        trial["replaced"].append(trial["charge"])
        trial["charge"] = card
        move_jury(m, new - old, "charge")
    after_card(m, seat)


def after_card(m: WitchTrialMatch, seat: int) -> None:
    """A card took effect: in the final argument that was the one card (§4.6, R8)."""
    if m.state["trial"]["phase"] == "final":
        rest_now(m, seat, forced=True)


def rest(m: WitchTrialMatch, seat: int, command: dict[str, Any]) -> None:
    """Rest; in the final argument only with no card that can be played (§4.6, R5)."""
    trial = m.state["trial"]
    if trial["phase"] == "final" and plays(m, m.state["hands"][seat]):
        raise IllegalCommand(
            "must_play",
            "The final argument is exactly one more card: play one; you may rest only with no card you can play.",
        )
    rest_now(m, seat, forced=False)


def rest_now(m: WitchTrialMatch, seat: int, forced: bool) -> None:
    """``seat`` rests; its plea window opens (R6)."""
    trial = m.state["trial"]
    trial["rested"].append(seat)
    m.emit({"type": "rest", "seat": seat, "side": side(trial, seat), "forced": forced})
    trial["plea"] = {
        "by": seat,
        "to": opponent(trial, seat),
        "phase": "offer",
        "to_prosecution": None,
        "after": trial["phase"],
    }


# ------------------------------------------------------------ Motions, Objections --
def object_to_motion(m: WitchTrialMatch, seat: int, command: dict[str, Any]) -> None:
    """Cancel the waiting Motion with an Objection, which goes into the hand of the
    Motion's player (§4.12, R13)."""
    st = m.state
    trial = st["trial"]
    card = hand_card(m, seat, command)
    if m.cat.type_of[card] != "objection":
        raise IllegalCommand("bad_objection", f"{m.cat.name(card)} is not an Objection.")
    motion = trial["motion"]
    st["hands"][seat].remove(card)
    st["hands"][motion["by"]].append(card)
    trial["cancelled"].append(motion["card"])
    trial["motion"] = None
    m.emit({"type": "objection", "seat": seat, "card": card, "motion": motion["card"], "to": motion["by"]})


def no_objection(m: WitchTrialMatch, seat: int, command: dict[str, Any]) -> None:
    """Let the waiting Motion stand: it takes effect now."""
    trial = m.state["trial"]
    motion = trial["motion"]
    trial["motion"] = None
    m.emit({"type": "no_objection", "seat": seat, "motion": motion["card"]})
    resolve_motion(m, motion["by"], motion["card"], motion["choice"])


def resolve_motion(m: WitchTrialMatch, seat: int, card: str, choice: str | None) -> None:
    """The Motion ``card`` played by ``seat`` takes effect (§1.4, R8–R10)."""
    st = m.state
    trial = st["trial"]
    kind_id = m.cat.kind_of[card]
    lawyer = side(trial, seat)
    sign = 1 if lawyer == "prosecution" else -1
    if kind_id == "drama":
        dice = roll(m, 2, "drama", seat)
        set_jury(m, sum(dice), "drama")
        rest_now(m, seat, forced=True)
        return
    if kind_id == "short_memory":
        st["discard"].remove(choice)
        st["hands"][seat].append(choice)
        m.emit({"type": "recover", "seat": seat, "card": choice})
    elif kind_id == "bribe_judge":
        move_jury(m, sign * m.cat.motions[kind_id].amount, "bribe")
    elif kind_id == "recess":
        draw(m, seat, m.cat.motions[kind_id].amount)
    elif kind_id == "venue":
        suspect = m.cat.suspects[m.cat.kind_of[trial["suspect"]]]
        charge = m.cat.charges[m.cat.kind_of[trial["charge"]]]
        set_jury(m, suspect.guilt + charge.modified(suspect.id), "venue")
    elif kind_id == "expert":
        trial["expert"][lawyer] = True
    elif kind_id == "leading":
        trial["leading"][lawyer] = True
    elif kind_id == "mistrial":
        m.emit({"type": "mistrial", "seat": seat})
        end_trial(m, keep_case=False)
        return
    elif kind_id == "continuance":
        m.emit({"type": "continuance", "seat": seat, "case_owner": trial["prosecutor"]})
        end_trial(m, keep_case=True)
        return
    after_card(m, seat)


# ------------------------------------------------------------------------ pleas --
def offer_plea(m: WitchTrialMatch, seat: int, command: dict[str, Any]) -> None:
    """Just after one's rest: offer the prosecution ``to_prosecution`` of the Court Fees
    ($0 to all of it, in $5 steps), the defense the rest (§4.13, R6)."""
    st = m.state
    plea = st["trial"]["plea"]
    amount = command["to_prosecution"]
    fees = st["court_fees"]
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalCommand("bad_plea", "A plea offer names a whole number of dollars for the prosecution.")
    if amount < 0 or amount > fees:
        raise IllegalCommand("bad_plea", f"A plea offer gives the prosecution $0 to ${fees} (the Court Fees).")
    if amount % PLEA_STEP:
        raise IllegalCommand("bad_plea", f"Plea offers go in ${PLEA_STEP} steps.")
    plea["phase"] = "answer"
    plea["to_prosecution"] = amount
    m.emit(
        {"type": "plea_offer", "seat": seat, "to": plea["to"], "to_prosecution": amount, "to_defense": fees - amount}
    )


def no_plea(m: WitchTrialMatch, seat: int, command: dict[str, Any]) -> None:
    """Just after one's rest: make no offer; the trial goes on (R6)."""
    trial = m.state["trial"]
    after = trial["plea"]["after"]
    trial["plea"] = None
    m.emit({"type": "no_plea", "seat": seat})
    advance(m, after)


def answer_plea(m: WitchTrialMatch, seat: int, command: dict[str, Any]) -> None:
    """Accept (the Court Fees are split, the trial ends) or decline (it goes on) (R6)."""
    st = m.state
    trial = st["trial"]
    accept = command["accept"]
    if not isinstance(accept, bool):
        raise IllegalCommand("bad_answer", "Answer a plea with accept true or false.")
    plea = trial["plea"]
    fees = st["court_fees"]
    to_p = plea["to_prosecution"]
    if accept:
        st["money"][trial["prosecutor"]] += to_p
        st["money"][trial["defender"]] += fees - to_p
        st["court_fees"] = 0
        m.emit(
            {
                "type": "plea",
                "accepted": True,
                "seat": seat,
                "to_prosecution": to_p,
                "to_defense": fees - to_p,
                "prosecutor": trial["prosecutor"],
                "defender": trial["defender"],
            }
        )
        end_trial(m, keep_case=False)
        return
    after = plea["after"]
    trial["plea"] = None
    m.emit(
        {
            "type": "plea",
            "accepted": False,
            "seat": seat,
            "to_prosecution": to_p,
            "to_defense": fees - to_p,
            "prosecutor": trial["prosecutor"],
            "defender": trial["defender"],
        }
    )
    advance(m, after)


# ----------------------------------------------------------- the trial moves on --
def advance(m: WitchTrialMatch, after: str) -> None:
    """The stage after a rest (and its plea window) is done (§4.4–§4.7)."""
    trial = m.state["trial"]
    if after == "prosecution":
        trial["phase"] = "defense"
        m.emit({"type": "stage", "stage": "defense", "seat": trial["defender"]})
    elif after == "defense":
        trial["phase"] = "final"
        m.emit({"type": "stage", "stage": "final", "seat": trial["prosecutor"]})
    else:
        verdict(m)


def verdict(m: WitchTrialMatch) -> None:
    """§4.7: the prosecutor rolls 2d6 + Jury Value; 13 or more convicts and the
    prosecutor takes the Court Fees, anything less and the defender does."""
    st = m.state
    trial = st["trial"]
    dice = roll(m, 2, "verdict", trial["prosecutor"])
    total = sum(dice) + trial["jury_value"]
    guilty = total >= GUILTY_AT
    winner = trial["prosecutor"] if guilty else trial["defender"]
    amount = st["court_fees"]
    st["money"][winner] += amount
    st["court_fees"] = 0
    m.emit(
        {
            "type": "verdict",
            "guilty": guilty,
            "winner": winner,
            "amount": amount,
            "total": total,
            "jury_value": trial["jury_value"],
            "dice": dice,
        }
    )
    end_trial(m, keep_case=False)


def end_trial(m: WitchTrialMatch, keep_case: bool) -> None:
    """Every trial card goes to the discard (§4.8); a Continuance gives the suspect and
    the charge in force back to the prosecutor as the pending case (R10). The trial
    ends the turn of the player whose turn it was (R11)."""
    st = m.state
    trial = st["trial"]
    cards = [trial["suspect"], trial["case_charge"]] + trial["played"]
    if keep_case:
        st["cases"][trial["prosecutor"]] = {"suspect": trial["suspect"], "charge": trial["charge"]}
        cards = [c for c in cards if c != trial["suspect"] and c != trial["charge"]]
    st["discard"].extend(cards)
    if cards:
        m.emit({"type": "discard", "cards": cards})
    turn_seat = trial["turn_seat"]
    st["trial"] = None
    st["turn"] = turn_seat
    end_turn(m, passed=False)
