"""Salem 1692 bot knowledge: the rollout policy, the sense checks and the position value
of the search bot.

A :class:`SalemPolicy` plays inside a determinized world (``Match.determinize``: what the
seat could not know is resampled there), so it reads that world's state freely; what it
decides on is what the seat itself knows — its hand and row, its side and the witches it
knows, and everything public (fronts, hand sizes, the log).
Registered for ``salem`` when :mod:`game.bots` is imported.

How the others play: a seat that has played at random so far (a first-time player, a
random bot: it plays its whole hand turn after turn, confesses at most Nights) is read so
from the public log (:func:`random_chances`); in the search's worlds it then plays at
random (:data:`RANDOM_SEATS`), the position at a rollout's end is valued by a model
learned against such seats, and its acts weigh little in the belief (:func:`witch_odds`).

Sense checks (:meth:`SalemPolicy.senseless`; the search never plays these when anything
else is legal, and neither do rollouts, but for the seats a world plays at random):

* ``undoes_own_play``: a card that cancels one's own play earlier this turn — an Alibi
  or a Scapegoat away from a seat one just accused, a red card on a seat one just gave
  an Alibi, a second Matchmaker on the seat one just gave one (both are discarded,
  docs/rules/salem.md §3.4), a Curse on the blue card one just played, a Scapegoat or
  Robbery straight back.
* ``no_effect``: a card that does nothing (legal, R20): an Alibi on a seat without
  Accusation cards (it removes only those, R4), Arson or Robbery on an empty hand, a
  Scapegoat from an empty front.
* ``hoards_cards``: drawing with :data:`HAND_LIMIT` cards or more in hand while a play
  that passes these checks exists (a bot drew for rounds, hoarding 11 cards).
* ``betrays_own_side``: a witch voting to kill (or to give the Black Cat to) a seat it
  knows is a witch; a seat turning up its own Witch card (a confession, or naming its own
  card for the Black Cat) — the town wins on that card.
* ``kills_self``: confessing one's last card, which kills (§3.6 step 3; a seat with more
  cards may confess to be safe for the night).
* ``binds_own_life``: a Matchmaker on a seat without one while one lies in one's own
  front: the two are bound, and one's life then hangs on that seat's (§3.4, R11). Judged
  at the root and in :meth:`SalemPolicy.choose`; the rollouts' quick play
  (:meth:`SalemPolicy.play`) keeps the model of play its position value was learned with.
"""

from __future__ import annotations

import math
import random
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from game.bots.belief import marginal_odds, ratio
from game.bots.policy import Policy, register_policy
from game.bots.values_table import VALUES
from game.rules.salem import TRYAL_TABLE, WITCH, determinize
from game.rules.salem.state import accusations, living_seats, threshold_for

if TYPE_CHECKING:
    from game.engine.match import Match
    from game.rules.salem.match import SalemMatch

#: a hand of this many cards plays before it draws again, when it has a sensible play
HAND_LIMIT = 6

SENSE_CHECKS = ("undoes_own_play", "no_effect", "hoards_cards", "betrays_own_side", "kills_self", "binds_own_life")

#: model how the other seats play from the public log (:func:`random_chances`): in the
#: rollouts a seat that has played at random plays at random, and its acts weigh little
#: in the belief
MODEL_OPPONENTS = True

#: the seats that play at random in a world of the search (:meth:`SalemPolicy.redraw`
#: draws them per world; :meth:`SalemPolicy.play` reads them); a world not listed is
#: played by the policy at every seat
RANDOM_SEATS: weakref.WeakKeyDictionary[Match, frozenset[int]] = weakref.WeakKeyDictionary()

#: the blue cards (and Stocks) that lie in front of their target
_LIES_IN_FRONT = frozenset({"asylum", "piety", "matchmaker", "black_cat", "stocks"})


def turn_plays(m: Match, seat: int) -> list[dict[str, Any]]:
    """The ``play`` events of ``seat`` since its turn began (public log entries)."""
    out = []
    for entry in reversed(m._log):
        e = entry["event"]
        et = e["type"]
        if et == "turn":
            break
        if et == "play" and e["seat"] == seat:
            out.append(e)
    return out


def random_turn_command(m: SalemMatch, seat: int, rng: random.Random) -> dict[str, Any]:
    """One of ``seat``'s legal commands at a plain turn (a standard game without Town
    Hall, nothing on the stack), each as likely as the others — what a random player
    sends — found by counting the ways to play each card instead of listing them (a
    random player's turn in a rollout would list a hand times the table's seats, pairs
    of seats for Robbery and Scapegoat, at every card it plays). The i-th draw is the
    i-th command of the legal list (game/rules/salem/legal.py ``turn_legal``)."""
    s = m.state
    alive = s["alive"]
    fronts = s["fronts"]
    kind_of = m.cat.kind_of
    colour_of = m.cat.colour_of
    targets = [p for p in range(m.n) if p != seat and alive[p]]
    k = len(targets)
    hand = s["hands"][seat]
    accusable: list[int] | None = None
    counts: list[int] = []
    for card in hand:
        kind = kind_of[card]
        if colour_of[card] == "red":
            if accusable is None:
                accusable = [t for t in targets if not any(kind_of[c] == "piety" for c in fronts[t])]
            counts.append(len(accusable))
        elif kind == "curse":
            counts.append(sum(1 for t in targets for b in fronts[t] if colour_of[b] == "blue"))
        elif kind in ("robbery", "scapegoat"):
            counts.append(k * (k - 1))
        else:
            counts.append(k)
    played = s["played"]
    x = rng.randrange(sum(counts) + 1)
    if not played:
        if x == 0:
            return {"type": "draw_two"}
        x -= 1
    for card, count in zip(hand, counts):
        if x >= count:
            x -= count
            continue
        kind = kind_of[card]
        if colour_of[card] == "red":
            return {"type": "play", "card": card, "target": (accusable or [])[x]}
        if kind == "curse":
            t, b = [(t, b) for t in targets for b in fronts[t] if colour_of[b] == "blue"][x]
            return {"type": "play", "card": card, "target": t, "blue": b}
        if kind in ("robbery", "scapegoat"):
            a, rest = divmod(x, k - 1)
            first = targets[a]
            second = [t for t in targets if t != first][rest]
            return {"type": "play", "card": card, "target": first, "target2": second}
        return {"type": "play", "card": card, "target": targets[x]}
    return {"type": "end_turn"}


def _red(m: SalemMatch, card: str) -> bool:
    return m.cat.colour_of[card] == "red"


def play_problem(m: SalemMatch, seat: int, cmd: dict[str, Any], earlier: list[dict[str, Any]]) -> str | None:
    """Why playing ``cmd`` (a ``play``) makes no sense, or None; ``earlier``: the seat's
    plays this turn (:func:`turn_plays`)."""
    s = m.state
    kind_of = m.cat.kind_of
    card = cmd["card"]
    kind = kind_of[card]
    target = cmd["target"]
    red = m.cat.colour_of[card] == "red"
    for e in earlier:
        ek = e["kind"]
        et = e["target"]
        if m.cat.colour_of[e["card"]] == "red" and target == et and kind in ("alibi", "scapegoat"):
            return "undoes_own_play"
        if ek == "alibi" and red and target == et:
            return "undoes_own_play"
        if ek == "matchmaker" and kind == "matchmaker" and target == et:
            return "undoes_own_play"
        if kind == "curse" and cmd.get("blue") == e["card"]:
            return "undoes_own_play"
        if (
            ek == kind
            and ek in ("scapegoat", "robbery")
            and "target2" in e
            and (target == e["target2"] and cmd.get("target2") == et)
        ):
            return "undoes_own_play"
    if kind == "alibi":
        as_witness = s["as_witness"]
        if not any(kind_of[c] == "accusation" and c not in as_witness for c in s["fronts"][target]):
            return "no_effect"
    elif kind == "arson" or (kind == "robbery" and (s["variant"] or "target2" in cmd)):
        if not s["hands"][target]:
            return "no_effect"
    elif kind == "scapegoat":
        if not s["fronts"][target]:
            return "no_effect"
    return None


def binds_own_life(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> bool:
    """Would ``seat``'s play ``cmd`` bind its own life to another seat's: a Matchmaker on a
    target without one while one lies in ``seat``'s own front (two seats with one each are
    bound, docs/rules/salem.md §3.4, R11; a second on the same seat discards both)."""
    kind_of = m.cat.kind_of
    if kind_of[cmd["card"]] != "matchmaker":
        return False
    fronts = m.state["fronts"]
    return any(kind_of[c] == "matchmaker" for c in fronts[seat]) and not any(
        kind_of[c] == "matchmaker" for c in fronts[cmd["target"]]
    )


class SalemPolicy(Policy["SalemMatch"]):
    """Witches accuse and vote against the townspeople they know are not witches and never
    give themselves away; the town presses the accusations already on the table towards
    a trial; a small hand draws, a big one plays; confessions are rare and never the Witch
    card; a turn ends after a card or a few. Never a senseless card (module docstring)."""

    sense_checks = SENSE_CHECKS
    side_wins = True

    # ------------------------------------------------------------------ sense --
    def senseless(self, match: Match, seat: int, command: dict[str, Any]) -> list[str]:
        m = cast("SalemMatch", match)
        s = m.state
        kind = command["type"]
        if kind == "play":
            problem = play_problem(m, seat, command, turn_plays(m, seat) if s["played"] else [])
            if problem:
                return [problem]
            if binds_own_life(m, seat, command):
                return ["binds_own_life"]
            return []
        if kind == "draw_two":
            if len(s["hands"][seat]) >= HAND_LIMIT:
                plays = [c for c in m._legal(seat) if c["type"] == "play"]
                earlier = turn_plays(m, seat) if s["played"] else []
                if any(play_problem(m, seat, c, earlier) is None for c in plays):
                    return ["hoards_cards"]
            return []
        if kind in ("night_vote", "dawn_vote"):
            if s["witch"][seat] and command["target"] in s["known"][seat]:
                return ["betrays_own_side"]
            return []
        if kind == "confess":
            row = s["rows"][seat]
            if s["tryal_kind"][row[command["index"]]] == WITCH:
                return ["betrays_own_side"]
            if len(row) == 1:
                return ["kills_self"]
            return []
        if kind == "choose_tryal" and command["player"] == seat:
            row = s["rows"][seat]
            if s["tryal_kind"][row[command["index"]]] == WITCH:
                return ["betrays_own_side"]
        return []

    # ----------------------------------------------------------------- policy --
    def choose(self, match: Match, seat: int, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        m = cast("SalemMatch", match)
        s = m.state
        if len(legal) == 1:
            return dict(legal[0])
        first = legal[0]["type"]
        known = set(s["known"][seat]) if s["witch"][seat] else set()
        if first in ("dawn_vote", "night_vote"):
            good = [c for c in legal if c["target"] not in known]
            pool = good or legal
            return dict(pool[rng.randrange(len(pool))])
        if first == "confess" or legal[-1]["type"] == "pass" and any(c["type"] == "confess" for c in legal):
            return self._confession(m, seat, legal, rng)
        if first == "choose_tryal" and legal[0]["player"] == seat:
            row = s["rows"][seat]
            safe = [c for c in legal if c["type"] != "choose_tryal" or s["tryal_kind"][row[c["index"]]] != WITCH]
            pool = safe or legal
            return dict(pool[rng.randrange(len(pool))])
        types = {c["type"] for c in legal}
        if "draw_two" in types or "end_turn" in types:
            return self._turn(m, seat, legal, types, known, rng)
        return dict(legal[rng.randrange(len(legal))])

    def play(self, match: Match, seat: int, rng: random.Random) -> dict[str, Any]:
        """The rollout's move: at a plain turn (no Town Hall abilities, no ghosts) the
        same choice as :meth:`choose` is made from the hand and the seats without listing
        every card and target (a hand of 8 at 12 seats lists hundreds); otherwise
        :meth:`choose` over the legal list."""
        m = cast("SalemMatch", match)
        randoms = RANDOM_SEATS.get(m)
        s = m.state
        if randoms and seat in randoms:
            if s["stack"] or s["abilities"] or s["variant"]:
                legal = m._legal(seat)
                return dict(legal[rng.randrange(len(legal))])
            return random_turn_command(m, seat, rng)
        if s["stack"] or s["abilities"] or s["variant"]:
            return self.choose(m, seat, m._legal(seat), rng)
        hand = s["hands"][seat]
        played = s["played"]
        size = len(hand)
        if not played and (not size or size < HAND_LIMIT and (size <= 2 or rng.random() < 0.3)):
            return {"type": "draw_two"}
        if played and (not size or rng.random() < 0.45):
            return {"type": "end_turn"}
        command = self._quick_play(m, seat, hand, rng)
        if command is not None:
            return command
        return {"type": "end_turn"} if played else {"type": "draw_two"}

    def _quick_play(self, m: SalemMatch, seat: int, hand: list[str], rng: random.Random) -> dict[str, Any] | None:
        """A card from ``hand`` on its targets as :meth:`_turn` would pick it (no
        senseless play), or None when no try found one."""
        s = m.state
        alive = s["alive"]
        n = m.n
        targets = [p for p in range(n) if p != seat and alive[p]]
        if not targets:
            return None
        kind_of = m.cat.kind_of
        colour_of = m.cat.colour_of
        earlier = turn_plays(m, seat) if s["played"] else []
        fronts = s["fronts"]
        pious = {p for p in targets if any(kind_of[c] == "piety" for c in fronts[p])}
        known = set(s["known"][seat]) if s["witch"][seat] else set()
        reds = [c for c in hand if colour_of[c] == "red"]
        if reds and rng.random() < 0.7:
            aims = [p for p in targets if p not in pious and p not in known]
            if aims:
                card = reds[rng.randrange(len(reds))]
                value = m.cat.value_of[card]
                trial = [p for p in aims if accusations(m, p) + value >= threshold_for(m, p, seat)]
                pool = trial if trial and rng.random() < 0.7 else aims
                for _ in range(3):
                    command = {"type": "play", "card": card, "target": pool[rng.randrange(len(pool))]}
                    if play_problem(m, seat, command, earlier) is None:
                        return command
        for _ in range(6):
            card = hand[rng.randrange(len(hand))]
            kind = kind_of[card]
            colour = colour_of[card]
            if colour == "red":
                pool = [p for p in targets if p not in pious]
            elif kind == "stocks":
                pool = targets  # no ghosts in a standard game
            elif kind == "curse":
                blues = [(p, b) for p in targets for b in fronts[p] if colour_of[b] == "blue"]
                if not blues:
                    continue
                p, b = blues[rng.randrange(len(blues))]
                command = {"type": "play", "card": card, "target": p, "blue": b}
                if play_problem(m, seat, command, earlier) is None:
                    return command
                continue
            else:
                pool = targets
            if not pool:
                continue
            target = pool[rng.randrange(len(pool))]
            command = {"type": "play", "card": card, "target": target}
            if kind in ("robbery", "scapegoat"):
                rest = [p for p in targets if p != target]
                if not rest:
                    continue
                command["target2"] = rest[rng.randrange(len(rest))]
            if play_problem(m, seat, command, earlier) is None:
                return command
        return None

    def redraw(
        self, world: Match, seat: int, weigh: bool = True, reads: str = "sensible"
    ) -> Callable[[Match, random.Random], None]:
        """Worlds of one decision (game/bots/worlds.py): what ``world`` shows ``seat`` read
        once (``determinize.knowledge``), the hidden parts redrawn per world
        (``determinize.resample``), the Witch cards placed by the seat's belief
        (:func:`witch_odds`) when ``weigh``; then, when ``weigh``, who of the others plays
        at random in that world's rollouts, each seat by the chance the public log gives
        it (:func:`random_chances`; :data:`RANDOM_SEATS`). ``reads`` changes nothing here:
        the belief tells seats that play at random from sensible ones by the log itself."""
        known = determinize.knowledge(cast("SalemMatch", world), seat)
        log = world.log(seat)
        odds = self.belief(world.view(seat), log, seat) if weigh else None
        chances = random_chances(log, seat) if weigh and MODEL_OPPONENTS else {}

        def draw(copy: Match, rng: random.Random) -> None:
            determinize.resample(cast("SalemMatch", copy), seat, rng, known, odds)
            if chances:  # who plays at random in this world: each seat by its chance
                RANDOM_SEATS[copy] = frozenset(p for p, c in chances.items() if rng.random() < c)

        return draw

    def belief(self, view: dict[str, Any], log: list[dict[str, Any]], seat: int) -> dict[int, float] | None:
        """The seat's belief from its view and log: :func:`witch_odds`."""
        return witch_odds(view, log, seat)

    def _confession(self, m: SalemMatch, seat: int, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        """Mostly pass; a confession (it keeps one safe tonight) never of one's Witch card
        nor of one's last card (that kills)."""
        s = m.state
        row = s["rows"][seat]
        if len(row) > 1 and rng.random() < 0.15:
            safe = [c for c in legal if c["type"] == "confess" and s["tryal_kind"][row[c["index"]]] != WITCH]
            if safe:
                return dict(safe[rng.randrange(len(safe))])
        return {"type": "pass"}

    def _turn(
        self,
        m: SalemMatch,
        seat: int,
        legal: list[dict[str, Any]],
        types: set[str],
        known: set[int],
        rng: random.Random,
    ) -> dict[str, Any]:
        s = m.state
        hand = len(s["hands"][seat])
        if "draw_two" in types and hand < HAND_LIMIT and (hand <= 2 or rng.random() < 0.3):
            return {"type": "draw_two"}
        if "end_turn" in types and rng.random() < 0.45:
            return {"type": "end_turn"}
        earlier = turn_plays(m, seat) if s["played"] else []
        plays = [
            c
            for c in legal
            if c["type"] == "play" and play_problem(m, seat, c, earlier) is None and not binds_own_life(m, seat, c)
        ]
        if not plays:
            if "end_turn" in types:
                return {"type": "end_turn"}
            if "draw_two" in types:
                return {"type": "draw_two"}
            return dict(legal[rng.randrange(len(legal))])
        colour_of = m.cat.colour_of
        red = [c for c in plays if colour_of[c["card"]] == "red" and c["target"] not in known]
        if red and rng.random() < 0.7:
            # press towards a trial: a target the card brings to its threshold first
            trial = [
                c
                for c in red
                if accusations(m, c["target"]) + m.cat.value_of[c["card"]] >= threshold_for(m, c["target"], seat)
            ]
            pool = trial if trial and rng.random() < 0.7 else red
            return dict(pool[rng.randrange(len(pool))])
        return dict(plays[rng.randrange(len(plays))])

    # ------------------------------------------------------------------ value --
    def role(self, match: Match, seat: int) -> str | None:
        """``"witch"`` for a seat that holds (or held) a Witch card, else ``"town"``."""
        return "witch" if match.state["witch"][seat] else "town"

    def value(self, match: Match, seat: int) -> float:
        """Win share when over; else the chance the town wins by the learned model of
        :func:`town_chance` (1 minus it for a witch)."""
        s = match.state
        if s["over"]:
            return 1.0 if seat in s["winners"] else 0.0
        town = town_chance(cast("SalemMatch", match))
        return 1.0 - town if s["witch"][seat] else town


def value_features(m: SalemMatch) -> list[float]:
    """What decides a standard game of Salem from here, as numbers (the model of
    :func:`town_chance`): the share of the living who are witches; the share of the
    Witch cards still face down; how near their holders are to a trial and how likely a
    trial on them turns one up; how near the town is to trials and to death; how many
    are alive; how far Night is; whether the Conspiracy is still in the pile and whether
    the Black Cat lies before a Witch card's holder."""
    s = m.state
    n = m.n
    tk = s["tryal_kind"]
    alive = s["alive"]
    living = [p for p in range(n) if alive[p]]
    witch = s["witch"]
    threshold = s["T"]
    holders = [p for p in living if any(tk[t] == WITCH for t in s["rows"][p])]
    town = [p for p in living if not witch[p]]
    total_witch = sum(1 for k in tk.values() if k == WITCH) or 1
    hidden = sum(1 for p in holders for t in s["rows"][p] if tk[t] == WITCH)
    per_seat = max(len(r) + len(u) for r, u in zip(s["rows"], s["revealed"])) or 1
    acc = {p: min(1.0, accusations(m, p) / threshold) for p in living}
    cat = m.cat
    keeper = next((p for p in living if cat.black_cat in s["fronts"][p]), None)
    return [
        sum(1 for p in living if witch[p]) / max(1, len(living)),
        hidden / total_witch,
        sum(1.0 / max(1, len(s["rows"][p])) for p in holders) / max(1, len(holders)) if holders else 1.0,
        max((acc[p] for p in holders), default=0.0),
        sum(acc[p] for p in town) / max(1, len(town)),
        min((len(s["rows"][p]) for p in town), default=0) / per_seat,
        len(living) / n,
        len(s["pile"]) / 56.0,
        1.0 if cat.conspiracy in s["pile"] else 0.0,
        1.0 if keeper is not None and keeper in holders else 0.0,
    ]


def town_chance(m: SalemMatch) -> float:
    """The chance the town wins from here: a logistic model of :func:`value_features`
    learned from games of the rollout policy (game/bots/values_table.py, made by
    tools/learn_values.py); the ghost game's Night is near and its ends differ, so
    there the hand-made estimate of the share of Witch cards face up and of witches
    among the living stands in. In a world of the search where some seats play at random
    (:data:`RANDOM_SEATS`) the model learned from games against random seats
    (``salem_random``) counts by their share of the living others (the log-odds of the
    two blended)."""
    s = m.state
    model = VALUES.get("salem")
    if model is None or s["variant"]:
        tk = s["tryal_kind"]
        total = sum(1 for k in tk.values() if k == WITCH) or 1
        up = sum(1 for r in s["revealed"] for t in r if tk[t] == WITCH)
        living = living_seats(m)
        witch_share = sum(1 for p in living if s["witch"][p]) / max(1, len(living))
        return min(0.95, max(0.05, 0.5 + 0.35 * (up / total) - 0.35 * witch_share))
    features = value_features(m)
    z = model["bias"] + sum(w * f for w, f in zip(model["weights"], features))
    randoms = RANDOM_SEATS.get(m)
    at_random = VALUES.get("salem_random")
    if randoms and at_random is not None:  # a world whose rollouts play some seats at random
        living = living_seats(m)
        share = sum(1 for p in living if p in randoms) / max(1, len(living) - 1)
        z_random = at_random["bias"] + sum(w * f for w, f in zip(at_random["weights"], features))
        z = (1.0 - share) * z + share * z_random
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


register_policy("salem", SalemPolicy())


# ------------------------------------------------------------------ belief --
#: the kinds of cards whose plays a belief reads, by the act they count as
ACT_OF_KIND = {
    "accusation": "accuse",
    "evidence": "accuse",
    "witness": "accuse",
    "alibi": "alibi",
    "arson": "harm",
    "stocks": "harm",
    "curse": "harm",
    "robbery": "harm",
    "asylum": "help",
    "piety": "help",
}
#: acts with one seat (the witches' or the Constable's choice, a confession)
SINGLE_ACTS = ("night", "cat", "gavel", "confess")


def public_acts(events: list[dict[str, Any]]) -> list[tuple[str, int | None, int]]:
    """The acts a belief reads from a log, as ``(act, actor, target)``: a card played by
    one seat on another (``accuse``, ``alibi``, ``harm``, ``help``), and acts naming one
    seat with no actor shown (the Night's victim, the Black Cat's keeper, the Gavel's
    seat, a confessor) with ``actor`` None. Public events only."""
    out: list[tuple[str, int | None, int]] = []
    for e in events:
        et = e["type"]
        if et == "play":
            act = ACT_OF_KIND.get(e["kind"])
            if act is not None:
                out.append((act, e["seat"], e["target"]))
        elif et == "night_target":
            out.append(("night", None, e["seat"]))
        elif et == "black_cat":
            out.append(("cat", None, e["seat"]))
        elif et == "gavel" and e.get("seat") is not None:
            out.append(("gavel", None, e["seat"]))
        elif et == "confession":
            out.append(("confess", None, e["seat"]))
    return out


def witch_odds(view: dict[str, Any], log: list[dict[str, Any]], seat: int) -> dict[int, float] | None:
    """Per other living seat whose side ``seat`` does not know: the odds that it holds a
    hidden Witch card, relative to a blind draw, from the acts ``seat`` saw
    (:func:`public_acts`) weighed by the learned table (game/bots/belief.py). None when
    nothing is uncertain (the ghost game, no hidden Witch card, a witch who knows them
    all) or nothing was seen."""
    if view.get("variant"):
        return None
    seats = view["seats"]
    n = len(seats)
    known = set(view["known_witches"])
    me_witch = seat in known
    public = {p: e["witch"] for p, e in enumerate(seats) if e["witch"] is not None}
    candidates = [p for p in range(n) if p != seat and seats[p]["alive"] and p not in known and public.get(p) is None]
    total = TRYAL_TABLE[n][1] if n in TRYAL_TABLE else 1
    face_up = sum(1 for e in seats for t in e["revealed"] if t["kind"] == WITCH)
    mine = sum(1 for t in view["my_row"] or [] if t["kind"] == WITCH)
    hidden = total - face_up - mine
    if not candidates or hidden <= 0:
        return None
    acts = [a for a in public_acts(log) if a[1] != seat]
    if not acts:
        return None
    # a seat that plays at random says nothing by its acts: each act's ratio counts
    # only as far as its actor plays as the learned table's players did
    chance = random_chances(log, seat) if MODEL_OPPONENTS else {}
    blind = sum(chance.values()) / len(chance) if chance else 0.0
    fixed = dict.fromkeys(known, "witch") | {p: ("witch" if w else "town") for p, w in public.items()}
    fixed[seat] = "witch" if me_witch else "town"
    rows = {p: max(1, seats[p]["row_count"]) for p in candidates}

    def log_weight(holders: frozenset[int]) -> float:
        def side(p: int) -> str:
            return "witch" if p in holders else fixed.get(p, "town")

        total_log = 0.0
        for act, actor, target in acts:
            key = f"{side(actor)}>{side(target)}" if actor is not None else side(target)
            c = chance.get(actor if actor is not None else (target if act == "confess" else -1), blind)
            total_log += math.log(c + (1.0 - c) * ratio("salem", act, key))
        return total_log

    def prior(holders: frozenset[int]) -> float:
        weight = 1.0
        for p in holders:
            weight *= rows[p]
        return weight

    return marginal_odds(candidates, hidden, log_weight, prior)


# ------------------------------------------------------------ how the others play --
#: before a seat has shown how it plays, the chance it plays at random (as a first-time
#: player or a random bot would) rather than as the rollout policy
RANDOM_PRIOR = 0.5
#: neither model of play is ever sure of a choice: a person may do anything
_SURE = 0.97


def _clip(p: float) -> float:
    return min(_SURE, max(1.0 - _SURE, p))


def random_chances(log: list[dict[str, Any]], seat: int) -> dict[int, float]:
    """Per other seat, the chance it plays at random rather than as the rollout policy
    (:class:`SalemPolicy`), from how it has played so far in the public log ``log`` (a
    seat's log: every event read here is public). The choices weighed, with the hand
    sizes and rows they were made with (counted from the log):

    * a turn's first choice, to draw or to play: a random player draws one time in
      ``1 + hand x targets`` (one command among all its plays), the policy always with
      two cards or fewer, three times in ten below :data:`HAND_LIMIT`, never above;
    * after each play, to end the turn or play on: a random player ends one time in
      ``1 + hand x targets``, the policy about half the time;
    * at each Night, to confess or not: a random player confesses ``row / (row + 1)`` of
      the time (one of its row's cards or a pass), the policy rarely.

    Empty for the ghost game (its turns differ)."""
    n = 0
    hands: list[int] = []
    rows: list[int] = []
    alive: list[bool] = []
    evidence: list[float] = []
    active = -1  # the seat whose turn it is (-1: between turns)
    played = False
    confessing: list[int] = []
    confessed: set[int] = set()

    def weigh(p: int, p_random: float, p_policy: float) -> None:
        if p != seat and 0 <= p < n:
            evidence[p] += math.log(_clip(p_random) / _clip(p_policy))

    def targets() -> int:
        return max(1, sum(alive) - 1)

    def close_confessions() -> None:
        for p in confessing:
            r = max(1, rows[p])
            p_random = r / (r + 1.0)
            p_policy = 0.15 if r > 1 else 0.0
            if p in confessed:
                weigh(p, p_random, p_policy)
            else:
                weigh(p, 1.0 - p_random, 1.0 - p_policy)
        confessing.clear()
        confessed.clear()

    for e in log:
        et = e["type"]
        if et == "setup":
            if e.get("variant"):
                return {}
            rows = list(e["rows"])
            n = len(rows)
            hands = [0] * n
            alive = [True] * n
            evidence = [0.0] * n
        elif not n:
            continue
        elif et in ("deal", "draw"):
            hands[e["seat"]] += len(e["cards"]) if "cards" in e else e.get("count", 1)
        elif et == "turn":
            active = e["seat"]
            played = False
        elif et == "draw_two" and e["seat"] == active and not played:
            h = hands[active]
            if h:
                weigh(active, 1.0 / (1.0 + h * targets()), 1.0 if h <= 2 else 0.3 if h < HAND_LIMIT else 0.0)
        elif et == "play" and e["seat"] == active:
            h = hands[active]
            if not played and h:
                weigh(active, 1.0 - 1.0 / (1.0 + h * targets()), 0.0 if h <= 2 else 0.7 if h < HAND_LIMIT else 1.0)
            elif played and h:
                weigh(active, 1.0 - 1.0 / (1.0 + h * targets()), 0.55)
            hands[active] = max(0, h - 1)
            played = True
        elif et == "end_turn" and e["seat"] == active:
            h = hands[active]
            if h:
                weigh(active, 1.0 / (1.0 + h * targets()), 0.45)
            active = -1
        elif et == "discard" and e.get("reason") == "arson" and "seat" in e:
            hands[e["seat"]] = 0
        elif et == "robbery":
            hands[e["to"]] += e.get("count", hands[e["from"]])
            hands[e["from"]] = 0
        elif et == "reveal":
            rows[e["seat"]] = max(0, rows[e["seat"]] - 1)
        elif et == "death":
            alive[e["seat"]] = False
            hands[e["seat"]] = 0
            rows[e["seat"]] = 0
        elif et == "window" and e.get("window") == "confess":
            close_confessions()
            confessing.extend(e.get("order", []))
        elif et == "confession":
            confessed.add(e["seat"])
        elif et == "night_target":
            close_confessions()
    out: dict[int, float] = {}
    prior = math.log(RANDOM_PRIOR / (1.0 - RANDOM_PRIOR))
    for p in range(n):
        if p != seat and alive[p]:
            z = max(-30.0, min(30.0, prior + evidence[p]))
            out[p] = 1.0 / (1.0 + math.exp(-z))
    return out
