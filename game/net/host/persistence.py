"""The host's persistence: the command journal and the autosave (docs/PROTOCOL.md §8).

Every accepted command is appended to the journal beside the save and flushed to the
disk before any update shows it (:meth:`Persistence.commit`), so a resumed host never
rewinds what a client saw. The snapshot autosave (``game.saves`` format, ``kind:
"host"``) for the Continue list is written by the shared :class:`AutosaveWriter` on
its own thread, at most every ``save_gap`` seconds (a burst of moves is one write).
:func:`read_resume` rebuilds a game from a save and its journal.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.bots import LEVEL_NAMES
from game.engine import GAMES, IllegalCommand, Match, SaveError, SetupError
from game.net import protocol as proto
from game.net.journal import Journal, journal_path, read_journal
from game.saves import AutosaveWriter, load_save, save_summary

if TYPE_CHECKING:
    from game.net.host.server import Host

log = logging.getLogger("game.net.host")


class Persistence:
    """The journal and the autosave of one host (``save_path`` None: neither)."""

    def __init__(self, host: Host, save_path: Path | None, sync: bool = True) -> None:
        self.host = host
        self.save_path = save_path
        #: the journal waits for the disk before each update (True), or for the OS only
        #: (False: survives the host being killed, not a power cut; tests on a busy disk)
        self.sync = sync
        self.journal: Journal | None = None
        self.writer = AutosaveWriter("witchhunt-host-autosave")
        self.dirty = False
        #: commands of a resumed game, written into a fresh journal when the host opens
        self.resumed_commands: list[Any] | None = None

    # ------------------------------------------------------------------ journal -----
    def header(self) -> dict[str, Any]:
        match = self.host.match
        assert match is not None
        return {
            "game": match.game_id,
            "players": list(match.players),
            "seed": match.seed,
            "options": match.options,
            "net": self.net_extra(),
        }

    def net_extra(self) -> dict[str, Any]:
        """What a resumed host needs besides the match: tokens, names, bots, the table."""
        host = self.host
        tokens = {s.token: i for i, s in enumerate(host.seats) if s.token}
        bots = host.bot_seats
        return {
            "version": proto.PROTOCOL_VERSION,
            "tokens": tokens,
            "names": list(host.match.players) if host.match else [s.name for s in host.seats],
            "bots": sorted(bots.bots),
            "table": host.table_name,
            "table_id": host.table_id,
            "bot_levels": {str(s): level for s, level in sorted(bots.levels.items()) if s in bots.bots},
            "owner_token": host.owner_token,
            "port": host.port,
            "standin_after": host.standin_after,
        }

    def open_game(self) -> None:
        """The game just started: its setup is durable before anyone sees state 0."""
        if self.save_path is None:
            return
        try:
            self.journal = Journal.create(journal_path(self.save_path), self.header(), sync=self.sync)
        except OSError as exc:
            log.error("cannot write the journal %s: %s (a crash may lose moves)", journal_path(self.save_path), exc)

    def reopen(self) -> None:
        """A resumed game: the journal is written afresh from the replayed commands."""
        if self.save_path is not None and self.resumed_commands is not None:
            self.journal = Journal.rewrite(
                journal_path(self.save_path), self.header(), self.resumed_commands, sync=self.sync
            )

    def append(self, seat: int, command: dict[str, Any]) -> None:
        if self.journal is not None:
            try:
                self.journal.append(seat, command)
            except OSError as exc:
                log.error("writing the journal failed: %s (a crash may lose moves)", exc)
                self.journal = None

    def commit(self) -> None:
        """Make every appended command durable; called before any update shows them."""
        if self.journal is not None:
            try:
                self.journal.commit()
            except OSError as exc:
                log.error("flushing the journal failed: %s (a crash may lose moves)", exc)
                self.journal = None
        self.dirty = True

    # ------------------------------------------------------------------ autosave ----
    def save(self) -> None:
        """Autosave now: the snapshot is taken here, on the host thread."""
        match = self.host.match
        assert match is not None and self.save_path is not None
        self.dirty = False
        # the Continue list's words: round, phase, whose turn, the bots
        extra = {"net": self.net_extra(), "summary": save_summary(match), "bots": sorted(self.host.bot_seats.bots)}
        self.writer.save(match, self.save_path, extra, kind="host")

    def maybe_save(self, now: float) -> float:
        """Save if a change is unsaved and the writer is free; returns seconds until the
        next save could be due. Writes are ``save_gap`` apart, so a burst of fast moves
        costs one write, while at human pace every command is written at once."""
        if not self.dirty or self.save_path is None or self.host.match is None:
            return 1.0
        if self.writer.busy(self.save_path):
            return 0.02
        due = self.writer.written_at.get(self.save_path, float("-inf")) + self.host.timings.save_gap
        if now < due:
            return due - now
        self.save()
        return 1.0

    def close(self) -> None:
        """The host stops: close the journal, write the last snapshot, wait for the disk."""
        if self.journal is not None:
            try:
                self.journal.close()
            except OSError as exc:
                log.error("closing the journal failed: %s", exc)
        if self.dirty and self.host.match is not None and self.save_path is not None:
            self.save()
        self.writer.flush()


def read_resume(path: Path) -> tuple[Match, dict[str, Any], dict[str, Any]]:
    """``(match, net, host arguments)`` for a host continuing the game saved at ``path``.
    The journal beside the save (if any) is replayed, so every command the host ever
    confirmed to a client is there. Raises :class:`SaveError` for an unreadable or
    foreign save."""
    path = Path(path)
    snapshot: tuple[Match, dict[str, Any]] | None = None
    snapshot_error: SaveError | None = None
    if path.exists() or not journal_path(path).exists():
        try:
            snapshot = load_save(path)
        except SaveError as exc:
            snapshot_error = exc
    match, net = None, None
    if journal_path(path).exists():
        try:
            header, commands = read_journal(journal_path(path))
            game_cls = GAMES.get(header["game"])
            if game_cls is None:
                raise SaveError(f"{path.name}: unknown game {header['game']!r} in the journal")
            try:
                match = game_cls.replay(header["players"], header["seed"], header["options"], commands)
            except (IllegalCommand, SetupError) as exc:
                raise SaveError(f"{journal_path(path).name}: the journal does not replay ({exc})") from None
            net = header.get("net")
            if snapshot is not None and (
                snapshot[0].game_id != match.game_id
                or snapshot[0].seed != match.seed
                or snapshot[0].state_id > match.state_id
            ):
                log.warning("the journal beside %s is not this game's (or older); using the save", path.name)
                match, net = None, None
        except SaveError as exc:
            if snapshot is None:
                raise
            log.warning("ignoring the journal beside %s: %s", path.name, exc)
            match, net = None, None
    if match is None:
        if snapshot is None:
            raise snapshot_error or SaveError(f"{path.name}: nothing to resume")
        match, extra = snapshot
        net = extra.get("net") if isinstance(extra, dict) else None
    if not isinstance(net, dict) or not isinstance(net.get("tokens"), dict):
        raise SaveError(f"{path.name}: not a LAN host save (no seat tokens)")
    absent = match.absent()
    played = [i for i in range(match.n) if i not in absent]
    kwargs: dict[str, Any] = {}
    kwargs["bots"] = [played.index(b) for b in net.get("bots", []) if isinstance(b, int) and b in played]
    levels: dict[Any, Any] = net["bot_levels"] if isinstance(net.get("bot_levels"), dict) else {}
    kwargs["bot_levels"] = {
        played.index(int(k)): v for k, v in levels.items() if str(k).isdigit() and int(k) in played and v in LEVEL_NAMES
    }
    kwargs["table_name"] = net.get("table")
    if isinstance(net.get("table_id"), str):
        kwargs["table_id"] = net["table_id"]
    port = net.get("port")
    if isinstance(port, int) and not isinstance(port, bool) and 1 <= port <= 65535:
        kwargs["port"] = port  # the players' clients call the port they knew again
    if isinstance(net.get("standin_after"), (int, float)) and not isinstance(net.get("standin_after"), bool):
        kwargs["standin_after"] = float(net["standin_after"])
    return match, net, kwargs


def seat_resumed(host: Host, match: Match, net: dict[str, Any]) -> None:
    """Put a resumed game's match, names and tokens on a freshly made host."""
    host.match = match
    host.store.resumed_commands = list(match.commands)
    host.owner_token = net.get("owner_token") if isinstance(net.get("owner_token"), str) else None
    now = time.monotonic()
    for seat in host.seats:
        seat.token, seat.empty_since = None, now
    for i, name in enumerate(match.players):
        host.seats[i].name = name
    for token, seat in net["tokens"].items():
        if isinstance(seat, int) and 0 <= seat < match.n and isinstance(token, str):
            host.seats[seat].token = token
            host.seats[seat].seen = True  # its player comes back: the log says "rejoined"
    host.game_started.set()
    if match.over:
        host.game_over.set()
