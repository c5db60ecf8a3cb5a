"""Malleus over real sockets on 127.0.0.1: four bot clients — the
Prévôt on seat 0 and three players — play the beginning phase and a first conflict through
a host; every client's view and log then equal the host's ``view(seat)`` / ``log(seat)``,
and no player ever received the Prévôt's screen or another player's ledger."""

from __future__ import annotations

import time

from game.net.client import BotClient
from tests.net.helpers import on_host, wait_for


def test_beginning_phase_and_a_conflict_over_lan_views_equal_the_hosts(make_host, clients):
    host = make_host("malleus", 4, seed=31)
    bots = []
    for i in range(4):
        bot = BotClient(seed=300 + i, record=True)
        clients.append(bot)
        bot.connect("127.0.0.1", host.port, ["Jacques", "Ann", "Bob", "Cy"][i])
        bots.append(bot)

    def first_turn_ended() -> bool:
        return on_host(host, lambda: any(e["event"].get("type") == "end_turn" for e in host.match._log))

    wait_for(first_turn_ended, timeout=90, what="the first conflict to end")
    for bot in bots:
        bot.paused = True
    last = -1
    for _ in range(200):  # until the table is still and every client has the last update
        sid = on_host(host, lambda: host.match.state_id)
        if sid == last and all(b.view and b.view.get("state_id") == sid for b in bots):
            break
        last = sid
        time.sleep(0.05)
    match = host.match
    assert match.state["round"] >= 1 and any(e["event"].get("type") == "outcome" for e in match._log)
    for bot in bots:
        assert bot.view == on_host(host, lambda b=bot: match.view(b.seat)), f"seat {bot.seat}: view differs"
        assert bot.events == on_host(host, lambda b=bot: match.log(b.seat))
    for bot in bots:
        updates = [m for m in bot.received if m["type"] == "update"]
        assert updates
        for m in updates:
            view = m["view"]
            if bot.seat == 0:
                assert "prevot_screen" in view and "you" not in view
            else:
                assert "prevot_screen" not in view and view["you"]["seat"] == bot.seat
            for event in m.get("events") or []:
                if event.get("type") in ("ledger", "companion", "secret_action", "learned"):
                    assert bot.seat in (0, event.get("player")), f"seat {bot.seat} got {event}"
