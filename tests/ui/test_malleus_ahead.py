"""The Malleus table draws ahead between moves (game/ui/scenes/table/ahead.py): the fonts
and the story's letters, and, while a round's end is near, what its end-of-round report
will need (docs/rules/malleus.md §3.11: the report opens when the round's rewards arrive),
so the frame after the move that ends the round draws only the report's own lines. Only
caches fill; then the idle table has nothing due."""

from __future__ import annotations

import pytest

from game.bots.malleus import MalleusBot
from game.engine import new_match
from game.ui import theme
from game.ui.scenes.malleus.table import MalleusTableScene
from game.ui.scenes.table import common
from tests.ui.table_source import MatchTableSource, drive_until, open_table_scene, run_frames, settle_ahead, table_app

NAMES = ["Jacques", "Ann", "Bob", "Cy", "Dee"]


@pytest.fixture(scope="module")
def app():
    yield from table_app((1280, 720))


@pytest.mark.parametrize("seat", [None, 2])
def test_the_round_report_box_is_drawn_ahead_while_the_round_ends(app, seat):
    m = new_match("malleus", NAMES, seed=5, options={"village": "ready"})
    bots = {s: MalleusBot(70 + s) for s in range(m.n)}

    def bot(match, s):
        return bots[s].choose(match.view(s), match.legal(s))

    near = lambda match: match.state["phase"] == "round" and match.state["step"] == "secret_phase"  # noqa: E731
    assert drive_until(m, near, bot, 3000)
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, seat), 2)
    assert scene.AHEAD
    common._PANEL_FILLS.clear()
    settle_ahead(app, scene)
    assert scene.next_wake() is None  # the idle table sleeps: nothing left to draw ahead
    drawn_ahead = set(common._PANEL_FILLS)
    for _ in range(200):  # the round ends (the Prévôt resolves the secret action phase)
        if scene.report.round_report is not None or m.over:
            break
        actor = m.to_act()[0]
        m.apply(actor, bot(m, actor))
        run_frames(app, 1)
    assert scene.report.round_report is not None
    lines = sum(len(wrapped) for wrapped, _colour, _bold in scene.report._laid[2])
    box = scene.report.box(lines)
    assert (tuple(box.size), tuple(theme.PANEL)[:3], 250, 8) in drawn_ahead, (box.size, lines)
