"""Hidden information is sacred (DESIGN D2): ``view(seat)`` and ``log(seat)`` never show a
seat anything it may not know, for every game.

Each game says where its secrets live (``tests/contract/hooks.py`` SECRETS: the cards in
a hand, the Characters, the ledgers; free texts are planted by the suite as unique
texts). At every position of the recorded games until the end (the end reveals what
the game hid), every seat's and the spectator's view, and the events each of them
received from the last command, must hold none of the secrets that viewer may not know. A control plants a secret into a view and into an
event for every game, so the check is known to bite.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from game.engine import Match
from tests.contract import hooks
from tests.contract.kit import recorded, walk


def strings(data: Any, out: set[str] | None = None) -> set[str]:
    """Every text (key or value) anywhere in ``data``."""
    out = set() if out is None else out
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, dict):
            out.update(k for k in value if isinstance(k, str))
            stack.extend(value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
    return out


def hidden_from(secrets: Iterable[tuple[str, frozenset]], viewer: int | None, public: set[str]) -> set[str]:
    """The secrets ``viewer`` may not know and the table has not been shown before."""
    return {token for token, knowers in secrets if viewer not in knowers and token not in public}


def leaks(hidden: set[str], view: dict, events: list[dict]) -> set[str]:
    return hidden & (strings(view) | strings(events))


def _hook(game_id: str):
    hook = hooks.SECRETS.get(game_id)
    if hook is None:
        pytest.fail(f"{game_id} has no redaction hook: add SECRETS[{game_id!r}] to tests/contract/hooks.py")
    return hook


def test_no_view_or_event_shows_a_seat_a_secret(game_id):
    hook = _hook(game_id)
    checked = positions = 0
    for record in recorded(game_id):
        memo: dict = {}
        public: set[str] = set()
        for m in walk(record):
            if m.over:
                break
            positions += 1
            secrets = hook(m, memo)
            since = m.state_id  # the events of the last command (the deal, at the start)
            for viewer in [*range(m.n), None]:
                view, events = m.view(viewer), m.log(viewer, since)
                hidden = hidden_from(secrets, viewer, public)
                shown = leaks(hidden, view, events)
                assert not shown, (
                    f"{game_id} at state {m.state_id}: {viewer}'s "
                    f"{'view' if leaks(hidden, view, []) else 'events'} show {sorted(shown)}"
                )
                checked += len(hidden)
            strings(m.view(None), public)
            strings(m.log(None, since), public)
    print(
        f"\nCONTRACT redaction {game_id}: {checked} secrets checked absent at {positions} positions "
        f"(every seat's and the spectator's view and events)"
    )
    assert checked > 0, f"{game_id}: its redaction hook never named a secret"


def _position_with_a_secret(game_id: str) -> tuple[Match, int | None, str]:
    hook = _hook(game_id)
    for record in recorded(game_id):
        memo: dict = {}
        for m in walk(record):
            for viewer in [*range(m.n), None]:
                hidden = hidden_from(hook(m, memo), viewer, set())
                if hidden:
                    return m, viewer, sorted(hidden)[0]
    raise AssertionError(f"{game_id}: no position of the recorded games has a secret")


def test_a_secret_planted_in_a_view_or_an_event_is_caught(game_id):
    m, viewer, token = _position_with_a_secret(game_id)
    hidden = hidden_from(_hook(game_id)(m, {}), viewer, set())
    assert not leaks(hidden, m.view(viewer), m.log(viewer, m.state_id))
    planted_view = dict(m.view(viewer), notes=[{"about": token}])
    assert leaks(hidden, planted_view, []) == {token}
    planted_event = {"type": "reveal", "what": [token]}
    assert leaks(hidden, m.view(viewer), [*m.log(viewer, m.state_id), planted_event]) == {token}
