"""A test that swaps a game's table through ``TABLE_SCENES`` (monkeypatch.setitem) before
anything loaded the game packages, and then loads them (opening a menu does), must get that
game's own table back when it ends:
otherwise every later test in the same worker finds the game missing (a KeyError that
depends on the order tests run in)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CODE = """
import pytest
import game.ui.tables as tables
from game.engine import GAMES

game = sorted(g for g, cls in GAMES.items() if cls.__module__.startswith("game.rules"))[0]
assert not tables._loaded
with pytest.MonkeyPatch.context() as mp:
    mp.setitem(tables.TABLE_SCENES, game, lambda app, source: None)
    tables.load_tables()  # the test goes on to open a menu, which loads every table
factory = tables.load_tables()[game]
assert factory.__module__.startswith("game.ui.scenes."), factory
print("ok", game)
"""


def test_a_swap_before_the_tables_loaded_is_undone_to_the_games_own_table():
    run = subprocess.run(
        [sys.executable, "-c", CODE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin", "HOME": str(ROOT)},
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.startswith("ok"), run.stdout
