"""Layers look down only (STYLE "Ours"; issue 9 item 18): entry -> ui -> net -> bots ->
rules -> engine. Read from the source with ``ast``, so function-level imports count too:
a function-level import is for start-up time only, never to hide a cycle."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"

#: highest first; game.saves (saves of matches) sits with the rules, just above the
#: engine it serialises; modules outside these (game, game.paths) are shared helpers below all
LAYERS = ["game.cli", "game.ui", "game.net", "game.bots", "game.rules", "game.engine"]
#: edges that go up on purpose: importing the rules package fills the engine's GAMES registry
ALLOWED = {("game.engine", "game.rules")}
#: up-edges another engineer is removing now; delete a line here when it is gone, the
#: test then guards it (issue 11 item 10's game.net.cli edges are gone)
PENDING: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer(module: str) -> int:
    if module == "game.__main__":
        return 0  # ``python -m game``: the entry layer too
    if module == "game.saves":
        return LAYERS.index("game.rules")
    for i, name in enumerate(LAYERS):
        if module == name or module.startswith(name + "."):
            return i
    return len(LAYERS)  # shared helpers sit below everything that uses them


def imports(path: Path) -> list[tuple[str, int, bool]]:
    """(imported game module, line, function-level) for every import outside TYPE_CHECKING."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue  # annotations only: never imported at run time
            nested = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                found.extend((a.name, child.lineno, in_function) for a in child.names if a.name.startswith("game"))
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and (child.module or "").startswith("game"):
                found.append((child.module, child.lineno, in_function))
            visit(child, nested)

    visit(tree, False)
    return found


@functools.lru_cache(maxsize=1)
def edges() -> list[tuple[str, str, Path, int, bool]]:
    out = []
    for path in sorted(GAME.rglob("*.py")):
        source = module_name(path)
        for target, line, in_function in imports(path):
            out.append((source, target, path, line, in_function))
    return out


def top(module: str) -> str:
    """The layer's own name for ``module`` (game.ui.scenes.menu -> game.ui)."""
    return LAYERS[layer(module)] if layer(module) < len(LAYERS) else module


def test_the_ui_never_imports_the_cli():  # STYLE: the UI never imports the CLI; issue 9 item 18
    bad = [
        f"{p.relative_to(ROOT)}:{line} imports {target}"
        for source, target, p, line, _f in edges()
        if source.startswith("game.ui") and layer(target) < layer("game.ui")
    ]
    assert not bad, "\n".join(bad)


def test_every_import_looks_down_a_layer():  # STYLE: entry -> ui -> net -> bots -> rules -> engine
    bad = []
    for source, target, path, line, _in_function in edges():
        if layer(target) >= layer(source) or top(source) == top(target):
            continue
        if (top(source), top(target)) in ALLOWED or (source, target) in PENDING:
            continue
        bad.append(f"{path.relative_to(ROOT)}:{line}: {source} imports {target} (a higher layer)")
    assert not bad, "\n".join(bad)


def test_entry_imports_of_lower_layers_say_they_are_for_start_up_time():  # issue 9 item 18
    """game/cli.py loads the UI and the network code inside functions so that ``sim`` and
    ``--version`` never load pygame; each such import says so on its line."""
    lines = (GAME / "cli.py").read_text(encoding="utf-8").splitlines()
    bad = [
        f"game/cli.py:{line}: {lines[line - 1].strip()}"
        for source, target, _p, line, in_function in edges()
        if source == "game.cli"
        and in_function
        and top(target) in ("game.ui", "game.net")
        and "start-up" not in lines[line - 1]
    ]
    assert not bad, "\n".join(bad)


def test_sim_and_version_run_where_pygame_cannot_be_imported():  # issue 9 item 18; DESIGN D7
    """Why the entry layer's UI imports are function-level: the command-line tools work
    on a machine without a display or without pygame at all."""
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "from game.cli import main\n"
        "assert main(['--version']) == 0\n"
        "assert main(['sim', 'hammer', '--players', '3', '--games', '1']) == 0\n"
        "assert 'game.ui' not in sys.modules and sys.modules['pygame'] is None\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert '"games": 1' in result.stdout
