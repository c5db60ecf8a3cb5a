"""The one place where pygame events become the game's own input events (STYLE: Tuxemon).

Scenes never look at raw pygame events; they receive :class:`InputEvent` records, so
tests and the smoke run can also feed them directly.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

# kinds
PRESS = "press"          # mouse button down (button 1 = left, 3 = right)
RELEASE = "release"      # mouse button up
MOVE = "move"            # mouse moved (buttons held in `buttons`)
WHEEL = "wheel"          # scroll (dy > 0 = up)
KEY = "key"              # key pressed (`key` is a pygame key constant, `mod` the modifiers;
                         # `repeat`: the key was already down, this is the keyboard's auto-repeat)
TEXT = "text"            # text typed (`text`), for entry fields
RESIZE = "resize"        # window resized (`size`)
QUIT = "quit"            # window closed
FOCUS = "focus"          # window regained focus / exposed: redraw


@dataclass(frozen=True)
class InputEvent:
    kind: str
    pos: tuple[int, int] = (0, 0)
    button: int = 0
    buttons: tuple[int, ...] = ()
    key: int = 0
    mod: int = 0
    text: str = ""
    dy: int = 0
    size: tuple[int, int] = (0, 0)
    repeat: bool = False

    @property
    def is_left_press(self) -> bool:
        return self.kind == PRESS and self.button == 1

    @property
    def is_right_press(self) -> bool:
        return self.kind == PRESS and self.button == 3

    @property
    def is_left_release(self) -> bool:
        return self.kind == RELEASE and self.button == 1


#: keys seen going down and not yet up (for telling a fresh press from auto-repeat)
_down: set[int] = set()


def _still_held(key: int) -> bool:
    """The keyboard says ``key`` is down now. Posted test events never press a key, so a
    test posting the same KEYDOWN twice gets two fresh presses, as it expects."""
    try:
        return bool(pygame.key.get_pressed()[key])
    except (IndexError, pygame.error):
        return False


def translate(event: pygame.event.Event) -> InputEvent | None:
    """Map one pygame event to an :class:`InputEvent`, or None when it does not matter."""
    t = event.type
    if t == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
        return InputEvent(PRESS, pos=tuple(event.pos), button=event.button)
    if t == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
        return InputEvent(RELEASE, pos=tuple(event.pos), button=event.button)
    if t == pygame.MOUSEMOTION:
        held = tuple(i + 1 for i, down in enumerate(event.buttons) if down)
        return InputEvent(MOVE, pos=tuple(event.pos), buttons=held)
    if t == pygame.MOUSEWHEEL:
        return InputEvent(WHEEL, pos=pygame.mouse.get_pos(), dy=int(event.y))
    if t == pygame.KEYDOWN:
        # A held key repeats (App: pygame.key.set_repeat): the repeats are marked, so a held
        # Space or Enter ends one turn and never lifts the next player's curtain.
        repeat = event.key in _down and _still_held(event.key)
        _down.add(event.key)
        return InputEvent(KEY, key=event.key, mod=event.mod, repeat=repeat)
    if t == pygame.KEYUP:
        _down.discard(event.key)
        return None
    if t == pygame.TEXTINPUT:
        return InputEvent(TEXT, text=event.text)
    if t in (pygame.VIDEORESIZE, getattr(pygame, "WINDOWSIZECHANGED", -1)):
        size = getattr(event, "size", None) or (event.x, event.y)
        return InputEvent(RESIZE, size=tuple(size))
    if t == pygame.QUIT:
        return InputEvent(QUIT)
    if t in (getattr(pygame, "WINDOWEXPOSED", -1), getattr(pygame, "WINDOWFOCUSGAINED", -1),
             getattr(pygame, "VIDEOEXPOSE", -1)):
        return InputEvent(FOCUS)
    return None
