"""The frame right after a move, at any table: one person at seat 0 against bots the
benchmark moves itself (random, one move at a time), game after game until MOVES moves.
Prints numbers, asserts nothing.

Each timed frame is the frame the loop draws right after a bot's move (the view re-read,
the table's static part redrawn, the card's flight started), its CPU time on the loop's
thread, the 60 fps pacing sleep left out; between moves the loop runs the frames it would
run in a bot's pause (the flight, the table's own wake-ups to draw ahead), untimed.

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python benchmarks/moves.py hammer 5 [--size 1920x1080]``
(benchmarks/render_salem.py does the same for the 12-seat Salem table, with more rows).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("WITCHHUNT_HOME", tempfile.mkdtemp(prefix="witchhunt-bench-"))

#: at most this many frames between two moves (a bot's pause of 0.6 s holds ~36 at 60 fps)
MAX_BETWEEN = 36


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--size", default="1920x1080", help="window size, e.g. 1280x720")
    parser.add_argument("--moves", type=int, default=300)
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))

    from pacing import PaceClock

    from game.bots.base import RandomBot
    from game.ui.app import make_app
    from game.ui.scenes.menu import MenuScene
    from game.ui.session import HotseatSession, open_table
    from game.ui.settings import Settings

    app = make_app(Settings(window_w=width, window_h=height))
    clock = app.clock = PaceClock(app.clock)
    cpu: list[float] = []
    seed, games = 7, 0
    while len(cpu) < args.moves:
        names = [f"Player {i + 1}" for i in range(args.players)]
        bot_seats = list(range(1, args.players))
        session = HotseatSession.new(
            app, args.game, names, bot_seats, seed=seed, bot_delay=1e9, bot_levels=dict.fromkeys(bot_seats, "easy")
        )
        match, games = session.match, games + 1
        bots = {s: RandomBot(seed * 10 + s) for s in range(args.players)}
        table = open_table(app, session, base=MenuScene(app))
        clock.pacing = False
        for _ in range(MAX_BETWEEN):  # the person looks at the new table before the bots move
            app.frame(wait=False)
        while not match.over and len(cpu) < args.moves:
            seat = match.to_act()[0]
            session._apply(seat, bots[seat].choose(match.view(seat), match.legal(seat)))
            if session.holding:
                session.release_hold()
            clock.pacing = True
            started = time.thread_time()
            app.frame(wait=False)
            cpu.append(time.thread_time() - started)
            clock.pacing = False
            for _ in range(MAX_BETWEEN):
                wake = table.next_wake()
                if not app.animating() and (wake is None or wake > 0.1):
                    break
                app.frame(wait=False)
        session.close()
        seed += 1
    cpu.sort()
    n = len(cpu)

    def at(q: float) -> float:
        return cpu[min(n - 1, int(q * n))] * 1000

    print(
        f"{args.game}, {args.players} players, {width}x{height}: frame right after a move, CPU ms over "
        f"{n} moves in {games} games: p50 {at(0.5):.2f}  p95 {at(0.95):.2f}  p99 {at(0.99):.2f}  "
        f"max {cpu[-1] * 1000:.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
