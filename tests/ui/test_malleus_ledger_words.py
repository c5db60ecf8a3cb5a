"""A ledger's envy reads as English on the table (docs/rules/malleus.md §1.5): the thing
a player envies is said as its holder's, without doubling a possessive the text already
has ('Thérèse the herbwife's healing gift', never "Thérèse the herbwife's her healing
gift"), on the player's own ledger and on the Prévôt's screen; and the general ledger's
first fact, the trigger, is written once in the game log, not twice in a row."""

from __future__ import annotations

import pytest

from game.ui.scenes.malleus.table import MalleusTableScene
from tests.rules.malleus_kit import village_s
from tests.ui.table_source import MatchTableSource, clear_scenes, open_table_scene, run_frames, table_app


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def _ledger_words(app, m, seat: int, tab: str) -> str:
    """Every line of a ledger tab, scrolling it down with the wheel as a reader would."""
    import pygame

    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, seat), 1)
    scene.ledger.tab = tab
    scene._static_key = None
    scene.dirty = True
    run_frames(app, 1)
    seen = []
    for _ in range(30):
        seen += [b.text for b in scene.text_blocks() if b.what == "ledger"]
        pygame.mouse.set_pos(scene.ledger.ledger_rect().center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        run_frames(app, 1)
    clear_scenes(app)
    return " ".join(seen)


def test_an_envy_is_said_as_its_holders_thing_without_a_doubled_possessive(app):
    m = village_s(turn=1)
    m.state["villagers"]["v5"]["name"] = "Thérèse the herbwife"
    m.state["ledgers"][3]["envy"] = {"holder": "v5", "thing": "her healing gift", "thing_villager": None}
    mine = _ledger_words(app, m, 3, "mine")
    assert "Envy: Thérèse the herbwife's healing gift" in mine and "'s her " not in mine
    screen = _ledger_words(app, m, 0, "prevot")
    assert "envy: Thérèse the herbwife's healing gift" in screen and "'s her " not in screen


def test_the_trigger_is_written_once_in_the_log():
    # §2.2: the trigger becomes the general ledger's first fact; the log names that fact
    # once, then says it is the trigger, rather than printing the same text twice in a row
    from game.engine import new_match
    from game.ui.scenes.malleus.common import Names, describe

    m = new_match("malleus", ["Ann", "Bob", "Cy", "Dora"], seed=3)
    m.apply(0, {"type": "set_trigger", "text": "The rye is black with blight."})
    for seat in range(4):
        lines = [describe(e, Names(m.view(seat), m.players)) for e in m.log(seat)]
        assert sum("The rye is black with blight." in line for line in lines) == 1, lines
        assert any("trigger" in line for line in lines), lines


@pytest.mark.parametrize("card", ["eavesdropping", "sharp_intuition"])
def test_what_a_player_learned_in_secret_is_theirs_in_their_log_and_named_on_the_prevots(card):
    # §3.5: Eavesdropping and Sharp Intuition tell the player who played them, and the
    # Prévôt sees it too; the player's log says "you", the Prévôt's names the player
    from game.ui.scenes.malleus.common import Names, describe
    from tests.rules.malleus_kit import give

    m = village_s(turn=1)
    m.apply(1, {"type": "play_card", "card": give(m, 1, card), "secret": True, "player": 3})

    def learned(seat: int) -> list[str]:
        return [describe(e, Names(m.view(seat), m.players)) for e in m.log(seat) if e.get("type") == "learned"]

    learner, seen = m.players[1], m.players[3]
    (own,) = learned(1)
    (prevot,) = learned(0)
    assert own.startswith("You overhear " if card == "eavesdropping" else "Your intuition: ") and seen in own
    assert prevot.startswith(f"{learner} overhears " if card == "eavesdropping" else f"{learner}'s intuition: ")
    assert "you" not in prevot.lower().split() and seen in prevot
    assert learned(2) == [] and learned(3) == []
