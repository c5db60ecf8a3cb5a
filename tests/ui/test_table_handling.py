"""Handling the cards at both tables: previews never cover a
chooser, a zoom closes when the pointer leaves it / on a click / on Esc, Esc closes the
topmost thing first, unplayable hand cards are dimmed (from ``legal()`` alone), and a
big hand is one clean overlapping row whose hovered card rises.

Input is posted as real pygame events through ``app.frame``; hover time is advanced on
the scene's own clock (``hover_since``) rather than by sleeping."""

from __future__ import annotations

import json

import pygame
import pytest

from game.ui.card_art import all_card_ids
from game.ui.scenes.hammer_table import HammerTableScene
from game.ui.scenes.table_base import HOVER_ZOOM_SECONDS
from game.ui.scenes.witch_trial_table import WitchTrialTableScene
from game.ui.smoke_common import post_click, post_drag, post_key, post_move
from tests.ui.hammer_source import MatchSource, place_all
from tests.ui.table_source import open_table_scene, run_frames, settle_ahead, table_app
from tests.ui.witch_trial_source import TrialSource


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def several_accusers():
    """Phase 1, the active seat holds a brown card several of its villagers may play."""
    for seed in range(1, 80):
        src = MatchSource.new(3, seed=seed)
        place_all(src.match)
        seat = src.match.to_act()[0]
        by_drop: dict[tuple, set] = {}
        for c in src.match.legal(seat):
            if c["type"] == "accuse":
                by_drop.setdefault((c["card"], c["target"]), set()).add(c["accuser"])
        drops = [d for d, accusers in by_drop.items() if len(accusers) > 1]
        if drops:
            src.show(seat)
            return src, drops[0]
    raise AssertionError("no seed gives a choice of accusers")


def age_hover(app, scene, seconds: float = HOVER_ZOOM_SECONDS + 0.1) -> None:
    scene.hover_since -= seconds
    run_frames(app, 1)


def open_accuser_chooser(app):
    src, (card, target) = several_accusers()
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    post_drag(app, scene.locate("card", card), scene.locate("villager", target))
    assert scene.prompt is not None
    return src, scene, card


# ----------------------------------------------------------------- item 4 ----
def test_no_hover_preview_covers_the_accuser_chooser(app):
    # after a drop, the dropped card's preview must not cover the chooser
    src, scene, card = open_accuser_chooser(app)
    other = next(c for c in scene.my_hand() if c != card)
    post_move(app, scene.locate("card", other))
    age_hover(app, scene)
    assert scene.zoom is None
    post_click(app, scene.locate("card", other), button=3)  # a right-click does not open one either
    assert scene.zoom is None and scene.prompt is not None
    post_key(app, pygame.K_ESCAPE)  # chooser gone: hovering previews again
    assert scene.prompt is None
    post_move(app, scene.locate("card", other))
    age_hover(app, scene)
    assert scene.zoom == ("card", other)


def test_a_preview_open_when_a_chooser_opens_goes_away(app):
    src, (card, target) = several_accusers()
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    post_move(app, scene.locate("card", card))
    age_hover(app, scene)
    assert scene.zoom == ("card", card)
    post_drag(app, scene.locate("card", card), scene.locate("villager", target))
    run_frames(app, 1)
    assert scene.prompt is not None and scene.zoom is None


# ----------------------------------------------------------------- item 8 ----
def test_right_click_zoom_closes_when_the_pointer_moves_off_the_card(app):
    src, (card, _target) = several_accusers()
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    at = scene.locate("card", card)
    post_click(app, at, button=3)
    assert scene.zoom == ("card", card) and scene.zoom_sticky
    post_move(app, (at[0] + 2, at[1] - 3))  # a twitch on the same card: the zoom stays, unmoved
    assert scene.zoom == ("card", card) and scene.zoom_at == at
    log = pygame.Rect(scene.rects["log"]).center
    post_move(app, log)  # away: it closes (it used to follow the pointer, showing the old card)
    assert scene.zoom is None
    age_hover(app, scene)
    assert scene.zoom is None  # nothing zoomable under the pointer


def test_right_click_zoom_closes_on_a_click_and_on_escape(app):
    src, (card, _target) = several_accusers()
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    at = scene.locate("card", card)
    post_click(app, at, button=3)
    assert scene.zoom is not None
    post_click(app, at)  # the click closes it (and still picks the card up)
    assert scene.zoom is None and scene.selected == card
    post_key(app, pygame.K_ESCAPE)
    post_click(app, scene.locate("card", card), button=3)
    assert scene.zoom is not None
    post_key(app, pygame.K_ESCAPE)
    assert scene.zoom is None


def test_escape_closes_the_topmost_thing_first_and_reaches_the_table_menu_last(app):
    # help, zoom, chooser, picked card, then the table menu
    src, scene, card = open_accuser_chooser(app)
    menus = []
    scene.open_menu = lambda: menus.append(1)
    scene.help_open = True
    post_key(app, pygame.K_ESCAPE)
    assert not scene.help_open and scene.prompt is not None
    post_key(app, pygame.K_ESCAPE)
    assert scene.prompt is None and menus == []
    post_key(app, pygame.K_1)  # pick the first card up with the keyboard
    assert scene.selected is not None
    post_click(app, scene.locate("card", scene.selected), button=3)
    assert scene.zoom is not None
    post_key(app, pygame.K_ESCAPE)
    assert scene.zoom is None and scene.selected is not None
    post_key(app, pygame.K_ESCAPE)
    assert scene.selected is None and menus == []
    post_key(app, pygame.K_ESCAPE)
    assert menus == [1]


# ----------------------------------------------------------------- item 9 ----
def brightness(surface: pygame.Surface, rect: pygame.Rect) -> float:
    sub = surface.subsurface(rect.clip(surface.get_rect()))
    return sum(pygame.transform.average_color(sub)[:3]) / 3


def test_hand_cards_no_legal_command_names_are_dimmed(app):
    # a hand card in no legal command is dimmed; which is read from legal()
    src, _drop = several_accusers()
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    legal = json.dumps(src.legal())
    hand = scene.my_hand()
    # §8.2: a Bribe rides on any move as the sealed 'bribes' field, so it is live too
    dead = [c for c in hand if f'"{c}"' not in legal and not (c.startswith("bribe-") and src.view()["may_seal"])]
    live = [c for c in hand if f'"{c}"' in legal]
    assert dead and live, "the position should hold both kinds of card"
    app.draw(force=True)
    size = scene.card_size()
    for card in hand:
        sprite = scene.sprite_for(card)
        face = scene.art.face("hammer", card, size)
        ratio = brightness(sprite.image, pygame.Rect(0, 0, *size)) / brightness(face, face.get_rect())
        if card in dead:
            assert ratio < 0.7, card
        else:
            assert ratio == pytest.approx(1.0, abs=0.01), card
        assert scene.card_dimmed(card) == (card in dead)


def test_a_seat_that_cannot_act_sees_its_whole_hand_dimmed_and_the_curtain_seat_none():
    src = MatchSource.new(3, seed=2)
    place_all(src.match)
    idle = next(s for s in range(3) if s not in src.match.to_act())
    src.show(idle)
    scene = HammerTableScene(None, src)
    scene.sync(force=True)
    assert scene.my_hand() and all(scene.card_dimmed(c) for c in scene.my_hand())


# ---------------------------------------------------------------- item 10 ----
class BigHandSource(MatchSource):
    """The shown seat's hand replaced by ``cards`` (only the drawing is under test)."""

    cards: list[str] = []

    def view(self) -> dict:
        v = json.loads(json.dumps(super().view()))
        for p in v["players"]:
            if p["seat"] == self._seat:
                p["hand"] = list(self.cards)
        return v


class BigHandTrialSource(TrialSource):
    cards: list[str] = []

    def view(self) -> dict:
        v = json.loads(json.dumps(super().view()))
        for p in v["players"]:
            if p["seat"] == self._seat:
                p["hand"] = list(self.cards)
        return v


@pytest.mark.parametrize("game", ["hammer", "witch_trial"])
def test_twenty_cards_lie_in_one_clean_overlapping_row_and_the_hovered_one_rises(app, game):
    if game == "hammer":
        src = BigHandSource.new(3, seed=1)
        place_all(src.match)
        src.show(src.match.to_act()[0])
        cls = HammerTableScene
    else:
        src = BigHandTrialSource.new(3, seed=1)
        cls = WitchTrialTableScene
    src.cards = [c for c in all_card_ids(game) if "-" in c][:20]
    scene = open_table_scene(app, cls, src, frames=2)
    run_frames(app, 40)  # let the cards fly in
    sprites = scene.hand_sprites()
    assert [s.card_id for s in sprites] == src.cards
    hand = pygame.Rect(scene.rects["hand"])
    assert len({s.rect.y for s in sprites}) == 1, "one straight row, no staggering"
    xs = [s.rect.x for s in sprites]
    steps = [b - a for a, b in zip(xs, xs[1:])]
    assert min(steps) == pytest.approx(max(steps), abs=1) and min(steps) >= 20
    assert all(hand.contains(s.rect) for s in sprites)
    rest_y = sprites[0].rect.y
    for i in (3, 12):
        strip = (xs[i] + steps[0] // 2, sprites[i].rect.centery + 10)  # its visible left strip
        post_move(app, strip)
        raised = scene.sprite_for(src.cards[i])
        assert raised.rect.y < rest_y and scene.hover_card == src.cards[i]
        assert scene.drag.top_card_at(strip) is raised  # on top of its neighbours
        assert scene.drag.top_card_at((strip[0], raised.rect.y + 4)) is raised
        others = [s for s in scene.hand_sprites() if s is not raised]
        assert all(s.rect.y == rest_y for s in others)
    post_move(app, pygame.Rect(scene.rects["log"]).center)
    assert scene.hover_card is None and all(s.rect.y == rest_y for s in scene.hand_sprites())


def test_a_card_dropped_nowhere_snaps_back_and_rises_again_under_the_pointer(app):
    src, (card, _target) = several_accusers()
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    at = scene.locate("card", card)
    post_drag(app, at, pygame.Rect(scene.rects["log"]).center)  # no target there: refused
    run_frames(app, 30)
    sprite = scene.sprite_for(card)
    assert sprite.rect.topleft == sprite.home and scene.hover_card is None
    post_move(app, (at[0], at[1] + 5))
    assert scene.hover_card == card and scene.sprite_for(card).rect.y < sprite.home[1]


def test_escape_closes_a_hover_zoom_for_good_while_the_pointer_rests(app):
    # Esc closes the zoom; it used to open again at once beside
    # the pointer (the hover had long aged), so Esc seemed to move it
    src, (card, _target) = several_accusers()
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    settle_ahead(app, scene)
    at = scene.locate("card", card)
    post_move(app, at)
    age_hover(app, scene)
    assert scene.zoom == ("card", card)
    post_move(app, (at[0] + 3, at[1] + 2))  # the hand rests, twitching on the same card
    post_key(app, pygame.K_ESCAPE)
    age_hover(app, scene, 5.0)
    run_frames(app, 3)
    assert scene.zoom is None and scene.next_wake() is None  # nothing due: the idle app sleeps
    post_move(app, pygame.Rect(scene.rects["log"]).center)  # off it and back: it previews again
    post_move(app, at)
    age_hover(app, scene)
    assert scene.zoom == ("card", card)
    post_click(app, at)  # a click closes it the same way (and picks the card up)
    age_hover(app, scene, 5.0)
    assert scene.zoom is None


def test_the_accuser_chooser_leaves_the_dropped_card_in_sight(app):
    # docs/rules/hammer.md §3 (who accuses): the chooser opened on the drop
    # point, over the dropped card, whose title tab poked out above it
    src, scene, card = open_accuser_chooser(app)
    run_frames(app, 2)
    sprite = scene.sprite_for(card)
    assert sprite is not None and scene.prompt is not None and scene.prompt.box is not None
    assert not scene.prompt.box.inflate(4, 4).colliderect(sprite.rect)
    assert pygame.Rect(0, 0, *app.size).contains(scene.prompt.box)
    post_key(app, pygame.K_ESCAPE)  # cancelled: the card goes home
    run_frames(app, 20)
    assert scene.prompt is None and scene.sprite_for(card).rect.topleft == scene.sprite_for(card).home


def test_a_hover_zoom_closes_when_its_card_leaves_from_under_the_pointer(app):
    # the zoom of a card just played stayed up over the table until the pointer moved
    src, (card, target) = several_accusers()
    scene = open_table_scene(app, HammerTableScene, src, frames=2)
    post_move(app, scene.locate("card", card))
    age_hover(app, scene)
    assert scene.zoom == ("card", card)
    seat = src.match.to_act()[0]
    command = next(c for c in src.match.legal(seat) if c.get("card") == card and c["type"] == "accuse")
    src.match.apply(seat, command)  # the card leaves the hand by a move (as a bot's or the network's would)
    src._bump += 1
    run_frames(app, 3)
    assert card not in scene.my_hand()
    assert scene.zoom != ("card", card)
