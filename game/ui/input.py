"""The one place where pygame events become the game's own input events (STYLE: Tuxemon).

Scenes never look at raw pygame events; they receive :class:`InputEvent` records, so
tests and the smoke run can also feed them directly.

Keys mean abstract actions, read from the one table :data:`KEYMAP`: a scene asks
``event.is_action(CONFIRM)`` (or looks at ``event.actions``), never at a key code. One key
may carry several actions (Enter both confirms and activates what has the focus; Escape
cancels and, where nothing is open to cancel, opens the menu); the scene takes the one it
has a use for. A button's own letter ("Accuse (A)") or a numbered choice ("1") is the
key's ``char``. Text fields still get the typed characters as TEXT events (and read
editing keys as actions: erase, left, select_all, paste …).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

# kinds
PRESS = "press"  # mouse button down (button 1 = left, 3 = right)
RELEASE = "release"  # mouse button up
MOVE = "move"  # mouse moved (buttons held in `buttons`)
WHEEL = "wheel"  # scroll (dy > 0 = up)
KEY = "key"  # key pressed (`key` is a pygame key constant, `mod` the modifiers;
# `repeat`: the key was already down, this is the keyboard's auto-repeat)
TEXT = "text"  # text typed (`text`), for entry fields
RESIZE = "resize"  # window resized (`size`)
QUIT = "quit"  # window closed
FOCUS = "focus"  # window regained focus / exposed: redraw


# actions (what a key means; KEYMAP says which keys)
CONFIRM = "confirm"  # Enter: take the default or focused choice
ACTIVATE = "activate"  # Enter or Space: press what has the focus, lift the curtain
CANCEL = "cancel"  # Escape: close what is open, go back
MENU = "menu"  # Escape: a table's menu, when nothing is open to cancel
PASS = "pass"  # Space: a table's Pass / End turn button
NEXT = "next"  # Tab: the next focus, target or choice
PREVIOUS = "previous"  # Shift+Tab
UP = "up"
DOWN = "down"
LEFT = "left"
RIGHT = "right"
PAGE_UP = "page_up"
PAGE_DOWN = "page_down"
HOME = "home"
END = "end"
INCREASE = "increase"  # + (or =, the same key unshifted): a stepper's value up
DECREASE = "decrease"  # -
HELP = "help"  # F1 or ?: the help overlay
FULLSCREEN = "fullscreen"  # F11
ERASE = "erase"  # Backspace: delete to the left, take back the last step
ERASE_FORWARD = "erase_forward"  # Delete
SELECT_ALL = "select_all"  # Ctrl+A
COPY = "copy"  # Ctrl+C
CUT = "cut"  # Ctrl+X
PASTE = "paste"  # Ctrl+V or Shift+Insert

SHIFT = pygame.KMOD_SHIFT
CTRL = pygame.KMOD_CTRL | pygame.KMOD_META

#: the key map: (key, modifiers that must be held or 0 for any) -> actions, first match
#: wins (so a chord is listed before the bare key). The one table of what keys mean.
KEYMAP: tuple[tuple[int, int, tuple[str, ...]], ...] = (
    (pygame.K_RETURN, 0, (CONFIRM, ACTIVATE)),
    (pygame.K_KP_ENTER, 0, (CONFIRM, ACTIVATE)),
    (pygame.K_SPACE, 0, (ACTIVATE, PASS)),
    (pygame.K_ESCAPE, 0, (CANCEL, MENU)),
    (pygame.K_TAB, SHIFT, (PREVIOUS,)),
    (pygame.K_TAB, 0, (NEXT,)),
    (pygame.K_UP, 0, (UP,)),
    (pygame.K_DOWN, 0, (DOWN,)),
    (pygame.K_LEFT, 0, (LEFT,)),
    (pygame.K_RIGHT, 0, (RIGHT,)),
    (pygame.K_PAGEUP, 0, (PAGE_UP,)),
    (pygame.K_PAGEDOWN, 0, (PAGE_DOWN,)),
    (pygame.K_HOME, 0, (HOME,)),
    (pygame.K_END, 0, (END,)),
    (pygame.K_PLUS, 0, (INCREASE,)),
    (pygame.K_EQUALS, 0, (INCREASE,)),
    (pygame.K_KP_PLUS, 0, (INCREASE,)),
    (pygame.K_MINUS, 0, (DECREASE,)),
    (pygame.K_KP_MINUS, 0, (DECREASE,)),
    (pygame.K_F1, 0, (HELP,)),
    (pygame.K_QUESTION, 0, (HELP,)),
    (pygame.K_SLASH, SHIFT, (HELP,)),  # "?" on keyboards that send Shift+/
    (pygame.K_F11, 0, (FULLSCREEN,)),
    (pygame.K_BACKSPACE, 0, (ERASE,)),
    (pygame.K_DELETE, 0, (ERASE_FORWARD,)),
    (pygame.K_a, CTRL, (SELECT_ALL,)),
    (pygame.K_c, CTRL, (COPY,)),
    (pygame.K_x, CTRL, (CUT,)),
    (pygame.K_v, CTRL, (PASTE,)),
    (pygame.K_INSERT, SHIFT, (PASTE,)),
)

#: actions a held key may repeat (moving a cursor or a value); every other key acts
#: once however long it is held (a held Space or Enter never ends two turns)
REPEATING = frozenset((UP, DOWN, LEFT, RIGHT, NEXT, PREVIOUS, INCREASE, DECREASE))


def actions_of(key: int, mod: int = 0) -> tuple[str, ...]:
    """What ``key`` pressed with modifiers ``mod`` means (KEYMAP), () for nothing."""
    for k, needs, acts in KEYMAP:
        if k == key and (not needs or mod & needs):
            return acts
    return ()


def char_of(key: int) -> str:
    """The letter or digit a key stands for as a button's own hotkey ("a", "1"), else "".
    Read from the key itself, whatever modifier is held (as buttons always did)."""
    if pygame.K_a <= key <= pygame.K_z or pygame.K_0 <= key <= pygame.K_9:
        return chr(key)
    return ""


def key_for(name: str) -> tuple[int, int]:
    """(key, modifiers) that mean ``name`` (an action or a char), for code that presses
    keys the way a player would (the smoke run, tests): the first KEYMAP entry for it."""
    for k, needs, acts in KEYMAP:
        if name in acts:
            return k, (needs & (pygame.KMOD_LSHIFT | pygame.KMOD_LCTRL)) or needs
    if len(name) == 1 and char_of(ord(name)):
        return ord(name), 0
    raise KeyError(name)


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

    @property
    def actions(self) -> tuple[str, ...]:
        """What this key press means (KEYMAP); () for any other event."""
        return actions_of(self.key, self.mod) if self.kind == KEY else ()

    def is_action(self, *names: str) -> bool:
        """This is a key press meaning any of ``names``."""
        return self.kind == KEY and any(a in names for a in actions_of(self.key, self.mod))

    @property
    def char(self) -> str:
        """The letter or digit of this key press ("" for any other key or event)."""
        return char_of(self.key) if self.kind == KEY else ""

    @property
    def digit(self) -> int | None:
        """1-9 and 0 of the top row as a number, for numbered choices; else None."""
        c = self.char
        return int(c) if c.isdigit() else None

    def triggers(self, hotkey: str | None) -> bool:
        """This key press fires a button whose hotkey is ``hotkey``: an action of the key
        map (``PASS``, ``CONFIRM`` …) or the button's own letter or digit ("a", "1")."""
        if self.kind != KEY or not hotkey:
            return False
        return hotkey == self.char or hotkey in self.actions

    @property
    def shift(self) -> bool:
        return bool(self.mod & SHIFT)

    @property
    def ctrl(self) -> bool:
        """Ctrl (or Cmd on a Mac) is held."""
        return bool(self.mod & CTRL)

    @property
    def repeats(self) -> bool:
        """A key whose auto-repeat acts (arrows, Tab, +/-), see REPEATING."""
        return any(a in REPEATING for a in self.actions)


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
    if t in (
        getattr(pygame, "WINDOWEXPOSED", -1),
        getattr(pygame, "WINDOWFOCUSGAINED", -1),
        getattr(pygame, "VIDEOEXPOSE", -1),
    ):
        return InputEvent(FOCUS)
    return None
