"""The Malleus village map reads whole (docs/rules/malleus.md §9; the tables' text-fit rule,
table_base MIN_TEXT = 11 px): every place's label lies on top of the map with no building under it
and no other label over it, light on a dark backing; every villager's name is read
whole on its plate (wrapped or smaller, never below 11 px, the plate wider only for a
name that needs it), at 1280x720 and 1920x1080."""

from __future__ import annotations

import pygame
import pytest

from game.bots.malleus import MalleusBot
from game.engine import new_match
from game.ui import theme
from game.ui.fonts import record_sizes
from game.ui.scenes.malleus.table import MalleusTableScene
from game.ui.scenes.malleus.village import LABEL_ALPHA, LABEL_BACK, LABEL_INK
from game.ui.scenes.table_base import MIN_TEXT
from tests.ui.table_source import MatchTableSource, clear_scenes, open_table_scene, run_frames

#: names as players type them (up to the engine's 40 characters)
LONG_NAMES = [
    "Therese the herbwife",
    "Jean-Baptiste the miller's son",
    "Marguerite",
    "Old Colas",
    "Marie-Madeleine de Rosières-aux-Salines",
    "Wenceslas Mengin, the tithe collector",
    "Idatte",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
]


def village_of_long_names():
    """A village built by bots whose villagers bear the long names above."""
    m = new_match("malleus", ["Jacques", "Ann", "Bob", "Cy"], seed=5)
    bots = {s: MalleusBot(50 + s) for s in range(m.n)}
    named = 0
    for _ in range(3000):
        if len(m.state["vorder"]) >= len(LONG_NAMES) or m.over:
            break
        seat = m.to_act()[0]
        command = bots[seat].choose(m.view(seat), m.legal(seat))
        if command.get("type") == "add_villager" and named < len(LONG_NAMES):
            command = dict(command, name=LONG_NAMES[named])
            named += 1
        m.apply(seat, command)
    names = {v["name"] for v in m.view(None)["villagers"]}
    assert set(LONG_NAMES) <= names
    return m


@pytest.fixture(scope="module")
def long_named():
    return village_of_long_names()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_place_labels_lie_on_top_with_no_building_under_them(size):
    # a house once lay over "The Prévôté"
    from game.ui.app import App

    app = App(size=size)
    m = new_match("malleus", ["Jacques", "Ann", "Bob", "Cy"], seed=1)
    with record_sizes() as sizes:
        scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, None), 2)
    labels = scene.village.place_labels()
    assert len(labels) >= 12 and "The Prévôté" in dict(labels)
    buildings = scene.village.building_rects()
    for name, rect in labels:
        assert scene.village.map_rect().contains(rect), name
        under = [kind for kind, b in buildings if rect.colliderect(b)]
        assert not under, f"{name} at {size}: a {under[0]} lies under its label"
        over = [other for other, r in labels if other != name and rect.colliderect(r)]
        assert not over, f"{name} and {over[0]} overlap at {size}"
    assert min(sizes) >= MIN_TEXT and scene.village.label_size() >= MIN_TEXT
    # light words on their dark backing (alpha 168 over the lightest ground, a field)
    from game.ui.scenes.malleus.common import FIELD

    backing = theme.over(LABEL_BACK, LABEL_ALPHA, FIELD)
    assert theme.contrast(LABEL_INK, backing) >= 4.5
    places = {b.text for b in scene.text_blocks() if b.what == "place"}
    assert places == set(dict(labels))
    clear_scenes(app)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_villager_name_is_read_whole_on_its_plate(long_named, size):
    # a long name was once cut on its plate ("Therese t…")
    from game.ui.app import App

    app = App(size=size)
    with record_sizes() as sizes:
        scene = open_table_scene(app, MalleusTableScene, MatchTableSource(long_named, None), 2)
        run_frames(app, 1)
    plates = [b for b in scene.text_blocks() if b.what == "plate"]
    assert {b.text for b in plates} >= set(LONG_NAMES)
    problems = [p for b in plates for p in b.problems()]
    assert not problems, problems
    assert min(sizes) >= MIN_TEXT
    normal = scene.village.plate_size()
    rects = scene.village.plate_rects()
    by_name = {v["name"]: rects[v["id"]] for v in scene.view["villagers"]}
    assert by_name["Idatte"].size == normal, "a short name keeps the usual plate"
    assert by_name["Therese the herbwife"].w == normal[0], "two lines on the usual plate"
    for name, rect in by_name.items():
        assert scene.village.map_rect().contains(rect), name
    clear_scenes(app)
    pygame.event.clear()
