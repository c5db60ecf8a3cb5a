"""The rule of the shared screen while others play (DESIGN D3), checked on every frame.

A seat's private view is on screen only while that seat has something to do, or while it
reads what it asked to see (the cards it just drew, a private reveal of its own move, the
private screen a story player opened out of turn — and then nobody else moves). As soon
as the table waits for anyone else, bot or person, the screen shows the public table.
Only a table with exactly one human seat keeps that human's view up throughout.

:class:`PrivateViewWatch` checks it on whatever drives a hot-seat game: every frame the
table draws, and every move a bot makes. :func:`play_mixed_table` drives one: a real
table scene with some people and some bots, the people making random legal moves
through the session (and clicking the curtain, the held screens and the public moments
away with posted input events), for a bounded time. The smoke run and the tests use
both.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.engine import GAMES
from game.ui.scenes.curtain import CurtainScene
from game.ui.scenes.menu import MenuScene
from game.ui.session import HotseatSession, open_table
from game.ui.smoke_common import CurtainWatch, SmokeFailure, fast_animations, post_click, post_key
from game.ui.tables import load_tables

#: free-text fields of the story game are listed with "" in ``legal()``; a person types something
SAID = "The miller saw a light in the woods."


class PrivateViewWatch:
    """Records each frame that shows a seat's private view while that seat has nothing to
    do and is not reading something it asked for, and each bot move made while a
    person's private view is on screen and that person has nothing to do.

    ``problems`` lists the breaches (empty: the rule held); the counters show what the
    run exercised: ``private_frames`` (a person's own view drawn), ``shared_frames``
    (the public table drawn while a bot was to act) and ``bot_moves``."""

    def __init__(self, session: Any, table: Any) -> None:
        self.session = session
        self.table = table
        self.problems: list[str] = []
        self.private_frames = 0
        self.shared_frames = 0
        self.bot_moves = 0
        self._checked = len(getattr(session, "humans", [])) > 1
        table_draw = table.draw
        play = session._play

        def watch_draw(surface):
            self._frame()
            return table_draw(surface)

        def watch_bot(seat, command, legal):
            self._bot_moves(seat)
            return play(seat, command, legal)

        table.draw = watch_draw
        session._play = watch_bot

    def _idle_viewer(self) -> int | None:
        """The person whose private view is on screen although they have nothing to do
        now; None when there is none (or the view is held for them to read)."""
        s = self.session
        seat = s.screen_seat
        if seat is None or not s.is_human(seat) or s.match.over:
            return None
        if seat in s.match.to_act() or s.holding:
            return None
        return seat

    def _frame(self) -> None:
        s = self.session
        seat = s.screen_seat
        if seat is not None and s.is_human(seat):
            self.private_frames += 1
        elif any(x in s.bots for x in s.match.to_act()):
            self.shared_frames += 1
        if not self._checked:
            return
        idle = self._idle_viewer()
        if idle is None or getattr(s, "asked", None) == idle:
            return  # the story player reads the private screen they opened (bots wait)
        waiting = [s.players[x] for x in s.match.to_act()]
        self.problems.append(
            f"{s.players[idle]}'s private view was drawn at state {s.match.state_id} while the "
            f"table waited for {', '.join(waiting)}"
        )

    def _bot_moves(self, seat: int) -> None:
        self.bot_moves += 1
        idle = self._idle_viewer() if self._checked else None
        if idle is not None:
            self.problems.append(
                f"bot {self.session.players[seat]} moved at state {self.session.match.state_id} "
                f"while {self.session.players[idle]}'s private view was on screen"
            )


def filled(command: Any) -> Any:
    """A legal command with its free-text fields written (the story game lists them empty)."""
    if command == "":
        return SAID
    if isinstance(command, dict):
        return {k: filled(v) for k, v in command.items()}
    if isinstance(command, list):
        return [filled(v) for v in command]
    return command


class RandomPeople:
    """The people at a hot-seat table, moving at random through the session and the
    table's own input: curtains, held screens and public moments are clicked away."""

    def __init__(self, app: Any, session: Any, table: Any, seed: int) -> None:
        self.app, self.session, self.table = app, session, table
        self.rng = random.Random(seed)
        self.asked_frames = 0

    def step(self) -> str:
        app, s, table, rng = self.app, self.session, self.table, self.rng
        w, h = app.size
        top = app.scenes.top
        if isinstance(top, CurtainScene):
            post_click(app, (w // 2, h // 2))
            return "curtain"
        if top is not table:
            app.frame(wait=False)
            return f"waiting ({type(top).__name__})"
        if s.match.over:
            app.frame(wait=False)
            return "over"
        if s.holding or s.public_moment():
            post_key(app, pygame.K_RETURN)  # seen: the screen passes on
            return "seen"
        if getattr(table, "keep_bots_waiting", False):
            post_key(app, pygame.K_ESCAPE)  # the table has read the result
            return "read"
        asked = getattr(s, "asked", None)
        if asked is not None and s.screen_seat == asked:
            self.asked_frames += 1
            if self.asked_frames < 3:
                app.frame(wait=False)
                return "reading"
            self.asked_frames = 0
            s.release()
            return "closed private screen"
        decision = s.public_decision()
        if decision is not None:
            seat, commands = decision
            s.submit_public(seat, rng.choice(commands))
            return "public decision"
        seat = s.screen_seat
        if seat is not None and seat in s.match.to_act():
            legal = s.legal()
            if legal:
                s.submit(filled(rng.choice(legal)))
                return "move"
        if seat is None and hasattr(s, "public_legal"):  # the story game's shared screen
            bots_moving = any(x in s.bots for x in s.match.to_act())
            people = [x for x in s.humans if x in s.match.to_act() and s.public_legal(x)]
            if bots_moving and rng.random() < 0.2:
                s.request_private(rng.choice(s.humans))  # a card "any time", a look at the ledger
                return "asked for a private screen"
            if people:
                x = rng.choice(people)
                s.submit_as(x, filled(rng.choice(s.public_legal(x))))
                return "public move"
        banner = s.banner_seats() if seat is None else []
        if banner:
            s.request_seat(rng.choice(banner))
            return "banner"
        app.frame(wait=False)
        return "bots"


def play_mixed_table(
    app: Any,
    game: str,
    names: list[str],
    bots: list[int],
    seconds: float,
    seed: int,
    options: dict | None = None,
    enough: Callable[[PrivateViewWatch], bool] | None = None,
    at_most: float | None = None,
) -> tuple[PrivateViewWatch, CurtainWatch, Any]:
    """Play ``game`` at a real hot-seat table with bots at ``bots`` (Easy: quick moves)
    and people at the other seats, for ``seconds`` or until it ends; returns the
    private-view watch, the curtain watch and the session (closed).

    With ``enough``, play goes on past ``seconds`` (up to ``at_most`` seconds) until
    ``enough(watch)`` says the run saw what it is about — on a busy machine three
    seconds may hold only a few frames."""
    with fast_animations(app):
        session = HotseatSession.new(
            app, game, names, bots, seed=seed, options=options, bot_delay=0.0, bot_levels=dict.fromkeys(bots, "easy")
        )
        table = open_table(app, session)
        watch = PrivateViewWatch(session, table)
        curtains = CurtainWatch(session, table)
        people = RandomPeople(app, session, table, seed)
        start = time.monotonic()
        end = start + seconds
        last = start + max(seconds, at_most or seconds)
        try:
            while not session.match.over and len(watch.problems) < 5:
                now = time.monotonic()
                if now >= last or (now >= end and (enough is None or enough(watch))):
                    break
                people.step()
        finally:
            curtains.close()
            session.close()
    return watch, curtains, session


#: seconds each game is played by two people and bots in the smoke run
SMOKE_SECONDS = 2.0
NAMES = ["Ann", "Bob", "Cy", "Dora", "Ede", "Fay"]


def mixed_seats(game: str) -> tuple[list[str], list[int]]:
    """Two people (seats 0 and 1) and two or more bots, at a count the game allows."""
    match_class = GAMES[game]
    n = min(max(4, match_class.min_players), match_class.max_players, len(NAMES))
    return NAMES[:n], list(range(2, n))


def smoke_step(d: Any) -> None:
    """The smoke runner's hook (``game.ui.smoke``): every game with a table, played a
    little by two people and bots, with no private view on screen while the table waits
    for someone else; failures in the runner's own terms."""
    for game in sorted(load_tables()):
        d.step = f"{game}: two people and bots, nothing private while the others play"
        d.app.scenes.reset(MenuScene(d.app))
        d.frames()
        names, bots = mixed_seats(game)
        left = d.deadline - time.monotonic() - 5
        watch, curtains, _session = play_mixed_table(
            d.app, game, names, bots, max(0.5, min(SMOKE_SECONDS, left)), seed=7
        )
        problems = watch.problems + curtains.problems
        if problems:
            raise SmokeFailure(f"{d.step}: {problems[0]}")
        if watch.bot_moves == 0 or watch.private_frames == 0:
            raise SmokeFailure(f"{d.step}: nobody played ({vars(watch)})")
    d.app.scenes.reset(MenuScene(d.app))
    d.frames()
