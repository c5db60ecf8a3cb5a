"""A public moment before the curtain (DESIGN D3): when a Witch Trial ends (the
verdict, a mistrial, an accepted plea: docs/rules/witch_trial.md §4.7 and §4.13) and the screen would pass to
another player, the whole table first sees the public table with what happened, until
a click; only then the curtain. Driven through the real courtroom and posted events."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.menu import MenuScene
from game.ui.session import HotseatSession, open_table
from game.ui.smoke_common import CurtainWatch
from tests.ui.shell_helpers import lift_curtain, new_app, post_click, post_key

pytest.importorskip("game.rules.witch_trial")

#: what a player pushing towards a verdict would pick first
EAGER = ("prosecute", "rest", "create_case", "no_objection", "no_plea", "buy")


def step(app, session, rng) -> None:
    """One step of a 3-person hot-seat game that drives towards trials."""
    if session.curtain_down:
        lift_curtain(app, frame=True)
    elif session.holding:
        session.release_hold()
    elif session.screen_seat is None:
        session.request_seat(session.banner_seats()[0])
    else:
        legal = session.legal()
        for kind in EAGER:
            picks = [c for c in legal if c["type"] == kind]
            if picks:
                session.submit(rng.choice(picks))
                return
        session.submit(rng.choice(legal))
    app.frame(wait=False)


def test_a_trials_end_is_shown_to_everyone_before_the_curtain(tmp_path):  # docs/rules/witch_trial.md §4.7
    app = new_app()
    s = HotseatSession.new(
        app,
        "witch_trial",
        ["Ann", "Bob", "Cy"],
        [],
        seed=4,
        bot_delay=0.0,
        hold=0,
        save_path=tmp_path / "moment.witchhunt.json",
    )
    table = open_table(app, s, base=MenuScene(app))
    rng = random.Random(7)
    with CurtainWatch(s, table) as watch:
        for _ in range(3000):
            if s.public_moment() or s.match.over:
                break
            step(app, s, rng)
        moment = s.public_moment()
        assert moment, "no trial ended in 3000 steps"
        assert {e["type"] for e in moment} & {"verdict", "mistrial", "plea"}
        # the public table: nobody's hand, no curtain, no seat buttons; bots or people wait
        state = s.match.state_id
        assert s.screen_seat is None and not s.curtain_down and s.banner_seats() == []
        table.sync()
        assert table.view.get("seat") is None, (table.view.get("seat"), s.screen_seat)
        assert all(p.get("hand") is None for p in table.view.get("players", []))
        assert s.submit({"type": "pass"}) == "Click to go on."
        drawn: list[str] = []
        real = table.describe_event

        def spy(event):
            sentence = real(event)
            drawn.append(sentence)
            return sentence

        table.describe_event = spy
        app.draw(force=True)
        assert any(real(e) in drawn for e in moment)
        assert "Click or press Enter" in table.message
        # the box is a dialog: no card or plate zooms up over it
        assert table.dialog_open() and not table.zoom_allowed(("card", "any"))
        post_key(app, pygame.K_SPACE)  # a key, like a click, says everyone has seen it
        app.frame(wait=False)
        assert not s.public_moment() and s.match.state_id == state
        # then the screen passes on as usual: the curtain, or the banner
        humans = [x for x in s.match.to_act() if s.is_human(x)]
        assert isinstance(app.scenes.top, CurtainScene) or len(humans) != 1
    assert not watch.problems, watch.problems[:3]


def test_a_click_ends_the_moment_and_one_person_against_bots_never_waits(tmp_path):
    app = new_app()
    s = HotseatSession.new(
        app,
        "witch_trial",
        ["Ann", "Bob", "Cy"],
        [],
        seed=4,
        bot_delay=0.0,
        hold=0,
        save_path=tmp_path / "moment2.witchhunt.json",
    )
    open_table(app, s, base=MenuScene(app))
    rng = random.Random(7)
    for _ in range(3000):
        if s.public_moment() or s.match.over:
            break
        step(app, s, rng)
    assert s.public_moment()
    post_click(app, (app.size[0] // 2, app.size[1] // 2))
    assert not s.public_moment() and (s.curtain_down or s.banner_seats())
    # one person against bots: there is no curtain, so no moment either
    solo = HotseatSession.new(
        app,
        "witch_trial",
        ["Ann", "Bob", "Cy"],
        [1, 2],
        seed=4,
        bot_delay=0.0,
        hold=0,
        save_path=tmp_path / "solo.witchhunt.json",
        bot_levels={1: "easy", 2: "easy"},
    )
    open_table(app, solo, base=MenuScene(app))
    for _ in range(4000):
        if solo.match.over or any(e.get("type") == "verdict" for e in solo.match.log(None)[-5:]):
            break
        if 0 in solo.match.to_act():
            legal = solo.legal()
            picks = [c for c in legal if c["type"] in EAGER]
            solo.submit(rng.choice(picks or legal))
        app.frame(wait=False)
        assert not solo.public_moment()
    assert any(e.get("type") == "verdict" for e in solo.match.log(None)), "no verdict in the solo game"
