"""DESIGN D5: atomic autosaves; damaged files give a clear message and are left alone."""

from __future__ import annotations

import pytest

from game.engine import SaveError
from game.saves import list_saves, load_save, new_save_path, save_match
from tests.toygame import CountingGame, counting_game  # noqa: F401


@pytest.mark.usefixtures("counting_game")
def test_save_load_round_trip_and_listing(tmp_path):
    m = CountingGame(["Ann", "Bob"], seed=5)
    m.apply(0, {"type": "add", "amount": 2})
    path = new_save_path("_counting", folder=tmp_path)
    save_match(m, path, extra={"bots": [1]})
    loaded, extra = load_save(path)
    assert loaded.to_json() == m.to_json() and extra == {"bots": [1]}
    (tmp_path / "broken.witchhunt.json").write_text("{not json")
    infos = list_saves(tmp_path)
    assert [i.error is None for i in infos].count(True) == 1
    broken = [i for i in infos if i.error]
    assert broken and "damaged" in broken[0].error
    assert (tmp_path / "broken.witchhunt.json").read_text() == "{not json"
    with pytest.raises(SaveError, match=r"broken\.witchhunt\.json"):
        load_save(tmp_path / "broken.witchhunt.json")


@pytest.mark.usefixtures("counting_game")
def test_finished_games_are_not_offered_to_continue(tmp_path):
    m = CountingGame(["Ann", "Bob"], seed=5)
    while not m.over:
        m.apply(m.to_act()[0], {"type": "add", "amount": 3})
    save_match(m, new_save_path("_counting", folder=tmp_path))
    assert list_saves(tmp_path) == []
    assert len(list_saves(tmp_path, include_finished=True)) == 1


def test_the_gentle_encoding_writes_the_same_text():
    # the autosave's worker encodes in small steps (the window's frame never waits ~1 ms
    # for one json.dumps): the text must be exactly the one json.dumps gives
    import json

    from game.bots.base import RandomBot
    from game.engine import new_match
    from game.saves import _JSON, encode_gently

    m = new_match("salem", [f"P{i}" for i in range(8)], seed=5, options={"town_hall": True})
    bots = {s: RandomBot(s) for s in range(8)}
    for _ in range(60):
        if m.over:
            break
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    doc = {"kind": "hotseat", "over": m.over, "match": m.to_dict(), "extra": {"names": ["Ann", "Zoë", "李"]}}
    assert encode_gently(doc) == json.dumps(doc, **_JSON)


def test_a_damaged_file_is_listed_after_the_saves_one_can_resume(tmp_path):
    """A junk file written after the last save took the top of the Continue list, lit,
    above the game one came to resume (its time is the file's own): the readable saves
    come first, newest first, the damaged after them."""
    import os

    older, newer = (new_save_path("_counting", folder=tmp_path) for _ in range(2))
    newer = newer.with_name("b-" + newer.name)
    for i, path in enumerate((older, newer)):
        m = CountingGame(["Ann", "Bob"], seed=i)
        save_match(m, path)
    junk = tmp_path / "junk.witchhunt.json"
    junk.write_text("{not json")
    os.utime(junk, (4e9, 4e9))  # the newest file of all
    infos = list_saves(tmp_path)
    assert [i.path for i in infos][-1] == junk and all(i.error is None for i in infos[:-1])
    assert infos[0].saved_at >= infos[1].saved_at
