"""The Salem table keeps what it drew between moves (frame p99 under 8 ms, the frame
right after a move included; benchmarks/moves.py measures it): one layer of background and seat panels where
only changed seats are put again, seat pictures drawn with the plain edge and the turn's
or trial's edge drawn over them, the phase banner, the piles' counts and the middle's
lines made once per wording. Whatever is kept, the picture must be exactly the one a
table drawing everything afresh would make, move after move, through Night and back
(DESIGN D6: the table draws the view, nothing else)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.bots.base import RandomBot
from game.engine import new_match
from game.ui.scenes.salem.center import CenterPanel
from game.ui.scenes.salem.seats import SeatsPanel
from game.ui.scenes.salem_table import SalemTableScene
from tests.ui.table_source import MatchTableSource, clear_scenes, open_table_scene, run_frames, table_app


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def fresh_panels(table) -> None:
    """The panels that keep pictures, made anew: nothing kept (each panel owns its caches)."""
    table.seats, table.middle = SeatsPanel(table), CenterPanel(table)


def drawn_afresh(table) -> pygame.Surface:
    """The table's static part drawn with every cache of the table emptied."""
    fresh_panels(table)
    surface = pygame.Surface(table._static.get_size()).convert()
    table.draw_table(surface)
    return surface


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_what_the_table_keeps_between_moves_draws_exactly_the_fresh_picture(app):
    m = new_match("salem", [f"Player {i + 1}" for i in range(6)], seed=1692, options={"town_hall": True})
    bots = {s: RandomBot(100 + s) for s in range(m.n)}
    table = open_table_scene(app, SalemTableScene, MatchTableSource(m, 0), 2)
    rng = random.Random(5)
    checked, nights, was_night = 0, 0, False
    for step in range(70):  # Night falls at step 47 and ends at step 65 in this game
        if m.over:
            break
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
        run_frames(app, 1)
        night = table.is_night()
        toggled, was_night = night != was_night, night
        nights += toggled and night
        if toggled or rng.random() < 0.15:  # every Night's start and end, and now and then
            settle(app, table)
            kept = table._static.copy()
            assert same_pixels(kept, drawn_afresh(table)), f"step {step} (state {m.state_id}, night {night})"
            checked += 1
            table._static_key = None
            run_frames(app, 1)
    assert nights >= 1 and checked >= 8, (nights, checked)
    clear_scenes(app)


def settle(app, table) -> None:
    """Frames until every panel a move changed is on the table (a move that changes many
    panels puts a few on per frame)."""
    for _ in range(20):
        if not table.seats_left():
            return
        run_frames(app, 1)
    raise AssertionError("the seat panels never settled")


def test_a_move_that_changes_many_panels_puts_them_on_over_a_few_frames(app):
    # frame p99 under 8 ms: confessions or the game's end change most panels
    # at once; at most PICTURES_PER_FRAME are drawn in one frame, the seat on screen first,
    # the rest in the next frames, and the table ends exactly as drawn afresh
    m = new_match("salem", [f"Player {i + 1}" for i in range(12)], seed=1692, options={"town_hall": True})
    source = MatchTableSource(m, 3)
    table = open_table_scene(app, SalemTableScene, source, 3)
    settle(app, table)
    drawn = []
    seats = table.seats
    picture = seats.seat_picture
    seats.seat_picture = lambda *a: drawn.append(a[0]) or picture(*a)
    seats.pictures.clear()  # every panel must be drawn anew (as after confessions)
    seats.recent.clear()
    for shown in [v[1] for k, v in seats.layers.items()]:
        for seat in [k for k in shown if isinstance(k, int)]:
            del shown[seat]
    table._static_key, table.dirty = None, True
    run_frames(app, 1)
    assert drawn[0] == 3 and 1 <= len(drawn) <= seats.PICTURES_PER_FRAME and table.seats_left()
    assert table.next_wake() == 0.0  # the idle loop comes back at once for the rest
    frames = 1
    while table.seats_left():
        run_frames(app, 1)
        frames += 1
        assert frames <= 12
    assert sorted(drawn) == list(range(12)) and frames <= 12
    assert same_pixels(table._static.copy(), drawn_afresh(table))
    # another seat on screen: its panels all at once (no panel keeps what the last seat saw)
    drawn.clear()
    picture = table.seats.seat_picture  # the panel drawn afresh above
    table.seats.seat_picture = lambda *a: drawn.append(a[0]) or picture(*a)
    source.show(5)
    run_frames(app, 1)
    assert not table.seats_left() and drawn and drawn[0] == 5
    clear_scenes(app)


def test_the_move_that_brings_night_finds_the_panels_drawn_ahead(app):
    # docs/rules/salem.md §3.2 (Night falls when its card is drawn); between moves the
    # table draws the other phase's panels ahead, so Night's first frame does not
    # redraw every seat; then the drawing ahead stops and the idle table sleeps
    from tests.rules.salem_kit import stage

    m = stage(8, pile=["c10", "c58"], active=0, hands={0: ["c20"]})
    table = open_table_scene(app, SalemTableScene, MatchTableSource(m, 0), 2)
    for _ in range(400):
        if not table.ahead_left():
            break
        run_frames(app, 1)
    assert not table.ahead_left() and table.next_wake() is None
    drawn = []
    picture = table.seats.seat_picture
    table.seats.seat_picture = lambda *a: drawn.append(a[0]) or picture(*a)
    m.apply(0, {"type": "draw_two"})
    run_frames(app, 1)
    assert table.is_night()
    assert len(drawn) <= 2, f"seats redrawn when Night fell: {drawn}"  # the drawer's hand count
    assert same_pixels(table._static.copy(), drawn_afresh(table))
    clear_scenes(app)


def drawn_aside(table) -> pygame.Surface:
    """The static part drawn afresh on a surface of its own, every cache set aside and
    put back after (the table goes on drawing from what it kept, as if not looked at)."""
    kept = (table.seats, table.middle)
    fresh_panels(table)
    try:
        surface = pygame.Surface(table._static.get_size()).convert()
        table.draw_table(surface)
        for _ in range(20):  # a fresh table puts every seat on at once (no seat shown before)
            if not table.seats_left():
                break
            table.draw_table(surface)
    finally:
        table.seats, table.middle = kept
    return surface


def test_each_redraw_from_what_the_table_kept_is_the_fresh_picture(app):
    # the static part is redrawn from the kept layer: only the changed seats and the
    # middle's parts are put back (no full-window copy); checked after every move of a
    # 12-seat game at 1280x720, through Night, with the panels spread over frames
    m = new_match("salem", [f"Player {i + 1}" for i in range(12)], seed=1692, options={"town_hall": True})
    bots = {s: RandomBot(100 + s) for s in range(m.n)}
    table = open_table_scene(app, SalemTableScene, MatchTableSource(m, 0), 2)
    kept_redraws = []
    draw = table.draw_table

    def counted(surface):
        made = table.seats.made
        kept_redraws.append(made is not None and made[0] is surface is table._static)
        draw(surface)

    table.draw_table = counted
    for step in range(90):
        if m.over:
            break
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
        run_frames(app, 1)
        settle(app, table)
        assert same_pixels(table._static.copy(), drawn_aside(table)), f"step {step} (state {m.state_id})"
    table.draw_table = draw
    assert sum(kept_redraws) >= 60, (sum(kept_redraws), len(kept_redraws))  # drawn from the kept layer
    clear_scenes(app)
