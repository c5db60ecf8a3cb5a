"""Keys mean actions, from one table (game/ui/input.py KEYMAP; DESIGN D6, STYLE "Ours":
keys map to abstract actions in one table). Scenes and widgets ask for an action or a
button's own letter, never for a key code."""

from __future__ import annotations

import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.ui import input as uinput
from game.ui.input import InputEvent
from game.ui.widgets import Button

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "game" / "ui"

#: files that still read key codes, each with why; a file leaves the list when it is
#: converted (the test fails while a listed file no longer needs its place)
KEY_CODES_LEFT = {
    # the smoke run presses keys as a player's keyboard does (posted pygame KEYDOWN events)
    "game/ui/smoke.py": "presses real keys, as a player would",
    "game/ui/smoke_common.py": "presses real keys, as a player would",
    "game/ui/smoke_hammer.py": "presses real keys, as a player would",
    "game/ui/smoke_malleus.py": "presses real keys, as a player would",
    "game/ui/smoke_privacy.py": "presses real keys, as a player would",
    "game/ui/smoke_salem.py": "presses real keys, as a player would",
    "game/ui/smoke_testimony.py": "presses real keys, as a player would",
    "game/ui/smoke_witch_trial.py": "presses real keys, as a player would",
}

KEY_CODE = re.compile(r"\bpygame\.K_\w+|\bK_[A-Z0-9a-z_]+\b")


def key(k: int, mod: int = 0) -> InputEvent:
    return InputEvent(uinput.KEY, key=k, mod=mod)


def files_reading_key_codes() -> dict[str, int]:
    found = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "game/ui/input.py":
            continue
        n = len(KEY_CODE.findall(path.read_text(encoding="utf-8")))
        if n:
            found[rel] = n
    return found


def test_no_key_code_outside_the_key_map():
    found = files_reading_key_codes()
    unlisted = sorted(set(found) - set(KEY_CODES_LEFT))
    assert not unlisted, f"these read key codes; ask input.py for an action or a char instead: {unlisted}"


def test_the_list_of_files_left_shrinks():
    """A file that no longer reads key codes leaves KEY_CODES_LEFT (the list only shrinks)."""
    stale = sorted(set(KEY_CODES_LEFT) - set(files_reading_key_codes()))
    assert not stale, f"these read no key codes now; take them off KEY_CODES_LEFT: {stale}"


def test_enter_confirms_and_activates_space_activates_and_passes():
    assert key(pygame.K_RETURN).actions == (uinput.CONFIRM, uinput.ACTIVATE)
    assert key(pygame.K_KP_ENTER).actions == (uinput.CONFIRM, uinput.ACTIVATE)
    assert key(pygame.K_SPACE).actions == (uinput.ACTIVATE, uinput.PASS)
    assert key(pygame.K_ESCAPE).is_action(uinput.CANCEL)
    assert not key(pygame.K_SPACE).is_action(uinput.CONFIRM)


def test_shift_tab_goes_back_and_tab_goes_on():
    assert key(pygame.K_TAB).actions == (uinput.NEXT,)
    assert key(pygame.K_TAB, pygame.KMOD_LSHIFT).actions == (uinput.PREVIOUS,)


def test_a_chord_needs_its_modifier():
    assert key(pygame.K_a, pygame.KMOD_LCTRL).is_action(uinput.SELECT_ALL)
    assert key(pygame.K_a).actions == ()
    assert key(pygame.K_SLASH, pygame.KMOD_RSHIFT).is_action(uinput.HELP)
    assert not key(pygame.K_SLASH).is_action(uinput.HELP)
    assert key(pygame.K_INSERT, pygame.KMOD_SHIFT).is_action(uinput.PASTE)


def test_letters_and_digits_are_chars_for_buttons():
    assert key(pygame.K_a).char == "a"
    assert key(pygame.K_7).digit == 7 and key(pygame.K_0).digit == 0
    assert key(pygame.K_F1).char == "" and key(pygame.K_F1).digit is None
    assert InputEvent(uinput.TEXT, text="a").char == ""


def test_only_moving_keys_act_on_auto_repeat():
    """A held Space or Enter must act once (it would end two turns); arrows and +/- repeat."""
    assert key(pygame.K_LEFT).repeats and key(pygame.K_KP_PLUS).repeats and key(pygame.K_TAB).repeats
    assert not key(pygame.K_SPACE).repeats and not key(pygame.K_RETURN).repeats


def test_a_button_fires_on_its_action_or_its_letter():
    clicks = []
    pas = Button((0, 0, 10, 10), "Pass (Space)", lambda: clicks.append("pass"), hotkey=uinput.PASS)
    accuse = Button((0, 0, 10, 10), "Accuse (A)", lambda: clicks.append("accuse"), hotkey="a")
    for b in (pas, accuse):
        for k in (pygame.K_SPACE, pygame.K_a, pygame.K_RETURN):
            b.handle(key(k))
    assert clicks == ["pass", "accuse"]


def test_every_action_has_a_key_to_press():
    names = {
        v
        for k, v in vars(uinput).items()
        if k.isupper()
        and isinstance(v, str)
        and k not in ("PRESS", "RELEASE", "MOVE", "WHEEL", "KEY", "TEXT", "RESIZE", "QUIT", "FOCUS")
    }
    for name in names:
        k, mod = uinput.key_for(name)
        assert key(k, mod).is_action(name), name
