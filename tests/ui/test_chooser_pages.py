"""A chooser longer than its box goes a page at a time, on every table (the shared
chooser, game/ui/scenes/table/prompts.py): a Salem discard pile of forty cards, a village
of fifty facts. Every page lies inside the window, its last row turns the page, and
clicks, number keys and arrow keys reach every option. Input is posted as real pygame
events."""

from __future__ import annotations

import pygame
import pytest

from game.ui.scenes.hammer_table import HammerTableScene
from game.ui.scenes.table.prompts import Prompt
from game.ui.smoke_common import post_click, post_key
from tests.ui.hammer_source import MatchSource, place_all
from tests.ui.table_source import clear_scenes, open_table_scene, run_frames


@pytest.fixture(params=[(1280, 720), (960, 600)], ids=["1280x720", "960x600"])
def app(request):
    from game.ui.app import App

    app = App(size=request.param)
    yield app
    clear_scenes(app)


def long_chooser(app, count: int = 40):
    src = MatchSource.new(3, seed=1)
    place_all(src.match)
    src.show(src.match.to_act()[0])
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    chosen: list[int] = []
    options = [(f"Card number {i + 1} of the pile, with a name of a fair length", i) for i in range(count)]
    scene.prompt = Prompt("Take which card from the discard pile?", options, chosen.append, None, anchor=(640, 360))
    scene.dirty = True
    run_frames(app, 2)
    return scene, chosen


def test_a_long_chooser_goes_a_page_at_a_time_inside_the_window(app):
    scene, chosen = long_chooser(app)
    p = scene.prompt
    window = app.screen.get_rect()
    rows = [b.text for b in scene.text_blocks() if b.what == "chooser option"]
    assert len(rows) == len(p.rects) and rows[0].startswith("1  ")
    assert not any(r[:1].isdigit() for r in rows[9:])  # numbered as far as the number keys reach
    seen: list[int] = []
    for _page in range(12):
        assert p.box is not None and window.contains(p.box), (p.box, window)
        assert 3 <= len(p.rects) <= p.page
        assert all(window.contains(r) for r in p.rects)
        assert p.shown[-1] is None  # the last row turns the page
        seen += [i for i in p.shown if i is not None]
        if len(seen) >= len(p.options):
            break
        post_click(app, scene.locate("prompt", "more"))
        run_frames(app, 1)
    assert seen == list(range(40))  # every option once, in order
    assert "page" in p.heading()
    # the last page's last row goes back to the first page
    post_click(app, scene.locate("prompt", "more"))
    run_frames(app, 1)
    assert p.shown[0] == 0 and chosen == []
    # a click on an option of the second page chooses that option
    post_click(app, scene.locate("prompt", "more"))
    run_frames(app, 1)
    second = p.shown[1]
    assert second is not None and second > 1
    post_click(app, scene.locate("prompt", second))
    run_frames(app, 1)
    assert chosen == [second] and scene.prompt is None


def test_keys_reach_every_option_of_a_paged_chooser(app):
    scene, chosen = long_chooser(app)
    p = scene.prompt
    # Up from the first option lands on the last, and its page opens
    post_key(app, pygame.K_UP)
    run_frames(app, 1)
    assert p.cursor == 39 and 39 in p.shown
    # a number picks the row of the page open now
    post_key(app, pygame.K_1)
    run_frames(app, 1)
    assert chosen == [p.shown[0]] and chosen[0] > 9


def test_a_short_chooser_shows_every_option_without_paging(app):
    scene, chosen = long_chooser(app, count=4)
    p = scene.prompt
    assert p.shown == [0, 1, 2, 3] and p.heading() == p.title
    post_key(app, pygame.K_3)
    run_frames(app, 1)
    assert chosen == [2]


def test_a_chooser_says_how_to_close_it_without_choosing(app):
    """Under its rows, inside its box, a chooser says how to back out of it; and what it
    says works: a click outside the box closes it with nothing chosen, as Esc does."""
    for count in (3, 40):
        scene, chosen = long_chooser(app, count)
        p = scene.prompt
        foot = [b for b in scene.text_blocks() if b.what == "chooser foot"]
        assert [b.text for b in foot] == ["Esc or a click outside: cancel"]
        (line,) = foot[0].rects
        assert p.box.contains(line) and line.top >= max(r.bottom for r in p.rects)
        outside = (p.box.right + 20, p.box.bottom + 10) if p.box.right + 20 < app.screen.get_width() else (5, 5)
        post_click(app, outside)
        run_frames(app, 1)
        assert scene.prompt is None and chosen == []
    scene, chosen = long_chooser(app, 3)
    post_key(app, pygame.K_ESCAPE)
    run_frames(app, 1)
    assert scene.prompt is None and chosen == []


def test_a_page_cut_short_by_a_small_window_grows_back_when_the_window_grows(app):
    """Rows too long for one line fill a short window in fewer rows a page; when the
    window grows (the chooser still open) the page holds more rows again, and fewer once
    more when it shrinks back, the option lit staying lit throughout."""
    src = MatchSource.new(3, seed=1)
    place_all(src.match)
    src.show(src.match.to_act()[0])
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    words = "a card with a long story told about it on the table, " * 8
    options = [(f"{i + 1}: {words}", i) for i in range(40)]
    scene.prompt = p = Prompt("Take which card?", options, lambda _v: None, None, anchor=(640, 360))
    small = (app.screen.get_width(), 600)

    def rows_at(size) -> int:
        app.screen = pygame.display.set_mode(size)
        scene.resized(size)
        scene.dirty = True
        run_frames(app, 2)
        assert scene.prompt is p and app.screen.get_rect().contains(p.box)
        return len(p.rects)

    post_key(app, pygame.K_DOWN)
    first = rows_at(small)
    lit = p.cursor
    assert first < 12
    assert rows_at((small[0], 1060)) > first
    assert rows_at(small) == first
    assert p.cursor == lit and lit in p.shown
