"""DESIGN D1: the engine and every rules module import no pygame, pytmx or sockets."""

from __future__ import annotations

import subprocess
import sys

CHECK = r"""
import sys, pkgutil, importlib
import game.engine, game.rules, game.bots
for mod in pkgutil.iter_modules(game.rules.__path__):
    importlib.import_module("game.rules." + mod.name)
for mod in pkgutil.iter_modules(game.engine.__path__):
    importlib.import_module("game.engine." + mod.name)
bad = sorted(m for m in sys.modules if m.split(".")[0] in {"pygame", "pytmx", "socket", "selectors", "asyncio"})
print(",".join(bad))
"""


def test_engine_imports_no_pygame_pytmx_or_sockets():
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
