"""A first story over the LAN (docs/rules/malleus.md §2.10, §3, §5.5; DESIGN D4): a host on
127.0.0.1 with a ready village, the Prévôt's client and three players' clients, each with
its own Malleus table driven by posted clicks, drags and typed text (one app, the table
of the client acting brought to the front). Two rounds of conflicts with secret actions
that the Prévôt carries out on his own screen, a card played in secret, the chronicle
exported from a player's table. Every frame a
table draws shows its own seat's view only: no other player's ledger words, the Prévôt's
screen on the Prévôt's table alone."""

from __future__ import annotations

import os

import pytest

from game.net.host import Host
from game.ui.scenes import lan
from game.ui.scenes.malleus.table import MalleusTableScene
from game.ui.smoke_common import fast_animations
from game.ui.smoke_malleus import MalleusPlayer
from tests.net.helpers import FAST, on_host, wait_for
from tests.ui.malleus_ui_kit import press
from tests.ui.table_source import clear_scenes, run_frames, table_app

NAMES = ["Jacques", "Ann", "Bob", "Cy"]


class LanPlayer(MalleusPlayer):
    """The smoke's player at one client's own table."""

    def __init__(self, app, session, host, seed: int) -> None:
        super().__init__(app, session, seed=seed, stop_round=3)
        self.host = host
        self.tag = f"{NAMES[session.client.seat]} "

    def finished(self) -> bool:
        return on_host(self.host, lambda: self.host.match.over or self.host.match.state["round"] >= 3)


def bring_to_front(app, table) -> None:
    """Show this client's table (every client's table stays on the stack, as its session wants)."""
    top = app.scenes.top
    if top is table:
        return
    top.pause()
    app.scenes.stack.remove(table)
    app.scenes.stack.append(table)
    table.resume()
    table.dirty = True


class ScreenWatch:
    """Every frame a client's table draws: only its own seat's view, no other player's
    typed words (the players tag what they type with their names), and no word of a
    hot-seat curtain (over a LAN each one plays on their own screen)."""

    def __init__(self, table, seat: int) -> None:
        self.problems: list[str] = []
        self.frames = 0
        draw = table.draw

        def watched(surface) -> None:
            draw(surface)
            self.frames += 1
            view = table.view
            if view.get("seat") != seat:
                self.problems.append(f"seat {seat}'s table drew seat {view.get('seat')}'s view")
            if ("prevot_screen" in view) != (seat == 0):
                self.problems.append(f"seat {seat}'s table drew the Prévôt's screen: {'prevot_screen' in view}")
            words = " ".join(b.shown for b in table.text_blocks())
            curtain = [b.shown for b in table.text_blocks() if "curtain" in b.shown or "look away" in b.shown]
            if curtain:  # each one's own screen: no curtain here
                self.problems.append(f"seat {seat}'s table spoke of a curtain: {curtain[0]!r}")
            if seat == 0:
                return
            for other, name in enumerate(NAMES):
                if other not in (0, seat) and f"{name} said" in words:
                    self.problems.append(f"seat {seat}'s table showed {name}'s private words")

        table.draw = watched


@pytest.fixture
def app():
    yield from table_app((1280, 720))


@pytest.mark.slow(seconds=8)
def test_a_first_story_over_the_lan_with_the_prevot_on_his_own_screen(app, tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    monkeypatch.setenv("WITCHHUNT_DISCOVERY_ADDR", "127.0.0.1")
    assert os.environ["WITCHHUNT_DISCOVERY_ADDR"] == "127.0.0.1"
    host = Host(
        "malleus",
        4,
        seed=21,
        options={"village": "ready"},
        bind="127.0.0.1",
        port=0,
        timings=FAST,
        save_path=tmp_path / "lan.witchhunt.json",
        journal_sync=False,
    )
    host.start()
    sessions: list = []
    try:
        wait_for(lambda: host.port, what="the host to listen")
        for name in NAMES:  # the Prévôt's client first: seat 0
            client = lan.new_client()
            client.connect("127.0.0.1", host.port, name)
            sessions.append(lan.LanSession(app, client))
            wait_for(lambda c=client: c.seat is not None, what=f"{name}'s seat")
        assert [s.client.seat for s in sessions] == [0, 1, 2, 3]
        wait_for(lambda: all(s.client.view for s in sessions), what="the game to start")
        with fast_animations(app):
            tables, players, watches = [], [], []
            for i, session in enumerate(sessions):
                table = MalleusTableScene(app, session)
                app.scenes.push(table)
                session.start(table)
                tables.append(table)
                players.append(LanPlayer(app, session, host, seed=40 + i))
                watches.append(ScreenWatch(table, session.client.seat))
            run_frames(app, 2)
            assert on_host(host, lambda: host.match.options["village"] == "ready")
            for _sweep in range(400):
                if players[0].finished():
                    break
                for table, player in zip(tables, players):
                    bring_to_front(app, table)
                    run_frames(app, 1)
                    for _ in range(12):  # this client acts until it has nothing to do
                        if player.step() == "idle":
                            break
            assert players[0].finished(), on_host(host, lambda: (host.match.state["phase"], host.match.state["step"]))
            # Ann exports the chronicle from her own table: her story, nobody else's private words
            bring_to_front(app, tables[1])
            run_frames(app, 1)
            if tables[1].report.round_report is not None:
                tables[1].report.round_report = None
            press(app, tables[1], "chronicle")
            written = list(tmp_path.rglob("malleus-chronicle-*.md"))
            assert len(written) == 1
            story = written[0].read_text(encoding="utf-8")
            assert "## What happened" in story and "Bob said" not in story and "Cy said" not in story
        log = on_host(host, lambda: host.match.log(0))
        assert sum(1 for e in log if e.get("type") == "outcome") >= 6
        assert any(
            e.get("type") == "secret_action" and e.get("text") == "I slip a dead toad into the well" for e in log
        )
        assert any(e.get("type") == "card" and e.get("secret") for e in log), "no card was played in secret"
        prevot = players[0].done
        assert any(k.startswith(("apply_", "void_")) for k in prevot) and prevot.get("close_secret"), dict(prevot)
        for player in players[1:]:
            assert player.done.get("secret_action") and player.done.get("ledger"), dict(player.done)
        for watch in watches:
            assert watch.frames and not watch.problems, watch.problems[:3]
    finally:
        for session in sessions:
            session.close()
        host.stop()
        clear_scenes(app)
