"""Shared helpers for the LAN tests: in-process hosts, raw sockets, leak checks.

Every socket here is on 127.0.0.1; every wait is bounded."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from game.engine import GAMES, Match
from game.net.host import Host, Timings

# short heartbeats, but a silence limit that a busy 2-core CI machine cannot hit by accident
FAST = Timings(heartbeat=0.3, silence=3.0, seat_bot_after=30.0, junk_limit=20, junk_window=10.0, announce_every=0.1)


def wait_for(condition: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> Any:
    """Poll ``condition`` until it is truthy; fail the test after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def still_players(host: Host, clients: list, count: int) -> list:
    """``count`` recording bot clients seated at ``host`` as P0, P1, … that never move by
    themselves (``paused``), each added to ``clients`` (closed by its fixture), once all
    have their first update."""
    from game.net.client import BotClient

    bots = []
    for i in range(count):
        bot = BotClient(seed=i, record=True)
        bot.paused = True
        clients.append(bot)
        bot.connect("127.0.0.1", host.port, f"P{i}")
        bots.append(bot)
    wait_for(lambda: all(b.view is not None for b in bots), what="the first updates")
    return bots


def on_host(host: Host, fn: Callable[[], Any], timeout: float = 5.0) -> Any:
    """Run ``fn`` on the host's thread (the only one touching the match) and return its result."""
    box: dict[str, Any] = {}
    done = threading.Event()

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # pragma: no cover - reported below
            box["error"] = exc
        done.set()

    host.call(run)
    assert done.wait(timeout), "the host thread did not answer"
    if "error" in box:
        raise box["error"]
    return box.get("value")


class RawPeer:
    """A bare TCP peer speaking lines, for tests that misbehave on purpose."""

    def __init__(self, port: int, timeout: float = 5.0) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.buf = b""

    def send_line(self, line: str | bytes) -> None:
        data = line.encode("utf-8") if isinstance(line, str) else line
        self.sock.sendall(data + b"\n")

    def send(self, message: dict) -> None:
        self.send_line(json.dumps(message))

    def recv(self, timeout: float = 5.0) -> dict | None:
        """The next message, or None when the host closed the connection."""
        end = time.monotonic() + timeout
        while b"\n" not in self.buf:
            self.sock.settimeout(max(0.01, end - time.monotonic()))
            try:
                chunk = self.sock.recv(65536)
            except (ConnectionResetError, BrokenPipeError):
                return None
            except TimeoutError:
                raise AssertionError("no message from the host in time") from None
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def recv_until(self, kind: str, timeout: float = 5.0) -> tuple[dict, list[dict]]:
        """Read until a message of ``kind``; returns it and everything read before it."""
        seen: list[dict] = []
        end = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, end - time.monotonic()))
            assert message is not None, f"connection closed while waiting for {kind!r} (got {seen[-3:]})"
            if message["type"] == kind:
                return message, seen
            seen.append(message)

    def closed(self, timeout: float = 3.0) -> bool:
        """True once the host has closed this connection (reads and drops messages)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                if self.recv(max(0.01, end - time.monotonic())) is None:
                    return True
            except AssertionError:
                return False
            except OSError:
                return True
        return False

    def close(self) -> None:
        self.sock.close()


def strings_in(data: Any) -> Iterator[str]:
    """Every string in a JSON value, dict keys included."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from strings_in(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings_in(value)


_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


def json_strings(data: Any) -> set[str]:
    """Every string in a JSON value, dict keys included (fast: one dumps, one regex)."""
    return set(_QUOTED.findall(json.dumps(data, ensure_ascii=False)))


def hand_of(view: dict, seat: int) -> list[str]:
    for player in view.get("players", []):
        if player.get("seat") == seat:
            return list(player.get("hand") or [])
    return []


class SecretBook:
    """Replays a finished match and records, for every state, which card ids sit in which
    hand and which ids were public (seen by a spectator) up to then."""

    def __init__(self, match: Match) -> None:
        cls = GAMES[match.game_id]
        replay = cls(list(match.players), match.seed, dict(match.options))
        self.n = match.n
        self.hands: list[list[set[str]]] = []  # [state][seat] -> ids in that hand
        self.public: list[set[str]] = []  # [state] -> ids a spectator saw by then
        self.owned: list[list[set[str]]] = []  # [state][seat] -> ids ever in that hand by then
        seen: set[str] = set()
        owned = [set() for _ in range(self.n)]
        self._record(replay, seen, owned)
        for seat, command in match.commands:
            replay.apply(seat, command)
            self._record(replay, seen, owned)
        assert replay.to_json() == match.to_json(), "replay diverged from the host's match"

    def _record(self, match: Match, seen: set[str], owned: list[set[str]]) -> None:
        sid = match.state_id
        seen |= json_strings(match.view(None))
        seen |= json_strings(match.log(None, since=sid))
        hands = []
        for seat in range(self.n):
            hand = set(hand_of(match.view(seat), seat))
            owned[seat] |= hand
            hands.append(hand)
        self.hands.append(hands)
        self.public.append(set(seen))
        self.owned.append([set(o) for o in owned])

    def forbidden(self, seat: int | None, state_id: int) -> set[str]:
        """Ids in other seats' hands at ``state_id`` that ``seat`` cannot legitimately know."""
        others = set()
        for s in range(self.n):
            if s != seat:
                others |= self.hands[state_id][s]
        known = self.public[state_id] | (self.owned[state_id][seat] if seat is not None else set())
        return others - known


def leaks(book: SecretBook, seat: int | None, received: list[dict]) -> list[str]:
    """Card ids from other hands found in the messages one client received (as JSON
    strings or keys: an id is searched for with its quotes)."""
    found: list[str] = []
    state_id = 0
    for message in received:
        if message.get("type") == "update":
            state_id = message["view"]["state_id"]
        bad = book.forbidden(seat, state_id)
        if bad:
            text = json.dumps(message, ensure_ascii=False)
            found += [card for card in bad if f'"{card}"' in text]
    return found
