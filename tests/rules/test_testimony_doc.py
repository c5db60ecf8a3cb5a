"""docs/rules/testimony.md is the reference Testimony's rules, bots, cards and tests cite:
every section (§…) and ruling (R…) they name exists there, and the rules screen reads it
whole (its tables become lines, no raw Markdown left)."""

from __future__ import annotations

import re
from pathlib import Path

from game.ui.scenes.rules import CELL_SEPARATOR, parse_rules
from tests.rules.doc_kit import missing_citations, raw_markdown_blocks

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "testimony.md"
CITING = [
    *sorted((ROOT / "game" / "rules" / "testimony").glob("*.py")),
    ROOT / "game" / "bots" / "testimony.py",
    *sorted((ROOT / "tests" / "rules").glob("*testimony*.py")),
    ROOT / "cards" / "testimony.yaml",
]


def defined(text: str) -> tuple[set[str], set[str]]:
    sections = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", text, re.M))
    rulings = set(re.findall(r"^- \*\*(R\d+) ", text, re.M))
    return sections, rulings


def test_the_reference_has_its_numbered_parts():
    sections, rulings = defined(DOC.read_text(encoding="utf-8"))
    assert {str(n) for n in range(1, 10)} <= sections
    assert {
        "1.1",
        "1.2",
        "1.3",
        "3.1",
        "3.2",
        "3.3",
        "3.4",
        "5.1",
        "5.2",
        "5.3",
        "5.4",
        "6.1",
        "6.2",
        "6.3",
    } <= sections
    assert rulings == {f"R{n}" for n in range(1, 11)}


def test_every_citation_in_testimonys_code_and_tests_is_in_the_reference():
    sections, rulings = defined(DOC.read_text(encoding="utf-8"))
    missing = missing_citations(CITING, sections, rulings)
    assert not missing, missing


def test_the_rules_screen_reads_the_reference_without_raw_markdown():
    assert not raw_markdown_blocks(DOC)
    blocks = parse_rules(DOC.read_text(encoding="utf-8"))
    rows = [b.text.split(CELL_SEPARATOR) for b in blocks if b.kind == "tr"]
    assert ["5", "2", "4"] in rows  # §2: Heathens and Puritans dealt for five players


def test_the_character_table_agrees_with_the_card_file():
    # §1.1: the reference's table and cards/testimony.yaml say the same
    from game.rules.testimony import catalog

    rows = {
        b.text.split(CELL_SEPARATOR)[0]: b.text.split(CELL_SEPARATOR)
        for b in parse_rules(DOC.read_text(encoding="utf-8"))
        if b.kind == "tr"
    }
    for character in catalog().characters.values():
        assert rows[character.id][1:3] == [character.name, character.belief.title()]
    assert catalog().supply.total == 21 and (catalog().supply.accuse, catalog().supply.defend) == (-1, 1)
