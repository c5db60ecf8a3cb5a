"""A host process for the durability test (tests/net/test_durability.py): forked from
a ``multiprocessing`` fork server that has imported this module once, so starting one
costs milliseconds, and killed with SIGKILL at a random moment."""

from __future__ import annotations

import time

from game.engine import GAMES
from game.net.host import Host, Timings
from tests.toygame import CountingGame

TARGET = 200  # about 100 commands a game


def serve(save_path: str, seed: int, ports) -> None:
    GAMES[CountingGame.game_id] = CountingGame
    host = Host(
        CountingGame.game_id,
        2,
        bind="127.0.0.1",
        port=0,
        seed=seed,
        save_path=save_path,
        timings=Timings(heartbeat=0.3, silence=3.0),
        options={"target": TARGET},
    )
    host.start()
    ports.put(host.port)
    while True:  # until SIGKILL
        time.sleep(1)
