"""Settings ("settings"): window size, full screen, sound volume, animation speed.
Each change applies at once and is saved in the user data folder (game.ui.settings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import sound
from game.ui.display import desktop_size
from game.ui.scene import register_scene
from game.ui.scenes.menu_base import MenuBase
from game.ui.settings import SPEEDS, Settings, load_settings, save_settings, window_sizes_for
from game.ui.widgets import Button, Checkbox, Label, Stepper, Widget, colour, draw_panel, draw_text

if TYPE_CHECKING:
    from game.ui.app import App


def current_settings(app: App) -> Settings:
    settings = getattr(app, "settings", None)
    if settings is None:
        settings = app.settings = load_settings()
    return settings


def apply_volume(volume: int) -> None:
    """Sound follows the volume setting wherever sounds are played from the mixer."""
    sound.set_volume(volume)  # the effects (game.ui.sound): pygame resets channel volumes per play
    try:
        if pygame.mixer.get_init():
            pygame.mixer.music.set_volume(volume / 100)
            for ch in range(pygame.mixer.get_num_channels()):
                pygame.mixer.Channel(ch).set_volume(volume / 100)
    except pygame.error:
        pass


class SettingsScene(MenuBase):
    title = "Settings"
    subtitle = "Saved as you change them"

    def _panel(self) -> pygame.Rect:
        w, h = self.app.size
        pw = min(w - 60, self.px(700))
        return pygame.Rect(w // 2 - pw // 2, self.px(150), pw, self.px(330))

    def build(self, w: int, h: int) -> list[Widget]:
        s = current_settings(self.app)
        panel = self._panel()
        x0 = panel.x + self.px(30)
        fx = x0 + self.px(260)
        sw = min(self.px(300), panel.right - fx - self.px(30))
        row = self.px(70)
        y = panel.y + self.px(24)
        fs = self.px(22)
        # only sizes that fit this desktop, the window's own size among them
        sizes = window_sizes_for(desktop_size(), tuple(self.app.windowed_size))
        self._sizes = sizes
        current = tuple(self.app.windowed_size)
        size_index = sizes.index(current) if current in sizes else len(sizes) - 1
        speeds = list(SPEEDS)
        if s.animation_speed not in speeds:
            speeds = sorted(speeds + [s.animation_speed])
        self._speeds = speeds
        widgets: list[Widget] = [
            Label((x0, y + self.px(12), fx - x0, row), "Window size", fs, col="text_dim"),
            Stepper(
                (fx, y, sw, self.px(50)),
                size_index,
                0,
                len(sizes) - 1,
                fmt=lambda i: f"{sizes[i][0]} × {sizes[i][1]}",
                on_change=self.set_size,
                font_size=fs,
                name="window_size",
            ),
            Label((x0, y + row + self.px(12), fx - x0, row), "Full screen (F11)", fs, col="text_dim"),
            Checkbox(
                (fx, y + row, sw, self.px(50)),
                "On" if self.app.fullscreen else "Off",  # what the screen does (F11 toggles it too)
                self.app.fullscreen,
                on_change=self.set_fullscreen,
                font_size=fs,
                name="fullscreen",
            ),
            Label((x0, y + 2 * row + self.px(12), fx - x0, row), "Sound volume", fs, col="text_dim"),
            Stepper(
                (fx, y + 2 * row, sw, self.px(50)),
                s.volume,
                0,
                100,
                step=10,
                fmt=lambda v: f"{v}%",
                on_change=self.set_volume,
                font_size=fs,
                name="volume",
            ),
            Label((x0, y + 3 * row + self.px(12), fx - x0, row), "Animation speed", fs, col="text_dim"),
            Stepper(
                (fx, y + 3 * row, sw, self.px(50)),
                speeds.index(s.animation_speed),
                0,
                len(speeds) - 1,
                fmt=lambda i: f"{speeds[i]}%",
                on_change=self.set_speed,
                font_size=fs,
                name="speed",
            ),
        ]
        bw, bh = self.px(220), self.px(56)
        widgets.append(
            Button(
                (w // 2 - bw // 2, h - bh - self.px(30), bw, bh), "Back", self.back, font_size=self.px(24), name="back"
            )
        )
        return widgets

    def _store(self, settings: Settings) -> None:
        self.app.settings = settings
        if not save_settings(settings):
            self.say("Settings could not be saved (the folder is not writable).", "error")
        self.dirty = True

    def set_size(self, index: int) -> None:
        """Resize the window where it stands; saved only when the window really has that
        size and it fits the screen (a size that did not fit is never remembered)."""
        w, h = self._sizes[index]
        if self.app.set_window_size((w, h)):
            self._store(current_settings(self.app).with_(window_w=w, window_h=h))
        else:
            got = self.app.windowed_size
            self.say(f"{w} × {h} does not fit this screen; the window stays {got[0]} × {got[1]}.", "error")
        self.rebuild()

    def set_fullscreen(self, on: bool) -> None:
        self._store(current_settings(self.app).with_(fullscreen=on))
        if on != self.app.fullscreen:
            self.app.toggle_fullscreen()
        self.rebuild()

    def set_volume(self, volume: int) -> None:
        self._store(current_settings(self.app).with_(volume=volume))
        apply_volume(volume)
        sound.play("click")  # so the player hears the new level at once

    def set_speed(self, index: int) -> None:
        self._store(current_settings(self.app).with_(animation_speed=self._speeds[index]))

    def draw_extra(self, surface: pygame.Surface) -> None:
        panel = self._panel()
        draw_panel(surface, panel)
        s = current_settings(self.app)
        draw_text(
            surface,
            f"Bots wait {s.bot_delay:.1f} s before each move at this speed.",
            (panel.centerx, panel.bottom + self.px(16)),
            self.px(18),
            colour("text_dim"),
            anchor="midtop",
        )


register_scene("settings", SettingsScene)
