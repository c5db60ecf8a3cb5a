"""Small pieces of English the screens share."""

from __future__ import annotations

from collections.abc import Sequence


def listed(words: Sequence[str], last: str = "and") -> str:
    """Words as a list in a sentence: "Ann", "Ann and Bob", "Ann, Bob and Cy" ("" for none);
    ``last`` joins the last two ("or": "Ann, Bob or Cy")."""
    words = [str(w) for w in words]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]
