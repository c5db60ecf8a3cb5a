"""You see the cards you drew: after End turn draws, the hot-seat
session holds the drawer's own view (the new cards lit) for a moment or until a click,
and only then passes the screen on through the curtain (DESIGN D3 still holds: it is
the same seat's private view). Driven by posted pygame events on the real Hammer table."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.menu import MenuScene
from game.ui.session import HOLD_SECONDS, HotseatSession, open_table
from tests.ui.shell_helpers import lift_curtain, new_app, post_click, post_key

pytest.importorskip("game.rules.hammer")


def to_an_end_of_turn(app, session, rng) -> int:
    """Play (through the session) until a person may End turn; returns that seat."""
    for _ in range(400):
        app.frame(wait=False)
        if session.holding:
            session.release_hold()
        elif session.curtain_down:
            lift_curtain(app, frame=True)
        elif session.screen_seat is None:
            session.request_seat(session.banner_seats()[0])
        else:
            legal = session.legal()
            if not legal:
                continue  # the bots move (app frames)
            if {"type": "end_turn"} in legal:
                return session.screen_seat
            quiet = [c for c in legal if c["type"] in ("place_pyres", "pass", "refill")]
            session.submit(quiet[0] if quiet else rng.choice(legal))
    pytest.fail("nobody came to End turn")


def hammer_table(tmp_path, bots=(), hold=None):
    app = new_app()
    session = HotseatSession.new(
        app,
        "hammer",
        ["Ann", "Bob", "Cy"],
        list(bots),
        seed=12,
        bot_delay=0.0,
        save_path=tmp_path / "hold.witchhunt.json",
        hold=hold,
        bot_levels=dict.fromkeys(bots, "easy"),
    )  # moves at once (the loop counts frames)
    table = open_table(app, session, base=MenuScene(app))
    return app, session, table


def test_end_turn_shows_the_drawn_cards_until_a_click_then_the_curtain(tmp_path):  # DESIGN D3
    app, session, table = hammer_table(tmp_path, hold=60.0)  # only a click ends it here
    seat = to_an_end_of_turn(app, session, random.Random(1))
    before = set(table.my_hand())
    post_click(app, table.locate("button", "end_turn"))
    assert session.match.state_id and seat not in session.match.to_act()  # the turn really ended
    # the drawer still sees their own hand, new cards in it and lit, no curtain yet
    assert session.holding and not session.curtain_down and session.screen_seat == seat
    drawn = session.held_cards()
    assert drawn and not set(drawn) & before and set(drawn) <= set(table.my_hand())
    assert "You drew" in table.message
    end = time.monotonic() + 5
    while table.animating and time.monotonic() < end:  # the cards fly in from the deck …
        app.frame(wait=False)
        time.sleep(0.01)
    assert not table.animating and session.holding  # … and stay while nobody clicks
    assert {s.card_id for s in table.group.sprites() if getattr(s, "zone", "") == "hand"} >= set(drawn)
    app.draw(force=True)
    sprite = table.sprite_for(drawn[0])
    lit = app.screen.get_at((sprite.rect.centerx, sprite.rect.y - 3))[:3]
    assert tuple(lit) == tuple(table_theme_select()), lit
    post_click(app, (app.size[0] // 2, app.size[1] // 2))  # seen
    assert not session.holding and session.screen_seat is None
    nxt = [s for s in session.match.to_act() if session.is_human(s)]
    assert isinstance(app.scenes.top, CurtainScene) or session.banner_seats() == nxt


def table_theme_select():
    from game.ui import theme

    return theme.SELECT


def test_the_hold_ends_by_itself_after_a_moment_or_on_a_key(tmp_path):
    app, session, table = hammer_table(tmp_path)
    assert session.hold_seconds == pytest.approx(HOLD_SECONDS)
    app.settings = app.settings.with_(animation_speed=200)
    assert session.hold_seconds == pytest.approx(HOLD_SECONDS / 2)
    seat = to_an_end_of_turn(app, session, random.Random(2))
    post_key(app, pygame.K_SPACE)  # End turn, draw (Space)
    assert session.holding and session.screen_seat == seat
    assert session.submit({"type": "end_turn"}) is not None  # nothing more can be done meanwhile
    session._tick(session.hold_seconds / 2)  # a frame of the key press may have taken up to 0.25 s
    assert session.holding
    session._tick(session.hold_seconds / 2)
    assert not session.holding and session.screen_seat is None
    # and a key ends it as well as a click
    seat = to_an_end_of_turn(app, session, random.Random(3))
    post_key(app, pygame.K_SPACE)
    assert session.holding
    post_key(app, pygame.K_RETURN)
    assert not session.holding and session.screen_seat is None


def test_one_person_against_bots_is_never_held(tmp_path):  # DESIGN D3
    app, session, table = hammer_table(tmp_path, bots=(1, 2))
    seat = to_an_end_of_turn(app, session, random.Random(4))
    post_click(app, table.locate("button", "end_turn"))
    assert seat == 0 and not session.holding  # no curtain to wait for: the cards simply stay
