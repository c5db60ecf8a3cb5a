"""The Testimony table (docs/rules/testimony.md; DESIGN D3, D6).

``TestimonyTableScene(app, source)`` draws ``source.view()`` and turns clicks, drags
and keys into the game's commands sent with ``source.submit``. It never decides legality:
``source.legal()`` only lights seats and picks which buttons to offer; a refused
command shows the engine's own message.

What goes where (zones: ``common.design_zones``, ``assets/layouts/testimony.tmx``):
the other seats round the oval ``table`` (``seat_k`` is the k-th seat clockwise from
the shown one), each plate with its name, tokens in hand, Character card (a back unless
the shown seat knows it), its latest claims, and the tokens lying in front of it — face
down in the placer's colour, the side shown where the view gives it. ``seat_0`` is the
shown seat; ``hand`` its Character card, Belief cards and tokens; ``table`` the game,
the turn, the set-aside card, a share under way and what the shown seat just learned;
``notebook`` everything it learned this game; ``standings`` the match; ``talk`` claims
(and chat over a LAN); ``log`` the game log with the claims interleaved; ``banner``
the buttons; the end-of-game reveal opens over the middle (``stage``).

The table owns its panels, each an object with its own state that talks to the table
only through the table's names (``view``, ``legal_cmds``, ``rects``, ``art``, ``name``,
``seat_zone``, ``submit``, ``toast``, ``dirty`` …) and the other panels the table names:
``table.seats`` (the plates and their pictures), ``table.centre`` (the middle; where the
sharers' cards lie), ``table.hand`` (the hand's layout, sprites and labels),
``table.notebook``, ``table.standings``, ``table.talk`` (claims and the chat field),
``table.bar`` (the buttons, the public banner, the picks) and ``table.result`` (the
reveal of a game's end: which game, how far told, whether the bots wait). The table
draws them in order (:meth:`TestimonyTableScene.draw_table`) and routes input and the
base table's hooks to them; ``common`` holds the zones and the token discs.

Input paths for every action:
* click a seat plate: a menu of what you may do to that player now (invite,
  investigate, accuse, defend); or a button (Share…, Investigate…, Investigate two…,
  Accuse…, Defend…) and then click the seat;
* drag a token from your hand onto a seat: accuse or defend it (a menu asks which);
  drag your Character or a Belief card onto your sharing partner: show it;
* keys: S share, I investigate, T investigate two, A/X accept/decline, C/H/P show a
  card, A/D accuse/defend (then click or Tab + Enter), X discard a token, Enter start
  the next game, V last result, 1-9 pick a token or card, Esc cancels, ? help.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game.ui import input as uinput
from game.ui import theme
from game.ui.input import InputEvent
from game.ui.scenes import testimony_text as words
from game.ui.scenes.table_base import Prompt, Rect, TableScene, Target, text, unique_targets
from game.ui.scenes.testimony.bar import SHOW_LABELS, ActionBar
from game.ui.scenes.testimony.centre import CentrePanel
from game.ui.scenes.testimony.common import FIXED_ZONES, fallback_zones, token_disc
from game.ui.scenes.testimony.hand import OWN_BELIEFS, OWN_CHARACTER, TOKEN_PREFIX, HandPanel, show_card_of
from game.ui.scenes.testimony.notebook import NotebookPanel
from game.ui.scenes.testimony.reveal import RevealPanel
from game.ui.scenes.testimony.seats import SeatsPanel
from game.ui.scenes.testimony.standings import StandingsPanel
from game.ui.scenes.testimony.talk import TalkPanel
from game.ui.widgets import Button

log = logging.getLogger(__name__)

#: the names of the buttons that start the next game (how they start): the bar's, and
#: the public banner's in hot-seat ("public:start_game_2")
START_BUTTONS = ("next_game", "public:start_game_")


class TestimonyTableScene(TableScene):
    """The Testimony table (see the module docstring)."""

    __test__ = False  # not a pytest class, whatever its name says
    game = "testimony"
    seats_show_thinking = True
    AHEAD = True  # draws ahead between moves (the base table's ``ahead`` panel)
    REQUIRED_ZONES = FIXED_ZONES
    NO_ANSWERS_UNSUPPORTED = "Testimony has no answer windows."
    #: a chooser opened after a look leaves what it found readable
    PROMPT_KEEP_CLEAR = (*TableScene.PROMPT_KEEP_CLEAR, "investigation")

    def __init__(self, app, source) -> None:
        # the panels first: the base's first sync asks them for buttons and words
        self.seats = SeatsPanel(self)
        self.centre = CentrePanel(self)
        self.hand = HandPanel(self)
        self.notebook = NotebookPanel(self)
        self.talk = TalkPanel(self)
        self.bar = ActionBar(self)
        self.result = RevealPanel(self)
        self.standings = StandingsPanel(self)
        self._drawn_hiding = False
        #: (the surface the static table was drawn on, its size, each part as drawn there:
        #: name -> (place, key)); a redraw of that surface draws only the parts that changed
        self.kept_parts: tuple | None = None
        #: each part's must-read words as last drawn (noted again while its picture is kept)
        self.part_notes: dict[str, list] = {}
        super().__init__(app, source)

    # --------------------------------------------- the reveal, by its old names --
    # (the hot-seat and LAN sessions, the smoke player, the tools and benchmarks use them)
    @property
    def reveal(self) -> dict | None:
        """None, or ``{"game": index into history, "t": seconds, "open": bool}``."""
        return self.result.reveal

    @property
    def keep_bots_waiting(self) -> bool:
        """Hot-seat: the session's bots wait while this is true (the reveal is being read)."""
        return self.result.waiting

    def telling(self) -> bool:
        return self.result.telling()

    def result_shown(self) -> bool:
        return self.result.result_shown()

    def reveal_record(self) -> dict | None:
        return self.result.reveal_record()

    def reveal_times(self, record: dict) -> dict[str, float]:
        return self.result.reveal_times(record)

    def reveal_animating(self) -> bool:
        return self.result.reveal_animating()

    def reveal_box(self) -> pygame.Rect:
        return self.result.reveal_box()

    def skip_reveal(self) -> None:
        self.result.skip_reveal()

    def close_reveal(self) -> None:
        self.result.close_reveal()

    # ------------------------------------------------------- the panels' hooks --
    def me(self) -> dict:
        """The shown seat's own part of the view (its Character, Belief, what it may show)."""
        return self.view.get("me") or {}

    def my_hand(self) -> list[str]:
        """Sprite ids of what the shown seat holds: tokens, then its cards."""
        if self.my_seat() is None or not self.me():
            return []
        count = int(self.player(self.my_seat()).get("tokens") or 0)
        out = [f"{TOKEN_PREFIX}{i}" for i in range(count)]
        out.append(OWN_CHARACTER)
        out.extend(OWN_BELIEFS)
        return out

    def hand_sprites(self) -> list:
        """None for the base table's fan hover: this hand is laid out by the hand panel
        (Character, Belief cards, tokens), and the raised Hammer-style card would repaint
        them with a generic face under the pointer."""
        return []

    def rebuild_sprites(self, old_view: dict | None) -> None:
        self.hand.rebuild_sprites(old_view)

    def make_buttons(self) -> list[Button]:
        return self.bar.make_buttons()

    def make_banner(self):
        return self.bar.make_banner()

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        return self.seats.seat_at(pos)

    def claims_of(self, seat: int) -> list[str]:
        """The claims ``seat`` made in the game being played (the talk panel's)."""
        return self.talk.claims_of(seat)

    # ------------------------------------------------------------------ layout --
    def fallback_rects(self, players: int, w: int, h: int) -> dict[str, Rect]:
        return fallback_zones(players, w, h)

    def on_layout(self) -> None:
        self.forget_pictures()
        self.talk.make_chat_field()

    def name(self, seat: Any) -> str:
        return words.seat_name(seat, list(self.source.players))

    def card_size(self) -> tuple[int, int]:
        return (90, 126)

    def extra_drawings(self):
        """Drawn ahead (the ``ahead`` panel's hook): the reveal's veil, its words and every
        face at the reveal's card size (a game's end opened the reveal with a dozen first drawings)."""
        if not self.size[0]:
            return
        box = self.result.reveal_box()
        yield lambda: self.result.shade(box.size, 120)
        yield from self.result.words_ahead()
        size = self.result.reveal_rows(box)[2]
        for card in self.ahead_card_ids():
            yield lambda card=card: self.art.face_ahead(self.game, card, size)
            yield lambda: self.art.back(self.game, size)

    # ------------------------------------------------------------- view changes --
    def sync(self, force: bool = False) -> bool:
        changed = super().sync(force)
        if changed:
            self.result.follow_history()
            self.log_events = self.talk.with_talk(self.log_events)
            if self.telling():  # what the base built before the reveal opened
                self.buttons = self.make_buttons()
                self.banner = self.make_banner()
                self.message = self.status_message()
        return changed

    def start_button(self) -> Button | None:
        """The button that starts the next game (the shown seat's, or the public banner's
        in hot-seat): the one the bar labels "(Enter)"; None when there is none now."""
        return next(
            (b for b in self.all_buttons() if b.visible and b.enabled and (b.name or "").startswith(START_BUTTONS)),
            None,
        )

    def lit_seats(self) -> list[int]:
        """Seats to light on the static table: the drop targets of what is held or picked."""
        return [key for kind, key in self.valid_targets if kind == "seat"]

    # ------------------------------------------------------------------ targets --
    def targets_for(self, card_id: str) -> list[Target]:
        out: list[Target] = []
        if card_id.startswith(TOKEN_PREFIX):
            out = [("seat", c["seat"]) for c in self.legal_of("testify")]
        else:
            card = show_card_of(card_id)
            if card is not None and {"type": "show", "card": card} in self.legal_cmds:
                share = self.view.get("share") or {}
                me = self.my_seat()
                partner = share.get("with") if share.get("by") == me else share.get("by")
                out = [("seat", partner)]
        return unique_targets(out)

    def target_rect(self, target: Target) -> pygame.Rect | None:
        kind, key = target
        if kind == "seat":
            return self.seat_zone(key)
        r = self.rects.get(kind)
        return pygame.Rect(r) if r is not None else None

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        seat = self.seats.seat_at(pos)
        if seat is None:  # a sharer's card in the middle stands for that sharer
            seat = next((s for s, r in self.centre.share_card_rects.items() if r.collidepoint(pos)), None)
        return ("seat", seat) if seat is not None else None

    def act(self, card_id: str | None, target: Target, anchor: tuple[int, int]) -> bool:
        """A token on a seat: accuse or defend it; a card on the sharing partner: show it."""
        if card_id is None or target[0] != "seat":
            return False
        seat = target[1]
        if card_id.startswith(TOKEN_PREFIX):
            sides = [c for c in self.legal_of("testify") if c["seat"] == seat]
            if not sides:
                self.toast(f"You cannot place a token in front of {self.name(seat)} now.")
                return False
            who = self.name(seat)
            self.prompt = Prompt(
                f"Your token in front of {who}:",
                [
                    (f"Accusation side up (\u2212) \u2014 against {who}", sides[0]),
                    (f"Defense side up (+) \u2014 for {who}", sides[-1]),
                ],
                self.bar.do,
                on_cancel=self.snap_home,
                anchor=anchor,
                # beside the seat, not over it: the box covered the name of the seat it asks about
                avoid=self.seat_zone(seat),
            )
            if sides[0].get("side") != "accuse":
                self.prompt.options.reverse()
            return True
        card = show_card_of(card_id)
        if card is None:
            return False
        command = {"type": "show", "card": card}
        if command not in self.legal_cmds:
            self.toast("You may show that card only to your sharing partner, when it is your turn to show.")
            return False
        return self.submit(command)

    def snap_home(self) -> None:
        for s in self.group.sprites():
            if getattr(s, "zone", None) == "hand" and s.rect.topleft != s.home:
                self.drag.snap_back(s)

    def on_table_click(self, pos: tuple[int, int]) -> None:
        seat = self.seats.seat_at(pos)
        if seat is not None and self.my_seat() is not None:
            self.bar.seat_prompt(seat, pos)

    def hover_target_key(self, pos: tuple[int, int]) -> tuple[str, Any] | None:
        key = super().hover_target_key(pos)
        if key is not None:
            if key[1] == OWN_CHARACTER:
                return ("card", (self.me() or {}).get("character"))
            if key[1] in OWN_BELIEFS:
                return ("card", show_card_of(key[1]))
            if str(key[1]).startswith(TOKEN_PREFIX):
                return None
            return key
        if self.reveal and self.reveal.get("open"):
            return None
        token = self.seats.token_at(pos)
        if token is not None:
            return ("token", token.get("token"))
        for seat in range(self.players):
            zone = self.seat_zone(seat)
            if zone is not None and self.seats.seat_geometry(zone)["card"].collidepoint(pos):
                character = self.player(seat).get("character")
                return ("card", character) if character else None
        return None

    def zoom_image(self, key: tuple[str, Any], width: int) -> pygame.Surface | None:
        if key[0] == "token":
            return self.token_card(key[1])
        if key[0] == "card" and key[1]:
            return self.art.zoom(self.game, key[1], width)
        return None

    def token_card(self, token_id: str) -> pygame.Surface | None:
        """A small note about a token: who placed it, in front of whom, when, its side if known."""
        token = next((t for t in self.view.get("tokens") or [] if t.get("token") == token_id), None)
        if token is None:
            return None
        lines = [
            f"Placed by {self.name(token.get('placer'))}",
            f"in front of {self.name(token.get('target'))}, turn {token.get('turn')}",
        ]
        side = token.get("side")
        lines.append("Side: " + (words.SIDE_WORDS[side] if side else "unknown to you"))
        surfs = [text(line, 16, theme.TEXT_LIGHT) for line in lines]
        w = max(s.get_width() for s in surfs) + 70
        h = sum(s.get_height() + 2 for s in surfs) + 16
        card = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(card, (*theme.PANEL, 245), card.get_rect(), border_radius=8)
        pygame.draw.rect(card, theme.PANEL_EDGE, card.get_rect(), 1, border_radius=8)
        disc = token_disc(20, theme.seat_color(token.get("placer", 0)), side)
        card.blit(disc, (8, (h - disc.get_height()) // 2))
        y = 8
        for s in surfs:
            card.blit(s, (60, y))
            y += s.get_height() + 2
        return card

    # -------------------------------------------------------------------- input --
    def handle(self, event: InputEvent) -> None:
        field = self.talk.chat_field
        if field is not None and self.talk.chat_enabled():
            if event.is_left_press:
                field.focused = field.rect.collidepoint(event.pos)
                if field.focused:
                    field.handle(event)
                    self.dirty = True
                    return
            elif field.focused and field.handle(event):
                self.dirty = True
                return
            elif field.focused and event.is_action(uinput.CANCEL):
                field.focused = False
                self.dirty = True
                return
        result = self.result
        if result.is_open() and self.prompt is None:
            if event.is_left_press:
                if result.close_rect is not None and result.close_rect.collidepoint(event.pos):
                    result.close_reveal()
                    return
                start = self.start_button()
                if start is not None and start.rect.collidepoint(event.pos) and not result.reveal_animating():
                    result.go_on_from_reveal()  # a click on "Start game 2" starts it, whatever holds the screen
                    return
                if result.reveal_box().collidepoint(event.pos):
                    if result.reveal_animating():
                        result.skip_reveal()
                    elif self.moment_events():  # "click to go on" (the public moment read together)
                        result.close_reveal()
                    return
        super().handle(event)

    def on_key(self, event: InputEvent) -> None:
        result = self.result
        if result.is_open() and self.prompt is None and not self.help_open:
            actions = event.actions
            if uinput.CANCEL in actions:  # Esc closes the reveal
                result.close_reveal()
                return
            if result.reveal_animating() and uinput.ACTIVATE in actions:  # Space or Enter skips to its end
                result.skip_reveal()
                return
            if uinput.CONFIRM in actions:  # Enter goes on (starts the next game)
                result.go_on_from_reveal()
                return
        super().on_key(event)

    # ---------------------------------------------------------------- animation --
    def dialog_open(self) -> bool:
        """The reveal's box is a dialog too (no plate zooms up over it)."""
        return self.result.is_open() or super().dialog_open()

    def effects_running(self) -> bool:
        return self.result.reveal_animating()

    def step_effects(self, dt: float) -> None:
        self.result.step_reveal(dt)
        if self.telling() != self._drawn_hiding:
            self.after_telling()

    def after_telling(self) -> None:
        """The reveal was told (or skipped): the rest of the table shows the result now
        (the parts whose picture shows the reveal's state — plates, middle, standings — are
        drawn again by their keys; the notebook, the talk and the hand's labels stay)."""
        self._static_key = None
        self.log_events = self.talk.with_talk(list(self.source.log()))
        self._log_cache = None
        self.buttons = self.make_buttons()
        self.banner = self.make_banner()
        self.message = self.status_message()
        self.dirty = True

    # ------------------------------------------------------------------ drawing --
    def draw_table(self, surface: pygame.Surface) -> None:
        """The static table: the felt, the middle, the seat plates, the hand's labels, the
        notebook, the standings, the talk and the action bar's sentence, in that order.
        Redrawing the surface it drew last, only the parts whose picture changed are drawn
        again (on the felt put back under them), with the plates lying over a middle drawn
        again; the others stay as they are (each part's must-read words noted again, as kept)."""
        self._drawn_hiding = self.telling()
        parts = self.static_parts()
        kept = self.kept_parts
        if kept is None or kept[0] is not surface or kept[1] != surface.get_size():
            surface.fill(theme.FELT)
            redraw = set(parts)
        else:
            before = kept[2]
            redraw = {name for name, (rect, key, _over) in parts.items() if before.get(name) != (rect, key)}
            redraw |= {name for name in before if name not in parts}
            if "centre" in redraw:  # the plates lie over the middle's oval
                redraw |= {
                    name
                    for name, (rect, _key, _over) in parts.items()
                    if name.startswith("seat:") and rect.colliderect(parts["centre"][0])
                }
            for name in redraw:
                for rect in (parts.get(name, (None,))[0], before.get(name, (None,))[0]):
                    if rect is not None and not (name in parts and parts[name][2]):
                        surface.fill(theme.FELT, rect)  # a part drawn over the felt: the felt under it again
        painters: dict[str, Callable[[], None]] = {"centre": partial(self.draw_centre, surface, parts["centre"][0])}
        for seat in range(self.players):
            painters[f"seat:{seat}"] = partial(self.seats.draw_seat_cached, surface, seat, self.seat_zone(seat))
        for name in ("hand", "notebook", "standings", "talk", "bar"):
            painters[name] = partial(getattr(self, name).draw, surface)
        for name, paint in painters.items():
            if name not in parts:
                self.part_notes.pop(name, None)
                continue
            if name in redraw:
                self.part_notes[name] = self.notes.noting(paint)
            # each part's must-read words, drawn now or kept with its picture: what the
            # look found stays clear of a chooser, and the text-fit check reads them all
            self.notes.renote(self.part_notes.get(name, ()))
        self.kept_parts = (surface, surface.get_size(), {name: (rect, key) for name, (rect, key, _o) in parts.items()})

    def draw_centre(self, surface: pygame.Surface, zone: pygame.Rect) -> None:
        """The middle, clipped to its place (it is put back whole)."""
        clip = surface.get_clip()
        surface.set_clip(zone)
        try:
            self.centre.draw(surface)
        finally:
            surface.set_clip(clip)

    def forget_pictures(self) -> None:
        """Draw every part of the static table anew at its next redraw (nothing kept)."""
        self.kept_parts = None
        self.seats.pictures.clear()
        for panel in (self.hand, self.notebook, self.standings, self.talk):
            panel.picture = None

    def static_parts(self) -> dict[str, tuple[pygame.Rect, tuple, bool]]:
        """What :meth:`draw_table` draws: name -> (where, a key of everything it shows,
        whether its picture covers all of that place)."""
        screen = pygame.Rect((0, 0), self.size)
        parts: dict[str, tuple[pygame.Rect, tuple, bool]] = {
            "centre": (self.centre.zone().clip(screen), self.centre.centre_key(), False)
        }
        for seat in range(self.players):
            zone = self.seat_zone(seat)
            if zone is not None:
                parts[f"seat:{seat}"] = (zone.clip(screen), self.seats.seat_key(seat, zone), True)
        for name in ("hand", "notebook", "standings", "talk"):
            if name in self.rects:
                panel = getattr(self, name)
                parts[name] = (pygame.Rect(self.rects[name]).clip(screen), panel.picture_key(), False)
        if self.banner is None:
            parts["bar"] = (pygame.Rect(self.rects["banner"]).clip(screen), self.bar.words_key(), False)
        return parts

    def draw_moment(self, surface: pygame.Surface) -> None:
        """The public moment's box, unless the reveal is open: the reveal is the moment
        then, and closing it goes on."""
        if self.reveal and self.reveal.get("open"):
            return
        super().draw_moment(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.talk.chat_field is not None and self.talk.chat_enabled():
            self.talk.chat_field.draw(surface)
        self.result.draw_reveal(surface)

    # ------------------------------------------------------------------ words --
    def status_message(self) -> str:
        v = self.view
        extra = getattr(self.source, "message", "") or ""
        if self.pick is not None:
            return self.pick.title
        if self.telling():
            return "The reveal: click it to skip to the end; Esc closes it (the Standings button opens it again)."
        if self.moment_events():  # hot-seat: the whole table reads the result together
            if self.reveal and self.reveal.get("open"):
                return "Everyone reads the result together: close it (Esc) to go on."
            return "Everyone sees this together: click or press Enter to go on."
        if v.get("over"):
            winners = " and ".join(self.name(s) for s in v.get("winners") or [])
            return f"The match is over. {winners} win{'' if len(v.get('winners') or []) > 1 else 's'}."
        if self.keep_bots_waiting:  # the result is read by everyone; nobody is thinking meanwhile
            return "Everyone reads the result; close it (Esc) to go on."
        seat = v.get("seat")
        if seat is None or seat not in (v.get("to_act") or []):
            return self.waiting_for(extra)
        me = self.name(seat)
        stage = v.get("stage")
        if stage == "action":
            return f"{me}: click a player to share with or investigate them (S / I)."
        if stage == "answer":
            return f"{me}: accept (A) or decline (X) the invitation."
        if stage == "share":
            keys = [SHOW_LABELS[c["card"]][0][-2] for c in self.legal_of("show") if c.get("card") in SHOW_LABELS]
            # only the keys that work for this Character (a Puritan has no H)
            return f"{me}: show one card \u2014 drag it onto your partner, or {' / '.join(keys)}."
        if stage == "testify":
            return f"{me}: drag a token onto a player (accuse or defend), or discard one (X)."
        if stage == "between":
            return f"{me}: start the next game when everyone has read the result (Enter)."
        return extra

    def help_lines(self) -> list[str]:
        return [
            "Each turn: one action, then bear testimony.",
            "  Share (S): invite a player; if they accept, each shows the other one card \u2014 your Character,",
            "    or the Belief card of your Character's belief (the Apostate may show either Belief).",
            "  Investigate (I): look at every token in front of a player (side and who placed it).",
            "  Bear testimony: drag a token onto a player and choose accusation (\u2212) or defense (+),",
            "    or press A / D and click the player; or discard a token (X).",
            "A token's side is known to its placer and to those who investigate its target later on.",
            "A game ends when a turn starts with no tokens: Standing below 0 kills; scores follow the Characters.",
            "Three games make a match; the lowest scorer begins the next game.",
            "Claims (left) carry no rules weight: anyone may lie.  Hover a token or card for details.",
            "The notebook (right) keeps what you learned.  The wheel scrolls the log.  F11 = full screen.",
        ]

    def chat_words(self, text: str) -> str:
        """A chat line as a toast and the hint strip say it: a claim without its marker,
        which only the table reads (the font has no glyph for it)."""
        return "claims: " + text[len(words.CLAIM_PREFIX) :] if words.is_claim(text) else text

    def describe_event(self, event: dict) -> str:
        if event.get("type") == "talk":  # a chat line "Ann: hi all", a claim "Ann claims: I am a Puritan."
            said = str(event.get("text"))
            if said.startswith("claims: "):
                return f"{event.get('name')} {said}"
            return f"{event.get('name')}: {said}"
        return words.describe(event, list(self.source.players), self.my_seat())

    def locate(self, kind: str, key: Any = None) -> tuple[int, int] | None:
        """Also: ("seat", seat) a plate, ("token", i) the i-th token in hand, ("own", card)
        the Character / a Belief card in hand, ("reveal_close",), ("chat",)."""
        if kind == "seat":
            zone = self.seat_zone(key)
            return zone.center if zone is not None else None
        if kind == "token":
            s = self.sprite_for(f"{TOKEN_PREFIX}{key}")
            return s.rect.center if s is not None else None
        if kind == "own":
            s = self.sprite_for(f"own:{key}")
            return s.rect.center if s is not None else None
        if kind == "reveal_close":
            close = self.result.close_rect
            return close.center if close is not None else None
        if kind == "chat":
            return self.talk.chat_field.rect.center if self.talk.chat_field is not None else None
        return super().locate(kind, key)
