"""Reference screenshots of the Malleus table into docs/screenshots/.

    .venv/bin/python tools/malleus_screenshots.py [--out docs/screenshots] [--size 1280x720]

A story from a ready village (docs/rules/malleus.md §2.10), its set-up made by the
engine's own legal moves, then one conflict played step by step with story words; each
step is drawn headless for the screen a person at the table would have in front of them:

* ``malleus_village.png``               the ready village on the shared screen, round 1
* ``malleus_conflict_1_declaration.png`` the actor's screen declaring an accusation
* ``malleus_conflict_2_scene.png``       the shared screen in the scene: cited facts beside
                                         Count / Reject, sides under their columns
* ``malleus_conflict_3_secret_action.png`` a player writing a secret action, a card in secret
* ``malleus_conflict_4_resolution.png``  the Prévôt's screen carrying out the secret actions
* ``malleus_conflict_5_roll.png``        the shared screen: the actor rolls
* ``malleus_conflict_6_sides.png``       after the roll: the dice, what they mean, sides still open
* ``malleus_conflict_7_outcome.png``     the verdict
* ``malleus_ledger.png``                 a player's own ledger
* ``malleus_round_end.png``              the end-of-round report
(``--size 1920x1080`` adds ``_1920x1080`` to each name.)
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("WITCHHUNT_HOME", tempfile.mkdtemp(prefix="malleus-shots-"))

import pygame  # noqa: E402

from game.bots.malleus import MalleusBot  # noqa: E402
from game.engine import new_match  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.malleus.card_flow import fill_play  # noqa: E402
from game.ui.scenes.malleus.table import MalleusTableScene  # noqa: E402
from tests.ui.table_source import MatchTableSource, open_table_scene, run_frames  # noqa: E402

NAMES = ["Jacques", "Ann", "Bob", "Cy"]
LEDGER_WORDS = {  # what the players write in their ledgers (bots leave neutral words)
    1: ("I stole the chalice money at Easter", "her orchard by the river", "he shamed my father at the assizes"),
    2: ("I buried my first wife in unhallowed ground", "the mill and its weights", "she cursed my cattle"),
    3: ("I am the lord's bastard and everyone suspects", "his fine bay horse", "he cheated me at dice"),
}


class Out:
    def __init__(self, app: App, out: Path, suffix: str) -> None:
        self.app, self.out, self.suffix = app, out, suffix

    def save(self, name: str) -> None:
        self.app.scenes.top.dirty = True
        self.app.frame(wait=False)
        path = self.out / f"{name}{self.suffix}.png"
        pygame.image.save(self.app.screen, str(path))
        print("wrote", path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def set_up(seed: int):
    """A ready village, villagers chosen, ledgers written, companions named (engine moves)."""
    m = new_match("malleus", NAMES, seed=seed, options={"village": "ready"})
    bots = {s: MalleusBot(seed * 10 + s) for s in range(m.n)}
    while m.state["phase"] != "round":
        seat = m.to_act()[0]
        command = bots[seat].choose(m.view(seat), m.legal(seat))
        if command["type"] == "submit_ledger":
            secret, thing, reason = LEDGER_WORDS[seat]
            command = dict(
                command,
                secret=secret,
                envy=dict(command["envy"], thing=thing),
                vendetta=dict(command["vendetta"], reason=reason),
            )
        m.apply(seat, command)
    return m


def table(app: App, m, seat, frames: int = 30) -> MalleusTableScene:
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, seat), 2)
    run_frames(app, frames)
    return scene


def shared(app: App, m):
    """The shared screen of a hot-seat story (its public moves, a button per person)."""
    from game.ui.session import HotseatSession, open_table

    while app.scenes.top is not None:
        app.scenes.pop()
    session = HotseatSession.new(
        app,
        "malleus",
        list(NAMES),
        [],
        seed=1,
        bot_delay=0.0,
        save_path=Path(os.environ["WITCHHUNT_HOME"]) / "shots.witchhunt.json",
    )
    session.match = m
    scene = open_table(app, session)
    session._sync_screen()
    run_frames(app, 30)
    return session, scene


def type_into(app: App, words: str) -> None:
    for ch in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    run_frames(app, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    w, h = (int(x) for x in args.size.split("x"))
    app = App(size=(w, h))
    app.settings = type("S", (), {"animation_speed": 400, "bot_delay": 0.0})()
    shot = Out(app, out, "" if (w, h) == (1280, 720) else f"_{w}x{h}")

    m = set_up(seed=5)
    actor = m.state["turn_order"][m.state["turn_idx"]]
    mine = m.state["ledgers"][actor]["villager"]
    others = [p for p in (1, 2, 3) if p != actor]
    npcs = [v for v in m.state["vorder"] if m.state["villagers"][v]["controlled_by"] is None]
    target = npcs[0]

    table(app, m, None)  # the first declaration is private: the village seen by anyone
    shot.save("malleus_village")

    # 1 the declaration, on the actor's screen
    scene = table(app, m, actor)
    scene.flows.form_declare(actor, "accusation", target)
    run_frames(app, 2)
    shot.save("malleus_conflict_1_declaration")
    m.apply(actor, {"type": "declare_conflict", "kind": "accusation", "target": target})
    present = [mine, target] + npcs[1:3] + [m.state["ledgers"][others[0]]["villager"]]
    m.apply(actor, {"type": "frame_scene", "location": "The well", "present": present})

    # 2 the scene, on the shared screen
    target_fact = m.state["villagers"][target]["facts"][0]
    m.apply(others[0], {"type": "cite_fact", "fact": target_fact, "side": "for"})
    m.apply(others[1], {"type": "cite_fact", "fact": "w3", "side": "for"})
    m.apply(actor, {"type": "cite_fact", "fact": "f1", "side": "for"})
    m.apply(0, {"type": "approve_fact", "fact": "f1", "side": "for"})
    session, scene = shared(app, m)
    shot.save("malleus_conflict_2_scene")
    session.close()

    # 3 a secret action, written on a player's screen (a card chosen to play in secret)
    m.apply(others[0], {"type": "take_side", "side": "for"})
    m.apply(0, {"type": "begin_resolution"})
    writer = others[1]
    scene = table(app, m, writer)
    scene.secret_flow.form_secret_action(writer)
    run_frames(app, 1)
    field = next(w for w in scene.forms.form_widgets if getattr(w, "name", "") == "form_text")
    scene.forms.form_ring.focus_on(field)
    type_into(
        app,
        "I slip a dead toad into the well, then tell the baker's wife I saw "
        f"{m.state['villagers'][target]['name']} there at midnight",
    )
    card = next((f for f in scene.form.fields if f.key.startswith("card_")), None)
    if card is not None and len(card.options) > 1:
        card.value = card.options[1][1]
        scene.forms._form_layout()
    run_frames(app, 1)
    shot.save("malleus_conflict_3_secret_action")
    for seat in (1, 2, 3):
        plays = [c for c in m.legal(seat) if c.get("type") == "secret_action"]
        if seat == writer:
            words = (
                "I slip a dead toad into the well, then tell the baker's wife I saw "
                f"{m.state['villagers'][target]['name']} there at midnight"
            )
            with_card = next((c for c in plays if c.get("cards")), None)
            command = dict(with_card or plays[0], text=words)
            if with_card:
                command["cards"] = [fill_play(p, {"text": words}) for p in with_card["cards"]]
        else:
            command = dict(next(c for c in plays if not c.get("cards")), text="No Secret Action")
            command.pop("notes", None)
            command.pop("companion_order", None)
        for key in ("new_envy", "new_vendetta"):
            if key in command:
                command[key] = {k: (v or "as told to the Prévôt") for k, v in command[key].items()}
        m.apply(seat, command)

    # 4 the Prévôt carries them out, on his screen
    scene = table(app, m, 0)
    scene.ledger.tab = "prevot"
    scene._static_key = None
    shot.save("malleus_conflict_4_resolution")
    for q in list(m.view(0)["prevot_screen"]["queue"]):
        cmds = [c for c in m.legal(0) if c.get("card") == q["card"]]
        m.apply(0, next((c for c in cmds if c["type"] == "apply_card"), cmds[0]))
    m.apply(0, {"type": "close_secret_actions"})

    # 5 the roll, 6 sides after it, 7 the outcome: the shared screen
    session, scene = shared(app, m)
    shot.save("malleus_conflict_5_roll")
    session.close()
    m.inject_dice(5, 4, 6)
    m.apply(actor, {"type": "roll"})
    session, scene = shared(app, m)
    shot.save("malleus_conflict_6_sides")
    session.close()
    m.apply(0, {"type": "lock_sides"})
    while m.state["step"] == "oppose":
        m.inject_dice(2, 3, 3)
        m.apply(m.to_act()[0], {"type": "roll"})
    session, scene = shared(app, m)
    shot.save("malleus_conflict_7_outcome")
    session.close()

    # a player's own ledger; the end of a round, seen by a player who gained
    scene = table(app, m, others[0])
    scene.ledger.tab = "mine"
    scene._static_key = None
    shot.save("malleus_ledger")
    m5 = set_up(seed=8)
    bots = {s: MalleusBot(80 + s) for s in range(m5.n)}

    def rewarded(m) -> bool:
        return any(
            e["event"].get("type") == "reward" and e["event"].get("gain", 0) > 0
            for e in m._log
            if e["sid"] == m.state_id
        )

    for _ in range(6000):
        if rewarded(m5) or m5.over:
            break
        seat = m5.to_act()[0]
        m5.apply(seat, bots[seat].choose(m5.view(seat), m5.legal(seat)))
    if rewarded(m5):
        gainer = next(
            e["event"]["player"]
            for e in m5._log
            if e["sid"] == m5.state_id and e["event"].get("type") == "reward" and e["event"].get("gain", 0) > 0
        )
        scene = table(app, m5, gainer)
        scene.report.collect_round_report(scene.view.get("recent") or [])
        shot.save("malleus_round_end")


if __name__ == "__main__":
    main()
