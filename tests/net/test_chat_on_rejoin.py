"""Table talk survives a rejoin (DESIGN D4, docs/PROTOCOL.md "chat"): the host keeps
the recent chat lines and sends them, marked ``earlier``, to a connection that joins or
rejoins, each with ``at`` = how many of that seat's log events came before it, so a
Testimony claim stays on its plate and in its place in the log."""

from __future__ import annotations

from game.net.client import BotClient
from game.ui.scenes import testimony_text as words
from tests.net.helpers import still_players, wait_for


def test_a_player_who_rejoins_gets_the_table_talk_said_before(make_host, clients):
    # testimony.md "Talking": claims are public announcements; a rejoin must not lose them
    host = make_host("testimony", 3, seed=2)
    bots = still_players(host, clients, 3)
    claim = words.claim_text("puritan", ["P0", "P1", "P2"])
    assert bots[1].chat("hello all") and bots[1].chat(claim)
    for bot in bots:
        wait_for(lambda b=bot: sum(m["type"] == "chat" for m in b.received) >= 2, what="the chat at every table")
    assert not any(m.get("earlier") for b in bots for m in b.received if m["type"] == "chat")
    events_then = len(bots[2].events)
    victim = bots[2]
    token, seat = victim.token, victim.seat
    victim.close()
    wait_for(lambda: not host.lobby()["seats"][seat]["connected"], what="the host to notice")
    back = BotClient(seed=9, record=True)
    back.paused = True
    clients.append(back)
    assert back.connect("127.0.0.1", host.port, "P2", token=token)["seat"] == seat
    wait_for(lambda: len([m for m in back.received if m["type"] == "chat"]) >= 2, what="both lines")
    heard = [m for m in back.received if m["type"] == "chat"]
    assert [m["text"] for m in heard] == ["hello all", claim]
    assert all(m["earlier"] is True and m["seat"] == bots[1].seat and m["at"] == events_then for m in heard)
    watcher = BotClient(seed=10, record=True)  # a spectator arriving later hears it too
    clients.append(watcher)
    watcher.connect("127.0.0.1", host.port, "Eve", spectate=True)
    wait_for(lambda: len([m for m in watcher.received if m["type"] == "chat"]) >= 2, what="the spectator's talk")


def test_the_table_shows_earlier_talk_in_its_place_without_a_toast():
    # client side: a welcome starts the talk afresh (the host sends it again); lines
    # marked earlier go into the talk at their ``at`` and are not toasted like news
    from game.engine import new_match
    from game.net.client import CONNECTED
    from game.ui.app import make_app
    from game.ui.scenes.lan import LanSession
    from game.ui.settings import Settings

    match = new_match("testimony", ["Ann", "Bob", "Cy"], seed=4)
    inbox: list[dict] = []

    class Client:
        game, welcome, seat, status, lobby = "testimony", {"game": "testimony"}, 2, CONNECTED, None
        view, legal, events = match.view(2), match.legal(2), match.log(2)
        state_id, last_error, address = 0, None, None

        def poll(self):
            out, inbox[:] = list(inbox), []
            return out

        def close(self):
            pass

    session = LanSession(make_app(Settings()), Client())
    inbox.append({"type": "chat", "seat": 0, "name": "Ann", "text": "live", "spectator": False})
    session.pump(0.0)
    assert [ln["text"] for ln in session.talk_lines()] == ["live"] and len(session.notices) == 1
    inbox.extend(
        [
            {"type": "welcome", "seat": 2, "game": "testimony"},
            {"type": "chat", "seat": 0, "name": "Ann", "text": "live", "spectator": False, "earlier": True, "at": 1},
            {
                "type": "chat",
                "seat": 1,
                "name": "Bob",
                "text": words.CLAIM_PREFIX + "I am a Puritan.",
                "spectator": False,
                "earlier": True,
                "at": 3,
            },
        ]
    )
    session.pump(0.0)
    assert [(ln["seat"], ln["text"], ln["at"]) for ln in session.talk_lines()] == [
        (0, "live", 1),
        (1, words.CLAIM_PREFIX + "I am a Puritan.", 3),
    ]
    assert len(session.notices) == 1  # no toast for what was said before
    session.close()
