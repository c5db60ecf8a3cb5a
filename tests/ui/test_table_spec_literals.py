"""Shared code holds no per-game switch (DESIGN D6, last bullet): a game's table is
described once, by the TableSpec its scene package registers, and shared modules read
that registry. So no string literal in a shared module (docstrings and examples
included) names a game by its id, and no shared module imports a game's own modules.

Shared modules: ``game/ui`` outside each game's scene package ``game/ui/scenes/<game>/``
(and outside the per-game modules that keep older names: ``scenes/<game>_table.py``,
``scenes/<game>_text.py``, ``smoke_<game>.py``), ``game/net``, ``game/cli.py`` and
``game/engine``.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from game.engine import GAMES_INFO

ROOT = Path(__file__).resolve().parents[2]

#: the games the repository ships (the registry may hold test-only games too)
GAME_IDS = tuple(sorted(g for g, info in GAMES_INFO.items() if info.match.__module__.startswith("game.rules")))

#: shared files allowed some literals while they move to the registries (none now: the
#: hot-seat session reads its moments and reveals from GameInfo since its split)
PENDING: dict[str, int] = {}


def _per_game(rel: str) -> bool:
    parts = rel.split("/")
    name = parts[-1]
    if rel.startswith("game/ui/scenes/") and len(parts) > 4 and parts[3] in GAME_IDS:
        return True
    stems = [f"{g}_table.py" for g in GAME_IDS] + [f"{g}_text.py" for g in GAME_IDS]
    if rel.startswith("game/ui/scenes/") and len(parts) == 4 and name in stems:
        return True
    return rel.startswith("game/ui/") and len(parts) == 3 and name in [f"smoke_{g}.py" for g in GAME_IDS]


def shared_modules() -> list[Path]:
    out = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        shared = rel.startswith(("game/ui/", "game/net/", "game/engine/")) or rel == "game/cli.py"
        if shared and not _per_game(rel):
            out.append(path)
    return out


def _id_pattern() -> re.Pattern[str]:
    # an id as a word of its own: "hammer", "hammer.md", "scenes/hammer/", "hammer_table"
    return re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, GAME_IDS)) + r")(?![A-Za-z0-9])")


def literals(path: Path) -> list[str]:
    """Every game id named in a string literal of ``path`` (docstrings included)."""
    pattern = _id_pattern()
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if tok.type == tokenize.STRING:
            found += [f"{tok.start[0]}: {m.group(1)}" for m in pattern.finditer(tok.string)]
    return found


def game_imports(path: Path) -> list[str]:
    """Every import (at any depth of the module) of a game's own modules."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pattern = re.compile(r"^game\.(ui\.scenes\.|ui\.smoke_|rules\.)(" + "|".join(GAME_IDS) + r")(\b|_)")
    out = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        out += [f"{node.lineno}: {n}" for n in names if pattern.match(n)]
    return out


def test_the_shipped_games_are_known_to_the_check():
    assert len(GAME_IDS) >= 5, GAME_IDS
    assert len(shared_modules()) > 40


def test_no_shared_module_names_a_game_in_a_string_literal():
    problems = {}
    for path in shared_modules():
        rel = path.relative_to(ROOT).as_posix()
        found = literals(path)
        if len(found) > PENDING.get(rel, 0):
            problems[rel] = found
    assert not problems, f"game ids in shared modules (read the TableSpec / GameInfo registry): {problems}"


def test_no_shared_module_imports_a_game_of_its_own_accord():
    """Shared code reaches a game through the registries only: a game's own hot-seat
    session (the story game's) lives in its scene package and its TableSpec names it."""
    problems = {}
    for path in shared_modules():
        rel = path.relative_to(ROOT).as_posix()
        found = game_imports(path)
        if found:
            problems[rel] = found
    assert not problems, problems
