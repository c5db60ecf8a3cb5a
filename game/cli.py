"""The ``witchhunt`` command line (DESIGN D7): the entry layer.

It parses AND validates every command, then calls the layer below with plain values
(``game.ui.app.run_play(game, names, bots, seed)`` …); nothing below imports this
module (STYLE: layers look down only). Every sub-command reports bad arguments in one
line and exits 2; no traceback ever reaches the user. The imports of the UI and the
network code are function-level for start-up time only: ``witchhunt sim`` and
``--version`` never load pygame, and a machine with no display can still run them.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, NoReturn

from game import __version__

if TYPE_CHECKING:
    from game.engine import GameInfo

EXIT_USAGE = 2


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit code 2."""


GAME_HELP = "the game: {games}"  # filled from the engine's registry when help is shown
#: filled from the registry too: the games whose options offer a timer
TIMER_HELP = "seconds each player has to act (games with timers: {games}); 0 = none"


def _games_text() -> str:
    """Every registered game as ``id (Title, 3-5 players)`` for help and messages."""
    from game.engine import GAMES_INFO  # function-level: start-up time (the rules load on demand)

    return ", ".join(f"{g} ({i.title}, {i.min_players}-{i.max_players} players)" for g, i in sorted(GAMES_INFO.items()))


def _timer_games_text() -> str:
    """The ids of the games that offer a turn timer (the ``timer_s`` option)."""
    from game.engine import GAMES_INFO  # function-level: start-up time (the rules load on demand)

    return ", ".join(sorted(g for g, i in GAMES_INFO.items() if i.option("timer_s") is not None)) or "none"


def game_id(typed: str) -> str:
    """A game as typed, the way the registry names it: lower case, its words joined by
    underscores (typed in any case, with spaces, hyphens or underscores between them)."""
    return "_".join(typed.strip().lower().replace("-", " ").split())


def _info(command: str, game: str) -> GameInfo:
    """The registry's facts of ``game``, or a one-line UsageError naming the known games."""
    from game.engine import GAMES_INFO  # function-level: start-up time (the rules load on demand)

    info = GAMES_INFO.get(game)
    if info is None:
        raise UsageError(
            f"witchhunt {command}: unknown game {game!r} (known: {', '.join(sorted(GAMES_INFO)) or 'none'})"
        )
    return info


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, no usage dump
        raise UsageError(f"{self.prog}: {message}")

    def format_help(self) -> str:
        """The help, its ``game`` argument naming every game with its title and player
        counts; the registry is read only when help is asked for, so a plain start stays
        quick."""
        for action in self._actions:
            if action.dest == "game" and action.help == GAME_HELP:
                action.help = GAME_HELP.format(games=_games_text())
            if action.dest == "timer" and action.help == TIMER_HELP:
                action.help = TIMER_HELP.format(games=_timer_games_text())
        return super().format_help()


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def _player_name(text: str) -> str:
    """``--name``: the name the table shows (trimmed; not empty, printable, not too long)."""
    from game.engine.match import name_problem  # function-level: start-up time (the rules load on demand)

    name = text.strip()
    problem = name_problem(name)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem + (", e.g. --name Ann" if not name else ""))
    return name


#: --timer: whole seconds per moment (a game's option ``timer_s``); 0 = no timer
TIMER_MIN, TIMER_MAX = 5, 3600


def _timer(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected whole seconds like 60, got {text!r}") from None
    if value != 0 and not TIMER_MIN <= value <= TIMER_MAX:
        raise argparse.ArgumentTypeError(f"expected {TIMER_MIN} to {TIMER_MAX} seconds (or 0: no timer), got {value}")
    return value


def _seat_list(text: str) -> list[int]:
    try:
        return sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seat numbers like 1,2 — got {text!r}") from None


LEVELS = ("easy", "normal", "hard")  # game.bots.LEVEL_NAMES, without importing the bots here
LEVEL_HELP = "bot strength: easy, normal or hard for every bot seat, or per seat like 1=hard,2=easy"


def _bot_levels(text: str) -> dict[int | None, str]:
    """``--bot-level``: ``hard`` (every bot seat; key ``None``) or ``1=hard,2=easy``."""
    out: dict[int | None, str] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        seat, _, level = part.rpartition("=")
        level = level.strip().lower()
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(f"bot levels are {', '.join(LEVELS)} — got {level!r}")
        if not seat:
            out[None] = level
            continue
        try:
            out[int(seat)] = level
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a level or SEAT=LEVEL like 1=hard — got {part!r}") from None
    if not out:
        raise argparse.ArgumentTypeError("expected a level (easy, normal, hard) or SEAT=LEVEL pairs")
    return out


def check_bot_levels(command: str, levels: dict[int | None, str] | None, bots: list[int]) -> dict[int, str]:
    """seat -> level for every bot seat from ``--bot-level`` (Normal when not given), or
    a one-line UsageError for a seat that is not a bot seat."""
    levels = dict(levels or {})
    everyone = levels.pop(None, "normal")
    for seat in levels:
        if seat not in bots:
            raise UsageError(
                f"witchhunt {command}: --bot-level names seat {seat}, which is not a bot seat "
                f"(bots: {', '.join(map(str, bots)) or 'none'})"
            )
    return {seat: levels.get(seat, everyone) for seat in bots}


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="witchhunt", description="Witchhunt Table: witch-hunt card games, hot-seat or over a LAN.")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    sub = parser.add_subparsers(dest="cmd", parser_class=_Parser)

    p = sub.add_parser("play", help="start a hot-seat game straight away")
    p.add_argument("game", type=game_id, help=GAME_HELP)
    p.add_argument(
        "--players", required=True, help="comma-separated names, e.g. Ann,Bob,Cy, or a number (4: Ann,Bob,Cy,Dora)"
    )
    p.add_argument("--bots", type=_seat_list, default=[], help="seats played by bots, e.g. 1,2")
    p.add_argument("--bot-level", type=_bot_levels, default=None, help=LEVEL_HELP)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--timer", type=_timer, default=None, metavar="S", help=TIMER_HELP)

    p = sub.add_parser("host", help="host a LAN game")
    p.add_argument("game", type=game_id, help=GAME_HELP)
    p.add_argument("--players", type=_positive, required=True, help="number of seats")
    p.add_argument("--port", type=int, default=41692)
    p.add_argument("--name", type=_player_name, default="Host")
    p.add_argument("--headless", action="store_true", help="dedicated host without a window")
    p.add_argument("--bots", type=_seat_list, default=[], help="seats played by bots, e.g. 1,2")
    p.add_argument("--bot-level", type=_bot_levels, default=None, help=LEVEL_HELP)
    p.add_argument("--bot-delay", type=float, default=None, help="seconds a bot waits before moving")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--bind", default=None, help="address to listen on (default: all)")
    p.add_argument("--resume", default=None, metavar="PATH", help="continue the host autosave at PATH")
    p.add_argument("--save", default=None, metavar="PATH", help="autosave here (default: the saves folder)")
    p.add_argument(
        "--no-fsync",
        action="store_true",
        help="journal each move to the OS, not the disk (survives a crash of the host, not a power cut)",
    )
    p.add_argument(
        "--standin-after",
        type=float,
        default=None,
        metavar="S",
        help="seconds a disconnected player's seat waits before a bot plays it (default 30)",
    )
    p.add_argument("--timer", type=_timer, default=None, metavar="S", help=TIMER_HELP)

    p = sub.add_parser("join", help="join a LAN game")
    p.add_argument("address", help="HOST or HOST:PORT")
    p.add_argument("--name", type=_player_name, required=True)
    p.add_argument("--token", default=None, help="rejoin your seat with the token the host gave you")
    p.add_argument("--spectate", action="store_true", help="watch without a seat")
    p.add_argument("--new-player", action="store_true", help="join afresh, without this profile's saved token")
    p.add_argument(
        "--profile",
        default=None,
        metavar="NAME",
        help="keep seat tokens apart from other players on this computer (default: WITCHHUNT_PROFILE)",
    )

    p = sub.add_parser("sim", help="bot-vs-bot games; prints a JSON summary")
    p.add_argument("game", type=game_id, help=GAME_HELP)
    p.add_argument("--players", type=_positive, required=True)
    p.add_argument("--games", type=_positive, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--bot-level",
        type=_bot_levels,
        default=None,
        help="search bots at this level (default: random bots), for every seat or SEAT=LEVEL",
    )

    sub.add_parser("smoke", help="headless scripted run of every scene; exit 0 when fine")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        args = build_parser().parse_args(argv)
        if args.version:
            print(f"witchhunt {__version__}")
            return 0
        if args.cmd is None:
            return _run_app(args)
        return COMMANDS[args.cmd](args)
    except UsageError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


def _run_app(args: argparse.Namespace) -> int:
    try:
        from game.ui.app import run_app  # function-level: start-up time (no pygame for sim)
    except ImportError:  # a build without the desktop table: show the command line help
        build_parser().print_help()
        return 0
    return run_app()


def _ui_app(command: str) -> ModuleType:
    """``game.ui.app``, or a one-line UsageError in a build without the desktop table."""
    try:
        from game.ui import app  # function-level: start-up time (no pygame for sim)
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith("game.ui"):
            raise
        raise UsageError(f"witchhunt {command}: the desktop table is not available in this build") from None
    return app


def check_play(args: argparse.Namespace) -> tuple[str, list[str], list[int], int]:
    """Validate ``witchhunt play`` arguments: (game, names, bot seats, seed), or a
    one-line UsageError (exit 2) before any window opens. The bot levels are checked by
    :func:`check_bot_levels`."""
    import random  # function-level: start-up time (only `play` draws a seed)

    from game.engine.match import MAX_NAME  # function-level: start-up time (the rules load on demand)

    game = args.game
    info = _info("play", game)
    _ui_app("play")
    from game.ui.tables import playable_games  # function-level: start-up time (tables load pygame)

    playable = playable_games()
    if game not in playable:
        raise UsageError(f"witchhunt play: {game} has no desktop table yet (playable: {', '.join(playable) or 'none'})")
    names = [n.strip() for n in str(args.players).split(",")]
    if len(names) == 1 and names[0].isdigit():
        # a number of players, as host and sim take it: the New game form's names
        from game.ui.scenes.seats_form import DEFAULT_NAMES  # function-level: start-up time (loads pygame)

        count = int(names[0])
        if count not in info.player_counts:
            raise UsageError(
                f"witchhunt play: {info.title} takes {info.min_players} to {info.max_players} players, not {count}"
            )
        names = DEFAULT_NAMES[:count]
    if not names or any(not n for n in names):
        raise UsageError("witchhunt play: --players wants names separated by commas, e.g. Ann,Bob,Cy")
    if len(names) not in info.player_counts:
        given = f"{len(names)} ({', '.join(names)})" if len(names) < info.min_players else str(len(names))
        raise UsageError(
            f"witchhunt play: {info.title} takes {info.min_players} to {info.max_players} players, not {given}:"
            f" --players wants a number (e.g. {info.min_players}) or the players' names (Ann,Bob,…)"
        )
    for name in names:
        if len(name) > MAX_NAME:
            raise UsageError(f"witchhunt play: the name {name[:MAX_NAME]}… is longer than {MAX_NAME} characters")
        if not name.isprintable():
            raise UsageError("witchhunt play: names may only hold printable characters")
    folded = [n.casefold() for n in names]
    for i, n in enumerate(folded):
        if folded.index(n) != i:
            raise UsageError(f"witchhunt play: two players are called {names[i]}")
    bots = sorted(set(args.bots or []))
    for seat in bots:
        if not 0 <= seat < len(names):
            raise UsageError(
                f"witchhunt play: --bots takes seat numbers from 0 to {len(names) - 1} (0 is {names[0]}), not {seat}"
            )
    problem = info.bots_problem_for_players(bots, len(names))
    if problem is not None:
        raise UsageError(f"witchhunt play: {problem}")
    seed = args.seed if args.seed is not None else random.randrange(1, 2**31)
    return game, names, bots, seed


def check_timer(args: argparse.Namespace, command: str) -> dict[str, Any]:
    """``--timer S`` as game options (``{"timer_s": S}``, {} without a timer), or a
    one-line UsageError when the game has no timers."""
    from game.engine import GAMES  # function-level: start-up time (the rules load on demand)

    seconds = getattr(args, "timer", None)
    if not seconds:
        return {}
    cls = GAMES.get(args.game)
    if cls is None:
        return {}  # the unknown game is reported by the command's own checks
    if not cls.has_timers() or "timer_s" not in cls.option_defaults:
        timed = sorted(g for g, c in GAMES.items() if c.has_timers())
        raise UsageError(
            f"witchhunt {command}: {args.game} has no timer (--timer is for {', '.join(timed) or 'no game'})"
        )
    if getattr(args, "resume", None):
        raise UsageError(f"witchhunt {command}: a resumed game keeps its own timer; leave out --timer")
    return {"timer_s": seconds}


def run_play(args: argparse.Namespace) -> int:
    """``witchhunt play GAME --players Ann,Bob,Cy [--bots 1] [--seed S] [--timer S]``: straight to the table."""
    game, names, bots, seed = check_play(args)
    options = check_timer(args, "play")
    levels = check_bot_levels("play", getattr(args, "bot_level", None), bots)
    ret: int = _ui_app("play").run_play(game, names, bots, seed, options=options, bot_levels=levels)
    return ret


def run_smoke(args: argparse.Namespace) -> int:
    """``witchhunt smoke``: the headless scripted run of every scene (game/ui/smoke.py)."""
    _ui_app("smoke")
    from game.ui.smoke import run_smoke as smoke  # function-level: start-up time (no pygame for sim)

    ret: int = smoke()
    return ret


def _net_cli(command: str) -> ModuleType:
    try:
        from game.net import cli as net_cli  # function-level: start-up time (no sockets for sim)
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith("game.net"):
            raise
        raise UsageError(f"witchhunt {command}: LAN play is not available in this build") from None
    return net_cli


def _lan_scenes() -> ModuleType | None:
    """The desktop app with its LAN scenes (``run_host_ui``, ``open_lan_client``), or None
    without a usable UI (the text client then)."""
    try:
        from game.ui import app  # function-level: start-up time (pygame only when a window may open)
    except Exception:  # no pygame, no display libraries, or no UI in this build
        return None
    return app


def run_host(args: argparse.Namespace) -> int:
    """``witchhunt host``: a window with the lobby when one can open, else the text host."""
    net_cli = _net_cli("host")
    args.options = check_timer(args, "host")
    args.bot_levels = check_bot_levels("host", getattr(args, "bot_level", None), list(args.bots))
    try:
        host = net_cli.build_host(args, owner_name=None if args.headless else args.name)
        if not args.headless and (lan := _lan_scenes()) is not None:
            try:
                code: int | None = lan.run_host_ui(args, host)
            except OSError as exc:
                raise UsageError(f"witchhunt host: cannot listen on port {args.port}: {exc.strerror or exc}") from None
            if code is not None:
                return code
        served: int = net_cli.serve_host(args, host)
        return served
    except net_cli.CommandLineError as exc:
        raise UsageError(str(exc)) from None


def run_join(args: argparse.Namespace) -> int:
    """``witchhunt join``: connect first (a bad address is one line and exit 2 before any
    window), then the desktop lobby when a window can open, else the text client."""
    net_cli = _net_cli("join")
    try:
        address = net_cli.join_address(args)
        client = net_cli.join_client(
            address,
            args.name,
            token=args.token,
            spectate=args.spectate,
            profile=args.profile,
            new_player=args.new_player,
        )
        if (lan := _lan_scenes()) is not None:
            code: int | None = lan.open_lan_client(args, client)
            if code is not None:
                return code
        played: int = net_cli.text_client(address.host, address.port, args.name, spectate=args.spectate, client=client)
        return played
    except net_cli.CommandLineError as exc:
        raise UsageError(str(exc)) from None


def run_sim(args: argparse.Namespace) -> int:
    """Play ``--games`` bot-only games and print one JSON summary on stdout."""
    from game.bots import Bot, RandomBot, SearchBot, play_bots  # function-level: start-up time (bots load the rules)
    from game.engine import SetupError, new_match  # function-level: start-up time (the rules load on demand)

    info = _info("sim", args.game)
    if args.players not in info.player_counts:
        raise UsageError(
            f"witchhunt sim: {info.title} takes {info.min_players} to {info.max_players} players, not {args.players}"
        )
    names = [f"Bot {i + 1}" for i in range(args.players)]
    levels = (
        check_bot_levels("sim", args.bot_level, list(range(args.players))) if getattr(args, "bot_level", None) else None
    )
    commands = 0
    # a game may add seats of its own (Salem's ghosts), so the tallies follow match.n
    score_sum: list[float] = []
    wins: list[int] = []
    unfinished = 0
    started = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        try:
            match = new_match(args.game, names, seed=seed, options={"bots": list(range(args.players))})
        except SetupError as exc:
            raise UsageError(f"witchhunt sim: {exc}") from None
        seats = match.options.get("bots", range(match.n))
        bots: dict[int, Bot]
        if levels is None:
            bots = {s: RandomBot(seed * 1000 + s) for s in seats}
        else:  # iteration budgets only, so a seed replays exactly
            bots = {s: SearchBot(seed * 1000 + s, levels.get(s, "normal"), time_limit=0) for s in seats}
        commands += play_bots(match, bots)
        if not score_sum:
            score_sum, wins = [0.0] * match.n, [0] * match.n
        if not match.over:
            unfinished += 1
        result = match.result()
        for s, score in enumerate(result["scores"]):
            score_sum[s] += score
        for s in result["winners"]:
            wins[s] += 1
    elapsed = time.perf_counter() - started
    summary = {
        "game": args.game,
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "bot_levels": [levels[s] for s in range(args.players)] if levels else None,
        "mean_commands": round(commands / args.games, 2),
        "mean_score": [round(s / args.games, 3) for s in score_sum],
        "wins": wins,
        "unfinished": unfinished,
        "games_per_second": round(args.games / elapsed, 2) if elapsed > 0 else None,
    }
    print(json.dumps(summary))
    return 0


COMMANDS = {
    "play": run_play,
    "smoke": run_smoke,
    "host": run_host,
    "join": run_join,
    "sim": run_sim,
}
