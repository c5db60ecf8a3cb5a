"""Hammer log and banner words for brown cards (docs/rules/hammer.md §1.3, §3): a card that
adds heat reads as an accusation, a Denial (−2) reads as speaking for the villager it
cools, never as "… accuses …". Real engine events from real commands."""

from __future__ import annotations

import pytest

from game.ui.scenes import hammer_text
from game.ui.scenes.hammer_table import HammerTableScene
from tests.rules.hammer_kit import give
from tests.ui.hammer_source import MatchSource, place_all
from tests.ui.table_source import open_table_scene, table_app


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def played(card: str, same: bool = False, seed: int = 3):
    """The active seat plays ``card`` from its first villager on another seat's villager
    (or on the accuser itself); returns the source and the engine's accuse event."""
    src = MatchSource.new(3, seed=seed)
    place_all(src.match)
    seat = src.match.to_act()[0]
    give(src.match, seat, card)
    src.show(seat)
    command = next(
        c
        for c in src.match.legal(seat)
        if c["type"] == "accuse" and c["card"] == card and (c["accuser"] == c["target"]) == same
    )
    accuser, target = command["accuser"], command["target"]
    src.match.apply(seat, command)
    event = [e for e in src.match.log(seat) if e.get("type") == "accuse"][-1]
    return src, event, accuser, target


def test_a_denial_reads_as_speaking_for_the_villager_not_accusing():  # docs/rules/hammer.md §1.3
    src, event, accuser, target = played("denial-1")
    line = hammer_text.describe(event, src.players)
    a, t = hammer_text.villager_name(accuser), hammer_text.villager_name(target)
    assert "accuses" not in line
    assert line == f"{src.players[event['seat']]}: Denial — {a} speaks for {t} ({hammer_text.signed(event['value'])})."
    assert event["value"] < 0


def test_a_denial_on_the_accuser_itself_is_its_own_defence():  # docs/rules/hammer.md §1.3 (may be played on itself)
    src, event, accuser, _target = played("denial-2", same=True)
    line = hammer_text.describe(event, src.players)
    assert f"{hammer_text.villager_name(accuser)} speaks in their own defence" in line and "accuses" not in line


def test_a_real_accusation_still_reads_as_an_accusation():  # docs/rules/hammer.md §3
    src, event, accuser, target = played("accusation-1")
    line = hammer_text.describe(event, src.players)
    a, t = hammer_text.villager_name(accuser), hammer_text.villager_name(target)
    assert line == f"{src.players[event['seat']]}: Accusation (+1) — {a} accuses {t}."


def test_the_answer_banner_words_a_denial_the_same_way(app):  # DESIGN D3 public banner
    src, event, accuser, target = played("denial-3", seed=4)
    src.show(None)  # the public banner of the answer window
    scene = open_table_scene(app, HammerTableScene, src, frames=1)
    prompt, _actions = scene.banner_content()
    assert f"{hammer_text.villager_name(accuser)} speaks for {hammer_text.villager_name(target)} (−2)" in prompt
    assert "accuses" not in prompt
    src2, *_ = played("proof-1", seed=4)
    src2.show(None)
    scene = open_table_scene(app, HammerTableScene, src2, frames=1)
    assert "accuses" in scene.banner_content()[0]


def test_a_heat_change_the_pyre_stops_says_why():
    """ "Griseldis: heat stays at 6." after "A bribe of −2 on Griseldis" read as if the
    bribe were lost: the heat is held at its pyre's start (or at the top, 18), and the
    log says so."""
    from game.engine import new_match

    m = new_match("hammer", ["Ann", "Bob", "Cy"], seed=3)
    place_all(m)
    vid, v = next(iter(m.state["villagers"].items()))
    start = m.t.pyre_start[v["pyre"]]
    from game.rules.hammer.flow import add_heat

    add_heat(m, vid, -2, None)  # at its pyre's start already: it cannot go lower
    add_heat(m, vid, 30, None)
    add_heat(m, vid, 1, None)  # at the top
    heats = [e for e in m.log(0) if e["type"] == "heat"][-3:]
    said = [hammer_text.describe(e, m.players) for e in heats]
    assert said[0].endswith(f"heat stays at {start} (its pyre's start).") and "→ 18" in said[1], said
    assert said[2].endswith("heat stays at 18 (the top of the pyre)."), said
