"""The forward model: a copy of the match as one seat might believe it to be
(DESIGN D2; the hook of ``Match.determinize``; docs/rules/malleus.md §5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.malleus.state import PREVOT, ledger

if TYPE_CHECKING:
    from game.rules.malleus.match import MalleusMatch


def determinize(m: MalleusMatch, seat: int, rng: Any) -> None:
    """Resample what ``seat`` cannot know (DESIGN D2; hook of ``Match.determinize``).

    This is a fresh copy whose state is the real one. Hidden from a player (§5): the
    other hands (their sizes are public), the deck order, the face-down discard
    pile, the other players' ledgers (secret, envy, vendetta, companion) unless
    revealed or learned by a card, their secret actions, queued cards and orders,
    notes between others, a claimed secret still before the Prévôt. The Prévôt
    lacks only the texts of player-to-player notes. Decisions read only the seat's
    own view and log; resampled texts become neutral placeholders.

    Approximations (documented, not yet modelled): other players' locked cards
    are not marked (they look like ordinary cards), the types of cards seen played
    in secret are not kept out of the deck, and the public personal-gain rewards
    do not constrain the resampled envies and vendettas.
    """
    st = m.state
    view = m.view(seat)
    unknown_text = "(unknown)"
    if seat == PREVOT:  # he knows where every card is, but not the deck's order
        for p in m.players_seats:
            for item in ledger(m, p)["inbox"]:
                if item["kind"] == "note":
                    item["text"] = unknown_text
        deck = sorted(st["deck"], key=lambda c: int(c[1:]))
        rng.shuffle(deck)
        st["deck"] = deck
        st["dice_script"] = []
        return
    # cards: keep my hand and the cards I discarded myself since the last reshuffle
    mine = list(ledger(m, seat)["hand"])
    own_discards: list[str] = []
    for event in m.log(seat):
        t = event["type"]
        if t == "reshuffle":
            own_discards = []
        elif t in ("discard", "locked_swept") and event.get("player") == seat:
            own_discards.extend(event.get("cards", []))
        elif t == "card" and event.get("player") == seat and not event.get("secret") and "card" in event:
            own_discards.append(event["card"])
    own_discards = [c for c in own_discards if c not in mine]
    pool = sorted(set(m.cat.card_ids) - set(mine) - set(own_discards), key=lambda c: int(c[1:]))
    rng.shuffle(pool)
    counts = {p["seat"]: p["hand_count"] for p in view["players"]}
    for p in m.players_seats:
        led = ledger(m, p)
        if p == seat:
            continue
        led["hand"] = [pool.pop() for _ in range(counts[p])]
        led["locked"] = []
        led["queued"] = []
    discard_unknown = view["discard_count"] - len(own_discards)
    st["discard"] = own_discards + [pool.pop() for _ in range(max(0, discard_unknown))]
    st["deck"] = pool
    # ledgers of the others
    you = view["you"]
    learned_secret = {x["player"] for x in you["inbox"] if x["kind"] == "eavesdropping"}
    learned_goals = {x["player"]: x for x in you["inbox"] if x["kind"] == "sharp_intuition"}
    villagers = [v["id"] for v in view["villagers"]]
    npcs = [v["id"] for v in view["villagers"] if v["controlled_by"] is None and v["status"] == "alive"]
    standing = {v["id"]: v["standing"] for v in view["villagers"]}
    taken = {you["companion"]} if you["companion"] else set()
    for public in view["players"]:
        p = public["seat"]
        if p == seat:
            continue
        led = ledger(m, p)
        led["inbox"] = [x for x in led["inbox"] if x["kind"] == "note" and x["from"] == seat]
        led["seen_by"] = {k: [s for s in v if s == seat] for k, v in led["seen_by"].items()}
        led["prompt"] = None
        if led["secret"] is not None and not led["secret"]["revealed"] and p not in learned_secret:
            led["secret"] = {"text": unknown_text, "revealed": False}
        own = public["villager"]
        if p in learned_goals:
            goals = learned_goals[p]
            led["envy"] = dict(goals["envy"]) if goals["envy"] else None
            led["vendetta"] = (
                dict(goals["vendetta"], baseline=standing[goals["vendetta"]["target"]]) if goals["vendetta"] else None
            )
        elif public["ledger_in"]:  # (whether a slot was emptied since is not public)
            holders = [v for v in npcs if v != own]
            targets = [v for v in villagers if v != own]
            led["envy"] = (
                {"holder": rng.choice(holders), "thing": unknown_text, "thing_villager": None} if holders else None
            )
            target = rng.choice(targets) if targets else None
            led["vendetta"] = (
                {"target": target, "reason": unknown_text, "baseline": standing[target]} if target else None
            )
        chosen = st["phase"] in ("round", "over")
        if chosen or public["companion_in"]:
            free = [v for v in npcs if v not in taken]
            pick = rng.choice(free) if free else None
            led["companion"] = pick if chosen else None
            led["companion_choice"] = None if chosen else pick
            taken.add(pick)
        elif st["phase"] == "companions":
            led["companion_choice"] = None
    # secret actions, queued cards and orders of the others
    col = st["collect"]
    if col is not None:
        col["queue"] = [q for q in col["queue"] if q["player"] == seat]
        for key in list(col["subs"]):
            if int(key) != seat:
                sub = col["subs"][key]
                col["subs"][key] = {
                    "player": sub["player"],
                    "text": unknown_text,
                    "cards": [],
                    "companion_order": None,
                    "notes": sub["notes"],
                    "new_envy": None,
                    "new_vendetta": None,
                    "new_companion": None,
                }
    st["orders"] = [o for o in st["orders"] if o["player"] == seat]
    c = st["conflict"]
    if (
        c is not None
        and "claimed_text" in c["params"]
        and c["actor_player"] != seat
        and "claimed_text" not in view["conflict"]["params"]
    ):
        c["params"]["claimed_text"] = unknown_text
    st["dice_script"] = []
