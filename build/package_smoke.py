"""Check a built app (``make package-smoke``; CI runs it after ``make package``).

    .venv/bin/python build/package_smoke.py [dist/witchhunt/witchhunt]

Runs the FROZEN binary, headless (SDL dummy drivers), with a throw-away HOME so that
the user's data folder comes from platformdirs exactly as on a player's machine, and
checks, failing with one clear line each:

1. ``--version`` prints this source tree's version; bad arguments exit 2 in one line.
2. Every data file the spec names is in the bundle, byte for byte (onedir builds).
3. Every module under ``game/`` is inside the app's archive (hidden imports worked).
4. ``sim`` of every registered game gives the same JSON as the source tree does.
5. ``smoke`` exits 0 (once ``game.ui.app.run_smoke`` exists in the source).
6. Started with no arguments, the app draws its first frame (once ``run_app`` exists);
   the time to that frame is printed.
7. Nothing inside the bundle was written to: settings and saves went to the data folder.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))

from spec_probe import probe_spec  # noqa: E402

SIM_GAMES = 3
SMOKE_TIMEOUT = 1200  # seconds; the scripted smoke plays whole games through the UI
START_TIMEOUT = 120


class SmokeFailure(Exception):
    pass


def say(text: str) -> None:
    print(f"package-smoke: {text}", flush=True)


def headless_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WITCHHUNT_", "XDG_"))}
    env.update(
        HOME=str(home),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_CACHE_HOME=str(home / "cache"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        WITCHHUNT_DISCOVERY_ADDR="127.0.0.1",  # workplace rule: LAN discovery stays local
    )
    return env


def run(cmd: list[str], env: dict[str, str], timeout: float) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        raise SmokeFailure(f"{' '.join(cmd[1:]) or 'app'} did not finish within {timeout:.0f} s") from exc


def tail(text: str, lines: int = 25) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def bundle_state(folder: Path) -> dict[str, tuple[int, int]]:
    return {
        str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in folder.rglob("*")
        if p.is_file() or p.is_symlink()
    }


def check_version(app: Path, env: dict[str, str]) -> None:
    from game import __version__

    result = run([str(app), "--version"], env, 60)
    if result.returncode != 0 or result.stdout.strip() != f"witchhunt {__version__}":
        raise SmokeFailure(f"--version gave exit {result.returncode}, {result.stdout!r} {tail(result.stderr)}")
    say(f"ok  --version: {result.stdout.strip()}")
    result = run([str(app), "no-such-command"], env, 60)
    if result.returncode != 2 or "Traceback" in result.stderr or len(result.stderr.strip().splitlines()) != 1:
        raise SmokeFailure(f"bad arguments gave exit {result.returncode} and {result.stderr!r}")
    say("ok  bad arguments: one line, exit 2")


def check_data(app: Path, internal: Path) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        probe = probe_spec(Path(scratch), env={"WITCHHUNT_ONEFILE": "0"})
    missing, differ = [], []
    for source, dest in probe.datas:
        bundled = internal / dest / Path(source).name
        if not bundled.is_file():
            missing.append(str(Path(dest) / Path(source).name))
        elif hashlib.sha256(bundled.read_bytes()).digest() != hashlib.sha256(Path(source).read_bytes()).digest():
            differ.append(str(Path(dest) / Path(source).name))
    if missing or differ:
        raise SmokeFailure(f"bundle data out of date: missing {missing[:5]}, different {differ[:5]} (rebuild)")
    tops = sorted({dest.split("/")[0].split(os.sep)[0] for _, dest in probe.datas})
    say(f"ok  {len(probe.datas)} data files bundled byte for byte ({', '.join(tops)})")


def check_modules(app: Path) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        wanted = set(probe_spec(Path(scratch)).hiddenimports)
    viewer = shutil.which("pyi-archive_viewer", path=str(Path(sys.executable).parent)) or "pyi-archive_viewer"
    result = subprocess.run([viewer, "-r", "-b", str(app)], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise SmokeFailure(f"pyi-archive_viewer failed: {tail(result.stderr)}")
    inside = {line.strip() for line in result.stdout.splitlines()}
    absent = sorted(wanted - inside)
    if absent:
        raise SmokeFailure(f"modules missing from the app: {absent}")
    rules = sorted(m for m in wanted if m.startswith("game.rules."))
    say(f"ok  all {len(wanted)} game modules inside the app, games: {', '.join(r.split('.')[-1] for r in rules)}")


def check_sims(app: Path, env: dict[str, str]) -> None:
    import game.rules  # noqa: F401 - registers the games
    from game.engine import GAMES

    if not GAMES:
        say("--  no games registered yet: sim skipped")
        return
    for name in sorted(GAMES):
        players = str(GAMES[name].min_players)
        cmd = ["sim", name, "--players", players, "--games", str(SIM_GAMES), "--seed", "7"]
        frozen = run([str(app), *cmd], env, 600)
        source = run([sys.executable, "-m", "game", *cmd], {**env, "PYTHONPATH": str(ROOT)}, 600)
        if frozen.returncode != 0:
            raise SmokeFailure(f"sim {name} failed in the app (exit {frozen.returncode}):\n{tail(frozen.stderr)}")
        try:
            got, want = json.loads(frozen.stdout), json.loads(source.stdout)
        except json.JSONDecodeError as exc:
            raise SmokeFailure(
                f"sim {name}: not JSON ({exc}): {frozen.stdout[:200]!r} / {source.stdout[:200]!r}"
            ) from exc
        got.pop("games_per_second", None)
        want.pop("games_per_second", None)
        if got != want:
            raise SmokeFailure(f"sim {name}: the app and the source disagree:\n  app    {got}\n  source {want}")
        say(f"ok  sim {name} x{SIM_GAMES}: same result as the source ({got['mean_commands']} commands/game)")


def ui_entry_points() -> set[str]:
    """Which of game.ui.app.run_app / game.ui.smoke.run_smoke the SOURCE offers."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        from game.ui import app as ui_app
    except ImportError:
        return set()
    found = {"run_app"} if callable(getattr(ui_app, "run_app", None)) else set()
    # `witchhunt smoke` runs game.ui.smoke.run_smoke (the CLI imports it there, not through the app)
    try:
        from game.ui import smoke as ui_smoke
    except ImportError:
        return found
    if callable(getattr(ui_smoke, "run_smoke", None)):
        found.add("run_smoke")
    return found


def check_smoke(app: Path, env: dict[str, str]) -> None:
    started = time.perf_counter()
    result = run([str(app), "smoke"], env, SMOKE_TIMEOUT)
    if result.returncode != 0:
        raise SmokeFailure(
            f"smoke exited {result.returncode} after {time.perf_counter() - started:.1f} s:\n"
            f"{tail(result.stdout)}\n{tail(result.stderr)}"
        )
    last = (result.stdout.strip().splitlines() or result.stderr.strip().splitlines() or [""])[-1]
    say(f"ok  smoke exit 0 in {time.perf_counter() - started:.1f} s ({last.strip()[:100]})")


def check_first_frame(app: Path, env: dict[str, str]) -> None:
    started = time.perf_counter()
    result = run([str(app)], {**env, "WITCHHUNT_FIRST_FRAME_EXIT": "1"}, START_TIMEOUT)
    wall = (time.perf_counter() - started) * 1000
    found = re.search(r"first frame after (\d+) ms in Python", result.stderr)
    if result.returncode != 0 or not found:
        raise SmokeFailure(
            f"the app started with no arguments drew no frame (exit {result.returncode}):\n{tail(result.stderr)}"
        )
    say(f"ok  no-argument start drew its first frame: {wall:.0f} ms from exec ({found.group(1)} ms inside Python)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check a built app, headless.")
    parser.add_argument("app", nargs="?", default=str(ROOT / "dist" / "witchhunt" / "witchhunt"))
    args = parser.parse_args(argv)
    app = Path(args.app).resolve()
    if not (app.is_file() and os.access(app, os.X_OK)):
        say(f"FAIL no built app at {app} (run 'make package' first)")
        return 1
    internal = app.parent / "_internal"
    onedir = internal.is_dir()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="witchhunt-home-") as home_name:
        home = Path(home_name)
        env = headless_env(home)
        before = bundle_state(app.parent) if onedir else {}
        try:
            check_version(app, env)
            if onedir:
                check_data(app, internal)
            check_modules(app)
            check_sims(app, env)
            entry_points = ui_entry_points()
            if "run_smoke" in entry_points:
                check_smoke(app, env)
            else:
                say("--  game.ui.smoke not in the source yet: smoke skipped")
            if "run_app" in entry_points:
                check_first_frame(app, env)
            else:
                say("--  game.ui.app.run_app not in the source yet: start check skipped")
            if onedir:
                changed = sorted(k for k, v in bundle_state(app.parent).items() if before.get(k) != v)
                if changed:
                    raise SmokeFailure(f"the app wrote inside its bundle: {changed[:10]}")
                written = sorted(str(p.relative_to(home)) for p in home.rglob("*") if p.is_file())
                say(f"ok  bundle untouched; user files went to the data folder: {written[:6] or 'none'}")
        except SmokeFailure as exc:
            say(f"FAIL {exc}")
            return 1
    say(f"all checks passed in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
