"""Play a short hot-seat Malleus Maleficarum story through the UI, as people would
(building the village and two rounds).

``play_malleus(app, timeout_s)`` opens a hot-seat story table — the Prévôt and three
players, all people, so private input goes behind the curtain — and then acts ONLY by
posting real pygame events (clicks, drags, typed text, keys) and running frames. It
decides from what the screen shows: the table's buttons (their stable names), its open
form or chooser, and ``locate(...)`` for where plates, facts and sides are drawn. It never
calls the engine to act.

It records the trigger and builds the village (typing names and facts, dragging the new
plate onto an old one, and once dragging one plate onto another for a fact and a
relationship), passes around, chooses villagers, writes ledgers and picks companions
behind the curtain, then plays two rounds: declarations (once by dragging one's own
plate onto the target), framing, citing a fact by dragging it onto a side, secret
actions, rolls, locks, aftermath windows, ends of turn and discards, and the secret action
phase. It stops when round 3 begins (or the story ends). Returns counts of what was done.
"""

from __future__ import annotations

import random
import time
from collections import Counter

import pygame

from game.ui import smoke
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.menu import MenuScene
from game.ui.session import HotseatSession, open_table
from game.ui.smoke_common import CurtainWatch, SmokeFailure, _frames, fast_animations, post_click, post_drag, post_key
from game.ui.widgets import TextField

NAMES = ["Jacques", "Ann", "Bob", "Cy"]
#: buttons to press, most wanted first (the smoke's "player")
PRIORITY = [
    "seat_",
    "trigger",
    "first_villager",
    "new_villager",
    "pass",
    "choose",
    "ledger",
    "companion",
    "declare",
    "confirm",
    "frame_now",
    "frame",
    "begin_resolution",
    "secret_action",
    "apply_",
    "void_",
    "close_secret",
    "roll",
    "lock_sides",
    "close_window",
    "end_turn",
    "discard",
    "end_secret_phase",
    "release",
]


def _type(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    _frames(app, 1)


class MalleusPlayer:
    """Decides one UI action at a time from what the screen shows."""

    def __init__(self, app, session, seed: int = 3, stop_round: int = 3) -> None:
        self.app = app
        self.session = session
        self.rng = random.Random(seed)
        self.stop_round = stop_round
        self.done: Counter = Counter()
        self.typed = 0
        #: put before every text this player types (tells its words from another player's)
        self.tag = ""

    @property
    def table(self):
        return self.session.table

    def finished(self) -> bool:
        m = self.session.match
        return m.over or m.state["round"] >= self.stop_round

    def step(self) -> str:
        app = self.app
        top = app.scenes.top
        if isinstance(top, CurtainScene):
            w, h = app.size
            post_click(app, (w // 2, h // 2))
            self.done["curtain"] += 1
            return "curtain"
        t = self.table
        if top is not t:
            _frames(app, 1)
            return f"waiting ({type(top).__name__})"
        if t.report.round_report is not None:
            post_key(app, pygame.K_RETURN)
            self.done["round_report"] += 1
            return "report"
        if t.prompt is not None:
            return self._prompt(t)
        if t.form is not None:
            return self._form(t)
        if t.pending_villager:
            return self._drag_new_plate(t)
        view = t.view
        # a few drags, once each, so every drag path is walked
        if (
            view.get("phase") == "building"
            and not self.done["fact_drag_link"]
            and len(view["villagers"]) >= 3
            and self._has("fact_relation")
        ):
            return self._drag_plates(t, "fact_drag_link")
        if view.get("step") == "declare" and self._has("declare") and not self.done["declare_by_drag"]:
            mine = t.names().villager_of(t.me())
            target = next(
                (
                    c["target"]
                    for c in t.legal_cmds
                    if c.get("type") == "declare_conflict" and c["kind"] == "accusation"
                ),
                None,
            )
            if mine and target:
                post_drag(app, t.locate("plate", mine), t.locate("plate", target), steps=4)
                self.done["declare_by_drag"] += 1
                return "declare drag"
        if view.get("step") == "scene" and not self.done["cite_drag"] and view.get("conflict"):
            return self._cite_by_drag(t)
        if view.get("phase") == "building" and not self.done["rearrange"] and len(view["villagers"]) >= 2:
            vid = view["villagers"][0]["id"]
            start = t.locate("plate", vid)
            m = t.village.map_rect()
            post_drag(app, start, (m.x + m.w // 2, m.bottom - m.h // 6), steps=4)
            self.done["rearrange"] += 1
            return "rearrange"
        names = [b.name for b in t.buttons if b.visible and b.enabled]
        names += [name for _l, _f, name, _s in t.bar.more_actions]
        for wanted in PRIORITY:
            if wanted == "new_villager" and "new_villager" in names:
                b = view.get("building") or {}
                if b.get("villagers", 0) >= b.get("threshold", 99) and "pass" in names:
                    continue
            hit = next((n for n in names if n == wanted or (wanted.endswith("_") and n.startswith(wanted))), None)
            if hit is not None:
                if hit == "frame":
                    return self._frame(t)
                self.press(t, hit)
                self.done[hit] += 1
                return hit
        _frames(app, 2)
        return "idle"

    def press(self, t, name: str) -> None:
        """Press the action ``name``: its button, or its line in the More… chooser."""
        at = t.locate("button", name)
        if at is not None:
            post_click(self.app, at)
            return
        hidden = [n for _l, _f, n, _s in t.bar.more_actions]
        post_click(self.app, t.locate("button", "more"))
        post_click(self.app, t.locate("prompt", hidden.index(name)))

    def _has(self, name: str) -> bool:
        return any(b.name == name and b.visible and b.enabled for b in self.table.buttons) or name in [
            n for _l, _f, n, _s in self.table.bar.more_actions
        ]

    def _prompt(self, t) -> str:
        p = t.prompt
        index = 0
        labels = [str(lab) for lab, _v in p.options]
        if any(lab.startswith("Accept") for lab in labels) or labels[:1] == ["Yes"]:
            index = 0
        elif p.title.startswith("Declare"):
            kinds = [v for _l, v in p.options]
            index = kinds.index("accusation") if "accusation" in kinds else 0
        else:
            index = self.rng.randrange(len(labels))
        pos = t.locate("prompt", index)
        if pos is None:
            post_key(app=self.app, key=pygame.K_RETURN)
        else:
            post_click(self.app, pos)
        self.done["prompt"] += 1
        return "prompt"

    def _form(self, t) -> str:
        secret = t.form.name == "secret_action"
        if secret and not self.done["secret_card_chosen"]:  # play a card in secret, once
            card = next((w for w in t.forms.form_widgets if getattr(w, "name", "").startswith("form_card_")), None)
            if card is not None:
                post_click(self.app, card.rect.center)
                if t.prompt is not None and len(t.prompt.options) > 1:
                    post_click(self.app, t.locate("prompt", 1))
                    self.done["secret_card_chosen"] += 1
                    return "secret card"
        for w in t.forms.form_widgets:
            if isinstance(w, TextField) and not w.text.strip() and not w.name.startswith(("form_note_", "form_order")):
                post_click(self.app, w.rect.center)
                word = {"form_name": f"Villager {self.typed}", "form_text": "The rye rots in the fields"}.get(
                    w.name, f"{self.tag}said {self.typed}"
                )
                if secret and w.name == "form_text":
                    word = "I slip a dead toad into the well" if not self.done["toad"] else "No Secret Action"
                    self.done["toad"] += 1
                _type(self.app, word)
                self.typed += 1
                return "type"
        if t.form.error:
            error = t.form.error
            t.form.error = ""
            if self.done["form_error"] > 20:
                raise SmokeFailure(f"a form keeps being refused: {error}")
            self.done["form_error"] += 1
            post_click(self.app, t.forms.form_locate("form_cancel"))
            return "form cancelled"
        name = t.form.name
        post_click(self.app, t.forms.form_locate("form_ok"))
        self.done[f"form_{name}"] += 1
        return "form ok"

    def _drag_new_plate(self, t) -> str:
        vids = [v["id"] for v in t.view.get("villagers") or []]
        target = vids[self.rng.randrange(len(vids))]
        post_drag(self.app, t.locate("ghost"), t.locate("plate", target), steps=4)
        self.done["new_plate_drag"] += 1
        return "new plate"

    def _drag_plates(self, t, what: str) -> str:
        vids = [v["id"] for v in t.view.get("villagers") or []]
        a, b = vids[-1], vids[0]
        post_drag(self.app, t.locate("plate", a), t.locate("plate", b), steps=4)
        self.done[what] += 1
        return what

    def _frame(self, t) -> str:
        self.press(t, "frame")
        c = t.view.get("conflict") or {}
        others = [
            v["id"]
            for v in t.view.get("villagers") or []
            if v["id"] not in (c.get("actor_villager"), c.get("target")) and v["status"] == "alive"
        ]
        if others and t.frame_seat is not None:
            post_click(self.app, t.locate("plate", others[self.rng.randrange(len(others))]))
            place = t.locate("place", "The tavern")
            if place is not None:
                post_click(self.app, place)
        self.done["frame"] += 1
        return "frame"

    def _cite_by_drag(self, t) -> str:
        v = t.view
        c = v["conflict"]
        vid = c.get("target") or c.get("actor_villager")
        post_click(self.app, t.locate("plate", vid))  # its facts
        facts = t.popup.rows
        if not facts:
            self.done["cite_drag"] += 1
            return "no facts"
        fid, row = facts[0]
        post_drag(self.app, row.center, t.locate("side", "for"), steps=4)
        post_key(self.app, pygame.K_ESCAPE)
        self.done["cite_drag"] += 1
        return "cite drag"


def play_malleus(app, timeout_s: float = 90.0, seed: int = 5) -> Counter:
    """A short hot-seat story through the UI; see the module docstring."""
    with fast_animations(app):
        session = HotseatSession.new(app, "malleus", list(NAMES), [], seed=seed, bot_delay=0.0)
        table = open_table(app, session)
        watch = CurtainWatch(session, table)
        player = MalleusPlayer(app, session, seed=seed)
        started = time.monotonic()
        last, stalled, history = session.match.state_id, 0, []
        try:
            while not player.finished():
                if time.monotonic() - started > timeout_s:
                    raise SmokeFailure(
                        f"the Malleus story did not reach round 3 within {timeout_s:.0f} s "
                        f"(state {session.match.state_id}, {session.match.state['phase']}/"
                        f"{session.match.state['step']}; last actions {history[-8:]})"
                    )
                history.append(player.step())
                history = history[-20:]
                if session.match.state_id != last:
                    last, stalled = session.match.state_id, 0
                else:
                    stalled += 1
                    if stalled > 80:
                        raise SmokeFailure(
                            f"the Malleus story stopped at state {last} "
                            f"({session.match.state['phase']}/{session.match.state['step']}; "
                            f"last actions {history[-10:]}; message {table.last_error!r})"
                        )
        finally:
            watch.close()
        if watch.problems:
            raise SmokeFailure(f"Malleus: {watch.problems[0]}")
        player.done["curtain_comebacks"] = watch.comebacks
        session.close()
    return player.done


def smoke_step(d) -> None:
    """The smoke runner's hook (``game.ui.smoke``): a short Malleus story (the beginning
    phase and two rounds) after the card games, within the run's remaining time."""
    d.step = "short Malleus story through the UI"
    d.app.scenes.reset(MenuScene(d.app))
    d.frames()
    left = d.deadline - time.monotonic() - 5
    try:
        done = play_malleus(d.app, timeout_s=max(15.0, min(100.0, left)))
    except SmokeFailure as exc:
        raise smoke.SmokeFailure(f"short Malleus story: {exc}") from None
    for needed in (
        "new_plate_drag",
        "fact_drag_link",
        "declare_by_drag",
        "cite_drag",
        "secret_action",
        "roll",
        "end_secret_phase",
    ):
        if not done.get(needed):
            raise smoke.SmokeFailure(f"short Malleus story: never did {needed} ({dict(done)})")
