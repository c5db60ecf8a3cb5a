"""A LAN table's connection pill and the away notice under the log header."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.fonts import get_font
from game.ui.scenes.table.common import MIN_TEXT, panel, text
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table.text_fit import fit_lines

#: the connection pill (LanSession.status, game.net.client's statuses): label, dot colour
CONNECTION_LABELS = {
    "connecting": ("Connecting…", (240, 170, 50)),
    "connected": ("Connected", (96, 200, 104)),
    "reconnecting": ("Reconnecting…", (240, 170, 50)),
    "lost": ("Connection lost", (222, 64, 50)),
    "closed": ("Disconnected", (222, 64, 50)),
}


class Connection(Panel):
    """A LAN table's connection pill and the away notice under the log header (with the
    "Bot now" button a table's owner clicks: ``standin_rect``)."""

    CONNECTION_LABELS = CONNECTION_LABELS

    def __init__(self, table) -> None:
        super().__init__(table)
        self.standin_rect: pygame.Rect | None = None  # LAN owner: "Bot now" for an away seat

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.standin_rect is not None and self.standin_rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw_connection(surface)
        self.table.draw_away_notice(surface)

    def connection_status(self) -> str | None:
        """The source's network status (a LAN table), or None (hot-seat: no pill)."""
        status = getattr(self.table.source, "status", None)
        return status if isinstance(status, str) and status in self.CONNECTION_LABELS else None

    def connection_pill(self, surface: pygame.Surface) -> tuple[pygame.Rect, int] | None:
        """Where the pill goes: the right end of the log's header line (left of the
        "newer" marker when the log is scrolled), else the right end of the message line."""
        status = self.table.connection_status()
        if status is None:
            return None
        t = self.table
        label, _ = self.CONNECTION_LABELS[status]
        r = t.rects.get("log")
        over_title = None  # where the pill may start when it covers the log's title
        if r is not None:
            rect = pygame.Rect(r)
            size = self.table.log_font_size(rect)
            head = text("Game log", size + 1, theme.PARCHMENT, bold=True)
            h = head.get_height()
            left, right = rect.x + 10 + head.get_width() + 8, t.log_header_right()
            if t.log_scroll:
                right -= text(f"▼ {t.log_scroll} newer", size - 2, theme.HIGHLIGHT).get_width() + 10
            font_size, top = size - 2, rect.y + 6
            over_title = rect.x + 6
        else:
            r = t.rects.get("message") or (0, 0, surface.get_width(), 22)
            rect = pygame.Rect(r)
            h = max(14, rect.h)
            left, right, font_size, top = rect.centerx, rect.right - 4, max(11, min(15, h - 5)), rect.y
        # the words matter most while the connection is down: a smaller font; then
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
        notice = getattr(self.table.source, "notice", "")
        r = self.table.rects.get("log")
        if not isinstance(notice, str) or not notice or r is None:
            return None
        rect = pygame.Rect(r)
        size = self.table.log_font_size(rect)
        head_h = get_font(size + 1, bold=True).get_linesize() + 2
        font_size = max(MIN_TEXT, size - 2)
        button = getattr(self.table.source, "can_hand_to_bot", False)
        bw = get_font(font_size, bold=True).size(self.standin_words())[0] + 16 if button else 0
        width = rect.w - 12
        font_size, lines = fit_lines(notice, width - bw - 18, 2 * get_font(font_size).get_linesize(), font_size)
        lh = get_font(font_size).get_linesize()
        return pygame.Rect(rect.x + 6, rect.y + head_h + 8, width, lh * len(lines) + 8), font_size, lines, bw

    def standin_words(self) -> str:
        """The owner's button on the notice ("Bot now", "Bots now": the source's ``standin_label``)."""
        return str(getattr(self.table.source, "standin_label", "Bot now"))

    def draw_away_notice(self, surface: pygame.Surface) -> None:
        """A LAN table's notice about away players, on everyone's table: "Ann
        lost connection — a bot takes over in 24 s"; for the host's own seat with a "Bot
        now" button that hands the seat to a bot at once."""
        self.standin_rect = None
        layout = self.table.away_notice_layout()
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
        self.table.note_text("notice", self.table.source.notice, " ".join(lines), drawn, box)
        if bw:
            b = pygame.Rect(box.right - bw - 4, box.y + 3, bw, min(box.h - 6, lh + 2))
            hot = b.collidepoint(self.table.pointer)
            pygame.draw.rect(surface, theme.WOOD_LIGHT if hot else theme.WOOD, b, border_radius=b.h // 2)
            pygame.draw.rect(surface, amber, b, 1, border_radius=b.h // 2)
            label = text(self.standin_words(), font_size, theme.TEXT_LIGHT, bold=True)
            surface.blit(label, label.get_rect(center=b.center))
            self.standin_rect = b

    def draw_connection(self, surface: pygame.Surface) -> None:
        """The in-game connection indicator: a small pill, LAN tables only."""
        pill = self.table.connection_pill(surface)
        if pill is None:
            return
        box, font_size = pill
        label, dot = self.CONNECTION_LABELS[self.table.connection_status() or "lost"]
        panel(surface, box, color=theme.PANEL, alpha=235, edge=dot, radius=box.h // 2, width=1)
        radius = max(3, box.h // 4)
        pygame.draw.circle(surface, dot, (box.x + box.h // 2, box.centery), radius)
        if box.w > box.h:
            words = text(label, font_size, theme.TEXT_LIGHT)
            at = surface.blit(words, words.get_rect(midleft=(box.x + box.h - 2, box.centery)))
            self.table.note_text("connection", label, label, [at], box)
