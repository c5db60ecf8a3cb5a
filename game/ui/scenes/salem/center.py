"""The middle of the Salem table and its piles: :class:`CenterPanel`, a panel the table
owns (``table.middle``). The phase banner (day, Night, Conspiracy, a trial), the middle's
own look (the moon at Night: the town sleeps; the last public happenings by day; every
hand at the end), the draw pile with Night at its bottom, the discard pile.

It keeps its words laid out and rendered once per wording and place (the frame after a
move stays cheap) and where the piles' top cards lie (``deck_card_rect``,
``discard_card_rect``: a click on the pile draws, a hover zooms the discard). It reads
the table's ``view``, ``rects``, ``log_events``, ``art``, ``name``, ``describe_event``,
``is_night``, the seat panel's seat data, the clock panel's banner hourglass and
whether the window prompt's box is open (``table.window.box``)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.fonts import SCALED_MARGIN, cut_to_width, get_font, render_text, wrap_text
from game.ui.icons import get_icon
from game.ui.scenes.salem import words
from game.ui.scenes.salem.common import CARD_RATIO
from game.ui.scenes.table.common import translucent_fill
from game.ui.scenes.table_base import MIN_TEXT, text
from game.ui.wording import listed

NIGHT = "c58"
#: the banner's line in a turn: before a card is played, and after
TURN_LINES = ("Draw two cards, or play cards then end the turn.", "Playing cards.")


def window_line(left: int, waiting: str) -> str:
    """The banner's line in a secret step: how many still answer, or whom it waits for."""
    if left > 1:
        return f"Every player answers in secret: {left} still to answer."
    return f"Every player answers in secret: waiting for {waiting}." if waiting else ""


def turn_title(day: str, name: str) -> str:
    """The banner's title in a turn ("Day — Ann's turn", "Night — …")."""
    return f"{day} — {name}'s turn"


def two_lines(line: str, font: pygame.font.Font, width: int) -> list[str]:
    """``line`` wrapped to ``width`` on two lines at most, the second cut with an ellipsis
    when the sentence runs on."""
    parts = wrap_text(line, font, width)
    if len(parts) <= 2:
        return parts
    return [parts[0], cut_to_width(" ".join(parts[1:]), font, width, cut=True, strip=" ,;")]


class CenterPanel:
    """Phase banner, the middle, piles."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.deck_card_rect: pygame.Rect | None = None
        self.discard_card_rect: pygame.Rect | None = None
        #: (log length, seat, size) -> the middle's last lines, rendered
        self.recent_lines: tuple = (None, [])
        self.banner_cache: dict[tuple, tuple] = {}
        self.text_widths: dict[tuple, int] = {}
        self.pile_labels: dict[tuple, pygame.Surface] = {}
        self.line_images: dict[tuple, list[pygame.Surface]] = {}
        #: the banner's must-read words as last drawn: (what, words, shown, rects, box)
        self.banner_notes: list[tuple] = []

    def draw_moon(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        r = max(16, min(area.w, area.h) // 7)
        cx, cy = area.right - r - 16, area.y + r + 12
        pygame.draw.circle(surface, theme.MOON, (cx, cy), r)
        pygame.draw.circle(surface, theme.NIGHT_SKY, (cx - r // 2, cy - r // 4), int(r * 0.85))

    def phase_title(self) -> tuple[str, str]:
        """(title, line under it) for the banner, from the public view."""
        v = self.table.view
        name = self.table.name
        if v.get("over"):
            team = v.get("team")
            winners = listed([name(s) for s in v.get("winners") or []])
            if team is None:
                return "Game over", "Everybody loses."
            side = "The witches win" if team == "witches" else "The town wins"
            return "Game over", side + (f": {winners}" if winners else " (no player with them)")
        p = v.get("pending") or {}
        kind = p.get("kind")
        waiting = ", ".join(name(s) for s in p.get("waiting") or [])
        if kind == "window":
            title = words.WINDOW_TITLES.get(p.get("window"), "A secret step")
            return title, window_line(len(p.get("waiting") or []), waiting)
        if kind == "trial":
            return (f"Trial of {name(p.get('player'))}", f"{name(p.get('await'))} picks which Tryal card is turned up.")
        if kind == "black_cat":
            return (
                "Conspiracy: the Black Cat",
                f"{name(p.get('await'))} turns up one of {name(p.get('player'))}'s Tryal cards.",
            )
        if kind == "night_flip":
            return "Night: the witches show themselves", f"{name(p.get('await'))} flips one Tryal card."
        if kind == "death_order":
            return "Matchmaker", f"{name(p.get('await'))} decides who dies first."
        if kind == "ability":
            return words.character_name(p.get("name")), f"{name(p.get('await'))} may use the ability."
        active = v.get("active")
        phase = v.get("phase")
        day = "Night" if phase == "night" else "Day"
        return turn_title(day, name(active)), TURN_LINES[1] if v.get("played") else TURN_LINES[0]

    def draw_banner_zone(self, surface: pygame.Surface) -> None:
        """The phase banner. Its words are laid out and rendered once per wording and
        place (after a move the title often stays; the frame after a move stays cheap)."""
        title, line = self.phase_title()
        night = self.table.is_night()
        area, text_area, (box, pieces) = self.banner(title, line, night)
        surface.blit(box, area.topleft)
        pygame.draw.rect(surface, theme.MOON if night else theme.PANEL_EDGE, area, 2, border_radius=10)
        self.banner_notes = []
        for what, said, shown, image, at in pieces:
            drawn = surface.blit(image, at)
            self.banner_notes.append((what, said, shown, [drawn], text_area))
        self.note_banner()

    def note_banner(self) -> None:
        """The banner's words as last drawn, noted for the text-fit check (again, when the
        table keeps the banner it drew)."""
        for note in self.banner_notes:
            self.table.note_text(*note)

    def banner_key(self) -> tuple:
        """Everything the banner shows (the table keeps it drawn while this is the same)."""
        t = self.table
        clock = t.clock.banner_clock_rect(pygame.Rect(t.rects["banner"]))
        return (*self.phase_title(), t.is_night(), tuple(clock) if clock is not None else None)

    def middle_key(self) -> tuple:
        """Everything :meth:`draw_middle` shows (the table keeps it drawn while this is the same)."""
        t = self.table
        if t.window.box is not None:
            return ("prompt",)
        body = pygame.Rect(t.rects["center"])
        rows = tuple((said, len(cards), tuple(label)) for said, cards, label, _place in self.final_rows())
        return (t.is_night(), (len(t.log_events), t.view.get("seat"), body.size), rows)

    #: banner pictures kept (the fill is shared: each keeps its rendered words only)
    BANNERS_KEPT = 160

    def banner(self, title: str, line: str, night: bool, make: bool = True) -> tuple:
        """(the banner's zone, where its words go, (its fill, its words laid out and
        rendered)) for this wording, made when missing (with ``make``; else None)."""
        area = pygame.Rect(self.table.rects["banner"])
        clock = self.table.clock.banner_clock_rect(area)  # a timed game: the hourglass sits at the right end
        text_area = area if clock is None else pygame.Rect(area.x, area.y, area.w - clock.w - 8, area.h)
        key = (tuple(area), tuple(text_area), night, title, line)
        cache = self.banner_cache
        hit = cache.get(key)
        if hit is None:
            if not make:
                return area, text_area, None
            box = translucent_fill(area.size, theme.NIGHT_SKY if night else theme.PANEL, 220, 10)
            pieces = [
                (what, said, shown, font.render(shown, True, colour), at)
                for what, said, shown, font, colour, at in self.banner_layout(text_area, title, line)
            ]
            if len(cache) > self.BANNERS_KEPT:
                cache.clear()
            hit = cache[key] = (box, pieces)
        return area, text_area, hit

    def prepare_banners(self) -> bool:
        """Lay out ahead, one per call, the banners that may come next: in a turn, the
        turns that may follow in this phase (each living seat's turn, before and after a
        card is played, from the seat after the active one); in a secret step, its line
        as the answers come in. The move that brings one finds it made. False when every
        one is ready (or none can be foreseen now)."""
        t = self.table
        v = t.view
        if v.get("over") or not t.rects.get("banner") or not isinstance(v.get("active"), int):
            return False
        night = t.is_night()
        p = v.get("pending")
        if p:
            return p.get("kind") == "window" and self.prepare_window_banners(p, night)
        day = "Night" if v.get("phase") == "night" else "Day"
        for k in range(1, t.players + 1):
            seat = (v["active"] + k) % t.players
            data = t.seats.seat_data(seat)
            if not data or data.get("ghost") or not data.get("alive", True):
                continue
            title = turn_title(day, t.name(seat))
            for line in TURN_LINES:
                if self.banner(title, line, night, make=False)[2] is None:
                    self.banner(title, line, night)
                    return True
        return False

    def prepare_window_banners(self, p: dict, night: bool) -> bool:
        """A secret step's banners as the answers come in (the count going down, then the
        last seat waited for), one per call; False when every one is ready."""
        t = self.table
        title = words.WINDOW_TITLES.get(p.get("window"), "A secret step")
        waiting = list(p.get("waiting") or [])
        lines = [window_line(left, "") for left in range(len(waiting) - 1, 1, -1)]
        lines += [window_line(1, t.name(seat)) for seat in waiting]
        for line in lines:
            if self.banner(title, line, night, make=False)[2] is None:
                self.banner(title, line, night)
                return True
        return False

    def banner_layout(self, area: pygame.Rect, title: str, line: str) -> list[tuple]:
        """Where the banner's title and its line go: [(what, words, shown, font, colour,
        topleft)]. Either the title above its line or both side by side on one row,
        whichever lets the title be larger (in a short window the title once was
        drawn over its line); sizes step down to 11 px before anything is cut."""
        room_w, room_h = area.w - 24, area.h - 4
        x, top = area.x + 12, area.y + 2
        stacked: list[tuple] = []
        tmax = max(13, min(28, area.h // 2 - 2))
        lmax = max(MIN_TEXT, min(18, area.h // 3))
        least = get_font(MIN_TEXT).get_linesize() if line else 0
        for tsize in self.sizes_down(title, tmax, 12, room_w, True):  # stacked: the title, its line under it
            tfont = get_font(tsize, bold=True, title=True)
            if tfont.get_linesize() + least > room_h:
                continue  # too tall whatever the line's size (nothing to measure)
            if self.text_width(title, tsize, True) > room_w:
                continue
            lsize = (
                next(
                    (
                        z
                        for z in self.sizes_down(line, min(lmax, tsize - 1), MIN_TEXT - 1, room_w)
                        if self.text_width(line, z) <= room_w
                    ),
                    0,
                )
                if line
                else MIN_TEXT
            )
            if not lsize:
                continue
            lfont = get_font(lsize)
            need = tfont.get_linesize() + (lfont.get_linesize() if line else 0)
            if need <= room_h:
                y = top + (room_h - need) // 2
                stacked = [("banner title", title, title, tfont, theme.HIGHLIGHT, (x, y), tsize)]
                if line:
                    stacked.append(
                        ("banner line", line, line, lfont, theme.TEXT_LIGHT, (x, y + tfont.get_linesize()), lsize)
                    )
                break
        row: list[tuple] = []
        gap = 14
        top_row = max(MIN_TEXT, min(28, room_h))
        ltop = max(MIN_TEXT, min(18, top_row - 2))
        scale_t = self.text_width(title, top_row, True) / top_row  # widths scaled from the top size
        scale_l = self.text_width(line, ltop) / ltop if line else 0.0
        for size in self.sizes_down(title, top_row, MIN_TEXT - 1, room_w, True):  # one row
            lsize = max(MIN_TEXT, min(18, size - 2))
            if (size > MIN_TEXT or stacked) and (
                scale_t * size + (gap + scale_l * lsize if line else 0) > room_w * SCALED_MARGIN
            ):
                continue  # clearly too wide (nothing to measure)
            tfont, lfont = get_font(size, bold=True, title=True), get_font(lsize)
            tw = self.text_width(title, size, True)
            fits = (
                tw + (gap + self.text_width(line, lsize) if line else 0) <= room_w and tfont.get_height() <= room_h + 2
            )
            if fits or (size == MIN_TEXT and not stacked):
                base = area.centery + tfont.get_ascent() * 2 // 5  # one baseline for both
                row = [("banner title", title, title, tfont, theme.HIGHLIGHT, (x, base - tfont.get_ascent()), size)]
                if line:
                    lx = x + tw + gap
                    # a last resort that the text-fit checks report: the longest start of
                    # the line that fits (found by halving, not a letter at a time)
                    room, lo, hi = area.right - 12 - lx, 0, len(line)
                    while lo < hi:
                        mid = (lo + hi + 1) // 2
                        if lfont.size(line[:mid])[0] <= room:
                            lo = mid
                        else:
                            hi = mid - 1
                    shown = line[:lo]
                    row.append(
                        (
                            "banner line",
                            line,
                            line if shown == line else shown.rstrip() + "\u2026",
                            lfont,
                            theme.TEXT_LIGHT,
                            (lx, base - lfont.get_ascent()),
                            lfont.get_height(),
                        )
                    )
                break
        best = stacked if stacked and (not row or stacked[0][-1] >= row[0][-1]) else row
        return [piece[:-1] for piece in best]

    def sizes_down(self, words: str, top: int, stop: int, room: int, title: bool = False) -> range:
        """``range(top, stop, -1)`` without the sizes at which ``words`` would clearly not
        fit ``room`` (judged from one measurement at ``top``): a new wording is measured
        at two or three sizes instead of at every size from 28 px down."""
        if top <= stop + 1 or not words:
            return range(top, stop, -1)
        width = self.text_width(words, top, title)
        if width <= room:
            return range(top, stop, -1)
        first = int(top * room * SCALED_MARGIN / width)
        return range(max(stop + 1, min(top, first)), stop, -1)

    def text_width(self, words: str, size: int, title: bool = False) -> int:
        """Width of ``words`` in the banner's fonts (bold title serif, or plain), measured
        once: the banner's wordings come back turn after turn."""
        widths = self.text_widths
        key = (words, size, title)
        width = widths.get(key)
        if width is None:
            if len(widths) > 2000:
                widths.clear()
            font = get_font(size, bold=True, title=True) if title else get_font(size)
            width = widths[key] = font.size(words)[0]
        return width

    def final_rows(self) -> list[tuple[str, list[str], pygame.Rect, pygame.Rect]]:
        """At the end, every other seat's hand face up in the middle, by name (the end
        view's ``revealed`` seats, docs/rules/salem.md; the rows are face up on the seats
        already): (words, cards, the words' place, the cards' place)."""
        if not self.table.view.get("over"):
            return []
        revealed = self.table.view.get("revealed") or {}
        entries = revealed.get("seats") or self.table.view.get("seats") or []
        rows = [
            (f"{self.table.name(e.get('seat'))}'s hand", list(e.get("hand") or []))
            for e in entries
            if isinstance(e, dict)
            and e.get("seat") != self.table.my_seat()
            and isinstance(e.get("hand"), list)
            and not self.table.seats.seat_data(e.get("seat")).get("ghost")
        ]
        body = pygame.Rect(self.table.rects["center"])
        area = pygame.Rect(body.x + 8, body.y + 6, body.w - 16, int(body.h * 0.62))  # the recent lines stay below
        return self.table.lay_revealed_rows(area, rows)

    def revealed_cards(self) -> list[tuple[str, pygame.Rect]]:
        return [
            laid for _w, cards, _label, place in self.final_rows() for laid in self.table.fan(place, cards, CARD_RATIO)
        ]

    def draw_middle(self, surface: pygame.Surface) -> None:
        """The empty middle: the moon at Night, the recent public happenings by day, and at
        the end every hand (:meth:`final_rows`)."""
        body = pygame.Rect(self.table.rects["center"])
        if self.table.window.box is not None:
            return
        self.table.draw_revealed_labels(surface, self.final_rows())
        if self.table.is_night():
            self.draw_moon(surface, body)
            sleep = text("The town sleeps.", max(16, body.h // 12), theme.MOON, title=True)
            surface.blit(sleep, sleep.get_rect(center=(body.centerx, body.centery - body.h // 6)))
        # the last few public happenings, large enough to follow from across the table
        # (worded, cut to the width and rendered once per new event: a move's frame stays cheap)
        key = (len(self.table.log_events), self.table.view.get("seat"), body.size)
        if self.recent_lines[0] != key:
            # the last four sentences among the last 40 events (a run of answers is one)
            recent = self.table.sentences(self.table.log_events[-40:])[-4:]
            size = max(13, min(20, body.h // 14))
            font = get_font(size)
            images = []
            for i, ln in enumerate(recent):
                col = theme.HIGHLIGHT if i == len(recent) - 1 else theme.TEXT_MUTED
                images.append(self.line_image(ln, size, col, body.w - 20))
            self.recent_lines = (key, (font.get_linesize(), images))
        line_h, images = self.recent_lines[1]
        while len(images) > 1 and sum(map(len, images)) > self.RECENT_LINES:
            images = images[1:]  # the oldest sentence gives way to the newest's second line
        y = body.bottom - 4 - sum(map(len, images)) * line_h
        for parts in images:
            for image in parts:
                surface.blit(image, (body.x + 10, y))
                y += line_h

    #: lines the recent happenings take at most (a long sentence takes two)
    RECENT_LINES = 5

    def line_image(self, line: str, size: int, colour: tuple[int, int, int], width: int) -> list[pygame.Surface]:
        """A sentence of the middle wrapped to ``width`` on two lines at most (the second
        cut with an ellipsis when it runs on) and rendered, kept: after a move the older
        sentences are the ones shown before, one step up."""
        key = (line, size, colour, width)
        images = self.line_images.get(key)
        if images is None:
            if len(self.line_images) > 64:
                self.line_images.clear()
            parts = two_lines(line, get_font(size), width)
            images = self.line_images[key] = [render_text(part, size, colour) for part in parts]
        return images

    def draw_piles(self, surface: pygame.Surface) -> None:
        deck = pygame.Rect(self.table.rects["deck"])
        disc = pygame.Rect(self.table.rects["discard"])
        ch = deck.h - 26
        cw = min(deck.w, int(ch / CARD_RATIO))
        ch = int(cw * CARD_RATIO)
        count = int(self.table.view.get("draw_count", 0))
        card = pygame.Rect(0, 0, cw, ch)
        card.midtop = (deck.centerx, deck.y)
        if count:
            layers = min(4, count)
            for i in range(layers - 1, -1, -1):
                surface.blit(self.table.art.back("salem", (cw, ch)), card.move(i * 2, -i * 2).topleft)
        else:
            pygame.draw.rect(surface, theme.FELT_DARK, card, 2, border_radius=8)
        if self.table.view.get("night_at_bottom"):
            # Night lies at the bottom: its edge shows under the pile
            edge = pygame.Rect(card.x - 4, card.bottom - 10, cw, 12)
            pygame.draw.rect(surface, theme.SALEM_BLACK, edge, border_radius=4)
            pygame.draw.rect(surface, theme.MOON, edge, 1, border_radius=4)
            surface.blit(get_icon("pentagram", 10, theme.MOON), (edge.x + 4, edge.y + 1))
        size = max(12, min(17, deck.h // 12))
        label = f"Draw pile: {count}" + (" (Night last)" if self.table.view.get("night_at_bottom") else "")
        lab = self.pile_label(label, deck.w + 20, size)
        surface.blit(lab, lab.get_rect(midtop=(deck.centerx, card.bottom + 4)))
        pile = list(self.table.view.get("discard") or [])
        dcard = pygame.Rect(0, 0, cw, ch)
        dcard.midtop = (disc.centerx, disc.y)
        if pile:
            surface.blit(self.table.art.face("salem", pile[-1], (cw, ch)), dcard.topleft)
        else:
            pygame.draw.rect(surface, theme.FELT_DARK, dcard, 2, border_radius=8)
        lab = self.pile_label(f"Discard: {len(pile)}", disc.w, size)
        surface.blit(lab, lab.get_rect(midtop=(disc.centerx, dcard.bottom + 4)))
        self.deck_card_rect, self.discard_card_rect = card, dcard

    def pile_label(self, label: str, width: int, size: int) -> pygame.Surface:
        """A pile's count, fitted to ``width`` (11 px at least) and rendered once."""
        cache = self.pile_labels
        image = cache.get((label, width, size))
        if image is None:
            fitted = next((z for z in range(size, MIN_TEXT, -1) if get_font(z).size(label)[0] <= width), MIN_TEXT)
            if len(cache) > 200:
                cache.clear()
            image = cache[(label, width, size)] = render_text(label, fitted, theme.TEXT_LIGHT)
        return image
