"""Card sprites and the drag-and-drop machinery shared by every table scene (DESIGN D6).

Sprites only *draw* a view (STYLE: arcade's card tutorial): a :class:`CardSprite` knows
which card id it shows and where it rests; it never holds game state. The table scene
rebuilds its sprites from ``source.view()`` whenever the revision changes.

:class:`DragDrop` picks the top card under the pointer with
``LayeredUpdates.get_sprites_at(pos)[-1]``, lifts it with ``move_to_front`` while it is
dragged, remembers where it came from, and snaps it back with a short animation when
the scene refuses the drop. A press and release without real movement is a *click*,
so every drag action also has a click path.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

#: pixels the pointer must travel before a press becomes a drag (else it is a click)
DRAG_THRESHOLD = 6
SNAP_SECONDS = 0.18


def ease_out(t: float) -> float:
    """Cubic ease-out: fast start, gentle landing (0..1 -> 0..1)."""
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Tween:
    """A position animation from ``start`` to ``end`` over ``duration`` seconds."""

    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    elapsed: float = 0.0
    delay: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def step(self, dt: float) -> tuple[int, int]:
        self.elapsed += dt
        t = ease_out((self.elapsed - self.delay) / self.duration) if self.duration > 0 else 1.0
        if self.elapsed < self.delay:
            t = 0.0
        return (
            round(self.start[0] + (self.end[0] - self.start[0]) * t),
            round(self.start[1] + (self.end[1] - self.start[1]) * t),
        )


class CardSprite(pygame.sprite.Sprite):
    """One card on the table. ``home`` is the top-left corner it rests at."""

    def __init__(
        self,
        card_id: str | None,
        image: pygame.Surface,
        home: tuple[int, int],
        draggable: bool = True,
        zone: str = "hand",
    ) -> None:
        super().__init__()
        self.card_id = card_id
        self.image = image
        self.rect = image.get_rect(topleft=home)
        self.home = home
        self.draggable = draggable
        self.zone = zone
        self.tween: Tween | None = None
        #: called once when the current tween ends (e.g. remove a card that flew to a pile)
        self.on_arrive: Callable[[CardSprite], None] | None = None

    @property
    def moving(self) -> bool:
        return self.tween is not None

    def fly_to(
        self,
        pos: tuple[int, int],
        duration: float,
        delay: float = 0.0,
        on_arrive: Callable[[CardSprite], None] | None = None,
    ) -> None:
        self.tween = Tween(self.rect.topleft, pos, duration, delay=delay)
        self.on_arrive = on_arrive

    def update(self, dt: float = 0.0) -> None:
        if self.tween is None:
            return
        self.rect.topleft = self.tween.step(dt)
        if self.tween.done:
            self.rect.topleft = self.tween.end
            self.tween = None
            done, self.on_arrive = self.on_arrive, None
            if done is not None:
                done(self)


class DragDrop:
    """Press / move / release handling over a ``LayeredUpdates`` group of card sprites.

    The scene calls :meth:`press`, :meth:`move` and :meth:`release` with pointer
    positions. ``release`` returns ``("drop", sprite, pos)`` after a drag,
    ``("click", sprite, pos)`` after a press without movement on a card, or None.
    The scene then either accepts the drop (and rebuilds from the new view) or calls
    :meth:`snap_back`.
    """

    def __init__(self, group: pygame.sprite.LayeredUpdates) -> None:
        self.group = group
        self.held: CardSprite | None = None
        self.dragging = False
        self.origin: tuple[int, int] = (0, 0)
        self.grab_offset: tuple[int, int] = (0, 0)
        self.press_pos: tuple[int, int] = (0, 0)

    def top_card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        hits = [s for s in self.group.get_sprites_at(pos) if isinstance(s, CardSprite)]
        return hits[-1] if hits else None

    def press(self, pos: tuple[int, int]) -> CardSprite | None:
        sprite = self.top_card_at(pos)
        if sprite is None or not sprite.draggable:
            self.held = None
            return sprite
        if sprite.moving:  # caught in flight (snapping home, a re-laid hand): it stops here
            sprite.tween, sprite.on_arrive = None, None
        self.held = sprite
        self.dragging = False
        self.origin = sprite.home
        self.press_pos = pos
        self.grab_offset = (pos[0] - sprite.rect.x, pos[1] - sprite.rect.y)
        return sprite

    def move(self, pos: tuple[int, int]) -> bool:
        """Follow the pointer; True when a drag is in progress (the screen must redraw)."""
        if self.held is None:
            return False
        if not self.dragging:
            dx, dy = pos[0] - self.press_pos[0], pos[1] - self.press_pos[1]
            if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                return False
            self.dragging = True
            self.group.move_to_front(self.held)
        self.held.rect.topleft = (pos[0] - self.grab_offset[0], pos[1] - self.grab_offset[1])
        return True

    def release(self, pos: tuple[int, int]) -> tuple[str, CardSprite, tuple[int, int]] | None:
        sprite, dragging = self.held, self.dragging
        self.held, self.dragging = None, False
        if sprite is None:
            return None
        return ("drop" if dragging else "click", sprite, pos)

    def cancel(self) -> None:
        """Abort a drag (Esc, a curtain, a new view): the card goes home."""
        if self.held is not None and self.dragging:
            self.snap_back(self.held)
        self.held, self.dragging = None, False

    @staticmethod
    def snap_back(sprite: CardSprite) -> None:
        sprite.fly_to(sprite.home, SNAP_SECONDS)
