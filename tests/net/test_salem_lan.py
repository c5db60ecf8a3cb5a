"""Salem 1692 over the LAN: a 12-seat game — the host's
own player and 11 clients, each a bot on its own connection — finishes; every client's
final view equals the host's ``view(seat)`` and its events the host's ``log(seat)``; no
message to a seat holds another seat's hand card or a face-down Tryal card it may not
know (salem.md §4). Each seat gets its own blind-window prompt at once (every waiting
seat's update lists its own legal answers)."""

from __future__ import annotations

import json
import re

from game.engine import GAMES
from game.net.client import BotClient
from tests.net.helpers import wait_for
from tests.rules.test_salem_playouts import Watcher

IDS = re.compile(r'"([ct]\d+)"')


class SalemSecrets:
    """Replays the host's match; for every state and seat keeps the view and legal list
    the engine gives that seat, and the ids it may not see then (other seats' hand cards,
    face-down Tryal cards it never saw)."""

    def __init__(self, match) -> None:
        cls = GAMES[match.game_id]
        replay = cls(list(match.players), match.seed, dict(match.options))
        watcher = Watcher(replay)
        self.views: list[list[dict]] = []
        self.legal: list[list[list[dict]]] = []
        self.forbidden: list[list[set[str]]] = []
        self._record(replay, watcher)
        for seat, command in match.commands:
            watcher.before(seat, command)
            replay.apply(seat, command)
            for entry in replay._log:
                if entry["sid"] == replay.state_id:
                    watcher.on_event_knowledge(entry)
            watcher.after()
            self._record(replay, watcher)
        assert replay.to_json() == match.to_json()

    def _record(self, replay, watcher) -> None:
        self.views.append([replay.view(q) for q in range(replay.n)])
        self.legal.append([replay.legal(q) for q in range(replay.n)])
        self.forbidden.append([set().union(*watcher.hidden_from(q)) for q in range(replay.n)])

    def problems(self, seat: int, received: list[dict]) -> list[str]:
        """Updates to ``seat`` that are not exactly its own view and legal list, or whose
        view (its log tail aside: those events were checked as they were emitted, in the
        playouts) names a secret of another seat."""
        out = []
        for m in received:
            if m.get("type") != "update":
                continue
            sid = m["view"]["state_id"]
            if m["view"] != self.views[sid][seat]:
                out.append(f"state {sid}: the update's view is not view({seat})")
            if m.get("legal") != self.legal[sid][seat]:
                out.append(f"state {sid}: the update's legal list is not legal({seat})")
            if not m["view"].get("over"):
                shown = dict(m["view"])
                shown.pop("log", None)
                bad = set(IDS.findall(json.dumps(shown))) & self.forbidden[sid][seat]
                if bad:
                    out.append(f"state {sid}: the view shows {sorted(bad)}")
        return out


def test_twelve_seats_over_the_lan_finish_with_exact_views_and_no_leak(make_host, clients):
    host = make_host("salem", 12, seed=12, owner_name="Hostess")
    bots = []
    owner = BotClient(seed=300, record=True)
    clients.append(owner)
    owner.connect("127.0.0.1", host.port, "Hostess", token=host.owner_token)
    bots.append(owner)
    for i in range(11):
        bot = BotClient(seed=301 + i, record=True)
        clients.append(bot)
        bot.connect("127.0.0.1", host.port, f"Client {i + 1}")
        bots.append(bot)
    for bot in bots:
        assert bot.finished.wait(120), "the 12-seat Salem game did not finish over the network"
    match = host.match
    assert match.over and match.n == 12
    assert sorted(b.seat for b in bots) == list(range(12))
    for bot in bots:
        wait_for(lambda b=bot: b.view == match.view(b.seat), what=f"seat {bot.seat}'s last update")
        assert bot.events == match.log(bot.seat)
        assert bot.result == match.result()
    # a blind window: every seat waiting was sent its own prompt (its legal answers) at once
    windows = 0
    for bot in bots:
        for m in bot.received:
            if m.get("type") != "update":
                continue
            pending = m["view"].get("pending") or {}
            if pending.get("kind") == "window" and bot.seat in pending.get("waiting", []):
                assert m["legal"], "a seat asked in a window got no answers to choose from"
                windows += 1
    assert windows >= 12
    secrets = SalemSecrets(match)
    for bot in bots:
        assert secrets.problems(bot.seat, bot.received) == [], f"seat {bot.seat} was sent more than its own"


def test_the_two_player_game_with_ghosts_over_the_lan(make_host, clients):
    # salem.md §2.2: the host lays out the ghost seats itself; players take seats 0 and 2
    host = make_host("salem", 2, seed=4, bots=[1])
    assert host.n == 4 and host.absent == [1, 3]
    bot = BotClient(seed=9, record=True)
    clients.append(bot)
    welcome = bot.connect("127.0.0.1", host.port, "Ann")
    assert welcome["seat"] == 0
    assert bot.finished.wait(60), "the 2-player Salem game did not finish over the network"
    match = host.match
    assert match.n == 4 and match.absent() == [1, 3] and match.options["bots"] == [2]
    wait_for(lambda: bot.view == match.view(0), what="the last update")
    assert [s["ghost"] for s in bot.view["seats"]] == [False, True, False, True]
