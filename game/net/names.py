"""Names at a LAN table: unique, and not only by case (docs/PROTOCOL.md §3 "Names").

Two names are the same when their **skeletons** are equal: the name in Unicode
compatibility form (NFKC: full-width and other width variants become plain letters),
every character replaced by the representative of its class of look-alikes (Cyrillic
"р" and Greek "ρ" look like Latin "p"; "l", "I", "1" and "|" like one another), case
folded, and mapped again. The look-alike classes come from the Unicode confusables
data of UTS #39 as packaged by ``confusable-homoglyphs`` (each class joined over the
data's one-character pairs; its representative is its first ASCII character, else its
first character). A name the host itself would make — one ending in " (2)", " (3)" …
— is not taken from a player: that ending is removed before the name is made unique.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from game.engine.match import MAX_NAME

_SUFFIX = re.compile(r"^(.*?)\s*\(\s*\d+\s*\)$", re.DOTALL)


def bot_name(seat: int, people_seats: tuple[int, ...] = ()) -> str:
    """The name the host gives a bot at ``seat``: "Bot N", N the seat's number among the
    seats a bot may take (``GameInfo.people_seats`` are a person's, whoever sits there).
    In most games that is the seat's own number ("Seat 3": "Bot 3"); Malleus numbers its
    players after the Prévôt's seat, and its table reads "Player 2: Bot 2", not "Bot 3"."""
    return f"Bot {seat + 1 - sum(1 for p in people_seats if p < seat)}"


@functools.lru_cache(maxsize=1)
def _representatives() -> dict[str, str]:
    """char -> the representative of its look-alike class (only chars that have one)."""
    # function-level import: start-up time (0.9 MB of data, read at the first hello)
    from confusable_homoglyphs import confusables

    parent: dict[str, str] = {}

    def find(ch: str) -> str:
        root = ch
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(ch, ch) != root:
            parent[ch], ch = root, parent[ch]
        return root

    for ch, homoglyphs in confusables.confusables_data.items():
        if len(ch) != 1:
            continue
        for glyph in homoglyphs:
            other = glyph.get("c")
            if isinstance(other, str) and len(other) == 1 and other != ch:
                a, b = find(ch), find(other)
                if a != b:
                    parent[a] = b
    classes: dict[str, list[str]] = {}
    for ch in set(parent) | set(parent.values()):
        classes.setdefault(find(ch), []).append(ch)
    out: dict[str, str] = {}
    for members in classes.values():
        ascii_members = sorted(m for m in members if m.isascii())
        rep = ascii_members[0] if ascii_members else min(members)
        for member in members:
            if member != rep:
                out[member] = rep
    return out


def prepare() -> None:
    """Read the look-alike data now (~50 ms), so that the first hello does not wait for it."""
    _representatives()


def skeleton(name: str) -> str:
    """What ``name`` looks like, for comparing (see the module docstring): NFKC, case
    folded, each character by its look-alike class's representative, folded and mapped
    again. "рrobe" (Cyrillic р) and "PROBE" both give "probe"."""
    reps = _representatives()
    text = unicodedata.normalize("NFKC", name).casefold()
    text = "".join(reps.get(ch, ch) for ch in text)
    text = unicodedata.normalize("NFKC", text).casefold()
    return "".join(reps.get(ch, ch) for ch in text)


def skeletons(name: str) -> set[str]:
    """:func:`skeleton`, and the same with the look-alikes mapped before the case is
    folded: capital "I" looks like "l" ("BiII" and "Bill") although its lower case "i"
    does not."""
    reps = _representatives()
    text = unicodedata.normalize("NFKC", name)
    text = "".join(reps.get(ch, ch) for ch in text)
    text = unicodedata.normalize("NFKC", text.casefold())
    return {skeleton(name), "".join(reps.get(ch, ch) for ch in text)}


def without_made_suffix(name: str) -> str:
    """``name`` without a trailing " (N)" (the host adds those itself), unless nothing
    would be left."""
    found = _SUFFIX.match(unicodedata.normalize("NFKC", name))
    if found is None or not found.group(1).strip():
        return name
    # cut the original at the same number of characters NFKC kept before the suffix
    kept = found.group(1).rstrip()
    for end in range(len(name), 0, -1):
        if unicodedata.normalize("NFKC", name[:end]).rstrip() == kept:
            return name[:end].rstrip()
    return kept


def unique_name(name: str, taken: list[str] | set[str]) -> str:
    """``name`` (without a host-made suffix), or ``name (2)``, ``name (3)`` … whichever
    looks like none of ``taken`` (compared by :func:`skeleton`)."""
    name = without_made_suffix(name)
    seen: set[str] = set()
    for other in taken:
        seen |= skeletons(other)
    if not skeletons(name) & seen:
        return name
    for k in range(2, 1000):
        suffix = f" ({k})"
        candidate = name[: MAX_NAME - len(suffix)].rstrip() + suffix
        if not skeletons(candidate) & seen:
            return candidate
    return name  # pragma: no cover - a thousand people with one name
