"""The Hammer of the Witches table as a package of panels; the scene is
``table.HammerTableScene``. Importing the package registers the game's table spec."""

from game.ui.scenes.hammer.art import ART, GAME_ID
from game.ui.scenes.hammer.table import HammerTableScene
from game.ui.tables import TableSpec, register_table_spec


def _heat_sound(event: dict) -> str | None:
    """A pyre growing hotter hisses; one cooling down is silent."""
    before, after = event.get("from"), event.get("to")
    return "heat" if isinstance(before, int) and isinstance(after, int) and after > before else None


SOUNDS = {
    "accuse": "card_place",
    "advocate": "card_place",
    "bribe": "card_place",
    "negate": "card_place",
    "no_inquisition": "card_place",
    "ordeal": "card_place",
    "placed": "card_place",
    "draw": "card_draw",
    "deal": "card_draw",
    "reveal": "card_draw",
    "reshuffle": "shuffle",
    "burn": "bell",
    "call": "gavel",
    "heat": _heat_sound,
}

SPEC = register_table_spec(
    TableSpec(
        game=GAME_ID,
        scene=HammerTableScene,
        menu_order=10,
        tagline="Keep your three villagers off the pyre, and profit when someone else's burns.",
        layout_counts=(3, 4, 5),
        art=ART,
        sounds=SOUNDS,
        smoke="game.ui.smoke_hammer:smoke_step",
    )
)

__all__ = ["HammerTableScene", "SPEC"]
