"""What the table tests and screenshot tools share: a tiny in-process TableSource over a
Match (one chosen seat, no curtain, no bots), a seeded play-until loop and the helpers
that put a table scene on an App. Only for tests and tools; real play goes through
``game.ui.session``."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from game.engine import IllegalCommand


class MatchTableSource:
    """A TableSource over ``match`` showing the seat given (``show`` changes it)."""

    def __init__(self, match, seat: int | None = 0) -> None:
        self.match = match
        self.game = match.game_id
        self.players = list(match.players)
        self._seat = seat
        self._bump = 0
        self.requested: list[int] = []
        self.message = ""

    @property
    def revision(self) -> int:
        return self.match.state_id * 1000 + self._bump

    @property
    def screen_seat(self):
        return self._seat

    def show(self, seat) -> None:
        self._seat = seat
        self._bump += 1

    def view(self) -> dict:
        return self.match.view(self._seat)

    def legal(self) -> list[dict]:
        return self.match.legal(self._seat) if self._seat is not None else []

    def log(self) -> list[dict]:
        return self.match.log(self._seat)

    def submit(self, command: dict):
        try:
            self.match.apply(self._seat, command)
        except IllegalCommand as exc:
            return exc.message
        return None

    def pending_seats(self) -> list[int]:
        return self.match.to_act()

    def request_seat(self, seat: int) -> None:
        self.requested.append(seat)
        self.show(seat)

    def is_human(self, seat: int) -> bool:
        return True

    def banner_seats(self) -> list[int]:
        """The seats to act besides the one shown (the banner's buttons)."""
        return [s for s in self.match.to_act() if s != self._seat]

    def can_pass_all(self) -> bool:
        return bool(self.banner_seats())


def drive_until(match, stop, choose: Callable[[object, int], dict], limit: int) -> bool:
    """Let the first seat to act play ``choose(match, seat)`` until ``stop(match)`` is
    true; True if it happened (False when the match ends first or ``limit`` runs out)."""
    for _ in range(limit):
        if stop(match):
            return True
        if match.over:
            return False
        seat = match.to_act()[0]
        match.apply(seat, choose(match, seat))
    return stop(match)


# ------------------------------------------------------------- a table on an App --
def run_frames(app, frames: int) -> None:
    for _ in range(frames):
        app.frame(wait=False)


def settle_ahead(app, table, limit: int = 3000) -> None:
    """Frames until the table has drawn ahead what it draws between moves (fonts, faces:
    game.ui.scenes.table.ahead); after that an idle table has nothing due."""
    for _ in range(limit):
        left = getattr(table, "ahead_left", None)
        if left is None or not left():
            return
        app.frame(wait=False)
    raise AssertionError("the table never finished drawing ahead")


def clear_scenes(app) -> None:
    while app.scenes.top is not None:
        app.scenes.pop()


def table_app(size: tuple[int, int] = (1280, 720)) -> Iterator:
    """For a module fixture: ``yield from table_app()`` (the scenes are cleared after)."""
    from game.ui.app import App

    app = App(size=size)
    yield app
    clear_scenes(app)


def open_table_scene(app, scene_cls, source, frames: int):
    """``scene_cls`` over ``source`` as the only scene, after ``frames`` frames."""
    clear_scenes(app)
    scene = scene_cls(app, source)
    app.scenes.push(scene)
    run_frames(app, frames)
    return scene
