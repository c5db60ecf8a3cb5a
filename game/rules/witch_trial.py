"""Witch Trial (game id ``witch_trial``): the rules of rules/witch_trial.md W1–W7.

3 to 7 lawyers buy cards from a priced lineup, build cases (a Suspect and a Charge),
and try them in court: the prosecution and the defense play Evidence, Witnesses,
Charges and Motions to move the Jury Value (always 1..12), Objections cancel Motions,
pleas split the Court Fees, and a roll of 2d6 + Jury Value >= 13 convicts.

Commands (W7; the seat is never a field)::

    {"type": "buy", "slot": 1..5}                 own turn; slot 1 is next to the deck ($20)
    {"type": "create_case", "card": id, "slot": 1..5}   own turn, no pending case
    {"type": "defend", "case_owner": seat}        own turn, another player's pending case
    {"type": "prosecute"}                         own turn, own pending case
    {"type": "pass"}                              own turn
    {"type": "play", "card": id, "choice": id}    trial, own play; ``choice`` only for
                                                  Short Memory (a discard card id)
    {"type": "object", "card": id}                the opponent's Motion window
    {"type": "no_objection"}                      the opponent's Motion window
    {"type": "rest"}                              trial, own play
    {"type": "offer_plea", "to_prosecution": $}   just after own rest ($5 steps, 0..court_fees)
    {"type": "no_plea"}                           just after own rest: make no offer (added)
    {"type": "answer_plea", "accept": bool}       the other lawyer

View (W9 fields, stable)::

    stage: "turn" | "prosecution" | "defense" | "final" | "plea" | "over"
    active, to_act, players[{seat, name, money, hand_count, hand, pending_case}],
    lineup[5], deck_count, discard, court_fees, bank_paid,
    trial: null | {prosecutor, defender, suspect, charge, jury_value, played, rested}, cards

``active`` is the one seat that may act now (every window in this game has exactly
one seat): the turn player, the lawyer playing, the lawyer answering a Motion, or the
lawyer offering / answering a plea. Card definitions (names, numbers, text) for any
card id: ``catalog().by_kind[view["cards"][card_id]]``.

Added view fields:

* ``turn``: the seat whose turn it is (during a trial: the seat whose turn started it).
* ``prices``: ``[20, 15, 10, 5, 0]``, the price of each lineup slot (index 0 = slot 1).
* ``pass_streak``: passes in a row so far (``n`` of them end the game).
* ``double_pass``: ``{"enabled": bool, "used": bool}``.
* ``last_rolls``: the roll events of the most recent command that rolled dice.
* ``winners`` / ``scores``: ``[]`` / money per seat; winners filled in when over.
* ``trial`` also has: ``phase`` ("prosecution" | "defense" | "final"), ``playing`` (the
  lawyer whose play it is), ``jury_start``, ``court_money``, ``defense_budget``,
  ``case_charge`` (the charge the case came with), ``replaced`` (charges no longer in
  force), ``cancelled`` (Motions cancelled by an Objection, still on the table),
  ``motion`` (null or ``{card, by, choice, awaiting}``: a Motion waiting for the
  opponent's ``object`` / ``no_objection``), ``plea`` (null or ``{by, to, phase:
  "offer" | "answer", to_prosecution, to_defense}``: ``offer`` = ``by`` may offer now,
  ``answer`` = ``to`` must accept or decline the offer), ``expert`` / ``leading``
  (``{"prosecution": bool, "defense": bool}``: an Expert Testimony / Leading Question
  waiting for its next Evidence / Witness).

Events: ``deal``/``draw`` (card ids to the owner only, a count to everyone else),
``first_player``, ``buy``, ``lineup``, ``case``, ``defend``, ``prosecute``, ``roll``
``{dice, purpose, seat, total}`` (purposes ``public_defender``, ``witness``, ``drama``,
``verdict``), ``trial``, ``jury {from, to, reason}``, ``play``, ``motion``,
``objection``, ``no_objection``, ``recover``, ``rest``, ``plea_offer``, ``plea
{accepted, ...}``, ``verdict {guilty, winner, amount, total}``, ``mistrial``,
``continuance``, ``discard``, ``reshuffle``, ``pass``, ``turn``, ``game_over``.

Rulings where the rules leave things open:

1. Deck runs out: a draw finds nothing and the refilled slot 1 stays empty. With the
   ``double_pass`` option, the first time a card must come from the empty deck (a draw
   or a refill) the discard pile is shuffled into a new deck, once. If the discard is
   empty at that moment, the reshuffle is not spent.
2. Empty lineup slots gather at the deck end (cards only ever slide away from the
   deck), and each slot keeps its price. Buying from or building a case with an empty
   slot is refused. Buying needs the price in hand: money never goes below $0.
3. Short Memory names its card (``choice``) when played and cannot be played while
   the discard pile is empty. Cards on the table in this trial are not in the discard.
4. A player with a pending case may still defend someone else's case, and may be
   picked as public defender.
5. A lawyer may always rest, even with no cards, in the prosecution and defense
   stages. In the final argument (W4.6 "plays exactly one more card") the prosecution
   may rest only when it holds no card it can play then — only Objections, or a Short
   Memory while the discard pile is empty (ruling of 2026-11-26, issue 10).
6. After each rest the resting lawyer either offers one plea (``offer_plea``) or
   declines (``no_plea``, added to W7 because the offer is optional). The other lawyer
   accepts (the Court Fees are split, the trial ends) or declines (the trial goes on).
   No counter-offers; the other lawyer may offer after their own rest.
7. Every Motion opens an Objection window for the opponent, whether or not they hold
   an Objection, so the window gives nothing away (DESIGN D3).
8. The final argument counts once its card took effect (a failed Witness roll still
   counts); a Motion cancelled by an Objection does not count. Drama forces a rest in
   any stage. Mistrial and Continuance end the trial at once: no plea, no verdict, the
   defender keeps the defense budget and the Court Fees stay for the next trial.
9. Expert Testimony / Leading Question set a flag for that lawyer until their next
   Evidence / Witness in this trial; a second copy before then adds nothing. Expert
   doubles the Evidence's move before the clamp. A Leading Question Witness rolls nothing.
10. Continuance returns the suspect and the charge now in force (after any
    replacements) to the prosecutor as the pending case, whoever plays it; every other
    trial card, replaced charges included, is discarded.
11. A trial ends the turn of the player whose turn it was; play passes to their left.
12. The game ends after a turn when the deck and lineup are empty and no case is
    pending, or after ``n`` passes in a row. Money left in the Court Fees belongs to no
    one. Most money wins; ties share the win.
13. Objections are played only in a Motion window, only by the opposing lawyer.
14. A Charge from hand may be played by either lawyer, in any stage where they may
    play; the charge it replaces stays on the table (``replaced``) until the trial ends.
15. The first player is drawn from the match's generator at setup; it is not a die
    roll, so it is announced by a ``first_player`` event rather than a ``roll``.
16. ``legal()`` lists Short Memory once per card in the discard pile (its ``choice``),
    an ``object`` per Objection held, and ``offer_plea`` for every $5 step from $0 to
    the Court Fees, followed by ``no_plea``. ``apply`` accepts exactly what ``legal()``
    lists: ``choice`` is refused on any other card, even as null.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Mapping

from game.engine.cards import load_card_set
from game.engine.errors import IllegalCommand
from game.engine.match import Match, SetupError
from game.engine.rng import weighted_index
from game.engine.registry import register
from game.engine.shape import check_fields, shown

START_MONEY = 50
HAND_SIZE = 6
LINEUP_SIZE = 5
PRICES = (20, 15, 10, 5, 0)  # by slot, slot 1 (index 0) next to the deck
JURY_MIN, JURY_MAX = 1, 12
GUILTY_AT = 13
PLEA_STEP = 5
TOTAL_CARDS = 90
SECTION_COUNTS = {"suspects": 16, "charges": 15, "evidence": 30, "motions": 18, "objections": 11}
MOTION_IDS = ("drama", "short_memory", "bribe_judge", "recess", "venue", "expert",
              "leading", "mistrial", "continuance")


# ---------------------------------------------------------------------- card definitions --
@dataclass(frozen=True)
class Suspect:
    id: str
    name: str
    guilt: int
    defense: int
    text: str
    rules_text: str


@dataclass(frozen=True)
class Charge:
    id: str
    name: str
    severity: int
    court: int
    text: str
    rules_text: str
    modifiers: Mapping[str, int] = field(default_factory=dict)

    def modified(self, suspect: str) -> int:
        """Severity against ``suspect`` (W1.2 "modified severity")."""
        return self.severity + self.modifiers.get(suspect, 0)


@dataclass(frozen=True)
class Evidence:
    id: str
    name: str
    prosecution: int
    defense: int
    copies: int
    text: str
    rules_text: str


@dataclass(frozen=True)
class Motion:
    id: str
    name: str
    copies: int
    text: str
    rules_text: str
    amount: int = 0


@dataclass(frozen=True)
class Objection:
    id: str
    name: str
    copies: int
    text: str
    rules_text: str


SECTIONS = {"suspects": Suspect, "charges": Charge, "evidence": Evidence,
            "motions": Motion, "objections": Objection}
KIND_TYPE = {"suspects": "suspect", "charges": "charge", "evidence": "evidence",
             "motions": "motion", "objections": "objection"}


def _check_cards(cards: dict, fail) -> None:
    """Whole-set rules: the W1 totals, value ranges, modifiers naming real suspects."""
    suspects = {s.id for s in cards["suspects"]}
    for section, want in SECTION_COUNTS.items():
        have = sum(getattr(c, "copies", 1) for c in cards[section])
        if have != want:
            raise fail("", section, f"expected {want} cards, found {have}")
    for s in cards["suspects"]:
        if not 1 <= s.guilt <= 6:
            raise fail(s.id, "guilt", "must be 1 to 6")
        if s.defense < 0 or s.defense % PLEA_STEP:
            raise fail(s.id, "defense", "must be a non-negative multiple of $5")
    for c in cards["charges"]:
        if c.court < 0 or c.court % PLEA_STEP:
            raise fail(c.id, "court", "must be a non-negative multiple of $5")
        for name, mod in c.modifiers.items():
            if name not in suspects:
                raise fail(c.id, "modifiers", f"names unknown suspect {name!r}")
            if not isinstance(mod, int) or isinstance(mod, bool):
                raise fail(c.id, "modifiers", f"modifier for {name!r} must be a whole number")
    for e in cards["evidence"]:
        if e.prosecution < 0 or e.defense > 0:
            raise fail(e.id, "defense", "prosecution values raise and defense values lower the Jury Value")
    motion_ids = sorted(m.id for m in cards["motions"])
    if motion_ids != sorted(MOTION_IDS):
        raise fail("", "motions", f"expected exactly the motions {', '.join(MOTION_IDS)}")
    for section, entries in cards.items():
        for c in entries:
            if getattr(c, "copies", 1) < 1:
                raise fail(c.id, "copies", "must be at least 1")


class Catalog:
    """The 90 cards of a match: definitions by kind, and every card id."""

    def __init__(self, cards: dict) -> None:
        self.suspects: dict[str, Suspect] = {s.id: s for s in cards["suspects"]}
        self.charges: dict[str, Charge] = {c.id: c for c in cards["charges"]}
        self.evidence: dict[str, Evidence] = {e.id: e for e in cards["evidence"]}
        self.motions: dict[str, Motion] = {m.id: m for m in cards["motions"]}
        self.objections: dict[str, Objection] = {o.id: o for o in cards["objections"]}
        self.kind_type: dict[str, str] = {}
        self.by_kind: dict[str, Any] = {}
        self.card_ids: list[str] = []
        self.kind_of: dict[str, str] = {}
        for section, entries in cards.items():
            for c in entries:
                self.kind_type[c.id] = KIND_TYPE[section]
                self.by_kind[c.id] = c
                for n in range(1, getattr(c, "copies", 1) + 1):
                    card_id = f"{c.id}-{n}"
                    self.card_ids.append(card_id)
                    self.kind_of[card_id] = c.id
        #: card id -> "suspect" | "charge" | "evidence" | "motion" | "objection"
        self.type_of: dict[str, str] = {cid: self.kind_type[k] for cid, k in self.kind_of.items()}

    def name(self, card_id: str) -> str:
        return self.by_kind[self.kind_of[card_id]].name


_CATALOG: Catalog | None = None


def catalog() -> Catalog:
    """The Witch Trial cards, loaded once from ``cards/witch_trial.yaml``."""
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = Catalog(load_card_set("witch_trial", SECTIONS, check=_check_cards))
    return _CATALOG


def clamp_jury(value: int) -> int:
    return JURY_MIN if value < JURY_MIN else JURY_MAX if value > JURY_MAX else value


_GUILTY = [sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + j >= GUILTY_AT) / 36.0
           for j in range(JURY_MAX + 1)]


def guilty_chance(jury_value: int) -> float:
    """The chance that 2d6 + ``jury_value`` >= 13 (W4.7): a conviction."""
    return _GUILTY[clamp_jury(jury_value)]


# -------------------------------------------------------------------------------- match --
@register
class WitchTrialMatch(Match):
    """One game of Witch Trial. See the module docstring for commands, view and rulings."""

    game_id = "witch_trial"
    title = "Witch Trial"
    min_players = 3
    max_players = 7
    option_defaults = {"double_pass": False}

    # ------------------------------------------------------------------------- setup --
    def _setup(self) -> None:
        if not isinstance(self.options.get("double_pass"), bool):
            raise SetupError("double_pass must be true or false")
        self.cat = catalog()
        self._rolled = False
        deck = list(self.cat.card_ids)
        self.rng.shuffle(deck)
        n = self.n
        self.state = {
            "deck": deck,  # top of the deck is the end of the list
            "discard": [],  # top is the end of the list
            "lineup": [None] * LINEUP_SIZE,
            "hands": [[] for _ in range(n)],
            "money": [START_MONEY] * n,
            "cases": [None] * n,
            "court_fees": 0,
            "bank_paid": 0,
            "turn": 0,
            "pass_streak": 0,
            "trial": None,
            "reshuffled": False,
            "over": False,
            "last_rolls": [],
        }
        for seat in range(n):
            self._draw(seat, HAND_SIZE, event="deal")
        lineup = self.state["lineup"]
        for i in range(LINEUP_SIZE):
            lineup[i] = self._take_from_deck()
        self.emit({"type": "lineup", "lineup": list(lineup)})
        first = self.rng.randint(0, n - 1)
        self.state["turn"] = first
        self.emit({"type": "first_player", "seat": first})
        self.emit({"type": "turn", "seat": first})

    def _loaded(self) -> None:
        self.cat = catalog()
        self._rolled = False

    # ---------------------------------------------------------------------- contract --
    def _over(self) -> bool:
        return self.state["over"]

    def _to_act(self) -> list[int]:
        st = self.state
        trial = st["trial"]
        if trial is None:
            return [st["turn"]]
        motion = trial["motion"]
        if motion is not None:
            return [self._opponent(trial, motion["by"])]
        plea = trial["plea"]
        if plea is not None:
            return [plea["by"] if plea["phase"] == "offer" else plea["to"]]
        return [trial["defender"] if trial["phase"] == "defense" else trial["prosecutor"]]

    def _scores(self) -> list[int]:
        return list(self.state["money"])

    def _score_breakdown(self) -> list[list[tuple[str, int]]]:
        """W-scoring is the money each lawyer holds at the end."""
        return [[("Money at the end ($)", money)] for money in self.state["money"]]

    def _not_your_turn(self, seat: int, command: dict) -> str:
        # say exactly who is awaited rather than the base class's generic sentence
        return self._waiting_message(seat, command["type"])

    def _waiting_message(self, seat: int, ctype: str) -> str:
        st = self.state
        trial = st["trial"]
        if trial is None:
            return f"It is {self.players[st['turn']]}'s turn, not yours."
        lawyers = (trial["prosecutor"], trial["defender"])
        if seat not in lawyers:
            return "You are not a lawyer in this trial; only the prosecution and the defense may act."
        if trial["motion"] is not None:
            side = self._side(trial, self._opponent(trial, trial["motion"]["by"]))
            return f"Only the {side} may answer the motion now (object or let it stand)."
        plea = trial["plea"]
        if plea is not None:
            if plea["phase"] == "offer":
                return f"Waiting for {self.players[plea['by']]} to offer a plea or go on."
            return f"Only {self.players[plea['to']]} may answer the plea offer now."
        if ctype == "object":
            return "You may object only when your opponent plays a Motion."
        if trial["phase"] == "defense":
            return "Only the defense may play now."
        if trial["phase"] == "final":
            return "Only the prosecution may play now (final argument)."
        return "Only the prosecution may play now."

    # --------------------------------------------------------------------------- legal --
    def _legal(self, seat: int) -> list[dict]:
        st = self.state
        trial = st["trial"]
        if trial is None:
            return self._legal_turn(seat)
        hand = st["hands"][seat]
        if trial["motion"] is not None:
            out = [{"type": "object", "card": c} for c in hand if self.cat.type_of[c] == "objection"]
            out.append({"type": "no_objection"})
            return out
        plea = trial["plea"]
        if plea is not None:
            if plea["phase"] == "offer":
                out = [{"type": "offer_plea", "to_prosecution": v}
                       for v in range(0, st["court_fees"] + 1, PLEA_STEP)]
                out.append({"type": "no_plea"})
                return out
            return [{"type": "answer_plea", "accept": True}, {"type": "answer_plea", "accept": False}]
        out = self._plays(hand)
        if not out or trial["phase"] != "final":
            out.append({"type": "rest"})  # W4.6: no resting on a playable final argument
        return out

    def _plays(self, hand: list[str]) -> list[dict]:
        """Every ``play`` the lawyer holding ``hand`` may make now (rulings 3, 16)."""
        out = []
        type_of = self.cat.type_of
        discard = self.state["discard"]
        for c in hand:
            kind = type_of[c]
            if kind == "objection":
                continue
            if kind == "motion" and self.cat.kind_of[c] == "short_memory":
                out.extend({"type": "play", "card": c, "choice": d} for d in discard)
                continue
            out.append({"type": "play", "card": c})
        return out

    def _legal_turn(self, seat: int) -> list[dict]:
        st = self.state
        lineup = st["lineup"]
        money = st["money"][seat]
        out: list[dict] = []
        for i, card in enumerate(lineup):
            if card is not None and money >= PRICES[i]:
                out.append({"type": "buy", "slot": i + 1})
        if st["cases"][seat] is None:
            type_of = self.cat.type_of
            for c in st["hands"][seat]:
                kind = type_of[c]
                want = "charge" if kind == "suspect" else "suspect" if kind == "charge" else None
                if want is None:
                    continue
                for i, other in enumerate(lineup):
                    if other is not None and type_of[other] == want:
                        out.append({"type": "create_case", "card": c, "slot": i + 1})
        for owner, case in enumerate(st["cases"]):
            if case is not None and owner != seat:
                out.append({"type": "defend", "case_owner": owner})
        if st["cases"][seat] is not None:
            out.append({"type": "prosecute"})
        out.append({"type": "pass"})
        return out

    # --------------------------------------------------------------------------- apply --
    _FIELDS = {
        "buy": ({"slot"}, set()),
        "create_case": ({"card", "slot"}, set()),
        "defend": ({"case_owner"}, set()),
        "prosecute": (set(), set()),
        "pass": (set(), set()),
        "play": ({"card"}, {"choice"}),
        "object": ({"card"}, set()),
        "no_objection": (set(), set()),
        "rest": (set(), set()),
        "offer_plea": ({"to_prosecution"}, set()),
        "no_plea": (set(), set()),
        "answer_plea": ({"accept"}, set()),
    }
    _TURN_COMMANDS = ("buy", "create_case", "defend", "prosecute", "pass")

    def _apply(self, seat: int, command: dict) -> None:
        self._rolled = False
        check_fields(command, self._FIELDS, "Witch Trial")
        ctype = command["type"]
        trial = self.state["trial"]
        if trial is None:
            if ctype not in self._TURN_COMMANDS:
                raise IllegalCommand("wrong_stage", f"There is no trial now: '{ctype}' is for the courtroom.")
            getattr(self, f"_cmd_{ctype}")(seat, command)
            return
        if ctype in self._TURN_COMMANDS:
            raise IllegalCommand("wrong_stage", f"A trial is under way: you cannot {ctype.replace('_', ' ')} now.")
        if trial["motion"] is not None:
            if ctype not in ("object", "no_objection"):
                raise IllegalCommand("wrong_stage", "A Motion is waiting: object to it or let it stand.")
        elif trial["plea"] is not None:
            phase = trial["plea"]["phase"]
            if phase == "offer" and ctype not in ("offer_plea", "no_plea"):
                raise IllegalCommand("wrong_stage", "You have rested: offer a plea or make no offer.")
            if phase == "answer" and ctype != "answer_plea":
                raise IllegalCommand("wrong_stage", "A plea offer is waiting: accept it or decline it.")
        elif ctype not in ("play", "rest"):
            if ctype == "object":
                raise IllegalCommand("wrong_stage", "You may object only when your opponent plays a Motion.")
            if ctype in ("offer_plea", "no_plea"):
                raise IllegalCommand("wrong_stage", "You may offer a plea only just after you rest.")
            if ctype == "answer_plea":
                raise IllegalCommand("wrong_stage", "There is no plea offer to answer.")
            raise IllegalCommand("wrong_stage", "Play a card or rest.")
        getattr(self, f"_cmd_{ctype}")(seat, command)

    # -- turn actions ----------------------------------------------------------------------
    def _slot(self, command: dict) -> int:
        slot = command["slot"]
        if isinstance(slot, bool) or not isinstance(slot, int) or not 1 <= slot <= LINEUP_SIZE:
            raise IllegalCommand("bad_slot", f"Slot must be a number from 1 to {LINEUP_SIZE}.")
        if self.state["lineup"][slot - 1] is None:
            raise IllegalCommand("empty_slot", f"Slot {slot} is empty.")
        return slot

    def _hand_card(self, seat: int, command: dict, key: str = "card") -> str:
        card = command[key]
        if not isinstance(card, str) or card not in self.cat.kind_of:
            raise IllegalCommand("bad_card", f"There is no card {shown(card)} in Witch Trial.")
        if card not in self.state["hands"][seat]:
            raise IllegalCommand("not_in_hand", f"{self.cat.name(card)} is not in your hand.")
        return card

    def _cmd_buy(self, seat: int, command: dict) -> None:
        st = self.state
        slot = self._slot(command)
        price = PRICES[slot - 1]
        if st["money"][seat] < price:
            raise IllegalCommand("no_money", f"Slot {slot} costs ${price} but you have ${st['money'][seat]}.")
        card = st["lineup"][slot - 1]
        st["money"][seat] -= price
        st["court_fees"] += price
        st["hands"][seat].append(card)
        self.emit({"type": "buy", "seat": seat, "slot": slot, "card": card, "price": price})
        self._draw(seat, 1)
        self._slide(slot - 1)
        self._end_turn(passed=False)

    def _cmd_create_case(self, seat: int, command: dict) -> None:
        st = self.state
        if st["cases"][seat] is not None:
            raise IllegalCommand("case_pending", "You already have a case pending.")
        card = self._hand_card(seat, command)
        kind = self.cat.type_of[card]
        if kind not in ("suspect", "charge"):
            raise IllegalCommand("bad_case", f"A case needs a Suspect or a Charge from your hand, not {self.cat.name(card)}.")
        slot = self._slot(command)
        other = st["lineup"][slot - 1]
        want = "charge" if kind == "suspect" else "suspect"
        if self.cat.type_of[other] != want:
            raise IllegalCommand(
                "bad_case", f"{self.cat.name(card)} is a {kind.title()}: pair it with a {want.title()} from the "
                f"lineup, and slot {slot} holds {self.cat.name(other)}.")
        st["hands"][seat].remove(card)
        suspect, charge = (card, other) if kind == "suspect" else (other, card)
        st["cases"][seat] = {"suspect": suspect, "charge": charge}
        self.emit({"type": "case", "seat": seat, "suspect": suspect, "charge": charge, "slot": slot})
        self._slide(slot - 1)
        self._end_turn(passed=False)

    def _cmd_defend(self, seat: int, command: dict) -> None:
        st = self.state
        owner = command["case_owner"]
        if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < self.n:
            raise IllegalCommand("bad_seat", f"There is no seat {shown(owner)} at this table.")
        if owner == seat:
            raise IllegalCommand("own_case", "You cannot defend your own case; prosecute it instead.")
        if st["cases"][owner] is None:
            raise IllegalCommand("no_case", f"{self.players[owner]} has no pending case.")
        self.emit({"type": "defend", "seat": seat, "case_owner": owner})
        self._start_trial(prosecutor=owner, defender=seat)

    def _cmd_prosecute(self, seat: int, command: dict) -> None:
        if self.state["cases"][seat] is None:
            raise IllegalCommand("no_case", "You have no pending case to prosecute.")
        self.emit({"type": "prosecute", "seat": seat})
        candidates = [s for s in range(self.n) if s != seat]
        while len(candidates) > 1:  # tied lowest roll again (W3.4)
            totals = {}
            for s in candidates:
                totals[s] = sum(self._roll(2, "public_defender", s))
            low = min(totals.values())
            candidates = [s for s in candidates if totals[s] == low]
        self._start_trial(prosecutor=seat, defender=candidates[0])

    def _cmd_pass(self, seat: int, command: dict) -> None:
        self.emit({"type": "pass", "seat": seat})
        self._end_turn(passed=True)

    # -- the trial -------------------------------------------------------------------------
    def _start_trial(self, prosecutor: int, defender: int) -> None:
        st = self.state
        case = st["cases"][prosecutor]
        st["cases"][prosecutor] = None
        suspect = self.cat.suspects[self.cat.kind_of[case["suspect"]]]
        charge = self.cat.charges[self.cat.kind_of[case["charge"]]]
        st["money"][defender] += suspect.defense  # W4.1
        st["court_fees"] += charge.court  # W4.2
        st["bank_paid"] += suspect.defense + charge.court
        jury = clamp_jury(suspect.guilt + charge.modified(suspect.id))  # W4.3
        st["trial"] = {
            "prosecutor": prosecutor, "defender": defender, "turn_seat": st["turn"],
            "suspect": case["suspect"], "charge": case["charge"], "case_charge": case["charge"],
            "jury_value": jury, "jury_start": jury,
            "court_money": charge.court, "defense_budget": suspect.defense,
            "phase": "prosecution", "played": [], "cancelled": [], "replaced": [], "rested": [],
            "motion": None, "plea": None,
            "expert": {"prosecution": False, "defense": False},
            "leading": {"prosecution": False, "defense": False},
        }
        self.emit({"type": "trial", "prosecutor": prosecutor, "defender": defender,
                   "suspect": case["suspect"], "charge": case["charge"], "jury_value": jury,
                   "defense_budget": suspect.defense, "court_money": charge.court,
                   "court_fees": st["court_fees"]})

    @staticmethod
    def _opponent(trial: dict, seat: int) -> int:
        return trial["defender"] if seat == trial["prosecutor"] else trial["prosecutor"]

    @staticmethod
    def _side(trial: dict, seat: int) -> str:
        return "prosecution" if seat == trial["prosecutor"] else "defense"

    def _cmd_play(self, seat: int, command: dict) -> None:
        st = self.state
        trial = st["trial"]
        card = self._hand_card(seat, command)
        kind = self.cat.type_of[card]
        choice = command.get("choice")
        kind_id = self.cat.kind_of[card]
        if kind == "objection":
            raise IllegalCommand("bad_play", "An Objection can only be played against your opponent's Motion.")
        if kind_id == "short_memory":
            if not st["discard"]:
                raise IllegalCommand("empty_discard", "The discard pile is empty: Short Memory has nothing to recover.")
            if choice is None:
                raise IllegalCommand("need_choice", "Short Memory needs a 'choice': the discard card to take.")
            if not isinstance(choice, str) or choice not in st["discard"]:
                raise IllegalCommand("bad_choice", f"{shown(choice)} is not in the discard pile.")
        elif "choice" in command:  # even null: legal() lists no choice here (ruling 16)
            raise IllegalCommand("bad_choice", f"{self.cat.name(card)} takes no choice.")
        side = self._side(trial, seat)
        st["hands"][seat].remove(card)
        trial["played"].append(card)
        self.emit({"type": "play", "seat": seat, "side": side, "card": card, "kind": kind})
        if kind == "motion":
            trial["motion"] = {"card": card, "by": seat, "choice": choice}
            self.emit({"type": "motion", "seat": seat, "card": card, "choice": choice,
                       "awaiting": self._opponent(trial, seat)})
            return
        sign = 1 if side == "prosecution" else -1
        if kind == "evidence":
            ev = self.cat.evidence[kind_id]
            delta = ev.prosecution if side == "prosecution" else ev.defense
            reason = "evidence"
            if trial["expert"][side]:
                trial["expert"][side] = False
                delta *= 2
                reason = "expert_evidence"
            self._move_jury(delta, reason)
        elif kind == "suspect":
            guilt = self.cat.suspects[kind_id].guilt
            if trial["leading"][side]:
                trial["leading"][side] = False
                self._move_jury(sign * guilt, "leading_witness")
            else:
                roll = self._roll(1, "witness", seat)[0]
                if roll >= guilt:
                    self._move_jury(sign * guilt, "witness")
                else:
                    self.emit({"type": "witness_fails", "seat": seat, "card": card, "roll": roll, "guilt": guilt})
        elif kind == "charge":
            suspect = self.cat.kind_of[trial["suspect"]]
            old = self.cat.charges[self.cat.kind_of[trial["charge"]]].modified(suspect)
            new = self.cat.charges[kind_id].modified(suspect)
            trial["replaced"].append(trial["charge"])
            trial["charge"] = card
            self._move_jury(new - old, "charge")
        self._after_card(seat)

    def _after_card(self, seat: int) -> None:
        """A card took effect: in the final argument that was the one card (W4.6)."""
        if self.state["trial"]["phase"] == "final":
            self._rest(seat, forced=True)

    def _cmd_rest(self, seat: int, command: dict) -> None:
        trial = self.state["trial"]
        if trial["phase"] == "final" and self._plays(self.state["hands"][seat]):
            raise IllegalCommand("must_play", "The final argument is exactly one more card (W4.6): play one; "
                                              "you may rest only with no card you can play.")
        self._rest(seat, forced=False)

    def _rest(self, seat: int, forced: bool) -> None:
        trial = self.state["trial"]
        trial["rested"].append(seat)
        self.emit({"type": "rest", "seat": seat, "side": self._side(trial, seat), "forced": forced})
        trial["plea"] = {"by": seat, "to": self._opponent(trial, seat), "phase": "offer",
                         "to_prosecution": None, "after": trial["phase"]}

    def _cmd_object(self, seat: int, command: dict) -> None:
        st = self.state
        trial = st["trial"]
        card = self._hand_card(seat, command)
        if self.cat.type_of[card] != "objection":
            raise IllegalCommand("bad_objection", f"{self.cat.name(card)} is not an Objection.")
        motion = trial["motion"]
        st["hands"][seat].remove(card)
        st["hands"][motion["by"]].append(card)  # W4: the Objection goes to the Motion's player
        trial["cancelled"].append(motion["card"])
        trial["motion"] = None
        self.emit({"type": "objection", "seat": seat, "card": card, "motion": motion["card"],
                   "to": motion["by"]})

    def _cmd_no_objection(self, seat: int, command: dict) -> None:
        trial = self.state["trial"]
        motion = trial["motion"]
        trial["motion"] = None
        self.emit({"type": "no_objection", "seat": seat, "motion": motion["card"]})
        self._resolve_motion(motion["by"], motion["card"], motion["choice"])

    def _resolve_motion(self, seat: int, card: str, choice: str | None) -> None:
        st = self.state
        trial = st["trial"]
        kind_id = self.cat.kind_of[card]
        side = self._side(trial, seat)
        sign = 1 if side == "prosecution" else -1
        if kind_id == "drama":
            dice = self._roll(2, "drama", seat)
            self._set_jury(sum(dice), "drama")
            self._rest(seat, forced=True)
            return
        if kind_id == "short_memory":
            st["discard"].remove(choice)
            st["hands"][seat].append(choice)
            self.emit({"type": "recover", "seat": seat, "card": choice})
        elif kind_id == "bribe_judge":
            self._move_jury(sign * self.cat.motions[kind_id].amount, "bribe")
        elif kind_id == "recess":
            self._draw(seat, self.cat.motions[kind_id].amount)
        elif kind_id == "venue":
            suspect = self.cat.suspects[self.cat.kind_of[trial["suspect"]]]
            charge = self.cat.charges[self.cat.kind_of[trial["charge"]]]
            self._set_jury(suspect.guilt + charge.modified(suspect.id), "venue")
        elif kind_id == "expert":
            trial["expert"][side] = True
        elif kind_id == "leading":
            trial["leading"][side] = True
        elif kind_id == "mistrial":
            self.emit({"type": "mistrial", "seat": seat})
            self._end_trial(keep_case=False)
            return
        elif kind_id == "continuance":
            self.emit({"type": "continuance", "seat": seat, "case_owner": trial["prosecutor"]})
            self._end_trial(keep_case=True)
            return
        self._after_card(seat)

    def _cmd_offer_plea(self, seat: int, command: dict) -> None:
        st = self.state
        plea = st["trial"]["plea"]
        amount = command["to_prosecution"]
        fees = st["court_fees"]
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise IllegalCommand("bad_plea", "A plea offer names a whole number of dollars for the prosecution.")
        if amount < 0 or amount > fees:
            raise IllegalCommand("bad_plea", f"A plea offer gives the prosecution $0 to ${fees} (the Court Fees).")
        if amount % PLEA_STEP:
            raise IllegalCommand("bad_plea", f"Plea offers go in ${PLEA_STEP} steps.")
        plea["phase"] = "answer"
        plea["to_prosecution"] = amount
        self.emit({"type": "plea_offer", "seat": seat, "to": plea["to"], "to_prosecution": amount,
                   "to_defense": fees - amount})

    def _cmd_no_plea(self, seat: int, command: dict) -> None:
        trial = self.state["trial"]
        after = trial["plea"]["after"]
        trial["plea"] = None
        self.emit({"type": "no_plea", "seat": seat})
        self._advance(after)

    def _cmd_answer_plea(self, seat: int, command: dict) -> None:
        st = self.state
        trial = st["trial"]
        accept = command["accept"]
        if not isinstance(accept, bool):
            raise IllegalCommand("bad_answer", "Answer a plea with accept true or false.")
        plea = trial["plea"]
        fees = st["court_fees"]
        to_p = plea["to_prosecution"]
        if accept:
            st["money"][trial["prosecutor"]] += to_p
            st["money"][trial["defender"]] += fees - to_p
            st["court_fees"] = 0
            self.emit({"type": "plea", "accepted": True, "seat": seat, "to_prosecution": to_p,
                       "to_defense": fees - to_p, "prosecutor": trial["prosecutor"],
                       "defender": trial["defender"]})
            self._end_trial(keep_case=False)
            return
        after = plea["after"]
        trial["plea"] = None
        self.emit({"type": "plea", "accepted": False, "seat": seat, "to_prosecution": to_p,
                   "to_defense": fees - to_p, "prosecutor": trial["prosecutor"],
                   "defender": trial["defender"]})
        self._advance(after)

    def _advance(self, after: str) -> None:
        """The stage after a rest (and its plea window) is done (W4.4–W4.7)."""
        trial = self.state["trial"]
        if after == "prosecution":
            trial["phase"] = "defense"
            self.emit({"type": "stage", "stage": "defense", "seat": trial["defender"]})
        elif after == "defense":
            trial["phase"] = "final"
            self.emit({"type": "stage", "stage": "final", "seat": trial["prosecutor"]})
        else:
            self._verdict()

    def _verdict(self) -> None:
        st = self.state
        trial = st["trial"]
        dice = self._roll(2, "verdict", trial["prosecutor"])
        total = sum(dice) + trial["jury_value"]
        guilty = total >= GUILTY_AT
        winner = trial["prosecutor"] if guilty else trial["defender"]
        amount = st["court_fees"]
        st["money"][winner] += amount
        st["court_fees"] = 0
        self.emit({"type": "verdict", "guilty": guilty, "winner": winner, "amount": amount,
                   "total": total, "jury_value": trial["jury_value"], "dice": dice})
        self._end_trial(keep_case=False)

    def _end_trial(self, keep_case: bool) -> None:
        """Every trial card goes to the discard (W4.8); Continuance keeps the case."""
        st = self.state
        trial = st["trial"]
        cards = [trial["suspect"], trial["case_charge"]] + trial["played"]
        if keep_case:
            st["cases"][trial["prosecutor"]] = {"suspect": trial["suspect"], "charge": trial["charge"]}
            cards = [c for c in cards if c != trial["suspect"] and c != trial["charge"]]
        st["discard"].extend(cards)
        if cards:
            self.emit({"type": "discard", "cards": cards})
        turn_seat = trial["turn_seat"]
        st["trial"] = None
        st["turn"] = turn_seat
        self._end_turn(passed=False)

    # -- helpers ---------------------------------------------------------------------------
    def _roll(self, dice: int, purpose: str, seat: int) -> list[int]:
        rolled = self.rng.roll(dice)
        event = {"type": "roll", "dice": rolled, "purpose": purpose, "seat": seat, "total": sum(rolled)}
        if not self._rolled:
            self._rolled = True
            self.state["last_rolls"] = []
        self.state["last_rolls"].append(event)
        self.emit(event)
        return rolled

    def _move_jury(self, delta: int, reason: str) -> None:
        self._set_jury(self.state["trial"]["jury_value"] + delta, reason, delta)

    def _set_jury(self, value: int, reason: str, delta: int | None = None) -> None:
        trial = self.state["trial"]
        old = trial["jury_value"]
        new = clamp_jury(value)
        trial["jury_value"] = new
        event = {"type": "jury", "from": old, "to": new, "reason": reason}
        if delta is not None:
            event["delta"] = delta
        self.emit(event)

    def _take_from_deck(self) -> str | None:
        st = self.state
        if not st["deck"] and self.options["double_pass"] and not st["reshuffled"] and st["discard"]:
            deck = st["discard"]
            st["discard"] = []
            self.rng.shuffle(deck)
            st["deck"] = deck
            st["reshuffled"] = True
            self.emit({"type": "reshuffle", "count": len(deck)})
        return st["deck"].pop() if st["deck"] else None

    def _draw(self, seat: int, count: int, event: str = "draw") -> None:
        cards = []
        for _ in range(count):
            card = self._take_from_deck()
            if card is None:
                break
            cards.append(card)
        self.state["hands"][seat].extend(cards)
        self.emit({"type": event, "seat": seat, "cards": cards, "count": len(cards)}, to=[seat],
                  others={"type": event, "seat": seat, "count": len(cards)})

    def _slide(self, index: int) -> None:
        """The card at ``index`` left: cards nearer the deck slide outward, slot 1 refills."""
        lineup = self.state["lineup"]
        lineup[1:index + 1] = lineup[0:index]
        lineup[0] = self._take_from_deck()
        self.emit({"type": "lineup", "lineup": list(lineup)})

    def _end_turn(self, passed: bool) -> None:
        st = self.state
        st["pass_streak"] = st["pass_streak"] + 1 if passed else 0
        st["turn"] = (st["turn"] + 1) % self.n
        if st["pass_streak"] >= self.n or (
                not st["deck"] and all(c is None for c in st["lineup"])
                and all(c is None for c in st["cases"])):
            st["over"] = True
            scores = list(st["money"])
            self.emit({"type": "game_over", "scores": scores, "winners": self._winners(scores)})
            return
        self.emit({"type": "turn", "seat": st["turn"]})

    # ---------------------------------------------------------------------------- view --
    def _stage(self) -> str:
        st = self.state
        if st["over"]:
            return "over"
        trial = st["trial"]
        if trial is None:
            return "turn"
        if trial["plea"] is not None:
            return "plea"
        return trial["phase"]

    def _view(self, seat: int | None) -> dict:
        st = self.state
        kind_of = self.cat.kind_of
        seen: list[str] = []
        players = []
        for s in range(self.n):
            hand = st["hands"][s]
            case = st["cases"][s]
            mine = s == seat
            if mine:
                seen.extend(hand)
            if case is not None:
                seen.append(case["suspect"])
                seen.append(case["charge"])
            players.append({
                "seat": s, "name": self.players[s], "money": st["money"][s],
                "hand_count": len(hand), "hand": list(hand) if mine else None,
                "pending_case": dict(case) if case is not None else None,
            })
        lineup = list(st["lineup"])
        seen.extend(c for c in lineup if c is not None)
        seen.extend(st["discard"])
        trial = st["trial"]
        trial_view = None
        if trial is not None:
            seen.append(trial["suspect"])
            seen.append(trial["case_charge"])
            seen.extend(trial["played"])
            motion = trial["motion"]
            plea = trial["plea"]
            fees = st["court_fees"]
            trial_view = {
                "prosecutor": trial["prosecutor"], "defender": trial["defender"],
                "suspect": trial["suspect"], "charge": trial["charge"],
                "jury_value": trial["jury_value"], "played": list(trial["played"]),
                "rested": list(trial["rested"]),
                "phase": trial["phase"],
                "playing": trial["defender"] if trial["phase"] == "defense" else trial["prosecutor"],
                "jury_start": trial["jury_start"], "court_money": trial["court_money"],
                "defense_budget": trial["defense_budget"], "case_charge": trial["case_charge"],
                "replaced": list(trial["replaced"]), "cancelled": list(trial["cancelled"]),
                "motion": None if motion is None else {
                    "card": motion["card"], "by": motion["by"], "choice": motion["choice"],
                    "awaiting": self._opponent(trial, motion["by"])},
                "plea": None if plea is None else {
                    "by": plea["by"], "to": plea["to"], "phase": plea["phase"],
                    "to_prosecution": plea["to_prosecution"],
                    "to_defense": None if plea["to_prosecution"] is None else fees - plea["to_prosecution"]},
                "expert": dict(trial["expert"]), "leading": dict(trial["leading"]),
            }
        over = st["over"]
        return {
            "stage": self._stage(),
            "active": None if over else self._to_act()[0],
            "turn": st["turn"],
            "players": players,
            "lineup": lineup,
            "prices": list(PRICES),
            "deck_count": len(st["deck"]),
            "discard": list(st["discard"]),
            "court_fees": st["court_fees"],
            "bank_paid": st["bank_paid"],
            "trial": trial_view,
            "pass_streak": st["pass_streak"],
            "double_pass": {"enabled": self.options["double_pass"], "used": st["reshuffled"]},
            "last_rolls": [dict(r) for r in st["last_rolls"]],
            "scores": list(st["money"]),
            "winners": self._winners(list(st["money"])) if over else [],
            "cards": {c: kind_of[c] for c in seen},
        }

    # ------------------------------------------------------------------------- bots --
    # Determinization and the cheap rollout policy (DESIGN D2): the bots' forward
    # model. Nothing here changes the rules; it reads them.
    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Resample the other hands and the deck from ``view(seat)`` and ``log(seat)``.

        Hidden in Witch Trial (W6): every hand but one's own, and the deck order. A card
        seen going into a hand (bought from the lineup, an Objection handed over, a
        Short Memory recovery) stays in that hand until it is seen leaving it (played,
        paired into a case, used as an Objection). All other unseen cards are
        exchangeable: they fill the rest of each hand (its public size) and the deck.
        After a ``double_pass`` reshuffle the deck holds only cards of the reshuffled
        pile, and a hand holds as many of those as its owner drew since and has not
        shown — both follow from the public draw counts.
        """
        st = self.state
        view = self.view(seat)
        n = self.n
        known: dict[str, int] = {}  # card -> other seat whose hand it went into, seen
        discard: set[str] = set()
        reshuffled: set[str] | None = None
        hidden_r = [0] * n  # cards of the reshuffled pile drawn unseen, still in hand
        deck_left = TOTAL_CARDS
        carry = 0  # cards a draw took from the old deck just before the reshuffle
        lineup: list = [None] * LINEUP_SIZE
        first_lineup = True

        def leaves(s: int, card: str) -> None:
            if s == seat:
                return
            if known.get(card) == s:
                del known[card]
            elif reshuffled is not None and card in reshuffled:
                hidden_r[s] -= 1

        for ev in self.log(seat):
            kind = ev["type"]
            if kind in ("deal", "draw"):
                k = ev["count"]
                old = min(carry, k)
                carry = 0
                deck_left -= k - old
                if reshuffled is not None and ev["seat"] != seat:
                    hidden_r[ev["seat"]] += k - old
            elif kind == "lineup":
                if first_lineup:
                    deck_left -= sum(1 for c in ev["lineup"] if c is not None)
                    first_lineup = False
                elif ev["lineup"][0] is not None:
                    deck_left -= 1
                lineup = list(ev["lineup"])
            elif kind == "buy":
                if ev["seat"] != seat:
                    known[ev["card"]] = ev["seat"]
            elif kind == "case":
                from_lineup = lineup[ev["slot"] - 1]
                hand_card = ev["charge"] if from_lineup == ev["suspect"] else ev["suspect"]
                leaves(ev["seat"], hand_card)
            elif kind == "play":
                leaves(ev["seat"], ev["card"])
            elif kind == "objection":
                leaves(ev["seat"], ev["card"])
                if ev["to"] != seat:
                    known[ev["card"]] = ev["to"]
            elif kind == "recover":
                discard.discard(ev["card"])
                if ev["seat"] != seat:
                    known[ev["card"]] = ev["seat"]
            elif kind == "discard":
                discard.update(ev["cards"])
            elif kind == "reshuffle":
                reshuffled = discard
                discard = set()
                carry = deck_left
                deck_left = ev["count"]

        seen = set(view["cards"])
        unknown = [c for c in self.cat.card_ids if c not in seen and c not in known]
        others = [s for s in range(n) if s != seat]
        kept = {s: [c for c in self.cat.card_ids if known.get(c) == s and c not in seen] for s in others}
        need = {s: view["players"][s]["hand_count"] - len(kept[s]) for s in others}
        if reshuffled is not None:
            fresh = [c for c in unknown if c in reshuffled]
            old_cards = [c for c in unknown if c not in reshuffled]
            rng.shuffle(fresh)
            rng.shuffle(old_cards)
            if (len(old_cards) == sum(need[s] - hidden_r[s] for s in others)
                    and all(0 <= hidden_r[s] <= need[s] for s in others)):
                for s in others:
                    take_old = need[s] - hidden_r[s]
                    st["hands"][s] = (kept[s] + fresh[:hidden_r[s]] + old_cards[:take_old])
                    del fresh[:hidden_r[s]]
                    del old_cards[:take_old]
                st["deck"] = fresh
                return
            unknown = sorted(fresh + old_cards, key=self.cat.card_ids.index)
        rng.shuffle(unknown)
        for s in others:
            st["hands"][s] = kept[s] + unknown[:need[s]]
            del unknown[:need[s]]
        st["deck"] = unknown

    def rollout_policy(self, seat: int, legal: list[dict], rng: random.Random) -> dict:
        """The cheap playing policy for bots (Easy, and every seat in a rollout).

        Obvious sense from these rules, using only what ``seat`` knows: defend pending
        cases (the bank pays the defense budget, W4.1), prosecute strong cases, buy
        cheap cards, move the Jury Value your way (expected effect of each card from its
        numbers), object to Motions that hurt you, accept pleas worth more than the
        verdict's expectation, and pass only to close a game you lead (W5)."""
        if len(legal) == 1:
            return dict(legal[0])
        trial = self.state["trial"]
        if trial is not None and trial["plea"] is not None and trial["plea"]["phase"] == "offer":
            # an offer a little better for us than the fair share (conviction chance x fees)
            if rng.random() < 0.6:
                return {"type": "no_plea"}
            fees = self.state["court_fees"]
            sign = 1 if seat == trial["prosecutor"] else -1
            ask = guilty_chance(trial["jury_value"]) * fees + sign * max(5.0, 0.15 * fees)
            ask = min(fees, max(0, int(round(ask / PLEA_STEP)) * PLEA_STEP))
            return {"type": "offer_plea", "to_prosecution": ask}
        if trial is None or trial["motion"] is not None or trial["plea"] is not None:
            weights = [self._bot_weight(seat, c) for c in legal]
        else:  # playing cards: copies of a kind (and Short Memory's choices) weigh the same
            kind_of = self.cat.kind_of
            memo: dict[tuple, float] = {}
            weights = []
            for command in legal:
                card = command.get("card")
                choice = command.get("choice")
                key = (kind_of[card] if card else command["type"], kind_of[choice] if choice else None)
                weight = memo.get(key)
                if weight is None:
                    weight = memo[key] = self._bot_weight(seat, command)
                weights.append(weight)
        return dict(legal[weighted_index(rng, weights)])

    def rollout_value(self, seat: int) -> float:
        """Win share when over; otherwise a logistic of the lead in money counted with
        the expected share of the Court Fees in a running trial (W4.7)."""
        if self.over:
            return super().rollout_value(seat)
        worth = self._bot_worth()
        mine = worth[seat]
        best_other = max(w for s, w in enumerate(worth) if s != seat)
        scale = 12.0 + len(self.state["deck"]) / 2.0
        return 1.0 / (1.0 + math.exp(-(mine - best_other) / scale))

    # -- the policy's arithmetic (read from the rules, changes nothing) ----------------
    def _bot_worth(self) -> list[float]:
        st = self.state
        worth = [float(m) for m in st["money"]]
        trial = st["trial"]
        if trial is not None:
            p = guilty_chance(trial["jury_value"])
            worth[trial["prosecutor"]] += p * st["court_fees"]
            worth[trial["defender"]] += (1.0 - p) * st["court_fees"]
        return worth

    def _bot_weight(self, seat: int, command: dict) -> float:
        st = self.state
        ctype = command["type"]
        trial = st["trial"]
        if trial is None:
            return self._bot_turn_weight(seat, command)
        sign = 1 if seat == trial["prosecutor"] else -1
        if ctype == "no_objection" or ctype == "no_plea":
            return 1.0
        if ctype == "object":
            motion = trial["motion"]
            harm = self._bot_card_gain(trial, motion["by"], motion["card"])
            return 6.0 if harm > 0.9 else 0.15
        jury = trial["jury_value"]
        fees = st["court_fees"]
        win = guilty_chance(jury) if sign > 0 else 1.0 - guilty_chance(jury)
        if ctype == "answer_plea":
            plea = trial["plea"]
            mine = plea["to_prosecution"] if sign > 0 else fees - plea["to_prosecution"]
            good = mine >= win * fees - 2
            return (4.0 if good else 0.3) if command["accept"] else (0.3 if good else 4.0)
        if ctype == "rest":
            if trial["phase"] == "final":
                return 0.05
            return 1.5 if win >= 0.8 else 0.5
        gain = self._bot_card_gain(trial, seat, command["card"], command.get("choice"))
        return 1.0 + 2.5 * gain if gain > 0 else 0.05

    def _bot_card_gain(self, trial: dict, seat: int, card: str, choice: str | None = None) -> float:
        """Expected Jury Value movement in ``seat``'s favour if ``card`` takes effect."""
        cat = self.cat
        kind = cat.type_of[card]
        kind_id = cat.kind_of[card]
        side = self._side(trial, seat)
        sign = 1 if side == "prosecution" else -1
        jury = trial["jury_value"]

        def moved(delta: int) -> int:
            return sign * (clamp_jury(jury + delta) - jury)

        if kind == "evidence":
            ev = cat.evidence[kind_id]
            delta = ev.prosecution if sign > 0 else ev.defense
            return float(moved(delta * 2 if trial["expert"][side] else delta))
        if kind == "suspect":
            guilt = cat.suspects[kind_id].guilt
            chance = 1.0 if trial["leading"][side] else (7 - guilt) / 6
            return chance * moved(sign * guilt)
        suspect = cat.kind_of[trial["suspect"]]
        if kind == "charge":
            old = cat.charges[cat.kind_of[trial["charge"]]].modified(suspect)
            return float(moved(cat.charges[kind_id].modified(suspect) - old))
        if kind != "motion":
            return 0.0
        win = guilty_chance(jury) if sign > 0 else 1.0 - guilty_chance(jury)
        hand = self.state["hands"][seat]
        if kind_id == "drama":
            return sign * (7 - jury) - 0.5
        if kind_id == "bribe_judge":
            return float(moved(sign * cat.motions[kind_id].amount))
        if kind_id == "recess":
            return 0.8
        if kind_id == "venue":
            start = cat.suspects[suspect].guilt + cat.charges[cat.kind_of[trial["charge"]]].modified(suspect)
            return float(moved(start - jury))
        if kind_id == "expert":
            return 0.8 if not trial["expert"][side] and any(cat.type_of[c] == "evidence" for c in hand) else -1.0
        if kind_id == "leading":
            return 0.8 if not trial["leading"][side] and any(cat.type_of[c] == "suspect" for c in hand) else -1.0
        if kind_id == "short_memory":
            return 0.6 if choice is not None and cat.type_of[choice] in ("evidence", "objection") else 0.2
        if kind_id in ("mistrial", "continuance"):
            return 2.0 if win < 0.3 else -2.0
        return 0.0

    def _bot_turn_weight(self, seat: int, command: dict) -> float:
        st = self.state
        ctype = command["type"]
        cat = self.cat
        if ctype == "pass":
            if st["pass_streak"] == self.n - 1:  # everyone else passed: this pass ends it
                worth = st["money"]
                return 1000.0 if worth[seat] > max(w for s, w in enumerate(worth) if s != seat) else 0.001
            return 0.15
        if ctype == "defend":
            case = st["cases"][command["case_owner"]]
            return 4.0 + cat.suspects[cat.kind_of[case["suspect"]]].defense / 10.0
        if ctype == "prosecute":
            case = st["cases"][seat]
            return self._bot_case_weight(case["suspect"], case["charge"], prosecute=True)
        if ctype == "create_case":
            other = st["lineup"][command["slot"] - 1]
            card = command["card"]
            suspect, charge = (card, other) if cat.type_of[card] == "suspect" else (other, card)
            return self._bot_case_weight(suspect, charge, prosecute=False)
        if ctype == "buy":
            price = PRICES[command["slot"] - 1]
            return max(0.1, 1.3 - price / 18.0)
        return 0.5

    def _bot_case_weight(self, suspect: str, charge: str, prosecute: bool) -> float:
        cat = self.cat
        s = cat.suspects[cat.kind_of[suspect]]
        c = cat.charges[cat.kind_of[charge]]
        chance = guilty_chance(clamp_jury(s.guilt + c.modified(s.id)))
        if not prosecute:
            return 0.3 + 1.5 * chance
        expected = chance * (self.state["court_fees"] + c.court) - 0.5 * s.defense
        return max(0.2, 1.0 + expected / 15.0)
