"""Reference screenshots of the Malleus table (issue 14 "Done when") into docs/screenshots/.

    .venv/bin/python tools/malleus_screenshots.py [--out docs/screenshots] [--size 1280x720]

Positions come from seeded bot play on the engine (bots write neutral text), then the
table is drawn headless for one seat:

* ``malleus_village.png``   the village map with 15+ villagers (public screen)
* ``malleus_conflict.png``  a conflict with its bonus breakdown and the dice
* ``malleus_queue.png``     the Prévôt's screen with secret cards waiting in his queue
* ``malleus_ledger.png``    a player's private ledger
* ``malleus_round_end.png`` the end-of-round report (rewards, the player's own arithmetic)
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.bots.malleus import MalleusBot  # noqa: E402
from game.engine import new_match  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.malleus.table import MalleusTableScene  # noqa: E402
from tests.ui.table_source import MatchTableSource, open_table_scene, run_frames  # noqa: E402

NAMES = ["Jacques", "Ann", "Bob", "Cy", "Dee"]
#: story texts for the pictures (the bots themselves write fixed neutral text)
FACTS = [
    "Gathers herbs at the crossroads by night", "Nursed the priest's mother through the fever",
    "Her mill flooded twice this spring", "Owes the tavern keeper three écus", "Was seen at the well at midnight",
    "Keeps a black goat that will not die", "Buried a stillborn child outside the churchyard",
    "Lent money to half the village", "Reads, though nobody taught him", "Came from Nancy ten years ago",
    "Her cow gave blood instead of milk", "Quarrelled with the priest at Easter", "Sings hymns nobody knows",
    "Found a fortune in the old wall", "Walks the fields before dawn", "Lost two husbands in three years",
    "Sells charms against the toothache", "Was never baptised, people say", "Speaks German with the soldiers",
    "Wears a silver ring from her grandmother", "His dog howls at the church door", "Cured the baker's boy",
    "Keeps the key to the tithe barn", "Dances alone in the orchard", "Paid the tax in full, alone of all",
]


def vary(command: dict, counter=[0]) -> dict:
    """The bots' neutral texts swapped for story texts, so the pictures read like a story."""
    from game.rules.malleus import NEUTRAL_FACT, NEUTRAL_TEXTS

    def swap(value):
        if isinstance(value, str) and (value == NEUTRAL_FACT or value in NEUTRAL_TEXTS.values()):
            counter[0] += 1
            if command.get("type") == "set_trigger":
                return "The rye is black with blight and the cattle sicken"
            if command.get("type") == "frame_scene":
                return ["The tavern", "The village square", "The church", "The mill", "The well"][counter[0] % 5]
            return FACTS[counter[0] % len(FACTS)]
        if isinstance(value, list):
            return [swap(v) for v in value]
        if isinstance(value, dict):
            return {k: swap(v) for k, v in value.items()}
        return value

    return swap(command)


def play_until(m, stop, seed: int = 1, limit: int = 5000, chooser=None) -> bool:
    bots = {s: MalleusBot(seed * 10 + s) for s in range(m.n)}
    for _ in range(limit):
        if stop(m):
            return True
        if m.over:
            return False
        seat = m.to_act()[0]
        command = chooser(m, seat) if chooser else None
        m.apply(seat, command or vary(bots[seat].choose(m.view(seat), m.legal(seat))))
    return stop(m)


def shoot(app, match, seat, path: Path, prepare=None) -> None:
    source = MatchTableSource(match, seat)
    scene = open_table_scene(app, MalleusTableScene, source, 2)
    if prepare is not None:
        prepare(scene)
        scene._static_key = None
    run_frames(app, 40)  # the dice settle
    scene.dirty = True
    app.frame(wait=False)
    pygame.image.save(app.screen, str(path))
    print("wrote", path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    w, h = (int(x) for x in args.size.split("x"))
    suffix = "" if (w, h) == (1280, 720) else f"_{w}x{h}"
    app = App(size=(w, h))
    app.settings = type("S", (), {"animation_speed": 400, "bot_delay": 0.0})()

    # the village and a conflict with dice: a round-2 accusation after both rolls
    m = new_match("malleus", NAMES, seed=4)
    play_until(m, lambda m: m.state["round"] >= 2 and m.state["step"] == "outcome"
               and m.state["conflict"]["roll_for"] and m.state["conflict"]["kind"] == "accusation", seed=1)
    shoot(app, m, None, out / f"malleus_conflict{suffix}.png")
    m2 = new_match("malleus", NAMES, seed=4)
    play_until(m2, lambda m: m.state["round"] >= 2 and m.state["step"] == "declare", seed=1)
    shoot(app, m2, None, out / f"malleus_village{suffix}.png")

    # the Prévôt's queue: secret cards waiting
    m3 = new_match("malleus", NAMES, seed=6)
    play_until(m3, lambda m: m.state["collect"] is not None and m.state["collect"]["resolving"]
               and len(m.state["collect"]["queue"]) >= 2, seed=2)
    shoot(app, m3, 0, out / f"malleus_queue{suffix}.png", prepare=lambda s: setattr(s, "tab", "prevot"))

    # a player's private ledger
    m4 = new_match("malleus", NAMES, seed=7)
    play_until(m4, lambda m: m.state["round"] >= 2 and m.state["step"] == "declare", seed=3)
    seat = m4.state["turn_order"][m4.state["turn_idx"]]
    shoot(app, m4, seat, out / f"malleus_ledger{suffix}.png", prepare=lambda s: setattr(s, "tab", "mine"))

    # the end of a round with rewards, seen by a player who gained
    m5 = new_match("malleus", NAMES, seed=8)

    def rewarded(m) -> bool:
        return any(e["event"].get("type") == "reward" and e["event"].get("gain", 0) > 0
                   for e in m._log if e["sid"] == m.state_id)

    play_until(m5, rewarded, seed=4)
    gainer = next(e["event"]["player"] for e in m5._log if e["sid"] == m5.state_id
                  and e["event"].get("type") == "reward" and e["event"].get("gain", 0) > 0)

    def report(scene) -> None:
        scene.collect_round_report(scene.view.get("recent") or [])

    shoot(app, m5, gainer, out / f"malleus_round_end{suffix}.png", prepare=report)


if __name__ == "__main__":
    main()
