"""The secret action flow of the Malleus table (docs/rules/malleus.md §3.5, §3.10): the form a
player fills in behind the curtain — what the villager does in secret (or "No Secret
Action"), the cards played with it in secret and on whom, an order to the companion,
notes to the other players, and the new envy, vendetta or companion the engine asks
for — sent as one ``secret_action`` command through the table. The choices come from the
legal commands; nothing here decides legality (the engine's refusal keeps the form open
with it).
"""

from __future__ import annotations

from typing import Any

from game.ui.scenes.malleus.card_flow import fill_play
from game.ui.scenes.malleus.common import card_name
from game.ui.scenes.malleus.forms import Field, Form

NO_SECRET = "No Secret Action"


class SecretActionFlow:
    """The secret action form (see the module docstring), owned by the table: it asks the
    table for the view, the legal commands and the form host, and sends through it."""

    def __init__(self, table) -> None:
        self.table = table

    def form_secret_action(self, seat: int) -> None:
        n = self.table.names()
        legal = [c for c in self.table.legal_cmds if c.get("type") == "secret_action"]
        you = self.table.view.get("you") or {}
        fields = [
            Field(
                "text",
                "text",
                "Your secret action: what your villager does in secret",
                "",
                lines=3,
                placeholder=f"{NO_SECRET} (leave it empty) — or e.g. I slip a dead toad into the well",
            )
        ]
        card_opts: dict[str, list[tuple[str, Any]]] = {}
        for c in legal:
            for play in c.get("cards") or []:
                label = self.table.card_flow.describe_play(play)
                card_opts.setdefault(play["card"], [("keep it", None)]).append((label, play))
        for card, opts in card_opts.items():
            fields.append(Field("choice", f"card_{card}", card_name(self.table.actions.card_type(card)), None, opts))
        if any("companion_order" in c for c in legal):
            fields.append(
                Field(
                    "text",
                    "order",
                    f"An order to your companion {n.villager(you.get('companion'))}",
                    "",
                    placeholder="leave empty for none",
                )
            )
        for p in self.table.view.get("players") or []:
            if p["seat"] != seat:
                fields.append(
                    Field("text", f"note_{p['seat']}", f"A note to {p['name']}", "", placeholder="leave empty for none")
                )
        reps = {}
        for key in ("new_envy", "new_vendetta", "new_companion"):
            opts = []
            for c in legal:
                if key in c and c[key] not in [v for _l, v in opts]:
                    value = c[key]
                    if key == "new_envy":
                        label = f"envy {n.villager(value['holder'])}"
                    elif key == "new_vendetta":
                        label = f"hate {n.villager(value['target'])}"
                    else:
                        label = n.villager(value)
                    opts.append((label, value))
            if opts:
                reps[key] = opts
                title = {
                    "new_envy": "A new envy (required)",
                    "new_vendetta": "A new vendetta (required)",
                    "new_companion": "A new companion (required)",
                }[key]
                fields.append(Field("choice", key, title, opts[0][1], opts))
                if key == "new_envy":
                    fields.append(Field("text", "envy_thing", "What you envy now", ""))
                if key == "new_vendetta":
                    fields.append(Field("text", "vendetta_reason", "Why you hate them", ""))

        def send(vals: dict) -> str | None:
            cmd: dict[str, Any] = {"type": "secret_action", "text": vals["text"].strip() or NO_SECRET}
            cards = [vals[k] for k in vals if k.startswith("card_") and vals[k] is not None]
            if cards:
                cmd["cards"] = [fill_play(p, vals) for p in cards]
            if vals.get("order", "").strip():
                cmd["companion_order"] = vals["order"]
            notes = [{"to": int(k[5:]), "text": vals[k]} for k in vals if k.startswith("note_") and vals[k].strip()]
            if notes:
                cmd["notes"] = notes
            if "new_envy" in vals:
                cmd["new_envy"] = dict(vals["new_envy"], thing=vals.get("envy_thing") or "")
            if "new_vendetta" in vals:
                cmd["new_vendetta"] = dict(vals["new_vendetta"], reason=vals.get("vendetta_reason") or "")
            if "new_companion" in vals:
                cmd["new_companion"] = vals["new_companion"]
            return self.table.send(seat, cmd)

        self.table.forms.open_form(
            Form(
                "Your secret action",
                fields,
                send,
                ok="Hand it to the Prévôt",
                note="Leave the text empty for “No Secret Action”. Cards played here are secret: "
                "only the Prévôt learns they are yours.",
                name="secret_action",
            )
        )
