"""``witchhunt host`` / ``join``: --name must be a name the table can show (DESIGN D7: bad
arguments print one line and exit 2). QA playtest: ``host hammer --players 3 --name ''``
opened a table whose owner was called ''."""
from __future__ import annotations

import pytest

from game.cli import build_parser, main


@pytest.mark.parametrize("argv", [
    ["host", "hammer", "--players", "3", "--name", ""],
    ["host", "hammer", "--players", "3", "--name", "   "],
    ["join", "127.0.0.1:1", "--name", ""],
    ["join", "127.0.0.1:1", "--name", "Ann\tBob"],
    ["join", "127.0.0.1:1", "--name", "x" * 25],
])
def test_host_and_join_refuse_a_name_the_table_cannot_show(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("witchhunt") and "--name" in err and "\n" not in err, err


def test_host_and_join_keep_a_good_name_trimmed():
    assert build_parser().parse_args(["join", "h", "--name", "  Bob "]).name == "Bob"
    assert build_parser().parse_args(["host", "hammer", "--players", "3"]).name == "Host"
