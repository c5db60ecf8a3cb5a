"""Malleus Maleficarum, the story game (game id ``malleus``); the rules it plays are
docs/rules/malleus.md, cited by section (§3.4), ruling (R21) and table ruling (M5).

The program is the village's memory and the fair hand: it keeps the map, the ledgers and
the cards, computes the bonuses, rolls 3d6 and lets nobody see what they may not. People
narrate; the engine keeps short, cleaned texts.

Seats
-----
Seat 0 is the Prévôt, seats 1..N (N = 3–5, R2) are the players, so a match has 4–6
seats: ``new_match("malleus", ["Prévôt", "Ann", "Bob", "Cy"])``. ``view(None)`` is the
spectator. Option ``village``: ``"build"`` (the default: the table builds its village,
§2.2–§2.5) or ``"ready"`` (a prepared village of ``cards/malleus_villages.yaml``, picked
by the seed, §2.10); ``VILLAGE_CHOICES`` holds their labels.

The package
-----------
``match`` (the Match, thin) · ``commands`` (the ``COMMANDS`` table; handlers in
``commands_setup``, ``commands_conflict``, ``commands_secret``, ``commands_outcome``) ·
``legal`` · ``view`` (what each seat may see) · ``ending`` (the end told and revealed) ·
``guide`` (``guide.guide(view, seat)``: what the current step asks of a seat, from its view) ·
``determinize`` · ``setup`` (a new match's state) · ``villages`` (the ready villages) ·
``state`` (constants, lookups, checks) · ``village`` (the map: views, facts, standing,
dice, draws) · ``sides`` (who the table waits for, sides, bonuses) · ``parse`` (field
values into clean data) · ``rounds`` (turns, rounds, resolution, end of round) ·
``cardplay`` (card timing and effects) · ``cards`` (the catalog) · ``words``.

Flow
----
``trigger`` → ``first_villager`` → ``building`` → ``choosing`` → ``ledgers`` → ``companions``
→ ``round`` (steps below) → … → ``over``. A ready village starts at ``choosing``.

A player's turn: ``declare`` (→ ``confirm`` for reveal_secret) → ``frame`` → ``scene`` →
``secret_step`` (collecting, then the Prévôt resolving) → ``roll`` (the actor's roll) →
``sides`` (until ``lock_sides``) → ``oppose`` (the opposing roll, when someone opposes) →
``aftermath`` (won accusation / reveal) → ``outcome`` → ``discard``. A forfeited turn goes
straight to ``discard``. After every turn of the round: ``secret_phase`` (collecting, then
``phase_resolve``: cards, NPC conflicts with the same steps, ``end_secret_phase``), then the
automatic end of round (§3.11) and the win check (§3.13).

``to_act`` lists the seats the table waits for: the one who must declare, frame, roll,
judge, lock, close or end, every player whose secret action or ledger is still missing.
Interjections (``cite_fact approve_fact reject_fact take_side join_scene set_present
assign_side narrate record_fact play_card``) are open to every eligible seat without the
table waiting for them (:mod:`game.rules.malleus.match`).

View fields (stable names)
--------------------------
``phase step round participants threshold players villagers facts general_ledger
stereotypes relationships building choosing turn_order turn_index turn deck_count
discard_count scenes conflict bribery collect records executed last_rolls recent scores
winners`` (and ``ready_village``, with ``place`` on each villager, in a ready village), and ``you`` (a player's own ledger, hand, inbox and prompts) or
``prevot_screen`` (seat 0: every ledger and hand, the queue, submissions without note
texts, orders, seen_by). ``conflict.bonus`` holds each side's breakdown: ``base``
(villager, standing), ``pool`` (each member: villager, standing, why), ``pool_sum``,
``pool_bonus`` (floor(pool_sum / 3), R10), ``facts``, ``facts_bonus``, ``total``;
``conflict.counted_by`` says who cited each counted fact, ``conflict.sides_open`` and
``conflict.side_takers`` whether and by whom sides may still be taken. Once the game is
over, every view also holds ``ending`` and ``revealed`` (§5.7,
:mod:`game.rules.malleus.ending`).

Events (``type``)
-----------------
``setup ready_village trigger villager fact relationship pass building_over chosen ledger_in ledger
companion_in companion companion_taken companion_again companions_set round draw
reshuffle turn turn_forfeited declare declaration_voided secret_revealed scene join
present side cite approve reject assign resolution secret_action_in secret_action note
secret_actions_in queue_done card card_void learned secret_actions_closed roll
sides_locked outcome window window_closed standing sentenced bribery_closed narrate
end_turn discard secret_phase phase_over executed locked_swept reward record
game_over``. Private events carry the full text to their owner and the Prévôt (notes:
to their addressee only) and a redacted form, or nothing, to everyone else. An event,
once sent, never changes (§5.6).
"""

from __future__ import annotations

from game.rules.malleus.cards import (
    AFTERMATH_CARDS,
    CARD_PARAMS,
    DECK_ORDER,
    NO_TRACE,
    PUBLIC_ONLY,
    RULE_COUNTS,
    CardType,
    Catalog,
    Stereotype,
    card_info,
    catalog,
    load_malleus_cards,
    stereotypes,
)
from game.rules.malleus.commands import COMMANDS
from game.rules.malleus.match import MalleusMatch
from game.rules.malleus.state import (
    BASE_TARGET,
    CITE_STEPS,
    CONFLICT_STEPS,
    DIRECTIONS,
    HAND_SIZE,
    INTERJECTIONS,
    JOIN_STEPS,
    KINDS,
    LIVE_STEPS,
    MAX_NOTES_PER_ACTION,
    PREVOT,
    REL_KINDS,
    SIDES,
    START_STANDING,
    WIN_GAIN,
)
from game.rules.malleus.villages import VILLAGE_CHOICES, VILLAGE_PLACES, ReadyVillage, load_villages
from game.rules.malleus.words import (
    ENVIED_PERSON,
    ENVIED_THINGS,
    EVERYDAY_FACTS,
    LEDGER_SECRETS,
    MAX_TEXT,
    MAX_VILLAGER_NAME,
    NEUTRAL_FACT,
    NEUTRAL_NAMES,
    NEUTRAL_TEXT,
    NEUTRAL_TEXTS,
    VENDETTA_REASONS,
    clean_text,
    envy_words,
    everyday_fact,
    owned_thing,
    possessive,
)

__all__ = [
    "AFTERMATH_CARDS",
    "BASE_TARGET",
    "CARD_PARAMS",
    "CITE_STEPS",
    "COMMANDS",
    "CONFLICT_STEPS",
    "DECK_ORDER",
    "DIRECTIONS",
    "ENVIED_PERSON",
    "ENVIED_THINGS",
    "EVERYDAY_FACTS",
    "HAND_SIZE",
    "INTERJECTIONS",
    "JOIN_STEPS",
    "KINDS",
    "LEDGER_SECRETS",
    "LIVE_STEPS",
    "MAX_NOTES_PER_ACTION",
    "MAX_TEXT",
    "MAX_VILLAGER_NAME",
    "NEUTRAL_FACT",
    "NEUTRAL_NAMES",
    "NEUTRAL_TEXT",
    "NEUTRAL_TEXTS",
    "NO_TRACE",
    "PREVOT",
    "PUBLIC_ONLY",
    "VENDETTA_REASONS",
    "REL_KINDS",
    "RULE_COUNTS",
    "SIDES",
    "START_STANDING",
    "VILLAGE_CHOICES",
    "VILLAGE_PLACES",
    "WIN_GAIN",
    "CardType",
    "Catalog",
    "MalleusMatch",
    "ReadyVillage",
    "Stereotype",
    "card_info",
    "catalog",
    "clean_text",
    "envy_words",
    "everyday_fact",
    "load_malleus_cards",
    "load_villages",
    "owned_thing",
    "possessive",
    "stereotypes",
]


# ----------------------------------------------------------------- the game's facts --
# Title and player counts come from the class; everything outside game/rules reads
# these facts from the registry (game.engine.game_info).
from game.engine.registry import GameInfo, register_info

register_info(
    GameInfo(
        match=MalleusMatch,
        people_seats=(0,),
        people_why="seat 0 is the Prévôt, who is always a person",
    )
)
