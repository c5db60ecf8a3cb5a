"""The game log and its header (the ? Help and Menu buttons), the table menu and the
help overlay."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.fonts import get_font, render_text, wrap_text
from game.ui.scenes.table.common import MIN_TEXT, panel, text
from game.ui.scenes.table.text_fit import blit_text
from game.ui.widgets import Button, fit_text


@lru_cache(maxsize=1024)
def button_fit(label: str, font_size: int, room: int) -> tuple[int, str, int, int]:
    """A button label's font size stepped down to 11 px until it fits ``room``, the words
    shown at that size (cut with an ellipsis if even 11 px is too wide) and their size
    (measured once: buttons are fitted every frame)."""
    while font_size > MIN_TEXT and get_font(font_size, bold=True).size(label)[0] > room:
        font_size -= 1
    shown = fit_text(label, font_size, room, bold=True)
    w, h = get_font(font_size, bold=True).size(shown)
    return font_size, shown, w, h


class LogPanel:
    """The game log and its header (the ? Help and Menu buttons), the table menu and the
    help overlay. Mixed into :class:`~game.ui.scenes.table_base.TableScene`."""

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

    #: a colour the log panel always lies on (its picture is then made opaque over it, and
    #: the per-frame blit needs no blending); None: translucent over whatever is under it
    LOG_UNDER: tuple[int, int, int] | None = None

    def draw_log(self, surface: pygame.Surface) -> None:
        r = self.rects.get("log")
        if r is None:
            return
        rect = pygame.Rect(r)
        notice = self.away_notice_layout()  # a LAN away notice sits above the log's lines
        seen = self._seen[1] if self._seen else None
        key = (rect.size, len(self.log_events), self.log_scroll, seen,
               self.log_events[-1].get('type') if self.log_events else None, notice[0].h if notice else 0,
               self.log_under_key())
        if self._log_cache is None or self._log_cache[0] != key:
            self._log_cache = self.log_picture(rect, key, notice)
        surface.blit(self._log_cache[1], rect.topleft)

    def log_under_key(self):
        """The colour the log panel lies on when it is always the same (its picture is
        then made opaque over it: no blending in every frame's blit); None: the panel
        stays translucent over whatever is drawn under it."""
        return self.LOG_UNDER

    def draw_log_under(self, picture: pygame.Surface, rect: pygame.Rect) -> None:
        """Paint what lies under the log on ``picture``: the colour :meth:`log_under_key`
        names (it must be one colour: the kept lines are scrolled with what is under them)."""
        under = self.log_under_key()
        picture.fill(under if isinstance(under, tuple) and len(under) == 3 else theme.FELT)

    def log_lines(self, rect: pygame.Rect, size: int) -> list[tuple[str, bool]]:
        """The log's lines at this width and size: (line, first line of its event)."""
        font = get_font(size)
        lines: list[tuple[str, bool]] = []
        # the log only grows: sentences are wrapped once per event and width (one cache
        # per shown seat: each seat's log is redacted differently; the wrapping itself is
        # shared by sentence, so a change of seat measures nothing anew)
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
        return lines

    def log_picture(self, rect: pygame.Rect, key: tuple, notice) -> tuple:
        """(key, the log panel's picture, what it shows). After a move only a few lines
        are new: the picture kept is scrolled up and only the new lines (and the line
        that was newest, no longer highlighted) are drawn, instead of the whole panel."""
        under = self.log_under_key()
        blank = self._log_blank
        if blank is None or blank[0] != (rect.size, under):
            alpha = pygame.Surface(rect.size, pygame.SRCALPHA)
            panel(alpha, alpha.get_rect(), alpha=215)
            picture = alpha
            if under is not None and pygame.display.get_surface() is not None:
                picture = pygame.Surface(rect.size).convert()
                self.draw_log_under(picture, rect)
                picture.blit(alpha, (0, 0))
            blank = self._log_blank = ((rect.size, under), picture)
        blank = blank[1]
        size = max(12, min(17, rect.h // 25, rect.w // 18))
        font = get_font(size)
        line_h = font.get_linesize()
        head = text("Game log", size + 1, theme.PARCHMENT, bold=True)
        top = 10 + head.get_height() + (notice[0].h + 6 if notice else 0)
        lines = self.log_lines(rect, size)
        room = max(1, (rect.h - top - 6) // line_h)
        self.log_scroll = max(0, min(self.log_scroll, max(0, len(lines) - room)))
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - room):end]
        old = self._log_cache
        # what the kept picture showed: (its key without the event count, lines, top)
        same = (key[0], key[3], key[5], top, size, under)
        count = len(self.log_events)
        if (old is not None and len(old) > 2 and old[2][0] == same and self.log_scroll == 0 and old[0][2] == 0
                and old[2][2] <= count):
            before = old[2][1]
            # lines added since: those of the events added since (the log only grows; its
            # lines are taken from the last 120 events, so their number stops growing)
            wrapped = self._log_wrapped.get((rect.w, size, self._seen[1] if self._seen else None), {})
            new = sum(len(wrapped.get(i) or ()) for i in range(old[2][2], count))
            if 0 < new < room and len(before) >= len(shown) - new and shown[:len(shown) - new] == before[len(before) - (len(shown) - new):]:
                box = old[1]
                self.scroll_log_picture(box, blank, top, room, line_h, len(before), len(shown), new)
                kept = len(shown) - new
                for k in range(max(0, kept - 1), len(shown)):  # the old newest line, then the new ones
                    self.draw_log_line(box, blank, shown[k], k, len(shown), top, line_h, size)
                return (key, box, (same, shown, count))
        box = blank.copy()  # the empty panel is drawn once per size
        box.blit(head, (10, 6))
        for k, line in enumerate(shown):
            self.draw_log_line(box, None, line, k, len(shown), top, line_h, size)
        if self.log_scroll:
            more = text(f"▼ {self.log_scroll} newer", size - 2, theme.HIGHLIGHT)
            right = self.log_header_right() - rect.x  # left of the header's buttons
            box.blit(more, (right - more.get_width(), 8))
        return (key, box, (same, shown, count))

    def scroll_log_picture(self, box: pygame.Surface, blank: pygame.Surface, top: int, room: int, line_h: int,
                           before: int, after: int, new: int) -> None:
        """Move the kept lines up by the lines that no longer fit (``before + new - after``
        of them) so the new ones go under them."""
        up = before + new - after
        if up <= 0:
            return
        area = pygame.Rect(0, top, box.get_width(), room * line_h)
        box.set_clip(area)
        box.scroll(0, -up * line_h)
        box.set_clip(None)

    def draw_log_line(self, box: pygame.Surface, blank: pygame.Surface | None, line: tuple[str, bool], k: int,
                      count: int, top: int, line_h: int, size: int) -> None:
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

    def fit_button(self, b: Button) -> None:
        """A button's label read whole (issue 9 item 5): its font steps down to 11 px until
        the label fits; then what the button draws is noted for the text-fit check."""
        room = b.rect.w - 16
        b.font_size, shown, w, h = button_fit(b.label, b.font_size, room)
        if b.visible:
            label = pygame.Rect(0, 0, w, h)
            label.center = b.rect.center
            self.note_text("button", b.label, shown, [label], b.rect)

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
