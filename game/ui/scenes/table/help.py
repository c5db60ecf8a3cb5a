"""The table's help: the "? Help" button at the right end of the log's header (a table
with no other place for it) and the help overlay (the table's ``help_lines``)."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.fonts import get_font, render_text, wrap_text
from game.ui.scenes.table.common import MIN_TEXT, panel, text
from game.ui.scenes.table.panel import Panel
from game.ui.scenes.table.text_fit import blit_text


class Help(Panel):
    """The help overlay (``help_open``) and the log header's help button (``help_rect``,
    where a click opens it), and the dark veils drawn under overlays (``shade_surface``)."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.help_open = False
        self.help_rect: pygame.Rect | None = None  # where a click opens the help
        self.veils: dict[tuple, pygame.Surface] = {}

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.help_rect is not None and self.help_rect.collidepoint(pos)

    def help_button(self) -> tuple[pygame.Rect, int] | None:
        """Where the log header's help button lies (left of the Menu button), and its font
        size; None when the table has no such button (``HELP_IN_LOG``)."""
        t = self.table
        r = t.rects.get("log")
        if not t.HELP_IN_LOG or r is None:
            return None
        rect = pygame.Rect(r)
        size = self.table.log_font_size(rect)
        right = rect.right - 6
        menu = t.menu_button
        if menu is not None and menu.rect.colliderect(rect):
            right = menu.rect.x - 6
        h = get_font(size + 1, bold=True).get_linesize() + 2
        w = get_font(size - 1, bold=True).size("? Help")[0] + 18
        return pygame.Rect(right - w, rect.y + 5, w, h), size - 1

    def log_header_right(self) -> int:
        """The x where the log header's free line ends: left of its buttons (Menu, Help)."""
        t = self.table
        r = pygame.Rect(t.rects.get("log") or (0, 0, 0, 0))
        right = r.right - 8
        menu = t.menu_button
        if menu is not None and menu.rect.colliderect(r):
            right = menu.rect.x - 6
        spot = t.help_button()
        if spot is not None:
            right = min(right, spot[0].x - 6)
        return right

    def draw_help_button(self, surface: pygame.Surface) -> None:
        t = self.table
        spot = t.help_button()
        if spot is None:
            return
        rect, size = spot
        self.help_rect = rect
        hot = rect.collidepoint(t.pointer) or self.help_open
        pygame.draw.rect(surface, theme.WOOD_LIGHT if hot else theme.WOOD, rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 1, border_radius=rect.h // 2)
        label = text("? Help", size, theme.TEXT_LIGHT, bold=True)
        at = label.get_rect(center=rect.center)
        surface.blit(label, at)
        t.note_text("button", "? Help", "? Help", [at], rect)

    def draw(self, surface: pygame.Surface) -> None:
        """The help overlay: every line read whole, long ones wrapped."""
        t = self.table
        w, h = surface.get_size()
        lines = t.help_lines() + ["Esc: the table menu (Resume, Rules, Settings, Save and leave, Quit)."]
        width = min(w - 80, 820)
        for size in range(17, MIN_TEXT - 1, -1):
            font = get_font(size)
            # a wrapped line keeps the indent of the line it continues
            wrapped = [
                wrap_text(line.strip(), font, width - 48 - font.size(line[: len(line) - len(line.lstrip())])[0])
                for line in lines
            ]
            height = font.get_linesize() * (sum(len(x) for x in wrapped) + 3) + 30
            if height <= h - 20:
                break
        box = pygame.Rect(0, 0, width, min(height, h - 8))
        box.center = (w // 2, h // 2)
        surface.blit(self.table.shade_surface((w, h), 150), (0, 0))
        panel(surface, box, alpha=250, edge=theme.HIGHLIGHT)
        surface.blit(
            text("How to play at this table", 22, theme.HIGHLIGHT, bold=True, title=True), (box.x + 20, box.y + 12)
        )
        y = box.y + 20 + font.get_linesize() * 2
        for line, parts in zip(lines, wrapped):
            indent = font.size(line[: len(line) - len(line.lstrip())])[0]
            drawn = []
            for part in parts:
                drawn.append(blit_text(surface, render_text(part, size, theme.TEXT_LIGHT), (box.x + 24 + indent, y)))
                y += font.get_linesize()
            t.note_text("help", line, " ".join(parts), drawn, box)
        foot = text("Press ? or Esc or click to close", 14, theme.TEXT_MUTED)
        surface.blit(foot, (box.right - foot.get_width() - 14, box.bottom - foot.get_height() - 8))

    def shade_surface(self, size: tuple[int, int], alpha: int) -> pygame.Surface:
        """A dark translucent veil, made once per size and alpha."""
        key = (tuple(size), alpha)
        shades = self.veils
        if key not in shades:
            veil = pygame.Surface(size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, alpha))
            shades[key] = veil
        return shades[key]
