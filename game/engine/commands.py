"""Command tables: how a rules package names its commands (DESIGN D2, STYLE "Parts with one job").

Every game dispatches its commands through one explicit, searchable table::

    COMMANDS: dict[str, Command] = {
        "accuse": Command(accuse, required=("target",), optional=("card",)),
        "pass":   Command(pass_turn),
    }

    def _apply(self, seat, cmd):
        dispatch(COMMANDS, self, seat, cmd, game_title=self.title)

A handler is a plain function ``handler(match, seat, cmd) -> None`` that validates the
fields' values and changes the state (raising :class:`IllegalCommand` when refused; the
base :class:`~game.engine.match.Match` restores everything in that case).

:func:`dispatch` checks the command's *shape* before the handler runs: the ``type`` is a
known one (any JSON kind is refused with a message, never a ``TypeError``), every
required field is present and no field outside ``required`` + ``optional`` appears.
The handler still checks each value (a seat in range, a card in hand …).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.errors import IllegalCommand
from game.engine.shape import shown

Handler = Callable[[Any, int, dict[str, Any]], Any]


@dataclass(frozen=True)
class Command:
    """One command type: the function that carries it out and the fields it takes."""

    handler: Handler
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()

    def check_fields(self, ctype: str, cmd: Mapping[str, Any]) -> None:
        """Refuse a missing required field or a field this command does not take."""
        for key in cmd:
            if key != "type" and key not in self.required and key not in self.optional:
                raise IllegalCommand("bad_field", f"A '{ctype}' command has no field {shown(key)}.")
        for key in self.required:
            if key not in cmd:
                raise IllegalCommand("missing_field", f"A '{ctype}' command needs a '{key}'.")


def lookup(table: Mapping[str, Command], cmd: Mapping[str, Any], game_title: str = "this game") -> tuple[str, Command]:
    """The command's type and its table entry; :class:`IllegalCommand` for an unknown or
    malformed ``type`` (a list, an object, a number … are refused, not hashed)."""
    ctype = cmd.get("type")
    if not isinstance(ctype, str) or ctype not in table:
        raise IllegalCommand(
            "unknown_command", f"There is no command {shown(ctype)} in {game_title} (commands: {_names(list(table))})."
        )
    return ctype, table[ctype]


#: characters of command names an "unknown command" message lists (a message stays one
#: short line: a story game has three dozen commands)
NAMES_SHOWN = 120


def _names(names: list[str]) -> str:
    """``a, b, c`` — or as many as fit in :data:`NAMES_SHOWN` and ``and N more``."""
    text = ", ".join(names)
    if len(text) <= NAMES_SHOWN:
        return text
    shown_names: list[str] = []
    for name in names:
        if len(", ".join([*shown_names, name])) > NAMES_SHOWN:
            break
        shown_names.append(name)
    return f"{', '.join(shown_names)} and {len(names) - len(shown_names)} more"


def dispatch(
    table: Mapping[str, Command], match: Any, seat: int, cmd: dict[str, Any], game_title: str = "this game"
) -> Any:
    """Check ``cmd``'s type and fields against ``table`` and run its handler."""
    ctype, entry = lookup(table, cmd, game_title)
    entry.check_fields(ctype, cmd)
    return entry.handler(match, seat, cmd)
