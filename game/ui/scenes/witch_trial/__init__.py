"""The Witch Trial courtroom as a package of panels; the scene is
``table.WitchTrialTableScene``. Importing the package registers the game's table spec."""

from game.ui.scenes.witch_trial.art import ART, GAME_ID
from game.ui.scenes.witch_trial.table import WitchTrialTableScene
from game.ui.tables import TableSpec, register_table_spec


def _buy_sound(event: dict) -> str | None:
    """Coins for a card bought at a price, a drawn card for a free one."""
    return "coins" if event.get("price") else "card_draw"


def _plea_sound(event: dict) -> str | None:
    """Coins when a plea deal is accepted; a refused one is silent."""
    return "coins" if event.get("accepted") else None


SOUNDS = {
    "roll": "dice",
    "verdict": "gavel",
    "objection": "gavel",
    "mistrial": "gavel",
    "continuance": "gavel",
    "play": "card_place",
    "case": "card_place",
    "motion": "card_place",
    "recover": "card_draw",
    "draw": "card_draw",
    "deal": "card_draw",
    "reshuffle": "shuffle",
    "buy": _buy_sound,
    "plea": _plea_sound,
}

SPEC = register_table_spec(
    TableSpec(
        game=GAME_ID,
        scene=WitchTrialTableScene,
        menu_order=20,
        tagline="Lawyers grow rich prosecuting and defending other people's witch trials.",
        layout_counts=(3, 4, 5, 6, 7),
        art=ART,
        sounds=SOUNDS,
        smoke="game.ui.smoke_witch_trial:smoke_step",
    )
)

__all__ = ["SPEC", "WitchTrialTableScene"]
