"""A first story, as a new group plays it at one screen (docs/rules/malleus.md §2.10, §3):
from the main menu, New game → Malleus → "A ready village" → Start; the players choose
their villagers, write their ledgers and name companions behind the curtain; then two
full rounds of conflicts — scenes, a fact cited by dragging, sides, secret actions (one
written out, one card played in secret that the Prévôt carries out), the dice, the
outcome and the secret action phase — and the chronicle exported. Everything through
posted clicks, drags, typed text and keys; the curtain rule is checked on every frame
(DESIGN D3). Prints the time and commands from "New game" to the first conflict."""

from __future__ import annotations

import time

import pygame
import pytest

from game.ui.scenes.menu import MenuScene
from game.ui.smoke_common import CurtainWatch, fast_animations, post_click, post_key
from game.ui.smoke_malleus import MalleusPlayer
from tests.ui.malleus_ui_kit import press
from tests.ui.table_source import clear_scenes, run_frames, table_app


@pytest.fixture
def app():
    yield from table_app((1280, 720))


def _widget(scene, name: str):
    found = scene.ring.find(name)
    assert found is not None, f"{type(scene).__name__} has no {name}"
    return found.rect.center


def test_a_first_story_with_a_ready_village_through_the_table(app, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    with fast_animations(app):
        app.scenes.reset(MenuScene(app))
        run_frames(app, 2)
        started = time.monotonic()
        post_click(app, _widget(app.scenes.top, "new_game"))
        form = app.scenes.top
        post_click(app, _widget(form, "game_malleus"))
        post_click(app, _widget(form, "option_village"))
        post_click(app, _widget(form, "seed"))  # one story, the same at every run
        for ch in "7":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        post_click(app, _widget(form, "start"))
        table = app.scenes.top
        session = table.source
        m = session.match
        assert m.options["village"] == "ready" and m.state["phase"] == "choosing" and m.seed == 7
        assert len(m.state["vorder"]) == 12 and all("place" in v for v in m.view(None)["villagers"])
        watch = CurtainWatch(session, table)
        player = MalleusPlayer(app, session, seed=4, stop_round=3)
        first_conflict = None
        try:
            for _ in range(6000):
                if player.finished():
                    break
                player.step()
                if first_conflict is None and any(e.get("type") == "declare" for e in m.log(None)):
                    first_conflict = (time.monotonic() - started, m.state_id)
        finally:
            watch.close()
        assert m.state["round"] >= 3 and not m.over, (m.state["phase"], m.state["step"], dict(player.done))
        assert watch.problems == [], watch.problems[:3]
        done = player.done
        for needed in (
            "choose",
            "ledger",
            "companion",
            "declare",
            "frame_now",
            "cite_drag",
            "secret_action",
            "toad",
            "secret_card_chosen",
            "roll",
            "end_turn",
            "end_secret_phase",
        ):
            assert done.get(needed), f"the story never did {needed}: {dict(done)}"
        assert any(k.startswith(("apply_", "void_")) for k in done), "the Prévôt carried out no secret card"
        log = m.log(0)
        assert any(
            e.get("type") == "secret_action" and e.get("text") == "I slip a dead toad into the well" for e in log
        )
        assert any(e.get("type") == "card" and e.get("secret") for e in log), "no card was played in secret"
        assert sum(1 for e in m.log(None) if e.get("type") == "outcome") >= 2 * 3
        assert sum(1 for e in m.log(None) if e.get("type") == "phase_over") == 2
        # the chronicle, from the More… menu (round 3's first player is behind the curtain)
        if app.scenes.top is not table:
            post_click(app, (app.size[0] // 2, app.size[1] // 2))
        assert app.scenes.top is table
        if table.report.round_report is not None:  # the end of round 2, read
            post_key(app, pygame.K_RETURN)
        press(app, table, "chronicle")
        written = list((tmp_path).rglob("malleus-chronicle-*.md"))
        assert len(written) == 1 and "## What happened" in written[0].read_text(encoding="utf-8")
        session.close()
    seconds, commands = first_conflict
    with capsys.disabled():
        print(
            f"\nMalleus, ready village: New game -> first conflict {seconds:.2f} s, {commands} commands "
            f"(the whole story to round 3: {m.state_id} commands)"
        )
    clear_scenes(app)
