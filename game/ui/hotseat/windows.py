"""What the public view says about who may answer now, for the hot-seat screen.

An *answer window* (:func:`public_window`) is answered by whoever holds an answer;
the public banner asks who sits down, and its "No answers" passes for every person
in it (:class:`NoAnswers`). A *blind window* (:func:`blind_window`) is answered by every
seat once, in turn, whatever its role; hot-seat takes it seat by seat behind the curtain.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.engine import Match
from game.engine.registry import GameInfo


def public_window(view: dict) -> dict | None:
    """An answer window in a public view, as ``{kind, card, by, order, passed}``:
    a ``window`` in the view (The Hammer of the Witches: a card every other player may
    answer) or a trial's Motion awaiting an Objection (Witch Trial), which only the
    opposing lawyer may answer."""
    window = view.get("window")
    if isinstance(window, dict) and window:
        return window
    trial = view.get("trial")
    motion = trial.get("motion") if isinstance(trial, dict) else None
    if isinstance(motion, dict) and motion:
        return {
            "kind": "objection",
            "card": motion.get("card"),
            "by": motion.get("by"),
            "order": [motion.get("awaiting")],
            "passed": [],
        }
    return None


def blind_window(view: dict) -> dict | None:
    """A window every seat answers once, one seat after the other in ``order`` (Salem's
    Dawn, Night, Gavel, confessions and Conspiracy picks: its secret steps), as ``{name, order, waiting}``
    from a public view; None when there is none. Hot-seat takes these seat by seat
    behind the curtain instead of offering a banner."""
    pending = view.get("pending")
    if isinstance(pending, dict) and pending.get("kind") == "window" and isinstance(pending.get("order"), list):
        return {
            "name": pending.get("window"),
            "order": list(pending["order"]),
            "waiting": list(pending.get("waiting") or []),
        }
    return None


def window_key(window: dict) -> tuple:
    """What identifies one answer window (so "No answers" does not leak into the next)."""
    return (window.get("kind"), window.get("card"), window.get("by"), str(window.get("order")))


def people_left_in(window: dict, to_act: Iterable[int], is_human: Callable[[int], bool]) -> bool:
    """Whether a person may still answer in ``window`` (now or later in its order)."""
    order = window.get("order")
    if isinstance(order, list):
        passed = window.get("passed") or []
        left: Iterable = [s for s in order if s not in passed]
    else:
        left = to_act
    return any(isinstance(s, int) and is_human(s) for s in left)


def pass_command(info: GameInfo, legal: list[dict]) -> dict | None:
    """The "I do not answer" command the rules offer in ``legal`` (the game's
    ``pass_commands``), if any."""
    for command in info.pass_commands:
        if dict(command) in legal:
            return dict(command)
    return None


class NoAnswers:
    """The banner's "No answers": every person in the open answer window passes, one by
    one through ``apply`` (so each is autosaved); people later in the same window pass
    when their turn to answer comes, after any bot answered. It ends with the window."""

    def __init__(self, info: GameInfo) -> None:
        self.info = info
        #: the window "No answers" was pressed for (None: none)
        self.key: tuple | None = None

    def start(self, window: dict) -> None:
        self.key = window_key(window)

    def run(
        self, match: Match, is_human: Callable[[int], bool], apply: Callable[[int, dict], str | None]
    ) -> str | None:
        """Pass for the people asked now in the window; None, else why it stopped."""
        while self.key is not None and not match.over:
            window = public_window(match.view(None))
            if window is None or window_key(window) != self.key:
                self.key = None
                return None
            people = [s for s in match.to_act() if is_human(s)]
            if not people:
                return None  # a bot answers first; we go on after its move
            seat = people[0]
            command = pass_command(self.info, match.legal(seat))
            if command is None:
                self.key = None
                return f"{match.players[seat]} cannot pass now."
            problem = apply(seat, command)
            if problem:
                self.key = None
                return problem
        return None
