"""The rules reader shows a rules text's tables and code words as written (docs/rules/*.md)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.ui.scenes.rules import CELL_SEPARATOR, parse_rules

ROOT = Path(__file__).resolve().parents[2]


def test_a_table_becomes_a_header_line_and_one_line_per_row():
    blocks = parse_rules(
        "Text before.\n\n| Card | Copies | Value |\n|---|---|---|\n"
        "| Accusation | 16 | +1 |\n| Accomplice | 3 | - |\n\nAfter.\n"
    )
    assert [(b.kind, b.text) for b in blocks] == [
        ("p", "Text before."),
        ("th", CELL_SEPARATOR.join(["Card", "Copies", "Value"])),
        ("tr", CELL_SEPARATOR.join(["Accusation", "16", "+1"])),
        ("tr", CELL_SEPARATOR.join(["Accomplice", "3"])),  # an empty "-" cell is left out
        ("p", "After."),
    ]


def test_code_words_keep_their_underscores_and_emphasis_marks_go():
    blocks = parse_rules("Send `place_pyres` or `call_inquisition`, *never* **twice**; snake_case stays.\n")
    assert blocks[0].text == "Send place_pyres or call_inquisition, never twice; snake_case stays."


def test_the_hammer_reference_shows_no_markdown_marks():
    blocks = parse_rules((ROOT / "docs/rules/hammer.md").read_text(encoding="utf-8"))
    kinds = {b.kind for b in blocks}
    assert {"h1", "h2", "h3", "p", "li", "th", "tr"} <= kinds
    for block in blocks:
        assert "|" not in block.text and "`" not in block.text and "**" not in block.text, block
    assert any("place_pyres" in b.text for b in blocks if b.kind == "tr")


def test_the_page_a_player_reads_leaves_out_the_developers_reference():
    """The Rules screen showed each page whole: the commands and views the program
    exchanges ("11. Commands", JSON fields), the tests' scenarios, and a paragraph on how
    the code cites the page. Those parts are marked (NOT_IN_APP) and left off the page
    the app shows; the page in docs/rules stays the whole reference."""
    from game.ui.scenes.rules import NOT_IN_APP, for_players

    developers = ("Commands", "The view", "What the program shows", "Scenarios", "Situations the tests replay")
    for path in sorted((ROOT / "docs" / "rules").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        whole = [b.text for b in parse_rules(text) if b.kind == "h2"]
        assert any(h.split(". ", 1)[-1] in developers for h in whole), path.name  # the reference keeps them
        shown = parse_rules(for_players(text))
        headings = [b.text for b in shown if b.kind == "h2"]
        assert not any(h.split(". ", 1)[-1] in developers for h in headings), (path.name, headings)
        assert "Rulings" in " ".join(headings) and len(headings) >= 6, (path.name, headings)
        for block in shown:
            assert "<!--" not in block.text and "docs/rules" not in block.text, block
            assert "view(seat)" not in block.text and "the code and" not in block.text, block
    # a marked paragraph goes, and only it
    page = f"# T\n\nFor players.\n\n{NOT_IN_APP}\nFor the code.\nStill the code.\n\nFor players again.\n"
    assert [b.text for b in parse_rules(for_players(page))] == ["T", "For players.", "For players again."]
