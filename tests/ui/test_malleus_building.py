"""Building the village through the table (docs/rules/malleus.md §2.4): after a seat adds a
villager (its form, then its plate dragged onto the villager of its relationship), the
next seat is offered its own building turn — New villager, Fact + relationship, Pass —
with a hint that fits the moment, not the last seat's "drag the new plate". Nothing that
passes or ends a turn ever holds the default focus, so Enter never passes by accident."""

from __future__ import annotations

import pygame
import pytest

from game.engine import new_match
from game.ui.scenes.malleus.bar import NO_DEFAULT_FOCUS
from game.ui.smoke_common import post_click, post_drag, post_key
from tests.ui.malleus_ui_kit import PEOPLE, offered, press, type_text
from tests.ui.table_source import clear_scenes, run_frames, table_app


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def _building(app, tmp_path):
    """A hot-seat story in its building phase: trigger and first villager recorded, seat 1 to build."""
    from game.ui.session import HotseatSession, open_table

    session = HotseatSession.new(
        app, "malleus", list(PEOPLE), [], seed=3, bot_delay=0.0, save_path=tmp_path / "building.witchhunt.json"
    )
    m = session.match = new_match("malleus", list(PEOPLE), seed=3)
    m.apply(0, {"type": "set_trigger", "text": "The well water turned red."})
    m.apply(
        0,
        {
            "type": "add_villager",
            "name": "Thérèse the herbwife",
            "facts": ["Gathers herbs by night", "Nursed the priest's mother", "Lives by the well"],
        },
    )
    table = open_table(app, session)
    run_frames(app, 3)
    assert m.state["phase"] == "building" and m.view(None)["building"]["seat"] == 1
    return session, table


def _new_villager(app, table, name: str) -> None:
    press(app, table, "new_villager")
    assert table.form is not None
    for key, words in (
        ("form_name", name),
        ("form_fact0", "Keeps bees"),
        ("form_fact1", "Sings in church"),
        ("form_fact2", "Owes the miller"),
    ):
        post_click(app, table.forms.form_locate(key))
        type_text(app, words)
    post_click(app, table.forms.form_locate("form_ok"))
    assert table.pending_villager is not None
    post_drag(app, table.locate("ghost"), table.locate("plate", "v1"), steps=4)
    assert table.prompt is not None  # which relationship?
    post_click(app, table.locate("prompt", 0))


def _focused(table):
    buttons = table.all_buttons()
    return buttons[table.focus] if 0 <= table.focus < len(buttons) else None


def test_after_a_new_villager_the_next_seat_gets_its_own_building_turn(app, tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = _building(app, tmp_path)
    _new_villager(app, table, "Marguerite")
    m = session.match
    assert len(m.state["vorder"]) == 2 and m.view(None)["building"]["seat"] == 2
    assert table.pending_villager is None
    assert "drag the new plate" not in table.message.lower()
    names = offered(table)
    assert {"new_villager", "fact_relation", "pass"} <= set(names) and "link_cancel" not in names
    assert next(b for b in table.buttons if b.name == "new_villager").label.startswith("Bob:")
    assert "Bob: New villager" in " ".join(b.text for b in table.text_blocks() if b.what == "guide")
    session.close()
    clear_scenes(app)


def test_cancelling_the_new_plate_leaves_no_focus_on_pass_and_enter_does_not_pass(app, tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = _building(app, tmp_path)
    m = session.match
    press(app, table, "new_villager")
    for key, words in (("form_name", "Colas"), ("form_fact0", "a"), ("form_fact1", "b"), ("form_fact2", "c")):
        post_click(app, table.forms.form_locate(key))
        type_text(app, words)
    post_click(app, table.forms.form_locate("form_ok"))
    assert table.pending_villager is not None
    post_key(app, pygame.K_TAB)  # walk the buttons onto Cancel, then press it with Enter
    while _focused(table) is not None and _focused(table).name != "link_cancel":
        post_key(app, pygame.K_TAB)
    post_key(app, pygame.K_RETURN)
    assert table.pending_villager is None
    focused = _focused(table)
    assert focused is None or focused.name not in NO_DEFAULT_FOCUS
    before = m.state_id
    post_key(app, pygame.K_RETURN)
    assert m.state_id == before, "Enter passed the building turn"
    session.close()
    clear_scenes(app)


def test_no_pass_or_end_of_turn_ever_holds_the_default_focus(app, tmp_path, monkeypatch):
    # every bar the building phase and a conflict show, and what Enter does on it
    from tests.ui.malleus_ui_kit import story_table

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = _building(app, tmp_path)
    focused = _focused(table)
    assert focused is None or focused.name not in NO_DEFAULT_FOCUS
    session.close()
    for upto in ("scene", "cited", "roll", "sides"):
        session, table = story_table(app, tmp_path, upto)
        focused = _focused(table)
        assert focused is None or focused.name not in NO_DEFAULT_FOCUS, (upto, focused.name)
        before = session.match.state_id
        post_key(app, pygame.K_RETURN)
        assert session.match.state_id == before, f"Enter moved the story on at {upto}"
        session.close()
    clear_scenes(app)
