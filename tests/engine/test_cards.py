"""The card loader (game/engine/cards.py) on the real Hammer set and on broken copies.

A broken file must fail with ONE line naming the file, the card and the field.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.engine.cards import load_card_set
from game.engine.errors import CardDataError
from game.paths import cards_dir
from game.rules.hammer import DefamationKind, Pyre, Villager, load_hammer_cards

REAL = cards_dir() / "hammer.yaml"


def test_hammer_cards_load_with_the_totals_of_the_rules():
    # docs/rules/hammer.md, What you have: 15 villagers, 15 pyres, 78 defamation cards
    cards = load_hammer_cards()
    assert len(cards["villagers"]) == 15 and len(cards["pyres"]) == 15
    kinds = cards["defamation"]
    assert sum(k.count for k in kinds) == 78
    by_colour = {c: sum(k.count for k in kinds if k.colour == c) for c in ("brown", "yellow", "green")}
    assert by_colour == {"brown": 39, "yellow": 33, "green": 6}
    karl = next(v for v in cards["villagers"] if v.id == "karl")
    assert karl.kind_bonus["confession"] == 1 and karl.name == "Toothbreaker Karl"
    with pytest.raises(dataclasses.FrozenInstanceError):
        karl.name = "Carl"  # frozen definitions
    confession = next(k for k in kinds if k.id == "confession")
    assert confession.value == 6 and confession.count == 5  # rules values
    bribe = next(k for k in kinds if k.id == "bribe")
    assert sorted(bribe.values) == [1] * 7 + [2] * 7


def _broken(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    text = REAL.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "hammer.yaml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def _error(path: Path) -> str:
    with pytest.raises(CardDataError) as err:
        load_hammer_cards(path)
    message = str(err.value)
    assert "\n" not in message
    assert "hammer.yaml" in message
    return message


def test_bad_yaml_names_the_file_and_line(tmp_path):
    message = _error(_broken(tmp_path, "  - id: karl\n", "  - id: karl\n   bad: [\n"))
    assert "bad YAML" in message and "line" in message


def test_unknown_field_names_card_and_field(tmp_path):
    message = _error(_broken(tmp_path, "    short: Karl\n", "    short: Karl\n    teeth: 32\n"))
    assert "'karl'" in message and "'teeth'" in message and "unknown field" in message


def test_missing_number_names_card_and_field(tmp_path):
    message = _error(_broken(tmp_path, "    short: Karl\n    pentagrams: 2\n", "    short: Karl\n"))
    assert "'karl'" in message and "'pentagrams'" in message and "missing" in message


def test_wrong_type_names_card_and_field(tmp_path):
    message = _error(_broken(tmp_path, "  - {id: pyre-4, start: 3}", "  - {id: pyre-4, start: three}"))
    assert "'pyre-4'" in message and "'start'" in message and "whole number" in message


def test_wrong_count_names_card_and_field(tmp_path):
    message = _error(_broken(tmp_path, "    count: 16\n", "    count: 15\n"))
    assert message.endswith("card 'accusation', field 'count': the rules give 16 copies, found 15")


def test_changed_rules_value_names_card_and_field(tmp_path):
    message = _error(_broken(tmp_path, "    value: 6\n", "    value: 5\n"))
    assert "card 'confession', field 'value'" in message


def test_wrong_number_of_bribe_values_names_the_card(tmp_path):
    message = _error(_broken(tmp_path, "values: [1, 1, 1, 1, 1, 1, 1, 2,", "values: [1, 1, 1, 1, 1, 1, 2,"))
    assert "'bribe'" in message and "'values'" in message


def test_reference_to_an_unknown_villager_names_the_card(tmp_path):
    message = _error(_broken(tmp_path, "target_bonus: {widow: 2, maria: 1}", "target_bonus: {widdow: 2, maria: 1}"))
    assert "'heinbichl'" in message and "'target_bonus'" in message and "widdow" in message


def test_missing_card_kind_is_reported(tmp_path):
    text = REAL.read_text(encoding="utf-8")
    start = text.index("  - id: retraction")
    end = text.index("  - id: no_inquisition")
    path = tmp_path / "hammer.yaml"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    message = _error(path)
    assert "retraction" in message or "count" in message


def test_loader_rejects_a_file_for_another_game(tmp_path):
    path = _broken(tmp_path, "game: hammer", "game: salem")
    message = _error(path)
    assert "'game'" in message


def test_loader_works_for_any_frozen_dataclass_section(tmp_path):
    path = tmp_path / "hammer.yaml"
    path.write_text("game: hammer\npyres:\n  - {id: p1, start: 2}\n", encoding="utf-8")
    cards = load_card_set("hammer", {"pyres": Pyre}, path=path)
    assert cards["pyres"] == (Pyre("p1", 2),)
    assert Villager and DefamationKind


def test_broken_card_file_makes_new_match_fail_with_a_setup_error(tmp_path, monkeypatch):
    import game.rules.hammer.cards as hammer_cards
    from game.engine import SetupError, new_match

    path = _broken(tmp_path, "    count: 16\n", "    count: 15\n")
    monkeypatch.setattr(hammer_cards, "_TABLES", None)
    monkeypatch.setattr(hammer_cards, "load_hammer_cards", lambda path_=None: load_hammer_cards(path))
    with pytest.raises(SetupError) as err:
        new_match("hammer", ["A", "B", "C"], seed=1)
    assert "accusation" in str(err.value) and "\n" not in str(err.value)
