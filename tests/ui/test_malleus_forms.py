"""The Malleus table's text fields, driven through posted events as a player types
(docs/rules/malleus.md "The end of a round": everyone hands in a secret action, at
least "No Secret Action"; DESIGN D2: free texts up to 200 characters).

A field shows its hint as a placeholder, never as content; Ctrl+A selects everything,
Ctrl+C/X/V copy, cut and paste, the cursor moves by character, word and line; a long
text (up to 200 characters) wraps over the lines of a field several lines tall.
"""

from __future__ import annotations

import pygame
import pytest

from game.ui.scenes.malleus.table import MalleusTableScene
from game.ui.smoke_common import post_click, post_drag, post_key
from game.ui.widgets import TextField, clipboard_put, font
from tests.rules.malleus_kit import village_s
from tests.ui.table_source import MatchTableSource, clear_scenes, open_table_scene, run_frames, table_app

CTRL = pygame.KMOD_CTRL
SHIFT = pygame.KMOD_SHIFT


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def _type(app, words: str) -> None:
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    run_frames(app, 1)


def _secret_step():
    """Village S: Ann accuses Thérèse at the well; every secret action is awaited."""
    m = village_s(turn=1)
    m.apply(1, {"type": "declare_conflict", "kind": "accusation", "target": "v5"})
    m.apply(1, {"type": "frame_scene", "location": "The well", "present": ["v1", "v5"]})
    m.apply(0, {"type": "begin_resolution"})
    assert m.state["step"] == "secret_step"
    return m


def _open_secret_form(app, m, seat: int = 2):
    table = open_table_scene(app, MalleusTableScene, MatchTableSource(m, seat), 2)
    post_click(app, table.locate("button", "secret_action"))
    assert table.form is not None and table.form.name == "secret_action"
    field = next(w for w in table.forms.form_widgets if isinstance(w, TextField) and w.name == "form_text")
    return table, field


def test_the_secret_action_field_starts_empty_with_its_hint_as_a_placeholder(app):
    # the hint is not content: typing gives only what was typed
    m = _secret_step()
    table, field = _open_secret_form(app, m)
    assert field.text == "" and "No Secret Action" in field.placeholder and field.focused
    _type(app, "I slip a dead toad into the well")
    assert table.form.values()["text"] == "I slip a dead toad into the well"
    post_click(app, table.forms.form_locate("form_ok"))
    assert m.state["collect"]["subs"]["2"]["text"] == "I slip a dead toad into the well"
    clear_scenes(app)


def test_an_empty_secret_action_is_handed_in_as_no_secret_action(app):
    # docs/rules/malleus.md "The end of a round": at least "No Secret Action"
    m = _secret_step()
    table, field = _open_secret_form(app, m)
    post_click(app, table.forms.form_locate("form_ok"))
    assert table.form is None
    assert m.state["collect"]["subs"]["2"]["text"] == "No Secret Action"
    clear_scenes(app)


def test_ctrl_a_selects_everything_and_typing_replaces_it(app):
    m = _secret_step()
    table, field = _open_secret_form(app, m)
    _type(app, "a first try")
    post_key(app, pygame.K_a, CTRL)
    assert field.selected_text() == "a first try"
    _type(app, "better")
    assert field.text == "better" and table.form.values()["text"] == "better"
    clear_scenes(app)


def test_cursor_moves_by_character_word_and_ends_and_shift_selects(app):
    m = _secret_step()
    table, field = _open_secret_form(app, m)
    _type(app, "toad into well")
    post_key(app, pygame.K_HOME)
    _type(app, "a ")
    assert field.text == "a toad into well"
    post_key(app, pygame.K_END)
    post_key(app, pygame.K_LEFT, CTRL)  # to the start of "well"
    _type(app, "the ")
    assert field.text == "a toad into the well"
    post_key(app, pygame.K_RIGHT, CTRL | SHIFT)  # select "well"
    assert field.selected_text() == "well"
    post_key(app, pygame.K_BACKSPACE)
    assert field.text == "a toad into the "
    post_key(app, pygame.K_LEFT)
    post_key(app, pygame.K_LEFT)
    post_key(app, pygame.K_DELETE)
    assert field.text == "a toad into th "
    clear_scenes(app)


def test_copy_cut_and_paste_go_through_the_clipboard(app):
    m = _secret_step()
    table, field = _open_secret_form(app, m)
    clipboard_put("I put a hex bag under Thérèse's step")
    post_key(app, pygame.K_v, CTRL)
    assert field.text == "I put a hex bag under Thérèse's step"
    post_key(app, pygame.K_a, CTRL)
    post_key(app, pygame.K_x, CTRL)
    assert field.text == ""
    post_key(app, pygame.K_v, CTRL)
    post_key(app, pygame.K_v, CTRL)
    assert field.text == "I put a hex bag under Thérèse's step" * 2
    clipboard_put("line one\nline two")  # a pasted line break becomes a space
    post_key(app, pygame.K_a, CTRL)
    post_key(app, pygame.K_v, CTRL)
    assert field.text == "line one line two"
    clear_scenes(app)


def test_a_drag_over_the_text_selects_it(app):
    m = _secret_step()
    table, field = _open_secret_form(app, m)
    _type(app, "toad well")
    run_frames(app, 1)
    y = field.rect.y + 6 + field._line_height() // 2
    post_drag(app, (field.rect.x + 10, y), (field.rect.right - 10, y), steps=3)
    assert field.selected_text() == "toad well"
    clear_scenes(app)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_long_secret_action_wraps_over_several_lines_and_is_read_whole(size):
    # DESIGN D2: texts up to 200 characters; the whole text is in view while typing it
    gen = table_app(size)
    app = next(gen)
    try:
        m = _secret_step()
        table, field = _open_secret_form(app, m)
        words = (
            "At midnight I slip a dead toad into the well by the church, then I tell the baker's wife "
            "that I saw Thérèse there with a lantern and a basket of black herbs, muttering"
        )[:200]
        _type(app, words)
        assert field.text == words and field.multiline
        lines = field.lines()
        assert len(lines) >= 2 and len(lines) <= field.visible_lines()
        assert "".join(field.text[a:b] for a, b in lines) == words
        for a, b in lines:  # every line fits the field's width
            assert font(field.font_size).size(field.text[a:b].rstrip())[0] <= field.rect.w - 20
        post_key(app, pygame.K_UP)  # up a line, the cursor stays in the text
        assert 0 < field.cursor < len(words)
        box = table.forms._form_box()
        assert box.contains(field.rect) and pygame.Rect(0, 0, *size).contains(box)
    finally:
        clear_scenes(app)
        for _ in gen:
            pass


@pytest.mark.parametrize("to", [(1024, 640), (1920, 1080)])
def test_an_open_form_follows_the_window_when_it_is_resized(app, to):
    # the form's box is worked out for the window as it is; its fields and buttons were
    # laid out once, so after a resize they lay outside it, over the map and the log
    m = _secret_step()
    table, field = _open_secret_form(app, m)
    _type(app, "a toad")
    before = app.size
    try:
        assert app.set_window_size(to)
        run_frames(app, 2)
        box = table.forms._form_box()
        for w in table.forms.form_widgets:
            assert box.contains(w.rect), (w.name, tuple(w.rect), tuple(box))
        again = next(w for w in table.forms.form_widgets if w.name == "form_text")
        assert again.text == "a toad" and again.focused  # what was typed, and where the caret was
        _type(app, "!")
        assert table.form.values()["text"] == "a toad!"
    finally:
        clear_scenes(app)
        app.set_window_size(before)
