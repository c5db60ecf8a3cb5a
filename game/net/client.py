"""The LAN client library (DESIGN D4, docs/PROTOCOL.md), made for a pygame UI.

All socket work happens on one background thread; the UI thread never blocks on the
network. Typical use from a scene::

    client = Client(notify=wake_the_ui_loop)   # notify: optional, called on the network thread
    client.connect("192.168.1.20", 41692, "Bob", token=saved_token, wait=False)
    ...
    def update(self, dt):                      # every frame
        for message in client.poll():          # never blocks
            if message["type"] == "update":    # view, events, legal for our seat only
                self.show(message["view"], message["events"], message["legal"])
            elif message["type"] == "lobby": ...
            elif message["type"] == "status": ...  # local: connection status changed
            elif message["type"] == "error": ...   # show message["message"]
        indicator.set(client.status)           # "connecting" | "connected" | "reconnecting" | "lost" | "closed"
    client.send_command(command)               # one of the last update's ``legal``
    client.close()

Contract:

* :meth:`connect` starts the thread. With ``wait=True`` (default) it returns the
  ``welcome`` message or raises :class:`JoinError` (one-line message: refused, bad
  token, table full, timeout); with ``wait=False`` it returns ``None`` at once and the
  outcome arrives in the inbox.
* The inbox holds every message from the host in arrival order, plus local
  ``{"type": "status", "status": ..}`` notices when :attr:`status` changes (these never
  travel on the wire). :meth:`poll` and :meth:`get` are thread-safe.
* :meth:`send_command` adds the ``state_id`` of the last update, so a command built from
  an old screen is refused by the host as ``stale`` (and a fresh update follows).
  It returns ``False`` when not connected (the command is dropped, not queued).
* After a dropped connection (EOF, error, or the host silent for ``silence`` seconds)
  the client reconnects by itself with its token, with backoff from ``backoff_start``
  doubling to ``backoff_max``; status is ``"reconnecting"`` meanwhile, ``"connected"``
  once welcomed again (a full update follows), ``"lost"`` after ``give_up_after``
  seconds or when the host refuses the token. While reconnecting, ``busy`` (the host
  is full), ``seat_in_use`` (the host still holds our old, half-dead connection) and
  ``too_many_errors`` are retried with the same backoff; on the first join they are
  a :class:`JoinError` like every refusal.
* The latest ``view``, ``legal``, ``events`` (the seat's whole log so far), ``lobby``,
  ``seat``, ``token`` and ``result`` are kept as attributes, read them from any thread.
"""

from __future__ import annotations

import logging
import marshal
import queue
import selectors
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from game.bots import RandomBot
from game.net import patch
from game.net import protocol as proto

log = logging.getLogger("game.net.client")

#: the host promises 64 KiB lines; the client accepts more so a newer host still works
CLIENT_MAX_LINE = 1024 * 1024

CONNECTING, CONNECTED, RECONNECTING, LOST, CLOSED = "connecting", "connected", "reconnecting", "lost", "closed"
#: update line sizes a client remembers (:attr:`Client.update_lines`)
UPDATE_LINES_KEPT = 100_000
#: errors after which reconnecting cannot help
FATAL_JOIN_ERRORS = frozenset({"bad_token", "table_full", "version"})
#: refusals of a hello that end the first join, but are retried with backoff while reconnecting
RETRY_JOIN_ERRORS = frozenset({"busy", "seat_in_use", "too_many_errors", "too_slow"})


class JoinError(ConnectionError):
    """Joining failed; ``str(exc)`` is one line a player understands; ``code`` is the
    host's error code or ``"unreachable"`` / ``"timeout"``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Client:
    """A connection to a host, owned by a background thread. See the module docstring."""

    def __init__(
        self,
        *,
        heartbeat: float | None = None,
        silence: float | None = None,
        backoff_start: float = 0.1,
        backoff_max: float = 2.0,
        give_up_after: float = 120.0,
        connect_timeout: float = 5.0,
        keep_inbox: bool = True,
        notify: Callable[[], None] | None = None,
        version: int = proto.PROTOCOL_VERSION,
    ) -> None:
        self._heartbeat_override = heartbeat
        self._silence_override = silence
        self.heartbeat = heartbeat or 5.0
        self.silence = silence or 15.0
        self.backoff_start = backoff_start
        self.backoff_max = backoff_max
        self.give_up_after = give_up_after
        self.connect_timeout = connect_timeout
        self.keep_inbox = keep_inbox
        #: called on the network thread after each inbox message (e.g. to wake a UI loop)
        self.notify = notify
        self.address: proto.Address | None = None
        self.name = ""
        self.spectate = False
        self.token: str | None = None
        self.seat: int | None = None
        self.game: str | None = None
        self.table_id: str | None = None
        self.welcome: dict[str, Any] | None = None
        self.view: dict[str, Any] | None = None
        self.legal: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.lobby: dict[str, Any] | None = None
        self.result: dict[str, Any] | None = None
        #: a timed game's clocks (the update's ``clocks``): seat -> monotonic time its clock
        #: runs out, as counted from when that update arrived; {} when no clock runs
        self.deadlines: dict[int, float] = {}
        self.timer_s: float | None = None
        self.last_error: dict[str, Any] | None = None
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        #: the protocol version this client asks for (a host that does not know it makes it 1)
        self.version = version
        self._updates = UpdateReader()
        #: bytes of the last update lines received (benchmarks, tests)
        self.update_lines: list[int] = []
        self._status = CLOSED
        self._lock = threading.Lock()
        self._outbuf = bytearray()
        self._closing = False
        self._thread: threading.Thread | None = None
        self._sock: socket.socket | None = None
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._welcomed = threading.Event()
        self._join_failed: JoinError | None = None
        self._ever_welcomed = False

    # ------------------------------------------------------------------ public API --
    @property
    def status(self) -> str:
        """``connecting``, ``connected``, ``reconnecting``, ``lost`` or ``closed``."""
        return self._status

    @property
    def state_id(self) -> int | None:
        view = self.view
        return view.get("state_id") if view else None

    def connect(
        self,
        host: str,
        port: int = proto.DEFAULT_PORT,
        name: str = "Player",
        token: str | None = None,
        spectate: bool = False,
        wait: bool = True,
        timeout: float | None = None,
    ) -> dict[str, Any] | None:
        """Start connecting (see the module docstring for ``wait``)."""
        if self._thread is not None:
            raise RuntimeError("this client is already connected; make a new one")
        self.address = proto.Address(host, int(port))
        self.name, self.token, self.spectate = name, token, spectate
        self._set_status(CONNECTING)
        self._thread = threading.Thread(target=self._run, name=f"witchhunt-client-{name}", daemon=True)
        self._thread.start()
        if not wait:
            return None
        deadline = time.monotonic() + (timeout if timeout is not None else self.connect_timeout + 1.0)
        while time.monotonic() < deadline:
            if self._welcomed.wait(0.05):
                return self.welcome
            if self._join_failed is not None:
                self.close()
                raise self._join_failed
        self.close()
        raise JoinError("timeout", f"No answer from {self.address} in time.")

    def poll(self, limit: int | None = None) -> list[dict[str, Any]]:
        """Every message waiting in the inbox (at most ``limit``); never blocks."""
        out: list[dict[str, Any]] = []
        while limit is None or len(out) < limit:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                break
        return out

    def get(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next inbox message, waiting up to ``timeout`` seconds; ``None`` if none came."""
        try:
            return self.inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def send(self, message: dict[str, Any]) -> bool:
        """Queue one message for the host; ``False`` (dropped) when not connected."""
        if self._status != CONNECTED:
            return False
        data = proto.encode(message)
        with self._lock:
            self._outbuf += data
        self._wake()
        return True

    def send_command(self, command: dict[str, Any], state_id: int | None = None) -> bool:
        """Send ``command`` for our seat at the last update's ``state_id``."""
        sid = self.state_id if state_id is None else state_id
        if sid is None:
            return False
        return self.send({"type": "command", "state_id": sid, "command": command})

    def chat(self, text: str) -> bool:
        return self.send({"type": "chat", "text": text[: proto.MAX_CHAT]})

    def ready(self, ready: bool = True) -> bool:
        return self.send({"type": "ready", "ready": ready})

    def start_game(self) -> bool:
        """Ask the host to start now (only the host's own seat may)."""
        return self.send({"type": "start"})

    def close(self) -> None:
        """Disconnect for good and stop the thread (thread-safe, idempotent)."""
        self._closing = True
        self._wake()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(3.0)
        self._set_status(CLOSED)
        for sock in (self._wake_r, self._wake_w):
            try:
                sock.close()
            except OSError:
                pass

    def _send_now(self, message: dict[str, Any]) -> bool:
        """Queue ``message`` from the network thread itself (a session runs: no status check)."""
        data = proto.encode(message)
        with self._lock:
            self._outbuf += data
        self._wake()
        return True

    # ------------------------------------------------------------------ hooks -------
    def on_message(self, message: dict[str, Any]) -> None:
        """Called on the network thread for every host message, after the attributes
        are updated and before it goes to the inbox. Subclasses (bots) override it."""

    # ------------------------------------------------------------------ internals ---
    def _set_status(self, status: str) -> None:
        if status != self._status:
            self._status = status
            if self.keep_inbox:
                self.inbox.put({"type": "status", "status": status})
                self._notify()

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"x")
        except OSError:
            pass

    def _open(self) -> socket.socket:
        assert self.address is not None
        sock = socket.create_connection((self.address.host, self.address.port), timeout=self.connect_timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.setblocking(False)
        return sock

    def _run(self) -> None:
        backoff = self.backoff_start
        lost_since: float | None = None
        ever_welcomed = False
        try:
            while not self._closing:
                try:
                    sock = self._open()
                except OSError as exc:
                    if not ever_welcomed:
                        self._join_failed = JoinError("unreachable", f"Cannot reach {self.address}: {_why(exc)}")
                        self._set_status(LOST)
                        return
                    lost_since = lost_since or time.monotonic()
                    if time.monotonic() - lost_since > self.give_up_after:
                        self._set_status(LOST)
                        return
                    self._sleep(backoff)
                    backoff = min(backoff * 2, self.backoff_max)
                    continue
                outcome = self._session(sock)
                if outcome == "again" and not self._closing:
                    continue  # at once, with what the host answered (an older protocol)
                if outcome == "welcomed":
                    ever_welcomed = self._ever_welcomed = True
                if self._closing or outcome == "fatal":
                    return
                if not ever_welcomed:
                    self._join_failed = self._join_failed or JoinError(
                        "unreachable", f"{self.address} closed the connection."
                    )
                    self._set_status(LOST)
                    return
                if outcome == "welcomed":
                    backoff, lost_since = self.backoff_start, time.monotonic()
                elif time.monotonic() - (lost_since or time.monotonic()) > self.give_up_after:
                    self._set_status(LOST)
                    return
                self._set_status(RECONNECTING)
                self._sleep(backoff)
                backoff = min(backoff * 2, self.backoff_max)
        except Exception:  # the UI must see "lost", never a dead thread with "connected"
            log.exception("client thread failed")
            self._set_status(LOST)
        finally:
            if self._closing:
                self._set_status(CLOSED)

    def _sleep(self, seconds: float) -> None:
        sel = selectors.DefaultSelector()
        try:
            sel.register(self._wake_r, selectors.EVENT_READ)
            end = time.monotonic() + seconds
            while not self._closing and time.monotonic() < end:
                sel.select(end - time.monotonic())
                self._drain_wake()
        finally:
            sel.close()

    def _drain_wake(self) -> None:
        try:
            while self._wake_r.recv(4096):
                pass
        except (BlockingIOError, InterruptedError, OSError):
            pass

    def _session(self, sock: socket.socket) -> str:
        """Talk on one TCP connection until it ends; returns ``welcomed`` if the host
        welcomed us on it, ``fatal`` if reconnecting cannot help, else ``failed``."""
        self._sock = sock
        reader = proto.LineReader(CLIENT_MAX_LINE)
        sel = selectors.DefaultSelector()
        welcomed = False
        with self._lock:
            self._outbuf.clear()
        hello: dict[str, Any] = {"type": "hello", "name": self.name, "version": self.version}
        if self.token:
            hello["token"] = self.token
        if self.spectate and not self.token:
            hello["spectate"] = True
        pending = bytearray(proto.encode(hello))
        last_heard = last_ping = time.monotonic()
        try:
            sel.register(sock, selectors.EVENT_READ)
            sel.register(self._wake_r, selectors.EVENT_READ)
            while not self._closing:
                with self._lock:
                    if self._outbuf:
                        pending += self._outbuf
                        self._outbuf.clear()
                if pending:
                    try:
                        sent = sock.send(pending)
                        del pending[:sent]
                    except (BlockingIOError, InterruptedError):
                        pass
                    except OSError:
                        return "welcomed" if welcomed else "failed"
                sel.modify(sock, selectors.EVENT_READ | (selectors.EVENT_WRITE if pending else 0))
                now = time.monotonic()
                wait = max(0.0, min(last_ping + self.heartbeat - now, last_heard + self.silence - now))
                for key, mask in sel.select(wait):
                    if key.fileobj is self._wake_r:
                        self._drain_wake()
                        continue
                    if not mask & selectors.EVENT_READ:
                        continue
                    try:
                        data = sock.recv(65536)
                    except (BlockingIOError, InterruptedError):
                        continue
                    except OSError:
                        return "welcomed" if welcomed else "failed"
                    if not data:
                        return "welcomed" if welcomed else "failed"
                    last_heard = time.monotonic()
                    for line in reader.feed(data):
                        if line is None:
                            log.warning("host sent an overlong line; ignored")
                            continue
                        try:
                            message = proto.decode_line(line) if len(line) <= proto.MAX_LINE else _decode_big(line)
                        except proto.ProtocolError:
                            log.warning("host sent a line that is not a message; ignored")
                            continue
                        if kind_of(message) == "update":
                            self.update_lines.append(len(line) + 1)
                            del self.update_lines[:-UPDATE_LINES_KEPT]
                        verdict = self._receive(message)
                        if verdict == "welcomed":
                            welcomed = True
                        elif verdict in ("fatal", "again"):
                            return verdict
                        elif verdict == "retry":  # refused for now: hang up, back off, try again
                            return "failed"
                now = time.monotonic()
                if now - last_heard > self.silence:
                    log.info("host silent for %g s; reconnecting", self.silence)
                    return "welcomed" if welcomed else "failed"
                if now - last_ping >= self.heartbeat:
                    pending += proto.encode({"type": "ping"})
                    last_ping = now
            return "welcomed" if welcomed else "failed"
        finally:
            sel.close()
            self._sock = None
            try:
                sock.close()
            except OSError:
                pass

    def _receive(self, message: dict[str, Any]) -> str | None:
        kind = message.get("type")
        verdict = None
        if kind == "welcome":
            self.welcome = message
            version = message.get("version")
            self._updates.reset(version if isinstance(version, int) and version in proto.VERSIONS else 1)
            self.seat = message.get("seat") if isinstance(message.get("seat"), int) else None
            self.token = message.get("token") or self.token
            self.game = message.get("game")
            self.table_id = message.get("table_id") if isinstance(message.get("table_id"), str) else None
            if self._heartbeat_override is None and isinstance(message.get("heartbeat"), (int, float)):
                self.heartbeat = max(0.05, float(message["heartbeat"]))
            if self._silence_override is None and isinstance(message.get("silence"), (int, float)):
                self.silence = max(0.1, float(message["silence"]))
            self._set_status(CONNECTED)
            self._welcomed.set()
            verdict = "welcomed"
        elif kind == "update":
            whole = self._updates.take(message)
            if whole is None:
                if self._updates.lost:  # a patch that does not apply: ask for everything again
                    self._updates.lost = False
                    self._send_now({"type": "resync"})
                return None  # more of this update follows (or it was dropped)
            message = whole
            self.view = message["view"]
            self.legal = message["legal"]
            if message.get("full"):
                self.events = list(message["events"])
            else:
                self.events.extend(message["events"])
            if isinstance(message.get("result"), dict):
                self.result = message["result"]
            self._clocks(message.get("clocks"))
        elif kind == "lobby":
            self.lobby = message
        elif kind == "error":
            self.last_error = message
            code = message.get("code")
            if self._status != CONNECTED and code == "version" and self.version > 1:
                log.info("the host speaks an older protocol; joining with version 1")
                self.version = 1  # a host from before version 2
                return "again"
            if self._status != CONNECTED and (
                code in FATAL_JOIN_ERRORS or code in RETRY_JOIN_ERRORS and not self._ever_welcomed
            ):
                self._join_failed = JoinError(str(code), str(message.get("message", "refused")))
                self._set_status(LOST)
                verdict = "fatal"
            elif self._status != CONNECTED and code in RETRY_JOIN_ERRORS:
                log.info("the host refused our reconnect for now (%s); trying again", code)
                verdict = "retry"
        try:
            self.on_message(message)
        except Exception:
            log.exception("on_message failed")
        if self.keep_inbox:
            self.inbox.put(message)
            self._notify()
        return verdict

    def _clocks(self, clocks: object) -> None:
        """Keep the update's clocks as local deadlines (junk in them is ignored)."""
        now = time.monotonic()
        deadlines: dict[int, float] = {}
        timer = None
        if isinstance(clocks, dict):
            value = clocks.get("timer_s")
            if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value <= 86400:
                timer = float(value)
            for pair in clocks.get("left") or []:
                if (
                    isinstance(pair, list)
                    and len(pair) == 2
                    and type(pair[0]) is int
                    and isinstance(pair[1], (int, float))
                    and not isinstance(pair[1], bool)
                    and 0 <= pair[1] <= 86400
                ):
                    deadlines[pair[0]] = now + float(pair[1])
        self.deadlines, self.timer_s = deadlines, timer

    def clocks(self) -> dict[int, float]:
        """Seconds left on each seat's running clock (a timed game), from the host's last update."""
        now = time.monotonic()
        return {seat: max(0.0, deadline - now) for seat, deadline in self.deadlines.items()}

    def _notify(self) -> None:
        if self.notify is not None:
            try:
                self.notify()
            except Exception:
                log.debug("notify failed", exc_info=True)


def kind_of(message: dict[str, Any]) -> object:
    return message.get("type")


class UpdateReader:
    """Puts a host's updates together, in either protocol version (docs/PROTOCOL.md §4).

    :meth:`take` is given each ``update`` line in order and returns the whole update
    once its last line is in: ``{"type": "update", "view", "legal", "events", "full",
    ...}`` with the view and legal list as they are now (version 2: the patch applied to
    the view held, the legal list kept when it did not change). Each view returned is a
    new object: one handed out earlier never changes. A version-2 patch that does not
    apply sets :attr:`lost` (the caller asks the host to ``resync``) and everything up
    to the next full update is dropped."""

    def __init__(self) -> None:
        self.reset(proto.PROTOCOL_VERSION)

    def reset(self, version: int) -> None:
        self.version = version
        self.view: dict[str, Any] | None = None
        self.legal: list[Any] = []
        self.lost = False
        self._part: dict[str, Any] | None = None  # the update being put together

    def take(self, line: dict[str, Any]) -> dict[str, Any] | None:
        part = self._part
        if part is None:
            part = self._part = {"full": bool(line.get("full")), "events": [], "legal": None, "view": None}
        if self.version >= 2:
            done = self._take_v2(part, line)
        else:
            done = self._take_v1(part, line)
        if not done:
            return None
        self._part = None
        if part.get("dropped"):
            return None
        whole = {k: v for k, v in line.items() if k not in ("patch", "more", "legal_more", "state_id")}
        whole.update(type="update", view=self.view, legal=self.legal, events=part["events"], full=part["full"])
        return whole

    def _take_v1(self, part: dict[str, Any], line: dict[str, Any]) -> bool:
        view = line.get("view")
        if isinstance(view, dict):
            part["view"] = view
        elif isinstance(line.get("patch"), list) and not part.get("dropped"):
            try:  # a view too big for a line comes as operations building it from nothing
                part["view"] = patch.apply(part["view"] if part["view"] is not None else {}, line["patch"])
            except (ValueError, TypeError):
                part["dropped"] = True
        elif part["view"] is None:
            part["dropped"] = True
        legal: list[Any] = line["legal"] if isinstance(line.get("legal"), list) else []
        part["legal"] = (part["legal"] or []) + legal
        events = line.get("events")
        if isinstance(events, list):
            part["events"].extend(events)
        if line.get("legal_more") or line.get("more"):
            return False
        if not part.get("dropped"):
            self.view, self.legal = part["view"], part["legal"]
        return True

    def _take_v2(self, part: dict[str, Any], line: dict[str, Any]) -> bool:
        if part["view"] is None and not part.get("dropped"):
            if line.get("full"):
                part["view"] = {}
            elif self.view is None:
                part["dropped"] = True  # nothing to patch: wait for a full update
                self.lost = True
            else:
                part["view"] = marshal.loads(marshal.dumps(self.view))  # the old one stays as it was
        if not part.get("dropped"):
            try:
                if isinstance(line.get("view"), dict):
                    part["view"] = marshal.loads(marshal.dumps(line["view"]))
                ops = line.get("patch")
                if ops:
                    part["view"] = patch.apply(part["view"], ops)
            except (ValueError, TypeError):
                log.warning("an update from the host does not apply to our view; asking for all of it")
                part["dropped"] = True
                self.lost = True
        if isinstance(line.get("legal"), list):
            part["legal"] = (part["legal"] or []) + line["legal"]
        if isinstance(line.get("events"), list):
            part["events"].extend(line["events"])
        if line.get("more"):
            return False
        if not part.get("dropped"):
            if not isinstance(part["view"], dict):
                self.lost = True
                part["dropped"] = True
                return True
            self.view = part["view"]
            if part["legal"] is not None:
                self.legal = part["legal"]
            elif part["full"]:
                self.legal = []
        return True


def _decode_big(line: bytes) -> dict[str, Any]:
    import json

    try:
        message = json.loads(line.decode("utf-8"))
    except Exception:
        raise proto.ProtocolError("bad_json", "not JSON") from None
    if not isinstance(message, dict):
        raise proto.ProtocolError("not_object", "not an object")
    return message


def _why(exc: OSError) -> str:
    if isinstance(exc, ConnectionRefusedError):
        return "nothing is listening there"
    if isinstance(exc, socket.timeout):
        return "no answer"
    if isinstance(exc, socket.gaierror):
        return "unknown host name"
    return exc.strerror or str(exc) or type(exc).__name__


class BotClient(Client):
    """A network player driven by a bot (tests, benchmarks, filling a table from outside).

    It acts once per ``state_id`` on which its seat may act, choosing from the update's
    ``legal`` with ``bot`` (a :class:`RandomBot` by default). With ``record=True`` every
    host message is kept in :attr:`received`. :attr:`finished` is set when an update
    says the game is over. :attr:`latencies` (command to update, seconds) is for benchmarks.
    """

    def __init__(self, seed: int = 0, bot: Any = None, record: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("keep_inbox", False)
        super().__init__(**kwargs)
        self.bot = bot or RandomBot(seed)
        self.record = record
        self.received: list[dict[str, Any]] = []
        self.finished = threading.Event()
        self._acted_sid: int | None = None
        self._tried: list[dict[str, Any]] = []
        self._pending: tuple[int, float] | None = None  # (state_id, perf_counter) of our last command
        #: seconds from sending a command to the first update showing a later state
        self.latencies: list[float] = []
        #: while True the bot does not act (tests: freeze a table at a chosen moment)
        self.paused = False
        #: pause by itself on the first update at or after this state_id
        self.pause_at: int | None = None

    def on_message(self, message: dict[str, Any]) -> None:
        if self.record:
            self.received.append(message)
        kind = message.get("type")
        if kind == "update":
            view = message["view"]
            sid = view.get("state_id")
            if self._pending is not None and isinstance(sid, int) and sid > self._pending[0]:
                self.latencies.append(time.perf_counter() - self._pending[1])
                self._pending = None
            if self.pause_at is not None and isinstance(sid, int) and sid >= self.pause_at:
                self.paused = True
            if message.get("full"):
                self._acted_sid = None  # a resumed host may be back at a state we acted on
            if view.get("over"):
                self.finished.set()
                return
            self._act()
        elif kind == "error" and message.get("code") == "illegal" and message.get("state_id") == self.state_id:
            self._act(retry=True)  # the rules refused a listed command: try another one

    def _act(self, retry: bool = False) -> None:
        view, legal = self.view, self.legal
        if self.paused or not view or not legal or self.seat not in view.get("to_act", []):
            return
        sid = view["state_id"]
        if not retry:
            if sid == self._acted_sid:
                return
            self._tried = []
        choices = [c for c in legal if c not in self._tried] or legal
        command = self.bot.choose(view, choices)
        self._tried.append(command)
        self._acted_sid = sid
        self._pending = (sid, time.perf_counter())
        self._send_now({"type": "command", "state_id": sid, "command": command})
