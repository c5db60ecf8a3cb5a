"""What the pointer carries is drawn above the table's panels.

A card dragged over the Hammer announcement banner vanished under it: the hand sprites
were drawn before the banner, the bars, the log and the hint strip. The shared draw
order (table_base.TableScene.draw -> draw_dragged) now draws the held card (and
Malleus' dragged plate) above all of those and under only the choosers, public
moments, toasts, zoom and help. Each test holds the card mid-drag over a panel, draws
the frame, and reads the screen where the card is: every opaque pixel of it must be
the card's own."""

from __future__ import annotations

import pygame
import pytest

from game.engine import new_match
from game.ui.smoke_common import post_move
from game.ui.sprites import CardSprite
from tests.ui.table_source import MatchTableSource, open_table_scene, table_app


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def press_and_carry(app, start: tuple[int, int], over: tuple[int, int]) -> None:
    """Press the left button at ``start`` and carry the pointer to ``over`` in three steps,
    the button still down."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame(wait=False)
    for i in range(1, 4):
        post_move(app, (start[0] + (over[0] - start[0]) * i // 3, start[1] + (over[1] - start[1]) * i // 3), held=True)


def pick_up(app, scene, sprite, over: tuple[int, int]) -> None:
    """Press on ``sprite`` and carry it until its centre is at ``over`` (held)."""
    press_and_carry(app, sprite.rect.center, over)
    assert scene.drag.dragging and scene.drag.held is sprite


def covered(surface: pygame.Surface, image: pygame.Surface, at: pygame.Rect, step: int = 5) -> list:
    """Points of ``image`` (opaque ones, on a grid) where ``surface`` shows something else."""
    bad = []
    for y in range(2, image.get_height() - 2, step):
        for x in range(2, image.get_width() - 2, step):
            colour = image.get_at((x, y))
            if colour.a < 255 or not surface.get_rect().collidepoint(at.x + x, at.y + y):
                continue
            if surface.get_at((at.x + x, at.y + y))[:3] != colour[:3]:
                bad.append((x, y))
    return bad


def let_go(app, scene) -> None:
    scene.drag.cancel()
    scene.dirty = True
    app.frame(wait=False)


def hammer_answer_window():
    """The table where it was seen: 5 seats, an accusation open to answers, the shown seat holding a
    card; the banner asks for answers."""
    from tests.ui.hammer_source import MatchSource, place_all, play_until

    for seed in range(1, 60):
        src = MatchSource.new(5, seed=seed)
        place_all(src.match)
        if play_until(src.match, lambda m: (m.view(None)["window"] or {}).get("kind") == "response", seed=seed):
            seat = src.match.to_act()[0]
            if src.match.view(seat)["players"][seat]["hand"]:
                src.show(seat)
                return src
    raise AssertionError("no seed opens an answer window")


def test_a_card_held_over_the_hammer_banner_is_drawn_above_it(app):
    # Ann, Bob, Cy, Dee, Eve; an accusation waits for answers; the card carried
    # from the hand over the banner's words stays whole on top
    from game.ui.scenes.hammer_table import HammerTableScene

    scene = open_table_scene(app, HammerTableScene, hammer_answer_window(), frames=2)
    assert scene.banner is not None
    sprite = scene.hand_sprites()[0]
    pick_up(app, scene, sprite, scene.banner.rect.center)
    app.draw(force=True)
    assert sprite.rect.colliderect(scene.banner.rect)
    centre = sprite.rect.center
    assert app.screen.get_at(centre) == sprite.image.get_at((centre[0] - sprite.rect.x, centre[1] - sprite.rect.y))
    assert covered(app.screen, sprite.image, sprite.rect) == []
    let_go(app, scene)


def open_game(app, game: str):
    from game.ui.scenes.hammer_table import HammerTableScene
    from game.ui.scenes.salem_table import SalemTableScene
    from game.ui.scenes.testimony_table import TestimonyTableScene
    from game.ui.scenes.witch_trial_table import WitchTrialTableScene

    tables = {
        "hammer": HammerTableScene,
        "witch_trial": WitchTrialTableScene,
        "salem": SalemTableScene,
        "testimony": TestimonyTableScene,
    }
    players = {"witch_trial": 3, "salem": 5, "testimony": 4, "hammer": 3}[game]
    m = new_match(game, ["Ann", "Bob", "Cy", "Dee", "Eve"][:players], seed=3)
    if game == "hammer":  # the cards are dealt once every villager is on a pyre (H2)
        for seat in range(m.n):
            m.apply(seat, m.legal(seat)[0])
    return open_table_scene(app, tables[game], MatchTableSource(m, m.to_act()[0]), frames=2)


@pytest.mark.parametrize("game", ["hammer", "witch_trial", "salem", "testimony"])
def test_a_held_card_is_drawn_above_the_log_the_hint_strip_and_the_banner(app, game):
    # the same on every table with cards in hand: one shared draw order
    scene = open_game(app, game)
    sprites = [s for s in scene.group.sprites() if isinstance(s, CardSprite) and s.draggable]
    assert sprites, game
    sprite = sprites[0]
    panels = {"log": pygame.Rect(scene.rects["log"]).center}
    if scene.banner is not None and scene.banner.visible:
        panels["banner"] = scene.banner.rect.center
    for name, over in panels.items():
        pick_up(app, scene, sprite, over)
        app.draw(force=True)
        assert covered(app.screen, sprite.image, sprite.rect) == [], (game, name)
        let_go(app, scene)
    # the choosers stay above it (a Prompt is a dialog)
    from game.ui.scenes.table_base import Prompt

    pick_up(app, scene, sprite, pygame.Rect(scene.rects["log"]).center)
    scene.prompt = Prompt("A question", [("Yes", 1), ("No", 0)], lambda v: None, None, anchor=sprite.rect.center)
    app.draw(force=True)
    assert scene.prompt.box is not None and scene.prompt.box.colliderect(sprite.rect)
    inside = scene.prompt.box.clip(sprite.rect).center
    assert app.screen.get_at(inside) != sprite.image.get_at((inside[0] - sprite.rect.x, inside[1] - sprite.rect.y))
    scene.prompt = None
    let_go(app, scene)


def test_a_malleus_plate_dragged_over_the_log_is_drawn_above_it(app):
    # the same on the Malleus map: a villager's plate carried over the game log
    from game.bots.base import RandomBot
    from game.ui.scenes.malleus_table import MalleusTableScene

    m = new_match("malleus", ["Ann", "Bob", "Cy", "Dee"], seed=2)
    bots = {s: RandomBot(s) for s in range(m.n)}
    while len(m.view(None).get("villagers") or []) < 2:
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, 0), frames=2)
    vid, plate = next(iter(scene.village.plate_rects().items()))
    start, over = plate.center, pygame.Rect(scene.rects["log"]).center
    press_and_carry(app, start, over)
    assert scene.plate_drag.held is not None and scene.plate_drag.held["moved"]
    app.draw(force=True)
    v = next(x for x in m.view(0)["villagers"] if x["id"] == vid)
    image = scene.village.plate_image(v, plate.size, scene.village.plate_marks().get(vid, {}), {})
    moved = plate.copy()
    moved.center = over
    assert moved.colliderect(pygame.Rect(scene.rects["log"]))
    assert covered(app.screen, image, moved) == []
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=over, button=1))
    app.frame(wait=False)
