"""The search bot (game/bots/search.py): honest, deterministic, levelled.

Honesty, proved: over many random positions of every game with
``determinize``, a match and its twin (same view and log for the seat, different hidden
cards and generator) get the same command from the same bot; a control bot that
searches the real match instead fails that check.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import replace

import pytest

from game.bots import LEVELS, RandomBot, SearchBot, SeatModel, bot_move, make_bot, play_bots, policy_for
from game.engine import new_match
from game.engine.rng import MatchRng
from tests.bots.kit import is_listed, positions, searched_games, twin

GAMES_WITH_DETERMINIZE = searched_games()


def small_bot(seed: int) -> SearchBot:
    """A Normal bot on a small fixed budget (no time limit: deterministic)."""
    return SearchBot(seed, "normal", iterations=24, time_limit=0)


class PeekingModel(SeatModel):
    """The control: 'samples' are copies of the real match (only the dice reseeded)."""

    def sample(self, rng: random.Random):
        world = self._match.copy()
        world.rng = MatchRng(rng.getrandbits(63))
        return world


def decision_positions(game: str, count: int, seed: int):
    """Positions where the seat to act has a real choice."""
    out = []
    for m in positions(game, count * 3, seed=seed):
        seat = m.to_act()[0]
        if len(m.legal(seat)) > 1:
            out.append((m, seat))
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("game", GAMES_WITH_DETERMINIZE)
def test_the_bot_chooses_the_same_in_worlds_that_look_the_same(game):
    rng = random.Random(25)
    for i, (m, seat) in enumerate(decision_positions(game, 12, seed=250)):
        other = twin(m, seat, rng)
        mine = bot_move(small_bot(i), m, seat)
        theirs = bot_move(small_bot(i), other, seat)
        assert mine == theirs, f"position {i}: the bot's choice depends on hidden information"
        assert is_listed(mine, m.legal(seat)) or game == "hammer"  # Hammer may seal bribes on a listed command


@pytest.mark.parametrize("game", GAMES_WITH_DETERMINIZE)
def test_a_bot_that_reads_the_real_state_fails_the_same_check(game):
    rng = random.Random(26)
    differ = 0
    for i, (m, seat) in enumerate(decision_positions(game, 12, seed=250)):
        other = twin(m, seat, rng)
        mine = small_bot(i).choose(m.view(seat), m.legal(seat), PeekingModel(m, seat))
        theirs = small_bot(i).choose(other.view(seat), other.legal(seat), PeekingModel(other, seat))
        differ += mine != theirs
    assert differ >= 3, "the control bot should be caught reading hidden information"


@pytest.mark.parametrize("game", GAMES_WITH_DETERMINIZE)
def test_same_seed_and_budget_same_choices(game):
    for m, seat in decision_positions(game, 4, seed=260):
        before = m.to_json()
        first = bot_move(small_bot(7), m, seat)
        assert bot_move(small_bot(7), m, seat) == first
        assert m.to_json() == before, "thinking must not change the match"


def test_a_game_of_search_bots_replays_exactly():
    def play():
        m = new_match("witch_trial", ["A", "B", "C"], seed=4)
        bots = {
            0: SearchBot(1, "normal", iterations=12, time_limit=0),
            1: make_bot("random", 2),
            2: SearchBot(3, "easy"),
        }
        play_bots(m, bots, max_commands=60)
        return m.to_json()

    assert play() == play()


def test_levels_and_kinds():
    assert list(LEVELS) == ["easy", "normal", "hard"]
    assert LEVELS["easy"].iterations == 0
    assert LEVELS["hard"].iterations > LEVELS["normal"].iterations > 0
    assert LEVELS["normal"].time_limit is not None and LEVELS["normal"].time_limit <= 0.15
    assert isinstance(make_bot("random"), RandomBot)
    assert make_bot(level_name="hard").level.name == "hard"
    with pytest.raises(ValueError):
        make_bot(level_name="godlike")
    with pytest.raises(ValueError):
        make_bot("clever")


def test_the_time_limit_caps_thinking():
    # a position with more than one sensible command (with only one, nothing is searched)
    m, seat = next(
        (m, seat)
        for m, seat in decision_positions("witch_trial", 6, seed=270)
        if len(policy_for(m).sensible(m, seat, m.legal(seat))) > 1
    )
    bot = SearchBot(1, "hard", iterations=10**6, time_limit=0.05)
    start = time.perf_counter()
    command = bot_move(bot, m, seat)
    assert time.perf_counter() - start < 2.0  # generous: the machine is shared
    assert command in m.legal(seat)
    assert 0 < bot.last_iterations < 10**6


def test_a_single_legal_command_is_played_without_thinking():
    m, seat = decision_positions("witch_trial", 1, seed=271)[0]
    only = m.legal(seat)[:1]
    bot = SearchBot(1, "hard", time_limit=0)
    assert bot.choose(m.view(seat), only, SeatModel(m, seat)) == only[0]
    assert bot.last_iterations == 0


def test_without_a_model_the_bot_still_plays_a_legal_command():
    """A seat with no forward model (a remote client's view only) gets a random
    legal command rather than an error."""
    m, seat = decision_positions("witch_trial", 1, seed=272)[0]
    assert SearchBot(1).choose(m.view(seat), m.legal(seat)) in m.legal(seat)


def test_easy_witch_trial_bot_beats_random_players():
    """Easy is 'random with a little sense': it already wins most 4-player games
    against three random seats (random is 25%)."""
    wins = 0.0
    games = 30
    for g in range(games):
        m = new_match("witch_trial", ["A", "B", "C", "D"], seed=500 + g)
        hero = g % 4
        bots = {s: RandomBot(g * 10 + s) for s in range(4)}
        bots[hero] = SearchBot(g, "easy")
        play_bots(m, bots)
        winners = m.result()["winners"]
        wins += (hero in winners) / len(winners)
    assert wins / games >= 0.5


# ------------------------------------------------------- a story game: no search --
class CountingModel(SeatModel):
    """A seat's model that counts the worlds a bot asks for."""

    __slots__ = ("samples",)

    def __init__(self, match, seat):
        super().__init__(match, seat)
        self.samples = 0

    def sample(self, rng):
        self.samples += 1
        return super().sample(rng)


def test_games_that_turn_search_down_are_the_ones_the_tests_leave_unsearched():
    from game.engine import GAMES
    from tests.bots.kit import NOT_SEARCHED, searchable_games

    assert sorted(g for g in searchable_games() if not GAMES[g].can_search()) == sorted(NOT_SEARCHED)
    assert searched_games() == [g for g in searchable_games() if GAMES[g].can_search()]


def test_malleus_player_seats_play_the_story_style_at_every_level():
    """Malleus (game/bots/malleus.py, "No search"): a bot seat of any level moves the
    story on with neutral text and never asks for a world; it moves at once (no
    worker thread)."""
    from game.ui.session import thinks_on_a_thread

    for m in positions("malleus", 3, seed=280):
        seat = next((s for s in m.to_act() if s != 0 and len(m.legal(s)) > 1), None)
        if seat is None:
            continue
        for name in ("easy", "normal", "hard"):
            bot = SearchBot(3, name)
            model = CountingModel(m, seat)
            command = bot.choose(m.view(seat), m.legal(seat), model)
            assert is_listed(command, m.legal(seat)), command
            assert model.samples == 0 and bot.last_iterations == 0
            assert not thinks_on_a_thread(bot, m)


def test_root_candidates_fill_free_text_the_game_s_way(monkeypatch):
    """A searched game whose legal list has free text ("" fields): every root candidate
    is playable (the first command of a type the policy skipped gets a neutral text
    too), so thinking never applies an empty text. (Malleus' building rotation,
    search allowed for the test: add_villager / add_fact_relation / pass.)"""
    from game.rules.malleus import MalleusMatch

    monkeypatch.setattr(MalleusMatch, "search_bots", True)
    m = new_match("malleus", ["Prévôt", "Ann", "Bob", "Cy"], seed=5)
    rng = random.Random(3)
    checked = 0
    while checked < 4 and not m.over:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        texts = [c for c in legal if '""' in json.dumps(c)]  # free text listed empty
        if len({c["type"] for c in legal}) > 1 and texts:
            bot = SearchBot(4, "normal", iterations=2, time_limit=0)
            bot.level = replace(bot.level, proposals=1)  # most types come from the legal list
            for candidate in bot._candidates(m.determinize(seat, rng), seat, legal, rng):
                assert is_listed(candidate, legal), candidate
            checked += 1
        m.apply(seat, policy_for(m).choose(m, seat, legal, rng))
    assert checked == 4


@pytest.mark.parametrize("game", GAMES_WITH_DETERMINIZE)
def test_root_candidates_are_commands_of_the_legal_list(game):
    """The first command of each type the policy did not propose joins the candidates
    as listed (a game's policy may assume it sees the whole legal list, so it is not
    asked to fill one command) — each type that has a command passing the game's sense
    checks (test_sense.py)."""
    rng = random.Random(7)
    for m, seat in decision_positions(game, 4, seed=290):
        legal = m.legal(seat)
        bot = SearchBot(4, "normal", iterations=2, time_limit=0)
        bot.level = replace(bot.level, proposals=1)
        world = m.determinize(seat, rng)
        candidates = bot._candidates(world, seat, legal, rng)
        sensible = policy_for(world).sensible(world, seat, legal)
        assert {c["type"] for c in candidates} == {c["type"] for c in sensible}
        for candidate in candidates:
            assert is_listed(candidate, legal) or game == "hammer", candidate  # Hammer may seal bribes


# ------------------------------------------------ Hard: sequential halving at the root --
def small_hard_bot(seed: int) -> SearchBot:
    bot = SearchBot(seed, "hard", iterations=48, time_limit=0)
    bot.level = replace(bot.level, proposals=10)
    return bot


@pytest.mark.parametrize("game", GAMES_WITH_DETERMINIZE)
def test_hard_s_halving_chooses_the_same_in_worlds_that_look_the_same(game):
    """Hard spends its iterations by sequential halving over worlds shared by the
    candidates; still a function of what the seat sees."""
    assert LEVELS["hard"].root == "halving"
    rng = random.Random(35)
    for i, (m, seat) in enumerate(decision_positions(game, 6, seed=350)):
        other = twin(m, seat, rng)
        before = m.to_json()
        mine = bot_move(small_hard_bot(i), m, seat)
        assert bot_move(small_hard_bot(i), other, seat) == mine, f"position {i}: hidden information leaked"
        assert bot_move(small_hard_bot(i), m, seat) == mine, "same seed and budget, same choice"
        assert m.to_json() == before, "thinking must not change the match"


@pytest.mark.parametrize("game", GAMES_WITH_DETERMINIZE)
def test_a_halving_bot_that_reads_the_real_state_fails_the_same_check(game):
    rng = random.Random(36)
    differ = 0
    for i, (m, seat) in enumerate(decision_positions(game, 12, seed=250)):
        other = twin(m, seat, rng)
        mine = small_hard_bot(i).choose(m.view(seat), m.legal(seat), PeekingModel(m, seat))
        theirs = small_hard_bot(i).choose(other.view(seat), other.legal(seat), PeekingModel(other, seat))
        differ += mine != theirs
    assert differ >= 3, "the control bot should be caught reading hidden information"


def test_halving_spends_the_budget_and_keeps_the_better_half_each_round():
    """Every candidate is tried in the first round, in the same worlds; the budget is
    spent (within one world's worth per round)."""
    m, seat = next(
        (m, seat)
        for m, seat in decision_positions("witch_trial", 6, seed=270)
        if len(policy_for(m).sensible(m, seat, m.legal(seat))) > 2
    )
    bot = SearchBot(2, "hard", iterations=200, time_limit=0)
    bot.choose(m.view(seat), m.legal(seat), SeatModel(m, seat))
    assert 150 <= bot.last_iterations <= 200


def test_a_level_with_its_belief_off_draws_uniform_worlds(monkeypatch):
    """``Level.weigh`` (for measurements: a belief against uniform worlds) and
    ``Level.reads`` (how the belief expects the others to play) reach the game's redraw;
    the levels themselves weigh, Normal reading the others as sensible players, Hard as
    thinking ones."""
    assert LEVELS["normal"].weigh and LEVELS["hard"].weigh
    m, seat = decision_positions("salem", 1, seed=370)[0]
    policy = policy_for(m)
    asked: list[tuple[bool, str]] = []
    redraw = policy.redraw

    def recording(world, seat, weigh=True, reads="sensible"):
        asked.append((weigh, reads))
        return redraw(world, seat, weigh, reads)

    monkeypatch.setattr(policy, "redraw", recording)
    for weigh in (True, False):
        bot = SearchBot(3, "normal", iterations=8, time_limit=0)
        bot.level = replace(bot.level, weigh=weigh, proposals=3)
        bot_move(bot, m, seat)
    bot_move(SearchBot(3, "hard", iterations=8, time_limit=0), m, seat)
    assert asked == [(True, "sensible"), (False, "sensible"), (True, "thinking")]
