"""What the LAN scene tests share: an app at the main menu whose LAN sessions are closed
afterwards (the ``app`` fixture), and running its frames until a condition holds."""

from __future__ import annotations

import pytest

from game.ui.app import make_app
from game.ui.scenes import lan
from game.ui.scenes.menu import MenuScene
from game.ui.settings import Settings
from tests.net.helpers import wait_for


def frames_until(app, condition, timeout=10.0, what="condition"):
    """Run the app's frames until ``condition()`` is true (at most ``timeout`` seconds)."""

    def step():
        app.frame(wait=False)
        return condition()

    return wait_for(step, timeout=timeout, what=what)


@pytest.fixture
def app():
    """The app at the main menu; every LAN session left on its stack is closed after the test."""
    app = make_app(Settings())
    app.scenes.reset(MenuScene(app))
    yield app
    for scene in list(app.scenes.stack):
        session = getattr(scene, "session", None) or getattr(scene, "source", None)
        if isinstance(session, lan.LanSession):
            session.close()
    while app.scenes.top is not None:
        app.scenes.pop()
