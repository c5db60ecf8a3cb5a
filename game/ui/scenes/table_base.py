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
"""
from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.fonts import get_font, render_text, wrap_text
from game.ui.input import InputEvent
from game.ui.scene import Scene
from game.ui.sprites import CardSprite, DragDrop, Tween
from game.ui.widgets import Banner, Button, draw_panel, fit_text
from game.ui.widgets import Toast as ToastWidget

log = logging.getLogger(__name__)

Rect = tuple[int, int, int, int]
#: a drop / click target: ("villager", id), ("announced", None), ("discard", None) …
Target = tuple[str, Any]

HOVER_ZOOM_SECONDS = 0.7
#: a bot's "thinking…" pill: a new dot this many times a second (the idle app wakes for each)
THINKING_DOTS_PER_SECOND = 3
TOAST_SECONDS = 3.5
FLY_SECONDS = 0.35
#: the smallest text a player must read, in pixels, at any window size (issue 9 item 12)
MIN_TEXT = 11
#: keys whose auto-repeat a table still follows (moving through choices); any other held
#: key acts once (input.InputEvent.repeat)
REPEATING_KEYS = frozenset((pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
                            pygame.K_MINUS, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_MINUS, pygame.K_KP_PLUS))
#: a hand card under the pointer rises by this share of its height (issue 9 item 10)
HOVER_RAISE = 0.18
#: a hand card no legal command names is drawn at this brightness (issue 9 item 9); its
#: words stay legible (an inactive control is exempt from WCAG's contrast minimum)
DIM_SHADE = (158, 158, 158)


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


class FallbackArt:
    """Coloured rectangles with the card's kind; used only until game.ui.card_art exists."""

    COLOURS = {"brown": theme.BROWN, "yellow": theme.YELLOW, "green": theme.GREEN}

    def __init__(self) -> None:
        self.cache: dict[tuple, pygame.Surface] = {}

    def _kind(self, card_id: str) -> str:
        return card_id.rsplit("-", 1)[0]

    def face(self, game: str, card_id: str, size: tuple[int, int]) -> pygame.Surface:
        key = ("face", game, card_id, tuple(size))
        if key not in self.cache:
            kind = self._kind(card_id)
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, theme.PARCHMENT, surf.get_rect(), border_radius=6)
            pygame.draw.rect(surf, theme.BROWN, surf.get_rect(), 3, border_radius=6)
            font = get_font(max(MIN_TEXT, size[1] // 9), bold=True)
            for i, line in enumerate(wrap_text(kind.replace("_", " ").title(), font, size[0] - 8)):
                surf.blit(font.render(line, True, theme.INK), (4, 4 + i * font.get_linesize()))
            self.cache[key] = surf
        return self.cache[key]

    def back(self, game: str, size: tuple[int, int]) -> pygame.Surface:
        key = ("back", game, tuple(size))
        if key not in self.cache:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, theme.CARD_BACK_HAMMER, surf.get_rect(), border_radius=5)
            pygame.draw.rect(surf, theme.PANEL_EDGE, surf.get_rect(), 2, border_radius=5)
            self.cache[key] = surf
        return self.cache[key]

    def villager(self, villager_id: str, size: tuple[int, int] | int) -> pygame.Surface:
        size = (size, size) if isinstance(size, int) else tuple(size)
        key = ("vill", villager_id, size)
        if key not in self.cache:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, theme.VILLAGER, surf.get_rect(), border_radius=5)
            font = get_font(max(MIN_TEXT, size[1] // 4), bold=True)
            surf.blit(font.render(villager_id[:2].title(), True, theme.TEXT_LIGHT), (4, 4))
            self.cache[key] = surf
        return self.cache[key]

    def zoom(self, game: str, card_id: str, width: int) -> pygame.Surface:
        return self.face(game, card_id, (width, int(width * 1.4)))

    def highlight(self, size: tuple[int, int], color) -> pygame.Surface:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, color, surf.get_rect(), 4, border_radius=8)
        return surf


def zone_rects(game: str, players: int, size: tuple[int, int],
               fallback: Callable[[int, int, int], dict[str, Rect]]) -> dict[str, Rect]:
    """Zones from the Tiled layout (``game.ui.layout``), any missing one from ``fallback``."""
    w, h = size
    rects = dict(fallback(players, w, h))
    try:
        from game.ui.layout import load_layout  # type: ignore

        layout = load_layout(game, players)
        for name, r in layout.rects(w, h).items():
            rects[name] = tuple(int(v) for v in r)  # type: ignore[assignment]
    except ImportError:
        pass
    except Exception as exc:  # a broken layout file must not stop the game
        log.warning("layout for %s/%d could not be used (%s); using built-in zones", game, players, exc)
    return rects


def scale_design_rects(design: dict[str, Rect], w: int, h: int) -> dict[str, Rect]:
    """Zones drawn for a 1920x1080 table, scaled to fit ``w`` x ``h`` and centred."""
    scale = min(w / 1920, h / 1080)
    ox, oy = int((w - 1920 * scale) // 2), int((h - 1080 * scale) // 2)
    return {name: (ox + round(x * scale), oy + round(y * scale), round(zw * scale), round(zh * scale))
            for name, (x, y, zw, zh) in design.items()}


def unique_targets(targets: list[Target]) -> list[Target]:
    """``targets`` without repeats, in their first order (one highlight per target)."""
    seen: list[Target] = []
    for t in targets:
        if t not in seen:
            seen.append(t)
    return seen


def named_in(commands: list[dict]) -> set[str]:
    """Every string a command names besides its type (card ids, villagers, discard lists):
    a hand card missing here appears in no legal command and cannot be played now."""
    found: set[str] = set()
    stack: list[Any] = [v for c in commands for k, v in c.items() if k != "type"]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            found.add(v)
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
    return found


def fit_lines(words: str, width: int, height: int, max_size: int, min_size: int = MIN_TEXT, *,
              bold: bool = False, max_lines: int = 0) -> tuple[int, list[str]]:
    """The largest size from ``max_size`` down to ``min_size`` at which ``words`` wrap into
    ``width`` within ``height`` (and ``max_lines`` lines, if given); at ``min_size`` the
    wrapped lines whatever their height (the caller makes room or shows fewer)."""
    size = max(min_size, int(max_size))
    while True:
        font = get_font(size, bold=bold)
        lines = wrap_text(words, font, max(8, width))
        fits = len(lines) * font.get_linesize() <= height and (not max_lines or len(lines) <= max_lines)
        if fits or size <= min_size:
            return size, lines
        size -= 1


@dataclass
class TextBlock:
    """One piece of text a player must read, as drawn: the text asked for, what was
    drawn of it (lines joined by spaces), each line's rect, and the box it must stay in."""

    what: str
    text: str
    shown: str
    rects: list[pygame.Rect]
    box: pygame.Rect

    def problems(self) -> list[str]:
        out = []
        if " ".join(self.shown.split()) != " ".join(self.text.split()):
            out.append(f"{self.what}: shows {self.shown!r} of {self.text!r}")
        for r in self.rects:
            if not self.box.contains(r):
                out.append(f"{self.what}: {self.text!r} line {tuple(r)} runs out of its box {tuple(self.box)}")
        return out


def blit_text(surface: pygame.Surface, words: pygame.Surface, pos: tuple[int, int]) -> pygame.Rect:
    """Blit rendered text at ``pos``; its whole rect (unclipped, for the text-fit check)."""
    surface.blit(words, pos)
    return words.get_rect(topleft=pos)


def text(s: str, size: int, color=theme.TEXT_LIGHT, bold: bool = False, title: bool = False) -> pygame.Surface:
    return render_text(str(s), int(size), tuple(color), bold=bold, title=title)


def panel(surface: pygame.Surface, rect, color=theme.PANEL, alpha: int = 225, edge=theme.PANEL_EDGE,
          radius: int = 8, width: int = 2) -> None:
    r = pygame.Rect(rect)
    if alpha >= 255:
        pygame.draw.rect(surface, color, r, border_radius=radius)
    else:
        box = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (*color, alpha), box.get_rect(), border_radius=radius)
        surface.blit(box, r.topleft)
    if edge is not None and width:
        pygame.draw.rect(surface, edge, r, width, border_radius=radius)


# ------------------------------------------------------------------------ pieces ----
@dataclass
class Prompt:
    """A small choice box (accuser, bribe sign, witch on a tie, pyre placement …).

    ``options`` are (label, value) pairs; ``default`` is lit first; keys: Up/Down/Tab
    cycle, 1-9 pick, Enter confirms, Esc cancels."""

    title: str
    options: list[tuple[str, Any]]
    on_choose: Callable[[Any], None]
    on_cancel: Callable[[], None] | None = None
    default: int = 0
    anchor: tuple[int, int] = (0, 0)
    cursor: int = 0
    rects: list[pygame.Rect] = field(default_factory=list)
    box: pygame.Rect | None = None
    #: what the box must not cover: the card dropped to open it, lying where it was let go
    #: (QA 9: its title tab poked out above the accuser chooser)
    avoid: pygame.Rect | None = None

    def __post_init__(self) -> None:
        self.cursor = self.default


@dataclass
class Pick:
    """Click-a-target mode (e.g. the other villager of an accomplice): ``targets`` light up."""

    title: str
    targets: list[Target]
    on_pick: Callable[[Target], None]
    on_cancel: Callable[[], None] | None = None
    cursor: int = 0


class TableBanner(Banner):
    """The public banner of a table: the shared Banner, its prompt read whole (issue 9
    item 5): the font steps down to 11 px until the wrapped prompt fits above the
    buttons. ``scene.note_text`` hears of what was drawn."""

    scene: Any = None

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        draw_panel(surface, self.rect, fill="banner", edge="accent", radius=8)
        bottom = (self.buttons[0].rect.y if self.buttons else self.rect.bottom) - 4
        box = pygame.Rect(self.rect.x + 8, self.rect.y + 6, self.rect.w - 16, bottom - self.rect.y - 6)
        size, lines = fit_lines(self.prompt, box.w - 8, box.h, self.font_size, bold=True)
        font = get_font(size, bold=True)
        y = box.y
        drawn = []
        for line in lines:
            t = render_text(line, size, theme.TEXT_LIGHT, bold=True)
            drawn.append(blit_text(surface, t, (box.centerx - t.get_width() // 2, y)))
            y += font.get_linesize()
        if self.scene is not None:
            self.scene.note_text("banner", self.prompt, " ".join(lines), drawn, box)
        for b in self.buttons:
            b.draw(surface)


@dataclass
class Flight:
    """A card image flying from one place to another after a move was applied."""

    image: pygame.Surface
    tween: Tween
    pos: tuple[int, int] = (0, 0)


class TableScene(Scene):
    """Shared table machinery. See the module docstring."""

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
        self._log_blank: pygame.Surface | None = None
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

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Per-frame parts drawn above the cards (markers that animate, highlights)."""

    def make_buttons(self) -> list[Button]:
        return []

    def make_banner(self) -> Banner | None:
        """The public banner (windows, whose turn it is) or None."""
        return None

    def all_buttons(self) -> list[Button]:
        return (list(self.buttons) + (list(self.banner.buttons) if self.banner is not None else [])
                + ([self.menu_button] if self.menu_button is not None else []))

    def make_menu_button(self) -> Button:
        """The table menu's button: at the right end of the game log's header line (every
        table has a log), else in the window's top-right corner."""
        r = self.rects.get("log")
        if r is not None:
            rect = pygame.Rect(r)
            size = max(12, min(17, rect.h // 25, rect.w // 18))
            h = get_font(size + 1, bold=True).get_linesize() + 2
            w = get_font(size - 1, bold=True).size("Menu")[0] + 18  # short: a LAN pill shares the line
            box = pygame.Rect(rect.right - w - 6, rect.y + 5, w, h)
            font_size = size - 1
        else:
            w, _ = self.size
            box, font_size = pygame.Rect(w - 72, 6, 64, 26), 15
        return Button(box, "Menu", self.open_menu, font_size=font_size, name="menu")

    def open_menu(self) -> None:
        """Resume, Rules, Settings, Save and leave, Quit (issue 9 item 2)."""
        from game.ui.scenes.table_menu import TableMenuScene

        self.app.scenes.push(TableMenuScene(self.app, self.source, table=self))

    def leave_warning(self) -> str:
        """What leaving the table would not keep, for the table menu ("" = nothing)."""
        return ""

    def status_message(self) -> str:
        return ""

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

    def zoom_image(self, key: tuple[str, Any], width: int) -> pygame.Surface | None:
        if key[0] == "card":
            return self.art.zoom(self.game, key[1], width)
        return None

    # ------------------------------------------------------------------ sprites ----
    def rebuild_sprites(self, old_view: dict | None) -> None:
        """Lay the shown seat's hand out as sprites; cards new to the hand fly in from the deck."""
        old_pos = {s.card_id: s.rect.topleft for s in self.group.sprites()
                   if isinstance(s, CardSprite) and s.zone == "hand"}
        for s in list(self.group.sprites()):
            if isinstance(s, CardSprite) and s.zone == "hand":
                s.kill()
        self.hover_card = None
        hand = self.my_hand()
        size = self.card_size()
        slots = self.hand_slots(len(hand))
        deck = self.rects.get("deck")
        for i, (card, home) in enumerate(zip(hand, slots)):
            if card == self.selected:
                home = (home[0], home[1] - size[1] // 6)
            sprite = CardSprite(card, self.hand_face(card, size), home, draggable=True, zone="hand")
            self.group.add(sprite, layer=1)
            if old_view is not None and card not in old_pos and deck is not None:
                sprite.rect.topleft = deck[:2]
                sprite.fly_to(home, FLY_SECONDS * self.anim_factor, delay=0.05 * i * self.anim_factor)
            elif card in old_pos and old_pos[card] != home and old_view is not None:
                sprite.rect.topleft = old_pos[card]
                sprite.fly_to(home, 0.2 * self.anim_factor)

    def hand_face(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        """A hand card's face, dimmed when no legal command names it (issue 9 item 9: from
        ``legal()`` alone; a seat with nothing to do sees its whole hand dimmed)."""
        face = self.art.face(self.game, card, size)
        if self.my_seat() is None or card in self.playable:
            return face
        key = (id(face), face.get_size())
        dim = self._dim_faces.get(key)
        if dim is None:
            if len(self._dim_faces) > 200:
                self._dim_faces.clear()
            dim = face.copy()
            dim.fill(DIM_SHADE, special_flags=pygame.BLEND_RGB_MULT)
            self._dim_faces[key] = dim
        return dim

    def card_dimmed(self, card: str) -> bool:
        """True when the hand card ``card`` is drawn dimmed (nothing legal names it)."""
        return self.my_seat() is not None and card in self.my_hand() and card not in self.playable

    def fan_row(self, count: int, hand: pygame.Rect, top: int, arc_step: int, arc_cap: int) -> list[tuple[int, int]]:
        """Top-left corners of ``count`` hand cards in one row across ``hand`` (issue 9 item
        10): side by side with a gap and a gentle arc while they fit, else one clean
        overlapping row on a straight line (each card shows its left strip; the one under
        the pointer rises, see :meth:`update_hand_hover`)."""
        cw, ch = self.card_size()
        if count <= 0:
            return []
        gap = max(4, cw // 12)
        step: float = cw + gap
        total: float = count * cw + (count - 1) * gap
        overlap = total > hand.w - 8 and count > 1
        if overlap:
            step = (hand.w - 8 - cw) / (count - 1)
            total = hand.w - 8
        x0 = hand.centerx - total / 2
        mid = (count - 1) / 2
        slots = []
        for i in range(count):
            arc = 0 if overlap else min(int(abs(i - mid) ** 2 * arc_step), arc_cap)
            slots.append((int(x0 + i * step), hand.y + top + arc))
        return slots

    def hand_sprites(self) -> list[CardSprite]:
        """The hand's sprites left to right (their order in the fan)."""
        return sorted((s for s in self.group.sprites() if isinstance(s, CardSprite) and s.zone == "hand"
                       and s.draggable), key=lambda s: s.home[0])

    def update_hand_hover(self, pos: tuple[int, int]) -> None:
        """Raise the hand card under the pointer above its neighbours (issue 9 item 10).

        Which card that is comes from the resting places, not the raised picture, so the
        choice never flickers; the raised card's picture grows a clear strip down to its
        resting place, so a press anywhere on what was under the pointer takes it."""
        if self.drag.held is not None:
            return
        hand = self.hand_sprites()
        raised = next((s for s in hand if s.card_id == self.hover_card), None)
        under = None
        if raised is not None and raised.rect.collidepoint(pos) and not raised.moving:
            under = raised
        else:
            for s in reversed(hand):
                if not s.moving and pygame.Rect(s.home, s.image.get_size() if s is not raised else
                                                self.card_size()).collidepoint(pos):
                    under = s
                    break
        card = under.card_id if under is not None else None
        if card == self.hover_card:
            return
        size = self.card_size()
        lift = int(size[1] * HOVER_RAISE)
        if raised is not None and not raised.moving:
            raised.image = self.hand_face(raised.card_id, size)
            raised.rect = raised.image.get_rect(topleft=raised.home)
        self.hover_card = card
        if under is not None:
            face = self.hand_face(card, size)
            key = (id(face), lift)
            tall = self._raised_faces.get(key)
            if tall is None:
                if len(self._raised_faces) > 200:
                    self._raised_faces.clear()
                tall = pygame.Surface((face.get_width(), face.get_height() + lift), pygame.SRCALPHA)
                tall.blit(face, (0, 0))
                self._raised_faces[key] = tall
            under.image = tall
            under.rect = tall.get_rect(topleft=(under.home[0], under.home[1] - lift))
        for s in hand:  # the fan's order again, the raised card on top
            if s is not under:
                self.group.move_to_front(s)
        if under is not None:
            self.group.move_to_front(under)
        self.dirty = True

    def drop_hover(self) -> None:
        """Forget the raised hand card: its picture is the plain face again, where it is."""
        s = next((s for s in self.hand_sprites() if s.card_id == self.hover_card), None)
        if s is not None:
            at = s.rect.topleft
            s.image = self.hand_face(s.card_id, self.card_size())
            s.rect = s.image.get_rect(topleft=at)
        self.hover_card = None

    def sprite_for(self, card_id: str) -> CardSprite | None:
        for s in self.group.sprites():
            if isinstance(s, CardSprite) and s.card_id == card_id and s.zone == "hand":
                return s
        return None

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
        if self.toast_widget.showing:
            self.toast_widget.update(dt)
            if not self.toast_widget.showing:
                self.dirty = True
        if self.zoom is not None and not self.zoom_allowed(self.zoom):
            self.zoom, self.zoom_sticky = None, False  # a chooser opened over it
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
        self.draw_targets(surface)
        self.group.draw(surface)
        self.draw_hold(surface)
        self.draw_drop_hint(surface)
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
        self.draw_pick(surface)
        self.draw_prompt(surface)
        self.draw_moment(surface)
        self.draw_toasts(surface)
        self.draw_zoom(surface)
        if self.help_open:
            self.draw_help(surface)

    def note_text(self, what: str, words: str, shown: str, rects: list[pygame.Rect], box) -> None:
        """Remember a piece of text a player must read whole, as drawn (see TextBlock)."""
        sink = self._text_sink if self._text_sink is not None else self.text_boxes
        sink.append(TextBlock(what, words, shown, [pygame.Rect(r) for r in rects], pygame.Rect(box)))

    def text_blocks(self) -> list[TextBlock]:
        """Every must-read text on the screen as last drawn: the static table's and this frame's."""
        return [b for blocks in self.static_text.values() for b in blocks] + list(self.text_boxes)

    def draw_targets(self, surface: pygame.Surface) -> None:
        """Light the valid targets of the card being dragged / selected."""
        if not self.valid_targets:
            return
        under = self.target_at(self.pointer) if self.drag.dragging else None
        for i, target in enumerate(self.valid_targets):
            r = self.target_rect(target)
            if r is None:
                continue
            hot = target == under or i == self.target_cursor
            color = theme.SELECT if hot else theme.HIGHLIGHT
            pygame.draw.rect(surface, color, r.inflate(6, 6), 4 if hot else 3, border_radius=8)

    def draw_drop_hint(self, surface: pygame.Surface) -> None:
        held = self.drag.held if self.drag.dragging else None
        under = self.target_at(self.pointer) if held is not None else None
        if held is not None and under in self.valid_targets:
            hint = self.drop_hint(held.card_id, under)
            if hint:  # what letting go here will do, beside the pointer
                label = text(hint, 16, theme.INK, bold=True)
                box = label.get_rect(midbottom=(self.pointer[0], held.rect.y - 6)).inflate(14, 6)
                box.clamp_ip(surface.get_rect())
                pygame.draw.rect(surface, theme.SELECT, box, border_radius=box.h // 2)
                at = label.get_rect(center=box.center)
                surface.blit(label, at)
                self.note_text("drop hint", hint, hint, [at], surface.get_rect())

    def drop_hint(self, card_id: str | None, target: Target) -> str:
        """A few words saying what dropping ``card_id`` on ``target`` does ('' = none)."""
        return ""

    def draw_log(self, surface: pygame.Surface) -> None:
        r = self.rects.get("log")
        if r is None:
            return
        rect = pygame.Rect(r)
        notice = self.away_notice_layout()  # a LAN away notice sits above the log's lines
        key = (rect.size, len(self.log_events), self.log_scroll, self._seen[1] if self._seen else None,
               self.log_events[-1].get('type') if self.log_events else None, notice[0].h if notice else 0)
        if self._log_cache is None or self._log_cache[0] != key:
            blank = self._log_blank
            if blank is None or blank.get_size() != rect.size:
                blank = pygame.Surface(rect.size, pygame.SRCALPHA)
                panel(blank, blank.get_rect(), alpha=215)
                self._log_blank = blank
            box = blank.copy()  # the empty panel is drawn once per size
            size = max(12, min(17, rect.h // 25, rect.w // 18))
            font = get_font(size)
            head = text("Game log", size + 1, theme.PARCHMENT, bold=True)
            box.blit(head, (10, 6))
            top = 10 + head.get_height() + (notice[0].h + 6 if notice else 0)
            lines: list[tuple[str, bool]] = []
            # the log only grows: sentences are wrapped once per event and width
            # (one cache per shown seat: each seat's log is redacted differently)
            # (one cache per shown seat: each seat's log is redacted differently; the
            # wrapping itself is shared by sentence, so a change of seat measures nothing anew)
            cache = self._log_wrapped.setdefault((rect.w, size, self._seen[1] if self._seen else None), {})
            by_sentence = self._log_wrapped.setdefault((rect.w, size, "sentences"), {})
            first = max(0, len(self.log_events) - 120)
            for i in range(first, len(self.log_events)):
                wrapped = cache.get(i)
                if wrapped is None:
                    sentence = self.describe_event(self.log_events[i])
                    wrapped = by_sentence.get(sentence)
                    if wrapped is None:
                        wrapped = wrap_text(sentence, font, rect.w - 26) if sentence else []
                        by_sentence[sentence] = wrapped
                    cache[i] = wrapped
                for j, line in enumerate(wrapped):
                    lines.append(((" " if j else "") + line, j == 0))
            room = max(1, (rect.h - top - 6) // font.get_linesize())
            self.log_scroll = max(0, min(self.log_scroll, max(0, len(lines) - room)))
            end = len(lines) - self.log_scroll
            shown = lines[max(0, end - room):end]
            y = top
            for k, (line, first) in enumerate(shown):
                newest = self.log_scroll == 0 and k == len(shown) - 1
                color = theme.HIGHLIGHT if newest else (theme.TEXT_LIGHT if first else theme.TEXT_MUTED)
                # render_text is font.render at this size, cached: the lines only scroll
                box.blit(render_text(line, size, color), (12, y))
                y += font.get_linesize()
            if self.log_scroll:
                more = text(f"▼ {self.log_scroll} newer", size - 2, theme.HIGHLIGHT)
                right = self.log_header_right() - rect.x  # left of the header's buttons
                box.blit(more, (right - more.get_width(), 8))
            self._log_cache = (key, box)
        surface.blit(self._log_cache[1], rect.topleft)

    def fit_button(self, b: Button) -> None:
        """A button's label read whole (issue 9 item 5): its font steps down to 11 px until
        the label fits; then what the button draws is noted for the text-fit check."""
        room = b.rect.w - 16
        while b.font_size > MIN_TEXT and get_font(b.font_size, bold=True).size(b.label)[0] > room:
            b.font_size -= 1
        if b.visible:
            w, h = get_font(b.font_size, bold=True).size(fit_text(b.label, b.font_size, room, bold=True))
            label = pygame.Rect(0, 0, w, h)
            label.center = b.rect.center
            self.note_text("button", b.label, fit_text(b.label, b.font_size, room, bold=True), [label],
                           b.rect)

    #: a "? Help" button at the right end of the log's header (a table with no other place for it)
    HELP_IN_LOG = False

    def help_button(self) -> tuple[pygame.Rect, int] | None:
        """Where the log header's help button lies (left of the Menu button), and its font
        size; None when the table has no such button."""
        r = self.rects.get("log")
        if not self.HELP_IN_LOG or r is None:
            return None
        rect = pygame.Rect(r)
        size = max(12, min(17, rect.h // 25, rect.w // 18))
        right = rect.right - 6
        menu = self.menu_button
        if menu is not None and menu.rect.colliderect(rect):
            right = menu.rect.x - 6
        h = get_font(size + 1, bold=True).get_linesize() + 2
        w = get_font(size - 1, bold=True).size("? Help")[0] + 18
        return pygame.Rect(right - w, rect.y + 5, w, h), size - 1

    def log_header_right(self) -> int:
        """The x where the log header's free line ends: left of its buttons (Menu, Help)."""
        r = pygame.Rect(self.rects.get("log") or (0, 0, 0, 0))
        right = r.right - 8
        menu = self.menu_button
        if menu is not None and menu.rect.colliderect(r):
            right = menu.rect.x - 6
        spot = self.help_button()
        if spot is not None:
            right = min(right, spot[0].x - 6)
        return right

    def draw_help_button(self, surface: pygame.Surface) -> None:
        spot = self.help_button()
        if spot is None:
            return
        rect, size = spot
        self.help_rect = rect
        hot = rect.collidepoint(self.pointer) or self.help_open
        pygame.draw.rect(surface, theme.WOOD_LIGHT if hot else theme.WOOD, rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 1, border_radius=rect.h // 2)
        label = text("? Help", size, theme.TEXT_LIGHT, bold=True)
        at = label.get_rect(center=rect.center)
        surface.blit(label, at)
        self.note_text("button", "? Help", "? Help", [at], rect)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for b in self.all_buttons():
            self.fit_button(b)
        if self.banner is not None:
            self.draw_banner_extras(surface)
            self.banner.draw(surface)
        for i, b in enumerate(self.all_buttons()):
            b.focused = i == self.focus
        for b in self.buttons:
            b.draw(surface)
        if self.menu_button is not None:
            self.menu_button.draw(surface)
        if self.banner is not None and 0 <= self.focus:
            for i, b in enumerate(self.all_buttons()):
                if i == self.focus:
                    b.draw(surface)

    def draw_banner_extras(self, surface: pygame.Surface) -> None:
        """Whatever a scene draws beside its banner (the announced card)."""

    def thinking_seat(self) -> int | None:
        """The bot seat deciding now (a hot-seat source's ``thinking_seat()``), else None."""
        ask = getattr(self.source, "thinking_seat", None)
        seat = ask() if callable(ask) else None
        return seat if isinstance(seat, int) else None

    def draw_thinking(self, surface: pygame.Surface) -> None:
        """A "thinking…" pill on the seat of the bot deciding now, its dots counting
        (``next_wake`` redraws the table at each new dot, so it visibly keeps drawing)."""
        seat = self.thinking_seat()
        zone = self.seat_zone(seat) if seat is not None else None
        if zone is None:
            return
        size = max(MIN_TEXT, min(16, zone.h // 7))
        dots = int(time.monotonic() * THINKING_DOTS_PER_SECOND) % 4
        label = render_text("thinking" + "." * dots + " " * (3 - dots), size, theme.INK)
        full = render_text("thinking...", size, theme.INK)
        pill = pygame.Rect(0, 0, full.get_width() + 16, full.get_height() + 6)
        pill.topright = (zone.right - 8, zone.y + 6)
        pygame.draw.rect(surface, theme.HIGHLIGHT, pill, border_radius=pill.h // 2)
        surface.blit(label, label.get_rect(midleft=(pill.x + 8, pill.centery)))

    def draw_message(self, surface: pygame.Surface) -> None:
        """The hint strip, read whole (issue 9 item 5): the message at the largest size from
        18 px down to 11 that fits on its line, else a shorter wording of it
        (``short_messages``), else the shortest wrapped onto two lines, the strip growing
        upward for them."""
        r = self.rects.get("message")
        if r is None or not self.message:
            return
        rect = pygame.Rect(r)
        variants = [self.message] + list(self.short_messages.get(self.message, ()))
        top = max(13, min(18, rect.h - 10))
        for variant in variants:
            size = next((z for z in range(top, MIN_TEXT - 1, -1) if get_font(z).size(variant)[0] <= rect.w - 20), 0)
            if size:
                lines = [variant]
                break
        else:
            variant = variants[-1]
            size, lines = fit_lines(variant, rect.w - 20, 2 * get_font(MIN_TEXT).get_linesize(), top)
            need = len(lines) * get_font(size).get_linesize() + 4
            if need > rect.h:
                rect = pygame.Rect(rect.x, rect.bottom - need, rect.w, need)
        held = self.holding()  # the drawn-cards line stands out: it asks for a click
        panel(surface, rect, alpha=200, radius=6, width=2 if held else 1,
              edge=theme.SELECT if held else theme.PANEL_EDGE)
        line_h = get_font(size).get_linesize()
        y = rect.centery - len(lines) * line_h // 2
        drawn = []
        for line in lines:
            surf = render_text(line, size, theme.SELECT if held else theme.PARCHMENT)
            drawn.append(blit_text(surface, surf, (rect.x + 10, y + (line_h - surf.get_height()) // 2)))
            y += line_h
        self.note_text("hint strip", variant, " ".join(lines), drawn, rect)

    def draw_prompt(self, surface: pygame.Surface) -> None:
        """The chooser box: its title and one row per option, each read whole (issue 9
        item 5): the font steps down from 17 px to 13, then long rows wrap, the box
        growing to at most the window less a margin."""
        p = self.prompt
        if p is None:
            return
        screen = pygame.Rect(0, 0, *surface.get_size())
        labels = [f"{i + 1}  {label}" + (" (default)" if i == p.default and len(p.options) > 1 else "")
                  for i, (label, _value) in enumerate(p.options)]
        most = min(screen.w - 40, 760)
        for size in range(17, MIN_TEXT - 1, -1):
            font, head = get_font(size), get_font(size, bold=True)
            one_line = max([head.size(p.title)[0] + 28] + [font.size(t)[0] + 40 for t in labels])
            width = min(most, one_line)
            titles = wrap_text(p.title, head, width - 28)
            rows = [wrap_text(t, font, width - 40) for t in labels]
            height = len(titles) * head.get_linesize() + 18 + sum(
                len(r) * font.get_linesize() + 12 for r in rows) + 8
            if (one_line <= most or size <= 13) and height <= screen.h - 16:
                break
        box = self.prompt_box_at(pygame.Rect(0, 0, width, height), p, screen)
        panel(surface, box.inflate(4, 4), alpha=245, edge=theme.HIGHLIGHT)
        y = box.y + 8
        drawn = []
        for line in titles:
            drawn.append(blit_text(surface, render_text(line, size, theme.PARCHMENT, bold=True), (box.x + 14, y)))
            y += head.get_linesize()
        self.note_text("chooser title", p.title, " ".join(titles), drawn, box)
        p.rects = []
        y += 6
        for i, lines in enumerate(rows):
            r = pygame.Rect(box.x + 10, y, box.w - 20, len(lines) * font.get_linesize() + 8)
            lit = i == p.cursor or r.collidepoint(self.pointer)
            pygame.draw.rect(surface, theme.WOOD_LIGHT if lit else theme.WOOD, r, border_radius=6)
            if i == p.cursor:
                pygame.draw.rect(surface, theme.HIGHLIGHT, r, 2, border_radius=6)
            drawn = []
            for k, line in enumerate(lines):
                drawn.append(blit_text(surface, render_text(line, size, theme.TEXT_LIGHT),
                                       (r.x + 10, r.y + 4 + k * font.get_linesize())))
            self.note_text("chooser option", labels[i], " ".join(lines), drawn, r)
            p.rects.append(r)
            y += r.h + 4
        p.box = box

    @staticmethod
    def prompt_box_at(box: pygame.Rect, p: Prompt, screen: pygame.Rect) -> pygame.Rect:
        """The chooser box centred on its anchor, inside the window; beside (below, above,
        right of, left of) the card it must not cover (``Prompt.avoid``) when there is room."""
        box = box.copy()
        box.center = p.anchor
        box.clamp_ip(screen)
        card = p.avoid
        if card is None or not box.colliderect(card.inflate(8, 8)):
            return box
        gap = 10
        for side in ("below", "above", "right", "left"):
            spot = box.copy()
            spot.center = p.anchor
            if side == "below":
                spot.top = card.bottom + gap
            elif side == "above":
                spot.bottom = card.top - gap
            elif side == "right":
                spot.left = card.right + gap
            else:
                spot.right = card.left - gap
            spot.clamp_ip(screen)
            if not spot.colliderect(card.inflate(8, 8)):
                return spot
        return box

    def draw_pick(self, surface: pygame.Surface) -> None:
        p = self.pick
        if p is None:
            return
        for i, target in enumerate(p.targets):
            r = self.target_rect(target)
            if r is None:
                continue
            hot = i == p.cursor or r.collidepoint(self.pointer)
            pygame.draw.rect(surface, theme.SELECT if hot else theme.HIGHLIGHT, r.inflate(6, 6),
                             4 if hot else 3, border_radius=8)

    def draw_toasts(self, surface: pygame.Surface) -> None:
        if not self.toast_widget.showing:
            return
        w, h = surface.get_size()
        hand = self.rects.get("hand", (0, h * 3 // 4, w, h // 4))
        self.toast_widget.set_rect((hand[0], 0, hand[2], hand[1] + 30))
        self.toast_widget.draw(surface)

    def zoom_allowed(self, key: tuple[str, Any] | None) -> bool:
        """No preview covers a chooser (issue 9 item 4): none while a prompt, the help or a
        dialog of the table's own (:meth:`dialog_open`: Witch Trial's plea, QA 4) is open;
        while a pick is open, only of what may be picked (``pick_zoom_keys``)."""
        if key is None or self.prompt is not None or self.help_open or self.dialog_open():
            return False
        if self.pick is not None:
            return key in self.pick_zoom_keys()
        return True

    def dialog_open(self) -> bool:
        """True while a dialog the table draws itself (not a :class:`Prompt`) is open over
        it: no card zooms up over it (QA 4)."""
        return False

    def dismiss_zoom(self) -> None:
        """Close the zoom (Esc, a click): it stays closed while the pointer rests where it
        is, rather than opening again at once beside the pointer (QA 4)."""
        self.zoom, self.zoom_sticky = None, False
        self.zoom_dismissed = self.hover_key
        self.dirty = True

    def pick_zoom_keys(self) -> list[tuple[str, Any]]:
        """Zoom keys of the open pick's targets worth a closer look (a card to take back)."""
        return []

    def draw_zoom(self, surface: pygame.Surface) -> None:
        if self.zoom is None or self.drag.dragging or not self.zoom_allowed(self.zoom):
            return
        w, h = surface.get_size()
        width = max(200, min(320, w // 5))
        img = self.zoom_image(self.zoom, width)
        if img is None:
            return
        r = img.get_rect()
        px, py = self.zoom_at  # beside where it opened: it never trails the pointer
        r.topleft = (px + 24, py - r.h // 2)
        if r.right > w - 8:
            r.right = px - 24
        r.clamp_ip(pygame.Rect(0, 0, w, h))
        shadow = pygame.Surface(r.inflate(12, 12).size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 110))
        surface.blit(shadow, r.inflate(12, 12).move(4, 4).topleft)
        surface.blit(img, r.topleft)

    def draw_help(self, surface: pygame.Surface) -> None:
        """The help overlay: every line read whole, long ones wrapped (issue 9 item 5)."""
        w, h = surface.get_size()
        lines = self.help_lines() + ["Esc: the table menu (Resume, Rules, Settings, Save and leave, Quit)."]
        width = min(w - 80, 820)
        for size in range(17, MIN_TEXT - 1, -1):
            font = get_font(size)
            # a wrapped line keeps the indent of the line it continues
            wrapped = [wrap_text(line.strip(), font, width - 48 - font.size(line[:len(line) - len(line.lstrip())])[0])
                       for line in lines]
            height = font.get_linesize() * (sum(len(x) for x in wrapped) + 3) + 30
            if height <= h - 20:
                break
        box = pygame.Rect(0, 0, width, min(height, h - 8))
        box.center = (w // 2, h // 2)
        surface.blit(self.shade_surface((w, h), 150), (0, 0))
        panel(surface, box, alpha=250, edge=theme.HIGHLIGHT)
        surface.blit(text("How to play at this table", 22, theme.HIGHLIGHT, bold=True, title=True), (box.x + 20, box.y + 12))
        y = box.y + 20 + font.get_linesize() * 2
        for line, parts in zip(lines, wrapped):
            indent = font.size(line[:len(line) - len(line.lstrip())])[0]
            drawn = []
            for part in parts:
                drawn.append(blit_text(surface, render_text(part, size, theme.TEXT_LIGHT), (box.x + 24 + indent, y)))
                y += font.get_linesize()
            self.note_text("help", line, " ".join(parts), drawn, box)
        foot = text("Press ? or Esc or click to close", 14, theme.TEXT_MUTED)
        surface.blit(foot, (box.right - foot.get_width() - 14, box.bottom - foot.get_height() - 8))

    def shade_surface(self, size: tuple[int, int], alpha: int) -> pygame.Surface:
        """A dark translucent veil, made once per size and alpha."""
        key = (tuple(size), alpha)
        shades = self.__dict__.setdefault("_veils", {})
        if key not in shades:
            veil = pygame.Surface(size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, alpha))
            shades[key] = veil
        return shades[key]

    # ------------------------------------------------------------------- locate ----
    def locate(self, kind: str, key: Any = None) -> tuple[int, int] | None:
        """Where ``kind``/``key`` is drawn now (centre), for the smoke run and tests:
        ("card", id), ("villager", id), ("button", key), ("prompt", index), ("announced",),
        ("discard",), ("deck",)."""
        if kind == "card":
            s = self.sprite_for(key)
            return s.rect.center if s is not None else None
        if kind == "button":
            for b in self.all_buttons():
                if b.name == key and b.visible:
                    return b.rect.center
            return None
        if kind == "prompt":
            if self.prompt is None or not self.prompt.rects:
                return None
            if 0 <= key < len(self.prompt.rects):
                return self.prompt.rects[key].center
            return None
        r = self.target_rect((kind, key))
        if r is None and kind in self.rects:
            r = pygame.Rect(self.rects[kind])
        return r.center if r is not None else None

    # -------------------------------------------------------------------- input ----
    def handle(self, event: InputEvent) -> None:
        if event.kind == uinput.MOVE:
            self.on_move(event.pos)
        elif event.is_left_press:
            self.pointer = event.pos
            self.on_left_press(event.pos)
        elif event.is_left_release:
            self.pointer = event.pos
            self.on_left_release(event.pos)
        elif event.is_right_press:
            self.on_right_press(event.pos)
        elif event.kind == uinput.WHEEL:
            r = self.rects.get("log")
            if r is not None and pygame.Rect(r).collidepoint(event.pos):
                self.log_scroll = max(0, self.log_scroll + event.dy * 3)
                self.dirty = True
        elif event.kind == uinput.KEY:
            if event.repeat and event.key not in REPEATING_KEYS:
                return  # a held key acts once: a held Space ends one turn, not the next ones
            self.on_key(event.key, event.mod)

    def hover_target_key(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        """What would zoom under ``pos``: ("card", id) or ("villager", id) …"""
        s = self.drag.top_card_at(pos)
        if s is not None and s.card_id:
            return ("card", s.card_id)
        return None

    def on_move(self, pos: tuple[int, int]) -> None:
        self.pointer = pos
        if self.drag.move(pos):
            self.dirty = True
            return
        self.update_hand_hover(pos)
        key = self.hover_target_key(pos)
        if key != self.hover_key:
            self.hover_key = key
            self.hover_since = time.monotonic()
            self.zoom_dismissed = None  # on something else: hovering previews again
            if self.zoom is not None and self.zoom != key:
                # the pointer left what is zoomed: the zoom closes, right-click ones too
                self.zoom, self.zoom_sticky = None, False
            self.dirty = True
        for b in self.all_buttons():
            inside = b.enabled and b.rect.collidepoint(pos)
            if inside != b.hover:
                b.hover = inside
                self.dirty = True
        if self.prompt is not None or self.pick is not None:
            self.dirty = True

    def on_right_press(self, pos: tuple[int, int]) -> None:
        key = self.hover_target_key(pos)
        self.pointer = pos
        self.hover_key, self.hover_since = key, time.monotonic()
        if key is None or not self.zoom_allowed(key):
            self.zoom, self.zoom_sticky = None, False
        elif self.zoom == key and self.zoom_sticky:
            self.dismiss_zoom()  # a second right-click closes it, and resting does not reopen it
        else:
            self.zoom, self.zoom_sticky, self.zoom_at = key, True, pos
        self.dirty = True

    # ------------------------------------------------------ the drawn cards (hold) --
    def holding(self) -> bool:
        """The hot-seat session holds the screen until a click or key: this seat's view
        so it sees the cards it drew (issue 9 item 7), or a public moment the whole
        table sees before the curtain (QA 6). A LAN source never holds."""
        return bool(getattr(self.source, "holding", False)) or bool(self.moment_events())

    def moment_events(self) -> list[dict]:
        """The events of the public moment on screen ([] when there is none)."""
        moment = getattr(self.source, "public_moment", None)
        return list(moment()) if callable(moment) else []

    def hold_message(self) -> str:
        if self.moment_events():
            return "Everyone sees this together. Click or press Enter to go on."
        if not self.holding():
            return ""
        n = len(getattr(self.source, "held_cards", lambda: [])())
        cards = "a card" if n == 1 else f"{n} cards"
        return f"You drew {cards} (lit below). Click or press Enter when you have seen them."

    def release_hold(self) -> None:
        if self.moment_events():
            self.source.release_public_moment()
        else:
            self.source.release_hold()
        self.sync()
        self.dirty = True

    def draw_moment(self, surface: pygame.Surface) -> None:
        """The public moment's sentences in a box in the middle of the table (QA 6)."""
        events = self.moment_events()
        if not events:
            return
        w, h = surface.get_size()
        width = min(w - 80, 760)
        font = get_font(22, bold=True)
        lines: list[str] = []
        for event in events:
            sentence = self.describe_event(event)
            if sentence:
                lines.extend(wrap_text(sentence, font, width - 48))
        lines = lines[:6] or ["Everyone sees this together."]
        foot = text("Click or press Enter to go on", 17, theme.TEXT_MUTED)
        height = 28 + len(lines) * font.get_linesize() + 16 + foot.get_height() + 18
        box = pygame.Rect(0, 0, width, height)
        # over the hand's place (no hand is shown on the public table), so the dice, the
        # court and the log stay in sight; the window's middle without a hand zone
        hand = self.rects.get("hand")
        box.center = pygame.Rect(hand).center if hand is not None else (w // 2, h // 2)
        box.clamp_ip(pygame.Rect(0, 0, w, h).inflate(-8, -8))
        panel(surface, box.inflate(6, 6), alpha=245, edge=theme.HIGHLIGHT, radius=12, width=3)
        y = box.y + 26
        for line in lines:
            surf = render_text(line, 22, theme.PARCHMENT, bold=True)
            surface.blit(surf, surf.get_rect(midtop=(box.centerx, y)))
            y += font.get_linesize()
        surface.blit(foot, foot.get_rect(midbottom=(box.centerx, box.bottom - 12)))

    def draw_hold(self, surface: pygame.Surface) -> None:
        """Light the cards just drawn while the session holds the screen for them."""
        if not self.holding():
            return
        held = set(getattr(self.source, "held_cards", lambda: [])())
        for sprite in self.group.sprites():
            if isinstance(sprite, CardSprite) and sprite.zone == "hand" and sprite.card_id in held:
                pygame.draw.rect(surface, theme.SELECT, sprite.rect.inflate(8, 8), 4, border_radius=10)

    def on_left_press(self, pos: tuple[int, int]) -> None:
        self.dirty = True
        if self.holding():
            self.release_hold()  # seen: the screen passes on
            return
        if self.zoom is not None:  # a click closes the zoom and still does what it does
            self.dismiss_zoom()
        if self.help_open:
            self.help_open = False
            return
        if self.help_rect is not None and self.help_rect.collidepoint(pos) and self.prompt is None:
            self.help_open = True
            return
        if self.standin_rect is not None and self.standin_rect.collidepoint(pos):
            self.source.hand_to_bot()  # a LAN table's owner: a bot plays the away seat now
            return
        if self.prompt is not None:
            p = self.prompt
            for i, r in enumerate(p.rects):
                if r.collidepoint(pos):
                    self.choose_prompt(i)
                    return
            if p.box is not None and not p.box.collidepoint(pos):
                self.cancel_prompt()
            return
        for b in self.all_buttons():
            if b.visible and b.rect.collidepoint(pos):
                self._pressed_button = b
                return
        if self.pick is not None:
            target = self.target_at(pos)
            if target in self.pick.targets:
                pick, self.pick = self.pick, None
                pick.on_pick(target)
            return
        sprite = self.drag.press(pos)
        if sprite is not None and sprite.draggable:
            self.valid_targets = self.targets_for(sprite.card_id)
            return
        # a click on a target with a selected card (click path)
        if self.selected is not None:
            target = self.target_at(pos)
            if target is not None:
                card = self.selected
                self.cancel_selection()
                self.act(card, target, pos)
                return
        self.on_table_click(pos)

    def on_table_click(self, pos: tuple[int, int]) -> None:
        """A click that hit no card, button or prompt."""

    def on_left_release(self, pos: tuple[int, int]) -> None:
        button, self._pressed_button = self._pressed_button, None
        if button is not None:
            if button.rect.collidepoint(pos) and button.enabled:
                self.press_button(button)
            return
        result = self.drag.release(pos)
        if result is None:
            return
        how, sprite, at = result
        self.dirty = True
        self.drop_hover()  # the card let go of rests again; the next move raises what is under it
        if how == "click":
            self.valid_targets = []
            if sprite.card_id == self.selected:
                self.cancel_selection()
            else:
                self.select_card(sprite.card_id)
            return
        target = self.target_at(at)
        self.valid_targets = []
        if target is None:
            self.drag.snap_back(sprite)
            return
        if not self.act(sprite.card_id, target, at):
            self.drag.snap_back(sprite)
        elif self.prompt is not None and self.prompt.avoid is None and sprite.alive():
            self.prompt.avoid = sprite.rect.copy()  # the dropped card waits there for the answer

    def press_button(self, button: Button) -> None:
        """Run a button's action (mouse or keyboard), then re-read the view."""
        self.cancel_selection()
        button.click()
        self.sync()
        self.dirty = True

    def select_card(self, card_id: str) -> None:
        self.selected = card_id
        self.valid_targets = self.targets_for(card_id)
        self.target_cursor = 0 if self.valid_targets else -1
        self.rebuild_sprites(None)
        self.dirty = True

    def cancel_selection(self) -> None:
        if self.selected is not None:
            self.selected = None
            self.rebuild_sprites(None)
        self.valid_targets, self.target_cursor = [], -1
        self.dirty = True

    def choose_prompt(self, index: int) -> None:
        p = self.prompt
        if p is None or not 0 <= index < len(p.options):
            return
        self.prompt = None
        p.on_choose(p.options[index][1])
        self.dirty = True

    def cancel_prompt(self) -> None:
        p, self.prompt = self.prompt, None
        if p is not None and p.on_cancel is not None:
            p.on_cancel()
        self.dirty = True

    def close_topmost(self) -> bool:
        """Esc, in one place for every table: close the topmost thing open on it — the help,
        a zoom, a chooser (prompt or pick), a drag, a picked card — and say whether
        anything was open. Only when nothing was does Esc open the table menu (:meth:`open_menu`)."""
        self.dirty = True
        if self.help_open:
            self.help_open = False
        elif self.zoom is not None:
            self.dismiss_zoom()
        elif self.prompt is not None:
            self.cancel_prompt()
        elif self.pick is not None:
            p, self.pick = self.pick, None
            if p.on_cancel is not None:
                p.on_cancel()
            self.message = self.status_message()
        elif self.drag.dragging:
            self.drag.cancel()
            self.valid_targets = []
        elif self.selected is not None or self.valid_targets:
            self.cancel_selection()
        else:
            return False
        return True

    def on_key(self, key: int, mod: int) -> None:
        self.dirty = True
        if key == pygame.K_ESCAPE:
            if not self.close_topmost():
                self.open_menu()  # the last link of the chain: the table menu (issue 9 item 2)
            return
        if self.holding() and key not in (pygame.K_F1, pygame.K_QUESTION, pygame.K_SLASH):
            self.release_hold()  # the drawn cards were seen (issue 9 item 7)
            return
        if key in (pygame.K_QUESTION, pygame.K_F1) or (key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT):
            self.help_open = not self.help_open
            return
        if self.help_open:
            return
        if self.prompt is not None:
            p = self.prompt
            if key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT):
                back = key == pygame.K_TAB and mod & pygame.KMOD_SHIFT
                p.cursor = (p.cursor + (-1 if back else 1)) % len(p.options)
            elif key in (pygame.K_UP, pygame.K_LEFT):
                p.cursor = (p.cursor - 1) % len(p.options)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose_prompt(p.cursor)
            elif pygame.K_1 <= key <= pygame.K_9:
                self.choose_prompt(key - pygame.K_1)
            return
        if self.pick is not None:
            p = self.pick
            if key == pygame.K_TAB and p.targets:
                p.cursor = (p.cursor + (-1 if mod & pygame.KMOD_SHIFT else 1)) % len(p.targets)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and p.targets:
                self.pick = None
                p.on_pick(p.targets[p.cursor])
            return
        hand = [s.card_id for s in sorted(
            (s for s in self.group.sprites() if isinstance(s, CardSprite) and s.zone == "hand"),
            key=lambda s: s.home[0])]
        if pygame.K_1 <= key <= pygame.K_9 or key == pygame.K_0:
            index = 9 if key == pygame.K_0 else key - pygame.K_1
            if index < len(hand):
                if hand[index] == self.selected:
                    self.cancel_selection()
                else:
                    self.select_card(hand[index])
            return
        if key == pygame.K_TAB and self.selected is not None:
            if self.valid_targets:
                step = -1 if mod & pygame.KMOD_SHIFT else 1
                self.target_cursor = (self.target_cursor + step) % len(self.valid_targets)
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            if self.valid_targets and self.target_cursor >= 0:
                card, target = self.selected, self.valid_targets[self.target_cursor]
                r = self.target_rect(target)
                self.cancel_selection()
                self.act(card, target, r.center if r is not None else self.pointer)
            else:
                self.toast("That card has no target now.")
            return
        buttons = [b for b in self.all_buttons() if b.visible and b.enabled]
        if key == pygame.K_TAB and buttons:
            # no card picked: Tab walks the buttons (banner seats, Pass, End turn …)
            step = -1 if mod & pygame.KMOD_SHIFT else 1
            self.focus = (self.focus + step) % len(self.all_buttons()) if self.focus >= 0 else 0
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and 0 <= self.focus < len(self.all_buttons()):
            b = self.all_buttons()[self.focus]
            if b.enabled and b.visible:
                self.press_button(b)
            return
        for b in buttons:
            if b.hotkey is not None and b.hotkey == key:
                self.press_button(b)
                return

    # -------------------------------------------------------------- sound, network ----
    def play_sound(self, name: str) -> None:
        from game.ui import sound

        sound.play(name)

    def sound_new_events(self) -> None:
        """Sounds for the log events that arrived since the last look: never for the
        history a table opens on; a chime when the curtain lifts for a human seat.

        The log only grows, so for the same seat the new events are its tail. Another
        seat's log is redacted differently (other length), so across a change of seat the
        tail starts after the newest event both logs share (the same event objects)."""
        from game.ui import sound

        seat, events = self.source.screen_seat, self.log_events
        mark, self._sound_mark = getattr(self, "_sound_mark", None), (seat, events)
        if mark is None:
            return
        old_seat, old_events = mark
        if seat == old_seat:
            fresh = events[len(old_events):]
        else:
            where = {id(e): i for i, e in enumerate(events)}
            start = next((where[id(e)] + 1 for e in reversed(old_events[-50:]) if id(e) in where), len(events))
            fresh = events[start:]
        names = sound.sounds_for_events(self.game, fresh, seat)
        if seat != old_seat and seat is not None and self.source.is_human(seat) and "chime" not in names:
            names = (names + ["chime"])[-sound.MAX_PER_BATCH:]
        for name in names:
            self.play_sound(name)

    #: the connection pill (LanSession.status, game.net.client's statuses): label, dot colour
    CONNECTION_LABELS = {
        "connecting": ("Connecting…", (240, 170, 50)),
        "connected": ("Connected", (96, 200, 104)),
        "reconnecting": ("Reconnecting…", (240, 170, 50)),
        "lost": ("Connection lost", (222, 64, 50)),
        "closed": ("Disconnected", (222, 64, 50)),
    }

    def connection_status(self) -> str | None:
        """The source's network status (a LAN table), or None (hot-seat: no pill)."""
        status = getattr(self.source, "status", None)
        return status if isinstance(status, str) and status in self.CONNECTION_LABELS else None

    def connection_pill(self, surface: pygame.Surface) -> tuple[pygame.Rect, int] | None:
        """Where the pill goes: the right end of the log's header line (left of the
        "newer" marker when the log is scrolled), else the right end of the message line."""
        status = self.connection_status()
        if status is None:
            return None
        label, _ = self.CONNECTION_LABELS[status]
        r = self.rects.get("log")
        over_title = None  # where the pill may start when it covers the log's title
        if r is not None:
            rect = pygame.Rect(r)
            size = max(12, min(17, rect.h // 25, rect.w // 18))
            head = text("Game log", size + 1, theme.PARCHMENT, bold=True)
            h = head.get_height()
            left, right = rect.x + 10 + head.get_width() + 8, self.log_header_right()
            if self.log_scroll:
                right -= text(f"▼ {self.log_scroll} newer", size - 2, theme.HIGHLIGHT).get_width() + 10
            font_size, top = size - 2, rect.y + 6
            over_title = rect.x + 6
        else:
            r = self.rects.get("message") or (0, 0, surface.get_width(), 22)
            rect = pygame.Rect(r)
            h = max(14, rect.h)
            left, right, font_size, top = rect.centerx, rect.right - 4, max(11, min(15, h - 5)), rect.y
        # the words matter most while the connection is down (QA 11): a smaller font; then
        # over the log's title, from its left end so no half title shows beside the pill
        for size_try in (font_size, MIN_TEXT):
            width = get_font(size_try).size(label)[0] + h + 10
            if right - left >= width:
                return pygame.Rect(right - width, top, width, h), size_try
        if over_title is not None:
            for size_try in (font_size, MIN_TEXT):
                width = get_font(size_try).size(label)[0] + h + 10
                if right - over_title >= width:
                    return pygame.Rect(over_title, top, right - over_title, h), size_try
        return pygame.Rect(max(left, right - h), top, h, h), font_size  # no room: the dot alone

    def away_notice_layout(self) -> tuple[pygame.Rect, int, list[str], int] | None:
        """Where a LAN table's away notice goes (a strip under the log's header, the log's
        lines below it): (box, font size, lines, width of its "Bot now" button, 0 if none)."""
        notice = getattr(self.source, "notice", "")
        r = self.rects.get("log")
        if not isinstance(notice, str) or not notice or r is None:
            return None
        rect = pygame.Rect(r)
        size = max(12, min(17, rect.h // 25, rect.w // 18))
        head_h = get_font(size + 1, bold=True).get_linesize() + 2
        font_size = max(MIN_TEXT, size - 2)
        button = getattr(self.source, "can_hand_to_bot", False)
        bw = get_font(font_size, bold=True).size("Bot now")[0] + 16 if button else 0
        width = rect.w - 12
        font_size, lines = fit_lines(notice, width - bw - 18, 2 * get_font(font_size).get_linesize(), font_size)
        lh = get_font(font_size).get_linesize()
        return pygame.Rect(rect.x + 6, rect.y + head_h + 8, width, lh * len(lines) + 8), font_size, lines, bw

    def draw_away_notice(self, surface: pygame.Surface) -> None:
        """A LAN table's notice about away players, on everyone's table (issue 11.6): "Ann
        lost connection — a bot takes over in 24 s"; for the host's own seat with a "Bot
        now" button that hands the seat to a bot at once."""
        self.standin_rect = None
        layout = self.away_notice_layout()
        if layout is None:
            return
        box, font_size, lines, bw = layout
        amber = self.CONNECTION_LABELS["reconnecting"][1]
        panel(surface, box, color=theme.PANEL, alpha=240, edge=amber, radius=6, width=1)
        lh = get_font(font_size).get_linesize()
        drawn = []
        for i, line in enumerate(lines):
            words = text(line, font_size, theme.TEXT_LIGHT)
            drawn.append(surface.blit(words, (box.x + 8, box.y + 4 + i * lh)))
        self.note_text("notice", self.source.notice, " ".join(lines), drawn, box)
        if bw:
            b = pygame.Rect(box.right - bw - 4, box.y + 3, bw, min(box.h - 6, lh + 2))
            hot = b.collidepoint(self.pointer)
            pygame.draw.rect(surface, theme.WOOD_LIGHT if hot else theme.WOOD, b, border_radius=b.h // 2)
            pygame.draw.rect(surface, amber, b, 1, border_radius=b.h // 2)
            label = text("Bot now", font_size, theme.TEXT_LIGHT, bold=True)
            surface.blit(label, label.get_rect(center=b.center))
            self.standin_rect = b

    def draw_connection(self, surface: pygame.Surface) -> None:
        """The in-game connection indicator (issue 5): a small pill, LAN tables only."""
        pill = self.connection_pill(surface)
        if pill is None:
            return
        box, font_size = pill
        label, dot = self.CONNECTION_LABELS[self.connection_status() or "lost"]
        panel(surface, box, color=theme.PANEL, alpha=235, edge=dot, radius=box.h // 2, width=1)
        radius = max(3, box.h // 4)
        pygame.draw.circle(surface, dot, (box.x + box.h // 2, box.centery), radius)
        if box.w > box.h:
            words = text(label, font_size, theme.TEXT_LIGHT)
            at = surface.blit(words, words.get_rect(midleft=(box.x + box.h - 2, box.centery)))
            self.note_text("connection", label, label, [at], box)
