"""Staging for the Malleus table tests: a hot-seat story table (the Prévôt and three
players, all people) opened on Village S (tests/rules/malleus_kit.py) at a chosen moment,
and small helpers to press what the table offers — a button, a line of its More… menu,
a panel button — through posted events."""

from __future__ import annotations

import pygame

from game.ui.smoke_common import post_click
from tests.rules.malleus_kit import NO_SECRET, village_s
from tests.ui.table_source import run_frames

PEOPLE = ["Jacques", "Ann", "Bob", "Cy"]


def stage(m, upto: str) -> None:
    """Play Village S (Ann's turn, accusing Thérèse at the well with Father Rémy, Odile and
    Gaspard there) up to ``upto``: "declare", "scene", "cited" (Bob, Cy and Ann cite),
    "secret_step", "resolving" (every secret action in), "roll", "sides" (after the roll)."""
    steps = ["declare", "scene", "cited", "secret_step", "resolving", "roll", "sides"]
    want = steps.index(upto)
    if want >= 1:
        m.apply(1, {"type": "declare_conflict", "kind": "accusation", "target": "v5"})
        m.apply(1, {"type": "frame_scene", "location": "The well", "present": ["v1", "v5", "v4", "v3", "v2"]})
    if want >= 2:
        m.apply(2, {"type": "cite_fact", "fact": "f2", "side": "for"})
        m.apply(3, {"type": "cite_fact", "fact": "f3", "side": "against"})
        m.apply(1, {"type": "cite_fact", "fact": "w3", "side": "for"})
    if want >= 3:
        m.apply(0, {"type": "begin_resolution"})
    if want >= 4:
        for seat in (1, 2, 3):
            m.apply(seat, {"type": "secret_action", "text": NO_SECRET})
    if want >= 5:
        m.apply(0, {"type": "close_secret_actions"})
    if want >= 6:
        m.inject_dice(4, 4, 4)
        m.apply(1, {"type": "roll"})


def story_table(app, tmp_path, upto: str = "declare", seed: int = 1):
    """A hot-seat story session on Village S staged to ``upto`` and its open table."""
    from game.ui.session import HotseatSession, open_table

    session = HotseatSession.new(
        app, "malleus", list(PEOPLE), [], seed=seed, bot_delay=0.0, save_path=tmp_path / f"{upto}.witchhunt.json"
    )
    m = session.match = village_s(turn=1)
    stage(m, upto)
    table = open_table(app, session)
    session._sync_screen()
    run_frames(app, 3)
    return session, table


def lift_curtain(app) -> None:
    """Click the curtain away (whoever's it is)."""
    post_click(app, (app.size[0] // 2, app.size[1] // 2))
    run_frames(app, 2)


def press(app, table, name: str) -> None:
    """Press the action ``name``: its button, or its line in the More… chooser."""
    at = table.locate("button", name)
    if at is not None:
        post_click(app, at)
        return
    hidden = [n for _l, _f, n, _s in table.bar.more_actions]
    assert name in hidden, f"{name} is neither a button nor in More… ({[b.name for b in table.buttons]}, {hidden})"
    post_click(app, table.locate("button", "more"))
    post_click(app, table.locate("prompt", hidden.index(name)))


def type_text(app, words: str) -> None:
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    run_frames(app, 1)


def offered(table) -> list[str]:
    """Every action the table offers now: its buttons and its More… lines."""
    return [b.name for b in table.buttons if b.visible] + [n for _l, _f, n, _s in table.bar.more_actions]
