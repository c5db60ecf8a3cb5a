"""Shared helpers for the bot tests: random positions of every game that implements
``Match.determinize``, and *twins* — a second match that shows one seat exactly the
same view and log while hiding different things.

A game registered later gets these tests for free as soon as ``can_determinize()`` is
true. Its engineer may add, keyed by game id:

* ``INVARIANTS[game_id](match)`` -> None, raising AssertionError: the game's own
  invariants (every card present once, money conserved …), run on every determinized
  copy;
* ``TWIN_EXTRAS[game_id](data, seat, rng)``: changes more hidden parts of a match's
  ``to_dict()`` than card ids (hidden roles, secret placements …) in place; the premise
  check (same view and log for ``seat``) still applies;
* ``CARD_IDS[game_id](match)`` -> the game's card ids, when they do not look like
  ``<kind>-<n>`` (the default pattern);
* ``MOVERS[game_id](match, seat, legal, rng)`` -> the command random positions play
  (default: a random command, rarely a pass) — a story game needs its own.
* ``CARD_CLASS[game_id](card_id)`` -> a class name: twins relabel unseen cards only
  within a class (so a card in a zone that takes one class only stays valid).
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.bots.policy import policy_for
from game.engine import GAMES, Match, new_match
from game.engine.rng import MatchRng


def script(folder: str, name: str) -> Any:
    """``<folder>/<name>.py`` (benchmarks/, tools/) as a module (a script, not a
    package), loaded once."""
    key = f"{folder}_{name}"
    if key not in sys.modules:
        path = Path(__file__).resolve().parents[2] / folder / f"{name}.py"
        spec = importlib.util.spec_from_file_location(key, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]


def benchmark(name: str) -> Any:
    """``benchmarks/<name>.py`` as a module."""
    return script("benchmarks", name)


def bots_benchmark() -> Any:
    """benchmarks/bots.py as a module: the measurement tests check its pairing, its
    ceilings and its resumed rows."""
    return benchmark("bots")


CARD_ID = re.compile(r"^[a-z][a-z_]*-\d+$")

INVARIANTS: dict[str, Callable[[Match], None]] = {}
TWIN_EXTRAS: dict[str, Callable[[dict, int, random.Random], None]] = {}
CARD_IDS: dict[str, Callable[[Match], list[str]]] = {}
MOVERS: dict[str, Callable[[Match, int, list[dict], random.Random], dict]] = {}
CARD_CLASS: dict[str, Callable[[str], str]] = {}


def searchable_games() -> list[str]:
    """Every registered game whose rules implement determinize (sorted)."""
    return sorted(g for g, cls in GAMES.items() if cls.can_determinize())


#: games the search bot is not offered for (their bot seats play at random), with why
NOT_SEARCHED = {"malleus": "a story game: player seats may only be random bots with neutral text"}


def searched_games() -> list[str]:
    """The games whose seats the search bot may play (sorted)."""
    return [g for g in searchable_games() if g not in NOT_SEARCHED]


def player_counts(game: str) -> list[int]:
    cls = GAMES[game]
    return list(range(cls.min_players, cls.max_players + 1))


# ------------------------------------------------------------------- invariants --
def _witch_trial(m: Match) -> None:
    from tests.rules.witch_trial_kit import all_card_places, money_ok

    assert sorted(all_card_places(m)) == sorted(m.cat.card_ids), "every card exactly once"
    assert money_ok(m), "money conserved"


def _hammer(m: Match) -> None:
    from tests.rules.hammer_kit import all_cards_once

    assert all_cards_once(m), "every card exactly once (hands, pile, discard, table, kept, box)"
    if m.state["revealed"]:
        starts = m.t.pyre_start
        for vid, v in m.state["villagers"].items():
            if v["status"] == "alive":
                assert starts[v["pyre"]] <= v["heat"] <= 18, (vid, v)
    roles = m.t.card_role
    assert all(roles[b["card"]] == "bribe" for b in m.state["box"]), "only Bribes are sealed"


INVARIANTS["witch_trial"] = _witch_trial
INVARIANTS["hammer"] = _hammer
CARD_CLASS["hammer"] = lambda card: "bribe" if card.startswith("bribe-") else "other"


def _hammer_seal(m: Match, seat: int, command: dict, rng: random.Random) -> dict:
    """Sometimes attach sealed bribes (H8.1), as a player would, when the view allows it."""
    view = m.view(seat)
    if not view.get("may_seal") or rng.random() < 0.7:
        return command
    used = {command.get("card"), *command.get("discard", ())}
    mine = [c for c in view["players"][seat]["hand"] if c.startswith("bribe-") and c not in used]
    alive = [v["id"] for v in view["villagers"] if v["status"] == "alive"]
    if not mine:
        return command
    return dict(command, bribes=[{"card": mine[0], "target": rng.choice(alive), "sign": rng.choice((1, -1))}])


MOVERS["hammer"] = lambda m, seat, legal, rng: _hammer_seal(m, seat, _any_kind(rng, legal), rng)


def _hammer_placements(data: dict, seat: int, rng: random.Random) -> None:
    """Before the reveal (R14) the other seats' pyre placements are secret: swap two."""
    state = data["state"]
    if state["revealed"]:
        return
    for s, placed in enumerate(state["placed"]):
        if s == seat or not placed:
            continue
        mine = [vid for vid in state["vorder"] if state["villagers"][vid]["owner"] == s]
        a, b = mine[0], mine[1]
        va, vb = state["villagers"][a], state["villagers"][b]
        va["pyre"], vb["pyre"] = vb["pyre"], va["pyre"]
        va["heat"], vb["heat"] = vb["heat"], va["heat"]
        for entry in data["log"]:
            event = entry["event"]
            if event.get("type") == "placed" and event.get("seat") == s and "assign" in event:
                event["assign"][a], event["assign"][b] = event["assign"][b], event["assign"][a]
        for who, command in data["commands"]:
            if who == s and command.get("type") == "place_pyres":
                command["assign"][a], command["assign"][b] = command["assign"][b], command["assign"][a]


TWIN_EXTRAS["hammer"] = _hammer_placements


def _salem(m: Match) -> None:
    from tests.rules.salem_kit import all_cards_once, all_tryals_once

    assert all_cards_once(m), "every playing card exactly once"
    assert all_tryals_once(m), "every Tryal card exactly once"
    for p in range(m.n):
        assert m.state["witch"][p] or not m._holds(p, "witch"), "a Witch card's holder is a witch"


def _salem_cards(m: Match) -> list[str]:
    # Salem's ids are c0..c58 (salem.md §1.2); black cards are never in a hand and Night
    # lies publicly at the bottom, so only the others may trade places in a twin
    return [c for c in m.cat.card_ids if m.cat.colour_of[c] != "black"]


def _salem_twin(data: dict, seat: int, rng: random.Random) -> None:
    """What else Salem hides: which seat's hand or which pile position holds a card
    (even a card the seat saw once), and the other seats' face-down Tryal cards."""
    from game.rules.salem import catalog

    s = data["state"]
    cat = catalog()
    n = len(data["players"])
    others = [p for p in range(n) if p != seat]
    looking = any(
        f.get("kind") == "prompt" and f.get("name") == "tituba" and f.get("await") == seat for f in s["stack"]
    )
    slots = [(p, i) for p in others for i in range(len(s["hands"][p]))]
    if not looking:
        slots += [(None, i) for i, c in enumerate(s["pile"]) if cat.colour_of[c] != "black"]
    cards = [s["hands"][p][i] if p is not None else s["pile"][i] for p, i in slots]
    rng.shuffle(cards)
    for (p, i), c in zip(slots, cards):
        if p is None:
            s["pile"][i] = c
        else:
            s["hands"][p][i] = c
    living = [p for p in others if s["alive"][p] and s["rows"][p]]
    if len(living) >= 2:
        a, b = rng.sample(living, 2)
        i, j = rng.randrange(len(s["rows"][a])), rng.randrange(len(s["rows"][b]))
        s["rows"][a][i], s["rows"][b][j] = s["rows"][b][j], s["rows"][a][i]
        for p in (a, b):
            if any(s["tryal_kind"][t] == "witch" for t in s["rows"][p]) and not s["witch"][p]:
                s["witch"][p] = True
                s["witch_order"].append(p)
                s["known"][p] = sorted(set(s["known"][p]) | {p})


INVARIANTS["salem"] = _salem
CARD_IDS["salem"] = _salem_cards
TWIN_EXTRAS["salem"] = _salem_twin


def _malleus(m: Match) -> None:
    from tests.rules.malleus_playout import check_state

    check_state(m, sorted(m.cat.card_ids))  # 55 cards once each, standings >= 0


def _malleus_twin(data: dict, seat: int, rng: random.Random) -> None:
    """Other players' unrevealed, unlearned secrets and their companions differ."""
    state = data["state"]
    if seat == 0:  # the Prévôt knows every ledger: only note texts are hidden from him
        return
    ledger = state["ledgers"][seat]
    learned = {x["player"] for x in ledger["inbox"] if x["kind"] == "eavesdropping"}
    mine = ledger["companion"]
    npcs = [
        v
        for v in state["vorder"]
        if state["villagers"][v]["controlled_by"] is None and state["villagers"][v]["status"] == "alive" and v != mine
    ]
    for p, led in enumerate(state["ledgers"]):
        if p in (0, seat) or led is None:
            continue
        if led["secret"] is not None and not led["secret"]["revealed"] and p not in learned:
            led["secret"]["text"] = f"A different secret {rng.randrange(1000)}"
        if led["companion"] is not None and npcs:
            led["companion"] = rng.choice(npcs)


INVARIANTS["malleus"] = _malleus
TWIN_EXTRAS["malleus"] = _malleus_twin


def _malleus_cards(m: Match) -> list[str]:
    """Card ids a twin may relabel: not the ones queued in secret actions, whose
    parameters belong to their card type (a relabelled Blackmail would lose its order)."""
    col = m.state["collect"]
    fixed = set()
    if col is not None:
        fixed.update(q["card"] for q in col["queue"])
        fixed.update(c["card"] for sub in col["subs"].values() for c in sub["cards"])
    return [c for c in m.cat.card_ids if c not in fixed]


CARD_IDS["malleus"] = _malleus_cards
MOVERS["malleus"] = lambda m, seat, legal, rng: policy_for(m).choose(m, seat, legal, rng)


def playable(command: dict) -> dict:
    """A command from ``legal`` with its free-text fields (listed as "", DESIGN D2)
    filled with neutral text, at any depth."""

    def fill(value):
        if value == "":
            return "So it is."
        if isinstance(value, list):
            return [fill(v) for v in value]
        if isinstance(value, dict):
            return {k: fill(v) for k, v in value.items()}
        return value

    return fill(command)


def is_listed(command: dict, legal: list[dict]) -> bool:
    """Is ``command`` one of ``legal``, free text (listed as "") filled in?"""

    def fits(value, template) -> bool:
        if template == "":
            return isinstance(value, str) and bool(value.strip())
        if isinstance(template, dict):
            return (
                isinstance(value, dict)
                and value.keys() == template.keys()
                and all(fits(value[k], template[k]) for k in template)
            )
        if isinstance(template, list):
            return (
                isinstance(value, list)
                and len(value) == len(template)
                and all(fits(v, t) for v, t in zip(value, template))
            )
        return value == template

    return any(fits(command, template) for template in legal)


def _testimony(m: Match) -> None:
    from game.rules.testimony import SETUP_COUNTS, catalog
    from tests.rules.testimony_kit import tokens_conserved

    assert tokens_conserved(m), "the 21 tokens all somewhere"
    st = m.state
    in_play = st["characters"] + ([st["set_aside"]] if st["set_aside"] else [])
    heathens = sum(catalog().belief(c) == "heathen" for c in in_play)
    assert (heathens, len(in_play) - heathens) == SETUP_COUNTS[m.n] and len(set(in_play)) == len(in_play)
    for rec in st["shares"]:
        for card, shower in zip(rec["cards"], (rec["by"], rec["with"])):
            assert card is None or card in catalog().may_show(st["characters"][shower])


def _testimony_twin(data: dict, seat: int, rng: random.Random) -> None:
    """Change what ``seat`` cannot know in a Testimony match: the sides of tokens it never
    saw, the cards of shares it was not in, and the Characters of two seats it knows
    nothing about (or of one such seat and the set-aside card)."""
    m = Match.from_dict(json.loads(json.dumps(data)))
    st = data["state"]
    if st["stage"] in ("between", "over"):
        return
    known = m.known_tokens(seat)
    for token in st["tokens"]:
        if token["token"] not in known:
            token["side"] = rng.choice(["accuse", "defend"])
    involved = set()
    for rec in st["shares"]:
        if seat in (rec["by"], rec["with"]):
            involved |= {rec["by"], rec["with"]}
        else:
            rec["cards"] = [None if c is None else "character" for c in rec["cards"]]
    doubles = {rec["seat"] for rec in st["investigations"] if len(rec["targets"]) == 2}
    free = [s for s in range(m.n) if s not in m.known_characters(seat) and s not in involved and s not in doubles]
    chars = st["characters"]
    if len(free) >= 2:
        a, b = rng.sample(free, 2)
        chars[a], chars[b] = chars[b], chars[a]
    elif free and st["set_aside"] is not None:
        chars[free[0]], st["set_aside"] = st["set_aside"], chars[free[0]]


INVARIANTS["testimony"] = _testimony
TWIN_EXTRAS["testimony"] = _testimony_twin


# ------------------------------------------------------------------- positions --
def _any_kind(rng: random.Random, legal: list[dict]) -> dict:
    """Half the time a command type at random first, so rare commands (inquisitions,
    tests) come up as often as the common ones."""
    if rng.random() < 0.5:
        kind = rng.choice(sorted({c["type"] for c in legal}))
        legal = [c for c in legal if c["type"] == kind]
    return _prefer_action(rng, legal)


def _prefer_action(rng: random.Random, legal: list[dict]) -> dict:
    """A random command, rarely a pass (so positions reach trials and late rounds)."""
    active = [c for c in legal if c.get("type") not in ("pass", "no_plea", "no_objection")]
    pool = active if active and rng.random() < 0.85 else legal
    command = dict(pool[rng.randrange(len(pool))])
    for key, value in command.items():
        if value == "":
            command[key] = "So it is."
    return command


def positions(game: str, count: int, seed: int, max_steps: int = 400) -> list[Match]:
    """``count`` positions of ``game`` reached by random play (various player counts,
    various depths, options varied where a game has boolean ones), none of them over."""
    rng = random.Random(seed)
    counts = player_counts(game)
    out: list[Match] = []
    attempt = 0
    while len(out) < count:
        attempt += 1
        n = counts[attempt % len(counts)]
        options = {k: rng.random() < 0.5 for k, v in GAMES[game].option_defaults.items() if isinstance(v, bool)}
        m = new_match(game, [f"P{i}" for i in range(n)], seed=rng.randrange(10**6), options=options)
        stop = rng.randrange(n) if attempt % 10 == 0 else rng.randrange(max_steps)  # some in setup
        for _ in range(stop):
            if m.over:
                break
            seat = m.to_act()[0]
            mover = MOVERS.get(game)
            legal = m.legal(seat)
            m.apply(seat, mover(m, seat, legal, rng) if mover else _prefer_action(rng, legal))
        if not m.over:
            out.append(m)
    return out


# ------------------------------------------------------------------------ twins --
def _strings(data: Any, out: set[str]) -> set[str]:
    if isinstance(data, str):
        out.add(data)
    elif isinstance(data, dict):
        for k, v in data.items():
            out.add(k)
            _strings(v, out)
    elif isinstance(data, list):
        for v in data:
            _strings(v, out)
    return out


def _relabel(data: Any, mapping: dict[str, str]) -> Any:
    if isinstance(data, str):
        return mapping.get(data, data)
    if isinstance(data, dict):
        return {mapping.get(k, k): _relabel(v, mapping) for k, v in data.items()}
    if isinstance(data, list):
        return [_relabel(v, mapping) for v in data]
    return data


def unseen_cards(m: Match, seat: int) -> list[str]:
    """Card ids in the match that never appeared in ``view(seat)`` or ``log(seat)``."""
    shown = _strings([m.view(seat), m.log(seat)], set())
    if m.game_id in CARD_IDS:
        cards = set(CARD_IDS[m.game_id](m))
    else:
        cards = {s for s in _strings(m.state, set()) if CARD_ID.match(s)}
    return sorted(cards - shown)


def twin(m: Match, seat: int, rng: random.Random) -> Match:
    """A match that gives ``seat`` the same view and log as ``m`` but differs in what
    ``seat`` cannot know: the cards it never saw are relabelled by a random permutation
    (so other hands and the deck hold different cards), the generator is reseeded, the
    seed and the game's extra hidden parts (``TWIN_EXTRAS``) changed. Asserts the
    premise: same view and log for ``seat``, a different match."""
    data = json.loads(m.to_json())
    classify = CARD_CLASS.get(m.game_id, lambda card: "")
    mapping: dict[str, str] = {}
    for cls in sorted({classify(c) for c in unseen_cards(m, seat)}):
        cards = [c for c in unseen_cards(m, seat) if classify(c) == cls]
        shuffled = list(cards)
        while len(cards) > 1 and shuffled == cards:
            rng.shuffle(shuffled)
        mapping.update(zip(cards, shuffled))
    for key in ("state", "log", "commands"):
        data[key] = _relabel(data[key], mapping)
    data["seed"] = m.seed + 1 + rng.randrange(10**6)
    data["rng"] = MatchRng(rng.randrange(2**32)).to_json()
    extra = TWIN_EXTRAS.get(m.game_id)
    if extra is not None:
        extra(data, seat, rng)
    other = Match.from_dict(data)
    assert other.view(seat) == m.view(seat), "premise: the twin shows the seat the same view"
    assert other.log(seat) == m.log(seat), "premise: the twin shows the seat the same log"
    assert other.to_json() != m.to_json()
    return other


def hidden_differs(a: Match, b: Match) -> bool:
    """Do the two matches differ in their states (not only in the generator)?"""
    return json.dumps(a.state, sort_keys=True) != json.dumps(b.state, sort_keys=True)
