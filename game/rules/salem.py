"""Salem 1692 (game id ``salem``): rules/salem.md §1–§8.

Contract
--------
``SalemMatch`` implements the :class:`~game.engine.match.Match` hooks for 4–12 players
(the standard game) and for 2–3 players (the ghost variant, chosen automatically).
Commands are exactly those of §7 with exactly their fields (an unknown or missing field
is refused); one command is added, ``keep_character {character}`` (R41). Card data come
from ``cards/salem.yaml`` (:func:`catalog`); card text there is our own wording.

Seats and the variant
---------------------
With 2 or 3 names, ghosts are added up to 4 seats: 2 players → ``[P, G, P, G]``,
3 players → ``[P, P, P, G]``. The match then has 4 seats (``players`` holds 4 names, a
ghost's name is its Town Hall character) and the option ``ghosts`` records the ghost
seats, so ``replay(players, seed, options, commands)`` rebuilds the same variant. When
the ghosts are added, the ``bots`` and ``first_player`` options given by the caller
count players (0 = first name …) and are translated to seats. Ghosts never act: they
are never in ``to_act()``.

Options: ``town_hall`` (characters with abilities; standard game only — in the variant
characters are names only, R38), ``short_game_guard`` (§3.3), ``hide_witch_on_death``
(§3.7), ``extra_witch`` (R36), ``first_player`` (variant, R30; default a random human),
``ghosts`` (set by the engine, see above), ``timer_s`` (R22, R53: seconds per moment for
a front end's clock; null = no timer).

Flow
----
Setup → [``keep_character`` window (town_hall, N ≤ 7)] → Dawn window (standard) → turns.
Everything that interrupts a turn is a *frame* on ``state["stack"]`` (top = last):
``draw`` (two-card draw, or an ability's draws), ``mill`` (after a ghost peek),
``choose`` (a trial or the Black Cat step: ``choose_tryal``), ``conspiracy``, ``night``
(standard), ``vnight`` (variant), ``prompt`` (an optional ability: Rebecca Nurse,
Tituba's new order), ``death_order`` (variant Matchmaker clash) and the windows
``keep``/``dawn``. A frame either waits for answers (a blind *window*, or one seat's
``await``) or steps on by itself; ``to_act()`` is the top frame's waiting seats, or the
active seat when the stack is empty.

Blind windows (§5.0, R7): Dawn, the Night vote, the Gavel, confessions, Conspiracy
picks (and the character choice) ask *every* living seat (variant: every human); each
answers once (a seat serving a ghost's pick answers once per pick); a seat without a
role there may only ``pass``. ``window.order`` is clockwise from the active seat (Dawn
and the character choice: from seat 0). Every answer shows to the other seats as the
same ``answered`` event; what was answered stays private (votes: to the voters) until
the window closes. The Gavel window opens only while the Constable card is face down:
once it is face up there is no Constable, everyone knows it, and the Night goes straight
from the vote to the confessions (``gavel`` event with ``seat`` null).

Rulings (points salem.md leaves open; R1–R37 are the rules file's own)
-----------------------------------------------------------------------
R38 ``town_hall`` with 2–3 players deals names only (abilities are off in the variant,
    §2.2), so the option is ignored there rather than refused.
R39 Votes and the Gavel are compulsory for the seats that hold the role (witches at
    Dawn and Night, the Constable); they cannot ``pass``. Confessions are optional.
    Conspiracy picks are compulsory.
R40 A seat that dies during its own turn (Night or the Black Cat step from its own
    draw, a confession, a Matchmaker partner of its trial) loses the rest of that turn;
    play passes to the next living seat on its left. The remaining draws are lost.
R41 Town Hall with N ≤ 7 deals two characters to each seat and each keeps one: a blind
    window before Dawn, ``keep_character {character}`` (added to §7). The kept
    characters become public when the window closes; the others leave the game unseen.
R42 ``arrange_tryals`` is accepted from a living seat at any time, also out of turn
    (R18, R37), but not listed in ``legal()``: it changes nothing anyone else can see,
    and listing up to 120 orders would drown every other choice. It is refused while a
    choice on that row is open: the accused of a trial, the Black Cat's keeper, every
    giver during Conspiracy picks, a seat that has confessed in the open window, every
    row at the variant Night. Others see no event for it.
R43 ``short_game_guard`` applies to trials (not the Black Cat step) of a human accused
    whose row has 4–5 cards; the chooser's two indices are public, the accused picks.
    ``legal()`` lists each pair once (``index`` < ``index2``); ``apply`` takes either order.
R44 Abigail Williams and Ann Putnam use their ability in the trial their card started,
    before ``choose_tryal`` (``ability {name}``, each once per trial). Rebecca Nurse is
    asked (``ability`` or ``pass``) after a trial or Black Cat reveal of another seat's
    card has fully resolved. Giles Corey's third card is automatic (the two Accusations
    are shown to all). John Proctor's gain is automatic; if two seats have his ability,
    the first clockwise from the dead seat takes. Mary Warren may receive Matchmaker and
    the Black Cat; they just do nothing to her (R32). Sarah Good: Robbery with her as
    the robbed seat and Arson on her do nothing (the card is spent).
R45 Samuel Parris takes one or two non-black cards; ``legal()`` lists one card per kind
    (the first id of that kind in the discard pile), ``apply`` accepts any ids.
    Tituba: ``ability {name:"tituba"}`` before acting shows her the pile (her view's
    ``pending.pile``); she answers ``ability {name:"tituba", order:[…]}`` with a
    permutation of pile positions (top first). ``legal()`` lists the order as it is,
    reversed, and Night moved to the top; ``apply`` takes any permutation. If Night no
    longer lies at the bottom, a Night drawn early is set aside until the pile runs out;
    then the discard pile is shuffled into a new pile with Night beneath it.
R46 Will Griggs plays an Alibi as a Witness with ``ability {name:"will_griggs", card,
    target}``; the Alibi then lies among the red cards and counts 7 (listed in the
    view's ``as_witness``) until red cards are discarded.
R47 William Phips confesses without revealing with ``ability {name:"william_phips"}``
    in the confession window (once a game); at the close it is announced like a
    confession, without a card.
R48 Martha Corey's borrowed ability is used under the neighbour's character name;
    once-a-game counts are kept per seat, so she has her own.
R49 A Black Cat or Matchmaker in a hand (variant deck, John Proctor) is played like any
    blue card. Curse may discard the Black Cat.
R50 In the variant, "first human witch clockwise from the active seat" starts with the
    active seat itself. Robbery takes only ``target`` there (it is Arson).
R51 The view's ``log`` is the last 40 events the seat may see; ``Match.log(seat)`` has
    them all.
R52 ``determinize(seat, rng)`` (DESIGN D2) keeps what the seat saw and resamples the
    rest from its view and log only: other hands and the pile (Night stays at the
    bottom when it is there publicly; black cards never go to a hand), the kinds and
    places of unseen Tryal cards (a card it gave, took or peeked stays where it went
    until that seat passes a card at a later Conspiracy; a witch who learnt the witches
    since the last Conspiracy puts the Witch cards only with them), who else ever held
    a Witch card, the others' dealt characters, and in an open window the answers it
    did not see (voters and Constable follow the new rows). Not modelled: what a seat
    could infer from earlier public plays, so the sample is uniform only over this.
R53 Timers (R22, option ``timer_s``: seconds, None = off; the engine knows no clock, see
    "Timers" in game/engine/match.py). ``timeout_command(seat)`` at expiry: a turn
    with nothing played → ``draw_two`` (never a peek or an ability); after a play →
    ``end_turn``; a blind window or an optional prompt (Rebecca Nurse, William Phips'
    confession) → ``pass``; a compulsory answer is random among ``legal()``: Dawn and
    Night votes among the seats the voter does not know to be witches (any seat if it
    knows no other), the Gavel, each Conspiracy pick (a seat serving ghosts times out
    once per pick), the kept character; a trial or Black Cat choice, the guarded
    accused's pick, the variant Night flip and the death order are random too (never a
    Town Hall ability); Tituba's new order keeps the pile as it lies. One *moment*
    (``timer_key``) is a turn — the clock runs through every play of it — or one window,
    or one wait of a trial, prompt, flip or death order; a front end restarts the clock
    when the moment changes, so the turn's clock starts afresh after a trial the active
    seat chose.

Hidden information (§4) is enforced in ``_view`` and in every ``emit``: another seat's
row is only a count; hand contents only to the owner (Robbery: to the receiver; the
robbed seat and everyone else get a count); witch identities only through
``known_witches`` (Dawn, each Night, Conspiracy notes, deaths, the variant Night, the
end); votes only to the voters; the Gavel's placer never; picks and confessions only
when their window closes; the peeked card only to the peeker.

View fields (stable): ``phase active played threshold variant seats hand my_row
known_witches pending draw_count night_at_bottom discard removed gavel link as_witness
characters winners team log``. ``seats[i]``: ``seat name ghost alive character
row_count revealed front hand_count accusations threshold witch stocks`` (``witch`` is
true/false once public — death, variant Night, game end — else null; ``row`` holds the
whole row at the game's end). ``pending`` is null on a plain turn, else one of
``{kind:"window", window, order, waiting, answered, …}`` (voters also get ``votes``,
the Constable nothing more, a picker its ``picks``), ``{kind:"trial"|"black_cat",
player, chooser, await, stage, options}``, ``{kind:"ability", name, await}``,
``{kind:"night_flip", await}``, ``{kind:"death_order", await, choices}``.

Events (``type``): ``setup deal_tryal deal characters character_choice window answered
dawn_vote night_vote gavel_placed confess_chosen pick_chosen window_closed
witches_known black_cat turn stocks draw black_card play discard trial reveal death
immune matchmakers purge conspiracy conspiracy_moves conspiracy_card night night_target
gavel reshuffle confession ghost_peek shuffled mill witches_revealed over giles
proctor ability arranged``.
"""
from __future__ import annotations

import itertools
import marshal
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from game.engine.cards import CardSet, load_card_set
from game.engine.errors import CardDataError, IllegalCommand
from game.engine.match import Match, SetupError
from game.engine.registry import register
from game.engine.shape import shown

# §1.1: players -> (Not a Witch, Witch, Constable, cards per seat)
TRYAL_TABLE: dict[int, tuple[int, int, int, int]] = {
    4: (18, 1, 1, 5), 5: (23, 1, 1, 5), 6: (27, 2, 1, 5), 7: (32, 2, 1, 5),
    8: (29, 2, 1, 4), 9: (33, 2, 1, 4), 10: (27, 2, 1, 3), 11: (30, 2, 1, 3), 12: (33, 2, 1, 3),
}
VARIANT_TRYALS = (18, 1, 1, 5)
VARIANT_LAYOUT = {2: [False, True, False, True], 3: [False, False, False, True]}
HAND_SIZE = 3
T_STANDARD = 7
T_VARIANT = 4
LOG_TAIL = 40
NOT_A_WITCH, WITCH, CONSTABLE = "not_a_witch", "witch", "constable"
COLOURS = ("red", "green", "blue", "black")
# §1.2 (counts [FAN], our fixed catalogue)
RULE_COUNTS = {
    "accusation": 35, "evidence": 5, "witness": 1, "alibi": 3, "arson": 1, "curse": 1,
    "robbery": 1, "scapegoat": 2, "stocks": 3, "asylum": 1, "piety": 1, "matchmaker": 2,
    "black_cat": 1, "conspiracy": 1, "night": 1,
}
RULE_VALUES = {"accusation": 1, "evidence": 3, "witness": 7}
PURGED_KINDS = frozenset({"asylum", "piety", "matchmaker", "black_cat", "scapegoat", "robbery"})
CHARACTER_IDS = (
    "abigail_williams", "ann_putnam", "cotton_mather", "george_burroughs", "giles_corey",
    "john_proctor", "martha_corey", "mary_warren", "rebecca_nurse", "samuel_parris",
    "sarah_good", "thomas_danforth", "tituba", "will_griggs", "william_phips",
)
#: abilities used with the ``ability`` command
ACTIVE_ABILITIES = ("abigail_williams", "ann_putnam", "rebecca_nurse", "samuel_parris",
                    "tituba", "will_griggs", "william_phips")
WINDOW_NAMES = ("keep_character", "dawn", "night_vote", "gavel", "confess", "conspiracy")
#: the option ``timer_s`` (R22, R53): seconds per moment, in these bounds (0/None: off)
MIN_TIMER_S, MAX_TIMER_S = 0.1, 3600


# ------------------------------------------------------------------ card definitions --
@dataclass(frozen=True)
class PlayingKind:
    """One kind of playing card (§1.2); ``count`` copies with consecutive ids."""

    id: str
    name: str
    colour: str
    count: int
    targets: int
    text: str
    rules_text: str
    value: int = 0


@dataclass(frozen=True)
class TryalKind:
    id: str
    name: str
    text: str
    rules_text: str


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    text: str
    rules_text: str


def _check_cards(cards: CardSet, fail: Callable[[str, str, str], Exception]) -> None:
    kinds = cards["playing"]
    ids = [k.id for k in kinds]
    if ids != list(RULE_COUNTS):
        raise fail("", "playing", f"expected the kinds {', '.join(RULE_COUNTS)} in this order")
    for k in kinds:
        if k.colour not in COLOURS:
            raise fail(k.id, "colour", f"must be one of {', '.join(COLOURS)}, not {k.colour!r}")
        if k.count != RULE_COUNTS[k.id]:
            raise fail(k.id, "count", f"the rules give {RULE_COUNTS[k.id]} copies, found {k.count}")
        if k.colour == "red" and k.value != RULE_VALUES.get(k.id):
            raise fail(k.id, "value", f"the rules give {RULE_VALUES.get(k.id)}, found {k.value}")
        if k.colour != "red" and k.value:
            raise fail(k.id, "value", "only red cards have a value")
        if not 0 <= k.targets <= 2:
            raise fail(k.id, "targets", "must be 0, 1 or 2")
    if sum(k.count for k in kinds) != 59:
        raise fail("", "count", "expected 59 playing cards")
    if sorted(t.id for t in cards["tryal"]) != sorted((NOT_A_WITCH, WITCH, CONSTABLE)):
        raise fail("", "tryal", "expected exactly not_a_witch, witch and constable")
    if sorted(c.id for c in cards["characters"]) != sorted(CHARACTER_IDS):
        raise fail("", "characters", "expected the 15 Town Hall characters")


def load_salem_cards(path: Path | str | None = None) -> CardSet:
    """Load and validate ``cards/salem.yaml`` (or ``path``); raises CardDataError."""
    return load_card_set("salem", {"playing": PlayingKind, "tryal": TryalKind, "characters": Character},
                         path=path, check=_check_cards)


class Catalog:
    """The Salem cards: kinds, the fixed ids c0–c58 and their colours and values."""

    def __init__(self, cards: CardSet) -> None:
        self.kinds: dict[str, PlayingKind] = {k.id: k for k in cards["playing"]}
        self.tryals: dict[str, TryalKind] = {t.id: t for t in cards["tryal"]}
        self.characters: dict[str, Character] = {c.id: c for c in cards["characters"]}
        self.card_ids: list[str] = []
        self.kind_of: dict[str, str] = {}
        for k in cards["playing"]:
            for _ in range(k.count):
                cid = f"c{len(self.card_ids)}"
                self.card_ids.append(cid)
                self.kind_of[cid] = k.id
        self.colour_of = {c: self.kinds[k].colour for c, k in self.kind_of.items()}
        self.value_of = {c: self.kinds[k].value for c, k in self.kind_of.items()}
        first = {k: next(c for c in self.card_ids if self.kind_of[c] == k) for k in self.kinds}
        self.black_cat = first["black_cat"]
        self.conspiracy = first["conspiracy"]
        self.night = first["night"]
        self.piety = first["piety"]

    def name(self, card: str) -> str:
        return self.kinds[self.kind_of[card]].name


_CATALOG: Catalog | None = None


def catalog() -> Catalog:
    """The Salem cards, loaded once from ``cards/salem.yaml``."""
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = Catalog(load_salem_cards())
    return _CATALOG


def card_info(card: str) -> dict:
    """What a front end shows on a playing card's face or zoom view."""
    cat = catalog()
    k = cat.kinds[cat.kind_of[card]]
    return {"id": card, "kind": k.id, "name": k.name, "colour": k.colour, "value": k.value,
            "targets": k.targets, "text": k.text, "rules_text": k.rules_text}


def tryal_info(kind: str) -> dict:
    t = catalog().tryals[kind]
    return {"kind": t.id, "name": t.name, "text": t.text, "rules_text": t.rules_text}


def character_info(character: str) -> dict:
    c = catalog().characters[character]
    return {"id": c.id, "name": c.name, "text": c.text, "rules_text": c.rules_text}


# --------------------------------------------------------------------------- commands --
# type -> (required fields, optional fields)
FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "draw_two": ((), ()),
    "play": (("card", "target"), ("target2", "blue")),
    "end_turn": ((), ()),
    "ghost_peek": (("ghost", "index"), ()),
    "choose_tryal": (("player", "index"), ("index2",)),
    "dawn_vote": (("target",), ()),
    "night_vote": (("target",), ()),
    "gavel": (("target",), ()),
    "confess": (("index",), ()),
    "conspiracy_pick": (("index",), ("taker",)),
    "night_flip": (("player", "index"), ()),
    "death_order": (("first",), ()),
    "arrange_tryals": (("order",), ()),
    "ability": (("name",), ("card", "cards", "target", "order")),
    "keep_character": (("character",), ()),
    "pass": ((), ()),
}
#: fields each ability takes besides ``name`` (required, optional)
ABILITY_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "abigail_williams": ((), ()), "ann_putnam": ((), ()), "rebecca_nurse": ((), ()),
    "samuel_parris": (("cards",), ()), "tituba": ((), ("order",)),
    "will_griggs": (("card", "target"), ()), "william_phips": ((), ()),
}


def _bad(code: str, message: str) -> IllegalCommand:
    return IllegalCommand(code, message)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@register
class SalemMatch(Match):
    """Salem 1692. See the module docstring for the contract, flow and rulings."""

    game_id = "salem"
    title = "Salem 1692"
    min_players = 2
    max_players = 12
    option_defaults = {"town_hall": False, "short_game_guard": False, "hide_witch_on_death": False,
                       "extra_witch": False, "first_player": None, "ghosts": None, "timer_s": None}

    # ------------------------------------------------------------------ construction --
    def __init__(self, players: list[str], seed: int = 0, options: dict | None = None) -> None:
        self._oot: int | None = None
        opts = options
        if (isinstance(players, (list, tuple)) and len(players) in VARIANT_LAYOUT
                and isinstance(options, (dict, type(None))) and (options or {}).get("ghosts") is None):
            layout = VARIANT_LAYOUT[len(players)]
            humans = [i for i, ghost in enumerate(layout) if not ghost]
            names = iter(players)
            players = [f"Ghost {i + 1}" if ghost else next(names) for i, ghost in enumerate(layout)]
            opts = dict(options or {})
            opts["ghosts"] = [i for i, ghost in enumerate(layout) if ghost]

            def seat_of(p: Any) -> Any:
                return humans[p] if _is_int(p) and 0 <= p < len(humans) else -1

            if isinstance(opts.get("bots"), list):
                opts["bots"] = [seat_of(b) for b in opts["bots"]]
            if opts.get("first_player") is not None:
                opts["first_player"] = seat_of(opts["first_player"])
        super().__init__(players, seed, opts)

    @classmethod
    def absent_seats(cls, players: int) -> list[int]:
        layout = VARIANT_LAYOUT.get(players)
        return [i for i, ghost in enumerate(layout) if ghost] if layout else []

    def absent(self) -> list[int]:
        return list(self.state["ghosts"])

    # ------------------------------------------------------------------ setup -------
    def _check_setup_options(self) -> None:
        o = self.options
        for key in ("town_hall", "short_game_guard", "hide_witch_on_death", "extra_witch"):
            if not isinstance(o[key], bool):
                raise SetupError(f"{key} must be true or false")
        ghosts = o["ghosts"]
        if ghosts is not None:
            if not isinstance(ghosts, list) or self.n != 4 or ghosts not in ([1, 3], [3]):
                raise SetupError("ghosts are added by the game itself: give 2 or 3 players for the ghost variant")
        first = o["first_player"]
        if first is not None:
            if ghosts is None:
                raise SetupError("first_player is an option of the 2-3 player game only (the Black Cat decides otherwise)")
            if not _is_int(first) or not 0 <= first < self.n or first in ghosts:
                raise SetupError("first_player must name one of the players")
        if any(b in (ghosts or []) for b in o["bots"]):
            raise SetupError("a ghost seat cannot be a bot")
        timer = o["timer_s"]
        if timer is not None and (isinstance(timer, bool) or not isinstance(timer, (int, float))
                                  or not (timer == 0 or MIN_TIMER_S <= timer <= MAX_TIMER_S)):
            raise SetupError(f"timer_s is the seconds of the timer (R22), from {MIN_TIMER_S:g} to "
                             f"{MAX_TIMER_S:g}, or null (no timer)")

    def _setup(self) -> None:
        self._oot = None
        try:
            cat = self.cat = catalog()
        except CardDataError as exc:
            raise SetupError(f"cannot set up {self.title}: {exc}") from None
        self._check_setup_options()
        o = self.options
        n = self.n
        variant = o["ghosts"] is not None
        ghosts = list(o["ghosts"] or [])
        counts = VARIANT_TRYALS if variant else TRYAL_TABLE[n]
        nots, witches, constables, per = counts
        if o["extra_witch"] and not variant:
            nots, witches = nots - 1, witches + 1
        kinds = [WITCH] * witches + [CONSTABLE] * constables + [NOT_A_WITCH] * nots
        self.rng.shuffle(kinds)
        tryal_kind = {f"t{i}": k for i, k in enumerate(kinds)}
        rows = [[f"t{i}" for i in range(s * per, (s + 1) * per)] for s in range(n)]
        abilities = bool(o["town_hall"]) and not variant
        s: dict[str, Any] = {
            "variant": variant, "abilities": abilities, "ghosts": ghosts,
            "T": T_VARIANT if variant else T_STANDARD,
            "tryal_kind": tryal_kind, "rows": rows, "revealed": [[] for _ in range(n)],
            "hands": [[] for _ in range(n)], "fronts": [[] for _ in range(n)], "as_witness": [],
            "pile": [], "discard": [], "removed": [], "aside": [], "resolving": [],
            "alive": [True] * n,
            "witch": [any(tryal_kind[t] == WITCH for t in rows[p]) for p in range(n)],
            "witch_order": [], "known": [[] for _ in range(n)], "public_witch": [None] * n,
            "characters": [None] * n, "dealt": [[] for _ in range(n)], "uses": {},
            "active": None, "played": False, "gavel": None, "stack": [], "purged": False,
            "over": False, "team": None, "winners": [],
        }
        self.state = s
        s["witch_order"] = [p for p in range(n) if s["witch"][p]]
        for p in range(n):
            if s["witch"][p]:
                s["known"][p] = [p]
        self.emit({"type": "setup", "variant": variant, "ghosts": ghosts, "threshold": s["T"],
                   "rows": [len(r) for r in rows], "town_hall": abilities})
        for p in range(n):
            self.emit({"type": "deal_tryal", "seat": p, "cards": list(rows[p]),
                       "kinds": [tryal_kind[t] for t in rows[p]]},
                      to=[p], others={"type": "deal_tryal", "seat": p, "count": len(rows[p])})
        # Town Hall characters
        keep_window = False
        if variant or abilities:
            chars = list(CHARACTER_IDS)
            self.rng.shuffle(chars)
            if variant:
                s["characters"] = chars[:n]
                for g in ghosts:
                    self.players[g] = cat.characters[chars[g]].name
                self.emit({"type": "characters", "characters": list(s["characters"]),
                           "names": list(self.players)})
            elif n <= 7:
                keep_window = True
                for p in range(n):
                    s["dealt"][p] = chars[2 * p:2 * p + 2]
                    self.emit({"type": "character_choice", "seat": p, "characters": list(s["dealt"][p])},
                              to=[p], others=None)
            else:
                s["characters"] = chars[:n]
                self.emit({"type": "characters", "characters": list(s["characters"]),
                           "names": list(self.players)})
        # playing cards
        bc, con, night = cat.black_cat, cat.conspiracy, cat.night
        rest = [c for c in cat.card_ids if c not in (con, night) and (variant or c != bc)]
        self.rng.shuffle(rest)
        for p in range(n):
            if p in ghosts:
                continue
            s["hands"][p] = rest[:HAND_SIZE]
            del rest[:HAND_SIZE]
            self.emit({"type": "deal", "seat": p, "cards": list(s["hands"][p])},
                      to=[p], others={"type": "deal", "seat": p, "count": HAND_SIZE})
        rest.append(con)
        self.rng.shuffle(rest)
        s["pile"] = rest + [night]
        if variant:
            first = o["first_player"]
            if first is None:
                humans = [p for p in range(n) if p not in ghosts]
                first = humans[self.rng.randint(0, len(humans) - 1)]
            self._start_turn(first)
        else:
            s["aside"] = [bc]
            s["stack"].append({"kind": "dawn", "stage": "start"})
            if keep_window:
                s["stack"].append({"kind": "keep", "stage": "start"})
        self._advance()

    def _loaded(self) -> None:
        self.cat = catalog()
        self._oot = None

    # ------------------------------------------------------------- small helpers ----
    def _name(self, seat: int) -> str:
        return self.players[seat]

    def _ghost(self, seat: int) -> bool:
        return seat in self.state["ghosts"]

    def _humans(self) -> list[int]:
        g = self.state["ghosts"]
        return [p for p in range(self.n) if p not in g]

    def _living(self) -> list[int]:
        alive = self.state["alive"]
        return [p for p in range(self.n) if alive[p]]

    def _left_living(self, seat: int) -> int:
        """The next living seat clockwise (ghosts count), never ``seat`` itself unless alone."""
        alive = self.state["alive"]
        for k in range(1, self.n + 1):
            q = (seat + k) % self.n
            if alive[q]:
                return q
        return seat

    def _right_living(self, seat: int) -> int | None:
        alive = self.state["alive"]
        for k in range(1, self.n):
            q = (seat - k) % self.n
            if alive[q]:
                return q
        return None

    def _clockwise(self, start: int, seats: list[int]) -> list[int]:
        """``seats`` ordered clockwise starting at ``start`` (included)."""
        return sorted(seats, key=lambda p: (p - start) % self.n)

    def _next_turn_seat(self, seat: int) -> int:
        alive = self.state["alive"]
        ghosts = self.state["ghosts"]
        for k in range(1, self.n + 1):
            q = (seat + k) % self.n
            if alive[q] and q not in ghosts:
                return q
        return seat

    def _kind(self, card: str) -> str:
        return self.cat.kind_of[card]

    def _has(self, seat: int, name: str) -> bool:
        """Does ``seat`` have the ability of character ``name`` now (Martha borrows, §3.12)?"""
        s = self.state
        if not s["abilities"] or not s["alive"][seat]:
            return False
        own = s["characters"][seat]
        if own == name:
            return True
        if own == "martha_corey":
            right = self._right_living(seat)
            return right is not None and s["characters"][right] == name
        return False

    def _uses(self, seat: int, name: str) -> int:
        return self.state["uses"].get(f"{seat}:{name}", 0)

    def _use(self, seat: int, name: str) -> None:
        key = f"{seat}:{name}"
        self.state["uses"][key] = self.state["uses"].get(key, 0) + 1

    def _front_kinds(self, seat: int) -> list[str]:
        kind_of = self.cat.kind_of
        return [kind_of[c] for c in self.state["fronts"][seat]]

    def _has_in_front(self, seat: int, kind: str) -> bool:
        kind_of = self.cat.kind_of
        return any(kind_of[c] == kind for c in self.state["fronts"][seat])

    def _is_red(self, card: str) -> bool:
        return self.cat.colour_of[card] == "red" or card in self.state["as_witness"]

    def _accusations(self, seat: int) -> int:
        s = self.state
        cat = self.cat
        cotton = self._has(seat, "cotton_mather")
        total = 0
        for c in s["fronts"][seat]:
            if c in s["as_witness"]:
                total += 7
            elif cat.colour_of[c] == "red":
                v = cat.value_of[c]
                if cotton and cat.kind_of[c] == "evidence":
                    v = 1
                total += v
        return total

    def _threshold(self, target: int, adder: int | None = None) -> int:
        s = self.state
        if s["variant"]:
            return s["T"]
        george = self._has(target, "george_burroughs")
        if adder is not None and self._has(adder, "thomas_danforth"):
            return 7 if george else 6
        return 8 if george else s["T"]

    def _link(self) -> list[int] | None:
        """The two seats bound by Matchmaker (each has one in front), if any."""
        s = self.state
        kind_of = self.cat.kind_of
        seats = [p for p in range(self.n) if s["alive"][p]
                 and any(kind_of[c] == "matchmaker" for c in s["fronts"][p])]
        return seats if len(seats) == 2 else None

    def _witch_revealed(self) -> bool:
        tk = self.state["tryal_kind"]
        return all(tk[t] != WITCH for row in self.state["rows"] for t in row)

    def _constable(self) -> int | None:
        s = self.state
        tk = s["tryal_kind"]
        for p in range(self.n):
            if s["alive"][p] and any(tk[t] == CONSTABLE for t in s["rows"][p]):
                return p
        return None

    def _constable_unmasked(self) -> bool:
        """Is the Constable card face up (public: the role is over for the game, §3.3)?"""
        s = self.state
        tk = s["tryal_kind"]
        return any(tk[t] == CONSTABLE for row in s["revealed"] for t in row)

    def _learn(self, seat: int, witches: list[int]) -> None:
        known = self.state["known"][seat]
        for w in witches:
            if w not in known:
                known.append(w)
        known.sort()

    def _fields(self, cmd: dict, spec: dict) -> None:
        ctype = cmd["type"]
        required, optional = spec[ctype]
        for key in cmd:
            if key != "type" and key not in required and key not in optional:
                raise _bad("bad_field", f"A '{ctype}' command has no field {shown(key)}.")
        for key in required:
            if key not in cmd:
                raise _bad("missing_field", f"A '{ctype}' command needs a '{key}'.")

    def _seat_arg(self, value: Any, field: str) -> int:
        if not _is_int(value) or not 0 <= value < self.n:
            raise _bad("bad_seat", f"'{field}' must be a seat from 0 to {self.n - 1}, not {shown(value)}.")
        return value

    def _index_arg(self, value: Any, row: list, whose: str, field: str = "index") -> int:
        if not _is_int(value):
            raise _bad("bad_index", f"'{field}' must be a whole number, not {shown(value)}.")
        if not 0 <= value < len(row):
            raise _bad("bad_index", f"{whose} has {len(row)} Tryal card{'s' if len(row) != 1 else ''} "
                                    f"face down: '{field}' must be 0 to {len(row) - 1}.")
        return value

    # --------------------------------------------------------------------- deck -----
    def _take_top(self) -> str | None:
        """The top card of the draw pile; an empty pile with Night set aside is rebuilt."""
        s = self.state
        if not s["pile"]:
            if not s["aside"] or self.cat.night not in s["aside"]:
                return None
            s["aside"].remove(self.cat.night)
            self._rebuild_pile()
        return s["pile"].pop(0)

    def _rebuild_pile(self) -> None:
        s = self.state
        new = s["discard"]
        s["discard"] = []
        self.rng.shuffle(new)
        s["pile"] = new + [self.cat.night]
        self.emit({"type": "reshuffle", "count": len(s["pile"])})

    def _discard(self, cards: list[str], reason: str, seat: int | None = None) -> None:
        if not cards:
            return
        s = self.state
        for c in cards:
            if c in s["as_witness"]:
                s["as_witness"].remove(c)
        s["discard"].extend(cards)
        event = {"type": "discard", "cards": list(cards), "reason": reason}
        if seat is not None:
            event["seat"] = seat
        self.emit(event)

    # ------------------------------------------------------------------- turns -----
    def _start_turn(self, seat: int) -> None:
        s = self.state
        kind_of = self.cat.kind_of
        for _ in range(4 * self.n + 8):
            stocks = [c for c in s["fronts"][seat] if kind_of[c] == "stocks"]
            if not stocks:
                break
            s["fronts"][seat].remove(stocks[0])
            s["discard"].append(stocks[0])
            self.emit({"type": "stocks", "seat": seat, "card": stocks[0]})
            seat = self._next_turn_seat(seat)
        s["active"] = seat
        s["played"] = False
        s["turn_moment"] = self._next_moment()
        self.emit({"type": "turn", "seat": seat})

    def _end_turn(self) -> None:
        s = self.state
        self._start_turn(self._next_turn_seat(s["active"]))

    # ----------------------------------------------------------------- contract ----
    def _over(self) -> bool:
        return self.state["over"]

    def _to_act(self) -> list[int]:
        s = self.state
        if s["over"]:
            return []
        out = self._awaited()
        if self._oot is not None and self._oot not in out:
            out = out + [self._oot]
        return out

    def _awaited(self) -> list[int]:
        s = self.state
        if s["stack"]:
            top = s["stack"][-1]
            w = top.get("window")
            if w is not None:
                return list(w["waiting"])
            if top.get("await") is not None:
                return [top["await"]]
            return []
        return [s["active"]] if s["active"] is not None else []

    def _scores(self) -> list[int]:
        w = set(self.state["winners"])
        return [1 if p in w else 0 for p in range(self.n)]

    def _winners(self, scores: list) -> list[int]:
        return list(self.state["winners"])

    def _score_breakdown(self) -> list[list[tuple[str, int]]]:
        """§3.8: one point for each player on the winning side (dead or alive)."""
        s = self.state
        win = set(s["winners"])
        label = {"witches": "The witches won", "townspeople": "The town won"}.get(s["team"], "Nobody won")
        return [[(label, 1 if p in win else 0)] for p in range(self.n)]

    def apply(self, seat: int, command: dict) -> list[dict]:
        # R42: a living seat may arrange its own row out of turn
        if (type(command) is dict and command.get("type") == "arrange_tryals" and self._valid_seat(seat)
                and not self.over and seat not in self._awaited()):
            self._oot = seat
            try:
                return super().apply(seat, command)
            finally:
                self._oot = None
        return super().apply(seat, command)

    def _not_your_turn(self, seat: int, command: dict) -> str:
        s = self.state
        if not s["alive"][seat]:
            return f"{self._name(seat)} is dead: the dead take no more part."
        ctx, f = self._context()
        if ctx.startswith("window:") and seat in f["window"]["order"]:
            return f"{self._name(seat)} has already answered."
        return f"Not now: {self._what_now()}."

    # -------------------------------------------------------------- the interpreter --
    def _advance(self) -> None:
        """Run automatic steps until a seat must answer or the game is over."""
        s = self.state
        for _ in range(100_000):
            if s["over"]:
                return
            if not s["stack"]:
                a = s["active"]
                if a is not None and not s["alive"][a]:
                    self._end_turn()  # R40
                    continue
                return
            top = s["stack"][-1]
            w = top.get("window")
            if w is not None and w["waiting"]:
                return
            if top.get("await") is not None:
                if top.get("moment_of") != [top["await"], top.get("stage"), top["kind"]]:
                    # a new wait (a trial's chooser, then its accused …): the timer's moment
                    top["moment"] = self._next_moment()
                    top["moment_of"] = [top["await"], top.get("stage"), top["kind"]]
                return
            _STEPS[top["kind"]](self, top)
        raise RuntimeError("the Salem interpreter did not settle")  # a bug, never bad input

    def _open_window(self, frame: dict, name: str, start: int, seats: list[int], **extra: Any) -> None:
        order = self._clockwise(start, seats)
        w = {"name": name, "order": order, "waiting": list(order), "answers": [], "moment": self._next_moment()}
        w.update(extra)
        frame["window"] = w
        self.emit({"type": "window", "window": name, "order": order})

    def _close_window(self, frame: dict) -> dict:
        w = frame.pop("window")
        self.emit({"type": "window_closed", "window": w["name"]})
        return w

    def _window_seats(self) -> list[int]:
        """Who answers a blind window: every living seat (variant: every human)."""
        s = self.state
        return [p for p in range(self.n) if s["alive"][p] and p not in s["ghosts"]]

    @staticmethod
    def _decide(votes: list[list]) -> int | None:
        """R6: most votes; a tie goes to the tied target voted first."""
        if not votes:
            return None
        counts: dict[int, int] = {}
        first: dict[int, int] = {}
        for i, (_, target) in enumerate(votes):
            counts[target] = counts.get(target, 0) + 1
            first.setdefault(target, i)
        best = max(counts.values())
        return min((t for t, c in counts.items() if c == best), key=lambda t: first[t])

    # -- keep_character (R41)
    def _step_keep(self, f: dict) -> None:
        s = self.state
        if f["stage"] == "start":
            f["stage"] = "close"
            self._open_window(f, "keep_character", 0, list(range(self.n)))
            return
        w = self._close_window(f)
        for seat, cmd in w["answers"]:
            s["characters"][seat] = cmd["character"]
        s["dealt"] = [[] for _ in range(self.n)]
        s["stack"].pop()
        self.emit({"type": "characters", "characters": list(s["characters"]), "names": list(self.players)})

    # -- Dawn (§2.1 step 4, §5.1)
    def _step_dawn(self, f: dict) -> None:
        s = self.state
        if f["stage"] == "start":
            holders = [p for p in range(self.n) if s["witch"][p]]
            for p in holders:
                self._learn(p, holders)
            self.emit({"type": "witches_known", "seats": holders, "when": "dawn"}, to=holders, others=None)
            f["stage"] = "close"
            self._open_window(f, "dawn", 0, list(range(self.n)), voters=holders)
            return
        w = self._close_window(f)
        target = self._decide([[seat, cmd["target"]] for seat, cmd in w["answers"] if cmd["type"] == "dawn_vote"])
        bc = self.cat.black_cat
        s["aside"].remove(bc)
        s["fronts"][target].append(bc)
        s["stack"].pop()
        self.emit({"type": "black_cat", "seat": target, "card": bc})
        self._start_turn(target)

    # -- draws (§3.2)
    def _step_draw(self, f: dict) -> None:
        s = self.state
        seat = f["seat"]
        if not s["alive"][seat] or s["over"]:
            s["stack"].pop()
            if f["ends_turn"]:
                self._end_turn_after_frame()
            return
        if f["left"] <= 0:
            if (f.get("giles") and not f.get("giles_done") and f["drawn"] == 2 and f["acc"] == 2):
                f["giles_done"] = True
                f["left"] = 1
                self.emit({"type": "giles", "seat": seat, "cards": list(f["shown"])})
                return
            s["stack"].pop()
            if f["ends_turn"]:
                self._end_turn_after_frame()
            return
        card = self._take_top()
        if card is None:  # cannot happen with Night at the bottom; drawn fewer
            f["left"] = 0
            return
        f["left"] -= 1
        if self.cat.colour_of[card] == "black":
            f["drawn"] += 1
            self._black_card(seat, card)
            return
        s["hands"][seat].append(card)
        f["drawn"] += 1
        if self.cat.kind_of[card] == "accusation":
            f["acc"] += 1
            f["shown"].append(card)
        self.emit({"type": "draw", "seat": seat, "cards": [card]}, to=[seat],
                  others={"type": "draw", "seat": seat, "count": 1})

    def _end_turn_after_frame(self) -> None:
        s = self.state
        if not s["over"] and not s["stack"]:
            self._end_turn()

    def _black_card(self, seat: int, card: str) -> None:
        """A black card drawn or milled by ``seat``: shown and resolved at once."""
        s = self.state
        s["resolving"].append(card)
        self.emit({"type": "black_card", "seat": seat, "card": card, "kind": self._kind(card)})
        if card == self.cat.conspiracy:
            s["stack"].append({"kind": "conspiracy", "stage": "start", "drawer": seat})
        elif s["variant"]:
            s["stack"].append({"kind": "vnight", "stage": "start", "drawer": seat})
        else:
            s["stack"].append({"kind": "night", "stage": "start", "drawer": seat})

    # -- mill after a ghost peek (§3.1 C, R31)
    def _step_mill(self, f: dict) -> None:
        s = self.state
        if f["left"] <= 0:
            s["stack"].pop()
            self._end_turn_after_frame()
            return
        card = self._take_top()
        f["left"] -= 1
        if card is None:
            return
        if self.cat.colour_of[card] == "black":
            self.emit({"type": "mill", "seat": f["seat"], "card": card})
            self._black_card(f["seat"], card)
            return
        s["discard"].append(card)
        self.emit({"type": "mill", "seat": f["seat"], "card": card})

    # -- Conspiracy (§3.5)
    def _step_conspiracy(self, f: dict) -> None:
        s = self.state
        stage = f["stage"]
        if stage == "start":
            self.emit({"type": "conspiracy", "drawer": f["drawer"]})
            f["stage"] = "picks"
            bc = self.cat.black_cat
            holder = next((p for p in range(self.n) if s["alive"][p] and bc in s["fronts"][p]), None)
            if holder is not None and s["rows"][holder]:
                if self._has(holder, "mary_warren"):
                    self.emit({"type": "immune", "seat": holder, "card": bc, "character": "mary_warren"})
                else:
                    drawer = f["drawer"]
                    chooser = drawer if s["alive"][drawer] else holder
                    s["stack"].append({"kind": "choose", "reason": "black_cat", "player": holder,
                                       "chooser": chooser, "await": chooser, "stage": "choose",
                                       "mover": chooser})
            return
        if stage == "picks":
            picks = []
            living = self._living()
            for taker in living:
                giver = self._left_living(taker)
                if giver == taker:
                    continue
                picker = taker if not self._ghost(taker) else self._nearest_human_left(giver)
                picks.append({"picker": picker, "taker": taker, "giver": giver, "index": None})
            f["stage"] = "move"
            seats = self._window_seats()
            first = s["active"] if s["active"] is not None else 0
            self._open_window(f, "conspiracy", first, seats, picks=picks)
            return
        if stage == "move":
            w = self._close_window(f)
            rows = s["rows"]
            tk = s["tryal_kind"]
            moved = []
            for pk in w["picks"]:
                moved.append((pk, rows[pk["giver"]][pk["index"]]))
            for pk, card in moved:
                rows[pk["giver"]].remove(card)
            for pk, card in moved:
                rows[pk["taker"]].append(card)
            self.emit({"type": "conspiracy_moves",
                       "moves": [{"giver": pk["giver"], "taker": pk["taker"], "index": pk["index"]} for pk, _ in moved]})
            for pk, card in moved:
                giver, taker = pk["giver"], pk["taker"]
                note = {"type": "conspiracy_card", "giver": giver, "taker": taker, "card": card, "kind": tk[card]}
                self.emit(note, to=[q for q in (giver, taker) if not self._ghost(q)], others=None)
                if tk[card] == WITCH:
                    if not s["witch"][taker]:
                        s["witch"][taker] = True
                        s["witch_order"].append(taker)
                    self._learn(giver, [giver, taker])
                    self._learn(taker, [giver, taker])
            f["stage"] = "done"
            return
        # done
        s["stack"].pop()
        con = self.cat.conspiracy
        s["resolving"].remove(con)
        s["discard"].append(con)
        self.emit({"type": "discard", "cards": [con], "reason": "conspiracy"})
        # §3.5 step 4, §3.8: the picks may have left only witches (standard: every living
        # seat; variant: every human, the last to turn loses) and that ends the game at once
        if s["variant"]:
            humans = self._humans()
            if all(s["witch"][h] for h in humans):
                last = [p for p in s["witch_order"] if p in humans][-1]
                self._end("witches", exclude=[last])
        else:
            living = self._living()
            if living and all(s["witch"][p] for p in living):
                self._end("witches")

    def _nearest_human_left(self, giver: int) -> int:
        for k in range(1, self.n):
            q = (giver + k) % self.n
            if not self._ghost(q) and self.state["alive"][q]:
                return q
        return giver

    # -- Night, standard (§3.6)
    def _step_night(self, f: dict) -> None:
        s = self.state
        stage = f["stage"]
        start = s["active"] if s["active"] is not None else f["drawer"]
        if stage == "start":
            self.emit({"type": "night", "drawer": f["drawer"]})
            witches = [p for p in self._living() if s["witch"][p]]
            for p in witches:
                self._learn(p, witches)
            self.emit({"type": "witches_known", "seats": witches, "when": "night"}, to=witches, others=None)
            f["stage"] = "vote"
            self._open_window(f, "night_vote", start, self._living(), voters=witches)
            return
        if stage == "vote":
            w = self._close_window(f)
            votes = [[seat, cmd["target"]] for seat, cmd in w["answers"] if cmd["type"] == "night_vote"]
            f["target"] = self._decide(votes)
            self.emit({"type": "night_choice", "target": f["target"]}, to=w["voters"], others=None)
            f["stage"] = "gavel"
            if not self._constable_unmasked():
                self._open_window(f, "gavel", start, self._living(), constable=self._constable())
            return
        if stage == "gavel":
            # §5.3: once the Constable card lies face up there is no Constable, and everyone
            # knows it: nobody guards and nobody is asked (a blind window would hide nothing)
            placed = []
            if f.get("window") is not None:
                w = self._close_window(f)
                placed = [cmd["target"] for _, cmd in w["answers"] if cmd["type"] == "gavel"]
            s["gavel"] = placed[0] if placed else None
            self.emit({"type": "gavel", "seat": s["gavel"]})
            f["stage"] = "confess"
            self._open_window(f, "confess", start, self._living())
            return
        if stage == "confess":
            w = self._close_window(f)
            confessions = {seat: cmd for seat, cmd in w["answers"] if cmd["type"] != "pass"}
            f["confessed"] = sorted(confessions)
            f["stage"] = "confessions"
            f["queue"] = [[seat, confessions[seat]] for seat in self._clockwise(start, list(confessions))]
            return
        if stage == "confessions":
            if not f["queue"]:
                f["stage"] = "result"
                return
            seat, cmd = f["queue"].pop(0)
            if not s["alive"][seat]:
                return
            if cmd["type"] == "ability":
                self._use(seat, "william_phips")
                self.emit({"type": "confession", "seat": seat, "card": None, "kind": None,
                           "ability": cmd["name"]})
                return
            index = cmd["index"]
            self.emit({"type": "confession", "seat": seat, "index": index})
            self._reveal(seat, index, "confession", mover=seat)
            return
        if stage == "result":
            target = f["target"]
            saved = None
            if target is None:
                s["stack"][-1]["stage"] = "dawn"
                return
            if not s["alive"][target]:
                saved = "dead"
            elif s["gavel"] == target:
                saved = "gavel"
            elif target in f["confessed"]:
                saved = "confessed"
            elif self._has_in_front(target, "asylum"):
                saved = "asylum"
            self.emit({"type": "night_target", "seat": target, "saved": saved})
            f["stage"] = "dawn"
            if saved is None:
                self._kill(target, "night", mover=None)
            return
        # the morning: the Gavel goes back, the discard becomes the new pile (§3.2, R14, R45)
        s["stack"].pop()
        s["gavel"] = None
        night = self.cat.night
        s["resolving"].remove(night)
        if s["pile"]:
            s["aside"].append(night)
            self.emit({"type": "night_aside"})
        else:
            self._rebuild_pile()

    # -- Night, variant (§3.11)
    def _step_vnight(self, f: dict) -> None:
        s = self.state
        self.emit({"type": "night", "drawer": f["drawer"]})
        humans = self._humans()
        witches = [h for h in humans if s["witch"][h]]
        for p in witches:
            s["public_witch"][p] = True
        for p in range(self.n):
            self._learn(p, witches)
        self.emit({"type": "witches_revealed", "seats": witches})
        if not witches:
            self._end(None)
            return
        start = s["active"] if s["active"] is not None else f["drawer"]
        lead = self._clockwise(start, witches)[0]
        f["lead"] = lead
        f["await"] = lead
        f["kind"] = "vflip"

    # -- a trial or the Black Cat step waits for choose_tryal; nothing steps by itself
    def _step_none(self, f: dict) -> None:  # pragma: no cover - frames that only await
        raise RuntimeError(f"frame {f['kind']} has nobody to wait for")

    # ------------------------------------------------------------ reveals and death --
    def _reveal(self, seat: int, index: int, cause: str, mover: int | None) -> str:
        """Turn ``seat``'s row card ``index`` face up (§3.3 effects follow)."""
        s = self.state
        card = s["rows"][seat].pop(index)
        s["revealed"][seat].append(card)
        kind = s["tryal_kind"][card]
        self.emit({"type": "reveal", "seat": seat, "index": index, "card": card, "kind": kind, "cause": cause})
        if cause == "trial":
            reds = [c for c in s["fronts"][seat] if self._is_red(c)]
            for c in reds:
                s["fronts"][seat].remove(c)
            self._discard(reds, "trial", seat)
        self._after_reveal(seat, kind, mover)
        return card

    def _after_reveal(self, seat: int, kind: str, mover: int | None) -> None:
        s = self.state
        if s["variant"]:
            if self._variant_check():
                return
            if not s["rows"][seat]:
                self._kill(seat, "last_card", mover)
            return
        if kind == WITCH:
            self._kill(seat, "witch", mover)
        elif not s["rows"][seat]:
            self._kill(seat, "last_card", mover)
        elif kind == CONSTABLE:
            self.emit({"type": "no_constable"})

    def _kill(self, seat: int, cause: str, mover: int | None) -> None:
        s = self.state
        if not s["alive"][seat] or s["over"]:
            return
        link = self._link()
        partner = None
        if link and seat in link:
            partner = link[0] if link[1] == seat else link[1]
        if s["variant"] and partner is not None:
            x_first = "townspeople" if self._holds(seat, WITCH) else "witches"
            y_first = "townspeople" if self._holds(partner, WITCH) else "witches"
            if x_first != y_first:
                by = mover if mover is not None and not self._ghost(mover) else s["active"]
                s["stack"].append({"kind": "death_order", "await": by, "choices": sorted([seat, partner]),
                                   "seat": seat, "cause": cause})
                self.emit({"type": "death_order", "by": by, "choices": sorted([seat, partner])})
                return
        self._die(seat, cause)
        if s["variant"]:
            self._variant_check(death=True)
            return
        if self._standard_check():
            return
        self._two_left()
        if partner is not None and s["alive"][partner]:
            if self._has(partner, "mary_warren"):
                self.emit({"type": "immune", "seat": partner, "card": "matchmaker", "character": "mary_warren"})
            else:
                self._die(partner, "matchmaker")
                if self._standard_check():
                    return
                self._two_left()

    def _holds(self, seat: int, kind: str) -> bool:
        tk = self.state["tryal_kind"]
        return any(tk[t] == kind for t in self.state["rows"][seat])

    def _die(self, seat: int, cause: str) -> None:
        """§3.7: the whole row face up, hand and front gone, witch or not announced."""
        s = self.state
        s["alive"][seat] = False
        row = s["rows"][seat]
        s["rows"][seat] = []
        s["revealed"][seat].extend(row)
        tk = s["tryal_kind"]
        hide = self.options["hide_witch_on_death"] and not s["variant"]
        witch = None if hide else s["witch"][seat]
        if not hide:
            s["public_witch"][seat] = s["witch"][seat]
        self.emit({"type": "death", "seat": seat, "cause": cause,
                   "row": [{"id": t, "kind": tk[t]} for t in row], "witch": witch})
        hand = s["hands"][seat]
        front = s["fronts"][seat]
        s["hands"][seat] = []
        s["fronts"][seat] = []
        proctor = None
        if s["abilities"]:
            for k in range(1, self.n):
                q = (seat + k) % self.n
                if self._has(q, "john_proctor"):
                    proctor = q
                    break
        if proctor is not None:
            blue = [c for c in front if self.cat.colour_of[c] == "blue"]
            rest = [c for c in front if c not in blue]
            s["hands"][proctor].extend(hand + blue)
            self.emit({"type": "proctor", "seat": proctor, "from": seat, "cards": hand + blue, "blue": blue},
                      to=[proctor], others={"type": "proctor", "seat": proctor, "from": seat,
                                            "count": len(hand) + len(blue), "blue": blue})
            self._discard(rest, "death", seat)
        else:
            self._discard(hand + front, "death", seat)
        if s["gavel"] == seat:
            pass  # the Gavel stays on a dead seat until morning (nothing more can happen to it)

    def _standard_check(self) -> bool:
        """§3.8 standard: townspeople first, then witches. True when the game ended."""
        s = self.state
        if self._witch_revealed():
            self._end("townspeople")
            return True
        living = self._living()
        if living and all(s["witch"][p] for p in living):
            self._end("witches")
            return True
        return False

    def _variant_check(self, death: bool = False) -> bool:
        """§3.8 variant, after a reveal (``death``: after a death)."""
        s = self.state
        if self._witch_revealed():
            self._end("townspeople")
            return True
        tk = s["tryal_kind"]
        if death or any(tk[t] == CONSTABLE for row in s["revealed"] for t in row):
            self._end("witches")
            return True
        return False

    def _two_left(self) -> None:
        """§3.9: with exactly two seats alive, blue cards, Scapegoat and Robbery leave the game."""
        s = self.state
        if s["purged"] or s["variant"] or s["over"] or len(self._living()) != 2:
            return
        s["purged"] = True
        kind_of = self.cat.kind_of
        gone: list[str] = []
        for zone in [*s["fronts"], *s["hands"], s["pile"], s["discard"], s["aside"]]:
            out = [c for c in zone if kind_of[c] in PURGED_KINDS]
            for c in out:
                zone.remove(c)
            gone.extend(out)
        for c in gone:
            if c in s["as_witness"]:
                s["as_witness"].remove(c)
        s["removed"].extend(gone)
        self.emit({"type": "purge", "cards": gone})

    def _end(self, team: str | None, exclude: list[int] = ()) -> None:
        s = self.state
        s["over"] = True
        s["team"] = team
        humans = self._humans()
        if team == "witches":
            winners = [p for p in humans if s["witch"][p] and p not in exclude]
        elif team == "townspeople":
            winners = [p for p in humans if not s["witch"][p]]
        else:
            winners = []
        s["winners"] = winners
        s["stack"] = []
        tk = s["tryal_kind"]
        self.emit({"type": "over", "team": team, "winners": winners, "witches": [p for p in range(self.n) if s["witch"][p]],
                   "rows": [[{"id": t, "kind": tk[t]} for t in row] for row in s["rows"]],
                   "hands": [list(h) for h in s["hands"]]})

    # ------------------------------------------------------------------- legal -----
    def _legal(self, seat: int) -> list[dict]:
        s = self.state
        if s["stack"]:
            top = s["stack"][-1]
            w = top.get("window")
            if w is not None:
                return self._window_legal(seat, top, w)
            return _LEGAL[top["kind"]](self, seat, top)
        return self._turn_legal(seat)

    def _targets(self, seat: int) -> list[int]:
        """Law 1: every other living seat (variant: ghosts included)."""
        alive = self.state["alive"]
        return [p for p in range(self.n) if p != seat and alive[p]]

    def _turn_legal(self, seat: int) -> list[dict]:
        s = self.state
        out: list[dict] = []
        played = s["played"]
        if not played:
            out.append({"type": "draw_two"})
            if s["variant"]:
                for g in s["ghosts"]:
                    if s["alive"][g]:
                        out.extend({"type": "ghost_peek", "ghost": g, "index": i} for i in range(len(s["rows"][g])))
            if self._has(seat, "tituba") and self._uses(seat, "tituba") == 0:
                out.append({"type": "ability", "name": "tituba"})
            if self._has(seat, "samuel_parris") and self._uses(seat, "samuel_parris") < 2:
                out.extend(self._parris_commands())
        targets = self._targets(seat)
        kind_of = self.cat.kind_of
        seen: set[tuple] = set()
        for card in s["hands"][seat]:
            kind = kind_of[card]
            key = (kind, card) if kind in ("curse",) else (kind, card)
            if key in seen:
                continue
            seen.add(key)
            out.extend(self._play_commands(seat, card, kind, targets))
            if kind == "alibi" and self._has(seat, "will_griggs"):
                out.extend({"type": "ability", "name": "will_griggs", "card": card, "target": t} for t in targets)
        if played:
            out.append({"type": "end_turn"})
        return out

    def _play_commands(self, seat: int, card: str, kind: str, targets: list[int]) -> list[dict]:
        s = self.state
        colour = self.cat.colour_of[card]
        if colour == "red":
            return [{"type": "play", "card": card, "target": t} for t in targets
                    if not self._has_in_front(t, "piety")]
        if kind == "stocks":
            return [{"type": "play", "card": card, "target": t} for t in targets if not self._ghost(t)]
        if kind == "curse":
            out = []
            for t in targets:
                for b in s["fronts"][t]:
                    if self.cat.colour_of[b] == "blue":
                        out.append({"type": "play", "card": card, "target": t, "blue": b})
            return out
        if kind == "robbery" and s["variant"]:
            return [{"type": "play", "card": card, "target": t} for t in targets]
        if kind in ("robbery", "scapegoat"):
            return [{"type": "play", "card": card, "target": a, "target2": b}
                    for a in targets for b in targets if a != b]
        return [{"type": "play", "card": card, "target": t} for t in targets]

    def _parris_commands(self) -> list[dict]:
        kind_of = self.cat.kind_of
        firsts: dict[str, str] = {}
        for c in self.state["discard"]:
            if self.cat.colour_of[c] != "black":
                firsts.setdefault(kind_of[c], c)
        reps = sorted(firsts.values(), key=lambda c: int(c[1:]))
        out = [{"type": "ability", "name": "samuel_parris", "cards": [c]} for c in reps]
        out.extend({"type": "ability", "name": "samuel_parris", "cards": [a, b]}
                   for a, b in itertools.combinations(reps, 2))
        # two of one kind, when the pile holds two
        for kind, first in firsts.items():
            second = next((c for c in self.state["discard"] if kind_of[c] == kind and c != first), None)
            if second is not None:
                out.append({"type": "ability", "name": "samuel_parris", "cards": [first, second]})
        return out

    def _window_legal(self, seat: int, f: dict, w: dict) -> list[dict]:
        s = self.state
        name = w["name"]
        if name == "keep_character":
            return [{"type": "keep_character", "character": c} for c in s["dealt"][seat]]
        if name == "dawn":
            if seat in w["voters"]:
                return [{"type": "dawn_vote", "target": t} for t in range(self.n)]
            return [{"type": "pass"}]
        if name == "night_vote":
            if seat in w["voters"]:
                return [{"type": "night_vote", "target": t} for t in self._living()]
            return [{"type": "pass"}]
        if name == "gavel":
            if seat == w["constable"]:
                return [{"type": "gavel", "target": t} for t in self._targets(seat)]
            return [{"type": "pass"}]
        if name == "confess":
            out = [{"type": "confess", "index": i} for i in range(len(s["rows"][seat]))]
            if self._has(seat, "william_phips") and self._uses(seat, "william_phips") == 0:
                out.append({"type": "ability", "name": "william_phips"})
            out.append({"type": "pass"})
            return out
        # conspiracy picks
        out = []
        for pk in w["picks"]:
            if pk["picker"] != seat or pk["index"] is not None:
                continue
            size = len(s["rows"][pk["giver"]])
            if pk["taker"] == seat:
                out.extend({"type": "conspiracy_pick", "index": i} for i in range(size))
            else:
                out.extend({"type": "conspiracy_pick", "taker": pk["taker"], "index": i} for i in range(size))
        return out

    def _legal_choose(self, seat: int, f: dict) -> list[dict]:
        s = self.state
        player = f["player"]
        size = len(s["rows"][player])
        if f["stage"] == "guard":
            return [{"type": "choose_tryal", "player": player, "index": i} for i in f["options"]]
        out: list[dict] = []
        if f["reason"] == "trial":
            for name in ("abigail_williams", "ann_putnam"):
                if self._has(seat, name) and name not in f.get("used", []):
                    out.append({"type": "ability", "name": name})
        if self._guarded(f):
            out.extend({"type": "choose_tryal", "player": player, "index": i, "index2": j}
                       for i in range(size) for j in range(i + 1, size))
        else:
            out.extend({"type": "choose_tryal", "player": player, "index": i} for i in range(size))
        return out

    def _guarded(self, f: dict) -> bool:
        """R43: the short_game_guard applies to this trial."""
        return (self.options["short_game_guard"] and f["reason"] == "trial"
                and not self._ghost(f["player"]) and len(self.state["rows"][f["player"]]) in (4, 5))

    def _legal_prompt(self, seat: int, f: dict) -> list[dict]:
        if f["name"] == "tituba":
            pile = self.state["pile"]
            ident = list(range(len(pile)))
            orders = [ident, ident[::-1]]
            if pile and pile[-1] == self.cat.night and len(pile) > 1:
                orders.append([len(pile) - 1] + ident[:-1])
            out = []
            for order in orders:
                cmd = {"type": "ability", "name": "tituba", "order": order}
                if cmd not in out:
                    out.append(cmd)
            return out
        return [{"type": "ability", "name": f["name"]}, {"type": "pass"}]

    def _legal_death_order(self, seat: int, f: dict) -> list[dict]:
        return [{"type": "death_order", "first": p} for p in f["choices"]]

    def _legal_vflip(self, seat: int, f: dict) -> list[dict]:
        s = self.state
        out = []
        for p in range(self.n):
            if s["alive"][p] and not self._has_in_front(p, "asylum"):
                out.extend({"type": "night_flip", "player": p, "index": i} for i in range(len(s["rows"][p])))
        return out

    # ------------------------------------------------------------------- apply -----
    def _apply(self, seat: int, cmd: dict) -> None:
        ctype = cmd["type"]
        handler = _HANDLERS.get(ctype)
        if handler is None:
            raise _bad("unknown_command", f"There is no command {shown(ctype)} in Salem "
                                          f"(commands: {', '.join(FIELDS)}).")
        self._fields(cmd, FIELDS)
        handler(self, seat, cmd)
        self._advance()

    def _context(self) -> tuple[str, dict | None]:
        s = self.state
        if not s["stack"]:
            return "turn", None
        top = s["stack"][-1]
        if top.get("window") is not None:
            return "window:" + top["window"]["name"], top
        return top["kind"], top

    def _what_now(self) -> str:
        ctx, f = self._context()
        if ctx == "turn":
            return f"it is {self._name(self.state['active'])}'s turn"
        if ctx.startswith("window:"):
            return {"keep_character": "everyone is choosing a character", "dawn": "it is Dawn",
                    "night_vote": "the witches are voting", "gavel": "the Gavel is being placed",
                    "confess": "the town may confess", "conspiracy": "Conspiracy picks are being made",
                    }[ctx[7:]]
        if ctx == "choose":
            return f"{self._name(f['chooser'])} is choosing a Tryal card of {self._name(f['player'])}"
        if ctx == "prompt":
            return f"{self._name(f['await'])} may use {self.cat.characters[f['name']].name}'s ability"
        if ctx == "death_order":
            return f"{self._name(f['await'])} decides who dies first"
        if ctx == "vflip":
            return f"{self._name(f['await'])} flips a Tryal card at Night"
        return "something else is being resolved"

    def _need_turn(self, seat: int, what: str) -> None:
        s = self.state
        ctx, _ = self._context()
        if ctx != "turn" or s["active"] != seat:
            raise _bad("not_now", f"You cannot {what} now: {self._what_now()}.")

    def _need_window(self, seat: int, name: str, what: str) -> dict:
        ctx, f = self._context()
        if ctx != "window:" + name:
            raise _bad("not_now", f"You cannot {what} now: {self._what_now()}.")
        w = f["window"]
        if seat not in w["waiting"]:
            raise _bad("answered", "You have already answered.")
        return f

    def _answer(self, seat: int, f: dict, cmd: dict, private: dict | None, voters: list[int] | None = None) -> None:
        """Record a blind-window answer; everyone else sees only that ``seat`` answered."""
        w = f["window"]
        w["answers"].append([seat, cmd])
        public = {"type": "answered", "seat": seat, "window": w["name"]}
        if w["name"] != "conspiracy" or all(pk["index"] is not None for pk in w["picks"] if pk["picker"] == seat):
            w["waiting"].remove(seat)
        if private is None:
            self.emit(public)
        else:
            to = sorted(set(voters or []) | {seat})
            self.emit(private, to=to, others=public)

    # -- turn commands
    def _cmd_draw_two(self, seat: int, cmd: dict) -> None:
        s = self.state
        self._need_turn(seat, "draw")
        if s["played"]:
            raise _bad("already_played", "You played a card this turn: you cannot draw as well. End your turn.")
        s["played"] = True
        self.emit({"type": "draw_two", "seat": seat})
        s["stack"].append({"kind": "draw", "seat": seat, "left": 2, "ends_turn": True, "drawn": 0, "acc": 0,
                           "shown": [], "giles": self._has(seat, "giles_corey")})

    def _cmd_end_turn(self, seat: int, cmd: dict) -> None:
        s = self.state
        self._need_turn(seat, "end your turn")
        if not s["played"]:
            raise _bad("nothing_played", "Draw two cards or play a card first: a turn is never empty.")
        self.emit({"type": "end_turn", "seat": seat})
        self._end_turn()

    def _hand_card(self, seat: int, card: Any) -> str:
        if not isinstance(card, str):
            raise _bad("bad_card", f"Name a card by its id, like 'c17', not {shown(card)}.")
        if card not in self.state["hands"][seat]:
            if card not in self.cat.kind_of:
                raise _bad("unknown_card", f"There is no card called {shown(card)} in Salem.")
            raise _bad("not_in_hand", f"{self.cat.name(card)} ({card}) is not in your hand.")
        return card

    def _target_arg(self, seat: int, value: Any, field: str = "target", card: str | None = None) -> int:
        t = self._seat_arg(value, field)
        if t == seat:
            raise _bad("self_target", "Laws of Salem: no card on yourself.")
        if not self.state["alive"][t]:
            raise _bad("dead_target", f"{self._name(t)} is dead.")
        return t

    def _cmd_play(self, seat: int, cmd: dict) -> None:
        s = self.state
        self._need_turn(seat, "play a card")
        card = self._hand_card(seat, cmd["card"])
        kind = self._kind(card)
        colour = self.cat.colour_of[card]
        target = self._target_arg(seat, cmd["target"])
        two = kind == "scapegoat" or (kind == "robbery" and not s["variant"])
        if two and "target2" not in cmd:
            raise _bad("missing_field", f"{self.cat.name(card)} needs a second player, 'target2'.")
        if not two and "target2" in cmd:
            raise _bad("bad_field", f"{self.cat.name(card)} takes one player only (no 'target2').")
        if kind == "curse" and "blue" not in cmd:
            raise _bad("missing_field", "Curse must name the blue card to discard, 'blue'.")
        if kind != "curse" and "blue" in cmd:
            raise _bad("bad_field", f"{self.cat.name(card)} has no 'blue' field (only Curse).")
        target2 = None
        if two:
            target2 = self._target_arg(seat, cmd["target2"], "target2")
            if target2 == target:
                raise _bad("same_target", f"{self.cat.name(card)} needs two different players.")
        if colour == "red" and self._has_in_front(target, "piety"):
            raise _bad("piety", f"{self._name(target)} has Piety: no red cards.")
        if kind == "stocks" and self._ghost(target):
            raise _bad("ghost_stocks", f"{self._name(target)} is a ghost: no Stocks on ghosts.")
        blue = None
        if kind == "curse":
            blue = cmd["blue"]
            if not isinstance(blue, str) or blue not in s["fronts"][target] or self.cat.colour_of[blue] != "blue":
                raise _bad("bad_blue", f"{shown(blue)} is not a blue card in front of {self._name(target)}.")
        s["hands"][seat].remove(card)
        s["played"] = True
        event = {"type": "play", "seat": seat, "card": card, "kind": kind, "target": target}
        if target2 is not None:
            event["target2"] = target2
        if blue is not None:
            event["blue"] = blue
        self.emit(event)
        self._resolve(seat, card, kind, target, target2, blue)

    def _resolve(self, seat: int, card: str, kind: str, target: int, target2: int | None, blue: str | None) -> None:
        s = self.state
        colour = self.cat.colour_of[card]
        fronts = s["fronts"]
        if colour == "red":
            fronts[target].append(card)
            self._trial_check(target, seat)
            return
        if kind == "alibi":
            accs = [c for c in fronts[target] if self._kind(c) == "accusation" and c not in s["as_witness"]][:3]
            for c in accs:
                fronts[target].remove(c)
            self._discard(accs, "alibi", target)
        elif kind == "arson" or (kind == "robbery" and s["variant"]):
            if self._has(target, "sarah_good"):
                self.emit({"type": "immune", "seat": target, "card": card, "character": "sarah_good"})
            else:
                hand = s["hands"][target]
                s["hands"][target] = []
                self._discard(hand, kind, target)
        elif kind == "curse":
            fronts[target].remove(blue)
            self._discard([blue], "curse", target)
        elif kind == "robbery":
            if self._has(target, "sarah_good"):
                self.emit({"type": "immune", "seat": target, "card": card, "character": "sarah_good"})
            else:
                hand = s["hands"][target]
                s["hands"][target] = []
                s["hands"][target2].extend(hand)
                public = {"type": "robbery", "from": target, "to": target2, "count": len(hand)}
                self.emit(dict(public, cards=list(hand)), to=[target2], others=public)
        elif kind == "scapegoat":
            moved = fronts[target]
            fronts[target] = []
            fronts[target2].extend(moved)
            self.emit({"type": "scapegoat", "from": target, "to": target2, "cards": list(moved)})
            self._matchmakers(target2)
            if any(self._is_red(c) for c in moved):
                self._trial_check(target2, seat)
        else:  # stocks and the blue cards lie in front
            fronts[target].append(card)
            if kind == "matchmaker":
                self._matchmakers(target)
            return
        if kind != "stocks":
            s["discard"].append(card)

    def _matchmakers(self, seat: int) -> None:
        fronts = self.state["fronts"]
        mm = [c for c in fronts[seat] if self._kind(c) == "matchmaker"]
        if len(mm) >= 2:
            for c in mm:
                fronts[seat].remove(c)
            self.emit({"type": "matchmakers", "seat": seat, "cards": mm})
            self._discard(mm, "matchmakers", seat)

    def _trial_check(self, target: int, adder: int) -> None:
        s = self.state
        if not s["alive"][target] or not s["rows"][target]:
            return
        total = self._accusations(target)
        threshold = self._threshold(target, adder)
        if total >= threshold:
            self.emit({"type": "trial", "seat": target, "chooser": adder, "accusations": total,
                       "threshold": threshold})
            s["stack"].append({"kind": "choose", "reason": "trial", "player": target, "chooser": adder,
                               "await": adder, "stage": "choose", "mover": adder, "used": []})

    def _cmd_ghost_peek(self, seat: int, cmd: dict) -> None:
        s = self.state
        if not s["variant"]:
            raise _bad("no_ghosts", "There are no ghosts in this game: ghost peeks belong to the 2-3 player game.")
        self._need_turn(seat, "peek at a ghost")
        if s["played"]:
            raise _bad("already_played", "You played a card this turn: you cannot peek at a ghost as well.")
        ghost = self._seat_arg(cmd["ghost"], "ghost")
        if not self._ghost(ghost):
            raise _bad("not_a_ghost", f"{self._name(ghost)} is not a ghost.")
        row = s["rows"][ghost]
        index = self._index_arg(cmd["index"], row, self._name(ghost))
        card = row[index]
        s["played"] = True
        public = {"type": "ghost_peek", "seat": seat, "ghost": ghost, "index": index}
        self.emit(dict(public, card=card, kind=s["tryal_kind"][card]), to=[seat], others=public)
        self.rng.shuffle(row)
        self.emit({"type": "shuffled", "seat": ghost})
        s["stack"].append({"kind": "mill", "seat": seat, "left": 2})

    # -- trials and the Black Cat step
    def _cmd_choose_tryal(self, seat: int, cmd: dict) -> None:
        s = self.state
        ctx, f = self._context()
        if ctx != "choose":
            raise _bad("not_now", f"There is no Tryal card to choose now: {self._what_now()}.")
        if seat != f["await"]:
            raise _bad("not_yours", f"{self._name(f['await'])} chooses here.")
        player = self._seat_arg(cmd["player"], "player")
        if player != f["player"]:
            raise _bad("wrong_player", f"The card comes from {self._name(f['player'])}'s row.")
        row = s["rows"][player]
        index = self._index_arg(cmd["index"], row, self._name(player))
        if f["stage"] == "guard":
            if "index2" in cmd:
                raise _bad("bad_field", "Pick one of the two cards offered: no 'index2'.")
            if index not in f["options"]:
                raise _bad("not_offered", f"Pick card {f['options'][0]} or {f['options'][1]}.")
        elif self._guarded(f):
            if "index2" not in cmd:
                raise _bad("missing_field", "Short game guard: name two cards ('index' and 'index2').")
            index2 = self._index_arg(cmd["index2"], row, self._name(player), "index2")
            if index2 == index:
                raise _bad("same_index", "Name two different cards.")
            f["options"] = sorted([index, index2])
            f["stage"] = "guard"
            f["await"] = player
            self.emit({"type": "guard", "seat": player, "chooser": seat, "options": f["options"]})
            return
        elif "index2" in cmd:
            raise _bad("bad_field", "Only the short game guard names a second card ('index2').")
        s["stack"].pop()
        self.emit({"type": "choose_tryal", "seat": seat, "player": player, "index": index, "reason": f["reason"]})
        self._reveal(player, index, f["reason"], mover=f["mover"])
        if not s["over"] and s["abilities"]:
            for k in range(self.n):
                q = (f["mover"] + k) % self.n
                if q != player and self._has(q, "rebecca_nurse"):
                    s["stack"].append({"kind": "prompt", "name": "rebecca_nurse", "await": q})
                    self.emit({"type": "prompt", "seat": q, "name": "rebecca_nurse"})
                    break

    # -- windows
    def _cmd_keep_character(self, seat: int, cmd: dict) -> None:
        f = self._need_window(seat, "keep_character", "keep a character")
        c = cmd["character"]
        if c not in self.state["dealt"][seat]:
            raise _bad("not_dealt", f"{shown(c)} is not one of the two characters you were dealt.")
        self._answer(seat, f, {"type": "keep_character", "character": c},
                     {"type": "keep_character", "seat": seat, "character": c})

    def _cmd_dawn_vote(self, seat: int, cmd: dict) -> None:
        f = self._need_window(seat, "dawn", "vote at Dawn")
        w = f["window"]
        if seat not in w["voters"]:
            raise _bad("no_role", "Only the witches give the Black Cat at Dawn: the town sleeps, so pass.")
        t = self._seat_arg(cmd["target"], "target")
        self._answer(seat, f, {"type": "dawn_vote", "target": t},
                     {"type": "dawn_vote", "seat": seat, "target": t}, voters=w["voters"])

    def _cmd_night_vote(self, seat: int, cmd: dict) -> None:
        f = self._need_window(seat, "night_vote", "vote at Night")
        w = f["window"]
        if seat not in w["voters"]:
            raise _bad("no_role", "Only the witches vote at Night: the town sleeps, so pass.")
        t = self._seat_arg(cmd["target"], "target")
        if not self.state["alive"][t]:
            raise _bad("dead_target", f"{self._name(t)} is already dead.")
        self._answer(seat, f, {"type": "night_vote", "target": t},
                     {"type": "night_vote", "seat": seat, "target": t}, voters=w["voters"])

    def _cmd_gavel(self, seat: int, cmd: dict) -> None:
        f = self._need_window(seat, "gavel", "place the Gavel")
        w = f["window"]
        if seat != w["constable"]:
            raise _bad("no_role", "Only the Constable places the Gavel: the town sleeps, so pass.")
        t = self._seat_arg(cmd["target"], "target")
        if t == seat:
            raise _bad("self_target", "The Constable cannot put the Gavel on themselves.")
        if not self.state["alive"][t]:
            raise _bad("dead_target", f"{self._name(t)} is dead.")
        self._answer(seat, f, {"type": "gavel", "target": t}, {"type": "gavel_placed", "seat": seat, "target": t})

    def _cmd_confess(self, seat: int, cmd: dict) -> None:
        f = self._need_window(seat, "confess", "confess")
        row = self.state["rows"][seat]
        index = self._index_arg(cmd["index"], row, "You")
        self._answer(seat, f, {"type": "confess", "index": index},
                     {"type": "confess_chosen", "seat": seat, "index": index, "card": row[index]})

    def _cmd_conspiracy_pick(self, seat: int, cmd: dict) -> None:
        f = self._need_window(seat, "conspiracy", "pick a Tryal card")
        w = f["window"]
        taker = cmd.get("taker", seat)
        taker = self._seat_arg(taker, "taker")
        if "taker" in cmd and taker == seat:
            raise _bad("bad_field", "Leave out 'taker' for your own pick.")
        pk = next((p for p in w["picks"] if p["taker"] == taker), None)
        if pk is None or pk["picker"] != seat:
            if taker == seat:
                raise _bad("not_yours", "You take no card in this Conspiracy.")
            raise _bad("not_yours", f"You do not pick for {self._name(taker)}.")
        if pk["index"] is not None:
            raise _bad("answered", f"The pick for {self._name(taker)} is already made.")
        index = self._index_arg(cmd["index"], self.state["rows"][pk["giver"]], self._name(pk["giver"]))
        pk["index"] = index
        private = {"type": "pick_chosen", "seat": seat, "taker": taker, "giver": pk["giver"], "index": index}
        command = {"type": "conspiracy_pick", "index": index}
        if taker != seat:
            command["taker"] = taker
        self._answer(seat, f, command, private)

    def _cmd_pass(self, seat: int, cmd: dict) -> None:
        ctx, f = self._context()
        if ctx.startswith("window:"):
            w = f["window"]
            name = w["name"]
            if seat not in w["waiting"]:
                raise _bad("answered", "You have already answered.")
            if name == "keep_character":
                raise _bad("must_answer", "Keep one of your two characters.")
            if name in ("dawn", "night_vote") and seat in w["voters"]:
                raise _bad("must_answer", "A witch must vote (R39).")
            if name == "gavel" and seat == w["constable"]:
                raise _bad("must_answer", "The Constable must place the Gavel (R8).")
            if name == "conspiracy":
                raise _bad("must_answer", "Everyone takes a card at Conspiracy: pick one.")
            self._answer(seat, f, {"type": "pass"}, None)
            return
        if ctx == "prompt" and f["await"] == seat and f["name"] == "rebecca_nurse":
            self.state["stack"].pop()
            self.emit({"type": "pass", "seat": seat, "prompt": f["name"]})
            return
        raise _bad("not_now", f"There is nothing to pass on now: {self._what_now()}.")

    # -- variant Night and death order
    def _cmd_night_flip(self, seat: int, cmd: dict) -> None:
        s = self.state
        ctx, f = self._context()
        if ctx != "vflip":
            raise _bad("not_now", f"Night flips belong to the 2-3 player game's Night: {self._what_now()}.")
        if seat != f["await"]:
            raise _bad("not_yours", f"{self._name(f['await'])} flips tonight.")
        player = self._seat_arg(cmd["player"], "player")
        if not s["alive"][player]:
            raise _bad("dead_target", f"{self._name(player)} is dead.")
        if self._has_in_front(player, "asylum"):
            raise _bad("asylum", f"{self._name(player)} has Asylum: none of their cards may be flipped.")
        index = self._index_arg(cmd["index"], s["rows"][player], self._name(player))
        s["stack"].pop()
        self.emit({"type": "night_flip", "seat": seat, "player": player, "index": index})
        self._reveal(player, index, "night", mover=seat)
        if not s["over"] and not (s["stack"] and s["stack"][-1]["kind"] == "death_order"):
            self._end("townspeople")  # §3.11 step 4: the town survived the Night

    def _cmd_death_order(self, seat: int, cmd: dict) -> None:
        s = self.state
        ctx, f = self._context()
        if ctx != "death_order":
            raise _bad("not_now", f"Nobody is choosing a death order: {self._what_now()}.")
        first = self._seat_arg(cmd["first"], "first")
        if first not in f["choices"]:
            a, b = f["choices"]
            raise _bad("bad_choice", f"Choose {self._name(a)} ({a}) or {self._name(b)} ({b}).")
        s["stack"].pop()
        self.emit({"type": "death_order_chosen", "seat": seat, "first": first})
        self._die(first, f["cause"] if first == f["seat"] else "matchmaker")
        self._variant_check(death=True)

    # -- own row
    def _cmd_arrange_tryals(self, seat: int, cmd: dict) -> None:
        s = self.state
        if not s["alive"][seat]:
            raise _bad("dead", "The dead arrange nothing.")
        row = s["rows"][seat]
        order = cmd["order"]
        if (not isinstance(order, list) or len(order) != len(row) or not all(_is_int(i) for i in order)
                or sorted(order) != list(range(len(row)))):
            raise _bad("bad_order", f"'order' must list each of 0 to {len(row) - 1} once.")
        if self._row_locked(seat):
            raise _bad("row_in_use", "A choice on your row is open: arrange it afterwards (R18).")
        s["rows"][seat] = [row[i] for i in order]
        self.emit({"type": "arranged", "seat": seat, "order": list(order)}, to=[seat], others=None)

    def _row_locked(self, seat: int) -> bool:
        s = self.state
        for f in s["stack"]:
            if f["kind"] == "choose" and f["player"] == seat:
                return True
            if f["kind"] == "vflip":
                return True
            w = f.get("window")
            if w is None:
                continue
            if w["name"] == "conspiracy" and any(pk["giver"] == seat for pk in w["picks"]):
                return True
            if w["name"] == "confess" and any(a == seat and c["type"] == "confess" for a, c in w["answers"]):
                return True
        return False

    # -- abilities
    def _cmd_ability(self, seat: int, cmd: dict) -> None:
        s = self.state
        name = cmd["name"]
        if not isinstance(name, str) or name not in ABILITY_FIELDS:
            raise _bad("unknown_ability", f"There is no ability called {shown(name)}.")
        required, optional = ABILITY_FIELDS[name]
        for key in cmd:
            if key not in ("type", "name") and key not in required and key not in optional:
                raise _bad("bad_field", f"The {name} ability has no field {shown(key)}.")
        for key in required:
            if key not in cmd:
                raise _bad("missing_field", f"The {name} ability needs a '{key}'.")
        cname = self.cat.characters[name].name
        ctx, f = self._context()
        if name == "tituba" and ctx == "prompt" and f["name"] == "tituba" and f["await"] == seat:
            return self._tituba_order(seat, f, cmd)
        if not self._has(seat, name):
            raise _bad("no_ability", f"You do not have {cname}'s ability.")
        if name in ("abigail_williams", "ann_putnam"):
            if ctx != "choose" or f["reason"] != "trial" or f["await"] != seat or f["stage"] != "choose":
                raise _bad("not_now", f"{cname}'s ability works when your card starts a trial.")
            if name in f["used"]:
                raise _bad("used", f"{cname}'s ability is already used in this trial.")
            f["used"].append(name)
            self.emit({"type": "ability", "seat": seat, "name": name})
            if name == "abigail_williams":
                reds = [c for c in s["fronts"][seat] if self._is_red(c)]
                for c in reds:
                    s["fronts"][seat].remove(c)
                self._discard(reds, "abigail_williams", seat)
            else:
                s["stack"].append({"kind": "draw", "seat": seat, "left": 2, "ends_turn": False, "drawn": 0,
                                   "acc": 0, "shown": [], "giles": False})
            return
        if name == "rebecca_nurse":
            if ctx != "prompt" or f["name"] != "rebecca_nurse" or f["await"] != seat:
                raise _bad("not_now", f"{cname}'s ability works right after another player's card is revealed.")
            s["stack"].pop()
            self.emit({"type": "ability", "seat": seat, "name": name})
            s["stack"].append({"kind": "draw", "seat": seat, "left": 1, "ends_turn": False, "drawn": 0,
                               "acc": 0, "shown": [], "giles": False})
            return
        if name == "william_phips":
            f = self._need_window(seat, "confess", "use William Phips's ability")
            if self._uses(seat, name):
                raise _bad("used", f"{cname}'s ability works once a game.")
            self._answer(seat, f, {"type": "ability", "name": name},
                         {"type": "ability_chosen", "seat": seat, "name": name})
            return
        self._need_turn(seat, f"use {cname}'s ability")
        if name == "will_griggs":
            card = self._hand_card(seat, cmd["card"])
            if self._kind(card) != "alibi":
                raise _bad("not_alibi", f"{cname} plays only an Alibi as a Witness.")
            target = self._target_arg(seat, cmd["target"])
            s["hands"][seat].remove(card)
            s["played"] = True
            s["as_witness"].append(card)
            s["fronts"][target].append(card)
            self.emit({"type": "ability", "seat": seat, "name": name, "card": card, "target": target})
            self._trial_check(target, seat)
            return
        if s["played"]:
            raise _bad("already_played", f"{cname}'s ability comes before you act this turn.")
        if name == "tituba":
            if "order" in cmd:
                raise _bad("bad_field", "First look at the pile (no 'order'), then give the new order.")
            if self._uses(seat, name):
                raise _bad("used", f"{cname}'s ability works once a game.")
            self._use(seat, name)
            self.emit({"type": "ability", "seat": seat, "name": name})
            s["stack"].append({"kind": "prompt", "name": "tituba", "await": seat})
            return
        # samuel_parris
        if self._uses(seat, name) >= 2:
            raise _bad("used", f"{cname}'s ability works twice a game.")
        cards = cmd["cards"]
        if (not isinstance(cards, list) or not 1 <= len(cards) <= 2 or len(set(map(str, cards))) != len(cards)
                or not all(isinstance(c, str) for c in cards)):
            raise _bad("bad_cards", "Name one or two different cards of the discard pile.")
        for c in cards:
            if c not in s["discard"]:
                raise _bad("not_in_discard", f"{shown(c)} is not in the discard pile.")
            if self.cat.colour_of[c] == "black":
                raise _bad("black", "Black cards cannot be taken.")
        self._use(seat, name)
        for c in cards:
            s["discard"].remove(c)
        s["hands"][seat].extend(cards)
        s["played"] = True
        self.emit({"type": "ability", "seat": seat, "name": name, "cards": list(cards)})
        self._end_turn()

    def _tituba_order(self, seat: int, f: dict, cmd: dict) -> None:
        s = self.state
        pile = s["pile"]
        order = cmd.get("order")
        if (not isinstance(order, list) or len(order) != len(pile) or not all(_is_int(i) for i in order)
                or sorted(order) != list(range(len(pile)))):
            raise _bad("bad_order", f"'order' must list each pile position 0 to {len(pile) - 1} once (top first).")
        s["pile"] = [pile[i] for i in order]
        s["stack"].pop()
        night_moved = bool(s["pile"]) and s["pile"][-1] != self.cat.night
        self.emit({"type": "ability", "seat": seat, "name": "tituba", "night_moved": night_moved})

    # ------------------------------------------------------- bots: forward model ----
    def _determinize(self, seat: int, rng: random.Random) -> None:
        """Resample what ``seat`` cannot know, from its view and log only (R52):
        other hands and the pile order; the kinds and places of the Tryal cards it has
        not seen; who else ever held a Witch card; the others' dealt characters; and, in
        an open window, the answers it did not see (with the voters and the Constable
        that follow from the new rows). What it saw stays: its row and hand, everything
        public, the cards it gave, took or peeked while they cannot have moved since,
        the witches it knows, the votes it saw as a voter."""
        s = self.state
        n = self.n
        cat = self.cat
        mine = set(s["rows"][seat])
        revealed = {t for r in s["revealed"] for t in r}
        # -- what the seat's log says about single Tryal cards: kind and last place
        known_kind: dict[str, str] = {}
        place: dict[str, int] = {}
        witches_seen_at: int | None = None
        for entry in self._log:
            e = entry["event"]
            et = e["type"]
            if et == "deal_tryal" and "cards" in e:
                known_kind.update(zip(e["cards"], e["kinds"]))
            elif et == "conspiracy_moves":
                givers = {mv["giver"] for mv in e["moves"]}
                for card, holder in list(place.items()):
                    if holder in givers:
                        del place[card]  # a blind pick may have taken it anywhere
                if witches_seen_at is not None:
                    witches_seen_at = None
            elif et == "conspiracy_card":
                known_kind[e["card"]] = e["kind"]
                place[e["card"]] = e["taker"]
            elif et == "ghost_peek" and "card" in e:
                known_kind[e["card"]] = e["kind"]
                place[e["card"]] = e["ghost"]
            elif et == "witches_known":
                witches_seen_at = entry["sid"]
        # -- the Tryal deck: public totals less what is face up and in the own row
        every = [s["tryal_kind"][t] for t in sorted(s["tryal_kind"], key=lambda x: int(x[1:]))]
        unseen_kinds = list(every)
        for t in sorted(revealed | mine, key=lambda x: int(x[1:])):
            unseen_kinds.remove(s["tryal_kind"][t])
        unseen_ids = sorted((t for t in s["tryal_kind"] if t not in revealed and t not in mine),
                            key=lambda x: int(x[1:]))
        pinned = {t: known_kind[t] for t in unseen_ids if t in known_kind}
        free_kinds = list(unseen_kinds)
        for kind in pinned.values():
            free_kinds.remove(kind)
        free_kinds.sort()
        rng.shuffle(free_kinds)
        kind_of = dict(pinned)
        for t in unseen_ids:
            if t not in kind_of:
                kind_of[t] = free_kinds.pop()
        # who may hold a Witch card: a witch who learnt the witches since the last
        # Conspiracy knows exactly who they are
        others = [p for p in range(n) if p != seat and s["alive"][p]]
        wknown = set(s["known"][seat])
        exact = s["witch"][seat] and witches_seen_at is not None and not s["variant"]
        slots = {p: len(s["rows"][p]) for p in others}
        rows: dict[int, list[str]] = {p: [] for p in others}
        loose = []
        for t in unseen_ids:
            holder = place.get(t)
            if holder in rows and len(rows[holder]) < slots[holder]:
                rows[holder].append(t)
            else:
                loose.append(t)
        rng.shuffle(loose)
        witch_cards = [t for t in loose if kind_of[t] == WITCH]
        rest = [t for t in loose if kind_of[t] != WITCH]
        for t in witch_cards:
            room = [p for p in others if len(rows[p]) < slots[p] and (not exact or p in wknown)]
            if not room:
                room = [p for p in others if len(rows[p]) < slots[p]]
            rows[room[rng.randrange(len(room))]].append(t)
        for t in rest:
            room = [p for p in others if len(rows[p]) < slots[p]]
            rows[room[rng.randrange(len(room))]].append(t)
        for p in others:
            row = rows[p]
            rng.shuffle(row)
            s["rows"][p] = row
        for t in unseen_ids:
            s["tryal_kind"][t] = kind_of[t]
        for p in range(n):
            if p == seat:
                continue
            if s["public_witch"][p] is not None:
                s["witch"][p] = bool(s["public_witch"][p])
            else:
                s["witch"][p] = p in wknown or any(kind_of.get(t) == WITCH for t in s["rows"][p])
            s["known"][p] = sorted({p} | (wknown if s["witch"][p] and p in wknown else set())) if s["witch"][p] else []
        s["witch_order"] = [p for p in s["witch_order"] if p == seat or p in wknown] + \
            [p for p in range(n) if s["witch"][p] and p != seat and p not in wknown]
        # -- playing cards: other hands and the pile
        seen = set(s["hands"][seat]) | set(s["discard"]) | set(s["removed"]) | set(s["aside"]) | set(s["resolving"])
        for f in s["fronts"]:
            seen.update(f)
        looking = any(f["kind"] == "prompt" and f["name"] == "tituba" and f["await"] == seat for f in s["stack"])
        if looking:  # Tituba is looking through the pile: she knows it
            seen.update(s["pile"])
        pool = [c for c in cat.card_ids if c not in seen]
        night_bottom = bool(s["pile"]) and s["pile"][-1] == cat.night
        black = [c for c in pool if cat.colour_of[c] == "black"]
        holdable = [c for c in pool if cat.colour_of[c] != "black"]
        rng.shuffle(holdable)
        for p in range(n):
            if p != seat:
                count = len(s["hands"][p])
                s["hands"][p] = holdable[:count]
                del holdable[:count]
        if not looking:
            pile = holdable + [c for c in black if not (night_bottom and c == cat.night)]
            rng.shuffle(pile)
            if night_bottom:
                pile.append(cat.night)
            elif cat.night in pile and len(pile) > 1 and pile[-1] == cat.night:
                pile[-1], pile[0] = pile[0], pile[-1]
            s["pile"] = pile
        # -- characters dealt to the others in an open choice
        if any(s["dealt"][p] for p in range(n) if p != seat):
            spare = sorted(set(CHARACTER_IDS) - set(s["dealt"][seat]) - {c for c in s["characters"] if c})
            rng.shuffle(spare)
            for p in range(n):
                if p != seat and s["dealt"][p]:
                    s["dealt"][p] = [spare.pop(), spare.pop()]
        # -- open windows: answers the seat did not see
        for f in s["stack"]:
            w = f.get("window")
            if f["kind"] == "night" and f.get("target") is not None and not s["witch"][seat]:
                living = self._living()  # the witches' choice is theirs alone until morning
                f["target"] = living[rng.randrange(len(living))]
            if w is None:
                continue
            name = w["name"]
            if name in ("dawn", "night_vote"):
                seen_votes = seat in w["voters"]
                if not seen_votes:
                    if name == "dawn":
                        w["voters"] = [p for p in range(n) if self._holds(p, WITCH)]
                    else:
                        w["voters"] = [p for p in self._living() if s["witch"][p]]
                if not seen_votes:
                    answers = []
                    for p, c in w["answers"]:
                        if p != seat and p in w["voters"]:
                            targets = list(range(n)) if name == "dawn" else self._living()
                            c = {"type": "dawn_vote" if name == "dawn" else "night_vote",
                                 "target": targets[rng.randrange(len(targets))]}
                        elif p != seat:
                            c = {"type": "pass"}
                        answers.append([p, c])
                    w["answers"] = answers
            elif name == "gavel":
                w["constable"] = self._constable()
                answers = []
                for p, c in w["answers"]:
                    if p != seat:
                        if p == w["constable"]:
                            ts = self._targets(p)
                            c = {"type": "gavel", "target": ts[rng.randrange(len(ts))]}
                        else:
                            c = {"type": "pass"}
                    answers.append([p, c])
                w["answers"] = answers
            elif name == "confess":
                w["answers"] = [[p, c if p == seat else {"type": "pass"}] for p, c in w["answers"]]
            elif name == "conspiracy":
                for pk in w["picks"]:
                    if pk["picker"] != seat and pk["index"] is not None:
                        size = len(s["rows"][pk["giver"]])
                        pk["index"] = rng.randrange(size)
                w["answers"] = [[p, c if p == seat else {"type": "conspiracy_pick", "index": 0}]
                                for p, c in w["answers"]]
            elif name == "keep_character":
                w["answers"] = [[p, c if p == seat else {"type": "keep_character", "character": s["dealt"][p][0]}]
                                for p, c in w["answers"]]

    # ------------------------------------------------------------ timers (R22) ----
    def _next_moment(self) -> int:
        s = self.state
        s["moments"] = s.get("moments", 0) + 1
        return s["moments"]

    def _timer_key(self, seat: int) -> str:
        """R53: a turn is one moment whatever is played in it; each blind window, trial
        choice (chooser, then the guarded accused), prompt, flip or death order is its own."""
        s = self.state
        if not s["stack"]:
            return f"turn:{s.get('turn_moment', 0)}"
        top = s["stack"][-1]
        w = top.get("window")
        if w is not None:
            return f"{w['name']}:{w.get('moment', 0)}"
        return f"{top['kind']}:{top.get('stage')}:{top.get('moment', 0)}"

    def _timeout_command(self, seat: int) -> dict | None:
        """R22/R53: the command for ``seat`` when its time runs out (see the ruling)."""
        s = self.state
        legal = self._legal(seat)
        if not legal:
            return None
        if not s["stack"]:
            if not s["played"]:
                return {"type": "draw_two"}
            return {"type": "end_turn"} if {"type": "end_turn"} in legal else None
        rng = self.timeout_rng(seat)
        top = s["stack"][-1]
        w = top.get("window")
        if {"type": "pass"} in legal and (w is not None or top["kind"] == "prompt"):
            return {"type": "pass"}  # unanswered windows and optional abilities pass
        if w is not None and w["name"] in ("dawn", "night_vote"):
            known = set(s["known"][seat])  # a random vote spares the witches it knows
            pool = [c for c in legal if c["target"] not in known] or legal
            return dict(pool[rng.randrange(len(pool))])
        if top["kind"] == "choose":
            legal = [c for c in legal if c["type"] == "choose_tryal"]
        elif top["kind"] == "prompt":
            return dict(legal[0])  # Tituba leaves the pile as it lies
        return dict(legal[rng.randrange(len(legal))]) if legal else None

    def rollout_policy(self, seat: int, legal: list[dict], rng: random.Random) -> dict:
        """A cheap, sensible policy for bots' rollouts, using only what ``seat`` knows:
        witches vote for and accuse townspeople they know are not witches; the town
        accuses anyone; a small hand draws; confessions are rare; a turn ends after a
        card or two."""
        s = self.state
        if len(legal) == 1:
            return dict(legal[0])
        known = set(s["known"][seat]) if s["witch"][seat] else set()
        kind = legal[0]["type"]
        if kind in ("dawn_vote", "night_vote"):
            good = [c for c in legal if c["target"] not in known]
            pool = good or legal
            return dict(pool[rng.randrange(len(pool))])
        types = {c["type"] for c in legal}
        if "confess" in types:
            if rng.random() < 0.85:
                return {"type": "pass"}
            return dict(legal[rng.randrange(len(legal))])
        if "draw_two" in types or "end_turn" in types:
            hand = len(s["hands"][seat])
            if "draw_two" in types and (hand <= 2 or rng.random() < 0.3):
                return {"type": "draw_two"}
            if "end_turn" in types and rng.random() < 0.45:
                return {"type": "end_turn"}
            plays = [c for c in legal if c["type"] == "play"]
            if known:
                red = [c for c in plays if self.cat.colour_of[c["card"]] == "red" and c["target"] not in known]
                if red and rng.random() < 0.7:
                    return dict(red[rng.randrange(len(red))])
            if plays:
                return dict(plays[rng.randrange(len(plays))])
        return dict(legal[rng.randrange(len(legal))])

    def rollout_value(self, seat: int) -> float:
        """Win share when over; else an estimate from the seat's team: the share of
        Witch cards face up (town) against the share of the living who are witches."""
        s = self.state
        if s["over"]:
            winners = s["winners"]
            return 1.0 / len(winners) if seat in winners else 0.0
        tk = s["tryal_kind"]
        total = sum(1 for k in tk.values() if k == WITCH) or 1
        up = sum(1 for r in s["revealed"] for t in r if tk[t] == WITCH)
        living = self._living()
        witch_share = sum(1 for p in living if s["witch"][p]) / max(1, len(living))
        town = 0.5 + 0.35 * (up / total) - 0.35 * witch_share
        town = min(0.95, max(0.05, town))
        return 1.0 - town if s["witch"][seat] else town

    # ------------------------------------------------------------------- view ------
    def _view(self, seat: int | None) -> dict:
        s = self.state
        over = s["over"]
        tk = s["tryal_kind"]
        n = self.n
        seats = marshal.loads(self._public_seats())
        me = seat is not None
        if over:
            known = [p for p in range(n) if s["witch"][p]]
        else:
            known = list(s["known"][seat]) if me else []
        return {
            "phase": self._phase(), "active": s["active"], "played": s["played"],
            "threshold": s["T"], "variant": s["variant"], "ghosts": list(s["ghosts"]),
            "town_hall": s["abilities"], "seats": seats,
            "hand": list(s["hands"][seat]) if me else [],
            "my_row": [{"id": t, "kind": tk[t]} for t in s["rows"][seat]] if me else None,
            "known_witches": known,
            "dealt_characters": list(s["dealt"][seat]) if me else [],
            "pending": self._pending_view(seat),
            "draw_count": len(s["pile"]),
            "night_at_bottom": bool(s["pile"]) and s["pile"][-1] == self.cat.night,
            "night_aside": self.cat.night in s["aside"], "aside": list(s["aside"]),
            "discard": list(s["discard"]), "removed": list(s["removed"]),
            "gavel": s["gavel"], "link": self._link(), "as_witness": list(s["as_witness"]),
            "uses": self._uses_view(seat),
            "winners": list(s["winners"]), "team": s["team"],
            "log": self._log_tail(seat),
        }

    def _public_seats(self) -> bytes:
        """The seats part of every view (public), built once per state and copied out
        with marshal, so callers may change their view freely."""
        key = (self.state_id, len(self._log))
        cached = self.__dict__.get("_seats_cache")
        if cached is not None and cached[0] == key:
            return cached[1]
        s = self.state
        over = s["over"]
        tk = s["tryal_kind"]
        kind_of = self.cat.kind_of
        seats = []
        for p in range(self.n):
            witch = s["witch"][p] if over else s["public_witch"][p]
            front = s["fronts"][p]
            entry = {
                "seat": p, "name": self.players[p], "ghost": p in s["ghosts"], "alive": s["alive"][p],
                "character": s["characters"][p], "row_count": len(s["rows"][p]),
                "revealed": [{"id": t, "kind": tk[t]} for t in s["revealed"][p]],
                "front": list(front), "hand_count": len(s["hands"][p]),
                "accusations": self._accusations(p), "threshold": self._threshold(p),
                "witch": witch, "stocks": sum(1 for c in front if kind_of[c] == "stocks"),
            }
            if over:
                entry["row"] = [{"id": t, "kind": tk[t]} for t in s["rows"][p]]
                entry["hand"] = list(s["hands"][p])
            seats.append(entry)
        data = marshal.dumps(seats)
        self.__dict__["_seats_cache"] = (key, data)
        return data

    def _uses_view(self, seat: int | None) -> dict:
        if seat is None:
            return {}
        prefix = f"{seat}:"
        return {k[len(prefix):]: v for k, v in self.state["uses"].items() if k.startswith(prefix)}

    def _phase(self) -> str:
        s = self.state
        if s["over"]:
            return "over"
        for f in reversed(s["stack"]):
            kind = f["kind"]
            if kind == "keep":
                return "characters"
            if kind == "dawn":
                return "dawn"
            if kind in ("night", "vnight", "vflip"):
                return "night"
            if kind == "conspiracy":
                return "conspiracy"
        return "turn"

    def _pending_view(self, seat: int | None) -> dict | None:
        s = self.state
        if s["over"] or not s["stack"]:
            return None
        f = s["stack"][-1]
        w = f.get("window")
        if w is not None:
            answered = [a for a in w["order"] if a not in w["waiting"]]
            out = {"kind": "window", "window": w["name"], "order": list(w["order"]),
                   "waiting": list(w["waiting"]), "answered": answered}
            if seat is not None:
                mine = [c for a, c in w["answers"] if a == seat]
                out["mine"] = mine
                if w["name"] in ("dawn", "night_vote") and seat in w["voters"]:
                    out["votes"] = [{"seat": a, "target": c["target"]} for a, c in w["answers"]
                                    if c["type"] in ("dawn_vote", "night_vote")]
                if w["name"] == "conspiracy":
                    out["picks"] = [{"taker": pk["taker"], "giver": pk["giver"],
                                     "row_count": len(s["rows"][pk["giver"]]), "index": pk["index"]}
                                    for pk in w["picks"] if pk["picker"] == seat]
            return out
        kind = f["kind"]
        if kind == "choose":
            return {"kind": f["reason"], "player": f["player"], "chooser": f["chooser"], "await": f["await"],
                    "stage": f["stage"], "options": list(f.get("options", [])),
                    "guard": self._guarded(f) if f["stage"] == "choose" else True}
        if kind == "prompt":
            out = {"kind": "ability", "name": f["name"], "await": f["await"]}
            if f["name"] == "tituba" and seat == f["await"]:
                out["pile"] = list(s["pile"])
            return out
        if kind == "vflip":
            return {"kind": "night_flip", "await": f["await"]}
        if kind == "death_order":
            return {"kind": "death_order", "await": f["await"], "choices": list(f["choices"])}
        return None

    def _log_tail(self, seat: int | None) -> list[dict]:
        out = []
        for entry in reversed(self._log):
            event = self._visible(entry, seat)
            if event is not None:
                out.append(event)
                if len(out) >= LOG_TAIL:
                    break
        out.reverse()
        return out


_STEPS: dict[str, Callable[[SalemMatch, dict], None]] = {
    "keep": SalemMatch._step_keep,
    "dawn": SalemMatch._step_dawn,
    "draw": SalemMatch._step_draw,
    "mill": SalemMatch._step_mill,
    "conspiracy": SalemMatch._step_conspiracy,
    "night": SalemMatch._step_night,
    "vnight": SalemMatch._step_vnight,
    "choose": SalemMatch._step_none,
    "prompt": SalemMatch._step_none,
    "vflip": SalemMatch._step_none,
    "death_order": SalemMatch._step_none,
}

_LEGAL: dict[str, Callable[[SalemMatch, int, dict], list[dict]]] = {
    "choose": SalemMatch._legal_choose,
    "prompt": SalemMatch._legal_prompt,
    "death_order": SalemMatch._legal_death_order,
    "vflip": SalemMatch._legal_vflip,
}

_HANDLERS: dict[str, Callable[[SalemMatch, int, dict], None]] = {
    "draw_two": SalemMatch._cmd_draw_two,
    "play": SalemMatch._cmd_play,
    "end_turn": SalemMatch._cmd_end_turn,
    "ghost_peek": SalemMatch._cmd_ghost_peek,
    "choose_tryal": SalemMatch._cmd_choose_tryal,
    "dawn_vote": SalemMatch._cmd_dawn_vote,
    "night_vote": SalemMatch._cmd_night_vote,
    "gavel": SalemMatch._cmd_gavel,
    "confess": SalemMatch._cmd_confess,
    "conspiracy_pick": SalemMatch._cmd_conspiracy_pick,
    "night_flip": SalemMatch._cmd_night_flip,
    "death_order": SalemMatch._cmd_death_order,
    "arrange_tryals": SalemMatch._cmd_arrange_tryals,
    "ability": SalemMatch._cmd_ability,
    "keep_character": SalemMatch._cmd_keep_character,
    "pass": SalemMatch._cmd_pass,
}
