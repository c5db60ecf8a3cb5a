"""A seat's private view is on screen only while that seat has something to do (DESIGN D3,
game/ui/session.py "Who is behind the screen").

Every game is played at its real hot-seat table by two or three people and some bots,
the people making random legal moves (curtains, held screens and public moments are
clicked away with posted input events), and :class:`PrivateViewWatch` checks every
frame drawn and every bot move: no frame shows a person's hand, role, notebook or
private log while the table waits for someone else, and no bot moves while a person's
private view is up — except while that person reads what they asked to see (the cards
just drawn, a private reveal of their own move, the story player's private screen),
when the bots wait. A table of one person and bots keeps that person's view up.
"""

from __future__ import annotations

import pytest

from game.ui.smoke_privacy import PrivateViewWatch, play_mixed_table
from tests.ui.shell_helpers import new_app

PLAY_SECONDS = 3.0  # several rounds of every game: each person's turn, then the bots'
AT_MOST = 40.0  # a busy machine draws fewer frames in PLAY_SECONDS: play on until the run saw enough


def saw_enough(watch) -> bool:
    """The run did what the rule is about: people looked at their own screens, and bots
    moved with the public table on screen."""
    return watch.private_frames >= 3 and watch.bot_moves >= 5 and watch.shared_frames >= 3


TABLES = {
    "hammer": (["Ann", "Bob", "Cy", "Dora"], [1, 3]),
    "witch_trial": (["Ann", "Bob", "Cy", "Dora", "Ede"], [2, 3, 4]),
    "salem": (["Ann", "Bob", "Cy", "Dora", "Ede"], [1, 3, 4]),
    "testimony": (["Ann", "Bob", "Cy", "Dora"], [2, 3]),
    "malleus": (["Ann", "Bob", "Cy", "Dora"], [2, 3]),  # the Prévôt and a player are people
}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))


@pytest.mark.parametrize("game", sorted(TABLES))
def test_no_private_view_is_on_screen_while_the_table_waits_for_someone_else(game):
    names, bots = TABLES[game]
    watch, curtains, session = play_mixed_table(
        new_app(), game, names, bots, PLAY_SECONDS, seed=1, enough=saw_enough, at_most=AT_MOST
    )
    assert not watch.problems, "\n".join(watch.problems[:5])
    assert not curtains.problems, "\n".join(curtains.problems[:5])
    assert saw_enough(watch), vars(watch)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_one_person_against_bots_keeps_their_own_view_while_the_bots_move(game):
    names, bots = TABLES[game]
    person = 0
    bots = [s for s in range(len(names)) if s != person]
    watch, _curtains, session = play_mixed_table(
        new_app(),
        game,
        names,
        bots,
        1.5,
        seed=3,
        enough=lambda w: w.bot_moves >= 3 and w.private_frames > 0,
        at_most=AT_MOST,
    )
    assert not watch.problems and watch.bot_moves >= 3, vars(watch)
    assert watch.shared_frames == 0 and watch.private_frames > 0  # never the public table alone


def test_the_watch_itself_reports_a_private_view_left_up_for_the_bots(tmp_path, monkeypatch):
    """The check bites: a session that kept the last person's view up is reported."""
    from game.ui.session import HotseatSession, open_table

    app = new_app()
    session = HotseatSession.new(
        app,
        "hammer",
        ["Ann", "Bob", "Cy", "Dora"],
        [1, 3],
        seed=1,
        bot_delay=0.0,
        bot_levels={1: "easy", 3: "easy"},
        save_path=tmp_path / "h.witchhunt.json",
    )
    table = open_table(app, session)
    watch = PrivateViewWatch(session, table)
    monkeypatch.setattr(session.match, "to_act", lambda: [1])  # bot Bob is to move …
    session._screen_seat = 0  # … and Ann's view stayed up, as the old session left it
    app.draw(force=True)
    assert watch.problems and "while the table waited for Bob" in watch.problems[0]
    session.close()
