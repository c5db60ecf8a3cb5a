"""Shared pieces of the Malleus table: colours, sizes, names and the log's sentences.

Everything here reads only a view (``source.view()``) and the log events a seat may see.
"""

from __future__ import annotations

from typing import Any

from game.rules.malleus import envy_words
from game.ui import theme
from game.ui.wording import listed

DESIGN_W, DESIGN_H = 1920, 1080

ALLY = (92, 168, 98)
ENEMY = (196, 74, 62)
PLATE = (236, 222, 190)
PLATE_NPC = (226, 214, 186)
PLATE_EDGE = (96, 72, 48)
INK = (40, 30, 22)
INK_SOFT = (96, 84, 70)
SENTENCED = (170, 56, 44)
EXECUTED = (70, 64, 60)
PRESENT_RING = (250, 214, 120)
FOR_COLOUR = (104, 170, 96)
AGAINST_COLOUR = (206, 96, 80)
GRASS = (86, 106, 62)
GRASS_DARK = (72, 92, 54)
FIELD = (156, 140, 84)
FIELD_LINE = (130, 116, 70)
RIVER = (74, 112, 140)
ROAD = (150, 128, 96)
WOOD = (50, 78, 46)
ROOF = (126, 70, 52)
WALL = (196, 178, 146)
STONE = (150, 146, 136)
#: one colour per player seat (1..5), for name tags and side badges
SEAT_COLOURS = [(222, 198, 120), (120, 170, 220), (220, 140, 120), (150, 200, 130), (200, 150, 210), (230, 190, 90)]

KIND_WORDS = {
    "accusation": "accuses",
    "reveal_secret": "reveals the secret of",
    "bolster": "bolsters",
    "relationship_change": "changes a relationship of",
    "facts_change": "changes the facts of",
}
KIND_TITLES = {
    "accusation": "Accusation",
    "reveal_secret": "Reveal a secret",
    "bolster": "Bolster standing",
    "relationship_change": "Change a relationship",
    "facts_change": "Introduce, modify or remove facts",
}
CARD_NAMES = {
    "blackmail": "Blackmail",
    "bribery": "Bribery",
    "eavesdropping": "Eavesdropping",
    "if_i_cant": "If I Can't Have It, Nobody Can",
    "interloper": "Interloper",
    "intimidation": "Intimidation",
    "gossip": "Malevolent Gossip",
    "planted_evidence": "Planted Evidence",
    "sharp_intuition": "Sharp Intuition",
    "shifting_blame": "Shifting the Blame",
    "satiation": "Temporary Sadistic Satiation",
    "treachery": "Treachery",
    "whispering": "Whispering Campaign",
}
STEP_WORDS = {
    "declare": "declares a conflict",
    "confirm": "the Prévôt judges the claimed secret",
    "frame": "frames the scene",
    "scene": "the scene is played",
    "secret_step": "secret actions",
    "roll": "the actor rolls",
    "sides": "sides may still be taken",
    "oppose": "the opposition rolls",
    "aftermath": "the aftermath window",
    "outcome": "the outcome",
    "discard": "end of the turn",
    "secret_phase": "the secret action phase",
    "phase_resolve": "the Prévôt resolves the secret actions",
}


def seat_colour(seat: Any) -> tuple[int, int, int]:
    if isinstance(seat, int) and 1 <= seat <= len(SEAT_COLOURS):
        return SEAT_COLOURS[seat - 1]
    return theme.PARCHMENT


def told_envy(envy: dict, n: Names) -> str:
    """An envy in words: the holder's thing, and the envied person beside it when the
    thing is a person (§1.5)."""
    person = n.villager(envy["thing_villager"]) if envy.get("thing_villager") else None
    return envy_words(n.villager(envy.get("holder")), str(envy.get("thing", "?")), person)


class Names:
    """Names of seats, villagers, facts and cards as a view shows them."""

    def __init__(self, view: dict, players: list[str]) -> None:
        self.view = view
        self.players = list(players)
        self.villagers = {v["id"]: v for v in view.get("villagers") or []}
        self.facts = dict(view.get("facts") or {})
        self.stereo = {s["id"]: s for s in view.get("stereotypes") or []}

    def seat(self, seat: Any) -> str:
        if seat == 0:
            return f"the Prévôt ({self.players[0]})" if self.players else "the Prévôt"
        if isinstance(seat, int) and 0 <= seat < len(self.players):
            return self.players[seat]
        return "someone"

    def seat_first(self, seat: Any) -> str:
        """:meth:`seat` at the start of a sentence ("The Prévôt (Ann) adds …")."""
        name = self.seat(seat)
        return name[:1].upper() + name[1:]

    def short_seat(self, seat: Any) -> str:
        if seat == 0:
            return "Prévôt"
        return self.seat(seat)

    def villager(self, vid: Any) -> str:
        v = self.villagers.get(vid)
        return v["name"] if v else str(vid or "nobody")

    def fact(self, fid: Any) -> str:
        if fid in self.stereo:
            return self.stereo[fid]["name"]
        f = self.facts.get(fid)
        return f["text"] if f else str(fid)

    def owner_of(self, vid: Any) -> Any:
        v = self.villagers.get(vid)
        return v.get("controlled_by") if v else None

    def villager_of(self, seat: Any) -> str | None:
        for p in self.view.get("players") or []:
            if p.get("seat") == seat:
                return p.get("villager")
        return None


def card_name(kind: Any) -> str:
    return CARD_NAMES.get(kind, str(kind).replace("_", " ").title())


def conflict_title(c: dict, n: Names) -> str:
    actor = n.villager(c.get("actor_villager"))
    who = f"{n.seat(c['actor_player'])}'s {actor}" if c.get("actor_player") is not None else f"{actor} (an NPC)"
    kind = c.get("kind")
    if kind == "relationship_change":
        rel = (c.get("params") or {}).get("relationship") or {}
        new = rel.get("new", "?")
        view = "no view" if new == "none" else f"an {new}"
        return f"{who}: {n.villager(rel.get('from'))} should see {n.villager(rel.get('to'))} as {view}"
    if kind == "facts_change" and c.get("target") is None:
        return f"{who} changes the general ledger"
    return f"{who} {KIND_WORDS.get(kind, kind)} {n.villager(c.get('target'))}"


def place_words(place: Any) -> str:
    """A place of the map inside a sentence: "at the square" (the map names it "The square")."""
    name = str(place or "")
    return "the " + name[4:] if name.startswith("The ") else name


def describe(event: dict, n: Names) -> str:
    """One log line for ``event`` (a seat's redacted copy)."""
    line = _describe(event, n)
    return line[:1].upper() + line[1:] if line else line


def _describe(event: dict, n: Names) -> str:
    t = event.get("type")
    e = event
    v = n.villager
    if t == "setup":
        return f"A new story: {e.get('prevot')} is the Prévôt; {listed(e.get('players') or [])} play."
    if t == "ready_village":
        return f"A ready village: {e.get('title')} ({e.get('villagers')} villagers)."
    if t == "trigger":  # its text is the general ledger's first fact, logged just before
        return "That fact is the trigger: the calamity that sets the village on edge."
    if t == "villager":
        return f"{e.get('name')} joins the village (standing {e.get('standing')})."
    if t == "fact":
        # the fact's words as written, in quotes (a typed fact may end without a stop)
        who = "the general ledger" if e.get("subject") is None else v(e.get("subject"))
        said = f"\u201c{e.get('text')}\u201d"
        change = e.get("change")
        if change == "removed":
            return f"Struck from {who}: {said}"
        if change == "modified":
            return f"Now on {who}: {said}"
        if e.get("subject") is None:
            return f"New in the general ledger: {said}"
        return f"New fact about {who}: {said}"
    if t == "relationship":
        change = e.get("change")
        if change == "removed":
            return f"{v(e.get('from'))} no longer holds a view of {v(e.get('to'))}."
        both = " (both ways)" if e.get("mutual") else ""
        verb = {"added": "sees", "changed": "now sees", "split": "still sees", "treachery": "turns on"}.get(
            change, "sees"
        )
        if change == "treachery":
            return f"Treachery: {v(e.get('from'))} and {v(e.get('to'))} are enemies now{both}."
        return f"{v(e.get('from'))} {verb} {v(e.get('to'))} as {e.get('kind')}{both}."
    if t == "pass":
        return f"{n.seat(e.get('seat'))} passes."
    if t == "building_over":
        return f"The village is built: {e.get('villagers')} villagers. Now each player chooses one."
    if t == "chosen":
        return f"{n.seat(e.get('player'))} plays {v(e.get('villager'))}."
    if t == "ledger_in":
        return f"{n.seat(e.get('player'))} has written a private ledger."
    if t == "ledger":
        return f"{n.seat(e.get('player'))}'s ledger: secret, envy of {v(e['envy']['holder'])}, vendetta against {v(e['vendetta']['target'])}."
    if t == "companion_in":
        return f"{n.seat(e.get('player'))} has chosen a secret companion."
    if t == "companion":
        return f"{n.seat(e.get('player'))} chose {v(e.get('villager'))} as secret companion."
    if t == "companion_taken":
        return f"{v(e.get('villager'))} is taken: {n.seat(e.get('player'))} chooses again."
    if t == "companion_again":
        return "Two players chose the same companion: everyone confirms or chooses again."
    if t == "companions_set":
        return "Every companion is chosen. The game proper begins."
    if t == "round":
        order = ", ".join(n.seat(s) for s in e.get("turn_order") or [])
        return f"Round {e.get('round')} begins. Turn order: {order}."
    if t == "draw":
        return f"{n.seat(e.get('player'))} draws {e.get('count')} card{'s' if e.get('count') != 1 else ''}."
    if t == "reshuffle":
        return f"The discard pile ({e.get('count')}) is shuffled into a new deck."
    if t == "turn":
        return f"{n.seat(e.get('player'))}'s turn."
    if t == "turn_forfeited":
        return f"{n.seat(e.get('player'))} forfeits this turn (joined a scene unbidden)."
    if t == "declare":
        c = {
            "actor_villager": e.get("actor"),
            "actor_player": e.get("player"),
            "kind": e.get("kind"),
            "target": e.get("target"),
            "params": {"relationship": e.get("relationship")},
        }
        extra = f" — claiming: “{e['claimed_text']}”" if e.get("claimed_text") else ""
        return conflict_title(c, n) + "." + extra
    if t == "declaration_voided":
        return f"The Prévôt rejects {n.seat(e.get('player'))}'s claimed secret: declare again."
    if t == "secret_revealed":
        return f"Revealed! {n.seat(e.get('player'))}'s secret: {e.get('text')}"
    if t == "scene":
        present = listed([v(x) for x in e.get("present") or []])
        return f"Scene at {place_words(e.get('location'))}: {present}."
    if t == "join":
        return (
            f"{n.seat(e.get('player'))} joins the scene unbidden with {v(e.get('villager'))} (forfeits the next turn)."
        )
    if t == "present":
        parts = []
        if e.get("add"):
            parts.append("in come " + listed([v(x) for x in e["add"]]))
        if e.get("remove"):
            parts.append("out go " + listed([v(x) for x in e["remove"]]))
        return "The Prévôt moves villagers: " + "; ".join(parts) + "."
    if t == "side":
        return f"{n.seat(e.get('player'))} takes the {e.get('side')} side."
    if t == "cite":
        return f"{n.seat(e.get('by'))} cites “{n.fact(e.get('fact'))}” for the {e.get('side')} side."
    if t == "approve":
        by = f", cited by {n.short_seat(e['by'])}," if "by" in e else ""
        return f"The Prévôt counts “{n.fact(e.get('fact'))}”{by} for the {e.get('side')} side (+1)."
    if t == "reject":
        by = f" (cited by {n.short_seat(e['by'])})" if "by" in e else ""
        return f"The Prévôt does not count “{n.fact(e.get('fact'))}”{by}."
    if t == "assign":
        return f"The Prévôt puts {v(e.get('villager'))} on the {e.get('side')} side."
    if t == "resolution":
        return "The Prévôt begins the resolution: secret actions, everyone."
    if t == "secret_action_in":
        return f"{n.seat(e.get('player'))} hands the Prévôt a secret action."
    if t == "secret_action":
        return f"{n.seat(e.get('player'))}'s secret action: {e.get('text')}"
    if t == "note":
        if "text" in e:
            return f"Note from {n.seat(e.get('from'))} to {n.seat(e.get('to'))}: {e.get('text')}"
        return f"{n.seat(e.get('from'))} passes a note to {n.seat(e.get('to'))}."
    if t == "secret_actions_in":
        return "Every secret action is in."
    if t == "secret_actions_closed":
        return "The secret actions are resolved."
    if t == "card":
        name = card_name(e.get("card_type"))
        who = n.seat(e["player"]) if "player" in e else "Someone"
        how = " in secret" if e.get("secret") else ""
        tail = ""
        if e.get("target"):
            tail = f" on {v(e['target'])}"
        if e.get("on") is not None:
            tail = f" on {n.seat(e['on'])}"
        if e.get("relationship"):
            rel = next((r for r in n.view.get("relationships") or [] if r.get("id") == e["relationship"]), None)
            tail = f" on the view between {v(rel['from'])} and {v(rel['to'])}" if rel else " on a relationship"
        if e.get("card_type") == "gossip":
            tail = f": the loss doubles to {e.get('pending_loss')}"
        if e.get("card_type") == "shifting_blame":
            tail = f": the loss moves from {v(e.get('from'))} to {v(e.get('target'))}"
        return f"{who} plays {name}{how}{tail}."
    if t == "card_void":
        return f"The Prévôt voids {card_name(e.get('card_type'))}: it returns to {n.seat(e.get('player'))}'s hand."
    if t == "learned":
        # the learner's own log says "you"; the Prévôt, who sees it too, reads whose it is
        mine = "player" not in e or (n.view.get("you") or {}).get("seat") == e.get("player")
        if e.get("kind") == "eavesdropping":
            who = "You overhear" if mine else f"{n.seat(e.get('player'))} overhears"
            return f"{who} {n.seat(e.get('player_seen'))}'s secret: {e.get('secret')}"
        envy, ven = e.get("envy") or {}, e.get("vendetta") or {}
        whose = "Your intuition" if mine else f"{n.seat(e.get('player'))}'s intuition"
        return f"{whose}: {n.seat(e.get('player_seen'))} envies {told_envy(envy, n)} and hates {v(ven.get('target'))}."
    if t == "roll":
        return _describe_roll(e, n)
    if t == "sides_locked":
        return "The Prévôt locks the sides."
    if t == "outcome":
        res = "succeeds" if e.get("result") == "win" else "fails"
        return f"{e.get('actor_total')} against {e.get('target_number')}: the {str(e.get('kind')).replace('_', ' ')} {res} (margin {e.get('margin')})."
    if t == "window":
        return f"Aftermath: {v(e.get('target'))} is about to lose {e.get('pending_loss')}."
    if t == "window_closed":
        return f"{v(e.get('target'))} loses {e.get('loss')} standing."
    if t == "standing":
        return f"{v(e.get('villager'))}: standing {e.get('from')} → {e.get('to')}."
    if t == "sentenced":
        return f"{v(e.get('villager'))} is sentenced to death as a witch."
    if t == "executed":
        return f"{v(e.get('villager'))} is executed."
    if t == "bribery_closed":
        return "The Bribery windows close."
    if t == "narrate":
        return f"{n.seat(e.get('seat'))} tells how it ends: {e.get('text')}"
    if t == "end_turn":
        return "The turn ends."
    if t == "discard":
        return f"{n.seat(e.get('player'))} discards {e.get('count')} card{'s' if e.get('count') != 1 else ''}."
    if t == "secret_phase":
        return f"The secret action phase of round {e.get('round')}."
    if t == "phase_over":
        return "The secret action phase is over."
    if t == "locked_swept":
        return f"{n.seat(e.get('player'))} discards {e.get('count')} locked card{'s' if e.get('count') != 1 else ''}."
    if t == "reward":
        return f"{n.seat(e.get('player'))} gains {e.get('gain')} personal gain (now {e.get('personal_gain')})."
    if t == "record":
        return "The Prévôt records what was destroyed."
    if t == "queue_done":
        return "Every queued card is applied or voided."
    if t == "game_over":
        winners = listed([n.seat(s) for s in e.get("winners") or []])
        return f"The witch-hunt in Charmes is over. Victory: {winners}."
    if t == "resolution":
        return "Resolution."
    return str(t).replace("_", " ")


def _describe_roll(e: dict, n: Names) -> str:
    """A roll with its dice, total and what it means (docs/rules/malleus.md §3.6, §7.4):
    the actor's roll against the target number if nothing changes, or the sum the opposing
    roller needs to stop it; the opposing roll against the actor's total."""
    dice = e.get("dice") or []
    total = e.get("total", (e.get("sum") or 0) + (e.get("bonus") or 0))
    head = f"{n.seat(e.get('seat'))} rolls {'+'.join(map(str, dice))} = {e.get('sum')}, + {e.get('bonus')} = {total}"
    if e.get("side") == "for":
        if "needs" in e and e.get("opposed_by") is not None:
            needs = e["needs"]
            if needs > 18:
                return f"{head}: {n.seat(e['opposed_by'])} cannot stop it with any roll, if nothing changes."
            return f"{head}: {n.seat(e['opposed_by'])} needs {max(3, needs)} or more on 3d6 to stop it."
        if "target_number" in e:
            if e.get("result_if_unchanged") == "win":
                margin = e.get("margin_if_unchanged", e.get("margin"))
                return f"{head} against {e['target_number']}: a success by {margin} if nothing changes."
            return f"{head} against {e['target_number']}: a failure if nothing changes."
        return f"{head} for the actor."
    if "target_number" in e:
        return f"{head} against the actor's {e.get('actor_total')}: the target number is {e['target_number']}."
    return f"{head} against."
