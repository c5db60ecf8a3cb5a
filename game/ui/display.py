"""What the screen the window opens on offers (the desktop's size), read from SDL.

Below the app and the settings scene, which both ask it (the window's size must fit the
desktop; the settings offer the sizes that fit)."""

from __future__ import annotations

import os
import warnings

import pygame

#: ``WITCHHUNT_DESKTOP_SIZE=WxH``: take the desktop to be this size whatever the driver
#: says (tests under the dummy driver; trying a small screen's layout on a big one)
DESKTOP_ENV = "WITCHHUNT_DESKTOP_SIZE"


def desktop_size() -> tuple[int, int] | None:
    """The desktop the window opens on (display 0), or None when there is no real screen
    (the dummy and offscreen drivers of tests and the smoke run: any size is fine)."""
    forced = os.environ.get(DESKTOP_ENV, "").lower().split("x")
    if len(forced) == 2 and all(part.strip().isdigit() for part in forced):
        return (int(forced[0]), int(forced[1]))
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None


def ask_attention() -> bool:
    """Flash the window in the taskbar until it is focused, when it is not focused now
    (the table waits for this player while they look at another program). True when it
    was asked to flash; never raises (a driver without windows or without flashing)."""
    try:
        if pygame.display.get_surface() is None or pygame.key.get_focused():
            return False
        _window().flash(pygame.FLASH_UNTIL_FOCUSED)
        return True
    except (pygame.error, AttributeError, ValueError):
        return False


def _window() -> pygame.Window:
    """The window ``pygame.display.set_mode`` opened, as a ``pygame.Window`` (whose
    ``from_display_module`` pygame-ce marks deprecated for drawing through a Window, which
    the app does not do: it only asks this one to flash)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()
