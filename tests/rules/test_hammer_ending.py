"""The Hammer of the Witches: how the end is told and what it reveals (docs/rules/hammer.md §12.3).

Once the game is over, every view (each seat's and the spectator's) carries the same
``ending`` (two sentences: the burning that ended it, then who won with how many
points) and the same ``revealed`` (every hand, and the bribes still sealed in the box
without their sealers). Before the end neither key exists, and the log never changes.
"""

from __future__ import annotations

import json

from game.bots import RandomBot, play_bots
from game.engine import new_match
from tests.rules.hammer_kit import (
    burn_offstage,
    cool_all,
    empty_hands,
    give,
    owner,
    placed_match,
    seal,
    set_arrest,
    set_heat,
)


def alive_of(m, seat):
    return [v for v in m.state["vorder"] if owner(m, v) == seat and m.state["villagers"][v]["status"] == "alive"]


def last_burning_ready(m, inquisitor):
    """Three players, four villagers left (one per seat and one more for seat 1), all
    cool, hands empty; the Trial starts with ``inquisitor``: the next burning ends the game."""
    for seat in range(3):
        for vid in alive_of(m, seat)[1 if seat != 1 else 2 :]:
            burn_offstage(m, vid, (seat + 1) % 3)
    cool_all(m)
    empty_hands(m)
    set_arrest(m, inquisitor)
    for k in range(3):
        m.apply((inquisitor + k) % 3, {"type": "pass"})
    assert m.state["phase"] == "trial"


def views(m):
    return [m.view(q) for q in [None, *range(m.n)]]


def test_no_ending_or_revealed_before_the_end_and_the_same_for_everyone_after():
    # docs/rules/hammer.md §12.3: the keys appear only once the game is over
    m = new_match("hammer", ["Ann", "Bob", "Cy", "Dee"], seed=12)
    bots = {s: RandomBot(120 + s) for s in range(4)}
    while not m.over:
        for view in views(m):
            assert "ending" not in view and "revealed" not in view
        play_bots(m, bots, max_commands=1)
    log_before = [m.log(q) for q in [None, *range(4)]]
    ends = views(m)
    assert all(v["ending"] == ends[0]["ending"] and v["revealed"] == ends[0]["revealed"] for v in ends)
    assert [m.log(q) for q in [None, *range(4)]] == log_before  # nothing was added to the log
    assert not any(e["type"] in ("ending", "revealed") for e in m.log(None))


def test_ending_names_the_inquisitor_the_burned_villager_and_the_winner():
    # docs/rules/hammer.md §5.3 (the burning), §7 (the end and the score)
    m = placed_match(3, seed=49)
    last_burning_ready(m, inquisitor=0)
    witch = alive_of(m, 1)[0]
    set_heat(m, witch, 12)
    for seat in (0, 1, 2):
        m.apply(seat, {"type": "pass"})
    assert m.over
    scores = m.result()["scores"]
    best = max(scores)
    name = m.t.villager[witch].name
    first = f"Ann, the inquisitor, burned Bob's {name}, leaving 3 villagers alive, one per player, so the game is over."
    winners = [m.players[s] for s in range(3) if scores[s] == best]
    others = sorted((s for s in range(3) if scores[s] != best), key=lambda s: (-scores[s], s))
    behind = " and ".join(f"{m.players[s]} ({scores[s]})" for s in others)
    if len(winners) == 1:
        second = f"{winners[0]} wins with {best} points" + (f", ahead of {behind}." if behind else ".")
    else:
        second = f"{' and '.join(winners)} share the win with {best} points each" + (
            f", ahead of {behind}." if behind else "."
        )
    assert m.view(None)["ending"] == f"{first} {second}"


def test_ending_of_the_inquisitors_own_villager_says_so():
    # docs/rules/hammer.md §5.3: the inquisitor's own villager leaves an empty pyre
    m = placed_match(3, seed=50)
    last_burning_ready(m, inquisitor=1)
    own = alive_of(m, 1)[0]
    set_heat(m, own, 12)
    for seat in (1, 2, 0):
        m.apply(seat, {"type": "pass"})
    ending = m.view(2)["ending"]
    assert ending.startswith(f"Bob, the inquisitor, burned their own villager {m.t.villager[own].name}, ")


def test_ending_names_the_test_that_burned_the_witch_at_once():
    # docs/rules/hammer.md §6.3: a burning test jumps to the burning
    m = placed_match(3, seed=51)
    last_burning_ready(m, inquisitor=0)
    witch = alive_of(m, 2)[0]
    set_heat(m, witch, 12)
    m.apply(0, {"type": "pass"})
    give(m, 1, "ordeal_floats-1")
    m.apply(1, {"type": "test", "card": "ordeal_floats-1"})
    for seat in m.to_act():  # the negation window: nobody holds the partner
        m.apply(seat, {"type": "pass"})
    assert m.over
    name = m.t.villager[witch].name
    test = m.t.kind["ordeal_floats"].name
    assert m.view(None)["ending"].startswith(f"Ann, the inquisitor, burned Cy's {name} ({test}), leaving 3 ")


def test_shared_wins_name_every_winner_and_the_others_with_their_points():
    # docs/rules/hammer.md §7: the highest total wins; a tie shares the win
    shared = 0
    for seed in range(6):
        m = new_match("hammer", ["Ann", "Bob", "Cy", "Dee"][: 3 + seed % 2], seed=seed)
        play_bots(m, {s: RandomBot(seed * 10 + s) for s in range(m.n)})
        ending = m.view(None)["ending"]
        scores, winners = m.result()["scores"], m.result()["winners"]
        second = ending.split(" so the game is over. ")[1]
        names = [m.players[s] for s in winners]
        if len(winners) > 1:
            shared += 1
            assert second.startswith(
                f"{', '.join(names[:-1])} and {names[-1]} share the win with {max(scores)} points each"
            )
        else:
            assert second.startswith(f"{names[0]} wins with {max(scores)} points")
        for s in range(m.n):
            if s not in winners:
                assert f"{m.players[s]} ({scores[s]})" in second
    assert shared  # the seeds include a shared win


def test_revealed_shows_every_hand_and_the_sealed_box_without_its_sealers():
    # docs/rules/hammer.md §12.3, §8.3 and R23 (bribes left in the box), R25 (a briber is never named)
    m = placed_match(3, seed=52)
    last_burning_ready(m, inquisitor=2)
    a, b = alive_of(m, 0)[0], alive_of(m, 1)[0]
    set_heat(m, a, 12)
    set_heat(m, b, 12)
    for seat in (2, 0, 1):
        m.apply(seat, {"type": "pass"})
    assert m.to_act() == [2] and m.state["choice"] is not None  # the box opened before this tie
    give(m, 2, "bribe-9", "accusation-1")
    give(m, 0, "denial-1")
    m.apply(2, {"type": "choose_witch", "villager": a, "bribes": [seal("bribe-9", b, -1)]})
    assert m.over and m.state["box"]  # sealed after the box opened: it never opens
    revealed = m.view(None)["revealed"]
    assert revealed == {
        "players": [{"seat": 0, "hand": ["denial-1"]}, {"seat": 1, "hand": []}, {"seat": 2, "hand": ["accusation-1"]}],
        "box": [{"card": "bribe-9", "target": b, "sign": -1, "value": -2}],
    }
    for view in views(m):
        assert view["revealed"] == revealed
        assert {"denial-1", "accusation-1", "bribe-9"} <= set(view["cards"])
        # the sealer shows in no view but its own tray, as during the game
        assert "seat" not in json.dumps(view["revealed"]["box"])
