"""The Malleus Maleficarum table as a package of panels (see ``table.py``). Importing the
package registers the game's table spec: a story game played at a public table, with its
own hot-seat session (``session.StorySession``) and no cards to draw."""

from game.ui.scenes.malleus.table import MalleusTableScene
from game.ui.tables import TableSpec, register_table_spec

GAME_ID = "malleus"

SOUNDS = {
    "roll": "dice",
    "sentenced": "gavel",
    "executed": "bell",
    "secret_revealed": "gavel",
    "card": "card_place",
    "draw": "card_draw",
    "reshuffle": "shuffle",
    "game_over": "bell",
}

SPEC = register_table_spec(
    TableSpec(
        game=GAME_ID,
        scene=MalleusTableScene,
        menu_order=50,
        tagline="A story game: a Prévôt runs a village that turns on itself. Nobody here is a witch.",
        session="game.ui.scenes.malleus.session:StorySession",
        sounds=SOUNDS,
        smoke="game.ui.smoke_malleus:smoke_step",
    )
)

__all__ = ["SPEC", "MalleusTableScene"]
