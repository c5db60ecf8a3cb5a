"""Salem with ghosts, the ghost peek on the hot-seat screen (docs/rules/salem.md §3.1 and
§4 "A ghost peek: the card: the peeker alone"; DESIGN D3): the peeked card is shown to the
peeker on their own screen until a click or key, then the curtain drops; the next seat
sees the table only after its curtain and never the card. While a ghost's card is being
chosen the hint strip says so."""

from __future__ import annotations

import pygame
import pytest

from game.ui.scenes.curtain import CurtainScene
from game.ui.session import HotseatSession, make_bots, open_table
from game.ui.smoke_common import CurtainWatch, post_click, post_key
from tests.rules.salem_kit import stage
from tests.ui.table_source import clear_scenes, run_frames, table_app

WITCH = "witch"


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def two_player_table(app, bot_seats: tuple[int, ...] = ()):
    """Ann (seat 0) and Bob (seat 2) with ghosts at seats 1 and 3 (§2.2); Ann's turn,
    the ghost Sarah Good (seat 1) holds the Witch at index 2."""
    clear_scenes(app)
    match = stage(
        2,
        rows={1: "N N W N N", 2: "N N C N N"},
        hands={0: ["c20", "c21"], 2: ["c22"]},
        pile=["c10", "c11", "c12", "c13", "c14", "c15", "c58"],
    )
    bots = make_bots(match, list(bot_seats), levels=dict.fromkeys(bot_seats, "easy"))  # easy: moves at once
    session = HotseatSession(app, match, bots, None, bot_delay=0.0, hold=0)
    table = open_table(app, session)
    watch = CurtainWatch(session, table)  # from the first frame (DESIGN D3)
    run_frames(app, 2)
    if isinstance(app.scenes.top, CurtainScene):
        app.scenes.top.lift()
        run_frames(app, 1)
    return match, session, table, watch


def peek_at_the_witch(app, table) -> None:
    post_key(app, pygame.K_g)
    assert table.pick is not None
    assert table.message.startswith("Click a ghost's Tryal card to peek at it")  # not "drag cards…"
    witch = next(t for t in table.pick.targets if t == ("tryal", (1, 2)))
    post_click(app, table.locate("tryal", witch[1]))
    run_frames(app, 1)


def test_the_peeked_card_is_shown_to_the_peeker_then_the_curtain_drops(app):
    # docs/rules/salem.md §3.1, §4 (the card: the peeker alone); DESIGN D3
    match, session, table, watch = two_player_table(app)
    witch_card = match.state["rows"][1][2]
    with watch:
        peek_at_the_witch(app, table)
        assert match.state["active"] == 2, "the peek ended Ann's turn (the mill ran)"
        # still Ann's own screen, no curtain: the card is on it until she clicks
        assert app.scenes.top is table and session.screen_seat == 0 and session.holding
        assert [(e["ghost"], e["index"], e["card"], e["kind"]) for e in session.held_reveals()] == [
            (1, 2, witch_card, WITCH)
        ]
        session._tick(60.0)  # no time limit: a minute later it is still shown (bots would wait)
        run_frames(app, 2)
        assert session.holding and app.scenes.top is table
        shown = [b for b in table.text_blocks() if b.what == table.REVEAL_WHAT]
        assert shown and "card 3: Witch" in shown[0].shown
        assert table.message.startswith("Only you see this card")
        # Ann has seen it: a click, and the curtain drops for Bob before anything of his
        post_click(app, (app.size[0] // 2, app.size[1] // 2))
        run_frames(app, 1)
        assert not session.holding and session.screen_seat is None
        assert isinstance(app.scenes.top, CurtainScene) and app.scenes.top.seat == 2
        app.scenes.top.lift()
        run_frames(app, 2)
        assert session.screen_seat == 2 and app.scenes.top is table
        # Bob's screen: the peek happened (which ghost, which card), never what it was
        assert session.held_reveals() == [] and table.held_reveals() == []
        assert not [b for b in table.text_blocks() if b.what == table.REVEAL_WHAT]
        peeks = [e for e in table.log_events if e["type"] == "ghost_peek"]
        assert peeks == [{"type": "ghost_peek", "seat": 0, "ghost": 1, "index": 2}]
        assert witch_card not in str(table.view) and witch_card not in str(table.log_events)
        assert "Witch" not in " ".join(b.shown for b in table.text_blocks() if "peeks" in b.shown)
        assert watch.lifts == 2 and not watch.problems, watch.problems
    session.close()


def test_a_key_also_ends_the_reveal_and_a_lone_human_sees_it_too(app):
    # with one human seat there is no curtain, but nothing else would show the
    # card (the ghost's row is shuffled): the reveal waits for a key; bots wait meanwhile
    match, session, table, watch = two_player_table(app, bot_seats=(2,))
    watch.close()
    assert app.scenes.top is table and session.screen_seat == 0
    peek_at_the_witch(app, table)
    state = match.state_id
    run_frames(app, 3)
    assert session.holding and match.state_id == state, "the bot waits while Ann looks"
    assert [e["kind"] for e in session.held_reveals()] == [WITCH]
    post_key(app, pygame.K_RETURN)
    assert not session.holding
    run_frames(app, 3)
    assert match.state_id > state, "then the bot plays"
    session.close()


def test_a_lan_client_sees_its_peek_in_the_same_box_until_a_click(app):
    # on a LAN (docs/rules/salem.md §4 "A ghost peek: the card: the peeker alone"): the host sends the
    # peeker's own log; the client's table shows the card until a click. A log that comes
    # whole after a (re)welcome shows nothing again, and another seat's peek never shows.
    from game.net.client import CONNECTED
    from game.ui.scenes.lan import LanSession

    clear_scenes(app)
    match = stage(
        2,
        rows={1: "N N W N N", 2: "N N C N N"},
        hands={0: ["c20", "c21"], 2: ["c22"]},
        pile=["c10", "c11", "c12", "c13", "c14", "c15", "c58"],
    )

    class Client:
        game, welcome, seat, status, lobby = "salem", {"game": "salem"}, 0, CONNECTED, None
        state_id, last_error = 0, None

        def __init__(self):
            self.inbox, self.events = [], match.log(0)
            self.view, self.legal = match.view(0), match.legal(0)

        def poll(self):
            out, self.inbox = self.inbox, []
            return out

        def close(self):
            pass

    client = Client()
    session = LanSession(app, client)
    session._lobby({"seats": [{"seat": i, "name": n} for i, n in enumerate(match.players)]})
    table = open_table(app, session)
    client.inbox = [{"type": "welcome", "game": "salem"}, {"type": "update"}]  # the log so far: no news
    run_frames(app, 1)
    assert not session.holding
    peek = next(c for c in match.legal(0) if c["type"] == "ghost_peek" and c["ghost"] == 1 and c["index"] == 2)
    witch_card = match.state["rows"][1][2]  # (the ghost's row is shuffled after a peek)
    match.apply(0, peek)
    client.events, client.view, client.legal = match.log(0), match.view(0), match.legal(0)
    client.inbox = [{"type": "update"}]
    run_frames(app, 2)
    assert session.holding and [e.get("card") for e in session.held_reveals()] == [witch_card]
    assert table.held_reveals() and any(b.what == table.REVEAL_WHAT for b in table.text_blocks())
    post_click(app, (5, 5))
    run_frames(app, 1)
    assert not session.holding and not table.held_reveals()
    client.inbox = [{"type": "welcome", "game": "salem"}, {"type": "update"}]  # reconnected: the log again
    run_frames(app, 1)
    assert not session.holding
    # Bob's client: Ann's peek is in his log without the card, and no box
    bob = Client()
    bob.seat, bob.events, bob.view, bob.legal = 2, match.log(2)[:-3], match.view(2), match.legal(2)
    bob_session = LanSession(app, bob)
    bob.inbox = [{"type": "welcome", "game": "salem"}, {"type": "update"}]
    bob_session.pump(0.0)
    bob.events = match.log(2)
    bob.inbox = [{"type": "update"}]
    bob_session.pump(0.0)
    assert not bob_session.holding
    session.close()
    bob_session.close()


def test_nothing_zooms_up_over_the_peeked_card(app):
    # the pointer rests on a plate after the peek: its preview would cover the box with
    # the card Ann must read (it did, over a ghost's plate beside the box)
    match, session, table, watch = two_player_table(app, bot_seats=(2,))
    watch.close()
    peek_at_the_witch(app, table)
    run_frames(app, 1)
    assert session.holding and table.private.box is not None
    spot = table.locate("tryal", (1, 0))
    key = table.hover_target_key(spot)
    assert key is not None
    assert table.dialog_open() and not table.zoom_allowed(key)
    post_key(app, pygame.K_RETURN)
    run_frames(app, 1)
    assert not table.dialog_open() and table.zoom_allowed(key)
    session.close()
