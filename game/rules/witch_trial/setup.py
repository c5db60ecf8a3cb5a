"""Setting up a game of Witch Trial (docs/rules/witch_trial.md §2).

The state a match keeps in ``m.state`` (plain JSON data)::

    deck          card ids, the top of the deck is the end of the list
    discard       card ids, the top is the end of the list
    lineup        5 card ids or None; index 0 = slot 1, next to the deck
    hands         per seat, card ids
    money         per seat, $
    cases         per seat, None or {suspect, charge} (the pending case)
    court_fees    $ waiting for the next verdict or plea
    bank_paid     $ the bank has paid out (defense budgets and court money)
    turn          the seat whose turn it is (during a trial: whose turn started it)
    pass_streak   passes in a row
    trial         None or the trial under way (see commands_turn.start_trial)
    reshuffled    the double_pass reshuffle was spent
    over          the game has ended
    last_rolls    the roll events of the latest command that rolled dice
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.match import SetupError
from game.rules.witch_trial.cards import HAND_SIZE, LINEUP_SIZE, START_MONEY
from game.rules.witch_trial.state import draw, take_from_deck

if TYPE_CHECKING:
    from game.rules.witch_trial.match import WitchTrialMatch


def setup(m: WitchTrialMatch) -> None:
    """Shuffle, give everyone $50 and six cards, deal the lineup and draw the first
    player from the match's generator (R15: not a die roll, so no ``roll`` event)."""
    if not isinstance(m.options.get("double_pass"), bool):
        raise SetupError("double_pass must be true or false")
    deck = list(m.cat.card_ids)
    m.rng.shuffle(deck)
    n = m.n
    m.state = {
        "deck": deck,
        "discard": [],
        "lineup": [None] * LINEUP_SIZE,
        "hands": [[] for _ in range(n)],
        "money": [START_MONEY] * n,
        "cases": [None] * n,
        "court_fees": 0,
        "bank_paid": 0,
        "turn": 0,
        "pass_streak": 0,
        "trial": None,
        "reshuffled": False,
        "over": False,
        "last_rolls": [],
    }
    for seat in range(n):
        draw(m, seat, HAND_SIZE, event="deal")
    lineup = m.state["lineup"]
    for i in range(LINEUP_SIZE):
        lineup[i] = take_from_deck(m)
    m.emit({"type": "lineup", "lineup": list(lineup)})
    first = m.rng.randint(0, n - 1)
    m.state["turn"] = first
    m.emit({"type": "first_player", "seat": first})
    m.emit({"type": "turn", "seat": first})
