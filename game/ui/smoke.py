"""``witchhunt smoke``: a headless, scripted run of every scene (set up with the first
game the New game screen offers), then each game's own smoke player, in menu order (the
``smoke`` of its table spec, ``game.ui.tables``: a full game played through the UI). It
starts with the app opening from damaged, old and odd settings files
(game/ui/smoke_startup.py).

Everything is driven by posting real pygame events (mouse motion / presses / releases,
KEYDOWN, TEXTINPUT) into the event queue and running ``app.frame(wait=False)``, so the
same code paths as a person's input are exercised: the input translator, the focus
ring, the widgets, the scenes and the hot-seat session.

It runs with the dummy video and audio drivers unless the caller chose a driver, and
with ``WITCHHUNT_HOME`` pointed at a fresh temporary folder, so it never opens a window
nor touches the player's saves and settings. It is bounded in time (``TIME_LIMIT``).
Exit code 0 when fine, else 1 with a one-line reason on stderr.

``WITCHHUNT_SMOKE_SHOTS=<folder>`` saves a PNG of each scene visited (used for the
reference screenshots in docs/screenshots).
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.bots.base import play_bots
from game.ui import smoke_privacy, smoke_startup
from game.ui.app import make_app
from game.ui.scenes.continue_game import ContinueScene
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.game_over import GameOverScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.menu_base import ConfirmScene, MessageScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.table_menu import TableMenuScene
from game.ui.session import WRITER, HotseatSession, make_bots, open_table
from game.ui.settings import Settings, load_settings
from game.ui.smoke_common import SmokeFailure
from game.ui.tables import load_tables, playable_games, table_spec

TIME_LIMIT = 230.0  # seconds for the whole run (the test allows 280 s)

log = logging.getLogger(__name__)


class Driver:
    """Posts real pygame events and runs frames."""

    def __init__(self, app: Any, deadline: float, shots: Path | None = None) -> None:
        self.pg = pygame
        self.app = app
        self.deadline = deadline
        self.shots = shots
        self.step = "start"

    # ----------------------------------------------------------------- basics ----
    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            if time.monotonic() > self.deadline:
                raise SmokeFailure(f"out of time during: {self.step}")
            self.app.frame(wait=False)

    def post(self, kind: int, **attrs: Any) -> None:
        self.pg.event.post(self.pg.event.Event(kind, **attrs))

    def move(self, pos: tuple[int, int]) -> None:
        self.post(self.pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.frames()

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.move(pos)
        self.post(self.pg.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.frames()
        self.post(self.pg.MOUSEBUTTONUP, pos=pos, button=button)
        self.frames()

    def key(self, key: int, mod: int = 0) -> None:
        self.post(self.pg.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.frames()
        self.post(self.pg.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.frames()

    def type_text(self, text: str) -> None:
        for ch in text:
            self.post(self.pg.TEXTINPUT, text=ch)
            self.frames()

    def wheel(self, dy: int) -> None:
        self.post(self.pg.MOUSEWHEEL, x=0, y=dy, flipped=False)
        self.frames()

    # --------------------------------------------------------------- checking ----
    @property
    def top(self) -> Any:
        return self.app.scenes.top

    def expect(self, cls: type, what: str) -> Any:
        if not isinstance(self.top, cls):
            raise SmokeFailure(f"{self.step}: expected {what}, found {type(self.top).__name__}")
        return self.top

    def check(self, ok: bool, reason: str) -> None:
        if not ok:
            raise SmokeFailure(f"{self.step}: {reason}")

    def widget(self, name: str) -> Any:
        ring = getattr(self.top, "ring", None)
        found = ring.find(name) if ring is not None else None
        if found is None:
            raise SmokeFailure(f"{self.step}: no {name!r} on {type(self.top).__name__}")
        return found

    def click_widget(self, name: str) -> None:
        w = self.widget(name)
        self.check(getattr(w, "enabled", True), f"{name!r} is disabled")
        self.click(w.rect.center)

    def wait_for(self, cond: Callable[[], bool], seconds: float, what: str) -> None:
        end = time.monotonic() + seconds
        while not cond():
            if time.monotonic() > end:
                raise SmokeFailure(f"{self.step}: {what} did not happen within {seconds:.0f} s")
            self.frames()
            time.sleep(0.005)

    def shot(self, name: str) -> None:
        if self.shots is not None:
            self.shots.mkdir(parents=True, exist_ok=True)
            self.app.screenshot(str(self.shots / f"{name}.png"))


# ------------------------------------------------------------------- the script ----
def visit_scenes(d: Driver) -> None:
    """Menu, settings, rules, new game (typed names), curtain, continue, game over."""
    app = d.app
    d.step = "main menu"
    app.scenes.reset(MenuScene(app))
    d.frames(2)
    d.expect(MenuScene, "the main menu")
    d.check(not d.widget("continue").enabled, "Continue is enabled with no saves")
    d.shot("menu")
    # keyboard: Down moves the focus from New game to Continue's neighbour (Continue is disabled)
    d.key(pygame.K_DOWN)
    d.check(getattr(d.top.ring.focus, "name", "") == "host", "Down did not skip the disabled Continue")

    d.step = "settings"
    d.click_widget("settings")
    d.expect(SettingsScene, "the settings")
    volume = d.widget("volume")
    before = volume.value
    d.click(volume.plus_rect.center)
    d.check(load_settings().volume == min(100, before + 10), "the volume change was not saved")
    d.shot("settings")
    d.key(pygame.K_ESCAPE)
    d.expect(MenuScene, "the menu after Esc")

    d.step = "rules"
    d.click_widget("rules")
    rules = d.expect(RulesScene, "the rules")
    d.key(pygame.K_PAGEDOWN)
    d.check(rules.scroll > 0, "Page Down did not scroll the rules")
    d.wheel(2)
    d.shot("rules")
    d.key(pygame.K_ESCAPE)
    d.expect(MenuScene, "the menu after the rules")

    d.step = "host placeholder"
    d.click_widget("host")
    if isinstance(d.top, MessageScene):
        d.click_widget("back")
    else:
        d.key(pygame.K_ESCAPE)
    d.expect(MenuScene, "the menu after Host")

    d.step = "new game"
    games = playable_games()
    if not games:
        raise SmokeFailure("new game: no game has a table scene")
    d.click_widget("new_game")
    d.expect(NewGameScene, "the new-game screen")
    field = d.widget("name_0")
    d.click(field.rect.center)
    d.key(pygame.K_END)
    for _ in range(len(field.text)):
        d.key(pygame.K_BACKSPACE)
    d.type_text("Alma")
    d.check(field.text == "Alma", f"typing a name gave {field.text!r}")
    d.click_widget("bot_2")
    d.check(d.widget("bot_2").checked, "the bot checkbox did not toggle")
    d.shot("new_game")
    d.key(pygame.K_TAB)  # keyboard focus moves on from the field
    d.click_widget("start")
    table_cls = load_tables()[games[0]]  # the game the form offers first
    d.check(any(isinstance(s, table_cls) for s in app.scenes.stack), "Start did not open the table")
    table = next(s for s in app.scenes.stack if isinstance(s, table_cls))
    session = table.source
    d.check(session.players == ["Alma", "Bob", "Cy"], f"the seats are {session.players}")
    d.check(sorted(session.bots) == [2], "Cy is not a bot")

    table_menu_tour(d, table)
    d.step = "continue after Save and leave"
    d.click_widget("continue")
    cont = d.expect(ContinueScene, "the Continue list")
    d.check(len(cont.saves) == 1, f"Continue lists {len(cont.saves)} saves after Save and leave, expected 1")
    d.click_widget("resume")
    table = next((s for s in app.scenes.stack if isinstance(s, table_cls)), None)
    d.check(table is not None, "Resume did not open the table left by Save and leave")
    d.check(table.source.match.to_json() == session.match.to_json(), "the game resumed is not the one left")
    session = table.source

    d.step = "curtain"
    if not isinstance(d.top, CurtainScene):
        seats = session.banner_seats() or [s for s in session.pending_seats() if session.is_human(s)]
        d.check(bool(seats), "no human may act at the start")
        pos = table.locate("button", f"seat:{seats[0]}") if hasattr(table, "locate") else None
        if pos is not None:
            d.click(pos)  # the public banner's seat button
        if not isinstance(d.top, CurtainScene):
            session.request_seat(seats[0])  # the same call the banner button makes
            d.frames()
    curtain = d.expect(CurtainScene, "the curtain")
    d.check(session.screen_seat is None, "a seat is shown while the curtain is down")
    d.shot("curtain")
    d.click(curtain.ring.find("main_menu").rect.center)
    d.expect(MenuScene, "the menu after the curtain's Main menu")
    d.check(len(app.scenes.stack) == 1, "the table is still on the stack")

    d.step = "continue"
    session.flush()
    saves = Path(os.environ["WITCHHUNT_HOME"]) / "saves"
    (saves / "broken.witchhunt.json").write_text("{not json", encoding="utf-8")
    d.top.rebuild()
    d.click_widget("continue")
    cont = d.expect(ContinueScene, "the Continue list")
    d.check(len(cont.saves) == 2, f"Continue lists {len(cont.saves)} saves, expected 2")
    good = next(i for i, s in enumerate(cont.saves) if s.error is None)
    d.key(pygame.K_HOME)
    for _ in range(good):
        d.key(pygame.K_DOWN)
    d.shot("continue")
    d.click_widget("resume")
    d.check(any(isinstance(s, table_cls) for s in app.scenes.stack), "Resume did not open the table")
    resumed = next(s for s in app.scenes.stack if isinstance(s, table_cls)).source
    d.check(resumed.players == ["Alma", "Bob", "Cy"], "Resume opened another game")
    seats = [s for s in resumed.pending_seats() if resumed.is_human(s)]
    if not isinstance(d.top, CurtainScene):
        resumed.request_seat(seats[0])
        d.frames()
    d.click(d.expect(CurtainScene, "the curtain").ring.find("main_menu").rect.center)
    d.expect(MenuScene, "the menu")
    d.click_widget("continue")
    cont = d.expect(ContinueScene, "the Continue list")
    good = next(i for i, s in enumerate(cont.saves) if s.error is None)
    row = cont.list.row_rect(good)
    d.click(row.center)
    d.click_widget("delete")
    d.expect(ConfirmScene, "the delete confirmation")
    d.click_widget("confirm_yes")
    cont = d.expect(ContinueScene, "the Continue list after deleting")
    d.check(len(cont.saves) == 1 and cont.saves[0].error, "the delete did not leave just the damaged save")
    d.check((saves / "broken.witchhunt.json").exists(), "the damaged save was touched")
    d.key(pygame.K_ESCAPE)
    d.expect(MenuScene, "the menu")

    d.step = "game over"
    _finished_game(d)
    over = d.expect(GameOverScene, "the game-over scene")
    d.shot("game_over")
    d.click(over.ring.find("main_menu").rect.center)
    d.expect(MenuScene, "the menu after the game")


def table_menu_tour(d: Driver, table: Any) -> None:
    """The way out of a table: Esc and the Menu button open the table
    menu; Resume, Rules, Settings come back to it; Save and leave ends at the main menu."""
    d.step = "table menu"
    d.check(d.top is table, f"the table is not on top ({type(d.top).__name__})")
    d.key(pygame.K_ESCAPE)
    d.expect(TableMenuScene, "the table menu after Esc")
    d.shot("table_menu")
    d.click_widget("resume")
    d.check(d.top is table, "Resume did not go back to the table")
    d.click(table.locate("button", "menu"))
    d.expect(TableMenuScene, "the table menu after its button")
    d.click_widget("rules")
    rules = d.expect(RulesScene, "the rules from the table menu")
    d.check(rules.game == table.source.game, f"the rules opened at {rules.game}, not {table.source.game}")
    d.key(pygame.K_ESCAPE)
    d.expect(TableMenuScene, "the table menu after the rules")
    d.click_widget("settings")
    d.expect(SettingsScene, "the settings from the table menu")
    d.key(pygame.K_ESCAPE)
    d.expect(TableMenuScene, "the table menu after the settings")
    d.key(pygame.K_ESCAPE)
    d.check(d.top is table, "Esc did not close the table menu")
    d.key(pygame.K_ESCAPE)
    d.expect(TableMenuScene, "the table menu")
    d.click_widget("leave")
    d.expect(MenuScene, "the main menu after Save and leave")
    d.check(len(d.app.scenes.stack) == 1, "the table is still on the stack after Save and leave")
    d.check(d.widget("continue").enabled, "Continue is disabled after Save and leave")


def _finished_game(d: Driver) -> None:
    """A 3-seat game of the first game offered played to its end by bots (engine speed),
    shown at its end so the session brings up the game-over scene by itself."""
    app = d.app
    session = HotseatSession.new(
        app,
        playable_games()[0],
        ["Ann", "Bob", "Cy"],
        [1, 2],
        seed=11,
        bot_delay=0.0,
        bot_levels={1: "easy", 2: "easy"},
    )  # Easy: a whole game in a moment
    match = session.match
    humans_as_bots = make_bots(match, [0], {0: "easy"})
    play_bots(match, {**session.bots, **humans_as_bots})
    d.check(match.over, "the bots did not finish the game")
    session._autosave()
    open_table(app, session, base=MenuScene(app))
    d.wait_for(lambda: isinstance(d.top, GameOverScene), 10, "the game-over scene")


def play_every_game(d: Driver) -> None:
    """Each game's smoke player (its table spec's ``smoke``), in menu order."""
    for game in playable_games():
        spec = table_spec(game)
        d.step = f"the smoke player of {game}"
        try:
            player = spec.smoke_player() if spec is not None else None
        except (ImportError, AttributeError) as exc:
            raise SmokeFailure(f"the smoke player of {game} is missing ({exc})") from None
        if player is not None:
            player(d)


def run_smoke() -> int:
    """The ``witchhunt smoke`` command. Returns the exit code."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("WITCHHUNT_DISCOVERY_ADDR", "127.0.0.1")
    old_home = os.environ.get("WITCHHUNT_HOME")
    home = tempfile.mkdtemp(prefix="witchhunt-smoke-")
    os.environ["WITCHHUNT_HOME"] = home
    shots_env = os.environ.get("WITCHHUNT_SMOKE_SHOTS")
    started = time.monotonic()
    app = None
    try:
        # the app opens whatever settings.json holds (before the run's own app exists)
        smoke_startup.smoke_step(started + TIME_LIMIT)
        app = make_app(Settings())
        d = Driver(app, started + TIME_LIMIT, Path(shots_env) if shots_env else None)
        visit_scenes(d)
        play_every_game(d)
        smoke_privacy.smoke_step(d)
        d.step = "quit"
        d.app.scenes.reset(MenuScene(app))
        d.frames()
        app.running = True
        d.click_widget("quit")
        d.check(not app.running, "Quit did not stop the app")
    except SmokeFailure as exc:
        print(f"smoke: FAILED: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # a bug: one line for the user, the traceback in the log
        log.exception("smoke run crashed")
        print(f"smoke: FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    finally:
        try:
            WRITER.flush()
        except Exception:
            pass
        if app is not None:
            pygame.quit()
        if old_home is None:
            os.environ.pop("WITCHHUNT_HOME", None)
        else:
            os.environ["WITCHHUNT_HOME"] = old_home
        shutil.rmtree(home, ignore_errors=True)
    print(f"smoke: ok ({time.monotonic() - started:.1f} s)")
    return 0
