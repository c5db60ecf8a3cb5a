"""A log is append-only (DESIGN D2): after every command, every seat's and the
spectator's previous log is an exact prefix of the new one — an event once sent never
changes or disappears (a client that stayed connected and one that rejoined must hold
the same log; a journal and a replay keep what they received).

How it is checked, cheaply enough for every command of long games: after every command
the match's raw log entries (every seat's version of each event) must be unchanged and
only added to; ``log(viewer)`` is a function of those entries alone when the game keeps
the engine's ``log`` and ``_visible``, so each viewer's whole log is then compared with
what it received every 8th command and at the end (at every command for a game that
overrides either)."""

from __future__ import annotations

import json
import marshal

from game.engine import Match
from tests.contract.kit import recorded


def _same(blob: bytes, event: dict, before: dict) -> bool:
    return marshal.dumps(event, 2) == blob or json.dumps(event, sort_keys=True) == json.dumps(before, sort_keys=True)


def test_every_log_only_grows_and_its_events_never_change(game_id):
    checked = commands = 0
    for record in recorded(game_id):
        m = record.fresh()
        pure = type(m).log is Match.log and type(m)._visible is Match._visible
        every = 8 if pure else 1
        viewers = [*range(m.n), None]
        raw: list[tuple[bytes, dict]] = []
        kept: dict = {v: [] for v in viewers}  # what each viewer received: (blob, copy)
        steps = [(None, None), *record.commands]
        for step, (seat, command) in enumerate(steps):
            if command is not None:
                m.apply(seat, command)
                commands += 1
            assert len(m._log) >= len(raw), f"{game_id}: the log lost entries at command {step}"
            for i, (blob, before) in enumerate(raw):
                assert _same(blob, m._log[i], before), (
                    f"{game_id}: log entry {i} changed at command {step}: {before} -> {m._log[i]}"
                )
            raw.extend((marshal.dumps(e, 2), marshal.loads(marshal.dumps(e, 2))) for e in m._log[len(raw) :])
            if step % every and step != len(steps) - 1:
                continue
            for viewer in viewers:
                log = m.log(viewer)
                old = kept[viewer]
                assert len(log) >= len(old), f"{game_id}: {viewer}'s log lost events at command {step}"
                for i, (blob, before) in enumerate(old):
                    assert _same(blob, log[i], before), (
                        f"{game_id}: event {i} of {viewer}'s log changed at command {step}: {before} -> {log[i]}"
                    )
                old.extend((marshal.dumps(e, 2), marshal.loads(marshal.dumps(e, 2))) for e in log[len(old) :])
                checked += 1
    print(
        f"\nCONTRACT logs {game_id}: {checked} whole logs compared, raw log checked after each of {commands} commands"
    )
    assert checked > 0
