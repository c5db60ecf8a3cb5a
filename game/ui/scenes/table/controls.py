"""Mouse and keyboard: drag and drop, clicks on cards, targets and buttons, the Esc
chain (close_topmost, then the table menu) and the keys; ``locate`` for tests and
the smoke run."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import input as uinput
from game.ui.input import InputEvent
from game.ui.scenes.table.panel import Panel
from game.ui.sprites import CardSprite
from game.ui.widgets import Button


class Controls(Panel):
    """Mouse and keyboard: the table's input goes here first and is routed to the panel
    it is for (an open chooser, a button, the log, a card, a target); the Esc chain
    (close_topmost, then the table menu) and the keys. It keeps where the pointer is
    (``pointer``), the card picked by click or keyboard (``selected``), the targets lit
    for it (``valid_targets``) and the keyboard's place among them (``target_cursor``).
    Every step it takes is a table method (``on_move``, ``on_left_press`` …) that a
    game table may override; ``locate`` for tests and the smoke run."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.pointer = (0, 0)
        self.selected: str | None = None  # card id picked by click or keyboard
        self.valid_targets: list = []
        self.target_cursor = -1

    def locate(self, kind: str, key: Any = None) -> tuple[int, int] | None:
        """Where ``kind``/``key`` is drawn now (centre), for the smoke run and tests:
        ("card", id), ("villager", id), ("button", key), ("prompt", index), ("announced",),
        ("discard",), ("deck",)."""
        t = self.table
        if kind == "card":
            s = t.sprite_for(key)
            return s.rect.center if s is not None else None
        if kind == "button":
            for b in t.all_buttons():
                if b.name == key and b.visible:
                    return b.rect.center
            return None
        if kind == "prompt":  # key: an option's index (on the page open now), or "more"
            p = t.prompt
            if p is None or not p.rects:
                return None
            row = None if key == "more" else key
            if row in p.shown and p.shown.index(row) < len(p.rects):
                return p.rects[p.shown.index(row)].center
            return None
        r = t.target_rect((kind, key))
        if r is None and kind in t.rects:
            r = pygame.Rect(t.rects[kind])
        return r.center if r is not None else None

    def handle(self, event: InputEvent) -> None:
        t = self.table
        if event.kind == uinput.MOVE:
            t.on_move(event.pos)
        elif event.is_left_press:
            self.pointer = event.pos
            t.on_left_press(event.pos)
        elif event.is_left_release:
            self.pointer = event.pos
            t.on_left_release(event.pos)
        elif event.is_right_press:
            t.on_right_press(event.pos)
        elif event.kind == uinput.WHEEL:
            if t.game_log.contains(event.pos):
                t.game_log.wheel(event.dy)
        elif event.kind == uinput.KEY:
            if event.repeat and not event.repeats:
                return  # a held key acts once: a held Space ends one turn, not the next ones
            t.on_key(event)

    def on_move(self, pos: tuple[int, int]) -> None:
        t = self.table
        self.pointer = pos
        if t.drag.move(pos):
            t.dirty = True
            return
        t.update_hand_hover(pos)
        t.zoomer.moved(pos)
        t.button_row.hover(pos)
        if t.prompt is not None or t.pick is not None:
            t.dirty = True

    def on_left_press(self, pos: tuple[int, int]) -> None:
        t = self.table
        t.dirty = True
        if t.holding():
            t.release_hold()  # seen: the screen passes on
            return
        if t.zoom is not None:  # a click closes the zoom and still does what it does
            t.dismiss_zoom()
        if t.help_open:
            t.help_open = False
            return
        if t.help_panel.contains(pos) and t.prompt is None:
            t.help_open = True
            return
        if t.connection.contains(pos):
            t.source.hand_to_bot()  # a LAN table's owner: a bot plays the away seat now
            return
        if t.prompt is not None:
            p = t.prompt
            for row, r in enumerate(p.rects):
                if r.collidepoint(pos):
                    t.press_prompt_row(row)
                    return
            if p.box is not None and not p.box.collidepoint(pos):
                t.cancel_prompt()
            return
        button = t.button_row.at(pos)
        if button is not None:
            t.button_row.pressed = button
            return
        if t.pick is not None:
            target = t.target_at(pos)
            if target in t.pick.targets:
                pick, t.pick = t.pick, None
                pick.on_pick(target)
            return
        sprite = t.drag.press(pos)
        if sprite is not None and sprite.draggable:
            self.valid_targets = t.targets_for(sprite.card_id)
            return
        # a click on a target with a selected card (click path)
        if self.selected is not None:
            target = t.target_at(pos)
            if target is not None:
                card = self.selected
                t.cancel_selection()
                t.act(card, target, pos)
                return
        t.on_table_click(pos)

    def on_left_release(self, pos: tuple[int, int]) -> None:
        t = self.table
        button, t.button_row.pressed = t.button_row.pressed, None
        if button is not None:
            if button.rect.collidepoint(pos) and button.enabled:
                t.press_button(button)
            return
        result = t.drag.release(pos)
        if result is None:
            return
        how, sprite, at = result
        t.dirty = True
        t.drop_hover()  # the card let go of rests again; the next move raises what is under it
        if how == "click":
            self.valid_targets = []
            if sprite.card_id == self.selected:
                t.cancel_selection()
            else:
                t.select_card(sprite.card_id)
            return
        target = t.target_at(at)
        self.valid_targets = []
        if target is None:
            t.drag.snap_back(sprite)
            return
        if not t.act(sprite.card_id, target, at):
            t.drag.snap_back(sprite)
        elif t.prompt is not None and t.prompt.avoid is None and sprite.alive():
            t.prompt.avoid = sprite.rect.copy()  # the dropped card waits there for the answer
            t.prompt.waiting = sprite

    def press_button(self, button: Button) -> None:
        """Run a button's action (mouse or keyboard), then re-read the view."""
        t = self.table
        t.cancel_selection()
        button.click()
        t.sync()
        t.dirty = True

    def select_card(self, card_id: str) -> None:
        t = self.table
        self.selected = card_id
        self.valid_targets = t.targets_for(card_id)
        self.target_cursor = 0 if self.valid_targets else -1
        t.rebuild_sprites(None)
        t.dirty = True

    def cancel_selection(self) -> None:
        t = self.table
        if self.selected is not None:
            self.selected = None
            t.rebuild_sprites(None)
        self.valid_targets, self.target_cursor = [], -1
        t.dirty = True

    def close_topmost(self) -> bool:
        """Esc, in one place for every table: close the topmost thing open on it — the help,
        a zoom, a chooser (prompt or pick), a drag, a picked card — and say whether
        anything was open. Only when nothing was does Esc open the table menu (:meth:`open_menu`)."""
        t = self.table
        t.dirty = True
        if t.help_open:
            t.help_open = False
        elif t.zoom is not None:
            t.dismiss_zoom()
        elif t.prompt is not None:
            t.cancel_prompt()
        elif t.pick is not None:
            p, t.pick = t.pick, None
            if p.on_cancel is not None:
                p.on_cancel()
            t.message = t.status_message()
        elif t.drag.dragging:
            t.drag.cancel()
            self.valid_targets = []
        elif self.selected is not None or self.valid_targets:
            t.cancel_selection()
        else:
            return False
        return True

    def on_key(self, press: InputEvent) -> None:
        """A key pressed, read as the key map's actions (game.ui.input.KEYMAP) and, for
        numbered choices and a button's own letter, its char; a button fires when the
        press triggers its hotkey (``press.triggers``)."""
        t = self.table
        t.dirty = True
        acts, digit = press.actions, press.digit
        if uinput.CANCEL in acts:
            if not t.close_topmost():
                t.open_menu()  # the last link of the chain: the table menu
            return
        if t.holding() and uinput.HELP not in acts:
            t.release_hold()  # the drawn cards were seen
            return
        if uinput.HELP in acts:
            t.help_open = not t.help_open
            return
        if t.help_open:
            return
        if t.prompt is not None:
            p = t.prompt
            if uinput.PREVIOUS in acts or uinput.UP in acts or uinput.LEFT in acts:
                p.cursor = (p.cursor - 1) % len(p.options)
            elif uinput.NEXT in acts or uinput.DOWN in acts or uinput.RIGHT in acts:
                p.cursor = (p.cursor + 1) % len(p.options)
            elif uinput.ACTIVATE in acts:
                t.choose_prompt(p.cursor)
            elif digit:
                t.press_prompt_row(digit - 1)
            return
        if t.pick is not None:
            p = t.pick
            if (uinput.NEXT in acts or uinput.PREVIOUS in acts) and p.targets:
                p.cursor = (p.cursor + (-1 if uinput.PREVIOUS in acts else 1)) % len(p.targets)
            elif uinput.CONFIRM in acts and p.targets:
                t.pick = None
                p.on_pick(p.targets[p.cursor])
            return
        hand = [
            s.card_id
            for s in sorted(
                (s for s in t.group.sprites() if isinstance(s, CardSprite) and s.zone == "hand"),
                key=lambda s: s.home[0],
            )
        ]
        buttons = [b for b in t.all_buttons() if b.visible and b.enabled]
        if digit is not None:
            numbered = next((b for b in buttons if press.triggers(b.hotkey)), None)
            if numbered is not None:  # a numbered choice on a button (a secret prompt's "1")
                t.press_button(numbered)
                return
            index = 9 if digit == 0 else digit - 1
            if index < len(hand):
                if hand[index] == self.selected:
                    t.cancel_selection()
                else:
                    t.select_card(hand[index])
            return
        step = -1 if uinput.PREVIOUS in acts else (1 if uinput.NEXT in acts else 0)
        if step and self.selected is not None:
            if self.valid_targets:
                self.target_cursor = (self.target_cursor + step) % len(self.valid_targets)
            return
        if uinput.CONFIRM in acts and self.selected is not None:
            if self.valid_targets and self.target_cursor >= 0:
                card, target = self.selected, self.valid_targets[self.target_cursor]
                r = t.target_rect(target)
                t.cancel_selection()
                t.act(card, target, r.center if r is not None else self.pointer)
            else:
                t.toast("That card has no target now.")
            return
        if step and buttons:
            # no card picked: Tab walks the buttons (banner seats, Pass, End turn …)
            t.focus = (t.focus + step) % len(t.all_buttons()) if t.focus >= 0 else 0
            return
        if uinput.CONFIRM in acts and 0 <= t.focus < len(t.all_buttons()):
            b = t.all_buttons()[t.focus]
            if b.enabled and b.visible:
                t.press_button(b)
            return
        for b in buttons:
            if press.triggers(b.hotkey):
                t.press_button(b)
                return
