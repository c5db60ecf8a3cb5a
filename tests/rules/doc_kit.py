"""Checks shared by the tests of the rules references (docs/rules/<game>.md): which
citations in code and tests name a section or ruling the reference lacks, and which of
the rules screen's blocks still show raw Markdown."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from game.ui.scenes.rules import parse_rules


def missing_citations(citing: Iterable[Path], sections: set[str], rulings: set[str]) -> list[str]:
    """Every ``§n`` / ``Rn`` cited in the files ``citing`` that is not in ``sections`` /
    ``rulings``, as "file: citation"."""
    missing = []
    for path in citing:
        text = path.read_text(encoding="utf-8")
        missing += [f"{path.name}: §{n}" for n in re.findall(r"§(\d+(?:\.\d+)?)", text) if n not in sections]
        missing += [f"{path.name}: {r}" for r in re.findall(r"\b(R\d+)\b", text) if r not in rulings]
    return missing


def raw_markdown_blocks(doc: Path) -> list[str]:
    """The texts of the rules screen's blocks for ``doc`` that still carry Markdown."""
    blocks = parse_rules(doc.read_text(encoding="utf-8"))
    return [b.text for b in blocks if "|" in b.text or "---" in b.text or "`" in b.text or "**" in b.text]
