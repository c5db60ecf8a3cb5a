"""The shared bot thinker (game/bots/thinker.py): decisions off the caller's thread, one
thought per bot at a time, a stale thought never played."""

from __future__ import annotations

import threading
import time

from game.bots import RandomBot, make_bot
from game.bots.thinker import BotThinker, BotTurns, thinks_on_a_thread
from game.engine import new_match


class SlowBot:
    """Chooses the first legal command once released; records the thread it ran on."""

    thinks_long = True

    def __init__(self) -> None:
        self.release = threading.Event()
        self.threads: list[str] = []
        self.running = 0
        self.most = 0

    def choose(self, view, legal, model=None):
        self.running += 1
        self.most = max(self.most, self.running)
        self.threads.append(threading.current_thread().name)
        self.release.wait(5)
        self.running -= 1
        return legal[0]


def test_a_search_bot_decides_on_a_worker_thread_over_a_copy():
    match = new_match("witch_trial", ["Ann", "Bob", "Cy"], seed=3)
    bot = SlowBot()
    thinker = BotThinker(bot, match, match.to_act()[0], threaded=True)
    assert not thinker.done.is_set()  # the caller is free while it thinks
    bot.release.set()
    assert thinker.done.wait(5)
    assert bot.threads[0] != threading.current_thread().name
    assert thinker.choice() in match.legal(thinker.seat)


def test_random_and_easy_bots_decide_at_once_normal_thinks_on_a_thread():
    match = new_match("witch_trial", ["Ann", "Bob", "Cy"], seed=3)
    assert not thinks_on_a_thread(RandomBot(1), match)
    assert not thinks_on_a_thread(make_bot(seed=1, level_name="easy"), match)
    assert thinks_on_a_thread(make_bot(seed=1, level_name="normal"), match)


def test_turns_drop_a_stale_thought_and_never_run_one_bot_twice_at_once():
    match = new_match("witch_trial", ["Ann", "Bob", "Cy"], seed=3)
    bot = SlowBot()
    seat = match.to_act()[0]
    woke = threading.Event()
    turns = BotTurns(on_done=woke.set)
    bots = {seat: bot}
    assert turns.step(match, bots.get) is None and turns.thinking_seat == seat
    # the position moves on without the bot (someone else played for the seat)
    match.apply(seat, match.legal(seat)[0])
    bots = dict.fromkeys(match.to_act(), bot)
    assert turns.step(match, bots.get) is None  # the old thought still holds the bot
    bot.release.set()
    assert woke.wait(5)
    deadline = time.monotonic() + 5
    thought = None
    while thought is None and time.monotonic() < deadline:
        thought = turns.step(match, bots.get)
        time.sleep(0.01)
    assert thought is not None and thought.state_id == match.state_id  # the new position's
    assert turns.dropped == 1 and bot.most == 1
