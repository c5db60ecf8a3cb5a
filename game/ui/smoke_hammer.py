"""Play a whole 3-player hot-seat Hammer game through the UI, as a person would.

``play_hammer(app, timeout_s)`` sets the game up through the shell's
:class:`~game.ui.session.HotseatSession`, then acts ONLY by posting real pygame events
(mouse presses, motions, releases and key presses) into the event queue and running
``app.frame(wait=False)``. To decide what to do it looks at what a player sees:
``source.view()`` / ``source.legal()`` for the seat behind the screen, and the scene's
``locate(...)`` for where things are drawn. It never calls the engine to act.

It drags brown cards onto villagers (answering the accuser prompt with the keyboard),
seals bribes (docs/rules/hammer.md §8.2): drags a Bribe onto a villager or onto the tray, answers the sign
prompt, and lets it go with the seat's next move — once taking one back out of the tray
first; it clicks and keys its way through windows, curtains, the phase-4 discard picker
and the tie-break, and raises ``SmokeFailure`` with a clear reason when the game does
not progress, the time runs out, or a staged bribe never reached the sealed box.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import pygame

from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table_base import TableScene

# The event-posting driver is shared with the Witch Trial player; these names stay
# importable from here for the tests and tools that use them.
from game.ui.smoke_common import (  # noqa: F401
    DRAG_STEPS,
    SmokeFailure,
    _frames,
    click_pick_target,
    play_hotseat_game,
    post_click,
    post_drag,
    post_key,
    post_move,
    screen_step,
)


# -------------------------------------------------------------------- the player --
class HammerPlayer:
    """Decides one UI action at a time from what the screen shows."""

    def __init__(self, app, source, seed: int = 1) -> None:
        self.app = app
        self.source = source
        self.rng = random.Random(seed)
        self.cards_this_turn = 0
        self.turn_key: Any = None
        self.done: Counter = Counter()
        #: every Bribe staged through the tray and not taken back (checked at the end)
        self.staged: set[str] = set()

    @property
    def table(self):
        return self.app.scenes.find(TableScene)

    def step(self) -> str:
        """Do one thing on screen; return a word saying what (for failure reports)."""
        done, scene = screen_step(self.app)
        if done is not None:
            return done
        if scene.pick is not None:
            click_pick_target(self.app, scene, scene.pick.targets[0])
            return "pick"
        view = self.source.view()
        if view.get("over"):
            return "over"
        if self.source.screen_seat is None:
            seats = getattr(self.source, "banner_seats", list)()
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
        sealing = self._seal(scene, view)
        if sealing:
            return sealing
        if "refill" in types:
            hand = next(p for p in view["players"] if p["seat"] == view["seat"]).get("hand") or []
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
        plays = [c for c in legal if c["type"] in ("accuse", "advocate")]
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

    def _seal(self, scene, view: dict) -> str:
        """Now and then stage a Bribe in the tray (H8.1); it goes with the next move."""
        seat = view.get("seat")
        hand = next((p.get("hand") or [] for p in view["players"] if p["seat"] == seat), [])
        staged = {b["card"] for b in scene.staged()}
        loose = [c for c in hand if c.startswith("bribe-") and c not in staged]
        if staged and not self.done["taken_back"] and self.rng.random() < 0.5:
            card = sorted(staged)[0]
            post_click(self.app, scene.locate("tray_card", card))  # take it back
            if card in {b["card"] for b in scene.staged()}:
                raise SmokeFailure(f"a click on the sealed {card} did not take it back")
            self.staged.discard(card)
            self.done["taken_back"] += 1
            return "take back a bribe"
        if not view.get("may_seal") or not loose or len(staged) >= 2 or self.rng.random() >= 0.3:
            return ""
        card = loose[0]
        start = scene.locate("card", card)
        living = [v["id"] for v in view["villagers"] if v.get("status") == "alive"]
        if self.done["tray_drop"] <= self.done["villager_drop"] // 2:
            target, how = scene.tray_rect().center, "tray_drop"  # the villager is picked next
        else:
            target, how = scene.locate("villager", self.rng.choice(living)), "villager_drop"
        post_drag(self.app, start, target)
        if scene.prompt is None and scene.pick is None:
            raise SmokeFailure(f"dropping {card} ({how}) asked for no villager or sign")
        self.done[how] += 1
        self.staged.add(card)
        return f"seal {card}"

    def check_bribes(self, match) -> None:
        """Every Bribe staged (and not taken back) went sealed with a move: it opened in
        the box or still lies in it (R23)."""
        opened = {e["card"] for e in match.log(None) if e["type"] == "bribe"}
        boxed = {b["card"] for b in match.state.get("box", [])}
        sent = {b["card"] for _, c in match.commands for b in c.get("bribes", ())}
        lost = self.staged - sent
        if lost:
            raise SmokeFailure(f"staged bribes {sorted(lost)} never went with a move")
        if not sent:
            raise SmokeFailure("the Hammer game sealed no bribe through the tray")
        if sent - opened - boxed:
            raise SmokeFailure(f"sealed bribes {sorted(sent - opened - boxed)} vanished")

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


def play_hammer(app, timeout_s: float = 60.0, seed: int = 7) -> HammerPlayer:
    """Play a full 3-player human hot-seat Hammer game by posting real input events.

    Raises :class:`SmokeFailure` (with the reason) if the game does not reach its end."""
    player = play_hotseat_game(
        app, "hammer", "Hammer", lambda session: HammerPlayer(app, session, seed=seed), timeout_s, seed
    )
    player.check_bribes(player.source.match)
    return player


#: seconds the smoke run gives the whole Hammer game at most
TIME_LIMIT = 75.0


def smoke_step(d) -> None:
    """The smoke runner's hook (``game.ui.smoke``): a full Hammer game through the UI,
    within the run's remaining time; failures in the runner's own terms."""
    d.step = "full Hammer game through the UI"
    d.app.scenes.reset(MenuScene(d.app))
    d.frames()
    left = d.deadline - time.monotonic() - 5
    try:
        play_hammer(d.app, timeout_s=max(10.0, min(TIME_LIMIT, left)))
    except SmokeFailure as exc:
        raise SmokeFailure(f"full Hammer game: {exc}") from None
