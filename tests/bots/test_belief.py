"""Belief from public behaviour (game/bots/belief.py and the games' bot modules): a seat's
odds over the hidden sides come from what it saw, move the way the table's acts say, and
weigh the search's worlds — and a belief that peeks at the real hidden state is caught
by the same twins check that clears the honest one.
"""

from __future__ import annotations

import random

import pytest

from game.bots import SearchBot, SeatModel, bot_move, policy_for
from game.bots.salem import witch_odds
from game.bots.search import LEVELS
from game.bots.testimony import belief_weights, table_for
from game.bots.worlds import Worlds
from game.engine import new_match
from tests.bots.kit import positions, script, twin
from tests.rules.salem_kit import stage

BELIEF_GAMES = ["salem", "testimony"]


# --------------------------------------------------------------- what moves it --
def test_salem_the_nights_victim_is_believed_not_to_be_a_witch():
    """docs/rules/salem.md §3.6: the witches choose the Night's victim; a seat they
    chose is less likely one of them."""
    m = stage(5, rows={3: "N N W N N", 4: "C N N N N"}, pile=["c58"])
    m.apply(0, {"type": "draw_two"})  # Night: the vote, the Gavel (seat 4 guards seat 1), confessions
    answers = {"night_vote": {3: {"type": "night_vote", "target": 1}}, "gavel": {4: {"type": "gavel", "target": 1}}}
    while m.state["stack"] and m.state["stack"][-1].get("window"):
        w = m.state["stack"][-1]["window"]
        for seat in list(w["order"]):
            if seat in w["waiting"]:
                m.apply(seat, answers.get(w["name"], {}).get(seat, {"type": "pass"}))
    assert any(e["type"] == "night_target" and e["seat"] == 1 and e["saved"] == "gavel" for e in m.log(0))
    odds = witch_odds(m.view(0), m.log(0), 0)
    assert odds is not None
    assert odds[1] < 0.5 < min(odds[p] for p in (2, 3, 4))


def test_salem_a_witch_who_knows_every_witch_needs_no_belief():
    m = stage(5, rows={2: "N W N N N"})
    m.state["known"][2] = [2]
    assert witch_odds(m.view(2), m.log(2), 2) is None  # the only Witch card is its own


def test_testimony_a_seen_accusation_of_a_known_puritan_points_at_a_heathen():
    """docs/rules/testimony.md §3: a token's side is seen by investigating its target.
    A seat that accused someone the looker knows to be a Puritan is likelier a Heathen."""
    m = new_match("testimony", ["A", "B", "C", "D", "E"], seed=11)
    st = m.state
    # the looker (seat 0) is a Puritan who knows seat 1's Character (a Puritan) by a share
    puritans = list(m.cat.puritans)
    heathens = list(m.cat.heathens)
    st["characters"] = [puritans[0], puritans[1], heathens[0], puritans[2], heathens[1]]
    st["set_aside"] = puritans[3]
    st["shares"].append({"share": 1, "by": 0, "with": 1, "turn": 1, "cards": ["character", "character"]})
    st["tokens"].append({"token": "g1t1", "placer": 3, "side": "accuse", "target": 1, "turn": 1})
    st["investigations"].append({"seat": 0, "targets": [1], "turn": 2, "seen": ["g1t1"]})
    weights = belief_weights(m.view(0), 0)
    assert weights is not None
    deal_weight, accuse_chance = weights
    three_heathen = ["puritan", "puritan", "puritan", "heathen", "heathen"]
    three_puritan = ["puritan", "puritan", "heathen", "puritan", "heathen"]
    assert deal_weight(three_heathen) > deal_weight(three_puritan)
    assert accuse_chance("heathen", "puritan") > accuse_chance("puritan", "puritan")


def test_testimony_hard_reads_a_three_player_table_as_searching_players_play():
    """docs/rules/testimony.md §3.2-3.3: a token's side is seen by investigating its
    target. The Hard level expects the others to play as searching seats do (the table
    learned from Normal seats at 3 players): a Heathen, who knows every other seat is a
    Puritan, hardly ever defends one, so a defence seen is read as the defender's being a
    Puritan far more firmly than Normal's table of looser players reads it."""
    assert (LEVELS["normal"].reads, LEVELS["hard"].reads) == ("sensible", "thinking")
    assert table_for(3, "thinking") == "testimony/thinking-3"
    assert table_for(3, "sensible") == table_for(5, "thinking") == "testimony"  # none learned at 5
    m = new_match("testimony", ["A", "B", "C"], seed=11)
    st = m.state
    puritans = list(m.cat.puritans)
    heathens = list(m.cat.heathens)
    st["characters"] = [puritans[0], heathens[0], puritans[1]]
    st["set_aside"] = puritans[2]
    st["tokens"].append({"token": "g1t1", "placer": 2, "side": "defend", "target": 1, "turn": 1})
    st["investigations"].append({"seat": 0, "targets": [1], "turn": 2, "seen": ["g1t1"]})
    seat_1_heathen = ["puritan", "heathen", "puritan"]
    seat_2_heathen = ["puritan", "puritan", "heathen"]

    def odds(table: str) -> float:  # seat 2 the Heathen against seat 1
        weights = belief_weights(m.view(0), 0, table)
        assert weights is not None and weights[0] is not None
        return weights[0](seat_2_heathen) / weights[0](seat_1_heathen)

    assert odds("testimony/thinking-3") < 0.5
    assert odds("testimony/thinking-3") < odds("testimony") / 2
    thinking_chance = belief_weights(m.view(0), 0, "testimony/thinking-3")[1]  # type: ignore[index]
    sensible_chance = belief_weights(m.view(0), 0, "testimony")[1]  # type: ignore[index]
    assert thinking_chance("heathen", "puritan") > sensible_chance("heathen", "puritan")


def test_the_tool_learns_a_table_of_thinking_players_from_normal_seats(monkeypatch):
    """tools/learn_beliefs.py --thinking N: every seat of N is the Normal level (here on a
    tiny budget), the table has the kinds the belief reads, and it replays exactly."""
    tool = script("tools", "learn_beliefs")
    made = []

    def quick(seed, level, time_limit=None):
        made.append(level)
        return SearchBot(seed, level, iterations=6, time_limit=0)

    monkeypatch.setattr(tool, "SearchBot", quick)
    table = tool.testimony_counts(2, 3, "thinking")
    assert made == ["normal"] * 6  # two games, three Normal seats each
    assert set(table) == {"place", "accuse", "side_accuse", "side_defend"}
    assert all(0.0 < v < 1.0 for v in table["accuse"].values())
    assert tool.testimony_counts(2, 3, "thinking") == table


# ----------------------------------------------------------- honest, with teeth --
class PeekingBelief:
    """The control: a belief that reads the real match's hidden sides (what a cheating
    bot would do), standing in for the policy's ``belief``."""

    def __init__(self, match):
        self.match = match

    def __call__(self, view, log, seat, reads="sensible"):
        s = self.match.state
        if self.match.game_id == "salem":
            return {p: (20.0 if self.match._holds(p, "witch") else 0.05) for p in range(self.match.n) if p != seat}
        truth = [self.match.cat.belief(c) for c in s["characters"]]
        return (lambda beliefs: 1.0 if beliefs == truth else 0.0), (lambda a, b: 0.5)


def first_draws(match, seat, seed):
    worlds = Worlds(SeatModel(match, seat), random.Random(seed))
    return [worlds.sample(random.Random(k)).to_json() for k in range(3)]


@pytest.mark.parametrize("game", BELIEF_GAMES)
def test_a_belief_that_reads_the_real_hidden_state_fails_the_twins_check(game, monkeypatch):
    """The honest belief passes test_worlds' twins check; this control, the same code
    with a belief that peeks at the real sides, is caught by it."""
    policy = policy_for(positions(game, 1, seed=1)[0])
    rng = random.Random(35)
    caught = checked = 0
    for i, m in enumerate(positions(game, 60, seed=350)):
        seat = rng.randrange(m.n)
        other = twin(m, seat, rng)
        if game == "salem" and all(m._holds(p, "witch") == other._holds(p, "witch") for p in range(m.n)):
            continue  # the twin hides the same sides: nothing to peek at
        if game == "testimony" and [m.cat.belief(c) for c in m.state["characters"]] == [
            m.cat.belief(c) for c in other.state["characters"]
        ]:
            continue
        checked += 1
        monkeypatch.setattr(policy, "belief", PeekingBelief(m))
        mine = first_draws(m, seat, i)
        monkeypatch.setattr(policy, "belief", PeekingBelief(other))
        theirs = first_draws(other, seat, i)
        caught += mine != theirs
        monkeypatch.undo()
    assert checked >= 6
    assert caught >= checked * 2 // 3, f"the control was caught {caught} times of {checked}"


@pytest.mark.parametrize("game", BELIEF_GAMES)
def test_the_search_bot_with_a_peeking_belief_chooses_differently_between_twins(game, monkeypatch):
    """The twins check on the bot's decision (test_search_bot.py) catches the control
    too: a bot whose worlds lean on the real sides decides differently in twins."""
    policy = policy_for(positions(game, 1, seed=1)[0])
    rng = random.Random(36)
    differ = 0
    for i, m in enumerate(positions(game, 40, seed=360)):
        seat = m.to_act()[0]
        if len(m.legal(seat)) < 2:
            continue
        other = twin(m, seat, rng)
        monkeypatch.setattr(policy, "belief", PeekingBelief(m))
        mine = bot_move(SearchBot(i, "normal", iterations=24, time_limit=0), m, seat)
        monkeypatch.setattr(policy, "belief", PeekingBelief(other))
        theirs = bot_move(SearchBot(i, "normal", iterations=24, time_limit=0), other, seat)
        monkeypatch.undo()
        differ += mine != theirs
    assert differ >= 2, "the peeking belief should show in some decisions"
