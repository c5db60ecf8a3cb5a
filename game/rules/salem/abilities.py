"""Salem 1692: the Town Hall abilities sent as ``ability {name, …}`` (docs/rules/salem.md
§3.12, R44–R48). Abilities that need no command (Cotton Mather, George Burroughs, Giles
Corey, John Proctor, Martha Corey's borrowing, Mary Warren, Sarah Good, Thomas Danforth)
are part of the rules they change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.shape import shown
from game.rules.salem.commands_turn import hand_card, need_turn, target_arg, trial_check
from game.rules.salem.commands_windows import answer, need_window
from game.rules.salem.deck import discard
from game.rules.salem.flow import end_turn
from game.rules.salem.state import bad, card_kind, context, has, is_int, is_red, use, uses

if TYPE_CHECKING:
    from game.rules.salem.match import SalemMatch

#: fields each ability takes besides ``name`` (required, optional)
ABILITY_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "abigail_williams": ((), ()),
    "ann_putnam": ((), ()),
    "rebecca_nurse": ((), ()),
    "samuel_parris": (("cards",), ()),
    "tituba": ((), ("order",)),
    "will_griggs": (("card", "target"), ()),
    "william_phips": ((), ()),
}


def ability(m: SalemMatch, seat: int, cmd: dict[str, Any]) -> None:
    s = m.state
    name = cmd["name"]
    if not isinstance(name, str) or name not in ABILITY_FIELDS:
        raise bad("unknown_ability", f"There is no ability called {shown(name)}.")
    required, optional = ABILITY_FIELDS[name]
    for key in cmd:
        if key not in ("type", "name") and key not in required and key not in optional:
            raise bad("bad_field", f"The {name} ability has no field {shown(key)}.")
    for key in required:
        if key not in cmd:
            raise bad("missing_field", f"The {name} ability needs a '{key}'.")
    cname = m.cat.characters[name].name
    ctx, f = context(m)
    if name == "tituba" and ctx == "prompt" and f["name"] == "tituba" and f["await"] == seat:
        return tituba_order(m, seat, f, cmd)
    if not has(m, seat, name):
        raise bad("no_ability", f"You do not have {cname}'s ability.")
    if name in ("abigail_williams", "ann_putnam"):
        if ctx != "choose" or f["reason"] != "trial" or f["await"] != seat or f["stage"] != "choose":
            raise bad("not_now", f"{cname}'s ability works when your card starts a trial.")
        if name in f["used"]:
            raise bad("used", f"{cname}'s ability is already used in this trial.")
        f["used"].append(name)
        m.emit({"type": "ability", "seat": seat, "name": name})
        if name == "abigail_williams":
            reds = [c for c in s["fronts"][seat] if is_red(m, c)]
            for c in reds:
                s["fronts"][seat].remove(c)
            discard(m, reds, "abigail_williams", seat)
        else:
            s["stack"].append(
                {
                    "kind": "draw",
                    "seat": seat,
                    "left": 2,
                    "ends_turn": False,
                    "drawn": 0,
                    "acc": 0,
                    "shown": [],
                    "giles": False,
                }
            )
        return
    if name == "rebecca_nurse":
        if ctx != "prompt" or f["name"] != "rebecca_nurse" or f["await"] != seat:
            raise bad("not_now", f"{cname}'s ability works right after another player's card is revealed.")
        s["stack"].pop()
        m.emit({"type": "ability", "seat": seat, "name": name})
        s["stack"].append(
            {
                "kind": "draw",
                "seat": seat,
                "left": 1,
                "ends_turn": False,
                "drawn": 0,
                "acc": 0,
                "shown": [],
                "giles": False,
            }
        )
        return
    if name == "william_phips":
        f = need_window(m, seat, "confess", "use William Phips's ability")
        if uses(m, seat, name):
            raise bad("used", f"{cname}'s ability works once a game.")
        answer(m, seat, f, {"type": "ability", "name": name}, {"type": "ability_chosen", "seat": seat, "name": name})
        return
    need_turn(m, seat, f"use {cname}'s ability")
    if name == "will_griggs":
        card = hand_card(m, seat, cmd["card"])
        if card_kind(m, card) != "alibi":
            raise bad("not_alibi", f"{cname} plays only an Alibi as a Witness.")
        target = target_arg(m, seat, cmd["target"])
        s["hands"][seat].remove(card)
        s["played"] = True
        s["as_witness"].append(card)
        s["fronts"][target].append(card)
        m.emit({"type": "ability", "seat": seat, "name": name, "card": card, "target": target})
        trial_check(m, target, seat)
        return
    if s["played"]:
        raise bad("already_played", f"{cname}'s ability comes before you act this turn.")
    if name == "tituba":
        if "order" in cmd:
            raise bad("bad_field", "First look at the pile (no 'order'), then give the new order.")
        if uses(m, seat, name):
            raise bad("used", f"{cname}'s ability works once a game.")
        use(m, seat, name)
        m.emit({"type": "ability", "seat": seat, "name": name})
        s["stack"].append({"kind": "prompt", "name": "tituba", "await": seat})
        return
    # samuel_parris
    if uses(m, seat, name) >= 2:
        raise bad("used", f"{cname}'s ability works twice a game.")
    cards = cmd["cards"]
    if (
        not isinstance(cards, list)
        or not 1 <= len(cards) <= 2
        or len(set(map(str, cards))) != len(cards)
        or not all(isinstance(c, str) for c in cards)
    ):
        raise bad("bad_cards", "Name one or two different cards of the discard pile.")
    for c in cards:
        if c not in s["discard"]:
            raise bad("not_in_discard", f"{shown(c)} is not in the discard pile.")
        if m.cat.colour_of[c] == "black":
            raise bad("black", "Black cards cannot be taken.")
    use(m, seat, name)
    for c in cards:
        s["discard"].remove(c)
    s["hands"][seat].extend(cards)
    s["played"] = True
    m.emit({"type": "ability", "seat": seat, "name": name, "cards": list(cards)})
    end_turn(m)


def tituba_order(m: SalemMatch, seat: int, f: dict[str, Any], cmd: dict[str, Any]) -> None:
    s = m.state
    pile = s["pile"]
    order = cmd.get("order")
    if (
        not isinstance(order, list)
        or len(order) != len(pile)
        or not all(is_int(i) for i in order)
        or sorted(order) != list(range(len(pile)))
    ):
        raise bad("bad_order", f"'order' must list each pile position 0 to {len(pile) - 1} once (top first).")
    s["pile"] = [pile[i] for i in order]
    s["stack"].pop()
    night_moved = bool(s["pile"]) and s["pile"][-1] != m.cat.night
    m.emit({"type": "ability", "seat": seat, "name": "tituba", "night_moved": night_moved})
