"""Render the Salem 1692 table's reference screenshots into docs/screenshots/ (DESIGN D9).

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/salem_screenshots.py [WIDTH HEIGHT] [--out DIR]

* salem_4p.png, salem_8p.png, salem_12p.png - a day turn in mid-game (12 with Town Hall)
* salem_ghosts_2p.png       - the 2-player game: two ghosts named by their Town Hall card
* salem_ghost_peek.png      - the same game right after a ghost peek: the peeked card shown to
                              the peeker alone until a click, before the curtain comes down
* salem_night.png           - Night: the witches' vote, the prompt of a witch
* salem_night_sleeper.png   - the same window for a seat without a role: "the town sleeps"
* salem_conspiracy_pick.png - a Conspiracy pick from the row on the left
* salem_trial.png           - a trial: the accuser clicks a Tryal card of the accused
* salem_confession.png      - the confession prompt
* salem_timer_night.png     - a timed game (R22) on the LAN: every seat's hourglass at Night
* salem_timer_turn.png      - a timed turn with 8 seconds left (the hourglass turns red)
* salem_lobby_ghosts.png    - the LAN lobby of a 2-player game: the ghost seats (a real host
                              on 127.0.0.1 and a second player joining)

Games are seeded playouts (the same pictures every run), fed by the tests' in-process
TableSource (one seat shown, no curtain).
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.engine import new_match  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.salem_table import SalemTableScene  # noqa: E402
from tests.ui.table_source import MatchTableSource, drive_until, open_table_scene  # noqa: E402

NAMES = [
    "Abigail",
    "Bartholomew",
    "Constance",
    "Deliverance",
    "Ezekiel",
    "Faith",
    "Gideon",
    "Hester",
    "Increase",
    "Jonathan",
    "Keziah",
    "Lydia",
]


def playout(players: int, seed: int, stop, options: dict | None = None, draw_bias: float = 0.5):
    """A seeded random game played until ``stop(match)``."""
    for attempt in range(60):
        m = new_match("salem", NAMES[:players], seed=seed + attempt, options=options or {})
        rng = random.Random(seed + attempt)

        def choose(m, seat, rng=rng):
            legal = m.legal(seat)
            draws = [c for c in legal if c["type"] == "draw_two"]
            if draws and rng.random() < draw_bias:
                return draws[0]
            return legal[rng.randrange(len(legal))]

        if drive_until(m, stop, choose, 4000):
            return m
    raise SystemExit(f"no position found for {players} players")


def window(name: str):
    def stop(m) -> bool:
        p = m.view(None)["pending"]
        return bool(p) and p.get("kind") == "window" and p.get("window") == name

    return stop


class TimedSource(MatchTableSource):
    """A source with clocks, as a LAN table gets them from the host."""

    def __init__(self, m, seat: int, clocks: dict[int, float], timer: float = 60.0) -> None:
        super().__init__(m, seat)
        self.left, self.timer_s = dict(clocks), timer

    def clocks(self) -> dict[int, float]:
        return dict(self.left)


class PeekSource(MatchTableSource):
    """The peeker's screen held after a ghost peek, as HotseatSession holds it."""

    holding = True

    def held_reveals(self) -> list[dict]:
        return [e for e in self.match.log(self._seat) if e["type"] == "ghost_peek" and e["seat"] == self._seat][-1:]


def shoot(app: App, m, seat: int, path: Path, frames: int = 6, source=None) -> None:
    scene = open_table_scene(app, SalemTableScene, source or MatchTableSource(m, seat), frames)
    pygame.image.save(app.screen, str(path))
    print("wrote", path, "seat", seat)
    return scene


def main(argv: list[str]) -> int:
    out = ROOT / "docs" / "screenshots"
    if "--out" in argv:
        i = argv.index("--out")
        out = Path(argv[i + 1])
        argv = argv[:i] + argv[i + 2 :]
    size = (int(argv[0]), int(argv[1])) if len(argv) >= 2 else (1280, 720)
    out.mkdir(parents=True, exist_ok=True)
    app = App(size=size)

    def day(n: int):
        return lambda m: m.state_id >= 14 * n // 2 and not m.view(None)["pending"] and not m.view(None)["played"]

    for n, name, options in (
        (4, "salem_4p.png", {}),
        (8, "salem_8p.png", {}),
        (12, "salem_12p.png", {"town_hall": True}),
    ):
        m = playout(n, 40 + n, day(n), options)
        shoot(app, m, m.view(None)["active"], out / name)
    m = playout(2, 7, lambda m: m.state_id >= 8 and not m.view(None)["pending"] and not m.view(None)["played"])
    shoot(app, m, m.view(None)["active"], out / "salem_ghosts_2p.png")
    peeker = m.view(None)["active"]
    m.apply(peeker, next(c for c in m.legal(peeker) if c["type"] == "ghost_peek" and c["index"] == 1))
    shoot(app, m, peeker, out / "salem_ghost_peek.png", source=PeekSource(m, peeker))
    m = playout(6, 3, window("night_vote"), draw_bias=0.8)
    w = m.state["stack"][-1]["window"]
    shoot(app, m, w["voters"][0], out / "salem_night.png")
    sleeper = next(s for s in w["order"] if s not in w["voters"])
    shoot(app, m, sleeper, out / "salem_night_sleeper.png")
    m = playout(7, 5, window("conspiracy"), draw_bias=0.6)
    shoot(app, m, m.state["stack"][-1]["window"]["order"][0], out / "salem_conspiracy_pick.png")
    m = playout(6, 9, lambda m: (m.view(None)["pending"] or {}).get("kind") == "trial", draw_bias=0.2)
    shoot(app, m, m.view(None)["pending"]["chooser"], out / "salem_trial.png")
    m = playout(5, 11, window("confess"), draw_bias=0.8)
    shoot(app, m, m.state["stack"][-1]["window"]["order"][0], out / "salem_confession.png")
    m = playout(6, 3, window("night_vote"), draw_bias=0.8)
    seat = m.state["stack"][-1]["window"]["order"][0]
    clocks = dict.fromkeys(m.to_act(), 42.3)
    shoot(app, m, seat, out / "salem_timer_night.png", source=TimedSource(m, seat, clocks))
    m = playout(8, 48, lambda m: m.state_id >= 30 and not m.view(None)["pending"] and not m.view(None)["played"])
    active = m.view(None)["active"]
    shoot(app, m, active, out / "salem_timer_turn.png", source=TimedSource(m, active, {active: 7.6}))
    lobby_shot(app, out / "salem_lobby_ghosts.png")
    return 0


def lobby_shot(app: App, path: Path) -> None:
    """A real host on 127.0.0.1 (2 players, a 60 s timer), our lobby, a second player."""
    import time

    from game.net.client import Client
    from game.net.host import Host
    from game.ui.scenes.lan import start_hosted_lobby
    from tests.ui.table_source import clear_scenes, run_frames

    clear_scenes(app)
    host = Host(
        "salem",
        2,
        owner_name="Abigail",
        auto_start=False,
        bind="127.0.0.1",
        port=0,
        save_path=None,
        table_name="Abigail's table",
        options={"timer_s": 60},
    )
    host.start()
    lobby = start_hosted_lobby(app, host, "Abigail")
    other = Client()
    other.connect("127.0.0.1", host.port, "Bartholomew")
    try:
        for _ in range(300):
            run_frames(app, 1)
            seen = lobby.client.lobby
            if seen and len(seen["seats"]) == 4 and not seen["waiting_for"]:
                break
            time.sleep(0.02)
        run_frames(app, 3)
        pygame.image.save(app.screen, str(path))
        print("wrote", path)
    finally:
        other.close()
        lobby.session.close()
        clear_scenes(app)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
