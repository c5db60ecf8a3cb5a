"""Between moves the Hammer table draws ahead the villager rows the next move may show
(each villager a few heat steps hotter or cooler, docs/rules/hammer.md §1.3, with the
witch as that heat makes it), and the cards at every size the table shows them at. A
row drawn ahead must be exactly the row drawn afresh when the move comes (DESIGN D6:
what is kept is keyed by everything it shows), and the work must end (the table
sleeps again)."""

from __future__ import annotations

import pygame
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


def shown_row_keys(table) -> set[str]:
    """The keys of the villager rows on the table now (as ``Seats.draw_seat`` lays them)."""
    seats = table.seats
    witches = set(table.witches())
    keys = set()
    for seat in range(table.players):
        zone = table.seat_zone(seat)
        mine = [v for v in table.villagers() if v.get("owner") == seat]
        for vill, row in zip(mine, seats.row_rects(pygame.Rect((0, 0), zone.size), len(mine))):
            key = seats.row_key(vill, row, vill.get("id") in witches)
            if key is not None:
                keys.add(key)
    return keys


def fresh_static(table) -> bytes:
    """The static table drawn on a new surface with nothing kept: no seat picture, no
    row, no region."""
    seats, regions = table.seats, table.regions
    kept = (seats.cache, seats.rows, regions.painted, regions.placed, regions.placed_surfs, dict(table.static_text))
    seats.cache, seats.rows = {}, {}
    regions.painted, regions.placed, regions.placed_surfs = None, {}, {}
    surface = pygame.Surface(table._static.get_size()).convert()
    try:
        table.draw_table(surface)
    finally:
        seats.cache, seats.rows, regions.painted, regions.placed, regions.placed_surfs = kept[:5]
        table.static_text.clear()
        table.static_text.update(kept[5])
    return pygame.image.tobytes(surface, "RGB")


def test_rows_drawn_ahead_are_the_rows_drawn_afresh_and_the_work_ends(app):
    m = new_match("hammer", [f"Player {i + 1}" for i in range(5)], seed=3)
    bots = {s: RandomBot(40 + s) for s in range(5)}
    table = open_table_scene(app, load_tables()["hammer"], source_for("hammer", m), 2)
    made_ahead: set[str] = set()
    found = missed = 0
    for step in range(150):
        if m.over:
            break
        shown = shown_row_keys(table)
        setup = m.view(0).get("phase") == "setup"  # the pyres shown at its end: not foreseeable
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
        run_frames(app, 1)
        changed = shown_row_keys(table) - shown
        if not setup:
            found += len(changed & made_ahead)
            missed += len(changed - made_ahead)
        kept = pygame.image.tobytes(table._static, "RGB")
        assert kept == fresh_static(table), f"step {step}"
        before = set(table.seats.rows)
        for _ in range(400):  # the quiet frames after the move: the rows are drawn ahead
            if not table.seats.work_ahead():
                break
        else:
            pytest.fail("drawing the rows ahead never ends")
        made_ahead |= set(table.seats.rows) - before
    # most rows a move changed were drawn ahead (the others: a villager burned or
    # protected, a heat step not foreseen)
    assert found > 20 and found > 3 * missed, (found, missed)
    clear_scenes(app)


def test_the_table_predicts_the_sizes_its_cards_show_at(app):
    """The discard pile, the last move and an announced card: each size the table draws
    a face at is drawn ahead before it is needed."""
    m = new_match("hammer", [f"Player {i + 1}" for i in range(5)], seed=3)
    bots = {s: RandomBot(40 + s) for s in range(5)}
    table = open_table_scene(app, load_tables()["hammer"], source_for("hammer", m), 2)
    predicted = {tuple(size) for size, _cards in table.ahead_face_sizes()} | {
        tuple(table.card_size()),
        (table.card_size()[0] // 2, table.card_size()[1] // 2),
    }
    table.art = CardArt()  # the app's card art is shared: none of the sizes of earlier tables
    for _ in range(120):
        if m.over:
            break
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
        run_frames(app, 2)
    drawn = table.face_sizes()
    assert drawn and drawn <= predicted, sorted(drawn - predicted)
    clear_scenes(app)
