"""The Hammer table scene: zones, drag and drop, click and keyboard paths, windows and
the hot-seat privacy rule (DESIGN D3, D6; docs/rules/hammer.md §4.1, §8.1, §11, §12.1).

Input is posted as real pygame events and run through ``app.frame`` exactly like the
smoke run; the match behind the table is read only to check what happened."""

from __future__ import annotations

import pygame
import pytest

from game.ui.layout import load_layout
from game.ui.scenes import hammer_text
from game.ui.scenes.hammer_table import HammerTableScene
from game.ui.smoke_common import post_click, post_drag, post_key
from game.ui.tables import load_tables
from tests.ui.hammer_source import MatchSource, place_all, play_until
from tests.ui.table_source import open_table_scene, run_frames, table_app


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def open_table(app, source) -> HammerTableScene:
    return open_table_scene(app, HammerTableScene, source, frames=2)


def settle(app, frames: int = 30) -> None:
    run_frames(app, frames)


def turn_with_brown_card(players: int = 3):
    """A match in phase 1 whose active seat may accuse (docs/rules/hammer.md §5.1)."""
    for seed in range(1, 60):
        src = MatchSource.new(players, seed=seed)
        place_all(src.match)
        seat = src.match.to_act()[0]
        accuses = [c for c in src.match.legal(seat) if c["type"] == "accuse"]
        if accuses:
            src.show(seat)
            return src, accuses
    raise AssertionError("no seed gives a brown card on the first turn")


# ------------------------------------------------------------------- layout (D6) ----
@pytest.mark.parametrize("players", [3, 4, 5])
def test_layout_has_every_zone_the_hammer_table_needs(players):
    layout = load_layout("hammer", players)
    missing = [z for z in HammerTableScene.zones_needed(players) if not layout.has(z)]
    assert missing == []


def test_hammer_table_is_registered_for_the_shell():
    assert load_tables()["hammer"] is HammerTableScene


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (960, 600)])
def test_zones_scale_with_the_window_and_stay_inside_it(app, size):
    src, _ = turn_with_brown_card(5)
    scene = open_table(app, src)
    scene.size = (0, 0)
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    scene.resized(size)
    for name, (x, y, w, h) in scene.rects.items():
        assert 0 <= x and 0 <= y and x + w <= size[0] and y + h <= size[1], name
    app.screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    scene.resized((1280, 720))


# -------------------------------------------------------------- drag and drop (D6) ----
def test_dragging_a_brown_card_onto_a_villager_accuses(app):
    # docs/rules/hammer.md §11 accuse: card, accuser, target
    src, accuses = turn_with_brown_card()
    scene = open_table(app, src)
    command = accuses[0]
    before = src.match.state_id
    post_drag(app, scene.locate("card", command["card"]), scene.locate("villager", command["target"]))
    if scene.prompt is not None:  # several villagers may accuse: the default is the hottest
        assert all("Berta" not in label for label, _ in scene.prompt.options)  # docs/rules/hammer.md §13 situation 4
        post_key(app, pygame.K_RETURN)
    assert src.match.state_id == before + 1
    seat, applied = src.match.commands[-1]
    assert applied["type"] == "accuse" and applied["card"] == command["card"]
    assert applied["target"] == command["target"]


def test_accuser_prompt_defaults_to_the_hottest_eligible_villager(app):
    # docs/rules/hammer.md §3: the accuser is one of your living villagers, never Berta
    for seed in range(1, 80):
        src = MatchSource.new(3, seed=seed)
        place_all(src.match)
        seat = src.match.to_act()[0]
        accuses = [c for c in src.match.legal(seat) if c["type"] == "accuse"]
        by_target = {}
        for c in accuses:
            by_target.setdefault((c["card"], c["target"]), set()).add(c["accuser"])
        multi = [k for k, v in by_target.items() if len(v) > 1]
        if multi:
            break
    else:
        pytest.skip("no seed with a choice of accusers")
    src.show(seat)
    scene = open_table(app, src)
    card, target = multi[0]
    post_drag(app, scene.locate("card", card), scene.locate("villager", target))
    assert scene.prompt is not None
    heat = {v["id"]: v["heat"] for v in src.view()["villagers"]}
    offered = [value for _, value in scene.prompt.options]
    assert set(offered) == by_target[(card, target)] and "berta" not in offered
    assert heat[offered[scene.prompt.default]] == max(heat[a] for a in offered)
    post_key(app, pygame.K_ESCAPE)
    settle(app, 20)
    sprite = scene.sprite_for(card)
    assert sprite is not None and sprite.rect.topleft == sprite.home  # cancelled: the card went home


def test_an_illegal_drop_snaps_back_and_shows_the_engines_message(app):
    src, accuses = turn_with_brown_card()
    active = src.match.to_act()[0]
    other = (active + 1) % 3
    src.show(other)  # not this seat's turn: the engine refuses whatever is played
    scene = open_table(app, src)
    hand = src.view()["players"][other]["hand"]
    brown = [c for c in hand if hammer_text.card_role(c) == "brown"] or hand
    card = brown[0]
    target = accuses[0]["target"]
    sprite = scene.sprite_for(card)
    home = sprite.home
    before = src.match.state_id
    post_drag(app, sprite.rect.center, scene.locate("villager", target))
    if scene.prompt is not None:
        post_key(app, pygame.K_RETURN)
    assert src.match.state_id == before
    expected = src.submit({"type": "accuse", "card": card, "accuser": scene.default_accuser(), "target": target})
    assert expected and scene.last_error == expected and scene.toast_widget.text == expected
    settle(app, 30)
    assert scene.sprite_for(card).rect.topleft == home


def test_a_drop_on_empty_felt_changes_nothing(app):
    src, accuses = turn_with_brown_card()
    scene = open_table(app, src)
    card = accuses[0]["card"]
    home = scene.sprite_for(card).home
    before = src.match.state_id
    banner = pygame.Rect(scene.rects["banner"])
    post_drag(app, scene.locate("card", card), (banner.right - 5, banner.bottom - 5))
    settle(app, 30)
    assert src.match.state_id == before and scene.sprite_for(card).rect.topleft == home


# ------------------------------------------------------------ click and keyboard ----
def test_click_a_card_then_a_villager_applies_the_command(app):
    src, accuses = turn_with_brown_card()
    scene = open_table(app, src)
    command = accuses[-1]
    before = src.match.state_id
    post_click(app, scene.locate("card", command["card"]))
    assert scene.selected == command["card"]
    assert ("villager", command["target"]) in scene.valid_targets
    post_click(app, scene.locate("villager", command["target"]))
    if scene.prompt is not None:
        post_click(app, scene.locate("prompt", scene.prompt.default))
    assert src.match.state_id == before + 1
    assert src.match.commands[-1][1]["card"] == command["card"]


def test_keyboard_number_tab_enter_plays_a_card(app):
    src, accuses = turn_with_brown_card()
    scene = open_table(app, src)
    order = [s.card_id for s in sorted(scene.group.sprites(), key=lambda s: s.home[0]) if s.zone == "hand"]
    card = accuses[0]["card"]
    before = src.match.state_id
    post_key(app, pygame.K_1 + order.index(card))
    assert scene.selected == card and scene.valid_targets
    post_key(app, pygame.K_TAB)
    post_key(app, pygame.K_RETURN)
    if scene.prompt is not None:
        post_key(app, pygame.K_RETURN)
    assert src.match.state_id == before + 1
    assert src.match.commands[-1][1]["card"] == card


def test_space_ends_the_turn_and_draws(app):
    # docs/rules/hammer.md §5.1: ending the turn draws one card
    src, _ = turn_with_brown_card()
    seat = src.screen_seat
    scene = open_table(app, src)
    count = src.view()["players"][seat]["hand_count"]
    post_key(app, pygame.K_SPACE)
    assert src.match.commands[-1] == [seat, {"type": "end_turn"}]
    assert src.match.view(seat)["players"][seat]["hand_count"] == count + 1
    del scene


def test_call_inquisition_button_and_inquisition_window_banner(app):
    # docs/rules/hammer.md §5: calling opens a No Inquisition window; D3: public banner per seat
    src, _ = turn_with_brown_card()
    caller = src.screen_seat
    scene = open_table(app, src)
    post_click(app, scene.locate("button", "call_inquisition"))
    assert src.match.commands[-1] == [caller, {"type": "call_inquisition"}]
    window = src.view()["window"]
    assert window["kind"] == "inquisition"
    src.show(None)  # the hot-seat screen goes public while the window asks around
    settle(app, 3)
    names = sorted(b.name for b in scene.banner.buttons)
    expected = sorted(f"seat:{s}" for s in src.banner_seats())
    assert expected and set(expected) <= set(names) and "no_answers" in names
    seat = src.banner_seats()[0]
    post_click(app, scene.locate("button", f"seat:{seat}"))
    assert src.requested == [seat] and src.screen_seat == seat


def test_response_window_banner_and_respond_by_dropping_on_the_card(app):
    # docs/rules/hammer.md §4.1: every other player may answer the announced brown card
    for seed in range(1, 200):
        src = MatchSource.new(3, seed=seed)
        place_all(src.match)

        def answerable(m):
            w = m.view(None)["window"]
            return bool(w) and w["kind"] == "response" and any(c["type"] == "respond" for c in m.legal(m.to_act()[0]))

        if play_until(src.match, answerable, seed=seed, limit=400):
            break
    else:
        pytest.skip("no response window with an answer found")
    seat = src.match.to_act()[0]
    src.show(seat)
    scene = open_table(app, src)
    assert scene.banner is not None and scene.announced_rect is not None
    answer = next(c for c in src.legal() if c["type"] == "respond")
    post_drag(app, scene.locate("card", answer["card"]), scene.locate("announced"))
    if scene.pick is not None:
        assert all(t[0] == "villager" for t in scene.pick.targets)
        post_click(app, scene.locate(*scene.pick.targets[0]))
    cmd = src.match.commands[-1]
    assert cmd[0] == seat and cmd[1]["type"] == "respond" and cmd[1]["card"] == answer["card"]


# ---------------------------------------------------------------- privacy (D3, §8.1) ----
def test_the_table_never_draws_another_seats_hand_card(app, monkeypatch):
    src = MatchSource.new(4, seed=11)
    place_all(src.match)
    scene = open_table(app, src)
    drawn: list[str] = []
    real_face = scene.art.face

    def recording_face(game, card_id, size):
        drawn.append(card_id)
        return real_face(game, card_id, size)

    monkeypatch.setattr(scene.art, "face", recording_face)
    from game.bots.base import RandomBot

    bots = {s: RandomBot(s, pass_bias=0.6) for s in range(4)}
    checked = 0
    for step in range(60):
        if src.match.over:
            break
        for shown in (None, step % 4):
            src.show(shown)
            drawn.clear()
            scene.sync()
            app.draw(force=True)
            scene.update(0.15)  # mid-animation: flying cards are drawn too
            app.draw(force=True)
            others = set()
            for s in range(4):
                if s != shown:
                    others |= set(src.match.view(s)["players"][s]["hand"])
            assert not (set(drawn) & others), f"seat {shown} was shown cards of another hand"
            checked += 1
        seat = src.match.to_act()[0]
        src.match.apply(seat, bots[seat].choose(src.match.view(seat), src.match.legal(seat)))
    assert checked >= 100


def test_no_hand_is_drawn_while_nobody_is_behind_the_screen(app, monkeypatch):
    src, _ = turn_with_brown_card(3)
    src.show(None)
    scene = open_table(app, src)
    assert [s for s in scene.group.sprites() if getattr(s, "zone", "") == "hand"] == []


# --------------------------------------------------------------------- log text ----
def test_every_engine_event_gets_a_sentence():
    players = ["Ann", "Bob", "Cy"]
    samples = [
        {"type": "heat", "villager": "karl", "from": 3, "to": 10, "card": "confession-1"},
        {
            "type": "accuse",
            "seat": 1,
            "card": "confession-1",
            "kind": "confession",
            "accuser": "karl",
            "target": "widow",
            "value": 7,
        },
        {"type": "bribe", "card": "bribe-9", "target": "karl", "sign": -1, "value": -2, "lapsed": False},
        {"type": "burn", "villager": "maria", "by": 0, "owner": 0, "heat": 18, "outcome": "empty_pyre"},
        {"type": "respond", "seat": 2, "card": "mixup-2", "kind": "mixup", "to": "proof-6", "other": "markwart"},
        {"type": "over", "scores": [6, 4, 7], "winners": [2]},
    ]
    for event in samples:
        sentence = hammer_text.describe(event, players)
        assert sentence and "{" not in sentence
    assert "Bob" not in hammer_text.describe(samples[2], players)  # §8.1: a bribe is anonymous
    assert "Karl accuses Widow" in hammer_text.describe(samples[1], players)


def test_a_tie_at_the_burning_is_settled_by_clicking_a_villager(app):
    # docs/rules/hammer.md §5.3: the inquisitor breaks ties (§11 choose_witch)
    for seed in range(1, 120):
        src = MatchSource.new(3, seed=seed)
        place_all(src.match)
        if play_until(
            src.match,
            lambda m: any(c["type"] == "choose_witch" for s in m.to_act() for c in m.legal(s)),
            seed=seed,
            limit=600,
        ):
            break
    else:
        pytest.skip("no tie found")
    seat = src.match.to_act()[0]
    src.show(seat)
    scene = open_table(app, src)
    assert scene.pick is not None
    choice = scene.pick.targets[-1]
    post_click(app, scene.locate(*choice))
    assert src.match.commands[-1] == [seat, {"type": "choose_witch", "villager": choice[1]}]


def test_right_click_zooms_a_card_and_the_help_overlay_opens_with_question_mark(app):
    src, accuses = turn_with_brown_card()
    scene = open_table(app, src)
    pos = scene.locate("card", accuses[0]["card"])
    post_click(app, pos, button=3)
    assert scene.zoom == ("card", accuses[0]["card"]) and scene.zoom_sticky
    post_click(app, pos, button=3)
    assert scene.zoom is None
    post_key(app, pygame.K_SLASH, pygame.KMOD_SHIFT)
    assert scene.help_open
    post_key(app, pygame.K_ESCAPE)
    assert not scene.help_open


def test_the_wheel_scrolls_the_log_and_new_events_jump_back_to_the_newest(app):
    src = MatchSource.new(3, seed=3)
    place_all(src.match)
    play_until(src.match, lambda m: m.state_id > 60, seed=1)
    src.show(src.match.to_act()[0])
    scene = open_table(app, src)
    log_rect = pygame.Rect(scene.rects["log"])
    pygame.mouse.set_pos(log_rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    app.frame(wait=False)
    assert scene.log_scroll > 0
    before = src.match.state_id
    simple = next((c for c in src.legal() if c["type"] in ("pass", "end_turn")), None)
    if simple is not None:
        post_key(app, pygame.K_SPACE)
        assert src.match.state_id == before + 1 and scene.log_scroll == 0


def test_keyboard_alone_answers_a_window(app):
    # docs/rules/hammer.md §4.1 / §5: No Inquisition answers a call; keys 1-9, Tab, Enter
    for seed in range(1, 300):
        src = MatchSource.new(3, seed=seed)
        place_all(src.match)
        seat = src.match.to_act()[0]
        src.match.apply(seat, {"type": "call_inquisition"})
        asked = src.match.to_act()[0]
        if any(c["type"] == "no_inquisition" for c in src.match.legal(asked)):
            break
    else:
        pytest.skip("nobody holds No Inquisition")
    src.show(asked)
    scene = open_table(app, src)
    card = next(c["card"] for c in src.legal() if c["type"] == "no_inquisition")
    order = [s.card_id for s in sorted(scene.group.sprites(), key=lambda s: s.home[0]) if s.zone == "hand"]
    post_key(app, pygame.K_1 + order.index(card))
    assert scene.valid_targets == [("announced", None)]
    post_key(app, pygame.K_TAB)
    post_key(app, pygame.K_RETURN)
    assert src.match.commands[-1] == [asked, {"type": "no_inquisition", "card": card}]


def test_clicking_help_in_the_phase_track_opens_the_help_overlay(app):
    src, _ = turn_with_brown_card()
    scene = open_table(app, src)
    post_click(app, scene.locate("button", "help"))
    assert scene.help_open
    post_click(app, scene.locate("button", "help"))
    assert not scene.help_open


def test_an_answer_dropped_outside_a_window_gets_the_engines_refusal(app):
    # docs/rules/hammer.md §4.1: responses are played only in a response window
    for seed in range(1, 80):
        src = MatchSource.new(3, seed=seed)
        place_all(src.match)
        seat = src.match.to_act()[0]
        hand = src.match.view(seat)["players"][seat]["hand"]
        answers = [c for c in hand if hammer_text.card_role(c) == "response"]
        if answers:
            break
    else:
        pytest.skip("no response card on a first turn")
    src.show(seat)
    scene = open_table(app, src)
    card = answers[0]
    villager = next(v["id"] for v in src.view()["villagers"] if v["owner"] != seat)
    before = src.match.state_id
    post_drag(app, scene.locate("card", card), scene.locate("villager", villager))
    assert src.match.state_id == before
    command = {"type": "respond", "card": card}
    if hammer_text.kind_of(card) in ("accomplice", "mixup"):
        command["other"] = villager
    assert scene.last_error and scene.last_error == src.submit(command)


def test_an_idle_table_does_not_redraw_until_something_changes(app):
    # DESIGN D6 / STYLE: a table that is not animating need not redraw
    src, _ = turn_with_brown_card()
    scene = open_table(app, src)
    for _ in range(200):
        if not scene.animating:
            break
        scene.update(0.05)
    app.frame(wait=False)
    drawn = app.frames_drawn
    for _ in range(5):
        app.frame(wait=False)
    assert not scene.animating and app.frames_drawn == drawn  # idle: nothing is drawn
    src.submit({"type": "end_turn"})  # the revision changes: one redraw, then the draw animates
    app.frame(wait=False)
    assert app.frames_drawn == drawn + 1 and scene.view["state_id"] == src.match.state_id
    assert scene.animating  # the drawn card flies in from the deck


def test_negating_a_test_by_dropping_its_partner_on_the_banner_card(app):
    # docs/rules/hammer.md §6.2: the partner card of a played test negates it (§11 negate)
    for seed in range(1, 400):
        src = MatchSource.new(4, seed=seed)
        place_all(src.match)

        def can_negate(m):
            return any(c["type"] == "negate" for s in m.to_act() for c in m.legal(s))

        if play_until(src.match, can_negate, seed=seed, limit=500):
            break
    else:
        pytest.skip("no negation window with the partner card in hand")
    seat = next(s for s in src.match.to_act() if any(c["type"] == "negate" for c in src.match.legal(s)))
    src.show(seat)
    scene = open_table(app, src)
    assert scene.view["window"]["kind"] == "negation" and scene.announced_rect is not None
    card = next(c["card"] for c in src.legal() if c["type"] == "negate")
    post_drag(app, scene.locate("card", card), scene.locate("announced"))
    assert src.match.commands[-1] == [seat, {"type": "negate", "card": card}]


def test_a_change_of_seat_clears_the_zoom_and_the_message_of_the_previous_seat(app):
    # DESIGN D3: nothing private is drawn for the wrong seat
    src, accuses = turn_with_brown_card()
    seat = src.screen_seat
    scene = open_table(app, src)
    post_click(app, scene.locate("card", accuses[0]["card"]), button=3)
    scene.toast("You cannot do that with Confession")
    assert scene.zoom is not None
    src.show((seat + 1) % 3)
    app.frame(wait=False)
    assert scene.zoom is None and not scene.toast_widget.showing and scene.last_error == ""


def test_a_card_flying_over_a_pyre_track_passes_over_the_heat_marker(app):
    # the heat markers are part of the table: a played card flying across a villager's
    # track is drawn over them, not under (it used to slip under the markers)
    source = MatchSource.new(players=3, seed=2)
    place_all(source.match)
    scene = open_table(app, source)
    settle(app)
    marked = [
        (vid, scene.shown_heat(v))
        for v in scene.villagers()
        if (vid := v.get("id")) in scene.vtracks
        and v.get("status") == "alive"
        and isinstance(scene.shown_heat(v), (int, float))
    ]
    assert marked
    vid, heat = marked[0]
    x0, y, cw, th = scene.vtracks[vid]
    from game.ui.scenes.hammer.common import TRACK_LOW

    centre = (int(x0 + (heat - TRACK_LOW) * cw + cw / 2), y + th // 2)
    card = pygame.Surface((40, 40))
    card.fill((1, 2, 3))
    scene.fly(card, (centre[0] - 20, centre[1] - 20), (centre[0] - 20, centre[1] - 20), duration=5.0)
    scene.dirty = True
    app.draw(force=True)
    assert tuple(app.screen.get_at(centre))[:3] == (1, 2, 3)
    scene.flights.clear()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_placement_chooser_leaves_the_placing_seats_panel_in_view(app, players):
    # docs/rules/hammer.md §2: choosing where the villagers go is about that seat's villagers and
    # pyres, so the chooser never covers the seat's own panel (it covered the pyres line)
    try:
        for size in ((1280, 720), (1920, 1080)):
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            scene = open_table(app, MatchSource.new(players=players, seed=1))
            scene.open_place_prompt()
            scene.dirty = True
            settle(app, 2)
            assert scene.prompt is not None and scene.prompt.placed is not None
            own = scene.seat_zone(0)
            assert not scene.prompt.placed[1].colliderect(own), (size, scene.prompt.placed[1], own)
    finally:
        app.screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_a_seat_that_placed_says_so_on_its_villagers_too(app, monkeypatch, size):
    """docs/rules/hammer.md: the villagers go onto their pyres in secret, shown once every
    seat has placed. A seat that has placed is "(placed)" in its header; its villagers say
    they are on a pyre not yet shown (they said "not on a pyre yet"), and those of a seat
    still placing say they are not on one yet."""
    import game.ui.scenes.hammer.pyres as pyres

    app.screen = pygame.display.set_mode(size)
    src = MatchSource.new(4, seed=3, seat=0)
    src.match.apply(1, src.match.legal(1)[0])  # Bob has placed; Ann, Cy and Dee have not
    said: list[str] = []
    real_text = pyres.text

    def text(words, *rest, **kw):
        said.append(str(words))
        return real_text(words, *rest, **kw)

    monkeypatch.setattr(pyres, "text", text)
    # what the screen shows: no row drawn ahead between frames (those say what a seat
    # will say once it has placed)
    monkeypatch.setattr(HammerTableScene, "AHEAD", False)
    try:
        scene = open_table_scene(app, HammerTableScene, src, frames=2)
        app.draw(force=True)
    finally:
        app.screen = pygame.display.set_mode((1280, 720))
    notes = {w for w in said if "pyre" in w}
    assert "not on a pyre yet" in notes and len(notes & set(pyres.PLACED_NOTES)) == 1, notes
    assert notes <= set(pyres.PLACED_NOTES) | {"not on a pyre yet"}, notes
    bob = [v for v in scene.view["villagers"] if v["owner"] == 1]
    assert len(bob) == 3 and all(v["start"] is None for v in bob)  # the placement stays secret


def test_a_placed_seats_header_lists_its_pyres_then_says_placed(app, monkeypatch):
    """docs/rules/hammer.md §2: the dealt pyres are public. The header read "pyres 3, 4, 6,
    (placed)", the mark listed as if it were a fourth pyre."""
    import game.ui.scenes.hammer.seats as seats

    src = MatchSource.new(3, seed=3, seat=0)
    src.match.apply(1, src.match.legal(1)[0])  # Bob has placed
    said: list[str] = []
    real_text = seats.text

    def text(words, *rest, **kw):
        said.append(str(words))
        return real_text(words, *rest, **kw)

    monkeypatch.setattr(seats, "text", text)
    open_table_scene(app, HammerTableScene, src, frames=2)
    app.draw(force=True)
    bob = next(p for p in src.match.view(0)["players"] if p["seat"] == 1)
    dealt = ", ".join(str(pp["start"]) for pp in bob["pyres"])
    headers = [w for w in said if w.startswith("pyres ")]
    assert f"pyres {dealt} (placed)" in headers, headers
    assert not any(", (" in w for w in headers), headers


def test_the_last_move_shows_the_card_played_not_the_card_it_turned(app, monkeypatch):
    """After "Bob answers with Mix-up, …" the middle's "Last move" showed a False Testimony,
    the card the Mix-up turned (docs/rules/hammer.md: it heats the other villager and is
    the top of the pile then), beside words about a Mix-up. It shows the Mix-up."""

    def mixup_turned(m) -> bool:
        recent = m.view(0).get("recent") or []
        played = [e for e in recent if e.get("type") in ("accuse", "respond", "advocate", "test")]
        pile = m.view(0).get("discard") or []
        return bool(played) and played[-1].get("kind") == "mixup" and pile and pile[-1] != played[-1]["card"]

    for seed in range(1, 40):
        src = MatchSource.new(4, seed=seed)
        place_all(src.match)
        if play_until(src.match, mixup_turned, seed=seed, limit=3000):
            break
    else:
        pytest.skip("no seed played a Mix-up")
    view = src.match.view(0)
    assert not view.get("window") and not view.get("revealed")
    mixup = next(e["card"] for e in reversed(view["recent"]) if e.get("type") == "respond")
    scene = open_table(app, src)
    faces: list[str] = []
    real = scene.art.face
    monkeypatch.setattr(
        scene.art, "face", lambda game, card, size, *a, **k: faces.append(card) or real(game, card, size, *a, **k)
    )
    scene.centre.draw_center(app.screen, pygame.Rect(scene.rects["banner"]))
    assert faces and faces[0] == mixup, (faces, mixup, view["discard"][-1])


def test_a_window_in_the_background_flashes_when_the_table_comes_to_its_seat(app, monkeypatch):
    """A LAN player who looked at another program while the others played was not told
    when the table came to them (only a chime, on a speaker perhaps off). The window now
    asks for attention (flashes in the taskbar until focused, game.ui.display) when its
    seat goes from nothing to do to something to do; not while it merely waits, and not
    when the screen passes to another seat (hot-seat: the person at it is looking)."""
    import game.ui.scenes.table_base as table_base

    asked: list[int] = []
    monkeypatch.setattr(table_base, "ask_attention", lambda: asked.append(1))
    src = MatchSource.new(3, seed=4)
    place_all(src.match)
    m = src.match
    me = (m.to_act()[0] + 1) % m.n
    src.show(me)
    scene = open_table(app, src)
    assert not scene.legal_cmds and asked == []
    steps = 0
    while not m.legal(me) and steps < 200:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        m.apply(seat, next((c for c in legal if c["type"] in ("end_turn", "pass")), legal[0]))
        settle(app, 1)
        assert asked == [] or m.legal(me), "asked while the seat still had nothing to do"
        steps += 1
    assert m.legal(me)
    settle(app, 2)
    assert asked == [1]
    src.show((me + 1) % m.n)  # the screen passes to another seat: no flash
    settle(app, 2)
    assert asked == [1]


def test_the_portraits_in_the_rows_write_no_name(app, monkeypatch):
    """A row's portrait is a small villager card with the name written beside it; the card
    wrote its own name only where a short one fitted ("Karl" on one portrait of a row,
    nothing on the others). The portraits leave their band bare, every one alike; the
    zoom still names the villager."""
    from game.ui.card_art import CardArt

    titles: list[str] = []
    real = CardArt._title_band

    def noting(self, surf, title, *args, **kwargs):
        titles.append(title)
        return real(self, surf, title, *args, **kwargs)

    monkeypatch.setattr(CardArt, "_title_band", noting)
    src = MatchSource.new(4, seed=2)
    place_all(src.match)
    scene = open_table(app, src)
    scene.art._other.clear()
    scene.dirty = True
    settle(app, 2)
    villagers = src.match.view(0)["villagers"]
    names = {v["name"] for v in villagers} | {v.get("short") for v in villagers}
    assert len(villagers) == 12 and not names & set(titles), names & set(titles)
    assert "" in titles  # the portraits were drawn, bare
