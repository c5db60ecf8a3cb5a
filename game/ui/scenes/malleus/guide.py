"""The guide of the Malleus table: for the step the story is at, what is happening, whom
the table waits for, what the person looking at the screen does now, and the rule it
rests on — one or two sentences in our words from docs/rules/malleus.md, with the
section they come from (the step's name, its rule and what it asks of a seat are the
rules' own guide, ``game.rules.malleus.guide``; how to do it here is this module's).

``guide_for(view, me, names, own_screens)`` reads only a view: ``me`` is the seat on
screen (0 the Prévôt, a player's seat, or None for the shared table of a hot-seat story).
The words address that person: the Prévôt is told what he decides, a player what is his
to do, the shared table who does what. ``own_screens``: a LAN table, where each person
does their private part on their own screen (no curtain to speak of).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.malleus.guide import guide as rules_guide
from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.scenes.malleus.common import Names
from game.ui.scenes.table_base import panel, text
from game.ui.wording import listed

NO_SECRET = "No Secret Action"


@dataclass(frozen=True)
class Guide:
    """What the guide panel says: ``title`` (the step), ``waiting`` (whom the table waits
    for), ``now`` (what the person looking does now) and ``rule`` (what it rests on,
    ending with its section of docs/rules/malleus.md)."""

    title: str
    waiting: str
    now: str
    rule: str


def _names(seats: list[int], n: Names) -> str:
    words = [n.short_seat(s) for s in seats]
    if not words:
        return ""
    return listed(words)


def waiting_words(view: dict, me: int | None, n: Names) -> str:
    seats = list(view.get("to_act") or [])
    if view.get("over"):
        return "The story is over."
    if not seats:
        return "Nobody needs to act."
    if me is not None and me in seats:
        others = [s for s in seats if s != me]
        return "Waiting for you" + (f" (and {_names(others, n)})." if others else ".")
    return f"Waiting for {_names(seats, n)}."


def step_key(view: dict) -> str:
    """The guide's key for where the story stands (a phase, or a step of a round)."""
    phase = view.get("phase")
    if view.get("over") or phase == "over":
        return "over"
    if phase != "round":
        return str(phase)
    step = str(view.get("step"))
    if step == "secret_step" and (view.get("collect") or {}).get("resolving"):
        return "secret_resolve"
    return step


def guide_for(view: dict, me: int | None, n: Names, own_screens: bool = False) -> Guide:
    """The guide for ``view`` as seen by ``me`` (see the module docstring). The step's
    name, what it asks of this seat and its rule come from the rules' own guide
    (``game.rules.malleus.guide``); this module says how to do it at this table."""
    key = step_key(view)
    told = rules_guide(view, me)
    to_act = list(view.get("to_act") or [])
    mine = me is not None and me in to_act
    title = _title(view, key, told.get("step") or "", n)
    now = _now(view, key, me, mine, me == 0, me is None, n, own_screens)
    now = now or told.get("yours") or told.get("happening") or ""
    if told.get("may") and not mine and me not in (None, 0):
        now = f"{now} {told['may']}".strip() if now != told["may"] else now
    rule = told.get("rule_words") or ""
    if told.get("rule"):
        rule = f"{rule} ({told['rule']})".strip()
    return Guide(title, waiting_words(view, me, n), now, rule)


def _title(view: dict, key: str, step: str, n: Names) -> str:
    """'Setting up: Building the village', or 'Round 1 · Ann's turn: The scene'."""
    if view.get("over") or key == "over":
        return step or "The end"
    if view.get("phase") != "round":
        return f"Setting up: {step}"
    turn = view.get("turn")
    who = f"{n.short_seat(turn)}'s turn: " if turn is not None and key not in ("secret_phase", "phase_resolve") else ""
    return f"Round {view.get('round')} · {who}{step}"


def _now(
    view: dict, key: str, me: int | None, mine: bool, prevot: bool, shared: bool, n: Names, own_screens: bool
) -> str:
    c = view.get("conflict") or {}
    b = view.get("building") or {}
    # where a private part is done: behind the hot-seat curtain, or on a LAN player's screen
    hidden = "" if own_screens else " behind the curtain"
    each = " on their own screen." if own_screens else " behind the curtain: press your name, the others look away."
    if key == "over":
        return "Export the chronicle to keep the story."
    if key == "trigger":
        if prevot or shared:
            return "Prévôt: write the calamity that sets Charmes on edge."  # (the rule line under it names a few)
        return "The Prévôt writes the trigger event."
    if key == "first_villager":
        return (
            "Prévôt: add the first villager — a name and three facts the village knows."
            if prevot or shared
            else "The Prévôt adds the first villager."
        )
    if key == "building":
        seat = b.get("seat")
        who = "You" if seat == me else n.short_seat(seat)
        left = max(0, (b.get("threshold") or 0) - (b.get("villagers") or 0))
        more = (
            f"{left} more villager{'s' if left != 1 else ''} needed before building can end"
            if left
            else "enough villagers: building ends when everyone passes in a row"
        )
        return f"{who}: New villager, Fact + relationship (drag one plate onto another), or Pass — {more}."
    if key == "choosing":
        nxt = (view.get("choosing") or {}).get("next")
        who = "You" if nxt == me else n.short_seat(nxt)
        return f"{who}: click the plate of a villager nobody plays to play it."
    if key == "ledgers":
        if mine:
            return "Your ledger: write your secret, whom you envy and whom you hate, then hand it to the Prévôt."
        return "Each player writes a ledger" + each
    if key == "companions":
        if mine:
            return "Your companion: pick a villager nobody plays; the Prévôt will voice it for you."
        return "Each player names a companion" + each
    if key == "declare":
        turn = view.get("turn")
        if mine:
            return "Your conflict: drag your villager's plate onto the target, or press Declare a conflict."
        return f"{n.short_seat(turn)} declares a conflict{hidden}."
    if key == "confirm":
        if prevot:
            return (
                "You decide: compare the claimed secret with the ledger — Accept if it is the secret, "
                "Reject if it is a wrong guess."
            )
        return f"The Prévôt judges the claimed secret{hidden}."
    if key == "frame":
        actor = c.get("actor_player")
        who = "You" if actor == me and me is not None else n.short_seat(actor) if actor is not None else "The Prévôt"
        return f"{who}: press Frame the scene, click plates to bring villagers in, click a place on the map."
    if key == "scene":
        if prevot:
            return (
                "You decide: count or reject each cited fact (its buttons by it in the panel), bring villagers "
                "nobody plays in or out, then Begin the resolution."
            )
        if shared:
            return (
                "Players present: take a side (under FOR or AGAINST). Anyone: drag a fact onto a side. "
                "Prévôt: judge the facts, then Begin the resolution."
            )
        return "Take a side under FOR or AGAINST if your villager is here; drag a fact onto a side to cite it."
    if key in ("secret_step", "secret_phase"):
        if mine and not prevot:
            return f"Your secret action: write what your villager does in secret, or keep \u201c{NO_SECRET}\u201d."
        done = (view.get("collect") or {}).get("submitted") or []
        handed = f" Handed in: {_names(done, n)}." if done else ""
        press = " on their own screen." if own_screens else " behind the curtain: press your name."
        return "Each player hands in a secret action" + press + handed
    if key in ("secret_resolve", "phase_resolve"):
        end = "Close the secret actions" if key == "secret_resolve" else "End the secret action phase"
        if prevot:
            return (
                "You decide: play out each secret action on your screen — tell what a free-text one does, "
                f"Apply or Void each card, move villagers for orders; then {end}."
            )
        return f"The Prévôt reads the secret actions{hidden} and plays them out."
    if key == "roll":
        actor = c.get("actor_player")
        who = "You" if actor == me and me is not None else n.short_seat(actor if actor is not None else 0)
        return f"{who}: roll 3d6 for the actor."
    if key == "sides":
        if prevot:
            return _pending_facts(c) + "Players present may still take a side or play cards; then Lock the sides."
        return "Sides may still be taken: the rules allow it after the roll. Then the Prévôt locks them."
    if key == "oppose":
        roller = c.get("roller")
        who = "You" if roller == me and me is not None else n.short_seat(roller)
        return f"{who}: roll 3d6 against."
    if key == "aftermath":
        if prevot:
            return "Cards for the loss may be played now; then Close the aftermath window."
        return "Malevolent Gossip or Shifting the Blame may be played now (a player's cards: “Play…”)."
    if key == "outcome":
        loser = c.get("loser")
        teller = "You" if loser == me and me is not None else n.short_seat(loser)
        told = "" if c.get("narrated") else f"{teller} may tell how it ends (Narrate). "
        return told + ("Then End the turn." if prevot or shared else "Then the Prévôt ends the turn.")
    if key == "discard":
        turn = view.get("turn")
        if mine:
            return "End your turn: pick the cards to discard, if any."
        return f"{n.short_seat(turn)} ends the turn{hidden} (discards)."
    return ""


def _pending_facts(c: dict) -> str:
    """For the Prévôt after the roll: the cited facts still waiting for his Count or
    Reject (a first-time Prévôt locked the sides over one, and it quietly counted for
    nothing: bonuses freeze at the last roll, M1)."""
    pending = len(c.get("citations") or [])
    if not pending:
        return ""
    facts = "fact waits" if pending == 1 else "facts wait"
    return (
        f"{pending} cited {facts} for your Count or Reject (its buttons by it in the panel); "
        "a fact not counted by the last roll counts for nothing. "
    )


def draw_guide(scene, surface, rect, guide: Guide, bar_top: int) -> None:
    """The guide panel on ``scene``'s table: the step as its title, then whom the table
    waits for, what to do now, and the rule (muted), each read whole above the action bar
    at ``bar_top``: the type steps down to 11 px until everything fits, then the rule is
    cut to its first sentence, then to its section, and left to "More…" if even that does
    not fit."""
    rect = pygame.Rect(rect)
    panel(surface, rect, alpha=240, edge=theme.HIGHLIGHT)
    pad = scene.px(12)
    x, w = rect.x + pad, rect.w - 2 * pad
    room = bar_top - scene.px(6) - (rect.y + scene.px(8))
    parts = [
        (guide.title, theme.HIGHLIGHT, True, 3),
        (guide.waiting, theme.TEXT_LIGHT, True, 0),
        (guide.now, theme.PARCHMENT, False, 0),
        (guide.rule, theme.TEXT_MUTED, False, -1),
    ]
    parts = [p for p in parts if p[0]]

    def need(parts: list, size: int) -> int:
        total = 0
        for words, _c, bold, grow in parts:
            f = get_font(max(11, size + grow), bold=bold)
            total += len(wrap_text(words, f, w)) * f.get_linesize() + scene.px(3)
        return total

    size = max(11, scene.px(18))
    while need(parts, size) > room and size > 11:
        size -= 1
    if need(parts, size) > room and guide.rule:  # the rule's first sentence and its section
        first = guide.rule.split(". ")[0].rstrip(".")
        section = guide.rule[guide.rule.rfind(" (") :] if guide.rule.endswith(")") else ""
        parts = [p if p[0] != guide.rule else (first + "." + section, *p[1:]) for p in parts]
        if need(parts, size) > room and section:  # a small window: the rule's section alone
            parts = [p if p[3] != -1 else (section.strip(), *p[1:]) for p in parts]
        if need(parts, size) > room:  # and if even that is too much, the rule stays behind "More…"
            parts = [p for p in parts if p[3] != -1]
    y = rect.y + scene.px(8)
    for words, colour, bold, grow in parts:
        s = max(11, size + grow)
        f = get_font(s, bold=bold)
        drawn = []
        lines = wrap_text(words, f, w)
        for line in lines:
            drawn.append(surface.blit(text(line, s, colour, bold=bold), (x, y)))
            y += f.get_linesize()
        scene.note_text("guide", words, " ".join(lines), drawn, pygame.Rect(rect.x, rect.y, rect.w, bar_top - rect.y))
        y += scene.px(3)
