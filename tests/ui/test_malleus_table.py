"""The Malleus table (docs/rules/malleus.md §9; DESIGN D3, D5, D6): the village map from the
Tiled file, private information only where it belongs, the story table's curtain policy,
public moves for other seats, the saved arrangement, the chronicle, the new-game form."""

from __future__ import annotations

import pytest

from game.bots.malleus import MalleusBot
from game.engine import new_match
from game.ui.scenes.malleus.chronicle import chronicle_markdown
from game.ui.scenes.malleus.table import MalleusTableScene
from tests.rules.malleus_playout import Knowledge, tag_command
from tests.ui.table_source import MatchTableSource, open_table_scene, run_frames, table_app

NAMES = ["Jacques", "Ann", "Bob", "Cy"]


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def _story(seed: int, stop, tagged: bool = True):
    """A bot game (private texts tagged with their owner) played until ``stop(match)``."""
    m = new_match("malleus", NAMES, seed=seed)
    bots = {s: MalleusBot(seed * 10 + s) for s in range(m.n)}
    know = Knowledge(m.n)
    for _ in range(4000):
        if stop(m) or m.over:
            break
        seat = m.to_act()[0]
        command = bots[seat].choose(m.view(seat), m.legal(seat))
        m.apply(seat, tag_command(seat, command, know) if tagged else command)
    return m


def _drawn_words(scene) -> str:
    """Every text the table drew (noted blocks) and every line its game log shows."""
    return " ".join([b.shown for b in scene.text_blocks()] + [scene.describe_event(e) for e in scene.log_events])


def test_the_village_map_is_the_tiled_file_with_named_places_and_scenery():
    # §9: a map with named places, read with pytmx through game.ui.layout
    import pytmx

    from game.ui.layout import layout_path, load_layout, load_village

    tmx = pytmx.TiledMap(str(layout_path("malleus")))
    assert {"places", "scenery", "players_4", "players_5", "players_6"} <= {g.name for g in tmx.objectgroups}
    village = load_village("malleus")
    assert len(village.places) >= 12 and "The church" in village.places and "The mill" in village.places
    kinds = {s.kind for s in village.scenery}
    assert {"river", "road", "field", "church", "house", "mill"} <= kinds
    for n in (4, 5, 6):
        layout = load_layout("malleus", n)
        assert set(MalleusTableScene.REQUIRED_ZONES) <= set(layout.zones)
        for z in village.places.values():  # every place lies on the map zone
            m = layout.zone("map")
            assert m.x <= z.x and z.x + z.w <= m.x + m.w and m.y <= z.y and z.y + z.h <= m.y + m.h, z.name


@pytest.mark.parametrize("when", ["building", "ledgers", "scene", "secret_step", "phase_resolve"])
def test_every_screen_draws_and_shows_only_what_its_seat_may_know(app, when):
    # §5: the public screen shows no ledger, the players no other ledger, nobody a note's text but its readers
    stops = {
        "building": lambda m: m.state["phase"] == "building" and len(m.state["vorder"]) >= 6,
        "ledgers": lambda m: m.state["phase"] == "companions",
        "scene": lambda m: m.state["phase"] == "round" and m.state["step"] == "scene",
        "secret_step": lambda m: m.state["step"] == "secret_step" and m.state["collect"]["resolving"],
        "phase_resolve": lambda m: m.state["step"] == "phase_resolve",
    }
    m = _story(11, stops[when])
    for seat in (None, 0, 1, 2):
        scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, seat), 2)
        for tab, _label in scene.ledger.ledger_tabs():
            scene.ledger.tab = tab
            scene._static_key = None
            scene.dirty = True
            run_frames(app, 1)
            words = _drawn_words(scene)
            learned = set()  # what the seat's own cards told it (Eavesdropping, Sharp Intuition)
            for e in m.log(seat):
                if e.get("type") == "learned":
                    learned.update(
                        {f"S{e['player_seen']}"}
                        if e["kind"] == "eavesdropping"
                        else {f"E{e['player_seen']}", f"V{e['player_seen']}"}
                    )
                if e.get("type") == "secret_revealed":
                    learned.add(f"S{e['player']}")
            for owner in (1, 2, 3):
                for kind in "SEVAOB":
                    if f"⟦{kind}{owner}⟧" in words and f"{kind}{owner}" not in learned:
                        assert seat in (0, owner), f"{when}: seat {seat} drew ⟦{kind}{owner}⟧ on tab {tab}"
            for a in range(1, 4):
                for b in range(1, 4):
                    if f"⟦N{a}>{b}⟧" in words:
                        assert seat in (a, b), f"{when}: seat {seat} drew a note {a}->{b}"


def test_the_conflict_panel_shows_each_term_of_both_bonuses(app):
    # §3.4: standing + floor(pool / 3) + facts, each term shown, and the dice
    m = _story(12, lambda m: m.state["step"] == "outcome" and m.state["conflict"]["roll_for"], tagged=False)
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, None), 40)
    words = _drawn_words(scene)
    c = m.view(None)["conflict"]
    b = c["bonus"]
    assert "Standing of " in words and f"Pool {b['for']['pool_sum']} ÷ 3 → +{b['for']['pool_bonus']}" in words
    assert f"Pool {b['against']['pool_sum']} ÷ 3 → +{b['against']['pool_bonus']}" in words
    assert f"Facts +{b['for']['facts_bonus']}" in words
    assert f"{c['actor_total']} against {c['target_number']}" in words


def test_story_session_keeps_the_table_public_and_curtains_private_input(app, tmp_path, monkeypatch):
    # DESIGN D3, §5.5: curtain only for private input, always through it
    from game.ui.scenes.malleus.session import StorySession
    from game.ui.session import HotseatSession, open_table
    from game.ui.smoke_common import CurtainWatch
    from game.ui.smoke_malleus import MalleusPlayer

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session = HotseatSession.new(
        app, "malleus", list(NAMES), [], seed=9, bot_delay=0.0, save_path=tmp_path / "s.witchhunt.json"
    )
    assert isinstance(session, StorySession) and session.screen_seat is None
    table = open_table(app, session)
    watch = CurtainWatch(session, table)
    player = MalleusPlayer(app, session, seed=9, stop_round=1)
    try:
        for _ in range(2500):
            if session.match.state["phase"] == "round":
                break
            player.step()
    finally:
        watch.close()
    assert session.match.state["phase"] == "round", "the beginning phase did not finish through the UI"
    assert watch.problems == [] and watch.lifts >= 3  # the ledgers and companions, behind the curtain
    assert watch.public_frames > watch.private_frames
    # public moves for another seat: only public ones, only for people
    before = session.match.state_id
    refused = session.submit_as(1, {"type": "secret_action", "text": "x"})
    assert refused and ("private" in refused or "curtain" in refused) and session.match.state_id == before
    assert session.submit_as(7, {"type": "pass"})
    session.close()
    from tests.ui.table_source import clear_scenes

    clear_scenes(app)


def test_the_arrangement_of_plates_is_saved_with_the_match(app, tmp_path, monkeypatch):
    # §9: dragging a plate is UI state saved with the match (D5), restored by Continue
    from game.ui.session import WRITER, HotseatSession, open_table

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    path = tmp_path / "plates.witchhunt.json"
    session = HotseatSession.new(app, "malleus", list(NAMES), [1, 2, 3], seed=4, bot_delay=0.0, save_path=path)
    session.match.apply(0, {"type": "set_trigger", "text": "Blight."})
    session.match.apply(0, {"type": "add_villager", "name": "Marie", "facts": ["a", "b", "c"]})
    table = open_table(app, session)
    run_frames(app, 2)
    m = table.village.map_rect()
    start = table.locate("plate", "v1")
    from game.ui.smoke_common import post_drag

    post_drag(app, start, (m.x + m.w // 3, m.y + m.h // 2))
    WRITER.flush()
    spot = session.ui_state["plates"]["v1"]
    assert abs(spot[0] - 1 / 3) < 0.05 and abs(spot[1] - 0.5) < 0.05
    session.close()
    again = HotseatSession.resume(app, path)
    assert again.ui_state["plates"]["v1"] == spot
    from tests.ui.table_source import clear_scenes

    clear_scenes(app)


def test_a_lan_like_source_acts_only_for_its_own_seat(app):
    # D4/D6: a client's table offers its seat's moves and no one else's
    m = _story(13, lambda m: m.state["step"] == "scene", tagged=False)
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, 2), 2)
    labels = [b.label for b in scene.buttons]
    assert not any(label.startswith(("Prévôt:", "Ann:", "Cy:")) for label in labels)
    assert "begin_resolution" not in [b.name for b in scene.buttons]
    prevot = open_table_scene(app, MalleusTableScene, MatchTableSource(m, 0), 2)
    assert "begin_resolution" in [b.name for b in prevot.buttons]


def test_the_chronicle_tells_the_village_the_rounds_and_the_winner():
    # §9: a readable Markdown chronicle from the public log
    m = _story(3, lambda m: False)
    assert m.over
    text = chronicle_markdown(m.view(None), m.log(None), list(m.players))
    assert text.startswith("# The witch-hunt in Charmes")
    for needed in ("## The calamity", "## The village", "## What happened", "### Round 1", "## The end", "Victory"):
        assert needed in text
    for v in m.view(None)["villagers"]:
        assert v["name"] in text
    assert "⟦" not in text.replace("⟦S", "").replace("⟦C", "")  # only revealed secrets may appear


def test_new_game_names_the_prevot_and_never_offers_him_a_bot(app):
    # §2.1: New game (Prévôt + 3-5 players)
    from game.ui.scenes.new_game import NewGameScene

    scene = NewGameScene(app)
    app.scenes.push(scene)
    scene.pick_game("malleus")
    names = [getattr(w, "name", "") for w in scene.ring.all()]
    assert "bot_0" not in names and "bot_1" in names
    assert scene.seat_label(0) == "Prévôt" and scene.seat_label(2) == "Player 2"
    assert MalleusTableScene.seats_text(4) == "Prévôt + 3 players"
    app.scenes.pop()


def test_cli_play_refuses_a_bot_prevot():
    from game.cli import main

    assert main(["play", "malleus", "--players", "Jacques,Ann,Bob,Cy", "--bots", "0"]) == 2


def test_a_player_plays_a_card_any_time_behind_the_curtain_and_returns_to_the_table(app, tmp_path, monkeypatch):
    # docs/rules/malleus.md §6 R23/R24 + DESIGN D3: "Play a card" lowers the curtain for that player only; the play is
    # secret (the log shows the effect, not the player); Back to the table goes public
    from game.ui.scenes.curtain import CurtainScene
    from game.ui.session import HotseatSession, open_table
    from game.ui.smoke_common import post_click
    from tests.rules.malleus_kit import give, village_s
    from tests.ui.malleus_ui_kit import press
    from tests.ui.table_source import clear_scenes

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session = HotseatSession.new(
        app, "malleus", list(NAMES), [], seed=1, bot_delay=0.0, save_path=tmp_path / "card.witchhunt.json"
    )
    m = session.match = village_s(turn=1)
    card = give(m, 2, "whispering")
    m.apply(1, {"type": "declare_conflict", "kind": "accusation", "target": "v5"})
    m.apply(1, {"type": "frame_scene", "location": "The well", "present": ["v1", "v5"]})
    table = open_table(app, session)
    run_frames(app, 2)
    assert session.screen_seat is None and "begin_resolution" in [b.name for b in table.buttons]
    post_click(app, table.locate("button", "private"))
    post_click(app, table.locate("prompt", 2))  # Bob's cards and ledger
    assert isinstance(app.scenes.top, CurtainScene) and session.curtain_seat == 2
    post_click(app, (app.size[0] // 2, app.size[1] // 2))
    assert session.screen_seat == 2
    press(app, table, f"play_{card}")  # Play Whispering Campaign… (the bar, or its More… menu)
    post_click(app, table.locate("prompt", 0))  # on Marie, in secret
    assert m.state["villagers"]["v1"]["standing"] == 7 and card in m.state["ledgers"][2]["locked"]
    assert [e for e in m.log(None) if e["type"] == "card"][-1] == {
        "type": "card",
        "card_type": "whispering",
        "secret": True,
        "target": "v1",
    }
    post_click(app, table.locate("button", "release"))
    assert session.screen_seat is None
    session.close()
    clear_scenes(app)


@pytest.mark.parametrize("size", [(1024, 640), (1264, 648), (1280, 720)])
def test_the_players_strip_names_every_player_of_the_largest_village(app, size):
    """The Prévôt and five players: the strip under the round's panel has a line for each
    player in every window (it took a fixed 150 px, and at 1024x640 the fifth player's
    line was left out)."""
    names = ["Jacques", "Ann", "Bob", "Cy", "Dora", "Ede"]
    m = new_match("malleus", names, seed=5)
    before = app.size
    try:
        assert app.set_window_size(size)
        for seat in (0, 1):
            scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, seat), frames=2)
            scene.draw(app.screen)
            lines = [b for b in scene.text_blocks() if b.what == "players"]
            assert [b.text.split(" (")[0] for b in lines] == names[1:], (size, seat)
            for b in lines:
                assert not b.problems(), b.problems()
    finally:
        app.set_window_size(before)


def test_the_story_panel_s_sentences_begin_with_a_capital(app):
    """ "the Prévôt (Ann) adds a villager, …" began a line of the story panel in lower case."""
    m = _story(11, lambda m: m.state["phase"] == "building" and m.to_act() == [0] and len(m.state["vorder"]) >= 3)
    assert m.to_act() == [0]
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, None), 2)
    run_frames(app, 1)
    lines = [b.shown for b in scene.text_blocks() if b.what == "conflict"]
    assert any("Prévôt (" in line and " adds a villager" in line for line in lines), lines
    assert [line for line in lines if line[:1].islower()] == []


def test_the_conflict_panel_lists_the_people_of_the_scene_as_a_sentence(app):
    """The conflict panel read "At the square: Catherine, Barbe, Marguerite." where the log's
    line for the same scene read "Catherine, Barbe and Marguerite": the panel's lists of
    people (present, handed in, still to come, intimidated) end in "and" too."""
    from game.ui.wording import listed

    def framed(m):
        return len((m.view(None).get("conflict") or {}).get("present") or []) >= 3

    m = _story(3, framed, tagged=False)
    c = m.view(None)["conflict"]
    scene = open_table_scene(app, MalleusTableScene, MatchTableSource(m, None), 40)
    n = scene.names()
    present = [n.villager(v) for v in c["present"]]
    words = _drawn_words(scene)
    assert f": {listed(present)}." in words, words
    assert ", ".join(present) + "." not in words
