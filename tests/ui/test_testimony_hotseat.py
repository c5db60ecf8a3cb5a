"""Testimony in hot-seat (DESIGN D3): a share is two curtains (the
active player first), an investigation is a curtain for the investigator, placing a
token is private while who placed it in front of whom is public, the answer to an
invitation and the start of the next game are public decisions on the shared screen,
claims are public announcements kept with the save, and the bots wait while the table
shows the reveal. Driven through the real HotseatSession and table scene."""

from __future__ import annotations

import pytest

from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.testimony_table import TestimonyTableScene
from game.ui.session import HotseatSession, open_table
from game.ui.smoke_common import CurtainWatch
from tests.ui.shell_helpers import lift_curtain, new_app

NAMES = ["Ann", "Bob", "Cy"]


@pytest.fixture
def table(tmp_path):
    app = new_app()
    session = HotseatSession.new(
        app, "testimony", list(NAMES), [], seed=4, bot_delay=0.0, save_path=tmp_path / "t.witchhunt.json"
    )
    scene = open_table(app, session, base=MenuScene(app))
    watch = CurtainWatch(session, scene)
    yield app, session, scene
    watch.close()
    assert watch.problems == []  # DESIGN D3 held on every frame drawn
    session.close()


def curtains(app, session, record: list[int]) -> None:
    """Lift every curtain now down, noting whom it named."""
    app.frame(wait=False)
    while isinstance(app.scenes.top, CurtainScene):
        record.append(app.scenes.top.seat)
        lift_curtain(app, frame=True)


def test_a_share_is_two_curtains_active_player_first(table):
    # a share is two curtains (one for each sharer, the active player first)
    app, s, scene = table
    shown: list[int] = []
    curtains(app, s, shown)
    active = s.screen_seat
    partner = (active + 1) % 3
    assert s.submit({"type": "invite", "seat": partner}) is None
    app.frame(wait=False)
    # the answer is public: no curtain, no hand, a banner naming the invited player
    assert s.screen_seat is None and not s.curtain_down
    assert s.public_decision() == (partner, s.match.legal(partner))
    assert scene.banner is not None and NAMES[partner] in scene.banner.prompt and scene.my_hand() == []
    assert s.submit_public(partner, {"type": "answer_invite", "accept": True}) is None
    during: list[int] = []
    curtains(app, s, during)
    assert during == [active] and s.screen_seat == active
    assert s.submit({"type": "show", "card": "character"}) is None
    curtains(app, s, during)
    assert during == [active, partner] and s.screen_seat == partner
    got = s.view()["notebook"][-1]["got"]
    assert got["card"] == "character" and got["character"] == s.match.state["characters"][active]
    assert s.submit({"type": s.legal()[0]["type"], "card": s.legal()[0]["card"]}) is None
    # then the active player bears testimony: private again, through the curtain
    curtains(app, s, during)
    assert during == [active, partner, active] and s.legal()[-1] == {"type": "discard_token"}


def test_an_investigation_is_a_curtain_for_the_investigator_and_tokens_are_placed_in_private(table):
    app, s, scene = table
    seen: list[int] = []
    curtains(app, s, seen)
    first = s.screen_seat
    target = (first + 1) % 3
    assert s.submit({"type": "testify", "seat": target, "side": "accuse"}) is not None  # action first
    s.submit({"type": "investigate", "seat": target})
    s.submit({"type": "testify", "seat": target, "side": "accuse"})
    curtains(app, s, seen)
    investigator = s.screen_seat
    assert seen == [first, investigator] and investigator == target
    assert s.submit({"type": "investigate", "seat": target + 1 if target + 1 < 3 else 0}) is None
    assert s.view()["stage"] == "testify"  # the look is on the investigator's own screen
    assert [e["type"] for e in s.view()["recent"]] == ["investigate"]
    # who placed a token in front of whom is public; its side only to the placer
    public = [e for e in s.match.log(None) if e["type"] == "testify"]
    assert public == [{"type": "testify", "token": "g1t1", "placer": first, "target": target}]
    assert s.view()["tokens"][0]["side"] is None or s.view()["tokens"][0]["placer"] == investigator


def test_claims_are_public_announcements_kept_with_the_save(table, tmp_path):
    # docs/rules/testimony.md §3.4: claims carry no rules weight, recorded per seat, in the table log
    app, s, scene = table
    curtains(app, s, [])
    seat = s.screen_seat
    before = s.match.state_id
    assert s.say("\u2691 I am a Puritan.") is None
    assert s.match.state_id == before  # not an engine command
    assert scene.talk.claims_of(seat) == ["I am a Puritan."]
    assert s.talk_lines()[-1]["seat"] == seat
    s.flush()
    again = HotseatSession.resume(app, tmp_path / "t.witchhunt.json", bot_delay=0.0)
    assert again.talk_lines() == s.talk_lines()
    s._screen_seat = None
    assert s.say("hello") is not None  # nobody behind the screen: nobody speaks


def test_bots_wait_while_the_reveal_is_read(tmp_path):
    # the end of a game is read by everyone before the bots start the next one
    app = new_app()
    s = HotseatSession.new(
        app,
        "testimony",
        list(NAMES),
        [1, 2],
        seed=5,
        bot_delay=0.0,
        save_path=tmp_path / "b.witchhunt.json",
        bot_levels={1: "easy", 2: "easy"},
    )
    scene = open_table(app, s, base=MenuScene(app))
    assert isinstance(scene, TestimonyTableScene)
    for _ in range(400):  # the human (seat 0) investigates and discards; the bots play
        if s.match.state["stage"] == "between":
            break
        if s.screen_seat == 0 and s.match.to_act() == [0]:
            legal = s.legal()
            s.submit(
                next(
                    c
                    for c in legal
                    if c["type"] in ("investigate", "discard_token", "answer_invite", "show", "next_game")
                )
            )
        app.frame(wait=False)
    assert s.match.state["stage"] == "between"
    for _ in range(3):
        app.frame(wait=False)
    assert scene.keep_bots_waiting and scene.reveal["open"]
    assert s.match.to_act()[0] in (1, 2)  # a bot scored lowest and starts game 2
    state = s.match.state_id
    for _ in range(20):
        app.frame(wait=False)
    assert s.match.state_id == state  # it waits while the reveal is open
    # nobody is "thinking…" while the table reads; the hint says how to go on
    for _ in range(2000):  # (the table draws ahead what the next deal will need, then sleeps)
        if not scene.ahead_left():
            break
        app.frame(wait=False)
    assert s.thinking_seat() is None and scene.next_wake() is None  # no pill, nothing to wake for
    assert s.match.state_id == state
    assert "thinking" not in scene.message and "Esc" in scene.message
    # nor does the hand's place say the bots play: they wait for the table
    assert scene.no_hand_words() == "No hand is shown while everyone reads this."
    scene.close_reveal()
    for _ in range(20):
        app.frame(wait=False)
    assert s.match.state_id > state and s.match.state["game_no"] == 2
    s.close()


def test_a_games_end_is_a_public_moment_and_the_next_deal_comes_behind_the_curtain(tmp_path):
    # (DESIGN D3; docs/rules/testimony.md §5, §5.4): the reveal is read by
    # the whole table, so it is shown on the public table; the next game deals everyone a new
    # Character, which the person who moved last must not get on screen without a curtain —
    # here a bot begins game 2 (seed 2), so nobody human is asked to act at the game's end
    app = new_app()
    s = HotseatSession.new(
        app,
        "testimony",
        ["Ann", "Bob", "Cy", "Dora"],
        [2, 3],
        seed=2,
        bot_delay=0.0,
        save_path=tmp_path / "g.witchhunt.json",
        bot_levels={2: "easy", 3: "easy"},
        hold=0,
    )
    scene = open_table(app, s, base=MenuScene(app))
    watch = CurtainWatch(s, scene)
    lifted: list[int] = []

    def step() -> None:
        app.frame(wait=False)
        if isinstance(app.scenes.top, CurtainScene):
            lifted.append(app.scenes.top.seat)
            lift_curtain(app, frame=True)
        elif s.public_decision() is not None:
            seat, legal = s.public_decision()
            s.submit_public(seat, legal[-1])
        elif s.screen_seat in (0, 1) and s.screen_seat in s.match.to_act():
            s.submit(
                next(c for c in s.legal() if c["type"] in ("investigate", "discard_token", "answer_invite", "show"))
            )

    for _ in range(600):
        if s.match.state["stage"] == "between":
            break
        if s.public_moment():
            s.release_public_moment()
        step()
    assert s.match.state["stage"] == "between" and s.match.to_act()[0] in (2, 3)
    for _ in range(3):
        app.frame(wait=False)
    assert s.screen_seat is None and s.public_moment()  # the reveal on the public table
    assert not scene.view.get("me") and scene.reveal["open"]
    assert s.thinking_seat() is None  # the bots wait for the table, they are not thinking
    scene.close_reveal()
    scene.release_hold()  # a click on the table: everyone has read it
    lifted.clear()
    for _ in range(300):
        if s.screen_seat is not None:
            break
        step()
    assert s.match.state["game_no"] == 2 and s.screen_seat in (0, 1)
    assert lifted == [s.screen_seat]  # the new Character comes only behind the curtain
    watch.close()
    assert watch.problems == []
    s.close()
