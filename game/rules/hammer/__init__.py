"""The Hammer of the Witches (game id ``hammer``): rules/hammer.md H1–H11.

Contract
--------
``HammerMatch`` implements the :class:`~game.engine.match.Match` hooks for 3–5 players.
Commands are exactly those of H9 (``place_pyres accuse advocate respond test negate
call_inquisition no_inquisition end_turn pass choose_witch refill``) with exactly their
fields; an unknown field is refused. Every command but ``place_pyres`` may carry the
optional H8.1 field ``bribes`` (sealed bribes, R20–R24); the standalone ``bribe`` command
is withdrawn and refused with code ``withdrawn``. Card data comes from ``cards/hammer.yaml``
(:func:`load_hammer_cards`), loaded on first use so a broken file never breaks imports.

Flow
----
``setup`` (every seat that has not placed may send ``place_pyres``) → round 1
``accusation`` from Pet Pig Berta's owner → ``arrest`` → ``trial`` (ending in the
burning) → ``evidence`` → next round … → ``over``.

Who acts (``to_act``) is, in this precedence: the seat that must ``choose_witch``; the
seat asked by the top open window; the setup seats still placing; the active player
(phase 1); the seat with priority (phase 2); the seat whose trial turn it is (phase 3);
the seat refilling (phase 4).

Windows are open to every seat at once (DESIGN D2: ``to_act`` lists every seat that may
answer; each answers once): ``window.order`` is every seat asked, clockwise from the
card's player (H4), ``window.passed`` those who already passed and ``window.waiting``
those who still may answer (= ``to_act``). The first answer closes the window; when all
have passed the card resolves. Every seat is asked whatever it holds, so a window's
existence leaks nothing (D3).
A window stack holds at most: a response or inquisition window, plus a negation window
for a test played inside it.

Rulings (points hammer.md leaves open)
--------------------------------------
R1  Only brown cards open a response window. Advocates resolve at once; bribes are
    sealed and resolve when the box opens (H8.1, R20–R24), and no card can answer them
    (the cards say responses "cannot annul a Bribe").
R2  A brown card's value is fixed when announced (H4: "value known"): a Mix-up or
    Countercharge moves those points; target modifiers are not recomputed for the new
    villager.
R3  The accused's response bonus (Martha/Accomplice, Raphael/Countercharge,
    Burckardt/Mix-up) adds +1 heat only when the card's value is positive, like target
    modifiers (H3). Accomplice: the accused gets the value, the accomplice value+1.
R4  Accomplice and Mix-up name a living villager that is neither the accuser nor the
    accused, and never a villager protected by Scales (heavier): points from a brown
    card never land on a protected villager, so Countercharge is refused when the
    accuser is protected.
R5  A seat asked in a response or inquisition window may play a test there instead of
    answering (H4/H6). A Devil's Mark resolves and the same seat is asked again; a test
    that jumps (burning tests, Scales heavier) discards the card waiting in the window
    without effect and ends the window.
R6  The inquisitor may not play any green card, negation included ("cannot be played by
    the inquisitor"). The negation window asks every other seat except the inquisitor,
    clockwise from the test's player. It is skipped when the partner card is publicly
    out of reach (in the discard pile, kept or removed), which reveals nothing.
R7  Current witch ties: in phase 1 (no inquisitor) the test's player names it with the
    ``witch`` field, which is then required (and refused when there is no tie, so that
    ``apply`` accepts exactly what ``legal()`` lists); in phases 2–3 the inquisitor settles a tie
    with ``choose_witch`` when the test resolves, and ``witch`` is refused. At a burning
    the inquisitor chooses — for Ordeal (drowns) its player, who acts as the inquisitor.
R8  A test played on one's own turn (phase 1), with priority (phase 2) or on one's trial
    turn (phase 3) is that seat's play: in phase 1 the turn goes on (but an inquisition
    can no longer be called), in phase 2 priority moves on, in phase 3 the trial turn ends
    — also when it is negated.
R9  A burning test played in phase 2 jumps to the burning; the Trial counts as begun, so
    a Scales (heavier) protection ends first (H5 "at the start of phase 3"). Scales
    (heavier) played in phase 2 skips the Trial and its burning altogether.
R10 The Scales (heavier) card lies on the protected villager (zone ``protection``)
    until the next Trial begins, then leaves the game. Kept tests lie in front of their
    player (``kept``); Ordeal (drowns) and the Devil's Marks leave the game (``removed``).
R11 Phase 4 (reversed 2026-11-26, issue 10): the cards a player discards go onto the
    discard pile at once, so a reshuffle may include them and a hand reaches 6 whenever
    the cards exist. Each player in turn discards (``refill``); when the last one has, all
    draw up to 6 in the same order, the inquisitor first. Drawing together is ours: the
    number one player draws, read off the public pile count, would give away their hand
    size and so their sealed bribes (H8.1); drawn together, only the total shows, and any
    reshuffle is announced before the draws. Hands may exceed 6 (phase 1 draws); then
    nothing is drawn. There is no hand limit.
R12 ``refill`` lists every subset of the hand, smallest first (keep everything, then each
    single card, …), for hands of up to 10 cards; for bigger hands it lists the subsets
    of 0–2 cards and of all but 0–2 cards, but ``apply`` accepts any subset.
R13 Drawing from an empty pile shuffles the discard pile into a new one; if both are
    empty the player draws fewer cards.
R14 Setup placements stay secret until every seat has placed; then all are revealed and
    the 78 cards are shuffled and dealt (H2 order). Each seat's dealt pyres are public.
R15 A bribe's player is never recorded in any other seat's view or log: its events carry
    no seat (the player's own copy has ``yours: true``). Turn order itself (who holds
    priority) is public, as at the real table; bribes no longer follow from it (H8.1).
R16 In phase 1 the turn limit is "one brown card per own living villager that may
    accuse" (Berta never may); in phase 2 the same for the whole phase; in phase 3 a
    trial turn is a single card anyway.
R17 A brown card may accuse any living villager, the accuser itself included (the
    printed rules allow it; a Denial on oneself is the usual case). Bribes and
    Advocates may target a protected villager (protection is from brown cards only).
R18 The inquisitor may play brown and yellow cards and answer windows with responses;
    only green cards are closed to them.
R19 A seat whose villagers have all burned keeps playing cards and scores normally.

Sealed bribes (H8.1, ruling of 2026-11-26)
R20 ``bribes`` is a list of ``{card, target, sign}`` (at most 14): Bribes from the hand,
    each once, each on a living villager (protected ones too, R17), sign +1 or -1. It may
    ride on every command a seat sends from round 1 on — its own turn, priority, trial
    turn, any window, ``choose_witch`` and ``refill`` (H8.1 lists all of them; sealing
    changes nothing others see, so more moments only help anonymity). A sealed card may
    not also be the command's ``card`` or in its ``discard``. The bribes are sealed before
    the command itself runs: if the command opens the box, they are in it; if the command
    is refused, nothing was sealed.
R21 Sealing is not a play: it sets no ``turn_played`` (an inquisition may still be
    called), moves no priority, uses no trial turn and counts against no limit.
R22 The box opens when an inquisition succeeds (before ``inquisitor``), when phase 2 ends
    (before the Trial, before the burning a test jumps to, or before phase 4 when Scales
    heavier skips the Trial) and just before every burning. Scales heavier played in the
    Trial skips the burning, so the box stays shut until the next moment. The box's
    bribes are put in a canonical order (target, value, card id) and then shuffled by the
    match's generator, so the order never depends on who sealed when; each logs a
    ``bribe`` event and, unless its target is no longer alive (``lapsed: true``, no
    effect), a ``heat`` event, then goes to the discard pile. An empty box opens silently.
R23 Bribes still sealed when the game ends stay in the box (they could change no score).
R24 ``may_seal`` is true when the viewing seat is asked to act now (round 1 on) and holds
    a Bribe. Hand sizes are private: ``hand_count`` is the viewing seat's own only, and
    ``deal``/``draw`` events show others no count. Known limit: a seat that keeps more than
    6 cards in phase 4 draws nothing, so the pile's total drop can tell whether that seat
    or another sealed a bribe; every other public fact is the same whoever sealed.

Helpers for front ends: :func:`card_info` (name, colour, value, caption, text,
rules_text of a card id), :func:`villager_info`, :func:`card_kind`.

View fields (H11 plus these; names are stable)
-----------------------------------------------
``round phase active inquisitor window villagers players deck_count discard cards`` as in
H11, and: ``first_player``; ``priority`` (phase 2 seat or null); ``passes`` (consecutive
passes in phase 2); ``trial_order``/``trial_turn`` (phase 3); ``refill_order``/
``refill_turn`` (phase 4); ``turn_played`` (phase 1: the active player has played, so no
inquisition); ``accusers_used`` (villagers that accused this turn/phase);
``may_accuse_with`` (the viewing seat's villagers that may still accuse now);
``hottest`` ({heat, villagers}); ``may_seal`` (R24); ``pending`` (the card being resolved: {card, kind, by,
accuser, target, value, test, witch}); ``choice`` ({by, candidates, reason} when someone
must ``choose_witch``); ``protection`` ({villager, card} or null); ``removed`` (card ids
out of the game); ``scores`` (live H7 totals); ``recent`` (the events of the last command
as this seat may see them). Each villager also has ``short``, ``pyre``, ``can_accuse``,
``back``, ``text``; each player ``pyres`` ([{id, start}] dealt at setup), ``placed``,
``score``, ``sealed`` (the viewing seat's own sealed bribes, ``[{card, target, sign,
value}]``, else null); ``hand_count`` is null except for the viewing seat. ``window`` also has ``waiting``, ``order``, ``passed`` and, for responses,
``accuser``/``target``/``value``/``kind_of_card``; for negations ``test``/``witch``.
``active`` is the phase-1 active player only (null in other phases: see ``priority``,
``trial_turn``, ``refill_turn``; ``to_act`` always says who must answer now).

Events (``type``): ``deal_villagers`` ``placed`` ``reveal`` ``deal`` ``draw`` ``reshuffle`` ``phase`` ``turn``
``priority`` ``accuse`` ``respond`` ``pass`` ``heat`` ``box_open`` ``bribe`` ``advocate`` ``test``
``negate`` ``ordeal`` ``cancelled`` ``witch`` ``choose_witch`` ``burn`` ``protect`` ``unprotect`` ``call`` ``no_inquisition``
``inquisitor`` ``end_turn`` ``discard`` ``over``. ``deal``/``draw`` name cards and a count
only to their receiver; everyone else sees ``{type, seat}`` (H8.1). ``box_open`` ``{count}``
starts an opening of the sealed box; each ``bribe`` ``{card, target, sign, value, lapsed}``
names no seat (its sealer's own copy adds ``yours: true``).
"""
from __future__ import annotations

from game.rules.hammer.cards import (BURNING_TESTS, COLOURS, HAND_SIZE, PHASES, RESPONSES, ROLES, RULE_BRIBES,
                                     RULE_COUNTS, RULE_VALUES, TOP_HEAT, DefamationKind, Pyre, Tables, Villager,
                                     accusation_value, card_info, card_kind, heat_after, load_hammer_cards, tables,
                                     villager_info)
from game.rules.hammer.commands import COMMANDS, MAX_SEALED, SEALING_COMMANDS
from game.rules.hammer.match import HammerMatch

__all__ = [
    "BURNING_TESTS", "COLOURS", "COMMANDS", "HAND_SIZE", "MAX_SEALED", "PHASES", "RESPONSES", "ROLES",
    "RULE_BRIBES", "RULE_COUNTS", "RULE_VALUES", "SEALING_COMMANDS", "TOP_HEAT", "DefamationKind",
    "HammerMatch", "Pyre", "Tables", "Villager", "accusation_value", "card_info", "card_kind", "heat_after",
    "load_hammer_cards", "tables", "villager_info",
]
