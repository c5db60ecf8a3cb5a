"""A key held down acts once (DESIGN D3, hot-seat curtain).

QA playtest: holding Space for a second on the Hammer table ended the turn, then the
keyboard's auto-repeat (App: pygame.key.set_repeat(400, 40)) released the drawn-cards
hold, lifted "Pass to Ann" once its 0.35 s grace was over, ended Ann's turn with her hand
on screen, then Bob's. Driven by posted pygame events through the real App loop; the
keyboard state is faked with pygame.key.get_pressed, which is how input.translate tells a
held key's repeats from a fresh press (posted events press no real key).
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui import input as uinput
from game.ui.scenes.curtain import KEY_GRACE, CurtainScene
from tests.ui.test_drawn_cards_hold import hammer_table, to_an_end_of_turn

pytest.importorskip("game.rules.hammer")


class Keyboard:
    """Stands in for pygame.key.get_pressed(): the keys in ``held`` are down."""

    def __init__(self) -> None:
        self.held: set[int] = set()

    def get_pressed(self):
        held = self.held

        class Pressed:
            def __getitem__(self, key: int) -> bool:
                return key in held

        return Pressed()


def key_down(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.frame(wait=False)


def key_up(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.frame(wait=False)


def shown_long(curtain: CurtainScene) -> None:
    """The curtain has been up far longer than its key grace (real time)."""
    curtain._shown_at -= KEY_GRACE + 1.0


def hold_key(app, keyboard: Keyboard, key: int, repeats: int) -> None:
    """The key goes down once and then repeats; any curtain shown meanwhile has been up
    far longer than its key grace (as after a second of auto-repeat)."""
    keyboard.held.add(key)
    key_down(app, key)
    for _ in range(repeats):
        top = app.scenes.top
        if isinstance(top, CurtainScene):
            shown_long(top)
        key_down(app, key)


def test_input_marks_a_held_keys_repeats_and_not_fresh_presses(monkeypatch):
    keyboard = Keyboard()
    monkeypatch.setattr(pygame.key, "get_pressed", keyboard.get_pressed)
    uinput._down.clear()
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)
    keyboard.held.add(pygame.K_SPACE)
    assert uinput.translate(down).repeat is False  # the press
    assert uinput.translate(down).repeat is True  # the key is still down: auto-repeat
    keyboard.held.clear()
    assert uinput.translate(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0)) is None
    keyboard.held.add(pygame.K_SPACE)
    assert uinput.translate(down).repeat is False  # up, then down again: a new press
    keyboard.held.clear()
    assert uinput.translate(down).repeat is False  # a posted event (no key really down)


def test_a_held_space_ends_one_turn_and_never_lifts_the_next_players_curtain(tmp_path, monkeypatch):  # D3
    keyboard = Keyboard()
    monkeypatch.setattr(pygame.key, "get_pressed", keyboard.get_pressed)
    uinput._down.clear()
    app, session, table = hammer_table(tmp_path, hold=60.0)
    seat = to_an_end_of_turn(app, session, random.Random(1))
    shown: set[int] = set()

    def watch():
        if session.screen_seat is not None:
            shown.add(session.screen_seat)

    state = session.match.state_id
    keyboard.held.add(pygame.K_SPACE)
    key_down(app, pygame.K_SPACE)  # End turn (Space), the cards drawn are held on screen
    assert session.match.state_id == state + 1 and session.holding
    for _ in range(40):  # … and the key stays down: its repeats do nothing at all
        key_down(app, pygame.K_SPACE)
        watch()
    assert session.holding and session.match.state_id == state + 1 and shown == {seat}

    keyboard.held.add(pygame.K_RETURN)
    key_down(app, pygame.K_RETURN)  # a fresh press (Space still held): seen, the screen passes on
    assert not session.holding and isinstance(app.scenes.top, CurtainScene)
    nxt = app.scenes.top.seat
    assert nxt != seat

    # the next player's curtain came while both keys are held down: they lift nothing,
    # however long they repeat
    for _ in range(40):
        shown_long(app.scenes.top)
        key_down(app, pygame.K_SPACE)
        key_down(app, pygame.K_RETURN)
    watch()
    assert isinstance(app.scenes.top, CurtainScene) and session.screen_seat is None
    assert session.match.state_id == state + 1 and shown == {seat}
    keyboard.held.clear()
    key_up(app, pygame.K_SPACE)
    key_up(app, pygame.K_RETURN)
    shown_long(app.scenes.top)
    key_down(app, pygame.K_RETURN)  # a fresh press lifts it, for the seat it names
    assert not session.curtain_down and session.screen_seat == nxt
    assert session.match.state_id == state + 1  # nobody's turn was played for them


def test_a_held_arrow_still_moves_through_choices(tmp_path, monkeypatch):
    """Arrow keys keep their auto-repeat on a table (REPEATING_KEYS): only acting keys act once."""
    from game.ui.scenes.table_base import REPEATING_KEYS

    keyboard = Keyboard()
    monkeypatch.setattr(pygame.key, "get_pressed", keyboard.get_pressed)
    uinput._down.clear()
    app, session, table = hammer_table(tmp_path, hold=60.0)
    to_an_end_of_turn(app, session, random.Random(1))
    seen: list[int] = []
    monkeypatch.setattr(table, "on_key", lambda event: seen.append(event.key))
    hold_key(app, keyboard, pygame.K_RIGHT, repeats=5)
    hold_key(app, keyboard, pygame.K_c, repeats=5)
    assert pygame.K_RIGHT in REPEATING_KEYS
    assert seen == [pygame.K_RIGHT] * 6 + [pygame.K_c]
