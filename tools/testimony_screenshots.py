"""Render the Testimony table's reference screenshots into docs/screenshots/.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/testimony_screenshots.py [WIDTH HEIGHT] [--out DIR]

* testimony_3p.png             - 3 players mid-game: plates, tokens in front, claims, notebook
* testimony_7p.png             - 7 players mid-game round the oval
* testimony_share_partner.png  - a share, the invited player's side: the active player's
                                 card is face up for them, their own still to show
* testimony_share_active.png   - the same share, the active player's side once both showed
* testimony_investigation.png  - just after an investigation: the tokens seen, sides and placers
* testimony_reveal.png         - the end-of-game reveal, tokens turning over one by one
* testimony_reveal_done.png    - the reveal told to the end: deaths, Characters, scores, reasons
* testimony_standings.png      - the match over: standings across the three games

Matches are seeded playouts, so the pictures are the same on every run. The table is fed
by the tests' small in-process TableSource (no curtain).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ui.app import App  # noqa: E402
from game.ui.scenes import testimony_text as words  # noqa: E402
from game.ui.scenes.testimony_table import TestimonyTableScene  # noqa: E402
from tests.ui.table_source import open_table_scene, run_frames  # noqa: E402
from tests.ui.testimony_source import TestimonySource, find  # noqa: E402


def table(app: App, source: TestimonySource) -> TestimonyTableScene:
    return open_table_scene(app, TestimonyTableScene, source, frames=30)


def chatter(source: TestimonySource, lines: list[tuple[int, str, int | None]]) -> None:
    """Claims said by seats (as a hot-seat table would record them)."""
    players = source.players
    for seat, key, about in lines:
        source.talk.append(
            {
                "seat": seat,
                "name": players[seat],
                "at": len(source.match.log(None)),
                "text": words.claim_text(
                    key, players, seat=about, character="magistrate" if key == "character" else None
                ),
            }
        )


def mid_game(m) -> bool:
    v = m.view(None)
    return v["game_no"] == 1 and v["turn_no"] >= 2 * m.n and v["stage"] == "action" and len(v["shares"]) >= 1


def main(argv: list[str]) -> int:
    out = ROOT / "docs" / "screenshots"
    if "--out" in argv:
        i = argv.index("--out")
        out = Path(argv[i + 1])
        argv = argv[:i] + argv[i + 2 :]
    size = (int(argv[0]), int(argv[1])) if len(argv) >= 2 else (1280, 720)
    out.mkdir(parents=True, exist_ok=True)
    app = App(size=size)

    for n in (3, 7):
        m = find(n, mid_game)
        source = TestimonySource(m, m.to_act()[0])
        chatter(source, [(1, "puritan", None), (2, "saw_heathen", 0), ((3 % n), "defended", 1)])
        table(app, source)
        app.screenshot(str(out / f"testimony_{n}p.png"))

    m = find(
        5, lambda m: m.view(None)["stage"] == "share" and m.view(None)["share"]["next"] == m.view(None)["share"]["with"]
    )
    partner = m.view(None)["share"]["with"]
    active = m.view(None)["share"]["by"]
    table(app, TestimonySource(m, partner))
    app.screenshot(str(out / "testimony_share_partner.png"))
    m.apply(partner, m.legal(partner)[0])
    table(app, TestimonySource(m, active))
    app.screenshot(str(out / "testimony_share_active.png"))

    def looked(m) -> bool:
        v = m.view(None)
        if v["stage"] != "testify" or not v["investigations"]:
            return False
        last = v["investigations"][-1]
        lying = [t for t in v["tokens"] if t["target"] in last["targets"]]
        return last["turn"] == v["turn_no"] and len(lying) >= 3

    m = find(5, looked)
    table(app, TestimonySource(m, m.to_act()[0]))
    app.screenshot(str(out / "testimony_investigation.png"))

    m = find(5, lambda m: m.view(None)["stage"] == "between")
    source = TestimonySource(m, None)
    scene = table(app, source)
    record = scene.reveal_record()
    times = scene.reveal_times(record)
    scene.reveal["t"] = times["tokens_end"] * 0.55
    scene._static_key = None  # as if it had played from the start
    scene.forget_pictures()
    scene.dirty = True
    run_frames(app, 1)
    app.screenshot(str(out / "testimony_reveal.png"))
    scene.skip_reveal()
    run_frames(app, 2)
    app.screenshot(str(out / "testimony_reveal_done.png"))

    m = find(4, lambda m: m.over)
    source = TestimonySource(m, None)
    chatter(source, [(0, "heathen", None), (3, "liar", 0)])
    scene = table(app, source)
    scene.close_reveal()
    run_frames(app, 2)
    app.screenshot(str(out / "testimony_standings.png"))
    print(f"wrote the Testimony screenshots into {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
