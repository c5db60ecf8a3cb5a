"""The flows that build a Malleus command: the forms and choosers behind the action bar's
buttons (the beginning's trigger, villagers, facts and ledgers; a declaration; framing a
scene; citing; narration, discards, NPC conflicts, destroyed facts). The secret action
form and a card played any time are flows of their own (``secret_flow.py``,
``card_flow.py``). A flow gathers what a player chooses and sends it through
the table (``table.send``); nothing here decides legality: the choices offered come from
the legal commands, and the engine's refusal is shown (a form stays open with it).

Modes a flow starts (a new villager's plate waiting to be dropped, a fact and a
relationship being picked, a scene being framed) are the table's state: the table draws
and routes them (``pending_villager``, ``link_seat``/``link_from``, ``frame_seat``,
``frame_location``, ``picked_plates``).
"""

from __future__ import annotations

from typing import Any

from game.ui.scenes.malleus.common import KIND_TITLES, card_name
from game.ui.scenes.malleus.forms import Field, Form

RELATION_CHOICES = [  # label template, (direction, kind, mutual)
    ("{a} sees {b} as an ally", ("new_to_old", "ally", False)),
    ("{a} sees {b} as an enemy", ("new_to_old", "enemy", False)),
    ("{b} sees {a} as an ally", ("old_to_new", "ally", False)),
    ("{b} sees {a} as an enemy", ("old_to_new", "enemy", False)),
    ("{a} and {b} are allies (mutual)", ("new_to_old", "ally", True)),
    ("{a} and {b} are enemies (mutual)", ("new_to_old", "enemy", True)),
]


class FlowsPanel:
    """The Malleus table's command flows (see the module docstring): owned by the table,
    they ask it for the view, the choosers and forms, and send through it."""

    def __init__(self, table) -> None:
        self.table = table

    # ----------------------------------------------------------- beginning forms ----
    def form_trigger(self, seat: int) -> None:
        self.table.forms.open_form(
            Form(
                "The trigger event",
                [
                    Field(
                        "text",
                        "text",
                        "A calamity that could hurt most of the village",
                        "",
                        placeholder="e.g. The rye is black with blight and the cows give blood.",
                    )
                ],
                lambda vals: self.table.send(seat, {"type": "set_trigger", "text": vals["text"]}),
                ok="Record",
                name="trigger",
            )
        )

    def form_villager(self, seat: int, link: str | None) -> None:
        fields = [Field("text", "name", "Name", "", max_len=40, placeholder="e.g. Thérèse the herbwife")]
        for i in range(3):
            fields.append(Field("text", f"fact{i}", f"Fact {i + 1}", "", placeholder="something the village knows"))
        if link is None:

            def send(vals: dict) -> str | None:
                return self.table.send(
                    seat,
                    {
                        "type": "add_villager",
                        "name": vals["name"],
                        "facts": [vals["fact0"], vals["fact1"], vals["fact2"]],
                    },
                )

            self.table.forms.open_form(Form("The first villager", fields, send, ok="Add", name="villager"))
            return

        def keep(vals: dict) -> str | None:
            if not vals["name"].strip() or not all(vals[f"fact{i}"].strip() for i in range(3)):
                return "A villager needs a name and three facts."
            self.table.pending_villager = {
                "seat": seat,
                "name": vals["name"],
                "facts": [vals["fact0"], vals["fact1"], vals["fact2"]],
            }
            self.table.message = (
                "Now drag the new plate onto the villager it has a relationship with (or click that villager)."
            )
            self.table.dirty = True
            return None

        self.table.forms.open_form(
            Form(
                "A new villager",
                fields,
                keep,
                ok="Then: its relationship",
                note="After OK, drag the new plate onto an existing villager to give it its one relationship.",
                name="villager",
            )
        )

    def link_new_villager(self, other: str) -> None:
        """The new plate was dropped on ``other``: which view, then add the villager."""
        pend = self.table.pending_villager
        if pend is None:
            return
        n = self.table.names()
        options = [(label.format(a=pend["name"], b=n.villager(other)), value) for label, value in RELATION_CHOICES]

        def chosen(value, pend=pend) -> None:
            direction, kind, mutual = value
            self.table.pending_villager = None  # the mode ends before the table is read again
            error = self.table.send(
                pend["seat"],
                {
                    "type": "add_villager",
                    "name": pend["name"],
                    "facts": pend["facts"],
                    "relation": {"with": other, "kind": kind, "direction": direction, "mutual": mutual},
                },
            )
            if error:
                self.table.pending_villager = pend  # refused: the plate waits for another try
            self.table.bar.refresh_controls()

        self.table.actions.choose("Which relationship?", options, chosen)

    def start_link_pick(self, seat: int) -> None:
        self.table.link_seat = seat
        self.table.link_from = None
        self.table.message = (
            "Drag from the villager who gets the new fact onto the other villager of its relationship "
            "(or click one, then the other)."
        )
        self.table.dirty = True

    def link_existing(self, seat: int, a: str, b: str) -> None:
        """A plate dragged onto another while building: a fact for ``a`` and a relationship."""
        n = self.table.names()
        options = [(label.format(a=n.villager(a), b=n.villager(b)), value) for label, value in RELATION_CHOICES]

        def chosen(value) -> None:
            direction, kind, mutual = value

            def send(vals: dict) -> str | None:
                self.table.link_seat, self.table.link_from = None, None
                error = self.table.send(
                    seat,
                    {
                        "type": "add_fact_relation",
                        "villager": a,
                        "fact": vals["fact"],
                        "relation": {"with": b, "kind": kind, "direction": direction, "mutual": mutual},
                    },
                )
                if error:
                    self.table.link_seat = seat
                self.table.bar.refresh_controls()
                return error

            self.table.forms.open_form(
                Form(
                    f"A new fact about {n.villager(a)}",
                    [Field("text", "fact", "The fact", "", placeholder="something the village knows")],
                    send,
                    ok="Add",
                    name="fact",
                )
            )

        self.table.actions.choose(f"{n.villager(a)} and {n.villager(b)}:", options, chosen)

    def prompt_choose_villager(self, seat: int) -> None:
        opts = [
            (self.table.names().villager(c["villager"]), c["villager"])
            for c in self.table.actions.moves_of(seat)
            if c.get("type") == "choose_villager"
        ]
        self.table.actions.choose(
            f"{self.table.source.players[seat]} plays…",
            opts,
            lambda vid: self.table.send(seat, {"type": "choose_villager", "villager": vid}),
        )

    def form_ledger(self, seat: int) -> None:
        n = self.table.names()
        mine = n.villager_of(seat)
        npcs = self.table.actions.villager_options(lambda v: v.get("controlled_by") is None and v["status"] == "alive")
        others = self.table.actions.villager_options(lambda v: v["id"] != mine and v["status"] != "executed")
        fields = [
            Field("text", "secret", f"Your secret (it would ruin {n.villager(mine)})", ""),
            Field("choice", "holder", "You envy something of", npcs[0][1] if npcs else None, npcs),
            Field("text", "thing", "What you envy", "", placeholder="e.g. her orchard by the river"),
            Field(
                "choice",
                "person",
                "It is",
                None,
                [("a thing (an object)", None)] + [(f"a person: {lab}", val) for lab, val in others],
            ),
            Field("choice", "target", "Your vendetta is against", others[0][1] if others else None, others),
            Field("text", "reason", "Why you hate them", "", placeholder="e.g. he cheated my father"),
        ]

        def send(vals: dict) -> str | None:
            return self.table.send(
                seat,
                {
                    "type": "submit_ledger",
                    "secret": vals["secret"],
                    "envy": {"holder": vals["holder"], "thing": vals["thing"], "thing_villager": vals["person"]},
                    "vendetta": {"target": vals["target"], "reason": vals["reason"]},
                },
            )

        self.table.forms.open_form(
            Form(
                "Your private ledger",
                fields,
                send,
                ok="Hand it to the Prévôt",
                note="Only you and the Prévôt will see this.",
                name="ledger",
            )
        )

    def prompt_companion(self, seat: int) -> None:
        opts = [
            (self.table.names().villager(c["villager"]), c["villager"])
            for c in self.table.legal_cmds
            if c.get("type") == "choose_companion"
        ]
        you = self.table.view.get("you") or {}
        title = "Your secret companion (the Prévôt voices it)"
        if you.get("prompt") == "choose_again":
            title = "Taken — choose again: your secret companion"
        elif you.get("companion_choice"):
            title = "Confirm your companion (someone else must choose again)"
        self.table.actions.choose(
            title, opts, lambda vid: self.table.send(seat, {"type": "choose_companion", "villager": vid})
        )

    # ---------------------------------------------------------------- declaring ----
    def prompt_declare(self, seat: int, target: str | None = None) -> None:
        kinds = []
        for c in self.table.legal_cmds:
            if c.get("type") == "declare_conflict" and c["kind"] not in kinds:
                if target is None or c.get("target") == target or c["kind"] == "relationship_change":
                    kinds.append(c["kind"])
        self.table.actions.choose(
            "Declare a conflict",
            [(KIND_TITLES[k], k) for k in kinds],
            lambda kind: self.form_declare(seat, kind, target),
        )

    def form_declare(self, seat: int, kind: str, target: str | None = None) -> None:
        n = self.table.names()
        legal = [c for c in self.table.legal_cmds if c.get("type") == "declare_conflict" and c["kind"] == kind]
        living = self.table.actions.villager_options(lambda v: v["status"] == "alive")
        fields: list[Field] = []
        if kind in ("accusation", "bolster", "reveal_secret"):
            targets = []
            for c in legal:
                if c["target"] not in [t for _l, t in targets]:
                    targets.append((n.villager(c["target"]), c["target"]))
            fields.append(
                Field(
                    "choice",
                    "target",
                    "Target",
                    target if target in [t for _l, t in targets] else (targets[0][1] if targets else None),
                    targets,
                )
            )
            if kind == "reveal_secret":
                fields.append(Field("text", "claimed", "The secret you reveal", ""))
        elif kind == "relationship_change":
            fields += [
                Field("choice", "from", "Whose view", target or (living[0][1] if living else None), living),
                Field("choice", "to", "of whom", living[1][1] if len(living) > 1 else None, living),
                Field(
                    "choice",
                    "new",
                    "should become",
                    "enemy",
                    [("enemy", "enemy"), ("ally", "ally"), ("no view at all", "none")],
                ),
                Field("check", "both", "Both directions of a mutual relationship", False),
            ]
        elif kind == "facts_change":
            facts = self.table.view.get("facts") or {}
            fact_opts = [(f"{fid}: {f['text'][:50]}", fid) for fid, f in facts.items() if f["status"] == "active"]
            subjects = [("the general ledger", None)] + living
            for i in range(3):
                fields += [
                    Field(
                        "choice",
                        f"op{i}",
                        f"Change {i + 1}",
                        "add" if i == 0 else "",
                        [
                            ("nothing", ""),
                            ("add a fact", "add"),
                            ("modify a fact", "modify"),
                            ("remove a fact", "remove"),
                        ],
                    ),
                    Field("choice", f"subject{i}", "  about (for add)", target, subjects),
                    Field(
                        "choice",
                        f"fact{i}",
                        "  which fact (modify/remove)",
                        fact_opts[0][1] if fact_opts else None,
                        fact_opts,
                    ),
                    Field("text", f"text{i}", "  the new words (add/modify)", ""),
                ]

        def send(vals: dict) -> str | None:
            cmd: dict[str, Any] = {"type": "declare_conflict", "kind": kind}
            if kind in ("accusation", "bolster", "reveal_secret"):
                cmd["target"] = vals["target"]
                if kind == "reveal_secret":
                    cmd["claimed_text"] = vals["claimed"]
            elif kind == "relationship_change":
                cmd["relationship"] = {
                    "from": vals["from"],
                    "to": vals["to"],
                    "new": vals["new"],
                    "both_directions": bool(vals["both"]),
                }
            else:
                ops = []
                subject = None
                for i in range(3):
                    op = vals[f"op{i}"]
                    if op == "add":
                        ops.append({"op": "add", "subject": vals[f"subject{i}"], "text": vals[f"text{i}"]})
                        subject = subject or vals[f"subject{i}"]
                    elif op == "modify":
                        ops.append({"op": "modify", "fact": vals[f"fact{i}"], "text": vals[f"text{i}"]})
                        subject = subject or (facts.get(vals[f"fact{i}"]) or {}).get("subject")
                    elif op == "remove":
                        ops.append({"op": "remove", "fact": vals[f"fact{i}"]})
                        subject = subject or (facts.get(vals[f"fact{i}"]) or {}).get("subject")
                cmd["target"] = subject
                cmd["ops"] = ops
            return self.table.send(seat, cmd)

        self.table.forms.open_form(
            Form(
                KIND_TITLES[kind],
                fields,
                send,
                ok="Declare",
                name="declare",
                note="Say aloud how your villager goes about it.",
            )
        )

    def prompt_confirm(self, seat: int) -> None:
        c = self.table.view.get("conflict") or {}
        screen = self.table.view.get("prevot_screen") or {}
        claimed = screen.get("claimed_text") or "?"
        owner = self.table.names().owner_of(c.get("target"))
        truth = next((led.get("secret") or {} for led in screen.get("ledgers") or [] if led["player"] == owner), {})
        self.table.actions.choose(
            f"Claimed: “{claimed}”.  The ledger says: “{truth.get('text', '?')}”.",
            [("Accept: the secret is out", True), ("Reject: a wrong guess (declare again)", False)],
            lambda ok: self.table.send(seat, {"type": "confirm_secret", "accept": ok}),
        )

    # ------------------------------------------------------------------- scenes ----
    def start_frame(self, seat: int) -> None:
        c = self.table.view.get("conflict") or {}
        picked = [c.get("actor_villager")]
        if c.get("target") and c["target"] != c.get("actor_villager"):
            picked.append(c["target"])
        self.table.picked_plates = [p for p in picked if p]
        self.table.frame_seat = seat
        self.table.frame_location = self.table.frame_location or "The village square"
        self.table.message = (
            "Click plates to bring villagers into the scene (their players are bidden), "
            "click a place for the location, then Frame."
        )
        self.table.buttons = self.table.make_buttons()
        self.table.dirty = True

    def frame_now(self) -> None:
        seat = self.table.frame_seat
        if seat is None:
            return
        error = self.table.send(
            seat,
            {"type": "frame_scene", "location": self.table.frame_location, "present": list(self.table.picked_plates)},
        )
        if not error:
            self.table.frame_seat = None
            self.table.picked_plates = []

    def prompt_location(self) -> None:
        places = sorted(self.table.village.place_rects())

        def chosen(name: str) -> None:
            if name == "":
                self.table.forms.open_form(
                    Form(
                        "Where does the scene take place?",
                        [Field("text", "where", "The place", "", max_len=80, lines=1)],
                        lambda vals: self._set_location(vals["where"]),
                        ok="Use it",
                        name="location",
                    )
                )
                return
            self._set_location(name)

        self.table.actions.choose("Where?", [(p, p) for p in places] + [("Somewhere else…", "")], chosen)

    def _set_location(self, name: str) -> str | None:
        if not name.strip():
            return "Name the place."
        self.table.frame_location = name.strip()
        self.table.buttons = self.table.make_buttons()
        self.table.message = self.table.status_message()
        self.table.dirty = True
        return None

    def prompt_cite(self) -> None:
        """Cite a fact: whose fact first (a villager, the general ledger, the witch
        stereotypes), then which of its facts, then its side and — at a shared screen —
        who cites it. One list of every fact (some fifty in a ready village) ran off the
        top and bottom of the window, each fact without its villager."""
        n = self.table.names()
        moves = [c for _s, c in self.table.actions.seat_moves("cite_fact")]
        facts = n.view.get("facts") or {}
        groups: dict[Any, list[str]] = {}
        for c in moves:
            fid = c["fact"]
            about = "stereotypes" if fid in n.stereo else (facts.get(fid) or {}).get("subject")
            if fid not in groups.setdefault(about, []):
                groups[about].append(fid)

        def side_for(fid: str) -> None:
            sides = [s for s in ("for", "against") if {"type": "cite_fact", "fact": fid, "side": s} in moves]
            self.table.actions.choose(
                f"Cite “{n.fact(fid)[:60]}” for which side?",
                [("For the action" if s == "for" else "Against it", s) for s in sides],
                lambda side: self.drop_fact(fid, side),
            )

        def which_fact(about: Any) -> None:
            fids = groups[about]
            if len(fids) == 1:
                side_for(fids[0])
                return
            self.table.actions.choose(
                f"Cite which fact {_about_words(about, n)}?", [(n.fact(fid)[:80], fid) for fid in fids], side_for
            )

        # the villagers in the scene first (the actor's, the target's …), then the rest
        present = list((n.view.get("conflict") or {}).get("present") or [])
        villagers = sorted((v for v in n.villagers if v in groups), key=lambda v: v not in present)
        order = villagers + [k for k in (None, "stereotypes") if k in groups]
        self.table.actions.choose(
            "Cite a fact about whom?",
            [(f"{_about_name(about, n)} ({_count(len(groups[about]))})", about) for about in order],
            which_fact,
        )

    def prompt_present(self, seat: int) -> None:
        """The Prévôt moves NPCs in or out and sets their sides."""
        n = self.table.names()
        c = self.table.view.get("conflict") or {}
        opts = []
        for cmd in self.table.actions.moves_of(seat):
            if cmd.get("type") == "set_present":
                if cmd["add"]:
                    opts.append((f"Bring in {n.villager(cmd['add'][0])}", cmd))
                else:
                    opts.append((f"Send away {n.villager(cmd['remove'][0])}", cmd))
            elif cmd.get("type") == "assign_side":
                opts.append((f"{n.villager(cmd['villager'])} sides {cmd['side']}", cmd))
        if not c:
            return
        self.table.actions.choose("Who is present, and for whom?", opts, lambda cmd: self.table.send(seat, cmd))

    def drop_fact(self, fid: str, side: str) -> None:
        """Cite ``fid`` for ``side`` (a fact dropped on a column, or chosen): any seat may
        cite and the table records who did (docs/rules/malleus.md §3.4). On a seat's own
        screen that seat cites; at a shared screen the table asks who, when several may."""
        seats = [
            s for s, cmd in self.table.actions.seat_moves("cite_fact") if cmd["fact"] == fid and cmd["side"] == side
        ]
        if not seats:
            self.table.toast("That fact cannot be cited for that side now.")
            return
        command = {"type": "cite_fact", "fact": fid, "side": side}
        if self.table.me() is not None or len(seats) == 1:
            self.table.send(seats[0], command)
            return
        n = self.table.names()
        self.table.actions.choose(
            f"Who cites “{n.fact(fid)[:60]}” {'for' if side == 'for' else 'against'} the action?",
            [(n.short_seat(s), s) for s in seats],
            lambda seat: self.table.send(seat, command),
        )

    # --------------------------------------------------------------- the rest ----
    def form_narrate(self, seat: int) -> None:
        self.table.forms.open_form(
            Form(
                "How does it end?",
                [Field("text", "text", "The loser tells the outcome", "")],
                lambda vals: self.table.send(seat, {"type": "narrate", "text": vals["text"]}),
                ok="Tell",
                name="narrate",
            )
        )

    def form_discard(self, seat: int) -> None:
        hand = (self.table.view.get("you") or {}).get("hand") or []
        fields = [
            Field(
                "check",
                f"d_{h['card']}",
                f"Discard {card_name(h['type'])}" + (" (locked: played in secret)" if h.get("locked") else ""),
                bool(h.get("locked")),
            )
            for h in hand
        ]
        if not fields:
            fields = [Field("info", "none", "Your hand is empty.")]

        def send(vals: dict) -> str | None:
            return self.table.send(
                seat, {"type": "discard", "cards": [k[2:] for k, v in vals.items() if k.startswith("d_") and v]}
            )

        self.table.forms.open_form(
            Form(
                "The end of your turn",
                fields,
                send,
                ok="End my turn",
                name="discard",
                note="Discards lie face down. You draw back to two at the next round.",
            )
        )

    def form_npc_conflict(self, seat: int) -> None:
        n = self.table.names()
        legal = [c for c in self.table.legal_cmds if c.get("type") == "start_npc_conflict"]
        actors = []
        for c in legal:
            if c["actor_villager"] not in [a for _l, a in actors]:
                actors.append((n.villager(c["actor_villager"]), c["actor_villager"]))

        def pick_actor(actor: str) -> None:
            opts = []
            for c in legal:
                if c["actor_villager"] != actor:
                    continue
                if c["kind"] in ("accusation", "bolster"):
                    opts.append((f"{KIND_TITLES[c['kind']]}: {n.villager(c['target'])}", c))
                elif c["kind"] == "relationship_change":
                    rel = c["relationship"]
                    opts.append((f"Change the view of {n.villager(rel['to'])} to {rel['new']}", c))
                else:
                    opts.append(("Add a fact to the general ledger…", c))

            def go(c: dict) -> None:
                if c["kind"] == "facts_change":
                    self.table.forms.open_form(
                        Form(
                            "A new general fact",
                            [Field("text", "text", "The fact", "")],
                            lambda vals: self.table.send(
                                seat, dict(c, ops=[{"op": "add", "subject": None, "text": vals["text"]}])
                            ),
                            ok="Start",
                            name="npc_fact",
                        )
                    )
                    return
                self.table.send(seat, c)

            self.table.actions.choose(f"What does {n.villager(actor)} do?", opts, go)

        self.table.actions.choose("Which NPC acts (a companion's or a Blackmail order)?", actors, pick_actor)

    def form_record(self, seat: int) -> None:
        subjects = [("the general ledger", None)] + self.table.actions.villager_options(lambda v: True)
        self.table.forms.open_form(
            Form(
                "What was destroyed",
                [Field("choice", "subject", "A fact about", None, subjects), Field("text", "text", "The fact", "")],
                lambda vals: self.table.send(
                    seat, {"type": "record_fact", "subject": vals["subject"], "text": vals["text"]}
                ),
                ok="Record",
                name="record",
            )
        )


def _about_name(about: Any, n: Any) -> str:
    """Whose facts a group of citable facts holds, as the cite chooser lists it."""
    if about == "stereotypes":
        return "The witch stereotypes"
    if about is None:
        return "The general ledger"
    return str(n.villager(about))


def _about_words(about: Any, n: Any) -> str:
    if about == "stereotypes":
        return "among the witch stereotypes"
    if about is None:
        return "from the general ledger"
    return f"about {n.villager(about)}"


def _count(k: int) -> str:
    return "1 fact" if k == 1 else f"{k} facts"
