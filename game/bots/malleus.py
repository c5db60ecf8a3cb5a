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

No search, at any level (``MalleusMatch.search_bots = False``)
--------------------------------------------------------------
Malleus has an honest forward model (``MalleusMatch._determinize``: other players' hands,
ledgers, secret actions, queued cards and orders resampled from the seat's view, checked
by the twin and consistency tests of tests/bots like every game's), but the search bot
is not offered for its player seats; a bot seat plays this style whatever level the form
shows. Measured (issue 15): one search iteration costs ~25 ms (the whole village copied,
then a playout through the story policy's long legal lists), so Normal's 100 ms buys ~4
iterations; a round takes 55-110 commands (4-6 seats) while a rollout plays 40, and
personal gain — the only score — changes only at the end of a round (rules §3.11), so
rollouts end with the scores they started with and every candidate looks the same;
most conflicts turn on the Prévôt's narrative judgements (approve_fact, confirm_secret,
assign_side), which a person makes and a rollout could only guess at random; and a
bot's free text is neutral anyway. A searched player seat would think longer and play
no better than this policy, which already aims its accusations and harmful cards at its
own vendetta target and envy holder.
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
