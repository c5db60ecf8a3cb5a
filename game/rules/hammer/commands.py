"""The Hammer of the Witches: the commands, one handler each, in one table.

:data:`COMMANDS` names every command a seat may send, with its fields (the shape
:func:`game.engine.commands.dispatch` checks before a handler runs); every command but
``place_pyres`` may carry ``bribes``, the sealed bribes that ride with it
(:func:`seal`). A handler ``handler(m, seat, cmd)`` checks the values, raising
:class:`~game.engine.errors.IllegalCommand` with a message that says why (the match
then restores everything), and plays the command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.commands import Command, lookup
from game.engine.shape import shown
from game.rules.hammer.cards import RESPONSES, accusation_value
from game.rules.hammer.flow import (
    add_heat,
    after_play,
    burn,
    draw,
    draw_up,
    next_trial_turn,
    start_accusation,
    start_trial,
    start_turn,
    take_from_table,
)
from game.rules.hammer.setup import begin_game
from game.rules.hammer.state import (
    bad,
    clockwise_from,
    context,
    hand_card,
    hottest,
    living,
    name,
    next_seat,
    protected,
    publicly_gone,
)
from game.rules.hammer.windows import close_window, finish_brown, finish_test, window_of
from game.rules.hammer.words import not_now

if TYPE_CHECKING:
    from game.rules.hammer.match import HammerMatch

#: the sealed box never holds more than every bribe in the game
MAX_SEALED = 14


# ------------------------------------------------------------------- sealed bribes --
def seal(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """Move the command's ``bribes`` from the hand into the sealed box, before the
    command itself runs (so a box that opens during the command holds them, R20). No
    event, no public state: only the box and the sealer's hand change (R21)."""
    s = m.state
    bribes = cmd["bribes"]
    if not isinstance(bribes, list) or len(bribes) > MAX_SEALED:
        raise bad("bad_bribes", "'bribes' is a list of sealed bribes: {card, target, sign} each.")
    if s["phase"] in ("setup", "over"):
        raise bad("wrong_time", "Bribes can be sealed only once the game is under way.")
    used = {cmd["card"]} if isinstance(cmd.get("card"), str) else set()
    if isinstance(cmd.get("discard"), list):
        used.update(c for c in cmd["discard"] if isinstance(c, str))
    sealed: list[dict[str, Any]] = []
    seen: set[str] = set()
    for entry in bribes:
        if not isinstance(entry, dict) or set(entry) != {"card", "target", "sign"}:
            raise bad("bad_bribes", "Each sealed bribe is {card, target, sign} and nothing else.")
        card = hand_card(m, seat, entry["card"])
        if m.t.card_role[card] != "bribe":
            raise bad("not_bribe", f"{card} is not a Bribe; only Bribes are sealed.")
        if card in seen:
            raise bad("bad_bribes", f"{card} is sealed twice.")
        if card in used:
            raise bad("bad_bribes", f"{card} cannot be sealed and played in the same command.")
        seen.add(card)
        target = living(m, entry["target"])
        sign = entry["sign"]
        if type(sign) is not int or sign not in (1, -1):
            raise bad("bad_sign", "A bribe's sign is +1 (more heat) or -1 (less heat).")
        sealed.append({"card": card, "target": target, "sign": sign, "seat": seat})
    hand = s["hands"][seat]
    for entry in sealed:
        hand.remove(entry["card"])
    s["box"].extend(sealed)


# --------------------------------------------------------------------- setup --
def place_pyres(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """§2: each own villager on one own pyre; secret until every seat has placed (R14)."""
    s = m.state
    if s["phase"] != "setup":
        raise bad("wrong_phase", "The pyres were placed at the start of the game.")
    assign = cmd["assign"]
    mine = [vid for vid in s["vorder"] if s["villagers"][vid]["owner"] == seat]
    pyres = s["dealt_pyres"][seat]
    if not isinstance(assign, dict):
        raise bad("bad_assign", "'assign' must map each of your villagers to one of your pyres.")
    for vid in assign:
        if vid not in mine:
            who = name(m, vid) if vid in m.t.villager else shown(vid)
            raise bad("not_yours", f"{who} is not one of your villagers.")
    for vid in mine:
        if vid not in assign:
            raise bad("bad_assign", f"Give {name(m, vid)} a pyre too.")
    used = list(assign.values())
    for pid in used:
        if pid not in pyres:
            raise bad("not_yours", f"{shown(pid)} is not one of your pyres (yours: {', '.join(pyres)}).")
    if len(set(used)) != len(used):
        raise bad("bad_assign", "Each pyre takes exactly one villager.")
    for vid in mine:
        v = s["villagers"][vid]
        v["pyre"] = assign[vid]
        v["heat"] = m.t.pyre_start[assign[vid]]
    s["placed"][seat] = True
    placed = {vid: assign[vid] for vid in mine}
    m.emit({"type": "placed", "seat": seat, "assign": placed}, to=[seat], others={"type": "placed", "seat": seat})
    if all(s["placed"]):
        begin_game(m)


# ------------------------------------------------- cards on one's own turn --
def own_turn_check(m: HammerMatch, seat: int, what: str) -> str:
    """The moment, when it is ``seat``'s own move (its turn, priority or trial turn)."""
    ctx = context(m)
    if ctx in ("turn", "priority", "trial"):
        return ctx
    raise bad("wrong_time", not_now(m, ctx, what))


def accuse(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """A brown card from an own living villager that may still accuse (§3, R16) onto any
    living villager, itself included (R17), never the protected one (R4). Its value is
    fixed now (R2) and a response window opens (§4.1)."""
    ctx = own_turn_check(m, seat, "play a brown card")
    s = m.state
    t = m.t
    card = hand_card(m, seat, cmd["card"])
    kind = t.card_kind[card]
    if t.card_role[card] != "brown":
        raise bad("not_brown", f"{card} is not a brown card; only brown cards accuse.")
    accuser = cmd["accuser"]
    if not isinstance(accuser, str) or accuser not in s["villagers"]:
        if isinstance(accuser, str) and accuser in t.villager:
            raise bad("not_in_game", f"{name(m, accuser)} is not in this game.")
        raise bad("unknown_villager", f"There is no villager called {shown(accuser)} at this table.")
    vdef = t.villager[accuser]
    if not vdef.can_accuse:
        raise bad("cannot_accuse", f"{vdef.name} may never be an accuser.")
    if s["villagers"][accuser]["owner"] != seat:
        raise bad("not_yours", f"{vdef.name} is not one of your villagers.")
    living(m, accuser)
    if accuser in s["accusers_used"]:
        span = "this phase" if ctx == "priority" else "this turn"
        raise bad("accuser_used", f"You have already accused with {vdef.short} {span}.")
    target = living(m, cmd["target"])
    if target == protected(m):
        raise bad("protected", f"{name(m, target)} is protected by the Scales of Justice until the next Trial.")
    value = accusation_value(card, accuser, target)
    s["hands"][seat].remove(card)
    s["table"].append(card)
    s["accusers_used"].append(accuser)
    if ctx == "turn":
        s["turn_played"] = True
    m.emit(
        {
            "type": "accuse",
            "seat": seat,
            "card": card,
            "kind": kind,
            "accuser": accuser,
            "target": target,
            "value": value,
        }
    )
    s["windows"].append(
        {
            "kind": "response",
            "card": card,
            "by": seat,
            "card_kind": kind,
            "accuser": accuser,
            "target": target,
            "value": value,
            "order": clockwise_from(m, seat),
            "passed": [],
        }
    )


def advocate(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """An Advocate takes effect at once, on any living villager (R1, R17)."""
    ctx = own_turn_check(m, seat, "call an advocate")
    s = m.state
    card = hand_card(m, seat, cmd["card"])
    if m.t.card_role[card] != "advocate":
        raise bad("not_advocate", f"{card} is not an Advocate.")
    target = living(m, cmd["target"])
    value = m.t.kind[m.t.card_kind[card]].value or 0
    s["hands"][seat].remove(card)
    if ctx == "turn":
        s["turn_played"] = True
    m.emit({"type": "advocate", "seat": seat, "card": card, "target": target, "value": value})
    add_heat(m, target, value, card)
    s["discard"].append(card)
    after_play(m, seat)


# ------------------------------------------------------------------- windows --
def respond(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """An answer to the brown card in the response window (§4.1): the first closes it.
    The accused's bonus counts only for a positive value (R3); points never land on the
    protected villager (R4)."""
    w = window_of(m, ("response",), "respond")
    s = m.state
    t = m.t
    card = hand_card(m, seat, cmd["card"])
    kind = t.card_kind[card]
    if kind not in RESPONSES:
        raise bad("not_response", f"{card} is not a response card (Accomplice, Countercharge, Mix-up or Retraction).")
    other = cmd.get("other")
    accuser, target, value = w["accuser"], w["target"], w["value"]
    prot = protected(m)
    if kind in ("accomplice", "mixup"):
        if "other" not in cmd:
            raise bad("missing_field", f"Name the other villager ('other') for {t.kind[kind].name}.")
        other = living(m, other)
        if other == accuser:
            raise bad("bad_other", f"{t.kind[kind].name} cannot name the accuser, {name(m, accuser)}.")
        if other == target:
            raise bad("bad_other", f"{t.kind[kind].name} must name a villager other than the accused.")
        if other == prot:
            raise bad("protected", f"{name(m, other)} is protected by the Scales of Justice until the next Trial.")
    elif "other" in cmd:
        raise bad("bad_field", f"{t.kind[kind].name} does not name another villager.")
    if kind == "retraction" and w["card_kind"] != "confession":
        raise bad("not_confession", "A Retraction can only annul a Confession.")
    if kind == "countercharge":
        if accuser == prot:
            raise bad("protected", f"{name(m, accuser)} is protected by the Scales of Justice until the next Trial.")
    s["hands"][seat].remove(card)
    event = {"type": "respond", "seat": seat, "card": card, "kind": kind, "to": w["card"]}
    if other is not None:
        event["other"] = other
    m.emit(event)
    s["windows"].pop()
    bonus = t.villager[target].accused_bonus.get(kind, 0) if value > 0 else 0
    if kind == "accomplice":
        assert other is not None  # checked above: an Accomplice names the other villager
        add_heat(m, target, value, w["card"])
        add_heat(m, other, value + bonus, card)
    elif kind == "countercharge":
        add_heat(m, accuser, value + bonus, w["card"])
    elif kind == "mixup":
        assert other is not None  # checked above: a Mix-up names the other villager
        add_heat(m, other, value + bonus, w["card"])
    # retraction: the confession has no effect
    s["discard"].append(card)
    finish_brown(m, w)


def pass_turn(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """Pass in a window (§4), with priority in the Arrest (§5.2) or on a trial turn (§5.3)."""
    s = m.state
    ctx = context(m)
    if ctx == "window":
        w = s["windows"][-1]
        m.emit({"type": "pass", "seat": seat, "window": w["kind"]})
        w["passed"].append(seat)
        if len(w["passed"]) >= len(w["order"]):
            close_window(m)
        return
    if ctx == "priority":
        m.emit({"type": "pass", "seat": seat, "window": None})
        s["passes"] += 1
        if s["passes"] >= m.n:
            start_trial(m)
        else:
            s["priority"] = next_seat(m, seat)
            m.emit({"type": "priority", "seat": s["priority"]})
        return
    if ctx == "trial":
        m.emit({"type": "pass", "seat": seat, "window": None})
        next_trial_turn(m)
        return
    if ctx == "turn":
        raise bad(
            "wrong_time",
            "In the Accusation phase you end your turn with 'end_turn' (you draw a card) or call an inquisition.",
        )
    if ctx == "refill":
        raise bad("wrong_time", "To keep your whole hand, refill with an empty discard list.")
    raise bad("wrong_time", not_now(m, ctx, "pass"))


# --------------------------------------------------------------- inquisition --
def call_inquisition(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """§5.1, §4.2: before playing anything on one's Accusation turn."""
    s = m.state
    ctx = context(m)
    if ctx != "turn":
        if ctx in ("priority", "trial", "refill"):
            raise bad("wrong_phase", "An inquisition can only be called in the Accusation phase.")
        raise bad("wrong_time", not_now(m, ctx, "call an inquisition"))
    if s["turn_played"]:
        raise bad(
            "already_played", "You have played cards this turn; an inquisition must be called before playing anything."
        )
    m.emit({"type": "call", "seat": seat})
    s["windows"].append(
        {"kind": "inquisition", "card": None, "by": seat, "order": clockwise_from(m, seat), "passed": []}
    )
    # No Inquisition cards all publicly gone: nobody can answer, so asking reveals nothing
    if publicly_gone(m, "no_inquisition"):
        close_window(m)


def no_inquisition(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """§4.2: the call fails and the Accusation goes on with this seat's turn."""
    window_of(m, ("inquisition",), "no_inquisition")
    s = m.state
    card = hand_card(m, seat, cmd["card"])
    if m.t.card_role[card] != "no_inquisition":
        raise bad("not_no_inquisition", f"{card} is not a No Inquisition card.")
    w = s["windows"].pop()
    s["hands"][seat].remove(card)
    s["discard"].append(card)
    m.emit({"type": "no_inquisition", "seat": seat, "card": card, "caller": w["by"]})
    start_turn(m, seat)


def end_turn(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """§5.1: the Accusation turn ends with one card drawn."""
    ctx = context(m)
    if ctx != "turn":
        if ctx in ("priority", "trial"):
            raise bad("wrong_phase", "Only Accusation turns end with 'end_turn'; here you 'pass'.")
        raise bad("wrong_time", not_now(m, ctx, "end your turn"))
    m.emit({"type": "end_turn", "seat": seat})
    draw(m, seat, 1)
    start_turn(m, next_seat(m, seat))


# --------------------------------------------------------------------- tests --
def play_test(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """A green card (§6): never by the inquisitor (R6); in the Accusation only the Marks,
    and the player names a tied witch (R7). As one's own move it is that move (R8). A
    negation window opens unless nobody could answer it (R6)."""
    s = m.state
    t = m.t
    ctx = context(m)
    card = hand_card(m, seat, cmd["card"])
    if t.card_role[card] != "test":
        raise bad("not_test", f"{card} is not a test card.")
    kind = t.card_kind[card]
    test_name = t.kind[kind].name
    if seat == s["inquisitor"]:
        raise bad("inquisitor", "The inquisitor may not play tests.")
    if ctx == "window":
        w = s["windows"][-1]
        where = w["kind"]
        if where == "negation":
            raise bad("wrong_time", "Only the partner test may be played now (negate or pass).")
    elif ctx in ("turn", "priority", "trial"):
        where = "turn"
    else:
        raise bad("wrong_time", not_now(m, ctx, "play a test"))
    if s["phase"] == "accusation" and t.kind[kind].group != "mark":
        raise bad("wrong_phase", f"{test_name} cannot be played in the Accusation phase.")
    witch = cmd.get("witch")
    if "witch" in cmd:
        if s["inquisitor"] is not None:
            raise bad("bad_field", "The inquisitor settles ties for the current witch; leave out 'witch'.")
        witch = living(m, witch)
        hot = hottest(m)
        if witch not in hot:
            raise bad("not_witch", f"{name(m, witch)} is not the current witch (the hottest villager).")
        if len(hot) == 1:  # legal() lists 'witch' only to break a tie (R7)
            raise bad("bad_field", f"{name(m, witch)} is the only hottest villager; leave out 'witch'.")
    elif s["inquisitor"] is None:
        hot = hottest(m)
        if len(hot) > 1:
            names = ", ".join(name(m, v) for v in hot)
            raise bad("tie", f"Several villagers are hottest ({names}); name the witch with 'witch'.")
    s["hands"][seat].remove(card)
    s["table"].append(card)
    if ctx == "turn":
        s["turn_played"] = True
    event = {"type": "test", "seat": seat, "card": card, "kind": kind}
    if witch is not None:
        event["witch"] = witch
    m.emit(event)
    inq = s["inquisitor"]
    order = [x for x in clockwise_from(m, seat) if x != inq]
    w = {
        "kind": "negation",
        "card": card,
        "by": seat,
        "test": kind,
        "witch": witch,
        "ctx": "window" if ctx == "window" else "turn",
        "order": order,
        "passed": [],
    }
    s["windows"].append(w)
    if not order or publicly_gone(m, t.partner[kind]):
        close_window(m)


def negate(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """§6.2: the partner test cancels the test; both go to the discard pile."""
    w = window_of(m, ("negation",), "negate")
    s = m.state
    t = m.t
    card = hand_card(m, seat, cmd["card"])
    partner = t.partner[w["test"]]
    if t.card_kind[card] != partner:
        raise bad("not_partner", f"Only {t.kind[partner].name} can negate {t.kind[w['test']].name}.")
    s["windows"].pop()
    s["hands"][seat].remove(card)
    take_from_table(m, w["card"])
    s["discard"].append(w["card"])
    s["discard"].append(card)
    m.emit({"type": "negate", "seat": seat, "card": card, "test": w["card"]})
    if w["ctx"] == "turn":
        after_play(m, w["by"])


def choose_witch(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """The inquisitor (or the drowning Ordeal's player) settles a tie (§3, R7)."""
    s = m.state
    choice = s["choice"]
    if choice is None:
        raise bad("wrong_time", "There is no tie for the current witch to settle right now.")
    vid = cmd["villager"]
    if vid not in choice["candidates"]:
        names = ", ".join(name(m, v) for v in choice["candidates"])
        who = name(m, vid) if isinstance(vid, str) and vid in m.t.villager else shown(vid)
        raise bad("not_candidate", f"{who} is not among the hottest villagers ({names}).")
    s["choice"] = None
    m.emit({"type": "choose_witch", "seat": seat, "villager": vid})
    if choice["reason"] == "burning":
        burn(m, vid, choice["role"])
    else:
        finish_test(m, choice["test"], vid)


# ------------------------------------------------------------------- phase 4 --
def refill(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """§5.4: discard any cards; after the last seat, everyone draws up to six (R11)."""
    s = m.state
    ctx = context(m)
    if ctx != "refill":
        raise bad("wrong_phase", "Cards are discarded and drawn only in Collecting Evidence (phase 4).")
    discard = cmd["discard"]
    if not isinstance(discard, list) or not all(isinstance(c, str) for c in discard):
        raise bad("bad_discard", "'discard' must be a list of card ids from your hand.")
    if len(set(discard)) != len(discard):
        raise bad("bad_discard", "Each card can be discarded only once.")
    for card in discard:
        hand_card(m, seat, card)
    hand = s["hands"][seat]
    for card in discard:
        hand.remove(card)
    s["discard"].extend(discard)  # R11: discards first, so a reshuffle may include them
    m.emit({"type": "discard", "seat": seat, "cards": list(discard)})
    s["refill_idx"] += 1
    if s["refill_idx"] >= len(s["refill_order"]):
        s["refill_idx"] = len(s["refill_order"]) - 1
        draw_up(m)
        last = s["inquisitor"]
        s["round"] += 1
        start_accusation(m, next_seat(m, last))


# ---------------------------------------------------------------- the command table --
#: Every command, its handler and its fields. ``bribes`` rides on every command a seat
#: sends after setup (sealed bribes); ``legal()`` lists commands without it.
COMMANDS: dict[str, Command] = {
    "place_pyres": Command(place_pyres, required=("assign",)),
    "accuse": Command(accuse, required=("card", "accuser", "target"), optional=("bribes",)),
    "advocate": Command(advocate, required=("card", "target"), optional=("bribes",)),
    "respond": Command(respond, required=("card",), optional=("other", "bribes")),
    "test": Command(play_test, required=("card",), optional=("witch", "bribes")),
    "negate": Command(negate, required=("card",), optional=("bribes",)),
    "call_inquisition": Command(call_inquisition, optional=("bribes",)),
    "no_inquisition": Command(no_inquisition, required=("card",), optional=("bribes",)),
    "end_turn": Command(end_turn, optional=("bribes",)),
    "pass": Command(pass_turn, optional=("bribes",)),
    "choose_witch": Command(choose_witch, required=("villager",), optional=("bribes",)),
    "refill": Command(refill, required=("discard",), optional=("bribes",)),
}
#: the commands a ``bribes`` list may ride on
SEALING_COMMANDS = tuple(ctype for ctype, entry in COMMANDS.items() if "bribes" in entry.optional)


def apply(m: HammerMatch, seat: int, cmd: dict[str, Any]) -> None:
    """Play ``cmd`` for ``seat``: its shape checked against :data:`COMMANDS`, its sealed
    bribes put in the box, then its handler. The old standalone ``bribe`` command is
    refused with a message saying how bribes are sent now."""
    if cmd["type"] == "bribe":
        raise bad("withdrawn", "Bribes are sealed: add them as 'bribes' to the next command you send (rules §8.2).")
    ctype, entry = lookup(COMMANDS, cmd, "this game")
    entry.check_fields(ctype, cmd)
    if "bribes" in cmd:
        seal(m, seat, cmd)
    entry.handler(m, seat, cmd)
