"""Turning "this card on that target" into an H9 command: the choosers (accuser,
pyre placement, the other villager of an answer), the drop hints and the flight of a
played card. Bribes are staged in the tray instead (``bribes``, H8.1)."""
from __future__ import annotations

import pygame

from game.rules.hammer import accusation_value, heat_after
from game.ui.scenes import hammer_text as words
from game.ui.scenes.table_base import Pick, Prompt, Target


class MovesPanel:
    """Drops and clicks to commands. Mixed into
    :class:`~game.ui.scenes.hammer.table.HammerTableScene`."""

    def act(self, card_id: str | None, target: Target, anchor: tuple[int, int]) -> bool:
        """Turn "this card on that target" into an H9 command and send it (see module doc)."""
        if card_id is None:
            return False
        role = words.card_role(card_id, self.view)
        kind, key = target
        if any(b["card"] == card_id for b in self.staged()):
            if kind == "hand":  # taken back out of the tray (H8.1)
                self.unstage(card_id)
                return True
            return False
        if role == "bribe" and kind in ("villager", "tray"):
            return self.ask_bribe(card_id, key if kind == "villager" else None, anchor)
        if self.refilling() and kind in ("discard", "hand"):
            if kind == "discard" and card_id not in self.discard_marks:
                self.discard_marks.append(card_id)
            elif kind == "hand" and card_id in self.discard_marks:
                self.discard_marks.remove(card_id)
            self.buttons = self.make_buttons()
            self.rebuild_sprites(None)
            self.snap_home()
            return True
        if kind == "announced":
            window = self.view.get("window") or {}
            if window.get("kind") == "inquisition" or role == "no_inquisition":
                return self.submit_or_snap({"type": "no_inquisition", "card": card_id})
            if window.get("kind") == "negation" or role == "test":
                return self.submit_or_snap({"type": "negate", "card": card_id})
            options = [c for c in self.legal_of("respond") if c.get("card") == card_id]
            others = [c["other"] for c in options if c.get("other")]
            if others:
                def picked(t: Target, card=card_id) -> None:
                    self.submit_or_snap({"type": "respond", "card": card, "other": t[1]})
                self.pick = Pick(f"{words.card_name(card_id)}: click the villager who takes the heat",
                                 [("villager", o) for o in others], picked, self.snap_home)
                self.message = self.pick.title + "  (Tab + Enter, Esc cancels)"
                return True
            return self.submit_or_snap({"type": "respond", "card": card_id})
        if kind != "villager":
            self.toast(f"Drop {words.card_name(card_id)} on a villager"
                       + (" or on the announced card." if self.view.get("window") else "."), error=True)
            return False
        vid = key
        if role == "brown":
            options = [c for c in self.legal_of("accuse") if c.get("card") == card_id and c.get("target") == vid]
            accusers = []
            for c in options:
                if c.get("accuser") not in accusers:
                    accusers.append(c["accuser"])
            if len(accusers) <= 1:
                accuser = accusers[0] if accusers else self.default_accuser()
                return self.submit_or_snap({"type": "accuse", "card": card_id, "accuser": accuser, "target": vid})
            accusers.sort(key=lambda a: -(self.villager(a).get("heat") or 0))  # hottest first = default (H3)
            labels = [(self.accuser_label(card_id, a, vid), a) for a in accusers]

            def chosen(accuser: str, card=card_id, vid=vid) -> None:
                self.submit_or_snap({"type": "accuse", "card": card, "accuser": accuser, "target": vid})

            verb = "speaks for" if words.speaks_for(words.kind_of(card_id, self.view)) else "accuses"
            self.prompt = Prompt(f"Who {verb} {words.villager_name(vid)} with {words.card_name(card_id)}?",
                                 labels, chosen, self.snap_home, default=0, anchor=anchor)
            return True
        if role == "advocate":
            return self.submit_or_snap({"type": "advocate", "card": card_id, "target": vid})
        if role == "test":
            command: dict = {"type": "test", "card": card_id}
            witch_options = [c.get("witch") for c in self.legal_of("test") if c.get("card") == card_id and c.get("witch")]
            if witch_options:
                command["witch"] = vid
            return self.submit_or_snap(command)
        if role == "response":
            # dropped on a villager: that villager is the "other" of an Accomplice / Mix-up;
            # whether the answer is allowed at all is the engine's call (its message shows)
            command = {"type": "respond", "card": card_id}
            if words.kind_of(card_id, self.view) in ("accomplice", "mixup"):
                command["other"] = vid
            return self.submit_or_snap(command)
        if role == "no_inquisition":
            return self.submit_or_snap({"type": "no_inquisition", "card": card_id})
        return self.submit_or_snap({"type": "accuse", "card": card_id, "accuser": self.default_accuser(), "target": vid})

    def heat_preview(self, vid: str, amount: int) -> str:
        """``Widow 6 → 9``: the villager as the table names it, its heat now and after
        ``amount`` more (kept on its pyre's track by the rules' own ``heat_after``)."""
        v = self.villager(vid)
        heat, start = v.get("heat"), v.get("start")
        name = words.villager_name(vid)
        if not isinstance(heat, int) or not isinstance(start, int):
            return f"{name} {words.signed(amount)}"
        return f"{name} {heat} → {heat_after(start, heat, amount)}"

    def accuser_label(self, card_id: str, accuser: str, target: str) -> str:
        """One row of the accuser chooser (issue 9 item 6), in the table's names, with what
        the choice does: ``Karl (heat 7): Widow 6 → 9``. The value is the rules' own
        ``accusation_value`` (H3 modifiers), not worked out here."""
        heat = self.villager(accuser).get("heat")
        return (f"{words.villager_name(accuser)} (heat {heat}): "
                f"{self.heat_preview(target, accusation_value(card_id, accuser, target))}")

    def on_table_click(self, pos: tuple[int, int]) -> None:
        """A click on a villager with no card picked: settles a tie if one is asked for.
        A click on "? help" opens the help overlay."""
        if self.help_rect is not None and self.help_rect.collidepoint(pos):
            self.help_open = True
            return
        target = self.target_at(pos)
        if target is None or target[0] != "villager":
            return
        if any(c.get("villager") == target[1] for c in self.legal_of("choose_witch")):
            self.pick = None
            self.submit({"type": "choose_witch", "villager": target[1]})

    def drop_hint(self, card_id: str | None, target: Target) -> str:
        kind, key = target
        if not card_id:
            return ""
        role = words.card_role(card_id, self.view)
        if kind == "discard":
            return "Discard at the refill"
        if kind == "hand":
            return "Take back" if any(b["card"] == card_id for b in self.staged()) else "Keep"
        if kind == "tray":
            return "Seal face down"
        if kind == "announced":
            return f"Answer with {words.card_name(card_id)}"
        if kind != "villager":
            return ""
        name = words.villager_name(key)
        return {"brown": f"Accuse {name}", "bribe": f"Seal a bribe on {name}",
                "advocate": f"Advocate for {name}", "test": f"Test: {name} is the witch"}.get(role, "")

    def default_accuser(self) -> str | None:
        """Your hottest villager that may accuse (H3: Berta never), for commands the engine will judge."""
        seat = self.view.get("seat")
        mine = [v for v in self.villagers() if v.get("owner") == seat and v.get("status") == "alive"
                and v.get("can_accuse", v.get("id") != "berta")]
        if not mine:
            return None
        return max(mine, key=lambda v: v.get("heat") or 0)["id"]

    def submit_or_snap(self, command: dict) -> bool:
        card = command.get("card")
        sprite = self.sprite_for(card) if card else None
        start = sprite.rect.topleft if sprite is not None else None
        if card and start is not None:
            self._flown.add(card)  # this seat's own card flies from where it was dropped
        if self.submit(command):
            if card and start is not None and card not in self.my_hand():
                self._fly_played(card, start, command.get("target") or command.get("witch"))
            return True
        self._flown.discard(card)
        self.snap_home()
        return False

    def _fly_played(self, card: str, start: tuple[int, int], target: str | None = None) -> None:
        """The played card flies to its villager (bribe, advocate, test), then to the
        discard pile; a card that opened a window flies to the banner's card slot."""
        image = self.art.face(self.game, card, self.card_size())
        dest = self.announced_rect if (self.view.get("window") or {}).get("card") == card else None
        if dest is not None:
            self.fly(image, start, dest.topleft)
        else:
            disc = pygame.Rect(self.rects["discard"])
            row = self.vrects.get(target) if target else None
            if row is not None:
                via = (row.centerx - image.get_width() // 2, row.centery - image.get_height() // 2)
                self.fly(image, start, via, 0.22)
                self.fly(image, via, disc.topleft, 0.25, delay=0.22)
            else:
                self.fly(image, start, disc.topleft)

    def open_place_prompt(self) -> None:
        options = self.legal_of("place_pyres")
        if not options:
            return
        starts = {p.get("id"): p.get("start") for p in self.player(self.view.get("seat")).get("pyres") or []}
        labels, seen = [], set()
        for c in options:
            assign = c.get("assign") or {}
            heats = {vid: starts.get(pid) or words.pyre_start(pid) or pid for vid, pid in assign.items()}
            # H1.2: a pyre is nothing but its start value, so two pyres that start alike are
            # interchangeable; placements that differ only in which of them a villager gets
            # are one choice (the first such command is sent)
            key = tuple(sorted((vid, str(h)) for vid, h in heats.items()))
            if key in seen:
                continue
            seen.add(key)
            labels.append((", ".join(f"{words.villager_name(vid)} on {h}" for vid, h in heats.items()), c))
        banner = pygame.Rect(self.rects["banner"])
        # the chooser keeps clear of the placing seat's own panel: its villagers, their
        # heat and strength and its pyres are what the choice is about
        own = self.seat_zone(self.view.get("seat")) if isinstance(self.view.get("seat"), int) else None
        self.prompt = Prompt("Place your villagers (number = the pyre's start heat)", labels,
                             lambda c: self.submit(c), None, anchor=banner.center,
                             avoid=pygame.Rect(own) if own is not None else None)
