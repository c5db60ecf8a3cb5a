"""Table talk at a hot-seat table: public announcements (Testimony's claims) with no rules
weight, made by the seat behind the screen and kept with the save."""

from __future__ import annotations

from typing import Any

#: table talk kept per session (lines) and the longest line
MAX_TALK = 300
MAX_TALK_TEXT = 200


def add_line(talk: list[dict], seat: int, name: str, text: str, sid: int, at: int) -> str | None:
    """Append what ``seat`` says (``sid``: the state id, ``at``: how many log events there
    were); None when said, else why not. Keeps the newest :data:`MAX_TALK` lines."""
    line = " ".join(str(text).split())[:MAX_TALK_TEXT]
    if not line:
        return "Say something first."
    talk.append({"seat": seat, "name": name, "text": line, "sid": sid, "at": at})
    del talk[:-MAX_TALK]
    return None


def restore(saved: Any) -> list[dict]:
    """The talk of a save, without lines that are not talk."""
    if not isinstance(saved, list):
        return []
    return [
        ln
        for ln in saved
        if isinstance(ln, dict) and isinstance(ln.get("text"), str) and isinstance(ln.get("seat"), int)
    ][-MAX_TALK:]
