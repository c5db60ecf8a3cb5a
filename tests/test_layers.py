"""Layers look down only (STYLE "Ours"): entry -> ui -> net -> bots ->
rules -> engine. Read from the source with ``ast``, so function-level imports count too:
a function-level import is for start-up time only, never to hide a cycle."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"

#: highest first; game.saves (saves of matches) sits with the rules, just above the
#: engine it serialises; modules outside these (game, game.paths) are shared helpers below all
LAYERS = ["game.cli", "game.ui", "game.net", "game.bots", "game.rules", "game.engine"]
#: edges that go up on purpose: importing the rules package fills the engine's GAMES registry
ALLOWED = {("game.engine", "game.rules")}
#: up-edges another engineer is removing now; delete a line here when it is gone, the
#: test then guards it
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


def test_the_ui_never_imports_the_cli():  # STYLE: the UI never imports the CLI
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


def test_entry_imports_of_lower_layers_say_they_are_for_start_up_time():  # STYLE: function-level: start-up time
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


def test_sim_and_version_run_where_pygame_cannot_be_imported():  # DESIGN D7
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


# ------------------------------------------------------------------ import cycles ----
# DESIGN D6 and STYLE "Ours": scenes are opened by name through the scene manager and
# never import each other; nothing in game/ imports in a circle, function-level imports
# counted (a function-level import is for start-up time only, never to hide a cycle).


def module_names() -> set[str]:
    return {module_name(p) for p in GAME.rglob("*.py")}


def _ancestors(module: str) -> list[str]:
    parts = module.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def imported_modules(path: Path) -> list[tuple[str, int, bool]]:
    return imports_run(module_name(path), path.read_text(encoding="utf-8"), path.name == "__init__.py")


def imports_run(source: str, text: str, is_package: bool = False) -> list[tuple[str, int, bool]]:
    """(game module, line, function-level) that the imports in module ``source`` (its
    ``text``) run: ``from a.b import c`` runs a.b.c when c is a module, else a.b; and
    every package above it that is not already imported before ``source`` runs (its own
    packages are). Imports under ``if TYPE_CHECKING`` never run."""
    known = module_names()
    own = set(_ancestors(source)) | ({source} if is_package else set())
    tree = ast.parse(text)
    found: list[tuple[str, int, bool]] = []

    def resolve(name: str) -> str:
        while name not in known and "." in name:
            name = name.rsplit(".", 1)[0]
        return name

    def add(target: str, line: int, in_function: bool) -> None:
        for module in [*_ancestors(target), target]:
            if module in known and module not in own:
                found.append((module, line, in_function))

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            nested = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                for a in child.names:
                    if a.name.startswith("game"):
                        add(resolve(a.name), child.lineno, in_function)
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and (child.module or "").startswith("game"):
                for a in child.names:
                    full = f"{child.module}.{a.name}"
                    add(full if full in known else resolve(child.module), child.lineno, in_function)
            visit(child, nested)

    visit(tree, False)
    return found


@functools.lru_cache(maxsize=1)
def import_graph() -> dict[str, dict[str, tuple[Path, int, bool]]]:
    graph: dict[str, dict[str, tuple[Path, int, bool]]] = {}
    for path in sorted(GAME.rglob("*.py")):
        source = module_name(path)
        targets = graph.setdefault(source, {})
        for target, line, in_function in imported_modules(path):
            if target != source:
                targets.setdefault(target, (path, line, in_function))
    return graph


def import_cycles(graph: dict[str, Any] | None = None) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    graph = import_graph() if graph is None else graph
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = [0]

    def connect(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return groups


def test_no_import_cycle_anywhere_in_game():
    """Function-level imports count: a cycle held apart by one still tangles the modules."""
    graph = import_graph()
    report = []
    for group in import_cycles():
        members = set(group)
        report.append(" <-> ".join(group))
        for source in group:
            for target, (path, line, in_function) in graph[source].items():
                if target in members:
                    where = "function-level " if in_function else ""
                    report.append(f"    {path.relative_to(ROOT)}:{line}: {where}import of {target}")
    assert not report, "import cycles in game/:\n" + "\n".join(report)


def test_the_cycle_finder_sees_a_cycle_through_a_function_level_import():
    """The test above can fail: a module imported inside a function still makes an edge,
    and two modules importing each other are one group."""
    text = (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.ui import session\n"
        "def f():\n    from game.ui.app import App\n"
    )
    found = imports_run("game.ui.scenes.menu", text)
    assert [(m, fn) for m, _line, fn in found] == [("game.ui.app", True)]
    assert import_cycles({"a": {"b": 0}, "b": {"c": 0}, "c": {"a": 0}, "d": {"a": 0}}) == [["a", "b", "c"]]


def scene_modules() -> dict[str, Path]:
    """Modules that register a scene by name (a module-level ``register_scene(...)``)."""
    found = {}
    for path in sorted((GAME / "ui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            call = node.value if isinstance(node, ast.Expr) else None
            if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "register_scene":
                found[module_name(path)] = path
                break
    return found


def _package(module: str) -> str:
    return module.rsplit(".", 1)[0]


def test_no_scene_module_imports_another_scene_module():
    """A scene opens another by name (``app.scenes.push("game_over", session=...)``); the
    parts of one scene package (the LAN lobby, forms and session) may import each other.
    menu_base is the shell's base class and its two dialogs: every menu imports it."""
    scenes = scene_modules()
    assert {"game.ui.scenes.menu", "game.ui.scenes.curtain", "game.ui.scenes.game_over"} <= set(scenes)
    base = {"game.ui.scenes.menu_base"}
    bad = []
    for source, path in scenes.items():
        for target, line, _in_function in imported_modules(path):
            if target in scenes and target != source and target not in base and _package(target) != _package(source):
                bad.append(f"{path.relative_to(ROOT)}:{line}: {source} imports {target}")
    assert not bad, "open the scene by name instead:\n" + "\n".join(bad)


def test_nobody_edits_the_scene_stack_by_hand():
    """The stack is the SceneManager's: push, pop, replace, reset, remove (which calls the
    scene's exit()); others read it."""
    mutate = r"\.(remove|append|pop|insert|clear|extend)\(|\[[^]]*\]\s*="
    exit_call = re.compile(r"(\w+|\))\.exit\(\)")
    bad = []
    for path in sorted((GAME / "ui").rglob("*.py")):
        if path.name == "scene.py":
            continue
        text = path.read_text(encoding="utf-8")
        # the stack itself, or a name it was read into (``stack = self.app.scenes.stack``)
        aliases = ["scenes.stack", *re.findall(r"(\w+)\s*=\s*[\w.]*scenes\.stack\s*$", text, re.M)]
        edit = re.compile("(" + "|".join(rf"\b{re.escape(name)}" for name in aliases) + ")(" + mutate + ")")
        for n, line in enumerate(text.splitlines(), 1):
            code = line.split("#")[0]
            calls = [m.group(1) for m in exit_call.finditer(code)]
            if edit.search(code) or any(c not in ("sys", "super()", ")") for c in calls):
                bad.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not bad, "use app.scenes.remove(scene) / pop():\n" + "\n".join(bad)


def unexplained_function_imports() -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for _source, _target, path, line, in_function in edges():
        if not in_function:
            continue
        text = path.read_text(encoding="utf-8").splitlines()[line - 1]
        if "#" not in text:
            found.setdefault(path.relative_to(ROOT).as_posix(), []).append(line)
    return found


def test_a_function_level_import_says_why_on_its_line():
    bad = unexplained_function_imports()
    assert not bad, f"move these imports to the top of the module, or say why on the line: {bad}"
