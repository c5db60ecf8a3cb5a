"""Malleus set-up: a scripted group (the Prévôt and 3 players) from a new match to its first
conflict, with a village built at the table versus a ready village (docs/rules/malleus.md
§2.2-§2.10). Prints the commands sent, the characters of free text the group types, and
the engine's wall-clock time; asserts nothing.

    .venv/bin/python benchmarks/malleus_setup.py [--players 3]

The group plays the shortest honest set-up: building, the Prévôt records the trigger and
the first villager, then each seat in turn adds a villager (three facts and one
relationship) until there are three per participant, and everyone passes once. Then, in
both cases, each player chooses a villager, writes a ledger (a secret, an envy, a
vendetta with a reason) and names a companion, and the first player declares an
accusation. Texts are of the length a person writes at the table.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from game.engine import new_match

FACT = "Keeps a ledger of debts nobody else has seen."  # ~45 characters, a typical fact
NAME = "Jeanne the weaver"
SECRET = "Burned the tithe barn to hide the stolen grain."
THING = "her copper cauldron"
REASON = "Cheated my father at the market."
TRIGGER = "The rye came in black and the children dance in fits."


def texts(command: dict) -> int:
    """Characters of free text in a command (what the group types)."""
    total = 0
    for value in command.values():
        if isinstance(value, str) and value not in (command.get("type"),) and " " in value:
            total += len(value)
        elif isinstance(value, list):
            total += sum(len(v) for v in value if isinstance(v, str))
        elif isinstance(value, dict):
            total += texts(value)
    return total


def run(players: int, ready: bool) -> dict:
    names = ["Prévôt"] + [f"P{i}" for i in range(1, players + 1)]
    start = time.perf_counter()
    m = new_match("malleus", names, seed=11, options={"village": "ready" if ready else "build"})
    sent: list[dict] = []

    def send(seat: int, command: dict) -> None:
        m.apply(seat, command)
        sent.append(command)

    if not ready:
        send(0, {"type": "set_trigger", "text": TRIGGER})
        send(0, {"type": "add_villager", "name": NAME, "facts": [FACT] * 3})
        while m.view(None)["building"]["villagers"] < m.view(None)["threshold"]:
            seat = m.to_act()[0]
            n = m.view(None)["building"]["villagers"]
            send(
                seat,
                {
                    "type": "add_villager",
                    "name": f"{NAME} {n}",
                    "facts": [FACT] * 3,
                    "relation": {"with": "v1", "kind": "enemy", "direction": "new_to_old", "mutual": False},
                },
            )
        while m.view(None)["phase"] == "building":
            send(m.to_act()[0], {"type": "pass"})
    while m.view(None)["phase"] == "choosing":
        seat = m.to_act()[0]
        send(seat, m.legal(seat)[0])
    for seat in m.to_act():
        first = m.legal(seat)[0]
        send(
            seat,
            {
                "type": "submit_ledger",
                "secret": SECRET,
                "envy": dict(first["envy"], thing=THING),
                "vendetta": dict(first["vendetta"], reason=REASON),
            },
        )
    taken: set[str] = set()
    for seat in m.to_act():
        pick = next(c for c in m.legal(seat) if c["villager"] not in taken)
        taken.add(pick["villager"])
        send(seat, pick)
    seat = m.to_act()[0]
    send(seat, next(c for c in m.legal(seat) if c.get("kind") == "accusation"))
    assert m.view(None)["step"] == "frame"
    return {
        "commands": len(sent),
        "characters": sum(texts(c) for c in sent),
        "engine_ms": (time.perf_counter() - start) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    for ready in (False, True):
        r = run(args.players, ready)
        label = "ready village   " if ready else "build your own  "
        print(
            f"{label} {r['commands']:3d} commands to the first conflict, {r['characters']:5d} characters typed, "
            f"engine {r['engine_ms']:.1f} ms"
        )


if __name__ == "__main__":
    main()
