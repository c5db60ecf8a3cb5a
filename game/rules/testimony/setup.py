"""Setting up a match of Testimony and dealing each of its games
(docs/rules/testimony.md §2, §4, §5.4).

The state a match keeps in ``m.state`` (plain JSON data). For the whole match::

    games          games in the match (option ``games``, 1..3)
    game_no        the game being played, from 1
    totals         per seat, the match total so far
    history        finished games, fully revealed (see scoring.end_game)

and for the game being played (replaced at each deal)::

    stage          action | answer | share | testify | between | over
    characters     per seat, a Character id;  set_aside: the card left over, or None
    hand           per seat, tokens in hand;  tokens_each, tokens_aside
    tokens         placed, in order: {token, placer, side, target, turn}
    discarded      {seat, turn} per discarded token
    first, turn, turn_no   the first player, the active seat, the turn's number
    declined       seats that declined an invitation this turn
    invite         None or {by, to}
    share          None or {share, by, with, next}: the share under way
    shares         {share, by, with, turn, cards: [by's card, with's card]}
    investigations {seat, targets, turn, seen: [token ids lying there then]}
    double_used    the Cunning Woman's double investigation was used this game
    next_first     between games, who plays first in the next
    result         once the game ended: {standing, killed, scores, reasons}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.match import SetupError
from game.rules.testimony.cards import MAX_GAMES, SETUP_COUNTS, tokens_each

if TYPE_CHECKING:
    from game.rules.testimony.match import TestimonyMatch


def setup(m: TestimonyMatch) -> None:
    """A new match: check the ``games`` option and deal game 1, whose first player is
    drawn from the match's generator (§4)."""
    games = m.options.get("games")
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise SetupError(f"games must be a whole number from 1 to {MAX_GAMES}")
    n = m.n
    m.state = {"games": games, "game_no": 0, "totals": [0] * n, "history": []}
    start_game(m, m.rng.randint(0, n - 1), tied=list(range(n)))


def start_game(m: TestimonyMatch, first: int, tied: list[int]) -> None:
    """Deal a new game (§2) with ``first`` to play first (§4); ``tied``: the seats the
    first player was drawn among."""
    st = m.state
    n = m.n
    cat = m.cat
    heathen_count, puritan_count = SETUP_COUNTS[n]
    heathens = list(cat.heathens)
    puritans = list(cat.puritans)
    m.rng.shuffle(heathens)
    m.rng.shuffle(puritans)
    cards = heathens[:heathen_count] + puritans[:puritan_count]
    m.rng.shuffle(cards)
    each, aside = tokens_each(n, cat.supply.total)
    st["game_no"] += 1
    st.update(
        {
            "stage": "action",
            "characters": cards[:n],
            "set_aside": cards[n] if len(cards) > n else None,
            "hand": [each] * n,
            "tokens_each": each,
            "tokens_aside": aside,
            "tokens": [],
            "discarded": [],
            "first": first,
            "turn": first,
            "turn_no": 1,
            "declined": [],
            "invite": None,
            "share": None,
            "shares": [],
            "investigations": [],
            "double_used": False,
            "next_first": None,
            "result": None,
        }
    )
    m.emit(
        {
            "type": "game_start",
            "game_no": st["game_no"],
            "games": st["games"],
            "first_player": first,
            "tied": tied,
            "tokens_each": each,
            "tokens_aside": aside,
            "set_aside": st["set_aside"] is not None,
        }
    )
    for seat, character in enumerate(st["characters"]):
        m.emit({"type": "deal", "seat": seat, "character": character}, to=[seat], others={"type": "deal", "seat": seat})
    m.emit({"type": "turn", "seat": first, "turn_no": 1, "tokens": each})
