"""Helpers for the shell's UI tests: a headless App, a stub table, event posting."""

from __future__ import annotations

import pygame

from game.ui.app import make_app
from game.ui.scene import Scene
from game.ui.scenes.curtain import CurtainScene
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


def lift_curtain(app, frame: bool = False) -> None:
    """The named player clicks the curtain away (it must be on top)."""
    top = app.scenes.top
    assert isinstance(top, CurtainScene)
    top.lift()
    if frame:
        app.frame(wait=False)


def step_towards_a_motion(app, session, rng, lift) -> None:
    """One step of a hot-seat Witch Trial game that plays a Motion whenever it can:
    lift a curtain, sit the first seat of a banner down, or make a move."""
    if session.holding:
        session.release_hold()  # the drawn cards were seen
    elif session.curtain_down:
        lift(app)
    elif session.screen_seat is None:
        session.request_seat(session.banner_seats()[0])
    else:
        legal = session.legal()
        motions = [c for c in legal if c["type"] == "play" and session.match.cat.type_of.get(c["card"]) == "motion"]
        session.submit(motions[0] if motions else rng.choice(legal))
