"""Mouse and keyboard: drag and drop, clicks on cards, targets and buttons, the Esc
chain (close_topmost, then the table menu) and the keys; ``locate`` for tests and
the smoke run."""
from __future__ import annotations

import time
from typing import Any

import pygame

from game.ui import input as uinput
from game.ui.input import InputEvent
from game.ui.scenes.table.common import REPEATING_KEYS
from game.ui.sprites import CardSprite
from game.ui.widgets import Button


class ControlsPanel:
    """Mouse and keyboard: drag and drop, clicks on cards, targets and buttons, the Esc
    chain (close_topmost, then the table menu) and the keys; ``locate`` for tests and
    the smoke run. Mixed into :class:`~game.ui.scenes.table_base.TableScene`."""

    def locate(self, kind: str, key: Any = None) -> tuple[int, int] | None:
        """Where ``kind``/``key`` is drawn now (centre), for the smoke run and tests:
        ("card", id), ("villager", id), ("button", key), ("prompt", index), ("announced",),
        ("discard",), ("deck",)."""
        if kind == "card":
            s = self.sprite_for(key)
            return s.rect.center if s is not None else None
        if kind == "button":
            for b in self.all_buttons():
                if b.name == key and b.visible:
                    return b.rect.center
            return None
        if kind == "prompt":
            if self.prompt is None or not self.prompt.rects:
                return None
            if 0 <= key < len(self.prompt.rects):
                return self.prompt.rects[key].center
            return None
        r = self.target_rect((kind, key))
        if r is None and kind in self.rects:
            r = pygame.Rect(self.rects[kind])
        return r.center if r is not None else None

    def handle(self, event: InputEvent) -> None:
        if event.kind == uinput.MOVE:
            self.on_move(event.pos)
        elif event.is_left_press:
            self.pointer = event.pos
            self.on_left_press(event.pos)
        elif event.is_left_release:
            self.pointer = event.pos
            self.on_left_release(event.pos)
        elif event.is_right_press:
            self.on_right_press(event.pos)
        elif event.kind == uinput.WHEEL:
            r = self.rects.get("log")
            if r is not None and pygame.Rect(r).collidepoint(event.pos):
                self.log_scroll = max(0, self.log_scroll + event.dy * 3)
                self.dirty = True
        elif event.kind == uinput.KEY:
            if event.repeat and event.key not in REPEATING_KEYS:
                return  # a held key acts once: a held Space ends one turn, not the next ones
            self.on_key(event.key, event.mod)

    def on_move(self, pos: tuple[int, int]) -> None:
        self.pointer = pos
        if self.drag.move(pos):
            self.dirty = True
            return
        self.update_hand_hover(pos)
        key = self.hover_target_key(pos)
        if key != self.hover_key:
            self.hover_key = key
            self.hover_since = time.monotonic()
            self.zoom_dismissed = None  # on something else: hovering previews again
            if self.zoom is not None and self.zoom != key:
                # the pointer left what is zoomed: the zoom closes, right-click ones too
                self.zoom, self.zoom_sticky = None, False
            self.dirty = True
        for b in self.all_buttons():
            inside = b.enabled and b.rect.collidepoint(pos)
            if inside != b.hover:
                b.hover = inside
                self.dirty = True
        if self.prompt is not None or self.pick is not None:
            self.dirty = True

    def on_left_press(self, pos: tuple[int, int]) -> None:
        self.dirty = True
        if self.holding():
            self.release_hold()  # seen: the screen passes on
            return
        if self.zoom is not None:  # a click closes the zoom and still does what it does
            self.dismiss_zoom()
        if self.help_open:
            self.help_open = False
            return
        if self.help_rect is not None and self.help_rect.collidepoint(pos) and self.prompt is None:
            self.help_open = True
            return
        if self.standin_rect is not None and self.standin_rect.collidepoint(pos):
            self.source.hand_to_bot()  # a LAN table's owner: a bot plays the away seat now
            return
        if self.prompt is not None:
            p = self.prompt
            for i, r in enumerate(p.rects):
                if r.collidepoint(pos):
                    self.choose_prompt(i)
                    return
            if p.box is not None and not p.box.collidepoint(pos):
                self.cancel_prompt()
            return
        for b in self.all_buttons():
            if b.visible and b.rect.collidepoint(pos):
                self._pressed_button = b
                return
        if self.pick is not None:
            target = self.target_at(pos)
            if target in self.pick.targets:
                pick, self.pick = self.pick, None
                pick.on_pick(target)
            return
        sprite = self.drag.press(pos)
        if sprite is not None and sprite.draggable:
            self.valid_targets = self.targets_for(sprite.card_id)
            return
        # a click on a target with a selected card (click path)
        if self.selected is not None:
            target = self.target_at(pos)
            if target is not None:
                card = self.selected
                self.cancel_selection()
                self.act(card, target, pos)
                return
        self.on_table_click(pos)

    def on_table_click(self, pos: tuple[int, int]) -> None:
        """A click that hit no card, button or prompt."""

    def on_left_release(self, pos: tuple[int, int]) -> None:
        button, self._pressed_button = self._pressed_button, None
        if button is not None:
            if button.rect.collidepoint(pos) and button.enabled:
                self.press_button(button)
            return
        result = self.drag.release(pos)
        if result is None:
            return
        how, sprite, at = result
        self.dirty = True
        self.drop_hover()  # the card let go of rests again; the next move raises what is under it
        if how == "click":
            self.valid_targets = []
            if sprite.card_id == self.selected:
                self.cancel_selection()
            else:
                self.select_card(sprite.card_id)
            return
        target = self.target_at(at)
        self.valid_targets = []
        if target is None:
            self.drag.snap_back(sprite)
            return
        if not self.act(sprite.card_id, target, at):
            self.drag.snap_back(sprite)
        elif self.prompt is not None and self.prompt.avoid is None and sprite.alive():
            self.prompt.avoid = sprite.rect.copy()  # the dropped card waits there for the answer
            self.prompt.waiting = sprite

    def press_button(self, button: Button) -> None:
        """Run a button's action (mouse or keyboard), then re-read the view."""
        self.cancel_selection()
        button.click()
        self.sync()
        self.dirty = True

    def select_card(self, card_id: str) -> None:
        self.selected = card_id
        self.valid_targets = self.targets_for(card_id)
        self.target_cursor = 0 if self.valid_targets else -1
        self.rebuild_sprites(None)
        self.dirty = True

    def cancel_selection(self) -> None:
        if self.selected is not None:
            self.selected = None
            self.rebuild_sprites(None)
        self.valid_targets, self.target_cursor = [], -1
        self.dirty = True

    def close_topmost(self) -> bool:
        """Esc, in one place for every table: close the topmost thing open on it — the help,
        a zoom, a chooser (prompt or pick), a drag, a picked card — and say whether
        anything was open. Only when nothing was does Esc open the table menu (:meth:`open_menu`)."""
        self.dirty = True
        if self.help_open:
            self.help_open = False
        elif self.zoom is not None:
            self.dismiss_zoom()
        elif self.prompt is not None:
            self.cancel_prompt()
        elif self.pick is not None:
            p, self.pick = self.pick, None
            if p.on_cancel is not None:
                p.on_cancel()
            self.message = self.status_message()
        elif self.drag.dragging:
            self.drag.cancel()
            self.valid_targets = []
        elif self.selected is not None or self.valid_targets:
            self.cancel_selection()
        else:
            return False
        return True

    def on_key(self, key: int, mod: int) -> None:
        self.dirty = True
        if key == pygame.K_ESCAPE:
            if not self.close_topmost():
                self.open_menu()  # the last link of the chain: the table menu (issue 9 item 2)
            return
        if self.holding() and key not in (pygame.K_F1, pygame.K_QUESTION, pygame.K_SLASH):
            self.release_hold()  # the drawn cards were seen (issue 9 item 7)
            return
        if key in (pygame.K_QUESTION, pygame.K_F1) or (key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT):
            self.help_open = not self.help_open
            return
        if self.help_open:
            return
        if self.prompt is not None:
            p = self.prompt
            if key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT):
                back = key == pygame.K_TAB and mod & pygame.KMOD_SHIFT
                p.cursor = (p.cursor + (-1 if back else 1)) % len(p.options)
            elif key in (pygame.K_UP, pygame.K_LEFT):
                p.cursor = (p.cursor - 1) % len(p.options)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose_prompt(p.cursor)
            elif pygame.K_1 <= key <= pygame.K_9:
                self.choose_prompt(key - pygame.K_1)
            return
        if self.pick is not None:
            p = self.pick
            if key == pygame.K_TAB and p.targets:
                p.cursor = (p.cursor + (-1 if mod & pygame.KMOD_SHIFT else 1)) % len(p.targets)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and p.targets:
                self.pick = None
                p.on_pick(p.targets[p.cursor])
            return
        hand = [s.card_id for s in sorted(
            (s for s in self.group.sprites() if isinstance(s, CardSprite) and s.zone == "hand"),
            key=lambda s: s.home[0])]
        if pygame.K_1 <= key <= pygame.K_9 or key == pygame.K_0:
            index = 9 if key == pygame.K_0 else key - pygame.K_1
            if index < len(hand):
                if hand[index] == self.selected:
                    self.cancel_selection()
                else:
                    self.select_card(hand[index])
            return
        if key == pygame.K_TAB and self.selected is not None:
            if self.valid_targets:
                step = -1 if mod & pygame.KMOD_SHIFT else 1
                self.target_cursor = (self.target_cursor + step) % len(self.valid_targets)
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            if self.valid_targets and self.target_cursor >= 0:
                card, target = self.selected, self.valid_targets[self.target_cursor]
                r = self.target_rect(target)
                self.cancel_selection()
                self.act(card, target, r.center if r is not None else self.pointer)
            else:
                self.toast("That card has no target now.")
            return
        buttons = [b for b in self.all_buttons() if b.visible and b.enabled]
        if key == pygame.K_TAB and buttons:
            # no card picked: Tab walks the buttons (banner seats, Pass, End turn …)
            step = -1 if mod & pygame.KMOD_SHIFT else 1
            self.focus = (self.focus + step) % len(self.all_buttons()) if self.focus >= 0 else 0
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and 0 <= self.focus < len(self.all_buttons()):
            b = self.all_buttons()[self.focus]
            if b.enabled and b.visible:
                self.press_button(b)
            return
        for b in buttons:
            if b.hotkey is not None and b.hotkey == key:
                self.press_button(b)
                return
