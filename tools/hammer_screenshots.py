"""Render the Hammer table's reference screenshots into docs/screenshots/ (DESIGN D9).

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/hammer_screenshots.py [WIDTH HEIGHT]

* hammer_table_5p.png       - 5 players, mid-game, seen by the player whose turn it is
* hammer_accuser_chooser.png - a brown card dropped on a villager: who accuses, with the heat each gives
* hammer_response_window.png - a response window: the public banner with a button per
                               seat that may answer and "No answers"
* hammer_drag.png            - a brown card being dragged, its valid targets lit

Games are seeded random playouts, so the pictures are the same on every run. The
table is fed by the tests' small in-process TableSource (no curtain) and driven by
real pygame events, like the smoke run.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.scenes.hammer_table import HammerTableScene  # noqa: E402
from game.ui.smoke_common import post_move  # noqa: E402
from tests.ui.hammer_source import MatchSource, place_all, play_until  # noqa: E402
from tests.ui.table_source import open_table_scene  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def table(app: App, source: MatchSource) -> HammerTableScene:
    return open_table_scene(app, HammerTableScene, source, frames=3)


def settle(app: App, scene: HammerTableScene) -> None:
    for _ in range(200):
        if not scene.animating:
            break
        scene.update(0.05)
    app.frame(wait=False)


def mid_game_5p(app: App) -> None:
    src = MatchSource.new(5, seed=4)
    place_all(src.match)

    def busy(m) -> bool:
        v = m.view(None)
        return (
            v["round"] >= 3
            and v["phase"] == "accusation"
            and not v["window"]
            and any(p["trophies"] for p in v["players"])
        )

    play_until(src.match, busy, seed=3)
    src.show(src.match.to_act()[0])
    scene = table(app, src)
    settle(app, scene)
    app.screenshot(str(OUT / "hammer_table_5p.png"))


def response_window(app: App) -> None:
    src = MatchSource.new(4, seed=8)
    place_all(src.match)

    def window(m) -> bool:
        w = m.view(None)["window"]
        return bool(w) and w["kind"] == "response" and w["value"] >= 2 and m.view(None)["round"] >= 2

    play_until(src.match, window, seed=6)
    src.show(None)  # hot-seat: the public banner asks who answers
    scene = table(app, src)
    settle(app, scene)
    app.screenshot(str(OUT / "hammer_response_window.png"))


def dragging(app: App) -> None:
    src = MatchSource.new(3, seed=2)
    place_all(src.match)

    def brown_turn(m) -> bool:
        v = m.view(None)
        if v["phase"] != "accusation" or v["window"] or v["round"] < 2:
            return False
        seat = m.to_act()[0]
        return sum(c["type"] == "accuse" for c in m.legal(seat)) >= 6

    play_until(src.match, brown_turn, seed=9)
    src.show(src.match.to_act()[0])
    scene = table(app, src)
    settle(app, scene)
    card = next(c["card"] for c in src.legal() if c["type"] == "accuse")
    start = scene.locate("card", card)
    target = scene.locate("villager", next(c["target"] for c in src.legal() if c.get("card") == card))
    post_move(app, start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(wait=False)
    steps = 6
    for i in range(1, steps + 1):  # stop short of the villager: the card hangs over the table
        p = (
            start[0] + (target[0] - start[0]) * i * 7 // (steps * 10),
            start[1] + (target[1] - start[1]) * i * 7 // (steps * 10),
        )
        post_move(app, p, held=True)
    app.screenshot(str(OUT / "hammer_drag.png"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    app.frame(wait=False)


def accuser_chooser(app: App) -> None:
    """A brown card dropped where several villagers may accuse: the chooser names them as
    the table does and previews each one's heat."""
    from game.rules.hammer import accusation_value

    for seed in range(1, 200):
        src = MatchSource.new(3, seed=seed)
        place_all(src.match)
        seat = src.match.to_act()[0]
        drops: dict[tuple, set] = {}
        for c in src.match.legal(seat):
            if c["type"] == "accuse":
                drops.setdefault((c["card"], c["target"]), set()).add(c["accuser"])
        choice = next(
            (
                (card, target)
                for (card, target), accusers in drops.items()
                if len(accusers) > 1 and len({accusation_value(card, a, target) for a in accusers}) > 1
            ),
            None,
        )
        if choice is not None:
            break
    src.show(seat)
    scene = table(app, src)
    settle(app, scene)
    card, target = choice
    start, end = scene.locate("card", card), scene.locate("villager", target)
    post_move(app, start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(wait=False)
    for i in range(1, 4):
        post_move(app, (start[0] + (end[0] - start[0]) * i // 3, start[1] + (end[1] - start[1]) * i // 3), held=True)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.frame(wait=False)
    settle(app, scene)
    app.screenshot(str(OUT / "hammer_accuser_chooser.png"))


def sealed_tray(app: App, name: str = "hammer_sealed_tray.png") -> None:
    """H8.1: two bribes staged face down in the tray (captioned for their owner only),
    one sealed earlier lying in the box, and the sign chooser of a third over a villager."""
    from game.bots.base import RandomBot
    from game.ui.smoke_common import post_drag
    from tests.rules.hammer_kit import give
    from tests.ui.table_source import drive_until

    src = MatchSource.new(4, seed=6)
    place_all(src.match)
    m = src.match
    play_until(m, lambda m: m.view(None)["round"] >= 2 and m.view(None)["phase"] == "accusation", seed=4)
    seat = m.to_act()[0]
    give(m, seat, "bribe-9")
    first = next(v["id"] for v in m.view(seat)["villagers"] if v["owner"] != seat and v["status"] == "alive")
    m.apply(seat, {"type": "end_turn", "bribes": [{"card": "bribe-9", "target": first, "sign": 1}]})
    bots = {s: RandomBot(40 + s) for s in range(m.n)}

    def quiet(m, s):  # everyone ends the turn: the box stays shut until the round goes round
        legal = m.legal(s)
        return next((c for c in legal if c["type"] in ("end_turn", "pass")), bots[s].choose(m.view(s), legal))

    drive_until(m, lambda m: m.to_act() == [seat] and not m.view(None)["window"], quiet, 200)
    give(m, seat, "bribe-2", "bribe-13", "bribe-5")
    src.show(seat)
    view = m.view(seat)
    others = [v["id"] for v in view["villagers"] if v["owner"] != seat and v["status"] == "alive"]
    mine = [v["id"] for v in view["villagers"] if v["owner"] == seat and v["status"] == "alive"]
    scene = table(app, src)
    settle(app, scene)
    scene.stage_bribe("bribe-2", others[-1], 1)
    scene.stage_bribe("bribe-13", mine[0], -1)
    settle(app, scene)
    post_drag(app, scene.locate("card", "bribe-5"), scene.locate("villager", others[1]))
    settle(app, scene)
    app.screenshot(str(OUT / name))


def main() -> int:
    size = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) >= 3 else (1280, 720)
    OUT.mkdir(parents=True, exist_ok=True)
    app = App(size=size)
    mid_game_5p(app)
    response_window(app)
    dragging(app)
    accuser_chooser(app)
    sealed_tray(app)
    print("wrote", ", ".join(p.name for p in sorted(OUT.glob("hammer_*.png"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
