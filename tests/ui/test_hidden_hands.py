"""No hand is ever drawn for the wrong seat (DESIGN D3).

A scripted 4-seat hot-seat Hammer game (three people and a bot) is played through the
real table scene by posting pygame events (the smoke player). Every card-drawing call
of the shared CardArt (face, zoom) and every card sprite on the table at every frame is
checked against the engine's hands at that moment:
* while the curtain is down (or nobody is behind the screen), no card of any hand;
* while seat X is shown, no card of any other seat's hand;
* once anything public was on the screen (the public banner, a curtain), seat X's
  private view is drawn only after the curtain was lifted for X, even when X was the
  seat shown last (DESIGN D3: "No answers" used to hand the screen
  straight back to the player of the card).
"""

from __future__ import annotations

import time

import pytest

pytest.importorskip("game.rules.hammer")
smoke_hammer = pytest.importorskip("game.ui.smoke_hammer")

from game.ui.scenes.curtain import CurtainScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.session import HotseatSession, open_table  # noqa: E402
from game.ui.smoke_common import CurtainWatch  # noqa: E402
from tests.ui.shell_helpers import new_app  # noqa: E402

STEPS_TIME = 12.0  # at most, seconds of play
ENOUGH_CURTAINS = 30  # the play stops once this many curtains came down ...
ENOUGH_COMEBACKS = 3  # ... and a seat got the screen back after the public banner this often


@pytest.mark.slow(seconds=3)
def test_no_hand_card_is_drawn_for_another_seat_or_under_the_curtain(tmp_path, monkeypatch):  # DESIGN D3
    app = new_app()
    session = HotseatSession.new(
        app,
        "hammer",
        ["Ann", "Bob", "Cy", "Dora"],
        [3],
        seed=21,
        bot_delay=0.0,
        bot_levels={3: "easy"},  # quick moves: the test is about curtains
        save_path=tmp_path / "hidden.witchhunt.json",
    )
    table = open_table(app, session, base=MenuScene(app))
    art = table.art
    problems: list[str] = []
    drawn_for: dict[int | None, int] = {}
    curtains = 0

    def check(card_id, how: str) -> None:
        if not isinstance(card_id, str):
            return
        seat = session.screen_seat
        if session.match.over:
            return  # the end reveals every hand (docs/rules/hammer.md, the end of the game)
        down = session.curtain_down or isinstance(app.scenes.top, CurtainScene)
        for owner, hand in enumerate(session.match.state["hands"]):
            if card_id in hand and (down or seat is None or owner != seat):
                problems.append(f"{how} drew {card_id} of seat {owner} while showing {seat} (curtain {down})")
        if len(problems) > 20:
            raise AssertionError("\n".join(problems))

    for name in ("face", "zoom"):
        original = getattr(art, name)

        def spy(game, card_id, *rest, _original=original, _name=name, **kw):
            check(card_id, _name)
            return _original(game, card_id, *rest, **kw)

        monkeypatch.setattr(art, name, spy)

    table_draw = table.draw

    def draw_spy(surface):
        nonlocal curtains
        if session.curtain_down:
            problems.append("the table was drawn while the curtain was down")
        drawn_for[session.screen_seat] = drawn_for.get(session.screen_seat, 0) + 1
        for sprite in table.group.sprites():
            check(getattr(sprite, "card_id", None), f"sprite in {getattr(sprite, 'zone', '?')}")
        return table_draw(surface)

    monkeypatch.setattr(table, "draw", draw_spy)

    player = smoke_hammer.HammerPlayer(app, session, seed=4)
    end = time.monotonic() + STEPS_TIME
    with CurtainWatch(session, table) as watch:
        while time.monotonic() < end and not session.match.over:
            if curtains >= ENOUGH_CURTAINS and watch.comebacks >= ENOUGH_COMEBACKS:
                break  # many curtains, windows and seat changes: what the rule is about
            if isinstance(app.scenes.top, CurtainScene):
                curtains += 1
                app.draw(force=True)  # the curtain itself draws: nothing may come from a hand
            player.step()
    assert not problems, "\n".join(problems[:10])
    assert not watch.problems, "\n".join(watch.problems[:5])
    # the rule's own case happened: a seat got the screen back after the public banner
    assert watch.comebacks >= 1 and watch.public_frames and watch.lifts >= 3, vars(watch)
    shown = {seat for seat in drawn_for if seat is not None}
    # the game really went round the table: several seats shown, several curtains
    assert shown >= {0, 1, 2} and curtains >= 3, (drawn_for, curtains, session.match.state_id)
    # and the check itself bites: a card of a seat not shown is reported
    assert not session.match.over  # (30 curtains of three people and a bot never finish a game)
    hidden = next(
        card for owner, hand in enumerate(session.match.state["hands"]) if owner != session.screen_seat for card in hand
    )
    check(hidden, "control")
    assert problems and "control" in problems[-1]
