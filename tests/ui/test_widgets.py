"""Widgets: clicks, typing and keyboard navigation (DESIGN D6: every action also by keyboard)."""

from __future__ import annotations

import pygame
import pytest

from game.ui import input as uinput
from game.ui.input import InputEvent
from game.ui.widgets import Banner, Button, Checkbox, FocusRing, ListBox, ListRow, Stepper, TextField, Toast


@pytest.fixture(autouse=True)
def _display():
    pygame.init()
    yield


def press(pos):
    return InputEvent(uinput.PRESS, pos=pos, button=1)


def release(pos):
    return InputEvent(uinput.RELEASE, pos=pos, button=1)


def key(k, mod=0):
    return InputEvent(uinput.KEY, key=k, mod=mod)


def text(t):
    return InputEvent(uinput.TEXT, text=t)


def test_button_fires_on_release_over_it_only():
    clicks = []
    b = Button((10, 10, 100, 40), "Go", lambda: clicks.append(1))
    b.handle(press((20, 20)))
    b.handle(release((200, 200)))  # dragged off: no click
    assert clicks == []
    b.handle(press((20, 20)))
    b.handle(release((30, 30)))
    assert clicks == [1]
    b.enabled = False
    b.handle(press((20, 20)))
    b.handle(release((30, 30)))
    assert clicks == [1]


def test_release_without_press_does_not_click():
    # a press that opened this scene must not click a button in it
    clicks = []
    b = Button((10, 10, 100, 40), "Go", lambda: clicks.append(1))
    b.handle(release((20, 20)))
    assert clicks == []


def test_text_field_typing_editing_and_max_length():
    f = TextField((0, 0, 200, 40), max_len=5)
    ring = FocusRing([f])
    ring.handle(press((5, 5)))
    assert f.focused
    for ch in "Ann":
        ring.handle(text(ch))
    assert f.text == "Ann"
    ring.handle(key(pygame.K_BACKSPACE))
    ring.handle(key(pygame.K_LEFT))
    ring.handle(text("x"))
    assert f.text == "Axn"
    ring.handle(text("12345"))
    assert len(f.text) == 5
    ring.handle(text("\x07"))  # unprintable input is dropped
    assert len(f.text) == 5


def test_space_types_into_a_text_field_instead_of_activating():
    submitted = []
    f = TextField((0, 0, 200, 40), on_submit=submitted.append)
    ring = FocusRing([f])
    ring.focus_on(f)
    ring.handle(text("A"))
    ring.handle(key(pygame.K_SPACE))
    ring.handle(text(" "))
    ring.handle(text("B"))
    ring.handle(key(pygame.K_RETURN))
    assert submitted == ["A B"]


def test_tab_cycles_focus_and_enter_activates_skipping_disabled():
    hits = []
    a = Button((0, 0, 50, 20), "A", lambda: hits.append("a"))
    b = Button((0, 30, 50, 20), "B", lambda: hits.append("b"), enabled=False)
    c = Checkbox((0, 60, 200, 30), "C")
    ring = FocusRing([a, b, c])
    ring.handle(key(pygame.K_TAB))
    assert ring.focus is a
    ring.handle(key(pygame.K_RETURN))
    ring.handle(key(pygame.K_TAB))
    assert ring.focus is c  # b is disabled: skipped
    ring.handle(key(pygame.K_SPACE))
    assert c.checked
    ring.handle(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert ring.focus is a
    assert hits == ["a"]


def test_stepper_clamps_to_its_range_by_mouse_and_keys():
    values = []
    s = Stepper((0, 0, 200, 40), 3, 3, 5, on_change=values.append)
    s.handle(press((5, 5)))  # minus at the minimum: stays
    assert s.value == 3
    s.handle(press((195, 5)))
    ring = FocusRing([s])
    ring.focus_on(s)
    ring.handle(key(pygame.K_RIGHT))
    ring.handle(key(pygame.K_RIGHT))
    assert s.value == 5 and values == [4, 5]


def test_listbox_select_scroll_and_activate():
    chosen = []
    rows = [ListRow(f"row {i}") for i in range(20)]
    lb = ListBox((0, 0, 300, 200), rows, row_height=50, on_activate=chosen.append)
    ring = FocusRing([lb])
    ring.focus_on(lb)
    ring.handle(key(pygame.K_END))
    assert lb.selected == 19 and lb.scroll == 16
    ring.handle(key(pygame.K_HOME))
    assert lb.scroll == 0
    lb.handle(press((10, 60)))  # second row
    assert lb.selected == 1 and chosen == []
    lb.handle(press((10, 60)))  # click again: activate
    assert chosen == [1]
    ring.handle(key(pygame.K_RETURN))
    assert chosen == [1, 1]


def test_banner_buttons_join_the_focus_ring():
    hits = []
    banner = Banner(
        (0, 0, 800, 100), "Who answers?", [("Ann", lambda: hits.append(0)), ("No answers", lambda: hits.append(None))]
    )
    ring = FocusRing([banner])
    ring.handle(key(pygame.K_TAB))
    ring.handle(key(pygame.K_TAB))
    ring.handle(key(pygame.K_RETURN))
    assert hits == [None]
    b0 = banner.buttons[0]
    ring.handle(press(b0.rect.center))
    ring.handle(release(b0.rect.center))
    assert hits == [None, 0]


def test_toast_animates_only_while_visible():
    t = Toast((0, 0, 800, 600))
    assert not t.animating
    t.show("You cannot accuse with Berta.", kind="error")
    assert t.animating
    surf = pygame.Surface((800, 600))
    t.draw(surf)
    t.update(10.0)
    assert not t.animating


def test_every_widget_draws_without_error():
    surf = pygame.Surface((800, 600))
    widgets = [
        Button((0, 0, 100, 40), "OK", icon="missing"),
        TextField((0, 50, 200, 40), placeholder="Name"),
        Checkbox((0, 100, 200, 30), "Bot", True),
        Stepper((0, 140, 200, 40), 4, 3, 5),
        ListBox((0, 200, 300, 200), [ListRow("a", "detail", warn=True)]),
        ListBox((400, 0, 200, 100)),
        Banner((0, 420, 800, 100), "Prompt", [("x", lambda: None)]),
    ]
    ring = FocusRing(widgets)
    for _ in widgets:
        ring.handle(key(pygame.K_TAB))
        ring.draw(surf)


def test_text_is_cut_to_a_width_with_one_ellipsis():
    """One helper cuts text to a width for every screen (buttons, Salem's middle, card
    faces): whole when it fits, else the longest start that fits with "…", the cut end
    without a dangling space or comma."""
    from game.ui.fonts import cut_to_width, get_font

    font = get_font(18)
    line = "Bob plays Accusation on Cy, then Alibi on Dora, then draws two cards"
    assert cut_to_width(line, font, 2000) == line
    for width in (40, 90, 150, 300):
        cut = cut_to_width(line, font, width, strip=" ,")
        assert cut.endswith("\u2026") and font.size(cut)[0] <= width
        kept = cut[:-1]
        assert line.startswith(kept) and not kept.endswith((" ", ","))
        longer = line[: len(kept) + 1].rstrip(" ,") + "\u2026"  # one more character does not fit
        assert font.size(longer)[0] > width or len(longer) <= len(cut)
    assert cut_to_width("Short", font, 2000, cut=True) == "Short\u2026"  # it runs on past what is given
    assert cut_to_width("Anything", font, 1) == "\u2026"


def test_a_click_on_the_row_lit_by_default_selects_it_and_does_not_open_it():
    """The Continue list lights its newest save; a click meant to pick that save for
    Delete opened the game (a click on the selected row activated it). The first click on
    a row lit by default or by the keys selects it; a second click on it activates."""
    chosen = []
    lb = ListBox((0, 0, 300, 200), [ListRow(f"row {i}") for i in range(3)], row_height=50, on_activate=chosen.append)
    assert lb.selected == 0
    lb.handle(press((10, 10)))
    assert lb.selected == 0 and chosen == []
    lb.handle(press((10, 10)))
    assert chosen == [0]
    ring = FocusRing([lb])
    ring.focus_on(lb)
    ring.handle(key(pygame.K_DOWN))  # lit by the keys
    lb.handle(press((10, 60)))
    assert lb.selected == 1 and chosen == [0]


def test_a_checkbox_grows_with_its_label():
    """At the 1280x720 scale a box is 26 px beside 22 px type; at 1920x1080 the lobby's
    "Ready" read in 36 px type beside the same 26 px box. The box grows with the type,
    within the widget."""
    assert Checkbox((0, 0, 200, 42), "Bot plays", font_size=22).box_rect().h == 26
    big = Checkbox((0, 0, 300, 84), "Ready", font_size=36)
    assert big.box_rect().h == 41 and big.rect.contains(big.box_rect())
    assert Checkbox((0, 0, 200, 24), "Tight", font_size=36).box_rect().h == 18  # never taller than its row
