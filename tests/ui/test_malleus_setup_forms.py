"""The ready village on the New game and Host forms (docs/rules/malleus.md §2.10): both
offer Malleus's option ``village`` as a box to tick, worded by the game ("A ready village
(skip building)"); ticked, the story starts from a prepared village, otherwise it is built
at the table. Games without the option do not show it."""

from __future__ import annotations

import socket

import pytest

from game.rules.malleus import VILLAGE_CHOICES
from game.ui.smoke_common import post_click
from tests.ui.table_source import clear_scenes, run_frames, table_app


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def app(request):
    yield from table_app(request.param)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _fits(form) -> None:
    """Every widget on the screen and clear of the others (the options row included)."""
    screen = form.app.screen.get_rect()
    widgets = [w for w in form.ring.all() if w.visible and w.rect.w and w.rect.h]
    for w in widgets:
        assert screen.contains(w.rect), (getattr(w, "name", w), tuple(w.rect))
    box = form.ring.find("option_village").rect
    for w in widgets:
        if w is not form.ring.find("option_village") and getattr(w, "name", "") != "Options":
            assert not box.colliderect(w.rect) or w.rect.contains(box), (getattr(w, "name", w), tuple(w.rect))


def test_the_new_game_form_offers_a_ready_village_for_malleus_only(app, tmp_path, monkeypatch):
    from game.ui.scenes.new_game import NewGameScene

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    form = NewGameScene(app)
    app.scenes.push(form)
    run_frames(app, 1)
    form.pick_game("hammer")
    assert form.ring.find("option_village") is None
    form.pick_game("malleus")
    run_frames(app, 1)
    box = form.ring.find("option_village")
    assert box is not None and box.label == VILLAGE_CHOICES["ready"] and not box.checked
    _fits(form)
    assert form.chosen_options() in ({}, {"village": "build"})
    post_click(app, box.rect.center)
    assert form.chosen_options() == {"village": "ready"}
    post_click(app, form.ring.find("start").rect.center)
    table = app.scenes.top
    assert table.source.match.options["village"] == "ready" and table.source.match.state["phase"] == "choosing"
    table.source.close()
    clear_scenes(app)


def test_the_host_form_offers_it_too_and_the_host_starts_a_ready_village(app, tmp_path, monkeypatch):
    from game.ui.scenes import lan

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    monkeypatch.setenv("WITCHHUNT_DISCOVERY_ADDR", "127.0.0.1")
    form = lan.HostScene(app)
    app.scenes.push(form)
    run_frames(app, 1)
    form.pick_game("malleus")
    run_frames(app, 1)
    box = form.ring.find("option_village")
    assert box is not None and box.label == VILLAGE_CHOICES["ready"]
    _fits(form)
    post_click(app, box.rect.center)
    form.set_name("Jacques")
    form.set_port(str(_free_port()))
    form.host()
    lobby = app.scenes.top
    session = lobby.session
    try:
        assert session.host.options.get("village") == "ready"
    finally:
        session.close()
        clear_scenes(app)
