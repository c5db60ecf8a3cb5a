"""A guide to the current step, for a first-time Prévôt and his players
(docs/rules/malleus.md §2, §3; the table's guide panel).

:func:`guide` reads a seat's own view (nothing else: a LAN client can call it with what
it received) and says, in a sentence or two each, what is happening, whom the table waits
for, what this seat decides now and the rule it rests on, with the section to open in
the rules and the command of the step's main action for this seat (the big button)::

    guide(view, seat) -> {"step": "Secret actions", "happening": "...", "waiting_for": [0],
                          "waiting": "The table waits for the Prévôt.", "yours": "..." | None,
                          "main": "close_secret_actions" | None, "may": "..." | None,
                          "rule": "§3.5", "rule_words": "..."}

``yours`` and ``main`` are None when the table is not waiting for this seat (the
spectator, or a seat whose part is done); ``may`` says what a player may still do without
the table waiting for him (cite, take a side, play an aftermath card). The words never name
a hidden thing: they are written from the view of the seat they are for.
"""

from __future__ import annotations

from typing import Any

#: (phase or step) -> (step name, what is happening, rule section, the rule in our words)
STEPS: dict[str, tuple[str, str, str, str]] = {
    "trigger": (
        "The trigger",
        "The Prévôt writes the calamity that sets the village on edge.",
        "§2.2",
        "A blight, a sickness, a fire: something that could hurt most of the village. It becomes "
        "the first fact of the general ledger.",
    ),
    "first_villager": (
        "The first villager",
        "The Prévôt adds the first villager with three facts.",
        "§2.3",
        "The first villager has three facts and no relationship; adding it is the Prévôt's building turn.",
    ),
    "building": (
        "Building the village",
        "Round the table, each seat adds a villager, adds a fact, or passes.",
        "§2.4-§2.5",
        "A new villager brings three facts and one relationship with someone already "
        "there. Building ends when there are three villagers per person at the table and everyone "
        "has passed in a row.",
    ),
    "choosing": (
        "Choosing villagers",
        "One by one, the players choose the villager they will play.",
        "§2.6",
        "Each player takes a villager nobody plays yet; the last to choose will play first.",
    ),
    "ledgers": (
        "Ledgers",
        "In secret, each player writes his ledger.",
        "§2.7",
        "A secret that would ruin your villager, an envy of something a villager nobody plays owns, "
        "and a vendetta against another villager, with its reason.",
    ),
    "companions": (
        "Companions",
        "In secret, each player names a companion.",
        "§2.8",
        "A companion is a villager nobody plays, voiced for you by the Prévôt. Two players may not "
        "share one: if choices collide, everyone chooses again and nobody learns who collided.",
    ),
    "declare": (
        "Declaring a conflict",
        "The player whose turn it is declares a conflict.",
        "§3.2",
        "Accuse someone, expose another player's secret, bolster someone, change a relationship or "
        "change up to three facts. Declaring is not optional.",
    ),
    "confirm": (
        "A claimed secret",
        "The Prévôt judges whether the claimed secret is right.",
        "§3.2, R15",
        "A right guess makes the secret public at once, whatever happens next; a wrong one is "
        "voided and the player declares again.",
    ),
    "frame": (
        "Framing the scene",
        "The actor says where the scene happens and who is there.",
        "§3.3",
        "The actor's villager must be there. Players whose villagers are brought in are bidden; others "
        "may join unbidden and lose their next turn for it.",
    ),
    "scene": (
        "The scene",
        "Sides and facts are gathered; then the Prévôt begins the resolution.",
        "§3.4",
        "Villagers nobody plays take sides by what they think of the target; present players may take a "
        "side; anyone may cite a fact, and only the Prévôt decides whether it counts (+1).",
    ),
    "secret_step/collecting": (
        "Secret actions",
        "Every player hands the Prévôt a secret action.",
        "§3.5",
        "Nothing goes on until every player's action is in; 'No Secret Action' will do.",
    ),
    "secret_step/resolving": (
        "Secret actions",
        "The Prévôt carries out the secret actions.",
        "§3.5, M8",
        "He applies the queued cards in the order he likes (voiding one that can no longer "
        "take effect), carries out companions' and blackmailed villagers' orders by moving "
        "villagers nobody plays and setting their sides, then closes the step.",
    ),
    "roll": (
        "The roll",
        "The actor rolls 3d6 plus the bonus for.",
        "§3.6",
        "With nobody to roll against, the target is 9 plus the bonus against; higher wins, a tie loses.",
    ),
    "sides": (
        "Sides after the roll",
        "Sides may still be taken: the rules allow it after the roll.",
        "§3.4, §3.6",
        "Present players who have not taken a side may still take one, and cards may be played, until the "
        "Prévôt locks the sides.",
    ),
    "oppose": (
        "The opposing roll",
        "The strongest opposing player rolls 3d6 plus the bonus against.",
        "§3.6",
        "His total is the target number: the actor must beat it; a tie loses.",
    ),
    "aftermath": (
        "The aftermath",
        "The accusation or the revealed secret succeeded; the loss is about to fall.",
        "§3.7, R25",
        "Malevolent Gossip may double the loss and Shifting the Blame move it, once "
        "each; then the Prévôt closes the window and the loss falls.",
    ),
    "outcome": (
        "The outcome",
        "The loser tells how it ends; then the Prévôt ends the turn.",
        "§3.7, §3.9, M11",
        "Every player's villager on the winning side gains 1 standing, on the losing side loses 1.",
    ),
    "discard": (
        "Discards",
        "The player whose turn ends may discard.",
        "§3.9",
        "Any cards may go, locked ones included; new cards come only at the start of a round.",
    ),
    "secret_phase/collecting": (
        "The secret action phase",
        "After every turn, each player hands in a secret action.",
        "§3.10, R19",
        "An empty envy, vendetta or companion must be replaced in it when one can be.",
    ),
    "phase_resolve": (
        "The secret action phase",
        "The Prévôt plays out the round's secret actions.",
        "§3.10, R30",
        "Cards, companions' and blackmailed villagers' orders; an order may start a conflict led by "
        "a villager nobody plays, with the Prévôt rolling for it. Then the round ends.",
    ),
    "over": ("The end", "The story is over.", "§3.13", "Most personal gain wins; then the higher standing."),
}

#: (step key, role) -> (what this seat does now, its main command); roles: prevot, actor, player
YOURS: dict[tuple[str, str], tuple[str, str | None]] = {
    ("trigger", "prevot"): ("Write the trigger event.", "set_trigger"),
    ("first_villager", "prevot"): ("Add the first villager: a name and three facts.", "add_villager"),
    ("building", "prevot"): ("Add a villager, add a fact to one, or pass.", "add_villager"),
    ("building", "player"): ("Add a villager, add a fact to one, or pass.", "add_villager"),
    ("choosing", "player"): ("Choose the villager you will play.", "choose_villager"),
    ("ledgers", "player"): ("Write your secret, your envy and your vendetta.", "submit_ledger"),
    ("companions", "player"): ("Name your companion, a villager nobody plays.", "choose_companion"),
    ("declare", "actor"): ("Declare your conflict: what do you want, and from whom?", "declare_conflict"),
    ("confirm", "prevot"): ("Is the claimed secret the player's real secret? Accept it or void it.", "confirm_secret"),
    ("frame", "actor"): ("Say where the scene happens and who is there.", "frame_scene"),
    ("frame", "prevot"): ("Frame the scene of this villager's conflict.", "frame_scene"),
    ("scene", "prevot"): (
        "Count or reject the cited facts, set the sides of villagers nobody plays, then begin the resolution.",
        "begin_resolution",
    ),
    ("secret_step/collecting", "player"): (
        "Your secret action: write what your villager does in secret, or keep 'No Secret Action'.",
        "secret_action",
    ),
    ("secret_step/collecting", "actor"): (
        "Your secret action: write what your villager does in secret, or keep 'No Secret Action'.",
        "secret_action",
    ),
    ("secret_step/resolving", "prevot"): (
        "Apply or void each queued card, act on the orders, then close the secret actions.",
        "close_secret_actions",
    ),
    ("roll", "actor"): ("Roll 3d6 for your conflict.", "roll"),
    ("roll", "prevot"): ("Roll 3d6 for the acting villager.", "roll"),
    ("sides", "prevot"): ("When nobody else wants to take a side, lock the sides.", "lock_sides"),
    ("oppose", "player"): ("Roll 3d6 against the conflict.", "roll"),
    ("oppose", "prevot"): ("Nobody is left to roll against: the conflict resolves.", None),
    ("aftermath", "prevot"): ("When nobody plays Gossip or Shifting the Blame, close the window.", "close_window"),
    ("outcome", "prevot"): ("When the loser has told how it ends, end the turn.", "end_turn"),
    ("discard", "actor"): ("Discard any cards you do not want to keep, or none.", "discard"),
    ("secret_phase/collecting", "player"): (
        "Your secret action for the round: write what your villager does in secret, or keep 'No Secret Action'.",
        "secret_action",
    ),
    ("phase_resolve", "prevot"): (
        "Start a conflict for an order if one calls for it; otherwise end the secret action phase.",
        "end_secret_phase",
    ),
}


#: step key -> what a player may do there although the table does not wait for him (R24)
MAY: dict[str, str] = {
    "scene": "You may cite a fact for either side (the Prévôt decides whether it counts) and, if your villager "
    "is present, take a side once.",
    "roll": "You may cite a fact and, if your villager is present, take a side before or after the roll.",
    "sides": "Sides may still be taken: the rules allow it after the roll, until the Prévôt locks them.",
    "aftermath": "Malevolent Gossip or Shifting the Blame may be played now, once each.",
}


def _key(view: dict[str, Any]) -> str:
    phase, step = view.get("phase"), view.get("step")
    if phase != "round":
        return str(phase)
    if step in ("secret_step", "secret_phase"):
        collect = view.get("collect") or {}
        return f"{step}/{'resolving' if collect.get('resolving') else 'collecting'}"
    return str(step)


def _name(view: dict[str, Any], seat: int) -> str:
    if seat == 0:
        return "the Prévôt"
    for player in view.get("players", []):
        if player.get("seat") == seat:
            return str(player.get("name"))
    return f"seat {seat}"


def _names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _role(view: dict[str, Any], seat: int | None, key: str) -> str | None:
    if seat is None:
        return None
    if seat == 0:
        return "prevot"
    conflict = view.get("conflict") or {}
    if key in ("declare", "discard") and view.get("turn") == seat:
        return "actor"
    if conflict.get("actor_player") == seat and key in ("frame", "roll", "secret_step/collecting"):
        return "actor"
    return "player"


def guide(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The guide to the current step for ``seat`` (None: a spectator), from its view."""
    key = _key(view)
    name, happening, rule, rule_words = STEPS.get(key, (key.replace("_", " ").capitalize(), "", "", ""))
    waiting = list(view.get("to_act", []))
    out: dict[str, Any] = {
        "step": name,
        "happening": happening,
        "waiting_for": waiting,
        "waiting": (f"The table waits for {_names([_name(view, s) for s in waiting])}." if waiting else ""),
        "yours": None,
        "main": None,
        "may": None,
        "rule": rule,
        "rule_words": rule_words,
    }
    role = _role(view, seat, key)
    if role is not None and seat in waiting:
        yours, main = YOURS.get((key, role), YOURS.get((key, "player"), (None, None)))
        out["yours"], out["main"] = yours, main
    if role in ("player", "actor") and key in MAY:
        out["may"] = MAY[key]
    return out
