"""A game's options in the player's words: which options a form offers as a box, the
words beside each box, the value a ticked box stands for, and the words for the options
a table was set up with (the New game and Host forms, the LAN lobby). Read from the
game's class (``option_defaults``, ``option_choices``) and its registered
``GameInfo.options``; the words of older options not registered there are kept here.
"""

from __future__ import annotations

from typing import Any

from game.engine.registry import GAMES_INFO

#: game options offered as checkboxes (a game's boolean options with a label here)
OPTION_LABELS = {
    "double_pass": "Double pass",
    "town_hall": "Town Hall characters",
    "short_game_guard": "Short game guard",
    "hide_witch_on_death": "Secret witches at death",
    "extra_witch": "Extra witch",
}


def option_label(cls: Any, key: str) -> str | None:
    """The words a form shows beside a game option's box (None: the form does not offer
    it): a yes/no option's label as its game registered it (``GameInfo.options``), else
    from ``OPTION_LABELS``; for an option with two named
    choices (the game's ``option_choices``: Malleus's village, built at the table or
    ready) the choice that is not the default — ticking the box chooses it."""
    defaults = getattr(cls, "option_defaults", {}) or {}
    if key not in defaults:
        return None
    if isinstance(defaults[key], bool):
        info = GAMES_INFO.get(getattr(cls, "game_id", ""))
        found = info.option(key) if info is not None else None
        return found.label if found is not None else OPTION_LABELS.get(key)
    choices = (getattr(cls, "option_choices", {}) or {}).get(key) or {}
    others = [label for value, label in choices.items() if value != defaults[key]]
    return others[0] if len(choices) == 2 and len(others) == 1 else None


def option_value(cls: Any, key: str, ticked: bool) -> Any:
    """The option's value for a ticked (or not) box: the boolean itself, or for a
    two-choice option the other choice when ticked, else the default."""
    default = (getattr(cls, "option_defaults", {}) or {}).get(key)
    if isinstance(default, bool):
        return bool(ticked)
    if not ticked:
        return default
    choices = (getattr(cls, "option_choices", {}) or {}).get(key) or {}
    return next((value for value in choices if value != default), default)


def offered_options(cls: Any) -> list[str]:
    """The game's options a form offers, in the game's order."""
    return [k for k in (getattr(cls, "option_defaults", {}) or {}) if option_label(cls, k)]


def chosen_labels(cls: Any, options: dict[str, Any]) -> list[str]:
    """The words of the options ``options`` (a table's, as its host set them up) chose
    away from the game's defaults, among those a form offers, in the game's order."""
    defaults = getattr(cls, "option_defaults", {}) or {}
    ticked = {k: option_value(cls, k, True) for k in offered_options(cls)}
    return [str(option_label(cls, k)) for k, on in ticked.items() if on != defaults[k] and options.get(k) == on]
