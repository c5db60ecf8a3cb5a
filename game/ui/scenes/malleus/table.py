"""The Malleus Maleficarum table: the village map, the conflict panel, the ledgers and
the Prévôt's screen (docs/rules/malleus.md §9; DESIGN D3, D6).

``MalleusTableScene(app, source)`` draws ``source.view()`` and sends engine commands
through the source (``submit``; at a hot-seat story table also ``submit_as`` for another
human seat's public move). It never decides legality: its buttons come from the legal
commands of the seats it may act for, and a refusal shows the engine's sentence.

Zones (``assets/layouts/malleus.tmx`` through ``game.ui.layout``): ``map`` (the village
with its plates), ``conflict`` (the conflict or where the story stands), ``ledger`` (tabs),
``log``, ``message`` (the hint, with the action buttons to its right, rows growing up).

The table owns its panels (objects with their own state, made in ``__init__``):
``village`` (VillagePanel: backdrop, places, plates, arrows), ``popup`` (FactsPopup: a
clicked plate's facts, a hovered plate's card), ``plate_drag`` (PlateDrag: a plate being
carried, the new villager's plate), ``conflict`` (ConflictPanel: sides, bonus
breakdown, dice), ``ledger`` (LedgerPanel: tabs, own ledger, Prévôt's screen), ``bar``
(BarPanel: the action bar and the buttons placed beside what they act on), ``actions``
(ActionsPanel: who may do what),
``flows`` (FlowsPanel: the forms and choosers building each command; the secret action
form and a card played any time are ``secret_flow`` and ``card_flow``), ``forms``
(FormHost: the modal form), ``report`` (RoundsPanel: the end-of-round report). The table
draws them in the frame's order and routes input to them; they reach the table through
a small interface: ``view``, ``legal_cmds``, ``log_events``, ``source``, ``rects``,
``size``, ``px``, ``pointer``, ``names()``, ``me()``, ``send(seat, command)``, ``toast``,
``note_text``, ``dirty``. The modes a flow starts (``pending_villager``, ``link_seat``,
``frame_seat`` …) and a fact being carried to a side (``fact_drag``) are the table's own.
``chronicle`` writes the Markdown export.

Input, every action by mouse and by keyboard:
* drag a plate to rearrange the village (saved with the match); drag a plate onto
  another: while building, a fact and a relationship; on your turn, declare against it;
* drag a fact (from a plate's facts — click the plate — or from the ledger tabs) onto the
  FOR or AGAINST column to cite it;
* click a plate: its facts; while framing, bring it into the scene (or send it away);
  while choosing, take it; a place's name on the map sets where the scene is;
* buttons for everything else; Tab walks them, Enter presses, 1-9 pick in a chooser,
  Esc closes what is open (then the table menu), ? the help.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.fonts import get_font
from game.ui.input import InputEvent
from game.ui.scenes.malleus.actions import ActionsPanel
from game.ui.scenes.malleus.bar import BarPanel
from game.ui.scenes.malleus.card_flow import CardPlayFlow
from game.ui.scenes.malleus.chronicle import chronicle_markdown, write_chronicle
from game.ui.scenes.malleus.common import Names, describe, place_words
from game.ui.scenes.malleus.conflict import ConflictPanel
from game.ui.scenes.malleus.facts_popup import FactsPopup
from game.ui.scenes.malleus.flows import FlowsPanel
from game.ui.scenes.malleus.forms import FormHost
from game.ui.scenes.malleus.guide import draw_guide, guide_for
from game.ui.scenes.malleus.ledger import LedgerPanel
from game.ui.scenes.malleus.picture import Picture
from game.ui.scenes.malleus.plate_drag import PlateDrag
from game.ui.scenes.malleus.rounds import RoundsPanel
from game.ui.scenes.malleus.secret_flow import SecretActionFlow
from game.ui.scenes.malleus.village import VillagePanel
from game.ui.scenes.table_base import MIN_TEXT, Rect, TableScene, scale_design_rects, text
from game.ui.widgets import Button
from game.ui.wording import listed

log = logging.getLogger(__name__)

DESIGN_ZONES: dict[str, Rect] = {  # as assets/layouts/malleus.tmx (tools/make_malleus_map.py)
    "map": (8, 8, 1172, 992),
    "message": (8, 1008, 1172, 64),
    "guide": (1188, 8, 724, 226),
    "conflict": (1188, 242, 724, 394),
    "ledger": (1188, 644, 724, 240),
    "log": (1188, 892, 724, 180),
}


class MalleusTableScene(TableScene):
    """The Malleus table (see the module docstring): it owns its panels and routes the
    frame's drawing and the input to them."""

    game = "malleus"
    REQUIRED_ZONES = ("map", "guide", "conflict", "ledger", "log", "message")
    HELP_IN_LOG = True
    AHEAD = True  # fonts and the story's letters, drawn ahead between moves (ahead_words)

    def __init__(self, app, source) -> None:
        self.village = VillagePanel(self)
        self.popup = FactsPopup(self)
        self.plate_drag = PlateDrag(self)
        self.conflict = ConflictPanel(self)
        self.ledger = LedgerPanel(self)
        self.report = RoundsPanel(self)
        self.forms = FormHost(self)
        self.bar = BarPanel(self)
        self.actions = ActionsPanel(self)
        self.flows = FlowsPanel(self)
        self.secret_flow = SecretActionFlow(self)
        self.card_flow = CardPlayFlow(self)
        # the modes a flow starts and the table routes (see flows.py)
        self.pending_villager: dict | None = None
        self.link_seat: int | None = None
        self.link_from: str | None = None
        self.picked_plates: list[str] = []
        self.frame_seat: int | None = None
        self.frame_location: str | None = None
        self.fact_drag: dict | None = None  # a fact carried from a plate's facts or the ledger to a side
        self.guide_picture = Picture()  # the guide panel as last painted (picture.py)
        self._static_painted: pygame.Surface | None = None  # the static surface the zones were painted on
        self._px: tuple[tuple[int, int], dict[float, int]] = ((0, 0), {})  # px() by value, for one size
        super().__init__(app, source)

    # ------------------------------------------------------- the panels' interface --
    def design_scale(self) -> float:
        w, h = self.size
        return min(w / 1920, h / 1080) if w and h else 1.0

    def px(self, value: float) -> int:
        """Design pixels (1920x1080) to the window's (remembered per size: the panels ask
        a few hundred times a frame)."""
        size, known = self._px
        if size != self.size:
            size, known = self._px = (self.size, {})
        got = known.get(value)
        if got is None:
            got = known[value] = max(1, int(round(value * self.design_scale())))
        return got

    def log_font_size(self, rect: pygame.Rect) -> int:
        """The story's log is a short strip under the ledger (some 180 px at 1920 x 1080):
        sized by the lines it holds, its text came out at the 12 px floor at every window
        size, the smallest on the table; it scales with the window like the panels above it
        (15 px at 1920 x 1080, some 8 lines; the floor at 1280 x 720)."""
        return max(12, min(17, self.px(15)))

    def names(self) -> Names:
        return self.actions.names()

    def me(self) -> int | None:
        return self.actions.me()

    def send(self, seat: int, command: dict) -> str | None:
        return self.actions.send(seat, command)

    def make_buttons(self) -> list[Button]:
        return self.bar.make_buttons()

    @property
    def form(self):
        """The open form (None: none)."""
        return self.forms.form

    @classmethod
    def zones_needed(cls, players: int) -> list[str]:
        return list(cls.REQUIRED_ZONES)

    # the new-game form names the seats this way (seat 0 is the Prévôt, always a person)
    @staticmethod
    def seat_label(seat: int) -> str:
        return MalleusTableScene.seat_role(seat) or f"Player {seat}"

    @staticmethod
    def seat_role(seat: int) -> str | None:
        """The part a seat plays whoever sits there (the Continue list says it beside the
        name): seat 0 runs the village."""
        return "Prévôt" if seat == 0 else None

    @staticmethod
    def bot_allowed(seat: int) -> bool:
        return seat != 0

    @staticmethod
    def seats_text(seats: int) -> str:
        return f"Prévôt + {seats - 1} players"

    #: the Continue list says where a saved story stands in the story's own words: the
    #: beginning's steps by name, a round by its number alone (its phase is "round")
    summary_words = {
        "round": "round",
        "phases": {
            "trigger": "the beginning: the trigger event",
            "first_villager": "the beginning: the first villager",
            "building": "the beginning: building the village",
            "choosing": "the beginning: choosing villagers",
            "ledgers": "the beginning: the secret ledgers",
            "companions": "the beginning: companions",
            "round": "",
        },
    }

    def fallback_rects(self, players: int, w: int, h: int) -> dict[str, Rect]:
        return scale_design_rects(DESIGN_ZONES, w, h)

    def on_layout(self) -> None:
        self.village.forget_pictures()
        g = pygame.Rect(self.rects["guide"])
        pad = self.px(10)
        bar = max(28, self.px(48))
        self.rects["actions"] = (g.x + pad, g.bottom - pad - bar, g.w - 2 * pad, bar)
        # the sizes the panels step down through to fit their words (11 px up) and the report's
        # title face, loaded with the layout rather than in the frame after the move that
        # first needs one (a font file read there cost that frame several ms)
        for size in range(MIN_TEXT, max(MIN_TEXT, self.px(30)) + 1):
            get_font(size)
            get_font(size, bold=True)
        get_font(max(14, self.px(30)), bold=True, title=True)
        for alpha in (110, 120):  # the veils under the round report and a form, made for this size now
            self.shade_surface(self.size, alpha)

    # ------------------------------------------------------------ drawing ahead ----
    def ahead_card_ids(self) -> list[str]:
        return []  # no card faces at this table (cards are listed by name in the ledger)

    def extra_drawings(self):
        return ahead_words(self)

    def work_ahead(self) -> bool:
        """For the view on screen: what the end-of-round report will need (rounds.py)."""
        return self.report.prepare()

    def my_hand(self) -> list[str]:
        return []  # the hand is listed in the ledger and played through buttons (no card sprites)

    # --------------------------------------------------------------- view changes ----
    def on_view_changed(self, old: dict, new: dict) -> None:
        recent = new.get("recent") or []
        rolls = [e for e in recent if e.get("type") == "roll"]
        if rolls:
            self.conflict.start_dice(rolls)
        self.report.collect_round_report(recent)
        if old.get("phase") != new.get("phase") or old.get("step") != new.get("step"):
            self.frame_seat = None if new.get("step") != "frame" else self.frame_seat
            if new.get("step") != "frame":
                self.picked_plates = []
        # a building mode belongs to the seat whose building turn it is: it ends with that turn
        building = (new.get("building") or {}).get("seat") if new.get("phase") == "building" else None
        if self.pending_villager and self.pending_villager.get("seat") != building:
            self.pending_villager = None
        if self.link_seat is not None and self.link_seat != building:
            self.link_seat, self.link_from = None, None

    def describe_event(self, event: dict) -> str:
        return describe(event, Names(self.view, list(self.source.players)))

    #: the round's draws are one line of the log ("Bob, Ann and Cy draw 2 cards each.")
    log_runs = frozenset({"draw"})

    def describe_events(self, events: list[dict]) -> str:
        counts = {e.get("count") for e in events}
        if len(counts) != 1:
            return " ".join(self.describe_event(e) for e in events)
        n = Names(self.view, list(self.source.players))
        count = counts.pop()
        return f"{listed([n.seat(e.get('player')) for e in events])} draw {count} card{'s' if count != 1 else ''} each."

    def status_message(self) -> str:
        v = self.view
        if getattr(self.source, "message", ""):
            return self.source.message
        if self.pending_villager:
            return "Drag the new plate onto the villager it has a relationship with (or click that villager)."
        if self.link_seat is not None:
            if self.link_from:
                return f"Now click the other villager of {self.names().villager(self.link_from)}'s relationship."
            return "Click the villager who gets the new fact, then the other villager of the relationship."
        if self.frame_seat is not None:
            return (
                f"Scene at {place_words(self.frame_location)}: click plates to bring villagers in or out; "
                "click a place to move it; then Frame the scene."
            )
        if v.get("over"):
            return "The witch-hunt is over."
        n = self.names()
        if self.me() is None and self.actions.hotseat():
            seats = getattr(self.source, "banner_seats", list)()
            if seats:
                return (
                    "Private input: "
                    + listed([n.short_seat(s) for s in seats])
                    + " — press your name, the others look away."
                )
        if self.watching():
            return "You are watching: hover or click a plate for its facts."
        if v.get("conflict") and v.get("step") in ("scene", "roll", "sides", "oppose"):
            return "Drag a fact (click a plate for its facts, or from the ledger) onto FOR or AGAINST to cite it."
        if not v.get("villagers"):  # before the first villager there is no plate to drag
            return "The map fills as the village is built: the guide at the top right says what to do now."
        return "Drag plates to arrange the village; hover or click one for its facts."

    # ------------------------------------------------------------------ buttons ----
    def cancel_modes(self) -> None:
        self.pending_villager, self.link_seat, self.link_from = None, None, None
        self.frame_seat, self.picked_plates = None, []
        self.buttons = self.make_buttons()
        self.focus = self.bar.default_focus
        self.message = self.status_message()
        self._static_key = None
        self.dirty = True

    def press_button(self, button: Button) -> None:
        super().press_button(button)
        self.buttons = self.make_buttons()
        self.focus = self.bar.default_focus
        self.message = self.status_message()

    def export_chronicle(self) -> None:
        try:
            path = write_chronicle(chronicle_markdown(self.view, list(self.source.log()), list(self.source.players)))
        except OSError as exc:
            self.toast(f"The chronicle could not be written: {exc.strerror or exc}")
            return
        self.toast(f"Chronicle written: {path}", error=False)

    # ------------------------------------------------------------------ drawing ----
    def draw_table(self, surface: pygame.Surface) -> None:
        if surface is not self._static_painted:  # a new surface: every zone is painted from nothing
            surface.fill(theme.FELT_DARK)
            self._static_painted = surface
        self.village.draw_map(surface)
        self.draw_guide_zone(surface)
        self.conflict.draw_zone(surface)
        self.ledger.draw_zone(surface)

    def guide(self):
        return guide_for(self.view, self.me(), self.names(), self.own_screens())

    def draw_guide_zone(self, surface: pygame.Surface) -> None:
        bar = pygame.Rect(self.rects.get("actions") or (0, 0, 10, 10))
        guide, rect = self.guide(), pygame.Rect(self.rects["guide"])
        self.guide_picture.draw(
            self,
            surface,
            rect,
            (self.size, tuple(rect), guide, bar.y),
            lambda s: draw_guide(self, s, rect, guide, bar.y),
        )

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.frame_seat is not None:  # where the scene being framed takes place
            r = self.village.place_rects().get(self.frame_location or "")
            if r is not None:
                pygame.draw.ellipse(surface, theme.HIGHLIGHT, r, max(2, self.px(4)))
        if self.pending_villager and not self.plate_drag.ghost_held():
            self.plate_drag.draw_ghost(surface)
        if self.conflict.dice_running() or self.fact_drag is not None:
            self.conflict.draw_conflict_zone(surface)
        self.popup.draw(surface)

    def draw_dragged(self, surface: pygame.Surface) -> None:
        """A plate or a fact being dragged is drawn above the log, the banner and the bars
        (the base's order for a held card)."""
        super().draw_dragged(surface)
        self.plate_drag.draw(surface)
        if self.pending_villager and self.plate_drag.ghost_held():
            self.plate_drag.draw_ghost(surface)
        if self.fact_drag is not None:
            label = text(self.names().fact(self.fact_drag["fact"])[:48], max(12, self.px(18)), theme.INK, bold=True)
            box = label.get_rect(center=self.pointer).inflate(self.px(18), self.px(10))
            pygame.draw.rect(surface, theme.HIGHLIGHT, box, border_radius=box.h // 2)
            surface.blit(label, label.get_rect(center=box.center))

    def draw(self, surface: pygame.Surface) -> None:
        form, prompt = self.form, self.prompt
        self.prompt = None if form is not None else prompt  # a form's chooser is drawn above the form
        try:
            super().draw(surface)
        finally:
            self.prompt = prompt
        if form is None and prompt is None:
            self.bar.draw_hover_label(surface)
        self.report.draw_round_report(surface)
        if form is not None:
            self.forms.draw_form(surface)
            self.draw_prompt(surface)
            self.draw_toasts(surface)

    # -------------------------------------------------------------------- input ----
    def handle(self, event: InputEvent) -> None:
        if self.forms.form_handle(event):
            return
        if self.report.round_report is not None and event.kind in (uinput.PRESS, uinput.KEY):
            if self.report.report_handle(event):
                return
        if event.kind == uinput.WHEEL:
            r = self.ledger.ledger_rect()
            if r.collidepoint(event.pos):
                self.ledger.ledger_scroll = max(0, self.ledger.ledger_scroll - event.dy * self.px(40))
                self._static_key = None
                self.dirty = True
                return
        super().handle(event)

    def on_move(self, pos: tuple[int, int]) -> None:
        super().on_move(pos)
        self.plate_drag.move(pos)
        if self.fact_drag is not None or self.popup.vid is not None:
            self.dirty = True

    def hover_target_key(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        if self.form is not None or self.plate_drag.held is not None or self.fact_drag is not None:
            return None
        if self.popup.contains(pos):
            return None
        vid = self.village.plate_at(pos)
        if vid:
            return ("villager", vid)
        if not any(b.visible and b.rect.collidepoint(pos) for b in self.all_buttons()):
            for rect, fid in self.conflict.fact_lines():
                if rect.collidepoint(pos):
                    return ("fact", fid)  # a fact the conflict panel may show shortened
        return None

    def zoom_image(self, key: tuple[str, Any], width: int) -> pygame.Surface | None:
        if key[0] == "fact":
            return self.conflict.fact_zoom(key[1], width)
        if key[0] != "villager":
            return None
        return self.popup.villager_card(key[1], width)

    def on_left_press(self, pos: tuple[int, int]) -> None:
        if (
            self.prompt is not None
            or self.help_open
            or any(b.visible and b.rect.collidepoint(pos) for b in self.all_buttons())
        ):
            super().on_left_press(pos)
            return
        if self.help_rect is not None and self.help_rect.collidepoint(pos):
            super().on_left_press(pos)
            return
        self.dirty = True
        self.zoom, self.zoom_sticky = None, False
        ledger = self.ledger
        tab = ledger.tab_at(pos)
        if tab is not None:
            ledger.tab, ledger.ledger_scroll = tab, 0
            self._static_key = None
            return
        fid = self.popup.row_at(pos)
        if fid is not None:
            self.fact_drag = {"fact": fid, "start": pos}
            return
        if self.popup.contains(pos):
            return
        for fid, row in ledger.ledger_fact_rows:
            if row.collidepoint(pos):
                self.fact_drag = {"fact": fid, "start": pos}
                return
        if self.plate_drag.press(pos):
            return
        if self.frame_seat is not None:
            for name, r in self.village.place_rects().items():
                if r.collidepoint(pos):
                    self.flows._set_location(name)
                    return
        self.popup.vid = None
        super().on_left_press(pos)

    def on_left_release(self, pos: tuple[int, int]) -> None:
        if self.fact_drag is not None:
            drag, self.fact_drag = self.fact_drag, None
            for side, col in self.conflict.side_columns().items():
                if col.collidepoint(pos):
                    self.flows.drop_fact(drag["fact"], side)
                    break
            self._static_key = None
            self.dirty = True
            return
        if not self.plate_drag.release(pos):
            super().on_left_release(pos)

    def click_plate(self, vid: str) -> None:
        v = self.view
        if self.pending_villager:
            self.flows.link_new_villager(vid)
            return
        if self.link_seat is not None:
            if self.link_from is None:
                self.link_from = vid
                self.message = self.status_message()
            elif vid != self.link_from:
                a, self.link_from = self.link_from, None
                self.flows.link_existing(self.link_seat, a, vid)
            return
        if self.frame_seat is not None:
            c = v.get("conflict") or {}
            if vid == c.get("actor_villager"):
                self.toast("The actor stays in the scene.")
                return
            if vid in self.picked_plates:
                self.picked_plates.remove(vid)
            else:
                self.picked_plates.append(vid)
            self._static_key = None
            return
        if v.get("phase") == "choosing":
            seats = [s for s, c in self.actions.seat_moves("choose_villager") if c["villager"] == vid]
            if seats:
                name = self.names().villager(vid)
                self.actions.choose(
                    f"{self.source.players[seats[0]]} plays {name}?",
                    [("Yes", True), ("No", False)],
                    lambda ok: ok and self.send(seats[0], {"type": "choose_villager", "villager": vid}),
                )
                return
        if v.get("phase") == "companions" and self.me() is not None:
            if {"type": "choose_companion", "villager": vid} in self.legal_cmds:
                name = self.names().villager(vid)
                self.actions.choose(
                    f"{name} as your secret companion?",
                    [("Yes", True), ("No", False)],
                    lambda ok: ok and self.send(self.me(), {"type": "choose_companion", "villager": vid}),
                )
                return
        self.popup.vid = None if self.popup.vid == vid else vid

    def close_topmost(self) -> bool:
        if self.popup.vid is not None:
            self.popup.vid = None
            self.dirty = True
            return True
        if self.pending_villager or self.link_seat is not None or self.frame_seat is not None:
            self.cancel_modes()
            return True
        if self.report.round_report is not None:
            self.report.round_report = None
            self.dirty = True
            return True
        return super().close_topmost()

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self.forms.relayout()  # an open form follows the window

    def sync(self, force: bool = False) -> bool:
        seat = self.view.get("seat") if self.view else "none yet"
        modes = (bool(self.pending_villager), self.link_seat, self.frame_seat)
        changed = super().sync(force)
        if changed:
            if modes != (bool(self.pending_villager), self.link_seat, self.frame_seat):
                self.buttons = self.make_buttons()  # a mode ended with the move (on_view_changed)
            self.focus = self.bar.default_focus
            if self.view.get("seat") != seat:  # another screen: its own default tab, nothing left open
                self.ledger.tab, self.ledger.ledger_scroll, self.popup.vid = None, 0, None
                if self.form is not None:
                    self.forms.close_form()
            self.message = self.status_message()
        return changed

    # ----------------------------------------------------------------- effects ----
    def effects_running(self) -> bool:
        return self.conflict.dice_running()

    def step_effects(self, dt: float) -> None:
        self.conflict.step_dice(dt)

    @property
    def animating(self) -> bool:
        return super().animating or self.plate_drag.held is not None or self.fact_drag is not None

    # --------------------------------------------------------------- for tests ----
    def locate(self, kind: str, key: Any = None) -> tuple[int, int] | None:
        if kind == "plate":
            r = self.village.plate_rects().get(key)
            return r.center if r is not None else None
        if kind == "ghost":
            return self.plate_drag.ghost_rect().center if self.pending_villager else None
        if kind == "form":
            return self.forms.form_locate(key)
        if kind == "tab":
            for k, box in self.ledger.tab_rects:
                if k == key:
                    return box.center
            return None
        if kind == "place":
            r = self.village.place_rects().get(key)
            return r.center if r is not None else None
        if kind == "side":
            r = self.conflict.side_columns().get(key)
            return r.center if r is not None else None
        if kind == "fact":
            for fid, row in list(self.popup.rows) + list(self.ledger.ledger_fact_rows):
                if fid == key:
                    return row.center
            return None
        return super().locate(kind, key)

    def help_lines(self) -> list[str]:
        return [
            "The guide (top right) says what happens now, whom the table waits for, what you do and the rule;",
            "  its big button is the step's main action, More… holds the rest (and the chronicle).",
            "The village: drag a plate to move it (the arrangement is saved); hover or click it for its facts.",
            "Building: New villager (name and three facts), then drag its plate onto the villager it relates to;",
            "  or drag one plate onto another for a new fact and a relationship; Pass when you are done.",
            "Your turn: drag your villager onto the target (or Declare a conflict…); frame the scene by clicking",
            "  plates in or out and a place on the map.",
            "Citing: drag a fact (a plate's facts, the ledger tabs, the witch stereotypes) onto FOR or AGAINST;",
            "  the Prévôt counts or rejects it with the buttons by it. A side's buttons sit under its column.",
            *(
                [
                    "Ledgers, companions, secret actions, discards and card plays are done on each one's own screen;",
                    "  your cards are under My ledger: Play\u2026 beside a card plays it.",
                ]
                if self.own_screens()
                else [
                    "Secret actions, ledgers, companions, discards and card plays happen behind the curtain;",
                    "  the \u201cA player's cards\u2026\u201d button (above the ledger) opens one player's own screen "
                    "to play a card.",
                ]
            ),
            "Keys: Tab walks the buttons, Enter presses, 1-9 pick in a chooser, Esc closes, ? this help.",
        ]


#: the letters of the story's words beyond the shared set: the village's names (Thérèse,
#: Rémy, the Prévôt), the rules' marks (÷ → ↔ § •) and quotes
STORY_LETTERS = "ÉâçèéôàêëîïûüÀÈ§±·÷–—’‘“”•…↑→↓↔⌊⌋×½"


def ahead_words(table):
    """Drawn ahead (``table.ahead``): every face of every size the table writes in,
    each writing the story's letters once, so the first sentence after a move that has
    one does not load it."""
    for size in range(MIN_TEXT, 31):
        for bold, title in ((False, False), (True, False), (True, True), (False, True)):
            font = get_font(size, bold=bold, title=title)  # not render_text: nothing is shown or recorded
            yield lambda font=font: font.render(STORY_LETTERS, True, theme.INK)
