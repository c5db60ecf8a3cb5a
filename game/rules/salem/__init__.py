"""Salem 1692 (game id ``salem``): the rules in docs/rules/salem.md §1–§8, rulings R1–R53.

Contract
--------
:class:`SalemMatch` implements the :class:`~game.engine.match.Match` hooks for 4–12 players
(the standard game) and for 2–3 players (the ghost game, chosen by the player count).
Commands are exactly those of §7, with exactly their fields (an unknown or missing field
is refused), plus ``keep_character {character}`` (R41); they are listed, with their
fields, in :data:`~game.rules.salem.commands.COMMANDS`. Card data come from
``cards/salem.yaml`` (:func:`catalog`); the card text there is our own wording.

Seats and the ghost game
------------------------
With 2 or 3 names, ghosts are added up to 4 seats: 2 players → ``[P, G, P, G]``,
3 players → ``[P, P, P, G]``. The match then has 4 seats (``players`` holds 4 names, a
ghost's name is its Town Hall character) and the option ``ghosts`` records the ghost
seats, so ``replay(players, seed, options, commands)`` rebuilds the same game. When the
ghosts are added, the ``bots`` and ``first_player`` options given by the caller count
players (0 = first name …) and are translated to seats. Ghosts never act: they are never
in ``to_act()``.

Options: ``town_hall`` (characters with abilities; standard game only — with ghosts the
characters are names only, R38), ``short_game_guard`` (§3.3, R43),
``hide_witch_on_death`` (§3.7), ``extra_witch`` (R36), ``first_player`` (ghost game, R30;
default a random human), ``ghosts`` (set by the game, see above), ``timer_s`` (R22, R53:
seconds per moment for a front end's clock; null = no timer).

Flow
----
Setup → [``keep_character`` window (town_hall, N ≤ 7)] → Dawn window (standard) → turns.
Everything that interrupts a turn is a *frame* on ``state["stack"]`` (top = last):
``draw`` (two-card draw, or an ability's draws), ``mill`` (after a ghost peek),
``choose`` (a trial or the Black Cat step: ``choose_tryal``), ``conspiracy``, ``night``
(standard), ``vnight`` / ``vflip`` (ghost game), ``prompt`` (an optional ability: Rebecca
Nurse, Tituba's new order), ``death_order`` (ghost game Matchmaker clash) and the
windows ``keep`` / ``dawn``. A frame either waits for answers (a blind *window*, or one
seat's ``await``) or steps on by itself (:mod:`~game.rules.salem.flow`); ``to_act()`` is
the top frame's waiting seats, or the active seat when the stack is empty.

Blind windows (§5.0, R7): Dawn, the Night vote, the Gavel, confessions, Conspiracy picks
(and the character choice) ask *every* living seat (ghost game: every human); each
answers once (a seat serving a ghost's pick answers once per pick); a seat without a role
there may only ``pass``. ``window.order`` is clockwise from the active seat (Dawn and the
character choice: from seat 0). Every answer shows to the other seats as the same
``answered`` event; what was answered stays private (votes: to the voters) until the
window closes. The Gavel window opens only while the Constable card is face down (§5.3):
once it is face up there is no Constable, everyone knows it, and the Night goes straight
from the vote to the confessions (a ``gavel`` event with ``seat`` null).

Hidden information (§4) is enforced in the view and in every ``emit``: another seat's row
is only a count; hand contents only to the owner (Robbery: to the receiver; the robbed
seat and everyone else get a count); witch identities only through ``known_witches``
(Dawn, each Night, Conspiracy notes, deaths, the ghost game's Night, the end); votes only
to the voters; the Gavel's placer never; picks and confessions only when their window
closes; the peeked card only to the peeker. The view's fields are listed in
:mod:`~game.rules.salem.view`.

Events (``type``): ``setup deal_tryal deal characters character_choice window answered
dawn_vote night_vote night_choice gavel_placed confess_chosen pick_chosen ability_chosen
keep_character window_closed witches_known black_cat turn stocks draw_two draw black_card
play end_turn discard trial guard choose_tryal reveal no_constable death immune
matchmakers purge conspiracy conspiracy_moves conspiracy_card night night_target gavel
night_aside reshuffle robbery scapegoat confession ghost_peek shuffled mill
witches_revealed night_flip death_order death_order_chosen over giles proctor prompt pass
ability arranged``.

Modules
-------
:mod:`~game.rules.salem.cards` (the catalogue), :mod:`~game.rules.salem.setup`,
:mod:`~game.rules.salem.state` (questions about the state), :mod:`~game.rules.salem.deck`,
:mod:`~game.rules.salem.flow` (turns and the frame interpreter),
:mod:`~game.rules.salem.reveal` (reveals, deaths, the end), :mod:`~game.rules.salem.legal`,
:mod:`~game.rules.salem.commands` (the table) with its handlers in ``commands_turn``,
``commands_windows`` and ``abilities``, :mod:`~game.rules.salem.view`,
:mod:`~game.rules.salem.determinize`, :mod:`~game.rules.salem.timers`,
:mod:`~game.rules.salem.words` and :mod:`~game.rules.salem.match` (the thin Match). The
bots' policy lives in game/bots/salem.py.
"""

from __future__ import annotations

from game.rules.salem.abilities import ABILITY_FIELDS
from game.rules.salem.cards import (
    ACTIVE_ABILITIES,
    CHARACTER_IDS,
    COLOURS,
    CONSTABLE,
    HAND_SIZE,
    LOG_TAIL,
    MAX_TIMER_S,
    MIN_TIMER_S,
    NOT_A_WITCH,
    PURGED_KINDS,
    RULE_COUNTS,
    RULE_VALUES,
    T_STANDARD,
    T_VARIANT,
    TRYAL_TABLE,
    VARIANT_LAYOUT,
    VARIANT_TRYALS,
    WINDOW_NAMES,
    WITCH,
    Catalog,
    Character,
    PlayingKind,
    TryalKind,
    card_info,
    catalog,
    character_info,
    load_salem_cards,
    tryal_info,
)
from game.rules.salem.commands import COMMANDS
from game.rules.salem.match import SalemMatch

__all__ = [
    "ABILITY_FIELDS",
    "ACTIVE_ABILITIES",
    "CHARACTER_IDS",
    "COLOURS",
    "COMMANDS",
    "CONSTABLE",
    "HAND_SIZE",
    "LOG_TAIL",
    "MAX_TIMER_S",
    "MIN_TIMER_S",
    "NOT_A_WITCH",
    "PURGED_KINDS",
    "RULE_COUNTS",
    "RULE_VALUES",
    "T_STANDARD",
    "T_VARIANT",
    "TRYAL_TABLE",
    "VARIANT_LAYOUT",
    "VARIANT_TRYALS",
    "WINDOW_NAMES",
    "WITCH",
    "Catalog",
    "Character",
    "PlayingKind",
    "SalemMatch",
    "TryalKind",
    "card_info",
    "catalog",
    "character_info",
    "load_salem_cards",
    "tryal_info",
]


# ----------------------------------------------------------------- the game's facts --
# Title and player counts come from the class; everything outside game/rules reads
# these facts from the registry (game.engine.game_info).
from game.engine.registry import GameInfo, GameOption, register_info

register_info(
    GameInfo(
        match=SalemMatch,
        options=(
            GameOption("town_hall", "Town Hall characters", players=tuple(range(4, 13))),  # names only with ghosts
            GameOption("short_game_guard", "Short game guard"),
            GameOption("hide_witch_on_death", "Secret witches at death", players=tuple(range(4, 13))),
            GameOption("extra_witch", "Extra witch", players=tuple(range(4, 13))),
            GameOption("first_player", "First player", players=(2, 3)),  # the ghost game
            GameOption("timer_s", "Timer"),
        ),
        pass_commands=({"type": "pass"},),  # a window's "no answer" for a seat without a role there
        private_reveals=frozenset({"ghost_peek"}),  # the card is seen, then the ghost's row is shuffled
    )
)
