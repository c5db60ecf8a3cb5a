"""The shared scenes, imported together so that each registers its name with the scene
manager (game.ui.scene.register_scene): the app module imports this module, so any app
can open them by name (``app.scenes.push("settings")``) and no scene module imports
another. A game's table scene is not here: its scene package registers it with the
table registry (game.ui.tables), which loads the games' packages when a table is asked for.
"""

from __future__ import annotations

from game.ui.scenes import (  # noqa: F401
    continue_game,
    curtain,
    game_over,
    lan,
    menu,
    menu_base,
    new_game,
    rules,
    settings,
    table_menu,
)
