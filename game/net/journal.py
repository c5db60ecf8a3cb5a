"""The host's command journal: what makes an accepted command durable (docs/PROTOCOL.md §8).

The host's autosave (``game.saves``, written on a writer thread at most every 0.2 s) is
a snapshot that may lag behind the game. The journal never does: it sits beside the
save as ``<save>.journal`` and holds the game's setup and every applied command, one
JSON line each. The host appends the lines of a change and flushes them to the disk
(``fdatasync``) *before* it sends anyone an update showing that change, so no client
can ever have seen a state that a resumed host does not have.

Format (UTF-8, one JSON value per line)::

    {"journal": 1, "game": "<game id>", "players": [...], "seed": 7, "options": {...}, "net": {...}}
    [0, {"type": "pass"}]          # [seat, command] for state 0 -> 1
    [2, {"type": "accuse", ...}]   # state 1 -> 2, and so on

``net`` holds the seat tokens, bot seats, table name and id (what a resumed host needs).
A line cut short by a crash is ignored on reading: it was never flushed, so no update
for it was ever sent. Resuming (:func:`read_journal`, then ``Match.replay``) rewrites the
journal cleanly before appending again (:meth:`Journal.rewrite`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, BinaryIO

from game.engine import SaveError

JOURNAL_VERSION = 1
SUFFIX = ".journal"


def journal_path(save_path: Path) -> Path:
    """Where the journal of the host save at ``save_path`` lives (never a ``*.witchhunt.json``)."""
    save_path = Path(save_path)
    return save_path.with_name(save_path.name + SUFFIX)


def _sync(fd: int) -> None:
    sync = getattr(os, "fdatasync", None) or os.fsync  # fdatasync: Linux; fsync elsewhere
    sync(fd)


def _line(value: Any) -> bytes:
    return (json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n").encode("utf-8")


class Journal:
    """An open journal; the host thread alone uses it. :meth:`append` buffers a command,
    :meth:`commit` makes everything appended so far durable (one flush for a burst)."""

    def __init__(self, path: Path, fh: BinaryIO, sync: bool = True) -> None:
        self.path = path
        self._fh = fh
        #: True: each commit waits for the disk (survives a power cut); False: for the OS
        #: only (every write is unbuffered, so it survives the host process being killed)
        self.sync = sync
        self._dirty = False
        self.lines = 0

    @classmethod
    def create(
        cls, path: Path, header: dict[str, Any], commands: list[Any] | tuple[Any, ...] = (), sync: bool = True
    ) -> Journal:
        """Write a fresh journal (header plus ``commands``) atomically and open it for
        appending. An older journal at ``path`` is replaced."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        data = bytearray(_line(dict(header, journal=JOURNAL_VERSION)))
        for seat, command in commands:
            data += _line([seat, command])
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
        _sync_dir(path.parent)
        journal = cls(path, open(path, "ab", buffering=0), sync=sync)  # noqa: SIM115 (open until Journal.close)
        journal.lines = len(commands)
        return journal

    rewrite = create  # resuming: the same, with the commands read back

    def append(self, seat: int, command: dict[str, Any]) -> None:
        self._fh.write(_line([seat, command]))
        self._dirty = True
        self.lines += 1

    def commit(self) -> None:
        """Flush what was appended to the disk; returns once it is there."""
        if self._dirty:
            if self.sync:
                _sync(self._fh.fileno())
            self._dirty = False

    def close(self) -> None:
        try:
            self.commit()
        finally:
            self._fh.close()


def _sync_dir(folder: Path) -> None:
    """Make a rename durable (POSIX); a no-op where directories cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_journal(path: Path) -> tuple[dict[str, Any], list[list[Any]]]:
    """``(header, commands)`` from a journal; a torn last line is left out. Raises
    :class:`SaveError` when the file is missing, or its header is not a journal's."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path.name}: cannot read ({exc.strerror or exc})") from None
    lines = raw.split(b"\n")
    complete, tail = lines[:-1], lines[-1]  # ``tail`` never ended with a newline: torn
    del tail
    if not complete:
        raise SaveError(f"{path.name}: empty journal")
    try:
        header = json.loads(complete[0].decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        raise SaveError(f"{path.name}: damaged journal header") from None
    if not isinstance(header, dict) or header.get("journal") != JOURNAL_VERSION:
        raise SaveError(f"{path.name}: not a Witchhunt Table journal")
    if not (
        isinstance(header.get("game"), str)
        and isinstance(header.get("players"), list)
        and isinstance(header.get("seed"), int)
        and isinstance(header.get("options"), dict)
    ):
        raise SaveError(f"{path.name}: the journal header lacks the game's setup")
    commands: list[list[Any]] = []
    for number, line in enumerate(complete[1:], start=2):
        try:
            entry = json.loads(line.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            raise SaveError(f"{path.name}: line {number} is damaged") from None
        if not (
            isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int) and isinstance(entry[1], dict)
        ):
            raise SaveError(f"{path.name}: line {number} is not a [seat, command] pair")
        commands.append(entry)
    return header, commands
