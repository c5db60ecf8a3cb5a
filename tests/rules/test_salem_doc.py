"""docs/rules/salem.md is the reference Salem's code and tests cite: every section, ruling
(R…) and scenario (SC…) they name exists there, and the rules screen reads it whole (its
tables become lines, no raw Markdown left)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "salem.md"
CITING = [
    *sorted((ROOT / "game" / "rules" / "salem").glob("*.py")),
    ROOT / "game" / "bots" / "salem.py",
    *sorted((ROOT / "game" / "ui" / "scenes" / "salem").glob("*.py")),
    *sorted((ROOT / "tests" / "rules").glob("*salem*.py")),
    ROOT / "cards" / "salem.yaml",
]


def defined(text: str) -> tuple[set[str], set[str], set[str]]:
    sections = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", text, re.M))
    sections |= set(re.findall(r"^\*\*(\d+\.\d+) ", text, re.M))
    rulings = set(re.findall(r"^- \*\*(R\d+) ", text, re.M))
    scenarios = set(re.findall(r"^- \*\*(SC\d+) ", text, re.M))
    return sections, rulings, scenarios


def test_the_reference_has_its_numbered_parts():
    sections, rulings, scenarios = defined(DOC.read_text(encoding="utf-8"))
    assert {str(n) for n in range(1, 10)} <= sections
    assert {f"3.{n}" for n in range(1, 13)} <= sections and {f"5.{n}" for n in range(7)} <= sections
    assert rulings == {f"R{n}" for n in range(1, 54)}
    assert scenarios == {f"SC{n}" for n in range(1, 18)}


def test_every_citation_in_salems_code_and_tests_is_in_the_reference():
    sections, rulings, scenarios = defined(DOC.read_text(encoding="utf-8"))
    missing = []
    for path in CITING:
        text = path.read_text(encoding="utf-8")
        for number in re.findall(r"§(\d+(?:\.\d+)?)", text):
            if number not in sections:
                missing.append(f"{path.name}: §{number}")
        for ruling in re.findall(r"\b(R\d+)\b", text):
            if ruling not in rulings:
                missing.append(f"{path.name}: {ruling}")
        for scenario in re.findall(r"\b(SC\d+)\b", text):
            if scenario not in scenarios:
                missing.append(f"{path.name}: {scenario}")
    assert not missing, missing


def test_the_rules_screen_reads_the_reference_without_raw_markdown():
    from game.ui.scenes.rules import CELL_SEPARATOR, parse_rules

    blocks = parse_rules(DOC.read_text(encoding="utf-8"))
    assert not [b.text for b in blocks if "|" in b.text or "---" in b.text]
    rows = [b.text.split(CELL_SEPARATOR) for b in blocks if b.kind == "tr"]
    assert ["Accusation", "red", "35", "1", "c0–c34"] in rows
    assert ["4 players", "18", "1", "1", "5"] in rows
