"""Staging helpers for the Witch Trial tests: put given cards where a scenario needs
them (always keeping every card in exactly one place) and script the dice."""

from __future__ import annotations

from game.engine import new_match
from game.engine.rng import MatchRng
from game.rules.witch_trial import WitchTrialMatch, catalog


class ScriptedDice(MatchRng):
    """The match's generator, except that dice come from a script (then from the seed)."""

    __slots__ = ("script",)

    def __init__(self, real: MatchRng, script: list[int]) -> None:
        super().__init__(0)
        self.setstate(real.getstate())
        self.script = list(script)

    def roll(self, dice: int = 1, sides: int = 6) -> list[int]:
        out = []
        for _ in range(dice):
            out.append(self.script.pop(0) if self.script else self._r.randint(1, sides))
        return out


def script_dice(m: WitchTrialMatch, *values: int) -> ScriptedDice:
    """From now on, the match's dice show ``values`` in order (each die one value)."""
    m.rng = ScriptedDice(m.rng, list(values))
    return m.rng


def fresh(players: int = 3, seed: int = 0, **options) -> WitchTrialMatch:
    return new_match("witch_trial", [f"P{i}" for i in range(players)], seed=seed, options=options)


def lift(m: WitchTrialMatch, card: str) -> None:
    """Take ``card`` out of wherever it is (deck, discard, a hand or the lineup; a lineup
    slot is refilled from the deck so the lineup stays as full as it was)."""
    st = m.state
    if card in st["deck"]:
        st["deck"].remove(card)
        return
    if card in st["discard"]:
        st["discard"].remove(card)
        return
    for hand in st["hands"]:
        if card in hand:
            hand.remove(card)
            return
    if card in st["lineup"]:
        i = st["lineup"].index(card)
        st["lineup"][i] = st["deck"].pop()
        return
    raise AssertionError(f"{card} is not somewhere it can be lifted from")


def give(m: WitchTrialMatch, seat: int, *kinds: str) -> list[str]:
    """Put one card of each kind into ``seat``'s hand; returns their ids."""
    ids = []
    for kind in kinds:
        cid = kind if "-" in kind else _free_copy(m, kind)
        lift(m, cid)
        m.state["hands"][seat].append(cid)
        ids.append(cid)
    return ids


def to_discard(m: WitchTrialMatch, *kinds: str) -> list[str]:
    ids = []
    for kind in kinds:
        cid = kind if "-" in kind else _free_copy(m, kind)
        lift(m, cid)
        m.state["discard"].append(cid)
        ids.append(cid)
    return ids


def put_in_lineup(m: WitchTrialMatch, slot: int, kind: str) -> str:
    """Put a card of ``kind`` in lineup ``slot`` (1..5); the card there goes to the deck."""
    cid = kind if "-" in kind else _free_copy(m, kind)
    lift(m, cid)
    old = m.state["lineup"][slot - 1]
    if old is not None:
        m.state["deck"].append(old)
    m.state["lineup"][slot - 1] = cid
    return cid


def empty_hands(m: WitchTrialMatch, *seats: int) -> None:
    """Move every card of those hands to the bottom of the deck (a clean slate)."""
    for seat in seats:
        m.state["deck"][0:0] = m.state["hands"][seat]
        m.state["hands"][seat] = []


def _free_copy(m: WitchTrialMatch, kind: str) -> str:
    """A copy of ``kind`` that is not in a case, not in a trial and not already staged."""
    st = m.state
    locked = set()
    for case in st["cases"]:
        if case:
            locked |= {case["suspect"], case["charge"]}
    trial = st["trial"]
    if trial is not None:
        locked |= {trial["suspect"], trial["case_charge"], *trial["played"]}
    staged = m.__dict__.setdefault("_staged", set())  # a test stages each copy once
    for n in range(1, 12):
        cid = f"{kind}-{n}"
        if cid not in catalog().kind_of:
            break
        if cid in locked or cid in staged:
            continue
        staged.add(cid)
        return cid
    raise AssertionError(f"no free copy of {kind}")


def start_trial(
    m: WitchTrialMatch, suspect: str, charge: str, prosecutor: int = 0, defender: int = 1, clean: bool = True
) -> dict:
    """Stage ``prosecutor``'s pending case and let ``defender`` defend it on their turn,
    through the real command. With ``clean``, both lawyers start with empty hands."""
    if clean:
        empty_hands(m, prosecutor, defender)
    s_id, c_id = give(m, prosecutor, suspect, charge)
    m.state["hands"][prosecutor].remove(s_id)
    m.state["hands"][prosecutor].remove(c_id)
    m.state["cases"][prosecutor] = {"suspect": s_id, "charge": c_id}
    m.state["turn"] = defender
    m.apply(defender, {"type": "defend", "case_owner": prosecutor})
    return m.state["trial"]


def rest_through(m: WitchTrialMatch, *stages: str) -> None:
    """The lawyer now playing rests and makes no plea offer, once per stage named."""
    for _ in stages:
        seat = m.to_act()[0]
        m.apply(seat, {"type": "rest"})
        m.apply(seat, {"type": "no_plea"})


def all_card_places(m: WitchTrialMatch) -> list[str]:
    """Every card id in the match, wherever it is (a card twice appears twice)."""
    st = m.state
    out = list(st["deck"]) + list(st["discard"]) + [c for c in st["lineup"] if c is not None]
    for hand in st["hands"]:
        out.extend(hand)
    for case in st["cases"]:
        if case is not None:
            out.extend((case["suspect"], case["charge"]))
    trial = st["trial"]
    if trial is not None:
        out.extend((trial["suspect"], trial["case_charge"]))
        out.extend(trial["played"])
    return out


def money_ok(m: WitchTrialMatch) -> bool:
    st = m.state
    return sum(st["money"]) + st["court_fees"] == 50 * m.n + st["bank_paid"]
