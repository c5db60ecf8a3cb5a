"""The Hammer of the Witches table (hammer.md; DESIGN D3, D6).

``HammerTableScene(app, source)`` draws ``source.view()`` (hammer.md H11 plus the
engine's documented extra fields) and turns drags, clicks and keys into the H9 commands,
sent with ``source.submit``. It never decides legality: ``source.legal()`` only lights up
targets and fills prompts (which accuser, which sign); whatever the player does is sent
to the engine, and a refusal snaps the card back with the engine's message.

What goes where (zones from ``assets/layouts/hammer.tmx``): ``seat_0`` is the seat on
screen, ``seat_k`` the k-th seat clockwise from it; each seat panel shows its owner's
three villagers, each on its pyre track (start value .. 18, 10-18 the blue side), the
hand as card backs with a count, trophies, kept tests and empty pyres. The shown seat's
hand is fanned in ``hand``; ``banner`` holds the public window banner with the announced
card (the drop target for responses / negations / No Inquisition); ``deck``/``discard``
the piles; the action buttons sit under the piles.

Input paths for every action:
* drag a hand card onto a target (villager, the announced card, the discard pile);
* click a card (it lifts), then click a target;
* keys: 1-9 pick a hand card, Tab cycles its targets, Enter plays, Esc cancels,
  Space = end turn / pass, C = call inquisition, R = refill, P = place villagers,
  N = no answers, ? = help. In prompts: arrows/Tab, 1-9, Enter, Esc.
"""
from __future__ import annotations

import json
import logging
from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.icons import get_icon
from game.ui.scenes import hammer_text as words
from game.ui.scenes.table_base import (FLY_SECONDS, Pick, Prompt, Rect, TableScene, Target, panel,
                                       scale_design_rects, text, unique_targets)
from game.ui.sprites import CardSprite
from game.ui.tables import register_table
from game.ui.widgets import Banner, Button

log = logging.getLogger(__name__)

PHASES = [("accusation", "1 Accusation"), ("arrest", "2 Arrest"), ("trial", "3 Trial"),
          ("evidence", "4 Evidence")]
TRACK_LOW, TRACK_HIGH = 2, 18
HEAT_SECONDS = 0.5
#: pyre track cell colours (orange below 10, the blue side from 10: H1.2), lit up to the heat
TRACK_LIT = {v: theme.pyre_color(v) for v in range(TRACK_LOW, TRACK_HIGH + 1)}
TRACK_DIM = {v: theme.mix(theme.pyre_color(v), theme.FELT_DARK, 0.65) for v in range(TRACK_LOW, TRACK_HIGH + 1)}
CARD_RATIO = 1.4


def _fallback_zones(n: int, w: int, h: int) -> dict[str, Rect]:
    """Built-in zones (the 1920x1080 map of hammer.tmx, scaled) for a missing layout."""
    base = {
        "phase_track": (416, 8, 1088, 48), "banner": (416, 372, 1088, 200),
        "seat_0": (416, 580, 1088, 264), "message": (416, 850, 1088, 28),
        "hand": (416, 884, 1088, 188), "log": (8, 656, 400, 416),
        "deck": (1548, 690, 150, 210), "discard": (1722, 690, 150, 210),
    }
    others = {
        3: [(8, 64, 948, 300), (964, 64, 948, 300)],
        4: [(8, 8, 400, 640), (416, 64, 1088, 300), (1512, 8, 400, 640)],
        5: [(8, 8, 400, 640), (416, 64, 540, 300), (964, 64, 540, 300), (1512, 8, 400, 640)],
    }.get(n, [])
    if n == 3:
        base.update({"log": (8, 372, 400, 700), "deck": (1548, 400, 150, 210), "discard": (1722, 400, 150, 210)})
    for k, r in enumerate(others, start=1):
        base[f"seat_{k}"] = r
    return scale_design_rects(base, w, h)


@register_table("hammer")
class HammerTableScene(TableScene):
    game = "hammer"
    REQUIRED_ZONES = ("phase_track", "banner", "message", "hand", "log", "deck", "discard")
    NO_ANSWERS_UNSUPPORTED = "Each player answers in turn here."

    def __init__(self, app, source) -> None:
        self.vrects: dict[str, pygame.Rect] = {}
        self.vtracks: dict[str, tuple[int, int, float, int]] = {}
        self.portraits: dict[str, pygame.Rect] = {}
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.announced_rect: pygame.Rect | None = None
        self.heat_anim: dict[str, list[float]] = {}
        self.discard_marks: list[str] = []
        self._flown: set[str] = set()
        self._seat_cache: dict[str, tuple] = {}
        self.help_rect: pygame.Rect | None = None
        super().__init__(app, source)

    # ------------------------------------------------------------------ geometry --
    def fallback_rects(self, players: int, w: int, h: int) -> dict[str, Rect]:
        return _fallback_zones(players, w, h)

    def on_layout(self) -> None:
        r = self.rects
        deck, discard, hand = (pygame.Rect(r[k]) for k in ("deck", "discard", "hand"))
        top = max(deck.bottom, discard.bottom) + max(8, deck.h // 14)
        bottom = hand.bottom
        self.rects.setdefault("buttons", (deck.x, top, discard.right - deck.x, max(40, bottom - top)))

    def card_size(self) -> tuple[int, int]:
        hand = pygame.Rect(self.rects["hand"])
        h = max(60, hand.h - 10)
        return (int(h / CARD_RATIO), h)

    def hand_slots(self, count: int) -> list[tuple[int, int]]:
        hand = pygame.Rect(self.rects["hand"])
        cw, ch = self.card_size()
        marks = [c for c in self.discard_marks if c in self.my_hand()]
        count_kept = count - len(marks)
        slots: list[tuple[int, int]] = []
        gap = max(4, cw // 12)
        if count_kept > 0:
            total = count_kept * cw + (count_kept - 1) * gap
            step = cw + gap
            if total > hand.w - 8 and count_kept > 1:
                step = (hand.w - 8 - cw) / (count_kept - 1)
                total = hand.w - 8
            x0 = hand.centerx - total / 2
            mid = (count_kept - 1) / 2
            for i in range(count_kept):
                arc = int(abs(i - mid) ** 2 * max(1, ch // 60))  # a gentle fan: the ends sit lower
                slots.append((int(x0 + i * step), hand.y + 6 + min(arc, ch // 8)))
        return slots

    def rebuild_sprites(self, old_view: dict | None) -> None:
        """Like the base, but cards marked for discard in phase 4 lie on the discard pile."""
        hand = self.my_hand()
        self.discard_marks = [c for c in self.discard_marks if c in hand] if self.refilling() else []
        if not self.discard_marks:
            super().rebuild_sprites(old_view)
            return
        kept = [c for c in hand if c not in self.discard_marks]
        old_pos = {s.card_id: s.rect.topleft for s in self.group.sprites()
                   if isinstance(s, CardSprite) and s.zone == "hand"}
        for s in list(self.group.sprites()):
            if isinstance(s, CardSprite) and s.zone == "hand":
                s.kill()
        size = self.card_size()
        slots = self.hand_slots(len(hand))
        disc = pygame.Rect(self.rects["discard"])
        small = (int(size[0] * 0.8), int(size[1] * 0.8))
        homes = list(zip(kept, slots))
        for i, card in enumerate(self.discard_marks):
            homes.append((card, (disc.x + 4 + i * max(6, small[0] // 5), disc.y + 4 + i * 3)))
        for card, home in homes:
            marked = card in self.discard_marks
            if card == self.selected:
                home = (home[0], home[1] - size[1] // 6)
            img = self.art.face(self.game, card, small if marked else size)
            sprite = CardSprite(card, img, home, zone="hand")
            self.group.add(sprite, layer=2 if marked else 1)
            if card in old_pos and old_pos[card] != home:
                sprite.rect.topleft = old_pos[card]
                sprite.fly_to(home, 0.2)

    def snap_home(self) -> None:
        for s in self.group.sprites():
            if isinstance(s, CardSprite) and s.zone == "hand" and s.rect.topleft != s.home:
                s.fly_to(s.home, 0.18 * self.anim_factor)
        self.dirty = True

    # ------------------------------------------------------------------ helpers ----
    def villagers(self) -> list[dict]:
        return list(self.view.get("villagers") or [])

    def villager(self, vid: str) -> dict:
        for v in self.villagers():
            if v.get("id") == vid:
                return v
        return {}

    def name(self, seat: Any) -> str:
        return words.seat_name(seat, list(self.source.players))

    def witches(self) -> list[str]:
        hottest = self.view.get("hottest") or {}
        if hottest.get("villagers"):
            return list(hottest["villagers"])
        alive = [v for v in self.villagers() if v.get("status") == "alive" and isinstance(v.get("heat"), int)]
        if not alive:
            return []
        top = max(v["heat"] for v in alive)
        return [v["id"] for v in alive if v["heat"] == top]

    def refilling(self) -> bool:
        return bool(self.legal_of("refill"))

    def banner_seats(self) -> list[int]:
        fn = getattr(self.source, "banner_seats", None)
        if fn is not None:
            return list(fn())
        seat = self.view.get("seat")
        return [s for s in self.pending_public() if s != seat and self.source.is_human(s)]

    # ------------------------------------------------------------------ targets ----
    def targets_for(self, card_id: str) -> list[Target]:
        out: list[Target] = []
        for c in self.legal_cmds:
            if c.get("card") != card_id:
                continue
            t = c.get("type")
            if t in ("accuse", "bribe", "advocate") and c.get("target"):
                out.append(("villager", c["target"]))
            elif t == "test":
                for vid in ([c["witch"]] if c.get("witch") else self.witches()):
                    out.append(("villager", vid))
            elif t in ("respond", "negate", "no_inquisition"):
                out.append(("announced", None))
        if self.refilling() and card_id in self.my_hand():
            out.append(("hand", None) if card_id in self.discard_marks else ("discard", None))
        return unique_targets(out)

    def target_rect(self, target: Target) -> pygame.Rect | None:
        kind, key = target
        if kind == "villager":
            return self.vrects.get(key)
        if kind == "announced":
            return self.announced_rect
        if kind in ("discard", "deck", "hand", "banner", "phase_track", "log"):
            r = self.rects.get(kind)
            return pygame.Rect(r) if r is not None else None
        if kind == "seat":
            return self.seat_rects.get(key)
        return None

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        if self.announced_rect is not None and self.announced_rect.collidepoint(pos):
            return ("announced", None)
        for name in ("discard", "hand"):
            r = self.rects.get(name)
            if r is not None and pygame.Rect(r).collidepoint(pos):
                return (name, None)
        for vid, r in self.vrects.items():
            if r.collidepoint(pos):
                return ("villager", vid)
        return None

    def hover_target_key(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        key = super().hover_target_key(pos)
        if key is not None:
            return key
        if self.announced_rect is not None and self.announced_rect.collidepoint(pos):
            card = (self.view.get("window") or {}).get("card")
            if card:
                return ("card", card)
        disc = self.rects.get("discard")
        if disc is not None and pygame.Rect(disc).collidepoint(pos) and self.view.get("discard"):
            return ("card", self.view["discard"][-1])
        for vid, r in self.portraits.items():
            if r.collidepoint(pos):
                return ("villager", vid)
        return None

    def zoom_image(self, key: tuple[str, Any], width: int) -> pygame.Surface | None:
        if key[0] == "villager":
            return self.art.zoom(self.game, key[1], width)
        return super().zoom_image(key, width)

    # ------------------------------------------------------------------- acting ----
    def act(self, card_id: str | None, target: Target, anchor: tuple[int, int]) -> bool:
        """Turn "this card on that target" into an H9 command and send it (see module doc)."""
        if card_id is None:
            return False
        role = words.card_role(card_id, self.view)
        kind, key = target
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
            labels = []
            for a in accusers:
                v = self.villager(a)
                ability = v.get("text") or words.villager_text(a)
                labels.append((f"{words.villager_name(a)} (heat {v.get('heat')})" + (f" — {ability}" if ability else ""), a))

            def chosen(accuser: str, card=card_id, vid=vid) -> None:
                self.submit_or_snap({"type": "accuse", "card": card, "accuser": accuser, "target": vid})

            self.prompt = Prompt(f"Who accuses {words.villager_name(vid)} with {words.card_name(card_id)}?",
                                 labels, chosen, self.snap_home, default=0, anchor=anchor)
            return True
        if role == "bribe":
            amount = words.bribe_amount(card_id)
            signs = [c.get("sign") for c in self.legal_of("bribe") if c.get("card") == card_id and c.get("target") == vid]
            signs = [s for s in (1, -1) if s in signs] or [1, -1]
            labels = [(f"{'Raise' if s > 0 else 'Lower'} {words.villager_name(vid)}'s heat by {amount} "
                       f"({'+' if s > 0 else '−'}{amount})", s) for s in signs]

            def signed(sign: int, card=card_id, vid=vid) -> None:
                self.submit_or_snap({"type": "bribe", "card": card, "target": vid, "sign": sign})

            self.prompt = Prompt(f"Bribe against {words.villager_name(vid)}: raise or lower?", labels, signed,
                                 self.snap_home, anchor=anchor)
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
            return "Keep"
        if kind == "announced":
            return f"Answer with {words.card_name(card_id)}"
        if kind != "villager":
            return ""
        name = words.villager_name(key)
        return {"brown": f"Accuse {name}", "bribe": f"Bribe against {name}",
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

    # ------------------------------------------------------------------ buttons ----
    def make_buttons(self) -> list[Button]:
        area = pygame.Rect(self.rects["buttons"])
        specs: list[tuple[str, str, Any, int, str]] = []
        if self.legal_of("place_pyres"):
            specs.append(("place_pyres", "Place villagers (P)", self.open_place_prompt, pygame.K_p, "primary"))
        if self.legal_of("call_inquisition"):
            specs.append(("call_inquisition", "Call inquisition (C)", lambda: self.submit({"type": "call_inquisition"}),
                          pygame.K_c, "danger"))
        if self.legal_of("end_turn"):
            specs.append(("end_turn", "End turn, draw (Space)", lambda: self.submit({"type": "end_turn"}),
                          pygame.K_SPACE, "primary"))
        if self.legal_of("pass"):
            specs.append(("pass", "Pass (Space)", lambda: self.submit({"type": "pass"}), pygame.K_SPACE, "normal"))
        if self.refilling():
            n = len(self.discard_marks)
            specs.append(("refill", f"Refill, discard {n} (R)",
                          lambda: self.submit({"type": "refill", "discard": list(self.discard_marks)}),
                          pygame.K_r, "primary"))
        if not specs:
            return []
        gap = max(6, area.h // 30)
        bh = max(30, min(46, (area.h - gap * (len(specs) - 1)) // len(specs)))
        cols = 1 if bh * len(specs) + gap * (len(specs) - 1) <= area.h else 2
        rows = (len(specs) + cols - 1) // cols
        bw = (area.w - gap * (cols - 1)) // cols
        size = max(14, min(20, bh // 2))
        buttons = []
        for i, (name, label, action, hotkey, style) in enumerate(specs):
            r, c = divmod(i, cols) if cols > 1 else (i, 0)
            rect = (area.x + c * (bw + gap), area.y + r * (bh + gap), bw, bh)
            buttons.append(Button(rect, label, action, style=style, font_size=size, hotkey=hotkey, name=name))
        del rows
        return buttons

    def make_banner(self) -> Banner | None:
        r = pygame.Rect(self.rects["banner"])
        self.announced_rect = None
        prompt, actions = self.banner_content()
        if prompt is None:
            return None
        window = self.view.get("window") or {}
        left = r.x
        if window:
            ch = r.h - 16
            cw = int(ch / CARD_RATIO)
            self.announced_rect = pygame.Rect(r.x + 10, r.y + 8, cw, ch)
            left = self.announced_rect.right + 10
        size = max(15, min(22, r.h // 8))
        banner = Banner((left, r.y, r.right - left, r.h), prompt, [(lbl, cb) for _n, lbl, cb in actions],
                        font_size=size)
        for b, (name, _lbl, _cb) in zip(banner.buttons, actions):
            b.name = name
            if name == "no_answers":
                b.hotkey = pygame.K_n
        return banner

    def banner_content(self) -> tuple[str | None, list[tuple[str, str, Any]]]:
        v = self.view
        phase = v.get("phase")
        window = v.get("window") or {}
        seat = v.get("seat")
        actions: list[tuple[str, str, Any]] = []
        seats = self.banner_seats()
        for s in seats:
            actions.append((f"seat:{s}", self.name(s), lambda s=s: self.source.request_seat(s)))
        can_pass_all = getattr(self.source, "can_pass_all", None)
        if seats and window and can_pass_all is not None and can_pass_all():
            actions.append(("no_answers", "No answers (N)", self.no_answers))
        if v.get("over"):
            scores = v.get("scores") or []
            parts = [f"{self.name(i)} {s}" for i, s in enumerate(scores)]
            return "Game over — " + ", ".join(parts), actions
        if window:
            by = window.get("by")
            card = window.get("card")
            waiting = window.get("waiting") or []
            asked = ("May answer: " + ", ".join(self.name(w) for w in waiting)) if waiting else ""
            if window.get("kind") == "inquisition":
                head = f"{self.name(by)} calls for an inquisition! Anyone may stop it with No Inquisition."
            elif window.get("kind") == "negation":
                head = (f"{self.name(by)} plays the test {words.card_name(card)}. "
                        "Its partner card would cancel it.")
            else:
                value = window.get("value")
                head = (f"{self.name(by)}: {words.card_name(card)} ({words.signed(value)}) — "
                        f"{words.villager_name(window.get('accuser'))} accuses "
                        f"{words.villager_name(window.get('target'))}. Any answer?")
            tail = ""
            if seat is not None and seat in waiting:
                tail = " Drop an answer on the card, or Pass (Space)."
            elif asked:
                tail = f" {asked}."
            return head + tail, actions
        choice = v.get("choice")
        if choice:
            names = ", ".join(words.villager_name(c) for c in choice.get("candidates", []))
            if seat is not None and seat == choice.get("by"):
                return f"A tie for the witch: click the one to burn ({names}).", actions
            return f"A tie for the witch: {self.name(choice.get('by'))} chooses among {names}.", actions
        if phase == "setup":
            if self.legal_of("place_pyres"):
                return "Setup: put each of your villagers on one of your pyres (P).", actions
            waiting = [self.name(s) for s in self.pending_public()]
            return "Setup: villagers are being placed on pyres — waiting for " + ", ".join(waiting) + ".", actions
        if seats:
            return "Who sits at the screen now? " + ", ".join(self.name(s) for s in seats) + " may act.", actions
        if self.refilling():
            return ("Collecting evidence: drag cards to the discard pile (or pick them with 1-9 and Tab), "
                    "then Refill (R) to draw up to 6."), actions
        return None, actions

    def open_place_prompt(self) -> None:
        options = self.legal_of("place_pyres")
        if not options:
            return
        starts = {p.get("id"): p.get("start") for p in self.player(self.view.get("seat")).get("pyres") or []}
        labels = []
        for c in options:
            assign = c.get("assign") or {}
            parts = [f"{words.villager_name(vid)} on {starts.get(pid) or words.pyre_start(pid) or pid}"
                     for vid, pid in assign.items()]
            labels.append((", ".join(parts), c))
        banner = pygame.Rect(self.rects["banner"])
        self.prompt = Prompt("Place your villagers (number = the pyre's start heat)", labels,
                             lambda c: self.submit(c), None, anchor=banner.center)

    # ------------------------------------------------------------- view changes ----
    def sync(self, force: bool = False) -> bool:
        changed = super().sync(force)
        if changed:
            choices = self.legal_of("choose_witch")
            if choices and self.pick is None:
                self.pick = Pick("Click the villager to burn (a tie)",
                                 [("villager", c["villager"]) for c in choices],
                                 lambda t: self.submit({"type": "choose_witch", "villager": t[1]}))
                self.message = self.status_message()
        return changed

    def on_view_changed(self, old: dict, new: dict) -> None:
        old_heat = {v["id"]: v.get("heat") for v in old.get("villagers") or []}
        for v in new.get("villagers") or []:
            a, b = old_heat.get(v["id"]), v.get("heat")
            if isinstance(a, int) and isinstance(b, int) and a != b:
                self.heat_anim[v["id"]] = [float(a), float(b), 0.0]
        # cards that reached the table from someone else's hand fly from their seat
        old_cards = set(old.get("discard") or [])
        oldw = (old.get("window") or {}).get("card")
        if oldw:
            old_cards.add(oldw)
        neww = (new.get("window") or {}).get("card")
        appeared = [c for c in (new.get("discard") or []) if c not in old_cards]
        if neww and neww not in old_cards:
            appeared.append(neww)
        by_card = {e.get("card"): e.get("seat") for e in new.get("recent") or [] if e.get("card")}
        size = self.card_size()
        for i, card in enumerate(appeared[-4:]):
            if card in self._flown:
                continue
            seat = by_card.get(card)
            zone = self.seat_zone(seat) if isinstance(seat, int) else None
            start = zone.center if zone is not None else pygame.Rect(self.rects["banner"]).center
            dest = self.announced_rect if card == neww and self.announced_rect else pygame.Rect(self.rects["discard"])
            self.fly(self.art.face(self.game, card, size), (start[0] - size[0] // 2, start[1] - size[1] // 2),
                     dest.topleft, FLY_SECONDS, delay=0.06 * i)
        self._flown = set()

    def effects_running(self) -> bool:
        return bool(self.heat_anim)

    def step_effects(self, dt: float) -> None:
        for vid in list(self.heat_anim):
            anim = self.heat_anim[vid]
            anim[2] += dt / self.anim_factor
            if anim[2] >= HEAT_SECONDS:
                del self.heat_anim[vid]
                self.dirty = True

    def shown_heat(self, v: dict) -> float | None:
        anim = self.heat_anim.get(v.get("id"))
        if anim is None:
            return v.get("heat")
        t = min(1.0, anim[2] / HEAT_SECONDS)
        t = 1 - (1 - t) ** 3
        return anim[0] + (anim[1] - anim[0]) * t

    # ------------------------------------------------------------------ message ----
    def status_message(self) -> str:
        v = self.view
        seat = v.get("seat")
        phase = v.get("phase")
        extra = getattr(self.source, "message", "") or ""
        if v.get("over"):
            return "The game is over."
        mine = seat is not None and seat in (v.get("to_act") or [])
        if not mine:
            acting = [self.name(s) for s in self.pending_public()]
            base = f"Waiting for {', '.join(acting)}." if acting else ""
            return (extra + " " + base).strip()
        me = self.name(seat)
        if self.pick is not None:
            return self.pick.title + "  (or Tab + Enter)"
        window = v.get("window")
        if window:
            return f"{me}: drag an answer onto the announced card, or Pass (Space)."
        if phase == "setup":
            return f"{me}: place your villagers on your pyres — press P."
        if phase == "accusation":
            return (f"{me}'s turn: drag cards onto villagers (1-9, Tab, Enter), "
                    "Call inquisition (C) before playing, or End turn to draw (Space).")
        if phase == "arrest":
            return f"{me} has priority: play one card, or Pass (Space)."
        if phase == "trial":
            return f"{me}'s trial turn: play one card, or Pass (Space)."
        if phase == "evidence":
            return f"{me}: drag cards to the discard pile, then Refill (R)."
        return extra

    def help_lines(self) -> list[str]:
        return [
            "Drag a card from your hand onto its target and let go:",
            "  brown cards and bribes / advocates: onto a villager (you pick the accuser or the sign);",
            "  tests: onto the current witch;  answers (responses, No Inquisition, negations):",
            "  onto the card shown in the banner;  phase 4: onto the discard pile, then Refill.",
            "Or click a card, then click its target.  Right-click or hover zooms any card.",
            "Keyboard: 1-9 pick a card, Tab cycles its targets, Enter plays it, Esc cancels.",
            "  Space = End turn / Pass,  C = Call inquisition,  R = Refill,  P = Place villagers,",
            "  N = No answers,  Tab with no card picked walks the buttons,  F11 = full screen.",
            "The hottest living villager is the current witch (red frame); 10-18 is the blue side.",
            "The wheel scrolls the game log.",
        ]

    def describe_event(self, event: dict) -> str:
        return words.describe(event, list(self.source.players))

    # ------------------------------------------------------------------- drawing ----
    def draw_table(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)
        w, h = surface.get_size()
        self.draw_phase_track(surface)
        self.vrects.clear()
        self.vtracks.clear()
        self.portraits.clear()
        self.seat_rects.clear()
        for seat in range(self.players):
            zone = self.seat_zone(seat)
            if zone is not None:
                self.draw_seat_cached(surface, seat, zone)
        self.draw_piles(surface)
        banner = pygame.Rect(self.rects["banner"])
        if self.banner is None and not self.view.get("window"):
            self.draw_center(surface, banner)
        if self.announced_rect is not None:
            self.draw_announced(surface)
        if self.my_seat() is None and self.players > 1:
            hand = pygame.Rect(self.rects["hand"])
            msg = text("The screen shows no hand now — it is passed between players.", max(14, hand.h // 9),
                       theme.TEXT_MUTED)
            surface.blit(msg, msg.get_rect(center=hand.center))

    def ensure_geometry(self) -> None:
        """Targets need geometry even before the first draw (tests, the smoke run)."""
        if not self.vrects and self.view.get("villagers"):
            scratch = pygame.Surface((max(1, self.size[0]), max(1, self.size[1])))
            self.draw_table(scratch)

    def target_rect_safe(self, target: Target) -> pygame.Rect | None:
        self.ensure_geometry()
        return self.target_rect(target)

    def locate(self, kind: str, key: Any = None) -> tuple[int, int] | None:
        self.ensure_geometry()
        if kind == "villager":
            r = self.vrects.get(key)
            return r.center if r is not None else None
        if kind == "button" and key == "help" and self.help_rect is not None:
            return self.help_rect.center
        return super().locate(kind, key)

    def draw_phase_track(self, surface: pygame.Surface) -> None:
        r = pygame.Rect(self.rects["phase_track"])
        panel(surface, r, alpha=235, radius=8)
        v = self.view
        size = max(13, min(22, r.h * 45 // 100))
        x = r.x + 10
        round_label = text(f"Round {v.get('round', 1)}", size, theme.PARCHMENT, bold=True, title=True)
        surface.blit(round_label, round_label.get_rect(midleft=(x, r.centery)))
        x += round_label.get_width() + 12
        phase = v.get("phase")
        right_w = int(r.w * 0.30)
        pill_w = (r.right - right_w - x - 8) // 4
        for key, label in PHASES:
            pill = pygame.Rect(x, r.y + 5, pill_w - 6, r.h - 10)
            lit = key == phase
            pygame.draw.rect(surface, theme.HIGHLIGHT if lit else theme.WOOD_DARK, pill, border_radius=pill.h // 2)
            surf = text(label, max(12, size - 3), theme.INK if lit else theme.TEXT_MUTED, bold=lit)
            if surf.get_width() > pill.w - 6:
                surf = text(label.split(" ", 1)[1], max(11, size - 5), theme.INK if lit else theme.TEXT_MUTED, bold=lit)
            surface.blit(surf, surf.get_rect(center=pill.center))
            x += pill_w
        # right: who acts, the inquisitor
        status = ""
        if phase == "setup":
            status = "Setup"
        elif v.get("over"):
            status = "Game over"
        inq = v.get("inquisitor")
        rx = r.right - right_w
        if isinstance(inq, int):
            icon = get_icon("inquisitor", r.h - 14, theme.HIGHLIGHT)
            surface.blit(icon, icon.get_rect(midleft=(rx, r.centery)))
            lbl = text(f"Inquisitor: {self.name(inq)}", max(12, size - 3), theme.TEXT_LIGHT, bold=True)
            surface.blit(lbl, lbl.get_rect(midleft=(rx + icon.get_width() + 6, r.centery)))
        elif status:
            lbl = text(status, max(12, size - 2), theme.TEXT_LIGHT, bold=True)
            surface.blit(lbl, lbl.get_rect(midleft=(rx, r.centery)))
        else:
            lbl = text("No inquisitor yet", max(12, size - 3), theme.TEXT_MUTED)
            surface.blit(lbl, lbl.get_rect(midleft=(rx, r.centery)))
        q = text("?  help", max(12, size - 4), theme.TEXT_MUTED)
        self.help_rect = q.get_rect(midright=(r.right - 10, r.centery)).inflate(12, 8)
        surface.blit(q, q.get_rect(midright=(r.right - 10, r.centery)))

    def draw_seat_cached(self, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> None:
        """Seat panels are redrawn only when something in them changed (a command
        usually touches one or two), which keeps a busy 5-seat table's frames short."""
        v = self.view
        witches = [w for w in self.witches()]
        player = {k: val for k, val in self.player(seat).items() if k != "hand"}
        mine = [vv for vv in self.villagers() if vv.get("owner") == seat]
        key = json.dumps([tuple(zone), seat, v.get("seat"), seat in (v.get("to_act") or []),
                          v.get("inquisitor") == seat, witches, player, mine], sort_keys=True)
        cached = self._seat_cache.pop(key, None)
        if cached is None:
            surf = pygame.Surface(zone.size).convert()
            surf.fill(theme.FELT)
            geometry = self._collect_geometry(lambda: self.draw_seat(surf, seat, surf.get_rect()))
            cached = (key, surf, geometry)
            while len(self._seat_cache) >= 4 * max(1, self.players):  # keep the recent ones
                self._seat_cache.pop(next(iter(self._seat_cache)))
        self._seat_cache[key] = cached
        surface.blit(cached[1], zone.topleft)
        vrects, portraits, tracks = cached[2]
        for vid, r in vrects.items():
            self.vrects[vid] = r.move(zone.topleft)
        for vid, r in portraits.items():
            self.portraits[vid] = r.move(zone.topleft)
        for vid, (x0, y, cw, th) in tracks.items():
            self.vtracks[vid] = (x0 + zone.x, y + zone.y, cw, th)
        self.seat_rects[seat] = zone

    def _collect_geometry(self, draw) -> tuple[dict, dict, dict]:
        saved = (self.vrects, self.portraits, self.vtracks)
        self.vrects, self.portraits, self.vtracks = {}, {}, {}
        try:
            draw()
            return self.vrects, self.portraits, self.vtracks
        finally:
            self.vrects, self.portraits, self.vtracks = saved

    def draw_seat(self, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> None:
        v = self.view
        p = self.player(seat)
        acting = seat in (v.get("to_act") or [])
        shown = seat == v.get("seat")
        color = theme.seat_color(seat)
        panel(surface, zone, color=theme.FELT_DARK, alpha=235, edge=theme.HIGHLIGHT if acting else theme.PANEL_EDGE,
              width=4 if acting else 2)
        pygame.draw.rect(surface, color, (zone.x + 3, zone.y + 3, 7, zone.h - 6), border_radius=3)
        self.seat_rects[seat] = zone
        hh = max(22, min(36, zone.h // 8))
        size = max(13, min(20, hh * 6 // 10))
        x = zone.x + 16
        cy = zone.y + 4 + hh // 2
        name = text(self.name(seat) + ("  (you)" if shown else ""), size, theme.PARCHMENT, bold=True)
        surface.blit(name, name.get_rect(midleft=(x, cy)))
        x += name.get_width() + 8
        if v.get("inquisitor") == seat:
            icon = get_icon("inquisitor", hh - 4, theme.HIGHLIGHT)
            surface.blit(icon, icon.get_rect(midleft=(x, cy)))
            x += icon.get_width() + 4
        if acting:
            tag = text("to act", size - 2, theme.INK, bold=True)
            pill = tag.get_rect(midleft=(x + 6, cy)).inflate(12, 4)
            pygame.draw.rect(surface, theme.HIGHLIGHT, pill, border_radius=pill.h // 2)
            surface.blit(tag, tag.get_rect(center=pill.center))
            x = pill.right + 6
        # right side of the header: hand backs, trophies, kept tests, empty pyres, score
        rx = zone.right - 8
        score = p.get("score")
        if score is not None:
            s = text(f"{score} VP", size - 1, theme.HIGHLIGHT, bold=True)
            rx -= s.get_width()
            surface.blit(s, s.get_rect(midleft=(rx, cy)))
            rx -= 10
        for label, icon_name, count, tint in (
                ("", "pyre", p.get("empty_pyres", 0), theme.PYRE_EMPTY),
                ("", "scales", len(p.get("kept") or []), theme.GREEN),
                ("", "trophy", len(p.get("trophies") or []), theme.MATCH)):
            if not count:
                continue
            t = text(f"×{count}", size - 2, theme.TEXT_LIGHT, bold=True)
            rx -= t.get_width()
            surface.blit(t, t.get_rect(midleft=(rx, cy)))
            icon = get_icon(icon_name, hh - 6, tint)
            rx -= icon.get_width() + 2
            surface.blit(icon, icon.get_rect(midleft=(rx, cy)))
            rx -= 8
        count = p.get("hand_count", 0)
        t = text(f"×{count}", size - 2, theme.TEXT_LIGHT, bold=True)
        rx -= t.get_width()
        surface.blit(t, t.get_rect(midleft=(rx, cy)))
        bh = hh - 6
        back = self.art.back(self.game, (max(16, int(bh / CARD_RATIO)), max(16, bh)))
        for i in range(min(3, count)):
            surface.blit(back, back.get_rect(midright=(rx - 4 - i * 5, cy)))
        # villager rows
        mine = [vv for vv in self.villagers() if vv.get("owner") == seat]
        top = zone.y + hh + 6
        rows = max(3, len(mine))
        rh = (zone.bottom - 6 - top) // rows
        witches = set(self.witches())
        for i, vill in enumerate(mine):
            row = pygame.Rect(zone.x + 14, top + i * rh, zone.w - 22, rh - 4)
            self.draw_villager(surface, vill, row, vill.get("id") in witches)
        # trophies and kept tests as small labels under the header when there is room
        extras = [words.villager_name(t) for t in p.get("trophies") or []]
        extras += [words.card_name(k) for k in p.get("kept") or []]
        head = "holds "
        if v.get("phase") == "setup" and p.get("pyres"):  # the dealt pyres are public (H2.2)
            head, extras = "pyres ", [str(pp.get("start")) for pp in p["pyres"]]
            if p.get("placed"):
                extras.append("(placed)")
        if extras and x < rx - 40:
            small = text(head + ", ".join(extras), max(11, size - 5), theme.TEXT_MUTED)
            if small.get_width() <= rx - x - 10:
                surface.blit(small, small.get_rect(midleft=(x + 4, cy)))

    def draw_villager(self, surface: pygame.Surface, v: dict, row: pygame.Rect, witch: bool) -> None:
        vid = v.get("id", "")
        status = v.get("status", "alive")
        alive = status == "alive"
        self.vrects[vid] = row
        pygame.draw.rect(surface, theme.FELT_LIGHT if alive else theme.darken(theme.FELT_DARK, 0.2), row,
                         border_radius=6)
        if witch and alive:
            pygame.draw.rect(surface, theme.DANGER, row, 3, border_radius=6)
        size = max(12, min(20, row.h // 4))
        # tall rows (the side panels): portrait and words on top, the track across the bottom
        tall = row.h >= 90 and row.w < 560
        th = max(12, min(26, row.h // 5)) if tall else max(10, min(26, row.h // 3))
        if tall:
            track_y = row.bottom - th - 6
            ph = track_y - row.y - 8
        else:
            ph = row.h - 6
        pw = min(int(ph / CARD_RATIO), row.w // 5)
        ph = min(ph, int(pw * CARD_RATIO))
        portrait = self.art.villager(vid, (max(24, pw), max(32, ph)))
        if not alive:
            portrait = portrait.copy()
            portrait.fill((90, 90, 90), special_flags=pygame.BLEND_RGB_MULT)
        prect = portrait.get_rect(topleft=(row.x + 5, row.y + 4)) if tall else \
            portrait.get_rect(midleft=(row.x + 4, row.centery))
        surface.blit(portrait, prect)
        self.portraits[vid] = prect
        x0 = prect.right + 8
        name = text(v.get("short") or words.villager_name(vid), size, theme.PARCHMENT if alive else theme.TEXT_MUTED,
                    bold=True)
        line_y = row.y + 4
        surface.blit(name, (x0, line_y))
        heat = v.get("heat")
        hx = row.right - 6
        if alive and isinstance(heat, int):
            # heat as a coloured badge, so it never reads as one number with the match count
            heat_text = text(f"{heat}", max(13, size), theme.TEXT_LIGHT, bold=True)
            badge = heat_text.get_rect(topright=(row.right - 8, line_y)).inflate(12, 2)
            pygame.draw.rect(surface, theme.pyre_color(heat), badge, border_radius=badge.h // 2)
            pygame.draw.rect(surface, theme.INK, badge, 1, border_radius=badge.h // 2)
            surface.blit(heat_text, heat_text.get_rect(center=badge.center))
            hx = badge.x - 6
        ix = x0 + name.get_width() + 8
        isz = max(12, size - 2)
        for icon_name, count, tint in (("pentagram", v.get("pentagrams", 0), theme.PENTAGRAM),
                                       ("match", v.get("matches", 0), theme.MATCH)):
            icon = get_icon(icon_name, isz, theme.lighten(tint, 0.2))
            c = text(str(count), isz, theme.TEXT_LIGHT, bold=True)
            if tall and ix + isz + c.get_width() > hx - 6:  # no room on the name line: go below it
                ix, line_y = x0, line_y + name.get_height() + 2
            surface.blit(icon, (ix, line_y + (name.get_height() - isz) // 2))
            surface.blit(c, (ix + isz + 2, line_y + (name.get_height() - c.get_height()) // 2))
            ix += isz + c.get_width() + 10
        if witch and alive:
            icon = get_icon("witch", isz + 4, theme.DANGER)
            if ix + icon.get_width() <= hx - 4:
                surface.blit(icon, (ix, line_y + (name.get_height() - isz - 4) // 2))
                ix += icon.get_width() + 4
            tag = text("witch", isz, theme.lighten(theme.DANGER, 0.3), bold=True)
            if ix + tag.get_width() <= hx - 6:
                surface.blit(tag, (ix, line_y + (name.get_height() - tag.get_height()) // 2))
        text_y = line_y + name.get_height() + 4
        if v.get("protected") and alive:
            # Scales (heavier): a small shield-blue pill on the ability line, never over the name
            tag = text("protected", max(11, isz - 2), theme.INK, bold=True)
            pill = tag.get_rect(topleft=(x0 + 6, text_y if tall else row.y + 4)).inflate(10, 2)
            if not tall:
                pill.topright = (hx - 4, row.y + 3)
            pygame.draw.rect(surface, theme.SELECT, pill, border_radius=pill.h // 2)
            surface.blit(tag, tag.get_rect(center=pill.center))
            if tall:
                text_y = pill.bottom + 2
        if tall:
            tx0, avail = row.x + 6, row.w - 12
        else:
            tx0, avail = x0, row.right - x0 - 6
            track_y = text_y
            th = max(10, min(th, row.bottom - track_y - 4))
        note_size = max(11, size - 3)
        if not alive:
            note = "burned — a trophy" if status == "burned" else "burned — its pyre stands empty"
            surface.blit(text(note, note_size, theme.TEXT_MUTED), (x0, text_y))
            return
        start = v.get("start")
        if not isinstance(start, int):
            surface.blit(text("not on a pyre yet", note_size, theme.TEXT_MUTED), (x0, text_y))
            return
        if tall and v.get("text"):
            font = get_font(max(11, size - 5))
            y = text_y
            for line in wrap_text(str(v.get("text")), font, row.right - x0 - 6):
                if y + font.get_linesize() > track_y - 2:
                    break
                surface.blit(font.render(line, True, theme.TEXT_MUTED), (x0, y))
                y += font.get_linesize()
        cells = TRACK_HIGH - TRACK_LOW + 1
        cw = avail / cells
        self.vtracks[vid] = (tx0, track_y, cw, th)
        numbers = cw >= 15 and th >= 14
        nsize = max(9, min(14, int(th * 0.6)))
        for value in range(TRACK_LOW, TRACK_HIGH + 1):
            cx = tx0 + (value - TRACK_LOW) * cw
            cell = pygame.Rect(int(cx), track_y, max(2, int(cw) - 1), th)
            if value < start:
                pygame.draw.rect(surface, theme.darken(theme.FELT_DARK, 0.1), cell, 1)
                continue
            lit = isinstance(heat, int) and value <= heat
            fill = TRACK_LIT[value] if lit else TRACK_DIM[value]
            pygame.draw.rect(surface, fill, cell, border_radius=2)
            if numbers and (value == start or value % 2 == 0):
                n = text(str(value), nsize, theme.TEXT_LIGHT if lit else theme.TEXT_MUTED)
                surface.blit(n, n.get_rect(center=cell.center))
        # the line between the orange side and the blue side (H1.2: 10-18 is blue)
        bx = int(tx0 + (10 - TRACK_LOW) * cw) - 1
        pygame.draw.line(surface, theme.PYRE_HOT_LIGHT, (bx, track_y - 2), (bx, track_y + th + 1), 2)
        if not tall and row.h > 100 and v.get("text"):
            font = get_font(max(11, size - 4))
            y = track_y + th + 6
            for line in wrap_text(str(v.get("text")), font, avail)[:2]:
                surface.blit(font.render(line, True, theme.TEXT_MUTED), (x0, y))
                y += font.get_linesize()

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Heat markers (they glide when heat changes) and the choose-witch hint."""
        for v in self.villagers():
            vid = v.get("id")
            if vid not in self.vtracks or v.get("status") != "alive":
                continue
            heat = self.shown_heat(v)
            if not isinstance(heat, (int, float)):
                continue
            x0, y, cw, th = self.vtracks[vid]
            cx = int(x0 + (heat - TRACK_LOW) * cw + cw / 2)
            cy = y + th // 2
            radius = max(5, min(int(cw * 0.75), th // 2 + 2))
            pygame.draw.circle(surface, theme.INK, (cx, cy), radius + 2)
            pygame.draw.circle(surface, theme.PARCHMENT_LIGHT, (cx, cy), radius)
            icon = get_icon("flame", max(8, radius * 2 - 4), theme.DANGER)
            surface.blit(icon, icon.get_rect(center=(cx, cy)))

    def draw_piles(self, surface: pygame.Surface) -> None:
        deck = pygame.Rect(self.rects["deck"])
        disc = pygame.Rect(self.rects["discard"])
        cw, ch = int(min(deck.w, deck.h / CARD_RATIO)), int(min(deck.h, deck.w * CARD_RATIO))
        size = max(13, min(20, deck.h // 10))
        count = self.view.get("deck_count", 0)
        pygame.draw.rect(surface, theme.FELT_DARK, deck, 2, border_radius=8)
        if count:
            back = self.art.back(self.game, (cw, ch))
            for i in range(min(3, max(1, count // 15))):
                surface.blit(back, back.get_rect(center=(deck.centerx - i * 2, deck.centery - i * 2)))
        label = text(f"Draw pile: {count}", size, theme.TEXT_LIGHT, bold=True)
        surface.blit(label, label.get_rect(midbottom=(deck.centerx, deck.y - 2)))
        pygame.draw.rect(surface, theme.FELT_DARK, disc, 2, border_radius=8)
        pile = self.view.get("discard") or []
        if pile:
            face = self.art.face(self.game, pile[-1], (cw, ch))
            surface.blit(face, face.get_rect(center=disc.center))
        label = text(f"Discard: {len(pile)}", size, theme.TEXT_LIGHT, bold=True)
        surface.blit(label, label.get_rect(midbottom=(disc.centerx, disc.y - 2)))
        if self.discard_marks:
            shade = pygame.Surface(disc.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 120))
            surface.blit(shade, disc.topleft)

    def draw_center(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """No window open: show the last public move in the middle of the table."""
        recent = [self.describe_event(e) for e in self.view.get("recent") or []]
        recent = [s for s in recent if s]
        pile = self.view.get("discard") or []
        if not recent and not pile:
            return
        panel(surface, r, color=theme.FELT_DARK, alpha=150, edge=None)
        x = r.x + 14
        if pile:
            ch = r.h - 24
            cw = int(ch / CARD_RATIO)
            face = self.art.face(self.game, pile[-1], (cw, ch))
            surface.blit(face, (x, r.y + 12))
            x += cw + 16
        font = get_font(max(14, min(20, r.h // 9)))
        y = r.y + 14
        head = text("Last move", max(14, min(20, r.h // 9)), theme.HIGHLIGHT, bold=True)
        surface.blit(head, (x, y))
        y += head.get_height() + 4
        for sentence in recent[-5:]:
            for line in wrap_text(sentence, font, r.right - x - 12):
                if y + font.get_linesize() > r.bottom - 6:
                    return
                surface.blit(font.render(line, True, theme.TEXT_LIGHT), (x, y))
                y += font.get_linesize()

    def draw_announced(self, surface: pygame.Surface) -> None:
        r = self.announced_rect
        window = self.view.get("window") or {}
        card = window.get("card")
        if card:
            surface.blit(self.art.face(self.game, card, r.size), r.topleft)
        else:  # an inquisition call has no card: show the inquisitor's mark instead
            pygame.draw.rect(surface, theme.WOOD_DARK, r, border_radius=8)
            icon = get_icon("inquisitor", min(r.w, r.h) - 20, theme.HIGHLIGHT)
            surface.blit(icon, icon.get_rect(center=r.center))
        pygame.draw.rect(surface, theme.HIGHLIGHT, r, 2, border_radius=8)

    def draw_banner_extras(self, surface: pygame.Surface) -> None:
        pass
