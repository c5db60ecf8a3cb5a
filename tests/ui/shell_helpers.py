"""Helpers for the shell's UI tests: a headless App, a stub table, event posting."""
from __future__ import annotations

import pygame

from game.ui.app import make_app
from game.ui.scene import Scene
from game.ui.settings import Settings


class StubTable(Scene):
    """Stands in for a table scene: draws nothing, records nothing private."""

    def __init__(self, app, source) -> None:
        super().__init__(app)
        self.source = source


def new_app():
    return make_app(Settings())


def post_click(app, pos, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.frame(wait=False)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(frames):
        app.frame(wait=False)


def post_key(app, key, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.frame(wait=False)


def post_text(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.frame(wait=False)
