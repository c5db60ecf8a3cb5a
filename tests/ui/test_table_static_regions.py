"""The static table is kept between moves: after a move only the panels whose part of
the view changed are painted again (game.ui.scenes.table.regions). Whatever is kept
must be exactly the table drawn afresh, move after move and seat after seat (DESIGN D6:
the table draws the view and nothing else)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.bots.base import RandomBot
from game.engine import new_match
from game.ui.tables import load_tables
from tests.ui.table_source import clear_scenes, open_table_scene, run_frames, table_app
from tests.ui.test_log_picture import source_for


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def fresh_static(table) -> bytes:
    """The static table drawn on a new surface (nothing kept from the last view)."""
    surface = pygame.Surface(table._static.get_size()).convert()
    regions = table.regions
    kept = (
        regions.painted,
        dict(regions.placed),
        dict(regions.placed_surfs),
        dict(regions.left),
        dict(table.static_text),
    )
    try:
        table.draw_table(surface)
    finally:  # the table goes on with what it kept
        regions.painted, regions.placed, regions.placed_surfs, regions.left = kept[:4]
        table.static_text.clear()
        table.static_text.update(kept[4])
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("game, players", [("hammer", 5), ("witch_trial", 5)])
def test_the_static_table_kept_between_moves_is_the_table_drawn_afresh(app, game, players):
    m = new_match(game, [f"Player {i + 1}" for i in range(players)], seed=11)
    bots = {s: RandomBot(500 + s) for s in range(players)}
    table = open_table_scene(app, load_tables()[game], source_for(game, m), 2)
    rng = random.Random(5)
    kept_used = 0
    for step in range(90):
        if m.over:
            break
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
        if rng.random() < 0.15:  # now and then another seat's screen (the zones turn round)
            table.source.show(rng.randrange(players))
        before = dict(table.regions.placed)
        run_frames(app, 1)
        kept_used += sum(1 for k, v in table.regions.placed.items() if before.get(k) == v)
        kept = pygame.image.tobytes(table._static, "RGB")
        assert kept == fresh_static(table), f"{game} step {step}"
        run_frames(app, 1)
    assert kept_used > 50  # panels were left as they were, not all painted again
    clear_scenes(app)
