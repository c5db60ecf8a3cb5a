"""Hot-seat Witch Trial: a Motion awaiting an Objection opens the public banner (DESIGN D3).

A 3-human game through the real courtroom scene and HotseatSession: when a Motion is
played, nobody's hand is on screen, the banner offers the awaited lawyer's button and
"No objection" (whether or not that lawyer holds an Objection, so it leaks nothing), and
the lawyer's button lowers the curtain for that lawyer only.
"""

from __future__ import annotations

import random

import pytest

from game.ui.scenes.menu import MenuScene
from game.ui.scenes.witch_trial_table import WitchTrialTableScene
from game.ui.session import HotseatSession, open_table, public_window
from tests.ui.shell_helpers import lift_curtain, new_app, post_click, step_towards_a_motion

pytest.importorskip("game.rules.witch_trial")


def _lift(app) -> None:
    lift_curtain(app, frame=True)


def _holds_objection(session: HotseatSession, seat: int) -> bool:
    hand = session.match.view(seat)["players"][seat]["hand"] or []
    return any(session.match.cat.type_of.get(c) == "objection" for c in hand)


def test_motion_window_shows_the_public_banner_then_the_lawyers_curtain(
    tmp_path,
):  # DESIGN D3; docs/rules/witch_trial.md §4.12
    app = new_app()
    s = HotseatSession.new(
        app, "witch_trial", ["Ann", "Bob", "Cy"], [], seed=9, bot_delay=0.0, save_path=tmp_path / "wt.witchhunt.json"
    )
    table = open_table(app, s, base=MenuScene(app))
    assert isinstance(table, WitchTrialTableScene)
    rng = random.Random(3)
    seen: dict[bool, int] = {}  # awaited lawyer holds an Objection -> banners checked
    pressed = False
    for _ in range(6000):
        if s.match.over or (len(seen) == 2 and pressed):
            break
        app.frame(wait=False)
        window = public_window(s.match.view(None))
        if window is not None and window["kind"] == "objection" and s.screen_seat is None and not s.curtain_down:
            awaiting = window["order"][0]
            # the banner, with no private view on screen
            assert table.view.get("seat") is None
            assert all(p.get("hand") is None for p in table.view["players"])
            assert table.banner is not None
            names = [b.name for b in table.banner.buttons]
            assert names == [f"seat:{awaiting}", "no_objection"], names
            assert "No objection" in table.banner.buttons[1].label
            holds = _holds_objection(s, awaiting)
            seen[holds] = seen.get(holds, 0) + 1
            if not pressed:
                # the lawyer's button (a real click) lowers the curtain for that lawyer only
                button = table.banner.buttons[0]
                post_click(app, button.rect.center)
                assert s.curtain_down and s.curtain_seat == awaiting and s.screen_seat is None
                _lift(app)
                assert s.screen_seat == awaiting and table.view.get("seat") == awaiting
                assert {"type": "no_objection"} in s.legal()
                pressed = True
                s.submit({"type": "no_objection"})
            else:
                assert s.no_answers() is None
            continue
        step_towards_a_motion(app, s, rng, _lift)
    assert pressed, "no Motion was played"
    # the same banner whether or not the awaited lawyer holds an Objection (seed 9 has both)
    assert set(seen) == {True, False}, seen
