"""Words for the Salem table: card and character names, and one short sentence per log
event (the "Events" of game/rules/salem/__init__.py). Pure functions of the data, easy to test; an event
type not known here still gets a readable sentence, never an exception."""

from __future__ import annotations

from typing import Any

from game.rules.salem import catalog
from game.ui.wording import listed

WINDOW_TITLES = {
    "keep_character": "Town Hall: keep one character",
    "dawn": "Dawn: the witches give the Black Cat",
    "night_vote": "Night: the witches choose a victim",
    "gavel": "Night: the Constable guards someone",
    "confess": "Night: confessions",
    "conspiracy": "Conspiracy: take a Tryal card",
}
TRYAL_NAMES = {"witch": "Witch", "constable": "Constable", "not_a_witch": "Not a Witch"}
SAVED = {
    "gavel": "the Gavel saved them",
    "confessed": "they confessed",
    "asylum": "Asylum saved them",
    "dead": "they were already dead",
}


def card_name(card: Any) -> str:
    try:
        return catalog().name(str(card))
    except Exception:
        return str(card)


def card_kind(card: Any) -> str:
    try:
        return catalog().kind_of[str(card)]
    except Exception:
        return ""


def card_colour(card: Any) -> str:
    try:
        return catalog().colour_of[str(card)]
    except Exception:
        return ""


def character_name(character: Any) -> str:
    try:
        return catalog().characters[str(character)].name
    except Exception:
        return str(character or "")


def seat_name(seat: Any, players: list[str]) -> str:
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]
    return "nobody" if seat is None else str(seat)


def counted(names: list[str]) -> str:
    """Names listed once each, in the order they first come, a repeated one with how
    many: "Witch, Not a Witch ×4" (a hand of five read at a glance)."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if k == 1 else f"{name} ×{k}" for name, k in counts.items())


def _cards(cards: list) -> str:
    return counted([card_name(c) for c in cards]) or "nothing"


def drawn(events: list[dict]) -> str:
    """ "You draw Accusation, Scapegoat." for a run of draws (one card an event; the
    cards are shown to their drawer alone, so the others' draws say nothing)."""
    cards = [c for e in events for c in e.get("cards") or []]
    return f"You draw {_cards(cards)}." if cards else ""


def answered(seats: list, players: list[str]) -> str:
    """ "Bob answered.", "Bob, Cy and Dee answered." (a secret step's answers, in order)."""
    names = [seat_name(s, players) for s in seats]
    return listed(names) + " answered."


def describe(event: dict, players: list[str]) -> str:
    """One sentence for ``event`` as the seat sees it."""
    try:
        return _describe(event, players)
    except Exception:
        return str(event.get("type", "")).replace("_", " ")


def _describe(e: dict, players: list[str]) -> str:
    def n(key: str = "seat") -> str:
        return seat_name(e.get(key), players)

    t = e.get("type")
    if t == "setup":
        extra = " with ghosts" if e.get("variant") else ""
        return f"Salem 1692{extra}: {e.get('threshold')} accusations bring a trial."
    if t == "deal_tryal":
        if "kinds" in e:
            return "Your Tryal cards: " + counted([TRYAL_NAMES.get(k, k) for k in e["kinds"]]) + "."
        return ""
    if t == "deal":
        return f"You are dealt {_cards(e['cards'])}." if "cards" in e else ""
    if t == "characters":
        names = [
            # a ghost seat bears its character's name: "Ann Putnam (a ghost)", not "Ann Putnam: Ann Putnam"
            f"{seat_name(i, players)} (a ghost)"
            if seat_name(i, players) == character_name(c)
            else f"{seat_name(i, players)}: {character_name(c)}"
            for i, c in enumerate(e.get("characters") or [])
            if c
        ]
        return "Town Hall — " + "; ".join(names) + "." if names else ""
    if t == "character_choice":
        return "Keep one of " + " or ".join(character_name(c) for c in e.get("characters") or []) + "."
    if t == "window":
        return WINDOW_TITLES.get(e.get("window"), "A secret step") + "."
    if t == "timeout":  # a front end's note (docs/rules/salem.md R22): which command it was stays unsaid
        return f"Time ran out for {n()}."
    if t == "answered":
        return answered([e.get("seat")], players)
    if t in ("dawn_vote", "night_vote"):
        return f"{n()} votes for {n('target')}."
    if t == "night_choice":
        return f"The witches chose {n('target')}."
    if t == "gavel_placed":
        return f"You put the Gavel on {n('target')}."
    if t == "confess_chosen":
        return f"You will confess card {e.get('index', 0) + 1}."
    if t == "pick_chosen":
        whose = "you" if e.get("taker") == e.get("seat") else n("taker")
        return f"For {whose}: card {e.get('index', 0) + 1} of {n('giver')}'s row."
    if t == "keep_character":
        return f"You keep {character_name(e.get('character'))}."
    if t == "ability_chosen":
        return "You will confess without revealing (William Phips)."
    if t == "window_closed":
        return ""
    if t == "witches_known":
        seats = e.get("seats") or []
        return "The witches: " + listed([seat_name(s, players) for s in seats]) + "."
    if t == "black_cat":
        return f"The Black Cat goes to {n()}."
    if t == "turn":
        return f"{n()}'s turn."
    if t == "stocks":
        return f"{n()} is in the Stocks and misses a turn."
    if t == "draw_two":
        return f"{n()} draws two cards."
    if t == "draw":
        if "cards" in e:
            return f"You draw {_cards(e['cards'])}."
        return ""
    if t == "black_card":
        return f"{n()} draws {card_name(e.get('card'))}!"
    if t == "play":
        extra = ""
        if e.get("target2") is not None:
            extra = f" and {n('target2')}"
        if e.get("blue"):
            extra += f" ({card_name(e['blue'])})"
        return f"{n()} plays {card_name(e.get('card'))} on {n('target')}{extra}."
    if t == "discard":
        return ""
    if t == "trial":
        return f"{n()} has {e.get('accusations')} accusations: a trial! {n('chooser')} picks a Tryal card."
    if t == "guard":
        opts = " or ".join(str(i + 1) for i in e.get("options") or [])
        return f"{n()} picks which is turned up: card {opts}."
    if t == "choose_tryal":
        return ""
    if t == "reveal":
        return f"{n()}'s card {e.get('index', 0) + 1} is turned up: {TRYAL_NAMES.get(e.get('kind'), e.get('kind'))}."
    if t == "death":
        witch = e.get("witch")
        tail = "" if witch is None else (" — a witch!" if witch else " — not a witch.")
        return f"{n()} dies{tail}"
    if t == "immune":
        return f"{n()} is untouched ({character_name(e.get('character'))})."
    if t == "matchmakers":
        return f"Two Matchmakers on {n()} cancel out."
    if t == "purge":
        return "Two players left: blue cards, Scapegoat and Robbery leave the game."
    if t == "conspiracy":
        return f"Conspiracy! ({n('drawer')} drew it)"
    if t == "conspiracy_moves":
        return "Everyone takes a Tryal card from their left."
    if t == "conspiracy_card":
        kind = TRYAL_NAMES.get(e.get("kind"), e.get("kind"))
        if e.get("giver") == e.get("taker"):
            return ""
        return f"{n('giver')} gave {kind} to {n('taker')}."
    if t == "night":
        return "Night falls. The town sleeps."
    if t == "night_target":
        saved = e.get("saved")
        if saved:
            return f"The witches came for {n()}, but {SAVED.get(saved, saved)}."
        return f"The witches came for {n()}."
    if t == "gavel":
        return f"The Gavel lies on {n()}." if e.get("seat") is not None else "No Gavel tonight."
    if t == "confession":
        if e.get("ability"):
            return f"{n()} confesses (William Phips, no card turned up)."
        return f"{n()} confesses."
    if t == "night_aside":
        return "Night waits beside the pile until it runs out (Tituba)."
    if t == "reshuffle":
        return f"Morning: the discard pile becomes the draw pile ({e.get('count')} cards)."
    if t == "ghost_peek":
        seen = f": {TRYAL_NAMES.get(e['kind'], e['kind'])}" if "kind" in e else ""
        return f"{n()} peeks at {n('ghost')}'s card {e.get('index', 0) + 1}{seen}."
    if t == "shuffled":
        return f"{n()}'s Tryal cards are shuffled."
    if t == "mill":
        return f"{card_name(e.get('card'))} is discarded from the pile."
    if t == "witches_revealed":
        seats = e.get("seats") or []
        if not seats:
            return "No player is a witch."
        return "The witches show themselves: " + listed([seat_name(s, players) for s in seats]) + "."
    if t == "night_flip":
        return f"{n()} flips {n('player')}'s card {e.get('index', 0) + 1}."
    if t == "death_order":
        return f"{n('by')} decides who dies first."
    if t == "death_order_chosen":
        return f"{n('first')} dies first."
    if t == "robbery":
        got = f": {_cards(e['cards'])}" if "cards" in e else f" ({e.get('count')} cards)"
        return f"{n('from')}'s hand goes to {n('to')}{got}."
    if t == "scapegoat":
        return f"Everything in front of {n('from')} moves to {n('to')}."
    if t == "giles":
        return f"{n()} shows two Accusations and draws a third (Giles Corey)."
    if t == "proctor":
        return f"{n()} takes {n('from')}'s hand and blue cards (John Proctor)."
    if t == "ability":
        return f"{n()} uses {character_name(e.get('name'))}'s ability."
    if t == "prompt":
        return ""
    if t == "pass":
        return ""
    if t == "arranged":
        return "You rearranged your Tryal cards."
    if t == "no_constable":
        return "The Constable is unmasked: no Constable from now on."
    if t == "end_turn":
        return ""
    if t == "over":
        team = e.get("team")
        winners = listed([seat_name(s, players) for s in e.get("winners") or []])
        if team is None:
            return "Game over: everybody loses."
        side = "The witches" if team == "witches" else "The town"
        return f"Game over. {side} win" + (f": {winners}." if winners else ", but no player with them.")
    return str(t or "").replace("_", " ")
