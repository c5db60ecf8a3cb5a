"""The Salem 1692 table (docs/rules/salem.md §9): layouts for 4–12 seats and the ghost
variant, readable at 1280x720, cards onto seats by drag (a second drop for Robbery and
Scapegoat, a picker for Curse), a click on the accused's row, Night's own look, and
window prompts of one size for every role."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.engine import new_match
from game.ui.scenes.salem.common import design_zones
from game.ui.scenes.salem_table import SalemTableScene
from game.ui.smoke_common import post_click, post_drag
from tests.rules.salem_kit import ASYLUM, PIETY, stage
from tests.ui.table_source import MatchTableSource, open_table_scene, run_frames, table_app

ACCS = [f"c{i}" for i in range(35)]


@pytest.fixture(scope="module")
def app():
    yield from table_app()


@pytest.mark.parametrize("players", range(4, 13))
def test_the_seats_go_round_the_table_without_overlapping(players):
    # layouts for 4-12 seats (docs/rules/salem.md §2)
    zones = design_zones(players)
    seats = [zones[f"seat_{k}"] for k in range(players)]
    for a, b in itertools.combinations(seats + [zones[k] for k in ("center", "log", "hand", "buttons")], 2):
        apart = a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
        assert apart, (a, b)
    # clockwise from the bottom: up the left, along the top, down the right
    centres = [(x + w / 2, y + h / 2) for x, y, w, h in seats[1:]]
    assert centres[0][0] < 400 and centres[-1][0] > 1100


@pytest.mark.parametrize(
    "players,size", [(4, (1280, 720)), (8, (1280, 720)), (12, (1280, 720)), (12, (1920, 1080)), (2, (1280, 720))]
)
def test_every_seat_is_drawn_readable(app, players, size):
    # every name, count and card must stay readable at 12 seats at 1280x720
    assert app.set_window_size(size) and app.size == size
    m = new_match(
        "salem", [f"Player {i + 1}" for i in range(players)], seed=players, options={"town_hall": players >= 8}
    )
    src = MatchTableSource(m, m.to_act()[0])
    scene = open_table_scene(app, SalemTableScene, src, 2)
    assert len(scene.seats.seat_rects) == m.n and scene.size == size
    rects = list(scene.seats.seat_rects.values())
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b)
    for seat, r in scene.seats.seat_rects.items():
        assert r.h >= 90 and r.w >= 150, (seat, r)
    for block in scene.text_blocks():
        assert not block.problems(), block.problems()
    # a small seat zooms whole under the pointer
    other = next(s for s in range(m.n) if s != src.screen_seat)
    assert scene.zoom_image(("seat", other), 300) is not None
    if players == 2:
        ghosts = [s for s in scene.view["seats"] if s["ghost"]]
        assert len(ghosts) == 2 and all(g["name"] != "Ghost 2" for g in ghosts)


def test_a_red_card_dragged_onto_a_seat_accuses_it(app):
    app.set_window_size((1280, 720))
    m = stage(4, hands={0: ["c1"]})
    src = MatchTableSource(m, 0)
    scene = open_table_scene(app, SalemTableScene, src, 2)
    post_drag(app, scene.locate("card", "c1"), scene.locate("seat", 2))
    assert m.state["fronts"][2] == ["c1"]


def test_robbery_takes_a_second_drop(app):
    # salem.md §3.4 Robbery: target (from), target2 (to)
    m = stage(4, hands={0: ["c46"], 1: ["c3", "c4"]})
    src = MatchTableSource(m, 0)
    scene = open_table_scene(app, SalemTableScene, src, 2)
    post_drag(app, scene.locate("card", "c46"), scene.locate("seat", 1))
    assert m.state["hands"][1] == ["c3", "c4"] and scene.second_drop == ("c46", 1)
    post_drag(app, scene.locate("card", "c46"), scene.locate("seat", 3))
    assert sorted(m.state["hands"][3]) == ["c3", "c4"] and m.state["hands"][1] == []


def test_curse_asks_which_blue_card(app):
    m = stage(4, hands={0: ["c45"]}, fronts={2: [PIETY, ASYLUM]})
    src = MatchTableSource(m, 0)
    scene = open_table_scene(app, SalemTableScene, src, 2)
    post_drag(app, scene.locate("card", "c45"), scene.locate("seat", 2))
    assert scene.prompt is not None and [o[0] for o in scene.prompt.options] == ["Piety", "Asylum"]
    scene.choose_prompt(1)
    assert m.state["fronts"][2] == [PIETY]


def test_a_trial_is_a_click_on_the_accused_row(app):
    # salem.md §3.3: the accuser picks the card
    m = stage(4, rows={2: "N N W N N"}, fronts={2: ACCS[:6]}, hands={0: ["c6"]})
    src = MatchTableSource(m, 0)
    scene = open_table_scene(app, SalemTableScene, src, 2)
    post_drag(app, scene.locate("card", "c6"), scene.locate("seat", 2))
    run_frames(app, 1)
    assert scene.pick is not None and ("tryal", (2, 2)) in scene.pick.targets
    post_click(app, scene.locate("tryal", (2, 2)))
    assert m.over and m.state["team"] == "townspeople"


def test_night_darkens_the_table_and_prompts_have_one_size(app):
    m = stage(5, rows={2: "W N N N N", 4: "C N N N N"}, pile=["c58"])
    m.apply(0, {"type": "draw_two"})
    src = MatchTableSource(m, 0)
    scene = open_table_scene(app, SalemTableScene, src, 2)
    assert scene.is_night()
    corner = app.screen.get_at((scene.rects["center"][0] + 4, scene.rects["center"][1] + 4))
    assert sum(corner[:3]) < 120, "the Night sky is dark"
    sleeper_box = scene.window.rect()
    assert [b.name for b in scene.buttons] == ["continue"]
    src.show(2)
    run_frames(app, 2)
    assert scene.window.rect() == sleeper_box
    assert len([b for b in scene.buttons if b.name.startswith("option:")]) == 5
    src.show(0)
    run_frames(app, 1)
    post_click(app, scene.locate("button", "continue"))
    assert 0 not in m.to_act() and m.state["stack"][-1]["window"]["answers"] == [[0, {"type": "pass"}]]


def test_no_text_on_the_twelve_seat_table_is_smaller_than_11px_at_1280x720(app):
    # readable at 12 seats at 1280x720 (card faces included)
    from game.ui import fonts
    from game.ui.card_art import CardArt
    from game.ui.scenes import table_base
    from tests.ui.table_source import drive_until

    app.set_window_size((1280, 720))
    saved = table_base._ART
    table_base._ART = CardArt()
    try:
        with fonts.record_sizes() as sizes:
            m = new_match("salem", [f"Player {i + 1}" for i in range(12)], seed=12, options={"town_hall": True})
            drive_until(m, lambda m: m.state_id >= 40, lambda m, s: m.legal(s)[0], 200)
            src = MatchTableSource(m, m.to_act()[0])
            open_table_scene(app, SalemTableScene, src, 2)
            night = stage(5, rows={2: "W N N N N", 4: "C N N N N"}, pile=["c58"])
            night.apply(0, {"type": "draw_two"})
            open_table_scene(app, SalemTableScene, MatchTableSource(night, 2), 2)
    finally:
        table_base._ART = saved
    assert sizes and min(sizes) >= 11, sorted(sizes)


def test_town_hall_abilities_have_their_buttons_and_choosers(app):
    # salem.md §3.12 through the table: Will Griggs's Alibi, Tituba's pile, Rebecca's draw
    app.set_window_size((1280, 720))
    m = stage(4, hands={0: ["c41"]}, pile=["c1", "c2", "c58"], characters={0: "will_griggs", 3: "rebecca_nurse"})
    src = MatchTableSource(m, 0)
    scene = open_table_scene(app, SalemTableScene, src, 2)
    post_drag(app, scene.locate("card", "c41"), scene.locate("seat", 2))
    assert scene.prompt is not None and len(scene.prompt.options) == 2
    scene.choose_prompt(1)  # as a Witness: seven accusations, a trial at once
    run_frames(app, 1)
    assert scene.pick is not None
    post_click(app, scene.locate("tryal", (2, 0)))
    src.show(3)
    run_frames(app, 1)
    assert [b.name for b in scene.buttons] == ["ability:rebecca_nurse", "pass"]
    post_click(app, scene.locate("button", "ability:rebecca_nurse"))
    assert m.state["hands"][3] == ["c1"]
    m = stage(4, pile=["c1", "c2", "c58"], characters={0: "tituba"})
    src = MatchTableSource(m, 0)
    scene = open_table_scene(app, SalemTableScene, src, 2)
    post_click(app, scene.locate("button", "ability:tituba"))
    run_frames(app, 1)
    post_click(app, scene.locate("button", "ability:tituba"))
    assert scene.prompt is not None and "Night" in scene.prompt.options[-1][0]
    scene.choose_prompt(len(scene.prompt.options) - 1)
    assert m.state["pile"][0] == "c58"


def test_a_conspiracy_pick_is_also_a_click_on_the_row_on_the_left(app):
    # salem.md §3.5: blind picks by position, from the row of the next living left
    app.set_window_size((1280, 720))
    m = stage(4, pile=["c57", "c8"])
    m.apply(0, {"type": "draw_two"})
    src = MatchTableSource(m, 0)
    scene = open_table_scene(app, SalemTableScene, src, 2)
    assert set(scene.window.row_choices()) == {(1, i) for i in range(5)}
    post_click(app, scene.locate("tryal", (1, 3)))
    assert scene.window.choice is not None
    post_click(app, scene.locate("button", "continue"))
    assert m.state["stack"][-1]["window"]["picks"][0]["index"] == 3


def test_two_clicks_on_the_own_row_swap_its_cards_in_secret(app):
    # docs/rules/salem.md §3.10 (R18): the owner reorders its row; nobody else sees it
    app.set_window_size((1280, 720))
    m = stage(4, rows={2: "W N N C N"})
    row = list(m.state["rows"][2])
    src = MatchTableSource(m, 2)  # not seat 2's turn: arranging is allowed out of turn
    scene = open_table_scene(app, SalemTableScene, src, 2)
    post_click(app, scene.locate("tryal", (2, 0)))
    post_click(app, scene.locate("tryal", (2, 3)))
    assert m.state["rows"][2] == [row[3], row[1], row[2], row[0], row[4]]
    assert [c["kind"] for c in scene.view["my_row"]][:4] == ["constable", "not_a_witch", "not_a_witch", "witch"]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_phase_banner_title_and_its_line_never_overlap(app, size):
    # at 1024x640 (a 1280x720 desktop) "Day — Ann's turn" was once drawn over "Draw two
    # cards, or play cards then end the turn."
    assert app.set_window_size(size)
    m = new_match("salem", ["Ann", "Bob"], seed=3)
    while (m.view(None).get("pending") or {}).get("kind") == "window":
        seat = m.to_act()[0]
        m.apply(seat, next(c for c in m.legal(seat) if c["type"] == "pass"))
    scene = open_table_scene(app, SalemTableScene, MatchTableSource(m, m.to_act()[0]), 2)
    blocks = {b.what: b for b in scene.text_blocks() if b.what.startswith("banner ")}
    assert set(blocks) == {"banner title", "banner line"}
    title, line = blocks["banner title"], blocks["banner line"]
    assert title.text.startswith("Day") and line.text.startswith("Draw two cards")
    assert not title.problems() and not line.problems()
    assert not title.rects[0].colliderect(line.rects[0])
    assert pygame.Rect(scene.rects["banner"]).contains(title.rects[0].union(line.rects[0]))
    app.set_window_size((1280, 720))


def dawn_with_votes(players: int = 12):
    """A Dawn (salem.md §5.1) at which one witch has voted and another is still asked."""
    for seed in range(5, 40):
        m = new_match("salem", [f"P{i + 1}" for i in range(players)], seed=seed)
        while (m.view(None).get("pending") or {}).get("window") == "dawn":
            seat = m.view(None)["pending"]["waiting"][0]
            choices = [c for c in m.legal(seat) if c["type"] != "pass"]
            if choices and (m.view(seat).get("pending") or {}).get("votes"):
                return m, seat
            m.apply(seat, choices[-1] if choices else {"type": "pass"})
    raise AssertionError("no seed gives a Dawn with a vote to show")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_witches_votes_are_read_above_the_names_at_twelve_players(app, size):
    # docs/rules/salem.md §5.1 (the witches see each other's choice); at 12 players the
    # "Votes so far" line lay under the first row of name buttons
    assert app.set_window_size(size)
    m, seat = dawn_with_votes()
    scene = open_table_scene(app, SalemTableScene, MatchTableSource(m, seat), 2)
    blocks = {b.what: b for b in scene.text_blocks()}
    ask, votes = blocks["window prompt"], blocks["window votes"]
    assert votes.text.startswith("Votes so far: ") and not ask.problems() and not votes.problems()
    words_bottom = max(r.bottom for r in ask.rects + votes.rects)
    names = [b for b in scene.buttons if b.name.startswith("option:")]
    cont = next(b for b in scene.buttons if b.name == "continue")
    assert len(names) == 12
    assert min(b.rect.top for b in names) > words_bottom
    assert max(b.rect.bottom for b in names) < cont.rect.top
    assert all(b.rect.h >= 22 for b in names) and scene.window.rect().contains(cont.rect)
    app.set_window_size((1280, 720))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_at_the_end_every_row_lies_face_up_and_says_so(app, size, monkeypatch):
    # docs/rules/salem.md §4.1: at the end every Tryal card is revealed; the final table shows
    # every row face up and says "N cards, face up" under it (it said "N face down")
    import random

    from game.ui.scenes.salem import seat_face
    from tests.ui.table_source import drive_until

    assert app.set_window_size(size)
    rng = random.Random(4)
    m = new_match("salem", [f"Player {i + 1}" for i in range(6)], seed=21)
    drive_until(m, lambda m: m.over, lambda m, seat: rng.choice(m.legal(seat)), 5000)
    assert m.over
    said: list[str] = []
    real_text = seat_face.text
    monkeypatch.setattr(seat_face, "text", lambda words, *a, **k: said.append(words) or real_text(words, *a, **k))
    scene = SalemTableScene(app, MatchTableSource(m, 0))
    backs: list[tuple[int, int]] = []
    real_back = scene.art.back
    monkeypatch.setattr(
        scene.art,
        "back",
        lambda game, card_size, *a, **k: (backs.append(tuple(card_size)), real_back(game, card_size, *a, **k))[1],
    )
    app.scenes.push(scene)
    run_frames(app, 3)
    rows = [w for w in said if w.endswith(("face down", "face up", "no cards left", "dead"))]
    assert len(rows) >= m.n and not [w for w in rows if w.endswith("face down")], rows
    assert any(w.endswith("face up") for w in rows), rows
    deck = pygame.Rect(scene.rects["deck"])
    assert all(size[1] >= deck.h // 2 for size in backs), backs  # the only backs left: the draw pile's
    app.scenes.pop()


def test_the_middle_writes_the_newest_happenings_whole_or_cut_with_an_ellipsis(app):
    """At the first turn of a three-player game the middle showed "Your Tryal cards: Not a
    Witch, Not a Witch, Not a Witch, Not a Witch, Not a" (each sentence was cut to one line
    with no mark). A repeated card is now counted ("Not a Witch ×5"), a long sentence takes
    two lines, and one longer still ends in an ellipsis; every line lies inside the middle."""
    from game.ui.fonts import get_font
    from game.ui.scenes.salem import words
    from game.ui.scenes.salem.center import two_lines

    assert app.set_window_size((1280, 720))
    m = new_match("salem", ["Ann", "Bob", "Cy"], seed=4)
    scene = open_table_scene(app, SalemTableScene, MatchTableSource(m, 0), 2)
    said = [words.describe(e, m.players) for e in m.log(0)]
    tryal = next(s for s in said if s.startswith("Your Tryal cards"))
    assert "Not a Witch, Not a Witch" not in tryal and "×" in tryal
    hall = next(s for s in said if s.startswith("Town Hall"))  # the ghost's seat bears its character's name
    ghost = m.players[3]
    assert f"{ghost} (a ghost)" in hall and f"{ghost}: {ghost}" not in hall
    middle = pygame.Rect(scene.rects["center"])
    _key, (line_h, sentences) = scene.middle.recent_lines
    assert sentences and all(len(parts) <= 2 for parts in sentences)
    assert all(image.get_width() <= middle.w - 20 for parts in sentences for image in parts)
    long = "Town Hall — " + "; ".join(f"Player {i}: Rebecca Nurse the Elder" for i in range(12)) + "."
    parts = scene.middle.line_image(long, 18, (255, 255, 255), middle.w - 20)
    assert len(parts) == 2 and all(p.get_width() <= middle.w - 20 for p in parts)
    lines = two_lines(long, get_font(18), middle.w - 20)
    assert len(lines) == 2 and lines[0].startswith("Town Hall") and lines[1].endswith("…")
    short = scene.middle.line_image("Ann's turn.", 18, (255, 255, 255), middle.w - 20)
    assert len(short) == 1
    assert words.counted(["Witch", "Not a Witch", "Not a Witch"]) == "Witch, Not a Witch ×2"


def test_a_secret_steps_answers_are_one_line_of_the_log(app):
    """At twelve seats each Dawn wrote eleven lines, "P2 answered." … "P12 answered.",
    and pushed everything else out of the log and the middle. A run of answers is now one
    sentence naming them in order; the log's other lines stay as they were."""
    assert app.set_window_size((1280, 720))
    m, _seat = dawn_with_votes(12)
    answered = [e["seat"] for e in m.log(0) if e.get("type") == "answered"]
    assert len(answered) >= 2
    scene = open_table_scene(app, SalemTableScene, MatchTableSource(m, 0), 2)
    said = scene.sentences(scene.log_events)
    runs = [s for s in said if s.endswith(" answered.")]
    assert len(runs) == 1 and all(m.players[s] in runs[0] for s in answered)
    assert runs[0].startswith(", ".join(m.players[s] for s in answered[:-1]))
    lines = " ".join(line for line, _first in scene.log_lines(pygame.Rect(scene.rects["log"]), 13))
    assert lines.count("answered") == 1
    _key, (_h, middle) = scene.middle.recent_lines
    assert len(middle) <= 4


@pytest.mark.parametrize("size", [(1264, 648), (1280, 720), (1024, 640)])
def test_a_full_front_stays_clear_of_the_hand_count(app, monkeypatch, size):
    """In a 1264x648 window with five seats a side seat holding an Evidence and four blue
    cards laid the blue ones over its "3 in hand": the blue cards now start further left
    (over the red fan's end) so that none reaches the count."""
    from game.ui.scenes.salem import seat_face

    app.set_window_size(size)
    probe = stage(5)
    blue = [c for c, colour in probe.cat.colour_of.items() if colour == "blue" and probe.cat.kind_of[c] != "black_cat"]
    evidence = next(c for c, kind in probe.cat.kind_of.items() if kind == "evidence")
    m = stage(5, fronts={4: [evidence, *blue[:4]]}, hands={4: ["c0", "c1", "c2"]})
    drawn: list[tuple[pygame.Rect, list[pygame.Rect]]] = []
    original = seat_face.SeatFace.draw_front

    def draw_front(self, surface, seat, s, area):
        before = dict(self.seats.front_rects)
        original(self, surface, seat, s, area)
        if seat == 4:
            cards = [r for k, r in self.seats.front_rects.items() if k not in before and k[1] != "accusations"]
            drawn.append((area, cards))

    labels: list[pygame.Surface] = []
    original_text = seat_face.text

    def text(words, *args, **kwargs):
        surf = original_text(words, *args, **kwargs)
        if words == "3 in hand":
            labels.append(surf)
        return surf

    monkeypatch.setattr(seat_face.SeatFace, "draw_front", draw_front)
    monkeypatch.setattr(seat_face, "text", text)
    open_table_scene(app, SalemTableScene, MatchTableSource(m, 0), 2)
    assert drawn and labels
    for area, cards in drawn:
        assert len(cards) == 5
        hand_left = area.right - min(label.get_width() for label in labels)
        assert all(r.right <= hand_left for r in cards), (area, cards, hand_left)


def test_a_seat_that_has_answered_a_secret_step_shows_a_tick_not_an_hourglass(app):
    """During Dawn (salem.md §5.1) a seat's header marked that it had answered with a green
    hourglass, the picture of waiting; the seats still asked had none. An answered seat now
    shows a tick, and a seat still asked shows neither."""
    assert app.set_window_size((1280, 720))
    m, seat = dawn_with_votes(12)
    pending = m.view(None)["pending"]
    done, asked = set(pending["answered"]), set(pending["waiting"])
    assert done and asked
    scene = open_table_scene(app, SalemTableScene, MatchTableSource(m, 0), 2)
    for s in range(m.n):
        icons = [icon for icon, _tint in scene.seats.face.seat_markers(s, scene.view["seats"][s])]
        assert "wait" not in icons
        assert ("answered" in icons) == (s in done), (s, icons)
    assert seat in asked
