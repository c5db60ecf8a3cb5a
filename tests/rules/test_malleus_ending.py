"""The end of the story: how it ended, and everything it kept hidden, for everyone
(docs/rules/malleus.md §5.7, §3.13, R32)."""

from __future__ import annotations

import json

from game.bots import RandomBot, play_bots
from game.engine import new_match
from tests.rules.malleus_kit import NAMES, quiet_phase, to_round_end, village_s


def _finished(seed: int, players: int = 4):
    m = new_match("malleus", NAMES[:players], seed=seed, options={"bots": list(range(players))})
    play_bots(m, {s: RandomBot(seed * 100 + s) for s in range(players)}, max_commands=3000)
    assert m.over
    return m


def test_nothing_is_told_or_revealed_before_the_end():
    # §5.7: before the end neither key exists
    m = village_s(turn=1)
    for seat in (0, 1, 2, 3, None):
        assert "ending" not in m.view(seat) and "revealed" not in m.view(seat)


def test_the_end_is_told_and_revealed_the_same_to_every_seat():
    # §5.7: every seat and the spectator get the same ending and the same revealed table
    m = _finished(seed=2)
    views = [m.view(s) for s in (0, 1, 2, 3, None)]
    assert len({json.dumps([v["ending"], v["revealed"]], sort_keys=True) for v in views}) == 1
    winner = m.result()["winners"][0]
    ending = views[0]["ending"]
    assert m.players[winner] in ending and f"round {m.state['round']}" in ending
    assert ending.count(".") <= 3  # one or two sentences (a name may hold a dot)
    revealed = views[4]["revealed"]
    st = m.state
    for entry in revealed["players"]:
        led = st["ledgers"][entry["seat"]]
        assert entry["secret"] == led["secret"] and entry["envy"] == led["envy"]
        assert entry["vendetta"] == led["vendetta"] and entry["companion"] == led["companion"]
        assert [h["card"] for h in entry["hand"]] == led["hand"]
    prevot_log = m.log(0)
    handed_in = [e for e in prevot_log if e["type"] == "secret_action"]
    assert len(revealed["secret_actions"]) == len(handed_in) > 0
    assert [a["seat"] for a in revealed["secret_actions"]] == [e["player"] for e in handed_in]
    secret_cards = [e for e in prevot_log if e["type"] == "card" and e["secret"]]
    assert [(c["seat"], c["card"]) for c in revealed["secret_cards"]] == [
        (e["player"], e["card"]) for e in secret_cards
    ]
    assert [d["card"] for d in revealed["discard"]] == st["discard"]


def test_notes_between_players_are_revealed_with_their_secret_action():
    # §5.7: even the notes the Prévôt never read come out at the end
    m = _finished(seed=1)
    notes = [e for e in m.log(0) if e["type"] == "note"]  # the Prévôt sees no text
    assert notes and all("text" not in n for n in notes)
    told = [(a["seat"], n["to"]) for a in m.view(None)["revealed"]["secret_actions"] for n in a["notes"]]
    assert told == [(n["from"], n["to"]) for n in notes]


def test_the_end_does_not_change_the_log():
    # §5.6, §5.7: the reveal is in the views only
    m = _finished(seed=3)
    before = json.dumps([m.log(s) for s in (0, 1, 2, 3, None)])
    for seat in (0, 1, 2, 3, None):
        m.view(seat)
    assert json.dumps([m.log(s) for s in (0, 1, 2, 3, None)]) == before
    assert not any("revealed" in e or "ending" in e for e in m.log(None))


def test_the_ending_says_why_on_equal_gain():
    # R32: equal personal gain goes to the higher villager standing, then the win is shared
    m = village_s(turn=1)
    st = m.state
    for p in (1, 2):
        st["ledgers"][p]["personal_gain"] = 18
        st["ledgers"][p]["vendetta"]["target"] = "v4"
    st["villagers"]["v1"]["standing"] = 14
    to_round_end(m)
    quiet_phase(m)
    assert m.result()["winners"] == [1]
    ending = m.view(None)["ending"]
    assert "Ann (Marie) and Bob (Gaspard) reached 18 personal gain" in ending
    assert "Ann wins" in ending and "stands highest" in ending


def test_a_shared_win_is_told_as_shared():
    # R32: same gain, same standing: a shared win
    m = village_s(turn=1)
    st = m.state
    for p in (1, 2):
        st["ledgers"][p]["personal_gain"] = 18
        st["ledgers"][p]["vendetta"]["target"] = "v4"
    st["villagers"]["v2"]["standing"] = 10
    st["villagers"]["v1"]["standing"] = 10
    to_round_end(m)
    quiet_phase(m)
    winners = m.result()["winners"]
    assert len(winners) == 2
    assert "share the win" in m.view(2)["ending"]
