"""The Malleus table's panels leave their zones of the static picture as they are while
what they show is unchanged (game/ui/scenes/malleus/picture.py): the table drawn that way
must be the very table drawn from nothing, move after move, on every screen (docs/rules/malleus.md
§9: the map, the conflict panel, the ledgers and the guide show the view as it stands)."""

from __future__ import annotations

import pygame
import pytest

from game.bots.malleus import MalleusBot
from game.engine import new_match
from game.ui.scenes.malleus.table import MalleusTableScene
from tests.ui.table_source import MatchTableSource, open_table_scene, run_frames, table_app


@pytest.fixture(scope="module")
def app():
    yield from table_app((1280, 720))


def _painted_afresh(app, scene) -> bytes:
    """The screen with every panel's picture forgotten: each zone painted from nothing."""
    scene._static, scene._static_key = None, None  # a new static surface: nothing kept
    scene.dirty = True
    run_frames(app, 1)
    return pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize("seat", [None, 0, 2])
def test_a_table_drawn_from_its_kept_pictures_is_the_table_drawn_afresh(app, seat):
    m = new_match("malleus", ["Jacques", "Ann", "Bob", "Cy", "Dee"], seed=5)
    bots = {s: MalleusBot(50 + s) for s in range(m.n)}
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, seat), 2)
    reused = {"map": 0, "conflict": 0, "ledger": 0, "guide": 0}
    pictures = {
        "map": scene.village.picture,
        "conflict": scene.conflict.picture,
        "ledger": scene.ledger.picture,
        "guide": scene.guide_picture,
    }
    phases = set()
    for step in range(260):
        if m.over:
            break
        actor = m.to_act()[0]
        m.apply(actor, bots[actor].choose(m.view(actor), m.legal(actor)))
        phases.add(m.state["phase"])
        before = {name: p.kept for name, p in pictures.items()}
        scene.dirty = True
        run_frames(app, 1)
        for name, p in pictures.items():
            reused[name] += p.kept > before[name]
        if step % 3:
            continue
        scene.step_effects(60.0)  # dice in the air come to rest (they move from frame to frame)
        run_frames(app, 1)
        assert not scene.animating
        kept = pygame.image.tobytes(app.screen, "RGB")
        blocks = sorted((b.what, b.text, tuple(map(tuple, b.rects))) for b in scene.text_blocks())
        assert kept == _painted_afresh(app, scene), f"step {step} ({m.state['phase']}): a kept picture is stale"
        assert blocks == sorted((b.what, b.text, tuple(map(tuple, b.rects))) for b in scene.text_blocks())
    assert "round" in phases
    # the pictures are really kept: a move changes some zones, not all of them; and a map
    # where a plate's marks or an arrow changed is painted again only round them
    assert reused["map"] > 40 and reused["ledger"] > 20 and reused["guide"] > 20, reused
    assert scene.village.picture.patched > 10
