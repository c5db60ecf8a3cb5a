"""Table layouts (DESIGN D6): every map loads with pytmx for every player
count, has every zone its scene needs, and its zones neither overlap nor leave the map."""

from __future__ import annotations

import itertools

import pytest

from game.ui.layout import (
    PLAYER_COUNTS,
    REQUIRED_ZONES,
    REQUIRED_ZONES_BY_COUNT,
    LayoutError,
    layout_path,
    load_layout,
    required_zones,
)

CASES = [(game, n) for game, counts in PLAYER_COUNTS.items() for n in counts]


@pytest.mark.parametrize("game,players", CASES)
def test_layout_parses_with_pytmx_directly(game, players):
    import pytmx

    tmx = pytmx.TiledMap(str(layout_path(game)))
    names = {g.name for g in tmx.objectgroups}
    assert f"players_{players}" in names


@pytest.mark.parametrize("game,players", CASES)
def test_layout_has_every_required_zone(game, players):
    layout = load_layout(game, players)
    assert set(required_zones(game, players)) <= set(layout.zones)
    assert REQUIRED_ZONES_BY_COUNT[game][players] == required_zones(game, players)
    assert set(REQUIRED_ZONES[game]) <= set(layout.zones)
    # seats beyond the player count would confuse a scene
    assert f"seat_{players}" not in layout.zones


@pytest.mark.parametrize("game,players", CASES)
def test_zones_lie_inside_the_map_and_do_not_overlap(game, players):
    layout = load_layout(game, players)
    for z in layout.zones.values():
        assert z.w > 0 and z.h > 0, z.name
        assert 0 <= z.x and z.x + z.w <= layout.width, z.name
        assert 0 <= z.y and z.y + z.h <= layout.height, z.name
    for a, b in itertools.combinations(layout.zones.values(), 2):
        apart = a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y
        assert apart, f"{game} {players}p: {a.name} overlaps {b.name}"


@pytest.mark.parametrize("game,players", CASES)
def test_zones_scaled_to_720p_stay_apart_and_usable(game, players):
    layout = load_layout(game, players)
    rects = layout.rects(1280, 720)
    for name, (x, y, w, h) in rects.items():
        assert 0 <= x and x + w <= 1280 and 0 <= y and y + h <= 720, name
        assert min(w, h) >= 16, name
    for (na, a), (nb, b) in itertools.combinations(rects.items(), 2):
        apart = a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
        assert apart, f"{na} overlaps {nb} at 1280x720"


def test_hand_cards_fit_at_720p():
    # hand cards readable: about 90x126 px at 1280x720 (Testimony holds one Character
    # card and tokens, no fan of cards: its hand is checked in its own table tests)
    for game in (g for g in PLAYER_COUNTS if g != "testimony"):
        layout = load_layout(game, PLAYER_COUNTS[game][0])
        _, _, w, h = layout.rect("hand", 1280, 720)
        assert h >= 120 and w >= 8 * 90


def test_shown_seat_sits_above_the_hand():
    for game, n in CASES:
        layout = load_layout(game, n)
        seat0, hand = layout.zone("seat_0"), layout.zone("hand")
        assert seat0.y + seat0.h <= hand.y + hand.h
        assert seat0.y >= layout.height / 2


def test_witch_trial_lineup_slot_one_is_next_to_the_deck():
    # docs/rules/witch_trial.md §3.1: position 1 ($20) is next to the deck
    layout = load_layout("witch_trial", 5)
    deck = layout.zone("deck")
    xs = [layout.zone(f"lineup_{i}").x for i in range(1, 6)]
    assert xs == sorted(xs) or xs == sorted(xs, reverse=True)
    dist = [abs(layout.zone(f"lineup_{i}").center[0] - deck.center[0]) for i in range(1, 6)]
    assert dist == sorted(dist)
    assert [layout.zone(f"lineup_{i}").props["price"] for i in range(1, 6)] == [20, 15, 10, 5, 0]


def test_jury_box_holds_twelve_seats():
    for n in PLAYER_COUNTS["witch_trial"]:
        box = load_layout("witch_trial", n).zone("jury_box")
        # 2x6 or 3x4 seats of at least 40 px each (27 px at 720p)
        assert (box.w >= 6 * 40 and box.h >= 2 * 40) or (box.w >= 4 * 40 and box.h >= 3 * 40)


def test_fit_keeps_aspect_and_centres():
    layout = load_layout("hammer", 4)
    scale, ox, oy = layout.fit(1920, 1200)
    assert scale == pytest.approx(1.0)
    assert (ox, oy) == (0, 60)
    scale, ox, oy = layout.fit(1280, 720)
    assert scale == pytest.approx(2 / 3) and (ox, oy) == (0, 0)


def test_unknown_player_count_names_the_file_and_group():
    with pytest.raises(LayoutError) as err:
        load_layout("hammer", 9)
    assert "hammer.tmx" in str(err.value) and "players_9" in str(err.value)


def test_missing_zone_is_reported(tmp_path, monkeypatch):
    from game.ui import layout as layout_mod

    with pytest.raises(LayoutError, match="no zone 'nowhere'"):
        load_layout("hammer", 3).zone("nowhere")
    text = layout_path("hammer").read_text(encoding="utf-8").replace('name="deck"', 'name="decks"')
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "hammer.tmx").write_text(text, encoding="utf-8")
    monkeypatch.setattr(layout_mod, "assets_dir", lambda: tmp_path)
    with pytest.raises(LayoutError, match=r"missing zone.*deck"):
        layout_mod.load_layout("hammer", 3)
