"""docs/rules/witch_trial.md is the reference Witch Trial's rules, bots, cards and tests
cite: every section (§…), worked example (§8.n) and ruling (R…) they name exists there,
and the rules screen reads it whole (its tables become lines, no raw Markdown left)."""

from __future__ import annotations

import re
from pathlib import Path

from game.ui.scenes.rules import CELL_SEPARATOR, parse_rules
from tests.rules.doc_kit import missing_citations, raw_markdown_blocks

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "witch_trial.md"
CITING = [
    *sorted((ROOT / "game" / "rules" / "witch_trial").glob("*.py")),
    ROOT / "game" / "bots" / "witch_trial.py",
    *sorted((ROOT / "tests" / "rules").glob("*witch_trial*.py")),
    ROOT / "cards" / "witch_trial.yaml",
]


def defined(text: str) -> tuple[set[str], set[str]]:
    """The section numbers (headings, and the numbered examples of §8 as 8.n) and the
    rulings (``- **Rn``) of the reference."""
    sections = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", text, re.M))
    examples = text.split("## 8.", 1)[1].split("\n## ", 1)[0]
    sections |= {f"8.{n}" for n in re.findall(r"^(\d+)\. ", examples, re.M)}
    rulings = set(re.findall(r"^- \*\*(R\d+) ", text, re.M))
    return sections, rulings


def test_the_reference_has_its_numbered_parts():
    sections, rulings = defined(DOC.read_text(encoding="utf-8"))
    assert {str(n) for n in range(1, 11)} <= sections
    assert {f"1.{n}" for n in range(1, 7)} <= sections and {f"3.{n}" for n in range(1, 6)} <= sections
    assert {f"4.{n}" for n in range(1, 14)} <= sections and {f"5.{n}" for n in range(1, 5)} <= sections
    assert {f"8.{n}" for n in range(1, 11)} <= sections
    assert rulings == {f"R{n}" for n in range(1, 17)}


def test_every_citation_in_witch_trials_code_and_tests_is_in_the_reference():
    sections, rulings = defined(DOC.read_text(encoding="utf-8"))
    missing = missing_citations(CITING, sections, rulings)
    assert not missing, missing


def test_the_rules_screen_reads_the_reference_without_raw_markdown():
    assert not raw_markdown_blocks(DOC)
    blocks = parse_rules(DOC.read_text(encoding="utf-8"))
    rows = [b.text.split(CELL_SEPARATOR) for b in blocks if b.kind == "tr"]
    assert ["lewis", "Lewis the Bum", "4", "$10"] in rows
    assert ["smuggling", "Smuggling", "5", "$60", "+2 Lewis, +2 Gertie"] in rows
    assert ["friends", "Friends", "+2", "−3"] in rows


def test_the_card_tables_agree_with_the_card_file():
    # §1.1–§1.3: the reference's tables and cards/witch_trial.yaml say the same
    from game.rules.witch_trial import catalog

    cat = catalog()
    rows = {
        b.text.split(CELL_SEPARATOR)[0]: b.text.split(CELL_SEPARATOR)
        for b in parse_rules(DOC.read_text(encoding="utf-8"))
        if b.kind == "tr"
    }
    for s in cat.suspects.values():
        assert rows[s.id][1:] == [s.name, str(s.guilt), f"${s.defense}"]
    for c in cat.charges.values():
        assert rows[c.id][1:4] == [c.name, str(c.severity), f"${c.court}"]
    for e in cat.evidence.values():
        assert rows[e.id][1:] == [e.name, f"+{e.prosecution}", f"−{-e.defense}"]
    for m in cat.motions.values():
        assert rows[m.id][1] == m.name
