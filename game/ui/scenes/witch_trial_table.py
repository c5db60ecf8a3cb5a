"""The Witch Trial courtroom (witch_trial.md W3, W4, W7, W9; DESIGN D3, D6).

``WitchTrialTableScene(app, source)`` draws ``source.view()`` (W9 plus the engine's
documented extra fields) and turns drags, clicks and keys into W7 commands sent with
``source.submit``. It never decides legality: ``source.legal()`` only lights targets,
fills prompts and picks which buttons to offer; whatever the player does goes to the
engine, and a refusal snaps the card back with the engine's own message.

What goes where (zones from ``assets/layouts/witch_trial.tmx``): ``seat_0`` is the seat
on screen, ``seat_k`` the k-th seat after it; a seat panel shows the name, money, the
hand as backs with a count and the pending case (suspect + charge). ``deck``,
``lineup_1`` … ``lineup_5`` (slot 1 next to the deck, $20 … free) and ``discard`` form
the market row; ``court_fees`` the pot; ``jury_box`` twelve seats with the marker at the
Jury Value (it glides when the value changes); ``court`` the trial (stage, whose play,
prosecutor and defender, the case and every card played; the plea dialog and the Short
Memory picker open over it); ``dice`` the last roll(s) with their purpose; ``banner``
the prompt line and buttons, or the public banner (D3) when nobody's hand is shown;
``hand`` the shown seat's hand, fanned.

Input paths for every action:
* drag: a lineup card onto your hand = ``buy``; a Suspect / Charge from your hand onto
  its counterpart in the lineup = ``create_case``; Evidence, witnesses (Suspects),
  Charges and Motions into the court = ``play`` (Short Memory opens a discard picker);
  an Objection onto the motion = ``object``;
* click a card (it lifts), then click its target; click another player's pending case
  to defend it, your own to prosecute it;
* keys: 1-9 pick a hand card, Tab cycles its targets, Enter plays, Esc cancels;
  B buy, C create a case (prompts), D defend, P prosecute, Space pass, R rest,
  N no objection / no plea offer, O object, Left/Right set a plea, Enter offers it,
  A / X accept / decline a plea, ? help.
"""
from __future__ import annotations

import logging
from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.icons import get_icon
from game.ui.input import InputEvent
from game.ui.scenes import witch_trial_text as words
from game.ui.scenes.table_base import (FLY_SECONDS, Pick, Prompt, Rect, TableScene, Target, panel,
                                       scale_design_rects, text, unique_targets)
from game.ui.sprites import CardSprite
from game.ui.tables import register_table
from game.ui.widgets import Banner, Button, Stepper

log = logging.getLogger(__name__)

CARD_RATIO = 1.4
JURY_SEATS = 12
GUILTY_AT = 13
PLEA_STEP = 5
JURY_SECONDS = 0.6
DICE_SECONDS = 0.45
STAGES = [("prosecution", "Prosecution"), ("defense", "Defense"), ("final", "Final argument"), ("plea", "Plea")]
PROSECUTION_COLOUR = theme.JURY_GUILTY
DEFENSE_COLOUR = theme.JURY_INNOCENT
FIXED_ZONES = ("deck", "discard", "lineup_1", "lineup_2", "lineup_3", "lineup_4", "lineup_5",
               "court_fees", "jury_box", "court", "dice", "banner", "log", "message", "hand")


_PANELS: dict[tuple, pygame.Surface] = {}
_PANEL_KEY = (255, 0, 255)  # the colour key of a cached panel's corners (no theme colour)


def felt_panel(surface: pygame.Surface, rect, color=theme.PANEL, alpha: int = 225, **kw: Any) -> None:
    """A panel on the bare felt: the translucent colour pre-blended, drawn solid (the
    same look as ``panel`` there, without a per-panel alpha surface).

    Drawn once per size and colours, then blitted: a rounded rect filled at 1920x1080
    costs more than a blit. The corners are colour-keyed (pygame's rounded rects are not
    anti-aliased), so whatever lies under them shows exactly as when drawn directly."""
    r = pygame.Rect(rect)
    fill = theme.mix(theme.FELT, color, alpha / 255)
    if r.w <= 0 or r.h <= 0:
        panel(surface, r, color=fill, alpha=255, **kw)
        return
    key = (r.size, tuple(fill), tuple(sorted((k, tuple(v) if isinstance(v, (list, tuple)) else v)
                                             for k, v in kw.items())))
    surf = _PANELS.get(key)
    if surf is None:
        if len(_PANELS) > 256:  # window resizes make new sizes; keep the cache small
            _PANELS.clear()
        surf = pygame.Surface(r.size)
        surf.fill(_PANEL_KEY)
        panel(surf, surf.get_rect(), color=fill, alpha=255, **kw)
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        surf.set_colorkey(_PANEL_KEY, pygame.RLEACCEL)
        _PANELS[key] = surf
    surface.blit(surf, r.topleft)


def _chance_at_least(need: int) -> float:
    """P(2d6 >= need)."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need)
    return hits / 36


def _fallback_zones(n: int, w: int, h: int) -> dict[str, Rect]:
    """Built-in zones (the 1920x1080 map of witch_trial.tmx, scaled) for a missing layout."""
    base: dict[str, tuple[int, int, int, int]] = {
        "deck": (8, 222, 150, 224), "discard": (966, 222, 150, 224), "court_fees": (1124, 222, 284, 224),
        "jury_box": (1416, 222, 496, 340), "court": (8, 454, 1100, 298), "dice": (1116, 454, 292, 298),
        "log": (1416, 570, 496, 502), "banner": (8, 760, 1400, 86), "seat_0": (8, 854, 300, 218),
        "message": (316, 854, 1092, 26), "hand": (316, 884, 1092, 188),
    }
    for i in range(5):
        base[f"lineup_{i + 1}"] = (166 + 158 * i, 222, 150, 224)
    others = max(1, n - 1)
    sw = min(460, (1904 - 8 * (others - 1)) // others)
    x0 = (1920 - (sw * others + 8 * (others - 1))) // 2
    for k in range(1, n):
        base[f"seat_{k}"] = (x0 + (k - 1) * (sw + 8), 8, sw, 204)
    return scale_design_rects(base, w, h)


def _fit_card(zone: pygame.Rect, top_pad: int = 0, bottom_pad: int = 0) -> pygame.Rect:
    """The largest card (ratio 1.4) centred in ``zone`` below ``top_pad``."""
    h = max(20, zone.h - top_pad - bottom_pad)
    w = int(h / CARD_RATIO)
    if w > zone.w - 4:
        w = zone.w - 4
        h = int(w * CARD_RATIO)
    r = pygame.Rect(0, 0, w, h)
    r.midtop = (zone.centerx, zone.y + top_pad)
    return r


class SideBanner(Banner):
    """The public banner laid out for a low strip: the prompt on the left, the buttons
    in one row on the right (the shared Banner stacks them, which needs more height)."""

    def _layout(self) -> None:
        if not self.buttons:
            return
        f = get_font(self.font_size - 2, bold=True)
        widths = [max(100, f.size(b.label)[0] + 30) for b in self.buttons]
        gap = 10
        room = int(self.rect.w * 0.5)
        if sum(widths) + gap * (len(widths) - 1) > room:
            scale = (room - gap * (len(widths) - 1)) / max(1, sum(widths))
            widths = [int(w * scale) for w in widths]
        bh = max(26, min(44, self.rect.h - 14))
        x = self.rect.right - 10 - (sum(widths) + gap * (len(widths) - 1))
        for b, w in zip(self.buttons, widths):
            b.set_rect((x, self.rect.centery - bh // 2, w, bh))
            x += w + gap

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        felt_panel(surface, self.rect, color=theme.PANEL, alpha=245, edge=theme.HIGHLIGHT, width=3)
        right = min((b.rect.x for b in self.buttons), default=self.rect.right - 10)
        font = get_font(self.font_size, bold=True)
        lines = wrap_text(self.prompt, font, max(80, right - self.rect.x - 24))[:2]
        y = self.rect.centery - len(lines) * font.get_linesize() // 2
        for line in lines:
            surface.blit(font.render(line, True, theme.HIGHLIGHT), (self.rect.x + 14, y))
            y += font.get_linesize()
        for b in self.buttons:
            b.draw(surface)


@register_table("witch_trial")
class WitchTrialTableScene(TableScene):
    game = "witch_trial"
    REQUIRED_ZONES = FIXED_ZONES
    NO_ANSWERS_UNSUPPORTED = "The player asked must answer at the screen."

    def __init__(self, app, source) -> None:
        self.slot_rects: dict[int, pygame.Rect] = {}
        self.case_rects: dict[int, pygame.Rect] = {}
        self.case_cards: dict[str, pygame.Rect] = {}
        self.court_cards: dict[str, pygame.Rect] = {}
        self.motion_rect: pygame.Rect | None = None
        self.jury_centers: list[tuple[int, int]] = []
        self.jury_radius = 10
        self.jury_anim: list[float] | None = None
        self.plea_value = 0
        self.plea_key: Any = None
        self.stepper: Stepper | None = None
        self.dialog_rect: pygame.Rect | None = None
        self.picker_rects: dict[str, pygame.Rect] = {}
        self.picker_box: pygame.Rect | None = None
        self._geo_key: Any = None
        self._flown: set[str] = set()
        self._seat_cache: dict[int, tuple] = {}
        self.die_rects: list[pygame.Rect] = []
        self.dice_anim: float | None = None
        self._shades: dict[tuple, pygame.Surface] = {}
        # what drawing a panel left besides pixels (draw_region)
        self._regions: dict[str, Any] = {}
        self._sides: tuple[Any, dict[str, Any]] = (None, {})
        # the static surface drawn last and what lies where on it (draw_table)
        self._painted: pygame.Surface | None = None
        self._painted_size: tuple[int, int] | None = None
        self._placed: dict[Any, Any] = {}
        self._placed_seat_surfs: dict[Any, pygame.Surface] = {}
        super().__init__(app, source)

    # ------------------------------------------------------------------ geometry --
    def fallback_rects(self, players: int, w: int, h: int) -> dict[str, Rect]:
        return _fallback_zones(players, w, h)

    def on_layout(self) -> None:
        self.slot_rects = {}
        for i in range(1, 6):
            zone = pygame.Rect(self.rects[f"lineup_{i}"])
            self.slot_rects[i] = _fit_card(zone, top_pad=self._price_band(zone), bottom_pad=2)
        self._geo_key = None
        if self.pick is not None and self.picker_rects:
            self.layout_picker()  # the window changed size while the Short Memory picker was open

    @staticmethod
    def _price_band(zone: pygame.Rect) -> int:
        return max(15, zone.h // 8)

    def card_size(self) -> tuple[int, int]:
        hand = pygame.Rect(self.rects["hand"])
        h = max(60, hand.h - 20)
        return (int(h / CARD_RATIO), h)

    def lineup_card_size(self) -> tuple[int, int]:
        r = self.slot_rects.get(1)
        return (r.w, r.h) if r is not None else (90, 126)

    def hand_slots(self, count: int) -> list[tuple[int, int]]:
        hand = pygame.Rect(self.rects["hand"])
        cw, ch = self.card_size()
        slots: list[tuple[int, int]] = []
        if count <= 0:
            return slots
        gap = max(4, cw // 12)
        step = cw + gap
        total = count * cw + (count - 1) * gap
        if total > hand.w - 8 and count > 1:
            step = (hand.w - 8 - cw) / (count - 1)
            total = hand.w - 8
        x0 = hand.centerx - total / 2
        mid = (count - 1) / 2
        for i in range(count):
            arc = int(abs(i - mid) ** 2 * max(1, ch // 70))  # a gentle fan: the ends sit lower
            slots.append((int(x0 + i * step), hand.y + 8 + min(arc, ch // 14)))
        return slots

    def seat_geometry(self, zone: pygame.Rect) -> dict[str, pygame.Rect]:
        """Sub-rects of a seat panel: header, money line, hand backs, the case's two cards."""
        hh = max(18, min(34, zone.h // 6))
        body = pygame.Rect(zone.x + 12, zone.y + hh + 6, zone.w - 18, zone.h - hh - 10)
        label_h = max(12, body.h // 8)
        ch = body.h - label_h - 2
        cw = int(ch / CARD_RATIO)
        if cw * 2 + 6 > body.w * 0.58:
            cw = int((body.w * 0.58 - 6) / 2)
            ch = int(cw * CARD_RATIO)
        case = pygame.Rect(body.right - (cw * 2 + 6), body.y + label_h + 2, cw * 2 + 6, ch)
        left = pygame.Rect(body.x, body.y, case.x - body.x - 8, body.h)
        return {"header": pygame.Rect(zone.x, zone.y, zone.w, hh + 4), "left": left, "case": case,
                "suspect": pygame.Rect(case.x, case.y, cw, ch), "charge": pygame.Rect(case.x + cw + 6, case.y, cw, ch),
                "case_label": pygame.Rect(case.x, body.y, case.w, label_h)}

    def geometry(self) -> None:
        """View-dependent rects (cases, court cards, the motion, the jury seats), once per view."""
        key = (self._seen, self.size)
        if key == self._geo_key:
            return
        self._geo_key = key
        self.case_rects, self.case_cards, self.court_cards = {}, {}, {}
        for seat in range(self.players):
            zone = self.seat_zone(seat)
            if zone is None:
                continue
            g = self.seat_geometry(zone)
            p = self.player(seat)
            case = p.get("pending_case")
            if case:
                self.case_rects[seat] = g["case"]
                self.case_cards[case["suspect"]] = g["suspect"]
                self.case_cards[case["charge"]] = g["charge"]
        self._court_geometry()
        self._jury_geometry()

    def _court_geometry(self) -> None:
        court = pygame.Rect(self.rects["court"])
        self.motion_rect = None
        trial = self.view.get("trial")
        strip = self.court_strip_h(court)
        area = pygame.Rect(court.x + 10, court.y + strip + 8, court.w - 20, court.h - strip - 14)
        self.court_area = area
        if not trial:
            return
        label_h = max(13, area.h // 9)
        ch = area.h - label_h - 4
        cw = int(ch / CARD_RATIO)
        names_w = max(110, area.w // 6)
        x = area.x + names_w
        y = area.y + label_h + 2
        self.court_cards[trial["suspect"]] = pygame.Rect(x, y, cw, ch)
        self.court_cards[trial["charge"]] = pygame.Rect(x + cw + 6, y, cw, ch)
        px = x + 2 * cw + 6 + max(14, cw // 4)
        self.played_x = px
        played = self.played_row(trial)
        # many cards: first shrink them (to 60 %), only then let them overlap
        pw, ph = cw, ch
        if played and len(played) * (cw + 6) > area.right - px:
            pw = max(int(cw * 0.6), (area.right - px) // len(played) - 6)
            ph = int(pw * CARD_RATIO)
        room = area.right - px - pw
        step = pw + 6
        if len(played) > 1 and step * (len(played) - 1) > room:
            step = max(8, room // (len(played) - 1))
        for i, card in enumerate(played):
            self.court_cards[card] = pygame.Rect(px + i * step, y + ch - ph, pw, ph)
        motion = trial.get("motion")
        if motion and motion.get("card") in self.court_cards:
            self.motion_rect = self.court_cards[motion["card"]]

    @staticmethod
    def played_row(trial: dict) -> list[str]:
        """Trial cards after the case: a replaced case charge first, then every card played
        except the charge now in force (it sits beside the suspect)."""
        row = [trial["case_charge"]] if trial.get("case_charge") in (trial.get("replaced") or []) else []
        return row + [c for c in trial.get("played") or [] if c != trial.get("charge")]

    def court_strip_h(self, court: pygame.Rect) -> int:
        return max(22, min(40, court.h // 7))

    def _jury_geometry(self) -> None:
        box = pygame.Rect(self.rects["jury_box"])
        head = max(20, box.h // 7)
        foot = max(30, box.h // 4)
        area = pygame.Rect(box.x + 10, box.y + head + 10, box.w - 20, box.h - head - foot - 14)
        cols, rows = 6, 2
        cell_w, cell_h = area.w / cols, area.h / rows
        r = int(max(8, min(cell_w, cell_h) * 0.38))
        self.jury_radius = r
        self.jury_centers = []
        for value in range(1, JURY_SEATS + 1):
            i = value - 1
            row, col = divmod(i, cols)
            self.jury_centers.append((int(area.x + cell_w * (col + 0.5)), int(area.y + cell_h * (row + 0.5))))

    # ------------------------------------------------------------------ helpers ----
    def name(self, seat: Any) -> str:
        return words.seat_name(seat, list(self.source.players))

    def trial(self) -> dict:
        return self.view.get("trial") or {}

    def banner_seats(self) -> list[int]:
        fn = getattr(self.source, "banner_seats", None)
        if fn is not None:
            return list(fn())
        if self.view.get("seat") is not None:
            return []
        return [s for s in self.pending_public() if self.source.is_human(s)]

    def lineup_slot_of(self, card_id: str) -> int | None:
        for i, c in enumerate(self.view.get("lineup") or []):
            if c == card_id:
                return i + 1
        return None

    def side_of(self, card_id: str) -> str | None:
        """Which side played a trial card (from the public ``play`` events of the log; the
        last play of a card wins, read once per view rather than once per card drawn)."""
        if self._sides[0] != self._seen:
            sides: dict[str, Any] = {}
            for e in self.log_events:
                if e.get("type") == "play" and "card" in e:
                    sides[e["card"]] = e.get("side")
            self._sides = (self._seen, sides)
        return self._sides[1].get(card_id)

    def plea_window(self) -> dict | None:
        plea = self.trial().get("plea")
        return plea if isinstance(plea, dict) else None

    # ------------------------------------------------------------------ sprites ----
    def rebuild_sprites(self, old_view: dict | None) -> None:
        """The hand (base), plus the lineup as draggable sprites; a bought card flies
        from its slot into the hand."""
        old_lineup = {s.card_id: s.rect.topleft for s in self.group.sprites()
                      if isinstance(s, CardSprite) and s.zone == "lineup"}
        super().rebuild_sprites(old_view)
        for s in list(self.group.sprites()):
            if isinstance(s, CardSprite) and s.zone == "lineup":
                s.kill()
        if not self.slot_rects:
            return
        size = self.lineup_card_size()
        lineup = self.view.get("lineup") or []
        for i, card in enumerate(lineup):
            if card is None:
                continue
            r = self.slot_rects[i + 1]
            home = r.topleft
            if card == self.selected:
                home = (home[0], home[1] - size[1] // 8)
            sprite = CardSprite(card, self.art.face(self.game, card, size), home,
                                draggable=self.my_seat() is not None, zone="lineup")
            self.group.add(sprite, layer=0)
            if old_view is not None and card in old_lineup and old_lineup[card] != home:
                sprite.rect.topleft = old_lineup[card]
                sprite.fly_to(home, 0.25 * self.anim_factor)
        if old_view is not None:
            for s in self.group.sprites():
                if isinstance(s, CardSprite) and s.zone == "hand" and s.card_id in old_lineup:
                    s.rect.topleft = old_lineup[s.card_id]
                    s.fly_to(s.home, FLY_SECONDS * self.anim_factor)

    def snap_home(self) -> None:
        for s in self.group.sprites():
            if isinstance(s, CardSprite) and s.rect.topleft != s.home:
                s.fly_to(s.home, 0.18 * self.anim_factor)
        self.dirty = True

    # ------------------------------------------------------------------ targets ----
    def targets_for(self, card_id: str) -> list[Target]:
        out: list[Target] = []
        slot = self.lineup_slot_of(card_id)
        if slot is not None and card_id not in self.my_hand():
            if {"type": "buy", "slot": slot} in self.legal_cmds:
                out.append(("hand", None))
            return out
        for c in self.legal_cmds:
            if c.get("card") != card_id:
                continue
            t = c.get("type")
            if t == "create_case":
                out.append(("slot", c["slot"]))
            elif t == "play":
                out.append(("court", None))
            elif t == "object":
                out.append(("motion", None))
        return unique_targets(out)

    def target_rect(self, target: Target) -> pygame.Rect | None:
        self.geometry()
        kind, key = target
        if kind == "slot":
            return self.slot_rects.get(key)
        if kind == "motion":
            return self.motion_rect
        if kind == "case":
            return self.case_rects.get(key)
        if kind == "pick":
            return self.picker_rects.get(key)
        if kind == "court":
            return pygame.Rect(self.rects["court"])
        if kind in ("hand", "deck", "discard", "dice", "jury_box", "court_fees", "banner", "log"):
            r = self.rects.get(kind)
            return pygame.Rect(r) if r is not None else None
        return None

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        self.geometry()
        if self.pick is not None and self.picker_rects:
            for cid, r in self.picker_rects.items():
                if r.collidepoint(pos):
                    return ("pick", cid)
            return None
        if self.motion_rect is not None and self.motion_rect.inflate(12, 12).collidepoint(pos):
            return ("motion", None)
        for slot, r in self.slot_rects.items():
            if pygame.Rect(self.rects[f"lineup_{slot}"]).collidepoint(pos):
                return ("slot", slot)
        for name in ("court", "hand"):
            if pygame.Rect(self.rects[name]).collidepoint(pos):
                return (name, None)
        for seat, r in self.case_rects.items():
            if r.collidepoint(pos):
                return ("case", seat)
        return None

    def hover_target_key(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        key = super().hover_target_key(pos)
        if key is not None:
            return key
        self.geometry()
        if self.pick is not None:
            for cid, r in self.picker_rects.items():
                if r.collidepoint(pos):
                    return ("card", cid)
            return None
        for mapping in (self.court_cards, self.case_cards):
            hit = None
            for cid, r in mapping.items():
                if r.collidepoint(pos):
                    hit = cid  # the last drawn (topmost) wins
            if hit is not None:
                return ("card", hit)
        disc = pygame.Rect(self.rects["discard"])
        if disc.collidepoint(pos) and self.view.get("discard"):
            return ("card", self.view["discard"][-1])
        return None

    # ------------------------------------------------------------------- acting ----
    def act(self, card_id: str | None, target: Target, anchor: tuple[int, int]) -> bool:
        """Turn "this card on that target" into a W7 command and send it (module doc)."""
        if card_id is None:
            return False
        kind, key = target
        in_hand = card_id in self.my_hand()
        slot = None if in_hand else self.lineup_slot_of(card_id)
        if slot is not None:
            if kind == "hand":
                return self.send({"type": "buy", "slot": slot}, card_id)
            if kind == "slot" and key == slot:
                return False  # dropped back where it lay
            self.toast(f"Drag {words.card_name(card_id)} down into your hand to buy it.")
            return False
        if not in_hand:
            return False
        if kind == "hand":
            return False  # put back into the hand: nothing to do
        if kind == "slot":
            return self.send({"type": "create_case", "card": card_id, "slot": key}, card_id)
        if kind == "motion":
            return self.send({"type": "object", "card": card_id}, card_id)
        if kind == "court":
            if words.card_type(card_id) == "objection" and self.trial().get("motion"):
                return self.send({"type": "object", "card": card_id}, card_id)
            if words.kind_of(card_id) == "short_memory":
                return self.open_short_memory(card_id)
            return self.send({"type": "play", "card": card_id}, card_id)
        if kind == "case":
            self.toast("To defend a case, click it with no card picked (or press D).")
            return False
        return False

    def send(self, command: dict, card: str | None = None) -> bool:
        """Submit; on success fly the card to where it now lies, on refusal snap back."""
        sprite = None
        if card is not None:
            sprite = next((s for s in self.group.sprites() if isinstance(s, CardSprite) and s.card_id == card), None)
        start = sprite.rect.topleft if sprite is not None else None
        if self.submit(command):
            if card and start is not None and card not in self.my_hand():
                self.geometry()
                dest = self.court_cards.get(card) or self.case_cards.get(card)
                if dest is not None:
                    self.fly(self.art.face(self.game, card, dest.size), start, dest.topleft)
                    self._flown.add(card)
            return True
        self.snap_home()
        return False

    def open_short_memory(self, card_id: str) -> bool:
        """Short Memory names a discard card: pick it in a small picker over the court."""
        choices: list[str] = []
        kinds: set[str] = set()
        for c in self.legal_cmds:
            choice = c.get("choice")
            # two copies of a kind are the same card to take back: offer each kind once
            if c.get("type") == "play" and c.get("card") == card_id and choice and words.kind_of(choice) not in kinds:
                kinds.add(words.kind_of(choice))
                choices.append(choice)
        if not choices:
            # no choice on offer: let the engine say why (empty discard, not your play …)
            return self.send({"type": "play", "card": card_id}, card_id)

        def picked(t: Target, card=card_id) -> None:
            self.picker_rects = {}
            self.send({"type": "play", "card": card, "choice": t[1]}, card)

        def cancelled() -> None:
            self.picker_rects = {}
            self.snap_home()

        self.pick = Pick("Short Memory: click the discard card to take back (Tab + Enter, Esc cancels)",
                         [("pick", c) for c in choices], picked, cancelled)
        self.layout_picker()
        self.message = self.pick.title
        self.snap_home()
        return True

    def layout_picker(self) -> None:
        if self.pick is None:
            return
        cards = [t[1] for t in self.pick.targets]
        box = pygame.Rect(self.rects["court"]).unionall(
            [pygame.Rect(self.rects[k]) for k in ("dice", "deck", "court_fees")]).inflate(-4, -4)
        head = max(22, box.h // 9)
        inner = pygame.Rect(box.x + 10, box.y + head + 6, box.w - 20, box.h - head - 12)
        n = max(1, len(cards))
        best = None
        for rows in range(1, n + 1):
            cols = -(-n // rows)
            cw = min((inner.w - 6 * (cols - 1)) / cols, (inner.h - 6 * (rows - 1)) / rows / CARD_RATIO)
            if best is None or cw > best[0]:
                best = (cw, rows, cols)
        cw, rows, cols = best
        cw = int(max(24, cw))
        ch = int(cw * CARD_RATIO)
        self.picker_box = box
        self.picker_rects = {}
        x0 = inner.centerx - (cols * (cw + 6) - 6) // 2
        for i, cid in enumerate(cards):
            r, c = divmod(i, cols)
            self.picker_rects[cid] = pygame.Rect(x0 + c * (cw + 6), inner.y + r * (ch + 6), cw, ch)

    # -------------------------------------------------------- turn / trial actions --
    def do(self, command: dict) -> None:
        self.submit(command)

    def defend(self, owner: int | None = None) -> None:
        options = [c["case_owner"] for c in self.legal_of("defend")]
        if owner is not None:
            self.submit({"type": "defend", "case_owner": owner})
            return
        if len(options) == 1:
            self.submit({"type": "defend", "case_owner": options[0]})
            return
        if not options:
            self.toast("There is no case you can defend now.")
            return
        labels = []
        for o in options:
            case = self.player(o).get("pending_case") or {}
            labels.append((f"{self.name(o)}'s case: {words.card_name(case.get('suspect'))} for "
                           f"{words.card_name(case.get('charge'))}", o))
        self.prompt = Prompt("Defend whose case?", labels, lambda o: self.submit({"type": "defend", "case_owner": o}),
                             None, anchor=pygame.Rect(self.rects["court"]).center)

    def buy_prompt(self) -> None:
        options = self.legal_of("buy")
        if not options:
            self.toast("You cannot buy now." if self.my_seat() is not None else "Nobody is at the table.")
            return
        lineup = self.view.get("lineup") or []
        prices = self.view.get("prices") or [20, 15, 10, 5, 0]
        labels = [(f"Slot {c['slot']}: {words.card_name(lineup[c['slot'] - 1])} \u2014 "
                   f"{'free' if not prices[c['slot'] - 1] else '$' + str(prices[c['slot'] - 1])}", c) for c in options]
        self.prompt = Prompt("Buy which lineup card?", labels, lambda c: self.send(c, lineup[c["slot"] - 1]),
                             None, anchor=pygame.Rect(self.rects["court"]).center)

    def case_prompt(self) -> None:
        options = self.legal_of("create_case")
        if not options:
            self.toast("No case can be built now (a Suspect and a Charge, one from your hand, one from the lineup).")
            return
        lineup = self.view.get("lineup") or []
        labels = [(f"{words.card_name(c['card'])} (hand) + {words.card_name(lineup[c['slot'] - 1])} "
                   f"(slot {c['slot']})", c) for c in options]
        self.prompt = Prompt("Build which case?", labels, lambda c: self.send(c, c["card"]), None,
                             anchor=pygame.Rect(self.rects["court"]).center)

    def object_now(self) -> None:
        options = self.legal_of("object")
        if not options:
            self.toast("You hold no Objection.")
            return
        self.send(options[0], options[0]["card"])

    def offer_plea(self) -> None:
        self.submit({"type": "offer_plea", "to_prosecution": int(self.plea_value)})

    # ------------------------------------------------------------------ buttons ----
    def make_buttons(self) -> list[Button]:
        self.stepper = None
        self.dialog_rect = None
        specs: list[tuple[str, str, Any, int | None, str]] = []
        plea = self.plea_window()
        if self.legal_of("offer_plea") and plea is not None:
            return self._plea_offer_widgets(plea)
        if self.legal_of("answer_plea") and plea is not None:
            return self._plea_answer_widgets(plea)
        if self.legal_of("no_objection"):
            if self.legal_of("object"):
                specs.append(("object", "Object! (O)", self.object_now, pygame.K_o, "danger"))
            specs.append(("no_objection", "No objection (N)", lambda: self.do({"type": "no_objection"}),
                          pygame.K_n, "normal"))
        if self.legal_of("rest"):
            specs.append(("rest", "Rest (R)", lambda: self.do({"type": "rest"}), pygame.K_r, "primary"))
        defends = self.legal_of("defend")
        if self.legal_of("prosecute"):
            specs.append(("prosecute", "Prosecute (P)", lambda: self.do({"type": "prosecute"}), pygame.K_p, "danger"))
        if len(defends) == 1:
            owner = defends[0]["case_owner"]
            specs.append((f"defend:{owner}", f"Defend {self.name(owner)} (D)", lambda o=owner: self.defend(o),
                          pygame.K_d, "normal"))
        elif defends:
            for c in defends:
                owner = c["case_owner"]
                specs.append((f"defend:{owner}", f"Defend {self.name(owner)}", lambda o=owner: self.defend(o),
                              None, "normal"))
        if self.legal_of("pass"):
            specs.append(("pass", "Pass (Space)", lambda: self.do({"type": "pass"}), pygame.K_SPACE, "normal"))
        if not specs:
            return []
        bar = pygame.Rect(self.rects["banner"])
        bh = max(28, min(44, bar.h - 14))
        size = max(13, min(20, bh // 2))
        font = get_font(size, bold=True)
        widths = [max(bh * 3, font.size(label)[0] + 28) for _n, label, *_ in specs]
        gap = 8
        room = int(bar.w * 0.62)
        total = sum(widths) + gap * (len(widths) - 1)
        if total > room:
            scale = (room - gap * (len(widths) - 1)) / max(1, sum(widths))
            widths = [int(w * scale) for w in widths]
            total = sum(widths) + gap * (len(widths) - 1)
        x = bar.right - 8 - total
        y = bar.centery - bh // 2
        buttons = []
        for (name, label, action, hotkey, style), w in zip(specs, widths):
            buttons.append(Button((x, y, w, bh), label, action, style=style, font_size=size, hotkey=hotkey, name=name))
            x += w + gap
        return buttons

    def _dialog(self, rows: int) -> pygame.Rect:
        court = pygame.Rect(self.rects["court"])
        w = max(360, min(court.w - 40, 620))
        row = max(32, min(46, court.h // 6))
        h = row * rows + 24
        r = pygame.Rect(0, 0, w, h)
        r.center = court.center
        r.clamp_ip(pygame.Rect(0, 0, *self.size))
        self.dialog_rect = r
        return r

    def _plea_offer_widgets(self, plea: dict) -> list[Button]:
        fees = int(self.view.get("court_fees") or 0)
        key = (self.view.get("state_id"), fees)
        if self.plea_key != key:
            self.plea_key = key
            self.plea_value = (fees // 2) // PLEA_STEP * PLEA_STEP
        box = self._dialog(5)
        row = (box.h - 24) // 5
        size = max(14, min(20, row // 2))
        trial = self.trial()
        pros, dfn = self.name(trial.get("prosecutor")), self.name(trial.get("defender"))

        def fmt(v: int) -> str:
            return f"${v} to {pros}  \u00b7  ${fees - v} to {dfn}"

        def changed(v: int) -> None:
            self.plea_value = v
            self.dirty = True

        self.stepper = Stepper((box.x + 16, box.y + 12 + row * 2 + 4, box.w - 32, row - 6), self.plea_value, 0, fees,
                               step=PLEA_STEP, fmt=fmt, on_change=changed, font_size=size, name="plea_stepper")
        by = box.y + 12 + row * 4 - 2
        bw = (box.w - 48) // 2
        return [
            Button((box.x + 16, by, bw, row - 6), "Offer this split (Enter)", self.offer_plea, style="primary",
                   font_size=size, hotkey=pygame.K_RETURN, name="offer_plea"),
            Button((box.x + 32 + bw, by, bw, row - 6), "No offer, go on (N)", lambda: self.do({"type": "no_plea"}),
                   font_size=size, hotkey=pygame.K_n, name="no_plea"),
        ]

    def _plea_answer_widgets(self, plea: dict) -> list[Button]:
        box = self._dialog(4)
        row = (box.h - 24) // 4
        size = max(14, min(20, row // 2))
        by = box.y + 12 + row * 3 - 2
        bw = (box.w - 48) // 2
        return [
            Button((box.x + 16, by, bw, row - 6), "Accept (A)", lambda: self.do({"type": "answer_plea", "accept": True}),
                   style="primary", font_size=size, hotkey=pygame.K_a, name="accept_plea"),
            Button((box.x + 32 + bw, by, bw, row - 6), "Decline (X)",
                   lambda: self.do({"type": "answer_plea", "accept": False}), style="danger", font_size=size,
                   hotkey=pygame.K_x, name="decline_plea"),
        ]

    def make_banner(self) -> Banner | None:
        """The public banner (D3): an open Motion window seen by anyone but the lawyer
        asked, or a hot-seat table waiting for someone to sit down."""
        v = self.view
        seat = v.get("seat")
        motion = self.trial().get("motion")
        seats = self.banner_seats()
        actions: list[tuple[str, str, Any]] = []
        if v.get("over"):
            return None
        if motion and seat != motion.get("awaiting"):
            awaiting = motion.get("awaiting")
            asked = [s for s in seats if s == awaiting] or (
                [awaiting] if seat is None and isinstance(awaiting, int) and self.source.is_human(awaiting) else [])
            for s in asked:
                actions.append((f"seat:{s}", f"{self.name(s)} answers", lambda s=s: self.source.request_seat(s)))
            can_pass_all = getattr(self.source, "can_pass_all", None)
            if seat is None and asked and can_pass_all is not None and can_pass_all():
                actions.append(("no_objection", "No objection (N)", self.no_answers))
            prompt = (f"Objection? {self.name(motion.get('by'))} moves {words.card_name(motion.get('card'))}. "
                      f"{self.name(awaiting)} may object or let it stand.")
        elif seat is None and seats:
            for s in seats:
                actions.append((f"seat:{s}", self.name(s), lambda s=s: self.source.request_seat(s)))
            prompt = "Who sits at the screen now? " + ", ".join(self.name(s) for s in seats) + " may act."
        else:
            return None
        r = pygame.Rect(self.rects["banner"])
        size = max(14, min(20, r.h // 3))
        banner = SideBanner(r, prompt, [(lbl, cb) for _n, lbl, cb in actions], font_size=size)
        for b, (name, _lbl, _cb) in zip(banner.buttons, actions):
            b.name = name
            if name == "no_objection":
                b.hotkey = pygame.K_n
        return banner

    # ------------------------------------------------------------------- input ----
    def handle(self, event: InputEvent) -> None:
        st = self.stepper
        if st is not None and self.prompt is None and not self.help_open:
            if event.is_left_press and st.rect.collidepoint(event.pos):
                st.handle(event)
                self.dirty = True
                return
            if event.kind == uinput.KEY and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_MINUS,
                                                          pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_MINUS,
                                                          pygame.K_KP_PLUS, pygame.K_UP, pygame.K_DOWN):
                up = event.key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_UP)
                st.change(PLEA_STEP if up else -PLEA_STEP)
                self.dirty = True
                return
            if event.kind == uinput.MOVE:
                st.handle(event)
        super().handle(event)

    def on_key(self, key: int, mod: int) -> None:
        if self.prompt is None and self.pick is None and not self.help_open and self.selected is None:
            if key == pygame.K_b and self.legal_of("buy"):
                self.dirty = True
                self.buy_prompt()
                return
            if key == pygame.K_c and self.legal_of("create_case"):
                self.dirty = True
                self.case_prompt()
                return
            if key == pygame.K_d and len(self.legal_of("defend")) > 1:
                self.dirty = True
                self.defend()
                return
        super().on_key(key, mod)

    def on_table_click(self, pos: tuple[int, int]) -> None:
        """A click on a pending case: defend someone else's, prosecute your own."""
        self.geometry()
        me = self.my_seat()
        for seat, r in self.case_rects.items():
            if r.collidepoint(pos):
                if me is None:
                    return
                if seat == me:
                    self.submit({"type": "prosecute"})
                else:
                    self.submit({"type": "defend", "case_owner": seat})
                return

    # ------------------------------------------------------------- view changes ----
    def on_view_changed(self, old: dict, new: dict) -> None:
        a = (old.get("trial") or {}).get("jury_value")
        b = (new.get("trial") or {}).get("jury_value")
        if isinstance(a, int) and isinstance(b, int) and a != b:
            start = self.shown_jury() if self.jury_anim is not None else float(a)
            self.jury_anim = [float(start), float(b), 0.0]
        elif not isinstance(b, int):
            self.jury_anim = None
        if self.pick is not None:
            self.picker_rects = {}
        self.fly_others_cards(old, new)
        if (new.get("last_rolls") or []) != (old.get("last_rolls") or []) and new.get("last_rolls"):
            self.dice_anim = 0.0  # fresh dice tumble for a moment before they settle

    def fly_others_cards(self, old: dict, new: dict) -> None:
        """Cards someone else just put into the court fly there from their seat, so a
        move made elsewhere (a LAN seat, a bot) can be followed."""
        old_trial, new_trial = old.get("trial") or {}, new.get("trial") or {}
        if not new_trial:
            self._flown = set()
            return
        before = set(old_trial.get("played") or [])
        fresh = [c for c in new_trial.get("played") or [] if c not in before and c not in self._flown]
        self.geometry()
        by_card = {e.get("card"): e.get("seat") for e in self.log_events[-12:] if e.get("type") == "play"}
        for i, card in enumerate(fresh[-3:]):
            dest = self.court_cards.get(card)
            seat = by_card.get(card)
            zone = self.seat_zone(seat) if isinstance(seat, int) else None
            if dest is None or zone is None or seat == new.get("seat"):
                continue
            start = (zone.centerx - dest.w // 2, zone.centery - dest.h // 2)
            self.fly(self.art.face(self.game, card, dest.size), start, dest.topleft, FLY_SECONDS, delay=0.06 * i)
        self._flown = set()

    def sync(self, force: bool = False) -> bool:
        changed = super().sync(force)
        if changed and self.pick is None:
            self.picker_rects = {}
        return changed

    def effects_running(self) -> bool:
        return self.jury_anim is not None or self.dice_anim is not None

    def step_effects(self, dt: float) -> None:
        if self.dice_anim is not None:
            self.dice_anim += dt / self.anim_factor
            self.dirty = True
            if self.dice_anim >= DICE_SECONDS:
                self.dice_anim = None
        if self.jury_anim is not None:
            self.jury_anim[2] += dt / self.anim_factor
            self.dirty = True
            if self.jury_anim[2] >= JURY_SECONDS:
                self.jury_anim = None

    def shown_jury(self) -> float | None:
        value = self.trial().get("jury_value")
        if self.jury_anim is None:
            return float(value) if isinstance(value, int) else None
        a, b, t = self.jury_anim
        t = min(1.0, t / JURY_SECONDS)
        t = 1 - (1 - t) ** 3
        return a + (b - a) * t

    # ------------------------------------------------------------------ message ----
    def status_message(self) -> str:
        v = self.view
        seat = v.get("seat")
        extra = getattr(self.source, "message", "") or ""
        if v.get("over"):
            return "The game is over."
        if seat is None or seat not in (v.get("to_act") or []):
            acting = [self.name(s) for s in self.pending_public()]
            base = f"Waiting for {', '.join(acting)}." if acting else ""
            return (extra + " " + base).strip()
        me = self.name(seat)
        trial = self.trial()
        if self.pick is not None:
            return self.pick.title
        if not trial:
            return (f"{me}: buy (lineup card \u2192 hand, B) \u00b7 case (Suspect/Charge \u2192 its partner, C) \u00b7 "
                    "defend (click a case, D) \u00b7 prosecute (P) \u00b7 pass (Space)")
        plea = trial.get("plea")
        if plea and plea.get("phase") == "offer":
            return f"{me}: offer a split of the Court Fees (\u2190 \u2192 in $5 steps, Enter) or make no offer (N)."
        if plea and plea.get("phase") == "answer":
            return f"{me}: accept (A) or decline (X) the plea offer."
        if trial.get("motion"):
            return f"{me}: drop an Objection on the motion (O), or let it stand (N)."
        if trial.get("phase") == "final":
            return f"{me}: final argument \u2014 play exactly one card into the court, or rest (R)."
        return f"{me}: drag cards into the court (1-9, Tab, Enter), then Rest (R)."

    def help_lines(self) -> list[str]:
        return [
            "Your turn is one action:",
            "  buy: drag a lineup card into your hand (slot 1 next to the deck costs $20 \u2026 slot 5 is free);",
            "  build a case: drag a Suspect (or Charge) from your hand onto a Charge (or Suspect) in the lineup;",
            "  defend: click another player's pending case;  prosecute: click your own case (P);  pass (Space).",
            "In a trial: drag Evidence, witnesses (Suspects), Charges and Motions into the court, then Rest (R).",
            "  An Objection dropped on the opponent's motion cancels it;  N lets it stand.",
            "  After a rest: offer a plea with \u2190 \u2192 and Enter, or no offer (N); answer with A / X.",
            "Or click a card, then click its target.  Right-click or hover zooms any card.",
            "Keys: 1-9 pick a hand card, Tab cycles targets, Enter plays, Esc cancels; B buy, C case, D defend.",
            "2d6 + Jury Value of 13 or more convicts: the prosecutor takes the Court Fees, else the defender.",
            "The wheel scrolls the game log.  F11 = full screen.",
        ]

    def describe_event(self, event: dict) -> str:
        return words.describe(event, list(self.source.players))

    # ------------------------------------------------------------------- drawing ----
    def draw_table(self, surface: pygame.Surface) -> None:
        """Every picture on the static table lies in a zone drawn by ``draw_region`` or
        ``draw_seat_cached``; on the surface painted last time only the zones whose
        content changed are painted again (on fresh felt), the rest is left as it is."""
        if self._painted is not surface or self._painted_size != surface.get_size():
            surface.fill(theme.FELT)
            self._painted, self._painted_size = surface, surface.get_size()
            self._placed = {}
        self.geometry()
        for seat in range(self.players):
            zone = self.seat_zone(seat)
            if zone is not None:
                self.draw_seat_cached(surface, seat, zone)
        v = self.view
        trial = self.trial()
        market = ["deck"] + [f"lineup_{i}" for i in range(1, 6)] + ["discard"]
        self.draw_region(surface, "market", market,
                         (v.get("deck_count", 0), repr(v.get("prices")), tuple(c is None for c in v.get("lineup") or []),
                          len(v.get("discard") or []), (v.get("discard") or [None])[-1]),
                         self.draw_market)
        self.draw_region(surface, "court_fees", ["court_fees"],
                         (v.get("court_fees", 0), v.get("bank_paid", 0), bool(trial), trial.get("court_money", 0)),
                         self.draw_court_fees)
        self.draw_region(surface, "jury_box", ["jury_box"],
                         (trial.get("jury_value"), trial.get("jury_start"), tuple(self.jury_centers), self.jury_radius),
                         self.draw_jury_box)
        self.draw_region(surface, "court", ["court"], self.court_key(), self.draw_court)
        self.draw_region(surface, "dice", ["dice"], self.dice_key(), self.draw_dice,
                         get=lambda: list(self.die_rects), put=self._put_die_rects)
        self.draw_region(surface, "bar", ["banner"], self.action_bar_key(),
                         lambda s: self.draw_action_bar(s) if self.banner is None else None)
        self.draw_region(surface, "hand", ["hand"], self.my_seat() is None and self.players > 1, self.draw_no_hand)

    def draw_no_hand(self, surface: pygame.Surface) -> None:
        if self.my_seat() is None and self.players > 1:
            hand = pygame.Rect(self.rects["hand"])
            msg = text("The screen shows no hand now \u2014 it is passed between players.", max(14, hand.h // 9),
                       theme.TEXT_MUTED)
            surface.blit(msg, msg.get_rect(center=hand.center))

    def draw_region(self, surface: pygame.Surface, name: str, zones: list[str], key: Any, draw: Any,
                    get: Any = None, put: Any = None) -> None:
        """Paint a panel of the static table only when what it shows changed: ``key`` is
        everything the panel reads. The static surface keeps its pixels from one view to
        the next, so an unchanged panel is simply left there; a changed one is cleared to
        bare felt and ``draw`` paints it as on a fresh table. The zones do not overlap one
        another, and every panel draws inside its zones. ``get``/``put`` save and restore
        what drawing leaves behind besides pixels (the dice rects)."""
        rects = [pygame.Rect(self.rects[z]).clip(surface.get_rect()) for z in zones]
        full = (tuple(tuple(r) for r in rects), key)
        if self._placed.get(name) == full:
            if put is not None:
                put(self._regions.get(name))
            return
        if self._placed.pop(name, None) is not None:
            for r in rects:  # the old picture goes: the panel is drawn on bare felt
                surface.fill(theme.FELT, r)
        draw(surface)
        self._regions[name] = get() if get is not None else None
        self._placed[name] = full

    def _put_die_rects(self, rects: list[pygame.Rect]) -> None:
        self.die_rects = list(rects)

    def court_key(self) -> Any:
        """Everything ``draw_court`` reads (names never change at a table)."""
        v = self.view
        trial = self.trial()
        if not trial:
            last = None
            for e in reversed(self.log_events):
                if e.get("type") in ("verdict", "plea", "mistrial", "continuance") and (
                        e.get("type") != "plea" or e.get("accepted")):
                    last = e
                    break
            return (None, v.get("stage"), bool(v.get("over")), repr(v.get("scores")), repr(v.get("winners")),
                    v.get("turn"), v.get("pass_streak", 0), repr(last))
        played = self.played_row(trial)
        return (repr(trial), v.get("stage"), tuple(self.side_of(c) for c in played),
                repr(sorted((k, tuple(r)) for k, r in self.court_cards.items())), getattr(self, "played_x", None))

    def dice_key(self) -> Any:
        """Everything ``draw_dice`` reads."""
        rolls = self.view.get("last_rolls") or []
        if not rolls:
            return ()
        trial = self.trial()
        verdict = None
        if rolls[0].get("purpose") == "verdict":
            verdict = next((e for e in reversed(self.log_events) if e.get("type") == "verdict"), None)
        return (repr(rolls), self.rolls_before_trial(), repr(verdict), bool(trial), trial.get("defender"))

    def shade(self, size: tuple[int, int], alpha: int) -> pygame.Surface:
        """A dark translucent veil, made once per size (a full-window SRCALPHA fill per
        frame costs milliseconds at 1920x1080)."""
        key = (tuple(size), alpha)
        surf = self._shades.get(key)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            surf.fill((0, 0, 0, alpha))
            self._shades[key] = surf
        return surf

    def draw_seat_cached(self, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> None:
        """Seat panels are redrawn only when something in them changed (most commands
        touch one or two of seven), which keeps the frame after a move short."""
        v = self.view
        trial = self.trial()
        p = {k: val for k, val in self.player(seat).items() if k != "hand"}
        marks = (any(c.get("type") == "defend" and c.get("case_owner") == seat for c in self.legal_cmds),
                 seat == v.get("seat") and {"type": "prosecute"} in self.legal_cmds)
        # the panel is drawn at (0, 0) and only then placed: its size matters, not where
        # it sits (the zones turn round the table when another seat takes the screen)
        key = (zone.size, seat, seat == v.get("seat"), self.seat_tags(seat), repr(sorted(p.items())), marks)
        cached = self._seat_cache.get(seat)
        if cached is None or cached[0] != key:
            if cached is not None and cached[1].get_size() == zone.size:
                surf = cached[1]  # the panel's old picture is drawn over, not reallocated
            else:
                surf = pygame.Surface(zone.size).convert()
            surf.fill(theme.FELT)
            self.draw_seat(surf, seat, surf.get_rect())
            cached = (key, surf)
            self._seat_cache[seat] = cached
        placed = (seat, key)
        if self._placed.get(tuple(zone)) != placed or cached[1] is not self._placed_seat_surfs.get(tuple(zone)):
            surface.blit(cached[1], zone.topleft)
            self._placed[tuple(zone)] = placed
            self._placed_seat_surfs[tuple(zone)] = cached[1]

    def seat_tags(self, seat: int) -> tuple[tuple[str, tuple], ...]:
        """The pills after a seat's name (also the part of its cache key they stand for)."""
        v = self.view
        trial = self.trial()
        tags: list[tuple[str, tuple]] = []
        if trial.get("prosecutor") == seat:
            tags.append(("Prosecutor", PROSECUTION_COLOUR))
        if trial.get("defender") == seat:
            tags.append(("Defender", DEFENSE_COLOUR))
        if seat in (v.get("to_act") or []):
            tags.append(("to act", theme.HIGHLIGHT))
        elif v.get("turn") == seat and not v.get("over") and not trial:
            tags.append(("turn", theme.WOOD_LIGHT))
        return tuple(tags)

    def draw_seat(self, surface: pygame.Surface, seat: int, zone: pygame.Rect) -> None:
        v = self.view
        p = self.player(seat)
        acting = seat in (v.get("to_act") or [])
        shown = seat == v.get("seat")
        felt_panel(surface, zone, color=theme.FELT_DARK, alpha=235, edge=theme.HIGHLIGHT if acting else theme.PANEL_EDGE,
              width=3 if acting else 1)
        pygame.draw.rect(surface, theme.seat_color(seat), (zone.x + 3, zone.y + 3, 6, zone.h - 6), border_radius=3)
        g = self.seat_geometry(zone)
        head = g["header"]
        size = max(12, min(20, head.h * 6 // 10))
        cy = head.y + 3 + head.h // 2
        x = zone.x + 14
        name = text(self.name(seat) + (" (you)" if shown else ""), size, theme.PARCHMENT, bold=True)
        surface.blit(name, name.get_rect(midleft=(x, cy)))
        x += name.get_width() + 6
        for label, col in self.seat_tags(seat):
            t = text(label, max(10, size - 4), theme.INK if col == theme.HIGHLIGHT else theme.TEXT_LIGHT, bold=True)
            pill = t.get_rect(midleft=(x + 5, cy)).inflate(10, 2)
            if pill.right > zone.right - 4:
                break
            pygame.draw.rect(surface, col, pill, border_radius=pill.h // 2)
            surface.blit(t, t.get_rect(center=pill.center))
            x = pill.right + 3
        left = g["left"]
        big = max(14, min(30, left.h // 3, left.w // 3))
        money = text(f"${p.get('money', 0)}", big, theme.MONEY, bold=True)
        icon = get_icon("money", big, theme.MONEY)
        surface.blit(icon, (left.x, left.y + 2))
        surface.blit(money, (left.x + icon.get_width() + 3, left.y + 2 + (icon.get_height() - money.get_height()) // 2))
        count = p.get("hand_count", 0)
        by = left.y + max(big, money.get_height()) + 8
        bh = max(18, min(left.bottom - by - 2, int(big * 1.5)))
        bw = max(12, int(bh / CARD_RATIO))
        back = self.art.back(self.game, (bw, bh))
        for i in range(min(4, count)):
            surface.blit(back, (left.x + i * max(4, bw // 4), by))
        cnt = text(f"\u00d7{count}", max(12, size - 1), theme.TEXT_LIGHT, bold=True)
        surface.blit(cnt, cnt.get_rect(midleft=(left.x + min(4, count) * max(4, bw // 4) + bw + 4 - (bw if not count else 0),
                                                 by + bh // 2)))
        hint = text("cards", max(10, size - 5), theme.TEXT_MUTED)
        if by + bh + hint.get_height() < left.bottom:
            surface.blit(hint, (left.x, by + bh + 1))
        case = p.get("pending_case")
        lab = g["case_label"]
        label_size = max(10, min(15, lab.h))
        if case:
            t = text("Pending case", label_size, theme.PARCHMENT, bold=True)
            surface.blit(t, t.get_rect(midleft=(lab.x, lab.centery)))
            for key in ("suspect", "charge"):
                r = g[key]
                surface.blit(self.art.face(self.game, case[key], r.size), r.topleft)
            if any(c.get("type") == "defend" and c.get("case_owner") == seat for c in self.legal_cmds) or (
                    shown and {"type": "prosecute"} in self.legal_cmds):
                pygame.draw.rect(surface, theme.HIGHLIGHT, g["case"].inflate(6, 6), 2, border_radius=6)
        else:
            t = text("no case", label_size, theme.TEXT_MUTED)
            surface.blit(t, t.get_rect(center=g["case"].center))

    def draw_market(self, surface: pygame.Surface) -> None:
        deck = pygame.Rect(self.rects["deck"])
        size = max(12, min(20, deck.h // 10))
        band = self._price_band(deck)
        count = self.view.get("deck_count", 0)
        card = _fit_card(deck, top_pad=band, bottom_pad=2)
        pygame.draw.rect(surface, theme.FELT_DARK, card, 2, border_radius=8)
        if count:
            back = self.art.back(self.game, card.size)
            for i in range(min(3, max(1, count // 20))):
                surface.blit(back, (card.x - i * 2, card.y - i * 2))
        label = text(f"Deck {count}", size, theme.TEXT_LIGHT, bold=True)
        surface.blit(label, label.get_rect(midtop=(deck.centerx, deck.y)))
        prices = self.view.get("prices") or [20, 15, 10, 5, 0]
        lineup = self.view.get("lineup") or []
        for slot in range(1, 6):
            zone = pygame.Rect(self.rects[f"lineup_{slot}"])
            price = prices[slot - 1] if slot - 1 < len(prices) else 0
            tag = "FREE" if not price else f"${price}"
            col = theme.SUCCESS if not price else theme.MONEY
            t = text(tag, max(13, band - 2), col, bold=True)
            pill = t.get_rect(midtop=(zone.centerx, zone.y)).inflate(14, 0)
            pygame.draw.rect(surface, theme.WOOD_DARK, pill, border_radius=pill.h // 2)
            surface.blit(t, t.get_rect(center=pill.center))
            r = self.slot_rects[slot]
            if slot - 1 >= len(lineup) or lineup[slot - 1] is None:
                pygame.draw.rect(surface, theme.FELT_DARK, r, 2, border_radius=8)
                e = text("empty", max(11, size - 2), theme.TEXT_MUTED)
                surface.blit(e, e.get_rect(center=r.center))
        disc = pygame.Rect(self.rects["discard"])
        card = _fit_card(disc, top_pad=band, bottom_pad=2)
        pile = self.view.get("discard") or []
        pygame.draw.rect(surface, theme.FELT_DARK, card, 2, border_radius=8)
        if pile:
            surface.blit(self.art.face(self.game, pile[-1], card.size), card.topleft)
        label = text(f"Discard {len(pile)}", size, theme.TEXT_LIGHT, bold=True)
        surface.blit(label, label.get_rect(midtop=(disc.centerx, disc.y)))

    def draw_court_fees(self, surface: pygame.Surface) -> None:
        r = pygame.Rect(self.rects["court_fees"])
        felt_panel(surface, r, color=theme.WOOD_DARK, alpha=235)
        size = max(13, min(22, r.h // 9))
        head = text("Court Fees", size, theme.PARCHMENT, bold=True, title=True)
        surface.blit(head, head.get_rect(midtop=(r.centerx, r.y + 6)))
        fees = self.view.get("court_fees", 0)
        isz = max(24, min(r.h // 3, r.w // 4))
        icon = get_icon("court_fees", isz, theme.MONEY)
        amount = text(f"${fees}", max(20, int(isz * 0.9)), theme.MONEY, bold=True)
        total = icon.get_width() + 8 + amount.get_width()
        cy = r.y + r.h // 2
        x = r.centerx - total // 2
        surface.blit(icon, icon.get_rect(midleft=(x, cy)))
        surface.blit(amount, amount.get_rect(midleft=(x + icon.get_width() + 8, cy)))
        small = max(11, size - 5)
        lines = [f"Bank has paid ${self.view.get('bank_paid', 0)}"]
        trial = self.trial()
        if trial:
            lines.insert(0, f"this trial: charge +${trial.get('court_money', 0)}")
        y = r.bottom - 6
        for line in reversed(lines):
            t = text(line, small, theme.TEXT_MUTED)
            y -= t.get_height()
            surface.blit(t, t.get_rect(midtop=(r.centerx, y)))

    def draw_jury_box(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(self.rects["jury_box"])
        felt_panel(surface, box, color=theme.WOOD_DARK, alpha=240)
        trial = self.trial()
        head_size = max(14, min(24, box.h // 12))
        icon = get_icon("jury", head_size + 4, theme.PARCHMENT)
        surface.blit(icon, (box.x + 10, box.y + 8))
        title = text("Jury box", head_size, theme.PARCHMENT, bold=True, title=True)
        surface.blit(title, (box.x + 16 + icon.get_width(), box.y + 8 + (icon.get_height() - title.get_height()) // 2))
        jv = trial.get("jury_value")
        if isinstance(jv, int):
            t = text(f"Jury Value {jv}", head_size, theme.HIGHLIGHT, bold=True)
            surface.blit(t, t.get_rect(topright=(box.right - 12, box.y + 8)))
        r = self.jury_radius
        small = max(11, min(18, r))
        for value, (cx, cy) in enumerate(self.jury_centers, start=1):
            col = theme.mix(theme.JURY_INNOCENT, theme.JURY_GUILTY, (value - 1) / (JURY_SEATS - 1))
            if not isinstance(jv, int):
                col = theme.mix(col, theme.FELT_DARK, 0.6)
            seat_r = pygame.Rect(0, 0, int(r * 2.1), int(r * 1.9))
            seat_r.center = (cx, cy)
            pygame.draw.rect(surface, theme.darken(col, 0.35), seat_r.move(0, r // 3), border_radius=r // 2)
            pygame.draw.rect(surface, col, seat_r, border_radius=r // 2)
            if value >= 11:  # 11 and 12 always convict (W8.9)
                pygame.draw.rect(surface, theme.PARCHMENT_DARK, seat_r, 1, border_radius=r // 2)
            n = text(str(value), small, theme.TEXT_LIGHT, bold=True)
            surface.blit(n, n.get_rect(center=seat_r.center))
        foot_size = max(11, min(17, box.h // 16))
        if isinstance(jv, int):
            need = GUILTY_AT - jv
            if need <= 2:
                line = "Guilty whatever the dice say (2d6 + Jury \u2265 13)."
            else:
                line = f"Guilty on 2d6 of {need}+ ({round(_chance_at_least(need) * 100)}%): 2d6 + Jury \u2265 13."
            start = trial.get("jury_start")
            line2 = f"Started at {start}" + (f"; {words.signed(jv - start)} since" if isinstance(start, int) else "")
        else:
            line = "No trial in session."
            line2 = "2d6 + Jury Value \u2265 13 convicts."
        y = box.bottom - 8
        for ln in (line2, line):
            for wl in reversed(wrap_text(ln, get_font(foot_size), box.w - 20)):
                t = text(wl, foot_size, theme.TEXT_LIGHT if ln == line else theme.TEXT_MUTED)
                y -= t.get_height()
                surface.blit(t, (box.x + 10, y))

    def draw_court(self, surface: pygame.Surface) -> None:
        court = pygame.Rect(self.rects["court"])
        felt_panel(surface, court, color=theme.FELT_DARK, alpha=220)
        trial = self.trial()
        strip_h = self.court_strip_h(court)
        strip = pygame.Rect(court.x + 6, court.y + 5, court.w - 12, strip_h)
        stage = self.view.get("stage")
        size = max(12, min(20, strip_h * 55 // 100))
        icon = get_icon("gavel", strip_h - 4, theme.PARCHMENT)
        surface.blit(icon, icon.get_rect(midleft=(strip.x + 2, strip.centery)))
        x = strip.x + icon.get_width() + 8
        pill_w = int(strip.w * 0.15)
        for key, label in STAGES:
            pill = pygame.Rect(x, strip.y + 2, pill_w - 6, strip.h - 4)
            lit = bool(trial) and (key == stage or (key == trial.get("phase") and stage != "plea"))
            done = bool(trial) and not lit and [k for k, _ in STAGES].index(key) < [k for k, _ in STAGES].index(
                trial.get("phase", "prosecution")) and key != "plea"
            fill = theme.HIGHLIGHT if lit else (theme.WOOD if done else theme.WOOD_DARK)
            pygame.draw.rect(surface, fill, pill, border_radius=pill.h // 2)
            t = text(label, max(11, size - 2), theme.INK if lit else theme.TEXT_MUTED, bold=lit)
            if t.get_width() > pill.w - 6:
                t = text(label.split(" ")[0], max(10, size - 4), theme.INK if lit else theme.TEXT_MUTED, bold=lit)
            surface.blit(t, t.get_rect(center=pill.center))
            x += pill_w
        if not trial:
            msg = text("No trial in session", max(14, size + 2), theme.TEXT_MUTED, bold=True, title=True)
            surface.blit(msg, msg.get_rect(midleft=(x + 6, strip.centery)))
            self.draw_court_idle(surface, self.court_area)
            return
        who = self.who_plays(trial)
        w = text(who, size, theme.PARCHMENT, bold=True)
        if w.get_width() > strip.right - x - 6:
            w = text(who, max(11, size - 3), theme.PARCHMENT, bold=True)
        surface.blit(w, w.get_rect(midright=(strip.right - 4, strip.centery)))
        area = self.court_area
        label_h = max(13, area.h // 9)
        lsize = max(11, min(22, label_h))
        # lawyers column
        names_w = max(110, area.w // 6) - 10
        y = area.y + label_h + 2
        for role, seat, col in (("Prosecutor", trial.get("prosecutor"), PROSECUTION_COLOUR),
                                ("Defender", trial.get("defender"), DEFENSE_COLOUR)):
            t = text(role, lsize, theme.lighten(col, 0.35), bold=True)
            surface.blit(t, (area.x, y))
            y += t.get_height()
            n = text(self.name(seat), lsize + 3, theme.PARCHMENT, bold=True)
            if n.get_width() > names_w:
                n = text(self.name(seat), lsize, theme.PARCHMENT, bold=True)
            surface.blit(n, (area.x, y))
            y += n.get_height() + 6
        budget = text(f"budget ${trial.get('defense_budget', 0)}", max(10, lsize - 3), theme.TEXT_MUTED)
        if y + budget.get_height() < area.bottom:
            surface.blit(budget, (area.x, y))
        # the case
        s_rect = self.court_cards.get(trial["suspect"])
        c_rect = self.court_cards.get(trial["charge"])
        if s_rect is not None and c_rect is not None:
            t = text("On trial \u2014 charge", lsize, theme.PARCHMENT, bold=True)
            surface.blit(t, (s_rect.x, area.y))
            surface.blit(self.art.face(self.game, trial["suspect"], s_rect.size), s_rect.topleft)
            surface.blit(self.art.face(self.game, trial["charge"], c_rect.size), c_rect.topleft)
            px = getattr(self, "played_x", c_rect.right + 12)
            pygame.draw.line(surface, theme.PANEL_EDGE, (px - 8, area.y + 4), (px - 8, area.bottom - 2), 1)
            played = self.played_row(trial)
            head = "Cards played" if played else "No cards played yet"
            t = text(head, lsize, theme.PARCHMENT if played else theme.TEXT_MUTED, bold=True)
            surface.blit(t, (px, area.y))
            cancelled = set(trial.get("cancelled") or [])
            replaced = set(trial.get("replaced") or [])
            motion = (trial.get("motion") or {}).get("card")
            for card in played:
                r = self.court_cards.get(card)
                if r is None:
                    continue
                surface.blit(self.art.face(self.game, card, r.size), r.topleft)
                side = self.side_of(card)
                col = PROSECUTION_COLOUR if side == "prosecution" else DEFENSE_COLOUR if side == "defense" else None
                if col is not None:
                    pygame.draw.rect(surface, col, (r.x, r.bottom - 5, r.w, 5), border_radius=2)
                if card in cancelled or card in replaced:
                    shade = pygame.Surface(r.size, pygame.SRCALPHA)
                    shade.fill((20, 10, 10, 130))
                    surface.blit(shade, r.topleft)
                    pygame.draw.line(surface, theme.DANGER, r.topleft, r.bottomright, 3)
                    pygame.draw.line(surface, theme.DANGER, r.bottomleft, r.topright, 3)
                    tag = text("overruled" if card in cancelled else "replaced", max(10, lsize - 2), theme.PARCHMENT,
                               bold=True)
                    pill = tag.get_rect(center=r.center).inflate(8, 2)
                    pygame.draw.rect(surface, theme.DANGER, pill, border_radius=4)
                    surface.blit(tag, tag.get_rect(center=pill.center))
                if card == motion:
                    pygame.draw.rect(surface, theme.HIGHLIGHT, r.inflate(8, 8), 3, border_radius=8)
                    tag = text("Objection?", max(11, lsize), theme.INK, bold=True)
                    pill = tag.get_rect(midbottom=(r.centerx, r.y - 2)).inflate(10, 2)
                    pill.clamp_ip(court)
                    pygame.draw.rect(surface, theme.HIGHLIGHT, pill, border_radius=pill.h // 2)
                    surface.blit(tag, tag.get_rect(center=pill.center))
            flags = []
            for key, label in (("expert", "Expert Testimony waiting"), ("leading", "Leading Question waiting")):
                for side, on in (trial.get(key) or {}).items():
                    if on:
                        flags.append(f"{label} ({side})")
            if flags:
                t = text("; ".join(flags), max(10, lsize - 2), theme.HIGHLIGHT)
                surface.blit(t, t.get_rect(bottomright=(area.right, area.bottom)))

    def who_plays(self, trial: dict) -> str:
        motion = trial.get("motion")
        plea = trial.get("plea")
        if motion:
            return f"{self.name(motion.get('awaiting'))} may object to {words.card_name(motion.get('card'))}"
        if plea:
            if plea.get("phase") == "offer":
                return f"{self.name(plea.get('by'))} rested \u2014 plea offer?"
            return f"{self.name(plea.get('to'))} answers the plea offer"
        playing = trial.get("playing")
        side = "prosecution" if playing == trial.get("prosecutor") else "defense"
        if trial.get("phase") == "final":
            return f"{self.name(playing)} (prosecution): one last card"
        return f"{self.name(playing)} ({side}) plays"

    def draw_court_idle(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """No trial: say what a turn may do, and how the last trial ended."""
        v = self.view
        size = max(13, min(19, area.h // 9))
        font = get_font(size)
        lines: list[tuple[str, tuple]] = []
        if v.get("over"):
            scores = v.get("scores") or []
            winners = ", ".join(self.name(w) for w in v.get("winners") or [])
            lines.append(("Game over \u2014 " + ", ".join(f"{self.name(i)} ${s}" for i, s in enumerate(scores)),
                          theme.HIGHLIGHT))
            lines.append((f"Most money wins: {winners}.", theme.PARCHMENT))
        else:
            turn = v.get("turn")
            lines.append((f"{self.name(turn)}'s turn: buy a lineup card, build a case, defend a pending case, "
                          "prosecute your own, or pass.", theme.PARCHMENT))
            streak = v.get("pass_streak", 0)
            if streak:
                lines.append((f"{streak} pass{'es' if streak != 1 else ''} in a row "
                              f"({self.players} in a row end the game).", theme.TEXT_MUTED))
        last = None
        for e in reversed(self.log_events):
            if e.get("type") in ("verdict", "plea", "mistrial", "continuance") and (
                    e.get("type") != "plea" or e.get("accepted")):
                last = e
                break
        if last is not None:
            lines.append(("Last trial: " + self.describe_event(last), theme.TEXT_LIGHT))
        y = area.y + 6
        for sentence, col in lines:
            for line in wrap_text(sentence, font, area.w - 10):
                if y + font.get_linesize() > area.bottom:
                    return
                surface.blit(font.render(line, True, col), (area.x + 4, y))
                y += font.get_linesize()
            y += 4

    def draw_dice(self, surface: pygame.Surface) -> None:
        r = pygame.Rect(self.rects["dice"])
        felt_panel(surface, r, color=theme.WOOD_DARK, alpha=230)
        size = max(13, min(20, r.h // 12))
        icon = get_icon("dice", size + 4, theme.PARCHMENT)
        surface.blit(icon, (r.x + 8, r.y + 6))
        title = text("Dice", size, theme.PARCHMENT, bold=True, title=True)
        surface.blit(title, (r.x + 14 + icon.get_width(), r.y + 6 + (icon.get_height() - title.get_height()) // 2))
        rolls = list(self.view.get("last_rolls") or [])
        self.die_rects = []
        top = r.y + 12 + icon.get_height()
        if not rolls:
            t = text("No dice rolled yet.", max(11, size - 3), theme.TEXT_MUTED)
            surface.blit(t, (r.x + 10, top + 4))
            return
        purpose = rolls[0].get("purpose")
        head = words.PURPOSE_NAMES.get(purpose, str(purpose).replace("_", " ").title())
        if purpose == "public_defender":
            head = "Public defender: lowest defends"
        earlier = self.rolls_before_trial()
        if earlier:
            head = "Earlier: " + head
        t = text(head, max(11, size - 2), theme.TEXT_MUTED if earlier else theme.HIGHLIGHT, bold=True)
        if t.get_width() > r.w - 16:
            t = text(head, max(10, size - 5), theme.HIGHLIGHT, bold=True)
        surface.blit(t, (r.x + 10, top))
        top += t.get_height() + 4
        verdict = None
        if purpose == "verdict":
            verdict = next((e for e in reversed(self.log_events) if e.get("type") == "verdict"), None)
        trial = self.trial()
        defender_line = None
        if purpose == "public_defender" and trial and not earlier:
            defender_line = f"\u2192 {self.name(trial.get('defender'))} defends"
        foot = (size + 4) * 2 if verdict is not None else (size + 4) if defender_line else 0
        avail = r.bottom - 6 - foot - top
        n = len(rolls)
        row_h = max(16, min(int(r.h * 0.3), avail // max(1, n)))
        shown = rolls[-max(1, avail // row_h):]
        low = min((e.get("total", 99) for e in rolls if e.get("purpose") == "public_defender"), default=None)
        last_round = {}
        for e in rolls:
            last_round[e.get("seat")] = e
        y = top
        for e in shown:
            die = max(12, row_h - 6)
            x = r.x + 10
            label = self.name(e.get("seat"))
            nt = text(label, max(11, min(size, die * 6 // 10)), theme.TEXT_LIGHT, bold=True)
            name_w = min(r.w // 3, max(40, nt.get_width()))
            count = max(1, len(e.get("dice") or []))
            total_w = text(f"= {e.get('total')}", max(11, min(size, die * 6 // 10)), theme.TEXT_LIGHT, bold=True).get_width()
            die = max(10, min(die, (r.right - 10 - x - name_w - 6 - total_w - 6) // count - 4))
            surface.blit(nt, nt.get_rect(midleft=(x, y + die // 2)))
            x += name_w + 6
            for d in e.get("dice") or []:
                self.draw_die(surface, pygame.Rect(x, y, die, die), int(d))
                self.die_rects.append(pygame.Rect(x, y, die, die))
                x += die + 4
            total = e.get("total")
            col = theme.TEXT_LIGHT
            if e.get("purpose") == "public_defender" and total == low and last_round.get(e.get("seat")) is e:
                col = theme.HIGHLIGHT
            tt = text(f"= {total}", max(11, min(size, die * 6 // 10)), col, bold=True)
            surface.blit(tt, tt.get_rect(midleft=(x + 2, y + die // 2)))
            y += row_h
        if earlier:  # an old roll stays readable but steps back
            shade = pygame.Surface((r.w - 8, max(1, r.bottom - 4 - top)), pygame.SRCALPHA)
            shade.fill((*theme.WOOD_DARK, 120))
            surface.blit(shade, (r.x + 4, top))
        if defender_line is not None:
            t = text(defender_line, max(11, size - 1), theme.HIGHLIGHT, bold=True)
            surface.blit(t, (r.x + 10, y + 2))
        if verdict is not None:
            line = f"+ Jury {verdict.get('jury_value')} = {verdict.get('total')}"
            t = text(line, max(11, size - 1), theme.TEXT_LIGHT, bold=True)
            surface.blit(t, (r.x + 10, y + 2))
            g = verdict.get("guilty")
            v = text("GUILTY" if g else "NOT GUILTY", size + 2, theme.lighten(PROSECUTION_COLOUR if g else DEFENSE_COLOUR,
                                                                             0.3), bold=True, title=True)
            surface.blit(v, (r.x + 10, y + 4 + t.get_height()))

    def rolls_before_trial(self) -> bool:
        """True when the dice shown were rolled before the trial now in session."""
        if not self.trial():
            return False
        last_roll = started = -1
        for i, e in enumerate(self.log_events):
            if e.get("type") == "roll":
                last_roll = i
            elif e.get("type") in ("defend", "prosecute"):  # a trial starts (the roll-off follows)
                started = i
        return last_roll < started

    def draw_die(self, surface: pygame.Surface, r: pygame.Rect, value: int) -> None:
        pygame.draw.rect(surface, theme.PARCHMENT_LIGHT, r, border_radius=max(3, r.w // 5))
        pygame.draw.rect(surface, theme.INK, r, 1, border_radius=max(3, r.w // 5))
        pip = max(2, r.w // 10)
        q = r.w // 4
        spots = {1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)], 4: [(1, 1), (3, 1), (1, 3), (3, 3)],
                 5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)], 6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)]}
        for sx, sy in spots.get(value, []):
            pygame.draw.circle(surface, theme.INK, (r.x + sx * q, r.y + sy * q), pip)

    def action_bar_key(self) -> Any:
        """Everything ``draw_action_bar`` reads (or that a public banner covers the zone)."""
        if self.banner is not None:
            return None
        bar = pygame.Rect(self.rects["banner"])
        return (self.action_bar_head(), min((b.rect.x for b in self.buttons if b.rect.colliderect(bar)),
                                            default=bar.right - 8))

    def action_bar_head(self) -> str:
        v = self.view
        trial = self.trial()
        seat = v.get("seat")
        if v.get("over"):
            head = "Game over \u2014 see the scores; most money wins."
        elif trial:
            head = self.who_plays(trial)
            head += "" if head.endswith("?") else "."
            if trial.get("motion") and seat == trial["motion"].get("awaiting"):
                head = (f"Objection? {self.name(trial['motion'].get('by'))} moves "
                        f"{words.card_name(trial['motion'].get('card'))}: drop an Objection on it, or let it stand.")
        else:
            head = f"{self.name(v.get('turn'))}'s turn: one action."
        return head

    def draw_action_bar(self, surface: pygame.Surface) -> None:
        """The banner zone when no public banner is up: what is asked now, and the buttons."""
        bar = pygame.Rect(self.rects["banner"])
        felt_panel(surface, bar, alpha=215)
        size = max(13, min(20, bar.h // 3))
        head = self.action_bar_head()
        right = min((b.rect.x for b in self.buttons if b.rect.colliderect(bar)), default=bar.right - 8)
        font = get_font(size, bold=True)
        lines = wrap_text(head, font, max(80, right - bar.x - 24))[:2]
        y = bar.centery - len(lines) * font.get_linesize() // 2
        for line in lines:
            surface.blit(font.render(line, True, theme.PARCHMENT), (bar.x + 12, y))
            y += font.get_linesize()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        held = self.drag.held
        if self.drag.dragging and held is not None and self.zoom is None and not self.help_open:
            surface.blit(held.image, held.rect)  # the card in hand floats above bars and panels

    def draw_log(self, surface: pygame.Surface) -> None:
        """The base log panel, its cached picture made opaque once (it lies on the felt),
        so the per-frame blit needs no alpha blending."""
        super().draw_log(surface)
        cache = self._log_cache
        if cache is not None and cache[1].get_flags() & pygame.SRCALPHA:
            solid = pygame.Surface(cache[1].get_size()).convert()
            solid.fill(theme.FELT)
            solid.blit(cache[1], (0, 0))
            self._log_cache = (cache[0], solid)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The jury marker (it glides), the plea dialog, the Short Memory picker."""
        self.geometry()
        if self.dice_anim is not None and self.die_rects:
            tick = int(self.dice_anim * 20)
            for i, r in enumerate(self.die_rects):
                self.draw_die(surface, r, (tick * 5 + i * 3) % 6 + 1)
        value = self.shown_jury()
        if value is not None and self.jury_centers:
            i = max(0.0, min(JURY_SEATS - 1.0, value - 1))
            a = int(i)
            b = min(JURY_SEATS - 1, a + 1)
            t = i - a
            ax, ay = self.jury_centers[a]
            bx, by = self.jury_centers[b]
            cx, cy = int(ax + (bx - ax) * t), int(ay + (by - ay) * t)
            rr = int(self.jury_radius * 1.25)
            pygame.draw.circle(surface, theme.INK, (cx, cy), rr + 3)
            pygame.draw.circle(surface, theme.HIGHLIGHT, (cx, cy), rr)
            shown = self.trial().get("jury_value")
            n = text(str(shown), max(12, int(rr * 1.1)), theme.INK, bold=True)
            surface.blit(n, n.get_rect(center=(cx, cy)))
        if self.dialog_rect is not None:
            self.draw_plea_dialog(surface)
        if self.pick is not None and self.picker_rects:
            box = self.picker_box
            surface.blit(self.shade(surface.get_size(), 110), (0, 0))
            panel(surface, box, alpha=255, edge=theme.HIGHLIGHT)
            size = max(14, min(20, box.h // 14))
            t = text("Short Memory: take which card back from the discard pile?", size, theme.PARCHMENT, bold=True)
            surface.blit(t, (box.x + 12, box.y + 8))
            for cid, r in self.picker_rects.items():
                surface.blit(self.art.face(self.game, cid, r.size), r.topleft)

    def draw_pick(self, surface: pygame.Surface) -> None:
        """Only the card under the pointer (or the keyboard cursor) is framed: a frame
        round every one of dozens of discard cards would drown them."""
        p = self.pick
        if p is None:
            return
        for i, target in enumerate(p.targets):
            r = self.target_rect(target)
            if r is not None and (i == p.cursor or r.collidepoint(self.pointer)):
                pygame.draw.rect(surface, theme.SELECT, r.inflate(6, 6), 4, border_radius=8)

    def draw_plea_dialog(self, surface: pygame.Surface) -> None:
        box = self.dialog_rect
        plea = self.plea_window() or {}
        trial = self.trial()
        fees = int(self.view.get("court_fees") or 0)
        surface.blit(self.shade(surface.get_size(), 90), (0, 0))
        panel(surface, box.inflate(4, 4), alpha=255, edge=theme.HIGHLIGHT, width=3)
        size = max(14, min(20, box.h // 8))
        icon = get_icon("plea", size + 8, theme.HIGHLIGHT)
        surface.blit(icon, (box.x + 12, box.y + 10))
        pros, dfn = self.name(trial.get("prosecutor")), self.name(trial.get("defender"))
        if plea.get("phase") == "offer":
            title = f"Plea offer \u2014 split the Court Fees of ${fees}"
            sub = f"{pros} prosecutes, {dfn} defends; {self.name(plea.get('to'))} will accept or decline."
        else:
            to_p, to_d = plea.get("to_prosecution"), plea.get("to_defense")
            title = f"{self.name(plea.get('by'))} offers a plea"
            sub = (f"${to_p} to {pros} (prosecution), ${to_d} to {dfn} (defense). "
                   "Accept and the trial ends; decline and it goes on.")
        t = text(title, size + 2, theme.PARCHMENT, bold=True, title=True)
        surface.blit(t, (box.x + 20 + icon.get_width(), box.y + 10))
        font = get_font(max(12, size - 3))
        y = box.y + 14 + t.get_height()
        limit = (self.stepper.rect.y if self.stepper is not None else min(b.rect.y for b in self.buttons)) - 2
        for line in wrap_text(sub, font, box.w - 40 - icon.get_width()):
            if y + font.get_linesize() > limit:
                break
            surface.blit(font.render(line, True, theme.TEXT_LIGHT), (box.x + 20 + icon.get_width(), y))
            y += font.get_linesize()
        if self.stepper is not None:
            self.stepper.draw(surface)
            hint = text("\u2190 \u2192 change by $5", max(11, size - 5), theme.TEXT_MUTED)
            surface.blit(hint, hint.get_rect(midtop=(self.stepper.rect.centerx, self.stepper.rect.bottom + 2)))

    # ------------------------------------------------------------------- locate ----
    def locate(self, kind: str, key: Any = None) -> tuple[int, int] | None:
        """Also: ("lineup", slot), ("slot", slot), ("court",), ("motion",), ("case", seat),
        ("pick", card id), ("stepper_plus",), ("stepper_minus",)."""
        self.geometry()
        if kind == "lineup":
            lineup = self.view.get("lineup") or []
            card = lineup[key - 1] if 0 < key <= len(lineup) else None
            s = next((s for s in self.group.sprites() if isinstance(s, CardSprite) and s.card_id == card
                      and s.zone == "lineup"), None) if card else None
            return s.rect.center if s is not None else None
        if kind in ("stepper_plus", "stepper_minus"):
            if self.stepper is None:
                return None
            return (self.stepper.plus_rect if kind == "stepper_plus" else self.stepper.minus_rect).center
        if kind == "hand":
            r = pygame.Rect(self.rects["hand"])
            return (r.centerx, r.y + r.h // 3)
        return super().locate(kind, key)
