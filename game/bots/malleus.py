"""A random bot for the Malleus Maleficarum story game.

Like every bot it sees only ``view(seat)`` and ``legal(seat)``. Picking uniformly among
``legal`` would never finish a story game (hundreds of facts to cite, villagers to move
in and out of scenes, one ``pass`` among a thousand building moves), so it plays the
rules module's story-moving policy (:func:`game.rules.malleus.story_move`): a kind of
move first, with weights that favour moving the story on and aiming at its own grudges,
then a command of that kind. Free text is fixed and neutral: the bot never writes a
story.

The Prévôt is always a person at the desktop table; this bot may play seat 0 only for
``witchhunt sim`` and tests. ``RandomBot`` plays this style for Malleus (RANDOM_STYLE).
"""
from __future__ import annotations

import random

from game.bots.base import RANDOM_STYLE
from game.rules.malleus import sense_from_view, story_move


class MalleusBot:
    """Random, story-neutral: see the module docstring."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: list[dict], model=None) -> dict:
        if not legal:
            raise ValueError("no legal command to choose from")
        return story_move(legal, self.rng, sense_from_view(view))


RANDOM_STYLE["malleus"] = MalleusBot
