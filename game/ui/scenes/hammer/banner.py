"""The banner zone: the public window banner with the announced card (the drop target
for answers), or the last public move when no window is open."""
from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import get_font, wrap_text
from game.ui.icons import get_icon
from game.ui.scenes import hammer_text as words
from game.ui.scenes.hammer.common import CARD_RATIO
from game.ui.scenes.table_base import TableBanner, blit_text, panel, text
from game.ui.widgets import Banner


class BannerPanel:
    """The window banner, the announced card and the middle of the table. Mixed into
    :class:`~game.ui.scenes.hammer.table.HammerTableScene`."""

    def banner_seats(self) -> list[int]:
        fn = getattr(self.source, "banner_seats", None)
        if fn is not None:
            return list(fn())
        seat = self.view.get("seat")
        return [s for s in self.pending_public() if s != seat and self.source.is_human(s)]

    def make_banner(self) -> Banner | None:
        r = pygame.Rect(self.rects["banner"])
        self.announced_rect = None
        prompt, actions = self.banner_content()
        if prompt is None:
            return None
        window = self.view.get("window") or {}
        left = r.x
        if window:
            ch = r.h - 16
            cw = int(ch / CARD_RATIO)
            self.announced_rect = pygame.Rect(r.x + 10, r.y + 8, cw, ch)
            left = self.announced_rect.right + 10
        size = max(15, min(22, r.h // 8))
        banner = TableBanner((left, r.y, r.right - left, r.h), prompt, [(lbl, cb) for _n, lbl, cb in actions],
                             font_size=size)
        banner.scene = self
        for b, (name, _lbl, _cb) in zip(banner.buttons, actions):
            b.name = name
            if name == "no_answers":
                b.hotkey = pygame.K_n
        return banner

    def banner_content(self) -> tuple[str | None, list[tuple[str, str, Any]]]:
        v = self.view
        phase = v.get("phase")
        window = v.get("window") or {}
        seat = v.get("seat")
        actions: list[tuple[str, str, Any]] = []
        seats = self.banner_seats()
        for s in seats:
            actions.append((f"seat:{s}", self.name(s), lambda s=s: self.source.request_seat(s)))
        can_pass_all = getattr(self.source, "can_pass_all", None)
        if seats and window and can_pass_all is not None and can_pass_all():
            actions.append(("no_answers", "No answers (N)", self.no_answers))
        if v.get("over"):
            if v.get("revealed"):
                return None, actions  # the middle shows the hands and the box, face up (final_rows)
            scores = v.get("scores") or []
            parts = [f"{self.name(i)} {s}" for i, s in enumerate(scores)]
            return "Game over — " + ", ".join(parts), actions
        if window:
            by = window.get("by")
            card = window.get("card")
            waiting = window.get("waiting") or []
            asked = ("May answer: " + ", ".join(self.name(w) for w in waiting)) if waiting else ""
            if window.get("kind") == "inquisition":
                head = f"{self.name(by)} calls for an inquisition! Anyone may stop it with No Inquisition."
            elif window.get("kind") == "negation":
                head = (f"{self.name(by)} plays the test {words.card_name(card)}. "
                        "Its partner card would cancel it.")
            else:
                value = window.get("value")
                kind = window.get("card_kind") or words.kind_of(card, v)
                play = words.brown_play(kind, window.get("accuser"), window.get("target"), value)
                if words.speaks_for(kind, value):  # QA 13: a Denial is no accusation
                    head = f"{self.name(by)}: {words.card_name(card)} — {play} ({words.signed(value)}). Any answer?"
                else:
                    head = f"{self.name(by)}: {words.card_name(card)} ({words.signed(value)}) — {play}. Any answer?"
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
            return f"A tie for the witch: {self.name(choice.get('by'))} chooses among {names}.", actions
        if phase == "setup":
            if self.legal_of("place_pyres"):
                return "Setup: put each of your villagers on one of your pyres (P).", actions
            waiting = [self.name(s) for s in self.pending_public()]
            return "Setup: villagers are being placed on pyres — waiting for " + ", ".join(waiting) + ".", actions
        if seats:
            return "Who sits at the screen now? " + ", ".join(self.name(s) for s in seats) + " may act.", actions
        if self.refilling():
            return ("Collecting evidence: drag cards to the discard pile (or pick them with 1-9 and Tab), "
                    "then Refill (R) to draw up to 6."), actions
        return None, actions

    def final_rows(self) -> list[tuple[str, list[str], pygame.Rect, pygame.Rect]]:
        """At the end, what the game kept hidden (the view's ``revealed``, docs/rules/hammer.md):
        each other seat's hand and the bribes still sealed in the box, one row each in the
        middle of the table (two columns when there are many): (words, cards, the words'
        place, the cards' place)."""
        revealed = self.view.get("revealed") or {}
        rows: list[tuple[str, list[str]]] = []
        for entry in revealed.get("players") or []:
            if isinstance(entry, dict) and entry.get("seat") != self.my_seat():
                rows.append((f"{self.name(entry.get('seat'))}'s hand", list(entry.get("hand") or [])))
        box = [b.get("card") for b in revealed.get("box") or [] if isinstance(b, dict) and b.get("card")]
        if box:
            rows.append(("Sealed in the box", box))
        return self.lay_revealed_rows(pygame.Rect(self.rects["banner"]).inflate(-16, -12), rows)

    def revealed_cards(self) -> list[tuple[str, pygame.Rect]]:
        return [laid for _words, cards, _label, place in self.final_rows() for laid in self.fan(place, cards, CARD_RATIO)]

    def draw_final(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        panel(surface, r, color=theme.FELT_DARK, alpha=150, edge=None)
        self.draw_revealed_labels(surface, self.final_rows())

    def draw_center(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """No window open: show the last public move in the middle of the table (at the
        end: every hidden card, :meth:`draw_final`)."""
        if self.view.get("revealed"):
            self.draw_final(surface, r)
            return
        recent = [self.describe_event(e) for e in self.view.get("recent") or []]
        recent = [s for s in recent if s]
        pile = self.view.get("discard") or []
        if not recent and not pile:
            return
        panel(surface, r, color=theme.FELT_DARK, alpha=150, edge=None)
        x = r.x + 14
        if pile:
            ch = r.h - 24
            cw = int(ch / CARD_RATIO)
            face = self.art.face(self.game, pile[-1], (cw, ch))
            surface.blit(face, (x, r.y + 12))
            x += cw + 16
        font = get_font(max(14, min(20, r.h // 9)))
        y = r.y + 14
        head = text("Last move", max(14, min(20, r.h // 9)), theme.HIGHLIGHT, bold=True)
        drawn = [blit_text(surface, head, (x, y))]
        shown = ["Last move"]
        y += head.get_height() + 4
        for sentence in recent[-5:]:
            for line in wrap_text(sentence, font, r.right - x - 12):
                if y + font.get_linesize() > r.bottom - 6:
                    break
                drawn.append(blit_text(surface, font.render(line, True, theme.TEXT_LIGHT), (x, y)))
                shown.append(line)
                y += font.get_linesize()
        # must-read: a chooser opened over the table keeps clear of it (prompt_keep_clear)
        self.note_text("last move", " ".join(shown), " ".join(shown), drawn, r)

    def draw_announced(self, surface: pygame.Surface) -> None:
        r = self.announced_rect
        window = self.view.get("window") or {}
        card = window.get("card")
        if card:
            surface.blit(self.art.face(self.game, card, r.size), r.topleft)
        else:  # an inquisition call has no card: show the inquisitor's mark instead
            pygame.draw.rect(surface, theme.WOOD_DARK, r, border_radius=8)
            icon = get_icon("inquisitor", min(r.w, r.h) - 20, theme.HIGHLIGHT)
            surface.blit(icon, icon.get_rect(center=r.center))
        pygame.draw.rect(surface, theme.HIGHLIGHT, r, 2, border_radius=8)

    def draw_banner_extras(self, surface: pygame.Surface) -> None:
        pass
