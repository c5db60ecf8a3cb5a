"""What a screen says without being asked: :class:`Banner` (a prompt strip with its
buttons) and :class:`Toast` (a message that fades out)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pygame

from game.ui.input import InputEvent
from game.ui.widgets.base import Widget
from game.ui.widgets.buttons import Button
from game.ui.widgets.drawing import colour, draw_panel, draw_text, font, text_surface, wrap


class Banner(Widget):
    """A public prompt strip: a line of text and a row of buttons under or beside it.
    ``set(prompt, [(label, on_click), ...])`` replaces its content. The buttons take
    part in the focus ring (``children``)."""

    focusable = False

    def __init__(
        self, rect: Any, prompt: str = "", actions: Iterable[tuple[str, Callable[[], Any]]] = (), font_size: int = 22
    ) -> None:
        super().__init__(rect)
        self.prompt = prompt
        self.font_size = font_size
        self.buttons: list[Button] = []
        self.set(prompt, actions)

    def set(self, prompt: str, actions: Iterable[tuple[str, Callable[[], Any]]]) -> None:
        self.prompt = prompt
        self.buttons = [Button((0, 0, 10, 10), label, cb, font_size=self.font_size - 2) for label, cb in actions]
        self._layout()

    def set_rect(self, rect: Any) -> None:
        super().set_rect(rect)
        self._layout()

    def _layout(self) -> None:
        if not self.buttons:
            return
        f = font(self.font_size - 2, True)
        widths = [max(110, f.size(b.label)[0] + 36) for b in self.buttons]
        gap = 12
        total = sum(widths) + gap * (len(widths) - 1)
        bh = min(44, max(30, self.rect.h // 2 - 6))
        avail = self.rect.w - 24
        if total > avail:  # shrink evenly rather than run off the strip
            scale = (avail - gap * (len(widths) - 1)) / max(1, sum(widths))
            widths = [int(w * scale) for w in widths]
            total = sum(widths) + gap * (len(widths) - 1)
        x = self.rect.centerx - total // 2
        y = self.rect.bottom - bh - 8
        for b, w in zip(self.buttons, widths):
            b.set_rect((x, y, w, bh))
            x += w + gap

    def children(self) -> list[Widget]:
        return list(self.buttons) if self.visible else []

    def handle(self, event: InputEvent) -> bool:
        if not self.visible:
            return False
        used = False
        for b in self.buttons:
            used = b.handle(event) or used
        return used

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        draw_panel(surface, self.rect, fill="banner", edge="accent", radius=8)
        text_bottom = (self.buttons[0].rect.y if self.buttons else self.rect.bottom) - 4
        lines = wrap(self.prompt, self.font_size, self.rect.w - 24, bold=True)
        y = self.rect.y + 8
        for line in lines:
            if y + font(self.font_size).get_height() > text_bottom + 2:
                break
            r = draw_text(surface, line, (self.rect.centerx, y), self.font_size, bold=True, anchor="midtop")
            y = r.bottom + 2
        for b in self.buttons:
            b.draw(surface)


class Toast(Widget):
    """A transient message (e.g. an illegal move's reason) that fades out. While visible
    it animates (the app runs frames); afterwards it costs nothing."""

    focusable = False
    #: seconds a message stays at least, before it fades; a longer one stays as long as it
    #: takes to read (``READ`` characters a second), and an error a second more
    HOLD = 2.2
    READ = 15
    FADE = 0.6

    def __init__(self, rect: Any = (0, 0, 0, 0), font_size: int = 22, at_top: bool = False) -> None:
        super().__init__(rect)
        self.font_size = font_size
        #: drawn near the top of its area instead of the bottom (a notice over a menu's buttons)
        self.at_top = at_top
        self.text = ""
        self.remaining = 0.0
        self.kind = "info"
        self.edge: tuple[int, int, int] | None = None

    def show(
        self, text: str, kind: str = "info", seconds: float | None = None, edge: tuple[int, int, int] | None = None
    ) -> None:
        """``edge``: the border's colour instead of the kind's (a chat line: the speaker's seat)."""
        self.text = text
        self.kind = kind
        self.edge = edge
        self.remaining = (seconds if seconds is not None else self.hold_for(text, kind)) + self.FADE

    @classmethod
    def hold_for(cls, text: str, kind: str = "info") -> float:
        """How long ``text`` stays before it fades: long enough to read."""
        return max(cls.HOLD, 1.0 + len(text) / cls.READ) + (1.0 if kind == "error" else 0.0)

    def hide(self) -> None:
        self.remaining = 0.0

    @property
    def showing(self) -> bool:
        return self.remaining > 0 and bool(self.text)

    @property
    def animating(self) -> bool:
        return self.showing

    def update(self, dt: float) -> None:
        if self.remaining > 0:
            self.remaining = max(0.0, self.remaining - dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.showing:
            return
        alpha = 255 if self.remaining > self.FADE else int(255 * self.remaining / self.FADE)
        width = min(self.rect.w or surface.get_width() - 80, 900)
        lines = wrap(self.text, self.font_size, width - 40, bold=True)[:4]
        lh = font(self.font_size, True).get_height() + 2
        h = lh * len(lines) + 24
        box = pygame.Surface((width, h), pygame.SRCALPHA)
        edge = self.edge or {"error": colour("danger"), "ok": colour("ok")}.get(self.kind, colour("accent"))
        pygame.draw.rect(box, (*colour("toast"), 235), box.get_rect(), border_radius=10)
        pygame.draw.rect(box, (*edge, 255), box.get_rect(), width=3, border_radius=10)
        for i, line in enumerate(lines):
            t = text_surface(line, self.font_size, colour("text"), bold=True)
            box.blit(t, t.get_rect(midtop=(width // 2, 12 + i * lh)))
        box.set_alpha(alpha)
        area = self.rect if self.rect.w else surface.get_rect()
        if self.at_top:
            surface.blit(box, box.get_rect(midtop=(area.centerx, area.top + 12)))
        else:
            surface.blit(box, box.get_rect(midbottom=(area.centerx, area.bottom - 24)))
