"""``witchhunt host`` and ``witchhunt join`` (DESIGN D7), called by :mod:`game.cli`.

``run_host``: with ``--headless`` a dedicated host that logs to stdout and starts the
game once every seat not played by a bot is taken; without it, the desktop host when
the UI offers one (``game.ui.app.run_host``), else the host plus a text client for the
host's own seat in this terminal. ``--resume PATH`` continues a host autosave.

``run_join``: the desktop client when the UI offers one (``game.ui.app.run_join`` or
``open_lan_client``), else a text client: it prints updates and you type the number
of a legal command. Bad input is one line and exit code 2; never a traceback.
"""
from __future__ import annotations

import argparse
import json
import logging
import queue
import sys
import threading
import time
from pathlib import Path
from typing import IO

from game.cli import UsageError
from game.net import protocol as proto

log = logging.getLogger("game.net")

TOKENS_FILE = "lan_tokens.json"


class _StdoutHandler(logging.StreamHandler):
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


def _ui_function(*names: str):
    try:
        from game.ui import app
    except Exception:  # no UI in this build (or no display libraries): the text client
        return None
    for name in names:
        fn = getattr(app, name, None)
        if callable(fn):
            return fn
    return None


# ---------------------------------------------------------------------- host ----------
def build_host(args: argparse.Namespace, owner_name: str | None = None):
    """A :class:`~game.net.host.Host` from the command line; :class:`UsageError` if unfit."""
    from game.engine import GAMES, SaveError, SetupError
    from game.net.host import Host, Timings
    from game.saves import new_save_path

    port = args.port
    if not 0 <= port <= 65535:
        raise UsageError(f"witchhunt host: port {port} is out of range (0-65535)")
    if args.bot_delay is not None and args.bot_delay < 0:
        raise UsageError("witchhunt host: --bot-delay must not be negative")
    bind = args.bind if args.bind is not None else ""
    timings = Timings(linger_after_over=600.0 if args.headless else None)
    common = dict(bot_delay=args.bot_delay, bind=bind, port=port, timings=timings, announce=True)
    if args.resume:
        try:
            host = Host.resume(Path(args.resume), **common)
        except (SaveError, SetupError) as exc:
            raise UsageError(f"witchhunt host: cannot resume: {exc}") from None
        if args.game != host.game or args.players != host.n:
            raise UsageError(f"witchhunt host: {args.resume} is a {host.n}-seat {host.game} game, "
                             f"not {args.players} seats of {args.game}")
        return host
    if args.game not in GAMES:
        raise UsageError(f"witchhunt host: unknown game {args.game!r} (known: {', '.join(sorted(GAMES))})")
    save_path = Path(args.save) if args.save else new_save_path(args.game, kind="host")
    try:
        return Host(args.game, args.players, seed=args.seed, bots=args.bots, save_path=save_path,
                    owner_name=owner_name, table_name=f"{owner_name or args.name}'s table", **common)
    except SetupError as exc:
        raise UsageError(f"witchhunt host: {exc}") from None


def run_host(args: argparse.Namespace) -> int:
    if not args.headless:
        ui_host = _ui_function("run_host")
        if ui_host is not None:
            return ui_host(args)
    host = build_host(args, owner_name=None if args.headless else args.name)
    if not args.headless:
        lan_ui = _lan_scenes()
        if lan_ui is not None:
            code = lan_ui.run_host_ui(args, host)
            if code is not None:
                return code
    _log_to_stdout()
    try:
        if args.headless:
            _stop_on_sigterm(host)
            host.serve_forever()
            return 0
        port = host.start()
        _announce_addresses(host)
        assert host.owner_token is not None
        return text_client("127.0.0.1" if host.bind in ("", "0.0.0.0") else host.bind, port, args.name,
                           token=host.owner_token, owner=True)
    except OSError as exc:
        raise UsageError(f"witchhunt host: cannot listen on port {args.port}: {exc.strerror or exc}") from None
    except KeyboardInterrupt:
        return 130
    finally:
        host.stop()
        if host.save_path and host.match is not None and not host.match.over:
            print(f"Resume later with: witchhunt host {host.game} --players {host.n} --headless "
                  f"--resume {host.save_path}", flush=True)


def _stop_on_sigterm(host) -> None:
    """``kill PID`` stops the dedicated host cleanly: connections closed, last autosave written."""
    import signal

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, lambda _signo, _frame: host.stop())


def _lan_scenes():
    """The desktop LAN scenes (game/ui/scenes/lan.py), or None without a usable UI."""
    try:
        from game.ui.scenes import lan
    except Exception:  # no pygame, or the UI is not in this build
        return None
    return lan


def _announce_addresses(host) -> None:
    from game.net.discovery import local_addresses

    print("Others can join with: " + ", ".join(
        f"witchhunt join {proto.Address(a, host.port)}" for a in local_addresses()), flush=True)


# ---------------------------------------------------------------------- join ----------
def run_join(args: argparse.Namespace) -> int:
    try:
        address = proto.parse_address(args.address)
    except ValueError as exc:
        raise UsageError(f"witchhunt join: {exc}") from None
    ui_join = _ui_function("run_join", "open_lan_client")
    if ui_join is not None:
        return ui_join(args)
    spectate = getattr(args, "spectate", False)
    # connect first: a bad or unreachable address is one line and exit 2, before any window
    client = join_client(address, args.name, token=args.token, spectate=spectate)
    lan_ui = _lan_scenes()
    if lan_ui is not None:
        code = lan_ui.open_lan_client(args, client)
        if code is not None:
            return code
    return text_client(address.host, address.port, args.name, spectate=spectate, client=client)


def join_client(address: proto.Address, name: str, token: str | None = None, spectate: bool = False,
                **client_kwargs):
    """A connected :class:`~game.net.client.Client`. Without ``token`` it tries the one
    saved for this address (and joins afresh if the host no longer knows it). Raises
    :class:`UsageError` with one line when the host cannot be reached or refuses."""
    from game.net.client import Client, JoinError

    key = str(address)
    saved = token or (None if spectate else _load_token(key))
    client = Client(**client_kwargs)
    try:
        try:
            client.connect(address.host, address.port, name, token=saved, spectate=spectate)
        except JoinError as exc:
            if exc.code == "bad_token" and saved and not token:
                client = Client(**client_kwargs)  # the saved token is from an older table
                client.connect(address.host, address.port, name, spectate=spectate)
            else:
                raise
    except JoinError as exc:
        raise UsageError(f"witchhunt join: {exc}") from None
    _store_token(key, client.token)
    return client


def _tokens_path() -> Path:
    from game.paths import user_data_dir

    return user_data_dir() / TOKENS_FILE


def _load_token(key: str) -> str | None:
    try:
        data = json.loads(_tokens_path().read_text(encoding="utf-8"))
        token = data.get(key)
        return token if isinstance(token, str) else None
    except (OSError, ValueError, AttributeError):
        return None


def _store_token(key: str, token: str | None) -> None:
    if not token:
        return
    try:
        path = _tokens_path()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                data = {}
        except (OSError, ValueError):
            data = {}
        data[key] = token
        from game.saves import write_atomic

        write_atomic(path, json.dumps(data))
    except OSError:
        pass


def text_client(host: str, port: int, name: str, token: str | None = None, spectate: bool = False,
                owner: bool = False, inp: IO[str] | None = None, out: IO[str] | None = None,
                client=None) -> int:
    """A terminal client: prints the table, reads the number of a legal command.

    Typing ``say TEXT`` chats, ``view`` prints the whole view, ``ready`` / ``start`` are
    the lobby actions, ``quit`` leaves. Exit code 0 when the game ends, 1 when the
    connection is lost, 2 when the host cannot be reached or refuses us. ``client``: an
    already connected client to use instead of connecting here."""
    from game.net.client import LOST

    inp = inp or sys.stdin
    out = out or sys.stdout
    key = str(proto.Address(host, port))
    if client is None:
        client = join_client(proto.Address(host, port), name, token=token, spectate=spectate)
    welcome = client.welcome
    assert welcome is not None
    seat = welcome.get("seat")
    print(f"Joined {welcome.get('game')} at {key} as " + (f"seat {seat} ({welcome.get('name')})" if seat is not None
                                                          else "a spectator") + f"; token {client.token}", file=out)
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


def _print_message(message: dict, client, out: IO[str]) -> None:
    kind = message.get("type")
    if kind == "update":
        view = message["view"]
        for event in message.get("events", []):
            print("  · " + json.dumps(event, ensure_ascii=False), file=out)
        mine = client.seat is not None and client.seat in view.get("to_act", [])
        print(f"[state {view.get('state_id')}] to act: {view.get('to_act')}" + (" — your move:" if mine else ""),
              file=out)
        if mine:
            for i, command in enumerate(message.get("legal", [])):
                print(f"  {i}: {json.dumps(command, ensure_ascii=False)}", file=out)
    elif kind == "lobby":
        seats = ", ".join(f"{s['seat']}:{s['name'] or '(free)'}{' (bot)' if s['bot'] else ''}"
                          f"{'' if s['connected'] or s['bot'] else ' (away)'}" for s in message.get("seats", []))
        print(f"[table] {'in game' if message.get('started') else 'lobby'}: {seats}", file=out)
    elif kind == "chat":
        print(f"<{message.get('name')}> {message.get('text')}", file=out)
    elif kind == "error":
        print(f"! {message.get('message')} ({message.get('code')})", file=out)


def _text_command(line: str, client, out: IO[str]) -> None:
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
