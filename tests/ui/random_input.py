"""Random input on the real app, for the tests and the soak (benchmarks/random_input.py).

:func:`wander` opens a hot-seat table of a game (a few bot seats, the rest people) over
the main menu and posts random pygame events — clicks, right clicks, drags (often from a
card of the hand on the screen), keys, typed text, the wheel, and now and then a new
window size — running ``app.frame`` as the app's loop does; now and then the person at
the screen makes a random legal move instead (``PLAY_SHARE``), so the input meets every
stage of a game. What the input leads to is played along: curtains, menus, forms, the
game's end. With ``stay`` a wander that left the table for the main menu or one of its
screens starts the game again, and the table's own menu is mostly closed again, so the
input lands on tables.

Any exception raised by a frame is caught and returned with the events before it: a
person must never meet a traceback, whatever they click.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass, field

import pygame

from game.bots.base import RandomBot
from game.bots.search import _filled as filled
from game.engine import GAMES

NAMES = ["Bartholomew", "Wilhelmina", "Maximilian", "Konstantin", "Evangeline", "Gwendolyn", "Archibald", "Florentina"]
KEYS = (
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_BACKSPACE,
    pygame.K_a,
    pygame.K_b,
    pygame.K_c,
    pygame.K_d,
    pygame.K_e,
    pygame.K_h,
    pygame.K_n,
    pygame.K_p,
    pygame.K_y,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
)
SIZES = ((960, 600), (1024, 640), (1264, 648), (1920, 1080))
#: the share of steps at a table where the person at the screen makes a random legal move
PLAY_SHARE = 0.3
#: the main menu and the screens it opens: a wander that reaches one starts the game again (``stay``)
OFF_TABLE = {"MenuScene", "SettingsScene", "RulesScene", "HostScene", "JoinScene", "NewGameScene", "ContinueScene"}


@dataclass
class Wander:
    game: str
    events: int = 0
    on_table: int = 0  # events posted while a table scene was on top
    moves: int = 0  # moves made by the person at the screen (PLAY_SHARE)
    commands: int = 0  # commands the matches took (bots' and people's)
    games_started: int = 0
    scenes: set[str] = field(default_factory=set)
    failures: list[tuple[str, str, list[str]]] = field(default_factory=list)  # (scene, traceback, last events)


def _click(pos: tuple[int, int], button: int = 1) -> list:
    """A click's events (None: a frame between the press and the release)."""
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        None,
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]


def _post(app, events: list) -> None:
    """Post ``events`` in order, running a frame for each None among them."""
    for event in events:
        if event is None:
            app.frame(wait=False)
        else:
            pygame.event.post(event)


def _events_for(rng: random.Random, app, table) -> tuple[str, list]:
    """A random input: its description and the events (None: run a frame between)."""
    w, h = app.size
    r = rng.random()
    if r < 0.4:
        pos = (rng.randrange(w), rng.randrange(h))
        button = 1 if rng.random() < 0.9 else 3
        return f"click{button} {pos}", _click(pos, button)
    if r < 0.6:
        # where the hand's cards lie (None: a card not drawn now)
        hand = [p for p in (table.locate("card", c) for c in table.my_hand()) if p] if table is not None else []
        a = rng.choice(hand) if hand and rng.random() < 0.7 else (rng.randrange(w), rng.randrange(h))
        a = (int(a[0]), int(a[1]))
        z = (rng.randrange(w), rng.randrange(h))
        out = [
            pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
            None,
        ]
        for k in range(1, 5):
            p = (a[0] + (z[0] - a[0]) * k // 4, a[1] + (z[1] - a[1]) * k // 4)
            out += [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)), None]
        out.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=z, button=1))
        return f"drag {a}->{z}", out
    if r < 0.8:
        key = rng.choice(KEYS)
        return f"key {pygame.key.name(key)}", [
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
            None,
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0),
        ]
    if r < 0.9:
        ch = rng.choice("abcxyz 1é?")
        return f"text {ch!r}", [pygame.event.Event(pygame.TEXTINPUT, text=ch)]
    if r < 0.98:
        pos = (rng.randrange(w), rng.randrange(h))
        step = rng.choice((-3, -1, 1, 3))
        return f"wheel {step} at {pos}", [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=step, flipped=False, precise_x=0.0, precise_y=0.0),
        ]
    return "resize", []


def outside_the_window(app) -> list[str]:
    """The visible buttons and fields of the scene on top (a table's, with an open form's)
    that do not lie inside the window: a layout that did not follow a resize."""
    top = app.scenes.top
    screen = pygame.Rect(0, 0, *app.size)
    widgets = list(getattr(top, "all_buttons", list)())
    forms = getattr(top, "forms", None)
    widgets += list(getattr(forms, "form_widgets", []) or [])
    return [
        f"{getattr(w, 'name', type(w).__name__)} at {tuple(w.rect)}"
        for w in widgets
        if getattr(w, "visible", True) and w.rect.w > 0 and not screen.contains(w.rect)
    ]


def wander(app, game: str, events: int, seed: int, *, stay: bool = True) -> Wander:
    """Post ``events`` random inputs to ``app`` playing ``game`` (module docstring)."""
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.table_base import TableScene
    from game.ui.session import HotseatSession, open_table

    rng = random.Random(seed)
    cls = GAMES[game]
    players = rng.randint(cls.min_players, min(cls.max_players, len(NAMES)))
    # seat 0 is a person (the story game's Prévôt always is)
    bots = [s for s in range(1, players) if rng.random() < 0.6]
    report = Wander(game)
    session = None

    def start() -> None:
        nonlocal session
        if session is not None:
            report.commands += session.match.state_id
            session.close()
        while app.scenes.top is not None:
            app.scenes.pop()
        app.scenes.push(MenuScene(app))
        # Easy bots answer at once (a searching bot thinks longer than a frame of random input takes)
        session = HotseatSession.new(
            app,
            game,
            NAMES[:players],
            bots,
            seed=rng.randrange(10_000),
            bot_delay=0.0,
            bot_levels=dict.fromkeys(bots, "easy"),
        )
        open_table(app, session, base=app.scenes.top)
        report.games_started += 1

    start()
    history: list[str] = []
    for _ in range(events):
        top = app.scenes.top
        name = type(top).__name__
        report.scenes.add(name)
        if stay and name == "TableMenuScene" and rng.random() < 0.7:
            app.scenes.pop()
            history.append("(the table's menu closed)")
        elif stay and name in OFF_TABLE:
            start()
            history.append("(the game started again)")
        top = app.scenes.top
        table = top if isinstance(top, TableScene) else None
        report.on_table += table is not None
        if table is not None and session is not None and rng.random() < PLAY_SHARE:
            # the person at the screen makes a move (a random legal one; on the shared
            # screen first one of the seats its banner calls), so the input meets every
            # stage of the game, not only its first screen
            try:
                legal = session.legal()
                calling = session.banner_seats() if not legal else []
                if legal:
                    command = RandomBot(rng.randrange(1 << 30), pass_bias=0.5).choose(session.view(), legal)
                    command = filled(command)  # free text (the story game's) gets words
                    history.append(f"play {command.get('type')}")
                    report.moves += 1
                    session.submit(command)
                elif calling:
                    seat = rng.choice(calling)
                    history.append(f"seat {seat} takes the screen")
                    session.request_seat(seat)
                else:  # a public moment, a reveal to close, the story's shared screen: one of its buttons
                    shown = [b for b in table.all_buttons() if b.visible and b.enabled and b.rect.w > 0]
                    if shown:
                        pick = rng.choice(shown)
                        history.append(f"button {pick.name}")
                        _post(app, _click(pick.rect.center))
                app.frame(wait=False)
            except Exception:
                report.failures.append((type(app.scenes.top).__name__, traceback.format_exc(), history[-12:]))
                start()
            continue
        desc, posted = _events_for(rng, app, table)
        history.append(desc)
        report.events += 1
        try:
            if desc == "resize":
                app.set_window_size(rng.choice(SIZES))
                for _ in range(2):
                    app.frame(wait=False)
                out = outside_the_window(app)
                if out:
                    report.failures.append((type(app.scenes.top).__name__, f"after a resize: {out}", history[-12:]))
            _post(app, posted)
            for _ in range(1 + rng.randrange(3)):
                app.frame(wait=False)
        except Exception:
            report.failures.append((type(app.scenes.top).__name__, traceback.format_exc(), history[-12:]))
            start()
    if session is not None:
        report.commands += session.match.state_id
        session.close()
    while app.scenes.top is not None:
        app.scenes.pop()
    return report
