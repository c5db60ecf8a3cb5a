"""The Hammer table's sealed-bribe tray (hammer.md H8.1): a Bribe dropped on a villager
is staged face down, sent with the seat's next move as the ``bribes`` field, and can be
taken back until then. Real pygame events through ``app.frame``, like the smoke run."""
from __future__ import annotations

import pygame
import pytest

from game.ui.scenes.hammer_table import HammerTableScene
from game.ui.smoke_common import post_click, post_drag, post_key
from tests.rules.hammer_kit import give
from tests.ui.hammer_source import MatchSource, place_all
from tests.ui.table_source import open_table_scene, table_app


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def bribe_turn(players: int = 3, seed: int = 2):
    """Phase 1, the active seat on screen holding Bribes bribe-3 (1) and bribe-10 (2)."""
    src = MatchSource.new(players, seed=seed)
    place_all(src.match)
    seat = src.match.to_act()[0]
    give(src.match, seat, "bribe-3", "bribe-10")
    src.show(seat)
    return src, seat


def other_villager(src, seat) -> str:
    return next(v["id"] for v in src.match.view(seat)["villagers"] if v["owner"] != seat)


def stage(app, scene, card, vid, sign_key=pygame.K_1) -> None:
    post_drag(app, scene.locate("card", card), scene.locate("villager", vid))
    assert scene.prompt is not None and [v for _, v in scene.prompt.options] == [1, -1]
    post_key(app, sign_key)


def test_a_bribe_dropped_on_a_villager_is_staged_face_down_and_sent_with_the_next_move(app):
    # hammer.md H8.1 "staged face down in the seat's own tray … goes with your next move"
    src, seat = bribe_turn()
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    vid = other_villager(src, seat)
    sid = src.match.state_id
    stage(app, scene, "bribe-10", vid, pygame.K_2)  # lower the heat by 2
    assert src.match.state_id == sid  # nothing sent: sealing is no move of its own
    assert scene.staged() == [{"card": "bribe-10", "target": vid, "sign": -1}]
    assert scene.locate("card", "bribe-10") is None  # out of the fan …
    tray = scene.tray_rect()
    assert tray is not None and tray.collidepoint(scene.locate("tray_card", "bribe-10"))  # … into the tray
    post_key(app, pygame.K_SPACE)  # the next move: end the turn
    seat_sent, command = src.match.commands[-1]
    assert seat_sent == seat and command == {"type": "end_turn",
                                             "bribes": [{"card": "bribe-10", "target": vid, "sign": -1}]}
    assert [b["card"] for b in src.match.state["box"]] == ["bribe-10"]
    assert scene.staged() == []


def test_a_bribe_dropped_on_the_tray_asks_for_the_villager_then_the_sign(app):
    src, seat = bribe_turn(seed=3)
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    vid = other_villager(src, seat)
    post_drag(app, scene.locate("card", "bribe-3"), scene.tray_rect().center)
    assert scene.pick is not None
    post_click(app, scene.locate("villager", vid))
    assert scene.prompt is not None
    post_key(app, pygame.K_1)
    assert scene.staged() == [{"card": "bribe-3", "target": vid, "sign": 1}]


def test_a_staged_bribe_can_be_taken_back_by_click_drag_or_backspace(app):
    # hammer.md H8.1 "can be taken back until then"
    src, seat = bribe_turn(seed=4)
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    vid = other_villager(src, seat)
    stage(app, scene, "bribe-3", vid)
    post_click(app, scene.locate("tray_card", "bribe-3"))
    assert scene.staged() == [] and scene.locate("card", "bribe-3") is not None
    stage(app, scene, "bribe-3", vid)
    post_drag(app, scene.locate("tray_card", "bribe-3"), scene.hand_area().center)
    assert scene.staged() == [] and scene.locate("card", "bribe-3") is not None
    stage(app, scene, "bribe-3", vid)
    stage(app, scene, "bribe-10", vid)
    post_key(app, pygame.K_BACKSPACE)
    assert scene.staged() == [{"card": "bribe-3", "target": vid, "sign": 1}]
    post_key(app, pygame.K_SPACE)
    assert src.match.commands[-1][1]["bribes"] == [{"card": "bribe-3", "target": vid, "sign": 1}]
    assert "bribe-10" in src.match.state["hands"][seat]


def test_the_tray_belongs_to_its_seat_and_never_shows_on_another_seats_screen(app):
    # DESIGN D3: nothing private of one seat on another seat's screen
    src, seat = bribe_turn(seed=5)
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    vid = other_villager(src, seat)
    stage(app, scene, "bribe-3", vid)
    other = (seat + 1) % 3
    src.show(other)
    scene.sync()
    assert scene.staged() == [] and scene.tray_sprite("bribe-3") is None
    src.show(seat)
    scene.sync()
    assert scene.staged() == [{"card": "bribe-3", "target": vid, "sign": 1}]


def test_sealed_bribes_in_the_box_are_listed_for_their_owner_only(app):
    src, seat = bribe_turn(seed=6)
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    vid = other_villager(src, seat)
    stage(app, scene, "bribe-3", vid)
    post_key(app, pygame.K_SPACE)
    src.show(seat)
    scene.sync()
    assert scene.boxed() == [{"card": "bribe-3", "target": vid, "sign": 1, "value": 1}]
    src.show((seat + 1) % 3)
    scene.sync()
    assert scene.boxed() == []


def test_other_seats_show_no_hand_count(app):
    # hammer.md H8.1: hand sizes are private
    src, seat = bribe_turn(seed=7)
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    for p in scene.view["players"]:
        assert (p["hand_count"] is None) == (p["seat"] != seat)
    app.frame(wait=False)  # the seat panels draw without a count


def test_hot_seat_says_nothing_about_a_sealed_bribe_once_the_screen_is_passed(tmp_path):
    # hammer.md H8.1 + DESIGN D3: after the move the screen goes public (curtain, banner);
    # a word like "sealed" there would name the sealer to the whole table
    import random

    from game.ui.scenes.menu import MenuScene
    from game.ui.session import HotseatSession, open_table
    from tests.ui.shell_helpers import new_app
    from tests.ui.test_drawn_cards_hold import to_an_end_of_turn

    app = new_app()
    session = HotseatSession.new(app, "hammer", ["Ann", "Bob", "Cy"], [], seed=12, bot_delay=0.0,
                                 save_path=tmp_path / "seal.witchhunt.json", hold=0)
    table = open_table(app, session, base=MenuScene(app))
    seat = to_an_end_of_turn(app, session, random.Random(3))
    give(session.match, seat, "bribe-6")
    assert session.screen_seat == seat
    table.sync(force=True)
    vid = next(v["id"] for v in table.view["villagers"] if v["owner"] != seat and v["status"] == "alive")
    table.stage_bribe("bribe-6", vid, 1)
    assert table.toast_widget.showing  # the sealer's own screen says it is staged
    table.press_button(next(b for b in table.buttons if b.name == "end_turn"))
    assert [b["card"] for b in session.match.state["box"]] == ["bribe-6"]
    assert session.screen_seat is None
    assert not (table.toast_widget.showing and "seal" in table.toast_widget.text.lower())
