"""Bot knowledge of the Malleus Maleficarum story game: the story-moving policy.

Picking uniformly among ``legal`` would never finish a story game (hundreds of facts to
cite, villagers to move in and out of scenes, one ``pass`` among a thousand building
moves), so every bot seat plays :func:`story_move`: a *kind* of move first, with weights
that favour moving the story on and aiming at its own grudges (its vendetta's target and
its envy's holder), then a command of that kind. Free text is fixed and neutral
(``game.rules.malleus.words``: the villagers a bot adds get three different everyday
facts, its ledger a plain secret, envy and grudge): a bot never writes a story.

Two players use it:

* :class:`MalleusBot`, the random style (``RANDOM_STYLE["malleus"]``), steers it from
  what the seat's view shows (:func:`sense_from_view`);
* :class:`MalleusPolicy`, registered for the game, steers it from a forward-model world
  (a determinized copy, which a policy may read freely: :func:`sense_from_world`).

The Prévôt is always a person at the desktop table; a bot may play seat 0 only for
``witchhunt sim`` and tests.

No search, at any level (``MalleusMatch.search_bots = False``)
--------------------------------------------------------------
Malleus has an honest forward model (``MalleusMatch.determinize``: other players' hands,
ledgers, secret actions, queued cards and orders resampled from the seat's view, checked
by the twin and consistency tests of tests/bots like every game's), but the search bot
is not offered for its player seats; a bot seat plays this style whatever level the form
shows. Measured: one search iteration costs ~25 ms (the whole village copied, then a
playout through the story policy's long legal lists), so Normal's 100 ms buys ~4
iterations; a round takes 55-110 commands (4-6 seats) while a rollout plays 40, and
personal gain — the only score — changes only at the end of a round
(docs/rules/malleus.md §3.11), so rollouts end with the scores they started with and
every candidate looks the same; most conflicts turn on the Prévôt's narrative
judgements (approve_fact, confirm_secret, assign_side), which a person makes and a
rollout could only guess at random; and a bot's free text is neutral anyway. A searched
player seat would think longer and play no better than this policy, which already aims
its accusations and harmful cards at its own vendetta target and envy holder.
"""

from __future__ import annotations

import json
import random
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.bots.base import RANDOM_STYLE
from game.bots.policy import Policy, register_policy
from game.rules.malleus import (
    ENVIED_PERSON,
    ENVIED_THINGS,
    LEDGER_SECRETS,
    NEUTRAL_NAMES,
    NEUTRAL_TEXT,
    NEUTRAL_TEXTS,
    PREVOT,
    VENDETTA_REASONS,
    everyday_fact,
)
from game.rules.malleus.sides import player_sides
from game.rules.malleus.state import threshold

if TYPE_CHECKING:
    from game.rules.malleus import MalleusMatch

#: how much each kind of move is wanted (unlisted: 1)
MOVE_WEIGHTS = {
    "cite_fact": 0.3,
    "approve_fact": 1.0,
    "reject_fact": 0.5,
    "set_present": 0.15,
    "assign_side": 0.15,
    "join_scene": 0.05,
    "take_side": 0.8,
    "play_card": 0.25,
    "narrate": 0.5,
    "record_fact": 0.3,
    "start_npc_conflict": 0.4,
    "void_card": 0.3,
    "add_fact_relation": 0.3,
}
KIND_WEIGHTS = {"accusation": 5, "bolster": 1.5, "relationship_change": 1, "facts_change": 1, "reveal_secret": 1}
HARMFUL = ("whispering", "planted_evidence")


@dataclass
class StorySense:
    """What a seat knows that steers the story-moving policy."""

    building_done: bool = False  # enough villagers: passing is welcome
    spoken: int = 0  # facts cited or counted in the open conflict
    grudges: frozenset[str] = frozenset()  # its vendetta target and envy holder
    hand_types: dict[str, str] = field(default_factory=dict)  # its card ids -> types
    villagers: int = 0
    side: str | None = None  # its side in the open conflict ("for" / "against"), if any
    #: the open conflict's actor's player (None: an NPC conflict), when a conflict is open
    conflict_actor: int | None = None
    in_conflict: bool = False
    seat: int | None = None


def fill_text(value: Any, text: str) -> Any:
    """``value`` with every "" (a free-text field as ``legal`` lists it) set to ``text``."""
    if value == "":
        return text
    if isinstance(value, list):
        return [fill_text(v, text) for v in value]
    if isinstance(value, dict):
        return {k: fill_text(v, text) for k, v in value.items()}
    return value


def never_applies(play: dict[str, Any], sense: StorySense) -> bool:
    """A card of a secret action that cannot apply in the open conflict, whatever comes
    before it: an Interloper in a conflict on the bot's own turn or nobody's (R28), an
    Intimidation of the actor's player (R27)."""
    if not sense.in_conflict:
        return False
    kind = sense.hand_types.get(play["card"])
    if kind == "interloper":
        return sense.conflict_actor in (None, sense.seat)
    return kind == "intimidation" and play.get("player") == sense.conflict_actor


def story_move(legal: list[dict[str, Any]], rng: Any, sense: StorySense) -> dict[str, Any]:
    """One command from ``legal`` that moves the story on, with neutral text."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    command: dict[str, Any] | None  # each legal one, then the one chosen
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
    if kind == "secret_action":
        # a card it could never apply is not handed in (the Prévôt would only void it)
        pool = [c for c in pool if not any(never_applies(p, sense) for p in c.get("cards") or [])] or pool
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

        def aimed_card(c: dict[str, Any]) -> bool:
            plays = [c] if c["type"] == "play_card" else (c.get("cards") or [])
            return (
                bool(plays) and sense.hand_types.get(plays[0]["card"]) in HARMFUL and plays[0].get("target") in wanted
            )

        hits = [c for c in pool if aimed_card(c)]
        command = rng.choice(hits) if hits else None
    elif kind == "cite_fact" and sense.side is not None:
        # a fact for its own side: Dora's villager accused Odile, and Dora cited a fact
        # against her own accusation (a slip no player makes; the other side cites its own)
        own = [c for c in pool if c["side"] == sense.side]
        pool = own or pool
    if command is None:
        command = pool[rng.randrange(len(pool))]
    command = dict(command)
    n = sense.villagers
    if command["type"] == "add_villager":
        if command.get("name") == "":
            command["name"] = NEUTRAL_NAMES[n % len(NEUTRAL_NAMES)] + ("" if n < len(NEUTRAL_NAMES) else f" {n}")
        # three different everyday facts (without the generator: the same moves as before)
        command["facts"] = [everyday_fact(3 * n + i) if f == "" else f for i, f in enumerate(command.get("facts", []))]
    elif command["type"] in ("add_fact_relation", "record_fact"):
        about = f"{command.get('villager') or command.get('subject')}/{n}/{sense.spoken}"
        field_name = "fact" if command["type"] == "add_fact_relation" else "text"
        if command.get(field_name) == "":
            general = command["type"] == "record_fact" and command.get("subject") is None
            command[field_name] = everyday_fact(zlib.crc32(about.encode()), village=general)
    filled: dict[str, Any] = fill_text(ledger_text(command), NEUTRAL_TEXTS.get(command["type"], NEUTRAL_TEXT))
    return filled


def ledger_text(command: dict[str, Any]) -> dict[str, Any]:
    """``command`` with the ledger words it leaves empty written one by one: a thing to
    envy (or ``ENVIED_PERSON`` when the envied is a person) and a vendetta's reason
    wherever an envy or a vendetta is named (a ledger, a card's or a secret action's new
    ones), and a ledger's secret; picked by what the command names (no generator)."""
    keys: list[int] = []

    def k() -> int:  # read from the command only when a word is missing (most moves have none)
        if not keys:
            keys.append(zlib.crc32(json.dumps(command, sort_keys=True).encode()))
        return keys[0]

    def words(value: Any) -> Any:
        if isinstance(value, list):
            return [words(v) for v in value]
        if not isinstance(value, dict):
            return value
        out = {key: words(v) for key, v in value.items()}
        if out.get("thing") == "":
            out["thing"] = ENVIED_PERSON if out.get("thing_villager") else ENVIED_THINGS[k() % len(ENVIED_THINGS)]
        if out.get("reason") == "":
            out["reason"] = VENDETTA_REASONS[k() % len(VENDETTA_REASONS)]
        return out

    written: dict[str, Any] = words(command)
    if written["type"] == "submit_ledger" and written.get("secret") == "":
        written["secret"] = LEDGER_SECRETS[k() % len(LEDGER_SECRETS)]
    return written


def sense_from_view(view: dict[str, Any]) -> StorySense:
    """The policy's steering, from what a seat's view shows."""
    building = view.get("building") or {}
    conflict = view.get("conflict")
    you = view.get("you") or {}
    grudges = set()
    if you.get("vendetta"):
        grudges.add(you["vendetta"]["target"])
    if you.get("envy"):
        grudges.add(you["envy"]["holder"])
    side = None
    if conflict:
        seat = view.get("seat")
        if seat == conflict.get("actor_player"):
            side = "for"
        elif seat == conflict.get("principal"):
            side = conflict.get("principal_side")
        else:
            side = (conflict.get("sides") or {}).get(str(seat))
    return StorySense(
        building_done=bool(building) and building.get("villagers", 0) >= building.get("threshold", 0),
        spoken=len(conflict["facts"]) + len(conflict["citations"]) if conflict else 0,
        grudges=frozenset(grudges),
        hand_types={c["card"]: c["type"] for c in you.get("hand", [])},
        villagers=len(view.get("villagers", [])),
        side=side,
        conflict_actor=conflict.get("actor_player") if conflict else None,
        in_conflict=bool(conflict),
        seat=view.get("seat"),
    )


def sense_from_world(world: MalleusMatch, seat: int) -> StorySense:
    """The policy's steering from a forward-model world (what ``seat`` knows in it)."""
    st = world.state
    c = st["conflict"]
    grudges = set()
    hand_types = {}
    if seat != PREVOT:
        led = st["ledgers"][seat]
        if led["vendetta"]:
            grudges.add(led["vendetta"]["target"])
        if led["envy"]:
            grudges.add(led["envy"]["holder"])
        hand_types = {cid: world.cat.type_of[cid] for cid in led["hand"]}
    return StorySense(
        building_done=st["phase"] == "building" and len(st["vorder"]) >= threshold(world),
        spoken=len(c["facts"]) + len(c["citations"]) if c is not None else 0,
        grudges=frozenset(grudges),
        hand_types=hand_types,
        villagers=len(st["vorder"]),
        side=own_side(world, c, seat) if c is not None else None,
        conflict_actor=c["actor_player"] if c is not None else None,
        in_conflict=c is not None,
        seat=seat,
    )


def own_side(world: MalleusMatch, c: dict[str, Any], seat: int) -> str | None:
    """``seat``'s side in the conflict ``c`` (the actor's is "for"; the rest as the rules
    read the sides, an accused or exposed principal "against", §3.4), or None."""
    if seat == c["actor_player"]:
        return "for"
    return dict(player_sides(world, c, for_pools=False)).get(seat)


class MalleusPolicy(Policy["MalleusMatch"]):
    """The story-moving policy for rollouts in a determinized world; a position's value
    is the default (personal gain, the only score, changes only at a round's end)."""

    def choose(self, match: MalleusMatch, seat: int, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        return story_move(legal, rng, sense_from_world(match, seat))


class MalleusBot:
    """Random, story-neutral: see the module docstring."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]], model: Any = None) -> dict[str, Any]:
        if not legal:
            raise ValueError("no legal command to choose from")
        return story_move(legal, self.rng, sense_from_view(view))


register_policy("malleus", MalleusPolicy())
RANDOM_STYLE["malleus"] = MalleusBot
