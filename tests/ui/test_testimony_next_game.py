"""Testimony between two games of a match (docs/rules/testimony.md: the lowest scorer
begins the next game): once the reveal has been told, Enter does what the bar says —
"Start game 2 (Enter)" starts game 2, on the shown seat's bar (one person against bots)
as on the public banner (several people) — and the reveal leaves the table as soon as
the next game begins, whoever began it (a bot begins it once the table closed the
reveal). Played at the real table; the last steps are posted input events.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.menu import MenuScene
from game.ui.session import HotseatSession, open_table
from tests.ui.shell_helpers import lift_curtain, new_app, post_click, post_key

NAMES = ["Ann", "Bob", "Cy", "Dora"]


def play_to_the_end_of_game_one(app, session, table, rng) -> None:
    """Random legal moves through the session until game 1 has ended."""
    for _ in range(20000):
        app.frame(wait=False)
        if session.match.view(None).get("stage") == "between":
            return
        if isinstance(app.scenes.top, CurtainScene):
            lift_curtain(app)
        elif session.public_moment():
            session.release_public_moment()
        elif (decision := session.public_decision()) is not None:
            session.submit_public(decision[0], rng.choice(decision[1]))
        elif session.screen_seat is not None and session.screen_seat in session.match.to_act():
            session.submit(rng.choice(session.legal()))
        elif session.banner_seats():
            session.request_seat(session.banner_seats()[0])
    pytest.fail("game 1 did not end")


def told_reveal(bots: list[int], seed: int):
    """A table right after game 1 ended, its reveal told (a click skipped the telling)."""
    app = new_app()
    session = HotseatSession.new(
        app, "testimony", list(NAMES), bots, seed=seed, bot_delay=0.0, bot_levels=dict.fromkeys(bots, "easy")
    )
    table = open_table(app, session, base=MenuScene(app))
    play_to_the_end_of_game_one(app, session, table, random.Random(1))
    for _ in range(3):
        app.frame(wait=False)
    assert table.reveal and table.reveal["open"] and table.reveal_animating()
    post_click(app, table.reveal_box().center)  # skip to the end of the telling
    assert not table.reveal_animating() and table.reveal["open"]
    assert table.dialog_open()  # the reveal's box: no plate zooms up over it
    return app, session, table


def start_button(table):
    """The button labelled "Start game 2 (Enter)" on the table now (the bar or the public banner)."""
    return next((b for b in table.all_buttons() if b.visible and b.label == "Start game 2 (Enter)"), None)


def assert_game_two_without_the_reveal(app, session, table) -> None:
    for _ in range(5):
        app.frame(wait=False)
    assert session.match.view(None).get("game_no") == 2
    assert not table.reveal["open"] and not table.keep_bots_waiting and not table.dialog_open()
    if app.scenes.top is table:
        app.draw(force=True)
        assert table.result.close_rect is None  # the reveal's panel is not drawn over game 2


# (bots, seed): who begins game 2 differs — a person or a bot
CASES = {
    "one person, who begins": ([1, 2, 3], 3),
    "three people, one begins": ([3], 5),
    "two people, a bot begins": ([2, 3], 5),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_enter_after_the_reveal_starts_the_next_game_and_the_reveal_leaves(case, tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app, session, table = told_reveal(*CASES[case])
    starter = session.match.to_act()[0]
    if session.is_human(starter):
        assert start_button(table) is not None, [b.label for b in table.all_buttons()]
    post_key(app, pygame.K_RETURN)  # once: as labelled
    assert_game_two_without_the_reveal(app, session, table)
    session.close()


def test_a_click_on_start_game_two_starts_it_and_the_reveal_leaves(tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app, session, table = told_reveal(*CASES["three people, one begins"])
    start = start_button(table)
    assert start is not None, [b.label for b in table.all_buttons()]
    post_click(app, start.rect.center)
    assert_game_two_without_the_reveal(app, session, table)
    session.close()


def test_the_cases_cover_a_person_and_a_bot_beginning_game_two(tmp_path, monkeypatch):
    """The seeds above still give both kinds of beginner (a change of rules or bots may move them)."""
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    starters = set()
    for bots, seed in CASES.values():
        _app, session, _table = told_reveal(bots, seed)
        starters.add(session.is_human(session.match.to_act()[0]))
        session.close()
    assert starters == {True, False}
