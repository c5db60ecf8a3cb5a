"""A ready village: the option village: "ready" (docs/rules/malleus.md §2.10, M16, M17)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import pytmx

from game.bots import RandomBot
from game.engine import CardDataError, Match, SetupError, new_match
from game.paths import assets_dir
from game.rules.malleus.villages import VILLAGE_PLACES, VILLAGE_SIZE, load_villages
from tests.rules.malleus_kit import NAMES

READY = {"village": "ready"}


def test_every_ready_village_loads_and_holds_together():
    # §2.10: the file is checked when loaded; at least four villages, twelve villagers each
    villages = load_villages()
    assert len(villages) >= 4 and len({v.id for v in villages}) == len(villages)
    for village in villages:
        assert len(village.villagers) == VILLAGE_SIZE
        names = {p.name for p in village.villagers}
        assert len(names) == VILLAGE_SIZE
        assert all(len(p.facts) == 3 and p.place in VILLAGE_PLACES for p in village.villagers)
        tied = {r.holder for r in village.relationships} | {r.other for r in village.relationships}
        assert tied == names, village.id


def test_the_places_are_the_village_maps_places():
    # §9: a ready village puts its villagers at the named places of the map
    tmx = pytmx.TiledMap(str(assets_dir() / "layouts" / "malleus.tmx"))
    places = {o.name for g in tmx.objectgroups if g.name == "places" for o in g if o.name}
    assert set(VILLAGE_PLACES) == places


def test_a_ready_village_skips_building_and_waits_for_seat_1_to_choose():
    # §2.10, M17
    m = new_match("malleus", NAMES[:4], seed=4, options=READY)
    view = m.view(None)
    assert view["phase"] == "choosing" and m.to_act() == [1] and view["choosing"]["next"] == 1
    assert len(view["villagers"]) == VILLAGE_SIZE
    assert all(v["place"] in VILLAGE_PLACES and len(v["facts"]) == 3 for v in view["villagers"])
    village = next(v for v in load_villages() if v.id == view["ready_village"]["id"])
    assert view["facts"]["f1"]["text"] == village.trigger and view["general_ledger"] == ["f1"]
    assert [v["name"] for v in view["villagers"]] == [p.name for p in village.villagers]
    assert len(view["relationships"]) == len(village.relationships)
    types = [e["type"] for e in m.log(None)]
    assert types[:4] == ["setup", "ready_village", "fact", "trigger"] and types[-1] == "building_over"


def test_players_still_choose_villagers_write_ledgers_and_name_companions():
    # §2.10: the part of the set-up that is the players' stays theirs; then round 1
    m = new_match("malleus", NAMES[:4], seed=9, options=READY)
    for seat in (1, 2, 3):
        m.apply(seat, m.legal(seat)[seat])
    assert m.view(None)["phase"] == "ledgers"
    for seat in (1, 2, 3):
        m.apply(
            seat,
            {
                **m.legal(seat)[0],
                "secret": "A secret.",
                "envy": {**m.legal(seat)[0]["envy"], "thing": "her loom"},
                "vendetta": {**m.legal(seat)[0]["vendetta"], "reason": "An old wrong."},
            },
        )
    for seat in (1, 2, 3):
        m.apply(seat, m.legal(seat)[seat])
    view = m.view(None)
    assert view["phase"] == "round" and view["turn_order"] == [3, 2, 1]  # the last to choose first (§2.9)
    assert m.to_act() == [3] and view["step"] == "declare"


@pytest.mark.parametrize("players", [3, 5])
def test_a_ready_village_plays_at_any_table_size(players):
    # M16: twelve villagers leave enough villagers nobody plays for every companion and envy
    m = new_match("malleus", NAMES[: players + 1], seed=players, options=READY)
    bots = {s: RandomBot(s) for s in range(m.n)}
    while m.view(None)["round"] < 2:
        seat = min(m.to_act())
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    assert Match.from_json(m.to_json()).to_json() == m.to_json()


def test_the_seed_picks_the_village_and_every_village_is_picked():
    # §2.10: chosen by the seed, the same seed the same village
    picked = {
        new_match("malleus", NAMES[:4], seed=s, options=READY).view(None)["ready_village"]["id"] for s in range(40)
    }
    assert picked == {v.id for v in load_villages()}
    one = new_match("malleus", NAMES[:4], seed=7, options=READY).to_json()
    assert new_match("malleus", NAMES[:4], seed=7, options=READY).to_json() == one


def test_building_your_own_village_stays_the_default():
    # §2.2: without the option, or with village "build", the Prévôt records the trigger
    plain = new_match("malleus", NAMES[:4], seed=2)
    built = new_match("malleus", NAMES[:4], seed=2, options={"village": "build"})
    assert plain.to_json() == built.to_json()
    assert plain.view(None)["phase"] == "trigger" and "ready_village" not in plain.view(None)
    assert "place" not in json.dumps(plain.view(None)["villagers"])


@pytest.mark.parametrize("value", ["Ready", "", None, 1, [], {}, True])
def test_an_unknown_village_option_is_refused(value):
    with pytest.raises(SetupError, match="village"):
        new_match("malleus", NAMES[:4], options={"village": value})


BROKEN = [
    ("villages: []\n", "expected one section"),
    ("villages:\n  - {id: x, title: X, trigger: T, villagers: [], relationships: []}\n", "expected 12 villagers"),
]


@pytest.mark.parametrize("text,problem", BROKEN)
def test_a_broken_villages_file_says_what_is_wrong(tmp_path: Path, text, problem):
    path = tmp_path / "villages.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError, match=problem):
        load_villages(path)


def _one_village(**change) -> str:
    people = [{"name": f"V{i}", "place": "The well", "facts": ["a", "b", "c"]} for i in range(12)]
    links = [{"from": f"V{i}", "to": f"V{(i + 1) % 12}", "kind": "ally"} for i in range(12)]
    village = {"id": "x", "title": "X", "trigger": "T", "villagers": people, "relationships": links}
    for key, value in change.items():
        village[key] = value(village[key]) if callable(value) else value
    return json.dumps({"villages": [village]})


@pytest.mark.parametrize(
    "change,problem",
    [
        ({}, None),
        ({"villagers": lambda p: [dict(p[0], place="The moon")] + p[1:]}, "not a place of the map"),
        ({"villagers": lambda p: [dict(p[0], facts=["a", "b"])] + p[1:]}, "exactly 3 facts"),
        ({"villagers": lambda p: [dict(p[0], name="V1")] + p[1:]}, "share this name"),
        ({"villagers": lambda p: [dict(p[0], name="x" * 41)] + p[1:]}, "at most 40"),
        ({"relationships": lambda r: r + [{"from": "V0", "to": "V1", "kind": "enemy"}]}, "already have that view"),
        ({"relationships": lambda r: r + [{"from": "V0", "to": "V9", "kind": "friend"}]}, "'ally' or 'enemy'"),
        ({"relationships": lambda r: r + [{"from": "V0", "to": "Nobody", "kind": "ally"}]}, "not a villager"),
        ({"relationships": lambda r: r[:-2]}, "has no relationship"),
        ({"trigger": "x" * 201}, "at most 200"),
    ],
)
def test_each_check_of_a_village_names_the_problem(tmp_path: Path, change, problem):
    # §2.10: what the loader checks, one case each (the first is a sound village)
    path = tmp_path / "villages.yaml"
    path.write_text(_one_village(**change), encoding="utf-8")
    if problem is None:
        assert load_villages(path)[0].id == "x"
        return
    with pytest.raises(CardDataError, match=problem):
        load_villages(path)
