"""The hourglass of a timed Salem game (docs/rules/salem.md R22, R53) on the table, the timer in the
New game form, and ``witchhunt play salem --timer S`` (DESIGN D7)."""

from __future__ import annotations

import pytest

from game.cli import build_parser, main
from game.ui.fonts import record_sizes
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.salem.clock import clock_text, draw_hourglass
from game.ui.scenes.salem_table import SalemTableScene
from tests.rules.salem_kit import stage
from tests.ui.table_source import MatchTableSource, clear_scenes, open_table_scene, run_frames, table_app


class TimedSource(MatchTableSource):
    """A table source with clocks, like a LAN session's: {seat: seconds left}."""

    def __init__(self, match, seat, clocks: dict[int, float], timer: float | None = 60.0) -> None:
        super().__init__(match, seat)
        self.left = dict(clocks)
        self.timer_s = timer

    def clocks(self) -> dict[int, float]:
        return dict(self.left)


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def sand_pixels(surface, rect, colour) -> int:
    return sum(
        1
        for x in range(rect.x, rect.right)
        for y in range(rect.y, rect.bottom)
        if tuple(surface.get_at((x, y)))[:3] == colour
    )


def test_r22_every_seat_waited_for_shows_its_hourglass_and_the_banner_the_time(app):
    m = stage(6, pile=["c58"], discard=["c9", "c10"])
    m.apply(0, {"type": "draw_two"})  # Night: every living seat is waited for
    waiting = m.to_act()
    with record_sizes() as sizes:
        table = open_table_scene(app, SalemTableScene, TimedSource(m, 2, dict.fromkeys(waiting, 42.4)), 4)
    assert min(sizes) >= 11
    screen = app.screen
    for seat in waiting:  # public: every waited seat's badge, not only the shown seat's
        badge = table.clock.clock_badge_rect(seat, table.seats.seat_rects[seat])
        assert table.seats.seat_rects[seat].contains(badge)
        assert sand_pixels(screen, badge, (255, 206, 84)) > 4, f"no hourglass on seat {seat}"
    banner = table.clock.banner_clock_rect(table.rects["banner"])
    assert sand_pixels(screen, banner, (255, 206, 84)) > 20
    assert 0 < table.next_wake() <= 1.0  # it counts down once a second, even while idle
    assert clock_text(42.4) == "0:43" and clock_text(0.0) == "0:00" and clock_text(90) == "1:30"


def test_r22_without_a_timer_no_hourglass_and_no_wake(app):
    m = stage(4)
    table = open_table_scene(app, SalemTableScene, TimedSource(m, 0, {0: 30.0}, timer=None), 3)
    assert table.clock.clock_values() == {} and table.clock.banner_clock_rect(table.rects["banner"]) is None
    for _ in range(400):  # the table's own drawing ahead (salem/ahead.py) ends by itself
        if not table.ahead_left():
            break
        run_frames(app, 1)
    assert table.next_wake() is None


def test_r22_the_countdown_redraws_when_a_second_passes(app):
    m = stage(4)
    source = TimedSource(m, 0, {0: 12.5})
    table = open_table_scene(app, SalemTableScene, source, 3)
    run_frames(app, 1)
    assert not table.dirty
    source.left = {0: 12.2}  # the same whole second: nothing to redraw
    table.update(0.0)
    assert not table.dirty
    source.left = {0: 11.4}
    table.update(0.0)
    assert table.dirty
    source.left = {0: 6.0}  # under ten seconds the badge turns red
    run_frames(app, 1)
    badge = table.clock.clock_badge_rect(0, table.seats.seat_rects[0])
    assert sand_pixels(app.screen, badge, (200, 48, 36)) > 10


def test_draw_hourglass_moves_the_sand_down():
    import pygame

    full, empty = pygame.Surface((20, 40)), pygame.Surface((20, 40))
    draw_hourglass(full, pygame.Rect(0, 0, 20, 40), 1.0, sand=(255, 0, 0))
    draw_hourglass(empty, pygame.Rect(0, 0, 20, 40), 0.0, sand=(255, 0, 0))
    top = pygame.Rect(0, 5, 20, 14)
    bottom = pygame.Rect(0, 21, 20, 14)
    assert sand_pixels(full, top, (255, 0, 0)) > sand_pixels(empty, top, (255, 0, 0))
    assert sand_pixels(empty, bottom, (255, 0, 0)) > sand_pixels(full, bottom, (255, 0, 0))


# --------------------------------------------------------------- New game, CLI --
def test_new_game_offers_the_timer_for_salem_only(app, tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    clear_scenes(app)
    form = NewGameScene(app)
    app.scenes.push(form)
    form.pick_game("hammer")
    assert form.ring.find("timer_60") is None and form.timer_options() == {}
    form.pick_game("salem")
    form.set_seats(4)
    for name in ("timer_off", "timer_30", "timer_60", "timer_90"):
        assert form.ring.find(name) is not None
    form.ring.find("timer_60").click()
    assert form.timer_options() == {"timer_s": 60}
    form.start()
    table = next(s for s in app.scenes.stack if isinstance(s, SalemTableScene))
    assert table.source.match.options["timer_s"] == 60 and table.source.timer_s == 60.0
    table.source.close()
    clear_scenes(app)


def test_play_salem_timer_reaches_the_table_and_bad_values_get_one_line(monkeypatch, capsys):
    from game.ui import app as ui_app

    seen = {}
    monkeypatch.setattr(ui_app, "run_play", lambda *a, **k: seen.update(args=a, kwargs=k) or 0)
    assert main(["play", "salem", "--players", "Ann,Bob,Cy,Dee", "--timer", "60", "--seed", "3"]) == 0
    assert seen["kwargs"]["options"] == {"timer_s": 60}
    assert main(["play", "salem", "--players", "Ann,Bob", "--timer", "0"]) == 0
    assert seen["kwargs"]["options"] == {}
    for bad, words in (
        (["--timer", "soon"], "whole seconds"),
        (["--timer", "2"], "5 to 3600"),
        (["--timer", "-1"], "5 to 3600"),
    ):
        assert main(["play", "salem", "--players", "Ann,Bob", *bad]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1
    assert main(["play", "hammer", "--players", "Ann,Bob,Cy", "--timer", "30"]) == 2
    assert "hammer has no timer" in capsys.readouterr().err
    assert build_parser().parse_args(["host", "salem", "--players", "4", "--timer", "90"]).timer == 90
