"""What a seat of Witch Trial sees (docs/rules/witch_trial.md §6, §9), and where each
lawyer's money came from at the end (§5.4).

Hidden (§6): every hand but one's own, and the order of the deck. Everything else is on
the table. The log is redacted where the view is (a draw names its cards to the drawer
only, see :func:`game.rules.witch_trial.state.draw`).

Once the game is over, every view (each seat's and the spectator's) also carries, the
same for everyone (§6.3):

* ``ending``: one or two sentences of how the game ended and who won with how much;
* ``revealed``: ``{"hands": [[card ids] per seat], "deck": [card ids, top last]}``, the
  cards that stayed hidden to the end (their kinds are in ``cards`` like any other).

Neither key exists before the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.witch_trial.cards import PRICES, START_MONEY
from game.rules.witch_trial.state import opponent, stage, to_act
from game.rules.witch_trial.words import ending

if TYPE_CHECKING:
    from game.rules.witch_trial.match import WitchTrialMatch


def view(m: WitchTrialMatch, seat: int | None) -> dict[str, Any]:
    """``seat``'s view (None: a spectator); field by field in §9."""
    st = m.state
    kind_of = m.cat.kind_of
    seen: list[str] = []
    players = []
    for s in range(m.n):
        hand = st["hands"][s]
        case = st["cases"][s]
        mine = s == seat
        if mine:
            seen.extend(hand)
        if case is not None:
            seen.append(case["suspect"])
            seen.append(case["charge"])
        players.append(
            {
                "seat": s,
                "name": m.players[s],
                "money": st["money"][s],
                "hand_count": len(hand),
                "hand": list(hand) if mine else None,
                "pending_case": dict(case) if case is not None else None,
            }
        )
    lineup = list(st["lineup"])
    seen.extend(c for c in lineup if c is not None)
    seen.extend(st["discard"])
    trial = st["trial"]
    trial_view = None
    if trial is not None:
        seen.append(trial["suspect"])
        seen.append(trial["case_charge"])
        seen.extend(trial["played"])
        trial_view = _trial_view(trial, st["court_fees"])
    over = st["over"]
    out = {
        "stage": stage(m),
        "active": None if over else to_act(m)[0],
        "turn": st["turn"],
        "players": players,
        "lineup": lineup,
        "prices": list(PRICES),
        "deck_count": len(st["deck"]),
        "discard": list(st["discard"]),
        "court_fees": st["court_fees"],
        "bank_paid": st["bank_paid"],
        "trial": trial_view,
        "pass_streak": st["pass_streak"],
        "double_pass": {"enabled": m.options["double_pass"], "used": st["reshuffled"]},
        "last_rolls": [dict(r) for r in st["last_rolls"]],
        "scores": list(st["money"]),
        "winners": m._winners(list(st["money"])) if over else [],
    }
    if not over:
        out["cards"] = {c: kind_of[c] for c in seen}
        return out
    revealed = {"hands": [list(h) for h in st["hands"]], "deck": list(st["deck"])}
    for hand in revealed["hands"]:
        seen.extend(hand)
    seen.extend(revealed["deck"])
    out["cards"] = {c: kind_of[c] for c in seen}
    out["ending"] = ending(m)
    out["revealed"] = revealed
    return out


def _trial_view(trial: dict[str, Any], fees: int) -> dict[str, Any]:
    motion = trial["motion"]
    plea = trial["plea"]
    return {
        "prosecutor": trial["prosecutor"],
        "defender": trial["defender"],
        "suspect": trial["suspect"],
        "charge": trial["charge"],
        "jury_value": trial["jury_value"],
        "played": list(trial["played"]),
        "rested": list(trial["rested"]),
        "phase": trial["phase"],
        "playing": trial["defender"] if trial["phase"] == "defense" else trial["prosecutor"],
        "jury_start": trial["jury_start"],
        "court_money": trial["court_money"],
        "defense_budget": trial["defense_budget"],
        "case_charge": trial["case_charge"],
        "replaced": list(trial["replaced"]),
        "cancelled": list(trial["cancelled"]),
        "motion": None
        if motion is None
        else {
            "card": motion["card"],
            "by": motion["by"],
            "choice": motion["choice"],
            "awaiting": opponent(trial, motion["by"]),
        },
        "plea": None
        if plea is None
        else {
            "by": plea["by"],
            "to": plea["to"],
            "phase": plea["phase"],
            "to_prosecution": plea["to_prosecution"],
            "to_defense": None if plea["to_prosecution"] is None else fees - plea["to_prosecution"],
        },
        "expert": dict(trial["expert"]),
        "leading": dict(trial["leading"]),
    }


#: the lines of the money breakdown, in the order the game-over table shows them (§5.4)
LEDGER_LINES = ("Starting money", "Paid for cards", "Defense budgets", "Verdicts won", "Plea deals")


def money_ledger(m: WitchTrialMatch) -> list[list[tuple[str, int]]]:
    """Per seat, where its money came from (§5.4): the starting $50, minus what it paid
    for cards, plus the defense budgets the bank paid it, the Court Fees of the verdicts
    it won and its shares of accepted pleas. Read from the public events of the log, so
    the lines add up to the money each seat holds."""
    ledger = [
        {"Starting money": START_MONEY, "Paid for cards": 0, "Defense budgets": 0, "Verdicts won": 0, "Plea deals": 0}
        for _ in range(m.n)
    ]
    for entry in m._log:
        if "to" in entry:
            continue  # a private event moves no money
        event = entry["event"]
        kind = event["type"]
        if kind == "buy":
            ledger[event["seat"]]["Paid for cards"] -= event["price"]
        elif kind == "trial":
            ledger[event["defender"]]["Defense budgets"] += event["defense_budget"]
        elif kind == "verdict":
            ledger[event["winner"]]["Verdicts won"] += event["amount"]
        elif kind == "plea" and event["accepted"]:
            ledger[event["prosecutor"]]["Plea deals"] += event["to_prosecution"]
            ledger[event["defender"]]["Plea deals"] += event["to_defense"]
    return [[(label, lines[label]) for label in LEDGER_LINES] for lines in ledger]
