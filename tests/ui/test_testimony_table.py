"""The Testimony table: zones, every input path (seat menus, drags, buttons, keys), the
public banner, the reveal, table talk, and hidden information on screen
(DESIGN D3, D6; docs/rules/testimony.md §3, §5, §6).

Input is posted as real pygame events and run through ``app.frame`` like the smoke run;
the match behind the table is read only to find positions and check results."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme
from game.ui.layout import load_layout
from game.ui.scenes import testimony_text as words
from game.ui.scenes.testimony import seats as seats_module
from game.ui.scenes.testimony_table import TestimonyTableScene
from game.ui.smoke_common import post_click, post_drag, post_key
from game.ui.tables import load_tables
from tests.ui.table_source import clear_scenes, open_table_scene, run_frames, table_app
from tests.ui.testimony_source import TestimonySource, find


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def open_table(app, source) -> TestimonyTableScene:
    return open_table_scene(app, TestimonyTableScene, source, frames=2)


def noting(monkeypatch, module, name: str = "text") -> list[str]:
    """What ``module.<name>`` (a drawing helper: ``text``, ``get_icon``) is asked to draw
    from now on: each call's first argument, in order."""
    seen: list[str] = []
    real = getattr(module, name)

    def spy(what, *args, **kwargs):
        seen.append(what)
        return real(what, *args, **kwargs)

    monkeypatch.setattr(module, name, spy)
    return seen


def at_stage(players: int, stage: str, extra=lambda m: True):
    return find(players, lambda m: m.view(None)["stage"] == stage and extra(m))


# ------------------------------------------------------------------- layout (D6) ----
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_every_zone_for_3_to_7_players_and_the_table_draws(app, players):
    layout = load_layout("testimony", players)
    assert [z for z in TestimonyTableScene.zones_needed(players) if not layout.has(z)] == []
    m = find(players, lambda m: m.view(None)["turn_no"] >= players + 2)
    scene = open_table(app, TestimonySource(m, m.to_act()[0]))
    for seat in range(players):
        assert scene.seat_zone(seat) is not None
    assert scene.my_hand()[-3:] == ["own:character", "own:belief_heathen", "own:belief_puritan"]


def test_the_table_is_registered_for_the_shell():
    assert load_tables()["testimony"] is TestimonyTableScene


# ------------------------------------------------------------------- hidden info ----
def test_plates_draw_only_what_the_shown_seat_knows(app, monkeypatch):
    # docs/rules/testimony.md §6: Characters to their holder (and those shown them), token sides to
    # the placer and to later investigators; the table draws nothing else
    m = find(
        5,
        lambda m: (
            m.view(None)["turn_no"] >= 12 and m.view(None)["stage"] == "action" and len(m.view(None)["shares"]) >= 2
        ),
    )
    drawn_faces: list[str] = []
    drawn_sides: list[str] = []
    real_disc = seats_module.token_disc

    def spy_disc(radius, colour, side, **kw):
        if side is not None:
            drawn_sides.append(side)
        return real_disc(radius, colour, side, **kw)

    monkeypatch.setattr(seats_module, "token_disc", spy_disc)
    for seat in range(5):
        source = TestimonySource(m, seat)
        scene = open_table(app, source)
        real_face = scene.art.face

        def spy_face(game, card, size, real=real_face):
            drawn_faces.append(card)
            return real(game, card, size)

        monkeypatch.setattr(scene.art, "face", spy_face)
        drawn_faces.clear()
        drawn_sides.clear()
        scene.forget_pictures()
        scene._static_key = None
        scene.dirty = True
        run_frames(app, 1)
        assert drawn_faces, "nothing was drawn"
        known = set(m.known_characters(seat).values())
        characters = set(m.state["characters"]) | {m.state["set_aside"]}
        assert {c for c in drawn_faces if c in characters} <= known, f"seat {seat} drew a hidden Character"
        assert m.state["set_aside"] not in drawn_faces
        sides = [t for t in m.view(seat)["tokens"] if t["side"] is not None]
        assert len(drawn_sides) == len(sides) == len(m.known_tokens(seat))


@pytest.mark.parametrize("size", [(1264, 648), (1280, 720), (1920, 1080)])
def test_a_character_shown_to_you_is_named_whole_on_its_plate(app, size, monkeypatch):
    # a side seat's plate at 1264x648 read "Shown to you: The Ma…": the name is what matters
    def shown_to(m, seat):
        return {o: c for o, c in m.known_characters(seat).items() if o != seat}

    m = find(
        3,
        lambda m: m.view(None)["stage"] == "action" and any(len(shown_to(m, s)) >= 2 for s in range(3)),
    )
    seat = next(s for s in range(3) if len(shown_to(m, s)) >= 2)
    drawn = noting(monkeypatch, seats_module)
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    try:
        open_table(app, TestimonySource(m, seat))
    finally:  # the module's other tests draw at 1280x720
        app.screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
        clear_scenes(app)
    for character in shown_to(m, seat).values():
        name = words.character_name(character)
        assert any(line.endswith(name) for line in drawn), (name, [line for line in drawn if "Shown" in line])


def test_the_shown_line_gives_up_words_before_the_name():
    name = "The Cunning Woman"
    full = seats_module.shown_line(name, 14, 2000)
    assert full == f"Shown to you: {name}"
    size = 14
    short = seats_module.get_font(size).size(f"Shown: {name}")[0]
    assert seats_module.shown_line(name, size, short) == f"Shown: {name}"
    assert seats_module.shown_line(name, size, short - 1) == name
    assert seats_module.shown_line(name, size, 40).endswith("\u2026")


# ------------------------------------------------------------------- input paths ----
def test_clicking_a_seat_offers_invite_and_investigate(app):
    m = at_stage(4, "action")
    src = TestimonySource(m, m.to_act()[0])
    scene = open_table(app, src)
    me = src.screen_seat
    other = (me + 1) % 4
    post_click(app, scene.locate("seat", other))
    labels = [label for label, _c in scene.prompt.options]
    assert labels == [f"Invite {src.players[other]} to share", f"Investigate {src.players[other]}"] or labels == [
        f"Investigate {src.players[other]}"
    ]  # declined earlier this turn
    post_click(app, scene.locate("prompt", len(labels) - 1))
    assert m.view(None)["stage"] == "testify"
    assert m.view(None)["investigations"][-1] == {"seat": me, "targets": [other], "turn": m.view(None)["turn_no"]}


def test_share_button_then_a_click_invites(app):
    m = at_stage(4, "action", lambda m: not m.view(None)["declined"])
    src = TestimonySource(m, m.to_act()[0])
    scene = open_table(app, src)
    target = (src.screen_seat + 2) % 4
    post_key(app, pygame.K_s)
    assert scene.pick is not None and ("seat", target) in scene.pick.targets
    post_click(app, scene.locate("seat", target))
    assert m.view(None)["invite"] == {"by": src.screen_seat, "to": target}


def test_dragging_a_token_onto_a_seat_asks_the_side_then_testifies(app):
    # docs/rules/testimony.md §3.3, bear testimony: a token in front of another player, side chosen
    m = at_stage(4, "testify")
    src = TestimonySource(m, m.to_act()[0])
    scene = open_table(app, src)
    me = src.screen_seat
    target = (me + 1) % 4
    before = m.state["hand"][me]
    post_drag(app, scene.locate("token", 0), scene.locate("seat", target))
    assert scene.prompt is not None
    app.frame(wait=False)
    # the box stands beside the seat it asks about (it covered that seat's name)
    assert scene.prompt.placed is not None and not scene.prompt.placed[1].colliderect(scene.seat_zone(target))
    defend = next(i for i, (_l, c) in enumerate(scene.prompt.options) if c["side"] == "defend")
    post_click(app, scene.locate("prompt", defend))
    placed = m.state["tokens"][-1]
    assert (placed["placer"], placed["target"], placed["side"]) == (me, target, "defend")
    assert m.state["hand"][me] == before - 1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_side_chooser_leaves_what_the_look_found_readable(app, players):
    # after investigating Bob, the chooser for the token dropped on a seat beside the table
    # was placed over "Bob: 0 accusing, 7 defending" in the middle of the table
    def looked(m):
        v = m.view(None)
        me = (v.get("to_act") or [None])[0]
        if v["stage"] != "testify" or me is None:
            return False
        last = (v.get("investigations") or [{}])[-1]
        return last.get("seat") == me and last.get("turn") == v["turn_no"]

    m = at_stage(players, "testify", looked)
    src = TestimonySource(m, m.to_act()[0])
    scene = open_table(app, src)
    me = src.screen_seat
    app.draw(force=True)
    found = [r for b in scene.text_blocks() if b.what == "investigation" for r in b.rects]
    assert found, "the look's result was not drawn"
    for target in (s for s in range(players) if s != me):
        post_drag(app, scene.locate("token", 0), scene.locate("seat", target))
        assert scene.prompt is not None
        app.frame(wait=False)
        box = scene.prompt.placed[1]
        assert box.collidelist(found) < 0, (target, box, found)
        scene.cancel_selection() if scene.prompt is None else post_key(app, pygame.K_ESCAPE)
        run_frames(app, 1)


def test_accuse_key_then_a_click_and_discard_key(app):
    m = at_stage(5, "testify")
    src = TestimonySource(m, m.to_act()[0])
    scene = open_table(app, src)
    me = src.screen_seat
    post_key(app, pygame.K_a)
    target = (me + 3) % 5
    post_click(app, scene.locate("seat", target))
    assert m.state["tokens"][-1]["side"] == "accuse" and m.state["tokens"][-1]["target"] == target
    m2 = at_stage(5, "testify")
    src2 = TestimonySource(m2, m2.to_act()[0])
    open_table(app, src2)
    post_key(app, pygame.K_x)
    assert m2.state["discarded"][-1]["seat"] == src2.screen_seat


def test_dragging_the_character_onto_the_partner_shows_it(app):
    # docs/rules/testimony.md §3.1, share: each privately shows the other one card
    m = at_stage(4, "share", lambda m: m.view(None)["share"]["next"] == m.view(None)["share"]["by"])
    share = m.view(None)["share"]
    src = TestimonySource(m, share["by"])
    scene = open_table(app, src)
    assert scene.targets_for("own:character") == [("seat", share["with"])]
    post_drag(app, scene.locate("own", "character"), scene.locate("seat", share["with"]))
    assert m.state["shares"][-1]["cards"][0] == "character"
    assert m.to_act() == [share["with"]]


def test_show_buttons_offer_only_the_matching_belief(app):
    # docs/rules/testimony.md §3.1: only the Belief card that matches one's Character
    m = at_stage(
        4,
        "share",
        lambda m: (
            m.view(None)["share"]["next"] == m.view(None)["share"]["by"]
            and m.state["characters"][m.view(None)["share"]["by"]] != "apostate"
        ),
    )
    seat = m.view(None)["share"]["by"]
    scene = open_table(app, TestimonySource(m, seat))
    names = {b.name for b in scene.buttons}
    belief = m.view(seat)["me"]["belief"]
    other = "puritan" if belief == "heathen" else "heathen"
    assert {"show:character", f"show:belief_{belief}"} <= names and f"show:belief_{other}" not in names
    post_click(app, scene.locate("button", f"show:belief_{belief}"))
    assert m.state["shares"][-1]["cards"][0] == f"belief_{belief}"


def test_the_public_banner_answers_an_invitation_with_no_hand_shown(app):
    # hot-seat: answering an invitation shows nothing private, so the table asks in public
    m = at_stage(4, "answer")
    invited = m.to_act()[0]
    src = TestimonySource(m, None)
    scene = open_table(app, src)
    assert scene.banner is not None and scene.my_hand() == []
    assert src.players[invited] in scene.banner.prompt
    post_click(app, scene.locate("button", "public:decline"))
    assert m.view(None)["declined"] == [invited]


# ------------------------------------------------------------------------ reveal ----
def test_the_reveal_opens_when_a_game_ends_and_holds_until_closed(app):
    # docs/rules/testimony.md §5: reveal all tokens, standing, deaths, Characters, scores
    m = find(4, lambda m: m.view(None)["stage"] == "testify" and sum(m.state["hand"]) == 1)
    src = TestimonySource(m, m.to_act()[0])
    scene = open_table(app, src)
    assert scene.reveal is None and not scene.keep_bots_waiting
    post_key(app, pygame.K_x)  # the last token: the game ends
    assert m.view(None)["stage"] == "between"
    run_frames(app, 1)
    assert scene.reveal == {"game": 0, "t": scene.reveal["t"], "open": True} and scene.keep_bots_waiting
    assert scene.reveal_animating()
    post_click(app, scene.reveal_box().center)  # skip
    assert not scene.reveal_animating()
    post_key(app, pygame.K_ESCAPE)
    assert not scene.reveal["open"] and not scene.keep_bots_waiting
    post_key(app, pygame.K_v)  # the standings' button opens it again
    assert scene.reveal["open"]


def test_reveal_counts_weights_and_lists_every_reason(app):
    m = find(5, lambda m: m.view(None)["stage"] == "between")
    scene = open_table(app, TestimonySource(m, None))
    record = scene.reveal_record()
    assert record is m.view(None)["history"][-1] or record == m.view(None)["history"][-1]
    weights = scene.result.token_weights(record)
    for seat in range(5):
        lying = [t for t in record["tokens"] if t["target"] == seat]
        total = sum((-1 if t["side"] == "accuse" else 1) * weights[t["placer"]] for t in lying)
        assert total == record["standing"][seat]
        assert sum(r["points"] for r in record["reasons"][seat]) == record["scores"][seat]


@pytest.mark.parametrize("players, piled", [(3, 11), (3, 16), (5, 14), (7, 21)])
def test_the_reveal_lays_a_seats_tokens_on_lines_that_do_not_cover_each_other(app, monkeypatch, players, piled):
    # a second line of tokens was laid half a token below the first: it covered the first
    # line's lower half, and its "x2" badges sat on the first line's tokens
    from game.ui.scenes.testimony import reveal as reveal_module

    m = find(players, lambda m: m.view(None)["stage"] == "between")
    scene = open_table(app, TestimonySource(m, None))
    record = dict(scene.reveal_record())
    placed = [dict(t) for t in record["tokens"]]
    while sum(1 for t in placed if t["target"] == 0) < piled:  # pile tokens before seat 0
        placed.append({"placer": 1 + len(placed) % (players - 1), "target": 0, "side": "defend"})
    record["tokens"] = placed
    monkeypatch.setattr(scene.result, "reveal_record", lambda: record)
    discs: set[int] = set()
    real_disc = reveal_module.token_disc

    def kept_disc(*args, **kwargs):
        surf = real_disc(*args, **kwargs)
        discs.add(id(surf))
        return surf

    monkeypatch.setattr(reveal_module, "token_disc", kept_disc)

    class Noting(pygame.Surface):
        laid: list[pygame.Rect] = []

        def blit(self, source, dest, *args, **kwargs):
            if id(source) in discs:
                self.laid.append(pygame.Rect(dest, source.get_size()))
            return super().blit(source, dest, *args, **kwargs)

    screen = Noting(app.screen.get_size(), pygame.SRCALPHA)
    scene.skip_reveal()
    scene.result.draw_reveal(screen)
    top, row_h, _card = scene.result.reveal_rows(scene.reveal_box())
    mine = [r for r in Noting.laid if top <= r.centery < top + row_h]
    assert len(mine) == piled
    assert all(top <= r.top and r.bottom <= top + row_h for r in mine)  # inside seat 0's row
    lines = sorted({r.top for r in mine})
    assert len(lines) >= 2
    pitch = min(b - a for a, b in zip(lines, lines[1:]))
    assert pitch >= mine[0].h  # no token covers another (smaller tokens where the row is low)
    assert mine[0].h >= 18  # and they stay tokens one can tell apart


def test_the_standings_crown_nobody_while_the_last_reveal_is_told(app, monkeypatch):
    # the match's winner was lit with a crown while the reveal was still telling game 3
    # ("G3" read "–" and the footer "Game 3 of 3 under way.")
    from game.ui.scenes.testimony import standings as standings_module

    m = find(3, lambda m: m.view(None)["stage"] == "over")
    drawn = noting(monkeypatch, standings_module)
    icons = noting(monkeypatch, standings_module, "get_icon")
    scene = open_table(app, TestimonySource(m, None))
    scene.reveal["t"] = 0.0
    scene.standings.picture = None
    drawn.clear()
    icons.clear()
    run_frames(app, 1)
    assert scene.telling()
    assert "winner" not in icons and not any("the match" in w for w in drawn)
    assert "Game 3 of 3 is over." in drawn
    scene.skip_reveal()
    scene.standings.picture = None
    drawn.clear()
    run_frames(app, 2)
    assert not scene.telling() and "winner" in icons and any(w.endswith("the match.") for w in drawn)


@pytest.mark.parametrize("size", [(1024, 640), (1264, 648), (1280, 720), (1920, 1080)])
def test_the_match_standings_name_every_player_readably(app, monkeypatch, size):
    """Seven long names in the match standings: whole in the window a 1280x720 screen opens
    and larger, and at 1024x640 never cut below eight letters, beside the G1-G3 and Total
    columns (the columns once kept 40 px each whatever the panel's width, and at 1024x640
    every name was drawn as a lone '…')."""
    from game.engine import new_match
    from game.ui.scenes.testimony import standings as standings_module
    from tests.ui.testimony_source import drive

    long_names = ["Bartholomew", "Wilhelmina", "Maximilian", "Konstantin", "Evangeline", "Gwendolyn", "Archibald"]
    m = new_match("testimony", long_names, seed=3)
    assert drive(m, lambda m: m.view(None)["stage"] == "between", seed=3)
    drawn = noting(monkeypatch, standings_module)
    before = app.size
    try:
        assert app.set_window_size(size)
        scene = open_table(app, TestimonySource(m, 0))
        drawn.clear()
        scene.standings.paint(app.screen)
    finally:
        clear_scenes(app)
        app.set_window_size(before)
    assert drawn[1:5] == ["G1", "G2", "G3", "Total"]
    names = [w for w in drawn if w.rstrip("\u2026") and any(n.startswith(w.rstrip("\u2026")) for n in long_names)]
    assert len(names) == 7, drawn
    for shown, name in zip(names, long_names):
        if size[0] >= 1264:
            assert shown == name, (size, shown)
        else:
            assert shown == name or (shown.endswith("\u2026") and len(shown) >= 9), (size, shown)


@pytest.mark.parametrize("size", [(1024, 640), (1264, 648), (1280, 720), (1920, 1080)])
def test_the_belief_cards_label_stays_over_its_cards(app, size):
    """ "Belief cards (for sharing)" is read over the two Belief cards, clear of the tokens
    beside them and of the header above: in a narrow hand it takes two lines (at 1024x640
    one line ran under the tokens)."""
    from game.ui.fonts import get_font

    before = app.size
    try:
        assert app.set_window_size(size)
        for players in (3, 7):
            m = find(players, lambda m: True)
            scene = open_table(app, TestimonySource(m, m.to_act()[0]))
            g = scene.hand.hand_geometry()
            size_ = max(12, min(17, g["zone"].h // 12))
            lines = scene.hand.belief_label(size_)
            assert " ".join(lines) == "Belief cards (for sharing)"
            font = get_font(max(11, size_ - 3))
            right = g["beliefs"].x + max(font.size(line)[0] for line in lines)
            assert right < g["tokens"].x, (size, players, lines, g["tokens"])
            top = g["beliefs"].y - 2 - len(lines) * font.get_height()
            assert top >= g["head_h"].bottom, (size, players, top, g["head_h"])
    finally:
        clear_scenes(app)
        app.set_window_size(before)


# -------------------------------------------------------------------------- talk ----
@pytest.mark.parametrize("size", [(1024, 640), (1264, 648), (1280, 720), (1920, 1080)])
def test_the_table_talk_hint_is_read_whole_above_the_claims(app, size):
    """The line under "Table talk" (who makes claims, or that they carry no weight) stays
    inside the panel and above the claim buttons at every table size: in a window that
    fits a 1280x720 screen the panel is narrow, and "Claims are made by the player behind
    the screen." ran past its right edge on one line; it now takes two."""
    from game.ui.fonts import get_font

    before = app.size
    try:
        assert app.set_window_size(size)
        for players in (3, 5, 7):
            m = find(players, lambda m: True)
            for seat in (None, 0):
                scene = open_table(app, TestimonySource(m, seat))
                g = scene.talk.talk_geometry()
                zone, (hint_size, lines) = g["zone"], g["hint"]
                font = get_font(hint_size)
                assert " ".join(lines) == scene.talk.hint()
                head = get_font(g["size"] + 2, bold=True).get_height()
                bottom = zone.y + 8 + head + len(lines) * font.get_linesize()
                for line in lines:
                    assert font.size(line)[0] <= zone.w - 20, (size, players, seat, line)
                assert bottom <= g["buttons"][0].y, (size, players, seat, bottom, g["buttons"][0])
    finally:
        clear_scenes(app)
        app.set_window_size(before)


@pytest.mark.parametrize("size", [(1024, 640), (1264, 648), (1280, 720), (1920, 1080)])
def test_every_claim_button_reads_whole(app, size):
    """Two columns of claims share a narrow panel in a small window: "Saw Heathen card…"
    was "Saw Heathen c…" at 1264x648, and at 1024x640 "I am a Heathen" and "Saw
    Character…" were cut too. Small margins, then the short wordings, keep each whole
    (and the two "Saw …" claims worded alike)."""
    from game.ui.fonts import get_font
    from game.ui.widgets import fit_text

    before = app.size
    try:
        assert app.set_window_size(size)
        for players in (3, 7):
            scene = open_table(app, TestimonySource(find(players, lambda m: True), 0))
            claims = [b for b in scene.all_buttons() if b.name.startswith("claim:")]
            assert len(claims) == len(words.CLAIMS)
            for b in claims:
                assert b.rect.w > 0 and get_font(b.font_size, bold=True).size(b.label)[0] <= b.label_room, (
                    size,
                    b.label,
                )
                assert fit_text(b.label, b.font_size, b.label_room, bold=True) == b.label
            saw = {b.name: b.label for b in claims if b.name in ("claim:saw_heathen", "claim:saw_puritan")}
            assert saw["claim:saw_heathen"].replace("Heathen", "Puritan") == saw["claim:saw_puritan"]
    finally:
        clear_scenes(app)
        app.set_window_size(before)


@pytest.mark.parametrize("size", [(1024, 640), (1264, 648), (1280, 720), (1920, 1080)])
def test_the_counts_in_the_middle_of_the_table_stay_on_the_felt(app, size):
    """The middle of the table: the card set aside with "set aside" under it, and the
    counts (tokens each, set aside, discarded) beside it. At 1024x640 the caption ran into
    "0 tokens set aside" and the lowest counts over the oval's rim."""
    before = app.size
    try:
        assert app.set_window_size(size)
        for players in (3, 5, 7):
            scene = open_table(app, TestimonySource(find(players, lambda m: True), 0))
            scene.dirty = True
            scene.draw(app.screen)
            blocks = [b for b in scene.text_blocks() if b.what == "centre"]
            assert any("discarded" in b.shown for b in blocks), blocks
            oval = blocks[0].box
            a, b_ = oval.w / 2, oval.h / 2
            rects = [r for blk in blocks for r in blk.rects]
            for r in rects:  # every corner on the felt (inside the ellipse)
                for x, y in (r.topleft, r.topright, r.bottomleft, r.bottomright):
                    assert ((x - oval.centerx) / a) ** 2 + ((y - oval.centery) / b_) ** 2 <= 1.0, (size, players, r)
            for i, r in enumerate(rects):
                assert r.collidelist(rects[i + 1 :]) < 0, (size, players, [tuple(q) for q in rects])
    finally:
        clear_scenes(app)
        app.set_window_size(before)


def test_a_claim_goes_on_the_speakers_plate_and_into_the_log(app):
    m = at_stage(4, "action")
    src = TestimonySource(m, m.to_act()[0])
    scene = open_table(app, src)
    me = src.screen_seat
    other = (me + 1) % 4
    post_click(app, scene.locate("button", "claim:defended"))
    assert scene.prompt is not None and scene.prompt.title == "About whom?"
    index = next(i for i, (_l, s) in enumerate(scene.prompt.options) if s == other)
    post_click(app, scene.locate("prompt", index))
    said = f"I defended {src.players[other]}."
    assert src.talk[-1]["seat"] == me and src.talk[-1]["text"] == words.CLAIM_PREFIX + said
    assert scene.talk.claims_of(me) == [said]
    assert {"type": "talk", "name": src.players[me], "text": "claims: " + said, "seat": me} in scene.log_events
    assert f"{src.players[me]} claims: {said}" in scene.sentences(scene.log_events)  # not "Ann: claims: …"
    assert any(said in str(k) for k in scene.seats.seat_key(me, scene.seat_zone(me)))
    assert all(c[1]["type"] != "claim" for c in m.commands)  # no engine command for a claim


def test_describe_never_names_what_an_event_does_not_carry():
    players = ["Ann", "Bob", "Cy"]
    hidden_show = {"type": "show", "share": 0, "seat": 0, "to": 1}
    assert words.describe(hidden_show, players, 2) == "Ann shows Bob a card."
    hidden_token = {"type": "testify", "token": "g1t1", "placer": 0, "target": 2}
    assert words.describe(hidden_token, players, 1) == "Ann places a token in front of Cy."
    assert "accus" not in words.describe(hidden_token, players, 1)
    assert words.describe({"type": "mystery"}, players) == "mystery"


def test_no_text_is_smaller_than_11px_at_1280x720(app):
    # readable at 1280x720: mid-game, a share, the reveal, the standings
    from game.ui import fonts
    from game.ui.card_art import CardArt
    from game.ui.scenes import table_base

    saved = table_base._ART
    table_base._ART = CardArt()  # every face drawn afresh, inside the recorder
    try:
        with fonts.record_sizes() as sizes:
            m = find(7, lambda m: m.view(None)["turn_no"] >= 12 and m.view(None)["stage"] == "action")
            src = TestimonySource(m, m.to_act()[0])
            src.say(words.claim_text("saw_heathen", src.players, seat=(src.screen_seat + 1) % 7))
            open_table(app, src)
            m = at_stage(5, "share")
            open_table(app, TestimonySource(m, m.view(None)["share"]["next"]))
            m = find(5, lambda m: m.view(None)["stage"] == "between")
            scene = open_table(app, TestimonySource(m, None))
            scene.reveal["t"] = 0.0
            run_frames(app, 2)
            scene.skip_reveal()
            run_frames(app, 2)
            scene.close_reveal()
            run_frames(app, 2)
    finally:
        table_base._ART = saved
    assert sizes and min(sizes) >= 11, sorted(sizes)


# ------------------------------------------------ drops, keys and words that fit ----
def test_a_card_dropped_on_the_partners_card_in_the_middle_shows_it(app):
    # docs/rules/testimony.md §3.1, share: the partner's card in the "… share" oval took no drop
    m = at_stage(4, "share", lambda m: m.view(None)["share"]["next"] == m.view(None)["share"]["by"])
    share = m.view(None)["share"]
    scene = open_table(app, TestimonySource(m, share["by"]))
    middle = scene.centre.share_card_rects[share["with"]]
    assert scene.seat_at(middle.center) is None  # not over the partner's plate
    assert scene.target_at(middle.center) == ("seat", share["with"])
    post_drag(app, scene.locate("own", "character"), middle.center)
    assert m.state["shares"][-1]["cards"][0] == "character"


def test_the_share_hint_names_only_the_keys_that_work(app):
    # docs/rules/testimony.md §3.1: the Belief that does not match cannot be shown (no H for a Puritan)
    m = at_stage(
        4,
        "share",
        lambda m: (
            m.view(None)["share"]["next"] == m.view(None)["share"]["by"]
            and m.state["characters"][m.view(None)["share"]["by"]] != "apostate"
        ),
    )
    seat = m.view(None)["share"]["by"]
    scene = open_table(app, TestimonySource(m, seat))
    belief = m.view(seat)["me"]["belief"]
    mine, other = ("H", "P") if belief == "heathen" else ("P", "H")
    hint = scene.status_message()
    assert f"C / {mine}." in hint and f"/ {other}" not in hint


def test_last_games_claims_leave_the_plates_but_stay_in_the_log(app):
    # docs/rules/testimony.md §5.4: a new game deals new Characters; game 1's claims once stood on game 2's plates
    import random

    m = at_stage(4, "action")
    src = TestimonySource(m, m.to_act()[0])
    me = src.screen_seat
    src.say(words.CLAIM_PREFIX + "I am a Puritan.")
    scene = open_table(app, src)
    assert scene.talk.claims_of(me) == ["I am a Puritan."]
    rng = random.Random(3)
    while m.view(None)["game_no"] == 1:
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    src.show(m.to_act()[0])
    run_frames(app, 2)
    assert scene.talk.claims_of(me) == []
    assert not any("I am a Puritan." in str(k) for k in scene.seats.seat_key(me, scene.seat_zone(me)))
    assert any(e.get("type") == "talk" and "I am a Puritan." in e["text"] for e in scene.log_events)


def test_the_action_bar_and_the_reveal_headings_read_whole_at_1280x720(app):
    # "Bear testimony: a token in front of someone, or di…"; the reveal's hint ran over
    # its "Tokens in front" heading
    m = at_stage(7, "testify")
    scene = open_table(app, TestimonySource(m, m.to_act()[0]))
    assert app.size == (1280, 720)
    bars = [b for b in scene.text_blocks() if b.what == "action bar"]
    assert len(bars) == 1 and not bars[0].problems(), bars
    m2 = find(7, lambda m: m.view(None)["stage"] == "between")
    scene = open_table(app, TestimonySource(m2, None))
    run_frames(app, 1)
    blocks = scene.text_blocks()
    hint = [r for b in blocks if b.what == "reveal hint" for r in b.rects]
    heads = [r for b in blocks if b.what == "reveal heading" for r in b.rects]
    assert hint and len(heads) == 3
    assert not any(h.colliderect(x) for h in hint for x in heads)


def test_pointing_at_the_hand_keeps_every_card_and_token_as_drawn(app):
    # the base table's hand-fan hover (a Hammer-style raised card) must not repaint
    # Testimony's own hand sprites (Character, Belief cards, tokens) with a generic face
    from game.ui.smoke_common import post_move
    from game.ui.sprites import CardSprite

    m = at_stage(4, "share", lambda m: m.view(None)["share"]["next"] == m.view(None)["share"]["by"])
    src = TestimonySource(m, m.view(None)["share"]["by"])
    scene = open_table(app, src)
    drawn = {
        s.card_id: (s.image.get_size(), s.rect.copy())
        for s in scene.group.sprites()
        if isinstance(s, CardSprite) and s.zone == "hand"
    }
    assert {"own:character", "own:belief_puritan", "token:0"} <= set(drawn)
    for sprite_id in ("own:character", "own:belief_heathen", "own:belief_puritan", "token:0", "token:1"):
        sprite = next(s for s in scene.group.sprites() if getattr(s, "card_id", None) == sprite_id)
        post_move(app, sprite.rect.center)
        run_frames(app, 2)
    post_move(app, (5, 5))
    run_frames(app, 2)
    after = {
        s.card_id: (s.image.get_size(), s.rect)
        for s in scene.group.sprites()
        if isinstance(s, CardSprite) and s.zone == "hand"
    }
    assert after.keys() == drawn.keys()
    for sprite_id, (size, rect) in drawn.items():
        assert after[sprite_id] == (size, rect), sprite_id


def cunning_woman_to_act():
    """A source showing the Cunning Woman at her action, her double investigation unused
    (docs/rules/testimony.md: the Cunning Woman once a game investigates two players)."""
    for seed in range(1, 80):
        src = TestimonySource.new(5, seed=seed)
        seat = src.match.to_act()[0]
        if any(c["type"] == "investigate" and "seat2" in c for c in src.match.legal(seat)):
            return src, seat
    raise AssertionError("no seed puts the Cunning Woman first")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_cunning_womans_reminder_is_read_whole(app, monkeypatch, size):
    import game.ui.scenes.testimony.hand as hand

    app.screen = pygame.display.set_mode(size)
    said = noting(monkeypatch, hand)
    try:
        src, _seat = cunning_woman_to_act()
        open_table_scene(app, TestimonyTableScene, src, frames=2)
        app.draw(force=True)
    finally:
        app.screen = pygame.display.set_mode((1280, 720))
    reminder = [w for w in said if "nvestigate" in w]
    assert reminder and all(w in hand.CUNNING_WOMAN_WORDS for w in reminder), reminder  # never cut with "…"


def test_investigate_two_marks_the_first_player_while_the_second_is_chosen(app):
    src, seat = cunning_woman_to_act()
    scene = open_table_scene(app, TestimonyTableScene, src, frames=2)
    post_key(app, pygame.K_t)
    assert scene.pick is not None
    first = scene.pick.targets[0]
    post_click(app, scene.locate("seat", first[1]))
    pick = scene.pick
    assert pick is not None and pick.chosen == (first,) and first not in pick.targets
    assert scene.name(first[1]) in pick.title
    app.draw(force=True)
    mark = scene.target_rect(first).inflate(6, 6)
    edge = app.screen.get_at((mark.centerx, mark.y + 2))[:3]
    assert tuple(edge) == tuple(theme.SUCCESS), edge  # the first player is marked on the table
    second = pick.targets[0]
    post_click(app, scene.locate("seat", second[1]))
    assert src.match.state_id == 1 and scene.pick is None  # one investigation of both


def test_while_a_bot_thinks_the_hint_says_so_once(app):
    """The hint strip read "Cy (bot) is thinking… Waiting for Cy." under a banner that
    already said "Waiting for Cy.": the session's line now stands alone when it names the
    one seat waited for; with two seats waited for, both are still named."""
    m = at_stage(3, "action")
    actor = m.to_act()[0]
    src = TestimonySource(m, (actor + 1) % 3)
    src.message = f"{m.players[actor]} (bot) is thinking…"
    scene = open_table(app, src)
    assert scene.status_message() == f"{m.players[actor]} (bot) is thinking…"
    src.message = "Away: Someone Else."
    assert scene.status_message() == f"Away: Someone Else. Waiting for {m.players[actor]}."


def test_the_notebook_writes_out_only_the_newest_look_at_each_player(app):
    """Seven looks at the same player filled the notebook with seven lines, each showing
    less than the next (tokens only join the ones in front of a player, docs/rules/
    testimony.md §3.2-3.3), and pushed the shares out of the panel. The newest look is
    written out with the turns of the older ones; every share stays."""

    m = find(3, lambda m: any(looked_twice_seat(m, s) for s in range(m.n)))
    seat = next(s for s in range(m.n) if looked_twice_seat(m, s))
    scene = open_table(app, TestimonySource(m, seat))
    book = m.view(seat)["notebook"]
    lines = [sentence for sentence, _tokens in scene.notebook.notebook_lines()]
    targets = [look["target"] for e in book if e.get("kind") == "investigate" for look in e.get("looks") or []]
    twice = next(t for t in targets if targets.count(t) >= 2)
    name = m.players[twice]
    about = [line for line in lines if f"looked at {name} " in line]
    assert len(about) == 1 and "Looked before on turn" in about[0]
    shares = [e for e in book if e.get("kind") == "share"]
    assert len([line for line in lines if "shared with" in line]) == len(shares)
    assert len(lines) == len(shares) + len(set(targets))


def looked_twice_seat(m, seat) -> bool:
    book = m.view(seat).get("notebook") or []
    looks = [look["target"] for e in book if e.get("kind") == "investigate" for look in e.get("looks") or []]
    return any(looks.count(t) >= 2 for t in looks) and any(e.get("kind") == "share" for e in book)


def test_the_shared_screen_says_who_the_table_waits_for(app):
    """With the screen passed between players and a bot to act, the action bar said "The
    screen is shared: no hand is shown." over a hand's place that said so too; the bar now
    names who the table waits for, as it does while another seat acts."""
    m = at_stage(5, "action")
    actor = m.to_act()[0]
    src = TestimonySource(m, None)
    scene = open_table(app, src)
    said = [b.text for b in scene.text_blocks() if b.what == "action bar"]
    assert said == [f"Waiting for {src.players[actor]}."], said
