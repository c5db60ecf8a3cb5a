"""The Hammer of the Witches: what one seat may see (``Match.view``), docs/rules/hammer.md §12.

:func:`view` builds the view of a seat (or of a spectator, ``None``) from the state:
every public fact, and of the hidden ones only the seat's own (its hand and hand size,
its own sealed bribes, its own placements before the reveal, R14, §8.1). The log is
redacted where events are emitted (``emit(..., to=..., others=...)``); :func:`recent`
hands the events of the last command to the view as this seat sees them.

View fields (names are stable)
------------------------------
``round``, ``phase`` (setup accusation arrest trial evidence over), ``active`` (the
Accusation's active player only, else null), ``inquisitor``, ``first_player``,
``priority`` (the Arrest's seat or null), ``passes`` (consecutive passes in the Arrest),
``trial_order``/``trial_turn`` (the Trial), ``refill_order``/``refill_turn`` (Collecting
Evidence), ``turn_played`` (the active player has played: no inquisition any more, R8),
``accusers_used`` (villagers that accused this turn or phase), ``may_accuse_with`` (the
viewer's villagers that may still accuse now), ``may_seal`` (R24), ``hottest`` ({heat,
villagers}: the current witch, null before the reveal and at the end), ``pending`` (the
card being resolved: {card, kind, by, accuser, target, value, test, witch}), ``choice``
({by, candidates, reason} when someone must ``choose_witch``), ``window`` (null or {kind,
card, by, waiting, order, passed}, for a response window also ``accuser target value
kind_of_card``, for a negation window ``test witch``), ``protection`` ({villager, card} or
null), ``removed`` (cards out of the game), ``discard``, ``deck_count``, ``scores`` (the
live §7 totals), ``recent`` (the last command's events as this seat sees them), ``cards``
({card id: kind} for every card id named anywhere in the view), ``villagers`` (per
villager its face ``id name short pentagrams matches can_accuse back text`` and ``owner
status pyre start heat protected``; pyre, start and heat are null for others' villagers
before the reveal) and ``players`` (per seat ``seat name trophies kept empty_pyres pyres
placed score``; ``hand``, ``hand_count`` and ``sealed`` ([{card, target, sign, value}])
are the viewing seat's own only, else null, §8.2). ``to_act`` (from the engine) always
says who must answer now.

The end (§12.3)
---------------
Once the game is over, every view (each seat's and the spectator's) also has, the same for
everyone: ``ending`` (two sentences, :func:`~game.rules.hammer.words.ending`) and
``revealed`` = ``{"players": [{"seat": s, "hand": [card ids]} for every seat], "box":
[{card, target, sign, value}]}``: every hand, and the bribes still sealed (R23) in the
box's fixed order without their sealers (R25). Their card ids are in ``cards`` too.
Before the end neither key exists; the log never changes.

Events
------
``deal_villagers placed reveal deal draw reshuffle phase turn priority accuse respond pass
heat box_open bribe advocate test negate ordeal cancelled witch choose_witch burn protect
unprotect call no_inquisition inquisitor end_turn discard over``. ``placed`` shows the
assignment only to its seat until the reveal (R14). ``deal``/``draw`` name cards and a
count only to their receiver; everyone else sees ``{type, seat}`` (§8.2). ``box_open``
``{count}`` starts an opening of the sealed box; each ``bribe`` ``{card, target, sign,
value, lapsed}`` names no seat (its sealer's own copy adds ``yours: true``, R15).
"""

from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any

from game.rules.hammer.cards import card_kind
from game.rules.hammer.state import accusers_free, hottest, protected, scores
from game.rules.hammer.words import ending

if TYPE_CHECKING:
    from game.rules.hammer.match import HammerMatch


def view(m: HammerMatch, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (see the module docstring for the fields)."""
    s = m.state
    t = m.t
    revealed = s["revealed"]
    prot = protected(m)
    own_placed = seat is not None and s["placed"][seat]
    faces = t.villager_face
    pyre_start = t.pyre_start
    svillagers = s["villagers"]
    villagers = []
    for vid in s["vorder"]:
        v = svillagers[vid]
        status = v["status"]
        if revealed or (own_placed and v["owner"] == seat):
            pyre = v["pyre"]
            if status == "alive":
                villagers.append(
                    {
                        **faces[vid],
                        "owner": v["owner"],
                        "status": status,
                        "pyre": pyre,
                        "start": pyre_start[pyre],
                        "heat": v["heat"],
                        "protected": vid == prot,
                    }
                )
                continue
        else:
            pyre = None
        villagers.append(
            {
                **faces[vid],
                "owner": v["owner"],
                "status": status,
                "pyre": pyre,
                "start": None,
                "heat": None,
                "protected": vid == prot,
            }
        )
    totals = scores(m) if revealed else [0] * m.n
    cards: dict[str, str] = {}
    ck = t.card_kind
    players = []
    for p in range(m.n):
        hand = s["hands"][p]
        mine = seat == p
        if mine:
            for c in hand:
                cards[c] = ck[c]
        for c in s["kept"][p]:
            cards[c] = ck[c]
        sealed = None
        if mine:
            size = t.bribe_size
            sealed = [
                {"card": b["card"], "target": b["target"], "sign": b["sign"], "value": b["sign"] * size[b["card"]]}
                for b in s["box"]
                if b["seat"] == p
            ]
            for b in sealed:
                cards[b["card"]] = ck[b["card"]]
        players.append(
            {
                # a hand's size is its owner's secret, like its cards (§8.2)
                "seat": p,
                "name": m.players[p],
                "hand_count": len(hand) if mine else None,
                "hand": list(hand) if mine else None,
                "sealed": sealed,
                "trophies": list(s["trophies"][p]),
                "kept": list(s["kept"][p]),
                "empty_pyres": len(s["empty_pyres"][p]),
                "pyres": [{"id": pid, "start": t.pyre_start[pid]} for pid in s["dealt_pyres"][p]],
                "placed": s["placed"][p],
                "score": totals[p],
            }
        )
    for zone in (s["discard"], s["removed"], s["table"]):
        for c in zone:
            cards[c] = ck[c]
    protection = dict(s["protection"]) if s["protection"] else None
    if protection:
        cards[protection["card"]] = ck[protection["card"]]
    window = None
    pending = None
    if s["windows"]:
        w = s["windows"][-1]
        window = {
            "kind": w["kind"],
            "card": w["card"],
            "by": w["by"],
            "waiting": [x for x in w["order"] if x not in w["passed"]],
            "order": list(w["order"]),
            "passed": list(w["passed"]),
        }
        if w["kind"] == "response":
            window.update(accuser=w["accuser"], target=w["target"], value=w["value"], kind_of_card=w["card_kind"])
        elif w["kind"] == "negation":
            window.update(test=w["test"], witch=w["witch"])
        for pw in reversed(s["windows"]):
            if pw["card"] is not None:
                pending = pending_of(pw)
                break
    choice = None
    if s["choice"] is not None:
        c = s["choice"]
        choice = {"by": c["by"], "candidates": list(c["candidates"]), "reason": c["reason"]}
        if c["reason"] == "test":
            pending = pending_of(c["test"])
    current_witch = None
    if revealed and s["phase"] != "over":
        hot = hottest(m)
        current_witch = {"heat": s["villagers"][hot[0]]["heat"], "villagers": hot}
    may_seal = (
        seat is not None
        and s["phase"] not in ("setup", "over")
        and seat in m._to_act()
        and any(t.card_role[c] == "bribe" for c in s["hands"][seat])
    )
    may_accuse: list[str] = []
    if seat is not None and (s["phase"] in ("arrest", "trial") or (s["phase"] == "accusation" and seat == s["active"])):
        may_accuse = accusers_free(m, seat)
    # a copy: the caller may keep or change its view without touching the log
    last_events = marshal.loads(marshal.dumps(m._recent(seat)))
    for event in last_events:
        c = event.get("card")
        if c is not None and c in ck:
            cards[c] = ck[c]
        for c in event.get("cards", ()):
            cards[c] = ck[c]
    out = {
        "round": s["round"],
        "phase": s["phase"],
        "active": s["active"],
        "inquisitor": s["inquisitor"],
        "first_player": s["first"],
        "window": window,
        "pending": pending,
        "choice": choice,
        "villagers": villagers,
        "players": players,
        "deck_count": len(s["deck"]),
        "discard": list(s["discard"]),
        "removed": list(s["removed"]),
        "protection": protection,
        "cards": cards,
        "priority": s["priority"],
        "passes": s["passes"],
        "trial_order": list(s["trial_order"]) if s["phase"] == "trial" else [],
        "trial_turn": s["trial_order"][s["trial_idx"]] if s["phase"] == "trial" and s["trial_order"] else None,
        "refill_order": list(s["refill_order"]) if s["phase"] == "evidence" else [],
        "refill_turn": s["refill_order"][s["refill_idx"]] if s["phase"] == "evidence" else None,
        "turn_played": s["turn_played"],
        "accusers_used": list(s["accusers_used"]),
        "may_accuse_with": may_accuse,
        "may_seal": may_seal,
        "hottest": current_witch,
        "scores": totals,
        "recent": last_events,
    }
    if s["over"]:
        out["ending"] = ending(m)
        out["revealed"] = final = end_reveal(m)
        for p in final["players"]:
            for c in p["hand"]:
                cards[c] = ck[c]
        for b in final["box"]:
            cards[b["card"]] = ck[b["card"]]
    return out


def end_reveal(m: HammerMatch) -> dict[str, Any]:
    """Everything hidden during the game that the end shows to everyone: every hand,
    and the bribes still sealed in the box, without their sealers (a briber is never
    named, not even after the game), in the box's canonical order."""
    s = m.state
    size = m.t.bribe_size
    order = {vid: i for i, vid in enumerate(s["vorder"])}
    box = sorted(s["box"], key=lambda b: (order[b["target"]], b["sign"] * size[b["card"]], b["card"]))
    return {
        "players": [{"seat": p, "hand": list(s["hands"][p])} for p in range(m.n)],
        "box": [
            {"card": b["card"], "target": b["target"], "sign": b["sign"], "value": b["sign"] * size[b["card"]]}
            for b in box
        ],
    }


def pending_of(w: dict[str, Any]) -> dict[str, Any]:
    """The card a window waits on, as the view shows it."""
    out = {
        "card": w["card"],
        "kind": card_kind(w["card"]),
        "by": w["by"],
        "accuser": w.get("accuser"),
        "target": w.get("target"),
        "value": w.get("value"),
        "test": w.get("test"),
        "witch": w.get("witch"),
    }
    return out
