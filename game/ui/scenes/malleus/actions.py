"""Who acts at the Malleus table and what is on offer now. Nothing here decides legality:
the actions come from the legal commands of the seats this screen may act for, and every
command is sent to the engine, whose refusal is shown.

Who acts: the seat behind the screen (``source.screen_seat``; a LAN client's own seat).
At a hot-seat story table (a :class:`~game.ui.scenes.malleus.session.StorySession`) the screen is
usually public and any human seat's *public* moves are offered with the seat's name on the
button (``public_legal`` / ``submit_as``); private input (ledger, companion, declaration,
secret action, discard, a card play, the Prévôt's screen) goes through the curtain.

The forms and choosers behind the actions are the table's flows (``flows.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ui.scenes.malleus.common import Names, card_name
from game.ui.scenes.table_base import Prompt


class ActionsPanel:
    """The seats this screen acts for and the actions on offer (owned by the table)."""

    def __init__(self, table) -> None:
        self.table = table
        self._names: tuple | None = None
        self._moves: tuple | None = None  # (what it was read from, moves by kind)

    # ---------------------------------------------------------------- who acts ----
    def names(self) -> Names:
        key = (self.table.view.get("state_id"), self.table.view.get("seat"))
        cached = self._names
        if cached is None or cached[0] != key:
            cached = (key, Names(self.table.view, list(self.table.source.players)))
            self._names = cached
        return cached[1]

    def me(self) -> int | None:
        return self.table.source.screen_seat

    def hotseat(self) -> bool:
        return hasattr(self.table.source, "submit_as")

    def moves_of(self, seat: int) -> list[dict]:
        if seat == self.me():
            return self.table.legal_cmds
        if self.hotseat() and self.me() is None:
            try:
                return list(self.table.source.public_legal(seat))
            except Exception:
                return []
        return []

    def acting_seats(self) -> list[int]:
        """Seats this screen may make moves for now."""
        me = self.me()
        if me is not None:
            return [me]
        if self.hotseat():
            return [s for s in range(len(self.table.source.players)) if self.table.source.is_human(s)]
        return []

    def moves_by_kind(self) -> dict[str, list[tuple[int, dict]]]:
        """Every move of the seats this screen acts for, by kind, in seat order: read once
        per position (a story's legal list runs to hundreds of citations, and the bar asks
        for some thirty kinds)."""
        t = self.table
        stamp = (t.legal_cmds, t.source.revision, t.source.screen_seat, t.view.get("state_id"))
        cached = self._moves
        if cached is not None and cached[0][0] is stamp[0] and cached[0][1:] == stamp[1:]:
            return cached[1]
        out: dict[str, list[tuple[int, dict]]] = {}
        for seat in self.acting_seats():
            for c in self.moves_of(seat):
                out.setdefault(c.get("type"), []).append((seat, c))
        self._moves = (stamp, out)
        return out

    def seat_moves(self, kind: str) -> list[tuple[int, dict]]:
        return list(self.moves_by_kind().get(kind, ()))

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
                error = self.table.source.submit(command)
            elif self.hotseat():
                error = self.table.source.submit_as(seat, command)
            else:
                error = "You can only act for your own seat."
        except Exception as exc:  # the source must never crash the table
            error = f"That did not work: {exc}"
        if error:
            self.table.toast(str(error))
            return str(error)
        self.table.sync()
        return None

    def who(self, seat: int) -> str:
        """A button's seat prefix at a shared screen ("" when the screen is one seat's)."""
        if self.me() is not None:
            return ""
        return ("Prévôt" if seat == 0 else self.table.source.players[seat]) + ": "

    # ---------------------------------------------------------------- buttons ----
    def action_list(self) -> list[tuple[str, Callable[[], Any], str, str]]:
        """(label, action, name, style) of every action on offer now."""
        v = self.table.view
        out: list[tuple[str, Callable[[], Any], str, str]] = []
        n = self.names()
        phase, step = v.get("phase"), v.get("step")

        def add(label: str, fn: Callable[[], Any], name: str, style: str = "normal") -> None:
            out.append((label, fn, name, style))

        for seat in self.can("set_trigger"):
            add(
                self.who(seat) + "Record the trigger…",
                lambda s=seat: self.table.flows.form_trigger(s),
                "trigger",
                "primary",
            )
        for seat, _c in self.seat_moves("add_villager"):
            if phase == "first_villager":
                add(
                    self.who(seat) + "Add the first villager…",
                    lambda s=seat: self.table.flows.form_villager(s, None),
                    "first_villager",
                    "primary",
                )
                break
        if phase == "building":
            for seat in self.can("add_villager"):
                add(
                    self.who(seat) + "New villager…",
                    lambda s=seat: self.table.flows.form_villager(s, "link"),
                    "new_villager",
                    "primary",
                )
            for seat in self.can("add_fact_relation"):
                add(
                    self.who(seat) + "Fact + relationship…",
                    lambda s=seat: self.table.flows.start_link_pick(s),
                    "fact_relation",
                )
            for seat in self.can("pass"):
                add(self.who(seat) + "Pass", lambda s=seat: self.send(s, {"type": "pass"}), "pass")
        for seat in self.can("choose_villager"):
            add(
                self.who(seat) + "Choose my villager…",
                lambda s=seat: self.table.flows.prompt_choose_villager(s),
                "choose",
                "primary",
            )
        for seat in self.can("submit_ledger"):
            add("Write my ledger…", lambda s=seat: self.table.flows.form_ledger(s), "ledger", "primary")
        for seat in self.can("choose_companion"):
            add("Choose my companion…", lambda s=seat: self.table.flows.prompt_companion(s), "companion", "primary")
        for seat in self.can("declare_conflict"):
            add("Declare a conflict…", lambda s=seat: self.table.flows.prompt_declare(s), "declare", "primary")
        for seat in self.can("confirm_secret"):
            add("Judge the claimed secret…", lambda s=seat: self.table.flows.prompt_confirm(s), "confirm", "primary")
        for seat in self.can("frame_scene"):
            add(self.who(seat) + "Frame the scene…", lambda s=seat: self.table.flows.start_frame(s), "frame", "primary")
        for seat in self.can("begin_resolution"):
            add(
                self.who(seat) + "Begin the resolution",
                lambda s=seat: self.send(s, {"type": "begin_resolution"}),
                "begin_resolution",
                "primary",
            )
        for seat in self.can("secret_action"):
            add(
                "My secret action…",
                lambda s=seat: self.table.secret_flow.form_secret_action(s),
                "secret_action",
                "primary",
            )
        queue = {q["card"]: q for q in (v.get("prevot_screen") or {}).get("queue") or []}
        kinds = [q.get("type") for q in queue.values()]

        def card_words(card: Any) -> str:
            """A waiting card's name, and whose it is where two waiting cards are alike
            (the Prévôt's screen lists whose each one is)."""
            q = queue.get(card, {})
            whose = f" ({n.short_seat(q.get('player'))})" if kinds.count(q.get("type")) > 1 else ""
            return card_name(q.get("type")) + whose

        for seat, c in self.seat_moves("apply_card"):
            add(
                f"Apply {card_words(c['card'])}",
                lambda s=seat, c=c: self.send(s, c),
                f"apply_{c['card']}",
                "primary",
            )
        applicable = {c["card"] for _s, c in self.seat_moves("apply_card")}
        for seat, c in self.seat_moves("void_card"):
            # a card that cannot be applied now (the panel says why) goes on only by a
            # Void: then Void is the step forward, not a side button beside More…
            style = "normal" if c["card"] in applicable else "primary"
            add(f"Void {card_words(c['card'])}", lambda s=seat, c=c: self.send(s, c), f"void_{c['card']}", style)
        if self.can("close_secret_actions"):
            s = self.can("close_secret_actions")[0]
            add(
                "Close the secret actions",
                lambda s=s: self.send(s, {"type": "close_secret_actions"}),
                "close_secret",
                "primary",
            )
        for seat in self.can("roll"):
            label = "Roll 3d6 for the actor" if step == "roll" else "Roll 3d6 against"
            add(self.who(seat) + label, lambda s=seat: self.send(s, {"type": "roll"}), "roll", "primary")
        for seat in self.can("lock_sides"):
            add(
                self.who(seat) + "Lock the sides",
                lambda s=seat: self.send(s, {"type": "lock_sides"}),
                "lock_sides",
                "primary",
            )
        for seat in self.can("close_window"):
            add(
                self.who(seat) + "Close the aftermath window",
                lambda s=seat: self.send(s, {"type": "close_window"}),
                "close_window",
                "primary",
            )
        for seat in self.can("narrate"):
            add(self.who(seat) + "Narrate the outcome…", lambda s=seat: self.table.flows.form_narrate(s), "narrate")
        for seat in self.can("end_turn"):
            add(
                self.who(seat) + "End the turn",
                lambda s=seat: self.send(s, {"type": "end_turn"}),
                "end_turn",
                "primary",
            )
        for seat in self.can("discard"):
            add("End my turn (discard)…", lambda s=seat: self.table.flows.form_discard(s), "discard", "primary")
        for seat in self.can("start_npc_conflict"):
            add("Start an NPC conflict…", lambda s=seat: self.table.flows.form_npc_conflict(s), "npc_conflict")
        for seat in self.can("end_secret_phase"):
            add(
                "End the secret action phase",
                lambda s=seat: self.send(s, {"type": "end_secret_phase"}),
                "end_secret_phase",
                "primary",
            )
        for seat in self.can("record_fact"):
            add("Record what was destroyed…", lambda s=seat: self.table.flows.form_record(s), "record")
        # scene interjections
        for seat in self.can("join_scene"):
            if seat != 0:
                add(
                    self.who(seat) + "Join the scene",
                    lambda s=seat: self.send(s, {"type": "join_scene"}),
                    f"join_{seat}",
                )
        for seat in self.can("take_side"):
            add(
                self.who(seat) + "For", lambda s=seat: self.send(s, {"type": "take_side", "side": "for"}), f"for_{seat}"
            )
            add(
                self.who(seat) + "Against",
                lambda s=seat: self.send(s, {"type": "take_side", "side": "against"}),
                f"against_{seat}",
            )
        for seat, c in self.seat_moves("approve_fact"):
            f = n.fact(c["fact"])
            add(
                f"Count “{f[:28]}” {c['side']}", lambda s=seat, c=c: self.send(s, c), f"approve_{c['fact']}_{c['side']}"
            )
        for seat, c in self.seat_moves("reject_fact"):
            add(
                f"Reject “{n.fact(c['fact'])[:20]}”",
                lambda s=seat, c=c: self.send(s, c),
                f"reject_{c['fact']}_{c['side']}",
            )
        if self.can("cite_fact"):
            add("Cite a fact…", self.table.flows.prompt_cite, "cite")
        if self.can("assign_side") or self.can("set_present"):
            s = (self.can("assign_side") or self.can("set_present"))[0]
            add("Who is present…", lambda s=s: self.table.flows.prompt_present(s), "present")
        # private screens at a shared table
        if self.hotseat() and self.me() is None and phase == "round":
            add("Play a card / my ledger…", self.prompt_private_seat, "private")
        if self.me() is not None and getattr(self.table.source, "asked", None) == self.me():
            add("Back to the table", self.release_private, "release", "primary")
        if self.me() is not None and self.me() != 0 and phase == "round":
            for card in self.card_plays():
                add(
                    f"Play {card_name(self.card_type(card))}…",
                    lambda c=card: self.table.card_flow.prompt_card(c),
                    f"play_{card}",
                )
        return out

    # ----------------------------------------------------------------- helpers ----
    def card_type(self, card: str) -> str:
        for h in (self.table.view.get("you") or {}).get("hand") or []:
            if h["card"] == card:
                return h["type"]
        return card

    def card_plays(self) -> dict[str, list[dict]]:
        out: dict[str, list[dict]] = {}
        for c in self.table.legal_cmds:
            if c.get("type") == "play_card":
                out.setdefault(c["card"], []).append(c)
        return out

    def villager_options(self, pred: Callable[[dict], bool] = lambda v: True) -> list[tuple[str, Any]]:
        return [
            (v["name"] + (f" ({v['standing']})"), v["id"]) for v in self.table.view.get("villagers") or [] if pred(v)
        ]

    def choose(self, title: str, options: list[tuple[str, Any]], then: Callable[[Any], Any]) -> None:
        """A chooser over the village map; a long list goes a page at a time (the shared
        chooser's paging, table/prompts.py)."""
        if not options:
            self.table.toast("There is nothing to choose from now.")
            return
        self.table.prompt = Prompt(title, list(options), then, None, anchor=self.table.village.map_rect().center)
        self.table.dirty = True

    def release_private(self) -> None:
        fn = getattr(self.table.source, "release", None)
        if fn is not None:
            fn()
        self.table.sync(force=True)

    def prompt_private_seat(self) -> None:
        seats = [s for s in range(len(self.table.source.players)) if self.table.source.is_human(s)]

        def go(seat: int) -> None:
            problem = self.table.source.request_private(seat)
            if problem:
                self.table.toast(problem)
            self.table.sync(force=True)

        self.choose(
            "Whose private screen? (the others look away)",
            [
                ("The Prévôt's screen" if s == 0 else f"{self.table.source.players[s]}: cards and ledger", s)
                for s in seats
            ],
            go,
        )
