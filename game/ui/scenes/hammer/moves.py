"""Turning "this card on that target" into a command (docs/rules/hammer.md §11): the
choosers (accuser, pyre placement, the other villager of an answer), the drop hints and
the flight of a played card. Bribes are staged in the tray instead (``bribes``, §8.2)."""

from __future__ import annotations

import pygame

from game.rules.hammer import accusation_value, heat_after
from game.ui.scenes import hammer_text as words
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import Pick, Prompt, Target


class Moves(Panel):
    """Drops, clicks and keys to commands (the table's ``act``, ``on_table_click``,
    ``drop_hint``): the choosers they open and the flight of a played card. ``flown``:
    this seat's own cards just played, which fly from where they were dropped (not from
    the seat, as other seats' cards do)."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.flown: set[str] = set()

    def act(self, card_id: str | None, target: Target, anchor: tuple[int, int]) -> bool:
        """Turn "this card on that target" into a command and send it (see module doc)."""
        t = self.table
        if card_id is None:
            return False
        role = words.card_role(card_id, t.view)
        kind, key = target
        if any(b["card"] == card_id for b in t.staged()):
            if kind == "hand":  # taken back out of the tray (§8.2)
                t.unstage(card_id)
                return True
            return False
        if role == "bribe" and kind in ("villager", "tray"):
            return t.ask_bribe(card_id, key if kind == "villager" else None, anchor)
        if t.refilling() and kind in ("discard", "hand"):
            if kind == "discard" and card_id not in t.discard_marks:
                t.discard_marks.append(card_id)
            elif kind == "hand" and card_id in t.discard_marks:
                t.discard_marks.remove(card_id)
            t.buttons = t.make_buttons()
            t.rebuild_sprites(None)
            t.snap_home()
            return True
        if kind == "announced":
            window = t.view.get("window") or {}
            if window.get("kind") == "inquisition" or role == "no_inquisition":
                return self.submit_or_snap({"type": "no_inquisition", "card": card_id})
            if window.get("kind") == "negation" or role == "test":
                return self.submit_or_snap({"type": "negate", "card": card_id})
            options = [c for c in t.legal_of("respond") if c.get("card") == card_id]
            others = [c["other"] for c in options if c.get("other")]
            if others:

                def picked(target: Target, card=card_id) -> None:
                    self.submit_or_snap({"type": "respond", "card": card, "other": target[1]})

                t.pick = Pick(
                    f"{words.card_name(card_id)}: click the villager who takes the heat",
                    [("villager", o) for o in others],
                    picked,
                    t.snap_home,
                )
                t.message = t.pick.title + " (Tab + Enter, Esc cancels)"
                return True
            return self.submit_or_snap({"type": "respond", "card": card_id})
        if kind != "villager":
            t.toast(
                f"Drop {words.card_name(card_id)} on a villager"
                + (" or on the announced card." if t.view.get("window") else "."),
                error=True,
            )
            return False
        vid = key
        if role == "brown":
            options = [c for c in t.legal_of("accuse") if c.get("card") == card_id and c.get("target") == vid]
            accusers = []
            for c in options:
                if c.get("accuser") not in accusers:
                    accusers.append(c["accuser"])
            if len(accusers) <= 1:
                accuser = accusers[0] if accusers else self.default_accuser()
                return self.submit_or_snap({"type": "accuse", "card": card_id, "accuser": accuser, "target": vid})
            accusers.sort(key=lambda a: -(t.villager(a).get("heat") or 0))  # hottest first = default (§3)
            labels = [(self.accuser_label(card_id, a, vid), a) for a in accusers]

            def chosen(accuser: str, card=card_id, vid=vid) -> None:
                self.submit_or_snap({"type": "accuse", "card": card, "accuser": accuser, "target": vid})

            verb = "speaks for" if words.speaks_for(words.kind_of(card_id, t.view)) else "accuses"
            t.prompt = Prompt(
                f"Who {verb} {words.villager_name(vid)} with {words.card_name(card_id)}?",
                labels,
                chosen,
                t.snap_home,
                default=0,
                anchor=anchor,
            )
            return True
        if role == "advocate":
            return self.submit_or_snap({"type": "advocate", "card": card_id, "target": vid})
        if role == "test":
            command: dict = {"type": "test", "card": card_id}
            witch_options = [c.get("witch") for c in t.legal_of("test") if c.get("card") == card_id and c.get("witch")]
            if witch_options:
                command["witch"] = vid
            return self.submit_or_snap(command)
        if role == "response":
            # dropped on a villager: that villager is the "other" of an Accomplice / Mix-up;
            # whether the answer is allowed at all is the engine's call (its message shows)
            command = {"type": "respond", "card": card_id}
            if words.kind_of(card_id, t.view) in ("accomplice", "mixup"):
                command["other"] = vid
            return self.submit_or_snap(command)
        if role == "no_inquisition":
            return self.submit_or_snap({"type": "no_inquisition", "card": card_id})
        return self.submit_or_snap(
            {"type": "accuse", "card": card_id, "accuser": self.default_accuser(), "target": vid}
        )

    def heat_preview(self, vid: str, amount: int) -> str:
        """``Widow 6 → 9``: the villager as the table names it, its heat now and after
        ``amount`` more (kept on its pyre's track by the rules' own ``heat_after``)."""
        t = self.table
        v = t.villager(vid)
        heat, start = v.get("heat"), v.get("start")
        name = words.villager_name(vid)
        if not isinstance(heat, int) or not isinstance(start, int):
            return f"{name} {words.signed(amount)}"
        return f"{name} {heat} → {heat_after(start, heat, amount)}"

    def accuser_label(self, card_id: str, accuser: str, target: str) -> str:
        """One row of the accuser chooser, in the table's names, with what the choice
        does: ``Karl (heat 7): Widow 6 → 9``. The value is the rules' own
        ``accusation_value`` (the §3 modifiers), not worked out here."""
        t = self.table
        heat = t.villager(accuser).get("heat")
        return (
            f"{words.villager_name(accuser)} (heat {heat}): "
            f"{self.heat_preview(target, accusation_value(card_id, accuser, target))}"
        )

    def on_table_click(self, pos: tuple[int, int]) -> None:
        """A click on a villager with no card picked: settles a tie if one is asked for.
        A click on "? help" opens the help overlay."""
        t = self.table
        if t.help_rect is not None and t.help_rect.collidepoint(pos):
            t.help_open = True
            return
        target = t.target_at(pos)
        if target is None or target[0] != "villager":
            return
        if any(c.get("villager") == target[1] for c in t.legal_of("choose_witch")):
            t.pick = None
            t.submit({"type": "choose_witch", "villager": target[1]})

    def drop_hint(self, card_id: str | None, target: Target) -> str:
        t = self.table
        kind, key = target
        if not card_id:
            return ""
        role = words.card_role(card_id, t.view)
        if kind == "discard":
            return "Discard at the refill"
        if kind == "hand":
            return "Take back" if any(b["card"] == card_id for b in t.staged()) else "Keep"
        if kind == "tray":
            return "Seal face down"
        if kind == "announced":
            return f"Answer with {words.card_name(card_id)}"
        if kind != "villager":
            return ""
        name = words.villager_name(key)
        return {
            "brown": f"Accuse {name}",
            "bribe": f"Seal a bribe on {name}",
            "advocate": f"Advocate for {name}",
            "test": f"Test: {name} is the witch",
        }.get(role, "")

    def default_accuser(self) -> str | None:
        """Your hottest villager that may accuse (§3: Berta never), for commands the engine will judge."""
        t = self.table
        seat = t.view.get("seat")
        mine = [
            v
            for v in t.villagers()
            if v.get("owner") == seat and v.get("status") == "alive" and v.get("can_accuse", v.get("id") != "berta")
        ]
        if not mine:
            return None
        return max(mine, key=lambda v: v.get("heat") or 0)["id"]

    def submit_or_snap(self, command: dict) -> bool:
        t = self.table
        card = command.get("card")
        sprite = t.sprite_for(card) if card else None
        start = sprite.rect.topleft if sprite is not None else None
        if card and start is not None:
            self.flown.add(card)  # this seat's own card flies from where it was dropped
        if t.submit(command):
            if card and start is not None and card not in t.my_hand():
                self._fly_played(card, start, command.get("target") or command.get("witch"))
            return True
        self.flown.discard(card)
        t.snap_home()
        return False

    def _fly_played(self, card: str, start: tuple[int, int], target: str | None = None) -> None:
        """The played card flies to its villager (bribe, advocate, test), then to the
        discard pile; a card that opened a window flies to the banner's card slot."""
        t = self.table
        image = t.art.face(t.game, card, t.card_size())
        dest = t.announced_rect if (t.view.get("window") or {}).get("card") == card else None
        if dest is not None:
            t.fly(image, start, dest.topleft)
        else:
            disc = pygame.Rect(t.rects["discard"])
            row = t.vrects.get(target) if target else None
            if row is not None:
                via = (row.centerx - image.get_width() // 2, row.centery - image.get_height() // 2)
                t.fly(image, start, via, 0.22)
                t.fly(image, via, disc.topleft, 0.25, delay=0.22)
            else:
                t.fly(image, start, disc.topleft)

    def open_place_prompt(self) -> None:
        t = self.table
        options = t.legal_of("place_pyres")
        if not options:
            return
        starts = {p.get("id"): p.get("start") for p in t.player(t.view.get("seat")).get("pyres") or []}
        labels, seen = [], set()
        for c in options:
            assign = c.get("assign") or {}
            heats = {vid: starts.get(pid) or words.pyre_start(pid) or pid for vid, pid in assign.items()}
            # §1: a pyre is nothing but its start value, so two pyres that start alike are
            # interchangeable; placements that differ only in which of them a villager gets
            # are one choice (the first such command is sent)
            key = tuple(sorted((vid, str(h)) for vid, h in heats.items()))
            if key in seen:
                continue
            seen.add(key)
            labels.append((", ".join(f"{words.villager_name(vid)} on {h}" for vid, h in heats.items()), c))
        banner = pygame.Rect(t.rects["banner"])
        # the chooser keeps clear of the placing seat's own panel: its villagers, their
        # heat and strength and its pyres are what the choice is about
        own = t.seat_zone(t.view.get("seat")) if isinstance(t.view.get("seat"), int) else None
        t.prompt = Prompt(
            "Place your villagers (number = the pyre's start heat)",
            labels,
            lambda c: t.submit(c),
            None,
            anchor=banner.center,
            avoid=pygame.Rect(own) if own is not None else None,
        )
