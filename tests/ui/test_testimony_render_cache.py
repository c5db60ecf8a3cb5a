"""The Testimony table keeps each part of its static picture (the seat plates, the hand's
labels, the notebook, the match standings, the table talk) as drawn, and after a move
draws again only the parts whose picture changed, on the surface it drew last (the frame right after
a move stays short; benchmarks/moves.py measures it). Whatever is kept, the picture must
be exactly the one a table drawing everything afresh would make, move after move, through
a share, an investigation, claims, a game's end and the next game (DESIGN D6: the table
draws the view, nothing else)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine import new_match
from game.ui.scenes import testimony_text as words
from game.ui.scenes.testimony.hand import HandPanel
from game.ui.scenes.testimony.notebook import NotebookPanel
from game.ui.scenes.testimony.seats import SeatsPanel
from game.ui.scenes.testimony.standings import StandingsPanel
from game.ui.scenes.testimony.talk import TalkPanel
from game.ui.scenes.testimony_table import TestimonyTableScene
from tests.ui.table_source import clear_scenes, open_table_scene, run_frames, table_app
from tests.ui.testimony_source import NAMES, TestimonySource, talky

KEEPING = {
    "seats": SeatsPanel,
    "hand": HandPanel,
    "notebook": NotebookPanel,
    "talk": TalkPanel,
    "standings": StandingsPanel,
}


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def drawn_afresh(table) -> pygame.Surface:
    """The static part drawn on a surface of its own by panels that keep nothing; the
    table's own panels are put back after (it goes on drawing from what they kept)."""
    kept = {name: getattr(table, name) for name in KEEPING}
    kept_parts = table.kept_parts
    for name, panel in KEEPING.items():
        setattr(table, name, panel(table))
    try:
        surface = pygame.Surface(table._static.get_size()).convert()
        table.draw_table(surface)
    finally:
        for name, panel in kept.items():
            setattr(table, name, panel)
        table.kept_parts = kept_parts
    return surface


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_each_redraw_from_the_kept_pictures_is_the_fresh_picture(app):
    m = new_match("testimony", NAMES[:7], seed=5)
    source = TestimonySource(m, 0)
    table = open_table_scene(app, TestimonyTableScene, source, 2)
    painted, kept_redraws = [], [0]
    draw_table = table.draw_table

    def counted(surface):
        kept = table.kept_parts
        kept_redraws[0] += kept is not None and kept[0] is surface
        draw_table(surface)

    table.draw_table = counted
    paint = table.notebook.paint
    table.notebook.paint = lambda surface: painted.append(1) or paint(surface)
    rng = random.Random(9)
    games, redraws = 1, 0
    for step in range(160):
        if m.over:
            break
        seat = m.to_act()[0]
        if rng.random() < 0.3:
            source.show(seat)  # the screen follows the seat to act now and then
        if rng.random() < 0.15 and source._seat is not None:
            source.say(words.CLAIM_PREFIX + "I am a Puritan.")
        m.apply(seat, talky(m, rng))
        games = max(games, m.view(None).get("game_no") or 1)
        run_frames(app, 1)
        if table._static_key is not None:
            redraws += 1
            assert same_pixels(table._static.copy(), drawn_afresh(table)), f"step {step} (state {m.state_id})"
    assert games >= 2 and redraws >= 100, (games, redraws)
    assert len(painted) < redraws // 2, (len(painted), redraws)  # the notebook was mostly kept
    assert kept_redraws[0] >= redraws // 2, (kept_redraws, redraws)  # most redraws kept most parts
    clear_scenes(app)


def noted(blocks) -> list[tuple]:
    return sorted((b.what, b.text, b.shown, tuple(map(tuple, b.rects)), tuple(b.box)) for b in blocks)


def test_a_redraw_notes_the_words_of_the_parts_it_keeps(app):
    """The must-read words of every part are noted at each redraw, the kept parts' as
    well as those drawn again: the same notes a table drawing everything afresh takes
    (the choosers keep clear of them and the text-fit check reads them)."""
    m = new_match("testimony", NAMES[:5], seed=8)
    source = TestimonySource(m, 0)
    table = open_table_scene(app, TestimonyTableScene, source, 2)
    rng = random.Random(4)
    kept_redraws = 0
    for _step in range(60):
        if m.over:
            break
        seat = m.to_act()[0]
        if rng.random() < 0.3:
            source.show(seat)
        before = table.kept_parts
        m.apply(seat, talky(m, rng))
        run_frames(app, 1)
        if table._static_key is None or before is None:
            continue
        kept_redraws += 1
        ours = noted(table.static_text["table"])
        sink, table._text_sink = table._text_sink, []
        try:
            drawn_afresh(table)
            fresh = noted(table._text_sink)
        finally:
            table._text_sink = sink
        assert ours == fresh
        assert {b[0] for b in ours} >= {"seat name", "action bar"} or table.banner is not None
        assert sum(b[0] == "seat name" for b in ours) == 5
    assert kept_redraws >= 20
    clear_scenes(app)
