"""Render the Witch Trial courtroom's reference screenshots into docs/screenshots/ (DESIGN D9).

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/witch_trial_screenshots.py [WIDTH HEIGHT] [--out DIR]

* witch_trial_lineup.png     - 7 players between trials: the priced lineup, pending cases,
                               a lineup card being dragged with its target (the hand) lit
* witch_trial_trial_jury.png - 7 players, a trial in progress: stage, lawyers, the case,
                               the cards played, the jury box with its marker
* witch_trial_objection.png  - a Motion waiting: the public banner with a button for the
                               lawyer who may object and "No objection"
* witch_trial_plea.png       - the plea dialog: a split of the Court Fees in $5 steps

Games are seeded playouts, so the pictures are the same on every run. The table is fed
by the tests' small in-process TableSource (no curtain); the drag is real pygame events.
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
from game.ui.scenes.witch_trial_table import WitchTrialTableScene  # noqa: E402
from game.ui.smoke_common import post_move  # noqa: E402
from tests.ui.table_source import open_table_scene  # noqa: E402
from tests.ui.witch_trial_source import TrialSource, find, in_trial_with_cards, motion_waiting, plea_offer  # noqa: E402


def table(app: App, source: TrialSource) -> WitchTrialTableScene:
    return open_table_scene(app, WitchTrialTableScene, source, frames=40)


def main(argv: list[str]) -> int:
    out = ROOT / "docs" / "screenshots"
    if "--out" in argv:
        i = argv.index("--out")
        out = Path(argv[i + 1])
        argv = argv[:i] + argv[i + 2 :]
    size = (int(argv[0]), int(argv[1])) if len(argv) >= 2 else (1280, 720)
    out.mkdir(parents=True, exist_ok=True)
    app = App(size=size)

    m = find(
        7,
        lambda m: (
            sum(1 for p in m.view(None)["players"] if p["pending_case"]) >= 2
            and not m.view(None)["trial"]
            and m.view(None)["court_fees"] > 0
        ),
    )
    scene = table(app, TrialSource(m, m.to_act()[0]))
    start, end = scene.locate("lineup", 5), scene.locate("hand")
    post_move(app, start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(wait=False)
    for k in range(1, 4):  # part of the way down: the card in the air, the hand lit
        post_move(app, (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5), held=True)
    app.screenshot(str(out / "witch_trial_lineup.png"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    app.frame(wait=False)

    m = find(7, lambda m: in_trial_with_cards(m) and len(m.view(None)["trial"]["played"]) >= 4)
    table(app, TrialSource(m, m.to_act()[0]))
    app.screenshot(str(out / "witch_trial_trial_jury.png"))

    m = find(5, lambda m: motion_waiting(m) and m.view(None)["last_rolls"])
    table(app, TrialSource(m, None))
    app.screenshot(str(out / "witch_trial_objection.png"))

    m = find(5, lambda m: plea_offer(m) and m.view(None)["trial"]["played"])
    table(app, TrialSource(m, m.view(None)["trial"]["plea"]["by"]))
    app.screenshot(str(out / "witch_trial_plea.png"))
    print(f"screenshots written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
