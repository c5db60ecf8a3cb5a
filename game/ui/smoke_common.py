"""What the scripted UI players of the smoke run share (issues 3 and 4).

They act ONLY by posting real pygame events (mouse presses, motions, releases and key
presses) into the event queue and running ``app.frame(wait=False)``; the helpers here
post those events, handle what every table shows alike (the curtain, the help overlay,
prompts) and run a whole hot-seat game with the same stall and time checks.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.table_base import TableScene
from game.ui.session import HotseatSession, open_table

DRAG_STEPS = 3


class SmokeFailure(RuntimeError):
    """A step of the smoke run failed (a scripted game could not be played to the end, a
    scene did not open …); the message is the one-line reason. The runner
    (``game.ui.smoke``) and every player raise this one class."""


# --------------------------------------------------------------- real input events --
def _frames(app, n: int = 1) -> None:
    for _ in range(n):
        app.frame(wait=False)


def post_move(app, pos: tuple[int, int], held: bool = False) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0)))
    _frames(app)


def post_click(app, pos: tuple[int, int], button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    # the pointer arrives, presses (one frame), then lets go (another frame)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    _frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    _frames(app)


def post_drag(app, start: tuple[int, int], end: tuple[int, int], steps: int = DRAG_STEPS) -> None:
    start = (int(start[0]), int(start[1]))
    end = (int(end[0]), int(end[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    _frames(app)
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        post_move(app, p, held=True)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    _frames(app)


def post_key(app, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    _frames(app)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    _frames(app)


# ------------------------------------------------------------ what every table shows --
def screen_step(app) -> tuple[str | None, Any]:
    """Deal with what looks the same at every table: the curtain, another scene on top,
    the help overlay and an open prompt (its default is taken with Enter).

    Returns ``(word, None)`` when it acted (the word says what, for failure reports),
    else ``(None, table_scene)`` for the game's own player to decide."""
    top = app.scenes.top
    if isinstance(top, CurtainScene):
        w, h = app.size
        _frames(app, 1)
        post_click(app, (w // 2, h // 2))
        return "curtain", None
    if not isinstance(top, TableScene):
        _frames(app, 1)
        return f"waiting ({type(top).__name__})", None
    if top.holding():  # the cards just drawn are on screen: seen, pass the screen on
        w, h = app.size
        post_click(app, (w // 2, h // 2))
        return "seen the drawn cards", None
    if top.help_open:
        post_key(app, pygame.K_ESCAPE)
        return "help", None
    if top.prompt is not None:
        post_key(app, pygame.K_RETURN)  # take the default (hottest accuser …)
        return "prompt", None
    return None, top


def click_pick_target(app, scene, target: tuple) -> None:
    """Choose ``target`` in the scene's open pick (by click; Enter if it is not drawn)."""
    pos = scene.locate(*target)
    if pos is None:
        post_key(app, pygame.K_RETURN)
    else:
        post_click(app, pos)


# ------------------------------------------------------------------- a whole game --
@contextmanager
def fast_animations(app) -> Iterator[None]:
    """Animations at the fastest speed the settings allow (a player may choose that too):
    the run waits for every animation frame, so this keeps it short."""
    settings = getattr(app, "settings", None)
    had_settings = settings is not None
    if had_settings and hasattr(settings, "with_"):
        app.settings = settings.with_(animation_speed=400)
    else:
        app.settings = type("SmokeSettings", (), {"animation_speed": 400, "bot_delay": 0.0})()
    try:
        yield
    finally:
        if had_settings:
            app.settings = settings
        else:
            del app.settings


def play_hotseat_game(
    app,
    game: str,
    title: str,
    make_player: Callable[[Any], Any],
    timeout_s: float,
    seed: int,
    names: list[str] | None = None,
    options: dict | None = None,
) -> Any:
    """Open a human hot-seat ``game`` (3 players unless ``names`` says otherwise) and
    call ``player.step()`` until it ends.

    ``make_player(session)`` builds the player; ``title`` names the game in failures.
    Returns the player. Raises :class:`SmokeFailure` when the time runs out, 60 steps
    in a row change nothing, or a private view was drawn after a public screen without
    the curtain (:class:`CurtainWatch`, DESIGN D3)."""
    with fast_animations(app):
        session = HotseatSession.new(
            app, game, names or ["Ann", "Bob", "Cy"], [], seed=seed, options=options, bot_delay=0.0
        )
        table = open_table(app, session)
        watch = CurtainWatch(session, table)
        try:
            player = _play_to_the_end(app, session, table, make_player, title, timeout_s)
        finally:
            watch.close()
        if watch.problems:  # DESIGN D3: a private view after a public screen without the curtain
            raise SmokeFailure(f"{title}: {watch.problems[0]}")
    return player


def _play_to_the_end(app, session, table, make_player, title: str, timeout_s: float) -> Any:
    player = make_player(session)
    started = time.monotonic()
    last_state, stalled, history = session.match.state_id, 0, []
    while not session.match.over:
        if time.monotonic() - started > timeout_s:
            raise SmokeFailure(
                f"the {title} game did not end within {timeout_s:.0f} s "
                f"(state {session.match.state_id}; last actions {history[-6:]})"
            )
        history.append(player.step())
        history = history[-20:]
        if session.match.state_id != last_state:
            last_state, stalled = session.match.state_id, 0
        else:
            stalled += 1
            if stalled > 60:
                error = getattr(table, "last_error", "")
                raise SmokeFailure(
                    f"the {title} game stopped progressing at state {last_state} "
                    f"(last actions {history[-8:]}; last message {error!r})"
                )
    # let the final position and the game-over scene appear
    for _ in range(40):
        _frames(app)
        if app.scenes.top is not table and type(app.scenes.top).__name__ == "GameOverScene":
            break
        time.sleep(0.05)
    return player


# ------------------------------------------------------------- the curtain rule (D3) --
class CurtainWatch:
    """Checks DESIGN D3 on every frame the app draws, whatever drives the game:

    once anything public was on the screen (the table with nobody behind it: a public
    banner, a reveal; or a curtain, whoever it names), the next private view is drawn
    only after the curtain was lifted for exactly that seat, even when it is the seat
    shown last. A game with exactly one human seat has no curtain and is not checked.

    It wraps ``table.draw``, every curtain's ``draw`` and ``session.curtain_lifted`` of
    this one game (instance attributes; nothing else changes). ``problems`` lists each
    breach; ``comebacks`` counts private views that followed a public screen for the
    seat shown last (the case the rule is about), so a run can show it was exercised."""

    def __init__(self, session: Any, table: Any) -> None:
        self.session = session
        self.table = table
        self.problems: list[str] = []
        self.public_frames = 0
        self.private_frames = 0
        self.lifts = 0
        self.comebacks = 0
        self._cleared: int | None = None  # the seat whose curtain was lifted, until something public
        self._last_private: int | None = None
        self._public_since = False
        self._checked = len(getattr(session, "humans", [0, 0])) > 1
        table_draw = table.draw
        lifted = session.curtain_lifted
        curtain_draw = CurtainScene.draw

        def watch_table(surface):
            self._frame(session.screen_seat)
            return table_draw(surface)

        def watch_lift(seat):
            self.lifts += 1
            self._cleared = seat
            return lifted(seat)

        def watch_curtain(scene, surface):
            if getattr(scene, "session", None) is session:
                self._public()
            return curtain_draw(scene, surface)

        table.draw = watch_table
        session.curtain_lifted = watch_lift
        self._undo = (CurtainScene, curtain_draw)
        CurtainScene.draw = watch_curtain

    def close(self) -> None:
        """Stop watching curtains (the table and session wrappers go with them)."""
        cls, draw = self._undo
        cls.draw = draw

    def __enter__(self) -> CurtainWatch:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _public(self) -> None:
        self._cleared = None
        self._public_since = True

    def _frame(self, seat: int | None) -> None:
        if seat is None:
            self.public_frames += 1
            self._public()
            return
        self.private_frames += 1
        if self._checked and self._cleared != seat:
            self.problems.append(
                f"{self.session.players[seat]}'s private view was drawn at state {self.session.match.state_id} "
                f"after a public screen without the curtain (last curtain lifted for {self._cleared})"
            )
        if self._public_since and seat == self._last_private:
            self.comebacks += 1
        self._public_since = False
        self._last_private = seat
