"""What every table scene shares (DESIGN D3, D6): the Hammer table and the Witch Trial
courtroom both build on :class:`TableScene`.

Contract with the rest of the UI:

* The scene draws ONLY ``source.view()`` / ``source.log()`` and acts ONLY through
  ``source.submit(command)`` (the TableSource of ``game.ui.session``). ``source.legal()``
  is read only to light up valid targets; legality is the engine's business, so a
  refused command snaps the card back and shows the engine's own message.
* The view is re-read whenever ``source.revision`` or ``source.screen_seat`` changes and
  always right before drawing, so a hand is never drawn from a stale view (the curtain
  guarantee of D3 holds even for one frame).
* Idle costs nothing: the scene is redrawn only when the revision changes, the pointer
  changes something visible, or an animation runs (``animating``).

Subclasses implement ``fallback_rects`` (zones used when the Tiled layout lacks one),
``draw_table`` (the static part of the table: cached per revision and size),
``hand_cards`` / ``card_targets`` and the ``act_*`` hooks.

The shared machinery is a package of panels (STYLE.md), each a mixin of
:class:`TableScene` in ``game/ui/scenes/table/``: ``controls`` (mouse, keys, the Esc
chain, ``locate``), ``hand`` (the fanned hand sprites), ``zoom``, ``prompts`` (Prompt,
Pick, TableBanner and their drawing), ``banner`` (hint strip, buttons, thinking pill,
targets, toasts, the held moments), ``log`` (game log, its header buttons, table menu,
help overlay), ``connection`` (LAN pill, away notice), ``sound``, ``text_fit`` (text a
player must read whole) and ``common`` (sizes, zones, targets, small drawing helpers).
This module wires them into :class:`TableScene` (state, view handling, subclass hooks,
animation, the frame's drawing order) and re-exports every name other modules import
from it.
"""
from __future__ import annotations

import logging
import math
import time
from typing import Any

import pygame

from game.ui.scene import Scene
from game.ui.scenes.table.banner import BannerPanel
from game.ui.scenes.table.connection import ConnectionPanel
from game.ui.scenes.table.controls import ControlsPanel
from game.ui.scenes.table.hand import HandPanel
from game.ui.scenes.table.log import LogPanel
from game.ui.scenes.table.prompts import PromptPanel
from game.ui.scenes.table.sound import SoundPanel
from game.ui.scenes.table.zoom import ZoomPanel
from game.ui.sprites import CardSprite, DragDrop, Tween
from game.ui.widgets import Banner, Button
from game.ui.widgets import Toast as ToastWidget

# Everything other modules import from here (``from game.ui.scenes.table_base import X``)
# keeps working: the shared pieces live in game/ui/scenes/table/ and are re-exported.
from game.ui.scenes.table.common import (  # noqa: F401 (re-exported)
    DIM_SHADE, FLY_SECONDS, HOVER_RAISE, HOVER_ZOOM_SECONDS, MIN_TEXT, REPEATING_KEYS, THINKING_DOTS_PER_SECOND,
    TOAST_SECONDS, FallbackArt, Flight, Rect, Target, named_in, panel, scale_design_rects, text, unique_targets,
    zone_rects)
from game.ui.scenes.table.prompts import Pick, Prompt, TableBanner  # noqa: F401 (re-exported)
from game.ui.scenes.table.text_fit import TextBlock, TextFit, blit_text, fit_lines  # noqa: F401 (re-exported)
from game.ui.widgets import fit_text  # noqa: F401 (re-exported)

log = logging.getLogger(__name__)


# ----------------------------------------------------------------------- helpers ----
def card_art():
    """The art engineer's CardArt (an instance), or a plain local stand-in."""
    global _ART
    if _ART is None:
        try:
            from game.ui.card_art import CardArt  # type: ignore

            _ART = CardArt() if isinstance(CardArt, type) else CardArt
        except ImportError:
            _ART = FallbackArt()
    return _ART


_ART: Any = None


class TableScene(ControlsPanel, HandPanel, ZoomPanel, PromptPanel, BannerPanel, LogPanel, ConnectionPanel,
                 SoundPanel, TextFit, Scene):
    """Shared table machinery. See the module docstring: this class holds the state, the
    view handling, the hooks subclasses fill in, animation and the frame's drawing order;
    each panel mixin (game/ui/scenes/table/) holds one part of the table."""

    game = ""
    #: zones the scene cannot do without (the layout test checks them for 3-5 players)
    REQUIRED_ZONES: tuple[str, ...] = ()
    #: what "No answers" says at a source that cannot ask every seat at once
    NO_ANSWERS_UNSUPPORTED = ""

    @classmethod
    def zones_needed(cls, players: int) -> list[str]:
        return list(cls.REQUIRED_ZONES) + [f"seat_{k}" for k in range(players)]

    def __init__(self, app, source) -> None:
        super().__init__(app)
        self.source = source
        self.anchor_seat = 0            # the seat drawn in seat_0 while nobody is behind the screen
        self.art = card_art()
        self.group: pygame.sprite.LayeredUpdates = pygame.sprite.LayeredUpdates()
        self.drag = DragDrop(self.group)
        self.rects: dict[str, Rect] = {}
        self.size = (0, 0)
        self._seen: tuple | None = None
        self.view: dict = {}
        self.legal_cmds: list[dict] = []
        self.log_events: list[dict] = []
        self.log_scroll = 0           # lines scrolled up from the newest
        self.toast_widget = ToastWidget(font_size=20)
        self.last_error = ""
        self.message = ""
        self.zoom: tuple[str, Any] | None = None
        self.zoom_sticky = False
        self.zoom_at = (0, 0)        # where the zoom opened: it is drawn beside that point
        #: the hover key whose zoom was closed by Esc or a click: it does not open again by
        #: itself until the pointer has been on something else (QA 4: Esc moved the zoom)
        self.zoom_dismissed: tuple[str, Any] | None = None
        self.hover_card: str | None = None  # the hand card raised under the pointer
        self.playable: set[str] = set()     # strings named by some legal command (dimming)
        self._dim_faces: dict[tuple, pygame.Surface] = {}
        self._raised_faces: dict[tuple, pygame.Surface] = {}
        #: every text block drawn last frame that must be read whole: (what, text, shown,
        #: line rects, box); the text-fit test reads it (issue 9 item 5)
        self.text_boxes: list[TextBlock] = []
        self.static_text: dict[str, list[TextBlock]] = {}
        #: shorter wordings of a long message, tried in order when it does not fit its strip
        self.short_messages: dict[str, tuple[str, ...]] = {}
        self._text_sink: list[TextBlock] | None = None
        self.hover_key: tuple[str, Any] | None = None
        self.hover_since = 0.0
        self.pointer = (0, 0)
        self.help_open = False
        self.help_rect: pygame.Rect | None = None  # where a click opens the help
        self.standin_rect: pygame.Rect | None = None  # LAN owner: "Bot now" for an away seat
        self.prompt: Prompt | None = None
        self.pick: Pick | None = None
        self.buttons: list[Button] = []
        self.banner: Banner | None = None
        self.menu_button: Button | None = None   # the table menu (issue 9 item 2)
        self.focus = -1              # keyboard focus over the buttons (Tab with no card picked)
        self.flights: list[Flight] = []
        self.valid_targets: list[Target] = []
        self.target_cursor = -1
        self.selected: str | None = None   # card id picked by click or keyboard
        self._pressed_button: Button | None = None
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self._log_cache: tuple | None = None
        self._log_blank: tuple | None = None
        self._log_wrapped: dict[tuple, dict[int, list[str]]] = {}

    # ------------------------------------------------------------------ lifecycle --
    def enter(self) -> None:
        super().enter()
        self.sync(force=True)

    def resume(self) -> None:
        super().resume()
        self.drag.cancel()
        self.sync(force=True)

    def pause(self) -> None:
        self.drag.cancel()
        self.hover_key, self.zoom, self.zoom_sticky = None, None, False

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self.sync(force=True)

    # ------------------------------------------------------------ view handling --
    @property
    def players(self) -> int:
        return len(self.source.players)

    def sync(self, force: bool = False) -> bool:
        """Re-read the view when the revision, the shown seat or the window size changed."""
        size = self.app.screen.get_size() if self.app is not None else (1280, 720)
        key = (self.source.revision, self.source.screen_seat, size)
        if not force and key == self._seen:
            return False
        old_view = self.view
        if size != self.size:
            self.size = size
            self.rects = zone_rects(self.game, self.players, size, self.fallback_rects)
            self.on_layout()
        self._seen = key
        self.view = self.source.view()
        self.legal_cmds = list(self.source.legal()) if self.source.screen_seat is not None else []
        self.playable = named_in(self.legal_cmds)
        self.log_events = list(self.source.log())
        self.sound_new_events()
        self._static_key = None
        changed = bool(old_view) and old_view.get("state_id") != self.view.get("state_id")
        same_seat = bool(old_view) and old_view.get("seat") == self.view.get("seat")
        if self.selected is not None and self.selected not in self.my_hand():
            self.selected = None
        if changed or not same_seat:
            # a prompt or pick belongs to the position and the seat it was opened for
            self.prompt, self.pick = None, None
            self.valid_targets, self.target_cursor = [], -1
            self.drag.cancel()
        if old_view and not same_seat:
            # nothing of the previous seat's screen survives a change of seat (D3): not a
            # zoomed hand card, not the message about a move it tried
            self.zoom, self.zoom_sticky, self.hover_key = None, False, None
            self.toast_widget.hide()
            self.last_error = ""
            self.flights.clear()
        self.buttons = self.make_buttons()
        self.banner = self.make_banner()
        self.menu_button = self.make_menu_button()
        self.focus = -1
        self.rebuild_sprites(old_view if (changed and same_seat) else None)
        if changed:
            self.on_view_changed(old_view, self.view)
            self.log_scroll = 0
        self.message = self.hold_message() or self.status_message()
        self.dirty = True
        return True

    def my_seat(self) -> int | None:
        return self.view.get("seat")

    def my_hand(self) -> list[str]:
        seat = self.my_seat()
        if seat is None:
            return []
        for p in self.view.get("players", []):
            if p.get("seat") == seat:
                return list(p.get("hand") or [])
        return []

    def shown_seat(self) -> int:
        """The seat drawn at the bottom: the one behind the screen, else the last one."""
        seat = self.view.get("seat")
        if isinstance(seat, int):
            self.anchor_seat = seat
        return self.anchor_seat

    def seat_zone(self, seat: int) -> pygame.Rect | None:
        k = (seat - self.shown_seat()) % max(1, self.players)
        r = self.rects.get(f"seat_{k}")
        return pygame.Rect(r) if r is not None else None

    def player(self, seat: Any) -> dict:
        for p in self.view.get("players") or []:
            if p.get("seat") == seat:
                return p
        return {}

    def legal_of(self, kind: str) -> list[dict]:
        return [c for c in self.legal_cmds if c.get("type") == kind]

    def pending_public(self) -> list[int]:
        try:
            return list(self.source.pending_seats())
        except Exception:
            return list(self.view.get("to_act") or [])

    def no_answers(self) -> None:
        """Every seat asked passes at once, if the source can ask them (hot-seat)."""
        fn = getattr(self.source, "no_answers", None)
        if fn is None:
            self.toast(self.NO_ANSWERS_UNSUPPORTED)
            return
        problem = fn()
        if problem:
            self.toast(str(problem))
        self.sync()

    # ---------------------------------------------------------------- for subclasses --
    def fallback_rects(self, players: int, w: int, h: int) -> dict[str, Rect]:
        raise NotImplementedError

    def on_layout(self) -> None:
        """Zones changed (first sync or resize)."""

    def draw_table(self, surface: pygame.Surface) -> None:
        """Draw the static table (cached until the view or size changes)."""

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Per-frame parts of the table itself, drawn under the cards in hand and the
        cards flying (markers that glide along a track)."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Per-frame parts drawn above the cards (prompts, dice, highlights)."""

    def make_buttons(self) -> list[Button]:
        return []

    def make_banner(self) -> Banner | None:
        """The public banner (windows, whose turn it is) or None."""
        return None

    def all_buttons(self) -> list[Button]:
        return (list(self.buttons) + (list(self.banner.buttons) if self.banner is not None else [])
                + ([self.menu_button] if self.menu_button is not None else []))

    def status_message(self) -> str:
        return ""

    def no_hand_words(self) -> str:
        """What the hand's place says on the public table (no seat behind the screen):
        that the bots play, while only bots move (each person's own view comes back
        behind the curtain), else that the screen is being passed between players."""
        try:
            pending = list(self.source.pending_seats())
            bots_only = bool(pending) and not any(self.source.is_human(s) for s in pending)
        except Exception:  # a source without seats to ask: the general sentence
            bots_only = False
        if bots_only and not self.view.get("over"):
            return "No hand is shown while the bots play."
        return "The screen shows no hand now \u2014 it is passed between players."

    def say(self, message: str, *shorter: str) -> str:
        """``message`` for the hint strip, with shorter wordings of it for a narrow window."""
        if shorter:
            self.short_messages[message] = shorter
        return message

    def waiting_for(self, extra: str = "") -> str:
        """The hint while other seats act: who they are, or how many when names do not fit."""
        acting = [self.name(s) for s in self.pending_public()]
        base = f"Waiting for {', '.join(acting)}." if acting else ""
        many = f"Waiting for {len(acting)} players." if len(acting) > 1 else base
        return self.say((extra + " " + base).strip(), (extra + " " + many).strip(), many)

    def on_view_changed(self, old: dict, new: dict) -> None:
        """A command was applied: start the animations that show it."""

    def describe_event(self, event: dict) -> str:
        return str(event.get("type", ""))

    def hand_slots(self, count: int) -> list[tuple[int, int]]:
        return []

    def card_size(self) -> tuple[int, int]:
        return (90, 126)

    def targets_for(self, card_id: str) -> list[Target]:
        return []

    def target_rect(self, target: Target) -> pygame.Rect | None:
        return None

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        return None

    def act(self, card_id: str | None, target: Target, anchor: tuple[int, int]) -> bool:
        """Build and send the command for ``card_id`` on ``target``. False = refused."""
        return False

    def help_lines(self) -> list[str]:
        return []

    # ------------------------------------------------------------------ flights ----
    @property
    def anim_factor(self) -> float:
        """Animation durations scale with the settings' animation speed (100 = normal)."""
        settings = getattr(self.app, "settings", None)
        speed = getattr(settings, "animation_speed", 100) or 100
        return 100.0 / max(10, int(speed))

    def fly(self, image: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
            duration: float = FLY_SECONDS, delay: float = 0.0) -> None:
        f = self.anim_factor
        self.flights.append(Flight(image, Tween(start, end, duration * f, delay=delay * f), start))

    # ------------------------------------------------------------------ messages ----
    def toast(self, message: str, error: bool = True, edge: tuple[int, int, int] | None = None) -> None:
        self.last_error = message if error else self.last_error
        self.toast_widget.show(message, "error" if error else "info", seconds=TOAST_SECONDS, edge=edge)
        if error:
            self.play_sound("refused")
        self.dirty = True

    def submit(self, command: dict) -> bool:
        """Send ``command``; on refusal show the engine's message. True when applied."""
        try:
            error = self.source.submit(command)
        except Exception as exc:  # the source must never crash the table
            log.exception("submit failed")
            error = f"That did not work: {exc}"
        if error:
            self.toast(str(error))
            return False
        self.sync()
        return True

    # ---------------------------------------------------------------- animation ----
    @property
    def animating(self) -> bool:
        return bool(self.flights) or self.drag.dragging or any(
            isinstance(s, CardSprite) and s.moving for s in self.group.sprites()) or self.effects_running() \
            or self.toast_widget.animating

    def effects_running(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        if self.sync():
            self.dirty = True
        for s in self.group.sprites():
            if isinstance(s, CardSprite) and s.moving:
                s.update(dt)
        for f in list(self.flights):
            f.pos = f.tween.step(dt)
            if f.tween.done:
                self.flights.remove(f)
                self.dirty = True
        self.step_effects(dt)
        now = time.monotonic()
        thinking = self.thinking_seat()
        dots = None if thinking is None else (thinking, int(now * THINKING_DOTS_PER_SECOND) % 4)
        if dots != self.__dict__.get("_dots_shown"):  # the "thinking…" pill counts its dots
            self._dots_shown = dots
            self.dirty = True
        if self.toast_widget.showing:
            self.toast_widget.update(dt)
            if not self.toast_widget.showing:
                self.dirty = True
        if self.zoom is not None and not self.zoom_allowed(self.zoom):
            self.zoom, self.zoom_sticky = None, False  # a chooser opened over it
            self.dirty = True
        if self.zoom is not None and not self.zoom_sticky and not self.drag.dragging:
            under = self.hover_target_key(self.pointer)
            if under != self.zoom:  # what it showed left from under the pointer (a move, QA 37)
                self.zoom, self.hover_key, self.hover_since = None, under, now
                self.dirty = True
        if (self.hover_key is not None and self.zoom is None and not self.drag.dragging
                and self.hover_key != self.zoom_dismissed
                and now - self.hover_since >= HOVER_ZOOM_SECONDS and self.zoom_allowed(self.hover_key)):
            self.zoom, self.zoom_sticky, self.zoom_at = self.hover_key, False, self.pointer
            self.dirty = True

    def step_effects(self, dt: float) -> None:
        pass

    def next_wake(self) -> float | None:
        """A card hovered long enough zooms by itself, and a bot's "thinking…" dots count
        three times a second: wake the idle app when either is due (no 60 fps redraws
        through a bot's pause)."""
        due = None
        if (self.hover_key is not None and self.zoom is None and not self.drag.dragging
                and self.hover_key != self.zoom_dismissed and self.zoom_allowed(self.hover_key)):
            due = max(0.0, HOVER_ZOOM_SECONDS - (time.monotonic() - self.hover_since))
        if self.thinking_seat() is not None:
            now = time.monotonic() * THINKING_DOTS_PER_SECOND
            dots = (math.floor(now) + 1 - now) / THINKING_DOTS_PER_SECOND + 0.001
            due = dots if due is None else min(due, dots)
        return due

    # ------------------------------------------------------------------- drawing ----
    def draw(self, surface: pygame.Surface) -> None:
        self.sync()  # never draw a hand from a stale view (D3)
        self.text_boxes = []
        key = (self._seen, self.size, self.selected, tuple(self.valid_targets))
        if self._static is None or self._static.get_size() != surface.get_size() or self._static_key != key:
            if self._static is None or self._static.get_size() != surface.get_size():
                self._static = pygame.Surface(surface.get_size()).convert()
            self._text_sink = self.static_text["table"] = []
            try:
                self.draw_table(self._static)
            finally:
                self._text_sink = None
            self._static_key = key
        surface.blit(self._static, (0, 0))
        self.draw_marks(surface)
        self.draw_targets(surface)
        lifted = self.lifted_cards()
        if not lifted:
            self.group.draw(surface)
        else:  # the card in hand is drawn later, above the panels (draw_dragged)
            surface.blits([(s.image, s.rect) for s in self.group.sprites() if s not in lifted], doreturn=False)
        self.draw_hold(surface)
        for f in self.flights:
            if f.tween.elapsed >= f.tween.delay:
                surface.blit(f.image, f.pos)
        self.draw_overlay(surface)
        self.draw_thinking(surface)
        self.draw_log(surface)
        self.draw_help_button(surface)
        self.draw_connection(surface)
        self.draw_away_notice(surface)
        self.draw_buttons(surface)
        self.draw_message(surface)
        self.draw_dragged(surface)
        self.draw_pick(surface)
        self.draw_prompt(surface)
        self.draw_moment(surface)
        self.draw_toasts(surface)
        self.draw_zoom(surface)
        if self.help_open:
            self.draw_help(surface)
