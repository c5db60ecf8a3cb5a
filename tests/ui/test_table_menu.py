"""The way out of a table: a Menu button and Esc open the table menu
(Resume, Rules, Settings, Save and leave, Quit); Esc first closes what is open on the
table (a picked card, a zoom, a chooser). Driven by posted pygame events."""

from __future__ import annotations

import pygame
import pytest

from game.saves import load_save
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.menu_base import ConfirmScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.table_base import Prompt, TableScene
from game.ui.scenes.table_menu import TableMenuScene
from game.ui.session import HotseatSession, open_table
from tests.ui.shell_helpers import new_app, post_click, post_key

pytest.importorskip("game.rules.hammer")


def one_human_table(tmp_path, save_path="here"):
    """Ann against two bots: never a curtain, so without the table menu the only way out was
    closing the window. The bots wait long enough not to move during the test."""
    app = new_app()
    session = HotseatSession.new(
        app,
        "hammer",
        ["Ann", "Bob", "Cy"],
        [1, 2],
        seed=5,
        bot_delay=60.0,
        save_path=tmp_path / "menu.witchhunt.json" if save_path == "here" else None,
    )
    table = open_table(app, session, base=MenuScene(app))
    app.frame(wait=False)
    assert app.scenes.top is table and session.screen_seat == 0
    return app, session, table


def deal(app, session, table) -> None:
    """Everyone places pyres (Ann through the session, the bots their own move), so
    Ann holds her first hand."""
    session.submit(session.legal()[0])
    for _ in range(50):
        bots = [s for s in session.match.to_act() if s in session.bots]
        if not bots or table.my_hand():
            break
        session.bot_move(bots[0])
        app.frame(wait=False)
    assert table.my_hand()


def widget_pos(app, name):
    return app.scenes.top.ring.find(name).rect.center


def test_esc_opens_the_table_menu_and_esc_or_resume_closes_it(tmp_path):
    app, session, table = one_human_table(tmp_path)
    post_key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, TableMenuScene)
    assert [w.name for w in menu.ring.focusables()] == ["resume", "rules", "settings", "leave", "quit"]
    assert menu.ring.focus.name == "resume"  # Enter on a surprise menu changes nothing
    post_key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table
    post_click(app, table.locate("button", "menu"))
    assert isinstance(app.scenes.top, TableMenuScene)
    post_key(app, pygame.K_RETURN)  # Resume has the focus
    assert app.scenes.top is table and session.match.state_id == 0


def test_esc_closes_the_picked_card_then_the_zoom_then_a_chooser_before_the_menu(tmp_path):
    app, session, table = one_human_table(tmp_path)
    deal(app, session, table)
    card = table.my_hand()[0]
    post_key(app, pygame.K_1)  # pick the first hand card by keyboard
    assert table.selected == card
    post_key(app, pygame.K_ESCAPE)
    assert table.selected is None and app.scenes.top is table
    pos = table.locate("card", card)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    app.frame(wait=False)
    assert table.zoom == ("card", card)
    post_key(app, pygame.K_ESCAPE)
    assert table.zoom is None and app.scenes.top is table
    chosen = []
    table.prompt = Prompt("Who accuses?", [("Ann", 0), ("Bob", 1)], chosen.append, anchor=(400, 300))
    app.draw(force=True)
    post_key(app, pygame.K_ESCAPE)
    assert table.prompt is None and chosen == [] and app.scenes.top is table
    post_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TableMenuScene)


def test_rules_and_settings_open_from_the_table_menu_and_come_back_to_it(tmp_path):
    app, session, table = one_human_table(tmp_path)
    post_key(app, pygame.K_ESCAPE)
    post_click(app, widget_pos(app, "rules"))
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and rules.game == "hammer"
    post_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TableMenuScene)
    post_click(app, widget_pos(app, "settings"))
    assert isinstance(app.scenes.top, SettingsScene)
    post_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TableMenuScene)
    post_key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table


def test_save_and_leave_goes_to_the_main_menu_with_the_game_on_disk(tmp_path, monkeypatch):  # D5
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app, session, table = one_human_table(tmp_path, save_path=None)  # in the saves folder
    assert session.submit(session.legal()[0]) is None  # Ann places her pyres
    post_key(app, pygame.K_ESCAPE)
    post_click(app, widget_pos(app, "leave"))
    assert [type(s) for s in app.scenes.stack] == [MenuScene]
    assert session._tick not in app.tasks  # the bots stopped with the table
    saved, _extra = load_save(session.save_path)
    assert saved.to_json() == session.match.to_json() and saved.state_id >= 1
    assert app.scenes.top.ring.find("continue").enabled


def test_quit_from_the_table_menu_stops_the_app_after_saving(tmp_path):
    app, session, table = one_human_table(tmp_path)
    assert session.submit(session.legal()[0]) is None
    app.running = True
    post_key(app, pygame.K_ESCAPE)
    post_click(app, widget_pos(app, "quit"))
    assert not app.running
    assert load_save(session.save_path)[0].to_json() == session.match.to_json()


class HostedSource:
    """What the menu reads of a LAN table we host (LanSession: game, host, close)."""

    game = "hammer"
    host = object()

    def __init__(self) -> None:
        self.closed = 0

    def close(self) -> None:
        self.closed += 1


def test_leaving_a_lan_table_we_host_asks_first(tmp_path):
    app = new_app()
    app.scenes.reset(MenuScene(app))
    source = HostedSource()
    app.scenes.push(TableMenuScene(app, source))
    app.frame(wait=False)
    assert app.scenes.top.ring.find("leave").label == "Leave the table"
    post_click(app, widget_pos(app, "leave"))
    assert isinstance(app.scenes.top, ConfirmScene) and source.closed == 0
    post_key(app, pygame.K_ESCAPE)  # Stay
    assert isinstance(app.scenes.top, TableMenuScene) and source.closed == 0
    post_click(app, widget_pos(app, "leave"))
    post_click(app, widget_pos(app, "confirm_yes"))
    assert source.closed == 1 and [type(s) for s in app.scenes.stack] == [MenuScene]


def test_table_menu_button_sits_in_the_log_header_on_both_tables(tmp_path):
    pytest.importorskip("game.rules.witch_trial")
    for game, players in (
        ("hammer", ["Ann", "Bob", "Cy", "Dee", "Eve"]),
        ("witch_trial", ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]),
    ):
        for size in ((1280, 720), (1920, 1080)):
            app = new_app()
            app.screen = pygame.display.set_mode(size)
            session = HotseatSession.new(
                app,
                game,
                players,
                list(range(1, len(players))),
                seed=2,
                bot_delay=60.0,
                save_path=tmp_path / f"{game}.witchhunt.json",
            )
            table = open_table(app, session, base=MenuScene(app))
            app.frame(wait=False)
            assert isinstance(table, TableScene)
            button = table.menu_button
            log_rect = pygame.Rect(table.rects["log"])
            assert log_rect.contains(button.rect), (game, size)
            assert pygame.Rect((0, 0), size).contains(button.rect)
            others = [b for b in table.all_buttons() if b is not button and b.visible]
            assert not any(b.rect.colliderect(button.rect) for b in others), (game, size)
            session.close()
