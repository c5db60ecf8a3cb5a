"""Who knows what in a game of Testimony (docs/rules/testimony.md §6).

* A token's side: its placer; each seat that investigated its target after it was
  placed (a look shows only the tokens lying there at that moment); everyone once the
  game has ended. Who placed which token in front of whom, and when, is public.
* A Character: its holder; a seat it was shown to in a share; everyone at the end.
* What was shown in a share: the two sharers only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.rules.testimony.match import TestimonyMatch


def token_face(token: dict[str, Any], known: bool) -> dict[str, Any]:
    """A placed token as a viewer sees it: its id, its placer, its side or None."""
    return {"token": token["token"], "placer": token["placer"], "side": token["side"] if known else None}


def known_tokens(m: TestimonyMatch, seat: int | None) -> set[str]:
    """Token ids whose side ``seat`` knows now: its own, and those it looked at."""
    st = m.state
    if st["stage"] in ("between", "over"):
        return {t["token"] for t in st["tokens"]}
    if seat is None:
        return set()
    known = {t["token"] for t in st["tokens"] if t["placer"] == seat}
    for rec in st["investigations"]:
        if rec["seat"] == seat:
            known.update(rec["seen"])
    return known


def known_characters(m: TestimonyMatch, seat: int | None) -> dict[int, str]:
    """Seat -> Character for every Character ``seat`` knows in the current game."""
    st = m.state
    chars = st["characters"]
    if st["stage"] in ("between", "over"):
        return dict(enumerate(chars))
    if seat is None:
        return {}
    known = {seat: chars[seat]}
    for other in characters_shown_to(m, seat):
        known[other] = chars[other]
    return known


def characters_shown_to(m: TestimonyMatch, seat: int) -> set[int]:
    """Seats whose Character card ``seat`` was shown in a share this game."""
    seen = set()
    for rec in m.state["shares"]:
        if rec["by"] == seat and rec["cards"][1] == "character":
            seen.add(rec["with"])
        if rec["with"] == seat and rec["cards"][0] == "character":
            seen.add(rec["by"])
    return seen
