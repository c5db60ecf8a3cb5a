"""The Salem 1692 table (docs/rules/salem.md; DESIGN D3, D6).

``SalemTableScene(app, source)`` draws ``source.view()`` (the fields documented in
game/rules/salem/view.py) and turns drags, clicks and keys into the §7 commands, sent with
``source.submit``. It never decides legality: ``source.legal()`` lights targets and
fills the prompts; a refusal snaps the card back with the engine's own message.

What goes where (built-in zones for 4–12 seats, :mod:`game.ui.scenes.salem.common`):
the shown seat at the bottom with its row face up and its hand below; the other seats
clockwise around the table (ghosts in the 2–3 player game drawn as ghosts, named by
their Town Hall card); the phase banner and the private prompts in the middle; the log,
the draw pile (Night at its bottom) and the discard pile, and the buttons on the right.
At Night the table darkens under a moon.

The table owns its panels, each an object with its own state (what it drew, where its
parts lie) that talks to the table only through the table's names — ``view``,
``legal_cmds``, ``log_events``, ``rects``, ``size``, ``art``, ``name``, ``seat_zone``,
``shown_seat``, ``is_night``, ``submit``, ``toast``, ``dirty`` — and through the other
panels the table names:

* ``table.seats`` (:class:`~game.ui.scenes.salem.seats.SeatsPanel`): the background and
  the seat panels, kept in one layer per phase; where each seat's cards lie; the other
  phase's panels drawn ahead between moves;
* ``table.middle`` (:class:`~game.ui.scenes.salem.center.CenterPanel`): the phase
  banner, the middle (the moon, the last happenings, every hand at the end), the piles;
* ``table.clock`` (:class:`~game.ui.scenes.salem.clock.ClockPanel`): the hourglasses
  of a timed game (docs/rules/salem.md R22);
* ``table.window`` (:class:`~game.ui.scenes.salem.prompts.PromptsPanel`): the blind
  windows' private prompt, the same box for every role;
* ``table.moves`` (:class:`~game.ui.scenes.salem.moves.MovesPanel`): drops, clicks and
  the turn's buttons into commands;
* ``table.private`` (:class:`~game.ui.scenes.reveal.PrivateReveal`): what a ghost peek
  showed the peeker alone, in a box over the middle until a click or key.

The table draws them in a fixed order (:meth:`SalemTableScene.draw_table`: seats, piles,
banner, middle; :meth:`SalemTableScene.draw_overlay`: clocks, the moves' marks, the
prompt, the private reveal) and routes the base table's hooks to them (targets, clicks,
Esc, hover). ``ahead`` lists what is drawn ahead, ``words`` gives the log its sentences,
``common`` the zones. The table draws ahead between moves (``AHEAD``: the base table's
``ahead`` panel, with the hooks at the end of the class).

Input paths: drag a hand card onto a seat (Robbery and Scapegoat: drop again on the
second seat; Curse: pick the blue card); or click a card then a seat; 1-9 pick a card,
Tab cycles its seats, Enter plays. Click a lit Tryal card for a trial, the Black Cat,
a ghost peek or the variant Night. Space = draw two, E = end turn, G = peek at a
ghost, Enter = Continue in a prompt, 1-9 its choices; ? = help; hover or right-click
zooms a card or a whole seat.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.ui import theme
from game.ui.scenes.reveal import PrivateReveal
from game.ui.scenes.salem import ahead, words
from game.ui.scenes.salem.center import CenterPanel
from game.ui.scenes.salem.clock import ClockPanel
from game.ui.scenes.salem.common import CARD_RATIO, fallback_zones
from game.ui.scenes.salem.moves import MovesPanel
from game.ui.scenes.salem.prompts import PromptsPanel
from game.ui.scenes.salem.seats import SeatsPanel
from game.ui.scenes.table.panel import Ask
from game.ui.scenes.table_base import Rect, TableScene, Target, text
from game.ui.widgets import Button

log = logging.getLogger(__name__)


def tryal_face(event: dict) -> str | None:
    """A ghost peek (§3.1 C) shows the Tryal card's face (faces are named by kind)."""
    kind = event.get("kind")
    return f"tryal-{kind}" if isinstance(kind, str) else None


class SalemTableScene(TableScene):
    """The Salem table (see the module docstring)."""

    game = "salem"
    seats_show_thinking = True
    AHEAD = True
    #: the must-read words of the private reveal's box (the text-fit checks find them so)
    REVEAL_WHAT = PrivateReveal.WHAT
    held_reveals = Ask("private", "held")
    draw_reveal = Ask("private", "draw")
    #: how the LAN lobby calls a seat nobody plays, and its colour (the ghosts of §2.2)
    absent_label = "a ghost: nobody plays it"
    absent_colour = (176, 196, 236)
    REQUIRED_ZONES = ("log", "deck", "discard", "buttons", "hand", "center", "banner", "message")
    NO_ANSWERS_UNSUPPORTED = "Every player answers in secret here."

    @staticmethod
    def seats_note(players: int) -> str:
        """The new-game form's line on this many players (docs/rules/salem.md, ghosts)."""
        if players in (2, 3):
            ghosts = "two ghosts sit" if players == 2 else "one ghost sits"
            return (
                f"With {players} players, {ghosts} between you: Tryal cards, no hand, no turn; "
                "4 accusations bring a trial."
            )
        return ""

    def __init__(self, app, source) -> None:
        # the panels first: the base's first sync asks them for buttons and words
        self.seats = SeatsPanel(self)
        self.middle = CenterPanel(self)
        self.clock = ClockPanel(self)
        self.window = PromptsPanel(self)
        self.moves = MovesPanel(self)
        self.private = PrivateReveal(self, face=tryal_face)
        self._pending_key: Any = None
        self._log_seen = 0
        super().__init__(app, source)

    # -- the names the rest of the UI and the smoke player use
    @property
    def second_drop(self) -> tuple[str, int] | None:
        """The card waiting for its second drop (Robbery, Scapegoat) and its first seat."""
        return self.moves.second_drop

    def window_pending(self) -> dict | None:
        """The open blind window, when the seat on screen must answer it now."""
        return self.window.pending()

    def clock_values(self) -> dict[int, float]:
        """Seconds left by seat, for the seats whose clock runs now."""
        return self.clock.clock_values()

    def final_rows(self) -> list[tuple[str, list[str], pygame.Rect, pygame.Rect]]:
        """At the end, every other seat's hand in the middle (the middle panel's)."""
        return self.middle.final_rows()

    def revealed_cards(self) -> list[tuple[str, pygame.Rect]]:
        return self.middle.revealed_cards()

    def is_night(self) -> bool:
        """Night on the table (or the phase a seat panel is drawn for ahead)."""
        forced = self.seats.night_as
        if forced is not None:
            return forced
        return self.view.get("phase") == "night" and not self.view.get("over")

    def seats_left(self) -> bool:
        """Seat panels changed by the last move that are still to be put on (next frame)."""
        return self.seats.left

    def fallback_rects(self, players: int, w: int, h: int) -> dict[str, Rect]:
        return fallback_zones(players, w, h)

    def name(self, seat: Any) -> str:
        return words.seat_name(seat, list(self.source.players))

    def describe_event(self, event: dict) -> str:
        return words.describe(event, list(self.source.players))

    #: a secret step's answers are one line of the log, not one a seat (eleven at twelve
    #: seats); so are the cards one draws ("You draw Accusation, Scapegoat.")
    log_runs = frozenset({"answered", "draw"})

    def describe_events(self, events: list[dict]) -> str:
        if events[0].get("type") == "draw":
            return words.drawn(events)
        return words.answered([e.get("seat") for e in events], list(self.source.players))

    def hold_message(self) -> str:
        """The private reveal's words first, else the base table's hold."""
        return self.private.hold_message() or super().hold_message()

    def dialog_open(self) -> bool:
        """The private reveal's box is a dialog too (no plate zooms up over the peeked card)."""
        return bool(self.private.held()) or super().dialog_open()

    # ------------------------------------------------------------------ view ----
    def sync(self, force: bool = False) -> bool:
        changed = super().sync(force)
        if changed:
            key = (self.view.get("state_id"), self.view.get("seat"))
            if key != self._pending_key:
                self._pending_key = key
                self.window.choice = None
                self.moves.row_pick = None
                if self.moves.second_drop is not None and self.moves.second_drop[0] not in self.my_hand():
                    self.moves.second_drop = None
                self.buttons = self.make_buttons()
            if self.pick is None and self.prompt is None:
                self.moves.open_tryal_pick()
                if self.pick is not None:
                    self.message = self.status_message()
        return changed

    def make_buttons(self) -> list[Button]:
        if not self.rects:
            return []
        p = self.window.pending()
        if p is not None:
            return self.window.make_buttons(p)
        return self.moves.action_buttons()

    def status_message(self) -> str:
        v = self.view
        seat = v.get("seat")
        extra = getattr(self.source, "message", "") or ""
        if v.get("over"):
            return "The game is over."
        if seat is None:
            return self.waiting_for(extra)
        if self.pick is not None:
            return self.say(self.pick.title + " (or Tab + Enter)", self.pick.title)
        if self.moves.second_drop is not None:
            return self.say(self.moves.second_drop_title(), "Drop it again on the second player (Esc cancels).")
        if self.window.pending() is not None:
            return self.say("Your secret answer: choose in the box, then Continue (Enter).", "Choose, then Continue.")
        if seat not in (v.get("to_act") or []):
            return self.waiting_for(extra)
        me = self.name(seat)
        if self.legal_of("death_order"):
            return f"{me}: decide who dies first."
        if self.legal_of("pass"):
            return f"{me}: use the ability, or No thanks."
        if self.legal_of("draw_two"):
            return self.say(
                f"{me}'s turn: drag cards onto players, or Draw two (Space).",
                "Drag cards onto players, or Draw two (Space).",
            )
        if self.legal_of("end_turn"):
            return self.say(f"{me}: play more cards, or End turn (E).", "Play more, or End turn (E).")
        return f"{me}: your move."

    def help_lines(self) -> list[str]:
        return [
            "Drag a card from your hand onto a player and let go (or click it, then the player).",
            "  Red cards accuse: at the trial mark (7; 4 with ghosts) the accuser turns up one",
            "  of that player's Tryal cards. Robbery and Scapegoat: drop again on the second player.",
            "On your turn: draw two cards (Space or click the pile), or play cards and End turn (E).",
            "Night is the last card of the pile: the witches kill, the Constable guards, anyone",
            "  may confess. Secret answers come in a box in the middle: choose, then Continue.",
            "Conspiracy: everyone takes a Tryal card from the player on the left, unseen.",
            "Hover or right-click zooms a card or a whole seat. 1-9 pick a card, Tab its targets.",
            "Click two of your own Tryal cards to swap them (nobody else sees it).",
            "The wheel scrolls the game log.",
        ]

    # ------------------------------------------------------------ the hand ----
    def my_hand(self) -> list[str]:
        if self.view.get("seat") is None:
            return []
        return list(self.view.get("hand") or [])

    def card_size(self) -> tuple[int, int]:
        hand = pygame.Rect(self.rects["hand"])
        h = max(56, hand.h - 12)
        return (int(h / CARD_RATIO), h)

    def hand_slots(self, count: int) -> list[tuple[int, int]]:
        """The shown seat's hand, in one row across the bottom."""
        hand = pygame.Rect(self.rects["hand"])
        _cw, ch = self.card_size()
        return self.fan_row(count, hand, 6, max(1, ch // 60), ch // 10)

    # ----------------------------------------------------------- the moves ----
    def targets_for(self, card_id: str) -> list[Target]:
        return self.moves.targets_for(card_id)

    def act(self, card_id: str | None, target: Target, anchor: tuple[int, int]) -> bool:
        return self.moves.act(card_id, target, anchor)

    def drop_hint(self, card_id: str | None, target: Target) -> str:
        return self.moves.drop_hint(card_id, target)

    def on_table_click(self, pos: tuple[int, int]) -> None:
        if self.window.pending() is not None:
            self.window.click_row(pos)  # a Conspiracy pick or a confession, on the table itself
            return
        self.moves.click(pos)

    def close_topmost(self) -> bool:
        return self.moves.close() or super().close_topmost()

    # -------------------------------------------------------------- geometry ----
    def ensure_geometry(self) -> None:
        if not self.seats.seat_rects and self.view.get("seats") and self.rects:
            scratch = pygame.Surface((max(1, self.size[0]), max(1, self.size[1])))
            self.draw_table(scratch)

    def target_rect(self, target: Target) -> pygame.Rect | None:
        self.ensure_geometry()
        kind, key = target
        if kind == "seat":
            return self.seats.seat_rects.get(key)
        if kind == "tryal":
            return self.seats.tryal_rects.get(tuple(key))
        if kind in ("deck", "discard", "hand"):
            r = self.rects.get(kind)
            return pygame.Rect(r) if r is not None else None
        return None

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        if self.pick is not None:
            hit = self.seats.tryal_at(pos)
            if hit is not None and ("tryal", hit) in self.pick.targets:
                return ("tryal", hit)
        seat = self.seats.seat_at(pos)
        return ("seat", seat) if seat is not None else None

    def hover_target_key(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        key = super().hover_target_key(pos)
        if key is not None:
            return key
        seats = self.seats
        card = seats.front_card_at(pos)
        if card is not None:
            return ("card", card)
        hit = seats.tryal_at(pos)
        if hit is not None:
            seat, i = hit
            if seat == self.view.get("seat"):
                row = self.view.get("my_row") or []
                if i < len(row):
                    return ("card", f"tryal-{row[i]['kind']}")
        discard = self.middle.discard_card_rect
        if discard is not None and discard.collidepoint(pos) and self.view.get("discard"):
            return ("card", self.view["discard"][-1])
        seat = seats.seat_at(pos)
        if seat is not None and seat != self.shown_seat():
            return ("seat", seat)
        return None

    def zoom_image(self, key: tuple[str, Any], width: int) -> pygame.Surface | None:
        if key[0] == "seat":
            return self.seats.seat_detail(key[1], int(width * 1.5))
        return super().zoom_image(key, width)

    def pick_zoom_keys(self) -> list[tuple[str, Any]]:
        return [("seat", t[1][0]) for t in (self.pick.targets if self.pick else []) if t[0] == "tryal"]

    def locate(self, kind: str, key: Any = None) -> tuple[int, int] | None:
        self.ensure_geometry()
        if kind in ("seat", "tryal"):
            r = self.target_rect((kind, key))
            return r.center if r is not None else None
        if kind == "deck" and self.middle.deck_card_rect is not None:
            return self.middle.deck_card_rect.center
        return super().locate(kind, key)

    # ---------------------------------------------------------------- drawing ----
    def draw_table(self, surface: pygame.Surface) -> None:
        """The static table: the seat layer (:meth:`SeatsPanel.draw`), then the parts drawn
        over it — the piles, the phase banner, the middle and, with no seat behind the
        screen, the hand's sentence. Redrawing the same surface, a part whose picture is
        as last drawn and that nothing put back touches stays as it is (its must-read
        words are noted again); the others are put back from the layer and drawn."""
        kept = self.seats.draw(surface)  # the background comes with the seats (one layer)
        self.window.box = self.window.rect() if self.window.pending() is not None else None
        parts = self.layer_parts()
        if kept is None:
            redraw = set(parts)
        else:
            redraw = self.parts_to_redraw(surface, parts, *kept)
        if "piles" in redraw:
            self.middle.draw_piles(surface)
        if "banner" in redraw:
            self.middle.draw_banner_zone(surface)
        else:
            self.middle.note_banner()
        if "middle" in redraw:
            self.middle.draw_middle(surface)
        if "hand" in redraw:
            hand = pygame.Rect(self.rects["hand"])
            msg = text(self.no_hand_words(), max(14, hand.h // 9), theme.TEXT_MUTED)
            surface.blit(msg, msg.get_rect(center=hand.center))
        self.seats.layer_drawn(surface, parts)

    #: how far past its zone a part of the middle may draw (the piles' stacked backs and
    #: their labels, the banner's edge)
    PART_MARGIN = 16

    def layer_parts(self) -> dict[str, tuple[pygame.Rect, tuple]]:
        """What :meth:`draw_table` draws over the seat layer now: name -> (where it draws:
        its zone with a margin, clipped to the window; a key of everything it shows)."""
        screen = pygame.Rect((0, 0), self.size)
        v = self.view

        def zone(*names: str) -> pygame.Rect:
            rects = [
                pygame.Rect(self.rects[n]).inflate(2 * self.PART_MARGIN, 2 * self.PART_MARGIN).clip(screen)
                for n in names
            ]
            return rects[0].unionall(rects[1:])

        middle = self.middle
        discard = v.get("discard") or []
        parts = {
            "piles": (
                zone("deck", "discard"),
                (v.get("draw_count", 0), v.get("night_at_bottom"), discard[-1:], len(discard)),
            ),
            "banner": (zone("banner"), middle.banner_key()),
            "middle": (zone("center"), middle.middle_key()),
        }
        if self.my_seat() is None and len(getattr(self.source, "players", [])) > 1:
            hand = pygame.Rect(self.rects["hand"])
            said = self.no_hand_words()
            msg = text(said, max(14, hand.h // 9), theme.TEXT_MUTED)
            parts["hand"] = (msg.get_rect(center=hand.center).clip(screen), (said,))
        return parts

    def parts_to_redraw(self, surface: pygame.Surface, parts: dict, seats: list[pygame.Rect], before: dict) -> set[str]:
        """The parts to draw again over a surface that holds the layer as last drawn, with
        their places put back from the layer: those whose picture changed (and a part
        gone since), those under a seat put back, and those under any place put back."""
        redraw = {n for n, (r, key) in parts.items() if before.get(n) != (r, key) or r.collidelist(seats) >= 0}
        back = [before[n][0] for n in before if n not in parts or n in redraw] + [parts[n][0] for n in redraw]
        grew = True
        while grew:
            grew = False
            for n, (r, _key) in parts.items():
                if n not in redraw and r.collidelist(back) >= 0:
                    redraw.add(n)
                    back.append(r)
                    if n in before:
                        back.append(before[n][0])
                    grew = True
        self.seats.put_back(surface, back)
        return redraw

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.clock.draw(surface)
        self.moves.draw(surface)
        self.window.draw(surface)
        self.private.draw(surface)

    # ------------------------------------------------------------ the loop ----
    def update(self, dt: float) -> None:
        if self.seats.left and self._static_key is not None:
            self._static_key = None  # the panels the last frame had no time for (put_seats)
            self.dirty = True  # (no work ahead in this frame: it redraws)
        super().update(dt)
        self.clock.update()

    def next_wake(self) -> float | None:
        wake = 0.0 if self.seats.left else super().next_wake()
        return self.clock.next_wake(wake)

    # -- drawing ahead (the hooks of the base table's ``ahead`` panel)
    def work_ahead(self) -> bool:
        """The other phase's seat panels, then the banners of the turns that may come next."""
        return self.seats.prepare_other_phase() or self.middle.prepare_banners()

    def ahead_card_ids(self) -> list[str]:
        return ahead.card_ids()

    def ahead_hand_ids(self) -> list[str]:
        return [c for c in self.ahead_card_ids() if not c.startswith("tryal-")]

    def ahead_back_ids(self) -> list[str]:
        """Face-down Tryal cards show their face where they lie when revealed."""
        return [c for c in self.ahead_card_ids() if c.startswith("tryal-")]

    def extra_drawings(self):
        return ahead.extra_drawings(self)

    def on_view_changed(self, old: dict, new: dict) -> None:
        """A card played onto a seat flies there from its player."""
        size = self.card_size()
        small = (size[0] // 2, size[1] // 2)
        fresh = self.log_events[self._log_seen :] if old.get("seat") == new.get("seat") else []
        self._log_seen = len(self.log_events)
        for e in fresh[-6:]:
            if e.get("type") != "play":
                continue
            src = self.seat_zone(e.get("seat")) if isinstance(e.get("seat"), int) else None
            dst = self.seat_zone(e.get("target")) if isinstance(e.get("target"), int) else None
            if src is not None and dst is not None and e.get("card"):
                self.fly(self.art.face("salem", e["card"], small), src.center, dst.center)
