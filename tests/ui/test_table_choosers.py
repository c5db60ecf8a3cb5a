"""The choosers at both tables speak the table's language.

Input is posted as real pygame events through ``app.frame``; the match behind the table
is read only to check what happened."""

from __future__ import annotations

import re

import pygame
import pytest

from game.ui.scenes import hammer_text
from game.ui.scenes.hammer_table import HammerTableScene
from game.ui.smoke_common import post_click, post_drag
from tests.ui.hammer_source import MatchSource, place_all
from tests.ui.table_source import open_table_scene, table_app


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def accuser_choice():
    """Phase 1: a brown card with a positive value that several villagers may play, one
    of them with a modifier (docs/rules/hammer.md §3), so the preview has something to show."""
    from game.rules.hammer import accusation_value

    for seed in range(1, 200):
        src = MatchSource.new(3, seed=seed)
        place_all(src.match)
        seat = src.match.to_act()[0]
        by_drop: dict[tuple, set] = {}
        for c in src.match.legal(seat):
            if c["type"] == "accuse":
                by_drop.setdefault((c["card"], c["target"]), set()).add(c["accuser"])
        for (card, target), accusers in by_drop.items():
            values = {accusation_value(card, a, target) for a in accusers}
            if len(accusers) > 1 and len(values) > 1:
                src.show(seat)
                return src, card, target
    raise AssertionError("no seed gives accusers with different values")


def test_the_accuser_chooser_names_villagers_as_the_table_does_and_previews_the_heat(app):
    # docs/rules/hammer.md §3 (accuser modifiers), §1.2 (the heat track)
    src, card, target = accuser_choice()
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    post_drag(app, scene.locate("card", card), scene.locate("villager", target))
    prompt = scene.prompt
    assert prompt is not None
    shown_names = {hammer_text.villager_name(v["id"]) for v in src.view()["villagers"]}
    heat = {v["id"]: v["heat"] for v in src.view()["villagers"]}
    target_name = hammer_text.villager_name(target)
    assert target_name in prompt.title
    previews = {}
    for label, accuser in prompt.options:
        assert " vs " not in label, label  # no ability text in role words ("+1 vs Gravedigger")
        m = re.fullmatch(r"(.+) \(heat (\d+)\): (.+) (\d+) \u2192 (\d+)", label)
        assert m, label
        assert m.group(1) == hammer_text.villager_name(accuser) and m.group(1) in shown_names
        assert int(m.group(2)) == heat[accuser]
        assert m.group(3) == target_name and int(m.group(4)) == heat[target]
        previews[accuser] = int(m.group(5))
    assert len(set(previews.values())) > 1  # the choice matters, and the chooser says how
    # choose the last one (not the default), let everyone pass: the heat is the preview
    last = len(prompt.options) - 1
    accuser = prompt.options[last][1]
    post_click(app, scene.locate("prompt", last))
    assert src.match.commands[-1][1] == {"type": "accuse", "card": card, "accuser": accuser, "target": target}
    m = src.match
    while m.view(None)["window"]:
        seat = m.to_act()[0]
        m.apply(seat, {"type": "pass"})
    after = next(v["heat"] for v in m.view(None)["villagers"] if v["id"] == target)
    assert after == previews[accuser]


def test_the_bribe_chooser_previews_both_signs(app):
    # docs/rules/hammer.md §8.2: the player picks the sign of a bribe it seals
    for seed in range(1, 200):
        src = MatchSource.new(3, seed=seed)
        place_all(src.match)
        seat = src.match.to_act()[0]
        view = src.match.view(seat)
        bribes = [c for c in view["players"][seat]["hand"] if c.startswith("bribe-")]
        if bribes and view["may_seal"]:
            break
    src.show(seat)
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    card, target = bribes[0], next(v["id"] for v in view["villagers"] if v["owner"] != seat)
    post_drag(app, scene.locate("card", card), scene.locate("villager", target))
    assert scene.prompt is not None
    heat = next(v["heat"] for v in src.view()["villagers"] if v["id"] == target)
    name = hammer_text.villager_name(target)
    amount = hammer_text.bribe_amount(card)
    labels = [label for label, _ in scene.prompt.options]
    assert any(f"{name} {heat} \u2192 {min(18, heat + amount)}" in label for label in labels), labels


def test_the_placement_chooser_lists_each_distinct_placement_once(app):
    # docs/rules/hammer.md §1.2 (a pyre is only its start value) and §2 (each villager on
    # one of the seat's own pyres): pyres 3, 2, 3 give three placements, not six
    from game.engine import new_match

    for seed in range(1, 300):
        m = new_match("hammer", ["Ann", "Bob", "Cy"], seed=seed)
        seat = next((s for s in range(3) if len({p["start"] for p in m.view(s)["players"][s]["pyres"]}) == 2), None)
        if seat is not None:
            break
    src = MatchSource(m, seat)
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    post_click(app, scene.locate("button", "place_pyres"))  # "Place villagers (P)"
    labels = [label for label, _ in scene.prompt.options]
    starts = {p["id"]: p["start"] for p in src.view()["players"][seat]["pyres"]}
    heats = [tuple(sorted((v, starts[p]) for v, p in c["assign"].items())) for _, c in scene.prompt.options]
    assert len(labels) == len(set(labels)) == len(set(heats)) == 3, labels
    legal = m.legal(seat)
    assert len(legal) == 6  # the engine lists both pyres of a pair; the chooser shows one line
    assert {tuple(sorted((v, starts[p]) for v, p in c["assign"].items())) for c in legal} == set(heats)
    # every line is a legal command, and choosing one puts each villager on the heat it says
    last = len(labels) - 1
    chosen = scene.prompt.options[last][1]
    assert chosen in legal
    post_click(app, scene.locate("prompt", last))
    assert m.commands[-1][1] == chosen
    placed = {v["id"]: v["heat"] for v in m.view(seat)["villagers"] if v["owner"] == seat}
    for part in labels[last].split(", "):
        name, heat = part.rsplit(" on ", 1)
        vid = next(v for v in placed if hammer_text.villager_name(v) == name)
        assert placed[vid] == int(heat)


def must_read_under(scene) -> list:
    """Must-read lines (the table's ``PROMPT_KEEP_CLEAR`` text blocks) the open chooser's
    drawn panel covers."""
    panel = scene.prompt.box.inflate(4, 4)
    return [
        (b.what, b.shown)
        for b in scene.text_blocks()
        if b.what in scene.PROMPT_KEEP_CLEAR
        for r in b.rects
        if r.colliderect(panel)
    ]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_accuser_chooser_leaves_the_last_move_and_the_hint_readable(size):
    # (text a player must read is read whole): the chooser opened by a
    # drop sits beside the dropped card and never over the middle's "Last move" lines,
    # the banner or the hint strip (the 1280x720 reference shot had it over "Last move")
    from game.ui.app import App

    app = App(size=size)
    src, card, target = accuser_choice()
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    post_drag(app, scene.locate("card", card), scene.locate("villager", target))
    assert scene.prompt is not None and scene.prompt.avoid is not None
    app.draw(force=True)
    assert any(b.what == "last move" for b in scene.text_blocks())
    assert must_read_under(scene) == []
    assert not scene.prompt.box.colliderect(scene.prompt.avoid)
    assert pygame.Rect((0, 0), size).contains(scene.prompt.box)
