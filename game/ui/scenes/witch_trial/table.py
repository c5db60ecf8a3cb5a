"""The Witch Trial courtroom (docs/rules/witch_trial.md; DESIGN D3, D6).

``WitchTrialTableScene(app, source)`` draws ``source.view()`` (the view the engine
documents) and turns drags, clicks and keys into the commands of a turn and a trial
(docs/rules/witch_trial.md §3, §4), sent with
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

The table owns its panels, one per zone (each a
:class:`~game.ui.scenes.table.panel.Panel` beside this module, with its own state):
``seats`` (Seats), ``market`` (Market: lineup and Court Fees), ``court`` (Court),
``jury`` (Jury), ``dice`` (Dice), ``bar`` (ActionBar: action bar and public banner),
``hand_fan`` (CourtroomHand), ``plea`` (Plea: the plea dialog) and ``picker``
(Picker: Short Memory); ``common`` holds the shared sizes and the built-in zones. This
module wires them together: geometry, targets, turning drops into commands, and which
panel is repainted when. The names tests and tools use stay on the table (``Owned``
state, ``Ask`` steps, as in the shared base).

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

from game.ui import theme
from game.ui.card_art import all_card_ids
from game.ui.input import InputEvent
from game.ui.scenes import witch_trial_text as words
from game.ui.scenes.table.panel import Ask, Owned
from game.ui.scenes.table.regions import StaticRegions
from game.ui.scenes.table_base import Rect, TableScene, Target, text, unique_targets
from game.ui.scenes.witch_trial.bar import ActionBar
from game.ui.scenes.witch_trial.common import (
    DICE_SECONDS,
    FIXED_ZONES,
    JURY_SECONDS,
    _fallback_zones,
    _fit_card,
)
from game.ui.scenes.witch_trial.court import Court
from game.ui.scenes.witch_trial.dice import Dice
from game.ui.scenes.witch_trial.hand import CourtroomHand
from game.ui.scenes.witch_trial.jury import Jury
from game.ui.scenes.witch_trial.market import Market
from game.ui.scenes.witch_trial.picker import Picker
from game.ui.scenes.witch_trial.plea import Plea
from game.ui.scenes.witch_trial.seats import Seats
from game.ui.sprites import CardSprite
from game.ui.wording import listed

log = logging.getLogger(__name__)


class WitchTrialTableScene(TableScene):
    """The courtroom (see the module docstring)."""

    game = "witch_trial"
    seats_show_thinking = True
    AHEAD = True  # faces, fonts and icons drawn between moves (the ``ahead`` panel)
    REQUIRED_ZONES = FIXED_ZONES
    NO_ANSWERS_UNSUPPORTED = "The player asked must answer at the screen."
    HELP_IN_LOG = True
    #: the log lies on the felt: its picture is made opaque over it (no blending per frame)
    LOG_UNDER = theme.FELT
    hand_fan_class = CourtroomHand

    # -- state its panels keep
    jury_centers = Owned("jury")
    jury_radius = Owned("jury")
    jury_anim = Owned("jury")
    die_rects = Owned("dice")
    dice_anim = Owned("dice")
    _seat_cache = Owned("seats")
    case_rects = Owned("seats")
    case_cards = Owned("seats")
    plea_value = Owned("plea")
    plea_key = Owned("plea")
    stepper = Owned("plea")
    dialog_rect = Owned("plea")
    picker_rects = Owned("picker")
    picker_box = Owned("picker")
    slot_rects = Owned("market")
    court_cards = Owned("court")
    motion_rect = Owned("court")
    _sides = Owned("court")

    # -- steps its panels take
    _jury_geometry = Ask("jury", "_jury_geometry")
    draw_jury_box = Ask("jury", "draw_jury_box")
    draw_jury_marker = Ask("jury", "draw_jury_marker")
    shown_jury = Ask("jury", "shown_jury")
    _put_die_rects = Ask("dice", "_put_die_rects")
    dice_key = Ask("dice", "dice_key")
    draw_dice = Ask("dice", "draw_dice")
    draw_dice_tumble = Ask("dice", "draw_dice_tumble")
    draw_seat_cached = Ask("seats", "draw_seat_cached")
    revealed_cards = Ask("seats", "revealed_cards")
    seat_geometry = Ask("seats", "seat_geometry")
    _plea_answer_widgets = Ask("plea", "_plea_answer_widgets")
    _plea_offer_widgets = Ask("plea", "_plea_offer_widgets")
    draw_plea_dialog = Ask("plea", "draw_plea_dialog")
    handle_plea_stepper = Ask("plea", "handle_plea_stepper")
    plea_window = Ask("plea", "plea_window")
    draw_pick = Ask("picker", "draw_pick")
    draw_picker = Ask("picker", "draw_picker")
    layout_picker = Ask("picker", "layout_picker")
    open_short_memory = Ask("picker", "open_short_memory")
    pick_zoom_keys = Ask("picker", "pick_zoom_keys")
    action_bar_head = Ask("bar", "action_bar_head")
    action_bar_key = Ask("bar", "action_bar_key")
    banner_seats = Ask("bar", "banner_seats")
    defend = Ask("bar", "defend")
    do = Ask("bar", "do")
    draw_action_bar = Ask("bar", "draw_action_bar")
    make_banner = Ask("bar", "make_banner")
    make_buttons = Ask("bar", "make_buttons")
    _price_band = Ask("market", "_price_band")
    buy_prompt = Ask("market", "buy_prompt")
    case_prompt = Ask("market", "case_prompt")
    deck_card_rect = Ask("market", "deck_card_rect")
    draw_court_fees = Ask("market", "draw_court_fees")
    draw_market = Ask("market", "draw_market")
    lineup_card_size = Ask("market", "lineup_card_size")
    lineup_slot_of = Ask("market", "lineup_slot_of")
    _court_geometry = Ask("court", "_court_geometry")
    court_key = Ask("court", "court_key")
    draw_court = Ask("court", "draw_court")
    fly_others_cards = Ask("court", "fly_others_cards")
    who_plays = Ask("court", "who_plays")
    card_size = Ask("hand_fan", "card_size")
    hand_slots = Ask("hand_fan", "hand_slots")
    snap_home = Ask("hand_fan", "snap_home")

    def __init__(self, app, source) -> None:
        self.seats = Seats(self)
        self.market = Market(self)
        self.court = Court(self)
        self.jury = Jury(self)
        self.dice = Dice(self)
        self.bar = ActionBar(self)
        self.plea = Plea(self)
        self.picker = Picker(self)
        self._geo_key: Any = None
        self._flown: set[str] = set()
        self._shades: dict[tuple, pygame.Surface] = {}
        # the static surface drawn last and what lies where on it (draw_table)
        self.regions = StaticRegions(self)
        super().__init__(app, source)

    def fallback_rects(self, players: int, w: int, h: int) -> dict[str, Rect]:
        return _fallback_zones(players, w, h)

    def extra_drawings(self):
        """Drawn ahead: the veil under the plea dialog (a window-sized translucent fill)."""
        yield lambda: self.shade(self.size, 90)

    def ahead_face_sizes(self) -> list[tuple[tuple[int, int], list[str] | None]]:
        """The sizes faces will show at soon, drawn ahead before all others: the lineup's
        cards at the hand's size (bought next), in a trial the row of played cards with
        one card more (it shrinks as it grows: ``Court.sizes_ahead``), the lineup, the
        case in the seat panels and in the court (this seat's own cards first), the
        row's sizes, and the hands shown face up at the end (any card may be in them)."""
        self.geometry()
        ids = list(all_card_ids(self.game))
        trial_cards = [c for c in ids if words.card_type(c) in ("evidence", "motion", "objection", "charge")]
        mine = [c for c in self.my_hand() if c in trial_cards]  # what this seat may play next first
        played = mine + [c for c in trial_cards if c not in mine]
        case = [c for c in ids if words.card_type(c) in ("suspect", "charge")]
        zones = [z for z in map(self.seat_zone, range(self.players)) if z is not None]
        rows = self.court.sizes_ahead()
        case = [c for c in self.my_hand() if c in case] + [c for c in case if c not in self.my_hand()]
        lineup = [c for c in self.view.get("lineup") or [] if c]
        hand_w, hand_h = self.card_size()
        lineup_w, lineup_h = self.lineup_card_size()
        out: list[tuple[tuple[int, int], list[str] | None]] = [((hand_w, hand_h), lineup)]  # bought next
        if self.trial():  # a card played next
            out += [(size, played) for size in rows[:1]]
        out.append(((lineup_w, lineup_h), None))  # a card bought: the next one shows
        for z in zones:  # a case built
            suspect = self.seat_geometry(z)["suspect"]
            out.append(((suspect.w, suspect.h), case))
        if self.court.court_area is not None:  # a trial opened
            out.append((self.court.case_card_size(self.court.court_area), case))
        out += [(size, played) for size in rows]
        for z in zones:
            shown = self.seats.revealed_hand_rects(0, z, 1)[0]
            out.append(((shown.w, shown.h), None))
        sizes: dict[tuple[int, int], list[str] | None] = {}
        for size, cards in out:  # one entry a size, its cards together (None: every card)
            had = sizes.get(size, [])
            if size not in sizes or cards is None:
                sizes[size] = None if cards is None else list(cards)
            elif had is not None:
                sizes[size] = had + [c for c in cards if c not in had]
        return list(sizes.items())

    def on_layout(self) -> None:
        self.slot_rects = {}
        for i in range(1, 6):
            zone = pygame.Rect(self.rects[f"lineup_{i}"])
            self.slot_rects[i] = _fit_card(zone, top_pad=self._price_band(zone), bottom_pad=2)
        self._geo_key = None
        if self.pick is not None and self.picker_rects:
            self.layout_picker()  # the window changed size while the Short Memory picker was open

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

    def name(self, seat: Any) -> str:
        return words.seat_name(seat, list(self.source.players))

    def trial(self) -> dict:
        return self.view.get("trial") or {}

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
        for slot in self.slot_rects:
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

    def act(self, card_id: str | None, target: Target, anchor: tuple[int, int]) -> bool:
        """Turn "this card on that target" into a command and send it (module doc)."""
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
            self.market.case_hint(card_id, anchor)  # put back into the hand: nothing to do
            return False
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

    def handle(self, event: InputEvent) -> None:
        if self.handle_plea_stepper(event):
            return
        super().handle(event)

    def on_key(self, event: InputEvent) -> None:
        if self.prompt is None and self.pick is None and not self.help_open and self.selected is None:
            char = event.char
            if char == "b" and self.legal_of("buy"):
                self.dirty = True
                self.buy_prompt()
                return
            if char == "c" and self.legal_of("create_case"):
                self.dirty = True
                self.case_prompt()
                return
            if char == "d" and len(self.legal_of("defend")) > 1:
                self.dirty = True
                self.defend()
                return
        super().on_key(event)

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

    def dialog_open(self) -> bool:
        """The plea's dialog, or the base table's (the public moment's box)."""
        return self.plea.dialog_open() or super().dialog_open()

    def status_message(self) -> str:
        v = self.view
        seat = v.get("seat")
        extra = getattr(self.source, "message", "") or ""
        if v.get("over"):
            return "The game is over."
        if seat is None or seat not in (v.get("to_act") or []):
            return self.waiting_for(extra)
        me = self.name(seat)
        trial = self.trial()
        if self.pick is not None:
            return self.pick.title
        if not trial:
            return self.say(
                f"{me}: buy (lineup card \u2192 hand, B) \u00b7 case (Suspect/Charge \u2192 its partner in the lineup, C) "
                "\u00b7 defend (click a case, D) \u00b7 prosecute (P) \u00b7 pass (Space)",
                f"{me}: buy (B) \u00b7 build a case (C) \u00b7 defend (D) \u00b7 prosecute (P) \u00b7 pass (Space)",
            )
        plea = trial.get("plea")
        if plea and plea.get("phase") == "offer":
            return self.say(
                f"{me}: offer a split of the Court Fees (\u2190 \u2192 in $5 steps, Enter) or make no offer (N).",
                f"{me}: offer a split (\u2190 \u2192, Enter) or no offer (N).",
            )
        if plea and plea.get("phase") == "answer":
            return f"{me}: accept (A) or decline (X) the plea offer."
        if trial.get("motion"):
            return f"{me}: drop an Objection on the motion (O), or let it stand (N)."
        if trial.get("phase") == "final":
            if not self.legal_of("rest"):  # the final argument: exactly one more card while one can be played
                return self.say(
                    f"{me}: final argument \u2014 play exactly one card into the court.",
                    f"{me}: final argument \u2014 one card into the court.",
                )
            return self.say(
                f"{me}: final argument \u2014 no card you can play: rest (R).", f"{me}: final argument \u2014 rest (R)."
            )
        return self.say(
            f"{me}: drag cards into the court (1-9, Tab, Enter), then Rest (R).",
            f"{me}: cards into the court, then Rest (R).",
        )

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

    #: passes one after another are one line of the log ("Bob, Cy and Dee pass."), and so
    #: is the deal ("Ann, Bob, Cy and Dee are dealt 6 cards each.")
    log_runs = frozenset({"pass", "deal"})

    def describe_events(self, events: list[dict]) -> str:
        names = listed([self.name(e.get("seat")) for e in events])
        if events[0].get("type") != "deal":
            return names + " pass."
        counts = {len(e["cards"]) if e.get("cards") else e.get("count", 0) for e in events}
        if len(counts) == 1:
            return f"{names} are dealt {counts.pop()} cards each."
        return " ".join(self.describe_event(e) for e in events)

    def draw_table(self, surface: pygame.Surface) -> None:
        """Every picture on the static table lies in a zone drawn by ``draw_region`` or
        ``draw_seat_cached``; on the surface painted last time only the zones whose
        content changed are painted again (on fresh felt), the rest is left as it is."""
        self.regions.begin(surface)
        self.geometry()
        for seat in range(self.players):
            zone = self.seat_zone(seat)
            if zone is not None:
                self.draw_seat_cached(surface, seat, zone)
        v = self.view
        trial = self.trial()
        market = ["deck"] + [f"lineup_{i}" for i in range(1, 6)] + ["discard"]
        self.draw_region(
            surface,
            "market",
            market,
            (
                v.get("deck_count", 0),
                repr(v.get("prices")),
                tuple(c is None for c in v.get("lineup") or []),
                len(v.get("discard") or []),
                (v.get("discard") or [None])[-1],
            ),
            self.draw_market,
        )
        self.draw_region(
            surface,
            "court_fees",
            ["court_fees"],
            (v.get("court_fees", 0), v.get("bank_paid", 0), bool(trial), trial.get("court_money", 0)),
            self.draw_court_fees,
        )
        self.draw_region(
            surface,
            "jury_box",
            ["jury_box"],
            (trial.get("jury_value"), trial.get("jury_start"), tuple(self.jury_centers), self.jury_radius),
            self.draw_jury_box,
        )
        self.draw_region(surface, "court", ["court"], self.court_key(), self.draw_court)
        self.draw_region(
            surface,
            "dice",
            ["dice"],
            self.dice_key(),
            self.draw_dice,
            get=lambda: list(self.die_rects),
            put=self._put_die_rects,
        )
        self.draw_region(
            surface,
            "bar",
            ["banner"],
            self.action_bar_key(),
            lambda s: self.draw_action_bar(s) if self.banner is None else None,
        )
        self.draw_region(
            surface,
            "hand",
            ["hand"],
            self.my_seat() is None and self.players > 1 and self.no_hand_words(),
            self.draw_no_hand,
        )

    def draw_no_hand(self, surface: pygame.Surface) -> None:
        if self.my_seat() is None and self.players > 1:
            hand = pygame.Rect(self.rects["hand"])
            msg = text(self.no_hand_words(), max(14, hand.h // 9), theme.TEXT_MUTED)
            surface.blit(msg, msg.get_rect(center=hand.center))

    def draw_region(
        self,
        surface: pygame.Surface,
        name: str,
        zones: list[str],
        key: Any,
        draw: Any,
        get: Any = None,
        put: Any = None,
    ) -> None:
        """Paint a panel of the static table only when what it shows changed (``key`` is
        everything the panel reads): :meth:`StaticRegions.paint` over its zones."""
        self.regions.paint(surface, name, [self.rects[z] for z in zones], key, draw, get, put)

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

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The dice tumbling, the jury marker (it glides), the plea dialog, the Short Memory picker."""
        self.geometry()
        self.draw_dice_tumble(surface)
        self.draw_jury_marker(surface)
        if self.dialog_rect is not None:
            self.draw_plea_dialog(surface)
        self.draw_picker(surface)

    def locate(self, kind: str, key: Any = None) -> tuple[int, int] | None:
        """Also: ("lineup", slot), ("slot", slot), ("court",), ("motion",), ("case", seat),
        ("pick", card id), ("stepper_plus",), ("stepper_minus",)."""
        self.geometry()
        if kind == "lineup":
            lineup = self.view.get("lineup") or []
            card = lineup[key - 1] if 0 < key <= len(lineup) else None
            s = (
                next(
                    (
                        s
                        for s in self.group.sprites()
                        if isinstance(s, CardSprite) and s.card_id == card and s.zone == "lineup"
                    ),
                    None,
                )
                if card
                else None
            )
            return s.rect.center if s is not None else None
        if kind in ("stepper_plus", "stepper_minus"):
            if self.stepper is None:
                return None
            return (self.stepper.plus_rect if kind == "stepper_plus" else self.stepper.minus_rect).center
        if kind == "hand":
            r = pygame.Rect(self.rects["hand"])
            return (r.centerx, r.y + r.h // 3)
        if kind == "button" and key == "help":
            spot = self.help_button()
            return spot[0].center if spot is not None else None
        return super().locate(kind, key)
