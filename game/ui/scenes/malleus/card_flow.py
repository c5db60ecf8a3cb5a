"""Playing a card from the hand at the Malleus table (docs/rules/malleus.md §6 R24): any
time, on one of its legal targets, openly or in secret; a card that needs words (an order,
a reason, what is envied) asks for them in a small form. ``describe_play`` says what a
play does in a few words (the chooser's options, the secret action form's card fields,
the Prévôt's queue of secret plays). The plays offered are the legal commands' (the
table's ``actions.card_plays``); the engine decides.
"""

from __future__ import annotations

from typing import Any

from game.ui.scenes.malleus.common import card_name
from game.ui.scenes.malleus.forms import Field, Form


def fill_play(play: dict, vals: dict) -> dict:
    """A card play from the secret action form with the words it still needs filled in
    (an order from the action's text; an envy's thing or a vendetta's reason left to the
    ledgers)."""
    out = dict(play)
    if out.get("order") == "":
        out["order"] = vals.get("text") or "Do as I say."
    for key, fld in (("new_envy", "thing"), ("new_vendetta", "reason")):
        if key in out and out[key].get(fld) == "":
            out[key] = dict(out[key], **{fld: "(as told to the Prévôt)"})
    return out


class CardPlayFlow:
    """A card played any time (see the module docstring), owned by the table: it asks the
    table for the view and the plays, the chooser and the form host, and sends through it."""

    fill_play = staticmethod(fill_play)

    def __init__(self, table) -> None:
        self.table = table

    def describe_play(self, play: dict) -> str:
        n = self.table.names()
        bits = []
        if "target" in play:
            bits.append(n.villager(play["target"]))
        if "player" in play:
            bits.append(n.seat(play["player"]))
        if "relationship" in play:
            rel = next((r for r in self.table.view.get("relationships") or [] if r["id"] == play["relationship"]), None)
            bits.append(f"{n.villager(rel['from'])}–{n.villager(rel['to'])}" if rel else play["relationship"])
        if "new_envy" in play:
            bits.append("new envy: " + n.villager(play["new_envy"]["holder"]))
        if "new_vendetta" in play:
            bits.append("new vendetta: " + n.villager(play["new_vendetta"]["target"]))
        return "play on " + ", ".join(bits) if bits else "play it"

    def prompt_card(self, card: str) -> None:
        """A card from the hand, any time (docs/rules/malleus.md §6 R24): its target, then openly or in secret."""
        plays = self.table.actions.card_plays().get(card) or []
        seat = self.table.me()
        options = []
        for p in plays:
            label = self.describe_play(p) + (" — in secret" if p["secret"] else " — openly")
            options.append((label, p))

        def chosen(play: dict) -> None:
            if any(v == "" or (isinstance(v, dict) and "" in v.values()) for v in play.values()):
                self.table.forms.open_form(
                    Form(
                        card_name(self.table.actions.card_type(card)),
                        [Field("text", "words", "In a few words (for the ledgers)", "")],
                        lambda vals: self.table.send(seat, self._fill_any(play, vals["words"])),
                        ok="Play",
                        name="card_text",
                    )
                )
                return
            self.table.send(seat, play)

        self.table.actions.choose(f"{card_name(self.table.actions.card_type(card))}: how?", options, chosen)

    @staticmethod
    def _fill_any(play: dict, words: str) -> dict:
        out: dict[str, Any] = {}
        for k, v in play.items():
            if v == "":
                out[k] = words
            elif isinstance(v, dict):
                out[k] = {kk: (words if vv == "" else vv) for kk, vv in v.items()}
            else:
                out[k] = v
        return out
