"""engine.commands: a game's command table checks a command's type and fields before its
handler runs (DESIGN D2: a clear one-line message, never a TypeError)."""

from __future__ import annotations

import pytest

from game.engine import IllegalCommand
from game.engine.commands import NAMES_SHOWN, Command, dispatch

TABLE = {
    "accuse": Command(lambda m, s, c: ("accused", c["target"]), required=("target",), optional=("card",)),
    "pass": Command(lambda m, s, c: "passed"),
}


def refused(table, command) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as err:
        dispatch(table, None, 0, command, game_title="Toy")
    return err.value


def test_a_known_command_reaches_its_handler_with_its_fields():
    assert dispatch(TABLE, None, 0, {"type": "accuse", "target": "karl"}) == ("accused", "karl")
    assert dispatch(TABLE, None, 0, {"type": "accuse", "target": "karl", "card": "c1"}) == ("accused", "karl")


@pytest.mark.parametrize("ctype", [[], {}, 7, None, "fly", ""])
def test_a_type_of_any_other_kind_is_refused_by_name(ctype):
    err = refused(TABLE, {"type": ctype})
    assert err.code == "unknown_command" and "accuse, pass" in err.message and "Toy" in err.message


def test_a_missing_or_unknown_field_is_refused():
    assert refused(TABLE, {"type": "accuse"}).code == "missing_field"
    assert refused(TABLE, {"type": "pass", "target": "karl"}).code == "bad_field"


def test_the_message_stays_one_short_line_for_a_game_of_many_commands():
    table = {f"command_number_{i}": Command(lambda m, s, c: None) for i in range(40)}
    message = refused(table, {"type": "x"}).message
    assert len(message) < NAMES_SHOWN + 80 and "\n" not in message and "more)" in message
    assert "command_number_0" in message
