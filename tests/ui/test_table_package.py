"""The shared table machinery is a package of panels (STYLE.md: a big table scene becomes
a package of panels; no scene module over 40 KB), and ``game.ui.scenes.table_base``
stays the one place every other module imports it from."""
from __future__ import annotations

import ast
from pathlib import Path

from game.ui.scenes import table_base
from game.ui.scenes.table_base import TableScene

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 40_000


def test_table_base_and_its_panels_stay_under_40_kb():  # STYLE.md
    files = [ROOT / "game/ui/scenes/table_base.py", *sorted((ROOT / "game/ui/scenes/table").glob("*.py"))]
    assert len(files) > 5
    big = {f.name: f.stat().st_size for f in files if f.stat().st_size > LIMIT}
    assert not big


def test_every_name_imported_from_table_base_is_still_there():
    names: set[str] = set()
    for folder in ("game", "tests", "tools", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            source = path.read_text(encoding="utf-8")
            if "table_base import" not in source:
                continue
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.ImportFrom) and node.module == "game.ui.scenes.table_base":
                    names.update(alias.name for alias in node.names)
    assert {"TableScene", "Prompt", "Pick", "text", "panel", "MIN_TEXT", "Target"} <= names
    assert not [n for n in sorted(names) if not hasattr(table_base, n)]


def test_the_table_scene_is_wired_from_its_panels():
    panels = {k.__module__ for k in TableScene.__mro__ if k.__module__.startswith("game.ui.scenes.table.")}
    assert {f"game.ui.scenes.table.{m}" for m in ("controls", "hand", "zoom", "prompts", "banner", "log",
                                                  "connection", "sound", "text_fit")} <= panels
    # each method is defined in exactly one place along the chain (no panel hides another)
    seen: dict[str, str] = {}
    for klass in TableScene.__mro__[:-2]:  # up to Scene, object
        for name, value in vars(klass).items():
            if callable(value) and not name.startswith("__"):
                assert name not in seen, (name, seen.get(name), klass.__name__)
                seen[name] = klass.__name__
