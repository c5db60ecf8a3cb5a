"""Text a player must read is readable at 1280x720: nothing on either
table is drawn smaller than 11 px — card faces included — and every text colour meets
WCAG 2 AA contrast (4.5:1) against what it is drawn on, over the palette in theme.py."""

from __future__ import annotations

import pytest

from game.ui import fonts, theme
from game.ui.card_art import CardArt
from game.ui.scenes import table_base
from game.ui.scenes.hammer.common import TRACK_DIM, TRACK_LIT
from game.ui.scenes.hammer_table import HammerTableScene
from game.ui.scenes.witch_trial_table import WitchTrialTableScene
from game.ui.smoke_common import post_move
from tests.ui.hammer_source import MatchSource, place_all, play_until
from tests.ui.table_source import open_table_scene, run_frames, table_app
from tests.ui.witch_trial_source import TrialSource, find, in_trial_with_cards, plea_offer

CARD_COLOURS = {
    "brown": theme.BROWN,
    "yellow": theme.YELLOW,
    "green": theme.GREEN,
    "villager": theme.VILLAGER,
    "suspect": theme.SUSPECT,
    "charge": theme.CHARGE,
    "evidence": theme.EVIDENCE,
    "motion": theme.MOTION,
    "objection": theme.OBJECTION,
    "salem_red": theme.SALEM_RED,
    "salem_green": theme.SALEM_GREEN,
    "salem_blue": theme.SALEM_BLUE,
    "salem_black": theme.SALEM_BLACK,
    "salem_tryal": theme.SALEM_TRYAL,
    "salem_witch": theme.SALEM_WITCH,
    "salem_constable": theme.SALEM_CONSTABLE,
    "salem_character": theme.SALEM_CHARACTER,
}


@pytest.fixture(scope="module")
def app():
    yield from table_app((1280, 720))


def test_every_text_colour_pair_of_the_palette_meets_wcag_aa():
    low = {
        name: round(theme.contrast(fg, bg), 2)
        for name, (fg, bg) in theme.TEXT_ON.items()
        if theme.contrast(fg, bg) < theme.MIN_CONTRAST
    }
    assert low == {}
    assert theme.MIN_CONTRAST == 4.5


@pytest.mark.parametrize("family", sorted(CARD_COLOURS))
def test_card_names_and_badge_numbers_meet_wcag_aa_on_their_colour(family):
    colour = CARD_COLOURS[family]
    assert theme.contrast(theme.ink_on(colour), colour) >= 4.5  # the name band
    assert theme.contrast(theme.PARCHMENT_LIGHT, theme.darken(colour, 0.4)) >= 4.5  # the seal


def test_heat_numbers_and_jury_seats_meet_wcag_aa():
    # docs/rules/hammer.md §1.2: the pyre track; docs/rules/witch_trial.md §1.6: the jury box
    for value, fill in TRACK_LIT.items():
        assert theme.contrast(theme.TEXT_LIGHT, fill) >= 4.5, value  # lit cells and the heat badge
    for value, fill in TRACK_DIM.items():
        assert theme.contrast(theme.TEXT_MUTED, fill) >= 4.5, value  # cells above the heat
    for value in range(1, 13):
        for live in (True, False):
            assert theme.contrast(theme.TEXT_LIGHT, theme.jury_seat_color(value, live)) >= 4.5, value


def test_no_text_on_either_table_is_smaller_than_11px_at_1280x720(app):
    saved = table_base._ART
    table_base._ART = CardArt()  # every face drawn afresh, inside the recorder
    try:
        with fonts.record_sizes() as sizes:
            src = MatchSource.new(5, seed=4)
            place_all(src.match)
            play_until(
                src.match,
                lambda m: (
                    m.view(None)["round"] >= 3 and m.view(None)["phase"] == "accusation" and not m.view(None)["window"]
                ),
                seed=3,
            )
            src.show(src.match.to_act()[0])
            scene = open_table_scene(app, HammerTableScene, src, frames=3)
            card = scene.my_hand()[0]
            post_move(app, scene.locate("card", card))
            scene.hover_since -= 1
            run_frames(app, 2)
            assert scene.zoom == ("card", card)  # the zoom view too
            setup = MatchSource.new(4, seed=2)
            open_table_scene(app, HammerTableScene, setup, frames=2)
            for stop in (in_trial_with_cards, plea_offer):
                m = find(7 if stop is in_trial_with_cards else 4, stop)
                open_table_scene(app, WitchTrialTableScene, TrialSource(m, m.to_act()[0]), frames=2)
            lineup = TrialSource.new(7, seed=5)
            open_table_scene(app, WitchTrialTableScene, lineup, frames=2)
    finally:
        table_base._ART = saved
    assert sizes and min(sizes) >= 11, sorted(sizes)
