"""The courtroom draws ahead (between moves) each card face at the sizes the next moves
show it at: the row of played cards shrinks as it grows (first to 60 %, only then do the
cards overlap), so each card played may show the row at a size never drawn before; the
case lies in a seat panel and then in the court; at the end every hand lies face up
(docs/rules/witch_trial.md). A face drawn at a size nobody predicted costs the frame
after a move about a millisecond; here every size a whole game draws at was predicted."""

from __future__ import annotations

import pytest

from game.bots.base import RandomBot
from game.engine import new_match
from game.ui.card_art import CardArt
from game.ui.tables import load_tables
from tests.ui.table_source import clear_scenes, open_table_scene, run_frames, table_app
from tests.ui.test_log_picture import source_for


@pytest.fixture(scope="module")
def app():
    yield from table_app()


@pytest.mark.parametrize("players", [4, 7])
def test_every_size_a_game_draws_a_face_at_was_drawn_ahead_first(app, players):
    m = new_match("witch_trial", [f"Player {i + 1}" for i in range(players)], seed=5)
    bots = {s: RandomBot(90 + s) for s in range(players)}
    table = open_table_scene(app, load_tables()["witch_trial"], source_for("witch_trial", m), 2)
    hand = tuple(table.card_size())
    predicted = {hand, (hand[0] // 2, hand[1] // 2)}
    played_sizes = set()
    table.art = CardArt()  # the app's card art is shared: none of the sizes of earlier tables
    for _ in range(400):
        predicted |= {tuple(size) for size, _cards in table.ahead_face_sizes()}
        if m.over:
            break
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
        run_frames(app, 1)
        trial = table.trial()
        for card in table.court.played_row(trial) if trial else []:
            played_sizes.add(tuple(table.court_cards[card].size))
    assert m.over
    assert len(played_sizes) >= 2  # the row shrank during the game
    drawn = table.face_sizes()
    assert drawn <= predicted, sorted(drawn - predicted)
    clear_scenes(app)


def test_the_row_of_played_cards_is_predicted_one_card_ahead(app):
    """The size the row takes with one card more is the first size the court predicts
    in a trial, and it is the size the court lays that card out at."""
    m = new_match("witch_trial", [f"Player {i + 1}" for i in range(5)], seed=5)
    bots = {s: RandomBot(90 + s) for s in range(5)}
    table = open_table_scene(app, load_tables()["witch_trial"], source_for("witch_trial", m), 2)
    checked = 0
    for _ in range(400):
        if m.over:
            break
        trial = table.trial()
        ahead = table.court.sizes_ahead()[0] if trial else None
        before = len(table.court.played_row(trial)) if trial else None
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
        run_frames(app, 1)
        after = table.trial()
        if ahead is not None and after and len(table.court.played_row(after)) == before + 1:
            last = table.court.played_row(after)[-1]
            assert tuple(table.court_cards[last].size) == ahead
            checked += 1
    assert checked >= 5
    clear_scenes(app)
