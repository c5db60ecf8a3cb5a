"""What every table scene shares (DESIGN D3, D6): each game's table builds on
:class:`TableScene`.

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
``draw_table`` (the static part of the table: cached per revision and size) and the
hooks a game fills in: ``targets_for`` / ``target_rect`` / ``target_at`` (where a card
may go), ``act`` (the command a drop or a click makes), ``make_buttons`` /
``make_banner``, ``describe_event``, ``help_lines`` and ``on_key(event)`` (a game's own keys,
read as actions of the key map, game.ui.input). Other scenes are opened by name
(``open_menu`` pushes "table_menu").

A table OWNS its panels (``game/ui/scenes/table/``, each a
:class:`~game.ui.scenes.table.panel.Panel` with its own state): ``controls`` (input:
routed to the chooser, button, log or card it is for; the Esc chain; ``locate``),
``hand_fan`` (the fanned hand sprites), ``zoomer`` (the card zoom and hover),
``choosers`` (Prompt and Pick), ``lit`` (lit targets, what the pointer carries),
``thinking_pill``, ``hints`` (the hint strip), ``toasts``, ``holds`` (the held
moments), ``button_row`` (buttons, banner, menu button, focus), ``game_log``,
``help_panel``, ``connection`` (LAN pill, away notice), ``sounds`` and ``notes``
(text a player must read whole). This module holds the table's own state (the view,
legal commands, zones, sprites, flights), the hooks a game fills in, animation and the
frame's drawing order, and re-exports every name other modules import from it.

The names game tables and tests have always used stay on :class:`TableScene`: state a
panel keeps is an :class:`~game.ui.scenes.table.panel.Owned` attribute (``scene.zoom``
is ``scene.zoomer.zoom``), a step a panel takes is an
:class:`~game.ui.scenes.table.panel.Ask` method (``scene.draw_log`` is
``scene.game_log.draw``) that a game may override; a panel calls such names through its
table, so the override counts.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import pygame

from game.ui import sound
from game.ui.card_art import CardArt
from game.ui.display import ask_attention
from game.ui.scene import Scene
from game.ui.scenes.table.ahead import Ahead
from game.ui.scenes.table.banner import HintStrip, Holds, LitTargets, Thinking, Toasts
from game.ui.scenes.table.buttons import Buttons

# Everything other modules import from here (``from game.ui.scenes.table_base import X``)
# keeps working: the shared pieces live in game/ui/scenes/table/ and are re-exported.
from game.ui.scenes.table.common import (  # noqa: F401 (re-exported)
    DIM_SHADE,
    FLY_SECONDS,
    HOVER_RAISE,
    HOVER_ZOOM_SECONDS,
    MIN_TEXT,
    REPEATING_KEYS,
    THINKING_DOTS_PER_SECOND,
    TOAST_SECONDS,
    Flight,
    Rect,
    Target,
    named_in,
    panel,
    scale_design_rects,
    text,
    unique_targets,
    zone_rects,
)
from game.ui.scenes.table.connection import CONNECTION_LABELS, Connection
from game.ui.scenes.table.controls import Controls
from game.ui.scenes.table.hand import HandFan
from game.ui.scenes.table.help import Help
from game.ui.scenes.table.log import GameLog
from game.ui.scenes.table.panel import Ask, Owned
from game.ui.scenes.table.prompts import Choosers, Pick, Prompt, TableBanner  # noqa: F401 (re-exported)
from game.ui.scenes.table.sound import Sounds
from game.ui.scenes.table.text_fit import TextBlock, TextNotes, blit_text, fit_lines  # noqa: F401 (re-exported)
from game.ui.scenes.table.zoom import Zoom
from game.ui.sprites import CardSprite, DragDrop, Tween
from game.ui.widgets import (
    Banner,
    Button,
    fit_text,  # noqa: F401 (re-exported)
)
from game.ui.wording import listed

log = logging.getLogger(__name__)


# ----------------------------------------------------------------------- helpers ----
def card_art() -> CardArt:
    """The tables' one CardArt (made on first use: its caches are shared by every table)."""
    global _ART
    if _ART is None:
        _ART = CardArt()
    return _ART


_ART: Any = None


class TableScene(Scene):
    """Shared table machinery. See the module docstring: this class holds the view and
    its handling, the hooks subclasses fill in, animation and the frame's drawing order;
    its panels (game/ui/scenes/table/) each hold one part of the table."""

    game = ""
    #: zones the scene cannot do without (the layout test checks them for 3-5 players)
    REQUIRED_ZONES: tuple[str, ...] = ()
    #: what "No answers" says at a source that cannot ask every seat at once
    NO_ANSWERS_UNSUPPORTED = ""
    CONNECTION_LABELS = CONNECTION_LABELS
    PROMPT_KEEP_CLEAR = Choosers.PROMPT_KEEP_CLEAR
    #: a "? Help" button at the right end of the log's header (a table with no other place for it)
    HELP_IN_LOG = False
    #: the table draws ahead between moves (its ``ahead`` panel; the hooks ``ahead_card_ids`` …)
    AHEAD = False
    #: the hand's panel: a game with its own places for hand cards gives its HandFan subclass
    hand_fan_class: type[HandFan] = HandFan
    #: a colour the log panel always lies on (its picture is then made opaque over it, and
    #: the per-frame blit needs no blending); None: translucent over whatever is under it
    LOG_UNDER: tuple[int, int, int] | None = None
    #: the seats draw a deciding bot's "thinking…" in their header (``thinking_label``)
    #: instead of the pill over the seat's top-right corner
    seats_show_thinking = False

    # -- state its panels keep (see the module docstring)
    pointer = Owned("controls")
    selected = Owned("controls")
    valid_targets = Owned("controls")
    target_cursor = Owned("controls")
    hover_card = Owned("hand_fan")
    _dim_faces = Owned("hand_fan", "dim_faces")
    _raised_faces = Owned("hand_fan", "raised_faces")
    zoom = Owned("zoomer")
    zoom_sticky = Owned("zoomer")
    zoom_at = Owned("zoomer")
    zoom_dismissed = Owned("zoomer")
    hover_key = Owned("zoomer")
    hover_since = Owned("zoomer")
    prompt = Owned("choosers")
    pick = Owned("choosers")
    message = Owned("hints")
    short_messages = Owned("hints")
    toast_widget = Owned("toasts")
    last_error = Owned("toasts")
    buttons = Owned("button_row")
    banner = Owned("button_row")
    menu_button = Owned("button_row")
    focus = Owned("button_row")
    _pressed_button = Owned("button_row", "pressed")
    log_scroll = Owned("game_log")
    _log_cache = Owned("game_log", "cache")
    _log_blank = Owned("game_log", "blank")
    _log_wrapped = Owned("game_log", "wrapped")
    help_open = Owned("help_panel")
    help_rect = Owned("help_panel")
    standin_rect = Owned("connection")
    text_boxes = Owned("notes", "boxes")
    static_text = Owned("notes", "static")
    _text_sink = Owned("notes", "sink")

    # -- steps its panels take (a game may override them; see the module docstring)
    locate = Ask("controls", "locate")
    handle = Ask("controls", "handle")
    on_move = Ask("controls", "on_move")
    on_left_press = Ask("controls", "on_left_press")
    on_left_release = Ask("controls", "on_left_release")
    press_button = Ask("controls", "press_button")
    select_card = Ask("controls", "select_card")
    cancel_selection = Ask("controls", "cancel_selection")
    close_topmost = Ask("controls", "close_topmost")
    on_key = Ask("controls", "on_key")
    rebuild_sprites = Ask("hand_fan", "rebuild")
    lay_revealed_rows = Ask("hand_fan", "lay_revealed_rows")
    fan = Ask("hand_fan", "fan")
    draw_revealed_labels = Ask("hand_fan", "draw_revealed_labels")
    add_revealed_sprites = Ask("hand_fan", "add_revealed_sprites")
    hand_face = Ask("hand_fan", "face")
    card_dimmed = Ask("hand_fan", "dimmed")
    fan_row = Ask("hand_fan", "fan_row")
    hand_sprites = Ask("hand_fan", "sprites")
    update_hand_hover = Ask("hand_fan", "update_hover")
    drop_hover = Ask("hand_fan", "drop_hover")
    sprite_for = Ask("hand_fan", "sprite_for")
    zoom_image = Ask("zoomer", "card_image")
    zoom_allowed = Ask("zoomer", "allowed")
    dismiss_zoom = Ask("zoomer", "dismiss")
    hover_target_key = Ask("zoomer", "card_under")
    on_right_press = Ask("zoomer", "right_press")
    draw_zoom = Ask("zoomer", "draw")
    draw_prompt = Ask("choosers", "draw_prompt")
    draw_pick = Ask("choosers", "draw_pick")
    choose_prompt = Ask("choosers", "choose_prompt")
    press_prompt_row = Ask("choosers", "press_prompt_row")
    cancel_prompt = Ask("choosers", "cancel_prompt")
    prompt_keep_clear = Ask("choosers", "prompt_keep_clear")
    prompt_box_at = Ask("choosers", "prompt_box_at")
    draw_targets = Ask("lit", "draw")
    draw_dragged = Ask("lit", "draw_dragged")
    lifted_cards = Ask("lit", "lifted_cards")
    draw_drop_hint = Ask("lit", "draw_drop_hint")
    thinking_seat = Ask("thinking_pill", "seat")
    thinking_label = Ask("thinking_pill", "label")
    acting_label = Ask("thinking_pill", "acting_label")
    draw_thinking = Ask("thinking_pill", "draw")
    say = Ask("hints", "say")
    draw_message = Ask("hints", "draw")
    toast = Ask("toasts", "toast")
    draw_toasts = Ask("toasts", "draw")
    holding = Ask("holds", "holding")
    moment_events = Ask("holds", "moment_events")
    hold_message = Ask("holds", "hold_message")
    release_hold = Ask("holds", "release")
    draw_moment = Ask("holds", "draw_moment")
    draw_hold = Ask("holds", "draw_hold")
    all_buttons = Ask("button_row", "all")
    fit_button = Ask("button_row", "fit_button")
    make_menu_button = Ask("button_row", "make_menu_button")
    draw_buttons = Ask("button_row", "draw")
    draw_log = Ask("game_log", "draw")
    log_lines = Ask("game_log", "log_lines")
    log_picture = Ask("game_log", "log_picture")
    log_spans = Ask("game_log", "log_spans")
    sentences = Ask("game_log", "sentences")
    span_sentence = Ask("game_log", "span_sentence")
    scroll_log_picture = Ask("game_log", "scroll_log_picture")
    draw_log_line = Ask("game_log", "draw_log_line")
    draw_log_under = Ask("game_log", "draw_under")
    help_button = Ask("help_panel", "help_button")
    log_header_right = Ask("help_panel", "log_header_right")
    draw_help_button = Ask("help_panel", "draw_help_button")
    draw_help = Ask("help_panel", "draw")
    shade_surface = Ask("help_panel", "shade_surface")
    connection_status = Ask("connection", "connection_status")
    connection_pill = Ask("connection", "connection_pill")
    away_notice_layout = Ask("connection", "away_notice_layout")
    draw_away_notice = Ask("connection", "draw_away_notice")
    draw_connection = Ask("connection", "draw_connection")
    sound_new_events = Ask("sounds", "new_events")
    note_text = Ask("notes", "note")
    text_blocks = Ask("notes", "blocks")
    ahead_card_ids = Ask("ahead", "card_ids")
    ahead_hand_ids = Ask("ahead", "hand_ids")
    ahead_back_ids = Ask("ahead", "back_ids")
    ahead_face_sizes = Ask("ahead", "predicted_sizes")
    extra_drawings = Ask("ahead", "extra")
    work_ahead = Ask("ahead", "own_work")
    first_drawings = Ask("ahead", "first_drawings")
    face_sizes = Ask("ahead", "face_sizes")
    back_sizes = Ask("ahead", "back_sizes")
    sizes_seen = Ask("ahead", "sizes_seen")
    draw_first_drawings = Ask("ahead", "draw_first_drawings")
    ahead_left = Ask("ahead", "left")
    quiet_frame = Ask("ahead", "quiet_frame")

    @classmethod
    def zones_needed(cls, players: int) -> list[str]:
        return list(cls.REQUIRED_ZONES) + [f"seat_{k}" for k in range(players)]

    def __init__(self, app, source) -> None:
        self.controls = Controls(self)
        self.hand_fan = self.hand_fan_class(self)
        self.zoomer = Zoom(self)
        self.choosers = Choosers(self)
        self.lit = LitTargets(self)
        self.thinking_pill = Thinking(self)
        self.hints = HintStrip(self)
        self.toasts = Toasts(self)
        self.holds = Holds(self)
        self.button_row = Buttons(self)
        self.game_log = GameLog(self)
        self.help_panel = Help(self)
        self.connection = Connection(self)
        self.sounds = Sounds(self)
        self.notes = TextNotes(self)
        self.ahead = Ahead(self)
        super().__init__(app)
        self.source = source
        self.anchor_seat = 0  # the seat drawn in seat_0 while nobody is behind the screen
        self.art = card_art()
        self.group: pygame.sprite.LayeredUpdates = pygame.sprite.LayeredUpdates()
        self.drag = DragDrop(self.group)
        self.rects: dict[str, Rect] = {}
        self.size = (0, 0)
        self._seen: tuple | None = None
        self.view: dict = {}
        self.legal_cmds: list[dict] = []
        self.log_events: list[dict] = []
        self.playable: set[str] = set()  # strings named by some legal command (dimming)
        self.flights: list[Flight] = []
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None

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
        self.zoomer.forget()

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
            self.ahead.reset()  # a new size: new first drawings
        self._seen = key
        self.view = self.source.view()
        had_nothing = not self.legal_cmds
        self.legal_cmds = list(self.source.legal()) if self.source.screen_seat is not None else []
        if old_view and had_nothing and self.legal_cmds and old_view.get("seat") == self.view.get("seat"):
            ask_attention()  # the table now waits for this seat: a window in the background flashes
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
            self.zoomer.forget()
            self.toasts.forget()
            self.flights.clear()
        self.button_row.remake()
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

    def status_message(self) -> str:
        return ""

    def own_screens(self) -> bool:
        """Does each person play on a screen of their own (a LAN table: no curtain, no
        screen passed between players; ``source.own_screens``)?"""
        return getattr(self.source, "own_screens", False) is True

    def watching(self) -> bool:
        """Is this table a spectator's (a LAN source that watches: no seat, no hand, and
        no screen passed between players)?"""
        return getattr(self.source, "watching", False) is True

    def no_hand_words(self) -> str:
        """What the hand's place says on the public table (no seat behind the screen):
        that the bots play, while only bots move (each person's own view comes back
        behind the curtain), else that the screen is being passed between players; to a
        spectator of a LAN table (``source.watching``), that nobody's hand is shown to it.
        While everyone reads something together (a public moment, Testimony's reveal) the
        bots wait, so it says that instead; once the game is over, that all is face up."""
        if self.view.get("over"):  # nothing is passed between players any more
            return "The game is over: what was hidden is face up now."
        if self.watching():
            return "You are watching: nobody's hand is shown to you."
        if getattr(self, "keep_bots_waiting", False) is True or self.moment_events():
            return "No hand is shown while everyone reads this."
        try:
            pending = list(self.source.pending_seats())
            bots_only = bool(pending) and not any(self.source.is_human(s) for s in pending)
        except Exception:  # a source without seats to ask: the general sentence
            bots_only = False
        if bots_only and not self.view.get("over"):
            return "No hand is shown while the bots play."
        return "The screen shows no hand now \u2014 it is passed between players."

    def waiting_for(self, extra: str = "") -> str:
        """The hint while other seats act: who they are, or how many when names do not fit.
        ``extra`` (the session's line: "Cy (bot) is thinking…") says it alone when it names
        the one seat waited for."""
        acting = [self.name(s) for s in self.pending_public()]
        if extra and len(acting) == 1 and extra.startswith(acting[0] + " "):
            return extra
        base = f"Waiting for {listed(acting)}." if acting else ""
        many = f"Waiting for {len(acting)} players." if len(acting) > 1 else base
        return self.say((extra + " " + base).strip(), (extra + " " + many).strip(), many)

    def on_view_changed(self, old: dict, new: dict) -> None:
        """A command was applied: start the animations that show it."""

    def describe_event(self, event: dict) -> str:
        return str(event.get("type", ""))

    def describe_events(self, events: list[dict]) -> str:
        """One sentence for a run of like events the log writes as one
        (``log_runs``: "Bob, Cy and Dee answered."), each of them alone by default."""
        return " ".join(filter(None, (self.describe_event(e) for e in events)))

    #: event types whose consecutive events the log writes as one sentence (``describe_events``)
    log_runs: frozenset[str] = frozenset()

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

    def on_table_click(self, pos: tuple[int, int]) -> None:
        """A click that hit no card, button or prompt."""

    def drop_hint(self, card_id: str | None, target: Target) -> str:
        """A few words saying what dropping ``card_id`` on ``target`` does ('' = none)."""
        return ""

    def draw_banner_extras(self, surface: pygame.Surface) -> None:
        """Whatever a scene draws beside its banner (the announced card)."""

    def revealed_cards(self) -> list[tuple[str, pygame.Rect]]:
        """At the game's end, the cards it kept hidden (other hands, a deck's top …), each
        with where this table shows it face up: a game's table lays them out from the
        view's ``revealed``. [] before the end (the key does not exist then)."""
        return []

    def dialog_open(self) -> bool:
        """True while a dialog the table draws itself (not a :class:`Prompt`) is open over
        it: no card zooms up over it. The base table's: the public moment's box."""
        return bool(self.moment_events())

    def pick_zoom_keys(self) -> list[tuple[str, Any]]:
        """Zoom keys of the open pick's targets worth a closer look (a card to take back)."""
        return []

    def log_font_size(self, rect: pygame.Rect) -> int:
        """The log's text size in its zone ``rect``: as large as 17 px where the zone
        holds some 25 lines at that size, and never under 12 px."""
        return max(12, min(17, rect.h // 25, rect.w // 18))

    def log_under_key(self):
        """The colour the log panel lies on when it is always the same (its picture is
        then made opaque over it: no blending in every frame's blit); None: the panel
        stays translucent over whatever is drawn under it."""
        return self.LOG_UNDER

    def log_on_felt(self) -> bool:
        """The static table is bare felt under the whole log zone and only the log is
        drawn there (no marks, overlays or pills): its translucent picture is then
        blended over the felt once per picture, not in every frame."""
        return False

    def open_menu(self) -> None:
        """The table menu: Resume, Rules, Settings, Save and leave, Quit."""
        self.app.scenes.push("table_menu", source=self.source, table=self)

    def leave_warning(self) -> str:
        """What leaving the table would not keep, for the table menu ("" = nothing)."""
        return ""

    def play_sound(self, name: str) -> None:
        sound.play(name)

    # ------------------------------------------------------------------ flights ----
    @property
    def anim_factor(self) -> float:
        """Animation durations scale with the settings' animation speed (100 = normal)."""
        settings = getattr(self.app, "settings", None)
        speed = getattr(settings, "animation_speed", 100) or 100
        return 100.0 / max(10, int(speed))

    def fly(
        self,
        image: pygame.Surface,
        start: tuple[int, int],
        end: tuple[int, int],
        duration: float = FLY_SECONDS,
        delay: float = 0.0,
    ) -> None:
        f = self.anim_factor
        self.flights.append(Flight(image, Tween(start, end, duration * f, delay=delay * f), start))

    # ------------------------------------------------------------------ messages ----
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
        return (
            bool(self.flights)
            or self.drag.dragging
            or any(isinstance(s, CardSprite) and s.moving for s in self.group.sprites())
            or self.effects_running()
            or self.toast_widget.animating
        )

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
        self.thinking_pill.step(now)  # the "thinking…" pill counts its dots
        self.toasts.step(dt)
        self.zoomer.step(now)
        if self.AHEAD:
            self.ahead.step()

    def step_effects(self, dt: float) -> None:
        pass

    def next_wake(self) -> float | None:
        """A card hovered long enough zooms by itself, a bot's "thinking…" dots count
        three times a second, and work ahead wants slices: wake the idle app when one is
        due (no 60 fps redraws through a bot's pause)."""
        due = [
            t
            for t in (self.zoomer.next_wake(), self.thinking_pill.next_wake(), self.ahead.next_wake())
            if t is not None
        ]
        return min(due) if due else None

    # ------------------------------------------------------------------- drawing ----
    def draw(self, surface: pygame.Surface) -> None:
        if self.AHEAD:
            self.ahead.drawing()
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
