"""Play a whole 4-player hot-seat Testimony match (three games) through the UI, as people
would.

``play_testimony(app, timeout_s)`` sets the match up through the shell's
:class:`~game.ui.session.HotseatSession` (four humans, so the curtain goes down between
seats), then acts ONLY by posting real pygame events (mouse presses, motions, releases,
key presses) and running ``app.frame(wait=False)``. It decides from what a player sees:
``source.view()`` / ``source.legal()`` of the seat behind the screen, the public
decision on the shared screen, and the scene's ``locate(...)`` for where things are.
It never calls the engine to act.

It invites by clicking a seat plate (menu) or with the Share button and a click,
answers invitations on the public banner, shows cards by dragging them onto the partner
or with their buttons, investigates (the Cunning Woman also two at once), places tokens
by dragging them onto a plate and choosing a side in the menu or with Accuse / Defend
and a click, discards, makes claims, reads each reveal and closes it, and starts the
next game from the public banner (once with Enter straight from the told reveal, which
must start the game and take the reveal away). :class:`~game.ui.smoke_common.CurtainWatch` checks
DESIGN D3 on every frame. Raises :class:`SmokeFailure` when the match does not progress
or the time runs out; returns counts of what was done.
"""

from __future__ import annotations

import random
import time
from collections import Counter

import pygame

from game.ui.scenes.menu import MenuScene
from game.ui.scenes.testimony.table import TestimonyTableScene
from game.ui.session import HotseatSession, open_table
from game.ui.smoke_common import (
    CurtainWatch,
    SmokeFailure,
    _frames,
    _play_to_the_end,
    click_pick_target,
    fast_animations,
    post_click,
    post_drag,
    post_key,
    screen_step,
)

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
__all__ = ["SmokeFailure", "play_testimony", "smoke_step"]


class TestimonyPlayer:
    """Decides one UI action at a time from what the screen shows."""

    __test__ = False

    def __init__(self, app, source, seed: int = 1) -> None:
        self.app = app
        self.source = source
        self.rng = random.Random(seed)
        self.done: Counter = Counter()

    def step(self) -> str:
        app = self.app
        top = app.scenes.top
        if isinstance(top, TestimonyTableScene) and top.prompt is not None and not top.help_open:
            options = top.prompt.options
            index = self.rng.randrange(len(options))
            pos = top.locate("prompt", index)
            if pos is None:
                post_key(app, pygame.K_RETURN)
            else:
                post_click(app, pos)
            self.done["menu"] += 1
            return "menu"
        if (
            isinstance(top, TestimonyTableScene)
            and top.reveal
            and top.reveal.get("open")
            and not top.reveal_animating()
            and not top.help_open
            and self.source.match.view(None).get("stage") == "between"
            and not self.done["enter_next_game"]
        ):
            # the first time: Enter, as the bar labels it, starts the next game and the
            # reveal leaves the table (later reveals are closed first)
            scene = top
            before = self.source.match.view(None).get("game_no")
            post_key(app, pygame.K_RETURN)
            after = self.source.match.view(None).get("game_no")
            if after != before + 1 or scene.reveal.get("open"):
                raise SmokeFailure(
                    f"Enter after the reveal of game {before} left game {after} "
                    f"with the reveal {'open' if scene.reveal.get('open') else 'closed'}"
                )
            self.done["enter_next_game"] += 1
            return "enter: next game"
        done, scene = screen_step(app)
        if done is not None:
            return done
        if scene.reveal and scene.reveal.get("open"):
            if scene.reveal_animating():
                if self.rng.random() < 0.5:
                    post_click(app, scene.reveal_box().center)  # skip to the end
                    self.done["skip_reveal"] += 1
                    return "skip reveal"
                _frames(app, 3)
                return "watch reveal"
            pos = scene.locate("reveal_close")
            if pos is None:
                post_key(app, pygame.K_ESCAPE)
            else:
                post_click(app, pos)
            self.done["close_reveal"] += 1
            return "close reveal"
        if scene.pick is not None:
            click_pick_target(app, scene, scene.pick.targets[self.rng.randrange(len(scene.pick.targets))])
            self.done["pick"] += 1
            return "pick"
        if self.source.match.over:
            return "over"
        if self.source.screen_seat is None:
            return self.public(scene)
        return self.private(scene)

    def public(self, scene) -> str:
        """The shared screen: the banner of a public decision, if any."""
        decision = self.source.public_decision()
        if decision is None or scene.banner is None:
            _frames(self.app, 2)
            return "wait"
        names = [b.name for b in scene.banner.buttons]
        if "public:start_game" in names or any(n.startswith("public:start") for n in names):
            name = next(n for n in names if n.startswith("public:start"))
            self.done["next_game"] += 1
        else:
            name = "public:accept" if self.rng.random() < 0.7 else "public:decline"
            self.done[name.split(":")[1]] += 1
        post_click(self.app, scene.locate("button", name))
        return name

    def private(self, scene) -> str:
        app = self.app
        view = self.source.view()
        legal = self.source.legal()
        types = {c["type"] for c in legal}
        seat = self.source.screen_seat
        if self.rng.random() < 0.06 and view.get("stage") not in ("between", "over"):
            key = self.rng.choice(["puritan", "heathen", "defended", "saw_heathen"])
            pos = scene.locate("button", f"claim:{key}")
            if pos is not None:
                post_click(app, pos)
                self.done["claim"] += 1
                return "claim"
        if "invite" in types or "investigate" in types:
            doubles = [c for c in legal if c["type"] == "investigate" and "seat2" in c]
            invites = [c for c in legal if c["type"] == "invite"]
            r = self.rng.random()
            if doubles and r < 0.5:
                post_key(app, pygame.K_t)
                self.done["double"] += 1
                return "investigate two"
            if invites and r < 0.55:
                target = self.rng.choice(invites)["seat"]
                if self.rng.random() < 0.5:
                    post_click(app, scene.locate("seat", target))  # the plate's menu
                else:
                    post_click(app, scene.locate("button", "invite"))
                    if scene.pick is not None:
                        post_click(app, scene.locate("seat", target))
                self.done["invite"] += 1
                return "invite"
            post_key(app, pygame.K_i)
            self.done["investigate"] += 1
            return "investigate"
        if "answer_invite" in types:  # only with one human: answered on the own screen
            post_key(app, pygame.K_a if self.rng.random() < 0.7 else pygame.K_x)
            return "answer"
        if "show" in types:
            cards = [c["card"] for c in legal if c["type"] == "show"]
            card = self.rng.choice(cards)
            share = view.get("share") or {}
            partner = share.get("with") if share.get("by") == seat else share.get("by")
            start = scene.locate("own", card)
            if start is not None and self.rng.random() < 0.6:
                post_drag(app, start, scene.locate("seat", partner))
                self.done["show_drag"] += 1
            else:
                post_click(app, scene.locate("button", f"show:{card}"))
                self.done["show_button"] += 1
            return f"show {card}"
        if "testify" in types:
            r = self.rng.random()
            if r < 0.08:
                post_key(app, pygame.K_x)
                self.done["discard"] += 1
                return "discard"
            target = self.rng.choice([c["seat"] for c in legal if c["type"] == "testify"])
            if r < 0.6 and scene.locate("token", 0) is not None:
                post_drag(app, scene.locate("token", 0), scene.locate("seat", target))
                self.done["token_drag"] += 1
                return "drag a token"
            post_key(app, pygame.K_a if self.rng.random() < 0.5 else pygame.K_d)
            if scene.pick is not None:
                post_click(app, scene.locate("seat", target))
            self.done["testify_key"] += 1
            return "accuse / defend"
        if "next_game" in types:
            post_key(app, pygame.K_RETURN)
            self.done["next_game"] += 1
            return "next game"
        _frames(app, 2)
        return "wait"


def play_testimony(app, timeout_s: float = 90.0, seed: int = 7, players: list[str] | None = None) -> Counter:
    """Play a full 4-human hot-seat Testimony match (three games) by posting real input
    events. Returns what was done (counts); raises :class:`SmokeFailure` if it does not end."""
    with fast_animations(app):
        session = HotseatSession.new(app, "testimony", list(players or PLAYERS), [], seed=seed, bot_delay=0.0)
        table = open_table(app, session)
        watch = CurtainWatch(session, table)
        try:
            player = _play_to_the_end(
                app, session, table, lambda s: TestimonyPlayer(app, s, seed=seed), "Testimony", timeout_s
            )
        finally:
            watch.close()
        if watch.problems:
            raise SmokeFailure(f"Testimony: {watch.problems[0]}")
        if len(session.match.state["history"]) != 3:
            raise SmokeFailure("Testimony: the match did not last three games")
        # the last reveal is read, closed, and then the game-over scene comes
        if getattr(table, "reveal", None) and table.reveal.get("open"):
            post_key(app, pygame.K_ESCAPE)
        for _ in range(200):
            _frames(app)
            if type(app.scenes.top).__name__ == "GameOverScene":
                break
            time.sleep(0.01)
        else:
            raise SmokeFailure("Testimony: no game-over scene after the last reveal was closed")
    player.done["curtains"] = watch.lifts
    return player.done


def smoke_step(d) -> None:
    """The smoke runner's hook (``game.ui.smoke``): a full Testimony match, within the
    run's remaining time; failures in the runner's own terms."""
    d.step = "full Testimony match through the UI"
    d.app.scenes.reset(MenuScene(d.app))
    d.frames()
    left = d.deadline - time.monotonic() - 5
    try:
        done = play_testimony(d.app, timeout_s=max(10.0, min(90.0, left)))
    except SmokeFailure as exc:
        raise SmokeFailure(f"full Testimony match: {exc}") from None
    if not done["enter_next_game"]:
        raise SmokeFailure("full Testimony match: Enter never started the next game after a reveal")
