"""Lists of people in the tables' sentences end in "and" (or "or" where any one of them
may act): "The witches: Ann, Bob and Cy." read "The witches: Ann, Bob, Cy." before."""

from __future__ import annotations

from game.ui.scenes import testimony_text, witch_trial_text
from game.ui.scenes.salem import words as salem_words

PLAYERS = ["Ann", "Bob", "Cy", "Dora"]


def test_salem_names_the_witches_and_the_winners_in_a_sentence():
    assert salem_words.describe({"type": "witches_known", "seats": [0, 1, 3]}, PLAYERS) == (
        "The witches: Ann, Bob and Dora."
    )
    over = salem_words.describe({"type": "over", "team": "town", "winners": [1, 2]}, PLAYERS)
    assert over.endswith("The town win: Bob and Cy.")


def test_witch_trial_names_its_winners_in_a_sentence():
    over = witch_trial_text.describe({"type": "game_over", "scores": [90, 90, 40], "winners": [0, 1]}, PLAYERS[:3])
    assert over.endswith("Winner: Ann and Bob.")


def test_testimony_names_the_killed_in_a_sentence():
    reveal = testimony_text.describe(
        {"type": "reveal", "killed": [True, False, True, True], "scores": [1, 2, 3, 4]}, PLAYERS
    )
    assert "Killed: Ann, Cy and Dora." in reveal


def test_the_hint_names_the_seats_waited_for_in_a_sentence():
    """The hint read "Waiting for Ann, Bob, Cy." under a banner that said "waiting for Ann, Bob and Cy"."""
    from game.ui.scenes.table_base import TableScene

    class Table:
        say = staticmethod(lambda long, *shorter: long)
        name = staticmethod(lambda seat: PLAYERS[seat])
        pending_public = staticmethod(lambda: [0, 1, 2])

    assert TableScene.waiting_for(Table()) == "Waiting for Ann, Bob and Cy."
