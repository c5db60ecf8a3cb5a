"""The in-game LAN connection indicator: a
small pill in the log's header line on a networked table — Connected / Reconnecting… /
Connection lost — redrawn when the status changes, never on a hot-seat table."""

from __future__ import annotations

import pygame
import pytest

from game.engine import IllegalCommand, new_match
from game.net.client import CONNECTED, CONNECTING, LOST, RECONNECTING
from game.ui.app import App
from game.ui.scenes.hammer_table import HammerTableScene
from game.ui.scenes.table_base import TableScene
from game.ui.scenes.witch_trial_table import WitchTrialTableScene


class _Source:
    """The TableSource contract over a match; ``status`` like LanSession's when given."""

    def __init__(self, game: str, status: str | None = None) -> None:
        self.match = new_match(game, ["Ann", "Bob", "Cy"], seed=4)
        self.game, self.players = game, list(self.match.players)
        self.revision = 0
        if status is not None:
            self.status = status

    screen_seat = 0

    def view(self):
        return self.match.view(0)

    def legal(self):
        return self.match.legal(0)

    def log(self):
        return self.match.log(0)

    def submit(self, command):
        try:
            self.match.apply(0, command)
        except IllegalCommand as exc:
            return exc.message
        self.revision += 1
        return None

    def pending_seats(self):
        return self.match.to_act()

    def request_seat(self, seat) -> None:
        pass

    def is_human(self, seat) -> bool:
        return True


@pytest.fixture(scope="module")
def app():
    app = App(size=(1280, 720))
    yield app
    while app.scenes.top is not None:
        app.scenes.pop()


def _open(app, scene_cls, source) -> TableScene:
    while app.scenes.top is not None:
        app.scenes.pop()
    scene = scene_cls(app, source)
    app.scenes.push(scene)
    for _ in range(2):
        app.frame(wait=False)
    return scene


GAMES = [("hammer", HammerTableScene), ("witch_trial", WitchTrialTableScene)]


@pytest.mark.parametrize("game, scene_cls", GAMES)
@pytest.mark.parametrize(
    "status, label, dot",
    [
        (CONNECTED, "Connected", (96, 200, 104)),
        (RECONNECTING, "Reconnecting…", (240, 170, 50)),
        (LOST, "Connection lost", (222, 64, 50)),
        (CONNECTING, "Connecting…", (240, 170, 50)),
    ],
)
def test_lan_table_shows_its_connection_status_in_the_log_header(app, game, scene_cls, status, label, dot):
    scene = _open(app, scene_cls, _Source(game, status))
    box, _size = scene.connection_pill(app.screen)
    assert scene.CONNECTION_LABELS[status] == (label, dot)
    assert box.w > box.h  # room for the words, not just the dot
    log_zone = pygame.Rect(scene.rects["log"])
    assert log_zone.contains(box)  # inside the log's own zone: it covers no other zone
    assert box.bottom <= log_zone.y + 40  # on the header line, above the first log entry
    app.draw(force=True)
    assert tuple(app.screen.get_at((box.x + box.h // 2, box.centery)))[:3] == dot


def test_the_pill_makes_room_for_the_newer_marker_of_a_scrolled_log(app):
    scene = _open(app, HammerTableScene, _Source("hammer", CONNECTED))
    before, _ = scene.connection_pill(app.screen)
    scene.log_scroll = 12
    after, _ = scene.connection_pill(app.screen)
    assert after.right < before.right


@pytest.mark.parametrize("game, scene_cls", GAMES)
def test_hot_seat_table_draws_no_pill(app, game, scene_cls):
    source = _Source(game)
    scene = _open(app, scene_cls, source)
    assert scene.connection_status() is None and scene.connection_pill(app.screen) is None
    app.draw(force=True)
    shot = app.screen.copy()
    scene.draw_connection(app.screen)
    assert pygame.image.tobytes(shot, "RGB") == pygame.image.tobytes(app.screen, "RGB")


def test_a_status_change_redraws_once_and_the_idle_table_stays_idle(app):
    source = _Source("hammer", CONNECTED)
    scene = _open(app, HammerTableScene, source)
    for _ in range(3):
        app.frame(wait=False)
    assert not app.draw()  # idle: nothing to redraw
    source.status = RECONNECTING
    source.revision += 1  # LanSession bumps its revision on every status notice
    app.frame(wait=False)
    assert not app.draw()  # drawn in that frame, idle again
    app.draw(force=True)
    box, _ = scene.connection_pill(app.screen)
    assert tuple(app.screen.get_at((box.x + box.h // 2, box.centery)))[:3] == (240, 170, 50)


def test_the_pill_reads_lan_sessions_own_status(app):
    # the real TableSource of a networked table (game.ui.scenes.lan), over a stand-in client
    from game.ui.scenes.lan import LanSession

    match = new_match("hammer", ["Ann", "Bob", "Cy"], seed=4)

    class Client:
        game, welcome, seat, status, lobby = "hammer", {"game": "hammer"}, 0, CONNECTED, None
        view, legal, events = match.view(0), match.legal(0), match.log(0)
        state_id, last_error = 0, None

        def poll(self):
            return []

        def close(self):
            pass

    session = LanSession(app, Client())
    session._lobby({"seats": [{"seat": i, "name": n} for i, n in enumerate(match.players)]})
    scene = _open(app, HammerTableScene, session)
    assert scene.connection_status() == CONNECTED
    session._status_changed(LOST)
    assert scene.connection_status() == LOST
    assert scene.CONNECTION_LABELS[LOST][0] == "Connection lost"
