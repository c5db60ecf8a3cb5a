"""Salem 1692 hot-seat (docs/rules/salem.md §5.0, DESIGN D3): every blind window
goes seat by seat behind the curtain, clockwise from the active seat, and every seat's
prompt has the same size and takes the same screens whether it holds a role or not; a
lone human among bots sees no curtain."""

from __future__ import annotations

import pytest

from game.ui.scenes.curtain import CurtainScene
from game.ui.session import HotseatSession, make_bots, open_table
from game.ui.smoke_common import CurtainWatch
from tests.rules.salem_kit import stage
from tests.ui.table_source import clear_scenes, run_frames, table_app


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def night_screens(app, rows: dict[int, str], **staged) -> list[tuple]:
    """Seat 0 draws Night in a 5-player all-human hot-seat game; every seat answers every
    window with its first option (or Continue). The screens the table shows, in order."""
    clear_scenes(app)
    match = stage(5, rows=rows, pile=["c58"], discard=[f"c{i}" for i in range(8)], **staged)
    session = HotseatSession(app, match, {}, None, bot_delay=0.0)
    table = open_table(app, session)
    screens: list[tuple] = []
    with CurtainWatch(session, table) as watch:
        run_frames(app, 2)
        if isinstance(app.scenes.top, CurtainScene):
            app.scenes.top.lift()
        assert session.submit({"type": "draw_two"}) is None
        for _ in range(400):
            run_frames(app, 1)
            if match.view(None)["phase"] != "night":
                break
            top = app.scenes.top
            if isinstance(top, CurtainScene):
                screens.append(("curtain", top.seat))
                top.lift()
                continue
            p = table.window_pending()
            assert p is not None, "during Night the screen shows a seat only to answer"
            box = table.window.rect()
            screens.append(("prompt", session.screen_seat, p["window"], box.size))
            options = [b for b in table.buttons if b.name.startswith("option:")]
            if options and p["window"] != "confess":
                options[0].click()
            cont = next(b for b in table.buttons if b.name == "continue")
            assert cont.enabled
            cont.click()
            table.sync()
        assert not watch.problems, watch.problems
    session.close()
    return screens


def test_a_blind_window_takes_the_same_screens_whatever_the_roles(app):
    # docs/rules/salem.md §5.0 (R7): the town cannot tell a witch or the Constable by the screens
    a = night_screens(app, {1: "W N N N N", 3: "C N N N N"})
    b = night_screens(app, {4: "W N N N N", 2: "C N N N N"})
    assert a == b
    windows = [s[2] for s in a if s[0] == "prompt"]
    assert windows == ["night_vote"] * 5 + ["gavel"] * 5 + ["confess"] * 5
    # seat by seat, clockwise from the active seat (seat 0 drew Night and sits there)
    assert [s[1] for s in a if s[0] == "prompt"][:5] == [0, 1, 2, 3, 4]
    assert len({s[3] for s in a if s[0] == "prompt"}) == 1, "every prompt box has one size"
    assert [s for s in a if s[0] == "curtain"][:2] == [("curtain", 1), ("curtain", 2)]


def test_with_the_constable_card_face_up_nobody_goes_behind_the_curtain_to_guard(app):
    # docs/rules/salem.md §5.3: the Constable died with the card face up, so there is no
    # Constable and everyone knows it; the Night goes from the vote to the confessions with
    # no round of curtains for a Gavel nobody can place
    screens = night_screens(app, {1: "W N N N N", 3: "C N N N N"}, dead=[3])
    prompts = [s for s in screens if s[0] == "prompt"]
    assert [s[2] for s in prompts] == ["night_vote"] * 4 + ["confess"] * 4
    assert [s[1] for s in prompts] == [0, 1, 2, 4] * 2
    assert len([s for s in screens if s[0] == "curtain"]) <= len(prompts)


def test_a_lone_human_among_bots_sees_no_curtain(app):
    # DESIGN D3: one human seat needs no curtain
    clear_scenes(app)
    match = stage(5, rows={1: "W N N N N", 3: "C N N N N"}, pile=["c58"], active=0)
    session = HotseatSession(
        app, match, make_bots(match, [1, 2, 3, 4], levels=dict.fromkeys([1, 2, 3, 4], "easy")), None, bot_delay=0.0
    )  # easy: they move at once (the test is about curtains)
    table = open_table(app, session)
    assert session.submit({"type": "draw_two"}) is None
    for _ in range(200):
        run_frames(app, 1)
        assert not isinstance(app.scenes.top, CurtainScene)
        assert session.screen_seat == 0
        p = table.window_pending()
        if p is not None:
            next(b for b in table.buttons if b.name == "continue").click()
            table.sync()
        if match.view(None)["phase"] != "night":
            break
    assert match.view(None)["phase"] != "night"
    session.close()


def test_ghosts_are_neither_humans_nor_asked(app):
    # salem.md §2.2: a 2-player game is 2 humans and 2 ghosts; the ghosts never take the screen
    clear_scenes(app)
    session = HotseatSession.new(app, "salem", ["Ann", "Bob"], [1], seed=3, bot_delay=0.0, save_path=None)
    assert session.humans == [0] and not session.is_human(1) and not session.is_human(3)
    assert session.bots.keys() == {2}
    session.close()


def test_continue_resumes_a_game_with_ghosts(app, tmp_path):
    # DESIGN D5: the autosave replays; the ghosts stay nobody's seats
    clear_scenes(app)
    path = tmp_path / "salem.witchhunt.json"
    session = HotseatSession.new(app, "salem", ["Ann", "Bob"], [], seed=8, bot_delay=0.0, save_path=path)
    seat = session.match.to_act()[0]
    session.match.apply(seat, {"type": "draw_two"})
    session._autosave()
    assert session.flush()
    back = HotseatSession.resume(app, path, bot_delay=0.0)
    assert back.match.to_json() == session.match.to_json()
    assert back.humans == [0, 2] and back.absent == {1, 3}
    session.close()
    back.close()
