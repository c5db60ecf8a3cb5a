"""Game over: nothing dangerous has the focus, so a Space or Enter
still held from the last move does not skip the scores; each player's score is broken
down by where its points came from, as the engine reports it (docs/rules/hammer.md §7)."""

from __future__ import annotations

import time

import pygame
import pytest

from game.bots import RandomBot
from game.bots.base import play_bots
from game.engine import new_match
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.menu import MenuScene
from game.ui.session import HotseatSession
from tests.ui.shell_helpers import new_app, post_key

pytest.importorskip("game.rules.hammer")
pytest.importorskip("game.rules.witch_trial")


def finished_session(app, game="hammer", names=("Ann", "Bob", "Cy"), seed=11, bots=None) -> HotseatSession:
    """A hot-seat session whose game is over. Seeded random bots play it to the end: these
    tests are about the screens after the last move, not how it was reached (a searching
    bot at every seat took seconds per game)."""
    bots = list(range(1, len(names))) if bots is None else bots  # (two people or more: a public final table)
    s = HotseatSession.new(app, game, list(names), bots, seed=seed, bot_delay=0.0, hold=0)
    play_bots(s.match, {seat: RandomBot(seed * 31 + seat) for seat in range(len(names))})
    assert s.match.over
    return s


def words_drawn(app, monkeypatch) -> list[str]:
    """Every text the score screen draws, in order, from one forced redraw."""
    import game.ui.scenes.game_over as scene_module

    drawn: list[str] = []
    real = scene_module.draw_text

    def spy(surface, text, *a, **k):
        drawn.append(text)
        return real(surface, text, *a, **k)

    monkeypatch.setattr(scene_module, "draw_text", spy)
    app.draw(force=True)
    return drawn


def test_space_and_enter_do_not_leave_the_scores(tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app = new_app()
    s = finished_session(app)
    app.scenes.reset(MenuScene(app))
    over = GameOverScene(app, s)
    app.scenes.push(over)
    app.frame(wait=False)
    assert over.ring.focus is None
    for key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        post_key(app, key)
        assert app.scenes.top is over  # the scores are still there
    post_key(app, pygame.K_TAB)
    assert over.ring.focus.name == "play_again"
    post_key(app, pygame.K_RETURN)  # a deliberate choice still works
    assert app.scenes.top is not over and app.scenes.find(GameOverScene) is None


@pytest.mark.parametrize(
    "game, players, seed",
    [("hammer", 3, 1), ("hammer", 4, 2), ("hammer", 5, 3), ("witch_trial", 4, 4), ("witch_trial", 7, 5)],
)
def test_the_breakdown_adds_up_to_each_score(game, players, seed):  # docs/rules/hammer.md §7
    names = [f"P{i}" for i in range(players)]
    m = new_match(game, names, seed=seed, options={"bots": list(range(players))})
    assert m.score_breakdown() == []  # nothing before the end
    play_bots(m, {s: RandomBot(seed * 10 + s) for s in range(players)})
    breakdown, scores = m.score_breakdown(), m.result()["scores"]
    assert len(breakdown) == players
    for seat in range(players):
        assert sum(line["points"] for line in breakdown[seat]) == scores[seat]
        assert all(isinstance(line["label"], str) and line["label"] for line in breakdown[seat])
    if game == "hammer":
        assert [line["label"] for line in breakdown[0]] == [
            "Pentagrams on living villagers",
            "Matches on trophies",
            "Kept tests",
            "Empty pyres of other players",
        ]


def test_the_score_screen_shows_a_row_per_source_of_points(tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app = new_app()
    s = finished_session(app, names=("Ann", "Bob", "Cy", "Dora", "Ede"))
    over = GameOverScene(app, s)
    app.scenes.reset(over)
    drawn = words_drawn(app, monkeypatch)
    assert over.labels() == [line["label"] for line in s.match.score_breakdown()[0]]
    for label in over.labels():
        assert label in drawn
    for seat, lines in enumerate(s.match.score_breakdown()):
        for line in lines:
            assert str(line["points"]) in drawn
        assert str(s.match.result()["scores"][seat]) in drawn


def test_the_prevots_column_says_who_runs_the_story(tmp_path, monkeypatch):
    # docs/rules/malleus.md M15: the Prévôt's score is 0 and he never wins; a bare "Ann 0"
    # read as the last place. The column says whose seat it is; the players' do not change
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app = new_app()
    s = finished_session(app, game="malleus", names=("Ann", "Bob", "Cy", "Dora"), seed=3)
    over = GameOverScene(app, s)
    app.scenes.reset(over)
    drawn = words_drawn(app, monkeypatch)
    assert "Ann (Prévôt)" in drawn and "Ann" not in drawn
    assert {"Bob", "Cy", "Dora"} <= set(drawn)


def test_a_ghost_has_no_column(tmp_path, monkeypatch):
    # docs/rules/salem.md (two or three players): the ghosts are seats nobody plays; a
    # column "Mary Warren 0" stood beside the players as if she had lost
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app = new_app()
    s = finished_session(app, game="salem", names=("Ann", "Bob", "Cy"), seed=7)
    ghosts = s.match.absent()
    assert ghosts
    over = GameOverScene(app, s)
    app.scenes.reset(over)
    drawn = words_drawn(app, monkeypatch)
    assert {"Ann", "Bob", "Cy"} <= set(drawn)
    assert not {s.players[g] for g in ghosts} & set(drawn)
    assert sorted(over.order()) == [seat for seat in range(len(s.players)) if seat not in ghosts]


def test_the_score_screen_says_how_the_game_ended_and_shows_the_final_table(tmp_path, monkeypatch):
    """Every game's end view carries ``ending`` (one or two sentences, the same for every
    seat): the game-over screen says it above the scores. "See the final table" (a click
    or T) shows the table under a thin bar, the scores come back with Esc (or the bar's
    button), as they were."""
    import game.ui.scenes.game_over as scene_module
    from game.ui.session import open_table
    from tests.ui.shell_helpers import post_click

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app = new_app()
    s = finished_session(app)
    words = "Cy burned Ann's last villager. Bob wins with 9 points."
    real_view = s.match.view
    monkeypatch.setattr(s.match, "view", lambda seat: {**real_view(seat), "ending": words})
    table = open_table(app, s, base=MenuScene(app))
    for _ in range(200):  # the final position, then the session brings the scores up
        app.frame(wait=False)
        if isinstance(app.scenes.top, GameOverScene):
            break
        time.sleep(0.01)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    drawn: list[str] = []
    import game.ui.scenes.final_table as look_module

    for module in (scene_module, look_module):
        monkeypatch.setattr(
            module,
            "draw_text",
            lambda surface, text, *a, _real=module.draw_text, **k: (drawn.append(text), _real(surface, text, *a, **k))[
                1
            ],
        )
    app.draw(force=True)
    lines = over.ending_lines(over._panel().w)
    assert " ".join(lines) == words and all(line in drawn for line in lines)  # said whole, above the scores
    assert app.scenes.visible() == [over]
    post_click(app, over.ring.find("final_table").rect.center)
    assert over.looking and app.scenes.top is over and app.scenes.visible() == [table, over]
    drawn.clear()
    app.draw(force=True)
    assert over.LOOK_WORDS in drawn and words not in drawn  # the table, with only the bar over it
    post_key(app, pygame.K_ESCAPE)
    assert not over.looking and app.scenes.visible() == [over] and app.scenes.top is over
    post_key(app, pygame.K_t)  # the keyboard way there and back
    assert over.looking
    post_click(app, over.ring.find("back_to_scores").rect.center)
    assert not over.looking and over.ring.find("play_again") is not None


def open_final_table(app, s):
    """The finished session's table, its scores up by themselves, then T: the final table."""
    from game.ui.session import open_table

    table = open_table(app, s, base=MenuScene(app))
    for _ in range(200):
        app.frame(wait=False)
        if isinstance(app.scenes.top, GameOverScene):
            break
        time.sleep(0.01)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    post_key(app, pygame.K_t)
    assert over.looking and over.table_below() is table
    app.frame(wait=False)
    return table, over


def test_the_final_witch_trial_table_shows_every_hand_and_the_deck_face_up(tmp_path, monkeypatch):
    """docs/rules/witch_trial.md, the end of the game: every hand and the deck are revealed.
    The final table lays each other seat's hand face up in its panel and the deck's top
    card on the deck; a hover zooms any of them, as on the table during the game."""
    from game.ui.smoke_common import post_move

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app = new_app()
    s = finished_session(app, game="witch_trial", names=("Ann", "Bob", "Cy", "Dora"), seed=4)
    table, over = open_final_table(app, s)
    revealed = s.match.view(None)["revealed"]
    faces = [sp for sp in table.group.sprites() if getattr(sp, "zone", "") == "revealed"]
    shown = sorted(sp.card_id for sp in faces)
    hidden = [c for seat, hand in enumerate(revealed["hands"]) if seat != table.my_seat() for c in hand]
    assert shown == sorted(hidden + revealed["deck"][-1:]) and shown
    for sp in faces:  # each in its seat's panel, or on the deck
        owner = next((seat for seat, hand in enumerate(revealed["hands"]) if sp.card_id in hand), None)
        place = table.seat_zone(owner) if owner is not None else pygame.Rect(table.rects["deck"])
        assert place.contains(sp.rect), (sp.card_id, sp.rect, place)
    card = faces[-1]
    assert table.court.bottom_hand() is None  # Ann's own screen: her hand is in the hand row
    post_move(app, card.rect.center)
    table.hover_since -= 1  # resting on it
    for _ in range(3):
        app.frame(wait=False)
    assert table.zoom == ("card", card.card_id)


def test_the_public_final_witch_trial_table_lays_the_bottom_seat_s_hand_in_the_court(tmp_path, monkeypatch):
    """Two people: the final table is the public one, and the seat drawn at the bottom has
    a panel too small for a hand (its cards lay in a fan there, one readable). Its hand
    lies face up in the court, side by side under its name, below the words of the end."""
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app = new_app()
    s = finished_session(app, game="witch_trial", names=("Ann", "Bob", "Cy", "Dora"), seed=4, bots=[2, 3])
    table, over = open_final_table(app, s)
    assert table.my_seat() is None
    bottom, hand = table.court.bottom_hand()
    assert bottom == table.shown_seat() and hand == s.match.view(None)["revealed"]["hands"][bottom]
    label, at, places = table.court.bottom_hand_place()
    assert label == f"{s.players[bottom]}'s hand"
    faces = {sp.card_id: sp.rect for sp in table.group.sprites() if getattr(sp, "zone", "") == "revealed"}
    row = [faces[c] for c in hand]
    court = pygame.Rect(table.rects["court"])
    assert all(court.contains(r) for r in row) and all(a.right <= b.x for a, b in zip(row, row[1:])), row
    assert not at.colliderect(row[0])
    # its panel shows the backs and the count, as during the game; the others' panels their faces
    assert not table.seats.faces_in_panel(bottom)
    assert all(table.seats.faces_in_panel(seat) for seat in range(4) if seat != bottom)
    # the court draws the label, and the words of the end above the row
    import game.ui.scenes.witch_trial.court as court_module

    drawn: list[str] = []
    real = court_module.text
    monkeypatch.setattr(court_module, "text", lambda words, *a, **k: drawn.append(words) or real(words, *a, **k))
    scratch = pygame.Surface(app.size)
    table.court.draw_court_idle(scratch, table.court.area_now())
    assert label in drawn


def with_the_end_view(monkeypatch, match, end: dict) -> None:
    """Views of the finished ``match`` carry ``end`` (the keys the rules add once a game is
    over, docs/rules/<game>.md) whether or not this game's rules add them yet."""
    real_view = match.view
    monkeypatch.setattr(match, "view", lambda seat: {**real_view(seat), **end})


def test_the_final_hammer_table_shows_every_hand_and_the_sealed_box(tmp_path, monkeypatch):
    """docs/rules/hammer.md, the end: every hand and the bribes still sealed in the box are
    revealed. The middle of the final table shows each other seat's hand and the box face
    up, by name; a hover zooms a card."""
    from game.ui.smoke_common import post_move

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app = new_app()
    s = finished_session(app, names=("Ann", "Bob", "Cy", "Dora"), seed=2)
    hands = s.match.state["hands"]
    sealed = s.match.state["discard"][:1]  # a Bribe's place in the box: any card id draws
    box = [{"card": card, "target": "karl", "sign": 1, "value": 2} for card in sealed]
    with_the_end_view(
        monkeypatch,
        s.match,
        {
            "ending": "Cy burned Ann's Karl. Bob wins.",
            "revealed": {"players": [{"seat": p, "hand": list(hands[p])} for p in range(4)], "box": box},
        },
    )
    table, over = open_final_table(app, s)
    faces = sorted(sp.card_id for sp in table.group.sprites() if getattr(sp, "zone", "") == "revealed")
    expected = sorted([c for p in range(4) if p != table.my_seat() for c in hands[p]] + [b["card"] for b in box])
    assert faces == expected and faces
    middle = pygame.Rect(table.rects["banner"])
    assert all(middle.contains(sp.rect) for sp in table.group.sprites() if getattr(sp, "zone", "") == "revealed")
    words = [w for w, _c, _l, _p in table.final_rows()]
    assert words[:3] == ["Bob's hand", "Cy's hand", "Dora's hand"] and ("Sealed in the box" in words) == bool(box)
    card = next(sp for sp in table.group.sprites() if getattr(sp, "zone", "") == "revealed")
    post_move(app, card.rect.center)
    table.hover_since -= 1
    for _ in range(3):
        app.frame(wait=False)
    assert table.zoom == ("card", card.card_id)


def test_the_final_salem_table_shows_every_hand_in_the_middle(tmp_path, monkeypatch):
    """docs/rules/salem.md, the end: every Tryal card (face up on the seats) and every hand
    are revealed; the middle of the final table shows each other seat's hand by name."""
    pytest.importorskip("game.rules.salem")
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app = new_app()
    s = finished_session(app, game="salem", names=("Ann", "Bob", "Cy", "Dora", "Ede"), seed=6)
    hands = s.match.state["hands"]
    table, over = open_final_table(app, s)
    faces = sorted(sp.card_id for sp in table.group.sprites() if getattr(sp, "zone", "") == "revealed")
    assert faces == sorted(c for p in range(5) if p != table.my_seat() for c in hands[p])
    words = [w for w, _c, _l, _p in table.final_rows()]
    assert words == [f"{s.players[p]}'s hand" for p in range(5) if p != table.my_seat()]
    middle = pygame.Rect(table.rects["center"])
    assert all(middle.contains(place) for _w, _c, _l, place in table.final_rows())
    # the hand's place no longer says the screen is passed between players
    assert table.no_hand_words() == "The game is over: what was hidden is face up now."


def test_the_final_testimony_table_turns_the_card_set_aside_face_up(tmp_path, monkeypatch):
    """docs/rules/testimony.md, the end: the Character set aside unseen is revealed; the
    final table shows it face up in the middle (the plates show every Character already)."""
    pytest.importorskip("game.rules.testimony")
    from game.ui.session import open_table

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app = new_app()
    s = finished_session(app, game="testimony", names=("Ann", "Bob", "Cy", "Dora"), seed=5)
    aside = s.match.state["set_aside"]
    assert aside and aside not in s.match.state["characters"]
    with_the_end_view(monkeypatch, s.match, {"ending": "Dora wins the match.", "revealed": {"set_aside": aside}})
    table = open_table(app, s, base=MenuScene(app))
    drawn: list[str] = []
    real_face = table.art.face
    monkeypatch.setattr(
        table.art,
        "face",
        lambda game, card, size, *a, **k: (drawn.append(card), real_face(game, card, size, *a, **k))[1],
    )
    table.close_reveal()  # the last game's result read: the final table
    table._static_key = None
    app.draw(force=True)
    assert aside in drawn


def test_a_bots_column_names_it_whole_with_the_bot_icon(tmp_path, monkeypatch):
    """A bot's column is headed by its name and the bot icon, the column as wide as the
    name needs where the window has room: the words " (bot)" took a 150 px column's room
    and cut the name itself ("Maximilian (b…", "Bartholomew …", in the window a 1280x720
    screen opens)."""
    import game.ui.scenes.game_over as scene_module

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    app = new_app()
    assert app.set_window_size((1264, 648))
    names = ("Wilhelmina", "Bartholomew", "Maximilian")
    s = finished_session(app, game="witch_trial", names=names)
    over = GameOverScene(app, s)
    app.scenes.reset(over)
    drawn: list[str] = []
    icons: list[str] = []
    real_text, real_icon = scene_module.draw_text, scene_module._icon
    monkeypatch.setattr(
        scene_module,
        "draw_text",
        lambda surface, text, *a, **k: drawn.append(text) or real_text(surface, text, *a, **k),
    )
    monkeypatch.setattr(scene_module, "_icon", lambda name, *a: icons.append(name) or real_icon(name, *a))
    app.draw(force=True)
    for name in names:
        assert name in drawn, drawn
    assert not any("(bot)" in d or ("\u2026" in d and d[:4] in "".join(names)) for d in drawn), drawn
    assert icons.count("bot") == len(s.bots) == 2
    app.set_window_size((1280, 720))
