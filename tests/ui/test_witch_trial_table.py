"""The Witch Trial courtroom: zones, drag and drop, the objection banner, the plea
dialog and the hot-seat privacy rule (DESIGN D3, D6; docs/rules/witch_trial.md §3, §4).

Input is posted as real pygame events and run through ``app.frame`` exactly like the
smoke run; the match behind the table is read only to find states and check results."""

from __future__ import annotations

import pygame
import pytest

from game.engine import IllegalCommand, new_match
from game.ui.layout import load_layout
from game.ui.scenes import witch_trial_text as words
from game.ui.scenes.witch_trial_table import WitchTrialTableScene
from game.ui.smoke_common import post_click, post_drag, post_key, post_move
from game.ui.tables import load_tables
from tests.ui.table_source import open_table_scene, run_frames, settle_ahead, table_app
from tests.ui.witch_trial_source import NAMES, TrialSource, drive, find, in_trial_with_cards, motion_waiting, plea_offer


# --------------------------------------------------------------------- fixtures ----
@pytest.fixture(scope="module")
def app():
    yield from table_app()


def open_table(app, source) -> WitchTrialTableScene:
    return open_table_scene(app, WitchTrialTableScene, source, frames=2)


def settle(app, frames: int = 20) -> None:
    run_frames(app, frames)


# ------------------------------------------------------------------- layout (D6) ----
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_layout_has_every_courtroom_zone_for_3_to_7_players(players):
    layout = load_layout("witch_trial", players)
    missing = [z for z in WitchTrialTableScene.zones_needed(players) if not layout.has(z)]
    assert missing == []


def test_courtroom_is_registered_for_the_shell():
    assert load_tables()["witch_trial"] is WitchTrialTableScene


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1000, 640)])
def test_zones_scale_with_the_window_and_stay_inside_it(app, size):
    scene = open_table(app, TrialSource.new(7, seed=2))
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    scene.resized(size)
    settle(app, 1)
    for name, (x, y, w, h) in scene.rects.items():
        assert 0 <= x and 0 <= y and x + w <= size[0] and y + h <= size[1], name
    for slot, r in scene.slot_rects.items():
        assert pygame.Rect(scene.rects[f"lineup_{slot}"]).contains(r)
    app.screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    scene.resized((1280, 720))


# ------------------------------------------------------------- drag and drop (§3) ----
def test_dragging_the_free_lineup_card_into_the_hand_buys_it(app):
    # docs/rules/witch_trial.md §3.1: slot 5 is free; the buyer then draws one card
    src = TrialSource.new(3, seed=4)
    scene = open_table(app, src)
    seat = src.screen_seat
    card = src.view()["lineup"][4]
    before = src.view()["players"][seat]["hand_count"]
    post_drag(app, scene.locate("lineup", 5), scene.locate("hand"))
    settle(app, 5)
    me = src.match.view(seat)["players"][seat]
    assert card in me["hand"] and me["hand_count"] == before + 2
    assert me["money"] == 50
    assert any(e["type"] == "buy" and e["card"] == card for e in src.match.log(None))


def test_clicking_a_lineup_card_then_the_hand_buys_it_too(app):
    src = TrialSource.new(3, seed=5)
    scene = open_table(app, src)
    card = src.view()["lineup"][3]
    post_click(app, scene.locate("lineup", 4))
    assert ("hand", None) in scene.valid_targets
    post_click(app, scene.locate("hand"))
    settle(app, 3)
    assert card in src.match.view(src.screen_seat)["players"][src.screen_seat]["hand"]
    assert src.match.view(None)["court_fees"] == 5  # §3.1: $5 into the Court Fees


def test_an_illegal_drop_snaps_back_with_the_engines_message(app):
    # docs/rules/witch_trial.md §4: cards are played only in a trial; the engine says why, the card goes home
    src = TrialSource.new(3, seed=6)
    scene = open_table(app, src)
    hand = src.view()["players"][src.screen_seat]["hand"]
    card = hand[0]
    home = scene.sprite_for(card).home
    state = src.match.state_id
    post_drag(app, scene.locate("card", card), scene.locate("court"))
    try:
        src.match.apply(src.screen_seat, {"type": "play", "card": card})
        expected = None
    except IllegalCommand as exc:
        expected = exc.message
    assert expected and scene.last_error == expected
    assert src.match.state_id == state
    settle(app, 30)
    assert scene.sprite_for(card).rect.topleft == home


def test_a_suspect_dropped_on_a_lineup_charge_creates_the_case(app):
    # docs/rules/witch_trial.md §3.2
    for seed in range(1, 60):
        src = TrialSource.new(3, seed=seed)
        cases = [c for c in src.legal() if c["type"] == "create_case"]
        if cases:
            break
    else:
        pytest.skip("no seed offers a case on the first turn")
    scene = open_table(app, src)
    cmd = cases[0]
    post_drag(app, scene.locate("card", cmd["card"]), scene.locate("slot", cmd["slot"]))
    settle(app, 3)
    case = src.match.view(None)["players"][src.screen_seat]["pending_case"]
    assert case is not None and cmd["card"] in case.values()


def test_a_suspect_dropped_on_a_charge_in_the_hand_says_where_a_case_is_built(app):
    # docs/rules/witch_trial.md §3.2: a case pairs a card of the hand with its counterpart in
    # the lineup; dropped on the counterpart in one's own hand it built nothing and said nothing
    for seed in range(1, 400):
        src = TrialSource.new(3, seed=seed)
        hand = src.match.view(src.screen_seat)["players"][src.screen_seat]["hand"]
        cases = [c for c in src.legal() if c["type"] == "create_case"]
        card = next((c["card"] for c in cases), None)
        if card is None:
            continue
        other = "charge" if words.card_type(card) == "suspect" else "suspect"
        partner = next((h for h in hand if words.card_type(h) == other), None)
        if partner is not None:
            break
    else:
        pytest.skip("no seed deals a Suspect and a Charge with a case to build")
    scene = open_table(app, src)
    state = src.match.state_id
    post_drag(app, scene.locate("card", card), scene.locate("card", partner))
    settle(app, 3)
    assert src.match.state_id == state  # nothing built
    lineup = src.match.view(src.screen_seat)["lineup"]
    names = [words.card_name(lineup[c["slot"] - 1]) for c in cases if c["card"] == card]
    said = scene.toast_widget.text
    assert said.startswith("Not in your hand: a case pairs your") and all(n in said for n in names), said
    assert f"Drag {words.card_name(card)} onto" in said


def test_evidence_dropped_into_the_court_is_played(app):
    # docs/rules/witch_trial.md §4.9 (Evidence)
    m = find(
        3,
        lambda m: (
            bool(m.view(None)["trial"])
            and m.view(None)["trial"]["motion"] is None
            and m.view(None)["trial"]["plea"] is None
            and any(c["type"] == "play" and words.card_type(c["card"]) == "evidence" for c in m.legal(m.to_act()[0]))
        ),
    )
    seat = m.to_act()[0]
    src = TrialSource(m, seat)
    scene = open_table(app, src)
    card = next(c["card"] for c in m.legal(seat) if c["type"] == "play" and words.card_type(c["card"]) == "evidence")
    assert ("court", None) in scene.targets_for(card)
    post_drag(app, scene.locate("card", card), scene.locate("court"))
    settle(app, 3)
    assert card in m.view(None)["trial"]["played"]


# ------------------------------------------------------------ objection (D3, §4.12) ----
def test_objection_banner_shows_a_button_per_seat_that_may_object(app):
    m = find(4, motion_waiting)
    awaiting = m.view(None)["trial"]["motion"]["awaiting"]
    src = TrialSource(m, None)
    scene = open_table(app, src)
    names = [b.name for b in scene.banner.buttons]
    assert names == [f"seat:{awaiting}", "no_objection"]
    assert "Objection?" in scene.banner.prompt
    post_click(app, scene.locate("button", f"seat:{awaiting}"))
    assert src.requested == [awaiting]


def test_no_objection_on_the_public_banner_lets_the_motion_stand(app):
    m = find(3, motion_waiting)
    motion = m.view(None)["trial"]["motion"]["card"]
    src = TrialSource(m, None)
    scene = open_table(app, src)
    post_click(app, scene.locate("button", "no_objection"))
    settle(app, 2)
    assert any(e["type"] == "no_objection" and e["motion"] == motion for e in m.log(None))


def test_an_objection_dropped_on_the_motion_cancels_it(app):
    # docs/rules/witch_trial.md §4.12 (a Motion and its Objection): the Objection goes to the motion's player
    m = find(3, lambda m: motion_waiting(m) and any(c["type"] == "object" for c in m.legal(m.to_act()[0])))
    seat = m.to_act()[0]
    motion = m.view(None)["trial"]["motion"]
    obj = next(c["card"] for c in m.legal(seat) if c["type"] == "object")
    src = TrialSource(m, seat)
    scene = open_table(app, src)
    assert ("motion", None) in scene.targets_for(obj)
    post_drag(app, scene.locate("card", obj), scene.locate("motion"))
    settle(app, 3)
    assert motion["card"] in m.view(None)["trial"]["cancelled"] if m.view(None)["trial"] else True
    assert obj in m.view(motion["by"])["players"][motion["by"]]["hand"]


# ---------------------------------------------------------------- plea (§4.13) ----
def test_plea_dialog_offers_a_split_in_5_dollar_steps_and_the_other_side_answers(app):
    m = find(3, plea_offer)
    plea = m.view(None)["trial"]["plea"]
    by, to = plea["by"], plea["to"]
    fees = m.view(None)["court_fees"]
    src = TrialSource(m, by)
    scene = open_table(app, src)
    assert scene.stepper is not None and scene.stepper.step == 5 and scene.stepper.maximum == fees
    start = scene.plea_value
    post_click(app, scene.locate("stepper_plus"))
    post_key(app, pygame.K_RIGHT)
    assert scene.plea_value == min(fees, start + 10)
    post_click(app, scene.locate("button", "offer_plea"))
    settle(app, 2)
    offer = m.view(None)["trial"]["plea"]
    assert offer["phase"] == "answer" and offer["to_prosecution"] == scene.plea_value
    src.show(to)
    settle(app, 2)
    assert scene.locate("button", "accept_plea") and scene.locate("button", "decline_plea")
    money = [p["money"] for p in m.view(None)["players"]]
    post_key(app, pygame.K_a)
    settle(app, 2)
    assert any(e["type"] == "plea" and e["accepted"] for e in m.log(None))
    after = [p["money"] for p in m.view(None)["players"]]
    assert sum(after) - sum(money) == fees


# ------------------------------------------------------------- privacy (D3, §6) ----
class RecordingArt:
    def __init__(self, art) -> None:
        self.art = art
        self.faces: set[str] = set()

    def face(self, game, card_id, size):
        self.faces.add(card_id)
        return self.art.face(game, card_id, size)

    def __getattr__(self, name):
        return getattr(self.art, name)


@pytest.mark.parametrize("shown", [0, None])
def test_the_table_never_draws_another_seats_hand_card(app, shown):
    # DESIGN D3 / docs/rules/witch_trial.md §6.2: each hand is its owner's only
    m = find(5, in_trial_with_cards)
    src = TrialSource(m, shown)
    while app.scenes.top is not None:
        app.scenes.pop()
    scene = WitchTrialTableScene(app, src)
    scene.art = RecordingArt(scene.art)
    app.scenes.push(scene)
    settle(app, 3)
    app.draw(force=True)
    for x, y in [(200, 650), (500, 650), (700, 400), (1000, 300)]:
        post_click(app, (x, y), button=3)  # zoom whatever lies there
        app.draw(force=True)
    hands = {s: set(m.view(s)["players"][s]["hand"]) for s in range(m.n)}
    others = set().union(*(h for s, h in hands.items() if s != shown))
    assert not (scene.art.faces & others)
    if shown is not None:
        assert hands[shown] <= scene.art.faces


def test_every_log_event_of_a_whole_game_has_a_sentence():
    m = new_match("witch_trial", NAMES[:4], seed=9)
    drive(m, lambda m: m.over, seed=9)
    for e in m.log(None):
        assert isinstance(words.describe(e, m.players), str)
    assert any("Jury Value" in words.describe(e, m.players) for e in m.log(None))


# ---------------------------------------------------------- keyboard paths (D6) ----
def test_keyboard_b_opens_the_buy_prompt_and_enter_buys(app):
    # docs/rules/witch_trial.md §3.1, by keyboard alone
    src = TrialSource.new(3, seed=8)
    scene = open_table(app, src)
    post_key(app, pygame.K_b)
    assert scene.prompt is not None
    first = scene.prompt.options[0][1]
    card = src.view()["lineup"][first["slot"] - 1]
    post_key(app, pygame.K_RETURN)
    settle(app, 3)
    assert card in src.match.view(src.screen_seat)["players"][src.screen_seat]["hand"]


def test_keyboard_number_tab_enter_plays_a_card_into_the_court(app):
    # docs/rules/witch_trial.md §4: pick a hand card with 1-9, its target with Tab, play with Enter
    m = find(
        3,
        lambda m: (
            bool(m.view(None)["trial"])
            and m.view(None)["trial"]["motion"] is None
            and m.view(None)["trial"]["plea"] is None
            and any(
                c["type"] == "play" and not c.get("choice") and words.card_type(c["card"]) == "evidence"
                for c in m.legal(m.to_act()[0])
            )
        ),
    )
    seat = m.to_act()[0]
    src = TrialSource(m, seat)
    scene = open_table(app, src)
    hand = [
        s.card_id
        for s in sorted((s for s in scene.group.sprites() if getattr(s, "zone", "") == "hand"), key=lambda s: s.home[0])
    ]
    index = next(i for i, c in enumerate(hand) if words.card_type(c) == "evidence")
    post_key(app, pygame.K_1 + index)
    assert scene.selected == hand[index] and scene.valid_targets == [("court", None)]
    post_key(app, pygame.K_RETURN)
    settle(app, 3)
    assert hand[index] in m.view(None)["trial"]["played"]


def test_rest_and_pass_have_keys(app):
    # docs/rules/witch_trial.md §3.5 (pass: Space), §4.6 (rest: R)
    src = TrialSource.new(3, seed=10)
    scene = open_table(app, src)
    turn = src.view()["turn"]
    post_key(app, pygame.K_SPACE)
    assert any(e["type"] == "pass" and e["seat"] == turn for e in src.match.log(None))
    m = find(3, lambda m: bool(m.view(None)["trial"]) and {"type": "rest"} in m.legal(m.to_act()[0]))
    seat = m.to_act()[0]
    src = TrialSource(m, seat)
    scene = open_table(app, src)
    post_key(app, pygame.K_r)
    assert any(e["type"] == "rest" and e["seat"] == seat for e in m.log(None))
    del scene


def test_jury_marker_glides_when_the_jury_value_changes(app):
    # docs/rules/witch_trial.md §4.7 (the jury): the marker moves (animated) to the new Jury Value
    m = find(
        3,
        lambda m: (
            bool(m.view(None)["trial"])
            and m.view(None)["trial"]["motion"] is None
            and m.view(None)["trial"]["plea"] is None
            and any(c["type"] == "play" and words.card_type(c["card"]) == "evidence" for c in m.legal(m.to_act()[0]))
        ),
    )
    seat = m.to_act()[0]
    src = TrialSource(m, seat)
    scene = open_table(app, src)
    before = m.view(None)["trial"]["jury_value"]
    card = next(c["card"] for c in m.legal(seat) if c["type"] == "play" and words.card_type(c["card"]) == "evidence")
    post_drag(app, scene.locate("card", card), scene.locate("court"))
    after = m.view(None)["trial"]["jury_value"]
    if after == before:
        pytest.skip("the evidence hit the clamp (docs/rules/witch_trial.md §1.6)")
    assert scene.jury_anim is not None and scene.animating
    shown = scene.shown_jury()
    assert min(before, after) <= shown <= max(before, after)
    settle(app, 60)
    assert scene.jury_anim is None and scene.shown_jury() == after


def test_a_short_whole_game_is_played_through_the_ui_only(app):
    # the smoke player finishes a 3-seat hot-seat game by posting real events
    from game.ui.smoke_witch_trial import play_witch_trial

    while app.scenes.top is not None:
        app.scenes.pop()
    done = play_witch_trial(app, timeout_s=60, seed=2, turn_budget=10)
    assert done["pass"] >= 3 and done["buy"] + done["create_case"] >= 1
    assert type(app.scenes.top).__name__ == "GameOverScene"
    while app.scenes.top is not None:
        app.scenes.pop()
    app.frame(wait=False)  # the session notices its table is gone and stops


def test_hot_seat_play_never_draws_a_hand_card_for_the_wrong_seat(app, tmp_path):
    # DESIGN D3 / docs/rules/witch_trial.md §6.2, through the real hot-seat session and its curtain:
    # every card face or zoom drawn is checked against the engine's hands at that moment
    from game.ui.scenes.curtain import CurtainScene
    from game.ui.session import HotseatSession
    from game.ui.session import open_table as open_session_table
    from game.ui.smoke_witch_trial import WitchTrialPlayer

    while app.scenes.top is not None:
        app.scenes.pop()
    session = HotseatSession.new(
        app, "witch_trial", ["Ann", "Bob", "Cy"], [], seed=4, bot_delay=0.0, save_path=tmp_path / "wt.witchhunt.json"
    )
    table = open_session_table(app, session)
    problems: list[str] = []
    real = table.art

    class Checked:
        def _check(self, card_id):
            seat = session.screen_seat
            if session.match.over:
                return  # the end reveals every hand (docs/rules/witch_trial.md §6.3)
            for s, hand in enumerate(session.match.state["hands"]):
                if card_id in hand and (s != seat or isinstance(app.scenes.top, CurtainScene)):
                    problems.append(f"{card_id} of seat {s} drawn while seat {seat} is shown")

        def face(self, game, card_id, size):
            self._check(card_id)
            return real.face(game, card_id, size)

        def zoom(self, game, card_id, width):
            self._check(card_id)
            return real.zoom(game, card_id, width)

        def __getattr__(self, name):
            return getattr(real, name)

    table.art = Checked()
    player = WitchTrialPlayer(app, session, seed=4, turn_budget=8)
    for _ in range(400):
        if session.match.over:
            break
        player.step()
        if isinstance(app.scenes.top, type(table)):
            for x, y in ((300, 650), (600, 400), (150, 220)):
                post_click(app, (x, y), button=3)  # zoom whatever lies there, then close it
                post_click(app, (x, y), button=3)
    assert session.match.over
    assert problems == []
    while app.scenes.top is not None:
        app.scenes.pop()
    app.frame(wait=False)


def test_short_memory_opens_a_discard_picker_and_plays_with_the_choice(app):
    # docs/rules/witch_trial.md §1 (Short Memory): take a discard card of your choice (``choice``)
    def ready(m):
        t = m.view(None)["trial"]
        return (
            bool(t)
            and t["motion"] is None
            and t["plea"] is None
            and any(c["type"] == "play" and c.get("choice") for c in m.legal(m.to_act()[0]))
        )

    m = find(4, ready)
    seat = m.to_act()[0]
    card = next(c["card"] for c in m.legal(seat) if c.get("choice"))
    src = TrialSource(m, seat)
    scene = open_table(app, src)
    post_drag(app, scene.locate("card", card), scene.locate("court"))
    assert scene.pick is not None and scene.picker_rects
    kinds = [words.kind_of(t[1]) for t in scene.pick.targets]
    assert len(kinds) == len(set(kinds))  # one per kind: two copies are the same card to take
    choice = scene.pick.targets[-1][1]
    post_click(app, scene.locate("pick", choice))
    settle(app, 2)
    motion = m.view(None)["trial"]["motion"]
    assert motion is not None and motion["card"] == card and motion["choice"] == choice


def test_clicking_another_players_case_defends_it_and_p_prosecutes_your_own(app):
    # docs/rules/witch_trial.md §3.3, §3.4 (the public defender roll is public)
    m = find(3, lambda m: not m.view(None)["trial"] and any(c["type"] == "defend" for c in m.legal(m.to_act()[0])))
    seat = m.to_act()[0]
    owner = next(c["case_owner"] for c in m.legal(seat) if c["type"] == "defend")
    src = TrialSource(m, seat)
    scene = open_table(app, src)
    post_click(app, scene.locate("case", owner))
    trial = m.view(None)["trial"]
    assert trial and trial["defender"] == seat and trial["prosecutor"] == owner
    m = find(4, lambda m: not m.view(None)["trial"] and {"type": "prosecute"} in m.legal(m.to_act()[0]))
    seat = m.to_act()[0]
    src = TrialSource(m, seat)
    scene = open_table(app, src)
    post_key(app, pygame.K_p)
    trial = m.view(None)["trial"]
    assert trial and trial["prosecutor"] == seat
    rolls = m.view(None)["last_rolls"]
    assert rolls and all(r["purpose"] == "public_defender" and len(r["dice"]) == 2 for r in rolls)
    assert {r["seat"] for r in rolls} >= {s for s in range(m.n) if s != seat}


def test_the_courtroom_draws_the_bare_view_a_lan_client_has_before_its_first_update(app):
    # DESIGN D4/D6: a LAN table starts from {game, state_id, to_act, over, seat} only
    class Bare(TrialSource):
        def view(self) -> dict:
            return {"game": "witch_trial", "state_id": 0, "to_act": [], "over": False, "seat": self._seat}

        def legal(self) -> list[dict]:
            return []

        def log(self) -> list[dict]:
            return []

    src = Bare(new_match("witch_trial", NAMES[:5], seed=1), 2)
    scene = open_table(app, src)
    app.draw(force=True)
    post_key(app, pygame.K_b)
    post_click(app, scene.locate("hand"))
    assert scene.prompt is None


@pytest.mark.parametrize("answer", [False, True])
def test_no_card_zooms_up_while_the_plea_dialog_is_open(app, answer):
    # (no preview covers a chooser): the charge under the plea dialog
    # zoomed up over "No offer" while the pointer rested on the dialog, and Esc moved it
    m = find(3, plea_offer)
    plea = m.view(None)["trial"]["plea"]
    if answer:
        m.apply(plea["by"], {"type": "offer_plea", "to_prosecution": 0})
    seat = m.view(None)["trial"]["plea"]["to" if answer else "by"]
    scene = open_table(app, TrialSource(m, seat))
    settle(app, 2)
    settle_ahead(app, scene)
    box = scene.dialog_rect
    assert box is not None
    under = [
        r.clip(box) for r in list(scene.court_cards.values()) + list(scene.case_cards.values()) if r.colliderect(box)
    ]
    assert under, "a card lies under the dialog"
    hand = [scene.locate("card", c) for c in scene.my_hand()]
    for spot in [under[0].center] + hand[:1]:
        assert scene.hover_target_key(spot) is not None  # a card is there
        post_move(app, spot)
        scene.hover_since -= 5.0  # rested there long past the hover delay
        settle(app, 2)
        assert scene.zoom is None and scene.next_wake() is None
        post_click(app, spot, button=3)  # a right-click neither
        settle(app, 2)
        assert scene.zoom is None
    post_key(app, pygame.K_ESCAPE)  # nothing to close: the dialog stays, no zoom appears
    settle(app, 2)
    assert scene.zoom is None and scene.dialog_rect is not None


def test_the_objection_tag_over_a_motion_stands_clear_of_every_other_word(app):
    # docs/rules/witch_trial.md §4.12 (a Motion waits for an Objection): the "Objection?" tag over
    # the motion card had the "Cards played" heading showing through behind it
    def motion_first(m) -> bool:  # the motion is the first card played: under the heading
        t = m.view(None)["trial"]
        return (
            bool(t)
            and t["motion"] is not None
            and not t["replaced"]
            and [c for c in t["played"] if c != t["charge"]][:1] == [t["motion"]["card"]]
        )

    m = find(3, motion_first)
    t = m.view(None)["trial"]
    scene = open_table(app, TrialSource(m, t["prosecutor"]))
    settle(app, 2)
    blocks = scene.text_blocks()
    tags = [b for b in blocks if b.what == "motion tag"]
    assert len(tags) == 1 and not tags[0].problems()
    tag = tags[0].rects[0]
    court = pygame.Rect(scene.rects["court"])
    others = [r for b in blocks if b.what != "motion tag" for r in b.rects if court.colliderect(r)]
    assert any(b.what == "court heading" for b in blocks) or not others
    assert not [r for r in others if r.colliderect(tag)]
    assert tag.collidelist([r for c, r in scene.court_cards.items() if c != t["motion"]["card"]]) == -1


def _final_argument(rest_allowed: bool):
    def stop(m) -> bool:
        t = m.view(None)["trial"]
        if not t or t.get("phase") != "final" or t.get("motion") or t.get("plea"):
            return False
        return ({"type": "rest"} in m.legal(m.to_act()[0])) == rest_allowed

    return stop


@pytest.mark.parametrize("rest_allowed", [False, True])
def test_final_argument_hint_offers_rest_only_when_no_card_can_be_played(app, rest_allowed):
    # docs/rules/witch_trial.md §4.6: the final argument is exactly one card; rest only with none playable.
    # in play the hint said "or rest (R)" while R did nothing.
    m = find(3, _final_argument(rest_allowed))
    seat = m.to_act()[0]
    scene = open_table(app, TrialSource(m, seat))
    settle(app, 3)
    hint = scene.status_message()
    assert ("rest (R)" in hint) == rest_allowed, hint
    before = m.state_id
    post_key(app, pygame.K_r)
    assert (m.state_id != before) == rest_allowed
