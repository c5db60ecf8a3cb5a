"""Seat tokens a player keeps to rejoin a table (docs/PROTOCOL.md §12), per profile and per table.

Two people on one computer account must not share tokens (they would fight over one
seat), so tokens live in a **profile** folder: the user's data folder for the default
profile, ``<data>/profiles/<name>/`` for a named one (``witchhunt join --profile NAME``,
or ``WITCHHUNT_PROFILE=NAME`` for the whole app). Within a profile a token is kept per
**table** (the host's ``table_id``, sent in ``welcome`` and in discovery) and remembers
the address it was used at, so a new table on the same address never overwrites the
token of an older one that may be resumed later.

The file is small JSON, written atomically; a damaged file is treated as empty.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

from game.paths import user_data_dir
from game.saves import write_atomic

TOKENS_FILE = "lan_tokens.json"
ENV_PROFILE = "WITCHHUNT_PROFILE"
#: tables remembered per profile; the oldest are forgotten first
MAX_TABLES = 100
_PROFILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$")


def check_profile(name: str | None) -> str | None:
    """``name`` if it is a usable profile name (letters, digits, ``_.-``, up to 32),
    ``None`` for the default profile; ``ValueError`` with one line otherwise."""
    if name is None or name == "":
        return None
    if not _PROFILE_NAME.match(name) or name in (".", ".."):
        raise ValueError(f"bad profile name {name[:40]!r} (letters, digits, '_', '.', '-'; up to 32)")
    return name


def profile_dir(profile: str | None = None) -> Path:
    """The folder of ``profile`` (default: ``WITCHHUNT_PROFILE``, else the data folder)."""
    name = check_profile(profile if profile is not None else os.environ.get(ENV_PROFILE, "").strip() or None)
    folder = user_data_dir() if name is None else user_data_dir() / "profiles" / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class TokenStore:
    """The tokens of one profile. ``lookup`` never raises; ``remember`` ignores a disk
    that cannot be written (the player can still type ``--token``)."""

    def __init__(self, profile: str | None = None) -> None:
        self.path = profile_dir(profile) / TOKENS_FILE

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {"tables": {}}
        if not isinstance(data, dict):
            return {"tables": {}}
        tables = data.get("tables")
        if not isinstance(tables, dict):  # the first format: {"address": "token"}
            tables = {
                f"address:{k}": {"token": v, "address": k, "saved_at": 0.0}
                for k, v in data.items()
                if isinstance(k, str) and isinstance(v, str)
            }
        return {"tables": {k: v for k, v in tables.items() if isinstance(v, dict) and isinstance(v.get("token"), str)}}

    def lookup(self, address: str, table_id: str | None = None) -> str | None:
        """The token for ``table_id`` if known; else the newest token used at ``address``
        (for a known ``table_id``, only one kept where the table's id was not known: a
        token of another table at the same address is that table's, and the join form
        offered "Join as a new player" at a table never sat at)."""
        tables = self._read()["tables"]
        if table_id and table_id in tables:
            ret: str | None = tables[table_id]["token"]
            return ret
        at = [
            t
            for key, t in tables.items()
            if t.get("address") == address and (not table_id or key.startswith("address:"))
        ]
        if not at:
            return None
        ret = max(at, key=lambda t: t.get("saved_at") or 0.0)["token"]
        return ret

    def remember(self, address: str, table_id: str | None, token: str | None, **about: object) -> None:
        if not token:
            return
        data = self._read()
        tables = data["tables"]
        key = table_id or f"address:{address}"
        tables[key] = dict(about, token=token, address=address, saved_at=time.time())
        if len(tables) > MAX_TABLES:
            for old in sorted(tables, key=lambda k: tables[k].get("saved_at") or 0.0)[: len(tables) - MAX_TABLES]:
                del tables[old]
        try:
            write_atomic(self.path, json.dumps({"version": 2, "tables": tables}, ensure_ascii=False))
        except OSError:
            pass

    def forget(self, address: str, table_id: str | None = None) -> None:
        """Drop the token(s) the host no longer knows (``bad_token``)."""
        data = self._read()
        tables = data["tables"]
        doomed = [k for k, t in tables.items() if k == table_id or (table_id is None and t.get("address") == address)]
        if not doomed:
            return
        for key in doomed:
            del tables[key]
        try:
            write_atomic(self.path, json.dumps({"version": 2, "tables": tables}, ensure_ascii=False))
        except OSError:
            pass
