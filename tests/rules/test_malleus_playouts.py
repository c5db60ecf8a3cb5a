"""Seeded random Malleus playouts (DESIGN D9; docs/rules/malleus.md §5: what each seat may see).

140 games over 3-5 players, each played through the beginning phase and the whole first
round (its secret action phase, end-of-round rewards and win check, round 2's draws),
every invariant checked at every step (see ``tests/rules/malleus_playout.py``); two games
played to the end (one with every view of every seat checked at every step); and
planted-leak controls proving the checks bite.
Full-length soaks of 200 whole games: ``benchmarks/malleus_playouts.py``.
"""

from __future__ import annotations

import pytest

from game.rules.malleus import MalleusMatch
from game.rules.malleus import view as view_module
from tests.rules.malleus_playout import play_game

GAMES = 140  # the suite stays under ten minutes; the benchmark plays whole games past these


@pytest.mark.slow(seconds=35)
def test_seeded_playouts_keep_every_invariant():
    rounds = steps = 0
    for game in range(GAMES):
        summary = play_game(game, until_round=1)
        steps += summary["steps"]
        rounds += summary["round"] >= 2
    assert rounds == GAMES  # every game finished round 1
    assert steps > 100 * GAMES


@pytest.mark.parametrize("game,full_views", [(3, True), (4, False)])
def test_whole_games_end_with_a_winner(game, full_views):
    summary = play_game(game, full_views=full_views)
    assert summary["over"]
    m = summary["match"]
    result = m.result()
    assert result["winners"] and max(result["scores"]) >= 18
    assert 0 not in result["winners"]  # the Prévôt never wins


def test_planted_leak_in_a_view_is_caught(monkeypatch):
    original = view_module.own_view

    def leaky_own_view(m, seat):
        view = original(m, seat)
        other = 1 if seat != 1 else 2
        view["peek"] = m.state["ledgers"][other]["secret"]  # the planted leak
        return view

    monkeypatch.setattr(view_module, "own_view", leaky_own_view)
    with pytest.raises(AssertionError, match="sees"):
        play_game(0, until_round=1)


def test_planted_leak_of_a_note_to_the_prevot_is_caught(monkeypatch):
    original = MalleusMatch.emit

    def emit(self, event, to=None, others=None):
        if event.get("type") == "note" and to is not None:
            to = list(to) + [0]  # the planted leak: the Prévôt reads the notes
        original(self, event, to=to, others=others)

    monkeypatch.setattr(MalleusMatch, "emit", emit)
    with pytest.raises(AssertionError, match=r"seat 0 sees \(.N"):
        for game in range(12):
            play_game(game, until_round=2)
