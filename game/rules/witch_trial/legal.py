"""Every legal Witch Trial command of a seat that may act, in a fixed order
(docs/rules/witch_trial.md §7, R16): ``apply`` accepts exactly these."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.witch_trial.cards import PLEA_STEP, PRICES

if TYPE_CHECKING:
    from game.rules.witch_trial.match import WitchTrialMatch


def legal(m: WitchTrialMatch, seat: int) -> list[dict[str, Any]]:
    """The commands of ``seat``, which is the one seat in ``to_act``."""
    st = m.state
    trial = st["trial"]
    if trial is None:
        return legal_turn(m, seat)
    hand = st["hands"][seat]
    if trial["motion"] is not None:
        out = [{"type": "object", "card": c} for c in hand if m.cat.type_of[c] == "objection"]
        out.append({"type": "no_objection"})
        return out
    plea = trial["plea"]
    if plea is not None:
        if plea["phase"] == "offer":
            out = [{"type": "offer_plea", "to_prosecution": v} for v in range(0, st["court_fees"] + 1, PLEA_STEP)]
            out.append({"type": "no_plea"})
            return out
        return [{"type": "answer_plea", "accept": True}, {"type": "answer_plea", "accept": False}]
    out = plays(m, hand)
    if not out or trial["phase"] != "final":
        out.append({"type": "rest"})  # §4.6, R5: no resting on a playable final argument
    return out


def plays(m: WitchTrialMatch, hand: list[str]) -> list[dict[str, Any]]:
    """Every ``play`` the lawyer holding ``hand`` may make now: Objections only answer
    a Motion (R13); Short Memory once per card in the discard pile (R3, R16)."""
    out: list[dict[str, Any]] = []
    type_of = m.cat.type_of
    discard = m.state["discard"]
    for c in hand:
        kind = type_of[c]
        if kind == "objection":
            continue
        if kind == "motion" and m.cat.kind_of[c] == "short_memory":
            out.extend({"type": "play", "card": c, "choice": d} for d in discard)
            continue
        out.append({"type": "play", "card": c})
    return out


def legal_turn(m: WitchTrialMatch, seat: int) -> list[dict[str, Any]]:
    """The turn actions (§3): buy what ``seat`` can pay for, build a case from each
    Suspect / Charge in hand with a matching lineup card, defend, prosecute, pass."""
    st = m.state
    lineup = st["lineup"]
    money = st["money"][seat]
    out: list[dict[str, Any]] = []
    for i, card in enumerate(lineup):
        if card is not None and money >= PRICES[i]:
            out.append({"type": "buy", "slot": i + 1})
    if st["cases"][seat] is None:
        type_of = m.cat.type_of
        for c in st["hands"][seat]:
            kind = type_of[c]
            want = "charge" if kind == "suspect" else "suspect" if kind == "charge" else None
            if want is None:
                continue
            for i, other in enumerate(lineup):
                if other is not None and type_of[other] == want:
                    out.append({"type": "create_case", "card": c, "slot": i + 1})
    for owner, case in enumerate(st["cases"]):
        if case is not None and owner != seat:
            out.append({"type": "defend", "case_owner": owner})
    if st["cases"][seat] is not None:
        out.append({"type": "prosecute"})
    out.append({"type": "pass"})
    return out
