"""Play a whole 3-player hot-seat Witch Trial game through the UI, as people would.

``play_witch_trial(app, timeout_s)`` sets the game up through the shell's
:class:`~game.ui.session.HotseatSession` (three humans, so the curtain goes down
between seats), then acts ONLY by posting real pygame events (mouse presses, motions,
releases, key presses) and running ``app.frame(wait=False)``. It decides what to do
from what a player sees: ``source.view()`` / ``source.legal()`` for the seat behind the
screen, and the scene's ``locate(...)`` for where things are drawn. It never calls the
engine to act.

It buys by dragging lineup cards into the hand (and by click, click), builds cases by
dragging a Suspect / Charge onto its counterpart, defends and prosecutes with buttons
and keys, plays trial cards into the court (Short Memory through its picker), drops
Objections on motions or lets them stand, offers pleas with the stepper and answers
them. After ``TURN_BUDGET`` turn actions everyone passes, which ends the game (W5).
Raises :class:`SmokeFailure` with the reason when the game does not progress or the
time runs out. Returns counts of what was done.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import pygame

from game.ui.scenes.menu import MenuScene
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

TURN_BUDGET = 40
__all__ = ["SmokeFailure", "play_witch_trial", "smoke_step"]


class WitchTrialPlayer:
    """Decides one UI action at a time from what the screen shows."""

    def __init__(self, app, source, seed: int = 1, turn_budget: int = TURN_BUDGET) -> None:
        self.app = app
        self.turn_budget = turn_budget
        self.source = source
        self.rng = random.Random(seed)
        self.turn_actions = 0
        self.stage_plays = 0
        self.stage_key: Any = None
        self.done: Counter = Counter()

    def step(self) -> str:
        app = self.app
        done, scene = screen_step(app)
        if done is not None:
            return done
        if scene.pick is not None:
            click_pick_target(app, scene, scene.pick.targets[self.rng.randrange(len(scene.pick.targets))])
            self.done["short_memory_pick"] += 1
            return "pick"
        view = self.source.view()
        if view.get("over"):
            return "over"
        if self.source.screen_seat is None:
            if scene.banner is not None and scene.banner.buttons:
                b = scene.banner.buttons[0]
                post_click(app, b.rect.center)
                return "banner"
            _frames(app, 2)
            return "idle"
        legal = self.source.legal()
        if not legal:
            _frames(app, 2)
            return "idle"
        types = {c["type"] for c in legal}
        trial = view.get("trial") or {}
        key = (trial.get("phase"), trial.get("prosecutor"), view.get("seat"), bool(trial))
        if key != self.stage_key:
            self.stage_key, self.stage_plays = key, 0
        if "offer_plea" in types:
            return self._plea_offer(scene)
        if "answer_plea" in types:
            if self.rng.random() < 0.4:
                post_click(app, scene.locate("button", "accept_plea"))
                self.done["plea_accepted"] += 1
                return "accept plea"
            post_key(app, pygame.K_x)
            self.done["plea_declined"] += 1
            return "decline plea"
        if "no_objection" in types:
            objections = [c for c in legal if c["type"] == "object"]
            if objections and self.rng.random() < 0.7:
                card = objections[0]["card"]
                post_drag(app, scene.locate("card", card), scene.locate("motion"))
                self.done["objection"] += 1
                return "object"
            if self.rng.random() < 0.5:
                post_click(app, scene.locate("button", "no_objection"))
            else:
                post_key(app, pygame.K_n)
            self.done["no_objection"] += 1
            return "no objection"
        if "rest" in types or "play" in types:
            return self._trial_play(scene, view, legal)
        return self._turn(scene, view, legal, types)

    # ---------------------------------------------------------------- the trial --
    def _trial_play(self, scene, view: dict, legal: list[dict]) -> str:
        app = self.app
        plays = [c for c in legal if c["type"] == "play"]
        final = (view.get("trial") or {}).get("phase") == "final"
        limit = 1 if final else 2
        # W4.6: a final argument rests only when no card can be played
        must_play = not any(c["type"] == "rest" for c in legal)
        if plays and (must_play or (self.stage_plays < limit and self.rng.random() < 0.75)):
            self.stage_plays += 1
            command = self.rng.choice(plays)
            card = command["card"]
            start, court = scene.locate("card", card), scene.locate("court")
            if start is None or court is None:
                raise SmokeFailure(f"the courtroom does not show {card!r} or the court")
            if self.rng.random() < 0.3:
                post_click(app, start)
                post_click(app, court)
            else:
                post_drag(app, start, court)
            self.done["play"] += 1
            return f"play {card}"
        if self.rng.random() < 0.5:
            post_click(app, scene.locate("button", "rest"))
        else:
            post_key(app, pygame.K_r)
        self.done["rest"] += 1
        return "rest"

    def _plea_offer(self, scene) -> str:
        app = self.app
        if self.done["plea_offer"] < 2 or self.rng.random() < 0.3:
            for _ in range(self.rng.randrange(0, 3)):
                post_click(app, scene.locate("stepper_plus"))
            if self.rng.random() < 0.5:
                post_key(app, pygame.K_LEFT)
            post_click(app, scene.locate("button", "offer_plea"))
            self.done["plea_offer"] += 1
            return "offer plea"
        post_key(app, pygame.K_n)
        self.done["no_plea"] += 1
        return "no plea"

    # ----------------------------------------------------------------- the turn --
    def _turn(self, scene, view: dict, legal: list[dict], types: set[str]) -> str:
        app = self.app
        if self.turn_actions >= self.turn_budget:
            post_key(app, pygame.K_SPACE)
            self.done["pass"] += 1
            return "pass (end)"
        self.turn_actions += 1
        r = self.rng.random()
        cases = [c for c in legal if c["type"] == "create_case"]
        if cases and r < 0.8:
            c = self.rng.choice(cases)
            post_drag(app, scene.locate("card", c["card"]), scene.locate("slot", c["slot"]))
            self.done["create_case"] += 1
            return "create case"
        if "prosecute" in types and r < 0.85:
            post_key(app, pygame.K_p)
            self.done["prosecute"] += 1
            return "prosecute"
        defends = [c for c in legal if c["type"] == "defend"]
        if defends and r < 0.9:
            owner = self.rng.choice(defends)["case_owner"]
            pos = scene.locate("button", f"defend:{owner}") or scene.locate("case", owner)
            post_click(app, pos)
            self.done["defend"] += 1
            return "defend"
        buys = [c for c in legal if c["type"] == "buy"]
        if buys:
            slot = self.rng.choice(buys)["slot"]
            if self.rng.random() < 0.3:
                post_click(app, scene.locate("lineup", slot))
                post_click(app, scene.locate("hand"))
            else:
                post_drag(app, scene.locate("lineup", slot), scene.locate("hand"))
            self.done["buy"] += 1
            return "buy"
        post_click(app, scene.locate("button", "pass"))
        self.done["pass"] += 1
        return "pass"


def play_witch_trial(app, timeout_s: float = 60.0, seed: int = 5, turn_budget: int = TURN_BUDGET) -> Counter:
    """Play a full 3-player human hot-seat Witch Trial game by posting real input events.

    Returns what was done (counts); raises :class:`SmokeFailure` if the game does not end."""
    player = play_hotseat_game(
        app,
        "witch_trial",
        "Witch Trial",
        lambda session: WitchTrialPlayer(app, session, seed=seed, turn_budget=turn_budget),
        timeout_s,
        seed,
    )
    return player.done


def smoke_step(d) -> None:
    """The smoke runner's hook (``game.ui.smoke``): a full Witch Trial game after the
    Hammer one, within the run's remaining time; failures in the runner's own terms."""
    d.step = "full Witch Trial game through the UI"
    d.app.scenes.reset(MenuScene(d.app))
    d.frames()
    left = d.deadline - time.monotonic() - 5
    try:
        play_witch_trial(d.app, timeout_s=max(10.0, min(60.0, left)))
    except SmokeFailure as exc:
        raise SmokeFailure(f"full Witch Trial game: {exc}") from None
