"""Sound effects for the tables and buttons, at the volume the settings give.

The sounds are our own, synthesised by ``tools/make_sounds.py`` into ``assets/sounds``.
Contract:

* :func:`play` never raises and never blocks. It does nothing at all when SDL plays
  into the ``dummy`` audio driver (tests, headless runs), when there is no audio device
  or when the volume is 0; files load lazily on first use.
* The audio device is opened for the first sound and closed again once nothing has
  played for ``CLOSE_AFTER`` seconds (an open device keeps a mixing thread awake,
  ~0.3% of a core in silence); the app loop calls
  :meth:`Sounds.close_when_quiet`. A mixer someone else opened is left alone.
* A missing or unreadable file is logged once and then stays silent.
* :func:`set_volume` (percent, from the settings) applies to every later ``play``.
  pygame resets a channel's volume each time a sound starts on it, so the volume is
  put on the ``Sound`` itself, not on the channels.
* :func:`event_sound` maps a log event of a game to a sound name (each game's table
  spec, ``game.ui.tables``, says which events sound how); table scenes call
  :func:`play_events` with the events that are new since they last looked.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

import pygame

from game.paths import assets_dir
from game.ui.tables import table_spec, table_specs

log = logging.getLogger(__name__)

#: every sound tools/make_sounds.py writes (file stem)
NAMES = (
    "card_place",
    "card_draw",
    "shuffle",
    "heat",
    "bell",
    "dice",
    "gavel",
    "coins",
    "refused",
    "chime",
    "click",
    "token",
)
#: at most this many different sounds start for one batch of new events (a bot burst or
#: a reconnect must not become a cacophony)
MAX_PER_BATCH = 3


class _EventSounds(Mapping):
    """game id -> {event type: sound name}: the plain entries of each game's table spec
    (``TableSpec.sounds``), read live; the entries that look at an event's fields are
    functions there, asked by :func:`event_sound`."""

    def __getitem__(self, game: str) -> dict[str, str]:
        spec = table_specs()[game]
        return {kind: name for kind, name in spec.sounds.items() if isinstance(name, str)}

    def __iter__(self) -> Iterator[str]:
        return iter(table_specs())

    def __len__(self) -> int:
        return len(table_specs())


#: game id -> event type -> sound (the entries needing a look at the event's fields are
#: left out; :func:`event_sound` asks them)
EVENT_SOUNDS: Mapping[str, dict[str, str]] = _EventSounds()


def event_sound(game: str, event: dict, seat: int | None = None) -> str | None:
    """The sound for one log event of ``game`` as seen by ``seat`` (None = no sound):
    "your turn" chimes for the seat whose turn it is; any other event sounds as its
    game's table spec says."""
    kind = event.get("type")
    if kind == "turn":  # "your turn" is worth a chime; someone else's turn is not
        return "chime" if seat is not None and event.get("seat") == seat else None
    spec = table_spec(game)
    sound = spec.sounds.get(str(kind)) if spec is not None else None
    return sound(event) if callable(sound) else sound


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
        self.played: list[str] = []  # names started, newest last (tests and the smoke run read it)
        self._opened = False  # we opened the device (so we close it when quiet)
        self._no_device = False  # opening failed once: stay silent, say it once
        self._last_sound = 0.0  # time.monotonic() of the last sound started

    @property
    def folder(self) -> Path:
        if self._folder is None:
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
