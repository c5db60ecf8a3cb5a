"""The courtroom's help button and its dice panel (the Jury: docs/rules/witch_trial.md §1.6).

Input is posted as real pygame events through ``app.frame``."""

from __future__ import annotations

import pygame
import pytest

from game.ui.scenes.witch_trial_table import WitchTrialTableScene
from game.ui.smoke_common import post_click, post_key
from tests.ui.table_source import open_table_scene, run_frames, table_app
from tests.ui.witch_trial_source import TrialSource, find


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def test_the_courtroom_has_a_visible_help_button_that_opens_the_help(app):
    src = TrialSource.new(4, seed=3)
    scene = open_table_scene(app, WitchTrialTableScene, src, frames=2)
    at = scene.locate("button", "help")
    assert at is not None and pygame.Rect(scene.rects["log"]).collidepoint(at)
    label = [b for b in scene.text_blocks() if b.what == "button" and b.text == "? Help"]
    assert label and label[0].box.collidepoint(at)
    post_click(app, at)
    assert scene.help_open
    post_key(app, pygame.K_ESCAPE)
    assert not scene.help_open


def trial_just_ended(m) -> bool:
    log = m.log(None)
    return (
        not m.view(None)["trial"]
        and bool(m.view(None)["last_rolls"])
        and log[-1]["type"] == "turn"
        and any(e["type"] == "verdict" for e in log[-6:])
    )


def test_the_dice_panel_shows_the_verdict_roll_then_clears_once_the_next_player_acts(app):
    # W8: every roll belongs to a trial; after the trial the panel is clear again
    m = find(4, trial_just_ended)
    src = TrialSource(m, m.to_act()[0])
    scene = open_table_scene(app, WitchTrialTableScene, src, frames=2)
    run_frames(app, 30)
    assert scene.die_rects, "the verdict's dice stay up until someone acts"
    seat = m.to_act()[0]
    action = next(c for c in m.legal(seat) if c["type"] in ("pass", "buy"))
    m.apply(seat, action)
    src.show(m.to_act()[0])
    run_frames(app, 30)
    assert not m.view(None)["trial"] and m.view(None)["last_rolls"]
    assert scene.die_rects == []
    dice = [b for b in scene.text_blocks() if b.what == "dice"]
    assert dice and dice[0].text == "No trial in session."


def new_trial_after_rolls(m) -> bool:
    log = m.log(None)
    if not m.view(None)["trial"] or not m.view(None)["last_rolls"]:
        return False
    last_roll = max(i for i, e in enumerate(log) if e["type"] == "roll")
    started = max((i for i, e in enumerate(log) if e["type"] in ("defend", "prosecute")), default=-1)
    return last_roll < started


def test_a_new_trial_starts_with_a_clear_dice_panel(app):
    # the dice of an earlier trial are not this trial's
    m = find(4, new_trial_after_rolls)
    scene = open_table_scene(app, WitchTrialTableScene, TrialSource(m, m.to_act()[0]), frames=2)
    run_frames(app, 30)
    assert scene.die_rects == []
    dice = [b for b in scene.text_blocks() if b.what == "dice"]
    assert dice and dice[0].text == "No dice in this trial yet."
