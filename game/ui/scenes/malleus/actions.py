"""What can be done now, by whom, and the flows that build each command. Nothing here decides legality: the buttons come from the legal commands of the seats
this screen may act for, and every command is sent to the engine, whose refusal is shown.

Who acts: the seat behind the screen (``source.screen_seat``; a LAN client's own seat).
At a hot-seat story table (a :class:`~game.ui.story_session.StorySession`) the screen is
usually public and any human seat's *public* moves are offered with the seat's name on the
button (``public_legal`` / ``submit_as``); private input (ledger, companion, declaration,
secret action, discard, a card play, the Prévôt's screen) goes through the curtain.
"""
from __future__ import annotations

from typing import Any, Callable

from game.ui.scenes.malleus.common import KIND_TITLES, Names, card_name
from game.ui.scenes.malleus.forms import Field, Form
from game.ui.scenes.table_base import Prompt

NO_SECRET = "No Secret Action"
RELATION_CHOICES = [  # label template, (direction, kind, mutual)
    ("{a} sees {b} as an ally", ("new_to_old", "ally", False)),
    ("{a} sees {b} as an enemy", ("new_to_old", "enemy", False)),
    ("{b} sees {a} as an ally", ("old_to_new", "ally", False)),
    ("{b} sees {a} as an enemy", ("old_to_new", "enemy", False)),
    ("{a} and {b} are allies (mutual)", ("new_to_old", "ally", True)),
    ("{a} and {b} are enemies (mutual)", ("new_to_old", "enemy", True)),
]


class ActionsPanel:
    """Mixin of the Malleus table: the seats this screen acts for, buttons and flows."""

    # ---------------------------------------------------------------- who acts ----
    def names(self) -> Names:
        key = (self.view.get("state_id"), self.view.get("seat"))
        cached = self.__dict__.get("_names")
        if cached is None or cached[0] != key:
            cached = (key, Names(self.view, list(self.source.players)))
            self._names = cached
        return cached[1]

    def me(self) -> int | None:
        return self.source.screen_seat

    def hotseat(self) -> bool:
        return hasattr(self.source, "submit_as")

    def moves_of(self, seat: int) -> list[dict]:
        if seat == self.me():
            return self.legal_cmds
        if self.hotseat() and self.me() is None:
            try:
                return list(self.source.public_legal(seat))
            except Exception:
                return []
        return []

    def acting_seats(self) -> list[int]:
        """Seats this screen may make moves for now."""
        me = self.me()
        if me is not None:
            return [me]
        if self.hotseat():
            return [s for s in range(len(self.source.players)) if self.source.is_human(s)]
        return []

    def seat_moves(self, kind: str) -> list[tuple[int, dict]]:
        out = []
        for seat in self.acting_seats():
            out.extend((seat, c) for c in self.moves_of(seat) if c.get("type") == kind)
        return out

    def can(self, kind: str) -> list[int]:
        seats = []
        for seat, _c in self.seat_moves(kind):
            if seat not in seats:
                seats.append(seat)
        return seats

    def send(self, seat: int, command: dict) -> str | None:
        """Send ``command`` for ``seat``; the engine's refusal is shown and returned."""
        try:
            if seat == self.me():
                error = self.source.submit(command)
            elif self.hotseat():
                error = self.source.submit_as(seat, command)
            else:
                error = "You can only act for your own seat."
        except Exception as exc:  # the source must never crash the table
            error = f"That did not work: {exc}"
        if error:
            self.toast(str(error))
            return str(error)
        self.sync()
        return None

    def who(self, seat: int) -> str:
        """A button's seat prefix at a shared screen ("" when the screen is one seat's)."""
        if self.me() is not None:
            return ""
        return ("Prévôt" if seat == 0 else self.source.players[seat]) + ": "

    # ---------------------------------------------------------------- buttons ----
    def action_list(self) -> list[tuple[str, Callable[[], Any], str, str]]:
        """(label, action, name, style) of every action on offer now."""
        v = self.view
        out: list[tuple[str, Callable[[], Any], str, str]] = []
        n = self.names()
        phase, step = v.get("phase"), v.get("step")

        def add(label: str, fn: Callable[[], Any], name: str, style: str = "normal") -> None:
            out.append((label, fn, name, style))

        for seat in self.can("set_trigger"):
            add(self.who(seat) + "Record the trigger…", lambda s=seat: self.form_trigger(s), "trigger", "primary")
        for seat, c in self.seat_moves("add_villager"):
            if phase == "first_villager":
                add(self.who(seat) + "Add the first villager…", lambda s=seat: self.form_villager(s, None),
                    "first_villager", "primary")
                break
        if phase == "building":
            for seat in self.can("add_villager"):
                add(self.who(seat) + "New villager…", lambda s=seat: self.form_villager(s, "link"), "new_villager",
                    "primary")
            for seat in self.can("add_fact_relation"):
                add(self.who(seat) + "Fact + relationship…", lambda s=seat: self.start_link_pick(s), "fact_relation")
            for seat in self.can("pass"):
                add(self.who(seat) + "Pass", lambda s=seat: self.send(s, {"type": "pass"}), "pass")
        for seat in self.can("choose_villager"):
            add(self.who(seat) + "Choose my villager…", lambda s=seat: self.prompt_choose_villager(s), "choose",
                "primary")
        for seat in self.can("submit_ledger"):
            add("Write my ledger…", lambda s=seat: self.form_ledger(s), "ledger", "primary")
        for seat in self.can("choose_companion"):
            add("Choose my companion…", lambda s=seat: self.prompt_companion(s), "companion", "primary")
        for seat in self.can("declare_conflict"):
            add("Declare a conflict…", lambda s=seat: self.prompt_declare(s), "declare", "primary")
        for seat in self.can("confirm_secret"):
            add("Judge the claimed secret…", lambda s=seat: self.prompt_confirm(s), "confirm", "primary")
        for seat in self.can("frame_scene"):
            add(self.who(seat) + "Frame the scene…", lambda s=seat: self.start_frame(s), "frame", "primary")
        for seat in self.can("begin_resolution"):
            add(self.who(seat) + "Begin the resolution", lambda s=seat: self.send(s, {"type": "begin_resolution"}),
                "begin_resolution", "primary")
        for seat in self.can("secret_action"):
            add("My secret action…", lambda s=seat: self.form_secret_action(s), "secret_action", "primary")
        queue = {q["card"]: q for q in (v.get("prevot_screen") or {}).get("queue") or []}
        for seat, c in self.seat_moves("apply_card"):
            q = queue.get(c["card"], {})
            add(f"Apply {card_name(q.get('type'))} ({n.short_seat(q.get('player'))})",
                lambda s=seat, c=c: self.send(s, c), f"apply_{c['card']}", "primary")
        for seat, c in self.seat_moves("void_card"):
            q = queue.get(c["card"], {})
            add(f"Void {card_name(q.get('type'))}", lambda s=seat, c=c: self.send(s, c), f"void_{c['card']}")
        if self.can("close_secret_actions"):
            s = self.can("close_secret_actions")[0]
            add("Close the secret actions", lambda s=s: self.send(s, {"type": "close_secret_actions"}), "close_secret",
                "primary")
        for seat in self.can("roll"):
            label = "Roll 3d6 for the actor" if step == "roll" else "Roll 3d6 against"
            add(self.who(seat) + label, lambda s=seat: self.send(s, {"type": "roll"}), "roll", "primary")
        for seat in self.can("lock_sides"):
            add(self.who(seat) + "Lock the sides", lambda s=seat: self.send(s, {"type": "lock_sides"}), "lock_sides",
                "primary")
        for seat in self.can("close_window"):
            add(self.who(seat) + "Close the aftermath window", lambda s=seat: self.send(s, {"type": "close_window"}),
                "close_window", "primary")
        for seat in self.can("narrate"):
            add(self.who(seat) + "Narrate the outcome…", lambda s=seat: self.form_narrate(s), "narrate")
        for seat in self.can("end_turn"):
            add(self.who(seat) + "End the turn", lambda s=seat: self.send(s, {"type": "end_turn"}), "end_turn",
                "primary")
        for seat in self.can("discard"):
            add("End my turn (discard)…", lambda s=seat: self.form_discard(s), "discard", "primary")
        for seat in self.can("start_npc_conflict"):
            add("Start an NPC conflict…", lambda s=seat: self.form_npc_conflict(s), "npc_conflict")
        for seat in self.can("end_secret_phase"):
            add("End the secret action phase", lambda s=seat: self.send(s, {"type": "end_secret_phase"}),
                "end_secret_phase", "primary")
        for seat in self.can("record_fact"):
            add("Record what was destroyed…", lambda s=seat: self.form_record(s), "record")
        # scene interjections
        for seat in self.can("join_scene"):
            if seat != 0:
                add(self.who(seat) + "Join the scene", lambda s=seat: self.send(s, {"type": "join_scene"}),
                    f"join_{seat}")
        for seat in self.can("take_side"):
            add(self.who(seat) + "For", lambda s=seat: self.send(s, {"type": "take_side", "side": "for"}),
                f"for_{seat}")
            add(self.who(seat) + "Against", lambda s=seat: self.send(s, {"type": "take_side", "side": "against"}),
                f"against_{seat}")
        for seat, c in self.seat_moves("approve_fact"):
            f = n.fact(c["fact"])
            add(f"Count “{f[:28]}” {c['side']}", lambda s=seat, c=c: self.send(s, c), f"approve_{c['fact']}_{c['side']}")
        for seat, c in self.seat_moves("reject_fact"):
            add(f"Reject “{n.fact(c['fact'])[:20]}”", lambda s=seat, c=c: self.send(s, c),
                f"reject_{c['fact']}_{c['side']}")
        if self.can("cite_fact"):
            add("Cite a fact…", self.prompt_cite, "cite")
        if self.can("assign_side") or self.can("set_present"):
            s = (self.can("assign_side") or self.can("set_present"))[0]
            add("Who is present…", lambda s=s: self.prompt_present(s), "present")
        # private screens at a shared table
        if self.hotseat() and self.me() is None and phase == "round":
            add("Play a card / my ledger…", self.prompt_private_seat, "private")
        if self.me() is not None and getattr(self.source, "asked", None) == self.me():
            add("Back to the table", self.release_private, "release", "primary")
        if self.me() is not None and self.me() != 0 and phase == "round":
            for card, plays in self.card_plays().items():
                add(f"Play {card_name(self.card_type(card))}…", lambda c=card: self.prompt_card(c), f"play_{card}")
        return out

    # ----------------------------------------------------------------- helpers ----
    def card_type(self, card: str) -> str:
        for h in ((self.view.get("you") or {}).get("hand") or []):
            if h["card"] == card:
                return h["type"]
        return card

    def card_plays(self) -> dict[str, list[dict]]:
        out: dict[str, list[dict]] = {}
        for c in self.legal_cmds:
            if c.get("type") == "play_card":
                out.setdefault(c["card"], []).append(c)
        return out

    def villager_options(self, pred: Callable[[dict], bool] = lambda v: True) -> list[tuple[str, Any]]:
        return [(v["name"] + (f" ({v['standing']})"), v["id"]) for v in self.view.get("villagers") or [] if pred(v)]

    def choose(self, title: str, options: list[tuple[str, Any]], then: Callable[[Any], Any]) -> None:
        if not options:
            self.toast("There is nothing to choose from now.")
            return
        self.prompt = Prompt(title, options, then, None, anchor=self.map_rect().center)
        self.dirty = True

    def release_private(self) -> None:
        fn = getattr(self.source, "release", None)
        if fn is not None:
            fn()
        self.sync(force=True)

    def prompt_private_seat(self) -> None:
        seats = [s for s in range(len(self.source.players)) if self.source.is_human(s)]

        def go(seat: int) -> None:
            problem = self.source.request_private(seat)
            if problem:
                self.toast(problem)
            self.sync(force=True)

        self.choose("Whose private screen? (the others look away)",
                    [("The Prévôt's screen" if s == 0 else f"{self.source.players[s]}: cards and ledger", s)
                     for s in seats], go)

    # ----------------------------------------------------------- beginning forms ----
    def form_trigger(self, seat: int) -> None:
        self.open_form(Form("The trigger event", [
            Field("text", "text", "A calamity that could hurt most of the village", "",
                  placeholder="e.g. The rye is black with blight and the cows give blood.")],
            lambda vals: self.send(seat, {"type": "set_trigger", "text": vals["text"]}), ok="Record",
            name="trigger"))

    def form_villager(self, seat: int, link: str | None) -> None:
        fields = [Field("text", "name", "Name", "", max_len=40, placeholder="e.g. Thérèse the herbwife")]
        for i in range(3):
            fields.append(Field("text", f"fact{i}", f"Fact {i + 1}", "", placeholder="something the village knows"))
        if link is None:
            def send(vals: dict) -> str | None:
                return self.send(seat, {"type": "add_villager", "name": vals["name"],
                                        "facts": [vals["fact0"], vals["fact1"], vals["fact2"]]})
            self.open_form(Form("The first villager", fields, send, ok="Add", name="villager"))
            return

        def keep(vals: dict) -> str | None:
            if not vals["name"].strip() or not all(vals[f"fact{i}"].strip() for i in range(3)):
                return "A villager needs a name and three facts."
            self.pending_villager = {"seat": seat, "name": vals["name"],
                                     "facts": [vals["fact0"], vals["fact1"], vals["fact2"]]}
            self.message = ("Now drag the new plate onto the villager it has a relationship with "
                            "(or click that villager).")
            self.dirty = True
            return None

        self.open_form(Form("A new villager", fields, keep, ok="Then: its relationship",
                            note="After OK, drag the new plate onto an existing villager to give it its one "
                                 "relationship.", name="villager"))

    def link_new_villager(self, other: str) -> None:
        """The new plate was dropped on ``other``: which view, then add the villager."""
        pend = self.pending_villager
        if pend is None:
            return
        n = self.names()
        options = [(label.format(a=pend["name"], b=n.villager(other)), value) for label, value in RELATION_CHOICES]

        def chosen(value, pend=pend) -> None:
            direction, kind, mutual = value
            self.pending_villager = None  # the mode ends before the table is read again
            error = self.send(pend["seat"], {"type": "add_villager", "name": pend["name"], "facts": pend["facts"],
                                             "relation": {"with": other, "kind": kind, "direction": direction,
                                                          "mutual": mutual}})
            if error:
                self.pending_villager = pend  # refused: the plate waits for another try
            self.refresh_controls()

        self.choose("Which relationship?", options, chosen)

    def start_link_pick(self, seat: int) -> None:
        self.link_seat = seat
        self.link_from = None
        self.message = "Drag from the villager who gets the new fact onto the other villager of its relationship " \
                       "(or click one, then the other)."
        self.dirty = True

    def link_existing(self, seat: int, a: str, b: str) -> None:
        """A plate dragged onto another while building: a fact for ``a`` and a relationship."""
        n = self.names()
        options = [(label.format(a=n.villager(a), b=n.villager(b)), value) for label, value in RELATION_CHOICES]

        def chosen(value) -> None:
            direction, kind, mutual = value

            def send(vals: dict) -> str | None:
                self.link_seat, self.link_from = None, None
                error = self.send(seat, {"type": "add_fact_relation", "villager": a, "fact": vals["fact"],
                                         "relation": {"with": b, "kind": kind, "direction": direction,
                                                      "mutual": mutual}})
                if error:
                    self.link_seat = seat
                self.refresh_controls()
                return error

            self.open_form(Form(f"A new fact about {n.villager(a)}", [
                Field("text", "fact", "The fact", "", placeholder="something the village knows")], send, ok="Add",
                name="fact"))

        self.choose(f"{n.villager(a)} and {n.villager(b)}:", options, chosen)

    def prompt_choose_villager(self, seat: int) -> None:
        opts = [(self.names().villager(c["villager"]), c["villager"]) for c in self.moves_of(seat)
                if c.get("type") == "choose_villager"]
        self.choose(f"{self.source.players[seat]} plays…", opts,
                    lambda vid: self.send(seat, {"type": "choose_villager", "villager": vid}))

    def form_ledger(self, seat: int) -> None:
        n = self.names()
        mine = n.villager_of(seat)
        npcs = self.villager_options(lambda v: v.get("controlled_by") is None and v["status"] == "alive")
        others = self.villager_options(lambda v: v["id"] != mine and v["status"] != "executed")
        fields = [
            Field("text", "secret", f"Your secret (it would ruin {n.villager(mine)})", ""),
            Field("choice", "holder", "You envy something of", npcs[0][1] if npcs else None, npcs),
            Field("text", "thing", "What you envy", "", placeholder="e.g. her orchard by the river"),
            Field("choice", "person", "It is", None, [("a thing (an object)", None)] + [
                (f"a person: {lab}", val) for lab, val in others]),
            Field("choice", "target", "Your vendetta is against", others[0][1] if others else None, others),
            Field("text", "reason", "Why you hate them", "", placeholder="e.g. he cheated my father"),
        ]

        def send(vals: dict) -> str | None:
            return self.send(seat, {"type": "submit_ledger", "secret": vals["secret"],
                                    "envy": {"holder": vals["holder"], "thing": vals["thing"],
                                             "thing_villager": vals["person"]},
                                    "vendetta": {"target": vals["target"], "reason": vals["reason"]}})

        self.open_form(Form("Your private ledger", fields, send, ok="Hand it to the Prévôt",
                            note="Only you and the Prévôt will see this.", name="ledger"))

    def prompt_companion(self, seat: int) -> None:
        opts = [(self.names().villager(c["villager"]), c["villager"]) for c in self.legal_cmds
                if c.get("type") == "choose_companion"]
        you = self.view.get("you") or {}
        title = "Your secret companion (the Prévôt voices it)"
        if you.get("prompt") == "choose_again":
            title = "Taken — choose again: your secret companion"
        elif you.get("companion_choice"):
            title = "Confirm your companion (someone else must choose again)"
        self.choose(title, opts, lambda vid: self.send(seat, {"type": "choose_companion", "villager": vid}))

    # ---------------------------------------------------------------- declaring ----
    def prompt_declare(self, seat: int, target: str | None = None) -> None:
        kinds = []
        for c in self.legal_cmds:
            if c.get("type") == "declare_conflict" and c["kind"] not in kinds:
                if target is None or c.get("target") == target or c["kind"] == "relationship_change":
                    kinds.append(c["kind"])
        self.choose("Declare a conflict", [(KIND_TITLES[k], k) for k in kinds],
                    lambda kind: self.form_declare(seat, kind, target))

    def form_declare(self, seat: int, kind: str, target: str | None = None) -> None:
        n = self.names()
        legal = [c for c in self.legal_cmds if c.get("type") == "declare_conflict" and c["kind"] == kind]
        living = self.villager_options(lambda v: v["status"] == "alive")
        fields: list[Field] = []
        if kind in ("accusation", "bolster", "reveal_secret"):
            targets = []
            for c in legal:
                if c["target"] not in [t for _l, t in targets]:
                    targets.append((n.villager(c["target"]), c["target"]))
            fields.append(Field("choice", "target", "Target", target if target in [t for _l, t in targets]
                                else (targets[0][1] if targets else None), targets))
            if kind == "reveal_secret":
                fields.append(Field("text", "claimed", "The secret you reveal", ""))
        elif kind == "relationship_change":
            fields += [Field("choice", "from", "Whose view", target or (living[0][1] if living else None), living),
                       Field("choice", "to", "of whom", living[1][1] if len(living) > 1 else None, living),
                       Field("choice", "new", "should become", "enemy",
                             [("enemy", "enemy"), ("ally", "ally"), ("no view at all", "none")]),
                       Field("check", "both", "Both directions of a mutual relationship", False)]
        elif kind == "facts_change":
            facts = self.view.get("facts") or {}
            fact_opts = [(f"{fid}: {f['text'][:50]}", fid) for fid, f in facts.items() if f["status"] == "active"]
            subjects = [("the general ledger", None)] + living
            for i in range(3):
                fields += [Field("choice", f"op{i}", f"Change {i + 1}", "add" if i == 0 else "",
                                 [("nothing", ""), ("add a fact", "add"), ("modify a fact", "modify"),
                                  ("remove a fact", "remove")]),
                           Field("choice", f"subject{i}", "  about (for add)", target, subjects),
                           Field("choice", f"fact{i}", "  which fact (modify/remove)", fact_opts[0][1] if fact_opts
                                 else None, fact_opts),
                           Field("text", f"text{i}", "  the new words (add/modify)", "")]

        def send(vals: dict) -> str | None:
            cmd: dict[str, Any] = {"type": "declare_conflict", "kind": kind}
            if kind in ("accusation", "bolster", "reveal_secret"):
                cmd["target"] = vals["target"]
                if kind == "reveal_secret":
                    cmd["claimed_text"] = vals["claimed"]
            elif kind == "relationship_change":
                cmd["relationship"] = {"from": vals["from"], "to": vals["to"], "new": vals["new"],
                                       "both_directions": bool(vals["both"])}
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
            return self.send(seat, cmd)

        self.open_form(Form(KIND_TITLES[kind], fields, send, ok="Declare", name="declare",
                            note="Say aloud how your villager goes about it."))

    def prompt_confirm(self, seat: int) -> None:
        c = self.view.get("conflict") or {}
        screen = self.view.get("prevot_screen") or {}
        claimed = screen.get("claimed_text") or "?"
        owner = self.names().owner_of(c.get("target"))
        truth = next((led.get("secret") or {} for led in screen.get("ledgers") or [] if led["player"] == owner), {})
        self.choose(f"Claimed: “{claimed}”.  The ledger says: “{truth.get('text', '?')}”.",
                    [("Accept: the secret is out", True), ("Reject: a wrong guess (declare again)", False)],
                    lambda ok: self.send(seat, {"type": "confirm_secret", "accept": ok}))

    # ------------------------------------------------------------------- scenes ----
    def start_frame(self, seat: int) -> None:
        c = self.view.get("conflict") or {}
        picked = [c.get("actor_villager")]
        if c.get("target") and c["target"] != c.get("actor_villager"):
            picked.append(c["target"])
        self.picked_plates = [p for p in picked if p]
        self.frame_seat = seat
        self.frame_location = self.frame_location or "The village square"
        self.message = ("Click plates to bring villagers into the scene (their players are bidden), "
                        "click a place for the location, then Frame.")
        self.buttons = self.make_buttons()
        self.dirty = True

    def frame_now(self) -> None:
        seat = self.frame_seat
        if seat is None:
            return
        error = self.send(seat, {"type": "frame_scene", "location": self.frame_location,
                                 "present": list(self.picked_plates)})
        if not error:
            self.frame_seat = None
            self.picked_plates = []

    def prompt_location(self) -> None:
        places = sorted(self.place_rects())

        def chosen(name: str) -> None:
            if name == "":
                self.open_form(Form("Where does the scene take place?", [
                    Field("text", "where", "The place", "", max_len=80, lines=1)],
                    lambda vals: self._set_location(vals["where"]), ok="Use it", name="location"))
                return
            self._set_location(name)

        self.choose("Where?", [(p, p) for p in places] + [("Somewhere else…", "")], chosen)

    def _set_location(self, name: str) -> str | None:
        if not name.strip():
            return "Name the place."
        self.frame_location = name.strip()
        self.buttons = self.make_buttons()
        self.message = self.status_message()
        self.dirty = True
        return None

    def prompt_cite(self) -> None:
        """Cite a fact by choosing it, its side and — at a shared screen — who cites it."""
        n = self.names()
        moves = [c for _s, c in self.seat_moves("cite_fact")]
        facts: list[tuple[str, str]] = []
        for c in moves:
            if c["fact"] not in [f for _l, f in facts]:
                facts.append((n.fact(c["fact"])[:80], c["fact"]))

        def side_for(fid: str) -> None:
            sides = [s for s in ("for", "against") if {"type": "cite_fact", "fact": fid, "side": s} in moves]
            self.choose(f"Cite “{n.fact(fid)[:60]}” for which side?",
                        [("For the action" if s == "for" else "Against it", s) for s in sides],
                        lambda side: self.drop_fact(fid, side))

        self.choose("Cite which fact?", facts, side_for)

    def prompt_present(self, seat: int) -> None:
        """The Prévôt moves NPCs in or out and sets their sides."""
        n = self.names()
        c = self.view.get("conflict") or {}
        opts = []
        for cmd in self.moves_of(seat):
            if cmd.get("type") == "set_present":
                if cmd["add"]:
                    opts.append((f"Bring in {n.villager(cmd['add'][0])}", cmd))
                else:
                    opts.append((f"Send away {n.villager(cmd['remove'][0])}", cmd))
            elif cmd.get("type") == "assign_side":
                opts.append((f"{n.villager(cmd['villager'])} sides {cmd['side']}", cmd))
        if not c:
            return
        self.choose("Who is present, and for whom?", opts, lambda cmd: self.send(seat, cmd))

    def drop_fact(self, fid: str, side: str) -> None:
        """Cite ``fid`` for ``side`` (a fact dropped on a column, or chosen): any seat may
        cite and the table records who did (docs/rules/malleus.md §3.4). On a seat's own
        screen that seat cites; at a shared screen the table asks who, when several may."""
        seats = [s for s, cmd in self.seat_moves("cite_fact") if cmd["fact"] == fid and cmd["side"] == side]
        if not seats:
            self.toast("That fact cannot be cited for that side now.")
            return
        command = {"type": "cite_fact", "fact": fid, "side": side}
        if self.me() is not None or len(seats) == 1:
            self.send(seats[0], command)
            return
        n = self.names()
        self.choose(f"Who cites “{n.fact(fid)[:60]}” {'for' if side == 'for' else 'against'} the action?",
                    [(n.short_seat(s), s) for s in seats], lambda seat: self.send(seat, command))

    # ------------------------------------------------------------ secret actions ----
    def form_secret_action(self, seat: int) -> None:
        n = self.names()
        legal = [c for c in self.legal_cmds if c.get("type") == "secret_action"]
        you = self.view.get("you") or {}
        fields = [Field("text", "text", "Your secret action: what your villager does in secret", "", lines=3,
                        placeholder=f"{NO_SECRET} (leave it empty) — or e.g. I slip a dead toad into the well")]
        card_opts: dict[str, list[tuple[str, Any]]] = {}
        for c in legal:
            for play in c.get("cards") or []:
                label = self.describe_play(play)
                card_opts.setdefault(play["card"], [("keep it", None)]).append((label, play))
        for card, opts in card_opts.items():
            fields.append(Field("choice", f"card_{card}", card_name(self.card_type(card)), None, opts))
        if any("companion_order" in c for c in legal):
            fields.append(Field("text", "order", f"An order to your companion {n.villager(you.get('companion'))}", "",
                                placeholder="leave empty for none"))
        for p in self.view.get("players") or []:
            if p["seat"] != seat:
                fields.append(Field("text", f"note_{p['seat']}", f"A note to {p['name']}", "",
                                    placeholder="leave empty for none"))
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
                title = {"new_envy": "A new envy (required)", "new_vendetta": "A new vendetta (required)",
                         "new_companion": "A new companion (required)"}[key]
                fields.append(Field("choice", key, title, opts[0][1], opts))
                if key == "new_envy":
                    fields.append(Field("text", "envy_thing", "What you envy now", ""))
                if key == "new_vendetta":
                    fields.append(Field("text", "vendetta_reason", "Why you hate them", ""))

        def send(vals: dict) -> str | None:
            cmd: dict[str, Any] = {"type": "secret_action", "text": vals["text"].strip() or NO_SECRET}
            cards = [vals[k] for k in vals if k.startswith("card_") and vals[k] is not None]
            if cards:
                cmd["cards"] = [self.fill_play(p, vals) for p in cards]
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
            return self.send(seat, cmd)

        self.open_form(Form("Your secret action", fields, send, ok="Hand it to the Prévôt",
                            note="Leave the text empty for “No Secret Action”. Cards played here are secret: "
                                 "only the Prévôt learns they are yours.", name="secret_action"))

    def describe_play(self, play: dict) -> str:
        n = self.names()
        bits = []
        if "target" in play:
            bits.append(n.villager(play["target"]))
        if "player" in play:
            bits.append(n.seat(play["player"]))
        if "relationship" in play:
            rel = next((r for r in self.view.get("relationships") or [] if r["id"] == play["relationship"]), None)
            bits.append(f"{n.villager(rel['from'])}–{n.villager(rel['to'])}" if rel else play["relationship"])
        if "new_envy" in play:
            bits.append("new envy: " + n.villager(play["new_envy"]["holder"]))
        if "new_vendetta" in play:
            bits.append("new vendetta: " + n.villager(play["new_vendetta"]["target"]))
        return "play on " + ", ".join(bits) if bits else "play it"

    @staticmethod
    def fill_play(play: dict, vals: dict) -> dict:
        out = dict(play)
        if out.get("order") == "":
            out["order"] = vals.get("text") or "Do as I say."
        for key, fld in (("new_envy", "thing"), ("new_vendetta", "reason")):
            if key in out and out[key].get(fld) == "":
                out[key] = dict(out[key], **{fld: "(as told to the Prévôt)"})
        return out

    def prompt_card(self, card: str) -> None:
        """A card from the hand, any time (R24): its target, then openly or in secret."""
        plays = self.card_plays().get(card) or []
        seat = self.me()
        options = []
        for p in plays:
            label = self.describe_play(p) + (" — in secret" if p["secret"] else " — openly")
            options.append((label, p))

        def chosen(play: dict) -> None:
            if any(v == "" or (isinstance(v, dict) and "" in v.values()) for v in play.values()):
                self.open_form(Form(card_name(self.card_type(card)), [
                    Field("text", "words", "In a few words (for the ledgers)", "")],
                    lambda vals: self.send(seat, self._fill_any(play, vals["words"])), ok="Play", name="card_text"))
                return
            self.send(seat, play)

        self.choose(f"{card_name(self.card_type(card))}: how?", options, chosen)

    @staticmethod
    def _fill_any(play: dict, words: str) -> dict:
        out = {}
        for k, v in play.items():
            if v == "":
                out[k] = words
            elif isinstance(v, dict):
                out[k] = {kk: (words if vv == "" else vv) for kk, vv in v.items()}
            else:
                out[k] = v
        return out

    # --------------------------------------------------------------- the rest ----
    def form_narrate(self, seat: int) -> None:
        self.open_form(Form("How does it end?", [Field("text", "text", "The loser tells the outcome", "")],
                            lambda vals: self.send(seat, {"type": "narrate", "text": vals["text"]}), ok="Tell",
                            name="narrate"))

    def form_discard(self, seat: int) -> None:
        hand = (self.view.get("you") or {}).get("hand") or []
        fields = [Field("check", f"d_{h['card']}", f"Discard {card_name(h['type'])}" +
                        (" (locked: played in secret)" if h.get("locked") else ""), bool(h.get("locked")))
                  for h in hand]
        if not fields:
            fields = [Field("info", "none", "Your hand is empty.")]

        def send(vals: dict) -> str | None:
            return self.send(seat, {"type": "discard", "cards": [k[2:] for k, v in vals.items()
                                                                 if k.startswith("d_") and v]})

        self.open_form(Form("The end of your turn", fields, send, ok="End my turn", name="discard",
                            note="Discards lie face down. You draw back to two at the next round."))

    def form_npc_conflict(self, seat: int) -> None:
        n = self.names()
        legal = [c for c in self.legal_cmds if c.get("type") == "start_npc_conflict"]
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
                    self.open_form(Form("A new general fact", [Field("text", "text", "The fact", "")],
                                        lambda vals: self.send(seat, dict(c, ops=[{"op": "add", "subject": None,
                                                                                   "text": vals["text"]}])),
                                        ok="Start", name="npc_fact"))
                    return
                self.send(seat, c)

            self.choose(f"What does {n.villager(actor)} do?", opts, go)

        self.choose("Which NPC acts (a companion's or a Blackmail order)?", actors, pick_actor)

    def form_record(self, seat: int) -> None:
        subjects = [("the general ledger", None)] + self.villager_options(lambda v: True)
        self.open_form(Form("What was destroyed", [
            Field("choice", "subject", "A fact about", None, subjects),
            Field("text", "text", "The fact", "")],
            lambda vals: self.send(seat, {"type": "record_fact", "subject": vals["subject"], "text": vals["text"]}),
            ok="Record", name="record"))
