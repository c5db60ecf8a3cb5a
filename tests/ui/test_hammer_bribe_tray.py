"""The Hammer table's sealed-bribe tray (docs/rules/hammer.md §8.2): a Bribe dropped on a villager
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
    # docs/rules/hammer.md §8.2 "staged face down in the seat's own tray … goes with your next move"
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
    assert seat_sent == seat and command == {
        "type": "end_turn",
        "bribes": [{"card": "bribe-10", "target": vid, "sign": -1}],
    }
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
    # docs/rules/hammer.md §8.2 "can be taken back until then"
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
    # docs/rules/hammer.md §8.2: hand sizes are private
    src, seat = bribe_turn(seed=7)
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    for p in scene.view["players"]:
        assert (p["hand_count"] is None) == (p["seat"] != seat)
    app.frame(wait=False)  # the seat panels draw without a count


def test_hot_seat_says_nothing_about_a_sealed_bribe_once_the_screen_is_passed(tmp_path):
    # docs/rules/hammer.md §8.2 + DESIGN D3: after the move the screen goes public (curtain, banner);
    # a word like "sealed" there would name the sealer to the whole table
    import random

    from game.ui.scenes.menu import MenuScene
    from game.ui.session import HotseatSession, open_table
    from tests.ui.shell_helpers import new_app
    from tests.ui.test_drawn_cards_hold import to_an_end_of_turn

    app = new_app()
    session = HotseatSession.new(
        app,
        "hammer",
        ["Ann", "Bob", "Cy"],
        [],
        seed=12,
        bot_delay=0.0,
        save_path=tmp_path / "seal.witchhunt.json",
        hold=0,
    )
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


def test_a_staged_bribe_survives_save_and_leave_then_continue_behind_its_seats_curtain_only(tmp_path, monkeypatch):
    # docs/rules/hammer.md §8.2 (staged until the seat's next move) + DESIGN D3 (private) + D5
    import random

    from game.ui.scenes.continue_game import ContinueScene
    from game.ui.scenes.curtain import CurtainScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.session import HotseatSession, open_table
    from tests.ui.shell_helpers import lift_curtain, new_app
    from tests.ui.test_drawn_cards_hold import to_an_end_of_turn

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app = new_app()
    session = HotseatSession.new(app, "hammer", ["Ann", "Bob", "Cy"], [], seed=12, bot_delay=0.0, hold=0)
    table = open_table(app, session, base=MenuScene(app))
    seat = to_an_end_of_turn(app, session, random.Random(3))
    give(session.match, seat, "bribe-6")
    table.sync(force=True)
    app.frame(wait=False)
    vid = next(v["id"] for v in table.view["villagers"] if v["owner"] != seat and v["status"] == "alive")
    stage(app, table, "bribe-6", vid)
    entry = {"card": "bribe-6", "target": vid, "sign": 1}
    assert table.staged() == [entry]
    post_key(app, pygame.K_ESCAPE)  # the table menu: nothing to warn about, it is kept
    assert app.scenes.top.warning == ""
    post_click(app, app.scenes.top.ring.find("leave").rect.center)  # Save and leave
    assert [type(s) for s in app.scenes.stack] == [MenuScene]
    sid = session.match.state_id

    post_click(app, app.scenes.top.ring.find("continue").rect.center)
    assert isinstance(app.scenes.top, ContinueScene)
    post_click(app, app.scenes.top.ring.find("resume").rect.center)
    assert isinstance(app.scenes.top, CurtainScene)  # three people: the screen is public
    resumed = app.scenes.stack[-2]
    assert resumed is not table and resumed.source.match.state_id == sid
    assert resumed.staged() == [] and resumed.tray_sprite("bribe-6") is None  # not on a public screen
    lift_curtain(app, frame=True)
    assert resumed.source.screen_seat == seat
    assert resumed.staged() == [entry]  # back in its owner's tray, out of the fan
    assert resumed.tray_sprite("bribe-6") is not None and resumed.locate("card", "bribe-6") is None
    post_click(app, resumed.locate("button", "end_turn"))  # and it goes with the next move
    assert list(resumed.source.match.commands[-1]) == [seat, {"type": "end_turn", "bribes": [entry]}]
    assert [b["card"] for b in resumed.source.match.state["box"]] == ["bribe-6"]
    resumed.source.close()


def test_restored_staging_shows_only_for_its_own_seat(app):
    # DESIGN D3: a seat's staged bribes (kept in the source's ui_state, as a resumed
    # hot-seat game has them) never show on another seat's screen
    src, seat = bribe_turn(seed=8)
    other = (seat + 1) % 3
    give(src.match, other, "bribe-13")
    vid = other_villager(src, seat)
    src.ui_state = {
        "staged_bribes": {
            str(seat): [{"card": "bribe-3", "target": vid, "sign": -1}],
            str(other): [{"card": "bribe-13", "target": vid, "sign": 7}],
        }
    }  # bad sign
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    assert scene.staged() == [{"card": "bribe-3", "target": vid, "sign": -1}]
    src.show(other)
    scene.sync()
    app.frame(wait=False)
    assert scene.staged() == [] and scene.tray_sprite("bribe-3") is None and scene.tray_sprite("bribe-13") is None
    assert scene.locate("card", "bribe-13") is not None  # a malformed entry is simply not staged


def test_leaving_a_lan_table_says_the_staged_bribe_goes_back_to_the_hand(app):
    # a LAN table keeps staging in the scene only, so its menu says what leaving does
    from game.ui.scenes.table_menu import TableMenuScene

    src, seat = bribe_turn(seed=9)  # no ui_state, no save path: like a LanSession
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    post_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TableMenuScene) and app.scenes.top.warning == ""
    post_key(app, pygame.K_ESCAPE)
    stage(app, scene, "bribe-3", other_villager(src, seat))
    post_key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, TableMenuScene)
    assert menu.warning == "Leaving: your staged bribe goes back to your hand."
    app.frame(wait=False)
    assert menu.warning_rect is not None and menu._box().contains(menu.warning_rect)
    leave = menu.ring.find("leave").rect
    assert not leave.colliderect(menu.warning_rect) and menu._box().contains(leave)
    post_key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_bribe_dropped_on_the_tray_lies_inside_it_while_its_villager_is_chosen(size):
    # the Bribe let go over the tray stayed whole where it was dropped, its top
    # overhanging the tray's top edge; now it lies in the tray's row area, below the title
    from game.ui.app import App

    app = App(size=size)
    src, seat = bribe_turn(seed=10)
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    tray = scene.tray_rect()
    post_drag(app, scene.locate("card", "bribe-3"), (tray.centerx, tray.y + 6))  # let go near its top edge
    assert scene.pick is not None
    sprite = scene.pending_sprite("bribe-3")
    rows = scene.tray_rows()
    assert tray.contains(sprite.rect) and rows.contains(sprite.rect), (sprite.rect, tray, rows)
    assert sprite not in scene.hand_sprites()  # no hover raise pulls it back into the fan
    post_click(app, scene.locate("villager", other_villager(src, seat)))
    assert scene.prompt is not None and rows.contains(scene.pending_sprite("bribe-3").rect)
    post_key(app, pygame.K_ESCAPE)  # called off: back in the fan, full size
    for _ in range(30):
        app.frame(wait=False)
    back = scene.pending_sprite("bribe-3")
    assert scene.prompt is None and scene.staged() == []
    assert back.rect.size == scene.card_size() and back in scene.hand_sprites()
    assert not tray.colliderect(back.rect)


def settle_hand(app, scene) -> None:
    for _ in range(60):
        if not any(s.moving for s in scene.hand_sprites()):
            break
        scene.update(0.05)
    app.frame(wait=False)


def fan_is_closed(scene, without: str | None) -> None:
    """The fan's cards lie in the fan's own slots for the hand less ``without``: no gap."""
    cards = [c for c in scene.my_hand() if c != without]
    slots = scene.fan_row(
        len(cards), scene.hand_area(), 6, max(1, scene.card_size()[1] // 60), scene.card_size()[1] // 8
    )
    fan = scene.hand_sprites()
    assert [s.card_id for s in fan] == cards
    assert [s.home for s in fan] == slots
    assert [s.rect.topleft for s in fan] == slots


def test_a_bribe_picked_by_click_keeps_its_place_in_the_fan_while_its_sign_is_chosen(app):
    # picked by a click (or keys), not dropped, the Bribe never left the fan: nothing
    # closes up or moves aside, and Esc leaves the hand as it was
    src, seat = bribe_turn(seed=5)
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    vid = other_villager(src, seat)
    post_click(app, scene.locate("card", "bribe-10"))
    assert scene.selected == "bribe-10"
    settle_hand(app, scene)
    xs = [(s.card_id, s.rect.x) for s in scene.hand_sprites()]
    post_click(app, scene.locate("villager", vid))
    assert scene.prompt is not None and scene.fan_aside() is None
    settle_hand(app, scene)
    assert [(s.card_id, s.rect.x) for s in scene.hand_sprites()] == xs  # the Bribe keeps its place
    post_key(app, pygame.K_ESCAPE)
    settle_hand(app, scene)
    assert scene.prompt is None and scene.staged() == [] and scene.selected is None
    fan_is_closed(scene, None)


@pytest.mark.parametrize("where", ["villager", "tray"])
def test_the_fan_closes_up_behind_a_bribe_being_sealed_and_opens_again_when_called_off(app, where):
    # docs/rules/hammer.md §8.2 (a Bribe is sealed with its villager and sign): while they are being
    # chosen the Bribe is out of the hand, so the fan shows no empty place for it; Esc
    # calls the seal off and the Bribe takes its place in the fan again
    src, seat = bribe_turn(seed=5)
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    vid = other_villager(src, seat)
    order = list(scene.my_hand())
    fan_is_closed(scene, None)
    drop = scene.locate("villager", vid) if where == "villager" else scene.tray_rect().center
    post_drag(app, scene.locate("card", "bribe-10"), drop)
    if where == "tray":
        assert scene.pick is not None
    else:
        assert scene.prompt is not None and scene.prompt.waiting is scene.pending_sprite("bribe-10")
    settle_hand(app, scene)
    fan_is_closed(scene, "bribe-10")
    lying = scene.pending_sprite("bribe-10").rect.copy()
    if where == "tray":
        assert scene.tray_rows().contains(lying)
        post_click(app, scene.locate("villager", vid))  # then the sign: the fan stays closed
        assert scene.prompt is not None
        settle_hand(app, scene)
        fan_is_closed(scene, "bribe-10")
    else:
        assert lying.collidepoint(drop)  # it lies where it was let go, on top of the table
        app.draw(force=True)
        assert app.screen.get_at(lying.center) == scene.pending_sprite("bribe-10").image.get_at(
            (lying.w // 2, lying.h // 2)
        )
    post_key(app, pygame.K_ESCAPE)
    assert scene.prompt is None and scene.pick is None and scene.staged() == []
    settle_hand(app, scene)
    assert scene.my_hand() == order
    fan_is_closed(scene, None)
