"""Malleus Maleficarum, the story game (game id ``malleus``): rules/malleus_rpg.md.

The program is the village's memory and the fair hand: it keeps the map, the ledgers and
the cards, computes the bonuses, rolls 3d6 and lets nobody see what they may not. People
narrate; the engine keeps short, cleaned texts.

Seats
-----
Seat 0 is the Prévôt, seats 1..N (N = 3–5, R2) are the players, so a match has 4–6
seats: ``new_match("malleus", ["Prévôt", "Ann", "Bob", "Cy"])`` (``new_match`` replaces
§7's ``create_game``). ``view(None)`` is the spectator.

Commands (§7, exactly these names and fields; the seat is never a field)
------------------------------------------------------------------------
``set_trigger {text}`` · ``add_villager {name, facts:[3], relation?}`` ·
``add_fact_relation {villager, fact, relation}`` · ``pass`` · ``choose_villager {villager}`` ·
``submit_ledger {secret, envy:{holder, thing, thing_villager}, vendetta:{target, reason}}`` ·
``choose_companion {villager}`` ·
``declare_conflict {kind, target?, relationship?, ops?, claimed_text?}`` ·
``confirm_secret {accept}`` · ``frame_scene {location, present, resume?}`` · ``join_scene`` ·
``set_present {add?, remove?}`` · ``take_side {side}`` · ``cite_fact {fact, side}`` ·
``approve_fact {fact, side}`` · ``reject_fact {fact, side}`` · ``assign_side {villager, side}`` ·
``begin_resolution`` · ``secret_action {text, cards?, companion_order?, notes?, new_envy?,
new_vendetta?, new_companion?}`` · ``apply_card {card}`` · ``void_card {card}`` ·
``close_secret_actions`` · ``roll`` · ``lock_sides`` ·
``play_card {card, secret, target?, player?, relationship?, new_envy?, new_vendetta?}`` ·
``close_window`` · ``narrate {text}`` · ``end_turn`` · ``discard {cards}`` ·
``start_npc_conflict {actor_villager, kind, target?, relationship?, ops?}`` ·
``end_secret_phase`` · ``record_fact {subject, text}``.

Field shapes: ``relation = {with, kind: ally|enemy, direction: new_to_old|old_to_new,
mutual}`` (for ``add_fact_relation`` the extended ``villager`` plays the new one);
``relationship`` (declaring) ``= {from, to, new: ally|enemy|none, both_directions?}``;
``relationship`` (Treachery) is a relationship id; ``ops = [{op: add, subject: vid|null,
text} | {op: modify, fact, text} | {op: remove, fact}]``; ``new_envy = {holder, thing,
thing_villager}``; ``new_vendetta = {target, reason}``; ``notes = [{to: seat, text}]``;
``cards`` (in a secret action) ``= [{card, target?, player?, relationship?, new_envy?,
new_vendetta?, order?}]`` where ``order`` is the Blackmail order text (added).

Free text (names, facts, secrets, reasons, narration, notes, locations) is cleaned —
control characters become spaces, runs of white space collapse, ends are trimmed — and
must then be 1–200 characters; villager names are cut to 40.

Flow
----
``trigger`` → ``first_villager`` → ``building`` → ``choosing`` → ``ledgers`` → ``companions``
→ ``round`` (steps below) → … → ``over``.

A player's turn: ``declare`` (→ ``confirm`` for reveal_secret) → ``frame`` → ``scene`` →
``secret_step`` (collecting, then the Prévôt resolving) → ``roll`` (the actor's roll) →
``sides`` (until ``lock_sides``) → ``oppose`` (the opposing roll, when someone opposes) →
``aftermath`` (won accusation / reveal) → ``outcome`` → ``discard``. A forfeited turn goes
straight to ``discard``. After every turn of the round: ``secret_phase`` (collecting, then
``phase_resolve``: cards, NPC conflicts with the same steps, ``end_secret_phase``), then the
automatic end of round (§3.11) and the win check.

``to_act`` lists the seats the table waits for: the one who must declare, frame, roll,
judge, lock, close or end, every player whose secret action or ledger is still missing.
*Interjections* — ``cite_fact approve_fact reject_fact take_side join_scene set_present
assign_side narrate record_fact play_card`` — are open to every eligible seat at every
command point of the game proper without the table waiting for them (§3.4 "any seat may
cite", R24 "any time"): ``apply`` accepts them from seats outside ``to_act`` and
``legal(seat)`` lists them for every seat. Listing card holders in ``to_act`` would tell
the table who holds a playable card (§5), and a table that waited for every possible
interjection would never move on.

Rulings (the rules file's R1–R39 apply; these settle what it leaves open)
-----------------------------------------------------------------------
M1  Bonuses are live until the conflict freezes: at the opposing roll, or at
    ``lock_sides`` when nobody rolls against (the actor's roll is then the last roll,
    but §3.6.2 still lets sides be taken after it). The actor's dice are added to the
    frozen for-bonus. Cites, approvals, side assignments, Interloper and Intimidation
    are refused once frozen.
M2  The opposing roller is recomputed whenever asked: if an Intimidation leaves no one
    opposing while the table waits for the opposing roll, the conflict resolves at once
    against 9 + against. In an NPC conflict "after the actor" means from the first seat
    of the turn order.
M3  A facts_change touches at most one villager (its target) plus the general ledger;
    w1–w8 are read-only; an op names a fact once.
M4  ``relationship_change`` with ``both_directions`` needs a mutual record, or no view in
    either direction (it then creates a mutual one). Splitting a mutual record keeps its
    id on the untouched direction. Both ends must be living and unsentenced.
M5  A pending citation is decided by the Prévôt; he may cite a fact himself and approve
    it. An approved fact counts once, for one side. Intimidated players cannot cite in
    that conflict.
M6  Joining is open in ``scene``, ``roll`` and ``sides``. The Prévôt moves only NPCs
    (``set_present``) and only until the freeze.
M7  A sentence falling during a player's turn keeps its Bribery window until
    ``end_turn`` (§3.9), or until the discard when it fell after ``end_turn``; one falling
    in the secret action phase (its NPC conflicts included) until ``end_secret_phase``.
    The sentence remembers the conflict open when it fell.
M8  Secret actions: cards are checked for shape when submitted and for timing when the
    Prévôt applies them (``apply_card`` refuses a card that cannot take effect now: void
    it). A queued card stays in hand, reserved. Replacements (R19) take effect when
    submitted; a new companion someone already has is refused privately ("taken, choose
    again"), as in §2.8. A replacement is required only in the round's secret action
    phase, and only when a candidate exists. At most one note per other player.
M9  Companion collisions (§2.8, R6): when any choices collide, every player sends
    ``choose_companion`` again — colliders a new choice, the others their standing one —
    so ``to_act`` never shows who collided.
M10 A card of a secret-capable type may also be played openly (``secret: false``): then
    it is shown with its player, resolved and discarded. Blackmail exists only inside a
    secret action. Intimidation's target and every visible effect are public; the
    player of a secret play is known to himself and the Prévôt only.
M11 The loser narrates: the actor's controller when the actor loses, otherwise the
    target's controller; the Prévôt speaks for NPCs and for the general ledger. Once.
M12 The Prévôt's ``record_fact`` is open once per If I Can't Have It played, until the
    end of that turn or secret action phase.
M13 Envy holders are living NPCs; an envied person is any villager but the holder and the
    envier's own. Vendetta targets are any villager but one's own; a Satiation needs an
    existing vendetta and a different target (R36).
M14 ``legal()`` lists complete commands with free text as ``""``. Where the full list
    would be combinatorial it lists a covering sample and ``apply`` accepts every valid
    combination: ``add_villager`` every relation; ``add_fact_relation`` each free ordered
    pair once (kind and mutuality taking turns); ``submit_ledger`` and required
    replacements pair options diagonally; a relationship change of every recorded view
    and every new view to or from the actor (the new value taking turns; a mutual record
    also whole); ``facts_change`` single ops (an addition to the general ledger and to
    each living villager, a change or removal of each fact);
    ``frame_scene`` the actor alone, with the target, with the target and each other
    villager, and everyone; a secret action with no card, with each single card play, with
    a companion order, with one note to each player; ``start_npc_conflict`` accusations
    and bolsters, and one relationship and one facts change per actor.
M15 Scores are personal gain per seat (the Prévôt's is 0 and he never wins). Ties at the
    end: most personal gain, then villager standing, then shared (R32).

View fields (stable names)
--------------------------
``phase step round participants threshold players villagers facts general_ledger
stereotypes relationships building choosing turn_order turn_index turn deck_count
discard_count scenes conflict bribery collect executed last_rolls recent scores winners``,
and ``you`` (a player's own ledger, hand, inbox and prompts) or ``prevot`` (seat 0:
every ledger and hand, the queue, submissions without note texts, orders, seen_by).
``conflict.bonus`` holds each side's breakdown: ``base`` (villager, standing), ``pool``
(each member: villager, standing, why), ``pool_sum``, ``pool_bonus``
(floor(pool_sum / 3), R10), ``facts``, ``facts_bonus``, ``total``.

Events (``type``): ``setup trigger villager fact relationship pass building_over chosen
ledger_in ledger companion_in companion companion_again companions_set round draw
reshuffle turn turn_forfeited declare declaration_voided secret_revealed scene join
present side cite approve reject assign resolution secret_action_in secret_action note
secret_actions_in secret_actions_closed card card_void queue_done roll freeze outcome loss window_closed
standing sentenced executed bribery_closed narrate end_turn discard npc_conflict
secret_phase phase_over locked_swept reward record game_over``. Private events carry the
full text to their owner and the Prévôt (notes: to their addressee only) and a redacted
form, or nothing, to everyone else.
"""
from __future__ import annotations

import itertools
import marshal
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game.engine.cards import CardSet, load_card_set
from game.engine.errors import CardDataError, IllegalCommand
from game.engine.match import Match, SetupError
from game.engine.registry import register
from game.engine.shape import shown

PREVOT = 0
START_STANDING = 10
HAND_SIZE = 2
WIN_GAIN = 18
BASE_TARGET = 9
MAX_TEXT = 200
MAX_VILLAGER_NAME = 40
MAX_NOTES_PER_ACTION = 4
KINDS = ("accusation", "reveal_secret", "relationship_change", "facts_change", "bolster")
SIDES = ("for", "against")
REL_KINDS = ("ally", "enemy")
DIRECTIONS = ("new_to_old", "old_to_new")
#: the card types in §1.6 order: ids c1… are given in this order
DECK_ORDER = ("blackmail", "bribery", "eavesdropping", "if_i_cant", "interloper", "intimidation",
              "gossip", "planted_evidence", "sharp_intuition", "shifting_blame", "satiation",
              "treachery", "whispering")
RULE_COUNTS = {"blackmail": 6, "bribery": 2, "eavesdropping": 1, "if_i_cant": 4, "interloper": 6,
               "intimidation": 4, "gossip": 6, "planted_evidence": 6, "sharp_intuition": 4,
               "shifting_blame": 2, "satiation": 4, "treachery": 4, "whispering": 6}
PUBLIC_ONLY = ("gossip", "shifting_blame")
NO_TRACE = ("eavesdropping", "sharp_intuition")
AFTERMATH_CARDS = ("gossip", "shifting_blame")
CONFLICT_STEPS = ("confirm", "frame", "scene", "secret_step", "roll", "sides", "oppose", "aftermath", "outcome")
#: steps in which a conflict is open and its bonuses are still live (M1)
LIVE_STEPS = ("scene", "secret_step", "roll", "sides", "oppose")
JOIN_STEPS = ("scene", "roll", "sides")
#: moves open to every eligible seat whether or not the table waits for it
INTERJECTIONS = frozenset({"cite_fact", "approve_fact", "reject_fact", "take_side", "join_scene", "set_present",
                           "assign_side", "narrate", "record_fact", "play_card"})
CITE_STEPS = ("scene", "roll", "sides", "oppose")


# ------------------------------------------------------------------------ card data --
@dataclass(frozen=True)
class CardType:
    """One kind of card (§4); ``count`` copies."""

    id: str
    name: str
    count: int
    secret: bool
    timing: str
    text: str


@dataclass(frozen=True)
class Stereotype:
    """A witch stereotype, the read-only citable facts w1–w8 (§1.2, R34)."""

    id: str
    name: str
    text: str


def _check_cards(cards: CardSet, fail: Callable[[str, str, str], Exception]) -> None:
    kinds = cards["cards"]
    ids = [k.id for k in kinds]
    if ids != list(DECK_ORDER):
        raise fail("", "cards", f"expected the card types in this order: {', '.join(DECK_ORDER)}")
    for k in kinds:
        if k.count != RULE_COUNTS[k.id]:
            raise fail(k.id, "count", f"the rules give {RULE_COUNTS[k.id]} copies, found {k.count}")
        if k.secret != (k.id not in PUBLIC_ONLY):
            raise fail(k.id, "secret", "only Malevolent Gossip and Shifting the Blame are never secret")
    stereo = [s.id for s in cards["stereotypes"]]
    if stereo != [f"w{i}" for i in range(1, 9)]:
        raise fail("", "stereotypes", "expected exactly w1 to w8, in order")


def load_malleus_cards(path: Path | str | None = None) -> CardSet:
    """Load and validate ``cards/malleus.yaml`` (or ``path``); raises CardDataError."""
    return load_card_set("malleus", {"cards": CardType, "stereotypes": Stereotype}, path=path,
                         check=_check_cards)


class Catalog:
    """Card ids c1…c55 and their types; the stereotypes."""

    def __init__(self, cards: CardSet) -> None:
        self.types: dict[str, CardType] = {k.id: k for k in cards["cards"]}
        self.stereotypes: tuple[Stereotype, ...] = cards["stereotypes"]
        self.stereotype = {s.id: s for s in self.stereotypes}
        self.card_ids: list[str] = []
        self.type_of: dict[str, str] = {}
        n = 0
        for k in cards["cards"]:
            for _ in range(k.count):
                n += 1
                cid = f"c{n}"
                self.card_ids.append(cid)
                self.type_of[cid] = k.id


_CATALOG: Catalog | None = None


def catalog() -> Catalog:
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = Catalog(load_malleus_cards())
    return _CATALOG


def card_info(card: str) -> dict:
    """Name, timing and text of a card id (``c7``) or a card type (``bribery``)."""
    cat = catalog()
    kind = cat.type_of.get(card, card)
    k = cat.types[kind]
    return {"id": card, "type": k.id, "name": k.name, "secret": k.secret, "timing": k.timing, "text": k.text}


def stereotypes() -> list[dict]:
    """The witch stereotypes w1–w8 as plain data (a fresh list each call)."""
    return [{"id": s.id, "name": s.name, "text": s.text} for s in catalog().stereotypes]


# ------------------------------------------------------------------------ free text --
def clean_text(value: Any, what: str, limit: int = MAX_TEXT, cut: int | None = None) -> str:
    """Printable, single-spaced, trimmed, 1–``limit`` characters (cut to ``cut``)."""
    if not isinstance(value, str):
        raise IllegalCommand("bad_text", f"{what} must be text.")
    if len(value) > 8 * limit:
        raise IllegalCommand("text_too_long", f"{what} is too long: at most {limit} characters.")
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in value).split())
    if not text:
        raise IllegalCommand("empty_text", f"{what} cannot be empty.")
    if len(text) > limit:
        raise IllegalCommand("text_too_long", f"{what} is {len(text)} characters long: at most {limit}.")
    if cut is not None and len(text) > cut:
        text = text[:cut].rstrip()
    return text


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ------------------------------------------------------------ a story-moving policy --
# Shared by the random bot (game/bots/malleus.py, from a seat's view) and the rollouts of
# the search bot (MalleusMatch.rollout_policy, from the state): picking uniformly among
# hundreds of optional moves would never finish a story, so a *kind* of move is picked
# first with weights that favour moving on, then a command of that kind. Free text is
# fixed and neutral.
NEUTRAL_TEXT = "No Secret Action"
NEUTRAL_FACT = "Keeps to the usual ways."
NEUTRAL_TEXTS = {
    "set_trigger": "The harvest failed.", "add_villager": NEUTRAL_FACT, "add_fact_relation": NEUTRAL_FACT,
    "record_fact": NEUTRAL_FACT, "submit_ledger": "Nothing worth telling.", "frame_scene": "The square",
    "declare_conflict": NEUTRAL_FACT, "narrate": "So it went.", "start_npc_conflict": NEUTRAL_FACT,
}
NEUTRAL_NAMES = ("Anne", "Jean", "Claude", "Marguerite", "Nicolas", "Barbe", "Didier", "Catherine",
                 "Mengin", "Jeanne", "Colas", "Mansuy", "Idatte", "Demange", "Françoise", "Thiriet",
                 "Chrétienne", "Bastien", "Alison", "Gérard")
#: how much each kind of move is wanted (unlisted: 1)
MOVE_WEIGHTS = {
    "cite_fact": 0.3, "approve_fact": 1.0, "reject_fact": 0.5, "set_present": 0.15, "assign_side": 0.15,
    "join_scene": 0.05, "take_side": 0.8, "play_card": 0.25, "narrate": 0.5, "record_fact": 0.3,
    "start_npc_conflict": 0.4, "void_card": 0.3, "add_fact_relation": 0.3,
}
KIND_WEIGHTS = {"accusation": 5, "bolster": 1.5, "relationship_change": 1, "facts_change": 1, "reveal_secret": 1}
HARMFUL = ("whispering", "planted_evidence")


@dataclass
class StorySense:
    """What a seat knows that steers the story-moving policy."""

    building_done: bool = False   # enough villagers: passing is welcome
    spoken: int = 0               # facts cited or counted in the open conflict
    grudges: frozenset = frozenset()  # its vendetta target and envy holder
    hand_types: dict = field(default_factory=dict)  # its card ids -> types
    villagers: int = 0


def fill_text(value: Any, text: str) -> Any:
    """``value`` with every "" (a free-text field as ``legal`` lists it) set to ``text``."""
    if value == "":
        return text
    if isinstance(value, list):
        return [fill_text(v, text) for v in value]
    if isinstance(value, dict):
        return {k: fill_text(v, text) for k, v in value.items()}
    return value


def story_move(legal: list[dict], rng: Any, sense: StorySense) -> dict:
    """One command from ``legal`` that moves the story on, with neutral text."""
    by_type: dict[str, list[dict]] = {}
    for command in legal:
        by_type.setdefault(command["type"], []).append(command)
    types = sorted(by_type)

    def weight(kind: str) -> float:
        if kind == "pass":
            return 10.0 if sense.building_done else 0.0
        if kind == "cite_fact":
            return 0.6 if sense.spoken < 3 else 0.0
        return MOVE_WEIGHTS.get(kind, 1.0)

    weights = [weight(t) for t in types]
    if sum(weights) <= 0:
        weights = [1.0] * len(types)
    kind = rng.choices(types, weights=weights)[0]
    pool = by_type[kind]
    command = None
    wanted = sense.grudges
    if kind == "declare_conflict":
        if wanted and rng.random() < 0.8:
            aimed = [c for c in pool if c["kind"] == "accusation" and c.get("target") in wanted]
            command = rng.choice(aimed) if aimed else None
        if command is None:
            kinds = sorted({c["kind"] for c in pool})
            pick = rng.choices(kinds, weights=[KIND_WEIGHTS.get(k, 1) for k in kinds])[0]
            command = rng.choice([c for c in pool if c["kind"] == pick])
    elif wanted and kind in ("play_card", "secret_action") and rng.random() < 0.7:
        def aimed_card(c: dict) -> bool:
            plays = [c] if c["type"] == "play_card" else (c.get("cards") or [])
            return bool(plays) and sense.hand_types.get(plays[0]["card"]) in HARMFUL \
                and plays[0].get("target") in wanted
        hits = [c for c in pool if aimed_card(c)]
        command = rng.choice(hits) if hits else None
    if command is None:
        command = pool[rng.randrange(len(pool))]
    command = dict(command)
    if command["type"] == "add_villager" and command.get("name") == "":
        n = sense.villagers
        command["name"] = NEUTRAL_NAMES[n % len(NEUTRAL_NAMES)] + ("" if n < len(NEUTRAL_NAMES) else f" {n}")
    return fill_text(command, NEUTRAL_TEXTS.get(command["type"], NEUTRAL_TEXT))


def sense_from_view(view: dict) -> StorySense:
    """The policy's steering, from what a seat's view shows."""
    building = view.get("building") or {}
    conflict = view.get("conflict")
    you = view.get("you") or {}
    grudges = set()
    if you.get("vendetta"):
        grudges.add(you["vendetta"]["target"])
    if you.get("envy"):
        grudges.add(you["envy"]["holder"])
    return StorySense(
        building_done=bool(building) and building.get("villagers", 0) >= building.get("threshold", 0),
        spoken=len(conflict["facts"]) + len(conflict["citations"]) if conflict else 0,
        grudges=frozenset(grudges),
        hand_types={c["card"]: c["type"] for c in you.get("hand", [])},
        villagers=len(view.get("villagers", [])))


# Fields of each command: (required, optional)
FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "set_trigger": (("text",), ()),
    "add_villager": (("name", "facts"), ("relation",)),
    "add_fact_relation": (("villager", "fact", "relation"), ()),
    "pass": ((), ()),
    "choose_villager": (("villager",), ()),
    "submit_ledger": (("secret", "envy", "vendetta"), ()),
    "choose_companion": (("villager",), ()),
    "declare_conflict": (("kind",), ("target", "relationship", "ops", "claimed_text")),
    "confirm_secret": (("accept",), ()),
    "frame_scene": (("location", "present"), ("resume",)),
    "join_scene": ((), ()),
    "set_present": ((), ("add", "remove")),
    "take_side": (("side",), ()),
    "cite_fact": (("fact", "side"), ()),
    "approve_fact": (("fact", "side"), ()),
    "reject_fact": (("fact", "side"), ()),
    "assign_side": (("villager", "side"), ()),
    "begin_resolution": ((), ()),
    "secret_action": (("text",), ("cards", "companion_order", "notes", "new_envy", "new_vendetta",
                                  "new_companion")),
    "apply_card": (("card",), ()),
    "void_card": (("card",), ()),
    "close_secret_actions": ((), ()),
    "roll": ((), ()),
    "lock_sides": ((), ()),
    "play_card": (("card", "secret"), ("target", "player", "relationship", "new_envy", "new_vendetta")),
    "close_window": ((), ()),
    "narrate": (("text",), ()),
    "end_turn": ((), ()),
    "discard": (("cards",), ()),
    "start_npc_conflict": (("actor_villager", "kind"), ("target", "relationship", "ops")),
    "end_secret_phase": ((), ()),
    "record_fact": (("subject", "text"), ()),
}
#: card parameters each card type takes (besides ``card``/``secret``)
CARD_PARAMS: dict[str, tuple[str, ...]] = {
    "blackmail": ("target", "order"), "bribery": ("target",), "eavesdropping": ("player",),
    "if_i_cant": ("new_envy",), "interloper": ("target",), "intimidation": ("player",),
    "gossip": (), "planted_evidence": ("target",), "sharp_intuition": ("player",),
    "shifting_blame": ("target",), "satiation": ("new_vendetta",), "treachery": ("relationship",),
    "whispering": ("target",),
}


def _copy(data: Any) -> Any:
    """A deep copy of plain data (views never share objects with the state)."""
    return marshal.loads(marshal.dumps(data))


def _bad(code: str, message: str) -> IllegalCommand:
    return IllegalCommand(code, message)


# -------------------------------------------------------------------------- the match --
@register
class MalleusMatch(Match):
    """Malleus Maleficarum. See the module docstring for the contract and rulings."""

    game_id = "malleus"
    title = "Malleus Maleficarum"
    min_players = 4  # the Prévôt and 3 players
    max_players = 6  # the Prévôt and 5 players
    #: determinize is an honest forward model, but bots do not search the story game:
    #: its player seats play the neutral story-moving style (why: game/bots/malleus.py)
    search_bots = False

    # ------------------------------------------------------------------- setup -----
    def __init__(self, players: list[str], seed: int = 0, options: dict | None = None) -> None:
        if isinstance(players, (list, tuple)) and not 4 <= len(players) <= 6:
            raise SetupError(f"Malleus Maleficarum needs the Prévôt and 3 to 5 players, "
                             f"not {len(players) - 1 if players else 0} players")
        self._extra_seat: int | None = None
        super().__init__(players, seed, options)

    def _setup(self) -> None:
        try:
            self.cat = catalog()
        except CardDataError as exc:
            raise SetupError(f"cannot set up {self.title}: {exc}") from None
        self._stereotypes = stereotypes()
        self._extra_seat = None
        self._rolled = False
        deck = list(self.cat.card_ids)
        self.rng.shuffle(deck)
        n = self.n
        self.state = {
            "phase": "trigger", "step": None, "round": 0, "over": False,
            "next": {"v": 1, "f": 1, "r": 1, "s": 1, "k": 1},
            "villagers": {}, "vorder": [], "facts": {}, "forder": [], "rels": {}, "rorder": [],
            "build": {"seat": PREVOT, "passes": 0, "last_passer": None},
            "choose": {"queue": [], "order": []},
            "waiting": [],
            "ledgers": [None] + [self._new_ledger(s) for s in range(1, n)],
            "turn_order": [], "turn_idx": 0,
            "deck": deck, "discard": [],
            "scenes": [], "conflict": None, "collect": None, "orders": [],
            "bribery": [], "records": 0, "executed": [], "past_intimidated": {},
            "dice_script": [], "last_rolls": [], "winners": [],
        }
        self.emit({"type": "setup", "prevot": self.players[PREVOT], "players": self.players[1:]})

    def _loaded(self) -> None:
        self.cat = catalog()
        self._stereotypes = stereotypes()
        self._extra_seat = None
        self._rolled = False

    @staticmethod
    def _new_ledger(seat: int) -> dict:
        return {"player": seat, "villager": None, "companion": None, "companion_choice": None,
                "secret": None, "envy": None, "vendetta": None, "personal_gain": 0,
                "forfeit": False, "hand": [], "locked": [], "queued": [], "inbox": [],
                "prompt": None, "seen_by": {"secret": [], "envy_vendetta": []}}

    # ----------------------------------------------------------------- for tests ----
    def inject_dice(self, *values: int) -> None:
        """The next dice show ``values`` in order (each value one die), then the seed
        takes over again. For tests and worked examples; part of the saved state."""
        for v in values:
            if not _is_int(v) or not 1 <= v <= 6:
                raise ValueError(f"a die shows 1 to 6, not {v!r}")
        self.state["dice_script"].extend(values)

    # ---------------------------------------------------------------- small helpers --
    @property
    def players_seats(self) -> list[int]:
        return list(range(1, self.n))

    def _ledger(self, seat: int) -> dict:
        return self.state["ledgers"][seat]

    def _v(self, vid: str) -> dict:
        return self.state["villagers"][vid]

    def _vname(self, vid: str | None) -> str:
        if vid is None:
            return "nobody"
        v = self.state["villagers"].get(vid)
        return v["name"] if v else vid

    def _pname(self, seat: int) -> str:
        return self.players[seat]

    def _new_id(self, kind: str) -> str:
        n = self.state["next"][kind]
        self.state["next"][kind] = n + 1
        return f"{kind}{n}"

    def _villager(self, value: Any, what: str = "villager") -> str:
        if not isinstance(value, str) or value not in self.state["villagers"]:
            raise _bad("bad_villager", f"There is no villager {shown(value)} in the village ({what}).")
        return value

    def _alive(self, vid: str) -> bool:
        return self._v(vid)["status"] == "alive"

    def _living(self, value: Any, what: str = "villager") -> str:
        vid = self._villager(value, what)
        status = self._v(vid)["status"]
        if status != "alive":
            raise _bad("not_alive", f"{self._vname(vid)} is {status} and cannot be the {what} (R21).")
        return vid

    def _living_ids(self) -> list[str]:
        vs = self.state["villagers"]
        return [v for v in self.state["vorder"] if vs[v]["status"] == "alive"]

    def _npc(self, vid: str) -> bool:
        return self._v(vid)["controlled_by"] is None

    def _player_seat(self, value: Any, what: str = "player") -> int:
        if not _is_int(value) or not 1 <= value < self.n:
            raise _bad("bad_player", f"{shown(value)} is not a player's seat ({what}: 1 to {self.n - 1}).")
        return value

    def _side(self, value: Any, allow_none: bool = False) -> str:
        allowed = SIDES + (("none",) if allow_none else ())
        if value not in allowed:
            raise _bad("bad_side", f"A side is {' or '.join(repr(s) for s in allowed)}, not {shown(value)}.")
        return value

    def _bool(self, value: Any, what: str) -> bool:
        if not isinstance(value, bool):
            raise _bad("bad_field", f"{what} must be true or false.")
        return value

    def _villager_list(self, value: Any, what: str) -> list[str]:
        if not isinstance(value, list) or len(value) > 200:
            raise _bad("bad_field", f"{what} must be a list of villager ids.")
        out: list[str] = []
        for item in value:
            vid = self._villager(item, what)
            if vid in out:
                raise _bad("duplicate", f"{self._vname(vid)} is listed twice in {what}.")
            out.append(vid)
        return out

    def _controller_name(self, vid: str) -> str:
        owner = self._v(vid)["controlled_by"]
        return "the Prévôt" if owner is None else self._pname(owner)

    # -- relationships --------------------------------------------------------------
    def _view_record(self, a: str, b: str) -> dict | None:
        """The record holding a's view of b, or None (R5: at most one)."""
        rels = self.state["rels"]
        for rid in self.state["rorder"]:
            r = rels[rid]
            if (r["from"] == a and r["to"] == b) or (r["mutual"] and r["from"] == b and r["to"] == a):
                return r
        return None

    def _view_map(self) -> dict[tuple[str, str], dict]:
        """(holder, object) -> the record holding that view, for every recorded view."""
        out: dict[tuple[str, str], dict] = {}
        rels = self.state["rels"]
        for rid in self.state["rorder"]:
            r = rels[rid]
            out[(r["from"], r["to"])] = r
            if r["mutual"]:
                out[(r["to"], r["from"])] = r
        return out

    def _view_of(self, a: str, b: str) -> str | None:
        """a's view of b ("ally"/"enemy") for support; executed villagers' are inert (R38)."""
        if self._v(a)["status"] == "executed" or self._v(b)["status"] == "executed":
            return None
        r = self._view_record(a, b)
        return r["kind"] if r else None

    def _parse_relation(self, value: Any, new: str | None, old: str) -> dict:
        """A building relation ({with, kind, direction, mutual}) between ``new`` (the new or
        extended villager; None while the new one does not exist yet) and ``with``."""
        if not isinstance(value, dict) or set(value) != {"with", "kind", "direction", "mutual"}:
            raise _bad("bad_relation", "A relation is {with, kind, direction, mutual}.")
        other = self._villager(value["with"], "relation")
        if new is not None and other == new:
            raise _bad("bad_relation", "A villager cannot hold a view of itself.")
        kind = value["kind"]
        if kind not in REL_KINDS:
            raise _bad("bad_relation", f"A relationship is 'ally' or 'enemy', not {shown(kind)}.")
        direction = value["direction"]
        if direction not in DIRECTIONS:
            raise _bad("bad_relation", "direction is 'new_to_old' or 'old_to_new'.")
        mutual = self._bool(value["mutual"], "mutual")
        if new is not None:
            a, b = (new, other) if direction == "new_to_old" else (other, new)
            if self._view_record(a, b) is not None or (mutual and self._view_record(b, a) is not None):
                raise _bad("duplicate_view", f"{self._vname(a)} and {self._vname(b)} already have that "
                                             "view recorded (R5: one view per direction).")
        return {"with": other, "kind": kind, "direction": direction, "mutual": mutual}

    def _add_relation(self, a: str, b: str, kind: str, mutual: bool) -> str:
        rid = self._new_id("r")
        self.state["rels"][rid] = {"id": rid, "from": a, "to": b, "kind": kind, "mutual": mutual}
        self.state["rorder"].append(rid)
        self.emit({"type": "relationship", "id": rid, "from": a, "to": b, "kind": kind, "mutual": mutual,
                   "change": "added"})
        return rid

    def _remove_relation(self, rid: str) -> None:
        r = self.state["rels"].pop(rid)
        self.state["rorder"].remove(rid)
        self.emit({"type": "relationship", "id": rid, "from": r["from"], "to": r["to"], "kind": None,
                   "mutual": r["mutual"], "change": "removed"})

    # -- facts ----------------------------------------------------------------------
    def _add_fact(self, text: str, subject: str | None) -> str:
        fid = self._new_id("f")
        self.state["facts"][fid] = {"id": fid, "text": text, "subject": subject, "status": "active"}
        self.state["forder"].append(fid)
        if subject is not None:
            self._v(subject)["facts"].append(fid)
        self.emit({"type": "fact", "id": fid, "subject": subject, "text": text, "change": "added"})
        return fid

    def _citable(self, value: Any) -> str:
        if isinstance(value, str) and value in self.cat.stereotype:
            return value
        if not isinstance(value, str) or value not in self.state["facts"]:
            raise _bad("bad_fact", f"There is no fact {shown(value)}.")
        if self.state["facts"][value]["status"] != "active":
            raise _bad("bad_fact", f"Fact {value} was removed and cannot be cited.")
        return value

    def _fact_text(self, fid: str) -> str:
        if fid in self.cat.stereotype:
            return self.cat.stereotype[fid].name
        return self.state["facts"][fid]["text"]

    # -- standing -------------------------------------------------------------------
    def _set_standing(self, vid: str, value: int, cause: str) -> int:
        """Clamp at 0 (§1.1); sentence an NPC reaching 0 (§3.8). Returns the change."""
        v = self._v(vid)
        old = v["standing"]
        new = max(0, value)
        v["standing"] = new
        if new != old:
            self.emit({"type": "standing", "villager": vid, "from": old, "to": new, "cause": cause})
        if new == 0 and v["controlled_by"] is None and v["status"] == "alive":
            self._sentence(vid)
        return new - old

    def _sentence(self, vid: str) -> None:
        st = self.state
        v = self._v(vid)
        v["status"] = "sentenced"
        conflict = st["conflict"]
        v["sentenced_in"] = conflict["id"] if conflict is not None else None
        where = "phase" if self._in_secret_phase() else "turn"
        st["bribery"].append({"villager": vid, "closes": where})
        for scene in st["scenes"]:  # R21: imprisoned, never present
            if vid in scene["present"]:
                scene["present"].remove(vid)
        if conflict is not None:
            conflict["npc_sides"].pop(vid, None)
        self.emit({"type": "sentenced", "villager": vid, "conflict": v["sentenced_in"]})

    def _in_secret_phase(self) -> bool:
        st = self.state
        if st["step"] in ("secret_phase", "phase_resolve"):
            return True
        return st["conflict"] is not None and st["conflict"]["npc"]

    def _close_bribery(self, which: str) -> None:
        st = self.state
        closing = [b for b in st["bribery"] if b["closes"] == which]
        if closing:
            st["bribery"] = [b for b in st["bribery"] if b["closes"] != which]
            self.emit({"type": "bribery_closed", "villagers": [b["villager"] for b in closing]})

    # -- dice -----------------------------------------------------------------------
    def _roll3(self) -> list[int]:
        script = self.state["dice_script"]
        dice = []
        for _ in range(3):
            dice.append(script.pop(0) if script else self.rng.randint(1, 6))
        return dice

    # -- cards ----------------------------------------------------------------------
    def _draw_to(self, seat: int) -> None:
        """Draw to HAND_SIZE; an empty deck first takes in the shuffled discard (R39)."""
        st = self.state
        led = self._ledger(seat)
        got: list[str] = []
        while len(led["hand"]) < HAND_SIZE:
            if not st["deck"]:
                if not st["discard"]:
                    break
                st["deck"] = st["discard"]
                st["discard"] = []
                self.rng.shuffle(st["deck"])
                self.emit({"type": "reshuffle", "count": len(st["deck"])})
            card = st["deck"].pop()
            led["hand"].append(card)
            got.append(card)
        self.emit({"type": "draw", "player": seat, "count": len(got), "cards": got}, to=[seat, PREVOT],
                  others={"type": "draw", "player": seat, "count": len(got)})

    # ------------------------------------------------------------------ contract ----
    def _over(self) -> bool:
        return self.state["over"]

    def _scores(self) -> list[int]:
        return [0] + [self._ledger(s)["personal_gain"] for s in self.players_seats]

    def _winners(self, scores: list) -> list[int]:
        return list(self.state["winners"])

    def _score_breakdown(self) -> list[list[tuple[str, int]]]:
        # where each player's personal gain came from is his ledger's business (§5): one line
        return [[("Personal gain", score)] for score in self._scores()]

    def _waiting_seats(self) -> list[int]:
        """Seats the table waits for (without optional conflict moves)."""
        st = self.state
        phase = st["phase"]
        if phase in ("trigger", "first_villager"):
            return [PREVOT]
        if phase == "building":
            return [st["build"]["seat"]]
        if phase == "choosing":
            return [st["choose"]["queue"][0]]
        if phase in ("ledgers", "companions"):
            return list(st["waiting"])
        step = st["step"]
        c = st["conflict"]
        if step in ("declare", "discard"):
            return [self._turn_seat()]
        if step == "confirm":
            return [PREVOT]
        if step == "frame":
            return [self._actor_seat(c)]
        if step in ("secret_step", "secret_phase"):
            col = st["collect"]
            return [PREVOT] if col["resolving"] else list(col["waiting"])
        if step == "phase_resolve":
            return [PREVOT]
        if step == "scene":
            return [PREVOT]
        if step == "roll":
            return [self._actor_seat(c)]
        if step == "sides":
            return [PREVOT]
        if step == "oppose":
            roller = self._roller(c)
            return [roller] if roller is not None else [PREVOT]
        if step == "aftermath":
            return [PREVOT]
        if step == "outcome":
            return [PREVOT]
        return []

    def _to_act(self) -> list[int]:
        seats = set(self._waiting_seats())
        if self._extra_seat is not None:
            seats.add(self._extra_seat)
        return sorted(seats)

    def legal(self, seat: int | None) -> list[dict]:
        """Every command ``seat`` may send now: a seat the table waits for gets all of its
        moves, any other seat its open interjections (see the module docstring)."""
        self.check_seat(seat, spectator=True)
        if seat is None or self.over:
            return []
        if seat in self._to_act():
            return self._legal(seat)
        if self.state["phase"] != "round":
            return []
        return [c for c in self._legal(seat) if c["type"] in INTERJECTIONS]

    def apply(self, seat: int, command: dict) -> list[dict]:
        # Interjections (cites, sides, joins, judging, narration, card plays) are open to
        # every eligible seat at every command point of the game proper (§3.4, R24) without
        # the table waiting for them; the base class checks ``to_act``, so the sender is let
        # in for this one command and the handler checks everything else.
        ctype = command.get("type") if isinstance(command, dict) else None
        extra = (self._valid_seat(seat) and isinstance(ctype, str) and ctype in INTERJECTIONS
                 and not self.over and self.state["phase"] == "round")
        self._extra_seat = seat if extra else None
        try:
            return super().apply(seat, command)
        finally:
            self._extra_seat = None

    def emit(self, event: dict, to: Any = None, others: dict | None = None) -> None:
        """Record a copy of ``event`` (and ``others``): the log never shares an object
        with the state, so an event, once sent, never changes (logs are append-only,
        DESIGN D2). A vendetta stored in a ledger and shown in a ``card`` or
        ``secret_action`` event used to be one object: its ``baseline``, reset at each
        round's start, changed the event already sent."""
        super().emit(_copy(event), to, None if others is None else _copy(others))

    def _not_your_turn(self, seat: int, command: dict) -> str:
        waiting = self._waiting_seats()
        names = " and ".join("the Prévôt" if w == PREVOT else self.players[w] for w in waiting) or "nobody"
        return f"The table is waiting for {names} ({self._phase_words()})."

    # ------------------------------------------------------------------- actors ---
    def _in_turn(self) -> bool:
        """A player's turn is under way (not the secret action phase)."""
        st = self.state
        return st["phase"] == "round" and st["step"] not in ("secret_phase", "phase_resolve") \
            and not (st["conflict"] is not None and st["conflict"]["npc"])

    def _turn_seat(self) -> int:
        st = self.state
        return st["turn_order"][st["turn_idx"]]

    def _actor_seat(self, c: dict) -> int:
        """Who acts for the conflict's actor: its player, or the Prévôt for an NPC."""
        return c["actor_player"] if c["actor_player"] is not None else PREVOT

    def _principal(self, c: dict) -> int | None:
        """The target's controller, when a player other than the actor (R12)."""
        target = c["target"]
        if target is None:
            return None
        owner = self._v(target)["controlled_by"]
        if owner is None or owner == c["actor_player"]:
            return None
        return owner

    def _player_sides(self, c: dict, for_pools: bool) -> list[tuple[int, str]]:
        """(seat, side) of players on a side, in seat order. ``for_pools``: without the
        principal (never pooled, R12) and without intimidated players (R27)."""
        out = []
        principal = self._principal(c)
        for seat in self.players_seats:
            side = c["sides"].get(str(seat))
            if seat == principal:
                if c["kind"] in ("accusation", "reveal_secret"):
                    side = "against"
                if for_pools or side is None:
                    continue
                out.append((seat, side))
                continue
            if side is None or seat in c["intimidated"]:
                continue
            out.append((seat, side))
        return out

    def _opposers(self, c: dict) -> list[int]:
        """O of §3.6.3: players against (an automatic principal included), not intimidated."""
        return [s for s, side in self._player_sides(c, for_pools=False)
                if side == "against" and s not in c["intimidated"]]

    def _roller(self, c: dict) -> int | None:
        """The opposing roller, or None when TN = 9 + against (§3.6.3, R13, M2)."""
        if c["kind"] == "reveal_secret":
            return None
        opposers = self._opposers(c)
        if not opposers:
            return None
        order = self.state["turn_order"]
        if c["actor_player"] in order:
            i = order.index(c["actor_player"])
            after = order[i + 1:] + order[:i + 1]
        else:
            after = list(order)
        rank = {s: after.index(s) for s in opposers}
        return max(opposers, key=lambda s: (self._v(self._ledger(s)["villager"])["standing"], -rank[s]))

    def _loser(self, c: dict) -> int:
        """Who narrates the outcome (M11)."""
        if c["result"] == "loss":
            return self._actor_seat(c)
        target = c.get("loss_target") or c["target"]
        if target is None:
            return PREVOT
        owner = self._v(target)["controlled_by"]
        return PREVOT if owner is None else owner

    # ------------------------------------------------------------------- bonuses ---
    def _default_side(self, c: dict, npc: str) -> str | None:
        """An NPC's own default side from its view of the target (§3.4 table, R8)."""
        kind = c["kind"]
        target = c["target"]
        if kind == "facts_change" or target is None:
            return None
        view = self._view_of(npc, target)
        if view is None:
            return None
        if kind in ("accusation", "reveal_secret"):
            return "for" if view == "enemy" else "against"
        if kind == "bolster":
            return "against" if view == "enemy" else "for"
        # relationship_change: worsening or improving the target's view
        rel = c["params"]["relationship"]
        worsening = rel["new"] == "enemy" or (rel["new"] == "none" and rel["current"] == "ally")
        if worsening:
            return "for" if view == "enemy" else "against"
        return "against" if view == "enemy" else "for"

    def _npc_side(self, c: dict, vid: str) -> tuple[str | None, str]:
        override = c["npc_sides"].get(vid)
        if override is not None:
            return (None if override == "none" else override), "assigned"
        return self._default_side(c, vid), "default"

    def _present(self, c: dict) -> list[str]:
        if c["scene"] is None:
            return []
        return self._scene(c["scene"])["present"]

    def _scene(self, sid: str) -> dict:
        for scene in self.state["scenes"]:
            if scene["id"] == sid:
                return scene
        raise KeyError(sid)

    def _bonuses(self, c: dict) -> dict:
        """Live for/against bonuses with their breakdown (§3.4, R10)."""
        if c.get("frozen_bonus") is not None:
            return c["frozen_bonus"]
        pools: dict[str, list[dict]] = {"for": [], "against": []}
        actor, target = c["actor_villager"], c["target"]
        for vid in self._present(c):
            v = self._v(vid)
            if vid in (actor, target) or v["controlled_by"] is not None or v["status"] != "alive":
                continue
            side, source = self._npc_side(c, vid)
            if side in pools:
                pools[side].append({"villager": vid, "standing": v["standing"], "why": source})
        for seat, side in self._player_sides(c, for_pools=True):
            vid = self._ledger(seat)["villager"]
            pools[side].append({"villager": vid, "standing": self._v(vid)["standing"], "why": "player",
                                "player": seat})
        forder = self.state["forder"]

        def fact_key(fid: str) -> tuple:
            return (0, int(fid[1:])) if fid in self.cat.stereotype else (1, forder.index(fid))

        out = {}
        for side in SIDES:
            base_vid = actor if side == "for" else target
            base = self._v(base_vid)["standing"] if base_vid is not None else 0
            pool_sum = sum(m["standing"] for m in pools[side])
            facts = sorted((f for f, s in c["facts"].items() if s == side), key=fact_key)
            out[side] = {"base": {"villager": base_vid, "standing": base}, "pool": pools[side],
                         "pool_sum": pool_sum, "pool_bonus": pool_sum // 3, "facts": facts,
                         "facts_bonus": len(facts), "total": base + pool_sum // 3 + len(facts)}
        return out

    # ------------------------------------------------------------------ dispatch ----
    def _fields(self, cmd: dict) -> None:
        ctype = cmd.get("type")
        spec = FIELDS.get(ctype) if isinstance(ctype, str) else None
        if spec is None:
            raise _bad("unknown_command", f"There is no command {shown(ctype)} in Malleus Maleficarum.")
        required, optional = spec
        given = set(cmd) - {"type"}
        missing = [f for f in required if f not in given]
        if missing:
            raise _bad("bad_command", f"'{ctype}' needs the field {missing[0]!r}.")
        extra = sorted(given - set(required) - set(optional))
        if extra:
            raise _bad("bad_command", f"'{ctype}' has no field {shown(extra[0])}.")

    def _apply(self, seat: int, cmd: dict) -> None:
        self._rolled = False
        self._fields(cmd)
        handler = getattr(self, f"_cmd_{cmd['type']}")
        handler(seat, cmd)

    def _need(self, ok: bool, code: str, message: str) -> None:
        if not ok:
            raise _bad(code, message)

    def _need_prevot(self, seat: int, what: str) -> None:
        self._need(seat == PREVOT, "prevot_only", f"Only the Prévôt may {what}.")

    def _need_player(self, seat: int, what: str) -> None:
        self._need(seat != PREVOT, "players_only", f"The Prévôt does not {what}; the players do.")

    def _need_phase(self, phase: str, what: str) -> None:
        st = self.state
        if st["phase"] != phase:
            raise _bad("wrong_phase", f"You cannot {what} now: {self._phase_words()}.")

    def _need_step(self, steps: tuple[str, ...] | str, what: str) -> dict | None:
        st = self.state
        if isinstance(steps, str):
            steps = (steps,)
        if st["phase"] != "round" or st["step"] not in steps:
            raise _bad("wrong_step", f"You cannot {what} now: {self._phase_words()}.")
        return st["conflict"]

    def _phase_words(self) -> str:
        st = self.state
        phase, step = st["phase"], st["step"]
        words = {
            "trigger": "the Prévôt is recording the trigger event",
            "first_villager": "the Prévôt is adding the first villager",
            "building": f"the village is being built ({self._pname(st['build']['seat'])}'s turn)",
            "choosing": "players are choosing their villagers",
            "ledgers": "players are writing their private ledgers",
            "companions": "players are choosing secret companions",
            "over": "the game is over",
        }
        if phase != "round":
            return words.get(phase, phase)
        steps = {
            "declare": "a conflict is being declared",
            "confirm": "the Prévôt is judging a claimed secret",
            "frame": "the scene is being framed",
            "scene": "the scene is being played",
            "secret_step": "secret actions are being collected",
            "roll": "the actor is about to roll",
            "sides": "sides may still be taken until the Prévôt locks them",
            "oppose": "the opposition is about to roll",
            "aftermath": "the aftermath window is open",
            "outcome": "the outcome is being narrated",
            "discard": "the turn is ending (discards)",
            "secret_phase": "the secret action phase is collecting",
            "phase_resolve": "the Prévôt is resolving the secret action phase",
        }
        return steps.get(step, step or "")

    # ============================================================ beginning phase ===
    def _cmd_set_trigger(self, seat: int, cmd: dict) -> None:
        self._need_phase("trigger", "record the trigger event")
        self._need_prevot(seat, "record the trigger event")
        text = clean_text(cmd["text"], "The trigger event")
        fid = self._add_fact(text, None)
        self.emit({"type": "trigger", "fact": fid, "text": text})
        self.state["phase"] = "first_villager"

    def _facts_list(self, value: Any) -> list[str]:
        if not isinstance(value, list) or len(value) != 3:
            raise _bad("bad_facts", "A new villager comes with exactly 3 facts.")
        return [clean_text(t, f"Fact {i + 1}") for i, t in enumerate(value)]

    def _cmd_add_villager(self, seat: int, cmd: dict) -> None:
        st = self.state
        first = st["phase"] == "first_villager"
        if not first:
            self._need_phase("building", "add a villager")
            self._need(seat == st["build"]["seat"], "not_your_turn",
                       f"It is {self._pname(st['build']['seat'])}'s building turn.")
        else:
            self._need_prevot(seat, "add the first villager")
        name = clean_text(cmd["name"], "The villager's name", cut=MAX_VILLAGER_NAME)
        facts = self._facts_list(cmd["facts"])
        relation = cmd.get("relation")
        if first:
            self._need(relation is None, "bad_relation", "The first villager has no relationship (§2.3).")
        else:
            self._need(relation is not None, "bad_relation",
                       "A new villager needs one relationship with an existing villager (§2.4).")
            relation = self._parse_relation(relation, None, "")
        vid = self._new_id("v")
        st["villagers"][vid] = {"id": vid, "name": name, "standing": START_STANDING, "facts": [],
                                "controlled_by": None, "status": "alive", "sentenced_in": None}
        st["vorder"].append(vid)
        self.emit({"type": "villager", "id": vid, "name": name, "standing": START_STANDING, "by": seat})
        for text in facts:
            self._add_fact(text, vid)
        if relation is not None:
            other = relation["with"]
            a, b = (vid, other) if relation["direction"] == "new_to_old" else (other, vid)
            self._add_relation(a, b, relation["kind"], relation["mutual"])
        if first:
            st["phase"] = "building"
            st["build"] = {"seat": 1, "passes": 0, "last_passer": None}  # R4
        else:
            self._build_next(passed=False, seat=seat)

    def _cmd_add_fact_relation(self, seat: int, cmd: dict) -> None:
        st = self.state
        self._need_phase("building", "add a fact and a relationship")
        self._need(seat == st["build"]["seat"], "not_your_turn",
                   f"It is {self._pname(st['build']['seat'])}'s building turn.")
        vid = self._villager(cmd["villager"])
        text = clean_text(cmd["fact"], "The fact")
        relation = self._parse_relation(cmd["relation"], vid, "")
        self._add_fact(text, vid)
        other = relation["with"]
        a, b = (vid, other) if relation["direction"] == "new_to_old" else (other, vid)
        self._add_relation(a, b, relation["kind"], relation["mutual"])
        self._build_next(passed=False, seat=seat)

    def _cmd_pass(self, seat: int, cmd: dict) -> None:
        st = self.state
        self._need_phase("building", "pass")
        self._need(seat == st["build"]["seat"], "not_your_turn",
                   f"It is {self._pname(st['build']['seat'])}'s building turn.")
        self.emit({"type": "pass", "seat": seat})
        self._build_next(passed=True, seat=seat)

    def _threshold(self) -> int:
        return 3 * self.n  # R3: the Prévôt counts as a participant

    def _build_next(self, passed: bool, seat: int) -> None:
        st = self.state
        b = st["build"]
        if passed:
            b["passes"] += 1
            b["last_passer"] = seat
        else:
            b["passes"] = 0
        if passed and len(st["vorder"]) >= self._threshold() and b["passes"] >= self.n:
            first = seat % (self.n - 1) + 1  # the seat after the last passer, skipping the Prévôt
            queue = [(first - 1 + i) % (self.n - 1) + 1 for i in range(self.n - 1)]
            st["phase"] = "choosing"
            st["choose"] = {"queue": queue, "order": []}
            self.emit({"type": "building_over", "villagers": len(st["vorder"]), "first_chooser": first})
            return
        b["seat"] = (seat + 1) % self.n

    def _cmd_choose_villager(self, seat: int, cmd: dict) -> None:
        st = self.state
        self._need_phase("choosing", "choose a villager")
        queue = st["choose"]["queue"]
        self._need(seat == queue[0], "not_your_turn", f"It is {self._pname(queue[0])}'s turn to choose.")
        vid = self._villager(cmd["villager"])
        owner = self._v(vid)["controlled_by"]
        self._need(owner is None, "taken", f"{self._vname(vid)} is already {self._pname(owner or 0)}'s villager.")
        self._v(vid)["controlled_by"] = seat
        self._ledger(seat)["villager"] = vid
        queue.pop(0)
        st["choose"]["order"].append(seat)
        self.emit({"type": "chosen", "player": seat, "villager": vid})
        if not queue:
            st["phase"] = "ledgers"
            st["waiting"] = self.players_seats

    def _parse_envy(self, value: Any, seat: int) -> dict:
        if not isinstance(value, dict) or set(value) != {"holder", "thing", "thing_villager"}:
            raise _bad("bad_envy", "An envy is {holder, thing, thing_villager}.")
        holder = self._living(value["holder"], "envy holder")
        self._need(self._npc(holder), "bad_envy",
                   f"{self._vname(holder)} is a player's villager; envy a villager nobody plays (R7).")
        thing = clean_text(value["thing"], "The envied thing")
        person = value["thing_villager"]
        if person is not None:
            person = self._villager(person, "envied person")
            self._need(person != holder, "bad_envy", "The envied person belongs to the holder; it cannot be the holder.")
            self._need(person != self._ledger(seat)["villager"], "bad_envy", "You cannot envy your own villager.")
        return {"holder": holder, "thing": thing, "thing_villager": person}

    def _parse_vendetta(self, value: Any, seat: int, reason_key: str = "reason") -> dict:
        if not isinstance(value, dict) or set(value) != {"target", reason_key}:
            raise _bad("bad_vendetta", "A vendetta is {target, reason}.")
        target = self._villager(value["target"], "vendetta target")
        self._need(target != self._ledger(seat)["villager"], "bad_vendetta",
                   "A vendetta is against any villager but your own (R7).")
        self._need(self._v(target)["status"] != "executed", "bad_vendetta",
                   f"{self._vname(target)} is already executed.")
        reason = clean_text(value[reason_key], "The vendetta's reason")
        return {"target": target, "reason": reason, "baseline": self._v(target)["standing"]}

    def _cmd_submit_ledger(self, seat: int, cmd: dict) -> None:
        st = self.state
        self._need_phase("ledgers", "submit a ledger")
        self._need_player(seat, "keep a ledger")
        self._need(seat in st["waiting"], "already_done", "Your ledger is already in.")
        led = self._ledger(seat)
        secret = clean_text(cmd["secret"], "The secret")
        envy = self._parse_envy(cmd["envy"], seat)
        vendetta = self._parse_vendetta(cmd["vendetta"], seat)
        led["secret"] = {"text": secret, "revealed": False}
        led["envy"] = envy
        led["vendetta"] = vendetta
        st["waiting"].remove(seat)
        self.emit({"type": "ledger", "player": seat, "secret": secret, "envy": dict(envy),
                   "vendetta": dict(vendetta)}, to=[seat, PREVOT], others={"type": "ledger_in", "player": seat})
        if not st["waiting"]:
            st["phase"] = "companions"
            st["waiting"] = self.players_seats

    def _companion_ok(self, vid: str) -> bool:
        v = self._v(vid)
        return v["controlled_by"] is None and v["status"] == "alive"

    def _cmd_choose_companion(self, seat: int, cmd: dict) -> None:
        st = self.state
        self._need_phase("companions", "choose a companion")
        self._need_player(seat, "choose a companion")
        self._need(seat in st["waiting"], "already_done", "Your companion choice is already in.")
        led = self._ledger(seat)
        vid = self._living(cmd["villager"], "companion")
        self._need(self._npc(vid), "bad_companion",
                   f"{self._vname(vid)} is a player's villager; a companion is a villager nobody plays (R6).")
        standing = led["companion_choice"]
        if standing is not None:  # M9: not a collider, confirming the standing choice
            self._need(vid == standing, "companion_stands",
                       f"Your companion {self._vname(standing)} stands; confirm it.")
        led["companion_choice"] = vid
        led["prompt"] = None
        st["waiting"].remove(seat)
        self.emit({"type": "companion", "player": seat, "villager": vid}, to=[seat, PREVOT],
                  others={"type": "companion_in", "player": seat})
        if st["waiting"]:
            return
        chosen: dict[str, list[int]] = {}
        for p in self.players_seats:
            chosen.setdefault(self._ledger(p)["companion_choice"], []).append(p)
        colliders = sorted(p for group in chosen.values() if len(group) > 1 for p in group)
        if colliders:
            for p in colliders:
                lp = self._ledger(p)
                self.emit({"type": "companion_taken", "player": p, "villager": lp["companion_choice"]},
                          to=[p, PREVOT])
                lp["companion_choice"] = None
                lp["prompt"] = "choose_again"
            st["waiting"] = self.players_seats
            self.emit({"type": "companion_again"})
            return
        for p in self.players_seats:
            lp = self._ledger(p)
            lp["companion"] = lp["companion_choice"]
            lp["companion_choice"] = None
        self.emit({"type": "companions_set"})
        order = list(reversed(st["choose"]["order"]))  # §2.9
        st["turn_order"] = order
        st["phase"] = "round"
        self._start_round()

    # ================================================================ the rounds ===
    def _start_round(self) -> None:
        st = self.state
        st["round"] += 1
        st["executed"] = []
        for p in self.players_seats:  # (a) baselines (R18)
            ven = self._ledger(p)["vendetta"]
            if ven is not None:
                ven["baseline"] = self._v(ven["target"])["standing"]
        self.emit({"type": "round", "round": st["round"], "turn_order": list(st["turn_order"])})
        for p in st["turn_order"]:  # (b) draws, in turn order
            self._draw_to(p)
        st["turn_idx"] = 0
        self._start_turn()

    def _start_turn(self) -> None:
        st = self.state
        seat = self._turn_seat()
        led = self._ledger(seat)
        st["conflict"] = None
        if led["forfeit"]:
            led["forfeit"] = False
            st["step"] = "discard"
            self.emit({"type": "turn_forfeited", "player": seat, "round": st["round"]})
            return
        st["step"] = "declare"
        self.emit({"type": "turn", "player": seat, "round": st["round"]})

    def _next_turn(self) -> None:
        st = self.state
        st["conflict"] = None
        st["turn_idx"] += 1
        if st["turn_idx"] < len(st["turn_order"]):
            self._start_turn()
            return
        st["step"] = "secret_phase"
        st["collect"] = self._new_collect("phase")
        self.emit({"type": "secret_phase", "round": st["round"]})

    def _new_collect(self, kind: str) -> dict:
        return {"kind": kind, "waiting": self.players_seats, "submitted": [], "subs": {}, "queue": [],
                "notes": [], "resolving": False}

    # -- declaring ------------------------------------------------------------------
    def _parse_conflict(self, kind: Any, cmd: dict, actor: str, actor_player: int | None) -> dict:
        """Target and parameters of a declared conflict (§3.2), checked."""
        if kind not in KINDS:
            raise _bad("bad_kind", f"A conflict is one of {', '.join(KINDS)}; not {shown(kind)}.")
        given = {k for k in ("relationship", "ops", "claimed_text") if k in cmd}
        allowed = {"relationship_change": {"relationship"}, "facts_change": {"ops"},
                   "reveal_secret": {"claimed_text"}}.get(kind, set())
        if given - allowed:
            raise _bad("bad_command", f"A {kind.replace('_', ' ')} takes no {sorted(given - allowed)[0]!r}.")
        params: dict[str, Any] = {}
        target = cmd.get("target")
        if kind in ("accusation", "bolster", "reveal_secret"):
            self._need(target is not None, "bad_target", f"A {kind.replace('_', ' ')} needs a target.")
            target = self._living(target, "target")
        if kind == "accusation":
            self._need(target != actor, "self_accusation", "Nobody accuses his own villager (R31).")
        elif kind == "reveal_secret":
            self._need(actor_player is not None, "npc_reveal", "NPCs cannot reveal secrets (R30).")
            owner = self._v(target)["controlled_by"]
            self._need(owner is not None and owner != actor_player, "bad_target",
                       f"{self._vname(target)} is not another player's villager.")
            self._need(not self._ledger(owner)["secret"]["revealed"], "already_revealed",
                       f"{self._pname(owner)}'s secret is already public; {self._vname(target)} is immune.")
            self._need("claimed_text" in cmd, "bad_command", "A reveal_secret needs the claimed_text.")
            params["claimed_text"] = clean_text(cmd["claimed_text"], "The claimed secret")
        elif kind == "relationship_change":
            rel = cmd.get("relationship")
            if not isinstance(rel, dict) or not {"from", "to", "new"} <= set(rel) \
                    or set(rel) - {"from", "to", "new", "both_directions"}:
                raise _bad("bad_relationship", "A relationship change needs relationship {from, to, new, "
                                               "both_directions?}.")
            a = self._living(rel["from"], "relationship's holder")
            b = self._living(rel["to"], "relationship's object")
            self._need(a != b, "bad_relationship", "A villager holds no view of itself.")
            new = rel["new"]
            self._need(new in ("ally", "enemy", "none"), "bad_relationship",
                       f"The new view is 'ally', 'enemy' or 'none', not {shown(new)}.")
            both = self._bool(rel.get("both_directions", False), "both_directions")
            record = self._view_record(a, b)
            current = record["kind"] if record else "none"
            self._need(new != current, "no_change",
                       f"{self._vname(a)}'s view of {self._vname(b)} is already {current}.")
            if both:
                reverse = self._view_record(b, a)
                ok = (record is not None and record["mutual"]) or (record is None and reverse is None)
                self._need(ok, "bad_relationship", "both_directions needs a mutual relationship, or no view "
                                                   "either way (M4).")
            if target is not None:
                self._need(target == a, "bad_target", "A relationship change targets the view's holder (R11).")
            target = a
            params["relationship"] = {"from": a, "to": b, "new": new, "both_directions": both, "current": current}
        elif kind == "facts_change":
            if target is not None:
                target = self._living(target, "target")
            params["ops"] = self._parse_ops(cmd.get("ops"), target)
        elif kind == "bolster":
            pass
        return {"target": target, "params": params}

    def _parse_ops(self, ops: Any, target: str | None) -> list[dict]:
        self._need(isinstance(ops, list) and 1 <= len(ops) <= 3, "bad_ops",
                   "A facts change has 1 to 3 ops (add, modify or remove).")
        out = []
        touched_villager = False
        seen: set[str] = set()
        for i, op in enumerate(ops):
            if not isinstance(op, dict) or op.get("op") not in ("add", "modify", "remove"):
                raise _bad("bad_ops", f"Op {i + 1} must be {{op: add|modify|remove, …}}.")
            kind = op["op"]
            want = {"add": {"op", "subject", "text"}, "modify": {"op", "fact", "text"}, "remove": {"op", "fact"}}[kind]
            self._need(set(op) == want, "bad_ops", f"Op {i + 1} ({kind}) takes exactly {', '.join(sorted(want))}.")
            if kind == "add":
                subject = op["subject"]
                if subject is not None:
                    subject = self._villager(subject, "fact's subject")
                out.append({"op": "add", "subject": subject, "text": clean_text(op["text"], f"Op {i + 1}'s text")})
            else:
                fid = op["fact"]
                if isinstance(fid, str) and fid in self.cat.stereotype:
                    raise _bad("read_only", f"{fid} is a witch stereotype and cannot be changed (M3).")
                self._need(isinstance(fid, str) and fid in self.state["facts"], "bad_fact", f"There is no fact {shown(fid)}.")
                self._need(self.state["facts"][fid]["status"] == "active", "bad_fact", f"Fact {fid} was removed.")
                self._need(fid not in seen, "bad_ops", f"Fact {fid} appears twice in one facts change (M3).")
                seen.add(fid)
                subject = self.state["facts"][fid]["subject"]
                entry = {"op": kind, "fact": fid, "subject": subject}
                if kind == "modify":
                    entry["text"] = clean_text(op["text"], f"Op {i + 1}'s text")
                out.append(entry)
            if subject is not None:
                self._need(subject == target, "bad_ops",
                           "Every op must touch the target's facts or the general ledger (M3)"
                           if target is not None else
                           "A facts change touching a villager's facts names that villager as its target (R11).")
                touched_villager = True
        if target is not None:
            self._need(touched_villager, "bad_ops",
                       "Only the general ledger is touched: declare the facts change with no target (R11).")
        return out

    def _new_conflict(self, kind: str, actor: str, actor_player: int | None, parsed: dict, npc: bool) -> dict:
        cid = self._new_id("k")
        return {"id": cid, "kind": kind, "actor_villager": actor, "actor_player": actor_player,
                "target": parsed["target"], "params": parsed["params"], "npc": npc, "scene": None,
                "bidden": [], "joined": [], "sides": {}, "npc_sides": {}, "facts": {}, "citations": [],
                "intimidated": [], "interlopers": [], "roll_for": None, "roll_against": None,
                "roller": None, "frozen_bonus": None, "actor_total": None, "target_number": None,
                "margin": None, "result": None, "pending_loss": None, "loss_target": None,
                "gossip": False, "shifted": False, "narrated": False, "resolution_begun": False}

    def _cmd_declare_conflict(self, seat: int, cmd: dict) -> None:
        st = self.state
        self._need_step("declare", "declare a conflict")
        self._need(seat == self._turn_seat(), "not_your_turn", f"It is {self._pname(self._turn_seat())}'s turn.")
        actor = self._ledger(seat)["villager"]
        parsed = self._parse_conflict(cmd["kind"], cmd, actor, seat)
        c = self._new_conflict(cmd["kind"], actor, seat, parsed, npc=False)
        st["conflict"] = c
        event = self._declare_event(c)
        if c["kind"] == "reveal_secret":
            self.emit(dict(event, claimed_text=c["params"]["claimed_text"]), to=[seat, PREVOT], others=event)
            st["step"] = "confirm"
        else:
            self.emit(event)
            st["step"] = "frame"

    def _declare_event(self, c: dict) -> dict:
        event = {"type": "declare", "conflict": c["id"], "kind": c["kind"], "actor": c["actor_villager"],
                 "player": c["actor_player"], "target": c["target"], "npc": c["npc"]}
        if c["kind"] == "relationship_change":
            rel = c["params"]["relationship"]
            event["relationship"] = {k: rel[k] for k in ("from", "to", "new", "both_directions", "current")}
        if c["kind"] == "facts_change":
            event["ops"] = [dict(op) for op in c["params"]["ops"]]
        return event

    def _cmd_confirm_secret(self, seat: int, cmd: dict) -> None:
        st = self.state
        c = self._need_step("confirm", "judge a claimed secret")
        self._need_prevot(seat, "judge a claimed secret")
        accept = self._bool(cmd["accept"], "accept")
        owner = self._v(c["target"])["controlled_by"]
        if not accept:  # R15: the Prévôt voids wrong guesses; declare again
            self.emit({"type": "declaration_voided", "conflict": c["id"], "player": c["actor_player"]})
            st["conflict"] = None
            st["step"] = "declare"
            return
        led = self._ledger(owner)
        led["secret"]["revealed"] = True
        self.emit({"type": "secret_revealed", "conflict": c["id"], "player": owner, "villager": c["target"],
                   "text": led["secret"]["text"], "claimed_text": c["params"]["claimed_text"]})
        st["step"] = "frame"

    # -- the scene ------------------------------------------------------------------
    def _cmd_frame_scene(self, seat: int, cmd: dict) -> None:
        st = self.state
        c = self._need_step("frame", "frame a scene")
        framer = self._actor_seat(c)
        self._need(seat == framer, "not_your_turn",
                   f"{'The Prévôt' if framer == PREVOT else self._pname(framer)} frames this scene.")
        resume = cmd.get("resume")
        scene = None
        if resume is not None:
            scene = next((s for s in st["scenes"] if s["id"] == resume), None)
            self._need(scene is not None, "bad_scene", f"There is no scene {shown(resume)} to return to.")
        if scene is not None and isinstance(cmd["location"], str) and not cmd["location"].strip():
            location = scene["location"]
        else:
            location = clean_text(cmd["location"], "The location")
        present = self._villager_list(cmd["present"], "present")
        for vid in present:
            self._need(self._alive(vid), "not_alive",
                       f"{self._vname(vid)} is {self._v(vid)['status']} and cannot be present (R21).")
        self._need(c["actor_villager"] in present, "actor_absent",
                   f"The actor, {self._vname(c['actor_villager'])}, must be present (R31).")
        if scene is None:
            sid = self._new_id("s")
            scene = {"id": sid, "location": location, "present": present}
            st["scenes"].append(scene)
        else:
            scene["location"] = location
            scene["present"] = present
        c["scene"] = scene["id"]
        c["bidden"] = sorted({self._v(v)["controlled_by"] for v in present
                              if self._v(v)["controlled_by"] not in (None, c["actor_player"])})
        self.emit({"type": "scene", "conflict": c["id"], "scene": scene["id"], "location": location,
                   "present": list(present), "bidden": list(c["bidden"]), "resumed": resume is not None})
        st["step"] = "scene"

    def _join_problem(self, seat: int, c: dict) -> str | None:
        led = self._ledger(seat)
        vid = led["villager"]
        if vid in self._present(c):
            return f"{self._vname(vid)} is already in the scene."
        if led["forfeit"]:
            return "You have a forfeited turn pending and cannot join a scene until it passes (R29)."
        if seat in c["intimidated"]:
            return "You are intimidated: you cannot join this conflict (R27)."
        return None

    def _cmd_join_scene(self, seat: int, cmd: dict) -> None:
        c = self._need_step(JOIN_STEPS, "join the scene")
        self._need_player(seat, "join scenes")
        problem = self._join_problem(seat, c)
        self._need(problem is None, "cannot_join", problem or "")
        led = self._ledger(seat)
        self._present(c).append(led["villager"])
        c["joined"].append(seat)
        led["forfeit"] = True  # joined unbidden (§3.3)
        self.emit({"type": "join", "conflict": c["id"], "player": seat, "villager": led["villager"],
                   "forfeit": True})

    def _cmd_set_present(self, seat: int, cmd: dict) -> None:
        c = self._need_step(LIVE_STEPS, "move villagers in or out of the scene")
        self._need_prevot(seat, "move villagers in or out")
        self._need(c["frozen_bonus"] is None, "frozen", "The conflict is decided; nobody comes or goes now.")
        st = self.state
        if st["step"] == "secret_step":
            self._need(st["collect"]["resolving"], "wrong_step", "Wait until every secret action is in.")
        add = self._villager_list(cmd.get("add", []), "add")
        remove = self._villager_list(cmd.get("remove", []), "remove")
        self._need(bool(add or remove), "bad_command", "Name villagers to add or to remove.")
        present = self._present(c)
        for vid in add:
            self._need(self._npc(vid), "not_npc", f"{self._vname(vid)} is a player's villager; players move their own.")
            self._need(self._alive(vid), "not_alive", f"{self._vname(vid)} is {self._v(vid)['status']} (R21).")
            self._need(vid not in present, "already_present", f"{self._vname(vid)} is already present.")
        for vid in remove:
            self._need(self._npc(vid), "not_npc", f"{self._vname(vid)} is a player's villager; players move their own.")
            self._need(vid in present, "not_present", f"{self._vname(vid)} is not in the scene.")
            self._need(vid != c["actor_villager"], "actor_absent", "The actor stays in the scene (R31).")
            self._need(vid not in add, "bad_command", f"{self._vname(vid)} cannot come and go at once.")
        for vid in remove:
            present.remove(vid)
            c["npc_sides"].pop(vid, None)
        present.extend(add)
        self.emit({"type": "present", "conflict": c["id"], "add": add, "remove": remove,
                   "present": list(present)})

    def _side_problem(self, seat: int, c: dict) -> str | None:
        """Why ``seat`` may not take a side now (None: it may)."""
        if seat == PREVOT:
            return "The Prévôt assigns NPCs' sides; he takes none himself."
        if seat == c["actor_player"]:
            return "The actor is on the 'for' side already."
        if seat in c["intimidated"]:
            return "You are intimidated: no side for you in this conflict (R27)."
        if str(seat) in c["sides"]:
            return "You have already taken a side in this conflict."
        principal = self._principal(c)
        if seat == principal:
            if c["kind"] in ("accusation", "reveal_secret"):
                return "Your villager is the target: you oppose automatically (R12)."
            return None
        vid = self._ledger(seat)["villager"]
        if vid == c["target"]:
            return "Your villager is the target."
        if vid not in self._present(c):
            return f"{self._vname(vid)} is not in the scene: join it first."
        return None

    def _cmd_take_side(self, seat: int, cmd: dict) -> None:
        st = self.state
        c = self._need_step(JOIN_STEPS, "take a side")
        side = self._side(cmd["side"])
        problem = self._side_problem(seat, c)
        self._need(problem is None, "cannot_side", problem or "")
        c["sides"][str(seat)] = side
        self.emit({"type": "side", "conflict": c["id"], "player": seat, "side": side,
                   "after_roll": st["step"] == "sides"})

    def _cite_open(self, c: dict) -> None:
        st = self.state
        self._need(st["phase"] == "round" and st["step"] in CITE_STEPS and c is not None
                   and c["frozen_bonus"] is None, "wrong_step",
                   f"Facts are cited while a scene is open, until the last roll: {self._phase_words()}.")

    def _cmd_cite_fact(self, seat: int, cmd: dict) -> None:
        c = self.state["conflict"]
        self._cite_open(c)
        self._need(seat not in c["intimidated"], "intimidated", "You are intimidated in this conflict (R27).")
        fid = self._citable(cmd["fact"])
        side = self._side(cmd["side"])
        self._need(fid not in c["facts"], "already_counted",
                   f"{fid} already counts for the {c['facts'].get(fid)} side.")
        self._need(not any(x["fact"] == fid and x["side"] == side for x in c["citations"]), "already_cited",
                   f"{fid} is already cited for that side; the Prévôt will judge it.")
        c["citations"].append({"fact": fid, "side": side, "by": seat})
        self.emit({"type": "cite", "conflict": c["id"], "fact": fid, "side": side, "by": seat})

    def _pending_citation(self, c: dict, cmd: dict) -> tuple[str, str]:
        fid = cmd["fact"]
        side = self._side(cmd["side"])
        self._need(any(x["fact"] == fid and x["side"] == side for x in c["citations"]), "not_cited",
                   f"Nobody has cited {shown(fid)} for the {side} side.")
        return fid, side

    def _cmd_approve_fact(self, seat: int, cmd: dict) -> None:
        c = self.state["conflict"]
        self._cite_open(c)
        self._need_prevot(seat, "approve a fact")
        fid, side = self._pending_citation(c, cmd)
        c["facts"][fid] = side
        c["citations"] = [x for x in c["citations"] if x["fact"] != fid]
        self.emit({"type": "approve", "conflict": c["id"], "fact": fid, "side": side})

    def _cmd_reject_fact(self, seat: int, cmd: dict) -> None:
        c = self.state["conflict"]
        self._cite_open(c)
        self._need_prevot(seat, "reject a fact")
        fid, side = self._pending_citation(c, cmd)
        c["citations"] = [x for x in c["citations"] if not (x["fact"] == fid and x["side"] == side)]
        self.emit({"type": "reject", "conflict": c["id"], "fact": fid, "side": side})

    def _cmd_assign_side(self, seat: int, cmd: dict) -> None:
        st = self.state
        c = self._need_step(LIVE_STEPS, "assign an NPC's side")
        self._need_prevot(seat, "assign an NPC's side")
        self._need(c["frozen_bonus"] is None, "frozen", "The conflict is decided.")
        if st["step"] == "secret_step":
            self._need(st["collect"]["resolving"], "wrong_step", "Wait until every secret action is in.")
        vid = self._villager(cmd["villager"])
        side = self._side(cmd["side"], allow_none=True)
        self._need(self._npc(vid), "not_npc", f"{self._vname(vid)} is a player's villager; its player takes sides.")
        self._need(vid in self._present(c), "not_present", f"{self._vname(vid)} is not in the scene.")
        self._need(vid not in (c["actor_villager"], c["target"]), "bad_villager",
                   "The actor and the target support nobody; their standing is the base.")
        current, _ = self._npc_side(c, vid)
        self._need((current or "none") != side, "no_change", f"{self._vname(vid)} is already on that side.")
        c["npc_sides"][vid] = side
        self.emit({"type": "assign", "conflict": c["id"], "villager": vid, "side": side})

    # -- secret actions -------------------------------------------------------------
    def _cmd_begin_resolution(self, seat: int, cmd: dict) -> None:
        st = self.state
        c = self._need_step("scene", "begin the resolution")
        self._need_prevot(seat, "begin the resolution")
        c["resolution_begun"] = True
        st["step"] = "secret_step"
        st["collect"] = self._new_collect("step")
        self.emit({"type": "resolution", "conflict": c["id"]})

    def _replacements_needed(self, seat: int) -> list[str]:
        """R19: empty slots a player must fill in the round's secret action phase (when
        anything could fill them)."""
        led = self._ledger(seat)
        need = []
        npcs = [v for v in self.state["vorder"] if self._companion_ok(v)]
        if led["envy"] is None and npcs:
            need.append("envy")
        if led["vendetta"] is None and any(self._vendetta_ok(seat, v) for v in self.state["vorder"]):
            need.append("vendetta")
        if led["companion"] is None and [v for v in npcs if v not in self._companions_taken(seat)]:
            need.append("companion")
        return need

    def _vendetta_ok(self, seat: int, vid: str) -> bool:
        return vid != self._ledger(seat)["villager"] and self._v(vid)["status"] != "executed"

    def _companions_taken(self, seat: int) -> set[str]:
        return {self._ledger(p)["companion"] for p in self.players_seats
                if p != seat and self._ledger(p)["companion"] is not None}

    def _cmd_secret_action(self, seat: int, cmd: dict) -> None:
        st = self.state
        self._need_step(("secret_step", "secret_phase"), "send a secret action")
        self._need_player(seat, "send secret actions; he resolves them")
        col = st["collect"]
        self._need(seat in col["waiting"], "already_done", "Your secret action is already in.")
        led = self._ledger(seat)
        c = st["conflict"]
        intimidated = c is not None and seat in c["intimidated"]
        text = clean_text(cmd["text"], "The secret action")
        cards = cmd.get("cards", [])
        self._need(isinstance(cards, list) and len(cards) <= HAND_SIZE + 1, "bad_cards", "cards must be a list of card plays.")
        self._need(not (cards and intimidated), "intimidated", "You are intimidated: no cards in this conflict (R27).")
        plays = []
        used: set[str] = set()
        for entry in cards:
            self._need(isinstance(entry, dict) and "card" in entry, "bad_cards", "Each card play is {card, …}.")
            card = self._own_card(seat, entry["card"])
            self._need(card not in used, "bad_cards", f"{card} is listed twice.")
            used.add(card)
            ctype = self.cat.type_of[card]
            self._need(ctype not in PUBLIC_ONLY, "public_card",
                       f"{self.cat.types[ctype].name} is never played in secret; play it openly in the aftermath.")
            params = self._card_params(seat, card, entry, in_secret_action=True)
            plays.append({"card": card, "type": ctype, "player": seat, "params": params})
        order = cmd.get("companion_order")
        if order is not None:
            self._need(led["companion"] is not None, "no_companion", "You have no companion to order.")
            self._need(not intimidated, "intimidated", "You are intimidated: no orders to your companion here (R27).")
            order = clean_text(order, "The companion order")
        notes = cmd.get("notes", [])
        self._need(isinstance(notes, list) and len(notes) <= MAX_NOTES_PER_ACTION, "bad_notes",
                   "notes must be a list of {to, text}.")
        clean_notes = []
        for note in notes:
            self._need(isinstance(note, dict) and set(note) == {"to", "text"}, "bad_notes", "A note is {to, text}.")
            to = self._player_seat(note["to"], "note's addressee")
            self._need(to != seat, "bad_notes", "A note goes to another player.")
            self._need(all(n["to"] != to for n in clean_notes), "bad_notes", "One note per player (M8).")
            clean_notes.append({"to": to, "text": clean_text(note["text"], "The note")})
        # R19 replacements
        new_envy = cmd.get("new_envy")
        new_vendetta = cmd.get("new_vendetta")
        new_companion = cmd.get("new_companion")
        if new_envy is not None:
            self._need(led["envy"] is None, "slot_full", "You still have an envy; only an empty one is replaced (R19).")
            new_envy = self._parse_envy(new_envy, seat)
        if new_vendetta is not None:
            self._need(led["vendetta"] is None, "slot_full", "You still have a vendetta (R19).")
            new_vendetta = self._parse_vendetta(new_vendetta, seat)
        if new_companion is not None:
            self._need(led["companion"] is None, "slot_full", "You still have a companion (R19).")
            vid = self._living(new_companion, "companion")
            self._need(self._npc(vid), "bad_companion", "A companion is a villager nobody plays (R6).")
            self._need(vid not in self._companions_taken(seat), "companion_taken", "That companion is taken; choose again.")
            new_companion = vid
        if col["kind"] == "phase":
            given = {"envy": new_envy, "vendetta": new_vendetta, "companion": new_companion}
            for slot in self._replacements_needed(seat):
                self._need(given[slot] is not None, "replacement_needed",
                           f"Your {slot} is empty: name a new one in this secret action (R19).")
        if new_envy is not None:
            led["envy"] = new_envy
        if new_vendetta is not None:
            led["vendetta"] = new_vendetta
        if new_companion is not None:
            led["companion"] = new_companion
        for play in plays:
            led["queued"].append(play["card"])
            col["queue"].append(play)
        if order is not None:
            st["orders"].append({"player": seat, "kind": "companion", "villager": led["companion"], "text": order})
        sub = {"player": seat, "text": text, "cards": [{"card": p["card"], "type": p["type"], **p["params"]} for p in plays],
               "companion_order": order, "notes": [{"to": n["to"]} for n in clean_notes],
               "new_envy": new_envy, "new_vendetta": new_vendetta, "new_companion": new_companion}
        col["subs"][str(seat)] = sub
        col["waiting"].remove(seat)
        col["submitted"].append(seat)
        self.emit(dict(sub, type="secret_action"), to=[seat, PREVOT],
                  others={"type": "secret_action_in", "player": seat})
        for note in clean_notes:
            col["notes"].append({"from": seat, "to": note["to"]})
            self._ledger(note["to"])["inbox"].append({"kind": "note", "from": seat, "text": note["text"],
                                                      "round": st["round"]})
            self.emit({"type": "note", "from": seat, "to": note["to"], "text": note["text"]}, to=[seat, note["to"]],
                      others={"type": "note", "from": seat, "to": note["to"]})
        if not col["waiting"]:
            col["resolving"] = True
            self.emit({"type": "secret_actions_in"})
            if st["step"] == "secret_phase" and not col["queue"]:
                st["step"] = "phase_resolve"

    def _queued(self, seat: int, cmd: dict, what: str) -> dict:
        st = self.state
        self._need_step(("secret_step", "secret_phase"), what)
        self._need_prevot(seat, what)
        col = st["collect"]
        self._need(col["resolving"], "wrong_step", "Wait until every secret action is in.")
        play = next((p for p in col["queue"] if p["card"] == cmd["card"]), None)
        self._need(play is not None, "not_queued", f"No card {shown(cmd['card'])} waits in the queue.")
        return play

    def _cmd_apply_card(self, seat: int, cmd: dict) -> None:
        play = self._queued(seat, cmd, "apply a queued card")
        problem = self._card_problem(play["player"], play["card"], play["params"], secret=True, queued=True)
        self._need(problem is None, "cannot_apply", f"{problem} Void the card instead.")
        col = self.state["collect"]
        col["queue"].remove(play)
        self._ledger(play["player"])["queued"].remove(play["card"])
        self._resolve_card(play["player"], play["card"], play["params"], secret=True)
        self._after_queue()

    def _cmd_void_card(self, seat: int, cmd: dict) -> None:
        play = self._queued(seat, cmd, "void a queued card")
        col = self.state["collect"]
        col["queue"].remove(play)
        self._ledger(play["player"])["queued"].remove(play["card"])
        self.emit({"type": "card_void", "card": play["card"], "card_type": play["type"], "player": play["player"]},
                  to=[play["player"], PREVOT])
        self._after_queue()

    def _after_queue(self) -> None:
        col = self.state["collect"]
        if not col["queue"]:
            self.emit({"type": "queue_done"}, to=[PREVOT])
        if self.state["step"] == "secret_phase" and not col["queue"]:
            self.state["step"] = "phase_resolve"

    def _cmd_close_secret_actions(self, seat: int, cmd: dict) -> None:
        st = self.state
        c = self._need_step("secret_step", "close the secret actions")
        self._need_prevot(seat, "close the secret actions")
        col = st["collect"]
        self._need(col["resolving"], "wrong_step", "Wait until every secret action is in.")
        self._need(not col["queue"], "queue_waiting", "Apply or void every queued card first.")
        st["collect"] = None
        st["step"] = "roll"
        self.emit({"type": "secret_actions_closed", "conflict": c["id"]})

    # -- rolls ----------------------------------------------------------------------
    def _cmd_roll(self, seat: int, cmd: dict) -> None:
        st = self.state
        c = self._need_step(("roll", "oppose"), "roll")
        if st["step"] == "roll":
            roller = self._actor_seat(c)
            self._need(seat == roller, "not_your_roll",
                       f"{'The Prévôt' if roller == PREVOT else self._pname(roller)} rolls for the actor.")
            dice = self._roll3()
            c["roll_for"] = dice
            self._record_roll({"type": "roll", "conflict": c["id"], "side": "for", "seat": seat, "dice": dice,
                               "sum": sum(dice), "bonus": self._bonuses(c)["for"]["total"]})
            st["step"] = "sides"
            return
        roller = self._roller(c)
        self._need(seat == roller, "not_your_roll",
                   "Nobody rolls against this conflict." if roller is None
                   else f"{self._pname(roller)} rolls for the opposition (§3.6.3).")
        dice = self._roll3()
        c["roll_against"] = dice
        c["roller"] = seat
        self._record_roll({"type": "roll", "conflict": c["id"], "side": "against", "seat": seat, "dice": dice,
                           "sum": sum(dice), "bonus": self._bonuses(c)["against"]["total"]})
        self._resolve()

    def _record_roll(self, event: dict) -> None:
        st = self.state
        if not self._rolled:  # the dice of the latest command that rolled
            self._rolled = True
            st["last_rolls"] = []
        st["last_rolls"].append(event)
        self.emit(event)

    def _cmd_lock_sides(self, seat: int, cmd: dict) -> None:
        st = self.state
        c = self._need_step("sides", "lock the sides")
        self._need_prevot(seat, "lock the sides")
        roller = self._roller(c)
        self.emit({"type": "sides_locked", "conflict": c["id"], "roller": roller})
        if roller is None:
            self._resolve()
            return
        st["step"] = "oppose"

    def _resolve(self) -> None:
        """Freeze the bonuses (M1), compare, apply the win (§3.6.4, §3.7)."""
        st = self.state
        c = st["conflict"]
        bonus = self._bonuses(c)
        c["frozen_bonus"] = bonus
        c["citations"] = []
        actor_total = sum(c["roll_for"]) + bonus["for"]["total"]
        if c["roll_against"] is None:
            tn = BASE_TARGET + bonus["against"]["total"]
        else:
            tn = sum(c["roll_against"]) + bonus["against"]["total"]
        margin = actor_total - tn
        win = actor_total > tn  # R13: a tie loses
        c.update(actor_total=actor_total, target_number=tn, margin=margin, result="win" if win else "loss")
        self.emit({"type": "outcome", "conflict": c["id"], "kind": c["kind"], "actor_total": actor_total,
                   "target_number": tn, "margin": margin, "result": c["result"],
                   "for_bonus": bonus["for"]["total"], "against_bonus": bonus["against"]["total"],
                   "rolled_against": c["roll_against"] is not None})
        st["step"] = "outcome"
        if not win:
            return
        kind = c["kind"]
        if kind in ("accusation", "reveal_secret"):
            c["pending_loss"] = margin
            c["loss_target"] = c["target"]
            st["step"] = "aftermath"
            self.emit({"type": "window", "conflict": c["id"], "pending_loss": margin, "target": c["target"]})
        elif kind == "bolster":
            v = self._v(c["target"])
            self._set_standing(c["target"], v["standing"] + margin, "bolster")
        elif kind == "relationship_change":
            self._change_relationship(c["params"]["relationship"])
        elif kind == "facts_change":
            self._apply_ops(c["params"]["ops"])

    def _change_relationship(self, rel: dict) -> None:
        a, b, new, both = rel["from"], rel["to"], rel["new"], rel["both_directions"]
        record = self._view_record(a, b)
        if record is None:
            self._add_relation(a, b, new, mutual=both)
            return
        if not record["mutual"] or both:
            if new == "none":
                self._remove_relation(record["id"])
            else:
                record["kind"] = new
                self.emit({"type": "relationship", "id": record["id"], "from": record["from"], "to": record["to"],
                           "kind": new, "mutual": record["mutual"], "change": "changed"})
            return
        # split a mutual record (R37): the untouched direction keeps the id
        old_kind = record["kind"]
        record.update({"from": b, "to": a, "mutual": False, "kind": old_kind})
        self.emit({"type": "relationship", "id": record["id"], "from": b, "to": a, "kind": old_kind,
                   "mutual": False, "change": "split"})
        if new != "none":
            self._add_relation(a, b, new, mutual=False)

    def _apply_ops(self, ops: list[dict]) -> None:
        facts = self.state["facts"]
        for op in ops:
            if op["op"] == "add":
                self._add_fact(op["text"], op["subject"])
                continue
            f = facts[op["fact"]]
            if f["status"] != "active":
                continue  # removed meanwhile (by another change): nothing left to change
            if op["op"] == "modify":
                f["text"] = op["text"]
                self.emit({"type": "fact", "id": f["id"], "subject": f["subject"], "text": op["text"],
                           "change": "modified"})
            else:
                f["status"] = "removed"
                if f["subject"] is not None and f["id"] in self._v(f["subject"])["facts"]:
                    self._v(f["subject"])["facts"].remove(f["id"])
                self.emit({"type": "fact", "id": f["id"], "subject": f["subject"], "text": f["text"],
                           "change": "removed"})

    def _cmd_close_window(self, seat: int, cmd: dict) -> None:
        st = self.state
        c = self._need_step("aftermath", "close the aftermath window")
        self._need_prevot(seat, "close the aftermath window")
        target = c["loss_target"]
        loss = c["pending_loss"]
        self.emit({"type": "window_closed", "conflict": c["id"], "target": target, "loss": loss})
        v = self._v(target)
        if v["status"] == "alive":
            self._set_standing(target, v["standing"] - loss, c["kind"])
        st["step"] = "outcome"

    def _cmd_narrate(self, seat: int, cmd: dict) -> None:
        c = self._need_step(("aftermath", "outcome"), "narrate the outcome")
        loser = self._loser(c)
        self._need(seat == loser, "not_the_loser",
                   f"{'The Prévôt' if loser == PREVOT else self._pname(loser)} lost and narrates the outcome.")
        self._need(not c["narrated"], "already_done", "The outcome has been narrated.")
        text = clean_text(cmd["text"], "The narration")
        c["narrated"] = True
        self.emit({"type": "narrate", "conflict": c["id"], "seat": seat, "text": text})

    def _cmd_end_turn(self, seat: int, cmd: dict) -> None:
        st = self.state
        c = self._need_step("outcome", "end the turn")
        self._need_prevot(seat, "end the turn")
        if not c["npc"]:
            self._close_bribery("turn")
        winning = "for" if c["result"] == "win" else "against"
        changes = []
        members: list[tuple[int, str]] = []
        if c["actor_player"] is not None:
            members.append((c["actor_player"], "for"))
        members.extend(self._player_sides(c, for_pools=False))
        seen = set()
        for p, side in members:  # §3.9, R16: player villagers on a side
            if p in seen:
                continue
            seen.add(p)
            vid = self._ledger(p)["villager"]
            delta = 1 if side == winning else -1
            before = self._v(vid)["standing"]
            self._set_standing(vid, before + delta, "end_of_turn")
            changes.append({"player": p, "villager": vid, "delta": self._v(vid)["standing"] - before})
        self.emit({"type": "end_turn", "conflict": c["id"], "result": c["result"], "changes": changes})
        if c["npc"]:
            st["conflict"] = None
            st["step"] = "phase_resolve"
            return
        st["step"] = "discard"

    def _cmd_discard(self, seat: int, cmd: dict) -> None:
        st = self.state
        self._need_step("discard", "discard")
        self._need(seat == self._turn_seat(), "not_your_turn", f"{self._pname(self._turn_seat())} discards now.")
        cards = cmd["cards"]
        self._need(isinstance(cards, list) and len(cards) <= 10, "bad_cards", "cards must be a list of your card ids.")
        led = self._ledger(seat)
        picked: list[str] = []
        for card in cards:
            card = self._own_card(seat, card, allow_locked=True)
            self._need(card not in picked, "bad_cards", f"{card} is listed twice.")
            picked.append(card)
        for card in picked:
            led["hand"].remove(card)
            if card in led["locked"]:
                led["locked"].remove(card)
            st["discard"].append(card)
        self.emit({"type": "discard", "player": seat, "count": len(picked), "cards": picked}, to=[seat, PREVOT],
                  others={"type": "discard", "player": seat, "count": len(picked)})
        self._close_bribery("turn")
        st["orders"] = []
        st["records"] = 0
        self._next_turn()

    # -- the secret action phase ----------------------------------------------------
    def _cmd_start_npc_conflict(self, seat: int, cmd: dict) -> None:
        st = self.state
        self._need_step("phase_resolve", "start an NPC conflict")
        self._need_prevot(seat, "start an NPC conflict")
        actor = self._living(cmd["actor_villager"], "acting NPC")
        self._need(self._npc(actor), "not_npc", f"{self._vname(actor)} is a player's villager.")
        self._need(cmd["kind"] != "reveal_secret", "npc_reveal", "NPCs cannot reveal secrets (R30).")
        parsed = self._parse_conflict(cmd["kind"], cmd, actor, None)
        c = self._new_conflict(cmd["kind"], actor, None, parsed, npc=True)
        st["conflict"] = c
        self.emit(self._declare_event(c))
        st["step"] = "frame"

    def _cmd_end_secret_phase(self, seat: int, cmd: dict) -> None:
        st = self.state
        self._need_step("phase_resolve", "end the secret action phase")
        self._need_prevot(seat, "end the secret action phase")
        self._close_bribery("phase")
        self._close_bribery("turn")
        st["collect"] = None
        st["orders"] = []
        st["records"] = 0
        self.emit({"type": "phase_over", "round": st["round"]})
        self._end_round()

    def _end_round(self) -> None:
        """§3.11, automatic and in order."""
        st = self.state
        executed = []
        for vid in st["vorder"]:  # 1. sentences carried out (R38)
            v = self._v(vid)
            if v["status"] == "sentenced":
                v["status"] = "executed"
                executed.append(vid)
                self.emit({"type": "executed", "villager": vid})
        st["executed"] = executed
        st["bribery"] = []
        st["past_intimidated"] = {}
        for p in self.players_seats:  # 2. locked cards swept
            led = self._ledger(p)
            if led["locked"]:
                swept = list(led["locked"])
                for card in swept:
                    led["hand"].remove(card)
                    st["discard"].append(card)
                led["locked"] = []
                self.emit({"type": "locked_swept", "player": p, "count": len(swept), "cards": swept},
                          to=[p, PREVOT], others={"type": "locked_swept", "player": p, "count": len(swept)})
        for p in self.players_seats:  # 3. rewards (R17, R18)
            led = self._ledger(p)
            lines = []
            gain = 0
            ven = led["vendetta"]
            if ven is not None:
                now = self._v(ven["target"])["standing"]
                lost = max(0, ven["baseline"] - now)
                if lost >= 3:
                    gain += lost // 3
                    lines.append({"why": "vendetta_loss", "villager": ven["target"], "baseline": ven["baseline"],
                                  "standing": now, "lost": lost, "gain": lost // 3})
                if ven["target"] in executed:
                    gain += 3
                    lines.append({"why": "vendetta_executed", "villager": ven["target"], "gain": 3})
                    led["vendetta"] = None
            envy = led["envy"]
            if envy is not None and envy["holder"] in executed:
                gain += 6
                lines.append({"why": "envy_executed", "villager": envy["holder"], "gain": 6})
                led["envy"] = None
            if led["companion"] is not None and led["companion"] in executed:
                lines.append({"why": "companion_executed", "villager": led["companion"], "gain": 0})
                led["companion"] = None
            before = led["personal_gain"]
            led["personal_gain"] = before + gain
            self.emit({"type": "reward", "player": p, "gain": gain, "personal_gain": led["personal_gain"],
                       "lines": lines}, to=[p, PREVOT],
                      others={"type": "reward", "player": p, "gain": gain, "personal_gain": led["personal_gain"]})
        best = max(self._ledger(p)["personal_gain"] for p in self.players_seats)
        if best >= WIN_GAIN:  # 4. win check (3.13, R32)
            top = [p for p in self.players_seats if self._ledger(p)["personal_gain"] == best]
            standing = {p: self._v(self._ledger(p)["villager"])["standing"] for p in top}
            high = max(standing.values())
            winners = [p for p in top if standing[p] == high]
            st["winners"] = winners
            st["over"] = True
            st["phase"] = "over"
            st["step"] = None
            st["conflict"] = None
            self.emit({"type": "game_over", "winners": winners, "scores": self._scores(), "round": st["round"]})
            return
        self._start_round()

    # -- the Prévôt's record --------------------------------------------------------
    def _cmd_record_fact(self, seat: int, cmd: dict) -> None:
        st = self.state
        self._need(st["phase"] == "round", "wrong_phase", "Facts are recorded this way during the game proper.")
        self._need_prevot(seat, "record a fact")
        self._need(st["records"] > 0, "nothing_to_record",
                   "record_fact records what a card destroyed (If I Can't Have It, Nobody Can) (M12).")
        subject = cmd["subject"]
        if subject is not None:
            subject = self._villager(subject, "fact's subject")
        text = clean_text(cmd["text"], "The fact")
        st["records"] -= 1
        fid = self._add_fact(text, subject)
        self.emit({"type": "record", "fact": fid})

    # ================================================================== cards =====
    def _own_card(self, seat: int, card: Any, allow_locked: bool = False) -> str:
        led = self._ledger(seat)
        if not isinstance(card, str) or card not in self.cat.type_of:
            raise _bad("bad_card", f"There is no card {shown(card)} in Malleus Maleficarum.")
        self._need(card in led["hand"], "not_in_hand", f"{card} is not in your hand.")
        if not allow_locked:
            self._need(card not in led["locked"], "locked",
                       f"{self.cat.types[self.cat.type_of[card]].name} was played in secret and is locked until discarded.")
            self._need(card not in led["queued"], "queued", f"{card} waits in the Prévôt's queue.")
        return card

    def _card_params(self, seat: int, card: str, cmd: dict, in_secret_action: bool) -> dict:
        """Check the shape of a card play's parameters; return them cleaned."""
        ctype = self.cat.type_of[card]
        want = CARD_PARAMS[ctype]
        base = {"card"} | ({"secret"} if not in_secret_action else set())
        extra = sorted(set(cmd) - base - {"type"} - set(want))
        name = self.cat.types[ctype].name
        self._need(not extra, "bad_command", f"{name} takes no {shown(extra[0])}." if extra else "")
        missing = [k for k in want if k not in cmd]
        self._need(not missing, "bad_command", f"{name} needs {missing[0]!r}." if missing else "")
        params: dict[str, Any] = {}
        for key in want:
            value = cmd[key]
            if key == "target":
                params["target"] = self._villager(value, "card's target")
            elif key == "player":
                params["player"] = self._player_seat(value)
            elif key == "relationship":
                self._need(isinstance(value, str) and value in self.state["rels"], "bad_relationship",
                           f"There is no relationship {shown(value)}.")
                params["relationship"] = value
            elif key == "new_envy":
                params["new_envy"] = self._parse_envy(value, seat)
            elif key == "new_vendetta":
                params["new_vendetta"] = self._parse_vendetta(value, seat)
            elif key == "order":
                params["order"] = clean_text(value, "The Blackmail order")
        return params

    def _card_problem(self, seat: int, card: str, params: dict, secret: bool, queued: bool) -> str | None:
        """Why this play cannot take effect now (None: it can). Timing per §4."""
        st = self.state
        ctype = self.cat.type_of[card]
        name = self.cat.types[ctype].name
        c = st["conflict"]
        if st["phase"] != "round":
            return "Cards are played during the game proper (R24)."
        if ctype in PUBLIC_ONLY and secret:
            return f"{name} is never played in secret."
        conflict_live = c is not None and st["step"] in CONFLICT_STEPS
        if conflict_live and seat in c["intimidated"]:
            return "You are intimidated: no cards in this conflict (R27)."
        led = self._ledger(seat)
        if ctype == "blackmail":
            if not queued:
                return "Blackmail is played only inside a secret action."
            vid = params["target"]
            if not (self._npc(vid) and self._alive(vid)):
                return f"{self._vname(vid)} is not a living villager nobody plays."
            return None
        if ctype == "bribery":
            vid = params["target"]
            window = next((b for b in st["bribery"] if b["villager"] == vid), None)
            if window is None or self._v(vid)["status"] != "sentenced":
                return f"No Bribery window is open for {self._vname(vid)} (R20)."
            cause = self._v(vid)["sentenced_in"]
            if cause is not None and seat in self._intimidated_in(cause):
                return "You were intimidated in the conflict that brought this sentence (R27)."
            return None
        if ctype in ("eavesdropping", "sharp_intuition", "intimidation"):
            if params["player"] == seat:
                return "Name another player."
        if ctype in ("eavesdropping", "sharp_intuition"):
            return None
        if ctype == "if_i_cant":
            envy = led["envy"]
            if envy is None or envy["thing_villager"] is not None:
                return "Your envy must be an object, not a person (R35)."
            return None
        if ctype == "interloper":
            if c is None or st["step"] not in LIVE_STEPS or c["frozen_bonus"] is not None:
                return "Interloper is played in a conflict, before its last roll."
            if c["npc"]:
                return "Interloper is not played in NPC conflicts (R28)."
            if c["actor_player"] == seat:
                return "Interloper is played on another player's turn (R28)."
            vid = params["target"]
            if not self._alive(vid):
                return f"{self._vname(vid)} is {self._v(vid)['status']} (R21)."
            if vid in self._present(c):
                return f"{self._vname(vid)} is already in the scene."
            return None
        if ctype == "intimidation":
            if c is None or st["step"] not in ("confirm", "frame") + LIVE_STEPS or c["frozen_bonus"] is not None:
                return "Intimidation is played from a declaration until the last roll."
            p = params["player"]
            if p == c["actor_player"]:
                return "The actor cannot be intimidated (R27)."
            if p in c["intimidated"]:
                return f"{self._pname(p)} is already intimidated."
            return None
        if ctype in AFTERMATH_CARDS:
            if c is None or st["step"] != "aftermath":
                return f"{name} is played in the aftermath of a successful accusation or reveal."
            if ctype == "gossip" and c["gossip"]:
                return "Malevolent Gossip was already played on this conflict (R25)."
            if ctype == "shifting_blame":
                if c["shifted"]:
                    return "Shifting the Blame was already played on this conflict (R25)."
                vid = params["target"]
                if vid == c["loss_target"] or not self._alive(vid):
                    return "Shift the loss to another living, unsentenced villager."
            return None
        if ctype == "planted_evidence":
            vid = params["target"]
            if not self._alive(vid):
                return f"{self._vname(vid)} is {self._v(vid)['status']} (R21)."
            if self._v(vid)["standing"] > 6:
                return f"{self._vname(vid)} stands at {self._v(vid)['standing']}; Planted Evidence needs 6 or less."
            return None
        if ctype == "satiation":
            ven = led["vendetta"]
            if ven is None:
                return "You have no vendetta to replace (M13)."
            if params["new_vendetta"]["target"] == ven["target"]:
                return "The new vendetta must name a different target (R36)."
            return None
        if ctype == "treachery":
            r = st["rels"].get(params["relationship"])
            if r is None or r["kind"] != "ally":
                return "Treachery turns an ally relationship to enemy."
            return None
        if ctype == "whispering":
            vid = params["target"]
            if not self._alive(vid):
                return f"{self._vname(vid)} is {self._v(vid)['status']} (R21)."
            return None
        return None

    def _intimidated_in(self, conflict_id: str) -> list[int]:
        c = self.state["conflict"]
        if c is not None and c["id"] == conflict_id:
            return c["intimidated"]
        return self.state["past_intimidated"].get(conflict_id, [])

    def _cmd_play_card(self, seat: int, cmd: dict) -> None:
        self._need_player(seat, "hold cards")
        self._need(self.state["phase"] == "round", "wrong_phase", "Cards are played during the game proper (R24).")
        card = self._own_card(seat, cmd["card"])
        secret = self._bool(cmd["secret"], "secret")
        ctype = self.cat.type_of[card]
        self._need(ctype != "blackmail", "secret_action_only", "Blackmail is played only inside a secret action.")
        params = self._card_params(seat, card, cmd, in_secret_action=False)
        problem = self._card_problem(seat, card, params, secret=secret, queued=False)
        self._need(problem is None, "cannot_play", problem or "")
        self._resolve_card(seat, card, params, secret=secret)

    def _resolve_card(self, seat: int, card: str, params: dict, secret: bool) -> None:
        """Carry out a card (§4); lock a secret one, discard a public one (§3.12)."""
        st = self.state
        ctype = self.cat.type_of[card]
        led = self._ledger(seat)
        c = st["conflict"]
        full = {"type": "card", "card": card, "card_type": ctype, "player": seat, "secret": secret}
        visible: dict[str, Any] = {}
        private_note: dict | None = None
        if ctype == "blackmail":
            st["orders"].append({"player": seat, "kind": "blackmail", "villager": params["target"],
                                 "text": params["order"], "card": card})
            full.update(target=params["target"], order=params["order"])
        elif ctype == "bribery":
            vid = params["target"]
            v = self._v(vid)
            v["status"] = "alive"
            v["sentenced_in"] = None
            st["bribery"] = [b for b in st["bribery"] if b["villager"] != vid]
            visible["target"] = vid
            self._set_standing(vid, START_STANDING, "bribery")
        elif ctype == "eavesdropping":
            other = self._ledger(params["player"])
            secret_text = other["secret"]["text"] if other["secret"] else None
            private_note = {"kind": "eavesdropping", "player": params["player"], "secret": secret_text}
            other["seen_by"]["secret"].append(seat)
            full["player_seen"] = params["player"]
            if not secret:
                visible["on"] = params["player"]
        elif ctype == "sharp_intuition":
            other = self._ledger(params["player"])
            private_note = {"kind": "sharp_intuition", "player": params["player"],
                            "envy": dict(other["envy"]) if other["envy"] else None,
                            "vendetta": {k: other["vendetta"][k] for k in ("target", "reason")}
                            if other["vendetta"] else None}
            other["seen_by"]["envy_vendetta"].append(seat)
            full["player_seen"] = params["player"]
            if not secret:
                visible["on"] = params["player"]
        elif ctype == "if_i_cant":
            full.update(old_envy=dict(led["envy"]), new_envy=params["new_envy"])
            led["envy"] = params["new_envy"]
            st["records"] += 1
        elif ctype == "interloper":
            vid = params["target"]
            self._present(c).append(vid)
            c["interlopers"].append(vid)
            visible["target"] = vid
        elif ctype == "intimidation":
            p = params["player"]
            c["intimidated"].append(p)
            c["sides"].pop(str(p), None)
            c["citations"] = [x for x in c["citations"] if x["by"] != p]
            st["past_intimidated"][c["id"]] = list(c["intimidated"])
            visible["on"] = p
        elif ctype == "gossip":
            c["gossip"] = True
            c["pending_loss"] *= 2
            visible["pending_loss"] = c["pending_loss"]
        elif ctype == "shifting_blame":
            c["shifted"] = True
            visible["from"] = c["loss_target"]
            c["loss_target"] = params["target"]
            visible["target"] = params["target"]
        elif ctype == "planted_evidence":
            visible["target"] = params["target"]
        elif ctype == "satiation":
            full.update(old_vendetta=dict(led["vendetta"]), new_vendetta=params["new_vendetta"])
            led["vendetta"] = params["new_vendetta"]
        elif ctype == "treachery":
            r = st["rels"][params["relationship"]]
            visible["relationship"] = r["id"]
        elif ctype == "whispering":
            visible["target"] = params["target"]
        full.update(visible)
        # the hand: a secret play stays locked in hand, a public one is discarded
        if secret:
            led["locked"].append(card)
        else:
            led["hand"].remove(card)
            st["discard"].append(card)
        if not secret:
            public = {"type": "card", "card_type": ctype, "player": seat, "secret": False, **visible}
            self.emit(full, to=[seat, PREVOT], others=public)
        elif ctype in NO_TRACE:
            self.emit(full, to=[seat, PREVOT], others=None)
        else:
            self.emit(full, to=[seat, PREVOT], others={"type": "card", "card_type": ctype, "secret": True, **visible})
        if private_note is not None:
            led["inbox"].append(dict(private_note, round=st["round"]))
            self.emit(dict(private_note, type="learned", player_seen=private_note["player"], player=seat),
                      to=[seat, PREVOT])
        # effects that move standings or relationships come after the card's event
        if ctype == "planted_evidence":
            self._set_standing(params["target"], 0, "planted_evidence")
        elif ctype == "whispering":
            vid = params["target"]
            self._set_standing(vid, self._v(vid)["standing"] - 3, "whispering")
        elif ctype == "treachery":
            r = st["rels"][params["relationship"]]
            r["kind"] = "enemy"
            self.emit({"type": "relationship", "id": r["id"], "from": r["from"], "to": r["to"], "kind": "enemy",
                       "mutual": r["mutual"], "change": "treachery"})
            if c is not None:  # R26: defaults recompute
                for vid in (r["from"], r["to"]):
                    c["npc_sides"].pop(vid, None)
        elif ctype == "intimidation" and st["step"] == "oppose" and self._roller(c) is None:
            self._resolve()  # M2: nobody is left to roll against

    # ================================================================== legal =====
    def _legal(self, seat: int) -> list[dict]:
        st = self.state
        phase = st["phase"]
        if phase == "trigger":
            return [{"type": "set_trigger", "text": ""}]
        if phase == "first_villager":
            return [{"type": "add_villager", "name": "", "facts": ["", "", ""]}]
        if phase == "building":
            return self._legal_building()
        if phase == "choosing":
            return [{"type": "choose_villager", "villager": v} for v in st["vorder"]
                    if self._v(v)["controlled_by"] is None]
        if phase == "ledgers":
            return self._legal_ledger(seat)
        if phase == "companions":
            led = self._ledger(seat)
            if led["companion_choice"] is not None:
                return [{"type": "choose_companion", "villager": led["companion_choice"]}]
            return [{"type": "choose_companion", "villager": v} for v in st["vorder"] if self._companion_ok(v)]
        if phase != "round":
            return []
        out = self._legal_step(seat)
        if seat != PREVOT:
            out.extend(self._card_plays(seat))
        return out

    def _relation_options(self) -> list[tuple[str, bool]]:
        return [("new_to_old", False), ("old_to_new", False), ("new_to_old", True)]

    def _legal_building(self) -> list[dict]:
        st = self.state
        out: list[dict] = []
        vorder = st["vorder"]
        for other in vorder:
            for kind in REL_KINDS:
                for direction, mutual in self._relation_options():
                    out.append({"type": "add_villager", "name": "", "facts": ["", "", ""],
                                "relation": {"with": other, "kind": kind, "direction": direction, "mutual": mutual}})
        # add_fact_relation: one entry per free ordered pair, kind and mutuality taking
        # turns (M14); apply accepts every valid combination
        views = self._view_map()
        n = 0
        for vid in vorder:
            for other in vorder:
                if other == vid or (vid, other) in views:
                    continue
                mutual = n % 3 == 2 and (other, vid) not in views
                out.append({"type": "add_fact_relation", "villager": vid, "fact": "",
                            "relation": {"with": other, "kind": REL_KINDS[n % 2], "direction": "new_to_old",
                                         "mutual": mutual}})
                n += 1
        out.append({"type": "pass"})
        return out

    def _envy_options(self, seat: int) -> list[dict]:
        st = self.state
        own = self._ledger(seat)["villager"]
        holders = [v for v in st["vorder"] if self._companion_ok(v)]
        out = [{"holder": h, "thing": "", "thing_villager": None} for h in holders]
        for i, person in enumerate(v for v in st["vorder"] if v != own):
            if holders:
                holder = holders[i % len(holders)]
                if holder != person:
                    out.append({"holder": holder, "thing": "", "thing_villager": person})
        return out

    def _vendetta_options(self, seat: int) -> list[dict]:
        return [{"target": v, "reason": ""} for v in self.state["vorder"] if self._vendetta_ok(seat, v)]

    def _legal_ledger(self, seat: int) -> list[dict]:
        envies = [e for e in self._envy_options(seat) if e["thing_villager"] is None]
        persons = [e for e in self._envy_options(seat) if e["thing_villager"] is not None]
        vendettas = self._vendetta_options(seat)
        out = []
        for envy in envies:
            for ven in vendettas:
                out.append({"type": "submit_ledger", "secret": "", "envy": envy, "vendetta": ven})
        for i, envy in enumerate(persons):
            out.append({"type": "submit_ledger", "secret": "", "envy": envy, "vendetta": vendettas[i % len(vendettas)]})
        return out

    def _conflict_options(self, seat: int, actor: str, actor_player: int | None) -> list[dict]:
        """Declarable conflicts (kind + fields) for ``actor`` (see M14 for samples)."""
        st = self.state
        living = self._living_ids()
        out: list[dict] = []
        for t in living:
            if t != actor:
                out.append({"kind": "accusation", "target": t})
        if actor_player is not None:
            for p in self.players_seats:
                if p == actor_player:
                    continue
                led = self._ledger(p)
                if led["secret"] is not None and not led["secret"]["revealed"]:
                    out.append({"kind": "reveal_secret", "target": led["villager"], "claimed_text": ""})
        # relationship changes (M14): every recorded view between living villagers, and
        # every new view to or from the actor, the new value taking turns; a mutual record
        # also whole
        views = self._view_map()
        alive = set(living)
        pairs = [(a, b) for a, b in views if a in alive and b in alive]
        pairs.extend((actor, b) for b in living if b != actor and (actor, b) not in views)
        pairs.extend((a, actor) for a in living if a != actor and (a, actor) not in views)
        n = 0
        for a, b in sorted(pairs, key=lambda ab: (int(ab[0][1:]), int(ab[1][1:]))):
            record = views.get((a, b))
            current = record["kind"] if record else "none"
            choices = [k for k in ("enemy", "ally", "none") if k != current]
            new = choices[n % 2]
            n += 1
            out.append({"kind": "relationship_change", "target": a,
                        "relationship": {"from": a, "to": b, "new": new, "both_directions": False}})
            if record is not None and record["mutual"] and record["from"] == a:
                out.append({"kind": "relationship_change", "target": a,
                            "relationship": {"from": a, "to": b, "new": new, "both_directions": True}})
        out.append({"kind": "facts_change", "target": None, "ops": [{"op": "add", "subject": None, "text": ""}]})
        for t in living:
            out.append({"kind": "facts_change", "target": t, "ops": [{"op": "add", "subject": t, "text": ""}]})
        for fid in st["forder"]:
            f = st["facts"][fid]
            if f["status"] != "active":
                continue
            subject = f["subject"]
            if subject is not None and not self._alive(subject):
                continue
            op = {"op": "modify", "fact": fid, "text": ""} if int(fid[1:]) % 2 else {"op": "remove", "fact": fid}
            out.append({"kind": "facts_change", "target": subject, "ops": [op]})
        for t in living:
            out.append({"kind": "bolster", "target": t})
        return out

    def _present_options(self, c: dict) -> list[list[str]]:
        st = self.state
        actor, target = c["actor_villager"], c["target"]
        living = self._living_ids()
        options = [[actor]]
        if target is not None and target != actor and target in living:
            options.append([actor, target])
            for v in living:
                if v not in (actor, target):
                    options.append([actor, target, v])
        else:
            for v in living:
                if v != actor:
                    options.append([actor, v])
        everyone = [actor] + [v for v in living if v != actor]
        if everyone not in options:
            options.append(everyone)
        return options

    def _legal_step(self, seat: int) -> list[dict]:
        st = self.state
        step = st["step"]
        c = st["conflict"]
        out: list[dict] = []
        if step == "declare":
            if seat != self._turn_seat():
                return []
            actor = self._ledger(seat)["villager"]
            return [dict({"type": "declare_conflict"}, **o) for o in self._conflict_options(seat, actor, seat)]
        if step == "confirm":
            if seat != PREVOT:
                return []
            return [{"type": "confirm_secret", "accept": True}, {"type": "confirm_secret", "accept": False}]
        if step == "frame":
            if seat != self._actor_seat(c):
                return []
            opts = [{"type": "frame_scene", "location": "", "present": p} for p in self._present_options(c)]
            for scene in st["scenes"]:
                opts.append({"type": "frame_scene", "location": "", "present": self._present_options(c)[0],
                             "resume": scene["id"]})
            return opts
        if step in ("secret_step", "secret_phase"):
            col = st["collect"]
            if not col["resolving"]:
                return self._legal_secret_action(seat) if seat in col["waiting"] else []
            if seat != PREVOT:
                return []
            for play in col["queue"]:
                if self._card_problem(play["player"], play["card"], play["params"], secret=True, queued=True) is None:
                    out.append({"type": "apply_card", "card": play["card"]})
                out.append({"type": "void_card", "card": play["card"]})
            if step == "secret_step":
                out.extend(self._legal_prevot_scene(c))
                if not col["queue"]:
                    out.append({"type": "close_secret_actions"})
            return out
        if step == "phase_resolve":
            if seat != PREVOT:
                return []
            for vid in st["vorder"]:
                if not (self._npc(vid) and self._alive(vid)):
                    continue
                for o in self._npc_conflict_options(vid):
                    out.append(dict({"type": "start_npc_conflict", "actor_villager": vid}, **o))
            if st["records"] > 0:
                out.extend(self._legal_records())
            out.append({"type": "end_secret_phase"})
            return out
        if step in LIVE_STEPS:
            if c["frozen_bonus"] is None and step in CITE_STEPS and seat not in c["intimidated"]:
                cited = {(x["fact"], x["side"]) for x in c["citations"]}
                counted = c["facts"]
                for fid in self._citable_ids():
                    if fid in counted:
                        continue
                    for side in SIDES:
                        if (fid, side) not in cited:
                            out.append({"type": "cite_fact", "fact": fid, "side": side})
            if seat == PREVOT:
                if c["frozen_bonus"] is None:
                    for x in c["citations"]:
                        out.append({"type": "approve_fact", "fact": x["fact"], "side": x["side"]})
                        out.append({"type": "reject_fact", "fact": x["fact"], "side": x["side"]})
                    out.extend(self._legal_prevot_scene(c))
                if step == "scene":
                    out.append({"type": "begin_resolution"})
                if step == "sides":
                    out.append({"type": "lock_sides"})
            else:
                if step in JOIN_STEPS:
                    if self._join_problem(seat, c) is None:
                        out.append({"type": "join_scene"})
                    if self._side_problem(seat, c) is None:
                        out.extend({"type": "take_side", "side": s} for s in SIDES)
            if step == "roll" and seat == self._actor_seat(c):
                out.append({"type": "roll"})
            if step == "oppose" and seat == self._roller(c):
                out.append({"type": "roll"})
            if st["records"] > 0 and seat == PREVOT:
                out.extend(self._legal_records())
            return out
        if step == "aftermath":
            if seat == PREVOT:
                out.append({"type": "close_window"})
                if st["records"] > 0:
                    out.extend(self._legal_records())
            if seat == self._loser(c) and not c["narrated"]:
                out.append({"type": "narrate", "text": ""})
            return out
        if step == "outcome":
            if seat == self._loser(c) and not c["narrated"]:
                out.append({"type": "narrate", "text": ""})
            if seat == PREVOT:
                out.append({"type": "end_turn"})
                if st["records"] > 0:
                    out.extend(self._legal_records())
            return out
        if step == "discard":
            if seat == self._turn_seat():
                hand = self._ledger(seat)["hand"]
                for size in range(len(hand) + 1):
                    for combo in itertools.combinations(hand, size):
                        out.append({"type": "discard", "cards": list(combo)})
            if seat == PREVOT and st["records"] > 0:
                out.extend(self._legal_records())
            return out
        return out

    def _legal_records(self) -> list[dict]:
        return [{"type": "record_fact", "subject": None, "text": ""}] + [
            {"type": "record_fact", "subject": v, "text": ""} for v in self.state["vorder"]]

    def _legal_prevot_scene(self, c: dict) -> list[dict]:
        out = []
        if c["frozen_bonus"] is not None:
            return out
        present = self._present(c)
        vs = self.state["villagers"]
        for vid in self.state["vorder"]:
            v = vs[vid]
            if v["controlled_by"] is not None or v["status"] != "alive":
                continue
            if vid not in present:
                out.append({"type": "set_present", "add": [vid], "remove": []})
            elif vid != c["actor_villager"]:
                out.append({"type": "set_present", "add": [], "remove": [vid]})
        for vid in present:
            if not self._npc(vid) or vid in (c["actor_villager"], c["target"]) or not self._alive(vid):
                continue
            current, _ = self._npc_side(c, vid)
            for side in ("for", "against", "none"):
                if (current or "none") != side:
                    out.append({"type": "assign_side", "villager": vid, "side": side})
        return out

    def _npc_conflict_options(self, actor: str) -> list[dict]:
        """A covering sample (M14): accusations and bolsters of every living villager,
        one relationship change held by the actor, one general-ledger fact."""
        living = self._living_ids()
        opts: list[dict] = [{"kind": "accusation", "target": t} for t in living if t != actor]
        opts.extend({"kind": "bolster", "target": t} for t in living)
        for other in living:
            if other == actor:
                continue
            record = self._view_record(actor, other)
            current = record["kind"] if record else "none"
            new = "enemy" if current != "enemy" else "ally"
            opts.append({"kind": "relationship_change", "target": actor,
                         "relationship": {"from": actor, "to": other, "new": new, "both_directions": False}})
            break
        opts.append({"kind": "facts_change", "target": None, "ops": [{"op": "add", "subject": None, "text": ""}]})
        return opts

    def _cite_possible(self, c: dict) -> bool:
        """Some fact may still be cited for some side (public information)."""
        if c["frozen_bonus"] is not None:
            return False
        cited: dict[str, int] = {}
        for x in c["citations"]:
            cited[x["fact"]] = cited.get(x["fact"], 0) + 1
        return any(fid not in c["facts"] and cited.get(fid, 0) < 2 for fid in self._citable_ids())

    def _citable_ids(self) -> list[str]:
        st = self.state
        facts = st["facts"]
        ids = list(self.cat.stereotype)
        ids.extend(f for f in st["forder"] if facts[f]["status"] == "active")
        return ids

    def _replacement_options(self, seat: int) -> list[dict]:
        """Diagonal combinations of the replacements a secret action must carry (M14)."""
        st = self.state
        led = self._ledger(seat)
        need = self._replacements_needed(seat) if st["collect"]["kind"] == "phase" else []
        lists: dict[str, list] = {}
        if "envy" in need:
            lists["new_envy"] = self._envy_options(seat)
        if "vendetta" in need:
            lists["new_vendetta"] = self._vendetta_options(seat)
        if "companion" in need:
            taken = self._companions_taken(seat)
            lists["new_companion"] = [v for v in st["vorder"] if self._companion_ok(v) and v not in taken]
        if not lists:
            return [{}]
        size = max(len(v) for v in lists.values())
        return [{k: v[i % len(v)] for k, v in lists.items()} for i in range(size)]

    def _legal_secret_action(self, seat: int) -> list[dict]:
        st = self.state
        led = self._ledger(seat)
        c = st["conflict"]
        intimidated = c is not None and seat in c["intimidated"]
        reps = self._replacement_options(seat)
        base = {"type": "secret_action", "text": ""}
        out = [dict(base, **r) for r in reps]
        first = reps[0]
        if not intimidated:
            for play in self._card_play_options(seat, in_secret_action=True):
                out.append(dict(base, cards=[play], **first))
            if led["companion"] is not None:
                out.append(dict(base, companion_order="", **first))
        for p in self.players_seats:
            if p != seat:
                out.append(dict(base, notes=[{"to": p, "text": ""}], **first))
        return out

    def _card_play_options(self, seat: int, in_secret_action: bool) -> list[dict]:
        """Card plays (without ``type``/``secret``) whose shape is valid and whose timing is
        open now (for a secret action: whose shape is valid; timing is checked on apply)."""
        st = self.state
        led = self._ledger(seat)
        out: list[dict] = []
        living = self._living_ids()
        others = [p for p in self.players_seats if p != seat]
        for card in led["hand"]:
            if card in led["locked"] or card in led["queued"]:
                continue
            ctype = self.cat.type_of[card]
            if in_secret_action and ctype in PUBLIC_ONLY:
                continue
            if not in_secret_action and ctype == "blackmail":
                continue
            if ctype == "blackmail":
                cands = [{"target": v, "order": ""} for v in living if self._npc(v)]
            elif ctype == "bribery":
                cands = [{"target": b["villager"]} for b in st["bribery"]]
            elif ctype in ("eavesdropping", "sharp_intuition", "intimidation"):
                cands = [{"player": p} for p in others]
            elif ctype == "if_i_cant":
                cands = [{"new_envy": e} for e in self._envy_options(seat)[:4]]
            elif ctype == "interloper":
                present = self._present(st["conflict"]) if st["conflict"] is not None else []
                cands = [{"target": v} for v in living if v not in present]
            elif ctype == "gossip":
                cands = [{}]
            elif ctype in ("shifting_blame", "whispering"):
                cands = [{"target": v} for v in living]
            elif ctype == "planted_evidence":
                cands = [{"target": v} for v in living if self._v(v)["standing"] <= 6]
            elif ctype == "satiation":
                cands = [{"new_vendetta": v} for v in self._vendetta_options(seat)]
            elif ctype == "treachery":
                cands = [{"relationship": r} for r in st["rorder"] if st["rels"][r]["kind"] == "ally"]
            else:
                cands = []
            for params in cands:
                if not in_secret_action:
                    for secret in ((False,) if ctype in PUBLIC_ONLY else (True, False)):
                        if self._card_problem(seat, card, params, secret=secret, queued=False) is None:
                            out.append(dict({"card": card, "secret": secret}, **params))
                else:
                    out.append(dict({"card": card}, **params))
        return out

    def _card_plays(self, seat: int) -> list[dict]:
        """Open card plays of a player not listed in ``to_act`` (R24)."""
        st = self.state
        if seat == PREVOT or st["phase"] != "round":
            return []
        return [dict({"type": "play_card"}, **o) for o in self._card_play_options(seat, in_secret_action=False)]

    # ============================================================ bots' hooks =====
    def rollout_policy(self, seat: int, legal: list[dict], rng: Any) -> dict:
        """The story-moving policy (:func:`story_move`) from what ``seat`` knows."""
        st = self.state
        c = st["conflict"]
        grudges = set()
        hand_types = {}
        if seat != PREVOT:
            led = self._ledger(seat)
            if led["vendetta"]:
                grudges.add(led["vendetta"]["target"])
            if led["envy"]:
                grudges.add(led["envy"]["holder"])
            hand_types = {cid: self.cat.type_of[cid] for cid in led["hand"]}
        sense = StorySense(
            building_done=st["phase"] == "building" and len(st["vorder"]) >= self._threshold(),
            spoken=len(c["facts"]) + len(c["citations"]) if c is not None else 0,
            grudges=frozenset(grudges), hand_types=hand_types, villagers=len(st["vorder"]))
        return story_move(legal, rng, sense)

    # ============================================================ determinize =====
    def _determinize(self, seat: int, rng: Any) -> None:
        """Resample what ``seat`` cannot know (DESIGN D2; hook of ``Match.determinize``).

        This is a fresh copy whose state is the real one. Hidden from a player (§5): the
        other hands (their sizes are public), the deck order, the face-down discard
        pile, the other players' ledgers (secret, envy, vendetta, companion) unless
        revealed or learned by a card, their secret actions, queued cards and orders,
        notes between others, a claimed secret still before the Prévôt. The Prévôt
        lacks only the texts of player-to-player notes. Decisions read only the seat's
        own view and log; resampled texts become neutral placeholders.

        Approximations (documented, not yet modelled): other players' locked cards
        are not marked (they look like ordinary cards), the types of cards seen played
        in secret are not kept out of the deck, and the public personal-gain rewards
        do not constrain the resampled envies and vendettas.
        """
        st = self.state
        view = self.view(seat)
        unknown_text = "(unknown)"
        if seat == PREVOT:  # he knows where every card is, but not the deck's order
            for p in self.players_seats:
                for item in self._ledger(p)["inbox"]:
                    if item["kind"] == "note":
                        item["text"] = unknown_text
            deck = sorted(st["deck"], key=lambda c: int(c[1:]))
            rng.shuffle(deck)
            st["deck"] = deck
            st["dice_script"] = []
            return
        # cards: keep my hand and the cards I discarded myself since the last reshuffle
        mine = list(self._ledger(seat)["hand"])
        own_discards: list[str] = []
        for event in self.log(seat):
            t = event["type"]
            if t == "reshuffle":
                own_discards = []
            elif t in ("discard", "locked_swept") and event.get("player") == seat:
                own_discards.extend(event.get("cards", []))
            elif t == "card" and event.get("player") == seat and not event.get("secret") and "card" in event:
                own_discards.append(event["card"])
        own_discards = [c for c in own_discards if c not in mine]
        pool = sorted(set(self.cat.card_ids) - set(mine) - set(own_discards), key=lambda c: int(c[1:]))
        rng.shuffle(pool)
        counts = {p["seat"]: p["hand_count"] for p in view["players"]}
        for p in self.players_seats:
            led = self._ledger(p)
            if p == seat:
                continue
            led["hand"] = [pool.pop() for _ in range(counts[p])]
            led["locked"] = []
            led["queued"] = []
        discard_unknown = view["discard_count"] - len(own_discards)
        st["discard"] = own_discards + [pool.pop() for _ in range(max(0, discard_unknown))]
        st["deck"] = pool
        # ledgers of the others
        you = view["you"]
        learned_secret = {x["player"] for x in you["inbox"] if x["kind"] == "eavesdropping"}
        learned_goals = {x["player"]: x for x in you["inbox"] if x["kind"] == "sharp_intuition"}
        mine_v = you["villager"]
        villagers = [v["id"] for v in view["villagers"]]
        npcs = [v["id"] for v in view["villagers"] if v["controlled_by"] is None and v["status"] == "alive"]
        standing = {v["id"]: v["standing"] for v in view["villagers"]}
        taken = {you["companion"]} if you["companion"] else set()
        for public in view["players"]:
            p = public["seat"]
            if p == seat:
                continue
            led = self._ledger(p)
            led["inbox"] = [x for x in led["inbox"] if x["kind"] == "note" and x["from"] == seat]
            led["seen_by"] = {k: [s for s in v if s == seat] for k, v in led["seen_by"].items()}
            led["prompt"] = None
            if led["secret"] is not None and not led["secret"]["revealed"] and p not in learned_secret:
                led["secret"] = {"text": unknown_text, "revealed": False}
            own = public["villager"]
            if p in learned_goals:
                goals = learned_goals[p]
                led["envy"] = dict(goals["envy"]) if goals["envy"] else None
                led["vendetta"] = dict(goals["vendetta"], baseline=standing[goals["vendetta"]["target"]]) \
                    if goals["vendetta"] else None
            elif public["ledger_in"]:  # (whether a slot was emptied since is not public)
                holders = [v for v in npcs if v != own]
                targets = [v for v in villagers if v != own]
                led["envy"] = {"holder": rng.choice(holders), "thing": unknown_text, "thing_villager": None} \
                    if holders else None
                target = rng.choice(targets) if targets else None
                led["vendetta"] = {"target": target, "reason": unknown_text, "baseline": standing[target]} \
                    if target else None
            chosen = st["phase"] in ("round", "over")
            if chosen or public["companion_in"]:
                free = [v for v in npcs if v not in taken]
                pick = rng.choice(free) if free else None
                led["companion"] = pick if chosen else None
                led["companion_choice"] = None if chosen else pick
                taken.add(pick)
            elif st["phase"] == "companions":
                led["companion_choice"] = None
        # secret actions, queued cards and orders of the others
        col = st["collect"]
        if col is not None:
            col["queue"] = [q for q in col["queue"] if q["player"] == seat]
            for key in list(col["subs"]):
                if int(key) != seat:
                    sub = col["subs"][key]
                    col["subs"][key] = {"player": sub["player"], "text": unknown_text, "cards": [],
                                        "companion_order": None, "notes": sub["notes"], "new_envy": None,
                                        "new_vendetta": None, "new_companion": None}
        st["orders"] = [o for o in st["orders"] if o["player"] == seat]
        c = st["conflict"]
        if c is not None and "claimed_text" in c["params"] and c["actor_player"] != seat \
                and "claimed_text" not in view["conflict"]["params"]:
            c["params"]["claimed_text"] = unknown_text
        st["dice_script"] = []

    # ================================================================== view ======
    def _view(self, seat: int | None) -> dict:
        st = self.state
        villagers = [{"id": v["id"], "name": v["name"], "standing": v["standing"], "facts": list(v["facts"]),
                      "controlled_by": v["controlled_by"], "status": v["status"], "sentenced_in": v["sentenced_in"]}
                     for v in (st["villagers"][vid] for vid in st["vorder"])]
        sf = st["facts"]
        facts = {fid: {"id": fid, "text": f["text"], "subject": f["subject"], "status": f["status"]}
                 for fid, f in ((fid, sf[fid]) for fid in st["forder"])}
        c = st["conflict"]
        col = st["collect"]
        players = []
        for p in self.players_seats:
            led = self._ledger(p)
            secret = led["secret"]
            players.append({
                "seat": p, "name": self.players[p], "villager": led["villager"],
                "personal_gain": led["personal_gain"], "hand_count": len(led["hand"]),
                "forfeit": led["forfeit"],
                "secret_revealed": secret["text"] if secret is not None and secret["revealed"] else None,
                "ledger_in": led["secret"] is not None,
                "companion_in": st["phase"] == "companions" and p not in st["waiting"],
                "submitted": col is not None and p in col["submitted"],
                "intimidated": c is not None and p in c["intimidated"],
            })
        view: dict[str, Any] = {
            "phase": st["phase"], "step": st["step"], "round": st["round"],
            "prevot": {"seat": PREVOT, "name": self.players[PREVOT]},
            "participants": self.n, "threshold": self._threshold(),
            "players": players, "villagers": villagers, "facts": facts,
            "general_ledger": [f for f in st["forder"] if st["facts"][f]["subject"] is None
                               and st["facts"][f]["status"] == "active"],
            "stereotypes": [dict(x) for x in self._stereotypes],
            "relationships": [dict(st["rels"][r]) for r in st["rorder"]],
            "building": dict(st["build"], threshold=self._threshold(), villagers=len(st["vorder"]))
            if st["phase"] in ("first_villager", "building") else None,
            "choosing": {"order": list(st["choose"]["order"]), "next": st["choose"]["queue"][0]}
            if st["phase"] == "choosing" else {"order": list(st["choose"]["order"]), "next": None},
            "turn_order": list(st["turn_order"]), "turn_index": st["turn_idx"],
            "turn": self._turn_seat() if self._in_turn() else None,
            "deck_count": len(st["deck"]), "discard_count": len(st["discard"]),
            "scenes": [{"id": s["id"], "location": s["location"], "present": list(s["present"])} for s in st["scenes"]],
            "conflict": _copy(self._conflict_view(c, seat)) if c is not None else None,
            "bribery": [b["villager"] for b in st["bribery"]],
            "collect": None if col is None else {
                "kind": col["kind"], "waiting": list(col["waiting"]), "submitted": list(col["submitted"]),
                "resolving": col["resolving"], "notes": [dict(n) for n in col["notes"]]},
            "records": st["records"],
            "executed": list(st["executed"]),
            "last_rolls": _copy(st["last_rolls"]),
            "scores": self._scores(), "winners": list(st["winners"]),
            "recent": _copy(self._recent(seat)),
        }
        if seat is not None and seat != PREVOT:
            view["you"] = _copy(self._own_view(seat))
        if seat == PREVOT:
            view["prevot_screen"] = _copy(self._prevot_view())
        return view

    def _hand_view(self, led: dict) -> list[dict]:
        return [{"card": cid, "type": self.cat.type_of[cid], "locked": cid in led["locked"],
                 "queued": cid in led["queued"]} for cid in led["hand"]]

    def _own_view(self, seat: int) -> dict:
        led = self._ledger(seat)
        st = self.state
        return {
            "seat": seat, "villager": led["villager"], "companion": led["companion"],
            "companion_choice": led["companion_choice"],
            "secret": dict(led["secret"]) if led["secret"] else None,
            "envy": dict(led["envy"]) if led["envy"] else None,
            "vendetta": dict(led["vendetta"]) if led["vendetta"] else None,
            "personal_gain": led["personal_gain"], "forfeit": led["forfeit"],
            "hand": self._hand_view(led),
            "inbox": [dict(x) for x in led["inbox"]],
            "prompt": led["prompt"],
            "needs": self._replacements_needed(seat)
            if st["phase"] == "round" and None in (led["envy"], led["vendetta"], led["companion"]) else [],
            "submission": dict(st["collect"]["subs"][str(seat)])
            if st["collect"] is not None and str(seat) in st["collect"]["subs"] else None,
        }

    def _prevot_view(self) -> dict:
        st = self.state
        ledgers = []
        for p in self.players_seats:
            led = self._ledger(p)
            ledgers.append({
                "player": p, "villager": led["villager"], "companion": led["companion"],
                "companion_choice": led["companion_choice"],
                "secret": dict(led["secret"]) if led["secret"] else None,
                "envy": dict(led["envy"]) if led["envy"] else None,
                "vendetta": dict(led["vendetta"]) if led["vendetta"] else None,
                "personal_gain": led["personal_gain"], "hand": self._hand_view(led),
                "seen_by": {k: list(v) for k, v in led["seen_by"].items()},
                "inbox": [dict(x) for x in led["inbox"] if x["kind"] != "note"],
            })
        col = st["collect"]
        c = st["conflict"]
        return {
            "ledgers": ledgers,
            "queue": [] if col is None else [
                {"card": q["card"], "type": q["type"], "player": q["player"], "params": dict(q["params"]),
                 "problem": self._card_problem(q["player"], q["card"], q["params"], secret=True, queued=True)
                 if col["resolving"] else None}
                for q in col["queue"]],
            "submissions": [] if col is None else [dict(col["subs"][str(p)]) for p in col["submitted"]],
            "orders": [dict(o) for o in st["orders"]],
            "claimed_text": c["params"].get("claimed_text") if c is not None else None,
        }

    def _conflict_view(self, c: dict, seat: int | None) -> dict:
        st = self.state
        bonus = self._bonuses(c)
        npc_sides = {}
        for vid in self._present(c):
            if vid in (c["actor_villager"], c["target"]) or not self._npc(vid):
                continue
            side, source = self._npc_side(c, vid)
            npc_sides[vid] = {"side": side, "source": source}
        principal = self._principal(c)
        principal_side = None
        if principal is not None:
            principal_side = ("against" if c["kind"] in ("accusation", "reveal_secret")
                              else c["sides"].get(str(principal)))
        params = {}
        if c["kind"] == "relationship_change":
            params["relationship"] = dict(c["params"]["relationship"])
        if c["kind"] == "facts_change":
            params["ops"] = [dict(op) for op in c["params"]["ops"]]
        claimed = c["params"].get("claimed_text")
        if claimed is not None and (st["step"] != "confirm" or seat in (PREVOT, c["actor_player"])):
            params["claimed_text"] = claimed
        roller = None
        if st["step"] in ("sides", "oppose"):
            roller = self._roller(c)
        elif c["roller"] is not None:
            roller = c["roller"]
        return {
            "id": c["id"], "kind": c["kind"], "actor_villager": c["actor_villager"],
            "actor_player": c["actor_player"], "target": c["target"], "npc": c["npc"], "params": params,
            "scene": c["scene"], "present": list(self._present(c)), "bidden": list(c["bidden"]),
            "joined": list(c["joined"]), "sides": {k: v for k, v in sorted(c["sides"].items())},
            "principal": principal, "principal_side": principal_side, "npc_sides": npc_sides,
            "facts": dict(c["facts"]), "citations": [dict(x) for x in c["citations"]],
            "intimidated": list(c["intimidated"]), "interlopers": list(c["interlopers"]),
            "bonus": bonus, "frozen": c["frozen_bonus"] is not None,
            "roll_for": c["roll_for"], "roll_against": c["roll_against"], "roller": roller,
            "actor_total": c["actor_total"], "target_number": c["target_number"], "margin": c["margin"],
            "result": c["result"], "pending_loss": c["pending_loss"], "loss_target": c["loss_target"],
            "gossip": c["gossip"], "shifted": c["shifted"], "narrated": c["narrated"],
            "loser": self._loser(c) if c["result"] is not None else None,
        }

    def _recent(self, seat: int | None) -> list[dict]:
        out = []
        sid = self.state_id
        for entry in reversed(self._log):
            if entry["sid"] != sid:
                break
            event = self._visible(entry, seat)
            if event is not None:
                out.append(event)
        out.reverse()
        return out
