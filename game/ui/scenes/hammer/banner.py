"""The banner zone: the public window banner with the announced card (the drop target
for answers), or the last public move when no window is open."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font, render_text, wrap_text
from game.ui.icons import get_icon
from game.ui.scenes import hammer_text as words
from game.ui.scenes.hammer.common import CARD_RATIO
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table_base import TableBanner, blit_text, panel, text
from game.ui.widgets import Banner
from game.ui.wording import listed

#: the events in which a seat plays a card face up (docs/rules/hammer.md): the last move's
#: picture is the newest of them (a ``heat`` or ``cancelled`` event names a card already
#: on the table, e.g. the False Testimony a Mix-up turned)
PLAYED = frozenset({"accuse", "respond", "advocate", "test", "no_inquisition", "ordeal"})


class Centre(Panel):
    """The middle of the table (zone ``banner``): the public window banner with the
    announced card (``announced_rect``: the drop target for answers), else the last
    public move, and at the end every card the game kept hidden."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.announced_rect: pygame.Rect | None = None
        #: the last move's picture: (what it shows, surface, its must-read notes)
        self.picture: tuple | None = None

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.announced_rect is not None and self.announced_rect.collidepoint(pos)

    def banner_seats(self) -> list[int]:
        t = self.table
        fn = getattr(t.source, "banner_seats", None)
        if fn is not None:
            return list(fn())
        seat = t.view.get("seat")
        return [s for s in t.pending_public() if s != seat and t.source.is_human(s)]

    def make_banner(self) -> Banner | None:
        t = self.table
        r = pygame.Rect(t.rects["banner"])
        self.announced_rect = None
        prompt, actions = t.banner_content()
        if prompt is None:
            return None
        window = t.view.get("window") or {}
        left = r.x
        if window:
            ch = r.h - 16
            cw = int(ch / CARD_RATIO)
            self.announced_rect = pygame.Rect(r.x + 10, r.y + 8, cw, ch)
            left = self.announced_rect.right + 10
        size = max(15, min(22, r.h // 8))
        banner = TableBanner(
            (left, r.y, r.right - left, r.h), prompt, [(lbl, cb) for _n, lbl, cb in actions], font_size=size
        )
        banner.scene = t
        for b, (name, _lbl, _cb) in zip(banner.buttons, actions):
            b.name = name
            if name == "no_answers":
                b.hotkey = "n"
        return banner

    def banner_content(self) -> tuple[str | None, list[tuple[str, str, Any]]]:
        t = self.table
        v = t.view
        phase = v.get("phase")
        window = v.get("window") or {}
        seat = v.get("seat")
        actions: list[tuple[str, str, Any]] = []
        seats = t.banner_seats()
        for s in seats:
            actions.append((f"seat:{s}", t.name(s), lambda s=s: t.source.request_seat(s)))
        can_pass_all = getattr(t.source, "can_pass_all", None)
        if seats and window and can_pass_all is not None and can_pass_all():
            actions.append(("no_answers", "No answers (N)", t.no_answers))
        if v.get("over"):
            if v.get("revealed"):
                return None, actions  # the middle shows the hands and the box, face up (final_rows)
            scores = v.get("scores") or []
            parts = [f"{t.name(i)} {s}" for i, s in enumerate(scores)]
            return "Game over — " + ", ".join(parts), actions
        if window:
            by = window.get("by")
            card = window.get("card")
            waiting = window.get("waiting") or []
            asked = ("May answer: " + ", ".join(t.name(w) for w in waiting)) if waiting else ""
            if window.get("kind") == "inquisition":
                head = f"{t.name(by)} calls for an inquisition! Anyone may stop it with No Inquisition."
            elif window.get("kind") == "negation":
                head = f"{t.name(by)} plays the test {words.card_name(card)}. Its partner card would cancel it."
            else:
                value = window.get("value")
                kind = window.get("card_kind") or words.kind_of(card, v)
                play = words.brown_play(kind, window.get("accuser"), window.get("target"), value)
                if words.speaks_for(kind, value):  # a Denial speaks for the villager: no accusation
                    head = f"{t.name(by)}: {words.card_name(card)} — {play} ({words.signed(value)}). Any answer?"
                else:
                    head = f"{t.name(by)}: {words.card_name(card)} ({words.signed(value)}) — {play}. Any answer?"
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
            return f"A tie for the witch: {t.name(choice.get('by'))} chooses among {names}.", actions
        if phase == "setup":
            if t.legal_of("place_pyres"):
                return "Setup: put each of your villagers on one of your pyres (P).", actions
            waiting = [t.name(s) for s in t.pending_public()]
            return "Setup: villagers are being placed on pyres — waiting for " + listed(waiting) + ".", actions
        if seats:
            return "Who sits at the screen now? " + listed([t.name(s) for s in seats], "or") + " may act.", actions
        if t.refilling():
            return (
                "Collecting evidence: drag cards to the discard pile (or pick them with 1-9 and Tab), "
                "then Refill (R) to draw up to 6."
            ), actions
        return None, actions

    def final_rows(self) -> list[tuple[str, list[str], pygame.Rect, pygame.Rect]]:
        """At the end, what the game kept hidden (the view's ``revealed``, docs/rules/hammer.md):
        each other seat's hand and the bribes still sealed in the box, one row each in the
        middle of the table (two columns when there are many): (words, cards, the words'
        place, the cards' place)."""
        t = self.table
        revealed = t.view.get("revealed") or {}
        rows: list[tuple[str, list[str]]] = []
        for entry in revealed.get("players") or []:
            if isinstance(entry, dict) and entry.get("seat") != t.my_seat():
                rows.append((f"{t.name(entry.get('seat'))}'s hand", list(entry.get("hand") or [])))
        box = [b.get("card") for b in revealed.get("box") or [] if isinstance(b, dict) and b.get("card")]
        if box:
            rows.append(("Sealed in the box", box))
        return t.lay_revealed_rows(pygame.Rect(t.rects["banner"]).inflate(-16, -12), rows)

    def revealed_cards(self) -> list[tuple[str, pygame.Rect]]:
        t = self.table
        return [laid for _words, cards, _label, place in t.final_rows() for laid in t.fan(place, cards, CARD_RATIO)]

    def draw_final(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        t = self.table
        panel(surface, r, color=theme.FELT_DARK, alpha=150, edge=None)
        t.draw_revealed_labels(surface, t.final_rows())

    def draw_center(self, surface: pygame.Surface, r: pygame.Rect, notes: list | None = None) -> None:
        """No window open: show the last public move in the middle of the table (at the
        end: every hidden card, :meth:`draw_final`). Its must-read words are noted, or
        put in ``notes`` when given (a kept picture)."""
        t = self.table
        if t.view.get("revealed"):
            self.draw_final(surface, r)
            return
        recent = t.sentences(t.view.get("recent") or [])
        card = self.last_card()
        if not recent and card is None:
            return
        panel(surface, r, color=theme.FELT_DARK, alpha=150, edge=None)
        x = r.x + 14
        if card is not None:
            ch = r.h - 24
            cw = int(ch / CARD_RATIO)
            face = t.art.face(t.game, card, (cw, ch))
            surface.blit(face, (x, r.y + 12))
            x += cw + 16
        font_size = max(14, min(20, r.h // 9))
        font = get_font(font_size)
        y = r.y + 14
        head = text("Last move", max(14, min(20, r.h // 9)), theme.HIGHLIGHT, bold=True)
        drawn = [blit_text(surface, head, (x, y))]
        shown = ["Last move"]
        y += head.get_height() + 4
        for sentence in recent[-5:]:
            for line in wrap_text(sentence, font, r.right - x - 12):
                if y + font.get_linesize() > r.bottom - 6:
                    break
                # rendered once per line (the last moves' lines come back move after move)
                drawn.append(blit_text(surface, render_text(line, font_size, theme.TEXT_LIGHT), (x, y)))
                shown.append(line)
                y += font.get_linesize()
        # must-read: a chooser opened over the table keeps clear of it (prompt_keep_clear)
        if notes is not None:
            notes.append(("last move", " ".join(shown), " ".join(shown), drawn, r))
        else:
            t.note_text("last move", " ".join(shown), " ".join(shown), drawn, r)

    def last_card(self) -> str | None:
        """The card the last move shows: the newest card a seat played or discarded among
        the recent events (a Mix-up that turned a False Testimony is the Mix-up, not the
        turned card that the pile's top then is), else the top of the discard pile."""
        for event in reversed(self.table.view.get("recent") or []):
            if event.get("type") in PLAYED and isinstance(event.get("card"), str):
                return str(event["card"])
            cards = event.get("cards") if event.get("type") == "discard" else None
            if isinstance(cards, list) and cards and isinstance(cards[-1], str):
                return cards[-1]  # a discard shows what went onto the pile
        pile = self.table.view.get("discard") or []
        return pile[-1] if pile else None

    def key(self) -> tuple:
        """Everything the middle of the static table shows."""
        t = self.table
        v = t.view
        window = v.get("window") or {}
        middle: tuple | None = None
        if t.banner is None and not window:
            if v.get("revealed"):
                middle = ("final", repr(v.get("revealed")), t.my_seat())
            else:
                middle = ("last move", tuple(t.sentences(v.get("recent") or [])), self.last_card())
        announced = (tuple(self.announced_rect), window.get("card")) if self.announced_rect is not None else None
        return (middle, announced)

    def draw(self, surface: pygame.Surface) -> None:
        """The middle of the static table: the last move (no window, no banner; its
        picture kept until the move or the pile's top changes), and the announced card
        of an open window."""
        t = self.table
        if t.banner is None and not t.view.get("window"):
            r = pygame.Rect(t.rects["banner"])
            if t.view.get("revealed"):
                self.draw_center(surface, r)
            else:
                self.draw_last_move(surface, r)
        if self.announced_rect is not None:
            self.draw_announced(surface)

    def draw_last_move(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """The last move's picture (drawn by :meth:`draw_center` on the felt) and its
        must-read words noted again where they lie."""
        t = self.table
        key = (r.size, tuple(t.sentences(t.view.get("recent") or [])), self.last_card())
        if self.picture is None or self.picture[0] != key:
            old = self.picture[1] if self.picture is not None else None
            # the old picture is drawn over (a fresh surface of this size costs more than the drawing)
            picture = old if old is not None and old.get_size() == r.size else pygame.Surface(r.size).convert()
            picture.fill(theme.FELT)
            notes: list = []
            self.draw_center(picture, picture.get_rect(), notes)
            self.picture = (key, picture, notes)
        surface.blit(self.picture[1], r.topleft)
        for what, words_, shown, rects, box in self.picture[2]:
            t.note_text(
                what, words_, shown, [pygame.Rect(x).move(r.topleft) for x in rects], pygame.Rect(box).move(r.topleft)
            )

    def draw_announced(self, surface: pygame.Surface) -> None:
        t = self.table
        r = self.announced_rect
        window = t.view.get("window") or {}
        card = window.get("card")
        if card:
            surface.blit(t.art.face(t.game, card, r.size), r.topleft)
        else:  # an inquisition call has no card: show the inquisitor's mark instead
            pygame.draw.rect(surface, theme.WOOD_DARK, r, border_radius=8)
            icon = get_icon("inquisitor", min(r.w, r.h) - 20, theme.HIGHLIGHT)
            surface.blit(icon, icon.get_rect(center=r.center))
        pygame.draw.rect(surface, theme.HIGHLIGHT, r, 2, border_radius=8)
