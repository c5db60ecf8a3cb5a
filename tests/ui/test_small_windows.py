"""Twelve seats of Salem in a small window (docs/rules/salem.md: each seat's Tryal cards):
the seat on screen reads what each of its own Tryal cards is ("Not a Witch", "Witch",
"Constable") by the name on the card, at the window a 1280 x 720 screen opens and at the
smallest window the tables are laid out for, and no text on the table is smaller than
11 px. (The cards of a twelve-seat row are small; their names used to be left off.)"""

from __future__ import annotations

import random

import pytest

from game.engine import new_match
from game.ui import fonts
from game.ui.app import App
from game.ui.scenes.salem_table import SalemTableScene
from game.ui.settings import MIN_WINDOW, fitting_size
from tests.ui.table_source import MatchTableSource, drive_until

NAMES = [
    "Abigail",
    "Bartholomew",
    "Constance",
    "Deliverance",
    "Ezekiel",
    "Faith",
    "Gideon",
    "Hester",
    "Increase",
    "Jonathan",
    "Keziah",
    "Lydia",
]
#: the window a 1280 x 720 screen opens (as large as fits with the window's frame)
SMALL_SCREEN_WINDOW = fitting_size((1280, 720), (1280, 720))


def twelve_seats_in_the_day(seed: int):
    """A twelve-seat game with Town Hall, in a day turn with nothing pending."""
    for attempt in range(40):
        m = new_match("salem", NAMES, seed=seed + attempt, options={"town_hall": True})
        rng = random.Random(seed + attempt)
        if drive_until(
            m,
            lambda m: m.state_id >= 40 and not m.view(None)["pending"] and not m.view(None)["played"],
            lambda m, seat, rng=rng: rng.choice(m.legal(seat)),
            3000,
        ):
            return m
    pytest.fail("no day turn found")


@pytest.mark.parametrize("size", [SMALL_SCREEN_WINDOW, MIN_WINDOW], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_seat_on_screen_reads_the_name_of_each_of_its_tryal_cards(size, monkeypatch):
    assert SMALL_SCREEN_WINDOW == (1264, 648)
    app = App(size=size)
    m = twelve_seats_in_the_day(52)
    seat = m.view(None)["active"]
    table = SalemTableScene(app, MatchTableSource(m, seat))
    drawn: list[tuple[int | None, str, tuple[int, int]]] = []  # (row's seat, card, size)
    row_of: list[int | None] = [None]
    real_face, real_row = table.art.face, table.seats.face.draw_row

    def face(game, card_id, card_size, *rest, **kw):
        if str(card_id).startswith("tryal-"):
            drawn.append((row_of[0], card_id, tuple(card_size)))
        return real_face(game, card_id, card_size, *rest, **kw)

    def draw_row(surface, row_seat, *rest, **kw):
        row_of[0] = row_seat
        try:
            return real_row(surface, row_seat, *rest, **kw)
        finally:
            row_of[0] = None

    monkeypatch.setattr(table.art, "face", face)
    monkeypatch.setattr(table.seats.face, "draw_row", draw_row)  # the seat panel draws the rows
    with fonts.record_sizes() as sizes:
        app.scenes.push(table)
        for _ in range(4):
            app.frame(wait=False)
        app.draw(force=True)
    own = {(card, card_size) for row_seat, card, card_size in drawn if row_seat == seat}
    assert len(m.view(seat)["my_row"]) >= 1 and own, "the seat's own Tryal cards were not drawn"
    unnamed = sorted(
        (card, card_size) for card, card_size in own if not table.art.title_shown("salem", card, card_size)
    )
    assert not unnamed, f"own Tryal cards drawn without their name at {size}: {unnamed}"
    assert min(sizes) >= 11, sorted(set(sizes))[:5]


def test_a_seven_seat_witch_trial_hand_names_every_card():
    """At seven seats the hand's faces are small: the band of 14 of the 16 Suspects stayed
    bare ("Silent Hester" did not fit), while the Charges beside them named their suspects
    by the short names ("+3 Hester"). A Suspect's face now writes that short name when the
    whole one does not fit (docs/rules/witch_trial.md, Kinds of cards), and so does every
    other card too long for the band (the table's short names). At the window a 1280 x 720
    screen opens; at the smallest window "Temperance" is still too wide."""
    from game.ui.card_art import card_entries
    from game.ui.tables import load_tables
    from tests.ui.table_source import clear_scenes, open_table_scene
    from tests.ui.witch_trial_source import TrialSource

    app = App(size=SMALL_SCREEN_WINDOW)
    m = new_match("witch_trial", [f"Player {i + 1}" for i in range(7)], seed=7)
    table = open_table_scene(app, load_tables()["witch_trial"], TrialSource(m, m.to_act()[0]), 2)
    faces = {s.rect.size for s in table.group.sprites() if getattr(s, "zone", None) == "hand"}
    assert faces
    suspects = [k for k, (section, _e) in card_entries("witch_trial").items() if section == "suspects"]
    assert len(suspects) == 16
    unnamed = [(k, f) for k in suspects for f in faces if not table.art.title_shown("witch_trial", k, f)]
    assert not unnamed
    # and every other card a hand holds: 25 Charges, Evidence and Motions stayed bare
    everyone = list(card_entries("witch_trial"))
    unnamed = [(k, f) for k in everyone for f in faces if not table.art.title_shown("witch_trial", k, f)]
    assert not unnamed
    clear_scenes(app)


def test_witch_trial_short_names_are_cards():
    from game.ui.card_art import card_entries
    from game.ui.scenes.witch_trial.art import SHORT_NAMES

    assert set(SHORT_NAMES) <= set(card_entries("witch_trial"))


def test_a_five_seat_hammer_hand_names_every_test():
    """At five seats (1280 x 720) the hand's faces left "Scales of Justice" and "Ordeal by
    Water" without a name; a small face writes "Scales" and "Ordeal" (the table's short
    names for them) when the whole name does not fit."""
    from game.ui.tables import load_tables
    from tests.ui.hammer_source import MatchSource
    from tests.ui.table_source import clear_scenes, open_table_scene

    app = App(size=SMALL_SCREEN_WINDOW)
    m = new_match("hammer", [f"Player {i + 1}" for i in range(5)], seed=3)
    while not m.view(0).get("cards"):  # every villager placed: the hands are dealt
        seat = m.to_act()[0]
        m.apply(seat, m.legal(seat)[0])
    table = open_table_scene(app, load_tables()["hammer"], MatchSource(m, 0), 2)
    faces = {s.rect.size for s in table.group.sprites() if getattr(s, "zone", None) == "hand"}
    assert faces
    tests = ["ordeal_floats", "ordeal_drowns", "scales_lighter", "scales_heavier", "mark_found", "mark_none"]
    unnamed = [(k, f) for k in tests for f in faces if not table.art.title_shown("hammer", k, f)]
    assert not unnamed
    clear_scenes(app)


@pytest.mark.parametrize("size", [MIN_WINDOW, SMALL_SCREEN_WINDOW, (1280, 720)])
def test_the_hammer_card_being_answered_is_named(size):
    """The card a window is open on sits beside the banner; in the window a 1280 x 720
    screen opens its band stayed bare for "False Testimony" (two lines were thought too
    tall for it), and "Countercharge" (one long word) and "No Inquisition" at the
    smallest window. Every Hammer card is named there now."""
    from game.ui.card_art import all_card_ids
    from game.ui.tables import load_tables
    from tests.ui.hammer_source import MatchSource
    from tests.ui.table_source import clear_scenes, open_table_scene

    app = App(size=size)
    m = new_match("hammer", ["Ann", "Bob", "Cy"], seed=3)
    rng = random.Random(3)
    assert drive_until(
        m, lambda m: (m.view(0).get("window") or {}).get("card"), lambda m, s: rng.choice(m.legal(s)), 3000
    )
    table = open_table_scene(app, load_tables()["hammer"], MatchSource(m, 0), 2)
    shown = table.centre.announced_rect
    assert shown is not None
    cards = [c for c in all_card_ids("hammer") if not c.startswith(("villager", "v:"))]
    unnamed = sorted({c.rsplit("-", 1)[0] for c in cards if not table.art.title_shown("hammer", c, shown.size)})
    assert not unnamed, (shown.size, unnamed)
    clear_scenes(app)
