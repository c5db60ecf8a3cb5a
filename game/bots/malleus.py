"""A random bot for the Malleus Maleficarum story game.

Like every bot it sees only ``view(seat)`` and ``legal(seat)``. Picking uniformly among
``legal`` would never finish a story game (there are hundreds of facts to cite and
villagers to shuffle in and out of scenes, and one ``pass`` among a thousand building
moves), so this bot first picks a *kind* of move with fixed weights that favour moving
the story on, then a command of that kind uniformly. Free text is fixed and neutral: the
bot never writes a story, it fills ``""`` fields with plain placeholders.

The Prévôt is always a person at the desktop table; this bot may play seat 0 only for
``witchhunt sim`` and tests.
"""
from __future__ import annotations

import random

from game.bots.base import RANDOM_STYLE

NEUTRAL_TEXT = "No Secret Action"
NEUTRAL_FACT = "Keeps to the usual ways."
#: the fixed text a bot writes, by command
NEUTRAL_TEXTS = {
    "set_trigger": "The harvest failed.", "add_villager": NEUTRAL_FACT, "add_fact_relation": NEUTRAL_FACT,
    "record_fact": NEUTRAL_FACT, "submit_ledger": "Nothing worth telling.", "frame_scene": "The square",
    "declare_conflict": NEUTRAL_FACT, "narrate": "So it went.", "start_npc_conflict": NEUTRAL_FACT,
}
NEUTRAL_NAMES = ("Anne", "Jean", "Claude", "Marguerite", "Nicolas", "Barbe", "Didier", "Catherine",
                 "Mengin", "Jeanne", "Colas", "Mansuy", "Idatte", "Demange", "Françoise", "Thiriet",
                 "Chrétienne", "Bastien", "Alison", "Gérard")

#: how much each kind of move is wanted (0 = only when nothing else is possible)
WEIGHTS = {
    "cite_fact": 0.3, "approve_fact": 1.0, "reject_fact": 0.5, "set_present": 0.15, "assign_side": 0.15,
    "join_scene": 0.05, "take_side": 0.8, "play_card": 0.25, "narrate": 0.5, "record_fact": 0.3,
    "start_npc_conflict": 0.4, "end_secret_phase": 1.0, "void_card": 0.3, "apply_card": 1.0,
    "confirm_secret": 1.0, "add_villager": 1.0, "add_fact_relation": 0.3,
}
KIND_WEIGHTS = {"accusation": 5, "bolster": 1.5, "relationship_change": 1, "facts_change": 1, "reveal_secret": 1}


def _fill(value, text: str):
    if value == "":
        return text
    if isinstance(value, list):
        return [_fill(v, text) for v in value]
    if isinstance(value, dict):
        return {k: _fill(v, text) for k, v in value.items()}
    return value


class MalleusBot:
    """Random, story-neutral: see the module docstring."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: list[dict], model=None) -> dict:
        if not legal:
            raise ValueError("no legal command to choose from")
        by_type: dict[str, list[dict]] = {}
        for command in legal:
            by_type.setdefault(command["type"], []).append(command)
        weights = {t: self._weight(t, view) for t in by_type}
        types = sorted(by_type)
        if sum(weights.values()) <= 0:
            weights = dict.fromkeys(types, 1.0)
        kind = self.rng.choices(types, weights=[weights[t] for t in types])[0]
        pool = by_type[kind]
        if kind == "declare_conflict":
            command = self._declaration(view, pool)
        else:
            command = self._aimed(view, pool) or pool[self.rng.randrange(len(pool))]
        return self._texts(view, command)

    def _weight(self, kind: str, view: dict) -> float:
        conflict = view.get("conflict")
        if kind == "pass":
            building = view.get("building") or {}
            return 10.0 if building.get("villagers", 0) >= building.get("threshold", 0) else 0.0
        if kind == "cite_fact" and conflict is not None:
            spoken = len(conflict["facts"]) + len(conflict["citations"])
            return 0.6 if spoken < 3 else 0.0
        if kind == "discard":
            return 1.0
        return WEIGHTS.get(kind, 1.0)

    @staticmethod
    def _grudges(view: dict) -> set[str]:
        """The villagers this seat wants to see fall: its vendetta target, its envy holder."""
        you = view.get("you") or {}
        wanted = set()
        if you.get("vendetta"):
            wanted.add(you["vendetta"]["target"])
        if you.get("envy"):
            wanted.add(you["envy"]["holder"])
        return wanted

    def _aimed(self, view: dict, pool: list[dict]) -> dict | None:
        """A harmful card aimed at a grudge, most of the time, when there is one."""
        wanted = self._grudges(view)
        if not wanted or self.rng.random() < 0.3:
            return None
        harmful = ("whispering", "planted_evidence")
        types = {c["card"]: c["type"] for c in (view.get("you") or {}).get("hand", [])}

        def aimed(c: dict) -> bool:
            if c["type"] == "play_card":
                return types.get(c["card"]) in harmful and c.get("target") in wanted
            if c["type"] == "secret_action":
                cards = c.get("cards") or []
                return bool(cards) and types.get(cards[0]["card"]) in harmful and cards[0].get("target") in wanted
            return False

        hits = [c for c in pool if aimed(c)]
        return self.rng.choice(hits) if hits else None

    def _declaration(self, view: dict, pool: list[dict]) -> dict:
        """Favour accusations, and grudges: the bot's own vendetta target and envy holder."""
        wanted = self._grudges(view)
        if wanted and self.rng.random() < 0.8:
            aimed = [c for c in pool if c["kind"] == "accusation" and c.get("target") in wanted]
            if aimed:
                return self.rng.choice(aimed)
        kinds = sorted({c["kind"] for c in pool})
        kind = self.rng.choices(kinds, weights=[KIND_WEIGHTS.get(k, 1) for k in kinds])[0]
        return self.rng.choice([c for c in pool if c["kind"] == kind])

    def _texts(self, view: dict, command: dict) -> dict:
        command = dict(command)
        if command["type"] == "add_villager" and command.get("name") == "":
            n = len(view.get("villagers", []))
            command["name"] = NEUTRAL_NAMES[n % len(NEUTRAL_NAMES)] + ("" if n < len(NEUTRAL_NAMES) else f" {n}")
        return _fill(command, NEUTRAL_TEXTS.get(command["type"], NEUTRAL_TEXT))


RANDOM_STYLE["malleus"] = MalleusBot
