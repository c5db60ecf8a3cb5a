"""Scenes and the scene stack (DESIGN D6; STYLE: Tuxemon's state stack).

A :class:`Scene` draws a view and turns input into engine commands; it keeps no game
state of its own beyond what it needs to draw (the engine is the source of truth).

Scenes are opened by name: a scene module registers its scene class (or any callable
``factory(app, **kwargs) -> Scene``) with :func:`register_scene` at import, and code that
opens it says ``app.scenes.push("game_over", session=session)``. So no scene module
imports another scene module. The app module imports ``game.ui.scenes.shared``, which
imports the shared scene modules (menu, new game, curtain, game over, LAN …) and so fills
the registry for every app. An unknown name raises :class:`UnknownScene` (a programming
error, never a player's).

The stack's lifecycle hooks are called by :class:`SceneManager` only (never by hand, and
nobody edits ``stack``; read it, or use :meth:`SceneManager.below`):
- ``enter()``  when pushed, or when it replaces another scene or starts a reset stack;
- ``pause()``  when another scene is pushed on top of it;
- ``resume()`` when the scene above it is popped (or removed from the top);
- ``exit()``   when popped, replaced, removed from the middle, or the stack is reset.
Each frame the app calls ``handle(event)`` on the top scene only, ``update(dt)`` on the
top scene, then ``draw(surface)`` from the lowest visible scene up (a scene with
``opaque = False`` lets the one below show through). A scene sets ``dirty`` when it must
be redrawn; the app clears it after drawing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.input import InputEvent

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)


class Scene:
    """Base class. Subclasses override the hooks they need."""

    #: False for overlays (dialogs, zoom): the scene below is drawn first.
    opaque: bool = True

    def __init__(self, app: App) -> None:
        self.app = app
        #: set to True whenever the screen must be redrawn; the app clears it after drawing
        self.dirty = True

    # lifecycle
    def enter(self) -> None:
        self.dirty = True

    def exit(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        self.dirty = True

    # frame
    def handle(self, event: InputEvent) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    @property
    def animating(self) -> bool:
        """True while something moves: the app then runs at 60 fps instead of idling."""
        return False

    def next_wake(self) -> float | None:
        """Seconds until this visible scene must update without any input (a timer of
        its own, e.g. a hover zoom about to open); None = only input changes it. The
        idle app sleeps until the earliest of these."""
        return None

    def resized(self, size: tuple[int, int]) -> None:
        """The window changed size; recompute layout rects here."""
        self.dirty = True


class UnknownScene(KeyError):
    """No scene is registered under this name."""


SceneFactory = Callable[..., Scene]

#: name -> factory(app, **kwargs); filled by the scene modules at import
_SCENES: dict[str, SceneFactory] = {}


def register_scene(name: str, factory: SceneFactory) -> SceneFactory:
    """Make ``factory`` (usually a Scene subclass) openable as ``name``. Registering the
    same factory again is a no-op (a module imported twice); another factory under a
    taken name is refused (two scenes would answer to one name)."""
    known = _SCENES.get(name)
    if (
        known is not None
        and known is not factory
        and getattr(known, "__qualname__", None) != getattr(factory, "__qualname__", object())
    ):
        raise ValueError(f"scene name {name!r} is taken by {known!r}")
    _SCENES[name] = factory
    return factory


def scene_names() -> list[str]:
    """Every registered scene name, sorted."""
    return sorted(_SCENES)


def scene_class(name: str) -> SceneFactory:
    """The factory registered as ``name`` (UnknownScene when none is)."""
    try:
        return _SCENES[name]
    except KeyError:
        raise UnknownScene(f"no scene is registered as {name!r} (known: {', '.join(scene_names())})") from None


class SceneManager:
    """A stack of scenes with push / pop / replace / reset / remove. Where a scene is
    wanted, a registered name with keyword arguments will do: the manager builds it with
    ``factory(app, **kwargs)`` (so it needs ``app``: the App passes itself)."""

    def __init__(self, app: App | None = None) -> None:
        self.app = app
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def make(self, scene: Scene | str, **kwargs: Any) -> Scene:
        """``scene`` itself, or a new scene of the registered name built with ``kwargs``."""
        if isinstance(scene, str):
            return scene_class(scene)(self.app, **kwargs)
        if kwargs:
            raise TypeError("keyword arguments go with a scene name, not a scene")
        return scene

    def push(self, scene: Scene | str, **kwargs: Any) -> Scene:
        """Put a scene (or a new scene of that name) on top; the one below is paused.
        Returns the pushed scene."""
        scene = self.make(scene, **kwargs)
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene: Scene | str, **kwargs: Any) -> Scene:
        """Swap the top scene for ``scene`` (the one below is not resumed in between)."""
        scene = self.make(scene, **kwargs)
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()
        return scene

    def reset(self, scene: Scene | str, **kwargs: Any) -> Scene:
        """Empty the stack (exiting every scene, top first) and start over with ``scene``."""
        scene = self.make(scene, **kwargs)
        while self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()
        return scene

    def remove(self, scene: Scene) -> bool:
        """Take ``scene`` off the stack wherever it is: the top is popped (the one below
        resumes); one in the middle exits and every scene left is marked dirty (what it
        covered may show now). False when it is not on the stack."""
        if scene not in self.stack:
            return False
        if self.stack[-1] is scene:
            self.pop()
            return True
        self.stack.remove(scene)
        scene.exit()
        for other in self.stack:
            other.dirty = True
        return True

    def below(self, scene: Scene) -> Scene | None:
        """The scene right under ``scene`` on the stack (None at the bottom or off it)."""
        for i, other in enumerate(self.stack):
            if other is scene:
                return self.stack[i - 1] if i > 0 else None
        return None

    def __contains__(self, scene: object) -> bool:
        return any(other is scene for other in self.stack)

    def visible(self) -> list[Scene]:
        """Scenes to draw this frame, bottom first: from the topmost opaque scene up."""
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        return self.stack[start:]

    def find(self, kind: type | str) -> Scene | None:
        """The topmost scene of class ``kind``, or of the class registered as ``kind``."""
        if isinstance(kind, str):
            factory = scene_class(kind)
            if not isinstance(factory, type):
                return None
            kind = factory
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None
