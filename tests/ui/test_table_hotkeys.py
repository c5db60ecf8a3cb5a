"""Every key a table's button shows in its label ("End turn (E)", "Draw two (Space)",
"Start game 2 (Enter)") does what a click on that button does, pressed as a player
presses it: a real pygame KEYDOWN through the App's loop (game.ui.input's key map, then
the table's keys). A Salem 1692 table and a Testimony table are played along a seeded
game; at the first position where a labelled button shows up, a copy of the match is
given its key and another copy a click on the button, and both must end the same way (the
same command sent, or the same pick, chooser or reveal opened), which is not where they
began. The Salem secret prompt's choices answer 1-9 and its Continue Enter, as its hint
strip says (docs/rules/salem.md §5, blind windows)."""

from __future__ import annotations

import random
import re

import pygame
import pytest

from game.engine import new_match
from game.ui.scenes.salem_table import SalemTableScene
from game.ui.scenes.testimony_table import TestimonyTableScene
from game.ui.smoke_common import post_click, post_key
from tests.rules.salem_kit import stage
from tests.ui.table_source import MatchTableSource, open_table_scene, run_frames, table_app
from tests.ui.testimony_source import TestimonySource

pytest.importorskip("game.rules.salem")
pytest.importorskip("game.rules.testimony")

#: the key a label names at its end: "(E)", "(Space)", "(Enter)"
LABELLED = re.compile(r"\((Space|Enter|[A-Z0-9])\)$")
KEYS = {"Space": pygame.K_SPACE, "Enter": pygame.K_RETURN}


@pytest.fixture(scope="module")
def app():
    yield from table_app()


def key_of(label: str) -> int | None:
    """The key code a player presses for the key named at the end of ``label``."""
    named = LABELLED.search(label)
    if named is None:
        return None
    word = named.group(1)
    return KEYS[word] if word in KEYS else ord(word.lower())


def labelled_buttons(scene) -> dict[str, int]:
    """Button name -> the key its label shows, for the visible, enabled buttons."""
    return {
        b.name: key_of(b.label) for b in scene.all_buttons() if b.visible and b.enabled and key_of(b.label) is not None
    }


def ending(scene, match) -> tuple:
    """Where a press ended: the match as saved, and what the table opened."""
    reveal = getattr(scene, "reveal", None)
    return (
        match.to_json(),
        (scene.pick.title, tuple(scene.pick.targets)) if scene.pick is not None else None,
        (scene.prompt.title, tuple(label for label, _ in scene.prompt.options)) if scene.prompt is not None else None,
        (reveal.get("game"), reveal.get("open")) if isinstance(reveal, dict) else None,
        scene.message,
    )


def key_does_what_the_click_does(app, open_copy, name: str, key: int) -> None:
    """On one fresh copy the key, on another a click on the button ``name``: the same
    ending, and not the one they started from."""
    scene, match = open_copy()
    start = ending(scene, match)
    post_key(app, key)
    run_frames(app, 1)
    by_key = ending(scene, match)
    scene, match = open_copy()
    at = scene.locate("button", name)
    assert at is not None, name
    post_click(app, at)
    run_frames(app, 1)
    by_click = ending(scene, match)
    assert by_click != start, f"a click on {name} did nothing"
    assert by_key == by_click, f"{pygame.key.name(key)} did not do what a click on {name} does"


def walk(app, match, scene_cls, make_source, steps: int, seed: int) -> dict[str, str]:
    """Play ``match`` along seeded random legal commands, the table showing the seat to
    act; check every labelled button the first time it shows up (and, where the source
    has public decisions, the public banner's buttons with nobody behind the screen).
    Returns label -> button name of those checked."""
    rng = random.Random(seed)
    checked: dict[str, str] = {}
    for _ in range(steps):
        if match.over:
            break
        seat = match.to_act()[0]
        shows = [seat]
        if hasattr(make_source(match, None), "public_decision"):
            shows.append(None)
        for shown in shows:
            source = make_source(match, shown)
            scene = open_table_scene(app, scene_cls, source, 2)
            labels = {b.name: b.label for b in scene.all_buttons()}
            for name, key in labelled_buttons(scene).items():
                label = re.sub(r"\d+", "N", labels[name])  # "Start game 2": one label for every game
                if shown is None:  # the public banner: "Bob: Accept (A)" is one label whoever answers
                    label = "public: " + label.split(": ")[-1]
                if label in checked:
                    continue
                snapshot = match.to_json()

                def open_copy(snapshot=snapshot, shown=shown):
                    copy = type(match).from_json(snapshot)
                    return open_table_scene(app, scene_cls, make_source(copy, shown), 2), copy

                key_does_what_the_click_does(app, open_copy, name, key)
                checked[label] = name
        match.apply(seat, rng.choice(match.legal(seat)))
    return checked


def test_every_labelled_key_of_the_salem_table_does_what_its_button_does(app):
    app.set_window_size((1280, 720))
    match = new_match("salem", ["Ann", "Bob", "Cyril", "Dora", "Emil"], seed=3)
    checked = walk(app, match, SalemTableScene, MatchTableSource, steps=120, seed=3)
    # a ghost's Tryal card to peek at (docs/rules/salem.md §3.1): two players and their ghosts
    ghosts = stage(2, rows={1: "N N W N N"}, hands={0: ["c20", "c21"]})
    checked.update(walk(app, ghosts, SalemTableScene, MatchTableSource, steps=1, seed=1))
    assert {"Draw two (Space)", "End turn (E)", "Peek at a ghost (G)"} <= set(checked), checked


@pytest.mark.slow(seconds=10)
def test_every_labelled_key_of_the_testimony_table_does_what_its_button_does(app):
    app.set_window_size((1280, 720))
    match = new_match("testimony", ["Ann", "Bob", "Cyril", "Dora", "Emil"], seed=2)
    checked = walk(app, match, TestimonyTableScene, TestimonySource, steps=400, seed=2)
    expected = {
        "Share\u2026 (S)",
        "Investigate\u2026 (I)",
        "Investigate two\u2026 (T)",
        "Accept (A)",
        "Decline (X)",
        "public: Accept (A)",
        "public: Decline (X)",
        "Your Character (C)",
        "Heathen Belief (H)",
        "Puritan Belief (P)",
        "Accuse\u2026 (A)",
        "Defend\u2026 (D)",
        "Discard a token (X)",
        "Start game N (Enter)",
        "Show the last result (V)",
    }
    assert expected <= set(checked), sorted(set(expected) - set(checked))


def test_the_salem_secret_prompt_answers_digits_and_enter(app):
    """The secret prompt's hint: "choose in the box, then Continue (Enter)"; 1-9 choose."""
    app.set_window_size((1280, 720))
    match = new_match("salem", ["Ann", "Bob", "Cyril", "Dora", "Emil"], seed=3)
    rng = random.Random(3)
    for _ in range(400):
        asked = [s for s in match.to_act() if [c for c in match.legal(s) if c["type"] != "pass"]]
        if (match.view(None).get("pending") or {}).get("kind") == "window" and asked:
            break
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal(seat)))
    else:
        pytest.fail("no secret prompt with choices in 400 moves")
    seat = asked[0]
    snapshot = match.to_json()

    def answer(press) -> object:
        copy = type(match).from_json(snapshot)
        scene = open_table_scene(app, SalemTableScene, MatchTableSource(copy, seat), 2)
        assert scene.window.pending() is not None
        press(scene)
        return copy.to_json(), copy.log(None)[-1:]

    by_keys = answer(lambda scene: (post_key(app, pygame.K_2), post_key(app, pygame.K_RETURN)))
    by_clicks = answer(
        lambda scene: (
            post_click(app, scene.locate("button", "option:1")),
            post_click(app, scene.locate("button", "continue")),
        )
    )
    assert by_keys == by_clicks and by_keys[0] != snapshot
