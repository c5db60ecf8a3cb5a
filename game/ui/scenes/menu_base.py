"""What the shell's screens share (:class:`MenuBase`): a background, a title, widgets in a
focus ring (so every screen works by keyboard: Tab / arrows / Enter / Esc), a toast; and
the two small dialogs every screen may open by name: "confirm" (:class:`ConfirmScene`, a
yes/no question over the screen below) and "message" (:class:`MessageScene`).

A subclass implements ``build(w, h) -> list[Widget]`` (called on enter and on every
resize, so everything scales with the window) and may override ``back()`` (Esc).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import input as uinput
from game.ui.input import InputEvent
from game.ui.scene import Scene, register_scene
from game.ui.widgets import Button, FocusRing, Label, Toast, Widget, colour, draw_panel, draw_text, font, wrap

if TYPE_CHECKING:
    from game.ui.app import App

_BACKGROUNDS: dict[tuple[int, int], pygame.Surface] = {}


def background(size: tuple[int, int]) -> pygame.Surface:
    """A dark felt with a soft vignette, drawn once per window size."""
    surf = _BACKGROUNDS.get(size)
    if surf is None:
        w, h = size
        surf = pygame.Surface(size)
        top = colour("bg")
        edge = tuple(max(0, c - 14) for c in top)
        for y in range(0, h, 4):  # vertical shade, coarse bands are invisible at this contrast
            t = abs(y - h / 2) / (h / 2)
            col = tuple(int(top[i] * (1 - t) + edge[i] * t) for i in range(3))
            pygame.draw.rect(surf, col, (0, y, w, 4))
        _BACKGROUNDS.clear()
        _BACKGROUNDS[size] = surf
    return surf


class MenuBase(Scene):
    """A screen of widgets; see the module docstring."""

    title = ""
    subtitle = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.ring = FocusRing()
        self.toast = Toast()

    # layout
    @property
    def scale(self) -> float:
        w, h = self.app.size
        return max(0.75, min(1.6, min(w / 1280, h / 720)))

    def px(self, value: float) -> int:
        return int(value * self.scale)

    def build(self, w: int, h: int) -> list[Widget]:
        return []

    def rebuild(self) -> None:
        w, h = self.app.size
        focus_name = getattr(self.ring.focus, "name", None)
        self.ring.set(self.build(w, h))
        # a notice stands above the screen's bottom row of buttons (Back, Join …), not on it
        self.toast.set_rect((0, 0, w, h - self.px(86)))
        if focus_name is not None:
            again = self.ring.find(focus_name)
            if again is not None and again.can_focus:
                self.ring.focus_on(again)
        if self.ring.focus is None:
            self.focus_first()
        self.dirty = True

    def focus_first(self) -> None:
        flat = self.ring.focusables()
        if flat:
            self.ring.focus_on(flat[0])

    def enter(self) -> None:
        self.rebuild()

    def resume(self) -> None:
        self.rebuild()

    def resized(self, size: tuple[int, int]) -> None:
        self.rebuild()

    # input
    def back(self) -> None:
        self.app.scenes.pop()

    def handle(self, event: InputEvent) -> None:
        if event.is_action(uinput.CANCEL):
            self.back()
            return
        if self.ring.handle(event):
            self.dirty = True

    def update(self, dt: float) -> None:
        was = self.toast.showing
        self.ring.update(dt)
        self.toast.update(dt)
        if was and not self.toast.showing:
            self.dirty = True

    @property
    def animating(self) -> bool:
        return self.toast.animating or self.ring.animating

    def say(self, text: str, kind: str = "info") -> None:
        self.toast.show(text, kind)
        self.dirty = True

    # drawing
    def draw_title(self, surface: pygame.Surface) -> int:
        """Draw the title and subtitle; returns the y below them."""
        w, _ = surface.get_size()
        y = self.px(28)
        if self.title:
            r = draw_text(
                surface, self.title, (w // 2, y), self.px(54), colour("accent"), bold=True, title=True, anchor="midtop"
            )
            y = r.bottom + self.px(4)
        if self.subtitle:
            r = draw_text(surface, self.subtitle, (w // 2, y), self.px(22), colour("text_dim"), anchor="midtop")
            y = r.bottom
        return y + self.px(16)

    def draw_extra(self, surface: pygame.Surface) -> None:
        """Subclasses draw panels and text here (under the widgets)."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background(surface.get_size()), (0, 0))
        self.draw_title(surface)
        self.draw_extra(surface)
        self.ring.draw(surface)
        self.toast.draw(surface)

    # helpers for subclasses
    def column(
        self, labels: list[tuple[str, Callable[[], Any], dict]], top: int, width: int, height: int, gap: int
    ) -> list[Button]:
        """A centred column of buttons."""
        w, _ = self.app.size
        x = w // 2 - width // 2
        out = []
        for i, (label, cb, kw) in enumerate(labels):
            out.append(Button((x, top + i * (height + gap), width, height), label, cb, font_size=self.px(24), **kw))
        return out


class ConfirmScene(MenuBase):
    """A yes/no question over the screen below (Enter = the focused button, Esc = No)."""

    opaque = False

    def __init__(
        self, app: App, question: str, on_yes: Callable[[], Any], yes: str = "Yes", no: str = "No", danger: bool = True
    ) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.yes_label, self.no_label, self.danger = yes, no, danger

    def _box(self) -> pygame.Rect:
        """The dialog: as tall as its question's lines and the buttons under them."""
        w, h = self.app.size
        bw = min(w - 80, self.px(620))
        lines = len(wrap(self.question, self.px(24), bw - self.px(48), True))
        text_h = lines * (font(self.px(24), True).get_height() + 2)  # as Label steps its lines
        bh = min(h - 40, max(self.px(170), self.px(30) + text_h + self.px(40) + self.px(50) + self.px(24)))
        return pygame.Rect(w // 2 - bw // 2, h // 2 - bh // 2, bw, bh)

    def build(self, w: int, h: int) -> list[Widget]:
        box = self._box()
        bw, bh = self.px(200), self.px(50)
        y = box.bottom - bh - self.px(24)
        no = Button(
            (box.centerx + self.px(12), y, bw, bh), self.no_label, self.back, font_size=self.px(22), name="confirm_no"
        )
        yes = Button(
            (box.centerx - self.px(12) - bw, y, bw, bh),
            self.yes_label,
            self._yes,
            style="danger" if self.danger else "primary",
            font_size=self.px(22),
            name="confirm_yes",
        )
        label = Label(
            box.inflate(-self.px(48), 0).move(0, self.px(30)), self.question, self.px(24), bold=True, align="center"
        )
        # "No" is focused first so Enter on a surprise dialog never destroys anything
        return [label, no, yes]

    def _yes(self) -> None:
        self.app.scenes.pop()
        self.on_yes()

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self._box(), edge="accent")
        self.ring.draw(surface)
        self.toast.draw(surface)


class MessageScene(MenuBase):
    """A titled page of text with a Back button (placeholders, notices)."""

    def __init__(self, app: App, title: str, text: str) -> None:
        super().__init__(app)
        self.title = title
        self.text = text

    def build(self, w: int, h: int) -> list[Widget]:
        width = min(w - 80, self.px(760))
        label = Label((w // 2 - width // 2, self.px(170), width, h // 2), self.text, self.px(24), align="center")
        back = Button(
            (w // 2 - self.px(120), h - self.px(110), self.px(240), self.px(56)),
            "Back",
            self.back,
            font_size=self.px(24),
            name="back",
        )
        return [label, back]


register_scene("confirm", ConfirmScene)
register_scene("message", MessageScene)
