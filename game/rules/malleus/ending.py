"""The end of the story (docs/rules/malleus.md §5.7): how it ended, in words, and
everything the story kept hidden, the same for every seat and the spectator once the game
is over.

``ending_text(m)``: one or two sentences — in which round it ended, who reached how much
personal gain, who won and why (the most gain; or, on equal gain, the higher villager
standing; or a shared win, R32), the others' gain, and who was executed in the last
round.

``revealed(m)``::

    {"players": [{"seat", "name", "villager", "companion",
                  "secret": {"text", "revealed"} | None,
                  "envy": {"holder", "thing", "thing_villager"} | None,
                  "vendetta": {"target", "reason", "baseline"} | None,
                  "personal_gain", "hand": [{"card", "type", "locked"}],
                  "learned": [inbox entries of Eavesdropping and Sharp Intuition]}, ...],
     "secret_actions": [{"seat", "round", "conflict" (id, or None in the secret action
                         phase), "text", "cards": [{"card", "type", ...its parameters}],
                         "companion_order", "notes": [{"to", "text"}],
                         "new_envy", "new_vendetta", "new_companion"}, ...],
     "secret_cards": [{"seat", "round", "card", "card_type", ...its visible effect}, ...],
     "claims": [{"seat", "round", "conflict", "target", "claimed_text", "accepted"}, ...],
     "discard": [{"card", "type"}, ...]}

Everything is read from the state and the full log (the log itself never changes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.malleus.state import ledger, plain_copy, villager, vname

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def _names(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def ending_text(m: MalleusMatch) -> str:
    """How the story ended, in one or two sentences (§3.13, R32)."""
    st = m.state
    seats = m.players_seats
    gain = {p: ledger(m, p)["personal_gain"] for p in seats}
    standing = {p: villager(m, ledger(m, p)["villager"])["standing"] for p in seats}
    winners = list(st["winners"])

    def who(p: int) -> str:
        return f"{m.players[p]} ({vname(m, ledger(m, p)['villager'])})"

    top = [p for p in seats if gain[p] == gain[winners[0]]] if winners else []
    if not winners:
        first = f"The story ended in round {st['round']} without a winner."
    elif len(winners) > 1:
        first = (
            f"The story ended in round {st['round']}: {_names([who(p) for p in winners])} reached "
            f"{gain[winners[0]]} personal gain with villagers of equal standing ({standing[winners[0]]}) "
            f"and share the win."
        )
    elif len(top) > 1:
        w = winners[0]
        others = [p for p in top if p != w]
        first = (
            f"The story ended in round {st['round']}: {_names([who(p) for p in top])} reached "
            f"{gain[w]} personal gain, and {m.players[w]} wins, whose villager stands highest "
            f"({standing[w]} against {_names([str(standing[p]) for p in others])})."
        )
    else:
        w = winners[0]
        first = f"The story ended in round {st['round']}: {who(w)} reached {gain[w]} personal gain, the most, and wins."
    rest = [p for p in sorted(seats, key=lambda p: (-gain[p], p)) if p not in top]
    parts = []
    if rest:
        parts.append("the others: " + ", ".join(f"{m.players[p]} {gain[p]}" for p in rest))
    if st["executed"]:
        parts.append("burned at the end: " + _names([vname(m, v) for v in st["executed"]]))
    if not parts:
        return first
    second = "; ".join(parts)
    return f"{first} {second[0].upper()}{second[1:]}."


def revealed(m: MalleusMatch) -> dict[str, Any]:
    """Everything the story kept hidden (see the module docstring for the shape)."""
    st = m.state
    players = []
    for p in m.players_seats:
        led = ledger(m, p)
        players.append(
            {
                "seat": p,
                "name": m.players[p],
                "villager": led["villager"],
                "companion": led["companion"],
                "secret": dict(led["secret"]) if led["secret"] else None,
                "envy": dict(led["envy"]) if led["envy"] else None,
                "vendetta": dict(led["vendetta"]) if led["vendetta"] else None,
                "personal_gain": led["personal_gain"],
                "hand": [{"card": c, "type": m.cat.type_of[c], "locked": c in led["locked"]} for c in led["hand"]],
                "learned": [dict(x) for x in led["inbox"] if x["kind"] != "note"],
            }
        )
    out: dict[str, Any] = {
        "players": players,
        "secret_actions": [],
        "secret_cards": [],
        "claims": [],
        "discard": [{"card": c, "type": m.cat.type_of[c]} for c in st["discard"]],
    }
    round_no = 0
    conflict: str | None = None
    claims: dict[str, dict[str, Any]] = {}
    for entry in m._log:
        event = entry["event"]  # the full event, as its owner and the Prévôt saw it
        kind = event["type"]
        if kind == "round":
            round_no = event["round"]
        elif kind == "resolution":
            conflict = event["conflict"]
        elif kind in ("secret_phase", "turn", "turn_forfeited"):
            conflict = None
        elif kind == "secret_action" and "text" in event:
            action = {k: v for k, v in event.items() if k not in ("type", "player", "notes")}
            out["secret_actions"].append(
                dict(seat=event["player"], round=round_no, conflict=conflict, notes=[], **action)
            )
        elif kind == "note" and "text" in event:
            mine = [a for a in out["secret_actions"] if a["seat"] == event["from"]]
            if mine:
                mine[-1]["notes"].append({"to": event["to"], "text": event["text"]})
        elif kind == "card" and event.get("secret") and "player" in event:
            effect = {k: v for k, v in event.items() if k not in ("type", "player", "secret")}
            out["secret_cards"].append(dict(seat=event["player"], round=round_no, **effect))
        elif kind == "declare" and "claimed_text" in event:
            claim = {
                "seat": event["player"],
                "round": round_no,
                "conflict": event["conflict"],
                "target": event["target"],
                "claimed_text": event["claimed_text"],
                "accepted": False,
            }
            claims[event["conflict"]] = claim
            out["claims"].append(claim)
        elif kind == "secret_revealed" and event["conflict"] in claims:
            claims[event["conflict"]]["accepted"] = True
    ret: dict[str, Any] = plain_copy(out)
    return ret
