"""From the player's hands to commands: a card dragged onto a seat (a second drop for
Robbery and Scapegoat, a picker for Curse's blue card, Alibi or Witness for Will
Griggs), a click on a Tryal card (a trial, the Black Cat, a ghost peek, the variant
Night), and the buttons of the turn and of the optional abilities. Nothing here decides
legality: the choices come from ``legal()`` and the engine has the last word.

:class:`MovesPanel` is a panel the table owns (``table.moves``): it keeps the card
waiting for its second drop and the own Tryal card picked for a swap. It reads the
table's ``view``, ``legal_cmds``, ``rects``, the seat panel's places and the deck's
card (``table.middle``), opens the table's chooser (``table.prompt``) and pick
(``table.pick``), and sends through ``table.submit``."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.scenes.salem import words
from game.ui.scenes.table_base import Pick, Prompt, Target, unique_targets
from game.ui.widgets import Button


class MovesPanel:
    """Commands from drops, clicks and buttons."""

    def __init__(self, table: Any) -> None:
        self.table = table
        #: (card, first seat) of a Robbery or Scapegoat waiting for its second drop
        self.second_drop: tuple[str, int] | None = None
        #: one's own Tryal card clicked first, to swap with the next one clicked
        self.row_pick: int | None = None

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_second_drop(surface)
        self.draw_row_pick(surface)

    # -- cards onto seats
    def plays_of(self, card: str) -> list[dict]:
        return [c for c in self.table.legal_cmds if c.get("card") == card and c.get("type") in ("play", "ability")]

    def targets_for(self, card_id: str) -> list[Target]:
        if self.second_drop is not None and self.second_drop[0] == card_id:
            first = self.second_drop[1]
            return unique_targets(
                [("seat", c["target2"]) for c in self.plays_of(card_id) if c.get("target") == first and "target2" in c]
            )
        return unique_targets([("seat", c["target"]) for c in self.plays_of(card_id) if "target" in c])

    def act(self, card_id: str | None, target: Target, anchor: tuple[int, int]) -> bool:
        kind, key = target
        if card_id is None or kind != "seat":
            return False
        if self.second_drop is not None and self.second_drop[0] == card_id:
            first = self.second_drop[1]
            self.second_drop, self.table.pick = None, None
            return self.table.submit({"type": "play", "card": card_id, "target": first, "target2": key})
        options = [c for c in self.plays_of(card_id) if c.get("target") == key]
        if not options:
            # let the engine say why (Piety, a ghost's Stocks, yourself …)
            return self.table.submit({"type": "play", "card": card_id, "target": key})
        if any("target2" in c for c in options):
            # the card goes back to the hand for its second drop (or a click on a lit seat)
            self.second_drop = (card_id, key)
            self.table.message = self.table.status_message()
            self.table.dirty = True
            return False
        if any("blue" in c for c in options):
            self.table.prompt = Prompt(
                f"Curse: which blue card of {self.table.name(key)}?",
                [(words.card_name(c["blue"]), c) for c in options],
                lambda c: self.table.submit(dict(c)),
                anchor=anchor,
            )
            return False
        if len(options) > 1:  # an Alibi for Will Griggs: as an Alibi, or as a Witness
            labels = [
                ("Play it as an Alibi" if c["type"] == "play" else "Play it as a Witness (Will Griggs)", c)
                for c in options
            ]
            self.table.prompt = Prompt(
                f"{words.card_name(card_id)} on {self.table.name(key)}",
                labels,
                lambda c: self.table.submit(dict(c)),
                anchor=anchor,
            )
            return False
        return self.table.submit(dict(options[0]))

    def second_targets(self) -> list[Target]:
        return self.targets_for(self.second_drop[0]) if self.second_drop is not None else []

    def second_drop_title(self) -> str:
        card, first = self.second_drop
        how = "whose hand goes to" if words.card_kind(card) == "robbery" else "who takes the blame from"
        return (
            f"{words.card_name(card)}: drop it again, or click, on the player {how} "
            f"{self.table.name(first)} (Esc cancels)"
        )

    def close(self) -> bool:
        """Esc: the second drop is given up (True), unless help or a chooser is over it."""
        if self.second_drop is not None and not self.table.help_open and self.table.prompt is None:
            self.second_drop = None
            self.table.message = self.table.status_message()
            self.table.dirty = True
            return True
        return False

    def draw_second_drop(self, surface: pygame.Surface) -> None:
        if self.second_drop is None or self.table.drag.dragging:
            return
        for target in self.second_targets():
            r = self.table.target_rect(target)
            if r is not None:
                pygame.draw.rect(surface, theme.HIGHLIGHT, r.inflate(6, 6), 3, border_radius=8)

    def drop_hint(self, card_id: str | None, target: Target) -> str:
        if card_id is None or target[0] != "seat":
            return ""
        kind = words.card_kind(card_id)
        name = self.table.name(target[1])
        if self.second_drop is not None and self.second_drop[0] == card_id:
            return f"to {name}"
        if words.card_colour(card_id) == "red":
            return f"Accuse {name}"
        return {
            "robbery": f"Rob {name}",
            "scapegoat": f"Blame moves from {name}",
            "arson": f"Burn {name}'s hand",
            "curse": f"Curse {name}",
            "alibi": f"Alibi for {name}",
        }.get(kind, f"On {name}")

    # -- clicks on Tryal cards
    def tryal_choices(self) -> list[tuple[Target, dict]]:
        """(target, command) for every Tryal card the seat on screen may click now."""
        out = []
        for c in self.table.legal_cmds:
            t = c.get("type")
            if t == "choose_tryal" or t == "night_flip":
                out.append((("tryal", (c["player"], c["index"])), c))
            elif t == "ghost_peek":
                out.append((("tryal", (c["ghost"], c["index"])), c))
        return out

    def open_tryal_pick(self) -> None:
        """A trial, the Black Cat step or the variant Night: the Tryal cards to click light up."""
        choices = [(t, c) for t, c in self.tryal_choices() if c["type"] in ("choose_tryal", "night_flip")]
        if not choices:
            return
        guard = any("index2" in c for _, c in choices)
        p = self.table.view.get("pending") or {}
        if guard:
            player = choices[0][1]["player"]
            targets = unique_targets([("tryal", (player, i)) for _, c in choices for i in (c["index"], c["index2"])])
            self.table.pick = Pick(
                f"Short game guard: click two of {self.table.name(player)}'s Tryal cards (first of two)",
                targets,
                self._guard_first,
            )
            return
        if choices[0][1]["type"] == "night_flip":
            title = "Night: click any Tryal card to flip it (not one in the Asylum)"
        elif p.get("stage") == "guard":
            title = "Pick which of the two offered cards is turned up"
        else:
            title = f"Click one of {self.table.name(choices[0][1]['player'])}'s Tryal cards to turn it up"
        by_target = dict(choices)
        self.table.pick = Pick(title, [t for t, _ in choices], lambda t: self.table.submit(dict(by_target[t])))

    def _guard_first(self, target: Target) -> None:
        player, first = target[1]
        seconds = unique_targets(
            [
                ("tryal", (player, i))
                for c in self.table.legal_of("choose_tryal")
                for i in (c["index"], c["index2"])
                if i != first
            ]
        )
        self.table.pick = Pick(
            "…and the second card: the accused picks which of the two is turned up",
            seconds,
            lambda t: self.table.submit({"type": "choose_tryal", "player": player, "index": first, "index2": t[1][1]}),
        )
        self.table.dirty = True

    def click(self, pos: tuple[int, int]) -> None:
        """A click on the table that no button, card in hand or lit target took."""
        if self.table.window.pending() is not None:
            self.table.window.click_row(pos)  # a Conspiracy pick or a confession, on the table itself
            return
        if self.second_drop is not None:
            seat = self.table.seats.seat_at(pos)
            if seat is not None and ("seat", seat) in self.second_targets():
                card, first = self.second_drop
                self.second_drop = None
                self.table.submit({"type": "play", "card": card, "target": first, "target2": seat})
            return
        hit = self.table.seats.tryal_at(pos)
        if hit is not None:
            for target, c in self.tryal_choices():
                if target == ("tryal", hit):
                    self.table.submit(dict(c))
                    return
            if hit[0] == self.table.view.get("seat") and self.table.view.get("my_row"):
                self.arrange_click(hit[1])
                return
        if self.table.middle.deck_card_rect is not None and self.table.middle.deck_card_rect.collidepoint(pos):
            if self.table.legal_of("draw_two"):
                self.table.submit({"type": "draw_two"})

    def arrange_click(self, index: int) -> None:
        """docs/rules/salem.md §3.10 (R18): click two of your own Tryal cards to swap them, in secret."""
        if self.row_pick is None:
            self.row_pick = index
        elif self.row_pick == index:
            self.row_pick = None
        else:
            order = list(range(len(self.table.view.get("my_row") or [])))
            a, self.row_pick = self.row_pick, None
            order[a], order[index] = order[index], order[a]
            self.table.submit({"type": "arrange_tryals", "order": order})
        self.table._static_key = None
        self.table.dirty = True

    def draw_row_pick(self, surface: pygame.Surface) -> None:
        if self.row_pick is None:
            return
        r = self.table.seats.tryal_rects.get((self.table.view.get("seat"), self.row_pick))
        if r is not None:
            pygame.draw.rect(surface, theme.SELECT, r.inflate(6, 6), 3, border_radius=5)

    def peek(self) -> None:
        choices = [(t, c) for t, c in self.tryal_choices() if c["type"] == "ghost_peek"]
        if choices:
            by_target = dict(choices)
            self.table.pick = Pick(
                "Click a ghost's Tryal card to peek at it",
                [t for t, _ in choices],
                lambda t: self.table.submit(dict(by_target[t])),
            )
            self.table.message = self.table.status_message()  # the hint says what the clicks do now
            self.table.dirty = True

    # -- the buttons
    def turn_buttons(self) -> list[tuple[str, str, Any, str | None, str]]:
        specs: list[tuple[str, str, Any, str | None, str]] = []
        have = {c["type"] for c in self.table.legal_cmds}
        if "draw_two" in have:
            specs.append(
                (
                    "draw_two",
                    "Draw two (Space)",
                    lambda: self.table.submit({"type": "draw_two"}),
                    uinput.PASS,
                    "primary",
                )
            )
        if "end_turn" in have:
            specs.append(("end_turn", "End turn (E)", lambda: self.table.submit({"type": "end_turn"}), "e", "primary"))
        if "ghost_peek" in have:
            specs.append(("peek", "Peek at a ghost (G)", self.peek, "g", "normal"))
        if "death_order" in have:
            for c in self.table.legal_of("death_order"):
                specs.append(
                    (
                        f"first:{c['first']}",
                        f"{self.table.name(c['first'])} dies first",
                        lambda c=c: self.table.submit(dict(c)),
                        None,
                        "danger",
                    )
                )
        abilities = [c for c in self.table.legal_cmds if c["type"] == "ability"]
        names = []
        for c in abilities:
            if c["name"] not in names and c["name"] != "will_griggs":
                names.append(c["name"])
        for name in names:
            label = ABILITY_LABELS.get(name, words.character_name(name))
            specs.append((f"ability:{name}", label, lambda n=name: self.use_ability(n), None, "normal"))
        if "pass" in have and self.table.window.pending() is None:
            specs.append(("pass", "No thanks", lambda: self.table.submit({"type": "pass"}), None, "normal"))
        return specs

    def use_ability(self, name: str) -> None:
        cmds = [c for c in self.table.legal_cmds if c["type"] == "ability" and c["name"] == name]
        if not cmds:
            return
        if len(cmds) == 1:
            self.table.submit(dict(cmds[0]))
            return
        if name == "samuel_parris":
            options = [(" + ".join(words.card_name(x) for x in c["cards"]), c) for c in cmds]
            self.table.prompt = Prompt(
                "Samuel Parris: take from the discard pile",
                options,
                lambda c: self.table.submit(dict(c)),
                anchor=pygame.Rect(self.table.rects["buttons"]).center,
            )
        elif name == "tituba":
            labels = {0: "Leave the pile as it is", 1: "Turn the pile over", 2: "Put Night on top"}
            options = [(labels.get(i, f"Order {i + 1}"), c) for i, c in enumerate(cmds)]
            pile = (self.table.view.get("pending") or {}).get("pile") or []
            top = ", ".join(words.card_name(c) for c in pile[:6]) + ("…" if len(pile) > 6 else "")
            self.table.prompt = Prompt(
                f"Tituba — the pile from the top: {top}",
                options,
                lambda c: self.table.submit(dict(c)),
                anchor=pygame.Rect(self.table.rects["center"]).center,
            )
        self.table.dirty = True

    def action_buttons(self) -> list[Button]:
        specs = self.turn_buttons()
        if not specs:
            return []
        area = pygame.Rect(self.table.rects["buttons"])
        bh = max(26, min(44, (area.h - 8) // max(3, len(specs)) - 6))
        size = max(12, min(19, bh // 2))
        out = []
        y = area.y + 4
        for name, label, action, key, style in specs:
            b = Button(
                (area.x + 6, y, area.w - 12, bh), label, action, style=style, font_size=size, hotkey=key, name=name
            )
            self.table.fit_button(b)
            out.append(b)
            y += bh + 6
        return out


ABILITY_LABELS = {
    "abigail_williams": "Abigail: clear my red cards",
    "ann_putnam": "Ann Putnam: draw two first",
    "rebecca_nurse": "Rebecca Nurse: draw a card",
    "samuel_parris": "Samuel Parris: take from the discard",
    "tituba": "Tituba: look through the pile",
    "william_phips": "William Phips: confess",
}
