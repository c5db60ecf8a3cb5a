"""The village map reads true (docs/rules/malleus.md §9, §1.3): a plate nobody has placed
lies near the villagers it has a relationship with, clear of the other plates and of the
places' names; an arrow goes round the plates in its way (or over them, never behind),
with its head on the plate the view is of."""

from __future__ import annotations

import math

import pygame
import pytest

from game.bots.malleus import MalleusBot
from game.engine import new_match
from game.ui.scenes.malleus.mapping import edge_point, path_hits
from game.ui.scenes.malleus.table import MalleusTableScene
from tests.rules.malleus_kit import village_s
from tests.ui.table_source import MatchTableSource, clear_scenes, open_table_scene, table_app

NAMES = ["Jacques", "Ann", "Bob", "Cy"]


def _built_village(seed: int):
    """A village built by bots to the end of building (12+ villagers, none arranged)."""
    m = new_match("malleus", NAMES, seed=seed)
    bots = {s: MalleusBot(seed * 10 + s) for s in range(m.n)}
    while m.state["phase"] in ("trigger", "first_villager", "building"):
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    assert len(m.state["vorder"]) >= 12
    return m


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("seed", [2, 5])
def test_new_plates_lie_clear_of_each_other_and_of_the_places_names(size, seed):
    gen = table_app(size)
    app = next(gen)
    try:
        m = _built_village(seed)
        scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, None), 2)
        plates = scene.village.plate_rects()
        assert len(plates) == len(m.state["vorder"])
        items = list(plates.items())
        for i, (a, ra) in enumerate(items):
            assert scene.village.map_rect().contains(ra), a
            for b, rb in items[i + 1 :]:
                assert not ra.colliderect(rb), f"{a} and {b} overlap"
            for name, label in scene.village.place_labels():
                assert not ra.colliderect(label), f"{a} covers the name of {name}"
    finally:
        clear_scenes(app)
        for _ in gen:
            pass


@pytest.mark.parametrize("seed", [5, 7])
def test_a_new_plate_lies_near_the_villager_it_joined_the_village_with(seed):
    # each villager joins with one relationship to a villager already there (§2.4): its plate
    # goes near that villager's — a hub cannot have everyone beside it, so on average
    gen = table_app((1280, 720))
    app = next(gen)
    try:
        m = _built_village(seed)
        scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, None), 2)
        plates = scene.village.plate_rects()
        m_rect = scene.village.map_rect()
        diagonal = math.hypot(m_rect.w, m_rect.h)
        order = m.state["vorder"]
        shares = []
        for vid in order[1:]:
            first = next((o for o in scene.village.related(vid) if order.index(o) < order.index(vid)), None)
            if first is not None:
                shares.append(math.dist(plates[vid].center, plates[first].center) / diagonal)
        assert shares and sum(shares) / len(shares) < 0.2 and max(shares) < 0.38, shares
    finally:
        clear_scenes(app)
        for _ in gen:
            pass


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def _three_in_a_row(app):
    """Village S with Father Rémy between Luc and Thérèse (r2: Luc sees Thérèse as an enemy)."""
    m = village_s(turn=1)
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, None), 1)
    scene.village.arrangement.update(
        {
            "v6": [0.2, 0.5],
            "v4": [0.5, 0.5],
            "v5": [0.8, 0.5],
            "v1": [0.2, 0.1],
            "v2": [0.5, 0.1],
            "v3": [0.8, 0.1],
            "v7": [0.5, 0.9],
        }
    )
    scene._static_key = None
    return m, scene


def test_an_arrow_goes_round_a_plate_in_its_way_and_ends_on_its_target(app):
    m, scene = _three_in_a_row(app)
    plates = scene.village.plate_rects()
    path = next(p for r, p in scene.village.arrows.paths(plates) if r["id"] == "r2")
    luc, remy, therese = plates["v6"], plates["v4"], plates["v5"]
    assert path_hits(path, [remy]) == 0, "Luc's arrow to Thérèse runs through Father Rémy's plate"
    tip, start = path[-1], path[0]
    assert math.dist(tip, edge_point(therese, path[-2])) < 2 and therese.inflate(2, 2).collidepoint(tip)
    assert luc.inflate(2, 2).collidepoint(start) and not therese.collidepoint(path[len(path) // 2])
    clear_scenes(app)


def test_arrows_are_drawn_over_the_plates(app):
    m, scene = _three_in_a_row(app)
    order = []
    plates_fn, arrows_fn = scene.village.draw_plates, scene.village.arrows.draw
    scene.village.draw_plates = lambda *a, **k: (order.append("plates"), plates_fn(*a, **k))
    scene.village.arrows.draw = lambda *a, **k: (order.append("arrows"), arrows_fn(*a, **k))
    scene._static_key = None
    scene.dirty = True
    app.frame(wait=False)
    assert order == ["plates", "arrows"]
    clear_scenes(app)


def test_two_one_way_views_between_the_same_villagers_are_two_arrows(app):
    m, scene = _three_in_a_row(app)
    st = m.state
    st["rels"]["r9"] = {"id": "r9", "from": "v5", "to": "v6", "kind": "ally", "mutual": False}
    st["rorder"].append("r9")
    scene.sync(force=True)
    plates = scene.village.plate_rects()
    paths = {r["id"]: p for r, p in scene.village.arrows.paths(plates)}
    mid_a, mid_b = paths["r2"][len(paths["r2"]) // 2], paths["r9"][len(paths["r9"]) // 2]
    assert math.dist(mid_a, mid_b) > 6
    assert isinstance(pygame.Rect(plates["v5"]), pygame.Rect)
    clear_scenes(app)


def test_an_arrow_routes_the_same_whether_or_not_far_plates_are_counted():
    # docs/rules/malleus.md §9 (the map): the table routes an arrow round the plates near
    # it only, and keeps routes; a plate beyond every curve it tries cannot change it
    import random

    from game.ui.scenes.malleus.mapping import route, route_obstacles

    rng = random.Random(4)
    bounds = pygame.Rect(0, 0, 1200, 1000)
    for _ in range(300):
        a = pygame.Rect(rng.randrange(1000), rng.randrange(900), 186, 78)
        b = pygame.Rect(rng.randrange(1000), rng.randrange(900), 186, 78)
        obstacles = [
            pygame.Rect(rng.randrange(1100), rng.randrange(950), rng.randrange(40, 200), rng.randrange(20, 90))
            for _ in range(rng.randrange(0, 25))
        ]
        bias = rng.choice((0.0, 0.12))
        near = route_obstacles(a, b, obstacles, bias)
        assert route(a, b, near, bias, bounds) == route(a, b, obstacles, bias, bounds)


def test_an_arrow_kept_while_the_village_grows_is_the_arrow_routed_afresh():
    # docs/rules/malleus.md §9 (the map): a new plate that touches none of the curves an
    # arrow weighed leaves its route as it was; any other change routes it again
    import random
    from collections import Counter

    from game.ui.scenes.malleus import arrows as arrows_module
    from game.ui.scenes.malleus.arrows import Arrows
    from game.ui.scenes.malleus.mapping import route

    found, routed = arrows_module.route_tried, []

    def counted(*args, **kw):
        routed.append(1)
        return found(*args, **kw)

    rng = random.Random(9)
    bounds = pygame.Rect(0, 0, 1200, 1000)
    kept = 0
    for _ in range(200):
        keeper = Arrows(village=None)
        a = pygame.Rect(rng.randrange(1000), rng.randrange(900), 186, 78)
        b = pygame.Rect(rng.randrange(1000), rng.randrange(900), 186, 78)
        bias = rng.choice((0.0, 0.12))
        rects = [
            pygame.Rect(rng.randrange(1100), rng.randrange(950), rng.randrange(40, 200), rng.randrange(20, 90))
            for _ in range(rng.randrange(0, 12))
        ]
        for step in range(4):  # the village grows (a plate more), or a plate moves away
            if step and rng.random() < 0.25 and rects:
                rects.pop(rng.randrange(len(rects)))
            else:
                rects.append(pygame.Rect(rng.randrange(1100), rng.randrange(950), 186, 78))
            memo = (tuple(a), tuple(b), bias, tuple(bounds), tuple(sorted(tuple(r) for r in rects)))
            before = len(routed)
            arrows_module.route_tried = counted
            try:
                path = keeper.route(memo, a, b, list(rects), bias, bounds)
            finally:
                arrows_module.route_tried = found
            assert path == route(a, b, list(rects), bias, bounds)
            kept += len(routed) == before
            assert keeper._last[memo[:4]][0] == Counter(memo[4])
    assert kept > 100  # most new plates lie away from an arrow's curves


def test_a_view_turned_enemy_is_drawn_as_an_enemy(app, monkeypatch):
    # §6 Treachery turns a view between two villagers into enmity: the arrow stayed green
    # (the arrows' paths were kept for the same ends and read the relationship as it was)
    from game.ui.scenes.malleus import arrows as arrows_module

    m, scene = _three_in_a_row(app)
    drawn: dict[tuple, tuple] = {}
    real = arrows_module.draw_arrow_path

    def noting(surface, path, colour, dashed=False, **kwargs):
        drawn[(tuple(path[0]), tuple(path[-1]))] = (tuple(colour), dashed)
        return real(surface, path, colour, dashed=dashed, **kwargs)

    monkeypatch.setattr(arrows_module, "draw_arrow_path", noting)
    st = m.state
    st["rels"]["r2"]["kind"] = "ally"
    scene.sync(force=True)
    plates = scene.village.plate_rects()
    path = next(p for r, p in scene.village.arrows.paths(plates) if r["id"] == "r2")
    ends = (tuple(path[0]), tuple(path[-1]))
    scene.village.arrows.draw(app.screen, plates)
    assert drawn[ends] == (tuple(arrows_module.ALLY), False)
    st["rels"]["r2"]["kind"] = "enemy"  # as Treachery leaves it
    scene.sync(force=True)
    drawn.clear()
    scene.village.arrows.draw(app.screen, plates)
    assert drawn[ends] == (tuple(arrows_module.ENEMY), True)
    clear_scenes(app)


def test_the_empty_map_points_to_the_guide_not_to_plates(app):
    # before the first villager the hint under the map said "Drag plates to arrange the
    # village" over a map with no plate on it
    m = new_match("malleus", NAMES, seed=3)
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, 0), 2)
    assert not m.view(0).get("villagers")
    assert scene.status_message() == (
        "The map fills as the village is built: the guide at the top right says what to do now."
    )
    built = open_table_scene(app, MalleusTableScene, MatchTableSource(village_s(turn=1), 0), 2)
    assert built.status_message().startswith("Drag plates to arrange the village")
    clear_scenes(app)
