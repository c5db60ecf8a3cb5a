"""The game log: its panel picture, kept and scrolled as the log grows."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.fonts import get_font, render_text, wrap_text
from game.ui.scenes.table.common import panel, text
from game.ui.scenes.table.panel import Panel


class GameLog(Panel):
    """The game log in its zone (``log``): its picture is kept and, after a move, only
    scrolled and the new lines drawn (``cache``: (key, picture, what it shows);
    ``blank``: the empty panel; ``wrapped``: each event's lines by width, size and seat).
    ``log_scroll`` is how many lines the wheel scrolled up from the newest."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.log_scroll = 0
        self.cache: tuple | None = None
        self.blank: tuple | None = None
        self.wrapped: dict[tuple, dict[int, list[str]]] = {}
        #: the picture blended over bare felt (``log_on_felt``): (its key, surface)
        self.on_felt: tuple | None = None

    def log_spans(self, events: list[dict], start: int = 0) -> list[tuple[int, int]]:
        """``events[start:]`` cut into what the log writes as one sentence each, as
        (first, end) index pairs: an event alone, a run of like events (``log_runs``), or
        a run of events that say the same ("Ann plays Accusation on Bob ×3.")."""
        t = self.table
        spans = []
        i = start
        while i < len(events):
            end = i + 1
            kind = events[i].get("type")
            if kind in t.log_runs:
                while end < len(events) and events[end].get("type") == kind:
                    end += 1
            else:
                said = t.describe_event(events[i])
                while said and end < len(events) and events[end].get("type") == kind:
                    if t.describe_event(events[end]) != said:
                        break
                    end += 1
            spans.append((i, end))
            i = end
        return spans

    def sentences(self, events: list[dict]) -> list[str]:
        """``events`` in words as the log writes them (:meth:`log_spans`); events with
        nothing to say give none."""
        said = (self.span_sentence(events, i, end) for i, end in self.log_spans(events))
        return [s for s in said if s]

    def span_sentence(self, events: list[dict], first: int, end: int) -> str:
        """The sentence of one of :meth:`log_spans`' spans: a run's, or an event's own."""
        t = self.table
        if end == first + 1:
            return t.describe_event(events[first])
        if events[first].get("type") in t.log_runs:
            return t.describe_events(events[first:end])
        return times(t.describe_event(events[first]), end - first)

    def contains(self, pos: tuple[int, int]) -> bool:
        r = self.table.rects.get("log")
        return r is not None and pygame.Rect(r).collidepoint(pos)

    def wheel(self, dy: int) -> None:
        """The wheel over the log scrolls it (3 lines a notch)."""
        self.log_scroll = max(0, self.log_scroll + dy * 3)
        self.table.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        r = t.rects.get("log")
        if r is None:
            return
        rect = pygame.Rect(r)
        notice = t.away_notice_layout()  # a LAN away notice sits above the log's lines
        seen = t._seen[1] if t._seen else None
        events = t.log_events
        key = (
            rect.size,
            len(events),
            self.log_scroll,
            seen,
            events[-1].get("type") if events else None,
            notice[0].h if notice else 0,
            t.log_under_key(),
        )
        if self.cache is None or self.cache[0] != key:
            self.cache = self.table.log_picture(rect, key, notice)
        picture = self.cache[1]
        if picture.get_flags() & pygame.SRCALPHA and t.log_on_felt() and not self.covered(rect):
            # the translucent picture blended over bare felt once, not in every frame
            if self.on_felt is None or self.on_felt[0] != key:
                old = self.on_felt[1] if self.on_felt is not None else None
                # the last one is drawn over: a fresh surface of the log's size costs more than the blend
                composed = (
                    old if old is not None and old.get_size() == rect.size else pygame.Surface(rect.size).convert()
                )
                composed.fill(theme.FELT)
                composed.blit(picture, (0, 0))
                self.on_felt = (key, composed)
            picture = self.on_felt[1]
        surface.blit(picture, rect.topleft)

    def covered(self, rect: pygame.Rect) -> bool:
        """Something drawn this frame before the log lies under it (a card sprite, a
        flying card, a lit target): the log is blended over it as it is."""
        t = self.table
        if any(s.rect.colliderect(rect) for s in t.group.sprites()):
            return True
        if any(rect.colliderect((f.pos, f.image.get_size())) for f in t.flights):
            return True
        return any(r is not None and r.colliderect(rect) for r in map(t.target_rect, t.valid_targets))

    def draw_under(self, picture: pygame.Surface, rect: pygame.Rect) -> None:
        """Paint what lies under the log on ``picture``: the colour the table's
        ``log_under_key`` names (it must be one colour: the kept lines are scrolled with
        what is under them)."""
        under = self.table.log_under_key()
        picture.fill(under if isinstance(under, tuple) and len(under) == 3 else theme.FELT)

    def log_lines(self, rect: pygame.Rect, size: int) -> list[tuple[str, bool]]:
        """The log's lines at this width and size: (line, first line of its event)."""
        t = self.table
        font = get_font(size)
        lines: list[tuple[str, bool]] = []
        # the log only grows: sentences are wrapped once per event and width (one cache
        # per shown seat: each seat's log is redacted differently; the wrapping itself is
        # shared by sentence, so a change of seat measures nothing anew)
        cache = self.wrapped.setdefault((rect.w, size, t._seen[1] if t._seen else None), {})
        by_sentence = self.wrapped.setdefault((rect.w, size, "sentences"), {})
        events = t.log_events
        first = max(0, len(events) - 120)
        for i, end in t.log_spans(events, first):  # a run of like events is one sentence, kept on its first event
            wrapped = cache.get(i) if end == i + 1 else None
            if wrapped is None:
                sentence = t.span_sentence(events, i, end)
                wrapped = by_sentence.get(sentence)
                if wrapped is None:
                    wrapped = wrap_text(sentence, font, rect.w - 26) if sentence else []
                    by_sentence[sentence] = wrapped
                cache[i] = wrapped
                for k in range(i + 1, end):
                    cache[k] = []
            for j, line in enumerate(wrapped):
                lines.append(((" " if j else "") + line, j == 0))
        return lines

    def log_picture(self, rect: pygame.Rect, key: tuple, notice) -> tuple:
        """(key, the log panel's picture, what it shows). After a move only a few lines
        are new: the picture kept is scrolled up and only the new lines (and the line
        that was newest, no longer highlighted) are drawn, instead of the whole panel."""
        t = self.table
        under = t.log_under_key()
        blank = self.blank
        if blank is None or blank[0] != (rect.size, under):
            alpha = pygame.Surface(rect.size, pygame.SRCALPHA)
            panel(alpha, alpha.get_rect(), alpha=215)
            picture = alpha
            if under is not None and pygame.display.get_surface() is not None:
                picture = pygame.Surface(rect.size).convert()
                t.draw_log_under(picture, rect)
                picture.blit(alpha, (0, 0))
            blank = self.blank = ((rect.size, under), picture)
        blank = blank[1]
        size = t.log_font_size(rect)
        font = get_font(size)
        line_h = font.get_linesize()
        head = text("Game log", size + 1, theme.PARCHMENT, bold=True)
        top = 10 + head.get_height() + (notice[0].h + 6 if notice else 0)
        lines = self.table.log_lines(rect, size)
        room = max(1, (rect.h - top - 6) // line_h)
        self.log_scroll = max(0, min(self.log_scroll, max(0, len(lines) - room)))
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - room) : end]
        old = self.cache
        # what the kept picture showed: (its key without the event count, lines, top)
        same = (key[0], key[3], key[5], top, size, under)
        count = len(t.log_events)
        if (
            old is not None
            and len(old) > 2
            and old[2][0] == same
            and self.log_scroll == 0
            and old[0][2] == 0
            and old[2][2] <= count
        ):
            before = old[2][1]
            # lines added since: those of the events added since (the log only grows; its
            # lines are taken from the last 120 events, so their number stops growing)
            wrapped = self.wrapped.get((rect.w, size, t._seen[1] if t._seen else None), {})
            new = sum(len(wrapped.get(i) or ()) for i in range(old[2][2], count))
            if (
                0 < new < room
                and len(before) >= len(shown) - new
                and shown[: len(shown) - new] == before[len(before) - (len(shown) - new) :]
            ):
                box = old[1]
                self.table.scroll_log_picture(box, blank, top, room, line_h, len(before), len(shown), new)
                kept = len(shown) - new
                for k in range(max(0, kept - 1), len(shown)):  # the old newest line, then the new ones
                    self.table.draw_log_line(box, blank, shown[k], k, len(shown), top, line_h, size)
                return (key, box, (same, shown, count))
        if old is not None and old[1].get_size() == blank.get_size() and old[1].get_flags() == blank.get_flags():
            box = old[1]  # the last picture is drawn over: a fresh surface of the log's size costs more
            if blank.get_flags() & pygame.SRCALPHA:
                box.fill((0, 0, 0, 0))  # an exact copy of the panel's pixels, alpha too
                box.blit(blank, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
            else:
                box.blit(blank, (0, 0))
        else:
            box = blank.copy()  # the empty panel is drawn once per size
        box.blit(head, (10, 6))
        for k, line in enumerate(shown):
            self.table.draw_log_line(box, None, line, k, len(shown), top, line_h, size)
        if self.log_scroll:
            more = text(f"▼ {self.log_scroll} newer", size - 2, theme.HIGHLIGHT)
            right = t.log_header_right() - rect.x  # left of the header's buttons
            box.blit(more, (right - more.get_width(), 8))
        return (key, box, (same, shown, count))

    def scroll_log_picture(
        self,
        box: pygame.Surface,
        blank: pygame.Surface,
        top: int,
        room: int,
        line_h: int,
        before: int,
        after: int,
        new: int,
    ) -> None:
        """Move the kept lines up by the lines that no longer fit (``before + new - after``
        of them) so the new ones go under them."""
        up = before + new - after
        if up <= 0:
            return
        area = pygame.Rect(0, top, box.get_width(), room * line_h)
        box.set_clip(area)
        box.scroll(0, -up * line_h)
        box.set_clip(None)

    def draw_log_line(
        self,
        box: pygame.Surface,
        blank: pygame.Surface | None,
        line: tuple[str, bool],
        k: int,
        count: int,
        top: int,
        line_h: int,
        size: int,
    ) -> None:
        """Line ``k`` of ``count`` shown (the last one, newest, highlighted); with ``blank``
        its row is wiped back to the empty panel first."""
        y = top + k * line_h
        if blank is not None:
            row = pygame.Rect(0, y, box.get_width(), line_h)
            if blank.get_flags() & pygame.SRCALPHA:
                box.fill((0, 0, 0, 0), row)  # an exact copy of the panel's pixels, alpha too
                box.blit(blank, row, row, special_flags=pygame.BLEND_RGBA_MAX)
            else:
                box.blit(blank, row, row)
        newest = self.log_scroll == 0 and k == count - 1
        text_, first = line
        color = theme.HIGHLIGHT if newest else (theme.TEXT_LIGHT if first else theme.TEXT_MUTED)
        # render_text is font.render at this size, cached: the lines only scroll
        box.blit(render_text(text_, size, color), (12, y))


def times(sentence: str, count: int) -> str:
    """``sentence`` said ``count`` times in a row, as one: "Ann plays Accusation on Bob ×3."
    (the count goes before the closing stop, as in "Not a Witch ×5")."""
    body = sentence.rstrip()
    stop = body[-1] if body and body[-1] in ".!?" else ""
    return f"{body[: len(body) - len(stop)]} ×{count}{stop}"
