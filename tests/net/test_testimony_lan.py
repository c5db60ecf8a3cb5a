"""Testimony over real sockets on 127.0.0.1: seven bot clients
play a whole match of three games; every final view equals the host's ``view(seat)``;
no update any seat received shows a token side, a Character or a share's content it
could not know at that moment (T6, checked by the rules tests' Witness replayed over the
host's commands); a claim sent as chat reaches every player with the speaker's seat."""

from __future__ import annotations

import copy
import json

from game.net.client import BotClient
from game.rules.testimony import TestimonyMatch
from game.ui.scenes import testimony_text as words
from tests.net.helpers import still_players, wait_for
from tests.rules.testimony_kit import Witness, view_text


def _witnesses(match) -> dict[int, Witness]:
    """The T6 witness as it stood after each state id of ``match`` (replayed from its
    seed and commands, like the host's own engine)."""
    again = TestimonyMatch(list(match.players), match.seed, dict(match.options))
    witness = Witness(again)

    # each snapshot copies the witness and its match, not the card catalog: it never
    # changes, and its read-only mappings (a Character's scoring) cannot be deep-copied
    def snapshot() -> Witness:
        return copy.deepcopy(witness, {id(again.cat): again.cat})

    by_sid = {0: snapshot()}
    for seat, command in match.commands:
        again.apply(seat, command)
        witness.saw(seat, command)
        by_sid[again.state_id] = snapshot()
    assert again.to_json() == match.to_json()
    return by_sid


def test_seven_bot_clients_play_a_match_with_exact_views_and_no_leak(make_host, clients):
    # D4: a match of three games over the network (docs/rules/testimony.md §4, §5.4), every view exact and
    # nothing private leaked (§6)
    host = make_host("testimony", 7, seed=13)
    bots = []
    for i in range(7):
        bot = BotClient(seed=300 + i, record=True)
        clients.append(bot)
        bot.connect("127.0.0.1", host.port, f"Bot {i}")
        bots.append(bot)
    for bot in bots:
        assert bot.finished.wait(120), "the Testimony match did not finish over the network"
    match = host.match
    assert match.over and len(match.state["history"]) == 3
    for bot in bots:
        assert bot.view == match.view(bot.seat)
        assert bot.legal == [] and bot.events == match.log(bot.seat)
        assert bot.result == match.result()
    by_sid = _witnesses(match)
    checked = 0
    for bot in bots:
        for message in bot.received:
            if message.get("type") != "update":
                continue
            view = copy.deepcopy(message["view"])
            witness = by_sid[view["state_id"]]
            assert view["seat"] == bot.seat
            witness.check(bot.seat, view_text(view))
            # a full update carries the whole log; past games in it are public by now
            if not message.get("full") or view["game_no"] == 1:
                witness.check(bot.seat, json.dumps(message.get("events") or [], separators=(",", ":")))
            checked += 1
    assert checked >= 7 * 150


def test_a_claim_reaches_every_player_with_the_speakers_seat(make_host, clients):
    # claims carry no rules weight (docs/rules/testimony.md §3.4): over a LAN they travel as chat
    host = make_host("testimony", 3, seed=2)
    bots = still_players(host, clients, 3)
    line = words.claim_text("puritan", ["P0", "P1", "P2"])
    before = host.match.state_id
    assert bots[1].chat(line)
    for bot in bots:
        chat = wait_for(
            lambda b=bot: next((m for m in b.received if m["type"] == "chat"), None), what="the claim at every table"
        )
        assert chat["seat"] == bots[1].seat and chat["text"] == line and words.is_claim(chat["text"])
    assert host.match.state_id == before  # no engine command


def test_the_lan_table_has_a_chat_line_and_claims_that_every_player_reads(make_host):
    # over LAN a table chat plus one-click claims with no rules weight
    import pygame

    from game.ui.app import make_app
    from game.ui.scenes.menu import MenuScene
    from game.ui.settings import Settings
    from game.ui.smoke_common import post_click, post_key
    from tests.net.test_lan_scenes import _frames_until, host_lobby

    app = make_app(Settings())
    app.scenes.reset(MenuScene(app))
    lobby = host_lobby(app, "testimony", 3, [1, 2])
    session = lobby.session
    try:
        _frames_until(app, lambda: lobby.ring.find("start") is not None, what="the owner's Start button")
        lobby.start_game()
        _frames_until(app, lambda: session.table is not None and app.scenes.top is session.table, what="the table")
        table = session.table
        listener = BotClient(seed=9, record=True)
        listener.connect("127.0.0.1", session.host.port, "Eve", spectate=True)
        try:
            assert table.talk.chat_enabled() and table.talk.chat_field is not None
            post_click(app, table.locate("chat"))
            for ch in "hi all":
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
                app.frame(wait=False)
            post_key(app, pygame.K_RETURN)
            _frames_until(app, lambda: any(ln["text"] == "hi all" for ln in session.talk_lines()), what="the chat line")
            post_click(app, table.locate("button", "claim:puritan"))
            _frames_until(app, lambda: table.claims_of(0) == ["I am a Puritan."], what="the claim on our plate")
            # the toast and the hint strip say the claim in words the font has (the
            # claim marker is for the table, not for reading)
            _frames_until(app, lambda: any("I am a Puritan." in n for n in session.notices), what="the claim toast")
            said = [n for n in session.notices if "I am a Puritan." in n] + [session.message]
            assert all(words.CLAIM_PREFIX.strip() not in line for line in said), said
            assert "claims: I am a Puritan." in said[0]
            heard = wait_for(
                lambda: [m for m in listener.received if m["type"] == "chat"] or None, what="the spectator hearing it"
            )
            assert heard[0]["seat"] == 0 and heard[0]["text"] == "hi all"
            assert any(e.get("type") == "talk" for e in table.log_events)
        finally:
            listener.close()
    finally:
        session.close()
        while app.scenes.top is not None:
            app.scenes.pop()
