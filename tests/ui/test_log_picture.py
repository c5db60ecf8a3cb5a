"""The game log's picture is kept between moves: after a move only the new lines are
drawn and the kept ones scrolled up (the frame right after a move stays short).
Whatever is kept must be exactly the picture drawn afresh, move after move, for every
table (DESIGN D6: the table draws the view and nothing else)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.bots.base import RandomBot
from game.engine import new_match
from game.ui.tables import load_tables
from tests.ui.table_source import MatchTableSource, clear_scenes, open_table_scene, run_frames, table_app

PLAYERS = {"hammer": 4, "witch_trial": 4, "salem": 6, "testimony": 4, "malleus": 4}


def source_for(game: str, match):
    """The test source each table is driven with elsewhere (one seat shown, no curtain)."""
    if game == "hammer":
        from tests.ui.hammer_source import MatchSource

        return MatchSource(match, 0)
    if game == "witch_trial":
        from tests.ui.witch_trial_source import TrialSource

        return TrialSource(match, 0)
    if game == "testimony":
        from tests.ui.testimony_source import TestimonySource

        return TestimonySource(match, 0)
    return MatchTableSource(match, 0)


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def fresh_log(table) -> bytes:
    """The log panel's picture drawn from nothing (no kept picture)."""
    kept = table._log_cache
    table._log_cache = None
    surface = pygame.Surface(table.size, pygame.SRCALPHA)
    table.draw_log(surface)
    fresh = table._log_cache[1]
    table._log_cache = kept
    return pygame.image.tobytes(fresh, "RGBA")


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_log_kept_between_moves_is_the_log_drawn_afresh(app, game):
    if game not in load_tables():
        pytest.skip(f"no table for {game}")
    n = PLAYERS[game]
    m = new_match(game, [f"Player {i + 1}" for i in range(n)], seed=7)
    bots = {s: RandomBot(300 + s) for s in range(n)}
    table = open_table_scene(app, load_tables()[game], source_for(game, m), 2)
    kept = []
    scroll = table.scroll_log_picture
    table.scroll_log_picture = lambda *a: (kept.append(a), scroll(*a))
    rng = random.Random(3)
    checked = 0
    for step in range(160):
        if m.over:
            break
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
        if rng.random() < 0.1:  # now and then the seat shown changes (a fresh picture)
            table.source.show(rng.randrange(n))
        run_frames(app, 1)
        if table._log_cache is None:
            continue
        assert pygame.image.tobytes(table._log_cache[1], "RGBA") == fresh_log(table), f"{game} step {step}"
        checked += 1
    assert checked >= 30 and len(kept) >= 10, (checked, len(kept))  # the kept picture was used
    clear_scenes(app)


def test_every_tables_log_is_readable_at_1920_by_1080():
    """The story game's log, a short strip under its ledger, came out at the 12 px floor
    at every window size (its size followed the lines its zone holds); at 1920 x 1080 each
    table's log text is now at least 15 px, and never under the 12 px floor at 1280 x 720."""
    from game.ui.app import App

    for size, least in (((1920, 1080), 15), ((1280, 720), 12)):
        big = App(size=size)
        for game in sorted(PLAYERS):
            if game not in load_tables():
                continue
            m = new_match(game, [f"Player {i + 1}" for i in range(PLAYERS[game])], seed=7)
            table = open_table_scene(big, load_tables()[game], source_for(game, m), 2)
            log = pygame.Rect(table.rects["log"])
            assert table.log_font_size(log) >= least, (game, size, log.size)
        clear_scenes(big)
