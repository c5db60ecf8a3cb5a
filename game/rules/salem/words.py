"""Salem 1692: what the rules say in words — what the table is waiting for (the reason
a command is refused "not now") and how a finished game ended (the view's ``ending``,
docs/rules/salem.md §4.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.salem.state import constable_card, context, human_seats, seat_name

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch

#: what each blind window is, as the end of "Not now: …"
WINDOW_WORDS = {
    "keep_character": "everyone is choosing a character",
    "dawn": "it is Dawn",
    "night_vote": "the witches are voting",
    "gavel": "the Gavel is being placed",
    "confess": "the town may confess",
    "conspiracy": "Conspiracy picks are being made",
}


def not_your_turn(m: SalemMatch, seat: int, command: dict[str, Any]) -> str:
    s = m.state
    if not s["alive"][seat]:
        return f"{seat_name(m, seat)} is dead: the dead take no more part."
    ctx, f = context(m)
    if ctx.startswith("window:") and seat in f["window"]["order"]:
        return f"{seat_name(m, seat)} has already answered."
    return f"Not now: {what_now(m)}."


def what_now(m: SalemMatch) -> str:
    ctx, f = context(m)
    if ctx == "turn":
        return f"it is {seat_name(m, m.state['active'])}'s turn"
    if ctx.startswith("window:"):
        return WINDOW_WORDS[ctx[7:]]
    if ctx == "choose":
        return f"{seat_name(m, f['chooser'])} is choosing a Tryal card of {seat_name(m, f['player'])}"
    if ctx == "prompt":
        return f"{seat_name(m, f['await'])} may use {m.cat.characters[f['name']].name}'s ability"
    if ctx == "death_order":
        return f"{seat_name(m, f['await'])} decides who dies first"
    if ctx == "vflip":
        return f"{seat_name(m, f['await'])} flips a Tryal card at Night"
    return "something else is being resolved"


# --------------------------------------------------------------- how it ended --
#: a Tryal card's kind as told in the ending
TRYAL_WORDS = {"witch": "a Witch", "constable": "the Constable", "not_a_witch": "Not a Witch"}
#: events that may follow the decisive one before ``over`` (the dead seat's cards go)
_AFTERMATH = frozenset({"discard", "proctor", "immune", "death_order", "death_order_chosen"})


def ending(m: SalemMatch) -> str:
    """How the finished game ended, in a few plain sentences, the same for every seat:
    what decided it (the card turned up and by whom, the deaths, the Conspiracy, the
    Night), which side won and why, then who the witches were (everyone who ever held a
    Witch card) and who held the Constable card. Read from the public log and the final
    state; empty before the end."""
    s = m.state
    if not s["over"]:
        return ""
    events = [e for e in (m._visible(entry, None) for entry in m._log) if e is not None]
    end = max(i for i, e in enumerate(events) if e["type"] == "over")
    decided = _Decided(events[:end])
    return " ".join(part for part in (decided.words(m), _who_won(m, decided), _roles(m)) if part)


class _Decided:
    """The public events that decided the game, found walking back from ``over``: a
    Conspiracy, a Night without witches, or a Tryal card turned up and the deaths that
    followed it (a death alone at Night, or a Matchmaker partner's)."""

    def __init__(self, events: list[dict[str, Any]]) -> None:
        self.cause = "cards"
        self.reveal: dict[str, Any] | None = None
        self.deaths: list[dict[str, Any]] = []
        self.before: list[dict[str, Any]] = events
        last = events[-1] if events else {"type": ""}
        if last["type"] == "discard" and last.get("reason") == "conspiracy":
            self.cause = "conspiracy"
            return
        if last["type"] == "witches_revealed" and not last["seats"]:
            self.cause = "no_witch"
            return
        i = len(events) - 1
        while i >= 0 and (events[i]["type"] in _AFTERMATH or events[i]["type"] == "death"):
            if events[i]["type"] == "death":
                self.deaths.insert(0, events[i])
            i -= 1
        if i >= 0 and events[i]["type"] == "reveal":
            self.reveal = events[i]
            self.before = events[:i]

    def showed(self, kind: str) -> bool:
        """Did the decisive reveal or a dying seat's row show a Tryal card of ``kind``?"""
        if self.reveal is not None and self.reveal["kind"] == kind:
            return True
        return any(card["kind"] == kind for death in self.deaths for card in death["row"])

    def words(self, m: SalemMatch) -> str:
        if self.cause == "conspiracy":
            drew = next((e for e in reversed(self.before) if e["type"] == "conspiracy"), None)
            who = seat_name(m, drew["drawer"]) if drew else "Someone"
            return f"{who} drew the Conspiracy and every seat took a Tryal card from its neighbour."
        if self.cause == "no_witch":
            return "Night fell and no player was a witch."
        parts = [_reveal_words(m, self.reveal, self.before, self.deaths)] if self.reveal is not None else []
        parts += [_death_words(m, death, self.deaths[k - 1] if k else None) for k, death in enumerate(self.deaths)]
        return " ".join(parts)


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") and not name.endswith("ss") else f"{name}'s"


def _reveal_words(
    m: SalemMatch, reveal: dict[str, Any], before: list[dict[str, Any]], deaths: list[dict[str, Any]]
) -> str:
    seat = reveal["seat"]
    whose = _possessive(seat_name(m, seat))
    # the card was the seat's last when the seat then died with nothing more to turn up
    last = "last " if any(d["seat"] == seat and not d["row"] for d in deaths) else ""
    card = TRYAL_WORDS.get(reveal["kind"], reveal["kind"])
    cause = reveal["cause"]
    if cause == "confession":
        return f"{seat_name(m, seat)} confessed, turning up their {last}Tryal card: {card}."
    if cause == "night":
        flip = next((e for e in reversed(before) if e["type"] == "night_flip"), None)
        who = seat_name(m, flip["seat"]) if flip else "A witch"
        target = "their own" if flip and flip["seat"] == seat else whose
        return f"At Night {who} flipped {target} {last}Tryal card: {card}."
    choice = next((e for e in reversed(before) if e["type"] == "choose_tryal"), None)
    who = seat_name(m, choice["seat"]) if choice else "Someone"
    where = " under the Black Cat" if cause == "black_cat" else " in a trial"
    return f"{who} turned up {whose} {last}Tryal card{where}: {card}."


def _death_words(m: SalemMatch, death: dict[str, Any], before: dict[str, Any] | None) -> str:
    who = seat_name(m, death["seat"])
    cause = death["cause"]
    if cause == "night":
        return f"The witches killed {who} at Night."
    if cause == "matchmaker":
        if before is None:
            return f"{who} died, bound by Matchmaker."
        return f"{who} died with {seat_name(m, before['seat'])}, bound by Matchmaker."
    if cause == "last_card":
        return f"{who} had no Tryal card left and died."
    return f"{who} died."


def _who_won(m: SalemMatch, decided: _Decided) -> str:
    s = m.state
    team = s["team"]
    if team is None:
        return "Everybody loses."
    if team == "townspeople":
        if not s["variant"]:
            said = "Every Witch card is face up: the town wins."
        elif decided.showed("witch"):
            said = "The Witch card is face up: the town wins."
        else:
            said = "The town lived through the Night: the town wins."
    elif not s["variant"]:
        said = "Only witches are left alive: the witches win."
    elif decided.cause == "conspiracy":
        turned = [p for p in human_seats(m) if s["witch"][p] and p not in s["winners"]]
        but = f", all but {seat_name(m, turned[0])}, the last to turn" if turned else ""
        said = f"Every player is a witch: the witches win{but}."
    elif decided.showed("constable") and not decided.deaths:
        said = "The Constable card is face up: the witches win."
    else:
        said = "A death while the Witch card was face down: the witches win."
    if not s["winners"]:
        said += " No player is on that side, so everybody loses."
    return said


def _roles(m: SalemMatch) -> str:
    s = m.state
    witches = [seat_name(m, p) for p in range(m.n) if s["witch"][p]]
    said = f"{'Witch' if len(witches) == 1 else 'Witches'}: {', '.join(witches) or 'none'}"
    holder, face_up = constable_card(m)
    if holder is not None:
        said += f"; Constable: {seat_name(m, holder)}" + (" (turned up)" if face_up else "")
    return said + "."
