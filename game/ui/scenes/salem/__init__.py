"""The Salem 1692 table: a package of panels on the shared TableScene (see table.py).
Importing the package registers the game's table spec."""

from game.ui.scenes.salem.art import ART, GAME_ID
from game.ui.scenes.salem.table import SalemTableScene
from game.ui.tables import TableSpec, register_table_spec

SOUNDS = {
    "play": "card_place",
    "ability": "card_place",
    "draw": "card_draw",
    "deal": "card_draw",
    "reveal": "card_draw",
    "conspiracy_moves": "card_draw",
    "reshuffle": "shuffle",
    "shuffled": "shuffle",
    "trial": "gavel",
    "gavel": "gavel",
    "death": "bell",
    "night": "bell",
    "over": "bell",
    "black_card": "chime",
}

SPEC = register_table_spec(
    TableSpec(
        game=GAME_ID,
        scene=SalemTableScene,
        menu_order=30,
        tagline="A few of you are secretly witches: the town must turn up every Witch card before it dies.",
        # seats, not players: the 2-3 player game has 4 seats with its ghosts
        layout_counts=tuple(range(4, 13)),
        art=ART,
        sounds=SOUNDS,
        smoke="game.ui.smoke_salem:smoke_step",
    )
)

__all__ = ["SPEC", "SalemTableScene"]
