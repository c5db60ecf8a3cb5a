"""Autosaves (DESIGN D5): one file per match under the user's data folder.

A save holds the setup, the command log and a snapshot (``Match.to_dict``), so it also
replays. Writes are atomic (temp file, fsync, rename). A damaged or foreign file gives a
clear :class:`SaveError` and is left alone; other saves still load.
:class:`AutosaveWriter` writes them on a background thread (hot-seat and LAN host alike).
"""

from __future__ import annotations

import copy
import json
import logging
import marshal
import os
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine import Match, SaveError
from game.paths import saves_dir

SUFFIX = ".witchhunt.json"

log = logging.getLogger("game.saves")


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the Continue list."""

    path: Path
    game: str
    players: tuple[str, ...]
    state_id: int
    over: bool
    saved_at: float
    kind: str  # "hotseat" or "host"
    error: str | None = None  # set when the file could not be read
    #: public facts for the Continue list (round, phase, who is to act), when the save has them
    summary: dict[str, Any] = field(default_factory=dict)
    #: seats a bot plays (hot-seat saves)
    bots: tuple[int, ...] = ()


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def new_save_path(game: str, kind: str = "hotseat", folder: Path | None = None) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = folder or saves_dir()
    base = f"{kind}-{game}-{stamp}"
    path = folder / (base + SUFFIX)
    n = 2
    while path.exists():
        path = folder / f"{base}-{n}{SUFFIX}"
        n += 1
    return path


def save_match(
    match: Match | _Frozen,
    path: Path,
    kind: str = "hotseat",
    extra: dict[str, Any] | None = None,
    *,
    gentle: bool = False,
) -> None:
    """Write ``match`` to ``path`` atomically. ``extra`` (JSON data) is kept beside it,
    e.g. the host's seat tokens or which seats are bots. ``gentle``: encoded in small
    steps that let other threads run between them (the autosave's worker thread: one
    ``json.dumps`` of a 12-player match holds the interpreter ~1 ms, and the window's
    frame waits for it); the same text either way."""
    doc = {"kind": kind, "saved_at": time.time(), "over": match.over, "match": match.to_dict(), "extra": extra or {}}
    write_atomic(path, encode_gently(doc) if gentle else json.dumps(doc, **_JSON))


_JSON: dict[str, Any] = {"sort_keys": True, "separators": (",", ":"), "ensure_ascii": False}
#: pieces of JSON text encoded between two chances for other threads to run (~0.1 ms)
GENTLE_PIECES = 400


def encode_gently(doc: dict[str, Any]) -> str:
    """``json.dumps(doc)`` with the save's settings, yielding the interpreter to other
    threads every :data:`GENTLE_PIECES` pieces (about 3x the CPU of one ``dumps``, spent
    on a worker thread, and never more than ~0.1 ms at a time)."""
    pieces: list[str] = []
    for i, piece in enumerate(json.JSONEncoder(**_JSON).iterencode(doc)):
        pieces.append(piece)
        if i % GENTLE_PIECES == GENTLE_PIECES - 1:
            time.sleep(0)
    return "".join(pieces)


def load_save(path: Path) -> tuple[Match, dict[str, Any]]:
    """Read a save; returns ``(match, extra)``. Raises :class:`SaveError` with a clear
    message for a missing, damaged or foreign file (the file is never changed)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{Path(path).name}: cannot read ({exc})") from None
    try:
        doc = json.loads(text)
    except ValueError:
        raise SaveError(f"{Path(path).name}: damaged save (not JSON)") from None
    if not isinstance(doc, dict) or "match" not in doc:
        raise SaveError(f"{Path(path).name}: not a Witchhunt Table save")
    try:
        match = Match.from_dict(doc["match"])
    except SaveError as exc:
        raise SaveError(f"{Path(path).name}: {exc}") from None
    extra: dict[str, Any] = doc["extra"] if isinstance(doc.get("extra"), dict) else {}
    return match, extra


def save_summary(match: Match) -> dict[str, Any]:
    """What the Continue list says about a saved game (a save's ``extra["summary"]``,
    hot-seat or hosted), from the public view only: the round and phase when the game has
    them, who is to act, and the seats nobody plays."""
    view = match.view(None)
    summary: dict[str, Any] = {"to_act": [match.players[s] for s in match.to_act()]}
    absent = match.absent()
    if absent:  # seats nobody plays (Salem's ghosts): not players in the Continue list
        summary["absent"] = sorted(absent)
    for key in ("round", "phase"):
        value = view.get(key)
        if isinstance(value, (int, str)) and not isinstance(value, bool):
            summary[key] = value
    return summary


def list_saves(folder: Path | None = None, include_finished: bool = False) -> list[SaveInfo]:
    """Every save in the folder, newest first. Unreadable files are listed after them with
    ``error`` set (so the menu can say so) but never deleted."""
    folder = folder or saves_dir()
    out: list[SaveInfo] = []
    for path in folder.glob("*" + SUFFIX):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            m = doc["match"]
            over = bool(doc.get("over", False))
            extra: dict[str, Any] = doc["extra"] if isinstance(doc.get("extra"), dict) else {}
            summary: dict[str, Any] = extra["summary"] if isinstance(extra.get("summary"), dict) else {}
            bots: list[Any] = extra["bots"] if isinstance(extra.get("bots"), list) else []
            info = SaveInfo(
                path,
                str(m["game"]),
                tuple(str(p) for p in m["players"]),
                int(m["state_id"]),
                over,
                float(doc.get("saved_at", path.stat().st_mtime)),
                str(doc.get("kind", "hotseat")),
                summary=summary,
                bots=tuple(b for b in bots if type(b) is int),
            )
        except Exception as exc:  # damaged file: list it with the reason, leave it alone
            info = SaveInfo(
                path, "?", (), 0, False, path.stat().st_mtime, "?", error=f"damaged save ({type(exc).__name__})"
            )
        if info.over and not include_finished:
            continue
        out.append(info)
    # the readable ones first, newest first; the damaged after them (a damaged file's time
    # is its file's, often the newest, and it lit the top of the Continue list)
    out.sort(key=lambda i: (i.error is None, i.saved_at), reverse=True)
    return out


class AutosaveWriter:
    """Writes autosaves on one background thread, so that a move never waits for the disk
    (the hot-seat session's and the LAN host's autosaves alike).

    :meth:`save` takes the snapshot at once on the caller's thread (``marshal`` of the
    match's plain data, about a millisecond for the largest table), so what is written is
    exactly the state at that call; encoding (:func:`encode_gently`: it yields to other
    threads every ~0.1 ms), the temp file, fsync and rename happen on the writer thread.
    Only the newest snapshot per file matters, so a burst of moves costs one write.
    :meth:`flush` waits until everything queued is on disk. The thread ends by itself
    after a few idle seconds and starts again with the next save.

    Failures never reach the caller: ``errors[path]`` holds a sentence for the player
    until a later write to that path succeeds.
    """

    def __init__(self, name: str = "witchhunt-autosave") -> None:
        self.name = name
        self._pending: dict[Path, tuple[bytes | dict[str, Any], str]] = {}
        self._cond = threading.Condition()
        self._busy = False
        self._thread: threading.Thread | None = None
        self.errors: dict[Path, str] = {}
        #: monotonic time each path was last written (or failed), for callers that space writes
        self.written_at: dict[Path, float] = {}
        self.writes = 0

    def save(self, match: Match, path: Path, extra: dict[str, Any] | None = None, kind: str = "hotseat") -> None:
        """Queue ``match`` as it is now for ``path`` (replacing an older snapshot still queued)."""
        doc = {"over": match.over, "match": match.to_dict(), "extra": extra or {}}
        try:  # plain JSON data by the engine contract, so marshal copies it fast
            frozen: bytes | dict[str, Any] = marshal.dumps(doc)
        except ValueError:
            frozen = copy.deepcopy(doc)
        with self._cond:
            self._pending[Path(path)] = (frozen, kind)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def busy(self, path: Path | None = None) -> bool:
        """A write is queued or under way (for ``path``, or for any file)."""
        with self._cond:
            if path is None:
                return self._busy or bool(self._pending)
            return self._busy or Path(path) in self._pending

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued save is written; False on timeout."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._pending or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(timeout=min(left, 0.1))
        return True

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending:
                    self._busy = False
                    self._cond.notify_all()
                    if not self._cond.wait(timeout=5.0) and not self._pending:
                        self._thread = None
                        return
                path, (frozen, kind) = self._pending.popitem()
                self._busy = True
            try:
                doc = marshal.loads(frozen) if isinstance(frozen, bytes) else frozen
                save_match(_Frozen(doc["match"], doc["over"]), path, kind=kind, extra=doc["extra"], gentle=True)
                self.errors.pop(path, None)
                self.writes += 1
            except OSError as exc:  # a full disk must not end the game: say it, keep playing
                log.warning("autosave to %s failed: %s", path, exc)
                self.errors[path] = f"Autosave failed: {exc.strerror or exc}"
            except Exception:
                log.exception("autosave to %s failed", path)
                self.errors[path] = "Autosave failed (see the log)."
            with self._cond:
                self.written_at[path] = time.monotonic()


class _Frozen:
    """What :func:`save_match` needs of a match (``over``, ``to_dict()``), frozen at the
    moment of the save: the writer thread never touches a live match."""

    def __init__(self, data: dict[str, Any], over: bool) -> None:
        self._data = data
        self.over = over

    def to_dict(self) -> dict[str, Any]:
        return self._data
