"""The Malleus guide panel and its action bar (docs/rules/malleus.md §9 and the steps of
§2-§3): for the current step it says what is happening, whom the table waits for, what
the person at the screen does now and the rule it rests on, with that step's buttons in
one row — the main action as the big button, the rest that fit beside it, everything
else in "More…" or on the thing it acts on (Count / Reject beside a cited fact, a side's
button under its column). No label is cut, no button lies on the map, and the main
button keeps its place whoever's screen it is."""

from __future__ import annotations

import pygame
import pytest

from game.ui.scenes.malleus.bar import cut_labels
from game.ui.smoke_common import post_click
from tests.ui.malleus_ui_kit import lift_curtain, offered, press, story_table
from tests.ui.table_source import clear_scenes, run_frames, table_app

SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(params=SIZES, ids=["1280x720", "1920x1080"])
def app(request):
    yield from table_app(request.param)


def _guide_words(table) -> list[str]:
    return [b.text for b in table.text_blocks() if b.what == "guide"]


def _check_bar(table) -> None:
    """One row of whole labels, inside the guide panel, nothing on the map."""
    bar = [
        b
        for b in table.buttons
        if b.visible and not b.name.startswith(("approve_", "reject_", "for_", "against_", "private", "ledger_"))
    ]
    guide = pygame.Rect(table.rects["guide"])
    assert bar, "no action bar"
    assert len({b.rect.y for b in bar}) == 1, [(b.name, tuple(b.rect)) for b in bar]
    for b in table.buttons:
        if b.visible:
            assert not b.rect.colliderect(table.village.map_rect()), f"{b.name} lies on the map"
    for b in bar:
        assert guide.contains(b.rect), f"{b.name} leaves the guide panel"
    assert not cut_labels([b for b in table.buttons if b.visible]), [b.label for b in cut_labels(table.buttons)]
    problems = [
        p for blk in table.text_blocks() if blk.what in ("guide", "button", "citation", "chips") for p in blk.problems()
    ]
    assert not problems, problems


def test_the_prevot_is_told_what_he_decides_with_the_secret_actions(app, tmp_path, monkeypatch):
    # §3.5: the Prévôt carries out the cards and orders, then closes the step
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = story_table(app, tmp_path, "resolving")
    assert session.curtain_seat == 0  # his private input: the curtain for him alone
    lift_curtain(app)
    assert session.screen_seat == 0
    words = " ".join(_guide_words(table))
    assert "Secret actions" in words and "Waiting for you." in words
    assert "You decide:" in words and "Close the secret actions" in words and "§3.5" in words
    assert offered(table)[:1] == ["close_secret"] or "close_secret" in offered(table)
    assert "roll" not in offered(table) and "begin_resolution" not in offered(table)
    _check_bar(table)
    session.close()
    clear_scenes(app)


def test_a_player_is_told_to_write_a_secret_action_or_keep_no_secret_action(app, tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = story_table(app, tmp_path, "secret_step")
    assert sorted(session.banner_seats()) == [1, 2, 3]
    press(app, table, "seat_2")
    lift_curtain(app)
    assert session.screen_seat == 2
    words = " ".join(_guide_words(table))
    assert "Your secret action: write what your villager does in secret, or keep “No Secret Action”." in words
    assert "§3.5" in words
    assert table.buttons[0].name == "secret_action" or table.locate("button", "secret_action") is not None
    _check_bar(table)
    session.close()
    clear_scenes(app)


def test_the_shared_screen_offers_a_button_per_person_to_go_behind_the_curtain(app, tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = story_table(app, tmp_path, "secret_step")
    assert {"seat_1", "seat_2", "seat_3"} <= {b.name for b in table.buttons if b.visible}
    assert "press your name" in " ".join(_guide_words(table))
    _check_bar(table)
    session.close()
    clear_scenes(app)


def test_the_scene_keeps_one_row_and_judges_facts_beside_them(app, tmp_path, monkeypatch):
    # §3.4: three facts cited, three players who may take a side, the Prévôt's moves — one row;
    # each citation's Count / Reject beside its words, or under them where the column is
    # narrow (beside them at 1280 x 720 the fact itself was cut to "…")
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = story_table(app, tmp_path, "cited")
    assert session.screen_seat is None
    _check_bar(table)
    cites = {b.text: b for b in table.text_blocks() if b.what == "citation"}
    assert len(cites) == 3
    names = table.names()
    for fid, side in (("f2", "for"), ("f3", "against"), ("w3", "for")):
        count = table.locate("button", f"approve_{fid}_{side}")
        reject = table.locate("button", f"reject_{fid}_{side}")
        column = table.conflict.side_columns()[side]
        assert count and reject and column.collidepoint(count) and column.collidepoint(reject)
        row = next(r for r, f in table.conflict._fact_hover if f == fid and column.contains(r))  # the citation's line
        assert row.top - 4 <= count[1] <= row.bottom + table.px(40)
        assert row.right <= count[0] or row.bottom <= count[1]  # beside or under, never over the words
        fact = names.fact(fid)
        shown = next(b.shown for b in cites.values() if fact[:12] in b.text)
        assert fact.split()[0] in shown and len(shown.split()) >= min(4, len(fact.split())), shown  # words, not "…"
    for seat in (2, 3):  # Bob and Cy are present and not yet on a side
        assert table.conflict.side_columns()["for"].collidepoint(table.locate("button", f"for_{seat}"))
        assert table.conflict.side_columns()["against"].collidepoint(table.locate("button", f"against_{seat}"))
    post_click(app, table.locate("button", "approve_f2_for"))
    assert session.match.state["conflict"]["facts"] == {"f2": "for"}
    post_click(app, table.locate("button", "against_3"))
    assert session.match.state["conflict"]["sides"] == {"3": "against"}
    session.close()
    clear_scenes(app)


def test_the_main_button_keeps_its_place_from_one_player_to_the_next(app, tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = story_table(app, tmp_path, "secret_step")
    places = []
    for seat in (1, 3):
        press(app, table, f"seat_{seat}")
        lift_curtain(app)
        assert session.screen_seat == seat
        places.append(tuple(pygame.Rect(next(b.rect for b in table.buttons if b.name == "secret_action"))))
        press(app, table, "secret_action")
        post_click(app, table.forms.form_locate("form_ok"))
        run_frames(app, 2)
    assert places[0] == places[1]
    session.close()
    clear_scenes(app)


def test_more_lists_the_other_actions_with_their_whole_labels(app, tmp_path, monkeypatch):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = story_table(app, tmp_path, "scene")
    hidden = table.bar.more_actions
    assert "chronicle" in [n for _l, _f, n, _s in hidden]
    post_click(app, table.locate("button", "more"))
    assert table.prompt is not None and [lab for lab, _v in table.prompt.options] == [h[0] for h in hidden]
    problems = [p for blk in table.text_blocks() if blk.what.startswith("chooser") for p in blk.problems()]
    assert not problems
    session.close()
    clear_scenes(app)


@pytest.mark.parametrize("upto", ["declare", "scene", "cited", "secret_step", "roll", "sides"])
def test_every_step_of_a_conflict_has_a_guide_with_its_rule(app, tmp_path, monkeypatch, upto):
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = story_table(app, tmp_path, upto)
    if session.curtain_down:
        lift_curtain(app)
    words = _guide_words(table)
    assert len(words) == 4 and "§" in words[-1] and words[1].startswith("Waiting for")
    problems = [p for blk in table.text_blocks() if blk.what == "guide" for p in blk.problems()]
    assert not problems
    _check_bar(table)
    session.close()
    clear_scenes(app)


@pytest.mark.parametrize("alike", [False, True], ids=["two kinds", "two alike"])
@pytest.mark.parametrize("app", [(1264, 648), (1920, 1080)], ids=["1264x648", "1920x1080"], indirect=True)
def test_the_prevots_apply_and_void_buttons_read_whole(app, tmp_path, monkeypatch, alike):
    # §3.5: the Prévôt applies or voids each secret card. A button names the card, and
    # whose it is only where two waiting cards are alike; no label is cut (a 1280x720
    # screen's window is 1264x648)
    from tests.rules.malleus_kit import give

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = story_table(app, tmp_path, "secret_step")
    m = session.match
    first = give(m, 1, "whispering")
    second = give(m, 2, "whispering" if alike else "bribery")
    m.apply(1, {"type": "secret_action", "text": "whispers", "cards": [{"card": first, "target": "v7"}]})
    m.apply(2, {"type": "secret_action", "text": "more", "cards": [{"card": second, "target": "v5"}]})
    m.apply(3, {"type": "secret_action", "text": "x"})
    session._sync_screen()
    run_frames(app, 3)
    lift_curtain(app)
    assert session.screen_seat == 0
    labels = {b.name: b.label for b in table.buttons if b.visible}
    more = {name: label for label, _fn, name, _s in table.bar.more_actions}
    every = {**labels, **more}
    if alike:
        assert every[f"apply_{first}"] == "Apply Whispering Campaign (Ann)"
        assert every[f"void_{second}"] == "Void Whispering Campaign (Bob)"
    else:
        assert every[f"apply_{first}"] == "Apply Whispering Campaign"
        assert every[f"void_{second}"] == "Void Bribery"
    _check_bar(table)
    session.close()
    clear_scenes(app)


def test_a_card_that_cannot_be_applied_has_void_as_the_step_forward(app, tmp_path, monkeypatch):
    # §3.5, R28: an Interloper queued in secret by the turn's own actor cannot be applied;
    # its Void was a side button beside More… with no main action at all
    from tests.rules.malleus_kit import give

    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    session, table = story_table(app, tmp_path, "secret_step")
    m = session.match
    actor = m.state["conflict"]["actor_player"]
    card = give(m, actor, "interloper")
    for seat in (1, 2, 3):
        if seat == actor:
            m.apply(seat, {"type": "secret_action", "text": "joins", "cards": [{"card": card, "target": "v5"}]})
        else:
            m.apply(seat, {"type": "secret_action", "text": "x"})
    assert {"type": "void_card", "card": card} in m.legal(0)
    assert not [c for c in m.legal(0) if c["type"] == "apply_card"]
    session._sync_screen()
    run_frames(app, 3)
    lift_curtain(app)
    main = [b for b in table.buttons if b.visible and b.style == "primary"]
    assert [b.name for b in main] == [f"void_{card}"]
    session.close()
    clear_scenes(app)


def test_a_lan_table_speaks_of_each_ones_screen_not_of_a_curtain():
    """Over a LAN each person does their private part on their own screen: the guide of a
    LAN table never says "behind the curtain" or "press your name, the others look away"
    (a hot-seat table does, where it is true). Views from a whole story, for the Prévôt
    and a player."""
    import random

    from game.bots import RandomBot
    from game.engine import new_match
    from game.ui.scenes.malleus.common import Names
    from game.ui.scenes.malleus.guide import guide_for

    m = new_match("malleus", ["Ann", "Bob", "Cy", "Dora"], seed=7)
    bots = {seat: RandomBot(40 + seat) for seat in range(4)}
    rng = random.Random(3)
    lan, hotseat = [], []
    for _ in range(3000):
        if m.over or not m.to_act():
            break
        for me in (0, 1):
            view = m.view(me)
            names = Names(view, m.players)
            lan.append(guide_for(view, me, names, own_screens=True).now)
            hotseat.append(guide_for(view, me, names).now)
        seat = rng.choice(m.to_act())
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    assert any("behind the curtain" in words for words in hotseat)  # the control: said where true
    said = [w for w in lan if "curtain" in w or "press your name" in w or "look away" in w]
    assert said == [], said[:3]
    assert any("on their own screen" in words for words in lan)


@pytest.mark.parametrize("size", [(1264, 648), (1280, 720), (1920, 1080)])
def test_after_the_roll_each_waiting_citation_shows_its_words_and_its_buttons(tmp_path, monkeypatch, size):
    # after the roll the dice and the "sides may still be taken" line leave the columns
    # short: in the window a 1280 x 720 screen opens a citation read '"…" — cited by Dora'
    # beside its Count / Reject, and the second citation was not drawn at all. Those shown
    # show their words; those that do not fit are said to wait; the Prévôt counts them all
    monkeypatch.setenv("WITCHHUNT_HOME", str(tmp_path))
    gen = table_app(size)
    app = next(gen)
    try:
        session, table = story_table(app, tmp_path, "sides")
        names = table.names()
        assert len(session.match.state["conflict"]["citations"]) == 3
        for _ in range(3):
            waiting = session.match.state["conflict"]["citations"]
            blocks = table.text_blocks()
            cites = [b for b in blocks if b.what == "citation"]
            assert cites
            shown = []
            for ci in waiting:
                fact = names.fact(ci["fact"])
                block = next((b for b in cites if fact[:12] in b.text), None)
                if block is None:
                    continue
                assert fact.split()[0] in block.shown and len(block.shown.split()) >= 4, block.shown
                shown.append(ci)
            assert shown
            more = [b.shown for b in blocks if b.what == "citations waiting"]
            if len(shown) < len(waiting):
                left = len(waiting) - len(shown)
                assert more == [f"+{left} more cited fact{'s' if left > 1 else ''}: judge these first"], more
            else:
                assert more == []
            ci = shown[0]
            column = table.conflict.side_columns()[ci["side"]]
            count = table.locate("button", f"approve_{ci['fact']}_{ci['side']}")
            assert count is not None and column.collidepoint(count)
            assert column.collidepoint(table.locate("button", f"reject_{ci['fact']}_{ci['side']}"))
            post_click(app, count)
            run_frames(app, 2)
        assert session.match.state["conflict"]["citations"] == []
        assert set(session.match.state["conflict"]["facts"]) == {"f2", "f3", "w3"}
        session.close()
    finally:
        clear_scenes(app)
        for _ in gen:
            pass
