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
  ``<kind>-<n>`` (the default pattern).
"""
from __future__ import annotations

import json
import random
import re
from typing import Any, Callable

from game.engine import GAMES, Match, new_match
from game.engine.rng import MatchRng

CARD_ID = re.compile(r"^[a-z][a-z_]*-\d+$")

INVARIANTS: dict[str, Callable[[Match], None]] = {}
TWIN_EXTRAS: dict[str, Callable[[dict, int, random.Random], None]] = {}
CARD_IDS: dict[str, Callable[[Match], list[str]]] = {}


def searchable_games() -> list[str]:
    """Every registered game whose rules implement determinize (sorted)."""
    return sorted(g for g, cls in GAMES.items() if cls.can_determinize())


def player_counts(game: str) -> list[int]:
    cls = GAMES[game]
    return list(range(cls.min_players, cls.max_players + 1))


# ------------------------------------------------------------------- invariants --
def _witch_trial(m: Match) -> None:
    from tests.rules.witch_trial_kit import all_card_places, money_ok

    assert sorted(all_card_places(m)) == sorted(m.cat.card_ids), "every card exactly once"
    assert money_ok(m), "money conserved"


INVARIANTS["witch_trial"] = _witch_trial


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
    looking = any(f.get("kind") == "prompt" and f.get("name") == "tituba" and f.get("await") == seat
                  for f in s["stack"])
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


# ------------------------------------------------------------------- positions --
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
        stop = rng.randrange(max_steps)
        for _ in range(stop):
            if m.over:
                break
            seat = m.to_act()[0]
            m.apply(seat, _prefer_action(rng, m.legal(seat)))
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
    cards = unseen_cards(m, seat)
    shuffled = list(cards)
    while len(cards) > 1 and shuffled == cards:
        rng.shuffle(shuffled)
    mapping = dict(zip(cards, shuffled))
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
