"""Runs of like events are one line of the log: answers one after another in a Salem
secret step, passes one after another at Hammer's answer windows and Witch Trial's turns
("Bob, Cy and Dee pass."). A lone event keeps its own sentence, and the other events
around a run keep theirs."""

from __future__ import annotations

import pytest

from game.engine import new_match
from tests.ui.table_source import MatchTableSource, drive_until, open_table_scene, table_app


@pytest.fixture(scope="module")
def app():
    yield from table_app()


@pytest.mark.parametrize("game,players", [("hammer", 4), ("witch_trial", 4)])
def test_passes_one_after_another_are_one_sentence(app, game, players):
    from game.ui.tables import load_tables

    m = new_match(game, ["Ann", "Bob", "Cy", "Dee"][:players], seed=3)
    scene = open_table_scene(app, load_tables()[game], MatchTableSource(m, 0), 2)
    turn = {"type": "turn", "seat": 0}
    events = [turn, {"type": "pass", "seat": 1}, {"type": "pass", "seat": 2}, {"type": "pass", "seat": 3}, turn]
    said = scene.sentences(events)
    assert "Bob, Cy and Dee pass." in said and len(said) == 3
    assert scene.sentences([{"type": "pass", "seat": 2}]) == ["Cy passes."]


def test_salem_answers_one_after_another_are_one_sentence(app):
    from game.ui.scenes.salem_table import SalemTableScene

    m = new_match("salem", ["Ann", "Bob", "Cy", "Dee", "Eve"], seed=3)
    scene = open_table_scene(app, SalemTableScene, MatchTableSource(m, 0), 2)
    events = [{"type": "answered", "seat": s} for s in (1, 2, 4)]
    assert scene.sentences(events) == ["Bob, Cy and Eve answered."]
    assert scene.sentences(events[:1]) == ["Bob answered."]


def test_a_deal_is_one_line(app):
    from game.ui.tables import load_tables

    m = new_match("hammer", ["Ann", "Bob", "Cy", "Dee"], seed=3)
    hammer = open_table_scene(app, load_tables()["hammer"], MatchTableSource(m, 0), 2)
    deal = [{"type": "deal", "seat": 0, "count": 6}, {"type": "deal", "seat": 1}, {"type": "deal", "seat": 2}]
    # docs/rules/hammer.md §8.1: the others' hand sizes are private
    assert hammer.sentences(deal) == ["Ann is dealt 6 cards. Bob and Cy are dealt cards."]
    m = new_match("witch_trial", ["Ann", "Bob", "Cy", "Dee"], seed=3)
    trial = open_table_scene(app, load_tables()["witch_trial"], MatchTableSource(m, 0), 2)
    said = trial.sentences([{"type": "deal", "seat": s, "count": 6} for s in range(4)])
    assert said == ["Ann, Bob, Cy and Dee are dealt 6 cards each."]


def test_the_story_games_draws_are_one_line(app):
    from game.ui.scenes.malleus_table import MalleusTableScene

    m = new_match("malleus", ["Prévôt", "Ann", "Bob", "Cy"], seed=3)
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, 0), 2)
    draws = [{"type": "draw", "player": s, "count": 2} for s in (2, 1, 3)]
    assert scene.sentences(draws) == ["Bob, Ann and Cy draw 2 cards each."]
    assert scene.sentences(draws[:1]) == ["Bob draws 2 cards."]


def test_salem_cards_one_draws_are_one_sentence(app):
    """Drawing two wrote "You draw Accusation." and "You draw Scapegoat." on two lines
    under "Ann draws two cards."; the cards are one sentence, listed as the deal's are
    ("You draw Accusation, Scapegoat."), and the others' draws (their cards unseen)
    still say nothing."""
    import random

    from game.ui.scenes.salem.words import card_name
    from game.ui.scenes.salem_table import SalemTableScene

    m = new_match("salem", ["Ann", "Bob", "Cy", "Dee", "Eve"], seed=3)
    rng = random.Random(1)
    ann_may_draw = lambda m: m.to_act()[0] == 0 and {"type": "draw_two"} in m.legal(0)  # noqa: E731
    assert drive_until(m, ann_may_draw, lambda m, seat: rng.choice(m.legal(seat)), 500)  # random play
    m.apply(0, {"type": "draw_two"})
    scene = open_table_scene(app, SalemTableScene, MatchTableSource(m, 0), 2)
    events = list(m.log(0))
    start = max(i for i, e in enumerate(events) if e["type"] == "draw_two")
    drawn = [c for e in events[start:] if e["type"] == "draw" for c in e["cards"]]
    assert len(drawn) == 2
    said = scene.sentences(events[start:])
    names = [card_name(c) for c in drawn]
    expected = f"You draw {names[0]} ×2." if names[0] == names[1] else f"You draw {names[0]}, {names[1]}."
    assert said[:2] == ["Ann draws two cards.", expected], said
    others = [{"type": "draw", "seat": 1}, {"type": "draw", "seat": 1}]
    assert scene.sentences(others) == []


def test_the_same_move_again_and_again_is_one_line(app):
    """Three Accusations on Bob wrote "Ann plays Accusation on Bob." three times over;
    they are one line with a count, in the log and in the recent moves, and a move that
    says something else (another target) keeps its own line."""
    from game.ui.scenes.salem_table import SalemTableScene

    m = new_match("salem", ["Ann", "Bob", "Cy", "Dee", "Eve"], seed=3)
    scene = open_table_scene(app, SalemTableScene, MatchTableSource(m, 0), 2)
    accusation = next(c for c, kind in m.cat.kind_of.items() if kind == "accusation")
    play = {"type": "play", "seat": 0, "card": accusation, "kind": "accusation", "target": 1}
    events = [{"type": "turn", "seat": 0}, play, dict(play), dict(play), dict(play, target=2)]
    said = scene.sentences(events)
    assert said == ["Ann's turn.", "Ann plays Accusation on Bob ×3.", "Ann plays Accusation on Cy."], said
    assert scene.sentences(events[:2]) == ["Ann's turn.", "Ann plays Accusation on Bob."]
