"""The Hammer of the Witches table (docs/rules/hammer.md; DESIGN D3, D6).

``HammerTableScene(app, source)`` draws ``source.view()`` (docs/rules/hammer.md §12.1
plus the engine's documented extra fields) and turns drags, clicks and keys into the
commands of §11,
sent with ``source.submit``. It never decides legality: ``source.legal()`` only lights up
targets and fills prompts (which accuser, which sign); whatever the player does is sent
to the engine, and a refusal snaps the card back with the engine's message.

What goes where (zones from ``assets/layouts/hammer.tmx``): ``seat_0`` is the seat on
screen, ``seat_k`` the k-th seat clockwise from it; each seat panel shows its owner's
three villagers, each on its pyre track (start value .. 18, 10-18 the blue side), the
hand as card backs (a count for the shown seat only: hand sizes are private, §8.1),
trophies, kept tests and empty pyres. The shown seat's hand is fanned in ``hand``, with
the sealed-bribe tray at its right end (``bribes``); ``banner`` holds the public window
banner with the announced card (the drop target for responses / negations / No
Inquisition); ``deck``/``discard`` the piles; the action buttons sit under the piles.

The table owns its panels (each a :class:`~game.ui.scenes.table.panel.Panel` beside
this module, with its own state): ``phase_track`` (PhaseTrack, its picture kept),
``seats`` (Seats: the seat panels, pictures kept per seat, and where each villager
lies; ``pyres`` draws a villager's row), ``heat`` (HeatMarks, gliding over the
tracks), ``centre`` (Centre: the window banner, the announced card, the last move, the
final rows), ``piles`` (Piles and the buttons), ``tray`` (BribeTray), ``hand_fan``
(HammerHand) and ``moves`` (Moves: drops to commands and the choosers); ``common``
holds the sizes and the built-in zones. This module wires them together: geometry,
targets, the view's changes and the static table. The names the tests and tools use
stay on the table (``Owned`` state, ``Ask`` steps, as in the shared base).

Input paths for every action:
* drag a hand card onto a target (villager, the announced card, the discard pile);
* click a card (it lifts), then click a target;
* keys: 1-9 pick a hand card, Tab cycles its targets, Enter plays, Esc cancels,
  Space = end turn / pass, C = call inquisition, R = refill, P = place villagers,
  N = no answers, ? = help. In prompts: arrows/Tab, 1-9, Enter, Esc.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.ui import theme
from game.ui.input import InputEvent
from game.ui.scenes import hammer_text as words
from game.ui.scenes.hammer.banner import Centre
from game.ui.scenes.hammer.bribes import BribeTray
from game.ui.scenes.hammer.common import CARD_RATIO, _fallback_zones
from game.ui.scenes.hammer.hand import HammerHand
from game.ui.scenes.hammer.moves import Moves
from game.ui.scenes.hammer.phase_track import PhaseTrack
from game.ui.scenes.hammer.piles import Piles
from game.ui.scenes.hammer.pyres import HeatMarks
from game.ui.scenes.hammer.seats import Seats
from game.ui.scenes.table.panel import Ask, Owned
from game.ui.scenes.table.regions import StaticRegions
from game.ui.scenes.table_base import (
    FLY_SECONDS,
    Pick,
    Rect,
    TableScene,
    Target,
    text,
    unique_targets,
)
from game.ui.widgets import Button
from game.ui.wording import listed

log = logging.getLogger(__name__)


class HammerTableScene(TableScene):
    """The Hammer table (see the module docstring)."""

    game = "hammer"
    seats_show_thinking = True
    AHEAD = True  # faces, fonts and icons drawn between moves (the ``ahead`` panel)
    REQUIRED_ZONES = ("phase_track", "banner", "message", "hand", "log", "deck", "discard")
    NO_ANSWERS_UNSUPPORTED = "Each player answers in turn here."
    hand_fan_class = HammerHand

    # -- state its panels keep
    vrects = Owned("seats")
    vtracks = Owned("seats")
    portraits = Owned("seats")
    seat_rects = Owned("seats")
    seat_metrics = Owned("seats")
    _seat_cache = Owned("seats", "cache")
    heat_anim = Owned("heat")
    announced_rect = Owned("centre")
    staging = Owned("tray")
    tray_pending = Owned("tray")
    bribe_aside = Owned("tray")
    _flown = Owned("moves", "flown")

    # -- steps its panels take
    even_out_seats = Ask("seats", "even_out_seats")
    draw_seat = Ask("seats", "draw_seat")
    draw_seat_cached = Ask("seats", "draw_seat_cached")
    shown_heat = Ask("heat", "shown_heat")
    draw_marks = Ask("heat", "draw")
    draw_phase_track = Ask("phase_track", "draw")
    draw_piles = Ask("piles", "draw")
    banner_seats = Ask("centre", "banner_seats")
    make_banner = Ask("centre", "make_banner")
    banner_content = Ask("centre", "banner_content")
    final_rows = Ask("centre", "final_rows")
    revealed_cards = Ask("centre", "revealed_cards")
    draw_center = Ask("centre", "draw_center")
    card_size = Ask("hand_fan", "card_size")
    hand_slots = Ask("hand_fan", "hand_slots")
    fan_aside = Ask("hand_fan", "fan_aside")
    glide_fan = Ask("hand_fan", "glide_fan")
    snap_home = Ask("hand_fan", "snap_home")
    real_hand = Ask("tray", "real_hand")
    staged = Ask("tray", "staged")
    boxed = Ask("tray", "boxed")
    tray_rect = Ask("tray", "tray_rect")
    tray_rows = Ask("tray", "tray_rows")
    tray_sprite = Ask("tray", "tray_sprite")
    hand_area = Ask("tray", "hand_area")
    pending_sprite = Ask("tray", "pending_sprite")
    stage_bribe = Ask("tray", "stage_bribe")
    unstage = Ask("tray", "unstage")
    ask_bribe = Ask("tray", "ask_bribe")
    draw_tray = Ask("tray", "draw_tray")
    leave_warning = Ask("tray", "leave_warning")
    act = Ask("moves", "act")
    heat_preview = Ask("moves", "heat_preview")
    accuser_label = Ask("moves", "accuser_label")
    on_table_click = Ask("moves", "on_table_click")
    drop_hint = Ask("moves", "drop_hint")
    default_accuser = Ask("moves", "default_accuser")
    submit_or_snap = Ask("moves", "submit_or_snap")
    open_place_prompt = Ask("moves", "open_place_prompt")

    def __init__(self, app, source) -> None:
        self.seats = Seats(self)
        self.heat = HeatMarks(self)
        self.phase_track = PhaseTrack(self)
        self.piles = Piles(self)
        self.centre = Centre(self)
        self.tray = BribeTray(self)
        self.moves = Moves(self)
        self.regions = StaticRegions(self)
        self.discard_marks: list[str] = []  # phase 4: the cards this seat will discard at the refill
        words.card_data()  # the card texts read now, not in the first frame after a move
        super().__init__(app, source)

    def work_ahead(self) -> bool:
        """Drawn ahead between moves: the villager rows the next move may show."""
        return self.seats.work_ahead()

    def ahead_face_sizes(self) -> list[tuple[tuple[int, int], None]]:
        """The sizes every card may show at on this table besides the hand's: the
        discard pile's top (``Piles.draw``), the last move's card (``Centre.draw_center``)
        and the card an answer window announces (``Centre.make_banner``)."""
        deck, banner = pygame.Rect(self.rects["deck"]), pygame.Rect(self.rects["banner"])
        sizes = [
            (int(min(deck.w, deck.h / CARD_RATIO)), int(min(deck.h, deck.w * CARD_RATIO))),
            (int((banner.h - 24) / CARD_RATIO), banner.h - 24),
            (int((banner.h - 16) / CARD_RATIO), banner.h - 16),
        ]
        return [(size, None) for size in dict.fromkeys(sizes)]

    def make_buttons(self) -> list[Button]:
        return self.piles.buttons()

    def fallback_rects(self, players: int, w: int, h: int) -> dict[str, Rect]:
        return _fallback_zones(players, w, h)

    def on_layout(self) -> None:
        self.even_out_seats()
        r = self.rects
        deck, discard, hand = (pygame.Rect(r[k]) for k in ("deck", "discard", "hand"))
        top = max(deck.bottom, discard.bottom) + max(8, deck.h // 14)
        bottom = hand.bottom
        self.rects.setdefault("buttons", (deck.x, top, discard.right - deck.x, max(40, bottom - top)))

    def log_on_felt(self) -> bool:
        return True  # no seat, pile or mark lies in the log's zone (the seats above it are cut short)

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

    # ------------------------------------------------------- the hand and the tray --
    def my_hand(self) -> list[str]:
        """The hand as the fan shows it: without the bribes staged in the tray."""
        staged = {b["card"] for b in self.tray.staged()}
        return [c for c in self.tray.real_hand() if c not in staged]

    def hand_face(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        if self.tray.stageable(card):  # a Bribe rides on other moves: never dimmed
            return self.art.face(self.game, card, size)
        return super().hand_face(card, size)

    def card_dimmed(self, card: str) -> bool:
        return False if self.tray.stageable(card) else super().card_dimmed(card)

    def select_card(self, card_id: str) -> None:
        if any(b["card"] == card_id for b in self.tray.staged()):
            self.tray.unstage(card_id)  # a click on a sealed card takes it back
            return
        super().select_card(card_id)

    def on_key(self, event: InputEvent) -> None:
        if self.tray.on_key(event):
            return
        super().on_key(event)

    def submit(self, command: dict) -> bool:
        return self.tray.submit(command, super().submit)

    # ------------------------------------------------------------------ targets ----
    def targets_for(self, card_id: str) -> list[Target]:
        if any(b["card"] == card_id for b in self.staged()):
            return [("hand", None)]  # a staged bribe goes back to the hand (§8.2)
        out: list[Target] = list(self.tray.bribe_targets(card_id))
        for c in self.legal_cmds:
            if c.get("card") != card_id:
                continue
            t = c.get("type")
            if t in ("accuse", "advocate") and c.get("target"):
                out.append(("villager", c["target"]))
            elif t == "test":
                for vid in [c["witch"]] if c.get("witch") else self.witches():
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
        if kind == "tray":
            return self.tray_rect()
        if kind in ("discard", "deck", "hand", "banner", "phase_track", "log"):
            r = self.rects.get(kind)
            return pygame.Rect(r) if r is not None else None
        if kind == "seat":
            return self.seat_rects.get(key)
        return None

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        if self.centre.contains(pos):
            return ("announced", None)
        if self.tray.contains(pos):
            return ("tray", None)
        for name in ("discard", "hand"):
            r = self.rects.get(name)
            if r is not None and pygame.Rect(r).collidepoint(pos):
                return (name, None)
        vid = self.seats.villager_at(pos)
        return ("villager", vid) if vid is not None else None

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
        vid = self.seats.portrait_at(pos)
        return ("villager", vid) if vid is not None else None

    def zoom_image(self, key: tuple[str, Any], width: int) -> pygame.Surface | None:
        if key[0] == "villager":
            return self.art.zoom(self.game, key[1], width)
        return super().zoom_image(key, width)

    def sync(self, force: bool = False) -> bool:
        changed = super().sync(force)
        if changed:
            choices = self.legal_of("choose_witch")
            if choices and self.pick is None:
                self.pick = Pick(
                    "Click the villager to burn (a tie)",
                    [("villager", c["villager"]) for c in choices],
                    lambda t: self.submit({"type": "choose_witch", "villager": t[1]}),
                )
                self.message = self.status_message()
        return changed

    def on_view_changed(self, old: dict, new: dict) -> None:
        self.heat.start(old, new)
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
            if card in self.moves.flown:
                continue
            seat = by_card.get(card)
            zone = self.seat_zone(seat) if isinstance(seat, int) else None
            start = zone.center if zone is not None else pygame.Rect(self.rects["banner"]).center
            dest = self.announced_rect if card == neww and self.announced_rect else pygame.Rect(self.rects["discard"])
            self.fly(
                self.art.face(self.game, card, size),
                (start[0] - size[0] // 2, start[1] - size[1] // 2),
                dest.topleft,
                FLY_SECONDS,
                delay=0.06 * i,
            )
        self.moves.flown = set()

    def effects_running(self) -> bool:
        return self.heat.running()

    def step_effects(self, dt: float) -> None:
        self.heat.step(dt)

    def status_message(self) -> str:
        v = self.view
        seat = v.get("seat")
        phase = v.get("phase")
        extra = getattr(self.source, "message", "") or ""
        if v.get("over"):
            return "The game is over."
        mine = seat is not None and seat in (v.get("to_act") or [])
        if not mine:
            return self.waiting_for(extra)
        me = self.name(seat)
        if self.pick is not None:
            return self.pick.title + " (or Tab + Enter)"
        window = v.get("window")
        if window:
            return self.say(
                f"{me}: drag an answer onto the announced card, or Pass (Space).",
                f"{me}: answer on the announced card, or Pass (Space).",
            )
        if phase == "setup":
            return f"{me}: place your villagers on your pyres — press P."
        if phase == "accusation":
            return self.say(
                f"{me}'s turn: drag cards onto villagers (1-9, Tab, Enter), "
                "Call inquisition (C) before playing, or End turn to draw (Space).",
                f"{me}'s turn: drag cards onto villagers, Call inquisition (C) or End turn (Space).",
                f"{me}: play cards, Call inquisition (C) or End turn (Space).",
            )
        if phase == "arrest":
            return f"{me} has priority: play one card, or Pass (Space)."
        if phase == "trial":
            return f"{me}'s trial turn: play one card, or Pass (Space)."
        if phase == "evidence":  # §5.4: the draws come once everyone has discarded
            return self.say(
                f"{me}: drag cards to the discard pile, then Refill (R); "
                "everyone draws up to 6 once all have discarded.",
                f"{me}: drag cards to the discard pile, then Refill (R).",
            )
        return extra

    def help_lines(self) -> list[str]:
        return [
            "Drag a card from your hand onto its target and let go:",
            "  brown cards and advocates: onto a villager (you pick the accuser);",
            "  a Bribe: onto a villager or your tray, pick the sign: it lies sealed face down and goes",
            "  with your next move (no one sees who bribed); click it or Backspace to take it back;",
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

    #: passes one after another are one line of the log ("Bob, Cy and Dee pass."), and so
    #: is a deal ("Ann is dealt 6 cards. Bob and Cy are dealt cards.")
    log_runs = frozenset({"pass", "deal"})

    def describe_events(self, events: list[dict]) -> str:
        if events[0].get("type") == "deal":  # one's own count, then the others' (§8.1: theirs are private)
            own = [self.describe_event(e) for e in events if "count" in e or "cards" in e]
            others = [self.name(e.get("seat")) for e in events if "count" not in e and "cards" not in e]
            if others:
                own.append(f"{listed(others)} {'is' if len(others) == 1 else 'are'} dealt cards.")
            return " ".join(own)
        return listed([self.name(e.get("seat")) for e in events]) + " pass."

    def draw_table(self, surface: pygame.Surface) -> None:
        """The static table: each panel in its own region, kept from the last view and
        painted again only when what it shows changed (:class:`StaticRegions`)."""
        regions = self.regions
        regions.begin(surface)
        regions.paint(
            surface, "phase_track", [self.rects["phase_track"]], self.phase_track.key(), self.phase_track.draw
        )
        self.phase_track.place_help()
        self.seats.draw(surface)  # each seat's picture placed in its zone when it changed
        regions.paint(surface, "piles", [self.piles.region()], self.piles.key(), self.piles.draw)
        no_hand = self.my_seat() is None and self.players > 1 and self.no_hand_words()
        regions.paint(surface, "hand", [self.rects["hand"]], (self.tray.key(), no_hand), self.draw_hand_zone)
        regions.paint(surface, "centre", [self.rects["banner"]], self.centre.key(), self.centre.draw)

    def draw_hand_zone(self, surface: pygame.Surface) -> None:
        """What the static table shows in the hand's zone: the sealed-bribe tray, or on the
        public table the words saying why no hand is shown."""
        self.tray.draw_tray(surface)
        if self.my_seat() is None and self.players > 1:
            hand = pygame.Rect(self.rects["hand"])
            msg = text(self.no_hand_words(), max(14, hand.h // 9), theme.TEXT_MUTED)
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
        if kind == "tray_card":
            s = self.tray_sprite(key)
            return s.rect.center if s is not None else None
        return super().locate(kind, key)
