"""Sound effects (so that the volume setting means something): our own synthesised WAV
files, measured since nobody can listen here; ``game.ui.sound`` never makes noise or
raises without a real audio device; which log events make which sound; the volume
setting reaches the mixer; the table plays only what is new."""

from __future__ import annotations

import array
import importlib.util
import logging
import sys
import wave

import pygame
import pytest

from game.engine import IllegalCommand, new_match
from game.paths import assets_dir, bundle_root
from game.ui import sound
from game.ui.scenes.settings import apply_volume

SOUND_DIR = assets_dir() / "sounds"


def _samples(path) -> tuple[wave._wave_params, array.array]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        data = array.array("h", w.readframes(params.nframes))
    if sys.byteorder == "big":
        data.byteswap()
    return params, data


# ------------------------------------------------------------------ the files ----
def test_every_sound_the_game_plays_is_made_by_the_tool():
    spec = importlib.util.spec_from_file_location("make_sounds", bundle_root() / "tools" / "make_sounds.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tuple(tool.SOUNDS) == sound.NAMES
    used = {name for table in sound.EVENT_SOUNDS.values() for name in table.values()}
    assert used <= set(sound.NAMES)


@pytest.mark.parametrize("name", sound.NAMES)
def test_sound_file_is_short_mono_16_bit_and_clean(name):
    params, data = _samples(SOUND_DIR / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44100)
    assert 0.03 < params.nframes / params.framerate < 1.0
    peak = max(abs(s) for s in data)
    assert 0.2 * 32767 < peak < 0.9 * 32767  # audible, never clipped
    assert abs(sum(data) / len(data)) < 0.005 * 32767  # no DC offset
    assert abs(data[-1]) < 200  # ends at silence: no click


def test_the_sound_folder_stays_small():
    total = sum(p.stat().st_size for p in SOUND_DIR.glob("*.wav"))
    assert total < 1_000_000


# -------------------------------------------------------------- playing safely ----
def test_play_is_silent_and_harmless_without_a_mixer():
    quiet = sound.Sounds()
    was_on = pygame.mixer.get_init()
    pygame.mixer.quit()
    try:
        quiet.play("chime")
        sound.play("no-such-sound")
        assert quiet.played == [] and quiet.cache == {}
    finally:
        if was_on:
            pygame.mixer.init()


def test_play_does_nothing_on_the_dummy_audio_driver(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    quiet = sound.Sounds()
    quiet.play("chime")
    assert quiet.played == [] and quiet.cache == {}  # not even loaded


@pytest.fixture
def mixer():
    if not pygame.mixer.get_init():
        try:
            pygame.mixer.init()
        except pygame.error:
            pytest.skip("no mixer here")
    yield


def test_a_missing_sound_file_is_logged_once_and_never_raises(mixer, tmp_path, caplog):
    loud = sound.Sounds(tmp_path)
    loud.silent_drivers = ()
    with caplog.at_level(logging.WARNING, logger="game.ui.sound"):
        loud.play("gavel")
        loud.play("gavel")
    assert len([r for r in caplog.records if "gavel" in r.getMessage()]) == 1
    assert loud.played == []


def test_volume_setting_reaches_the_mixer(mixer, monkeypatch):
    monkeypatch.setattr(sound.SOUNDS, "silent_drivers", ())
    monkeypatch.setattr(sound.SOUNDS, "played", [])
    try:
        apply_volume(30)
        assert sound.SOUNDS.volume == pytest.approx(0.3)
        sound.play("click")
        assert sound.SOUNDS.played == ["click"]
        assert sound.SOUNDS.load("click").get_volume() == pytest.approx(0.3, abs=0.01)
        apply_volume(80)  # already loaded sounds follow the setting too
        assert sound.SOUNDS.load("click").get_volume() == pytest.approx(0.8, abs=0.01)
        apply_volume(0)  # 0 = silent
        sound.play("click")
        assert sound.SOUNDS.played == ["click"]
    finally:
        apply_volume(70)


def test_button_click_makes_the_click_sound(monkeypatch):
    from game.ui.widgets import Button

    heard: list[str] = []
    monkeypatch.setattr(sound, "play", heard.append)
    Button((0, 0, 100, 40), "Go", lambda: None).click()
    Button((0, 0, 100, 40), "Off", lambda: None, enabled=False).click()
    assert heard == ["click"]


# ------------------------------------------------------------ which event, which sound ----
@pytest.mark.parametrize(
    "game, event, seat, expected",
    [
        ("hammer", {"type": "accuse", "seat": 0}, 1, "card_place"),  # docs/rules/hammer.md §5
        ("hammer", {"type": "bribe", "target": "anna"}, 1, "card_place"),
        ("hammer", {"type": "draw", "seat": 1, "count": 2}, 1, "card_draw"),
        ("hammer", {"type": "reshuffle", "count": 30}, 0, "shuffle"),
        ("hammer", {"type": "heat", "villager": "anna", "from": 4, "to": 7}, 0, "heat"),
        ("hammer", {"type": "heat", "villager": "anna", "from": 7, "to": 5}, 0, None),  # cooling is quiet
        ("hammer", {"type": "burn", "villager": "anna"}, 0, "bell"),
        ("hammer", {"type": "turn", "seat": 2}, 2, "chime"),  # your turn
        ("hammer", {"type": "turn", "seat": 2}, 0, None),  # someone else's
        ("witch_trial", {"type": "roll", "dice": [3, 5], "total": 8}, 0, "dice"),
        ("witch_trial", {"type": "verdict", "guilty": True}, 0, "gavel"),
        ("witch_trial", {"type": "buy", "price": 2}, 0, "coins"),
        ("witch_trial", {"type": "buy", "price": 0}, 0, "card_draw"),
        ("witch_trial", {"type": "plea", "accepted": True}, 0, "coins"),
        ("witch_trial", {"type": "plea", "accepted": False}, 0, None),
        ("witch_trial", {"type": "no_such_event"}, 0, None),
        ("testimony", {"type": "testify", "token": "g1t1", "placer": 0, "target": 1}, 2, "token"),  # T3
        ("testimony", {"type": "show", "share": 0, "seat": 0, "to": 1}, 2, "card_place"),
        ("testimony", {"type": "turn", "seat": 1, "turn_no": 2, "tokens": 3}, 1, "chime"),
        ("testimony", {"type": "match_over", "totals": [1, 2, 3], "winners": [2]}, 0, "gavel"),
    ],
)
def test_event_sound_picks_the_right_sound(game, event, seat, expected):
    assert sound.event_sound(game, event, seat) == expected


def test_a_burst_of_events_plays_a_few_distinct_sounds_newest_first():
    events = [
        {"type": "accuse"},
        {"type": "heat", "from": 2, "to": 5},
        {"type": "accuse"},
        {"type": "reshuffle"},
        {"type": "draw"},
        {"type": "burn"},
    ]
    assert sound.sounds_for_events("hammer", events) == ["shuffle", "card_draw", "bell"]


# ------------------------------------------------------------------ at the table ----
class _Source:
    """The TableSource contract over a Hammer match, showing one chosen seat."""

    def __init__(self, seat=0) -> None:
        self.match = new_match("hammer", ["Ann", "Bob", "Cy"], seed=3)
        self.game, self.players, self._seat, self._bump = "hammer", list(self.match.players), seat, 0

    revision = property(lambda self: self.match.state_id * 100 + self._bump)
    screen_seat = property(lambda self: self._seat)

    def show(self, seat) -> None:
        self._seat, self._bump = seat, self._bump + 1

    def view(self):
        return self.match.view(self._seat)

    def legal(self):
        return self.match.legal(self._seat) if self._seat is not None else []

    def log(self):
        return self.match.log(self._seat)

    def submit(self, command):
        try:
            self.match.apply(self._seat, command)
        except IllegalCommand as exc:
            return exc.message
        return None

    def pending_seats(self):
        return self.match.to_act()

    def request_seat(self, seat) -> None:
        self.show(seat)

    def is_human(self, seat) -> bool:
        return True


@pytest.fixture
def table(monkeypatch):
    from game.ui.app import App
    from game.ui.scenes.hammer_table import HammerTableScene

    heard: list[str] = []
    monkeypatch.setattr(HammerTableScene, "play_sound", lambda self, name: heard.append(name))
    app = App(size=(1280, 720))
    source = _Source(seat=0)
    for seat in range(3):  # the setup's placements (docs/rules/hammer.md §2): a long history already
        source.match.apply(seat, source.match.legal(seat)[0])
    scene = HammerTableScene(app, source)
    app.scenes.push(scene)
    for _ in range(3):
        app.frame(wait=False)
    yield scene, source, heard
    while app.scenes.top is not None:
        app.scenes.pop()


def test_opening_a_table_plays_nothing_for_its_history(table):
    scene, source, heard = table
    assert len(source.log()) > 3 and heard == []


def test_a_move_plays_its_sound_once(table):
    scene, source, heard = table
    seat = source.match.to_act()[0]
    source.show(seat)
    scene.app.frame(wait=False)
    heard.clear()
    accuse = next((c for c in source.legal() if c["type"] == "accuse"), None)
    if accuse is None:
        pytest.skip("no accusation in hand for this seed")
    assert scene.submit(accuse)
    for _ in range(3):
        scene.app.frame(wait=False)
    assert heard.count("card_place") == 1


def test_a_refused_move_thuds(table):
    scene, source, heard = table
    scene.submit({"type": "no_such_command"})
    assert heard[-1:] == ["refused"]


def test_the_curtain_lifting_for_a_player_chimes(table):
    scene, source, heard = table
    source.show(None)  # the curtain is down: nobody's screen
    scene.app.frame(wait=False)
    assert "chime" not in heard
    source.show(1)  # Bob lifted it
    scene.app.frame(wait=False)
    assert heard[-1:] == ["chime"]


def test_a_move_that_lowers_the_curtain_still_plays_its_sound(table):
    # hot-seat (DESIGN D3): the seat that moved leaves the screen in the same step, so the
    # new events are found in the other seat's (differently redacted) log
    scene, source, heard = table
    seat = source.match.to_act()[0]
    source.show(seat)
    scene.app.frame(wait=False)
    heard.clear()
    accuse = next((c for c in source.legal() if c["type"] == "accuse"), None)
    if accuse is None:
        pytest.skip("no accusation in hand for this seed")
    source.match.apply(seat, accuse)
    source.show(None)
    scene.app.frame(wait=False)
    assert "card_place" in heard and "chime" not in heard
