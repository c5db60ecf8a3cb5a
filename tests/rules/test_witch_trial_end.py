"""The end of a game of Witch Trial: what ended it and who won in words, every hidden card
turned face up for everyone, and where each lawyer's money came from
(docs/rules/witch_trial.md §5.4, §6.3)."""

from __future__ import annotations

import random

from game.bots import RandomBot, play_bots
from game.engine import new_match
from tests.rules.witch_trial_kit import fresh, rest_through, script_dice, start_trial

VIEWERS = (0, 1, 2, None)


def pass_round(m) -> None:
    for _ in range(m.n):
        m.apply(m.to_act()[0], {"type": "pass"})


def test_nothing_is_revealed_before_the_end():
    # §6.3: the reveal belongs to the end only
    m = fresh(seed=3)
    for _ in range(2):
        m.apply(m.to_act()[0], {"type": "pass"})
    for viewer in VIEWERS:
        view = m.view(viewer)
        assert "ending" not in view and "revealed" not in view


def test_the_end_shows_every_hand_and_the_deck_to_everyone_alike():
    # §6.3: once over, each seat and a spectator see the same reveal: every hand, the deck
    m = fresh(seed=3)
    hands = [list(h) for h in m.state["hands"]]
    deck = list(m.state["deck"])
    log_before = {v: m.log(v) for v in VIEWERS}
    pass_round(m)
    assert m.over
    views = [m.view(v) for v in VIEWERS]
    for view in views:
        assert view["revealed"] == {"hands": hands, "deck": deck}
        assert view["ending"] == views[0]["ending"]
        every_card = [c for hand in hands for c in hand] + deck
        assert all(view["cards"][c] == m.cat.kind_of[c] for c in every_card)  # the kinds to draw them
        assert [p["hand"] for p in view["players"] if p["seat"] != view["seat"]] == [None] * (
            3 - (view["seat"] is not None)
        )  # the players' rows keep their shape
    for viewer in VIEWERS:  # nothing changed in the log: the last command's events only
        new = m.log(viewer)
        assert new[: len(log_before[viewer])] == log_before[viewer]
        assert [e["type"] for e in new[len(log_before[viewer]) :]] == [
            "pass",
            "turn",
            "pass",
            "turn",
            "pass",
            "game_over",
        ]


def test_the_ending_names_the_last_to_pass_and_the_winner():
    # §5.1: n passes in a row end the game; most money wins
    m = new_match("witch_trial", ["Ann", "Bob", "Cy"], seed=3)
    m.state["money"] = [70, 95, 40]
    first = m.state["turn"]
    pass_round(m)
    last = m.players[(first + 2) % 3]
    assert m.view(None)["ending"] == f"Every lawyer passed in turn, {last} last. Bob wins with $95 (Ann $70, Cy $40)."


def test_the_ending_names_a_shared_win_and_money_left_in_court():
    # §5.1, §5.2: ties share the win; Court Fees left at the end belong to no one
    m = new_match("witch_trial", ["Ann", "Bob", "Cy"], seed=3)
    m.state["money"] = [80, 30, 80]
    m.state["court_fees"] = 25
    first = m.state["turn"]
    pass_round(m)
    last = m.players[(first + 2) % 3]
    assert m.view(1)["ending"] == (
        f"Every lawyer passed in turn, {last} last (the $25 left in the Court Fees "
        "goes to no one). Ann and Cy share the win with $80 each (Bob $30)."
    )


def test_the_ending_when_the_cards_run_out():
    # §5.1: deck and lineup empty, no case pending
    m = new_match("witch_trial", ["Ann", "Bob", "Cy"], seed=0)
    st = m.state
    st["discard"].extend(st["deck"] + st["lineup"][:4])
    st["deck"] = []
    st["lineup"] = [None, None, None, None, st["lineup"][4]]
    st["money"] = [50, 50, 50]
    m.apply(st["turn"], {"type": "buy", "slot": 5})
    assert m.over
    assert m.view(0)["ending"] == (
        "The deck and the lineup ran out with no case left to try. Ann, Bob and Cy share the win with $50 each."
    )
    assert m.view(0)["revealed"]["deck"] == []


def test_the_money_breakdown_tells_where_each_lawyers_money_came_from():
    # §5.4: $50 to start, minus cards bought, plus defense budgets, verdicts and pleas
    m = fresh(seed=1)
    buyer = m.state["turn"]
    m.apply(buyer, {"type": "buy", "slot": 1})  # $20 into the Court Fees
    prosecutor, defender = (buyer + 1) % 3, (buyer + 2) % 3
    # a trial: Lewis (defense budget $10) for Smuggling ($60 court money); the prosecution wins
    m.state["turn"] = defender
    start_trial(m, "lewis", "smuggling", prosecutor=prosecutor, defender=defender)
    rest_through(m, "prosecution", "defense")
    script_dice(m, 6, 6)
    rest_through(m, "final")  # 12 + 11: guilty, the prosecutor takes $80
    # a second trial ends in a plea: Alsace ($40 budget) for Golfing ($30): $30 split 10 / 20
    m.state["turn"] = prosecutor
    start_trial(m, "alsace", "golfing", prosecutor=defender, defender=prosecutor)
    m.apply(defender, {"type": "rest"})
    m.apply(defender, {"type": "offer_plea", "to_prosecution": 10})
    m.apply(prosecutor, {"type": "answer_plea", "accept": True})
    assert m.score_breakdown() == []  # only once the game is over
    pass_round(m)
    lines = {seat: {line["label"]: line["points"] for line in m.score_breakdown()[seat]} for seat in range(3)}
    assert lines[buyer] == {
        "Starting money": 50,
        "Paid for cards": -20,
        "Defense budgets": 0,
        "Verdicts won": 0,
        "Plea deals": 0,
    }
    assert lines[prosecutor] == {
        "Starting money": 50,
        "Paid for cards": 0,
        "Defense budgets": 40,
        "Verdicts won": 80,
        "Plea deals": 20,
    }
    assert lines[defender] == {
        "Starting money": 50,
        "Paid for cards": 0,
        "Defense budgets": 10,
        "Verdicts won": 0,
        "Plea deals": 10,
    }
    for seat in range(3):
        assert sum(lines[seat].values()) == m.result()["scores"][seat]


def test_the_breakdown_adds_up_in_random_games():
    # §5.4: every seat's lines add up to its money, whatever happened
    for seed in range(12):
        players = 3 + seed % 5
        m = new_match(
            "witch_trial", [f"P{i}" for i in range(players)], seed=seed, options={"double_pass": seed % 2 == 0}
        )
        play_bots(m, {s: RandomBot(seed * 10 + s) for s in range(players)})
        assert m.over
        breakdown = m.score_breakdown()
        for seat in range(players):
            assert [line["label"] for line in breakdown[seat]] == [
                "Starting money",
                "Paid for cards",
                "Defense budgets",
                "Verdicts won",
                "Plea deals",
            ]
            assert sum(line["points"] for line in breakdown[seat]) == m.state["money"][seat]


def test_a_finished_game_determinizes_to_itself():
    # §6.3: nothing is hidden once the game is over, so a bot's sampled world is the game
    m = fresh(seed=5)
    pass_round(m)
    world = m.determinize(0, random.Random(1))
    assert world.state == m.state and world.view(0) == m.view(0)
