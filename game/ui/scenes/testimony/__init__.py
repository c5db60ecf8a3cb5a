"""The Testimony table as a package of panels on the shared TableScene (see ``table``).
Importing the package registers the game's table spec."""

from game.ui.scenes.testimony.art import ART, GAME_ID
from game.ui.scenes.testimony.table import TestimonyTableScene
from game.ui.tables import TableSpec, register_table_spec

SOUNDS = {
    "testify": "token",
    "discard_token": "card_draw",
    "show": "card_place",
    "investigate": "card_draw",
    "deal": "card_draw",
    "match_over": "gavel",
}

SPEC = register_table_spec(
    TableSpec(
        game=GAME_ID,
        scene=TestimonyTableScene,
        menu_order=40,
        tagline="Heathens against Puritans: compare cards in secret, then testify for or against your neighbours.",
        layout_counts=(3, 4, 5, 6, 7),
        art=ART,
        sounds=SOUNDS,
        smoke="game.ui.smoke_testimony:smoke_step",
    )
)

__all__ = ["SPEC", "TestimonyTableScene"]
