"""No class in game/ over ~600 lines (STYLE.md: a class over ~600 lines is two classes;
split it by job). Counted from the ``class`` line to the class body's last line, in the
source as the repo's ruff format leaves it, for every class at any depth of every module."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 600


def class_sizes(source: str) -> dict[str, int]:
    """Every class of ``source`` (nested ones as ``Outer.Inner``) -> its lines."""
    out: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                name = prefix + child.name
                out[name] = (child.end_lineno or child.lineno) - child.lineno + 1
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return out


def test_the_count_sees_a_class_over_the_limit_wherever_it_is():
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))
    assert class_sizes(f"class Big:\n{body}\n") == {"Big": LIMIT + 1}
    nested = "def f():\n    class Outer:\n        class Inner:\n" + "\n".join(f"            y{i} = 1" for i in range(3))
    assert class_sizes(nested) == {"Outer": 5, "Outer.Inner": 4}


def test_no_class_in_game_is_over_600_lines():  # STYLE.md
    files = sorted((ROOT / "game").rglob("*.py"))
    assert len(files) > 100
    big = {}
    for path in files:
        for name, lines in class_sizes(path.read_text(encoding="utf-8")).items():
            if lines > LIMIT:
                big[f"{path.relative_to(ROOT).as_posix()}:{name}"] = lines
    assert not big, f"split these classes by job (STYLE.md): {big}"
