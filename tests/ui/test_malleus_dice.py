"""The dice in the Malleus conflict panel tell the truth (docs/rules/malleus.md §3.6): they
land on the faces rolled from the first frame, with the sum, the bonus, the total and
what the roll means if nothing changes; the verdict comes when the conflict resolves.
Sides taken after the actor's roll are legal (§3.4), and the panel says so where the
table waits for them. Driven through the table's own buttons (posted clicks)."""

from __future__ import annotations

import pytest

from game.ui.scenes.malleus import conflict as conflict_panel
from game.ui.scenes.malleus.table import MalleusTableScene
from game.ui.smoke_common import post_click
from tests.rules.malleus_kit import NO_SECRET, village_s
from tests.ui.table_source import MatchTableSource, clear_scenes, open_table_scene, run_frames, table_app


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def _at_the_roll(present=("v1", "v5", "v4", "v6", "v7"), target="v5"):
    """Village S: Ann (seat 1) accuses ``target``; every secret action in; the roll is next."""
    m = village_s(turn=1)
    m.apply(1, {"type": "declare_conflict", "kind": "accusation", "target": target})
    m.apply(1, {"type": "frame_scene", "location": "The well", "present": list(present)})
    m.apply(0, {"type": "begin_resolution"})
    for seat in (1, 2, 3):
        m.apply(seat, {"type": "secret_action", "text": NO_SECRET})
    m.apply(0, {"type": "close_secret_actions"})
    assert m.state["step"] == "roll"
    return m


def _words(scene, what=None) -> list[str]:
    return [b.text for b in scene.text_blocks() if what is None or b.what in what]


class DieWatch:
    """Every die face the panel draws."""

    def __init__(self, scene) -> None:
        self.faces: list[int] = []
        original = scene.conflict.draw_die

        def record(surface, rect, value, *args, **kwargs):
            self.faces.append(value)
            return original(surface, rect, value, *args, **kwargs)

        scene.conflict.draw_die = record


def test_the_dice_show_the_faces_rolled_from_the_first_frame_and_after_they_settle(app):
    # §3.6.1: the table shows the dice rolled — never other faces, not while they land
    m = _at_the_roll()
    m.inject_dice(5, 5, 6)
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, 1), 2)
    watch = DieWatch(scene)
    post_click(app, scene.locate("button", "roll"))
    assert m.state["conflict"]["roll_for"] == [5, 5, 6]
    run_frames(app, 1)
    assert scene.conflict.dice_running()
    run_frames(app, 60)
    assert not scene.conflict.dice_running()
    scene.dirty = True
    scene._static_key = None
    run_frames(app, 1)
    assert watch.faces and set(watch.faces) <= {5, 6}
    assert list(watch.faces[-3:]) == [5, 5, 6]
    clear_scenes(app)


def test_the_actor_roll_says_its_total_and_its_meaning_against_the_target_number(app):
    # §3.6.1 with nobody to roll against: the target number is 9 + against, said at once
    m = _at_the_roll()
    m.inject_dice(5, 5, 6)
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, 1), 2)
    post_click(app, scene.locate("button", "roll"))
    run_frames(app, 1)
    c = m.view(None)["conflict"]
    for_bonus, against = c["bonus"]["for"]["total"], c["bonus"]["against"]["total"]
    total = 16 + for_bonus
    words = " ".join(_words(scene, ("dice", "outcome")))
    assert f"Actor: 5+5+6 = 16, + {for_bonus} = {total}" in words
    tn = 9 + against
    verdict = f"a success by {total - tn}" if total > tn else "a failure"
    assert f"{total} against {tn} (9 + {against}): {verdict} if nothing changes." in words
    clear_scenes(app)


def test_with_an_opposing_roller_the_panel_says_what_he_must_roll_to_stop_it(app):
    # §3.6.1/§3.6.3: an accusation of a player's villager: its player rolls against
    m = _at_the_roll(present=("v1", "v2"), target="v2")
    m.inject_dice(2, 3, 4)
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, 1), 2)
    post_click(app, scene.locate("button", "roll"))
    run_frames(app, 1)
    c = m.view(None)["conflict"]
    total = 9 + c["bonus"]["for"]["total"]
    against = c["bonus"]["against"]["total"]
    words = " ".join(_words(scene, ("dice", "outcome")))
    assert f"Bob rolls 3d6 + {against} against {total}: {total - against} or more on the dice stops it" in words
    clear_scenes(app)


def test_the_verdict_appears_when_the_conflict_resolves(app):
    # §3.6.4: the verdict once the sides are locked (nobody opposing: the last roll)
    m = _at_the_roll()
    m.inject_dice(6, 6, 6)
    m.apply(1, {"type": "roll"})
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, 0), 2)
    assert not any("SUCCESS" in w for w in _words(scene))
    post_click(app, scene.locate("button", "lock_sides"))
    run_frames(app, 2)
    c = m.view(None)["conflict"]
    assert c["result"] == "win"
    assert f"{c['actor_total']} against {c['target_number']} (9 + against): SUCCESS, margin {c['margin']}." in " ".join(
        _words(scene, ("outcome",))
    )
    clear_scenes(app)


def test_after_the_roll_the_table_says_sides_may_still_be_taken(app):
    # §3.4: a player present may take a side before or after the actor's roll
    m = _at_the_roll(present=("v1", "v5", "v3"))
    m.inject_dice(3, 3, 3)
    m.apply(1, {"type": "roll"})
    assert {"type": "take_side", "side": "for"} in m.legal(3)
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, 3), 2)
    assert conflict_panel.SIDES_AFTER_ROLL in _words(scene)
    assert "Sides may still be taken" in conflict_panel.SIDES_AFTER_ROLL
    clear_scenes(app)


def test_the_if_nothing_changes_reading_follows_a_side_taken_after_the_roll(app):
    # §3.4, §3.6.1, §3.6.3: Cy's villager is present; after Ann's roll Cy takes the side
    # against with the button under that column: the against bonus grows and Cy now rolls
    # against, and the reading says so at once (not what it said at the roll)
    m = _at_the_roll(present=("v1", "v5", "v3"))
    m.inject_dice(3, 3, 3)
    m.apply(1, {"type": "roll"})
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, 3), 2)
    before = " ".join(_words(scene, ("dice", "outcome")))
    c = m.view(None)["conflict"]
    against = c["bonus"]["against"]["total"]
    total = 9 + c["bonus"]["for"]["total"]
    assert c["roller"] is None and f"{total} against {9 + against} (9 + {against})" in before
    post_click(app, scene.locate("button", "against_3"))
    run_frames(app, 2)
    c = m.view(None)["conflict"]
    assert c["sides"].get("3", c["sides"].get(3)) == "against"
    now = " ".join(_words(scene, ("dice", "outcome")))
    assert now != before, now
    words, _mood = conflict_panel.roll_reading(m.view(3)["conflict"], scene.names(), m.view(3)["step"])
    assert words in now
    if c["roller"] is not None:  # Cy opposes: what Cy must roll to stop it
        assert f"rolls 3d6 + {c['bonus']['against']['total']} against {total}" in now
    else:
        assert f"(9 + {c['bonus']['against']['total']})" in now
    clear_scenes(app)
