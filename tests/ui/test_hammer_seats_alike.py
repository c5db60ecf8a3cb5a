"""Every Hammer seat panel reads alike: at 4 and 5 players the side seats used about
twice the type of the others, showed ability lines the others did not and had pyre
tracks without numbers. Renders each seat panel of a real table at 1280x720 and
1920x1080 and compares what each drew (docs/rules/hammer.md §1 tracks: start value .. 18)."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.hammer import pyres, seats
from game.ui.scenes.hammer_table import HammerTableScene
from tests.ui.hammer_source import MatchSource, place_all
from tests.ui.table_source import clear_scenes, open_table_scene

NUMBERS = {str(n) for n in range(2, 19)}


def drawn_per_seat(scene, monkeypatch) -> dict[int, dict]:
    """What each seat panel drew: text sizes by role, track numbers, ability lines."""
    names = {v["id"]: (v.get("short") or pyres.words.villager_name(v["id"])) for v in scene.villagers()}
    out: dict[int, dict] = {}
    current: dict = {}

    def recording_text(s, size, *args, **kwargs):
        s = str(s)
        if s in names.values():
            current["names"].add(size)
        elif s in NUMBERS:
            current["numbers"].append(size)
        elif s.split(" (")[0] == scene.name(current["seat"]):
            current["header"].add(size)
        return real_text(s, size, *args, **kwargs)

    def recording_wrap(text, font, width):
        current["abilities"] += 1
        return real_wrap(text, font, width)

    real_text, real_wrap = pyres.text, pyres.wrap_text
    monkeypatch.setattr(pyres, "text", recording_text)
    monkeypatch.setattr(seats, "text", recording_text)
    monkeypatch.setattr(pyres, "wrap_text", recording_wrap)
    for seat in range(scene.players):
        zone = scene.seat_zone(seat)
        current.clear()
        current.update(seat=seat, names=set(), numbers=[], header=set(), abilities=0)
        scene.vtracks.clear()
        scene.seats.rows.clear()  # every villager row drawn anew, not blitted from its kept picture
        scene.draw_seat(pygame.Surface(zone.size), seat, pygame.Rect((0, 0), zone.size))
        out[seat] = dict(current, tracks={t[3] for t in scene.vtracks.values()})
    monkeypatch.undo()
    return out


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_seat_panel_uses_the_same_type_track_and_lines(players, size, monkeypatch):
    app = App(size=size)
    src = MatchSource.new(players, seed=3)
    place_all(src.match)
    scene = open_table_scene(app, HammerTableScene, src, frames=1)
    drawn = drawn_per_seat(scene, monkeypatch)
    first = drawn[0]
    assert len(first["names"]) == 1 and len(first["header"]) == 1 and len(first["tracks"]) == 1
    for seat, d in drawn.items():
        assert d["names"] == first["names"], (seat, d["names"], first["names"])
        assert d["header"] == first["header"], (seat, d["header"], first["header"])
        assert d["tracks"] == first["tracks"], (seat, d["tracks"], first["tracks"])
        assert d["abilities"] == first["abilities"], seat  # ability lines in every seat or none
        assert len(d["numbers"]) >= 3 * 5, seat  # each of the 3 tracks numbered (10..18 at least)
        assert set(d["numbers"]) == set(first["numbers"]), seat
    # the seats still fit the window and overlap nothing else of the table
    window = pygame.Rect((0, 0), size)
    zones = [scene.seat_zone(s) for s in range(players)]
    others = [pygame.Rect(scene.rects[k]) for k in ("log", "deck", "discard", "banner", "hand", "phase_track")]
    for i, z in enumerate(zones):
        assert window.contains(z)
        assert not any(z.colliderect(o) for o in others), (z, others)
        assert not any(z.colliderect(o) for o in zones[i + 1 :])
    clear_scenes(app)
