"""The hot-seat session (DESIGN D3, D5)."""

from __future__ import annotations

import pytest

from game.saves import load_save
from game.ui import tables
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.menu import MenuScene
from game.ui.session import HotseatSession, open_table
from tests.toygame import counting_game  # noqa: F401  (fixture)
from tests.ui.shell_helpers import StubTable, lift_curtain, new_app, post_click, step_towards_a_motion


@pytest.fixture
def toy_table(counting_game, monkeypatch):  # noqa: F811
    monkeypatch.setitem(tables.TABLE_SCENES, counting_game.game_id, StubTable)
    return counting_game


def start(app, players, bots, tmp_path, seed=3, delay=0.0):
    session = HotseatSession.new(
        app, "_counting", players, bots, seed=seed, bot_delay=delay, save_path=tmp_path / "game.witchhunt.json"
    )
    open_table(app, session, base=MenuScene(app))
    return session


lift = lift_curtain


def test_autosave_after_every_applied_command(toy_table, tmp_path):  # DESIGN D5
    app = new_app()
    s = start(app, ["Ann", "Bob"], [], tmp_path)
    for step in range(4):
        if s.curtain_down:
            lift(app)
        assert s.submit({"type": "add", "amount": 1}) is None
        assert s.flush()
        saved, extra = load_save(s.save_path)
        assert saved.state_id == s.match.state_id == step + 1
        assert saved.to_json() == s.match.to_json()
        assert extra["bots"] == [] and extra["summary"]["to_act"] == [s.players[s.match.to_act()[0]]]


def test_refused_command_returns_the_engine_message_and_saves_nothing(toy_table, tmp_path):
    app = new_app()
    s = start(app, ["Ann", "Bob"], [1], tmp_path)
    before = s.match.to_json()
    assert s.submit({"type": "add", "amount": 7}) == "You may add 1, 2 or 3."
    assert s.match.to_json() == before


def test_resume_continues_the_same_match_with_its_bots(toy_table, tmp_path):  # DESIGN D5
    app = new_app()
    s = start(app, ["Ann", "Bob", "Cy"], [2], tmp_path)
    s.submit({"type": "add", "amount": 2})
    s.close()
    again = HotseatSession.resume(app, s.save_path, bot_delay=0)
    assert again.match.to_json() == s.match.to_json()
    assert sorted(again.bots) == [2] and again.humans == [0, 1]


def test_bots_move_one_at_a_time_after_their_delay(toy_table, tmp_path):
    app = new_app()
    s = start(app, ["Ann", "Bob", "Cy"], [1, 2], tmp_path, delay=0.6)
    assert s.screen_seat == 0  # the only human
    s.submit({"type": "add", "amount": 1})
    sid = s.match.state_id
    s._tick(0.5)
    assert s.match.state_id == sid  # still thinking
    s._tick(0.15)
    assert s.match.state_id == sid + 1  # Bob moved
    s._tick(0.55)
    assert s.match.state_id == sid + 1  # Cy waits her own pause
    s._tick(0.1)
    assert s.match.state_id == sid + 2
    s._tick(5.0)
    assert s.match.state_id == sid + 2  # Ann's turn: bots wait for her


def test_one_human_against_bots_never_sees_a_curtain(toy_table, tmp_path):  # DESIGN D3
    app = new_app()
    s = start(app, ["Ann", "Bob", "Cy"], [1, 2], tmp_path)
    while not s.match.over:
        assert s.screen_seat == 0 and not isinstance(app.scenes.top, CurtainScene)
        if 0 in s.pending_seats():
            assert s.submit(s.legal()[0]) is None
        app.frame(wait=False)
    import time

    end = time.monotonic() + 3
    while not isinstance(app.scenes.top, GameOverScene) and time.monotonic() < end:
        app.frame(wait=False)
    assert isinstance(app.scenes.top, GameOverScene)


def test_curtain_goes_down_before_another_seat_is_shown(toy_table, tmp_path):  # DESIGN D3
    app = new_app()
    s = start(app, ["Ann", "Bob", "Cy"], [], tmp_path)
    # Ann acts first: a curtain for Ann, nobody shown until she clicks it away
    assert s.screen_seat is None and isinstance(app.scenes.top, CurtainScene) and app.scenes.top.seat == 0
    assert s.legal() == [] and s.view()["secret"] is None
    assert s.submit({"type": "add", "amount": 1}) is not None  # nobody behind the screen yet
    lift(app)
    assert s.screen_seat == 0
    seen = []
    original = s.match.view

    def spy(seat):
        seen.append((seat, s.screen_seat, s.curtain_down))
        return original(seat)

    s.match.view = spy
    s.submit({"type": "add", "amount": 1})
    # the moment Ann's move is applied the screen stops showing her, and the curtain names Bob
    assert s.screen_seat is None and app.scenes.top.seat == 1
    assert s.view()["seat"] is None
    lift(app)
    assert s.screen_seat == 1 and s.view()["seat"] == 1
    # every private view handed out belonged to the seat behind the screen
    assert all(seat is None or (seat == shown and not down) for seat, shown, down in seen)


def test_curtain_ignores_the_release_of_the_click_that_made_the_move(toy_table, tmp_path):
    app = new_app()
    s = start(app, ["Ann", "Bob"], [], tmp_path)
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(400, 300), button=1))
    app.frame(wait=False)
    assert s.curtain_down and s.screen_seat is None
    post_click(app, (400, 300))
    assert not s.curtain_down and s.screen_seat == 0


def test_curtain_draws_no_game_information(toy_table, tmp_path, monkeypatch):  # DESIGN D3
    app = new_app()
    s = start(app, ["Ann", "Bob"], [], tmp_path)

    def forbidden(*_a, **_k):
        raise AssertionError("the curtain asked for game information")

    for name in ("view", "legal", "log", "pending_seats"):
        monkeypatch.setattr(s, name, forbidden)
    monkeypatch.setattr(s.match, "view", forbidden)
    assert isinstance(app.scenes.top, CurtainScene)
    app.draw(force=True)
    assert app.scenes.visible() == [app.scenes.top]  # opaque: the table is not drawn under it


def test_single_human_seat_is_always_shown_even_when_resumed(toy_table, tmp_path):
    app = new_app()
    s = start(app, ["Ann", "Bob"], [0], tmp_path)
    assert s.screen_seat == 1 and not s.curtain_down
    s.close()
    again = HotseatSession.resume(app, s.save_path, bot_delay=0)
    assert again.screen_seat == 1


# ------------------------------------------------------------ with the real Hammer ----
hammer = pytest.importorskip("game.rules.hammer")


def hammer_session(app, tmp_path, players, bots, seed=5):
    s = HotseatSession.new(
        app, "hammer", players, bots, seed=seed, bot_delay=0.0, save_path=tmp_path / "hammer.witchhunt.json"
    )
    return s


def test_simultaneous_setup_uses_the_public_banner(tmp_path, monkeypatch):  # DESIGN D3; docs/rules/hammer.md §2
    monkeypatch.setitem(tables.TABLE_SCENES, "hammer", StubTable)
    app = new_app()
    s = hammer_session(app, tmp_path, ["Ann", "Bob", "Cy"], [])
    open_table(app, s, base=MenuScene(app))
    assert s.screen_seat is None and not s.curtain_down
    assert s.banner_seats() == [0, 1, 2] and not s.can_pass_all()
    s.request_seat(1)
    assert isinstance(app.scenes.top, CurtainScene) and app.scenes.top.seat == 1 and s.screen_seat is None
    lift(app)
    assert s.screen_seat == 1
    assert s.submit(s.legal()[0]) is None
    # Bob placed his pyres: his hand is hidden again, the banner offers the others
    assert s.screen_seat is None and s.banner_seats() == [0, 2]


def test_no_answers_passes_for_every_human_in_the_window(tmp_path, monkeypatch):  # DESIGN D3; docs/rules/hammer.md §4.1
    monkeypatch.setitem(tables.TABLE_SCENES, "hammer", StubTable)
    app = new_app()
    s = hammer_session(app, tmp_path, ["Ann", "Bob", "Cy", "Dora"], [])
    open_table(app, s, base=MenuScene(app))
    import random

    rng = random.Random(2)
    for _ in range(3000):
        window = s.match.view(None).get("window")
        if window and window["kind"] == "response" and s.can_pass_all():
            break
        if s.holding:
            s.release_hold()
        elif s.curtain_down:
            lift(app)
        elif s.screen_seat is None:
            s.request_seat(s.banner_seats()[0])
        else:
            legal = s.legal()
            brown = [c for c in legal if c["type"] == "accuse"]
            s.submit(brown[0] if brown else rng.choice([c for c in legal if c["type"] != "call_inquisition"] or legal))
    else:
        pytest.fail("no response window opened")
    assert s.screen_seat is None  # the public banner, not anybody's hand
    asked = [x for x in window["order"] if x not in window["passed"]]
    before = s.match.state_id
    assert s.no_answers() is None
    assert s.match.state_id == before + len(asked)  # one pass per human seat, through the engine
    assert s.match.view(None).get("window") is None or s.match.view(None)["window"]["card"] != window["card"]
    # the banner was public: nobody's hand comes back without the curtain, not even the
    # hand of the card's player (DESIGN D3)
    assert s.screen_seat is None
    humans = [x for x in s.match.to_act() if s.is_human(x)]
    if len(humans) == 1:
        assert s.curtain_down and s.curtain_seat == humans[0]


def test_bot_pause_follows_the_animation_speed_setting(toy_table, tmp_path):
    app = new_app()
    s = HotseatSession.new(app, "_counting", ["Ann", "Bob"], [1], seed=1, save_path=tmp_path / "g.witchhunt.json")
    assert s.bot_delay == pytest.approx(0.6)
    app.settings = app.settings.with_(animation_speed=200)
    assert s.bot_delay == pytest.approx(0.3)


def test_play_again_keeps_names_and_bots_with_a_new_deal(toy_table, tmp_path):
    app = new_app()
    s = start(app, ["Ann", "Bob", "Cy"], [1, 2], tmp_path)
    while not s.match.over:
        if 0 in s.pending_seats():
            s.submit(s.legal()[-1])
        app.frame(wait=False)
    over = GameOverScene(app, s)
    app.scenes.push(over)
    over.play_again()
    table = app.scenes.find(StubTable)
    fresh = table.source
    assert fresh is not s and fresh.players == ["Ann", "Bob", "Cy"] and sorted(fresh.bots) == [1, 2]
    assert fresh.match.state_id == 0 and [type(x).__name__ for x in app.scenes.stack] == ["MenuScene", "StubTable"]


def test_curtain_lifts_by_keyboard_only_after_a_moment(toy_table, tmp_path):  # held keys repeat
    import pygame

    from tests.ui.shell_helpers import post_key

    app = new_app()
    s = start(app, ["Ann", "Bob"], [], tmp_path)
    post_key(app, pygame.K_RETURN)
    assert s.curtain_down  # an Enter that was still held from the last move
    app.scenes.top._shown_at -= 0.5  # half a second later (real time, not frames)
    post_key(app, pygame.K_ESCAPE)
    assert s.curtain_down  # Esc never reveals anything
    post_key(app, pygame.K_RETURN)
    assert not s.curtain_down and s.screen_seat == 0


def test_witch_trial_motion_uses_the_banner_and_no_objection(
    tmp_path, monkeypatch
):  # DESIGN D3; docs/rules/witch_trial.md §4.12
    pytest.importorskip("game.rules.witch_trial")
    import random

    from game.ui.session import public_window

    monkeypatch.setitem(tables.TABLE_SCENES, "witch_trial", StubTable)
    app = new_app()
    s = HotseatSession.new(
        app, "witch_trial", ["Ann", "Bob", "Cy"], [], seed=8, bot_delay=0.0, save_path=tmp_path / "wt.witchhunt.json"
    )
    open_table(app, s, base=MenuScene(app))
    rng = random.Random(3)
    for _ in range(4000):
        if public_window(s.match.view(None)) is not None and s.can_pass_all():
            break
        step_towards_a_motion(app, s, rng, lift)
    else:
        pytest.fail("no motion was played")
    window = public_window(s.match.view(None))
    assert s.screen_seat is None and s.banner_seats() == window["order"]
    before = s.match.state_id
    assert s.no_answers() is None
    assert s.match.state_id == before + 1 and public_window(s.match.view(None)) is None
    # the banner was public: even the motion's own player gets the screen back only
    # through the curtain (DESIGN D3)
    assert s.screen_seat is None
    humans = [x for x in s.match.to_act() if s.is_human(x)]
    if len(humans) == 1:
        assert s.curtain_down and s.curtain_seat == humans[0]
