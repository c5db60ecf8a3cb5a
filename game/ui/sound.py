"""Sound effects for the tables and buttons (issue 3: the volume setting).

The sounds are our own, synthesised by ``tools/make_sounds.py`` into ``assets/sounds``.
Contract:

* :func:`play` never raises and never blocks. It does nothing at all when SDL plays
  into the ``dummy`` audio driver (tests, headless runs), when there is no audio device
  or when the volume is 0; files load lazily on first use.
* The audio device is opened for the first sound and closed again once nothing has
  played for ``CLOSE_AFTER`` seconds (issue 9 item 16: an open device keeps a mixing
  thread awake, ~0.3% of a core in silence); the app loop calls
  :meth:`Sounds.close_when_quiet`. A mixer someone else opened is left alone.
* A missing or unreadable file is logged once and then stays silent.
* :func:`set_volume` (percent, from the settings) applies to every later ``play``.
  pygame resets a channel's volume each time a sound starts on it, so the volume is
  put on the ``Sound`` itself, not on the channels.
* :func:`event_sound` maps a log event of a game to a sound name; table scenes call
  :func:`play_events` with the events that are new since they last looked.
"""
from __future__ import annotations

import logging
import os
import time
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

#: every sound tools/make_sounds.py writes (file stem)
NAMES = ("card_place", "card_draw", "shuffle", "heat", "bell", "dice", "gavel", "coins", "refused",
         "chime", "click", "token")
#: at most this many different sounds start for one batch of new events (a bot burst or
#: a reconnect must not become a cacophony)
MAX_PER_BATCH = 3

#: event type -> sound, per game. Events needing a look at their fields are in event_sound.
EVENT_SOUNDS: dict[str, dict[str, str]] = {
    "hammer": {
        "accuse": "card_place", "advocate": "card_place", "bribe": "card_place", "negate": "card_place",
        "no_inquisition": "card_place", "ordeal": "card_place", "placed": "card_place",
        "draw": "card_draw", "deal": "card_draw", "reveal": "card_draw",
        "reshuffle": "shuffle",
        "burn": "bell",
        "call": "gavel",
    },
    "salem": {
        "play": "card_place", "ability": "card_place",
        "draw": "card_draw", "deal": "card_draw", "reveal": "card_draw", "conspiracy_moves": "card_draw",
        "reshuffle": "shuffle", "shuffled": "shuffle",
        "trial": "gavel", "gavel": "gavel",
        "death": "bell", "night": "bell", "over": "bell",
        "black_card": "chime",
    },
    "witch_trial": {
        "roll": "dice",
        "verdict": "gavel", "objection": "gavel", "mistrial": "gavel", "continuance": "gavel",
        "play": "card_place", "case": "card_place", "motion": "card_place", "recover": "card_draw",
        "draw": "card_draw", "deal": "card_draw",
        "reshuffle": "shuffle",
    },
    "malleus": {
        "roll": "dice", "sentenced": "gavel", "executed": "bell", "secret_revealed": "gavel",
        "card": "card_place", "draw": "card_draw", "reshuffle": "shuffle", "game_over": "bell",
    },
    "testimony": {
        "testify": "token", "discard_token": "card_draw", "show": "card_place", "investigate": "card_draw",
        "deal": "card_draw", "match_over": "gavel",
    },
}


def event_sound(game: str, event: dict, seat: int | None = None) -> str | None:
    """The sound for one log event of ``game`` as seen by ``seat`` (None = no sound)."""
    kind = event.get("type")
    if kind == "turn":  # "your turn" is worth a chime; someone else's turn is not
        return "chime" if seat is not None and event.get("seat") == seat else None
    if game == "hammer" and kind == "heat":
        before, after = event.get("from"), event.get("to")
        return "heat" if isinstance(before, int) and isinstance(after, int) and after > before else None
    if game == "witch_trial":
        if kind == "buy":
            return "coins" if event.get("price") else "card_draw"
        if kind == "plea":
            return "coins" if event.get("accepted") else None
    return EVENT_SOUNDS.get(game, {}).get(str(kind))


def sounds_for_events(game: str, events: list[dict], seat: int | None = None) -> list[str]:
    """The distinct sounds for a batch of new events, in order, at most MAX_PER_BATCH."""
    names: list[str] = []
    for event in events:
        name = event_sound(game, event, seat) if isinstance(event, dict) else None
        if name and name not in names:
            names.append(name)
    return names[-MAX_PER_BATCH:]  # the newest matter most


#: seconds of silence after which the audio device is closed (reopened on the next sound)
CLOSE_AFTER = 8.0


class Sounds:
    """Lazily loaded sounds from one folder, played at the settings' volume."""

    #: SDL audio drivers that play into nothing: there, play() does nothing at all
    silent_drivers: tuple[str, ...] = ("dummy", "disk")

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = folder
        self.volume = 0.7
        self.cache: dict[str, pygame.mixer.Sound | None] = {}
        self._reported: set[str] = set()
        self.played: list[str] = []   # names started, newest last (tests and the smoke run read it)
        self._opened = False          # we opened the device (so we close it when quiet)
        self._no_device = False       # opening failed once: stay silent, say it once
        self._last_sound = 0.0        # time.monotonic() of the last sound started

    @property
    def folder(self) -> Path:
        if self._folder is None:
            from game.paths import assets_dir

            self._folder = assets_dir() / "sounds"
        return self._folder

    def audible(self) -> bool:
        """Whether a sound can be heard now, opening the audio device if need be."""
        if os.environ.get("SDL_AUDIODRIVER", "").lower() in self.silent_drivers:
            return False
        try:
            if pygame.mixer.get_init():
                return True
        except pygame.error:
            return False
        if self._no_device:
            return False
        try:
            pygame.mixer.init()
        except pygame.error as exc:  # no audio device: play silently
            self._no_device = True
            log.info("no audio device (%s); sound is off", exc)
            return False
        self._opened = True
        self.cache.clear()  # Sound objects belong to the device they were loaded for
        return True

    def close_when_quiet(self) -> float | None:
        """Close the device we opened once it has been silent for CLOSE_AFTER seconds.
        Returns the seconds until it wants another look (None: nothing to watch)."""
        if not self._opened:
            return None
        try:
            if not pygame.mixer.get_init():
                self._opened = False
                self.cache.clear()
                return None
            if pygame.mixer.get_busy():
                return 1.0
        except pygame.error:
            return None
        left = CLOSE_AFTER - (time.monotonic() - self._last_sound)
        if left > 0:
            return left
        pygame.mixer.quit()
        self._opened = False
        self.cache.clear()
        return None

    def set_volume(self, percent: int | float) -> None:
        self.volume = max(0.0, min(1.0, float(percent) / 100))
        for sound in self.cache.values():
            if sound is not None:
                sound.set_volume(self.volume)

    def load(self, name: str) -> pygame.mixer.Sound | None:
        if name in self.cache:
            return self.cache[name]
        sound = None
        path = self.folder / f"{name}.wav"
        try:
            sound = pygame.mixer.Sound(str(path))
            sound.set_volume(self.volume)
        except (pygame.error, OSError, FileNotFoundError) as exc:
            if name not in self._reported:
                self._reported.add(name)
                log.warning("sound %s cannot be played (%s); going on without it", path, exc)
        self.cache[name] = sound
        return sound

    def play(self, name: str) -> None:
        """Start ``name`` if sound is on. Never raises."""
        try:
            if self.volume <= 0 or not self.audible():
                return
            sound = self.load(name)
            if sound is not None:
                sound.play()
                self._last_sound = time.monotonic()
                self.played.append(name)
                del self.played[:-20]
        except Exception:  # a sound must never stop a game
            if name not in self._reported:
                self._reported.add(name)
                log.warning("sound %s failed", name, exc_info=True)


SOUNDS = Sounds()


def play(name: str) -> None:
    SOUNDS.play(name)


def set_volume(percent: int | float) -> None:
    SOUNDS.set_volume(percent)


def play_events(game: str, events: list[dict], seat: int | None = None) -> list[str]:
    """Play the sounds for a batch of new events; returns their names."""
    names = sounds_for_events(game, events, seat)
    for name in names:
        SOUNDS.play(name)
    return names
