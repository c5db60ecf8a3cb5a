"""Play a whole 3-player hot-seat Hammer game through the UI, as a person would (issue 3).

``play_hammer(app, timeout_s)`` sets the game up through the shell's
:class:`~game.ui.session.HotseatSession`, then acts ONLY by posting real pygame events
(mouse presses, motions, releases and key presses) into the event queue and running
``app.frame(wait=False)``. To decide what to do it looks at what a player sees:
``source.view()`` / ``source.legal()`` for the seat behind the screen, and the scene's
``locate(...)`` for where things are drawn. It never calls the engine to act.

It drags brown cards and bribes onto villagers (answering the accuser / sign prompts
with the keyboard), clicks and keys its way through windows, curtains, the phase-4
discard picker and the tie-break, and raises ``SmokeFailure`` with a clear reason when
the game does not progress or the time runs out.
"""
from __future__ import annotations

import random
import time
from typing import Any

import pygame

DRAG_STEPS = 3


class SmokeFailure(RuntimeError):
    """The scripted game could not be played to the end; the message says why."""


# --------------------------------------------------------------- real input events --
def _frames(app, n: int = 1) -> None:
    for _ in range(n):
        app.frame(wait=False)


def post_move(app, pos: tuple[int, int], held: bool = False) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(1 if held else 0, 0, 0)))
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


# -------------------------------------------------------------------- the player --
class HammerPlayer:
    """Decides one UI action at a time from what the screen shows."""

    def __init__(self, app, source, seed: int = 1) -> None:
        self.app = app
        self.source = source
        self.rng = random.Random(seed)
        self.cards_this_turn = 0
        self.turn_key: Any = None

    @property
    def table(self):
        from game.ui.scenes.table_base import TableScene

        return self.app.scenes.find(TableScene)

    def step(self) -> str:
        """Do one thing on screen; return a word saying what (for failure reports)."""
        from game.ui.scenes.curtain import CurtainScene
        from game.ui.scenes.table_base import TableScene

        top = self.app.scenes.top
        if isinstance(top, CurtainScene):
            w, h = self.app.size
            _frames(self.app, 1)
            post_click(self.app, (w // 2, h // 2))
            return "curtain"
        if not isinstance(top, TableScene):
            _frames(self.app, 1)
            return f"waiting ({type(top).__name__})"
        scene = top
        if scene.help_open:
            post_key(self.app, pygame.K_ESCAPE)
            return "help"
        if scene.prompt is not None:
            post_key(self.app, pygame.K_RETURN)  # take the default (hottest accuser …)
            return "prompt"
        if scene.pick is not None:
            target = scene.pick.targets[0]
            pos = scene.locate(*target)
            if pos is None:
                post_key(self.app, pygame.K_RETURN)
            else:
                post_click(self.app, pos)
            return "pick"
        view = self.source.view()
        if view.get("over"):
            return "over"
        if self.source.screen_seat is None:
            seats = getattr(self.source, "banner_seats", lambda: [])()
            if seats:
                if self.rng.random() < 0.3 and scene.locate("button", "no_answers"):
                    post_click(self.app, scene.locate("button", "no_answers"))
                    return "no answers"
                post_click(self.app, scene.locate("button", f"seat:{seats[0]}"))
                return "banner seat"
            _frames(self.app, 2)
            return "idle"
        legal = self.source.legal()
        if not legal:
            _frames(self.app, 2)
            return "idle"
        types = {c["type"] for c in legal}
        key = (view.get("round"), view.get("phase"), view.get("active"), view.get("seat"))
        if key != self.turn_key:
            self.turn_key, self.cards_this_turn = key, 0
        if "place_pyres" in types:
            post_key(self.app, pygame.K_p)
            post_key(self.app, pygame.K_RETURN)
            return "place"
        if "refill" in types:
            hand = (next(p for p in view["players"] if p["seat"] == view["seat"]).get("hand") or [])
            unmarked = [c for c in hand if c not in scene.discard_marks]
            if unmarked and not scene.discard_marks and self.rng.random() < 0.6:
                card = unmarked[0]
                post_drag(self.app, scene.locate("card", card), scene.locate("discard"))
                return "mark discard"
            post_click(self.app, scene.locate("button", "refill"))
            return "refill"
        window = view.get("window")
        if window:
            answers = [c for c in legal if c["type"] in ("respond", "no_inquisition", "negate")]
            if answers and self.rng.random() < 0.25:
                card = answers[0]["card"]
                post_drag(self.app, scene.locate("card", card), scene.locate("announced"))
                return "answer"
            if self.rng.random() < 0.5:
                post_click(self.app, scene.locate("button", "pass"))
            else:
                post_key(self.app, pygame.K_SPACE)
            return "pass"
        plays = [c for c in legal if c["type"] in ("accuse", "bribe", "advocate")]
        if view.get("phase") == "accusation":
            if plays and self.cards_this_turn < 2 and self.rng.random() < 0.7:
                self.cards_this_turn += 1
                return self._play(scene, plays)
            if "call_inquisition" in types and self.rng.random() < 0.45:
                post_key(self.app, pygame.K_c)
                return "call inquisition"
            if "end_turn" in types:
                post_click(self.app, scene.locate("button", "end_turn"))
                return "end turn"
        if plays and self.cards_this_turn < 1 and self.rng.random() < 0.3:
            self.cards_this_turn += 1
            return self._play(scene, plays, by_click=True)
        if "pass" in types:
            post_key(self.app, pygame.K_SPACE)
            return "pass"
        if "end_turn" in types:
            post_key(self.app, pygame.K_SPACE)
            return "end turn"
        raise SmokeFailure(f"no UI action found for legal commands {sorted(types)}")

    def _play(self, scene, plays: list[dict], by_click: bool = False) -> str:
        command = self.rng.choice(plays)
        card = command["card"]
        target = scene.locate("villager", command["target"])
        start = scene.locate("card", card)
        if target is None or start is None:
            raise SmokeFailure(f"the table does not show {card!r} or villager {command['target']!r}")
        if by_click:
            post_click(self.app, start)
            post_click(self.app, target)
        else:
            post_drag(self.app, start, target)
        return f"play {command['type']}"


def play_hammer(app, timeout_s: float = 60.0, seed: int = 7) -> None:
    """Play a full 3-player human hot-seat Hammer game by posting real input events.

    Raises :class:`SmokeFailure` (with the reason) if the game does not reach its end."""
    from game.ui.session import HotseatSession, open_table

    # Animations run at the fastest speed the settings allow (a player may choose that
    # too): the run waits for every animation frame, so this keeps it short.
    settings = getattr(app, "settings", None)
    had_settings = settings is not None
    if had_settings and hasattr(settings, "with_"):
        app.settings = settings.with_(animation_speed=400)
    else:
        app.settings = type("SmokeSettings", (), {"animation_speed": 400, "bot_delay": 0.0})()
    session = HotseatSession.new(app, "hammer", ["Ann", "Bob", "Cy"], [], seed=seed, bot_delay=0.0)
    table = open_table(app, session)
    player = HammerPlayer(app, session, seed=seed)
    started = time.monotonic()
    last_state, stalled, history = session.match.state_id, 0, []
    try:
        while not session.match.over:
            if time.monotonic() - started > timeout_s:
                raise SmokeFailure(f"the Hammer game did not end within {timeout_s:.0f} s "
                                   f"(state {session.match.state_id}; last actions {history[-6:]})")
            history.append(player.step())
            history = history[-20:]
            if session.match.state_id != last_state:
                last_state, stalled = session.match.state_id, 0
            else:
                stalled += 1
                if stalled > 60:
                    error = getattr(table, "last_error", "")
                    raise SmokeFailure(f"the Hammer game stopped progressing at state {last_state} "
                                       f"(last actions {history[-8:]}; last message {error!r})")
        # let the final position and the game-over scene appear
        for _ in range(40):
            _frames(app)
            if app.scenes.top is not table and type(app.scenes.top).__name__ == "GameOverScene":
                break
            time.sleep(0.05)
    finally:
        if had_settings:
            app.settings = settings
        else:
            del app.settings
