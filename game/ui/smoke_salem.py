"""Play whole hot-seat Salem 1692 games through the UI, as people would:
a 5-player game and a 2-player game with ghosts.

Like the other smoke players it acts ONLY by posting real pygame events and running
``app.frame(wait=False)``; it reads what a player sees (``source.view()`` /
``source.legal()`` of the seat behind the screen, the scene's ``locate``) to decide.
It drags red cards onto seats (twice for Robbery and Scapegoat), clicks Tryal cards in
trials, the Black Cat step, ghost peeks and the Night flip, answers every blind window
through the curtain and its prompt box (Continue), and uses the turn's keys.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pygame

from game.ui.scenes.menu import MenuScene
from game.ui.scenes.salem import words
from game.ui.smoke_common import (
    SmokeFailure,
    _frames,
    click_pick_target,
    play_hotseat_game,
    post_click,
    post_drag,
    post_key,
    screen_step,
)

FIVE = ["Ann", "Bob", "Cy", "Dora", "Ede"]


class SalemPlayer:
    """Decides one UI action at a time from what the screen shows."""

    def __init__(self, app, source, seed: int = 1) -> None:
        self.app = app
        self.source = source
        self.rng = random.Random(seed)
        self.plays_this_turn = 0
        self.turn_key: Any = None
        self.done: dict[str, int] = {}

    def note(self, what: str) -> str:
        self.done[what] = self.done.get(what, 0) + 1
        return what

    def step(self) -> str:
        done, scene = screen_step(self.app)
        if done is not None:
            return done
        if scene.pick is not None:
            click_pick_target(self.app, scene, scene.pick.targets[self.rng.randrange(len(scene.pick.targets))])
            return self.note("pick")
        view = self.source.view()
        if view.get("over"):
            return "over"
        legal = self.source.legal() if self.source.screen_seat is not None else []
        if not legal:
            _frames(self.app, 2)
            return "idle"
        if scene.window_pending() is not None:
            return self.answer_window(scene)
        types = {c["type"] for c in legal}
        if view.get("active") != self.turn_key:
            self.turn_key, self.plays_this_turn = view.get("active"), 0
        if "death_order" in types:
            c = legal[0]
            post_click(self.app, scene.locate("button", f"first:{c['first']}"))
            return self.note("death order")
        if "pass" in types:  # an optional ability (Rebecca Nurse)
            post_click(self.app, scene.locate("button", "pass"))
            return self.note("no thanks")
        plays = [c for c in legal if c["type"] == "play"]
        red = [c for c in plays if _colour(c["card"]) == "red"]
        if plays and self.plays_this_turn < 3 and (red or self.rng.random() < 0.5):
            self.plays_this_turn += 1
            return self.play(scene, view, red or plays)
        if "ghost_peek" in types and self.rng.random() < 0.3:
            post_key(self.app, pygame.K_g)
            return self.note("peek")
        if "end_turn" in types:
            post_key(self.app, pygame.K_e)
            return self.note("end turn")
        if "draw_two" in types:
            if self.rng.random() < 0.5:
                post_key(self.app, pygame.K_SPACE)
            else:
                post_click(self.app, scene.locate("deck"))
            return self.note("draw two")
        raise SmokeFailure(f"no UI action found for legal commands {sorted(types)}")

    def play(self, scene, view: dict, plays: list[dict]) -> str:
        # accuse the most accused seat, so trials (and the end) come soon
        seats = {s["seat"]: s for s in view.get("seats") or []}
        plays = sorted(plays, key=lambda c: -seats.get(c["target"], {}).get("accusations", 0))
        command = plays[0] if self.rng.random() < 0.7 else self.rng.choice(plays)
        card = command["card"]
        start = scene.locate("card", card)
        target = scene.locate("seat", command["target"])
        if start is None or target is None:
            raise SmokeFailure(f"the table does not show card {card!r} or seat {command['target']!r}")
        post_drag(self.app, start, target)
        if scene.second_drop is not None:  # Robbery / Scapegoat: the second drop (or a click)
            second = scene.locate("seat", command["target2"])
            if self.rng.random() < 0.5:
                post_drag(self.app, scene.locate("card", card), second)
            else:
                post_click(self.app, second)
        return self.note(f"play {_colour(card)}")

    def answer_window(self, scene) -> str:
        options = [b for b in scene.buttons if b.name.startswith("option:")]
        name = (scene.window_pending() or {}).get("window")
        if options and (name != "confess" or self.rng.random() < 0.3):
            pick = options[self.rng.randrange(len(options))]
            post_click(self.app, pick.rect.center)
        cont = scene.locate("button", "continue")
        if cont is None:
            raise SmokeFailure("the prompt box has no Continue")
        if self.rng.random() < 0.5:
            post_click(self.app, cont)
        else:
            post_key(self.app, pygame.K_RETURN)
        return self.note(f"window {name}")


def _colour(card: str) -> str:
    return words.card_colour(card)


def play_salem(app, names: list[str], timeout_s: float = 40.0, seed: int = 3) -> dict[str, int]:
    player = play_hotseat_game(
        app,
        "salem",
        f"Salem ({len(names)} players)",
        lambda session: SalemPlayer(app, session, seed=seed),
        timeout_s,
        seed,
        names=names,
    )
    return player.done


def smoke_step(d) -> None:
    """The smoke runner's hook: a 5-player game, then a 2-player game with ghosts."""
    for names, seed in ((FIVE, 4), (["Ann", "Bob"], 4)):
        d.step = f"full Salem game ({len(names)} players) through the UI"
        d.app.scenes.reset(MenuScene(d.app))
        d.frames()
        left = d.deadline - time.monotonic() - 5
        try:
            play_salem(d.app, names, timeout_s=max(10.0, min(45.0, left)), seed=seed)
        except SmokeFailure as exc:
            raise SmokeFailure(f"{d.step}: {exc}") from None
