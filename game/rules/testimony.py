"""Testimony — Heathens and Puritans (game id ``testimony``): rules/testimony.md T1–T7.

Contract
--------
``TestimonyMatch`` implements the :class:`~game.engine.match.Match` hooks for 3–7
players and plays a *match* of three games (option ``games``, 1–3, default 3; T5).
Commands are exactly those of T7, with exactly their fields (an unknown field is
refused; ``seat2`` is optional on ``investigate``)::

    {"type": "invite", "seat": s}                        action step, another player
    {"type": "answer_invite", "accept": bool}            the invited player
    {"type": "show", "card": "character" | "belief_heathen" | "belief_puritan"}
                                                         a sharer whose turn it is to show
    {"type": "investigate", "seat": s[, "seat2": t]}     action step (``seat2``: the
                                                         Cunning Woman, once per game)
    {"type": "testify", "seat": s, "side": "accuse" | "defend"}   testimony step
    {"type": "discard_token"}                            testimony step
    {"type": "next_game"}                                between two games of the match

Character cards and token values come from ``cards/testimony.yaml``
(:func:`catalog`), so they can be tuned without code.

Flow
----
Each game: deal (T2) → turns from the first player (T4) → the game ends when a player's
turn would start with no tokens in hand (T3) → reveal and score (T5) → stage
``between`` (only the first player of the next game acts: ``next_game``) → … after the
last game, stage ``over``. A turn is ``action`` (``invite`` / ``investigate``) →
possibly ``answer`` (the invited player) and ``share`` (two ``show`` commands, the
active player first) → ``testify`` (``testify`` / ``discard_token``).

Hidden information (T6), as enforced by ``view``/``log``
---------------------------------------------------------
* A token's side: its placer; each seat that investigated its target *after* it was
  placed (a look shows only the tokens lying there at that moment); everyone once the
  game is over. Who placed which token in front of whom, and when, is public.
* A Character: its holder; a seat it was shown to in a share; everyone at the end.
  The set-aside card: no one until the end (that one exists is public).
* What was shown in a share (which card, and the Character on it): the two sharers
  only, for ever — other seats see that a card was shown, never which.
* Public: invitations and answers, who shared with whom, who investigated whom, token
  counts in hand, discards.

Rulings (points testimony.md leaves open)
-----------------------------------------
R1  The action is compulsory: a turn is an action, then testimony. Investigate is
    always possible, so after invitations are declined the active player may still
    act. A player who declined an invitation cannot be invited again in the same turn.
R2  In a share the second sharer chooses after seeing the first card (T3 "in turn").
R3  The Cunning Woman's double investigation is one ``investigate`` with ``seat2``;
    the two seats differ and are not her own. Like every investigation it is public,
    so using it tells the table who holds the Cunning Woman. ``legal()`` lists both
    orders of each pair.
R4  Standing counts each token in front of a player: its side's value (accuse −1,
    defend +1) times its placer's ``token_weight`` (the Magistrate: 2). A Standing
    below 0 kills. Investigators see sides and placers, never weights.
R5  "Heathen/Puritan who dies" means a killed *player* whose Character has that
    Belief; the set-aside card never dies. The Goodwife's and the Herbalist's "no …
    dies" include themselves; the Minister's "other Puritan" excludes himself.
R6  The Witchfinder counts a killed Heathen whose *Character card* (not a Belief
    card) was shown to him in a share during that game. At the end his score line names
    those Heathens; that is the only share content the reveal makes public.
R7  Between games, the first player of the next game (lowest score of the game just
    ended; ties drawn from the match's generator, T4) sends ``next_game``: the table
    reads the reveal until the player who goes first is ready.
R8  Tokens: 21 divided evenly (3→7, 4→5, 5→4, 6→3, 7→3 each); the extras are set
    aside for that game. Every turn spends exactly one token, so a game of ``n``
    players with ``k`` tokens each lasts exactly ``n·k`` turns.
R9  Match totals add each game's scores; the highest total wins, ties share (T5).
    ``result()`` gives the totals; ``winners`` is filled in when the match is over.
R10 Talking and claims carry no rules weight (T3): they are no engine commands. The
    table and the LAN layer carry them (see ``game/ui/scenes/testimony``).

View fields (names are stable)
------------------------------
``stage`` ("action" | "answer" | "share" | "testify" | "between" | "over"),
``game_no``, ``games`` (``round`` and ``phase`` repeat ``game_no`` and ``stage`` under
the names other games use), ``turn`` (active seat), ``turn_no``, ``first_player``,
``next_first`` (between games), ``active`` (the one seat to act, or null),
``tokens_each``, ``tokens_aside``, ``players`` [{seat, name, tokens (in hand),
in_front (count), character (null unless known to the viewer), total (match total),
standing / killed / score (null until the game's end)}], ``tokens`` (placed, in order:
{token, placer, side (null unless known), target, turn}), ``discarded`` [{seat, turn}],
``invite`` (null or {by, to}), ``declined`` (seats that declined this turn),
``share`` (null or {share, by, with, next}), ``shares`` (public: [{share, by, with,
turn}]), ``investigations`` (public: [{seat, targets, turn}]), ``set_aside``
({exists, character}: the card only at the end), ``me`` (null for a spectator, else
{character, belief, may_show, double_investigation}), ``notebook`` (what the viewer
learned: shares and investigations, see :meth:`TestimonyMatch._notebook`), ``totals``,
``history`` (finished games, fully revealed), ``winners``, ``recent`` (the events of
the last command as this seat may see them).

Events (``type``): ``game_start`` ``deal`` ``turn`` ``invite`` ``answer_invite``
``share_start`` ``show`` ``investigate`` ``testify`` ``discard_token`` ``game_end``
``reveal`` ``first_player`` ``match_over``. ``deal`` names the Character to its holder
only; ``show`` names the card only to the two sharers; ``investigate`` lists sides to
the investigator only; ``testify`` names the side to its placer only.
"""
from __future__ import annotations

import itertools
import marshal
import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from game.engine.cards import CardSet, load_card_set
from game.engine.errors import IllegalCommand
from game.engine.match import Match, SetupError
from game.engine.registry import register
from game.engine.shape import check_fields, shown, valid_seat

#: T2: (Heathen cards, Puritan cards) by player count
SETUP_COUNTS = {3: (1, 3), 4: (2, 3), 5: (2, 4), 6: (3, 4), 7: (3, 4)}
HEATHEN, PURITAN = "heathen", "puritan"
SHOW_CARDS = ("character", "belief_heathen", "belief_puritan")
SIDES = ("accuse", "defend")
MAX_GAMES = 3
SCORING_KEYS = ("survive", "any_heathen_dies", "per_heathen_death", "per_other_puritan_death",
                "per_puritan_death", "no_puritan_dies", "no_heathen_dies", "per_shown_dead_heathen")


# ---------------------------------------------------------------------- card definitions --
@dataclass(frozen=True)
class TokenSupply:
    id: str
    name: str
    total: int
    accuse: int
    defend: int
    death: int
    text: str
    rules_text: str


@dataclass(frozen=True)
class Belief:
    id: str
    name: str
    text: str
    rules_text: str


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    belief: str
    text: str
    rules_text: str
    scoring: Mapping[str, int] = field(default_factory=dict)
    token_weight: int = 1
    double_investigation: bool = False
    any_belief: bool = False


SECTIONS = {"tokens": TokenSupply, "beliefs": Belief, "characters": Character}


def _check_cards(cards: CardSet, fail: Callable[[str, str, str], Exception]) -> None:
    """Whole-set rules: T1 (3 Heathen + 4 Puritan Characters, 21 tokens, two Beliefs)."""
    if len(cards["tokens"]) != 1:
        raise fail("", "tokens", "expected exactly one token supply")
    supply = cards["tokens"][0]
    if supply.total < 3:
        raise fail(supply.id, "total", "must be at least 3")
    if supply.accuse >= 0 or supply.defend <= 0:
        raise fail(supply.id, "accuse", "accusations must count below 0 and defenses above 0")
    if sorted(b.id for b in cards["beliefs"]) != [HEATHEN, PURITAN]:
        raise fail("", "beliefs", "expected exactly the beliefs heathen and puritan")
    by_belief = {HEATHEN: 0, PURITAN: 0}
    for c in cards["characters"]:
        if c.belief not in by_belief:
            raise fail(c.id, "belief", "must be heathen or puritan")
        by_belief[c.belief] += 1
        for key in c.scoring:
            if key not in SCORING_KEYS:
                raise fail(c.id, "scoring", f"unknown scoring key {key!r}")
        if c.token_weight < 1:
            raise fail(c.id, "token_weight", "must be at least 1")
    if by_belief != {HEATHEN: 3, PURITAN: 4}:
        raise fail("", "characters", "expected 3 Heathen and 4 Puritan Characters")


class Catalog:
    """Characters, Beliefs and the token supply of Testimony."""

    def __init__(self, cards: CardSet) -> None:
        self.supply: TokenSupply = cards["tokens"][0]
        self.beliefs: dict[str, Belief] = {b.id: b for b in cards["beliefs"]}
        self.characters: dict[str, Character] = {c.id: c for c in cards["characters"]}
        self.heathens = [c.id for c in cards["characters"] if c.belief == HEATHEN]
        self.puritans = [c.id for c in cards["characters"] if c.belief == PURITAN]

    def belief(self, character: str) -> str:
        return self.characters[character].belief

    def may_show(self, character: str) -> list[str]:
        """The cards a holder of ``character`` may show in a share (T3), in T7 order."""
        c = self.characters[character]
        if c.any_belief:
            return list(SHOW_CARDS)
        return ["character", f"belief_{c.belief}"]

    def side_value(self, side: str) -> int:
        return self.supply.accuse if side == "accuse" else self.supply.defend


_CATALOG: Catalog | None = None


def catalog() -> Catalog:
    """The Testimony cards, loaded once from ``cards/testimony.yaml``."""
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = Catalog(load_card_set("testimony", SECTIONS, check=_check_cards))
    return _CATALOG


def tokens_each(players: int, total: int | None = None) -> tuple[int, int]:
    """(tokens per player, tokens set aside) for ``players`` (T2: divide evenly)."""
    total = catalog().supply.total if total is None else total
    return total // players, total % players


# -------------------------------------------------------------------------------- match --
@register
class TestimonyMatch(Match):
    """A match of Testimony. See the module docstring for commands, view and rulings."""

    __test__ = False  # not a pytest test class, whatever its name says
    game_id = "testimony"
    title = "Testimony"
    #: the Continue list's words for the view's generic round / phase (QA 35)
    summary_words = {"round": "game", "action": "action", "answer": "an invitation to share",
                     "share": "sharing", "testify": "testimony", "between": "between two games"}
    min_players = 3
    max_players = 7
    option_defaults = {"games": MAX_GAMES}
    #: commands whose sending shows nothing private (hot-seat takes them on the shared
    #: screen, without a curtain): answering an invitation, starting the next game
    public_commands = ("answer_invite", "next_game")

    # ------------------------------------------------------------------------- setup --
    def _setup(self) -> None:
        games = self.options.get("games")
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            raise SetupError(f"games must be a whole number from 1 to {MAX_GAMES}")
        self.cat = catalog()
        n = self.n
        self.state = {"games": games, "game_no": 0, "totals": [0] * n, "history": []}
        self._start_game(self.rng.randint(0, n - 1), tied=list(range(n)))

    def _loaded(self) -> None:
        self.cat = catalog()

    def _start_game(self, first: int, tied: list[int]) -> None:
        """Deal a new game (T2) with ``first`` to play first (T4)."""
        st = self.state
        n = self.n
        cat = self.cat
        heathen_count, puritan_count = SETUP_COUNTS[n]
        heathens = list(cat.heathens)
        puritans = list(cat.puritans)
        self.rng.shuffle(heathens)
        self.rng.shuffle(puritans)
        cards = heathens[:heathen_count] + puritans[:puritan_count]
        self.rng.shuffle(cards)
        each, aside = tokens_each(n, cat.supply.total)
        st["game_no"] += 1
        st.update({
            "stage": "action",
            "characters": cards[:n],
            "set_aside": cards[n] if len(cards) > n else None,
            "hand": [each] * n,
            "tokens_each": each,
            "tokens_aside": aside,
            "tokens": [],        # placed: {token, placer, side, target, turn}
            "discarded": [],     # {seat, turn}
            "first": first,
            "turn": first,
            "turn_no": 1,
            "declined": [],
            "invite": None,
            "share": None,       # {share, by, with, next}
            "shares": [],        # {share, by, with, turn, cards: [by's card, with's card]}
            "investigations": [],  # {seat, targets, turn, seen: [token ids]}
            "double_used": False,
            "next_first": None,
            "result": None,
        })
        self.emit({"type": "game_start", "game_no": st["game_no"], "games": st["games"],
                   "first_player": first, "tied": tied, "tokens_each": each, "tokens_aside": aside,
                   "set_aside": st["set_aside"] is not None})
        for seat, character in enumerate(st["characters"]):
            self.emit({"type": "deal", "seat": seat, "character": character}, to=[seat],
                      others={"type": "deal", "seat": seat})
        self.emit({"type": "turn", "seat": first, "turn_no": 1, "tokens": each})

    # ---------------------------------------------------------------------- contract --
    def _over(self) -> bool:
        return self.state["stage"] == "over"

    def _to_act(self) -> list[int]:
        st = self.state
        stage = st["stage"]
        if stage == "answer":
            return [st["invite"]["to"]]
        if stage == "share":
            return [st["share"]["next"]]
        if stage == "between":
            return [st["next_first"]]
        if stage == "over":
            return []
        return [st["turn"]]

    def _scores(self) -> list[int]:
        return list(self.state["totals"])

    def score_breakdown(self) -> list[list[dict]]:
        """Where each seat's match total came from, for the game-over table: one line
        per finished game (``{"label": "Game 1", "points": n}``)."""
        history = self.state["history"]
        return [[{"label": f"Game {g['game_no']}", "points": g["scores"][seat]} for g in history]
                for seat in range(self.n)]

    def _not_your_turn(self, seat: int, command: dict) -> str:
        """Say exactly who is awaited (the base class only says "not your turn")."""
        st = self.state
        name = self.players
        stage = st["stage"]
        if stage == "answer":
            return f"Waiting for {name[st['invite']['to']]} to answer {name[st['turn']]}'s invitation."
        if stage == "share":
            return f"Waiting for {name[st['share']['next']]} to show a card."
        if stage == "between":
            return f"Waiting for {name[st['next_first']]} to start the next game."
        return f"It is {name[st['turn']]}'s turn, not yours."

    # --------------------------------------------------------------------------- legal --
    def _legal(self, seat: int) -> list[dict]:
        st = self.state
        stage = st["stage"]
        n = self.n
        if stage == "action":
            others = [s for s in range(n) if s != seat]
            out = [{"type": "invite", "seat": s} for s in others if s not in st["declined"]]
            out.extend({"type": "investigate", "seat": s} for s in others)
            if self._may_double(seat):
                out.extend({"type": "investigate", "seat": a, "seat2": b}
                           for a, b in itertools.permutations(others, 2))
            return out
        if stage == "answer":
            return [{"type": "answer_invite", "accept": True}, {"type": "answer_invite", "accept": False}]
        if stage == "share":
            return [{"type": "show", "card": c} for c in self.cat.may_show(st["characters"][seat])]
        if stage == "testify":
            out = [{"type": "testify", "seat": s, "side": side}
                   for s in range(n) if s != seat for side in SIDES]
            out.append({"type": "discard_token"})
            return out
        if stage == "between":
            return [{"type": "next_game"}]
        return []

    def _may_double(self, seat: int) -> bool:
        st = self.state
        return (not st["double_used"]
                and self.cat.characters[st["characters"][seat]].double_investigation)

    # --------------------------------------------------------------------------- apply --
    _FIELDS = {
        "invite": ({"seat"}, set()),
        "answer_invite": ({"accept"}, set()),
        "show": ({"card"}, set()),
        "investigate": ({"seat"}, {"seat2"}),
        "testify": ({"seat", "side"}, set()),
        "discard_token": (set(), set()),
        "next_game": (set(), set()),
    }
    _STAGE_OF = {"invite": "action", "investigate": "action", "answer_invite": "answer",
                 "show": "share", "testify": "testify", "discard_token": "testify",
                 "next_game": "between"}
    _STAGE_HINT = {
        "action": "Take an action first: invite someone to share, or investigate.",
        "answer": "An invitation is waiting: accept it or decline it.",
        "share": "A share is under way: show a card.",
        "testify": "Bear testimony now: place a token in front of another player, or discard one.",
        "between": "This game is over: start the next game.",
    }

    def _apply(self, seat: int, command: dict) -> None:
        check_fields(command, self._FIELDS, "Testimony")
        ctype = command["type"]
        stage = self.state["stage"]
        if self._STAGE_OF[ctype] != stage:
            raise IllegalCommand("wrong_stage", self._STAGE_HINT[stage])
        getattr(self, f"_cmd_{ctype}")(seat, command)

    def _other_seat(self, seat: int, value: Any, what: str) -> int:
        if not valid_seat(value, self.n):
            raise IllegalCommand("bad_seat", f"There is no seat {shown(value)} to {what} at this table.")
        if value == seat:
            raise IllegalCommand("own_seat", f"You cannot {what} yourself; choose another player.")
        return value

    # -- the action ------------------------------------------------------------------------
    def _cmd_invite(self, seat: int, command: dict) -> None:
        st = self.state
        target = self._other_seat(seat, command["seat"], "invite")
        if target in st["declined"]:
            raise IllegalCommand("declined", f"{self.players[target]} already declined this turn; "
                                 "invite someone else or investigate.")
        st["invite"] = {"by": seat, "to": target}
        st["stage"] = "answer"
        self.emit({"type": "invite", "seat": seat, "to": target})

    def _cmd_answer_invite(self, seat: int, command: dict) -> None:
        st = self.state
        accept = command["accept"]
        if not isinstance(accept, bool):
            raise IllegalCommand("bad_answer", "Answer an invitation with accept true or false.")
        by = st["invite"]["by"]
        st["invite"] = None
        self.emit({"type": "answer_invite", "seat": seat, "to": by, "accept": accept})
        if not accept:
            st["declined"].append(seat)
            st["stage"] = "action"
            return
        index = len(st["shares"])
        st["shares"].append({"share": index, "by": by, "with": seat, "turn": st["turn_no"],
                             "cards": [None, None]})
        st["share"] = {"share": index, "by": by, "with": seat, "next": by}
        st["stage"] = "share"
        self.emit({"type": "share_start", "share": index, "seat": by, "with": seat})

    def _cmd_show(self, seat: int, command: dict) -> None:
        st = self.state
        card = command["card"]
        if not isinstance(card, str) or card not in SHOW_CARDS:
            raise IllegalCommand("bad_card", "Show 'character', 'belief_heathen' or 'belief_puritan'.")
        character = st["characters"][seat]
        if card not in self.cat.may_show(character):
            raise IllegalCommand("wrong_belief", "You may show only your Character card or the Belief "
                                 "card that matches your Character.")
        share = st["share"]
        record = st["shares"][share["share"]]
        first = seat == share["by"]
        other = share["with"] if first else share["by"]
        record["cards"][0 if first else 1] = card
        event = {"share": share["share"], "card": card, "seat": seat, "to": other}
        if card == "character":
            event["character"] = character
        self.emit({"type": "show", **event}, to=[seat, other],
                  others={"type": "show", "share": share["share"], "seat": seat, "to": other})
        if first:
            share["next"] = other
            return
        st["share"] = None
        st["stage"] = "testify"

    def _cmd_investigate(self, seat: int, command: dict) -> None:
        st = self.state
        targets = [self._other_seat(seat, command["seat"], "investigate")]
        if "seat2" in command:
            if not self.cat.characters[st["characters"][seat]].double_investigation:
                raise IllegalCommand("no_double", "Only the Cunning Woman may investigate two players at once.")
            if st["double_used"]:
                raise IllegalCommand("double_used", "The double investigation was already used this game.")
            second = self._other_seat(seat, command["seat2"], "investigate")
            if second == targets[0]:
                raise IllegalCommand("same_seat", "Investigate two different players.")
            targets.append(second)
            st["double_used"] = True
        record = {"seat": seat, "targets": targets, "turn": st["turn_no"], "seen": []}
        looks = []
        for target in targets:
            lying = [t for t in st["tokens"] if t["target"] == target]
            record["seen"].extend(t["token"] for t in lying)
            looks.append({"target": target, "tokens": [self._token_face(t, True) for t in lying]})
        st["investigations"].append(record)
        public = {"type": "investigate", "seat": seat, "targets": targets,
                  "index": len(st["investigations"]) - 1}
        self.emit({**public, "looks": looks}, to=[seat], others=public)
        st["stage"] = "testify"

    # -- testimony -------------------------------------------------------------------------
    def _cmd_testify(self, seat: int, command: dict) -> None:
        st = self.state
        target = self._other_seat(seat, command["seat"], "testify about")
        side = command["side"]
        if not isinstance(side, str) or side not in SIDES:
            raise IllegalCommand("bad_side", "A token goes accusation side ('accuse') or defense side "
                                 "('defend') up.")
        token_id = f"g{st['game_no']}t{len(st['tokens']) + 1}"
        st["hand"][seat] -= 1
        st["tokens"].append({"token": token_id, "placer": seat, "side": side, "target": target,
                             "turn": st["turn_no"]})
        public = {"type": "testify", "token": token_id, "placer": seat, "target": target}
        self.emit({"type": "testify", "token": token_id, "placer": seat, "side": side, "target": target},
                  to=[seat], others=public)
        self._end_turn()

    def _cmd_discard_token(self, seat: int, command: dict) -> None:
        st = self.state
        st["hand"][seat] -= 1
        st["discarded"].append({"seat": seat, "turn": st["turn_no"]})
        self.emit({"type": "discard_token", "seat": seat})
        self._end_turn()

    def _end_turn(self) -> None:
        st = self.state
        st["declined"] = []
        st["turn"] = (st["turn"] + 1) % self.n
        if st["hand"][st["turn"]] == 0:  # T3: a turn that starts with no tokens ends the game
            self._end_game(st["turn"])
            return
        st["turn_no"] += 1
        st["stage"] = "action"
        self.emit({"type": "turn", "seat": st["turn"], "turn_no": st["turn_no"],
                   "tokens": st["hand"][st["turn"]]})

    # -- the end of a game -----------------------------------------------------------------
    def standings(self) -> list[int]:
        """T5 Standing of each seat in the current game, token weights applied (R4)."""
        st = self.state
        weight = [self.cat.characters[c].token_weight for c in st["characters"]]
        standing = [0] * self.n
        for t in st["tokens"]:
            standing[t["target"]] += self.cat.side_value(t["side"]) * weight[t["placer"]]
        return standing

    def _score(self, killed: list[bool]) -> tuple[list[int], list[list[dict]]]:
        """T5: −1 if killed, plus each Character's scoring (T1.1) with its reasons."""
        st = self.state
        cat = self.cat
        chars = st["characters"]
        beliefs = [cat.belief(c) for c in chars]
        dead_heathens = [s for s in range(self.n) if killed[s] and beliefs[s] == HEATHEN]
        dead_puritans = [s for s in range(self.n) if killed[s] and beliefs[s] == PURITAN]
        scores, reasons = [], []
        for seat, char_id in enumerate(chars):
            character = cat.characters[char_id]
            lines: list[dict] = []
            if killed[seat]:
                lines.append({"points": cat.supply.death, "why": "killed"})
            for key, points in character.scoring.items():
                count, why = self._condition(key, seat, dead_heathens, dead_puritans)
                if count:
                    lines.append({"points": points * count, "why": why})
            scores.append(sum(line["points"] for line in lines))
            reasons.append(lines)
        return scores, reasons

    def _condition(self, key: str, seat: int, dead_heathens: list[int],
                   dead_puritans: list[int]) -> tuple[int, str]:
        """How many times scoring ``key`` applies to ``seat`` and the reason in words."""
        names = self.players

        def listed(seats: list[int]) -> str:
            return ", ".join(names[s] for s in seats)

        if key == "survive":
            return (0, "") if seat in dead_heathens or seat in dead_puritans else (1, "survived")
        if key == "any_heathen_dies":
            return (1, f"a Heathen was killed ({listed(dead_heathens)})") if dead_heathens else (0, "")
        if key == "per_heathen_death":
            return len(dead_heathens), f"Heathens killed: {listed(dead_heathens)}"
        if key == "per_puritan_death":
            return len(dead_puritans), f"Puritans killed: {listed(dead_puritans)}"
        if key == "per_other_puritan_death":
            others = [s for s in dead_puritans if s != seat]
            return len(others), f"other Puritans killed: {listed(others)}"
        if key == "no_puritan_dies":
            return (0, "") if dead_puritans else (1, "no Puritan was killed")
        if key == "no_heathen_dies":
            return (0, "") if dead_heathens else (1, "no Heathen was killed")
        if key == "per_shown_dead_heathen":
            seen = self._characters_shown_to(seat)
            proven = [s for s in dead_heathens if s in seen]
            return len(proven), f"killed Heathens whose Character you saw: {listed(proven)}"
        raise AssertionError(key)

    def _characters_shown_to(self, seat: int) -> set[int]:
        """Seats whose Character card ``seat`` was shown in a share this game."""
        seen = set()
        for rec in self.state["shares"]:
            if rec["by"] == seat and rec["cards"][1] == "character":
                seen.add(rec["with"])
            if rec["with"] == seat and rec["cards"][0] == "character":
                seen.add(rec["by"])
        return seen

    def _end_game(self, empty_seat: int) -> None:
        st = self.state
        st["invite"] = None
        st["share"] = None
        standing = self.standings()
        killed = [s < 0 for s in standing]
        scores, reasons = self._score(killed)
        st["totals"] = [a + b for a, b in zip(st["totals"], scores)]
        result = {"standing": standing, "killed": killed, "scores": scores, "reasons": reasons}
        st["result"] = result
        self.emit({"type": "game_end", "game_no": st["game_no"], "seat": empty_seat})
        record = {
            "game_no": st["game_no"], "first_player": st["first"],
            "characters": list(st["characters"]), "set_aside": st["set_aside"],
            "tokens": [self._token_face(t, True) | {"target": t["target"], "turn": t["turn"]}
                       for t in st["tokens"]],
            "discarded": [dict(d) for d in st["discarded"]],
            **marshal.loads(marshal.dumps(result)),
            "totals": list(st["totals"]),
        }
        st["history"].append(record)
        self.emit({"type": "reveal", **marshal.loads(marshal.dumps(record))})
        if st["game_no"] >= st["games"]:
            st["stage"] = "over"
            winners = self._winners(st["totals"])
            self.emit({"type": "match_over", "totals": list(st["totals"]), "winners": winners})
            return
        low = min(scores)
        tied = [s for s in range(self.n) if scores[s] == low]
        st["next_first"] = tied[0] if len(tied) == 1 else self.rng.choice(tied)
        st["stage"] = "between"
        self.emit({"type": "first_player", "seat": st["next_first"], "tied": tied,
                   "game_no": st["game_no"] + 1})

    def _cmd_next_game(self, seat: int, command: dict) -> None:
        st = self.state
        tied = [s for s in range(self.n) if st["result"]["scores"][s] == min(st["result"]["scores"])]
        self._start_game(st["next_first"], tied=tied)

    # ------------------------------------------------------------------- determinize --
    def _determinize(self, seat: int, rng: random.Random) -> None:
        """DESIGN D2 hook (see :meth:`Match.determinize`): ``self`` is a fresh copy whose
        log is already ``seat``'s. Drawn afresh from ``rng``: the other Characters and the
        set-aside card (uniformly among the T2 deals consistent with what ``seat`` saw: its
        own card, Characters shown to it, the Belief cards shown to it — the Apostate may
        show either — and a public double investigation naming the Cunning Woman), the side
        of every token ``seat`` has not seen, and what was shown in shares ``seat`` was not
        part of (uniformly among the cards each new Character may show). Everything read
        here is known to ``seat``: its shares, the public investigations and placements."""
        st = self.state
        if st["stage"] in ("between", "over"):
            return  # a finished game is public; the next deal comes from the new generator
        known_chars = self.known_characters(seat)
        must_be: dict[int, set[str]] = {}     # seat -> the Belief cards it showed ``seat``
        for rec in st["shares"]:
            if seat not in (rec["by"], rec["with"]):
                continue
            other, card = (rec["with"], rec["cards"][1]) if rec["by"] == seat else (rec["by"], rec["cards"][0])
            if card in ("belief_heathen", "belief_puritan"):
                must_be.setdefault(other, set()).add(card)
        for rec in st["investigations"]:
            if len(rec["targets"]) == 2:  # a public double investigation (ruling R3)
                known_chars.setdefault(rec["seat"], self._double_holder())
        st["characters"], st["set_aside"] = self._sample_deal(known_chars, must_be, rng)
        known_tokens = self.known_tokens(seat)
        for token in st["tokens"]:
            if token["token"] not in known_tokens:
                token["side"] = SIDES[rng.randrange(2)]
        for rec in st["shares"]:
            if seat in (rec["by"], rec["with"]):
                continue
            for index, shower in ((0, rec["by"]), (1, rec["with"])):
                if rec["cards"][index] is not None:
                    options = self.cat.may_show(st["characters"][shower])
                    rec["cards"][index] = options[rng.randrange(len(options))]

    # ------------------------------------------------------------------ bot hooks --
    def believed_beliefs(self, seat: int) -> dict[int, str]:
        """Seat -> "heathen" / "puritan" as ``seat`` would guess from what it saw: the
        Characters shown to it, and the Belief cards shown to it (the Apostate may lie)."""
        guess = {s: self.cat.belief(c) for s, c in self.known_characters(seat).items()}
        for rec in self.state["shares"]:
            if seat not in (rec["by"], rec["with"]):
                continue
            other, card = (rec["with"], rec["cards"][1]) if rec["by"] == seat else (rec["by"], rec["cards"][0])
            if card in ("belief_heathen", "belief_puritan") and other not in guess:
                guess[other] = card[len("belief_"):]
        return guess

    def rollout_policy(self, seat: int, legal: list[dict], rng: random.Random) -> dict:
        """Cheap play for bots' rollouts and the Easy level, from what ``seat`` knows:
        mostly investigate, sometimes share and usually accept; a Heathen shows a Belief
        card (the Apostate the Puritan one), a Puritan often its Character; testimony
        accuses players believed to hold the other Belief and defends those believed to
        share its own, else goes anywhere (a discard now and then)."""
        stage = self.state["stage"]
        if stage == "action":
            invites = [c for c in legal if c["type"] == "invite"]
            looks = [c for c in legal if c["type"] == "investigate"]
            if invites and rng.random() < 0.3:
                return invites[rng.randrange(len(invites))]
            return looks[rng.randrange(len(looks))]
        if stage == "answer":
            return {"type": "answer_invite", "accept": rng.random() < 0.6}
        mine = self.state["characters"][seat]
        belief = self.cat.belief(mine)
        if stage == "share":
            cards = [c["card"] for c in legal]
            if belief == HEATHEN:
                card = "belief_puritan" if "belief_puritan" in cards else (
                    "belief_heathen" if rng.random() < 0.8 else "character")
            else:
                card = "character" if rng.random() < 0.6 else "belief_puritan"
            return {"type": "show", "card": card}
        if stage == "testify":
            guess = self.believed_beliefs(seat)
            foes = [s for s, b in sorted(guess.items()) if s != seat and b != belief]
            friends = [s for s, b in sorted(guess.items()) if s != seat and b == belief]
            r = rng.random()
            if foes and r < 0.7:
                return {"type": "testify", "seat": foes[rng.randrange(len(foes))], "side": "accuse"}
            if friends and r < 0.9:
                return {"type": "testify", "seat": friends[rng.randrange(len(friends))], "side": "defend"}
            return legal[rng.randrange(len(legal))]
        return legal[0]

    def rollout_value(self, seat: int) -> float:
        """0..1 for ``seat``: the win share when the match is over; otherwise a
        logistic of its lead in the match totals plus the scores the current game would
        give if it ended now (T5)."""
        st = self.state
        if self.over:
            return super().rollout_value(seat)
        totals = list(st["totals"])
        if st["stage"] != "between":
            standing = self.standings()
            scores, _reasons = self._score([v < 0 for v in standing])
            totals = [a + b for a, b in zip(totals, scores)]
        best_other = max(v for i, v in enumerate(totals) if i != seat)
        return 1.0 / (1.0 + math.exp(-(totals[seat] - best_other) / 2.0))

    def _double_holder(self) -> str:
        return next(c.id for c in self.cat.characters.values() if c.double_investigation)

    def _sample_deal(self, fixed: dict[int, str], must_be: dict[int, set[str]],
                     rng: random.Random) -> tuple[list[str], str | None]:
        """Characters per seat and the set-aside card, uniformly among the T2 deals that
        keep ``fixed`` and show each ``must_be`` seat's Belief card legally."""
        n = self.n
        cat = self.cat
        heathens, puritans = SETUP_COUNTS[n]
        slots = [s for s in range(n) if s not in fixed] + ([n] if heathens + puritans > n else [])
        taken = set(fixed.values())
        need_h = heathens - sum(cat.belief(c) == HEATHEN for c in taken)
        need_p = puritans - sum(cat.belief(c) == PURITAN for c in taken)
        free_h = [c for c in cat.heathens if c not in taken]
        free_p = [c for c in cat.puritans if c not in taken]

        def fits(deal: dict[int, str]) -> bool:
            for s, cards in must_be.items():
                if s in deal and not cat.characters[deal[s]].any_belief and any(
                        card != f"belief_{cat.belief(deal[s])}" for card in cards):
                    return False
            return True

        def finish(deal: dict[int, str]) -> tuple[list[str], str | None]:
            return [deal[s] for s in range(n)], deal.get(n)

        for _ in range(200):
            cards = rng.sample(free_h, need_h) + rng.sample(free_p, need_p)
            rng.shuffle(cards)
            deal = dict(fixed)
            deal.update(zip(slots, cards))
            if fits(deal):
                return finish(deal)
        # rare: many constraints; enumerate every consistent deal and pick one uniformly
        worlds = []
        for hs in itertools.combinations(free_h, need_h):
            for ps in itertools.combinations(free_p, need_p):
                for order in itertools.permutations(hs + ps):
                    deal = dict(fixed)
                    deal.update(zip(slots, order))
                    if fits(deal):
                        worlds.append(deal)
        return finish(worlds[rng.randrange(len(worlds))])

    # ---------------------------------------------------------------------------- view --
    def _history_copy(self) -> list[dict]:
        """A fresh copy of the finished games (kept packed: it changes once per game)."""
        history = self.state["history"]
        packed = self.__dict__.get("_history_packed")
        if packed is None or packed[0] is not history or packed[1] != len(history):
            packed = (history, len(history), marshal.dumps(history))
            self._history_packed = packed
        return marshal.loads(packed[2])

    def _recent(self, seat: int | None) -> list[dict]:
        """The events of the last applied command (the deal before the first one)."""
        log = self._log
        start = len(log)
        while start and log[start - 1]["sid"] == self.state_id:
            start -= 1
        out = []
        for entry in log[start:]:
            event = self._visible(entry, seat)
            if event is not None:
                out.append(marshal.loads(marshal.dumps(event)))
        return out

    @staticmethod
    def _token_face(token: dict, known: bool) -> dict:
        return {"token": token["token"], "placer": token["placer"], "side": token["side"] if known else None}

    def known_tokens(self, seat: int | None) -> set[str]:
        """Token ids whose side ``seat`` knows now (T6): its own, and those it looked at."""
        st = self.state
        if st["stage"] in ("between", "over"):
            return {t["token"] for t in st["tokens"]}
        if seat is None:
            return set()
        known = {t["token"] for t in st["tokens"] if t["placer"] == seat}
        for rec in st["investigations"]:
            if rec["seat"] == seat:
                known.update(rec["seen"])
        return known

    def known_characters(self, seat: int | None) -> dict[int, str]:
        """Seat -> Character for every Character ``seat`` knows in the current game."""
        st = self.state
        chars = st["characters"]
        if st["stage"] in ("between", "over"):
            return dict(enumerate(chars))
        if seat is None:
            return {}
        known = {seat: chars[seat]}
        for other in self._characters_shown_to(seat):
            known[other] = chars[other]
        return known

    def _notebook(self, seat: int | None) -> list[dict]:
        """What ``seat`` learned this game, in order: each share it took part in
        (``{kind: "share", share, turn, with, gave, got}``; ``gave``/``got`` are show
        payloads ``{share, card, seat, to[, character]}`` or null while pending) and each
        of its investigations (``{kind: "investigate", turn, targets, looks: [{target,
        tokens: [{token, placer, side}]}]}``, sides as they were when it looked)."""
        st = self.state
        if seat is None:
            return []
        entries = []
        chars = st["characters"]
        for rec in st["shares"]:
            if seat not in (rec["by"], rec["with"]):
                continue
            mine = 0 if rec["by"] == seat else 1
            other = rec["with"] if mine == 0 else rec["by"]

            def payload(index: int, shower: int, to: int) -> dict | None:
                card = rec["cards"][index]
                if card is None:
                    return None
                out = {"share": rec["share"], "card": card, "seat": shower, "to": to}
                if card == "character":
                    out["character"] = chars[shower]
                return out

            entries.append({"kind": "share", "share": rec["share"], "turn": rec["turn"], "with": other,
                            "gave": payload(mine, seat, other), "got": payload(1 - mine, other, seat)})
        by_id = {t["token"]: t for t in st["tokens"]}
        for rec in st["investigations"]:
            if rec["seat"] != seat:
                continue
            looks = [{"target": target,
                      "tokens": [self._token_face(by_id[tid], True) for tid in rec["seen"]
                                 if by_id[tid]["target"] == target]}
                     for target in rec["targets"]]
            entries.append({"kind": "investigate", "turn": rec["turn"], "targets": list(rec["targets"]),
                            "looks": looks})
        entries.sort(key=lambda e: e["turn"])
        return entries

    def _view(self, seat: int | None) -> dict:
        st = self.state
        cat = self.cat
        stage = st["stage"]
        ended = stage in ("between", "over")
        known_tokens = self.known_tokens(seat)
        known_chars = self.known_characters(seat)
        result = st["result"] if ended else None
        in_front = [0] * self.n
        for t in st["tokens"]:
            in_front[t["target"]] += 1
        players = []
        for s in range(self.n):
            players.append({
                "seat": s, "name": self.players[s], "tokens": st["hand"][s], "in_front": in_front[s],
                "character": known_chars.get(s), "total": st["totals"][s],
                "standing": result["standing"][s] if result else None,
                "killed": result["killed"][s] if result else None,
                "score": result["scores"][s] if result else None,
            })
        tokens = [self._token_face(t, t["token"] in known_tokens) | {"target": t["target"], "turn": t["turn"]}
                  for t in st["tokens"]]
        me = None
        if seat is not None:
            mine = st["characters"][seat]
            me = {"character": mine, "belief": cat.belief(mine), "may_show": cat.may_show(mine),
                  "double_investigation": self._may_double(seat) and not ended}
        share = st["share"]
        return {
            "stage": stage,
            "game_no": st["game_no"], "games": st["games"],
            "round": st["game_no"], "phase": stage,  # the generic names (the Continue list)
            "turn": st["turn"], "turn_no": st["turn_no"], "first_player": st["first"],
            "next_first": st["next_first"],
            "active": None if stage == "over" else self._to_act()[0],
            "tokens_each": st["tokens_each"], "tokens_aside": st["tokens_aside"],
            "players": players,
            "tokens": tokens,
            "discarded": [dict(d) for d in st["discarded"]],
            "invite": dict(st["invite"]) if st["invite"] else None,
            "declined": list(st["declined"]),
            "share": dict(share) if share else None,
            "shares": [{"share": r["share"], "by": r["by"], "with": r["with"], "turn": r["turn"]}
                       for r in st["shares"]],
            "investigations": [{"seat": r["seat"], "targets": list(r["targets"]), "turn": r["turn"]}
                               for r in st["investigations"]],
            "set_aside": {"exists": st["set_aside"] is not None,
                          "character": st["set_aside"] if ended else None},
            "me": me,
            "notebook": self._notebook(seat),
            "totals": list(st["totals"]),
            "history": self._history_copy(),
            "winners": self._winners(st["totals"]) if stage == "over" else [],
            "recent": self._recent(seat),
        }
