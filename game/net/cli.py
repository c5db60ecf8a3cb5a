"""The text side of ``witchhunt host`` and ``witchhunt join`` (DESIGN D7).

The entry layer (:mod:`game.cli`) decides whether a window opens (the desktop scenes in
``game/ui/scenes/lan/``); this module never imports the UI, so a headless host runs
where pygame is missing. Here: :func:`build_host` (a :class:`~game.net.host.Host` from
the command line), :func:`serve_host` (the dedicated host, or the host plus a text client
for the host's own seat), :func:`join_client` (connect, with the profile's saved token)
and :func:`text_client` (prints updates; you type the number of a legal command).
Bad input raises :class:`CommandLineError` with one line; the entry prints it, exit 2.
"""

from __future__ import annotations

import argparse
import json
import logging
import queue
import signal
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

from game.engine import GAMES, SaveError, SetupError
from game.net import protocol as proto
from game.net.client import LOST, Client, JoinError
from game.net.discovery import join_addresses
from game.net.host import Host, Timings
from game.net.tokens import TokenStore
from game.saves import new_save_path

log = logging.getLogger("game.net")


class CommandLineError(ValueError):
    """Bad command-line input for ``host`` or ``join``: one line for the user."""


class _StdoutHandler(logging.StreamHandler[Any]):
    """Writes to whatever ``sys.stdout`` is at the time (it may be replaced or None)."""

    def __init__(self) -> None:
        super().__init__(sys.stdout)

    def emit(self, record: logging.LogRecord) -> None:
        if sys.stdout is None:  # a windowed frozen app has no stdout
            return
        self.stream = sys.stdout
        super().emit(record)


def _log_to_stdout() -> None:
    """The dedicated host logs to stdout, one line per event, flushed."""
    handler = _StdoutHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
    net = logging.getLogger("game.net")
    net.handlers[:] = [handler]
    net.setLevel(logging.INFO)
    net.propagate = False


# ---------------------------------------------------------------------- host ----------
def build_host(args: argparse.Namespace, owner_name: str | None = None) -> Host:
    """A :class:`~game.net.host.Host` from the command line; :class:`CommandLineError` if unfit."""
    port = args.port
    if not 0 <= port <= 65535:
        raise CommandLineError(f"witchhunt host: port {port} is out of range (0-65535)")
    if args.bot_delay is not None and args.bot_delay < 0:
        raise CommandLineError("witchhunt host: --bot-delay must not be negative")
    standin_after = getattr(args, "standin_after", None)
    if standin_after is not None and not 0 <= standin_after <= 3600:
        raise CommandLineError("witchhunt host: --standin-after must be between 0 and 3600 seconds")
    bind = args.bind if args.bind is not None else ""
    timings = Timings(linger_after_over=600.0 if args.headless else None)
    common = dict(
        bot_delay=args.bot_delay,
        bind=bind,
        port=port,
        timings=timings,
        announce=True,
        journal_sync=not getattr(args, "no_fsync", False),
    )
    if standin_after is not None:
        common["standin_after"] = standin_after
    if args.resume:
        try:
            host = Host.resume(Path(args.resume), **common)
        except (SaveError, SetupError) as exc:
            raise CommandLineError(f"witchhunt host: cannot resume: {exc}") from None
        if args.game != host.game or args.players != host.n:
            raise CommandLineError(
                f"witchhunt host: {args.resume} is a {host.n}-seat {host.game} game, "
                f"not {args.players} seats of {args.game}"
            )
        return host
    if args.game not in GAMES:
        raise CommandLineError(f"witchhunt host: unknown game {args.game!r} (known: {', '.join(sorted(GAMES))})")
    save_path = Path(args.save) if args.save else new_save_path(args.game, kind="host")
    levels = getattr(args, "bot_levels", None)  # seat -> level, checked by the entry layer
    try:
        return Host(
            args.game,
            args.players,
            seed=args.seed,
            bots=args.bots,
            bot_levels=levels,
            save_path=save_path,
            owner_name=owner_name,
            table_name=f"{owner_name or args.name}'s table",
            options=dict(getattr(args, "options", None) or {}),
            **common,
        )
    except SetupError as exc:
        raise CommandLineError(f"witchhunt host: {exc}") from None


def serve_host(args: argparse.Namespace, host: Host) -> int:
    """Run ``host`` without a window: the dedicated host (``--headless``) logs to stdout;
    otherwise the host runs in the background and this terminal plays its own seat."""
    _log_to_stdout()
    try:
        if args.headless:
            _stop_on_sigterm(host)
            host.serve_forever()
            return 0
        port = host.start()
        _announce_addresses(host)
        assert host.owner_token is not None
        return text_client(
            "127.0.0.1" if host.bind in ("", "0.0.0.0") else host.bind,
            port,
            args.name,
            token=host.owner_token,
            owner=True,
        )
    except OSError as exc:
        raise CommandLineError(f"witchhunt host: cannot listen on port {args.port}: {exc.strerror or exc}") from None
    except KeyboardInterrupt:
        return 130
    finally:
        host.stop()
        if host.save_path and host.match is not None and not host.match.over:
            print(
                f"Resume later with: witchhunt host {host.game} --players {host.n} --headless "
                f"--resume {host.save_path}",
                flush=True,
            )


def _stop_on_sigterm(host: Host) -> None:
    """``kill PID`` stops the dedicated host cleanly: connections closed, last autosave written."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, lambda _signo, _frame: host.stop())


def _announce_addresses(host: Host) -> None:
    port = host.port
    assert port is not None, "the host listens (Host.start returned)"
    print(
        "Others can join with: "
        + ", ".join(f"witchhunt join {proto.Address(a, port)}" for a in join_addresses(host.bind)),
        flush=True,
    )


# ---------------------------------------------------------------------- join ----------
def join_address(args: argparse.Namespace) -> proto.Address:
    try:
        return proto.parse_address(args.address)
    except ValueError as exc:
        raise CommandLineError(f"witchhunt join: {exc}") from None


def join_client(
    address: proto.Address,
    name: str,
    token: str | None = None,
    spectate: bool = False,
    profile: str | None = None,
    new_player: bool = False,
    table_id: str | None = None,
    **client_kwargs: Any,
) -> Client:
    """A connected :class:`~game.net.client.Client`. Without ``token`` it tries the one
    the profile saved for this table (``table_id``, else the newest used at ``address``)
    and joins afresh if the host no longer knows it; ``new_player`` never uses a saved
    token. Raises :class:`CommandLineError` with one line when the host cannot be
    reached or refuses (``seat_in_use``: someone is already connected with it)."""
    try:
        store = TokenStore(profile)
    except ValueError as exc:
        raise CommandLineError(f"witchhunt join: {exc}") from None
    key = str(address)
    saved = token or (None if spectate or new_player else store.lookup(key, table_id))
    client = Client(**client_kwargs)
    try:
        try:
            client.connect(address.host, address.port, name, token=saved, spectate=spectate)
        except JoinError as exc:
            if exc.code == "bad_token" and saved and not token:
                store.forget(key, table_id)
                client = Client(**client_kwargs)  # the saved token is from an older table
                client.connect(address.host, address.port, name, spectate=spectate)
            elif exc.code == "seat_in_use" and saved and not token:
                raise CommandLineError(
                    f"witchhunt join: {exc} (use --new-player, or --profile NAME for a second player on this computer)"
                ) from None
            else:
                raise
    except JoinError as exc:
        raise CommandLineError(f"witchhunt join: {exc}") from None
    if client.seat is not None:
        store.remember(key, client.table_id, client.token, game=client.game, seat=client.seat)
    return client


def text_client(
    host: str,
    port: int,
    name: str,
    token: str | None = None,
    spectate: bool = False,
    owner: bool = False,
    inp: IO[str] | None = None,
    out: IO[str] | None = None,
    client: Client | None = None,
) -> int:
    """A terminal client: prints the table, reads the number of a legal command.

    Typing ``say TEXT`` chats, ``view`` prints the whole view, ``ready`` / ``start`` are
    the lobby actions, ``quit`` leaves. Exit code 0 when the game ends, 1 when the
    connection is lost, 2 when the host cannot be reached or refuses us. ``client``: an
    already connected client to use instead of connecting here."""
    inp = inp or sys.stdin
    out = out or sys.stdout
    key = str(proto.Address(host, port))
    if client is None:
        client = join_client(proto.Address(host, port), name, token=token, spectate=spectate)
    welcome = client.welcome
    assert welcome is not None
    seat = welcome.get("seat")
    print(
        f"Joined {welcome.get('game')} at {key} as "
        + (f"seat {seat} ({welcome.get('name')})" if seat is not None else "a spectator")
        + f"; token {client.token}",
        file=out,
    )
    print("Type a number to play that command, 'say TEXT' to chat, 'view', 'ready', 'start' or 'quit'.", file=out)
    lines: queue.Queue[str | None] = queue.Queue()

    def read_input() -> None:
        for line in inp:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=read_input, daemon=True).start()
    status = client.status
    try:
        while True:
            for message in client.poll():
                _print_message(message, client, out)
            if client.status != status:
                status = client.status
                print(f"[connection: {status}]", file=out)
                if status == LOST:
                    return 1
            if client.view and client.view.get("over"):
                print(f"Game over: {json.dumps(client.result)}", file=out)
                return 0
            try:
                line = lines.get(timeout=0.1)
            except queue.Empty:
                continue
            if line is None:
                if spectate or owner:
                    time.sleep(0.1)
                    lines.put(None)
                    continue
                return 0
            _text_command(line.strip(), client, out)
            if line.strip() in ("quit", "q"):
                return 0
    finally:
        client.close()


def _print_message(message: dict[str, Any], client: Client, out: IO[str]) -> None:
    kind = message.get("type")
    if kind == "update":
        view = message["view"]
        for event in message.get("events", []):
            print("  · " + json.dumps(event, ensure_ascii=False), file=out)
        mine = client.seat is not None and client.seat in view.get("to_act", [])
        print(
            f"[state {view.get('state_id')}] to act: {view.get('to_act')}" + (" — your move:" if mine else ""), file=out
        )
        if mine:
            for i, command in enumerate(message.get("legal", [])):
                print(f"  {i}: {json.dumps(command, ensure_ascii=False)}", file=out)
    elif kind == "lobby":
        seats = ", ".join(
            f"{s['seat']}:{s['name'] or '(free)'}{' (bot)' if s['bot'] else ''}"
            f"{' (nobody plays it)' if s.get('absent') else ''}"
            f"{'' if s['connected'] or s['bot'] or s.get('absent') else ' (away)'}"
            for s in message.get("seats", [])
        )
        print(f"[table] {'in game' if message.get('started') else 'lobby'}: {seats}", file=out)
    elif kind == "chat":
        print(f"<{proto.chat_speaker(message)}> {message.get('text')}", file=out)
    elif kind == "error":
        print(f"! {message.get('message')} ({message.get('code')})", file=out)


def _text_command(line: str, client: Client, out: IO[str]) -> None:
    if not line:
        return
    if line.isdigit():
        index = int(line)
        if not 0 <= index < len(client.legal):
            print(f"! pick a number from 0 to {len(client.legal) - 1}", file=out)
            return
        if not client.send_command(client.legal[index]):
            print("! not connected", file=out)
    elif line.startswith("say "):
        client.chat(line[4:])
    elif line == "view":
        print(json.dumps(client.view, ensure_ascii=False, indent=1), file=out)
    elif line == "ready":
        client.ready(True)
    elif line == "start":
        client.start_game()
    elif line not in ("quit", "q"):
        print("! type a number, 'say TEXT', 'view', 'ready', 'start' or 'quit'", file=out)
