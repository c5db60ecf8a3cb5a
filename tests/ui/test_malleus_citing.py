"""Citing facts at the Malleus table (docs/rules/malleus.md §3.4): any seat may cite a fact
for a side and the table records who did; the Prévôt alone counts it. Dragging a fact
onto a column cites it for the person who dragged it — on a seat's own screen that seat,
at the shared hot-seat screen whoever says so — and the conflict panel names the citer,
before the Prévôt judges and after he counts it."""

from __future__ import annotations

import pytest

from game.ui.scenes.malleus.table import MalleusTableScene
from game.ui.smoke_common import post_click, post_drag
from tests.rules.malleus_kit import village_s
from tests.ui.malleus_ui_kit import stage, story_table
from tests.ui.table_source import MatchTableSource, clear_scenes, open_table_scene, run_frames, table_app


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def _drag_ledger_fact(app, table, fid: str, side: str) -> None:
    table.ledger.tab = "ledger" if fid.startswith("f") else "witch"
    table._static_key = None
    table.dirty = True
    run_frames(app, 1)
    post_drag(app, table.locate("fact", fid), table.locate("side", side), steps=4)


def _words(table, what) -> str:
    return " ".join(b.text for b in table.text_blocks() if b.what == what)


def test_a_player_dragging_a_fact_on_his_own_screen_cites_it_himself(app):
    m = village_s(turn=1)
    stage(m, "scene")
    table = open_table_scene(app, MalleusTableScene, MatchTableSource(m, 3), 2)  # Cy's own screen (LAN)
    _drag_ledger_fact(app, table, "f1", "against")
    assert m.state["conflict"]["citations"] == [{"fact": "f1", "side": "against", "by": 3}]
    run_frames(app, 2)
    assert "cited by Cy" in _words(table, "citation")
    clear_scenes(app)


def test_at_the_shared_screen_the_table_asks_who_cites_and_names_him(app, tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = story_table(app, tmp_path, "scene")
    m = session.match
    _drag_ledger_fact(app, table, "f1", "for")
    assert table.prompt is not None and table.prompt.title.startswith("Who cites")
    labels = [label for label, _seat in table.prompt.options]
    assert labels == ["Prévôt", "Ann", "Bob", "Cy"]
    post_click(app, table.locate("prompt", labels.index("Bob")))
    assert m.state["conflict"]["citations"] == [{"fact": "f1", "side": "for", "by": 2}]
    run_frames(app, 2)
    assert "cited by Bob" in _words(table, "citation")
    # the Prévôt counts it with the button beside it: the panel still names who cited it
    post_click(app, table.locate("button", "approve_f1_for"))
    assert m.state["conflict"]["facts"] == {"f1": "for"}
    run_frames(app, 2)
    assert "(cited by Bob)" in _words(table, "counted fact")
    log = [table.describe_event(e) for e in table.log_events]
    assert any("Bob cites" in line for line in log)
    session.close()
    clear_scenes(app)


def test_cite_a_fact_from_the_menu_asks_the_fact_the_side_and_who(app, tmp_path, monkeypatch):
    from tests.ui.malleus_ui_kit import press

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = story_table(app, tmp_path, "scene")
    m = session.match
    press(app, table, "cite")
    assert table.prompt.title == "Cite a fact about whom?"
    whose = [v for _l, v in table.prompt.options]
    assert whose[-1] == "stereotypes" and None in whose  # villagers first, then the ledger
    post_click(app, table.locate("prompt", whose.index("stereotypes")))
    facts = [v for _l, v in table.prompt.options]
    post_click(app, table.locate("prompt", facts.index("w3")))
    post_click(app, table.locate("prompt", 1))  # against it
    labels = [label for label, _seat in table.prompt.options]
    post_click(app, table.locate("prompt", labels.index("Ann")))
    assert m.state["conflict"]["citations"] == [{"fact": "w3", "side": "against", "by": 1}]
    session.close()
    clear_scenes(app)


def test_in_a_ready_village_the_cite_chooser_stays_inside_the_window(app, tmp_path, monkeypatch):
    """A ready village has some fifty citable facts: one list of them all ran off the top
    and bottom of the window. The chooser asks whose fact first (a villager, the general
    ledger, the stereotypes), a page at a time ("More…"), and every box fits the window."""
    from game.bots.malleus import MalleusBot
    from game.engine import new_match
    from tests.ui.malleus_ui_kit import press

    m = new_match("malleus", ["Prévôt", "Ann", "Bob", "Cy"], seed=5, options={"village": "ready"})
    bots = {s: MalleusBot(30 + s) for s in range(4)}
    for _ in range(400):
        if m.state["phase"] == "round" and m.state["step"] == "scene":
            break
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    table = open_table_scene(app, MalleusTableScene, MatchTableSource(m, 0), 2)
    window = app.screen.get_rect()
    press(app, table, "cite")
    assert table.prompt.title == "Cite a fact about whom?"
    run_frames(app, 1)
    everyone = len(table.prompt.options)
    seen: set[int] = set()
    for _page in range(6):  # page by page through the list: every page inside the window
        assert table.prompt.box is not None and window.contains(table.prompt.box)
        assert len(table.prompt.rects) <= table.prompt.page
        seen.update(i for i in table.prompt.shown if i is not None)
        if len(seen) == everyone:
            break
        post_click(app, table.locate("prompt", "more"))
        run_frames(app, 1)
    assert len(seen) == everyone > table.prompt.page  # each villager, the general ledger and the stereotypes
    post_click(app, table.locate("prompt", "more"))  # the last page's last row: back to the first
    run_frames(app, 1)
    post_click(app, table.locate("prompt", 0))  # someone's facts
    run_frames(app, 1)
    assert table.prompt.title.startswith(("Cite which fact", "Cite “")) and window.contains(table.prompt.box)
    clear_scenes(app)
